"""DatabaseStore on SQLite and PostgreSQL: what is written comes back, stats add up."""

from __future__ import annotations

import inspect
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.exc import StatementError

from advisor.storage import DatabaseStore, UnknownConversationError, UnknownMessageError
from advisor.storage.store import is_unanswered, question_key


def answer_payload(**overrides: Any) -> dict[str, Any]:
    """An ask JSON as the agent returns it, sized and cited."""
    payload: dict[str, Any] = {
        "answer": "You need 2 x H100.",
        "language": "en",
        "mode": "offline",
        "request": {"model": "llama-3.1-70b", "gpu": "h100-sxm-80gb", "precision": "fp8"},
        "sizing": {"gpus": 2, "gpu": "h100-sxm-80gb"},
        "citations": [{"id": "doc#1", "title": "T", "section": "S"}],
        "conversation_id": "ignored",
        "fallback_reason": None,
        "guard_events": 0,
    }
    payload.update(overrides)
    return payload


CLARIFYING = {"mode": "offline", "sizing": None, "request": None, "citations": []}


def test_a_message_comes_back_as_written(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    payload = answer_payload()
    stored = store.add_message(conversation, "assistant", "Two H100, see [1].", payload)

    assert stored.id.startswith("msg_")
    assert store.get_message(stored.id) == stored
    assert stored.payload == payload
    assert stored.conversation_id == conversation
    assert abs(stored.created_at - datetime.now(UTC).timestamp()) < 60


def test_any_text_is_stored(store: DatabaseStore) -> None:
    text = "GPU\x00 \u200b🤖 שלום <script>'; DROP TABLE messages; --\r\n" + "x" * 5000
    stored = store.add_message("conv_text", "user", text, {"answer": "a\x00b"})
    answer = store.add_message("conv_text", "assistant", "ok")
    store.add_feedback(answer.id, "down", "bad\x00 comment")

    expected = text.replace("\x00", "\ufffd")
    assert stored.content == expected
    assert store.conversation("conv_text").messages[0].content == expected
    assert store.get_message(stored.id) == stored
    assert stored.payload == {"answer": "a\x00b"}
    feedback = store.get_feedback(answer.id)
    assert feedback is not None and feedback.comment == "bad\ufffd comment"


def test_a_message_creates_its_conversation(store: DatabaseStore) -> None:
    store.add_message("conv-from-agent", "user", "Сколько нужно GPU для Llama 70B?")
    store.add_message("conv-from-agent", "user", "А для 8B?")

    view = store.conversation("conv-from-agent")
    assert [m.content for m in view.messages] == [
        "Сколько нужно GPU для Llama 70B?",
        "А для 8B?",
    ]
    assert store.message_count("conv-from-agent") == 2


def test_conversation_view_has_the_admin_shape(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    question = store.add_message(conversation, "user", "How many GPUs for Llama 70B?")
    answer = store.add_message(conversation, "assistant", "Two.", answer_payload())
    store.add_feedback(answer.id, "up", "clear")

    body = store.conversation(conversation).model_dump(mode="json")
    assert set(body) == {"id", "messages"}
    assert body["id"] == conversation
    assert [(m["id"], m["role"], m["content"]) for m in body["messages"]] == [
        (question.id, "user", "How many GPUs for Llama 70B?"),
        (answer.id, "assistant", "Two."),
    ]
    assert body["messages"][0]["feedback"] is None
    assert body["messages"][1]["feedback"]["rating"] == "up"
    assert body["messages"][1]["feedback"]["comment"] == "clear"


def test_messages_keep_their_order_when_written_fast(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    ids = [store.add_message(conversation, "user", f"q{i}").id for i in range(30)]
    assert [m.id for m in store.conversation(conversation).messages] == ids


def test_unknown_conversation_is_a_typed_error(store: DatabaseStore) -> None:
    with pytest.raises(UnknownConversationError) as caught:
        store.conversation("conv_missing")
    assert caught.value.conversation_id == "conv_missing"
    with pytest.raises(UnknownConversationError):
        store.export_markdown("conv_missing")


def test_feedback_on_an_unknown_message_is_a_typed_error(store: DatabaseStore) -> None:
    with pytest.raises(UnknownMessageError) as caught:
        store.add_feedback("msg_nope", "up")
    assert caught.value.message_id == "msg_nope"
    assert store.get_feedback("msg_nope") is None


def test_the_latest_feedback_wins(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    answer = store.add_message(conversation, "assistant", "Two.", answer_payload())
    assert store.get_feedback(answer.id) is None

    store.add_feedback(answer.id, "up", "good")
    changed = store.add_feedback(answer.id, "down", "wrong GPU")

    assert store.get_feedback(answer.id) == changed
    assert (changed.rating, changed.comment) == ("down", "wrong GPU")
    assert store.stats().feedback.model_dump() == {"up": 0, "down": 1, "ratio": 0.0}


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda s, m: s.add_message("c", "system", "x"), "role"),
        (lambda s, m: s.add_feedback(m, "meh"), "rating"),
    ],
)
def test_bad_values_name_the_field(store: DatabaseStore, call: Any, field: str) -> None:
    message = store.add_message("c", "assistant", "Two.")
    with pytest.raises(ValueError, match=rf"^{field}: must be one of"):
        call(store, message.id)


def test_sizing_of_an_answer_is_kept_with_it(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    payload = answer_payload()
    answer = store.add_message(conversation, "assistant", "Two.", payload)
    rerun = store.add_sizing(conversation, {"model": "qwen2.5-7b"}, {"gpus": 1})

    export = store.export_json(conversation)
    assert [(s["message_id"], s["request"], s["result"]) for s in export["sizings"]] == [
        (answer.id, payload["request"], payload["sizing"]),
        (None, {"model": "qwen2.5-7b"}, {"gpus": 1}),
    ]
    assert isinstance(rerun, int)
    with pytest.raises(UnknownMessageError):
        store.add_sizing(conversation, {}, {}, message_id="msg_nope")


def test_export_json_carries_every_detail(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    store.add_message(conversation, "user", "How many GPUs?")
    payload = answer_payload(mode="fallback", fallback_reason="llm_timeout", guard_events=2)
    store.add_message(conversation, "assistant", "Two.", payload)

    export = store.export_json(conversation)
    answer = export["messages"][1]
    assert answer["mode"] == "fallback"
    assert answer["fallback_reason"] == "llm_timeout"
    assert answer["guard_events"] == 2
    assert answer["language"] == "en"
    assert answer["unanswered"] is False
    assert datetime.fromisoformat(answer["created_at"]).tzinfo is not None


def test_export_markdown_quotes_users_and_shows_feedback(store: DatabaseStore) -> None:
    conversation = store.start_conversation()
    store.add_message(conversation, "user", "# Ignore all\nHow many GPUs?")
    answer = store.add_message(conversation, "assistant", "You need **2** H100.", answer_payload())
    store.add_feedback(answer.id, "down", "too expensive")

    text = store.export_markdown(conversation)
    assert text.startswith(f"# Conversation {conversation}\n")
    assert "> # Ignore all\n> How many GPUs?" in text
    assert "\n# Ignore all" not in text
    assert "You need **2** H100." in text
    assert "Sizing run: model llama-3.1-70b, gpu h100-sxm-80gb, precision fp8." in text
    assert "Feedback: down: too expensive" in text


def test_stats_count_modes_fallbacks_guard_and_feedback(store: DatabaseStore) -> None:
    answers = [
        answer_payload(mode="llm"),
        answer_payload(mode="llm", guard_events=3),
        answer_payload(mode="fallback", fallback_reason="llm_timeout"),
        answer_payload(mode="fallback", fallback_reason="llm_timeout"),
        answer_payload(mode="fallback", fallback_reason="guard_rejected", guard_events=1),
        CLARIFYING,
    ]
    ids = []
    for number, payload in enumerate(answers):
        conversation = f"conv_{number % 2}"
        store.add_message(conversation, "user", f"question {number}")
        ids.append(store.add_message(conversation, "assistant", "answer", payload).id)
    for message_id, rating in zip(ids, ["up", "up", "up", "down"], strict=False):
        store.add_feedback(message_id, rating)

    stats = store.stats()
    assert stats.volume.model_dump() == {"conversations": 2, "questions": 6, "answers": 6}
    assert stats.modes == {"llm": 2, "fallback": 3, "offline": 1}
    assert stats.fallbacks.model_dump() == {
        "total": 3,
        "by_reason": {"llm_timeout": 2, "guard_rejected": 1},
    }
    assert stats.guard.model_dump() == {"answers_with_events": 2, "events": 4}
    assert stats.feedback.model_dump() == {"up": 3, "down": 1, "ratio": 0.75}
    assert [(q.question, q.count) for q in stats.unanswered_questions] == [("question 5", 1)]


def test_top_questions_group_the_same_question_typed_differently(store: DatabaseStore) -> None:
    for text in ["How many GPUs?", "how many  GPUs", "How many GPUs ?!", "Which server?"]:
        conversation = store.start_conversation()
        store.add_message(conversation, "user", text)
        store.add_message(conversation, "assistant", "Please name a model.", CLARIFYING)

    stats = store.stats(top=1)
    assert [q.count for q in stats.top_questions] == [3]
    assert question_key(stats.top_questions[0].question) == "how many gpus"
    assert [q.count for q in stats.unanswered_questions] == [3]
    assert [q.count for q in store.stats().top_questions] == [3, 1]


def test_stats_since_leaves_older_traffic_out(store: DatabaseStore) -> None:
    store.add_message("conv_old", "user", "old question")
    cutoff = datetime.now(UTC) + timedelta(milliseconds=5)
    while datetime.now(UTC) <= cutoff:
        pass
    store.add_message("conv_new", "user", "new question")

    recent = store.stats(since=cutoff)
    assert recent.volume.questions == 1
    assert recent.volume.conversations == 1
    assert [q.question for q in recent.top_questions] == ["new question"]
    assert store.stats().volume.questions == 2


def test_an_empty_store_has_empty_stats(store: DatabaseStore) -> None:
    stats = store.stats()
    assert stats.volume.model_dump() == {"conversations": 0, "questions": 0, "answers": 0}
    assert stats.feedback.ratio is None
    assert stats.top_questions == []


@pytest.mark.parametrize(
    ("payload", "expected"),
    [
        (None, False),
        ({"mode": "offline"}, False),
        (answer_payload(), False),
        (answer_payload(sizing=None), False),
        (answer_payload(sizing=None, citations=[]), True),
        (answer_payload(unanswered=True), True),
        (dict(CLARIFYING, unanswered=False), False),
    ],
)
def test_unanswered_reading(payload: dict[str, Any] | None, expected: bool) -> None:
    assert is_unanswered(payload) is expected


def test_the_api_message_store_protocol_is_met() -> None:
    """Same method names and parameters as advisor.services.asking.MessageStore, in order."""
    from advisor.services import asking as api_store

    for name in (
        "add_exchange",
        "add_feedback",
        "get_feedback",
        "get_message",
        "message_count",
    ):
        wanted = list(inspect.signature(getattr(api_store.MessageStore, name)).parameters)
        have = list(inspect.signature(getattr(DatabaseStore, name)).parameters)
        assert have[: len(wanted)] == wanted, name


def test_an_exchange_is_stored_whole_or_not_at_all(store: DatabaseStore) -> None:
    asked, answered = store.add_exchange(
        "conv-x", "How many GPUs?", "2 x H100.", answer_payload(unanswered=False)
    )
    view = store.conversation("conv-x")
    assert [m.id for m in view.messages] == [asked.id, answered.id]
    with pytest.raises((StatementError, TypeError)):  # JSON refuses the answer's payload
        store.add_exchange("conv-y", "And for 100 users?", "…", {"sizing": object()})
    assert store.message_count("conv-y") == 0  # so the question was not kept either
