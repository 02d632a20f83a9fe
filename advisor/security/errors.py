"""The typed error body the security layers answer with, before any route runs.

Same shape as `advisor.api.errors` (`{"error": {"message", "type", "code", "param",
"allowed", "errors"}}`), so a client reads a 401, 413 or 429 like any other error.
"""

from __future__ import annotations

from collections.abc import Mapping

from starlette.responses import JSONResponse

_TYPES = {
    401: "authentication_error",
    403: "permission_error",
    413: "request_too_large",
    429: "rate_limit_error",
}


def error_response(
    status_code: int,
    code: str,
    message: str,
    *,
    field: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    errors = [{"field": field, "message": message, "allowed": []}] if field else []
    body = {
        "error": {
            "message": message,
            "type": _TYPES.get(status_code, "api_error"),
            "code": code,
            "param": field,
            "allowed": [],
            "errors": errors,
        }
    }
    return JSONResponse(body, status_code=status_code, headers=dict(headers or {}))
