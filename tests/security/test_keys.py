"""Staff keys: 401 without a key (with a Bearer challenge), 403 with a wrong one."""

from __future__ import annotations

import pytest
from fastapi import Depends, FastAPI
from fastapi.testclient import TestClient
from pydantic import SecretStr

from advisor.config import Settings
from advisor.security import StaffKeys, bearer_token, require_staff

KEYS = ["staff-key-alpha-1", "bot-key-beta-22"]


def admin_app(keys: StaffKeys) -> TestClient:
    app = FastAPI()

    @app.get("/v1/admin/stats", dependencies=[Depends(require_staff(keys))])
    def stats() -> dict[str, int]:
        return {"questions": 3}

    return TestClient(app)


@pytest.fixture
def client() -> TestClient:
    return admin_app(StaffKeys(KEYS))


def test_every_configured_key_is_let_in(client: TestClient) -> None:
    for key in KEYS:
        response = client.get("/v1/admin/stats", headers={"Authorization": f"Bearer {key}"})
        assert response.status_code == 200
        assert response.json() == {"questions": 3}


def test_the_scheme_is_case_insensitive(client: TestClient) -> None:
    response = client.get("/v1/admin/stats", headers={"Authorization": f"bearer {KEYS[0]}"})
    assert response.status_code == 200


@pytest.mark.parametrize("header", [None, "", "Basic dXNlcjpwdw==", "Bearer", KEYS[0]])
def test_no_bearer_key_is_401_with_a_challenge(client: TestClient, header: str | None) -> None:
    headers = {} if header is None else {"Authorization": header}
    response = client.get("/v1/admin/stats", headers=headers)
    assert response.status_code == 401
    assert response.headers["www-authenticate"].startswith("Bearer")


@pytest.mark.parametrize("key", ["wrong", KEYS[0] + "x", KEYS[0][:-1], KEYS[1].upper()])
def test_a_wrong_key_is_403_and_not_echoed(client: TestClient, key: str) -> None:
    response = client.get("/v1/admin/stats", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 403
    assert key not in response.text


def test_without_configured_keys_nobody_gets_in() -> None:
    client = admin_app(StaffKeys([]))
    assert client.get("/v1/admin/stats").status_code == 401
    denied = client.get("/v1/admin/stats", headers={"Authorization": "Bearer anything"})
    assert denied.status_code == 403


def test_the_scheme_is_in_the_openapi_spec(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    assert spec["components"]["securitySchemes"]["HTTPBearer"]["scheme"] == "bearer"


def test_keys_come_from_the_environment_and_stay_secret(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ADVISOR_STAFF_API_KEYS", f" {KEYS[0]} ,, {KEYS[1]},")
    settings = Settings()
    keys = StaffKeys.from_secret(settings.staff_api_keys)
    assert all(keys.verify(key) for key in KEYS)
    assert not keys.verify("")
    assert not keys.verify(None)
    for text in (repr(settings), str(settings), repr(keys)):
        assert KEYS[0] not in text and KEYS[1] not in text
    assert repr(keys) == "StaffKeys(2 keys)"


def test_from_secret_of_an_empty_value_configures_nothing() -> None:
    assert not StaffKeys.from_secret(SecretStr("")).configured
    assert StaffKeys.from_secret(SecretStr("one-key-only")).configured


@pytest.mark.parametrize(
    ("header", "token"),
    [
        ("Bearer abc.def", "abc.def"),
        ("  bearer   abc  ", "abc"),
        ("Bearer a b", None),
        ("Token abc", None),
        ("Bearer ", None),
        (None, None),
    ],
)
def test_bearer_token(header: str | None, token: str | None) -> None:
    assert bearer_token(header) == token
