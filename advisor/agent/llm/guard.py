"""The number guard: every figure in an LLM answer must come from a tool or from the user.

The product's promise is that the engine computes every number; the LLM only words it.
So the guard reads each figure the answer states ("1,5", "1.5", "48 GB", "70B", "4x",
"32k", "469 616", "90%", "две", "eight"), and accepts it only when some reading of it
matches, up to the rounding the answer shows, a number found in the tool results or in
the user's messages. Sentences carrying other figures are dropped; when what remains no
longer states the key result (the GPU count), the answer is rejected instead.

Pure functions only: no I/O, no model, so every rule has a unit test.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

# ---- what an answer states --------------------------------------------------------------

# Groups of three after a space (RU "469 616", also NBSP and narrow NBSP) or a comma
# ("469,616"); otherwise plain digits with an optional decimal part ("1.5", RU "1,5").
_NUMBER = re.compile(
    r"(?<![\d.,])(?:"
    r"\d{1,3}(?:[ \u00a0\u202f]\d{3})+(?!\d)(?:[.,]\d+)?"
    r"|\d{1,3}(?:,\d{3})+\.\d+|\d{1,3}(?:,\d{3}){2,}(?!\d)"
    r"|\d+(?:[.,]\d+)?"
    r")"
)
# A number glued to letters on its left is part of a name: H100, FP8, Qwen2.5, Llama-3.1;
# but "4x80GB" multiplies.
_NAME_BEFORE = re.compile(r"[^\W\d_][-_]?$")
_TIMES_BEFORE = re.compile(r"\d\s?[xх×]$")
# Markers that are not figures: citations [1] / [1, 2] and list numbering "1." / "2)".
_CITATION = re.compile(r"\[(\d{1,3}(?:\s*,\s*\d{1,3})*)\]")
_SPACED_CITATION = re.compile(r"(\s*)(\[\d{1,3}(?:\s*,\s*\d{1,3})*\])")
_LIST_NUMBER = re.compile(r"^\s*(?:[-*•]\s+)?\d{1,2}[.)](?=\s)", re.MULTILINE)

# Scale words after a number: each adds readings, the plain value always stays one.
_SCALES: tuple[tuple[re.Pattern[str], tuple[float, ...]], ...] = (
    (re.compile(r"\s?(?:k|K|к|К|тыс\.?|тысяч[аи]?|thousand)(?![^\W\d_])"), (1e3, 1024.0)),
    (re.compile(r"\s?(?:M|млн\.?|миллион\w*|million)(?![^\W\d_])"), (1e6, 1024.0**2)),
    (re.compile(r"\s?(?:B|b|bn|млрд\.?|миллиард\w*|billion)(?![^\W\d_])"), (1e9,)),
    (re.compile(r"\s?(?:T|трлн\.?|триллион\w*|trillion)(?![^\W\d_])"), (1e12,)),
    (re.compile(r"\s?(?:kW|кВт)(?![^\W\d_])"), (1e3,)),
    (re.compile(r"\s?(?:TB|ТБ)(?![^\W\d_])"), (1e3,)),  # TB of disk vs GB figures
    (re.compile(r"\s?%"), (0.01,)),
)

# Cardinal words a model may use instead of digits ("two A100", "восемь карт").
_WORDS: dict[str, int] = {
    "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "sixteen": 16,
    "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "hundred": 100,
    "один": 1, "одна": 1, "одну": 1, "одного": 1, "одной": 1, "одном": 1, "одно": 1,
    "два": 2, "две": 2, "двух": 2, "двумя": 2, "три": 3, "трёх": 3, "трех": 3,
    "тремя": 3, "четыре": 4, "четырёх": 4, "четырех": 4, "четырьмя": 4, "пять": 5,
    "пяти": 5, "шесть": 6, "шести": 6, "семь": 7, "семи": 7, "восемь": 8, "восьми": 8,
    "девять": 9, "девяти": 9, "десять": 10, "десяти": 10, "двенадцать": 12,
    "шестнадцать": 16, "двадцать": 20, "тридцать": 30, "пятьдесят": 50, "сто": 100,
}  # fmt: skip
_WORD = re.compile(r"(?<![^\W\d_])(" + "|".join(_WORDS) + r")(?![^\W\d_])", re.IGNORECASE)


@dataclass(frozen=True)
class Figure:
    """One reading of a stated number: its value and how finely the answer wrote it."""

    value: float
    tolerance: float

    def matches(self, known: float) -> bool:
        return abs(self.value - known) <= self.tolerance + 1e-9 * max(1.0, abs(known))


@dataclass(frozen=True)
class Mention:
    """A number as the answer states it, with every way it may be read."""

    text: str
    start: int
    end: int
    readings: tuple[tuple[Figure, ...], ...]  # supported when all figures of one reading are


def _tolerance(digits: str, decimals: int) -> float:
    """Half a unit of the last digit written; "470 000" counts as rounded to 2+ digits."""
    if decimals:
        return 0.5 * 10.0**-decimals
    significant = digits.rstrip("0")
    trailing = len(digits) - max(len(significant), 2)
    return 0.5 * 10.0 ** max(trailing, 0)


def _plain_readings(text: str) -> list[tuple[Figure, ...]]:
    """Readings of the digits alone: "1,5" is 1.5; "1,024" is 1024 or 1.024."""
    compact = re.sub(r"[ \u00a0\u202f]", "", text)
    readings: list[tuple[Figure, ...]] = []
    grouped_by_space = compact != text
    match = re.fullmatch(r"(\d+)(?:([.,])(\d+))?", compact)
    if match is None:  # "1,024.5" style: comma groups, point decimals
        whole, _, fraction = compact.partition(".")
        digits = whole.replace(",", "")
        value = float(f"{digits}.{fraction}" if fraction else digits)
        return [(Figure(value, _tolerance(digits, len(fraction))),)]
    whole, separator, fraction = match.groups()
    if separator and fraction is not None:
        readings.append((Figure(float(f"{whole}.{fraction}"), _tolerance(whole, len(fraction))),))
        if len(fraction) == 3 and not grouped_by_space:  # thousands: "46,592", "1.024"
            joined = whole + fraction
            readings.append((Figure(float(joined), _tolerance(joined, 0)),))
    else:
        readings.append((Figure(float(whole), _tolerance(whole, 0)),))
    if grouped_by_space:  # "на 20 100 пользователей" could be two numbers
        parts = re.split(r"[ \u00a0\u202f]", text.split(",")[0].split(".")[0])
        readings.append(tuple(Figure(float(p), _tolerance(p, 0)) for p in parts))
    return readings


def _scaled(
    readings: list[tuple[Figure, ...]], factors: Sequence[float]
) -> list[tuple[Figure, ...]]:
    out = list(readings)
    for reading in readings:
        if len(reading) != 1:
            continue
        (figure,) = reading
        out.extend((Figure(figure.value * f, figure.tolerance * f),) for f in factors)
    return out


def _exempt_spans(text: str) -> list[tuple[int, int]]:
    spans = [m.span() for m in _CITATION.finditer(text)]
    spans += [(m.start(), m.end()) for m in _LIST_NUMBER.finditer(text)]
    return spans


def extract_mentions(text: str) -> list[Mention]:
    """Every figure `text` states, in order; names (H100, FP8), citations and list numbers
    are not figures."""
    exempt = _exempt_spans(text)
    mentions: list[Mention] = []
    for match in _NUMBER.finditer(text):
        start, end = match.span()
        if any(a <= start < b for a, b in exempt):
            continue
        before = text[max(0, start - 3) : start]
        if _NAME_BEFORE.search(before) and not _TIMES_BEFORE.search(before):
            continue
        readings = _plain_readings(match.group())
        rest = text[end:]
        for pattern, factors in _SCALES:
            scale = pattern.match(rest)
            if scale:
                readings = _scaled(readings, factors)
                end += len(scale.group()) if pattern.pattern.endswith("%") else 0
                break
        mentions.append(Mention(text[start:end], start, end, tuple(readings)))
    for match in _WORD.finditer(text):
        value = float(_WORDS[match.group().lower()])
        figure = Figure(value, 0.0)
        mentions.append(Mention(match.group(), match.start(), match.end(), ((figure,),)))
    return sorted(mentions, key=lambda m: m.start)


# ---- what the tools and the user said -----------------------------------------------------

_SOURCE_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")


def _numbers_in_string(text: str) -> Iterator[float]:
    """Liberal: digits inside names count too ("h100-sxm" gives 100, "int4" gives 4)."""
    for match in _SOURCE_NUMBER.finditer(text):
        yield float(match.group().replace(",", ""))
    for mention in extract_mentions(text):
        for reading in mention.readings:
            for figure in reading:
                yield figure.value


def known_numbers(sources: Iterable[Any]) -> list[float]:
    """Every number in tool results (JSON-like values) and user messages (strings)."""
    found: set[float] = set()

    def walk(value: Any) -> None:
        if isinstance(value, bool) or value is None:
            return
        if isinstance(value, int | float):
            if math.isfinite(value):
                found.add(float(value))
        elif isinstance(value, str):
            found.update(_numbers_in_string(value))
        elif isinstance(value, BaseModel):  # with its rendered texts (computed fields)
            walk(value.model_dump(mode="json"))
        elif isinstance(value, Mapping):
            for item in value.values():
                walk(item)
        elif isinstance(value, Iterable):
            for item in value:
                walk(item)

    walk(list(sources))
    return sorted(found)


def is_supported(mention: Mention, known: Sequence[float]) -> bool:
    return any(
        all(any(figure.matches(k) for k in known) for figure in reading)
        for reading in mention.readings
    )


# ---- the guard ----------------------------------------------------------------------------

_SENTENCE_END = re.compile(r"(?<=[.!?…])\s+(?=\S)")
_BULLET = re.compile(r"\s*(?:[-*•]|\d{1,2}[.)])\s+")


@dataclass(frozen=True)
class GuardResult:
    """The answer the user may see, and what had to go."""

    text: str
    removed: tuple[str, ...]  # the unsupported figures (and citation markers) removed
    carries_key_result: bool  # the required figures are still stated

    @property
    def events(self) -> int:
        return len(self.removed)


def _sentences(line: str) -> list[str]:
    return [part for part in _SENTENCE_END.split(line) if part]


def _strip_bad_citations(text: str, passages: int) -> tuple[str, list[str]]:
    removed: list[str] = []

    def keep(match: re.Match[str]) -> str:
        space, marker = match.group(1), match.group(2)
        numbers = [int(n) for n in re.findall(r"\d+", marker)]
        good = [n for n in numbers if 1 <= n <= passages]
        if len(good) < len(numbers):
            removed.append(marker)
        return f"{space}[{', '.join(map(str, good))}]" if good else ""

    return _SPACED_CITATION.sub(keep, text), removed


def guard_answer(
    answer: str,
    sources: Iterable[Any],
    *,
    key_figures: Sequence[float] = (),
    passages: int = 0,
) -> GuardResult:
    """Drop every sentence stating a figure no source supports.

    `sources`: tool results and user messages. `key_figures`: numbers the answer must still
    state afterwards (the GPU count of a sizing). `passages`: how many knowledge passages
    the turn retrieved; a citation [n] beyond them is removed.
    """
    known = known_numbers(sources)
    text, removed = _strip_bad_citations(answer, passages)
    kept_lines: list[str] = []
    for line in text.splitlines():
        bullet = _BULLET.match(line)
        prefix = bullet.group() if bullet else ""
        kept: list[str] = []
        for sentence in _sentences(line[len(prefix) :]):
            bad = [m.text for m in extract_mentions(sentence) if not is_supported(m, known)]
            if bad:
                removed.extend(bad)
            else:
                kept.append(sentence)
        if kept:
            kept_lines.append(prefix + " ".join(kept))
        elif not line.strip():
            kept_lines.append("")
    repaired = re.sub(r"\n{3,}", "\n\n", "\n".join(kept_lines)).strip()
    stated = extract_mentions(repaired)
    carries = bool(repaired) and all(
        any(is_supported(m, [figure]) for m in stated) for figure in key_figures
    )
    return GuardResult(repaired, tuple(removed), carries)
