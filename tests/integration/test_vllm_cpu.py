"""A real vLLM server on this CPU: the sizing plan's KV-cache figure, tool calls, streaming.

SmolLM2-135M is a plumbing model, not an answer-quality one: these tests check what the
server guarantees (sizes, schema-constrained tool arguments, the streaming protocol), not
what the model says.
"""

from __future__ import annotations

import json
import re
from typing import Any

import jsonschema
import pytest
from openai import OpenAI

from advisor.catalog.loader import Catalog, load_catalog
from advisor.services.registry import SIZE_DEPLOYMENT, openai_tool
from advisor.services.sizing import size_deployment
from advisor.sizing import SizingReport, size
from serving.cpu import SERVED_MODEL_NAME, VllmServer, kv_cache_tokens_in_log
from serving.cpu.need import CPU_CONTEXT, CPU_DEVICE, CPU_ENFORCE_EAGER, CPU_MODEL, CPU_USERS
from serving.production import sizing_request

# The first run builds the vLLM venv and checkpoint inside the session fixture: minutes.
pytestmark = pytest.mark.timeout(1800)

VLLM_BLOCK_TOKENS = 16
GIB = 1024**3
CONCURRENCY_LINE = re.compile(r"Maximum concurrency for ([\d,]+) tokens per request: ([\d.]+)x")
SYSTEM_PROMPT = (
    "You size GPU deployments by calling size_deployment. "
    "Use null for anything the user did not say."
)


def cpu_report() -> SizingReport:
    """The engine's sizing of the CPU server's need, computed here, independently of the plan."""
    request = sizing_request(
        CPU_MODEL, CPU_DEVICE, CPU_USERS, CPU_CONTEXT, enforce_eager=CPU_ENFORCE_EAGER
    )
    return size(request, load_catalog())


def catalog_bound_tool(catalog: Catalog) -> dict[str, Any]:
    """The sizing tool with `model` and `gpu` narrowed to the catalog's ids.

    A 135M model writes names like "laravel-1.1.0" into a free string; the enum makes vLLM's
    structured outputs pick a catalog id (the strict form has no `hf_config`, so a model is
    always named). Every argument set valid here is valid for the unrestricted strict
    schema, which is what the test validates against.
    """
    return openai_tool(
        SIZE_DEPLOYMENT,
        model_ids=sorted(catalog.models),
        gpu_ids=sorted(catalog.gpus),
    )


@pytest.fixture(scope="module")
def client(vllm_base_url: str) -> OpenAI:
    # Generous: on two shared cores a 150-token tool call can take minutes.
    return OpenAI(base_url=vllm_base_url, api_key="EMPTY", timeout=600.0, max_retries=0)


