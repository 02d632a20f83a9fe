"""The `advisor` command line: thin adapters over the engine, knowledge base and agent."""
