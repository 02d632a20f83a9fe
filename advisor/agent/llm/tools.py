"""The advisor's tools as LangChain tools, bound to one turn's record.

Each tool calls the service layer (advisor.services, the one implementation every face
uses) and writes what happened into a `TurnRecord`: the steps the UI shows, the full
results the number guard reads, the passages citations point to. The model sees a
compact digest instead of the full report, so a long conversation stays in its window.

Names, descriptions and the strict JSON schemas vLLM sees come from the tool registry
(advisor.services.registry), as `/v1/tools` and MCP publish them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from langchain_core.tools import BaseTool, StructuredTool

from advisor.agent.follow_up import merge_follow_up
from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.language import Language
from advisor.messages import M, render
from advisor.recommend.report import Recommendation
from advisor.services import registry
from advisor.services.knowledge import SearchKnowledgeArgs, passages_summary, search_knowledge
from advisor.services.pricing import HardwarePrice, hardware_summary, price_hardware
from advisor.services.protocol import Citation, ToolStep
from advisor.services.recommendation import recommend_deployment, recommendation_summary
from advisor.services.sizing import (
    SizingOutcome,
    compare_gpus,
    comparison_summary,
    size_deployment,
    sizing_summary,
)
from advisor.sizing.report import Comparison, SizingReport

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase, Passage

SIZE_DEPLOYMENT = registry.SIZE_DEPLOYMENT.name
COMPARE_GPUS = registry.COMPARE_GPUS.name
RECOMMEND_DEPLOYMENT = registry.RECOMMEND_DEPLOYMENT.name
PRICE_HARDWARE = registry.PRICE_HARDWARE.name
SEARCH_KNOWLEDGE = registry.SEARCH_KNOWLEDGE.name
# The tool a turn must call first, by what the reader says the question is: a small model
# does not choose tools on its own and a large one sometimes answers from memory, so a
# question that needs figures always gets the engine. One reading for both modes.
FORCED_TOOLS: dict[str, str] = {
    "size": SIZE_DEPLOYMENT,
    "compare": COMPARE_GPUS,
    "recommend": RECOMMEND_DEPLOYMENT,
    "price": PRICE_HARDWARE,
}

# The second rejected call ends the turn: one retry is a fair chance, more is a loop.
MAX_INVALID_CALLS = 2
PASSAGES_PER_SEARCH = 3
PASSAGE_CHARS = 500  # of each passage shown to the model
COMPARE_ROWS = 5
DIGEST_OPTIONS = 4
ALLOWED_SHOWN = 8  # a longer allowed list is left out (the message names the nearest)
ERROR_CHARS = 200


class InvalidToolArguments(Exception):
    """The model's tool arguments were rejected `MAX_INVALID_CALLS` times in one turn."""

    def __init__(self, error: InputError) -> None:
        self.error = error
        super().__init__(f"tool arguments rejected twice; last: {error}")


@dataclass
class TurnRecord:
    """What the tools did during one turn; read by the guard and by run_llm_turn."""

    previous_request: dict[str, Any] | None = None
    previous_goal: dict[str, Any] | None = None  # the conversation's goal, for follow-ups
    language: Language = "en"  # of the steps' summaries
    steps: list[ToolStep] = field(default_factory=list)
    sizing: SizingOutcome | None = None
    recommendation: Recommendation | None = None
    price: HardwarePrice | None = None
    results: list[Any] = field(default_factory=list)  # full tool results, for the guard
    passages: list[Passage] = field(default_factory=list)  # [n] cites passages[n - 1]
    rejected: list[InputError] = field(default_factory=list)

    def reject(self, name: str, arguments: dict[str, Any], error: InputError) -> str:
        self.rejected.append(error)
        summary = render(M.STEP_REJECTED, self.language, error=str(error))
        self.steps.append(ToolStep(name=name, arguments=arguments, summary=summary))
        if len(self.rejected) >= MAX_INVALID_CALLS:
            raise InvalidToolArguments(error)
        # Short: the full list of allowed ids would overflow a small model's window.
        message = str(error).split("; allowed:")[0][:ERROR_CHARS]
        allowed = error.allowed if len(error.allowed) <= ALLOWED_SHOWN else []
        return json.dumps(
            {"error": message, "field": error.field, "allowed": allowed}, ensure_ascii=False
        )

    def result_of(self, tool: str) -> object | None:
        """What an engine tool computed this turn (None: it has not run successfully)."""
        results: dict[str, object | None] = {
            SIZE_DEPLOYMENT: self.sizing,
            COMPARE_GPUS: self.sizing,
            RECOMMEND_DEPLOYMENT: self.recommendation,
            PRICE_HARDWARE: self.price,
        }
        return results.get(tool)

    def citations(self, cited: list[int]) -> list[Citation]:
        """Citations for the markers the answer kept, in order, without repeats."""
        out: list[Citation] = []
        for n in dict.fromkeys(cited):
            if 1 <= n <= len(self.passages):
                passage = self.passages[n - 1]
                out.append(Citation(id=passage.id, title=passage.title, section=passage.section))
        return out


