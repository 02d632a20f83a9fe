"""Recommend a deployment from a goal, for every face (CLI, REST, MCP, the LLM, the UI).

Arguments are read one way (nulls mean "the default", `owned` also as "4x a100-40gb"),
errors come out as one `InputError` naming the field, and the result is the
`advisor recommend --json` object.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from advisor.catalog.loader import Catalog
from advisor.catalog.schema import Prices
from advisor.language import Language
from advisor.messages import M, Param, note, render, task_note
from advisor.recommend import Recommendation, RecommendRequest, recommend
from advisor.recommend.costs import HOURS_PER_MONTH, MONTHS_3Y
from advisor.recommend.report import Cost, CostRub, FitChange, Option, Workload
from advisor.services.sizing import input_error

Goal = Mapping[str, Any] | RecommendRequest


def parse_goal(arguments: Goal) -> RecommendRequest:
    """A RecommendRequest from tool, REST or form arguments; nulls mean 'use the default'."""
    if isinstance(arguments, RecommendRequest):
        return arguments
    try:
        return RecommendRequest.model_validate(
            {k: v for k, v in arguments.items() if v is not None}
        )
    except ValidationError as exc:
        raise input_error(exc) from None


def recommend_deployment(arguments: Goal, catalog: Catalog) -> Recommendation:
    """The options for a goal (advisor.recommend); InputError names a bad field."""
    return recommend(parse_goal(arguments), catalog)


def recommendation_summary(result: Recommendation, language: Language = "en") -> str:
    """One line for a tool step: the recommended (or first) option and its cost."""
    if not result.options:
        return render(M.STEP_NO_OPTION, language, unmet="; ".join(result.unmet) or "-")
    chosen = next((o for o in result.options if o.label == "recommended"), result.options[0])
    return render(
        M.STEP_RECOMMENDED,
        language,
        options=len(result.options),
        label=chosen.label,
        model=chosen.model_name,
        count=chosen.gpu.count * chosen.replicas,
        gpu=chosen.gpu.name,
        capex=chosen.cost.capex_usd,
    )


def local_cost(option: Option) -> tuple[CostRub, M]:
    """The option's costs in the currency shown beside dollars: euros for a goal that shows
    them (a euro budget), roubles otherwise."""
    if option.cost_eur is not None:
        return option.cost_eur, M.CURRENCY_EUR
    return option.cost_rub, M.CURRENCY_RUB


def format_label(option: Option, language: Language) -> str:
    """The option's weight format as said: FP8 on a GPU without FP8 tensor cores is stored
    in 8 bits and computed in 16 (a 3090, an A100), so said weight-only (QA 45)."""
    if option.precision.startswith("fp8") and not option.gpu.fp8_compute:
        return render(M.REC_FP8_WEIGHT_ONLY, language, format=option.precision.upper())
    if option.precision == "bf16" and not option.gpu.bf16_native:
        return render(M.REC_BF16_AS_FP16, language)
    return option.precision.upper()


def rent_usd(option: Option) -> float | None:
    """What renting the option's GPUs costs: a service a month, or a training run; None
    where the catalog has no public rate."""
    return option.cost.cloud_monthly_usd or option.cost.cloud_run_usd


def lead_option(result: Recommendation, wants: Sequence[str] = ()) -> Option | None:
    """The option the answer leads with: the recommended one (the cheapest to rent when the
    person asked about renting, the cheapest when they asked for the cheapest, N+1 when they
    asked for a spare), the best on owned GPUs, or the closest to an unmet goal."""
    options = result.options
    if not options:
        return None
    if result.goal.get("redundancy"):
        spare = next((o for o in options if o.label == "reserve"), None)
        if spare is not None:
            return spare
    serving = [o for o in options if o.label in ("recommended", "pareto")]
    # every full setup that meets the targets (not the pilot, not a near miss)
    meeting = [o for o in options if o.label not in ("start", "closest") and o.meets_targets]
    if result.goal.get("fastest") and "fastest" not in wants and "cheapest" not in wants:
        wants = [*wants, "fastest"]  # "that same setup, rented?" after the fastest (QA 45)
    if "fastest" in wants:  # "money is no object, the fastest": per-user speed first
        fastest = next((o for o in options if o.label == "fastest"), None)
        if fastest is not None:
            return fastest
    if "rent" in wants:  # the cheapest to rent of those that serve the load, where one rents
        rentable = [o for o in serving if rent_usd(o) is not None]
        if result.goal.get("strongest"):  # "the strongest model within the budget", rented:
            # a model of that tier, not the cheapest 7B to rent (QA 52)
            rentable = [o for o in meeting if rent_usd(o) is not None]
            top = max((o.quality_tier for o in rentable), default=None)
            rentable = [o for o in rentable if o.quality_tier == top]
        if rentable:
            return min(rentable, key=lambda o: rent_usd(o) or 0.0)
    if "fastest" in wants and meeting:  # no fastest option: the fastest the search found
        return max(meeting, key=lambda o: (o.per_user_tokens_per_s, -o.cost.tco_3y_usd))
    if "largest_model" in wants and meeting and result.goal.get("strongest"):
        # the search's strongest model within the budget: of its tier, the most parameters
        # (gpt-oss-120b over Qwen3-Next 80B, both tier 5), not the tier's cheapest
        top = max(o.quality_tier for o in meeting)
        strongest = [o for o in meeting if o.label == "quality" and o.quality_tier == top]
        if strongest:
            return strongest[0]
    if "largest_model" in wants and meeting:  # the strongest model of those that serve it:
        # the same tier, the setup the search recommends, not a used-card pareto; at the same
        # price (a whole server either way), the larger model
        return max(
            meeting,
            key=lambda o: (
                o.quality_tier,
                o.label != "pareto",
                -o.cost.capex_usd,
                o.memory.weights_gb if o.memory is not None else 0.0,
            ),
        )
    if "cheapest" in wants and serving:  # of those that serve the whole load (not a pilot)
        return min(serving, key=lambda o: (o.cost.capex_usd, o.cost.tco_3y_usd))
    for label in ("recommended", "owned", "rent", "closest"):  # rent: the budget rented
        for option in options:
            if option.label == label:
                return option
    return options[0]


RUSSIAN_RANK = {"strong": 4, "good": 3, "fair": 2, "weak": 1, "unpublished": 0}
SAME_COST = 0.05  # three-year costs this close are "about the same"
UNRATED = 0  # the quality tier of a model the catalog has no suitability record for


@dataclass(frozen=True)
class ModelPick:
    """Which of several models priced for one goal to take, and why (a `M.MODELS_PICK_*`)."""

    result: Recommendation
    reason: M


def russian_rank(model: str, catalog: Catalog) -> int:
    """The model's published Russian rating as a rank (0: none published)."""
    fit = catalog.suitability.get(model)
    return RUSSIAN_RANK[fit.russian] if fit is not None else 0


