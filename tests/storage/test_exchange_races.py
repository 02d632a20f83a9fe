"""Races between answering and storing, on both backends (each test failed before its fix).

- The conversation-length cap was checked, then written, without a lock: two answers
  racing for the last place both got it.
- The follow-up state was committed in its own transaction before the exchange: when
  storing the exchange failed, the next question built on an answer nobody received.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy.exc import OperationalError

from advisor.agent.service import AdvisorService
from advisor.config import Settings
from advisor.errors import InputError
from advisor.services.asking import AdvisorGateway, Answered
from advisor.services.protocol import AskRequest, AskResponse
from advisor.storage import DatabaseStore
from advisor.storage.conversations import DatabaseConversationStore

CAP = 6


class BarrierService:
    """Answers only once `parties` questions are being answered at the same time, so each
    has passed the gateway's early cap check before any is stored."""

    def __init__(self, parties: int) -> None:
        self.barrier = threading.Barrier(parties, timeout=10)

    def answer(self, request: AskRequest) -> Answered:
        self.barrier.wait()
        conversation_id = request.conversation_id or "none"
        return Answered(
            AskResponse(
                answer="2 x H100",
                language="en",
                mode="offline",
                citations=[],
                request=None,
                sizing=None,
                conversation_id=conversation_id,
            )
        )


def test_two_answers_racing_for_the_last_place_do_not_both_take_it(store: DatabaseStore) -> None:
    conversation = "race_for_the_cap"
    for _ in range(CAP // 2 - 1):
        store.add_exchange(conversation, "q", "a")
    gateway = AdvisorGateway(BarrierService(2), store, max_conversation_messages=CAP)  # type: ignore[arg-type]
    outcomes: list[object] = []

    def ask() -> None:
        try:
            outcomes.append(
                gateway.ask(AskRequest(question="and now?", conversation_id=conversation))
            )
        except InputError as refused:
            outcomes.append(refused)

    threads = [threading.Thread(target=ask) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    refused = [o for o in outcomes if isinstance(o, InputError)]
    assert len(refused) == 1 and refused[0].field == "conversation_id"
    assert store.message_count(conversation) == CAP


@pytest.fixture
def service(store: DatabaseStore, tmp_path: Path) -> Iterator[AdvisorService]:
    settings = Settings(data_dir=tmp_path, llm_url=None)
    advisor = AdvisorService(settings, store=DatabaseConversationStore(store), use_knowledge=False)
    yield advisor
    advisor.close()


def test_a_failed_exchange_leaves_the_follow_up_state_as_it_was(
    store: DatabaseStore, service: AdvisorService, monkeypatch: pytest.MonkeyPatch
) -> None:
    gateway = AdvisorGateway(service, store)
    first = gateway.ask(AskRequest(question="Llama 3.1 70B for 20 users on H100"))
    conversation = first.conversation_id
    before = store.load_state(conversation)
    assert before is not None and len(before["turns"]) == 1

    def outage(*_: object, **__: object) -> None:
        raise OperationalError("INSERT", {}, Exception("database is gone"))

    monkeypatch.setattr(DatabaseStore, "_insert", outage)
    with pytest.raises(OperationalError):
        gateway.ask(AskRequest(question="and for 50 users?", conversation_id=conversation))
    monkeypatch.undo()
    assert store.load_state(conversation) == before
    assert store.message_count(conversation) == 2
    # The retry answers from the state the user saw: 50 users on the first request.
    retry = gateway.ask(AskRequest(question="and for 50 users?", conversation_id=conversation))
    assert retry.request is not None and retry.request.users == 50
    after = store.load_state(conversation)
    assert after is not None and len(after["turns"]) == 2
