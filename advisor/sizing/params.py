"""Parameter counts from the architecture, by tensor role and by layer.

Memory is sized on every parameter (all experts of an MoE); speed on the
parameters a token actually touches (the active experts).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from advisor.catalog.schema import Architecture


@dataclass(frozen=True)
class LayerParams:
    """Parameters of one transformer block, by role."""

    attention: int
    mlp: int  # dense MLP, shared experts and the router
    experts: int  # routed experts (all of them)
    norms: int
    # Held whole by every tensor-parallel rank (vLLM's and SGLang's ReplicatedLinear): MLA's
    # down-projections q_a and kv_a (part of `attention`) and the MoE router (part of `mlp`).
    replicated_attention: int = 0
    router: int = 0

    @property
    def total(self) -> int:
        return self.attention + self.mlp + self.experts + self.norms


@dataclass(frozen=True)
class ParamCounts:
    layers: tuple[LayerParams, ...]
    embedding: int
    lm_head: int  # 0 when tied to the embedding
    final_norm: int
    experts_active_share: float  # experts_per_token / num_experts, 1.0 for dense models
    output_projection: int  # vocab x hidden: what producing the logits multiplies, tied or not

    @cached_property
    def attention(self) -> int:
        return sum(layer.attention for layer in self.layers)

    @cached_property
    def mlp(self) -> int:
        return sum(layer.mlp for layer in self.layers)

    @cached_property
    def experts(self) -> int:
        return sum(layer.experts for layer in self.layers)

    @cached_property
    def norms(self) -> int:
        return sum(layer.norms for layer in self.layers) + self.final_norm

    @cached_property
    def total(self) -> int:
        return sum(layer.total for layer in self.layers) + (
            self.embedding + self.lm_head + self.final_norm
        )

    @cached_property
    def active(self) -> int:
        """Parameters used per token: routed experts count only for the top-k share."""
        inactive = self.experts * (1.0 - self.experts_active_share)
        return round(self.total - inactive)

    @cached_property
    def active_compute(self) -> int:
        """Active parameters in matrix multiplies (no embedding lookup), for FLOPs."""
        return self.active - self.embedding - self.lm_head + self.output_projection


def _attention_params(arch: Architecture) -> int:
    h = arch.hidden_size
    if arch.mla is not None:
        m = arch.mla
        heads = arch.num_attention_heads
        q_head = m.qk_nope_head_dim + m.qk_rope_head_dim
        if m.q_lora_rank:
            q = h * m.q_lora_rank + m.q_lora_rank + m.q_lora_rank * heads * q_head
        else:
            q = h * heads * q_head
        kv_a = h * (m.kv_lora_rank + m.qk_rope_head_dim) + m.kv_lora_rank
        kv_b = m.kv_lora_rank * heads * (m.qk_nope_head_dim + m.v_head_dim)
        out = heads * m.v_head_dim * h
        return q + kv_a + kv_b + out
    q_width = arch.num_attention_heads * arch.head_dim
    kv_width = arch.num_kv_heads * arch.head_dim
    gate = q_width if arch.attention_output_gate else 0
    params = h * (q_width + gate) + 2 * h * kv_width + q_width * h
    if arch.attention_bias:
        params += q_width + 2 * kv_width
    return params


def _replicated_attention(arch: Architecture) -> int:
    """MLA's down-projections, which vLLM and SGLang replicate on every TP rank (q_a_proj and
    kv_a_proj_with_mqa are ReplicatedLinear in deepseek_v2.py): the latent is too narrow to
    split by heads."""
    m = arch.mla
    if m is None:
        return 0
    return arch.hidden_size * ((m.q_lora_rank or 0) + m.kv_lora_rank + m.qk_rope_head_dim)


def _mlp_params(hidden: int, width: int, gated: bool) -> int:
    return (3 if gated else 2) * hidden * width


def count_parameters(arch: Architecture) -> ParamCounts:
    h = arch.hidden_size
    attention = _attention_params(arch)
    replicated_attention = _replicated_attention(arch)
    cross = _attention_params(arch.model_copy(update={"mla": None}))
    layers: list[LayerParams] = []
    if arch.blocks is not None:
        for block in arch.blocks:
            if block.kv_heads:
                attn = _attention_params(arch.model_copy(update={"num_kv_heads": block.kv_heads}))
            else:
                attn = h * h if block.attention_linear else 0
            if block.mlp_width:
                mlp = _mlp_params(h, block.mlp_width, arch.gated_mlp)
            else:
                mlp = h * h if block.mlp_linear else 0
            layers.append(LayerParams(attn, mlp, 0, 2 * h))
    linear = arch.linear_attention
    attending = arch.num_layers - (arch.kv_free_layers if linear is not None else 0)
    for index in range(arch.num_layers if arch.blocks is None else 0):
        attn = attention + (cross if index >= arch.num_layers - arch.cross_attention_layers else 0)
        replicated = replicated_attention
        # A hybrid spreads its attending layers evenly (Qwen3-Next: every 4th attends).
        if linear is not None and (index + 1) * attending // arch.num_layers == (
            index * attending // arch.num_layers
        ):
            attn = linear.parameters(h)
            replicated = 0
        moe = arch.moe
        if moe is not None and index >= moe.first_dense_layers:
            shared_width = moe.shared_expert_intermediate_size or moe.moe_intermediate_size
            shared = moe.num_shared_experts * _mlp_params(h, shared_width, True)
            router = h * moe.num_experts
            experts = moe.num_experts * _mlp_params(h, moe.moe_intermediate_size, True)
            layers.append(LayerParams(attn, shared + router, experts, 2 * h, replicated, router))
        else:
            mlp = _mlp_params(h, arch.intermediate_size, arch.gated_mlp)
            layers.append(LayerParams(attn, mlp, 0, 2 * h, replicated))
    embedding = arch.vocab_size * h
    lm_head = 0 if arch.tie_word_embeddings else embedding
    # Per-layer embeddings are lookup tables like the token embedding: memory, not FLOPs.
    embedding += (
        arch.num_layers * arch.per_layer_input_dim * (arch.per_layer_input_vocab or arch.vocab_size)
    )
    share = arch.moe.experts_per_token / arch.moe.num_experts if arch.moe else 1.0
    return ParamCounts(
        layers=tuple(layers),
        embedding=embedding,
        lm_head=lm_head,
        final_norm=h,
        experts_active_share=share,
        output_projection=arch.vocab_size * h,
    )
