"""The goal explainers quote the advisor's own figures.

`choosing-a-model`, `quantization`, `concurrency-vs-headcount` and `self-hosting-vs-api`
end with keyed tables; each row is recomputed from the catalog, the engine and
`recommend`, so a change to any of them fails here instead of leaving a document that
quietly disagrees with the advisor's answers.
"""

from __future__ import annotations

import math

import pytest

from advisor.catalog import load_catalog
from advisor.recommend import RecommendRequest, recommend
from advisor.recommend.report import Option
from advisor.recommend.search import DEFAULT_QUALITY_FLOOR, QUALITY_FLOOR
from advisor.sizing.weights import weight_bytes
from advisor.sizing.workload import concurrent_from_headcount, concurrent_from_rate
from tests.knowledge.test_docs_agree_with_engine import _decimals, reference_rows

CATALOG = load_catalog()
DOCS = ("choosing-a-model", "quantization", "concurrency-vs-headcount", "self-hosting-vs-api")


def _recommended(use_case: str, headcount: int) -> Option:
    goal = RecommendRequest(use_case=use_case, headcount=headcount, language="ru")  # type: ignore[arg-type]
    return next(o for o in recommend(goal, CATALOG).options if o.label == "recommended")


def advisor_value(key: str) -> float:
    kind, *args = key.split(":")
    workloads, prices = CATALOG.workloads, CATALOG.prices
    profile = workloads.use_cases[args[0]] if kind.startswith("use_case") else None
    simple: dict[str, float] = {
        "staff_share": workloads.concurrency.staff_share,
        "power_usd_per_kwh": prices.running.power_usd_per_kwh,
        "pue": prices.running.pue,
        "facilities_usd_per_server_month": prices.running.facilities_usd_per_server_month,
        "maintenance_pct_per_year": prices.running.maintenance_pct_per_year,
        "busy_hours_per_month": prices.running.busy_hours_per_month,
        "tokens_per_word": workloads.daily.tokens_per_word,
        "stt_realtime_factor": workloads.speech_to_text.realtime_factor,
    }
    if kind in simple:
        return simple[kind]
    if profile is not None:
        return {
            "use_case_input": profile.input_tokens,
            "use_case_output": profile.output_tokens,
            "use_case_ttft": profile.ttft_p95_s,
            "use_case_speed": profile.tokens_per_s_per_user,
        }[kind]
    if kind == "cloud_usd_per_gpu_hour":
        return prices.cloud_usd_per_gpu_hour[args[0]].usd
    if kind == "quality_tier":
        return CATALOG.suitability[args[0]].quality_tier
    if kind == "quality_floor":
        return QUALITY_FLOOR.get(args[0], DEFAULT_QUALITY_FLOOR)
    if kind == "weights_gb":
        model, fmt = args
        return weight_bytes(CATALOG.models[model], CATALOG.formats[fmt]).total / 1e9
    if kind == "users_from_staff":
        return concurrent_from_headcount(int(args[0]), workloads)[0]
    if kind == "users_from_rate":
        use_case, rate = args
        return concurrent_from_rate(float(rate), workloads.use_cases[use_case])[0]  # type: ignore[index]
    if kind in ("hosted_input_per_m", "hosted_output_per_m"):
        hosted = prices.api_for_model(args[0])
        assert hosted is not None, key
        return hosted.input_usd_per_m if kind == "hosted_input_per_m" else hosted.output_usd_per_m
    if kind in ("api_input_per_m", "api_output_per_m"):
        api = prices.api_for_tier(int(args[0]))
        return api.input_usd_per_m if kind == "api_input_per_m" else api.output_usd_per_m
    if kind.startswith("recommended_") or kind == "break_even_months":
        cost = _recommended(args[0], int(args[1])).cost
        value = {
            "recommended_capex": cost.capex_usd,
            "recommended_monthly": cost.monthly_usd,
            "recommended_api_monthly": cost.api_monthly_usd,
            "break_even_months": cost.break_even_months,
        }[kind]
        assert value is not None, key
        return value
    raise AssertionError(f"unknown reference key {key!r}")


ROWS = {doc: reference_rows(f"{doc}-en") for doc in DOCS}


@pytest.mark.parametrize("doc", DOCS)
def test_both_languages_quote_the_same_figures(doc: str) -> None:
    assert len(ROWS[doc]) >= 5
    assert reference_rows(f"{doc}-ru") == ROWS[doc]


@pytest.mark.parametrize(
    ("key", "quoted"), sorted({k: v for rows in ROWS.values() for k, v in rows.items()}.items())
)
def test_quoted_figure_is_the_advisors(key: str, quoted: str) -> None:
    value = advisor_value(key)
    shown = quoted.replace(" ", "").replace(",", "")
    tolerance = 0.5 * 10 ** -_decimals(shown) + 1e-9
    assert math.isclose(float(shown), value, abs_tol=tolerance), (
        f"{key}: docs {quoted}, advisor {value}"
    )