def sizing_digest(report: SizingReport) -> dict[str, Any]:
    """The figures an answer needs, small enough to leave the model room to talk."""
    gpu, memory, perf, server = report.gpu, report.memory, report.performance, report.server
    digest: dict[str, Any] = {
        "fits": report.fits,
        "tier": report.tier,
        "model": report.model,
        "task": report.task,
        "precision": report.precision,
        "gpu": gpu.name,
        "gpu_count": gpu.count,
        "tensor_parallel": gpu.tensor_parallel,
        "pipeline_parallel": gpu.pipeline_parallel,
        "memory_per_gpu_gb": memory.per_gpu_gb,
        "gpu_capacity_gb": memory.capacity_per_gpu_gb,
        "context": report.context,
        "users": report.users,
        "max_concurrent_users": perf.max_concurrent_users,
        "tokens_per_s_per_user": perf.per_user_tokens_per_s,
        "server_ram_gb": server.system_ram_gb,
        "nvme_tb": server.nvme_tb,
        "power_w": server.power_w,
    }
    if report.training is not None:
        digest["training_hours"] = report.training.hours
    elif report.prompt_tokens + report.output_tokens < report.context:  # a window, not each
        digest["prompt_tokens"], digest["output_tokens"] = (
            report.prompt_tokens,
            report.output_tokens,
        )
        digest["max_users_at_full_window"] = perf.max_users_at_window
    if report.warnings:
        digest["warnings"] = report.warnings[:2]
    return digest


def figures_of(value: Any) -> Any:
    """Every number of a dumped result, without its strings: the digits inside prose
    (formulas, assumptions) would make almost any small number look supported."""
    if isinstance(value, dict):
        return {k: figures_of(v) for k, v in value.items() if not isinstance(v, str)}
    if isinstance(value, list):
        return [figures_of(v) for v in value if not isinstance(v, str)]
    return value


def guard_sources(report: SizingReport) -> list[Any]:
    """What supports an answer's figures: the digest the model saw and every figure of
    the report."""
    return [sizing_digest(report), figures_of(report.model_dump(mode="json"))]


def recommendation_digest(result: Recommendation) -> dict[str, Any]:
    """The options a buyer needs (GPUs, model, users, speed, cost), what is unmet, what
    would make it work and the assumptions to state; English texts stay out except those."""
    load = result.workload
    options = []
    for option in result.options[:DIGEST_OPTIONS]:
        cost = option.cost
        entry: dict[str, Any] = {
            "label": option.label,
            "gpu": option.gpu.name,
            "gpu_count": option.gpu.count * option.replicas,
            "model": option.model_name,
            "precision": option.precision,
            "max_concurrent_users": option.max_concurrent_users,
            "tokens_per_s_per_user": option.per_user_tokens_per_s,
            "ttft_s": option.ttft_s,
            "capex_usd": cost.capex_usd,
            "capex_rub": option.cost_rub.capex,
            "monthly_usd": cost.monthly_usd,
            "tco_3y_usd": cost.tco_3y_usd,
        }
        if cost.api_monthly_usd is not None:
            entry |= {"api_monthly_usd": cost.api_monthly_usd, "api": cost.api_name}
            entry["break_even_months"] = cost.break_even_months
        if option.training_hours is not None:
            entry["training_hours"] = option.training_hours
        options.append(entry)
    return {
        "users_at_peak": load.concurrency,
        "targets": {"ttft_s": load.ttft_p95_s, "tokens_per_s_per_user": load.tokens_per_s_per_user},
        "options": options,
        "unmet": result.unmet,
        "make_it_fit": [c.description for c in result.make_it_fit],
        "assumptions": result.assumptions[:4],
    }


def compare_digest(comparison: Comparison) -> dict[str, Any]:
    rows = [
        {
            "gpu": row.gpu,
            "fits": row.fits,
            "count": row.count,
            "per_user_tokens_per_s": row.per_user_tokens_per_s,
            "max_concurrent_users": row.max_concurrent_users,
            "price_band": row.price_band,
        }
        for row in comparison.rows[:COMPARE_ROWS]
    ]
    return {"model": comparison.model, "task": comparison.task, "rows": rows}


