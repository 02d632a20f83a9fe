"""The recommendation search under hostile input: worst time and memory of one request.

Goals generated the way the fuzz tier does (tests/recommend/test_recommend_properties.py:
wrong types, huge and tiny numbers, unknown ids), plus hand-picked extremes (a million
users, 10^15 training tokens, unreachable latency targets, 1,024 owned GPUs), each run
through `recommend_deployment`: timed, then run again under tracemalloc for its memory
peak. Prints the worst cases; asserts nothing.
Run: .venv/bin/python benchmarks/bench_recommend_hostile.py [--examples N]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
import tracemalloc
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, given, settings

sys.path.insert(0, str(Path(__file__).parent.parent))
from advisor.catalog.loader import load_catalog  # noqa: E402
from advisor.errors import InputError  # noqa: E402
from advisor.recommend.search import MAX_SIZINGS  # noqa: E402
from advisor.services.recommendation import recommend_deployment  # noqa: E402
from tests.recommend.test_recommend_properties import hostile_goals  # noqa: E402

EXTREMES: list[dict[str, Any]] = [
    {"users": 1_000_000},
    {"headcount": 10_000_000, "use_case": "rag"},
    {"users": 1_000_000, "context": 10_000_000},
    {"users": 100_000, "tokens_per_s": 10_000, "ttft_s": 0.0001},
    {"budget_usd": 1, "users": 1_000_000},
    {"owned": "1024x h100-sxm", "users": 1_000_000, "context": 10_000_000},
    {"task": "full", "dataset_tokens": 10**15, "deadline_hours": 0.001},
    {"task": "lora", "dataset_tokens": 10**15, "deadline_hours": 100_000},
    {"task": "qlora", "dataset_tokens": 10**15, "language": "ru"},
    {"output_tokens": 999_999, "context": 1_000_000, "users": 1000},
]


def _searched(goal: dict[str, Any]) -> int:
    try:
        return recommend_deployment(goal, load_catalog()).searched
    except InputError:
        return -1


def run(goal: dict[str, Any], rows: list[tuple[float, float, int, str]]) -> None:
    """Timed without tracemalloc (it slows Python several times), then run again under it
    for the memory peak."""
    start = time.perf_counter()
    searched = _searched(goal)
    seconds = time.perf_counter() - start
    tracemalloc.start()
    _searched(goal)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    rows.append((seconds, peak / 1e6, searched, repr(goal)[:110]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--examples", type=int, default=200)
    args = parser.parse_args()
    recommend_deployment({"users": 5}, load_catalog())  # warm-up: catalog, caches
    rows: list[tuple[float, float, int, str]] = []
    for goal in EXTREMES:
        run(goal, rows)

    @settings(
        max_examples=args.examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        database=None,
    )
    @given(hostile_goals)
    def generated(goal: dict[str, Any]) -> None:
        run(goal, rows)

    generated()
    times = [r[0] for r in rows]
    refused = sum(1 for r in rows if r[2] < 0)
    print(f"{len(rows)} goals ({refused} refused with a field named), cap {MAX_SIZINGS} sizings")
    print(
        f"time   p50 {statistics.median(times) * 1000:7.0f} ms   "
        f"p95 {statistics.quantiles(times, n=20)[18] * 1000:7.0f} ms   max {max(times) * 1000:7.0f} ms"
    )
    print(f"memory peak max {max(r[1] for r in rows):.1f} MB (tracemalloc, one request)")
    print(f"sized  max {max(r[2] for r in rows)} configurations")
    print("slowest:")
    for seconds, mb, searched, goal in sorted(rows, reverse=True)[:5]:
        print(f"  {seconds * 1000:7.0f} ms {mb:6.1f} MB {searched:5} sized  {goal}")


if __name__ == "__main__":
    main()
