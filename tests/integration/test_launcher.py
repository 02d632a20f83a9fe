"""The launcher's process handling, against a fake `vllm` module (no vLLM needed, seconds).

The server runs `python -m vllm.entrypoints.openai.api_server` with its log directory as
the working directory, so a fake package there shadows the real one.
"""

from __future__ import annotations

import os
import socket
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from advisor.sizing.serving_plan import VllmServePlan
from serving.cpu import ServerStartError, VllmServer, cpu_plan, free_port
from serving.cpu.launcher import server_command
from serving.production import TOOL_STRICT_ARGS

# The conftest fixture `fake_vllm`: writes a fake `vllm` package into a directory.
FakeVllm = Callable[[Path], None]


def fake_server(
    tmp_path: Path, mode: str, monkeypatch: pytest.MonkeyPatch, fake_vllm: FakeVllm
) -> VllmServer:
    fake_vllm(tmp_path)
    monkeypatch.setenv("FAKE_MODE", mode)
    plan = cpu_plan(tmp_path / "ckpt", tmp_path / "t.jinja", free_port())
    return VllmServer(Path(sys.executable), plan, tmp_path / "vllm-test.log")


def pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # A zombie is dead for our purposes.
    try:
        return Path(f"/proc/{pid}/stat").read_text().split()[2] != "Z"
    except OSError:
        return False


def group_gone(server: VllmServer) -> bool:
    assert server.process is not None
    try:
        os.killpg(server.process.pid, 0)
    except ProcessLookupError:
        return True
    return False


@pytest.mark.parametrize("mode", ["ok", "stubborn"])
def test_stop_kills_the_whole_process_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_vllm: FakeVllm, mode: str
) -> None:
    server = fake_server(tmp_path, mode, monkeypatch, fake_vllm)
    server.start()
    child = 0
    try:
        server.wait_ready(timeout_s=30)
        assert server.kv_cache_tokens() == 46592
        child = int((tmp_path / "child.pid").read_text())
        assert pid_alive(child)
    finally:
        server.stop(grace_s=1.0)
    assert group_gone(server)
    assert not pid_alive(child)
    assert not server.is_running()


def test_exit_during_startup_reports_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_vllm: FakeVllm
) -> None:
    server = fake_server(tmp_path, "crash", monkeypatch, fake_vllm)
    server.start()
    try:
        with pytest.raises(ServerStartError, match="boom: model not found"):
            server.wait_ready(timeout_s=30)
    finally:
        server.stop(grace_s=1.0)
    assert group_gone(server)


def test_startup_timeout_is_bounded_and_cleaned_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_vllm: FakeVllm
) -> None:
    server = fake_server(tmp_path, "hang", monkeypatch, fake_vllm)
    server.startup_timeout_s = 2.0
    server.stop_grace_s = 1.0  # the helper ignores SIGTERM: SIGKILL after 1 s
    with pytest.raises(ServerStartError, match="not healthy after 2 s"), server:
        pass  # __enter__ starts and waits; it must stop the server when the wait fails
    assert group_gone(server)


def test_refuses_a_busy_port(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fake_vllm: FakeVllm
) -> None:
    server = fake_server(tmp_path, "ok", monkeypatch, fake_vllm)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", server.plan.port))
        busy.listen()
        with pytest.raises(ServerStartError, match="already in use"):
            server.start()
    assert server.process is None


def test_command_passes_the_model_as_an_option(tmp_path: Path) -> None:
    plan: VllmServePlan = cpu_plan(tmp_path / "ckpt", tmp_path / "t.jinja", 8123)
    command = server_command(Path("/venv/bin/python"), plan)
    assert command[:5] == [
        "/venv/bin/python",
        "-m",
        "vllm.entrypoints.openai.api_server",
        "--model",
        str(tmp_path / "ckpt"),
    ]
    assert command[5:] == [*plan.args()[1:], *TOOL_STRICT_ARGS]
    assert "--tool-strict-level" in command
    assert plan.gpu_memory_utilization is None
    assert "--gpu-memory-utilization" not in command
