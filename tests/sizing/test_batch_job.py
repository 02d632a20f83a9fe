"""A batch job (batch_items): how long N requests take with the engine kept full, and what
the job costs three ways (its electricity, its GPU-hours rented, the same requests through an
API). The figures come from the engine's own load model; these tests hold them to it."""

from __future__ import annotations

import math

import pytest
from pydantic import ValidationError

from advisor.catalog import load_catalog
from advisor.services.sizing import size_deployment, sizing_cost
from advisor.sizing import SizingRequest, size
from advisor.sizing.engine import LOAD_LEVELS, batch_job_of, fit, resolve

CATALOG = load_catalog()
BASE: dict[str, object] = {
    "model": "llama-3.1-8b",
    "gpu": "h100-sxm",
    "context": 600,
    "output_tokens": 300,
}


def test_the_job_runs_at_the_busiest_level_the_slots_hold() -> None:
    """Hours = items / (output tokens/s / output per request), at a concurrency no larger
    than the KV cache holds at the requests' average length, and no slower than any lighter
    load level."""
    report = size(SizingRequest(**BASE, batch_items=2_000_000), CATALOG)
    job = report.batch_job
    assert job is not None and job.items == 2_000_000
    assert (job.prompt_tokens, job.output_tokens) == (300, 300)
    assert job.requests_per_s == pytest.approx(job.aggregate_tokens_per_s / 300, rel=1e-3)
    assert job.hours == pytest.approx(2_000_000 / job.requests_per_s / 3600, rel=1e-3)
    assert job.gpu_hours == pytest.approx(job.hours * report.gpu.count, rel=1e-3)
    # a running request holds its prompt and half its output on average (as vLLM's blocks)
    assert job.concurrency <= report.memory.kv_cache_total_tokens / (300 + 300 / 2)
    lighter = [lv for lv in report.performance.load_curve if lv.concurrency <= job.concurrency]
    assert all(lv.aggregate_tokens_per_s <= job.aggregate_tokens_per_s for lv in lighter)
    assert any("Batch job: 2,000,000 requests" in f for f in report.formulas)


def test_twice_the_items_take_twice_as_long_and_a_small_job_is_one_wave() -> None:
    one = size(SizingRequest(**BASE, batch_items=100_000), CATALOG).batch_job
    two = size(SizingRequest(**BASE, batch_items=200_000), CATALOG).batch_job
    assert one is not None and two is not None
    assert two.hours == pytest.approx(2 * one.hours, rel=1e-3)
    small = size(SizingRequest(**BASE, batch_items=5), CATALOG).batch_job
    assert small is not None and small.concurrency <= 5 and small.concurrency in {*LOAD_LEVELS, 5}


def test_a_longer_prompt_makes_the_job_slower_and_more_gpus_faster() -> None:
    short = size(SizingRequest(**BASE, batch_items=10_000), CATALOG).batch_job
    long_prompt = {**BASE, "context": 8300}
    long = size(SizingRequest(**long_prompt, batch_items=10_000), CATALOG).batch_job
    two = size(SizingRequest(**BASE, gpus=2, batch_items=10_000), CATALOG).batch_job
    assert short is not None and long is not None and two is not None
    assert long.hours > short.hours
    assert two.hours < short.hours


def test_no_job_without_items_or_a_fit_and_none_for_training() -> None:
    assert size(SizingRequest(**BASE), CATALOG).batch_job is None
    too_big = SizingRequest(model="llama-3.1-70b", gpu="rtx-4060-ti-16gb", gpus=1, batch_items=10)
    assert size(too_big, CATALOG).batch_job is None
    assert batch_job_of(fit(resolve(too_big, CATALOG))) is None
    with pytest.raises(ValidationError, match="batch_items needs task inference"):
        SizingRequest(model="llama-3.1-8b", task="lora", batch_items=1000)


def test_the_job_is_priced_as_power_rent_and_the_same_model_hosted() -> None:
    outcome = size_deployment({**BASE, "batch_items": 1_000_000}, CATALOG)
    job = outcome.report.batch_job
    cost = sizing_cost(outcome.report, CATALOG, owned=False)
    assert job is not None and cost is not None
    prices = CATALOG.prices
    rate = prices.cloud_usd_per_gpu_hour["h100-sxm"].usd
    assert cost.batch_rent_usd == pytest.approx(job.gpu_hours * rate, rel=1e-3)
    api = prices.api_for_model("llama-3.1-8b")  # the same model hosted, where one is priced
    assert api is not None
    expected = 1_000_000 * (300 * api.input_usd_per_m + 300 * api.output_usd_per_m) / 1e6
    assert cost.batch_api == api.name
    assert cost.batch_api_usd == pytest.approx(expected, rel=1e-3)
    running = prices.running
    assert cost.batch_power_usd is not None and cost.batch_power_usd > 0
    # the whole server's power for the job's hours: at least the GPU's own TDP's
    gpu_only = 0.7 * running.pue * job.hours * running.power_usd_per_kwh
    assert cost.batch_power_usd >= gpu_only * 0.99
    plain = sizing_cost(size_deployment(BASE, CATALOG).report, CATALOG, owned=False)
    assert plain is not None and plain.batch_power_usd is None and plain.batch_api is None


def test_the_job_fields_are_bounded() -> None:
    with pytest.raises(ValidationError):
        SizingRequest(**BASE, batch_items=0)
    with pytest.raises(ValidationError):
        SizingRequest(**BASE, batch_items=10**12)
    huge = size(SizingRequest(**BASE, batch_items=10**11), CATALOG).batch_job
    assert huge is not None and math.isfinite(huge.hours)
