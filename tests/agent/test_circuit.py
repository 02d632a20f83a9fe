"""The LLM circuit breaker: open after failures in a row, one trial after the cool-down."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.agent.circuit import LlmCircuit
from advisor.agent.conversations import InMemoryConversationStore
from advisor.agent.protocol import AskRequest
from advisor.agent.service import CIRCUIT_OPEN, AdvisorService
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from tests.agent.test_service import LLM_URL, FakeFailure, ScriptedLlm


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_failures_below_the_threshold_keep_it_closed() -> None:
    circuit = LlmCircuit(threshold=3, cool_down_s=10, clock=Clock())
    circuit.record_failure("timeout")
    circuit.record_failure("timeout")
    circuit.record_success()
    circuit.record_failure("timeout")
    assert circuit.allow()
    assert circuit.snapshot().state == "closed"
    assert circuit.snapshot().consecutive_failures == 1


def test_it_opens_then_lets_one_trial_through_after_the_cool_down() -> None:
    clock = Clock()
    circuit = LlmCircuit(threshold=2, cool_down_s=10, clock=clock)
    circuit.record_failure("unreachable")
    circuit.record_failure("unreachable")
    assert not circuit.allow()
    snapshot = circuit.snapshot()
    assert (snapshot.state, snapshot.last_failure) == ("open", "unreachable")
    clock.now += 10
    assert circuit.snapshot().state == "half_open"
    assert circuit.allow()  # the trial
    assert not circuit.allow()  # nobody else while it runs
    circuit.record_failure("timeout")  # a failed trial opens it again at once
    assert not circuit.allow()
    clock.now += 10
    assert circuit.allow()
    circuit.record_success()
    assert circuit.snapshot().state == "closed" and circuit.allow() and circuit.allow()


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError):
        LlmCircuit(threshold=0)
    with pytest.raises(ValueError):
        LlmCircuit(cool_down_s=0)


def test_the_service_stops_asking_a_failing_llm(catalog: Catalog) -> None:
    clock = Clock()
    llm = ScriptedLlm(catalog, *[FakeFailure("timeout")] * 3, "qwen3-8b")
    service = AdvisorService(
        Settings(llm_url=LLM_URL, data_dir=Path("/nonexistent")),
        store=InMemoryConversationStore(),
        llm_turn=llm,
        catalog=catalog,
        use_knowledge=False,
        circuit=LlmCircuit(threshold=3, cool_down_s=30, clock=clock),
    )
    question = AskRequest(question="Qwen3 8B for 20 users")
    reasons = [service.ask(question).fallback_reason for _ in range(5)]
    assert reasons == ["timeout", "timeout", "timeout", CIRCUIT_OPEN, CIRCUIT_OPEN]
    assert len(llm.calls) == 3  # the open circuit did not call the LLM
    clock.now += 30
    trial = service.ask(question)
    assert trial.mode == "llm" and len(llm.calls) == 4
    assert service.circuit.snapshot().state == "closed"
    assert service.metrics.snapshot()["fallbacks_by_reason"] == {"timeout": 3, CIRCUIT_OPEN: 2}
