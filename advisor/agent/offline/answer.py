"""Templated answers in Russian or English, built only from engine reports and passages.

Every sentence comes from the message catalog (advisor.messages), the engine's notes
included, so both languages say the same. Every figure printed here is a value of the size
or compare report (rounded to at most one decimal, dot as the separator) or a number the
user wrote, so the LLM half's number guard accepts an offline answer as it stands, and the
UI's structured sizing and the text never disagree.
"""

from __future__ import annotations

import itertools
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from advisor.agent.offline.reader import Clarification
from advisor.catalog.loader import Catalog
from advisor.language import Language
from advisor.messages import M, Note, Param, note, render
from advisor.recommend.costs import HOURS_PER_MONTH, MONTHS_3Y
from advisor.recommend.report import Option, Recommendation, Workload
from advisor.recommend.request import BUDGET_FIELDS
from advisor.recommend.search import HEADROOM
from advisor.services.pricing import HardwarePrice, RunsOn
from advisor.services.recommendation import (
    SAME_COST,
    UNRATED,
    ModelPick,
    api_costs_less,
    api_verdict,
    cost_lines,
    fit_line,
    format_label,
    goal_budget,
    job_verdict,
    lead_option,
    local_cost,
    option_label,
    option_rental,
    over_budget,
    personal_data_line,
    rent_the_run,
    rent_usd,
    rental_line,
    rented_option,
    runs_verdict,
    russian_rank,
)
from advisor.services.sizing import SizeOnly, SizingCost
from advisor.sizing.report import (
    BatchJob,
    Comparison,
    MemoryBreakdown,
    SizingReport,
    Training,
)

if TYPE_CHECKING:
    from knowledge.retrieval import Passage

TASKS: dict[str, M] = {
    "inference": M.TASK_INFERENCE,
    "lora": M.TASK_LORA,
    "qlora": M.TASK_QLORA,
    "full": M.TASK_FULL,
    "pretrain": M.TASK_PRETRAIN,
}
PARTS: dict[str, M] = {
    "weights": M.PART_WEIGHTS,
    "kv_cache": M.PART_KV_CACHE,
    "activations": M.PART_ACTIVATIONS,
    "gradients": M.PART_GRADIENTS,
    "optimizer": M.PART_OPTIMIZER,
    "overhead": M.PART_OVERHEAD,
}
_BINDING: dict[str, M] = {
    "memory": M.BINDING_MEMORY,
    "context": M.BINDING_CONTEXT,
    "kv_cache": M.BINDING_KV_CACHE,
    "weights": M.BINDING_WEIGHTS,
    "activations": M.BINDING_ACTIVATIONS,
    "gradients": M.BINDING_GRADIENTS,
    "optimizer": M.BINDING_OPTIMIZER,
}
_STAGES: dict[str, M] = {"pilot": M.STAGE_NAME_PILOT, "production": M.STAGE_NAME_PRODUCTION}


def fmt(value: float | int, language: Language | None = None) -> str:
    """A report figure as the answer shows it: integers plain, others to one decimal.

    With a language, figures from 10000 up are grouped by thousands the way its readers
    expect (ru "778 880" with a no-break space, en "778,880"); the number guard reads both.
    """
    whole = isinstance(value, int) or float(value).is_integer()
    text = str(int(value)) if whole else f"{value:.1f}"
    if language is None or abs(value) < 10_000:
        return text
    grouped = f"{int(value):,}" if whole else f"{value:,.1f}"
    return grouped.replace(",", "\u00a0") if language == "ru" else grouped


def model_name(catalog: Catalog, model_id: str) -> str:
    model = catalog.models.get(model_id)
    return model.name if model is not None else model_id


def task_name(task: str, language: Language) -> str:
    return render(TASKS[task], language) if task in TASKS else task


def render_sizing(
    report: SizingReport,
    catalog: Catalog,
    language: Language,
    passages: Sequence[Passage] = (),
    minimum: SizingReport | None = None,
    assumed: Sequence[str] = (),
    injection: bool = False,
    changes: Sequence[str] = (),
    cost: SizingCost | None = None,
    changes_first: bool = False,
    lead: str | None = None,
    server: SizingReport | None = None,
    subhead: str | None = None,
) -> str:
    """The sizing answer: GPUs and layout, memory, capacity and speed, cost, server, stages.

    `lead`: a verdict that comes before the headline (the setup fits in another weight
    format than the one sized). `subhead`: a line right under it (the card version sized
    in place of the server board named).

    `minimum`: the report of the same need with the GPU count left to the engine, shown
    when the count the user fixed does not fit. `assumed`: notes on defaults applied.
    `injection`: the message dictated an answer; say that only the engine's figures count.
    `changes`: what would make a setup the user fixed fit (make-it-fit lines).
    `cost`: what the sized GPUs cost to buy and run, said when the setup fits (or the lead
    says how the same GPUs hold it another way).
    `changes_first`: the changes come right after the headline (the cheapest setup beside a
    sizing on the default reference card, which is no advice to buy an 8-GPU server).
    `server`: the sizing whose server needs to describe (that cheapest setup's), when not this.
    """
    gpu = report.gpu
    head: dict[str, Any] = {
        "model": model_name(catalog, report.model),
        "task": task_name(report.task, language),
        "precision": report.precision.upper(),
        "count": gpu.count,
        "gpu": gpu.name,
    }
    layout = render(M.LAYOUT_TP_PP, language, tp=gpu.tensor_parallel, pp=gpu.pipeline_parallel)
    if gpu.replicas > 1:
        layout += render(M.LAYOUT_WITH_REPLICAS, language, replicas=gpu.replicas)
    lines: list[str] = [lead] if lead else []
    device = catalog.gpus.get(gpu.id)
    on_cpu = device is not None and device.gpu_class == "cpu"
    if report.fits and on_cpu:  # no GPU: no layout, no GPU tier
        lines.append(render(M.ANSWER_HEADLINE_CPU, language, **head))
    elif report.fits:
        tier = report.tier_i18n.render(language)
        lines.append(render(M.ANSWER_HEADLINE, language, **head, layout=layout, tier=tier))
    else:
        # under a lead that says how the same GPUs hold it (4 bits), the format sized is
        # the aside, not a second bold verdict (QA 56: "Да, помещается", then "**не
        # помещается**" and "Минимум 4 x RTX 4090")
        aside = lead is not None and cost is not None
        headline = M.ANSWER_HEADLINE_NO_FIT_AS_SIZED if aside else M.ANSWER_HEADLINE_NO_FIT
        lines.append(render(headline, language, **head))
        reason = _BINDING.get(report.binding_constraint)
        if reason is not None:
            lines.append(render(M.ANSWER_LIMIT, language, reason=render(reason, language)))
        if minimum is not None and minimum.fits:
            low = minimum.gpu
            sharded = (
                minimum.training is not None
                and low.count > 1
                and low.tensor_parallel == low.pipeline_parallel == 1
            )
            line = render(
                M.ANSWER_MINIMUM_SHARDED
                if sharded
                else (M.ANSWER_MINIMUM_AS_SIZED if aside else M.ANSWER_MINIMUM),
                language,
                precision=report.precision.upper(),
                count=low.count,
                gpu=low.name,
                tp=low.tensor_parallel,
                pp=low.pipeline_parallel,
                per_gpu=fmt(minimum.memory.per_gpu_gb),
            )
            low_memory = minimum.memory
            if low_memory.per_gpu_gb > low_memory.capacity_per_gpu_gb:  # "41.0 GB" on a 40 GB
                line += render(
                    M.ANSWER_MINIMUM_OF_USABLE,
                    language,
                    usable=fmt(round(low_memory.usable_per_gpu_gb, 1)),
                    capacity=fmt(low_memory.capacity_per_gpu_gb),
                )
            lines.append(line)
    if subhead:
        lines.append(subhead)
    lines.append(_memory_line(report, language, on_cpu=on_cpu))
    perf = report.performance
    if (
        not report.fits
        and report.training is None
        and perf is not None
        and 0 < perf.max_concurrent_users < report.users
    ):  # "Llama 70B in 8-bit on our 2 x L40S for 7": the cache holds 6 of them
        lines.append(
            render(
                M.ANSWER_HOLDS_FEWER,
                language,
                tokens=fmt(report.memory.kv_cache_total_tokens, language),
                users=perf.max_concurrent_users,
                asked=report.users,
                context=fmt(report.prompt_tokens + report.output_tokens, language),
            )
        )
    if report.fits:
        if report.batch_job is not None:  # a job kept full, not people waiting on answers
            lines.append(_batch_line(report.batch_job, language))
        elif report.training is None:
            lines.append(_inference_line(report, language, on_cpu=on_cpu))
        else:
            lines.append(_training_line(report.training, language))
        if cost is not None:
            lines.extend(
                _cost_lines(
                    cost,
                    gpu.count,
                    language,
                    service=report.training is None,
                    on_cpu=on_cpu,
                )
            )
            batch_cost = _batch_cost_line(cost, language)
            if batch_cost:
                lines.append(batch_cost)
        if device is None or not device.desktop:  # one's own PC: no server around it
            lines.append(
                _server_line(server or report, language, named=server is not None, on_cpu=on_cpu)
            )
        if cost is None or cost.capex_usd > 0:  # GPUs owned: no pilot to buy first (QA 57)
            lines.extend(_stage_lines(report, language))
        if not on_cpu:
            lines.append(gpu.layout_note_i18n.render(language))
    elif cost is not None:  # held another way (the lead says how): the same GPUs' cost
        lines.extend(_cost_lines(cost, gpu.count, language, service=report.training is None))
    for warning in report.warnings_i18n:
        if warning.code is not M.DOES_NOT_FIT:  # the headline says so
            lines.append(render(M.ANSWER_NOTE, language, note=warning.render(language)))
    if changes_first:
        at = lines.index(subhead) + 1 if subhead else (2 if lead else 1)  # after the headline
        lines[at:at] = changes
    else:
        lines.extend(changes)
    lines.extend(assumed)
    if injection:
        lines.append(render_injection_note(language))
    return _with_sources(lines, passages, language)


