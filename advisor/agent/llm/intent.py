"""Is this turn a sizing question? Decides whether the first model call must size.

A small model does not choose tools on its own, and a large one sometimes answers from
memory; forcing `size_deployment` on sizing questions makes both safe. The reading is
deliberately generous: a forced call on a borderline question costs one engine run,
a missed one lets the model talk figures without a tool.
"""

from __future__ import annotations

import re
from typing import Any

from advisor.agent.llm.tools import COMPARE_GPUS, SIZE_DEPLOYMENT
from advisor.catalog.loader import Catalog

_SIZING_WORDS = re.compile(
    r"\b(?:gpus?|vram|h100|h200|a100|l40s?|rtx|4090|5090|mi300x?|b200|"
    r"how many|how much memory|server|hardware|serve|serving|deploy\w*|inference|"
    r"fine-?tun\w*|lora|qlora|train\w*|concurrent|users?|context|tokens?|"
    r"fp8|fp16|bf16|int4|int8|awq|gptq|gguf|q4_k_m|\d+[ -]?bit|quantiz\w*)\b"
    r"|видеокарт|карт[аыу]|гпу|памят|сервер|железо|сколько|инференс|запуст|развернут|"
    r"дообуч|обучени|обучить|пользовател|сотрудник|одновременн|контекст|токен|"
    r"\d+\s?-?бит|квантиз",
    re.IGNORECASE,
)
_FOLLOW_UP = re.compile(
    r"\d|\b(?:and|what about|instead|also|with|without|only)\b|\bа\b|\bесли\b|вместо|ещё|еще",
    re.IGNORECASE,
)


def _mentions_model(question: str, catalog: Catalog) -> bool:
    text = question.lower()
    families = {model.family.lower() for model in catalog.models.values() if model.family}
    return any(re.search(rf"\b{re.escape(family)}", text) for family in families)


_COMPARE_WORDS = re.compile(
    r"\b(?:compare|comparison|versus|vs\.?|which gpu|what gpu|cheapest|best gpu)\b"
    r"|сравн|какую (?:видео)?карту|какой gpu|какие (?:видео)?карты|дешевле|выгоднее",
    re.IGNORECASE,
)


def forced_tool(
    question: str, previous_request: dict[str, Any] | None, catalog: Catalog
) -> str | None:
    """The engine tool this turn must call first: compare_gpus when GPUs are weighed,
    size_deployment for any other sizing question, None when no figure is needed."""
    if not is_sizing_question(question, previous_request, catalog):
        return None
    return COMPARE_GPUS if _COMPARE_WORDS.search(question) else SIZE_DEPLOYMENT


def is_sizing_question(
    question: str, previous_request: dict[str, Any] | None, catalog: Catalog
) -> bool:
    """True when the answer needs the engine: a model, a GPU or a load is talked about,
    or a follow-up to an earlier sizing changes something."""
    if _SIZING_WORDS.search(question) or _mentions_model(question, catalog):
        return True
    return previous_request is not None and bool(_FOLLOW_UP.search(question))
