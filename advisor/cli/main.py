"""Entry point of the `advisor` console script.

Each sub-command lives in its own module with a `register(subparsers)` function;
heavy imports stay inside the handlers so `advisor size` starts fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from importlib import import_module

from advisor.errors import SettingsError

# Sub-command modules, in the order `advisor --help` lists them.
COMMAND_MODULES: tuple[str, ...] = (
    "advisor.cli.size",
    "advisor.cli.recommend",
    "advisor.cli.catalog",
    "advisor.cli.kb",
    "advisor.cli.ask",
    "advisor.cli.serving",
    "advisor.cli.serve",
)


class UsageError(Exception):
    """Bad input from the user: printed as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports bad input as a single line and exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        """Raise instead of printing the usage and exiting, so `main` reports it as one line.
        A stray value names no flag of its own, so the line points at --help."""
        if message.startswith("unrecognized arguments"):
            message += " (see --help)"
        raise UsageError(f"{self.prog}: {message}")


Handler = Callable[[argparse.Namespace], int]


def build_parser() -> argparse.ArgumentParser:
    """The `advisor` parser with every sub-command whose module exists; a module not
    written yet is skipped, not an error."""
    parser = OneLineParser(prog="advisor", description="GPU Advisor")
    subparsers = parser.add_subparsers(
        dest="command", required=True, parser_class=OneLineParser, metavar="COMMAND"
    )
    for module_name in COMMAND_MODULES:
        try:
            module = import_module(module_name)
        except ModuleNotFoundError as exc:
            if exc.name == module_name:
                continue  # a command not built yet
            raise
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """The console script: returns the exit status (2 for bad input or settings, 130 on
    Ctrl-C) rather than exiting, so tests can call it with `argv`."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        handler: Handler = args.handler
        return handler(args)
    except (UsageError, SettingsError) as exc:
        print(str(exc), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
