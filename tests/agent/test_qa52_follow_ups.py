"""What blind QA round 52 found: a load that doubles, renting the models weighed, a
card kept after "which model?", a brand whose other editions are a hosted API, a reply
time read as the first token, a model weighed against the family it is built on."""

from __future__ import annotations

import re

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.language import detect_language
from advisor.messages import M
from advisor.recommend.costs import chassis_for
from advisor.services.recommendation import lead_option
from tests.agent.conversation import converse


@pytest.mark.parametrize(
    ("text", "factor"),
    [
        ("what if traffic doubles?", 2.0),
        ("а если удвоить число пользователей?", 2.0),
        ("если пользователей станет вдвое больше", 2.0),
        ("в два раза больше сотрудников", 2.0),
        ("and if the users triple?", 3.0),
        ("втрое больше запросов", 3.0),
        ("please double-check the users", None),
        ("a double precision model", None),
        ("twice a day for our users", None),
        ("2x RTX 4090 for 20 users", None),
        ("а если пользователей будет в два раза меньше?", None),
    ],
)
def test_a_multiple_said_in_a_word_is_a_growth_of_the_load(text: str, factor: float | None) -> None:
    assert q.read_growth(normalize(text)) == factor


@pytest.mark.parametrize(
    ("first", "grown"),
    [
        (
            "Cheapest way to run Llama 3.1 8B for a customer-support bot, 200 requests per minute?",
            "what if traffic doubles?",
        ),
        (
            "Сколько стоит сервер под гемму на 100 сотрудников?",
            "а если удвоить число пользователей?",
        ),
    ],
)
def test_a_load_that_doubles_is_sized_again(
    service: AdvisorService, first: str, grown: str
) -> None:
    before, after = converse(service, first, grown)
    assert before.recommendation is not None and after.recommendation is not None
    assert (
        after.recommendation.workload.concurrency
        >= 1.7 * before.recommendation.workload.concurrency
    )


def test_eight_gaming_cards_are_priced_in_a_case_built_for_them(catalog: Catalog) -> None:
    gpu = catalog.gpus["rtx-4090"]
    servers, box = chassis_for(gpu, 16, catalog.prices, group=8)
    datacenter = next(c for c in catalog.prices.chassis if c.id == "server-8gpu")
    assert box is not None and box.id == "server-8gpu-consumer" and servers == 2
    assert box.usd < datacenter.usd
    assert "gaming" not in datacenter.gpu_classes  # a blower-less 4090 does not fit it


def test_an_answer_time_is_read_as_the_first_token_and_the_whole_answer_is_said(
    service: AdvisorService, reader: Reader
) -> None:
    question = (
        "Нужен ассистент для колл-центра на GigaChat, 200 операторов одновременно, ответ за 2 "
        "секунды. Что купить?"
    )
    said = reader.read(question).said
    assert said.ttft_s == 2.0 and said.reply_within
    assert not reader.read("first token within 2 s, Llama 3.1 8B, 20 users").said.reply_within
    (answer,) = converse(service, question)
    assert "«Ответ за 2 с» я понял как первый токен" in answer.answer
    found = re.search(
        r"Весь ответ в (\d+) токенов пишется около (\d+) с при ([\d.]+) токенов/с", answer.answer
    )
    assert found is not None
    tokens, seconds, speed = int(found[1]), int(found[2]), float(found[3])
    assert seconds > 2  # 256 tokens at about 21 tokens/s: the whole answer is no 2 s
    assert seconds == pytest.approx(tokens / speed, abs=2)


@pytest.mark.parametrize(
    "question",
    [
        "Сколько нужно видеокарт для GigaChat?",
        "сколько стоит сервер под YandexGPT на 100 сотрудников?",
    ],
)
def test_a_brand_said_alone_is_its_open_model_and_the_hosted_editions_are_named(
    service: AdvisorService, reader: Reader, question: str
) -> None:
    reading = reader.read(question)
    assert reading.said.open_edition
    (answer,) = converse(service, question)
    assert "доступны только как облачный API" in answer.answer


def test_the_open_model_named_by_its_size_needs_no_word_on_hosted_editions(
    reader: Reader,
) -> None:
    reading = reader.read("гигачат 20б на 10 пользователей")
    assert reading.said.model == "gigachat-20b-a3b" and not reading.said.open_edition
    assert all(n.code is not M.ASSUMED_OPEN_EDITION for n in reading.notes)


