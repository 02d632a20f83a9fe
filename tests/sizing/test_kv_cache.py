"""KV-cache figures that vLLM itself logs, reproduced exactly."""

from __future__ import annotations

import pytest

from advisor.catalog import load_catalog
from advisor.sizing import SizingRequest, size
from advisor.sizing.kv_cache import capacity_tokens, kv_bytes_per_token

GIB = 2**30


@pytest.mark.parametrize(
    ("model", "bytes_per_token"),
    [
        ("llama-3.1-8b", 131_072),  # 2 x 32 x 8 x 128 x 2 (vLLM issue 10517)
        ("qwen2.5-7b", 57_344),  # 2 x 28 x 4 x 128 x 2 (vLLM issue 22291)
        ("llama-2-7b", 524_288),  # MHA: 2 x 32 x 32 x 128 x 2 (vLLM PR 2031)
        ("smollm2-135m", 23_040),  # 2 x 30 x 3 x 64 x 2 (our CPU server)
    ],
)
def test_bytes_per_token(model: str, bytes_per_token: int) -> None:
    arch = load_catalog().model(model).architecture
    assert kv_bytes_per_token(arch, 2.0) == bytes_per_token


def test_cpu_server_capacity_is_what_vllm_logs() -> None:
    """vLLM CPU with VLLM_CPU_KVCACHE_SPACE=1 logs 46,592 tokens for SmolLM2-135M."""
    report = size(SizingRequest(model="smollm2-135m", gpu="cpu", context=2048), load_catalog())
    assert report.memory.kv_cache_capacity_tokens == 46_592
    assert report.serving_plan is not None
    assert report.serving_plan.expected_kv_cache_tokens == 46_592


@pytest.mark.parametrize(
    ("model", "logged_gib", "logged_blocks"),
    [("llama-3.1-8b", 3.81, 1952), ("llama-2-7b", 57.43, 7351)],
)
def test_block_count_from_a_logged_budget(
    model: str, logged_gib: float, logged_blocks: int
) -> None:
    """vLLM's log rounds the budget to 0.01 GiB; the block count must land in that interval."""
    arch = load_catalog().model(model).architecture
    low = capacity_tokens(arch, 2.0, (logged_gib - 0.005) * GIB) // 16
    high = capacity_tokens(arch, 2.0, (logged_gib + 0.005) * GIB) // 16
    assert low <= logged_blocks <= high


def test_gqa_heads_split_and_replicate_under_tp() -> None:
    arch = load_catalog().model("llama-3.1-70b").architecture  # 8 KV heads
    assert kv_bytes_per_token(arch, 2.0, tp=8) == kv_bytes_per_token(arch, 2.0) / 8
    assert kv_bytes_per_token(arch, 2.0, tp=16) == kv_bytes_per_token(arch, 2.0, tp=8)


def test_mla_stores_the_latent_only() -> None:
    arch = load_catalog().model("deepseek-v3").architecture
    assert kv_bytes_per_token(arch, 2.0) == 61 * (512 + 64) * 2


def test_sliding_window_layers_stop_growing() -> None:
    catalog = load_catalog()
    short = size(SizingRequest(model="gemma-3-27b", gpu="h100-sxm", context=1024), catalog)
    long = size(SizingRequest(model="gemma-3-27b", gpu="h100-sxm", context=32768), catalog)
    arch = catalog.model("gemma-3-27b").architecture
    full_share = (arch.num_layers - arch.sliding_window_layers) / arch.num_layers
    growth = long.memory.breakdown_gb.kv_cache / short.memory.breakdown_gb.kv_cache
    # Only the global layers grow 32x; the windowed ones stay at 1,024 tokens.
    expected = full_share * 32 + (1 - full_share)
    assert growth == pytest.approx(expected, rel=0.01)


def test_a_cpu_server_decodes_at_its_share_of_its_own_ram_bandwidth() -> None:
    """Decode on a server CPU reads every weight from RAM at the device's measured share of
    its theoretical bandwidth (gpus.yaml cpu-server), or of the RAM the request names."""
    catalog = load_catalog()
    request = SizingRequest(
        model="phi-4", precision="q4_k_m", engine="llama.cpp", gpu="cpu-server", output_tokens=128
    )
    default = size(request, catalog).performance.per_user_tokens_per_s
    faster = size(
        request.model_copy(update={"host_memory_bandwidth_gb_s": 2 * 460.8}), catalog
    ).performance.per_user_tokens_per_s
    assert 1.7 < faster / default <= 2.0  # the KV and host terms do not scale
    server = catalog.gpus["cpu-server"]
    assert server.decode_bandwidth_efficiency is not None
    weights_gb = size(request, catalog).memory.breakdown_gb.weights
    ceiling = server.memory_bandwidth_tb_s * 1e3 * server.decode_bandwidth_efficiency / weights_gb
    assert default <= ceiling
