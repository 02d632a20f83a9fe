"""`advisor kb build`: documents -> chunks -> ChromaDB (dense) + BM25 (lexical) under data_dir.

Layout of `<data_dir>/kb/`:

    manifest.json   what was indexed: per document its sha256 and chunk ids, the embedder
    chunks.json     every chunk (text and metadata), in document order
    chroma/         persistent ChromaDB collection "knowledge" (cosine), our own vectors
    lexical/        bm25s index over the same chunks

Incremental: a document whose file hash is unchanged is not re-embedded; a changed one
has its chunks deleted and re-embedded; a removed one has its chunks deleted. The
lexical index is rebuilt from chunks.json (milliseconds). The manifest is written last,
atomically, so an interrupted build is repaired by the next one. A missing or corrupt
index is reported and rebuilt from the documents; nothing outside `kb/` is touched.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from knowledge.documents import (
    CHUNKER_VERSION,
    DOCS_DIR,
    Chunk,
    Document,
    chunk_document,
    load_documents,
)
from knowledge.embeddings import default_embedder_name
from knowledge.lexical import LexicalIndex

if TYPE_CHECKING:
    from knowledge.embeddings import Embedder

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1
COLLECTION = "knowledge"
KB_SUBDIR = "kb"
EMBED_BATCH = 16

Notify = Callable[[str], None]


class IndexCorrupt(Exception):
    """The index on disk cannot be used; the message says what is wrong."""


@dataclass(frozen=True)
class IndexPaths:
    """Where each part of the index lives under `<data_dir>/kb` (see the module docstring)."""

    root: Path

    @classmethod
    def under(cls, data_dir: Path) -> IndexPaths:
        """`<data_dir>/kb`: a build never writes outside it."""
        return cls(Path(data_dir) / KB_SUBDIR)

    @property
    def manifest(self) -> Path:
        """Written last by a build, so its absence means an unfinished one."""
        return self.root / "manifest.json"

    @property
    def chunks(self) -> Path:
        """Every chunk's text and metadata; the lexical index is rebuilt from it without
        re-embedding."""
        return self.root / "chunks.json"

    @property
    def chroma(self) -> Path:
        """The persistent ChromaDB folder: the dense vectors."""
        return self.root / "chroma"

    @property
    def lexical(self) -> Path:
        """The bm25s index folder, with the id list that aligns its scores with the chunks."""
        return self.root / "lexical"


@dataclass
class BuildReport:
    """What a build did, for `advisor kb build` and its `--json`; `problem` says why an
    existing index was thrown away."""

    index_dir: str
    documents: int
    chunks: int
    embedded_documents: list[str] = field(default_factory=list)
    embedded_chunks: int = 0
    removed_documents: list[str] = field(default_factory=list)
    rebuilt_from_scratch: bool = False
    lexical_rebuilt: bool = False
    seconds: float = 0.0
    problem: str | None = None

    @property
    def up_to_date(self) -> bool:
        """Nothing embedded, removed or rebuilt: the index already matched the documents."""
        return not (self.embedded_documents or self.removed_documents or self.lexical_rebuilt)

    def to_dict(self) -> dict[str, Any]:
        """The JSON of `advisor kb build --json`, `up_to_date` included."""
        return {**asdict(self), "up_to_date": self.up_to_date}


def _default_notify(message: str) -> None:
    log.warning("%s", message)


def _write_json_atomic(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def chunk_to_record(chunk: Chunk) -> dict[str, Any]:
    """A chunk as chunks.json stores it; `record_to_chunk` reads it back."""
    return asdict(chunk)


def record_to_chunk(record: dict[str, Any]) -> Chunk:
    """A chunk from chunks.json; a record of another shape raises TypeError, which the
    reader reports as a corrupt index."""
    return Chunk(**record)


def close_client(client: Any) -> None:
    """Release a Chroma client's shared system (its sqlite handles) for this path."""
    close = getattr(client, "close", None)
    if close is not None:
        close()


@contextmanager
def chroma_collection(paths: IndexPaths, create: bool) -> Iterator[Any]:
    """The persistent collection, with our own embeddings only (no default embedder)."""
    import chromadb
    from chromadb.config import Settings

    client = chromadb.PersistentClient(
        path=str(paths.chroma),
        settings=Settings(anonymized_telemetry=False, allow_reset=False),
    )
    try:
        if create:
            collection = client.get_or_create_collection(
                COLLECTION, embedding_function=None, metadata={"hnsw:space": "cosine"}
            )
        else:
            collection = client.get_collection(COLLECTION, embedding_function=None)
        yield collection
    finally:
        close_client(client)


