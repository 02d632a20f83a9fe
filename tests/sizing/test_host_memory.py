"""A CPU with no GPU sized in the RAM the user has, and the KV space that RAM leaves."""

from __future__ import annotations

import pytest

from advisor.catalog import load_catalog
from advisor.errors import InputError
from advisor.sizing import SizingRequest, size
from advisor.sizing.kv_cache import kv_bytes_per_token

CATALOG = load_catalog()
GIB = 2**30


def _desktop(**fields: object) -> SizingRequest:
    base: dict[str, object] = {
        "model": "gemma-2-9b",
        "gpu": "cpu-desktop",
        "engine": "llama.cpp",
        "precision": "q4_k_m",
    }
    return SizingRequest.model_validate({**base, **fields})


def test_the_ram_given_is_the_memory_the_model_runs_in() -> None:
    """32 GB keeps the catalog desktop's OS share (64 GB = 59.6 GiB, 53.6 usable: 6 GiB)."""
    report = size(_desktop(host_memory_gb=32), CATALOG)
    assert report.fits
    assert report.memory.capacity_per_gpu_gb == 32
    usable_gib = report.memory.usable_per_gpu_gb * 1e9 / GIB
    assert usable_gib == pytest.approx(32e9 / GIB - (64e9 / GIB - 53.6), abs=0.05)


def test_too_little_ram_does_not_fit_and_more_ram_does() -> None:
    small = size(_desktop(model="qwen2.5-32b", host_memory_gb=16), CATALOG)
    large = size(_desktop(model="qwen2.5-32b", host_memory_gb=64), CATALOG)
    assert not small.fits and large.fits


def test_the_kv_space_never_exceeds_the_ram_the_weights_leave() -> None:
    """8 GiB is the desktop's KV setting; with 16 GB of RAM and 5.5 GB of weights less is
    left, and the users it holds follow the RAM, not the setting."""
    tight = size(_desktop(host_memory_gb=16), CATALOG)
    roomy = size(_desktop(host_memory_gb=64), CATALOG)
    assert tight.memory.kv_cache_total_tokens < roomy.memory.kv_cache_total_tokens
    left_gb = tight.memory.usable_per_gpu_gb - tight.memory.breakdown_gb.weights
    per_token = kv_bytes_per_token(CATALOG.model("gemma-2-9b").architecture, 2.0)
    assert tight.memory.kv_cache_total_tokens * per_token / 1e9 <= left_gb


def test_decode_follows_the_ram_bandwidth_given() -> None:
    slow = size(_desktop(host_memory_bandwidth_gb_s=51.2), CATALOG)  # 2 x DDR4-3200
    fast = size(_desktop(host_memory_bandwidth_gb_s=102.4), CATALOG)  # 2 x DDR5-6400
    ratio = fast.performance.per_user_tokens_per_s / slow.performance.per_user_tokens_per_s
    assert ratio == pytest.approx(2.0, rel=0.05)


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"gpu": "rtx-4090", "engine": "vllm", "precision": None}, "cpu-desktop or cpu-server"),
        ({"host_memory_gb": 4}, "nothing beside the operating system"),
    ],
)
def test_ram_that_cannot_apply_names_the_field(fields: dict[str, object], words: str) -> None:
    request = _desktop(host_memory_gb=32).model_copy(update=fields)
    with pytest.raises(InputError) as raised:
        size(request, CATALOG)
    assert raised.value.field == "host_memory_gb" and words in str(raised.value)


def test_a_desktop_costs_its_own_power_not_a_servers() -> None:
    """The desktop's board and disks (50 W), not the 450 W a GPU server carries."""
    from advisor.recommend.costs import hardware

    desktop, server = CATALOG.gpus["cpu-desktop"], CATALOG.gpus["cpu-server"]
    assert hardware(desktop, 1, CATALOG.prices, owned=True).power_kw == pytest.approx(0.138)
    assert hardware(server, 1, CATALOG.prices, owned=True).power_kw == pytest.approx(0.81)
