"""Rate limit: a moving window per client in memory or a shared Redis, 429 with Retry-After,
proxies handled safely."""

from __future__ import annotations

import ipaddress
import socket
import threading
import time

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError

from advisor.config import Settings, SettingsError, get_settings
from advisor.security import (
    RateLimit,
    RateLimitMiddleware,
    SharedLimiter,
    StaffKeys,
    client_address,
)
from advisor.security.ratelimit import (
    MEMORY_STORAGE,
    REDIS_BACKOFF_S,
    client_key,
    parse_networks,
)
from serving.cpu import free_port
from tests.security.redis_server import RedisServer


@pytest.mark.parametrize(
    ("text", "requests", "period_s"),
    [
        ("30/minute", 30, 60),
        ("5/second", 5, 1),
        ("1000/hour", 1000, 3600),
        ("10000/day", 10000, 86400),
        ("30/min", 30, 60),
        ("30 per minute", 30, 60),
        ("2/minutes", 2, 60),
        (" 7 / s ", 7, 1),
    ],
)
def test_rate_limit_parsing(text: str, requests: int, period_s: float) -> None:
    assert RateLimit.parse(text) == RateLimit(requests=requests, period_s=period_s)


@pytest.mark.parametrize("text", ["", "30", "0/minute", "30/fortnight", "-1/second", "5/ms"])
def test_bad_rate_limits_name_the_setting(text: str) -> None:
    with pytest.raises(ValueError, match="^rate_limit: expected N/second"):
        RateLimit.parse(text)


def test_rate_limit_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_RATE_LIMIT", "12/hour")
    assert Settings().rate_limit == RateLimit(requests=12, period_s=3600)
    monkeypatch.setenv("ADVISOR_RATE_LIMIT", "lots")
    with pytest.raises(ValidationError, match="rate_limit"):
        Settings()


@pytest.fixture(params=["memory", "redis"])
def storage(request: pytest.FixtureRequest) -> str:
    """Where the counts live: this process's memory, or a real Redis (flushed per test)."""
    if request.param == "memory":
        return MEMORY_STORAGE
    server: RedisServer = request.getfixturevalue("redis_server")
    server.flush()
    return server.url


def test_the_window_counts_each_client_and_says_when_to_retry(storage: str) -> None:
    limiter = SharedLimiter(RateLimit.parse("3/minute"), storage)
    assert [limiter.hit("a").remaining for _ in range(3)] == [2, 1, 0]
    refused = limiter.hit("a")
    assert not refused.allowed and refused.remaining == 0
    assert 0 < refused.retry_after_s <= 60
    assert limiter.hit("b").allowed  # other clients are counted apart


def test_refused_requests_do_not_extend_the_wait(storage: str) -> None:
    limiter = SharedLimiter(RateLimit.parse("2/second"), storage)
    assert limiter.hit("a").allowed and limiter.hit("a").allowed
    refusals = [limiter.hit("a") for _ in range(10)]
    assert not any(r.allowed for r in refusals)
    time.sleep(max(r.retry_after_s for r in refusals) + 0.1)
    assert limiter.hit("a").allowed


