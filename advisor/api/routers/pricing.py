"""The price of named GPUs over HTTP: what the MCP and LLM tool `price_hardware` return."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import JSONResponse

from advisor.api.deps import CatalogDep
from advisor.api.errors import ERROR_RESPONSES
from advisor.services.pricing import HardwarePrice, HardwarePriceArgs, price_hardware

router = APIRouter(prefix="/v1", tags=["pricing"], responses=ERROR_RESPONSES)


@router.post("/price", response_model=HardwarePrice, summary="Price GPUs before any model")
def post_price(request: HardwarePriceArgs, catalog: CatalogDep) -> JSONResponse:
    """The body names a catalog GPU and how many (`{"gpu": "h100-sxm", "count": 8}`); the
    answer is their purchase with the servers around them, running, 3-year total, renting,
    the card version where whole servers buy more, and the strongest model they serve.
    """
    return JSONResponse(price_hardware(request, catalog).model_dump(mode="json"))
