"""Goal questions (issue 13), written before the reader was tuned for them: the goal
understood and the answer given, per field and check. `goal_questions.yaml` is the set
the reader was tuned on; `goal_holdout.yaml` was kept aside until the end."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.agent.offline.reader import Reader
from advisor.catalog.loader import Catalog, load_catalog
from tests.evals.goal_scoring import score_goals
from tests.evals.reader_scoring import load_cases

DATA = Path(__file__).parent / "data"
THRESHOLD = 0.90
# The held-out set was scored once, after the work, and never tuned on: its figures are
# reported, and it fails only on a regression below this floor.
HOLDOUT_FLOOR = 0.85


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_the_sets_are_bilingual_and_large_enough() -> None:
    tuned = load_cases(DATA / "goal_questions.yaml")
    held = load_cases(DATA / "goal_holdout.yaml")
    assert len(tuned) >= 40 and len(held) >= 10
    for cases in (tuned, held):
        russian = sum(c["language"] == "ru" for c in cases) / len(cases)
        assert 0.4 <= russian <= 0.6
    assert not {c["question"] for c in tuned} & {c["question"] for c in held}


@pytest.mark.parametrize("name", ["goal_questions", "goal_holdout"])
def test_goal_questions(name: str, catalog: Catalog, capsys: pytest.CaptureFixture[str]) -> None:
    result = score_goals(Reader(catalog), catalog, load_cases(DATA / f"{name}.yaml"))
    with capsys.disabled():
        print(result.table(f"goal questions ({name}.yaml)"))
    floor = THRESHOLD if name == "goal_questions" else HOLDOUT_FLOOR
    for group in ("all", "lang:ru", "lang:en"):
        assert result.reading.field_accuracy(group) >= floor, (group, result.reading.misses)
    assert result.answer_accuracy() >= floor, result.misses
