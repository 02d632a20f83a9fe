"""The recommendation from a goal: the questions customers bring, checked against the engine."""

from __future__ import annotations

import math

import pytest

from advisor.catalog.loader import Catalog, load_catalog, with_prices
from advisor.errors import InputError
from advisor.messages import M, render_all
from advisor.recommend import RecommendRequest, recommend
from advisor.recommend import search as search_module
from advisor.recommend.costs import HOURS_PER_MONTH
from advisor.recommend.report import Option, Recommendation
from advisor.recommend.search import BATCH_PLAN_SHARE
from advisor.services.recommendation import (
    format_label,
    lead_option,
    recommend_deployment,
    recommendation_text,
)
from advisor.sizing import SizingRequest, size
from tests.recommend.helpers import assert_option_holds


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def by_label(result: Recommendation, label: str) -> list:  # type: ignore[type-arg]
    return [option for option in result.options if option.label == label]


def test_document_chatbot_for_200_staff_in_russian(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(use_case="rag", headcount=200, language="ru"), catalog)
    # 10% of staff at peak, 20 on average; 27 is the count 95% of peak moments stay within
    assert result.workload.concurrency == 27
    assert any("10%" in line and "95%" in line for line in result.assumptions)
    (best,) = by_label(result, "recommended")
    assert catalog.suitability[best.model].russian in ("strong", "good", "fair")
    assert best.meets_targets and best.max_concurrent_users >= 33  # 20% headroom
    assert best.cost.capex_usd > 0 and best.cost.tco_3y_usd > best.cost.capex_usd
    assert best.cost.usd_per_million_tokens > 0 and best.cost.api_monthly_usd
    assert best.cost_rub.capex == round(best.cost.capex_usd * result.rub_per_usd)
    assert by_label(result, "start"), "a pilot to start from"
    for option in result.options:
        assert_option_holds(option, result, catalog)


def test_largest_model_on_owned_a100s_for_30_people(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(owned="4x a100-40gb", users=30), catalog)  # type: ignore[arg-type]
    owned = by_label(result, "owned")
    assert owned and {o.label for o in result.options} == {"owned"}
    for option in owned:
        assert option.gpu.id == "a100-40gb"
        assert option.gpu.count * option.replicas <= 4
        assert option.cost.capex_usd == 0 and option.cost.break_even_months is None
        assert option.gpu.market == "owned"
        assert_option_holds(option, result, catalog)
    first = owned[0]
    assert first.meets_targets and first.max_concurrent_users >= 30
    tiers = [catalog.suitability[o.model].quality_tier for o in owned if o.meets_targets]
    assert tiers == sorted(tiers, reverse=True), "the best models first"


def test_cheapest_llama_70b_for_10_users_has_4_bit_and_costs(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(model="llama-3.3-70b", users=10), catalog)
    (best,) = by_label(result, "recommended")
    assert best.model == "llama-3.3-70b"
    assert any(o.precision == "int4" for o in result.options)
    # Cheapest over 3 years: no other option that serves the load costs less.
    serving = [o for o in result.options if o.label != "start"]
    assert best.cost.tco_3y_usd == min(o.cost.tco_3y_usd for o in serving)
    for option in result.options:
        assert_option_holds(option, result, catalog)


def test_budget_too_small_names_it_and_offers_the_closest(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(use_case="chat", users=50, budget_usd=500), catalog)
    assert [o.label for o in result.options] == ["closest"]
    assert any(line.startswith("budget:") for line in result.unmet)
    assert result.options[0].cost.capex_usd > 500


def test_rouble_budget_converts_at_the_catalog_rate(catalog: Catalog) -> None:
    rub = recommend(RecommendRequest(users=50, budget_rub=42_500), catalog)
    usd = recommend(RecommendRequest(users=50, budget_usd=500), catalog)
    assert rub.unmet == usd.unmet
    assert any("42,500 RUB" in line for line in rub.assumptions)


def test_unreachable_latency_names_it_and_offers_the_closest(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(users=10, tokens_per_s=5000), catalog)
    assert [o.label for o in result.options] == ["closest"]
    assert any(line.startswith("speed:") for line in result.unmet)
    assert not result.options[0].meets_targets


def test_model_too_big_for_owned_gpus_gets_changes_that_fit(catalog: Catalog) -> None:
    result = recommend(
        RecommendRequest(model="llama-3.3-70b", users=10, owned="2x rtx-4090"),  # type: ignore[arg-type]
        catalog,
    )
    assert result.options == []
    assert result.unmet and "does not fit" in result.unmet[0]
    changes = {change.change: change for change in result.make_it_fit}
    assert {"more_gpus", "smaller_model"} <= set(changes)
    assert changes["more_gpus"].request["gpus"] > 2
    assert changes["smaller_model"].request["model"] == "llama-3.1-8b"
    from advisor.sizing.engine import size
    from advisor.sizing.request import SizingRequest

    for change in result.make_it_fit:
        report = size(SizingRequest.model_validate(change.request), catalog)
        assert report.fits == change.fits
        assert report.performance.max_concurrent_users == change.max_concurrent_users


def test_lora_too_big_for_owned_cards_is_offered_qlora_on_shorter_sequences(
    catalog: Catalog,
) -> None:
    """LoRA of a 70B model on 4 x RTX 4090 offered only 24 cards or a smaller model (QA 24):
    QLoRA at 4,096 tokens does not fit either, but at the longest shorter sequence that does
    (FSDP-QLoRA) it runs on the four cards, and the sizing it names agrees."""
    result = recommend(
        RecommendRequest(
            model="llama-3.3-70b",
            task="lora",
            owned="4x rtx-4090",  # type: ignore[arg-type]
            context=4096,
        ),
        catalog,
    )
    changes = {change.change: change for change in result.make_it_fit}
    assert "qlora" not in changes  # at 4,096 tokens it does not fit either
    qlora = changes["qlora_shorter"]
    assert qlora.fits and qlora.request["task"] == "qlora" and qlora.request["gpus"] == 4
    from advisor.sizing.engine import size
    from advisor.sizing.request import SizingRequest

    sequence = qlora.request["context"]
    assert 512 <= sequence < 4096
    assert size(SizingRequest.model_validate(qlora.request), catalog).fits
    longer = {**qlora.request, "context": sequence * 2}
    assert not size(SizingRequest.model_validate(longer), catalog).fits


def test_lora_run_meets_the_deadline(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(task="lora", use_case="rag", language="ru"), catalog)
    (best,) = by_label(result, "recommended")
    assert result.workload.task == "lora" and result.workload.deadline_hours == 24
    assert best.training_hours is not None and best.training_hours <= 24
    assert best.cost.run_usd is not None and best.cost.api_monthly_usd is None
    assert any("No deadline given" in line for line in result.assumptions)
    for option in result.options:
        assert_option_holds(option, result, catalog)


def test_impossible_deadline_names_it(catalog: Catalog) -> None:
    goal = RecommendRequest(
        task="full", model="llama-3.3-70b", dataset_tokens=10**12, deadline_hours=1
    )
    result = recommend(goal, catalog)
    assert any(line.startswith("time:") for line in result.unmet)
    # the closest run, and, when it is on GPUs nobody rents by the hour, the fastest rented
    assert [o.label for o in result.options][0] == "closest"
    assert {o.label for o in result.options} <= {"closest", "rent_instead"}


def test_used_cards_only_start_a_pilot(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(use_case="rag", headcount=200), catalog)
    for option in result.options:
        if option.label in ("recommended", "scale"):
            assert catalog.prices.gpus[option.gpu.id].market == "new"


def test_bad_goal_names_the_field(catalog: Catalog) -> None:
    with pytest.raises(InputError) as error:
        recommend_deployment({"owned": "4x h900"}, catalog)
    assert error.value.field == "owned.gpu"
    with pytest.raises(InputError) as error:
        recommend_deployment({"owned": "four a100"}, catalog)
    assert error.value.field == "owned"
    with pytest.raises(InputError) as error:
        recommend_deployment({"use_case": "poetry"}, catalog)
    assert error.value.field == "use_case" and "rag" in error.value.allowed
    with pytest.raises(InputError) as error:
        recommend_deployment({"model": "lama 70"}, catalog)
    assert error.value.field == "model"


def test_every_default_is_stated_in_both_languages(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(), catalog)
    assert result.workload.concurrency == 5
    russian = render_all(result.assumptions_i18n, "ru")
    assert len(russian) == len(result.assumptions)
    assert any("пользовател" in line for line in russian)
    text = recommendation_text(result, "ru")
    assert "Рекомендуем" in text and "Допущения" in text


def test_price_overrides_change_costs_not_figures(catalog: Catalog) -> None:
    quoted = with_prices(catalog, {"rub_per_usd": {"value": 100.0, "source": "test"}})
    base = recommend(RecommendRequest(users=20), catalog)
    other = recommend(RecommendRequest(users=20), quoted)
    assert other.rub_per_usd == 100.0
    assert other.options[0].cost_rub.capex == other.options[0].cost.capex_usd * 100
    assert [o.model for o in base.options] == [o.model for o in other.options]
    with pytest.raises(ValueError, match="usd"):
        with_prices(catalog, {"gpus": {"h100-sxm": {"usd": -1}}})


