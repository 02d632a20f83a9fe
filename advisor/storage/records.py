"""What the store hands back: plain frozen records, detached from any database session.

They are what the service layer's `MessageStore` protocol (advisor.services.asking) asks
for, so `DatabaseStore` is the store the gateway records answers and feedback in.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Role = Literal["user", "assistant"]
Rating = Literal["up", "down"]
# A change to a conversation's follow-up state, applied under its row lock.
StateChange = Callable[[dict[str, Any] | None], dict[str, Any]]


class ConversationFullError(Exception):
    """The conversation already holds its cap of messages; nothing was written."""

    def __init__(self, held: int, cap: int) -> None:
        self.held = held
        self.cap = cap
        super().__init__(f"the conversation holds {held} messages, the cap is {cap}")


class UnknownMessageError(LookupError):
    """Feedback (or a lookup) for a message id the store has never seen."""

    def __init__(self, message_id: str) -> None:
        self.message_id = message_id
        super().__init__(f"unknown message_id {message_id!r}")


class UnknownConversationError(LookupError):
    """A conversation id the store has never seen."""

    def __init__(self, conversation_id: str) -> None:
        self.conversation_id = conversation_id
        super().__init__(f"unknown conversation_id {conversation_id!r}")


@dataclass(frozen=True)
class StoredMessage:
    """A stored message, detached from the session; `created_at` is Unix time."""

    id: str
    conversation_id: str
    role: Role
    content: str
    created_at: float
    payload: dict[str, Any] | None = None


@dataclass(frozen=True)
class StoredFeedback:
    """The latest rating of an answer; `created_at` is the Unix time of that rating."""

    message_id: str
    rating: Rating
    comment: str | None
    created_at: float
