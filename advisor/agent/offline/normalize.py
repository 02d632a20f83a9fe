"""One normalised text for the reader: people's spelling in, one spelling of each thing out.

Before anything is matched, a question is lower-cased and rewritten so that the patterns
and the name matcher see one form of each thing:
- Cyrillic letters that look Latin inside GPU names ("А100", "Н200") become Latin, and GPU
  slang becomes the name ("эйч сотые" -> "h100", "4090-х" -> "4090");
- model family names written in Cyrillic ("ламу", "квен", "дипсик р1", "гпт-осс") become
  the Latin family;
- number words become digits ("двадцать пять" -> "25", "пару" -> "2", "fifteen" -> "15"),
  and "тыщ 10" (ten thousand, said backwards) becomes "10 тыс";
- sizes and multipliers get one unit: "70 млрд параметров" -> "70b", "7б" -> "7b",
  "32к" -> "32k", "8х22б" -> "8x22b".
A size followed by "токенов"/"tokens" is a dataset, not a model, and keeps its scale word.
"""

from __future__ import annotations

import re

# ---- look-alike letters and GPU slang -------------------------------------------------------

# Cyrillic letters that look like Latin ones, for names glued to digits ("А100", "Н100").
_LOOKALIKE = str.maketrans("авекмнорстух", "abekmhopctyx")
_CYRILLIC_GPU = re.compile(r"(?<![а-яa-z])([аевкмнорстух]{1,2})(\d{1,4})([а-яa-z]{0,3})\b")
_GPU_SLANG: tuple[tuple[str, str], ...] = (
    (r"эйч\s*двухсот\w*|аш\s*двухсот\w*", "h200"),
    (r"эйч\s*сот\w*|аш\s*сот\w*", "h100"),
    (r"\bа\s*сот(?:к|ок)\w*|\bа-?сотк\w*", "a100"),
    (r"\bртх\b", "rtx"),
    (r"\bл40с\b", "l40s"),
    (r"\bл4\b", "l4"),
    (r"\bл20\b", "l20"),
    (r"\bmax[\s-]+q\b|\bмакс[\s-]*кью\b", "maxq"),
    (r"\bми\s*350\s*х\b|\bmi\s*350\s*x\b", "mi350x"),
    (r"\bми\s*300\s*х\b|\bmi\s*300\s*x\b", "mi300x"),
    (r"\bвидях\w*|\bвидюх\w*|\bвидеокарточ\w*", "видеокарт"),
    (r"\bврам\w*", "vram"),
    (r"\bгпу\b|\bгпу-?шк\w*", "gpu"),
)
# "4090-е", "4090-х", "3090х" (a plural ending, not a multiplier)
_GPU_PLURAL = re.compile(r"\b(\d{4})\s*-\s*(?:[ехиоя]|ых|ые|ой|ую|ми)\b|\b(\d{4})(?:х|-х)\b")

# ---- model family names in Cyrillic -------------------------------------------------------

_FAMILIES: tuple[tuple[str, str], ...] = (
    (r"л?лам[аеуыо][а-я]*", "llama"),
    (r"квен[а-я]*|кьюен[а-я]*", "qwen"),
    (r"дипсик[а-я]*|дипсек[а-я]*", "deepseek"),
    (r"микстрал[а-я]*", "mixtral"),
    (r"мистрал[а-я]*", "mistral"),
    (r"(?:д?ж|г)[еэ]мм[а-я]*", "gemma"),
    (r"гпт[\s-]*осс|гпт[\s-]*oss", "gpt-oss"),
    (r"гигачат[а-я]*", "gigachat"),
    (r"яндекс\s*gpt|яндексгпт|яндекс\s*гпт", "yandexgpt"),
    (r"т-?про\b", "t-pro"),
    (r"т-?лайт\b", "t-lite"),
    (r"ф(?:ай|и)(?=[\s-]*\d)", "phi"),  # "фи-4", "фай-3"
    (r"(?<=\d )мини\b|(?<=\d-)мини\b", "mini"),  # "фай-3 мини": a version's size
    (r"смол(?=[\s-]*\d)|смол\b", "small"),
    (r"(?<=mistral[\s-])немо\b|\bнемо(?=[\s-]*\d+\s*(?:[бb]|млрд))", "nemo"),  # QA 43
    (r"дистил+[а-я]*|\bdistill(?:ed|ation)\b", "distill"),
    (r"скаут[а-я]*", "scout"),
    (r"маверик[а-я]*", "maverick"),
    (r"фалкон[а-я]*|фалькон[а-я]*", "falcon"),
    (r"клод[а-я]*", "claude"),
    (r"кими\b", "kimi"),
    (r"некст\b", "next"),
    (r"глм\b", "glm"),
    (r"эйр\b", "air"),
    (r"лардж[а-я]*|ладж[а-я]*", "large"),
    (r"медиум[а-я]*", "medium"),
    (r"к[оа]д+ер[а-я]*", "coder"),
    (r"инструкт[а-я]*", "instruct"),
)
# "р1", "в3", "в2.5" after a family: a version, not a Russian word.
_LATIN_VERSION = re.compile(r"(?<![а-яa-z])([рв])(\d+(?:\.\d+)?)(?![\d.])")

