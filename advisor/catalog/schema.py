"""Typed records of the GPU, model and weight-format catalogs.

The catalogs are YAML data files beside this module; every figure carries its
source. These models validate the files when they are loaded, so a typo in a data
file fails loudly at load time instead of producing a wrong sizing.
"""

from __future__ import annotations

import typing
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

GpuClass = Literal["gaming", "workstation", "datacenter", "cpu"]
InterconnectKind = Literal["nvlink", "nvlink-bridge", "infinity-fabric", "pcie", "none"]
Vendor = Literal["nvidia", "amd", "cpu"]


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TensorThroughput(_Record):
    """Dense (non-sparse) tensor-core throughput in TFLOPS, FP32 accumulate."""

    bf16: float = Field(gt=0)
    fp16: float = Field(gt=0)
    fp8: float | None = Field(default=None, gt=0)
    int8: float | None = Field(default=None, gt=0)
    fp4: float | None = Field(default=None, gt=0)


class Interconnect(_Record):
    kind: InterconnectKind
    bandwidth_gb_s: float = Field(ge=0, description="GPU-to-GPU bandwidth per GPU, GB/s")
    domain_size: int = Field(
        ge=1, description="GPUs that share this link (8 on an HGX board, 2 on a bridge, 1 = none)"
    )


class Gpu(_Record):
    id: str
    name: str
    vendor: Vendor
    gpu_class: GpuClass
    memory_gb: float = Field(gt=0, description="nominal memory, GB = 1e9 bytes")
    usable_memory_gib: float = Field(
        gt=0, description="memory the runtime reports as total (torch.cuda.mem_get_info), GiB"
    )
    memory_bandwidth_tb_s: float = Field(gt=0)
    tflops: TensorThroughput
    interconnect: Interconnect
    pcie_gen: int = Field(ge=3, le=6)
    pcie_lanes: int = Field(ge=1)
    tdp_w: float = Field(gt=0)
    boost_clock_mhz: float | None = Field(
        default=None, gt=0, description="boost clock; per-kernel latency scales with it"
    )
    form_factor: str
    compute_capability: float | None = Field(
        default=None,
        ge=1,
        description="NVIDIA CUDA compute capability (sm_86 = 8.6); which formats' kernels run",
    )
    price_usd: float | None = Field(default=None, gt=0)
    price_note: str | None = None
    kv_cache_space_gib: float | None = Field(
        default=None,
        gt=0,
        description="CPU device only: VLLM_CPU_KVCACHE_SPACE, the fixed KV-cache budget",
    )
    decode_bandwidth_efficiency: float | None = Field(
        default=None,
        gt=0,
        le=1,
        description="CPU server only: the share of its theoretical DRAM bandwidth decode "
        "reaches (published llama.cpp runs); None: the engine's figure for GPUs",
    )
    system_base_w: float | None = Field(
        default=None,
        gt=0,
        description="CPU device only: the rest of the machine's draw at load (board, RAM, disks, "
        "fans) where it is not a server's; None: the catalog's per-server base",
    )
    sources: dict[str, str] = Field(min_length=1)

    @property
    def desktop(self) -> bool:
        """One person's own PC with no GPU: no server to specify around it."""
        return self.gpu_class == "cpu" and self.form_factor == "desktop CPU"


class MlaAttention(_Record):
    """DeepSeek multi-head latent attention: the KV cache stores a compressed latent."""

    kv_lora_rank: int = Field(gt=0)
    qk_rope_head_dim: int = Field(gt=0)
    qk_nope_head_dim: int = Field(gt=0)
    v_head_dim: int = Field(gt=0)
    q_lora_rank: int | None = Field(default=None, gt=0)


class Moe(_Record):
    num_experts: int = Field(gt=1)
    experts_per_token: int = Field(ge=1)
    moe_intermediate_size: int = Field(gt=0)
    num_shared_experts: int = Field(default=0, ge=0)
    shared_expert_intermediate_size: int | None = Field(default=None, gt=0)
    first_dense_layers: int = Field(default=0, ge=0, description="leading layers with a dense MLP")

    @model_validator(mode="after")
    def _top_k_within_experts(self) -> Moe:
        if self.experts_per_token > self.num_experts:
            raise ValueError("experts_per_token exceeds num_experts")
        return self