def target_shortfall(
    workload: Workload, speed: float, ttft_s: float | None, capacity: int | None = None
) -> float:
    """How far a setup misses the load's targets, as the largest ratio of the speed it lacks,
    the first-token time it overshoots and the users it cannot hold; 1.0 or less meets them."""
    target = workload.tokens_per_s_per_user
    slow = target / max(speed, 1e-3) if target else 1.0
    ttft = workload.ttft_p95_s
    late = ttft_s / ttft if ttft and ttft_s is not None else 1.0
    held = workload.concurrency / max(capacity, 1) if capacity is not None else 1.0
    return max(slow, late, held)


def option_shortfall(result: Recommendation, option: Option) -> float:
    """`target_shortfall` of an option: its per-user speed, first token and users held."""
    return target_shortfall(
        result.workload,
        option.per_user_tokens_per_s,
        option.ttft_s,
        option.max_concurrent_users,
    )


NEAR_ALIKE = 1.1  # shortfalls within 10% of the nearest: equally near, weighed on quality


def pick_model(
    results: Sequence[Recommendation], catalog: Catalog, wants: Sequence[str] = ()
) -> ModelPick | None:
    """Of recommendations for one goal with different models, the one to take: one whose
    lead meets the goal (none does: the nearest to it); then the cheapest when asked for or
    when none has a quality rating to weigh; one with a rating over one without; for Russian
    users the better published Russian rating; then the higher quality tier; then the lower
    three-year cost. None when no model has an option."""
    led = [(r, o) for r in results if (o := lead_option(r, wants)) is not None]
    serving = [(r, o) for r, o in led if o.meets_targets]
    if not serving and led:  # none meets the goal: those nearest to it (QA 44: Gemma 27B
        # one 4090 at a 2.2 s first token against 2 s, not Qwen 32B holding 1 of 5 users)
        gaps = {id(o): option_shortfall(r, o) for r, o in led}
        nearest = min(gaps.values())
        serving = [(r, o) for r, o in led if gaps[id(o)] <= nearest * NEAR_ALIKE]
        if len(serving) == 1 and len(led) > 1:
            return ModelPick(serving[0][0], M.MODELS_PICK_NEAREST)
    if not serving:
        return None
    if len(serving) == 1:
        return ModelPick(serving[0][0], M.MODELS_PICK_ONLY)
    cheapest = min(serving, key=lambda p: p[1].cost.tco_3y_usd)
    if "cheapest" in wants:
        # within the same cost ("about the same", the answer says) the cheapest is no
        # reason: the stronger, then the newer (QA 56 took Mistral 7B v0.3 over Llama 3.1
        # 8B for a cost under 5% apart)
        alike = [
            p
            for p in serving
            if p[1].cost.tco_3y_usd <= cheapest[1].cost.tco_3y_usd * (1 + SAME_COST)
        ]
        preferred = max(
            alike,
            key=lambda p: (
                p[1].quality_tier,
                getattr(catalog.models.get(p[1].model), "released", None) or "",
                -p[1].cost.tco_3y_usd,
            ),
        )
        if preferred is not cheapest:
            return ModelPick(preferred[0], M.MODELS_PICK_CHEAPEST_ALIKE)
        return ModelPick(cheapest[0], M.MODELS_PICK_ASKED_CHEAPEST)
    rated = [(r, o) for r, o in serving if o.quality_tier != UNRATED]
    if not rated:
        return ModelPick(cheapest[0], M.MODELS_PICK_UNRATED)  # no scores to weigh
    if len(rated) < len(serving):  # published scores against none: the one they vouch for
        serving, reason = rated, M.MODELS_PICK_RATED
    else:
        reason = None
    russian = all(r.goal.get("language") == "ru" for r, _ in serving)
    ranks = {id(o): russian_rank(o.model, catalog) if russian else 0 for _, o in serving}
    best = max(
        serving,
        key=lambda p: (ranks[id(p[1])], p[1].quality_tier, -p[1].cost.tco_3y_usd),
    )
    option = best[1]
    if reason is not None:
        return ModelPick(best[0], reason)
    if all(
        option.quality_tier >= o.quality_tier
        and option.cost.tco_3y_usd <= o.cost.tco_3y_usd * (1 + SAME_COST)
        for _, o in serving
    ):
        return ModelPick(best[0], M.MODELS_PICK_DOMINATES)
    if ranks[id(option)] > min(ranks.values()):
        return ModelPick(best[0], M.MODELS_PICK_RUSSIAN)
    return ModelPick(best[0], M.MODELS_PICK_STRONGER)  # equal in all else, it would dominate


