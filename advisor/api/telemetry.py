"""Prometheus metrics of one app: HTTP traffic, latency, answers by mode, fallbacks, guard,
questions answered and waiting.

Each app owns its registry, so several apps in one process (tests) never collide.
The HTTP middleware is plain ASGI: it does not buffer streaming responses.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector
from starlette.types import ASGIApp, Message, Receive, Scope, Send

if TYPE_CHECKING:
    from advisor.api.admission import AskAdmission
    from advisor.services.asking import ServiceMetrics

LATENCY_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class Telemetry:
    """One app's Prometheus registry, with the HTTP and feedback metrics the API records
    itself."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "advisor_http_requests",
            "HTTP requests by route template, method and status",
            ["route", "method", "status"],
            registry=self.registry,
        )
        self.latency = Histogram(
            "advisor_http_request_duration_seconds",
            "Time to the end of the response body, by route template",
            ["route"],
            buckets=LATENCY_BUCKETS,
            registry=self.registry,
        )
        self.feedback = Counter(
            "advisor_feedback", "Feedback by rating", ["rating"], registry=self.registry
        )

    def watch_admission(self, admission: AskAdmission) -> None:
        """Export how many questions are being answered and how many wait for a place."""
        answering = Gauge(
            "advisor_asks_answering", "Questions being answered now", registry=self.registry
        )
        answering.set_function(lambda: admission.answering)
        waiting = Gauge(
            "advisor_asks_waiting",
            "Questions waiting for a place to be answered (in arrival order)",
            registry=self.registry,
        )
        waiting.set_function(lambda: admission.waiting)

    def watch_service(self, metrics: ServiceMetrics) -> None:
        """Export the advisor service's own counters: answers by mode, fallbacks, guard."""
        self.registry.register(ServiceCollector(metrics))


class ServiceCollector(Collector):
    """The advisor service's own counters, exported at scrape time rather than copied,
    so /metrics and the service never disagree."""

    def __init__(self, metrics: ServiceMetrics) -> None:
        self.metrics = metrics

    def collect(self) -> Iterator[Metric]:
        """One snapshot of the service per scrape, so the three families agree with each other."""
        snapshot = self.metrics.snapshot()
        answers = CounterMetricFamily(
            "advisor_answers", "Answers by mode (llm, offline, fallback)", labels=["mode"]
        )
        for mode, count in sorted(snapshot.get("answers_by_mode", {}).items()):
            answers.add_metric([mode], count)
        fallbacks = CounterMetricFamily(
            "advisor_fallbacks",
            "LLM answers replaced by the offline one, by reason",
            labels=["reason"],
        )
        for reason, count in sorted(snapshot.get("fallbacks_by_reason", {}).items()):
            fallbacks.add_metric([reason], count)
        guard = CounterMetricFamily(
            "advisor_guard_events",
            "Numbers the guard removed from LLM answers",
            value=snapshot.get("guard_events", 0),
        )
        yield from (answers, fallbacks, guard)


def route_label(scope: Scope) -> str:
    """The route template (`/v1/size`), never the raw path: bounded label cardinality."""
    route = scope.get("route")
    template = getattr(route, "path", None)
    if isinstance(template, str) and template:
        return template
    path: str = scope.get("path", "")
    for prefix in ("/mcp", "/widget"):
        if path.startswith(prefix):
            return prefix
    return "ui"  # everything else is the mounted Gradio app


class MetricsMiddleware:
    """Counts and times every HTTP request by route template; the outermost layer, so the
    security layers' 413s and 429s are counted too."""

    def __init__(self, app: ASGIApp, telemetry: Telemetry) -> None:
        self.app = app
        self.telemetry = telemetry

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = time.perf_counter()
        status: dict[str, Any] = {"code": 500}

        async def send_and_note(message: Message) -> None:
            if message["type"] == "http.response.start":
                status["code"] = message["status"]
            await send(message)

        try:
            await self.app(scope, receive, send_and_note)
        finally:
            label = route_label(scope)
            self.telemetry.requests.labels(
                route=label, method=scope.get("method", ""), status=str(status["code"])
            ).inc()
            self.telemetry.latency.labels(route=label).observe(time.perf_counter() - started)
