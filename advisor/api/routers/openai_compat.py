"""OpenAI-compatible chat: any OpenAI client, Open WebUI or LiteLLM can use the advisor as a model.

The last user message is the question; earlier turns live in the advisor's conversation,
named by the `X-Conversation-Id` header or the `user` field. The advisor's full answer
(sizing JSON, citations, message id) rides along in the extra field `advisor`.
"""

from __future__ import annotations

import hashlib
import json
import logging
import time
import uuid
from collections.abc import Iterator
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Header
from fastapi.responses import StreamingResponse
from pydantic import BaseModel, ConfigDict, Field, ValidationError
from sqlalchemy.exc import SQLAlchemyError

from advisor.api.deps import AdmissionDep, GatewayDep
from advisor.api.errors import STORAGE_UNAVAILABLE, STORING_RESPONSES, ApiError
from advisor.api.protocol import ADVISOR_MODEL_ID, OpenAIModel
from advisor.errors import InputError
from advisor.http_errors import error_body
from advisor.services.protocol import CONVERSATION_ID, AskApiResponse, AskRequest

log = logging.getLogger(__name__)
router = APIRouter(prefix="/v1", tags=["openai"], responses=STORING_RESPONSES)

MAX_MESSAGES = 200


class TextPart(BaseModel):
    """One part of a list `content`: only `text` parts are read; images and other parts
    are accepted and skipped."""

    model_config = ConfigDict(extra="allow")

    type: str
    text: str | None = None


class ChatMessage(BaseModel):
    """OpenAI's message; only `role` and the text are read, other fields (`name`,
    `tool_calls`) are accepted and ignored."""

    model_config = ConfigDict(extra="allow")

    role: Literal["system", "developer", "user", "assistant", "tool"]
    content: str | list[TextPart] | None = None

    def text(self) -> str:
        """The text of `content`: the string itself, or the `text` parts joined by newlines."""
        if isinstance(self.content, str):
            return self.content
        return "\n".join(p.text for p in self.content or [] if p.type == "text" and p.text)


class ChatCompletionRequest(BaseModel):
    """OpenAI's request; sampling parameters are accepted and ignored (the engine is exact)."""

    model_config = ConfigDict(extra="ignore")

    model: str = Field(
        max_length=200, description=f"always `{ADVISOR_MODEL_ID}`", examples=[ADVISOR_MODEL_ID]
    )
    messages: list[ChatMessage] = Field(min_length=1, max_length=MAX_MESSAGES)
    stream: bool = False
    user: str | None = Field(default=None, max_length=100, description="conversation id")


class ChatChoiceMessage(BaseModel):
    role: Literal["assistant"] = "assistant"
    content: str


class ChatChoice(BaseModel):
    index: int = 0
    message: ChatChoiceMessage
    finish_reason: Literal["stop"] = "stop"


class ChatCompletion(BaseModel):
    id: str
    object: Literal["chat.completion"] = "chat.completion"
    created: int
    model: str = ADVISOR_MODEL_ID
    choices: list[ChatChoice]
    advisor: AskApiResponse = Field(description="the full answer: sizing JSON, citations, id")


def _question(request: ChatCompletionRequest) -> tuple[int, str]:
    """The last user message: its index in `messages` and its text."""
    if request.model != ADVISOR_MODEL_ID:
        raise ApiError(
            404,
            "model_not_found",
            f"unknown model {request.model!r}; this server answers as {ADVISOR_MODEL_ID!r}",
            field="model",
            allowed=[ADVISOR_MODEL_ID],
        )
    for index in range(len(request.messages) - 1, -1, -1):
        message = request.messages[index]
        if message.role == "user":
            text = message.text().strip()
            if not text:
                raise ApiError(
                    422,
                    "invalid_value",
                    "the last user message has no text",
                    field=f"messages.{index}.content",
                )
            return index, text
    raise ApiError(
        422, "invalid_value", "messages need at least one user message", field="messages"
    )


def conversation_from_user(user: str) -> str:
    """OpenAI's `user` is often an e-mail or a UUID: usable ids pass, others are hashed."""
    if CONVERSATION_ID.fullmatch(user):
        return user
    return "user-" + hashlib.sha256(user.encode()).hexdigest()[:32]


