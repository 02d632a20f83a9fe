"""Prometheus metrics of this app: requests, latency, answers by mode, fallbacks, guard."""

from __future__ import annotations

from fastapi import APIRouter, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from advisor.api.deps import StateDep

router = APIRouter(tags=["operations"])


@router.get("/metrics", summary="Prometheus metrics", response_class=Response)
def get_metrics(state: StateDep) -> Response:
    """Prometheus text format: requests and latency by route template, answers by mode,
    LLM fallbacks by reason, guard events and feedback by rating. Not rate-limited."""
    return Response(generate_latest(state.telemetry.registry), media_type=CONTENT_TYPE_LATEST)
