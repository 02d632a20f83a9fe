"""Retrieval through its three faces: the Python API, the LangChain retriever and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.cli.main import main
from knowledge.retrieval import KnowledgeBase, KnowledgeBaseError

PASSAGE_KEYS = {"id", "doc", "title", "section", "language", "text", "score"}


@pytest.fixture(scope="module")
def kb(kb_data_dir: Path) -> KnowledgeBase:
    return KnowledgeBase.open(kb_data_dir, auto_build=False)


def test_an_english_question_finds_the_russian_article(kb: KnowledgeBase) -> None:
    passages = kb.search("Why can't I just add up the memory of two GPUs?", 5, language="ru")
    assert passages and all(p.language == "ru" for p in passages)
    assert any(p.doc == "article-ru" for p in passages)


def test_passages_carry_title_section_and_anchor(kb: KnowledgeBase) -> None:
    passage = kb.search("what is the KV cache", 1)[0]
    assert passage.title and passage.section and passage.text
    assert passage.anchor.startswith(f"{passage.doc}#")
    assert passage.anchor in passage.citation()
    assert set(passage.to_dict()) >= PASSAGE_KEYS


def test_filters_by_document_and_scores_descend(kb: KnowledgeBase) -> None:
    passages = kb.search("NVMe и оперативная память сервера", 5, doc="server-beyond-gpu-ru")
    assert {p.doc for p in passages} == {"server-beyond-gpu-ru"}
    scores = [p.score for p in passages]
    assert scores == sorted(scores, reverse=True)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"query": "  "}, "empty"),
        ({"query": "kv", "k": 0}, "k must be"),
        ({"query": "kv", "language": "de"}, "language must be"),
        ({"query": "kv", "doc": "nope"}, "unknown document"),
    ],
)
def test_bad_searches_say_what_to_fix(kb: KnowledgeBase, kwargs: dict, message: str) -> None:
    query = kwargs.pop("query")
    with pytest.raises(KnowledgeBaseError, match=message):
        kb.search(query, **kwargs)


def test_langchain_retriever_returns_documents_with_metadata(kb_data_dir: Path) -> None:
    from knowledge.langchain_retriever import as_retriever

    retriever = as_retriever(KnowledgeBase.open(kb_data_dir, auto_build=False), k=3)
    docs = retriever.invoke("сколько видеопамяти нужно для дообучения")
    assert len(docs) == 3
    assert {"id", "title", "section", "language", "score"} <= set(docs[0].metadata)


def test_cli_search_json_shape(kb_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["kb", "search", "NVLink или PCIe", "-k", "3", "--json", "--data-dir", str(kb_data_dir)]
    )
    assert code == 0
    passages = json.loads(capsys.readouterr().out)
    assert len(passages) == 3
    assert all(set(p) == PASSAGE_KEYS for p in passages)
    assert all(isinstance(p["score"], float) for p in passages)


def test_cli_search_plain_text_cites(kb_data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kb", "search", "QLoRA", "-k", "2", "--data-dir", str(kb_data_dir)]) == 0
    out = capsys.readouterr().out
    assert "#" in out and "QLoRA" in out


@pytest.mark.parametrize("argv", [["-k", "0"], ["-k", "x"], ["--lang", "de"]])
def test_cli_bad_flags_are_one_line_exit_2(
    kb_data_dir: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code = main(["kb", "search", "kv", *argv, "--data-dir", str(kb_data_dir)])
    assert code == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err


def test_a_long_question_embeds_only_its_beginning() -> None:
    """A 4000-character paste costs what 400 characters cost, not 20 times more."""
    import numpy as np

    from knowledge.embeddings import MAX_QUERY_CHARS, default_embedder

    embedder = default_embedder()
    head = ("How many GPUs for Llama 3.1 70B with 20 users? " * 20)[:MAX_QUERY_CHARS]
    long_question = head + " and then a very long tail of pasted text" * 90
    assert np.allclose(embedder.embed_query(long_question), embedder.embed_query(head))
    assert not np.allclose(embedder.embed_query(head[:100]), embedder.embed_query(head))
