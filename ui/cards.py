"""The sizing card beside each answer: headline, memory chart per GPU, GPU comparison.

Plain HTML and inline SVG-free CSS bars: no plotting library to load, readable by
screen readers (every segment carries its figure), and stable for browser tests.
"""

from __future__ import annotations

import html
from typing import Any, Literal

from advisor.messages import M, render
from advisor.sizing.report import Comparison, SizingReport

Lang = Literal["ru", "en"]

SEGMENTS: tuple[tuple[str, M, str], ...] = (
    ("weights", M.PART_WEIGHTS, "#4f46e5"),
    ("kv_cache", M.PART_KV_CACHE, "#0ea5e9"),
    ("activations", M.PART_ACTIVATIONS, "#f59e0b"),
    ("gradients", M.PART_GRADIENTS, "#10b981"),
    ("optimizer", M.PART_OPTIMIZER, "#ef4444"),
    ("overhead", M.PART_OVERHEAD_SHORT, "#a1a1aa"),
)
MAX_BARS = 8
COMPARE_ROWS = 8


def t(code: M, lang: Lang, **params: Any) -> str:
    return render(code, lang, **params)


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def empty_card() -> str:
    return (
        '<div class="sizing-card sizing-empty">'
        f"<p>{_e(t(M.CARD_EMPTY, 'ru'))}<br>{_e(t(M.CARD_EMPTY, 'en'))}</p></div>"
    )


def memory_chart(report: SizingReport, lang: Lang) -> str:
    """One stacked bar per GPU; the full width is the GPU's capacity."""
    memory = report.memory
    capacity = float(memory.capacity_per_gpu_gb) or 1.0
    breakdown: dict[str, float] = memory.breakdown_gb.model_dump()
    count = report.gpu.count
    segments = []
    for key, label, colour in SEGMENTS:
        value = float(breakdown.get(key, 0.0))
        if value <= 0:
            continue
        name = t(label, lang)
        width = min(100.0, 100.0 * value / capacity)
        segments.append(
            f'<span class="seg seg-{key}" style="width:{width:.2f}%;background:{colour}" '
            f'title="{_e(name)}: {value:.1f} GB" data-segment="{key}" data-gb="{value:.3f}"></span>'
        )
    usable_at = min(100.0, 100.0 * memory.usable_per_gpu_gb / capacity)
    marker = (
        f'<span class="usable-mark" style="left:{usable_at:.2f}%" '
        f'title="{_e(t(M.CARD_USABLE, lang))}: {memory.usable_per_gpu_gb:.1f} GB"></span>'
    )
    bars = []
    for index in range(1, min(count, MAX_BARS) + 1):
        bars.append(
            f'<div class="bar-row" data-gpu-index="{index}"><span class="bar-label">GPU {index}'
            f'</span><span class="bar">{"".join(segments)}{marker}</span>'
            f'<span class="bar-total">{memory.per_gpu_gb:.1f} / {capacity:.0f}</span></div>'
        )
    if count > MAX_BARS:
        bars.append(f'<div class="bar-more">{_e(t(M.CARD_MORE, lang, n=count - MAX_BARS))}</div>')
    legend = "".join(
        f'<span class="legend-item"><i style="background:{colour}"></i>'
        f"{_e(t(label, lang))} {float(breakdown.get(key, 0.0)):.1f}</span>"
        for key, label, colour in SEGMENTS
        if float(breakdown.get(key, 0.0)) > 0
    )
    return (
        f'<div class="memory-chart" role="img" aria-label="{_e(t(M.CARD_MEMORY, lang))}">'
        f'<div class="chart-title">{_e(t(M.CARD_MEMORY, lang))}</div>{"".join(bars)}'
        f'<div class="legend">{legend}</div></div>'
    )


