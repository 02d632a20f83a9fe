"""What a named set of GPUs costs, before any model or load: "how much is a server with
8x H100?". Buying (with the servers around them), running, renting, and the strongest
catalog models that run on them, from the price catalog and the recommendation search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.catalog.loader import Catalog, CatalogLookupError
from advisor.catalog.schema import Gpu
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render
from advisor.recommend.costs import (
    HOURS_PER_MONTH,
    MONTHS_3Y,
    Hardware,
    card_sibling,
    chassis_for,
    hardware,
    rental,
    rental_purchase,
)
from advisor.services.recommendation import lead_option, recommend_deployment
from advisor.services.sizing import input_error

RUNS_LISTED = 2  # models said to run on the hardware: the strongest and the usual start
QUALITY = "quality"  # the label of the strongest model they serve


class HardwarePriceArgs(BaseModel):
    """The GPUs to price: a catalog GPU and how many of them."""

    model_config = ConfigDict(extra="forbid")

    gpu: str = Field(min_length=1, max_length=60, description="catalog GPU id, e.g. h100-sxm")
    count: int = Field(default=1, ge=1, le=1024, description="how many GPUs")
    hours_per_month: float | None = Field(
        default=None,
        gt=0,
        le=HOURS_PER_MONTH,
        description="hours a month the GPUs would be used ('40% of the time': 292): renting "
        "them only then is weighed against buying",
    )
    months: int | None = Field(
        default=None, ge=1, le=120, description="how long they are needed ('over 2 years': 24)"
    )


class RentOrBuy(BaseModel):
    """Renting the GPUs for the hours they are used against buying and running them, over the
    months they are needed (no resale value counted: a conservative side for buying)."""

    hours_per_month: float
    months: int
    months_said: bool = Field(description="false: no horizon said, the 3 years costs use")
    rent_usd: float = Field(description="the rate x GPUs x hours a month x months")
    rent_rub: float
    own_usd: float = Field(
        description="buying them (their card version where a whole server would be more) and "
        "running them around the clock for the months"
    )
    own_rub: float
    bought: str = Field(
        description="the GPUs bought: the card version where whole servers would buy more"
    )
    break_even_hours_per_month: float | None = Field(
        description="hours a month above which buying costs less (null: renting stays cheaper "
        "even around the clock)"
    )
    cheaper: Literal["rent", "buy"]


class RunsOn(BaseModel):
    """A model the recommendation search serves on these GPUs (a pilot's load)."""

    label: str = Field(description="recommended: the usual start; quality: the strongest")
    model: str
    model_name: str
    precision: str
    gpus: int = Field(description="GPUs of the set one copy of the model uses")


class HardwarePrice(BaseModel):
    """What the GPUs cost to buy, run and rent, each figure from the price catalog."""

    gpu: str
    gpu_name: str
    count: int
    memory_gb: float = Field(description="GPU memory of the whole set")
    usd_per_gpu: float = Field(description="the catalog's price of one GPU")
    price_kind: Literal["card", "server_share"] = Field(
        description="card: sold alone; server_share: one eighth of a complete 8-GPU server"
    )
    price_source: str
    prices_as_of: str
    rub_per_usd: float
    used_market: bool = Field(description="priced used or refurbished: for a pilot")
    servers: int
    gpus_bought: int = Field(description="more than asked when the GPUs come as whole servers")
    chassis: str | None = Field(description="the chassis around card GPUs; null: HGX server")
    chassis_usd: float = Field(description="all chassis together (0 for a complete server)")
    capex_usd: float
    capex_rub: float
    monthly_usd: float = Field(description="power x PUE around the clock, facilities, upkeep")
    monthly_rub: float
    power_kw: float = Field(description="the GPUs at full power and their servers' base load")
    three_years_usd: float = Field(description="capex and 36 months of running")
    three_years_rub: float
    cloud_usd_per_gpu_hour: float | None = None
    cloud_monthly_usd: float | None = Field(
        default=None, description="the same GPUs rented on demand around the clock"
    )
    cloud_monthly_rub: float | None = None
    cloud_break_even_months: float | None = Field(
        default=None, description="months until buying beats renting (null: not within 5 years)"
    )
    card_alternative: str | None = Field(
        default=None, description="the same chip sold by the card, for fewer than a server"
    )
    card_alternative_usd_per_gpu: float | None = None
    card_alternative_capex_usd: float | None = Field(
        default=None, description="the asked count of that card with the servers around them"
    )
    card_alternative_capex_rub: float | None = None
    pue: float = Field(description="the running cost's power usage effectiveness")
    power_usd_per_kwh: float
    upkeep_pct_per_year: float = Field(description="maintenance, a share of the price a year")
    runs: list[RunsOn] = Field(default_factory=list)
    rent_or_buy: RentOrBuy | None = Field(
        default=None, description="renting for the hours said against buying, when said"
    )


def parse_hardware(arguments: Mapping[str, Any] | HardwarePriceArgs) -> HardwarePriceArgs:
    """The arguments from a tool or REST call; nulls mean 'the default'."""
    if isinstance(arguments, HardwarePriceArgs):
        return arguments
    try:
        return HardwarePriceArgs.model_validate(
            {k: v for k, v in arguments.items() if v is not None}
        )
    except ValidationError as exc:
        raise input_error(exc) from None


def price_hardware(
    arguments: Mapping[str, Any] | HardwarePriceArgs, catalog: Catalog
) -> HardwarePrice:
    """The price of `count` GPUs; InputError for a GPU the catalog lacks or does not price."""
    args = parse_hardware(arguments)
    try:
        gpu = catalog.gpu(args.gpu)
    except CatalogLookupError as exc:
        raise InputError("gpu", str(exc), exc.suggestions or exc.allowed) from None
    prices = catalog.prices
    price = prices.gpus.get(gpu.id)
    if price is None:
        priced = sorted(prices.gpus)
        raise InputError("gpu", f"gpu: the price catalog has no price for {gpu.id}", priced)
    count = args.count
    box = hardware(gpu, count, prices, owned=False)
    _, chassis = chassis_for(gpu, count, prices)
    rate = prices.rub_per_usd.value
    sibling = card_sibling(gpu, catalog.gpus.values(), prices) if box.gpus_bought > count else None
    rent = rental(gpu, count, prices, box=box, owned=False, card=sibling)
    three_years = box.capex_usd + MONTHS_3Y * box.monthly_usd
    sibling_capex = (
        hardware(sibling, count, prices, owned=False).capex_usd if sibling is not None else None
    )
    return HardwarePrice(
        gpu=gpu.id,
        gpu_name=gpu.name,
        count=count,
        memory_gb=gpu.memory_gb * count,
        usd_per_gpu=price.usd,
        price_kind=price.kind,
        price_source=price.source,
        prices_as_of=prices.as_of,
        rub_per_usd=rate,
        used_market=price.market == "used",
        servers=box.servers,
        gpus_bought=box.gpus_bought,
        chassis=chassis.id if chassis is not None else None,
        chassis_usd=box.servers * chassis.usd if chassis is not None else 0.0,
        capex_usd=round(box.capex_usd),
        capex_rub=round(box.capex_usd * rate),
        monthly_usd=round(box.monthly_usd),
        monthly_rub=round(box.monthly_usd * rate),
        power_kw=round(box.power_kw, 2),
        three_years_usd=round(three_years),
        three_years_rub=round(three_years * rate),
        cloud_usd_per_gpu_hour=rent.usd_per_gpu_hour if rent else None,
        cloud_monthly_usd=round(rent.monthly_usd) if rent else None,
        cloud_monthly_rub=round(rent.monthly_usd * rate) if rent else None,
        cloud_break_even_months=(
            round(rent.break_even_months, 1) if rent and rent.break_even_months else None
        ),
        card_alternative=sibling.name if sibling is not None else None,
        card_alternative_usd_per_gpu=prices.gpus[sibling.id].usd if sibling is not None else None,
        card_alternative_capex_usd=round(sibling_capex) if sibling_capex is not None else None,
        card_alternative_capex_rub=(
            round(sibling_capex * rate) if sibling_capex is not None else None
        ),
        pue=prices.running.pue,
        power_usd_per_kwh=prices.running.power_usd_per_kwh,
        upkeep_pct_per_year=prices.running.maintenance_pct_per_year,
        runs=_runs_on(gpu.id, count, catalog),
        rent_or_buy=_rent_or_buy(
            args, rent.usd_per_gpu_hour if rent else None, box, sibling, catalog
        ),
    )


def _rent_or_buy(
    args: HardwarePriceArgs,
    rate: float | None,
    box: Hardware,
    card: Gpu | None,
    catalog: Catalog,
) -> RentOrBuy | None:
    """ "8x H100 for 2 years at 40% of the time: rent or buy?": the rent for those hours over
    those months against buying (rental_purchase) and running them for as long."""
    if rate is None or (args.hours_per_month is None and args.months is None):
        return None
    prices = catalog.prices
    hours = args.hours_per_month or HOURS_PER_MONTH
    months = args.months or MONTHS_3Y
    bought = rental_purchase(box, args.count, prices, card=card)
    gpu = card if card is not None and bought is not box else catalog.gpus[args.gpu]
    rent = rate * args.count * hours * months
    own = bought.capex_usd + months * bought.monthly_usd
    break_even = own / (rate * args.count * months)
    usd_rub = prices.rub_per_usd.value
    return RentOrBuy(
        hours_per_month=round(hours, 1),
        months=months,
        months_said=args.months is not None,
        rent_usd=round(rent),
        rent_rub=round(rent * usd_rub),
        own_usd=round(own),
        own_rub=round(own * usd_rub),
        bought=f"{args.count} x {gpu.name}",
        break_even_hours_per_month=round(break_even) if break_even <= HOURS_PER_MONTH else None,
        cheaper="rent" if rent < own else "buy",
    )


def _runs_on(gpu: str, count: int, catalog: Catalog) -> list[RunsOn]:
    """The strongest model the search serves on these GPUs and its usual start (a pilot's
    load, the default use case): what the money buys, in models."""
    if catalog.gpus[gpu].gpu_class == "cpu":
        return []
    result = recommend_deployment({"gpu": gpu, "gpus": count, "strongest": True}, catalog)
    strongest = lead_option(result, ["largest_model"])
    chosen = [(QUALITY, strongest)] if strongest is not None else []
    chosen += [(o.label, o) for o in result.options if o.label == "recommended"]
    runs: list[RunsOn] = []
    for label, option in chosen:
        if option.model in {r.model for r in runs}:
            continue
        runs.append(
            RunsOn(
                label=label,
                model=option.model,
                model_name=option.model_name,
                precision=option.precision,
                gpus=option.gpu.count,
            )
        )
    return runs[:RUNS_LISTED]


def hardware_summary(result: HardwarePrice, language: Language = "en") -> str:
    """One line for a tool step: the GPUs and what they cost."""
    return render(
        M.STEP_HARDWARE_PRICE,
        language,
        count=result.count,
        gpu=result.gpu_name,
        capex=result.capex_usd,
        monthly=result.monthly_usd,
    )
