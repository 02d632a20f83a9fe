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
