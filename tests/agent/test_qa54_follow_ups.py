"""What blind QA round 54 found: follow-ups that came back word for word ("не 200, а 1000",
"12 hours from now", "how long would each contract take?"), a model switched to a name that
leaves versions open, figures said and dropped ("~200 out", "5 days a week", "documents are
long"), and a 16-bit capacity on a card that computes FP8."""

from __future__ import annotations

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.offline.names import name_parts
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from tests.agent.conversation import converse


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("А если сотрудников будет не 200, а 1000?", "а если сотрудников будет 1000?"),
        ("what if it is not 200 but 1000 staff?", "what if it is 1000 staff?"),
    ],
)
def test_normalize_keeps_the_figure_meant(text: str, said: str) -> None:
    assert normalize(text) == said


def test_a_spaced_dash_ends_a_name() -> None:
    assert name_parts(normalize("T-lite — одной RTX 4090")) == [
        "t",
        "lite",
        "-",
        "1",
        "rtx",
        "4090",
    ]


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("what if the deadline is tomorrow morning, like 12 hours from now?", 12.0),
        ("а если осталось 2 дня?", 48.0),
        ("результат нужен через 12 часов", 12.0),
        ("how long will the training take?", None),
    ],
)
def test_a_deadline_counted_from_now_is_read(text: str, hours: float | None) -> None:
    assert q.read_deadline_hours(normalize(text)) == hours


def test_a_request_length_with_a_tilde_is_read() -> None:
    found = q.read_input_output(normalize("~1500 tokens in and ~200 out each"))
    assert found is not None and found[:2] == (1500, 200)


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("а если только 12 часов в день, 5 дней в неделю?", 12 * 21.75),
        ("12 hours a day, 5 days a week", 12 * 21.75),
        ("12 hours a day", 12 * 30.4),
    ],
)
def test_five_days_a_week_are_working_days(text: str, hours: float) -> None:
    found = q.read_hours_per_month(normalize(text), 9, 21.75)
    assert found == pytest.approx(hours, rel=0.01)


@pytest.mark.parametrize(
    ("text", "long"),
    [
        ("юристы, документы длинные", True),
        ("our contracts are long", True),
        ("документы у нас очень длинные", True),
        ("a long answer", False),
    ],
)
def test_documents_said_to_be_long_after_the_noun(text: str, long: bool) -> None:
    assert q.says_long_documents(normalize(text)) is long


@pytest.mark.parametrize(
    ("text", "asked"),
    [
        ("how long would each contract take to process?", True),
        ("сколько времени займёт один договор?", True),
        ("how long per document?", True),
        ("how long would each epoch take?", False),
        ("how long would it take to process 5000 documents?", False),
    ],
)
def test_one_requests_time_is_read(text: str, asked: bool) -> None:
    assert q.says_request_time(normalize(text)) is asked


def test_a_headcount_said_instead_of_another_is_sized(service: AdvisorService) -> None:
    first, more = converse(
        service,
        "Хотим чат-бот по внутренним документам для 200 сотрудников, думаем взять Ламу 3 на 70 "
        "млрд. Бюджет до 3 млн рублей. Какой сервер купить?",
        "А если сотрудников будет не 200, а 1000?",
    )
    assert first.recommendation is not None and more.recommendation is not None
    assert first.recommendation.goal["headcount"] == 200
    assert more.recommendation.goal["headcount"] == 1000
    assert more.answer != first.answer


def test_a_model_switched_to_a_name_of_several_versions_is_not_the_last_one(
    reader: Reader,
) -> None:
    """QA 54 T14: "вместо T-pro взять T-lite" sized T-pro again."""
    previous = {"model": "t-pro-2.0", "gpu": "h100-sxm", "users": 30}
    reading = reader.read("а если вместо T-pro взять T-lite — одной RTX 4090 хватит?", previous)
    assert reading.request is not None
    assert reading.request["model"] == "t-lite-it-2.1"  # the newest T-lite, the other named
    assert reading.said.newest_of == ["t-lite-1.0"]
    family = reader.read("а если взять ламу?", previous)  # versions of many sizes: asked
    assert family.request is None and family.clarification is not None


