"""The service layer: what the product can do, once, for every face.

Sizing, comparison, knowledge search (and the recommendation as it lands) as plain
functions over typed models; one registry of tool definitions that `/v1/tools`, MCP, the
LLM agent and the CLI read; the ask gateway that stores and counts every answer. The
faces (CLI, REST, MCP, UI, the LLM's tools) are thin adapters over this package; the
conversation (`advisor.agent`) calls it like any other face.
"""
