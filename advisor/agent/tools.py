"""The advisor's tools as plain functions over the engine and the knowledge base.

One implementation behind every face: the LLM agent wraps them as LangChain tools,
offline mode calls them directly, and the REST and MCP endpoints expose them.
Errors come out as ToolInputError, which names the field to fix and the allowed values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pydantic import ValidationError

from advisor.catalog.loader import Catalog
from advisor.sizing.engine import SizingInputError, compare, resolve, size
from advisor.sizing.request import SizingRequest

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase, Passage


class ToolInputError(ValueError):
    """Arguments a tool cannot use: `field` is the path to fix, `allowed` what it accepts."""

    def __init__(self, field: str, message: str, allowed: list[str] | None = None) -> None:
        self.field = field
        self.allowed = allowed or []
        super().__init__(message)

    def to_dict(self) -> dict[str, Any]:
        return {"field": self.field, "message": str(self), "allowed": self.allowed}


@dataclass(frozen=True)
class SizingOutcome:
    """A sizing run: the request as the engine read it and its report (the size JSON)."""

    request: dict[str, Any]
    report: dict[str, Any]
    summary: str = field(default="")


def parse_request(arguments: dict[str, Any] | SizingRequest) -> SizingRequest:
    """A SizingRequest from tool/REST arguments; nulls mean 'use the default'."""
    if isinstance(arguments, SizingRequest):
        return arguments
    try:
        return SizingRequest.model_validate({k: v for k, v in arguments.items() if v is not None})
    except ValidationError as exc:
        first = exc.errors()[0]
        path = ".".join(str(p) for p in first["loc"]) or "request"
        allowed = _allowed_from_error(first)
        raise ToolInputError(path, f"{path}: {first['msg']}", allowed) from None


def _allowed_from_error(error: Any) -> list[str]:
    expected = (error.get("ctx") or {}).get("expected")
    if not isinstance(expected, str):
        return []
    return [part.strip(" '\"") for part in expected.replace(" or ", ",").split(",") if part.strip()]


def normalized_request(request: SizingRequest, catalog: Catalog) -> dict[str, Any]:
    """The request with catalog ids for model and GPU: what `advisor ask --json` reports."""
    try:
        inputs = resolve(request, catalog)
    except SizingInputError as exc:
        raise ToolInputError(exc.field, str(exc), exc.allowed) from None
    data = request.model_dump(mode="json")
    data["model"] = inputs.model.id
    data["gpu"] = inputs.gpu.id
    data["precision"] = request.weight_precision
    return data


def size_deployment(arguments: dict[str, Any] | SizingRequest, catalog: Catalog) -> SizingOutcome:
    """Run the sizing engine; the report is the `advisor size --json` object."""
    request = parse_request(arguments)
    normalized = normalized_request(request, catalog)
    try:
        report = size(request, catalog)
    except SizingInputError as exc:
        raise ToolInputError(exc.field, str(exc), exc.allowed) from None
    data = report.model_dump(mode="json")
    return SizingOutcome(request=normalized, report=data, summary=sizing_summary(data))


def compare_gpus(arguments: dict[str, Any] | SizingRequest, catalog: Catalog) -> dict[str, Any]:
    """The same need on every catalog GPU, cheapest feasible first."""
    request = parse_request(arguments)
    normalized_request(request, catalog)  # names a bad model or GPU before the sweep
    try:
        return compare(request, catalog).model_dump(mode="json")
    except SizingInputError as exc:
        raise ToolInputError(exc.field, str(exc), exc.allowed) from None


def search_knowledge(
    kb: KnowledgeBase, query: str, k: int = 4, language: str | None = None
) -> list[Passage]:
    """Knowledge-base passages for `query`, best first (hybrid retrieval)."""
    from knowledge.retrieval import KnowledgeBaseError

    try:
        return kb.search(query, k, language=language)
    except KnowledgeBaseError as exc:
        raise ToolInputError("query", str(exc)) from None


def sizing_summary(report: dict[str, Any]) -> str:
    """One line for a tool step: the GPU count, layout and whether it fits."""
    gpu = report["gpu"]
    memory = report["memory"]
    verdict = "fits" if report["fits"] else f"does not fit ({report['binding_constraint']})"
    return (
        f"{gpu['count']} x {gpu['name']} (TP {gpu['tensor_parallel']}, PP "
        f"{gpu['pipeline_parallel']}), {memory['per_gpu_gb']} GB per GPU: {verdict}"
    )
