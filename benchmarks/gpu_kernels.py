"""Measure the kernels a prefill and a decode step are made of, on one CUDA GPU.

The engine prices a prompt's weight GEMMs as FLOPs over (the datasheet's dense peak of the
weight format x one prefill efficiency), the same efficiency for bf16 and fp8, and a decode
step's weights as bytes over (bandwidth x 0.85). These figures say what the kernels reach:

- the four weight GEMMs of one layer of a catalog model (q/k/v, o, gate+up, down; each
  tensor-parallel rank's share) at token counts from 1 to 8,192, in bf16 (cuBLAS, as vLLM's
  unquantized linear) and in fp8 e4m3 through torch._scaled_mm with per-tensor scales and
  with per-token x per-channel scales (vLLM's FP8 checkpoints use one or the other; the
  activation's quantization, one fused kernel in vLLM, is not timed), and per-tensor with
  fast accumulation (no periodic promotion to fp32: CUTLASS's FastAccum schedules);
- causal attention over one prompt (torch SDPA, FlashAttention-2 and cuDNN backends).

Times are medians from triton.testing.do_bench, which flushes the L2 cache before each run:
a layer's weights are not in L2 when the next layer reads them. Inputs are random normal
(never zeros). Each GEMM is checked against an fp32 product first.

    python3 benchmarks/gpu_kernels.py --out kernels.jsonl   # on the GPU machine
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import torch.nn.functional as F
from gpu_measure import architecture, environment, run_jobs

TOKENS = [1, 16, 64, 256, 1024, 2048, 4096, 8192]
# (model, tensor-parallel ranks the layer is split over): a small model, an 8B, and the 70B
# of the NIM FP8 rows at TP 2 (SRV01-SRV06).
LAYERS = [
    ("qwen2.5-0.5b", 1),
    ("llama-3.1-8b", 1),
    ("qwen2.5-14b", 1),
    ("llama-3.3-70b", 2),
    ("llama-3.3-70b", 1),
]
ATTENTION_MODELS = ["qwen2.5-0.5b", "llama-3.1-8b"]
ATTENTION_LENGTHS = [512, 2048, 8192, 32768]
FP8 = torch.float8_e4m3fn
FP8_MAX = 448.0


def bench_ms(fn: Callable[[], object]) -> float:
    """Median milliseconds of `fn`, L2 flushed before each run."""
    import triton.testing

    return float(triton.testing.do_bench(fn, warmup=10, rep=60, return_mode="median"))


def clocks() -> dict[str, Any]:
    """SM clock (MHz) and board power (W) just after a timing: a GPU at its power limit
    lowers its clock, and a faster kernel draws more power."""
    try:
        return {"sm_mhz": torch.cuda.clock_rate(), "power_w": torch.cuda.power_draw() / 1000}
    except Exception:  # no NVML on this machine
        return {}


def layer_gemms(arch: dict[str, Any], tp: int) -> list[tuple[str, int, int]]:
    """(name, N, K) of one layer's weight GEMMs on one tensor-parallel rank."""
    h, d = arch["hidden_size"], arch["head_dim"]
    q, kv = arch["num_attention_heads"] * d, arch["num_kv_heads"] * d
    ffn = arch["intermediate_size"]
    return [
        ("qkv", (q + 2 * kv) // tp, h),
        ("o", h, q // tp),
        ("gate_up", 2 * ffn // tp, h),
        ("down", h, ffn // tp),
    ]


def relative_error(out: torch.Tensor, ref: torch.Tensor) -> float:
    return float((out.float() - ref).norm() / ref.norm())


def measure_layer(model_id: str, tp: int) -> dict[str, Any]:
    gemms = layer_gemms(architecture(model_id), tp)
    cuda = torch.device("cuda")
    weights = {
        name: torch.randn(n, k, device=cuda, dtype=torch.bfloat16) * 0.02 for name, n, k in gemms
    }
    # fp8 copies: per-tensor scale, and per-output-channel scales [1, N]
    tensorwise, channelwise = {}, {}
    for name, w in weights.items():
        scale = w.abs().amax().float() / FP8_MAX
        tensorwise[name] = ((w.float() / scale).to(FP8), scale)
        rows = w.abs().amax(dim=1, keepdim=True).float().clamp(min=1e-12) / FP8_MAX
        channelwise[name] = ((w.float() / rows).to(FP8), rows.t().contiguous())
    weight_bytes = {"bf16": 2, "fp8": 1}
    flops_per_token = 2 * sum(n * k for _, n, k in gemms)
    params = sum(n * k for _, n, k in gemms)
    result: dict[str, Any] = {
        "kind": "layer_gemms",
        "model": model_id,
        "tensor_parallel": tp,
        "gemms": [{"name": g, "n": n, "k": k} for g, n, k in gemms],
        "weights_per_layer": params,
        "rows": [],
        "errors": {},
    }

    def inputs(m: int) -> dict[str, torch.Tensor]:
        return {name: torch.randn(m, k, device=cuda, dtype=torch.bfloat16) for name, _, k in gemms}

    def quantized(x: dict[str, torch.Tensor], per_token: bool) -> dict[str, Any]:
        out = {}
        for name, a in x.items():
            if per_token:
                s = a.abs().amax(dim=1, keepdim=True).float().clamp(min=1e-12) / FP8_MAX
            else:
                s = a.abs().amax().float() / FP8_MAX
            out[name] = ((a.float() / s).to(FP8), s)
        return out

    def run_bf16(x: dict[str, torch.Tensor]) -> Callable[[], object]:
        return lambda: [F.linear(x[name], weights[name]) for name in weights]

    def run_fp8(q: dict[str, Any], w8: dict[str, Any], fast: bool = False) -> Callable[[], object]:
        def layer() -> list[torch.Tensor]:
            return [
                torch._scaled_mm(
                    q[name][0],
                    w8[name][0].t(),
                    scale_a=q[name][1],
                    scale_b=w8[name][1],
                    out_dtype=torch.bfloat16,
                    use_fast_accum=fast,
                )
                for name in w8
            ]

        return layer

    # correctness against fp32, on fresh inputs
    x = inputs(256)
    ref = {name: x[name].float() @ weights[name].float().t() for name in weights}
    checks = {
        "bf16": run_bf16(x),
        "fp8_tensorwise": run_fp8(quantized(x, False), tensorwise),
        "fp8_rowwise": run_fp8(quantized(x, True), channelwise),
        "fp8_fast_accum": run_fp8(quantized(x, False), tensorwise, fast=True),
    }
    for variant, check in checks.items():
        try:
            outs = check()
            assert isinstance(outs, list)
            result["errors"][variant] = max(
                relative_error(out, ref[name]) for out, name in zip(outs, weights, strict=True)
            )
        except Exception as error:  # timed below all the same; the error says why
            result["errors"][variant] = f"{type(error).__name__}: {error}"[:300]
    for m in TOKENS:
        x = inputs(m)
        variants = {
            "bf16": ("bf16", run_bf16(x)),
            "fp8_tensorwise": ("fp8", run_fp8(quantized(x, False), tensorwise)),
            "fp8_rowwise": ("fp8", run_fp8(quantized(x, True), channelwise)),
            "fp8_fast_accum": ("fp8", run_fp8(quantized(x, False), tensorwise, fast=True)),
        }
        row: dict[str, Any] = {"tokens": m}
        for variant, (dtype, fn) in variants.items():
            try:
                ms = bench_ms(fn)
            except Exception as error:  # one unsupported shape must not lose the rest
                row[variant] = {"error": f"{type(error).__name__}: {error}"[:300]}
                continue
            row[variant] = {
                "ms": ms,
                "tflops": flops_per_token * m / ms / 1e9,
                "weight_tb_s": params * weight_bytes[dtype] / ms / 1e9,
                **clocks(),
            }
        result["rows"].append(row)
    return result


def measure_attention(model_id: str) -> dict[str, Any]:
    from torch.nn.attention import SDPBackend, sdpa_kernel

    arch = architecture(model_id)
    heads, d = arch["num_attention_heads"], arch["head_dim"]
    cuda = torch.device("cuda")
    result: dict[str, Any] = {
        "kind": "attention",
        "model": model_id,
        "heads": heads,
        "head_dim": d,
        "flops": "4 x heads x head_dim x L^2 / 2 (causal)",
        "rows": [],
    }
    backends = {"flash": SDPBackend.FLASH_ATTENTION, "cudnn": SDPBackend.CUDNN_ATTENTION}
    for length in ATTENTION_LENGTHS:
        q, k, v = (
            torch.randn(1, heads, length, d, device=cuda, dtype=torch.bfloat16) for _ in range(3)
        )
        flops = 4 * heads * d * length * length / 2
        row: dict[str, Any] = {"length": length}
        for name, backend in backends.items():
            try:
                with sdpa_kernel(backend):

                    def attend(
                        q: torch.Tensor = q, k: torch.Tensor = k, v: torch.Tensor = v
                    ) -> torch.Tensor:
                        return F.scaled_dot_product_attention(q, k, v, is_causal=True)

                    ms = bench_ms(attend)
            except Exception as error:  # a backend this build lacks
                row[name] = {"error": f"{type(error).__name__}: {error}"[:300]}
                continue
            row[name] = {"ms": ms, "tflops": flops / ms / 1e9}
        result["rows"].append(row)
    return result


def summary(out: Path) -> None:
    """A short table of the figures (the full ones are in `out`)."""
    import json

    for line in out.read_text().splitlines():
        record = json.loads(line)
        if record.get("kind") == "layer_gemms":
            print(f"\n{record['model']} TP{record['tensor_parallel']} errors {record['errors']}")
            print("tokens  bf16 TF/s (TB/s)   fp8-tensor          fp8-row             fp8-fast")
            for row in record["rows"]:
                cells = []
                for variant in ("bf16", "fp8_tensorwise", "fp8_rowwise", "fp8_fast_accum"):
                    cell = row.get(variant, {})
                    cells.append(
                        f"{cell['tflops']:8.1f} ({cell['weight_tb_s']:4.2f})"
                        if "tflops" in cell
                        else f"{'error':>15}"
                    )
                print(f"{row['tokens']:6d}  " + "   ".join(cells))
        elif record.get("kind") == "attention":
            print(f"\nattention {record['model']} ({record['heads']} x {record['head_dim']})")
            for row in record["rows"]:
                cells = [
                    f"{name} {row[name]['tflops']:.1f}" if "tflops" in row[name] else f"{name} x"
                    for name in ("flash", "cudnn")
                ]
                print(f"{row['length']:6d}  " + "  ".join(cells))
        elif "error" in record:
            print(f"\n{record['point']} failed: {record['error']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = [("ENV", environment)]
    jobs += [
        (f"GEMM-{model}-tp{tp}", lambda model=model, tp=tp: measure_layer(model, tp))
        for model, tp in LAYERS
    ]
    jobs += [(f"ATTN-{m}", lambda m=m: measure_attention(m)) for m in ATTENTION_MODELS]
    status = run_jobs(jobs, args.out, quiet=True)
    summary(args.out)
    return status


if __name__ == "__main__":
    sys.exit(main())