class LinearAttention(_Record):
    """Recurrent (linear-attention) layers of a hybrid model, e.g. Qwen3-Next's Gated
    DeltaNet: a fixed-size state per sequence instead of a KV cache that grows with context."""

    num_key_heads: int = Field(gt=0)
    num_value_heads: int = Field(gt=0)
    key_head_dim: int = Field(gt=0)
    value_head_dim: int = Field(gt=0)
    conv_kernel: int = Field(default=4, ge=1)

    def state_bytes_per_layer(self) -> float:
        """One sequence's state in one layer: the fp32 recurrent state (value heads x key dim
        x value dim; vLLM's mamba_ssm_dtype default) and the bf16 short-convolution window
        over the q, k and v channels (kernel - 1 positions)."""
        ssm = self.num_value_heads * self.key_head_dim * self.value_head_dim * 4
        channels = 2 * self.num_key_heads * self.key_head_dim
        channels += self.num_value_heads * self.value_head_dim
        return ssm + channels * (self.conv_kernel - 1) * 2

    def parameters(self, hidden: int) -> int:
        """One Gated DeltaNet layer's weights: the q/k/v/z and beta/alpha input projections,
        the short convolution over q, k and v, per-head decay terms, the gated norm and the
        output projection (transformers' Qwen3NextGatedDeltaNet)."""
        keys = self.num_key_heads * self.key_head_dim
        values = self.num_value_heads * self.value_head_dim
        in_proj = hidden * (2 * keys + 2 * values) + hidden * 2 * self.num_value_heads
        conv = (2 * keys + values) * self.conv_kernel
        return in_proj + conv + 2 * self.num_value_heads + self.value_head_dim + values * hidden


class LayerBlock(_Record):
    """One layer of a model whose layers differ (NVIDIA's Nemotron-NAS / DeciLM
    `block_configs`): its KV heads (0: no softmax attention, no KV cache), a single linear
    map in place of attention or MLP, and its MLP width (0: no MLP)."""

    kv_heads: int = Field(ge=0)
    attention_linear: bool = False
    mlp_width: int = Field(ge=0)
    mlp_linear: bool = False