def _cost_lines(
    cost: SizingCost,
    count: int,
    language: Language,
    *,
    service: bool,
    on_cpu: bool = False,
) -> list[str]:
    """Buying and running the GPUs (or the CPU server); for a service, renting the same GPUs
    instead; for a training run, renting them for the run."""
    values = {"monthly": cost.monthly_usd, "monthly_rub": cost.monthly_rub}
    if not cost.capex_usd:
        return [
            render(M.ANSWER_COST_OWNED_CPU if on_cpu else M.ANSWER_COST_OWNED, language, **values)
        ]
    if cost.owned_of:  # "add a second L40S" to the one owned: the card to buy, not a server
        added = {
            "owned": cost.owned_of,
            "count": count,
            "added": count - cost.owned_of,
            "capex": cost.capex_usd,
            "capex_rub": cost.capex_rub,
        }
        if cost.added_cards_usd is None or cost.added_cards_rub is None:
            return [render(M.ANSWER_COST_ADDED_SERVER, language, **added, **values)]
        cards = {"cards": cost.added_cards_usd, "cards_rub": cost.added_cards_rub}
        return [render(M.ANSWER_COST_ADDED, language, **added, **cards, **values)]
    used = render(M.REC_USED, language) if cost.used_market else ""
    lines = [
        render(
            M.ANSWER_COST_CPU if on_cpu else M.ANSWER_COST,
            language,
            capex=cost.capex_usd,
            capex_rub=cost.capex_rub,
            used=used,
            **values,
        )
    ]
    if cost.gpus_bought > count:
        lines.append(render(M.REC_WHOLE_SERVERS, language, bought=cost.gpus_bought, used=count))
        priced = _card_version(
            cost.card_alternative,
            cost.card_alternative_capex_usd,
            cost.card_alternative_capex_rub,
            count,
            language,
        )
        if priced is not None:
            lines.append(priced)
        elif cost.card_alternative is not None:
            lines.append(
                render(M.REC_CARD_ALTERNATIVE, language, used=count, card=cost.card_alternative)
            )
    if (
        not service
        and cost.run_hours is not None
        and cost.run_rent_usd is not None
        and cost.cloud_usd_per_gpu_hour is not None
    ):  # "and if we rent 8x H100 instead, how much?": the run's GPU-hours, not a server
        lines.append(
            render(
                M.ANSWER_RUN_RENTED,
                language,
                hours=cost.run_hours,
                count=count,
                rate=cost.cloud_usd_per_gpu_hour,
                run=cost.run_rent_usd,
                billed=cost.run_billed_hours or 1,
                billed_usd=cost.run_billed_usd or cost.run_rent_usd,
            )
        )
    if (  # a batch job's rent is its own GPU-hours (_batch_cost_line), not a month of them
        service
        and cost.batch_rent_usd is None
        and cost.cloud_monthly_usd is not None
        and cost.cloud_monthly_rub is not None
        and cost.cloud_usd_per_gpu_hour is not None
    ):
        monthly = (cost.cloud_monthly_usd, cost.cloud_monthly_rub)
        lines.append(
            rental_line(
                count,
                cost.cloud_usd_per_gpu_hour,
                monthly,
                cost.cloud_break_even_months,
                language,
                hours=cost.cloud_hours_per_month,
                card=cost.card_alternative,
            )
        )
    return lines


def _card_version(
    card: str | None, capex: float | None, capex_rub: float | None, count: int, language: Language
) -> str | None:
    """The version of a whole-server GPU sold by the card, priced for `count` (None when the
    catalog has no such card or no price for it)."""
    if card is None or capex is None or capex_rub is None:
        return None
    return render(
        M.ANSWER_CARD_ALTERNATIVE_PRICED,
        language,
        used=count,
        card=card,
        capex=capex,
        capex_rub=capex_rub,
    )


# A job this long is also said in days.
BATCH_DAYS_FROM_HOURS = 48


def _batch_line(job: BatchJob, language: Language, deadline: float | None = None) -> str:
    """How long the batch job takes with the engine kept full, and whether that is within
    the deadline said."""
    days = ""
    if job.hours >= BATCH_DAYS_FROM_HOURS:
        days = render(M.ANSWER_BATCH_DAYS, language, days=fmt(round(job.hours / 24, 1)))
    if deadline is not None:
        code = M.ANSWER_BATCH_IN_TIME if job.hours <= deadline else M.ANSWER_BATCH_LATE
        days += render(code, language, deadline=fmt(round(deadline, 1)))
    return render(
        M.ANSWER_BATCH_JOB,
        language,
        items=job.items,
        prompt=fmt(job.prompt_tokens, language),
        output=fmt(job.output_tokens, language),
        concurrency=job.concurrency,
        hours=_hours(job.hours),
        days=days,
        aggregate=job.aggregate_tokens_per_s,
        gpu_hours=job.gpu_hours,
    )


def _batch_cost_line(cost: SizingCost, language: Language) -> str:
    """The batch job's cost: its electricity, its GPU-hours rented, the same requests through
    an API ("" without a batch job)."""
    parts = []
    if cost.batch_power_usd is not None and cost.batch_power_rub is not None:
        parts.append(
            render(
                M.ANSWER_BATCH_POWER, language, usd=cost.batch_power_usd, rub=cost.batch_power_rub
            )
        )
    if (
        cost.batch_rent_usd is not None
        and cost.batch_rent_rub is not None
        and cost.cloud_usd_per_gpu_hour is not None
    ):
        parts.append(
            render(
                M.ANSWER_BATCH_RENT,
                language,
                usd=cost.batch_rent_usd,
                rub=cost.batch_rent_rub,
                rate=cost.cloud_usd_per_gpu_hour,
            )
        )
    if cost.batch_api and cost.batch_api_usd is not None and cost.batch_api_rub is not None:
        parts.append(
            render(
                M.ANSWER_BATCH_API,
                language,
                api=cost.batch_api,
                usd=cost.batch_api_usd,
                rub=cost.batch_api_rub,
            )
        )
    return " ".join(parts)


def batch_buy_or_not(report: SizingReport, cost: SizingCost, language: Language) -> str | None:
    """A batch job the GPUs would be bought for: when the API or renting does the job for
    less than buying them, say so first, with how often the job must recur to pay back."""
    jobs = cost.batch_jobs_to_pay_back
    if jobs is None or report.batch_job is None:
        return None
    options = [
        (usd, rub, render(M.BATCH_VIA_API, language, api=cost.batch_api))
        for usd, rub in [(cost.batch_api_usd, cost.batch_api_rub)]
        if usd is not None and rub is not None and cost.batch_api
    ] + [
        (usd, rub, render(M.BATCH_VIA_RENT, language))
        for usd, rub in [(cost.batch_rent_usd, cost.batch_rent_rub)]
        if usd is not None and rub is not None
    ]
    if not options:
        return None
    alt, alt_rub, via = min(options, key=lambda option: option[0])
    capex, capex_rub, gpu = cost.capex_usd, cost.capex_rub, report.gpu.name
    card, card_usd, card_rub = (
        cost.card_alternative,
        cost.card_alternative_capex_usd,
        cost.card_alternative_capex_rub,
    )
    if cost.gpus_bought > report.gpu.count and card and card_usd and card_rub:
        gpu, capex, capex_rub = card, card_usd, card_rub  # the card version, not 8 in a server
    return render(
        M.BATCH_BUY_OR_NOT,
        language,
        alt=alt,
        alt_rub=alt_rub,
        via=via,
        capex=capex,
        capex_rub=capex_rub,
        count=report.gpu.count,
        gpu=gpu,
        jobs=jobs,
    )


def render_injection_note(language: Language) -> str:
    """Said when the message told the advisor what to answer: the figures are the engine's."""
    return render(M.ANSWER_INJECTION, language)


def _stage_lines(report: SizingReport, language: Language) -> list[str]:
    """The article's staged path: a pilot before the sized production, when they differ."""
    if len(report.stages) < 2:
        return []
    lines = [render(M.ANSWER_STAGED_PATH, language)]
    for stage in report.stages:
        name = render(_STAGES[stage.name], language) if stage.name in _STAGES else stage.name
        lines.append(f"- {name}: {stage.description_i18n.render(language)}")
    return lines


def breakdown_parts(breakdown: MemoryBreakdown, language: Language) -> str:
    unit = render(M.UNIT_GB, language)
    return ", ".join(
        f"{render(PARTS[name], language)} {fmt(round(value, 1))} {unit}"
        for name, value in breakdown.model_dump().items()
        if round(value, 1) > 0
    )