@pytest.mark.parametrize(
    "question",
    [
        "GigaChat Max на своём сервере",
        "яндекс гпт про на 50 человек",
        "YandexGPT 5 Pro for 50 staff",
    ],
)
def test_a_hosted_edition_is_said_to_have_no_weights(reader: Reader, question: str) -> None:
    reading = reader.read(question)
    assert reading.request is None  # no open sibling sized in its place
    assert reading.clarification is not None and reading.clarification.hosted


def test_a_model_weighed_against_its_family_meets_the_model_it_is_built_on(
    service: AdvisorService,
) -> None:
    (answer,) = converse(service, "Какие GPU нужны для T-pro? И чем он лучше квена?")
    assert "**Qwen3 32B**" in answer.answer and "Qwen2.5 7B" not in answer.answer


def test_renting_the_models_weighed_prices_each_by_the_month(service: AdvisorService) -> None:
    _, rented = converse(
        service,
        "Какие GPU нужны для T-pro? И чем он лучше квена?",
        "а в аренду сколько это в месяц?",
    )
    assert rented.answer.count("Аренда тех же GPU") == 2


def test_a_model_named_in_a_reply_keeps_the_conversations_language() -> None:
    assert detect_language("Mistral Small 3.2", "ru") == "ru"
    assert detect_language("GLM-4.5-Air", "ru") == "ru"


def test_how_many_users_after_which_model_keeps_the_card_said(service: AdvisorService) -> None:
    _, held = converse(
        service,
        "Можно ли запустить мистраль на одной RTX 4090 для внутреннего поиска по документам?",
        "а сколько пользователей одновременно она потянет?",
    )
    assert held.sizing is not None and held.sizing.gpu.id == "rtx-4090"
    assert held.sizing.gpu.count == 1
    assert held.answer.startswith("**1 x NVIDIA GeForce RTX 4090 обслуживает")


def test_a_nightly_job_on_other_gpus_keeps_its_deadline_and_recurrence(
    service: AdvisorService,
) -> None:
    night, on_l40s = converse(
        service,
        "We need to summarise 5,000 PDFs every night, about 20 pages each, with Llama 3.1 70B. "
        "How many GPUs to finish in 6 hours?",
        "what if we use 4-bit and L40S cards instead?",
    )
    assert night.answer and on_l40s.to_meet_targets is not None
    lead = on_l40s.to_meet_targets  # the count that ends the night's job in time
    assert lead.gpu.id == "l40s" and lead.batch_job is not None and lead.batch_job.hours <= 6
    assert "the job takes" in on_l40s.answer and "ends it in time" in on_l40s.answer
    assert "one-off" not in on_l40s.answer  # "every night" still holds


def test_renting_the_strongest_model_within_a_budget_keeps_its_tier(
    service: AdvisorService,
) -> None:
    bought, rented = converse(
        service,
        "Бюджет 3 миллиона рублей. Что можно купить под локальную LLM для отдела на 20 человек?",
        "а что лучше — купить или арендовать на 3 года?",
    )
    assert bought.recommendation is not None and rented.recommendation is not None
    strongest = max(o.quality_tier for o in bought.recommendation.options if o.meets_targets)
    lead = lead_option(rented.recommendation, ["rent"])
    assert lead is not None and lead.quality_tier == strongest
    assert lead.cost.cloud_usd_per_gpu_hour is not None
    assert "Аренда тех же GPU" in rented.answer


def test_users_at_a_context_asked_count_each_at_that_context(service: AdvisorService) -> None:
    _, at_8k = converse(
        service,
        "We own 4x A100 40GB. What's the biggest model we can run for an internal assistant?",
        "and how many concurrent users would that handle with 8k context?",
    )
    found = re.search(r"serves (\d+) users at once", at_8k.answer)
    assert found is not None
    assert at_8k.recommendation is not None
    # every one of them holds an 8k request in the KV cache, not one and the rest at 1.3k
    load = at_8k.recommendation.workload
    assert load.input_tokens + load.output_tokens == 8192


@pytest.mark.parametrize(
    "text",
    ["а если 8 бит и 32к контекста для длинных договоров?", "128k context for long contracts"],
)
def test_a_context_for_long_documents_is_each_requests(text: str) -> None:
    assert q.says_context_each(normalize(text))


