"""Rooflines with calibrated efficiencies: decode, prefill and training speed.

Decode step = max(bytes read / (bandwidth x efficiency), FLOPs / (peak x efficiency))
            + layers x per-layer latency + TP all-reduces + the engine's step overhead.
The efficiencies are per engine (catalog `engines.yaml`), each with its origin.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from advisor.catalog.schema import Architecture, Gpu
from advisor.sizing.inputs import GPUS_PER_NODE, Inputs, Layout
from advisor.sizing.kv_cache import layer_kv_bytes_per_token
from advisor.sizing.memory import (
    LORA_ATTENTION_DIMS,
    mlp_activation_width,
    trainable_bytes,
    trainable_parameters,
)

# All-reduce latency per call (two per layer under TP): NVLink ~8 us, PCIe ~25 us
# (NCCL tests on 8x H100 HGX and on PCIe Gen4 boards, small-message latency).
ALLREDUCE_LATENCY_S = {"nvlink": 8e-6, "infinity-fabric": 10e-6, "nvlink-bridge": 10e-6}
PCIE_ALLREDUCE_LATENCY_S = 25e-6
PIPELINE_HOP_S = 50e-6  # activation hand-off between pipeline stages per token
# MoE experts in host RAM (llama.cpp --n-cpu-moe): the CPU streams them from DRAM. llama.cpp's
# CPU decode reaches about 55-70% of a desktop's theoretical DRAM bandwidth (recalled, not
# re-measured: Llama 2 7B Q4_0 at ~14 tok/s on dual-channel DDR5-6000 reads 54 of 96 GB/s;
# our own 2-core server reaches ~55%, see the cpu record in gpus.yaml).
HOST_BANDWIDTH_EFFICIENCY = 0.6
# Each offloaded layer hands the hidden state GPU -> CPU -> GPU: two synchronising PCIe copies
# of a few KB, ~10 us each (CUDA memcpy latency).
HOST_HANDOFF_S = 20e-6
# llama.cpp processes a prompt in micro-batches of 512 tokens (-ub default) and, for a batch,
# copies the weights kept in host RAM to the GPU over PCIe (ggml-cuda's offload of large ops).
LLAMA_CPP_UBATCH = 512
# Usable PCIe bandwidth per lane and direction, GB/s (128b/130b encoding): gen3 0.985,
# gen4 1.969, gen5 3.938 (PCI-SIG base specifications).
PCIE_LANE_GB_S = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
# Beyond one NVLink domain a TP group talks over the node's network: one 400 Gb/s NIC per GPU
# (NVIDIA DGX/HGX H100 reference design, ConnectX-7) with RDMA latency in PCIe's range.
INTER_NODE_GB_S = 50.0
# Interconnects whose domain is a whole server (NVSwitch, Infinity Fabric), so a group that
# outgrows it spans servers with one NIC per GPU.
NODE_FABRICS = ("nvlink", "infinity-fabric")

# Training: model FLOPs utilisation of PyTorch fine-tuning (FSDP / PEFT / torchtune class).
# Llama 3 paper: 38-43% MFU in pre-training at scale on H100s; torchtune's compiled
# single-GPU runs on an RTX 4090 imply 60-65% for full fine-tuning (PUB04). 0.55 sits
# between the two (a single node has no cross-node communication to hide).
TRAINING_MFU = 0.55
# QLoRA keeps the frozen weights in NF4 and dequantizes each matrix to bf16 before every pass
# that multiplies by it (forward, the recomputed forward, backward): bitsandbytes' MatMul4Bit
# calls dequantize_4bit in forward and again in backward, a kernel that reads 4 bits (0.5 B)
# plus the block scales (double-quantized, about 1/64 B) and writes 2 B per weight. The time
# is per step, not per token: at the batches people train with it is a few percent.
QLORA_DEQUANT_BYTES = 2.5

# Streaming kernels (elementwise ops, the optimizer's pass) read and write HBM at about 85% of
# its peak: a coalesced load reached 84% of an H100's 3.35 TB/s under Nsight Compute
# (mikamirai.com, "GPU Memory Bandwidth", 2026-03), as vLLM's decode reads weights (0.85).
STREAM_EFFICIENCY = 0.85
# Eager PyTorch runs each elementwise op of a layer as its own kernel, reading its inputs from
# and writing its output to HBM. Bytes per token of one layer's forward, counted from
# transformers' Llama code in bf16 (read + write): RMSNorm = cast to fp32 (2 + 4), square
# (4 + 4), mean (4), scale (4 + 4), cast back (4 + 2), weight (2 + 2) = 36 B per element, two
# per layer; two residual adds (2 + 2 + 2); rotary embedding of q and k: x cos (2 + 2), rotate
# half (1 + 1 + 2 + 2), x sin (2 + 2), add (2 + 2 + 2) = 20 B per element; the attention
# output made contiguous (2 + 2) per q element; the gated MLP's SiLU (2 + 2) and product
# (2 + 2 + 2) = 10 B per intermediate element (a plain MLP's activation, 4 B).
EAGER_NORM_BYTES = 2 * 36
EAGER_RESIDUAL_BYTES = 2 * 6
EAGER_ROPE_BYTES = 20
EAGER_ATTN_OUT_BYTES = 4
EAGER_GATED_MLP_BYTES, EAGER_PLAIN_MLP_BYTES = 10, 4
# PEFT's LoRA layer per adapted matrix, per element of its input (d_in) and output (d_out):
# fp32 adapters under a bf16 base (PEFT's default since 0.12, autocast_adapter_dtype) cast the
# input to fp32 (2 + 4) and lora_A reads it (4); lora_B writes fp32 (4), the scaling reads and
# writes it (4 + 4), adding it to the bf16 result makes fp32 (2 + 4 + 4) and the result is cast
# back (4 + 2): 10 B per input and 28 B per output element. bf16 adapters skip the casts:
# lora_A reads the input (2); lora_B writes (2), scaling (2 + 2), add (2 + 2 + 2) = 12 B.
LORA_FP32_BYTES, LORA_BF16_BYTES = (10, 28), (2, 12)
# Backward of an elementwise op reads the output's gradient and the saved inputs and writes
# the inputs' gradients: about twice the forward's bytes. Checkpointing runs forward twice.
EAGER_BACKWARD_PASSES = 2.0
# The loss in eager PyTorch per logit element: lm_head writes bf16 (2), the fp32 upcast
# (2 + 4), log-softmax reads twice and writes (8 + 4); backward writes the dense gradient (4),
# log-softmax's backward reads it and the saved output and writes (4 + 4 + 4), the cast back
# (4 + 2) = 42 B.
EAGER_LOSS_BYTES = 42
# An fp32 model under bf16 autocast (transformers Trainer, bf16=True) casts every weight for
# each forward pass: read 4 B, write 2 B.
AUTOCAST_WEIGHT_BYTES = 6


@dataclass(frozen=True)
class Speed:
    per_user_tokens_per_s: float
    aggregate_tokens_per_s: float
    ttft_s: float
    burst_ttft_s: float
    prefill_tokens_per_s: float
    batch: int
    bound: str
    # A wave: every user sends at once and sends again only after reading the answer, so no
    # prompt arrives while the answers stream (long documents read by people).
    wave_ttft_s: float = 0.0  # the mean first token of the wave (burst_ttft_s's packing)
    wave_tokens_per_s: float = 0.0  # each stream once the wave's prompts are read


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
    """Weights one decode step reads: the blocks and the output projection (a tied head
    reads the token table's share of the embedding bytes), not the lookup-only tables
    (token and per-layer embeddings) nor a vision encoder; of the routed experts only
    those the batch's tokens are sent to."""
    w, params = inputs.weights, inputs.params
    head = w.lm_head or w.embedding * params.output_projection / max(1, params.embedding)
    dense = w.total - w.experts - w.embedding - w.lm_head - w.vision + head
    arch = inputs.model.architecture
    if arch.moe is None:
        return dense
    share = arch.moe.experts_per_token / arch.moe.num_experts
    touched = 1.0 - (1.0 - share) ** batch
    return dense + w.experts * touched


def _offloaded_bytes_read(inputs: Inputs, batch: int) -> float:
    """Expert bytes a decode step reads from host RAM: the touched share of the offloaded."""
    total = sum(inputs.offloaded_experts)
    moe = inputs.model.architecture.moe
    if not total or moe is None:
        return 0.0
    share = moe.experts_per_token / moe.num_experts
    return total * (1.0 - (1.0 - share) ** batch)


def _attention_positions(arch: Architecture, query_tokens: float, context: float) -> float:
    """Query x key positions over all layers: full layers see the whole context, sliding
    ones the window, a hybrid's linear-attention layers none (their cost is linear)."""
    window = min(context, arch.sliding_window or context)
    full = arch.attending_layers - arch.sliding_window_layers
    return query_tokens * (full * context + arch.sliding_window_layers * window)


def _kv_bytes_read(inputs: Inputs, layout: Layout, batch: int, avg_context: float) -> float:
    arch = inputs.model.architecture
    per_layer = layer_kv_bytes_per_token(arch, inputs.kv_bytes, layout.tp)
    window = min(avg_context, arch.sliding_window or avg_context)
    per_seq = per_layer * (
        arch.full_attention_layers * avg_context + arch.sliding_window_layers * window
    )
    per_seq += arch.recurrent_state_bytes() / layout.tp  # read and written every step
    return batch * per_seq / layout.pp


def pcie_bytes_per_s(gpu: Gpu) -> float:
    return PCIE_LANE_GB_S.get(gpu.pcie_gen, 1.969) * gpu.pcie_lanes * 1e9


def _spans_nodes(gpu: Gpu, group: int) -> bool:
    return group > gpu.interconnect.domain_size > 1


def _link_bytes_per_s(gpu: Gpu, group: int) -> float:
    """Per-GPU bandwidth of a collective over `group` GPUs: the node's link, or the network
    once the group outgrows one NVLink domain.

    Across servers NCCL runs one ring per NIC rail, each crossing between nodes on a
    different GPU's NIC while its other hops stay on NVLink, so a collective moves at the
    node's network bandwidth (every GPU's NIC at once), bounded by NVLink: multi-node
    all-reduce bus bandwidth on H100 HGX with 8 x 400 Gb/s reaches 400-450 GB/s, not one
    NIC's 50 (nccl-tests expectations, saturncloud.io "Validating Multi-Node GPU Clusters
    with NCCL Tests", 2026). A bridged pair has no rails of its own: one NIC's rate."""
    link = gpu.interconnect
    if not _spans_nodes(gpu, group):
        rate = max(link.bandwidth_gb_s, 1.0)
    elif link.kind in NODE_FABRICS:
        rate = min(link.bandwidth_gb_s, INTER_NODE_GB_S * link.domain_size)
    else:
        rate = INTER_NODE_GB_S
    return rate * 1e9


def _allreduce_s(gpu: Gpu, tp: int, message_bytes: float) -> float:
    """One ring all-reduce across `tp` GPUs: latency + 2 (tp - 1) / tp x bytes / link."""
    latency = PCIE_ALLREDUCE_LATENCY_S if _spans_nodes(gpu, tp) else _allreduce_latency(gpu)
    return latency + 2 * (tp - 1) / tp * message_bytes / _link_bytes_per_s(gpu, tp)


def _sequence_step_s(inputs: Inputs) -> float:
    """Host work per running sequence per engine step: with the API server's streaming, or
    without it (an offline batch)."""
    engine = inputs.engine
    api = inputs.request.frontend == "api"
    return (engine.sequence_step_us if api else engine.offline_sequence_step_us) / 1e6


def decode_step_s(inputs: Inputs, layout: Layout, batch: int) -> tuple[float, str]:
    """Seconds per generated token of one sequence in a batch of `batch`, and the bound.

    The weight GEMMs and the attention over the KV cache are separate kernels, so their
    times add; each is the slower of its memory traffic and its arithmetic.
    """
    request, gpu, engine = inputs.request, inputs.gpu, inputs.engine
    arch = inputs.model.architecture
    params = inputs.params
    prompt = request.prompt_length
    avg_context = prompt + request.tokens_generated / 2
    micro = math.ceil(batch / layout.pp) if engine.pipeline_overlap else batch
    bandwidth = inputs.decode_bandwidth

    offloaded = _offloaded_bytes_read(inputs, micro)
    weight_bytes = (_weight_bytes_read(inputs, micro) - offloaded) / (layout.tp * layout.pp)
    # Every TP rank reads its replicated tensors whole (MLA's down-projections, routers).
    weight_bytes += inputs.weights.replicated_total * (1 - 1 / layout.tp) / layout.pp
    kv_bytes = _kv_bytes_read(inputs, layout, micro, avg_context)
    peak = peak_tflops(gpu, inputs.fmt.compute_dtype) * 1e12 * engine.compute_efficiency
    gemm_flops = 2 * params.active_compute * micro / (layout.tp * layout.pp)
    t_gemm_mem, t_gemm_compute = weight_bytes / bandwidth, gemm_flops / peak
    heads = arch.num_attention_heads * arch.head_dim
    attn_flops = 4 * heads * _attention_positions(arch, micro, avg_context) / layout.per_replica
    attn_peak = peak_tflops(gpu, "bf16") * 1e12 * engine.compute_efficiency
    t_attention = max(kv_bytes / bandwidth, attn_flops / attn_peak)
    t_mem = t_gemm_mem + kv_bytes / bandwidth
    t_compute = t_gemm_compute + attn_flops / attn_peak
    layers_per_stage = math.ceil(arch.num_layers / layout.pp)
    t_layers = layers_per_stage * engine.layer_overhead_ms_mhz / _clock(gpu) / 1e3
    if arch.moe is not None:
        # Router GEMM, top-k, token sort and two grouped expert GEMMs: kernels every MoE layer
        # runs at every step, each with a fixed time well above its bytes at small batches
        # (fitted as added time; a floor hidden by larger batches fitted the serving points
        # worse: validation README, "MoE decode")
        moe_layers = math.ceil((arch.num_layers - arch.moe.first_dense_layers) / layout.pp)
        t_layers += moe_layers * engine.moe_layer_overhead_ms_mhz / _clock(gpu) / 1e3
    t_comm = 0.0
    if layout.tp > 1:
        message = micro * arch.hidden_size * 2
        t_comm = 2 * layers_per_stage * _allreduce_s(gpu, layout.tp, message)
    t_kernels = max(t_gemm_mem, t_gemm_compute) + t_attention
    # Eager PyTorch issues every op of a layer from the host; the kernels run as they are
    # issued, so the step takes the longer of the two.
    t_dispatch = layers_per_stage * engine.host_ms_per_layer / 1e3
    t_stage = max(t_kernels + t_layers, t_dispatch) + t_comm
    host = engine.step_overhead_ms / 1e3 + batch * _sequence_step_s(inputs)
    t_cpu_experts = 0.0
    if offloaded:  # the CPU computes the offloaded layers' experts, reading them from RAM
        handoffs = sum(1 for b in inputs.offloaded_experts if b) * HOST_HANDOFF_S
        t_cpu_experts = (
            offloaded / (inputs.host_memory_bandwidth * HOST_BANDWIDTH_EFFICIENCY) + handoffs
        )
    latency = layout.pp * t_stage + (layout.pp - 1) * PIPELINE_HOP_S + host + t_cpu_experts
    if t_cpu_experts > layout.pp * t_stage:
        bound = "host-memory"
    elif t_kernels < t_stage - t_kernels + host:
        bound = "overhead"
    else:
        bound = "memory-bandwidth" if t_mem >= t_compute else "compute"
    return latency, bound


def prefill_s(inputs: Inputs, layout: Layout, tokens: int) -> tuple[float, float]:
    """(time to first token, the GPU-busy part) of one prompt of `tokens`.

    GEMMs run at the weight format's peak, or at the speed of reading the weights they touch
    when the prompt is too short to reuse them (a short prompt, a MoE whose experts each see a
    few tokens); attention (FlashAttention) runs at bf16's peak; under tensor parallelism every
    layer all-reduces the prompt's activations twice.
    """
    compute = _prefill_compute_s(inputs, layout, tokens, tokens)
    return compute + inputs.engine.prefill_fixed_ms / 1e3, compute


def _prefill_compute_s(inputs: Inputs, layout: Layout, tokens: int, prompt: int) -> float:
    """GPU time of `tokens` prompt tokens computed together, of prompts `prompt` long: one
    prompt (tokens = prompt) or an engine step packing several (prefill_s's terms)."""
    arch, gpu, engine = inputs.model.architecture, inputs.gpu, inputs.engine
    params = inputs.params
    # Causal attention: each query sees the keys before it, half its prompt on average.
    attn = (
        4
        * arch.num_attention_heads
        * arch.head_dim
        * _attention_positions(arch, tokens, prompt)
        / 2
    )
    gemm_peak = peak_tflops(gpu, inputs.fmt.compute_dtype) * 1e12 * engine.prefill_efficiency
    attn_peak = peak_tflops(gpu, "bf16") * 1e12 * engine.prefill_efficiency
    gemm = max(
        2 * params.active_compute * tokens / gemm_peak,
        _weight_bytes_read(inputs, tokens) / inputs.decode_bandwidth,  # as in decode
    )
    compute = (gemm + attn / attn_peak) / layout.tp
    if layout.tp > 1:
        message = tokens * arch.hidden_size * 2
        compute += 2 * arch.num_layers * _allreduce_s(gpu, layout.tp, message)
    offloaded = sum(inputs.offloaded_experts)
    if offloaded:  # llama.cpp copies host-RAM experts to the GPU for each prompt batch
        batches = math.ceil(tokens / LLAMA_CPP_UBATCH)
        compute += (
            batches * offloaded / (pcie_bytes_per_s(gpu) * engine.decode_bandwidth_efficiency)
        )
    return compute


# A burst of more engine steps than this is summed in closed form (see burst_ttft_s).
BURST_EXACT_STEPS = 24


def burst_ttft_s(inputs: Inputs, layout: Layout, clients: int, prompt: int) -> float:
    """Mean time to first token when `clients` identical prompts arrive at the same moment.

    The scheduler packs the queued prompts into steps of max_num_batched_tokens (chunking
    the one that straddles a step), in arrival order, and a prompt's first token is sampled
    at the end of the step that computes its last token: prompt i waits for step
    ceil(i x prompt / budget), and every prompt packed into a step waits for all of it.
    Each step also carries one token for every request already decoding (its GEMM share,
    its KV-cache reads and its host work).
    """
    engine = inputs.engine
    budget = max(1, inputs.max_num_batched_tokens())
    total = clients * prompt
    bandwidth = inputs.decode_bandwidth
    steps = math.ceil(total / budget)
    # Full steps differ only in their decode tokens, whose cost is linear in their number:
    # price a full step and one decode token once, not every step of a long burst.
    full = _prefill_compute_s(inputs, layout, budget, prompt)
    per_decode = (
        (_prefill_compute_s(inputs, layout, budget + clients, prompt) - full) / clients
        + _kv_bytes_read(inputs, layout, 1, prompt) / bandwidth
        + _sequence_step_s(inputs)
    )
    overhead = engine.step_overhead_ms / 1e3
    if steps > BURST_EXACT_STEPS:
        # Many steps: prompt i ends in step i / q + 1/2 on average (q prompts a step), and
        # before step k about q k (k - 1) / 2 decode tokens have run; the mean of the
        # elapsed time over the prompts, within a step of the exact sum.
        q = budget / prompt
        k1 = (clients + 1) / (2 * q) + 0.5
        k2 = (clients + 1) * (2 * clients + 1) / (6 * q * q) + (clients + 1) / (2 * q) + 0.25
        mean = (full + overhead) * k1 - overhead + per_decode * q / 2 * (k2 - k1)
        return mean + engine.prefill_fixed_ms / 1e3
    elapsed, waited, done = 0.0, 0.0, 0
    for step in range(1, steps + 1):
        tokens = min(budget, total - (step - 1) * budget)
        base = full if tokens == budget else _prefill_compute_s(inputs, layout, tokens, prompt)
        elapsed += (
            base
            + done * per_decode  # one token for each request already decoding
            + (overhead if step > 1 else 0.0)  # the first step's: in the fixed term
        )
        finished = min(clients, step * budget // prompt) - done
        waited += finished * elapsed
        done += finished
    waited += (clients - done) * elapsed  # a remainder in the last step
    return waited / max(1, clients) + engine.prefill_fixed_ms / 1e3


@dataclass(frozen=True)
class LoadPoint:
    """One replica set serving `concurrency` clients that each send their next request as
    soon as the last one ends (the closed loop of benchmark_serving --max-concurrency)."""

    concurrency: int
    batch: int  # requests decoding together per replica
    itl_s: float  # inter-token latency: one decode step with the arrivals' chunked prefill
    ttft_s: float  # own prefill + waiting for the prefill queue + waiting for a batch slot
    queue_s: float  # the part of ttft spent waiting for a slot (concurrency > batch)
    burst_ttft_s: float  # mean ttft when every client sends at the same moment
    wave_ttft_s: float  # the same burst with no queue before it (a wave, not a closed loop)
    step_s: float  # one decode step of the batch with no prompt beside it
    aggregate_tokens_per_s: float
    bound: str
    prefill_alone_s: float  # the prompt's time to first token on an idle server

    @property
    def per_user_tokens_per_s(self) -> float:
        return 1.0 / self.itl_s


def serving_load(
    inputs: Inputs, layout: Layout, concurrency: int, slots_per_replica: int
) -> LoadPoint:
    """Latency and throughput at a number of concurrent requests.

    - batch = min(clients per replica, slots the KV cache and max_num_seqs allow);
    - ITL = decode step(batch) + batch x prefill compute / output tokens: with chunked
      prefill every step also carries the prompts of the requests that replace finished ones;
    - TTFT = own prefill (+ the decode steps it is chunked into) + the wait for earlier
      prompts, an M/D/1 queue: wait = rho / (2 (1 - rho)) x prefill, rho = arrivals x prefill,
      at most (batch - 1) / 2 prompts' worth (no more clients than that can be ahead);
    - clients beyond the batch queue for a slot; a closed loop obeys Little's law:
      clients = throughput x (wait + TTFT + output x ITL);
    - a burst (every client sends at once: the start of a shift, a batch job, a benchmark's
      closed loop of identical requests, which stays in step) is prefilled in arrival order,
      packed into engine steps (burst_ttft_s).
    """
    request = inputs.request
    prompt = request.prompt_length
    output = request.tokens_generated
    clients = math.ceil(concurrency / layout.replicas)
    batch = max(1, min(clients, slots_per_replica))
    step, bound = decode_step_s(inputs, layout, batch)
    ttft_alone, prefill_compute = prefill_s(inputs, layout, prompt)
    itl = step + (batch - 1) * prefill_compute / output if batch > 1 else step
    chunks = math.ceil(prompt / max(1, inputs.max_num_batched_tokens()))
    service = ttft_alone + (chunks * step if batch > 1 else 0.0)
    cycle = service + output * itl
    rate = batch / cycle  # requests per second per replica
    rho = min(0.95, rate * prefill_compute) if batch > 1 else 0.0
    # M/D/1, bounded by the closed loop: at most the other batch - 1 prompts are ahead.
    prefill_wait = min(rho / (2 * (1 - rho)), (batch - 1) / 2) * prefill_compute
    cycle += prefill_wait
    rate = min(batch / cycle, 1.0 / max(prefill_compute, 1e-9))
    queue = max(0.0, clients / rate - cycle) if clients > batch else 0.0
    # Each client finishes one request per cycle (plus its wait); the replicas cap the total.
    requests_per_s = min(concurrency / (cycle + queue), layout.replicas * rate)
    ttft = service + prefill_wait + queue
    wave = burst_ttft_s(inputs, layout, batch, prompt)
    return LoadPoint(
        concurrency=concurrency,
        batch=batch,
        itl_s=itl,
        ttft_s=ttft,
        queue_s=queue,
        burst_ttft_s=max(ttft, wave + queue),
        wave_ttft_s=wave + queue,
        step_s=step,
        aggregate_tokens_per_s=requests_per_s * output,
        bound=bound,
        prefill_alone_s=ttft_alone,
    )


def inference_speed(inputs: Inputs, layout: Layout, slots_per_replica: int) -> Speed:
    """The headline figures at the asked number of concurrent users."""
    request = inputs.request
    load = serving_load(inputs, layout, request.users, max(1, slots_per_replica))
    prompt = request.prompt_length
    return Speed(
        per_user_tokens_per_s=load.per_user_tokens_per_s,
        aggregate_tokens_per_s=load.aggregate_tokens_per_s,
        ttft_s=load.ttft_s,
        burst_ttft_s=load.burst_ttft_s,
        prefill_tokens_per_s=prompt / load.prefill_alone_s,
        batch=load.batch,
        bound=load.bound,
        wave_ttft_s=load.wave_ttft_s,
        wave_tokens_per_s=1.0 / load.step_s,
    )


@dataclass(frozen=True)
class TrainingSpeed:
    tokens_per_s: float
    flops_per_token: float
    compute_s: float = 0.0  # one micro-batch's forward and backward on one GPU
    communication_s: float = 0.0  # its data-parallel traffic, overlapped with the compute
    host_optimizer_s: float = 0.0  # a CPU optimizer's pass over host RAM (cpu_offload)
    elementwise_s: float = 0.0  # eager PyTorch's elementwise kernels through HBM
    dequant_s: float = 0.0  # QLoRA's NF4 weights dequantized to bf16 for each pass
    gpu_optimizer_s: float = 0.0  # the optimizer's pass over GPU memory


def _data_parallel_s(inputs: Inputs, layout: Layout, grads: float) -> float:
    """Seconds of one step's data-parallel traffic per GPU.

    Ring collectives move (n - 1) / n of the data per GPU: an all-reduce of the gradients
    (twice: reduce-scatter then all-gather; ZeRO-1/2 move the same), or under ZeRO-3 / FSDP
    an all-gather of the weights for forward and again for backward plus a reduce-scatter of
    the gradients. With CPU offload the shards also cross PCIe to the host and back."""
    request, gpu = inputs.request, inputs.gpu
    n = layout.gpus
    weights = inputs.weights.total
    share = (n - 1) / n
    if request.sharding == "zero3":
        moved = (2 * weights + grads) * share
    else:
        moved = 2 * grads * share
    seconds = moved / _link_bytes_per_s(gpu, n) if n > 1 else 0.0
    if request.cpu_offload:  # gradient shards down, updated shards (and ZeRO-3 weights) up
        host = 2 * grads / n + (2 * weights / n if request.sharding == "zero3" else 0.0)
        seconds += host / pcie_bytes_per_s(gpu)
    return seconds


def _lora_dims(arch: Architecture, target: str) -> tuple[int, int]:
    """(d_in, d_out) of an adapted matrix for one token (a MoE token's active experts)."""
    if target in LORA_ATTENTION_DIMS:
        return LORA_ATTENTION_DIMS[target](arch)
    width = mlp_activation_width(arch)
    return {
        "gate": (arch.hidden_size, width if arch.gated_mlp else 0),
        "up": (arch.hidden_size, width),
        "down": (width, arch.hidden_size),
    }[target]


def eager_bytes_per_token(inputs: Inputs) -> float:
    """HBM bytes one token's elementwise ops move in a step of eager PyTorch: every layer's
    forward (again with checkpointing) and its backward, the loss's upcast and softmax, and
    PEFT's adapter arithmetic."""
    request, arch = inputs.request, inputs.model.architecture
    q = arch.num_attention_heads * arch.head_dim
    kv = arch.num_kv_heads * arch.head_dim
    mlp = EAGER_GATED_MLP_BYTES if arch.gated_mlp else EAGER_PLAIN_MLP_BYTES
    layer = (
        (EAGER_NORM_BYTES + EAGER_RESIDUAL_BYTES) * arch.hidden_size
        + EAGER_ROPE_BYTES * (q + kv)
        + EAGER_ATTN_OUT_BYTES * q
        + mlp * mlp_activation_width(arch)
    )
    if request.task in ("lora", "qlora"):
        per_in, per_out = LORA_FP32_BYTES if request.master_weights else LORA_BF16_BYTES
        for target in request.lora_targets:
            d_in, d_out = _lora_dims(arch, target)
            if d_out:
                layer += per_in * d_in + per_out * d_out
    forwards = 2.0 if request.gradient_checkpointing else 1.0
    total = layer * arch.num_layers * (forwards + EAGER_BACKWARD_PASSES)
    if request.cross_entropy in ("full", "fp32-logits"):
        total += EAGER_LOSS_BYTES * arch.vocab_size
    return total


def training_speed(inputs: Inputs, layout: Layout) -> TrainingSpeed:
    """Tokens per second of data-parallel training.

    A step is one micro-batch per GPU: its FLOPs at the training MFU plus, in eager PyTorch,
    the elementwise ops' HBM traffic and QLoRA's dequantization of the weights (or its
    data-parallel traffic if that takes longer: DDP buckets and FSDP prefetch overlap the
    two), then the optimizer's pass: on the GPU it
    reads each trainable parameter's gradient, states and weight and writes the states and
    weight back; with CPU offload the same pass runs over host RAM, whose bandwidth bounds it,
    shared by the GPUs of a node.
    """
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
    tokens = request.micro_batch * seq  # per GPU and step
    compute = tokens * flops_per_token / (peak * TRAINING_MFU)
    stream = gpu.memory_bandwidth_tb_s * 1e12 * STREAM_EFFICIENCY
    dequant = 0.0
    if request.task == "qlora":  # every GPU dequantizes the whole model (FSDP gathers it)
        params = inputs.params
        quantized = params.attention + params.mlp + params.experts
        dequant = (passes - 1.0) * quantized * QLORA_DEQUANT_BYTES / stream
    elementwise = 0.0
    if request.training_kernels == "eager":
        moved = tokens * eager_bytes_per_token(inputs)
        if full and request.master_weights and inputs.fmt.id != "fp32":
            forwards = 2 if request.gradient_checkpointing else 1
            moved += forwards * AUTOCAST_WEIGHT_BYTES * inputs.params.total
        elementwise = moved / stream
    trainable = trainable_parameters(inputs)
    per_param = trainable_bytes(inputs)
    communication = _data_parallel_s(inputs, layout, trainable * per_param.gradient)
    optimizer_pass = per_param.gradient + 2 * (per_param.optimizer + per_param.weight)
    host_optimizer = gpu_optimizer = 0.0
    if request.cpu_offload:  # read gradient, states, weight; write states and weight back
        per_node = trainable / max(1, math.ceil(layout.gpus / GPUS_PER_NODE))
        host_optimizer = (
            per_node * optimizer_pass / (inputs.host_memory_bandwidth * HOST_BANDWIDTH_EFFICIENCY)
        )
    else:
        sharded = request.sharding in ("zero1", "zero2", "zero3")
        gpu_optimizer = (trainable / (layout.gpus if sharded else 1)) * optimizer_pass / stream
    step = max(compute + elementwise + dequant, communication) + gpu_optimizer + host_optimizer
    return TrainingSpeed(
        tokens_per_s=layout.gpus * tokens / step,
        flops_per_token=flops_per_token,
        compute_s=compute,
        communication_s=communication,
        host_optimizer_s=host_optimizer,
        elementwise_s=elementwise,
        dequant_s=dequant,
        gpu_optimizer_s=gpu_optimizer,
    )