class Architecture(_Record):
    """The numbers of a Hugging Face config.json that memory and speed depend on."""

    hidden_size: int = Field(gt=0)
    num_layers: int = Field(gt=0)
    num_attention_heads: int = Field(gt=0)
    num_kv_heads: int = Field(gt=0)
    head_dim: int = Field(gt=0)
    intermediate_size: int = Field(gt=0, description="dense MLP width")
    vocab_size: int = Field(gt=0)
    max_position_embeddings: int = Field(gt=0)
    tie_word_embeddings: bool = False
    gated_mlp: bool = True
    attention_bias: bool = False
    attention_output_gate: bool = Field(
        default=False,
        description="q_proj also produces a sigmoid gate on the attention output (Qwen3-Next, "
        "Qwen3.5): twice the query width",
    )
    sliding_window: int | None = Field(default=None, gt=0)
    sliding_window_layers: int = Field(
        default=0,
        ge=0,
        description="layers with a KV cache of their own whose attention is capped at "
        "sliding_window",
    )
    kv_free_layers: int = Field(
        default=0,
        ge=0,
        description="layers that keep no KV cache of their own: a hybrid's linear-attention "
        "layers (Qwen3-Next) or layers reusing an earlier layer's KV (Gemma 3n)",
    )
    per_layer_input_dim: int = Field(
        default=0,
        ge=0,
        description="Gemma 3n per-layer embeddings: width of each layer's own token embedding "
        "(hidden_size_per_layer_input); looked up, not multiplied",
    )
    per_layer_input_vocab: int | None = Field(
        default=None, gt=0, description="vocab_size_per_layer_input; unset = vocab_size"
    )
    linear_attention: LinearAttention | None = Field(
        default=None, description="the state of the kv_free_layers when they are recurrent"
    )
    blocks: tuple[LayerBlock, ...] | None = Field(
        default=None, description="per-layer shapes when the layers differ (one per layer)"
    )
    cross_attention_layers: int = Field(
        default=0, ge=0, description="encoder-decoder models: decoder layers with cross-attention"
    )
    mla: MlaAttention | None = None
    moe: Moe | None = None

    @property
    def kv_layers(self) -> int:
        """Layers that hold a KV cache of their own."""
        if self.blocks is not None:
            return sum(1 for block in self.blocks if block.kv_heads)
        return self.num_layers - self.kv_free_layers

    def kv_heads_by_layer(self) -> tuple[int, ...]:
        """KV heads of each KV-holding layer."""
        if self.blocks is not None:
            return tuple(block.kv_heads for block in self.blocks if block.kv_heads)
        return (self.num_kv_heads,) * self.kv_layers

    @property
    def full_attention_layers(self) -> int:
        """KV-holding layers that attend over the whole context."""
        return self.kv_layers - self.sliding_window_layers

    @property
    def attending_layers(self) -> int:
        """Layers that compute softmax attention: all but a hybrid's linear-attention ones
        (Gemma 3n's KV-sharing layers still attend, over an earlier layer's cache)."""
        if self.blocks is not None:
            return self.kv_layers
        linear = self.kv_free_layers if self.linear_attention is not None else 0
        return self.num_layers - linear

    def recurrent_state_bytes(self) -> float:
        """One sequence's fixed-size state over all linear-attention layers."""
        if self.linear_attention is None:
            return 0.0
        return self.kv_free_layers * self.linear_attention.state_bytes_per_layer()

    @model_validator(mode="after")
    def _consistent(self) -> Architecture:
        if self.num_attention_heads % self.num_kv_heads:
            raise ValueError("num_attention_heads must be a multiple of num_kv_heads")
        if self.sliding_window_layers + self.kv_free_layers > self.num_layers:
            raise ValueError("sliding_window_layers + kv_free_layers exceeds num_layers")
        if self.kv_free_layers >= self.num_layers:
            raise ValueError("at least one layer must keep a KV cache (kv_free_layers)")
        if self.blocks is not None:
            if len(self.blocks) != self.num_layers:
                raise ValueError("blocks must give one shape per layer (num_layers)")
            if self.kv_layers == 0:
                raise ValueError("at least one block must keep a KV cache")
            if any(self.num_attention_heads % b.kv_heads for b in self.blocks if b.kv_heads):
                raise ValueError("a block's KV heads must divide num_attention_heads")
            if self.sliding_window_layers or self.kv_free_layers:
                raise ValueError("blocks already say which layers keep a KV cache")
        if self.moe is not None and self.moe.first_dense_layers >= self.num_layers:
            raise ValueError("first_dense_layers leaves no layer with experts")
        if self.linear_attention is not None and not self.kv_free_layers:
            raise ValueError("linear_attention needs kv_free_layers")
        if self.sliding_window_layers and self.sliding_window is None:
            raise ValueError("sliding_window_layers needs sliding_window")
        return self


