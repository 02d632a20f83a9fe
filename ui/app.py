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
from advisor.services.protocol import AskApiResponse, AskRequest
from advisor.services.sizing import compare_gpus, size_deployment
from advisor.storage.records import UnknownMessageError
from ui.cards import CARD_CSS, empty_card, sizing_card
from ui.report_markdown import report_markdown
from ui.staff_form import FormField, form_fields, form_values, is_text_number, request_from_form

if TYPE_CHECKING:
    import gradio as gr
    from fastapi import FastAPI

    from advisor.catalog.loader import Catalog
    from advisor.security.keys import StaffKeys
    from advisor.services.asking import AdvisorGateway

os.environ.setdefault("GRADIO_ANALYTICS_ENABLED", "False")

EXAMPLES: tuple[str, ...] = (
    "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?",
    "Хватит ли одной RTX 4090 для QLoRA дообучения Qwen2.5 7B?",
    "How many H100s do I need to serve Qwen2.5 32B to 50 users with 8k context?",
    "Which GPU is cheapest for Mistral 7B inference in fp8?",
)

Session = dict[str, Any]
ChatHistory = list[dict[str, Any]]


STORAGE_DOWN_NOTE = (
    "Не удалось сохранить, попробуйте ещё раз через несколько секунд"
    " / Could not be saved; please retry in a few seconds"
)


class UiServices(Protocol):
    """What the UI needs from the app: the ask gateway, the catalog, the staff keys."""

    @property
    def gateway(self) -> AdvisorGateway: ...
    @property
    def catalog(self) -> Catalog: ...
    @property
    def staff_keys(self) -> StaffKeys: ...


def new_session() -> Session:
    return {"conversation_id": None, "message_ids": {}, "last": None}


