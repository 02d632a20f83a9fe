"""`advisor serve` as a real process for tests that need one: a socket, signals, restarts.

The knowledge base is copied from the session's prebuilt one, so a start takes seconds,
not the ~20 s of a build; the database is whatever URL the test gives.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx

from serving.cpu import free_port as free_port

REPO = Path(__file__).resolve().parents[1]
START_TIMEOUT_S = 120.0


def copy_data_dir(kb_data_dir: Path, target: Path) -> Path:
    """A private data directory holding a copy of the built knowledge base (only that:
    a data directory may also hold a database or the multi-GB CPU vLLM build)."""
    shutil.copytree(kb_data_dir / "kb", target / "kb")
    return target


class ServedAdvisor:
    """One `advisor serve` process in its own process group; `start()` again after a kill."""

    def __init__(self, data_dir: Path, env: dict[str, str], log_path: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = log_path
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("ADVISOR_")},
            "ADVISOR_DATA_DIR": str(data_dir),
            "OMP_WAIT_POLICY": "PASSIVE",
            **env,
        }
        self.process: subprocess.Popen[bytes] | None = None

    def start(
        self, *, wait_for_knowledge: bool = True, timeout_s: float = START_TIMEOUT_S
    ) -> float:
        """Start and wait until healthy (and the index is open); returns seconds it took.

        With an empty data directory the server builds the index first (~20 s idle,
        minutes on a busy machine): give it a longer `timeout_s`."""
        started = time.monotonic()
        advisor = Path(sys.executable).with_name("advisor")
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [str(advisor), "serve", "--port", str(self.port)],
                cwd=REPO,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        deadline = started + timeout_s
        while True:
            if self.process.poll() is not None:
                raise RuntimeError(f"advisor serve exited: {self.log()}")
            try:
                health = httpx.get(f"{self.base_url}/health", timeout=2).json()
                if not wait_for_knowledge or health["knowledge_base"] == "ready":
                    return time.monotonic() - started
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"advisor serve not ready in {timeout_s:.0f} s: {self.log()}")
            time.sleep(0.2)

    def kill(self, sig: signal.Signals = signal.SIGKILL) -> None:
        if self.process is not None and self.process.poll() is None:
            os.killpg(self.process.pid, sig)
            self.process.wait(timeout=30)

    def stop(self) -> None:
        """SIGTERM (a graceful stop), SIGKILL if it does not go within 15 s."""
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.kill()

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]

    def __enter__(self) -> ServedAdvisor:
        return self

    def __exit__(self, *_: object) -> None:
        self.stop()
