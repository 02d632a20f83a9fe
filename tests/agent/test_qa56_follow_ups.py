"""What blind QA round 56 found: a contract backlog's pages and deadline said colloquially,
"why not X?" as an alternative to size, the cheapest of two models that cost alike, whole
contracts at a long context, and "already the cheapest" after a changed load."""

from __future__ import annotations

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.messages import M
from advisor.messages.note import render
from advisor.services.recommendation import lead_option
from tests.agent.conversation import converse


def test_a_backlog_by_monday_reads_its_pages_then_its_tokens_and_hours(
    service: AdvisorService,
) -> None:
    """QA 56 T13-T14: 1,024 tokens a contract over 168 h, then the same answer again after
    "тысяч 8-10 токенов каждый ... т.е. часов 60"."""
    friday, corrected = converse(
        service,
        "Срочно: до понедельника надо прогнать 50 тысяч договоров через нейросеть и сделать по "
        "каждому краткое содержание. Договор в среднем страниц 10. Сейчас пятница вечер. Что "
        "арендовать и сколько это будет стоить?",
        "Погоди, договоры длинные, это тысяч 8-10 токенов каждый, и срок — утро понедельника, "
        "т.е. часов 60. Если взять маленькую модель, на одной арендованной карте успеем?",
    )
    for answer, deadline in ((friday, 72.0), (corrected, 60.0)):
        result = answer.recommendation
        assert result is not None and result.options
        assert result.goal["batch_items"] == 50_000
        assert result.goal["deadline_hours"] == deadline
    first = friday.recommendation
    assert first is not None and first.workload.input_tokens > 5_000  # ten pages, not 1,024
    second = corrected.recommendation
    assert second is not None and second.workload.input_tokens == 10_000


@pytest.mark.parametrize(
    ("text", "words", "hours", "tokens"),
    [
        ("договор в среднем страниц 10. сейчас пятница вечер, до понедельника", 5000, 72.0, None),
        ("это тысяч 8-10 токенов каждый, т.е. часов 60", None, 60.0, 10_000),
        ("документов страниц 100 в день", None, None, None),
    ],
)
def test_pages_hours_and_tokens_said_after_their_word(
    text: str, words: int | None, hours: float | None, tokens: int | None
) -> None:
    text = normalize(text)
    assert q.read_document_words(text, 500) == words
    assert q.read_deadline_hours(text) == hours
    assert q.read_document_tokens(text) == tokens


@pytest.mark.parametrize(
    ("text", "intent"),
    [
        (
            "Why not gpt-oss-20b instead? Would that be good enough on a plain RTX 4090, and "
            "how many users then?",
            "size",
        ),
        ("почему бы не взять H200?", "size"),
        ("почему не взять gpt-oss-20b?", "size"),
        ("почему не влезает 70B в 4090?", "explain"),
        ("why is the H100 faster?", "explain"),
    ],
)
def test_why_not_a_named_model_is_an_alternative_to_size(
    reader: Reader, text: str, intent: str
) -> None:
    """QA 56 T24: "why not gpt-oss-20b instead?" got three knowledge-base passages."""
    assert reader.read(text).intent == intent


def test_the_cheapest_of_two_models_alike_in_cost_is_the_newer(service: AdvisorService) -> None:
    """QA 56 T19: Mistral 7B v0.3 over Llama 3.1 8B for "the cheapest", under 5% apart."""
    (answer,) = converse(
        service,
        "what's the absolute cheapest way to pilot a private chatbot for like 10 people? "
        "something like mistral 7b or llama 8b, nothing fancy",
    )
    assert "I would take Llama 3.1 8B Instruct" in answer.answer
    assert render(M.MODELS_PICK_CHEAPEST_ALIKE, "en") in answer.answer


