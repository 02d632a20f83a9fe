"""Questions to the advisor and feedback on its answers."""

from __future__ import annotations

from fastapi import APIRouter

from advisor.api.deps import AdmissionDep, GatewayDep
from advisor.api.errors import STORING_RESPONSES, ApiError
from advisor.services.protocol import (
    AskApiResponse,
    AskRequest,
    FeedbackRequest,
    FeedbackResponse,
)
from advisor.storage.records import UnknownMessageError

router = APIRouter(prefix="/v1", tags=["ask"], responses=STORING_RESPONSES)


@router.post("/ask", response_model=AskApiResponse, summary="Ask the advisor")
async def post_ask(
    request: AskRequest, gateway: GatewayDep, admission: AdmissionDep
) -> AskApiResponse:
    """The `advisor ask --json` object plus the `message_id` to rate it with."""
    return await admission.run(gateway.ask, request)


@router.post("/feedback", response_model=FeedbackResponse, summary="Rate an answer")
def post_feedback(feedback: FeedbackRequest, gateway: GatewayDep) -> FeedbackResponse:
    """Rate an answer by the `message_id` that /v1/ask returned. Rating it again replaces
    the earlier rating and comment; an unknown id is a 404."""
    try:
        return gateway.feedback(feedback.message_id, feedback.rating, feedback.comment)
    except UnknownMessageError as exc:
        raise ApiError(404, "unknown_message", str(exc), field="message_id") from None


@router.get(
    "/feedback/{message_id}", response_model=FeedbackResponse, summary="Feedback on an answer"
)
def get_feedback(message_id: str, gateway: GatewayDep) -> FeedbackResponse:
    """The rating stored for an answer: 404 `unknown_message` for an id that was never
    given out, 404 `no_feedback` while the answer is unrated."""
    if gateway.store.get_message(message_id) is None:
        raise ApiError(
            404, "unknown_message", f"unknown message_id {message_id!r}", field="message_id"
        )
    stored = gateway.store.get_feedback(message_id)
    if stored is None:
        raise ApiError(404, "no_feedback", f"no feedback on {message_id!r} yet", field="message_id")
    return FeedbackResponse(
        message_id=stored.message_id,
        rating=stored.rating,
        comment=stored.comment,
        created_at=stored.created_at,
    )
