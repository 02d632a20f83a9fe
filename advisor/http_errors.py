"""The typed error body every HTTP layer answers with: routes, handlers and middleware.

OpenAI-shaped (`{"error": {"message", "type", "param", "code"}}`) so OpenAI clients show
our message, with `allowed` and the full list of field `errors` added. A leaf module, so
the security middleware (which sits below the API) and the API share one shape.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, Field
from starlette.responses import JSONResponse


class FieldError(BaseModel):
    field: str = Field(description="dotted path of the input to fix, e.g. `users` or `messages.0`")
    message: str
    allowed: list[str] = Field(default_factory=list, description="values the field accepts")


class ErrorDetail(BaseModel):
    """OpenAI's error object: `type` is OpenAI's class of the status, `code` our precise
    reason (`unknown_message`, `rate_limited`, ...)."""

    message: str
    type: str = Field(description="invalid_request_error, not_found_error, ...")
    code: str
    param: str | None = Field(default=None, description="the first field to fix")
    allowed: list[str] = Field(default_factory=list)
    errors: list[FieldError] = Field(default_factory=list)


class ErrorResponse(BaseModel):
    error: ErrorDetail


ERROR_TYPES = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    405: "invalid_request_error",
    413: "request_too_large",
    422: "invalid_request_error",
    429: "rate_limit_error",
    503: "service_unavailable",
}


def error_body(
    status_code: int,
    code: str,
    message: str,
    *,
    field: str | None = None,
    allowed: list[str] | None = None,
    errors: list[FieldError] | None = None,
) -> dict[str, Any]:
    """The body alone, for where no response can be sent any more: a stream whose 200
    is already out reports its error as an event."""
    detail = ErrorDetail(
        message=message,
        type=ERROR_TYPES.get(status_code, "api_error"),
        code=code,
        param=field,
        allowed=allowed or [],
        errors=errors or [],
    )
    return ErrorResponse(error=detail).model_dump(mode="json")


def error_response(
    status_code: int,
    code: str,
    message: str,
    *,
    field: str | None = None,
    allowed: list[str] | None = None,
    errors: list[FieldError] | None = None,
    headers: Mapping[str, str] | None = None,
) -> JSONResponse:
    """The body with its status, for route handlers and middleware alike; `headers`
    carry Retry-After and the like."""
    body = error_body(status_code, code, message, field=field, allowed=allowed, errors=errors)
    return JSONResponse(body, status_code=status_code, headers=dict(headers or {}))
