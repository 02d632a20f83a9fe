"""run_llm_turn over a scripted chat model: the loop, the failures, the guard, the caps."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from typing import Any

import pytest
from langchain_core.messages import AIMessage

from advisor.agent.llm import LlmFailure, LlmTurn, run_llm_turn
from advisor.agent.llm.factory import MAX_MODEL_CALLS
from advisor.catalog.loader import load_catalog
from advisor.config import Settings
from advisor.services import sizing as advisor_tools
from advisor.services.recommendation import recommend_deployment
from knowledge.retrieval import Passage
from tests.agent_llm.scripted import ScriptedChatModel, sizing_args, tool_call

CATALOG = load_catalog()
SETTINGS = Settings(llm_url="http://127.0.0.1:9/v1", llm_model="scripted", llm_timeout_s=30)
FORCED = {"type": "function", "function": {"name": "size_deployment"}}


class FakeKnowledgeBase:
    """Two fixed passages, whatever the query; records the queries."""

    def __init__(self) -> None:
        self.queries: list[str] = []

    def search(self, query: str, k: int = 5, *, language: str | None = None) -> list[Passage]:
        self.queries.append(query)
        return [
            Passage(
                id=f"server-en#{i}",
                doc="server-en",
                title="The server beyond the GPU",
                section=f"Section {i}",
                language="en",
                text=f"Plan system RAM at twice the GPU memory (note {i}).",
                score=1.0,
                anchor=f"server-en#{i}",
            )
            for i in (1, 2)
        ][:k]


def turn(
    model: ScriptedChatModel | None,
    question: str,
    *,
    language: str = "en",
    previous: dict[str, Any] | None = None,
    kb: FakeKnowledgeBase | None = None,
    history: list[dict[str, str]] | None = None,
    settings: Settings = SETTINGS,
) -> LlmTurn:
    """One turn over `model`; None = the ChatOpenAI `settings` configure (a real socket)."""
    return run_llm_turn(
        question=question,
        language=language,  # type: ignore[arg-type]
        history=history or [],
        previous_request=previous,
        settings=settings,
        catalog=CATALOG,
        kb=kb,  # type: ignore[arg-type]
        model=model,
    )


def engine(**arguments: Any) -> advisor_tools.SizingOutcome:
    return advisor_tools.size_deployment(arguments, CATALOG)


def answer_for(outcome: advisor_tools.SizingOutcome) -> str:
    """An answer a good model would write: figures copied from the engine's report."""
    report = outcome.report
    return (
        f"You need {report.gpu.count} x {report.gpu.name}. "
        f"Each GPU holds {report.memory.per_gpu_gb} GB."
    )


def failure(model: ScriptedChatModel, question: str, **kwargs: Any) -> LlmFailure:
    with pytest.raises(LlmFailure) as caught:
        turn(model, question, **kwargs)
    return caught.value


def test_tool_call_then_answer() -> None:
    expected = engine(model="llama-3.1-70b", users=20)
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b", users=20)),
            AIMessage(content=answer_for(expected)),
        ]
    )
    result = turn(model, "How many GPUs for Llama 3.1 70B with 20 users?")

    assert result.request == expected.request
    assert result.sizing == expected.report
    assert result.answer == answer_for(expected)
    assert result.guard_events == 0
    assert [s.name for s in result.steps] == ["size_deployment"]
    assert result.steps[0].summary == advisor_tools.sizing_summary(expected.report)
    first, second = model.calls
    assert first["tool_choice"] == FORCED
    assert first["tool_names"] == ["size_deployment"]
    assert first["strict"] is True and first["parallel_tool_calls"] is False
    assert "tool_names" not in second  # no knowledge base: no tool left to offer


