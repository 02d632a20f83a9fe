"""MCP at /mcp: the SDK's streamable HTTP client lists and calls the tools on a live server."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from mcp import Client

from advisor.catalog.loader import load_catalog
from advisor.services.pricing import price_hardware
from advisor.services.recommendation import recommend_deployment
from advisor.services.registry import SIZING_TOOL_FIELDS
from advisor.services.sizing import compare_gpus, size_deployment
from tests.api.conftest import LiveServer

T = TypeVar("T")


def with_client(server: LiveServer, work: Callable[[Client], Awaitable[T]]) -> T:
    async def run() -> T:
        async with Client(f"{server.base_url}/mcp") as client:
            return await work(client)

    return asyncio.run(run())


def test_lists_every_registry_tool_read_only(live_server: LiveServer) -> None:
    async def work(client: Client) -> Any:
        return (await client.list_tools()).tools

    tools = {tool.name: tool for tool in with_client(live_server, work)}
    assert set(tools) == {
        "size_deployment",
        "compare_gpus",
        "recommend_deployment",
        "price_hardware",
        "search_knowledge",
    }
    for tool in tools.values():
        assert tool.annotations is not None
        assert tool.annotations.read_only_hint is True
        assert tool.annotations.destructive_hint is False
    size_schema = tools["size_deployment"].input_schema
    assert list(size_schema["properties"]) == list(SIZING_TOOL_FIELDS)
    assert "required" not in size_schema  # model or hf_config
    assert "hf_config" in size_schema["properties"]
    assert tools["search_knowledge"].input_schema["required"] == ["query"]
    assert "required" not in tools["recommend_deployment"].input_schema
    assert "use_case" in tools["recommend_deployment"].input_schema["properties"]


def test_size_tool_returns_the_engine_report(live_server: LiveServer) -> None:
    arguments = {"model": "llama-3.1-70b", "users": 20, "gpu": None}

    async def work(client: Client) -> Any:
        return await client.call_tool("size_deployment", arguments)

    result = with_client(live_server, work)
    assert result.is_error is False
    expected = size_deployment({"model": "llama-3.1-70b", "users": 20}, load_catalog()).report
    assert result.structured_content == expected.model_dump(mode="json")


def test_compare_tool_returns_the_engine_comparison(live_server: LiveServer) -> None:
    async def work(client: Client) -> Any:
        return await client.call_tool("compare_gpus", {"model": "qwen2.5-7b", "task": "qlora"})

    result = with_client(live_server, work)
    expected = compare_gpus({"model": "qwen2.5-7b", "task": "qlora"}, load_catalog())
    assert result.structured_content == expected.model_dump(mode="json")


def test_recommend_tool_returns_the_recommendation(live_server: LiveServer) -> None:
    goal = {"use_case": "rag", "headcount": 200, "language": "ru", "owned": None}

    async def work(client: Client) -> Any:
        return await client.call_tool("recommend_deployment", goal)

    result = with_client(live_server, work)
    assert result.is_error is False
    expected = recommend_deployment({k: v for k, v in goal.items() if v}, load_catalog())
    assert result.structured_content == expected.model_dump(mode="json")


def test_price_tool_returns_the_hardware_price(live_server: LiveServer) -> None:
    async def work(client: Client) -> Any:
        return (
            await client.call_tool("price_hardware", {"gpu": "h100-sxm", "count": 2}),
            await client.call_tool("price_hardware", {"gpu": "h900"}),
        )

    priced, unknown = with_client(live_server, work)
    assert priced.is_error is False
    expected = price_hardware({"gpu": "h100-sxm", "count": 2}, load_catalog())
    assert priced.structured_content == expected.model_dump(mode="json")
    assert unknown.is_error is True
    assert "gpu: unknown GPU" in unknown.content[0].text


def test_bad_arguments_come_back_as_a_tool_error_naming_the_field(
    live_server: LiveServer,
) -> None:
    async def work(client: Client) -> Any:
        return (
            await client.call_tool("size_deployment", {"model": "lama 3.1 70b"}),
            await client.call_tool("size_deployment", {"model": "llama-3.1-8b", "users": 0}),
            await client.call_tool("recommend_deployment", {"owned": "4x h900"}),
        )

    unknown_model, bad_users, bad_owned = with_client(live_server, work)
    assert bad_owned.is_error is True
    assert "owned.gpu: unknown GPU" in bad_owned.content[0].text
    assert unknown_model.is_error is True
    assert "model" in unknown_model.content[0].text
    assert "llama-3.1-70b" in unknown_model.content[0].text
    assert bad_users.is_error is True
    assert "users" in bad_users.content[0].text


def test_search_knowledge_returns_citable_passages(live_server: LiveServer) -> None:
    async def work(client: Client) -> Any:
        return await client.call_tool(
            "search_knowledge", {"query": "KV cache memory per token", "k": 3, "language": "en"}
        )

    result = with_client(live_server, work)
    passages = result.structured_content["passages"]
    assert 1 <= len(passages) <= 3
    assert all(p["language"] == "en" and p["id"] and p["title"] for p in passages)
