from __future__ import annotations

import pytest

from advisor.language import detect_language


@pytest.mark.parametrize(
    ("text", "language"),
    [
        ("Сколько видеокарт нужно для Llama 3.1 70B?", "ru"),
        ("Qwen2.5-72B-Instruct на RTX 4090", "ru"),  # Latin names, one Russian word
        ("а 8b?", "ru"),
        ("How many GPUs for Llama 3.1 70B?", "en"),
        ("what about two cards instead?", "en"),
    ],
)
def test_language_of_a_message(text: str, language: str) -> None:
    assert detect_language(text) == language


@pytest.mark.parametrize("text", ["4090?", "FP8?", "AWQ", "70b"])
def test_a_message_of_names_keeps_the_conversation_language(text: str) -> None:
    assert detect_language(text, "ru") == "ru"
    assert detect_language(text, "en") == "en"


@pytest.mark.parametrize(
    "text", ["Qwen2.5 Coder 32B", "RTX PRO 6000 Blackwell Max-Q", "DeepSeek R1 Distill Qwen 32B"]
)
def test_a_reply_of_only_names_keeps_the_conversations_language(text: str) -> None:
    """A Russian conversation answered with a model's name stays Russian (it switched)."""
    assert detect_language(text, "ru") == "ru"
    assert detect_language(text, "en") == "en"
