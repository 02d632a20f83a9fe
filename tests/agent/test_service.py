"""AdvisorService: mode selection, fallback on every LLM failure, conversations, metrics."""

from __future__ import annotations

import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from advisor.agent.conversations import InMemoryConversationStore
from advisor.agent.service import FAILURE_REASONS, AdvisorService
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from advisor.errors import InputError
from advisor.services.protocol import AskRequest, AskResponse, Citation, ToolStep
from advisor.services.sizing import size_deployment, sizing_summary

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase

LLM_URL = "http://127.0.0.1:9/v1"


@dataclass
class FakeTurn:
    """What `run_llm_turn` returns, with the fields the service reads."""

    answer: str
    request: dict[str, Any] | None
    sizing: dict[str, Any] | None
    citations: list[Citation] = field(default_factory=list)
    steps: list[ToolStep] = field(default_factory=list)
    guard_events: int = 0


class FakeFailure(Exception):
    """Stands in for LlmFailure: a `reason` and the guard events counted before it."""

    def __init__(self, reason: str, guard_events: int = 0) -> None:
        super().__init__(reason)
        self.reason = reason
        self.guard_events = guard_events


class ScriptedLlm:
    """A `run_llm_turn` that answers from a script and records what it was given."""

    def __init__(self, catalog: Catalog, *outcomes: str | Exception) -> None:
        self.catalog = catalog
        self.outcomes = list(outcomes)
        self.calls: list[dict[str, Any]] = []

    def __call__(self, **kwargs: Any) -> FakeTurn:
        self.calls.append(kwargs)
        outcome = self.outcomes.pop(0)
        if isinstance(outcome, Exception):
            raise outcome
        sized = size_deployment({"model": outcome, "users": 20}, self.catalog)
        return FakeTurn(
            answer=f"LLM: {sizing_summary(sized.report)}",
            request=sized.request,
            sizing=sized.report,
            guard_events=1,
        )


def _service(
    catalog: Catalog,
    kb: KnowledgeBase | None,
    llm: ScriptedLlm | None = None,
    url: str | None = None,
) -> AdvisorService:
    settings = Settings(llm_url=url, data_dir=Path("/nonexistent"))
    return AdvisorService(
        settings,
        store=InMemoryConversationStore(),
        llm_turn=llm,
        catalog=catalog,
        kb=kb,
        use_knowledge=kb is not None,
    )


def test_no_llm_url_answers_offline(catalog: Catalog, kb: KnowledgeBase) -> None:
    llm = ScriptedLlm(catalog)
    service = _service(catalog, kb, llm)
    response = service.ask(AskRequest(question="Llama 3.1 70B for 20 users"))
    assert response.mode == "offline" and response.fallback_reason is None
    assert response.request is not None and response.request.model == "llama-3.1-70b"
    assert response.sizing is not None and response.citations
    assert response.conversation_id
    assert llm.calls == []


def test_an_llm_url_answers_with_the_llm(catalog: Catalog, kb: KnowledgeBase) -> None:
    llm = ScriptedLlm(catalog, "qwen3-8b")
    service = _service(catalog, kb, llm, LLM_URL)
    response = service.ask(AskRequest(question="Qwen3 8B for 20 users", conversation_id="c1"))
    assert response.mode == "llm" and response.answer.startswith("LLM:")
    assert response.request is not None and response.request.model == "qwen3-8b"
    assert response.guard_events == 1
    assert llm.calls[0]["question"] == "Qwen3 8B for 20 users"
    assert llm.calls[0]["language"] == "en" and llm.calls[0]["previous_request"] is None


@pytest.mark.parametrize("reason", sorted(FAILURE_REASONS - {"error"}))  # error: below
def test_every_llm_failure_falls_back_to_the_offline_answer(catalog: Catalog, reason: str) -> None:
    offline = _service(catalog, None).ask(AskRequest(question="Mistral 7B на 30 сотрудников"))
    llm = ScriptedLlm(catalog, FakeFailure(reason, guard_events=2))
    response = _service(catalog, None, llm, LLM_URL).ask(
        AskRequest(question="Mistral 7B на 30 сотрудников")
    )
    assert (response.mode, response.fallback_reason) == ("fallback", reason)
    assert response.answer == offline.answer and response.sizing == offline.sizing
    assert response.language == "ru" and response.guard_events == 2


