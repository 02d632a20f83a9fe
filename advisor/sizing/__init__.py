"""The deterministic sizing engine: pure functions over typed models, no I/O."""

from advisor.sizing.engine import compare, size
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest

__all__ = ["Comparison", "SizingReport", "SizingRequest", "compare", "size"]
