"""Recommend a deployment from a goal over HTTP (`advisor recommend --json`)."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from advisor.api.deps import CatalogDep
from advisor.api.errors import ERROR_RESPONSES
from advisor.recommend import Recommendation, RecommendRequest
from advisor.services.recommendation import recommend_deployment

router = APIRouter(prefix="/v1", tags=["recommend"], responses=ERROR_RESPONSES)


@router.post("/recommend", response_model=Recommendation, summary="Recommend from a goal")
def post_recommend(request: RecommendRequest, catalog: CatalogDep) -> JSONResponse:
    """The body is the `advisor recommend` flags with underscores (every field optional;
    `owned` as {"gpu", "count"} or "4x a100-40gb"); the answer is its JSON: the workload,
    named options with their costs, what is unmet, the assumptions and the sources.
    """
    return JSONResponse(recommend_deployment(request, catalog).model_dump(mode="json"))
