"""`advisor recommend`: options for a goal (use case, staff, budget, owned GPUs, a run).

The flags are RecommendRequest's fields (dashes for underscores; `--ttft` for `ttft_s`),
so the command line, REST, MCP and the LLM's tool take the same goal.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any, Literal, get_args, get_origin

from advisor.cli.main import UsageError
from advisor.cli.request_args import unwrap_optional

# Flags the issue names differently from the field; the field's own spelling works too.
_FLAG_ALIASES = {"ttft_s": ("--ttft", "--ttft-s")}
_OUTPUT_LANGUAGES = ("en", "ru")


def _flags(name: str) -> tuple[str, ...]:
    return _FLAG_ALIASES.get(name, ("--" + name.replace("_", "-"),))


def _number(kind: type[int] | type[float]) -> Any:
    def parse(text: str) -> int | float:
        try:
            return kind(text.replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None

    parse.__name__ = kind.__name__
    return parse


def register(subparsers: Any) -> None:
    """Add `recommend`, one flag per RecommendRequest field."""
    from advisor.recommend import RecommendRequest

    parser = subparsers.add_parser(
        "recommend",
        help="GPUs, server, model and cost for a goal",
        description="Options for a goal: start, recommended, scale, what fits owned GPUs, "
        "each with speed, capacity and cost. Every flag is optional.",
    )
    load = parser.add_mutually_exclusive_group()
    for name, field in RecommendRequest.model_fields.items():
        annotation = unwrap_optional(field.annotation)
        target = load if name in ("headcount", "users", "requests_per_s") else parser
        kwargs: dict[str, Any] = {"dest": name, "default": None, "help": field.description}
        if get_origin(annotation) is Literal:
            kwargs["choices"] = list(get_args(annotation))
        elif annotation in (int, float):
            kwargs["type"] = _number(annotation)
        elif name == "owned":
            kwargs["metavar"] = '"COUNTx GPU"'
        target.add_argument(*_flags(name), **kwargs)
    parser.add_argument(
        "--output-language",
        choices=_OUTPUT_LANGUAGES,
        default=None,
        help="language of the text (default: ru for --language ru, else en)",
    )
    parser.add_argument("--json", action="store_true", help="print the result as one JSON object")
    parser.set_defaults(handler=run_recommend)


def run_recommend(args: argparse.Namespace) -> int:
    """The options as text, or with `--json` the object `POST /v1/recommend` returns."""
    from advisor.config import configured_catalog, get_settings
    from advisor.errors import InputError
    from advisor.language import Language
    from advisor.recommend import RecommendRequest
    from advisor.services.recommendation import recommend_deployment, recommendation_text

    goal = {
        name: getattr(args, name)
        for name in RecommendRequest.model_fields
        if getattr(args, name, None) is not None
    }
    catalog = configured_catalog(get_settings())
    try:
        result = recommend_deployment(goal, catalog)
    except InputError as exc:
        field = exc.field.split(".")[0]
        flag = _flags(field)[0] if field in RecommendRequest.model_fields else field
        message = str(exc).removeprefix(f"{exc.field}: ").removeprefix("Value error, ")
        raise UsageError(f"advisor recommend: {flag}: {message}") from None
    if args.json:
        json.dump(result.model_dump(mode="json"), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    language: Language = "en"
    if args.output_language == "ru" or (
        args.output_language is None and result.goal.get("language") == "ru"
    ):
        language = "ru"
    sys.stdout.write(recommendation_text(result, language))
    return 0
