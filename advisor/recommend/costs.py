"""What an option costs: to buy, to run, over three years, per token, and against an API.

Capex is the GPUs at their catalog price plus the chassis around them. An SXM/OAM GPU's
price is its share of a complete 8-GPU server, chassis included, and those parts are sold
only as whole servers: an option that uses fewer still buys the server. Running costs follow
ConfigIQ's model: power at the wall x PUE around the clock, facilities per server, and
maintenance as a share of capex. Tokens per month come from the peak load through
Little's law (requests in flight / seconds each) at half the peak on average over the
busy hours, the shape of llm-d Planner's chat traffic (peak = 2x the mean).
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from advisor.catalog.schema import ApiPrice, Chassis, Gpu, Prices
from advisor.sizing.inputs import GPUS_PER_NODE
from advisor.sizing.report import BatchJob

HOURS_PER_MONTH = 730  # 24 x 365 / 12: the hardware runs around the clock
MONTHS_3Y = 36
PEAK_TO_MEAN = 2.0  # llm-d Planner usecase_slo_workload.json: chat peak multiplier 2.0
PAYBACK_HORIZON_MONTHS = 60  # a server is written off in five years: later is never


@dataclass(frozen=True)
class Spend:
    capex_usd: float
    monthly_usd: float
    tco_3y_usd: float
    usd_per_million_tokens: float
    api: ApiPrice | None  # inference: the hosted API named, or the one of the same tier
    api_monthly_usd: float | None
    break_even_months: float | None
    servers: int
    gpus_bought: int  # more than the option uses when its GPUs come only as whole servers
    power_kw: float
    tokens_per_month: float
    run_usd: float | None  # training: the run's share of the 3-year cost
    cloud_run_usd: float | None  # training: the same GPU-hours rented
    cloud_usd_per_gpu_hour: float | None = None  # the on-demand rate, where one is published
    cloud_monthly_usd: float | None = None  # inference: the same GPUs rented around the clock
    cloud_break_even_months: float | None = None  # inference: buying against renting
    power_usd_per_month: float = 0.0  # electricity alone: full load x PUE, around the clock


@dataclass(frozen=True)
class Serving:
    """Inference: the tokens a month it serves, priced at a hosted API of its tier."""

    monthly_tokens: float
    input_share: float
    quality_tier: int
    hosted: ApiPrice | None = None  # the same model through a provider's API, where priced
    tier_api: ApiPrice | None = None  # else the API of its tier the buyer can buy


@dataclass(frozen=True)
class TrainingRun:
    """Fine-tuning: one run of `hours` over `tokens` (dataset x epochs)."""

    hours: float
    tokens: float


def chassis_for(gpu: Gpu, count: int, prices: Prices, group: int = 1) -> tuple[int, Chassis | None]:
    """How many servers hold `count` GPUs and the chassis each is (None: a complete
    HGX/OAM server, priced in the GPUs' server share): the set of one kind, each box holding
    a whole model copy of `group` GPUs (replicas may sit in separate boxes, a tensor- or
    pipeline-parallel group may not), that costs least over three years: a box's price plus
    its facilities and its own power (fewer boxes on a tie)."""
    price = prices.gpus[gpu.id]
    if price.kind == "server_share":
        return math.ceil(count / GPUS_PER_NODE), None
    fitting = [
        c
        for c in prices.chassis
        if gpu.gpu_class in c.gpu_classes
        and (c.max_gpu_tdp_w is None or gpu.tdp_w <= c.max_gpu_tdp_w)
    ]
    holding = [c for c in fitting if c.max_gpus >= min(group, count)]
    if not holding:
        biggest = max(fitting, key=lambda c: c.max_gpus)
        return math.ceil(count / biggest.max_gpus), biggest
    running = prices.running
    box_power = (
        running.base_server_w / 1000 * running.pue * HOURS_PER_MONTH * running.power_usd_per_kwh
    )

    def three_years(c: Chassis) -> tuple[float, int]:
        boxes = math.ceil(count / c.max_gpus)
        return boxes * (c.usd + MONTHS_3Y * (facilities(c, prices) + box_power)), boxes

    chassis = min(holding, key=three_years)
    return math.ceil(count / chassis.max_gpus), chassis


def facilities(chassis: Chassis | None, prices: Prices) -> float:
    """Space, network and cooling a box costs a month beyond its power: a data-centre
    server's share, or what its chassis says (a tower in the office: nothing)."""
    own = chassis.facilities_usd_per_month if chassis is not None else None
    return prices.running.facilities_usd_per_server_month if own is None else own


def card_sibling(gpu: Gpu, gpus: Iterable[Gpu], prices: Prices) -> Gpu | None:
    """For a GPU sold only inside whole 8-GPU servers, the version of the same chip sold by
    the card (H100 SXM -> H100 PCIe / NVL, A100 SXM -> A100 PCIe): the way to buy one or two.
    The same memory first; None when the catalog prices no such card."""
    if prices.gpus[gpu.id].kind != "server_share":
        return None
    chip = gpu.name.split()[1] if len(gpu.name.split()) > 1 else gpu.name
    cards = [
        g
        for g in gpus
        if g.id != gpu.id
        and g.id in prices.gpus
        and prices.gpus[g.id].kind == "card"
        and chip in g.name.split()
    ]
    if not cards:
        return None
    return min(cards, key=lambda g: (g.memory_gb != gpu.memory_gb, prices.gpus[g.id].usd))


def card_alternative(
    gpu: Gpu, used: int, bought: int, gpus: Iterable[Gpu], prices: Prices
) -> str | None:
    """The name of the card version to ask for when whole servers buy more GPUs than a setup
    uses (owned GPUs buy none: `bought` is then `used`); None otherwise."""
    sibling = card_sibling(gpu, gpus, prices) if bought > used else None
    return sibling.name if sibling is not None else None


def tokens_per_month(
    concurrency: int,
    request_seconds: float,
    tokens_per_request: int,
    busy_hours: float,
    peak_to_mean: float = PEAK_TO_MEAN,
) -> float:
    """Tokens served in a month: peak requests/s (Little's law) at the mean load, busy hours
    (work that runs day and night at an even rate: its hours, and no peak)."""
    peak_rps = concurrency / request_seconds
    return peak_rps / peak_to_mean * busy_hours * 3600 * tokens_per_request


def job_api_usd(job: BatchJob, api: ApiPrice) -> float:
    """A batch job's requests through a hosted API at its prices (each request's prompt and
    output tokens, every item once)."""
    per_request = job.prompt_tokens * api.input_usd_per_m + job.output_tokens * api.output_usd_per_m
    return job.items * per_request / 1e6


@dataclass(frozen=True)
class Hardware:
    """What GPUs cost to buy and to keep running, before any use is priced."""

    capex_usd: float  # 0 when owned
    value_usd: float  # what the hardware is worth (maintenance is a share of it)
    monthly_usd: float  # power x PUE around the clock, facilities, maintenance
    servers: int
    gpus_bought: int
    power_kw: float
    power_usd_per_month: float  # electricity alone, part of monthly_usd


def rack_only(prices: Prices) -> Prices:
    """The prices a server room buys at: rack servers only, a tower is an office machine (a
    CPU machine named is priced whole, its box in its price)."""
    racks = tuple(c for c in prices.chassis if c.rack_units is not None or "cpu" in c.gpu_classes)
    return prices.model_copy(update={"chassis": racks})


def tower_only(prices: Prices) -> Prices:
    """The prices of one office machine: tower chassis only (a rack server has no place
    under a desk)."""
    towers = tuple(c for c in prices.chassis if c.rack_units is None)
    return prices.model_copy(update={"chassis": towers})


def hardware(gpu: Gpu, count: int, prices: Prices, *, owned: bool, group: int = 1) -> Hardware:
    """Capex and monthly running cost of `count` GPUs in `group`-GPU model copies."""
    running = prices.running
    servers, chassis = chassis_for(gpu, count, prices, group)
    price = prices.gpus[gpu.id]
    bought = count if owned else price.gpus_bought(count, servers)
    value = bought * price.usd + (servers * chassis.usd if chassis is not None else 0.0)
    base_w = running.base_server_w if chassis is not None else prices.hgx_server.base_w
    if gpu.system_base_w is not None:  # a desktop PC's board and disks, not a server's
        base_w = gpu.system_base_w
    if chassis is None and owned and count < GPUS_PER_NODE:
        # two owned A100 SXM: the board's switches, NICs and fans per GPU, not a full
        # eight-GPU server's 4.6 kW (the owner's server holds the GPUs they have)
        base_w *= count / GPUS_PER_NODE
    power_kw = (count * gpu.tdp_w + servers * base_w) / 1000
    energy = power_kw * running.pue * HOURS_PER_MONTH * running.power_usd_per_kwh
    space = servers * facilities(chassis, prices)
    maintenance = value * running.maintenance_pct_per_year / 100 / 12
    return Hardware(
        capex_usd=0.0 if owned else value,
        value_usd=value,
        monthly_usd=energy + space + maintenance,
        servers=servers,
        gpus_bought=bought,
        power_kw=power_kw,
        power_usd_per_month=energy,
    )


@dataclass(frozen=True)
class Rental:
    """The same GPUs rented on demand for a service, against buying them."""

    usd_per_gpu_hour: float
    monthly_usd: float  # around the clock
    break_even_months: float | None  # until buying beats renting; None: not within 5 years


def rental_purchase(
    box: Hardware, count: int, prices: Prices, *, card: Gpu | None, group: int = 1
) -> Hardware:
    """What renting `count` GPUs is weighed against: buying them; for a GPU sold only in
    whole 8-GPU servers used one or two at a time, buying its card version (`card`) instead,
    which is how one buys one or two (renting 2 H100 against a $285,000 server 'stays
    cheaper for five years'; against 2 H100 PCIe it pays back within about two)."""
    if card is None or box.gpus_bought <= count or box.capex_usd == 0:
        return box
    return hardware(card, count, prices, owned=False, group=group)


def rental(
    gpu: Gpu,
    count: int,
    prices: Prices,
    *,
    box: Hardware,
    owned: bool,
    card: Gpu | None = None,
    group: int = 1,
    hours: float = HOURS_PER_MONTH,
) -> Rental | None:
    """Renting `count` such GPUs `hours` a month: around the clock unless the customer said
    fewer (an on-demand GPU released overnight is not guaranteed back in the morning, which
    the answer says), weighed against buying `box` or its card version (rental_purchase);
    None where the catalog has no public rate."""
    rate = prices.cloud_usd_per_gpu_hour.get(gpu.id)
    if rate is None:
        return None
    bought = rental_purchase(box, count, prices, card=card, group=group)
    rent = rate.usd * count * hours
    break_even = None
    if not owned and rent > bought.monthly_usd:
        break_even = bought.capex_usd / (rent - bought.monthly_usd)
        if break_even > PAYBACK_HORIZON_MONTHS:
            break_even = None
    return Rental(usd_per_gpu_hour=rate.usd, monthly_usd=rent, break_even_months=break_even)


@dataclass(frozen=True)
class AgainstBill:
    """Owning against the API bill a customer pays now, for the same traffic."""

    saving_usd_per_month: float  # the bill less the hardware's running cost (negative: none)
    break_even_months: float | None  # capex over the saving; None: not within five years


def against_bill(capex: float, monthly: float, bill: float, *, owned: bool) -> AgainstBill:
    """What the hardware saves a month against `bill`, and when its capex pays back; owned
    GPUs pay back at once (0 months) whenever they save at all."""
    saving = bill - monthly
    months: float | None = None
    if saving > 0:
        months = 0.0 if owned else capex / saving
        if months > PAYBACK_HORIZON_MONTHS:
            months = None
    return AgainstBill(saving_usd_per_month=saving, break_even_months=months)


def spend(
    gpu: Gpu,
    count: int,
    prices: Prices,
    *,
    owned: bool,
    use: Serving | TrainingRun,
    group: int = 1,
    rent_hours: float = HOURS_PER_MONTH,
    card: Gpu | None = None,
    api: ApiPrice | None = None,
) -> Spend:
    """Capex, running costs and 3-year TCO; for inference the cost per million tokens and the
    hosted-API bill, for training the run's cost owned and rented. `card`: the card version of
    a GPU sold only in whole servers; renting one or two is weighed against buying those
    cards, not a server of eight (rental_purchase). `api`: the hosted API the customer named
    to weigh against (None: the same model hosted where priced, else the API of its quality
    tier)."""
    box = hardware(gpu, count, prices, owned=owned, group=group)
    capex, monthly, servers = box.capex_usd, box.monthly_usd, box.servers
    bought, power_kw = box.gpus_bought, box.power_kw
    tco = capex + MONTHS_3Y * monthly
    if isinstance(use, TrainingRun):
        run = use.hours * tco / (MONTHS_3Y * HOURS_PER_MONTH)
        rate = prices.cloud_usd_per_gpu_hour.get(gpu.id)
        return Spend(
            capex_usd=capex,
            monthly_usd=monthly,
            tco_3y_usd=tco,
            servers=servers,
            gpus_bought=bought,
            power_kw=power_kw,
            usd_per_million_tokens=run / max(use.tokens / 1e6, 1e-6),
            api=None,
            api_monthly_usd=None,
            break_even_months=None,
            tokens_per_month=0.0,
            run_usd=run,
            cloud_run_usd=use.hours * count * rate.usd if rate else None,
            cloud_usd_per_gpu_hour=rate.usd if rate else None,
            power_usd_per_month=box.power_usd_per_month,
        )
    millions = max(use.monthly_tokens, 1.0) / 1e6
    api = api or use.hosted or use.tier_api or prices.api_for_tier(use.quality_tier)
    api_monthly = millions * api.blended_usd_per_m(use.input_share)
    saving = api_monthly - monthly
    break_even = capex / saving if saving > 0 and not owned else None
    if break_even is not None and break_even > PAYBACK_HORIZON_MONTHS:
        break_even = None
    rent = rental(
        gpu, count, prices, box=box, owned=owned, card=card, group=group, hours=rent_hours
    )
    return Spend(
        capex_usd=capex,
        monthly_usd=monthly,
        tco_3y_usd=tco,
        servers=servers,
        gpus_bought=bought,
        power_kw=power_kw,
        usd_per_million_tokens=tco / MONTHS_3Y / millions,
        api=api,
        api_monthly_usd=api_monthly,
        break_even_months=break_even,
        tokens_per_month=use.monthly_tokens,
        run_usd=None,
        cloud_run_usd=None,
        cloud_usd_per_gpu_hour=rent.usd_per_gpu_hour if rent else None,
        cloud_monthly_usd=rent.monthly_usd if rent else None,
        cloud_break_even_months=rent.break_even_months if rent else None,
        power_usd_per_month=box.power_usd_per_month,
    )