def goal_budget(goal: dict[str, Any], prices: Prices) -> tuple[float, float, M] | None:
    """The goal's capex budget in dollars and in the currency shown beside them (euros for a
    euro budget, roubles otherwise); None when it has none."""
    if goal.get("budget_eur"):
        eur = float(goal["budget_eur"])
        return prices.usd(eur, "EUR"), eur, M.CURRENCY_EUR
    if goal.get("budget_rub"):
        rub = float(goal["budget_rub"])
        return prices.usd(rub, "RUB"), rub, M.CURRENCY_RUB
    if goal.get("budget_usd"):
        usd = float(goal["budget_usd"])
        return usd, usd * prices.rub_per_usd.value, M.CURRENCY_RUB
    return None


def over_budget(option: Option, budget_usd: float | None) -> bool:
    """The option costs more to buy than the budget (renting and owned GPUs buy nothing)."""
    return budget_usd is not None and option.cost.capex_usd > budget_usd


def pick_gpu(
    results: Sequence[Recommendation], wants: Sequence[str] = (), budget_usd: float | None = None
) -> ModelPick | None:
    """Of recommendations for one goal on different GPUs, the card to take: of those whose
    lead meets the goal within the budget, the strongest model when the person wants the most
    a budget buys, the lowest three-year cost otherwise. None when no card meets the goal."""
    led = [(r, o) for r in results if (o := lead_option(r, wants)) is not None]
    serving = [(r, o) for r, o in led if o.meets_targets and not over_budget(o, budget_usd)]
    if not serving:
        return None
    if len(serving) == 1:
        return ModelPick(serving[0][0], M.GPUS_PICK_ONLY)
    cheapest = min(serving, key=lambda p: p[1].cost.tco_3y_usd)
    strongest = max(serving, key=lambda p: (p[1].quality_tier, -p[1].cost.tco_3y_usd))
    if strongest[1].quality_tier <= cheapest[1].quality_tier:
        return ModelPick(cheapest[0], M.GPUS_PICK_DOMINATES)  # as strong, for the least
    if "largest_model" in wants:
        return ModelPick(strongest[0], M.GPUS_PICK_STRONGER)
    return ModelPick(cheapest[0], M.GPUS_PICK_CHEAPEST)


