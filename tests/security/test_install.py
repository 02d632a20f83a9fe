"""All layers together: a browser on an allowed origin can read even a 429 or a 413."""

from __future__ import annotations

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from advisor.config import Settings
from advisor.security import install_security

SITE = "https://www.example.com"


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.setenv("ADVISOR_RATE_LIMIT", "2/minute")
    monkeypatch.setenv("ADVISOR_MAX_BODY_BYTES", "2048")
    monkeypatch.setenv("ADVISOR_CORS_ORIGINS", SITE)
    monkeypatch.setenv("ADVISOR_STAFF_API_KEYS", "staff-key-abcdef")
    app = FastAPI()

    @app.post("/v1/ask")
    def ask() -> dict[str, str]:
        return {"answer": "ok"}

    keys = install_security(app, Settings())
    assert keys.verify("staff-key-abcdef")
    return TestClient(app)


def test_a_429_carries_cors_headers(client: TestClient) -> None:
    origin = {"Origin": SITE}
    assert [client.post("/v1/ask", headers=origin).status_code for _ in range(3)] == [
        200,
        200,
        429,
    ]
    refused = client.post("/v1/ask", headers=origin)
    assert refused.headers["access-control-allow-origin"] == SITE
    assert "retry-after" in refused.headers["access-control-expose-headers"].lower()


def test_a_413_carries_cors_headers(client: TestClient) -> None:
    response = client.post("/v1/ask", content=b"x" * 4096, headers={"Origin": SITE})
    assert response.status_code == 413
    assert response.headers["access-control-allow-origin"] == SITE


def test_preflights_are_not_counted(client: TestClient) -> None:
    preflight = {"Origin": SITE, "Access-Control-Request-Method": "POST"}
    assert all(client.options("/v1/ask", headers=preflight).status_code == 200 for _ in range(5))
    assert client.post("/v1/ask").status_code == 200