def test_the_search_stops_at_its_sizing_cap_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bound on one request's work whatever the goal: past MAX_SIZINGS nothing more is
    sized, the options found so far still hold, and the answer names the cap."""
    monkeypatch.setattr(search_module, "MAX_SIZINGS", 40)
    result = recommend(RecommendRequest(use_case="rag", users=50), load_catalog())
    assert result.searched <= 40
    assert any(n.code is M.REC_SEARCH_CAPPED for n in result.assumptions_i18n)
    for option in result.options:
        assert_option_holds(option, result, load_catalog())
    monkeypatch.undo()
    uncapped = recommend(RecommendRequest(use_case="rag", users=50), load_catalog())
    assert not any(n.code is M.REC_SEARCH_CAPPED for n in uncapped.assumptions_i18n)


def test_each_option_states_the_load_its_speed_is_at(catalog: Catalog) -> None:
    """A pilot's speed is for the pilot's users, not for all the memory could hold: the text
    names both, so a start option never reads as serving its capacity at its pilot speed."""
    result = recommend(RecommendRequest(use_case="rag", headcount=200, language="ru"), catalog)
    text = recommendation_text(result, "en")
    for option in result.options:
        load = option.users_per_replica * option.replicas
        assert f"At {load} users at once: {option.per_user_tokens_per_s:g} tokens/s" in text
        assert f"holds up to {option.max_concurrent_users}." in text


def test_sxm_gpus_are_bought_as_whole_servers(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(model="llama-3.3-70b", gpu="h100-sxm", users=50), catalog)
    price = catalog.prices.gpus["h100-sxm"].usd
    for option in result.options:
        used = option.gpu.count * option.replicas
        assert option.cost.gpus_bought % 8 == 0 and option.cost.gpus_bought >= used
        assert option.cost.capex_usd == round(option.cost.gpus_bought * price)
    text = recommendation_text(result, "en")
    if any(o.cost.gpus_bought > o.gpu.count * o.replicas for o in result.options):
        assert "sold only as whole 8-GPU servers" in text


def test_a_few_gaming_cards_sit_in_a_workstation_not_a_datacenter_server(
    catalog: Catalog,
) -> None:
    from advisor.recommend.costs import chassis_for

    gpu = catalog.gpus["rtx-4090"]
    servers, box = chassis_for(gpu, 4, catalog.prices, group=4)
    assert (servers, box and box.id) == (1, "quad-workstation")
    servers, box = chassis_for(gpu, 8, catalog.prices, group=1)  # eight single-card replicas
    assert (servers, box and box.id) == (2, "quad-workstation")
    servers, box = chassis_for(gpu, 8, catalog.prices, group=8)  # one model over eight cards
    assert (servers, box and box.id) == (1, "server-8gpu-consumer")


def test_gaming_cards_come_with_their_licence_caveat(catalog: Catalog) -> None:
    gaming = recommend(RecommendRequest(users=20, gpu="rtx-4090"), catalog)
    assert "GeForce cards: NVIDIA's driver licence" in recommendation_text(gaming, "en")
    datacenter = recommend(RecommendRequest(users=20, gpu="h100-sxm"), catalog)
    assert "GeForce" not in recommendation_text(datacenter, "en")


def test_a_geforce_lead_comes_with_its_professional_alternative(catalog: Catalog) -> None:
    """The licence note's way out, priced: the cheapest setup on professional or data-centre
    cards that serves the same load, with the same model where one does."""
    office = recommend(RecommendRequest(headcount=200, use_case="rag"), catalog)
    lead = next(o for o in office.options if o.label == "recommended")
    assert lead.gpu.gpu_class == "gaming"
    pro = [o for o in office.options if o.label == "pro"]
    assert len(pro) == 1 and pro[0].gpu.gpu_class != "gaming"
    assert pro[0].model == lead.model
    assert pro[0].meets_targets and pro[0].max_concurrent_users >= office.workload.concurrency
    assert pro[0].cost.capex_usd > lead.cost.capex_usd
    server_room = recommend(
        RecommendRequest(headcount=200, use_case="rag", datacenter=True), catalog
    )
    assert not any(o.label == "pro" for o in server_room.options)


def test_a_service_is_priced_rented_around_the_clock_against_buying(catalog: Catalog) -> None:
    """The same GPUs at the catalog's on-demand rate for 730 hours a month; buying pays back
    when the rent exceeds the running cost by enough to repay the capex within five years."""
    result = recommend(RecommendRequest(model="llama-3.3-70b", gpu="b200", users=50), catalog)
    rate = catalog.prices.cloud_usd_per_gpu_hour["b200"].usd
    for option in result.options:
        cost, used = option.cost, option.gpu.count * option.replicas
        assert cost.cloud_usd_per_gpu_hour == rate
        assert cost.cloud_monthly_usd == round(rate * used * 730)
        assert cost.cloud_monthly_usd is not None
        if cost.cloud_break_even_months is not None:
            expected = cost.capex_usd / (cost.cloud_monthly_usd - cost.monthly_usd)
            assert cost.cloud_break_even_months == pytest.approx(expected, rel=0.01)
            assert cost.cloud_break_even_months <= 60
    assert "Renting the same GPUs" in recommendation_text(result, "en")
    unrated = recommend(RecommendRequest(users=20, gpu="rtx-4060-ti-16gb"), catalog)
    assert all(o.cost.cloud_monthly_usd is None for o in unrated.options)
    assert "Renting the same GPUs" not in recommendation_text(unrated, "en")


def test_renting_owned_gpus_is_not_offered(catalog: Catalog) -> None:
    result = recommend(
        RecommendRequest(model="llama-3.1-8b", owned={"gpu": "h100-sxm", "count": 2}, users=20),
        catalog,
    )
    owned = [o for o in result.options if o.gpu.market == "owned"]
    assert owned and all(o.cost.cloud_break_even_months is None for o in owned)
    assert "Renting the same GPUs" not in recommendation_text(result, "en").split("Other")[0]


def test_a_volume_of_text_sizes_the_load_the_same_as_its_requests(catalog: Catalog) -> None:
    """Tokens a day at the use case's tokens per request are that many requests a day; words
    become tokens at the catalog's rate first; each step is a stated assumption."""
    chat = catalog.workloads.use_cases["chat"]
    per_request = chat.input_tokens + chat.output_tokens
    tokens = recommend(RecommendRequest(model="llama-3.1-8b", tokens_per_day=3e7), catalog)
    requests = recommend(
        RecommendRequest(model="llama-3.1-8b", requests_per_day=3e7 / per_request), catalog
    )
    assert tokens.workload.concurrency == requests.workload.concurrency > 1
    assert any(n.code is M.ASSUMED_TEXT_VOLUME for n in tokens.assumptions_i18n)
    per_word = catalog.workloads.daily.tokens_per_word
    words = recommend(RecommendRequest(model="llama-3.1-8b", words_per_day=3e7 / per_word), catalog)
    assert words.workload.concurrency == tokens.workload.concurrency
    assert any(n.code is M.ASSUMED_WORDS for n in words.assumptions_i18n)


def test_four_bit_weights_and_an_fp8_cache_together_fit_where_neither_alone_does(
    catalog: Catalog,
) -> None:
    """Gemma 2 27B for 5 users whose requests fill a 4k context on one RTX 4090: BF16 needs
    four cards; 4-bit weights with an FP8 KV cache hold the load on the one card, which is the
    change to offer first."""
    result = recommend(
        RecommendRequest(
            model="gemma-2-27b",
            owned={"gpu": "rtx-4090", "count": 1},
            users=5,
            context=4096,
            prompt_tokens=3840,
            output_tokens=256,
        ),
        catalog,
    )
    assert not any(c.change in ("int4", "kv_fp8") and c.fits for c in result.make_it_fit)
    both = next(c for c in result.make_it_fit if c.change == "int4_kv_fp8")
    assert both.fits and both.max_concurrent_users >= 5
    assert both.request["gpus"] == 1
    assert (both.request["precision"], both.request["kv_precision"]) == ("int4", "fp8")


def test_speech_to_text_is_stated_beside_the_options(catalog: Catalog) -> None:
    """Hours of audio a day at the reference card's real-time factor: GPU-hours a day, and
    the cards that keep up within the busy hours or around the clock."""
    result = recommend(
        RecommendRequest(
            use_case="summarization", requests_per_day=20_000, audio_hours_per_day=2000
        ),
        catalog,
    )
    speech = result.transcription_i18n
    assert speech is not None and speech.code is M.STT_NEEDED
    factor = catalog.workloads.speech_to_text.realtime_factor
    params = dict(speech.params)
    assert params["gpu_hours"] == pytest.approx(2000 / factor)
    busy = catalog.workloads.daily.busy_hours
    assert params["busy_cards"] == math.ceil(2000 / factor / busy)
    assert params["day_cards"] == math.ceil(2000 / factor / 24)
    assert "Not included above: transcribing 2,000 hours" in recommendation_text(result, "en")
    plain = recommend(RecommendRequest(use_case="summarization", requests_per_day=20_000), catalog)
    assert plain.transcription_i18n is None


def test_a_rent_question_considers_only_gpus_with_a_public_rate(catalog: Catalog) -> None:
    result = recommend(
        RecommendRequest(model="llama-3.1-8b", users=30, rentable_only=True), catalog
    )
    rates = catalog.prices.cloud_usd_per_gpu_hour
    assert result.options and all(o.gpu.id in rates for o in result.options)
    assert all(o.cost.cloud_monthly_usd is not None for o in result.options)


def test_the_strongest_model_a_budget_buys_is_offered_when_asked(catalog: Catalog) -> None:
    """Asked for the strongest model a budget buys, the stronger option is bounded by the
    budget, not by three times the recommended price, and the biggest of the top tier wins."""
    plain = recommend(RecommendRequest(budget_rub=3_000_000, language="en"), catalog)
    strongest = recommend(
        RecommendRequest(budget_rub=3_000_000, language="en", strongest=True), catalog
    )
    budget = 3_000_000 / catalog.prices.rub_per_usd.value
    best = next(o for o in strongest.options if o.label == "quality")
    assert best.cost.capex_usd <= budget
    plain_best = max(o.quality_tier for o in plain.options)
    assert best.quality_tier >= plain_best
    assert lead_option(strongest, ["largest_model"]) is best


def test_a_training_start_option_stays_within_the_budget(catalog: Catalog) -> None:
    """The 'start' option of a training goal is cheaper over three years than the
    recommended one; it must still fit the budget (2 x RTX PRO 6000 at $25,200 was offered
    against $18,000 because its 3-year cost was lower than eight RTX 3090s')."""
    result = recommend(
        RecommendRequest(
            task="full", model="qwen2.5-7b", dataset_tokens=10_000_000, budget_usd=18_000
        ),
        catalog,
    )
    assert result.options
    assert all(o.cost.capex_usd <= 18_000 for o in result.options if o.label != "closest")