class Model(_Record):
    id: str
    name: str
    hf_repo: str
    family: str
    architecture: Architecture
    native_precision: str = "bf16"
    reported_params_b: float | None = Field(
        default=None, gt=0, description="parameter count the publisher states, for cross-checks"
    )
    tool_call_parser: str | None = None
    reasoning: bool = Field(
        default=False,
        description="writes a chain of thought before each answer by default (its model card "
        "says so): its outputs run far longer than a use case's answer",
    )
    reasoning_switchable: bool = Field(
        default=False,
        description="its thinking can be switched off or cut short per request (Qwen3's "
        "enable_thinking=False, gpt-oss's reasoning effort low): a use case's answer length is "
        "a fair default for it, not a reasoning trace",
    )
    distilled_from: str | None = Field(
        default=None,
        description="the model whose outputs it was fine-tuned on, as its card says (an R1 "
        "distill: deepseek-r1): left out when a customer rules distills out. A teacher's "
        "logits in pre-training (Gemma 3, Llama 3.2 1B/3B) do not make a distill here",
    )
    aliases: tuple[str, ...] = ()
    hosted_editions: tuple[str, ...] = Field(
        default=(),
        description="the vendor's hosted-only models its brand also names (prices.yaml "
        "named_apis: GigaChat 2 Pro and Max beside the open GigaChat-20B-A3B): the brand said "
        "alone may mean them, and they have no weights to size",
    )
    bf16_layers_in_fp8: int = Field(
        default=0,
        ge=0,
        description="FP8 checkpoints that keep the first and last N layers in bf16",
    )
    fp8_attention_in_bf16: bool = Field(
        default=False, description="FP8 checkpoints that keep attention projections in bf16"
    )
    vision_encoder_params_b: float | None = Field(
        default=None,
        gt=0,
        description="a multimodal checkpoint's vision encoder and projector, billions of "
        "parameters: loaded beside the text model (vLLM, transformers) and kept in bf16",
    )
    released: str | None = Field(
        default=None,
        pattern=r"^\d{4}-\d{2}$",
        description="year-month of release: newest first when a name is ambiguous",
    )
    yarn_max_context: int | None = Field(
        default=None,
        gt=0,
        description="the context its publisher documents with YaRN rope scaling beyond the "
        "config's positions (Qwen2.5 and Qwen3: 131,072 from 32,768), with its source",
    )
    yarn_original_positions: int | None = Field(
        default=None,
        gt=0,
        description="rope_scaling's original_max_position_embeddings: the factor is the YaRN "
        "context over it",
    )
    yarn_source: str | None = None
    source: str

    @property
    def longest_context(self) -> int:
        """The longest context it reads: its positions, or the YaRN context documented."""
        return max(self.architecture.max_position_embeddings, self.yarn_max_context or 0)


TensorRole = Literal["attention", "mlp", "experts", "embedding", "lm_head"]


class WeightFormat(_Record):
    """Bits per weight of one precision, per tensor role.

    A format may keep some roles in 16 bits (embeddings, lm_head, attention of an
    MXFP4 MoE checkpoint); `bits` says so role by role.
    """

    id: str
    name: str
    kind: Literal["float", "integer", "gguf", "bnb", "microscaling"]
    bits: dict[TensorRole, float]
    compute_dtype: Literal["fp32", "bf16", "fp16", "fp8", "fp4", "int8"]
    engines: tuple[str, ...] = Field(min_length=1, description="engines that run this format")
    min_compute_capability: float | None = Field(
        default=None,
        ge=1,
        description="the oldest NVIDIA GPU generation whose kernels run it (8.0: Ampere)",
    )
    older_gpus_run_as: str | None = Field(
        default=None,
        description="the format an older GPU runs it as (a bf16 checkpoint as fp16)",
    )
    compute_source: str | None = Field(
        default=None, description="where min_compute_capability comes from"
    )

    @model_validator(mode="after")
    def _capability_sourced(self) -> WeightFormat:
        if self.min_compute_capability is not None and not self.compute_source:
            raise ValueError("min_compute_capability needs its compute_source")
        return self

    note: str
    note_ru: str = Field(min_length=1, description="the note in Russian, for Russian answers")
    source: str

    @model_validator(mode="after")
    def _all_roles(self) -> WeightFormat:
        missing = {"attention", "mlp", "experts", "embedding", "lm_head"} - set(self.bits)
        if missing:
            raise ValueError(f"bits missing roles: {sorted(missing)}")
        return self


