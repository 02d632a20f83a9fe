"""Retrieval quality on our labelled questions: the knowledge base's evaluation (issue 3).

Prints hit@1, hit@3 and MRR per language for dense-only, lexical-only and hybrid retrieval
(run with -s to see the table), and fails when hybrid retrieval drops below hit@3 0.9
overall or 0.85 on the English questions.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from knowledge.evaluation import Scores, evaluate, format_table, load_questions
from knowledge.retrieval import MODES, KnowledgeBase

QUESTIONS = load_questions(Path(__file__).parent / "data" / "kb_questions.yaml")


@pytest.fixture(scope="module")
def kb(kb_data_dir: Path) -> KnowledgeBase:
    return KnowledgeBase.open(kb_data_dir, auto_build=False)


@pytest.fixture(scope="module")
def scores(kb: KnowledgeBase) -> dict[str, dict[str, Scores]]:
    table: dict[str, dict[str, Scores]] = {}
    for mode in MODES:
        table[mode], _ = evaluate(
            lambda q, k, mode=mode: [p.anchor for p in kb.search(q, k, mode=mode)], QUESTIONS
        )
    print("\n" + format_table(table))
    return table


def test_the_set_is_big_balanced_and_cross_lingual() -> None:
    assert len(QUESTIONS) >= 40
    ru = [q for q in QUESTIONS if q.lang == "ru"]
    en = [q for q in QUESTIONS if q.lang == "en"]
    assert abs(len(ru) - len(en)) <= 2
    assert any(q.kind == "article" for q in en), "English questions answered by the Russian article"
    assert any(q.kind == "explainer" for q in QUESTIONS)


def test_every_labelled_anchor_exists(kb: KnowledgeBase) -> None:
    anchors = {chunk.anchor for chunk in kb.chunks}
    missing = {a for q in QUESTIONS for a in q.relevant if a not in anchors}
    assert not missing


def test_hybrid_retrieval_meets_the_bar(scores: dict[str, dict[str, Scores]]) -> None:
    hybrid = scores["hybrid"]
    assert hybrid["all"].hit3 >= 0.9, format_table({"hybrid": hybrid})
    assert hybrid["en"].hit3 >= 0.85, format_table({"hybrid": hybrid})


def test_hybrid_is_no_worse_than_either_part(scores: dict[str, dict[str, Scores]]) -> None:
    """Fusion must earn its place: at least the better single retriever's MRR overall."""
    best_single = max(scores["dense"]["all"].mrr, scores["lexical"]["all"].mrr)
    assert scores["hybrid"]["all"].mrr >= best_single - 0.02