def test_an_api_bill_prices_each_option_and_sizes_the_traffic_it_pays_for(
    catalog: Catalog,
) -> None:
    """$5,000 a month to an API with no volume stated: tokens at the reference model's price
    for the use case's prompt share, spread over the working days, become the load; each option
    states its saving against the bill and when its capex pays back."""
    result = recommend(RecommendRequest(use_case="support", api_bill_usd=5000), catalog)
    reference = catalog.prices.bill_reference
    profile = catalog.workloads.use_cases["support"]
    share = profile.input_tokens / (profile.input_tokens + profile.output_tokens)
    per_day = 5000 / reference.blended_usd_per_m(share) * 1e6
    per_day /= catalog.workloads.daily.working_days_per_month
    same = recommend(RecommendRequest(use_case="support", tokens_per_day=per_day), catalog)
    assert result.workload.concurrency == same.workload.concurrency > 5
    assert any(n.code is M.REC_BILL_LOAD for n in result.assumptions_i18n)
    assert any(n.code is M.REC_API_BILL for n in result.assumptions_i18n)
    for option in result.options:
        cost = option.cost
        assert cost.bill_saving_usd == round(5000 - cost.monthly_usd)
        if cost.bill_break_even_months is not None:
            expected = cost.capex_usd / (5000 - cost.monthly_usd)
            assert cost.bill_break_even_months == pytest.approx(expected, abs=0.06)
    text = recommendation_text(result, "en")
    assert "you pay the API now" in text and "would bill" not in text.split("Other")[0]


def test_a_stated_load_wins_over_the_bill_and_a_small_bill_saves_nothing(
    catalog: Catalog,
) -> None:
    result = recommend(RecommendRequest(model="llama-3.1-8b", users=10, api_bill_usd=50), catalog)
    assert result.workload.concurrency == 10
    assert not any(n.code is M.REC_BILL_LOAD for n in result.assumptions_i18n)
    lead = result.options[0]
    assert lead.cost.bill_saving_usd is not None and lead.cost.bill_saving_usd < 0
    assert lead.cost.bill_break_even_months is None
    assert "saves nothing" in recommendation_text(result, "en")


def test_a_rouble_bill_converts_at_the_catalog_rate(catalog: Catalog) -> None:
    rate = catalog.prices.rub_per_usd.value
    rub = recommend(RecommendRequest(users=10, api_bill_rub=400_000), catalog)
    usd = recommend(RecommendRequest(users=10, api_bill_usd=400_000 / rate), catalog)
    assert [o.cost.bill_saving_usd for o in rub.options] == [
        o.cost.bill_saving_usd for o in usd.options
    ]


def test_a_euro_budget_converts_at_the_catalog_rate(catalog: Catalog) -> None:
    rate = catalog.prices.usd_per_eur.value
    eur = recommend(RecommendRequest(users=10, budget_eur=25_000), catalog)
    usd = recommend(RecommendRequest(users=10, budget_usd=25_000 * rate), catalog)
    assert [o.cost.capex_usd for o in eur.options] == [o.cost.capex_usd for o in usd.options]
    assert any(n.code is M.REC_BUDGET_EUR for n in eur.assumptions_i18n)
    assert all(o.cost.capex_usd <= 25_000 * rate for o in eur.options if o.label != "scale")


def test_a_euro_goal_carries_its_costs_in_euros(catalog: Catalog) -> None:
    """A euro budget shows euros beside dollars (cost_eur at the catalog's rate); a rouble or
    dollar one does not, unless euros are asked for; a missed budget is said in its own
    currency."""
    per_usd = 1 / catalog.prices.usd_per_eur.value
    eur = recommend(RecommendRequest(users=10, budget_eur=25_000), catalog)
    assert eur.eur_per_usd == pytest.approx(per_usd)
    for option in eur.options:
        assert option.cost_eur is not None
        # euros from the unrounded dollars: within one of the rounded dollars' conversion
        assert option.cost_eur.capex == pytest.approx(option.cost.capex_usd * per_usd, abs=1)
        assert option.cost_eur.tco_3y == pytest.approx(option.cost.tco_3y_usd * per_usd, abs=1)
    plain = recommend(RecommendRequest(users=10, budget_rub=2_000_000), catalog)
    assert plain.eur_per_usd is None and all(o.cost_eur is None for o in plain.options)
    asked = recommend(RecommendRequest(users=10, display_currency="eur"), catalog)
    assert all(o.cost_eur is not None for o in asked.options)
    missed = recommend(
        RecommendRequest(model="llama-3.1-405b", users=10, budget_eur=5_000), catalog
    )
    budget = next(n for n in missed.unmet_i18n if n.code is M.UNMET_BUDGET)
    assert budget.params["budget_local"] == 5_000
    assert "(5,000 EUR)" in budget.render("en") and "5\u00a0000 €" in budget.render("ru")


def test_a_fixed_weight_format_is_the_only_one_tried(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(model="gemma-2-27b", users=5, precision="fp16"), catalog)
    assert result.options and all(o.precision == "fp16" for o in result.options)
    with pytest.raises(InputError) as raised:
        recommend(RecommendRequest(model="gemma-2-27b", precision="fp7"), catalog)
    assert raised.value.field == "precision"


def test_a_training_budget_that_buys_nothing_names_the_rented_run(catalog: Catalog) -> None:
    """Full fine-tuning of an 8B model for $10,000: no setup to buy meets the deadline within
    it, but renting one for the run does; the answer names the cheapest run rented."""
    result = recommend(
        RecommendRequest(
            model="llama-3.1-8b", task="full", dataset_tokens=20_000_000, budget_usd=10_000
        ),
        catalog,
    )
    codes = [n.code for n in result.unmet_i18n]
    assert M.UNMET_BUDGET in codes and M.UNMET_BUDGET_RENT in codes
    rent = next(n for n in result.unmet_i18n if n.code is M.UNMET_BUDGET_RENT)
    assert float(rent.params["rent"]) <= 10_000  # type: ignore[arg-type]
    runs = [o.cost.cloud_run_usd for o in result.options if o.cost.cloud_run_usd is not None]
    assert runs and min(runs) == pytest.approx(float(rent.params["rent"]), abs=0.01)  # type: ignore[arg-type]


def test_renting_fewer_hours_a_month_costs_proportionally_less(catalog: Catalog) -> None:
    always = recommend(
        RecommendRequest(model="llama-3.1-8b", users=20, rentable_only=True), catalog
    )
    office = recommend(
        RecommendRequest(
            model="llama-3.1-8b", users=20, rentable_only=True, rent_hours_per_month=176
        ),
        catalog,
    )
    for full, part in zip(always.options, office.options, strict=True):
        assert full.gpu.id == part.gpu.id
        assert part.cost.cloud_hours_per_month == 176
        assert part.cost.cloud_monthly_usd == pytest.approx(
            (full.cost.cloud_monthly_usd or 0) * 176 / 730, abs=1
        )
    assert "a month for 176 hours" in recommendation_text(office, "en")


def test_several_copies_of_a_model_are_said_in_the_headline(catalog: Catalog) -> None:
    from advisor.agent.offline.answer import render_recommendation

    result = recommend(RecommendRequest(model="llama-3.3-70b", users=60), catalog)
    copied = [o for o in result.options if o.replicas > 1]
    text = render_recommendation(result, "en")
    for option in copied[:1]:
        assert f"{option.replicas} copies of the model" in text


def test_a_quality_floor_asked_for_holds_for_every_option(catalog: Catalog) -> None:
    result = recommend(
        RecommendRequest(use_case="summarization", headcount=200, min_quality_tier=4), catalog
    )
    assert result.options and all(o.quality_tier >= 4 for o in result.options)
    assert any(n.code is M.REC_QUALITY_ASKED for n in result.assumptions_i18n)


def test_an_organisation_of_a_thousand_staff_gets_server_room_cards(catalog: Catalog) -> None:
    """An insurer of 1,500 staff was told to buy 8 x GeForce RTX 5090 for its server: an
    organisation that large runs its servers in a server room, which GeForce's licence
    excludes; said so, and its own GPUs are what it owns."""
    result = recommend(RecommendRequest(use_case="rag", headcount=1500), catalog)
    assert result.options and all(o.gpu.gpu_class != "gaming" for o in result.options)
    assert any(n.code is M.REC_DATACENTER_BY_SIZE for n in result.assumptions_i18n)
    owned = recommend(
        RecommendRequest(use_case="rag", headcount=1500, owned="4x rtx-4090"), catalog
    )
    assert not any(n.code is M.REC_DATACENTER_BY_SIZE for n in owned.assumptions_i18n)


def test_a_thousand_staffs_peak_said_as_users_gets_server_room_cards(catalog: Catalog) -> None:
    """QA 46 T08: 100 call-centre dialogs at once got 2 x RTX 4090: as many users at once as
    1,000 staff bring at their peak are that organisation's, in its server room."""
    busy = recommend(RecommendRequest(model="gigachat-20b-a3b", users=100), catalog)
    assert busy.options and all(o.gpu.gpu_class != "gaming" for o in busy.options)
    assert any(n.code is M.REC_DATACENTER_BY_LOAD for n in busy.assumptions_i18n)
    team = recommend(RecommendRequest(model="gigachat-20b-a3b", users=99), catalog)
    assert not any(n.code is M.REC_DATACENTER_BY_LOAD for n in team.assumptions_i18n)
    batch = recommend(
        RecommendRequest(model="gigachat-20b-a3b", batch_items=200_000, deadline_hours=8),
        catalog,
    )
    assert not any(n.code is M.REC_DATACENTER_BY_LOAD for n in batch.assumptions_i18n)


@pytest.mark.parametrize("cpu", ["cpu-desktop", "cpu-server"])
def test_a_cpu_machine_named_for_a_server_room_load_is_priced_whole(
    catalog: Catalog, cpu: str
) -> None:
    """A CPU machine's price is the whole machine: the rack-only prices of a server-room load
    left it no box at all, and the search failed (found by the recommendation properties once
    llama.cpp served users in slots)."""
    result = recommend(RecommendRequest(model="qwen2.5-0.5b", gpu=cpu, users=100), catalog)
    assert any(n.code is M.REC_DATACENTER_BY_LOAD for n in result.assumptions_i18n)
    assert all(o.cost.capex_usd > 0 for o in result.options)


def test_a_data_centre_gets_no_geforce_cards_and_no_towers(catalog: Catalog) -> None:
    from advisor.recommend.costs import chassis_for

    result = recommend(RecommendRequest(headcount=2000, datacenter=True), catalog)
    assert result.options
    assert all(o.gpu.gpu_class != "gaming" for o in result.options)
    assert any(n.code is M.REC_DATACENTER for n in result.assumptions_i18n)
    office = recommend(RecommendRequest(headcount=200), catalog)
    assert any(o.gpu.gpu_class == "gaming" for o in office.options)
    lead = result.options[0]
    gpu = catalog.gpus[lead.gpu.id]
    racks = tuple(c for c in catalog.prices.chassis if c.rack_units is not None)
    _, chassis = chassis_for(
        gpu, lead.gpu.count * lead.replicas, catalog.prices.model_copy(update={"chassis": racks})
    )
    assert chassis is None or chassis.rack_units is not None


