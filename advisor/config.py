"""Settings of the whole product, read from the environment (prefix ADVISOR_) or `.env`.

One class for every face and layer: the data directory, the LLM, the database and the
security of the HTTP face. Lists are comma-separated (`ADVISOR_CORS_ORIGINS=a,b`).
The top-level README carries the table of these settings; a test keeps it in step
with this class.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from advisor.catalog.loader import Catalog, load_catalog, with_prices
from advisor.errors import SettingsError
from advisor.security.cors import parse_origins
from advisor.security.ratelimit import MEMORY_STORAGE, RateLimit, check_storage_uri, parse_networks

__all__ = ["Settings", "SettingsError", "get_settings", "normalize_database_url"]

SQLITE_FILE_NAME = "advisor.db"
DATABASE_URL_PREFIXES = ("sqlite:", "postgresql:", "postgresql+psycopg:", "postgres:")
# Questions answered at once by default: offline, one in Python and one storing or
# embedding (more only share the GIL); with an LLM, as many as its server batches well.
OFFLINE_ASK_CONCURRENCY = 2
LLM_ASK_CONCURRENCY = 16


class Settings(BaseSettings):
    """Every setting, validated when read: a bad value stops the process at start, one
    line per variable (see `get_settings`), instead of failing on first use."""

    model_config = SettingsConfigDict(
        env_prefix="ADVISOR_", env_file=".env", env_ignore_empty=True, extra="ignore"
    )

    # ---- where things live ----------------------------------------------------------
    data_dir: Path = Field(
        default=Path(".data"), description="indexes, caches, the CPU vLLM build, the database"
    )

    # ---- the LLM ----------------------------------------------------------------------
    llm_url: str | None = Field(
        default=None, description="OpenAI-compatible base URL of the LLM (vLLM); unset = offline"
    )
    llm_model: str | None = Field(default=None, description="model name served at llm_url")
    llm_api_key: SecretStr = Field(default=SecretStr("EMPTY"))
    llm_timeout_s: float = Field(default=30.0, gt=0)
    llm_failure_threshold: int = Field(
        default=3, ge=1, description="LLM failures in a row that open the circuit"
    )
    llm_cool_down_s: float = Field(
        default=30.0, gt=0, description="seconds the open circuit answers offline before a trial"
    )

    # ---- the database -----------------------------------------------------------------
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

    # ---- the HTTP face ----------------------------------------------------------------
    staff_api_keys: SecretStr = Field(
        default=SecretStr(""),
        description="comma-separated keys for staff and bots (Authorization: Bearer KEY)",
    )
    rate_limit: Annotated[RateLimit, NoDecode] = Field(
        default=RateLimit(requests=30, period_s=60),
        description="per anonymous client, like 30/minute (second, minute, hour, day)",
    )
    rate_limit_storage: SecretStr = Field(
        default=SecretStr(MEMORY_STORAGE),
        description="where rate-limit counts live: memory:// (this process) or a Redis URL "
        "(redis://host:6379/0) that every replica shares",
    )
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="comma-separated proxy IPs/CIDRs whose X-Forwarded-For is believed",
    )
    cors_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="comma-separated origins allowed to call the API (the website widget)",
    )
    prices_file: Path | None = Field(
        default=None,
        description="YAML of prices.yaml's shape merged over the shipped prices (quotes)",
    )
    rub_per_usd: float | None = Field(
        default=None, gt=0, le=10_000, description="the rouble rate; unset = the catalog's"
    )
    max_body_bytes: int = Field(default=1_000_000, ge=1024, description="request body cap")
    host: str = Field(default="127.0.0.1", description="address `advisor serve` binds")
    port: int = Field(default=7860, ge=1, le=65535, description="port `advisor serve` listens on")
    max_conversation_messages: int = Field(
        default=200,
        ge=2,
        description="messages (questions + answers) one conversation may hold; then 422",
    )
    ask_concurrency: int | None = Field(
        default=None,
        ge=1,
        le=256,
        description="questions answered at once, the rest wait in arrival order; unset = "
        f"{OFFLINE_ASK_CONCURRENCY} offline (the reader is CPU-bound Python), "
        f"{LLM_ASK_CONCURRENCY} with an LLM (its server batches requests)",
    )

    @property
    def asks_at_once(self) -> int:
        """`ask_concurrency`, or the default for this mode."""
        if self.ask_concurrency is not None:
            return self.ask_concurrency
        return LLM_ASK_CONCURRENCY if self.llm_url else OFFLINE_ASK_CONCURRENCY

    @field_validator("database_url")
    @classmethod
    def _known_backend(cls, value: SecretStr | None) -> SecretStr | None:
        if value is not None and not value.get_secret_value().startswith(DATABASE_URL_PREFIXES):
            raise ValueError("must start with sqlite:, postgresql: or postgresql+psycopg:")
        return value

    @field_validator("rate_limit", mode="before")
    @classmethod
    def _parse_rate_limit(cls, value: object) -> object:
        return RateLimit.parse(value) if isinstance(value, str) else value

    @field_validator("rate_limit_storage")
    @classmethod
    def _known_storage(cls, value: SecretStr) -> SecretStr:
        check_storage_uri(value.get_secret_value())
        return value

    @field_validator("trusted_proxies", mode="before")
    @classmethod
    def _parse_proxies(cls, value: object) -> object:
        if isinstance(value, str):
            value = [part.strip() for part in value.split(",") if part.strip()]
        if isinstance(value, list):
            parse_networks(value)  # raises on a bad entry, naming it
        return value

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _parse_origins(cls, value: object) -> object:
        return parse_origins(value) if isinstance(value, str) else value

    def price_overrides(self) -> dict[str, Any]:
        """The operator's prices over the catalog's: the prices file, then the rouble rate."""
        overrides: dict[str, Any] = {}
        if self.prices_file is not None:
            try:
                data = yaml.safe_load(self.prices_file.read_text("utf-8"))
            except (OSError, UnicodeDecodeError, yaml.YAMLError) as exc:
                raise SettingsError(f"ADVISOR_PRICES_FILE: {_first_line(exc)}") from None
            if not isinstance(data, dict):
                raise SettingsError(
                    "ADVISOR_PRICES_FILE: expected a mapping shaped like prices.yaml"
                )
            overrides = data
        if self.rub_per_usd is not None:
            overrides = {
                **overrides,
                "rub_per_usd": {"value": self.rub_per_usd, "source": "ADVISOR_RUB_PER_USD"},
            }
        return overrides

    def resolved_database_url(self) -> str:
        """The URL to connect to; a secret, so never log it (it may hold a password)."""
        if self.database_url is None:
            return f"sqlite:///{(self.data_dir / SQLITE_FILE_NAME).resolve()}"
        return normalize_database_url(self.database_url.get_secret_value())


def configured_catalog(settings: Settings) -> Catalog:
    """The catalog with the operator's prices; SettingsError names a bad override."""
    try:
        return with_prices(load_catalog(), settings.price_overrides())
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"])
        raise SettingsError(f"ADVISOR_PRICES_FILE: prices.{where}: {first['msg']}") from None


def _first_line(exc: Exception) -> str:
    return (str(exc).splitlines() or [type(exc).__name__])[0]


def normalize_database_url(url: str) -> str:
    """`postgres://` and `postgresql://` mean psycopg 3, the only PostgreSQL driver we ship."""
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    """The process's settings; raises SettingsError (one line per bad variable)."""
    try:
        return Settings()
    except ValidationError as exc:
        prefix = Settings.model_config.get("env_prefix", "")
        problems = [
            f"{prefix}{'_'.join(str(part) for part in error['loc'])}".upper() + f": {error['msg']}"
            for error in exc.errors()
        ]
        raise SettingsError("invalid configuration: " + "; ".join(problems)) from None
