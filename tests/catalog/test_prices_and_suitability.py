"""The recommendation's data: every figure sourced and dated, every id resolvable, and the
operator's price overrides applied (or refused with the field named)."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest

from advisor.catalog import load_catalog
from advisor.catalog.schema import UseCaseId
from advisor.config import Settings, configured_catalog
from advisor.errors import SettingsError

CATALOG = load_catalog()
# The open models Russian businesses deploy (issue 12) must be on the shortlist.
RUSSIAN_BUSINESS_MODELS = {
    "qwen3-32b",
    "qwen3-8b",
    "gemma-3-27b",
    "llama-3.3-70b",
    "gigachat-20b-a3b",
    "t-pro-2.0",
    "t-lite-1.0",
    "yandexgpt-5-lite-8b",
}


def test_every_suitability_entry_is_a_catalog_model_with_its_basis() -> None:
    assert set(CATALOG.suitability) <= set(CATALOG.models)
    assert set(CATALOG.suitability) >= RUSSIAN_BUSINESS_MODELS
    for suit in CATALOG.suitability.values():
        assert suit.quality_basis.strip() and suit.licence.strip()
        assert suit.use_cases and all(why.strip() for why in suit.use_cases.values())
        assert all(source.strip() for source in suit.sources.values())


def test_every_use_case_has_models_in_each_language() -> None:
    for use_case in typing.get_args(UseCaseId):
        suits = [s for s in CATALOG.suitability.values() if use_case in s.use_cases]
        assert suits, use_case
        assert any(s.russian in ("strong", "good") for s in suits), use_case


def test_every_gpu_but_the_cpu_is_priced_with_a_source() -> None:
    prices = CATALOG.prices
    assert set(prices.gpus) == {g for g in CATALOG.gpus if g != "cpu"}
    for gpu_id, price in prices.gpus.items():
        assert price.source.strip(), gpu_id
    for rate in prices.cloud_usd_per_gpu_hour.values():
        assert rate.source.strip()
    assert set(prices.cloud_usd_per_gpu_hour) <= set(prices.gpus)
    classes = {CATALOG.gpus[g].gpu_class for g, p in prices.gpus.items() if p.kind == "card"}
    assert classes <= {c for chassis in prices.chassis for c in chassis.gpu_classes}
    assert prices.as_of and prices.rub_per_usd.source.strip()


def test_a_hosted_api_for_every_quality_tier() -> None:
    prices = CATALOG.prices
    assert {prices.api_for_tier(tier).quality_tier for tier in range(1, 6)} == {1, 2, 3, 4, 5}
    assert all(api.source.strip() for api in prices.hosted_api)


def test_a_russian_buyer_is_weighed_against_an_api_sold_in_roubles() -> None:
    """QA 47: Russian answers weighed own GPUs against gpt-4.1-mini, which a Russian company
    cannot simply buy: GigaChat's and YandexGPT's APIs, the cheapest of the tier or below."""
    prices = CATALOG.prices
    for tier in range(1, 6):
        api = prices.api_for_tier(tier, russian=True)
        assert api.name.startswith(("gigachat", "yandexgpt")), (tier, api.name)
        assert api.quality_tier <= max(tier, 2)
    rouble = [a for a in prices.named_apis if a.rub is not None and a.quality_tier == 4]
    cheapest = min(rouble, key=lambda a: a.blended_usd_per_m(0.5))
    assert prices.api_for_tier(4, russian=True) is cheapest
    assert prices.api_for_tier(3).name == "gpt-4.1-mini"  # the English answer's as before


def test_hosted_open_models_are_catalog_models_with_a_sourced_price() -> None:
    """The same open model through a provider's API is what an own server for it is weighed
    against: each names a catalog model, a provider and where its price was read."""
    prices = CATALOG.prices
    models = [api.model for api in prices.hosted_models]
    assert len(models) >= 10 and len(models) == len(set(models))
    assert set(models) <= set(CATALOG.models)
    for api in prices.hosted_models:
        assert api.provider in api.name and api.source.strip(), api.model
        assert 0 < api.input_usd_per_m <= api.output_usd_per_m * 3, api.model
        assert prices.api_for_model(api.model) is api
    assert prices.api_for_model("no-such-model") is None


def test_named_apis_are_sourced_and_rouble_prices_convert_without_vat() -> None:
    """A Sber or Yandex price is roubles per 1,000 tokens with VAT; the catalog compares
    dollars without VAT at its own rate, and an operator's rate moves it."""
    prices = CATALOG.prices
    names = [api.name for api in prices.named_apis]
    assert len(names) == len(set(names)) and not set(names) & {a.name for a in prices.hosted_api}
    for api in prices.named_apis:
        assert api.source.strip() and api.tier_basis.strip() and api.aliases
        if api.rub is not None:
            net = 1 + api.rub.vat_pct / 100
            rate = prices.rub_per_usd.value
            assert api.input_usd_per_m == pytest.approx(api.rub.input_rub_per_k * 1000 / net / rate)
            assert api.output_usd_per_m == pytest.approx(
                api.rub.output_rub_per_k * 1000 / net / rate
            )
    pro = prices.billed_api("gigachat-2-pro")
    weaker = configured_catalog(Settings(rub_per_usd=100)).prices.billed_api("gigachat-2-pro")
    assert pro is not None and weaker is not None
    assert weaker.input_usd_per_m == pytest.approx(pro.input_usd_per_m * 85 / 100)


def test_workload_profiles_are_sourced() -> None:
    workloads = CATALOG.workloads
    assert set(workloads.use_cases) == set(typing.get_args(UseCaseId))
    for profile in workloads.use_cases.values():
        assert profile.source.strip() and profile.output_tokens > 0
    tuning = workloads.fine_tuning
    assert tuning.dataset_source and tuning.seq_len_source and tuning.deadline_source


def test_settings_override_the_rate_and_prices(tmp_path: Path) -> None:
    quotes = tmp_path / "prices.yaml"
    quotes.write_text(
        "gpus:\n  h100-sxm: {usd: 27000, kind: server_share, source: quote 2026-12}\n",
        encoding="utf-8",
    )
    catalog = configured_catalog(Settings(prices_file=quotes, rub_per_usd=92.5))
    assert catalog.prices.gpus["h100-sxm"].usd == 27000
    assert catalog.prices.gpus["l40s"] == CATALOG.prices.gpus["l40s"]
    assert catalog.prices.rub_per_usd.value == 92.5
    assert catalog.models is CATALOG.models


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("gpus:\n  h100-sxm: {usd: -5}\n", "prices.gpus.h100-sxm.usd"),
        ("- a list\n", "expected a mapping"),
        ("gpus: [unclosed\n", "ADVISOR_PRICES_FILE"),
    ],
)
def test_a_bad_prices_file_stops_with_the_field(tmp_path: Path, text: str, named: str) -> None:
    quotes = tmp_path / "prices.yaml"
    quotes.write_text(text, encoding="utf-8")
    with pytest.raises(SettingsError, match="ADVISOR_PRICES_FILE") as error:
        configured_catalog(Settings(prices_file=quotes))
    assert named in str(error.value)
    with pytest.raises(SettingsError, match="ADVISOR_PRICES_FILE"):
        configured_catalog(Settings(prices_file=tmp_path / "missing.yaml"))
