"""The catalogs: every figure sourced, lookups forgiving, config.json accepted."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.catalog import CatalogLookupError, load_catalog
from advisor.catalog.hf_config import parse_hf_config
from advisor.catalog.schema import GpuPrice
from advisor.sizing.weights import parameters
from tests.hostile import TINY_GQA_CONFIG

REQUIRED_GPUS = [
    "rtx-3090",
    "rtx-4090",
    "rtx-5090",
    "rtx-a6000",
    "rtx-6000-ada",
    "rtx-pro-6000",
    "l4",
    "l40s",
    "a100-40gb",
    "a100-80gb",
    "a100-80gb-pcie",
    "h100-pcie",
    "h100-sxm",
    "h100-nvl",
    "h200",
    "b200",
    "mi300x",
    "mi325x",
    "cpu",
    "cpu-server",
]
REQUIRED_MODELS = [
    "llama-65b",
    "llama-2-7b",
    "llama-2-13b",
    "llama-2-70b",
    "llama-3-8b",
    "llama-3-70b",
    "llama-3.1-8b",
    "llama-3.1-70b",
    "llama-3.1-405b",
    "llama-3.2-1b",
    "llama-3.2-3b",
    "llama-3.3-70b",
    "qwen2.5-0.5b",
    "qwen2.5-7b",
    "qwen2.5-14b",
    "qwen2.5-32b",
    "qwen2.5-72b",
    "qwen3-0.6b",
    "qwen3-4b",
    "qwen3-8b",
    "qwen3-14b",
    "qwen3-32b",
    "qwen3-30b-a3b",
    "qwen3-235b-a22b",
    "mistral-7b",
    "mistral-small-24b",
    "mixtral-8x7b",
    "mixtral-8x22b",
    "gemma-2-9b",
    "gemma-2-27b",
    "gemma-3-4b",
    "gemma-3-12b",
    "gemma-3-27b",
    "phi-4",
    "deepseek-v3",
    "deepseek-r1-distill-qwen-7b",
    "gpt-oss-20b",
    "gpt-oss-120b",
    "smollm2-135m",
]
NUMERIC_GPU_FIELDS = ("memory_gb", "usable_memory_gib", "memory_bandwidth_tb_s", "tflops", "tdp_w")


def test_required_ids_present() -> None:
    catalog = load_catalog()
    assert set(REQUIRED_GPUS) <= set(catalog.gpus)
    assert set(REQUIRED_MODELS) <= set(catalog.models)


@pytest.mark.parametrize("gpu_id", REQUIRED_GPUS)
def test_every_gpu_figure_has_a_source(gpu_id: str) -> None:
    gpu = load_catalog().gpus[gpu_id]
    missing = [f for f in NUMERIC_GPU_FIELDS if not gpu.sources.get(f)]
    assert not missing, missing


@pytest.mark.parametrize("model_id", REQUIRED_MODELS)
def test_parameters_from_architecture_match_the_publisher(model_id: str) -> None:
    model = load_catalog().models[model_id]
    assert model.source.startswith("https://huggingface.co/")
    assert model.reported_params_b is not None
    counted = parameters(model).total / 1e9
    assert counted == pytest.approx(model.reported_params_b, rel=0.015)


@pytest.mark.parametrize(
    ("typed", "expected"),
    [
        ("meta-llama/Llama-3.1-70B-Instruct", "llama-3.1-70b"),
        ("LLAMA-3.1-70B", "llama-3.1-70b"),
        ("Qwen/Qwen2.5-7B-Instruct", "qwen2.5-7b"),
        ("google/gemma-3-27b-it", "gemma-3-27b"),
    ],
)
def test_forgiving_model_lookup(typed: str, expected: str) -> None:
    assert load_catalog().model(typed).id == expected


def test_unknown_gpu_suggests_neighbours() -> None:
    with pytest.raises(CatalogLookupError) as info:
        load_catalog().gpu("h1000")
    assert "h100-sxm" in info.value.suggestions


def test_model_from_a_hugging_face_config(tmp_path: Path) -> None:
    """The contents make a Model; the catalog lookup never opens the path."""
    config = TINY_GQA_CONFIG
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config))
    with pytest.raises(CatalogLookupError):
        load_catalog().model(str(path))
    model = parse_hf_config(config, source="config.json")
    assert model.architecture.head_dim == 64
    assert model.tool_call_parser == "llama3_json"
    # Same shape as Llama 3.2 1B: 1.24 B parameters.
    assert parameters(model).total / 1e9 == pytest.approx(1.236, rel=0.01)


def test_a_server_share_is_bought_as_whole_servers() -> None:
    """One purchase rule for the GPU list and the recommendation: SXM/OAM parts come only in
    whole 8-GPU servers; cards one by one."""
    share = GpuPrice(usd=30_000, kind="server_share", source="test")
    card = GpuPrice(usd=2_000, kind="card", source="test")
    assert [share.gpus_bought(n) for n in (1, 8, 9, 16)] == [8, 8, 16, 16]
    assert share.gpus_bought(4, servers=2) == 16  # the chassis the caller sized
    assert [card.gpus_bought(n) for n in (1, 3, 9)] == [1, 3, 9]


def test_a_distill_names_its_teacher_in_the_catalog() -> None:
    """'No distilled models' leaves out what distilled_from marks: every R1 distill is
    marked, and each teacher is a catalog model."""
    models = load_catalog().models
    for model in models.values():
        if "distill" in model.id:
            assert model.distilled_from is not None, model.id
        if model.distilled_from is not None:
            assert model.distilled_from in models, model.id


def test_a_hosted_edition_is_a_hosted_api_the_catalog_prices() -> None:
    """A brand's hosted-only editions (GigaChat 2 Pro and Max) name priced hosted models,
    so the answer that names them names real ones."""
    catalog = load_catalog()
    named = {api.name for api in catalog.prices.named_apis}
    editions = [e for m in catalog.models.values() for e in m.hosted_editions]
    assert editions  # GigaChat and YandexGPT carry them
    assert set(editions) <= named