_LABELS = {
    "start": M.REC_LABEL_START,
    "recommended": M.REC_LABEL_RECOMMENDED,
    "scale": M.REC_LABEL_SCALE,
    "owned": M.REC_LABEL_OWNED,
    "pareto": M.REC_LABEL_PARETO,
    "quality": M.REC_LABEL_QUALITY,
    "pro": M.REC_LABEL_PRO,
    "fastest": M.REC_LABEL_FASTEST,
    "reserve": M.REC_LABEL_RESERVE,
    "closest": M.REC_LABEL_CLOSEST,
    "budget_fit": M.REC_LABEL_BUDGET_FIT,
    "rent": M.REC_LABEL_RENT,
    "rent_instead": M.REC_LABEL_RENT_INSTEAD,
}


def option_label(label: str, language: Language) -> str:
    """The option's name for people ("Recommended", "Рекомендуем")."""
    return render(_LABELS[label], language)


def recommendation_text(
    result: Recommendation, language: Language = "en", *, markdown: bool = False
) -> str:
    """The recommendation for people: the load, each option with its figures and costs,
    what is unmet, what would make it work, the assumptions and the sources."""
    bullet = "- " if markdown else "  "
    lines = [_workload_line(result, language), ""]
    if result.api_switch_i18n is not None:
        lines += [result.api_switch_i18n.render(language), ""]
    for option in result.options:
        title = _option_title(option, language)
        lines.append(f"**{title}**" if markdown else title)
        lines += [bullet + line for line in _option_lines(option, language)]
        lines.append("")
    if any(o.gpu.gpu_class == "gaming" and o.gpu.market != "owned" for o in result.options):
        lines += [render(M.REC_GEFORCE_LICENCE, language), ""]
    if result.in_a_wave_i18n is not None:
        lines += [result.in_a_wave_i18n.render(language), ""]
    if result.transcription_i18n is not None:
        lines += [result.transcription_i18n.render(language), ""]
    for heading, items in (
        (M.REC_HEADING_UNMET, [item.render(language) for item in result.unmet_i18n]),
        (M.REC_HEADING_FIT, [fit_line(change, language) for change in result.make_it_fit]),
        (M.UI_ASSUMPTIONS, [item.render(language) for item in result.assumptions_i18n]),
    ):
        if items:
            name = render(heading, language)
            lines.append(f"**{name}**" if markdown else f"{name}:")
            lines += [bullet + item for item in items]
            lines.append("")
    if not markdown:
        lines.append(render(M.REC_HEADING_SOURCES, language) + ":")
        lines += [bullet + source for source in result.sources]
    return "\n".join(lines).rstrip() + "\n"


def _workload_line(result: Recommendation, language: Language) -> str:
    load = result.workload
    if load.dataset_tokens is not None:
        return render(
            M.REC_WORKLOAD_TRAINING,
            language,
            task=task_note(load.task),
            tokens=load.dataset_tokens,
            seq_len=load.seq_len or 0,
            hours=load.deadline_hours or 0,
        )
    return render(
        M.REC_WORKLOAD,
        language,
        users=load.concurrency,
        input=load.input_tokens,
        output=load.output_tokens,
        ttft=load.ttft_p95_s or 0,
        speed=load.tokens_per_s_per_user or 0,
    )


def _option_title(option: Option, language: Language) -> str:
    gpu = option.gpu
    if option.replicas > 1:
        gpus = render(
            M.REC_GPUS_REPLICAS, language, replicas=option.replicas, count=gpu.count, gpu=gpu.name
        )
    else:
        gpus = render(M.REC_GPUS, language, count=gpu.count, gpu=gpu.name)
    return render(
        M.REC_OPTION_TITLE,
        language,
        label=option_label(option.label, language),
        model=option.model_name,
        precision=format_label(option, language),
        gpus=gpus,
        used=render(M.REC_USED, language) if gpu.market == "used" else "",
    )


def _option_lines(option: Option, language: Language) -> list[str]:
    lines = [option.why_i18n.render(language)]
    if option.training_hours is not None:
        lines.append(
            render(
                M.REC_OPTION_TRAIN,
                language,
                hours=option.training_hours,
                speed=option.training_tokens_per_s or 0,
            )
        )
    else:
        lines.append(
            render(
                M.REC_OPTION_SERVE,
                language,
                load=option.users_per_replica * option.replicas,
                capacity=option.max_concurrent_users,
                speed=option.per_user_tokens_per_s,
                ttft=round(option.ttft_s, 2),
            )
        )
    return lines + cost_lines(option, language)