def _memory_line(report: SizingReport, language: Language, *, on_cpu: bool = False) -> str:
    memory = report.memory
    values = {
        "per_gpu": fmt(round(memory.per_gpu_gb, 1)),
        "capacity": fmt(memory.capacity_per_gpu_gb),
    }
    code = M.ANSWER_MEMORY if report.fits else M.ANSWER_MEMORY_NO_FIT
    if on_cpu:
        code = M.ANSWER_MEMORY_CPU if report.fits else M.ANSWER_MEMORY_CPU_NO_FIT
    if report.fits and memory.per_gpu_gb > memory.capacity_per_gpu_gb:
        # training may use the device total PyTorch reports, which the marketed decimal
        # figure understates ("80 GB" is 79.2 GiB = 85.0 GB)
        code = M.ANSWER_MEMORY_USABLE
        values["usable"] = fmt(round(memory.usable_per_gpu_gb, 1))
    usable = memory.usable_per_gpu_gb
    if not (report.fits or on_cpu) and usable < memory.per_gpu_gb <= memory.capacity_per_gpu_gb:
        # "43.2 GB needed, the card has 48": what the engine may use of them is the limit
        code = M.ANSWER_MEMORY_NO_FIT_USABLE
        values["usable"] = fmt(round(memory.usable_per_gpu_gb, 1))
    line = render(code, language, **values)
    parts = breakdown_parts(memory.breakdown_gb, language)
    line += (": " + parts if parts else "") + "."
    if memory.host_offload_gb:
        offload = fmt(round(memory.host_offload_gb, 1))
        line += " " + render(M.ANSWER_HOST_OFFLOAD, language, offload=offload)
    return line


# A burst is worth a sentence once it is noticeably slower than steady traffic.
BURST_WORTH_SAYING = 1.5


# Answers this long (a reasoning model's thinking, generated code) are said in seconds too.
LONG_ANSWER_TOKENS = 2048


def _inference_line(report: SizingReport, language: Language, *, on_cpu: bool = False) -> str:
    perf = report.performance
    figures: dict[str, Param] = {
        "tokens": fmt(report.memory.kv_cache_total_tokens, language),  # all replicas' users
        "users": perf.max_concurrent_users,
        "context": fmt(report.context, language),
        "asked": report.users,
        "per_user": fmt(round(perf.per_user_tokens_per_s, 1)),
        "total": fmt(round(perf.aggregate_tokens_per_s, 1), language),
        "ttft": fmt(round(perf.ttft_s, 1)),
    }
    if perf.max_users_at_window < perf.max_concurrent_users:  # requests shorter than the window
        line = render(
            M.ANSWER_INFERENCE_WINDOW,
            language,
            **figures,
            prompt=fmt(report.prompt_tokens, language),
            output=fmt(report.output_tokens, language),
            window_users=perf.max_users_at_window,
        )
    else:
        line = render(M.ANSWER_INFERENCE_CPU if on_cpu else M.ANSWER_INFERENCE, language, **figures)
    if report.output_tokens >= LONG_ANSWER_TOKENS and perf.request_s:  # a reasoning model's
        line += " " + render(
            M.ANSWER_WHOLE_ANSWER,
            language,
            output=fmt(report.output_tokens, language),
            seconds=fmt(round(perf.request_s)),
        )
    burst = round(perf.burst_ttft_s, 1)
    wave = round(perf.wave_tokens_per_s, 1)
    if report.users > 1 and wave >= BURST_WORTH_SAYING * max(perf.per_user_tokens_per_s, 0.1):
        # two 120k-token reports: each stream slowed by the other's prompt, or sent together
        line += " " + render(
            M.ANSWER_WAVE,
            language,
            users=report.users,
            speed=fmt(wave),
            ttft=fmt(round(perf.wave_ttft_s, 1)),
        )
    elif report.users > 1 and burst > BURST_WORTH_SAYING * max(perf.ttft_s, 0.1):
        line += " " + render(M.ANSWER_BURST, language, users=report.users, burst=fmt(burst))
    # One user asked for ("how many tokens/s on 4x H100?"): what the same GPUs give in total
    # when the memory is full of requests (the busiest load level of the curve that still
    # holds every request at once).
    full = [
        level
        for level in perf.load_curve
        if report.users == 1
        and 1 < level.concurrency <= perf.max_concurrent_users
        and level.batch >= level.concurrency
    ]
    if full:
        level = max(full, key=lambda lv: lv.concurrency)
        line += " " + render(
            M.ANSWER_FULL_LOAD,
            language,
            users=level.concurrency,
            per_user=fmt(round(level.per_user_tokens_per_s, 1)),
            total=fmt(round(level.aggregate_tokens_per_s, 1), language),
        )
    return line


def _training_line(training: Training, language: Language) -> str:
    line = render(
        M.ANSWER_TRAINING,
        language,
        rate=fmt(round(training.tokens_per_s, 1), language),
        trainable=fmt(training.trainable_params, language),
    )
    hours = render(
        M.ANSWER_TRAINING_HOURS,
        language,
        dataset=fmt(training.dataset_tokens or 0, language),
        epochs=fmt(training.epochs),
        hours=_hours(training.hours),
    )
    return f"{line} {hours}"


def short_hours(hours: float) -> float:
    """Hours to two significant figures below ten (0.031, 2.4), not 0 for a short run."""
    return round(hours, 1) if hours >= 10 else float(f"{hours:.2g}")


def _hours(hours: float) -> str:
    """Hours as said: `short_hours`, with thousands grouped."""
    return fmt(short_hours(hours)) if hours >= 10 else f"{short_hours(hours):g}"


def _server_line(
    report: SizingReport, language: Language, named: bool = False, on_cpu: bool = False
) -> str:
    """The server around the GPUs (or the CPU server itself); `named` when it is another
    setup's than the sizing's (the cheapest that does the same), so the line says whose."""
    server = report.server
    code = M.ANSWER_SERVER_FOR if named else M.ANSWER_SERVER
    return render(
        M.ANSWER_SERVER_CPU if on_cpu and not named else code,
        language,
        count=report.gpu.count,
        gpu=report.gpu.name,
        # "8 x 3072 GB of RAM": each server's, beyond one server
        ram=f"{server.servers} x {server.ram_per_server_gb}"
        if server.servers > 1
        else server.system_ram_gb,
        nvme=fmt(server.nvme_tb),
        power=server.power_w,
        cpu=server.cpu_note_i18n.render(language),
        cooling=server.cooling_note_i18n.render(language),
    )


def render_comparison(
    comparison: Comparison,
    catalog: Catalog,
    language: Language,
    passages: Sequence[Passage] = (),
    limit: int = 5,
    injection: bool = False,
    first: Sequence[str] = (),
) -> str:
    """The cheapest feasible GPUs for the need, best first, as the engine ordered them;
    `first`: the named GPUs head to head, said before them."""
    rows = [row for row in comparison.rows if row.fits]
    model = model_name(catalog, comparison.model)
    task = task_name(comparison.task, language)
    if not rows:
        lines = [render(M.COMPARE_NONE_FITS, language, model=model, task=task)]
        return _with_sources(lines, passages, language)
    precision = comparison.precision.upper()
    lines = [
        *first,
        render(M.COMPARE_HEADER, language, model=model, task=task, precision=precision),
    ]
    for row in rows[:limit]:
        parts = [
            f"{row.count} x {row.name}",
            f"{fmt(row.total_vram_gb)} {render(M.UNIT_GB, language)}",
        ]
        if row.servers > 1:
            parts.append(render(M.COMPARE_SERVERS, language, servers=row.servers))
        if row.per_user_tokens_per_s:
            speed = fmt(round(row.per_user_tokens_per_s, 1))
            parts.append(render(M.COMPARE_SPEED, language, speed=speed))
        if row.max_concurrent_users:
            parts.append(render(M.COMPARE_USERS, language, users=row.max_concurrent_users))
        if row.training_hours is not None:
            hours = fmt(round(row.training_hours, 1))
            parts.append(render(M.COMPARE_HOURS, language, hours=hours))
        parts.append(row.price_band_i18n.render(language))
        if row.purchase_usd and row.price_total_usd and row.purchase_usd > row.price_total_usd:
            parts.append(render(M.COMPARE_WHOLE_SERVERS, language, usd=row.purchase_usd))
        lines.append("- " + ", ".join(parts))
    skipped = len(comparison.rows) - len(rows)
    if skipped:
        lines.append(render(M.COMPARE_SKIPPED, language, skipped=skipped))
    if injection:
        lines.append(render_injection_note(language))
    return _with_sources(lines, passages, language)


def render_explanation(passages: Sequence[Passage], language: Language) -> str:
    """An answer from the knowledge base alone: the best passages, quoted and cited."""
    if not passages:
        return render(M.EXPLAIN_NOTHING, language)
    lines = [render(M.EXPLAIN_HEADER, language)]
    for number, passage in enumerate(passages, 1):
        lines.append(f"[{number}] {_excerpt(passage.text)}")
    return _with_sources(lines, passages, language)


def _excerpt(text: str, limit: int = 500) -> str:
    """The passage's first sentences up to `limit` characters, without markdown headings."""
    body = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    body = " ".join(body.split())
    if len(body) <= limit:
        return body
    cut = body.rfind(". ", 0, limit)
    return body[: cut + 1] if cut > limit // 3 else body[:limit].rstrip() + "…"


def render_size_only(weighed: SizeOnly, language: Language) -> str:
    """A size no catalog model has (or a model it lacks, at the size said): its weights
    alone, against the GPUs said if any."""
    values: dict[str, Any] = {
        "params": weighed.params_b,
        "bf16": weighed.weights_gb["bf16"],
        "fp8": weighed.weights_gb["fp8"],
        "int4": weighed.weights_gb["int4"],
        "largest": weighed.largest_model,
        "largest_b": weighed.largest_params_b,
    }
    if weighed.memory_gb is not None and weighed.fits is not None:  # against the GPUs said
        line = render(
            M.SIZE_ONLY_FITS if weighed.fits else M.SIZE_ONLY_NO,
            language,
            **values,
            memory=weighed.memory_gb,
            count=weighed.gpus,
            gpu=weighed.gpu or "",
        )
    else:
        line = render(M.SIZE_ONLY, language, **values, h100s=weighed.gpus_of_80gb)
    if weighed.params_b > weighed.largest_params_b:  # "10 триллионов": none that large exists
        line += " " + render(M.SIZE_ONLY_LARGEST, language, **values)
    return line


