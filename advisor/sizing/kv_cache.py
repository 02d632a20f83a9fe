"""KV-cache bytes: per token, per sequence, and the tokens a memory budget holds.

Per token and layer a GQA model stores K and V for each KV head:
2 x kv_heads x head_dim x bytes. Sliding-window layers stop growing at the window;
MLA (DeepSeek) stores one compressed latent of kv_lora_rank + rope_dim per layer.
Under tensor parallelism each GPU holds kv_heads / TP heads (at least one: heads are
replicated when TP exceeds them); an MLA latent is replicated on every GPU.
"""

from __future__ import annotations

import math

from advisor.catalog.schema import Architecture

KV_BYTES: dict[str, float] = {
    "fp32": 4.0,
    "bf16": 2.0,
    "fp16": 2.0,
    "fp8": 1.0,
    "q8_0": 34 / 32,  # llama.cpp -ctk q8_0: 32 int8 values + an fp16 scale
    "q4_0": 18 / 32,  # llama.cpp -ctk q4_0: 32 4-bit values + an fp16 scale
}

VLLM_BLOCK_TOKENS = 16


def kv_heads_per_gpu(arch: Architecture, tp: int) -> float:
    if arch.mla is not None:
        return 1.0
    return max(1.0, arch.num_kv_heads / tp)


def layer_kv_bytes_per_token(arch: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """Bytes one token adds to one attention layer's cache on one GPU (the mean over the
    KV-holding layers when their KV heads differ)."""
    if arch.mla is not None:
        return (arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim) * kv_bytes
    if arch.blocks is not None:
        heads = arch.kv_heads_by_layer()
        per_gpu = sum(max(1.0, h / tp) for h in heads) / len(heads)
        return 2 * per_gpu * arch.head_dim * kv_bytes
    return 2 * kv_heads_per_gpu(arch, tp) * arch.head_dim * kv_bytes


def kv_bytes_per_token(arch: Architecture, kv_bytes: float, tp: int = 1) -> float:
    """Bytes one token of context costs on one GPU, every KV-holding layer counted in full."""
    return arch.kv_layers * layer_kv_bytes_per_token(arch, kv_bytes, tp)


def sequence_kv_bytes(
    arch: Architecture, kv_bytes: float, tokens: int, tp: int = 1, block: int = 1
) -> float:
    """Bytes one sequence of `tokens` holds on one GPU; windowed layers capped at the window.

    `block` rounds each layer's token count up to whole cache blocks (vLLM: 16). A hybrid's
    linear-attention layers add their fixed recurrent state (replicated under TP: its heads
    are split, so it is divided like the KV heads).
    """
    per_layer = layer_kv_bytes_per_token(arch, kv_bytes, tp)
    window_tokens = min(tokens, arch.sliding_window or tokens)
    full = math.ceil(tokens / block) * block
    windowed = math.ceil(window_tokens / block) * block
    kv = per_layer * (arch.full_attention_layers * full + arch.sliding_window_layers * windowed)
    return kv + arch.recurrent_state_bytes() / tp


def capacity_tokens(
    arch: Architecture, kv_bytes: float, budget_bytes: float, tp: int = 1, pp: int = 1
) -> int:
    """Tokens a per-GPU KV budget holds, counted as vLLM logs them (whole 16-token blocks).

    Under pipeline parallelism each stage holds the cache of its own layers only.
    """
    if budget_bytes <= 0:
        return 0
    layers_per_stage = math.ceil(arch.kv_layers / pp)
    block_bytes = (
        VLLM_BLOCK_TOKENS * layers_per_stage * layer_kv_bytes_per_token(arch, kv_bytes, tp)
    )
    return int(budget_bytes // block_bytes) * VLLM_BLOCK_TOKENS