def _bill_line(option: Option, language: Language) -> str | None:
    """What the option saves against the API bill the customer pays now, if one was given."""
    cost = option.cost
    saving, rub = cost.bill_saving_usd, option.cost_rub.bill_saving
    if saving is None or rub is None:
        return None
    bill = saving + cost.monthly_usd
    bill_rub = rub + option.cost_rub.monthly
    if saving <= 0:
        return render(
            M.REC_BILL_NO_SAVING, language, bill=bill, bill_rub=bill_rub, monthly=cost.monthly_usd
        )
    months = cost.bill_break_even_months
    if months is None:
        payback = render(M.REC_BILL_NO_PAYBACK, language)
    elif option.gpu.market == "owned":
        payback = ""
    else:
        payback = render(M.REC_BILL_PAYBACK, language, months=months)
    return render(
        M.REC_OPTION_BILL, language, bill=bill, bill_rub=bill_rub, saving=saving, payback=payback
    )


def cost_lines(
    option: Option,
    language: Language,
    *,
    rent_first: bool = False,
    api: bool = True,
    rental: bool = True,
    power: bool = False,
) -> list[str]:
    """What the option costs to buy and run, against a hosted API or renting for a run;
    `rent_first` (the person asked about renting) puts renting the same GPUs first; `api`
    False leaves the hosted-API comparison to the answer's verdict (api_verdict); `rental`
    False leaves renting out (the data must stay in the company and nobody asked); `power`
    says the electricity a year apart (the customer gave their price per kWh)."""
    cost = option.cost
    local, cur = local_cost(option)
    lines: list[str] = []
    if option.gpu.market == "owned":
        lines.append(
            render(
                M.REC_OPTION_COST_OWNED,
                language,
                monthly=cost.monthly_usd,
                monthly_local=local.monthly,
                tco=cost.tco_3y_usd,
                tco_local=local.tco_3y,
                cur=note(cur),
            )
        )
    elif option.label not in ("rent", "rent_instead"):  # a run rented: nothing bought
        lines.append(
            render(
                M.REC_OPTION_COST,
                language,
                capex=cost.capex_usd,
                capex_local=local.capex,
                monthly=cost.monthly_usd,
                monthly_local=local.monthly,
                tco=cost.tco_3y_usd,
                tco_local=local.tco_3y,
                cur=note(cur),
            )
        )
        used = option.gpu.count * option.replicas
        if cost.gpus_bought > used:
            lines.append(render(M.REC_WHOLE_SERVERS, language, bought=cost.gpus_bought, used=used))
            if cost.card_alternative is not None:
                lines.append(
                    render(M.REC_CARD_ALTERNATIVE, language, used=used, card=cost.card_alternative)
                )
    if power and cost.power_usd_per_year is not None and local.power_per_year is not None:
        lines.append(
            render(
                M.REC_OPTION_POWER,
                language,
                kw=cost.power_kw,
                usd=cost.power_usd_per_year,
                local=local.power_per_year,
                cur=note(cur),
            )
        )
    job = _batch_cost_line(option, language, api=api, rental=rental)
    if job is not None:  # a batch job: what the job costs, not a month of it
        lines.append(job)
        monthly = _batch_month_line(option, language, api=api) if rental else None
        if monthly is not None:  # "каждую ночь": a month of runs, rented against bought
            lines.insert(0 if rent_first else len(lines), monthly)
        return lines
    against = _api_line(option, language) if api else None
    if against is not None:
        lines.append(against)
        personal = personal_data_line(option, language)
        if personal is not None:
            lines.append(personal)
    rented = option_rental(option, language) if rental and option.gpu.market != "owned" else None
    if rented is not None:
        if rent_first:
            lines.insert(0, rented)
        else:
            lines.append(rented)
    if cost.run_usd is not None:
        cloud = (
            render(
                M.REC_CLOUD_RUN, language, usd=cost.cloud_run_usd, rate=cost.cloud_usd_per_gpu_hour
            )
            if cost.cloud_run_usd is not None and cost.cloud_usd_per_gpu_hour is not None
            else render(M.REC_NO_CLOUD_RATE, language)
        )
        lines.append(render(M.REC_OPTION_RUN, language, run=cost.run_usd, cloud=cloud))
    return lines