class AdvisorUi:
    def __init__(self, state: UiServices) -> None:
        self.state = state
        self.fields: list[FormField] = form_fields()

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
            note = "Вопрос слишком длинный (до 4000 символов) / Question too long (4000 max)"
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
                note = (
                    "Беседа достигла предела, следующий вопрос начнёт новую"
                    " / This conversation is full; the next question starts a new one"
                )
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
        if not last or not last.get("sizing"):
            return empty_card()
        comparison = None
        if last.get("request"):
            try:
                comparison = compare_gpus(last["request"], self.state.catalog)
            except InputError:
                comparison = None
        lang: Literal["ru", "en"] = "en" if last.get("language") == "en" else "ru"
        card = sizing_card(last["sizing"], comparison, lang)
        return f'<div class="answer-card" data-message-id="{last["message_id"]}">{card}</div>'

    # ---- feedback ------------------------------------------------------------------

    def rate_last(
        self, rating: Literal["up", "down"], comment: str, session: Session | None
    ) -> str:
        last = (session or {}).get("last")
        if not last:
            return "Сначала задайте вопрос / Ask a question first"
        return self._rate(last["message_id"], rating, comment)

    def rate_message(self, index: Any, liked: Any, session: Session | None) -> str:
        """The chatbot's own thumbs on one message."""
        key = str(index[0] if isinstance(index, list | tuple) else index)
        message_id = (session or {}).get("message_ids", {}).get(key)
        if message_id is None:
            return "Оценить можно ответ советника / Only the advisor's answers can be rated"
        return self._rate(message_id, "up" if liked is True else "down", "")

    def _rate(self, message_id: str, rating: Literal["up", "down"], comment: str) -> str:
        try:
            self.state.gateway.feedback(message_id, rating, comment.strip() or None)
        except UnknownMessageError:
            return "Ответ не найден / Answer not found"
        except SQLAlchemyError:
            return STORAGE_DOWN_NOTE
        thanks = "👍" if rating == "up" else "👎"
        return f"{thanks} Спасибо, отзыв сохранён / Thank you, feedback saved"

    # ---- staff mode ----------------------------------------------------------------

    def unlock(self, key: str) -> tuple[bool, str]:
        if not self.state.staff_keys.configured:
            return (
                False,
                "Режим сотрудника не настроен (ADVISOR_STAFF_API_KEYS) / Staff mode is off",
            )
        if self.state.staff_keys.verify(key):
            return True, "✅ Режим сотрудника / Staff mode on"
        return False, "❌ Неверный ключ / Wrong key"

    def rerun(self, staff_ok: bool, *values: Any) -> tuple[str, str, str, str | None]:
        """(card, assumptions, Markdown report, path of the .md file) from the form."""
        if not staff_ok:
            return empty_card(), "Нужен ключ сотрудника / Staff key required", "", None
        try:
            arguments = request_from_form(self.fields, list(values))
            outcome = size_deployment(arguments, self.state.catalog)
            comparison = compare_gpus(arguments, self.state.catalog)
        except InputError as exc:
            allowed = f" (allowed: {', '.join(exc.allowed)})" if exc.allowed else ""
            return empty_card(), f"**{exc.field}**: {exc}{allowed}", "", None
        report = outcome.report
        notes = ["### Допущения / Assumptions", *[f"- {a}" for a in report.assumptions]]
        notes += ["", "### Формулы / Formulas", *[f"- `{f}`" for f in report.formulas]]
        if report.warnings:
            notes += ["", "### Предупреждения / Warnings", *[f"- {w}" for w in report.warnings]]
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
            placeholder="пусто = по умолчанию / empty = default",
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
        gr.Markdown(
            "# GPU Advisor\n"
            "Сколько GPU и какой сервер нужны вашей LLM — каждое число считает движок.  \n"
            "How many GPUs and which server your LLM needs — the engine computes every number."
        )
        with gr.Tab("Чат / Chat"), gr.Row():
            with gr.Column(scale=3):
                chatbot = gr.Chatbot(
                    label="Советник / Advisor",
                    height=520,
                    elem_id="advisor-chat",
                    placeholder="Спросите о GPU для вашей модели / Ask about GPUs for your model",
                )
                with gr.Row():
                    question = gr.Textbox(
                        label="Вопрос / Question",
                        placeholder="Сколько GPU нужно для … / How many GPUs for …",
                        elem_id="question",
                        scale=5,
                        max_lines=6,
                    )
                    send = gr.Button("Отправить / Send", variant="primary", elem_id="send", scale=1)
                gr.Examples(
                    examples=[[q] for q in EXAMPLES],
                    inputs=[question],
                    label="Примеры / Examples",
                )
            with gr.Column(scale=2):
                card = gr.HTML(empty_card(), elem_id="sizing-card")
                with gr.Row():
                    like = gr.Button("👍 Полезно / Helpful", elem_id="like", size="sm")
                    dislike = gr.Button("👎 Не то / Not helpful", elem_id="dislike", size="sm")
                comment = gr.Textbox(
                    label="Комментарий к отзыву / Feedback comment (optional)", max_lines=2
                )
                feedback_note = gr.Markdown(elem_id="feedback-note")
        with gr.Tab("Сотрудникам / Staff"):
            with gr.Row():
                key = gr.Textbox(label="Ключ сотрудника / Staff API key", type="password", scale=4)
                unlock = gr.Button("Войти / Unlock", scale=1)
            staff_note = gr.Markdown()
            with gr.Group(visible=False) as staff_panel:
                load_last = gr.Button(
                    "Взять запрос из последнего ответа / Load the last answer's request"
                )
                with gr.Accordion("Параметры движка / Engine parameters", open=True):
                    inputs = [_field_component(field) for field in ui.fields]
                run = gr.Button("Пересчитать / Run the engine", variant="primary")
                staff_card = gr.HTML()
                assumptions = gr.Markdown()
                markdown = gr.Code(label="Отчёт в Markdown / Markdown report", language="markdown")
                download = gr.File(label="Скачать .md / Download .md")

        chat_outputs = [chatbot, question, card, session, feedback_note]
        for trigger in (send.click, question.submit):
            trigger(ui.respond, [question, chatbot, session], chat_outputs)
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
    return blocks


def mount_ui(app: FastAPI, state: UiServices) -> None:
    import gradio as gr

    gr.mount_gradio_app(app, build_ui(state), path="/", css=CARD_CSS, ssr_mode=False)
