"""A JSON object in a message ("{"model": "Qwen2.5-7B", "concurrency": 100}") read as the
words the reader understands, so a bot that sends fields is read like a person.

Only flat scalar values of known keys are used; they become text, never a path, a URL or a
command, and everything else in the object is dropped.
"""

from __future__ import annotations

import json
from collections.abc import Callable

_LONGEST = 20_000  # characters: the API caps a question well below this
_MOST_OBJECTS = 8
_Value = str | int | float

# key (lower case, '-' as '_') -> how its value reads as words
_PHRASES: dict[str, Callable[[_Value], str]] = {}
for _keys, _phrase in (
    (("model", "model_name", "model_id", "llm"), "model {}"),
    (
        ("concurrency", "concurrent_users", "users", "max_concurrency", "parallel"),
        "{} users at once",
    ),
    (
        ("context", "context_tokens", "context_length", "max_model_len", "ctx", "seq_len"),
        "context {}",
    ),
    (("precision", "dtype", "quantization", "weights"), "in {}"),
    (("kv_cache_dtype", "kv_precision"), "kv cache {}"),
    (("gpu", "gpu_type", "gpu_model", "hardware"), "on {}"),
    (("gpus", "gpu_count", "num_gpus", "n_gpus"), "{} gpus"),
    (("headcount", "employees", "staff"), "{} employees"),
    (("budget_usd", "budget"), "budget ${}"),
    (("budget_rub",), "бюджет {} руб"),
    (("engine", "backend", "runtime"), "in {}"),
    (("task",), "{}"),
    (("requests_per_day",), "{} requests a day"),
    (("output_tokens", "max_tokens"), "answers of {} tokens"),
):
    for _key in _keys:
        _PHRASES[_key] = _phrase.format


def structured_as_text(question: str) -> str:
    """The question with each JSON object in it replaced by the words its known fields say."""
    if "{" not in question or len(question) > _LONGEST:
        return question
    decoder = json.JSONDecoder()
    parts: list[str] = []
    start = 0
    for _ in range(_MOST_OBJECTS):
        brace = question.find("{", start)
        if brace < 0:
            break
        try:
            data, end = decoder.raw_decode(question, brace)
        except ValueError:
            parts.append(question[start : brace + 1])
            start = brace + 1
            continue
        words = _object_words(data) if isinstance(data, dict) else ""
        parts.append(question[start:brace] + (words or question[brace:end]))
        start = end
    parts.append(question[start:])
    return "".join(parts)


def _deployment(value: _Value) -> str:
    """'cloud' is renting; anything else ('on-prem') is said as it is."""
    text = str(value).lower()
    return "rented in the cloud" if text in ("cloud", "rent", "rented", "rental") else text


_PHRASES |= dict.fromkeys(("deployment", "hosting", "deploy"), _deployment)


def _object_words(data: dict[str, object]) -> str:
    words = []
    for key, value in data.items():
        phrase = _PHRASES.get(str(key).lower().replace("-", "_"))
        if phrase is None or isinstance(value, bool) or not isinstance(value, str | int | float):
            continue
        if str(key).lower() == "task" and str(value).lower() in ("sizing", "size", "inference"):
            continue
        words.append(phrase(str(value)[:80]))
    return ", ".join(words)
