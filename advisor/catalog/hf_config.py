"""Turns a Hugging Face config.json into a catalog Model.

Covers the dense, GQA, sliding-window, MoE and MLA families of the catalog; the
names of the fields differ between families, so each number has a list of keys.
"""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from advisor.catalog.schema import (
    Architecture,
    LayerBlock,
    LinearAttention,
    MlaAttention,
    Model,
    Moe,
)

_TOOL_PARSERS = {
    "qwen2": "hermes",
    "qwen3": "hermes",
    "qwen3_moe": "hermes",
    "llama": "llama3_json",
    "mistral": "mistral",
    "mixtral": "mistral",
    "gpt_oss": "openai",
    "deepseek_v3": "deepseek_v3",
    "qwen3_next": "hermes",
    "qwen3_5": "qwen3_coder",
    "qwen3_5_moe": "qwen3_coder",
}


class HfConfigError(ValueError):
    """A config.json the engine cannot size; the message names the key to fix."""


# The largest integer any shape field may hold: 2^31 - 1 is past every released model's
# widths, layers and vocabularies, and keeps a hostile figure from overflowing floats.
_MAX_INT = 2**31 - 1


def _key_of(config: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    return next((key for key in keys if config.get(key) is not None), None)


def _int(config: dict[str, Any], *keys: str, minimum: int = 1) -> int | None:
    """The first of `keys` present, as a whole number within bounds; None when absent."""
    key = _key_of(config, keys)
    if key is None:
        return None
    value = config[key]
    whole = isinstance(value, int) or (isinstance(value, float) and value.is_integer())
    if isinstance(value, bool) or not whole:  # also NaN and infinity (JSON's 1e400)
        raise HfConfigError(f"{key} must be a whole number, got {value!r:.40}")
    if not minimum <= value <= _MAX_INT:
        raise HfConfigError(f"{key} must be between {minimum} and {_MAX_INT}, got {value!r:.40}")
    return int(value)


def _widest(config: dict[str, Any], key: str) -> int | None:
    """A width some configs give per layer (Gemma 3n's intermediate_size): the widest."""
    value = config.get(key)
    if isinstance(value, list) and value:
        return max(_required({key: item}, key) for item in value[:1024])
    return _int(config, key)


def _required(config: dict[str, Any], *keys: str) -> int:
    value = _int(config, *keys)
    if value is None:
        raise HfConfigError(f"config.json lacks a positive integer {' / '.join(keys)}")
    return value


def _layer_types(config: dict[str, Any], num_layers: int) -> list[str] | None:
    """Per-layer attention kinds as config.json lists them (`layer_types`); its length is
    bounded by the config's size, not by num_hidden_layers."""
    layer_types = config.get("layer_types")
    if isinstance(layer_types, list):
        return [str(kind) for kind in layer_types[:num_layers]]
    return None


def _kv_free_layers(config: dict[str, Any], num_layers: int) -> int:
    """Layers with no KV cache of their own: linear attention (from `layer_types`, or
    Qwen3-Next's full_attention_interval, counted without building a list), or Gemma 3n's
    shared tail."""
    types = _layer_types(config, num_layers)
    interval = _int(config, "full_attention_interval", minimum=0)
    if types is not None:
        linear = sum(1 for kind in types if kind == "linear_attention")
    elif interval and interval > 1:
        linear = num_layers - num_layers // interval
    else:
        linear = 0
    shared = _int(config, "num_kv_shared_layers", minimum=0) or 0
    return min(num_layers, linear + shared)


def _sliding_layers(config: dict[str, Any], num_layers: int) -> tuple[int | None, int]:
    """The window and the KV-holding layers it caps (a shared tail holds no KV)."""
    window = _int(config, "sliding_window", minimum=0)
    if not window or config.get("use_sliding_window") is False:
        return None, 0
    holding = max(0, num_layers - (_int(config, "num_kv_shared_layers", minimum=0) or 0))
    layer_types = _layer_types(config, num_layers)
    if layer_types is not None:
        return window, sum(1 for t in layer_types[:holding] if t == "sliding_attention")
    pattern = _int(config, "sliding_window_pattern", minimum=0)
    if pattern is not None and pattern > 1:  # every pattern-th layer is global
        return window, holding - holding // pattern
    return window, holding


def _ffn_width(ffn_mult: float, hidden: int) -> int:
    """DeciLM's rule: 2/3 x ffn_mult x hidden, rounded up to a multiple of 256."""
    width = int(2 * ffn_mult * hidden / 3)
    return -(-width // 256) * 256


def _blocks(
    config: dict[str, Any], layers: int, heads: int, hidden: int
) -> list[LayerBlock] | None:
    """Per-layer shapes of a Nemotron-NAS (DeciLM) config: `block_configs`, one per layer."""
    raw = config.get("block_configs")
    if raw is None:
        return None
    if not isinstance(raw, list) or len(raw) != layers:
        raise HfConfigError("block_configs must list one block per layer (num_hidden_layers)")
    blocks = []
    for index, block in enumerate(raw):
        attention = block.get("attention") if isinstance(block, dict) else None
        ffn = block.get("ffn") if isinstance(block, dict) else None
        if not isinstance(attention, dict) or not isinstance(ffn, dict):
            raise HfConfigError(f"block_configs[{index}] needs attention and ffn objects")
        kv_heads = 0
        if not attention.get("no_op") and not attention.get("replace_with_linear"):
            group = _required(attention, "n_heads_in_group")
            if heads % group:
                raise HfConfigError(
                    f"block_configs[{index}].attention.n_heads_in_group must divide num_attention_heads"
                )
            kv_heads = heads // group
        width = 0
        if not ffn.get("no_op") and not ffn.get("replace_with_linear"):
            width = _int(ffn, "intermediate_size") or _ffn_width(_multiplier(ffn, index), hidden)
        blocks.append(
            LayerBlock(
                kv_heads=kv_heads,
                attention_linear=bool(attention.get("replace_with_linear")),
                mlp_width=width,
                mlp_linear=bool(ffn.get("replace_with_linear")),
            )
        )
    return blocks


def _multiplier(ffn: dict[str, Any], index: int) -> float:
    value = ffn.get("ffn_mult")
    if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 64:
        raise HfConfigError(f"block_configs[{index}].ffn.ffn_mult must be a number in (0, 64]")
    return float(value)


def _linear_attention(config: dict[str, Any]) -> LinearAttention | None:
    if _int(config, "linear_num_value_heads") is None:
        return None
    return LinearAttention(
        num_key_heads=_required(config, "linear_num_key_heads"),
        num_value_heads=_required(config, "linear_num_value_heads"),
        key_head_dim=_required(config, "linear_key_head_dim"),
        value_head_dim=_required(config, "linear_value_head_dim"),
        conv_kernel=_int(config, "linear_conv_kernel_dim") or 4,
    )


def _moe(config: dict[str, Any]) -> Moe | None:
    experts = _int(config, "num_local_experts", "n_routed_experts", "num_experts", minimum=0)
    if not experts or experts <= 1:
        return None
    shared_width = _int(config, "shared_expert_intermediate_size", minimum=0)
    shared = _int(config, "n_shared_experts", "num_shared_experts", minimum=0)
    if shared is None:  # Qwen2-MoE, Qwen3-Next, Qwen3.5: a width and no count = one shared expert
        shared = 1 if shared_width else 0
    return Moe(
        num_experts=experts,
        experts_per_token=_required(config, "num_experts_per_tok", "experts_per_token"),
        moe_intermediate_size=_required(config, "moe_intermediate_size", "intermediate_size"),
        num_shared_experts=shared,
        shared_expert_intermediate_size=shared_width or None,
        first_dense_layers=_int(config, "first_k_dense_replace", minimum=0) or 0,
    )


def _mla(config: dict[str, Any]) -> MlaAttention | None:
    if not config.get("kv_lora_rank"):
        return None
    return MlaAttention(
        kv_lora_rank=_required(config, "kv_lora_rank"),
        qk_rope_head_dim=_required(config, "qk_rope_head_dim"),
        qk_nope_head_dim=_required(config, "qk_nope_head_dim"),
        v_head_dim=_required(config, "v_head_dim"),
        q_lora_rank=_int(config, "q_lora_rank"),
    )


def parse_hf_config(config: dict[str, Any], source: str) -> Model:
    """The catalog Model of a config.json's contents; HfConfigError names a bad key.

    Pure: the contents come in (the CLI reads the user's own file; the other faces take
    the object inline), never a path.
    """
    try:
        return _parse(config, source)
    except ValidationError as exc:  # shapes that contradict each other
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "config.json"
        raise HfConfigError(f"{where}: {first['msg']}") from None


def _parse(config: dict[str, Any], source: str) -> Model:
    text = config.get("text_config")
    arch_config = {**config, **text} if isinstance(text, dict) else config
    hidden = _required(arch_config, "hidden_size", "d_model", "n_embd")
    layers = _required(arch_config, "num_hidden_layers", "num_layers", "n_layer")
    heads = _required(arch_config, "num_attention_heads", "num_heads", "n_head")
    kv_heads = _int(arch_config, "num_key_value_heads", "num_kv_heads") or heads
    mla = _mla(arch_config)
    if mla is not None:
        head_dim = mla.qk_nope_head_dim + mla.qk_rope_head_dim
    else:
        head_dim = _int(arch_config, "head_dim", "d_kv") or max(1, hidden // heads)
    window, window_layers = _sliding_layers(arch_config, layers)
    kv_free = _kv_free_layers(arch_config, layers)
    blocks = _blocks(arch_config, layers, heads, hidden)
    if blocks is not None:  # the blocks say which layers attend; the top-level keys are stand-ins
        window, window_layers, kv_free = None, 0, 0
        kv_heads = (
            next(b.kv_heads for b in blocks if b.kv_heads)
            if any(b.kv_heads for b in blocks)
            else kv_heads
        )
    model_type = str(config.get("model_type", "unknown"))
    moe = _moe(arch_config)
    architecture = Architecture(
        hidden_size=hidden,
        num_layers=layers,
        num_attention_heads=heads,
        num_kv_heads=kv_heads,
        head_dim=head_dim,
        intermediate_size=max((b.mlp_width for b in blocks), default=0)
        if blocks and any(b.mlp_width for b in blocks)
        else _widest(arch_config, "intermediate_size")
        or (
            moe.moe_intermediate_size
            if moe is not None and "intermediate_size" not in arch_config
            else _required(arch_config, "intermediate_size", "d_ff", "n_inner")
        ),
        vocab_size=_required(arch_config, "vocab_size"),
        max_position_embeddings=_int(arch_config, "max_position_embeddings", "n_positions") or 4096,
        tie_word_embeddings=bool(config.get("tie_word_embeddings", False)),
        attention_bias=bool(arch_config.get("attention_bias", model_type == "qwen2")),
        attention_output_gate=bool(arch_config.get("attn_output_gate", model_type == "qwen3_next")),
        sliding_window=window,
        sliding_window_layers=window_layers,
        kv_free_layers=kv_free,
        blocks=tuple(blocks) if blocks is not None else None,
        per_layer_input_dim=_int(arch_config, "hidden_size_per_layer_input", minimum=0) or 0,
        per_layer_input_vocab=_int(arch_config, "vocab_size_per_layer_input"),
        linear_attention=_linear_attention(arch_config) if kv_free else None,
        mla=mla,
        moe=moe,
    )
    name = str(config.get("_name_or_path") or source)[:200]
    dtype = str(config.get("torch_dtype") or config.get("dtype") or "bfloat16")
    native = {"bfloat16": "bf16", "float16": "fp16", "float32": "fp32"}.get(dtype, "bf16")
    return Model(
        id=name.rsplit("/", 1)[-1].lower() or "custom",
        name=name,
        hf_repo=name,
        family=model_type,
        architecture=architecture,
        native_precision=native,
        tool_call_parser=_TOOL_PARSERS.get(model_type),
        source=source,
    )
