"""`advisor recommend`: the flags the issue names, its JSON, text in both languages, and
one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest

from advisor.catalog.loader import load_catalog
from advisor.cli.main import main
from advisor.services.recommendation import recommend_deployment


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_json_is_the_service_result(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        *("recommend", "--use-case", "rag", "--headcount", "200", "--language", "ru"),
        *("--budget-usd", "40000", "--ttft", "2", "--tokens-per-s", "15", "--context", "8192"),
        "--json",
    )
    assert code == 0
    goal = {
        "use_case": "rag",
        "headcount": 200,
        "language": "ru",
        "budget_usd": 40000.0,
        "ttft_s": 2.0,
        "tokens_per_s": 15.0,
        "context": 8192,
    }
    assert json.loads(out) == recommend_deployment(goal, load_catalog()).model_dump(mode="json")


def test_owned_gpus_and_text_in_russian(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "recommend", "--owned", "4x a100-40gb", "--users", "30")
    assert code == 0 and "On your hardware" in out
    code, out, _ = run(
        capsys, "recommend", "--owned", "4 x a100-40gb", "--users", "30", "--language", "ru"
    )
    assert code == 0 and "На вашем оборудовании" in out and "Допущения" in out


def test_fine_tuning_goal(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        *("recommend", "--task", "qlora", "--model", "llama-3.1-8b"),
        *("--dataset-tokens", "50000000", "--deadline-hours", "12", "--json"),
    )
    assert code == 0
    result = json.loads(out)
    assert result["workload"]["task"] == "qlora"
    assert result["workload"]["deadline_hours"] == 12
    assert all(o["training_hours"] is not None for o in result["options"])


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (["--use-case", "poetry"], "--use-case"),
        (["--users", "0"], "--users"),
        (["--users", "5", "--headcount", "50"], "--headcount"),
        (["--owned", "4x h900"], "--owned"),
        (["--owned", "a lot"], "--owned"),
        (["--model", "lama-70"], "--model"),
        (["--ttft", "-1"], "--ttft"),
        (["--budget-usd", "cheap"], "--budget-usd"),
    ],
)
def test_bad_input_is_one_line_naming_the_flag(
    capsys: pytest.CaptureFixture[str], argv: list[str], names: str
) -> None:
    code, out, err = run(capsys, "recommend", *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and names in err and "Traceback" not in err
