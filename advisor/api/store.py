"""Where messages and feedback are kept: the protocol, and an in-process store for tests.

Every face writes through the `MessageStore` protocol, so the in-process store below
can be replaced by the SQLAlchemy one without touching the routes or the UI.
"""

from __future__ import annotations

import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from advisor.storage.records import Role as Role
from advisor.storage.records import StoredFeedback as StoredFeedback
from advisor.storage.records import StoredMessage as StoredMessage
from advisor.storage.records import UnknownMessageError as UnknownMessageError


class MessageStore(Protocol):
    def add_message(
        self,
        conversation_id: str,
        role: Role,
        content: str,
        payload: dict[str, Any] | None = None,
    ) -> StoredMessage: ...

    def add_feedback(
        self, message_id: str, rating: Literal["up", "down"], comment: str | None = None
    ) -> StoredFeedback:
        """Raises a LookupError (UnknownMessageError) for an id it never stored."""
        ...

    def get_feedback(self, message_id: str) -> StoredFeedback | None: ...

    def get_message(self, message_id: str) -> StoredMessage | None: ...


@dataclass
class InMemoryMessageStore:
    """A thread-safe store in this process: lost on restart, fine for one node and tests."""

    _messages: dict[str, StoredMessage] = field(default_factory=dict)
    _feedback: dict[str, StoredFeedback] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def add_message(
        self,
        conversation_id: str,
        role: Role,
        content: str,
        payload: dict[str, Any] | None = None,
    ) -> StoredMessage:
        message = StoredMessage(
            id=f"msg_{uuid.uuid4().hex}",
            conversation_id=conversation_id,
            role=role,
            content=content,
            created_at=time.time(),
            payload=payload,
        )
        with self._lock:
            self._messages[message.id] = message
        return message

    def add_feedback(
        self, message_id: str, rating: Literal["up", "down"], comment: str | None = None
    ) -> StoredFeedback:
        """Latest feedback wins: a user may change a like into a dislike."""
        with self._lock:
            if message_id not in self._messages:
                raise UnknownMessageError(message_id)
            feedback = StoredFeedback(message_id, rating, comment, time.time())
            self._feedback[message_id] = feedback
        return feedback

    def get_feedback(self, message_id: str) -> StoredFeedback | None:
        with self._lock:
            return self._feedback.get(message_id)

    def get_message(self, message_id: str) -> StoredMessage | None:
        with self._lock:
            return self._messages.get(message_id)
