"""Properties of the tool layer over raw argument dicts, as an LLM, a REST body or an MCP
client sends them: a report, or an InputError naming the argument to fix; nothing else."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.catalog.loader import load_catalog
from advisor.errors import InputError
from advisor.services.sizing import SizingOutcome, compare_gpus, size_deployment
from advisor.sizing.request import TASKS, SizingRequest

CATALOG = load_catalog()
FIELDS = sorted(SizingRequest.model_fields)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
)
hostile_values = st.one_of(
    json_scalars,
    st.integers(10**308, 10**400),  # past the float range
    st.lists(json_scalars, max_size=4),
    st.dictionaries(st.text(max_size=5), json_scalars, max_size=3),
    st.lists(st.sampled_from(["q", "k", "v", "o", "gate", "up", "down"]), max_size=9),
)
arguments = st.fixed_dictionaries(
    {
        "model": st.sampled_from(sorted(CATALOG.models)),
        "gpu": st.sampled_from(sorted(CATALOG.gpus)),
        "task": st.sampled_from(TASKS),
    }
).flatmap(
    lambda base: st.dictionaries(
        # Non-empty unknown keys: an empty one has no name to report (it is `request`).
        st.one_of(st.sampled_from(FIELDS), st.text(min_size=1, max_size=10)),
        hostile_values,
        max_size=3,
    ).map(lambda hostile: base | hostile)
)


def _strict_json(value: object) -> str:
    return json.dumps(value, allow_nan=False)


@pytest.mark.parametrize(
    ("tool", "examples"), [(size_deployment, 300), (compare_gpus, 150)], ids=["size", "compare"]
)
def test_raw_arguments_give_a_report_or_name_the_argument(tool: Any, examples: int) -> None:
    """Catalog ids plus up to three arguments of any JSON type, known or not (a compare
    sweeps every GPU, so it gets fewer cases)."""

    @settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(arguments)
    def run(raw: dict[str, Any]) -> None:
        try:
            result = tool(raw, CATALOG)
        except InputError as error:
            assert str(error)
            # The key itself, or a dotted path into it (`lora_targets.2`).
            assert error.field in raw or error.field.split(".")[0] in raw, error.field
            assert all(isinstance(a, str) for a in error.allowed)
            return
        report = result.report if isinstance(result, SizingOutcome) else result
        _strict_json(report.model_dump(mode="json"))

    run()


EDGE_VALUES: list[object] = [
    None,
    True,
    0,
    -1,
    2**63,
    10**400,
    1.5,
    float("nan"),
    float("-inf"),
    "",
    "é" * 300,
    [],
    ["q", "q"],
    {},
    "llama-3.1-8b",
]


@pytest.mark.parametrize("field", FIELDS)
def test_every_field_takes_every_edge_value(field: str) -> None:
    """Each edge value on each field, the rest valid (inference and a training task): a
    report in strict JSON, or an error naming this field. It caught 10**400 crashing the
    engine through the then unbounded counts, and repeated lora_targets named `request`."""
    for task in ("inference", "lora"):
        for value in EDGE_VALUES:
            raw = {"model": "llama-3.1-8b", "task": task, field: value}
            try:
                outcome = size_deployment(raw, CATALOG)
            except InputError as error:
                assert error.field.split(".")[0] == field, (raw, error)
                continue
            _strict_json(outcome.report.model_dump(mode="json"))


CONFIG_KEYS = (
    "hidden_size",
    "num_hidden_layers",
    "num_attention_heads",
    "num_key_value_heads",
    "head_dim",
    "intermediate_size",
    "vocab_size",
    "max_position_embeddings",
    "num_local_experts",
    "num_experts_per_tok",
    "moe_intermediate_size",
    "sliding_window",
    "sliding_window_pattern",
    "kv_lora_rank",
    "qk_rope_head_dim",
    "qk_nope_head_dim",
    "v_head_dim",
    "text_config",
)
config_values = st.one_of(
    json_scalars,
    st.integers(0, 2**31 - 1),
    st.sampled_from([1, 2, 8, 64, 4096, 2**31 - 1, 2**31, 8.0, math.inf, -math.inf, math.nan]),
    st.lists(json_scalars, max_size=3),
    st.dictionaries(st.sampled_from(CONFIG_KEYS), json_scalars, max_size=3),
)
inline_configs = st.fixed_dictionaries({}, optional=dict.fromkeys(CONFIG_KEYS, config_values))


def test_any_inline_config_gives_a_report_or_names_hf_config() -> None:
    """A bot's config.json with any values (huge, wrong types, contradictory shapes): a
    report in strict JSON, or an error naming `hf_config`; never a crash."""

    @settings(
        max_examples=400,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow],
    )
    @given(inline_configs, st.sampled_from(("inference", "lora", "full")))
    def run(config: dict[str, Any], task: str) -> None:
        try:
            outcome = size_deployment({"hf_config": config, "task": task}, CATALOG)
        except InputError as error:
            assert error.field == "hf_config", error
            return
        _strict_json(outcome.report.model_dump(mode="json"))

    run()
