"""The HTTP face of GPU Advisor: REST, OpenAI-compatible, MCP, health, metrics and the UI.

`create_app()` builds the one FastAPI application `advisor serve` runs.
"""

from advisor.api.app import create_app

__all__ = ["create_app"]