def test_follow_up_keeps_the_previous_request() -> None:
    previous = engine(model="llama-3.1-8b", precision="fp8", users=20).request.model_dump(
        mode="json"
    )
    expected = engine(model="llama-3.1-8b", precision="fp8", users=50)
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(users=50)),
            AIMessage(content=answer_for(expected)),
        ]
    )
    history = [
        {"role": "user", "content": "Llama 3.1 8B in FP8 for 20 users?"},
        {"role": "assistant", "content": "One H100 is enough."},
    ]
    result = turn(model, "and for 50 users?", previous=previous, history=history)

    assert result.request == expected.request
    system = model.calls[0]["messages"][0].content
    assert '"users": 20' in system and '"model": "llama-3.1-8b"' in system
    # The forced call sees no history (the previous request carries it); the answer does.
    assert [m.type for m in model.calls[0]["messages"]] == ["system", "human"]
    assert [m.type for m in model.calls[1]["messages"]][:3] == ["system", "human", "ai"]


def test_russian_turn_uses_the_russian_prompt() -> None:
    expected = engine(model="qwen2.5-7b", users=10)
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="qwen2.5-7b", users=10)),
            AIMessage(
                content=f"Нужна {expected.report.gpu.count} карта "
                f"{expected.report.gpu.name}, "
                f"{str(expected.report.memory.per_gpu_gb).replace('.', ',')} ГБ на GPU."
            ),
        ]
    )
    result = turn(model, "Сколько видеокарт нужно для Qwen2.5 7B на 10 сотрудников?", language="ru")

    assert "Отвечай по-русски" in model.calls[0]["messages"][0].content
    assert result.guard_events == 0
    assert result.request == expected.request


def test_one_invalid_call_is_retried() -> None:
    expected = engine(model="llama-3.1-8b")
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-7b"), "call_1"),
            tool_call("size_deployment", sizing_args(model="llama-3.1-8b"), "call_2"),
            AIMessage(content=answer_for(expected)),
        ]
    )
    result = turn(model, "GPUs for llama 3.1 8b?")

    assert [s.summary.startswith("rejected") for s in result.steps] == [True, False]
    assert "llama-3.1-8b" in model.calls[1]["messages"][-1].content  # nearest ids shown
    assert model.calls[1]["tool_choice"] == FORCED  # still no sizing: still forced


def test_two_invalid_calls_fail() -> None:
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="no-such-model"), "call_1"),
            tool_call("size_deployment", sizing_args(model="llama-3.1-8b", context=0), "call_2"),
        ]
    )
    caught = failure(model, "GPUs for llama 3.1 8b?")
    assert caught.reason == "invalid_tool_arguments"
    assert "context" in caught.detail
    assert len(caught.steps) == 2 and caught.sizing is None


def test_malformed_tool_call_json_is_invalid_arguments() -> None:
    broken = AIMessage(
        content="",
        invalid_tool_calls=[
            {"name": "size_deployment", "args": "{model:", "id": "c1", "error": "bad json"}
        ],
    )
    caught = failure(ScriptedChatModel(script=[broken]), "GPUs for llama 3.1 8b?")
    assert caught.reason == "invalid_tool_arguments"


def test_sizing_question_without_a_tool_call() -> None:
    model = ScriptedChatModel(script=[AIMessage(content="You need 2 GPUs.")])
    assert failure(model, "How many GPUs for Llama 3.1 70B?").reason == "no_tool_call"


def test_an_empty_answer_is_incomplete_not_a_server_error() -> None:
    """The model's failing: it must not count towards opening the circuit."""
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b", users=20)),
            AIMessage(content="  "),
        ]
    )
    assert failure(model, "How many GPUs for Llama 3.1 70B with 20 users?").reason == "incomplete"


def test_cut_off_answer() -> None:
    cut = AIMessage(content="You need", response_metadata={"finish_reason": "length"})
    model = ScriptedChatModel(
        script=[tool_call("size_deployment", sizing_args(model="llama-3.1-8b")), cut]
    )
    caught = failure(model, "GPUs for llama 3.1 8b?")
    assert caught.reason == "cut_off"
    assert caught.request == engine(model="llama-3.1-8b").request  # the fallback can reuse it


