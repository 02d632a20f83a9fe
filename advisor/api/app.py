"""The application factory behind `advisor serve`.

Order matters: the API, MCP and widget routes come first, the Gradio UI is mounted last
at `/` and takes every other path. Heavy parts (the knowledge base) open lazily.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI

from advisor.api.deps import AppState
from advisor.api.errors import install_error_handlers
from advisor.api.gateway import AdvisorGateway, AdvisorServiceProtocol
from advisor.api.resources import KnowledgeBaseHolder, LlmProbe
from advisor.api.routers import ask, health, metrics, openai_compat, sizing, widget
from advisor.api.routers.mcp import build_mcp_server, mcp_routes
from advisor.api.store import InMemoryMessageStore, MessageStore
from advisor.api.telemetry import MetricsMiddleware, Telemetry
from advisor.catalog.loader import Catalog, load_catalog
from advisor.config import Settings, get_settings
from advisor.security.bodylimit import BodySizeLimitMiddleware
from advisor.security.keys import StaffKeys
from advisor.security.settings import SecuritySettings

DESCRIPTION = (
    "How many GPUs, and which server, a business needs to run or fine-tune an open LLM. "
    "Every number comes from the deterministic sizing engine."
)


def default_service(settings: Settings, catalog: Catalog) -> AdvisorServiceProtocol:
    """The real advisor: offline unless `settings.llm_url` is set."""
    from advisor.agent.service import AdvisorService

    return AdvisorService(settings, catalog=catalog)


def create_app(
    settings: Settings | None = None,
    service: AdvisorServiceProtocol | None = None,
    *,
    store: MessageStore | None = None,
    with_ui: bool = True,
    warm_up: bool = False,
    staff_keys: StaffKeys | None = None,
) -> FastAPI:
    """One FastAPI app: REST, OpenAI-compatible, MCP, health, metrics, widget and the UI.

    `service` and `store` are the seams for tests and for the database of issue 6;
    `warm_up` opens the knowledge base in a background thread at start.
    """
    settings = settings or get_settings()
    security = SecuritySettings()
    catalog = load_catalog()
    service = service or default_service(settings, catalog)
    knowledge = KnowledgeBaseHolder(lambda: service.kb)
    telemetry = Telemetry()
    telemetry.watch_service(service.metrics)
    gateway = AdvisorGateway(service, store or InMemoryMessageStore(), telemetry)
    state = AppState(
        settings=settings,
        catalog=catalog,
        gateway=gateway,
        knowledge=knowledge,
        llm_probe=LlmProbe(settings.llm_url),
        telemetry=telemetry,
        staff_keys=staff_keys or StaffKeys.from_secret(security.staff_api_keys),
    )
    mcp_server = build_mcp_server(catalog, knowledge)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        if warm_up:
            knowledge.warm_up_in_background()
        async with mcp_server.session_manager.run():
            yield
        service.close()

    routes = mcp_routes(mcp_server)  # creates the session manager the lifespan runs
    app = FastAPI(
        title="GPU Advisor",
        description=DESCRIPTION,
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.advisor = state
    install_error_handlers(app)
    for module in (sizing, ask, openai_compat, health, metrics, widget):
        app.include_router(module.router)
    app.router.routes.extend(routes)
    app.add_middleware(BodySizeLimitMiddleware, max_bytes=security.max_body_bytes)
    app.add_middleware(MetricsMiddleware, telemetry=telemetry)
    if with_ui:
        from ui.app import mount_ui

        mount_ui(app, state)
    return app
