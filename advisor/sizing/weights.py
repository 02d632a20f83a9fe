"""Weight bytes, tensor by tensor role, in a given format.

Weights = sum over tensors of numel x bits(format, role) / 8, never P x bytes:
formats keep embeddings, lm_head, norms or whole layers in 16 bits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property, lru_cache

from advisor.catalog.schema import Architecture, Model, TensorRole, WeightFormat
from advisor.sizing.params import ParamCounts, count_parameters

_NORM_BITS = 16.0
# PEFT's prepare_model_for_kbit_training casts every fp16/bf16 parameter that is not a
# bitsandbytes Params4bit to fp32 (peft/utils/other.py): embeddings, LM head, norms, a vision
# tower. Axolotl patches it "to not upcast everything" because of what it costs.
_UPCAST_BITS = 32.0


@dataclass(frozen=True)
class WeightBytes:
    """Bytes of the weights by role, plus the per-layer split for pipeline stages."""

    attention: float
    mlp: float
    experts: float
    embedding: float
    lm_head: float
    norms: float
    per_layer: tuple[float, ...]
    params: int
    vision: float = 0.0  # a multimodal checkpoint's vision encoder, loaded beside the text model
    # Per layer, the bytes every tensor-parallel rank holds whole (MLA's down-projections,
    # the MoE router): part of per_layer, not divided by TP.
    replicated_per_layer: tuple[float, ...] = ()

    @property
    def total(self) -> float:
        text = self.attention + self.mlp + self.experts + self.embedding + self.lm_head
        return text + self.norms + self.vision

    @cached_property
    def layers_total(self) -> float:
        """The transformer blocks together (per_layer summed once)."""
        return sum(self.per_layer)

    @cached_property
    def replicated_total(self) -> float:
        return sum(self.replicated_per_layer)

    @property
    def bits_per_param(self) -> float:
        return 8.0 * self.total / max(1, self.params)


def parameters(model: Model) -> ParamCounts:
    return _count(model.architecture)


@lru_cache(maxsize=1024)
def _count(arch: Architecture) -> ParamCounts:
    return count_parameters(arch)


_CACHE_LIMIT = 4096
_cache: dict[tuple[int, int, bool], tuple[Model, WeightFormat, WeightBytes]] = {}


def weight_bytes(model: Model, fmt: WeightFormat, kbit_upcast: bool = False) -> WeightBytes:
    """Bytes of the weights by part and per layer in this format. Cached per model and
    format object (a search sizes the same pair on every GPU); the entry keeps both alive,
    so an id is never reused while its entry stands."""
    key = (id(model), id(fmt), kbit_upcast)
    hit = _cache.get(key)
    if hit is not None and hit[0] is model and hit[1] is fmt:
        return hit[2]
    if len(_cache) >= _CACHE_LIMIT:
        _cache.clear()
    result = _weight_bytes(model, fmt, kbit_upcast)
    _cache[key] = (model, fmt, result)
    return result


def format_bits(fmt: WeightFormat, kbit_upcast: bool = False) -> dict[TensorRole, float]:
    """Bits per parameter by role; with PEFT's k-bit upcast the 16-bit roles become fp32."""
    return {
        role: _UPCAST_BITS if kbit_upcast and bits == 16.0 else bits
        for role, bits in fmt.bits.items()
    }


def _weight_bytes(model: Model, fmt: WeightFormat, kbit_upcast: bool) -> WeightBytes:
    counts = parameters(model)
    bits = format_bits(fmt, kbit_upcast)
    norm_bits = 32.0 if fmt.id == "fp32" or kbit_upcast else _NORM_BITS
    vision_bits = _UPCAST_BITS if kbit_upcast else 16.0  # the tower is kept in bf16
    if fmt.id == "fp8" and model.fp8_attention_in_bf16:
        bits["attention"] = 16.0
    edge = model.bf16_layers_in_fp8 if fmt.id == "fp8" else 0
    n_layers = len(counts.layers)
    per_layer: list[float] = []
    replicated: list[float] = []
    attention = mlp = experts = norms = 0.0
    for index, layer in enumerate(counts.layers):
        at_edge = index < edge or index >= n_layers - edge
        b_attn = 16.0 if at_edge else bits["attention"]
        b_mlp = 16.0 if at_edge else bits["mlp"]
        b_exp = 16.0 if at_edge else bits["experts"]
        a = layer.attention * b_attn / 8
        # The router stays in 16 bits whatever the format (vLLM builds DeepSeek's and
        # Mixtral's gate with quant_config=None; AWQ and GPTQ skip it).
        m = (layer.mlp - layer.router) * b_mlp / 8 + layer.router * 2
        e = layer.experts * b_exp / 8
        n = layer.norms * norm_bits / 8
        attention += a
        mlp += m
        experts += e
        norms += n
        per_layer.append(a + m + e + n)
        replicated.append(layer.replicated_attention * b_attn / 8 + layer.router * 2)
    return WeightBytes(
        attention=attention,
        mlp=mlp,
        experts=experts,
        embedding=counts.embedding * bits["embedding"] / 8,
        lm_head=counts.lm_head * bits["lm_head"] / 8,
        norms=norms + counts.final_norm * norm_bits / 8,
        per_layer=tuple(per_layer),
        params=counts.total,
        vision=(model.vision_encoder_params_b or 0.0) * 1e9 * vision_bits / 8,
        replicated_per_layer=tuple(replicated),
    )