def test_a_stated_volume_wins_over_the_staff_rule(catalog: Catalog) -> None:
    """ "A 30-person firm, 500 queries a day": the volume is a fact, 10% of staff a guess."""
    both = recommend(RecommendRequest(headcount=30, requests_per_day=500), catalog)
    volume = recommend(RecommendRequest(requests_per_day=500), catalog)
    assert both.workload.concurrency == volume.workload.concurrency


def test_a_rent_question_puts_renting_before_buying(catalog: Catalog) -> None:
    from advisor.services.recommendation import cost_lines

    result = recommend(
        RecommendRequest(model="llama-3.1-8b", users=20, rentable_only=True), catalog
    )
    lead = lead_option(result, ["rent"])
    assert lead is not None
    assert cost_lines(lead, "en", rent_first=True)[0].startswith("Renting the same GPUs")
    assert cost_lines(lead, "en")[0].startswith("Buy:")


def test_a_family_bounds_the_shortlist(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(users=50, family="qwen"), catalog)
    assert result.options and all(
        o.model_name.casefold().startswith("qwen") for o in result.options
    )


def test_fp8_weights_are_offered_where_the_gpu_has_fp8_tensor_cores(catalog: Catalog) -> None:
    """Llama 3.3 70B for 500 users on 8 H100s is bound by reading the prompts: FP8 weights
    (half the memory, twice the tensor rate) are among the changes; an RTX 3090 has no FP8
    tensor cores, so nothing FP8 is offered there."""
    hopper = recommend(
        RecommendRequest(model="llama-3.3-70b", users=500, owned={"gpu": "h100-sxm", "count": 8}),
        catalog,
    )
    changes = {c.change: c for c in hopper.make_it_fit}
    assert {"fp8_kv_fp8", "fp8_more_gpus"} <= set(changes)
    assert changes["fp8_kv_fp8"].request["precision"] == "fp8"
    assert changes["fp8_more_gpus"].meets_targets
    ampere = recommend(
        RecommendRequest(model="qwen2.5-72b", users=1, owned={"gpu": "rtx-3090", "count": 2}),
        catalog,
    )
    assert ampere.make_it_fit
    assert not any(c.change.startswith("fp8") for c in ampere.make_it_fit)


def test_a_change_that_misses_a_target_names_it_with_both_figures(catalog: Catalog) -> None:
    from advisor.services.recommendation import fit_line

    result = recommend(
        RecommendRequest(model="llama-3.3-70b", users=500, owned={"gpu": "h100-sxm", "count": 8}),
        catalog,
    )
    slow = next(c for c in result.make_it_fit if c.fits and not c.meets_targets)
    assert slow.misses_i18n
    speed = next(n for n in slow.misses_i18n if n.code is M.MISS_SPEED)
    assert speed.params["target"] == result.workload.tokens_per_s_per_user
    assert f"the {speed.params['target']:g} tokens/s target" in fit_line(slow, "en")
    assert all(not c.misses_i18n for c in result.make_it_fit if c.meets_targets)


def test_runs_a_year_decide_between_renting_each_run_and_buying(catalog: Catalog) -> None:
    """A LoRA run a quarter: renting each run costs a few dollars a year against a three-year
    cost of owning in the thousands; the line between them is that cost over one run."""
    result = recommend(
        RecommendRequest(model="llama-3.1-8b", task="lora", runs_per_year=4), catalog
    )
    for option in result.options:
        cost = option.cost
        if cost.cloud_run_usd is None:
            assert cost.cloud_runs_break_even_per_year is None
            continue
        assert cost.runs_per_year == 4
        assert cost.cloud_runs_per_year_usd == pytest.approx(4 * cost.cloud_run_usd, abs=1)
        assert cost.cloud_runs_break_even_per_year == pytest.approx(
            cost.tco_3y_usd / 3 / cost.cloud_run_usd, rel=0.01
        )
        assert cost.cloud_runs_break_even_per_year > 4  # renting wins at a run a quarter


def test_pre_training_without_a_dataset_trains_on_the_engines_compute_optimal_tokens(
    catalog: Catalog,
) -> None:
    """'Train a 1B model from scratch': every option trains on 20 tokens per parameter, the
    engine's own default, so its hours agree with a sizing of the same run (they were a
    fine-tuning dataset's 0.8 h against the sizing's 230 h)."""
    result = recommend(RecommendRequest(model="llama-3.2-1b", task="pretrain"), catalog)
    assert result.workload.dataset_tokens is not None
    report = size(SizingRequest(model="llama-3.2-1b", task="pretrain"), catalog)
    assert report.training is not None
    assert result.workload.dataset_tokens == report.training.dataset_tokens
    assert any("20 per parameter" in line for line in render_all(result.assumptions_i18n, "en"))
    for option in result.options:
        assert option.training_hours is not None and option.training_tokens_per_s
        hours = report.training.dataset_tokens / option.training_tokens_per_s / 3600
        assert option.training_hours == pytest.approx(hours, rel=0.02)


def test_a_family_named_for_russian_work_is_sized_and_its_unmeasured_russian_said(
    catalog: Catalog,
) -> None:
    """'Что-то типа Devstral' for Russian programmers: Devstral publishes no Russian results,
    which filtered it out and left 'no GPU holds the models' (as it did the Qwen coders before
    a Qwen with Russian results was rated); the family was asked for by name, so it is sized
    and the answer says what is unmeasured."""
    result = recommend(
        RecommendRequest(language="ru", headcount=30, use_case="code", family="devstral"),
        catalog,
    )
    assert result.options and all(o.model == "devstral-small" for o in result.options)
    assert M.REC_RUSSIAN_UNMEASURED in {n.code for n in result.assumptions_i18n}
    english = recommend(
        RecommendRequest(language="en", headcount=30, use_case="code", family="devstral"),
        catalog,
    )
    assert M.REC_RUSSIAN_UNMEASURED not in {n.code for n in english.assumptions_i18n}
    nothing = recommend(
        RecommendRequest(language="en", headcount=30, use_case="code", family="t0"), catalog
    )
    assert not nothing.options
    assert [n.code for n in nothing.unmet_i18n] == [M.UNMET_NO_MODEL]
    codes = [n.code for n in nothing.assumptions_i18n]
    assert codes.count(M.REC_QUALITY_FLOOR) == 1  # the shortlist is chosen once


def test_a_long_context_is_a_window_not_every_prompt(catalog: Catalog) -> None:
    """'Qwen3 32B with 32k context for 10 users': memory holds 32k for every user, while the
    speed and first token are for the use case's own prompt; it bought 24 RTX 3090s to read
    ten 32k prompts at once in 31 s each. A context within the use case's request stays the
    request itself."""
    window = recommend(
        RecommendRequest(model="qwen3-32b", users=10, context=32768, language="en"), catalog
    )
    assert window.workload.input_tokens == 1024  # the general assistant's prompt
    assert M.REC_WINDOW in {n.code for n in window.assumptions_i18n}
    for option in window.options:
        assert option.context == 32768
        if option.label in ("recommended", "cheapest") and option.meets_targets:
            assert option.max_concurrent_users >= 10 and option.ttft_s < 2
    cheapest = min(window.options, key=lambda o: o.cost.capex_usd)
    assert cheapest.gpu.count * cheapest.replicas <= 8
    request = recommend(
        RecommendRequest(model="qwen3-32b", users=10, context=1200, language="en"), catalog
    )
    assert request.workload.input_tokens + request.workload.output_tokens == 1200
    assert M.REC_WINDOW not in {n.code for n in request.assumptions_i18n}


def test_a_typical_prompt_sets_speed_and_each_users_memory(catalog: Catalog) -> None:
    """prompt_tokens shortens the prefill and what each user's request holds in the paged KV
    cache; the window is held for one request, and how many fill it at once is reported
    apart. 100 users with 1k prompts in a 32k window need one H100, not the GPUs that 100
    full windows would; a prompt the context cannot hold is refused naming the field."""
    full = size(SizingRequest(model="llama-3.1-8b", context=32768, users=100), catalog)
    short = size(
        SizingRequest(
            model="llama-3.1-8b", context=32768, users=100, prompt_tokens=1024, output_tokens=256
        ),
        catalog,
    )
    assert short.gpu.count == 1 < full.gpu.count
    one = size(
        SizingRequest(model="llama-3.1-8b", context=32768, users=1, prompt_tokens=1024), catalog
    )
    assert one.memory.breakdown_gb.kv_cache == pytest.approx(4.295, abs=0.01)  # the window
    assert short.performance.max_concurrent_users >= 100
    assert short.performance.max_users_at_window < 100
    assert full.performance.max_users_at_window == full.performance.max_concurrent_users
    at_window = one.performance.max_users_at_window  # the same single H100
    assert short.performance.max_users_at_window == pytest.approx(at_window, rel=0.1)
    assert short.performance.ttft_s < full.performance.ttft_s / 4
    with pytest.raises(ValueError, match="prompt_tokens"):
        SizingRequest(model="llama-3.1-8b", context=4096, output_tokens=1024, prompt_tokens=3500)


def test_a_run_from_scratch_gets_a_week_unless_told(catalog: Catalog) -> None:
    """Pre-training is a project, fine-tuning a daily loop: the unsaid deadline is a week
    for one and a day for the other (both product defaults in workloads.yaml, said in the
    answer); a 1B model's compute-optimal run then needs no rack bought for one day."""
    data = catalog.workloads.fine_tuning
    scratch = recommend(RecommendRequest(model="llama-3.2-1b", task="pretrain"), catalog)
    tune = recommend(RecommendRequest(model="llama-3.2-1b", task="lora"), catalog)
    for result, hours, code in (
        (scratch, data.pretraining_deadline_hours, M.REC_DEADLINE_DEFAULT_PRETRAIN),
        (tune, data.deadline_hours, M.REC_DEADLINE_DEFAULT),  # "retrain daily": tuning only
    ):
        deadline = [n for n in result.assumptions_i18n if n.code is code]
        assert [n.params["hours"] for n in deadline] == [hours]
    assert data.pretraining_deadline_hours > data.deadline_hours
    lead = lead_option(scratch)
    assert lead is not None and lead.training_hours is not None
    assert lead.training_hours <= data.pretraining_deadline_hours
    assert lead.gpu.count * lead.replicas <= 8


