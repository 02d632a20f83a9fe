"""What blind QA round 51 found: rates in thousands, "the big one", a budget the model
asked for misses, a dearer card asked for as cheaper, a format already used, renting GPUs no
one rents by the hour, which model is cheaper at a new context, document review windows."""

from __future__ import annotations

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.messages import M
from advisor.services.protocol import AskRequest
from advisor.services.recommendation import recommend_deployment
from tests.agent.conversation import converse


@pytest.mark.parametrize(
    ("text", "per_s"),
    [
        ("10 тысяч обращений в час", 10_000 / 3600),
        ("1000 обращений в час", 1000 / 3600),
        ("10k requests per hour", 10_000 / 3600),
        ("2 млн запросов в час", 2e6 / 3600),
        ("2k rps", 2000.0),
        ("100 запросов в минуту", 100 / 60),
    ],
)
def test_a_rate_reads_its_thousands_and_millions(text: str, per_s: float) -> None:
    assert q.read_rps(normalize(text)) == pytest.approx(per_s)


def test_growing_tenfold_in_requests_an_hour_sizes_ten_times_the_load(
    service: AdvisorService,
) -> None:
    first, grown = converse(
        service,
        "Сколько стоит поднять YandexGPT у себя? Хотим для поддержки клиентов, 1000 обращений "
        "в час.",
        "а если через год вырастем до 10 тысяч обращений в час?",
    )
    assert first.recommendation is not None and grown.recommendation is not None
    before = first.recommendation.workload.concurrency
    after = grown.recommendation.workload.concurrency
    assert after >= 8 * before


@pytest.mark.parametrize(
    ("question", "model"),
    [
        ("gpt oss - can we run the big one on a single GPU?", "gpt-oss-120b"),
        ("gpt-oss, the smaller one, for 10 people", "gpt-oss-20b"),
        ("гпт осс, старшую версию, на одной карте?", "gpt-oss-120b"),
    ],
)
def test_the_big_one_of_a_family_is_its_largest(reader: Reader, question: str, model: str) -> None:
    reading = reader.read(question)
    assert reading.clarification is None
    assert reading.said.model == model


def test_a_family_alone_is_still_asked_about(reader: Reader) -> None:
    reading = reader.read("gpt oss on a single GPU for 100 people?")
    assert reading.clarification is not None
    assert reading.clarification.reason == "ambiguous"


def test_over_the_budget_the_same_model_within_it_is_offered_short_of_the_targets(
    catalog: Catalog,
) -> None:
    goal = {
        "headcount": 300,
        "use_case": "rag",
        "model": "llama-3-70b",
        "budget_rub": 5_000_000,
        "gpu": "h100-sxm",
        "card_version": True,
    }
    result = recommend_deployment(goal, catalog)
    closest = next(o for o in result.options if o.label == "closest")
    slower = next(o for o in result.options if o.label == "budget_fit")
    budget_usd = 5_000_000 / result.rub_per_usd
    assert closest.cost.capex_usd > budget_usd >= slower.cost.capex_usd
    assert slower.model == "llama-3-70b"
    assert slower.max_concurrent_users >= result.workload.concurrency
    assert not slower.meets_targets
    assert slower.per_user_tokens_per_s < closest.per_user_tokens_per_s


def test_a_cheaper_card_that_costs_more_says_so_first(service: AdvisorService) -> None:
    *_, h100, dearer = converse(
        service,
        "Хотим чат-бот по внутренним документам для 300 сотрудников на ламе 3 на 70 млрд. "
        "Сколько нужно видеокарт и какой сервер? Бюджет — под 5 млн рублей.",
        "а если на H100?",
        "а дешевле можно? например на L40S",
    )
    assert "та же модель медленнее" in h100.answer
    # (the 4090 of QA 51 costs less since its 8-card servers are priced as consumer cases)
    assert dearer.answer.startswith("**На NVIDIA L40S не дешевле")


def test_a_format_asked_again_says_the_last_answer_already_ran_it(
    service: AdvisorService,
) -> None:
    first, again = converse(service, "квен 2.5 32б, контекст 32к, 20 одновременных", "а в FP8?")
    assert first.answer.startswith("**Qwen2.5 32B Instruct, инференс, FP8:")  # led in FP8
    assert again.answer.startswith("**В прошлом ответе веса уже были в FP8:**")


def test_renting_gpus_no_one_rents_says_so_before_the_rented_ones(
    service: AdvisorService,
) -> None:
    bought, rented = converse(
        service,
        "We're a 2,000-person bank. We want an internal assistant on Llama 3.1 405B, must stay "
        "on-prem, budget isn't the issue. What hardware?",
        "For comparison, what would renting the same thing in the cloud cost per month?",
    )
    assert bought.recommendation is not None and rented.recommendation is not None
    led = bought.answer.splitlines()[0]
    if "MI350X" not in led:  # the catalog's prices moved: nothing unrented to name
        pytest.skip("the bank's lead is rented by the hour")
    assert rented.answer.startswith("The AMD Instinct MI350X of the last answer has no public")


