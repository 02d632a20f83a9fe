"""Properties over generated requests: no crash, and memory moves the right way."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.catalog import load_catalog
from advisor.sizing import SizingRequest, size
from advisor.sizing.request import TASKS

CATALOG = load_catalog()
MODELS = sorted(CATALOG.models)
# A CPU server is one device run by one process: no counts to vary.
GPUS = sorted(g.id for g in CATALOG.gpus.values() if g.gpu_class != "cpu")
PRECISIONS = ["bf16", "fp8", "int8", "int4", "nf4", "q4_k_m", "q8_0", "mxfp4"]

requests = st.builds(
    SizingRequest,
    model=st.sampled_from(MODELS),
    task=st.sampled_from(TASKS),
    gpu=st.sampled_from(GPUS),
    precision=st.sampled_from(PRECISIONS) | st.none(),
    context=st.integers(1, 262_144),
    users=st.integers(1, 512),
    micro_batch=st.integers(1, 16),
    lora_rank=st.integers(1, 512),
    engine=st.sampled_from(["vllm", "llama.cpp", "transformers", "trt-llm"]),
)
fast = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _with(request: SizingRequest, **update: object) -> SizingRequest:
    return request.model_copy(update=update)


@fast
@given(requests)
def test_any_valid_request_gives_a_consistent_report(request: SizingRequest) -> None:
    report = size(request, CATALOG)
    parts = report.memory.breakdown_gb.model_dump().values()
    assert abs(sum(parts) - report.memory.per_gpu_gb) < 0.01
    assert report.gpu.count == (
        report.gpu.tensor_parallel * report.gpu.pipeline_parallel * report.gpu.replicas
    )
    assert (report.training is None) == (request.task == "inference")


@fast
@given(
    requests, st.integers(1, 4), st.sampled_from(["context", "users", "micro_batch", "lora_rank"])
)
def test_memory_grows_with_load(request: SizingRequest, factor: int, field: str) -> None:
    fixed = _with(request, gpus=1)
    bigger = _with(fixed, **{field: getattr(fixed, field) * (factor + 1)})
    assert size(bigger, CATALOG).memory.per_gpu_gb >= size(fixed, CATALOG).memory.per_gpu_gb - 1e-9


@fast
@given(requests, st.sampled_from([1, 2, 4]))
def test_more_gpus_never_turn_a_fit_into_a_miss(request: SizingRequest, n: int) -> None:
    """Twice the GPUs can always run two copies of what fitted (or shard training states),
    though the engine may pick another layout, faster and fuller, which must fit too."""
    fewer = size(_with(request, gpus=n), CATALOG)
    more = size(_with(request, gpus=2 * n), CATALOG)
    assert more.fits or not fewer.fits


# Pairs where the second GPU is strictly larger in memory with the same link and class.
LARGER = [
    ("a100-40gb", "a100-80gb"),
    ("h100-sxm", "h200"),
    ("rtx-4090", "rtx-5090"),
    ("l4", "l40s"),
]


@fast
@given(requests, st.sampled_from(LARGER))
def test_a_larger_gpu_never_needs_more_cards(request: SizingRequest, pair: tuple[str, str]) -> None:
    small, large = pair
    small_count = size(_with(request, gpu=small), CATALOG).gpu.count
    large_count = size(_with(request, gpu=large), CATALOG).gpu.count
    assert large_count <= small_count
