"""The message catalog: every id in both languages with the same parameters, and every note
the engine emits renders in both (a sweep over models, tasks, formats and every GPU)."""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest

from advisor.agent.offline.reader import Reader
from advisor.agent.offline.turn import run_offline_turn
from advisor.catalog.loader import Catalog, load_catalog
from advisor.errors import InputError
from advisor.messages import M, Note, note, placeholders, render
from advisor.services.sizing import compare_gpus, size_deployment
from advisor.sizing.report import Comparison, SizingReport

# Requests that drive the engine through its branches: every catalog GPU, small to huge
# and MoE models, sliding-window attention, every task, and variants: native / FP8 / integer / GGUF weights, the
# engine's own count and an odd one, a context beyond every model's positions.
MODELS = (
    "smollm2-135m",
    "llama-3.1-8b",
    "gemma-3-4b",
    "llama-3.1-70b",
    "qwen3-30b-a3b",
    "deepseek-v3",
)
TASKS = ("inference", "lora", "qlora", "full")
VARIANTS: tuple[dict[str, Any], ...] = (
    {},
    {"precision": "fp8"},
    {"precision": "int4", "gpus": 3},
    {"precision": "q4_k_m"},
    {"gpus": 3},
    {"context": 262_144, "users": 20},
)
CYRILLIC = re.compile(r"[а-яё]", re.IGNORECASE)


def test_every_message_has_both_languages_with_the_same_parameters() -> None:
    keys = [member.key for member in M]
    assert len(keys) == len(set(keys))
    for member in M:
        assert re.fullmatch(r"[a-z_]+\.[a-z0-9_]+", member.key), member.key
        assert member.en.strip() and member.ru.strip(), member.key
        assert placeholders(member.en) == placeholders(member.ru), member.key


def test_a_message_without_a_language_fails_the_catalog() -> None:
    """The catalog's own shape: an entry with one text cannot even be defined."""
    from enum import Enum

    with pytest.raises(TypeError):

        class Broken(Enum):  # noqa: F841 - defining it is the test
            def __init__(self, key: str, en: str, ru: str) -> None:
                self.key = key

            ONLY_ENGLISH = ("x.only_english", "English only")


def test_notes_survive_json_and_reject_unknown_codes() -> None:
    layout = note(
        M.LAYOUT_PARTS,
        parts=[note(M.LAYOUT_TENSOR_PARALLEL, tp=4, link=note(M.LINK_NVLINK))],
    )
    assert Note.model_validate(layout.model_dump(mode="json")) == layout
    assert render(layout, "en") == "Tensor parallel 4 inside the NVLink domain."
    assert render(layout, "ru") == "Тензорный параллелизм 4 внутри домена NVLink."
    with pytest.raises(ValueError, match="unknown message code"):
        Note.model_validate({"code": "no.such_message", "params": {}})


def test_russian_groups_digits_with_a_no_break_space() -> None:
    text = render(M.FORMULA_KV_MLA, "ru", layers=61, rank=512, rope=64, bytes=2, per_token=70272)
    assert "70\u00a0272 Б" in text
    assert "70,272 B" in render(
        M.FORMULA_KV_MLA, "en", layers=61, rank=512, rope=64, bytes=2, per_token=70272
    )


def _notes(result: SizingReport | Comparison) -> list[Note]:
    if isinstance(result, Comparison):
        return [*result.assumptions_i18n, *(row.price_band_i18n for row in result.rows)]
    return [
        *result.warnings_i18n,
        *result.assumptions_i18n,
        *result.formulas_i18n,
        result.gpu.layout_note_i18n,
        result.server.cpu_note_i18n,
        result.server.cooling_note_i18n,
        result.tier_i18n,
        *(stage.description_i18n for stage in result.stages),
    ]


@pytest.fixture(scope="module")
def engine_notes() -> list[tuple[Note, str]]:
    """Every note the engine wrote for the requests above, with its English text field."""
    catalog = load_catalog()
    found: list[tuple[Note, str]] = []
    for gpu, model, task, variant in itertools.product(catalog.gpus, MODELS, TASKS, VARIANTS):
        try:
            report = size_deployment(
                {"model": model, "gpu": gpu, "task": task, **variant}, catalog
            ).report
        except InputError:
            continue  # a combination the engine refuses emits no notes
        texts = [
            *report.warnings,
            *report.assumptions,
            *report.formulas,
            report.gpu.layout_note,
            report.server.cpu_note,
            report.server.cooling_note,
            report.tier,
            *(stage.description for stage in report.stages),
        ]
        found.extend(zip(_notes(report), texts, strict=True))
    for model in MODELS:
        comparison = compare_gpus({"model": model}, catalog)
        texts = [*comparison.assumptions, *(row.price_band for row in comparison.rows)]
        found.extend(zip(_notes(comparison), texts, strict=True))
    return found


