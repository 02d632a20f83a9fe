"""Offline answer latency over the labelled `advisor ask` questions (p50 / p95).

Each question goes through `AdvisorService.ask` in offline mode (reading, engine, compare
where asked, knowledge-base search, rendering), conversations turn by turn as in the
evaluation. The one-off opening of the catalog and the knowledge base is timed apart.

Run: .venv/bin/python benchmarks/bench_offline.py [--data-dir DIR] [--rounds N]
(prints figures; asserts nothing; the knowledge base is built under DIR if missing).
"""

from __future__ import annotations

import argparse
import statistics
import time
import uuid
from collections import defaultdict
from pathlib import Path
from typing import Any

import yaml

from advisor.agent.service import AdvisorService
from advisor.config import Settings
from advisor.services.protocol import AskRequest

QUESTIONS = Path(__file__).parent.parent / "tests" / "evals" / "data" / "ask_questions.yaml"


def _conversations() -> list[list[str]]:
    cases: list[dict[str, Any]] = yaml.safe_load(QUESTIONS.read_text("utf-8"))["cases"]
    return [[turn["question"] for turn in case.get("turns") or [case]] for case in cases]


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[round(share * (len(ordered) - 1))]


def _run(service: AdvisorService, rounds: int, label: str) -> None:
    by_intent: dict[str, list[float]] = defaultdict(list)
    samples: list[float] = []
    for _ in range(rounds):
        for turns in _conversations():
            conversation = uuid.uuid4().hex
            for question in turns:
                begin = time.perf_counter()
                response = service.ask(AskRequest(question=question, conversation_id=conversation))
                elapsed = (time.perf_counter() - begin) * 1e3
                samples.append(elapsed)
                kind = "sizing" if response.sizing is not None else "no sizing"
                by_intent[kind].append(elapsed)
    print(f"offline answers, {label}: n={len(samples)} ({rounds} rounds)")
    print(
        f"  all        p50 {statistics.median(samples):7.1f} ms   "
        f"p95 {_percentile(samples, 0.95):7.1f} ms   max {max(samples):7.1f} ms"
    )
    for kind, values in sorted(by_intent.items()):
        print(
            f"  {kind:10} p50 {statistics.median(values):7.1f} ms   "
            f"p95 {_percentile(values, 0.95):7.1f} ms   (n={len(values)})"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data-dir", type=Path, default=None)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    settings = Settings(**({"data_dir": args.data_dir} if args.data_dir else {}))

    service = AdvisorService(settings)
    start = time.perf_counter()
    service.warm_up()
    print(f"open catalog + reader + knowledge base (one-off): {time.perf_counter() - start:.2f} s")
    service.ask(AskRequest(question="warm-up: llama 3.1 8b"))  # first embedder call
    _run(service, args.rounds, "with knowledge search")
    service.close()
    _run(AdvisorService(settings, use_knowledge=False), args.rounds, "without knowledge search")


if __name__ == "__main__":
    main()
