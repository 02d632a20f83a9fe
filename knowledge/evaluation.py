"""Retrieval quality on a labelled question set: hit@1, hit@3 and MRR by language and mode.

A question is a hit at k when one of its top-k passages comes from a section it lists as
relevant (anchor `<doc>#<section slug>`). MRR uses the first relevant passage among the
top `MRR_DEPTH` (0 when none).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from advisor.language import LANGUAGES, Language

MRR_DEPTH = 10
GROUPS: tuple[str, ...] = ("all", *LANGUAGES)


@dataclass(frozen=True)
class Question:
    """One labelled question; `relevant` lists the anchors (`<doc>#<section slug>`) that
    count as a hit."""

    id: str
    lang: Language
    kind: str
    question: str
    relevant: tuple[str, ...]


@dataclass(frozen=True)
class Scores:
    """hit@1, hit@3 and MRR of one group of `n` questions, each a fraction of 1."""

    n: int
    hit1: float
    hit3: float
    mrr: float


# A search function: (question, k) -> citation anchors of the passages, best first.
SearchFn = Callable[[str, int], Sequence[str]]


def load_questions(path: Path) -> list[Question]:
    """The question set from YAML; ids must be unique, since ranks are reported by id."""
    data: dict[str, Any] = yaml.safe_load(path.read_text("utf-8"))
    questions = [
        Question(
            id=str(item["id"]),
            lang=item["lang"],
            kind=str(item["kind"]),
            question=str(item["question"]),
            relevant=tuple(item["relevant"]),
        )
        for item in data["questions"]
    ]
    ids = [q.id for q in questions]
    if len(set(ids)) != len(ids):
        raise ValueError("question ids must be unique")
    return questions


def first_relevant_rank(anchors: Sequence[str], relevant: Sequence[str]) -> int | None:
    """1-based rank of the first relevant anchor, or None."""
    wanted = set(relevant)
    for rank, anchor in enumerate(anchors, start=1):
        if anchor in wanted:
            return rank
    return None


def evaluate(
    search: SearchFn, questions: Sequence[Question]
) -> tuple[dict[str, Scores], dict[str, int | None]]:
    """Scores per group ("all", "ru", "en") and the first relevant rank of each question."""
    ranks: dict[str, int | None] = {}
    for question in questions:
        ranks[question.id] = first_relevant_rank(
            search(question.question, MRR_DEPTH), question.relevant
        )
    scores: dict[str, Scores] = {}
    for group in GROUPS:
        members = [q for q in questions if group in ("all", q.lang)]
        if not members:
            continue
        found = [ranks[q.id] for q in members]
        n = len(members)
        scores[group] = Scores(
            n=n,
            hit1=sum(1 for r in found if r is not None and r <= 1) / n,
            hit3=sum(1 for r in found if r is not None and r <= 3) / n,
            mrr=sum(1.0 / r for r in found if r is not None) / n,
        )
    return scores, ranks


def format_table(rows: dict[str, dict[str, Scores]]) -> str:
    """A Markdown table: one row per (variant, group)."""
    lines = [
        "| variant | questions | n | hit@1 | hit@3 | MRR |",
        "|---|---|---|---|---|---|",
    ]
    for variant, groups in rows.items():
        for group, s in groups.items():
            lines.append(
                f"| {variant} | {group} | {s.n} | {s.hit1:.3f} | {s.hit3:.3f} | {s.mrr:.3f} |"
            )
    return "\n".join(lines)
