"""Offline reading of our labelled `advisor ask` questions: exact match per field and overall.

Each case is read as the service reads it: a conversation's turns one after another, each
with the request (or the draft awaiting a model) of the turn before. A question matches
when every field it expects matches; the test prints the rates and fails below 90%.
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from advisor.agent.offline.reader import Reader, Reading
from advisor.catalog.loader import load_catalog

DATA = Path(__file__).parent / "data" / "ask_questions.yaml"
THRESHOLD = 0.90


def _cases() -> list[dict[str, Any]]:
    data = yaml.safe_load(DATA.read_text("utf-8"))
    cases: list[dict[str, Any]] = data["cases"]
    return cases


def _turns(case: dict[str, Any]) -> list[dict[str, Any]]:
    turns: list[dict[str, Any]] = case.get("turns") or [case]
    return turns


def _expected_intent(turn: dict[str, Any]) -> str:
    return str(turn.get("intent", "size"))


def _checks(turn: dict[str, Any], reading: Reading) -> dict[str, bool]:
    """Field name -> whether the reading got it right, for the fields this turn decides."""
    checks = {"intent": reading.intent == _expected_intent(turn)}
    if turn.get("clarify"):
        checks["clarify"] = reading.clarification is not None and reading.request is None
        return checks
    request = reading.request or {}
    for name, value in (turn.get("expect") or {}).items():
        got = request.get(name)
        if isinstance(value, int | float) and isinstance(got, int | float):
            checks[name] = float(got) == float(value)
        else:
            checks[name] = got == value
    return checks


def test_the_labelled_set_is_large_and_bilingual() -> None:
    turns = [(case["id"], turn) for case in _cases() for turn in _turns(case)]
    assert len(turns) >= 70
    russian = sum(1 for case_id, _ in turns if case_id.startswith("ru"))
    assert 0.35 <= russian / len(turns) <= 0.65
    assert len({case["id"] for case in _cases()}) == len(_cases())


def test_offline_reading_exact_match_rate(capsys: pytest.CaptureFixture[str]) -> None:
    reader = Reader(load_catalog())
    hits: Counter[str] = Counter()
    totals: Counter[str] = Counter()
    matched = 0
    questions = 0
    misses: list[str] = []
    for case in _cases():
        previous: dict[str, Any] | None = None
        for number, turn in enumerate(_turns(case), 1):
            reading = reader.read(turn["question"], previous)
            previous = reading.request or reading.draft or previous
            checks = _checks(turn, reading)
            for name, ok in checks.items():
                totals[name] += 1
                hits[name] += ok
            questions += 1
            if all(checks.values()):
                matched += 1
            else:
                wrong = sorted(name for name, ok in checks.items() if not ok)
                misses.append(f"{case['id']}#{number}: {', '.join(wrong)} ({turn['question']})")
    overall = matched / questions
    with capsys.disabled():
        print(f"\noffline reading: {matched}/{questions} questions match exactly ({overall:.1%})")
        for name in sorted(totals):
            print(f"  {name:15} {hits[name]:3}/{totals[name]:<3} {hits[name] / totals[name]:.1%}")
        for miss in misses:
            print(f"  miss {miss}")
    assert overall >= THRESHOLD, "\n".join(misses)