def test_a_run_beyond_the_gpu_limit_says_how_many_gpus_would_end_in_time(
    catalog: Catalog,
) -> None:
    """7B from scratch on 1T tokens: 64 H100 need about 440 h; a week takes about three
    times the GPUs at the same rate per GPU (the same GPU-hours), said with a person's plan;
    QLoRA or a shorter context are no levers for pre-training."""
    result = recommend(
        RecommendRequest(
            model="llama-2-7b", task="pretrain", gpu="h100-sxm", dataset_tokens=10**12
        ),
        catalog,
    )
    closest = next(o for o in result.options if o.label == "closest")
    assert closest.training_hours is not None and closest.gpu.count == 64
    scale = next(n for n in result.unmet_i18n if n.code is M.UNMET_DEADLINE_SCALE_OUT)
    deadline = catalog.workloads.fine_tuning.pretraining_deadline_hours
    needed = 64 * closest.training_hours / deadline
    assert needed <= scale.params["count"] < needed + 8 and scale.params["count"] % 8 == 0
    assert scale.params["gpu_hours"] == pytest.approx(64 * closest.training_hours, abs=1)
    assert any(n.code is M.UNMET_DEADLINE_SCALE_OUT_RENT for n in result.unmet_i18n)
    assert result.make_it_fit == []
    weeks = recommend(
        RecommendRequest(
            model="llama-2-7b",
            task="pretrain",
            gpu="h100-sxm",
            dataset_tokens=10**12,
            deadline_hours=504,
        ),
        catalog,
    )
    assert not weeks.unmet_i18n
    lead = next(o for o in weeks.options if o.label == "recommended")
    assert lead.training_hours is not None and lead.training_hours <= 504


def test_a_whole_server_runs_the_lightest_format_it_holds(catalog: Catalog) -> None:
    """MI300X come only as 8-GPU servers: 3 of them in INT4 and 8 in BF16 are one purchase,
    so the recommended setup keeps the model's own format, not the cheaper-to-run INT4."""
    result = recommend(
        RecommendRequest(model="qwen3-235b-a22b", headcount=2000, datacenter=True, vendor="amd"),
        catalog,
    )
    lead = next(o for o in result.options if o.label == "recommended")
    same = [
        o
        for o in result.options
        if o.gpu.id == lead.gpu.id and o.cost.capex_usd == lead.cost.capex_usd and o.meets_targets
    ]
    ranks = {"bf16": 0, "mxfp4": 0, "fp8": 1, "int8": 2, "int4": 3}
    assert all(ranks[lead.precision] <= ranks[o.precision] for o in same)
    assert any(ranks[o.precision] > ranks[lead.precision] for o in same)


def test_a_run_led_by_gpus_with_no_rental_rate_is_priced_rented_too(catalog: Catalog) -> None:
    """A one-off run from scratch led by a GPU nobody rents by the hour: the fastest run on
    GPUs with a public rate is set beside it, with its rent."""
    result = recommend(
        RecommendRequest(model="qwen2.5-7b", task="pretrain", dataset_tokens=10**12), catalog
    )
    lead = result.options[0]
    rented = [o for o in result.options if o.label == "rent_instead"]
    if lead.cost.cloud_run_usd is None:
        assert len(rented) == 1 and rented[0].cost.cloud_run_usd is not None
        assert rented[0].cost.cloud_usd_per_gpu_hour is not None
    else:
        assert rented == []
    assert lead.cost.cloud_run_usd is None  # the MI350X: bought, not rented, in the catalog


def test_a_deadline_of_no_time_names_no_cluster(catalog: Catalog) -> None:
    """A deadline no cluster could meet (a fraction of a second) gets the unmet time and the
    closest run, not a count of GPUs past any cluster built (it was an overflow)."""
    result = recommend(RecommendRequest(task="full", deadline_hours=5e-324), catalog)
    assert not any(n.code is M.UNMET_DEADLINE_SCALE_OUT for n in result.unmet_i18n)
    assert any(line.startswith("time:") for line in result.unmet)


def test_n_plus_1_adds_one_copy_of_the_recommended_setup(catalog: Catalog) -> None:
    """A spare (N+1) is the recommended setup with one more copy of the model, the same GPUs
    per copy: any one copy down leaves the recommended setup, which holds the peak. Asked
    for, the answer leads with it; a 3,000-strong bank gets it priced unasked."""
    asked = recommend(RecommendRequest(users=300, model="qwen2.5-7b", redundancy=True), catalog)
    (best,) = by_label(asked, "recommended")
    (spare,) = by_label(asked, "reserve")
    assert (spare.model, spare.precision, spare.gpu.id, spare.gpu.count) == (
        best.model,
        best.precision,
        best.gpu.id,
        best.gpu.count,
    )
    assert spare.replicas == best.replicas + 1
    assert spare.meets_targets and spare.cost.capex_usd > best.cost.capex_usd
    assert lead_option(asked) is spare
    assert spare.why_i18n.render("ru").startswith(f"N+1: {spare.replicas} копии модели")
    bank = recommend(RecommendRequest(use_case="chat", headcount=3000, datacenter=True), catalog)
    assert by_label(bank, "reserve") and lead_option(bank) is by_label(bank, "recommended")[0]
    small = recommend(RecommendRequest(use_case="chat", headcount=200), catalog)
    assert not by_label(small, "reserve")


def test_a_spare_the_budget_cannot_buy_is_not_offered(catalog: Catalog) -> None:
    unbounded = recommend(
        RecommendRequest(users=40, model="llama-3.1-70b", redundancy=True), catalog
    )
    (best,) = by_label(unbounded, "recommended")
    (spare,) = by_label(unbounded, "reserve")
    budget = (best.cost.capex_usd + spare.cost.capex_usd) / 2
    bounded = recommend(
        RecommendRequest(users=40, model="llama-3.1-70b", redundancy=True, budget_usd=budget),
        catalog,
    )
    assert not by_label(bounded, "reserve")
    assert all(o.cost.capex_usd <= budget for o in bounded.options)


def test_epochs_multiply_the_run_and_are_said(catalog: Catalog) -> None:
    """'20M tokens, 3 epochs': the run trains on 60M tokens (it was priced for one epoch,
    a third of the time), and the assumption says three epochs."""
    goal = {
        "model": "llama-3.1-8b",
        "task": "lora",
        "dataset_tokens": 20_000_000,
        "gpu": "rtx-4090",
        "gpus": 1,
    }
    one = recommend(RecommendRequest(**goal), catalog)
    three = recommend(RecommendRequest(**goal, epochs=3), catalog)
    (lead_one,) = by_label(one, "recommended")
    (lead_three,) = by_label(three, "recommended")
    assert lead_one.training_hours is not None and lead_three.training_hours is not None
    assert lead_three.training_hours == pytest.approx(3 * lead_one.training_hours, rel=0.01)
    assert any("3 epochs over 20,000,000 tokens" in line for line in three.assumptions)
    assert any("1 epoch over 20,000,000 tokens" in line for line in one.assumptions)


def test_work_around_the_clock_has_no_office_hours_nor_peak(catalog: Catalog) -> None:
    """100,000 extractions a day over 8 busy hours with a 2x peak hour need 6x the requests
    in flight of the same volume spread evenly over 24 hours."""
    office = recommend(RecommendRequest(use_case="extraction", requests_per_day=1e5), catalog)
    batch = recommend(
        RecommendRequest(use_case="extraction", requests_per_day=1e5, around_the_clock=True),
        catalog,
    )
    assert office.workload.concurrency == pytest.approx(6 * batch.workload.concurrency, rel=0.05)
    assert any("around the clock at an even rate" in line for line in batch.assumptions)


def test_work_around_the_clock_bills_the_api_for_its_own_volume(catalog: Catalog) -> None:
    """A batch's month of tokens is its volume day and night, not the office's 176 busy hours
    at half the peak: 500k contracts over a month were priced at the API as $151, an eighth
    of their tokens. The same daily volume bills 30.4 days around the clock against 22
    working days in the office."""
    goal = {"use_case": "extraction", "requests_per_day": 1e6, "model": "gpt-oss-20b"}
    office = recommend(RecommendRequest(**goal), catalog)
    batch = recommend(RecommendRequest(**goal, around_the_clock=True), catalog)
    (at_office,) = by_label(office, "recommended")
    (in_batch,) = by_label(batch, "recommended")
    assert at_office.cost.api_monthly_usd is not None and in_batch.cost.api_monthly_usd
    days = catalog.prices.running.busy_hours_per_month / 8  # working days of 8 busy hours
    assert in_batch.cost.api_monthly_usd / at_office.cost.api_monthly_usd == pytest.approx(
        HOURS_PER_MONTH / 24 / days, rel=0.05
    )
    assert any("day and night" in line for line in batch.assumptions)


def test_a_rate_is_held_for_the_time_each_stated_request_takes(catalog: Catalog) -> None:
    """25 requests/s of one output token answered within 200 ms are about 7 in flight, not
    the 345 of a 256-token chat answer streamed at 20 tokens/s (Little's law at the request's
    own length and latency)."""
    result = recommend(
        RecommendRequest(requests_per_s=25, output_tokens=1, ttft_s=0.2, context=256), catalog
    )
    seconds = 0.2 + 1 / catalog.workloads.use_cases["chat"].tokens_per_s_per_user
    assert result.workload.concurrency == math.ceil(25 * seconds)


def test_a_bill_for_a_named_hosted_model_is_read_at_its_prices(catalog: Catalog) -> None:
    """$8k a month of gpt-4o-mini was read at the flagship's prices, a thirteenth of its
    traffic; the bill buys tokens at the named model's price, and an unpriced name is refused
    naming the field."""
    goal = {"use_case": "support", "api_bill_usd": 8000, "model": "gpt-oss-20b"}
    flagship = recommend(RecommendRequest(**goal), catalog)
    mini = recommend(RecommendRequest(**goal, api_bill_model="gpt-4o-mini"), catalog)
    profile = catalog.workloads.use_cases["support"]
    share = profile.input_tokens / (profile.input_tokens + profile.output_tokens)
    ratio = catalog.prices.bill_reference.blended_usd_per_m(share) / next(
        a for a in catalog.prices.hosted_api if a.name == "gpt-4o-mini"
    ).blended_usd_per_m(share)
    assert mini.workload.concurrency == pytest.approx(
        flagship.workload.concurrency * ratio, rel=0.05
    )
    with pytest.raises(InputError) as refused:
        recommend(RecommendRequest(**goal, api_bill_model="claude-9"), catalog)
    assert refused.value.field == "api_bill_model" and "gpt-4o-mini" in refused.value.allowed


