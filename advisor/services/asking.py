"""The one path every face takes to ask and to rate: the advisor, the store and counters.

REST, the OpenAI-compatible endpoint and the Gradio UI all call `AdvisorGateway`, so an
answer is stored, counted and given a message id the same way wherever it was asked.
The gateway sees the advisor and the store only through the protocols below: the
conversation (`advisor.agent`) and the database (`advisor.storage`) plug in at start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from advisor.errors import InputError
from advisor.services.protocol import (
    AskApiResponse,
    AskRequest,
    AskResponse,
    FeedbackResponse,
    Rating,
)
from advisor.storage.records import (
    ConversationFullError,
    StateChange,
    StoredFeedback,
    StoredMessage,
    UnknownMessageError,
)

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
        *,
        max_messages: int | None = None,
        state_change: StateChange | None = None,
    ) -> tuple[StoredMessage, StoredMessage]:
        """The question, its answer and the follow-up state, committed together before this
        returns; ConversationFullError (nothing written) past `max_messages`."""
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


@dataclass(frozen=True)
class Answered:
    """An answer, and the follow-up state it leaves for the gateway to commit in the same
    transaction as the exchange (None when the advisor's own store already holds it)."""

    response: AskResponse
    state_change: StateChange | None = None


class AdvisorServiceProtocol(Protocol):
    """What `advisor.agent.service.AdvisorService` offers the faces."""

    @property
    def metrics(self) -> ServiceMetrics: ...

    @property
    def kb(self) -> KnowledgeBase | None: ...

    @property
    def circuit(self) -> LlmCircuit: ...

    def answer(self, request: AskRequest) -> Answered: ...

    def answer_stream(self, request: AskRequest) -> Iterator[str | Answered]: ...

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
        return self._record(request, self.service.answer(request))

    def ask_stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        """Text chunks as the service produces them, then the stored final answer.

        The conversation cap is checked here, when called, not on the first chunk: a face
        that sends its status before streaming (SSE) still answers a full one with a 422.
        """
        self._check_room(request)
        return self._stream(request)

    def _stream(self, request: AskRequest) -> Iterator[str | AskApiResponse]:
        for item in self.service.answer_stream(request):
            if isinstance(item, Answered):
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
        a longer prompt, so an endless one is a cheap way to load the server. Checked
        before answering (no work for a full one) and again under the row lock when the
        answer is stored (two answers racing for the last place)."""
        if request.conversation_id is None:
            return
        held = self.store.message_count(request.conversation_id)
        if held + 2 > self.max_conversation_messages:
            raise self._full(held)

    def _full(self, held: int) -> InputError:
        return InputError(
            "conversation_id",
            f"conversation_id: this conversation holds {held} messages, the cap is"
            f" {self.max_conversation_messages}; start a new conversation (omit the id)",
        )

    def _record(self, request: AskRequest, answered: Answered) -> AskApiResponse:
        response = answered.response
        try:
            _, stored = self.store.add_exchange(
                response.conversation_id,
                request.question,
                response.answer,
                response.model_dump(mode="json"),
                max_messages=self.max_conversation_messages,
                state_change=answered.state_change,
            )
        except ConversationFullError as full:
            raise self._full(full.held) from None
        return AskApiResponse(**response.model_dump(), message_id=stored.id)
