"""How long the offline reader takes to read one question (no engine, no knowledge search).

Every question of the reader and goal evaluation sets (tuned and held-out, Russian and
English), read `--rounds` times after one warm-up pass; prints p50 / p95 / max per set.
Run: .venv/bin/python benchmarks/bench_reader.py [--rounds N]   (prints; asserts nothing)
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import yaml

from advisor.agent.offline.reader import Reader
from advisor.catalog.loader import load_catalog

DATA = Path(__file__).parent.parent / "tests" / "evals" / "data"
SETS = (
    "reader_questions",
    "reader_holdout",
    "reader_catalog2_holdout",
    "goal_questions",
    "goal_holdout",
)
# Hostile questions at the API's 4,000-character cap: long digit and blank runs, repeated
# names and units (patterns must stay linear in the length).
HOSTILE = {
    "4,000 digits": "1" * 4000,
    "digit, blanks, x": "1" + " " * 3998 + "x",
    "'1 ' x 2,000": "1 " * 2000,
    "'tensor parallel' + blanks": "tensor parallel" + " " * 3985,
    "repeated question": ("llama 70b на 4 4090 с --n-cpu-moe 3 tp 4 awq g32 " * 90)[:4000],
}


def questions(name: str) -> list[str]:
    cases = yaml.safe_load((DATA / f"{name}.yaml").read_text("utf-8"))["cases"]
    return [case["question"] for case in cases]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    reader = Reader(load_catalog())
    print(f"catalog + reader opened in {time.perf_counter() - start:.3f} s")
    every: list[float] = []
    for name in SETS:
        texts = questions(name)
        for text in texts:  # warm-up: caches, regex compilation
            reader.read(text)
        times = []
        for _ in range(args.rounds):
            for text in texts:
                begin = time.perf_counter()
                reader.read(text)
                times.append((time.perf_counter() - begin) * 1000)
        every += times
        print(_line(name, len(texts), times))
    print(_line("all", len(every) // args.rounds, every))
    for label, text in HOSTILE.items():
        begin = time.perf_counter()
        reader.read(text)
        print(f"hostile: {label:28} {(time.perf_counter() - begin) * 1000:8.2f} ms")


def _line(name: str, count: int, times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[18]
    return (
        f"{name:18} {count:4} questions  p50 {statistics.median(times):6.2f} ms  "
        f"p95 {p95:6.2f} ms  max {max(times):6.2f} ms"
    )


if __name__ == "__main__":
    main()
