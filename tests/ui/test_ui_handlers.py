"""The UI's handlers over the real offline advisor, without a browser."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from advisor.api import create_app
from advisor.api.deps import AppState
from advisor.catalog.loader import load_catalog
from advisor.recommend import RecommendRequest
from advisor.security.keys import StaffKeys
from advisor.services.recommendation import recommend_deployment
from advisor.services.sizing import size_deployment
from advisor.sizing.request import SizingRequest
from tests.conftest import app_settings
from ui.app import AdvisorUi, new_session
from ui.cards import memory_chart, sizing_card
from ui.report_markdown import report_markdown
from ui.staff_form import form_fields, form_values, request_from_form

QUESTION_RU = "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?"
STAFF_KEY = "staff-key-for-tests"


@pytest.fixture(scope="module")
def state(kb_data_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> AppState:
    app = create_app(
        app_settings(kb_data_dir, tmp_path_factory.mktemp("ui-db")),
        with_ui=False,
        staff_keys=StaffKeys([STAFF_KEY]),
    )
    app_state: AppState = app.state.advisor
    return app_state


@pytest.fixture(scope="module")
def ui(state: AppState) -> AdvisorUi:
    return AdvisorUi(state)


def test_answer_streams_then_shows_steps_answer_and_card(ui: AdvisorUi) -> None:
    updates = list(ui.respond(QUESTION_RU, [], new_session()))
    assert len(updates) >= 3  # the question, at least one text chunk, the final answer
    history, textbox, card, session, _ = updates[-1]
    assert textbox == ""
    steps = [m for m in history if "metadata" in m]
    assert [m["metadata"]["title"] for m in steps][0] == "🔧 size_deployment"
    assert all(m["metadata"]["status"] == "done" for m in steps)
    answer = history[-1]["content"]
    request = session["last"]["request"]
    count = size_deployment(request, load_catalog()).report.gpu.count
    assert f"{count} x" in answer
    assert f'data-gpu-count="{count}"' in card
    assert f'data-message-id="{session["last"]["message_id"]}"' in card
    assert card.count('class="bar-row"') == count
    assert "compare-table" in card
    assert session["message_ids"][str(len(history) - 1)] == session["last"]["message_id"]


def test_follow_up_keeps_the_conversation(ui: AdvisorUi) -> None:
    *_, (history, _, _, session, _) = ui.respond(QUESTION_RU, [], new_session())
    first_conversation = session["conversation_id"]
    *_, (_, _, _, session, _) = ui.respond("А на 100 пользователей?", history, session)
    assert session["conversation_id"] == first_conversation
    assert session["last"]["request"]["users"] == 100


def test_blank_question_changes_nothing(ui: AdvisorUi) -> None:
    ((history, _, card, _, _),) = list(ui.respond("   ", [], new_session()))
    assert history == []
    assert "sizing-empty" in card


def test_like_and_dislike_reach_the_feedback_store(ui: AdvisorUi, state: AppState) -> None:
    *_, (history, _, _, session, _) = ui.respond(QUESTION_RU, [], new_session())
    message_id = session["last"]["message_id"]
    assert "Спасибо" in ui.rate_last("up", "", session)
    stored = state.gateway.store.get_feedback(message_id)
    assert stored is not None and stored.rating == "up"
    ui.rate_message(len(history) - 1, False, session)
    stored = state.gateway.store.get_feedback(message_id)
    assert stored is not None and stored.rating == "down"


def test_rating_before_any_answer_or_a_user_message_is_refused(ui: AdvisorUi) -> None:
    assert "Сначала" in ui.rate_last("up", "", new_session())
    assert "Only the advisor" in ui.rate_message(0, True, new_session())


def test_staff_mode_needs_the_key(ui: AdvisorUi) -> None:
    assert ui.unlock("wrong") == (False, "❌ Неверный ключ / Wrong key")
    assert ui.unlock("")[0] is False
    assert ui.unlock(STAFF_KEY)[0] is True
    defaults = form_values(ui.fields, None)
    card, notes, markdown, path = ui.rerun(False, *defaults)
    assert "Staff key required" in notes and path is None and markdown == ""


def test_staff_rerun_gives_card_assumptions_and_markdown(ui: AdvisorUi) -> None:
    values = form_values(ui.fields, {"model": "qwen2.5-7b", "task": "qlora", "gpu": "rtx-4090"})
    card, notes, markdown, path = ui.rerun(True, *values)
    report = size_deployment(
        {"model": "qwen2.5-7b", "task": "qlora", "gpu": "rtx-4090"}, load_catalog()
    ).report
    assert f'data-gpu-count="{report.gpu.count}"' in card
    assert all(a in notes for a in report.assumptions)
    assert path is not None and Path(path).read_text(encoding="utf-8") == markdown
    assert markdown.startswith("# GPU sizing: qwen2.5-7b (qlora)")


def test_staff_rerun_names_a_bad_field(ui: AdvisorUi) -> None:
    values = form_values(ui.fields, {"model": "no-such-model"})
    _, notes, _, path = ui.rerun(True, *values)
    assert notes.startswith("**model**") and path is None


def test_staff_form_loads_the_last_answer(ui: AdvisorUi) -> None:
    *_, (_, _, _, session, _) = ui.respond(QUESTION_RU, [], new_session())
    values = ui.last_request_values(True, session)
    assert request_from_form(ui.fields, values)["users"] == 20
    locked = ui.last_request_values(False, session)
    assert locked == form_values(ui.fields, None)


def test_optional_numbers_are_text_boxes_that_may_stay_empty(ui: AdvisorUi) -> None:
    values = form_values(ui.fields, {"model": "llama-3.1-8b", "gpus": 2})
    by_name = dict(zip([f.name for f in ui.fields], values, strict=True))
    assert (by_name["gpus"], by_name["seq_len"], by_name["users"]) == ("2", "", 1)
    assert request_from_form(ui.fields, values)["gpus"] == 2
    by_name["gpus"] = "two"
    _, notes, _, path = ui.rerun(True, *by_name.values())
    assert notes.startswith("**gpus**") and path is None
    by_name["gpus"] = "1.5"
    assert ui.rerun(True, *by_name.values())[1].startswith("**gpus**")


def test_form_covers_every_engine_parameter() -> None:
    fields = form_fields()
    expected = [name for name in SizingRequest.model_fields if name != "hf_config"]
    assert [f.name for f in fields] == expected  # a config.json is not typed into a form
    kinds = {f.name: f.kind for f in fields}
    assert kinds["task"] == "choice" and kinds["lora_targets"] == "multi"
    assert kinds["users"] == "int" and kinds["epochs"] == "float"
    assert kinds["enforce_eager"] == "bool" and kinds["model"] == "text"
    defaults = request_from_form(fields, form_values(fields, {"model": "llama-3.1-8b"}))
    assert SizingRequest.model_validate(defaults) == SizingRequest(model="llama-3.1-8b")


def test_chart_segments_are_the_breakdown_in_proportion() -> None:
    report = size_deployment({"model": "llama-3.1-70b", "users": 20}, load_catalog()).report
    chart = memory_chart(report, "en")
    breakdown = report.memory.breakdown_gb.model_dump()
    first_bar = chart.split('class="bar-row"')[1]
    shown = dict(re.findall(r'data-segment="(\w+)" data-gb="([\d.]+)"', first_bar))
    assert shown == {k: f"{v:.3f}" for k, v in breakdown.items() if v > 0}
    capacity = report.memory.capacity_per_gpu_gb
    weights_width = float(re.search(r'seg-weights" style="width:([\d.]+)%', chart).group(1))
    assert weights_width == pytest.approx(100 * breakdown["weights"] / capacity, abs=0.01)


def test_many_gpus_are_summarised_after_eight_bars() -> None:
    report = size_deployment(
        {"model": "llama-3.1-405b", "gpu": "rtx-4090", "users": 10}, load_catalog()
    ).report
    assert report.gpu.count > 8
    card = sizing_card(report, None, "ru")
    assert card.count('class="bar-row"') == 8
    assert f"и ещё {report.gpu.count - 8} таких же GPU" in card


def test_markdown_report_has_the_layout_and_the_vllm_command() -> None:
    outcome = size_deployment({"model": "llama-3.1-70b", "users": 20}, load_catalog())
    markdown = report_markdown(outcome.request, outcome.report)
    gpu = outcome.report.gpu
    assert f"**{gpu.count} x {gpu.name}**" in markdown
    assert "vllm serve meta-llama/Llama-3.1-70B-Instruct" in markdown
    assert f"--tensor-parallel-size {gpu.tensor_parallel}" in markdown


def test_a_full_conversation_says_so_and_starts_afresh(kb_data_dir: Path, tmp_path: Path) -> None:
    app = create_app(
        app_settings(kb_data_dir, tmp_path, max_conversation_messages=2), with_ui=False
    )
    ui = AdvisorUi(app.state.advisor)
    *_, (history, _, _, session, _) = ui.respond(QUESTION_RU, [], new_session())
    *_, (after, textbox, _, session, note) = ui.respond("А на 100?", history, session)
    assert "предела" in note and "full" in note
    assert textbox == "А на 100?"  # the question stays in the box, nothing is lost
    assert after == history and session["conversation_id"] is None
    *_, (fresh, _, _, session, note) = ui.respond("А на 100?", after, session)
    assert note == "" and session["conversation_id"] is not None and len(fresh) > len(after)


GOAL_RU = "Мы хотим внутренний чат-бот по документам для 200 сотрудников. Какой сервер нужен?"


def test_a_goal_shows_the_options_chart_follow_ups_and_specification(ui: AdvisorUi) -> None:
    *_, (history, _, card, session, _) = ui.respond(GOAL_RU, [], new_session())
    result = session["last"]["recommendation"]
    assert result is not None and session["last"]["sizing"] is None
    assert "options-table" in card and "cost-chart" in card
    labels = re.findall(r'<tr class="option option-(\w+)"', card)
    assert labels == [o.label for o in result.options]
    assert card.count('<g class="point"') == len(result.options)
    assert "₽" in card  # a Russian reader sees roubles
    *buttons, spec_md, spec_pdf = ui.extras(session)
    questions = [b["value"] for b in buttons if b["visible"]]
    assert "А дешевле?" in questions
    markdown = Path(spec_md["value"]).read_text("utf-8")
    lead = next(o for o in result.options if o.label == "recommended")
    assert f"{lead.gpu.count * lead.replicas} x {lead.gpu.name}" in markdown
    assert "vllm serve" in markdown and "Оборудование" in markdown
    assert Path(spec_pdf["value"]).read_bytes().startswith(b"%PDF")
    # A follow-up button asks its question in the same conversation.
    *_, (_, _, _, after, _) = ui.respond("А дешевле?", history, session)
    assert after["conversation_id"] == session["conversation_id"]
    assert after["last"]["recommendation"] is not None


def test_a_setup_that_does_not_fit_offers_its_changes_as_buttons(ui: AdvisorUi) -> None:
    question = "Llama 3.3 70B на 2 RTX 4090 для 10 пользователей"
    *_, (history, _, _, session, _) = ui.respond(question, [], new_session())
    assert session["last"]["make_it_fit"]
    *buttons, spec_md, _ = ui.extras(session)
    questions = [b["value"] for b in buttons if b["visible"]]
    assert any(q.startswith("А если") for q in questions)
    assert spec_md["visible"] is False  # a sizing answer, not a recommendation
    *_, (_, _, _, after, _) = ui.respond(questions[-1], history, session)
    assert after["conversation_id"] == session["conversation_id"]


def test_staff_correct_a_goal_assumption_and_see_what_changes(ui: AdvisorUi) -> None:
    """The share of staff at once is a stated default; staff load the customer's goal,
    raise it, and the recommendation is re-run with the new share named in its notes."""
    *_, (_, _, _, session, _) = ui.respond(GOAL_RU, [], new_session())
    assert ui.last_goal_values(False, session) == form_values(ui.goal_fields, None)
    values = ui.last_goal_values(True, session)
    by_name = dict(zip([f.name for f in ui.goal_fields], values, strict=True))
    assert by_name["headcount"] == "200" and by_name["use_case"] == "rag"
    assert by_name["active_share"] == ""
    card, notes, spec = ui.rerun_goal(True, *values)
    assert "200 staff, 10% of them at once at the peak (20 on average): sized for 27" in notes
    assert "200 сотрудников, одновременно 10% из них в час пик (20 в среднем)" in notes
    assert spec is not None and "vllm serve" in Path(spec[0]).read_text("utf-8")
    assert Path(spec[1]).read_bytes().startswith(b"%PDF")
    by_name["active_share"] = "0.5"
    card, notes, _ = ui.rerun_goal(True, *by_name.values())
    assert "50% of them at once = 100 concurrent users" in notes
    result = recommend_deployment(
        {"use_case": "rag", "headcount": 200, "language": "ru", "active_share": 0.5},
        load_catalog(),
    )
    labels = re.findall(r'<tr class="option option-(\w+)"', card)
    assert labels == [o.label for o in result.options]


def test_staff_goal_form_owned_gpus_round_trip_and_bad_values_name_the_field(
    ui: AdvisorUi,
) -> None:
    values = form_values(ui.goal_fields, {"owned": {"gpu": "a100-40gb", "count": 4}})
    by_name = dict(zip([f.name for f in ui.goal_fields], values, strict=True))
    assert by_name["owned"] == "4x a100-40gb"
    assert request_from_form(ui.goal_fields, values)["owned"] == "4x a100-40gb"
    by_name["active_share"] = "1.5"
    card, notes, spec = ui.rerun_goal(True, *by_name.values())
    assert notes.startswith("**active_share**") and spec is None
    by_name["active_share"] = ""
    by_name["owned"] = "four a100s"
    assert ui.rerun_goal(True, *by_name.values())[1].startswith("**owned**")
    assert ui.rerun_goal(False, *by_name.values())[2] is None


def test_goal_form_covers_every_goal_field() -> None:
    assert [f.name for f in form_fields(RecommendRequest)] == list(RecommendRequest.model_fields)