def test_users_and_a_window_say_what_every_user_at_the_full_window_takes(
    service: AdvisorService,
) -> None:
    (answer,) = converse(
        service, "How many H100s for Llama 3.1 405B with 128k context for 10 users?"
    )
    assert answer.sizing is not None
    assert answer.sizing.performance.max_users_at_window < 10  # the window holds fewer
    each = next(a.sizing for a in answer.alternatives if a.why == "each_at_window")
    assert each is not None and each.fits
    assert each.performance.max_users_at_window >= 10
    assert each.gpu.count > answer.sizing.gpu.count
    assert f"If all 10 fill the 131,072-token context at once: {each.gpu.count} x" in answer.answer


def test_the_apis_cost_instead_of_a_server_is_answered_first(service: AdvisorService) -> None:
    _, api = converse(
        service,
        "самый дешёвый способ запустить дипсик у себя",
        "а сколько будет стоить API вместо своего сервера, если у нас 1000 чатов в день?",
    )
    first = api.answer.splitlines()[0]
    assert "API" in first and "Рекомендуем" not in first


def test_a_run_of_minutes_is_not_said_to_take_no_time(service: AdvisorService) -> None:
    _, full = converse(
        service,
        "Fine-tune Llama 3 70B with QLoRA on 5k support tickets — what GPU and how long?",
        "and full fine-tuning instead?",
    )
    assert "it takes 0 h" not in full.answer
    assert re.search(r"it takes 0\.\d+ h", full.answer)


@pytest.mark.parametrize(
    ("question", "start"),
    [
        ("Can we run 'Llama 5 Turbo 300B' on our two L40S?", "**No.** A model of 300B parameters"),
        (
            "What do we need to run Qwen2.5-VL 72B for reading scanned invoices?",
            "A model of 72B parameters needs 144 GB",
        ),
    ],
)
def test_a_model_the_catalog_lacks_is_weighed_at_the_size_said(
    service: AdvisorService, question: str, start: str
) -> None:
    (answer,) = converse(service, question)
    assert answer.answer.startswith(start)
    assert "No open model that large" not in answer.answer  # both sizes are published
    assert "is not in the catalog" in answer.answer  # and which model it is, still asked


def test_api_or_own_server_with_data_kept_in_says_own_server_and_no_prices_below(
    service: AdvisorService,
) -> None:
    (answer,) = converse(
        service,
        "API or own server? We're a bank, ~300 employees would use a chat assistant, and data "
        "can't leave the building.",
    )
    assert answer.answer.startswith("You said the data must not leave the company")
    assert "the answer is your own server" in answer.answer.splitlines()[0]
    assert "prices below" not in answer.answer


def test_how_many_dialogues_at_once_is_answered_with_the_number(service: AdvisorService) -> None:
    """QA 53 T22: 'сколько одновременных диалогов потянет?' repeated the last answer."""
    first, held = converse(
        service,
        "У нас есть 4 x RTX 3090, хотим бота поддержки на русском. Что запустить?",
        "а сколько одновременных диалогов потянет?",
    )
    assert held.answer != first.answer
    assert held.answer.startswith("**4 x NVIDIA GeForce RTX 3090 обслуживает")


@pytest.mark.parametrize(
    "text",
    [
        "Confidentiality rules out the API. What's the smallest box that does it?",
        "API нам нельзя, какой минимальный сервер?",
    ],
)
def test_an_api_ruled_out_keeps_the_data_in(text: str) -> None:
    """QA 53 T08: the answer still opened with 'The API costs less here'."""
    assert q.says_on_premises(normalize(text))


@pytest.mark.parametrize(
    "text", ["The API is out of our budget range, what box?", "There is no API key for that model"]
)
def test_an_api_mentioned_otherwise_is_no_rule_on_the_data(text: str) -> None:
    assert not q.says_on_premises(normalize(text))


def test_a_name_with_versions_of_one_size_is_weighed_by_its_newest(reader: Reader) -> None:
    """QA 53 T01: 'YandexGPT 5 Lite или T-lite?' sized YandexGPT alone; T-lite (2.1 on
    Qwen3 8B, 1.0 on Qwen2.5 7B) is weighed by its newest version."""
    said = reader.read(
        "Нужен ассистент для бухгалтерии на 30 человек. Думаем про YandexGPT 5 Lite или T-lite. "
        "Что взять и сколько это будет стоить?"
    ).said
    assert said.models_compared == ["yandexgpt-5-lite-8b", "t-lite-it-2.1"]
