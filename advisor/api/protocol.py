"""Response models only the HTTP surfaces have: catalogs, tools, health.

The ask and feedback shapes are the service layer's (`advisor.services.protocol`).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, Field

from advisor.catalog.schema import Gpu, Model

ADVISOR_MODEL_ID = "gpu-advisor"


class OpenAIModel(BaseModel):
    """An entry of OpenAI's model list: the chat model this server answers as, not a
    catalog model."""

    id: str
    object: Literal["model"] = "model"
    created: int = 0
    owned_by: str = ADVISOR_MODEL_ID


class ModelList(BaseModel):
    """Both readers of GET /v1/models in one body.

    OpenAI clients read `data`: the one chat model this server answers as (`gpu-advisor`).
    Sizing clients read `models`: the catalog records the engine can size.
    """

    object: Literal["list"] = "list"
    data: list[OpenAIModel]
    models: list[Model] = Field(description="the model catalog, as `advisor models --json`")


class GpuList(BaseModel):
    object: Literal["list"] = "list"
    data: list[Gpu] = Field(description="the GPU catalog, as `advisor gpus --json`")


class ToolList(BaseModel):
    object: Literal["list"] = "list"
    data: list[dict[str, Any]] = Field(description="OpenAI tool objects with strict schemas")


class LlmHealth(BaseModel):
    url: str | None
    reachable: bool | None = Field(description="null in offline mode (no LLM configured)")
    checked_at: float | None = None
    error: str | None = None
    circuit: Literal["closed", "open", "half_open"] = Field(
        default="closed",
        description="open: the LLM failed repeatedly and answers come from the fallback",
    )
    consecutive_failures: int = Field(default=0, description="LLM turns failed in a row")
    last_failure: str | None = Field(default=None, description="reason of the latest failure")


class HealthResponse(BaseModel):
    status: Literal["ok", "degraded"]
    mode: Literal["offline", "llm"]
    llm: LlmHealth
    knowledge_base: Literal["not_loaded", "loading", "ready", "failed"]
    database: Literal["ok", "unavailable"] = Field(
        description="unavailable: answers cannot be stored, so /v1/ask answers 503"
    )
    database_error: str | None = Field(default=None, description="the driver's error class")
    version: str
