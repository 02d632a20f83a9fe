"""How many questions are answered at once; the rest wait their turn in arrival order.

An offline answer is pure Python: under the GIL, forty threads answering at once share
one core, so every answer takes forty times its own time and a long one (a sizing that
searches many GPU counts) stretches to most of a minute. Admitting a few at a time in
arrival order keeps each answer at its own speed and the wait fair; a rating or a health
check does not queue behind questions, since waiting questions hold no thread.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Iterator
from typing import TypeVar, cast

import anyio
import anyio.to_thread

A = TypeVar("A")
R = TypeVar("R")
T = TypeVar("T")

_END = object()


class AskAdmission:
    def __init__(self, concurrency: int) -> None:
        self._limiter = anyio.CapacityLimiter(concurrency)

    @property
    def concurrency(self) -> int:
        return int(self._limiter.total_tokens)

    @property
    def answering(self) -> int:
        return int(self._limiter.borrowed_tokens)

    @property
    def waiting(self) -> int:
        """Questions admitted to no thread yet (for /metrics)."""
        return self._limiter.statistics().tasks_waiting

    async def run(self, func: Callable[[A], R], argument: A) -> R:
        """`func(argument)` on a worker thread once a place is free."""
        return await anyio.to_thread.run_sync(func, argument, limiter=self._limiter)

    async def stream(self, items: Iterator[T]) -> AsyncIterator[T]:
        """The items of a streamed answer, its place held from the first item to the last,
        so a stream does not queue again behind every waiting question between chunks."""
        holder = object()
        await self._limiter.acquire_on_behalf_of(holder)
        try:
            while True:
                item = await anyio.to_thread.run_sync(next, items, _END)
                if item is _END:
                    return
                yield cast(T, item)
        finally:
            self._limiter.release_on_behalf_of(holder)
