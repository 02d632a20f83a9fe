"""POST /v1/price: the price_hardware object; a bad GPU or count is 422 naming the field."""

from __future__ import annotations

from fastapi.testclient import TestClient

from advisor.catalog.loader import load_catalog
from advisor.services.pricing import price_hardware


def test_price_answers_the_service_json(client: TestClient) -> None:
    response = client.post("/v1/price", json={"gpu": "h100-sxm", "count": 2})
    assert response.status_code == 200
    expected = price_hardware({"gpu": "h100-sxm", "count": 2}, load_catalog())
    assert response.json() == expected.model_dump(mode="json")
    assert response.json()["gpus_bought"] == 8


def test_a_bad_gpu_or_count_is_422_naming_the_field(client: TestClient) -> None:
    unknown = client.post("/v1/price", json={"gpu": "h900"})
    assert unknown.status_code == 422
    assert unknown.json()["error"]["param"] == "gpu"
    zero = client.post("/v1/price", json={"gpu": "l40s", "count": 0})
    assert zero.status_code == 422
    assert zero.json()["error"]["param"] == "count"
    extra = client.post("/v1/price", json={"gpu": "l40s", "path": "/etc/passwd"})
    assert extra.status_code == 422
