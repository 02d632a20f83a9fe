"""CORS: exactly the configured origins may call the API from a browser."""

from __future__ import annotations

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from pydantic import ValidationError

from advisor.config import Settings
from advisor.security import install_cors, parse_origins

SITE = "https://www.example.com"


def cors_client(origins: list[str]) -> TestClient:
    app = FastAPI()

    @app.post("/v1/ask")
    def ask() -> dict[str, str]:
        return {"answer": "ok"}

    install_cors(app, origins)
    return TestClient(app)


def preflight(client: TestClient, origin: str) -> httpx.Response:
    return client.options(
        "/v1/ask",
        headers={
            "Origin": origin,
            "Access-Control-Request-Method": "POST",
            "Access-Control-Request-Headers": "content-type",
        },
    )


def test_an_allowed_origin_passes_the_preflight() -> None:
    response = preflight(cors_client([SITE]), SITE)
    assert response.status_code == 200
    assert response.headers["access-control-allow-origin"] == SITE
    assert "access-control-allow-credentials" not in response.headers


def test_another_origin_gets_no_cors_headers() -> None:
    client = cors_client([SITE])
    assert preflight(client, "https://evil.example.net").status_code == 400
    response = client.post("/v1/ask", headers={"Origin": "https://evil.example.net"})
    assert "access-control-allow-origin" not in response.headers


def test_an_actual_request_exposes_the_rate_limit_headers() -> None:
    response = cors_client([SITE]).post("/v1/ask", headers={"Origin": SITE})
    assert response.headers["access-control-allow-origin"] == SITE
    assert "retry-after" in response.headers["access-control-expose-headers"].lower()


def test_no_origins_means_no_cors() -> None:
    response = cors_client([]).post("/v1/ask", headers={"Origin": SITE})
    assert response.status_code == 200
    assert "access-control-allow-origin" not in response.headers


def test_origins_are_normalized() -> None:
    assert parse_origins(" https://WWW.Example.com/ , http://localhost:7860,,") == [
        SITE,
        "http://localhost:7860",
    ]


@pytest.mark.parametrize(
    "entry", ["*", "www.example.com", "https://www.example.com/chat", "ftp://x.org", "https://"]
)
def test_what_is_not_an_origin_names_the_setting(entry: str) -> None:
    with pytest.raises(ValueError, match=r"^cors_origins: .* is not an origin"):
        parse_origins(entry)


def test_origins_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_CORS_ORIGINS", f"{SITE},https://shop.example.com")
    assert Settings().cors_origins == [SITE, "https://shop.example.com"]
    monkeypatch.setenv("ADVISOR_CORS_ORIGINS", "*")
    with pytest.raises(ValidationError, match="cors_origins"):
        Settings()