def test_a_bill_moved_to_another_api_is_priced_at_that_apis_prices(catalog: Catalog) -> None:
    """ "Claude costs us 600k roubles a month, we want to move to the DeepSeek API: how much
    do we save?" priced only owning: the same tokens at the other API's prices are the bill
    scaled by the two APIs' prices for the use case's share of prompt tokens."""
    goal = {"use_case": "support", "api_bill_usd": 12000, "api_bill_model": "gpt-4o"}
    moved = recommend(RecommendRequest(**goal, api_model="deepseek-v4-pro"), catalog)
    profile = catalog.workloads.use_cases["support"]
    share = profile.input_tokens / (profile.input_tokens + profile.output_tokens)
    now, target = (catalog.prices.billed_api(n) for n in ("gpt-4o", "deepseek-v4-pro"))
    assert now is not None and target is not None
    monthly = 12000 * target.blended_usd_per_m(share) / now.blended_usd_per_m(share)
    switch = moved.api_switch_i18n
    assert switch is not None and switch.code is M.REC_API_SWITCH
    assert switch.params["monthly"] == pytest.approx(monthly)
    assert switch.params["saving"] == pytest.approx(12000 - monthly)
    assert moved.api_switch is not None and "deepseek-v4-pro" in moved.api_switch
    dearer = recommend(
        RecommendRequest(**{**goal, "api_bill_model": "deepseek-v4-pro"}, api_model="gpt-4o"),
        catalog,
    )
    assert dearer.api_switch_i18n is not None
    assert dearer.api_switch_i18n.code is M.REC_API_SWITCH_MORE
    assert dearer.api_switch_i18n.params["extra"] > 0
    # no second API, or no bill: nothing to move
    assert recommend(RecommendRequest(**goal), catalog).api_switch_i18n is None
    no_bill = {"use_case": "support", "users": 20, "api_model": "deepseek-v4-pro"}
    assert recommend(RecommendRequest(**no_bill), catalog).api_switch_i18n is None


def test_one_vendor_only_leaves_the_others_out(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(headcount=2000, vendor="nvidia"), catalog)
    assert result.options and all(catalog.gpus[o.gpu.id].vendor == "nvidia" for o in result.options)


def test_a_vanishing_speed_target_is_refused() -> None:
    """The API fuzz test sent tokens_per_s=5e-324 with a bill: each request's time in flight,
    now taken at the stated speed, became infinite and overflowed Little's law."""
    with pytest.raises(ValueError, match="tokens_per_s"):
        RecommendRequest(api_bill_usd=1.0, tokens_per_s=5e-324)


def test_a_vanishing_epoch_count_is_refused() -> None:
    """The API fuzz test sent epochs=5e-324: the run's tokens vanished and its cost per
    million tokens overflowed to infinity, which JSON cannot carry."""
    with pytest.raises(ValueError, match="epochs"):
        RecommendRequest(task="full", epochs=5e-324)


def test_renting_one_gpu_of_a_whole_server_is_weighed_against_its_card(
    catalog: Catalog,
) -> None:
    """One H100 SXM is a share of a $285,000 server: against that, renting one 'stays cheaper
    for five years'. One is bought as the card version (H100 PCIe), and against that renting
    around the clock pays back within about a year and a half."""
    result = recommend(RecommendRequest(model="qwen2.5-7b", gpu="h100-sxm", users=5), catalog)
    (best,) = by_label(result, "recommended")
    assert best.gpu.count * best.replicas == 1 and best.cost.gpus_bought == 8
    assert best.cost.card_alternative == "NVIDIA H100 PCIe"
    months = best.cost.cloud_break_even_months
    assert months is not None and 6 < months < 24
    text = recommendation_text(result, "en")
    assert "buying 1 x NVIDIA H100 PCIe (the card version, sold one by one) instead" in text


def test_a_batch_job_with_no_deadline_is_sized_for_a_week_and_done_once(
    catalog: Catalog,
) -> None:
    """batch_items and nothing else: the requests spread around the clock over a week (said
    as assumed), done once; each option says how long the job takes at full load, within
    that week for the options that meet the targets."""
    result = recommend(RecommendRequest(use_case="summarization", batch_items=1_000_000), catalog)
    assert result.goal["one_off"] is True and result.goal["around_the_clock"] is True
    assert result.goal["rent_hours_per_month"] == 168
    assert result.goal["requests_per_day"] == pytest.approx(1_000_000 / 7 / BATCH_PLAN_SHARE)
    assert any(n.code is M.REC_BATCH_WEEK for n in result.assumptions_i18n)
    lead = lead_option(result)
    assert lead is not None and lead.batch_job is not None
    assert lead.batch_job.items == 1_000_000
    assert lead.batch_job.hours <= 168 * BATCH_PLAN_SHARE  # a margin for the speed estimate
    assert lead.size_request["batch_items"] == 1_000_000
    resized = size(SizingRequest.model_validate(lead.size_request), catalog).batch_job
    assert resized is not None and resized.hours == pytest.approx(lead.batch_job.hours)


def test_a_batch_jobs_deadline_sets_its_rate_and_a_stated_load_wins(catalog: Catalog) -> None:
    within_a_day = recommend(
        RecommendRequest(use_case="extraction", batch_items=100_000, deadline_hours=24), catalog
    )
    assert within_a_day.goal["requests_per_day"] == pytest.approx(100_000 / BATCH_PLAN_SHARE)
    assert any(n.code is M.REC_BATCH_DEADLINE for n in within_a_day.assumptions_i18n)
    lead = lead_option(within_a_day)
    assert lead is not None and lead.batch_job is not None
    assert lead.batch_job.hours <= 24 * BATCH_PLAN_SHARE
    with_users = recommend(RecommendRequest(users=20, batch_items=100_000), catalog)
    assert with_users.goal.get("requests_per_day") is None
    assert not with_users.goal["one_off"]
    lead = lead_option(with_users)
    assert lead is not None and lead.batch_job is not None  # still timed on that setup


def test_a_batch_deadline_under_an_hour_is_an_hour(catalog: Catalog) -> None:
    result = recommend(
        RecommendRequest(batch_items=1000, deadline_hours=5e-324, model="llama-3.1-8b"), catalog
    )
    assert result.goal["rent_hours_per_month"] == 1.0
    with pytest.raises(InputError, match="batch_items"):
        recommend_deployment({"batch_items": 0}, catalog)


def test_the_api_the_customer_names_is_the_one_weighed(catalog: Catalog) -> None:
    """ "API like gpt-4o-mini or our own server?" was weighed against the API of each
    option's tier (gpt-5-mini, deepseek-v4-pro at 8x gpt-4o-mini's bill), which flipped the
    verdict (QA 20); the named API's prices are used, and an unpriced name is refused."""
    named = recommend(RecommendRequest(headcount=400, api_model="gpt-4o-mini"), catalog)
    tiered = recommend(RecommendRequest(headcount=400), catalog)
    lead, other = lead_option(named), lead_option(tiered)
    assert lead is not None and other is not None
    assert lead.cost.api_name == "gpt-4o-mini" and lead.cost.api_named
    assert not other.cost.api_named
    with pytest.raises(InputError) as refused:
        recommend(RecommendRequest(headcount=400, api_model="gpt-9000"), catalog)
    assert refused.value.field == "api_model" and "gpt-4o-mini" in refused.value.allowed


def test_a_batch_on_owned_gpus_runs_on_all_of_them(catalog: Catalog) -> None:
    """2M emails on two owned A100s ran on the one that met the week's rate (QA 21): the job
    runs on every owned GPU, the option's copies of the model on each, and finishes sooner."""
    goal = RecommendRequest(
        use_case="support", batch_items=2_000_000, output_tokens=16, owned="2x a100-80gb"
    )
    result = recommend(goal, catalog)
    lead = lead_option(result)
    assert lead is not None and lead.batch_job is not None
    assert lead.gpu.count * lead.replicas == 1  # the rate needs one
    assert lead.batch_job.gpu_hours == pytest.approx(2 * lead.batch_job.hours, rel=0.01)
    alone = size(SizingRequest.model_validate(lead.size_request), catalog).batch_job
    assert alone is not None and lead.batch_job.hours < alone.hours


def test_long_documents_with_no_length_are_the_catalogs_long_document(catalog: Catalog) -> None:
    """ "Long contracts", no length said: each prompt is the catalog's long document (pages x
    words per page x tokens per word), said as assumed; a length said wins."""
    daily = catalog.workloads.daily
    result = recommend(RecommendRequest(headcount=40, long_documents=True), catalog)
    words = round(daily.long_document_pages * daily.words_per_page)
    assert result.workload.input_tokens == math.ceil(words * daily.tokens_per_word)
    codes = [n.code for n in result.assumptions_i18n]
    assert M.ASSUMED_LONG_DOCUMENT in codes and M.ASSUMED_DOCUMENT in codes
    said = recommend(
        RecommendRequest(headcount=40, long_documents=True, document_words=2000), catalog
    )
    assert said.workload.input_tokens == math.ceil(2000 * daily.tokens_per_word)
    assert M.ASSUMED_LONG_DOCUMENT not in [n.code for n in said.assumptions_i18n]


def test_an_inference_option_shows_where_its_memory_goes(catalog: Catalog) -> None:
    """Each inference option's memory: one copy's weights, one request's KV cache at its
    context and the users it holds at peak, within its GPUs' memory; none for training."""
    result = recommend(RecommendRequest(headcount=40, document_words=15_000), catalog)
    for option in result.options:
        memory = option.memory
        assert memory is not None
        assert memory.kv_gb_at_peak == round(memory.kv_gb_per_request * option.users_per_replica, 2)
        assert memory.weights_gb + memory.kv_gb_at_peak <= memory.memory_gb
        assert memory.memory_gb == pytest.approx(option.gpu.count * _gpu_memory(catalog, option))
    training = recommend(RecommendRequest(task="lora", model="llama-3.1-8b"), catalog)
    assert all(option.memory is None for option in training.options)


