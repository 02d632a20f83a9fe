"""The Gradio UI at `/`: customer chat with a sizing card, and a staff mode behind a key.

`AdvisorUi` holds the handlers (plain methods, testable without a browser); `build_ui`
lays out the components; `mount_ui` puts the UI on the FastAPI app. Answers, feedback
and metrics go through the same `AdvisorGateway` as `/v1/ask` and `/v1/feedback`.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal, Protocol

from sqlalchemy.exc import SQLAlchemyError

from advisor.errors import InputError
from advisor.messages import M, Note, both, render
from advisor.recommend import RecommendRequest
from advisor.services.protocol import MAX_QUESTION_CHARS, AskApiResponse, AskRequest
from advisor.services.recommendation import lead_option, recommend_deployment
from advisor.services.sizing import compare_gpus, size_deployment
from advisor.services.specification import specification_markdown, specification_pdf
from advisor.storage.records import UnknownMessageError
from ui.cards import CARD_CSS, empty_card, sizing_card
from ui.recommendation_card import (
    MAX_FOLLOW_UPS,
    RECOMMENDATION_CSS,
    follow_ups,
    recommendation_card,
)
from ui.report_markdown import report_markdown
from ui.staff_form import FormField, form_fields, form_values, is_text_number, request_from_form

if TYPE_CHECKING:
    import gradio as gr
    from fastapi import FastAPI

    from advisor.catalog.loader import Catalog
    from advisor.recommend.report import Option, Recommendation
    from advisor.security.keys import StaffKeys
    from advisor.services.asking import AdvisorGateway

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

EXAMPLES: tuple[str, ...] = (
    "Мы хотим внутренний чат-бот по документам для 200 сотрудников. Какой сервер нужен?",
    "We have a server with 4x A100 40GB. What is the largest model we can serve to 30 people?",
    "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?",
    "Хватит ли одной RTX 4090 для QLoRA дообучения Qwen2.5 7B?",
    "How many H100s do I need to serve Qwen2.5 32B to 50 users with 8k context?",
    "Which GPU is cheapest for Mistral 7B inference in fp8?",
)

Session = dict[str, Any]
ChatHistory = list[dict[str, Any]]


STORAGE_DOWN_NOTE = both(M.UI_STORAGE_DOWN)


class UiServices(Protocol):
    """What the UI needs from the app: the ask gateway, the catalog, the staff keys."""

    @property
    def gateway(self) -> AdvisorGateway: ...
    @property
    def catalog(self) -> Catalog: ...
    @property
    def staff_keys(self) -> StaffKeys: ...


def _staff_notes(title: M, notes: list[Note], code: bool = False) -> list[str]:
    """A section of the staff view: each note in Russian, then in English."""
    lines = [f"### {both(title)}"]
    for item in notes:
        russian, english = render(item, "ru"), render(item, "en")
        lines.append(f"- `{russian}`  \n  `{english}`" if code else f"- {russian}  \n  *{english}*")
    return [*lines, ""]


def new_session() -> Session:
    return {"conversation_id": None, "message_ids": {}, "last": None}


class AdvisorUi:
    def __init__(self, state: UiServices) -> None:
        self.state = state
        self.fields: list[FormField] = form_fields()
        self.goal_fields: list[FormField] = form_fields(RecommendRequest)

    # ---- customer chat -------------------------------------------------------------

    def respond(
        self, question: str, history: ChatHistory | None, session: Session | None
    ) -> Iterator[tuple[ChatHistory, str, str, Session, str]]:
        """Streams (history, textbox, card, session, feedback note) as the answer grows."""
        history = list(history or [])
        session = dict(session or new_session())
        question = (question or "").strip()
        card = self._card_of(session)
        if not question:
            yield history, "", card, session, ""
            return
        try:
            request = AskRequest(question=question, conversation_id=session["conversation_id"])
        except ValueError:
            note = both(M.UI_QUESTION_TOO_LONG, limit=MAX_QUESTION_CHARS)
            yield history, question, card, session, note
            return
        history.append({"role": "user", "content": question})
        history.append({"role": "assistant", "content": "…"})
        yield history, "", card, session, ""
        text = ""
        try:
            for item in self.state.gateway.ask_stream(request):
                if isinstance(item, AskApiResponse):
                    history = history[:-1] + self._final_messages(item)
                    session["conversation_id"] = item.conversation_id
                    session["message_ids"][str(len(history) - 1)] = item.message_id
                    session["last"] = {
                        "message_id": item.message_id,
                        "request": item.request.model_dump(mode="json") if item.request else None,
                        "sizing": item.sizing,
                        "recommendation": item.recommendation,
                        "make_it_fit": item.make_it_fit,
                        "language": item.language,
                    }
                    yield history, "", self._card_of(session), session, ""
                    return
                text += item
                history[-1] = {"role": "assistant", "content": text}
                yield history, "", card, session, ""
        except InputError as exc:
            note = str(exc)
            if exc.field == "conversation_id":  # full: the next question starts a new one
                session["conversation_id"] = None
                note = both(M.UI_CONVERSATION_FULL)
            yield history[:-2], question, card, session, note
        except SQLAlchemyError:
            yield history[:-2], question, card, session, STORAGE_DOWN_NOTE

    @staticmethod
    def _final_messages(answer: AskApiResponse) -> ChatHistory:
        """Collapsed tool steps, then the answer (which cites its sources)."""
        messages: ChatHistory = []
        for step in answer.steps:
            arguments = json.dumps(step.arguments, ensure_ascii=False, indent=1)
            messages.append(
                {
                    "role": "assistant",
                    "content": f"{step.summary}\n\n```json\n{arguments}\n```",
                    "metadata": {"title": f"🔧 {step.name}", "status": "done"},
                }
            )
        messages.append({"role": "assistant", "content": answer.answer})
        return messages

    def _card_of(self, session: Session) -> str:
        last = session.get("last")
        lang: Literal["ru", "en"] = "en" if (last or {}).get("language") == "en" else "ru"
        if last and last.get("recommendation") is not None:
            card = recommendation_card(last["recommendation"], lang)
            return f'<div class="answer-card" data-message-id="{last["message_id"]}">{card}</div>'
        if not last or not last.get("sizing"):
            return empty_card()
        comparison = None
        if last.get("request"):
            try:
                comparison = compare_gpus(last["request"], self.state.catalog)
            except InputError:
                comparison = None
        card = sizing_card(last["sizing"], comparison, lang)
        return f'<div class="answer-card" data-message-id="{last["message_id"]}">{card}</div>'

    def extras(self, session: Session | None) -> list[Any]:
        """After an answer: the follow-up buttons (make-it-fit changes, "cheaper?") and the
        specification downloads of the option the answer led with."""
        import gradio as gr

        last = (session or {}).get("last") or {}
        lang: Literal["ru", "en"] = "en" if last.get("language") == "en" else "ru"
        result = last.get("recommendation")
        changes = list(last.get("make_it_fit") or [])
        if result is not None:
            changes += result.make_it_fit
        questions = follow_ups(changes, result, lang)
        buttons = [
            gr.update(value=questions[i], visible=True)
            if i < len(questions)
            else gr.update(value="", visible=False)
            for i in range(MAX_FOLLOW_UPS)
        ]
        lead = lead_option(result) if result is not None else None
        if result is None or lead is None:
            hidden = gr.update(value=None, visible=False)
            return [*buttons, hidden, hidden]
        stem = self._write_specification(lead, result, lang)
        return [
            *buttons,
            gr.update(value=f"{stem}.md", visible=True),
            gr.update(value=f"{stem}.pdf", visible=True),
        ]

    def _write_specification(
        self, lead: Option, result: Recommendation, lang: Literal["ru", "en"]
    ) -> str:
        """The option's specification as .md and .pdf files for a download button: the
        path without its suffix."""
        markdown = specification_markdown(lead, result, self.state.catalog, lang)
        folder = tempfile.mkdtemp(prefix="advisor-spec-")
        stem = os.path.join(folder, f"gpu-server-{lead.gpu.id}-{lead.gpu.count * lead.replicas}")
        with open(f"{stem}.md", "w", encoding="utf-8") as handle:
            handle.write(markdown)
        with open(f"{stem}.pdf", "wb") as handle:
            handle.write(specification_pdf(markdown))
        return stem

    # ---- feedback ------------------------------------------------------------------

    def rate_last(
        self, rating: Literal["up", "down"], comment: str, session: Session | None
    ) -> str:
        last = (session or {}).get("last")
        if not last:
            return both(M.UI_ASK_FIRST)
        return self._rate(last["message_id"], rating, comment)

    def rate_message(self, index: Any, liked: Any, session: Session | None) -> str:
        """The chatbot's own thumbs on one message."""
        key = str(index[0] if isinstance(index, list | tuple) else index)
        message_id = (session or {}).get("message_ids", {}).get(key)
        if message_id is None:
            return both(M.UI_RATE_ADVISOR_ONLY)
        return self._rate(message_id, "up" if liked is True else "down", "")

    def _rate(self, message_id: str, rating: Literal["up", "down"], comment: str) -> str:
        try:
            self.state.gateway.feedback(message_id, rating, comment.strip() or None)
        except UnknownMessageError:
            return both(M.UI_ANSWER_NOT_FOUND)
        except SQLAlchemyError:
            return STORAGE_DOWN_NOTE
        thanks = "👍" if rating == "up" else "👎"
        return f"{thanks} {both(M.UI_FEEDBACK_SAVED)}"

    # ---- staff mode ----------------------------------------------------------------

    def unlock(self, key: str) -> tuple[bool, str]:
        if not self.state.staff_keys.configured:
            return False, both(M.UI_STAFF_OFF)
        if self.state.staff_keys.verify(key):
            return True, "✅ " + both(M.UI_STAFF_ON)
        return False, "❌ " + both(M.UI_WRONG_KEY)

    def rerun(self, staff_ok: bool, *values: Any) -> tuple[str, str, str, str | None]:
        """(card, assumptions, Markdown report, path of the .md file) from the form."""
        if not staff_ok:
            return empty_card(), both(M.UI_STAFF_KEY_REQUIRED), "", None
        try:
            arguments = request_from_form(self.fields, list(values))
            outcome = size_deployment(arguments, self.state.catalog)
            comparison = compare_gpus(arguments, self.state.catalog)
        except InputError as exc:
            return empty_card(), _field_error(exc), "", None
        report = outcome.report
        notes = _staff_notes(M.UI_ASSUMPTIONS, report.assumptions_i18n)
        notes += _staff_notes(M.UI_FORMULAS, report.formulas_i18n, code=True)
        if report.warnings_i18n:
            notes += _staff_notes(M.UI_WARNINGS, report.warnings_i18n)
        markdown = report_markdown(outcome.request, report)
        with tempfile.NamedTemporaryFile(
            "w", suffix=".md", prefix=f"sizing-{report.model}-", delete=False, encoding="utf-8"
        ) as handle:
            handle.write(markdown)
        return sizing_card(report, comparison, "ru"), "\n".join(notes), markdown, handle.name

    def last_request_values(self, staff_ok: bool, session: Session | None) -> list[Any]:
        last = (session or {}).get("last") or {}
        request = last.get("request") if staff_ok else None
        return form_values(self.fields, request)

    def rerun_goal(self, staff_ok: bool, *values: Any) -> tuple[str, str, list[str] | None]:
        """(recommendation card, assumptions and unmet constraints in both languages, the
        lead option's specification as .md and .pdf) from the goal form: staff correct an assumption
        (the share of staff at once, tokens per request, a latency target) and see what
        changes."""
        if not staff_ok:
            return empty_card(), both(M.UI_STAFF_KEY_REQUIRED), None
        try:
            goal = request_from_form(self.goal_fields, list(values))
            result = recommend_deployment(goal, self.state.catalog)
        except InputError as exc:
            return empty_card(), _field_error(exc), None
        notes = _staff_notes(M.UI_ASSUMPTIONS, result.assumptions_i18n)
        if result.unmet_i18n:
            notes += _staff_notes(M.UI_UNMET, result.unmet_i18n)
        lead = lead_option(result)
        stem = None if lead is None else self._write_specification(lead, result, "ru")
        spec = None if stem is None else [f"{stem}.md", f"{stem}.pdf"]
        return recommendation_card(result, "ru"), "\n".join(notes), spec

    def last_goal_values(self, staff_ok: bool, session: Session | None) -> list[Any]:
        last = (session or {}).get("last") or {}
        result = last.get("recommendation") if staff_ok else None
        return form_values(self.goal_fields, result.goal if result is not None else None)


