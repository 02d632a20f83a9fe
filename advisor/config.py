"""Settings of the whole product, read from the environment (prefix ADVISOR_) or `.env`."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="ADVISOR_", env_file=".env", env_ignore_empty=True, extra="ignore"
    )

    data_dir: Path = Field(
        default=Path(".data"), description="indexes, caches, the CPU vLLM build, the database"
    )
    llm_url: str | None = Field(
        default=None, description="OpenAI-compatible base URL of the LLM (vLLM); unset = offline"
    )
    llm_model: str | None = Field(default=None, description="model name served at llm_url")
    llm_api_key: SecretStr = Field(default=SecretStr("EMPTY"))
    llm_timeout_s: float = Field(default=30.0, gt=0)


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