def comparison_table(comparison: Comparison, chosen_gpu: str, lang: Lang) -> str:
    rows = []
    for row in comparison.rows[:COMPARE_ROWS]:
        mark = "✓" if row.fits else "✗"
        chosen = ' class="chosen"' if row.gpu == chosen_gpu else ""
        rows.append(
            f'<tr{chosen} data-gpu="{_e(row.gpu)}"><td>{_e(row.name)}</td>'
            f"<td>{mark}</td><td>{row.count}</td><td>{row.total_vram_gb:.0f}</td>"
            f"<td>{row.per_user_tokens_per_s:.1f}</td><td>{_e(row.price_band_i18n.render(lang))}</td></tr>"
        )
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in (
            t(M.CARD_GPU, lang),
            "✓",
            t(M.CARD_COUNT, lang),
            t(M.CARD_VRAM, lang),
            t(M.CARD_SPEED, lang),
            t(M.CARD_PRICE, lang),
        )
    )
    return (
        f'<div class="compare"><div class="chart-title">{_e(t(M.CARD_COMPARE, lang))}</div>'
        f'<table class="compare-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def sizing_card(report: SizingReport, comparison: Comparison | None, lang: Lang) -> str:
    gpu, memory, perf, server = report.gpu, report.memory, report.performance, report.server
    verdict = t(M.CARD_FITS, lang) if report.fits else t(M.CARD_NO_FIT, lang)
    headline = (
        f'<div class="headline"><span class="gpu-count" data-gpu-count="{gpu.count}">'
        f"{gpu.count} × {_e(gpu.name)}</span>"
        f'<span class="verdict {"ok" if report.fits else "bad"}">{_e(verdict)}</span></div>'
        f'<div class="facts">{_e(report.model)} · {_e(report.task)} · '
        f"{_e(report.precision)} · TP {gpu.tensor_parallel} × PP {gpu.pipeline_parallel}"
        f" · {memory.per_gpu_gb:.1f} {_e(t(M.CARD_OF, lang))} {memory.capacity_per_gpu_gb:.0f} "
        f"{_e(t(M.CARD_PER_GPU, lang))}<br>{perf.max_concurrent_users} {_e(t(M.CARD_USERS, lang))} · "
        f"{perf.per_user_tokens_per_s:.1f} {_e(t(M.CARD_SPEED, lang))} · "
        f"{_e(t(M.CARD_SERVER, lang))}: {_e(t(M.CARD_RAM, lang))} {server.system_ram_gb} GB, "
        f"{_e(t(M.CARD_POWER, lang))} {server.power_w} W</div>"
    )
    table = comparison_table(comparison, gpu.id, lang) if comparison else ""
    return f'<div class="sizing-card">{headline}{memory_chart(report, lang)}{table}</div>'


CARD_CSS = """
.sizing-card{font-size:14px;line-height:1.4}
.sizing-card .headline{display:flex;gap:10px;align-items:baseline;flex-wrap:wrap}
.sizing-card .gpu-count{font-size:22px;font-weight:700}
.sizing-card .verdict{padding:1px 8px;border-radius:10px;font-size:12px}
.sizing-card .verdict.ok{background:#dcfce7;color:#166534}
.sizing-card .verdict.bad{background:#fee2e2;color:#991b1b}
.sizing-card .facts{color:#52525b;margin:4px 0 10px}
.sizing-card .chart-title{font-weight:600;margin:8px 0 4px}
.sizing-card .bar-row{display:flex;align-items:center;gap:8px;margin:3px 0}
.sizing-card .bar-label{width:48px;font-size:12px;color:#52525b}
.sizing-card .bar{position:relative;flex:1;height:16px;background:#f4f4f5;border-radius:4px;
overflow:hidden;display:flex}
.sizing-card .seg{height:100%}
.sizing-card .usable-mark{position:absolute;top:0;bottom:0;width:2px;background:#18181b}
.sizing-card .bar-total{width:80px;font-size:12px;text-align:right;color:#52525b}
.sizing-card .bar-more{font-size:12px;color:#52525b}
.sizing-card .legend{display:flex;flex-wrap:wrap;gap:10px;font-size:12px;margin-top:6px}
.sizing-card .legend i{display:inline-block;width:10px;height:10px;border-radius:2px;
margin-right:4px}
.sizing-card .compare-table{width:100%;border-collapse:collapse;font-size:12px}
.sizing-card .compare-table th,.sizing-card .compare-table td{padding:3px 6px;
border-bottom:1px solid #e4e4e7;text-align:left}
.sizing-card .compare-table tr.chosen{background:#eef2ff;font-weight:600}
"""
