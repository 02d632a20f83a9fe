"""Liveness and readiness: cheap, never waits on the knowledge base or a slow LLM."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

from fastapi import APIRouter

from advisor.api.deps import StateDep
from advisor.api.protocol import HealthResponse, LlmHealth

router = APIRouter(tags=["operations"])


def _version() -> str:
    try:
        return version("gpu-advisor")
    except PackageNotFoundError:
        return "unknown"


@router.get("/health", response_model=HealthResponse, summary="Status, mode and LLM reachability")
def get_health(state: StateDep) -> HealthResponse:
    """`degraded` when an LLM is configured but not answering, or answering so badly that
    the circuit is open (the offline fallback serves meanwhile), or when the database is
    unavailable (nothing can be acknowledged). Once the cool-down is over (half-open) the
    probe decides: with no question to try the LLM, a reachable one is not a degradation."""
    reachable, checked_at, error = state.llm_probe.status()
    circuit = state.gateway.service.circuit.snapshot()
    database_error = state.database.ping()
    llm_down = state.mode == "llm" and (reachable is False or circuit.state == "open")
    degraded = llm_down or database_error is not None
    return HealthResponse(
        status="degraded" if degraded else "ok",
        mode="llm" if state.mode == "llm" else "offline",
        llm=LlmHealth(
            url=state.llm_probe.url,
            reachable=reachable,
            checked_at=checked_at,
            error=error,
            circuit=circuit.state,
            consecutive_failures=circuit.consecutive_failures,
            last_failure=circuit.last_failure,
        ),
        knowledge_base=state.knowledge.state,
        database="ok" if database_error is None else "unavailable",
        database_error=database_error,
        version=_version(),
    )
