"""The MCP server at `/mcp` (streamable HTTP): the advisor's tools for bots.

Every tool of the registry (`advisor.services.registry`): the same names, descriptions
and argument fields the LLM agent and `/v1/tools` see, all read-only. Stateless JSON
mode: any replica can answer any request, so no sticky sessions are needed behind a
load balancer.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Annotated, Any

import anyio
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.server.transport_security import TransportSecuritySettings
from mcp_types import ToolAnnotations
from pydantic import BaseModel, Field
from starlette.routing import BaseRoute

from advisor.api.resources import KnowledgeBaseHolder, KnowledgeBaseUnavailable
from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.services import registry
from advisor.services.knowledge import SearchKnowledgeArgs, search_knowledge, search_results
from advisor.services.pricing import price_hardware
from advisor.services.recommendation import recommend_deployment
from advisor.services.sizing import compare_gpus, size_deployment

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)


def _signature(spec: registry.ToolSpec) -> inspect.Signature:
    """Keyword parameters mirroring the tool's argument fields: null or absent = default."""
    parameters = []
    for name in spec.field_names:
        info = spec.arguments.model_fields[name]
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
    return inspect.Signature(parameters, return_annotation=spec.result)


def _tool_error(exc: InputError) -> ToolError:
    allowed = f" Allowed: {', '.join(exc.allowed)}." if exc.allowed else ""
    return ToolError(f"{exc.field}: {exc}.{allowed}")


def _with_signature(fn: Callable[..., Any], signature: inspect.Signature) -> Callable[..., Any]:
    fn.__signature__ = signature  # type: ignore[attr-defined]
    return fn


def build_mcp_server(catalog: Catalog, knowledge: KnowledgeBaseHolder) -> MCPServer:
    """An MCP server with every registry tool, each running the service function REST
    runs, on the app's catalog and its shared knowledge base."""
    server = MCPServer(
        name="gpu-advisor",
        instructions="Deterministic GPU sizing for open LLMs; every number comes from the engine.",
        log_level="WARNING",
    )

    def search(arguments: dict[str, Any]) -> BaseModel:
        args = registry.SEARCH_KNOWLEDGE.parse(arguments)
        assert isinstance(args, SearchKnowledgeArgs)
        kb = knowledge.get()
        return search_results(search_knowledge(kb, args.query, args.k, args.language))

    run: dict[str, Callable[[dict[str, Any]], BaseModel]] = {
        registry.SIZE_DEPLOYMENT.name: lambda a: size_deployment(a, catalog).report,
        registry.COMPARE_GPUS.name: lambda a: compare_gpus(a, catalog),
        registry.RECOMMEND_DEPLOYMENT.name: lambda a: recommend_deployment(a, catalog),
        registry.PRICE_HARDWARE.name: lambda a: price_hardware(a, catalog),
        registry.SEARCH_KNOWLEDGE.name: search,
    }
    for spec in registry.TOOLS:
        server.add_tool(
            _with_signature(_handler(run[spec.name]), _signature(spec)),
            name=spec.name,
            title=spec.title,
            description=spec.description,
            annotations=READ_ONLY,
        )
    return server


def _handler(
    call: Callable[[dict[str, Any]], BaseModel],
) -> Callable[..., Any]:
    async def handle(**arguments: Any) -> BaseModel:
        try:
            return await anyio.to_thread.run_sync(call, arguments)
        except InputError as exc:
            raise _tool_error(exc) from None
        except KnowledgeBaseUnavailable as exc:
            raise ToolError(str(exc)) from None

    return handle


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
