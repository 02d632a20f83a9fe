"""Hybrid retrieval over the knowledge base: the one search function behind every face.

Dense (multilingual E5 through ChromaDB) finds passages across languages; lexical
(BM25 with Snowball stemming) sharpens Russian questions against Russian text, where
the stemmed words match, but an English question shares only stray loan words with a
Russian passage and lexical matching there mostly adds noise. Fusion therefore weights
the lexical score by the pair (query language, passage language): see `FUSION`.

Scores: dense is min-max normalized over the candidates of the query, lexical is divided
by the query's best BM25 score, and the fused score is their weighted sum (one passage
that is best on both gets 1 + its lexical weight). `mode="dense"` reports the cosine
similarity, `mode="lexical"` the BM25 score.

The Python API (`KnowledgeBase.search`), the LangChain retriever and tool
(`knowledge.langchain_retriever`) and `advisor kb search` all call `KnowledgeBase.search`.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from advisor.language import LANGUAGES, Language, detect_language
from knowledge.documents import DOCS_DIR, Chunk
from knowledge.ingest import (
    COLLECTION,
    IndexCorrupt,
    IndexPaths,
    Notify,
    build_index,
    close_client,
    inspect_index,
    stale_documents,
)
from knowledge.lexical import LexicalIndex

if TYPE_CHECKING:
    from knowledge.embeddings import Embedder

log = logging.getLogger(__name__)

Mode = Literal["hybrid", "dense", "lexical"]
MODES: tuple[Mode, ...] = ("hybrid", "dense", "lexical")
DENSE_POOL = 60  # dense candidates fetched from Chroma before fusion
MAX_K = 50


@dataclass(frozen=True)
class Fusion:
    """Weights of the hybrid score: dense + lexical[(query language, passage language)]."""

    dense: float = 1.0
    lexical: Mapping[tuple[str, str], float] = field(default_factory=lambda: {("ru", "ru"): 0.5})

    def lexical_weight(self, query_language: str, passage_language: str) -> float:
        """0 for a pair not listed: the lexical score then does not count at all."""
        return self.lexical.get((query_language, passage_language), 0.0)


FUSION = Fusion()


class KnowledgeBaseError(Exception):
    """Bad search input or an index that cannot be used; the message is for the user."""


@dataclass(frozen=True)
class Passage:
    """One retrieved passage, with what a citation needs."""

    id: str
    doc: str
    title: str
    section: str
    language: Language
    text: str
    score: float
    anchor: str  # "<doc id>#<section slug>": cite as `[title, section](anchor)`

    def to_dict(self) -> dict[str, Any]:
        """The JSON shape of `advisor kb search --json`."""
        return {
            "id": self.id,
            "doc": self.doc,
            "title": self.title,
            "section": self.section,
            "language": self.language,
            "text": self.text,
            "score": round(self.score, 4),
        }

    def citation(self) -> str:
        """How a passage is cited in text: title, section and anchor."""
        return f"{self.title} — {self.section} [{self.anchor}]"


class KnowledgeBase:
    """An opened index: chunks, the lexical index and the Chroma collection, kept open."""

    def __init__(
        self,
        paths: IndexPaths,
        manifest: dict[str, Any],
        chunks: Sequence[Chunk],
        lexical: LexicalIndex,
        embedder: Embedder | None = None,
        fusion: Fusion = FUSION,
    ) -> None:
        import chromadb
        from chromadb.config import Settings

        self.paths = paths
        self.fusion = fusion
        self._manifest = manifest
        self._chunks = list(chunks)
        self._position = {chunk.id: i for i, chunk in enumerate(self._chunks)}
        self._lexical = lexical
        if lexical.ids != [c.id for c in self._chunks]:
            raise IndexCorrupt("the lexical index does not match the chunks")
        self._languages = np.array([c.language for c in self._chunks])
        self._docs = np.array([c.doc for c in self._chunks])
        self._content_key = _content_keys(manifest, self._chunks)
        self._embedder = embedder
        self._client = chromadb.PersistentClient(
            path=str(paths.chroma), settings=Settings(anonymized_telemetry=False)
        )
        self._collection = self._client.get_collection(COLLECTION, embedding_function=None)

    # ---- opening ----------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        data_dir: Path,
        docs_dir: Path = DOCS_DIR,
        *,
        embedder: Embedder | None = None,
        auto_build: bool = True,
        notify: Notify | None = None,
        fusion: Fusion = FUSION,
    ) -> KnowledgeBase:
        """Open the index under `data_dir/kb`, building or repairing it when needed.

        With `auto_build` a missing, damaged or out-of-date index is (re)built from
        `docs_dir` after a one-line message to `notify`; without it KnowledgeBaseError.
        """
        say = notify or (lambda message: log.warning("%s", message))
        paths = IndexPaths.under(data_dir)
        problem: str | None = None
        try:
            manifest, _, lexical_problem = inspect_index(paths)
            if lexical_problem:
                problem = f"the lexical index is damaged ({lexical_problem})"
            else:
                from knowledge.documents import load_documents

                stale = stale_documents(manifest, load_documents(docs_dir))
                if stale:
                    problem = f"documents changed since the last build ({', '.join(stale)})"
        except FileNotFoundError:
            problem = f"no knowledge-base index at {paths.root}"
        except IndexCorrupt as exc:
            problem = f"the knowledge-base index at {paths.root} is damaged: {exc}"
        if problem is not None:
            if not auto_build:
                raise KnowledgeBaseError(f"{problem}; run `advisor kb build`")
            say(f"knowledge base: {problem}; building it from {docs_dir}")
            build_index(data_dir, docs_dir, embedder=embedder, notify=say)
        manifest, chunks, lexical_problem = inspect_index(paths)
        if lexical_problem:
            raise KnowledgeBaseError(f"the lexical index is unusable: {lexical_problem}")
        lexical = LexicalIndex.load(paths.lexical)
        return cls(paths, manifest, chunks, lexical, embedder=embedder, fusion=fusion)

    def close(self) -> None:
        """Release the Chroma client (its sqlite handles); leaving `with` does it too."""
        close_client(self._client)

    def __enter__(self) -> KnowledgeBase:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ---- what is indexed --------------------------------------------------------------

    @property
    def documents(self) -> dict[str, dict[str, Any]]:
        """Indexed documents: id -> {title, language, file, chunks...}."""
        docs: dict[str, dict[str, Any]] = self._manifest["documents"]
        return docs

    @property
    def chunks(self) -> list[Chunk]:
        """Every indexed chunk, in document order (a copy)."""
        return list(self._chunks)

    @property
    def embedder(self) -> Embedder:
        """The query embedder, loaded on the first dense search: opening the index does not
        load the model."""
        if self._embedder is None:
            from knowledge.embeddings import default_embedder

            self._embedder = default_embedder()
        return self._embedder

    # ---- the search function ----------------------------------------------------------

    def search(
        self,
        query: str,
        k: int = 5,
        *,
        language: str | None = None,
        doc: str | None = None,
        mode: Mode = "hybrid",
        collapse_translations: bool = True,
    ) -> list[Passage]:
        """The k best passages for `query`, best first.

        `language` ("ru"/"en") and `doc` (a document id) filter the passages.
        `collapse_translations` keeps only the best of a section and its translation,
        so the k passages say k different things.
        """
        query = (query or "").strip()
        if not query:
            raise KnowledgeBaseError("the question is empty")
        if not 1 <= k <= MAX_K:
            raise KnowledgeBaseError(f"k must be between 1 and {MAX_K}")
        if mode not in MODES:
            raise KnowledgeBaseError(f"mode must be one of {', '.join(MODES)}")
        if language is not None and language not in LANGUAGES:
            raise KnowledgeBaseError(f"language must be one of {', '.join(LANGUAGES)}")
        if doc is not None and doc not in self.documents:
            raise KnowledgeBaseError(
                f"unknown document {doc!r}; known: {', '.join(sorted(self.documents))}"
            )
        mask = np.ones(len(self._chunks), dtype=bool)
        if language is not None:
            mask &= self._languages == language
        if doc is not None:
            mask &= self._docs == doc
        if not mask.any():
            return []

        scores = self._scores(query, mask, mode)
        order = [int(i) for i in np.argsort(-scores, kind="stable") if mask[i]]
        picked: list[int] = []
        seen: dict[str, set[str]] = {}  # section key -> documents already picked from
        for i in order:
            key, doc_id = self._content_key[i], self._chunks[i].doc
            if collapse_translations and seen.get(key, {doc_id}) != {doc_id}:
                continue  # the same section of the translation is already in the results
            seen.setdefault(key, set()).add(doc_id)
            picked.append(i)
            if len(picked) == k:
                break
        return [self._passage(i, float(scores[i])) for i in picked]

    def _dense_similarities(self, query: str, mask: npt.NDArray[np.bool_]) -> npt.NDArray[Any]:
        """Cosine similarity for the dense candidates; NaN for chunks outside the pool."""
        vector = self.embedder.embed_query(query)
        where = self._where(mask)
        result = self._collection.query(
            query_embeddings=vector.reshape(1, -1),
            n_results=int(min(DENSE_POOL, mask.sum())),
            where=where,
            include=["distances"],
        )
        distances = result["distances"]
        assert distances is not None  # asked for in `include`
        similarity = np.full(len(self._chunks), np.nan)
        for chunk_id, distance in zip(result["ids"][0], distances[0], strict=True):
            similarity[self._position[chunk_id]] = 1.0 - float(distance)
        return similarity

    def _where(self, mask: npt.NDArray[np.bool_]) -> dict[str, Any] | None:
        if mask.all():
            return None
        languages = sorted(set(self._languages[mask].tolist()))
        docs = sorted(set(self._docs[mask].tolist()))
        clauses: list[dict[str, Any]] = []
        if len(languages) == 1:
            clauses.append({"language": languages[0]})
        clauses.append({"doc": {"$in": docs}} if len(docs) > 1 else {"doc": docs[0]})
        return clauses[0] if len(clauses) == 1 else {"$and": clauses}

    def _scores(self, query: str, mask: npt.NDArray[np.bool_], mode: Mode) -> npt.NDArray[Any]:
        if mode == "lexical":
            return np.where(mask, self._lexical.scores(query), 0.0)
        dense = self._dense_similarities(query, mask)
        if mode == "dense":
            return np.where(np.isnan(dense), -1.0, dense)
        present = dense[~np.isnan(dense)]
        low, high = float(present.min()), float(present.max())
        spread = high - low if high > low else 1.0
        dense_norm = np.where(np.isnan(dense), 0.0, (dense - low) / spread)
        lexical = np.where(mask, self._lexical.scores(query), 0.0)
        best = float(lexical.max())
        lexical_norm = lexical / best if best > 0 else lexical
        query_language = detect_language(query)
        weights = np.array(
            [self.fusion.lexical_weight(query_language, lang) for lang in self._languages]
        )
        fused: npt.NDArray[Any] = self.fusion.dense * dense_norm + weights * lexical_norm
        return fused

    def _passage(self, i: int, score: float) -> Passage:
        chunk = self._chunks[i]
        return Passage(
            id=chunk.id,
            doc=chunk.doc,
            title=chunk.title,
            section=chunk.section,
            language=chunk.language,
            text=chunk.text,
            score=score,
            anchor=chunk.anchor,
        )


def _content_keys(manifest: dict[str, Any], chunks: Sequence[Chunk]) -> list[str]:
    """Chunk -> key shared by a section and the same section of the document's translation.

    Translations list each other in front matter (`translation:`) and keep their sections
    in the same order (a test checks this), so the section's position identifies it.
    """
    documents = manifest["documents"]
    section_order: dict[str, list[str]] = {}
    for chunk in chunks:
        slugs = section_order.setdefault(chunk.doc, [])
        if chunk.section_slug not in slugs:
            slugs.append(chunk.section_slug)
    keys: list[str] = []
    for chunk in chunks:
        partner = documents.get(chunk.doc, {}).get("translation")
        group = "|".join(sorted([chunk.doc, partner])) if partner in documents else chunk.doc
        position = section_order[chunk.doc].index(chunk.section_slug)
        keys.append(f"{group}/{position}")
    return keys