def test_the_real_llm_failure_type_is_recognised(catalog: Catalog) -> None:
    llm_module = pytest.importorskip("advisor.agent.llm")
    llm = ScriptedLlm(catalog, llm_module.LlmFailure("timeout", "no answer in time"))
    response = _service(catalog, None, llm, LLM_URL).ask(AskRequest(question="phi-4 for 5 users"))
    assert (response.mode, response.fallback_reason) == ("fallback", "timeout")


def test_an_unexpected_exception_is_a_fallback_too(catalog: Catalog) -> None:
    llm = ScriptedLlm(catalog, RuntimeError("bug"))
    response = _service(catalog, None, llm, LLM_URL).ask(AskRequest(question="phi-4 for 5 users"))
    assert (response.mode, response.fallback_reason) == ("fallback", "error")
    assert response.sizing is not None


def test_a_missing_llm_package_is_a_fallback(
    catalog: Catalog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "advisor.agent.llm", None)  # import raises ImportError
    response = _service(catalog, None, None, LLM_URL).ask(AskRequest(question="phi-4 for 5 users"))
    assert (response.mode, response.fallback_reason) == ("fallback", "unavailable")


def test_follow_ups_work_across_modes(catalog: Catalog) -> None:
    llm = ScriptedLlm(catalog, "qwen3-14b", FakeFailure("timeout"), "qwen3-14b")
    service = _service(catalog, None, llm, LLM_URL)
    service.ask(AskRequest(question="Qwen3 14B for 20 users", conversation_id="x"))
    second = service.ask(AskRequest(question="а если в 8 бит?", conversation_id="x"))
    assert second.mode == "fallback"
    assert second.request is not None
    assert (second.request.model, second.request.precision) == ("qwen3-14b", "int8")
    service.ask(AskRequest(question="and for 50 users?", conversation_id="x"))
    third_call = llm.calls[-1]
    assert third_call["previous_request"] == second.request.model_dump(mode="json")
    assert [m["role"] for m in third_call["history"]] == ["user", "assistant"] * 2


def test_a_clarification_keeps_what_was_said(catalog: Catalog) -> None:
    service = _service(catalog, None)
    first = service.ask(AskRequest(question="how much VRAM for 30 users?", conversation_id="d"))
    assert first.request is None and "Which model" in first.answer
    second = service.ask(AskRequest(question="llama 3.1 8b", conversation_id="d"))
    assert second.request is not None and second.request.users == 30


def test_a_question_past_which_model_takes_the_likeliest_and_names_the_others(
    catalog: Catalog,
) -> None:
    """ "а для 20 пользователей?" after "which Gemma 27B?" (QA 30): the conversation asked
    "which model?" of everything; the likeliest is taken, the GPUs kept, the others named."""
    service = _service(catalog, None)
    first = service.ask(
        AskRequest(
            question="У нас есть 2x RTX 3090, потянем гемму 27 с контекстом 200к?",
            conversation_id="g",
        )
    )
    assert first.request is None
    second = service.ask(
        AskRequest(question="а для 20 пользователей одновременно?", conversation_id="g")
    )
    assert second.request is not None
    assert (second.request.model, second.request.gpu, second.request.gpus) == (
        "gemma-3-27b",
        "rtx-3090",
        2,
    )
    assert second.request.users == 20
    assert "Gemma 2 27B" in second.answer


def test_metrics_count_modes_fallbacks_and_guard_events(catalog: Catalog) -> None:
    llm = ScriptedLlm(catalog, "qwen3-8b", FakeFailure("cut_off", 3), FakeFailure("timeout"))
    service = _service(catalog, None, llm, LLM_URL)
    for question in ("qwen3 8b", "phi-4", "mistral 7b"):
        service.ask(AskRequest(question=question))
    assert service.metrics.snapshot() == {
        "answers_by_mode": {"llm": 1, "fallback": 2},
        "fallbacks_by_reason": {"cut_off": 1, "timeout": 1},
        "guard_events": 4,
    }


def test_the_stream_is_the_answer_then_the_response(catalog: Catalog) -> None:
    items = list(_service(catalog, None).ask_stream(AskRequest(question="Gemma 3 12B, 10 users")))
    chunks, final = items[:-1], items[-1]
    assert isinstance(final, AskResponse)
    assert len(chunks) > 1 and all(isinstance(c, str) for c in chunks)
    assert "".join(str(c) for c in chunks) == final.answer


