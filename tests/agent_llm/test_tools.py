"""The agent's tool definitions, the sizing-question reading and the prompts."""

from __future__ import annotations

import pytest
from langchain_core.utils.function_calling import convert_to_openai_tool

from advisor.agent.llm.prompts import system_prompt
from advisor.agent.llm.tools import (
    COMPARE_GPUS,
    FORCED_TOOLS,
    PRICE_HARDWARE,
    RECOMMEND_DEPLOYMENT,
    SIZE_DEPLOYMENT,
    TurnRecord,
    build_tools,
    sizing_digest,
)
from advisor.agent.offline.reader import Reader
from advisor.catalog.loader import load_catalog
from advisor.services import registry
from advisor.sizing.engine import size
from advisor.sizing.request import SizingRequest

CATALOG = load_catalog()


def test_size_deployment_is_the_strict_schema_with_catalog_gpus() -> None:
    sent = convert_to_openai_tool(build_tools(TurnRecord(), CATALOG, None)[0], strict=True)
    expected = registry.openai_tool(registry.SIZE_DEPLOYMENT, gpu_ids=sorted(CATALOG.gpus))
    assert sent == expected
    properties = sent["function"]["parameters"]["properties"]
    assert "hf_config" not in properties
    assert properties["model"]["type"] == "string"  # never null: the model must be named
    string_branch = sent["function"]["parameters"]["properties"]["gpu"]["anyOf"][0]
    assert string_branch["enum"] == sorted(CATALOG.gpus)


def test_tool_names_without_a_knowledge_base() -> None:
    names = [t.name for t in build_tools(TurnRecord(), CATALOG, None)]
    assert names == [SIZE_DEPLOYMENT, COMPARE_GPUS, RECOMMEND_DEPLOYMENT, PRICE_HARDWARE]


@pytest.mark.parametrize(
    ("question", "previous", "expected"),
    [
        ("How many GPUs for Llama 3.1 70B with 20 users?", None, SIZE_DEPLOYMENT),
        ("Сколько видеокарт нужно для Qwen2.5 7B на 10 сотрудников?", None, SIZE_DEPLOYMENT),
        ("Можно ли дообучить mistral на своих данных?", None, SIZE_DEPLOYMENT),
        ("Compare GPUs for Llama 3.1 8B", None, COMPARE_GPUS),
        ("Какую видеокарту выбрать для gemma 2 9b?", None, COMPARE_GPUS),
        ("and for 50?", {"model": "llama-3.1-8b"}, SIZE_DEPLOYMENT),
        ("а если в 8 бит?", {"model": "llama-3.1-8b"}, SIZE_DEPLOYMENT),
        ("What is ECC RAM?", None, None),
        ("Что такое тензорный параллелизм?", None, None),
        ("Thanks!", {"model": "llama-3.1-8b"}, None),
        (
            "Чат-бот по документам для 200 сотрудников: какой сервер нужен?",
            None,
            RECOMMEND_DEPLOYMENT,
        ),
        ("We own 4x A100 40GB: the largest model for 30 people?", None, RECOMMEND_DEPLOYMENT),
        ("Сколько стоит сервер 8x H100?", None, PRICE_HARDWARE),
        ("How much is an L40S?", None, PRICE_HARDWARE),
        ("Сколько стоит запустить Llama 3 70B на H100?", None, RECOMMEND_DEPLOYMENT),
    ],
)
def test_forced_tool_follows_the_readers_intent(
    question: str, previous: dict[str, str] | None, expected: str | None
) -> None:
    """The LLM must size exactly the questions the offline reader sizes (one reading)."""
    reading = Reader(CATALOG).read(question, previous)
    assert FORCED_TOOLS.get(reading.intent) == expected


@pytest.mark.parametrize(("language", "marker"), [("en", "Answer in English"), ("ru", "по-русски")])
def test_prompt_per_language_carries_the_previous_request(language: str, marker: str) -> None:
    previous = {"model": "llama-3.1-8b", "users": 20, "lora_rank": 16}
    prompt = system_prompt(language, previous)  # type: ignore[arg-type]
    assert marker in prompt
    assert '{"model": "llama-3.1-8b", "users": 20}' in prompt
    assert system_prompt(language, None) == prompt.rsplit("\n", 1)[0]  # type: ignore[arg-type]


def test_prompt_carries_the_goal_on_a_goal_follow_up() -> None:
    goal = {"use_case": "rag", "headcount": 200, "language": "ru"}
    prompt = system_prompt("ru", None, goal)
    assert "recommend_deployment" in prompt and '"headcount": 200' in prompt


def test_the_digest_says_how_many_fill_the_window_when_requests_are_shorter() -> None:
    """A 32k window with 1k prompts: the model sees the request it was sized for and how many
    requests could fill the window at once, so it cannot call the users' capacity that."""
    window = SizingRequest(model="llama-3.1-8b", context=32768, users=50, prompt_tokens=1024)
    digest = sizing_digest(size(window, CATALOG))
    assert (digest["prompt_tokens"], digest["context"]) == (1024, 32768)
    assert 0 < digest["max_users_at_full_window"] < digest["max_concurrent_users"]
    full = sizing_digest(size(SizingRequest(model="llama-3.1-8b", context=8192), CATALOG))
    assert "max_users_at_full_window" not in full
