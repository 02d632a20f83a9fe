"""Recommend a deployment from a goal: a pure package beside the engine (no I/O)."""

from advisor.recommend.report import Recommendation
from advisor.recommend.request import Owned, RecommendRequest, parse_owned
from advisor.recommend.search import recommend

__all__ = ["Owned", "RecommendRequest", "Recommendation", "parse_owned", "recommend"]