def test_whole_contracts_fill_the_context_and_a_changed_one_is_a_new_setup(
    service: AdvisorService,
) -> None:
    """QA 56 T21-T22: 128k contracts sized as one long request and seven chats, then "drop to
    32k" opened with "this is already the cheapest setup"."""
    long, shorter = converse(
        service,
        "We need to process contracts with 128k context using Qwen2.5-72B. How much VRAM do we "
        "need to run 8 requests in parallel, and which GPUs?",
        "Hmm, you didn't say how much VRAM. And what if we drop to 32k context instead of 128k "
        "— what's the total memory then and what's the cheapest datacenter setup?",
    )
    assert long.sizing is not None and long.sizing.users == 8
    assert long.sizing.prompt_tokens + long.sizing.output_tokens == 131_072
    result = shorter.recommendation
    assert result is not None and result.workload.input_tokens > 30_000
    assert "already the cheapest" not in shorter.answer


def test_how_fast_on_that_card_sizes_the_setup_the_pick_led_with(
    service: AdvisorService,
) -> None:
    """QA 56 T20: "how fast on that card?" after two models weighed for the cheapest pilot
    weighed them again on another card and gave no first token."""
    weighed, speed = converse(
        service,
        "what's the absolute cheapest way to pilot a private chatbot for like 10 people? "
        "something like mistral 7b or llama 8b, nothing fancy",
        "and how fast will it actually answer on that card? our people hate waiting. tokens "
        "per second and how long before the answer starts?",
    )
    result = weighed.recommendation
    assert result is not None
    led = lead_option(result, ["cheapest"])
    assert led is not None and led.gpu.id == "rtx-3080"  # the used card it led with
    assert speed.sizing is not None and speed.sizing.fits
    assert (speed.sizing.model, speed.sizing.gpu.id) == (led.model, led.gpu.id)
    assert speed.sizing.precision == led.precision
    assert "first token after" in speed.answer


def test_a_format_that_fits_leads_and_the_one_sized_is_an_aside(
    service: AdvisorService,
) -> None:
    """QA 56 T04: "Да, помещается" in INT4, then a bold "не помещается" and "Минимум 4 x RTX
    4090" for BF16, priced as one card."""
    (answer,) = converse(service, "Дистиллят R1 на 32B хватит одной 4090?")
    assert answer.answer.startswith("**Да, помещается")
    assert "— не помещается**" not in answer.answer
    assert "Минимум, который помещается" not in answer.answer
    assert "В BF16 понадобилось бы не меньше 4 x NVIDIA GeForce RTX 4090" in answer.answer


@pytest.mark.parametrize(
    ("text", "users"),
    [
        ("хотим поднять дипсик р1 у себя в компании. сколько нужно видюх?", 5),
        ("Can we run the full DeepSeek V3 for our company?", 5),
        ("DeepSeek R1 for our team of 40 engineers", None),  # counted: the staff's peak
        ("у нас 4 A100 в офисе, потянем R1?", None),  # the GPUs owned: one user's fit
        ("сколько видеокарт нужно для дипсик р1?", None),  # nobody said: one user
    ],
)
def test_people_of_an_organisation_uncounted_are_a_pilot(
    reader: Reader, text: str, users: int | None
) -> None:
    """QA 56 T03: R1 "у себя в компании" was sized for one user (its KV cache for four)."""
    reading = reader.read(text)
    assert reading.request is not None
    codes = [n.code for n in reading.notes]
    if users is None:
        assert M.ASSUMED_PILOT_USERS not in codes
    else:
        assert reading.request["users"] == users and M.ASSUMED_PILOT_USERS in codes


def test_a_customer_services_peak_is_no_staff(service: AdvisorService) -> None:
    """QA 56 T17: 2,000 website visitors at once were "the peak of an organisation of about
    20,000 staff"."""
    (answer,) = converse(
        service,
        "We're launching a customer support chatbot on our website. Expect up to 2,000 "
        "concurrent users at peak. We want Llama 3.1 70B. How many GPUs do we need?",
    )
    assert "busy customer service's peak" in answer.answer
    assert "staff" not in answer.answer


