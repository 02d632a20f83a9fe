"""The offline reader on questions written independently of it (issue 17), per field,
language and style. `reader_questions.yaml` is the set the reader was tuned on;
`reader_holdout.yaml` was kept aside until the end and is reported the same way;
`reader_catalog2_holdout.yaml` (issue 14: the models, GPUs and options added then) was
written by a helper that never read the reader's code, and scored once, after the work."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.agent.offline.reader import Reader
from advisor.catalog.loader import load_catalog
from tests.evals.reader_scoring import load_cases, score

DATA = Path(__file__).parent / "data"
THRESHOLD = 0.90
# The held-out set was scored once, after the work, and never tuned on: its figures are
# reported, and it fails only on a regression below this floor.
HOLDOUT_FLOOR = 0.85


@pytest.fixture(scope="module")
def reader() -> Reader:
    return Reader(load_catalog())


def test_the_sets_are_large_bilingual_and_half_colloquial() -> None:
    tuned = load_cases(DATA / "reader_questions.yaml")
    held = load_cases(DATA / "reader_holdout.yaml")
    assert len(tuned) >= 150 and len(held) >= 40
    for cases in (tuned, held):
        assert len({c["id"] for c in cases}) == len(cases)
        russian = sum(c["language"] == "ru" for c in cases) / len(cases)
        colloquial = sum(c["style"] == "colloquial" for c in cases) / len(cases)
        assert 0.4 <= russian <= 0.6 and 0.4 <= colloquial <= 0.6
    assert not {c["question"] for c in tuned} & {c["question"] for c in held}


@pytest.mark.parametrize("name", ["reader_questions", "reader_holdout", "reader_catalog2_holdout"])
def test_reader_field_accuracy(
    name: str, reader: Reader, capsys: pytest.CaptureFixture[str]
) -> None:
    result = score(reader, load_cases(DATA / f"{name}.yaml"))
    with capsys.disabled():
        print(result.table(f"offline reader on {name}.yaml"))
    floor = THRESHOLD if name == "reader_questions" else HOLDOUT_FLOOR
    for group in ("all", "lang:ru", "lang:en"):
        assert result.field_accuracy(group) >= floor, (group, "\n".join(result.misses))
