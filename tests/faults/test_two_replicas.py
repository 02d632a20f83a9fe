"""Two `advisor serve` replicas on one PostgreSQL and one Redis, as Kubernetes runs them.

- A conversation started on one replica continues on the other (state in the database).
- The rate limit holds across both: a client alternating between them gets it once.
- `kill -9` of one under load: nothing it acknowledged is lost, and its clients carry on
  through the other (a load balancer's retry: a request that got no answer is sent again).
"""

from __future__ import annotations

import asyncio
import random
import signal
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from advisor.storage import DatabaseStore
from tests.load.chat_load import CONVERSATIONS, AckedMessage
from tests.security.redis_server import RedisServer
from tests.served import ServedAdvisor, copy_data_dir
from tests.storage.postgres import PostgresCluster

LIMIT = 30  # per client per minute, counted in Redis
SESSIONS = 24
BEFORE_KILL_S = 6.0
AFTER_KILL_S = 8.0


@pytest.fixture
def replicas(
    kb_data_dir: Path,
    tmp_path: Path,
    postgres_cluster: PostgresCluster,
    redis_server: RedisServer,
) -> tuple[ServedAdvisor, ServedAdvisor, str]:
    redis_server.flush()
    database_url = postgres_cluster.create_database(
        f"replicas_{tmp_path.name[-10:].replace('-', '_')}"
    )
    env = {
        "ADVISOR_DATABASE_URL": database_url,
        "ADVISOR_RATE_LIMIT": f"{LIMIT}/minute",
        "ADVISOR_RATE_LIMIT_STORAGE": redis_server.url,
        "ADVISOR_TRUSTED_PROXIES": "127.0.0.1",  # the test is the load balancer
    }
    served = []
    for name in ("a", "b"):
        data_dir = copy_data_dir(kb_data_dir, tmp_path / f"data-{name}")
        served.append(ServedAdvisor(data_dir, env, tmp_path / f"serve-{name}.log"))
    return served[0], served[1], database_url


@dataclass
class FailoverLoad:
    acked: list[AckedMessage] = field(default_factory=list)
    failovers: int = 0
    acked_after_kill: int = 0
    errors: list[str] = field(default_factory=list)


async def _post(
    clients: list[httpx.AsyncClient],
    first: int,
    path: str,
    body: dict[str, object],
    headers: dict[str, str],
    load: FailoverLoad,
) -> dict[str, object] | None:
    """POST to replica `first`, and to the other when no answer comes (connection lost)."""
    for attempt in (first, 1 - first):
        try:
            response = await clients[attempt].post(path, json=body, headers=headers)
        except httpx.TransportError:
            load.failovers += 1
            continue
        if response.status_code != 200:
            load.errors.append(f"{path}: HTTP {response.status_code} {response.text[:120]}")
            return None
        answer: dict[str, object] = response.json()
        return answer
    load.errors.append(f"{path}: no replica answered")
    return None


async def _session(
    index: int,
    clients: list[httpx.AsyncClient],
    deadline: float,
    killed: asyncio.Event,
    load: FailoverLoad,
) -> None:
    rng = random.Random(index)
    headers = {"X-Forwarded-For": f"10.9.{index}.{rng.randint(1, 254)}"}
    await asyncio.sleep(rng.uniform(0, 1))
    while time.monotonic() < deadline:
        conversation_id = None
        for question in rng.choice(CONVERSATIONS):
            if time.monotonic() >= deadline:
                return
            body: dict[str, object] = {"question": question}
            if conversation_id:
                body["conversation_id"] = conversation_id
            answer = await _post(clients, index % 2, "/v1/ask", body, headers, load)
            if answer is None:
                return
            conversation_id = str(answer["conversation_id"])
            load.acked.append(
                AckedMessage(
                    conversation_id, str(answer["message_id"]), question, str(answer["answer"])
                )
            )
            if killed.is_set():
                load.acked_after_kill += 1
            await asyncio.sleep(rng.uniform(0.3, 1.2))


async def _load_with_a_kill(a: ServedAdvisor, b: ServedAdvisor) -> FailoverLoad:
    load = FailoverLoad()
    killed = asyncio.Event()
    async with (
        httpx.AsyncClient(base_url=a.base_url, timeout=60) as to_a,
        httpx.AsyncClient(base_url=b.base_url, timeout=60) as to_b,
    ):
        deadline = time.monotonic() + BEFORE_KILL_S + AFTER_KILL_S
        tasks = [
            asyncio.create_task(_session(i, [to_a, to_b], deadline, killed, load))
            for i in range(SESSIONS)
        ]
        await asyncio.sleep(BEFORE_KILL_S)
        await asyncio.to_thread(a.kill, signal.SIGKILL)
        killed.set()
        await asyncio.gather(*tasks)
    return load


def test_two_replicas_share_conversations_limits_and_survive_a_kill(
    replicas: tuple[ServedAdvisor, ServedAdvisor, str],
) -> None:
    a, b, database_url = replicas
    with a, b:
        a.start()
        b.start()
        # A conversation started on A continues on B.
        first = httpx.post(
            f"{a.base_url}/v1/ask",
            json={"question": "How many GPUs for Llama 3.1 70B with 20 users?"},
            timeout=60,
        ).json()
        follow = httpx.post(
            f"{b.base_url}/v1/ask",
            json={"question": "and for 50 users?", "conversation_id": first["conversation_id"]},
            timeout=60,
        ).json()
        assert follow["request"]["model"] == "llama-3.1-70b"
        assert follow["request"]["users"] == 50
        # One client alternating between the replicas gets the limit once.
        hammer = {"X-Forwarded-For": "203.0.113.50"}
        statuses = [
            httpx.post(
                f"{(a, b)[i % 2].base_url}/v1/size",
                json={"model": "llama-3.1-8b"},
                headers=hammer,
                timeout=30,
            ).status_code
            for i in range(2 * LIMIT)
        ]
        allowed = statuses.count(200)
        assert statuses.count(429) == 2 * LIMIT - allowed
        # kill -9 of A under load; its clients carry on through B.
        load = asyncio.run(_load_with_a_kill(a, b))
    store = DatabaseStore.open(database_url)
    try:
        missing = [m for m in load.acked if store.get_message(m.message_id) is None]
    finally:
        store.close()
    print(
        f"\ntwo replicas: {SESSIONS} sessions, {len(load.acked)} answers acknowledged"
        f" ({load.acked_after_kill} after the kill, through the survivor), {len(missing)} lost,"
        f" {load.failovers} requests re-sent after the kill; rate limit {LIMIT}/minute across"
        f" both: {allowed} allowed of {2 * LIMIT} (overshoot {allowed - LIMIT})"
    )
    assert allowed == LIMIT
    assert missing == []
    assert load.errors == []
    assert load.acked_after_kill > 0 and load.failovers > 0