def read_manifest(paths: IndexPaths) -> dict[str, Any]:
    """The manifest, or IndexCorrupt; FileNotFoundError when there is no index at all."""
    try:
        manifest = json.loads(paths.manifest.read_text("utf-8"))
    except FileNotFoundError:
        raise
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise IndexCorrupt(f"manifest.json is unreadable ({exc})") from exc
    if not isinstance(manifest, dict) or manifest.get("schema") != SCHEMA_VERSION:
        raise IndexCorrupt("manifest.json has an unknown format")
    if not isinstance(manifest.get("documents"), dict):
        raise IndexCorrupt("manifest.json lists no documents")
    return manifest


def manifest_chunk_ids(manifest: dict[str, Any]) -> list[str]:
    """Every chunk id the manifest lists, document by document."""
    return [cid for entry in manifest["documents"].values() for cid in entry["chunks"]]


def read_chunks(paths: IndexPaths, manifest: dict[str, Any]) -> list[Chunk]:
    """chunks.json, checked against the manifest; IndexCorrupt when it is unreadable or
    holds other chunks."""
    try:
        records = json.loads(paths.chunks.read_text("utf-8"))
        chunks = [record_to_chunk(record) for record in records]
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, TypeError) as exc:
        raise IndexCorrupt(f"chunks.json is missing or unreadable ({exc})") from exc
    if sorted(c.id for c in chunks) != sorted(manifest_chunk_ids(manifest)):
        raise IndexCorrupt("chunks.json does not match the manifest")
    return chunks


def check_dense(paths: IndexPaths, expected_ids: Sequence[str]) -> None:
    """IndexCorrupt unless the Chroma collection holds exactly the expected chunk ids."""
    if not paths.chroma.is_dir():
        raise IndexCorrupt("the ChromaDB folder is missing")
    try:
        with chroma_collection(paths, create=False) as collection:
            stored = collection.get(include=[])["ids"]
    except Exception as exc:  # chromadb raises its own errors for a damaged database
        raise IndexCorrupt(f"the ChromaDB collection cannot be read ({exc})") from exc
    if sorted(stored) != sorted(expected_ids):
        raise IndexCorrupt(
            f"the ChromaDB collection holds {len(stored)} chunks, the manifest {len(expected_ids)}"
        )


def check_lexical(paths: IndexPaths, expected_ids: Sequence[str]) -> LexicalIndex:
    """The lexical index, loaded and checked to hold exactly `expected_ids`, in order;
    IndexCorrupt otherwise."""
    try:
        index = LexicalIndex.load(paths.lexical)
    except Exception as exc:  # missing files, truncated arrays, bad JSON
        raise IndexCorrupt(f"the lexical index cannot be read ({exc})") from exc
    if index.ids != list(expected_ids):
        raise IndexCorrupt("the lexical index does not match the chunks")
    return index


def stale_documents(manifest: dict[str, Any], docs: Sequence[Document]) -> list[str]:
    """Ids of documents added, changed, re-chunked or removed since the last build."""
    indexed: dict[str, Any] = manifest["documents"]
    stale = {doc_id for doc_id in indexed if doc_id not in {doc.id for doc in docs}}
    for doc in docs:
        entry = indexed.get(doc.id)
        if (
            entry is None
            or entry.get("sha256") != doc.sha256
            or entry.get("chunks") != [c.id for c in chunk_document(doc)]
        ):
            stale.add(doc.id)
    return sorted(stale)


def inspect_index(paths: IndexPaths) -> tuple[dict[str, Any], list[Chunk], str | None]:
    """(manifest, chunks, lexical problem or None) of a usable index.

    FileNotFoundError: no index yet. IndexCorrupt: the manifest, the chunks or the dense
    collection is unusable (then only a rebuild helps). A damaged lexical index alone is
    returned as a problem: it is rebuilt from the chunks without re-embedding.
    """
    manifest = read_manifest(paths)
    if manifest.get("chunker") != CHUNKER_VERSION:
        raise IndexCorrupt("it was built by another version of the chunker")
    chunks = read_chunks(paths, manifest)
    check_dense(paths, manifest_chunk_ids(manifest))
    try:
        check_lexical(paths, [c.id for c in chunks])
    except IndexCorrupt as exc:
        return manifest, chunks, str(exc)
    return manifest, chunks, None


def _wipe(paths: IndexPaths) -> None:
    """Remove the knowledge index folder only (never anything else under data_dir)."""
    if paths.root.exists():
        shutil.rmtree(paths.root)


def _progress_enabled(progress: bool | None) -> bool:
    if progress is not None:
        return progress
    return sys.stderr.isatty()


