"""Errors every layer may raise and every face reports the same way; import-light on purpose
(the CLI imports this before it knows which command runs)."""


class SettingsError(ValueError):
    """A setting in the environment or `.env` that cannot be used; names each variable."""


class InputError(ValueError):
    """Input that cannot be used, from any face: `field` names what to fix, `allowed` what
    it accepts. The engine, the services and the conversation raise it; the API answers
    422 naming the field, the CLI one line and exit 2, the LLM tools a short error."""

    def __init__(self, field: str, message: str, allowed: list[str] | None = None) -> None:
        self.field = field
        self.allowed = allowed or []
        super().__init__(message)

    def to_dict(self) -> dict[str, object]:
        return {"field": self.field, "message": str(self), "allowed": self.allowed}