def render_clarification(clarification: Clarification, catalog: Catalog, language: Language) -> str:
    labels = [f"{model_name(catalog, c)} (`{c}`)" for c in clarification.candidates]
    names = "; ".join(labels)
    if clarification.reason == "ambiguous":
        if len(labels) > 1:
            first, others = labels[0], "; ".join(labels[1:])
            return render(M.CLARIFY_MOST_LIKELY, language, first=first, others=others)
        return render(M.CLARIFY_AMBIGUOUS, language, names=names)
    if clarification.reason == "unknown_gpu":
        known = sorted(
            (g for g in catalog.gpus.values() if g.gpu_class != "cpu"), key=lambda g: g.memory_gb
        )
        gpus = ", ".join(
            g.name + ("" if "GB" in g.name else f" ({g.memory_gb:g} GB)") for g in known
        )
        said = clarification.said or ""
        said = said.upper() if len(said) <= 5 else said  # "t4" was lower-cased to be read
        return render(M.CLARIFY_UNKNOWN_GPU, language, said=said, gpus=gpus)
    if clarification.reason == "unknown":
        code = M.CLARIFY_HOSTED if clarification.hosted else M.CLARIFY_UNKNOWN
        text = render(code, language, said=clarification.said or "")
        if names:
            text += " " + render(M.CLARIFY_AVAILABLE, language, names=names)
        return text + " " + render(M.CLARIFY_FULL_LIST, language)
    return render(M.CLARIFY_MISSING, language, families=", ".join(model_families(catalog)))


# Models under this size are test and toy models, not a business's choice.
_SMALLEST_EXAMPLE_B = 1.0


def model_families(catalog: Catalog) -> list[str]:
    """The catalog's model families by name, once each: the words of a model's name before
    its first version or size ("DeepSeek-R1-Distill-Llama-70B" -> DeepSeek, "Code Llama 7B"
    -> Code Llama, "gpt-oss-120b" -> gpt-oss), case folded ("LLaMA" and "Llama": the newest spelling)."""
    families: dict[str, str] = {}
    newest_first = sorted(catalog.models.values(), key=lambda m: m.released or "", reverse=True)
    for model in newest_first:
        if (model.reported_params_b or _SMALLEST_EXAMPLE_B) < _SMALLEST_EXAMPLE_B:
            continue
        words = re.split(r"[\s-]+", model.name)
        kept = list(itertools.takewhile(lambda w: not any(c.isdigit() for c in w), words))
        family = " ".join(kept) if kept else words[0]
        if "-" in model.name.split()[0] and kept:  # a hyphenated brand: "gpt-oss", "T-pro"
            family = "-".join(kept[:2]) if len(kept) > 1 and len(kept[0]) <= 3 else kept[0]
        families.setdefault(family.casefold(), family)
    return sorted(families.values(), key=str.casefold)


def render_error(error: dict[str, Any], language: Language) -> str:
    field = str(error["field"])
    message = str(error["message"]).removeprefix(f"{field}: ")
    text = render(M.ERROR_CANNOT_SIZE, language, field=field, message=message)
    allowed = ", ".join(error.get("allowed") or [])
    if allowed:
        text += " " + render(M.ERROR_ALLOWED, language, allowed=allowed)
    return text


def render_greeting(language: Language) -> str:
    return render(M.GREETING, language)


def render_off_topic(language: Language) -> str:
    return render(M.OFF_TOPIC, language)


def _rent_or_buy(price: HardwarePrice, language: Language) -> str | None:
    """ "8x H100 for 2 years at 40% of the time: rent or buy?": the cheaper, with both sums
    and the use at which the other wins."""
    weighed = price.rent_or_buy
    rate = price.cloud_usd_per_gpu_hour
    if weighed is None or rate is None:
        return None
    month = HOURS_PER_MONTH
    if weighed.break_even_hours_per_month is None:
        turn = render(M.ANSWER_RENT_OR_BUY_NEVER, language)
    else:
        hours = weighed.break_even_hours_per_month
        turn = render(
            M.ANSWER_RENT_OR_BUY_TURN, language, hours=hours, share=round(100 * hours / month)
        )
    return render(
        M.ANSWER_RENT_OR_BUY_RENT if weighed.cheaper == "rent" else M.ANSWER_RENT_OR_BUY_BUY,
        language,
        hours=weighed.hours_per_month,
        share=round(100 * weighed.hours_per_month / month),
        months=weighed.months,
        rent=weighed.rent_usd,
        rent_rub=weighed.rent_rub,
        own=weighed.own_usd,
        own_rub=weighed.own_rub,
        bought=weighed.bought,
        assumed="" if weighed.months_said else render(M.ANSWER_RENT_OR_BUY_ASSUMED, language),
        rate=rate,
        turn=turn,
    )


def render_hardware_price(
    price: HardwarePrice,
    passages: Sequence[Passage],
    language: Language,
    model_known: bool = False,
) -> str:
    """What named GPUs cost to buy, run and rent, and the models they serve (not when the
    conversation has sized its model on them: "and rented for two years, against buying?")."""
    used = render(M.REC_USED, language) if price.used_market else ""
    common: dict[str, Param] = {
        "gpu": price.gpu_name,
        "capex": price.capex_usd,
        "capex_rub": price.capex_rub,
        "per_gpu": price.usd_per_gpu,
        "used": used,
        "as_of": price.prices_as_of,
        "servers": price.servers,
    }
    if price.price_kind == "server_share":
        lines = [render(M.ANSWER_PRICE_SERVERS, language, bought=price.gpus_bought, **common)]
    else:
        lines = [
            render(
                M.ANSWER_PRICE_CARDS,
                language,
                count=price.count,
                chassis=price.chassis or "-",
                chassis_usd=price.chassis_usd,
                **common,
            )
        ]
    if price.gpus_bought > price.count:
        lines.append(
            render(
                M.ANSWER_PRICE_WHOLE_SERVER,
                language,
                gpu=price.gpu_name,
                bought=price.gpus_bought,
                count=price.count,
            )
        )
        priced = _card_version(
            price.card_alternative,
            price.card_alternative_capex_usd,
            price.card_alternative_capex_rub,
            price.count,
            language,
        )
        if priced is not None:
            lines.append(priced)
    lines.append(
        render(
            M.ANSWER_PRICE_RUNNING,
            language,
            monthly=price.monthly_usd,
            monthly_rub=price.monthly_rub,
            power=price.power_kw,
            pue=price.pue,
            kwh=price.power_usd_per_kwh,
            upkeep=price.upkeep_pct_per_year,
            three_years=price.three_years_usd,
            three_years_rub=price.three_years_rub,
        )
    )
    if (
        price.cloud_usd_per_gpu_hour is not None
        and price.cloud_monthly_usd is not None
        and price.cloud_monthly_rub is not None
    ):
        lines.append(
            rental_line(
                price.count,
                price.cloud_usd_per_gpu_hour,
                (price.cloud_monthly_usd, price.cloud_monthly_rub),
                price.cloud_break_even_months,
                language,
                card=price.card_alternative,
            )
        )
    verdict = _rent_or_buy(price, language)
    if verdict is not None:  # what was asked comes first
        lines.insert(0, verdict)
    if model_known:
        return _with_sources(lines, passages, language)
    strongest = next((r for r in price.runs if r.label == "quality"), None)
    start = next((r for r in price.runs if r.label == "recommended"), None)
    if strongest is None:
        strongest, start = start, None
    if strongest is not None:
        lines.append(
            render(
                M.ANSWER_PRICE_RUNS,
                language,
                memory=price.memory_gb,
                model=strongest.model_name,
                precision=strongest.precision.upper(),
                gpus=strongest.gpus,
            )
        )
    if start is not None:
        lines[-1] += " " + render(
            M.ANSWER_PRICE_RUNS_START,
            language,
            model=start.model_name,
            precision=start.precision.upper(),
            gpus=start.gpus,
        )
    lines.append(render(M.ANSWER_PRICE_NEXT, language))
    return _with_sources(lines, passages, language)


def render_server_tiers(
    tiers: Sequence[HardwarePrice],
    passages: Sequence[Passage],
    language: Language,
    *,
    which: bool = False,
) -> str:
    """ "How much does a server for AI cost?" with no GPU named: one typical server per GPU
    tier, each with its price, running cost and the strongest model it serves. `which`: the
    question was which server to buy ("what server should we buy?"), so the answer says
    what decides it and asks for that."""
    head, last = (
        (M.ANSWER_TIERS_WHICH_HEAD, M.ANSWER_TIERS_WHICH_NEXT)
        if which
        else (M.ANSWER_TIERS_HEAD, M.ANSWER_PRICE_NEXT)
    )
    if not tiers:
        return render(last, language)
    lines = [render(head, language, as_of=tiers[0].prices_as_of)]
    for tier in tiers:
        strongest = next((r for r in tier.runs if r.label == "quality"), None)
        strongest = strongest or (tier.runs[0] if tier.runs else None)
        lines.append(
            render(
                M.ANSWER_TIER,
                language,
                count=tier.gpus_bought,
                gpu=tier.gpu_name,
                memory=tier.memory_gb * tier.gpus_bought / tier.count,
                capex=tier.capex_usd,
                capex_rub=tier.capex_rub,
                monthly=tier.monthly_usd,
                monthly_rub=tier.monthly_rub,
                model=strongest.model_name if strongest is not None else "-",
                precision=strongest.precision.upper() if strongest is not None else "-",
            )
        )
    lines.append(render(last, language))
    return _with_sources(lines, passages, language)


