"""Security settings, read from the environment (prefix ADVISOR_) like every other setting.

Kept apart from `advisor.config.Settings` until the lead merges the fields there; the
names and the prefix stay, so the environment does not change. Lists are comma-separated.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import Field, SecretStr, field_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from advisor.security.cors import parse_origins
from advisor.security.ratelimit import RateLimit, parse_networks


class SecuritySettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="ADVISOR_", env_file=".env", env_ignore_empty=True, extra="ignore"
    )

    staff_api_keys: SecretStr = Field(
        default=SecretStr(""),
        description="comma-separated keys for staff and bots (Authorization: Bearer KEY)",
    )
    rate_limit: Annotated[RateLimit, NoDecode] = Field(
        default=RateLimit(requests=30, period_s=60),
        description="per anonymous client, like 30/minute (second, minute, hour, day)",
    )
    trusted_proxies: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="comma-separated proxy IPs/CIDRs whose X-Forwarded-For is believed",
    )
    cors_origins: Annotated[list[str], NoDecode] = Field(
        default_factory=list,
        description="comma-separated origins allowed to call the API (the website widget)",
    )
    max_body_bytes: int = Field(default=1_000_000, ge=1024, description="request body cap")

    @field_validator("rate_limit", mode="before")
    @classmethod
    def _parse_rate_limit(cls, value: object) -> object:
        return RateLimit.parse(value) if isinstance(value, str) else value

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
