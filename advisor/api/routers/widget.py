"""The embeddable website widget: its script, the snippet to paste, and an example page."""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, PlainTextResponse, Response

from ui.widget import WIDGET_SCRIPT, widget_page, widget_snippet

router = APIRouter(tags=["widget"])


class JavaScriptResponse(Response):
    """So the OpenAPI document declares the script's real content type."""

    media_type = "application/javascript"


def _base_url(request: Request) -> str:
    return str(request.base_url).rstrip("/")


@router.get("/widget", response_class=HTMLResponse, summary="Example page with the widget")
def get_widget_page(request: Request) -> HTMLResponse:
    """An example company page with the widget on it and the snippet to copy, pointed at
    this server."""
    return HTMLResponse(widget_page(_base_url(request)))


@router.get(
    "/widget.js",
    response_class=JavaScriptResponse,
    summary="The widget script (floating chat bubble)",
)
def get_widget_script() -> JavaScriptResponse:
    """The script the snippet loads: a floating bubble that opens this server's chat UI in
    a frame on the first click. Browsers may cache it for an hour."""
    return JavaScriptResponse(WIDGET_SCRIPT, headers={"Cache-Control": "public, max-age=3600"})


@router.get("/widget/snippet", response_class=PlainTextResponse, summary="The HTML line to paste")
def get_widget_snippet(request: Request) -> PlainTextResponse:
    """The `<script>` line a website adds before `</body>`, pointed at this server's
    address as this request reached it."""
    return PlainTextResponse(widget_snippet(_base_url(request)))
