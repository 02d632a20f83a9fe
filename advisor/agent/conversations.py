"""Conversation state keyed by conversation id: what follow-up questions build on.

`ConversationStore` is the small interface the service needs; the in-memory store serves
the API and UI (bounded: least recently used conversations go first, each keeps its last
turns), the file store lets separate `advisor ask --conversation ID` runs continue one
conversation. A database-backed store (production) implements the same two methods.
"""

from __future__ import annotations

import json
import os
import tempfile
import threading
from collections import OrderedDict
from collections.abc import Callable
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.agent.offline.reader import STATED, GoalContext
from advisor.language import Language
from advisor.services.protocol import Mode, check_conversation_id

MAX_TURNS = 20
MAX_CONVERSATIONS = 1000


class Turn(BaseModel):
    model_config = ConfigDict(extra="forbid")

    question: str
    answer: str
    language: Language
    mode: Mode
    request: dict[str, Any] | None = None
    draft: dict[str, Any] | None = Field(
        default=None, description="fields said before the model was named (a clarification)"
    )
    goal: dict[str, Any] | None = Field(
        default=None, description="a goal answer's `recommend` fields, for its follow-ups"
    )
    goal_gpu: str | None = Field(default=None, description="the GPU that answer led with")
    goal_capex_usd: float | None = Field(
        default=None, description="what that answer's lead costs to buy ('half of that?')"
    )
    stated: list[str] = Field(
        default_factory=list,
        description="the request's fields the conversation said (not defaulted), so a "
        "follow-up that prices the sizing keeps what was asked for",
    )


class Conversation(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: str
    turns: list[Turn] = Field(default_factory=list)

    @property
    def language(self) -> Language | None:
        return self.turns[-1].language if self.turns else None

    @property
    def last_request(self) -> dict[str, Any] | None:
        """The latest sizing request, the one a follow-up changes."""
        for turn in reversed(self.turns):
            if turn.request is not None:
                return turn.request
        return None

    @property
    def reading_context(self) -> dict[str, Any] | None:
        """What the next question builds on: the latest request, or a draft awaiting a model
        (None when the latest is a goal: `goal_context` then)."""
        for turn in reversed(self.turns):
            if turn.goal is not None:
                return None
            latest = turn.request if turn.request is not None else turn.draft
            if latest is not None and turn.stated:  # what the messages said, as "we own"
                return {**latest, STATED: turn.stated}
            if latest is not None:
                return latest
        return None

    @property
    def goal_context(self) -> GoalContext | None:
        """The latest goal, when no sizing request came after it."""
        for turn in reversed(self.turns):
            if turn.goal is not None:
                return GoalContext(goal=turn.goal, gpu=turn.goal_gpu, capex_usd=turn.goal_capex_usd)
            if turn.request is not None or turn.draft is not None:
                return None
        return None

    def history(self) -> list[dict[str, str]]:
        """Chat messages for an LLM: each turn's question and answer."""
        messages: list[dict[str, str]] = []
        for turn in self.turns:
            messages.append({"role": "user", "content": turn.question})
            messages.append({"role": "assistant", "content": turn.answer})
        return messages


class ConversationStore(Protocol):
    def get(self, conversation_id: str) -> Conversation | None: ...

    def append(self, conversation_id: str, turn: Turn) -> Conversation: ...


@runtime_checkable
class TransactionalConversationStore(ConversationStore, Protocol):
    """A store whose append can ride in the transaction that stores the exchange (the
    database's): `turn_change` is that append, for the gateway to apply."""

    def turn_change(
        self, conversation_id: str, turn: Turn
    ) -> Callable[[dict[str, Any] | None], dict[str, Any]]: ...


class InMemoryConversationStore:
    """Thread-safe and bounded: an LRU of conversations, each capped at `max_turns`."""

    def __init__(
        self, max_conversations: int = MAX_CONVERSATIONS, max_turns: int = MAX_TURNS
    ) -> None:
        if max_conversations < 1 or max_turns < 1:
            raise ValueError("max_conversations and max_turns must be at least 1")
        self.max_conversations = max_conversations
        self.max_turns = max_turns
        self._conversations: OrderedDict[str, Conversation] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, conversation_id: str) -> Conversation | None:
        with self._lock:
            conversation = self._conversations.get(conversation_id)
            if conversation is None:
                return None
            self._conversations.move_to_end(conversation_id)
            return conversation.model_copy(deep=True)

    def append(self, conversation_id: str, turn: Turn) -> Conversation:
        check_conversation_id(conversation_id)
        with self._lock:
            conversation = self._conversations.pop(conversation_id, None) or Conversation(
                id=conversation_id
            )
            conversation.turns = [*conversation.turns, turn][-self.max_turns :]
            self._conversations[conversation_id] = conversation
            while len(self._conversations) > self.max_conversations:
                self._conversations.popitem(last=False)
            return conversation.model_copy(deep=True)

    def __len__(self) -> int:
        with self._lock:
            return len(self._conversations)


class FileConversationStore:
    """One JSON file per conversation under `directory`, replaced atomically on write."""

    def __init__(self, directory: Path, max_turns: int = MAX_TURNS) -> None:
        self.directory = directory
        self.max_turns = max_turns
        self._lock = threading.Lock()

    def _path(self, conversation_id: str) -> Path:
        return self.directory / f"{check_conversation_id(conversation_id)}.json"

    def get(self, conversation_id: str) -> Conversation | None:
        path = self._path(conversation_id)
        try:
            return Conversation.model_validate_json(path.read_text("utf-8"))
        except FileNotFoundError:
            return None
        except (ValidationError, UnicodeDecodeError, json.JSONDecodeError):
            return None  # a damaged file starts the conversation afresh

    def append(self, conversation_id: str, turn: Turn) -> Conversation:
        path = self._path(conversation_id)
        with self._lock:
            conversation = self.get(conversation_id) or Conversation(id=conversation_id)
            conversation.turns = [*conversation.turns, turn][-self.max_turns :]
            self.directory.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=self.directory, suffix=".tmp")
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as file:
                    file.write(conversation.model_dump_json(indent=1))
                os.replace(temporary, path)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            return conversation
