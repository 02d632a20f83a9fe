"""The application factory behind `advisor serve`.

Order matters: the API, admin, MCP and widget routes come first, the Gradio UI is
mounted last at `/` and takes every other path. The database opens (and migrates) here;
the knowledge base opens lazily. Security layers wrap everything but the metrics.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator

from fastapi import FastAPI

from advisor.api.admission import AskAdmission
from advisor.api.deps import AppState
from advisor.api.errors import STAFF_RESPONSES, install_error_handlers
from advisor.api.resources import KnowledgeBaseHolder, LlmProbe
from advisor.api.routers import (
    ask,
    health,
    metrics,
    openai_compat,
    pricing,
    recommend,
    sizing,
    widget,
)
from advisor.api.routers.admin import admin_router
from advisor.api.routers.mcp import build_mcp_server, mcp_routes
from advisor.api.telemetry import MetricsMiddleware, Telemetry
from advisor.catalog.loader import Catalog
from advisor.config import Settings, configured_catalog, get_settings
from advisor.security.install import install_security
from advisor.security.keys import StaffKeys
from advisor.security.redaction import install_log_redaction, secret_values
from advisor.services.asking import AdvisorGateway, AdvisorServiceProtocol
from advisor.storage.conversations import DatabaseConversationStore
from advisor.storage.store import DatabaseStore

DESCRIPTION = (
    "How many GPUs, and which server, a business needs to run or fine-tune an open LLM. "
    "Every number comes from the deterministic sizing engine."
)


def default_service(
    settings: Settings, catalog: Catalog, database: DatabaseStore
) -> AdvisorServiceProtocol:
    """The real advisor (offline unless `settings.llm_url` is set), its follow-up state in
    the database so a restart or another replica continues the conversation."""
    from advisor.agent.service import AdvisorService

    return AdvisorService(settings, catalog=catalog, store=DatabaseConversationStore(database))


def create_app(
    settings: Settings | None = None,
    service: AdvisorServiceProtocol | None = None,
    *,
    database: DatabaseStore | None = None,
    with_ui: bool = True,
    warm_up: bool = False,
    staff_keys: StaffKeys | None = None,
) -> FastAPI:
    """One FastAPI app: REST, admin, OpenAI-compatible, MCP, health, metrics, widget, UI.

    `service` and `database` are seams for tests; a database given here is the caller's
    to close, one opened here (`settings.database_url`) closes with the app.
    `warm_up` opens the knowledge base in a background thread at start.
    """
    settings = settings or get_settings()
    if database is not None:
        return _build_app(settings, service, database, False, with_ui, warm_up, staff_keys)
    opened = DatabaseStore.open(settings=settings)
    try:
        return _build_app(settings, service, opened, True, with_ui, warm_up, staff_keys)
    except BaseException:  # the app that would have closed it was never made
        opened.close()
        raise


def _build_app(
    settings: Settings,
    service: AdvisorServiceProtocol | None,
    database: DatabaseStore,
    owns_database: bool,
    with_ui: bool,
    warm_up: bool,
    staff_keys: StaffKeys | None,
) -> FastAPI:
    """create_app after the database is open: everything that may still fail."""
    catalog = configured_catalog(settings)
    service = service or default_service(settings, catalog, database)
    knowledge = KnowledgeBaseHolder(lambda: service.kb)
    telemetry = Telemetry()
    telemetry.watch_service(service.metrics)
    gateway = AdvisorGateway(
        service,
        database,
        max_conversation_messages=settings.max_conversation_messages,
        on_feedback=lambda rating: telemetry.feedback.labels(rating=rating).inc(),
    )
    keys = staff_keys or StaffKeys.from_secret(settings.staff_api_keys)
    admission = AskAdmission(settings.asks_at_once)
    telemetry.watch_admission(admission)
    state = AppState(
        settings=settings,
        catalog=catalog,
        gateway=gateway,
        knowledge=knowledge,
        llm_probe=LlmProbe(settings.llm_url),
        telemetry=telemetry,
        staff_keys=keys,
        database=database,
        admission=admission,
    )
    mcp_server = build_mcp_server(catalog, knowledge)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        # uvicorn has set up its log handlers by now: filter them before the first request.
        install_log_redaction(
            secret_values(
                settings.staff_api_keys,
                settings.llm_api_key,
                settings.database_url,
                settings.rate_limit_storage,
            )
        )
        if warm_up:
            knowledge.warm_up_in_background()
        try:
            async with mcp_server.session_manager.run():
                yield
        finally:
            service.close()
            if owns_database:
                database.close()

    routes = mcp_routes(mcp_server)  # creates the session manager the lifespan runs
    app = FastAPI(
        title="GPU Advisor",
        description=DESCRIPTION,
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.advisor = state
    install_error_handlers(app)
    for module in (sizing, recommend, pricing, ask, openai_compat, health, metrics, widget):
        app.include_router(module.router)
    app.include_router(admin_router(database, keys, responses=STAFF_RESPONSES))
    app.router.routes.extend(routes)
    install_security(app, settings, staff_keys=keys)
    app.add_middleware(MetricsMiddleware, telemetry=telemetry)  # outermost: counts 429s too
    if with_ui:
        from ui.app import mount_ui

        mount_ui(app, state)
    return app
