"""The serving plan of the CPU development server: the sizing engine's plan for `cpu`."""

from __future__ import annotations

from pathlib import Path

from advisor.catalog.loader import load_catalog
from advisor.sizing.serving_plan import VllmServePlan
from serving.cpu.layout import SERVED_MODEL_NAME
from serving.production import engine_plan, sizing_request

# The need the CPU server is sized for: the catalog's SmolLM2-135M on the `cpu` device.
CPU_MODEL = "smollm2-135m"
CPU_DEVICE = "cpu"
# SmolLM2's trained context: the agent's four strict tool schemas and its prompt take
# ~2,000 tokens before the question, so the 2,048 this server once had overflowed.
CPU_CONTEXT = 8192
CPU_USERS = 4
# Compiled graphs cost 90-150 s at every start (the compile cache does not reload) and
# changed bf16 greedy output: eager is what development and tests want.
CPU_ENFORCE_EAGER = True


def cpu_plan(checkpoint_dir: Path, chat_template: Path, port: int) -> VllmServePlan:
    """The engine's plan for the CPU need, pointed at the local checkpoint and template.

    Only where the weights and the template live, and the port, are ours; every sizing
    figure (KV-cache space and its expected size in tokens, max_num_seqs, dtype, eager,
    tool parser) is the engine's.
    """
    request = sizing_request(
        CPU_MODEL, CPU_DEVICE, CPU_USERS, CPU_CONTEXT, enforce_eager=CPU_ENFORCE_EAGER
    )
    plan = engine_plan(load_catalog(), request)
    if plan.served_model_name != SERVED_MODEL_NAME:
        raise ValueError(
            f"the catalog serves {plan.served_model_name!r}, the CPU build {SERVED_MODEL_NAME!r}"
        )
    return plan.model_copy(
        update={
            "model": str(checkpoint_dir),
            "chat_template": str(chat_template),
            "host": "127.0.0.1",
            "port": port,
        }
    )