def test_bad_input_names_the_field(catalog: Catalog) -> None:
    service = _service(catalog, None)
    with pytest.raises(InputError) as blank:
        service.ask(AskRequest(question="   "))
    assert blank.value.field == "question"
    with pytest.raises(InputError):
        service.ask(AskRequest(question="phi-4", conversation_id="../../etc"))


def test_resources_open_lazily_once(tmp_path: Path) -> None:
    service = AdvisorService(Settings(data_dir=tmp_path))
    assert service._catalog is None and not service._kb_opened
    assert service.catalog is service.catalog
    assert service.reader is service.reader


def test_with_an_llm_the_engine_steps_stream_before_its_prose(catalog: Catalog) -> None:
    service = _service(catalog, None, ScriptedLlm(catalog, "llama-3.1-70b"), url="http://llm")
    question = "How many GPUs for Llama 3.1 70B with 20 users?"
    items = list(service.ask_stream(AskRequest(question=question)))
    first, final = items[0], items[-1]
    assert isinstance(first, str) and first.startswith("🔧 ")
    sized = size_deployment({"model": "llama-3.1-70b", "users": 20}, catalog).report
    assert f"{sized.gpu.count} x {sized.gpu.name}" in first
    assert isinstance(final, AskResponse) and final.mode == "llm"
    assert "".join(i for i in items[1:-1] if isinstance(i, str)) == final.answer


def test_offline_streams_no_preview(catalog: Catalog) -> None:
    service = _service(catalog, None)
    items = list(service.ask_stream(AskRequest(question="Llama 3.1 8B for 10 users")))
    final = items[-1]
    assert isinstance(final, AskResponse)
    assert "".join(i for i in items[:-1] if isinstance(i, str)) == final.answer


def test_a_model_too_big_for_the_gpu_offers_the_lines_distill(catalog: Catalog) -> None:
    """QA round 32: DeepSeek on one RTX 4090 offered only 24 to 40 GPUs; the line's smaller
    models are its distills (another architecture), in a format that fits."""
    service = _service(catalog, None)
    answer = service.ask(AskRequest(question="can I run deepseek v3 on my single 4090?"))
    smaller = [c for c in answer.make_it_fit if c.change == "smaller_model"]
    assert smaller and smaller[0].fits
    assert smaller[0].request["model"].startswith("deepseek-r1-distill")
    assert smaller[0].request["gpus"] == 1


def test_a_gpu_only_follow_up_keeps_the_requests_the_use_case_set(catalog: Catalog) -> None:
    """A call centre's 2,048 tokens in and 256 out led the answer; "and with RTX 4090s?"
    went back to the 4,096-token default with 1,024 out (QA 48, T11)."""
    service = _service(catalog, None)
    first = service.ask(
        AskRequest(
            question="Чат-бот поддержки клиентов, 100 пользователей одновременно, нужен "
            "быстрый ответ. Модель уровня 8B. Какое железо?",
            conversation_id="call",
        )
    )
    option = first.to_meet_targets
    assert option is not None
    second = service.ask(
        AskRequest(
            question="А если вместо этого взять RTX 4090, сколько штук понадобится?",
            conversation_id="call",
        )
    )
    assert second.request is not None and second.request.gpu == "rtx-4090"
    assert second.request.context == option.size_request["context"] < 4096
    assert second.request.output_tokens == option.size_request["output_tokens"]


def test_a_gpu_only_follow_up_to_a_voice_bot_keeps_its_calls(catalog: Catalog) -> None:
    """A voice bot for 100 calls is a call centre to equip (its goal), and "and with RTX
    4090s?" prices the same calls, speech beside the LLM, on those cards (QA 48-49, T11-T12)."""
    service = _service(catalog, None)
    first = service.ask(
        AskRequest(
            question="Колл-центр, 100 одновременных звонков, голосовой бот, нужен быстрый "
            "ответ. Модель уровня 8B. Какое железо?",
            conversation_id="voice",
        )
    )
    assert first.recommendation is not None and first.recommendation.synthesis_i18n is not None
    second = service.ask(
        AskRequest(
            question="А если вместо этого взять RTX 4090, сколько штук понадобится?",
            conversation_id="voice",
        )
    )
    result = second.recommendation
    assert result is not None and result.synthesis_i18n is not None
    assert result.workload.concurrency == first.recommendation.workload.concurrency
    assert result.workload.input_tokens == first.recommendation.workload.input_tokens
    assert {o.gpu.id for o in result.options} == {"rtx-4090"}
