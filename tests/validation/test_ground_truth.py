"""The engine against measured public figures: prints the error per point and per
category, and fails where a category misses the bar, or where a category that does not
meet the bar yet falls below the floor it reached (a ratchet: see README.md)."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
import yaml

from advisor.catalog import load_catalog
from advisor.catalog.loader import Catalog
from advisor.sizing import SizingRequest, size
from advisor.sizing.engine import max_trainable_seq_len, resolve
from advisor.sizing.kv_cache import kv_bytes_per_token

HERE = Path(__file__).parent
GIB = 2**30
# The bar (issue 14): per category, the median error and the share of points within
# tolerance. Memory-like figures (bytes, tokens that fit): median <= 10%, >= 85% within 15%;
# speed figures: median <= 20%, >= 85% within 35%. Feasibility must be right every time.
MEMORY_GATE = (0.10, 0.15, 0.85)
SPEED_GATE = (0.20, 0.35, 0.85)
KIND = {
    "inference_memory": MEMORY_GATE,
    "tp_memory": MEMORY_GATE,
    "training_memory": MEMORY_GATE,
    "max_context": MEMORY_GATE,
    "weights_size": MEMORY_GATE,
    "decode": SPEED_GATE,
    "moe_offload_decode": SPEED_GATE,
    "moe_decode": SPEED_GATE,
    "cpu_decode": SPEED_GATE,
    "serving_itl": SPEED_GATE,
    "serving_ttft": SPEED_GATE,
    "serving_throughput": SPEED_GATE,
    "training_throughput": SPEED_GATE,
}
# Categories that do not meet the bar yet, with the (median, share within tolerance) they
# reached on 2026-12-05 (after the blind serving collection SRN01-SRN14) as floors they must
# not fall below, and why (README.md has more).
# A category leaves this table once it meets the bar; the test says when that happens.
GAPS: dict[str, tuple[float, float, str]] = {
    "serving_ttft": (
        0.30,
        0.54,
        "arrivals the sources do not describe (steady when unknown), FP8 prefill slower than "
        "the A100 fp16 efficiency, front-end costs; SGLang's experimental R1 runs are anomalous",
    ),
    "cpu_decode": (
        0.16,
        0.66,
        "one DRAM share for every server CPU: the Xeon 6980P reaches 34-40% of its bandwidth in "
        "llama.cpp where EPYCs reach 56-65% (2026-12-06: six points on three CPUs)",
    ),
    "serving_throughput": (
        0.17,
        0.77,
        "older NIM's inter-token latency at 1-4 requests is about twice the engine's; "
        "ML.ENERGY's B200 and gpt-oss TP 8 rows; SGLang's experimental R1 runs (raised from "
        "20% / 68% on 2026-12-07 by the per-MoE-layer term)",
    ),
    "moe_decode": (
        0.16,
        0.61,
        "one per-MoE-layer time for every engine release: DeepSeek on early-2025 SGLang, on "
        "MI300X or across two nodes runs 2-4x slower than the median, gpt-oss on SGLang's B200 "
        "kernels twice as fast (2026-12-07: 18 points, 5 models, 6 GPUs)",
    ),
}
UNIT_BYTES = {"GB": 1e9, "GiB": GIB, "MB": 1e6, "MiB": 2**20}


def _cases() -> list[dict[str, Any]]:
    """Every case file: cases.yaml (the first 24 points) and cases_<category group>.yaml."""
    cases: list[dict[str, Any]] = []
    for path in sorted(HERE.glob("cases*.yaml")):
        cases += yaml.safe_load(path.read_text())["cases"]
    return cases


def _points() -> dict[str, dict[str, Any]]:
    data = json.loads((HERE / "ground_truth_public.json").read_text())
    return {p["id"]: p for p in data["points"]}


def _benchmark_output_rate(request: SizingRequest, prompts: int, catalog: Catalog) -> float:
    """Output tokens / duration of a benchmark that sends a fixed number of fixed-length
    requests under a concurrency cap (`vllm bench serve --dataset-name random --ignore-eos
    --num-prompts P --max-concurrency C`): they run in waves of C, the last wave with what
    is left, so the duration counts a nearly idle tail the steady state does not have.
    Each wave lasts one request's time at its concurrency, from the engine's own figures
    (the few prefills' stagger between waves is left out)."""
    output = request.tokens_generated
    full, rest = divmod(prompts, request.users)

    def wave_s(users: int) -> float:
        performance = size(request.model_copy(update={"users": users}), catalog).performance
        return performance.ttft_s + (output - 1) * performance.inter_token_latency_ms / 1000

    duration = full * wave_s(request.users) + (wave_s(rest) if rest else 0.0)
    return prompts * output / duration


def predict(case: dict[str, Any]) -> float:
    """The engine's figure for a case, in the case's unit."""
    catalog = load_catalog()
    request = SizingRequest(**case["request"])
    metric = case["metric"]
    if metric == "max_seq_len":
        return float(max_trainable_seq_len(request, catalog))
    report = size(request, catalog)
    scale = UNIT_BYTES.get(case["unit"], 1.0)
    breakdown = report.memory.breakdown_gb
    gb_values = {
        "weights_total": report.memory.breakdown_gb.weights * report.gpu.count,
        "weights_per_gpu": breakdown.weights,
        "activations": breakdown.activations,
        "kv_cache": breakdown.kv_cache,
        "per_gpu": report.memory.per_gpu_gb,
        # PEFT (TorchTracemalloc) and torchtune report torch.cuda.max_memory_allocated:
        # live tensors, without the CUDA context and allocator slack counted as overhead.
        "torch_allocated": report.memory.per_gpu_gb - breakdown.overhead,
        "host_offload": report.memory.host_offload_gb,
    }
    if metric in gb_values:
        return gb_values[metric] * 1e9 / scale
    if metric == "kv_cache_gib_per_gpu":
        inputs = resolve(request, catalog)
        per_token = kv_bytes_per_token(
            inputs.model.architecture, inputs.kv_bytes, report.gpu.tensor_parallel
        )
        return report.memory.kv_cache_capacity_tokens * per_token / GIB
    if metric == "overhead_gib":
        return breakdown.overhead * 1e9 / GIB
    if metric == "kv_capacity_tokens":
        return float(report.memory.kv_cache_capacity_tokens)
    if metric == "fits":
        return 1.0 if report.fits else 0.0
    if metric == "per_user_tps":
        return report.performance.per_user_tokens_per_s
    if metric == "aggregate_tps" and "num_prompts" in case:
        return _benchmark_output_rate(request, case["num_prompts"], catalog)
    if metric == "aggregate_tps":
        return report.performance.aggregate_tokens_per_s
    if metric == "itl_ms":
        return report.performance.inter_token_latency_ms
    if metric == "ttft_ms":
        return report.performance.ttft_s * 1000
    if metric == "burst_ttft_ms":  # identical requests in a closed loop: waves in step
        return report.performance.burst_ttft_s * 1000
    if metric == "training_tps":
        assert report.training is not None
        return report.training.tokens_per_s
    raise AssertionError(f"unknown metric {metric}")


def test_every_case_names_a_published_point() -> None:
    points = _points()
    for case in _cases():
        assert case["point"] in points, case["id"]
        assert points[case["point"]]["source"], case["point"]


def test_ground_truth_errors(capsys: pytest.CaptureFixture[str]) -> None:
    by_category: dict[str, list[float]] = {}
    wrong_feasibility = []
    lines = [f"{'case':18} {'category':20} {'measured':>10} {'engine':>10} {'error':>8}"]
    for case in _cases():
        predicted = predict(case)
        measured = float(case["value"])
        if case["category"] == "feasibility":
            ok = predicted == measured
            lines.append(
                f"{case['id']:18} feasibility          {measured:10.0f} {predicted:10.0f} {'ok' if ok else 'WRONG':>8}"
            )
            if not ok:
                wrong_feasibility.append(case["id"])
            continue
        error = abs(predicted - measured) / measured
        by_category.setdefault(case["category"], []).append(error)
        signed = (predicted - measured) / measured
        lines.append(
            f"{case['id']:18} {case['category']:20} {measured:10.2f} {predicted:10.2f} {signed:+8.1%}"
        )
    lines.append("")
    lines.append(
        f"{'category':20} {'points':>6} {'median':>8} {'max':>8} {'within':>7} {'held to':>18}"
    )
    failures = []
    for category, errors in sorted(by_category.items()):
        median = statistics.median(errors)
        bound, tolerance, share = KIND[category]
        within = sum(error <= tolerance for error in errors) / len(errors)
        meets = median <= bound and within >= share
        if category in GAPS:
            bound, share, _ = GAPS[category]
            held = f"floor {bound:.0%} / {share:.0%}"
            if meets:
                failures.append(f"{category} now meets the bar: remove it from GAPS")
        else:
            held = f"bar {bound:.0%} / {share:.0%}<{tolerance:.0%}"
        lines.append(
            f"{category:20} {len(errors):6d} {median:8.1%} {max(errors):8.1%} {within:7.0%} {held:>18}"
        )
        if median > bound:
            failures.append(f"{category}: median {median:.1%} > {bound:.0%}")
        if within < share:
            failures.append(f"{category}: {within:.0%} within {tolerance:.0%} < {share:.0%}")
    lines += ["", *_held_out_lines()]
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert not wrong_feasibility, f"feasibility wrong for {wrong_feasibility}"
    assert not failures, "; ".join(failures)
    assert set(KIND) <= set(by_category), "a category has no points"


def _held_out_lines() -> list[str]:
    """Points measured after the engine's predictions for them were committed (`predicted`):
    the error then, the out-of-sample test, beside the engine's error now."""
    held = [c for c in _cases() if "predicted" in c]
    lines = [
        f"{'held out':24} {'measured':>10} {'before':>10} {'error':>8} {'now':>10} {'error':>8}"
    ]
    before_errors: dict[str, list[float]] = {}
    now_errors: dict[str, list[float]] = {}
    for case in held:
        measured, before, now = float(case["value"]), float(case["predicted"]), predict(case)
        before_errors.setdefault(case["category"], []).append(abs(before - measured) / measured)
        now_errors.setdefault(case["category"], []).append(abs(now - measured) / measured)
        lines.append(
            f"{case['id']:24} {measured:10.2f} {before:10.2f} {(before - measured) / measured:+8.1%}"
            f" {now:10.2f} {(now - measured) / measured:+8.1%}"
        )
    for category, errors in sorted(before_errors.items()):
        lines.append(
            f"held-out {category}: median error {statistics.median(errors):.1%} as predicted, "
            f"{statistics.median(now_errors[category]):.1%} now ({len(errors)} points)"
        )
    return lines


# Loaded TTFT points whose arrivals the source does not describe (metric ttft_ms, more than
# one request decoding) that fall between the engine's two arrival models, and the count they
# reached on 2026-12-05, a floor like GAPS's. It was 10 of 15 with the earlier burst formula
# (each prompt waiting for the whole prefill of those ahead of it); packing prompts into engine
# steps, which read the weights once for several prompts, put SGLang's experimental R1 rows
# SRV09/SRV10 (TTFT 330-430 ms from 8 to 64 clients) above it; SRV38/50/51 became burst cases.
TTFT_BRACKETED_FLOOR = 8


def test_loaded_ttft_lies_between_independent_and_simultaneous_arrivals(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A benchmark's TTFT under load depends on how its requests arrive, which the published
    tables don't say: independent arrivals (the engine's ttft_s) are the low end; all the
    clients sending at once (burst_ttft_s; a closed loop of identical requests stays in step)
    the high end. Points above the burst figure carry costs the engine leaves out (the API
    server, tokenisation, the client)."""
    catalog = load_catalog()
    rows, inside = [], 0
    loaded = [c for c in _cases() if c["metric"] == "ttft_ms" and c["request"].get("users", 1) > 1]
    for case in loaded:
        performance = size(SizingRequest(**case["request"]), catalog).performance
        low, high = performance.ttft_s * 1000, performance.burst_ttft_s * 1000
        measured = float(case["value"])
        verdict = "inside" if low <= measured <= high else "above" if measured > high else "below"
        inside += verdict == "inside"
        rows.append(f"{case['id']:14} {measured:10.1f} {low:10.1f} {high:10.1f} {verdict:>8}")
    with capsys.disabled():
        print(f"\n{'case':14} {'measured':>10} {'steady':>10} {'burst':>10}")
        print("\n".join(rows))
        print(f"loaded TTFT between steady and burst arrivals: {inside} of {len(loaded)}")
    assert inside >= TTFT_BRACKETED_FLOOR
