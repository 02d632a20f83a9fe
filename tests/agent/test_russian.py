"""Russian renderings of the engine's English prose: every message it emits has one."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from advisor.agent.offline.reader import Reader
from advisor.agent.offline.russian import russian_rendering, to_russian
from advisor.agent.offline.turn import run_offline_turn
from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.services.sizing import compare_gpus, size_deployment

# Requests that drive the engine through its branches: every catalog GPU, small to huge
# and MoE models, every task, and variants: native / FP8 / integer / GGUF weights, the
# engine's own count and an odd one, a context beyond every model's positions.
MODELS = ("smollm2-135m", "llama-3.1-8b", "llama-3.1-70b", "qwen3-30b-a3b", "deepseek-v3")
TASKS = ("inference", "lora", "qlora", "full")
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"precision": "fp8"},
    {"precision": "int4", "gpus": 3},
    {"precision": "q4_k_m"},
    {"gpus": 3},
    {"context": 262_144, "users": 20},
)


def _messages(report: dict[str, Any]) -> list[str]:
    server = report["server"]
    return [
        *report["warnings"],
        report["gpu"]["layout_note"],
        server["cpu_note"],
        server["cooling_note"],
        *(stage["description"] for stage in report["stages"]),
    ]


@pytest.fixture(scope="module")
def engine_messages(catalog: Catalog) -> set[str]:
    """Every distinct English message the engine wrote for the requests above."""
    messages: set[str] = set()
    for gpu, model, task, variant in itertools.product(catalog.gpus, MODELS, TASKS, VARIANTS):
        try:
            outcome = size_deployment(
                {"model": model, "gpu": gpu, "task": task, **variant}, catalog
            )
        except InputError:
            continue  # a combination the engine refuses emits no prose
        messages.update(_messages(outcome.report.model_dump(mode="json")))
    for model in MODELS:
        comparison = compare_gpus({"model": model}, catalog).model_dump(mode="json")
        messages.update(row["price_band"] for row in comparison["rows"])
    return messages


def test_every_engine_message_has_a_russian_rendering(engine_messages: set[str]) -> None:
    assert len(engine_messages) > 50  # the sweep reached the engine's many templates
    missing = sorted(m for m in engine_messages if russian_rendering(m) is None)
    assert missing == []


def test_the_sweep_reaches_every_kind_of_message(engine_messages: set[str]) -> None:
    """Each template family of the table fires at least once, so the test above covers it."""
    starts = (
        "Context ",
        "One GPU cannot hold",
        "QLoRA means",
        "Full fine-tuning updates",
        "Does not fit",
        "Start with",
        "The sized deployment",
        "Single GPU",
        "Tensor parallel",
        "CPU inference",
        "Passively cooled",
        "Gaming cards",
        "data-centre part",
        "under $2,500",
        "over $7,500",
    )
    for start in starts:
        assert any(m.startswith(start) for m in engine_messages), start
    assert any("is not a native format of" in m for m in engine_messages)
    assert any("has no FP8 tensor cores" in m for m in engine_messages)
    assert any("pipeline parallel" in m for m in engine_messages)


@pytest.mark.parametrize(
    ("english", "russian"),
    [
        ("Single GPU.", "Одна GPU."),
        (
            "Tensor parallel 4 inside the nvlink domain; 2 replicas behind a router.",
            "Тензорный параллелизм 4 внутри домена NVLink; реплик за балансировщиком: 2.",
        ),
        (
            "88 PCIe lanes: a single-socket EPYC (128 lanes) keeps every GPU at x16.",
            "88 линий PCIe: однопроцессорный EPYC (128 линий) держит каждую GPU на x16.",
        ),
        (
            "Start with 1 x NVIDIA L40S: the same model for 5 pilot users.",
            "Начните с 1 x NVIDIA L40S: та же модель, пилотных пользователей: 5.",
        ),
        ("under $2,500 per card", "до $2500 за карту"),
    ],
)
def test_renderings_keep_the_engine_figures(english: str, russian: str) -> None:
    assert to_russian(english) == russian


def test_a_message_without_a_rendering_stays_in_english() -> None:
    message = "A new engine note nobody translated yet: 42 GB."
    assert russian_rendering(message) is None
    assert to_russian(message) == message


def test_a_russian_answer_renders_the_engine_notes_in_russian(
    reader: Reader, catalog: Catalog
) -> None:
    question = "Llama 3.1 8B в FP8 на 4 картах RTX 3090, контекст 150000"
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.sizing is not None and turn.sizing.fits
    assert len(turn.sizing.warnings) == 2  # the context and FP8 on a card without it
    for message in _messages(turn.sizing.model_dump(mode="json")):
        if not message.startswith("Does not fit"):  # the headline says it instead
            assert to_russian(message) in turn.answer
            assert message not in turn.answer


def test_russian_price_bands_in_a_comparison(reader: Reader, catalog: Catalog) -> None:
    turn = run_offline_turn(
        "Сравни видеокарты для Llama 3.1 8B", reader=reader, catalog=catalog, kb=None
    )
    assert "за карту" in turn.answer or "по запросу" in turn.answer
    assert "per card" not in turn.answer
