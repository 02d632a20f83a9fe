"""Security building blocks of the HTTP face: staff keys, rate limit, body cap, CORS, redaction.

Each piece is plain ASGI middleware or a FastAPI dependency with its own tests, so
`advisor.api.app.create_app` adds them without the routes knowing.
"""

from advisor.security.bodylimit import BodySizeLimitMiddleware
from advisor.security.cors import install_cors, parse_origins
from advisor.security.install import install_security
from advisor.security.keys import StaffKeys, bearer_token, require_staff
from advisor.security.ratelimit import (
    RateLimit,
    RateLimitMiddleware,
    SharedLimiter,
    client_address,
)
from advisor.security.redaction import RedactingFilter, install_log_redaction, redact

__all__ = [
    "BodySizeLimitMiddleware",
    "RateLimit",
    "RateLimitMiddleware",
    "RedactingFilter",
    "SharedLimiter",
    "StaffKeys",
    "bearer_token",
    "client_address",
    "install_cors",
    "install_log_redaction",
    "install_security",
    "parse_origins",
    "redact",
    "require_staff",
]
