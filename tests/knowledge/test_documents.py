"""The documents: front matter, pairs of translations, chunking with stable ids."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from advisor.language import detect_language
from knowledge.documents import (
    DOCS_DIR,
    DocumentError,
    chunk_document,
    load_documents,
    parse_document,
)

DOCS = load_documents()
EXPLAINER_TOPICS = (
    "glossary",
    "how-advisor-computes",
    "pro-vs-gaming-gpus",
    "server-beyond-gpu",
    "adoption-path",
)


def test_the_article_and_every_explainer_in_both_languages() -> None:
    ids = {doc.id for doc in DOCS}
    assert "article-ru" in ids
    for topic in EXPLAINER_TOPICS:
        assert {f"{topic}-ru", f"{topic}-en"} <= ids, topic


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.id)
def test_front_matter_and_language(doc: object) -> None:
    from knowledge.documents import Document

    assert isinstance(doc, Document)
    assert doc.title and doc.source
    assert doc.id.endswith(f"-{doc.language}")
    assert detect_language(doc.body) == doc.language


def test_the_article_says_where_it_comes_from() -> None:
    article = next(doc for doc in DOCS if doc.id == "article-ru")
    assert "article-ru.txt" in article.source or "статья" in article.source.lower()


def test_translations_point_at_each_other() -> None:
    by_id = {doc.id: doc for doc in DOCS}
    for topic in EXPLAINER_TOPICS:
        ru, en = by_id[f"{topic}-ru"], by_id[f"{topic}-en"]
        assert ru.meta.get("translation") == en.id
        assert en.meta.get("translation") == ru.id


@pytest.mark.parametrize("doc", DOCS, ids=lambda d: d.id)
def test_chunk_ids_are_document_section_index_and_stable(doc: object) -> None:
    from knowledge.documents import Document

    assert isinstance(doc, Document)
    first, again = chunk_document(doc), chunk_document(parse_document(doc.path))
    assert [c.id for c in first] == [c.id for c in again]
    assert len({c.id for c in first}) == len(first)
    for chunk in first:
        assert chunk.id == f"{doc.id}#{chunk.section_slug}-{chunk.index}"
        assert re.fullmatch(r"[a-z0-9#.-]+", chunk.id), chunk.id
        assert chunk.section and chunk.title == doc.title
        assert chunk.section in chunk.embedding_text()
        assert 0 < len(chunk.text) <= 1600


def test_editing_one_section_leaves_other_ids_alone(tmp_path: Path) -> None:
    source = DOCS_DIR / "glossary-en.md"
    copy = tmp_path / "glossary-en.md"
    text = source.read_text("utf-8")
    copy.write_text(text.replace("## LoRA", "## LoRA\n\nA new first paragraph.", 1), "utf-8")
    before = {c.id: c.text for c in chunk_document(parse_document(source))}
    after = {c.id: c.text for c in chunk_document(parse_document(copy))}
    changed = {i for i in before if before.get(i) != after.get(i)}
    assert changed, "the edit must change the LoRA section"
    assert all("#lora" in i for i in changed)


def test_missing_front_matter_is_a_clear_error(tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text("# No front matter\n\ntext\n", "utf-8")
    with pytest.raises(DocumentError, match="front matter"):
        parse_document(bad)
