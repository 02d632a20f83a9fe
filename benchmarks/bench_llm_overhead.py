"""LLM-mode orchestration overhead: what the advisor adds around vLLM in one turn.

For each question, one `run_llm_turn` end to end, timed two ways:
- minus the time its own HTTP requests to vLLM took (agent graph, tools, engine, guard);
- minus one raw chat completion of the same first prompt (the brief's simple comparison;
  it also counts the extra completions a turn makes, so it is an upper bound).
p50 over --runs runs. The 135M CPU model ends most turns in cut_off (its prose loops);
the overhead up to that failure is still what the advisor costs.

Run: .venv/bin/python benchmarks/bench_llm_overhead.py [--url http://127.0.0.1:8011/v1]
     [--runs 5]; without --url (or ADVISOR_LLM_URL) it starts the CPU vLLM server.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from advisor.agent.llm import LlmFailure, run_llm_turn  # noqa: E402
from advisor.agent.llm.factory import chat_model  # noqa: E402
from advisor.agent.llm.prompts import system_prompt  # noqa: E402
from advisor.agent.llm.tools import SIZE_DEPLOYMENT, TurnRecord, build_tools  # noqa: E402
from advisor.catalog.loader import load_catalog  # noqa: E402
from advisor.config import Settings  # noqa: E402

QUESTIONS = {
    "en": "Size llama-3.1-8b on h100-sxm for 4 users.",
    "ru": "Сколько H100 нужно для llama-3.1-8b на 4 пользователей?",
}
MAX_TOKENS = 200


class TimedTransport(httpx.HTTPTransport):
    """Adds up the wall time of every request (body read included)."""

    def __init__(self) -> None:
        super().__init__()
        self.seconds = 0.0
        self.requests = 0

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        started = time.perf_counter()
        response = super().handle_request(request)
        response.read()
        self.seconds += time.perf_counter() - started
        self.requests += 1
        return response


@contextlib.contextmanager
def server_url(url: str | None) -> Iterator[str]:
    if url:
        yield url
        return
    from serving.cpu import cpu_server

    server = cpu_server(Path(Settings().data_dir).resolve())
    with server:
        server.wait_ready(300)
        yield server.base_url


def raw_first_completion(settings: Settings, language: str, question: str) -> float:
    """The turn's first request alone: the forced size_deployment call, straight to vLLM."""
    catalog = load_catalog()
    tools = build_tools(TurnRecord(), catalog, None, language)
    bound = chat_model(settings, max_tokens=MAX_TOKENS).bind_tools(
        tools[:1],
        tool_choice={"type": "function", "function": {"name": SIZE_DEPLOYMENT}},
        strict=True,
        parallel_tool_calls=False,
    )
    messages: list[Any] = [
        {"role": "system", "content": system_prompt(language, None)},  # type: ignore[arg-type]
        {"role": "user", "content": question},
    ]
    started = time.perf_counter()
    bound.invoke(messages)
    return time.perf_counter() - started


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=os.environ.get("ADVISOR_LLM_URL"))
    parser.add_argument("--model", default=os.environ.get("ADVISOR_LLM_MODEL"))
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    catalog = load_catalog()
    with server_url(args.url) as url:
        settings = Settings(llm_url=url, llm_model=args.model, llm_timeout_s=600)
        for language, question in QUESTIONS.items():
            raw_first_completion(settings, language, question)  # warm the grammar cache
            turn_s, http_s, over_http, over_raw, outcomes = [], [], [], [], []
            for _ in range(args.runs):
                transport = TimedTransport()
                model = chat_model(settings, MAX_TOKENS, httpx.Client(transport=transport))
                started = time.perf_counter()
                try:
                    run_llm_turn(
                        question=question,
                        language=language,  # type: ignore[arg-type]
                        history=[],
                        previous_request=None,
                        settings=settings,
                        catalog=catalog,
                        kb=None,
                        model=model,
                    )
                    outcomes.append("answer")
                except LlmFailure as failure:
                    outcomes.append(failure.reason)
                total = time.perf_counter() - started
                raw = raw_first_completion(settings, language, question)
                turn_s.append(total)
                http_s.append(transport.seconds)
                over_http.append(total - transport.seconds)
                over_raw.append(total - raw)
            p50 = statistics.median
            print(
                f"{language}: turn p50 {p50(turn_s):.2f} s over "
                f"{transport.requests} vLLM requests ({p50(http_s):.2f} s in HTTP); "
                f"orchestration overhead p50 {p50(over_http) * 1000:.0f} ms "
                f"(turn minus its HTTP time), {p50(over_raw):.2f} s (turn minus one raw "
                f"completion of the first prompt); outcomes {sorted(set(outcomes))}"
            )


if __name__ == "__main__":
    main()
