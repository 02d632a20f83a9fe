"""Scores goal questions end to end (issue 13): the goal understood, and the answer.

Per case: the reading's fields, as the reader eval scores them (`reader_scoring`); then,
for goal questions, the offline answer: in the question's language, its first line naming
the GPU count and GPU of the option it leads with, and options that stay within owned GPUs
and the budget. Each check is one row of the table; a case is exact when all pass.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from advisor.agent.offline.answer import lead_option
from advisor.agent.offline.reader import Reader
from advisor.agent.offline.turn import goal_wants, run_offline_turn
from advisor.catalog.loader import Catalog
from tests.evals.reader_scoring import Score, checks_for

_ANSWER_CHECKS = ("answer_language", "names_gpus", "within_owned", "within_budget")


@dataclass
class GoalScore:
    reading: Score = field(default_factory=Score)
    answers: Counter[str] = field(default_factory=Counter)
    answer_totals: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)

    def answer_accuracy(self) -> float:
        total = sum(self.answer_totals.values())
        return sum(self.answers.values()) / total if total else 1.0

    def table(self, title: str) -> str:
        lines = [self.reading.table(f"{title}: the goal understood")]
        lines.append(f"\n{title}: the answer")
        for name in _ANSWER_CHECKS:
            if self.answer_totals[name]:
                lines.append(
                    f"    {name:18} {self.answers[name]:4}/{self.answer_totals[name]:<4} "
                    f"{self.answers[name] / self.answer_totals[name]:6.1%}"
                )
        lines.append(f"    {'all answer checks':18} {self.answer_accuracy():6.1%}")
        lines.extend(f"  miss {miss}" for miss in self.misses)
        return "\n".join(lines)


def answer_checks(case: dict[str, Any], reader: Reader, catalog: Catalog) -> dict[str, bool]:
    """The offline answer to a goal question, checked against what the case states."""
    expect = case["expect"]
    turn = run_offline_turn(case["question"], reader=reader, catalog=catalog, kb=None)
    checks = {"answer_language": turn.language == case["language"]}
    result = turn.recommendation
    goal = turn.reading.goal or {}
    wants = goal_wants(turn.reading.said.wants, goal)  # what the answer led with
    lead = lead_option(result, wants) if result is not None else None
    if lead is None or result is None:
        checks["names_gpus"] = False
        return checks
    first = turn.answer.splitlines()[0]
    checks["names_gpus"] = f"{lead.gpu.count * lead.replicas} x {lead.gpu.name}" in first
    if expect.get("owned"):
        checks["within_owned"] = all(
            o.gpu.id == expect["gpu"] and o.gpu.count * o.replicas <= expect["gpus"]
            for o in result.options
        )
    budget = expect.get("budget")
    if budget and budget["currency"] in ("USD", "RUB"):
        limit = budget["amount"] / (result.rub_per_usd if budget["currency"] == "RUB" else 1)
        checks["within_budget"] = all(
            o.cost.capex_usd <= limit + 0.5 for o in result.options if o.label != "closest"
        )
    return checks


def score_goals(reader: Reader, catalog: Catalog, cases: list[dict[str, Any]]) -> GoalScore:
    result = GoalScore()
    for case in cases:
        reading = reader.read(case["question"])
        result.reading.add(case, checks_for(case, reading))
        if case["expect"]["intent"] != "recommend":
            continue
        checks = answer_checks(case, reader, catalog)
        for name, ok in checks.items():
            result.answer_totals[name] += 1
            result.answers[name] += ok
        if not all(checks.values()):
            wrong = ", ".join(sorted(n for n, ok in checks.items() if not ok))
            result.misses.append(f"{case['id']}: {wrong} | {case['question'][:100]}")
    return result
