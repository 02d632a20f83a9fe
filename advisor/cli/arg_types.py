"""argparse types shared by several sub-commands, so a flag reads the same everywhere."""

from __future__ import annotations

import argparse


def port(text: str) -> int:
    """A TCP port, 1-65535; anything else is a one-line usage error naming the value."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid port {text!r}: not a number") from None
    if not 1 <= number <= 65535:
        raise argparse.ArgumentTypeError(f"invalid port {number}: must be 1-65535")
    return number
