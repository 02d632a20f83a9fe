"""A logging filter that keeps secrets out of every log line.

It rewrites `Authorization: Bearer ...` / `Basic ...` values, `api_key=`/`token=`/
`password=` style pairs, passwords inside URLs (`postgresql://user:PW@host`) and, by
exact value, every configured secret (the staff keys, the LLM key) wherever it appears,
in the message and in its arguments. Installed on handlers, so records propagated from
any library logger (uvicorn, httpx, sqlalchemy) pass through it.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable
from typing import Any

MASK = "[REDACTED]"
# Secrets shorter than this are not matched by value: they would mask ordinary words.
MIN_SECRET_LENGTH = 6

_PATTERNS = (
    re.compile(r"(?i)(authorization['\"]?\s*[:=]\s*['\"]?)(?:bearer|basic|token)?\s*[^\s'\",]+"),
    re.compile(r"(?i)\b(bearer\s+)[A-Za-z0-9._~+/=-]+"),
    re.compile(
        r"(?i)\b((?:api[_-]?key|access[_-]?token|token|secret|password|passwd)['\"]?\s*[:=]\s*['\"]?)"
        r"[^\s'\",&;]+"
    ),
    re.compile(r"(?i)\b([a-z][a-z0-9+.-]*://[^\s:/@]+:)[^\s@/]+(?=@)"),
)


def redact(text: str, secrets: Iterable[str] = ()) -> str:
    """`text` with every configured secret (by value, longest first) and every
    secret-looking pair masked; secrets shorter than MIN_SECRET_LENGTH are not matched."""
    for secret in sorted(secrets, key=len, reverse=True):
        if len(secret) >= MIN_SECRET_LENGTH:
            text = text.replace(secret, MASK)
    for pattern in _PATTERNS:
        text = pattern.sub(lambda m: f"{m.group(1)}{MASK}", text)
    return text


class RedactingFilter(logging.Filter):
    """A handler filter that formats each record once and masks the result, so secrets
    in its arguments and its traceback are caught too."""

    def __init__(self, secrets: Iterable[str] = ()) -> None:
        super().__init__()
        self.secrets: list[str] = []
        self.add_secrets(secrets)

    def add_secrets(self, secrets: Iterable[str]) -> None:
        """More values to mask (an app created later in the process may bring new keys)."""
        for secret in secrets:
            if len(secret) >= MIN_SECRET_LENGTH and secret not in self.secrets:
                self.secrets.append(secret)

    def filter(self, record: logging.LogRecord) -> bool:
        """Always keeps the record; only its text is rewritten (formatted once, here)."""
        message = record.getMessage()
        cleaned = redact(message, self.secrets)
        record.msg = cleaned
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text, self.secrets)
        return True


def install_log_redaction(
    secrets: Iterable[str] = (), loggers: Iterable[str] = ("", "uvicorn", "uvicorn.access")
) -> RedactingFilter:
    """Add one RedactingFilter to every handler of `loggers` (root by default) and return it.

    Call it after logging is configured (uvicorn configures its own handlers at start).
    A handler that has a filter already gets the new secrets added to it, not a second one.
    """
    secrets = list(secrets)
    redactor = RedactingFilter(secrets)
    for name in loggers:
        for handler in logging.getLogger(name).handlers:
            present = [f for f in handler.filters if isinstance(f, RedactingFilter)]
            for existing in present:
                existing.add_secrets(secrets)
            if not present:
                handler.addFilter(redactor)
    return redactor


def secret_values(*values: Any) -> list[str]:
    """Plain strings from SecretStr values and comma-separated key lists, for the filter."""
    found: list[str] = []
    for value in values:
        raw = value.get_secret_value() if hasattr(value, "get_secret_value") else value
        if isinstance(raw, str):
            found += [part.strip() for part in raw.split(",") if part.strip()]
    return found
