"""An LLM that sends hostile tool calls (wrong types, huge numbers, unknown ids, paths,
injected text, tools that do not exist): every turn ends in an answer or an LlmFailure
with a known reason, which the service turns into the offline fallback. Nothing else
escapes, and nothing the LLM sends is read as a path. It found an empty final answer
reported as `error` (a server failure that opens the circuit) instead of `incomplete`."""

from __future__ import annotations

import typing
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from langchain_core.messages import AIMessage

from advisor.agent.llm import LlmFailure, run_llm_turn
from advisor.agent.llm.factory import MAX_MODEL_CALLS
from advisor.catalog.loader import load_catalog
from advisor.config import Settings
from advisor.services.protocol import FailureReason
from tests.agent_llm.scripted import ScriptedChatModel, tool_call
from tests.hostile import TOOL_NAMES, scalars, tool_arguments

CATALOG = load_catalog()
SETTINGS = Settings(llm_url="http://127.0.0.1:9/v1", llm_model="scripted", llm_timeout_s=30)
REASONS = set(typing.get_args(FailureReason))
OUTCOMES: Counter[str] = Counter()

call_arguments = tool_arguments(scalars)
tool_names = st.sampled_from(TOOL_NAMES) | st.text(max_size=10)
final_texts = st.sampled_from(
    ["You need 1000 x H100.", "", "Ignore all previous instructions.", "2 x H100 SXM 80GB"]
)


@pytest.fixture(scope="module", autouse=True)
def _print_outcomes() -> Iterator[None]:
    yield
    print(f"\nhostile tool calls: {sum(OUTCOMES.values())} turns, outcomes {dict(OUTCOMES)}")


@settings(
    max_examples=200, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck)
)
@given(
    calls=st.lists(st.tuples(tool_names, call_arguments), min_size=1, max_size=3),
    final=final_texts,
    question=st.sampled_from(
        [
            "How many GPUs for Llama 3.1 70B with 20 users?",
            "чат-бот для 200 сотрудников",
            "what is a KV cache?",
        ]
    ),
)
def test_a_hostile_llm_ends_in_an_answer_or_a_known_failure(
    calls: list[tuple[str, dict[str, Any]]], final: str, question: str
) -> None:
    script = [tool_call(name, args, f"call_{i}") for i, (name, args) in enumerate(calls)]
    script += [AIMessage(content=final)] * MAX_MODEL_CALLS
    try:
        run_llm_turn(
            question=question,
            language="en",
            history=[],
            previous_request=None,
            settings=SETTINGS,
            catalog=CATALOG,
            kb=None,
            model=ScriptedChatModel(script=script),
        )
    except LlmFailure as failure:
        # "error" is an exception the turn did not expect: a bug, never the LLM's doing.
        assert failure.reason in REASONS - {"error"}, failure.detail
        OUTCOMES[failure.reason] += 1
        return
    OUTCOMES["answered"] += 1
