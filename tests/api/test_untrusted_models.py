"""A model name is never a path or a URL on the server; a config.json comes inline.

Regression for an anonymous caller making the server read its own disk: a model name
ending in `.json` used to be opened as a file on every face. Each case below points at a
real, valid config.json on the server's disk, so a face that still read paths would size
it (200) instead of refusing the name.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from mcp import Client

from advisor.agent.llm.tools import TurnRecord, build_tools
from advisor.catalog.loader import load_catalog
from advisor.services.sizing import size_deployment
from advisor.sizing.request import HF_CONFIG_MAX_CHARS, HF_CONFIG_MAX_DEPTH
from tests.api.conftest import LiveServer
from tests.hostile import TINY_GQA_CONFIG

CONFIG = TINY_GQA_CONFIG


@pytest.fixture(scope="module")
def on_disk(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("server-disk") / "config.json"
    path.write_text(json.dumps(CONFIG), encoding="utf-8")
    return path


def hostile_names(path: Path) -> list[str]:
    climb = "../" * len(Path.cwd().parts) + str(path).lstrip("/")
    return [str(path), f"file://{path}", climb, "http://127.0.0.1:1/config.json", "/etc/passwd"]


def error_of(response: Any) -> dict[str, Any]:
    error: dict[str, Any] = response.json()["error"]
    return error


@pytest.mark.parametrize("route", ["/v1/size", "/v1/compare"])
def test_rest_never_reads_a_path(client: TestClient, on_disk: Path, route: str) -> None:
    for name in hostile_names(on_disk):
        response = client.post(route, json={"model": name, "gpu": "h100-sxm"})
        assert response.status_code == 422, name
        assert error_of(response)["param"] == "model"


def test_rest_sizes_an_inline_config(client: TestClient) -> None:
    response = client.post("/v1/size", json={"hf_config": CONFIG, "gpu": "l40s"})
    assert response.status_code == 200
    assert response.json()["model"] == "tiny-gqa-1b"
    outcome = size_deployment({"hf_config": CONFIG, "gpu": "l40s"}, load_catalog())
    assert response.json() == outcome.report.model_dump(mode="json")
    # The request as read keeps the inline config as its model: valid to send again.
    assert outcome.request.model is None
    assert size_deployment(outcome.request.model_dump(), load_catalog()).report == outcome.report
    compared = client.post("/v1/compare", json={"hf_config": CONFIG, "users": 4})
    assert compared.status_code == 200 and compared.json()["rows"]


@pytest.mark.parametrize(
    ("change", "named"),
    [
        ({"hidden_size": None}, "hidden_size"),
        ({"num_key_value_heads": [8]}, "num_key_value_heads"),
        ({"vocab_size": 10**400}, "vocab_size"),
        ({"num_hidden_layers": True}, "num_hidden_layers"),
        ({"sliding_window": {"a": 1}}, "sliding_window"),
        ({"num_experts": "many"}, "num_experts"),
        ({"num_attention_heads": 32, "num_key_value_heads": 0}, "num_key_value_heads"),
    ],
)
def test_a_bad_inline_config_names_the_key(
    client: TestClient, change: dict[str, Any], named: str
) -> None:
    config = {k: v for k, v in {**CONFIG, **change}.items() if v is not None}
    body = json.dumps({"hf_config": config})
    response = client.post("/v1/size", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422
    error = error_of(response)
    assert error["param"] == "hf_config" and named in error["message"]


@pytest.mark.parametrize("number", ["1e400", "-1e400", "Infinity", "NaN"])
def test_non_finite_numbers_in_a_config_name_the_key(client: TestClient, number: str) -> None:
    """Regression: JSON's 1e400 parses to an infinite float, whose int() raised an
    OverflowError that pydantic does not catch: a 500."""
    body = json.dumps({"hf_config": CONFIG}).replace(
        '"vocab_size": 128256', f'"vocab_size": {number}'
    )
    response = client.post("/v1/size", content=body, headers={"content-type": "application/json"})
    assert response.status_code == 422
    assert error_of(response)["param"] == "hf_config"
    assert "vocab_size" in error_of(response)["message"]


def test_model_and_inline_config_are_one_or_the_other(client: TestClient) -> None:
    both = client.post("/v1/size", json={"model": "llama-3.1-8b", "hf_config": CONFIG})
    assert both.status_code == 422 and error_of(both)["param"] == "model"
    neither = client.post("/v1/size", json={"gpu": "l40s"})
    assert neither.status_code == 422 and error_of(neither)["param"] == "model"


def test_huge_and_deep_configs_are_refused(client: TestClient) -> None:
    padded = {**CONFIG, "notes": "x" * HF_CONFIG_MAX_CHARS}
    huge = client.post("/v1/size", json={"hf_config": padded})
    assert huge.status_code == 422 and error_of(huge)["param"] == "hf_config"
    nested: dict[str, Any] = {}
    for _ in range(HF_CONFIG_MAX_DEPTH + 2):
        nested = {"x": nested}
    deep = client.post("/v1/size", json={"hf_config": {**CONFIG, "extra": nested}})
    assert deep.status_code == 422 and "nested deeper" in error_of(deep)["message"]
    # Deeper than Python's parser recursion: still a client error, never a 500.
    body = '{"hf_config": ' + "[" * 100_000 + "]" * 100_000 + "}"
    abyss = client.post("/v1/size", content=body, headers={"content-type": "application/json"})
    assert 400 <= abyss.status_code < 500


def test_mcp_never_reads_a_path_and_takes_an_inline_config(
    live_server: LiveServer, on_disk: Path
) -> None:
    async def work() -> tuple[list[Any], Any]:
        async with Client(f"{live_server.base_url}/mcp") as client:
            refused = [
                await client.call_tool("size_deployment", {"model": name})
                for name in hostile_names(on_disk)
            ]
            inline = await client.call_tool("size_deployment", {"hf_config": CONFIG})
            return refused, inline

    refused, inline = asyncio.run(work())
    for result in refused:
        assert result.is_error is True and "model" in result.content[0].text
    assert inline.is_error is False
    assert inline.structured_content["model"] == "tiny-gqa-1b"


def test_the_llm_tool_never_reads_a_path(on_disk: Path) -> None:
    for name in hostile_names(on_disk):
        record = TurnRecord()
        size = build_tools(record, load_catalog(), None)[0]
        size.invoke({"model": name, "gpu": "h100-sxm"})
        assert record.sizing is None
        assert [e.field for e in record.rejected] == ["model"]
