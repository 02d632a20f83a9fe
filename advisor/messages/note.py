"""A note: a message of the catalog with its parameters, and its rendering in a language.

The engine and the services return notes, never sentences; a face renders them in the
reader's language. Parameters are numbers (formatted by the template's own format spec,
with the language's digit grouping), plain names, a `Text` that carries both languages
(a catalog data file's own description), another note, or a list of notes (joined with
"; "). The conversion `!c` capitalises the first letter of what it formats; the spec
`plural:one|other` (Russian `plural:one|few|many`) follows a count with its noun's form.
"""

from __future__ import annotations

import functools
import string
from collections.abc import Iterable, Sequence
from typing import Annotated, Any

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, PlainSerializer, WithJsonSchema

from advisor.language import Language
from advisor.messages.catalog import M

NBSP = "\u00a0"


def _message(value: Any) -> M:
    if isinstance(value, M):
        return value
    try:
        return M.by_key(str(value))
    except KeyError:
        raise ValueError(f"unknown message code {value!r}") from None


MessageCode = Annotated[
    M,
    BeforeValidator(_message),
    PlainSerializer(lambda m: m.key, return_type=str),
    WithJsonSchema({"type": "string", "description": "message id in advisor/messages/catalog.py"}),
]


class Text(BaseModel):
    """A short text in both languages, from a data file (e.g. a weight format's note)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    en: str
    ru: str


class Note(BaseModel):
    """One message of the catalog and the values to fill in."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    code: MessageCode = Field(description="message id in the catalog, e.g. warning.does_not_fit")
    params: dict[str, Param] = Field(default_factory=dict)

    def render(self, language: Language) -> str:
        return render(self, language)


Param = str | int | float | Text | Note | list[Note]
Note.model_rebuild()


def note(code: M, /, **params: Param) -> Note:
    """Note(code=..., params=...) without the keyword noise at every call site.

    Built without validation, the way `model_construct` does but in half its time (the
    engine makes ~25 notes per sizing, the search thousands): the call is typed, so mypy
    checks what validation would.
    """
    made = object.__new__(Note)
    object.__setattr__(made, "__dict__", {"code": code, "params": params})
    object.__setattr__(made, "__pydantic_fields_set__", {"code", "params"})
    object.__setattr__(made, "__pydantic_extra__", None)
    object.__setattr__(made, "__pydantic_private__", None)
    return made


def task_note(task: str) -> Note:
    """A task's name (inference, LoRA, full fine-tuning, ...), rendered in the reader's
    language wherever a message names the task."""
    return note(M.by_key(f"task.{task}"))


def use_case_note(use_case: str) -> Note:
    """A use case's name (a general assistant, questions over documents, ...)."""
    return note(M.by_key(f"use_case.{use_case}"))


def _plural(value: Any, forms: list[str], language: Language) -> str:
    """The noun form a count takes: English one|other, Russian one|few|many (1 пользователь,
    2 пользователя, 5 пользователей; 11-14 take many)."""
    if not (isinstance(value, int) or (isinstance(value, float) and value.is_integer())):
        return forms[-1]
    count = abs(int(value))
    if language == "ru" and len(forms) == 3:
        if count % 10 == 1 and count % 100 != 11:
            return forms[0]
        if 2 <= count % 10 <= 4 and not 12 <= count % 100 <= 14:
            return forms[1]
        return forms[2]
    return forms[0] if count == 1 else forms[-1]


def _format(value: Any, format_spec: str, language: Language) -> str:
    if type(value) is str and not format_spec:  # the common case first: plain text
        return value
    if format_spec.startswith("plural:"):  # "{users:plural:user|users}": "1 user", "5 users"
        return f"{value} {_plural(value, format_spec[7:].split('|'), language)}"
    if isinstance(value, Note):
        return render(value, language)
    if isinstance(value, Text):
        return value.ru if language == "ru" else value.en
    if isinstance(value, list):
        return "; ".join(render(item, language) for item in value)
    text = format(value, format_spec)
    if language == "ru" and "," in format_spec:
        text = text.replace(",", NBSP)  # 778 880: Russian groups digits with a space
    return text


@functools.cache
def _parsed(template: str) -> tuple[tuple[str, str | None, str, str | None], ...]:
    """A template cut into literal text and fields once: the engine renders thousands."""
    return tuple(
        (literal, field, spec or "", conversion)
        for literal, field, spec, conversion in string.Formatter().parse(template)
    )


def render(entry: Note | M, language: Language, /, **params: Param) -> str:
    """The message in `language`; a bare catalog entry takes its parameters as keywords."""
    if isinstance(entry, Note):
        code, values = entry.code, entry.params
    else:
        code, values = entry, params
    template = code.ru if language == "ru" else code.en
    parts: list[str] = []
    for literal, field, spec, conversion in _parsed(template):
        parts.append(literal)
        if field is None:
            continue
        if field not in values:
            raise KeyError(f"message parameter {field!r} missing")
        text = _format(values[field], spec if conversion is None else "", language)
        if conversion == "c":
            text = text[:1].upper() + text[1:]
        elif conversion is not None:
            raise ValueError(f"message conversion !{conversion} is not supported")
        parts.append(text)
    return "".join(parts)


def render_all(notes: Iterable[Note], language: Language) -> list[str]:
    return [render(item, language) for item in notes]


def both(code: M, /, separator: str = " / ", **params: Param) -> str:
    """Russian and English side by side, for labels that must serve both readers at once."""
    return render(code, "ru", **params) + separator + render(code, "en", **params)


def placeholders(template: str) -> set[str]:
    """The parameter names a template uses (a test keeps them equal across languages)."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def english(item: Note) -> str:
    """The English text of a note: the reports' plain-text fields."""
    return render(item, "en")


def english_all(notes: Sequence[Note]) -> list[str]:
    return render_all(notes, "en")
