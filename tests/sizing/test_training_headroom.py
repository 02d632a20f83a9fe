"""A training run that fits on paper within a few per cent of the usable memory says so."""

from __future__ import annotations

from advisor.catalog.loader import load_catalog
from advisor.messages import M
from advisor.sizing import SizingRequest, size
from advisor.sizing.engine import TRAINING_FULL_SHARE


def test_a_run_near_the_usable_memory_warns_of_fragmentation() -> None:
    catalog = load_catalog()

    def run(context: int) -> tuple[float, set[M]]:
        report = size(
            SizingRequest(
                model="llama-3.1-8b", task="lora", gpu="rtx-4090", gpus=1, context=context
            ),
            catalog,
        )
        assert report.fits
        share = report.memory.per_gpu_gb / report.memory.usable_per_gpu_gb
        return share, {w.code for w in report.warnings_i18n}

    tight, warned = run(3584)
    roomy, quiet = run(2048)
    assert tight > TRAINING_FULL_SHARE and M.TRAINING_NEAR_FULL in warned
    assert roomy < TRAINING_FULL_SHARE and M.TRAINING_NEAR_FULL not in quiet
