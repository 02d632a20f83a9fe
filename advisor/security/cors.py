"""CORS allow-list for the website widget: exact origins only, never `*` with credentials.

`ADVISOR_CORS_ORIGINS=https://www.example.com,https://shop.example.com`; an empty
list adds no CORS headers at all (same-origin use only).
"""

from __future__ import annotations

from collections.abc import Sequence
from urllib.parse import urlsplit

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware

ALLOWED_METHODS = ["GET", "POST", "OPTIONS"]
ALLOWED_HEADERS = ["Authorization", "Content-Type"]
EXPOSED_HEADERS = ["Retry-After", "X-RateLimit-Limit", "X-RateLimit-Remaining"]


def parse_origins(value: str | Sequence[str]) -> list[str]:
    """Comma-separated origins -> `scheme://host[:port]` each; anything else is an error."""
    entries = value.split(",") if isinstance(value, str) else list(value)
    origins = []
    for entry in (e.strip().rstrip("/") for e in entries):
        if not entry:
            continue
        parts = urlsplit(entry)
        if (
            parts.scheme not in ("http", "https")
            or not parts.hostname
            or parts.path
            or parts.query
            or parts.fragment
            or parts.username
        ):
            raise ValueError(
                f"cors_origins: {entry!r} is not an origin like https://www.example.com"
                " (scheme and host, optional port, no path; '*' is not allowed)"
            )
        origins.append(f"{parts.scheme}://{parts.netloc.lower()}")
    return origins


def install_cors(app: FastAPI, origins: Sequence[str]) -> None:
    """Add CORS for exactly `origins`; nothing when the list is empty."""
    if not origins:
        return
    app.add_middleware(
        CORSMiddleware,
        allow_origins=list(origins),
        allow_methods=ALLOWED_METHODS,
        allow_headers=ALLOWED_HEADERS,
        expose_headers=EXPOSED_HEADERS,
        allow_credentials=False,
        max_age=600,
    )
