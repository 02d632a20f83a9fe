"""Size and compare through the engine, with the catalog's ids in what comes back.

Every face calls these rather than the engine itself, so arguments are read one way
(nulls mean "the default"), errors come out as one `InputError` naming the field, and
the request is reported as the engine read it (catalog ids, the weight format used).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, Field, ValidationError

from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render
from advisor.recommend.costs import card_alternative, card_sibling, hardware, rental
from advisor.sizing.engine import compare, resolve, size
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
        default=None, description="the same GPUs rented on demand around the clock, per month"
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


def sizing_cost(report: SizingReport, catalog: Catalog, *, owned: bool) -> SizingCost | None:
    """The cost of a sizing's layout at the catalog's prices; None without a price."""
    prices = catalog.prices
    gpu = catalog.gpus.get(report.gpu.id)
    if gpu is None or report.gpu.id not in prices.gpus:
        return None
    layout = report.gpu
    box = hardware(
        gpu,
        layout.count,
        prices,
        owned=owned,
        group=layout.tensor_parallel * layout.pipeline_parallel,
    )
    rate = prices.rub_per_usd.value
    rent = rental(
        gpu, layout.count, prices, capex=box.capex_usd, monthly=box.monthly_usd, owned=owned
    )
    sibling = (
        card_sibling(gpu, catalog.gpus.values(), prices) if box.gpus_bought > layout.count else None
    )
    sibling_capex = (
        hardware(sibling, layout.count, prices, owned=False, group=1).capex_usd
        if sibling is not None
        else None
    )
    return SizingCost(
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