def _batch_cost_line(
    option: Option, language: Language, *, api: bool = True, rental: bool = True
) -> str | None:
    """The goal's batch job priced as a job: through the API of the option's tier, and on the
    same GPUs rented for the job's GPU-hours at full load (None without a batch job); `api`
    and `rental` False leave either out (the data may not leave the company)."""
    cost, job = option.cost, option.batch_job
    if job is None or (cost.batch_api_usd is None and cost.batch_rent_usd is None):
        return None
    parts = []
    if api and cost.batch_api_usd is not None and cost.api_name is not None:
        which = _which_api(cost, language)
        parts.append(
            render(
                M.REC_BATCH_API, language, api=cost.api_name, usd=cost.batch_api_usd, which=which
            )
        )
    if rental and cost.batch_rent_usd is not None and cost.cloud_usd_per_gpu_hour is not None:
        parts.append(
            render(
                M.REC_BATCH_RENT,
                language,
                usd=cost.batch_rent_usd,
                gpu_hours=job.gpu_hours,
                rate=cost.cloud_usd_per_gpu_hour,
            )
        )
    return " ".join(parts) or None


def _batch_month_line(option: Option, language: Language, *, api: bool) -> str | None:
    """A batch job that recurs ('every night'): a month of its runs rented against running
    (and having bought) one's own GPUs, and the API's month beside them."""
    cost = option.cost
    runs, rent = cost.batch_runs_per_month, cost.batch_rent_monthly_usd
    local, cur = local_cost(option)
    if runs is None or rent is None or local.batch_rent_monthly is None:
        return None
    if option.gpu.market == "owned" or option.label in ("rent", "rent_instead"):
        return None
    api_part = ""
    if api and cost.batch_api_monthly_usd is not None and local.batch_api_monthly is not None:
        api_part = render(
            M.REC_BATCH_MONTHLY_API,
            language,
            api=cost.api_name or "API",
            usd=cost.batch_api_monthly_usd,
            local=local.batch_api_monthly,
            cur=note(cur),
        )
    months = cost.batch_rent_break_even_months
    if months is None:
        code = M.REC_BATCH_MONTHLY_RENT
    elif months > MONTHS_3Y:  # the horizon every 3-year cost in the answer uses
        code = M.REC_BATCH_MONTHLY_RENT_3Y
    else:
        code = M.REC_BATCH_MONTHLY_BUY
    api_month = cost.batch_api_monthly_usd
    cheapest_api = (
        api_part
        and api_month is not None
        and api_month < rent
        and (months is None or months > MONTHS_3Y or api_month < cost.monthly_usd)
    )
    line = render(
        code,
        language,
        runs=runs,
        rent=rent,
        rent_local=local.batch_rent_monthly,
        api=api_part,
        monthly=cost.monthly_usd,
        monthly_local=local.monthly,
        capex=cost.capex_usd,
        capex_local=local.capex,
        cur=note(cur),
        months=months or 0.0,
    )
    return line + (render(M.REC_BATCH_MONTHLY_API_CHEAPEST, language) if cheapest_api else "")


def _which_api(cost: Cost, language: Language) -> str:
    """The API compared: the one the customer named, the same model hosted, or the one of
    the option's tier."""
    if cost.api_named:
        return render(M.REC_API_NAMED, language)
    return render(M.REC_API_SAME_MODEL if cost.api_same_model else M.REC_API_OF_TIER, language)


def personal_data_line(option: Option, language: Language) -> str | None:
    """A Russian buyer weighed against a foreign API: what 152-FZ asks of personal data sent
    to it (QA 47: the API was weighed with no word of it). In the buyer's language only: an
    English question's buyer may be anywhere."""
    personal = option.cost.api_personal_data_i18n
    return personal.render(language) if personal is not None else None


def _api_line(option: Option, language: Language) -> str | None:
    """The option against the API bill paid now, or against a hosted API of its tier."""
    bill = _bill_line(option, language)  # the bill paid now replaces the tier's estimate
    if bill is not None:
        return bill
    cost = option.cost
    if cost.api_monthly_usd is None or cost.api_name is None:
        return None
    if option.gpu.market == "owned":
        payback = render(M.REC_OWNED_RUNNING, language, monthly=cost.monthly_usd)
    elif cost.break_even_months is not None:
        payback = render(M.REC_PAYBACK, language, months=cost.break_even_months)
    else:
        payback = render(M.REC_NO_PAYBACK, language)
    local, cur = local_cost(option)
    return render(
        M.REC_OPTION_API,
        language,
        which=_which_api(cost, language),
        per_m=cost.usd_per_million_tokens,
        api=cost.api_name,
        api_monthly=cost.api_monthly_usd,
        api_local=local.api_monthly or 0.0,
        cur=note(cur),
        payback=payback,
    )


def _payback(option: Option) -> float | None:
    """Months until owning pays back against the API (None: never within five years)."""
    cost = option.cost
    if cost.bill_saving_usd is not None:  # against the bill paid now
        return cost.bill_break_even_months
    if option.gpu.market == "owned":  # nothing to buy: running it against the API's bill
        return 0.0 if (cost.api_monthly_usd or 0.0) > cost.monthly_usd else None
    return cost.break_even_months


