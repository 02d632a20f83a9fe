"""What blind QA round 55 left open: a backlog to summarise by a weekday, a label's prompt, a
bare size after a named line, the speaker beside their colleagues, QLoRA with CPU offload."""

from __future__ import annotations

import pytest

from advisor.agent.follow_up import merge_follow_up
from advisor.agent.offline import quantities as q
from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.messages import M
from tests.agent.conversation import converse


def test_a_backlog_to_summarise_is_a_batch_job_and_a_bare_size_keeps_the_line(
    service: AdvisorService,
) -> None:
    """QA 55 T23: "a summary of each by Friday (3 days)" was sized as 5 chat users; T24: "the
    8B model instead" took Qwen3 8B after Llama 3.3 70B."""
    backlog, smaller = converse(
        service,
        "We have a backlog of 10,000 contracts already converted to text, about 20 pages "
        "each, and need a summary of each by Friday (3 days). Planning Llama 3.3 70B. What "
        "should we rent?",
        "what if we use the 8B model instead?",
    )
    for answer, model in ((backlog, "llama-3.3-70b"), (smaller, "llama-3.1-8b")):
        result = answer.recommendation
        assert result is not None and result.options
        assert result.goal["model"] == model and result.goal["batch_items"] == 10_000
        job = result.options[0].batch_job
        assert job is not None and job.items == 10_000 and job.hours <= 72


@pytest.mark.parametrize(
    "text",
    [
        "Нужно прогнать 2 миллиона обращений клиентов через модель для классификации, срок "
        "неделя. Думали про Qwen3 30B-A3B. Сколько карт нужно?",
        "We need to classify 2 million customer tickets by topic within a week with Qwen3 "
        "30B-A3B. How many GPUs?",
    ],
)
def test_labels_with_no_length_read_a_chat_requests_prompt(reader: Reader, text: str) -> None:
    """QA 55 T13: a label each from 4,080 tokens (the default window less the label)."""
    reading = reader.read(text)
    assert reading.request is not None
    assert reading.request["output_tokens"] == q.LABEL_OUTPUT_TOKENS
    assert reading.request["prompt_tokens"] == 1024
    assert reading.request["context"] == 1024 + q.LABEL_OUTPUT_TOKENS
    assert any(n.code is M.ASSUMED_LABEL_PROMPT for n in reading.notes)


def test_a_shorter_deadline_and_an_explanation_resize_the_job(service: AdvisorService) -> None:
    """QA 55 T14: "срок всего 1 день ... объяснение, токенов на 100" repeated the week's answer
    (and a longer output beside the kept window could not be sized at all)."""
    week, day = converse(
        service,
        "Нужно прогнать 2 миллиона обращений клиентов через модель для классификации, срок "
        "неделя. Думали про Qwen3 30B-A3B. Сколько карт нужно?",
        "А если срок всего 1 день и к каждому ответу нужно ещё коротко объяснение, токенов на 100?",
    )
    assert week.sizing is not None and day.sizing is not None
    assert day.sizing.output_tokens == 100 and day.sizing.context == 1024 + 100
    job = day.sizing.batch_job
    assert job is not None and job.items == 2_000_000 and job.hours <= 24


@pytest.mark.parametrize(
    ("text", "hours", "output"),
    [
        ("срок всего 1 день", 24.0, None),
        ("the deadline is only 2 days", 48.0, None),
        ("к каждому ответу нужно объяснение, токенов на 100", None, 100),
        ("each answer with a short explanation of about 100 tokens", None, 100),
        ("срок 3 дня, ответ на 200 токенов", 72.0, 200),
    ],
)
def test_deadlines_and_outputs_said_loosely(
    text: str, hours: float | None, output: int | None
) -> None:
    assert q.read_deadline_hours(text) == hours
    found = q.read_output_tokens(text)
    assert (found[0] if found else None) == output


def test_a_new_output_beside_a_window_of_exactly_its_parts_moves_the_window() -> None:
    previous = {"context": 1040, "prompt_tokens": 1024, "output_tokens": 16}
    assert merge_follow_up(previous, {"output_tokens": 100})["context"] == 1124
    chosen = {"context": 8192, "prompt_tokens": 1024, "output_tokens": 16}  # a window said
    assert merge_follow_up(chosen, {"output_tokens": 100})["context"] == 8192


@pytest.mark.parametrize(
    ("text", "people"),
    [
        ("it's just me and 3 colleagues", 4),
        ("me and my 5 coworkers", 6),
        ("3 colleagues and i will use it", 4),
        ("я и ещё 3 коллеги", 4),
        ("мы с 4 коллегами", 5),
        ("200 сотрудников", 200),
        ("me and 3 gpus", None),
        ("я и 2 видеокарты", None),
    ],
)
def test_the_speaker_counts_beside_the_people_named(text: str, people: int | None) -> None:
    """QA 55 T19: "me and 3 colleagues" was a staff of 3."""
    assert q.read_headcount(text) == people


def test_qlora_that_fits_no_gpus_offers_cpu_offload(service: AdvisorService) -> None:
    """QA 55 T25: QLoRA of a 70B on two RTX 4090 said only "take 8 GPUs", though FSDP-QLoRA
    with CPU offload was built for exactly that."""
    (answer,) = converse(
        service, "У нас есть 2 карты RTX 4090. Можно на них дообучить Ламу 3 70B через QLoRA?"
    )
    assert answer.sizing is not None and not answer.sizing.fits
    offload = next(c for c in answer.make_it_fit if c.change == "qlora_cpu_offload")
    assert offload.fits and offload.request["cpu_offload"] is True
    assert offload.request["gpus"] == 2 and offload.request["sharding"] == "zero3"
    assert "FSDP CPU offload" in answer.answer
