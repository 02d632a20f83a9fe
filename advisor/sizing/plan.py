"""What to do with a sizing: the article's tier, a staged path, the vLLM command."""

from __future__ import annotations

from collections.abc import Callable

from advisor.sizing.context import Inputs, Layout
from advisor.sizing.memory import GpuMemory
from advisor.sizing.report import SizingReport, Stage
from advisor.sizing.request import SizingRequest
from advisor.sizing.serving_plan import VllmServePlan

PILOT_USERS = 5  # a pilot serves a handful of colleagues, not the whole company
CPU_MAX_NUM_SEQS = 4  # two cores: more concurrent sequences only queue


def tier_for(count: int) -> str:
    """The article's tiers: one GPU, two GPUs, four and more."""
    if count <= 1:
        return "1 GPU"
    if count == 2:
        return "2 GPUs"
    return "4+ GPUs"


def stages_for(
    inputs: Inputs, report: SizingReport, size_variant: Callable[[SizingRequest], SizingReport]
) -> list[Stage]:
    """Pilot first, then production: the article's advice to prove value before scaling."""
    request = inputs.request
    production = Stage(
        name="production",
        gpu=report.gpu.id,
        count=report.gpu.count,
        description=f"The sized deployment: {report.gpu.count} x {report.gpu.name}.",
    )
    if request.is_training:
        pilot_request = request.model_copy(
            update={"task": "qlora", "precision": None, "gpus": None, "sharding": "none"}
        )
        label = "QLoRA on the same model to validate data and gains before a full run"
    else:
        pilot_request = request.model_copy(
            update={"users": min(request.users, PILOT_USERS), "gpus": None}
        )
        label = f"the same model for {pilot_request.users} pilot users"
    if pilot_request == request:
        return [production]
    pilot = size_variant(pilot_request)
    if pilot.gpu.count >= report.gpu.count:
        return [production]
    return [
        Stage(
            name="pilot",
            gpu=pilot.gpu.id,
            count=pilot.gpu.count,
            description=f"Start with {pilot.gpu.count} x {pilot.gpu.name}: {label}.",
        ),
        production,
    ]


def _vllm_dtype(compute_dtype: str) -> str:
    return {"fp16": "float16", "fp32": "float32"}.get(compute_dtype, "bfloat16")


def _quantization(fmt_id: str, native: str) -> str | None:
    if fmt_id == native or fmt_id in ("bf16", "fp16", "fp32"):
        return None
    return {"fp8": "fp8", "int4": "awq_marlin", "int8": "gptq_marlin", "nf4": "bitsandbytes"}.get(
        fmt_id
    )


def serving_plan(inputs: Inputs, layout: Layout, memory: GpuMemory) -> VllmServePlan:
    request, model = inputs.request, inputs.model
    cpu = inputs.is_cpu
    env: dict[str, str] = {}
    if cpu:
        env = {
            "VLLM_CPU_KVCACHE_SPACE": f"{inputs.gpu.kv_cache_space_gib or 1:g}",
            "VLLM_CPU_NUM_OF_RESERVED_CPU": "0",
        }
    max_num_seqs = inputs.max_num_seqs(layout)
    if cpu:
        max_num_seqs = min(max_num_seqs, CPU_MAX_NUM_SEQS)
    return VllmServePlan(
        model=model.hf_repo,
        served_model_name=model.id,
        tensor_parallel_size=layout.tp,
        pipeline_parallel_size=layout.pp,
        max_model_len=request.context,
        max_num_seqs=max_num_seqs,
        gpu_memory_utilization=None if cpu else request.gpu_memory_utilization,
        kv_cache_dtype="auto" if inputs.kv_precision in ("bf16", "fp16") else inputs.kv_precision,
        dtype=_vllm_dtype(inputs.fmt.compute_dtype) if not cpu else "bfloat16",
        quantization=_quantization(inputs.fmt.id, model.native_precision),
        tool_call_parser=model.tool_call_parser,
        enforce_eager=cpu or request.enforce_eager,
        env=env,
        replicas=layout.replicas,
        expected_kv_cache_tokens=memory.kv_capacity_tokens,
    )
