"""Size and compare through the engine, with the catalog's ids in what comes back.

Every face calls these rather than the engine itself, so arguments are read one way
(nulls mean "the default"), errors come out as one `InputError` naming the field, and
the request is reported as the engine read it (catalog ids, the weight format used).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from advisor.catalog.loader import Catalog
from advisor.catalog.schema import SERVER_GPUS
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render
from advisor.recommend.costs import (
    HOURS_PER_MONTH,
    MONTHS_3Y,
    card_alternative,
    card_sibling,
    hardware,
    job_api_usd,
    rack_only,
    rental,
)
from advisor.sizing.engine import compare, resolve, size
from advisor.sizing.memory import weights_of_size
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest

Arguments = Mapping[str, Any] | SizingRequest


@dataclass(frozen=True)
class SizingOutcome:
    """A sizing run: the request as the engine read it, and its report."""

    request: SizingRequest
    report: SizingReport


def parse_request(arguments: Arguments) -> SizingRequest:
    """A SizingRequest from tool, REST or form arguments; nulls mean 'use the default'."""
    if isinstance(arguments, SizingRequest):
        return arguments
    try:
        return SizingRequest.model_validate({k: v for k, v in arguments.items() if v is not None})
    except ValidationError as exc:
        raise input_error(exc) from None


def input_error(exc: ValidationError) -> InputError:
    """The first problem of a validation error, as the field to fix and what it accepts."""
    first = exc.errors()[0]
    location = [str(p) for p in first["loc"]]
    path = ".".join(location) or "request"
    if location and not path.strip("."):  # an empty key, e.g. {"": 1}
        path = repr("")
    return InputError(path, f"{path}: {first['msg']}", allowed_values(first))


def allowed_values(error: Any) -> list[str]:
    """The choices pydantic lists for a literal field ("'a', 'b' or 'c'")."""
    expected = (error.get("ctx") or {}).get("expected")
    if not isinstance(expected, str):
        return []
    return [part.strip(" '\"") for part in expected.replace(" or ", ",").split(",") if part.strip()]


def normalized_request(request: SizingRequest, catalog: Catalog) -> SizingRequest:
    """The request with catalog ids for model and GPU and the weight format the engine uses:
    what `advisor ask --json` reports and what a follow-up changes."""
    inputs = resolve(request, catalog)
    names = {"gpu": inputs.gpu.id, "precision": inputs.fmt.id}
    if request.hf_config is None:  # an inline config stays the model: never both
        names["model"] = inputs.model.id
    return request.model_copy(update=names)


def size_deployment(arguments: Arguments, catalog: Catalog) -> SizingOutcome:
    """Run the engine; the report is the `advisor size --json` object."""
    request = parse_request(arguments)
    return SizingOutcome(
        request=normalized_request(request, catalog), report=size(request, catalog)
    )


def compare_gpus(arguments: Arguments, catalog: Catalog) -> Comparison:
    """The same need on every catalog GPU, cheapest feasible first."""
    request = parse_request(arguments)
    normalized_request(request, catalog)  # names a bad model or GPU before the sweep
    return compare(request, catalog)


def sizing_summary(report: SizingReport, language: Language = "en") -> str:
    """One line for a tool step: the GPU count, layout and whether it fits."""
    gpu = report.gpu
    if report.fits:
        verdict = render(M.STEP_FITS, language)
    else:
        verdict = render(M.STEP_NO_FIT, language, binding=report.binding_constraint)
    return render(
        M.STEP_SIZED,
        language,
        count=gpu.count,
        gpu=gpu.name,
        tp=gpu.tensor_parallel,
        pp=gpu.pipeline_parallel,
        per_gpu=report.memory.per_gpu_gb,
        verdict=verdict,
    )


def comparison_summary(comparison: Comparison, language: Language = "en") -> str:
    """One line for a tool step: how many GPUs fit and the cheapest three."""
    feasible = [row.gpu for row in comparison.rows if row.fits]
    return render(
        M.STEP_COMPARED,
        language,
        feasible=len(feasible),
        total=len(comparison.rows),
        first=", ".join(feasible[:3]) or "-",
    )


class SizingCost(BaseModel):
    """What a sizing's GPUs cost: to buy (with the servers around them) and to run."""

    capex_usd: float = Field(description="0 when the GPUs are already owned")
    capex_rub: float
    monthly_usd: float = Field(description="power x PUE around the clock, facilities, upkeep")
    monthly_rub: float
    servers: int
    gpus_bought: int = Field(description="more than used when the GPUs come as whole servers")
    used_market: bool = Field(description="the catalog prices this GPU bought used")
    cloud_usd_per_gpu_hour: float | None = Field(
        default=None, description="on-demand rent of one such GPU (null: no public rate)"
    )
    cloud_monthly_usd: float | None = Field(
        default=None,
        description="the same GPUs rented on demand cloud_hours_per_month hours a month",
    )
    cloud_hours_per_month: float = Field(
        default=HOURS_PER_MONTH,
        description="the hours a month rented: around the clock unless said",
    )
    cloud_monthly_rub: float | None = None
    card_alternative: str | None = Field(
        default=None, description="the same chip sold by the card (whole servers otherwise)"
    )
    card_alternative_capex_usd: float | None = Field(
        default=None,
        description="the sized count of that card with the servers around them (its own "
        "memory bandwidth, so not the sized speed)",
    )
    card_alternative_capex_rub: float | None = None
    cloud_break_even_months: float | None = Field(
        default=None, description="months until buying beats renting (null: not within 5 years)"
    )
    batch_power_usd: float | None = Field(
        default=None,
        description="the batch job's electricity: these GPUs and their servers at the wall "
        "(x PUE) for the job's hours (null: no batch job)",
    )
    batch_power_rub: float | None = None
    batch_rent_usd: float | None = Field(
        default=None, description="the batch job's GPU-hours rented on demand (null: no rate)"
    )
    batch_rent_rub: float | None = None
    batch_api: str | None = Field(
        default=None,
        description="the same model through a provider's API where the catalog prices one, "
        "else the hosted API of the model's quality tier",
    )
    batch_api_usd: float | None = Field(
        default=None, description="the batch job's requests through that API at its prices"
    )
    batch_api_rub: float | None = None
    run_hours: float | None = Field(
        default=None, description="training: the run's hours as shown (3 decimals under 10 h)"
    )
    run_rent_usd: float | None = Field(
        default=None, description="training: the run's GPU-hours rented on demand (null: no rate)"
    )
    run_billed_hours: int | None = Field(
        default=None, description="training: the run rounded up to whole hours, as billed"
    )
    run_billed_usd: float | None = Field(
        default=None, description="training: the run rented for its whole billed hours"
    )
    owned_of: int = Field(
        default=0,
        description="of these GPUs, those the customer owns already; the rest are bought "
        "(capex_usd is then a new server with all of them)",
    )
    added_cards_usd: float | None = Field(
        default=None,
        description="the GPUs beyond those owned, as cards alone, to fit in the owner's "
        "server (null: none owned, or the GPU is sold only in whole servers)",
    )
    added_cards_rub: float | None = None
    batch_jobs_to_pay_back: int | None = Field(
        default=None,
        description="such jobs before buying these GPUs beats the cheaper of the API and "
        "renting them, each job saving that less its electricity (null: no batch job, or "
        "buying is the cheaper for one job)",
    )


