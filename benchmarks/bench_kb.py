"""Knowledge-base speed: a full build from scratch, an up-to-date rebuild check, and the
hybrid query latency p50/p95 over the labelled questions.

Run: .venv/bin/python benchmarks/bench_kb.py [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from knowledge.evaluation import load_questions  # noqa: E402
from knowledge.ingest import build_index  # noqa: E402
from knowledge.retrieval import MODES, KnowledgeBase  # noqa: E402

QUESTIONS = ROOT / "tests" / "evals" / "data" / "kb_questions.yaml"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=5, help="passes over the question set")
    args = parser.parse_args()
    questions = [q.question for q in load_questions(QUESTIONS)]
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp)
        started = time.perf_counter()
        report = build_index(data, progress=False, notify=lambda _m: None)
        full_build = time.perf_counter() - started
        started = time.perf_counter()
        build_index(data, progress=False, notify=lambda _m: None)
        noop_build = time.perf_counter() - started
        started = time.perf_counter()
        kb = KnowledgeBase.open(data, auto_build=False)
        kb.search("warm up", 1)
        open_s = time.perf_counter() - started
        print(f"documents {report.documents}, chunks {report.chunks}")
        print(
            f"full build {full_build:.1f} s; up-to-date check {noop_build * 1000:.0f} ms; "
            f"open + first query {open_s * 1000:.0f} ms"
        )
        for mode in MODES:
            timings = []
            for _ in range(args.rounds):
                for question in questions:
                    t0 = time.perf_counter()
                    kb.search(question, 5, mode=mode)
                    timings.append((time.perf_counter() - t0) * 1000)
            print(
                f"{mode:8s} k=5: p50 {statistics.median(timings):.1f} ms, "
                f"p95 {percentile(timings, 0.95):.1f} ms over {len(timings)} queries"
            )
        kb.close()


if __name__ == "__main__":
    main()