def _field_error(exc: InputError) -> str:
    """A staff form's refusal: the field to fix in bold, then why and what it accepts."""
    allowed = f" (allowed: {', '.join(exc.allowed)})" if exc.allowed else ""
    return f"**{exc.field}**: {exc}{allowed}"


def _field_component(field: FormField) -> gr.components.Component:
    import gradio as gr

    if field.kind == "choice":
        choices = list(field.choices)
        return gr.Dropdown(
            choices, value=field.default, label=field.label, allow_custom_value=False
        )
    if field.kind == "multi":
        return gr.CheckboxGroup(list(field.choices), value=field.default, label=field.label)
    if field.kind == "bool":
        return gr.Checkbox(value=bool(field.default), label=field.label)
    if is_text_number(field):
        return gr.Textbox(
            value="",
            label=field.label,
            max_lines=1,
            placeholder=both(M.UI_EMPTY_DEFAULT),
        )
    if field.kind in ("int", "float"):
        precision = 0 if field.kind == "int" else None
        return gr.Number(value=field.default, label=field.label, precision=precision)
    return gr.Textbox(value=field.default or "", label=field.label, max_lines=1)


def build_ui(state: UiServices) -> gr.Blocks:
    import gradio as gr

    ui = AdvisorUi(state)
    blocks = gr.Blocks(title="GPU Advisor", analytics_enabled=False)
    with blocks:
        session = gr.State(new_session())
        staff_ok = gr.State(False)
        gr.Markdown("# GPU Advisor\n" + both(M.UI_TITLE, separator="  \n"))
        with gr.Tab(both(M.UI_TAB_CHAT)), gr.Row():
            with gr.Column(scale=3):
                chatbot = gr.Chatbot(
                    label=both(M.UI_ADVISOR),
                    height=520,
                    elem_id="advisor-chat",
                    placeholder=both(M.UI_CHAT_PLACEHOLDER),
                )
                with gr.Row():
                    question = gr.Textbox(
                        label=both(M.UI_QUESTION),
                        placeholder=both(M.UI_QUESTION_PLACEHOLDER),
                        elem_id="question",
                        scale=5,
                        max_lines=6,
                    )
                    send = gr.Button(both(M.UI_SEND), variant="primary", elem_id="send", scale=1)
                gr.Examples(
                    examples=[[q] for q in EXAMPLES],
                    inputs=[question],
                    label=both(M.UI_EXAMPLES),
                )
            with gr.Column(scale=2):
                card = gr.HTML(empty_card(), elem_id="sizing-card")
                with gr.Row():
                    like = gr.Button("👍 " + both(M.UI_HELPFUL), elem_id="like", size="sm")
                    dislike = gr.Button(
                        "👎 " + both(M.UI_NOT_HELPFUL), elem_id="dislike", size="sm"
                    )
                with gr.Row():
                    follow = [
                        gr.Button(visible=False, size="sm", elem_classes=["follow-up"])
                        for _ in range(MAX_FOLLOW_UPS)
                    ]
                with gr.Row():
                    spec_md = gr.DownloadButton(
                        both(M.UI_SPEC_MD), visible=False, size="sm", elem_id="spec-md"
                    )
                    spec_pdf = gr.DownloadButton(
                        both(M.UI_SPEC_PDF), visible=False, size="sm", elem_id="spec-pdf"
                    )
                comment = gr.Textbox(label=both(M.UI_FEEDBACK_COMMENT), max_lines=2)
                feedback_note = gr.Markdown(elem_id="feedback-note")
        with gr.Tab(both(M.UI_TAB_STAFF)):
            with gr.Row():
                key = gr.Textbox(label=both(M.UI_STAFF_KEY), type="password", scale=4)
                unlock = gr.Button(both(M.UI_UNLOCK), scale=1)
            staff_note = gr.Markdown()
            with gr.Group(visible=False) as staff_panel:
                load_last = gr.Button(both(M.UI_LOAD_LAST))
                with gr.Accordion(both(M.UI_ENGINE_PARAMETERS), open=True):
                    inputs = [_field_component(field) for field in ui.fields]
                run = gr.Button(both(M.UI_RUN_ENGINE), variant="primary")
                staff_card = gr.HTML()
                assumptions = gr.Markdown()
                markdown = gr.Code(label=both(M.UI_MARKDOWN_REPORT), language="markdown")
                download = gr.File(label=both(M.UI_DOWNLOAD_MD))
                gr.Markdown("### " + both(M.UI_GOAL_SECTION))
                load_goal = gr.Button(both(M.UI_LOAD_LAST_GOAL), elem_id="staff-load-goal")
                with gr.Accordion(both(M.UI_GOAL_PARAMETERS), open=True):
                    goal_inputs = [_field_component(field) for field in ui.goal_fields]
                recommend = gr.Button(
                    both(M.UI_RUN_RECOMMEND), variant="primary", elem_id="staff-recommend"
                )
                goal_card = gr.HTML(elem_id="staff-goal-card")
                goal_notes = gr.Markdown()
                goal_spec = gr.File(label=both(M.UI_SPEC_FILES), file_count="multiple")

        chat_outputs = [chatbot, question, card, session, feedback_note]
        extras = [*follow, spec_md, spec_pdf]
        for trigger in (send.click, question.submit):
            trigger(ui.respond, [question, chatbot, session], chat_outputs).then(
                ui.extras, [session], extras
            )
        for button in follow:
            button.click(ui.respond, [button, chatbot, session], chat_outputs).then(
                ui.extras, [session], extras
            )
        like.click(lambda c, s: ui.rate_last("up", c, s), [comment, session], [feedback_note])
        dislike.click(lambda c, s: ui.rate_last("down", c, s), [comment, session], [feedback_note])

        def on_like(data: gr.LikeData, current: Session) -> str:
            return ui.rate_message(data.index, data.liked, current)

        # Gradio injects LikeData by the annotation's class; postponed annotations are strings.
        on_like.__annotations__["data"] = gr.LikeData
        chatbot.like(on_like, [session], [feedback_note])

        def on_unlock(secret: str) -> tuple[bool, dict[str, Any], str, str]:
            ok, note = ui.unlock(secret)
            return ok, gr.update(visible=ok), note, ""

        unlock.click(on_unlock, [key], [staff_ok, staff_panel, staff_note, key])
        load_last.click(ui.last_request_values, [staff_ok, session], inputs)
        run.click(ui.rerun, [staff_ok, *inputs], [staff_card, assumptions, markdown, download])
        load_goal.click(ui.last_goal_values, [staff_ok, session], goal_inputs)
        recommend.click(ui.rerun_goal, [staff_ok, *goal_inputs], [goal_card, goal_notes, goal_spec])
    return blocks


def mount_ui(app: FastAPI, state: UiServices) -> None:
    import gradio as gr

    css = CARD_CSS + RECOMMENDATION_CSS
    gr.mount_gradio_app(app, build_ui(state), path="/", css=css, ssr_mode=False)
