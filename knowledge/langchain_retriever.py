"""The knowledge base as a LangChain retriever, for chains and agents that expect one.

A thin face over `KnowledgeBase.search`: same ranking, passages become Documents whose
metadata carries the citation fields.
"""

from __future__ import annotations

from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.documents import Document
from langchain_core.retrievers import BaseRetriever
from pydantic import ConfigDict

from knowledge.retrieval import KnowledgeBase, Passage


def passage_document(passage: Passage) -> Document:
    """A passage as a LangChain Document: the text as content, the citation fields and
    the anchor as metadata."""
    data = passage.to_dict()
    text = data.pop("text")
    return Document(page_content=text, metadata={**data, "anchor": passage.anchor})


class KnowledgeRetriever(BaseRetriever):
    """Hybrid retrieval over our documents, optionally limited to one language or document."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    kb: KnowledgeBase
    k: int = 4
    language: str | None = None
    doc: str | None = None

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **_: Any
    ) -> list[Document]:
        passages = self.kb.search(query, self.k, language=self.language, doc=self.doc)
        return [passage_document(p) for p in passages]


def as_retriever(
    kb: KnowledgeBase, k: int = 4, language: str | None = None, doc: str | None = None
) -> KnowledgeRetriever:
    """The opened knowledge base as a LangChain retriever, e.g.
    `as_retriever(kb, k=3, language="ru")`."""
    return KnowledgeRetriever(kb=kb, k=k, language=language, doc=doc)
