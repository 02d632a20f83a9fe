"""Many writers at once lose no row: threads on one store and on separate stores (as
separate app processes would be), on SQLite WAL and PostgreSQL."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from sqlalchemy import func, select

from advisor.storage import DatabaseStore
from advisor.storage.models import Feedback, Message

WRITERS = 8
MESSAGES_EACH = 40


def test_concurrent_writers_lose_no_message(database_url: str) -> None:
    stores = [DatabaseStore.open(database_url) for _ in range(2)]

    def chat(writer: int) -> list[str]:
        store = stores[writer % len(stores)]
        conversation = f"conv_{writer % 3}"  # writers share conversations too
        written = []
        for number in range(MESSAGES_EACH):
            question = store.add_message(conversation, "user", f"w{writer} q{number}")
            answer = store.add_message(conversation, "assistant", "a", {"mode": "offline"})
            store.add_feedback(answer.id, "up" if number % 2 else "down")
            written += [question.id, answer.id]
        return written

    with ThreadPoolExecutor(WRITERS) as pool:
        acknowledged = [i for ids in pool.map(chat, range(WRITERS)) for i in ids]

    with stores[0].engine.connect() as connection:
        stored = set(connection.scalars(select(Message.id)))
        feedback = connection.scalar(select(func.count()).select_from(Feedback))
    for store in stores:
        store.close()
    assert len(acknowledged) == len(set(acknowledged)) == WRITERS * MESSAGES_EACH * 2
    assert stored == set(acknowledged)
    assert feedback == WRITERS * MESSAGES_EACH


def test_every_answer_links_to_its_own_question_under_concurrency(database_url: str) -> None:
    store = DatabaseStore.open(database_url)

    def turn(number: int) -> tuple[str, str]:
        conversation = f"conv_{number}"
        question = store.add_message(conversation, "user", f"q{number}")
        answer = store.add_message(conversation, "assistant", f"a{number}", {"mode": "offline"})
        return question.id, answer.id

    with ThreadPoolExecutor(WRITERS) as pool:
        pairs = list(pool.map(turn, range(60)))
    with store.engine.connect() as connection:
        links = {row.id: row.in_reply_to for row in connection.execute(select(Message))}
    store.close()
    assert all(links[answer] == question for question, answer in pairs)
