"""The one path every face takes to ask and to rate: service, store and metrics together.

REST, the OpenAI-compatible endpoint and the Gradio UI all call `AdvisorGateway`, so an
answer is stored, counted and given a message id the same way wherever it was asked.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol

from advisor.agent.circuit import LlmCircuit
from advisor.agent.conversations import InvalidConversationId
from advisor.agent.protocol import AskRequest, AskResponse
from advisor.agent.tools import ToolInputError
from advisor.api.protocol import AskApiResponse, FeedbackResponse
from advisor.api.store import MessageStore, UnknownMessageError
from advisor.api.telemetry import Telemetry

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase


@contextlib.contextmanager
def _input_errors() -> Iterator[None]:
    """The service's ValueErrors are the asker's to fix: name the field."""
    try:
        yield
    except InvalidConversationId as exc:
        raise ToolInputError("conversation_id", str(exc)) from None
    except ValueError as exc:
        raise ToolInputError("question", str(exc)) from None


class ServiceMetrics(Protocol):
    def snapshot(self) -> dict[str, Any]:
        """{"answers_by_mode": {...}, "fallbacks_by_reason": {...}, "guard_events": n}"""
        ...


class AdvisorServiceProtocol(Protocol):
    """What `advisor.agent.service.AdvisorService` offers the faces."""

    @property
    def metrics(self) -> ServiceMetrics: ...

    @property
    def kb(self) -> KnowledgeBase | None: ...

    @property
    def circuit(self) -> LlmCircuit: ...

    def ask(self, request: AskRequest) -> AskResponse: ...

    def ask_stream(self, request: AskRequest) -> Iterator[str | AskResponse]: ...

    def close(self) -> None: ...


class AdvisorGateway:
    def __init__(
        self,
        service: AdvisorServiceProtocol,
        store: MessageStore,
        telemetry: Telemetry,
        *,
        max_conversation_messages: int = 200,
    ) -> None:
        self.service = service
        self.store = store
        self.telemetry = telemetry
        self.max_conversation_messages = max_conversation_messages

    def ask(self, request: AskRequest) -> AskApiResponse:
        """Raises ToolInputError (field `question` or `conversation_id`) for unusable input."""
        self._check_room(request)
        with _input_errors():
            response = self.service.ask(request)
        return self._record(request, response)

    def ask_stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        """Text chunks as the service produces them, then the stored final answer.

        The conversation cap is checked here, when called, not on the first chunk: a face
        that sends its status before streaming (SSE) still answers a full one with a 422.
        """
        self._check_room(request)
        return self._stream(request)

    def _stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        with _input_errors():
            for item in self.service.ask_stream(request):
                if isinstance(item, AskResponse):
                    yield self._record(request, item)
                    return
                yield item
        raise RuntimeError("the advisor service ended its stream without a final answer")

    def feedback(
        self, message_id: str, rating: Literal["up", "down"], comment: str | None = None
    ) -> FeedbackResponse:
        """Raises UnknownMessageError for an id no answer was given under."""
        try:
            stored = self.store.add_feedback(message_id, rating, comment)
        except LookupError:  # each store has its own unknown-id error; the API has one
            raise UnknownMessageError(message_id) from None
        self.telemetry.feedback.labels(rating=rating).inc()
        return FeedbackResponse(
            message_id=stored.message_id,
            rating=stored.rating,
            comment=stored.comment,
            created_at=stored.created_at,
        )

    def _check_room(self, request: AskRequest) -> None:
        """A conversation that is full takes no more questions: each one costs two rows and
        a longer prompt, so an endless one is a cheap way to load the server."""
        if request.conversation_id is None:
            return
        held = self.store.message_count(request.conversation_id)
        if held + 2 > self.max_conversation_messages:
            raise ToolInputError(
                "conversation_id",
                f"conversation_id: this conversation holds {held} messages, the cap is"
                f" {self.max_conversation_messages}; start a new conversation (omit the id)",
            )

    def _record(self, request: AskRequest, response: AskResponse) -> AskApiResponse:
        _, stored = self.store.add_exchange(
            response.conversation_id,
            request.question,
            response.answer,
            response.model_dump(mode="json"),
        )
        return AskApiResponse(**response.model_dump(), message_id=stored.id)
