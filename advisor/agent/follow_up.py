"""How a follow-up changes the request before it: one rule for the offline reader and the LLM.

A follow-up keeps every field it does not change ("and for 50 users?" keeps the model,
the GPU and the context). Some fields only mean something together with another, so
changing one resets its partner to the engine's default unless the message sets both:
- another GPU without a count: the count that fits the new GPU, not the old GPU's count;
- another task without a format: the task's own default (QLoRA's NF4 vs inference's BF16),
  and its own training kernels (fused for pre-training, eager for fine-tuning);
- another format without an engine: the engine that runs the new format;
- another context without the request's lengths: the prompt and output the new context
  implies (a window read as "32k context" set them for the old one).
A context that was exactly its prompt and output follows a new prompt or output said alone
("and with a 100-token explanation each?" after 1,024 tokens in and 16 out: 1,124).
A catalog model and an inline config.json are alternatives: naming one drops the other.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

# field changed -> the field that goes back to its default unless the message sets it too
_PARTNERS: tuple[tuple[str, str], ...] = (
    ("gpu", "gpus"),
    ("task", "precision"),
    ("task", "training_kernels"),
    ("precision", "engine"),
    ("context", "prompt_tokens"),
    ("context", "output_tokens"),
)
_ALTERNATIVES: tuple[tuple[str, str], ...] = (("model", "hf_config"), ("hf_config", "model"))


def merge_follow_up(previous: Mapping[str, Any] | None, said: Mapping[str, Any]) -> dict[str, Any]:
    """The previous request changed by what this message says (None values say nothing)."""
    given = {k: v for k, v in said.items() if v is not None}
    if not previous:
        return given
    merged = dict(previous)
    for changed, partner in _PARTNERS:
        if changed in given and given[changed] != previous.get(changed) and partner not in given:
            merged.pop(partner, None)
    for named, other in _ALTERNATIVES:
        if named in given and other not in given:
            merged.pop(other, None)
    merged.update(given)
    lengths = ("prompt_tokens", "output_tokens")
    if (
        "context" not in given
        and any(k in given for k in lengths)
        and all(isinstance(previous.get(k), int) for k in (*lengths, "context"))
        and previous["context"] == previous["prompt_tokens"] + previous["output_tokens"]
        and all(isinstance(merged.get(k), int) for k in lengths)
    ):
        merged["context"] = merged["prompt_tokens"] + merged["output_tokens"]
    return merged
