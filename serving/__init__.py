"""Serving the advisor's own LLM with vLLM (dogfooding the sizing engine's serving plan).

`serving.cpu` builds and runs a real vLLM server on this CPU for development and tests.
"""
