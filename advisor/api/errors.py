"""The API's error handling: every 4xx names the field to fix and, where known, the
allowed values; a database outage is a 503. The body is `advisor.http_errors`'."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from advisor.errors import InputError
from advisor.http_errors import ErrorResponse as ErrorResponse
from advisor.http_errors import FieldError, error_response

log = logging.getLogger(__name__)
_BODY_LOCATIONS = frozenset({"body", "query", "path", "header"})


class ApiError(Exception):
    """An error a route raises on purpose; turned into an ErrorResponse."""

    def __init__(
        self,
        status_code: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        allowed: list[str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status_code = status_code
        self.code = code
        self.field = field
        self.allowed = allowed or []


STORAGE_RETRY_AFTER_S = 5
STORAGE_UNAVAILABLE = "the database is unavailable, so nothing was stored; retry in a few seconds"

ERROR_RESPONSES: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorResponse, "description": "the body cannot be read (e.g. not UTF-8)"},
    404: {"model": ErrorResponse, "description": "unknown id"},
    413: {"model": ErrorResponse, "description": "request body too large"},
    422: {"model": ErrorResponse, "description": "invalid input: field path and allowed values"},
}
# Routes that store what they acknowledge.
STORING_RESPONSES: dict[int | str, dict[str, Any]] = {
    **ERROR_RESPONSES,
    503: {"model": ErrorResponse, "description": "the database is unavailable: nothing stored"},
}
STAFF_RESPONSES: dict[int | str, dict[str, Any]] = {
    **STORING_RESPONSES,
    401: {"model": ErrorResponse, "description": "no staff key"},
    403: {"model": ErrorResponse, "description": "not a staff key"},
    404: {"model": ErrorResponse, "description": "unknown conversation_id"},
}


def field_path(location: tuple[Any, ...] | list[Any]) -> str:
    """`("body", "messages", 0, "content")` -> `messages.0.content`."""
    parts = list(location)
    if parts and parts[0] in _BODY_LOCATIONS:
        parts = parts[1:]
    return ".".join(str(p) for p in parts) or "body"


def allowed_values(error: dict[str, Any], known_fields: list[str]) -> list[str]:
    """What pydantic says the field accepts: literal choices, or the known field names."""
    ctx = error.get("ctx") or {}
    expected = ctx.get("expected")
    if isinstance(expected, str) and error.get("type") in ("literal_error", "enum"):
        return [p.strip(" '\"") for p in expected.replace(" or ", ",").split(",") if p.strip()]
    if error.get("type") == "extra_forbidden":
        return known_fields
    return []


def _body_fields(request: Request) -> list[str]:
    """Field names of the route's body model, for an `extra_forbidden` error's allowed list."""
    route = request.scope.get("route")
    dependant = getattr(route, "dependant", None)
    for param in getattr(dependant, "body_params", []) or []:
        annotation = getattr(getattr(param, "field_info", None), "annotation", None)
        fields = getattr(annotation, "model_fields", None)
        if isinstance(fields, dict):
            return list(fields)
    return []


def validation_errors(errors: list[dict[str, Any]], known_fields: list[str]) -> list[FieldError]:
    """pydantic's errors as FieldErrors, one per problem, so a client can fix every field
    in one round trip."""
    return [
        FieldError(
            field=field_path(e.get("loc", ())),
            message=str(e.get("msg", "invalid value")),
            allowed=allowed_values(e, known_fields),
        )
        for e in errors
    ]


async def _on_validation_error(request: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, RequestValidationError)
    errors = validation_errors(list(exc.errors()), _body_fields(request))
    first = errors[0] if errors else FieldError(field="body", message="invalid request")
    return error_response(
        422,
        "invalid_value",
        f"{first.field}: {first.message}",
        field=first.field,
        allowed=first.allowed,
        errors=errors,
    )


async def _on_input_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, InputError)
    error = FieldError(field=exc.field, message=str(exc), allowed=exc.allowed)
    return error_response(
        422, "invalid_value", str(exc), field=exc.field, allowed=exc.allowed, errors=[error]
    )


async def _on_api_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, ApiError)
    errors = (
        [FieldError(field=exc.field, message=str(exc), allowed=exc.allowed)] if exc.field else []
    )
    return error_response(
        exc.status_code, exc.code, str(exc), field=exc.field, allowed=exc.allowed, errors=errors
    )


async def _on_http_error(_: Request, exc: Exception) -> JSONResponse:
    assert isinstance(exc, StarletteHTTPException)
    code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
    response = error_response(exc.status_code, code, str(exc.detail))
    if exc.headers:
        response.headers.update(exc.headers)
    return response


async def _on_storage_error(_: Request, exc: Exception) -> JSONResponse:
    """The database is down or refusing: nothing was acknowledged, so the client may retry."""
    log.error("database unavailable: %s", type(getattr(exc, "orig", None) or exc).__name__)
    response = error_response(
        503,
        "storage_unavailable",
        STORAGE_UNAVAILABLE,
    )
    response.headers["Retry-After"] = str(STORAGE_RETRY_AFTER_S)
    return response


def install_error_handlers(app: FastAPI) -> None:
    """Make every error the app raises answer with the typed ErrorResponse body (FastAPI's
    own is `{"detail": ...}`), and a database failure a 503 with Retry-After."""
    app.add_exception_handler(RequestValidationError, _on_validation_error)
    app.add_exception_handler(InputError, _on_input_error)
    app.add_exception_handler(ApiError, _on_api_error)
    app.add_exception_handler(StarletteHTTPException, _on_http_error)
    app.add_exception_handler(SQLAlchemyError, _on_storage_error)
