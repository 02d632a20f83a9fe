"""The agent's follow-up state in the database: survives restarts, never loses a turn."""

from __future__ import annotations

import inspect
from concurrent.futures import ThreadPoolExecutor

import pytest

from advisor.agent.conversations import ConversationStore, Turn
from advisor.errors import InputError
from advisor.storage import DatabaseStore
from advisor.storage.conversations import DatabaseConversationStore


def turn(number: int, request: dict[str, object] | None = None) -> Turn:
    return Turn(
        question=f"question {number}",
        answer=f"answer {number}",
        language="ru",
        mode="offline",
        request=request,
    )


def test_a_follow_up_survives_a_restart(database_url: str) -> None:
    first = DatabaseStore.open(database_url)
    DatabaseConversationStore(first).append("conv-1", turn(1, {"model": "llama-3.1-70b"}))
    DatabaseConversationStore(first).append("conv-1", turn(2))
    first.close()

    second = DatabaseStore.open(database_url)
    conversation = DatabaseConversationStore(second).get("conv-1")
    second.close()
    assert conversation is not None
    assert [t.question for t in conversation.turns] == ["question 1", "question 2"]
    assert conversation.last_request == {"model": "llama-3.1-70b"}
    assert conversation.language == "ru"


def test_unknown_conversation_has_no_state(store: DatabaseStore) -> None:
    assert DatabaseConversationStore(store).get("never-seen") is None


def test_only_the_last_turns_are_kept(store: DatabaseStore) -> None:
    conversations = DatabaseConversationStore(store, max_turns=3)
    for number in range(5):
        latest = conversations.append("conv-1", turn(number))
    assert [t.question for t in latest.turns] == ["question 2", "question 3", "question 4"]


def test_a_bad_id_is_refused(store: DatabaseStore) -> None:
    with pytest.raises(InputError):
        DatabaseConversationStore(store).append("../etc/passwd", turn(1))


def test_damaged_state_starts_the_conversation_afresh(store: DatabaseStore) -> None:
    store.update_state("conv-1", lambda _state: {"turns": "not a list"})
    conversations = DatabaseConversationStore(store)
    assert conversations.get("conv-1") is None
    assert [t.question for t in conversations.append("conv-1", turn(7)).turns] == ["question 7"]


def test_concurrent_answers_in_one_conversation_keep_every_turn(store: DatabaseStore) -> None:
    conversations = DatabaseConversationStore(store, max_turns=1000)
    with ThreadPoolExecutor(6) as pool:
        list(pool.map(lambda n: conversations.append("conv-1", turn(n)), range(60)))
    conversation = conversations.get("conv-1")
    assert conversation is not None
    assert sorted(t.question for t in conversation.turns) == sorted(
        f"question {n}" for n in range(60)
    )


def test_the_agent_conversation_store_protocol_is_met() -> None:
    for name in ("get", "append"):
        wanted = inspect.signature(getattr(ConversationStore, name)).parameters
        have = inspect.signature(getattr(DatabaseConversationStore, name)).parameters
        assert list(have) == list(wanted), name