class SizeOnly(BaseModel):
    """A model size no catalog model has ("10 trillion parameters"): its weights alone in the
    usual formats, against the GPUs said, and the largest model the catalog knows."""

    params_b: float
    weights_gb: dict[str, float] = Field(description="format id -> GB of weights alone")
    gpu: str | None = Field(default=None, description="the GPU said, by name")
    gpus: int = 1
    memory_gb: float | None = Field(default=None, description="the GPUs said, all together")
    fits: bool | None = Field(
        default=None, description="whether the lightest weights fit the GPUs said (null: none)"
    )
    gpus_of_80gb: int = Field(description="80 GB GPUs the lightest weights alone fill")
    largest_model: str
    largest_params_b: float
    formulas: list[str]


# The formats a size alone is weighed in: as published, in 8 bits, in 4 bits.
SIZE_ONLY_FORMATS = ("bf16", "fp8", "int4")


def size_only(params_b: float, catalog: Catalog, gpu: str | None = None, gpus: int = 1) -> SizeOnly:
    """The weights of a parameter count in each of SIZE_ONLY_FORMATS (the bits its transformer
    layers take in the catalog's format), against the memory of `gpus` x `gpu`."""
    weights: dict[str, float] = {}
    formulas: list[str] = []
    for fmt in SIZE_ONLY_FORMATS:
        bits = catalog.formats[fmt].bits.get("mlp", 16.0)
        weights[fmt] = round(weights_of_size(params_b, bits), 1)
        formulas.append(f"{fmt}: {params_b:g}e9 params x {bits:g} bits / 8 = {weights[fmt]:g} GB")
    device = catalog.gpus.get(gpu or "")
    memory = device.memory_gb * gpus if device is not None else None
    largest = max(catalog.models.values(), key=lambda m: m.reported_params_b or 0.0)
    return SizeOnly(
        params_b=params_b,
        weights_gb=weights,
        gpu=device.name if device is not None else None,
        gpus=gpus,
        memory_gb=memory,
        fits=None if memory is None else min(weights.values()) <= memory,
        gpus_of_80gb=math.ceil(min(weights.values()) / 80),
        largest_model=largest.name,
        largest_params_b=largest.reported_params_b or 0.0,
        formulas=formulas,
    )


