"""`advisor gpus`, `advisor models`, `advisor tools` and `advisor demo`."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

DEMO_REQUESTS: tuple[dict[str, Any], ...] = (
    {"model": "llama-3.1-70b", "gpu": "h100-sxm", "users": 20, "context": 8192},
    {"model": "qwen2.5-7b", "task": "qlora", "gpu": "rtx-4090", "context": 2048},
)


def register(subparsers: Any) -> None:
    """Add `gpus`, `models`, `tools` and `demo`: read-only commands that need no index,
    LLM or network."""
    for name, help_text in (("gpus", "list the GPU catalog"), ("models", "list the model catalog")):
        parser = subparsers.add_parser(name, help=help_text)
        parser.add_argument("--json", action="store_true", help="print a JSON list")
        parser.set_defaults(handler=run_list, catalog=name)
    tools = subparsers.add_parser(
        "tools", help="the advisor's tools: name, description, arguments (as /v1/tools and MCP)"
    )
    tools.add_argument("--json", action="store_true", help="print the OpenAI tool objects")
    tools.set_defaults(handler=run_tools)
    demo = subparsers.add_parser("demo", help="size two typical requests (no GPU, no network)")
    demo.set_defaults(handler=run_demo)


def run_list(args: argparse.Namespace) -> int:
    """One line per record, or with `--json` the records `GET /v1/gpus` and
    `GET /v1/models` return."""
    from advisor.catalog import load_catalog

    catalog = load_catalog()
    records = (
        list(catalog.gpus.values()) if args.catalog == "gpus" else list(catalog.models.values())
    )
    if args.json:
        json.dump([r.model_dump(mode="json") for r in records], sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for record in records:
        sys.stdout.write(f"{record.id:24} {record.name}\n")
    return 0


def run_tools(args: argparse.Namespace) -> int:
    """The tool registry, the one every face publishes."""
    from advisor.services.registry import TOOLS, openai_tool

    if args.json:
        json.dump([openai_tool(spec) for spec in TOOLS], sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    for spec in TOOLS:
        sys.stdout.write(f"{spec.name}: {spec.description}\n")
        sys.stdout.write(f"  arguments: {', '.join(spec.field_names)}\n")
    return 0


def run_demo(_: argparse.Namespace) -> int:
    """Two typical requests (a 70B chat service, a 7B QLoRA) through the engine: a first
    look that needs no GPU, network or input."""
    from advisor.catalog import load_catalog
    from advisor.cli.tables import render_report
    from advisor.sizing import SizingRequest, size

    catalog = load_catalog()
    for values in DEMO_REQUESTS:
        sys.stdout.write(render_report(size(SizingRequest(**values), catalog)) + "\n")
    return 0