def api_costs_less(option: Option) -> bool:
    """Whether the hosted API stays cheaper than the option for five years ("the cheapest
    way" is then the API, not the cheapest GPU)."""
    has_api = option.cost.api_monthly_usd is not None or option.cost.bill_saving_usd is not None
    return option.cost.run_usd is None and has_api and _payback(option) is None


def api_verdict(option: Option, language: Language) -> str | None:
    """ "API or our own server?": which costs less, first, with the comparison behind it."""
    against = _api_line(option, language)
    if against is None:
        return None
    payback = _payback(option)
    if payback is None:
        verdict = M.REC_VERDICT_API
    else:  # the horizon every 3-year cost in the answer uses
        verdict = M.REC_VERDICT_OWN if payback <= MONTHS_3Y else M.REC_VERDICT_SLOW
    return f"{render(verdict, language)} {against}"


def job_verdict(option: Option, goal: Mapping[str, Any], language: Language) -> str | None:
    """A job done once (said so) or a batch over a span (maybe once): buying the GPUs against
    the API's bill for the job's tokens and renting them for its hours, when buying does not
    pay back within the job. The engine prices a month of the job's tokens at its busy hours
    (a batch's span), so the API's month is the job's bill."""
    cost = option.cost
    said = bool(goal.get("one_off"))
    batch = bool(goal.get("around_the_clock")) and goal.get("rent_hours_per_month") is not None
    recurring = goal.get("runs_per_year") is not None and not said  # "каждую ночь": a month
    if (
        not (said or batch)
        or recurring
        or goal.get("on_premises")  # neither the API nor a cloud may see the data
        or option.gpu.market == "owned"
        or cost.api_monthly_usd is None
    ):
        return None
    payback = cost.break_even_months
    if payback is not None and payback <= 1.0:  # paid back within the job: buying wins
        return None
    rented = cost.batch_rent_usd if cost.batch_rent_usd is not None else cost.cloud_monthly_usd
    rent = render(M.REC_JOB_RENT, language, rent=rented) if rented is not None else ""
    params: dict[str, Param] = {
        "api": cost.batch_api_usd if cost.batch_api_usd is not None else cost.api_monthly_usd,
        "rent": rent,
        "capex": cost.capex_usd,
        "count": option.gpu.count * option.replicas,
        "gpu": option.gpu.name,
    }
    if said:
        return render(M.REC_JOB_ONE_OFF, language, **params)
    if payback is None:  # a month of the job's tokens never pays the GPUs back
        return render(M.REC_JOB_NEVER_PAYS, language, **params)
    return render(M.REC_JOB_IF_ONE_OFF, language, **params, months=payback)


def runs_verdict(option: Option, language: Language) -> str | None:
    """Fine-tuning now and then: renting each run against buying, at the runs a year said
    (or, with none said, the runs a year above which buying pays), in roubles beside dollars
    (QA 54: "сколько это выйдет в рублях?" got dollars)."""
    cost, rub = option.cost, option.cost_rub
    if cost.cloud_run_usd is None or cost.cloud_runs_break_even_per_year is None:
        return None
    money: dict[str, Param] = {
        "run": cost.cloud_run_usd,
        "run_rub": rub.cloud_run if rub.cloud_run is not None else 0.0,
        "tco": cost.tco_3y_usd,
        "tco_rub": rub.tco_3y,
    }
    if cost.runs_per_year is None or cost.cloud_runs_per_year_usd is None:
        return render(
            M.REC_RUNS_BREAK_EVEN, language, runs=cost.cloud_runs_break_even_per_year, **money
        )
    rent = cost.runs_per_year < cost.cloud_runs_break_even_per_year
    runs = cost.runs_per_year
    return render(
        M.REC_RUNS_RENT if rent else M.REC_RUNS_BUY,
        language,
        runs=int(runs) if runs.is_integer() else runs,
        yearly=cost.cloud_runs_per_year_usd,
        breakeven=cost.cloud_runs_break_even_per_year,
        **money,
    )


def rented_option(result: Recommendation) -> Option | None:
    """A training run's setup on GPUs one can rent, beside a lead with no public rate."""
    return next((o for o in result.options if o.label == "rent_instead"), None)


