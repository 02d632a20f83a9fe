from __future__ import annotations

import threading
from pathlib import Path

import pytest

from advisor.agent.conversations import (
    FileConversationStore,
    InMemoryConversationStore,
    Turn,
)
from advisor.errors import InputError


def _turn(number: int, request: dict[str, object] | None = None) -> Turn:
    return Turn(
        question=f"q{number}", answer=f"a{number}", language="en", mode="offline", request=request
    )


def test_the_least_recently_used_conversation_goes_first() -> None:
    store = InMemoryConversationStore(max_conversations=2)
    store.append("a", _turn(1))
    store.append("b", _turn(2))
    assert store.get("a") is not None  # "a" is now the most recent
    store.append("c", _turn(3))
    assert store.get("b") is None
    assert store.get("a") is not None and store.get("c") is not None
    assert len(store) == 2


def test_a_conversation_keeps_its_last_turns() -> None:
    store = InMemoryConversationStore(max_turns=3)
    for number in range(5):
        store.append("a", _turn(number))
    conversation = store.get("a")
    assert conversation is not None
    assert [t.question for t in conversation.turns] == ["q2", "q3", "q4"]


def test_the_latest_request_is_what_follow_ups_change() -> None:
    store = InMemoryConversationStore()
    store.append("a", _turn(1, {"model": "qwen3-8b"}))
    store.append("a", _turn(2))  # an explanation in between
    conversation = store.get("a")
    assert conversation is not None
    assert conversation.last_request == {"model": "qwen3-8b"}
    assert conversation.history()[0] == {"role": "user", "content": "q1"}


def test_a_draft_waits_for_the_model() -> None:
    store = InMemoryConversationStore()
    store.append("a", _turn(1, {"model": "qwen3-8b"}))
    waiting = Turn(question="q", answer="which?", language="en", mode="offline", draft={"users": 5})
    store.append("a", waiting)
    conversation = store.get("a")
    assert conversation is not None
    assert conversation.reading_context == {"users": 5}
    assert conversation.last_request == {"model": "qwen3-8b"}


def test_concurrent_appends_lose_nothing() -> None:
    store = InMemoryConversationStore(max_turns=1000)

    def work(offset: int) -> None:
        for number in range(50):
            store.append("shared", _turn(offset + number))

    threads = [threading.Thread(target=work, args=(i * 100,)) for i in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    conversation = store.get("shared")
    assert conversation is not None and len(conversation.turns) == 200


def test_the_file_store_persists_across_instances(tmp_path: Path) -> None:
    FileConversationStore(tmp_path).append("t-1", _turn(1, {"model": "mistral-7b"}))
    conversation = FileConversationStore(tmp_path).get("t-1")
    assert conversation is not None and conversation.last_request == {"model": "mistral-7b"}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["t-1.json"]  # no temporary left


def test_a_damaged_file_starts_afresh(tmp_path: Path) -> None:
    (tmp_path / "x.json").write_text("{not json", "utf-8")
    store = FileConversationStore(tmp_path)
    assert store.get("x") is None
    assert len(store.append("x", _turn(1)).turns) == 1


@pytest.mark.parametrize("bad", ["../etc", "", "a/b", "-x", "x" * 101])
def test_ids_that_could_escape_the_directory_are_refused(tmp_path: Path, bad: str) -> None:
    with pytest.raises(InputError):
        FileConversationStore(tmp_path).append(bad, _turn(1))
    with pytest.raises(InputError):
        InMemoryConversationStore().append(bad, _turn(1))