def sizing_cost(
    report: SizingReport,
    catalog: Catalog,
    *,
    owned: bool,
    owned_of: int = 0,
    rent_hours_per_month: float = HOURS_PER_MONTH,
    server_room: bool = False,
) -> SizingCost | None:
    """The cost of a sizing's layout at the catalog's prices, rented the hours a month said
    (around the clock by default), in rack servers for a server room; None without a price.
    `owned_of`: that many of the GPUs are the customer's already, the rest bought as cards."""
    prices = rack_only(catalog.prices) if server_room else catalog.prices
    gpu = catalog.gpus.get(report.gpu.id)
    if gpu is None or report.gpu.id not in prices.gpus:
        return None
    layout = report.gpu
    group = layout.tensor_parallel * layout.pipeline_parallel
    box = hardware(gpu, layout.count, prices, owned=owned, group=group)
    rate = prices.rub_per_usd.value
    sibling = (
        card_sibling(gpu, catalog.gpus.values(), prices) if box.gpus_bought > layout.count else None
    )
    rent = rental(
        gpu,
        layout.count,
        prices,
        box=box,
        owned=owned,
        card=sibling,
        group=group,
        hours=rent_hours_per_month,
    )
    sibling_capex = (
        hardware(sibling, layout.count, prices, owned=False, group=1).capex_usd
        if sibling is not None
        else None
    )
    job = _batch_cost(report, box.power_kw, rent.usd_per_gpu_hour if rent else None, catalog)
    instead = [v for v in (job.get("batch_api_usd"), job.get("batch_rent_usd")) if v]
    # what buying for the job costs: the card version when whole servers would buy more
    buy = sibling_capex if box.gpus_bought > layout.count and sibling_capex else box.capex_usd
    if instead and not owned:  # a one-off job: what buying for it pays back against
        saved = min(instead) - job["batch_power_usd"]
        if buy > min(instead) and saved > 0:
            job["batch_jobs_to_pay_back"] = math.ceil(buy / saved)
    run: dict[str, Any] = {}
    if report.training is not None and rent is not None and not owned:
        # "and if we rent 8x H100 instead, how much?": the run's GPU-hours, not a server
        hours = report.training.hours
        shown = round(hours, 3 if hours < 10 else 1)  # the line multiplies out
        billed = max(1, math.ceil(hours))  # providers bill whole hours, or a minimum
        per_hour = rent.usd_per_gpu_hour * layout.count
        run = {
            "run_hours": shown,
            "run_rent_usd": round(shown * per_hour, 2),
            "run_billed_hours": billed,
            "run_billed_usd": round(billed * per_hour, 2),
        }
    added: dict[str, Any] = {}
    if not owned and 0 < owned_of < layout.count:  # "add a second L40S" to the one owned
        price = prices.gpus[gpu.id]
        cards = (layout.count - owned_of) * price.usd if price.kind == "card" else None
        added = {
            "owned_of": owned_of,
            "added_cards_usd": round(cards) if cards is not None else None,
            "added_cards_rub": round(cards * rate) if cards is not None else None,
        }
    return SizingCost(
        **job,
        **run,
        **added,
        capex_usd=round(box.capex_usd),
        capex_rub=round(box.capex_usd * rate),
        monthly_usd=round(box.monthly_usd),
        monthly_rub=round(box.monthly_usd * rate),
        servers=box.servers,
        gpus_bought=box.gpus_bought,
        used_market=prices.gpus[gpu.id].market == "used",
        cloud_usd_per_gpu_hour=rent.usd_per_gpu_hour if rent else None,
        cloud_monthly_usd=round(rent.monthly_usd) if rent else None,
        cloud_monthly_rub=round(rent.monthly_usd * rate) if rent else None,
        cloud_hours_per_month=rent_hours_per_month,
        cloud_break_even_months=(
            round(rent.break_even_months, 1) if rent and rent.break_even_months else None
        ),
        card_alternative=card_alternative(
            gpu, layout.count, box.gpus_bought, catalog.gpus.values(), prices
        ),
        card_alternative_capex_usd=round(sibling_capex) if sibling_capex is not None else None,
        card_alternative_capex_rub=(
            round(sibling_capex * rate) if sibling_capex is not None else None
        ),
    )


