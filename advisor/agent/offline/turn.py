"""One offline turn: read the question, call the same tools as the LLM, render the answer."""

from __future__ import annotations

import logging
import math
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from advisor.agent.offline.answer import (
    BATCH_RATE_NOTES,
    LONG_PROMPT_TOKENS,
    WeighedGpu,
    batch_buy_or_not,
    fmt,
    model_name,
    render_clarification,
    render_comparison,
    render_error,
    render_explanation,
    render_gpus_side_by_side,
    render_gpus_weighed,
    render_greeting,
    render_hardware_price,
    render_models_side_by_side,
    render_off_topic,
    render_option_line,
    render_recommendation,
    render_server_tiers,
    render_size_only,
    render_sizing,
    render_user_base,
    short_hours,
    task_name,
)
from advisor.agent.offline.currency import counts_in_roubles, in_dollars
from advisor.agent.offline.reader import (
    ASKED_GOAL,
    ASKED_MODELS,
    ASKED_WANTS,
    COMPARED,
    GPUS_COMPARED,
    LAST_PICK,
    LEAD_MARK,
    LED_BY,
    OWNED,
    STATED,
    TRAINING,
    Budget,
    Clarification,
    GoalContext,
    Reader,
    Reading,
    lead_kept,
    open_edition_note,
    owned_of_kept,
)
from advisor.catalog.loader import Catalog
from advisor.catalog.schema import Gpu, UseCaseId, WeightFormat
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, Param, note, render, use_case_note
from advisor.recommend.costs import HOURS_PER_MONTH, card_sibling
from advisor.recommend.report import FitChange, Option, Recommendation, Workload
from advisor.recommend.request import BUDGET_FIELDS, MIN_CONTEXT
from advisor.recommend.search import BATCH_DEFAULT_HOURS, server_room_load
from advisor.services.knowledge import passages_summary, search_knowledge
from advisor.services.pricing import HardwarePrice, hardware_summary, price_hardware
from advisor.services.protocol import Alternative, Citation, ToolStep
from advisor.services.recommendation import (
    cost_lines,
    fit_line,
    format_label,
    goal_budget,
    lead_option,
    local_cost,
    pick_gpu,
    pick_model,
    recommend_deployment,
    recommendation_summary,
    rent_the_run,
    rented_option,
    renting_wins,
    runs_verdict,
    target_shortfall,
)
from advisor.services.sizing import (
    BusyCost,
    SizeOnly,
    SizingCost,
    SizingOutcome,
    busy_cost,
    compare_gpus,
    comparison_summary,
    size_deployment,
    size_only,
    sizing_cost,
    sizing_summary,
)
from advisor.sizing.inputs import GPUS_PER_NODE
from advisor.sizing.report import CompareRow, Comparison, SizingReport
from advisor.sizing.request import DEFAULT_CONTEXT, DEFAULT_GPU, SizingRequest
from advisor.sizing.workload import ttft_target

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase, Passage

log = logging.getLogger(__name__)

CITED_PASSAGES = 3

# What the knowledge base is asked beside the question, so citations explain the numbers.
_TOPICS: dict[str, dict[Language, str]] = {
    "training": {"en": "fine-tuning memory", "ru": "память при дообучении"},
    "multi_gpu": {
        "en": "several GPUs tensor parallel",
        "ru": "несколько видеокарт tensor parallel",
    },
    "single": {"en": "how many GPUs memory KV cache", "ru": "сколько видеокарт память KV-кэш"},
    "cpu": {
        "en": "without a GPU on a server CPU, RAM speed, llama.cpp",
        "ru": "без видеокарты на серверном процессоре, скорость ОЗУ, llama.cpp",
    },
    "desktop": {
        "en": "without a GPU on your own desktop or laptop, RAM, llama.cpp",
        "ru": "без видеокарты на своём настольном ПК или ноутбуке, ОЗУ, llama.cpp",
    },
    "compare": {"en": "gaming versus professional GPUs", "ru": "игровые и профессиональные GPU"},
    "models": {
        "en": "choosing a model, quality tier, Russian",
        "ru": "выбор модели, уровень качества, русский язык",
    },
    "price": {
        "en": "what owning costs, renting the same GPUs",
        "ru": "сколько стоит владение, аренда тех же GPU",
    },
    "goal": {
        "en": "start small and scale, concurrent users, self-hosting cost",
        "ru": "начать с малого и масштабировать, одновременные пользователи, стоимость",
    },
}


@dataclass
class OfflineTurn:
    answer: str
    language: Language
    reading: Reading
    request: SizingRequest | None = None
    sizing: SizingReport | None = None
    citations: list[Citation] = field(default_factory=list)
    steps: list[ToolStep] = field(default_factory=list)
    draft: dict[str, Any] | None = None  # fields awaiting a model, for the conversation
    # the setup a sizing led with in place of its reference card, kept among the stated
    # fields so the next answer weighs itself against what was offered (lead_mark)
    lead_mark: str | None = None
    recommendation: Recommendation | None = None
    make_it_fit: list[FitChange] = field(default_factory=list)  # for a sizing that does not fit
    fit_targets: Workload | None = None  # the load those changes were weighed against
    cost: SizingCost | None = None  # for a sizing that fits
    to_meet_targets: Option | None = None  # for a sizing slower than its use case needs
    server_room: bool = False  # that option was priced in rack servers (Recommendation's)
    # that option leading a sizing on the reference card (or at the count a named GPU needs to
    # meet the targets): the lines said under its headline
    reference_lead: list[str] = field(default_factory=list)
    goal: GoalContext | None = None  # what a follow-up to this goal builds on
    alternatives: list[Alternative] = field(default_factory=list)  # other sizings quoted
    tool_results: list[
        SizingReport
        | Comparison
        | Recommendation
        | SizingCost
        | BusyCost
        | HardwarePrice
        | SizeOnly
    ] = field(default_factory=list)  # every figure the answer may state

    def record(self, name: str, arguments: dict[str, Any], result: Any, summary: str) -> None:
        """A tool the turn called: its step for the transcript, its result for the figures."""
        self.tool_results.append(result)
        self.steps.append(ToolStep(name=name, arguments=arguments, summary=summary))


def run_offline_turn(
    question: str,
    *,
    reader: Reader,
    catalog: Catalog,
    kb: KnowledgeBase | None,
    previous_request: dict[str, Any] | None = None,
    default_language: Language = "en",
    previous_goal: GoalContext | None = None,
) -> OfflineTurn:
    """Answer `question` with no LLM; `kb` None answers without citations."""
    reading = reader.read(question, previous_request, default_language, previous_goal)
    language = reading.language
    turn = OfflineTurn(answer="", language=language, reading=reading, draft=reading.draft)
    if reading.intent == "greeting":
        turn.answer = render_greeting(language)
    elif reading.intent == "off_topic":
        turn.answer = render_off_topic(language)
    elif reading.intent == "price":
        _price(question, reading, catalog, kb, turn)
    elif reading.intent == "explain":
        passages = _search(kb, question, language, turn)
        turn.answer = render_explanation(passages, language)
    elif _answers_goal(reading) and len(reading.said.models_compared) > 1:
        _models_side_by_side(question, reading, catalog, kb, turn)
    elif _answers_goal(reading) and len(reading.said.gpus_compared) > 1 and not reading.said.owned:
        _gpus_side_by_side(question, reading, catalog, kb, turn)
    elif _answers_goal(reading):
        _recommend(question, reading, catalog, kb, turn, previous_goal, previous_request)
    elif reading.error is not None:
        turn.answer = render_error(reading.error, language)
    elif reading.request is None:  # the reader asks back whenever it has no request
        clarification = reading.clarification or Clarification(reason="missing")
        turn.answer = render_clarification(clarification, catalog, language)
        if clarification.params_b is not None:  # "10 триллионов параметров на 4090?": no
            _size_alone(clarification.params_b, reading, catalog, turn)
    elif reading.intent == "compare":
        _compare(question, reading.request, catalog, kb, turn)
    else:
        _size(question, reading.request, catalog, kb, turn, previous_request is not None)
        if turn.cost is not None and previous_request is not None:
            _against_last(
                previous_request, catalog, turn, format_asked="precision" in reading.explicit
            )
    if reading.said.tunes_on_documents and reading.said.task in TRAINING and turn.answer:
        # "дообучить на наших документах": the sizing asked for, and retrieval first (QA 51)
        head, _, rest = turn.answer.partition("\n")
        rag = render(M.ANSWER_RAG_BEFORE_TUNING, language)
        turn.answer = f"{head}\n{rag}\n{rest}" if rest else f"{head}\n{rag}"
    if reading.said.open_edition and turn.recommendation is not None and turn.answer:
        # a goal's answer on "GigaChat": its open model, the hosted editions named (QA 52)
        head, _, rest = turn.answer.partition("\n")
        taken = render(
            M.ANSWER_ASSUMED,
            language,
            parts=render(open_edition_note(catalog.models[str(reading.said.model)]), language),
        )
        turn.answer = f"{head}\n{taken}\n{rest}" if rest else f"{head}\n{taken}"
    goal = turn.recommendation.goal if turn.recommendation is not None else None
    goal = goal or (previous_goal.goal if previous_goal is not None else None)
    if language == "en" and not counts_in_roubles(question, reading, goal):
        turn.answer = in_dollars(turn.answer)
    return turn


def _price(
    question: str, reading: Reading, catalog: Catalog, kb: KnowledgeBase | None, turn: OfflineTurn
) -> None:
    """ "Сколько стоит сервер 8x H100?": the GPUs' catalog price, running and renting, and
    the models they serve; the GPUs wait in the draft for a model to size on them."""
    if len(reading.said.gpus_compared) > 1:  # "L40S или A100 80GB, что лучше?"
        _gpus_weighed(question, reading, catalog, kb, turn)
        return
    if reading.said.gpu is None:  # "сколько стоит сервер под нейросеть?": the tiers
        tiers = []
        for server in catalog.prices.reference_servers:
            arguments = {"gpu": server.gpu, "count": server.count}
            tier = price_hardware(arguments, catalog)
            turn.record("price_hardware", arguments, tier, hardware_summary(tier, turn.language))
            tiers.append(tier)
        passages = _search(kb, f"{question} {_TOPICS['price'][turn.language]}", turn.language, turn)
        turn.answer = render_server_tiers(
            tiers, passages, turn.language, which=reading.said.purchase_asked
        )
        return
    said = reading.said
    arguments = {"gpu": said.gpu, "count": said.gpus or 1}
    if "rent" in said.wants and said.hours_per_month is not None:  # "40% of the time"
        arguments |= {"hours_per_month": said.hours_per_month, "months": said.horizon_months}
    elif "rent" in said.wants and said.horizon_months is not None:  # "на год": every hour
        arguments |= {"months": said.horizon_months}
    try:
        price = price_hardware(arguments, catalog)
    except InputError as exc:
        turn.answer = render_error(exc.to_dict(), turn.language)
        return
    turn.record("price_hardware", arguments, price, hardware_summary(price, turn.language))
    passages = _search(kb, f"{question} {_TOPICS['price'][turn.language]}", turn.language, turn)
    model_known = bool((reading.draft or {}).get("model"))  # sized on them a turn ago
    turn.answer = render_hardware_price(price, passages, turn.language, model_known)


def _gpus_weighed(
    question: str, reading: Reading, catalog: Catalog, kb: KnowledgeBase | None, turn: OfflineTurn
) -> None:
    """ "L40S или A100 80GB, что лучше?" with no model: each GPU's memory, bandwidth, FP8,
    price and the strongest model it serves, then one model both hold sized on each (the
    strongest the smallest set serves): what the difference means in tokens/s and users."""
    said = reading.said
    weighed: list[WeighedGpu] = []
    siblings = {
        g: card_sibling(catalog.gpus[g], catalog.gpus.values(), catalog.prices)
        for g in said.gpus_compared
    }
    # "H100 or H200?": an H200 comes only in 8-GPU servers, so both are weighed as servers
    servers_only = any(
        catalog.prices.gpus[g].kind == "server_share" and siblings[g] is None
        for g in said.gpus_compared
    )
    for named in said.gpus_compared:
        count = said.gpu_counts.get(named, GPUS_PER_NODE if servers_only else 1)
        sibling = siblings[named]
        # one or two A100s are bought as PCIe cards, not as a share of an 8-GPU SXM server
        gpu_id = sibling.id if sibling is not None and count < GPUS_PER_NODE else named
        arguments = {"gpu": gpu_id, "count": count}
        price = price_hardware(arguments, catalog)
        turn.record("price_hardware", arguments, price, hardware_summary(price, turn.language))
        gpu = catalog.gpus[gpu_id]
        weighed.append(
            WeighedGpu(
                price=price,
                bandwidth_tb_s=gpu.memory_bandwidth_tb_s,
                fp8=gpu.tflops.fp8 is not None,
                watts=gpu.tdp_w,
            )
        )
    smallest = min(weighed, key=lambda w: w.price.memory_gb)
    common = next((r for r in smallest.price.runs if r.label == "quality"), None)
    if common is not None:
        for entry in weighed:
            request = {
                "model": common.model,
                "gpu": entry.price.gpu,
                "gpus": entry.price.count,
                "precision": common.precision,
            }
            try:
                outcome = size_deployment(request, catalog)
            except InputError:
                continue
            report = outcome.report
            turn.record("size_deployment", request, report, sizing_summary(report, turn.language))
            entry.same = report if report.fits else None
    passages = _search(kb, f"{question} {_TOPICS['price'][turn.language]}", turn.language, turn)
    turn.answer = render_gpus_weighed(weighed, common, passages, turn.language)


LONG_FIRST_TOKEN_S = 10.0  # a first token later than this is said beside a fit's users
MAX_OWNED_FIXES = 2  # changes on the customer's own GPUs said when the sizing misses targets
# "500 users" with no "at once": from this many, the answer also prices the reading in which
# they are everyone who uses it (at the usual share at once); below it both readings buy
# about the same.
USER_BASE_FROM = 50

# What a follow-up may change whose effect on the GPUs and the bill it wants to see.
_COMPARED_FIELDS = ("model", "precision", "kv_precision", "users", "context", "gpu", "gpus")


def lead_mark(report: SizingReport, cost: SizingCost) -> str:
    """The setup an answer led with, as a stated-field mark the next turn reads back."""
    return (
        f"{LEAD_MARK}{report.gpu.id}:{report.gpu.count}:{round(cost.capex_usd)}:"
        f"{round(cost.monthly_usd)}:{report.precision}"
    )


def _against_last_lead(
    previous: dict[str, Any], catalog: Catalog, turn: OfflineTurn, format_asked: bool = False
) -> bool:
    """Both answers led with the cheapest setup in place of the reference card: those two
    side by side (True), not the reference cards nobody was offered. `format_asked`: "а в
    FP8?" when the last answer already ran that format says so (QA 51)."""
    last = lead_kept(previous.get(STATED) or [])
    now = lead_kept([turn.lead_mark] if turn.lead_mark else [])
    report, cost = turn.sizing, turn.cost
    if (
        now is None
        and last is not None
        and report is not None
        and cost is not None
        and report.gpu.id == last[0]
    ):  # "что тогда докупать?": sized on the GPUs the last answer led with
        now = lead_kept([lead_mark(report, cost)])
    if last is None or now is None or turn.request is None:
        return False
    gpu, count, capex, monthly, precision = last
    if gpu not in catalog.gpus or now[0] not in catalog.gpus:
        return False
    before: list[str] = []
    model = previous.get("model")
    if model and model != turn.request.model:
        before.append(catalog.models[model].name if model in catalog.models else str(model))
    if precision != now[4]:
        before.append(precision.upper())
    if previous.get("users") and previous.get("users") != turn.request.users:
        before.append(render(M.ANSWER_AGAINST_USERS, turn.language, users=previous["users"]))
    if last[:2] == now[:2]:  # "и в 4 бита?": the same GPUs lead again
        if before:
            same = render(
                M.ANSWER_AGAINST_LAST_SAME,
                turn.language,
                before=", ".join(before),
                count=count,
                gpu=catalog.gpus[gpu].name,
                capex=now[2],
            )
            turn.answer = f"{same}\n{turn.answer}"
        elif format_asked:  # "а в FP8?" with FP8 led before: the same answer, and why
            already = render(M.REC_ALREADY_FORMAT, turn.language, format=now[4].upper())
            turn.answer = f"{already}\n{turn.answer}"
        return True
    line = render(
        M.ANSWER_AGAINST_LAST,
        turn.language,
        before=", ".join(before) or catalog.gpus[gpu].name,
        before_count=count,
        before_gpu=catalog.gpus[gpu].name,
        count=now[1],
        gpu=catalog.gpus[now[0]].name,
        before_capex=capex,
        capex=now[2],
        before_monthly=monthly,
        monthly=now[3],
    )
    turn.answer = f"{line}\n{turn.answer}"
    return True