def test_a_longer_context_keeps_asking_which_model_is_cheaper(service: AdvisorService) -> None:
    first, longer = converse(
        service,
        "Mixtral 8x7B vs Llama 3.1 70B for a customer support bot — which is cheaper to host "
        "for 200 concurrent chats?",
        "And what if each chat needs 32k context instead of 4k?",
    )
    assert "you asked for the cheapest" in first.answer
    assert "you asked for the cheapest" in longer.answer


def test_a_document_review_window_is_filled_by_each_request(reader: Reader) -> None:
    reading = reader.read(
        "Can Qwen3 235B run on 4x H100? It's for a legal document review tool, 64k context, "
        "maybe 10 lawyers at the same time."
    )
    assert reading.request is not None
    assert reading.request["prompt_tokens"] > 60_000


@pytest.mark.parametrize(
    ("text", "customers"),
    [
        ("serve Llama 3.1 8B to about 5,000 customers on our website", 5000),
        ("бот для 50 тысяч клиентов банка", 50_000),
        ("10k subscribers", 10_000),
        ("1000 клиентов в день", None),  # a volume a day, not a base
        ("200 customers at once", None),  # a load
    ],
)
def test_a_customer_base_is_read_apart_from_a_load(text: str, customers: int | None) -> None:
    assert q.read_customers(normalize(text)) == customers


def test_a_customer_base_becomes_dialogues_a_day_at_the_contact_rate(catalog: Catalog) -> None:
    daily = catalog.workloads.daily
    result = recommend_deployment({"customers": 5000, "model": "llama-3.1-8b"}, catalog)
    customers = next(n for n in result.assumptions_i18n if n.code is M.ASSUMED_CUSTOMERS)
    days = 12 * daily.working_days_per_month
    assert customers.params["dialogues"] == pytest.approx(
        5000 * daily.customer_contacts_per_year / days, abs=0.05
    )
    more = recommend_deployment({"customers": 500_000, "model": "llama-3.1-8b"}, catalog)
    assert more.workload.concurrency > result.workload.concurrency
    staff = recommend_deployment({"customers": 5000, "headcount": 300}, catalog)
    assert not any(n.code is M.ASSUMED_CUSTOMERS for n in staff.assumptions_i18n)


def test_customers_said_are_a_load_not_the_default_pilot(service: AdvisorService) -> None:
    answer = service.ask(
        AskRequest(
            question="Cheapest way to serve Llama 3.1 8B to about 5,000 customers on our "
            "website — rent or buy?"
        )
    )
    assert answer.recommendation is not None
    assert answer.recommendation.goal.get("customers") == 5000
    assert "5,000 customers x" in answer.answer


@pytest.mark.parametrize(
    ("text", "documents"),
    [
        ("дообучить модель на наших документах", True),
        ("fine-tune Llama on our internal documents", True),
        ("train it on our company wiki", True),
        ("fine-tune on our support tickets", False),  # examples of the task: a fine-tune's job
        ("обучить на 20 тысячах тикетов", False),
    ],
)
def test_documents_as_training_data_are_told_apart(text: str, documents: bool) -> None:
    assert q.says_tune_on_documents(normalize(text)) is documents


def test_fine_tuning_on_documents_names_retrieval_after_the_sizing(
    service: AdvisorService,
) -> None:
    _, tuned = converse(
        service,
        "У нас одна RTX 4090. Что из моделей потянем для внутреннего чата на 10 человек?",
        "а можно на ней же дообучить модель на наших документах?",
    )
    lines = tuned.answer.splitlines()
    assert "RTX 4090" in lines[0]
    assert lines[1].startswith("Чтобы модель отвечала по вашим документам")


def test_a_new_figure_after_a_question_back_keeps_the_models_asked_about(
    service: AdvisorService,
) -> None:
    asked, more = converse(
        service,
        "gpt oss on a single GPU? Budget maybe $40k, 100 employees",
        "What about 500 users?",
    )
    assert asked.answer.startswith("Which model do you mean?")
    assert "For example:" not in more.answer  # not every family in the catalog again
    assert "gpt-oss" in more.answer


def test_a_larger_load_that_costs_more_is_no_cheaper_card_refused(
    service: AdvisorService,
) -> None:
    """'and for 200 users?' after the cheapest setup for 10: dearer for the load, not a card
    asked for as cheaper."""
    _, more = converse(
        service,
        "What's the cheapest GPU setup to run Llama 3.3 70B for 10 users?",
        "and for 200 users?",
    )
    assert "Not cheaper on" not in more.answer
