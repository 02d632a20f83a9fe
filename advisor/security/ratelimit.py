"""Per-client rate limit for anonymous traffic: a sliding window log in memory.

`30/minute` means at most 30 requests in any 60 seconds, not 30 per clock minute, so
there is no burst of 60 across a minute boundary. Clients are told when to retry
(`Retry-After`, whole seconds, rounded up). The client is the TCP peer, or, when the
peer is a trusted proxy, the right-most X-Forwarded-For address no trusted proxy wrote:
a client can prepend what it likes to that header, but not append.

One process keeps its own counts; behind several replicas, limit at the ingress too.
"""

from __future__ import annotations

import ipaddress
import math
import re
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

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


class SlidingWindowLimiter:
    """Thread-safe; memory is bounded by `max_clients` (the least recently seen go first)."""

    def __init__(
        self,
        limit: RateLimit,
        *,
        max_clients: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limit = limit
        self.max_clients = max_clients
        self._clock = clock
        self._hits: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def hit(self, client: str) -> Decision:
        """Count one request of `client` if the window has room; refusals are not counted."""
        now = self._clock()
        window_start = now - self.limit.period_s
        with self._lock:
            hits = self._hits.pop(client, None) or deque()
            while hits and hits[0] <= window_start:
                hits.popleft()
            self._hits[client] = hits  # most recently seen last
            while len(self._hits) > self.max_clients:
                self._hits.popitem(last=False)
            if len(hits) >= self.limit.requests:
                return Decision(False, 0, hits[0] + self.limit.period_s - now)
            hits.append(now)
            return Decision(True, self.limit.requests - len(hits))


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
        limiter: SlidingWindowLimiter,
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
        decision = self.limiter.hit(client_key(client_address(scope, self.trusted_proxies)))
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
