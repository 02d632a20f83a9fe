"""An SXM/OAM part named with no board ("H100"): one to seven are bought as the version sold
by the card (H100 PCIe, H200 NVL), not as a whole 8-GPU server (QA 35: "$285,000 ... whole
8-GPU servers" headlined for one H100)."""

from __future__ import annotations

import pytest

from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.recommend import RecommendRequest, recommend
from advisor.services.protocol import AskRequest


@pytest.mark.parametrize(
    ("question", "gpu", "open_"),
    [
        ("can i run gpt-oss-120b on a single h100?", "h100-sxm", True),
        ("gpt-oss-120b on one H100 SXM", "h100-sxm", False),
        ("gpt-oss-120b on an HGX H100", "h100-sxm", False),
        ("gpt-oss-120b на H100 PCIe", "h100-pcie", False),
        ("llama 3.3 70b на одной H200", "h200", True),
        ("llama 3.3 70b на двух H200", "h200", False),  # a count of 2-7: often a cloud share
        ("we own one H100, what runs on it?", "h100-sxm", False),
        ("llama 3.3 70b on 2 L40S", "l40s", False),  # sold by the card already
    ],
)
def test_a_board_left_open_is_read(reader: Reader, question: str, gpu: str, open_: bool) -> None:
    said = reader.read(question).said
    assert (said.gpu, said.card_version_open) == (gpu, open_)


def test_one_h100_to_buy_is_sized_on_the_card_with_the_server_beside(
    service: AdvisorService,
) -> None:
    response = service.ask(AskRequest(question="can i run gpt-oss-120b on a single h100?"))
    assert response.sizing is not None and response.cost is not None
    assert response.sizing.gpu.id == "h100-pcie" and response.sizing.gpu.count == 1
    assert response.cost.gpus_bought == 1  # one card, not a server of eight
    lines = response.answer.splitlines()
    assert "1 x NVIDIA H100 PCIe" in lines[0]
    assert lines[1].startswith("Sized on the NVIDIA H100 PCIe, the version sold by the card")
    assert "whole 8-GPU servers (about $285,000 for 8)" in lines[1]
    assert [step.arguments["gpu"] for step in response.steps[:2]] == ["h100-sxm", "h100-pcie"]


@pytest.mark.parametrize(
    "question",
    [
        "can i run gpt-oss-120b on a single h100 sxm?",  # the board said
        "we own one H100, can it run gpt-oss-120b?",  # nothing to buy
        "How many tokens per second does Llama 3.3 70B give on 4x H100?",  # a count said
        "DeepSeek R1 on H100, how many?",  # a whole server (or two) either way
    ],
)
def test_the_server_board_stays_when_it_is_what_was_meant(
    service: AdvisorService, question: str
) -> None:
    response = service.ask(AskRequest(question=question))
    assert response.sizing is not None and response.sizing.gpu.id == "h100-sxm"
    assert "the version sold by the card: the NVIDIA H100 SXM5" not in response.answer


def test_a_goal_on_h100_weighs_the_card_it_is_bought_as(catalog: Catalog) -> None:
    """ "What about on H100?" for 39 users of a 32B coder: the card version (one or two
    PCIe cards) is weighed beside the SXM5 server, and the cheaper that meets the targets
    leads; an API call naming the board's id keeps it."""
    goal = {"use_case": "code", "model": "qwen2.5-coder-32b", "users": 39, "gpu": "h100-sxm"}
    opened = recommend(RecommendRequest(**goal, card_version=True), catalog)
    board = recommend(RecommendRequest(**goal), catalog)
    assert {o.gpu.id for o in board.options} == {"h100-sxm"}
    assert {o.gpu.id for o in opened.options} >= {"h100-pcie"}
    lead = next(o for o in opened.options if o.label == "recommended")
    assert lead.gpu.id == "h100-pcie" and lead.meets_targets
    assert lead.cost.capex_usd < catalog.prices.gpus["h100-sxm"].usd * 8
