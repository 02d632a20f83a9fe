"""Staff endpoints over the store: conversations, their export and the usage statistics.

`GET /v1/admin/conversations/{id}`, `.../export?format=json|markdown` and
`GET /v1/admin/stats`, all behind `require_staff` (401 without a key, 403 with a wrong
one). An unknown conversation is a 404 that names the id's field.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, HTTPException, Path, Query
from fastapi.responses import JSONResponse, PlainTextResponse, Response

from advisor.security.keys import StaffKeys, require_staff
from advisor.storage.records import UnknownConversationError
from advisor.storage.store import DatabaseStore
from advisor.storage.views import ConversationExport, ConversationView, StatsReport

ConversationId = Annotated[str, Path(min_length=1, max_length=100)]


def admin_router(
    store: DatabaseStore,
    keys: StaffKeys,
    *,
    responses: dict[int | str, dict[str, Any]] | None = None,
) -> APIRouter:
    """`responses` documents the error bodies the app answers with (401, 403, 404, 422)."""
    router = APIRouter(
        prefix="/v1/admin",
        tags=["staff"],
        dependencies=[Depends(require_staff(keys))],
        responses=responses or {},
    )

    @router.get("/conversations/{conversation_id}", response_model=ConversationView)
    def get_conversation(conversation_id: ConversationId) -> ConversationView:
        """Every message of one conversation with its feedback."""
        try:
            return store.conversation(conversation_id)
        except UnknownConversationError as error:
            raise _not_found(error) from None

    @router.get(
        "/conversations/{conversation_id}/export",
        response_model=ConversationExport,
        responses={200: {"content": {"text/markdown": {}}}},
    )
    def export_conversation(
        conversation_id: ConversationId,
        export_format: Annotated[Literal["json", "markdown"], Query(alias="format")] = "json",
    ) -> Response:
        """The whole conversation with modes, fallbacks and sizing runs, as a file."""
        try:
            if export_format == "markdown":
                return PlainTextResponse(
                    store.export_markdown(conversation_id),
                    media_type="text/markdown; charset=utf-8",
                    headers=_attachment(conversation_id, "md"),
                )
            return JSONResponse(
                store.export_json(conversation_id), headers=_attachment(conversation_id, "json")
            )
        except UnknownConversationError as error:
            raise _not_found(error) from None

    @router.get("/stats", response_model=StatsReport)
    def get_stats(
        since: Annotated[datetime | None, Query(description="ISO 8601; naive = UTC")] = None,
        top: Annotated[int, Query(ge=1, le=100)] = 10,
    ) -> StatsReport:
        """Volume, modes, fallbacks, guard events, feedback, top and unanswered questions."""
        return store.stats(since=since, top=top)

    return router


def _not_found(error: UnknownConversationError) -> HTTPException:
    return HTTPException(status_code=404, detail=f"conversation_id: {error}")


def _attachment(conversation_id: str, extension: str) -> dict[str, str]:
    safe = "".join(c if c.isalnum() or c in "-_." else "_" for c in conversation_id)
    return {"Content-Disposition": f'attachment; filename="conversation-{safe}.{extension}"'}
