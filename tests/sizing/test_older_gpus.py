"""Volta (V100) and Turing (T4): formats their kernels run, bf16 run as fp16, and the vLLM
release that still runs on Volta."""

from __future__ import annotations

import pytest

from advisor.catalog import load_catalog
from advisor.messages import M
from advisor.recommend import RecommendRequest, recommend
from advisor.recommend.request import Owned
from advisor.sizing import SizingRequest, size

CATALOG = load_catalog()


def _codes(request: SizingRequest) -> set[M]:
    return {n.code for n in size(request, CATALOG).warnings_i18n}


def test_every_nvidia_gpu_has_a_compute_capability_and_formats_fall_back_to_known_ones() -> None:
    for gpu in CATALOG.gpus.values():
        assert (gpu.compute_capability is not None) == (gpu.vendor == "nvidia"), gpu.id
    for fmt in CATALOG.formats.values():
        assert fmt.older_gpus_run_as is None or fmt.older_gpus_run_as in CATALOG.formats


@pytest.mark.parametrize(
    ("gpu", "precision", "expected", "absent"),
    [
        ("t4", "bf16", {M.RUNS_AS_OLDER}, {M.FORMAT_NEEDS_NEWER_GPU, M.ENGINE_DROPPED_GPU}),
        ("t4", "fp8", set(), {M.FORMAT_NEEDS_NEWER_GPU}),  # FP8 Marlin runs on Turing
        ("v100-32gb", "fp8", {M.FORMAT_NEEDS_NEWER_GPU, M.ENGINE_DROPPED_GPU}, set()),
        ("v100-32gb", "int4", {M.ENGINE_DROPPED_GPU}, {M.FORMAT_NEEDS_NEWER_GPU}),
        ("a100-80gb", "bf16", set(), {M.RUNS_AS_OLDER, M.ENGINE_DROPPED_GPU}),
    ],
)
def test_a_format_the_gpu_cannot_run_is_said(
    gpu: str, precision: str, expected: set[M], absent: set[M]
) -> None:
    codes = _codes(SizingRequest(model="llama-3.1-8b", gpu=gpu, precision=precision))
    assert expected <= codes and not absent & codes


def test_mxfp4_on_turing_is_said() -> None:
    codes = _codes(SizingRequest(model="gpt-oss-20b", gpu="t4"))
    assert M.FORMAT_NEEDS_NEWER_GPU in codes


def test_owned_v100s_get_only_formats_volta_runs() -> None:
    """4 x V100 owned: no FP8 or MXFP4 option (no kernels), a bf16 model as FP16, and the vLLM
    release to pin said among the assumptions."""
    result = recommend(
        RecommendRequest(headcount=50, owned=Owned(gpu="v100-32gb", count=4)), CATALOG
    )
    assert result.options
    assert {o.precision.lower() for o in result.options} <= {"fp16", "int4", "int8"}
    assert M.ENGINE_DROPPED_GPU in {n.code for n in result.assumptions_i18n}
    on_turing = recommend(RecommendRequest(headcount=50, owned=Owned(gpu="t4", count=2)), CATALOG)
    assert "bf16" not in {o.precision.lower() for o in on_turing.options}
    assert M.ENGINE_DROPPED_GPU not in {n.code for n in on_turing.assumptions_i18n}


def test_data_parallel_past_a_bridged_pair_says_pcie() -> None:
    """QA 40: QLoRA on 8 x RTX 3090 said its gradients were all-reduced over the NVLink
    bridge, which pairs two cards; eight talk over PCIe."""
    catalog = load_catalog()
    eight = size(SizingRequest(model="mixtral-8x7b", task="qlora", gpu="rtx-3090", gpus=8), catalog)
    said = eight.gpu.layout_note_i18n.render("en")
    assert "PCIe" in said and "NVLink" not in said
    pair = size(SizingRequest(model="mistral-7b", task="lora", gpu="rtx-3090", gpus=2), catalog)
    assert "NVLink" in pair.gpu.layout_note_i18n.render("en")


def test_a_training_run_on_a_v100_gets_no_inference_engine_note() -> None:
    """QA 42: LoRA on V100s carried 'current vLLM has no kernels for the V100: pin 0.19.1',
    a note about serving, in a fine-tuning answer."""
    codes = _codes(SizingRequest(model="llama-3.1-8b", gpu="v100-32gb", task="lora"))
    assert M.ENGINE_DROPPED_GPU not in codes
    trained = recommend(
        RecommendRequest(model="llama-3.1-8b", task="lora", owned=Owned(gpu="v100-32gb", count=2)),
        CATALOG,
    )
    assert M.ENGINE_DROPPED_GPU not in {n.code for n in trained.assumptions_i18n}
