"""Offline mode: a deterministic bilingual reader and templated answers, no LLM needed.

`run_offline_turn` answers one question with the same tools the LLM calls; it is the
embedded default and the fallback whenever the LLM fails.
"""

from __future__ import annotations

from advisor.agent.offline.reader import Reader, Reading
from advisor.agent.offline.turn import OfflineTurn, run_offline_turn

__all__ = ["OfflineTurn", "Reader", "Reading", "run_offline_turn"]
