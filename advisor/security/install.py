"""All security layers on one app, in the order that works.

Outermost first: CORS (so a browser can read even a 429 or 413), the rate limit (an
abusive client is turned away before its body is read), the body cap, then the app.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from fastapi import FastAPI

from advisor.security.bodylimit import BodySizeLimitMiddleware
from advisor.security.cors import install_cors
from advisor.security.keys import StaffKeys
from advisor.security.ratelimit import RateLimitMiddleware, SharedLimiter, parse_networks

if TYPE_CHECKING:
    from advisor.config import Settings

# What a bot or a script can hammer: the API, MCP, and the Gradio UI's event endpoints
# (each question or click in the UI is one queue join) and its uploads. The UI's static
# files are not here.
LIMITED_PATHS = (
    "/v1/",
    "/mcp",
    "/gradio_api/queue/join",
    "/gradio_api/call/",
    "/gradio_api/upload",  # anonymous uploads land on disk
)


def install_security(
    app: FastAPI,
    settings: Settings,
    *,
    staff_keys: StaffKeys | None = None,
    limited_paths: Sequence[str] = LIMITED_PATHS,
) -> StaffKeys:
    """Add body cap, rate limit and CORS to `app`; returns the staff keys it used."""
    keys = staff_keys or StaffKeys.from_secret(settings.staff_api_keys)
    # add_middleware wraps what is there: the last one added is the outermost.
    app.add_middleware(BodySizeLimitMiddleware, max_bytes=settings.max_body_bytes)
    app.add_middleware(
        RateLimitMiddleware,
        limiter=SharedLimiter(settings.rate_limit, settings.rate_limit_storage.get_secret_value()),
        trusted_proxies=parse_networks(settings.trusted_proxies),
        paths=limited_paths,
        staff_keys=keys,
    )
    install_cors(app, settings.cors_origins)
    return keys
