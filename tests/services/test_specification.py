"""The specification document of a recommended option: the engine's figures, both languages."""

from __future__ import annotations

import pytest

from advisor.catalog.loader import load_catalog
from advisor.services.recommendation import lead_option, recommend_deployment
from advisor.services.specification import specification_markdown, specification_pdf
from advisor.sizing.engine import size
from advisor.sizing.request import SizingRequest

CATALOG = load_catalog()


@pytest.mark.parametrize(
    ("goal", "language"),
    [
        ({"use_case": "rag", "headcount": 200, "language": "ru"}, "ru"),
        ({"users": 300, "use_case": "agents"}, "en"),
        ({"task": "lora", "language": "ru"}, "ru"),
    ],
)
def test_the_specification_carries_the_engines_server(
    goal: dict[str, object], language: str
) -> None:
    result = recommend_deployment(goal, CATALOG)
    option = lead_option(result)
    assert option is not None
    report = size(SizingRequest.model_validate(option.size_request), CATALOG)
    text = specification_markdown(option, result, CATALOG, language)  # type: ignore[arg-type]
    count = option.gpu.count * option.replicas
    assert text.startswith("# ") and f"{count} x {option.gpu.name}" in text.splitlines()[0]
    server = report.server
    assert f"{server.system_ram_gb}" in text and f"{server.nvme_tb:g}" in text
    power = f"{server.power_w:,}".replace(",", "\u00a0" if language == "ru" else ",")
    assert power in text
    if report.serving_plan is not None:
        assert report.serving_plan.command() in text
    assert (" U" in text) or ("башня" in text) or ("tower" in text)
    pdf = specification_pdf(text)
    assert pdf.startswith(b"%PDF") and len(pdf) > 5_000
