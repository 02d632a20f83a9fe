"""Shared, lazily opened resources: the knowledge base and the LLM reachability probe.

Both are cheap to ask about: `/health` never waits for the index to build or for a
slow LLM (the probe result is cached and has a short timeout).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Literal

import httpx

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase

log = logging.getLogger(__name__)

KbState = Literal["not_loaded", "loading", "ready", "failed"]


class KnowledgeBaseUnavailable(RuntimeError):
    """The index could not be opened; answers go on without citations."""


class KnowledgeBaseHolder:
    """The advisor's knowledge base, opened on first use (built under the data dir, ~20 s).

    `opener` is the service's own accessor, so the API, MCP and the answers share one index.
    """

    def __init__(self, opener: Callable[[], KnowledgeBase | None]) -> None:
        self._opener = opener
        self._state: KbState = "not_loaded"

    @property
    def state(self) -> KbState:
        """What /health reports; asking never opens the index."""
        return self._state

    def get(self) -> KnowledgeBase:
        """The index, opened on first use; KnowledgeBaseUnavailable when it cannot be (the
        state is then `failed`)."""
        if self._state != "ready":
            self._state = "loading"
        kb = self._opener()
        self._state = "ready" if kb is not None else "failed"
        if kb is None:
            raise KnowledgeBaseUnavailable("the knowledge base is unavailable; see the server log")
        return kb

    def warm_up_in_background(self) -> threading.Thread:
        """Open the index off the request path, so the first question does not wait."""

        def open_quietly() -> None:
            try:
                self.get()
            except KnowledgeBaseUnavailable:
                log.warning("knowledge base warm-up failed; answers carry no citations")

        thread = threading.Thread(target=open_quietly, name="kb-warm-up", daemon=True)
        thread.start()
        return thread


class LlmProbe:
    """Is the LLM server answering? One GET of `{url}/models`, cached for `ttl_s`."""

    def __init__(self, url: str | None, ttl_s: float = 15.0, timeout_s: float = 1.5) -> None:
        self.url = url.rstrip("/") if url else None
        self.ttl_s = ttl_s
        self.timeout_s = timeout_s
        self._lock = threading.Lock()
        self._checked_at: float | None = None
        self._reachable: bool | None = None
        self._error: str | None = None

    def status(self) -> tuple[bool | None, float | None, str | None]:
        """(reachable, checked_at, error); reachable is None without an LLM."""
        if self.url is None:
            return None, None, None
        with self._lock:
            now = time.monotonic()
            if self._checked_at is None or now - self._checked_at > self.ttl_s:
                self._reachable, self._error = self._probe(self.url)
                self._checked_at = now
            checked_wall = time.time() - (now - self._checked_at)
            return self._reachable, checked_wall, self._error

    def _probe(self, url: str) -> tuple[bool, str | None]:
        try:
            response = httpx.get(f"{url}/models", timeout=self.timeout_s)
        except httpx.HTTPError as exc:
            return False, f"{type(exc).__name__}: {exc}"
        if response.status_code >= 500:
            return False, f"HTTP {response.status_code}"
        return True, None
