"""What blind QA round 53 found: a second card added to one owned, the use case's targets
when a fixed setup is made to fit, odd GPU counts served by pipeline stages."""

from __future__ import annotations

import pytest

from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.services.recommendation import lead_option
from advisor.sizing.engine import size
from advisor.sizing.request import SizingRequest
from tests.agent.conversation import converse

GEMMA_ON_L40S = (
    "we have one L40S, want gemma 27 for internal RAG with 16k context, about 10 users at "
    "once — enough?"
)


@pytest.mark.parametrize(
    "text",
    [
        "and if we add a second L40S?",
        "and if we add another L40S?",
        "and with another L40S?",
        "one more L40S?",
        "а если докупить вторую L40S?",
        "с ещё одной L40S?",
        "а если добавить ещё одну карту?",
        "what if we buy one more card?",
    ],
)
def test_one_gpu_added_is_read_as_one_more(reader: Reader, text: str) -> None:
    said = reader.read(text, previous={"model": "gemma-3-27b", "gpu": "l40s", "gpus": 1}).said
    assert said.more_gpus and said.gpus == 2


@pytest.mark.parametrize(
    "text",
    [
        "the second card runs embeddings",
        "на второй карте эмбеддинги",
        "another GPU like the H100?",
        "another model on the H100?",
    ],
)
def test_an_ordinal_without_adding_adds_no_gpu(reader: Reader, text: str) -> None:
    assert not reader.read(text).said.more_gpus


def test_a_second_card_beside_one_owned_prices_the_card_not_a_server(
    service: AdvisorService,
) -> None:
    first, second, third = converse(
        service, GEMMA_ON_L40S, "and if we add a second L40S?", "а если добавить ещё одну карту?"
    )
    assert first.sizing is not None and first.sizing.gpu.count == 1
    assert second.sizing is not None and second.sizing.gpu.count == 2 and second.sizing.fits
    assert second.cost is not None and second.cost.owned_of == 1
    card = service.catalog.prices.gpus["l40s"].usd
    assert second.cost.added_cards_usd == card  # one card to buy, not a server of two
    assert second.cost.capex_usd > card
    # a third card is still beside the one owned, not beside two
    assert third.sizing is not None and third.sizing.gpu.count == 3
    assert third.cost is not None and third.cost.owned_of == 1
    assert third.cost.added_cards_usd == 2 * card


def test_a_setup_made_to_fit_is_held_to_its_use_cases_targets(service: AdvisorService) -> None:
    """QA 53 T31: RAG's targets, not a chat's, so FP8 (which serves them on one L40S) leads
    over INT4."""
    (answer,) = converse(service, GEMMA_ON_L40S)
    assert answer.sizing is not None and not answer.sizing.fits  # BF16 as published
    held = answer.to_meet_targets
    assert held is not None and held.gpu.id == "l40s" and held.precision == "fp8"
    assert held.meets_targets


def test_a_count_no_tp_divides_is_served_in_pipeline_stages(catalog: Catalog) -> None:
    """vLLM's edge case: 32 heads do not split over 3 GPUs; TP 1 with 3 stages does."""
    request = SizingRequest(model="gemma-3-27b", gpu="l40s", gpus=3, users=10, context=16384)
    report = size(request, catalog)
    assert report.fits
    assert (report.gpu.tensor_parallel, report.gpu.pipeline_parallel) == (1, 3)
    assert report.gpu.replicas == 1


@pytest.mark.parametrize(
    "text",
    [
        "What is the strongest model we can run on-prem for $50k?",
        "What is the most capable model we can run for $50k?",
    ],
)
def test_what_is_the_strongest_model_is_a_goal_not_a_term(reader: Reader, text: str) -> None:
    reading = reader.read(text)
    assert reading.intent == "recommend"
    assert reading.goal is not None and reading.goal.get("strongest")


def test_something_like_a_hosted_model_with_a_budget_leads_with_the_strongest_it_buys(
    service: AdvisorService,
) -> None:
    """QA 53 T23-T24: "something like GPT-5, $50k" asked which model for what; then half the
    budget lost both the class and the budget."""
    first, half = converse(
        service,
        "We need something like GPT-5 for our company but on-prem. Budget $50k. What can we get?",
        "what if the budget is half that?",
    )
    for answer, budget in ((first, 50_000), (half, 25_000)):
        result = answer.recommendation
        assert result is not None
        assert result.goal.get("budget_usd") == budget
        assert (result.goal.get("min_quality_tier") or 0) >= 5
        lead = lead_option(result, ["largest_model"])
        assert lead is not None and lead.label == "quality"  # the search's strongest in budget
        assert lead.quality_tier >= 5 and lead.cost.capex_usd <= budget
        assert lead.model_name in answer.answer.split("\n")[0]


def test_a_night_job_on_one_owned_card_gets_its_hours_and_the_gpus_that_end_it_in_time(
    service: AdvisorService,
) -> None:
    """QA 53 T17: the requests the KV cache does not hold wait their turn, so one RTX 4090
    runs the job (in its hours) instead of "no model fits 101 users at once"."""
    (answer,) = converse(
        service,
        "Надо за ночь классифицировать 200 тысяч тикетов по 20 категориям, у нас одна "
        "RTX 4090. Успеем?",
    )
    result = answer.recommendation
    assert result is not None and not result.unmet
    lead = lead_option(result)
    assert lead is not None and lead.label == "owned" and lead.batch_job is not None
    deadline = result.goal["deadline_hours"]
    assert lead.batch_job.hours > deadline  # 4,096 tokens a ticket: past the night
    # the owned card runs the models nearest the deadline first
    jobs = [o.batch_job.hours for o in result.options if o.batch_job is not None]
    assert jobs[0] == min(jobs)
    first = answer.answer.split("\n")[0]
    assert first.startswith("**Нет") and f"{deadline:g} ч" in first
    assert "4\xa0096" in first  # the request length the hours rest on


def test_a_batch_job_fix_line_says_its_hours_not_users(service: AdvisorService) -> None:
    _, bigger = converse(
        service,
        "Надо за ночь классифицировать 200 тысяч тикетов по 20 категориям, у нас одна "
        "RTX 4090. Успеем?",
        "а если взять модель побольше, квен 2.5 32б?",
    )
    result = bigger.recommendation
    assert result is not None and result.make_it_fit
    assert all(c.batch_hours is not None for c in result.make_it_fit if c.fits)
    assert "пользовател" not in bigger.answer.split("Я исходил")[0]
