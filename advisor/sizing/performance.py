"""Rooflines with calibrated efficiencies: decode, prefill and training speed.

Decode step = max(bytes read / (bandwidth x efficiency), FLOPs / (peak x efficiency))
            + layers x per-layer latency + TP all-reduces + the engine's step overhead.
The efficiencies are per engine (catalog `engines.yaml`), each with its origin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from advisor.catalog.schema import Gpu
from advisor.sizing.inputs import Inputs, Layout
from advisor.sizing.kv_cache import layer_kv_bytes_per_token

# All-reduce latency per call (two per layer under TP): NVLink ~8 us, PCIe ~25 us
# (NCCL tests on 8x H100 HGX and on PCIe Gen4 boards, small-message latency).
ALLREDUCE_LATENCY_S = {"nvlink": 8e-6, "infinity-fabric": 10e-6, "nvlink-bridge": 10e-6}
PCIE_ALLREDUCE_LATENCY_S = 25e-6
PIPELINE_HOP_S = 50e-6  # activation hand-off between pipeline stages per token

# Training: model FLOPs utilisation of PyTorch fine-tuning (FSDP / PEFT / torchtune class).
# Llama 3 paper: 38-43% MFU in pre-training at scale on H100s; torchtune's compiled
# single-GPU runs on an RTX 4090 imply 60-65% for full fine-tuning (PUB04). 0.55 sits
# between the two (a single node has no cross-node communication to hide).
TRAINING_MFU = 0.55
QLORA_DEQUANT_SLOWDOWN = 1.28  # torchtune 8B: LoRA 3,083 vs QLoRA 2,413 tok/s on one 4090
DATA_PARALLEL_EFFICIENCY = {"nvlink": 0.92, "infinity-fabric": 0.9, "nvlink-bridge": 0.85}
PCIE_DATA_PARALLEL_EFFICIENCY = 0.75
ZERO3_COMM_PENALTY = 0.85
CPU_OFFLOAD_PENALTY = 0.5


@dataclass(frozen=True)
class Speed:
    per_user_tokens_per_s: float
    aggregate_tokens_per_s: float
    ttft_s: float
    prefill_tokens_per_s: float
    batch: int
    bound: str


def peak_tflops(gpu: Gpu, compute_dtype: str) -> float:
    t = gpu.tflops
    by_dtype = {"fp8": t.fp8, "fp4": t.fp4 or t.fp8, "int8": t.int8, "fp16": t.fp16}
    value = by_dtype.get(compute_dtype)
    return value if value else t.bf16


def _clock(gpu: Gpu) -> float:
    return gpu.boost_clock_mhz or 1800.0


def _allreduce_latency(gpu: Gpu) -> float:
    return ALLREDUCE_LATENCY_S.get(gpu.interconnect.kind, PCIE_ALLREDUCE_LATENCY_S)


def _weight_bytes_read(inputs: Inputs, batch: int) -> float:
    """Weights one decode step reads: everything but the embedding table, and of the
    routed experts only those the batch's tokens are sent to."""
    w = inputs.weights
    dense = w.total - w.experts - w.embedding + (0.0 if w.lm_head else w.embedding)
    arch = inputs.model.architecture
    if arch.moe is None:
        return dense
    share = arch.moe.experts_per_token / arch.moe.num_experts
    touched = 1.0 - (1.0 - share) ** batch
    return dense + w.experts * touched


def _kv_bytes_read(inputs: Inputs, layout: Layout, batch: int, avg_context: float) -> float:
    arch = inputs.model.architecture
    per_layer = layer_kv_bytes_per_token(arch, inputs.kv_bytes, layout.tp)
    window = min(avg_context, arch.sliding_window or avg_context)
    full_layers = arch.num_layers - arch.sliding_window_layers
    per_seq = per_layer * (full_layers * avg_context + arch.sliding_window_layers * window)
    return batch * per_seq / layout.pp


