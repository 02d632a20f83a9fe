"""A note: a message of the catalog with its parameters, and its rendering in a language.

The engine and the services return notes, never sentences; a face renders them in the
reader's language. Parameters are numbers (formatted by the template's own format spec,
with the language's digit grouping), plain names, a `Text` that carries both languages
(a catalog data file's own description), another note, or a list of notes (joined with
"; "). The conversion `!c` capitalises the first letter of what it formats.
"""

from __future__ import annotations

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
    """Note(code=..., params=...) without the keyword noise at every call site."""
    return Note(code=code, params=params)


class _Formatter(string.Formatter):
    def __init__(self, language: Language) -> None:
        self.language = language

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        if conversion == "c":
            text = self.format_field(value, "")
            return text[:1].upper() + text[1:]
        return super().convert_field(value, conversion)

    def format_field(self, value: Any, format_spec: str) -> str:
        if isinstance(value, Note):
            return render(value, self.language)
        if isinstance(value, Text):
            return value.ru if self.language == "ru" else value.en
        if isinstance(value, list):
            return "; ".join(render(item, self.language) for item in value)
        text = format(value, format_spec)
        if self.language == "ru" and "," in format_spec:
            text = text.replace(",", NBSP)  # 778 880: Russian groups digits with a space
        return text


def render(entry: Note | M, language: Language, /, **params: Param) -> str:
    """The message in `language`; a bare catalog entry takes its parameters as keywords."""
    if isinstance(entry, Note):
        code, values = entry.code, entry.params
    else:
        code, values = entry, params
    template = code.ru if language == "ru" else code.en
    return _Formatter(language).vformat(template, (), _Values(values))


class _Values(dict[str, Any]):
    """A template's values; a missing one is a bug in the caller, named in the error."""

    def __missing__(self, key: str) -> Any:
        raise KeyError(f"message parameter {key!r} missing")


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
