"""The sizing card beside each answer: headline, memory chart per GPU, GPU comparison.

Plain HTML and inline SVG-free CSS bars: no plotting library to load, readable by
screen readers (every segment carries its figure), and stable for browser tests.
"""

from __future__ import annotations

import html
from typing import Any, Literal

from advisor.sizing.report import Comparison, SizingReport

Lang = Literal["ru", "en"]

SEGMENTS: tuple[tuple[str, str, str, str], ...] = (
    ("weights", "веса", "weights", "#4f46e5"),
    ("kv_cache", "KV-кэш", "KV cache", "#0ea5e9"),
    ("activations", "активации", "activations", "#f59e0b"),
    ("gradients", "градиенты", "gradients", "#10b981"),
    ("optimizer", "оптимизатор", "optimizer", "#ef4444"),
    ("overhead", "накладные", "overhead", "#a1a1aa"),
)
MAX_BARS = 8
COMPARE_ROWS = 8

TEXT: dict[str, dict[Lang, str]] = {
    "fits": {"ru": "помещается", "en": "fits"},
    "no_fit": {"ru": "не помещается", "en": "does not fit"},
    "per_gpu": {"ru": "ГБ на GPU", "en": "GB per GPU"},
    "of": {"ru": "из", "en": "of"},
    "memory": {"ru": "Память на каждой GPU, ГБ", "en": "Memory on each GPU, GB"},
    "more": {"ru": "и ещё {n} таких же GPU", "en": "and {n} more identical GPUs"},
    "usable": {"ru": "доступно движку", "en": "usable by the engine"},
    "users": {"ru": "одновременных запросов", "en": "concurrent requests"},
    "speed": {"ru": "ток/с на пользователя", "en": "tok/s per user"},
    "compare": {"ru": "Сравнение GPU", "en": "GPU comparison"},
    "gpu": {"ru": "GPU", "en": "GPU"},
    "count": {"ru": "Кол-во", "en": "Count"},
    "vram": {"ru": "VRAM, ГБ", "en": "VRAM, GB"},
    "price": {"ru": "Цена", "en": "Price"},
    "empty": {
        "ru": "Здесь появится расчёт: GPU, память и сравнение.",
        "en": "The sizing appears here: GPUs, memory and a comparison.",
    },
    "server": {"ru": "Сервер", "en": "Server"},
    "ram": {"ru": "ОЗУ", "en": "RAM"},
    "power": {"ru": "питание", "en": "power"},
}


def t(key: str, lang: Lang) -> str:
    return TEXT[key][lang]


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def empty_card() -> str:
    return (
        '<div class="sizing-card sizing-empty">'
        f"<p>{_e(TEXT['empty']['ru'])}<br>{_e(TEXT['empty']['en'])}</p></div>"
    )


def memory_chart(report: SizingReport, lang: Lang) -> str:
    """One stacked bar per GPU; the full width is the GPU's capacity."""
    memory = report.memory
    capacity = float(memory.capacity_per_gpu_gb) or 1.0
    breakdown: dict[str, float] = memory.breakdown_gb.model_dump()
    count = report.gpu.count
    segments = []
    for key, ru, en, colour in SEGMENTS:
        value = float(breakdown.get(key, 0.0))
        if value <= 0:
            continue
        name = ru if lang == "ru" else en
        width = min(100.0, 100.0 * value / capacity)
        segments.append(
            f'<span class="seg seg-{key}" style="width:{width:.2f}%;background:{colour}" '
            f'title="{_e(name)}: {value:.1f} GB" data-segment="{key}" data-gb="{value:.3f}"></span>'
        )
    usable_at = min(100.0, 100.0 * memory.usable_per_gpu_gb / capacity)
    marker = (
        f'<span class="usable-mark" style="left:{usable_at:.2f}%" '
        f'title="{_e(t("usable", lang))}: {memory.usable_per_gpu_gb:.1f} GB"></span>'
    )
    bars = []
    for index in range(1, min(count, MAX_BARS) + 1):
        bars.append(
            f'<div class="bar-row" data-gpu-index="{index}"><span class="bar-label">GPU {index}'
            f'</span><span class="bar">{"".join(segments)}{marker}</span>'
            f'<span class="bar-total">{memory.per_gpu_gb:.1f} / {capacity:.0f}</span></div>'
        )
    if count > MAX_BARS:
        bars.append(f'<div class="bar-more">{_e(t("more", lang).format(n=count - MAX_BARS))}</div>')
    legend = "".join(
        f'<span class="legend-item"><i style="background:{colour}"></i>'
        f"{_e(ru if lang == 'ru' else en)} {float(breakdown.get(key, 0.0)):.1f}</span>"
        for key, ru, en, colour in SEGMENTS
        if float(breakdown.get(key, 0.0)) > 0
    )
    return (
        f'<div class="memory-chart" role="img" aria-label="{_e(t("memory", lang))}">'
        f'<div class="chart-title">{_e(t("memory", lang))}</div>{"".join(bars)}'
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
            f"<td>{row.per_user_tokens_per_s:.1f}</td><td>{_e(row.price_band)}</td></tr>"
        )
    head = "".join(
        f"<th>{_e(h)}</th>"
        for h in (
            t("gpu", lang),
            "✓",
            t("count", lang),
            t("vram", lang),
            t("speed", lang),
            t("price", lang),
        )
    )
    return (
        f'<div class="compare"><div class="chart-title">{_e(t("compare", lang))}</div>'
        f'<table class="compare-table"><thead><tr>{head}</tr></thead>'
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def sizing_card(report: SizingReport, comparison: Comparison | None, lang: Lang) -> str:
    gpu, memory, perf, server = report.gpu, report.memory, report.performance, report.server
    verdict = t("fits", lang) if report.fits else t("no_fit", lang)
    headline = (
        f'<div class="headline"><span class="gpu-count" data-gpu-count="{gpu.count}">'
        f"{gpu.count} × {_e(gpu.name)}</span>"
        f'<span class="verdict {"ok" if report.fits else "bad"}">{_e(verdict)}</span></div>'
        f'<div class="facts">{_e(report.model)} · {_e(report.task)} · '
        f"{_e(report.precision)} · TP {gpu.tensor_parallel} × PP {gpu.pipeline_parallel}"
        f" · {memory.per_gpu_gb:.1f} {_e(t('of', lang))} {memory.capacity_per_gpu_gb:.0f} "
        f"{_e(t('per_gpu', lang))}<br>{perf.max_concurrent_users} {_e(t('users', lang))} · "
        f"{perf.per_user_tokens_per_s:.1f} {_e(t('speed', lang))} · "
        f"{_e(t('server', lang))}: {_e(t('ram', lang))} {server.system_ram_gb} GB, "
        f"{_e(t('power', lang))} {server.power_w} W</div>"
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