def _tool(spec: registry.ToolSpec, func: Any, catalog: Catalog) -> BaseTool:
    """A LangChain tool with the registry's name, description and strict schema.

    `gpu` is narrowed to the catalog's ids: strict decoding then cannot produce a GPU the
    engine rejects (the 135M test model wrote the model name or "vllm" there); ~100
    tokens, where model ids would cost ~400. The strict form has no `hf_config` (see
    `registry.openai_tool`): every figure the engine sizes comes from the user or the
    catalog, never transcribed by the LLM.
    """
    function = registry.openai_tool(spec, gpu_ids=sorted(catalog.gpus))["function"]
    return StructuredTool.from_function(
        func=func,
        name=spec.name,
        description=function["description"],
        args_schema=function["parameters"],
    )


def build_tools(record: TurnRecord, catalog: Catalog, kb: KnowledgeBase | None) -> list[BaseTool]:
    """size_deployment, compare_gpus, recommend_deployment, price_hardware and (with a
    knowledge base) search_knowledge."""

    def size(**arguments: Any) -> str:
        try:
            outcome = size_deployment(merge_follow_up(record.previous_request, arguments), catalog)
        except InputError as error:
            return record.reject(SIZE_DEPLOYMENT, arguments, error)
        record.sizing = outcome
        record.results.extend(guard_sources(outcome.report))
        summary = sizing_summary(outcome.report, record.language)
        record.steps.append(ToolStep(name=SIZE_DEPLOYMENT, arguments=arguments, summary=summary))
        return json.dumps(sizing_digest(outcome.report), ensure_ascii=False)

    def compare(**arguments: Any) -> str:
        merged = merge_follow_up(record.previous_request, arguments)
        try:
            comparison = compare_gpus(merged, catalog)
            # The structured result beside the text: the same need on the asked-for GPU.
            record.sizing = size_deployment(merged, catalog)
        except InputError as error:
            return record.reject(COMPARE_GPUS, arguments, error)
        record.results.extend([compare_digest(comparison), *guard_sources(record.sizing.report)])
        summary = comparison_summary(comparison, record.language)
        record.steps.append(ToolStep(name=COMPARE_GPUS, arguments=arguments, summary=summary))
        return json.dumps(compare_digest(comparison), ensure_ascii=False)

    def recommend(**arguments: Any) -> str:
        changes = {k: v for k, v in arguments.items() if v is not None}
        goal = {**(record.previous_goal or {}), **changes}
        try:
            result = recommend_deployment(goal, catalog)
        except InputError as error:
            return record.reject(RECOMMEND_DEPLOYMENT, arguments, error)
        record.recommendation = result
        digest = recommendation_digest(result)
        record.results.extend([digest, figures_of(result.model_dump(mode="json"))])
        summary = recommendation_summary(result, record.language)
        record.steps.append(
            ToolStep(name=RECOMMEND_DEPLOYMENT, arguments=arguments, summary=summary)
        )
        return json.dumps(digest, ensure_ascii=False)

    def price(**arguments: Any) -> str:
        try:
            result = price_hardware(arguments, catalog)
        except InputError as error:
            return record.reject(PRICE_HARDWARE, arguments, error)
        record.price = result
        dumped = result.model_dump(mode="json")
        record.results.append(figures_of(dumped))
        summary = hardware_summary(result, record.language)
        record.steps.append(ToolStep(name=PRICE_HARDWARE, arguments=arguments, summary=summary))
        return json.dumps(dumped, ensure_ascii=False)

    tools = [
        _tool(registry.SIZE_DEPLOYMENT, size, catalog),
        _tool(registry.COMPARE_GPUS, compare, catalog),
        _tool(registry.RECOMMEND_DEPLOYMENT, recommend, catalog),
        _tool(registry.PRICE_HARDWARE, price, catalog),
    ]
    if kb is not None:
        tools.append(search_tool(record, kb, catalog))
    return tools


def search_tool(record: TurnRecord, kb: KnowledgeBase, catalog: Catalog) -> BaseTool:
    """search_knowledge: passages numbered across the turn, so [n] stays unambiguous."""

    def search(**arguments: Any) -> str:
        try:
            query = registry.SEARCH_KNOWLEDGE.parse(arguments)
            assert isinstance(query, SearchKnowledgeArgs)
            found = search_knowledge(
                kb, query.query, min(query.k, PASSAGES_PER_SEARCH), query.language
            )
        except InputError as error:
            return record.reject(SEARCH_KNOWLEDGE, arguments, error)
        first = len(record.passages) + 1
        record.passages.extend(found)
        record.results.extend(p.text for p in found)
        record.steps.append(
            ToolStep(
                name=SEARCH_KNOWLEDGE,
                arguments=arguments,
                summary=passages_summary(found, record.language),
            )
        )
        return "\n\n".join(
            f"[{first + i}] {p.title} — {p.section}\n{p.text[:PASSAGE_CHARS]}"
            for i, p in enumerate(found)
        )

    return _tool(registry.SEARCH_KNOWLEDGE, search, catalog)
