"""`advisor size` / `compare` flags generated from the SizingRequest model (one schema)."""

from __future__ import annotations

import argparse
import json
import types
import typing
from typing import Any, Literal, get_args, get_origin

from pydantic import ValidationError

from advisor.cli.main import UsageError
from advisor.sizing.request import SizingRequest

# Booleans that default to True get --x / --no-x; the others are plain switches.
# Not a flag: on the command line `--model path/to/config.json` reads the user's own file.
_NOT_FLAGS = {"hf_config"}


def _positive(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
        if value <= 0:
            raise argparse.ArgumentTypeError(f"must be positive, got {text}")
        return value

    parse.__name__ = kind.__name__
    return parse


def unwrap_optional(annotation: Any) -> Any:
    """`X | None` -> X."""
    if get_origin(annotation) in (typing.Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        return args[0] if len(args) == 1 else annotation
    return annotation


def add_request_arguments(parser: argparse.ArgumentParser) -> None:
    """One flag per SizingRequest field, typed from the model, so the command line and the
    API's request schema cannot drift apart."""
    for name, field in SizingRequest.model_fields.items():
        if name in _NOT_FLAGS:
            continue
        flag = "--" + name.replace("_", "-")
        annotation = unwrap_optional(field.annotation)
        help_text = field.description or ""
        if annotation is bool:
            if field.default is True:
                parser.add_argument(
                    flag, action=argparse.BooleanOptionalAction, default=None, help=help_text
                )
            else:
                parser.add_argument(flag, action="store_true", default=None, help=help_text)
        elif get_origin(annotation) is Literal:
            parser.add_argument(
                flag, choices=list(get_args(annotation)), default=None, help=help_text
            )
        elif get_origin(annotation) is list:
            (item,) = get_args(annotation)
            parser.add_argument(
                flag, nargs="+", choices=list(get_args(item)), default=None, help=help_text
            )
        elif annotation in (int, float):
            parser.add_argument(flag, type=_positive(annotation), default=None, help=help_text)
        elif name == "model":
            parser.add_argument(
                flag,
                required=True,
                default=None,
                help=f"{help_text}; or the path of a Hugging Face config.json",
            )
        else:
            parser.add_argument(flag, default=None, help=help_text)


def request_from_args(args: argparse.Namespace) -> SizingRequest:
    """The SizingRequest of the flags given (the others take the model's defaults); a
    refused value is a usage error naming its flag."""
    values = {
        name: getattr(args, name)
        for name in SizingRequest.model_fields
        if getattr(args, name, None) is not None
    }
    if str(values.get("model", "")).endswith(".json"):
        path = values.pop("model")
        config = read_hf_config(path)
        if isinstance(config, dict):  # the file names the model when the config does not
            config.setdefault("_name_or_path", path)
        values["hf_config"] = config
    try:
        return SizingRequest.model_validate(values)
    except ValidationError as exc:
        error = exc.errors()[0]
        field = str(error["loc"][0]) if error["loc"] else "input"
        flag = "model" if field == "hf_config" else field  # the config came from --model
        raise UsageError(f"advisor: --{flag.replace('_', '-')}: {error['msg']}") from None


def read_hf_config(path: str) -> Any:
    """The user's own config.json, read on their machine (the only face that reads a
    path); a file that cannot be read or parsed is a usage error naming it."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise UsageError(f"advisor: --model: cannot read {path}: {exc}") from None
