"""The engine over HTTP: size, compare, the catalogs and the tool definitions."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from advisor.api.deps import CatalogDep
from advisor.api.errors import ERROR_RESPONSES
from advisor.api.protocol import ADVISOR_MODEL_ID, GpuList, ModelList, OpenAIModel, ToolList
from advisor.services.registry import openai_tools
from advisor.services.sizing import compare_gpus, size_deployment
from advisor.sizing.report import Comparison, SizingReport
from advisor.sizing.request import SizingRequest

router = APIRouter(prefix="/v1", tags=["sizing"], responses=ERROR_RESPONSES)


@router.post("/size", response_model=SizingReport, summary="Size one deployment")
def post_size(request: SizingRequest, catalog: CatalogDep) -> JSONResponse:
    """The body is the `advisor size` flags with underscores; the answer is its JSON.

    The engine's report is already validated JSON: it is sent as is, not re-validated.
    """
    return JSONResponse(size_deployment(request, catalog).report.model_dump(mode="json"))


@router.post("/compare", response_model=Comparison, summary="The same need on every GPU")
def post_compare(request: SizingRequest, catalog: CatalogDep) -> JSONResponse:
    """The same body as /v1/size, sized on every catalog GPU, cheapest feasible first
    (`advisor compare --json`)."""
    return JSONResponse(compare_gpus(request, catalog).model_dump(mode="json"))


@router.get("/gpus", response_model=GpuList, summary="The GPU catalog")
def get_gpus(catalog: CatalogDep) -> GpuList:
    """Every GPU the engine can size: an `id` here is a value the `gpu` field accepts."""
    return GpuList(data=list(catalog.gpus.values()))


@router.get("/models", response_model=ModelList, summary="The model catalog (and the chat model)")
def get_models(catalog: CatalogDep) -> ModelList:
    """`data` lists the chat model for OpenAI clients; `models` is the sizing catalog."""
    return ModelList(
        data=[OpenAIModel(id=ADVISOR_MODEL_ID)],
        models=list(catalog.models.values()),
    )


@router.get("/tools", response_model=ToolList, summary="OpenAI tool objects (strict schemas)")
def get_tools() -> ToolList:
    """The advisor's tools as OpenAI tool objects: the same names, descriptions and
    arguments that MCP serves and the advisor's own LLM calls."""
    return ToolList(data=openai_tools())
