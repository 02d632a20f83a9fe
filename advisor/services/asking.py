"""The one path every face takes to ask and to rate: the advisor, the store and counters.

REST, the OpenAI-compatible endpoint and the Gradio UI all call `AdvisorGateway`, so an
answer is stored, counted and given a message id the same way wherever it was asked.
The gateway sees the advisor and the store only through the protocols below: the
conversation (`advisor.agent`) and the database (`advisor.storage`) plug in at start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol

from advisor.errors import InputError
from advisor.services.protocol import (
    AskApiResponse,
    AskRequest,
    AskResponse,
    FeedbackResponse,
    Rating,
)
from advisor.storage.records import StoredFeedback, StoredMessage, UnknownMessageError

if TYPE_CHECKING:
    from advisor.agent.circuit import LlmCircuit
    from knowledge.retrieval import KnowledgeBase


class MessageStore(Protocol):
    """What the gateway needs of the database (`advisor.storage.DatabaseStore`)."""

    def add_exchange(
        self,
        conversation_id: str,
        question: str,
        answer: str,
        payload: dict[str, Any] | None = None,
    ) -> tuple[StoredMessage, StoredMessage]:
        """The question and its answer, committed together before this returns."""
        ...

    def add_feedback(
        self, message_id: str, rating: Literal["up", "down"], comment: str | None = None
    ) -> StoredFeedback:
        """Raises a LookupError (UnknownMessageError) for an id it never stored."""
        ...

    def get_feedback(self, message_id: str) -> StoredFeedback | None: ...

    def get_message(self, message_id: str) -> StoredMessage | None: ...

    def message_count(self, conversation_id: str) -> int: ...


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
        *,
        max_conversation_messages: int = 200,
        on_feedback: Callable[[Rating], None] | None = None,
    ) -> None:
        """`on_feedback` is told of each stored rating (the API counts them for /metrics)."""
        self.service = service
        self.store = store
        self.max_conversation_messages = max_conversation_messages
        self._on_feedback = on_feedback

    def ask(self, request: AskRequest) -> AskApiResponse:
        """Raises InputError (field `question` or `conversation_id`) for unusable input."""
        self._check_room(request)
        return self._record(request, self.service.ask(request))

    def ask_stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        """Text chunks as the service produces them, then the stored final answer.

        The conversation cap is checked here, when called, not on the first chunk: a face
        that sends its status before streaming (SSE) still answers a full one with a 422.
        """
        self._check_room(request)
        return self._stream(request)

    def _stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        for item in self.service.ask_stream(request):
            if isinstance(item, AskResponse):
                yield self._record(request, item)
                return
            yield item
        raise RuntimeError("the advisor service ended its stream without a final answer")

    def feedback(
        self, message_id: str, rating: Rating, comment: str | None = None
    ) -> FeedbackResponse:
        """Raises UnknownMessageError for an id no answer was given under."""
        try:
            stored = self.store.add_feedback(message_id, rating, comment)
        except LookupError:  # each store has its own unknown-id error; the API has one
            raise UnknownMessageError(message_id) from None
        if self._on_feedback is not None:
            self._on_feedback(rating)
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
            raise InputError(
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
