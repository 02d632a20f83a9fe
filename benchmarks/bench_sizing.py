"""Speed of the sizing engine: one `size` call and a sweep of all GPUs x precisions.

Run: .venv/bin/python benchmarks/bench_sizing.py (prints figures; asserts nothing).
"""

from __future__ import annotations

import statistics
import time

from advisor.catalog import load_catalog
from advisor.sizing import SizingRequest, compare, size

PRECISIONS = ("bf16", "fp8", "int8", "int4", "nf4", "mxfp4", "q8_0", "q4_k_m")


def _timed(fn: object, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()  # type: ignore[operator]
        samples.append(time.perf_counter() - start)
    return samples


def _report(name: str, samples: list[float]) -> None:
    samples.sort()
    p50 = statistics.median(samples) * 1e3
    p95 = samples[int(0.95 * (len(samples) - 1))] * 1e3
    print(f"{name:44} p50 {p50:8.3f} ms   p95 {p95:8.3f} ms   (n={len(samples)})")


def main() -> None:
    catalog = load_catalog()
    requests = {
        "size: llama-3.1-70b inference, 20 users": SizingRequest(
            model="llama-3.1-70b", gpu="h100-sxm", users=20, context=8192
        ),
        "size: llama-3.1-8b qlora on rtx-4090": SizingRequest(
            model="llama-3.1-8b", task="qlora", gpu="rtx-4090"
        ),
        "size: deepseek-v3 fp8 on h200": SizingRequest(
            model="deepseek-v3", gpu="h200", precision="fp8"
        ),
    }
    for name, request in requests.items():
        size(request, catalog)  # warm caches
        _report(name, _timed(lambda r=request: size(r, catalog), 300))

    def sweep() -> None:
        for precision in PRECISIONS:
            compare(SizingRequest(model="llama-3.1-70b", precision=precision, users=10), catalog)

    sweep()
    samples = _timed(sweep, 20)
    _report(f"sweep: 18 GPUs x {len(PRECISIONS)} precisions (llama-3.1-70b)", samples)


if __name__ == "__main__":
    main()
