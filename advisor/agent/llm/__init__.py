"""The LLM half of the advisor: a tool-calling agent over vLLM, behind the number guard.

from advisor.agent.llm import run_llm_turn, LlmFailure, LlmTurn
"""

from __future__ import annotations

from advisor.agent.llm.turn import LlmFailure, LlmTurn, run_llm_turn
from advisor.services.protocol import FailureReason

__all__ = ["FailureReason", "LlmFailure", "LlmTurn", "run_llm_turn"]
