"""What a user asks the engine: the single input model of every adapter.

Field names are the `advisor size` flags with underscores; the OpenAI tool schema,
the REST body and the MCP tool are all generated from this model.
"""

from __future__ import annotations

import json
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator
from pydantic_core import InitErrorDetails, PydanticCustomError

from advisor.catalog.hf_config import parse_hf_config

Task = Literal["inference", "lora", "qlora", "full", "pretrain"]
Precision = Literal[
    "fp32",
    "bf16",
    "fp16",
    "fp8",
    "int8",
    "int4",
    "int4-g64",
    "int4-g32",
    "exl2",
    "exl3",
    "nf4",
    "mxfp4",
    "nvfp4",
    "q8_0",
    "q6_k",
    "q5_k_m",
    "q4_k_m",
    "q4_0",
]
KvPrecision = Literal["fp32", "bf16", "fp16", "fp8", "q8_0", "q4_0"]
Engine = Literal["vllm", "llama.cpp", "transformers", "trt-llm"]
Optimizer = Literal["adamw", "adamw-8bit", "paged-adamw-8bit", "sgd"]
Sharding = Literal["none", "zero1", "zero2", "zero3"]
LoraTarget = Literal["q", "k", "v", "o", "gate", "up", "down"]
CrossEntropy = Literal["full", "fp32-logits", "chunked", "fused"]
TrainingKernels = Literal["eager", "fused"]
Frontend = Literal["api", "offline"]

TASKS: tuple[Task, ...] = ("inference", "lora", "qlora", "full", "pretrain")
ENGINES: tuple[Engine, ...] = ("vllm", "llama.cpp", "transformers", "trt-llm")
# What a request that names neither uses: a reference card and a 4k-token request. Answers
# treat them as unstated (the default GPU is not advice to buy it).
DEFAULT_GPU = "h100-sxm"
DEFAULT_CONTEXT = 4096
EXPERT_OFFLOAD_ALL = 100_000  # more than any model's layers: every MoE layer's experts
TRAINING_TASKS: frozenset[str] = frozenset({"lora", "qlora", "full", "pretrain"})
ALL_LINEAR: tuple[LoraTarget, ...] = ("q", "k", "v", "o", "gate", "up", "down")
# An inline config.json: real ones are 1-6 kB and two levels deep (text_config,
# rope_scaling); the caps keep a hostile object from costing memory or recursion.
HF_CONFIG_MAX_CHARS = 64_000
HF_CONFIG_MAX_DEPTH = 6


