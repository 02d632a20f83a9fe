"""Owning against an API bill: the saving a month and the payback, as pure arithmetic."""

from __future__ import annotations

import pytest

from advisor.recommend.costs import PAYBACK_HORIZON_MONTHS, against_bill


def test_capex_pays_back_from_the_monthly_saving() -> None:
    paid = against_bill(10_000, 500, 2_500, owned=False)
    assert paid.saving_usd_per_month == 2_000
    assert paid.break_even_months == pytest.approx(5.0)


def test_owned_gpus_pay_back_at_once_and_a_loss_never_does() -> None:
    assert against_bill(0, 500, 2_500, owned=True).break_even_months == 0.0
    losing = against_bill(10_000, 3_000, 2_500, owned=False)
    assert losing.saving_usd_per_month == -500 and losing.break_even_months is None


def test_a_payback_beyond_the_horizon_is_none() -> None:
    capex = (PAYBACK_HORIZON_MONTHS + 1) * 100
    assert against_bill(capex, 0, 100, owned=False).break_even_months is None