def test_guard_repairs_an_answer_that_keeps_the_count() -> None:
    expected = engine(model="llama-3.1-70b")
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b")),
            AIMessage(content=answer_for(expected) + " It will cost about $95,000."),
        ]
    )
    result = turn(model, "GPUs for Llama 3.1 70B?")
    assert result.answer == answer_for(expected)
    assert result.guard_events == 1


def test_guard_violation_when_the_count_is_invented() -> None:
    expected = engine(model="llama-3.1-70b")
    wrong = 13
    assert expected.report.gpu.count != wrong
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b")),
            AIMessage(content=f"You need {wrong} x H100."),
        ]
    )
    caught = failure(model, "GPUs for Llama 3.1 70B?")
    assert caught.reason == "guard_violation"
    assert caught.guard_events == 1
    assert caught.sizing == expected.report


def test_knowledge_question_searches_and_cites() -> None:
    kb = FakeKnowledgeBase()
    model = ScriptedChatModel(
        script=[
            tool_call("search_knowledge", {"query": "why so much RAM", "language": None}),
            AIMessage(content="Plan system RAM at twice the GPU memory [2]. See also [7]."),
        ]
    )
    result = turn(model, "Why does ECC RAM matter?", kb=kb)

    assert model.calls[0]["tool_choice"] == "auto"
    assert model.calls[0]["tool_names"] == ["search_knowledge"]  # no sizing tools unforced
    assert kb.queries == ["why so much RAM"]
    assert [c.id for c in result.citations] == ["server-en#2"]
    assert result.answer == "Plan system RAM at twice the GPU memory [2]. See also."
    assert result.guard_events == 1  # the invented citation [7]
    assert result.request is None and result.sizing is None


def test_compare_question_forces_compare_and_carries_a_sizing() -> None:
    model = ScriptedChatModel(
        script=[
            tool_call("compare_gpus", sizing_args(model="llama-3.1-8b")),
            AIMessage(content="An NVIDIA L4 is the cheapest card that fits."),
        ]
    )
    result = turn(model, "Compare GPUs for Llama 3.1 8B", kb=FakeKnowledgeBase())
    assert model.calls[0]["tool_choice"] == {
        "type": "function",
        "function": {"name": "compare_gpus"},
    }
    assert model.calls[1]["tool_names"] == ["search_knowledge"]
    assert result.sizing == engine(model="llama-3.1-8b").report
    assert result.guard_events == 0


def test_tool_call_cap_stops_a_looping_model() -> None:
    loop = [
        tool_call("search_knowledge", {"query": f"q{i}", "language": None}, f"c{i}")
        for i in range(MAX_MODEL_CALLS + 1)
    ]
    caught = failure(ScriptedChatModel(script=loop), "Why RAM?", kb=FakeKnowledgeBase())
    assert caught.reason == "error"
    assert "limit" in caught.detail.lower()


def test_deadline_bounds_the_turn() -> None:
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-8b")),
            AIMessage(content="never reached"),
        ],
        delay_s=2.0,
    )
    # a margin for the turn's set-up on a loaded machine (at 0.1 s it expired before the
    # first call under a full parallel suite); the call itself outlasts the deadline
    settings = SETTINGS.model_copy(update={"llm_timeout_s": 0.5})
    caught = failure(model, "GPUs for llama 3.1 8b?", settings=settings)
    assert caught.reason == "timeout"
    assert len(model.calls) == 1


