"""The `vllm serve` command that matches an inference sizing.

The advisor serves its own LLM with the plan this module produces (dogfooding):
`serving/` turns a plan into a running server, GPU or CPU.
"""

from __future__ import annotations

import shlex

from pydantic import BaseModel, ConfigDict, Field


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
        return args

    def command(self) -> str:
        """The shell command line, with its environment, ready to paste."""
        env = " ".join(f"{k}={shlex.quote(v)}" for k, v in sorted(self.env.items()))
        cmd = shlex.join(["vllm", "serve", *self.args()])
        return f"{env} {cmd}" if env else cmd
