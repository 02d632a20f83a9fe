"""Which currency an English answer shows beside dollars.

The answers are written with roubles beside every dollar sum (the catalog's prices convert
at its rate). A Russian answer keeps them; an English one keeps them only for a customer who
counts in roubles (a budget, a bill or a quote in roubles, or roubles named), and is otherwise
in dollars alone: "$285,000 (24,225,000 RUB)" is noise to a buyer who never said roubles.
Euros, shown for a customer who counts in euros, are never removed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from advisor.agent.offline.reader import Reading

_ROUBLES_SAID = re.compile(r"руб|₽|\brub\b|roubles?|rubles?|\brur\b", re.IGNORECASE)
# Goal fields that mean the customer counts in roubles.
_ROUBLE_FIELDS = ("budget_rub", "api_bill_rub")
# " (24,225,000 RUB)" beside a dollar sum, as the English templates write it.
_BESIDE_DOLLARS = re.compile(r" \((?:about )?[\d,]+(?:\.\d+)? RUB\)")
# The assumption that names the rate: its prices' date stays.
_RATE = re.compile(r"Roubles at [\d.]+ RUB per USD \(prices as of ([^)]+)\)")


def counts_in_roubles(question: str, reading: Reading, goal: Mapping[str, Any] | None) -> bool:
    """Whether the customer counts in roubles: said so now, or earlier in the goal."""
    said = reading.said
    money = (said.budget, said.api_bill, said.quote)
    if any(m is not None and m.currency == "RUB" for m in money):
        return True
    if _ROUBLES_SAID.search(question):
        return True
    goal = goal or {}
    return goal.get("display_currency") == "rub" or any(
        goal.get(field) is not None for field in _ROUBLE_FIELDS
    )


def in_dollars(answer: str) -> str:
    """An English answer with the roubles beside its dollar sums left out."""
    text = _BESIDE_DOLLARS.sub("", answer)
    return _RATE.sub(lambda found: f"Prices as of {found.group(1)}", text)
