"""Properties of `advisor size` and `advisor compare` over generated command lines.

Every argv is built from the commands' real flags (read from the parser, so a new flag is
fuzzed too): plausible values (catalog ids, the choices, small numbers) and at most one
hostile value (negative, huge, NaN, unicode, empty, option-like), so the hostile value is
what the command answers to. Whatever comes in, the answer is exit 0 or 2, never a
traceback; a plausible command line is a 0.
"""

from __future__ import annotations

import argparse
import json
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from advisor.catalog import load_catalog
from advisor.cli.main import build_parser, main

CATALOG = load_catalog()
FLAG = re.compile(r"--[a-z][a-z0-9-]*")

junk = st.text(max_size=12)
plausible = {
    "int": st.integers(1, 1024).map(str),
    "float": st.floats(0.06, 1.0).map(str),
    "model": st.sampled_from(sorted(CATALOG.models)),
    "gpu": st.sampled_from(sorted(CATALOG.gpus)),
}
hostile_numbers = st.one_of(
    st.integers(-(10**6), 0).map(str),
    st.integers(10**6, 10**18).map(str),
    st.integers(10**308, 10**400).map(str),  # past the float range
    st.floats(allow_nan=True, allow_infinity=True).map(repr),
    st.sampled_from(["1e309", "nan", "-inf", "1_000", "٣", "0x10", " 7 ", "1.5"]),
    junk,
)


def _command_parser(command: str) -> argparse.ArgumentParser:
    root = build_parser()
    subparsers = next(a for a in root._actions if isinstance(a, argparse._SubParsersAction))
    parser: argparse.ArgumentParser = subparsers.choices[command]
    return parser


def _value(action: argparse.Action, *, hostile: bool) -> st.SearchStrategy[str]:
    if action.choices is not None:
        return junk if hostile else st.sampled_from(sorted(action.choices))
    if action.type is not None:
        return hostile_numbers if hostile else plausible[getattr(action.type, "__name__", "")]
    return junk if hostile else plausible[action.dest]


def _use(action: argparse.Action, *, hostile: bool = False) -> st.SearchStrategy[list[str]]:
    """One use of a flag: the flag and the values after it."""
    flag = st.sampled_from(action.option_strings)
    if action.nargs == 0:
        return flag.map(lambda f: [f])
    value = _value(action, hostile=hostile)
    if action.nargs == "+":
        plain = st.lists(_value(action, hostile=False), min_size=1, max_size=7, unique=True)
        if hostile:
            # A repeated choice (the engine takes each target once) or one junk item.
            repeated = plain.map(lambda items: [*items, items[0]])
            values = st.one_of(repeated, st.tuples(plain, value).map(lambda p: [*p[0], p[1]]))
        else:
            values = plain
    else:
        values = value.map(lambda v: [v])
    return st.tuples(flag, values).map(lambda pair: [pair[0], *pair[1]])


def _argv(command: str) -> st.SearchStrategy[tuple[list[str], bool]]:
    """A command line, and whether it is plausible (has --model and no hostile value)."""
    actions = [
        a for a in _command_parser(command)._actions if not isinstance(a, argparse._HelpAction)
    ]
    model = next(a for a in actions if a.dest == "model")
    uses = st.lists(st.sampled_from(actions).flatmap(_use), max_size=5)
    valued = [a for a in actions if a.nargs != 0]
    hostile = st.one_of(
        st.just([]), st.sampled_from(valued).flatmap(lambda a: _use(a, hostile=True))
    )
    # About one in four command lines forgets the required --model.
    with_model = st.integers(0, 3).flatmap(lambda n: _use(model) if n else st.just([]))
    return st.tuples(with_model, uses, hostile).flatmap(
        lambda parts: st.permutations([parts[0], *parts[1], parts[2]]).map(
            lambda shuffled: (
                [command, *(token for use in shuffled for token in use)],
                bool(parts[0]) and not parts[2] and not _constrained(parts[1]),
            )
        )
    )


# Flags whose valid values depend on the others (a TP size must divide the heads and the
# GPU count, experts need a MoE model on llama.cpp, bits per weight an EXL2/EXL3 quant, the
# k-bit upcast a QLoRA run, an offline front-end or a batch job inference, the RAM a CPU
# device with room beside the OS): a plausible value of one may be refused, with the
# one-line message every refusal gets.
CONSTRAINED = {
    "--tensor-parallel-size",
    "--expert-offload-layers",
    "--bits-per-weight",
    "--kbit-upcast",
    "--frontend",
    "--host-memory-gb",
    "--batch-items",
}


def _constrained(uses: list[list[str]]) -> bool:
    return any(use and use[0] in CONSTRAINED for use in uses)


def _strict_json(text: str) -> object:
    def refuse(constant: str) -> object:
        raise ValueError(f"not JSON: {constant}")

    return json.loads(text, parse_constant=refuse)


@pytest.mark.parametrize("command", ["size", "compare"])
def test_any_command_line_exits_0_or_2_with_a_usable_message(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    flags = {s for a in _command_parser(command)._actions for s in a.option_strings}

    @settings(
        max_examples=300,
        deadline=None,
        derandomize=True,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    )
    @given(_argv(command))
    def run(drawn: tuple[list[str], bool]) -> None:
        argv, plausible = drawn
        code = main(argv)
        out, err = capsys.readouterr()
        assert code in ((0,) if plausible else (0, 2)), (code, err)
        if code == 2:
            assert out == ""
            assert len(err.splitlines()) == 1, err
            assert set(FLAG.findall(err)) & flags, err
        elif "--json" in argv:
            assert isinstance(_strict_json(out), dict)
            assert err == ""
        else:
            assert out.strip() and err == ""

    run()


EDGE_VALUES = [
    "0",
    "-1",
    "1.5",
    "1e309",
    "nan",
    "-inf",
    str(2**63),
    str(10**400),
    "1_000",
    "٣",
    "",
    " ",
    "-",
    "--",
    "é" * 300,
    "llama-3.1-8b",
]
VALUED_FLAGS = [
    a.option_strings[0]
    for a in _command_parser("size")._actions
    if a.nargs != 0 and not isinstance(a, argparse._HelpAction)
]


@pytest.mark.parametrize("command", ["size", "compare"])
@pytest.mark.parametrize("flag", VALUED_FLAGS)
def test_every_flag_takes_every_edge_value(
    command: str, flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each edge value on each flag, the rest valid (inference and a training task, where the
    dataset size matters): a 2 names this flag, a 0 is strict JSON."""
    for task in ("inference", "lora"):
        for value in EDGE_VALUES:
            argv = [command, "--model", "llama-3.1-8b", "--task", task, "--json", flag, value]
            code = main(argv)
            out, err = capsys.readouterr()
            assert code in (0, 2), (argv, err)
            if code == 2:
                assert out == "" and len(err.splitlines()) == 1, (argv, err)
                assert flag in err, (argv, err)
            else:
                assert isinstance(_strict_json(out), dict) and err == "", argv


def test_repeated_lora_targets_name_the_flag(capsys: pytest.CaptureFixture[str]) -> None:
    """Regression: the check was model-wide, so the message named `--input`."""
    assert main(["size", "--model", "llama-3.1-8b", "--lora-targets", "q", "q"]) == 2
    assert "--lora-targets: " in capsys.readouterr().err
