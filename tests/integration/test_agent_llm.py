"""The LLM agent against the real CPU vLLM server (SmolLM2-135M).

The 135M model is a plumbing model: it fills forced tool calls under the strict schema,
but its prose is noise (it loops until its token limit). So these tests check what the
agent guarantees with any model: the tool calls it forces are schema-valid and sized by
the engine, a follow-up reuses the previous request, and every way the model or the
server fails ends in an LlmFailure with the right reason, carrying the engine's result
for the service's fallback answer.
"""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from advisor.agent.llm import LlmFailure, LlmTurn, run_llm_turn
from advisor.agent.llm.factory import chat_model
from advisor.agent.llm.prompts import system_prompt
from advisor.agent.llm.tools import SIZE_DEPLOYMENT, TurnRecord, build_tools
from advisor.catalog.loader import load_catalog
from advisor.config import Settings
from advisor.services import registry
from advisor.services import sizing as advisor_tools
from serving.cpu import SERVED_MODEL_NAME

pytestmark = pytest.mark.timeout(1800)

CATALOG = load_catalog()
# Generous: several sessions share this machine's 2 cores; the 135M model then writes at
# 4-40 tokens/s, and one turn is up to three completions.
TURN_TIMEOUT_S = 300.0
# Enough for a forced call's arguments (~150 tokens), short enough to end its looping prose.
TEST_MAX_TOKENS = 200
QUESTION = "Size llama-3.1-8b on h100-sxm for 4 users."


@pytest.fixture(scope="module")
def settings(vllm_base_url: str) -> Settings:
    return Settings(
        llm_url=vllm_base_url, llm_model=SERVED_MODEL_NAME, llm_timeout_s=TURN_TIMEOUT_S
    )


def ask(
    settings: Settings,
    question: str,
    *,
    previous: dict[str, Any] | None = None,
    history: list[dict[str, str]] | None = None,
    language: str = "en",
    max_tokens: int = TEST_MAX_TOKENS,
) -> LlmTurn | LlmFailure:
    """One turn; the failure is returned, not raised, so a test can look at both."""
    try:
        return run_llm_turn(
            question=question,
            language=language,  # type: ignore[arg-type]
            history=history or [],
            previous_request=previous,
            settings=settings,
            catalog=CATALOG,
            kb=None,
            model=chat_model(settings, max_tokens=max_tokens),
        )
    except LlmFailure as failure:
        return failure


def test_forced_tool_call_of_the_agent_is_schema_valid_and_sized(settings: Settings) -> None:
    """(b) The tool as the agent binds it, forced by name: arguments of the strict schema
    (the one generated from SizingRequest) that the engine sizes."""
    record = TurnRecord()
    tools = build_tools(record, CATALOG, None)
    bound = chat_model(settings, max_tokens=TEST_MAX_TOKENS).bind_tools(
        tools[:1],
        tool_choice={"type": "function", "function": {"name": SIZE_DEPLOYMENT}},
        strict=True,
        parallel_tool_calls=False,
    )
    message = bound.invoke(
        [SystemMessage(content=system_prompt("en", None)), HumanMessage(content=QUESTION)]
    )
    assert message.response_metadata.get("finish_reason") != "length"
    (call,) = message.tool_calls
    assert call["name"] == SIZE_DEPLOYMENT
    schema = registry.openai_tool(registry.SIZE_DEPLOYMENT)
    jsonschema.validate(call["args"], schema["function"]["parameters"])
    outcome = advisor_tools.size_deployment(call["args"], CATALOG)  # InputError if refused
    assert outcome.request.model == "llama-3.1-8b"
    # strict decoding keeps the GPU a catalog id; which one the 135M model picks is quality
    assert outcome.request.gpu in CATALOG.gpus


def test_multi_turn_conversation_resizes_the_follow_up(settings: Settings) -> None:
    """(c) Two turns, each with a forced size_deployment call; the follow-up is sized on
    the previous request: every field the model left null keeps its earlier value.

    Whether the 135M model reads "50 users" into `users` is answer quality, not plumbing;
    the scripted unit tests check a model that does.
    """
    first = ask(settings, QUESTION)
    assert [s.name for s in first.steps][:1] == [SIZE_DEPLOYMENT], first
    assert first.request is not None, first
    previous = first.request.model_dump(mode="json")
    assert previous["model"] == "llama-3.1-8b"

    history = [{"role": "user", "content": QUESTION}]
    if isinstance(first, LlmTurn):
        history.append({"role": "assistant", "content": first.answer})
    second = ask(settings, "And for 50 users?", previous=previous, history=history)
    accepted = [s for s in second.steps if not s.summary.startswith("rejected")]
    assert [s.name for s in accepted] == [SIZE_DEPLOYMENT], second
    assert second.request is not None, second
    request = second.request.model_dump(mode="json")
    kept = [name for name, value in accepted[0].arguments.items() if value is None]
    assert kept, accepted[0].arguments
    assert {k: request[k] for k in kept} == {k: previous[k] for k in kept}
    if isinstance(second, LlmFailure):  # the 135M model's prose: the service falls back,
        assert second.sizing is not None  # with the engine's result already computed


def test_cut_off_output_fails_as_cut_off(settings: Settings) -> None:
    """(d) A token limit too small for the tool call's arguments."""
    result = ask(settings, QUESTION, max_tokens=16)
    assert isinstance(result, LlmFailure)
    assert result.reason == "cut_off"
    assert result.sizing is None


def test_unknown_model_is_never_sized(settings: Settings) -> None:
    """(d) A model the catalog does not know: whatever the toy model writes (the name twice,
    or a cut-off call), the engine sizes nothing and the turn fails to the fallback.

    Which failure it ends in is the 135M model's behaviour, not plumbing (it flipped
    between `invalid_tool_arguments` and `cut_off` on a fresh clone); the scripted tests
    in tests/agent_llm pin each path."""
    result = ask(settings, "Size model zzz-nonexistent-9000 on h100-sxm for 4 users.")
    assert isinstance(result, LlmFailure), result
    assert result.sizing is None and result.request is None
    assert all(step.summary.startswith("rejected") for step in result.steps), result.steps


@pytest.fixture
def dropping_server() -> Iterator[str]:
    """A base URL whose server accepts a connection, reads the request and closes without
    answering: what the client sees when vLLM is killed in the middle of a request."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    stop = threading.Event()

    def serve() -> None:
        listener.settimeout(0.2)
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            with connection:
                connection.recv(65536)

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
    finally:
        stop.set()
        thread.join()
        listener.close()


@pytest.mark.timeout(TURN_TIMEOUT_S * 2 + 120)
def test_server_gone_mid_conversation_fails_as_unreachable(
    settings: Settings, dropping_server: str
) -> None:
    """(e) Turn one on the real server; then the server dies (its connections drop, then
    its port refuses): turn two fails as unreachable and keeps the conversation's state.

    The shared session server is not killed (other tests use it); a socket that drops the
    request, and a closed port, are exactly what a killed server looks like to the client.
    """
    first = ask(settings, QUESTION)
    assert first.request is not None, first
    previous = first.request.model_dump(mode="json")

    dropped = settings.model_copy(update={"llm_url": dropping_server})
    second = ask(dropped, "And for 50 users?", previous=previous)
    assert isinstance(second, LlmFailure)
    assert second.reason == "unreachable", second

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        closed_port = probe.getsockname()[1]
    refused = settings.model_copy(update={"llm_url": f"http://127.0.0.1:{closed_port}/v1"})
    third = ask(refused, "And for 50 users?", previous=previous)
    assert isinstance(third, LlmFailure)
    assert third.reason == "unreachable", third
