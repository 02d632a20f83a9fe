"""The engine against measured public figures: prints the error per point and per
category, and fails where a gated category's median error is over its bound."""

from __future__ import annotations

import json
import statistics
from pathlib import Path
from typing import Any

import pytest
import yaml

from advisor.catalog import load_catalog
from advisor.sizing import SizingRequest, size
from advisor.sizing.engine import max_trainable_seq_len

HERE = Path(__file__).parent
GIB = 2**30
GATES = {"inference_memory": 0.10, "training_memory": 0.20, "decode": 0.30}
UNIT_BYTES = {"GB": 1e9, "GiB": GIB}


def _cases() -> list[dict[str, Any]]:
    return yaml.safe_load((HERE / "cases.yaml").read_text())["cases"]


def _points() -> dict[str, dict[str, Any]]:
    data = json.loads((HERE / "ground_truth_public.json").read_text())
    return {p["id"]: p for p in data["points"]}


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
    }
    if metric in gb_values:
        return gb_values[metric] * 1e9 / scale
    if metric == "kv_capacity_tokens":
        return float(report.memory.kv_cache_capacity_tokens)
    if metric == "fits":
        return 1.0 if report.fits else 0.0
    if metric == "per_user_tps":
        return report.performance.per_user_tokens_per_s
    if metric == "aggregate_tps":
        return report.performance.aggregate_tokens_per_s
    if metric == "ttft_ms":
        return report.performance.ttft_s * 1000
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
    lines.append(f"{'category':20} {'points':>6} {'median':>8} {'max':>8} {'gate':>6}")
    failures = []
    for category, errors in sorted(by_category.items()):
        median = statistics.median(errors)
        gate = GATES.get(category)
        lines.append(
            f"{category:20} {len(errors):6d} {median:8.1%} {max(errors):8.1%} "
            f"{(f'{gate:.0%}' if gate else '-'):>6}"
        )
        if gate is not None and median > gate:
            failures.append(f"{category}: median {median:.1%} > {gate:.0%}")
    with capsys.disabled():
        print("\n" + "\n".join(lines))
    assert not wrong_feasibility, f"feasibility wrong for {wrong_feasibility}"
    assert not failures, "; ".join(failures)
    assert set(GATES) <= set(by_category), "a gated category has no points"
