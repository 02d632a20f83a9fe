"""Measure fine-tuning and transformers-inference figures on one CUDA GPU, for tests/validation.

The models are built from the catalog's architectures with random weights: the time and
memory of a step do not depend on the weights' values, and nothing is downloaded (the GPU
machine reaches no model hub). Each measurement prints one JSON line and is appended to
`--out` as it finishes, so a run cut short keeps what it measured.

    python3 benchmarks/gpu_measure.py --out results.jsonl          # on the GPU machine
    python3 benchmarks/gpu_measure.py --tiny --out /tmp/tiny.jsonl  # a smoke run, CPU or GPU

Recipes (each line also records them):
- training: transformers (sdpa attention), PEFT LoRA with its default fp32 adapters on a
  bf16 base, fused AdamW (transformers Trainer's default optimizer), random token ids as
  inputs and labels (no padding), non-reentrant gradient checkpointing where it is on; the
  loss is transformers' own (logits upcast to fp32). "bf16" full fine-tuning keeps weights,
  gradients and AdamW states in bf16 (torchtune's default); "fp32-master" keeps the model in
  fp32 and runs forward and backward under bf16 autocast (Trainer with bf16=True).
- inference: transformers generate(), batch 1, greedy, bf16, DynamicCache; prefill is one
  forward over the prompt keeping the last token's logits (as generate() does); decode is
  the difference of two generate() calls with 32 and 288 new tokens, per new token.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import transformers
import yaml

MODELS = Path(__file__).resolve().parent.parent / "advisor" / "catalog" / "data" / "models.yaml"
ALL_LINEAR = ["q_proj", "k_proj", "v_proj", "o_proj", "gate_proj", "up_proj", "down_proj"]
TRAINING = [
    # id, model, task, precision, micro-batch, sequence, checkpointing, LoRA rank, targets
    ("HFT1", "llama-3.1-8b", "lora", "bf16", 2, 4096, True, 16, ALL_LINEAR),
    ("HFT2", "qwen2.5-7b", "lora", "bf16", 2, 4096, True, 16, ALL_LINEAR),
    ("HFT3", "llama-3.1-8b", "full", "bf16", 2, 2048, True, 16, ALL_LINEAR),
    ("HFT4", "llama-3.2-3b", "full", "fp32-master", 4, 2048, True, 16, ALL_LINEAR),
    ("HFT5", "llama-3.2-1b", "full", "bf16", 4, 2048, False, 16, ALL_LINEAR),
    ("HFT6", "llama-3.1-8b", "lora", "bf16", 1, 16384, True, 16, ALL_LINEAR),
]
INFERENCE = ["llama-3.2-1b", "llama-3.2-3b", "llama-3.1-8b", "qwen2.5-7b"]
# Run second and compared only after the engine's terms were set on the first set: other
# models, vocabularies, ranks, targets and batch shapes.
HOLDOUT_TRAINING = [
    ("HFH1", "mistral-7b", "lora", "bf16", 4, 4096, True, 16, ALL_LINEAR),
    ("HFH2", "qwen2.5-7b", "full", "bf16", 1, 4096, True, 16, ALL_LINEAR),
    ("HFH3", "llama-3.2-3b", "lora", "bf16", 4, 4096, False, 64, ["q_proj", "v_proj"]),
    ("HFH4", "llama-2-7b", "lora", "bf16", 8, 2048, True, 16, ALL_LINEAR),
    ("HFH5", "qwen2.5-14b", "lora", "bf16", 1, 8192, True, 16, ALL_LINEAR),
    ("HFH6", "llama-3.1-8b", "full", "bf16", 1, 8192, True, 16, ALL_LINEAR),
]
HOLDOUT_INFERENCE = ["mistral-7b", "llama-2-7b", "qwen2.5-14b", "mistral-nemo-12b"]
# Without checkpointing, run after the saved-activation term was written from gpu_probe.py's
# counts: another vocabulary and attention bias (Qwen2), full bf16 of a 7B, LoRA on attention
# only, and a long sequence.
NO_CHECKPOINTING = [
    ("HFN1", "qwen2.5-7b", "lora", "bf16", 1, 4096, False, 16, ALL_LINEAR),
    ("HFN2", "mistral-7b", "full", "bf16", 1, 2048, False, 16, ALL_LINEAR),
    (
        "HFN3",
        "llama-3.2-3b",
        "lora",
        "bf16",
        2,
        2048,
        False,
        8,
        ["q_proj", "k_proj", "v_proj", "o_proj"],
    ),
    ("HFN4", "llama-3.1-8b", "lora", "bf16", 1, 8192, False, 16, ALL_LINEAR),
]
PREFILL_LENGTHS = [512, 2048, 8192]
DECODE_PROMPT, DECODE_SHORT, DECODE_LONG = 128, 32, 288


def architecture(model_id: str) -> dict[str, Any]:
    for model in yaml.safe_load(MODELS.read_text())["models"]:
        if model["id"] == model_id:
            return dict(model["architecture"])
    raise KeyError(model_id)


def hf_config(model_id: str, tiny: bool) -> transformers.PretrainedConfig:
    arch = architecture(model_id)
    if tiny:
        arch.update(
            hidden_size=256,
            num_layers=2,
            num_attention_heads=4,
            num_kv_heads=2,
            head_dim=64,
            intermediate_size=512,
            vocab_size=1024,
        )
    common = {
        "hidden_size": arch["hidden_size"],
        "num_hidden_layers": arch["num_layers"],
        "num_attention_heads": arch["num_attention_heads"],
        "num_key_value_heads": arch["num_kv_heads"],
        "head_dim": arch["head_dim"],
        "intermediate_size": arch["intermediate_size"],
        "vocab_size": arch["vocab_size"],
        "max_position_embeddings": arch["max_position_embeddings"],
        "tie_word_embeddings": arch.get("tie_word_embeddings", False),
        "use_cache": True,
    }
    if model_id.startswith("qwen2"):
        config: transformers.PretrainedConfig = transformers.Qwen2Config(**common)
    else:
        config = transformers.LlamaConfig(**common)
    config._attn_implementation = "sdpa"
    return config


def device() -> torch.device:
    return torch.device("cuda" if torch.cuda.is_available() else "cpu")


def sync() -> None:
    if torch.cuda.is_available():
        torch.cuda.synchronize()


def build(model_id: str, tiny: bool, dtype: torch.dtype) -> transformers.PreTrainedModel:
    config = hf_config(model_id, tiny)
    cls = (
        transformers.Qwen2ForCausalLM
        if model_id.startswith("qwen2")
        else transformers.LlamaForCausalLM
    )
    previous = torch.get_default_dtype()
    torch.set_default_dtype(dtype)
    try:
        with device():
            model = cls(config)
    finally:
        torch.set_default_dtype(previous)
    return model


def with_lora(model: Any, rank: int, targets: list[str]) -> Any:
    """PEFT LoRA at its defaults (fp32 adapters on a bf16 base), alpha 2 x rank, no dropout."""
    import peft

    config = peft.LoraConfig(
        r=rank,
        lora_alpha=2 * rank,
        lora_dropout=0.0,
        target_modules=targets,
        task_type="CAUSAL_LM",
    )
    return peft.get_peft_model(model, config)


def free() -> None:
    gc.collect()
    if torch.cuda.is_available():
        torch.cuda.empty_cache()
        torch.cuda.reset_peak_memory_stats()


def memory() -> dict[str, float]:
    if not torch.cuda.is_available():
        return {}
    free_b, total_b = torch.cuda.mem_get_info()
    reserved = torch.cuda.memory_reserved()
    return {
        "max_allocated_gib": torch.cuda.max_memory_allocated() / 2**30,
        "max_reserved_gib": torch.cuda.max_memory_reserved() / 2**30,
        # what the process holds beside PyTorch's allocator: CUDA context, cuBLAS workspaces
        "non_torch_gib": (total_b - free_b - reserved) / 2**30,
    }


def timed(fn: Callable[[], object], warmup: int, repeat: int) -> list[float]:
    for _ in range(warmup):
        fn()
    sync()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        sync()
        times.append(time.perf_counter() - start)
    return times


def measure_training(row: tuple[Any, ...], tiny: bool) -> dict[str, Any]:
    point, model_id, task, precision, micro_batch, seq, checkpointing, rank, targets = row
    if tiny:
        seq = min(seq, 256)
    dtype = torch.float32 if precision == "fp32-master" else torch.bfloat16
    model = build(model_id, tiny, dtype)
    model.config.use_cache = False
    if checkpointing:
        model.gradient_checkpointing_enable(gradient_checkpointing_kwargs={"use_reentrant": False})
    if task == "lora":
        model = with_lora(model, rank, targets)
    model.train()
    trainable = [p for p in model.parameters() if p.requires_grad]
    optimizer = torch.optim.AdamW(trainable, lr=1e-5, fused=torch.cuda.is_available())
    vocab = model.config.vocab_size
    ids = torch.randint(0, vocab, (micro_batch, seq), device=device())
    autocast = torch.autocast(
        device().type, dtype=torch.bfloat16, enabled=precision == "fp32-master"
    )

    def step() -> None:
        with autocast:
            loss = model(input_ids=ids, labels=ids).loss
        loss.backward()
        optimizer.step()
        optimizer.zero_grad(set_to_none=True)

    times = timed(step, warmup=2, repeat=2 if tiny else 5)
    step_s = statistics.median(times)
    result = {
        "point": point,
        "kind": "training",
        "model": model_id,
        "task": task,
        "precision": precision,
        "micro_batch": micro_batch,
        "seq_len": seq,
        "gradient_checkpointing": checkpointing,
        "lora_rank": rank if task == "lora" else None,
        "lora_targets": targets if task == "lora" else None,
        "trainable_params": sum(p.numel() for p in trainable),
        "trainable_dtypes": sorted({str(p.dtype) for p in trainable}),
        "total_params": sum(p.numel() for p in model.parameters()),
        "step_s": step_s,
        "step_times_s": times,
        "tokens_per_s": micro_batch * seq / step_s,
        **memory(),
    }
    return result


def measure_inference(model_id: str, tiny: bool) -> dict[str, Any]:
    model = build(model_id, tiny, torch.bfloat16)
    model.eval()
    vocab = model.config.vocab_size
    prefill: dict[str, float] = {}
    with torch.inference_mode():
        for length in PREFILL_LENGTHS if not tiny else [64, 128]:
            ids = torch.randint(0, vocab, (1, length), device=device())
            times = timed(
                lambda ids=ids: model(input_ids=ids, use_cache=True, logits_to_keep=1),
                warmup=1,
                repeat=3,
            )
            prefill[str(length)] = statistics.median(times)
        prompt = torch.randint(0, vocab, (1, DECODE_PROMPT), device=device())
        generated: dict[int, float] = {}
        for new in (DECODE_SHORT, DECODE_LONG):
            config = transformers.GenerationConfig(
                max_new_tokens=new,
                min_new_tokens=new,
                do_sample=False,
                eos_token_id=None,
                pad_token_id=0,
            )

            def run(config: transformers.GenerationConfig = config, new: int = new) -> None:
                out = model.generate(
                    input_ids=prompt,
                    attention_mask=torch.ones_like(prompt),
                    generation_config=config,
                )
                assert out.shape[1] == DECODE_PROMPT + new, out.shape

            generated[new] = statistics.median(timed(run, warmup=1, repeat=2))
    per_token = (generated[DECODE_LONG] - generated[DECODE_SHORT]) / (DECODE_LONG - DECODE_SHORT)
    result = {
        "point": f"HFI-{model_id}",
        "kind": "inference",
        "model": model_id,
        "dtype": "bf16",
        "params": sum(p.numel() for p in model.parameters()),
        "prefill_s": prefill,
        "prefill_tokens_per_s": {k: int(k) / v for k, v in prefill.items()},
        "generate_s": {str(k): v for k, v in generated.items()},
        "decode_ms_per_token": per_token * 1000,
        "decode_tokens_per_s": 1 / per_token,
        "decode_context": [DECODE_PROMPT + DECODE_SHORT, DECODE_PROMPT + DECODE_LONG],
        **memory(),
    }
    return result


def matmul_tflops() -> dict[str, Any]:
    if not torch.cuda.is_available():
        return {}
    a = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    b = torch.randn(8192, 8192, device="cuda", dtype=torch.bfloat16)
    times = timed(lambda: a @ b, warmup=3, repeat=10)
    return {
        "point": "GEMM",
        "kind": "gemm",
        "bf16_tflops": 2 * 8192**3 / statistics.median(times) / 1e12,
    }


def stream_bandwidth() -> dict[str, Any]:
    """HBM bandwidth that elementwise kernels reach: a copy, an add and a bf16-to-fp32 cast
    of 2 GiB, counting the bytes read and written."""
    if not torch.cuda.is_available():
        return {}
    n = 2**30  # bf16 elements: 2 GiB
    x = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    y = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    result: dict[str, Any] = {"point": "STREAM", "kind": "bandwidth"}
    for name, fn, moved in (
        ("copy", lambda: x.clone(), 4 * n),
        ("add", lambda: x + y, 6 * n),
        ("cast_fp32", lambda: x.float(), 6 * n),
    ):
        result[f"{name}_tb_s"] = moved / statistics.median(timed(fn, warmup=2, repeat=10)) / 1e12
    return result


def environment() -> dict[str, Any]:
    info: dict[str, Any] = {
        "point": "ENV",
        "kind": "environment",
        "date": time.strftime("%Y-%m-%d"),
        "python": platform.python_version(),
        "torch": torch.__version__,
        "transformers": transformers.__version__,
        "cpu": platform.processor() or platform.machine(),
    }
    try:
        import peft

        info["peft"] = peft.__version__
    except ImportError:
        info["peft"] = None
    if torch.cuda.is_available():
        props = torch.cuda.get_device_properties(0)
        info.update(
            gpu=props.name,
            gpu_memory_gib=props.total_memory / 2**30,
            multiprocessors=props.multi_processor_count,
            cuda=torch.version.cuda,
        )
    return info


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--tiny", action="store_true", help="small shapes: a smoke run")
    parser.add_argument("--only", default="", help="comma-separated points to run (default all)")
    parser.add_argument("--set", choices=["main", "holdout", "nockpt"], default="main")
    parser.add_argument("--quiet", action="store_true", help="print names and errors, not figures")
    args = parser.parse_args()
    only = {p for p in args.only.split(",") if p}
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("ENV", environment),
        ("GEMM", matmul_tflops),
        ("STREAM", stream_bandwidth),
    ]
    training, inference = {
        "main": (TRAINING, INFERENCE),
        "holdout": (HOLDOUT_TRAINING, HOLDOUT_INFERENCE),
        "nockpt": (NO_CHECKPOINTING, []),
    }[args.set]
    jobs += [(row[0], lambda row=row: measure_training(row, args.tiny)) for row in training]
    jobs += [(f"HFI-{m}", lambda m=m: measure_inference(m, args.tiny)) for m in inference]
    if only:
        jobs = [(n, j) for n, j in jobs if n in only or n in ("ENV", "GEMM", "STREAM")]
    return run_jobs(jobs, args.out, quiet=args.quiet)


def run_jobs(jobs: list[tuple[str, Callable[[], dict[str, Any]]]], out: Path, quiet: bool) -> int:
    """Run each job, print it and append its JSON line to `out` as it finishes; one that
    fails is recorded with its error and does not stop the others. 1 if any failed."""
    failed = 0
    for name, job in jobs:
        start = time.perf_counter()
        try:
            result = job()
        except Exception as error:  # one failed measurement must not lose the others
            failed += 1
            result = {
                "error": f"{type(error).__name__}: {error}",
                "trace": traceback.format_exc()[-2000:],
            }
        result["point"] = name
        result["wall_s"] = time.perf_counter() - start
        line = json.dumps(result)
        print(f"{name} {result.get('error', 'ok')}" if quiet else line, flush=True)
        with out.open("a") as file:
            file.write(line + "\n")
        free()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
