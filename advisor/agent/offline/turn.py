"""One offline turn: read the question, call the same tools as the LLM, render the answer."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from advisor.agent.offline.answer import (
    render_clarification,
    render_comparison,
    render_error,
    render_explanation,
    render_greeting,
    render_off_topic,
    render_sizing,
)
from advisor.agent.offline.reader import Clarification, Reader, Reading
from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render
from advisor.services.knowledge import passages_summary, search_knowledge
from advisor.services.protocol import Citation, ToolStep
from advisor.services.sizing import (
    SizingOutcome,
    compare_gpus,
    comparison_summary,
    size_deployment,
    sizing_summary,
)
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest

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
    "compare": {"en": "gaming versus professional GPUs", "ru": "игровые и профессиональные GPU"},
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
    tool_results: list[SizingReport | Comparison] = field(default_factory=list)  # every figure


def run_offline_turn(
    question: str,
    *,
    reader: Reader,
    catalog: Catalog,
    kb: KnowledgeBase | None,
    previous_request: dict[str, Any] | None = None,
    default_language: Language = "en",
) -> OfflineTurn:
    """Answer `question` with no LLM; `kb` None answers without citations."""
    reading = reader.read(question, previous_request, default_language)
    language = reading.language
    turn = OfflineTurn(answer="", language=language, reading=reading, draft=reading.draft)
    if reading.intent == "greeting":
        turn.answer = render_greeting(language)
    elif reading.intent == "off_topic":
        turn.answer = render_off_topic(language)
    elif reading.intent == "explain":
        passages = _search(kb, question, language, turn)
        turn.answer = render_explanation(passages, language)
    elif reading.error is not None:
        turn.answer = render_error(reading.error, language)
    elif reading.request is None:  # the reader asks back whenever it has no request
        clarification = reading.clarification or Clarification(reason="missing")
        turn.answer = render_clarification(clarification, catalog, language)
    elif reading.intent == "compare":
        _compare(question, reading.request, catalog, kb, turn)
    else:
        _size(question, reading.request, catalog, kb, turn, previous_request is not None)
    return turn


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
    sharded = _sharded_training(request, outcome.report, catalog)
    if sharded is not None:
        request, outcome = {**request, "sharding": "zero3"}, sharded
    report = outcome.report
    turn.request, turn.sizing = outcome.request, report
    turn.tool_results.append(report)
    turn.steps.append(
        ToolStep(
            name="size_deployment",
            arguments=request,
            summary=sizing_summary(report, turn.language),
        )
    )
    minimum = None
    if not report.fits and request.get("gpus") is not None:
        try:
            minimum = size_deployment({**request, "gpus": None}, catalog).report
            turn.tool_results.append(minimum)
        except InputError:
            minimum = None
    if report.training is not None:
        topic = "training"
    else:
        topic = "multi_gpu" if report.gpu.count > 1 else "single"
    passages = _search(kb, f"{question} {_TOPICS[topic][turn.language]}", turn.language, turn)
    turn.answer = render_sizing(
        report,
        catalog,
        turn.language,
        passages,
        minimum=minimum,
        assumed=[] if follow_up else _assumptions(turn.reading, report, catalog),
        injection=turn.reading.injection,
    )


def _sharded_training(
    request: dict[str, Any], report: SizingReport, catalog: Catalog
) -> SizingOutcome | None:
    """A training run on the user's GPU count that only fits with ZeRO-3: that sizing.

    The engine shards on its own when it picks the count; with a count given it keeps
    plain data parallelism, where every GPU holds the whole training state.
    """
    if report.fits or report.training is None or request.get("sharding", "none") != "none":
        return None
    if (request.get("gpus") or 1) < 2:
        return None
    try:
        sharded = size_deployment({**request, "sharding": "zero3"}, catalog)
    except InputError:
        return None
    return sharded if sharded.report.fits else None


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
    turn.answer = render_comparison(
        comparison,
        catalog,
        turn.language,
        passages,
        injection=turn.reading.injection,
    )


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


def _assumptions(reading: Reading, report: SizingReport, catalog: Catalog) -> list[str]:
    """One line naming the defaults the user did not choose, so they can correct them."""
    said = set(reading.explicit)
    language = reading.language
    parts: list[str] = []
    if report.training is None:
        if "precision" not in said and report.precision != "bf16":
            name = catalog.models[report.model].name if report.model in catalog.models else ""
            parts.append(
                render(
                    M.ASSUMED_PUBLISHED_FORMAT,
                    language,
                    format=report.precision.upper(),
                    model=name or report.model,
                )
            )
        if "context" not in said:
            parts.append(render(M.ASSUMED_CONTEXT, language, context=report.context))
        if "users" not in said:
            parts.append(render(M.ASSUMED_USERS, language, users=report.users))
    elif reading.generic_fine_tune:
        parts.append(render(M.ASSUMED_LORA, language))
    if "gpu" not in said:
        parts.append(render(M.ASSUMED_GPU, language, gpu=catalog.gpus[report.gpu.id].name))
    parts.extend(render(item, language) for item in reading.notes)
    if not parts:
        return []
    return [render(M.ANSWER_ASSUMED, language, parts=", ".join(parts))]
