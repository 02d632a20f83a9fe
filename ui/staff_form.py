"""The staff forms: one input per parameter, generated from `SizingRequest` (the engine)
and `RecommendRequest` (a goal, with every assumption a staff member may correct).

Generating them keeps the forms in step with the engine: a new field in a request model
shows up here without touching the UI.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel
from pydantic.fields import FieldInfo

from advisor.errors import InputError
from advisor.sizing.request import SizingRequest

WidgetKind = Literal["choice", "multi", "int", "float", "bool", "text"]


@dataclass(frozen=True)
class FormField:
    name: str
    kind: WidgetKind
    label: str
    choices: tuple[str, ...] = ()
    default: Any = None
    optional: bool = False


def _unwrap(annotation: Any) -> tuple[Any, bool]:
    """(the type without None, whether None was allowed)."""
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        args = [a for a in typing.get_args(annotation) if a is not type(None)]
        return args[0], len(args) < len(typing.get_args(annotation))
    return annotation, False


def _field(name: str, info: FieldInfo) -> FormField:
    annotation, optional = _unwrap(info.annotation)
    label = f"{name} — {info.description}" if info.description else name
    default = None if info.is_required() else info.get_default(call_default_factory=True)
    origin = typing.get_origin(annotation)
    if origin is Literal:
        choices = tuple(str(c) for c in typing.get_args(annotation))
        return FormField(name, "choice", label, choices, default, optional)
    if origin is list:
        (item,) = typing.get_args(annotation)
        choices = tuple(str(c) for c in typing.get_args(item))
        return FormField(name, "multi", label, choices, default, optional)
    kind: WidgetKind
    if annotation is bool:
        kind = "bool"
    elif annotation is int:
        kind = "int"
    elif annotation is float:
        kind = "float"
    else:
        kind = "text"
    return FormField(name, kind, label, (), default, optional or info.is_required())


# Not a form input: a pasted config.json belongs to REST, MCP or the command line.
_NOT_IN_FORMS = frozenset({"hf_config"})


def form_fields(model: type[BaseModel] = SizingRequest) -> list[FormField]:
    return [
        _field(name, info) for name, info in model.model_fields.items() if name not in _NOT_IN_FORMS
    ]


def request_from_form(fields: list[FormField], values: list[Any]) -> dict[str, Any]:
    """Form values to size arguments: empty inputs mean the engine's default.

    Optional numbers arrive as text (an empty box is "unset", which a number box cannot
    show); InputError names a box that holds no number.
    """
    arguments: dict[str, Any] = {}
    for field, value in zip(fields, values, strict=True):
        if isinstance(value, str):
            value = value.strip()
        if value is None or value == "":
            continue
        if field.kind in ("int", "float"):
            value = _number(field, value)
        arguments[field.name] = value
    return arguments


def _number(field: FormField, value: Any) -> int | float:
    try:
        number = float(value)
    except (TypeError, ValueError):
        raise InputError(field.name, f"{field.name}: {value!r} is not a number") from None
    if field.kind == "float":
        return number
    if not number.is_integer():
        raise InputError(field.name, f"{field.name}: {value!r} is not a whole number")
    return int(number)


def is_text_number(field: FormField) -> bool:
    """An optional number without a default: shown as a text box that may stay empty."""
    return field.kind in ("int", "float") and field.default is None


def form_values(fields: list[FormField], request: dict[str, Any] | None) -> list[Any]:
    """Values to show for a request (e.g. the last answer's), defaults elsewhere."""
    source = request or {}
    values = []
    for field in fields:
        value = source.get(field.name, field.default)
        if is_text_number(field):
            value = "" if value is None else str(value)
        elif isinstance(value, dict):  # owned GPUs, typed as they are read: '4x a100-40gb'
            value = f"{value['count']}x {value['gpu']}"
        values.append(value)
    return values
