"""Everything the CPU server needs on disk, built once under the data directory."""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

from serving.cpu.checkpoint import build_checkpoint
from serving.cpu.environment import build_env
from serving.cpu.layout import CpuLayout, Progress, stderr_progress
from serving.cpu.locking import file_lock

TEMPLATE_NAME = "hermes_tools.jinja"
TEMPLATES_DIR = Path(__file__).resolve().parent.parent / "templates"


@dataclass(frozen=True)
class CpuAssets:
    """What `prepare_cpu_assets` built or found, and how long that took."""

    layout: CpuLayout
    python: Path
    checkpoint: Path
    chat_template: Path
    build_s: float


def chat_template_text() -> str:
    """The template as shipped in `serving/templates`; the copy under the data directory
    is rewritten when it differs."""
    return (TEMPLATES_DIR / TEMPLATE_NAME).read_text()


def write_chat_template(layout: CpuLayout) -> Path:
    """Our Hermes-style tool-calling template, (re)written when its text changed."""
    text = chat_template_text()
    target = layout.chat_template
    if not target.exists() or target.read_text() != text:
        target.parent.mkdir(parents=True, exist_ok=True)
        partial = target.with_suffix(".partial")
        partial.write_text(text)
        partial.replace(target)
    return target


def prepare_cpu_assets(data_dir: Path, progress: Progress = stderr_progress) -> CpuAssets:
    """Build (first use) or find the venv, the checkpoint and the chat template.

    Holds a lock on `<data_dir>/vllm-cpu/.build.lock` so concurrent first uses wait for
    one build instead of racing.
    """
    layout = CpuLayout.under(data_dir)
    started = time.monotonic()

    def waiting() -> None:
        progress(f"another process is building {layout.root}; waiting for its lock")

    with file_lock(layout.lock, on_wait=waiting):
        python = build_env(layout, progress)
        checkpoint = build_checkpoint(layout, progress)
        template = write_chat_template(layout)
    return CpuAssets(
        layout=layout,
        python=python,
        checkpoint=checkpoint,
        chat_template=template,
        build_s=time.monotonic() - started,
    )
