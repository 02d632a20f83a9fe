"""The advisor's tools as LangChain tools, bound to one turn's record.

Each tool calls advisor.agent.tools (the one implementation every face uses) and writes
what happened into a `TurnRecord`: the steps the UI shows, the full results the number
guard reads, the passages citations point to. The model sees a compact digest instead
of the full report: the CPU test model has a 2,048-token window.

The JSON schemas vLLM sees are the strict ones from advisor.sizing.tool_schema.
"""

from __future__ import annotations

import copy
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from langchain_core.tools import BaseTool, StructuredTool
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from advisor.agent import tools as advisor_tools
from advisor.agent.protocol import Citation, ToolStep
from advisor.agent.tools import SizingOutcome, ToolInputError
from advisor.catalog.loader import Catalog
from advisor.sizing.request import SizingRequest
from advisor.sizing.tool_schema import (
    AGENT_SIZING_FIELDS,
    size_deployment_tool,
    strict_parameters,
    tool_definition,
)

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase, Passage

SIZE_DEPLOYMENT = "size_deployment"
COMPARE_GPUS = "compare_gpus"
SEARCH_KNOWLEDGE = "search_knowledge"

# The second rejected call ends the turn: one retry is a fair chance, more is a loop.
MAX_INVALID_CALLS = 2
PASSAGES_PER_SEARCH = 3
PASSAGE_CHARS = 500  # of each passage shown to the model
COMPARE_ROWS = 5
ALLOWED_SHOWN = 8  # a longer allowed list is left out (the message names the nearest)
ERROR_CHARS = 200


class KnowledgeQuery(BaseModel):
    """Arguments of search_knowledge."""

    model_config = ConfigDict(extra="forbid")

    query: str = Field(min_length=1, max_length=300, description="what to look up")
    language: Literal["ru", "en"] | None = Field(
        default=None, description="passage language; null = both"
    )


class InvalidToolArguments(Exception):
    """The model's tool arguments were rejected `MAX_INVALID_CALLS` times in one turn."""

    def __init__(self, error: ToolInputError) -> None:
        self.error = error
        super().__init__(f"tool arguments rejected twice; last: {error}")


@dataclass
class TurnRecord:
    """What the tools did during one turn; read by the guard and by run_llm_turn."""

    previous_request: dict[str, Any] | None = None
    steps: list[ToolStep] = field(default_factory=list)
    sizing: SizingOutcome | None = None
    results: list[Any] = field(default_factory=list)  # full tool results, for the guard
    passages: list[Passage] = field(default_factory=list)  # [n] cites passages[n - 1]
    rejected: list[ToolInputError] = field(default_factory=list)

    def reject(self, name: str, arguments: dict[str, Any], error: ToolInputError) -> str:
        self.rejected.append(error)
        self.steps.append(ToolStep(name=name, arguments=arguments, summary=f"rejected: {error}"))
        if len(self.rejected) >= MAX_INVALID_CALLS:
            raise InvalidToolArguments(error)
        # Short: the full list of allowed ids would overflow a small model's window.
        message = str(error).split("; allowed:")[0][:ERROR_CHARS]
        allowed = error.allowed if len(error.allowed) <= ALLOWED_SHOWN else []
        return json.dumps(
            {"error": message, "field": error.field, "allowed": allowed}, ensure_ascii=False
        )

    def citations(self, cited: list[int]) -> list[Citation]:
        """Citations for the markers the answer kept, in order, without repeats."""
        out: list[Citation] = []
        for n in dict.fromkeys(cited):
            if 1 <= n <= len(self.passages):
                passage = self.passages[n - 1]
                out.append(Citation(id=passage.id, title=passage.title, section=passage.section))
        return out


def merged_arguments(previous: dict[str, Any] | None, arguments: dict[str, Any]) -> dict[str, Any]:
    """A follow-up's arguments over the previous request: null means 'as before'."""
    given = {k: v for k, v in arguments.items() if v is not None}
    if not previous:
        return given
    keep = {k: v for k, v in previous.items() if k in SizingRequest.model_fields}
    return {**keep, **given}


def sizing_digest(report: dict[str, Any]) -> dict[str, Any]:
    """The figures an answer needs, small enough for a 2,048-token model."""
    gpu, memory, perf, server = (
        report["gpu"],
        report["memory"],
        report["performance"],
        report["server"],
    )
    digest: dict[str, Any] = {
        "fits": report["fits"],
        "tier": report["tier"],
        "model": report["model"],
        "task": report["task"],
        "precision": report["precision"],
        "gpu": gpu["name"],
        "gpu_count": gpu["count"],
        "tensor_parallel": gpu["tensor_parallel"],
        "pipeline_parallel": gpu["pipeline_parallel"],
        "memory_per_gpu_gb": memory["per_gpu_gb"],
        "gpu_capacity_gb": memory["capacity_per_gpu_gb"],
        "context": report["context"],
        "users": report["users"],
        "max_concurrent_users": perf["max_concurrent_users"],
        "tokens_per_s_per_user": perf["per_user_tokens_per_s"],
        "server_ram_gb": server["system_ram_gb"],
        "nvme_tb": server["nvme_tb"],
        "power_w": server["power_w"],
    }
    if report.get("training"):
        digest["training_hours"] = report["training"]["hours"]
    if report.get("warnings"):
        digest["warnings"] = report["warnings"][:2]
    return digest