@dataclass
class WeighedGpu:
    """One GPU of "L40S or A100?": its price answer, the specs that tell them apart, and the
    model both hold sized on it (None: not sized, or it did not fit)."""

    price: HardwarePrice
    bandwidth_tb_s: float
    fp8: bool
    watts: float
    same: SizingReport | None = None


def render_gpus_weighed(
    weighed: Sequence[WeighedGpu],
    common: RunsOn | None,
    passages: Sequence[Passage],
    language: Language,
) -> str:
    """GPUs weighed with no model named: each one's memory, bandwidth, FP8, price and the
    strongest model it serves, then one model on each in tokens/s and users."""
    names = ", ".join(f"{w.price.count} x {w.price.gpu_name}" for w in weighed)
    as_of = weighed[0].price.prices_as_of if weighed else ""
    lines = [render(M.ANSWER_GPUS_HEAD, language, gpus=names, as_of=as_of)]
    for entry in weighed:
        price = entry.price
        strongest = next((r for r in price.runs if r.label == "quality"), None)
        rent = (
            render(M.ANSWER_GPUS_RENT, language, rate=price.cloud_usd_per_gpu_hour)
            if price.cloud_usd_per_gpu_hour is not None
            else ""
        )
        lines.append(
            render(
                M.ANSWER_GPUS_ROW,
                language,
                count=price.count,
                gpu=price.gpu_name,
                memory=price.memory_gb,
                bandwidth=entry.bandwidth_tb_s,
                fp8=note(M.ANSWER_GPUS_FP8 if entry.fp8 else M.ANSWER_GPUS_NO_FP8),
                watts=entry.watts * price.count,
                capex=price.capex_usd,
                capex_rub=price.capex_rub,
                monthly=price.monthly_usd,
                monthly_rub=price.monthly_rub,
                rent=rent,
                whole=(
                    render(M.ANSWER_GPUS_WHOLE, language, bought=price.gpus_bought)
                    if price.gpus_bought > price.count
                    else ""
                ),
                model=strongest.model_name if strongest is not None else "-",
                precision=strongest.precision.upper() if strongest is not None else "-",
            )
        )
    sized = [w for w in weighed if w.same is not None]
    if common is not None and len(sized) > 1:
        context = sized[0].same.context if sized[0].same is not None else 0
        lines.append(
            render(
                M.ANSWER_GPUS_SAME_MODEL,
                language,
                model=common.model_name,
                precision=common.precision.upper(),
                context=context,
            )
        )
        for entry in sized:
            report = entry.same
            assert report is not None
            lines.append(
                render(
                    M.ANSWER_GPUS_SAME_ROW,
                    language,
                    count=report.gpu.count,
                    gpu=entry.price.gpu_name,
                    speed=report.performance.per_user_tokens_per_s,
                    users=report.performance.max_concurrent_users,
                )
            )
    lines.append(render(M.ANSWER_GPUS_WHY, language))
    lines.append(render(M.ANSWER_PRICE_NEXT, language))
    return _with_sources(lines, passages, language)


def _with_sources(lines: list[str], passages: Sequence[Passage], language: Language) -> str:
    if passages:
        lines.append(render(M.SOURCES, language))
        lines.extend(
            f"[{number}] {passage.title} — {passage.section}"
            for number, passage in enumerate(passages, 1)
        )
    return "\n".join(lines)


# ---- a goal: the recommendation -------------------------------------------------------------

# Assumptions a buyer must see to correct them (the rest are in the JSON and the staff view).
_KEY_ASSUMPTIONS = {
    M.REC_PROFILE,
    M.REC_FILL_IN_MIDDLE,
    M.REC_REASONING,
    M.REC_STRONGER_THAN,
    M.REC_NONE_STRONGER_IN_FAMILY,
    M.REC_NO_DISTILLS,
    M.REC_AS_PUBLISHED,
    M.REC_BATCH_RECURRING,
    M.REC_BATCH_WEEK,
    M.REC_BATCH_DEADLINE,
    M.ASSUMED_HEADCOUNT,
    M.ASSUMED_HEADCOUNT_PEAK,
    M.ASSUMED_CUSTOMERS,
    M.ASSUMED_DAILY,
    M.ASSUMED_DAILY_EVEN,
    M.ASSUMED_RATE,
    M.ASSUMED_EXAMPLES,
    M.REC_DEFAULT_USERS,
    M.REC_BUDGET_RUB,
    M.REC_BUDGET_USD,
    M.REC_BUDGET_EUR,
    M.REC_API_BILL,
    M.REC_BILL_LOAD,
    M.REC_BILL_LISTED_RUB,
    M.REC_QUALITY_ASKED,
    M.REC_DATACENTER,
    M.REC_WORKSTATION,
    M.REC_PROFESSIONAL_ONLY,
    M.REC_DATACENTER_BY_SIZE,
    M.REC_DATACENTER_BY_LOAD,
    M.REC_DATACENTER_BY_SERVICE,
    M.REC_DATACENTER_BY_CALLS,
    M.REC_DATASET_DEFAULT,
    M.REC_DATASET_CHINCHILLA,
    M.REC_RUSSIAN_UNMEASURED,
    M.REC_WINDOW,
    M.REC_CALL_MINUTES,
    M.REC_DEADLINE_DEFAULT,
    M.REC_DEADLINE_DEFAULT_PRETRAIN,
    M.REC_TRAINING,
    M.REC_RATE,
    M.ASSUMED_WORDS,
    M.ASSUMED_TEXT_VOLUME,
    M.REC_TTFT_SCALED,
    M.ASSUMED_DOCUMENT,
    M.ASSUMED_LONG_DOCUMENT,
    M.ASSUMED_DIALOGUE_TURNS,
    M.ASSUMED_PER_PERSON,
    M.ASSUMED_TRANSCRIPT,
    M.REASONING_OUTPUT,
    M.ENGINE_DROPPED_GPU,
    M.REC_POWER_PRICE,
}
OTHER_OPTIONS = 3
BATCH_RATE_NOTES = frozenset({M.ASSUMED_DAILY_EVEN, M.ASSUMED_RATE})


