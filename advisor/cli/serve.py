"""`advisor serve`: the chat UI, REST, OpenAI-compatible and MCP endpoints in one process."""

from __future__ import annotations

import argparse
import logging
import socket
from typing import Any

from advisor.cli.arg_types import port
from advisor.cli.main import UsageError


def _url(text: str) -> str:
    if not text.startswith(("http://", "https://")):
        raise argparse.ArgumentTypeError(f"invalid URL {text!r}: must start with http(s)://")
    return text.rstrip("/")


def register(subparsers: Any) -> None:
    """Add `serve`; `--host`, `--port` and `--llm-url` override the settings for this run
    only."""
    parser = subparsers.add_parser(
        "serve", help="run the chat UI and the REST/OpenAI/MCP API (offline without an LLM)"
    )
    parser.add_argument("--host", default=None, help="bind address (default ADVISOR_HOST)")
    parser.add_argument("--port", type=port, default=None, help="port (default ADVISOR_PORT)")
    parser.add_argument(
        "--llm-url",
        type=_url,
        default=None,
        help="OpenAI-compatible base URL of the LLM, e.g. http://127.0.0.1:8000/v1 "
        "(default: ADVISOR_LLM_URL; unset = offline mode)",
    )
    parser.add_argument(
        "--no-warm-up",
        action="store_true",
        help="open the knowledge base on the first question instead of at start",
    )
    parser.set_defaults(handler=run_serve)


def _bind(host: str, port: int) -> socket.socket:
    """Bind before starting uvicorn, so a taken port is one clear line, not a log dump."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise UsageError(f"advisor serve: cannot listen on {host}:{port}: {exc.strerror}") from None
    return sock


def run_serve(args: argparse.Namespace) -> int:
    """Bind the port, build the app and serve until stopped; a taken port or an
    unreachable database is one line and exit status 2, not a traceback."""
    from advisor.config import get_settings

    settings = get_settings()
    host: str = args.host or settings.host
    port: int = args.port or settings.port
    sock = _bind(host, port)
    logging.basicConfig(
        level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )

    import uvicorn
    from sqlalchemy.exc import SQLAlchemyError

    from advisor.api import create_app
    from advisor.security.redaction import redact

    if args.llm_url:
        settings = settings.model_copy(update={"llm_url": args.llm_url})
    try:
        app = create_app(settings, warm_up=not args.no_warm_up)
    except (SQLAlchemyError, ValueError) as exc:  # unreachable, refused, a malformed URL
        sock.close()
        reason = redact(str(getattr(exc, "orig", None) or exc).strip().splitlines()[0])
        raise UsageError(f"advisor serve: cannot open the database: {reason}") from None
    shown_host = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    mode = f"LLM at {settings.llm_url}" if settings.llm_url else "offline"
    print(f"GPU Advisor ({mode}): http://{shown_host}:{port}/", flush=True)
    # proxy_headers off: which proxies to believe is ADVISOR_TRUSTED_PROXIES' decision, not
    # uvicorn's (it would take X-Forwarded-For from any loopback peer).
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", proxy_headers=False))
    server.run(sockets=[sock])
    return 0