def build_index(
    data_dir: Path,
    docs_dir: Path = DOCS_DIR,
    *,
    embedder: Embedder | None = None,
    rebuild: bool = False,
    progress: bool | None = None,
    notify: Notify | None = None,
) -> BuildReport:
    """Bring the index under `data_dir/kb` up to date with the documents in `docs_dir`.

    `progress=None` shows a progress bar only when stderr is a terminal. `notify`
    receives one-line messages about a missing or corrupt index (default: logging).
    """
    started = time.perf_counter()
    say = notify or _default_notify
    paths = IndexPaths.under(data_dir)
    docs = load_documents(docs_dir)
    chunks_by_doc = {doc.id: chunk_document(doc) for doc in docs}
    all_chunks = [chunk for doc in docs for chunk in chunks_by_doc[doc.id]]
    all_ids = [chunk.id for chunk in all_chunks]
    if len(set(all_ids)) != len(all_ids):
        raise ValueError("duplicate chunk ids: two sections of one document share a title")

    report = BuildReport(index_dir=str(paths.root), documents=len(docs), chunks=len(all_chunks))
    wanted_embedder = embedder.name if embedder is not None else default_embedder_name()
    manifest: dict[str, Any] | None = None
    lexical_ok = False
    if rebuild:
        _wipe(paths)
    elif paths.root.exists():
        try:
            manifest, _, lexical_problem = inspect_index(paths)
            if lexical_problem is None:
                lexical_ok = True
            else:
                say(f"knowledge base: {lexical_problem}; rebuilding the lexical index")
        except FileNotFoundError:
            report.problem = f"no manifest.json in {paths.root}"
            say(f"knowledge base: the index at {paths.root} is incomplete; rebuilding it")
        except IndexCorrupt as exc:
            report.problem = str(exc)
            say(f"knowledge base: the index at {paths.root} is damaged: {exc}; rebuilding it")
        if manifest is None:
            _wipe(paths)
    if manifest is not None and manifest.get("embedder") != wanted_embedder:
        say(
            f"knowledge base: the embedder changed ({manifest.get('embedder')} -> "
            f"{wanted_embedder}); re-embedding every document"
        )
        _wipe(paths)
        manifest = None
        lexical_ok = False

    report.rebuilt_from_scratch = manifest is None
    indexed = manifest["documents"] if manifest else {}
    changed = [
        doc
        for doc in docs
        if indexed.get(doc.id, {}).get("sha256") != doc.sha256
        or indexed[doc.id].get("chunks") != [c.id for c in chunks_by_doc[doc.id]]
    ]
    removed = sorted(set(indexed) - {doc.id for doc in docs})
    report.embedded_documents = [doc.id for doc in changed]
    report.removed_documents = removed

    if changed or removed or manifest is None:
        if changed and embedder is None:
            from knowledge.embeddings import default_embedder

            embedder = default_embedder()
        paths.root.mkdir(parents=True, exist_ok=True)
        with chroma_collection(paths, create=True) as collection:
            for doc_id in [*removed, *(doc.id for doc in changed)]:
                collection.delete(where={"doc": doc_id})
            pending = [chunk for doc in changed for chunk in chunks_by_doc[doc.id]]
            if pending:
                assert embedder is not None
                report.embedded_chunks = _embed_into(collection, pending, embedder, progress)
        lexical_ok = False

    if not lexical_ok:
        _write_json_atomic(paths.chunks, [chunk_to_record(c) for c in all_chunks])
        LexicalIndex.build(all_ids, [c.lexical_text() for c in all_chunks]).save(paths.lexical)
        report.lexical_rebuilt = True

    if report.embedded_documents or report.removed_documents or manifest is None:
        _write_json_atomic(
            paths.manifest,
            {
                "schema": SCHEMA_VERSION,
                "chunker": CHUNKER_VERSION,
                "embedder": wanted_embedder,
                "collection": COLLECTION,
                "documents": {
                    doc.id: {
                        "sha256": doc.sha256,
                        "file": doc.path.name,
                        "title": doc.title,
                        "language": doc.language,
                        "translation": doc.meta.get("translation"),
                        "chunks": [c.id for c in chunks_by_doc[doc.id]],
                    }
                    for doc in docs
                },
            },
        )
    report.seconds = round(time.perf_counter() - started, 3)
    return report


def _embed_into(
    collection: Any, chunks: Sequence[Chunk], embedder: Embedder, progress: bool | None
) -> int:
    if not chunks:
        return 0
    from tqdm import tqdm

    with tqdm(
        total=len(chunks),
        desc="embedding",
        unit="chunk",
        disable=not _progress_enabled(progress),
        file=sys.stderr,
        leave=False,
    ) as bar:
        for start in range(0, len(chunks), EMBED_BATCH):
            batch = chunks[start : start + EMBED_BATCH]
            vectors = embedder.embed_passages([c.embedding_text() for c in batch])
            collection.upsert(
                ids=[c.id for c in batch],
                embeddings=vectors,
                documents=[c.text for c in batch],
                metadatas=[
                    {
                        "doc": c.doc,
                        "title": c.title,
                        "section": c.section,
                        "section_slug": c.section_slug,
                        "index": c.index,
                        "language": c.language,
                    }
                    for c in batch
                ],
            )
            bar.update(len(batch))
    return len(chunks)
