"""The MCP server at `/mcp` (streamable HTTP): size, compare and knowledge search for bots.

The tools' arguments are generated from `SizingRequest` (the same fields the LLM agent
sees), all read-only. Stateless JSON mode: any replica can answer any request, so no
sticky sessions are needed behind a load balancer.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any, Literal

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import ToolAnnotations
from pydantic import BaseModel, Field
from starlette.routing import BaseRoute

from advisor.agent.tools import ToolInputError, compare_gpus, search_knowledge, size_deployment
from advisor.api.resources import KnowledgeBaseHolder, KnowledgeBaseUnavailable
from advisor.api.tool_specs import (
    COMPARE_DESCRIPTION,
    SEARCH_DESCRIPTION,
    SEARCH_MAX_K,
    SearchKnowledgeArgs,
)
from advisor.catalog.loader import Catalog
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest
from advisor.sizing.tool_schema import AGENT_SIZING_FIELDS, size_deployment_tool

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


class PassageOut(BaseModel):
    id: str
    doc: str
    title: str
    section: str
    language: str
    text: str
    score: float


class SearchResults(BaseModel):
    passages: list[PassageOut]


def _sizing_signature(returns: type[BaseModel]) -> inspect.Signature:
    """Keyword parameters mirroring SizingRequest's agent fields: null or absent = default."""
    parameters = []
    for name in AGENT_SIZING_FIELDS:
        info = SizingRequest.model_fields[name]
        constrained: Any = (
            Annotated[(info.annotation, *info.metadata)] if info.metadata else info.annotation
        )
        if info.is_required():
            annotation: Any = Annotated[constrained, Field(description=info.description)]
            default: Any = inspect.Parameter.empty
        else:
            annotation = Annotated[constrained | None, Field(description=info.description)]
            default = None
        parameters.append(
            inspect.Parameter(
                name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
            )
        )
    return inspect.Signature(parameters, return_annotation=returns)


def _tool_error(exc: ToolInputError) -> ToolError:
    allowed = f" Allowed: {', '.join(exc.allowed)}." if exc.allowed else ""
    return ToolError(f"{exc.field}: {exc}.{allowed}")


def _with_signature(fn: Callable[..., Any], signature: inspect.Signature) -> Callable[..., Any]:
    fn.__signature__ = signature  # type: ignore[attr-defined]
    return fn


def build_mcp_server(catalog: Catalog, knowledge: KnowledgeBaseHolder) -> MCPServer:
    server = MCPServer(
        name="gpu-advisor",
        instructions="Deterministic GPU sizing for open LLMs; every number comes from the engine.",
        log_level="WARNING",
    )

    async def size_tool(**arguments: Any) -> SizingReport:
        try:
            outcome = await anyio.to_thread.run_sync(size_deployment, arguments, catalog)
        except ToolInputError as exc:
            raise _tool_error(exc) from None
        return SizingReport.model_validate(outcome.report)

    async def compare_tool(**arguments: Any) -> Comparison:
        try:
            result = await anyio.to_thread.run_sync(compare_gpus, arguments, catalog)
        except ToolInputError as exc:
            raise _tool_error(exc) from None
        return Comparison.model_validate(result)

    async def search_tool(
        query: Annotated[str, Field(min_length=1, max_length=500)],
        k: Annotated[int, Field(ge=1, le=SEARCH_MAX_K)] = 4,
        language: Literal["ru", "en"] | None = None,
    ) -> SearchResults:
        args = SearchKnowledgeArgs(query=query, k=k, language=language)

        def run() -> SearchResults:
            passages = search_knowledge(knowledge.get(), args.query, args.k, args.language)
            return SearchResults(passages=[PassageOut(**p.to_dict()) for p in passages])

        try:
            return await anyio.to_thread.run_sync(run)
        except ToolInputError as exc:
            raise _tool_error(exc) from None
        except KnowledgeBaseUnavailable as exc:
            raise ToolError(str(exc)) from None

    size_description = size_deployment_tool()["function"]["description"]
    server.add_tool(
        _with_signature(size_tool, _sizing_signature(SizingReport)),
        name="size_deployment",
        title="Size a deployment",
        description=size_description,
        annotations=READ_ONLY,
    )
    server.add_tool(
        _with_signature(compare_tool, _sizing_signature(Comparison)),
        name="compare_gpus",
        title="Compare GPUs",
        description=COMPARE_DESCRIPTION,
        annotations=READ_ONLY,
    )
    server.add_tool(
        search_tool,
        name="search_knowledge",
        title="Search the knowledge base",
        description=SEARCH_DESCRIPTION,
        annotations=READ_ONLY,
    )
    return server


def mcp_routes(server: MCPServer) -> list[BaseRoute]:
    """The `/mcp` route, to add to the FastAPI app before the UI takes over `/`.

    DNS-rebinding protection is off: the tools are read-only public computations and the
    app is served under its own public host name, which a localhost allow-list would reject.
    """
    app = server.streamable_http_app(
        streamable_http_path="/mcp",
        stateless_http=True,
        json_response=True,
        transport_security=TransportSecuritySettings(enable_dns_rebinding_protection=False),
    )
    return list(app.routes)
