"""What the faces need from the message store, as a protocol.

The app runs on `advisor.storage.DatabaseStore` (SQLite or PostgreSQL); routes and the
UI see only this protocol, so they never depend on the database layer.
"""

from __future__ import annotations

from typing import Any, Literal, Protocol

from advisor.storage.records import Role as Role
from advisor.storage.records import StoredFeedback as StoredFeedback
from advisor.storage.records import StoredMessage as StoredMessage
from advisor.storage.records import UnknownMessageError as UnknownMessageError


class MessageStore(Protocol):
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
