"""`advisor serving cpu`: argument handling, and the foreground loop on a fake vLLM.

Nothing is built and no real vLLM starts here: seconds.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

import pytest

from advisor.cli import serving as serving_cli
from advisor.cli.main import UsageError, build_parser, main
from serving.cpu import CpuLayout, free_port
from serving.cpu.checkpoint import checkpoint_spec
from serving.cpu.environment import env_spec

# The conftest fixture `fake_vllm`: writes a fake `vllm` package into a directory.
FakeVllm = Callable[[Path], None]


def test_parses_cpu_with_port_and_data_dir(tmp_path: Path) -> None:
    args = build_parser().parse_args(
        ["serving", "cpu", "--port", "9001", "--data-dir", str(tmp_path)]
    )
    assert args.handler is serving_cli.run_cpu
    assert args.port == 9001
    assert args.data_dir == tmp_path
    assert args.startup_timeout == 300.0


def test_default_port() -> None:
    args = build_parser().parse_args(["serving", "cpu"])
    assert args.port == serving_cli.DEFAULT_PORT
    assert args.data_dir is None


@pytest.mark.parametrize(
    "argv",
    [
        ["serving"],
        ["serving", "cpu", "--port", "0"],
        ["serving", "cpu", "--port", "http"],
        ["serving", "cpu", "--startup-timeout", "-1"],
    ],
)
def test_bad_usage_is_one_line_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(UsageError):
        build_parser().parse_args(argv)
    assert main(argv) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_busy_port_fails_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        status = main(["serving", "cpu", "--port", str(port), "--data-dir", str(tmp_path)])
    assert status == 1
    assert "already in use" in capsys.readouterr().err
    assert not (tmp_path / "vllm-cpu").exists()


def cached_build(data_dir: Path) -> CpuLayout:
    """A data directory whose stamps say the vLLM venv and checkpoint are already built.

    The venv's python is this interpreter; the fake `vllm` package goes in the log
    directory, which is the server's working directory.
    """
    layout = CpuLayout.under(data_dir)
    layout.python.parent.mkdir(parents=True)
    layout.python.symlink_to(sys.executable)
    layout.env_stamp.write_text(json.dumps({"spec": env_spec()}))
    layout.checkpoint.mkdir(parents=True)
    layout.checkpoint_stamp.write_text(json.dumps({"spec": checkpoint_spec()}))
    layout.logs.mkdir(parents=True)
    return layout


def read_until(stream: IO[str], marker: str, seen: list[str]) -> None:
    """Collect lines from `stream` until one contains `marker` (or the stream ends)."""
    for line in stream:
        seen.append(line)
        if marker in line:
            return


def test_serving_cpu_serves_until_sigterm_then_stops_the_server(
    tmp_path: Path, fake_vllm: FakeVllm
) -> None:
    """The real CLI path, end to end, on a fake vLLM: ready line, SIGTERM, process group gone."""
    layout = cached_build(tmp_path)
    fake_vllm(layout.logs)
    port = free_port()
    cli = subprocess.Popen(
        [sys.executable, "-m", "advisor.cli.main", "serving", "cpu", "--port", str(port)]
        + ["--data-dir", str(tmp_path), "--quiet", "--startup-timeout", "60"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, FAKE_MODE="polite"),
        start_new_session=True,
    )
    seen: list[str] = []
    try:
        assert cli.stderr is not None
        read_until(cli.stderr, "ready in", seen)
        assert any("ready in" in line and f":{port}/v1" in line for line in seen), seen
        assert any("KV cache 46592 tokens, plan expects 46592" in line for line in seen), seen
        child = int((layout.logs / "child.pid").read_text())
        cli.send_signal(signal.SIGTERM)
        status = cli.wait(timeout=60)
        seen.extend(cli.stderr.read().splitlines())
    finally:
        if cli.poll() is None:
            os.killpg(cli.pid, signal.SIGKILL)
            cli.wait()
    assert status == 0, seen
    assert any("stopped" in line for line in seen), seen
    with pytest.raises(ProcessLookupError):
        os.kill(child, 0)
