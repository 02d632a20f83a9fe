"""Which language a message is written in: Russian or English, the two the advisor speaks.

One rule for every reader of a message (the conversation, the offline reader, the LLM
turn, knowledge retrieval): a Russian question is full of Latin model and GPU names
("Qwen2.5-72B-Instruct на RTX 4090"), so a letter ratio misreads it; any Cyrillic word
decides for Russian instead. A Cyrillic letter glued to a number is no word: "А100" typed
with a Cyrillic А in an English question stays English ("а 8b?" is Russian). A message with no words of either
language ("4090?", "FP8?") keeps the conversation's language.
"""

from __future__ import annotations

import re
from typing import Literal

Language = Literal["ru", "en"]
LANGUAGES: tuple[Language, ...] = ("ru", "en")

_CYRILLIC_WORD = re.compile(r"[а-яё]{2,}|(?<!\w)[а-яё](?!\w)", re.IGNORECASE)
_LATIN_WORD = re.compile(r"(?<![\w.-])[a-z]{3,}(?![\w.-])", re.IGNORECASE)
# Latin words that name things rather than carry a language.
_NAMES = frozenset(
    [
        "awq",
        "gptq",
        "gguf",
        "lora",
        "qlora",
        "gpu",
        "gpus",
        "rtx",
        "nvidia",
        "amd",
        "vllm",
        "nvl",
        "pcie",
        "sxm",
        "ada",
        "pro",
        "geforce",
        "llama",
        "qwen",
        "mistral",
        "mixtral",
        "gemma",
        "phi",
        "deepseek",
        "smollm",
        "oss",
        "instinct",
        # model and GPU name parts a follow-up may consist of ("Qwen2.5 Coder 32B")
        "coder",
        "instruct",
        "distill",
        "chat",
        "base",
        "mini",
        "nano",
        "flash",
        "next",
        "thinking",
        "turbo",
        "scout",
        "maverick",
        "kimi",
        "glm",
        "magistral",
        "devstral",
        "codestral",
        "ministral",
        "nemotron",
        "gigachat",
        "yandexgpt",
        "lite",
        "falcon",
        "granite",
        "olmo",
        "tesla",
        "quadro",
        "blackwell",
        "hopper",
        "ampere",
        "max",
        "server",
        "edition",
        "workstation",
        "super",
        "small",  # "Mistral Small 3.2", a reply to "which Mistral?" (QA 52)
        "medium",
        "large",
        "nemo",
        "air",
        "ultra",
        "plus",
        "omni",
        "vision",
        "preview",
        "radeon",
    ]
)


def detect_language(text: str, default: Language = "en") -> Language:
    """`ru` when the message has a Cyrillic word, `en` when it has English words, else
    `default`."""
    if _CYRILLIC_WORD.search(text):
        return "ru"
    words = [w.lower() for w in _LATIN_WORD.findall(text)]
    if any(word not in _NAMES for word in words):
        return "en"
    return default
