"""The agent's conversation state in the database, so follow-ups survive a restart.

Implements `advisor.agent.conversations.ConversationStore` (get, append) on the
`conversations.state` column: the same JSON the file store writes, capped at the same
number of turns, appended under a row lock.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from advisor.agent.conversations import MAX_TURNS, Conversation, Turn
from advisor.services.protocol import check_conversation_id
from advisor.storage.records import StateChange
from advisor.storage.store import DatabaseStore


class DatabaseConversationStore:
    """The agent's ConversationStore for the server: the state lives in the database, so
    any replica continues a conversation, after a restart too."""

    def __init__(self, store: DatabaseStore, max_turns: int = MAX_TURNS) -> None:
        if max_turns < 1:
            raise ValueError("max_turns must be at least 1")
        self.store = store
        self.max_turns = max_turns

    def get(self, conversation_id: str) -> Conversation | None:
        """The conversation, or None when it has no state or a damaged one (it then starts
        afresh)."""
        return _parse(conversation_id, self.store.load_state(conversation_id))

    def append(self, conversation_id: str, turn: Turn) -> Conversation:
        """Add `turn` under the row lock, keeping the last `max_turns`; returns the
        conversation as stored."""
        change = self.turn_change(conversation_id, turn)
        return Conversation.model_validate(self.store.update_state(conversation_id, change))

    def turn_change(self, conversation_id: str, turn: Turn) -> StateChange:
        """The append as a change of the stored state, for a transaction that also stores
        the exchange (`DatabaseStore.add_exchange`)."""
        check_conversation_id(conversation_id)

        def add_turn(state: dict[str, Any] | None) -> dict[str, Any]:
            conversation = _parse(conversation_id, state) or Conversation(id=conversation_id)
            conversation.turns = [*conversation.turns, turn][-self.max_turns :]
            return conversation.model_dump(mode="json")

        return add_turn


def _parse(conversation_id: str, state: dict[str, Any] | None) -> Conversation | None:
    """None for no state or a damaged one: the conversation then starts afresh."""
    if state is None:
        return None
    try:
        conversation = Conversation.model_validate(state)
    except ValidationError:
        return None
    return conversation if conversation.id == conversation_id else None
