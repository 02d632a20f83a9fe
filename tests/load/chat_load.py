"""A load of chat sessions against a running advisor, recording every acknowledgement.

Each session is one simulated customer behind the website's proxy (its own
X-Forwarded-For address): it asks a question, reads the answer for a while, asks a
follow-up in the same conversation, sometimes rates the answer, and after a few turns
starts a new conversation. Everything the server acknowledged (HTTP 200) is recorded,
so a fault test can check afterwards that it is all in the database.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx

CONVERSATIONS = [
    [
        "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?",
        "А на 100 пользователей?",
        "А если контекст 32k?",
    ],
    [
        "How many GPUs do we need for Qwen2.5 7B with 10 users?",
        "And with 50 users?",
        "What about fp8?",
    ],
    [
        "Хотим дообучить Mistral 7B через QLoRA, какая карта подойдёт?",
        "А полное дообучение?",
    ],
    ["Which server for DeepSeek-R1-Distill-Llama-70B on H100 with 30 users?", "And on L40S?"],
    ["Зачем нужен NVLink, если можно взять несколько RTX 4090?"],
    ["What else besides GPUs does the server need (RAM, NVMe, CPU)?"],
]


# A client drops an idle connection before uvicorn's 5 s keep-alive timeout closes it: at the
# same 5 s (httpx's default) a POST sent as the server closes the socket fails with ReadError,
# a race of the test's client, not a server error (a reverse proxy in front holds it shorter).
CLIENT_KEEPALIVE_S = 2.0


@dataclass(frozen=True)
class AckedMessage:
    conversation_id: str
    message_id: str
    question: str
    answer: str


@dataclass
class LoadResult:
    sessions: int
    seconds: float
    ask_latencies: list[float] = field(default_factory=list)
    feedback_latencies: list[float] = field(default_factory=list)
    messages: list[AckedMessage] = field(default_factory=list)
    feedback: dict[str, str] = field(default_factory=dict)  # message id -> acked rating
    errors: list[str] = field(default_factory=list)

    @property
    def requests(self) -> int:
        return len(self.ask_latencies) + len(self.feedback_latencies)

    def summary(self) -> dict[str, Any]:
        def percentile(values: list[float], q: float) -> float | None:
            if not values:
                return None
            ordered = sorted(values)
            return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)

        return {
            "sessions": self.sessions,
            "seconds": round(self.seconds, 1),
            "answers": len(self.ask_latencies),
            "feedback": len(self.feedback_latencies),
            "errors": len(self.errors),
            "answers_per_s": round(len(self.ask_latencies) / self.seconds, 2),
            "requests_per_s": round(self.requests / self.seconds, 2),
            "ask_p50_ms": percentile(self.ask_latencies, 0.5),
            "ask_p95_ms": percentile(self.ask_latencies, 0.95),
            "ask_max_ms": percentile(self.ask_latencies, 1.0),
            "ask_mean_ms": round(statistics.fmean(self.ask_latencies) * 1000, 1)
            if self.ask_latencies
            else None,
            "feedback_p50_ms": percentile(self.feedback_latencies, 0.5),
            "feedback_p95_ms": percentile(self.feedback_latencies, 0.95),
        }


async def _session(
    index: int,
    client: httpx.AsyncClient,
    deadline: float,
    result: LoadResult,
    think_s: tuple[float, float],
    rng: random.Random,
) -> None:
    headers = {"X-Forwarded-For": f"10.{index // 250}.{index % 250}.{rng.randint(1, 254)}"}
    await asyncio.sleep(rng.uniform(0, think_s[1]))  # customers do not arrive in lockstep
    while time.monotonic() < deadline:
        conversation_id: str | None = None
        for question in rng.choice(CONVERSATIONS):
            if time.monotonic() >= deadline:
                return
            body: dict[str, Any] = {"question": question}
            if conversation_id:
                body["conversation_id"] = conversation_id
            answer = await _acknowledged(
                client, "/v1/ask", body, headers, result.errors, result.ask_latencies
            )
            if answer is None:
                return
            conversation_id = answer["conversation_id"]
            result.messages.append(
                AckedMessage(conversation_id, answer["message_id"], question, answer["answer"])
            )
            reading = rng.uniform(*think_s)
            await asyncio.sleep(max(0.0, min(reading, deadline - time.monotonic())))
            if rng.random() < 0.35 and time.monotonic() < deadline:
                rating = rng.choice(["up", "up", "down"])
                rated = await _acknowledged(
                    client,
                    "/v1/feedback",
                    {"message_id": answer["message_id"], "rating": rating},
                    headers,
                    result.errors,
                    result.feedback_latencies,
                )
                if rated is None:
                    return
                result.feedback[answer["message_id"]] = rating


async def _acknowledged(
    client: httpx.AsyncClient,
    path: str,
    body: dict[str, Any],
    headers: dict[str, str],
    errors: list[str],
    latencies: list[float],
) -> dict[str, Any] | None:
    """The 200 body of one POST (its latency recorded), or None with the error recorded."""
    name = path.rsplit("/", 1)[-1]
    started = time.monotonic()
    try:
        response = await client.post(path, json=body, headers=headers)
    except httpx.HTTPError as exc:
        errors.append(f"{name}: {type(exc).__name__}: {exc}")
        return None
    if response.status_code != 200:
        errors.append(f"{name}: HTTP {response.status_code}: {response.text[:200]}")
        return None
    latencies.append(time.monotonic() - started)
    acknowledged: dict[str, Any] = response.json()
    return acknowledged


async def run_chat_load(
    base_url: str,
    *,
    sessions: int = 100,
    duration_s: float = 60.0,
    think_s: tuple[float, float] = (2.0, 6.0),
    timeout_s: float = 60.0,
    seed: int = 7,
) -> LoadResult:
    """Run `sessions` customers for `duration_s`; a session stops at its first error."""
    result = LoadResult(sessions=sessions, seconds=0.0)
    rng = random.Random(seed)
    limits = httpx.Limits(
        max_connections=sessions,
        max_keepalive_connections=sessions,
        keepalive_expiry=CLIENT_KEEPALIVE_S,
    )
    started = time.monotonic()
    deadline = started + duration_s
    async with httpx.AsyncClient(base_url=base_url, timeout=timeout_s, limits=limits) as client:
        tasks = [
            asyncio.create_task(
                _session(i, client, deadline, result, think_s, random.Random(rng.random()))
            )
            for i in range(sessions)
        ]
        await asyncio.gather(*tasks)
    result.seconds = time.monotonic() - started
    return result
