"""The number guard: what counts as a figure, what supports it, and how answers are repaired."""

from __future__ import annotations

import pytest

from advisor.agent.llm.guard import extract_mentions, guard_answer, is_supported, known_numbers

REPORT = {
    "gpu": {"id": "h100-sxm", "name": "NVIDIA H100 SXM5 80GB", "count": 4, "tensor_parallel": 4},
    "memory": {
        "per_gpu_gb": 44.767,
        "capacity_per_gpu_gb": 80.0,
        "kv_cache_capacity_tokens": 469616,
    },
    "performance": {"per_user_tokens_per_s": 57.43, "ttft_s": 0.1602},
    "server": {"system_ram_gb": 384, "nvme_tb": 1.0, "power_w": 3900},
    "context": 32768,
    "gpu_memory_utilization": 0.9,
    "fits": True,
    "tier": "4+ GPUs",
}


def supported(text: str, *sources: object) -> list[bool]:
    known = known_numbers([REPORT, *sources])
    return [is_supported(m, known) for m in extract_mentions(text)]


@pytest.mark.parametrize(
    "text",
    [
        "You need 4 GPUs with 44.8 GB each.",  # rounded to the written decimals
        "Нужно 4 карты по 44,8 ГБ.",  # Russian decimal comma
        "Per GPU: 45 GB of 80 GB.",
        "KV cache holds 469,616 tokens.",  # thousands comma
        "KV-кэш вмещает 469 616 токенов.",  # Russian thousands space
        "About 470,000 tokens of KV cache.",  # rounded to significant digits
        "A context of 32k tokens.",  # 32k = 32,768
        "Engine uses 90% of GPU memory.",  # percent of a fraction
        "Power: 3.9 kW.",  # kW of a W figure
        "Use 4x H100 (4 × 80 GB).",  # multipliers
        "Use 4x80GB.",
        "Четыре карты H100.",  # a number word
        "Time to first token 0.16 s, 57 tok/s per user.",
        "Server: 384 GB RAM, 1 TB NVMe.",
    ],
)
def test_figures_from_the_tools_pass(text: str) -> None:
    assert all(supported(text)), extract_mentions(text)


@pytest.mark.parametrize(
    "text",
    [
        "You need 8 GPUs.",
        "Нужно восемь карт.",
        "Each GPU uses 52.3 GB.",
        "Каждая карта использует 44,7 ГБ.",  # 44.767 rounds to 44.8, not 44.7
        "It costs $25,000.",
        "A context of 16k tokens.",
        "It runs at 1000 tokens per second.",  # 2+ significant digits: not 981 or 57
        "Two GPUs are enough.",
    ],
)
def test_invented_figures_fail(text: str) -> None:
    assert not all(supported(text)), extract_mentions(text)


def test_names_citations_and_list_numbers_are_not_figures() -> None:
    text = "1. Use FP8 on an H100 with Qwen2.5 or Llama-3.1 [3].\n2) Q4_K_M also works [1, 2]."
    assert extract_mentions(text) == []


def test_user_numbers_are_supported_with_their_units() -> None:
    question = "Llama 3.1 70B на 50 сотрудников с контекстом 16 тысяч"
    assert all(supported("For 50 users with 16k context and a 70B model.", question))
    assert all(supported("Для 50 пользователей.", "for 50 users"))


def test_ambiguous_grouping_has_both_readings() -> None:
    # "1,024" reads as 1024 (thousands) or 1.024 (decimal comma); either source supports it.
    assert supported("1,024 tokens", {"n": 1024}) == [True]
    assert supported("1,024 tokens", {"n": 1.024}) == [True]
    assert supported("1,5 часа", {"hours": 1.5}) == [True]


def test_repair_drops_only_the_sentences_with_unsupported_figures() -> None:
    answer = (
        "You need 4 x NVIDIA H100 SXM5 80GB. Each holds 44.8 GB. "
        "Expect a 30% discount from resellers.\n"
        "- Server RAM: 384 GB.\n"
        "- Budget $120,000 for the rest."
    )
    result = guard_answer(answer, [REPORT], key_figures=[4])
    assert result.text == (
        "You need 4 x NVIDIA H100 SXM5 80GB. Each holds 44.8 GB.\n- Server RAM: 384 GB."
    )
    assert result.removed == ("30%", "120,000")
    assert result.events == 2
    assert result.carries_key_result


def test_russian_answer_is_repaired() -> None:
    answer = "Нужно четыре H100 по 44,8 ГБ. Это обойдётся примерно в 9 млн рублей. Памяти 384 ГБ."
    result = guard_answer(answer, [REPORT], key_figures=[4])
    assert result.text == "Нужно четыре H100 по 44,8 ГБ. Памяти 384 ГБ."
    assert result.events == 1
    assert result.carries_key_result


def test_losing_the_key_result_is_a_violation() -> None:
    result = guard_answer("You need 8 x H100 with 44.8 GB each.", [REPORT], key_figures=[4])
    assert result.removed == ("8",)
    assert result.text == ""
    assert not result.carries_key_result


def test_answer_without_the_count_does_not_carry_the_key_result() -> None:
    result = guard_answer("Each GPU holds 44.8 GB.", [REPORT], key_figures=[4])
    assert result.events == 0
    assert not result.carries_key_result


def test_answer_without_key_figures_needs_only_some_text() -> None:
    result = guard_answer("KV cache grows with context [1].", [], passages=1)
    assert result.carries_key_result
    assert result.text == "KV cache grows with context [1]."


def test_citations_beyond_the_retrieved_passages_are_removed() -> None:
    result = guard_answer("See [1] and [4]. Also [1, 5].", [], passages=2)
    assert result.text == "See [1] and. Also [1]."
    assert result.removed == ("[4]", "[1, 5]")
