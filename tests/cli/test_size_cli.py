"""The `advisor size` contract other interfaces build on: JSON shape and exit codes."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from advisor.catalog import load_catalog
from advisor.cli.main import main
from tests.hostile import TINY_GQA_CONFIG


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_size_json_has_the_contract_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "size", "--model", "llama-3.1-70b", "--gpu", "h100-sxm", "--users", "20", "--json"
    )
    assert code == 0
    report = json.loads(out)
    assert {
        "fits",
        "binding_constraint",
        "gpu",
        "memory",
        "performance",
        "training",
        "server",
    } <= set(report)
    assert {"tier", "assumptions", "warnings"} <= set(report)
    assert {"id", "count", "tensor_parallel", "pipeline_parallel"} <= set(report["gpu"])
    memory = report["memory"]
    assert set(memory["breakdown_gb"]) == {
        "weights",
        "kv_cache",
        "activations",
        "gradients",
        "optimizer",
        "overhead",
    }
    assert sum(memory["breakdown_gb"].values()) == pytest.approx(memory["per_gpu_gb"], abs=0.01)
    assert memory["total_gb"] == pytest.approx(
        memory["per_gpu_gb"] * report["gpu"]["count"], abs=0.05
    )
    assert set(report["performance"]) >= {
        "per_user_tokens_per_s",
        "aggregate_tokens_per_s",
        "ttft_s",
        "prefill_tokens_per_s",
        "max_concurrent_users",
    }
    assert report["training"] is None
    assert set(report["server"]) >= {"system_ram_gb", "nvme_tb", "pcie_lanes", "power_w"}
    assert report["gpu"]["count"] == 4 and report["tier"] == "4+ GPUs"


def test_training_json_has_training(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "size", "--model", "qwen2.5-7b", "--task", "qlora", "--gpu", "rtx-4090", "--json"
    )
    assert code == 0
    training = json.loads(out)["training"]
    assert training["tokens_per_s"] > 0 and training["hours"] > 0


def test_human_output_is_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "size", "--model", "llama-3.1-8b", "--gpu", "l40s")
    assert code == 0
    assert "memory per GPU" in out and "KV cache capacity" in out and "vllm serve" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--model", "llama-3.1-8b", "--gpu", "h1000"], "--gpu"),
        (["--model", "llama-9000", "--gpu", "h100-sxm"], "--model"),
        (["--model", "llama-3.1-8b", "--task", "dance"], "--task"),
        (["--model", "llama-3.1-8b", "--context", "-5"], "--context"),
        (
            ["--model", "llama-3.1-8b", "--gpu-memory-utilization", "1.5"],
            "--gpu-memory-utilization",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    code, out, err = run(capsys, "size", *argv)
    assert code == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert named in err
    assert "Traceback" not in err


def test_unknown_gpu_lists_nearest(capsys: pytest.CaptureFixture[str]) -> None:
    _, _, err = run(capsys, "size", "--model", "llama-3.1-8b", "--gpu", "h1000")
    assert "h100-sxm" in err


@pytest.mark.parametrize("catalog", ["gpus", "models"])
def test_catalog_lists(capsys: pytest.CaptureFixture[str], catalog: str) -> None:
    code, out, _ = run(capsys, catalog, "--json")
    assert code == 0
    records = json.loads(out)
    assert isinstance(records, list) and len(records) >= 19
    assert all("id" in r for r in records)


def test_compare_ranks_every_gpu(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "compare", "--model", "llama-3.1-70b", "--precision", "int4", "--json"
    )
    assert code == 0
    rows = json.loads(out)["rows"]
    assert len(rows) == len([g for g in load_catalog().gpus.values() if g.gpu_class != "cpu"])
    fitting = [r for r in rows if r["fits"]]
    assert rows[: len(fitting)] == fitting  # feasible first
    one_server = [r for r in fitting if r["servers"] == 1]
    assert fitting[: len(one_server)] == one_server  # then one server before several
    for group in (one_server, fitting[len(one_server) :]):  # each cheapest to buy first
        totals = [r["purchase_usd"] for r in group]
        assert all(t is not None for t in totals) and totals == sorted(totals)
    assert all(r["price_usd"] for r in rows)  # every GPU priced from prices.yaml
    for row in fitting:  # GPUs sold only in 8-GPU servers are bought by the server
        whole = row["purchase_usd"] > row["price_total_usd"]
        assert whole == (row["count"] % 8 != 0 and "8-GPU server" in row["price_band"])


def test_console_script_runs() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "advisor.cli.main",
            "size",
            "--model",
            "smollm2-135m",
            "--gpu",
            "cpu",
            "--json",
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert json.loads(result.stdout)["memory"]["kv_cache_capacity_tokens"] == 46_592


def test_tools_prints_the_registry_every_face_publishes(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from advisor.services.registry import TOOLS, openai_tool

    code, out, _ = run(capsys, "tools", "--json")
    assert code == 0
    assert json.loads(out) == [openai_tool(spec) for spec in TOOLS]
    code, out, _ = run(capsys, "tools")
    assert code == 0 and all(f"{spec.name}: {spec.description}" in out for spec in TOOLS)


def test_the_cli_reads_the_users_own_config_json(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Only the command line takes a path: the user's file, on the user's machine."""
    config = TINY_GQA_CONFIG
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config), encoding="utf-8")
    code, out, _ = run(capsys, "size", "--model", str(path), "--gpu", "l40s", "--json")
    assert code == 0 and json.loads(out)["model"] == "tiny-gqa-1b"
    code, _, err = run(capsys, "size", "--model", str(tmp_path / "missing.json"))
    assert code == 2 and err.startswith("advisor: --model: cannot read") and err[-1:] == "\n"
    path.write_text(json.dumps({**config, "hidden_size": "wide"}), encoding="utf-8")
    code, _, err = run(capsys, "size", "--model", str(path))
    assert code == 2 and err.startswith("advisor: --model: ")
    assert "hidden_size must be a whole number" in err
    unnamed = {k: v for k, v in config.items() if k != "_name_or_path"}
    path.write_text(json.dumps(unnamed), encoding="utf-8")
    code, out, _ = run(capsys, "size", "--model", str(path), "--json")
    assert code == 0 and json.loads(out)["model"] == "config.json"  # named by its file


def test_a_batch_job_is_a_table_and_a_json_field(capsys: pytest.CaptureFixture[str]) -> None:
    args = ("size", "--model", "llama-3.1-8b", "--gpu", "h100-sxm", "--batch-items", "50000")
    code, out, _ = run(capsys, *args)
    assert code == 0 and "batch job" in out and "50,000" in out
    code, out, _ = run(capsys, *args, "--json")
    job = json.loads(out)["batch_job"]
    assert code == 0 and job["items"] == 50_000 and job["hours"] > 0
    code, _, err = run(capsys, *args[:5], "--task", "lora", "--batch-items", "10")
    assert code == 2 and "batch_items" in err