def _ask_request(body: ChatCompletionRequest, conversation_header: str | None) -> AskRequest:
    index, question = _question(body)
    conversation = conversation_header
    if conversation is not None and not CONVERSATION_ID.fullmatch(conversation):
        raise ApiError(
            422,
            "invalid_value",
            "X-Conversation-Id: 1-100 letters, digits, '_', '-', '.', starting with one of "
            "the first two",
            field="X-Conversation-Id",
        )
    if conversation is None and body.user:
        conversation = conversation_from_user(body.user)
    try:
        return AskRequest(question=question, conversation_id=conversation)
    except ValidationError as exc:
        # The conversation id was checked above: what AskRequest refuses is the question.
        field = f"messages.{index}.content"
        message = f"{field}: {exc.errors()[0]['msg']}"
        raise ApiError(422, "invalid_value", message, field=field) from None


@router.post(
    "/chat/completions",
    response_model=ChatCompletion,
    summary="OpenAI-compatible chat (streaming with `stream: true`)",
    responses={200: {"content": {"text/event-stream": {}}}},
)
async def chat_completions(
    body: ChatCompletionRequest,
    gateway: GatewayDep,
    admission: AdmissionDep,
    x_conversation_id: Annotated[str | None, Header(max_length=100)] = None,
) -> Any:
    """The last `user` message is the question. Earlier messages are not re-read: the
    conversation lives on the server, so continue one with the `X-Conversation-Id` header
    (or `user`); without either every request starts a new one. `model` must be
    `gpu-advisor`.

    With `stream: true` the answer arrives as `chat.completion.chunk` server-sent events;
    the last one carries the full answer in `advisor`, then `data: [DONE]`. An error
    after the stream has started arrives as an `error` event before `[DONE]`."""
    request = _ask_request(body, x_conversation_id)
    completion_id = f"chatcmpl-{uuid.uuid4().hex}"
    created = int(time.time())
    if body.stream:
        # a full conversation is a 422 before the 200
        chunks = await admission.run(gateway.ask_stream, request)
        return StreamingResponse(
            admission.stream(_sse(chunks, completion_id, created)),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )
    answer = await admission.run(gateway.ask, request)
    return ChatCompletion(
        id=completion_id,
        created=created,
        choices=[ChatChoice(message=ChatChoiceMessage(content=answer.answer))],
        advisor=answer,
    )


def _chunk(completion_id: str, created: int, delta: dict[str, Any], **extra: Any) -> str:
    finish = extra.pop("finish_reason", None)
    body = {
        "id": completion_id,
        "object": "chat.completion.chunk",
        "created": created,
        "model": ADVISOR_MODEL_ID,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
        **extra,
    }
    return f"data: {json.dumps(body, ensure_ascii=False)}\n\n"


def _sse(chunks: Iterator[str | AskApiResponse], completion_id: str, created: int) -> Iterator[str]:
    """`chat.completion.chunk` events: the role, text deltas, the final chunk, `[DONE]`."""
    yield _chunk(completion_id, created, {"role": "assistant", "content": ""})
    try:
        for item in chunks:
            if isinstance(item, AskApiResponse):
                yield _chunk(
                    completion_id,
                    created,
                    {},
                    finish_reason="stop",
                    advisor=item.model_dump(mode="json"),
                )
            elif item:
                yield _chunk(completion_id, created, {"content": item})
    except InputError as exc:
        body = error_body(422, "invalid_value", str(exc), field=exc.field, allowed=exc.allowed)
        yield f"data: {json.dumps(body, ensure_ascii=False)}\n\n"
    except SQLAlchemyError as exc:  # the 200 is out: say so in the stream, as OpenAI does
        log.error("database unavailable: %s", type(getattr(exc, "orig", None) or exc).__name__)
        body = error_body(503, "storage_unavailable", STORAGE_UNAVAILABLE)
        yield f"data: {json.dumps(body, ensure_ascii=False)}\n\n"
    yield "data: [DONE]\n\n"


@router.get("/models/{model_id}", response_model=OpenAIModel, summary="OpenAI model retrieve")
def get_model(model_id: str) -> OpenAIModel:
    """OpenAI's model retrieve: only `gpu-advisor` exists; any other id is a 404
    `model_not_found`."""
    if model_id != ADVISOR_MODEL_ID:
        raise ApiError(
            404,
            "model_not_found",
            f"unknown model {model_id!r}",
            field="model",
            allowed=[ADVISOR_MODEL_ID],
        )
    return OpenAIModel(id=ADVISOR_MODEL_ID)
