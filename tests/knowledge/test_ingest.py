"""Ingestion: incremental by content hash, idempotent, and self-healing on a damaged index."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from knowledge.documents import DOCS_DIR
from knowledge.ingest import IndexPaths, build_index
from knowledge.retrieval import KnowledgeBase, KnowledgeBaseError

SMALL_SET = ("glossary-en.md", "glossary-ru.md", "server-beyond-gpu-en.md")


@pytest.fixture
def docs_dir(tmp_path: Path) -> Path:
    """A small documents folder (three documents) so each build takes seconds."""
    folder = tmp_path / "docs"
    folder.mkdir()
    for name in SMALL_SET:
        shutil.copy(DOCS_DIR / name, folder / name)
    return folder


def test_second_build_embeds_nothing(tmp_path: Path, docs_dir: Path) -> None:
    data = tmp_path / "data"
    first = build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    assert sorted(first.embedded_documents) == [
        "glossary-en",
        "glossary-ru",
        "server-beyond-gpu-en",
    ]
    again = build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    assert again.up_to_date and again.embedded_chunks == 0
    assert again.chunks == first.chunks


def test_only_the_changed_document_is_re_embedded(tmp_path: Path, docs_dir: Path) -> None:
    data = tmp_path / "data"
    build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    target = docs_dir / "server-beyond-gpu-en.md"
    target.write_text(target.read_text("utf-8") + "\n\nOne more paragraph about power supplies.\n")
    report = build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    assert report.embedded_documents == ["server-beyond-gpu-en"]
    (docs_dir / "glossary-ru.md").unlink()
    report = build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    assert report.removed_documents == ["glossary-ru"] and not report.embedded_documents
    with KnowledgeBase.open(data, docs_dir, auto_build=False) as kb:
        assert set(kb.documents) == {"glossary-en", "server-beyond-gpu-en"}
        hits = kb.search("power supplies paragraph", 3)
        assert any(p.doc == "server-beyond-gpu-en" for p in hits)


@pytest.mark.parametrize("damage", ["manifest", "chroma", "lexical", "missing"])
def test_a_damaged_index_is_reported_and_rebuilt(
    tmp_path: Path, docs_dir: Path, damage: str
) -> None:
    data = tmp_path / "data"
    build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    paths = IndexPaths.under(data)
    if damage == "manifest":
        paths.manifest.write_text("{ not json", "utf-8")
    elif damage == "chroma":
        shutil.rmtree(paths.chroma)
        paths.chroma.mkdir()
    elif damage == "lexical":
        for file in paths.lexical.iterdir():
            file.write_bytes(b"garbage")
    else:
        shutil.rmtree(paths.root)

    with pytest.raises(KnowledgeBaseError, match="advisor kb build"):
        KnowledgeBase.open(data, docs_dir, auto_build=False)

    messages: list[str] = []
    with KnowledgeBase.open(data, docs_dir, notify=messages.append) as kb:
        assert messages and "knowledge base" in messages[0]
        assert kb.search("KV cache", 1)[0].doc.startswith("glossary")
    with KnowledgeBase.open(data, docs_dir, auto_build=False) as kb:  # healthy again
        assert len(kb.chunks) > 10


def test_a_bad_document_stops_the_build_and_keeps_the_index(tmp_path: Path, docs_dir: Path) -> None:
    from knowledge.documents import DocumentError

    data = tmp_path / "data"
    build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    (docs_dir / "broken-en.md").write_text("no front matter\n", "utf-8")
    with pytest.raises(DocumentError, match="broken-en.md"):
        build_index(data, docs_dir, progress=False, notify=lambda _m: None)
    (docs_dir / "broken-en.md").unlink()
    assert build_index(data, docs_dir, progress=False, notify=lambda _m: None).up_to_date