class EngineProfile(_Record):
    """Calibrated behaviour of one inference engine; every constant states its origin."""

    id: str
    name: str
    decode_bandwidth_efficiency: float = Field(
        gt=0, le=1, description="share of peak memory bandwidth a decode step achieves"
    )
    layer_overhead_ms_mhz: float = Field(
        ge=0, description="per-layer kernel latency per decode step x GPU clock (ms x MHz)"
    )
    moe_layer_overhead_ms_mhz: float = Field(
        default=0.0,
        ge=0,
        description="added per mixture-of-experts layer: routing, top-k, token sort and the "
        "grouped expert GEMMs' fixed time at small batches (ms x MHz)",
    )
    host_ms_per_layer: float = Field(
        default=0.0,
        ge=0,
        description="host (CPU) time to issue one decoder layer's ops when every op is "
        "launched from Python (eager PyTorch); the GPU waits on it, whatever its clock",
    )
    step_overhead_ms: float = Field(ge=0, description="fixed cost of one decode step")
    sequence_step_us: float = Field(
        default=0.0,
        ge=0,
        description="host work per running sequence per decode step: scheduling, sampling, "
        "detokenising and streaming the token",
    )
    offline_sequence_step_us: float = Field(
        default=0.0,
        ge=0,
        description="the same without the API server (requests submitted in-process, nothing "
        "streamed)",
    )
    compute_efficiency: float = Field(
        gt=0, le=1, description="share of dense tensor peak in decode GEMMs at large batch"
    )
    prefill_efficiency: float = Field(gt=0, le=1, description="MFU of a long prefill")
    prefill_fixed_ms: float = Field(ge=0, description="fixed time to first token")
    non_torch_gib: float = Field(ge=0, description="CUDA context and non-torch allocations")
    tp_comm_buffers_gib: float = Field(
        ge=0,
        description="NCCL and custom all-reduce buffers per other GPU of an NVLink / Infinity "
        "Fabric TP group (PCIe groups measured no such growth)",
    )
    cuda_graphs_gib: float = Field(ge=0, description="captured CUDA graphs (0 when eager)")
    activation_bytes_per_token_factor: float = Field(
        ge=0,
        description="peak activation elements per batched token, in units of (2 ff/TP + 6 h)",
    )
    default_max_num_batched_tokens: int = Field(ge=1)
    default_max_num_batched_tokens_large_gpu: int = Field(
        ge=1, description="on GPUs with >= 70 GiB that are not A100s (vLLM's rule)"
    )
    default_max_num_seqs: int = Field(ge=1)
    default_max_num_seqs_large_gpu: int = Field(ge=1)
    slots_follow_users: bool = Field(
        default=False,
        description="a planned server opens one slot per user (llama-server -np N over one "
        "unified KV cache); otherwise it lowers the default cap to the users",
    )
    uses_memory_utilization: bool = Field(
        description="whether the engine caps itself at gpu_memory_utilization"
    )
    paged_kv: bool = Field(description="KV cache in fixed blocks shared across requests")
    pipeline_overlap: bool = Field(
        description="pipeline stages work on different requests at once (else layer split)"
    )
    min_compute_capability: float | None = Field(
        default=None, ge=1, description="the oldest NVIDIA GPU generation current releases run on"
    )
    last_version_for_older: str | None = Field(
        default=None, description="the last release that still runs on older GPUs"
    )
    sources: dict[str, str] = Field(min_length=1)


UseCaseId = Literal[
    "chat", "rag", "support", "code", "extraction", "summarization", "translation", "agents"
]


class UseCaseProfile(_Record):
    """One request of a use case and the latency its users expect."""

    input_tokens: int = Field(gt=0)
    output_tokens: int = Field(gt=0)
    ttft_p95_s: float = Field(gt=0, description="time to first token a user accepts (p95)")
    tokens_per_s_per_user: float = Field(gt=0, description="streaming speed a user expects")
    source: str

    @property
    def request_seconds(self) -> float:
        """How long one request is in flight at the expected latency."""
        return self.ttft_p95_s + self.output_tokens / self.tokens_per_s_per_user


class Concurrency(_Record):
    staff_share: float = Field(gt=0, le=1, description="share of staff with a request in flight")
    source: str
    peak_quantile: float = Field(
        gt=0.5, lt=1, description="the percentile of the staff's requests at once sized for"
    )
    quantile_source: str


