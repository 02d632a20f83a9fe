"""The advisor's own vLLM plans come from the sizing engine: CPU, GPU, and the committed files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from advisor.catalog import load_catalog
from advisor.cli.main import main
from advisor.errors import InputError
from advisor.sizing import size
from serving.cpu import SERVED_MODEL_NAME, cpu_plan
from serving.cpu.need import CPU_CONTEXT, CPU_DEVICE, CPU_ENFORCE_EAGER, CPU_MODEL, CPU_USERS
from serving.production import (
    COMPOSE_FRAGMENT,
    RECOMMENDED_CONTEXT,
    RECOMMENDED_GPU,
    RECOMMENDED_MODEL,
    RECOMMENDED_USERS,
    TOOL_STRICT_ARGS,
    plan_invocation,
    production_plan,
    render_compose_fragment,
    serve_args,
    serve_command,
    sizing_request,
)

REPO = Path(__file__).resolve().parents[2]


def test_cpu_plan_is_the_engines_plan_with_local_paths(tmp_path: Path) -> None:
    plan = cpu_plan(tmp_path / "ckpt", tmp_path / "t.jinja", 8123)
    request = sizing_request(
        CPU_MODEL, CPU_DEVICE, CPU_USERS, CPU_CONTEXT, enforce_eager=CPU_ENFORCE_EAGER
    )
    engine = size(request, load_catalog()).serving_plan
    assert engine is not None
    assert plan.model_dump(exclude={"model", "chat_template", "port"}) == engine.model_dump(
        exclude={"model", "chat_template", "port"}
    )
    assert (plan.model, plan.chat_template, plan.port) == (
        str(tmp_path / "ckpt"),
        str(tmp_path / "t.jinja"),
        8123,
    )
    assert plan.served_model_name == SERVED_MODEL_NAME
    assert plan.host == "127.0.0.1"
    assert plan.enforce_eager
    assert plan.gpu_memory_utilization is None
    assert "VLLM_CPU_KVCACHE_SPACE" in plan.env


def test_recommended_plan_is_one_gpu_with_the_hermes_parser() -> None:
    plan = production_plan(
        load_catalog(), RECOMMENDED_MODEL, RECOMMENDED_GPU, RECOMMENDED_USERS, RECOMMENDED_CONTEXT
    )
    assert plan.tool_call_parser == "hermes"
    assert plan.max_model_len == RECOMMENDED_CONTEXT
    assert plan.max_num_seqs == RECOMMENDED_USERS
    assert plan.tensor_parallel_size * plan.pipeline_parallel_size == 1
    assert plan.expected_kv_cache_tokens >= RECOMMENDED_USERS * RECOMMENDED_CONTEXT
    assert plan.host == "0.0.0.0"


def test_a_70b_plan_uses_tensor_parallelism_on_nvlink() -> None:
    plan = production_plan(load_catalog(), "llama-3.3-70b", "h100-sxm", 20, 8192)
    assert plan.tensor_parallel_size > 1
    assert plan.tool_call_parser == "llama3_json"
    args = serve_args(plan)
    assert args[args.index("--tensor-parallel-size") + 1] == str(plan.tensor_parallel_size)


def test_serve_args_end_with_strict_tool_calling() -> None:
    plan = production_plan(load_catalog(), "qwen2.5-7b", "l40s", 20, 8192)
    args = serve_args(plan)
    assert args[: len(plan.args())] == plan.args()
    assert tuple(args[len(plan.args()) :]) == TOOL_STRICT_ARGS
    assert serve_command(plan).startswith("vllm serve Qwen/Qwen2.5-7B-Instruct ")


@pytest.mark.parametrize(
    ("model", "gpu", "users", "field"),
    [
        ("llama-3.1-405b", "cpu", 1, "gpu"),
        ("no-such-model", "l40s", 1, "model"),
        ("qwen2.5-7b", "no-such-gpu", 1, "gpu"),
        ("qwen2.5-7b", "l40s", 0, "users"),
    ],
)
def test_a_need_without_a_plan_names_the_field(
    model: str, gpu: str, users: int, field: str
) -> None:
    with pytest.raises(InputError) as error:
        production_plan(load_catalog(), model, gpu, users, 2048)
    assert error.value.field == field


def test_committed_compose_fragment_is_what_the_command_writes_now(tmp_path: Path) -> None:
    """deploy/compose/vllm.plan.yaml cannot go stale: regenerate and compare byte for byte."""
    out = tmp_path / "vllm.plan.yaml"
    argv = plan_invocation(
        RECOMMENDED_MODEL, RECOMMENDED_GPU, RECOMMENDED_USERS, RECOMMENDED_CONTEXT
    ).split()[1:]
    assert main([*argv, "--out", str(out)]) == 0
    committed = (REPO / COMPOSE_FRAGMENT).read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed, (
        f"regenerate it: .venv/bin/{' '.join(['advisor', *argv])} --out {COMPOSE_FRAGMENT}"
    )


def test_compose_fragment_carries_the_plan() -> None:
    plan = production_plan(load_catalog(), "qwen2.5-7b", "l40s", 60, 8192)
    text = render_compose_fragment(plan, plan_invocation("qwen2.5-7b", "l40s", 60, 8192))
    service = yaml.safe_load(text)["services"]["vllm"]
    assert service["command"] == serve_args(plan)
    devices = service["deploy"]["resources"]["reservations"]["devices"]
    assert devices == [
        {
            "driver": "nvidia",
            "count": plan.tensor_parallel_size * plan.pipeline_parallel_size,
            "capabilities": ["gpu"],
        }
    ]
    assert f"KV cache size: {plan.expected_kv_cache_tokens:,} tokens" in text


def test_cli_prints_the_command(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["serving", "plan", "--model", "qwen2.5-7b", "--gpu", "l40s", "--users", "20"]
    assert main(argv) == 0
    plan = production_plan(load_catalog(), "qwen2.5-7b", "l40s", 20, 8192)
    assert capsys.readouterr().out == serve_command(plan) + "\n"


@pytest.mark.parametrize(
    ("argv", "flag"),
    [
        (["--model", "no-such-model", "--gpu", "l40s", "--users", "5"], "--model"),
        (["--model", "qwen2.5-7b", "--gpu", "l40s", "--users", "0"], "--users"),
        (["--model", "llama-3.1-405b", "--gpu", "cpu", "--users", "1"], "--gpu"),
        (["--model", "qwen2.5-7b", "--gpu", "l40s"], "--users"),
    ],
)
def test_cli_bad_input_is_one_line_naming_the_flag(
    argv: list[str], flag: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["serving", "plan", *argv]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert flag in err[0]