def render_recommendation(
    result: Recommendation,
    language: Language,
    wants: Sequence[str] = (),
    passages: Sequence[Passage] = (),
    injection: bool = False,
    already_cheapest: bool = False,
    within_budget: Option | None = None,
    published: Option | None = None,
    published_near: bool = False,
    other_tasks: Sequence[tuple[str, Option]] = (),
    user_base: tuple[int, int, Option] | None = None,
    pick: bool = False,
    api_if_cheaper: bool = False,
    retrieval: tuple[int, Option] | None = None,
) -> str:
    """The answer to a goal (after a "cheaper?" that it already answered, what cheaper would
    give up first; after "which would you pick?", the choice and why): the option to take
    first (GPUs, model, users, speed, cost, the API comparison), the others in a line each,
    what is unmet and what would make it work, the assumptions to correct, and the
    sources. `api_if_cheaper`: "the cheapest way" with no GPUs asked for leads with the API
    when it stays cheaper."""
    lines: list[str] = []
    lead = lead_option(result, wants)
    if pick and lead is not None:
        lines.append(
            render(
                M.REC_PICK,
                language,
                count=lead.gpu.count * lead.replicas,
                gpu=lead.gpu.name,
                model=lead.model_name,
                why=lead.why_i18n.render(language),
            )
        )
    geforce = (
        lead is not None
        and lead.gpu.gpu_class == "gaming"
        and lead.gpu.market != "owned"
        # rented GeForce cards are the provider's licence, not the customer's (QA 42)
        and not ("rent" in wants and rent_usd(lead) is not None)
    )
    pro = next((o for o in result.options if o.label == "pro"), None) if geforce else None
    if "rent" in wants:
        lines.extend(_asked_rental(result, language))
    if lead is not None and already_cheapest:
        lines.append(_cheaper_trade_offs(lead, result, language))
    asked_api = "api_vs_own" in wants and lead is not None and lead.cost.run_usd is None
    private = bool(result.goal.get("on_premises"))
    if api_if_cheaper and lead is not None and not private:
        # "the cheapest way" to a goal, no GPUs asked for: the API first when it stays cheaper
        asked_api = asked_api or api_costs_less(lead)
    if private and "rent" in wants:  # the rental prices below, for comparison only
        lines.append(render(M.REC_ON_PREMISES, language))
    elif private and "api_vs_own" in wants:  # "API or own server? a bank": no API price shown
        lines.append(render(M.REC_ON_PREMISES_OWN, language))
    elif result.goal.get("data_residency") and not private:  # "EU data residency": where
        # API and rental run (data kept inside the company says more: no API, no rental)
        lines.append(render(M.REC_RESIDENCY, language))
    if lead is not None and ("rent" in wants or lead.cost.runs_per_year is not None):
        verdict = runs_verdict(lead, language)  # "rent or buy for a run a quarter?"
        if verdict is not None:
            lines.append(verdict)
    job = job_verdict(lead, result.goal, language) if lead is not None else None
    if job is not None:  # a job done once: buying is weighed for it alone, first
        lines.append(job)
        asked_api = False
    if result.api_switch_i18n is not None:  # "Claude ..., перейти на DeepSeek API?": first
        lines.append(result.api_switch_i18n.render(language))
    if asked_api and lead is not None and private:  # the data stays in: said above
        asked_api = False
    if asked_api and lead is not None:  # "API or our own server?": that answer first
        verdict = api_verdict(lead, language)
        asked_api = verdict is not None
        if verdict is not None:
            lines.append(verdict)
    rent_run = rent_the_run(lead, rented_option(result), language) if lead is not None else None
    if rent_run is not None:  # "full fine-tune, 500M tokens, within a month": $58 rented
        lines.append(rent_run)
    if lead is not None:
        buying = M.REC_LABEL_IF_BUYING if rent_run is not None else None
        lines.append(_goal_headline(lead, result, language, wants, label=buying))
        if lead.batch_job is not None:  # "how long will it take?": on the setup to take
            deadline = result.goal.get("deadline_hours")
            line = _batch_line(lead.batch_job, language, deadline)
            job_gpus = round(lead.batch_job.gpu_hours / max(lead.batch_job.hours, 1e-9))
            if job_gpus > lead.gpu.count * lead.replicas:  # a batch runs on every owned GPU
                line += render(M.ANSWER_BATCH_ON_ALL, language, gpus=job_gpus)
            lines.append(line)
        said_why = (
            lead.label == "fastest"  # the headline names it, with its speed
            or (lead.label == "pareto" and ("cheapest" in wants or "rent" in wants))
        ) or (_strongest_lead(lead, wants))
        if lead.label not in ("recommended", "owned") and not said_why:  # the headline says it
            lines.append(lead.why_i18n.render(language))
        memory = _long_prompt_memory(lead, result, language)
        if memory is not None:
            lines.append(memory)
        missed = _missed_targets(lead, result, language)
        if missed is not None:
            lines.append(missed)
        if result.in_a_wave_i18n is not None and lead.label == "recommended":
            lines.append(result.in_a_wave_i18n.render(language))  # ten contracts sent together
        lines.extend(
            cost_lines(
                lead,
                language,
                rent_first="rent" in wants,
                api=not asked_api and not private,  # the data stays in: no API to weigh
                rental="rent" in wants or not private,
                power=result.goal.get("power_usd_per_kwh") is not None,  # "при 9 ₽ за кВт·ч"
            )
        )
        personal = personal_data_line(lead, language) if asked_api else None
        if personal is not None:  # the verdict weighed a foreign API: after the setup
            lines.append(personal)
        if "rent" in wants and rent_usd(lead) is None and lead.gpu.market != "owned":
            lines.append(render(M.REC_NO_RENTAL, language, gpu=lead.gpu.name))
        if lead.gpu.vendor == "amd" and lead.gpu.market != "owned":  # QA 44: MI350X, no word
            lines.append(render(M.REC_AMD_SOFTWARE, language))
        if geforce:
            lines.append(render(M.REC_GEFORCE_LICENCE, language))
            if pro is not None:  # the licence note's way out, priced
                lines.append(_goal_other(pro, language))
    for task, option in other_tasks:  # "LoRA или полный fine-tune?": the heavier one
        lines.append(
            render(
                M.REC_OTHER_TASK,
                language,
                task=task_name(task, language),
                option=_goal_other(option, language),
            )
        )
    if retrieval is not None:  # whole documents, or passages (RAG)?
        prompt, by_passages = retrieval
        short = next(  # the model named reads less than a document (Llama 3: 8k)
            (n for n in result.unmet_i18n if n.code is M.UNMET_MODEL_CONTEXT_TOO_LONG), None
        )
        if lead is not None:
            code, named = M.REC_BY_RETRIEVAL, {}
        elif short is not None:
            code, named = M.REC_MODEL_BY_RETRIEVAL, {"model": short.params["model"]}
        else:
            code, named = M.REC_ONLY_BY_RETRIEVAL, {}
        lines.append(
            render(
                code,
                language,
                prompt=prompt,
                whole=result.workload.input_tokens,
                option=_goal_other(by_passages, language, M.REC_LABEL_RETRIEVAL),
                **named,
            )
        )
    if user_base is not None:  # "500 users": everyone, not all at once, priced beside
        lines.append(render_user_base(*user_base, language))
    if result.transcription_i18n is not None:
        lines.append(result.transcription_i18n.render(language))
    if result.synthesis_i18n is not None:
        lines.append(result.synthesis_i18n.render(language))
    if result.unmet_i18n:
        if lead is None and isinstance(result.goal.get("owned"), dict):  # "на этих же L40S?"
            lines.append(render(M.REC_NO_ON_OWNED, language))
        lines.append(render(M.REC_HEADING_UNMET, language) + ":")
        lines.extend(f"- {item.render(language)}" for item in result.unmet_i18n)
    if published is not None:  # the lead quantises it below its published format
        as_published = note(
            M.REC_LABEL_NEAR_PUBLISHED if published_near else M.REC_LABEL_PUBLISHED,
            format=published.precision.upper(),
        )
        lines.append(_goal_other(published, language, as_published))
    slower = next((o for o in result.options if o.label == "budget_fit"), None)
    if slower is not None:  # the model asked for, within the budget, short of the targets
        lines.append(_goal_other(slower, language))
    if within_budget is not None:  # the model asked for costs more than the budget
        same_model = within_budget.model == (lead.model if lead is not None else None)
        qlora = same_model and within_budget.size_request.get("task") == "qlora"
        lines.append(
            _goal_other(
                within_budget,
                language,
                M.REC_WITHIN_BUDGET_QLORA if qlora else M.REC_WITHIN_BUDGET_MODEL,
            )
        )
    said_beside = [o for o in (published, within_budget, slower) if o is not None]
    others = [
        o
        for o in result.options
        if o is not lead and o is not pro and not any(_same_setup(o, b) for b in said_beside)
    ][:OTHER_OPTIONS]
    if others:
        lines.append(render(M.GOAL_ALSO, language))
        # the lead is what was asked for (the strongest, the cheapest to buy): the option the
        # search calls recommended is then named for what it is, not a second "Recommended"
        relabel = None
        if lead is not None and _strongest_lead(lead, wants):
            relabel = M.REC_LABEL_CHEAPEST_MEETING
        elif lead is not None and lead.label == "pareto" and "cheapest" in wants:
            relabel = M.REC_LABEL_LOWEST_TCO
        for option in others:
            label: M | Note | None = relabel if option.label == "recommended" else None
            if _cheaper_without_headroom(option, lead, result):
                label = note(M.REC_LABEL_NO_HEADROOM, share=round((HEADROOM - 1) * 100))
            lines.append(f"- {_goal_other(option, language, label)}")
    if result.make_it_fit:
        lines.append(render(M.GOAL_WHAT_FITS, language))
        lines.extend(f"- {fit_line(change, language)}" for change in result.make_it_fit)
    return _goal_ending(lines, result, language, passages, injection)


_RUSSIAN: dict[str, M] = {
    "strong": M.RUSSIAN_STRONG,
    "good": M.RUSSIAN_GOOD,
    "fair": M.RUSSIAN_FAIR,
    "weak": M.RUSSIAN_WEAK,
    "unpublished": M.RUSSIAN_UNPUBLISHED,
}


def render_models_side_by_side(
    results: Sequence[Recommendation],
    catalog: Catalog,
    language: Language,
    choice: ModelPick | None,
    wants: Sequence[str] = (),
    passages: Sequence[Passage] = (),
    injection: bool = False,
) -> str:
    """Models weighed for one goal: each on its cheapest setup that serves the load, with
    its quality tier, Russian and cost; then what sets them apart and the one to take."""
    workload = results[0].workload
    lines = [
        render(
            M.MODELS_HEAD_TO_HEAD,
            language,
            users=workload.concurrency,
            input=workload.input_tokens,
            output=workload.output_tokens,
        )
    ]
    leads: list[Option] = []
    in_russian = results[0].goal.get("language") == "ru"  # for Russian users only
    for result in results:
        lead = lead_option(result, wants)
        if lead is None:
            asked = str(result.goal.get("model") or result.goal.get("family") or "")
            unmet = "; ".join(n.render(language) for n in result.unmet_i18n[:1])
            lines.append(
                "- "
                + render(
                    M.MODELS_HEAD_NONE, language, model=model_name(catalog, asked), unmet=unmet
                )
            )
            continue
        leads.append(lead)
        russian = _russian_rating(lead.model, catalog)
        local = local_cost(lead)[0]
        line = render(
            M.MODELS_HEAD_LINE,
            language,
            **_option_params(lead, language),
            quality=render(
                M.MODELS_TIER, language, tier=lead.quality_tier, basis=lead.quality_basis
            )
            if lead.quality_tier != UNRATED and lead.quality_basis
            else render(M.MODELS_TIER_UNRATED, language),
            russian=render(M.MODELS_RUSSIAN_PART, language, russian=render(russian, language))
            if in_russian
            else "",
            monthly=lead.cost.monthly_usd,
            monthly_local=local.monthly,
            tco=lead.cost.tco_3y_usd,
            tco_local=local.tco_3y,
        )
        if not lead.meets_targets:
            line += " " + _short_of_goal(lead, result.workload, language)
        lines.append(f"- {line}")
        if "rent" in wants:  # "а в аренду сколько в месяц?": each setup rented (QA 52)
            rented = option_rental(lead, language)
            lines.append(f"  {rented or render(M.REC_NO_CLOUD_RATE, language).capitalize() + '.'}")
    if len(leads) > 1:
        lines.extend(_models_apart(leads, catalog, language, russian=in_russian))
    pick = lead_option(choice.result, wants) if choice is not None else None
    if choice is not None and pick is not None:
        lines.append(
            render(
                M.MODELS_PICK,
                language,
                model=pick.model_name,
                reason=render(choice.reason, language),
            )
        )
    taken = pick or (leads[0] if leads else None)
    if "api_vs_own" in wants and taken is not None:  # "API or own server?": that first
        verdict = api_verdict(taken, language)
        if verdict is not None:
            lines.insert(0, render(M.MODELS_API_VERDICT, language, model=taken.model_name))
            lines.insert(1, verdict)
    return _goal_ending(lines, results[0], language, passages, injection)


