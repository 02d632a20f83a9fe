"""Errors every layer may raise and every face reports the same way; import-light on purpose
(the CLI imports this before it knows which command runs)."""


class SettingsError(ValueError):
    """A setting in the environment or `.env` that cannot be used; names each variable."""
