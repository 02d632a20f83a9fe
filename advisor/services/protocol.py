"""What `advisor ask --json`, `POST /v1/ask` and the UI exchange with the advisor.

One model for every face: the CLI prints it, the REST API returns it (plus a
message id), the Gradio UI draws its `sizing` beside the text. The sizing request and
report are the engine's own models, so the OpenAPI description shows them whole.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.errors import InputError
from advisor.language import Language
from advisor.recommend.report import FitChange, Option, Recommendation
from advisor.services.sizing import SizingCost
from advisor.sizing.report import SizingReport
from advisor.sizing.request import SizingRequest

Mode = Literal["llm", "offline", "fallback"]
MAX_QUESTION_CHARS = 4000
CONVERSATION_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,99}")
# Why an LLM turn failed; the offline reader then answers (mode "fallback").
FailureReason = Literal[
    "unreachable",
    "timeout",
    "invalid_tool_arguments",
    "no_tool_call",
    "cut_off",
    "guard_violation",
    "incomplete",
    "error",
]


def check_conversation_id(conversation_id: str) -> str:
    """The id itself, or InputError: it also names a file of the CLI's conversation store."""
    if not CONVERSATION_ID.fullmatch(conversation_id):
        raise InputError(
            "conversation_id",
            "1-100 characters of letters, digits, '_', '-', '.', starting with a letter or digit",
        )
    return conversation_id


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


class Alternative(BaseModel):
    """Another setup an answer quotes beside its own: the same model in FP8 or at the users
    a GPU serves at the targets (a sizing), a training run rented (an option), the sizing of
    the cheapest setup recommended beside a reference card's, whose server the answer
    describes, the GPUs a vendor quoted, priced, a batch job in a lighter format, the SXM
    board in its whole server beside the card version sized in its place, the setup for
    "500 users" read as everyone who uses it, or the model in the format it is published in
    beside a quantised lead, or every user at the full window said; its figures are the
    engine's like the main sizing's."""

    model_config = ConfigDict(extra="forbid")

    why: Literal[
        "fp8",
        "users_at_targets",
        "rented",
        "recommended_setup",
        "quoted",
        "batch_lighter",
        "server_board",
        "user_base",
        "published",
        "each_at_window",
    ]
    sizing: SizingReport | None = None
    cost: SizingCost | None = None
    option: Option | None = None


class AskRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str = Field(min_length=1, max_length=MAX_QUESTION_CHARS)
    conversation_id: str | None = Field(default=None, max_length=100)


class AskResponse(BaseModel):
    model_config = ConfigDict(extra="forbid")

    answer: str
    language: Language
    mode: Mode
    request: SizingRequest | None = Field(
        description="the normalized sizing request (size flags with underscores, catalog ids)"
    )
    sizing: SizingReport | None = Field(description="the `advisor size --json` object")
    recommendation: Recommendation | None = Field(
        default=None,
        description="the `advisor recommend --json` object, when the answer came from a goal",
    )
    make_it_fit: list[FitChange] = Field(
        default_factory=list,
        description="for a setup the user fixed that does not fit: the changes that would",
    )
    cost: SizingCost | None = Field(
        default=None, description="for a sizing that fits: what its GPUs cost to buy and run"
    )
    to_meet_targets: Option | None = Field(
        default=None,
        description="for a sizing slower than its use case needs, or one that does not fit GPUs "
        "the user named: the setup of that model that serves the request (its targets met, or "
        "on those GPUs in another weight format)",
    )
    alternatives: list[Alternative] = Field(
        default_factory=list,
        description="other setups the answer quotes beside its own (FP8, users at the "
        "targets, a training run rented)",
    )
    assumptions: list[str] = Field(
        default_factory=list,
        description="what reading the question assumed, in its language (staff at once at "
        "the catalog's share, a size class for a model left open): the figures behind the "
        "request that the question did not state",
    )
    citations: list[Citation]
    conversation_id: str
    steps: list[ToolStep] = Field(default_factory=list)
    fallback_reason: str | None = Field(
        default=None, description="why the LLM answer was replaced (mode = fallback)"
    )
    guard_events: int = Field(default=0, description="numbers the guard had to remove")


class AskApiResponse(AskResponse):
    """An answer as stored: `POST /v1/ask` returns it, the UI rates it by `message_id`."""

    message_id: str = Field(description="id of this answer, for POST /v1/feedback")


Rating = Literal["up", "down"]


class FeedbackRequest(BaseModel):
    model_config = ConfigDict(extra="forbid")

    message_id: str = Field(min_length=1, max_length=100)
    rating: Rating
    comment: str | None = Field(default=None, max_length=2000)


class FeedbackResponse(BaseModel):
    message_id: str
    rating: Rating
    comment: str | None
    created_at: float = Field(description="Unix time the feedback was stored")
