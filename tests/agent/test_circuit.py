"""The LLM circuit breaker: open after failures in a row, one trial after the cool-down."""

from __future__ import annotations

from pathlib import Path

import pytest

from advisor.agent.circuit import Attempt, LlmCircuit
from advisor.agent.conversations import InMemoryConversationStore
from advisor.agent.service import CIRCUIT_OPEN, AdvisorService
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from advisor.services.protocol import AskRequest
from tests.agent.test_service import LLM_URL, FakeFailure, ScriptedLlm


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _fail(circuit: LlmCircuit, reason: str = "timeout") -> None:
    attempt = circuit.attempt()
    assert attempt is not None
    circuit.record_failure(attempt, reason)


def test_failures_below_the_threshold_keep_it_closed() -> None:
    circuit = LlmCircuit(threshold=3, cool_down_s=10, clock=Clock())
    _fail(circuit)
    _fail(circuit)
    circuit.record_success(Attempt(trial=False))
    _fail(circuit)
    assert circuit.attempt() == Attempt(trial=False)
    assert circuit.snapshot().state == "closed"
    assert circuit.snapshot().consecutive_failures == 1


def test_it_opens_then_lets_one_trial_through_after_the_cool_down() -> None:
    clock = Clock()
    circuit = LlmCircuit(threshold=2, cool_down_s=10, clock=clock)
    _fail(circuit, "unreachable")
    _fail(circuit, "unreachable")
    assert circuit.attempt() is None
    snapshot = circuit.snapshot()
    assert (snapshot.state, snapshot.last_failure) == ("open", "unreachable")
    clock.now += 10
    assert circuit.snapshot().state == "half_open"
    trial = circuit.attempt()
    assert trial == Attempt(trial=True)
    assert circuit.attempt() is None  # nobody else while it runs
    circuit.record_failure(trial, "timeout")  # a failed trial opens it again at once
    assert circuit.attempt() is None
    clock.now += 10
    trial = circuit.attempt()
    assert trial is not None and trial.trial
    circuit.record_success(trial)
    assert circuit.snapshot().state == "closed"
    assert circuit.attempt() == circuit.attempt() == Attempt(trial=False)


def test_a_late_failure_neither_restarts_the_cool_down_nor_ends_the_trial() -> None:
    clock = Clock()
    circuit = LlmCircuit(threshold=1, cool_down_s=10, clock=clock)
    slow = circuit.attempt()  # a question still waiting when the circuit opens
    assert slow is not None
    _fail(circuit)
    clock.now += 9
    circuit.record_failure(slow, "timeout")
    clock.now += 1
    trial = circuit.attempt()
    assert trial is not None and trial.trial  # the cool-down ran from the first failure
    late = Attempt(trial=False)
    circuit.record_failure(late, "timeout")
    assert circuit.attempt() is None  # the trial is still the only one out


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(ValueError):
        LlmCircuit(threshold=0)
    with pytest.raises(ValueError):
        LlmCircuit(cool_down_s=0)


def _service(catalog: Catalog, llm: ScriptedLlm, clock: Clock) -> AdvisorService:
    return AdvisorService(
        Settings(llm_url=LLM_URL, data_dir=Path("/nonexistent")),
        store=InMemoryConversationStore(),
        llm_turn=llm,
        catalog=catalog,
        use_knowledge=False,
        circuit=LlmCircuit(threshold=3, cool_down_s=30, clock=clock),
    )


def test_the_service_stops_asking_a_failing_llm(catalog: Catalog) -> None:
    clock = Clock()
    llm = ScriptedLlm(catalog, *[FakeFailure("timeout")] * 3, "qwen3-8b")
    service = _service(catalog, llm, clock)
    question = AskRequest(question="Qwen3 8B for 20 users")
    reasons = [service.ask(question).fallback_reason for _ in range(5)]
    assert reasons == ["timeout", "timeout", "timeout", CIRCUIT_OPEN, CIRCUIT_OPEN]
    assert len(llm.calls) == 3  # the open circuit did not call the LLM
    clock.now += 30
    trial = service.ask(question)
    assert trial.mode == "llm" and len(llm.calls) == 4
    assert service.circuit.snapshot().state == "closed"
    assert service.metrics.snapshot()["fallbacks_by_reason"] == {"timeout": 3, CIRCUIT_OPEN: 2}


@pytest.mark.parametrize(
    "reason", ["guard_violation", "invalid_tool_arguments", "no_tool_call", "cut_off"]
)
def test_bad_answers_to_crafted_questions_do_not_open_it(catalog: Catalog, reason: str) -> None:
    """Otherwise three injection attempts would switch the LLM off for every user."""
    llm = ScriptedLlm(catalog, *[FakeFailure(reason)] * 5)
    service = _service(catalog, llm, Clock())
    for _ in range(5):
        assert service.ask(AskRequest(question="Qwen3 8B for 20 users")).fallback_reason == reason
    assert len(llm.calls) == 5
    assert service.circuit.snapshot().state == "closed"
