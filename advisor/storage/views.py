"""What staff endpoints return: typed views of a conversation and of the traffic.

Pydantic models, so the API can use them as `response_model` and the OpenAPI spec
documents them; `model_dump(mode="json")` gives the JSON the admin endpoints send.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from pydantic import BaseModel, Field

from advisor.storage.records import Rating, Role


class FeedbackView(BaseModel):
    rating: Rating
    comment: str | None
    created_at: datetime


class MessageView(BaseModel):
    id: str
    role: Role
    content: str
    feedback: FeedbackView | None = Field(description="null until the answer is rated")


class ConversationView(BaseModel):
    """`GET /v1/admin/conversations/{id}`."""

    id: str
    messages: list[MessageView]


class SizingView(BaseModel):
    message_id: str | None = Field(description="the answer it belongs to; null = a staff rerun")
    request: dict[str, Any] = Field(description="the normalized sizing request")
    result: dict[str, Any] = Field(description="the `advisor size --json` object")
    created_at: datetime


class ExportedMessage(MessageView):
    """A message with what the statistics count: an answer's mode, fallback, guard events
    and `unanswered` (it asked to clarify or declined); null or zero on questions."""

    created_at: datetime
    language: str | None
    mode: str | None
    fallback_reason: str | None
    guard_events: int
    unanswered: bool


class ConversationExport(BaseModel):
    """A whole conversation with every detail kept, for support staff and audits."""

    id: str
    created_at: datetime
    updated_at: datetime
    messages: list[ExportedMessage]
    sizings: list[SizingView] = Field(description="every engine run, oldest first")


class Volume(BaseModel):
    conversations: int
    questions: int = Field(description="user messages")
    answers: int = Field(description="assistant messages")


class FallbackStats(BaseModel):
    total: int = Field(description="answers whose LLM reply was replaced by the offline one")
    by_reason: dict[str, int]


class GuardStats(BaseModel):
    answers_with_events: int = Field(description="answers the number guard had to correct")
    events: int = Field(description="numbers the guard removed, in all")


class FeedbackStats(BaseModel):
    up: int
    down: int
    ratio: float | None = Field(description="share of likes among rated answers; null if none")


class QuestionCount(BaseModel):
    question: str = Field(description="one wording of the question as a user typed it")
    count: int


class StatsReport(BaseModel):
    """`GET /v1/admin/stats`: what the advisor is asked and how well it answers."""

    since: datetime | None = Field(description="counts start here; null = since the start")
    volume: Volume
    modes: dict[str, int] = Field(description="answers by mode: llm, offline, fallback")
    fallbacks: FallbackStats
    guard: GuardStats
    feedback: FeedbackStats
    top_questions: list[QuestionCount]
    unanswered_questions: list[QuestionCount] = Field(
        description="questions whose answer asked to clarify or declined"
    )