def _gpu_memory(catalog: Catalog, option: Option) -> float:
    return catalog.gpus[option.gpu.id].memory_gb


def test_a_document_no_suited_model_reads_whole_says_so_and_how_to_split(
    catalog: Catalog,
) -> None:
    """400-page tenders (266k tokens) for extraction: no suited model reads one whole, and the
    unmet note says that and how to split it, not "no model suits the task" (QA 23)."""
    result = recommend(
        RecommendRequest(use_case="extraction", requests_per_day=4, document_words=200_000),
        catalog,
    )
    assert not result.options
    unmet = result.unmet_i18n[0]
    assert unmet.code is M.UNMET_CONTEXT_TOO_LONG
    assert unmet.params["context"] > unmet.params["longest"]


def test_gpus_that_hold_none_of_the_load_offer_the_most_they_hold(catalog: Catalog) -> None:
    """30 users whose requests fill a 32k window on at most 2 RTX 4090: nothing holds them all,
    so the closest option is the setup on those GPUs that holds the most requests at 32k, at
    that load (QA 23 said only 'no allowed GPU holds ...')."""
    result = recommend(
        RecommendRequest(
            users=30,
            context=32_768,
            prompt_tokens=32_000,
            output_tokens=768,
            gpu="rtx-4090",
            gpus=2,
            model="llama-3.1-8b",
        ),
        catalog,
    )
    assert [n.code for n in result.unmet_i18n] == [M.UNMET_FIT]
    closest = next(o for o in result.options if o.label == "closest")
    assert closest.gpu.id == "rtx-4090" and closest.gpu.count * closest.replicas <= 2
    assert 1 <= closest.max_concurrent_users < 30
    assert closest.users_per_replica * closest.replicas == closest.max_concurrent_users


def test_a_batch_job_is_sized_to_finish_by_its_deadline_not_to_chat_speed(
    catalog: Catalog,
) -> None:
    """10 million tickets to classify within 48 h bought 6 RTX 4090 that finished in 6 hours,
    and a 70B model 16 MI300X in 5.4 hours (QA 25): each request was held to a chat reader's
    tokens per second. A batch job meets its target when it ends by its deadline; the
    recommended setup does, with the fewest GPUs that do."""
    goal = {
        "use_case": "extraction",
        "context": 400,
        "output_tokens": 16,
        "batch_items": 10_000_000,
        "deadline_hours": 48.0,
    }
    result = recommend(RecommendRequest(**goal), catalog)  # type: ignore[arg-type]
    (best,) = by_label(result, "recommended")
    assert best.batch_job is not None and best.meets_targets
    assert best.batch_job.hours <= 48
    fewer = best.gpu.count * best.replicas - 1
    if fewer >= 1:  # one GPU fewer of the same setup would not finish in time
        from advisor.sizing.engine import size
        from advisor.sizing.request import SizingRequest

        report = size(SizingRequest.model_validate({**best.size_request, "gpus": fewer}), catalog)
        assert report.batch_job is None or report.batch_job.hours > 48


def test_one_or_two_cards_in_a_rack_take_a_two_card_server(catalog: Catalog) -> None:
    """A data-centre goal put one RTX PRO 6000 in the 4-GPU server's $30,000 chassis, $38,600
    in all, while two cost $25,200 in a workstation (QA 25, 26): the smallest rack chassis
    that holds the cards is a 2U server for two."""
    result = recommend(
        RecommendRequest(use_case="chat", headcount=1500, language="ru", datacenter=True),
        catalog,
    )
    two = next(c for c in catalog.prices.chassis if c.id == "server-2gpu")
    assert two.rack_units is not None and two.max_gpus == 2
    small = [
        o
        for o in result.options
        if o.gpu.count * o.replicas <= 2 and catalog.prices.gpus[o.gpu.id].kind == "card"
    ]
    assert small
    for option in small:
        cards = option.gpu.count * option.replicas * catalog.prices.gpus[option.gpu.id].usd
        assert option.cost.capex_usd == pytest.approx(cards + two.usd)


def test_a_coding_assistant_for_russian_developers_needs_no_russian_rating(
    catalog: Catalog,
) -> None:
    """ "5 разработчиков, аналог Copilot, бюджет до 1 млн рублей" found no coding model with a
    published Russian rating under 2.1 million roubles and answered over the budget: code is
    its own language, so coders with no Russian table are on the shortlist for it."""
    result = recommend(
        RecommendRequest(language="ru", headcount=5, use_case="code", budget_rub=1_000_000),
        catalog,
    )
    budget = catalog.prices.usd(1_000_000, "RUB")
    within = [o for o in result.options if o.meets_targets and o.cost.capex_usd <= budget]
    assert within and not result.unmet
    chat = recommend(
        RecommendRequest(language="ru", headcount=5, use_case="chat", budget_rub=1_000_000),
        catalog,
    )
    assert all(
        catalog.suitability[o.model].russian in ("strong", "good", "fair") for o in chat.options
    )


def test_a_run_rented_instead_is_the_same_models(catalog: Catalog) -> None:
    """ "Continue pretraining a 7B model on 20B tokens within a month" led with Qwen2.5 7B on
    two RTX PRO 6000 and priced renting with gpt-oss-20b, another run (QA 27)."""
    result = recommend(
        RecommendRequest(task="pretrain", dataset_tokens=2 * 10**10, deadline_hours=720),
        catalog,
    )
    lead = result.options[0]
    rented = [o for o in result.options if o.label == "rent_instead"]
    assert rented and all(o.model == lead.model for o in rented)


def test_the_customers_electricity_price_runs_every_option(catalog: Catalog) -> None:
    goal = {"use_case": "chat", "headcount": 60}
    base = recommend(RecommendRequest(**goal), catalog)
    dear = recommend(RecommendRequest(**goal, power_usd_per_kwh=0.4), catalog)
    assert dear.options[0].cost.monthly_usd > base.options[0].cost.monthly_usd
    assert M.REC_POWER_PRICE in {n.code for n in dear.assumptions_i18n}
    assert M.REC_POWER_PRICE not in {n.code for n in base.assumptions_i18n}


def test_speech_with_no_hours_is_said_beside_the_options(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(use_case="summarization", speech_to_text=True), catalog)
    assert result.transcription_i18n is not None
    assert result.transcription_i18n.code is M.STT_NO_VOLUME
    stt = catalog.workloads.speech_to_text
    assert result.transcription_i18n.params["minutes"] == pytest.approx(60 / stt.realtime_factor)
    plain = recommend(RecommendRequest(use_case="summarization"), catalog)
    assert plain.transcription_i18n is None


def test_an_engine_note_is_for_a_named_option_not_the_pareto_rest(catalog: Catalog) -> None:
    """A bank's RAG for 300 staff listed a V100 only among the Pareto options the answer
    does not name, yet its 'pin vLLM 0.19.1' note stood among the assumptions."""
    goal = {"headcount": 300, "on_premises": True, "datacenter": True, "use_case": "rag"}
    result = recommend(RecommendRequest(min_quality_tier=4, language="ru", **goal), catalog)
    named = {o.gpu.id for o in result.options if o.label != "pareto"}
    assert any(o.gpu.id.startswith("v100") for o in result.options if o.label == "pareto")
    dropped = [n for n in result.assumptions_i18n if n.code is M.ENGINE_DROPPED_GPU]
    assert {dict(n.params)["gpu"] for n in dropped} == {
        catalog.gpus[g].name for g in named if catalog.gpus[g].compute_capability == 7.0
    }


def test_gaming_cards_train_within_one_machine(catalog: Catalog) -> None:
    """QA round 32: a full fine-tune of a 32B model was offered rented on 40 x RTX 4090 (five
    boxes of GeForce cards with an HGX cluster's network assumed between them)."""
    result = recommend(
        RecommendRequest(task="full", model="qwen3-32b", dataset_tokens=4_000_000), catalog
    )
    assert result.options
    for option in result.options:
        gpu = catalog.gpus[option.gpu.id]
        assert gpu.gpu_class != "gaming" or option.gpu.count <= search_module.GPUS_PER_NODE


def test_a_smaller_model_is_searched_below_the_size(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(use_case="chat", users=50, smaller_than_b=20), catalog)
    assert result.options
    for option in result.options:
        assert (catalog.models[option.model].reported_params_b or 0) < 20
    assert any("smaller than the last one" in a for a in result.assumptions)


def test_a_reasoning_model_without_distills_is_sized_as_published(catalog: Catalog) -> None:
    """QA 49, T13: 'the strongest reasoning model, no distills, no quantization' led with
    Phi-4 in BF16; only models that think, none distilled, each in its own format, with the
    chain of thought in every answer."""
    request = RecommendRequest(
        headcount=20, reasoning=True, no_distills=True, as_published=True, strongest=True
    )
    result = recommend(request, catalog)
    assert result.options and result.workload.output_tokens == 4096
    for option in result.options:
        model = catalog.models[option.model]
        assert model.reasoning and model.distilled_from is None
        published = "fp16" if model.native_precision == "fp32" else model.native_precision
        assert option.precision == published
    (strongest,) = by_label(result, "quality")
    assert catalog.suitability[strongest.model].quality_tier == 5
    codes = {n.code for n in result.assumptions_i18n}
    assert {M.REC_REASONING, M.REC_NO_DISTILLS, M.REC_AS_PUBLISHED} <= codes


def test_distills_are_left_out_only_when_asked(catalog: Catalog) -> None:
    base = RecommendRequest(users=8, reasoning=True, family="deepseek-r1")
    with_distills = {o.model for o in recommend(base, catalog).options}
    without = recommend(base.model_copy(update={"no_distills": True}), catalog)
    assert any(catalog.models[m].distilled_from for m in with_distills)
    assert all(catalog.models[o.model].distilled_from is None for o in without.options)


