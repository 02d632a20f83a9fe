"""Where the database lives: `ADVISOR_DATABASE_URL`, or SQLite under the data directory.

Kept apart from `advisor.config.Settings` until the lead merges the fields there; the
names and the ADVISOR_ prefix are the same, so the environment does not change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

SQLITE_FILE_NAME = "advisor.db"


class StorageSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="ADVISOR_", env_file=".env", env_ignore_empty=True, extra="ignore"
    )

    data_dir: Path = Field(default=Path(".data"), description="holds advisor.db by default")
    database_url: SecretStr | None = Field(
        default=None,
        description="SQLAlchemy URL: sqlite:///path.db or postgresql+psycopg://user:pw@host/db;"
        " unset = SQLite at <data_dir>/advisor.db",
    )
    sqlite_synchronous: Literal["NORMAL", "FULL"] = Field(
        default="NORMAL",
        description="NORMAL survives a killed process; FULL also survives a power cut",
    )
    sqlite_busy_timeout_s: float = Field(default=30.0, gt=0, le=600)

    @field_validator("database_url")
    @classmethod
    def _known_backend(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(
            ("sqlite:", "postgresql:", "postgresql+psycopg:", "postgres:")
        ):
            raise ValueError("must start with sqlite:, postgresql: or postgresql+psycopg:")
        return value

    def resolved_url(self) -> str:
        """The URL to connect to; a secret, so never log it (it may hold a password)."""
        if self.database_url is None:
            return f"sqlite:///{(self.data_dir / SQLITE_FILE_NAME).resolve()}"
        return normalize_url(self.database_url.get_secret_value())


def normalize_url(url: str) -> str:
    """`postgres://` and `postgresql://` mean psycopg 3, the only PostgreSQL driver we ship."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url
