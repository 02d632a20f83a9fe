"""A conversation as Markdown: what support staff paste into a ticket or an e-mail."""

from __future__ import annotations

from datetime import datetime

from advisor.storage.views import ConversationExport, ExportedMessage, SizingView

_ROLE_TITLES = {"user": "User", "assistant": "Advisor"}


def render_markdown(conversation: ConversationExport) -> str:
    """Each message with its mode, fallback, sizing runs and feedback, then the staff
    reruns; users' text is quoted so it cannot restructure the document."""
    lines = [
        f"# Conversation {conversation.id}",
        "",
        f"Started {_when(conversation.created_at)}, {len(conversation.messages)} messages.",
    ]
    for message in conversation.messages:
        runs = [s for s in conversation.sizings if s.message_id == message.id]
        lines += ["", *_message_lines(message, runs)]
    reruns = [s for s in conversation.sizings if s.message_id is None]
    if reruns:
        lines += ["", "## Staff sizing runs", ""]
        lines += [f"- {_when(s.created_at)}: {_described(s)}" for s in reruns]
    return "\n".join(lines) + "\n"


def _message_lines(message: ExportedMessage, sizings: list[SizingView]) -> list[str]:
    details = [_when(message.created_at)]
    if message.mode:
        details.append(f"mode {message.mode}")
    if message.fallback_reason:
        details.append(f"fallback: {message.fallback_reason}")
    if message.guard_events:
        details.append(f"guard removed {message.guard_events}")
    if message.unanswered:
        details.append("unanswered")
    lines = [f"## {_ROLE_TITLES[message.role]} ({', '.join(details)})", ""]
    if message.role == "user":
        # Quoted, so a user's own headings or lists cannot restructure the document.
        lines += [f"> {line}" if line else ">" for line in message.content.splitlines()]
    else:
        lines.append(message.content)
    for sizing in sizings:
        lines += ["", f"Sizing run: {_described(sizing)}."]
    if message.feedback is not None:
        comment = f": {message.feedback.comment}" if message.feedback.comment else ""
        lines += ["", f"Feedback: {message.feedback.rating}{comment}"]
    return lines


def _described(sizing: SizingView) -> str:
    request = sizing.request
    parts = [f"{key} {request[key]}" for key in ("model", "gpu", "precision") if key in request]
    return ", ".join(parts) or "see the JSON export"


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")
