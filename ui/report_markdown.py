"""The sizing report as a Markdown document, for staff to paste into a quote or a ticket."""

from __future__ import annotations

import json
import shlex
from typing import Any

from advisor.sizing.report import SizingReport
from advisor.sizing.request import SizingRequest


def _row(*cells: Any) -> str:
    return "| " + " | ".join(str(c) for c in cells) + " |"


def report_markdown(request: SizingRequest, report: SizingReport) -> str:
    gpu, memory, perf, server = report.gpu, report.memory, report.performance, report.server
    verdict = "fits" if report.fits else f"does NOT fit ({report.binding_constraint})"
    lines = [
        f"# GPU sizing: {report.model} ({report.task})",
        "",
        f"**{gpu.count} x {gpu.name}** — TP {gpu.tensor_parallel} x PP "
        f"{gpu.pipeline_parallel}, {gpu.replicas} replica(s); {verdict}; tier {report.tier}.",
        "",
        f"{gpu.layout_note}",
        "",
        "## Request",
        "",
        "```json",
        json.dumps(request.model_dump(mode="json"), ensure_ascii=False, indent=2, sort_keys=True),
        "```",
        "",
        "## Memory per GPU (GB)",
        "",
        _row("part", "GB"),
        _row("---", "---:"),
    ]
    for name, value in memory.breakdown_gb.model_dump().items():
        lines.append(_row(name.replace("_", " "), f"{value:.2f}"))
    lines += [
        _row(
            "**total per GPU**",
            f"**{memory.per_gpu_gb:.2f}** of {memory.usable_per_gpu_gb:.2f} usable",
        ),
        _row("all GPUs", f"{memory.total_gb:.1f}"),
        "",
        f"KV cache: {memory.kv_cache_capacity_tokens:,} tokens per replica, "
        f"{memory.kv_bytes_per_token:,.0f} bytes per token.",
        "",
        "## Performance",
        "",
        _row("metric", "value"),
        _row("---", "---:"),
        _row("tokens/s per user", perf.per_user_tokens_per_s),
        _row("tokens/s aggregate", perf.aggregate_tokens_per_s),
        _row("time to first token, s", perf.ttft_s),
        _row("max concurrent users", perf.max_concurrent_users),
        _row("decode bound", perf.decode_bound),
    ]
    training = report.training
    if training is not None:
        lines += [
            "",
            "## Training",
            "",
            f"{training.tokens_per_s:,.0f} tokens/s, {training.hours:.1f} h for "
            f"{training.dataset_tokens:,} tokens x {training.epochs} epoch(s); "
            f"{training.trainable_params:,} trainable parameters.",
        ]
    lines += [
        "",
        "## Server",
        "",
        f"- System RAM: {server.system_ram_gb} GB; NVMe: {server.nvme_tb} TB; "
        f"PCIe lanes: {server.pcie_lanes}; power: {server.power_w} W",
        f"- {server.cpu_note}",
        f"- {server.cooling_note}",
    ]
    if report.serving_plan is not None:
        command = "vllm serve " + shlex.join(report.serving_plan.args())
        lines += ["", "## vLLM", "", "```bash", command, "```"]
    for title, items in (
        ("Assumptions", report.assumptions),
        ("Formulas", report.formulas),
        ("Warnings", report.warnings),
    ):
        if items:
            lines += ["", f"## {title}", ""] + [f"- {item}" for item in items]
    return "\n".join(lines) + "\n"
