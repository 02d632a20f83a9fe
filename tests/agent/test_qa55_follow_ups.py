"""What blind QA round 55 found: a new people load after a batch job, versions of one line to
train, a laptop's memory said."""

from __future__ import annotations

import pytest

from advisor.agent.offline import quantities as q
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from tests.agent.conversation import converse


def test_people_to_serve_after_a_batch_job_drop_the_job(service: AdvisorService) -> None:
    """QA 55 T07: "I cannot size that: output_tokens must be smaller than context" (R1's
    thinking in the tickets' window), then 2M tickets through R1."""
    _, analysts = converse(
        service,
        "we need to summarize 2 million support tickets, ~1500 tokens in and ~200 out each, "
        "with llama 3.1 8b by end of next week. buy something or rent?",
        "We want to run the full DeepSeek R1 (671B) on-prem for about 50 analysts. What server "
        "do we need and roughly what does it cost?",
    )
    result = analysts.recommendation
    assert result is not None and result.options
    assert result.goal.get("batch_items") is None and result.goal["model"] == "deepseek-r1"
    assert all(o.batch_job is None for o in result.options)


def test_training_a_line_of_versions_takes_the_newest(service: AdvisorService) -> None:
    """QA 55 T09-T10: "LoRA T-lite" asked which version, and asked again after "full
    fine-tune instead?"."""
    lora, full = converse(
        service,
        "Хотим дообучить T-lite на наших 20 тысячах диалогов поддержки через LoRA. Какая "
        "видеокарта нужна и сколько это будет учиться?",
        "А если не LoRA, а полное дообучение, что тогда?",
    )
    for answer, task in ((lora, "lora"), (full, "full")):
        assert answer.sizing is not None
        assert answer.sizing.model == "t-lite-it-2.1" and answer.sizing.task == task
    assert "T-lite-it-1.0" in lora.answer  # the other version named


@pytest.mark.parametrize(
    "text",
    ["А если у меня только ноутбук с 8 ГБ видеопамяти?", "i only have a laptop with 8gb vram"],
)
def test_a_laptops_video_memory_is_its_one_card(reader: Reader, text: str) -> None:
    said = reader.read(text).said
    assert said.gpu == "rtx-4060" and said.gpus == 1 and said.owned


@pytest.mark.parametrize(
    ("text", "amount"),
    [
        ("А в рублях это сколько, и уложимся ли в 5 млн?", 5_000_000),
        ("хватит ли 3 млн?", 3_000_000),
        ("хватит ли 5 млн токенов в день?", None),
        ("хватит ли 2 карт?", None),
    ],
)
def test_a_sum_asked_to_fit_is_a_budget(text: str, amount: int | None) -> None:
    budget = q.read_budget(normalize(text), True)
    assert (budget.amount if budget is not None else None) == amount


def test_a_budget_asked_after_a_sizing_says_yes_or_no_first(service: AdvisorService) -> None:
    """QA 55 T22: 6.46M ₽ with no yes or no on the 5M asked."""
    _, asked = converse(
        service,
        "Хотим поставить Qwen3 32B под RAG по базе знаний, контекст 32к, пользоваться будут "
        "человек 100. Что брать из железа?",
        "А в рублях это сколько, и уложимся ли в 5 млн?",
    )
    assert asked.recommendation is not None
    assert asked.recommendation.goal.get("budget_rub") == 5_000_000
    assert asked.answer.startswith(("**Нет", "**Да"))