def renting_wins(lead: Option, rented: Option | None) -> bool:
    """A fine-tuning run done once or now and then, whose cheapest setup to buy has no public
    rental rate, costs less rented on GPUs one can rent than bought, at the runs a year said
    (none said: a single run) over three years."""
    if lead.training_hours is None or lead.gpu.market == "owned" or rented is None:
        return False
    run = rented.cost.cloud_run_usd
    if lead.cost.cloud_run_usd is not None or run is None or run <= 0:
        return False  # the lead's own rate: runs_verdict weighs renting it
    if rented.training_hours is None:
        return False
    runs = lead.cost.runs_per_year or 1.0
    return runs * run * 3 < lead.cost.tco_3y_usd


def rent_the_run(lead: Option, rented: Option | None, language: Language) -> str | None:
    """The run rented, against buying, when renting it wins (`renting_wins`)."""
    if rented is None or not renting_wins(lead, rented):
        return None
    hours, run = rented.training_hours, rented.cost.cloud_run_usd
    if hours is None or run is None:  # renting_wins has seen both
        return None
    lead_local, lead_cur = local_cost(lead)
    return render(
        M.REC_RENT_THE_RUN,
        language,
        count=rented.gpu.count * rented.replicas,
        gpu=rented.gpu.name,
        hours=hours,
        run=run,
        run_local=local_cost(rented)[0].cloud_run or 0.0,
        capex=lead.cost.capex_usd,
        capex_local=lead_local.capex,
        cur=note(lead_cur),
        bought=lead.gpu.count * lead.replicas,
        lead_gpu=lead.gpu.name,
    )


def option_rental(option: Option, language: Language) -> str | None:
    """The option's GPUs rented on demand a month instead of bought (None: no public rate
    rents them)."""
    cost = option.cost
    local, cur = local_cost(option)
    if (
        cost.cloud_monthly_usd is None
        or cost.cloud_usd_per_gpu_hour is None
        or local.cloud_monthly is None
    ):
        return None
    return rental_line(
        option.gpu.count * option.replicas,
        cost.cloud_usd_per_gpu_hour,
        (cost.cloud_monthly_usd, local.cloud_monthly),
        cost.cloud_break_even_months,
        language,
        cost.cloud_hours_per_month,
        cur,
        card=cost.card_alternative,
    )


def rental_line(
    gpus: int,
    rate: float,
    monthly: tuple[float, float],
    break_even_months: float | None,
    language: Language,
    hours: float | None = None,
    cur: M = M.CURRENCY_RUB,
    card: str | None = None,
) -> str:
    """Renting the same GPUs around the clock, or `hours` a month (dollars, and roubles or
    `cur` a month), against buying them: their card version `card` where whole servers
    would buy more than the GPUs used."""
    if break_even_months is None:
        payback = render(M.REC_CLOUD_CHEAPER, language)
    elif card is not None:
        payback = render(
            M.REC_CLOUD_PAYBACK_CARD, language, months=break_even_months, gpus=gpus, card=card
        )
    else:
        payback = render(M.REC_CLOUD_PAYBACK, language, months=break_even_months)
    usd, local = monthly
    part_time = hours is not None and hours < HOURS_PER_MONTH
    return render(
        M.REC_OPTION_CLOUD_HOURS if part_time else M.REC_OPTION_CLOUD,
        language,
        gpus=gpus,
        monthly=usd,
        monthly_local=local,
        cur=note(cur),
        hours=hours or HOURS_PER_MONTH,
        rate=rate,
        payback=payback,
    )


def fit_line(change: FitChange, language: Language) -> str:
    """One make-it-fit change with what it gives."""
    if change.meets_targets:
        verdict = render(M.REC_FIT_MEETS, language)
    elif change.misses_i18n:
        misses = ", ".join(miss.render(language) for miss in change.misses_i18n)
        verdict = render(M.REC_FIT_MISSES_LIST, language, misses=misses)
    else:
        verdict = render(M.REC_FIT_MISSES, language)
    description = change.description_i18n.render(language)
    if change.training_hours is not None:
        return render(
            M.REC_FIT_LINE_TRAINING,
            language,
            description=description,
            hours=change.training_hours,
            verdict=verdict,
        )
    if change.batch_hours is not None:  # a night's job: its hours, not its users' speed
        in_time = render(M.REC_FIT_IN_TIME if change.meets_targets else M.REC_FIT_LATE, language)
        return render(
            M.REC_FIT_LINE_BATCH,
            language,
            description=description,
            hours=change.batch_hours,
            verdict=in_time,
        )
    return render(
        M.REC_FIT_LINE,
        language,
        description=description,
        users=change.users or change.max_concurrent_users,
        capacity=change.max_concurrent_users,
        speed=change.per_user_tokens_per_s,
        verdict=verdict,
    )
