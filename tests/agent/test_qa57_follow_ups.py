"""What blind QA round 57 found: a batch's answer length said beside the prompt's, a deadline
to fit in, a stronger model "а не 7B", and the hardware asked anew for a full fine-tune."""

from __future__ import annotations

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.service import AdvisorService
from advisor.services.recommendation import lead_option
from tests.agent.conversation import converse


def test_a_batch_reads_its_lengths_then_a_deadline_to_fit_in(service: AdvisorService) -> None:
    """QA 57 T15-T16: "Документ примерно 1500 токенов, ответ ~150" was 1,350 in and 512 out;
    "уложиться в 2 дня" kept the week."""
    week, two_days = converse(
        service,
        "Нужно за неделю прогнать 2 млн документов: классификация + краткое резюме. Документ "
        "примерно 1500 токенов, ответ ~150. Сколько GPU арендовать и во сколько обойдётся?",
        "А если надо уложиться в 2 дня и модель покрупнее, типа 70B?",
    )
    for answer, hours in ((week, 168.0), (two_days, 48.0)):
        result = answer.recommendation
        assert result is not None and result.options
        assert result.goal["deadline_hours"] == hours
        lead = lead_option(result, ["rent"])
        assert lead is not None and lead.batch_job is not None
        job = lead.batch_job
        assert (job.prompt_tokens, job.output_tokens) == (1500, 150) and job.hours <= hours


@pytest.mark.parametrize(
    ("text", "output"),
    [
        ("документ примерно 1500 токенов, ответ ~150. сколько gpu", 150),
        ("prompts of 2000 tokens, answers about 300.", 300),
        ("ответ за 2 секунды, 1500 токенов", None),
        ("ответ ~150 слов, 1000 токенов", None),
        ("answers 300 words, prompts 2000 tokens", None),
    ],
)
def test_an_answers_length_said_beside_the_prompts_unit(text: str, output: int | None) -> None:
    found = q.read_output_tokens(text)
    assert (found[0] if found else None) == output


def test_a_smarter_model_not_a_7b_within_a_budget(service: AdvisorService) -> None:
    """QA 57 T02: "модель поумнее, а не 7B" with 3 млн ₽ repeated Qwen2.5 7B."""
    _, smarter = converse(
        service,
        "Нужен чат-бот по внутренним документам для 200 сотрудников, отвечать по-русски. Какой "
        "сервер брать и сколько это стоит?",
        "А если бюджет жёстко до 3 млн рублей, всё вместе? Хочется модель поумнее, а не 7B",
    )
    result = smarter.recommendation
    assert result is not None and result.options
    assert result.goal.get("model") is None and result.goal.get("strongest")
    assert result.options[0].model != "qwen2.5-7b"


def test_on_what_asks_for_the_hardware_anew(service: AdvisorService) -> None:
    """QA 57 T08: "полный файнтюн — на чём и сколько?" after "хватит одной 4090?" said only
    that one 4090 does not hold it."""
    _, full = converse(
        service,
        "Хотим дообучить квен 2.5 7б на 50 тыс. наших диалогов поддержки, лорой. Хватит одной "
        "4090? И сколько по времени это займёт?",
        "А если полный файнтюн этого же 7B, а не лору — на чём и сколько по времени и деньгам?",
    )
    assert full.sizing is not None and full.sizing.task == "full"
    assert full.sizing.fits and full.sizing.training is not None
    assert full.cost is not None


@pytest.mark.parametrize(
    ("text", "workstation"),
    [
        ("офис, серверной нет, обычная розетка", True),
        ("we have no server room", True),
        ("we don't have a rack", True),
        ("в серверной стоит стойка", False),
    ],
)
def test_no_server_room_said_after_the_word(text: str, workstation: bool) -> None:
    """QA 57 T13: "серверной нет" read as a server room: GeForce left out, passive V100s."""
    assert q.says_workstation(text) is workstation


def test_an_office_with_no_server_room_keeps_geforce_within_the_budget(
    service: AdvisorService,
) -> None:
    (answer,) = converse(
        service,
        "Офис, серверной нет, обычная розетка, шуметь нельзя. Нужна локальная нейросеть для 10 "
        "юристов (договоры, на русском), бюджет 1 млн руб. Что брать?",
    )
    result = answer.recommendation
    assert result is not None and not result.goal.get("datacenter")
    lead = lead_option(result, ["largest_model"])
    assert lead is not None and lead.cost.capex_usd * result.rub_per_usd <= 1_000_000


def test_how_fast_on_the_server_owned_keeps_it_owned(service: AdvisorService) -> None:
    """QA 57 T10: "а gpt-oss-120b на нём влезет?" after a goal on the 4 x A100 owned priced
    them "to buy" (4.93 млн ₽) and suggested a pilot on two of them."""
    _, on_it = converse(
        service,
        "У нас уже есть сервер 4x A100 40GB. Что самое умное на нём можно запустить для 50 "
        "пользователей?",
        "А gpt-oss-120b на нём влезет? И как быстро будет крутиться?",
    )
    assert on_it.sizing is not None and on_it.sizing.model == "gpt-oss-120b"
    assert on_it.sizing.gpu.count == 4 and on_it.sizing.fits
    assert on_it.cost is not None and on_it.cost.capex_usd == 0
    assert "Путь внедрения" not in on_it.answer