def test_threads_never_get_more_than_the_limit(storage: str) -> None:
    limiter = SharedLimiter(RateLimit.parse("150/hour"), storage)
    allowed = []

    def hammer() -> None:
        allowed.append(sum(limiter.hit("same").allowed for _ in range(40)))

    threads = [threading.Thread(target=hammer) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sum(allowed) == 150


def test_replicas_on_one_redis_share_the_limit(redis_server: RedisServer) -> None:
    """Two app processes behind a load balancer: one client gets the limit once."""
    redis_server.flush()
    first, second = (SharedLimiter(RateLimit.parse("3/minute"), redis_server.url) for _ in "ab")
    assert first.hit("a").allowed and second.hit("a").allowed and first.hit("a").allowed
    assert not second.hit("a").allowed and not first.hit("a").allowed
    apart = [SharedLimiter(RateLimit.parse("1/minute")) for _ in "ab"]
    assert all(limiter.hit("a").allowed for limiter in apart)  # memory: per process


def test_an_unreachable_storage_lets_requests_through_and_is_left_alone_a_while(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A failed Redis call lets the request pass; for REDIS_BACKOFF_S the limiter does not
    ask again (a stalled Redis would otherwise hold a thread per request)."""
    now = [1000.0]
    closed = f"redis://127.0.0.1:{free_port()}/0"
    limiter = SharedLimiter(RateLimit.parse("1/minute"), closed, clock=lambda: now[0])
    asked = []
    real_hit = limiter._window.hit

    def counted(*args: object) -> bool:
        asked.append(args)
        return real_hit(*args)  # type: ignore[arg-type]

    limiter._window.hit = counted  # type: ignore[method-assign]
    assert all(limiter.hit("a").allowed for _ in range(3))
    assert len(asked) == 1 and "rate limit storage unreachable" in caplog.text
    now[0] += REDIS_BACKOFF_S + 1
    assert limiter.hit("a").allowed and len(asked) == 2


def test_a_stalled_redis_costs_one_request_its_timeout(caplog: pytest.LogCaptureFixture) -> None:
    """A Redis that accepts connections and never answers: the socket timeout ends the
    call, the request passes (no timing is asserted; the log shows the timeout)."""
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        url = f"redis://127.0.0.1:{server.getsockname()[1]}/0"
        limiter = SharedLimiter(RateLimit.parse("1/minute"), url)
        assert limiter.hit("a").allowed
    assert "rate limit storage unreachable" in caplog.text


def test_bad_storage_names_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_RATE_LIMIT_STORAGE", "file://user:secret-password@host/counts")
    get_settings.cache_clear()
    with pytest.raises(SettingsError, match="ADVISOR_RATE_LIMIT_STORAGE") as refused:
        get_settings()
    get_settings.cache_clear()
    assert "secret-password" not in str(refused.value)
    monkeypatch.setenv("ADVISOR_RATE_LIMIT_STORAGE", "redis://cache:6379/1")
    assert Settings().rate_limit_storage.get_secret_value() == "redis://cache:6379/1"


PROXIES = parse_networks(["10.0.0.0/8", "::1"])


def scope(peer: str, forwarded: list[str]) -> dict[str, object]:
    headers = [(b"x-forwarded-for", value.encode()) for value in forwarded]
    return {"type": "http", "client": (peer, 40000), "headers": headers}


@pytest.mark.parametrize(
    ("peer", "forwarded", "client"),
    [
        ("203.0.113.9", [], "203.0.113.9"),
        ("203.0.113.9", ["198.51.100.1"], "203.0.113.9"),  # untrusted peer: header ignored
        ("10.0.0.5", ["198.51.100.1"], "198.51.100.1"),
        ("10.0.0.5", ["1.2.3.4, 198.51.100.1, 10.0.0.7"], "198.51.100.1"),  # spoofed prefix
        ("10.0.0.5", ["1.2.3.4", "198.51.100.1"], "198.51.100.1"),  # two header lines
        ("10.0.0.5", ["10.0.0.8, 10.0.0.7"], "10.0.0.8"),  # only proxies: the first one
        ("10.0.0.5", ["not-an-ip"], "10.0.0.5"),
        ("10.0.0.5", [], "10.0.0.5"),
        ("::1", ["2001:db8::1"], "2001:db8::1"),
    ],
)
def test_client_address(peer: str, forwarded: list[str], client: str) -> None:
    assert client_address(scope(peer, forwarded), PROXIES) == client


def test_without_trusted_proxies_the_header_is_never_believed() -> None:
    assert client_address(scope("10.0.0.5", ["198.51.100.1"]), []) == "10.0.0.5"


def test_bad_trusted_proxies_name_the_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_TRUSTED_PROXIES", "10.0.0.0/8, 192.168.1.1")
    assert Settings().trusted_proxies == ["10.0.0.0/8", "192.168.1.1"]
    monkeypatch.setenv("ADVISOR_TRUSTED_PROXIES", "10.0.0.0/8, proxy.local")
    with pytest.raises(ValidationError, match="trusted_proxies: 'proxy.local'"):
        Settings()


STAFF_KEY = "staff-key-0123456789"


def limited_client(limit: str, peer: str = "203.0.113.9") -> TestClient:
    app = FastAPI()

    @app.post("/v1/ask")
    def ask() -> dict[str, str]:
        return {"answer": "2 x H100"}

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    app.add_middleware(
        RateLimitMiddleware,
        limiter=SharedLimiter(RateLimit.parse(limit)),
        trusted_proxies=[ipaddress.ip_network("10.0.0.0/8")],
        staff_keys=StaffKeys([STAFF_KEY]),
    )
    return TestClient(app, client=(peer, 40000))


def test_over_the_limit_is_429_with_retry_after() -> None:
    client = limited_client("2/minute")
    first = client.post("/v1/ask")
    assert first.status_code == 200
    assert first.headers["x-ratelimit-remaining"] == "1"
    assert client.post("/v1/ask").status_code == 200

    refused = client.post("/v1/ask")
    assert refused.status_code == 429
    assert 1 <= int(refused.headers["retry-after"]) <= 60
    assert refused.headers["x-ratelimit-remaining"] == "0"
    error = refused.json()["error"]
    assert (error["type"], error["code"]) == ("rate_limit_error", "rate_limited")
    assert "2/minute" in error["message"]


def test_health_preflight_and_staff_are_not_limited() -> None:
    client = limited_client("1/minute")
    assert client.post("/v1/ask").status_code == 200
    assert client.post("/v1/ask").status_code == 429
    assert all(client.get("/health").status_code == 200 for _ in range(5))
    assert client.options("/v1/ask").status_code != 429
    staff = {"Authorization": f"Bearer {STAFF_KEY}"}
    assert all(client.post("/v1/ask", headers=staff).status_code == 200 for _ in range(5))
    wrong = {"Authorization": "Bearer not-the-staff-key"}
    assert client.post("/v1/ask", headers=wrong).status_code == 429


def test_clients_behind_a_trusted_proxy_are_counted_apart() -> None:
    client = limited_client("1/minute", peer="10.1.2.3")
    for visitor in ("198.51.100.1", "198.51.100.2"):
        headers = {"X-Forwarded-For": visitor}
        assert client.post("/v1/ask", headers=headers).status_code == 200
        assert client.post("/v1/ask", headers=headers).status_code == 429


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.7", "203.0.113.7"),
        ("2001:db8:1:2:aaaa::1", "2001:db8:1:2::/64"),
        ("2001:db8:1:2:ffff:ffff:ffff:fffe", "2001:db8:1:2::/64"),
        ("::ffff:198.51.100.4", "198.51.100.4"),
        ("::1", "::1"),
        ("unknown", "unknown"),
    ],
)
def test_an_ipv6_host_counts_as_its_slash_64(address: str, key: str) -> None:
    assert client_key(address) == key
