"""One follow-up rule for both modes: what a follow-up changes, and what goes back to default.

The rule is tested on its own, then through the offline reader and through the LLM's
tools (a scripted chat model), so the two modes cannot drift apart again.
"""

from __future__ import annotations

from typing import Any

import pytest
from langchain_core.messages import AIMessage

from advisor.agent.follow_up import merge_follow_up
from advisor.agent.llm import run_llm_turn
from advisor.agent.offline.reader import Reader
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from advisor.services.sizing import size_deployment
from advisor.sizing.request import SizingRequest
from tests.agent_llm.scripted import ScriptedChatModel, sizing_args, tool_call

PREVIOUS = {
    "model": "llama-3.1-70b",
    "gpu": "a100-80gb",
    "gpus": 4,
    "users": 20,
    "task": "inference",
    "precision": "bf16",
    "engine": "vllm",
}


@pytest.mark.parametrize(
    ("said", "expected_changes", "reset"),
    [
        ({"users": 50}, {"users": 50}, []),
        ({"gpu": "h200"}, {"gpu": "h200"}, ["gpus"]),  # the count that fits the new GPU
        ({"gpu": "h200", "gpus": 2}, {"gpu": "h200", "gpus": 2}, []),
        ({"gpu": "a100-80gb", "users": 8}, {"users": 8}, []),  # the same GPU keeps its count
        ({"task": "qlora"}, {"task": "qlora"}, ["precision"]),  # QLoRA's own NF4
        ({"precision": "q4_k_m"}, {"precision": "q4_k_m"}, ["engine"]),  # re-derived
        ({"users": None, "context": 8192}, {"context": 8192}, []),  # null says nothing
        ({"hf_config": {"hidden_size": 8}}, {"hf_config": {"hidden_size": 8}}, ["model"]),
    ],
)
def test_the_rule(said: dict[str, Any], expected_changes: dict[str, Any], reset: list[str]) -> None:
    merged = merge_follow_up(PREVIOUS, said)
    expected = {k: v for k, v in {**PREVIOUS, **expected_changes}.items() if k not in reset}
    assert merged == expected


def test_another_task_takes_its_own_training_kernels() -> None:
    """A stored request spells every field out; its eager kernels were LoRA's default, so
    "and from scratch?" trains with the fused kernels pre-training frameworks use."""
    lora = SizingRequest(model="llama-3.1-8b", task="lora").model_dump(mode="json")
    merged = merge_follow_up(lora, {"task": "pretrain"})
    assert SizingRequest(**merged).training_kernels == "fused"
    kept = merge_follow_up(lora, {"task": "pretrain", "training_kernels": "eager"})
    assert SizingRequest(**kept).training_kernels == "eager"
    assert SizingRequest(**lora).training_kernels == "eager"


def test_a_catalog_model_replaces_an_inline_config() -> None:
    previous = {"hf_config": {"hidden_size": 8}, "gpu": "l40s", "users": 4}
    merged = merge_follow_up(previous, {"model": "qwen3-8b"})
    assert merged == {"model": "qwen3-8b", "gpu": "l40s", "users": 4}


def test_no_previous_request_keeps_what_was_said() -> None:
    assert merge_follow_up(None, {"model": "x", "gpu": None}) == {"model": "x"}


def test_offline_follow_up_with_another_gpu_takes_the_count_that_fits(reader: Reader) -> None:
    first = reader.read("Llama 3.1 70B on 4 A100 80GB for 20 users")
    assert first.request is not None and first.request["gpus"] == 4
    second = reader.read("and on H200?", first.request)
    assert second.request is not None
    assert (second.request["gpu"], second.request["gpus"]) == ("h200", None)
    assert second.request["users"] == 20


def test_llm_follow_up_with_another_gpu_takes_the_count_that_fits(catalog: Catalog) -> None:
    first = size_deployment({**PREVIOUS}, catalog)
    previous = first.request.model_dump(mode="json")
    expected = size_deployment({**previous, "gpu": "h200", "gpus": None}, catalog)
    report = expected.report
    model = ScriptedChatModel(
        script=[
            tool_call("size_deployment", sizing_args(model="llama-3.1-70b", gpu="h200")),
            AIMessage(content=f"You need {report.gpu.count} x {report.gpu.name}."),
        ]
    )
    result = run_llm_turn(
        question="and on H200?",
        language="en",
        history=[],
        previous_request=previous,
        settings=Settings(llm_url="http://127.0.0.1:9/v1", llm_model="scripted"),
        catalog=catalog,
        kb=None,
        model=model,
    )
    assert result.request == expected.request
    assert result.request is not None and result.request.gpus is None
    assert result.request.users == 20


def test_the_32b_distill_after_r1_is_that_distill(reader: Reader) -> None:
    """'What about the 32B distill?' after DeepSeek R1: the size said before 'distill' picks
    the one distill of that size (it used to repeat the 671B answer)."""
    first = reader.read("Can I run deepseek r1 on a single RTX 4090?")
    assert first.request is not None and first.request["model"] == "deepseek-r1"
    follow = reader.read("What about the 32B distill?", previous=first.request)
    assert follow.request is not None
    assert follow.request["model"] == "deepseek-r1-distill-qwen-32b"
    assert follow.request["gpu"] == "rtx-4090"