def _against_last(
    previous: dict[str, Any], catalog: Catalog, turn: OfflineTurn, format_asked: bool = False
) -> None:
    """ "How much do we save with 4-bit?", "and for 50 users?": the last answer's GPUs and
    costs beside this one's, when the follow-up changed what the GPUs are sized for."""
    report, cost, request = turn.sizing, turn.cost, turn.request
    if report is None or cost is None or request is None or not report.fits:
        return
    if _against_last_lead(previous, catalog, turn, format_asked):
        return
    stated = previous.get(STATED) or []
    last_on_reference = "gpu" not in stated and previous.get("gpu") in (None, DEFAULT_GPU)
    if last_on_reference and not _on_reference_card(request, turn):
        return  # the last answer led with the cheapest setup, not the reference sized then
    hidden = (ASKED_MODELS, ASKED_GOAL, ASKED_WANTS, STATED)
    kept = {k: v for k, v in previous.items() if k not in hidden}
    try:
        last = size_deployment(kept, catalog)
    except InputError:
        return
    old = last.report
    changed = [k for k in _COMPARED_FIELDS if getattr(last.request, k) != getattr(request, k)]
    if last_on_reference and not {"model", "precision", "kv_precision"} & set(changed):
        # "and 100 devs?": both answers led with their cheapest setups; their reference
        # cards side by side would compare setups nobody was offered (a format's saving
        # shows on any card, a load's does not)
        return
    # what this answer leads with: the count that serves the users, when it is not the sizing's
    led = lead_kept([turn.lead_mark] if turn.lead_mark else [])
    now_gpu, now_count, capex, monthly = (
        led[:4] if led else (report.gpu.id, report.gpu.count, cost.capex_usd, cost.monthly_usd)
    )
    if not changed or not old.fits or (old.gpu.id, old.gpu.count) == (now_gpu, now_count):
        return
    old_cost = sizing_cost(old, catalog, owned=_owned(turn))
    if old_cost is None:
        return
    turn.tool_results.extend([old, old_cost])
    language = turn.language
    before: list[str] = []
    if "model" in changed:
        before.append(catalog.models[old.model].name if old.model in catalog.models else old.model)
    if {"precision", "kv_precision"} & set(changed):
        before.append(old.precision.upper())
    if "users" in changed:
        before.append(render(M.ANSWER_AGAINST_USERS, language, users=old.users))
    if "context" in changed:
        before.append(
            render(M.ANSWER_AGAINST_CONTEXT, language, context=fmt(old.context, language))
        )
    # On the reference card nobody chose the price is its whole 8-GPU server either way;
    # what to buy is the cheapest setup the answer lists.
    reference = _on_reference_card(request, turn) and turn.to_meet_targets is not None
    line = render(
        M.ANSWER_AGAINST_LAST_REFERENCE if reference else M.ANSWER_AGAINST_LAST,
        language,
        before=", ".join(before) or catalog.gpus[old.gpu.id].name,
        before_count=old.gpu.count,
        before_gpu=catalog.gpus[old.gpu.id].name,
        count=now_count,
        gpu=catalog.gpus[now_gpu].name,
        before_capex=old_cost.capex_usd,
        capex=capex,
        before_monthly=old_cost.monthly_usd,
        monthly=monthly,
    )
    sized_before = old.prompt_tokens + old.output_tokens
    if (
        "context" in changed
        and report.context > old.context
        and report.prompt_tokens + report.output_tokens < sized_before
    ):
        # "500 chats with 16k context then" after 4,096 for each: a longer window can need
        # fewer GPUs only because typical requests are now shorter than the window; say so
        line += " " + render(
            M.ANSWER_AGAINST_SHAPE,
            language,
            before=fmt(sized_before, language),
            prompt=fmt(report.prompt_tokens, language),
            output=fmt(report.output_tokens, language),
            window=fmt(report.context, language),
        )
    turn.answer = f"{line}\n{turn.answer}"


def _size(
    question: str,
    request: dict[str, Any],
    catalog: Catalog,
    kb: KnowledgeBase | None,
    turn: OfflineTurn,
    follow_up: bool,
) -> None:
    try:
        outcome = size_deployment(request, catalog)
    except InputError as exc:
        turn.answer = render_error(exc.to_dict(), turn.language)
        return
    turn.record(
        "size_deployment", request, outcome.report, sizing_summary(outcome.report, turn.language)
    )
    card = _on_card_version(request, outcome.report, catalog, turn)
    if card is not None:
        request, outcome, card_line = card
    report = outcome.report
    turn.request, turn.sizing = outcome.request, report
    minimum = None
    changes: list[str] = []
    enough = report.fits and report.training is not None
    laptop = turn.reading.said.laptop  # one GPU no other joins: no count to grow to
    if not report.fits and request.get("gpus") is not None:
        try:
            minimum = None if laptop else size_deployment({**request, "gpus": None}, catalog).report
            if minimum is not None:
                turn.tool_results.append(minimum)
        except InputError:
            minimum = None
        if report.gpu.id != "cpu":
            changes = _make_it_fit(outcome.request, catalog, turn)
            changes = _held_as_they_are(request, report, catalog, turn) + changes
    elif report.fits and report.training is None:
        changes = _to_meet_targets(outcome.request, report, catalog, turn)
        enough = not changes  # the GPUs said meet the use case's targets, not just hold it
    elif report.fits:
        changes = _cheapest_training(outcome.request, catalog, turn, report)
    fewer = _users_held(
        request, outcome.request.prompt_length, report, catalog, turn
    ) + _fewer_in_fp8(request, report, catalog, turn)
    formats = (
        _other_formats(request, report, catalog, turn)
        + _other_tasks(request, report, catalog, turn)
        + fewer
        + _batch_in_a_lighter_format(request, report, catalog, turn)
    )
    held_another_way = None if report.fits else _fits_in_another_format(report, turn, catalog)
    # the GPUs said hold it another way (FP8, QLoRA): what they cost to buy, as for a fit
    cost = (
        sizing_cost(
            report,
            catalog,
            owned=_owned(turn),
            owned_of=_owned_of(turn),
            rent_hours_per_month=_rent_hours(turn),
            server_room=turn.server_room,  # as the setup beside it is priced: one price
        )
        if report.fits or (held_another_way is not None and not _owned(turn))
        else None
    )
    if cost is not None:
        turn.tool_results.append(cost)
        turn.cost = cost
    if report.training is not None:
        topic = "training"
    elif catalog.gpus[report.gpu.id].gpu_class == "cpu":
        topic = "desktop" if catalog.gpus[report.gpu.id].desktop else "cpu"
    else:
        topic = "multi_gpu" if report.gpu.count > 1 else "single"
    passages = _search(kb, f"{question} {_TOPICS[topic][turn.language]}", turn.language, turn)
    # Sized on the reference card nobody chose, beside the cheapest setup that does the same:
    # the reference's whole-server price is no offer, and the cheapest line carries the price.
    reference_only = turn.to_meet_targets is not None and (
        _on_reference_card(outcome.request, turn) or _at_count_to_meet(report, turn)
    )
    server = _option_sizing(turn.to_meet_targets, catalog, turn) if reference_only else None
    if server is not None and server.fits and turn.reference_lead:
        # The setup to buy leads, with its own memory, speed, cost, server and stages; the
        # reference card it was found from is one line (buyers read one answer, not two).
        lead_cost = sizing_cost(
            server,
            catalog,
            owned=False,
            rent_hours_per_month=_rent_hours(turn),
            server_room=turn.server_room,  # at the option's prices: one answer, one price
        )
        if lead_cost is not None:
            turn.tool_results.append(lead_cost)
            turn.lead_mark = lead_mark(server, lead_cost)
        turn.answer = render_sizing(
            server,
            catalog,
            turn.language,
            passages,
            assumed=(
                _still_assumed(turn.reading)
                if follow_up
                else _assumptions(turn.reading, report, catalog, lead=server)
            ),
            injection=turn.reading.injection,
            changes=[
                *turn.reference_lead,
                *_reply_within(server, turn),
                *_each_at_window(request, server, catalog, turn),
                *_lead_in_fp8(request, server, catalog, turn),
                *_amd_software(server, catalog, turn),
            ],
            cost=lead_cost,
            changes_first=True,
            lead=_one_off_job(server, lead_cost, turn) if lead_cost else None,
        )
        _request_time_first(server, turn)
        return
    turn.answer = render_sizing(
        report,
        catalog,
        turn.language,
        passages,
        minimum=minimum,
        assumed=(
            _still_assumed(turn.reading)
            if follow_up
            else _assumptions(turn.reading, report, catalog)
        ),
        injection=turn.reading.injection,
        changes=[
            *_reply_within(report, turn),
            *formats,
            *_each_at_window(request, report, catalog, turn),
            *changes,
        ],
        cost=None if reference_only else cost,
        changes_first=bool(fewer)  # "how many H100s?": 16 in BF16, 8 in FP8, together
        or (
            bool(changes)
            and turn.to_meet_targets is not None
            and (
                (turn.reading.said.gpu is None and report.gpu.id == DEFAULT_GPU)
                or outcome.request.task == "pretrain"  # "how many H100s?": the count first
                # "64 at once on L40S, how many cards?": one holds it, two serve it at speed
                or (
                    "gpus" not in turn.reading.said_fields
                    and turn.to_meet_targets.gpu.id == report.gpu.id
                    and turn.to_meet_targets.model == report.model
                )
            )
        ),
        lead=_one_server(report, turn, catalog)
        or held_another_way
        or (_enough_said(report, turn) if enough else None)
        or (_one_off_job(report, cost, turn) if cost is not None else None),
        server=server,
        subhead=card_line if card is not None else None,
    )
    _request_time_first(report, turn)


def _request_time_first(report: SizingReport, turn: OfflineTurn) -> None:
    """ "How long would each contract take?": one request's time on the setup answered, its
    first token and its output at the speed each gets, summed, before the sizing."""
    if not turn.reading.said.request_time or not report.fits or report.training is not None:
        return
    perf, output = report.performance, report.output_tokens
    speed = perf.per_user_tokens_per_s
    if speed <= 0 or output <= 0:
        return
    stream = output / speed
    line = render(
        M.ANSWER_REQUEST_TIME,
        turn.language,
        prompt=report.prompt_tokens,
        total=round(perf.ttft_s + stream, 1),
        users=report.users,
        count=report.gpu.count,
        gpu=report.gpu.name,
        ttft=round(perf.ttft_s, 1),
        output=output,
        speed=round(speed, 1),
        stream=round(stream, 1),
    )
    turn.answer = f"{line}\n{turn.answer}"


def _enough_said(report: SizingReport, turn: OfflineTurn) -> str | None:
    """ "Есть одна RTX 4090 — хватит?": yes first, with what the GPUs said do, when the
    sizing holds on as many as were said (one when no count) and meets the targets; a count
    that does not fit says no in its headline."""
    said = turn.reading.said
    gpu = report.gpu
    if (
        not said.enough_asked
        or said.capacity_asked  # "сколько юзеров потянет одна L40S?": the users are the answer
        or said.gpu != gpu.id
        or gpu.count != (said.gpus or 1)
        or report.batch_job is not None  # its hours against the deadline say it
    ):
        return None
    figures: dict[str, Param] = {
        "count": gpu.count,
        "gpu": gpu.name,
        "per_gpu": round(report.memory.per_gpu_gb, 1),
        "capacity": report.memory.capacity_per_gpu_gb,
    }
    training = report.training
    if training is not None:
        if said.deadline_hours is not None and training.hours > said.deadline_hours:
            return None  # holds it, but not within the time said
        return render(
            M.ANSWER_ENOUGH_YES_TRAINING,
            turn.language,
            **figures,
            task=task_name(report.task, turn.language),
            hours=fmt(round(training.hours, 1)),
        )
    return render(
        M.ANSWER_ENOUGH_YES,
        turn.language,
        **figures,
        users=report.users,
        speed=round(report.performance.per_user_tokens_per_s, 1),
    )


