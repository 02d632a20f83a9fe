"""No secret reaches a log line: headers, bearer tokens, key=value pairs, URL passwords."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest
from pydantic import SecretStr

from advisor.security import RedactingFilter, install_log_redaction, redact
from advisor.security.redaction import MASK, secret_values

KEY = "sk-staff-7f3a9c21"


@pytest.mark.parametrize(
    ("line", "secret"),
    [
        (f"headers: {{'authorization': 'Bearer {KEY}'}}", KEY),
        (f"Authorization: Bearer {KEY}", KEY),
        ("authorization=Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"),
        (f"calling with bearer {KEY} now", KEY),
        (f"GET /v1/x?api_key={KEY}&q=1", KEY),
        (f'{{"api-key": "{KEY}"}}', KEY),
        ("password=hunter2hunter2", "hunter2hunter2"),
        ("connecting to postgresql+psycopg://advisor:s3cr3t-pw@db:5432/advisor", "s3cr3t-pw"),
    ],
)
def test_known_secret_shapes_are_masked(line: str, secret: str) -> None:
    cleaned = redact(line)
    assert secret not in cleaned
    assert MASK in cleaned


def test_configured_secrets_are_masked_by_value() -> None:
    assert redact(f"the key {KEY} was used", [KEY]) == f"the key {MASK} was used"


def test_ordinary_text_is_untouched() -> None:
    line = "POST /v1/ask 200 in 12 ms: 2 x H100 for Llama 70B (token budget 8192)"
    assert redact(line, ["ab"]) == line


@pytest.fixture
def captured() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(RedactingFilter([KEY]))
    logger = logging.getLogger("tests.security.redaction")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False
    yield logger, stream
    logger.removeHandler(handler)


def test_the_filter_masks_arguments_and_tracebacks(
    captured: tuple[logging.Logger, io.StringIO],
) -> None:
    logger, stream = captured
    logger.info("request headers %s", {"Authorization": f"Bearer {KEY}"})
    try:
        raise RuntimeError(f"upstream refused key {KEY}")
    except RuntimeError:
        logger.exception("call failed")
    output = stream.getvalue()
    assert KEY not in output
    assert "request headers" in output and "call failed" in output
    assert "RuntimeError: upstream refused key" in output


def test_records_from_child_loggers_are_masked_at_the_handler() -> None:
    stream = io.StringIO()
    root = logging.getLogger("tests.security.parent")
    handler = logging.StreamHandler(stream)
    root.addHandler(handler)
    root.propagate = False
    try:
        install_log_redaction([KEY], loggers=["tests.security.parent"])
        install_log_redaction([KEY], loggers=["tests.security.parent"])
        logging.getLogger("tests.security.parent.httpx").warning("sent %s", KEY)
        assert sum(isinstance(f, RedactingFilter) for f in handler.filters) == 1
    finally:
        root.removeHandler(handler)
    assert stream.getvalue() == f"sent {MASK}\n"


def test_secret_values_split_key_lists() -> None:
    assert secret_values(SecretStr(f"{KEY}, other-key-99"), "EMPTY", None) == [
        KEY,
        "other-key-99",
        "EMPTY",
    ]


def test_a_second_install_adds_its_secrets_to_the_filter_already_there() -> None:
    logger = logging.getLogger("tests.security.second")
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    logger.addHandler(handler)
    try:
        install_log_redaction(["first-secret-1"], loggers=["tests.security.second"])
        install_log_redaction(["second-secret-2"], loggers=["tests.security.second"])
        logger.warning("keys %s and %s", "first-secret-1", "second-secret-2")
    finally:
        logger.removeHandler(handler)
    assert "secret" not in stream.getvalue()
    assert sum(isinstance(f, RedactingFilter) for f in handler.filters) == 1