def guard_sources(report: dict[str, Any]) -> list[Any]:
    """What supports an answer's figures: the digest the model saw, and every figure of the
    report, but not the digits inside its prose (formulas, assumptions), which would make
    almost any small number look supported."""

    def figures(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: figures(v) for k, v in value.items() if not isinstance(v, str)}
        if isinstance(value, list):
            return [figures(v) for v in value if not isinstance(v, str)]
        return value

    return [sizing_digest(report), figures(report)]


def compare_digest(comparison: dict[str, Any]) -> dict[str, Any]:
    keys = ("gpu", "fits", "count", "per_user_tokens_per_s", "max_concurrent_users", "price_band")
    rows = [{k: row.get(k) for k in keys} for row in comparison["rows"][:COMPARE_ROWS]]
    return {"model": comparison["model"], "task": comparison["task"], "rows": rows}


def with_catalog_gpus(tool: dict[str, Any], catalog: Catalog) -> dict[str, Any]:
    """The tool's function with `gpu` narrowed to the catalog's ids.

    Strict decoding then cannot produce a GPU the engine rejects (the 135M test model
    wrote the model name or "vllm" there); ~100 tokens, where model ids would cost ~400.
    """
    function: dict[str, Any] = copy.deepcopy(tool["function"])
    gpu = function["parameters"]["properties"]["gpu"]
    for branch in gpu.get("anyOf", [gpu]):
        if branch.get("type") == "string":
            branch.pop("maxLength", None)
            branch.pop("description", None)
            branch["enum"] = sorted(catalog.gpus)
    return function


def build_tools(
    record: TurnRecord, catalog: Catalog, kb: KnowledgeBase | None, language: str
) -> list[BaseTool]:
    """size_deployment, compare_gpus and (with a knowledge base) search_knowledge."""

    def size(**arguments: Any) -> str:
        try:
            outcome = advisor_tools.size_deployment(
                merged_arguments(record.previous_request, arguments), catalog
            )
        except ToolInputError as error:
            return record.reject(SIZE_DEPLOYMENT, arguments, error)
        record.sizing = outcome
        record.results.extend(guard_sources(outcome.report))
        record.steps.append(
            ToolStep(name=SIZE_DEPLOYMENT, arguments=arguments, summary=outcome.summary)
        )
        return json.dumps(sizing_digest(outcome.report), ensure_ascii=False)

    def compare(**arguments: Any) -> str:
        merged = merged_arguments(record.previous_request, arguments)
        try:
            comparison = advisor_tools.compare_gpus(merged, catalog)
            # The structured result beside the text: the same need on the asked-for GPU.
            record.sizing = advisor_tools.size_deployment(merged, catalog)
        except ToolInputError as error:
            return record.reject(COMPARE_GPUS, arguments, error)
        record.results.extend([compare_digest(comparison), *guard_sources(record.sizing.report)])
        feasible = [row["gpu"] for row in comparison["rows"] if row["fits"]]
        summary = f"{len(feasible)} GPUs fit; cheapest first: {', '.join(feasible[:3]) or '-'}"
        record.steps.append(ToolStep(name=COMPARE_GPUS, arguments=arguments, summary=summary))
        return json.dumps(compare_digest(comparison), ensure_ascii=False)

    sizing_tool = with_catalog_gpus(size_deployment_tool(), catalog)
    compare_tool = with_catalog_gpus(
        tool_definition(
            COMPARE_GPUS,
            "The same need on every catalog GPU, cheapest feasible first: which GPU fits, "
            "how many, how fast. Use null for anything the user did not say.",
            SizingRequest,
            AGENT_SIZING_FIELDS,
        ),
        catalog,
    )
    tools: list[BaseTool] = [
        StructuredTool.from_function(
            func=size,
            name=SIZE_DEPLOYMENT,
            description=sizing_tool["description"],
            args_schema=sizing_tool["parameters"],
        ),
        StructuredTool.from_function(
            func=compare,
            name=COMPARE_GPUS,
            description=compare_tool["description"],
            args_schema=compare_tool["parameters"],
        ),
    ]
    if kb is not None:
        tools.append(search_tool(record, kb, language))
    return tools


def search_tool(record: TurnRecord, kb: KnowledgeBase, language: str) -> BaseTool:
    """search_knowledge: passages numbered across the turn, so [n] stays unambiguous."""

    def search(**arguments: Any) -> str:
        try:
            query = KnowledgeQuery.model_validate(arguments)
        except ValidationError as exc:
            problem = exc.errors()[0]
            path = ".".join(str(p) for p in problem["loc"]) or "query"
            return record.reject(
                SEARCH_KNOWLEDGE, arguments, ToolInputError(path, f"{path}: {problem['msg']}")
            )
        try:
            found = advisor_tools.search_knowledge(
                kb, query.query, PASSAGES_PER_SEARCH, query.language
            )
        except ToolInputError as error:
            return record.reject(SEARCH_KNOWLEDGE, arguments, error)
        first = len(record.passages) + 1
        record.passages.extend(found)
        record.results.extend(p.text for p in found)
        record.steps.append(
            ToolStep(
                name=SEARCH_KNOWLEDGE,
                arguments=arguments,
                summary=f"{len(found)} passages: " + "; ".join(p.section for p in found),
            )
        )
        return "\n\n".join(
            f"[{first + i}] {p.title} — {p.section}\n{p.text[:PASSAGE_CHARS]}"
            for i, p in enumerate(found)
        )

    return StructuredTool.from_function(
        func=search,
        name=SEARCH_KNOWLEDGE,
        description=(
            "Passages of the advisor's knowledge base (GPU sizing, servers, adoption path), "
            f"to explain and cite as [n]. The user writes in {language!r}."
        ),
        args_schema=strict_parameters(KnowledgeQuery),
    )