def test_a_deadline_moved_resizes_the_job(service: AdvisorService) -> None:
    week, night = converse(
        service,
        "we need to summarize 2 million support tickets, ~1500 tokens in and ~200 out each, "
        "with llama 3.1 8b by end of next week. buy something or rent?",
        "what if the deadline is tomorrow morning, like 12 hours from now?",
    )
    assert week.recommendation is not None and night.recommendation is not None
    assert week.recommendation.workload.output_tokens == 200  # as said, not the use case's
    assert night.recommendation.goal["deadline_hours"] == 12
    assert "within the 12 h asked" in night.answer


def test_each_requests_time_is_summed_first(service: AdvisorService) -> None:
    sized, timed = converse(
        service,
        "we need to analyze contracts of about 100k tokens each with llama 3.1 70b, around 5 "
        "at a time. what gpus do we need?",
        "how long would each contract take to process?",
    )
    lead = next(a.sizing for a in timed.alternatives if a.why == "recommended_setup")
    assert lead is not None
    perf = lead.performance
    total = perf.ttft_s + lead.output_tokens / perf.per_user_tokens_per_s
    first = timed.answer.split("\n")[0]
    assert first.startswith("**Each request of 100,000 tokens takes about")
    assert f"{round(total, 1):g} s" in first
    assert "request of" not in sized.answer.split("\n")[0]


def test_a_capacity_in_sixteen_bits_names_fp8_where_it_serves_more(
    service: AdvisorService,
) -> None:
    """QA 54 T22: GigaChat 20B in BF16 holds one user on an L40S; in FP8, which the card
    computes, many more."""
    _, held = converse(
        service,
        "можно ли запустить гигачат у себя? какой сервер нужен под GigaChat 20B?",
        "а сколько пользователей выдержит на одной L40S?",
    )
    served = {
        a.sizing.precision: a.sizing.users
        for a in held.alternatives
        if a.why == "users_at_targets" and a.sizing is not None
    }
    assert served.get("fp8", 0) > served.get("bf16", 0) >= 1
    assert "в FP8" in held.answer


@pytest.mark.parametrize(
    "text",
    [
        "ok, and what would we have to buy to run the full R1 then, and for how much?",
        "что нам придётся купить под полную R1 и сколько это стоит?",
    ],
)
def test_what_to_buy_after_owned_gpus_that_do_not_hold_it_is_a_priced_goal(
    reader: Reader, text: str
) -> None:
    """QA 54 T04: the sizing on the four owned A100 40GB came back word for word."""
    previous = {
        "model": "deepseek-r1",
        "task": "inference",
        "gpu": "a100-40gb",
        "gpus": 4,
        "users": 5,
        "stated_fields": ["gpu", "gpus", "model", "task", "users", "owned"],
    }
    reading = reader.read(text, previous=previous)
    assert reading.intent == "recommend" and reading.goal is not None
    assert reading.goal["model"] == "deepseek-r1" and "owned" not in reading.goal


def test_a_run_rented_is_priced_in_roubles_beside_dollars(service: AdvisorService) -> None:
    """QA 54 T10: "сколько это выйдет в рублях?" got the run's rent in dollars only."""
    _, rented = converse(
        service,
        "хотим дообучить Qwen2.5 32B на наших 20 тыс. диалогов (примерно по 1000 токенов "
        "каждый), через QLoRA. какое железо нужно и сколько по времени?",
        "а если арендовать H100 в облаке — сколько это выйдет в рублях?",
    )
    result = rented.recommendation
    assert result is not None
    lead = next(o for o in result.options if o.cost.cloud_run_usd is not None)
    rub = lead.cost_rub.cloud_run
    assert rub is not None and rub > lead.cost.cloud_run_usd * 50
    assert f"{rub:,.0f}".replace(",", "\u00a0") + " ₽" in rented.answer


def test_a_fixed_card_is_priced_as_the_setup_beside_it(service: AdvisorService) -> None:
    """QA 54 T16: one RTX PRO 6000 cost $16,600 in the sizing and $20,600 in the option
    under it (a desk tower against a rack server for a customer-facing bot)."""
    _, single = converse(
        service,
        "we want qwen3 30b-a3b for a customer support bot, peak maybe 100 simultaneous chats. "
        "is one L40S enough?",
        "what about a single RTX PRO 6000 96GB instead?",
    )
    held = single.to_meet_targets
    assert single.sizing is not None and single.cost is not None and held is not None
    assert held.gpu.count * held.replicas == single.sizing.gpu.count == 1
    assert single.cost.capex_usd == held.cost.capex_usd
