"""A context beyond a model's positions: the publisher's YaRN scaling where it documents it."""

from __future__ import annotations

import json

import pytest

from advisor.catalog import load_catalog
from advisor.catalog.loader import Catalog
from advisor.messages import M
from advisor.recommend import RecommendRequest, recommend
from advisor.sizing import SizingRequest, size


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_yarn_within_the_documented_context_is_said_and_served(catalog: Catalog) -> None:
    """QA round 33: Qwen2.5 72B at 64k was told it 'may not support' RoPE scaling; its card
    documents YaRN to 131,072, which the vLLM command now switches on."""
    report = size(SizingRequest(model="qwen2.5-72b", gpu="h100-sxm", context=65536), catalog)
    codes = {n.code for n in report.warnings_i18n}
    assert M.CONTEXT_NEEDS_YARN in codes and M.CONTEXT_EXCEEDS_POSITIONS not in codes
    assert report.serving_plan is not None and report.serving_plan.hf_overrides is not None
    scaling = json.loads(report.serving_plan.hf_overrides)["rope_scaling"]
    assert scaling == {
        "rope_type": "yarn",
        "factor": 4.0,
        "original_max_position_embeddings": 32768,
    }
    assert "--hf-overrides" in report.serving_plan.args()
    native = size(SizingRequest(model="qwen2.5-72b", gpu="h100-sxm", context=8192), catalog)
    assert native.serving_plan is not None and native.serving_plan.hf_overrides is None
    beyond = size(SizingRequest(model="llama-3-8b", gpu="h100-sxm", context=32768), catalog)
    assert M.CONTEXT_EXCEEDS_POSITIONS in {n.code for n in beyond.warnings_i18n}


def test_a_model_with_yarn_is_shortlisted_for_a_long_context(catalog: Catalog) -> None:
    result = recommend(RecommendRequest(model="qwen2.5-72b", users=10, context=131072), catalog)
    assert result.options and all(o.model == "qwen2.5-72b" for o in result.options)
    chosen = recommend(RecommendRequest(family="qwen2.5", users=10, context=100_000), catalog)
    assert chosen.options
