"""The customer's path in a real Chromium against a live `advisor serve`.

Ask in Russian, see the engine's GPU count in the answer and on the chart, press like,
find the feedback stored. The screenshot goes to $ADVISOR_ARTIFACTS_DIR or
tests/ui/artifacts/ (gitignored).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from advisor.catalog.loader import load_catalog
from advisor.sizing.engine import size
from advisor.sizing.request import SizingRequest
from tests.served import ServedAdvisor

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
QUESTION_RU = "Сколько GPU нужно для Llama 3.1 70B на 20 пользователей?"
REPO = Path(__file__).resolve().parents[2]
KB_TIMEOUT_S = 600  # building the index takes ~20 s on an idle machine, minutes on a busy one
ANSWER_TIMEOUT_MS = 60_000


def artifacts_dir() -> Path:
    directory = Path(os.environ.get("ADVISOR_ARTIFACTS_DIR") or REPO / "tests/ui/artifacts")
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """`advisor serve` on a fresh data dir: it builds the knowledge base there at start."""
    data_dir = tmp_path_factory.mktemp("serve-data")
    with ServedAdvisor(data_dir, {}, data_dir / "serve.log") as server:
        server.start(timeout_s=KB_TIMEOUT_S)
        assert f"{server.base_url}/" in server.log()
        yield server.base_url


@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian chromium is not installed (CI installs it)"
)
def test_customer_asks_in_russian_sees_the_sizing_and_likes_it(served: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    engine = size(SizingRequest(model="llama-3.1-70b", users=20), load_catalog())
    count = engine.gpu.count

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1000}, locale="ru-RU")
            screenshot = artifacts_dir() / "chat-ru-sizing.png"
            page.goto(f"{served}/")
            page.locator("#question textarea").fill(QUESTION_RU)
            page.locator("#send").click()

            headline = page.locator("#sizing-card .gpu-count")
            expect(headline).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            assert headline.get_attribute("data-gpu-count") == str(count)
            assert headline.inner_text().startswith(f"{count} ×")
            answer = page.locator("#advisor-chat .message.bot").last
            expect(answer).to_contain_text(f"{count} x {engine.gpu.name}")
            bars = page.locator("#sizing-card .memory-chart .bar-row")
            expect(bars).to_have_count(min(count, 8))
            expect(page.locator("#sizing-card .seg-weights").first).to_be_visible()
            expect(page.locator("#sizing-card .compare-table tbody tr").first).to_be_visible()

            page.locator("#like").click()
            expect(page.locator("#feedback-note")).to_contain_text("Спасибо", timeout=15_000)
            message_id = page.locator("#sizing-card .answer-card").get_attribute("data-message-id")
        finally:
            page.screenshot(path=str(screenshot), full_page=True)  # also of a failure
            browser.close()

    assert message_id
    stored = httpx.get(f"{served}/v1/feedback/{message_id}", timeout=5)
    assert stored.status_code == 200
    assert stored.json()["rating"] == "up"


GOAL_RU = "Мы хотим внутренний чат-бот по документам для 200 сотрудников. Какой сервер нужен?"


@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian chromium is not installed (CI installs it)"
)
def test_a_russian_goal_shows_options_chart_follow_ups_and_the_specification(
    served: str,
) -> None:
    from playwright.sync_api import expect, sync_playwright

    from advisor.services.recommendation import lead_option, recommend_deployment

    result = recommend_deployment(
        {"use_case": "rag", "headcount": 200, "language": "ru"}, load_catalog()
    )
    lead = lead_option(result)
    assert lead is not None
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 1100}, locale="ru-RU")
            screenshot = artifacts_dir() / "chat-ru-goal.png"
            page.goto(f"{served}/")
            page.locator("#question textarea").fill(GOAL_RU)
            page.locator("#send").click()

            rows = page.locator("#sizing-card .options-table tbody tr")
            expect(rows.first).to_be_visible(timeout=ANSWER_TIMEOUT_MS)
            expect(rows).to_have_count(len(result.options))
            recommended = page.locator('#sizing-card tr[data-label="recommended"]')
            expect(recommended).to_have_attribute("data-gpu", lead.gpu.id)
            expect(page.locator("#sizing-card svg.cost-chart .point")).to_have_count(
                len(result.options)
            )
            answer = page.locator("#advisor-chat .message.bot").last
            expect(answer).to_contain_text(f"{lead.gpu.count * lead.replicas} x {lead.gpu.name}")

            with page.expect_download(timeout=30_000) as spec:
                page.locator("#spec-md").click()
            path = spec.value.path()
            assert path is not None and "vllm serve" in Path(path).read_text("utf-8")

            cheaper = page.locator(".follow-up", has_text="А дешевле?")
            expect(cheaper).to_be_visible(timeout=15_000)
            cheaper.click()
            asked = page.locator("#advisor-chat .message.user").last
            expect(asked).to_contain_text("А дешевле?", timeout=ANSWER_TIMEOUT_MS)
        finally:
            page.screenshot(path=str(screenshot), full_page=True)  # also of a failure
            browser.close()


@pytest.mark.skipif(
    not CHROMIUM.exists(), reason="Debian chromium is not installed (CI installs it)"
)
def test_widget_bubble_opens_the_chat_in_an_iframe(served: str) -> None:
    from playwright.sync_api import expect, sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            page = browser.new_page()
            page.goto(f"{served}/widget")
            expect(page.locator("#widget-snippet")).to_contain_text("/widget.js")
            panel = page.locator("#gpu-advisor-panel")
            expect(panel).to_be_hidden()
            page.locator("#gpu-advisor-bubble").click()
            expect(panel).to_be_visible()
            assert panel.locator("iframe").get_attribute("src") == f"{served}/"
            chat = page.frame_locator("#gpu-advisor-panel iframe")
            expect(chat.locator("#question textarea")).to_be_visible(timeout=30_000)
            page.screenshot(path=str(artifacts_dir() / "widget-open.png"))
        finally:
            browser.close()