@pytest.fixture
def silent_server() -> Iterator[str]:
    """A base URL whose server accepts connections and never answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen()
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1"


@pytest.mark.timeout(30)  # the bound under test: a hang would fail here
def test_silent_server_times_out(silent_server: str) -> None:
    settings = Settings(llm_url=silent_server, llm_model="m", llm_timeout_s=1.0)
    with pytest.raises(LlmFailure) as caught:
        turn(None, "GPUs for llama 3.1 8b?", settings=settings)  # the real ChatOpenAI
    assert caught.value.reason == "timeout"


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
    return port  # closed again: connections are refused


@pytest.mark.parametrize("model_name", ["smollm2-135m", None])
def test_unreachable_server(model_name: str | None) -> None:
    settings = Settings(
        llm_url=f"http://127.0.0.1:{_closed_port()}/v1", llm_model=model_name, llm_timeout_s=5
    )
    with pytest.raises(LlmFailure) as caught:
        turn(None, "GPUs for llama 3.1 8b?", settings=settings)  # the real ChatOpenAI
    assert caught.value.reason == "unreachable"


def recommend_args(**given: Any) -> dict[str, Any]:
    """Strict-schema arguments of recommend_deployment: every field, null unless given."""
    from advisor.recommend import RecommendRequest

    return {name: given.get(name) for name in RecommendRequest.model_fields}


GOAL_QUESTION = "A document chatbot for 200 staff: which server do we need?"


def test_goal_question_recommends_and_names_the_gpus() -> None:
    expected = recommend_deployment(
        {"use_case": "rag", "headcount": 200, "language": "en"}, CATALOG
    )
    lead = next(o for o in expected.options if o.label == "recommended")
    text = (
        f"Take {lead.gpu.count} x {lead.gpu.name} with {lead.model_name}: "
        f"{lead.max_concurrent_users} users at once, ${lead.cost.capex_usd:,.0f} to buy."
    )
    model = ScriptedChatModel(
        script=[
            tool_call(
                "recommend_deployment",
                recommend_args(use_case="rag", headcount=200, language="en"),
            ),
            AIMessage(content=text),
        ]
    )
    result = turn(model, GOAL_QUESTION)
    assert result.recommendation == expected
    assert result.goal is not None and result.goal.gpu == lead.gpu.id
    assert result.answer == text and result.guard_events == 0
    assert model.calls[0]["tool_choice"]["function"]["name"] == "recommend_deployment"


def test_goal_answer_without_the_gpu_is_incomplete() -> None:
    model = ScriptedChatModel(
        script=[
            tool_call(
                "recommend_deployment",
                recommend_args(use_case="rag", headcount=200, language="en"),
            ),
            AIMessage(content=f"{GOAL_QUESTION} Let me think about it."),
        ]
    )
    caught = failure(model, GOAL_QUESTION)
    assert caught.reason in ("incomplete", "guard_violation")
    assert caught.recommendation is not None


def test_sizing_answer_with_the_count_but_not_the_gpu_is_incomplete() -> None:
    expected = engine(model="llama-3.1-70b", users=20)
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b", users=20)),
            AIMessage(content=f"You need {expected.report.gpu.count} GPUs."),
        ]
    )
    assert failure(model, "How many GPUs for Llama 3.1 70B with 20 users?").reason == "incomplete"


def test_goal_follow_up_changes_only_what_it_says() -> None:
    from advisor.agent.offline.reader import GoalContext

    previous = GoalContext(goal={"use_case": "rag", "headcount": 200, "language": "en"})
    expected = recommend_deployment(
        {"use_case": "rag", "headcount": 500, "language": "en"}, CATALOG
    )
    lead = next(o for o in expected.options if o.label == "recommended")
    model = ScriptedChatModel(
        script=[
            tool_call("recommend_deployment", recommend_args(headcount=500)),
            AIMessage(content=f"{lead.gpu.count} x {lead.gpu.name} then."),
        ]
    )
    result = run_llm_turn(
        question="what if we are 500 staff?",
        language="en",
        history=[],
        previous_request=None,
        previous_goal=previous,
        settings=SETTINGS,
        catalog=CATALOG,
        kb=None,
        model=model,
    )
    assert result.recommendation == expected
    assert '"headcount": 200' in model.calls[0]["messages"][0].content