def _batch_cost(
    report: SizingReport, power_kw: float, rate: float | None, catalog: Catalog
) -> dict[str, Any]:
    """The batch job's cost three ways: the electricity on these GPUs, their GPU-hours
    rented, and the same requests through the same model hosted where priced, else the
    hosted API of the model's quality tier."""
    job = report.batch_job
    if job is None:
        return {}
    prices = catalog.prices
    per_rub = prices.rub_per_usd.value
    running = prices.running
    power = power_kw * running.pue * job.hours * running.power_usd_per_kwh
    fields: dict[str, Any] = {
        "batch_power_usd": round(power, 2),
        "batch_power_rub": round(power * per_rub),
    }
    if rate is not None:
        fields["batch_rent_usd"] = round(job.gpu_hours * rate, 2)
        fields["batch_rent_rub"] = round(job.gpu_hours * rate * per_rub)
    suit = catalog.suitability.get(report.model)
    if suit is not None:
        api = prices.api_for_model(report.model) or prices.api_for_tier(suit.quality_tier)
        usd = job_api_usd(job, api)
        fields.update(
            batch_api=api.name, batch_api_usd=round(usd, 2), batch_api_rub=round(usd * per_rub)
        )
    return fields


BUSY_USERS_CAP = 512  # a busy server's batch: beyond it, decode steps grow and gain little


class BusyCost(BaseModel):
    """What a GPU costs per token when it is kept busy: a server of 8 (more where the model
    needs them), at the most requests their memory holds (up to BUSY_USERS_CAP), around the
    clock; the purchase spread over three years plus running. The same basis for every GPU,
    so the figures compare GPUs, not the sizes of their smallest setups."""

    gpu: str
    count: int
    users: int
    aggregate_tokens_per_s: float
    capex_usd: float
    monthly_usd: float
    usd_per_million_tokens: float


def busy_cost(arguments: Arguments, catalog: Catalog) -> BusyCost | None:
    """The GPU the arguments size, kept busy (see BusyCost): of the tensor-parallel layouts
    the server allows, the one that serves the most tokens a second when full. None when the
    model does not fit or the GPU has no price. InputError names a bad field."""
    fields = dict(arguments) if isinstance(arguments, Mapping) else arguments.model_dump()
    first = size_deployment(fields, catalog).report
    price = catalog.prices.gpus.get(first.gpu.id)
    if not first.fits or price is None:
        return None
    count = price.gpus_bought(max(first.gpu.count, SERVER_GPUS))
    best: SizingReport | None = None
    for tp in (tp for tp in (1, 2, 4, 8, 16) if count % tp == 0):
        busy = _full(fields, count, tp, catalog)
        if busy is not None and (
            best is None
            or busy.performance.aggregate_tokens_per_s > best.performance.aggregate_tokens_per_s
        ):
            best = busy
    cost = sizing_cost(best, catalog, owned=False) if best is not None else None
    if best is None or cost is None:
        return None
    monthly = cost.capex_usd / MONTHS_3Y + cost.monthly_usd  # the purchase over three years
    tokens = best.performance.aggregate_tokens_per_s * 3600 * HOURS_PER_MONTH / 1e6
    return BusyCost(
        gpu=best.gpu.id,
        count=best.gpu.count,
        users=best.users,
        aggregate_tokens_per_s=best.performance.aggregate_tokens_per_s,
        capex_usd=cost.capex_usd,
        monthly_usd=cost.monthly_usd,
        usd_per_million_tokens=round(monthly / tokens, 3),
    )


def _full(fields: dict[str, Any], count: int, tp: int, catalog: Catalog) -> SizingReport | None:
    """`count` GPUs at tensor parallel `tp`, with as many users as their memory holds (up to
    BUSY_USERS_CAP); None when that layout is not possible or does not hold the model."""
    layout = {**fields, "gpus": count, "tensor_parallel_size": tp}
    try:
        held = size_deployment({**layout, "users": 1}, catalog).report
        if not held.fits or held.gpu.tensor_parallel != tp:
            return None
        users = max(1, min(held.performance.max_concurrent_users, BUSY_USERS_CAP))
        busy = size_deployment({**layout, "users": users}, catalog).report
        if not busy.fits:  # a full batch's activations take a little of the KV cache it counted
            users = max(1, min(busy.performance.max_concurrent_users, users - 1))
            busy = size_deployment({**layout, "users": users}, catalog).report
    except InputError:
        return None
    if not busy.fits or busy.performance.aggregate_tokens_per_s <= 0:
        return None
    return busy
