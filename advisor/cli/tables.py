"""Plain-text rendering of reports for a terminal (no colour codes, pipes stay clean)."""

from __future__ import annotations

from collections.abc import Sequence

from advisor.sizing.report import Comparison, SizingReport


def _table(rows: Sequence[tuple[str, ...]]) -> str:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = []
    for index, row in enumerate(rows):
        lines.append("  ".join(cell.ljust(widths[i]) for i, cell in enumerate(row)).rstrip())
        if index == 0:
            lines.append("  ".join("-" * w for w in widths))
    return "\n".join(lines) + "\n"


def render_report(report: SizingReport) -> str:
    """The whole report for a terminal: memory per GPU, the inference or training
    figures, the server, then warnings (!), assumptions (-) and formulas (=)."""
    g, m, p, s = report.gpu, report.memory, report.performance, report.server
    verdict = "fits" if report.fits else "DOES NOT FIT"
    out = [
        f"{report.model} · {report.task} · {report.precision} on {g.count} x {g.name} "
        f"(TP {g.tensor_parallel} x PP {g.pipeline_parallel}, {g.replicas} replica(s)) — {verdict}, "
        f"binding: {report.binding_constraint}; tier {report.tier}",
        f"{g.layout_note}",
        "",
    ]
    b = m.breakdown_gb
    rows = [("memory per GPU", "GB")]
    for name, value in b.model_dump().items():
        rows.append((name.replace("_", " "), f"{value:.2f}"))
    rows.append(("total per GPU", f"{m.per_gpu_gb:.2f} of {m.usable_per_gpu_gb:.2f} usable"))
    rows.append(("all GPUs", f"{m.total_gb:.1f}"))
    out.append(_table(rows))
    if report.training is None:
        out.append(
            _table(
                [
                    ("inference", "value"),
                    ("KV cache capacity", f"{m.kv_cache_capacity_tokens:,} tokens"),
                    (
                        "max concurrent users",
                        f"{p.max_concurrent_users:,} at {report.context:,} tokens",
                    ),
                    ("decode per user", f"{p.per_user_tokens_per_s:.1f} tok/s ({p.decode_bound})"),
                    ("decode aggregate", f"{p.aggregate_tokens_per_s:,.0f} tok/s"),
                    ("time to first token", f"{p.ttft_s:.3f} s"),
                    ("prefill", f"{p.prefill_tokens_per_s:,.0f} tok/s"),
                ]
            )
        )
        curve = [
            (
                "concurrent",
                "tok/s each",
                "ITL ms",
                "TTFT s",
                "queued s",
                "TTFT s, all at once",
                "tok/s in all",
            )
        ]
        for level in p.load_curve:
            curve.append(
                (
                    f"{level.concurrency:,}",
                    f"{level.per_user_tokens_per_s:.1f}",
                    f"{level.inter_token_latency_ms:.1f}",
                    f"{level.ttft_s:.2f}",
                    f"{level.queue_s:.2f}",
                    f"{level.burst_ttft_s:.2f}",
                    f"{level.aggregate_tokens_per_s:,.0f}",
                )
            )
        out.append(_table(curve))
        job = report.batch_job
        if job is not None:
            out.append(
                _table(
                    [
                        ("batch job", "value"),
                        (
                            "requests",
                            f"{job.items:,} ({job.prompt_tokens} in, {job.output_tokens} out)",
                        ),
                        ("in flight", f"{job.concurrency:,}"),
                        (
                            "output",
                            f"{job.aggregate_tokens_per_s:,.0f} tok/s, {job.requests_per_s:.3g} req/s",
                        ),
                        ("wall clock", f"{job.hours:.2f} h ({job.gpu_hours:,.1f} GPU-hours)"),
                    ]
                )
            )
    else:
        t = report.training
        out.append(
            _table(
                [
                    ("training", "value"),
                    ("trainable parameters", f"{t.trainable_params:,}"),
                    ("throughput", f"{t.tokens_per_s:,.0f} tok/s"),
                    (
                        "wall clock",
                        f"{t.hours:.2f} h for {t.dataset_tokens:,} tokens x {t.epochs:g}",
                    ),
                ]
            )
        )
    out.append(
        _table(
            [
                ("server", "value"),
                ("system RAM", f"{s.system_ram_gb} GB"),
                ("NVMe", f"{s.nvme_tb:g} TB"),
                ("PCIe lanes", f"{s.pcie_lanes} ({s.cpu_note})"),
                ("power", f"{s.power_w} W"),
                ("cooling", s.cooling_note),
            ]
        )
    )
    if report.stages:
        out.append(
            "Path: " + " -> ".join(f"{st.name}: {st.count} x {st.gpu}" for st in report.stages)
        )
    if report.serving_plan is not None:
        out.append("vLLM: " + report.serving_plan.command())
    out.append("")
    out += [f"! {w}" for w in report.warnings]
    out += [f"- {a}" for a in report.assumptions]
    out += [f"= {f}" for f in report.formulas]
    return "\n".join(out) + "\n"


def render_comparison(comparison: Comparison) -> str:
    """One row per GPU with the figures a buyer compares, then the engine's assumptions."""
    rows = [
        (
            "gpu",
            "class",
            "fits",
            "count",
            "TP x PP",
            "VRAM GB",
            "power W",
            "price $",
            "tok/s/user",
            "users",
        )
    ]
    for r in comparison.rows:
        rows.append(
            (
                r.gpu,
                r.gpu_class,
                "yes" if r.fits else "no",
                str(r.count),
                f"{r.tensor_parallel} x {r.pipeline_parallel}",
                f"{r.total_vram_gb:g}",
                str(r.power_w),
                f"{r.price_total_usd:,.0f}" if r.price_total_usd else "-",
                f"{r.per_user_tokens_per_s:.1f}",
                str(r.max_concurrent_users),
            )
        )
    header = f"{comparison.model} · {comparison.task} · {comparison.precision}\n"
    return header + _table(rows) + "".join(f"- {a}\n" for a in comparison.assumptions)
