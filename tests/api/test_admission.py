"""Questions wait for a place in arrival order, and a streamed answer keeps its place."""

from __future__ import annotations

import threading
import time

import anyio
import pytest

from advisor.api.admission import AskAdmission
from advisor.config import LLM_ASK_CONCURRENCY, OFFLINE_ASK_CONCURRENCY, Settings


def test_questions_are_answered_in_arrival_order() -> None:
    admission = AskAdmission(1)
    answered: list[int] = []

    def answer(index: int) -> int:
        time.sleep(0.005)
        answered.append(index)
        return index

    async def main() -> list[int]:
        results: list[int] = []

        async def ask(index: int) -> None:
            results.append(await admission.run(answer, index))

        async with anyio.create_task_group() as group:
            for index in range(8):
                group.start_soon(ask, index)
                await anyio.sleep(0)  # arrive one after another
        return results

    assert anyio.run(main) == list(range(8))
    assert answered == list(range(8))


def test_no_more_than_the_limit_are_answered_at_once() -> None:
    admission = AskAdmission(2)
    lock = threading.Lock()
    running = 0
    most = 0

    def answer(_: int) -> None:
        nonlocal running, most
        with lock:
            running += 1
            most = max(most, running)
        time.sleep(0.01)
        with lock:
            running -= 1

    async def main() -> None:
        async with anyio.create_task_group() as group:
            for index in range(10):
                group.start_soon(admission.run, answer, index)

    anyio.run(main)
    assert most == 2
    assert admission.answering == 0 and admission.waiting == 0


def test_a_stream_holds_its_place_until_its_last_chunk() -> None:
    admission = AskAdmission(1)
    order: list[str] = []

    async def main() -> None:
        stream = admission.stream(iter(["a", "b", "c"]))
        order.append(await anext(stream))
        async with anyio.create_task_group() as group:
            group.start_soon(admission.run, order.append, "question")
            await anyio.sleep(0.05)
            assert admission.waiting == 1  # the question waits behind the open stream
            order.extend([chunk async for chunk in stream])

    anyio.run(main)
    assert order == ["a", "b", "c", "question"]


def test_a_failed_answer_gives_its_place_back() -> None:
    admission = AskAdmission(1)

    def fail(_: object) -> None:
        raise ValueError("bad question")

    async def main() -> str:
        with pytest.raises(ValueError, match="bad question"):
            await admission.run(fail, None)
        return await admission.run(str.upper, "next")

    assert anyio.run(main) == "NEXT"
    assert admission.answering == 0


def test_the_default_place_count_follows_the_mode() -> None:
    assert Settings(llm_url=None).asks_at_once == OFFLINE_ASK_CONCURRENCY
    assert Settings(llm_url="http://127.0.0.1:8000/v1").asks_at_once == LLM_ASK_CONCURRENCY
    assert Settings(llm_url=None, ask_concurrency=5).asks_at_once == 5