def _same_setup(a: Option, b: Option) -> bool:
    """The same model, format and GPUs (an option said on its own line, not again below)."""
    return (a.model, a.precision, a.gpu.id, a.gpu.count * a.replicas) == (
        b.model,
        b.precision,
        b.gpu.id,
        b.gpu.count * b.replicas,
    )


def _short_of_goal(lead: Option, workload: Workload, language: Language) -> str:
    """What a lead that misses the goal lacks, each target against its figure ("the first
    token after 2.2 s against 2 s"); its own note where it misses none of them."""
    missed: list[str] = []
    if lead.max_concurrent_users < workload.concurrency:
        missed.append(
            render(
                M.ANSWER_MISSED_USERS,
                language,
                capacity=lead.max_concurrent_users,
                users=workload.concurrency,
            )
        )
    speed = workload.tokens_per_s_per_user
    if speed and lead.per_user_tokens_per_s < speed:
        missed.append(
            render(M.ANSWER_MISSED_SPEED, language, now=lead.per_user_tokens_per_s, target=speed)
        )
    ttft = workload.ttft_p95_s
    if ttft and lead.ttft_s is not None and lead.ttft_s > ttft:
        now = round(lead.ttft_s, 2)
        missed.append(render(M.ANSWER_MISSED_TTFT, language, now=now, target=ttft))
    if not missed:
        return lead.why_i18n.render(language)
    held = lead.max_concurrent_users < workload.concurrency  # said among the misses
    return render(
        M.MODELS_SHORT_OF_GOAL if held else M.MODELS_SHORT_OF_GOAL_HOLDS,
        language,
        misses="; ".join(missed),
        capacity=lead.max_concurrent_users,
    )


def render_gpus_side_by_side(
    results: Sequence[Recommendation],
    catalog: Catalog,
    language: Language,
    choice: ModelPick | None,
    wants: Sequence[str] = (),
    passages: Sequence[Passage] = (),
    injection: bool = False,
) -> str:
    """GPUs weighed for one goal: the best setup on each (the model it runs, the load, the
    price), then the card to take and why."""
    first = results[0]
    workload = first.workload
    model = first.goal.get("model")
    budget = goal_budget(first.goal, catalog.prices)
    within = (
        render(M.GPUS_WITHIN_BUDGET, language, usd=budget[0], local=budget[1], cur=note(budget[2]))
        if budget is not None
        else ""
    )
    loads: dict[str, Any] = {
        "budget": within,
        "users": workload.concurrency,
        "input": workload.input_tokens,
        "output": workload.output_tokens,
    }
    if model is not None:
        head = render(
            M.GPUS_HEAD_TO_HEAD_MODEL, language, model=model_name(catalog, str(model)), **loads
        )
    else:
        head = render(M.GPUS_HEAD_TO_HEAD, language, **loads)
    lines = [head]
    for result in results:
        lead = lead_option(result, wants)
        if lead is None or not lead.meets_targets:
            gpu = catalog.gpus[str(result.goal["gpu"])].name
            unmet = "; ".join(n.render(language) for n in result.unmet_i18n[:1])
            if lead is not None and not unmet:
                unmet = lead.why_i18n.render(language)
            lines.append("- " + render(M.GPUS_HEAD_NONE, language, gpu=gpu, unmet=unmet))
            continue
        quality = (
            render(M.GPUS_TIER, language, tier=lead.quality_tier)
            if lead.quality_tier != UNRATED
            else render(M.MODELS_TIER_UNRATED, language)
        )
        line = render(M.GPUS_HEAD_LINE, language, **_option_params(lead, language), quality=quality)
        if over_budget(lead, budget[0] if budget is not None else None):
            line += render(M.GPUS_OVER_BUDGET, language)
        lines.append(f"- {line}")
    pick = lead_option(choice.result, wants) if choice is not None else None
    if choice is not None and pick is not None:
        reason = render(choice.reason, language)
        lines.append(render(M.GPUS_PICK, language, gpu=pick.gpu.name, reason=reason))
    else:
        lines.append(render(M.GPUS_PICK_NONE, language))
    if model is None:
        lines.append(render(M.GPUS_NAME_A_MODEL, language))
    return _goal_ending(lines, first, language, passages, injection)


def _goal_ending(
    lines: list[str],
    result: Recommendation,
    language: Language,
    passages: Sequence[Passage],
    injection: bool,
) -> str:
    """How a goal's answer ends: the key assumptions to correct, what the person may change,
    the note on dictated figures, and the sources."""
    key = [n for n in result.assumptions_i18n if n.code in _KEY_ASSUMPTIONS]
    if any(option.batch_job is not None for option in result.options):
        # a batch job keeps as many requests in flight as the engine holds (each option's
        # line), not the rate of its items over the deadline that a service would see
        key = [n for n in key if n.code not in BATCH_RATE_NOTES]
    if key:
        lines.append(render(M.GOAL_KEY_ASSUMPTIONS, language))
        lines.extend(f"- {item.render(language)}" for item in key)
    lines.append(render(M.GOAL_CHANGE, language))
    if injection:
        lines.append(render_injection_note(language))
    return _with_sources(lines, passages, language)


def _models_apart(
    leads: Sequence[Option], catalog: Catalog, language: Language, russian: bool
) -> list[str]:
    """What sets the weighed models apart: cost, quality tier and, for Russian users, the
    published Russian rating (the cheapest against the dearest, the strongest against the
    weakest)."""
    lines = []
    cheap = min(leads, key=lambda o: o.cost.tco_3y_usd)
    dear = max(leads, key=lambda o: o.cost.tco_3y_usd)
    if dear.cost.tco_3y_usd > cheap.cost.tco_3y_usd * (1 + SAME_COST):
        lines.append(
            render(
                M.MODELS_CHEAPER,
                language,
                model=cheap.model_name,
                tco=cheap.cost.tco_3y_usd,
                tco_local=local_cost(cheap)[0].tco_3y,
                other=dear.cost.tco_3y_usd,
                other_local=local_cost(dear)[0].tco_3y,
                cur=note(local_cost(cheap)[1]),
            )
        )
    else:
        lines.append(render(M.MODELS_SAME_COST, language))
    strong = max(leads, key=lambda o: o.quality_tier)
    weak = min(leads, key=lambda o: o.quality_tier)
    if weak.quality_tier == UNRATED:
        lines.append(render(M.MODELS_UNRATED, language, model=weak.model_name))
    elif strong.quality_tier > weak.quality_tier:
        lines.append(
            render(
                M.MODELS_STRONGER,
                language,
                model=strong.model_name,
                tier=strong.quality_tier,
                other=weak.quality_tier,
            )
        )
    else:
        lines.append(render(M.MODELS_SAME_TIER, language, tier=strong.quality_tier))
    ranked = sorted(leads, key=lambda o: russian_rank(o.model, catalog), reverse=True)
    top, bottom = ranked[0], ranked[-1]
    if russian and russian_rank(top.model, catalog) > russian_rank(bottom.model, catalog):
        lines.append(
            render(
                M.MODELS_RUSSIAN,
                language,
                model=top.model_name,
                rating=render(_russian_rating(top.model, catalog), language),
                other=bottom.model_name,
                other_rating=render(_russian_rating(bottom.model, catalog), language),
            )
        )
    return lines


def _russian_rating(model: str, catalog: Catalog) -> M:
    fit = catalog.suitability.get(model)
    return _RUSSIAN[fit.russian if fit is not None else "unpublished"]


# From here a prompt's KV cache rivals a model's weights (a 16k-token request holds 2 GB on
# Llama 3.1 8B in FP16, an eighth of its weights, per user), so the answer shows the split.
LONG_PROMPT_TOKENS = 16_384


def _long_prompt_memory(option: Option, result: Recommendation, language: Language) -> str | None:
    """Where a long-document option's memory goes: the KV cache of each request, of the users
    at once, and the weights, against the GPUs' memory (the reason it needs these GPUs)."""
    memory = option.memory
    if memory is None or result.workload.input_tokens < LONG_PROMPT_TOKENS:
        return None
    return render(
        M.REC_LONG_PROMPT_MEMORY,
        language,
        context=option.context,
        per_request=memory.kv_gb_per_request,
        users=option.users_per_replica,
        peak=memory.kv_gb_at_peak,
        weights=memory.weights_gb,
        used=memory.kv_gb_at_peak + memory.weights_gb,
        memory=memory.memory_gb,
        count=option.gpu.count,
        gpu=option.gpu.name,
        per_copy=render(M.REC_PER_COPY, language) if option.replicas > 1 else "",
    )


def _missed_targets(option: Option, result: Recommendation, language: Language) -> str | None:
    """What a lead that serves the load below its targets misses, by how much (GPUs the
    customer owns, "and for 1000 users?": said, not left to the figures); None when it meets
    them, for a training run, and for the closest option, whose reason says it."""
    workload = result.workload
    if (
        option.meets_targets
        or option.training_hours is not None
        or option.batch_job is not None  # a job's line says its hours against the deadline
        or option.label == "closest"
    ):
        return None
    missed = []
    target_speed, target_ttft = workload.tokens_per_s_per_user, workload.ttft_p95_s
    if target_speed is not None and option.per_user_tokens_per_s < target_speed:
        missed.append(
            render(
                M.REC_MISSED_SPEED,
                language,
                speed=option.per_user_tokens_per_s,
                target=round(target_speed, 1),
            )
        )
    if target_ttft is not None and option.ttft_s > target_ttft:
        missed.append(
            render(M.REC_MISSED_TTFT, language, ttft=round(option.ttft_s, 2), target=target_ttft)
        )
    if not missed:
        return None
    users = option.users_per_replica * option.replicas
    return render(M.REC_MISSES_TARGETS, language, users=users, missed="; ".join(missed))


