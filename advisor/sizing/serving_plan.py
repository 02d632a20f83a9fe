"""The `vllm serve` command that matches an inference sizing.

The advisor serves its own LLM with the plan this module produces (dogfooding):
`serving/` turns a plan into a running server, GPU or CPU.
"""

from __future__ import annotations

import json
import shlex

from pydantic import BaseModel, ConfigDict, Field

from advisor.sizing.inputs import Inputs, Layout
from advisor.sizing.memory import GpuMemory

CPU_MAX_NUM_SEQS = 4  # two cores: more concurrent sequences only queue


class VllmServePlan(BaseModel):
    """Flags and environment of one vLLM server, derived from a sizing report."""

    model_config = ConfigDict(extra="forbid")

    model: str = Field(description="HF repo id or local checkpoint path")
    served_model_name: str
    tensor_parallel_size: int = Field(ge=1)
    pipeline_parallel_size: int = Field(ge=1)
    max_model_len: int = Field(ge=1)
    max_num_seqs: int = Field(ge=1)
    gpu_memory_utilization: float | None = Field(
        default=None, description="None on the CPU backend, which uses a fixed KV space"
    )
    kv_cache_dtype: str = "auto"
    dtype: str = "auto"
    quantization: str | None = None
    tool_call_parser: str | None = None
    chat_template: str | None = None
    hf_overrides: str | None = Field(
        default=None,
        description="JSON for --hf-overrides: YaRN rope scaling for a context beyond the "
        "model's positions, as its publisher documents",
    )
    enforce_eager: bool = False
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=1, le=65535)
    env: dict[str, str] = Field(default_factory=dict, description="environment the server needs")
    replicas: int = Field(default=1, ge=1, description="independent servers behind a router")
    expected_kv_cache_tokens: int = Field(
        ge=0, description="KV-cache size vLLM should log at start-up, per the sizing engine"
    )

    def args(self) -> list[str]:
        """Arguments after `vllm serve` (or `python -m vllm.entrypoints.openai.api_server`)."""
        args = [self.model, "--served-model-name", self.served_model_name]
        args += ["--host", self.host, "--port", str(self.port)]
        args += ["--tensor-parallel-size", str(self.tensor_parallel_size)]
        args += ["--pipeline-parallel-size", str(self.pipeline_parallel_size)]
        args += ["--max-model-len", str(self.max_model_len)]
        args += ["--max-num-seqs", str(self.max_num_seqs)]
        if self.gpu_memory_utilization is not None:
            args += ["--gpu-memory-utilization", f"{self.gpu_memory_utilization:g}"]
        args += ["--dtype", self.dtype, "--kv-cache-dtype", self.kv_cache_dtype]
        if self.quantization:
            args += ["--quantization", self.quantization]
        if self.enforce_eager:
            args.append("--enforce-eager")
        if self.tool_call_parser:
            args += ["--enable-auto-tool-choice", "--tool-call-parser", self.tool_call_parser]
        if self.chat_template:
            args += ["--chat-template", self.chat_template]
        if self.hf_overrides:
            args += ["--hf-overrides", self.hf_overrides]
        return args

    def command(self) -> str:
        """The shell command line, with its environment, ready to paste."""
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(self.env.items()))
        cmd = shlex.join(["vllm", "serve", *self.args()])
        return f"{env} {cmd}" if env else cmd


def _vllm_dtype(compute_dtype: str) -> str:
    return {"fp16": "float16", "fp32": "float32"}.get(compute_dtype, "bfloat16")


def _quantization(fmt_id: str, native: str) -> str | None:
    if fmt_id == native or fmt_id in ("bf16", "fp16", "fp32"):
        return None
    return {
        "fp8": "fp8",
        "int4": "awq_marlin",
        "int4-g64": "awq_marlin",
        "int4-g32": "awq_marlin",
        "int8": "gptq_marlin",
        "nf4": "bitsandbytes",
    }.get(fmt_id)


def serving_plan(inputs: Inputs, layout: Layout, memory: GpuMemory) -> VllmServePlan:
    """The `vllm serve` flags of an inference sizing: layout, limits, dtype, quantization."""
    request, model = inputs.request, inputs.model
    cpu = inputs.is_cpu
    env: dict[str, str] = {}
    if cpu:
        env = {
            "VLLM_CPU_KVCACHE_SPACE": f"{inputs.gpu.kv_cache_space_gib or 1:g}",
            "VLLM_CPU_NUM_OF_RESERVED_CPU": "0",
        }
    positions = model.architecture.max_position_embeddings
    yarn = None
    if positions < request.context <= (model.yarn_max_context or 0):
        original = model.yarn_original_positions or positions
        yarn = json.dumps(
            {
                "rope_scaling": {
                    "rope_type": "yarn",
                    "factor": (model.yarn_max_context or positions) / original,
                    "original_max_position_embeddings": original,
                }
            },
            separators=(",", ":"),
        )
    max_num_seqs = inputs.max_num_seqs(layout)
    if cpu:
        max_num_seqs = min(max_num_seqs, CPU_MAX_NUM_SEQS)
    return VllmServePlan(
        model=model.hf_repo,
        served_model_name=model.id,
        tensor_parallel_size=layout.tp,
        pipeline_parallel_size=layout.pp,
        max_model_len=request.context,
        max_num_seqs=max_num_seqs,
        gpu_memory_utilization=None if cpu else request.gpu_memory_utilization,
        kv_cache_dtype="auto" if inputs.kv_precision in ("bf16", "fp16") else inputs.kv_precision,
        dtype=_vllm_dtype(inputs.fmt.compute_dtype) if not cpu else "bfloat16",
        quantization=_quantization(inputs.fmt.id, model.native_precision),
        tool_call_parser=model.tool_call_parser,
        hf_overrides=yarn,
        enforce_eager=cpu or request.enforce_eager,
        env=env,
        replicas=layout.replicas,
        expected_kv_cache_tokens=memory.kv_capacity_tokens,
    )