def decode_step_s(inputs: Inputs, layout: Layout, batch: int) -> tuple[float, str]:
    """Seconds per generated token of one sequence in a batch of `batch`, and the bound."""
    request, gpu, engine = inputs.request, inputs.gpu, inputs.engine
    arch = inputs.model.architecture
    params = inputs.params
    prompt = max(1, request.context - request.tokens_generated)
    avg_context = prompt + request.tokens_generated / 2
    micro = math.ceil(batch / layout.pp) if engine.pipeline_overlap else batch

    weight_bytes = _weight_bytes_read(inputs, micro) / (layout.tp * layout.pp)
    kv_bytes = _kv_bytes_read(inputs, layout, micro, avg_context)
    t_mem = (weight_bytes + kv_bytes) / (
        gpu.memory_bandwidth_tb_s * 1e12 * engine.decode_bandwidth_efficiency
    )
    attn_flops = (
        4 * micro * avg_context * arch.num_layers * arch.num_attention_heads * arch.head_dim
    )
    flops = (2 * params.active_compute * micro + attn_flops) / (layout.tp * layout.pp)
    peak = peak_tflops(gpu, inputs.fmt.compute_dtype) * 1e12
    t_compute = flops / (peak * engine.compute_efficiency)
    layers_per_stage = math.ceil(arch.num_layers / layout.pp)
    t_layers = layers_per_stage * engine.layer_overhead_ms_mhz / _clock(gpu) / 1e3
    t_comm = 0.0
    if layout.tp > 1:
        message = micro * arch.hidden_size * 2
        link = max(gpu.interconnect.bandwidth_gb_s, 1.0) * 1e9
        t_comm = 2 * layers_per_stage * (_allreduce_latency(gpu) + message / link)
    t_stage = max(t_mem, t_compute) + t_layers + t_comm
    latency = layout.pp * t_stage + (layout.pp - 1) * PIPELINE_HOP_S + engine.step_overhead_ms / 1e3
    if max(t_mem, t_compute) < t_layers + t_comm + engine.step_overhead_ms / 1e3:
        bound = "overhead"
    else:
        bound = "memory-bandwidth" if t_mem >= t_compute else "compute"
    return latency, bound


def prefill_s(inputs: Inputs, layout: Layout, tokens: int) -> tuple[float, float]:
    """(time to first token, the compute-only part) of one prompt of `tokens`."""
    arch = inputs.model.architecture
    params = inputs.params
    attn = 2 * arch.num_layers * tokens * tokens * arch.num_attention_heads * arch.head_dim
    flops = 2 * params.active_compute * tokens + attn
    peak = peak_tflops(inputs.gpu, inputs.fmt.compute_dtype) * 1e12
    compute = flops / (layout.tp * peak * inputs.engine.prefill_efficiency)
    return compute + inputs.engine.prefill_fixed_ms / 1e3, compute


def inference_speed(inputs: Inputs, layout: Layout, max_users_per_replica: int) -> Speed:
    request = inputs.request
    batch = max(1, min(inputs.users_per_replica(layout), max_users_per_replica or 1))
    step, bound = decode_step_s(inputs, layout, batch)
    prompt = max(1, request.context - request.tokens_generated)
    ttft, prefill_compute = prefill_s(inputs, layout, prompt)
    # Continuous batching: each request's prefill takes compute away from decoding.
    per_token = step / batch + prefill_compute / request.tokens_generated
    aggregate = layout.replicas / per_token
    active = min(request.users, batch * layout.replicas)
    return Speed(
        per_user_tokens_per_s=1.0 / step,
        aggregate_tokens_per_s=min(aggregate, active / step),
        ttft_s=ttft,
        prefill_tokens_per_s=prompt / ttft,
        batch=batch,
        bound=bound,
    )


@dataclass(frozen=True)
class TrainingSpeed:
    tokens_per_s: float
    flops_per_token: float


def training_speed(inputs: Inputs, layout: Layout) -> TrainingSpeed:
    request, gpu = inputs.request, inputs.gpu
    arch = inputs.model.architecture
    active = inputs.params.active_compute
    full = request.task in ("full", "pretrain")
    passes = 3.0  # forward + backward (input and weight gradients)
    matmul = (6.0 if full else 4.0) * active  # LoRA skips the frozen weights' gradients
    if request.gradient_checkpointing:
        matmul += 2.0 * active
        passes += 1.0
    seq = request.training_seq_len
    attn = passes * 2 * arch.num_layers * seq * arch.num_attention_heads * arch.head_dim
    flops_per_token = matmul + attn
    peak = peak_tflops(gpu, "bf16") * 1e12
    rate = layout.gpus * peak * TRAINING_MFU / flops_per_token
    if request.task == "qlora":
        rate /= QLORA_DEQUANT_SLOWDOWN
    if layout.gpus > 1:
        rate *= DATA_PARALLEL_EFFICIENCY.get(gpu.interconnect.kind, PCIE_DATA_PARALLEL_EFFICIENCY)
        if request.sharding == "zero3":
            rate *= ZERO3_COMM_PENALTY
    if request.cpu_offload:
        rate *= CPU_OFFLOAD_PENALTY
    return TrainingSpeed(tokens_per_s=rate, flops_per_token=flops_per_token)
