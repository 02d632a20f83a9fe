"""Request body cap: 413 with a typed JSON body, for declared and for chunked bodies.

A declared `Content-Length` over the cap is refused before the app runs. A chunked body
(no length) is counted as the app reads it; the read that crosses the cap raises, and
whatever response the app then tries to send (FastAPI turns the error into a 400) is
replaced by the 413. Once a response has started it cannot be replaced: the connection
is then cut by re-raising, which is what a server does with an over-long stream.
"""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from advisor.http_errors import FieldError, error_response


class BodyTooLarge(Exception):
    """Raised into the app from `receive` when the body crosses the cap."""


class BodySizeLimitMiddleware:
    """413 for a body over `max_bytes`, declared or chunked (see the module docstring)."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        if max_bytes < 0:
            raise ValueError("max_bytes must not be negative")
        self.app = app
        self.max_bytes = max_bytes

    def _refusal(self) -> ASGIApp:
        message = f"request body is over the {self.max_bytes}-byte limit"
        return error_response(
            413,
            "request_too_large",
            message,
            field="body",
            errors=[FieldError(field="body", message=message)],
        )

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "").strip()
        if declared.isdigit() and int(declared) > self.max_bytes:
            await self._refusal()(scope, receive, send)
            return
        received = 0
        exceeded = False
        response_started = False

        async def counting_receive() -> Message:
            nonlocal received, exceeded
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > self.max_bytes:
                    exceeded = True
                    raise BodyTooLarge
            return message

        async def guarded_send(message: Message) -> None:
            nonlocal response_started
            if exceeded and not response_started:
                return  # the app's own error response for the aborted read: 413 goes out
            if message["type"] == "http.response.start":
                response_started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, guarded_send)
        except BodyTooLarge:
            if response_started:
                raise
        if exceeded and not response_started:
            await self._refusal()(scope, receive, send)
