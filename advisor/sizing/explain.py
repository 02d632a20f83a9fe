"""The assumptions and formulas each report carries, with this request's numbers filled in,
so support staff can check every figure by hand."""

from __future__ import annotations

from advisor.sizing.context import GB, Inputs, Layout
from advisor.sizing.kv_cache import VLLM_BLOCK_TOKENS, layer_kv_bytes_per_token


def _kv_formula(inputs: Inputs) -> str:
    arch = inputs.model.architecture
    per_token = arch.num_layers * layer_kv_bytes_per_token(arch, inputs.kv_bytes)
    if arch.mla is not None:
        m = arch.mla
        return (
            f"KV cache per token (MLA) = layers {arch.num_layers} x (kv_lora_rank {m.kv_lora_rank} + "
            f"rope_dim {m.qk_rope_head_dim}) x {inputs.kv_bytes:g} B = {per_token:,.0f} B"
        )
    text = (
        f"KV cache per token = 2 x layers {arch.num_layers} x kv_heads {arch.num_kv_heads} x "
        f"head_dim {arch.head_dim} x {inputs.kv_bytes:g} B ({inputs.kv_precision}) = "
        f"{per_token:,.0f} B ({per_token / 1024:.1f} KiB)"
    )
    if arch.sliding_window_layers:
        text += (
            f"; {arch.sliding_window_layers} sliding-window layers hold at most "
            f"{arch.sliding_window} tokens"
        )
    return text


def formulas_for(inputs: Inputs) -> list[str]:
    w = inputs.weights
    fmt = inputs.fmt
    formulas = [
        (
            f"Weights = sum of tensors x bits / 8: attention {w.attention / GB:.2f} GB at "
            f"{fmt.bits['attention']:g} bits, MLP {w.mlp / GB:.2f} GB at {fmt.bits['mlp']:g}, "
            f"experts {w.experts / GB:.2f} GB at {fmt.bits['experts']:g}, embedding "
            f"{w.embedding / GB:.2f} GB at {fmt.bits['embedding']:g}, lm_head {w.lm_head / GB:.2f} GB "
            f"at {fmt.bits['lm_head']:g}, norms {w.norms / GB:.3f} GB = {w.total / GB:.2f} GB "
            f"({w.bits_per_param:.2f} bits per parameter)"
        ),
        _kv_formula(inputs),
    ]
    if inputs.request.is_training:
        formulas += [
            "Full fine-tuning, mixed-precision AdamW: 2 B weights + 2 B gradients + 12 B optimizer "
            "(fp32 master, m, v) = 16 B per parameter; 8-bit Adam keeps 2 B of states",
            "LoRA trainable parameters = rank x (d_in + d_out) per adapted matrix; adapters train "
            "in fp32 with AdamW: 16 B each",
            "Activations per layer and token = 4h + q + 2kv + attention out + MLP intermediates "
            "(x 2 B); with checkpointing only each layer's input (h x 2 B) is kept, plus one "
            "layer recomputed; logits b x s x vocab x 4 B",
            "ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3 / FSDP also weights "
            "across the data-parallel GPUs",
            "Training FLOPs per token = 6 x active params (full) or 4 x (LoRA: no weight gradients "
            "of frozen layers) + 2 x with checkpointing + attention; time = FLOPs x tokens / "
            "(GPUs x peak bf16 x MFU)",
        ]
    else:
        formulas += [
            (
                "vLLM KV budget per GPU = memory x gpu_memory_utilization - weights - peak "
                "activations - non-torch memory - CUDA graphs; tokens = floor(budget / "
                f"({VLLM_BLOCK_TOKENS} x KV bytes per token per GPU)) x {VLLM_BLOCK_TOKENS}"
            ),
            "Peak activations = max_num_batched_tokens x 2 B x (2 x MLP width / TP + 6 x hidden) "
            "+ max_num_seqs x vocab x 8 B (fp32 logits and softmax)",
            "Decode step = max(bytes read / (bandwidth x efficiency), FLOPs / (peak x efficiency)) "
            "+ layers x per-layer latency + TP all-reduces + engine step overhead",
            "TTFT = 2 x active params x prompt tokens (+ attention) / (TP x peak x prefill MFU) "
            "+ fixed start-up",
        ]
    return formulas


def assumptions_for(inputs: Inputs, layout: Layout) -> list[str]:
    request, gpu, engine, model = inputs.request, inputs.gpu, inputs.engine, inputs.model
    params = inputs.params
    lines = [
        "GB = 10^9 bytes; memory figures are per GPU unless stated.",
        (
            f"Model {model.id}: {params.total / 1e9:.2f} B parameters counted from its config.json "
            f"({params.active / 1e9:.2f} B active per token); source {model.source}."
        ),
        (
            f"GPU {gpu.name}: {gpu.memory_gb:g} GB ({gpu.usable_memory_gib:g} GiB usable), "
            f"{gpu.memory_bandwidth_tb_s:g} TB/s, {gpu.tflops.bf16:g} dense BF16 TFLOPS, "
            f"link {gpu.interconnect.kind} {gpu.interconnect.bandwidth_gb_s:g} GB/s."
        ),
        f"Weights in {inputs.fmt.name}; {inputs.fmt.note}",
    ]
    if request.is_training:
        lines += [
            f"Micro-batch {request.micro_batch} x sequence {request.training_seq_len} tokens per GPU; "
            f"gradient checkpointing {'on' if request.gradient_checkpointing else 'off'}; "
            f"optimizer {request.optimizer}; sharding {request.sharding}"
            f"{' with CPU offload' if request.cpu_offload else ''}.",
            "Training in PyTorch (transformers / PEFT / torchtune class) with FlashAttention; "
            "no tensor or pipeline parallelism.",
        ]
        if request.optimizer == "paged-adamw-8bit":
            lines.append(
                "Paged 8-bit AdamW: its states page out to host RAM when GPU memory runs short; "
                "they are counted in host RAM, not GPU memory."
            )
    else:
        utilization = (
            f"gpu_memory_utilization {request.gpu_memory_utilization:g}"
            if engine.uses_memory_utilization
            else "no utilization cap (engine takes what it needs)"
        )
        lines += [
            f"Engine {engine.name}; {utilization}.",
            (
                f"{request.users} concurrent users x {request.context} tokens each "
                f"({request.tokens_generated} generated); KV cache in {inputs.kv_precision}."
            ),
            (
                f"Layout: {layout.replicas} replica(s) of TP {layout.tp} x PP {layout.pp}; "
                f"max_num_batched_tokens {inputs.max_num_batched_tokens()}, "
                f"max_num_seqs {inputs.max_num_seqs(layout)}."
            ),
            (
                f"Calibrated efficiencies ({engine.id}): decode bandwidth "
                f"{engine.decode_bandwidth_efficiency:g}, prefill MFU {engine.prefill_efficiency:g}, "
                f"per-layer latency {engine.layer_overhead_ms_mhz:g} ms*MHz / clock."
            ),
        ]
        if inputs.is_cpu:
            lines.append(
                f"CPU backend: a fixed KV space of {gpu.kv_cache_space_gib:g} GiB "
                "(VLLM_CPU_KVCACHE_SPACE); --enforce-eager, no CUDA graphs."
            )
    return lines
