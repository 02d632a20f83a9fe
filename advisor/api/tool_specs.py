"""The advisor's tools as OpenAI tool objects, generated from pydantic models.

`GET /v1/tools` and the MCP server publish these; the size tool is the agent's own
`size_deployment_tool()`, so bots and the LLM see one schema.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.sizing.request import SizingRequest
from advisor.sizing.tool_schema import AGENT_SIZING_FIELDS, size_deployment_tool, tool_definition

SEARCH_MAX_K = 10


class SearchKnowledgeArgs(BaseModel):
    """Arguments of `search_knowledge`: a question for the knowledge base."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=500, description="what to look up")
    k: int = Field(default=4, ge=1, le=SEARCH_MAX_K, description="passages to return")
    language: Literal["ru", "en"] | None = Field(
        default=None, description="only passages in this language; null = both"
    )


COMPARE_DESCRIPTION = (
    "Size the same need on every GPU in the catalog with the deterministic engine: GPU "
    "count, memory, speed and price band per GPU, cheapest feasible first. Use null for "
    "anything the user did not say."
)
SEARCH_DESCRIPTION = (
    "Search the knowledge base (Russian and English articles on GPU sizing for LLMs) for "
    "passages to cite: id, title, section, text."
)


def compare_gpus_tool() -> dict[str, Any]:
    return tool_definition("compare_gpus", COMPARE_DESCRIPTION, SizingRequest, AGENT_SIZING_FIELDS)


def search_knowledge_tool() -> dict[str, Any]:
    return tool_definition("search_knowledge", SEARCH_DESCRIPTION, SearchKnowledgeArgs)


def advisor_tools() -> list[dict[str, Any]]:
    return [size_deployment_tool(), compare_gpus_tool(), search_knowledge_tool()]
