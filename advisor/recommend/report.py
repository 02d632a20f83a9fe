"""What the recommendation answers: the `advisor recommend --json` object.

Money is USD (`cost`) with the rouble view at the catalog's rate (`cost_rub`). Every
English text field has its catalog note beside it (`*_i18n`), so a face renders the same
content in Russian. `gpu.count` is per replica; `replicas` copies run behind a router.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from advisor.messages import Note
from advisor.sizing.report import BatchJob

NOTES = "the same as catalog notes (code and parameters), for rendering in another language"


class _Out(BaseModel):
    model_config = ConfigDict(extra="forbid")


class Workload(_Out):
    concurrency: int = Field(description="requests in flight at peak, what the GPUs must hold")
    input_tokens: int
    output_tokens: int
    ttft_p95_s: float | None = Field(description="the first-token target at peak")
    tokens_per_s_per_user: float | None = Field(description="the streaming target per user")
    use_case: str
    pilot_users: int = Field(description="the load the `start` option is sized for")
    task: str = Field(description="inference, or the fine-tuning method")
    dataset_tokens: int | None = Field(description="fine-tuning: tokens in one epoch")
    seq_len: int | None = Field(description="fine-tuning: tokens per training sequence")
    deadline_hours: float | None = Field(description="fine-tuning: the run must end within")


class OptionGpu(_Out):
    id: str
    name: str
    count: int = Field(description="GPUs per replica")
    market: str = Field(
        description="new; used (discontinued, bought second-hand); owned (the customer's)"
    )
    gpu_class: str = Field(description="gaming, workstation, datacenter or cpu")
    vendor: str = Field(default="nvidia", description="nvidia or amd (amd: ROCm, not CUDA)")
    fp8_compute: bool = Field(
        default=True,
        description="the GPU has FP8 tensor cores; False: FP8 weights are stored in 8 bits and "
        "computed in 16 (weight-only, as on Ampere)",
    )
    bf16_native: bool = Field(
        default=True,
        description="the GPU computes BF16 (compute capability 8.0+); False: a V100 or T4 runs "
        "16-bit weights as FP16",
    )


class Cost(_Out):
    capex_usd: float = Field(description="hardware to buy (0 for owned GPUs)")
    monthly_usd: float = Field(description="power x PUE, facilities, maintenance")
    tco_3y_usd: float = Field(description="capex + 36 months of running")
    usd_per_million_tokens: float = Field(
        description="inference: 3-year TCO over the tokens it serves; training: the run's cost "
        "over the tokens it trains on"
    )
    api_monthly_usd: float | None = Field(
        description="inference: the same tokens through a hosted API of its tier"
    )
    api_name: str | None
    break_even_months: float | None = Field(
        description=("months until owning beats the API; null when it does not within five years")
    )
    servers: int
    gpus_bought: int = Field(
        description="GPUs the capex pays for: SXM/OAM parts come only as whole 8-GPU servers, "
        "so an option that uses fewer still buys the server"
    )
    power_kw: float = Field(description="at the wall, GPUs and hosts, before PUE")
    power_usd_per_year: float | None = Field(
        default=None,
        description="electricity alone a year: power_kw x PUE around the clock at the "
        "catalog's price or the customer's (power_usd_per_kwh); part of monthly_usd",
    )
    run_usd: float | None = Field(
        description="training: the run's hours at the owned hardware's 3-year cost per hour"
    )
    cloud_run_usd: float | None = Field(
        description="training: the same GPU-hours rented on demand (null: no public rate)"
    )
    cloud_usd_per_gpu_hour: float | None = Field(
        default=None, description="on-demand rent of one such GPU (null: no public rate)"
    )
    cloud_monthly_usd: float | None = Field(
        default=None,
        description="inference: the same GPUs rented on demand around the clock, per month",
    )
    api_named: bool = Field(
        default=False,
        description="api_name is the hosted API the customer named (api_model), not the one "
        "of the option's quality tier",
    )
    api_in_russia: bool = Field(
        default=False,
        description="api_name is a Russian vendor's API priced in roubles (GigaChat, "
        "YandexGPT): no cross-border transfer of personal data under 152-FZ",
    )
    api_personal_data_i18n: Note | None = Field(
        default=None,
        description="a Russian buyer weighed against a foreign API: what 152-FZ asks of "
        "personal data sent to it. " + NOTES,
    )
    api_same_model: bool = Field(
        default=False,
        description="api_name hosts the option's own model (the same weights through a "
        "provider's API), not a hosted API of its quality tier",
    )
    batch_api_usd: float | None = Field(
        default=None,
        description="the goal's batch job (batch_items): its requests through the hosted API "
        "of the same tier, at that API's prices",
    )
    batch_rent_usd: float | None = Field(
        default=None,
        description="the goal's batch job: its GPU-hours at full load rented on demand",
    )
    batch_runs_per_month: float | None = Field(
        default=None,
        description="a batch job that recurs ('every night'): its runs a month (runs a year / "
        "12); null for a job done once",
    )
    batch_api_monthly_usd: float | None = Field(
        default=None, description="a recurring batch: batch_api_usd x batch_runs_per_month"
    )
    batch_rent_monthly_usd: float | None = Field(
        default=None, description="a recurring batch: batch_rent_usd x batch_runs_per_month"
    )
    batch_rent_break_even_months: float | None = Field(
        default=None,
        description="a recurring batch: months until buying (capex, then monthly_usd) costs "
        "less than renting each run (batch_rent_monthly_usd); null when renting costs less "
        "than running one's own, so buying never pays back",
    )
    cloud_break_even_months: float | None = Field(
        default=None,
        description="inference: months until buying beats renting; null when it does not "
        "within five years, or nothing is bought",
    )
    cloud_runs_break_even_per_year: float | None = Field(
        default=None,
        description="training: runs a year above which buying costs less than renting each run "
        "(the 3-year cost a year over one rented run); null without a public rate",
    )
    cloud_runs_per_year_usd: float | None = Field(
        default=None,
        description="training: runs_per_year rented on demand, per year; null when no rate was "
        "asked for",
    )
    runs_per_year: float | None = Field(
        default=None, description="training: the runs a year that comparison assumes"
    )
    card_alternative: str | None = Field(
        default=None,
        description="a version of this GPU sold by the card, where it comes only in whole "
        "8-GPU servers and the option uses fewer (H100 SXM -> H100 PCIe)",
    )
    cloud_hours_per_month: float | None = Field(
        default=None,
        description="inference: the hours a month cloud_monthly_usd pays for (730: around the "
        "clock)",
    )
    bill_saving_usd: float | None = Field(
        default=None,
        description="inference: the API bill the customer pays now less this option's running "
        "cost, per month (negative: it saves nothing); null when no bill was given",
    )
    bill_break_even_months: float | None = Field(
        default=None,
        description="inference: months until this option's capex is paid back by that saving "
        "(0 for GPUs already owned); null when it is not within five years or no bill was given",
    )


class CostRub(_Out):
    capex: float
    monthly: float
    tco_3y: float
    per_million_tokens: float
    api_monthly: float | None
    run: float | None
    cloud_run: float | None
    cloud_monthly: float | None = None
    bill_saving: float | None = None
    power_per_year: float | None = None
    batch_api_monthly: float | None = None
    batch_rent_monthly: float | None = None


class OptionMemory(_Out):
    """Where an inference option's memory goes (GB = 1e9 bytes): what a buyer checks when a
    long prompt, not the model, sets the GPUs."""

    weights_gb: float = Field(description="one copy of the model, over its GPUs per replica")
    kv_gb_per_request: float = Field(
        description="the KV cache of one request at the option's context, over one replica"
    )
    kv_gb_at_peak: float = Field(
        description="kv_gb_per_request x the users each replica holds at peak"
    )
    memory_gb: float = Field(description="the GPUs' memory in one replica")


class Option(_Out):
    label: str = Field(
        description="start, recommended, scale, quality, pro (beside a GeForce lead: the "
        "cheapest setup on professional or data-centre cards), owned, closest, pareto, rent "
        "(a training run within the budget only rented), rent_instead (a training run led "
        "by GPUs with no public rate: the cheapest to rent) or reserve (N+1: the recommended "
        "setup with one more copy of the model, so a failed or serviced copy leaves the peak "
        "served) or fastest (asked for the fastest: the highest tokens/s per user within "
        "the budget) or budget_fit (nothing serving the goal is within the budget: the same "
        "model's fastest setup within it that holds the load, short of the targets)"
    )
    quality_basis: str | None = Field(description="what the quality tier rests on")
    model: str
    model_name: str
    quality_tier: int
    precision: str
    kv_precision: str
    gpu: OptionGpu
    replicas: int
    context: int
    users_per_replica: int
    fits: bool
    meets_targets: bool
    max_concurrent_users: int
    per_user_tokens_per_s: float = Field(description="inference at peak; 0 for training")
    ttft_s: float = Field(description="inference at peak; 0 for training")
    binding_constraint: str = Field(
        description="memory, kv_cache, speed, ttft, deadline (training) or none"
    )
    training_hours: float | None = Field(description="fine-tuning: one run over the dataset")
    training_tokens_per_s: float | None
    cost: Cost
    cost_rub: CostRub
    cost_eur: CostRub | None = Field(
        default=None,
        description="the same in euros at the catalog's rate, when the goal shows euros (a "
        "euro budget)",
    )
    why: str
    why_i18n: Note = Field(description=NOTES)
    size_request: dict[str, Any] = Field(
        description="the `advisor size` fields (POST /v1/size body) that reproduce this option"
    )
    batch_job: BatchJob | None = Field(
        default=None, description="the goal's batch job (batch_items) on this option at full load"
    )
    memory: OptionMemory | None = Field(default=None, description="inference: the split")


class FitChange(_Out):
    """One change that makes a fixed model fit or meet its targets, with its figures."""

    change: str = Field(
        description="kv_fp8, fp8, fp8_kv_fp8, int4, int4_kv_fp8, shorter_context, more_gpus, "
        "fp8_more_gpus, int4_more_gpus, qlora, qlora_shorter, qlora_cpu_offload (sharded, "
        "weights and states in host RAM), smaller_model, gguf (llama.cpp Q4_K_M on one "
        "person's gaming card), gguf_cpu_moe (that, with a mixture's experts of some layers in "
        "system RAM)"
    )
    description: str
    description_i18n: Note = Field(description=NOTES)
    fits: bool
    meets_targets: bool
    request: dict[str, Any] = Field(description="the `advisor size` fields that show it")
    max_concurrent_users: int
    per_user_tokens_per_s: float
    users: int = Field(
        default=0, description="inference: the concurrent requests its speed is at (the goal's)"
    )
    ttft_s: float | None = Field(default=None, description="inference: time to first token")
    training_hours: float | None = Field(default=None, description="fine-tuning: one run")
    batch_hours: float | None = Field(
        default=None, description="a batch job: its hours on this setup, queued as it holds"
    )
    misses_i18n: list[Note] = Field(
        default_factory=list, description="each target it still misses, with both figures"
    )


class Recommendation(_Out):
    goal: dict[str, Any] = Field(description="the goal as read, with every default filled in")
    workload: Workload
    options: list[Option]
    make_it_fit: list[FitChange] = Field(default_factory=list)
    server_room: bool = Field(
        default=False,
        description="priced for a server room: rack servers only and no GeForce (asked for, "
        "or an organisation that large or a load that busy)",
    )
    unmet: list[str]
    unmet_i18n: list[Note] = Field(description=NOTES)
    assumptions: list[str]
    assumptions_i18n: list[Note] = Field(description=NOTES)
    transcription: str | None = Field(
        default=None, description="speech-to-text the goal needs besides (audio_hours_per_day)"
    )
    transcription_i18n: Note | None = Field(default=None, description=NOTES)
    synthesis: str | None = Field(
        default=None, description="speech synthesis the goal needs besides (speech_synthesis)"
    )
    synthesis_i18n: Note | None = Field(default=None, description=NOTES)
    api_switch: str | None = Field(
        default=None,
        description="the API bill paid now at the prices of the hosted API the goal would move "
        "to (api_model beside api_bill_model): switching APIs alone, beside owning",
    )
    api_switch_i18n: Note | None = Field(default=None, description=NOTES)
    in_a_wave: str | None = Field(
        default=None,
        description="fewer GPUs that serve the users when they send together and again only "
        "after reading the answers (no prompt read while the answers stream), where the lead "
        "holds them all in flight at once",
    )
    in_a_wave_i18n: Note | None = Field(default=None, description=NOTES)
    sources: list[str]
    rub_per_usd: float
    eur_per_usd: float | None = Field(
        default=None, description="the euro rate, when the goal shows euros (cost_eur)"
    )
    searched: int = Field(description="model x format x GPU x count combinations sized")

    def goal_fields(self) -> dict[str, Any]:
        """The goal's set fields: the `recommend` arguments a follow-up changes."""
        return {key: value for key, value in self.goal.items() if value is not None}
