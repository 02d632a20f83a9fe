"""Owning against an API bill: the saving a month and the payback, as pure arithmetic."""

from __future__ import annotations

import pytest

from advisor.catalog.loader import load_catalog
from advisor.recommend.costs import PAYBACK_HORIZON_MONTHS, against_bill, hardware


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


def test_a_tower_in_the_office_pays_no_data_centre_space() -> None:
    """Running costs: a workstation tower's month is power and upkeep; a rack server's adds
    the data-centre space the catalog prices per server."""
    from advisor.catalog.loader import load_catalog
    from advisor.recommend.costs import HOURS_PER_MONTH, chassis_for, facilities, hardware

    catalog = load_catalog()
    prices, running = catalog.prices, catalog.prices.running
    gpu = catalog.gpus["rtx-4090"]
    servers, tower = chassis_for(gpu, 1, prices)
    assert tower is not None and tower.rack_units is None and facilities(tower, prices) == 0
    box = hardware(gpu, 1, prices, owned=False)
    power = box.power_kw * running.pue * HOURS_PER_MONTH * running.power_usd_per_kwh
    upkeep = box.value_usd * running.maintenance_pct_per_year / 100 / 12
    assert box.monthly_usd == pytest.approx(power + upkeep)
    rack = next(c for c in prices.chassis if c.rack_units is not None)
    assert facilities(rack, prices) == running.facilities_usd_per_server_month


def test_a_gpu_sold_in_whole_servers_points_to_its_card_version() -> None:
    from advisor.catalog.loader import load_catalog
    from advisor.recommend.costs import card_sibling

    catalog = load_catalog()
    gpus, prices = catalog.gpus.values(), catalog.prices
    h100 = card_sibling(catalog.gpus["h100-sxm"], gpus, prices)
    assert h100 is not None and h100.id == "h100-pcie" and prices.gpus[h100.id].kind == "card"
    a100 = card_sibling(catalog.gpus["a100-80gb"], gpus, prices)
    assert a100 is not None and a100.id == "a100-80gb-pcie"
    assert card_sibling(catalog.gpus["rtx-4090"], gpus, prices) is None  # sold by the card


def test_owned_hgx_gpus_run_with_their_share_of_the_server() -> None:
    """QA round 33: two owned A100 SXM cost $1,084 a month to run against $948 for one, each
    carrying a full eight-GPU server's 4.6 kW; the owner's board draws per GPU."""
    catalog = load_catalog()
    gpu, prices = catalog.gpus["a100-80gb"], catalog.prices
    one, two, eight = (hardware(gpu, n, prices, owned=True) for n in (1, 2, 8))
    base = prices.hgx_server.base_w / 1000
    assert two.power_kw == pytest.approx(2 * (gpu.tdp_w / 1000 + base / 8))
    assert eight.power_kw == pytest.approx(8 * gpu.tdp_w / 1000 + base)
    assert one.monthly_usd < two.monthly_usd < eight.monthly_usd
    bought = hardware(gpu, 2, prices, owned=False)  # a bought server is whole
    assert bought.power_kw == pytest.approx(2 * gpu.tdp_w / 1000 + base)


def test_cards_powered_from_the_slot_go_into_a_general_server() -> None:
    """QA 49, T12: eight L4s (72 W each) were priced in two $30,000 4-GPU servers built for
    300-400 W cards; a general 2U server takes cards powered from the slot. An L40S (350 W)
    still needs the GPU server."""
    from advisor.recommend.costs import chassis_for, rack_only

    catalog = load_catalog()
    prices = rack_only(catalog.prices)
    servers, box = chassis_for(catalog.gpus["l4"], 8, prices)
    assert box is not None and box.max_gpu_tdp_w is not None
    assert catalog.gpus["l4"].tdp_w <= box.max_gpu_tdp_w
    assert servers == 2 and box.rack_units is not None
    _, big = chassis_for(catalog.gpus["l40s"], 8, prices)
    assert big is not None and big.max_gpu_tdp_w is None
