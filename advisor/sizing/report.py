"""What the engine answers: the `advisor size --json` object and its parts.

GB = 1e9 bytes throughout. `breakdown_gb` is per GPU and sums to `per_gpu_gb`.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, computed_field, model_validator

from advisor.messages import Note, english, english_all
from advisor.sizing.serving_plan import VllmServePlan

NOTES = "the same as catalog notes (code and parameters), for rendering in another language"


def _rendered_in_schema(schema: dict[str, Any], cls: type[BaseModel]) -> None:
    """Name the rendered texts in the input schema too: a copy of a report read back (an
    MCP client checks a tool's result against this schema) carries them."""
    properties = schema.setdefault("properties", {})
    for name, info in cls.model_computed_fields.items():
        text = {"type": "string"}
        kind = text if info.return_type is str else {"type": "array", "items": text}
        properties.setdefault(name, {**kind, "readOnly": True})


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid", json_schema_extra=_rendered_in_schema)

    @model_validator(mode="before")
    @classmethod
    def _drop_rendered(cls, data: Any) -> Any:
        """A dumped report read back: the rendered texts come again from their notes."""
        computed = cls.model_computed_fields
        if computed and isinstance(data, dict) and not computed.keys().isdisjoint(data):
            return {key: value for key, value in data.items() if key not in computed}
        return data


class GpuLayout(_Out):
    id: str
    name: str
    count: int
    tensor_parallel: int
    pipeline_parallel: int
    replicas: int = Field(description="independent copies of the model (data parallel)")
    interconnect: str
    layout_note_i18n: Note = Field(description=NOTES)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def layout_note(self) -> str:
        return english(self.layout_note_i18n)


class MemoryBreakdown(_Out):
    weights: float
    kv_cache: float
    activations: float
    gradients: float
    optimizer: float
    overhead: float


class Memory(_Out):
    per_gpu_gb: float
    capacity_per_gpu_gb: float
    usable_per_gpu_gb: float = Field(
        description="capacity x gpu_memory_utilization where it applies"
    )
    total_gb: float
    breakdown_gb: MemoryBreakdown
    kv_cache_capacity_tokens: int = Field(
        description="KV tokens one replica's memory budget holds, as vLLM reports it"
    )
    kv_cache_total_tokens: int = Field(description="KV tokens all replicas hold together")
    kv_bytes_per_token: float = Field(description="per token of context, whole model, one copy")
    weights_bits_per_param: float
    host_offload_gb: float = Field(description="states kept in host RAM (offload, paged optimizer)")


class LoadLevel(_Out):
    """Serving figures at one number of concurrent requests (closed loop: each client sends
    its next request when the last one ends)."""

    concurrency: int
    batch: int = Field(description="requests decoding together per replica; the rest queue")
    per_user_tokens_per_s: float
    inter_token_latency_ms: float
    ttft_s: float = Field(description="time to first token, queueing included")
    queue_s: float = Field(description="part of ttft_s spent waiting for a free slot")
    burst_ttft_s: float = Field(
        default=0.0,
        description="mean time to first token when all the clients send at the same moment "
        "(start of a shift, a batch job, a benchmark's closed loop of identical requests)",
    )
    aggregate_tokens_per_s: float


class Performance(_Out):
    per_user_tokens_per_s: float
    aggregate_tokens_per_s: float
    ttft_s: float
    burst_ttft_s: float = Field(
        default=0.0,
        description="at the asked users: mean time to first token when they all send at once",
    )
    wave_ttft_s: float = Field(
        default=0.0,
        description="at the asked users sent together as a wave that sends again only after "
        "reading the answers: mean time to first token",
    )
    wave_tokens_per_s: float = Field(
        default=0.0,
        description="the same wave: tokens/s per user once its prompts are read (no prompt read "
        "beside the streams, unlike per_user_tokens_per_s's requests always in flight)",
    )
    prefill_tokens_per_s: float
    request_s: float = Field(
        default=0.0,
        description="one request from sending it to its last token at the asked users: the "
        "first token's wait, then its output at the per-user speed",
    )
    max_concurrent_users: int = Field(
        description="requests of the asked length (prompt + output) the KV cache holds at once"
    )
    max_users_at_window: int = Field(
        default=0,
        description="requests at the full context window the KV cache holds at once; below "
        "max_concurrent_users when requests are shorter than the window (the rest queue when "
        "more fill it at once)",
    )
    decode_bound: str = Field(description="memory-bandwidth, compute or overhead")
    inter_token_latency_ms: float = Field(
        default=0.0, description="at the asked users: one decode step with chunked prefill"
    )
    load_curve: list[LoadLevel] = Field(
        default_factory=list,
        description="the same deployment at 1 to 256 concurrent requests and at the asked users",
    )


class Training(_Out):
    tokens_per_s: float
    hours: float
    trainable_params: int
    flops_per_token: float
    dataset_tokens: int
    epochs: float
    step_compute_s: float = Field(
        default=0.0, description="one micro-batch's forward and backward on one GPU"
    )
    step_communication_s: float = Field(
        default=0.0, description="its data-parallel traffic, overlapped with the compute"
    )
    step_host_optimizer_s: float = Field(
        default=0.0, description="the CPU optimizer's pass over host RAM (cpu_offload)"
    )
    step_elementwise_s: float = Field(
        default=0.0, description="eager PyTorch's elementwise kernels through GPU memory"
    )
    step_gpu_optimizer_s: float = Field(
        default=0.0, description="the optimizer's pass over GPU memory"
    )
    step_dequant_s: float = Field(
        default=0.0,
        description="QLoRA: the 4-bit weights dequantized to bf16 before each pass (per step)",
    )


class Server(_Out):
    system_ram_gb: int = Field(description="host RAM of all the servers together")
    servers: int = Field(default=1, description="servers of up to 8 GPUs the layout spans")
    ram_per_server_gb: int = Field(default=0, description="host RAM of each server")
    nvme_tb: float
    pcie_lanes: int = Field(description="PCIe lanes each server's CPUs give its GPUs, NIC, NVMe")
    power_w: int
    cpu_note_i18n: Note = Field(description=NOTES)
    cooling_note_i18n: Note = Field(description=NOTES)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cpu_note(self) -> str:
        return english(self.cpu_note_i18n)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def cooling_note(self) -> str:
        return english(self.cooling_note_i18n)


class Stage(_Out):
    name: str
    gpu: str
    count: int
    description_i18n: Note = Field(description=NOTES)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def description(self) -> str:
        return english(self.description_i18n)


class ParamSummary(_Out):
    total: int
    active: int
    embedding: int


class BatchJob(_Out):
    """A batch of requests run once with the engine kept full: how long it takes."""

    items: int = Field(description="requests in the job")
    prompt_tokens: int
    output_tokens: int
    concurrency: int = Field(
        description="requests kept in flight: as many as the KV cache and max_num_seqs hold, "
        "on every replica"
    )
    aggregate_tokens_per_s: float = Field(description="output tokens a second, all replicas")
    requests_per_s: float
    hours: float = Field(description="the whole job, from the first request to the last answer")
    gpu_hours: float


class SizingReport(_Out):
    fits: bool
    binding_constraint: str
    model: str
    task: str
    precision: str
    kv_precision: str
    engine: str
    context: int
    users: int
    prompt_tokens: int = Field(default=0, description="a typical request's prompt")
    output_tokens: int = Field(default=0, description="tokens generated per request")
    gpu: GpuLayout
    memory: Memory
    performance: Performance
    training: Training | None
    server: Server
    params: ParamSummary
    tier_i18n: Note = Field(description=NOTES)
    stages: list[Stage]
    serving_plan: VllmServePlan | None
    batch_job: BatchJob | None = Field(
        default=None, description="the batch job asked for (batch_items): its length"
    )
    assumptions_i18n: list[Note] = Field(description=NOTES)
    formulas_i18n: list[Note] = Field(description=NOTES)
    warnings_i18n: list[Note] = Field(description=NOTES)

    # The English texts are rendered from the notes when read or serialised, not when the
    # engine sizes: the engine returns notes, the faces render them (and a search that
    # sizes thousands of variants never pays for prose it does not show).
    @computed_field  # type: ignore[prop-decorator]
    @property
    def tier(self) -> str:
        return english(self.tier_i18n)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def assumptions(self) -> list[str]:
        return english_all(self.assumptions_i18n)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def formulas(self) -> list[str]:
        return english_all(self.formulas_i18n)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def warnings(self) -> list[str]:
        return english_all(self.warnings_i18n)


class CompareRow(_Out):
    gpu: str
    name: str
    gpu_class: str
    memory_gb: float
    fits: bool
    count: int
    tensor_parallel: int
    pipeline_parallel: int
    total_vram_gb: float
    power_w: int
    price_usd: float | None
    price_total_usd: float | None
    price_band: str
    price_band_i18n: Note = Field(description=NOTES)
    per_user_tokens_per_s: float
    aggregate_tokens_per_s: float
    max_concurrent_users: int
    training_hours: float | None
    note: str
    servers: int = Field(default=1, description="8-GPU servers the count takes")
    purchase_usd: float | None = Field(
        default=None,
        description="what buying the setup costs: the GPUs, or whole 8-GPU servers' worth "
        "for GPUs sold only in them",
    )


class Comparison(_Out):
    model: str
    task: str
    precision: str
    rows: list[CompareRow]
    assumptions: list[str]
    assumptions_i18n: list[Note] = Field(description=NOTES)
