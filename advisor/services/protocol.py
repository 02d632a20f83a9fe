"""What `advisor ask --json`, `POST /v1/ask` and the UI exchange with the advisor.

One model for every face: the CLI prints it, the REST API returns it (plus a
message id), the Gradio UI draws its `sizing` beside the text.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Language = Literal["ru", "en"]
Mode = Literal["llm", "offline", "fallback"]
# Why an LLM turn failed; the offline reader then answers (mode "fallback").
FailureReason = Literal[
    "unreachable",
    "timeout",
    "invalid_tool_arguments",
    "no_tool_call",
    "cut_off",
    "guard_violation",
    "error",
]


class Citation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="knowledge-base chunk id, the citation anchor")
    title: str
    section: str


class ToolStep(BaseModel):
    """One tool call the advisor made to answer, for the UI's collapsible steps."""

    model_config = ConfigDict(extra="forbid")

    name: str
    arguments: dict[str, Any]
    summary: str = Field(description="one line on what the tool returned")


class AskRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=4000)
    conversation_id: str | None = Field(default=None, max_length=100)


class AskResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    answer: str
    language: Language
    mode: Mode
    request: dict[str, Any] | None = Field(
        description="the normalized sizing request (size flags with underscores, catalog ids)"
    )
    sizing: dict[str, Any] | None = Field(description="the `advisor size --json` object")
    citations: list[Citation]
    conversation_id: str
    steps: list[ToolStep] = Field(default_factory=list)
    fallback_reason: str | None = Field(
        default=None, description="why the LLM answer was replaced (mode = fallback)"
    )
    guard_events: int = Field(default=0, description="numbers the guard had to remove")