# ---- numbers ------------------------------------------------------------------------------

_UNITS: dict[str, int] = {
    "ноль": 0, "один": 1, "одна": 1, "одну": 1, "одной": 1, "одном": 1, "одного": 1,
    "одни": 1, "два": 2, "две": 2, "двух": 2, "двумя": 2, "пара": 2, "пару": 2, "паре": 2,
    "парой": 2, "пары": 2, "три": 3, "трех": 3, "тремя": 3, "трое": 3, "четыре": 4,
    "четырех": 4, "четырьмя": 4, "четверо": 4, "пять": 5, "пяти": 5, "пятью": 5, "пятеро": 5,
    "шесть": 6, "шести": 6, "шестью": 6, "семь": 7, "семи": 7, "восемь": 8, "восьми": 8, "восемью": 8, "девять": 9,
    "девяти": 9, "десять": 10, "десяти": 10, "десяток": 10, "одиннадцать": 11,
    "двенадцать": 12, "пятнадцать": 15, "пятнадцати": 15, "шестнадцать": 16,
    "шестнадцати": 16, "двадцать": 20, "двадцати": 20, "тридцать": 30, "тридцати": 30,
    "сорок": 40, "сорока": 40, "пятьдесят": 50, "пятидесяти": 50, "шестьдесят": 60,
    "семьдесят": 70, "восемьдесят": 80, "девяносто": 90, "сто": 100, "ста": 100,
    "двести": 200, "двухсот": 200, "триста": 300, "трехсот": 300, "четыреста": 400,
    "пятьсот": 500, "пятисот": 500,
    "one": 1, "a single": 1, "single": 1, "two": 2, "a pair of": 2, "pair of": 2,
    "a couple of": 2, "couple of": 2, "dual": 2, "three": 3, "four": 4, "quad": 4, "five": 5,
    "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    "fifteen": 15, "sixteen": 16, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
    "sixty": 60, "seventy": 70, "eighty": 80, "ninety": 90, "hundred": 100,
    "a hundred": 100, "a dozen": 12, "dozen": 12,
}  # fmt: skip
_NUMBER_WORD = re.compile(
    r"(?<![\w-])("
    + "|".join(sorted((re.escape(w) for w in _UNITS), key=len, reverse=True))
    + r")(?![\w-])"
)
# "двадцать пять" -> 25: a tens word followed by a unit word.
_TENS = frozenset({20, 30, 40, 50, 60, 70, 80, 90})
_COMPOUND = re.compile(r"\b(20|30|40|50|60|70|80|90) ([1-9])\b")
_HUNDREDS = re.compile(r"\b([1-9]00) (\d{1,2})\b(?!\s*(?:x\b|[.,]\d))")
# "тыщ 10 диалогов" / "тысяч 50": a thousands word before its number
_THOUSANDS_FIRST = re.compile(r"\b(?:тыщ\w*|тысяч\w*|тыс\.?)\s+(\d+)\b")
# "ответы тыщ по 8 токенов": thousands each, said backwards (never after a number: "5 тысяч по
# 500 токенов" is 5,000 of 500 tokens)
_THOUSANDS_EACH = re.compile(r"(?<!\d)(?<!\d )\b(?:тыщ\w*|тысяч\w*)\s+по\s+(\d+)\b")
_THOUSANDS_WORD = re.compile(r"\b(тыщ\w*|тысяч\w*|тысяча|тысячи)\b")
# "миллиона 2", "лимона 3": a millions word before its number
_MILLIONS_FIRST = re.compile(
    r"\b(миллион\w*|лимон\w*|лям\w*)\s+(\d+(?:[.,]\d+)?)\b(?!\s*(?:x\b|[.,]\d))"
)

# ---- sizes and multipliers -----------------------------------------------------------------

