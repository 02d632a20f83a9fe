"""Convert a GGUF checkpoint to a plain bf16 Hugging Face checkpoint.

Run by the vLLM venv's python (torch, transformers 5.x, gguf, accelerate), not by the app:
    python convert_gguf.py --gguf model.gguf --out DIR
Offline: everything comes from the GGUF file (weights, config, tokenizer).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
os.environ.setdefault("HF_HUB_DISABLE_TELEMETRY", "1")


def convert(gguf: Path, out: Path) -> None:
    """Dequantize the GGUF into a plain bf16 model and save it with its tokenizer; a
    state dict that does not load exactly, or an lm_head left untied, stops the script."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, GgufConfig

    dtype = torch.bfloat16
    source, name = str(gguf.parent), gguf.name
    print(f"loading {gguf} (dequantized)", flush=True)
    loaded = AutoModelForCausalLM.from_pretrained(
        source,
        gguf_file=name,
        quantization_config=GgufConfig(gguf_file=str(gguf), dequantize=True),
        dtype=dtype,
    )
    config = loaded.config
    # The saved checkpoint must be a plain model: vLLM would otherwise look for GGUF weights.
    if hasattr(config, "quantization_config"):
        del config.quantization_config
    config.dtype = dtype
    state = {k: v.to(dtype) for k, v in loaded.state_dict().items()}
    del loaded

    print(f"rebuilding a plain {config.model_type} model from its config", flush=True)
    model = AutoModelForCausalLM.from_config(config, dtype=dtype)
    missing, unexpected = model.load_state_dict(state, strict=False)
    tied = {"lm_head.weight"} if getattr(config, "tie_word_embeddings", False) else set()
    missing = [k for k in missing if k not in tied]
    if missing or unexpected:
        raise SystemExit(f"state dict mismatch: missing={missing} unexpected={unexpected}")
    model.tie_weights()
    if tied and model.get_output_embeddings() is not None:
        out_w = model.get_output_embeddings().weight
        in_w = model.get_input_embeddings().weight
        if out_w.data_ptr() != in_w.data_ptr():
            raise SystemExit("lm_head is not tied to the input embeddings")
    model.eval()

    out.mkdir(parents=True, exist_ok=True)
    print(f"saving model to {out}", flush=True)
    model.save_pretrained(out, safe_serialization=True)
    tokenizer = AutoTokenizer.from_pretrained(source, gguf_file=name)
    tokenizer.save_pretrained(out)
    params = sum(p.numel() for p in model.parameters())
    print(f"done: {config.model_type}, {params / 1e6:.1f} M parameters, {dtype}", flush=True)


def main(argv: list[str] | None = None) -> int:
    """The script's command line; it runs in the vLLM venv, not the app's."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--gguf", type=Path, required=True)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    convert(args.gguf.resolve(), args.out.resolve())
    return 0


if __name__ == "__main__":
    sys.exit(main())
