"""Staff to requests at once: the catalog's share at the percentile a staff of that size stays
within (binomial), exact for small teams and normal for large staffs."""

from __future__ import annotations

import math

import pytest

from advisor.catalog.loader import load_catalog
from advisor.sizing.workload import binomial_quantile, concurrent_from_headcount

WORKLOADS = load_catalog().workloads


def _exact(n: int, p: float, q: float) -> int:
    total = 0.0
    for k in range(n + 1):
        log = math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
        total += math.exp(log + k * math.log(p) + (n - k) * math.log(1 - p))
        if total >= q:
            return k
    return n


@pytest.mark.parametrize("n", [1, 2, 5, 12, 40, 200, 1000, 5000, 20000])
def test_the_quantile_is_the_binomials(n: int) -> None:
    """Exact where the sum is short; the normal approximation above it is within one."""
    exact = _exact(n, 0.1, 0.95)
    assert abs(binomial_quantile(n, 0.1, 0.95) - exact) <= (0 if n <= 5000 else 1)


def test_a_small_team_is_sized_above_its_average_and_a_large_staff_near_it() -> None:
    """5 staff at 10% average half a person at once but have two one peak moment in twelve;
    5,000 stay within 7% of their 500."""
    five, note = concurrent_from_headcount(5, WORKLOADS)
    assert five == 2 and note.params["mean"] == 0.5 and note.params["quantile"] == 95
    large, _ = concurrent_from_headcount(5000, WORKLOADS)
    assert 500 < large <= 535
    said, _ = concurrent_from_headcount(200, WORKLOADS, share=0.05)
    assert said == 10  # a share the customer gives is taken as it is