def _on_card_version(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> tuple[dict[str, Any], SizingOutcome, str] | None:
    """ "On an H100", no board named, to buy: one to seven are bought as the PCIe card, the
    SXM5 board only in whole 8-GPU servers. The setup on the card version (its own memory and
    bandwidth), with a line on the server version; None when the named board is the one.
    The reader leaves the board open only for one or no GPU said, not owned (`Said.
    card_version_open`); GPUs owned earlier in the conversation, and a run from scratch, which
    wants the NVLink server, keep it here."""
    said = turn.reading.said
    if (
        not said.card_version_open
        or report.task == "pretrain"
        or said.gpu != report.gpu.id
        or not report.fits
        or report.gpu.count >= GPUS_PER_NODE
        or _owned(turn)
    ):
        return None
    named = catalog.gpus[report.gpu.id]
    sibling = card_sibling(named, catalog.gpus.values(), catalog.prices)
    if sibling is None:
        return None
    card_request = {**request, "gpu": sibling.id}
    try:
        outcome = size_deployment(card_request, catalog)
    except InputError:
        return None
    card = outcome.report
    if not card.fits or card.gpu.count >= GPUS_PER_NODE:
        return None
    server = sizing_cost(report, catalog, owned=False)
    if server is None:
        return None
    turn.record("size_deployment", card_request, card, sizing_summary(card, turn.language))
    turn.tool_results.append(server)
    turn.alternatives.append(Alternative(why="server_board", sizing=report, cost=server))
    values: dict[str, Param] = {
        "card": sibling.name,
        "gpu": named.name,
        "server_usd": server.capex_usd,
        "server_rub": server.capex_rub,
        "count": report.gpu.count,
    }
    line = (
        render(M.ANSWER_CARD_VERSION_TRAINING, turn.language, **values)
        if report.training is not None
        else render(
            M.ANSWER_CARD_VERSION,
            turn.language,
            **values,
            speed=report.performance.per_user_tokens_per_s,
        )
    )
    return card_request, outcome, line


# A lighter format is worth a line for a batch job when it cuts the job by this share.
BATCH_LIGHTER_GAIN = 0.2


def _batch_in_a_lighter_format(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """A batch job on the GPUs named, in 16-bit weights with no format said: the same job in
    FP8 (or else 4-bit) weights when that finishes it markedly sooner (more requests at once
    in the memory the lighter weights free)."""
    job = report.batch_job
    if job is None or turn.reading.said.precision is not None:
        return []
    if report.precision not in ("bf16", "fp16"):
        return []
    for lighter in _in_lighter_formats(request, catalog):
        faster = lighter.batch_job
        if not lighter.fits or faster is None:
            continue
        if faster.hours <= (1 - BATCH_LIGHTER_GAIN) * job.hours:
            turn.tool_results.append(lighter)
            turn.alternatives.append(Alternative(why="batch_lighter", sizing=lighter))
            return [
                render(
                    M.ANSWER_BATCH_LIGHTER,
                    turn.language,
                    precision=lighter.precision.upper(),
                    hours=round(faster.hours, 1),
                    concurrency=faster.concurrency,
                    was=round(job.hours, 1),
                )
            ]
    return []


def _at_count_to_meet(report: SizingReport, turn: OfflineTurn) -> bool:
    """ "How many H100s for 100 users?": the GPU named with no count, and more of the same
    GPU, model and format meet the targets than hold the model; that count is the answer's
    headline (QA 45 led with the one that holds it and priced one)."""
    option, said = turn.to_meet_targets, turn.reading.said
    return (
        option is not None
        and said.gpu is not None
        and not said.enough_asked  # "will an H100 do?": no, with the count that does
        and "gpus" not in turn.reading.said_fields
        and not _owned(turn)
        and report.training is None
        and option.gpu.id == report.gpu.id
        and option.model == report.model
        # a format said holds; else the one that serves them ("4090 instead?": 6 in FP8)
        and (option.precision == report.precision or "precision" not in turn.reading.said_fields)
        # more of them, or as many in a lighter format ("on L40S?": 4 in FP8, not BF16)
        and (option.gpu.count * option.replicas, option.precision != report.precision)
        > (report.gpu.count, False)
    )


def _option_sizing(
    option: Option | None, catalog: Catalog, turn: OfflineTurn
) -> SizingReport | None:
    """The sizing of an option the answer recommends beside the reference card's (its server
    needs are the ones to describe: "what do we need besides the GPUs?")."""
    if option is None:
        return None
    try:
        report = size_deployment(option.size_request, catalog).report
    except InputError:
        return None
    turn.tool_results.append(report)
    turn.alternatives.append(Alternative(why="recommended_setup", sizing=report))
    return report


def _one_off_job(report: SizingReport, cost: SizingCost, turn: OfflineTurn) -> str | None:
    """A batch job not said to recur: whether buying the GPUs for it beats the API or rent."""
    said = turn.reading.said
    if said.runs_per_year is not None or said.recurring:
        return None
    return batch_buy_or_not(report, cost, turn.language)


def _size_alone(params_b: float, reading: Reading, catalog: Catalog, turn: OfflineTurn) -> None:
    """A size beyond every catalog model: its weights alone, against the GPUs said, before
    the question back (which model, then)."""
    said = reading.said
    gpu = said.gpu if said.gpu in catalog.gpus else None
    weighed = size_only(params_b, catalog, gpu, said.gpus or 1)
    arguments: dict[str, Any] = {"params_b": params_b, "gpu": gpu, "gpus": said.gpus or 1}
    turn.record("size_only", arguments, weighed, "; ".join(weighed.formulas))
    turn.answer = f"{render_size_only(weighed, turn.language)}\n{turn.answer}"


def _rent_hours(turn: OfflineTurn) -> float:
    """The hours a month the GPUs would be rented: those said ("8 hours a day"), else all."""
    hours = turn.reading.said.hours_per_month
    return hours if hours is not None and 0 < hours < HOURS_PER_MONTH else HOURS_PER_MONTH


def _one_server(report: SizingReport, turn: OfflineTurn, catalog: Catalog) -> str | None:
    """ "Хватит одного сервера?": yes or no first, on the GPUs of one server; a yes that
    holds the model but serves the users too slowly says so (QA 43: 4 x RTX 6000 Ada for 200
    staff opened with "Yes, one server is enough" and 12 tokens/s against 20 below)."""
    said = turn.reading.said
    if not said.one_server or report.gpu.count > GPUS_PER_NODE:
        return None
    if not report.fits and any(c.fits and c.change in _QUANTIZED_FITS for c in turn.make_it_fit):
        return None  # "4 x A100 40GB for Llama 70B?": held in 4 bits, which leads (QA 45)
    memory = report.memory
    code = M.ANSWER_ONE_SERVER_YES if report.fits else M.ANSWER_ONE_SERVER_NO
    performance = report.performance
    if report.fits and report.training is None and performance is not None and report.users > 1:
        profile = catalog.workloads.use_cases[said.use_case or "chat"]
        speed = said.tokens_per_s or profile.tokens_per_s_per_user
        ttft = said.ttft_s or ttft_target(profile, report.prompt_tokens or profile.input_tokens)
        if performance.per_user_tokens_per_s < speed or performance.ttft_s > ttft:
            code = M.ANSWER_ONE_SERVER_SLOW
    return render(
        code,
        turn.language,
        count=report.gpu.count,
        gpu=report.gpu.name,
        used=round(memory.per_gpu_gb, 1),
        usable=round(memory.usable_per_gpu_gb, 1),
    )


# Weight formats that may hold a model the default format does not, lightest first.
_QUANTIZED_FITS = ("kv_fp8", "fp8", "fp8_kv_fp8", "int4", "int4_kv_fp8", "gguf")


def _fits_in_another_format(
    report: SizingReport, turn: OfflineTurn, catalog: Catalog
) -> str | None:
    """ "Can we run 72B on 2x 3090?" does not fit in BF16 but does in 4 bits on the same
    GPUs: that is the answer to lead with, when the person named no weight format."""
    explicit = turn.reading.explicit
    if report.fits or "kv_precision" in explicit:
        return None
    on: dict[str, Param] = {"count": report.gpu.count, "gpu": report.gpu.name}
    # "QLoRA 70B on one RTX 6000 Ada?": at shorter sequences
    shorter = _training_fit(turn, "qlora_shorter") if report.task == "qlora" else None
    if shorter is not None and shorter.training_hours is not None:
        return render(
            M.ANSWER_FITS_SHORTER,
            turn.language,
            **on,
            seq=shorter.request.get("context", 0),
            sized=report.context,
            hours=short_hours(shorter.training_hours),
        )
    # "llama 70b on the same cards?" after LoRA on a 7B: QLoRA on them is the answer
    lora = report.task == "lora" and "task" not in explicit
    qlora = _training_fit(turn, "qlora") if lora else None
    if qlora is not None and qlora.training_hours is not None:
        hours = short_hours(qlora.training_hours)
        return render(M.ANSWER_FITS_WITH_QLORA, turn.language, **on, hours=hours)
    fitting = [c for c in turn.make_it_fit if c.fits and c.change in _QUANTIZED_FITS]
    if "precision" in explicit:  # "70B in FP8 on one card": the weights as said, the cache in FP8
        fitting = [
            c
            for c in fitting
            if c.request.get("precision", report.precision) == report.precision
            and c.request.get("kv_precision") == "fp8"
        ]
    fitting.sort(key=lambda c: _QUANTIZED_FITS.index(c.change))
    in_ram = next((c for c in turn.make_it_fit if c.fits and c.change == "gguf_cpu_moe"), None)
    if (
        not fitting and in_ram is not None and "precision" not in explicit
    ):  # "mixtral on my 3090": experts in system RAM
        return render(
            M.ANSWER_FITS_EXPERTS_IN_RAM,
            turn.language,
            count=report.gpu.count,
            gpu=report.gpu.name,
            layers=in_ram.request.get("expert_offload_layers", 0),
            speed=in_ram.per_user_tokens_per_s,
            precision=report.precision.upper(),
        )
    meeting = [c for c in fitting if c.meets_targets]
    if meeting:
        change, code = meeting[0], M.ANSWER_FITS_IN_FORMAT
    elif fitting:  # fits, but misses the targets: the nearest to them, and what it misses
        change = min(fitting, key=lambda c: _shortfall(c, turn))
        code = M.ANSWER_FITS_IN_FORMAT_SLOW
    elif "precision" in explicit:  # another weight format than the one said: not the lead
        return None
    else:
        return _fits_owned_another_way(report, turn, catalog) or _fits_in_fp8_as_said(
            report, turn, catalog
        )
    misses = ", ".join(miss.render(turn.language) for miss in change.misses_i18n)
    sized = {"precision": report.precision.upper(), "kv": report.kv_precision.upper()}
    as_sized = M.ANSWER_AS_ASKED if "precision" in explicit else M.ANSWER_AS_PUBLISHED
    fit = render(
        code,
        turn.language,
        as_sized=render(as_sized, turn.language, **sized),
        wait=_first_token_wait(change.ttft_s, turn.language),
        misses=misses,
        count=report.gpu.count,
        gpu=report.gpu.name,
        format=str(change.request.get("precision", report.precision)).upper(),
        kv=str(change.request.get("kv_precision", "bf16")).upper(),
        users=change.users or report.users,
        capacity=change.max_concurrent_users,
        speed=change.per_user_tokens_per_s,
    )
    return "\n".join([*_users_held_in(change.request, catalog, turn), fit])


def _users_held_in(request: dict[str, Any], catalog: Catalog, turn: OfflineTurn) -> list[str]:
    """ "How many users will one 4090 hold?" where the model fits it only in 4 bits: the
    users held in that format first (QA 52 answered "1 user, memory for 10")."""
    if not turn.reading.said.capacity_asked:
        return []
    try:
        held = size_deployment(request, catalog).report
    except InputError:
        return []
    return _users_held(request, held.prompt_tokens, held, catalog, turn)


def _each_at_window(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "20 users, 32k context" is read as a window a request may fill: what it takes on the
    same GPU and format when every one of them fills it at once, beside (QA 51 and 52: the
    graders sized that; the answer gives both)."""
    said = turn.reading.said
    window = report.context
    if (
        not said.context_window
        or report.training is not None
        or report.batch_job is not None
        or report.users < 2
        or report.performance.max_users_at_window >= report.users
        or report.prompt_tokens + report.output_tokens >= window
    ):
        return []
    output = report.output_tokens
    full = {
        **request,
        "gpu": report.gpu.id,
        "precision": report.precision,
        "kv_precision": report.kv_precision,
        "prompt_tokens": window - output,
        "output_tokens": output,
        "gpus": None,
        "tensor_parallel_size": None,
    }
    try:
        each = size_deployment(full, catalog).report
    except InputError:
        return []
    cost = sizing_cost(each, catalog, owned=False) if each.fits else None
    if cost is None:
        return []
    turn.tool_results.extend([each, cost])
    turn.alternatives.append(Alternative(why="each_at_window", sizing=each, cost=cost))
    return [
        render(
            M.ANSWER_EACH_AT_WINDOW,
            turn.language,
            users=report.users,
            window=window,
            count=each.gpu.count,
            gpu=each.gpu.name,
            format=each.precision.upper(),
            held=each.performance.max_users_at_window,
            capex=cost.capex_usd,
        )
    ]


def _reply_within(report: SizingReport, turn: OfflineTurn) -> list[str]:
    """ "ответ за 2 секунды" was read as the first token's target: say so, with the time
    the whole answer takes and the speed per user it would need to come whole in that time
    (QA 51: a 256-token answer at 21 tokens/s is 12 s, not 2)."""
    said = turn.reading.said
    perf = report.performance
    if not said.reply_within or said.ttft_s is None or report.training is not None:
        return []
    figures: dict[str, Param] = {
        "target": said.ttft_s,
        "ttft": fmt(round(perf.ttft_s, 1)),
        "output": fmt(report.output_tokens, turn.language),
        "seconds": fmt(round(perf.request_s)),
    }
    if perf.request_s <= said.ttft_s:
        return [render(M.ANSWER_REPLY_WITHIN_WHOLE, turn.language, **figures)]
    needed = math.ceil(report.output_tokens / said.ttft_s)
    speed = fmt(round(perf.per_user_tokens_per_s, 1))
    return [render(M.ANSWER_REPLY_WITHIN, turn.language, **figures, speed=speed, needed=needed)]


def _first_token_wait(ttft_s: float | None, language: Language) -> str:
    """ "128k to put whole contracts in": a fit whose first token takes most of a minute
    says so beside its user count."""
    if ttft_s is None or ttft_s < LONG_FIRST_TOKEN_S:
        return ""
    return render(M.ANSWER_FIRST_TOKEN_WAIT, language, ttft=round(ttft_s))


def _shortfall(change: FitChange, turn: OfflineTurn) -> float:
    """How far a change that fits misses the targets: the larger of the speed it lacks and
    the first-token time it overshoots, as ratios. GGUF on two 3090s streams fastest but
    makes the 20th of 20 users wait minutes for a first token: AWQ, a little slow, is nearer."""
    if turn.fit_targets is None:
        return 1.0
    return target_shortfall(turn.fit_targets, change.per_user_tokens_per_s, change.ttft_s)


def _training_fit(turn: OfflineTurn, change: str) -> FitChange | None:
    """The make-it-fit change of that kind that fits and has a training time, if any."""
    return next(
        (
            c
            for c in turn.make_it_fit
            if c.fits and c.change == change and c.training_hours is not None
        ),
        None,
    )


def _fits_in_fp8_as_said(report: SizingReport, turn: OfflineTurn, catalog: Catalog) -> str | None:
    """ "Qwen3-235B влезет на 4 карты RTX PRO 6000?" (QA 39): the search found a cheaper
    setup elsewhere, so it weighed no format on the GPUs said; FP8 weights on them, where the
    card computes FP8, said first when they hold the load there."""
    request = turn.request
    if (
        request is None
        or report.training is not None
        or request.gpus is None
        or report.precision not in ("bf16", "fp16")
        or catalog.gpus[report.gpu.id].tflops.fp8 is None
    ):
        return None
    try:
        fp8 = size_deployment(
            {**request.model_dump(exclude_none=True), "precision": "fp8"}, catalog
        )
    except InputError:
        return None
    other = fp8.report
    if not other.fits or other.gpu.count != report.gpu.count:
        return None
    turn.alternatives.append(Alternative(why="fp8", sizing=other))
    turn.tool_results.append(other)
    return render(
        M.ANSWER_FITS_IN_FORMAT,
        turn.language,
        count=other.gpu.count,
        gpu=other.gpu.name,
        format="FP8",
        kv=other.kv_precision.upper(),
        users=other.users,
        capacity=other.performance.max_concurrent_users,
        speed=round(other.performance.per_user_tokens_per_s, 1),
        as_sized=render(M.ANSWER_AS_PUBLISHED, turn.language, precision=report.precision.upper()),
        wait=_first_token_wait(other.performance.ttft_s, turn.language),
    )


def _fits_owned_another_way(
    report: SizingReport, turn: OfflineTurn, catalog: Catalog
) -> str | None:
    """The search found the model fits the named GPUs in another format (its `owned`
    option, e.g. 405B in 4 bits on 8 H100s): lead with that instead."""
    owned = turn.to_meet_targets
    if (
        owned is None
        or owned.gpu.id != report.gpu.id
        or owned.gpu.count * owned.replicas != report.gpu.count
        or owned.precision == report.precision
    ):
        return None
    fit = render(
        M.ANSWER_FITS_IN_FORMAT if owned.meets_targets else M.ANSWER_FITS_IN_FORMAT_SLOW,
        turn.language,
        misses=render(M.MISS_TARGETS, turn.language),
        count=owned.gpu.count * owned.replicas,
        gpu=owned.gpu.name,
        format=owned.precision.upper(),
        kv=owned.kv_precision.upper(),
        users=owned.users_per_replica * owned.replicas,
        capacity=owned.max_concurrent_users,
        speed=owned.per_user_tokens_per_s,
        as_sized=render(M.ANSWER_AS_PUBLISHED, turn.language, precision=report.precision.upper()),
        wait=_first_token_wait(owned.ttft_s, turn.language),
    )
    return "\n".join([*_users_held_in(owned.size_request, catalog, turn), fit])


def _answers_goal(reading: Reading) -> bool:
    """A goal question, unless it names a model the catalog lacks or that must be asked
    about first (a wrong model is worse than a question back)."""
    if reading.intent != "recommend" or reading.goal is None:
        return False
    clarification = reading.clarification
    return clarification is None or clarification.reason == "missing"


def _recommend(
    question: str,
    reading: Reading,
    catalog: Catalog,
    kb: KnowledgeBase | None,
    turn: OfflineTurn,
    previous_goal: GoalContext | None = None,
    previous_request: dict[str, Any] | None = None,
) -> None:
    goal = reading.goal or {}
    try:
        result = recommend_deployment(goal, catalog)
    except InputError as exc:
        turn.answer = render_error(exc.to_dict(), turn.language)
        return
    turn.recommendation = result
    turn.record("recommend_deployment", goal, result, recommendation_summary(result, turn.language))
    wants = goal_wants(reading.said.wants, goal)
    lead = lead_option(result, wants)
    # what chose the lead, kept for the follow-up: "cheapest", "API or own?" ("and at 500M
    # tokens a day?" still weighs the API)
    led = [want for want in ("cheapest", "api_vs_own") if want in wants]
    kept = {**goal, LED_BY: led} if led else dict(goal)
    if lead is not None and lead.training_hours is None:
        kept[LAST_PICK] = {"size_request": lead.size_request}
    turn.goal = _goal_context(kept, lead)
    passages = _search(kb, f"{question} {_TOPICS['goal'][turn.language]}", turn.language, turn)
    # "Cheaper?" about the same goal whose answer already led with its cheapest setup.
    again = (
        "cheapest" in wants
        and previous_goal is not None
        and lead is not None
        and previous_goal.gpu == lead.gpu.id
        and (
            previous_goal.recommend_fields == goal
            # "дешевле никак? может квантованную?" when the last lead was already in 4 bits:
            # the same goal, and what a cheaper one gives up (QA 44)
            or (
                _without(previous_goal.recommend_fields, "precision") == _without(goal, "precision")
                and _last_precision(previous_goal) == lead.precision
            )
        )
    )
    # "DeepSeek V3 for 30 engineers", then "and cheaper?": a sizing on the reference card
    # already led with the cheapest setup for the model, which is this lead again.
    after_reference = (
        previous_goal is None
        and previous_request is not None
        and "gpu" not in (previous_request.get(STATED) or [])
        and previous_request.get("model") == goal.get("model")
    )
    again = (
        again
        or (
            "cheapest" in wants
            and after_reference
            and lead is not None
            and lead.label in ("recommended", "pareto")
            # the same GPUs the sizing led with: a changed load ("drop to 32k context") is a
            # new setup, not the same one again (QA 56)
            and (led_before := lead_kept((previous_request or {}).get(STATED) or [])) is not None
            and led_before[:2] == (lead.gpu.id, lead.gpu.count * lead.replicas)
        )
    )
    published = _in_published_format(goal, result, catalog, turn, wants)
    turn.answer = render_recommendation(
        result,
        turn.language,
        wants=wants,
        passages=passages,
        injection=reading.injection,
        already_cheapest=again,
        within_budget=_within_budget_another_model(goal, result, catalog, turn, wants),
        published=published,
        published_near=published is not None
        and published.precision == "fp8"
        and _sixteen_bit(goal, catalog),
        other_tasks=_other_task_options(goal, reading, catalog, turn, wants),
        user_base=_users_as_everyone(goal, reading, catalog, turn, wants),
        retrieval=_by_retrieval(goal, result, catalog, turn, wants),
        pick=reading.said.pick and (previous_goal is not None or previous_request is not None),
        # "the cheapest way" to a goal: no model or GPUs of theirs, nor GPUs asked for (a
        # model named leads with its GPUs; the API line follows: goal evals' names_gpus)
        api_if_cheaper="cheapest" in wants
        and goal.get("model") is None
        and goal.get("gpu") is None
        and not reading.said.hardware_asked,
    )
    late = _owned_job_late(goal, lead, catalog, turn)
    if late is not None:  # "200k tickets overnight on our RTX 4090: in time?": no, first
        turn.answer = f"{late}\n{turn.answer}"
    beyond = _beyond_the_gpus_said(goal, lead, catalog, turn)
    if beyond is not None:  # "full fine-tune instead?" after one RTX 4090: what it takes
        turn.answer = f"{beyond}\n{turn.answer}"
    last = _last_pick_at_this_load(previous_goal, goal, result, lead, catalog, turn)
    if last is not None:  # "а если 300 человек?": what the last answer's pick does now
        turn.answer = f"{last}\n{turn.answer}"
    verdict = _on_the_gpus_named(question, previous_goal, reading, result, lead, catalog, turn)
    if verdict is not None:  # "а на двух 4090 потянем?": yes or no first
        turn.answer = f"{verdict}\n{turn.answer}"
    if (  # "renting the same thing?" after GPUs no one rents by the hour (MI350X, QA 51)
        "rent" in wants
        and lead is not None
        and previous_goal is not None
        and previous_goal.gpu in catalog.gpus
        and previous_goal.gpu != lead.gpu.id
        and previous_goal.gpu not in catalog.prices.cloud_usd_per_gpu_hour
    ):
        unrented = render(
            M.REC_LAST_NOT_RENTED, turn.language, gpu=catalog.gpus[previous_goal.gpu].name
        )
        turn.answer = f"{unrented}\n{turn.answer}"
    enough = _budget_enough(question, goal, lead, catalog, turn, wants)
    if enough is not None:  # "бюджет 30 млн, хватит?": yes or no first
        turn.answer = f"{enough}\n{turn.answer}"
    quote = _quote_check(goal, lead, catalog, turn)  # "quoted $320k for 8x H100: fair?"
    if quote is not None:
        turn.answer = f"{quote}\n{turn.answer}"
    held = _owned_capacity(goal, lead, catalog, turn)  # "how many devs can it serve?": first
    if held:
        turn.answer = "\n".join([*held, turn.answer])
    swapped = _model_swapped(question, reading, previous_goal, lead, catalog, turn.language)
    if swapped is not None:  # "Llama 3.3 70B instead: how much cheaper, quality?": first
        turn.answer = f"{swapped}\n{turn.answer}"
    dearer = _four_bits_cost_more(reading, previous_goal, lead, catalog, turn.language)
    dearer = dearer or _dearer_on_the_gpus_asked(
        goal, wants, previous_goal, lead, catalog, turn.language
    )
    dearer = dearer or _dearer_than_the_sizing(
        question, goal, previous_request, lead, catalog, turn
    )
    if dearer is not None:
        turn.answer = f"{dearer}\n{turn.answer}"
    elif (  # "а в fp8?" when the last answer was already in FP8: say so, not the same again
        lead is not None
        and previous_goal is not None
        and "precision" in reading.explicit
        and reading.said.precision == lead.precision
        and previous_goal.gpu == lead.gpu.id
        and previous_goal.capex_usd == lead.cost.capex_usd
        and _last_precision(previous_goal) == lead.precision  # "в FP8" before "а в 4 бит?"
    ):
        already = render(M.REC_ALREADY_FORMAT, turn.language, format=lead.precision.upper())
        turn.answer = f"{already}\n{turn.answer}"
    elif "precision" in reading.explicit:
        changed = _format_on_the_same_gpus(previous_goal, result, lead, catalog, turn)
        if changed is not None:  # "а в 4 бит?" on the same card: what the format changed
            turn.answer = f"{changed}\n{turn.answer}"


def _without(fields: dict[str, Any], *names: str) -> dict[str, Any]:
    return {k: v for k, v in fields.items() if k not in names}


# A goal's fields that choose the GPUs, not what they serve.
_HARDWARE_FIELDS = ("gpu", "gpus", "card_version")


def _beyond_the_gpus_said(
    goal: dict[str, Any], lead: Option | None, catalog: Catalog, turn: OfflineTurn
) -> str | None:
    """A goal held to GPUs the customer chose, not owned, that nothing fits ("and a full
    fine-tune instead?" after "QLoRA on a single RTX 4090"): what it takes without that
    limit, first, rather than only the lighter task that would fit."""
    if (lead is not None and lead.fits) or not (goal.get("gpu") or goal.get("gpus")):
        return None
    free = _without(goal, *_HARDWARE_FIELDS)
    try:
        result = recommend_deployment(free, catalog)
    except InputError:
        return None
    found = lead_option(result)
    if found is None or not found.fits:
        return None
    turn.tool_results.append(result)
    rented = rented_option(result)
    if rented is not None and renting_wins(found, rented):
        found = rented  # a run of a few hours: rented, not $100k of GPUs bought for it
    gpu = catalog.gpus.get(str(goal.get("gpu", "")))
    name = gpu.name if gpu is not None else render(M.REC_GPUS_ANY, turn.language)
    limit = f"{goal['gpus']} x {name}" if goal.get("gpus") else name
    return render(
        M.REC_BEYOND_GPUS_SAID,
        turn.language,
        gpus=limit,
        option=render_option_line(found, turn.language),
    )


def _owned_job_late(
    goal: dict[str, Any], lead: Option | None, catalog: Catalog, turn: OfflineTurn
) -> str | None:
    """A batch job the owned GPUs end after its deadline (QA 53: "200k tickets overnight on
    our one RTX 4090, will it make it?" got no model and no hours): no, with the hours and
    the request length they rest on, then the fewest of that GPU that end it in time."""
    owned, deadline = goal.get("owned"), goal.get("deadline_hours")
    if (
        lead is None
        or lead.label != "owned"
        or lead.batch_job is None
        or lead.meets_targets
        or not isinstance(owned, dict)
        or deadline is None
    ):
        return None
    job = lead.batch_job
    late = render(
        M.REC_JOB_PAST_DEADLINE,
        turn.language,
        count=lead.gpu.count * lead.replicas,
        gpu=lead.gpu.name,
        hours=round(job.hours, 1),
        deadline=deadline,
        prompt=job.prompt_tokens,
    )
    try:
        result = recommend_deployment(
            {**_without(goal, "owned"), "gpu": owned["gpu"], "model": lead.model}, catalog
        )
    except InputError:
        return late
    found = lead_option(result)
    if found is None or not found.meets_targets or found.batch_job is None:
        return late
    turn.tool_results.append(result)
    fewest = render(
        M.REC_JOB_FEWEST_IN_TIME,
        turn.language,
        count=found.gpu.count * found.replicas,
        gpu=found.gpu.name,
        model=found.model_name,
        format=found.precision.upper(),
        hours=round(found.batch_job.hours, 1),
    )
    return f"{late} {fewest}"


# "бюджет 30 млн, хватит?", "is $50k enough?": a budget asked about, not only given.
_ENOUGH = r"(?:хватит|хватает|хватит ли|достаточно|уложимся|enough|sufficient)"
_ENOUGH_ASKED = re.compile(
    rf"{_ENOUGH}\s*\?*\s*$|"  # "бюджет 30 млн, хватит?"
    rf"(?:budget|бюджет\w*|денег|money|\$|₽|руб\w*|млн|\d\s*k\b)[^.?!]{{0,40}}?{_ENOUGH}|"
    rf"{_ENOUGH}[^.?!]{{0,20}}?(?:бюджет\w*|budget|денег|money)"
)


def _budget_enough(
    question: str,
    goal: dict[str, Any],
    lead: Option | None,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> str | None:
    """ "We want DeepSeek V3, budget 30M roubles, enough?": yes (what the setup takes of it,
    and whether the model as published fits it too) or no (what the cheapest setup that
    meets the targets costs), before the answer (QA 36 never heard the yes)."""
    if lead is None or lead.training_hours is not None or not _ENOUGH_ASKED.search(question):
        return None
    prices = catalog.prices
    if goal.get("budget_usd"):
        budget = Budget(amount=float(goal["budget_usd"]), currency="USD")
        usd = budget.amount
    elif goal.get("budget_rub"):
        budget = Budget(amount=float(goal["budget_rub"]), currency="RUB")
        usd = prices.usd(budget.amount, "RUB")
    elif goal.get("budget_eur"):
        budget = Budget(amount=float(goal["budget_eur"]), currency="EUR")
        usd = prices.usd(budget.amount, "EUR")
    else:
        return None

    def money(dollars: float) -> str:
        local = Budget(amount=dollars * budget.amount / usd, currency=budget.currency)
        return _money_as_said(dollars, local, turn.language)

    capex = lead.cost.capex_usd
    if not lead.meets_targets or capex > usd:
        short = render(M.ANSWER_BUDGET_SHORT, turn.language, capex=money(capex), budget=money(usd))
        everyone = next(
            (
                a.option
                for a in turn.alternatives
                if a.why == "user_base" and a.option is not None and a.option.cost.capex_usd <= usd
            ),
            None,
        )
        if everyone is None:
            return short
        return (
            short
            + " "
            + render(  # "100 operators" may be all of them, not 100 at once
                M.ANSWER_BUDGET_USER_BASE,
                turn.language,
                users=goal.get("users", 0),
                peak=everyone.users_per_replica * everyone.replicas,
                count=everyone.gpu.count * everyone.replicas,
                gpu=everyone.gpu.name,
                capex=money(everyone.cost.capex_usd),
            )
        )
    line = render(
        M.ANSWER_BUDGET_ENOUGH,
        turn.language,
        capex=money(capex),
        budget=money(usd),
        share=round(100 * capex / usd),
    )
    published = next(
        (
            a.option
            for a in turn.alternatives
            if a.why == "published" and a.option is not None and a.option.cost.capex_usd <= usd
        ),
        None,
    )
    if published is not None and "cheapest" not in wants:
        line += " " + render(
            M.ANSWER_BUDGET_PUBLISHED_TOO,
            turn.language,
            format=published.precision.upper(),
            count=published.gpu.count * published.replicas,
            gpu=published.gpu.name,
            capex=money(published.cost.capex_usd),
        )
    return line


def _format_on_the_same_gpus(
    previous_goal: GoalContext | None,
    result: Recommendation,
    lead: Option | None,
    catalog: Catalog,
    turn: OfflineTurn,
) -> str | None:
    """ "А в 4 бит?" when the same model stays on the same GPUs: what the new format holds
    and how fast, against the last answer's format on them (the price does not move)."""
    last = previous_goal.last_pick if previous_goal is not None else None
    if last is None or lead is None or lead.training_hours is not None:
        return None
    fields = dict(last["size_request"])
    same = (fields.get("model"), fields.get("gpu"), fields.get("gpus"))
    if same != (lead.model, lead.gpu.id, lead.gpu.count * lead.replicas):
        return None
    was = fields.get("precision")
    if not isinstance(was, str) or was == lead.precision:
        return None
    fields["users"] = result.workload.concurrency
    report = _size_recorded(fields, catalog, turn)
    if report is None or not report.fits:
        return None
    return render(
        M.REC_FORMAT_SAME_GPUS,
        turn.language,
        format=lead.precision.upper(),
        count=lead.gpu.count * lead.replicas,
        gpu=lead.gpu.name,
        capacity=lead.max_concurrent_users,
        speed=round(lead.per_user_tokens_per_s, 1),
        was_format=was.upper(),
        was_capacity=report.performance.max_concurrent_users,
        was_speed=round(report.performance.per_user_tokens_per_s, 1),
    )


def _last_precision(previous_goal: GoalContext) -> str | None:
    """The weight format the last goal answer's lead ran in (None when it was not kept)."""
    pick = previous_goal.last_pick
    request = pick.get("size_request") if pick is not None else None
    return request.get("precision") if isinstance(request, dict) else None


# What sets a goal's load: a follow-up changing one of these asks what the last pick does.
_LOAD_FIELDS = (
    "users",
    "headcount",
    "requests_per_s",
    "requests_per_day",
    "requests_per_person_per_day",
    "dialogues_per_day",
    "tokens_per_day",
    "words_per_day",
    "context",
    "prompt_tokens",
    "output_tokens",
    "document_words",
)


def _still_eligible(gpu: Gpu, goal: dict[str, Any], catalog: Catalog) -> bool:
    """Whether the goal's search may pick this GPU: one rented by the hour when renting is
    asked, no GeForce card in a server room or where they are ruled out."""
    if goal.get("rentable_only") and gpu.id not in catalog.prices.cloud_usd_per_gpu_hour:
        return False
    no_gaming = goal.get("datacenter") or goal.get("professional_only")
    return not (no_gaming and gpu.gpu_class == "gaming")


def _last_pick_at_this_load(
    previous_goal: GoalContext | None,
    goal: dict[str, Any],
    result: Recommendation,
    lead: Option | None,
    catalog: Catalog,
    turn: OfflineTurn,
) -> str | None:
    """ "А если 300 человек?" after a pick that no longer leads: the last answer's setup (its
    GPUs, all of its copies) sized at the new load, with its speed against the target, so the
    person sees why the answer changed rather than a weaker model with no reason. A batch job
    is weighed by its deadline, not this."""
    last = previous_goal.last_pick if previous_goal is not None else None
    if (
        last is None
        or lead is None
        or previous_goal is None
        or lead.training_hours is not None
        or lead.batch_job is not None
    ):
        return None
    before = previous_goal.recommend_fields
    if all(before.get(k) == goal.get(k) for k in _LOAD_FIELDS):
        return None  # the load did not change: the model, budget, a format or the GPUs did
    fields = dict(last["size_request"])
    if goal.get("model") not in (None, fields.get("model")) or any(
        k in goal for k in ("stronger_than", "smaller_than_b")
    ):
        return None  # "Phi-4 is not what we meant", "a smarter one": that pick is set aside
    last_gpu = catalog.gpus.get(str(fields.get("gpu")))
    if last_gpu is None or not _still_eligible(last_gpu, goal, catalog):
        return None  # renting asked, no GeForce: the search could not pick it again
    if (fields.get("model"), fields.get("gpu"), fields.get("gpus")) == (
        lead.model,
        lead.gpu.id,
        lead.gpu.count,
    ):
        return None  # the same pick leads again: its own line says what it does
    workload = result.workload
    for name in ("context", "prompt_tokens", "output_tokens"):
        if name in lead.size_request:
            fields[name] = lead.size_request[name]
        else:
            fields.pop(name, None)
    fields["users"] = workload.concurrency  # its `gpus` are all of its copies' GPUs
    report = _size_recorded(fields, catalog, turn)
    if report is None:
        return None
    perf = report.performance
    count = report.gpu.count
    model = model_name(catalog, str(fields["model"]))
    gpu = catalog.gpus[str(fields["gpu"])].name
    if not report.fits:
        return render(
            M.REC_LAST_PICK_NO_ROOM,
            turn.language,
            model=model,
            count=count,
            gpu=gpu,
            users=workload.concurrency,
            capacity=perf.max_concurrent_users,
        )
    target = workload.tokens_per_s_per_user or 0.0
    speed = perf.per_user_tokens_per_s
    return render(
        M.REC_LAST_PICK_SLOWER if speed < target else M.REC_LAST_PICK_SERVES,
        turn.language,
        model=model,
        count=count,
        gpu=gpu,
        users=workload.concurrency,
        speed=round(speed, 1),
        target=round(target, 1),
        capacity=perf.max_concurrent_users,
    )


def _on_the_gpus_named(
    question: str,
    previous_goal: GoalContext | None,
    reading: Reading,
    result: Recommendation,
    lead: Option | None,
    catalog: Catalog,
    turn: OfflineTurn,
) -> str | None:
    """ "А на двух 4090 потянем?" after a goal: yes or no on those GPUs, and when the last
    answer's model is not the one they run, whether it fits on them at all."""
    said = reading.said
    if previous_goal is None or lead is None or said.gpu is None or said.gpus is None:
        return None
    if lead.gpu.id != said.gpu or lead.training_hours is not None:
        return None
    used = lead.gpu.count * lead.replicas
    gpu = catalog.gpus[said.gpu].name
    serves = lead.meets_targets and lead.label != "closest"
    if serves and used < said.gpus and _BETTER_DEAL.search(question):
        # "would 4x 4090 be a better deal?" when two carry it: no, the rest is only cost
        return render(
            M.REC_MORE_THAN_NEEDED,
            turn.language,
            count=said.gpus,
            gpu=gpu,
            users=result.workload.concurrency,
            fewer=used,
            extra=said.gpus - used,
        )
    line = render(
        M.REC_YES_ON_THESE if serves else M.REC_NO_ON_THESE,
        turn.language,
        count=said.gpus,
        gpu=gpu,
        users=result.workload.concurrency,
    )
    if serves and used < said.gpus:  # "on two 4090?" when one carries it
        line += render(M.REC_FEWER_ENOUGH, turn.language, fewer=used)
    last = previous_goal.last_pick
    if last is None or last["size_request"].get("model") == lead.model:
        return line
    fields = {
        **last["size_request"],
        "gpu": said.gpu,
        "gpus": said.gpus,
        "users": result.workload.concurrency,
    }
    report = _size_recorded(fields, catalog, turn)
    if report is None or report.fits:
        return line
    no_fit = render(
        M.REC_LAST_MODEL_NO_FIT,
        turn.language,
        model=model_name(catalog, str(fields["model"])),
        need=round(report.memory.per_gpu_gb, 1),
        memory=report.memory.capacity_per_gpu_gb,
        chosen=lead.model_name,
    )
    return f"{line} {no_fit}"


# "would 4x 4090 be a better deal?", "а 4 карты выгоднее?": more GPUs weighed as a purchase
_BETTER_DEAL = re.compile(
    r"better (?:deal|value|buy)|worth (?:it|the money)|выгодн\w*|"
    r"стоит ли (?:брать|покупать|переплачивать)",
    re.IGNORECASE,
)


def _size_recorded(
    fields: dict[str, Any], catalog: Catalog, turn: OfflineTurn
) -> SizingReport | None:
    """The last answer's pick sized as a follow-up changes it, kept among the turn's figures;
    None when the engine refuses it."""
    try:
        report = size_deployment(fields, catalog).report
    except InputError:
        return None
    turn.tool_results.append(report)
    return report


# "how much cheaper", "is quality comparable", "насколько дешевле", "не хуже ли": a model
# swapped in a goal, weighed against the last answer's
_SWAP_WEIGHED = re.compile(
    r"cheaper|less expensive|how much (?:less|more)|sav(?:e|ing)|quality|comparabl\w*|as good|"
    r"дешевл\w*|дороже|сэконом\w*|экономи\w*|разниц\w*|качеств\w*|сопоставим\w*|не хуже|"
    r"так же хорош\w*"
)


def _model_swapped(
    question: str,
    reading: Reading,
    previous_goal: GoalContext | None,
    lead: Option | None,
    catalog: Catalog,
    language: Language,
) -> str | None:
    """ "What if we use Llama 3.3 70B instead — how much cheaper, and is quality
    comparable?" (QA 38): the new lead's price against the last answer's, and both models'
    quality tiers from the catalog, before the new setup."""
    if lead is None or previous_goal is None or previous_goal.capex_usd is None:
        return None
    before = previous_goal.goal.get("model")
    if (
        "model" not in reading.explicit
        or not isinstance(before, str)
        or before == lead.model
        or not _SWAP_WEIGHED.search(question.lower())
        or {"users", "headcount", "gpu", "gpus"} & set(reading.explicit)  # not the model alone
    ):
        return None
    previous, capex = previous_goal.capex_usd, lead.cost.capex_usd
    if before not in catalog.models or previous <= 0 or capex <= 0:
        return None
    names = {"model": lead.model_name, "before": catalog.models[before].name}
    line = render(
        M.REC_MODEL_SWAPPED,
        language,
        **names,
        capex=capex,
        previous=previous,
        capex_rub=round(capex * catalog.prices.rub_per_usd.value),
        previous_rub=round(previous * catalog.prices.rub_per_usd.value),
        share=round(abs(capex - previous) / previous * 100),
        direction=render(M.REC_LESS if capex < previous else M.REC_MORE, language),
    )
    rated = catalog.suitability
    if before in rated and lead.model in rated:  # the catalog's tiers, where it rates both
        line += " " + render(
            M.REC_MODEL_SWAPPED_QUALITY,
            language,
            **names,
            tier=rated[lead.model].quality_tier,
            before_tier=rated[before].quality_tier,
        )
    return line


def _four_bits_cost_more(
    reading: Reading,
    previous_goal: GoalContext | None,
    lead: Option | None,
    catalog: Catalog,
    language: Language,
) -> str | None:
    """ "А в 4 бита?" that buys more GPUs than the last answer: why. INT4 halves the weights,
    but its matrix multiplies run on 16-bit tensor cores (W4A16: the weights are expanded to
    FP16 in the kernel), while FP8 runs on FP8 tensor cores at twice that rate: long prompts
    then need more GPUs to start their answers in time."""
    if (
        lead is None
        or previous_goal is None
        or previous_goal.capex_usd is None
        or "precision" not in reading.explicit
        or not lead.precision.startswith("int4")
        or lead.cost.capex_usd <= previous_goal.capex_usd
    ):
        return None
    gpu = catalog.gpus[lead.gpu.id]
    if not gpu.tflops.fp8 or gpu.tflops.fp8 <= (gpu.tflops.fp16 or gpu.tflops.bf16):
        return None
    return render(
        M.REC_INT4_COSTS_MORE,
        language,
        capex=lead.cost.capex_usd,
        previous=previous_goal.capex_usd,
        gpu=gpu.name,
    )


def _dearer_on_the_gpus_asked(
    goal: dict[str, Any],
    wants: Sequence[str],
    previous_goal: GoalContext | None,
    lead: Option | None,
    catalog: Catalog,
    language: Language,
) -> str | None:
    """ "А дешевле можно? например на 4090" when the cards asked for serve the same goal only
    at a higher price than the last answer's lead: that first, not a dearer lead unremarked
    (QA 51). Only the GPUs may differ: a larger load costs more for its own reason."""
    if (
        "cheapest" not in wants
        or lead is None
        or previous_goal is None
        or not goal.get("gpu")
        or _without(previous_goal.recommend_fields, *_HARDWARE_FIELDS)
        != _without(goal, *_HARDWARE_FIELDS)
        or previous_goal.capex_usd is None
        or previous_goal.gpu not in catalog.gpus
        or previous_goal.gpu == lead.gpu.id
        or lead.gpu.market == "owned"
        or lead.cost.capex_usd <= previous_goal.capex_usd
    ):
        return None
    return _not_cheaper(lead, previous_goal.capex_usd, catalog.gpus[previous_goal.gpu], language)


def _not_cheaper(lead: Option, previous_capex: float, before: Gpu, language: Language) -> str:
    """The cards asked for cost more to buy for this goal than the last answer's lead."""
    local, cur = local_cost(lead)
    rate = local.capex / lead.cost.capex_usd
    return render(
        M.REC_NOT_CHEAPER,
        language,
        gpu=lead.gpu.name,
        capex=lead.cost.capex_usd,
        capex_local=local.capex,
        previous=previous_capex,
        previous_local=round(previous_capex * rate),
        cur=note(cur),
        before_gpu=before.name,
    )


# "since they're cheaper", "они же дешевле": a card taken for its lower price
_CHEAPER_CARD = re.compile(r"\bcheaper\b|\bless expensive\b|дешевле|подешевле")


def _dearer_than_the_sizing(
    question: str,
    goal: dict[str, Any],
    previous_request: dict[str, Any] | None,
    lead: Option | None,
    catalog: Catalog,
    turn: OfflineTurn,
) -> str | None:
    """ "Could we do it with L40S instead, since they're cheaper?" after a sizing: the cards
    are, the setup may not be; as after a goal (above), when the same model and users on the
    cards asked cost more to buy than the sizing's lead, that first (QA 56: 16 x L40S at
    $256,000 after 2 x H100 NVL at $70,000, unremarked)."""
    if (
        lead is None
        or previous_request is None
        or not goal.get("gpu")
        or not _CHEAPER_CARD.search(question)
        or previous_request.get("model") != goal.get("model")
        or previous_request.get("users") != goal.get("users")
        or lead.gpu.market == "owned"
    ):
        return None
    before = lead_kept(previous_request.get(STATED) or [])
    if before is None or before[0] == lead.gpu.id or before[0] not in catalog.gpus:
        return None
    if lead.cost.capex_usd <= before[2]:
        return None
    return _not_cheaper(lead, before[2], catalog.gpus[before[0]], turn.language)


def _other_task_options(
    goal: dict[str, Any],
    reading: Reading,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> list[tuple[str, Option]]:
    """ "LoRA или полный fine-tune?" as a goal: the answer is for the lightest method; each
    heavier one asked about gets the option the same goal leads with for it."""
    tasks = reading.said.tasks_compared
    if len(tasks) < 2:
        return []
    found = []
    for task in tasks:
        if task == goal.get("task"):
            continue
        other_goal = {**goal, "task": task}
        try:
            other = recommend_deployment(other_goal, catalog)
        except InputError:
            continue
        lead = lead_option(other, wants)
        if lead is not None:
            turn.record(
                "recommend_deployment",
                other_goal,
                other,
                recommendation_summary(other, turn.language),
            )
            found.append((task, lead))
    return found


# Use cases that read each document whole by their nature: a review, a summary or a
# translation of a part would miss the rest, so retrieval is no alternative for them.
_WHOLE_DOCUMENT_USE_CASES = ("extraction", "summarization", "translation")


def _by_retrieval(
    goal: dict[str, Any],
    result: Recommendation,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> tuple[int, Option] | None:
    """Questions over long documents read whole: the same goal answered from retrieved
    passages (the rag profile's prompt), priced beside when it buys less, or in its place when
    no model reads the document whole; a batch job or a use case that must read the whole
    document gets none."""
    lead = lead_option(result, wants)
    too_long = any(
        n.code in (M.UNMET_CONTEXT_TOO_LONG, M.UNMET_MODEL_CONTEXT_TOO_LONG)
        for n in result.unmet_i18n
    )
    # documents by their length, or "150k-token contracts" no model named reads whole
    reads_documents = (
        goal.get("document_words")
        or goal.get("long_documents")
        or (too_long and goal.get("prompt_tokens"))
    )
    if (
        not reads_documents
        or (lead is None and not too_long)
        or goal.get("batch_items")
        or goal.get("use_case") in _WHOLE_DOCUMENT_USE_CASES
        or result.workload.input_tokens < LONG_PROMPT_TOKENS
    ):
        return None
    dropped = ("document_words", "long_documents", "context", "prompt_tokens", "ttft_s")
    rag_goal = {k: v for k, v in goal.items() if k not in dropped} | {"use_case": "rag"}
    if lead is not None:
        rag_goal["model"] = lead.model  # the same model: only the prompt differs
    try:
        other = recommend_deployment(rag_goal, catalog)
    except InputError:
        return None
    by_passages = lead_option(other, wants)
    if by_passages is None or (
        lead is not None and by_passages.cost.capex_usd >= lead.cost.capex_usd
    ):
        return None
    turn.record(
        "recommend_deployment", rag_goal, other, recommendation_summary(other, turn.language)
    )
    return other.workload.input_tokens, by_passages


def _users_as_everyone(
    goal: dict[str, Any],
    reading: Reading,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> tuple[int, int, Option] | None:
    """ "500 users" with no "at once" may be everyone who uses it: the goal is sized for 500
    at once, as said, and the same goal for 500 people of whom the usual share is on at
    peak is priced beside it, so the buyer sees both readings (a 5-10x difference)."""
    users = goal.get("users")
    said = reading.said
    if (
        not isinstance(users, int)
        or users < USER_BASE_FROM
        or said.users != users
        or said.users_at_once
        or "headcount" in goal
        or goal.get("task", "inference") != "inference"
    ):
        return None
    everyone = {k: v for k, v in goal.items() if k != "users"} | {"headcount": users}
    try:
        result = recommend_deployment(everyone, catalog)
    except InputError:
        return None
    lead = lead_option(result, wants)
    if lead is None or not lead.meets_targets:
        return None
    turn.record(
        "recommend_deployment", everyone, result, recommendation_summary(result, turn.language)
    )
    turn.alternatives.append(Alternative(why="user_base", option=lead))
    return users, result.workload.concurrency, lead


def _in_published_format(
    goal: dict[str, Any],
    result: Recommendation,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> Option | None:
    """ "DeepSeek V3 on our own servers, how much?": its cheapest setup quantises it below
    the format it is published in (INT4 against FP8); the cheapest setup in the published
    format beside it, so the quality's price is in view."""
    lead = lead_option(result, wants)
    model = catalog.models.get(str(goal.get("model") or ""))
    if lead is None or model is None or goal.get("precision") or lead.training_hours is not None:
        return None
    published = "fp16" if model.native_precision == "fp32" else model.native_precision
    formats = catalog.formats
    if published not in formats or lead.precision not in formats:
        return None
    if _bulk_bits(formats[lead.precision]) >= _bulk_bits(formats[published]) - 0.5:
        return None  # already as published (or FP8 of a 16-bit model: near-lossless)
    if _bulk_bits(formats[published]) > 8:
        # a 16-bit model led in 4 bits ("Llama 3.3 70B, budget $50k: the best box?"): FP8,
        # near its published quality at half the memory, priced beside it (QA 44)
        if (
            _bulk_bits(formats[lead.precision]) > 5
            or "fp8" not in formats
            or "cheapest" in wants  # asked for the cheapest: the dearer format is no answer
            or "fastest" in wants  # the cheapest FP8 setup is no answer to "the fastest"
            or goal.get("fastest")
        ):
            return None
        published = "fp8"
    option = _alternative({**goal, "precision": published}, catalog, turn, met=False)
    if option is not None:
        turn.alternatives.append(Alternative(why="published", option=option))
    return option


def _amd_software(report: SizingReport, catalog: Catalog, turn: OfflineTurn) -> list[str]:
    """An AMD setup the answer leads with: its software stack is ROCm, said (QA 44)."""
    gpu = catalog.gpus.get(report.gpu.id)
    if gpu is None or gpu.vendor != "amd":
        return []
    return [render(M.REC_AMD_SOFTWARE, turn.language)]


def _sixteen_bit(goal: dict[str, Any], catalog: Catalog) -> bool:
    """The goal's model is published in 16 bits (its FP8 is near, not the published format)."""
    model = catalog.models.get(str(goal.get("model") or ""))
    return model is not None and model.native_precision in ("bf16", "fp16", "fp32")


def _alternative(
    goal: dict[str, Any], catalog: Catalog, turn: OfflineTurn, *, met: bool
) -> Option | None:
    """The cheapest setup of another goal beside the answer, recorded as a tool call; None
    when it misses its targets (or, `met`, when the goal leaves anything unmet)."""
    try:
        other = recommend_deployment(goal, catalog)
    except InputError:
        return None
    option = lead_option(other, ["cheapest"])
    if option is None or not option.meets_targets or (met and other.unmet_i18n):
        return None
    turn.record("recommend_deployment", goal, other, recommendation_summary(other, turn.language))
    return option


def _bulk_bits(fmt: WeightFormat) -> float:
    """Bits of the MLP weights, the bulk of a model (embeddings stay 16-bit in most formats)."""
    return fmt.bits.get("mlp", 16.0)


def _within_budget_another_model(
    goal: dict[str, Any],
    result: Recommendation,
    catalog: Catalog,
    turn: OfflineTurn,
    wants: Sequence[str],
) -> Option | None:
    """ "Full DeepSeek R1, but within 5 million roubles?": when the model asked for costs more
    than the budget, the strongest model the same goal gets within it."""
    over = any(n.code is M.UNMET_BUDGET for n in result.unmet_i18n)
    if not over or not (goal.get("model") or goal.get("family")):
        return None
    if goal.get("task") == "lora":  # "а LoRA на 70B влезет?": the same model with QLoRA first
        qlora = _alternative({**goal, "task": "qlora"}, catalog, turn, met=True)
        if qlora is not None:
            return qlora
    open_goal = {k: v for k, v in goal.items() if k not in ("model", "family")}
    open_goal["strongest"] = True
    try:
        other = recommend_deployment(open_goal, catalog)
    except InputError:
        return None
    lead = lead_option(other, [*(w for w in wants if w != "cheapest"), "largest_model"])
    if lead is None or not lead.meets_targets or other.unmet_i18n:
        return None
    turn.record(
        "recommend_deployment", open_goal, other, recommendation_summary(other, turn.language)
    )
    return lead


MAX_MODELS_COMPARED = 4


def _built_on(family: str, named: Sequence[str], catalog: Catalog) -> str | None:
    """ "T-pro, and how is it better than Qwen?": the family's model another one named is
    built on (the same architecture: T-pro-it-2.0 is a Qwen3-32B fine-tune), so the two are
    weighed at one size, not against the family's smallest (QA 52)."""
    for name in named:
        model = catalog.models.get(name)
        if model is None or model.id.startswith(family):
            continue
        bases = [
            m.id
            for m in catalog.models.values()
            if m.id != model.id and m.id.startswith(family) and m.architecture == model.architecture
        ]
        if len(bases) == 1:
            return bases[0]
    return None


def _models_side_by_side(
    question: str, reading: Reading, catalog: Catalog, kb: KnowledgeBase | None, turn: OfflineTurn
) -> None:
    """ "Mistral Small vs Gemma 3 27B?", "Llama 3.3 70B или Qwen?": each model priced for
    the same goal (a family by its best model for it), side by side, with what sets them
    apart: quality, Russian, the cost of serving the load."""
    base = {k: v for k, v in (reading.goal or {}).items() if k not in ("model", "family")}
    wants = goal_wants(reading.said.wants, base)
    named = reading.said.models_compared[:MAX_MODELS_COMPARED]
    results = _recommend_each(
        [
            {**base, "model": name}
            if name in catalog.models
            else {**base, "model": base_model}
            if (base_model := _built_on(name, named, catalog)) is not None
            else {**base, "family": name}
            for name in named
        ],
        catalog,
        turn,
    )
    if results is None:
        return
    choice = pick_model(results, catalog, wants)
    if choice is not None:  # a follow-up ("and for 100 users?") weighs the same models
        turn.recommendation = choice.result
        led = [want for want in ("cheapest", "api_vs_own") if want in wants]
        picked = lead_option(choice.result, wants)
        turn.goal = _goal_context(  # "and at 32k context?" still asks which is cheaper
            {
                **base,
                COMPARED: reading.said.models_compared[:MAX_MODELS_COMPARED],
                **({LED_BY: led} if led else {}),
                # "how fast on that card?": the setup the pick led with, to size
                **(
                    {LAST_PICK: {"size_request": picked.size_request}}
                    if picked is not None and picked.training_hours is None
                    else {}
                ),
            },
            picked,
        )
    passages = _search(kb, f"{question} {_TOPICS['models'][turn.language]}", turn.language, turn)
    turn.answer = render_models_side_by_side(
        results,
        catalog,
        turn.language,
        choice=choice,
        wants=wants,
        passages=passages,
        injection=reading.injection,
    )


MAX_GPUS_COMPARED = 4


def _recommend_each(
    goals: Sequence[dict[str, Any]], catalog: Catalog, turn: OfflineTurn
) -> list[Recommendation] | None:
    """Each goal recommended and recorded; None, with the error as the answer, when one is
    refused."""
    results: list[Recommendation] = []
    for goal in goals:
        try:
            result = recommend_deployment(goal, catalog)
        except InputError as exc:
            turn.answer = render_error(exc.to_dict(), turn.language)
            return None
        results.append(result)
        turn.record(
            "recommend_deployment", goal, result, recommendation_summary(result, turn.language)
        )
    return results


def _goal_context(goal: dict[str, Any], lead: Option | None) -> GoalContext:
    """What a follow-up builds on: the goal and its answer's lead GPU and purchase."""
    return GoalContext(
        goal=goal,
        gpu=lead.gpu.id if lead is not None else None,
        capex_usd=lead.cost.capex_usd if lead is not None and lead.cost.capex_usd else None,
    )


def _gpus_side_by_side(
    question: str, reading: Reading, catalog: Catalog, kb: KnowledgeBase | None, turn: OfflineTurn
) -> None:
    """ "4090, L40S или H100 под инференс?": the goal priced on each GPU named (a GPU sold
    only in 8-GPU servers with its card version beside it), the best setup on each side by
    side, then the card to take. With a budget, each shows the most that budget buys on it."""
    base = {k: v for k, v in (reading.goal or {}).items() if k not in ("gpu", "gpus", "owned")}
    wants = goal_wants(reading.said.wants, base)
    budgeted = any(base.get(f) for f in BUDGET_FIELDS)
    if budgeted and not {"cheapest", "largest_model"} & set(wants):
        wants.append("largest_model")  # "что лучше взять на 2 млн?": the most it buys
    named = reading.said.gpus_compared[:MAX_GPUS_COMPARED]
    counts = dict(reading.said.gpu_counts)
    weighed = list(named)
    for gpu in named:
        sibling = card_sibling(catalog.gpus[gpu], catalog.gpus.values(), catalog.prices)
        if sibling is not None and sibling.id not in weighed:
            weighed.insert(weighed.index(gpu) + 1, sibling.id)
    results = _recommend_each(
        [
            {**base, "gpu": gpu, **({"gpus": counts[gpu]} if gpu in counts else {})}
            for gpu in weighed
        ],
        catalog,
        turn,
    )
    if results is None:
        return
    budget = goal_budget(base, catalog.prices)
    choice = pick_gpu(results, wants, budget[0] if budget is not None else None)
    if choice is not None:
        turn.recommendation = choice.result
    turn.goal = _goal_context(  # "а для Qwen3 32B?": the same GPUs weighed on that model
        {**base, GPUS_COMPARED: named},
        lead_option(choice.result, wants) if choice is not None else None,
    )
    passages = _search(kb, f"{question} {_TOPICS['compare'][turn.language]}", turn.language, turn)
    turn.answer = render_gpus_side_by_side(
        results,
        catalog,
        turn.language,
        choice=choice,
        wants=wants,
        passages=passages,
        injection=reading.injection,
    )


def goal_wants(said: Sequence[str], goal: dict[str, Any]) -> list[str]:
    """What this message wants, and what the goal it follows up still wants: "а если бюджет
    2 млн?" after "the strongest model" still leads with the strongest; after a rent question
    with the cheapest to rent."""
    wants = list(said)
    for key, want in (("strongest", "largest_model"), ("rentable_only", "rent")):
        if goal.get(key) and want not in wants:
            wants.append(want)
    return wants


def _at_count_or_fewest(
    request: dict[str, Any], catalog: Catalog
) -> tuple[SizingReport, int | None]:
    """The sizing at the count asked, or, when that count does not hold it, the fewest GPUs
    that do, with the count asked (None when it held or none was asked). InputError as
    size_deployment raises it."""
    report = size_deployment(request, catalog).report
    asked = request.get("gpus")
    if report.fits or asked is None:
        return report, None
    return size_deployment({**request, "gpus": None}, catalog).report, int(asked)


# Lighter formats a weighed GPU count may hold the model in, in order of quality.
LIGHTER_FORMATS = ("fp8", "int4")


def _in_lighter_formats(request: dict[str, Any], catalog: Catalog) -> Iterator[SizingReport]:
    """The request sized in each lighter format the engine accepts, lightest last."""
    for precision in LIGHTER_FORMATS:
        try:
            yield size_deployment({**request, "precision": precision}, catalog).report
        except InputError:
            continue


def _lighter_at_count(request: dict[str, Any], catalog: Catalog) -> SizingReport | None:
    """The sizing at the count asked in the first lighter format that holds the model ("2 x
    RTX 5090" hold Qwen3 32B in FP8, not as published), or None."""
    return next((r for r in _in_lighter_formats(request, catalog) if r.fits), None)


def _other_formats(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "FP16 vs INT8 vs INT4": the first format is the sizing; each other one is sized on the
    same GPU at the count that holds it, a line each (weights, per GPU, GPUs, speed)."""
    formats = turn.reading.said.precisions_compared
    if len(formats) < 2 or report.training is not None:
        return []
    lines = [render(M.ANSWER_FORMATS, turn.language, gpu=report.gpu.name)]
    for precision in formats:
        if precision == report.precision:
            continue
        try:
            other, _ = _at_count_or_fewest({**request, "precision": precision}, catalog)
        except InputError:
            continue
        turn.tool_results.append(other)
        lines.append(
            "- "
            + render(
                M.ANSWER_FORMAT_LINE if other.fits else M.ANSWER_FORMAT_NO_FIT,
                turn.language,
                precision=precision.upper(),
                weights=round(other.memory.breakdown_gb.weights * other.gpu.count, 1),
                per_gpu=round(other.memory.per_gpu_gb, 1),
                count=other.gpu.count,
                gpu=other.gpu.name,
                speed=round(other.performance.per_user_tokens_per_s, 1),
            )
        )
    return lines if len(lines) > 1 else []


def _held_as_they_are(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """The GPUs named hold none of the asked load in any format (every fix adds GPUs): how
    many requests at the asked context they hold in the lightest format, and how fast, so
    "what can our 2 A100s do at 32k?" gets a number, not only "buy 16"."""
    if (
        report.training is not None
        or turn.to_meet_targets is not None  # an option on them already holds it
        or any(c.fits and c.change in _QUANTIZED_FITS for c in turn.make_it_fit)
    ):
        return []
    lightest = {**request, "precision": LIGHTER_FORMATS[-1], "kv_precision": "fp8", "users": 1}
    try:
        one = size_deployment(lightest, catalog).report
    except InputError:
        return []
    held = one.performance.max_concurrent_users
    if not one.fits or held < 1:
        return []
    at_most = min(held, report.users)
    loaded = size_deployment({**lightest, "users": at_most}, catalog).report
    turn.tool_results.append(loaded)
    return [
        render(
            M.ANSWER_HELD_AS_THEY_ARE,
            turn.language,
            count=report.gpu.count,
            gpu=report.gpu.name,
            format=loaded.precision.upper(),
            held=held,
            context=report.context,
            speed=round(loaded.performance.per_user_tokens_per_s, 1),
            users=at_most,
        )
    ]


def _users_held(
    request: dict[str, Any],
    prompt: int,
    report: SizingReport,
    catalog: Catalog,
    turn: OfflineTurn,
    use_case: UseCaseId | None = None,
    *,
    in_fp8: bool = True,
) -> list[str]:
    """ "How many users will one L40S hold?": the most users at once its memory holds, and
    the most it serves at the use case's speed and first-token targets (the engine's load
    model at each count, found by bisection), the answer first; then, for 16-bit weights on
    a GPU that computes FP8 with no format said, the same in FP8 where it serves more (QA 54:
    GigaChat 20B in BF16 holds one user on an L40S)."""
    said = turn.reading.said
    if not said.capacity_asked or not report.fits or report.training is not None:
        return []
    fp8: list[str] = []
    if (
        in_fp8
        and "precision" not in turn.reading.explicit
        and report.precision in ("bf16", "fp16")
        and catalog.gpus[report.gpu.id].tflops.fp8 is not None
        and "fp8" in catalog.formats
    ):
        try:
            lighter = size_deployment({**request, "precision": "fp8"}, catalog).report
        except InputError:
            lighter = None
        if lighter is not None and lighter.fits and lighter.gpu.count == report.gpu.count:
            fp8 = _users_held(
                {**request, "precision": "fp8"},
                prompt,
                lighter,
                catalog,
                turn,
                use_case,
                in_fp8=False,
            )
    use_case = use_case or said.use_case or "chat"
    profile = catalog.workloads.use_cases[use_case]
    speed_target = said.tokens_per_s or profile.tokens_per_s_per_user
    ttft = said.ttft_s or ttft_target(profile, prompt)
    held = report.performance.max_concurrent_users

    def meets(users: int) -> SizingReport | None:
        try:
            sized = size_deployment({**request, "users": users}, catalog).report
        except InputError:
            return None
        perf = sized.performance
        ok = perf.per_user_tokens_per_s >= speed_target and perf.ttft_s <= ttft
        return sized if ok else None

    best = meets(1)
    if held < 1:
        return []
    said_of: dict[str, Param] = {  # what every line about the users held names
        "count": report.gpu.count,
        "gpu": report.gpu.name,
        "model": model_name(catalog, report.model),
        "precision": report.precision.upper(),
        "held": held,
        "context": report.context,
        "target": speed_target,
        "use_case": use_case_note(use_case).render(turn.language),
    }
    if best is None:  # "how many users at 8k?" where one already waits 6.7 s: say so
        try:
            alone = size_deployment({**request, "users": 1}, catalog).report
        except InputError:
            return []
        turn.tool_results.append(alone)
        return [
            render(
                M.ANSWER_USERS_HELD_NONE,
                turn.language,
                **said_of,
                ttft_target=round(ttft, 1),
                speed=round(alone.performance.per_user_tokens_per_s, 1),
                ttft=round(alone.performance.ttft_s, 1),
            )
        ]
    low, high = 1, held
    while low < high:  # the most users at once that still meet the targets
        middle = (low + high + 1) // 2
        found = meets(middle)
        if found is not None:
            low, best = middle, found
        else:
            high = middle - 1
    turn.tool_results.append(best)
    turn.alternatives.append(Alternative(why="users_at_targets", sizing=best))
    perf = best.performance
    line = render(
        M.ANSWER_USERS_HELD if low < held else M.ANSWER_USERS_HELD_MEMORY,
        turn.language,
        **said_of,
        served=low,
        speed=round(perf.per_user_tokens_per_s, 1),
        ttft=round(perf.ttft_s, 2),
    )
    more = [f for f in fp8 if _served(turn.alternatives, "fp8") > low]
    return [line, *more]


def _served(alternatives: list[Alternative], precision: str) -> int:
    """The users the last capacity sizing in `precision` serves at the targets (0: none)."""
    found = [
        a.sizing.users
        for a in alternatives
        if a.why == "users_at_targets" and a.sizing is not None and a.sizing.precision == precision
    ]
    return found[-1] if found else 0


# A quote this close to the catalog's price (either way) is the market price: list prices for
# the same server differ by about as much between vendors and months.
QUOTE_BAND = 0.15


def _quote_check(
    goal: dict[str, Any], lead: Option | None, catalog: Catalog, turn: OfflineTurn
) -> str | None:
    """ "We got quoted $320k for an 8xH100 box. Fair price?": the GPUs quoted, priced at the
    catalog's rates with their server, against the quote."""
    quote = turn.reading.said.quote
    gpu, count = goal.get("gpu"), goal.get("gpus")
    if quote is None or lead is None or gpu is None or count is None:
        return None
    try:
        report = size_deployment(
            {"model": lead.model, "gpu": gpu, "gpus": count, "precision": lead.precision},
            catalog,
        ).report
    except InputError:
        return None
    cost = sizing_cost(report, catalog, owned=False)
    if cost is None:
        return None
    turn.tool_results.extend([report, cost])
    turn.alternatives.append(Alternative(why="quoted", sizing=report, cost=cost))
    quoted = catalog.prices.usd(quote.amount, quote.currency)
    ratio = quoted / max(cost.capex_usd, 1.0)
    verdict = (
        M.QUOTE_ABOVE
        if ratio > 1 + QUOTE_BAND
        else M.QUOTE_BELOW
        if ratio < 1 - QUOTE_BAND
        else M.QUOTE_MARKET
    )
    language = turn.language
    return render(
        M.QUOTE_CHECK,
        language,
        quote=_money_as_said(quoted, quote, language),
        verdict=note(verdict),
        count=report.gpu.count,
        gpu=report.gpu.name,
        capex=cost.capex_usd,
        as_of=catalog.prices.as_of,
    )


def _owned_capacity(
    goal: dict[str, Any], lead: Option | None, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "With Qwen2.5-Coder 32B, how many devs can it serve at once?" about GPUs the customer
    owns: the model as the goal runs it, on all of them, and the users it serves at the use
    case's targets (the goal's answer sized only the users it assumed, on the GPUs they need)."""
    owned = goal.get("owned")
    if not turn.reading.said.capacity_asked or lead is None or not isinstance(owned, dict):
        return []
    request = {
        **{k: v for k, v in lead.size_request.items() if k != "tensor_parallel_size"},
        "gpu": owned["gpu"],
        "gpus": owned["count"],
        "users": 1,
    }
    try:
        report = size_deployment(request, catalog).report
    except InputError:
        return []
    turn.tool_results.append(report)
    prompt = lead.size_request.get("context", DEFAULT_CONTEXT) - lead.size_request.get(
        "output_tokens", 0
    )
    return _users_held(request, max(1, prompt), report, catalog, turn, goal.get("use_case"))


def _fewer_in_fp8(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "How many H100s for Qwen 72B at 128k?": sized in the published 16 bits, which the
    person did not choose; on GPUs with FP8 tensor cores FP8 weights (and, if that is not
    enough, an FP8 KV cache) are how such a deployment is usually served, so the count that
    holds it in FP8 is said beside, with its price, when it is smaller."""
    said = turn.reading.said
    if (
        not report.fits
        or report.training is not None
        or report.precision not in ("bf16", "fp16")
        or "precision" in turn.reading.explicit
        or said.precisions_compared
        or request.get("gpus") is not None
        or said.gpu is None  # on the reference card the cheapest setup weighs formats
        or catalog.gpus[report.gpu.id].tflops.fp8 is None
    ):
        return []
    return _fp8_line(request, report, catalog, turn)


def _lead_in_fp8(
    request: dict[str, Any], lead: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """A clinic's or a bank's cheapest setup keeps the published 16-bit weights (their
    answers as the model was released); the FP8 count beside it, when smaller, with the
    price, so the saving is the buyer's call, not ours."""
    if (
        not turn.reading.high_stakes
        or "precision" in turn.reading.explicit
        or not lead.fits
        or lead.training is not None
        or lead.precision not in ("bf16", "fp16")
        or catalog.gpus[lead.gpu.id].tflops.fp8 is None
    ):
        return []
    on_lead = {**request, "gpu": lead.gpu.id, "gpus": None, "precision": lead.precision}
    fewer = _fp8_line(on_lead, lead, catalog, turn)
    kept = render(M.ANSWER_PUBLISHED_WEIGHTS, turn.language, precision=lead.precision.upper())
    return [kept, *fewer] if fewer else []


def _fewest_in_time(
    request: dict[str, Any], fitted: SizingReport, below: int, catalog: Catalog, turn: OfflineTurn
) -> SizingReport:
    """A batch job's fewest GPUs (from the count that holds it, under `below`) that end it
    within the deadline; `fitted` when none does."""
    deadline = turn.reading.said.deadline_hours or BATCH_DEFAULT_HOURS
    count = fitted.gpu.count
    job = fitted.batch_job
    while job is not None and job.hours > deadline and count + 1 < below:
        count += 1
        try:
            more = size_deployment({**request, "gpus": count}, catalog).report
        except InputError:
            continue
        if more.fits and more.batch_job is not None and more.batch_job.hours <= deadline:
            return more
    return fitted


def _fp8_line(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """The same request in FP8 weights (then with an FP8 KV cache) on the same GPU, said
    when it takes fewer of them."""
    for change in ({"precision": "fp8"}, {"precision": "fp8", "kv_precision": "fp8"}):
        try:
            other = size_deployment({**request, **change}, catalog).report
        except InputError:
            continue
        if other.fits and other.batch_job is not None:
            other = _fewest_in_time({**request, **change}, other, report.gpu.count, catalog, turn)
        if not other.fits or other.gpu.count >= report.gpu.count:
            continue
        cost = sizing_cost(other, catalog, owned=False)
        turn.tool_results.extend([other, *([cost] if cost is not None else [])])
        turn.alternatives.append(Alternative(why="fp8", sizing=other, cost=cost))
        figures: dict[str, Param] = {
            "count": other.gpu.count,
            "gpu": other.gpu.name,
            "kv": other.kv_precision.upper(),
            "capex": cost.capex_usd if cost is not None else 0.0,
            "sized": report.gpu.count,
            "precision": report.precision.upper(),
        }
        job = other.batch_job
        if job is not None:  # a job on fewer GPUs takes longer: its hours against the deadline
            deadline = turn.reading.said.deadline_hours or BATCH_DEFAULT_HOURS
            late = M.ANSWER_BATCH_LATE if job.hours > deadline else M.ANSWER_BATCH_IN_TIME
            return [
                render(
                    M.ANSWER_FEWER_IN_FP8_BATCH,
                    turn.language,
                    **figures,
                    hours=round(job.hours, 1),
                    deadline=render(late, turn.language, deadline=fmt(round(deadline, 1))),
                )
            ]
        return [
            render(
                M.ANSWER_FEWER_IN_FP8,
                turn.language,
                **figures,
                users=other.performance.max_concurrent_users,
                speed=round(other.performance.per_user_tokens_per_s, 1),
            )
        ]
    return []


def _other_tasks(
    request: dict[str, Any], report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "LoRA или полное дообучение?": the sizing is the lightest method asked about; each
    heavier one is sized on the same GPU at the count that holds it (memory per GPU, GPUs,
    hours for the dataset), so the difference is in figures, not adjectives."""
    tasks = turn.reading.said.tasks_compared
    if len(tasks) < 2 or report.training is None:
        return []
    lines = [
        render(
            M.ANSWER_TASKS,
            turn.language,
            gpu=report.gpu.name,
            task=task_name(report.task, turn.language),
        )
    ]
    for task in tasks:
        if task == report.task:
            continue
        try:
            other, _ = _at_count_or_fewest({**request, "task": task, "gpus": None}, catalog)
        except InputError:
            continue
        if other.training is None:
            continue
        turn.tool_results.append(other)
        lines.append(
            "- "
            + render(
                M.ANSWER_TASK_LINE,
                turn.language,
                task=task_name(task, turn.language),
                count=other.gpu.count,
                gpu=other.gpu.name,
                per_gpu=round(other.memory.per_gpu_gb, 1),
                hours=other.training.hours,
            )
        )
    return lines if len(lines) > 1 else []


def _make_it_fit(request: SizingRequest, catalog: Catalog, turn: OfflineTurn) -> list[str]:
    """A setup the user fixed (model, GPU and count) that does not fit: the smallest changes
    that would, from `recommend` on those GPUs; or, when the search found the model fits
    those GPUs another way (FP8, 4 bits), that setup."""
    goal: dict[str, Any] = {
        "model": request.model,
        "task": request.task,
        "language": turn.language,
    }
    if turn.reading.said.use_case is not None:  # a RAG's targets, not a chat's (QA 53: INT4
        goal["use_case"] = turn.reading.said.use_case  # led where FP8 serves RAG's 10 users)
    if _owned(turn):
        goal["owned"] = {"gpu": request.gpu, "count": request.gpus}
    else:  # "a budget for 4 GPUs": at most that many, to buy and priced
        goal["gpu"], goal["gpus"] = request.gpu, request.gpus
    goal["context"] = request.context  # the sizing's context: fixes are for that run
    if "precision" in turn.reading.said_fields:  # "in 8-bit": fixes keep it (an FP8 cache)
        goal["precision"] = request.precision
    if goal["task"] == "inference":
        goal["users"] = request.users
        # and its requests: a fix sized for other requests would state other speeds (a
        # reasoning model's assumed answer may fill the window: a prompt still needs room)
        goal["output_tokens"] = min(request.tokens_generated, request.context - 1)
        goal["prompt_tokens"] = request.prompt_length
    else:
        goal["dataset_tokens"] = request.dataset_tokens
    try:
        result = recommend_deployment({k: v for k, v in goal.items() if v}, catalog)
    except InputError:
        return []
    if not result.make_it_fit:
        owned = next((o for o in result.options if o.label == "owned" and o.fits), None)
        if owned is None and "owned" not in goal:  # "a budget for 4": the best within, priced
            owned = lead_option(result)
        if owned is None:
            return []
        turn.tool_results.append(result)
        turn.to_meet_targets, turn.server_room = owned, result.server_room
        return [
            render(M.GOAL_WHAT_FITS, turn.language),
            f"- {render_option_line(owned, turn.language)}",
        ]
    turn.tool_results.append(result)
    changes = result.make_it_fit
    if turn.reading.said.laptop:  # a laptop's one GPU: no second to add
        changes = [c for c in changes if not c.change.endswith("more_gpus")]
    turn.make_it_fit, turn.fit_targets = changes, result.workload
    if not changes:
        return []
    return [render(M.GOAL_WHAT_FITS, turn.language)] + [
        f"- {fit_line(change, turn.language)}" for change in changes
    ]


def _owned(turn: OfflineTurn) -> bool:
    """The sized GPUs are the customer's: said so here or earlier about the same GPUs."""
    return turn.reading.said.owned or OWNED in turn.reading.said_fields


def _owned_of(turn: OfflineTurn) -> int:
    """Of the sized GPUs, those the customer owns ("add a second L40S" to one owned: 1)."""
    return owned_of_kept(turn.reading.said_fields) or 0


def _on_reference_card(request: SizingRequest, turn: OfflineTurn) -> bool:
    """Sized on the default GPU nobody chose or owns: a reference, not advice to buy it."""
    named = "gpu" in turn.reading.said_fields  # in this message or one it follows up
    return not named and not _owned(turn) and request.gpu == DEFAULT_GPU


def _cheapest_training(
    request: SizingRequest, catalog: Catalog, turn: OfflineTurn, report: SizingReport
) -> list[str]:
    """A fine-tuning run sized on the default reference card ("QLoRA on Mistral 7B: what GPU
    do we need?"): the cheapest setup that runs it within the deadline, and renting it. A
    pre-training run on a GPU named without a count ("how many H100s, how long?") gets the
    count of that GPU that trains within the deadline: the fewest that hold it take years."""
    said = turn.reading.said
    counted = "gpus" in turn.reading.said_fields or _owned(turn)
    named = request.task == "pretrain" and not counted and not _on_reference_card(request, turn)
    if not (_on_reference_card(request, turn) or named):
        return []
    goal: dict[str, Any] = {"model": request.model, "task": request.task, "language": turn.language}
    if named:
        goal["gpu"] = request.gpu
    if "dataset_tokens" in turn.reading.said_fields and request.dataset_tokens is not None:
        goal["dataset_tokens"] = request.dataset_tokens
    if request.epochs != 1.0:  # "3 эпохи": the setup is priced for all of them
        goal["epochs"] = request.epochs
    if said.deadline_hours is not None:
        goal["deadline_hours"] = said.deadline_hours
    try:
        result = recommend_deployment(goal, catalog)
    except InputError:
        return []
    option = next((o for o in result.options if o.label == "recommended"), None)
    closest = next((o for o in result.options if o.label == "closest"), None)
    gpu = catalog.gpus[request.gpu].name
    deadline = result.workload.deadline_hours or 0.0
    slow = short_hours(report.training.hours) if report.training is not None else 0.0
    beyond: list[str] = []
    if option is None and closest is not None and result.unmet_i18n:
        # "1 trillion tokens": nothing ends within the deadline; the fastest run there is,
        # and how many GPUs would end in time
        option = closest
        unmet, *beyond = (n.render(turn.language) for n in result.unmet_i18n)
        heading = render(
            M.ANSWER_PRETRAIN_COUNT_UNMET if named else M.ANSWER_FASTEST_TRAINING,
            turn.language,
            gpu=gpu,
            unmet=unmet,
            slow=slow,
        )
    elif named:
        said_deadline = said.deadline_hours is not None
        heading = render(
            M.ANSWER_PRETRAIN_COUNT if said_deadline else M.ANSWER_PRETRAIN_COUNT_WEEK,
            turn.language,
            gpu=gpu,
            hours=deadline,
            slow=slow,
        )
    else:
        heading = render(M.ANSWER_CHEAPEST_TRAINING, turn.language, gpu=gpu)
    if option is None or (option.gpu.id == request.gpu and option is not closest and not named):
        return []
    turn.tool_results.append(result)
    turn.to_meet_targets = option
    rented = rented_option(result)
    if rented is not None:
        turn.alternatives.append(Alternative(why="rented", option=rented))
    # the cheapest has no public rate: the run rented on GPUs one can rent, priced, and
    # first when renting it wins
    # on GPUs with a public rate of their own: each run rented against buying them (QA 47 led
    # a 1B pre-training with $172,800 of cards, its $3,432 rent two lines below)
    verdict = rent_the_run(option, rented, turn.language) or runs_verdict(option, turn.language)
    rent_line = [f"- {render_option_line(rented, turn.language)}"] if rented is not None else []
    if not named and option is not closest and option.training_hours is not None:
        # the option leads when its sizing renders (_size), the reference run in one line
        lead = render(
            M.ANSWER_CHEAPEST_TRAINING_LEAD,
            turn.language,
            hours=deadline,
            count=report.gpu.count,
            gpu=gpu,
            slow=slow,
        )
        turn.reference_lead = [lead, *([verdict] if verdict is not None else rent_line)]
    elif not named and option is closest and option.training_hours is not None:
        # "pre-train a 7B on 1T tokens": the fastest setup leads, not the reference card's
        # two GPUs at 15,800 h; how many would end in time follows
        lead = render(
            M.ANSWER_FASTEST_TRAINING_LEAD,
            turn.language,
            unmet=unmet,
            hours=short_hours(option.training_hours),
            count=report.gpu.count,
            gpu=gpu,
            slow=slow,
        )
        turn.reference_lead = [
            lead,
            *(f"- {line}" for line in beyond),
            *([verdict] if verdict is not None else rent_line),
        ]
    return [
        heading,
        f"- {render_option_line(option, turn.language)}",
        *(f"- {line}" for line in beyond),
        *([verdict] if verdict is not None else []),
        *cost_lines(option, turn.language),
        *(rent_line if verdict is None else []),
    ]


def _reference_count(
    request: SizingRequest, report: SizingReport, load: Workload, catalog: Catalog
) -> int:
    """The reference card's count for the requests the cheapest setup was found for (the
    use case's), not the default 4k window the sizing assumed: one load, two setups."""
    shape = (load.input_tokens, load.output_tokens)
    unstated = request.context == DEFAULT_CONTEXT and request.prompt_tokens is None
    if not unstated or request.batch_items is not None:
        return report.gpu.count
    fields = request.model_dump(exclude_none=True) | {
        "gpus": None,
        "context": max(sum(shape), MIN_CONTEXT),
        "prompt_tokens": load.input_tokens,
        "output_tokens": load.output_tokens,
    }
    try:
        again = size_deployment(fields, catalog).report
    except InputError:
        return report.gpu.count
    return again.gpu.count if again.fits else report.gpu.count


def _to_meet_targets(
    request: SizingRequest, report: SizingReport, catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """A sizing for several users that is slower than their use case needs: say so, and the
    cheapest setup with this model (on the GPU the user named, if any) that meets it. A
    sizing on the default GPU, which nobody chose, also gets the cheapest setup for its load:
    the default is a reference card, not advice to buy a whole 8-GPU server."""
    said = turn.reading.said
    use_case = said.use_case or "chat"
    profile = catalog.workloads.use_cases[use_case]
    performance = report.performance
    # Targets the person stated win over the use case's ("at least 30 tokens/s", "under 500 ms").
    speed_target = said.tokens_per_s or profile.tokens_per_s_per_user
    ttft = said.ttft_s or ttft_target(profile, request.prompt_length)
    stated = said.tokens_per_s is not None or said.ttft_s is not None
    below = (request.users >= 2 or stated) and (
        performance.per_user_tokens_per_s < speed_target or performance.ttft_s > ttft
    )
    default_gpu = _on_reference_card(request, turn)
    batch = request.batch_items is not None
    deadline = said.deadline_hours or BATCH_DEFAULT_HOURS
    if batch:  # a batch job has a deadline, not a reader: its cheapest setup, or on the GPU
        # named the count that ends it in time (QA 52: 2 x L40S at 12.3 h for a 6 h night)
        job = report.batch_job
        below = said.gpus is None and job is not None and job.hours > deadline
    if not below and not default_gpu:
        return []
    goal: dict[str, Any] = {
        "model": request.model,
        "users": request.users,
        "use_case": use_case,
        "language": turn.language,
    }
    if said.context is not None or request.context != DEFAULT_CONTEXT:
        goal["context"] = request.context  # stated now or earlier in the conversation
        # each request as the sizing read it: "100k-token contracts" fill the window, "32k
        # context" holds the use case's request (QA 32 sized ten 100k contracts as one)
        goal["prompt_tokens"] = request.prompt_length
        goal["output_tokens"] = request.tokens_generated
    if said.document_tokens is not None:  # "64k-token reports": every prompt that long
        goal["prompt_tokens"] = request.prompt_length
        goal["output_tokens"] = request.tokens_generated
    elif said.output_tokens is not None:  # "answers of 8k tokens": a reasoning model's
        goal["output_tokens"] = request.tokens_generated
    # else the use case's prompt and output, as its targets
    owned = _owned(turn)
    if owned:  # on the customer's own GPUs, for the run just sized: what meets it there
        goal["owned"] = {"gpu": request.gpu, "count": report.gpu.count}
        goal["context"] = request.context
        goal["output_tokens"] = request.tokens_generated
        goal["prompt_tokens"] = request.prompt_length
    elif said.gpu is not None:
        goal["gpu"] = request.gpu
    if said.precision is not None:
        goal["precision"] = request.precision  # "at FP16": the cheapest setup keeps it
    if said.tokens_per_s is not None:
        goal["tokens_per_s"] = said.tokens_per_s
    if said.ttft_s is not None:
        goal["ttft_s"] = said.ttft_s
    if batch:  # the cheapest setup that ends the job by its deadline, whoever waits
        del goal["users"]
        goal["batch_items"] = request.batch_items
        goal["prompt_tokens"] = request.prompt_length
        goal["output_tokens"] = request.tokens_generated
        goal["context"] = max(MIN_CONTEXT, request.prompt_length + request.tokens_generated)
        if said.deadline_hours is not None:
            goal["deadline_hours"] = said.deadline_hours
    high_stakes = turn.reading.high_stakes  # said now or earlier in the conversation
    if said.datacenter or high_stakes or turn.reading.conditions.get("datacenter"):
        goal["datacenter"] = True  # a server room, a bank, a clinic: no GeForce
    if high_stakes and said.precision is None:  # their answers in the published weights
        goal["precision"] = request.precision
    if said.redundancy:  # N+1: the setup leads with a spare copy of the model
        goal["redundancy"] = True
    try:
        result = recommend_deployment(goal, catalog)
    except InputError:
        return []
    leads = ("reserve", "recommended", "owned") if said.redundancy else ("recommended", "owned")
    option = min(
        (o for o in result.options if o.label in leads and o.meets_targets),
        key=lambda o: leads.index(o.label),
        default=None,
    )
    if option is None and not below:
        return []
    if option is None:  # none meets them: say which target misses and what would help
        turn.tool_results.append(result)  # the targets it was held to
        missed = []
        if performance.per_user_tokens_per_s < speed_target:
            missed.append(
                render(
                    M.ANSWER_MISSED_SPEED,
                    turn.language,
                    now=round(performance.per_user_tokens_per_s, 1),
                    target=speed_target,
                )
            )
        if performance.ttft_s > ttft:
            missed.append(
                render(
                    M.ANSWER_MISSED_TTFT,
                    turn.language,
                    now=round(performance.ttft_s, 2),
                    target=round(ttft, 1),
                )
            )
        short: dict[str, Param] = {
            "users": request.users,
            "use_case": use_case_note(use_case).render(turn.language),
            "missed": "; ".join(missed),
        }
        fixes = [c for c in result.make_it_fit if c.meets_targets][:MAX_OWNED_FIXES]
        # on the GPUs they own, as many: a lighter format first, even a little short (QA 43:
        # FP8 on the owned 4 x RTX 6000 Ada streams 18.6 of 20 tokens/s; "16 GPUs" came first)
        same_count = [
            c
            for c in result.make_it_fit
            if c.fits and c.change in _QUANTIZED_FITS and not c.meets_targets
        ]
        if owned and fixes and same_count and not any(c.change in _QUANTIZED_FITS for c in fixes):
            turn.make_it_fit, turn.fit_targets = result.make_it_fit, result.workload
            nearest = min(same_count, key=lambda c: _shortfall(c, turn))
            return [
                render(M.ANSWER_BELOW_ON_OWNED_NEAREST, turn.language, **short),
                f"- {fit_line(nearest, turn.language)}",
                render(M.ANSWER_BELOW_MEETS_WITH_MORE, turn.language),
                *(f"- {fit_line(change, turn.language)}" for change in fixes),
            ]
        if owned and fixes:  # a format the search found on those GPUs meets the targets
            turn.make_it_fit, turn.fit_targets = result.make_it_fit, result.workload
            return [
                render(M.ANSWER_BELOW_ON_OWNED, turn.language, **short),
                *(f"- {fit_line(change, turn.language)}" for change in fixes),
            ]
        return [
            render(
                M.ANSWER_BELOW_TARGETS_NONE,
                turn.language,
                **short,
                context=request.context,
                where=render(M.ANSWER_ON_GPU, turn.language, gpu=report.gpu.name)
                if said.gpu is not None or owned
                else "",
            )
        ]
    if not below and option.gpu.id == request.gpu:
        return []  # the default card is the cheapest way anyway
    turn.tool_results.append(result)
    turn.to_meet_targets, turn.server_room = option, result.server_room
    load = result.workload
    # "the full 128k": a window the goal was held to (the default context is none)
    window = "context" in goal and request.context > load.input_tokens + load.output_tokens
    target_request = render(
        M.ANSWER_TARGET_REQUEST_WINDOW if window else M.ANSWER_TARGET_REQUEST,
        turn.language,
        input=load.input_tokens,
        output=load.output_tokens,
        context=request.context,
    )
    late = report.batch_job if batch and below else None
    if late is not None and option.batch_job is not None:  # a night's job past its deadline
        heading = render(
            M.ANSWER_FEWEST_IN_TIME,
            turn.language,
            held=report.gpu.count,
            gpu=report.gpu.name,
            held_format=report.precision.upper(),
            hours=round(late.hours, 1),
            deadline=deadline,
            count=option.gpu.count * option.replicas,
            format=format_label(option, turn.language),
            in_time=round(option.batch_job.hours, 1),
        )
    elif below:
        heading = render(
            M.ANSWER_BELOW_STATED if stated else M.ANSWER_BELOW_TARGETS,
            turn.language,
            users=request.users,
            use_case=use_case_note(use_case).render(turn.language),
            speed=speed_target,
            ttft=round(ttft, 1),
            request=target_request,
        )
    else:
        heading = render(
            M.ANSWER_CHEAPEST_SETUP, turn.language, gpu=report.gpu.name, request=target_request
        )
    if default_gpu:  # the option leads when its sizing renders (_size), the reference after
        reference: dict[str, Param] = {
            "count": _reference_count(request, report, load, catalog),
            "gpu": report.gpu.name,
            "request": target_request,
        }
        if below:
            reference |= {"users": request.users, "speed": speed_target, "ttft": round(ttft, 1)}
            if not stated:
                reference["use_case"] = use_case_note(use_case).render(turn.language)
        week = (n.params["hours"] for n in result.assumptions_i18n if n.code is M.REC_BATCH_WEEK)
        hours = said.deadline_hours or next(week, None)  # said, or the week assumed
        if batch and isinstance(hours, int | float):
            code, reference["hours"] = M.ANSWER_CHEAPEST_LEAD_BATCH, hours
        elif below:
            code = M.ANSWER_CHEAPEST_LEAD_STATED if stated else M.ANSWER_CHEAPEST_LEAD_BELOW
        else:
            code = M.ANSWER_CHEAPEST_LEAD
        turn.reference_lead = [render(code, turn.language, **reference)]
        # why no GeForce card leads a call centre's 100 dialogs: the search's server room
        turn.reference_lead.extend(
            n.render(turn.language)
            for n in result.assumptions_i18n
            if n.code
            in (M.REC_DATACENTER_BY_LOAD, M.REC_DATACENTER_BY_SERVICE, M.REC_DATACENTER_BY_CALLS)
        )
    elif late is not None and _at_count_to_meet(report, turn):  # "on L40S?" for the night's job
        turn.reference_lead = [heading]
    elif below and _at_count_to_meet(report, turn):  # "сколько H100 на 100 пользователей?"
        turn.reference_lead = [
            render(
                M.ANSWER_FEWEST_TO_MEET_STATED if stated else M.ANSWER_FEWEST_TO_MEET,
                turn.language,
                use_case=use_case_note(use_case).render(turn.language),
                held=report.gpu.count,
                held_format=report.precision.upper(),
                format=format_label(option, turn.language),
                count=option.gpu.count * option.replicas,
                gpu=report.gpu.name,
                users=request.users,
                now=round(performance.per_user_tokens_per_s, 1),
                first=round(performance.ttft_s, 1),
                speed=speed_target,
                ttft=round(ttft, 1),
                request=target_request,
            )
        ]
    if turn.reference_lead and result.in_a_wave_i18n is not None and option.label == "recommended":
        # ten 128k contracts sent together need a third of the GPUs held busy all the time
        turn.reference_lead.append(result.in_a_wave_i18n.render(turn.language))
    # "пользователей около 200": maybe everyone who uses it, not 200 at once; priced beside
    base = _users_as_everyone(goal, turn.reading, catalog, turn, ["cheapest"])
    beside = [render_user_base(*base, turn.language)] if base is not None else []
    turn.reference_lead.extend(beside if turn.reference_lead else [])
    return [heading, f"- {render_option_line(option, turn.language)}", *beside]


def _compare(
    question: str,
    request: dict[str, Any],
    catalog: Catalog,
    kb: KnowledgeBase | None,
    turn: OfflineTurn,
) -> None:
    arguments = {**request, "gpu": "h100-sxm", "gpus": None}
    try:
        comparison = compare_gpus(arguments, catalog)
        outcome = size_deployment(request, catalog)
    except InputError as exc:
        turn.answer = render_error(exc.to_dict(), turn.language)
        return
    turn.request, turn.sizing = outcome.request, outcome.report
    turn.tool_results.extend([comparison, outcome.report])
    turn.steps.append(
        ToolStep(
            name="compare_gpus",
            arguments=arguments,
            summary=comparison_summary(comparison, turn.language),
        )
    )
    passages = _search(kb, f"{question} {_TOPICS['compare'][turn.language]}", turn.language, turn)
    head_to_head = _head_to_head(request, catalog, turn, question)
    busy = server_room_load(int(request.get("users") or 1), catalog.workloads)
    if request.get("task", "inference") == "inference" and busy is not None:
        # 100 dialogs at once: a call centre's servers, no GeForce or second-hand cards
        comparison = comparison.model_copy(
            update={"rows": [r for r in comparison.rows if _server_room_card(r, catalog)]}
        )
        head_to_head.append(busy.render(turn.language))
    assumed = [n for n in turn.reading.notes if n.code is M.ASSUMED_SIZE_CLASS]
    if head_to_head and assumed:  # the model the GPUs were weighed on ("models up to 30B")
        parts = ", ".join(render(item, turn.language) for item in assumed)
        head_to_head.append(render(M.ANSWER_ASSUMED, turn.language, parts=parts))
    turn.answer = render_comparison(
        comparison,
        catalog,
        turn.language,
        passages,
        injection=turn.reading.injection,
        first=head_to_head,
    )


def _server_room_card(row: CompareRow, catalog: Catalog) -> bool:
    """A card a server room buys: no GeForce (its driver licence), none only sold used."""
    price = catalog.prices.gpus.get(row.gpu)
    return row.gpu_class != "gaming" and price is not None and price.market == "new"


def _head_to_head(
    request: dict[str, Any], catalog: Catalog, turn: OfflineTurn, question: str = ""
) -> list[str]:
    """ "8x H100 for $290k or 8x L40S for $95k?": each named GPU at the count said (or the
    fewest that hold the model), with its users, speed and price, before the general list."""
    named = turn.reading.said.gpus_compared
    if len(named) < 2:
        return []
    if request.get("task", "inference") == "inference":
        head = render(M.COMPARE_HEAD_TO_HEAD, turn.language, users=request.get("users", 1))
    else:
        head = render(
            M.COMPARE_HEAD_TO_HEAD_RUN,
            turn.language,
            task=task_name(request["task"], turn.language),
        )
    lines = [head]
    priced: list[tuple[SizingReport, SizingCost]] = []
    sized: dict[str, tuple[SizingReport, int | None]] = {}
    weighed = list(named[:4])
    said = turn.reading.said
    counts = dict(said.gpu_counts)
    lighter: dict[str, str] = {}  # a GPU that holds the model at its count in a lighter format

    def at(gpu: str) -> dict[str, Any]:
        return {**request, "gpu": gpu, **({"gpus": counts[gpu]} if gpu in counts else {})}

    def size_at(gpu: str) -> tuple[SizingReport, int | None]:
        """The GPU at its count; when that does not hold the model and no format was said,
        the first lighter format that does at that count. With no count and no format said,
        FP8 when the GPU runs it natively and it buys fewer GPUs ("405B on H100": one 8-GPU
        server in FP8, two in BF16). InputError as size_deployment."""
        report, asked = _at_count_or_fewest(at(gpu), catalog)
        if said.precision is not None:
            return report, asked
        if asked is not None:
            held = _lighter_at_count(at(gpu), catalog)
            if held is not None:
                lighter[gpu] = held.precision
                return held, None
        elif (
            report.fits
            and report.precision in ("bf16", "fp16")
            and catalog.gpus[gpu].tflops.fp8 is not None
            and at(gpu).get("gpus") is None
        ):
            try:
                fp8 = size_deployment({**at(gpu), "precision": "fp8"}, catalog).report
            except InputError:
                return report, asked
            light = sizing_cost(fp8, catalog, owned=False) if fp8.fits else None
            published = sizing_cost(report, catalog, owned=False)
            # fewer GPUs bought: an SXM GPU's server holds 8 either way
            if (
                light is not None
                and published is not None
                and fp8.gpu.count < report.gpu.count
                and light.capex_usd < published.capex_usd
            ):
                lighter[gpu] = fp8.precision
                return fp8, None
        return report, asked

    for gpu in named[:4]:
        try:
            sized[gpu] = size_at(gpu)
        except InputError:
            continue
        sibling = card_sibling(catalog.gpus[gpu], catalog.gpus.values(), catalog.prices)
        count = sized[gpu][0].gpu.count
        if sibling is not None and sibling.id not in weighed and count < GPUS_PER_NODE:
            # "L40S or A100?", "2x 4090 or 1x A100": an A100 SXM comes only in 8-GPU servers;
            # one or two are cards, at the same count
            weighed.insert(weighed.index(gpu) + 1, sibling.id)
            if gpu in counts or request.get("gpus") is not None:
                counts[sibling.id] = count
    for gpu in weighed:
        try:
            report, asked = sized.get(gpu) or size_at(gpu)  # a card version: sized here
        except InputError:
            continue
        cost = sizing_cost(report, catalog, owned=False) if report.fits else None
        turn.tool_results.extend([report, *([cost] if cost is not None else [])])
        if cost is not None:
            priced.append((report, cost))
        perf = report.performance
        code = M.COMPARE_HEAD_LINE if report.fits else M.COMPARE_HEAD_NO_FIT
        if report.fits and report.training is not None:
            code = M.COMPARE_HEAD_TRAINING  # a run's hours, not users
        elif report.fits and asked is not None:
            code = M.COMPARE_HEAD_LINE_MORE  # "8 x H100 do not hold it; 16 do"
        elif gpu in lighter:
            code = M.COMPARE_HEAD_LINE_LIGHTER  # "2 x RTX 5090 hold it in FP8"
        training = report.training
        lines.append(
            "- "
            + render(
                code,
                turn.language,
                asked=asked or report.gpu.count,
                count=report.gpu.count,
                gpu=report.gpu.name,
                capacity=perf.max_concurrent_users,
                speed=round(perf.per_user_tokens_per_s, 1),
                capex=cost.capex_usd if cost is not None else 0,
                whole=render(M.GOAL_WHOLE_SERVER, turn.language, bought=cost.gpus_bought)
                if cost is not None and cost.gpus_bought > report.gpu.count
                else "",
                monthly=cost.monthly_usd if cost is not None else 0,
                precision=report.precision.upper(),
                rate=round(training.tokens_per_s) if training is not None else 0,
                hours=short_hours(training.hours) if training is not None else 0.0,
            )
        )
    for_load = _for_the_load(priced, request, catalog, turn)
    if for_load is not None and said.pick:  # "which one should we buy? ~40 users": first
        lines.insert(0, for_load)
    elif for_load is not None:
        lines.append(for_load)
    verdict = (
        _head_to_head_verdict(priced, turn, question)
        if not said.pick and for_load is None
        else None
    )
    if verdict is not None:
        lines.append(verdict)
    if turn.reading.said.pick and len(priced) > 1 and for_load is None:  # first
        report, cost = min(priced, key=_price_per_user)
        perf = report.performance
        lines.insert(
            0,
            render(
                M.COMPARE_PICK,
                turn.language,
                count=report.gpu.count,
                gpu=report.gpu.name,
                per_user=_price_per_user((report, cost)),
                capacity=perf.max_concurrent_users,
                speed=round(perf.per_user_tokens_per_s, 1),
            ),
        )
    if len(lines) > 1 and "per_token" in turn.reading.said.wants:
        lines.extend(_per_token(request, named[:4], catalog, turn))
    said_budget = turn.reading.said.budget
    if said_budget is not None and priced:  # in dollars at the catalog's rates
        budget = catalog.prices.usd(said_budget.amount, said_budget.currency)
        lines.extend(_within_budget(request, priced, budget, catalog, turn))
    return lines if len(lines) > 1 else []


def _for_the_load(
    priced: list[tuple[SizingReport, SizingCost]],
    request: dict[str, Any],
    catalog: Catalog,
    turn: OfflineTurn,
) -> str | None:
    """GPUs weighed for a load said ("h100 vs a100 for 40 users, which to buy?"): the least
    to buy of those that hold the users at the use case's speed, or, when none reaches it,
    the fastest that holds them. None without a load said or with fewer than two served."""
    said = turn.reading.said
    served = [(r, c) for r, c in priced if r.training is None and r.batch_job is None]
    if len(served) < 2 or (said.users is None and said.headcount is None):
        return None
    users = int(request.get("users") or 1)
    profile = catalog.workloads.use_cases[said.use_case or "chat"]
    target = said.tokens_per_s or profile.tokens_per_s_per_user
    holding = [(r, c) for r, c in served if r.performance.max_concurrent_users >= users]
    if not holding:
        return None
    meeting = [(r, c) for r, c in holding if r.performance.per_user_tokens_per_s >= target]
    if meeting:
        report, cost = min(meeting, key=lambda pair: pair[1].capex_usd)
        code = M.COMPARE_FOR_LOAD
    else:
        report, cost = max(holding, key=lambda pair: pair[0].performance.per_user_tokens_per_s)
        code = M.COMPARE_FOR_LOAD_SLOW
    return render(
        code,
        turn.language,
        users=users,
        count=report.gpu.count,
        gpu=report.gpu.name,
        speed=round(report.performance.per_user_tokens_per_s, 1),
        target=fmt(target),
        capex=cost.capex_usd,
        precision=report.precision.upper(),
    )


def _price_per_user(pair: tuple[SizingReport, SizingCost]) -> float:
    """A setup's price over the users its memory holds: the pick's and the verdict's rule."""
    report, cost = pair
    return cost.capex_usd / max(1, report.performance.max_concurrent_users)


def _price_per_throughput(pair: tuple[SizingReport, SizingCost]) -> float:
    """A setup's price over the tokens/s it streams to the users asked for (those its memory
    holds): 24 x H200 at 0.9 tokens/s each is no better value than B200s at 6.1 for 9% more
    (QA 50, T21)."""
    report, cost = pair
    users = min(report.users, max(1, report.performance.max_concurrent_users))
    return cost.capex_usd / max(users * report.performance.per_user_tokens_per_s, 1e-6)


# "Which gives more tokens per second?", "что быстрее": the verdict is the speed.
_ASKS_SPEED = re.compile(
    r"tokens? (?:per|a) second|tokens?/s|faster|fastest|quicker|throughput|быстрее|"
    r"скорост\w*|токенов в секунду|ток/с"
)


def _head_to_head_verdict(
    priced: list[tuple[SizingReport, SizingCost]], turn: OfflineTurn, question: str
) -> str | None:
    """The verdict a comparison ends with: for a training run, the shorter run and what each
    costs; asked about speed, the faster; otherwise the lowest price per user its memory
    holds (the pick's rule). None with fewer than two priced."""
    if len(priced) < 2:
        return None
    language = turn.language
    trained = [(r, c) for r, c in priced if r.training is not None]
    if len(trained) == len(priced):

        def run_hours(pair: tuple[SizingReport, SizingCost]) -> float:
            return pair[0].training.hours if pair[0].training is not None else math.inf

        fast, fast_cost = min(trained, key=run_hours)
        cheap, cheap_cost = min(trained, key=lambda pair: pair[1].capex_usd)
        both = fast is cheap
        if both:  # set against the next shortest run, not against itself
            cheap, cheap_cost = min(
                (pair for pair in trained if pair[0] is not fast), key=run_hours
            )
        assert fast.training is not None and cheap.training is not None
        return render(
            M.COMPARE_VERDICT_TRAINING_BOTH if both else M.COMPARE_VERDICT_TRAINING,
            language,
            count=fast.gpu.count,
            gpu=fast.gpu.name,
            hours=short_hours(fast.training.hours),
            capex=fast_cost.capex_usd,
            other_count=cheap.gpu.count,
            other=cheap.gpu.name,
            other_hours=short_hours(cheap.training.hours),
            other_capex=cheap_cost.capex_usd,
        )
    served = [(r, c) for r, c in priced if r.training is None]
    if len(served) < 2:
        return None
    if "fast" in turn.reading.said.wants or _ASKS_SPEED.search(question.lower()):
        report, cost = max(served, key=lambda pair: pair[0].performance.per_user_tokens_per_s)
        other, _ = min(served, key=lambda pair: pair[0].performance.per_user_tokens_per_s)
        return render(
            M.COMPARE_VERDICT_FASTER,
            language,
            count=report.gpu.count,
            gpu=report.gpu.name,
            speed=round(report.performance.per_user_tokens_per_s, 1),
            other_count=other.gpu.count,
            other=other.gpu.name,
            other_speed=round(other.performance.per_user_tokens_per_s, 1),
            capex=cost.capex_usd,
        )
    if all(report.users > 1 for report, _ in served):  # a load: what each streams, per dollar
        report, cost = min(served, key=_price_per_throughput)
        return render(
            M.COMPARE_VERDICT_VALUE_LOAD,
            language,
            users=report.users,
            count=report.gpu.count,
            gpu=report.gpu.name,
            per_tps=_price_per_throughput((report, cost)),
            speed=round(report.performance.per_user_tokens_per_s, 1),
        )
    report, cost = min(served, key=_price_per_user)
    return render(
        M.COMPARE_VERDICT_VALUE,
        language,
        count=report.gpu.count,
        gpu=report.gpu.name,
        per_user=_price_per_user((report, cost)),
        capacity=report.performance.max_concurrent_users,
        speed=round(report.performance.per_user_tokens_per_s, 1),
    )


def _within_budget(
    request: dict[str, Any],
    priced: list[tuple[SizingReport, SizingCost]],
    budget: float,
    catalog: Catalog,
    turn: OfflineTurn,
) -> list[str]:
    """ "H100 or A100 within $50k?": the GPUs weighed, and the card version of any sold only
    as a whole 8-GPU server (sized for its own speed), that fit the budget; the fastest of
    them is the pick, or, when none does, the cheapest and what it costs."""
    candidates = list(priced)
    for report, cost in priced:
        sibling = card_sibling(catalog.gpus[report.gpu.id], catalog.gpus.values(), catalog.prices)
        if sibling is None or cost.capex_usd <= budget:
            continue
        try:
            card, _ = _at_count_or_fewest(
                {**request, "gpu": sibling.id, "gpus": report.gpu.count}, catalog
            )
        except InputError:
            continue
        card_cost = sizing_cost(card, catalog, owned=False) if card.fits else None
        if card_cost is not None:
            turn.tool_results.extend([card, card_cost])
            candidates.append((card, card_cost))
    within = [(r, c) for r, c in candidates if c.capex_usd <= budget]
    language = turn.language
    shown = _money_as_said(budget, turn.reading.said.budget, language)
    if not within:
        report, cost = min(candidates, key=lambda rc: rc[1].capex_usd)
        return [
            render(
                M.COMPARE_BUDGET_NONE,
                language,
                budget=shown,
                count=report.gpu.count,
                gpu=report.gpu.name,
                capex=cost.capex_usd,
            ),
            *_another_model_within(
                request, [r.gpu.id for r, _ in candidates], budget, catalog, turn
            ),
        ]
    report, cost = max(
        within, key=lambda rc: (rc[0].performance.per_user_tokens_per_s, -rc[1].capex_usd)
    )
    return [
        render(
            M.COMPARE_BUDGET_PICK,
            language,
            budget=shown,
            count=report.gpu.count,
            gpu=report.gpu.name,
            speed=round(report.performance.per_user_tokens_per_s, 1),
            capex=cost.capex_usd,
        )
    ]


def _money_as_said(usd: float, said: Budget | None, language: Language) -> str:
    """A sum in the currency the person said it in, with dollars beside (dollars alone when
    they said dollars)."""
    if said is None or said.currency == "USD":
        return render(M.MONEY_USD, language, usd=usd)
    return render(
        M.MONEY_LOCAL,
        language,
        amount=said.amount,
        cur=note(M.CURRENCY_RUB if said.currency == "RUB" else M.CURRENCY_EUR),
        usd=usd,
    )


def _another_model_within(
    request: dict[str, Any],
    gpus: Sequence[str],
    budget: float,
    catalog: Catalog,
    turn: OfflineTurn,
) -> list[str]:
    """ "H100 or L40S for Llama 70B within 60k euros", "4090s or A100s for DeepSeek, 3 million
    roubles": when the model as sized outgrows the budget on every GPU weighed, what each of
    them runs within it: the same model in a lighter format, else the strongest model the
    same load gets."""
    if request.get("task", "inference") != "inference":
        return []
    said = turn.reading.said.budget
    currency = said.currency if said is not None else "USD"
    base: dict[str, Any] = {
        "users": request.get("users") or 1,
        f"budget_{currency.lower()}": said.amount if said is not None else budget,
        "use_case": turn.reading.said.use_case or "chat",
    }
    lines: list[str] = []
    for gpu in dict.fromkeys(gpus):
        tries: tuple[tuple[dict[str, Any], list[str], M], ...] = (
            ({"model": request.get("model")}, [], M.COMPARE_BUDGET_SAME_MODEL),
            ({"strongest": True}, ["largest_model"], M.COMPARE_BUDGET_OTHER_MODEL),
        )
        for extra, wants, label in tries:
            goal = {**base, **extra, "gpu": gpu}
            try:
                result = recommend_deployment(goal, catalog)
            except InputError:
                continue
            lead = lead_option(result, wants)
            if lead is None or lead.cost.capex_usd > budget or not lead.meets_targets:
                continue
            if label is M.COMPARE_BUDGET_OTHER_MODEL and lead.model == request.get("model"):
                continue
            summary = recommendation_summary(result, turn.language)
            turn.record("recommend_deployment", goal, result, summary)
            lines.append(f"- {render_option_line(lead, turn.language, label)}")
            break
    return lines


def _per_token(
    request: dict[str, Any], gpus: Sequence[str], catalog: Catalog, turn: OfflineTurn
) -> list[str]:
    """ "Что выгоднее по цене за токен?": each GPU named kept busy on the same basis (a
    server of eight, full, around the clock), its cost per million tokens, and the cheaper."""
    busy: list[BusyCost] = []
    for gpu in gpus:
        try:
            found = busy_cost({**request, "gpu": gpu, "gpus": None, "users": 1}, catalog)
        except InputError:
            continue
        if found is not None:
            busy.append(found)
    if len(busy) < 2:
        return []
    turn.tool_results.extend(busy)
    language = turn.language
    lines = [render(M.COMPARE_PER_TOKEN_HEAD, language, count=busy[0].count)]
    for item in busy:
        lines.append(
            "- "
            + render(
                M.COMPARE_PER_TOKEN_LINE,
                language,
                gpu=catalog.gpus[item.gpu].name,
                per_mtok=item.usd_per_million_tokens,
                users=item.users,
                aggregate=item.aggregate_tokens_per_s,
                capex=item.capex_usd,
                monthly=item.monthly_usd,
            )
        )
    cheap = min(busy, key=lambda b: b.usd_per_million_tokens)
    dear = max(busy, key=lambda b: b.usd_per_million_tokens)
    lines.append(
        render(
            M.COMPARE_PER_TOKEN_VERDICT,
            language,
            gpu=catalog.gpus[cheap.gpu].name,
            per_mtok=cheap.usd_per_million_tokens,
            other=dear.usd_per_million_tokens,
        )
    )
    return lines


def _search(
    kb: KnowledgeBase | None, query: str, language: Language, turn: OfflineTurn
) -> list[Passage]:
    if kb is None:
        return []
    try:
        passages = search_knowledge(kb, query, CITED_PASSAGES, language=language)
    except InputError as exc:
        log.warning("knowledge search failed: %s", exc)
        return []
    turn.citations = [Citation(id=p.id, title=p.title, section=p.section) for p in passages]
    turn.steps.append(
        ToolStep(
            name="search_knowledge",
            arguments={"query": query, "k": CITED_PASSAGES, "language": language},
            summary=passages_summary(passages, language),
        )
    )
    return passages


def _still_assumed(reading: Reading) -> list[str]:
    """What a follow-up's answer still says it assumed: the model taken when the question
    about which one went unanswered (the rest was said with the first answer)."""
    parts = [render(n, reading.language) for n in reading.notes if n.code is M.ASSUMED_LIKELIEST]
    return [render(M.ANSWER_ASSUMED, reading.language, parts=", ".join(parts))] if parts else []


def _assumptions(
    reading: Reading, report: SizingReport, catalog: Catalog, *, lead: SizingReport | None = None
) -> list[str]:
    """One line naming the defaults the user did not choose (in this message or one it
    follows up), so they can correct them; when the answer leads with the setup the search
    chose (`lead`), neither the reference GPU nor a format that setup does not use."""
    said = set(reading.said_fields)
    language = reading.language
    parts: list[str] = []
    if report.training is None:
        published = lead is None or lead.precision == report.precision
        if "precision" not in said and report.precision != "bf16" and published:
            name = catalog.models[report.model].name if report.model in catalog.models else ""
            parts.append(
                render(
                    M.ASSUMED_PUBLISHED_FORMAT,
                    language,
                    format=report.precision.upper(),
                    model=name or report.model,
                )
            )
        if "context" not in said and (lead is None or lead.context == report.context):
            # a lead sized for the use case's requests names them in its own line
            parts.append(render(M.ASSUMED_CONTEXT, language, context=report.context))
        if (  # users: the answer; a batch job keeps the engine full, whoever waits
            "users" not in said and not reading.said.capacity_asked and report.batch_job is None
        ):
            parts.append(render(M.ASSUMED_USERS, language, users=report.users))
    elif reading.generic_fine_tune:
        parts.append(render(M.ASSUMED_LORA, language))
    if "gpu" not in said and lead is None:
        parts.append(render(M.ASSUMED_GPU, language, gpu=catalog.gpus[report.gpu.id].name))
    # A batch job's requests in flight are as many as the engine holds (its batch line), not
    # the rate of its items over the deadline that a service would see.
    skipped = BATCH_RATE_NOTES if report.batch_job is not None else frozenset()
    parts.extend(render(item, language) for item in reading.notes if item.code not in skipped)
    if not parts:
        return []
    return [render(M.ANSWER_ASSUMED, language, parts=", ".join(parts))]
