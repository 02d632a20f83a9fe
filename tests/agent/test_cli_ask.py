"""`advisor ask`: the --json shape, the text output, follow-ups across runs, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from advisor.cli.main import main
from advisor.services.protocol import AskResponse


@pytest.fixture
def data_dir(kb_data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("ADVISOR_DATA_DIR", str(kb_data_dir))
    monkeypatch.delenv("ADVISOR_LLM_URL", raising=False)
    return kb_data_dir


def _ask_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, object]:
    assert main(["ask", *argv, "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    return data


@pytest.mark.usefixtures("data_dir")
def test_json_is_the_ask_response(capsys: pytest.CaptureFixture[str]) -> None:
    data = _ask_json(capsys, "Llama 3.1 70B в 4 бит на 20 пользователей, контекст 32к")
    AskResponse.model_validate(data)  # the documented shape, nothing more
    assert {"answer", "language", "mode", "request", "sizing", "citations", "conversation_id"} <= (
        set(data)
    )
    assert (data["language"], data["mode"]) == ("ru", "offline")
    request = data["request"]
    assert isinstance(request, dict)
    assert (request["model"], request["precision"], request["context"], request["users"]) == (
        "llama-3.1-70b",
        "int4",
        32768,
        20,
    )
    citations = data["citations"]
    assert isinstance(citations, list) and citations
    assert set(citations[0]) == {"id", "title", "section"}


def test_follow_ups_continue_across_runs(
    data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    first = _ask_json(capsys, "Qwen3 14B for 20 users", "--conversation", "cli-follow-up")
    second = _ask_json(capsys, "and in FP8?", "--conversation", "cli-follow-up")
    assert first["conversation_id"] == second["conversation_id"] == "cli-follow-up"
    request = second["request"]
    assert isinstance(request, dict)
    assert (request["model"], request["users"], request["precision"]) == ("qwen3-14b", 20, "fp8")
    assert (data_dir / "conversations" / "cli-follow-up.json").is_file()


@pytest.mark.usefixtures("data_dir")
def test_text_prints_the_answer_and_the_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["ask", "How many GPUs for Mistral 7B and 10 users?"]) == 0
    captured = capsys.readouterr()
    assert "Mistral 7B Instruct" in captured.out and "Sources:" in captured.out
    assert "[1] " in captured.out
    assert "--conversation" in captured.err  # how to follow up


@pytest.mark.parametrize(
    ("argv", "field"),
    [
        (["ask", "   "], "question"),
        (["ask", "phi-4", "--conversation", "../x"], "--conversation"),
        (["ask", "phi-4", "--llm-url", "localhost:8000"], "--llm-url"),
    ],
)
@pytest.mark.usefixtures("data_dir")
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], field: str
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and field in err
