"""`advisor serve` refuses bad options with one line on stderr and exit status 2."""

from __future__ import annotations

import socket

import pytest

from advisor.cli.main import main


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["serve", "--port", "70000"], "invalid port 70000: must be 1-65535"),
        (["serve", "--port", "http"], "invalid port 'http': not a number"),
        (["serve", "--llm-url", "localhost:8000"], "must start with http(s)://"),
    ],
)
def test_bad_options_are_one_line_and_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.count("\n") == 1


def test_a_taken_port_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        assert main(["serve", "--port", str(port)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"advisor serve: cannot listen on 127.0.0.1:{port}:")
    assert err.count("\n") == 1