def test_a_smarter_model_is_above_the_one_named_and_no_smaller(catalog: Catalog) -> None:
    """QA 49, T23: 'GigaChat, but smarter than this 20B' got the same 20B. The catalog has
    no stronger GigaChat: the answer says so and sizes stronger models of other families,
    none of them smaller (a 7B that scores above the 20B is no smarter model to a buyer)."""
    base = catalog.models["gigachat-20b-a3b"]
    request = RecommendRequest(
        requests_per_day=9000, language="ru", stronger_than=base.id, family="gigachat"
    )
    result = recommend(request, catalog)
    assert result.options
    tier = catalog.suitability[base.id].quality_tier
    for option in result.options:
        assert option.model != base.id
        assert (catalog.models[option.model].reported_params_b or 0) >= (
            base.reported_params_b or 0
        )
        assert catalog.suitability[option.model].quality_tier >= tier
    codes = {n.code for n in result.assumptions_i18n}
    assert {M.REC_STRONGER_THAN, M.REC_NONE_STRONGER_IN_FAMILY} <= codes
    assert any("GigaChat model stronger" in line for line in result.assumptions)


def test_a_stronger_model_than_an_unknown_one_names_the_field(catalog: Catalog) -> None:
    with pytest.raises(InputError) as caught:
        recommend(RecommendRequest(users=5, stronger_than="no-such-model-9000b"), catalog)
    assert caught.value.field == "stronger_than"


def test_a_workstation_under_a_desk_is_one_tower_without_geforce(catalog: Catalog) -> None:
    """QA 49, T27: 'no GeForce, a single workstation under a desk, not a rack' priced the same
    RTX PRO 6000 as a rack server ($20,600 against $16,600 a turn before)."""
    request = RecommendRequest(
        model="qwen3-coder-30b-a3b",
        headcount=50,
        use_case="code",
        context=30000,
        workstation=True,
        professional_only=True,
    )
    result = recommend(request, catalog)
    assert result.options
    towers = {c.id for c in catalog.prices.chassis if c.rack_units is None}
    for option in result.options:
        assert option.gpu.gpu_class != "gaming"
        assert option.cost.servers == 1
        assert_option_holds(option, result, catalog)
    codes = {n.code for n in result.assumptions_i18n}
    assert {M.REC_WORKSTATION, M.REC_PROFESSIONAL_ONLY} <= codes
    assert M.REC_DATACENTER_BY_SIZE not in codes and towers


def test_a_workstation_in_a_server_room_names_the_field() -> None:
    with pytest.raises(ValueError, match="workstation"):
        RecommendRequest(users=5, datacenter=True, workstation=True)


def test_no_reasoning_model_reading_a_long_document_is_said_as_its_context(
    catalog: Catalog,
) -> None:
    """QA 50, T14: a reasoning model for 220k-token contracts said 'no such model in the
    catalog'; the reasoning models that suit the task exist, and none reads one contract whole:
    the answer says so, with map-reduce and retrieval."""
    request = RecommendRequest(
        headcount=20, reasoning=True, document_words=100_000, use_case="extraction"
    )
    result = recommend(request, catalog)
    assert not result.options
    (unmet,) = result.unmet_i18n
    assert unmet.code is M.UNMET_CONTEXT_TOO_LONG
    assert 0 < unmet.params["longest"] < unmet.params["context"]
    anyone = recommend(request.model_copy(update={"reasoning": False}), catalog)
    assert anyone.options  # a model that does not reason reads it: the reasoning rule binds


def test_a_server_rooms_pilot_is_bought_new(catalog: Catalog) -> None:
    """A bank's or a state body's pilot: no discontinued cards bought second-hand (QA round
    34 offered a bank '2 x Tesla T4 (used)')."""
    request = RecommendRequest(
        headcount=300, use_case="rag", min_quality_tier=4, datacenter=True, budget_rub=5_000_000
    )
    result = recommend(request, catalog)
    start = [o for o in result.options if o.label == "start"]
    assert start and all(o.gpu.market == "new" for o in start)


def test_growing_gaming_cards_adds_copies_not_a_wider_split(catalog: Catalog) -> None:
    """QA 40: twice the load on 4 x RTX 4060 Ti was 8 of them as one tensor-parallel group,
    which needs an 8-GPU server chassis ($73,600 against $7,800 for four); two copies of the
    four that already serve it go in two 4-GPU towers."""
    result = recommend(
        RecommendRequest(
            users=15, model="deepseek-r1-distill-qwen-32b", output_tokens=4096, language="ru"
        ),
        catalog,
    )
    recommended = by_label(result, "recommended")[0]
    scale = by_label(result, "scale")[0]
    assert scale.gpu.id == recommended.gpu.id
    assert scale.replicas > 1 and scale.gpu.count == recommended.gpu.count
    assert scale.cost.capex_usd <= 2.5 * recommended.cost.capex_usd
    assert_option_holds(scale, result, catalog)


def test_an_own_server_is_weighed_against_the_same_model_hosted_where_priced(
    catalog: Catalog,
) -> None:
    """QA 42: Qwen3-235B at 50M tokens a day was weighed against deepseek-v4-pro at peak
    hours, the API of its tier, at several times the price of Qwen3-235B itself hosted; the
    verdict said an own server pays off. The same model hosted is the alternative a buyer has;
    a model no provider lists in the catalog keeps the API of its tier."""
    hosted = recommend(
        RecommendRequest(model="qwen3-235b-a22b", tokens_per_day=50_000_000), catalog
    )
    lead = hosted.options[0]
    api = catalog.prices.api_for_model("qwen3-235b-a22b")
    assert api is not None
    assert lead.cost.api_same_model and lead.cost.api_name == api.name
    assert not lead.cost.api_named
    unlisted = next(m for m in catalog.suitability if catalog.prices.api_for_model(m) is None)
    tiered = recommend(RecommendRequest(model=unlisted, users=10), catalog).options[0]
    tier = catalog.suitability[unlisted].quality_tier
    assert not tiered.cost.api_same_model
    assert tiered.cost.api_name == catalog.prices.api_for_tier(tier).name


def test_the_fastest_option_is_the_fastest_per_user_within_the_budget(catalog: Catalog) -> None:
    """Asked for the fastest: each card as one server's widest group, the fastest kept; a
    budget bounds it."""
    free = recommend(RecommendRequest(model="llama-3.1-405b", fastest=True), catalog)
    (fastest,) = by_label(free, "fastest")
    assert all(
        fastest.per_user_tokens_per_s >= o.per_user_tokens_per_s
        for o in free.options
        if o.meets_targets
    )
    assert_option_holds(fastest, free, catalog)
    capped = recommend(
        RecommendRequest(model="llama-3.1-405b", fastest=True, budget_usd=150_000), catalog
    )
    bounded = by_label(capped, "fastest")
    assert all(o.cost.capex_usd <= 150_000 for o in bounded)
    assert not by_label(recommend(RecommendRequest(model="llama-3.1-405b"), catalog), "fastest")


def test_a_training_start_spends_less_up_front(catalog: Catalog) -> None:
    """QA 44: 2 used V100s at $9,400 'started' a $7,600 pair of RTX 5090s, cheaper only
    over three years of power."""
    result = recommend(
        RecommendRequest(model="gigachat-20b-a3b", task="lora", dataset_tokens=20_000_000),
        catalog,
    )
    (best,) = by_label(result, "recommended")
    for start in by_label(result, "start"):
        assert start.cost.capex_usd < best.cost.capex_usd


def test_a_recurring_batch_prices_a_month_of_runs(catalog: Catalog) -> None:
    """'Every night': the job's rented GPU-hours and API bill times the runs a month, and
    when buying pays back against renting each run."""
    result = recommend(
        RecommendRequest(
            model="qwen3-8b", batch_items=200_000, deadline_hours=8, runs_per_year=264
        ),
        catalog,
    )
    for option in result.options:
        cost = option.cost
        if option.gpu.market == "owned" or cost.batch_rent_usd is None:
            continue
        assert cost.batch_runs_per_month == 22.0
        assert cost.batch_rent_monthly_usd is not None
        assert math.isclose(cost.batch_rent_monthly_usd, cost.batch_rent_usd * 22, abs_tol=1)
        if cost.batch_rent_break_even_months is None:
            assert cost.batch_rent_monthly_usd <= cost.monthly_usd + 1
        else:
            gap = cost.batch_rent_monthly_usd - cost.monthly_usd
            assert math.isclose(
                cost.batch_rent_break_even_months, cost.capex_usd / gap, rel_tol=0.05
            )
    once = recommend(
        RecommendRequest(model="qwen3-8b", batch_items=200_000, deadline_hours=8), catalog
    )
    assert all(o.cost.batch_runs_per_month is None for o in once.options)


def test_gpus_without_bf16_are_said_to_run_fp16(catalog: Catalog) -> None:
    """QA 46: 'used V100 ... in BF16': a V100 (compute capability 7.0) has no BF16."""
    result = recommend(
        RecommendRequest(model="gigachat-20b-a3b", task="lora", dataset_tokens=20_000_000),
        catalog,
    )
    for option in result.options:
        gpu = catalog.gpus[option.gpu.id]
        assert option.gpu.bf16_native is ((gpu.compute_capability or 8.0) >= 8.0)
        if option.precision == "bf16":
            label = format_label(option, "en")
            assert label.startswith("FP16") is (not option.gpu.bf16_native)
    assert any(not o.gpu.bf16_native for o in result.options)


def test_long_documents_sent_together_are_served_by_fewer_gpus(catalog: Catalog) -> None:
    """QA 48 (T23, T24): ten 128k-token contract reviews held in flight all the time need 24
    H200, each prompt read while the others stream; sent together and read before the next,
    8 serve them. The answer gives both, the wave's figures from the engine."""
    goal = RecommendRequest(
        model="llama-3.1-70b",
        gpu="h200",
        precision="bf16",
        users=10,
        context=131_072,
        prompt_tokens=130_816,
        output_tokens=256,
    )
    result = recommend(goal, catalog)
    lead = result.options[0]
    wave = result.in_a_wave_i18n
    assert wave is not None and wave.code is M.REC_IN_A_WAVE
    assert wave.params["count"] < lead.gpu.count * lead.replicas
    assert wave.params["capex"] < wave.params["best"] == round(lead.cost.capex_usd)
    targets = result.workload
    assert targets.tokens_per_s_per_user is not None and targets.ttft_p95_s is not None
    assert float(wave.params["speed"]) >= targets.tokens_per_s_per_user
    assert float(wave.params["ttft"]) <= targets.ttft_p95_s
    assert float(wave.params["steady"]) < targets.tokens_per_s_per_user  # why the lead has more
    chat = recommend(RecommendRequest(model="llama-3.1-70b", gpu="h200", users=10), catalog)
    assert chat.in_a_wave_i18n is None  # short prompts: the lead's count is the wave's too
