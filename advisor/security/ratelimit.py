"""Per-client rate limit for anonymous traffic: a moving window counted by `limits`.

`30/minute` means at most 30 requests in any 60 seconds, not 30 per clock minute, so
there is no burst of 60 across a minute boundary. Clients are told when to retry
(`Retry-After`, whole seconds, rounded up). The client is the TCP peer, or, when the
peer is a trusted proxy, the right-most X-Forwarded-For address no trusted proxy wrote:
a client can prepend what it likes to that header, but not append.

The counts live in this process's memory by default; with ADVISOR_RATE_LIMIT_STORAGE
naming a Redis server, every replica counts in the same place, so a client gets the
limit once, not once per replica. When that storage cannot be reached, requests pass
(logged): an outage of the limiter must not become an outage of the advisor.
"""

from __future__ import annotations

import ipaddress
import logging
import math
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import anyio.to_thread
from limits import RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import MovingWindowRateLimiter
from pydantic import BaseModel, ConfigDict, Field
from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from advisor.http_errors import error_response
from advisor.security.keys import StaffKeys, bearer_token

Network = ipaddress.IPv4Network | ipaddress.IPv6Network

_PERIODS = {"second": 1.0, "minute": 60.0, "hour": 3600.0, "day": 86400.0}
_ALIASES = {"s": "second", "sec": "second", "m": "minute", "min": "minute", "h": "hour"}
_RATE = re.compile(r"^\s*(\d+)\s*(?:/|per)\s*([a-z]+)\s*$", re.IGNORECASE)


class RateLimit(BaseModel):
    """A limit like `30/minute`, from ADVISOR_RATE_LIMIT; `str()` writes it back the same
    way for the 429 message."""

    model_config = ConfigDict(frozen=True)

    requests: int = Field(ge=1)
    period_s: float = Field(gt=0)

    @classmethod
    def parse(cls, text: str) -> RateLimit:
        """`30/minute`, `5/second`, `1000/hour`, `10000/day` (also `30/min`, `30 per minute`)."""
        match = _RATE.match(text)
        unit = match.group(2).lower() if match else ""
        if unit.endswith("s") and unit[:-1] in _PERIODS:  # minutes, hours
            unit = unit[:-1]
        unit = _ALIASES.get(unit, unit)
        if match is None or unit not in _PERIODS or int(match.group(1)) < 1:
            raise ValueError(
                f"rate_limit: expected N/second, N/minute, N/hour or N/day (N >= 1), got {text!r}"
            )
        return cls(requests=int(match.group(1)), period_s=_PERIODS[unit])

    def __str__(self) -> str:
        unit = next((u for u, s in _PERIODS.items() if s == self.period_s), None)
        return f"{self.requests}/{unit}" if unit else f"{self.requests}/{self.period_s:g}s"


@dataclass(frozen=True)
class Decision:
    """The limiter's answer: `remaining` for X-RateLimit-Remaining, `retry_after_s` for
    Retry-After when refused."""

    allowed: bool
    remaining: int
    retry_after_s: float = 0.0


MEMORY_STORAGE = "memory://"
_STORAGE_SCHEMES = ("memory://", "redis://", "rediss://", "redis+unix://")
_NAMESPACE = "advisor-rate"
REDIS_TIMEOUT_S = 0.25  # a local Redis answers in well under a millisecond
REDIS_BACKOFF_S = 5.0
_log = logging.getLogger(__name__)


def check_storage_uri(uri: str) -> str:
    """`memory://` or a Redis URL (`redis://host:6379/0`, `rediss://`, `redis+unix://`)."""
    if not uri.startswith(_STORAGE_SCHEMES):
        scheme = uri.split("://", 1)[0] if "://" in uri else "no scheme"  # never the password
        raise ValueError(
            f"rate_limit_storage: expected memory:// or redis://host:port/db, got {scheme!r}"
        )
    return uri