_TOKEN_WORD = r"(?:токен\w*|tokens?)"
_BILLIONS = re.compile(
    rf"(\d+(?:[.,]\d+)?)\s*(?:млрд\.?|миллиард\w*|billion|bn)(?!\s*(?:\S+\s+)?{_TOKEN_WORD})"
    r"(?:\s+(?:параметр\w*|parameters?|params))?"
)
_CYRILLIC_SIZE = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s?б(?![а-яa-z]|[/.]у)")
_CYRILLIC_MOE = re.compile(r"(?<![\w.])(\d+)\s*[хx]\s*(\d+)\s*[бb](?![а-яa-z])")
_CYRILLIC_K = re.compile(r"(?<![\w.])(\d+(?:[.,]\d+)?)\s?к(?![а-яa-z])")
_ACTIVE_PARAMS = re.compile(r"(?<![\w.])([аa])(\d+(?:\.\d+)?)\s?[бb](?![а-яa-z])")


def _fold_numbers(text: str) -> str:
    text = _NUMBER_WORD.sub(lambda m: str(_UNITS[m.group(1)]), text)
    text = _COMPOUND.sub(lambda m: str(int(m.group(1)) + int(m.group(2))), text)
    text = _HUNDREDS.sub(lambda m: str(int(m.group(1)) + int(m.group(2))), text)
    text = _THOUSANDS_EACH.sub(r"по \1 тыс", text)
    text = _THOUSANDS_FIRST.sub(r"\1 тыс", text)
    text = _MILLIONS_FIRST.sub(r"\2 \1", text)
    return _THOUSANDS_WORD.sub("тыс", text)


def _cyrillic_gpu(match: re.Match[str]) -> str:
    letters, digits, tail = match.groups()
    if tail and not re.fullmatch(r"[a-zа-я]{0,3}", tail):
        return match.group(0)
    return letters.translate(_LOOKALIKE) + digits + tail.translate(_LOOKALIKE)


# A Latin word with a Cyrillic look-alike typed into it ("Llаma" with a Cyrillic "а").
_MIXED_WORD = re.compile(r"\b(?=\w*[a-z])(?=\w*[авекмнорстух])[a-zавекмнорстух0-9]+\b")


_LONG_DIGITS = re.compile(r"\d{16,}")
_BLANKS = re.compile(r"[ \t]{2,}")


# "сотрудников будет не 200, а 1000", "not 200 but 1000": the figure said instead is the one
# meant (QA 54 read neither and repeated the last answer).
_NOT_BUT = re.compile(
    r"\bне\s+(\d+(?:[ .,]\d{3})*)\s*,?\s+а\s+(?=\d)|\bnot\s+(\d+(?:,\d{3})*)\s*,?\s+but\s+(?=\d)"
)


def normalize(text: str) -> str:
    """The question in the reader's one spelling (see the module docstring)."""
    out = text.lower().replace("ё", "е").replace("\u00a0", " ")
    # No quantity has more than 15 digits and no phrase needs a run of blanks: bounding both
    # keeps every pattern below linear on hostile input (a 4,000-digit "question" took 5 s).
    out = _LONG_DIGITS.sub(lambda m: m.group(0)[:15], out)
    out = _BLANKS.sub(" ", out)
    out = _MIXED_WORD.sub(lambda m: m.group(0).translate(_LOOKALIKE), out)
    out = re.sub(r"[‐-―−]", "-", out)
    out = out.replace("×", "x")
    for pattern, replacement in _GPU_SLANG:
        out = re.sub(pattern, replacement, out)
    out = _GPU_PLURAL.sub(lambda m: m.group(1) or m.group(2), out)
    for pattern, latin in _FAMILIES:
        out = re.sub(rf"(?<![а-яa-z]){pattern}", latin, out)
    out = _LATIN_VERSION.sub(lambda m: {"р": "r", "в": "v"}[m.group(1)] + m.group(2), out)
    out = _CYRILLIC_MOE.sub(r"\1x\2b", out)
    out = _ACTIVE_PARAMS.sub(r"a\2b", out)
    out = _BILLIONS.sub(lambda m: m.group(1).replace(",", ".") + "b", out)
    out = _CYRILLIC_SIZE.sub(lambda m: m.group(1).replace(",", ".") + "b", out)
    out = _CYRILLIC_K.sub(r"\1k", out)
    out = _CYRILLIC_GPU.sub(_cyrillic_gpu, out)
    return _NOT_BUT.sub("", _fold_numbers(out))