def _asked_rental(result: Recommendation, language: Language) -> list[str]:
    """For "what does renting 8x H100 cost?": the GPUs the goal names, rented around the
    clock, before any option (the rate is the catalog's, carried by an option on that GPU)."""
    gpu, count = result.goal.get("gpu"), result.goal.get("gpus")
    lead = lead_option(result)
    if gpu is None or (lead is not None and lead.training_hours is not None):
        return []  # a training run is rented per run, which its verdict prices, not monthly
    on_gpu = [o for o in result.options if o.gpu.id == gpu and o.cost.cloud_usd_per_gpu_hour]
    # "арендовать H100 на месяц": as many as the lead on it takes, not the pilot's
    rated = lead if lead is not None and lead in on_gpu else next(iter(on_gpu), None)
    if rated is None or rated.cost.cloud_usd_per_gpu_hour is None:
        return []
    count = count or rated.gpu.count * rated.replicas
    rate = rated.cost.cloud_usd_per_gpu_hour
    said_hours = result.goal.get("rent_hours_per_month")
    hours = float(round(said_hours or HOURS_PER_MONTH))  # the hours shown multiply out
    monthly = rate * count * hours
    return [
        render(
            M.REC_RENT_ASKED_HOURS if said_hours and hours < HOURS_PER_MONTH else M.REC_RENT_ASKED,
            language,
            count=count,
            gpu=rated.gpu.name,
            rate=rate,
            hours=round(hours),
            monthly=monthly,
            monthly_local=monthly * (result.eur_per_usd or result.rub_per_usd),
            cur=note(M.CURRENCY_EUR if result.eur_per_usd else M.CURRENCY_RUB),
        )
    ]


def _cheaper_trade_offs(lead: Option, result: Recommendation, language: Language) -> str:
    """Why a second "cheaper?" gets the same setup, and what a cheaper one would give up."""
    if lead.training_hours is not None:
        return _cheaper_training(lead, result, language)
    ways = []
    start = next((o for o in result.options if o.label == "start"), None)
    if start is not None and start.cost.capex_usd < lead.cost.capex_usd:
        ways.append(render(M.REC_CHEAPER_PILOT, language, **_option_params(start, language)))
    cost = lead.cost
    api_cheaper = (  # not for data that may not leave the company
        cost.api_monthly_usd is not None
        and cost.api_monthly_usd * MONTHS_3Y < cost.tco_3y_usd
        and not result.goal.get("on_premises")
    )
    if api_cheaper and cost.api_monthly_usd is not None and cost.api_name is not None:
        ways.append(
            render(M.REC_CHEAPER_API, language, api=cost.api_name, monthly=cost.api_monthly_usd)
        )
    ways.append(render(M.REC_CHEAPER_MODEL, language))
    return render(
        M.REC_ALREADY_CHEAPEST,
        language,
        users=result.workload.concurrency,
        model=lead.model_name,
        ways="; ".join(ways),
    )


def _cheaper_training(lead: Option, result: Recommendation, language: Language) -> str:
    """A second "cheaper?" about a fine-tuning run: QLoRA, renting the run, a later deadline."""
    ways = []
    if result.workload.task == "lora":
        ways.append(render(M.REC_CHEAPER_QLORA, language))
    if lead.cost.cloud_run_usd is not None and lead.gpu.market != "owned":
        ways.append(render(M.REC_CHEAPER_RENT_RUN, language, usd=lead.cost.cloud_run_usd))
    ways.append(render(M.REC_CHEAPER_LONGER, language))
    return render(
        M.REC_ALREADY_CHEAPEST_TRAINING, language, model=lead.model_name, ways="; ".join(ways)
    )


def _option_params(option: Option, language: Language) -> dict[str, Any]:
    """What every line about an option may name: its label, GPUs, model and figures."""
    cost = option.cost
    local, cur = local_cost(option)
    if option.gpu.market == "owned":
        price = render(
            M.GOAL_PRICE_OWNED,
            language,
            monthly=cost.monthly_usd,
            monthly_local=local.monthly,
            cur=note(cur),
        )
    else:
        price = render(
            M.GOAL_PRICE, language, capex=cost.capex_usd, capex_local=local.capex, cur=note(cur)
        )
        if cost.gpus_bought > option.gpu.count * option.replicas:  # MI300X, H100 SXM: by 8
            price += render(M.GOAL_WHOLE_SERVER, language, bought=cost.gpus_bought)
    return {
        "label": option_label(option.label, language),
        "count": option.gpu.count * option.replicas,
        "gpu": option.gpu.name
        + (render(M.REC_USED, language) if option.gpu.market == "used" else ""),
        "model": option.model_name,
        "precision": format_label(option, language),
        "load": option.users_per_replica * option.replicas,  # the figures' load
        "capacity": option.max_concurrent_users,
        "speed": option.per_user_tokens_per_s,
        "ttft": round(option.ttft_s, 2),
        "hours": option.training_hours or 0.0,
        "price": price,
        "cur": note(cur),
        "copies": _copies(option, language),
    }


def _copies(option: Option, language: Language) -> str:
    """How the GPUs hold the model when they hold it more than once (6 GPUs as 3 copies of 2:
    no tensor split of 6 exists for most models)."""
    if option.replicas <= 1:
        return ""
    if option.gpu.count == 1:
        return render(M.GOAL_COPIES_ONE_GPU, language, replicas=option.replicas)
    return render(M.GOAL_COPIES, language, replicas=option.replicas, per_copy=option.gpu.count)


def _goal_headline(
    option: Option,
    result: Recommendation,
    language: Language,
    wants: Sequence[str] = (),
    label: M | None = None,
) -> str:
    """The lead's bold line; `label` in place of its own (the setup to buy, when renting
    the run is the answer)."""
    params = _option_params(option, language)
    if label is not None:
        params["label"] = render(label, language)
    elif option.label == "pareto" and "rent" in wants and rent_usd(option) is not None:
        params["label"] = render(M.REC_LABEL_CHEAPEST_RENT, language)  # why it leads
    elif option.label == "pareto" and "cheapest" in wants:
        params["label"] = render(M.REC_LABEL_CHEAPEST, language)
    elif _strongest_lead(option, wants):
        budget = any(result.goal.get(k) for k in BUDGET_FIELDS)
        params["label"] = render(
            M.REC_LABEL_STRONGEST_BUDGET if budget else M.REC_LABEL_STRONGEST, language
        )
    if option.training_hours is not None:
        task = task_name(result.workload.task, language)
        return render(M.GOAL_HEADLINE_TRAINING, language, **params, task=task)
    if option.batch_job is not None:  # a job's hours, not users at a chat reader's pace
        hours = round(option.batch_job.hours, 1)
        return render(M.GOAL_HEADLINE_BATCH, language, **{**params, "hours": hours})
    users = result.workload.concurrency
    if option.max_concurrent_users < users:  # the closest holds fewer: at what it holds
        users = option.users_per_replica * option.replicas
    return render(M.GOAL_HEADLINE, language, **params, users=users)


def _cheaper_without_headroom(option: Option, lead: Option | None, result: Recommendation) -> bool:
    """An alternative that costs less than the recommended setup only because it holds the
    peak with no room above it (the recommended one holds HEADROOM x the peak): said so,
    or it reads as a better buy passed over."""
    if (
        lead is None
        or lead.label != "recommended"
        or option.label != "pareto"
        or option.training_hours is not None
        or option.batch_job is not None
    ):
        return False
    room = math.ceil(result.workload.concurrency * HEADROOM)
    cheaper = (
        option.cost.capex_usd < lead.cost.capex_usd or option.cost.tco_3y_usd < lead.cost.tco_3y_usd
    )
    return cheaper and option.max_concurrent_users < room <= lead.max_concurrent_users


def render_option_line(option: Option, language: Language, label: M | None = None) -> str:
    """One option in a line: GPUs, model, load, speed, price (a list item of an answer)."""
    return _goal_other(option, language, label)


def render_user_base(everyone: int, concurrent: int, option: Option, language: Language) -> str:
    """ "500 users" may be everyone who uses it: the usual share at once, and its setup."""
    return render(
        M.REC_USER_BASE,
        language,
        users=everyone,
        concurrent=concurrent,
        option=_goal_other(option, language, M.REC_LABEL_USER_BASE),
    )


def _goal_other(option: Option, language: Language, relabel: M | Note | None = None) -> str:
    code = M.GOAL_OTHER_TRAINING if option.training_hours is not None else M.GOAL_OTHER
    params = _option_params(option, language)
    job = option.batch_job
    if job is not None and option.training_hours is None:  # a job's length, not users' speed
        # the pilot before the job: a sample of it, not the job past its deadline
        code = M.GOAL_OTHER_BATCH_START if option.label == "start" else M.GOAL_OTHER_BATCH
        params |= {"hours": round(job.hours, 1), "in_flight": job.concurrency}
    cost = option.cost
    if option.label == "rent_instead" and cost.cloud_run_usd and cost.cloud_usd_per_gpu_hour:
        code = M.GOAL_OTHER_RENT
        params |= {"rent": cost.cloud_run_usd, "rate": cost.cloud_usd_per_gpu_hour}
    if isinstance(relabel, Note):
        params["label"] = relabel.render(language)
    elif relabel is not None:
        params["label"] = render(relabel, language)
    return render(code, language, **params)


def _strongest_lead(option: Option, wants: Sequence[str]) -> bool:
    """The lead is the strongest model asked for (a budget, 'the smartest model'), not the
    search's own recommendation."""
    return "largest_model" in wants and option.label in ("quality", "pareto")