class SharedLimiter:
    """One limit per client in `limits` storage: memory (this process) or Redis (shared).

    Refused requests are not counted, so hammering does not extend the wait. A Redis that
    fails or stalls costs one request at most REDIS_TIMEOUT_S; then, for REDIS_BACKOFF_S,
    requests pass without asking it, so a sick Redis never holds the server's threads.
    """

    def __init__(
        self,
        limit: RateLimit,
        storage_uri: str = MEMORY_STORAGE,
        *,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.shared = not storage_uri.startswith(MEMORY_STORAGE)
        options: dict[str, float] = (
            {"socket_timeout": REDIS_TIMEOUT_S, "socket_connect_timeout": REDIS_TIMEOUT_S}
            if self.shared
            else {}
        )
        storage = storage_from_string(
            check_storage_uri(storage_uri), wrap_exceptions=True, **options
        )
        self._window = MovingWindowRateLimiter(storage)
        self._item = RateLimitItemPerSecond(limit.requests, math.ceil(limit.period_s))
        self._clock = clock
        self._down_until = 0.0

    def hit(self, client: str) -> Decision:
        """Count one request of `client` if the window has room."""
        if self._clock() < self._down_until:
            return Decision(True, self.limit.requests)
        try:
            allowed = self._window.hit(self._item, _NAMESPACE, client)
            stats = self._window.get_window_stats(self._item, _NAMESPACE, client)
        except StorageError as exc:
            self._down_until = self._clock() + REDIS_BACKOFF_S
            _log.warning(
                "rate limit storage unreachable, requests let through for %.0f s: %s",
                REDIS_BACKOFF_S,
                exc.storage_error,
            )
            return Decision(True, self.limit.requests)
        if allowed:
            return Decision(True, stats.remaining)
        return Decision(False, 0, max(0.0, stats.reset_time - time.time()))

    async def hit_async(self, client: str) -> Decision:
        """`hit` off the event loop when the counts are across the network."""
        if not self.shared:
            return self.hit(client)
        return await anyio.to_thread.run_sync(self.hit, client)


def parse_networks(entries: Iterable[str]) -> list[Network]:
    """The networks of ADVISOR_TRUSTED_PROXIES; a plain address is its own /32 or /128, and a bad
    entry raises naming it."""
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry.strip(), strict=False))
        except ValueError:
            raise ValueError(
                f"trusted_proxies: {entry!r} is not an IP address or CIDR network"
            ) from None
    return networks


def client_address(scope: Scope, trusted_proxies: Sequence[Network]) -> str:
    """The address to count a request against (see the module docstring)."""
    client = scope.get("client")
    peer = str(client[0]) if client else "unknown"
    if not trusted_proxies or not _is_trusted(peer, trusted_proxies):
        return peer
    forwarded = ",".join(Headers(scope=scope).getlist("x-forwarded-for"))
    hops = [hop.strip() for hop in forwarded.split(",") if hop.strip()]
    for hop in reversed(hops):
        try:
            ipaddress.ip_address(hop)
        except ValueError:
            return peer  # a proxy we trust would not write this: do not believe the header
        if not _is_trusted(hop, trusted_proxies):
            return hop
    return hops[0] if hops else peer


def client_key(address: str) -> str:
    """What one client is counted as: its IPv4 address, or its IPv6 /64 (one host holds a
    whole /64 and could rotate through it to dodge a per-address limit)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv4Address) or ip.is_loopback:
        return str(ip)
    if ip.ipv4_mapped is not None:
        return str(ip.ipv4_mapped)
    return str(ipaddress.ip_network(f"{ip}/64", strict=False))


def _is_trusted(address: str, networks: Sequence[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in network for network in networks)


class RateLimitMiddleware:
    """ASGI middleware: 429 with Retry-After for clients over the limit on `paths`.

    Only the listed path prefixes count (the API, not the UI's static files); CORS
    preflights and requests carrying a valid staff key are never limited.
    """

    def __init__(
        self,
        app: ASGIApp,
        limiter: SharedLimiter,
        *,
        trusted_proxies: Sequence[Network] = (),
        paths: Sequence[str] = ("/v1/", "/mcp"),
        staff_keys: StaffKeys | None = None,
    ) -> None:
        self.app = app
        self.limiter = limiter
        self.trusted_proxies = list(trusted_proxies)
        self.paths = tuple(paths)
        self.staff_keys = staff_keys

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if not self._limited(scope):
            await self.app(scope, receive, send)
            return
        client = client_key(client_address(scope, self.trusted_proxies))
        decision = await self.limiter.hit_async(client)
        limit = str(self.limiter.limit.requests)
        if decision.allowed:

            async def send_with_headers(message: Message) -> None:
                if message["type"] == "http.response.start":
                    message["headers"] = [
                        *message.get("headers", []),
                        (b"x-ratelimit-limit", limit.encode()),
                        (b"x-ratelimit-remaining", str(decision.remaining).encode()),
                    ]
                await send(message)

            await self.app(scope, receive, send_with_headers)
            return
        retry_after = max(1, math.ceil(decision.retry_after_s))
        response = error_response(
            429,
            "rate_limited",
            f"too many requests: the limit is {self.limiter.limit}; retry in {retry_after} s",
            headers={
                "Retry-After": str(retry_after),
                "X-RateLimit-Limit": limit,
                "X-RateLimit-Remaining": "0",
            },
        )
        await response(scope, receive, send)

    def _limited(self, scope: Scope) -> bool:
        if scope["type"] != "http" or scope.get("method") == "OPTIONS":
            return False
        if not str(scope.get("path", "")).startswith(self.paths):
            return False
        if self.staff_keys is not None and self.staff_keys.configured:
            token = bearer_token(Headers(scope=scope).get("authorization"))
            if self.staff_keys.verify(token):
                return False
        return True
