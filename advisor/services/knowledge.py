"""Knowledge-base search for every face: one argument model, one error type."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase, Passage

SEARCH_MAX_K = 10
SEARCH_DEFAULT_K = 4
QUERY_MAX_CHARS = 500


class SearchKnowledgeArgs(BaseModel):
    """Arguments of `search_knowledge`: a question for the knowledge base."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=QUERY_MAX_CHARS, description="what to look up")
    k: int = Field(
        default=SEARCH_DEFAULT_K, ge=1, le=SEARCH_MAX_K, description="passages to return"
    )
    language: Literal["ru", "en"] | None = Field(
        default=None, description="only passages in this language; null = both"
    )


class PassageOut(BaseModel):
    """One passage as the tools return it; `id` is the citation anchor."""

    id: str
    doc: str
    title: str
    section: str
    language: str
    text: str
    score: float


class SearchResults(BaseModel):
    passages: list[PassageOut]


def search_knowledge(
    kb: KnowledgeBase, query: str, k: int = SEARCH_DEFAULT_K, language: str | None = None
) -> list[Passage]:
    """Knowledge-base passages for `query`, best first (hybrid retrieval)."""
    from knowledge.retrieval import KnowledgeBaseError

    try:
        return kb.search(query, k, language=language)
    except KnowledgeBaseError as exc:
        raise InputError("query", str(exc)) from None


def search_results(passages: list[Passage]) -> SearchResults:
    """The tools' shape of passages: `advisor kb search --json`'s objects."""
    return SearchResults(passages=[PassageOut(**p.to_dict()) for p in passages])


def passages_summary(passages: list[Passage], language: Language = "en") -> str:
    """One line for a tool step: how many passages and their sections."""
    sections = "; ".join(p.section for p in passages)
    return render(M.STEP_PASSAGES, language, count=len(passages), sections=sections)
