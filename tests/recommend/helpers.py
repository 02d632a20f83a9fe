"""Checks shared by the recommendation tests: an option re-sized by the engine."""

from __future__ import annotations

from advisor.catalog.loader import Catalog
from advisor.recommend.report import Option, Recommendation
from advisor.sizing.engine import size
from advisor.sizing.report import SizingReport
from advisor.sizing.request import SizingRequest

# Options that promise the targets; `closest` and `owned` may say they miss them.
SERVING_LABELS = {"start", "recommended", "scale", "quality", "pareto"}


def resize(option: Option, catalog: Catalog) -> SizingReport:
    """`advisor size` on the option's own fields."""
    return size(SizingRequest.model_validate(option.size_request), catalog)


def assert_option_holds(option: Option, result: Recommendation, catalog: Catalog) -> None:
    """Re-sized on its own fields the option fits, with the figures it reports; one that
    promises the targets meets them."""
    report = resize(option, catalog)
    assert report.fits, (option.label, option.model, option.gpu)
    assert report.model == option.model
    assert report.gpu.id == option.gpu.id
    assert report.gpu.count == option.gpu.count * option.replicas
    assert report.precision == option.precision
    if option.training_hours is not None:
        assert report.training is not None
        hours = option.training_hours
        assert abs(report.training.hours - hours) <= 0.01 + 0.01 * hours
        # `start` for a run is the cheapest that runs it at all, past the deadline if need be.
        promised = SERVING_LABELS - {"start"}
        if option.label in promised and result.workload.deadline_hours is not None:
            assert hours <= result.workload.deadline_hours
        return
    performance = report.performance
    assert performance.max_concurrent_users == option.max_concurrent_users
    assert abs(performance.per_user_tokens_per_s - option.per_user_tokens_per_s) <= 0.1
    if option.label in SERVING_LABELS:
        workload = result.workload
        assert option.meets_targets
        assert workload.tokens_per_s_per_user is not None and workload.ttft_p95_s is not None
        assert performance.per_user_tokens_per_s >= workload.tokens_per_s_per_user - 0.05
        assert performance.ttft_s <= workload.ttft_p95_s + 0.0005
        users = workload.pilot_users if option.label == "start" else workload.concurrency
        assert performance.max_concurrent_users >= users
