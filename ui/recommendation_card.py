"""The recommendation beside a goal answer: the options, a cost/speed chart, follow-ups.

Options in a table (GPUs, model, format, users, speed, cost to buy, per month, over three
years, in the reader's currency), an inline SVG chart of 3-year cost against per-user speed
(training: against training speed) with every option marked, and the follow-up questions
that the make-it-fit changes (and "cheaper?", "twice the users?") ask in the chat.
"""

from __future__ import annotations

import html
from typing import Any, Literal

from advisor.messages import M, render
from advisor.recommend.report import FitChange, Option, Recommendation
from advisor.services.recommendation import option_label

Lang = Literal["ru", "en"]
MAX_FOLLOW_UPS = 4
_W, _H, _PAD = 320, 180, 36
_COLOURS = {
    "recommended": "#4f46e5",
    "start": "#10b981",
    "scale": "#f59e0b",
    "quality": "#db2777",
    "owned": "#4f46e5",
    "closest": "#ef4444",
    "pareto": "#71717a",
}


def _e(value: Any) -> str:
    return html.escape(str(value), quote=True)


def money(usd: float, rub: float, lang: Lang) -> str:
    """Roubles for a Russian reader, dollars otherwise."""
    if lang == "ru":
        return f"{rub:,.0f} ₽".replace(",", "\u00a0")
    return f"${usd:,.0f}"


def short_gpu(name: str) -> str:
    """ "NVIDIA GeForce RTX 4090" -> "RTX 4090": the table has no room for vendor names."""
    for prefix in ("NVIDIA GeForce ", "NVIDIA ", "AMD Instinct ", "AMD "):
        if name.startswith(prefix):
            return name[len(prefix) :]
    return name


def _speed(option: Option) -> float:
    if option.training_tokens_per_s is not None:
        return option.training_tokens_per_s
    return option.per_user_tokens_per_s


def options_table(result: Recommendation, lang: Lang) -> str:
    training = result.workload.dataset_tokens is not None
    head = [
        "",
        render(M.CARD_GPU, lang),
        render(M.CARD_MODEL, lang),
        render(M.CARD_FORMAT, lang),
        render(M.CARD_HOURS if training else M.CARD_CAPACITY, lang),
        render(M.CARD_TRAIN_SPEED if training else M.CARD_SPEED, lang),
        render(M.CARD_BUY, lang),
        render(M.CARD_MONTHLY, lang),
        render(M.CARD_TCO, lang),
    ]
    rows = []
    for option in result.options:
        cost, rub = option.cost, option.cost_rub
        count = option.gpu.count * option.replicas
        load = option.training_hours if training else option.max_concurrent_users
        rows.append(
            f'<tr class="option option-{_e(option.label)}" data-label="{_e(option.label)}" '
            f'data-gpu="{_e(option.gpu.id)}" data-gpu-count="{count}">'
            f"<td>{_e(option_label(option.label, lang))}</td>"
            f'<td title="{_e(option.gpu.name)}">{count} × {_e(short_gpu(option.gpu.name))}</td>'
            f"<td>{_e(option.model_name)}</td>"
            f"<td>{_e(option.precision.upper())}</td><td>{_e(load)}</td>"
            f"<td>{_speed(option):,.1f}</td>"
            f"<td>{_e(money(cost.capex_usd, rub.capex, lang))}</td>"
            f"<td>{_e(money(cost.monthly_usd, rub.monthly, lang))}</td>"
            f"<td>{_e(money(cost.tco_3y_usd, rub.tco_3y, lang))}</td></tr>"
        )
    heads = "".join(f"<th>{_e(h)}</th>" for h in head)
    return (
        f'<div class="chart-title">{_e(render(M.CARD_OPTIONS, lang))}</div>'
        f'<div class="options-scroll"><table class="options-table"><thead><tr>{heads}</tr>'
        f"</thead><tbody>{''.join(rows)}</tbody></table></div>"
    )


