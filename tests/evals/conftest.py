"""Hooks for the eval suites."""

from __future__ import annotations

from collections.abc import Generator

import pytest


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(
    item: pytest.Item,
) -> Generator[None, pytest.TestReport, pytest.TestReport]:
    """Keeps the call phase's report on the item (`item.call_report`), so a fixture can
    tell in its teardown whether its test passed: the summary tables count by it."""
    report = yield
    if report.when == "call":
        item.call_report = report  # type: ignore[attr-defined]
    return report
