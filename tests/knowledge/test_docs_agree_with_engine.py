"""The figures our explainers quote are the sizing engine's figures.

`how-advisor-computes-{en,ru}` end with a table of keyed reference figures; every row is
recomputed here from the catalog and the engine, so a change to either shows up as a
failing test instead of a document that quietly disagrees with the advisor.
"""

from __future__ import annotations

import math
import re

import pytest

from advisor.catalog import load_catalog
from advisor.sizing.kv_cache import capacity_tokens, kv_bytes_per_token
from advisor.sizing.memory import lora_parameters
from advisor.sizing.request import ALL_LINEAR
from knowledge.documents import DOCS_DIR

KV_BYTES = {"fp32": 4.0, "bf16": 2.0, "fp16": 2.0, "fp8": 1.0}
ROW = re.compile(r"^\|\s*`([a-z0-9_:.\-]+)`\s*\|\s*([0-9][0-9.,\s]*?)\s*\|", re.MULTILINE)
CATALOG = load_catalog()


def reference_rows(doc_id: str) -> dict[str, str]:
    text = (DOCS_DIR / f"{doc_id}.md").read_text("utf-8")
    return dict(ROW.findall(text))


def engine_value(key: str) -> float:
    kind, *args = key.split(":")
    if kind in ("weight_bits", "weight_bytes"):
        fmt, role = args
        bits = CATALOG.formats[fmt].bits[role]  # type: ignore[index]
        return bits if kind == "weight_bits" else bits / 8
    if kind == "kv_bytes_per_token":
        model, dtype = args
        return kv_bytes_per_token(CATALOG.model(model).architecture, KV_BYTES[dtype])
    if kind == "kv_cache_gb":
        model, dtype, tokens = args
        arch = CATALOG.model(model).architecture
        return kv_bytes_per_token(arch, KV_BYTES[dtype]) * int(tokens) / 1e9
    if kind == "vllm_kv_blocks":
        model, dtype, budget = args
        arch = CATALOG.model(model).architecture
        return capacity_tokens(arch, KV_BYTES[dtype], float(budget)) / 16
    if kind == "lora_params":
        model, rank, _targets = args
        arch = CATALOG.model(model).architecture
        return lora_parameters(arch, int(rank.removeprefix("r")), list(ALL_LINEAR))
    raise AssertionError(f"unknown reference key {key!r}")


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


EN = reference_rows("how-advisor-computes-en")


def test_the_table_is_there_and_both_languages_agree() -> None:
    assert len(EN) >= 25
    assert reference_rows("how-advisor-computes-ru") == EN


@pytest.mark.parametrize(("key", "quoted"), sorted(EN.items()))
def test_quoted_figure_matches_the_engine(key: str, quoted: str) -> None:
    value = engine_value(key)
    shown = quoted.replace(" ", "").replace(",", "")
    # A quoted figure is the engine's value rounded to the decimals it shows.
    tolerance = 0.5 * 10 ** -_decimals(shown) + 1e-9
    assert math.isclose(float(shown), value, abs_tol=tolerance), (
        f"{key}: docs {quoted}, engine {value}"
    )


def test_prose_quotes_the_same_kv_figures() -> None:
    """The worked examples in the running text, not only the table."""
    en = (DOCS_DIR / "how-advisor-computes-en.md").read_text("utf-8")
    ru = (DOCS_DIR / "how-advisor-computes-ru.md").read_text("utf-8")
    for model, spelled_en, spelled_ru in [
        ("llama-3.1-8b", "131,072", "131 072"),
        ("qwen2.5-7b", "57,344", "57 344"),
        ("smollm2-135m", "23,040", "23 040"),
    ]:
        assert int(spelled_en.replace(",", "")) == kv_bytes_per_token(
            CATALOG.model(model).architecture, 2.0
        )
        assert spelled_en in en
        assert spelled_ru in ru.replace("\u00a0", " ")