class SizingRequest(BaseModel):
    """One deployment need: a model, a task and the load or training run it must carry.

    Every number has an upper bound: the engine computes in floats, and an int past ~1e308
    does not convert to one (a crash, not an answer).
    """

    model_config = ConfigDict(extra="forbid")

    model: str | None = Field(
        default=None,
        max_length=200,
        description="catalog id or alias of the model, e.g. llama-3.1-70b",
    )
    hf_config: dict[str, Any] | None = Field(
        default=None,
        description="instead of model, for one the catalog lacks: the contents of its "
        f"Hugging Face config.json as an object (at most {HF_CONFIG_MAX_CHARS:,} characters)",
    )
    task: Task = Field(default="inference", description="what the GPUs must do")
    gpu: str = Field(default=DEFAULT_GPU, max_length=60, description="catalog id of the GPU")
    gpus: int | None = Field(
        default=None, ge=1, le=1024, description="GPU count; unset = the minimum that fits"
    )
    tensor_parallel_size: int | None = Field(
        default=None,
        ge=1,
        le=256,
        description="vLLM / TensorRT-LLM --tensor-parallel-size; unset = the engine keeps TP "
        "inside one NVLink domain and adds pipeline stages; must divide gpus and the heads",
    )
    precision: Precision | None = Field(
        default=None,
        description="weight format; unset = the format the model is published in for "
        "inference (e.g. mxfp4 for gpt-oss, fp8 for DeepSeek-V3/R1), nf4 for QLoRA, bf16 for "
        "other training",
    )
    bits_per_weight: float | None = Field(
        default=None,
        ge=2.0,
        le=8.0,
        description="EXL2/EXL3 only: the bits per weight the quant was made for (e.g. 4.65); "
        "unset = 4.0",
    )
    kv_precision: KvPrecision | None = Field(
        default=None, description="KV-cache format; unset = the compute dtype (bf16)"
    )
    context: int = Field(
        default=DEFAULT_CONTEXT,
        ge=1,
        le=10_000_000,
        description="tokens per request: prompt + output",
    )
    users: int = Field(default=1, ge=1, le=1_000_000, description="concurrent requests")
    batch_items: int | None = Field(
        default=None,
        ge=1,
        le=10**11,
        description="inference: a batch job of this many requests (documents, product "
        "descriptions), each of this prompt and output, sent with the engine kept full: the "
        "report says how long the job takes; unset = no batch job",
    )
    engine: Engine = Field(default="vllm", description="inference engine")
    frontend: Frontend = Field(
        default="api",
        description="api = an OpenAI-compatible server streaming every token (vllm serve, "
        "trtllm-serve, NIM); offline = requests handed to the engine in-process with no "
        "per-token streaming (vLLM's LLM.generate, trtllm-bench, overnight batch jobs)",
    )
    expert_offload_layers: int = Field(
        default=0,
        ge=0,
        le=EXPERT_OFFLOAD_ALL,
        description="llama.cpp only: MoE layers whose routed experts stay in host RAM and run "
        "on the CPU (--n-cpu-moe N, the first N layers); at least the model's MoE layers = "
        "--cpu-moe, all of them",
    )
    host_memory_bandwidth_gb_s: float | None = Field(
        default=None,
        gt=0,
        le=5000,
        description="host RAM bandwidth the offloaded experts are read at; unset = dual-channel "
        "DDR5-5600 (89.6 GB/s) beside gaming and workstation cards, 8-channel DDR5-4800 "
        "(307 GB/s) beside datacenter GPUs; on a two-socket server give one socket's "
        "channels (llama.cpp reads no faster across two sockets than on one). On a CPU "
        "server (gpu cpu-server) it is the server's own RAM bandwidth every weight is read at",
    )
    host_memory_gb: float | None = Field(
        default=None,
        ge=4,
        le=8192,
        description="CPU device only (gpu cpu-desktop, cpu-server): the RAM installed, GB, that "
        "every weight and the KV cache sit in; the OS keeps the catalog device's share of it; "
        "unset = the catalog's (64 GB desktop, 384 GB server)",
    )
    gpu_memory_utilization: float = Field(
        default=0.9, gt=0.05, le=1.0, description="share of GPU memory the engine may use"
    )
    max_num_batched_tokens: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="engine prefill batch; unset = the engine's default",
    )
    max_num_seqs: int | None = Field(
        default=None,
        ge=1,
        le=1_000_000,
        description="engine's concurrent-sequence cap; unset = users, capped",
    )
    enforce_eager: bool = Field(
        default=False, description="no CUDA graphs (vLLM --enforce-eager): less memory, slower"
    )
    output_tokens: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="tokens generated per request; unset = a quarter of context",
    )
    prompt_tokens: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="inference: a typical request's prompt when requests use less than the "
        "context window (a 32k window, 1k prompts): the KV cache holds every user's prompt + "
        "output and one request at the full window (paged: blocks are taken as tokens arrive), "
        "and speed and first-token time are for this prompt; unset = context - output_tokens",
    )
    micro_batch: int = Field(default=1, ge=1, le=4096, description="training micro-batch per GPU")
    seq_len: int | None = Field(
        default=None, ge=1, le=10_000_000, description="training sequence length; unset = context"
    )
    gradient_checkpointing: bool = Field(default=True, description="recompute activations")
    activation_offload: bool = Field(
        default=False,
        description="keep saved activations (the checkpoints) in host RAM during the step "
        "(torchtune enable_activation_offloading, Unsloth offloaded gradient checkpointing)",
    )
    cross_entropy: CrossEntropy = Field(
        default="full",
        description="how the loss meets the logits: full = every token's logits upcast to fp32 "
        "inside the loss (transformers 4.46 and later, torchtune's CrossEntropyLoss); "
        "fp32-logits = the model itself returned fp32 logits that lived through backward "
        "(transformers before 4.46, 2024-10); chunked = bf16 logits with one chunk in fp32 at a time "
        "(torchtune CEWithChunkedOutputLoss), fused = logits never materialised beyond one "
        "chunk (Liger / Unsloth fused linear cross-entropy)",
    )
    training_kernels: TrainingKernels = Field(
        default="eager",
        description="eager = every elementwise op its own kernel through GPU memory (transformers "
        "Trainer, TRL, PEFT without torch.compile); fused = compiled or fused kernels "
        "(torchtune with compile, NeMo / Transformer Engine, Unsloth); unset = eager for "
        "fine-tuning, fused for pretrain (Megatron-LM, NeMo, torchtitan and llm-foundry all "
        "fuse them)",
    )
    optimizer: Optimizer = Field(default="adamw")
    master_weights: bool = Field(
        default=True,
        description="mixed precision: fp32 master weights and fp32 AdamW states beside the "
        "16-bit weights (transformers, DeepSpeed); false = pure bf16 training with bf16 states "
        "(torchtune's default)",
    )
    optimizer_in_backward: bool = Field(
        default=False, description="apply the optimizer step per parameter during backward"
    )
    kbit_upcast: bool = Field(
        default=False,
        description="QLoRA through PEFT's prepare_model_for_kbit_training, which casts every "
        "parameter left unquantized (embeddings, LM head, norms) to fp32; TRL's SFTTrainer with "
        "bf16, torchtune and Unsloth keep them in 16 bits",
    )
    lora_rank: int = Field(default=16, ge=1, le=4096)
    lora_targets: list[LoraTarget] = Field(
        default_factory=lambda: list(ALL_LINEAR),
        max_length=7,
        description="linear layers that get LoRA adapters",
    )
    sharding: Sharding = Field(
        default="none",
        description="ZeRO stage; zero3 = FSDP; none = plain data parallelism, sharded with "
        "ZeRO-3 where the GPUs cannot hold the run whole",
    )
    cpu_offload: bool = Field(
        default=False,
        description="optimizer states and gradients in host RAM, the step on the CPU "
        "(DeepSpeed ZeRO-Offload, FSDP CPUOffload); with zero3 the weights too",
    )
    dataset_tokens: int | None = Field(
        default=None, ge=1, le=10**15, description="tokens in the dataset"
    )
    epochs: float = Field(default=1.0, gt=0, le=1000)

    @field_validator("hf_config")
    @classmethod
    def _hf_config_sizable(cls, config: dict[str, Any] | None) -> dict[str, Any] | None:
        """Small, shallow and with the keys the engine needs; the error names the key."""
        if config is None:
            return None
        if _depth(config) > HF_CONFIG_MAX_DEPTH:
            raise ValueError(f"nested deeper than {HF_CONFIG_MAX_DEPTH} levels")
        if len(json.dumps(config)) > HF_CONFIG_MAX_CHARS:
            raise ValueError(f"longer than {HF_CONFIG_MAX_CHARS:,} characters as JSON")
        parse_hf_config(config, source="hf_config")  # HfConfigError is a ValueError
        return config

    @model_validator(mode="after")
    def _one_model(self) -> SizingRequest:
        """A catalog model or an inline config, exactly one; the error names `model`."""
        if (self.model is None) == (self.hf_config is None):
            both = self.model is not None
            message = "give model or hf_config, not both" if both else "Field required"
            raise _field_error("model", "model_or_hf_config", message, self.model)
        return self

    @model_validator(mode="after")
    def _pretraining_fuses_its_kernels(self) -> SizingRequest:
        """Pre-training frameworks fuse the elementwise kernels; fine-tuning mostly does not."""
        if self.task == "pretrain" and "training_kernels" not in self.model_fields_set:
            self.training_kernels = "fused"
        return self

    @model_validator(mode="after")
    def _options_where_they_apply(self) -> SizingRequest:
        """Options that belong to one kind of run; the error names the option to drop."""
        if self.frontend == "offline" and self.is_training:
            raise _field_error(
                "frontend",
                "frontend_needs_inference",
                "frontend offline needs task inference",
                self.frontend,
            )
        if self.batch_items is not None and self.is_training:
            raise _field_error(
                "batch_items",
                "batch_items_needs_inference",
                "batch_items needs task inference (a training run's length is dataset_tokens)",
                self.batch_items,
            )
        if self.kbit_upcast and self.task != "qlora":
            raise _field_error(
                "kbit_upcast", "kbit_upcast_needs_qlora", "kbit_upcast needs task qlora", True
            )
        if self.prompt_tokens is not None and self.prompt_tokens + self.tokens_generated > (
            self.context
        ):
            raise _field_error(
                "prompt_tokens",
                "prompt_exceeds_context",
                "prompt_tokens + output_tokens must fit the context",
                self.prompt_tokens,
            )
        if self.bits_per_weight is not None and self.precision not in ("exl2", "exl3"):
            raise _field_error(
                "bits_per_weight",
                "bits_per_weight_needs_exl",
                "bits_per_weight needs precision exl2 or exl3",
                self.bits_per_weight,
            )
        return self

    @field_validator("lora_targets")
    @classmethod
    def _lora_targets_unique(cls, targets: list[LoraTarget]) -> list[LoraTarget]:
        """A field validator, so the error names `lora_targets` (the flag to fix)."""
        if len(set(targets)) != len(targets):
            raise ValueError("lora_targets has duplicates")
        return targets

    @property
    def is_training(self) -> bool:
        return self.task in TRAINING_TASKS

    def weight_precision(self, published: str) -> str:
        """The weight format sized: the one asked for, else the task's default, where
        inference runs the checkpoint as published (vLLM's dtype "auto" serves an fp32
        checkpoint in fp16)."""
        if self.precision is not None:
            return self.precision
        if self.task == "qlora":
            return "nf4"
        if self.task != "inference":
            return "bf16"  # training updates 16-bit weights (a LoRA base is loaded in bf16)
        return "fp16" if published == "fp32" else published

    @property
    def training_seq_len(self) -> int:
        return self.seq_len if self.seq_len is not None else self.context

    @property
    def tokens_generated(self) -> int:
        return self.output_tokens if self.output_tokens is not None else max(1, self.context // 4)

    @property
    def prompt_length(self) -> int:
        """A typical request's prompt: the one given, or the context less the output."""
        if self.prompt_tokens is not None:
            return self.prompt_tokens
        return max(1, self.context - self.tokens_generated)


def _field_error(field: str, code: str, message: str, value: Any) -> ValidationError:
    """A validation error located at one field, as pydantic's own are (HTTP 422 names it)."""
    error = InitErrorDetails(type=PydanticCustomError(code, message), loc=(field,), input=value)
    return ValidationError.from_exception_data(SizingRequest.__name__, [error])


def _depth(value: Any, level: int = 1) -> int:
    """Nesting depth of a JSON value, stopping once past the cap (no deep recursion)."""
    if level > HF_CONFIG_MAX_DEPTH or not isinstance(value, dict | list):
        return level
    items = value.values() if isinstance(value, dict) else value
    return max((_depth(item, level + 1) for item in items), default=level)
