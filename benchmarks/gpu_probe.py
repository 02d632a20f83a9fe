"""Probe the terms behind two engine figures on one CUDA GPU, for tests/validation.

1. Saved activations without checkpointing: the bytes autograd keeps for backward per token
   and decoder layer, counted with saved-tensor hooks (each storage once, parameters left
   out), for full bf16 fine-tuning, PEFT LoRA on every linear and PEFT LoRA on q and v.
2. transformers generate() at batch 1 is dispatch-bound: the host's time per launched op
   (a loop of tiny in-place adds), the kernels and aten ops one decode step launches (torch
   profiler), and the decode speed on the same host.

Models are built from the catalog's architectures with random weights (gpu_measure.py).
Each probe prints one JSON line and appends it to `--out`.

    python3 benchmarks/gpu_probe.py --out probes.jsonl          # on the GPU machine
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import torch
import transformers
from transformers.modeling_layers import GradientCheckpointingLayer

sys.path.insert(0, str(Path(__file__).resolve().parent))
from gpu_measure import (  # noqa: E402
    ALL_LINEAR,
    build,
    device,
    environment,
    run_jobs,
    sync,
    timed,
    with_lora,
)

SAVED_SETUPS = [
    # name, model, task, LoRA targets, rank, micro-batch, sequence
    ("SAV-full", "llama-3.2-1b", "full", None, 0, 1, 2048),
    ("SAV-lora-all", "llama-3.2-1b", "lora", ALL_LINEAR, 16, 1, 2048),
    ("SAV-lora-qv", "llama-3.2-3b", "lora", ["q_proj", "v_proj"], 64, 1, 2048),
]
DECODE_MODEL = "llama-3.1-8b"


def saved_bytes(row: tuple[Any, ...]) -> dict[str, Any]:
    point, model_id, task, targets, rank, micro_batch, seq = row
    model = build(model_id, False, torch.bfloat16)
    model.config.use_cache = False
    if task == "lora":
        model = with_lora(model, rank, targets)
    model.train()
    params = {p.data_ptr() for p in model.parameters()}
    layers = [m for m in model.modules() if isinstance(m, GradientCheckpointingLayer)]
    current = {"where": "embed"}
    for index, layer in enumerate(layers):
        layer.register_forward_pre_hook(lambda _m, _a, i=index: current.update(where=i))
        layer.register_forward_hook(lambda _m, _a, _o: current.update(where="head"))
    storages: dict[int, tuple[Any, int, str]] = {}

    def pack(tensor: torch.Tensor) -> torch.Tensor:
        storage = tensor.untyped_storage()
        ptr = storage.data_ptr()
        if ptr not in params and ptr not in storages:
            shape = "x".join(str(s) for s in tensor.shape)
            storages[ptr] = (current["where"], storage.nbytes(), f"{tensor.dtype}:{shape}")
        return tensor

    ids = torch.randint(0, model.config.vocab_size, (micro_batch, seq), device=device())
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        loss = model(input_ids=ids, labels=ids).loss
    loss.backward()
    tokens = micro_batch * seq
    by_layer: Counter[Any] = Counter()
    middle = len(layers) // 2
    middle_tensors: Counter[str] = Counter()
    for where, nbytes, what in storages.values():
        by_layer[where] += nbytes
        if where == middle:
            middle_tensors[what] += nbytes
    return {
        "point": point,
        "kind": "saved_activations",
        "model": model_id,
        "task": task,
        "lora_targets": targets,
        "lora_rank": rank or None,
        "tokens": tokens,
        "layers": len(layers),
        "middle_layer_bytes_per_token": by_layer[middle] / tokens,
        "layer_bytes_per_token": [by_layer[i] / tokens for i in range(len(layers))],
        "embed_bytes_per_token": by_layer["embed"] / tokens,
        "head_bytes_per_token": by_layer["head"] / tokens,
        "middle_layer_tensors": {k: v / tokens for k, v in middle_tensors.most_common()},
    }


def host_op_us() -> dict[str, Any]:
    """Host time per launched op when the GPU keeps up: tiny in-place adds, no sync."""
    x = torch.zeros(16, device=device())
    linear = torch.nn.Linear(16, 16, device=device(), dtype=torch.bfloat16)
    xb = torch.zeros(1, 16, device=device(), dtype=torch.bfloat16)
    result: dict[str, Any] = {"point": "HOST-OP", "kind": "host"}
    for name, fn in (("add_us", lambda: x.add_(1.0)), ("linear_module_us", lambda: linear(xb))):
        runs = []
        with torch.inference_mode():  # as generate() runs
            for _ in range(5):
                sync()
                start = time.perf_counter()
                for _ in range(2000):
                    fn()
                runs.append((time.perf_counter() - start) / 2000 * 1e6)
                sync()
        result[name] = statistics.median(runs)
    return result


def decode_dispatch() -> dict[str, Any]:
    """Kernels and ops of one decode step, the step's host and GPU time, and generate()'s
    per-token time on this host."""
    model = build(DECODE_MODEL, False, torch.bfloat16)
    model.eval()
    vocab = model.config.vocab_size
    prompt = torch.randint(0, vocab, (1, 128), device=device())
    with torch.inference_mode():
        out = model(input_ids=prompt, use_cache=True)
        cache = out.past_key_values
        token = torch.randint(0, vocab, (1, 1), device=device())
        position = torch.tensor([[128]], device=device())

        def step() -> None:
            model(
                input_ids=token,
                past_key_values=cache,
                position_ids=position,
                use_cache=True,
                logits_to_keep=1,
            )
            cache.crop(-1)  # drop the token just added: every step sees 128

        step_times = timed(step, warmup=3, repeat=20)
        from torch.profiler import ProfilerActivity, profile

        with profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA]) as prof:
            step()
            sync()
        events = prof.events()
        kernels = [e for e in events if e.device_type == torch.autograd.DeviceType.CUDA]
        cpu_ops = [
            e
            for e in events
            if e.device_type == torch.autograd.DeviceType.CPU and e.name.startswith("aten::")
        ]
        nested = [k for e in cpu_ops for k in getattr(e, "kernels", [])]
        gpu_busy_us = sum(getattr(e, "device_time", 0.0) for e in kernels)
        generated: dict[int, float] = {}
        for new in (32, 288):
            config = transformers.GenerationConfig(
                max_new_tokens=new,
                min_new_tokens=new,
                do_sample=False,
                eos_token_id=None,
                pad_token_id=0,
            )
            generated[new] = statistics.median(
                timed(
                    lambda c=config: model.generate(
                        input_ids=prompt,
                        attention_mask=torch.ones_like(prompt),
                        generation_config=c,
                    ),
                    warmup=1,
                    repeat=2,
                )
            )
    per_token = (generated[288] - generated[32]) / 256
    layers = model.config.num_hidden_layers
    return {
        "point": "DECODE-DISPATCH",
        "kind": "decode_dispatch",
        "model": DECODE_MODEL,
        "layers": layers,
        "forward_step_ms": statistics.median(step_times) * 1000,
        "kernels_per_step": len(kernels),
        "kernels_per_layer": len(kernels) / layers,
        "aten_ops_per_step": len(cpu_ops),
        "kernels_nested_in_aten_ops": len(nested),
        "gpu_busy_ms_per_step": gpu_busy_us / 1000,
        "generate_ms_per_token": per_token * 1000,
        "decode_tokens_per_s": 1 / per_token,
        "top_kernels": Counter(e.name[:60] for e in kernels).most_common(12),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args()
    jobs: list[tuple[str, Callable[[], dict[str, Any]]]] = [
        ("ENV", environment),
        ("HOST-OP", host_op_us),
    ]
    jobs += [(row[0], lambda row=row: saved_bytes(row)) for row in SAVED_SETUPS]
    jobs += [("DECODE-DISPATCH", decode_dispatch), ("HOST-OP-AFTER", host_op_us)]
    return run_jobs(jobs, args.out, quiet=True)


if __name__ == "__main__":
    sys.exit(main())
