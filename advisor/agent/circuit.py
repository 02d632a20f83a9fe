"""A circuit breaker in front of the LLM: when it keeps failing, stop waiting for it.

Without it, a hung LLM server makes every question wait the full `llm_timeout_s` before
the offline fallback answers. After `threshold` failures in a row the circuit opens: for
`cool_down_s` every question goes straight to the fallback (reason `circuit_open`).
Then one question is let through as a trial (half-open); its success closes the circuit,
its failure opens it for another cool-down. Results of questions that started before
the circuit opened do not restart the cool-down, and only the trial's own result ends
the trial. Thread-safe; one per service.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

CircuitState = Literal["closed", "open", "half_open"]


@dataclass(frozen=True)
class Attempt:
    """Permission to ask the LLM once; hand it back with the result."""

    trial: bool


@dataclass(frozen=True)
class CircuitSnapshot:
    state: CircuitState
    consecutive_failures: int
    last_failure: str | None
    opened_at: float | None  # wall-clock time, for /health


class LlmCircuit:
    def __init__(
        self,
        threshold: int = 3,
        cool_down_s: float = 30.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        if threshold < 1 or cool_down_s <= 0:
            raise ValueError("threshold must be >= 1 and cool_down_s > 0")
        self.threshold = threshold
        self.cool_down_s = cool_down_s
        self._clock = clock
        self._lock = threading.Lock()
        self._failures = 0
        self._last_failure: str | None = None
        self._opened_at: float | None = None
        self._opened_wall: float | None = None
        self._trial_running = False

    def attempt(self) -> Attempt | None:
        """Permission to ask the LLM now, or None while the circuit is open (or a trial runs)."""
        with self._lock:
            if self._opened_at is None:
                return Attempt(trial=False)
            if self._clock() - self._opened_at < self.cool_down_s or self._trial_running:
                return None
            self._trial_running = True
            return Attempt(trial=True)

    def record_success(self, attempt: Attempt) -> None:
        """The LLM answered (whatever the answer was worth): it is up."""
        with self._lock:
            self._failures = 0
            self._opened_at = self._opened_wall = None
            if attempt.trial:
                self._trial_running = False

    def record_failure(self, attempt: Attempt, reason: str) -> None:
        with self._lock:
            self._last_failure = reason
            if attempt.trial:
                self._trial_running = False
                self._open()
            elif self._opened_at is None:
                self._failures += 1
                if self._failures >= self.threshold:
                    self._open()

    def _open(self) -> None:
        self._opened_at = self._clock()
        self._opened_wall = time.time()

    def snapshot(self) -> CircuitSnapshot:
        with self._lock:
            if self._opened_at is None:
                state: CircuitState = "closed"
            elif self._trial_running or self._clock() - self._opened_at >= self.cool_down_s:
                state = "half_open"
            else:
                state = "open"
            return CircuitSnapshot(state, self._failures, self._last_failure, self._opened_wall)
