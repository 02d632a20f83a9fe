"""Speed of `recommend` over the whole catalog, and of `size()` beside llm-analysis 0.2.2.

Run: make bench (or .venv/bin/python benchmarks/bench_recommend.py after
`pip install --no-deps --target build/bench -r benchmarks/requirements.txt`).
Prints figures; asserts nothing. The llm-analysis side is skipped, with a line saying so,
when build/bench is missing.
"""

from __future__ import annotations

import logging
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

from advisor.catalog import load_catalog
from advisor.recommend import RecommendRequest, recommend
from advisor.sizing import SizingRequest, size

BENCH_LIBS = Path(__file__).resolve().parent.parent / "build" / "bench"

GOALS = {
    "rag, 200 staff, ru": RecommendRequest(use_case="rag", headcount=200, language="ru"),
    "chat, 30 users on 4x a100-40gb": RecommendRequest(owned="4x a100-40gb", users=30),  # type: ignore[arg-type]
    "llama-3.3-70b, 10 users": RecommendRequest(model="llama-3.3-70b", users=10),
    "code, 25 users, $40k": RecommendRequest(use_case="code", users=25, budget_usd=40_000),
    "support, 2,000 staff": RecommendRequest(use_case="support", headcount=2_000),
    "agents, 300 users, en": RecommendRequest(use_case="agents", users=300, language="en"),
    "lora, rag, ru": RecommendRequest(task="lora", use_case="rag", language="ru"),
    "chat, 5 tok/s impossible": RecommendRequest(users=10, tokens_per_s=5_000),
}


def _timed(fn: Callable[[], object], repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        samples.append(time.perf_counter() - start)
    return sorted(samples)


def _line(name: str, samples: list[float], extra: str = "") -> None:
    p50 = statistics.median(samples) * 1e3
    p95 = samples[int(0.95 * (len(samples) - 1))] * 1e3
    print(f"{name:40} p50 {p50:8.3f} ms   p95 {p95:8.3f} ms   (n={len(samples)}) {extra}")


def bench_recommend() -> None:
    catalog = load_catalog()
    every: list[float] = []
    for name, goal in GOALS.items():
        result = recommend(goal, catalog)  # warm caches
        samples = _timed(lambda g=goal: recommend(g, catalog), 10)
        every += samples
        _line(f"recommend: {name}", samples, f"searched {result.searched}")
    _line("recommend: all goals", sorted(every))


def _llm_analysis() -> Callable[[], object] | None:
    if not BENCH_LIBS.is_dir():
        return None
    sys.path.append(str(BENCH_LIBS))
    from llm_analysis.analysis import LLMAnalysis
    from llm_analysis.config import (
        ModelConfig,
        ParallelismConfig,
        get_dtype_config_by_name,
        get_gpu_config_by_name,
    )

    logging.getLogger("llm_analysis").setLevel(logging.ERROR)
    arch = load_catalog().models["llama-3-70b"].architecture
    model = ModelConfig(
        name="llama-3-70b",
        num_layers=arch.num_layers,
        n_head=arch.num_attention_heads,
        hidden_dim=arch.hidden_size,
        vocab_size=arch.vocab_size,
        max_seq_len=arch.max_position_embeddings,
        num_key_value_heads=arch.num_kv_heads,
        ffn_embed_dim=arch.intermediate_size,
        expansion_ratio=arch.intermediate_size / arch.hidden_size,
        model_type="llama",
    )
    analysis = LLMAnalysis(
        model,
        get_gpu_config_by_name("h100-sxm-80gb"),
        dtype_config=get_dtype_config_by_name("w16a16e16"),
        parallelism_config=ParallelismConfig(tp_size=2),
    )
    # 8 users on 2 GPUs: llm-analysis sizes a batch per GPU; 8k context = 6k in + 2k out.
    return lambda: analysis.inference(
        batch_size_per_gpu=4, seq_len=6_144, num_tokens_to_generate=2_048
    )


def bench_size_beside_llm_analysis() -> None:
    catalog = load_catalog()
    request = SizingRequest(
        model="llama-3-70b", gpu="h100-sxm", gpus=2, users=8, context=8_192, output_tokens=2_048
    )
    size(request, catalog)
    ours = _timed(lambda: size(request, catalog), 300)
    theirs_fn = _llm_analysis()
    if theirs_fn is None:
        print("llm-analysis: not installed in build/bench (make bench installs it); skipped")
        _line("size(): llama-3-70b, 2x h100-sxm, 8 users", ours)
        return
    theirs_fn()
    # Interleave the two so machine noise hits both alike.
    ours, theirs = [], []
    for _ in range(10):
        ours += _timed(lambda: size(request, catalog), 30)
        theirs += _timed(theirs_fn, 30)
    _line("size(): llama-3-70b, 2x h100-sxm, 8 users", sorted(ours))
    _line("llm-analysis 0.2.2 inference(): same", sorted(theirs))
    ratio = statistics.median(ours) / statistics.median(theirs)
    print(f"size() / llm-analysis (median): {ratio:.2f}")


if __name__ == "__main__":
    bench_recommend()
    bench_size_beside_llm_analysis()
