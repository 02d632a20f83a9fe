"""Time to the first useful content and to the full answer, offline and with an LLM.

Run: .venv/bin/python benchmarks/bench_answer_latency.py            (offline)
     ADVISOR_LLM_URL=http://127.0.0.1:8000/v1 ADVISOR_LLM_MODEL=... \\
       .venv/bin/python benchmarks/bench_answer_latency.py          (both modes)
Prints figures; asserts nothing. "First content" is the first chunk the stream yields
(with an LLM: the engine's tool steps, before the LLM's prose).
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from advisor.agent.conversations import InMemoryConversationStore
from advisor.agent.service import AdvisorService
from advisor.config import Settings, get_settings
from advisor.services.protocol import AskRequest, AskResponse

QUESTIONS = (
    "Мы хотим внутренний чат-бот по документам для 200 сотрудников. Какой сервер нужен?",
    "We have a server with 4x A100 40GB. What is the largest model we can serve to 30 people?",
    "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?",
    "How many H100s do I need to serve Qwen2.5 32B to 50 users with 8k context?",
)
REPEAT = 3


def measure(service: AdvisorService, label: str) -> None:
    first: list[float] = []
    full: list[float] = []
    modes: list[str] = []
    for _ in range(REPEAT):
        for question in QUESTIONS:
            start = time.perf_counter()
            seen = None
            for item in service.ask_stream(AskRequest(question=question)):
                if seen is None:
                    seen = time.perf_counter() - start
                if isinstance(item, AskResponse):
                    modes.append(item.mode if not item.fallback_reason else item.fallback_reason)
            full.append(time.perf_counter() - start)
            first.append(seen or full[-1])
    for name, samples in (("first content", first), ("full answer", full)):
        ordered = sorted(samples)
        p95 = ordered[int(0.95 * (len(ordered) - 1))]
        print(
            f"{label:8} {name:14} p50 {statistics.median(samples):7.3f} s   "
            f"p95 {p95:7.3f} s   (n={len(samples)})"
        )
    print(f"{label:8} outcomes: { {m: modes.count(m) for m in sorted(set(modes))} }")


def main() -> None:
    data_dir = Path(tempfile.mkdtemp(prefix="bench-latency-"))
    offline = AdvisorService(
        Settings(data_dir=data_dir, llm_url=None), store=InMemoryConversationStore()
    )
    offline.warm_up()
    measure(offline, "offline")
    configured = get_settings()
    if configured.llm_url:
        settings = configured.model_copy(update={"data_dir": data_dir})
        llm = AdvisorService(settings, store=InMemoryConversationStore())
        llm.warm_up()
        measure(llm, "llm")
    else:
        print("llm      skipped: set ADVISOR_LLM_URL (and ADVISOR_LLM_MODEL) to measure it")


if __name__ == "__main__":
    main()
