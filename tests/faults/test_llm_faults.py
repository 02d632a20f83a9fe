"""The LLM server stopped, hung, answering garbage or 5xx: every question is still answered
(by the offline fallback) within a bounded time, and /health reports the degraded LLM.

The bound checked here is the configured LLM timeout plus a wide margin for a loaded CI
machine: it catches a hang, not a slow answer (speed lives in benchmarks/).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from advisor.api import create_app
from tests.conftest import app_settings
from tests.faults.fault_llm import Fault, FaultyLlm
from tests.served import free_port

LLM_TIMEOUT_S = 2.0
HANG_BOUND_S = LLM_TIMEOUT_S + 15.0
THRESHOLD = 3
QUESTIONS = [
    "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?",
    "How many GPUs for Qwen2.5 7B with 10 users?",
]


@contextmanager
def llm_with(fault: Fault | None) -> Iterator[str]:
    """The URL of a misbehaving LLM; None = a port where nothing listens (stopped)."""
    if fault is None:
        yield f"http://127.0.0.1:{free_port()}/v1"
        return
    with FaultyLlm(fault, delay_s=LLM_TIMEOUT_S * 10) as llm:
        yield llm.url


@pytest.mark.parametrize(
    ("fault", "first_reasons"),
    [
        (None, {"unreachable"}),
        ("slow", {"timeout"}),
        ("garbage", {"error", "no_tool_call", "invalid_tool_arguments"}),
        ("server_error", {"error"}),
    ],
    ids=["stopped", "slow", "garbage", "server_error"],
)
def test_answers_arrive_through_the_fallback(
    kb_data_dir: Path, tmp_path: Path, fault: Fault | None, first_reasons: set[str]
) -> None:
    with llm_with(fault) as url:
        settings = app_settings(
            kb_data_dir,
            tmp_path,
            llm_url=url,
            llm_model="faulty-llm",
            llm_timeout_s=LLM_TIMEOUT_S,
            llm_failure_threshold=THRESHOLD,
            llm_cool_down_s=600,
        )
        with TestClient(create_app(settings, with_ui=False)) as client:
            timings, answers = [], []
            for i in range(THRESHOLD + 2):
                started = time.monotonic()
                response = client.post("/v1/ask", json={"question": QUESTIONS[i % 2]})
                timings.append(time.monotonic() - started)
                assert response.status_code == 200, response.text
                answers.append(response.json())
            health = client.get("/health").json()
    print(
        f"\nLLM {fault or 'stopped'}: seconds per answer "
        + ", ".join(f"{t:.2f}" for t in timings)
        + f"; reasons {[a['fallback_reason'] for a in answers]}"
    )
    assert all(a["mode"] == "fallback" for a in answers)
    assert all(a["sizing"] is not None for a in answers)  # the engine still answered
    assert {a["fallback_reason"] for a in answers[:THRESHOLD]} <= first_reasons
    assert [a["fallback_reason"] for a in answers[THRESHOLD:]] == ["circuit_open"] * 2
    assert max(timings) < HANG_BOUND_S
    assert health["status"] == "degraded"
    assert health["llm"]["circuit"] == "open"
    assert health["llm"]["consecutive_failures"] == THRESHOLD
    assert health["llm"]["last_failure"] in first_reasons