class DailyVolume(_Record):
    """How a volume per day becomes a peak rate: spread over the busy hours, peaked."""

    busy_hours: float = Field(gt=0, le=24)
    peak_to_mean: float = Field(ge=1)
    working_days_per_month: float = Field(gt=0, le=31)
    source: str
    tokens_per_word: float = Field(gt=0, le=10, description="a volume of text in words")
    tokens_per_word_source: str
    tokens_per_word_ru: float = Field(gt=0, le=10, description="the same for Russian text")
    tokens_per_word_ru_source: str
    words_per_page: float = Field(gt=0, le=2000, description="a document's length in pages")
    words_per_page_source: str
    turns_per_dialogue: float = Field(
        gt=0, le=100, description="requests a dialogue (chat) makes: the customer's turns"
    )
    turns_per_dialogue_source: str
    customer_contacts_per_year: float = Field(
        gt=0,
        le=1000,
        description="dialogues a year each customer of a customer-facing service opens",
    )
    customer_contacts_per_year_source: str
    long_document_pages: float = Field(
        gt=0, le=10_000, description="pages of a document said to be long, with no length"
    )
    long_document_pages_source: str
    review_words: int = Field(
        gt=0, le=10_000, description="words in a customer review, title and text, none said"
    )
    review_words_source: str


class FineTuningData(_Record):
    tokens_per_example: int = Field(gt=0)
    source: str
    dataset_tokens: int = Field(gt=0, description="a dataset when none is given")
    dataset_source: str
    seq_len: int = Field(gt=0, description="tokens per training sequence when none is given")
    seq_len_source: str
    deadline_hours: float = Field(gt=0, description="how long a run may take when unsaid")
    deadline_source: str
    pretraining_deadline_hours: float = Field(
        gt=0, description="how long a run from scratch may take when unsaid"
    )
    pretraining_deadline_source: str


class SpeechToText(_Record):
    """Transcribing speech before an LLM reads it (calls, meetings): one reference card's
    published throughput, so an answer can say how much GPU time the audio needs besides."""

    model: str
    realtime_factor: float = Field(gt=0, description="seconds of audio per second of one card")
    reference_gpu: str
    source: str
    words_per_minute: float = Field(gt=0, le=500, description="a call's transcript in words")
    words_per_minute_source: str
    call_minutes: float = Field(gt=0, le=600, description="a call's length when none is said")
    call_minutes_source: str


class TextToSpeech(_Record):
    """Speaking a voice bot's answers: one reference card's published streaming capacity."""

    requests_per_s: float = Field(gt=0, description="synthesis requests one card serves")
    first_audio_ms: float = Field(gt=0, description="first audio chunk at that rate")
    reference_gpu: str
    source: str


class Workloads(_Record):
    """How a goal (use case, headcount, request rate, examples) becomes a sizing load."""

    concurrency: Concurrency
    daily: DailyVolume
    fine_tuning: FineTuningData
    speech_to_text: SpeechToText
    text_to_speech: TextToSpeech
    use_cases: dict[UseCaseId, UseCaseProfile]

    @model_validator(mode="after")
    def _every_use_case(self) -> Workloads:
        missing = set(typing.get_args(UseCaseId)) - set(self.use_cases)
        if missing:
            raise ValueError(f"use_cases missing: {sorted(missing)}")
        return self


RussianQuality = Literal["strong", "good", "fair", "weak", "unpublished"]


class Suitability(_Record):
    """How well a model suits business use: quality tier, Russian, licence, use cases."""

    model: str
    quality_tier: int = Field(ge=1, le=5, description="5 = frontier-class open model")
    quality_basis: str
    russian: RussianQuality
    russian_note: str | None = None
    russian_first: bool = Field(
        default=False,
        description="built first for Russian (T-Tech's adaptations of Qwen, YandexGPT, GigaChat): "
        "offered for Russian goals; an English goal gets a multilingual model of its tier",
    )
    licence: str
    tool_calling: bool
    fill_in_middle: bool = Field(
        default=False,
        description="trained to fill in the middle (prefix + suffix -> the code between): what "
        "completion in the editor (autocomplete) sends; chat models are not",
    )
    caveat: str | None = None
    use_cases: dict[UseCaseId, str] = Field(description="use case -> why the model suits it")
    sources: dict[str, str] = Field(min_length=1)