def test_an_api_weighed_against_own_hardware_is_met_by_a_model_of_its_class(
    service: AdvisorService,
) -> None:
    """QA 56 T11-T12: YandexGPT Pro's bill weighed against a 7B on an 8 GB card; then "10x the
    volume, no worse than YandexGPT Pro" answered only that Pro's weights are closed."""
    weighed, grown = converse(
        service,
        "Что нам выгоднее — платить за API (ну там яндекс гпт или гигачат) или купить свой "
        "сервер? У нас примерно 5 миллионов токенов в день уходит.",
        "Ок, а если объём вырастет раз в 10 и данные вообще нельзя отдавать наружу? И модель "
        "нужна не хуже яндекс гпт про.",
    )
    for answer in (weighed, grown):
        result = answer.recommendation
        assert result is not None and result.options
        assert result.goal["min_quality_tier"] == 4  # YandexGPT Pro's, in prices.yaml
        assert all(o.quality_tier >= 4 for o in result.options if o.label == "recommended")
    first, second = weighed.recommendation, grown.recommendation
    assert first is not None and second is not None
    assert second.goal["tokens_per_day"] == 10 * first.goal["tokens_per_day"]


@pytest.mark.parametrize(
    ("text", "factor"),
    [
        ("ок, а если объем вырастет раз в 10", 10.0),
        ("нагрузка вырастет в 3 раза", 3.0),
        ("объем вырастет в 10 раз", 10.0),
        ("контекст в 10 раз длиннее", None),
    ],
)
def test_growth_said_colloquially(text: str, factor: float | None) -> None:
    assert q.read_growth(text) == factor


def test_cards_asked_for_being_cheaper_say_when_the_setup_is_not(
    service: AdvisorService,
) -> None:
    """QA 56 T32: "with L40S instead, since they're cheaper?" led with 16 x L40S at $256,000
    after 2 x H100 NVL at $70,000 unremarked, and its assumptions said 20 tokens/s under the
    30 asked."""
    sized, swapped = converse(
        service,
        "we need the first token in under 1 second and at least 30 tokens/sec per user, for "
        "100 concurrent users, running qwen2.5 32 bilion. what gpus and how many?",
        "Could we do the same with L40S cards instead, since they're cheaper? How many would we "
        "need to still hit 30 tok/s per user and under 1s to first token?",
    )
    assert sized.sizing is not None
    result = swapped.recommendation
    assert result is not None and result.options
    assert swapped.answer.startswith("**Not cheaper on the NVIDIA L40S")
    assert "a user expects the first token within 1 s and 30 tokens/s" in swapped.answer


def test_buying_instead_of_renting_leads_with_the_purchase_and_its_break_even(
    service: AdvisorService,
) -> None:
    """QA 56 T28: "if we buy the H100 setup instead of renting it, what's the break-even?"
    led with renting again, and its break-even was for another setup."""
    _, bought = converse(
        service,
        "H100 vs A100 80GB for serving Llama 3.3 70B to about 50 concurrent users — which one "
        "gives better value per token if we rent?",
        "OK and if we buy the H100 setup instead of renting it, what's the break-even versus "
        "renting over 3 years?",
    )
    result = bought.recommendation
    assert result is not None
    assert not result.goal.get("rentable_only") and not result.goal.get("on_premises")
    assert bought.answer.startswith("**Recommended:")
    assert "buying pays back against renting in" in bought.answer


@pytest.mark.parametrize(
    ("text", "instead", "no_renting"),
    [
        ("if we buy the H100 setup instead of renting it", True, False),
        ("а если купить вместо аренды?", True, False),
        ("we can't use the cloud", False, True),
        ("rent or buy?", False, False),
    ],
)
def test_buying_instead_is_no_rule_against_the_cloud(
    text: str, instead: bool, no_renting: bool
) -> None:
    assert q.says_buying_instead(text) is instead
    assert q.says_no_renting(text) is no_renting