def test_kv_cache_tokens_match_the_engine(vllm_cpu_server: VllmServer) -> None:
    """(a) vLLM's own KV-cache figure equals the sizing engine's prediction, exactly."""
    log = vllm_cpu_server.log_text()
    logged = kv_cache_tokens_in_log(log)
    assert logged is not None, f"no 'KV cache size' line in {vllm_cpu_server.log_path}"
    report = cpu_report()
    assert logged == report.memory.kv_cache_capacity_tokens
    assert logged == vllm_cpu_server.plan.expected_kv_cache_tokens
    # From first principles: the fixed CPU KV space in whole blocks of 16 tokens.
    space = float(vllm_cpu_server.plan.env["VLLM_CPU_KVCACHE_SPACE"]) * GIB
    block_bytes = report.memory.kv_bytes_per_token * VLLM_BLOCK_TOKENS
    assert logged == int(space // block_bytes) * VLLM_BLOCK_TOKENS


def test_max_concurrency_matches_the_engine(vllm_cpu_server: VllmServer) -> None:
    match = CONCURRENCY_LINE.search(vllm_cpu_server.log_text())
    assert match is not None, f"no 'Maximum concurrency' line in {vllm_cpu_server.log_path}"
    assert int(match.group(1).replace(",", "")) == vllm_cpu_server.plan.max_model_len
    assert int(float(match.group(2))) == cpu_report().performance.max_concurrent_users


def test_kv_cache_line_format() -> None:
    line = (
        "(EngineCore pid=7081) INFO 12-02 18:55:10 [kv_cache_utils.py:2327] CPU KV cache size: "
        "46,592 tokens, Maximum concurrency for 2,048 tokens per request: 22.75x"
    )
    assert kv_cache_tokens_in_log(line) == 46592
    assert kv_cache_tokens_in_log("GPU KV cache size: 1,234,567 tokens, ...") == 1234567
    assert kv_cache_tokens_in_log("no such line") is None


def test_serves_the_planned_model(client: OpenAI) -> None:
    ids = [m.id for m in client.models.list()]
    assert ids == [SERVED_MODEL_NAME]


@pytest.mark.parametrize(
    "question",
    [
        "How many H100s do I need to serve Llama 3.1 70B to 50 users with 8k context?",
        "Сколько GPU нужно для Qwen2.5 7B на 10 пользователей?",
    ],
)
def test_forced_tool_call_is_schema_valid_and_engine_accepts_it(
    client: OpenAI, question: str
) -> None:
    """(b) A named tool choice gives arguments of the strict schema that the engine sizes."""
    catalog = load_catalog()
    messages: list[Any] = [
        {"role": "system", "content": SYSTEM_PROMPT},
        {"role": "user", "content": question},
    ]
    tools: list[Any] = [catalog_bound_tool(catalog)]
    response = client.chat.completions.create(
        model=SERVED_MODEL_NAME,
        messages=messages,
        tools=tools,
        tool_choice={"type": "function", "function": {"name": "size_deployment"}},
        parallel_tool_calls=False,
        temperature=0,
        max_tokens=400,
    )
    choice = response.choices[0]
    calls = choice.message.tool_calls
    assert calls, f"no tool call (finish_reason={choice.finish_reason}): {choice.message.content!r}"
    assert len(calls) == 1
    call = calls[0]
    assert call.type == "function"
    assert call.function.name == "size_deployment"
    arguments = json.loads(call.function.arguments)
    schema = openai_tool(SIZE_DEPLOYMENT)["function"]["parameters"]
    jsonschema.validate(arguments, schema)
    outcome = size_deployment(arguments, catalog)  # raises InputError if the engine refuses
    assert outcome.request.model == catalog.model(arguments["model"]).id
    assert outcome.report.model == outcome.request.model


def test_tool_result_round_trip(client: OpenAI) -> None:
    """Our template renders an assistant turn with content None + tool_calls, then a tool turn."""
    arguments = {
        "model": "llama-3.1-70b",
        "task": "inference",
        "gpu": "h100-sxm",
        "gpus": None,
        "precision": None,
        "context": 8192,
        "users": 50,
    }
    messages: list[Any] = [
        {"role": "system", "content": "You size GPU deployments. Be brief."},
        {"role": "user", "content": "How many H100s for Llama 3.1 70B, 50 users?"},
        {
            "role": "assistant",
            "content": None,
            "tool_calls": [
                {
                    "id": "call_1",
                    "type": "function",
                    "function": {
                        "name": "size_deployment",
                        "arguments": json.dumps(arguments),
                    },
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_1", "content": '{"gpus": 4, "tier": "8x"}'},
    ]
    tools: list[Any] = [openai_tool(SIZE_DEPLOYMENT)]
    response = client.chat.completions.create(
        model=SERVED_MODEL_NAME,
        messages=messages,
        tools=tools,
        tool_choice="none",
        temperature=0,
        max_tokens=32,
    )
    choice = response.choices[0]
    assert choice.finish_reason in {"stop", "length"}
    assert choice.message.content
    assert response.usage is not None and response.usage.prompt_tokens > 100


def test_streaming_chat_completion(client: OpenAI) -> None:
    stream = client.chat.completions.create(
        model=SERVED_MODEL_NAME,
        messages=[{"role": "user", "content": "Name three colours."}],
        temperature=0,
        max_tokens=32,
        stream=True,
        stream_options={"include_usage": True},
    )
    pieces: list[str] = []
    finish_reasons: list[str] = []
    usage = None
    for chunk in stream:
        if chunk.usage is not None:
            usage = chunk.usage
        for choice in chunk.choices:
            if choice.delta.content:
                pieces.append(choice.delta.content)
            if choice.finish_reason:
                finish_reasons.append(choice.finish_reason)
    assert len(pieces) > 1, "expected the answer in several chunks"
    assert "".join(pieces).strip()
    assert finish_reasons in (["stop"], ["length"])
    assert usage is not None and 0 < usage.completion_tokens <= 32