SERVER_GPUS = 8  # an HGX/OAM server, of which a server_share price is one eighth


class GpuPrice(_Record):
    usd: float = Field(gt=0)
    kind: Literal["card", "server_share"] = Field(
        description="card: one PCIe card; server_share: 1/8 of a complete 8-GPU HGX/OAM server"
    )
    market: Literal["new", "used"] = Field(
        default="new", description="used: discontinued, bought used (a pilot, not production)"
    )
    source: str

    def gpus_bought(self, count: int, servers: int | None = None) -> int:
        """The GPUs paid for to use `count`: a server share is sold only as whole 8-GPU
        servers (`servers` of them where the caller has sized the chassis, else the fewest
        that hold `count`); a card is bought one by one."""
        if self.kind != "server_share":
            return count
        whole = servers if servers is not None else -(-count // SERVER_GPUS)
        return whole * SERVER_GPUS


class Chassis(_Record):
    id: str
    max_gpus: int = Field(ge=1)
    usd: float = Field(ge=0)
    gpu_classes: tuple[GpuClass, ...]
    max_gpu_tdp_w: float | None = Field(
        default=None,
        gt=0,
        description="only cards up to this power (75 W: powered from the slot, no GPU power "
        "cables or high-wattage supplies); None: any card of its classes",
    )
    source: str
    rack_units: int | None = Field(default=None, ge=1, description="None: a tower")
    rack_source: str | None = None
    facilities_usd_per_month: float | None = Field(
        default=None, ge=0, description="None: the data-centre figure of `running`"
    )
    facilities_source: str | None = None


class ServerForm(_Record):
    """The complete 8-GPU server an SXM/OAM GPU's price is a share of."""

    rack_units: int = Field(ge=1)
    source: str
    base_w: float = Field(
        ge=0, description="everything but the GPUs at full load: CPUs, NVSwitch, NICs, fans"
    )
    base_source: str


class ReferenceServer(_Record):
    """A typical server a price question with no GPU is answered with."""

    gpu: str
    count: int = Field(ge=1)


class RunningCosts(_Record):
    power_usd_per_kwh: float = Field(gt=0)
    power_source: str
    pue: float = Field(ge=1)
    pue_source: str
    base_server_w: float = Field(ge=0)
    base_server_source: str
    facilities_usd_per_server_month: float = Field(ge=0)
    facilities_source: str
    maintenance_pct_per_year: float = Field(ge=0)
    maintenance_source: str
    busy_hours_per_month: float = Field(gt=0, le=744)
    busy_hours_source: str


class RateSource(_Record):
    usd: float = Field(gt=0)
    source: str


class ApiPrice(_Record):
    name: str
    input_usd_per_m: float = Field(ge=0)
    output_usd_per_m: float = Field(ge=0)
    source: str

    def blended_usd_per_m(self, input_share: float) -> float:
        """A million tokens of which `input_share` are prompt."""
        return input_share * self.input_usd_per_m + (1 - input_share) * self.output_usd_per_m


class HostedApi(ApiPrice):
    quality_tier: int = Field(ge=1, le=5)


class HostedModel(ApiPrice):
    """An open model as a provider hosts it: the same weights through an API, the plainest
    alternative to serving them on one's own GPUs."""

    model: str
    provider: str


class RoublePrice(_Record):
    """A price list in roubles per 1,000 tokens, VAT included, as Russian vendors publish."""

    input_rub_per_k: float = Field(ge=0)
    output_rub_per_k: float = Field(ge=0)
    vat_pct: float = Field(ge=0, le=50)


class NamedApi(HostedApi):
    """A hosted model a customer names as the one paid for ("our GigaChat bill", "Claude
    Sonnet"): its bill is read at its own prices and an open model must match its tier."""

    aliases: tuple[str, ...] = Field(
        min_length=1, description="regexes over the lower-cased message that name it"
    )
    tier_basis: str
    rub: RoublePrice | None = Field(
        default=None, description="the price as the vendor publishes it, when in roubles"
    )


class CurrencyRate(_Record):
    value: float = Field(gt=0)
    source: str


class Prices(_Record):
    """What hardware, power, rented GPUs and hosted APIs cost (prices.yaml)."""

    as_of: str
    rub_per_usd: CurrencyRate
    usd_per_eur: CurrencyRate
    gpus: dict[str, GpuPrice]
    chassis: tuple[Chassis, ...] = Field(min_length=1)
    hgx_server: ServerForm
    # "сколько стоит сервер под нейросеть?": typical servers by GPU tier, smallest first
    reference_servers: tuple[ReferenceServer, ...] = ()
    reference_servers_source: str = ""
    running: RunningCosts
    cloud_usd_per_gpu_hour: dict[str, RateSource]
    hosted_api: tuple[HostedApi, ...] = Field(min_length=1)
    bill_reference: ApiPrice  # what a monthly API bill buys when no volume is stated
    named_apis: tuple[NamedApi, ...] = ()  # hosted models customers name, most specific first
    hosted_models: tuple[HostedModel, ...] = ()  # open models as providers host them

    @model_validator(mode="before")
    @classmethod
    def _roubles_to_dollars(cls, data: object) -> object:
        """A named API priced in roubles with VAT (Sber, Yandex) in dollars without it, at the
        catalog's rate, like every other price here; the published figure is kept beside."""
        if not isinstance(data, dict) or not data.get("named_apis"):
            return data
        listed_rate = data["rub_per_usd"]
        rate = float(listed_rate["value"] if isinstance(listed_rate, dict) else listed_rate.value)
        named = []
        for api in data["named_apis"]:
            api = dict(api)
            if api.get("rub") is not None:  # from the list price, at this catalog's rate
                rub = RoublePrice.model_validate(api["rub"])
                net = 1 + rub.vat_pct / 100
                api["input_usd_per_m"] = rub.input_rub_per_k * 1000 / net / rate
                api["output_usd_per_m"] = rub.output_rub_per_k * 1000 / net / rate
            named.append(api)
        return {**data, "named_apis": named}

    def usd(self, amount: float, currency: Literal["USD", "RUB", "EUR"]) -> float:
        """An amount in dollars at the catalog's rates."""
        if currency == "RUB":
            return amount / self.rub_per_usd.value
        if currency == "EUR":
            return amount * self.usd_per_eur.value
        return amount

    @property
    def priced_apis(self) -> tuple[ApiPrice, ...]:
        """Every hosted model the catalog prices: the APIs by tier, the bill reference and
        the APIs customers name."""
        return (*self.hosted_api, self.bill_reference, *self.named_apis)

    def billed_api(self, name: str | None) -> ApiPrice | None:
        """The hosted model a bill pays for, by name (None: the bill reference); None when
        the catalog does not price that name."""
        if name is None:
            return self.bill_reference
        wanted = name.strip().lower()
        return next((a for a in self.priced_apis if a.name.lower() == wanted), None)

    def api_for_model(self, model: str) -> HostedModel | None:
        """The same open model through a provider's API, where the catalog prices one."""
        return next((a for a in self.hosted_models if a.model == model), None)

    def api_for_tier(self, tier: int, russian: bool = False) -> HostedApi:
        """The hosted API of the same quality tier (the nearest below when none matches). For
        a Russian buyer, the Russian vendors' APIs sold in roubles (GigaChat, YandexGPT) where
        the catalog prices one, the cheapest of the tier: OpenAI's are not sold to Russia."""
        listed: tuple[HostedApi, ...] = self.hosted_api
        if russian:
            listed = tuple(api for api in self.named_apis if api.rub is not None) or listed
        ranked = sorted(listed, key=lambda api: (api.quality_tier, -api.blended_usd_per_m(0.5)))
        below = [api for api in ranked if api.quality_tier <= tier]
        if not below:
            lowest = ranked[0].quality_tier
            below = [api for api in ranked if api.quality_tier == lowest]
        return below[-1]
