"""Body cap: a typed 413 for a declared length and for a chunked body, never a 500."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest
from fastapi import FastAPI, Request
from fastapi.testclient import TestClient
from pydantic import BaseModel
from starlette.applications import Starlette
from starlette.responses import JSONResponse
from starlette.routing import Route

from advisor.security import BodySizeLimitMiddleware

LIMIT = 1000


class Question(BaseModel):
    question: str


def fastapi_client() -> tuple[TestClient, list[str]]:
    app = FastAPI()
    seen: list[str] = []

    @app.post("/v1/ask")
    def ask(body: Question) -> dict[str, int]:
        seen.append(body.question)
        return {"length": len(body.question)}

    app.add_middleware(BodySizeLimitMiddleware, max_bytes=LIMIT)
    return TestClient(app), seen


def body_of(size: int) -> bytes:
    """A JSON body of exactly `size` bytes."""
    return b'{"question": "' + b"x" * (size - 16) + b'"}'


def chunks(body: bytes, size: int = 100) -> Iterator[bytes]:
    for start in range(0, len(body), size):
        yield body[start : start + size]


def assert_413(response: httpx.Response) -> None:
    assert response.status_code == 413
    error = response.json()["error"]
    assert (error["type"], error["code"], error["param"]) == (
        "request_too_large",
        "request_too_large",
        "body",
    )
    assert str(LIMIT) in error["message"]


def test_a_body_at_the_limit_passes() -> None:
    client, seen = fastapi_client()
    response = client.post(
        "/v1/ask", content=body_of(LIMIT), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 200
    assert seen and len(seen[0]) == LIMIT - 16


def test_a_declared_length_over_the_limit_never_reaches_the_app() -> None:
    client, seen = fastapi_client()
    response = client.post(
        "/v1/ask", content=body_of(LIMIT + 1), headers={"Content-Type": "application/json"}
    )
    assert_413(response)
    assert seen == []


def test_a_chunked_body_over_the_limit_is_413() -> None:
    client, seen = fastapi_client()
    response = client.post(
        "/v1/ask",
        content=chunks(body_of(LIMIT * 5)),
        headers={"Content-Type": "application/json"},
    )
    assert response.request.headers.get("transfer-encoding") == "chunked"
    assert_413(response)
    assert seen == []


def test_a_chunked_body_under_the_limit_passes() -> None:
    client, seen = fastapi_client()
    response = client.post(
        "/v1/ask", content=chunks(body_of(500)), headers={"Content-Type": "application/json"}
    )
    assert response.status_code == 200
    assert len(seen) == 1


def test_a_plain_starlette_app_gets_the_413_too() -> None:
    async def echo(request: Request) -> JSONResponse:
        return JSONResponse({"length": len(await request.body())})

    app = Starlette(routes=[Route("/echo", echo, methods=["POST"])])
    client = TestClient(BodySizeLimitMiddleware(app, max_bytes=LIMIT))
    assert client.post("/echo", content=chunks(b"y" * 300)).json() == {"length": 300}
    assert_413(client.post("/echo", content=chunks(b"y" * (LIMIT + 1))))


def test_get_requests_are_untouched() -> None:
    app = FastAPI()

    @app.get("/health")
    def health() -> dict[str, str]:
        return {"status": "ok"}

    app.add_middleware(BodySizeLimitMiddleware, max_bytes=LIMIT)
    assert TestClient(app).get("/health").json() == {"status": "ok"}


def test_a_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="max_bytes"):
        BodySizeLimitMiddleware(FastAPI(), max_bytes=-1)