def test_every_engine_note_renders_in_both_languages(engine_notes: list[tuple[Note, str]]) -> None:
    codes = {item.code for item, _ in engine_notes}
    assert len(codes) > 45  # the sweep reached the engine's many templates
    for item, english in engine_notes:
        assert render(item, "en") == english  # the JSON's text is the catalog's English
        russian = render(item, "ru")
        if item.code.en != item.code.ru:  # not a language-neutral label such as "NVLink"
            assert CYRILLIC.search(russian), (item.code.key, russian)


def test_the_sweep_reaches_every_kind_of_engine_note(engine_notes: list[tuple[Note, str]]) -> None:
    """Each family of engine notes fires at least once, so the test above covers it."""
    codes = {item.code for item, _ in engine_notes}
    for expected in (
        M.CONTEXT_EXCEEDS_POSITIONS,
        M.SHARDED_ZERO3,
        M.QLORA_NEEDS_4BIT,
        M.FULL_NEEDS_16BIT,
        M.DOES_NOT_FIT,
        M.FORMAT_NOT_NATIVE,
        M.NO_FP8_TENSOR_CORES,
        M.STAGE_PILOT_USERS,
        M.STAGE_PILOT_QLORA,
        M.STAGE_PRODUCTION,
        M.LAYOUT_SINGLE_GPU,
        M.LAYOUT_PARTS,
        M.CPU_INFERENCE,
        M.COOLING_PASSIVE,
        M.COOLING_GAMING,
        M.PRICE_CARD,
        M.PRICE_SERVER_SHARE,
        M.FORMULA_KV_MLA,
        M.FORMULA_KV_SLIDING,
    ):
        assert expected in codes, expected.key


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return load_catalog()


def test_a_russian_answer_carries_the_engine_notes_in_russian(catalog: Catalog) -> None:
    question = "Llama 3.1 8B в FP8 на 4 картах RTX 3090, контекст 150000"
    turn = run_offline_turn(question, reader=Reader(catalog), catalog=catalog, kb=None)
    assert turn.sizing is not None and turn.sizing.fits
    assert len(turn.sizing.warnings_i18n) == 2  # the context and FP8 on a card without it
    for item in [*turn.sizing.warnings_i18n, turn.sizing.gpu.layout_note_i18n]:
        assert render(item, "ru") in turn.answer
        assert render(item, "en") not in turn.answer


def test_russian_price_bands_in_a_comparison(catalog: Catalog) -> None:
    turn = run_offline_turn(
        "Сравни видеокарты для Llama 3.1 8B", reader=Reader(catalog), catalog=catalog, kb=None
    )
    assert "за карту" in turn.answer or "по запросу" in turn.answer
    assert "per card" not in turn.answer


@pytest.mark.parametrize(
    ("users", "en", "ru"),
    [
        (1, "1 user at once", "1 пользователь одновременно"),
        (3, "3 users at once", "3 пользователя одновременно"),
        (5, "5 users at once", "5 пользователей одновременно"),
        (11, "11 users at once", "11 пользователей одновременно"),
        (21, "21 users at once", "21 пользователь одновременно"),
        (34, "34 users at once", "34 пользователя одновременно"),
    ],
)
def test_a_count_takes_its_nouns_form(users: int, en: str, ru: str) -> None:
    params: dict[str, Any] = {
        "label": "x",
        "count": 1,
        "gpu": "L4",
        "model": "m",
        "precision": "FP8",
        "capacity": 9,
        "speed": 20.0,
        "ttft": 0.5,
        "users": users,
        "copies": "",
    }
    assert f": {en} " in render(M.GOAL_HEADLINE, "en", **params)
    assert f": {ru} " in render(M.GOAL_HEADLINE, "ru", **params)


def test_a_break_even_below_one_run_a_year_is_not_zero() -> None:
    """QA 49, T19: a 70B pre-training run that outlasts a year printed 'pays off only above 0
    runs a year' (0.5 rounded away)."""
    from advisor.messages import M, render

    rub = {"run_rub": 1.0, "tco_rub": 1.0}
    line = render(M.REC_RUNS_BREAK_EVEN, "en", run=2_037_016.0, tco=3_069_890.0, runs=0.5, **rub)
    assert "above 0.5 runs a year" in line
    assert "above 1,234,567 runs" in render(
        M.REC_RUNS_BREAK_EVEN, "en", run=1.0, tco=1.0, runs=1_234_567.0, **rub
    )
