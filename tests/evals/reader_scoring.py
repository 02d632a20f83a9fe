"""Scores the offline reader against labelled questions written without looking at it.

A case lists every field its question states and only those (`expect`); a field the
reader states that the case does not list is a mistake too (a dataset size read as a
context). Each field is scored over the cases where the label or the reading has it;
`model` is right when the reading names that model, or, for an ambiguous name
(`clarify`), asks back with the same most likely candidate first, or, for a model the
catalog lacks (`unknown`), asks back without substituting one.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from advisor.agent.offline.reader import Reader, Reading

# Fields of the labels that the reading's `stated` dict carries under the same name.
STATED_FIELDS = (
    "task",
    "gpu",
    "gpus",
    "owned",
    "precision",
    "kv_precision",
    "context",
    "seq_len",
    "users",
    "headcount",
    "requests_per_s",
    "dataset_examples",
    "dataset_tokens",
    "epochs",
    "lora_rank",
    "engine",
    "budget",
    "use_case",
    "wants",
    "ttft_s",
    "tokens_per_s",
    # issue 14
    "bits_per_weight",
    "expert_offload_layers",
    "tensor_parallel_size",
    "activation_offload",
    "cross_entropy",
)


def load_cases(path: Path) -> list[dict[str, Any]]:
    data = yaml.safe_load(path.read_text("utf-8"))
    cases: list[dict[str, Any]] = data["cases"]
    return cases


def _same(name: str, expected: Any, got: Any) -> bool:
    """Equal as the label means it: numbers by value, `wants` as a set, GPU lists in order."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected is got
    if isinstance(expected, int | float) and isinstance(got, int | float):
        return float(expected) == float(got)
    if isinstance(expected, dict) and isinstance(got, dict):
        return set(expected) == set(got) and all(
            _same(key, value, got[key]) for key, value in expected.items()
        )
    if name == "wants" and isinstance(expected, list) and isinstance(got, list):
        return set(expected) == set(got)
    return bool(expected == got)


def _model_check(expect: dict[str, Any], reading: Reading) -> bool | None:
    """Whether the reading got the model right; None when the case names no model."""
    clarification = reading.clarification
    named = reading.stated.get("model")
    if expect.get("clarify"):
        if named is not None or clarification is None or not clarification.candidates:
            return False
        return bool(clarification.candidates[0] == expect["clarify"][0])
    if expect.get("unknown"):
        return named is None and clarification is not None and clarification.reason == "unknown"
    if "model" in expect:
        return bool(named == expect["model"])
    return None if named is None else False


@dataclass
class Score:
    """Per-field tallies and the misses, with breakdowns by language and style."""

    hits: Counter[str] = field(default_factory=Counter)
    totals: Counter[str] = field(default_factory=Counter)
    by_group: dict[str, Counter[str]] = field(default_factory=dict)
    exact: Counter[str] = field(default_factory=Counter)
    cases: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)

    def add(self, case: dict[str, Any], checks: dict[str, bool]) -> None:
        groups = ("all", f"lang:{case['language']}", f"style:{case['style']}")
        for name, ok in checks.items():
            self.totals[name] += 1
            self.hits[name] += ok
            for group in groups:
                tally = self.by_group.setdefault(group, Counter())
                tally["fields"] += 1
                tally["right"] += ok
        for group in groups:
            self.cases[group] += 1
            self.exact[group] += all(checks.values())
        if not all(checks.values()):
            wrong = ", ".join(sorted(n for n, ok in checks.items() if not ok))
            self.misses.append(f"{case['id']}: {wrong} | {case['question'][:110]}")

    def field_accuracy(self, group: str = "all") -> float:
        tally = self.by_group.get(group, Counter())
        return tally["right"] / tally["fields"] if tally["fields"] else 1.0

    def table(self, title: str) -> str:
        lines = [f"\n{title}"]
        for group in sorted(self.by_group):
            tally = self.by_group[group]
            lines.append(
                f"  {group:16} fields {tally['right']:4}/{tally['fields']:<4} "
                f"{self.field_accuracy(group):6.1%}   questions exact "
                f"{self.exact[group]:3}/{self.cases[group]:<3} "
                f"{self.exact[group] / self.cases[group]:6.1%}"
            )
        lines.append("  per field:")
        for name in sorted(self.totals):
            lines.append(
                f"    {name:18} {self.hits[name]:4}/{self.totals[name]:<4} "
                f"{self.hits[name] / self.totals[name]:6.1%}"
            )
        lines.extend(f"  miss {miss}" for miss in self.misses)
        return "\n".join(lines)


def checks_for(case: dict[str, Any], reading: Reading) -> dict[str, bool]:
    """Field -> right or wrong, over the fields the label or the reading states."""
    expect: dict[str, Any] = case["expect"]
    checks: dict[str, bool] = {"intent": reading.intent == expect["intent"]}
    checks["language"] = reading.language == case["language"]
    model = _model_check(expect, reading)
    if model is not None:
        checks["model"] = model
    for name in STATED_FIELDS:
        expected, got = expect.get(name), reading.stated.get(name)
        if expected is None and got is None:
            continue
        checks[name] = expected is not None and got is not None and _same(name, expected, got)
    if "resolved_precision" in expect:
        request = reading.request or {}
        checks["resolved_precision"] = request.get("precision") == expect["resolved_precision"]
    return checks


def score(reader: Reader, cases: list[dict[str, Any]]) -> Score:
    result = Score()
    for case in cases:
        reading = reader.read(case["question"])
        result.add(case, checks_for(case, reading))
    return result
