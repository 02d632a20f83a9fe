"""/health, /metrics and the widget."""

from __future__ import annotations

import time
from pathlib import Path

from fastapi.testclient import TestClient

from advisor.api import create_app
from tests.api.conftest import QUESTION_RU, free_port
from tests.conftest import app_settings


def test_health_offline_is_ok(client: TestClient) -> None:
    body = client.get("/health").json()
    assert body["status"] == "ok"
    assert body["mode"] == "offline"
    assert body["llm"] == {
        "url": None,
        "reachable": None,
        "checked_at": None,
        "error": None,
        "circuit": "closed",
        "consecutive_failures": 0,
        "last_failure": None,
    }
    assert body["knowledge_base"] in {"not_loaded", "loading", "ready"}


def test_an_unreachable_llm_degrades_health_and_answers_fall_back(
    kb_data_dir: Path, tmp_path: Path
) -> None:
    url = f"http://127.0.0.1:{free_port()}/v1"  # nothing listens there
    app = create_app(app_settings(kb_data_dir, tmp_path, llm_url=url), with_ui=False)
    with TestClient(app) as client:
        body = client.get("/health").json()
        answer = client.post("/v1/ask", json={"question": QUESTION_RU}).json()
        metrics = client.get("/metrics").text
    assert body["status"] == "degraded"
    assert body["mode"] == "llm"
    assert body["llm"]["url"] == url
    assert body["llm"]["reachable"] is False
    assert body["llm"]["error"]
    assert answer["mode"] == "fallback"
    reason = answer["fallback_reason"]
    assert _metric(metrics, "advisor_fallbacks_total", reason=reason) == 1
    assert _metric(metrics, "advisor_answers_total", mode="fallback") == 1


def _metric(text: str, name: str, **labels: str) -> float:
    for line in text.splitlines():
        if not line.startswith(name + "{") and line.split(" ")[0] != name:
            continue
        if all(f'{k}="{v}"' in line for k, v in labels.items()):
            return float(line.rsplit(" ", 1)[1])
    return 0.0


def test_metrics_count_requests_answers_and_feedback(client: TestClient) -> None:
    before = client.get("/metrics").text
    client.post("/v1/size", json={"model": "llama-3.1-8b"})
    client.post("/v1/size", json={"model": "llama-3.1-8b", "users": -1})
    message_id = client.post("/v1/ask", json={"question": QUESTION_RU}).json()["message_id"]
    client.post("/v1/feedback", json={"message_id": message_id, "rating": "up"})
    after = client.get("/metrics").text
    assert after.startswith("# HELP")

    def grew(name: str, **labels: str) -> float:
        return _metric(after, name, **labels) - _metric(before, name, **labels)

    assert grew("advisor_http_requests_total", route="/v1/size", status="200") == 1
    assert grew("advisor_http_requests_total", route="/v1/size", status="422") == 1
    assert grew("advisor_http_request_duration_seconds_count", route="/v1/size") == 2
    assert grew("advisor_answers_total", mode="offline") == 1
    assert grew("advisor_feedback_total", rating="up") == 1
    assert "# TYPE advisor_fallbacks_total counter" in after
    assert "# TYPE advisor_guard_events_total counter" in after
    # no question is in flight between requests: none answered, none waiting
    assert "# TYPE advisor_asks_waiting gauge" in after
    assert _metric(after, "advisor_asks_waiting") == 0
    assert _metric(after, "advisor_asks_answering") == 0


def test_widget_page_script_and_snippet(client: TestClient) -> None:
    snippet = client.get("/widget/snippet").text
    assert snippet == (
        '<script src="http://testserver/widget.js" data-label="GPU Advisor" defer></script>'
    )
    page = client.get("/widget")
    assert page.headers["content-type"].startswith("text/html")
    assert snippet in page.text
    script = client.get("/widget.js")
    assert script.headers["content-type"].startswith("application/javascript")
    assert "gpu-advisor-bubble" in script.text and "iframe" in script.text


class _ReachableProbe:
    url = "http://llm.invalid/v1"

    def status(self) -> tuple[bool | None, float | None, str | None]:
        return True, 0.0, None


def test_health_recovers_once_the_cool_down_is_over_without_traffic(
    kb_data_dir: Path, tmp_path: Path
) -> None:
    """Regression: a half-open circuit waited for a question to try the LLM, and without
    traffic /health stayed degraded forever although the LLM answered the probe."""
    settings = app_settings(
        kb_data_dir,
        tmp_path,
        llm_url="http://llm.invalid/v1",
        llm_failure_threshold=1,
        llm_cool_down_s=0.2,
    )
    app = create_app(settings, with_ui=False)
    state = app.state.advisor
    state.llm_probe = _ReachableProbe()
    circuit = state.gateway.service.circuit
    circuit.record_failure(circuit.attempt(), "timeout")
    with TestClient(app) as client:
        opened = client.get("/health").json()
        time.sleep(0.3)
        cooled = client.get("/health").json()
    assert (opened["status"], opened["llm"]["circuit"]) == ("degraded", "open")
    assert (cooled["status"], cooled["llm"]["circuit"]) == ("ok", "half_open")
