"""`advisor size` and `advisor compare`: the engine on the command line."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from advisor.cli.main import UsageError
from advisor.cli.request_args import add_request_arguments, request_from_args
from advisor.cli.tables import render_comparison, render_report


def register(subparsers: Any) -> None:
    """Add `size` and `compare`, with the same flags: both are generated from
    SizingRequest."""
    size = subparsers.add_parser("size", help="size GPUs for one model and task")
    add_request_arguments(size)
    size.add_argument("--json", action="store_true", help="print the report as one JSON object")
    size.set_defaults(handler=run_size)

    compare = subparsers.add_parser("compare", help="the same need on every catalog GPU")
    add_request_arguments(compare)
    compare.add_argument("--json", action="store_true", help="print the comparison as JSON")
    compare.set_defaults(handler=run_compare)


def _engine_call(kind: str, args: argparse.Namespace) -> Any:
    from advisor.catalog import load_catalog
    from advisor.errors import InputError
    from advisor.services.sizing import compare_gpus, size_deployment

    request = request_from_args(args)
    try:
        if kind == "size":
            return size_deployment(request, load_catalog()).report
        return compare_gpus(request, load_catalog())
    except InputError as exc:
        flag = "--" + exc.field.split(".")[0].replace("_", "-")
        raise UsageError(f"advisor {kind}: {flag}: {exc}") from None


def run_size(args: argparse.Namespace) -> int:
    """The engine's report as tables, or with `--json` the object `POST /v1/size` returns."""
    report = _engine_call("size", args)
    if args.json:
        json.dump(report.model_dump(mode="json"), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_report(report))
    return 0


def run_compare(args: argparse.Namespace) -> int:
    """One table row per catalog GPU, or with `--json` the object `POST /v1/compare`
    returns."""
    comparison = _engine_call("compare", args)
    if args.json:
        json.dump(comparison.model_dump(mode="json"), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(render_comparison(comparison))
    return 0