def cost_speed_chart(result: Recommendation, lang: Lang) -> str:
    """Inline SVG: x = speed, y = 3-year cost in the reader's currency; a dot per option."""
    options = result.options
    if not options:
        return ""
    training = result.workload.dataset_tokens is not None
    costs = [o.cost_rub.tco_3y if lang == "ru" else o.cost.tco_3y_usd for o in options]
    speeds = [_speed(o) for o in options]
    x_low, x_high = _span(speeds)
    y_low, y_high = _span(costs)
    dots = []
    for option, cost, speed in zip(options, costs, speeds, strict=True):
        x = _PAD + (_W - 1.5 * _PAD) * (speed - x_low) / (x_high - x_low)
        y = _H - _PAD - (_H - 1.5 * _PAD) * (cost - y_low) / (y_high - y_low)
        label = option_label(option.label, lang)
        colour = _COLOURS.get(option.label, "#71717a")
        tip = (
            f"{label}: {option.gpu.count * option.replicas} × {option.gpu.name}, "
            f"{speed:,.1f}; {money(option.cost.tco_3y_usd, option.cost_rub.tco_3y, lang)}"
        )
        # The named options carry their label; alternatives only a tooltip (no overlap).
        text = (
            f'<text x="{x + 7:.1f}" y="{y + 4:.1f}" font-size="10">{_e(label)}</text>'
            if option.label != "pareto"
            else ""
        )
        dots.append(
            f'<g class="point" data-label="{_e(option.label)}"><circle cx="{x:.1f}" '
            f'cy="{y:.1f}" r="5" fill="{colour}"><title>{_e(tip)}</title></circle>{text}</g>'
        )
    unit = render(M.CARD_TRAIN_SPEED if training else M.CARD_SPEED, lang)
    currency = "₽" if lang == "ru" else "$"
    title = render(M.CARD_CHART_TRAINING if training else M.CARD_CHART, lang)
    axes = (
        f'<line x1="{_PAD}" y1="{_H - _PAD}" x2="{_W - _PAD / 2}" y2="{_H - _PAD}" '
        'stroke="#a1a1aa"/>'
        f'<line x1="{_PAD}" y1="{_PAD / 2}" x2="{_PAD}" y2="{_H - _PAD}" stroke="#a1a1aa"/>'
        f'<text x="{_W / 2:.0f}" y="{_H - 8}" font-size="10" text-anchor="middle">'
        f"{_e(unit)}</text>"
        f'<text x="10" y="{_H / 2:.0f}" font-size="10" transform="rotate(-90 10 {_H / 2:.0f})" '
        f'text-anchor="middle">{_e(render(M.CARD_TCO, lang))}, {currency}</text>'
    )
    return (
        f'<div class="chart-title">{_e(title)}</div>'
        f'<svg class="cost-chart" role="img" aria-label="{_e(title)}" viewBox="0 0 {_W} {_H}" '
        f'width="100%">{axes}{"".join(dots)}</svg>'
    )


def _span(values: list[float]) -> tuple[float, float]:
    """An axis range around the values, 10% beyond each end (never empty)."""
    low, high = min(values), max(values)
    margin = (high - low) * 0.1 or max(abs(high) * 0.1, 1.0)
    return low - margin, high + margin


def recommendation_card(result: Recommendation, lang: Lang) -> str:
    unmet = ""
    if result.unmet_i18n:
        items = "".join(f"<li>{_e(n.render(lang))}</li>" for n in result.unmet_i18n)
        unmet = f'<div class="unmet"><b>{_e(render(M.CARD_UNMET, lang))}</b><ul>{items}</ul></div>'
    return (
        f'<div class="sizing-card recommendation-card">{unmet}'
        f"{options_table(result, lang)}{cost_speed_chart(result, lang)}</div>"
    )


def _follow_up(change: FitChange, lang: Lang) -> str | None:
    request = change.request
    if change.change == "more_gpus":
        return render(M.FOLLOW_GPUS, lang, count=request["gpus"])
    if change.change == "int4_more_gpus":
        return render(M.FOLLOW_INT4_GPUS, lang, count=request["gpus"])
    if change.change == "int4":
        return render(M.FOLLOW_INT4, lang)
    if change.change == "kv_fp8":
        return render(M.FOLLOW_KV_FP8, lang)
    if change.change == "shorter_context":
        return render(M.FOLLOW_CONTEXT, lang, context=request["context"])
    if change.change == "qlora":
        return render(M.FOLLOW_QLORA, lang)
    if change.change == "smaller_model":
        return render(M.FOLLOW_MODEL, lang, model=request["model"].replace("-", " "))
    return None


def follow_ups(changes: list[FitChange], result: Recommendation | None, lang: Lang) -> list[str]:
    """Follow-up questions a button can ask: the make-it-fit changes first, then for a goal
    "cheaper?" and twice the users."""
    questions = [q for change in changes if (q := _follow_up(change, lang)) is not None]
    if result is not None and result.options:
        questions.append(render(M.FOLLOW_CHEAPER, lang))
        if result.workload.dataset_tokens is None:
            users = result.workload.concurrency * 2
            questions.append(render(M.FOLLOW_DOUBLE, lang, users=users))
    return list(dict.fromkeys(questions))[:MAX_FOLLOW_UPS]


RECOMMENDATION_CSS = """
.recommendation-card .options-scroll{overflow-x:auto}
.recommendation-card .options-table{width:100%;border-collapse:collapse;font-size:12px}
.recommendation-card .options-table th,.recommendation-card .options-table td{padding:3px 5px;
border-bottom:1px solid #e4e4e7;text-align:left}
.recommendation-card tr.option-recommended,.recommendation-card tr.option-owned{
background:#eef2ff;font-weight:600}
.recommendation-card .cost-chart{margin-top:6px;background:#fafafa;border-radius:6px}
.recommendation-card .unmet{color:#991b1b;font-size:13px;margin-bottom:6px}
"""
