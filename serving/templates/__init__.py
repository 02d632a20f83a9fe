"""Chat templates served with vLLM (package data)."""
