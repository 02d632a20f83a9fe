"""What routes depend on, injected with `Annotated[..., Depends(...)]`.

Everything hangs off one `AppState` built by `create_app`; the staff check and the rate
limit are in advisor.security.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from fastapi import Depends, Request

from advisor.api.admission import AskAdmission
from advisor.api.resources import KnowledgeBaseHolder, LlmProbe
from advisor.api.telemetry import Telemetry
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from advisor.security.keys import StaffKeys
from advisor.services.asking import AdvisorGateway
from advisor.storage.store import DatabaseStore


@dataclass
class AppState:
    """One app's shared objects, on `app.state.advisor`; the UI is given the same
    instance, so both faces ask through one gateway and store into one database."""

    settings: Settings
    catalog: Catalog
    gateway: AdvisorGateway
    knowledge: KnowledgeBaseHolder
    llm_probe: LlmProbe
    telemetry: Telemetry
    staff_keys: StaffKeys
    database: DatabaseStore
    admission: AskAdmission

    @property
    def mode(self) -> str:
        """`llm` whenever an LLM URL is configured, even while it is down: /health reports
        the outage separately."""
        return "llm" if self.settings.llm_url else "offline"


def get_state(request: Request) -> AppState:
    """The AppState of the app serving this request (routes take it as `StateDep`)."""
    state: AppState = request.app.state.advisor
    return state


StateDep = Annotated[AppState, Depends(get_state)]


def get_catalog(state: StateDep) -> Catalog:
    """The catalog the app loaded at start (`CatalogDep`), shared by every route."""
    return state.catalog


def get_gateway(state: StateDep) -> AdvisorGateway:
    """The one gateway every face asks through, so answers are stored and counted alike."""
    return state.gateway


def get_admission(state: StateDep) -> AskAdmission:
    """Where questions wait for a place to be answered (`AdmissionDep`)."""
    return state.admission


CatalogDep = Annotated[Catalog, Depends(get_catalog)]
AdmissionDep = Annotated[AskAdmission, Depends(get_admission)]
GatewayDep = Annotated[AdvisorGateway, Depends(get_gateway)]
