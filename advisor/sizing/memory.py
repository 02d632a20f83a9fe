"""Per-GPU memory of one layout: inference (engine budget and KV cache) and training."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from advisor.catalog.schema import Architecture
from advisor.sizing.inputs import GIB, Inputs, Layout
from advisor.sizing.kv_cache import VLLM_BLOCK_TOKENS, capacity_tokens, sequence_kv_bytes
from advisor.sizing.weights import WeightBytes

# DeepSpeed ZeRO-3 default stage3_max_live_parameters: parameters gathered at once.
ZERO3_MAX_LIVE_PARAMS = 1e9
# Communication buffers grow per peer in the logs up to TP 4 (MEM36, MEM38); no TP-8 log was
# found, and the per-peer growth cannot continue to 8: Llama 3.1 405B FP8 on one 8x H100 node,
# Meta's reference deployment (Llama 3.1 release notes, recalled), would then have no KV cache.
# The growth is held at the TP-4 level beyond it.
TP_COMM_PEERS_MEASURED = 3
TRAINING_CONTEXT_BYTES = 0.5 * GIB  # CUDA context + cuBLAS workspace of a PyTorch process
ALLOCATOR_SLACK = 0.05  # caching-allocator fragmentation on top of live training tensors


@dataclass(frozen=True)
class GpuMemory:
    """Bytes on the most loaded GPU of the layout."""

    weights: float
    kv_cache: float
    activations: float
    gradients: float
    optimizer: float
    overhead: float
    usable: float  # what the engine may use (capacity x utilization where it applies)
    kv_budget: float  # bytes left for the KV cache after everything else
    kv_capacity_tokens: int
    sequence_kv_bytes: float  # one request at the full context, on this GPU
    request_kv_bytes: float  # one user's request as asked (prompt + output), on this GPU
    host_offload: float  # bytes kept in host RAM instead

    @property
    def total(self) -> float:
        return (
            self.weights
            + self.kv_cache
            + self.activations
            + self.gradients
            + self.optimizer
            + self.overhead
        )

    @property
    def fits(self) -> bool:
        return self.total <= self.usable and self.kv_budget >= self.kv_cache


def weights_of_size(params_b: float, bits_per_weight: float) -> float:
    """GB of weights for a parameter count alone, no architecture known: params x bits / 8
    (a floor: a real checkpoint keeps embeddings and norms wider than its format)."""
    return params_b * bits_per_weight / 8


def weights_per_gpu(
    weights: WeightBytes, layout: Layout, offloaded: tuple[float, ...] = ()
) -> float:
    """The heaviest pipeline stage over TP; embeddings and lm_head are vocab-parallel, the
    replicated tensors (MLA's down-projections, routers) whole on every rank. Experts kept in
    host RAM (`offloaded`, per layer) are not on any GPU."""
    layers: Sequence[float] = weights.per_layer
    whole = 1.0 - 1.0 / layout.tp  # the share of a replicated tensor beyond its TP slice
    if offloaded:
        layers = [w - o for w, o in zip(layers, offloaded, strict=True)]
    elif layout.pp == 1:  # the hot path of a search: one stage holds everything
        edges = weights.embedding + weights.lm_head + weights.vision
        return (weights.layers_total + edges) / layout.tp + weights.replicated_total * whole
    replicated = weights.replicated_per_layer or (0.0,) * len(layers)
    per_stage = math.ceil(len(layers) / layout.pp)
    stages = [
        sum(layers[i : i + per_stage]) / layout.tp + sum(replicated[i : i + per_stage]) * whole
        for i in range(0, len(layers), per_stage)
    ]
    stages[0] += (weights.embedding + weights.vision) / layout.tp
    stages[-1] += (
        weights.lm_head if weights.lm_head else (weights.embedding if layout.pp > 1 else 0)
    ) / layout.tp
    return max(stages)


def mlp_activation_width(arch: Architecture) -> int:
    """Widest MLP intermediate a token goes through (MoE: top-k experts plus shared)."""
    dense = arch.intermediate_size if (arch.moe is None or arch.moe.first_dense_layers) else 0
    if arch.moe is None:
        return dense
    moe = arch.moe
    shared = moe.num_shared_experts * (
        moe.shared_expert_intermediate_size or moe.moe_intermediate_size
    )
    return max(dense, moe.experts_per_token * moe.moe_intermediate_size + shared)


def _stage_share(arch: Architecture, layout: Layout) -> float:
    return math.ceil(arch.num_layers / layout.pp) / arch.num_layers


def request_kv_bytes(inputs: Inputs, tp: int = 1, block: int = 1) -> float:
    """KV bytes one user's request holds at its end (prompt + output), all layers on one GPU.

    A paged KV cache (vLLM, TensorRT-LLM) takes blocks as tokens arrive, so memory is reserved
    for each user's request as asked; the window (`context`) must fit once, for one request
    (vLLM refuses to start otherwise). A 32k window with 1k prompts is not 32k per user: when
    more users fill the window at once than memory holds, the scheduler queues the rest."""
    request = inputs.request
    tokens = request.prompt_length + request.tokens_generated
    if not inputs.engine.paged_kv:  # a contiguous cache is allocated at the window
        tokens = request.context
    return sequence_kv_bytes(inputs.model.architecture, inputs.kv_bytes, tokens, tp, block)


def inference_memory(inputs: Inputs, layout: Layout) -> GpuMemory:
    request, engine, arch = inputs.request, inputs.engine, inputs.model.architecture
    weights = weights_per_gpu(inputs.weights, layout, inputs.offloaded_experts)
    block = VLLM_BLOCK_TOKENS if engine.paged_kv else 1
    seq_bytes = sequence_kv_bytes(arch, inputs.kv_bytes, request.context, layout.tp, block)
    seq_bytes *= _stage_share(arch, layout)
    request_bytes = request_kv_bytes(inputs, layout.tp, block) * _stage_share(arch, layout)
    kv_needed = max(seq_bytes, request_bytes * inputs.users_per_replica(layout))

    if engine.id == "transformers":  # no chunked prefill: the whole batch of prompts at once
        batched = inputs.users_per_replica(layout) * max(
            1, request.context - request.tokens_generated
        )
    else:
        batched = inputs.max_num_batched_tokens()
    width = 2 * mlp_activation_width(arch) / layout.tp + 6 * arch.hidden_size
    activations = engine.activation_bytes_per_token_factor * batched * inputs.act_bytes * width
    # Sampler at profiling: fp32 logits and their softmax for max_num_seqs sequences.
    activations += inputs.max_num_seqs(layout) * arch.vocab_size * 8

    overhead = engine.non_torch_gib * GIB
    if layout.tp > 1 and inputs.gpu.interconnect.kind in ("nvlink", "infinity-fabric"):
        peers = min(layout.tp - 1, TP_COMM_PEERS_MEASURED)
        overhead += engine.tp_comm_buffers_gib * GIB * peers
    if not request.enforce_eager and not inputs.is_cpu:
        overhead += engine.cuda_graphs_gib * GIB

    if inputs.is_cpu:
        # A fixed KV space in host RAM (vLLM's VLLM_CPU_KVCACHE_SPACE, llama.cpp's n_ctx x
        # n_parallel), never more than the RAM the weights leave.
        usable = inputs.capacity_bytes
        kv_budget = min(
            (inputs.gpu.kv_cache_space_gib or 1.0) * GIB,
            max(0.0, usable - weights - activations - overhead),
        )
    else:
        share = request.gpu_memory_utilization if engine.uses_memory_utilization else 1.0
        usable = inputs.capacity_bytes * share
        kv_budget = usable - weights - activations - overhead
    tokens = capacity_tokens(arch, inputs.kv_bytes, kv_budget, layout.tp, layout.pp)
    return GpuMemory(
        weights=weights,
        kv_cache=kv_needed,
        activations=activations,
        gradients=0.0,
        optimizer=0.0,
        overhead=overhead,
        usable=usable,
        kv_budget=kv_budget,
        kv_capacity_tokens=tokens,
        sequence_kv_bytes=seq_bytes,
        request_kv_bytes=request_bytes,
        host_offload=sum(inputs.offloaded_experts),
    )


LORA_ATTENTION_DIMS = {
    "q": lambda a: (a.hidden_size, a.num_attention_heads * a.head_dim),
    "k": lambda a: (a.hidden_size, a.num_kv_heads * a.head_dim),
    "v": lambda a: (a.hidden_size, a.num_kv_heads * a.head_dim),
    "o": lambda a: (a.num_attention_heads * a.head_dim, a.hidden_size),
}


def lora_parameters(arch: Architecture, rank: int, targets: list[str]) -> int:
    """rank x (d_in + d_out) per adapted matrix; MoE layers adapt every expert's MLP."""
    total = 0
    for index in range(arch.num_layers):
        for target in targets:
            if target in LORA_ATTENTION_DIMS:
                d_in, d_out = LORA_ATTENTION_DIMS[target](arch)
                total += rank * (d_in + d_out)
                continue
            if target == "gate" and not arch.gated_mlp:
                continue
            moe = arch.moe
            if moe is not None and index >= moe.first_dense_layers:
                width, copies = moe.moe_intermediate_size, moe.num_experts + moe.num_shared_experts
            else:
                width, copies = arch.intermediate_size, 1
            total += copies * rank * (arch.hidden_size + width)
    return total


def _adapted_input_widths(arch: Architecture, targets: Sequence[str]) -> list[int]:
    """Input width of each adapted matrix (o takes the attention output, down the MLP's)."""
    return [
        LORA_ATTENTION_DIMS[t](arch)[0]
        if t in LORA_ATTENTION_DIMS
        else mlp_activation_width(arch)
        if t == "down"
        else arch.hidden_size
        for t in targets
        if not (t == "gate" and not arch.gated_mlp)
    ]


def _layer_saved_bytes(inputs: Inputs) -> float:
    """Bytes per token one decoder layer keeps for backward.

    Eager PyTorch (`training_kernels: eager`): read from transformers' and PEFT's Llama code
    and counted with saved-tensor hooks on an H200 (benchmarks/gpu_probe.py; each storage
    once, parameters left out): full bf16 fine-tuning of Llama 3.2 1B keeps 108,680 B, PEFT
    LoRA on every linear 158,280 B and LoRA on q and v of Llama 3.2 3B 115,304 B, which these
    terms reproduce to 0.2%:
    - RMSNorm upcasts its input to fp32 and keeps that copy (twice a layer); a trainable norm
      weight also keeps the normalised value (bf16) for its gradient;
    - FlashAttention-class SDPA keeps q, k, v and its output (no s^2 term); the output, laid
      out as (tokens, heads, dim), is also o_proj's input, the same storage;
    - the gated MLP keeps gate's output (SiLU's input), SiLU's output and up's output (the
      product's inputs); a plain MLP its activation's input;
    - a trainable linear keeps its input for the weight's gradient: full fine-tuning keeps
      each norm's output and the MLP product once; PEFT casts the input of every adapted
      matrix to its fp32 adapter separately (one fp32 copy each, q, k and v included), while
      adapters in the activations' dtype (torchtune) share the input the base layer sees;
      lora_A's output (rank wide) is kept for lora_B.
    """
    request, arch = inputs.request, inputs.model.architecture
    act = inputs.act_bytes
    h = arch.hidden_size
    q = arch.num_attention_heads * arch.head_dim
    kv = arch.num_kv_heads * arch.head_dim
    ffn = mlp_activation_width(arch)
    if request.training_kernels == "fused":
        # Fused norms, RoPE and LoRA-MLP kernels (Unsloth) or torch.compile's partitioner
        # keep what backward cannot cheaply recompute: the norms' inputs and outputs (4h),
        # q, k, v and the attention output, and the MLP's intermediates.
        return act * (4 * h + 2 * q + 2 * kv + (3 if arch.gated_mlp else 2) * ffn)
    full = request.task in ("full", "pretrain")
    norms = 2 * (max(4.0, act) * h + (act * h if full else 0.0))
    attention = act * (2 * q + 2 * kv)
    mlp = act * (3 if arch.gated_mlp else 1) * ffn
    if full:
        return norms + attention + mlp + act * (2 * h + ffn)
    targets = list(request.lora_targets)
    adapter = 4.0 if request.master_weights else act
    widths = _adapted_input_widths(arch, targets)
    if adapter > act:  # PEFT's cast: a copy per adapted matrix
        linear_inputs = adapter * sum(widths)
    else:  # the base layer's input, once per distinct tensor (o's is the attention output)
        distinct = {"attn_in" if t in ("q", "k", "v") else t for t in targets}
        distinct -= {"o"}
        if "gate" in distinct or "up" in distinct:
            distinct = (distinct - {"gate", "up"}) | {"mlp_in"}
        linear_inputs = act * sum(ffn if t == "down" else h for t in distinct)
    return norms + attention + mlp + linear_inputs + adapter * request.lora_rank * len(widths)


# Bytes per logit element (token x vocab) at the loss's peak, by how the loss meets the logits.
# full (transformers >= 4.46 ForCausalLMLoss, torchtune's CrossEntropyLoss): the bf16 logits are
#   upcast to fp32 inside the loss; backward holds the saved fp32 log-probabilities (4 B), their
#   gradient (4 B) and the logits' fp32 gradient (4 B) = 12 B (the forward's bf16 + fp32 copy +
#   log-probabilities, 10 B, is lower). Measured: H200 LoRA of Llama 3.1 8B at 8,192 and 16,384
#   tokens and Qwen2.5 7B at 8,192 (HFT1, HFT6, HFT2) within 1%.
# fp32-logits (transformers < 4.46): forward upcast and returned every logit in fp32 (4 B,
#   held by the output) beside the log-probabilities (4 B); backward adds their fp32 gradient
#   (4 B), the logits' fp32 gradient (4 B) and its bf16 cast (2 B) = 18 B.
# chunked: torchtune CEWithChunkedOutputLoss keeps the bf16 logits (2 B) and upcasts one of
#   its 8 chunks to fp32 at a time (4 B / 8).
# fused: Liger / Unsloth fused linear cross-entropy materialise only a chunk of
#   tokens / ceil(vocab / hidden) rows: fp32 logits, their fp32 gradient and a bf16 copy.
LOGIT_BYTES = {
    "full": 12.0,
    "fp32-logits": 18.0,
    "chunked": 2.0 + 4.0 / 8,
    "fused": 4.0 + 4.0 + 2.0,
}


def logit_elements(arch: Architecture, tokens: int, cross_entropy: str) -> float:
    """Logit elements live at once: every token's, or one chunk's when the loss is fused
    (Liger-Kernel's FusedLinearCrossEntropy chunks tokens by ceil(vocab / hidden))."""
    if cross_entropy == "fused":
        chunks = math.ceil(arch.vocab_size / arch.hidden_size)
        return math.ceil(tokens / chunks) * arch.vocab_size
    return float(tokens) * arch.vocab_size


@dataclass(frozen=True)
class TrainingActivations:
    """Activation bytes of one training step on one GPU, by term (the report's formula)."""

    saved: float  # kept from forward to backward: layer inputs with checkpointing, else all
    working: float  # one layer's intermediates while it is (re)computed
    logits: float  # the loss's logits and their gradient
    offloaded: float  # saved activations held in host RAM instead

    def peak_with(self, gradients: float, layer_gradients: float) -> float:
        """Activations plus gradients at the step's peak.

        The loss's logits are freed before backward reaches the last layer, so they never
        meet a layer's working set; the saved activations are released layer by layer as
        backward produces the gradients, so the two do not peak together either. Peak =
        max(saved + max(working, logits), all gradients kept + working) + the layer's
        gradients in flight (whole, before a ZeRO reduce-scatter shards them).
        """
        backward_start = self.saved + max(self.working, self.logits)
        backward_end = gradients + self.working
        return max(backward_start, backward_end) + layer_gradients


def _layer_gradient_elements(arch: Architecture) -> float:
    """Gradients one token's activations get at the peak of its layer's backward. Autograd
    keeps the layer's saved tensors until the layer is done; backward runs the MLP first, so
    the peak holds the gradients of the MLP intermediates (gate and up) and of the MLP's
    input and output; attention's gradients come after those are freed."""
    mlp = (2 if arch.gated_mlp else 1) * mlp_activation_width(arch)
    return mlp + 2 * arch.hidden_size


def training_activations(inputs: Inputs) -> TrainingActivations:
    """Checkpoints or saved activations, one layer's working set, and the logits.

    With checkpointing only each layer's input (h per token) is saved and one layer is
    recomputed at a time; without it every layer's intermediates are saved. The layer in
    backward holds its intermediates and their gradients. Offloading moves
    the saved part to host RAM and keeps the layer in flight on the GPU.
    """
    request, arch = inputs.request, inputs.model.architecture
    tokens = request.micro_batch * request.training_seq_len
    act_bytes = inputs.act_bytes
    per_layer = _layer_saved_bytes(inputs) * tokens
    working = per_layer + _layer_gradient_elements(arch) * tokens * act_bytes
    if request.gradient_checkpointing:
        saved = arch.num_layers * tokens * arch.hidden_size * act_bytes
    else:
        saved = (arch.num_layers - 1) * per_layer
    offloaded = 0.0
    if request.activation_offload:
        saved, offloaded = 0.0, saved
    logits = (
        logit_elements(arch, tokens, request.cross_entropy) * LOGIT_BYTES[request.cross_entropy]
    )
    return TrainingActivations(saved=saved, working=working, logits=logits, offloaded=offloaded)


def trainable_parameters(inputs: Inputs) -> int:
    """Every parameter for full training, the adapters' for LoRA and QLoRA."""
    request = inputs.request
    if request.task in ("full", "pretrain"):
        return inputs.params.total
    arch = inputs.model.architecture
    return lora_parameters(arch, request.lora_rank, list(request.lora_targets))


@dataclass(frozen=True)
class TrainableBytes:
    """Bytes per trainable parameter: its gradient, its optimizer states (with an fp32 master
    copy in mixed precision) and, for a LoRA adapter, its weight."""

    gradient: float
    optimizer: float
    weight: float


def trainable_bytes(inputs: Inputs) -> TrainableBytes:
    request = inputs.request
    if request.task in ("full", "pretrain"):
        fp32 = inputs.fmt.id == "fp32"
        mixed = request.master_weights and not fp32
        master = 4.0 if mixed else 0.0
        state_width = 4.0 if (mixed or fp32) else 2.0  # AdamW m and v
        grad, weight = (4.0 if fp32 else 2.0), (4.0 if fp32 else 2.0)
    else:
        # PEFT keeps adapters in fp32 under a bf16 base; pure bf16 (torchtune) keeps them bf16.
        width = 4.0 if request.master_weights else 2.0
        grad, master, state_width, weight = width, 0.0, width, width
    optimizer = {
        "adamw": 2 * state_width + master,
        "adamw-8bit": 2.0,
        "paged-adamw-8bit": 2.0,
        "sgd": 0.0,
    }[request.optimizer]
    return TrainableBytes(gradient=grad, optimizer=optimizer, weight=weight)


def training_memory(inputs: Inputs, layout: Layout) -> GpuMemory:
    request, arch = inputs.request, inputs.model.architecture
    params = inputs.params
    shards = layout.gpus
    stage = request.sharding
    offload = request.cpu_offload
    full = request.task in ("full", "pretrain")
    host = 0.0

    trainable = trainable_parameters(inputs)
    per_param = trainable_bytes(inputs)
    grad_bytes = per_param.gradient
    # Under ZeRO-3 / FSDP the adapters are sharded and gathered with the layer they adapt.
    weights_total = inputs.weights.total + (0.0 if full else trainable * per_param.weight)
    largest_layer = max(inputs.weights.per_layer + (inputs.weights.embedding,))
    if stage == "zero3":
        bytes_per_param = weights_total / (params.total + trainable * (not full))
        live = max(2 * largest_layer, ZERO3_MAX_LIVE_PARAMS * bytes_per_param)
        gathered = min(weights_total, live)  # layers gathered for compute and prefetch
        if offload:
            weights, host = gathered, host + weights_total
        else:
            weights = weights_total / shards + gathered
    else:
        weights = weights_total

    state_bytes = per_param.optimizer
    optimizer = trainable * state_bytes
    if stage in ("zero1", "zero2", "zero3"):
        optimizer /= shards
    if offload or request.optimizer == "paged-adamw-8bit":
        host += optimizer
        optimizer = 0.0

    gradients = trainable * grad_bytes
    largest_params = max(max(layer.total for layer in params.layers), params.embedding)
    if request.optimizer_in_backward:  # each gradient is freed as soon as its step is applied
        gradients = min(gradients, largest_params * grad_bytes)
    elif stage in ("zero2", "zero3"):
        gradients /= shards
    if offload:  # reduced gradients stream to the CPU optimizer a layer-sized bucket at a time
        kept = min(gradients, largest_params * grad_bytes)
        host += gradients - kept
        gradients = kept

    acts = training_activations(inputs)
    host += acts.offloaded
    # The gradients of the layer backward is in, whole (kept ones are already counted when
    # nothing shards or frees them).
    per_layer = largest_params if full else trainable / max(1, arch.num_layers)
    in_flight = per_layer * grad_bytes
    kept_whole = (
        stage not in ("zero2", "zero3") and not offload and not request.optimizer_in_backward
    )
    layer_gradients = 0.0 if kept_whole else in_flight
    # Reported as what the peak holds beyond the gradients, so the breakdown adds up.
    activations = acts.peak_with(gradients, layer_gradients) - gradients

    live = weights + gradients + optimizer + activations
    overhead = TRAINING_CONTEXT_BYTES + ALLOCATOR_SLACK * live
    return GpuMemory(
        weights=weights,
        kv_cache=0.0,
        activations=activations,
        gradients=gradients,
        optimizer=optimizer,
        overhead=overhead,
        # The device total torch reports: a training process may allocate all of it beside
        # its CUDA context (counted in overhead); no serving engine caps its share.
        usable=inputs.capacity_bytes,
        kv_budget=0.0,
        kv_capacity_tokens=0,
        sequence_kv_bytes=0.0,
        request_kv_bytes=0.0,
        host_offload=host,
    )
