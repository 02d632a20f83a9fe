"""Numbers with their meaning, read from normalised text (see `normalize`).

A number means nothing alone: "32k" after "context" is a context length, "50 тыс
примеров" is a dataset, "200 сотрудников" is the staff, "20 человек одновременно" the
concurrent users, "3 лимона" a budget in roubles. Each reader here looks for the words
that give a number its meaning and returns None when they are not there, so a number is
never guessed into a field (a year, a store count or "20,000 invoices a month" stay
unread).
"""

from __future__ import annotations

import math
import re
import typing
from dataclasses import dataclass
from typing import Literal

Currency = Literal["RUB", "USD", "EUR"]
UseCase = Literal[
    "chat", "rag", "support", "code", "extraction", "summarization", "translation", "agents"
]
Want = Literal["cheapest", "api_vs_own", "fast", "fastest", "largest_model", "rent", "per_token"]
GpuVendor = Literal["nvidia", "amd"]
WANTS: tuple[Want, ...] = typing.get_args(Want)

# "1,200", "20 000", "2.5", "2,5"; a comma before exactly three digits groups thousands.
NUM = r"(\d{1,3}(?:[ ,]\d{3})+(?![\d.])|\d+(?:[.,]\d+)?)"
_K = r"(?:\s*(k|тыс\.?|thousand))?"
_POWERS_OF_TWO = frozenset(2**n for n in range(11))


def number(text: str) -> float:
    """'1,200' -> 1200, '20 000' -> 20000, '2,5' -> 2.5."""
    if re.fullmatch(r"\d{1,3}(?:[ ,]\d{3})+", text):
        return float(re.sub(r"[ ,]", "", text))
    return float(text.replace(",", "."))


def tokens(value: float, scale: str | None) -> int:
    """A token count: '32k' -> 32768 (lengths in k that are powers of two are binary),
    '100k' -> 100000, '4096' -> 4096."""
    if not scale:
        return int(value)
    if value in _POWERS_OF_TWO:
        return int(value) * 1024
    return int(value * 1000)


# ---- context and sequence length ----------------------------------------------------------

_CONTEXT_WORD = r"(?:context|ctx|контекст\w*|max[_ ]model[_ ]len)"
_FILLER = (
    r"(?:\s+(?:window|length|size|of|up to|is|about|около|до|в|на|диалога|окна|длиной|[-—:=~]))*"
)
_CONTEXT_AFTER = re.compile(rf"{_CONTEXT_WORD}{_FILLER}\s*~?{NUM}{_K}(?![\d.,]*\s*(?:b|m)\b)")
_CONTEXT_BEFORE = re.compile(
    rf"(?<![\w.]){NUM}{_K}\s*-?\s*(?:токен\w*\s+|tokens?\s+|token\s*)?"
    rf"(?:{_CONTEXT_WORD}|окн\w* контекста)"
)
_TOKENS_ALONE = re.compile(rf"(?<![\w.,]){NUM}{_K}\s*-?\s*(?:токен\w*|tokens?)\b")
_SEQ_WORD = r"(?:seq(?:uence)?[ _-]?len(?:gth)?|sequence length|длин\w* последовательност\w*|последовательност\w*)"
_SEQ_AFTER = re.compile(rf"{_SEQ_WORD}{_FILLER}\s*{NUM}{_K}")
_SEQ_BEFORE = re.compile(rf"(?<![\w.]){NUM}{_K}\s*-?\s*(?:токен\w*\s+|tokens?\s+)?{_SEQ_WORD}")


def _length(match: re.Match[str] | None) -> int | None:
    if match is None:
        return None
    value = tokens(number(match.group(1)), match.group(2))
    return value if value >= 128 else None


# "llama 3.1 8b, 32k": a binary thousand standing alone at the end of a phrase
_CONTEXT_ALONE = re.compile(r"(?<![\w.$€])(\d{1,4})k(?=\s*(?:[,.?!;)]|$))")


# "10M context", "контекст 1 млн токенов": the million-token windows (Llama 4 Scout's 10M)
_MILLION = r"\s*(?:m|млн|million|миллион\w*)"
_CONTEXT_M_AFTER = re.compile(rf"{_CONTEXT_WORD}{_FILLER}\s*~?(\d{{1,2}}(?:[.,]\d)?){_MILLION}\b")
_CONTEXT_M_BEFORE = re.compile(  # "10M context", "1 млн токенов контекста"; not "бюджет 2 млн"
    rf"(?<![\w.$€])(\d{{1,2}}(?:[.,]\d)?)(?:m\s*-?\s*(?:tokens?\s+|токен\w*\s+)?|"
    rf"{_MILLION}\s+(?:tokens?|токен\w*)\s+)(?:of\s+)?(?:{_CONTEXT_WORD}|окн\w* контекста)"
)


def _million_length(match: re.Match[str] | None) -> int | None:
    """'1M' is 2^20 tokens as vendors count a window; '10M' is ten million."""
    if match is None:
        return None
    value = number(match.group(1))
    return int(value) * 1024 * 1024 if value in _POWERS_OF_TWO else int(value * 1_000_000)


def read_context(text: str) -> int | None:
    """Tokens per request: 'контекст 8к', '32k context', 'при контексте 4096 токенов',
    '10M context', and a lone '32k' (only a power of two: a length, not a price or a
    count)."""
    for pattern in (_CONTEXT_AFTER, _CONTEXT_BEFORE):
        found = _length(pattern.search(text))
        if found is not None:
            return found
    for pattern in (_CONTEXT_M_AFTER, _CONTEXT_M_BEFORE):
        found = _million_length(pattern.search(text))
        if found is not None:
            return found
    for match in _CONTEXT_ALONE.finditer(text):
        value = int(match.group(1))
        if value in _POWERS_OF_TWO and value >= 2:
            return value * 1024
    return None


# "32k context each", "по 32к контекста на каждого": every request that long, not a window.
_EACH_AFTER = re.compile(
    r"[^.?!;\n\d]{0,16}?\b(?:each|per (?:user|person|request|query|seat)"
    r"|for (?:every|each) (?:user|request)|на каждо\w*|каждо\w*"
    r"|на (?:одного )?(?:пользовател|запрос|человек|сотрудник)\w*)"
)


# "with full 128k context", "полный контекст 128к": every session uses the whole window.
_FULL_CONTEXT = re.compile(
    r"\bfull\s+(?:\d+\s*k\b|context|window)|\bentire\s+(?:\d+\s*k\b|context|window)|"
    r"\bполн\w*\s+(?:\d+\s*к\w*\s+)?(?:контекст|окн)\w*|\bвесь\s+контекст\b|"
    # "128k, чтобы целиком договоры закидывать": every request is a whole document (QA 44);
    # adjacent only ("документы должны полностью оставаться внутри" is where data stays)
    r"(?:целиком|полностью)\s+(?:договор|документ|контракт|книг|отч[её]т)\w*\s+"
    r"(?:закид|загруж|подава|отправл|класть|кидат|засовыва|вставл)\w*|"
    r"(?:закид|загруж|подава|отправл|кидат|засовыва|вставл)\w*\s+(?:\w+\s+)?(?:целиком|полностью)|"
    r"(?:договор|документ|контракт|книг|отч[её]т)\w*\s+целиком\b|"
    r"\b(?:paste|put|feed|load|send|drop|fit)\w*\s+(?:in\s+)?(?:the\s+)?(?:whole|entire|full)\s+"
    r"(?:contracts?|documents?|files?|books?|reports?)\b|"
    # "a legal document review tool, 64k context": the window is sized for the documents each
    # review reads (QA 51), not for a chat's short turns
    r"\b(?:document|contract)s?\s+(?:review|analysis)|"
    # "32к контекста для длинных договоров", "for long contracts": the window is for them
    r"(?:для|под)\s+(?:\w+\s+)?длинн\w+\s+(?:договор|документ|контракт|отч[её]т)\w*|"
    r"\bfor\s+(?:\w+\s+)?long\s+(?:contracts?|documents?|reports?|files?)\b|"
    r"\b(?:провер|анализ|ревью|разбор)\w*\s+(?:\w+\s+)?(?:договор|документ|контракт)\w*|"
    r"\b(?:process|analy[sz]|review|summari[sz]|check)\w*\s+(?:\w+\s+)?(?:contracts?|"
    r"documents?|reports?|filings?)\b"
)

# "на каждый запрос нужно 32к контекста", "each request needs a 32k context": said before it
_EACH_BEFORE = re.compile(
    r"(?:\b(?:each|every)\s+(?:user|request|query|prompt|session|conversation|chat)s?|"
    # "if each has an 8k context", "если у каждого контекст 8к" (QA 49)
    r"\beach(?:\s+(?:one|of them))?\s+(?:has|gets|needs|uses|with)\b|"
    r"\bу\s+кажд\w+|(?:на|для)\s+кажд(?:ого|ую|ый)\b|"
    r"(?:на|для)\s+кажд\w+\s+(?:запрос|диалог|пользовател|сесси|чат)\w*|"
    r"кажд\w+\s+(?:запрос|диалог|пользовател|сесси|чат)\w*)[^.?!;\n\d]{0,24}$"
)


# "reports of around 120k tokens each", "по 50к токенов каждый": each prompt that long
_TOKENS_EACH = re.compile(
    r"\d\s*(?:k|к|тыс\w*)?\s*(?:tokens?|токен\w*)\s+(?:each|apiece|каждый|каждая|каждое|"
    r"per (?:request|report|document|contract|file))\b"
)


def says_context_each(text: str) -> bool:
    """'32k context each', 'контекст 32к на каждого', 'full 128k context', '120k tokens
    each': every request fills that length."""
    if _FULL_CONTEXT.search(text) or _TOKENS_EACH.search(text):
        return True
    for pattern in (_CONTEXT_AFTER, _CONTEXT_BEFORE):
        found = pattern.search(text)
        if found is not None and (
            _EACH_AFTER.match(text, found.end())
            or _EACH_BEFORE.search(text[max(0, found.start() - 40) : found.start()])
        ):
            return True
    return False


# "2 млн отзывов", "500k customer reviews": a batch whose items are customer reviews
_REVIEW_ITEMS = re.compile(
    rf"(?<![\w.]){NUM}\s*(?:k|тыс\.?|thousand|m|млн\.?|million|миллион\w*)?\s+"
    r"(?:[^\W\d]+\s+){0,2}?(?:отзыв\w*|reviews\b)"
)


def says_review_items(text: str) -> bool:
    """'классифицировать 2 млн отзывов': the batch's items are customer reviews."""
    return _REVIEW_ITEMS.search(text) is not None


def read_seq_len(text: str) -> int | None:
    """Training sequence length: '2k seq len', 'длина последовательности 4096'."""
    return _length(_SEQ_AFTER.search(text)) or _length(_SEQ_BEFORE.search(text))


def bare_token_length(text: str) -> int | None:
    """'4096 токенов' with no other meaning given: a length, for a question that is neither
    a dataset nor a context question."""
    for match in _TOKENS_ALONE.finditer(text):
        value = tokens(number(match.group(1)), match.group(2))
        if 128 <= value <= 1_048_576:
            return value
    return None


# ---- people and load ----------------------------------------------------------------------

_CONCURRENT = (
    r"(?:concurrent(?:ly)?|simultaneous(?:ly)?|parallel|at once|at the same time|at a time|"
    r"одновременн\w*|параллельн\w*|разом|в один момент)"
)
_USER_NOUN = (
    r"(?:users?|people|ppl|persons?|operators?|requests|sessions|seats|"
    r"юзер\w*|пользовател\w*|человек\w*|чел\b|оператор\w*|запрос\w*|сесси\w*)"
)
# Only with "at once": "100 concurrent conversations" is a load, "10 тыс диалогов" a dataset.
_LOAD_NOUN = (
    rf"(?:{_USER_NOUN}|conversations|chats|dialog(?:ue)?s|calls|players|игрок\w*|диалог\w*|"
    r"чат\w*|клиент\w*|"
    r"звонк\w*|разговор\w*|вызов\w*)"
)
_STAFF_NOUN = (
    r"(?:employees?|staff|colleagues|workers|engineers|devs|developers|lawyers|analysts|"
    r"(?:support |service |call[- ]cent(?:er|re) )agents|consultants|doctors|students|pupils|"
    r"learners|clinicians|nurses|physicians|teachers|recruiters|accountants|salespeople|"
    r"sales reps|reps|dispatchers|managers|clerks|paralegals|researchers|scientists|editors|"
    r"journalists|designers|marketers|technicians|auditors|economists|underwriters|"
    r"pharmacists|radiologists|dentists|tutors|professors|студент\w*|учени\w*|слушател\w*|медсест\w*|учител\w*|"
    r"преподавател\w*|бухгалтер\w*|продавц\w*|кассир\w*|"
    r"специалист\w*|консультант\w*|врач\w*|"
    r"сотрудник\w*|работник\w*|коллег\w*|разработчик\w*|разраб\w*|девелопер\w*|прогер\w*|"
    r"программист\w*|кодер\w*|юрист\w*|"
    r"аналитик\w*|менеджер\w*|инженер\w*|диспетчер\w*|логист(?:ы|ов|ам|ами)?\b|экономист\w*|аудитор(?:ы|ов|ам|ами)?\b|"
    r"юрисконсульт\w*|маркетолог\w*|дизайнер\w*|редактор\w*|журналист\w*|исследовател\w*|"
    r"техник(?:и|ов|ам|ами)?\b|механик\w*|провизор\w*|фармацевт\w*|рентгенолог\w*|"
    r"стоматолог\w*|педагог\w*|кадровик\w*|рекрутер\w*|андеррайтер\w*|сметчик\w*|"
    r"проектировщик\w*|архитектор\w*)"
)
_ADJ = r"(?:(?:concurrent|simultaneous|active|parallel|живых|активных|наших|our|internal)\s+)*"
_VOLUME_SCALE = r"(?:\s*(k|тыс\.?|thousand|m|млн\.?|million|миллион\w*|лям\w*|лимон\w*))?"
_RPS = re.compile(
    rf"{NUM}{_VOLUME_SCALE}\s*(?:rps|qps|req(?:uests)?\s*(?:/|per)\s*s(?:ec(?:ond)?)?|"
    r"запрос\w*\s*(?:в|/)\s*(?:секунд\w*|сек\b|с\b))"
)
# A rate per minute or hour: "100 запросов в минуту", "600 requests per hour", "120 rpm".
_RATE_PER = re.compile(
    rf"{NUM}{_VOLUME_SCALE}\s*(?:rpm\b|(?:requests|queries|calls|запрос\w*|обращени\w*)\s*"
    r"(?:в|/|per|a|an)\s*(минут\w*|мин\b|minutes?|min\b|час\w*|hours?|hr\b))"
)
_AT_MOST = r"(?:максимум|не более|не больше|до|около|примерно|at most|up to|max(?:imum)?|about|~)"
_USERS_PATTERNS: tuple[re.Pattern[str], ...] = (
    # "одновременно максимум человек 40": at once, whatever else the message counts
    # ("одновременно будут сидеть человек 30": a verb or two between)
    re.compile(
        rf"{_CONCURRENT}\s+(?:[^\W\d]+\s+){{0,3}}?(?:{_AT_MOST}\s+)?"
        rf"(?:человек\w*|пользовател\w*|users?|people)\s+{_AT_MOST}?\s*~?{NUM}(?!\w|[.,]\d)"
    ),
    re.compile(rf"(?<![\w.]){NUM}\s*(?:{_CONCURRENT}\s+)(?:\w+\s+)?{_LOAD_NOUN}"),
    re.compile(rf"(?<![\w.]){NUM}{_K}\s+{_ADJ}{_USER_NOUN}(?!\w)"),
    re.compile(rf"(?<![\w.]){NUM}\s+(?:of (?:them|us)\s+)?(?:\w+\s+){{0,4}}?{_CONCURRENT}"),
    re.compile(
        rf"(?<![\w.]){NUM}\s+(?:{_STAFF_NOUN}|{_USER_NOUN}),\s+(?:\w+\s+){{0,2}}?{_CONCURRENT}"
    ),
    re.compile(
        rf"{_USER_NOUN}\s+(?:человек\s+)?(?:(?:будет|будут|станет|станут|около|примерно|на)\s+)?"
        rf"~?{NUM}(?!\w|[.,]\d)(?!\s+(?:x\s*)?\d)(?!\s*(?:токен\w*|tokens?|слов\w*|words?|k\b|к\b))"
    ),
    re.compile(
        rf"{_CONCURRENT}\s+(?:\w+\s+){{0,4}}?(?:около|до|up to|about|~)\s*{NUM}(?!\w|[.,]\d)"
    ),
    re.compile(
        rf"{_CONCURRENT}\s+(?:\w+\s+){{0,4}}?(?:около|до|up to|about|~)?\s*{NUM}\s+{_STAFF_NOUN}"
    ),
)
_HEADCOUNT_PATTERNS: tuple[re.Pattern[str], ...] = (
    re.compile(
        rf"(?:компани\w*|организаци\w*|фирм\w*|команд\w*|коллектив\w*|штат\w*|бюро|банк\w*|"
        r"отдел\w*|департамент\w*|подразделени\w*)"
        rf"\s+(?:из|в|на)?\s*~?{NUM}\s*(?:человек|сотрудник\w*|работник\w*)?"
    ),
    re.compile(
        rf"(?:company|team|firm|organisation|organization|staff|headcount|department|division)"
        rf"\s+of\s+(?:about\s+|around\s+|roughly\s+|some\s+)?~?\s*{NUM}"
    ),
    re.compile(rf"(?<![\w.]){NUM}(?:\s*(k|тыс\.?|thousand))?\s+{_ADJ}{_STAFF_NOUN}"),
    re.compile(rf"(?:штат\w*|headcount)\s*[-—:]?\s*{NUM}"),
    re.compile(
        rf"{NUM}\s*-?\s*(?:person|people|employee|strong)\s+(?:\w+\s+)?"
        r"(?:company|team|firm|business|organi[sz]ation|office|agency|bank|clinic|hospital)"
    ),
    re.compile(rf"(?:company|team) (?:has|have|with|of about|of around)\s+~?{NUM}"),
    re.compile(rf"(?:контор\w*|предприяти\w*|офис\w*)\s+(?:на|из|в)\s+~?{NUM}\s*человек"),
    re.compile(
        rf"{NUM}\s+человек\s+(?:в|во|из)\s+(?:штате|компании|офисе|команд\w*|отдел\w*|"
        r"департамент\w*|подразделени\w*|филиал\w*)"
    ),
    # "для отдела продаж на 15 человек": the department's people, its name between
    re.compile(
        rf"(?:отдел\w*|департамент\w*|подразделени\w*|команд\w*)(?:\s+[^\W\d]+){{1,2}}\s+"
        rf"(?:из|на)\s+~?{NUM}\s*(?:человек|сотрудник\w*|работник\w*)"
    ),
)


# The size of the organisation ("компания из 800 человек", "контора на 150 человек", "a 15
# person company"): never a load, whatever noun follows.
# The people who use it in a day ("500 daily users", "500 DAU", "500 пользователей в день"):
# the user base, of whom a share is at once, as staff are.
_DAILY_USERS = re.compile(
    rf"(?<![\w.]){NUM}(?:\s*(k|тыс\.?|thousand))?\s+(?:daily (?:active )?users|dau\b|"
    r"(?:уникальн\w* |активн\w* )?пользовател\w* (?:в день|в сутки|ежедневно)|"
    r"ежедневн\w* (?:активн\w* )?пользовател\w*)"
)
_HEADCOUNT_PATTERNS = (*_HEADCOUNT_PATTERNS, _DAILY_USERS)
_COMPANY_PATTERNS = (
    *_HEADCOUNT_PATTERNS[:2],
    _HEADCOUNT_PATTERNS[4],
    *_HEADCOUNT_PATTERNS[-3:],
)
# "на всю компанию, 1000 человек": the size after a comma, with its noun (not "at once").
_COMPANY_COMMA = re.compile(
    rf"(?:компани\w*|организаци\w*|фирм\w*|коллектив\w*),\s*~?{NUM}\s*(?:человек|"
    r"сотрудник\w*|работник\w*)(?!\s+(?:одновременно|онлайн|сразу))"
)
_HEADCOUNT_PATTERNS = (*_HEADCOUNT_PATTERNS, _COMPANY_COMMA)
# "ассистент для юристов, 40 человек", "for our lawyers (25 people)": the team the role
# names, unless said at once.
_ROLE_COUNT = re.compile(
    rf"{_STAFF_NOUN}\s*(?:[,(—–-]|\s(?:на|из))\s*(?:их\s+|всего\s+|about\s+|около\s+)?~?{NUM}\s*"
    r"(?:человек|чел\b|people|persons)(?!\s+(?:одновременно|онлайн|сразу|at once|concurrently|"
    r"simultaneously|online))"
)
# "врачей человек 10": the count after its noun, about that many
_ROLE_COUNT_AFTER = re.compile(
    rf"{_STAFF_NOUN}\s+(?:человек|чел\.?)\s+~?{NUM}(?!\s*(?:одновременно|онлайн|сразу))"
)
# "а если сотрудников будет 1000?", "сотрудников 1000": the count after its noun
_STAFF_THEN_COUNT = re.compile(
    rf"{_STAFF_NOUN}\s+(?:(?:будет|будут|станет|станут|уже|всего|около|примерно|will be|"
    rf"grows? to|about)\s+)?~?{NUM}(?!\w|[.,]\d)(?!\s*(?:x\b|gpu|карт\w*|штук\w*|шт\b|"
    r"гб|gb|токен\w*|tokens?|слов\w*|words?|%|одновременно|онлайн|сразу|at once|"
    r"concurrent\w*|simultaneous\w*|online))"
)
# "grew from 50 to 500 users", "выросли со 100 до 1000 пользователей": a user base that grew,
# of whom the usual share is on at once (as staff are), not 500 chats at once.
_GREW_TO = re.compile(
    rf"(?:grew|grown|growing|went|expanded|scaled|increased|jumped|gone)\s+(?:\w+\s+){{0,2}}?"
    rf"from\s+~?{NUM}(?:\s+users)?\s+to\s+~?{NUM}(?:\s*(k|thousand))?\s+"
    r"(?:users|people|employees|staff|customers|clients)(?!\s+(?:online|at once|concurrent))|"
    rf"вырос\w*\s+(?:\w+\s+){{0,2}}?(?:с|со)\s+~?{NUM}\s+до\s+~?{NUM}(?:\s*(тыс\.?))?\s+"
    r"(?:пользовател\w*|человек|сотрудник\w*|клиент\w*|юзер\w*)(?!\s+(?:одновременно|онлайн))"
)
# "our support team (~40 agents)", "команда (около 15 человек)": the team's size in brackets
_TEAM_BRACKETS = re.compile(
    rf"(?:team|staff|department|команд\w*|отдел\w*|штат\w*)\s*\(\s*(?:about |around |около |"
    rf"примерно )?~?\s*{NUM}\s*(?:people|persons|agents|{_STAFF_NOUN}|человек|чел\.?)?\s*\)"
)
# "about 30 people use it", "used by 200 people", "пользоваться будут человек 50": the people
# who use it, of whom a share is on at once, unless said at once.
_AT_ONCE_WORDS = (
    r"(?:at once|at the same (?:time|moment)|at any (?:given )?(?:moment|time)|at (?:the )?peak|"
    r"concurrently|simultaneously|online|одновременно|онлайн|сразу|параллельно|в пике|"
    r"в час пик|в один момент|в одно время)"
)
_NOT_AT_ONCE = rf"(?!\s+(?:\w+\s+){{0,3}}?{_AT_ONCE_WORDS})"
# after a Russian count: "человек" may come between it and "одновременно"
_NOT_AT_ONCE_RU = rf"(?![\d.,])(?!\s*(?:человек|чел\.?)?\s*(?:\w+\s+){{0,2}}?{_AT_ONCE_WORDS})"
_PEOPLE_USE = (
    re.compile(
        rf"(?<![\w.]){NUM}(?![\d.,])\s+(?:people|persons|users)\s+(?:will\s+|would\s+|"
        rf"are going to\s+|(?:do|would)\s+)?(?:use|using)\b{_NOT_AT_ONCE}"
    ),
    re.compile(
        rf"used by\s+(?:about\s+|around\s+|some\s+|up to\s+)?~?\s*{NUM}\s+(?:people|persons|"
        rf"users){_NOT_AT_ONCE}"
    ),
    re.compile(
        rf"пользоваться\s+(?:им\s+|ей\s+|ими\s+)?(?:будут|будет|станут)\s+(?:около\s+|"
        rf"примерно\s+|человек\s+)?~?{NUM}{_NOT_AT_ONCE_RU}"
    ),
    re.compile(
        rf"(?<![\w.]){NUM}\s+человек\s+(?:будут\s+|будет\s+)?(?:им\s+|ей\s+|ими\s+)?"
        rf"пользова\w*\b{_NOT_AT_ONCE}"
    ),
    # "человек на 300 будут им пользоваться": about that many people use it (QA 44)
    re.compile(
        rf"(?:человек|людей|сотрудник\w*)\s+(?:на|около|примерно)\s+~?{NUM}\s+"
        rf"(?:будут\s+|будет\s+|станут\s+)?(?:им\s+|ей\s+|ими\s+)?пользова\w*\b{_NOT_AT_ONCE}"
    ),
)
_HEADCOUNT_PATTERNS = (
    *_HEADCOUNT_PATTERNS,
    _ROLE_COUNT,
    _ROLE_COUNT_AFTER,
    _STAFF_THEN_COUNT,
    _TEAM_BRACKETS,
    *_PEOPLE_USE,
)


def read_grown_user_base(text: str) -> int | None:
    """The users a service grew to ("from 50 to 500 users"): everyone who uses it."""
    found = _GREW_TO.search(text)
    if found is None:
        return None
    digits, thousands = (found.group(2), found.group(3)) if found.group(2) else found.group(5, 6)
    value = number(digits) * (1000 if thousands else 1)
    return int(value) if 1 <= value <= 10_000_000 and value.is_integer() else None


_COMPANY_PATTERNS = (*_COMPANY_PATTERNS, _COMPANY_COMMA)


# A volume per day: "5000 запросов в день", "1000 клиентов в сутки", "50k docs a night",
# "5,000 calls per day". Only nouns that are requests; "100 сотрудников в день" is not one.
_VOLUME_NOUN = (
    r"(?:requests|queries|calls|tickets|chats|conversations|dialog(?:ue)?s|documents|docs|"
    r"emails|messages|clients|customers|запрос\w*|обращени\w*|звонк\w*|диалог\w*|"
    r"tenders|тендер\w*|"
    r"transactions|payments|транзакци\w*|платеж\w*|платёж\w*|"
    r"документ\w*|клиент\w*|тикет\w*|чат\w*|письм\w*|писем|сообщени\w*|заявк\w*|страниц\w*|"
    r"pages|reports|отчёт\w*|отчет\w*|transcripts|contracts|files|articles|invoices|"
    r"стенограмм\w*|расшифров\w*|договор\w*|контракт\w*|файл\w*|стат\w*|счетов|"
    r"описани\w*|карточ\w*|товар\w*|descriptions|listings|products|items|skus?|reviews|отзыв\w*|"
    r"заявлени\w*|анкет\w*|claims|applications|questions|вопрос\w*|cvs|resumes|résumés|"
    r"letters|notes|records|patients|visits|выписк\w*|пациент\w*|при[её]м\w*)"
)
_PER_DAY = re.compile(
    rf"(?<![\w.]){NUM}{_VOLUME_SCALE}\s+(?:\w+\s+)?{_VOLUME_NOUN}(?:\s+[^\W\d]+){{0,2}}?"
    r"(?:\s*/\s*|\s+(?:(?:в|за|per|a|each|every)\s+)?)(день|сутки|day|night|ночь|недел\w*|week|"
    r"месяц\w*|month)\b"
)
# A batch over a span: "1 млн писем за 3 дня", "200k documents in 5 days", "over 2 weeks".
_OVER_DAYS = re.compile(
    rf"(?<![\w.]){NUM}{_VOLUME_SCALE}\s+(?:\w+\s+)?{_VOLUME_NOUN}\W+(?:\w+\W+){{0,8}}?"
    rf"(?:за|in|over|within|в течение|this|в (?:этом|этот|эту|этой)|до конца|к концу|"
    rf"by the end of(?: the| this)?)\s+"
    rf"(?:a |an |one |this |эт(?:от|у|ой) |{NUM}\s*)?"
    r"(д(?:ень|ня|ней)|сут\w*|days?|недел\w*|weeks?|месяц\w*|months?)\b"
)
# The period first: "каждую неделю 200 договоров", "every month 3,000 invoices".
_PERIOD_FIRST = re.compile(
    r"(каждую неделю|еженедельно|every week|weekly|каждый день|ежедневно|every day|daily|"
    r"каждые сутки|каждый месяц|ежемесячно|every month|monthly)\s+(?:\w+\s+){0,3}?"
    rf"(?<![\w.]){NUM}{_VOLUME_SCALE}\s+(?:\w+\s+)?{_VOLUME_NOUN}"
)
# The noun first, then a bare count a period: "contracts of 8,000 words each, 200 a week",
# "договоры по 8000 слов, 200 в неделю". Money around the count is a budget, not this.
_NOUN_THEN_COUNT = re.compile(
    rf"{_VOLUME_NOUN}(?P<between>[^.!?;$€₽]{{0,60}}?)(?<![\w.$€₽]){NUM}{_VOLUME_SCALE}"
    r"\s*(?:/\s*|\s+(?:в|за|per|a|an|each|every)\s+)(день|сутки|day|недел\w*|week|месяц\w*|"
    r"month)\b"
)
_MONEY_WORDS = re.compile(r"бюджет|budget|руб|usd|eur|долл|евро|dollar|euro|\$", re.IGNORECASE)
_PERIOD_WORDS = {
    "неде": "week",
    "week": "week",
    "ежен": "week",
    "mont": "month",
    "меся": "month",
    "ежем": "month",
}
# "лям запросов в день": a million with no number before it.
_MILLION_WORD = re.compile(r"(?<![\d\w.])(?:лям|лимон)\w*(?=\s)")
_VOLUME_SCALES = {"k": 1e3, "тыс": 1e3, "thousand": 1e3, "m": 1e6, "млн": 1e6, "million": 1e6}


def _per_working_day(value: float, period: str, working_days_per_month: float) -> float:
    """A volume a day, or a week's or a month's spread over its working days (a week has
    the month's working days x 12 / 52)."""
    if period.startswith(("месяц", "month")):
        return value / working_days_per_month
    if period.startswith(("недел", "week")):
        return value / (working_days_per_month * 12 / 52)
    return value


# A volume of text per day or month: "2M tokens/day", "200M tok a day", "5 million words per
# month", "10 млн токенов в сутки", "5 млн слов в месяц".
_TEXT_VOLUME = re.compile(
    rf"(?:(?<![\w.]){NUM}\s*(k|m|b|тыс\.?|млн|млрд|миллион\w*|миллиард\w*|million|billion|bn)?"
    # "миллиард токенов в месяц", "a billion tokens a month": the scale word alone is one (not
    # "сотни миллионов", "several million", "полтора миллиарда")
    r"|(?<!several )(?<!few )(?<!many )(?<!hundred )\b(миллиард|миллион|billion|million)(?!\w))"
    r"\.?\s*"
    r"(tokens?|tok|токен\w*|words?|слов\w*)\s*(?:/\s*|\s+(?:в|за|per|a|each|every)\s+)"
    r"(день|сутки|day|недел\w*|week|месяц\w*|month)\b"
)


@dataclass(frozen=True)
class TextVolume:
    """Tokens or words of text a working day, and the span that said so."""

    tokens_per_day: float | None
    words_per_day: float | None
    span: tuple[int, int]


_SCALE_WORDS = r"(k|m|b|тыс\.?|млн|млрд|миллион\w*|миллиард\w*|million|billion|bn)?\.?"
# Tokens in and out a period: "1.2B input tokens and 100M output tokens a month" (their sum).
_IN_AND_OUT_VOLUME = re.compile(
    rf"(?<![\w.]){NUM}\s*{_SCALE_WORDS}\s*(?:input|prompt|входн\w*|входящ\w*)\s+"
    r"(?:tokens?|токен\w*)\s*(?:,|and|и|\+|plus)\s*"
    rf"{NUM}\s*{_SCALE_WORDS}\s*(?:output|completion|выходн\w*|исходящ\w*)\s+"
    r"(?:tokens?|токен\w*)\s*(?:/\s*|\s+(?:(?:в|за|per|a|each|every)\s+)?)"
    r"(день|сутки|day|недел\w*|week|месяц\w*|month)\b"
)


def read_text_volume(text: str, working_days_per_month: float) -> TextVolume | None:
    """A volume of text per day or month (a month spreads over its working days)."""
    both = _IN_AND_OUT_VOLUME.search(text)
    if both is not None:
        tokens = number(both.group(1)) * _scale((both.group(2) or "").rstrip("."))
        tokens += number(both.group(3)) * _scale((both.group(4) or "").rstrip("."))
        return TextVolume(
            tokens_per_day=_per_working_day(tokens, both.group(5), working_days_per_month),
            words_per_day=None,
            span=both.span(),
        )
    found = _TEXT_VOLUME.search(text)
    if found is None:
        return None
    if found.group(1) is None:  # "миллиард токенов": one of that scale
        value = _scale(found.group(3))
    else:
        value = number(found.group(1)) * _scale((found.group(2) or "").rstrip("."))
    value = _per_working_day(value, found.group(5), working_days_per_month)
    words = found.group(4).startswith(("word", "слов"))
    return TextVolume(
        tokens_per_day=None if words else value,
        words_per_day=value if words else None,
        span=found.span(),
    )


# The length of an answer: "средний ответ 300 токенов", "answers of ~500 tokens",
# "400-token replies". Not a context: the output part of one.
# What a request writes: an answer, or the text a batch job generates ("descriptions of ~300
# tokens", "на выходе краткое резюме 200 токенов").
_OUTPUT_NOUN = (
    r"(?:ответ\w*|answers?|responses?|replies|outputs?|descriptions?|summar(?:y|ies)|"
    r"описани\w*|резюме|саммари|на выходе|объяснени\w*|пояснени\w*|обосновани\w*|"
    r"explanations?|justifications?)"
)
_OUTPUT_LENGTH = re.compile(
    rf"{_OUTPUT_NOUN}\s+(?:(?!на входе)[^\W\d]+\s+){{0,2}}?"
    rf"(?:(?:в среднем|on average|average|avg|of|по|около|примерно|about|up to|до)\s+)*~?"
    rf"{NUM}{_K}\s*(?:токен\w*|tokens?)"
    rf"|(?<![\w.]){NUM}{_K}[\s-]*(?:токен\w*|tokens?)\s+(?:(?:на|per|in|each|a)\s+)?"
    rf"{_OUTPUT_NOUN}(?!\w)"
    # "объяснение, токенов на 100": the count said after its unit, colloquially
    rf"|{_OUTPUT_NOUN}\W+(?:\w+\W+)?токенов\s+(?:на|в)\s+{NUM}{_K}(?![\w.])"
)


# The length of each document read: "about 10k words each", "по 5 тыс. слов", "documents of
# 3,000 words", "каждый договор около 8000 слов". Words, because customers count words; the
# tokens follow at the catalog's tokens per word.
_EACH = (
    r"(?:each|apiece|long|per (?:doc\w*|file|transcript|contract|report)|каждый|каждая|каждое|"
    r"в каждом|на (?:документ|файл|договор)\w*)"
)
_DOC_WORDS = re.compile(
    rf"(?<![\w.]){NUM}{_K}\s*(?:words?|слов\w*)\s+{_EACH}"
    rf"|(?:each|каждый|каждая|каждое|в каждом|в каждой)\s+(?:\w+\s+){{0,3}}?(?:of\s+)?"
    rf"(?:about|around|~|up to|"
    rf"около|примерно|до|по)?\s*~?{NUM}{_K}\s*(?:words?|слов\w*)"
    rf"|(?:\bпо|of|with)\s+(?:about|around|~|около|примерно)?\s*~?{NUM}{_K}\s*(?:words?|слов\w*)\b"
    rf"|(?:average|avg|typical|в среднем|средн\w*)\s+(?:\w+\s+){{0,2}}?(?:is |of |около )?~?{NUM}{_K}\s*"
    r"(?:words?|слов\w*)\b"
    rf"|(?:в среднем|on average)?\s*слов\s+(?:по|около|примерно)\s*~?{NUM}{_K}(?!\s*\w)"
)


# "ответы по 300 слов", "summaries of 200 words": the output's length, not a document's.
_OUTPUT_BEFORE = re.compile(
    r"(?:ответ\w*|answers?|repl\w*|responses?|summar\w*|саммари|резюме|выжимк\w*|outputs?)"
    r"\W*(?:\w+\W+){0,2}$"
)


# Pages a document: "договоры по 100–200 страниц", "50-page contracts", "reports of 30 pages
# each" (a range is sized for its longest); never pages a day ("300 pages a day" is a volume).
_DOC_PAGES = re.compile(
    rf"(?<![\w.]){NUM}(?:\s*(?:[-–—]|to|до)\s*{NUM})?\s*-?\s*(?:pages?|стр\.|страниц\w*|листов)"
    r"(?!\w)(?!\s+(?:(?:в|за|per|a|each|every)\s+)?(?:день|сутки|day|night|недел\w*|week|"
    r"месяц\w*|month))|"
    # "договор в среднем страниц 10": the count after the word, colloquially (QA 56)
    rf"(?:договор|документ|контракт|отч[её]т)\w*\s+(?:(?:в среднем|примерно|около|обычно)\s+)?"
    rf"(?:страниц|листов)\s+{NUM}(?!\w|[.,]\d)(?!\s*(?:в|за)\s+(?:день|сутки|недел|месяц))"
)


# Documents counted in tokens: "chat with 64k-token reports", "договоры по 100к токенов".
_DOC_NOUN = (
    r"(?:reports?|documents?|docs|contracts?|files?|pdfs?|transcripts?|papers?|filings?|"
    r"отч[её]т\w*|документ\w*|договор\w*|файл\w*|контракт\w*|стенограмм\w*)"
)
_DOC_TOKENS = re.compile(
    rf"(?<![\w.]){NUM}{_K}\s*-?\s*(?:tokens?|токен\w*)\s*-?\s*(?:long\s+)?{_DOC_NOUN}"
    rf"|{_DOC_NOUN}\s+(?:of|по|на|в)\s+(?:about|around|up to|~|около|примерно|до)?\s*~?"
    rf"{NUM}{_K}\s*(?:tokens?|токен\w*)"
    # "документ примерно 1500 токенов", "each document about 2k tokens" (QA 57)
    rf"|{_DOC_NOUN}\s+(?:is\s+|are\s+)?(?:about|around|~|около|примерно|в среднем)\s*~?"
    rf"{NUM}{_K}\s*(?:tokens?|токен\w*)"
)


def _scaled(found: re.Match[str]) -> float | None:
    """The number a match of (NUM, thousands) group pairs gives: the first pair that matched."""
    groups = list(found.groups())
    for i in range(0, len(groups), 2):
        if groups[i] is not None:
            return number(groups[i]) * (1000 if groups[i + 1] else 1)
    return None


# Documents said to be long with no length: "много длинных договоров", "lengthy contracts",
# "многостраничные отчёты". Sized at the catalog's long document (the answer says so).
_LONG_DOC = re.compile(
    rf"(?:длинн|объ[её]мн|многостраничн)\w*\s+(?:\w+\s+)?(?:{_DOC_NOUN}|тз\b|pdf)|"
    # "документы длинные", "documents are long": the length said after the noun
    rf"{_DOC_NOUN}\s+(?:(?:у нас|бывают|очень|довольно|are|can be|very|quite)\s+)*"
    r"(?:длинн|объ[её]мн|многостраничн|long\b|lengthy)|"
    rf"больш\w*\s+{_DOC_NOUN}|"  # "больших договоров", never "большой объём документов"
    rf"\b(?:long|lengthy|multi-?page)\s+(?:\w+\s+)?{_DOC_NOUN}|"
    rf"\blarge\s+(?:documents?|pdfs?|reports?|files?)\b"
)


# Documents read whole, in a window said for them: "контекст 128к, чтобы анализировать
# тендерную документацию целиком", "128k context to read whole contracts".
_WHOLE_DOC = re.compile(
    r"(?:анализ|чита|прочит|обрабат|загруж|разбир|провер|подава)\w*\s+(?:\w+\s+){0,3}?"
    rf"{_DOC_NOUN}\w*\s+(?:\w+\s+)?(?:целиком|полностью)\b|"
    r"\b(?:read|analy[sz]e|process|review|summari[sz]e|feed)\w*\s+(?:in\s+)?(?:the\s+)?"
    rf"(?:whole|entire|full)\s+(?:\w+\s+)?{_DOC_NOUN}"
)


def says_whole_documents(text: str) -> bool:
    """Whether each request reads a whole document ("документацию целиком")."""
    return bool(_WHOLE_DOC.search(text))


def says_long_documents(text: str) -> bool:
    """Whether the documents read are said to be long, with no length given."""
    return bool(_LONG_DOC.search(text))


# "это тысяч 8-10 токенов каждый": thousands said before the count, colloquially (QA 56);
# the longer end of a range
_THOUSANDS_EACH = re.compile(
    r"(?:тысяч\w*\s+(\d+)(?:\s*[-–—]\s*(\d+))?|(\d+)\s*тыс\w*\.?\s*[-–—]\s*(\d+))\s+токен\w*\s+"
    r"(?:каждый|каждая|каждое|в каждом|на (?:документ|договор|контракт|файл|отч[её]т)\w*)"
)


def read_document_tokens(text: str) -> int | None:
    """Tokens in each document a request reads, where the message counts them in tokens."""
    found = _DOC_TOKENS.search(text)
    value = _scaled(found) if found is not None else None
    thousands = _THOUSANDS_EACH.search(text) if found is None else None
    if thousands is not None:
        value = 1000 * max(number(g) for g in thousands.groups() if g is not None)
    return int(value) if value is not None and 100 <= value <= 10_000_000 else None


# "документов по 10 страниц за неделю", "reports of 30 pages each by Friday": pages of each
# document whatever follows ("за неделю" is the deadline of the lot, not pages a week).
_EACH_DOC_PAGES = re.compile(
    rf"(?:\bпо|\bof)\s+(?:около|примерно|about|around|~)?\s*{NUM}(?:\s*(?:[-–—]|to|до)\s*{NUM})?"
    r"\s*-?\s*(?:pages?|стр\.|страниц\w*|листов)(?!\w)(?!\s+(?:в|a|per)\s+(?:день|day))"
    rf"|(?<![\w.]){NUM}\s*(?:pages?|страниц\w*)\s+(?:each|apiece|каждый|каждая|каждое|в каждом)"
)


def read_document_words(text: str, words_per_page: float) -> int | None:
    """Words in each document or transcript the model reads, where the message says so (pages
    at `words_per_page`)."""
    pages = _EACH_DOC_PAGES.search(text) or _DOC_PAGES.search(text)
    if pages is not None:
        longest = max(number(found) for found in pages.groups() if found is not None)
        if 1 <= longest <= 10_000:
            return int(longest * words_per_page)
    found = _DOC_WORDS.search(text)
    if found is None or _OUTPUT_BEFORE.search(text[max(0, found.start() - 40) : found.start()]):
        return None
    value = _scaled(found)
    return int(value) if value is not None and 50 <= value <= 5_000_000 else None


# A request's two parts: "500 tokens in and 200 out", "2k in / 300 out", "1500 токенов на
# входе и 300 на выходе", "вход 3000, выход 500 токенов".
_TOK = r"(?:\s*(?:tokens?|токен\w*))?"
_IN_OUT = re.compile(
    rf"(?<![\w.]){NUM}{_K}{_TOK}\s*(?:in(?:put)?|prompt|на вход\w*|входн\w*)"
    rf"\s*(?:and|,|/|и|\+)?\s*~?{NUM}{_K}{_TOK}\s*(?:out(?:put)?|на выход\w*|выходн\w*)\b"
    rf"|(?:input|вход|запрос|request|prompt)\w*\s*[:=—-]?\s*~?{NUM}{_K}{_TOK}\s*(?:,|and|и|а|/)?\s*"
    rf"(?:на\s+)?(?:output|выход|ответ|response|answer|reply)\w*\s*[:=—-]?\s*~?{NUM}{_K}"
)


def read_input_output(text: str) -> tuple[int, int, tuple[int, int]] | None:
    """Prompt and output tokens of a request, and the span that said so."""
    found = _IN_OUT.search(text)
    if found is None:
        return None
    groups = found.groups()
    first = 0 if groups[0] is not None else 4
    prompt = tokens(number(groups[first]), groups[first + 1])
    output = tokens(number(groups[first + 2]), groups[first + 3])
    if not (1 <= output <= 100_000 and 16 <= prompt <= 10_000_000):
        return None
    return prompt, output, found.span()


# "документ примерно 1500 токенов, ответ ~150": the answer's count with its unit said
# beside the prompt's, not after it (QA 57 sized 512)
_OUTPUT_BARE = re.compile(
    rf"(?:ответ\w*|answers?|responses?|replies|outputs?|на выходе)\s*[:—-]?\s*"
    rf"(?:~|≈|около|примерно|about|around)?\s*{NUM}{_K}(?![\w.,]*\d)(?!\s*[^\W\d_])"
)


def read_output_tokens(text: str) -> tuple[int, tuple[int, int]] | None:
    """Tokens an answer is long, and the span that said so."""
    found = _OUTPUT_LENGTH.search(text)
    if found is None and re.search(r"токен|token", text):
        found = _OUTPUT_BARE.search(text)
    if found is None:
        return None
    value = _scaled(found) or 0.0
    return (int(value), found.span()) if 1 <= value <= 100_000 else None


def without_output_length(text: str) -> str:
    """The text with an answer's length blanked, so it is not read as a context."""
    return _OUTPUT_LENGTH.sub(" ", text)


def without_text_volume(text: str) -> str:
    """The text with its volume of text blanked, so no other reading takes its tokens for a
    dataset or a context."""
    return _TEXT_VOLUME.sub(" ", _IN_AND_OUT_VOLUME.sub(" ", text))


# Dialogues a day: "10 тысяч диалогов в день", "5,000 chats a day" (each several requests).
_DIALOGUES_A_DAY = re.compile(
    rf"(?<![\w.]){NUM}{_VOLUME_SCALE}\s+(?:\w+\s+)?(?:диалог\w*|переписк\w*|чат(?:ов|а|ы)\b|"
    r"бесед\w*|conversations|dialog(?:ue)?s|chats|chat sessions)(?:\s+[^\W\d]+){0,2}?"
    r"(?:\s*/\s*|\s+(?:(?:в|за|per|a|each|every)\s+)?)(?:день|сутки|day)\b|"
    # "диалогов примерно 50 в день": the count after the word
    r"(?:диалог\w*|переписок|чатов|бесед|conversations|dialog(?:ue)?s|chats)\s+"
    r"(?:(?:примерно|около|где-то|порядка|about|around|roughly|~)\s*)?"
    rf"{NUM}{_VOLUME_SCALE}\s+(?:(?:в|за|per|a|each|every)\s+)?(?:день|сутки|day)\b"
)


def says_dialogues_a_day(text: str) -> bool:
    """Whether the daily volume counts dialogues (chats), not single requests."""
    return bool(_DIALOGUES_A_DAY.search(_MILLION_WORD.sub("1 млн", text)))


# A volume each person sends: "each user sends 100 messages a day", "по 30 запросов в день на
# сотрудника", "каждый из них задаёт 20 вопросов" (the people's count multiplies it).
_PEOPLE = (
    r"(?:user|person|people|employee|staff member|member|lawyer|agent|operator|analyst|"
    r"developer|engineer|manager|student|customer|client|seat|doctor|teacher|worker)s?"
)
_PER_PERSON = re.compile(
    rf"\b(?:each|every)\s+(?:one\s+)?(?:of\s+(?:them|the\s+\d[\d,]*\s+\w+)|{_PEOPLE})\b|"
    rf"\b(?:day|daily)\s+(?:per|for\s+each|for\s+every|each)\s+{_PEOPLE}\b|"
    rf"\bper\s+{_PEOPLE}\s+(?:per|a|each)\s+day\b|"
    rf"\b(?:messages|requests|queries|questions|prompts|chats)\s+(?:per|from\s+each|from\s+every)"
    rf"\s+{_PEOPLE}\b|"
    r"кажд\w+\s+(?:из\s+(?:них|\d[\d\s]*\s*\w+)|пользовател\w*|сотрудник\w*|человек\w*|"
    r"юрист\w*|оператор\w*|менеджер\w*|аналитик\w*|разработчик\w*|студент\w*|клиент\w*|"
    r"врач\w*|учител\w*|работник\w*)|"
    r"(?:в\s+день|в\s+сутки|ежедневно)\s+(?:на|с|от)\s+(?:одного\s+|каждого\s+)?"
    r"(?:пользовател\w*|человека|сотрудник\w*|юриста|оператора|нос)|"
    r"(?:на|с|от)\s+(?:одного\s+|каждого\s+)?(?:пользовател\w*|человека|сотрудник\w*|юриста|"
    r"оператора|нос)\s+(?:в\s+день|в\s+сутки)|"
    r"\bу\s+каждого\b|"
    # "30 employees, each sends 40 a day", "30 сотрудников, каждый делает по 40 запросов"
    r"\beach\s+(?:sends|asks|makes|writes|submits|runs|has|does|will)\b|"
    r"\bкаждый\s+(?:отправля\w*|задаёт|задает|дела\w*|пиш\w*|шл\w*|присыла\w*|сдела\w*)|"
    # "каждый где-то 30 запросов в день делает", "each about 30 a day": a volume after "each"
    r"\b(?:each|каждый|каждая)\b(?=[^.!?\d]{0,30}\d[\d\s,.]*\s*[^\W\d]*\s+(?:[^\W\d]+\s+)?"
    r"(?:в|за|a|per|each)\s+(?:день|сутки|day)\b)",
    re.IGNORECASE,
)


def says_per_person(text: str) -> bool:
    """Whether the daily volume is each person's, to multiply by the people."""
    return _PER_PERSON.search(text) is not None


def read_requests_per_day(text: str, working_days_per_month: float) -> float | None:
    """Requests a working day; a volume per week or month spreads over its working days."""
    text = _MILLION_WORD.sub("1 млн", text)
    over = _OVER_DAYS.search(text)
    if over is not None and (over.group(3) is None or number(over.group(3)) > 0):
        spans = number(over.group(3)) if over.group(3) else 1.0  # "за 3 дня": a third a day
        value = _volume(over.group(1), over.group(2)) / spans
        return _per_working_day(value, over.group(4), working_days_per_month)
    found = _PER_DAY.search(text)
    if found is not None:
        digits, scale, period = found.group(1, 2, 3)
    elif (first := _PERIOD_FIRST.search(text)) is not None:
        period, digits, scale = first.group(1, 2, 3)
        period = _PERIOD_WORDS.get(period.split()[-1][:4], "day")
    else:
        bare = _NOUN_THEN_COUNT.search(text)
        after = text[bare.end() : bare.end() + 20] if bare is not None else ""
        if bare is None or _MONEY_WORDS.search(bare.group("between") + after):
            return None
        digits, scale, period = bare.group(2, 3, 4)
    return _per_working_day(_volume(digits, scale), period, working_days_per_month)


# Calendar days in a span's unit, by the unit's first letter (день, сутки, day; неделя, week;
# месяц, month).
_SPAN_DAYS = {"д": 1.0, "с": 1.0, "d": 1.0, "н": 7.0, "w": 7.0, "м": 30.4, "m": 30.4}
# Work said to run day and night: "24/7", "круглосуточно", "around the clock".
_AROUND_THE_CLOCK = re.compile(
    r"24\s*/\s*7|24\s*[xх]\s*7|круглосуточн\w*|around the clock|round the clock|"
    r"day and night|днём и ночью|днем и ночью|24 hours a day|24 часа в сутки"
)


def read_batch(text: str) -> tuple[float, float] | None:
    """A one-off batch over a span ("2 млн документов за неделю", "200k docs in 5 days"):
    (requests a calendar day, the span in hours). A batch has no office hours: it runs
    around the clock until it is done."""
    text = _MILLION_WORD.sub("1 млн", text)
    over = _OVER_DAYS.search(text)
    if over is None or (over.group(3) is not None and number(over.group(3)) <= 0):
        return None
    days = (number(over.group(3)) if over.group(3) else 1.0) * _SPAN_DAYS[over.group(4)[0]]
    return _volume(over.group(1), over.group(2)) / days, days * 24


# A batch job: items processed once, counted with no period ("прогнать 500 тысяч договоров",
# "process 500k PDFs", "descriptions for 2 million products"), said with what is done to them
# or with how long it takes.
# Things, not people or conversations: "5000 клиентов" a bot serves are no batch.
_BATCH_NOUN = (
    r"(?:documents|docs|emails|letters|tickets|transcripts|contracts|files|articles|invoices|"
    r"pages|reports|descriptions|listings|products|items|reviews|claims|applications|cvs|"
    r"resumes|résumés|pdfs?|scans|images|records|rows|entries|papers|patents|skus?|notes|"
    r"memos|charts|медкарт\w*|выписк\w*|выписок|протокол\w*|документ\w*|договор\w*|контракт\w*|письм\w*|писем|тикет\w*|заявк\w*|страниц\w*|"
    r"отчёт\w*|отчет\w*|стенограмм\w*|расшифров\w*|файл\w*|стат\w*|счетов|описани\w*|"
    r"карточ\w*|товар\w*|отзыв\w*|заявлени\w*|анкет\w*|резюме|сканов|записей|строк|"
    r"изображени\w*|картин\w*|обращени\w*|патент\w*)"
)
_BATCH_ITEMS = re.compile(
    rf"(?<![\w.]){NUM}(?:\s*(k|тыс\w*\.?|thousand|m|млн\.?|million|миллион\w*|лям\w*|"
    rf"лимон\w*))?\s+(?:[^\W\d]+\s+){{0,2}}?{_BATCH_NOUN}(?!\w)"
)
# Work that labels its items: a category or a sentiment each.
_LABEL_WORDS = (
    r"\bclassif\w*|\bcategori[sz]\w*|\bsentiment|\blabel\w*|\btag(?:s|ging)?\b|\bsort\w*|"
    r"классифи[цк]\w*|категори\w*|тональност\w*|размет\w*|раскид\w*|рассортир\w*|сортир\w*"
)
_BATCH_CUE = re.compile(
    r"how long|how many (?:hours|days)|сколько (?:времени|часов|дней|суток)|за сколько|"
    r"как долго|\bprocess\w*|\brun (?:\w+ )?through|\bgenerat\w*|"
    rf"{_LABEL_WORDS}|\broute\b|распредел\w*|разобрать|разбери\w*|"
    r"\bsummari[sz]\w*|\bsummar(?:y|ies)\b|\btranslat\w*|\bextract\w*|\bbatch\b|\bbackfill|"
    r"\bbacklog\b|"
    r"прогн\w*|прогон\w*|выжимк\w*|обработ\w*|сгенерир\w*|генерир\w*|перевест\w*|вытащ\w*|вытаскива\w*|"
    r"\bpull\w* (?:\w+ )?(?:fields|data|values|totals)|\bparse\b|"
    r"перевод\w*|извлеч\w*|суммариз\w*|пропуст\w*|пакетн\w*|"
    r"\brewrit\w*|\brephras\w*|\bparaphras\w*|переписа\w*|перепиш\w*|перефразир\w*"
)


# A batch over hours: "400k SKUs in 48 hours", "2 млн обращений за 72 часа" (things, not
# the people a bot serves).
_OVER_HOURS = re.compile(
    rf"(?<![\w.]){NUM}{_VOLUME_SCALE}\s+(?:\w+\s+)?{_BATCH_NOUN}\W+(?:\w+\W+){{0,8}}?"
    rf"(?:за|in|over|within|в течение)\s+{NUM}\s*(?:час\w*|hours?|hrs?|ч\b|h\b)"
)


def read_batch_over_hours(text: str) -> int | None:
    """Items to process within hours with no other cue ("product descriptions for 400k SKUs
    in 48 hours"): a batch job; its deadline is read as any batch's."""
    found = _OVER_HOURS.search(_MILLION_WORD.sub("1 млн", text))
    if found is None or number(found.group(3)) <= 0:
        return None
    return round(_volume(found.group(1), found.group(2)))


def read_batch_items(text: str) -> int | None:
    """Items a batch job processes once ("500k PDFs", "500 тысяч договоров"), when the text
    says what is done to them or asks how long it takes; a count a day or over a span is a
    volume (read_requests_per_day, read_batch), read before this."""
    if _BATCH_CUE.search(text) is None:
        return None
    text = _MILLION_WORD.sub("1 млн", text)
    for found in _BATCH_ITEMS.finditer(text):
        if _EACH_DOC_PAGES.match(text, max(0, found.start() - 4)) or re.match(
            r"\s*(?:each|apiece|каждый|каждая|в каждом)\b", text[found.end() :]
        ):
            continue  # "300–400 pages each", "по 10 страниц": a document's length
        value = _items_counted(found)
        if value >= 100:
            return int(value)
    return None


def _items_counted(found: re.Match[str]) -> float:
    """The items a batch-count match names: its number at its scale ("2 млн", "500k")."""
    scale = found.group(2)
    return _volume(found.group(1), "тыс" if scale and scale.startswith("тыс") else scale)


# "а если отзывов 20 миллионов?": the items named before their count
_BATCH_ITEMS_AFTER = re.compile(
    rf"{_BATCH_NOUN}\s+(?:будет\s+|станет\s+)?{NUM}(?:\s*(k|тыс\w*\.?|thousand|m|млн\.?|"
    r"million|миллион\w*))?(?!\w)"
)


def says_nightly_batch(text: str) -> bool:
    """ "200k tickets every night ... classification": a count a night is a batch job done
    overnight, not a day's live requests (QA 46)."""
    return bool(_EVERY_NIGHT.search(text)) and _BATCH_CUE.search(text) is not None


# Night after night ("every night", "каждую ночь"), not a volume a night ("50k a night")
_EVERY_NIGHT = re.compile(r"\bevery night\b|\beach night\b|\bnightly\b|каждую ночь|по ночам")


def read_batch_count(text: str) -> int | None:
    """A batch job's new count in a follow-up ("and if it's 50 million tickets?", "а если
    отзывов 20 миллионов?"): the items counted, with no processing verb needed, since the
    conversation is about the job."""
    text = _MILLION_WORD.sub("1 млн", text)
    for pattern in (_BATCH_ITEMS, _BATCH_ITEMS_AFTER):
        for found in pattern.finditer(text):
            value = _items_counted(found)
            if value >= 100:
                return int(value)
    return None


_BATCH_WRITES = re.compile(
    r"\bgenerat\w*|\bwrit(?:e|es|ing)\b|\bcreat\w*|\bproduc(?:e|es|ing)\b|сгенерир\w*|"
    r"генерир\w*|напис\w*|созда\w*"
)


# Items labelled, not written about: a category or a sentiment is a few tokens.
_LABELS = re.compile(_LABEL_WORDS)
_WRITES_MORE = re.compile(
    r"extract\w*|summar\w*|translat\w*|generat\w*|explain\w*|вытащ\w*|извлеч\w*|"
    r"резюм\w*|суммар\w*|перев[оеё]д\w*|перевест\w*|описа\w*|жалоб\w*|reasons?"
)
# A label's answer: a category name or a sentiment, in a few tokens (JSON included).
LABEL_OUTPUT_TOKENS = 16


def says_labels_only(text: str) -> bool:
    """Whether a batch job only labels its items ("classify by topic and sentiment",
    "раскидать по 20 категориям"), with nothing extracted or written about them."""
    return bool(_LABELS.search(text)) and not _WRITES_MORE.search(text)


def says_batch_writes(text: str) -> bool:
    """Whether a batch job writes its items ("generate descriptions for 2M products")."""
    return bool(_BATCH_WRITES.search(text))


def says_around_the_clock(text: str) -> bool:
    """Whether the work runs day and night ("24/7", "круглосуточно")."""
    return bool(_AROUND_THE_CLOCK.search(text))


def _volume(digits: str, scale: str | None) -> float:
    """A count with its scale word: '300 тыс', '2 млн', '1 лям', '50k'."""
    word = (scale or "").rstrip(".")
    million = word.startswith(("миллион", "лям", "лимон"))
    return number(digits) * (1e6 if million else _VOLUME_SCALES.get(word, 1.0))


# Speech to transcribe before an LLM reads it: "2000 hours of recordings a month", or calls
# counted a day with their length ("20k calls a day, 6 minutes each", "по 5 минут").
_AUDIO_HOURS = re.compile(
    rf"(?<![\w.]){NUM}{_K}\s*(?:hours?|hrs?|час\w*)\s+(?:of\s+)?"
    r"(?:audio|recordings?|calls?|speech|meetings?|аудио\w*|записей|звонков|разговоров|"
    r"совещаний)\s+(?:(?:of\s+)?(?:calls|meetings|звонков|разговоров|совещаний)\s+)?"
    r"(?:(?:в|за|per|a|each|every)\s+)?(день|сутки|day|недел\w*|week|месяц\w*|month)\b"
)
_CALLS = re.compile(
    r"\bcalls?\b|звонк\w*|разговор\w*|\brecordings?\b|запис(?:ей|и)\b|"
    r"колл?[- ]?центр\w*|call[- ]?cent(?:er|re)s?|contact[- ]cent(?:er|re)s?|"
    r"\bлини[йия]\b|phone lines|(?:simultaneous|concurrent) lines|lines at once"
)
_CALL_MINUTES = re.compile(rf"(?<![\w.]){NUM}\s*-?\s*(?:min(?:ute)?s?|мин(?:ут\w*)?)\b")


def read_audio_hours_per_day(
    text: str, requests_per_day: float | None, working_days_per_month: float
) -> float | None:
    """Hours of speech a working day: stated, or calls a day times their minutes."""
    found = _AUDIO_HOURS.search(text)
    if found is not None:
        value = number(found.group(1)) * (1000 if found.group(2) else 1)
        return _per_working_day(value, found.group(3), working_days_per_month)
    if requests_per_day and _CALLS.search(text):
        minutes = _CALL_MINUTES.search(text)
        if minutes is not None and 0 < number(minutes.group(1)) <= 600:
            return requests_per_day * number(minutes.group(1)) / 60
    return None


def says_calls(text: str) -> bool:
    """Whether the speech is calls or recordings of them."""
    return bool(_CALLS.search(text))


def read_call_minutes(text: str, requests_per_day: float | None) -> float | None:
    """Minutes each call lasts, where calls a day are counted with their length ("3000
    звонков в день по 5 минут")."""
    if not requests_per_day or not _CALLS.search(text):
        return None
    minutes = _CALL_MINUTES.search(text)
    if minutes is None or not 0 < number(minutes.group(1)) <= 600:
        return None
    return number(minutes.group(1))


# Speech recognised live: "распознавание речи + LLM", "voice assistant", "ASR".
_SPEECH = re.compile(
    r"распознава\w* речи|распозна\w* (?:реч|голос)\w*|speech[- ]to[- ]text|speech recognition|\basr\b|\bstt\b|whisper|"
    r"транскриб\w*|голосов\w* (?:ассистент|бот|помощник)\w*|voice (?:assistant|bot|agent)s?"
)


# The bot speaks its answers: "нужен синтез речи", "speech in, speech out", "озвучивать".
_SYNTHESIS = re.compile(
    r"синтез\w* (?:речи|голоса)|озвуч\w*|text[- ]to[- ]speech|\btts\b|"
    r"speech (?:synthesis|out\b|output)|voice synthesis|"
    r"голосов\w* (?:бот|ассистент|помощник)\w*|voice (?:assistant|bot|agent)s?\b|"
    r"отвеча\w* голосом|answers? by voice|speaks? (?:the |its )?answers"
)
# Speech followed as the call runs: "подсказки оператору в реальном времени", "live hints".
_REAL_TIME = re.compile(
    r"в реальном времени|real[- ]?time|\blive\b|по ходу (?:звонка|разговора)|"
    r"во время (?:звонка|разговора)|прямо во время|during the call|on the fly"
)
# Operators or agents taking the calls: "колл-центр 80 операторов", "200 agents".
_OPERATORS = re.compile(rf"(?<![\w.]){NUM}\s*(?:оператор\w*|operators?|agents?)\b")


# Speech to transcribe, said with no volume: "расшифровка приёмов", "doctors dictate".
_TRANSCRIBED = re.compile(
    r"расшифров\w* (?:\w+ )?(?:аудио|запис\w*|разговор\w*|звонк\w*|при[её]м\w*|совещан\w*|"
    r"встреч\w*|диктов\w*|голос\w*|речи)\b(?!\s+уже)|диктовк\w*|надикт\w*|\bdictat\w*|"
    r"transcrib\w*|transcription"
)


def says_speech_to_text(text: str) -> bool:
    """Whether speech is transcribed for the LLM ("расшифровка приёмов", "whisper")."""
    return bool(_SPEECH.search(text) or _TRANSCRIBED.search(text))


# "дообучить модель на наших документах", "fine-tune it on our internal docs": the company's
# knowledge as training data, which retrieval usually serves better (knowledge base,
# adoption path: fine-tune for format, style and terminology).
_TUNE_ON_DOCUMENTS = re.compile(
    r"(?:дообуч|обуч|файнтюн|тюн|fine-?tun|train)\w*\s+(?:\w+\s+){0,4}?(?:на|on|with)\s+"
    r"(?:(?:наш|сво|внутренн|корпоративн|our|internal|company|corporate)\w*\s+){0,2}"
    r"(?:документ\w*|документаци\w*|баз\w* знаний|регламент\w*|инструкци\w*|wiki|вики|"
    r"docs\b|documents?|documentation|knowledge base|manuals|policies|wiki)"
)


def says_tune_on_documents(text: str) -> bool:
    """Whether the company's documents are what a fine-tune is to learn."""
    return bool(_TUNE_ON_DOCUMENTS.search(text))


def says_speech_synthesis(text: str) -> bool:
    """Whether the bot speaks its answers (a voice bot, "синтез речи")."""
    return bool(_SYNTHESIS.search(text))


def says_real_time(text: str) -> bool:
    """Whether speech is followed as the calls run ("в реальном времени", "live")."""
    return bool(_REAL_TIME.search(text))


def read_operators(text: str) -> int | None:
    """Operators or agents who take the calls ("80 операторов"), where the message counts them."""
    found = _OPERATORS.search(text)
    return int(number(found.group(1))) if found is not None else None


_VOICE_BOT = re.compile(
    r"голосов\w* (?:бот|ассистент|помощник)\w*|voice (?:assistant|bot|agent)s?\b"
)


def says_live_speech(text: str) -> bool:
    """Whether calls are taken live with speech recognition ("100 одновременных звонков:
    распознавание речи + LLM"), or by a voice bot, which listens as it talks."""
    return bool(_VOICE_BOT.search(text) or (_SPEECH.search(text) and _CALLS.search(text)))


def counts_calls(text: str, requests_per_day: float | None) -> bool:
    """A daily count of calls (recordings) with no hours of audio and no call length said:
    "суммировать звонки, 5000 звонков в день"."""
    return bool(
        requests_per_day
        and _CALLS.search(text)
        and _AUDIO_HOURS.search(text) is None
        and _CALL_MINUTES.search(text) is None
    )


# How long the GPUs would run: "8 hours a day on weekdays", "12 ч в сутки", "only during
# business hours" (the catalog's busy hours on working days).
_HOURS_A_DAY = re.compile(
    rf"(?<![\w.]){NUM}\s*(?:hours?|hrs?|h|час\w*|ч)\.?\s*(?:a|per|each|every|в|за|/)\s*"
    r"(?:day|день|сутки)\b"
)
_WEEKDAYS = re.compile(
    r"weekdays|business days|working days|mon(?:day)?\s*[-–to]+\s*fri(?:day)?|по будням|"
    r"в будни|в рабочие дни|пн\s*-\s*пт|по рабочим дням|"
    r"\b5 (?:days|дней) (?:a|per|в|за) (?:week|неделю)|\b5/7\b|пятидневк\w*|five days a week"
)
_BUSINESS_HOURS = re.compile(
    r"(?:during |in |only )?(?:business|office|working) hours|в рабочее время|в рабочие часы|"
    r"только днем|только днём"
)
DAYS_PER_MONTH = 365 / 12


# "с 8 до 23", "from 8am to 11pm", "8:00–23:00": the hours of a day it runs
_HOURS_RANGE = re.compile(
    r"(?:\bс|\bfrom)\s*(\d{1,2})(?::00)?\s*(am|утра)?\s*(?:до|to|-|–)\s*(\d{1,2})(?::00)?\s*"
    r"(pm|вечера|ночи)?\b|(?<![\d:])(\d{1,2}):00\s*[-–]\s*(\d{1,2}):00"
)


def _hours_in_range(found: re.Match[str]) -> float | None:
    if found.group(5) is not None:
        start, end = int(found.group(5)), int(found.group(6))
    else:
        start, end = int(found.group(1)), int(found.group(3))
        if found.group(4) in ("pm", "вечера") and end < 12:
            end += 12
    if not (0 <= start <= 24 and 0 <= end <= 24) or start == end:
        return None
    return float((end - start) % 24)


# "maybe 40% of the time", "загрузка около 40%": the share of a month the GPUs would be used
_SHARE_OF_TIME = re.compile(
    r"(?<![\w.])(\d{1,3}(?:[.,]\d+)?)\s*%\s*(?:of (?:the |their |our )?(?:time|month|hours|"
    r"capacity)|utili[sz]\w*|busy|времени|загрузк\w*)|"
    r"(?:utili[sz]\w*|загрузк\w*|загружен\w*)\s*(?:of |at |на |около |примерно |about |~)?"
    r"(\d{1,3}(?:[.,]\d+)?)\s*%"
)
# "over the next 2 years", "на ближайшие 2 года": how long the GPUs are needed
_HORIZON = re.compile(
    r"\b(?:over|for|during|across|within) (?:the )?(?:next |coming |following )?"
    r"(\d+(?:[.,]\d+)?|a|one) ?(years?|yrs?|months?)\b|"
    r"(?:\bна|в течение|ближайшие|срок\w*|горизонт\w*)\s+(?:ближайшие\s+)?(?:—\s*)?"
    r"(\d+(?:[.,]\d+)?|полтора|один|одного)?\s?(год(?:а|у)?\b|лет\b|месяц\w*)"
)
_HORIZON_WORDS = {"a": 1.0, "one": 1.0, "один": 1.0, "одного": 1.0, "полтора": 1.5}
MONTHS_PER_YEAR = 12


def read_horizon_months(text: str) -> int | None:
    """How many months the GPUs are needed ("over the next 2 years": 24), or None."""
    found = _HORIZON.search(text)
    if found is None:
        return None
    value, unit = (found.group(1), found.group(2)) if found.group(2) else found.group(3, 4)
    if value is None:  # "на год", "срок — год"
        count = 1.0
    else:
        count = _HORIZON_WORDS[value] if value in _HORIZON_WORDS else number(value)
    months = count * (1 if unit.startswith(("month", "месяц")) else MONTHS_PER_YEAR)
    return round(months) if 1 <= months <= 120 else None


def read_use_share(text: str) -> float | None:
    """The share of the time the GPUs would be used ("maybe 40% of the time": 0.4), or None."""
    share = _SHARE_OF_TIME.search(text)
    if share is None:
        return None
    percent = number(share.group(1) or share.group(2))
    return percent / 100 if 0 < percent <= 100 else None


def read_hours_per_month(text: str, busy_hours: float, working_days: float) -> float | None:
    """Hours a month the GPUs would run, where the message says how long a day."""
    found = _HOURS_A_DAY.search(text)
    span = _HOURS_RANGE.search(text)
    stated = found is not None or span is not None
    if found is not None:
        per_day = number(found.group(1))
        if not 0 < per_day <= 24:
            return None
    elif span is not None:
        in_range = _hours_in_range(span)
        if in_range is None:
            return None
        per_day = in_range
    elif _BUSINESS_HOURS.search(text):
        per_day = busy_hours
    else:
        return None
    days = working_days if _WEEKDAYS.search(text) or not stated else DAYS_PER_MONTH
    return per_day * days


def read_rps(text: str) -> float | None:
    found = _RPS.search(text)
    if found:
        return _volume(found.group(1), found.group(2))
    per = _RATE_PER.search(text)
    if per is None:
        return None
    unit = per.group(3) or "min"
    count = _volume(per.group(1), per.group(2))
    return count / (3600 if unit.startswith(("час", "hour", "hr")) else 60)


def _without_rps(text: str) -> str:
    return _PER_DAY.sub(" ", _RATE_PER.sub(" ", _RPS.sub(" ", text)))


def read_users(text: str) -> int | None:
    """Concurrent users or requests: '15 юзеров', '50 человек одновременно', '25 at once';
    never the people of a company ('компания из 800 человек')."""
    text = _without_rps(text)
    for pattern in _COMPANY_PATTERNS:
        text = pattern.sub(" ", text)
    for pattern in _USERS_PATTERNS:
        for found in pattern.finditer(text):
            scale = found.group(2) if pattern.groups >= 2 else None
            value = number(found.group(1)) * (1000 if scale else 1)
            if value >= 1 and value.is_integer():
                return int(value)  # the engine names a value out of its range
    return None


def says_at_once(text: str) -> bool:
    """Whether the text speaks of a concurrent load ("одновременно", "at once")."""
    return re.search(_CONCURRENT, text) is not None


# The speaker counted beside the people named: "me and 3 colleagues", "3 coworkers and I",
# "я и ещё 3 коллеги", "мы с 3 коллегами" (QA 55 sized "me and 3 colleagues" as 3 people).
_PEERS = (
    rf"(?:other\s+)?(?:{_STAFF_NOUN}|coworkers|co-workers|teammates|friends|people|others|"
    r"человек\w*|друг\w*|друз\w*|товарищ\w*)"
)
_WITH_ME = re.compile(
    rf"\b(?:me|myself|i)\s+(?:and|plus|\+)\s+(?:my\s+)?(?:about\s+)?{NUM}\s+{_PEERS}|"
    rf"(?<![\w.]){NUM}\s+(?:of\s+my\s+|my\s+)?{_PEERS}\s+(?:and|plus|\+)\s+(?:me|myself|i)\b|"
    rf"(?:\bя|\bмы)\s+(?:и|\+|с|плюс)\s+(?:ещё\s+|еще\s+)?{NUM}\s+{_PEERS}|"
    rf"(?<![\w.]){NUM}\s+{_PEERS}\s+и\s+я\b"
)


def read_headcount(text: str) -> int | None:
    """The staff behind a deployment: '200 сотрудников', 'company of 80', 'штат 500'; the
    speaker counted with the people beside them ('me and 3 colleagues': 4)."""
    with_me = _WITH_ME.search(text)
    if with_me is not None:
        peers = next(number(g) for g in with_me.groups() if g is not None)
        if 1 <= peers <= 1000 and peers.is_integer():
            return int(peers) + 1
    for pattern in _HEADCOUNT_PATTERNS:
        found = pattern.search(text)
        if found is not None:
            thousands = pattern.groups >= 2 and found.group(2)  # "20 тыс. студентов"
            value = number(found.group(1)) * (1000 if thousands else 1)
            if 1 <= value <= 10_000_000 and value.is_integer():
                return int(value)
    return None


# The customers a customer-facing service has ("5,000 customers on our website", "50 тысяч
# клиентов"): a customer base, not a load (neither at once nor a volume a period).
_CUSTOMERS = re.compile(
    rf"(?<![\w.$€₽]){NUM}{_VOLUME_SCALE}\s+(?:(?:active|registered|regular|активн\w*|"
    r"постоянн\w*)\s+)?(?:customers|clients|subscribers|клиент\w*|покупател\w*|абонент\w*)\b"
    r"(?!\s+(?:at once|online|concurrent\w*|simultaneous\w*|одновременно|онлайн|сразу|"
    r"(?:a|per|в|за|each|every)\s+(?:day|week|month|hour|year|день|сутки|недел\w*|месяц|час|год)))"
)


def read_customers(text: str) -> int | None:
    """A customer base ('about 5,000 customers', '50 тысяч клиентов'): of whom a few chat at
    a time, unlike staff at work."""
    found = _CUSTOMERS.search(text)
    if found is None:
        return None
    value = _volume(found.group(1), found.group(2))
    return int(value) if 1 <= value <= 100_000_000 and value.is_integer() else None


# ---- fine-tuning data ---------------------------------------------------------------------

_EXAMPLE_NOUN = (
    r"(?:примеров|примерах|примера|пример\b|диалогов|диалогах|документов|документах|пар\b|"
    r"записей|обращений|писем|счетов|тикетов|инструкций|руководств\b|статей|договоров|отч[её]тов|"
    r"samples|examples|dialog(?:ue)?s|conversations|documents|docs|emails|invoices|records|"
    r"tickets|instructions|manuals|articles|contracts|reports|pairs|rows)"
)
# "50k-example dataset", "a 10,000-sample set": the count as an adjective
_EXAMPLE_ADJECTIVE = r"(?:example|sample|record|conversation|dialog(?:ue)?|document|row|pair)"
_EXAMPLE_SCALE = r"(?:\s*(k|тыс\.?|thousand|m|млн\.?|million|миллион\w*))?"
_EXAMPLES = re.compile(
    rf"(?<![\w.]){NUM}{_EXAMPLE_SCALE}(?:\s+(?:(?!\d)[\w«»\"'&–-]+\s+){{0,3}}?{_EXAMPLE_NOUN}|"
    rf"\s*-\s*{_EXAMPLE_ADJECTIVE}\b)(?!\s+(?:a|per|в|/)\s*"
    r"(?:month|day|week|year|месяц|день|сутки|недел\w*|год))"
)
_DATASET_TOKENS = re.compile(
    rf"(?<![\w.]){NUM}\s*(k|m|b|t|тыс\.?|млн|млрд|трлн|миллион\w*|миллиард\w*|триллион\w*|"
    r"million|billion|trillion|bn|tn)\.?\s*(?:\w+\s+)?(?:токен\w*|tokens?)"
)
# "датасет 300 тыс токенов", "a dataset of 300k tokens": a corpus whatever its size.
_NAMED_DATASET_TOKENS = re.compile(
    r"(?:датасет\w*|набор\w* данных|корпус\w*|dataset|corpus|training data)\s+"
    rf"(?:\w+\s+){{0,2}}?{NUM}\s*(k|m|b|t|тыс\.?|млн|млрд|трлн|миллион\w*|миллиард\w*|"
    r"триллион\w*|million|billion|trillion|bn|tn)?\.?\s*(?:\w+\s+)?(?:токен\w*|tokens?)"
)
# "триллион токенов", "a trillion tokens", "пол триллиона": one (or half) of that scale, no
# figure written.
_ONE_SCALE_TOKENS = re.compile(
    r"(?<![\d.,])(?<![\d.,]\s)(?:\b(?:a|one|один|одного)\s+|\b(half\s+a|пол-?|полу)\s*)?"
    r"(?:(?<=пол)|(?<=полу)|(?<=пол-)|\b)(миллиард\w*|триллион\w*|billion|trillion)\s+(?:\w+\s+)?"
    r"(?:токен\w*|tokens?)"
)
_VAGUE_SCALE = re.compile(
    r"(?:полтора|полторы|несколько|десятк\w*|сотн\w*|several|a few|tens of|hundreds of|"
    r"and a half|с половиной)\s*$"
)
_SCALES = {"k": 1e3, "тыс": 1e3, "тыс.": 1e3, "m": 1e6, "млн": 1e6, "million": 1e6, "b": 1e9}
_SCALES |= {"млрд": 1e9, "billion": 1e9, "bn": 1e9, "thousand": 1e3}
_SCALES |= {"t": 1e12, "трлн": 1e12, "trillion": 1e12, "tn": 1e12}


def _scale(word: str) -> float:
    if word.startswith("миллион"):
        return 1e6
    if word.startswith("миллиард"):
        return 1e9
    if word.startswith("триллион"):
        return 1e12
    return _SCALES.get(word, 1.0)


# A fine-tuning deadline: "дедлайн месяц", "deadline 2 weeks", "within 3 days", "за 48 часов".
_DEADLINE_AMOUNT = (
    r"\s*(?:[:—-]|is|of|—|будет|составляет)?\s*(?:(?:всего|только|лишь|only|just)\s+)?"
    r"(?:(\d+(?:[.,]\d+)?|one|a|an|один|одна|одну|два|две|три)\s+)?"
    r"(час\w*|hours?|д(?:ень|ня|ней)|сут\w*|days?|недел\w*|weeks?|месяц\w*|months?)\b"
)
_DEADLINE = re.compile(
    r"(?:дедлайн\w*|deadline|срок\w*|within|в течение|не дольше|за|by|in|\(|"
    r"(?:уложит\w*|уложим\w*|успеть|успеем)\s+(?:в|за)|"
    r"that'?s|that is|то есть|это)" + _DEADLINE_AMOUNT
)
# Read only when no deadline word is: "we have a month", "у нас есть неделя" (the time there
# is, not "3 months of logs"), "the deadline got moved to 48 hours", "срок сдвинули до 2 дней".
_DEADLINE_LOOSE = re.compile(
    r"(?:\b(?:we|i)(?:'ve got| have| got)|\bу (?:нас|меня) (?:есть )?|"
    r"\b(?:moved|pushed|changed|cut|brought|shortened)(?: up| back| down)? to|\bnow|"
    r"\b(?:сдвину|перенес|сократи|поменя|измени)\w*\s+(?:на|до)|\bтеперь)"
    + _DEADLINE_AMOUNT
    + r"(?!\s+(?:of|per|a day|each|в день|в сутки|логов|данных|записей|звонков|разговоров))"
)
# "like 12 hours from now", "через 12 часов", "осталось 2 дня": the time left, counted from now.
_DEADLINE_FROM_NOW = re.compile(
    r"(\d+(?:[.,]\d+)?)\s+(час\w*|hours?|д(?:ень|ня|ней)|сут\w*|days?)\s+(?:from now|left)\b|"
    r"(?:через|осталось|остал\w*)\s+(\d+(?:[.,]\d+)?)\s+(час\w*|д(?:ень|ня|ней)|сут\w*)"
)
_DEADLINE_WORDS = {"one": 1, "a": 1, "an": 1, "один": 1, "одна": 1, "одну": 1, "два": 2, "две": 2}
_DEADLINE_WORDS |= {"три": 3}


# "к концу месяца", "by the end of the week", "by next Friday": a week or a month from now.
_DEADLINE_END = re.compile(
    r"(?:к|до) (?:концу|конца) (недел|месяц)\w*|by (?:the )?end of (?:the |this |next )?(week|month)|"
    r"(?:by|до|к) (?:next |следующ\w+ )(monday|tuesday|wednesday|thursday|friday|saturday|"
    r"sunday|понедельник\w*|вторник\w*|сред\w*|четверг\w*|пятниц\w*|суббот\w*|воскресень\w*)"
)


# Work done once: "a one-off job", "разовая задача", "just once".
_ONE_OFF = re.compile(
    r"\bone[- ]off\b|\bone[- ]time\b|\bjust once\b|\bonly once\b|\bразов\w*|"
    r"единоразов\w*|однократн\w*|\b(?:один|1) раз\b(?! в)"
)


# GPUs added to those of the last answer: "add two more 4090s", "а если докупить ещё две?"
_MORE_GPUS = re.compile(
    r"\b(?:\d+|one|two|three|four|five|six|eight)\s+(?:more|additional|extra)\b|"
    r"\bещ[её]\s+(?:\d+|одн\w*|дв[еау]\w*|три|четыре|пять|шесть|восемь)\b|"
    r"\b(?:добав|докуп)\w*\s+(?:ещ[её]\s+)?(?:\d+|одн\w*|дв[еау]\w*|три|четыре)\b"
)


# People added to the load said before: "what if we add 10 more users?", "а если добавится
# ещё 10 человек?", "+50 сотрудников".
_PEOPLE_NOUN = (
    r"(?:users?|people|persons?|employees?|staff|seats?|lawyers?|agents?|operators?|analysts?|"
    r"developers?|devs|engineers?|managers?|students?|customers?|clients?|"
    r"человек\w*|пользовател\w*|сотрудник\w*|юрист\w*|оператор\w*|менеджер\w*|аналитик\w*|"
    r"разработчик\w*|студент\w*|клиент\w*|юзер\w*|люд\w*)"
)
_MORE_PEOPLE = re.compile(
    rf"(?<![\w.])(\d[\d\s,]*)\s+(?:more|additional|extra|new)\s+{_PEOPLE_NOUN}\b|"
    rf"\bещ[её]\s+(?:(?:на|примерно|около)\s+)?(\d[\d\s]*)\s+{_PEOPLE_NOUN}|"
    rf"\b(?:добав|прибав)\w*\s+(?:ещ[её]\s+)?(\d[\d\s]*)\s+{_PEOPLE_NOUN}|"
    rf"\badd(?:ing|ed)?\s+(?:another\s+)?(\d[\d,]*)\s+{_PEOPLE_NOUN}\b|"
    rf"(?<![\w.])\+\s?(\d[\d\s,]*)\s+{_PEOPLE_NOUN}",
    re.IGNORECASE,
)


def read_more_people(text: str) -> int | None:
    """People added to those counted before ("10 more users", "ещё 10 человек")."""
    found = _MORE_PEOPLE.search(text)
    if found is None:
        return None
    digits = next(g for g in found.groups() if g is not None)
    value = int(re.sub(r"[\s,]", "", digits))
    return value if 0 < value <= 1_000_000 else None


def says_more_gpus(text: str) -> bool:
    """Whether the GPUs counted are added to those already there ("add two more"), not
    people added to the load ("10 more users")."""
    return bool(_MORE_GPUS.search(text)) and read_more_people(text) is None


# One request's time asked: "how long would each contract take?", "сколько времени займёт
# один договор?" (QA 54 repeated the sizing; its first token and speed were in it, unsummed).
_REQUEST_TIME = re.compile(
    r"\bhow long (?:would|will|does|do|should|to) (?:it )?(?:take (?:to \w+ )?)?(?:each|one|1|"
    r"a single|every|a|an) (?!epoch|run|step)\w+(?: take| to (?:process|answer|read|review)|\?|$)|"
    r"\bhow long (?:per|for each|for one|for 1|for a single) (?!epoch|run|step)\w+|"
    r"\btime (?:per|for each|for one|for 1) (?:request|document|doc|contract|file|answer|query|"
    r"question|report|ticket)\b|"
    r"(?:сколько|как долго)[^.?!]{0,30}?(?:\b1\b|\bодн\w+|\bкажд\w+) "
    r"(?!эпох|шаг|запуск|раз\b|час|день|сутки|недел|месяц)(?:\w+ )?(?:запрос|документ|договор|"
    r"контракт|файл|ответ|вопрос|отч[её]т|тикет|письм|обращени|диалог)\w*"
)


def says_request_time(text: str) -> bool:
    """Whether one request's time is asked ("how long would each contract take?")."""
    return bool(_REQUEST_TIME.search(text))


# A job said to come back: "each week", "ежемесячно", "every night".
_RECURS = re.compile(
    r"\b(?:each|every|per)\s+(?:\w+\s+)?(?:day|night|week|month|quarter|year)\b|\bdaily\b|"
    r"\bnightly\b|\bweekly\b|\bmonthly\b|\bquarterly\b|кажд\w+\s+(?:\w+\s+)?(?:день|ночь|"
    r"недел\w*|месяц\w*|квартал\w*|год\w*)|ежедневн\w*|еженедельн\w*|ежемесячн\w*|"
    r"ежеквартальн\w*|ежегодн\w*|по ночам|регулярн\w*|\bregularly\b"
)


def says_recurring(text: str) -> bool:
    """Whether the job comes back ("every night", "ежемесячно"): no one-off to rent for."""
    return bool(_RECURS.search(text))


def says_one_off(text: str) -> bool:
    """Whether the work is done once and then stops."""
    return bool(_ONE_OFF.search(text))


# How often a fine-tuning run is repeated: "once a quarter", "every week", "раз в месяц",
# "3 times a year", "ежеквартально". Working days for "daily" (22 x 12).
# Russian imperfective verbs of batch work: "нужно за ночь прогонять" is done night after night
_NIGHTLY_VERB = (
    r"(?:прогонять|обрабатывать|разбирать|проверять|анализировать|размечать|вытаскивать|"
    r"классифицировать|суммаризировать|переводить)"
)
_RUNS_EVERY = (
    (
        re.compile(
            r"once a quarter|every quarter|quarterly|раз в квартал|ежекварталь\w*|каждый квартал"
        ),
        4.0,
    ),
    (re.compile(r"twice a year|every six months|раз в полгода|дважды в год|каждые полгода"), 2.0),
    (re.compile(r"once a year|every year|yearly|annually|раз в год|ежегодно|каждый год"), 1.0),
    (re.compile(r"once a month|every month|monthly|раз в месяц|ежемесячно|каждый месяц"), 12.0),
    (
        re.compile(r"once a week|every week|weekly|раз в неделю|еженедельно|каждую неделю"),
        52.0,
    ),
    (
        re.compile(
            r"every day|daily|nightly|каждый день|ежедневно|каждую ночь|every night|each night|"
            r"по ночам|"
            # "за ночь прогонять 30 тысяч документов": an imperfective verb, a job each night
            rf"за ночь\s+(?:\w+\s+)?{_NIGHTLY_VERB}|{_NIGHTLY_VERB}\s+(?:\S+\s+){{0,4}}?за ночь"
        ),
        264.0,
    ),
    (_ONE_OFF, 1.0),  # a single run, priced as one a year (three years against three runs)
)
_RUNS_TIMES = re.compile(
    rf"(?<![\w.]){NUM}\s*(?:times|раза?)\s+(?:a|per|в)\s+(year|month|week|год|месяц|неделю)\b"
)
_PER_PERIOD = {"year": 1.0, "год": 1.0, "month": 12.0, "месяц": 12.0, "week": 52.0, "неделю": 52.0}


def read_runs_per_year(text: str) -> float | None:
    """Fine-tuning runs a year from how often they are repeated."""
    found = _RUNS_TIMES.search(text)
    if found is not None and number(found.group(1)) > 0:
        return number(found.group(1)) * _PER_PERIOD[found.group(2)]
    return next((runs for pattern, runs in _RUNS_EVERY if pattern.search(text)), None)


# A deadline said the other way round or as a weekend: "часов за 48", "over the weekend".
_DEADLINE_HOURS_FIRST = re.compile(
    r"(?:часов|hours)\s+за\s+(\d+(?:[.,]\d+)?)\b|"
    # "срок — утро понедельника, т.е. часов 60": the hours said after their word (QA 56)
    r"(?:т\.\s?е\.|то есть|это|примерно|около|где-то|получается)\s+часов\s+(\d+(?:[.,]\d+)?)\b"
)
_WEEKEND = re.compile(r"за выходные|на выходных|over (?:the|a) weekend|during the weekend")
WEEKEND_HOURS = 48.0  # Saturday and Sunday
# "overnight", "каждую ночь", "за ночь": the night's window a nightly job must end within,
# taken as 22:00 to 06:00 (an assumption the answer states).
_OVERNIGHT = re.compile(
    r"\bovernight\b|\bnightly\b|\b(?:every|each|per|a|one|in a|in one|during the|at) night\b|"
    r"за ночь|каждую ночь|по ночам|\bночью\b|в ночь\b|ночн\w+ (?:прогон|окн|обработ|смен)\w*"
)
NIGHT_HOURS = 8.0


# "к пятнице", "by Friday", "до пятницы" (with "сегодня понедельник", "today is Monday": the
# days between; with no day said today, within a week).
_DAYS = (
    ("monday", "понедельник"),
    ("tuesday", "вторник"),
    ("wednesday", "сред"),
    ("thursday", "четверг"),
    ("friday", "пятниц"),
    ("saturday", "суббот"),
    ("sunday", "воскресень"),
)
_DAY_WORD = r"(monday|tuesday|wednesday|thursday|friday|saturday|sunday|понедельник\w*|" + (
    r"вторник\w*|сред[ауы]|четверг\w*|пятниц\w*|суббот\w*|воскресень\w*)"
)
_BY_DAY = re.compile(
    rf"(?:\bby|\bдо|\bк|\bopens?|\bdue(?: on)?|\bgo(?:es)? live(?: on)?|\blaunch(?:es)?(?: on)?)"
    rf"\s+(?:this\s+|эт\w+\s+)?{_DAY_WORD}"
)
_TODAY = re.compile(
    rf"(?:сегодня|сейчас|today is|today's|it's|it is|now it's|it's now)\s+(?:уже\s+)?{_DAY_WORD}"
)


def _weekday(word: str) -> int:
    return next(i for i, names in enumerate(_DAYS) if word.startswith(names))


def _by_weekday_hours(text: str) -> float | None:
    """Hours until the weekday a batch must be done by ("к пятнице"), counted from the day
    said to be today, or a week when none is."""
    found = _BY_DAY.search(text)
    if found is None:
        return None
    today = _TODAY.search(text)
    if today is None:
        return 168.0
    days = (_weekday(found.group(1)) - _weekday(today.group(1))) % 7 or 7
    return days * 24.0


def read_deadline_hours(text: str) -> float | None:
    """How long a fine-tuning run or a batch job may take, in hours (a month is 30 days; "by
    the end of the month" a month, of the week or "by next Friday" a week; a weekend two
    days; overnight the night's eight hours)."""
    first = _DEADLINE_HOURS_FIRST.search(text)
    said_first = number(first.group(1) or first.group(2)) if first is not None else 0.0
    if said_first > 0:
        return said_first
    found = _DEADLINE.search(text) or _DEADLINE_LOOSE.search(text)
    from_now = _DEADLINE_FROM_NOW.search(text) if found is None else None
    if from_now is not None:  # "12 hours from now": the amount and unit of either order
        amount, unit = (
            from_now.group(1) or from_now.group(3),
            from_now.group(2) or from_now.group(4),
        )
        return number(amount) * (1.0 if unit.startswith(("час", "hour")) else 24.0)
    weekday = _by_weekday_hours(text)
    if found is None and weekday is not None and not _DEADLINE_END.search(text):
        return weekday  # "к пятнице" (a span said beside it, "(3 days)", wins)
    if found is None and _WEEKEND.search(text):
        return WEEKEND_HOURS
    end = _DEADLINE_END.search(text)
    if found is None and end is None and _OVERNIGHT.search(text):
        return NIGHT_HOURS  # "overnight", "каждую ночь": the night's window
    if end is not None and (found is None or end.start() < found.start()):
        return (
            720.0 if (end.group(1) or end.group(2) or "").startswith(("месяц", "month")) else 168.0
        )
    if found is None:
        return None
    amount = found.group(1)
    count = _DEADLINE_WORDS.get(amount, 0.0) if amount and not amount[0].isdigit() else None
    value = count if count is not None else (number(amount) if amount else 1.0)
    unit = found.group(2)
    if unit.startswith(("час", "hour")):
        hours = 1.0
    elif unit.startswith(("д", "сут", "day")):
        hours = 24.0
    elif unit.startswith(("недел", "week")):
        hours = 168.0
    else:
        hours = 720.0
    return value * hours if value else None


# The length of each example: "50k examples x 1k tokens", "по 800 токенов", "of ~2000 tokens each".
_TOKENS_PER_EXAMPLE = re.compile(
    rf"{_EXAMPLE_NOUN}\s*(?:\(?\s*)?(?:x|×|\*|по|of|at|averaging|в среднем по)\s*~?{NUM}{_K}\s*"
    r"(?:токен\w*|tokens?)"
)


# "50k examples, avg 1k tokens each", "по 800 токенов каждый", "1,000 tokens per example",
# "each about 1k tokens", "в среднем 1000 токенов".
_TOKENS_EACH = re.compile(
    rf"(?<![\w.]){NUM}{_K}\s*(?:токен\w*|tokens?)\s*(?:each|apiece|on average|"
    r"per\s+(?:example|sample|pair|dialog(?:ue)?|conversation|document|doc|record|ticket|row)|"
    r"кажд\w*|в среднем|на\s+(?:пример|диалог|документ|запись|пару|тикет))|"
    rf"(?:\beach|кажд\w*|в среднем|on average|average of)\s+(?:(?:is|of|по)\s+)?"
    rf"(?:about|around|roughly|~|примерно|около|где-то)?\s*{NUM}{_K}\s*(?:токен\w*|tokens?)"
)


def read_tokens_per_example(text: str) -> int | None:
    found = _TOKENS_PER_EXAMPLE.search(text) or _TOKENS_EACH.search(text)
    if found is None:
        return None
    groups = found.groups()
    at = 0 if groups[0] is not None else 2  # _TOKENS_EACH: the figure before or after
    value = number(groups[at]) * (1000 if groups[at + 1] else 1)
    return int(value) if 10 <= value <= 1_000_000 else None


def read_dataset_examples(text: str) -> int | None:
    """Examples, dialogues or documents to fine-tune on: '50 тыс примеров', '10k dialogs'."""
    for found in _EXAMPLES.finditer(text):
        scale = (found.group(2) or "").rstrip(".")
        value = number(found.group(1)) * (_scale(scale) if scale else 1.0)
        if value >= 10:
            return int(value)
    return None


def read_dataset_tokens(text: str, bare_scale: bool = False) -> int | None:
    """A corpus in tokens: '500 млн токенов', '1b tokens' (a million or more, else a context),
    or any size the text calls a dataset ('датасет 300 тыс токенов'); with `bare_scale` (a
    training run), 'триллион токенов' with no figure too."""
    named = _NAMED_DATASET_TOKENS.search(text)
    if named is not None:
        value = number(named.group(1)) * _scale((named.group(2) or "").rstrip("."))
        if value >= 1000:
            return int(value)
    for found in _DATASET_TOKENS.finditer(text):
        value = number(found.group(1)) * _scale(found.group(2).rstrip("."))
        if value >= 1e6:
            return int(value)
    one = _ONE_SCALE_TOKENS.search(text) if bare_scale else None
    if one is None or _VAGUE_SCALE.search(text[max(0, one.start() - 24) : one.start()]):
        return None  # "несколько миллиардов", "полтора триллиона": no figure to take
    return int(_scale(one.group(2)) * (0.5 if one.group(1) else 1))


_EPOCHS = re.compile(
    rf"(?<![\w.]){NUM}\s*(?:epochs?|эпох\w*)|(?:epochs?|эпох\w*)\s*[:=]?\s*(\d+(?:[.,]\d+)?)"
)
_RANK = re.compile(r"(?:rank|ранг\w*)\s*(?:of|=|:|-)?\s*(\d{1,4})\b|\br\s*=\s*(\d{1,4})\b")


def read_epochs(text: str) -> float | None:
    found = _EPOCHS.search(text)
    if found is None:
        return None
    return number(found.group(1) or found.group(2))


def read_lora_rank(text: str) -> int | None:
    found = _RANK.search(text)
    return int(found.group(1) or found.group(2)) if found else None


# ---- money and speed ----------------------------------------------------------------------


@dataclass(frozen=True)
class Money:
    amount: float
    currency: Currency


_MONEY_SCALE = r"(k|тыс\.?|thousand|m|млн\.?|миллион\w*|million|mln|лям\w*|лимон\w*)?"
_RUB = r"(?:руб\w*|₽|р\.|rub|roubles?|rubles?)"
_USD = r"(?:\$|usd|dollars?|доллар\w*|бакс\w*)"
_EUR = r"(?:€|eur|euros?|евро)"
# An electricity price: "€0.25/kWh", "electricity at 0.20 USD per kWh", "9 руб за кВт·ч".
_KWH = r"(?:kwh|квт\W?ч\w*|киловатт\W?час\w*)"
_POWER_PRICE = re.compile(
    rf"(?:({_USD}|{_EUR})\s*)?(\d+(?:[.,]\d+)?)\s*(?:({_USD}|{_EUR}|{_RUB}|cents?|ct|коп\w*)\s*)?"
    rf"(?:/|per|a|за|в)\s*(?:1\s*)?{_KWH}"
)


def without_power_price(text: str) -> str:
    """The text with its electricity price blanked, so no reader takes it for a budget."""
    return _POWER_PRICE.sub(" ", text)


def read_power_price(text: str, russian: bool) -> Money | None:
    """The customer's electricity price per kWh ("€0.25/kWh", "9 руб за кВт·ч"); with no
    currency said, roubles in Russian and dollars in English. Cents and kopecks are hundredths."""
    found = _POWER_PRICE.search(text)
    if found is None:
        return None
    unit = (found.group(1) or found.group(3) or "").strip()
    value = number(found.group(2))
    if unit.startswith(("cent", "ct", "коп")):
        value /= 100
        unit = {"c": "$", "к": "коп"}.get(unit[0], "€") if unit != "ct" else "€"
    if re.fullmatch(_EUR, unit):
        currency: Currency = "EUR"
    elif re.fullmatch(_USD, unit):
        currency = "USD"
    elif re.fullmatch(_RUB, unit) or unit.startswith("коп") or russian:
        currency = "RUB"
    elif value <= 2:  # "0.20 per kWh": dollars; "8 per kWh" is some other currency
        currency = "USD"
    else:
        return None
    return Money(value, currency) if value > 0 else None


_AMOUNT = rf"{NUM}\s*{_MONEY_SCALE}"
_MONEY: tuple[tuple[re.Pattern[str], Currency], ...] = (
    (re.compile(rf"{_USD}\s*{_AMOUNT}"), "USD"),
    (re.compile(rf"{_EUR}\s*{_AMOUNT}"), "EUR"),
    (re.compile(rf"{_AMOUNT}\s*{_USD}"), "USD"),
    (re.compile(rf"{_AMOUNT}\s*{_EUR}"), "EUR"),
    (re.compile(rf"{_AMOUNT}\s*{_RUB}"), "RUB"),
    (re.compile(rf"{NUM}\s*(лимон\w*|лям\w*)"), "RUB"),
)
_BUDGET_WORD = re.compile(
    rf"(?:budget(?:'s|’s)?|бюджет\w*)\s*(?:[:—–-]\s*)?(?:\w+,?\s+){{0,3}}?{_AMOUNT}"
)


# A sum asked to fit, its currency unsaid: "уложимся ли в 5 млн?", "хватит ли 3 млн?", "can
# we stay under 50k?" (QA 55 priced 6.46M ₽ with no yes or no). A scale word is required:
# "хватит ли 2 карт" is no sum.
_FITS_SUM = re.compile(
    rf"(?:уложим\w*(?: ли)? в|уложиться в|влез\w*(?: ли)? в|хватит(?: ли)?|"
    rf"\bfit (?:in|within|into)|\bstay (?:under|within))\s+(?:в\s+)?{NUM}\s*"
    r"(k|тыс\.?|thousand|m|млн\.?|миллион\w*|million|mln|лям\w*|лимон\w*)(?!\w)"
    r"(?!\s*(?:токен|tokens?|слов|words?|запрос|requests?|пользовател|users?|параметр|param|"
    r"строк|страниц|pages?|документ|docs?|documents?|тикет|tickets?|писем|emails?|диалог))"
)


def _money_scale(word: str | None) -> float:
    if not word:
        return 1.0
    if word.startswith(("k", "тыс", "thousand")):
        return 1e3
    return 1e6


# "€3,000 per month", "150 тыс в месяц": a running budget, not the price of hardware
_MONTHLY_AFTER = re.compile(
    r"\s*(?:/\s*mo\w*|/\s*мес\w*|(?:a|per|each|every|в|за)\s+(?:month|мес\w*)|monthly)"
)


def _first_sum(text: str) -> tuple[Money, re.Match[str]] | None:
    """The sum the text names, by the first currency pattern that finds one, and its match."""
    for pattern, currency in _MONEY:
        found = pattern.search(text)
        if found is not None:
            return Money(number(found.group(1)) * _money_scale(found.group(2)), currency), found
    return None


# "счёт 150 тысяч в месяц": a Russian bill in thousands with no currency is in roubles.
_WINDOW_BEFORE = re.compile(r"(?:контекст\w*|context|окн\w*|window)\s*(?:на|of|в)?\s*$")
_BARE_THOUSANDS = re.compile(
    rf"(?<![\w.]){NUM}\s*(тыс\w*\.?|млн\.?|миллион\w*|"
    r"k\b(?=\s*(?:$|[,.;!?)]|в мес|за мес|/\s*мес|ежемесячн|руб|₽|р\.)))"
)


def _bare_roubles(text: str) -> tuple[Money, re.Match[str]] | None:
    """A sum in thousands or millions with no currency, in a Russian clause: roubles."""
    if not re.search(r"[а-яё]{3}", text):
        return None
    for found in _BARE_THOUSANDS.finditer(text):
        if found.group(2) == "k" and _WINDOW_BEFORE.search(text[: found.start()]):
            continue  # "контекст 32k": a window, not a sum
        return Money(number(found.group(1)) * _money_scale(found.group(2)), "RUB"), found
    return None


def says_monthly_budget(text: str) -> bool:
    """Whether the first sum in the text is a month's budget (renting or running)."""
    first = _first_sum(text)
    return first is not None and bool(_MONTHLY_AFTER.match(text, first[1].end()))


_BUDGET_SHARE = re.compile(
    r"(?:budget|бюджет\w*).{0,30}?(half|a third|a quarter|вдвое меньше|в два раза меньше|"
    r"половин\w*|втрое меньше|в три раза меньше)|(half|половин\w*) (?:the |of the |of our |"
    r"бюджета|нашего бюджета)?\s*(?:budget|бюджет\w*)"
)
_SHARES = {"half": 0.5, "a third": 1 / 3, "a quarter": 0.25, "втрое меньше": 1 / 3}
_SHARES |= {"в три раза меньше": 1 / 3}


def read_budget_share(text: str) -> float | None:
    """'what if the budget is half of that?', 'а если бюджет вдвое меньше?': a share of the
    budget said before."""
    found = _BUDGET_SHARE.search(text)
    if found is None:
        return None
    word = found.group(1) or found.group(2) or ""
    return _SHARES.get(word, 0.5)


# "0.30 eur/kwh", "6 руб за кВт·ч": a power tariff, not a budget
_TARIFF_AFTER = re.compile(r"\s*(?:/\s*kw\s*-?h|per kw\s*-?h|a kw\s*-?h|/\s*квт|за квт)")


# A million said in words: "до миллиона", "полмиллиона", "полтора миллиона", "два миллиона",
# "a million dollars". Read as digits so every sum reader sees one.
_SPELLED_COUNT = {
    "пол": "0.5",
    "полтора": "1.5",
    "полторы": "1.5",
    "один": "1",
    "одного": "1",
    "a": "1",
    "one": "1",
    "два": "2",
    "двух": "2",
    "two": "2",
    "три": "3",
    "трёх": "3",
    "трех": "3",
    "three": "3",
    "четыре": "4",
    "four": "4",
    "пять": "5",
    "five": "5",
}
_SPELLED_MILLION = re.compile(
    r"(?<![\d\w.,])(?:(пол|полтора|полторы|один|одного|a|one|два|двух|two|три|трёх|трех|three|"
    r"четыре|four|пять|five)\s*)?(?:миллион\w*|million)\b"
)


def spelled_millions(text: str) -> str:
    """The text with a million said in words written in digits ("до миллиона" → "до 1 млн");
    a million after digits ("2 миллиона") is already a number and stays."""

    def digits(found: re.Match[str]) -> str:
        before = found.string[: found.start()].rstrip()
        if found.group(1) is None and before[-1:].isdigit():
            return found.group(0)
        return f"{_SPELLED_COUNT.get(found.group(1) or '', '1')} млн"

    return _SPELLED_MILLION.sub(digits, text)


def read_budget(text: str, russian: bool) -> Money | None:
    """'до 3 млн рублей', 'under $40k', '€25k', '3 лимона' (a million roubles each), 'до
    миллиона'; a sum a month is no budget for buying hardware, nor is a power tariff."""
    text = spelled_millions(text)
    first = _first_sum(text)
    if first is not None:
        money, sum_found = first
        end = sum_found.end()
        if _MONTHLY_AFTER.match(text, end) or _TARIFF_AFTER.match(text, end):
            return None
        return money
    found = _BUDGET_WORD.search(text) or _FITS_SUM.search(text)
    if found is not None:
        amount = number(found.group(1)) * _money_scale(found.group(2))
        return Money(amount, "RUB" if russian else "USD")
    return None


# An API bill paid now: a sum a month with a spending verb and a hosted API in one clause
# ("тратим 400 тыс ₽/мес на OpenAI", "our OpenAI bill is $5k a month"). It prices the
# alternative; it is never the budget for hardware.
_API_NAME = (
    r"(?:\bapi\b|openai|chat ?gpt|\bgpt[- ]?[345]|claude|anthropic|gemini|yandex ?gpt|"
    r"яндекс ?gpt|gigachat|гигачат|deepseek|дипсик|mistral|tokens?\b|токен\w*)"
)
_SPEND_WORD = (
    r"(?:spend\w*|spent|pay\w*|paid|bill\w*|invoice\w*|"
    r"costs?\s+(?:us\s+)?(?:about\s+|around\s+|roughly\s+|~\s*)?[$€₽\d]|burn\w*|"
    r"трат\w*|плат\w*|счет\w*|счёт\w*|расход\w*|уход\w*|отда\w*|сжига\w*|обход\w*|"
    r"набега\w*)"
)
_PER_MONTH = r"(?:/\s*mo\w*|/\s*мес\w*|\b(?:a|per|each|every|в|за|/)\s+(?:month|мес\w*)|monthly|ежемесячн\w*)"
# A clause: up to a sentence's end, not an abbreviation's dot ("400 тыс. руб в месяц").
_CLAUSE = re.compile(r"(?:[^.;!?\n]|(?<=тыс)\.|(?<=млн)\.|(?<=млрд)\.|(?<=руб)\.|\.(?=\d))+")


@dataclass(frozen=True)
class ApiBill:
    """A month paid to a hosted API now, the tokens it buys where the clause says, and the
    spans that said so (blanked for the other readers)."""

    money: Money
    tokens_per_month: float | None
    spans: tuple[tuple[int, int], ...]


# "for roughly 3 billion tokens" in the bill's clause: the month's volume it pays for
_BILLED_TOKENS = re.compile(
    rf"(?<![\w.]){NUM}\s*(k|m|b|тыс\.?|млн|млрд|миллион\w*|миллиард\w*|million|billion|bn)?\.?\s*"
    r"(?:tokens?|токен\w*)"
)


# A vendor's price for hardware: "we got quoted $320k for an 8xH100 box", "КП на 12 млн".
_QUOTE_WORD = re.compile(
    r"\bquot\w*|\boffered\b|\boffer (?:of|at|for)\b|asking price|vendor (?:wants|asks)|"
    r"\bкп\b|коммерческ\w* предложени\w*|предлага\w*|предложил\w*|выставил\w* сч[её]т\w*|"
    r"насчитал\w*|просят"
)


def read_quote(text: str) -> tuple[Money, tuple[int, int]] | None:
    """A price a vendor asks for hardware, and its span: the clause with a quoting word and a
    sum (not a budget, not a bill)."""
    for clause in _CLAUSE.finditer(text):
        part = clause.group(0)
        first = _first_sum(part) if _QUOTE_WORD.search(part) else None
        if first is not None:
            money, found = first
            return money, (clause.start() + found.start(), clause.start() + found.end())
    return None


# A month's spend that is rent for GPUs or servers, not an API bill.
_RENT_SPEND = re.compile(r"\bgpus?\b|аренд\w*|\brent\w*|cloud|облак\w*|server|сервер\w*|хостинг")


def read_api_bill(text: str, monthly: bool = False) -> ApiBill | None:
    """A monthly sum paid to a hosted API now; None when the clause with the sum lacks a
    spending word or a month, or neither it nor another clause that pays for an API names one
    ("Keep paying for Claude Sonnet? We spend about $8,000 a month": the API before).
    `monthly`: the conversation is about a monthly bill, so a follow-up's "а если счёт 150
    тысяч?" is the new one with no month said."""
    api_paid = any(  # "keep paying for Claude Sonnet", "сидим на API DeepSeek, тратим ..."
        re.search(_API_NAME, c.group(0))
        and re.search(_SPEND_WORD + r"|сидим на|are on|use", c.group(0))
        for c in _CLAUSE.finditer(text)
    )
    for clause in _CLAUSE.finditer(text):
        part = clause.group(0)
        if not re.search(_SPEND_WORD, part) or not (monthly or re.search(_PER_MONTH, part)):
            continue
        if (
            not monthly
            and not re.search(_API_NAME, part)
            and not (api_paid and not _RENT_SPEND.search(part))
        ):
            continue
        first = _first_sum(part) or _bare_roubles(part)
        if first is None:
            continue
        money, found = first
        spans = [(clause.start() + found.start(), clause.start() + found.end())]
        tokens = None
        billed = _BILLED_TOKENS.search(part)
        if billed is not None and not _TEXT_VOLUME.search(part):  # "40 млн в день": its own
            value = number(billed.group(1)) * _scale((billed.group(2) or "").rstrip("."))
            if value >= 1e6:  # a month's volume, not a request's length
                tokens = value
                spans.append((clause.start() + billed.start(), clause.start() + billed.end()))
        return ApiBill(money, tokens, tuple(spans))
    return None


_TTFT = re.compile(
    r"(?:first token|первый токен\w*|ttft)\s*[—–-]?\s*(?:\w+\s+){0,3}?(?:under|within|in|below|<|"
    rf"до|за|через|меньше|не дольше)?\s*(?:чем\s+)?(?:через\s+)?{NUM}\s*"
    r"(ms|мс|s\b|sec\w*|seconds?|с\b|сек\w*)"
)
_SPEED = re.compile(
    rf"{NUM}\s*(?:tok(?:ens)?\s*/\s*s(?:ec)?|tokens? per second|t/s|ток\w*\s*/\s*с|"
    r"токен\w*\s+в\s+сек\w*)|токен\w*\s+~?" + NUM + r"\s+в\s+сек\w*"
)


_TTFT_WORDS = re.compile(
    r"(?:first token|первый токен\w*|ttft|(?:responses?|answers?|ответ\w*) (?:should |must )?"
    r"(?:start|начина\w*))\s*(?:[\w—–-]+\s+){0,4}?(?:within|under|in|за|через|меньше чем за)\s+"
    r"(?:a |одну |1 )?(second|секунд\w*|сек\w*)"
)


# "должна отвечать за 1 секунду", "must respond within 2 s": a reply started (streamed to a
# voice or a screen) within that time, the first token's target.
_RESPOND_WITHIN = re.compile(
    r"(?:отвеча\w*|ответ\w*|respond\w*|repl(?:y|ies)|answers?|responses?|задержк\w*|latency)\s+"
    r"(?:(?:must|should|has to|needs? to|to) (?:start|begin)\s+|(?:долж\w* )?начина\w*\s+)?"
    r"(?:within|in|under|below|за|в течение|не дольше|не больше|не более|до|меньше|of|at most|"
    r"<|≤|up to)\s+(?:чем\s+)?"
    rf"{NUM}\s*(ms|мс|s\b|sec\w*|seconds?|с\b|сек\w*|секунд\w*)"
)


_GROWTH = re.compile(
    rf"(?:grows?|growth|scales?|increases?|rises?)\s+(?:by\s+)?(?:x\s*)?{NUM}\s*(?:x|times)|"
    rf"{NUM}\s*(?:x|times)\s+(?:more\s+(?:users|people|requests|traffic|load|staff)|"
    r"the load|growth|bigger load|larger load)|"
    rf"(?:нагрузк\w*|трафик\w*|пользовател\w*|запрос\w*|объ[её]м\w*)\s+(?:\w+\s+)?"
    rf"(?:вырас\w*|увелич\w*)\s+(?:в\s+{NUM}\s+раз\w*|раз\s+в\s+{NUM}\b)|(?:вырас\w*|увелич\w*)\s+(?:в\s+)?{NUM}\s+раз\w*\s*[?.!]*\s*$|"
    rf"в\s+{NUM}\s+раз\w*\s+больше\s+(?:пользовател|людей|запрос|нагрузк|сотрудник|звонк)"
)


# "what if traffic doubles?", "а если удвоить число пользователей?", "втрое больше
# запросов": a multiple said in a word, beside what it multiplies (not "double-check").
_LOAD_NOUN = (
    r"(?:traffic|users?|load|requests?|people|staff|employees|customers|volume|chats?|calls?|"
    r"usage|team|headcount|пользовател\w*|нагрузк\w*|трафик\w*|запрос\w*|сотрудник\w*|"
    r"клиент\w*|обращени\w*|чат\w*|звонк\w*|людей|человек|объ[её]м\w*|юзер\w*|операторов)"
)
_FEWER = r"(?!\s+(?:меньше|less|fewer|smaller))"  # "вдвое меньше" halves, it does not grow
_MULTIPLE_WORDS = (
    (
        2.0,
        r"doubl(?:e|es|ed|ing)\b(?!\s*-?\s*check)|twice as many|twice the|удво\w*|"
        rf"(?:вдвое|в два раза|в 2 раза){_FEWER}",
    ),
    (
        3.0,
        rf"tripl(?:e|es|ed|ing)\b|three times (?:as many|the)|утро\w*|(?:втрое|в три раза){_FEWER}",
    ),
    (4.0, rf"quadrupl\w*|four times (?:as many|the)|учетвер\w*|(?:вчетверо|в четыре раза){_FEWER}"),
    (10.0, rf"tenfold|ten times (?:as many|the)|(?:вдесятеро|в десять раз){_FEWER}"),
)
_GROWTH_WORDS = tuple(
    (
        factor,
        re.compile(
            rf"(?:{words})[^.?!;\n]{{0,30}}?{_LOAD_NOUN}|{_LOAD_NOUN}[^.?!;\n]{{0,30}}?(?:{words})"
        ),
    )
    for factor, words in _MULTIPLE_WORDS
)


def read_growth(text: str) -> float | None:
    """A load said as a multiple of the last one: 'if it grows 10x', 'вырастет в 3 раза',
    'what if traffic doubles?'."""
    found = _GROWTH.search(text)
    if found is None:
        return next((factor for factor, said in _GROWTH_WORDS if said.search(text)), None)
    value = number(next(g for g in found.groups() if g))
    return value if 1 < value <= 1000 else None


def read_ttft(text: str) -> float | None:
    found = _TTFT.search(text) or _RESPOND_WITHIN.search(text)
    if found is None:
        return 1.0 if _TTFT_WORDS.search(text) else None
    value = number(found.group(1))
    return value / 1000 if found.group(2) in ("ms", "мс") else value


def reads_reply_within(text: str) -> bool:
    """ "ответ за 2 секунды", "must respond within 2 s": a time for the reply that names no
    first token; read as the first token's target, which the answer then says."""
    return _TTFT.search(text) is None and _RESPOND_WITHIN.search(text) is not None


def read_tokens_per_s(text: str) -> float | None:
    found = _SPEED.search(text)
    if found is None:
        return None
    return number(found.group(1) or found.group(2))


# ---- what the deployment is for --------------------------------------------------------------

_USE_CASES: tuple[tuple[UseCase, re.Pattern[str]], ...] = (
    (
        "rag",
        re.compile(
            r"\brag\b|по (?:(?:наш|сво|внутренн|корпоративн|внутрикорпоративн|служебн|"
            r"техническ|рабоч)\w*\s+){0,2}(?:документ|регламент)\w*|"
            r"по (?:(?:наш|сво|внутренн|корпоративн|внутрикорпоративн)\w*\s+){1,2}"
            r"(?:инструкци|нормативк)\w*|"
            r"по (?:нашей |своей )?баз\w* (?:знаний|договоров|документов)|поиск\w* по |"
            r"(?:бот|ассистент|помощник)\w* по (?:нашим |своим )?(?:\w+ )?(?:договор|контракт)\w*|"
            r"document q ?& ?a|q ?& ?a (?:over|on)|(?:document|docs|contract|policy) search|"
            r"(?:documents?|docs|pdfs?|policy|policies|contracts?)[- ](?:chat ?bot|bot|assistant)s?\b|"
            r"(?:chat ?bot|bot|assistant) for (?:our |the |your )?(?:own |internal |company )?"
            r"(?:documents|docs|documentation|pdfs|contracts|policies|manuals)\b|"
            r"search (?:over|across|through|in) (?:our |the )?(?:\w+ )?(?:documents|docs)\b|"
            r"(?:over|on|about|from) (?:our|the|your) (?:own |internal |company |corporate )?"
            r"(?:wiki|docs|documents|documentation|knowledge|policies|manuals)\b|"
            r"knowledge[- ]base|баз\w* знаний|\bwiki\b|chat with (?:our )?(?:docs|documents|pdfs)|"
            r"вопрос\w* по (?:документ|регламент|договор)\w*|retrieval|confluence|sharepoint|"
            r"(?:across|over|in) (?:our|the) (?:contracts|documents|docs|files|policies|manuals)"
        ),
    ),
    (
        "support",
        re.compile(
            r"customer[- ]support|support (?:bot|chat|agent)|служб\w* поддержк\w*|"
            r"подсказ\w* оператор\w*|agent assist\w*|"
            r"(?:assistant|bot|agent)s?\s+(?:\w+\s+){0,3}?(?:call|contact)[- ]?cent(?:er|re)|"
            r"(?:call|contact)[- ]?cent(?:er|re)\s+(?:voice\s+)?(?:assistant|bot)|"
            r"(?:ассистент|бот|помощник)\w*\s+(?:\w+\s+){0,3}?(?:колл?-?|контакт-?)центр\w*|"
            r"(?:колл?-?|контакт-?)центр\w*\s+(?:\w+\s+)?(?:ассистент|бот)\w*|"
            r"поддержк\w* (?:клиент|покупател|пользовател)\w*|техподдержк\w*|help ?desk|"
            r"customer service|отвеча\w* (?:на вопросы )?(?:клиентам|покупателям|пациентам|"
            r"гостям)|запис\w* (?:\w+ )?на при[её]м|booking (?:bot|assistant)|"
            r"(?:books?|schedul\w*) appointments|answers? (?:our )?(?:patients|customers|guests)|"
            r"бот\w* (?:для |службы )?поддержк\w*|(?:в|для) поддержк[еи]\b|"
            r"чат-?поддержк\w*|поддержк\w* в чате|support chat|chat support|"
            # a bot the customers talk to: "customer facing bot", "бот для клиентов"
            r"customer[- ]facing (?:chat)?bot|(?:chat)?bot for (?:our )?(?:customers|clients)|"
            # a voice bot takes calls: customers, patients, guests
            r"голосов\w* (?:бот|ассистент|помощник)\w*|voice (?:assistant|bot|agent)s?\b|"
            r"(?:чат-?)?бот\w* для (?:наших )?(?:клиент|покупател)\w*"
        ),
    ),
    (
        "code",
        re.compile(
            r"code assistant|coding assistant|кодов\w* (?:помощник|ассистент)\w*|код-?ассистент\w*|"
            r"автодополнени\w*|"
            r"(?:помощник|ассистент)\w* (?:для|по) (?:код|программ)\w*|\bcopilot\b|autocomplete|"
            r"для (?:программист|разработчик|прогер)\w*|code review|код-?ревью|писать код|write code|"
            r"написани\w* код\w*|coding|кодинг\w*|code (?:completion|generation|suggestions?)|"
            r"for (?:our |the )?(?:\d+ )?(?:devs|developers|programmers|engineers)\b"
        ),
    ),
    (
        "extraction",
        re.compile(
            r"извлеч\w*|extract\w*|классифик\w*|классифиц\w*|classif\w*|"
            r"обработк\w* (?:договор|документ|счет|заяв|анкет)\w*|парсинг\w*|\bparse\b|"
            r"(?:document|invoice|contract|form)s? processing|"
            r"\bprocess\w* (?:\w+ )?(?:documents|invoices|contracts|forms)\b|"
            r"реквизит\w*|named entit\w*|сущност\w*|auto-?rout\w*|маршрутиз\w*|"
            r"pull\w* (?:fields|data|values|totals)|вытаскива\w*|вытащ\w*|"
            r"(?:review|analy[sz])\w* (?:\w+ )?(?:contracts|agreements|documents)|contract review|"
            r"(?:провер|анализ)\w* (?:\w+ )?(?:договор|контракт|документ)\w*"
        ),
    ),
    (
        "summarization",
        re.compile(
            r"суммариз\w*|суммир\w*|summar\w*|саммари|пересказ\w*|выжимк\w*|конспект\w*|"
            r"резюмир\w*|кратк\w* резюме|резюме (?:по|каждого|каждой|звонк|разговор)|"
            # a discharge summary: the patient's record summed up for the next doctor
            r"эпикриз\w*|врач\w*[^.!?]{0,40}выписк\w*|выписк\w*[^.!?]{0,40}(?:пациент|врач)\w*|"
            r"discharge (?:summar|letter|note)\w*"
        ),
    ),
    ("translation", re.compile(r"перевод\w*|перевест\w*|переведи\w*|translat\w*")),
    (
        "agents",
        re.compile(
            # "30 agents chatting", "support agents": people, not AI agents
            r"(?<!\d )(?<!\d)(?<!support )(?<!human )(?<!service )(?<!live )"
            r"(?:агент\w*|\bagents?\b)|agentic|function calling|tool calling|"
            r"вызыва\w* (?:api|инструмент)|"
            r"calls? (?:our )?(?:crm|erp|api)"
        ),
    ),
    (
        "chat",
        re.compile(
            r"internal assistant|ai assistant|general assistant|"
            r"(?:внутренн|корпоративн)\w* (?:ассистент|помощник|чат)\w*|чат-?бот\w*|chat ?bot|"
            r"chat assistant|chatgpt|\bчат (?:для|на)\b|"
            # characters that talk: game NPCs, companions
            r"\bnpcs?\b|\bнпс\b|(?:in-?game|game) (?:dialog(?:ue)?|characters?)|"
            r"(?:ассистент|помощник)\w* для (?:сотрудник|операционист|менеджер|персонал|команд)\w*|"
            # "ИИ-ассистент", "ассистент для юристов": an assistant for a team's work
            r"(?:\bии|\bai)[- ]?(?:ассистент|помощник)\w*|нейро-?(?:ассистент|помощник)\w*|"
            rf"(?:ассистент|помощник)\w* для (?:наших |своих |\d+ )?{_STAFF_NOUN}"
        ),
    ),
)
# Money is no limit: "budget isn't the main concern", "деньги не проблема".
_NO_BUDGET_LIMIT = re.compile(
    r"(?:budget|money|cost|price)s? (?:is|are)(?:n'?t| not| no) (?:the |a |an )?"
    r"(?:main |big |real )?(?:concern|issue|problem|object|constraint|limit)|"
    r"(?:no|without a) budget (?:limit|constraint|cap)|"
    r"(?:бюджет|деньги|цена|стоимость) (?:не |—? ?не )(?:главное|проблема|важн\w*|"
    r"ограничен\w*|вопрос)"
)


# The cheapest setup asked for itself, not one of two ways compared ("what is cheaper").
_CHEAPEST_ASKED = re.compile(
    r"cheapest|lowest cost|budget-friendly|сам[ыаоу]\w* дешев\w*|дешевле всего|подешевле|"
    r"дешевл\w* вариант|минимальн\w* (?:бюджет|затрат|цен)\w*|максимально дешев\w*|"
    r"как можно дешевл\w*|as cheap as possible"
)


_WANTS: tuple[tuple[Want, re.Pattern[str]], ...] = (
    (
        "per_token",
        re.compile(
            r"(?:цен\w*|стоимост\w*|затрат\w*|выгодн\w*|дешевле|cost|price)\s+(?:за|per|на|of a)\s+"
            r"(?:1\s+|один\s+|миллион\s+|million\s+|1m\s+)?(?:токен\w*|tokens?)|"
            r"per[- ](?:million[- ])?tokens?|\$\s*/\s*(?:m\s*)?tok\w*|за токен\w*|"
            r"tokens? (?:per|for each|a|for the) (?:dollar|buck|euro|рубл\w*)|"
            r"токен\w* (?:на|за) (?:доллар|рубл|евро)\w*"
        ),
    ),
    (
        "cheapest",
        re.compile(
            rf"{_CHEAPEST_ASKED.pattern}|cheaper|\bдешевле\b"  # or one way cheaper than another
        ),
    ),
    (
        "rent",
        re.compile(
            r"\bаренд\w*|\brent(?:al|als|ing|ed)?\b|\blease\b|\bв облак\w*|"
            r"\bin the cloud\b|cloud gpus?\b|\bon[- ]demand\b"
        ),
    ),
    (
        "api_vs_own",
        re.compile(
            r"\bapi\b.{0,40}(?:\bor\b|\bили\b|\bvs\b|versus).{0,40}"
            r"(?:own|сво\w*|server|сервер\w*|желез\w*|self[- ]host|on[- ]prem)|"
            r"(?:own|сво\w*|server|сервер\w*|желез\w*).{0,30}(?:\bor\b|\bили\b|\bvs\b).{0,30}\bapi\b|"
            r"use an api|через api|\bapi provider|"
            # "сколько будет стоить API вместо своего сервера?": the API's cost asked (QA 52)
            r"\bapi\b\s+(?:вместо|instead of|rather than)\b|"
            r"(?:сколько|how much)\b.{0,30}\b(?:стои\w*|cost\w*)\b.{0,20}\bapi\b|"
            r"\bapi\b.{0,30}(?:cheaper|дешевл\w*|выгодн\w*)|"
            r"(?:cheaper|дешевл\w*|выгодн\w*).{0,30}\bapi\b|"
            r"pay (?:for )?(?:openai|chatgpt|an api|the api).{0,40}\bor\b|"
            r"\bor\b.{0,20}pay (?:for )?(?:openai|chatgpt|an api)"
        ),
    ),
    (
        "fast",
        re.compile(
            r"быстр(?:о|ый|ая|ые|ого|ому)\b|сразу|мгновенн\w*|\bfast\b(?! enough)|quickly|"
            r"low latency|низк\w* задержк\w*|responsive|snappy|without (?:a )?delay|без задерж\w*|"
            r"real[- ]time|в реальном времени|first token|первый токен|start within"
        ),
    ),
    (
        "fastest",  # the fastest setup, not a first-token target
        re.compile(  # a setup asked for by its speed; not urgency ("as fast as possible")
            r"\bfastest (?:possible )?(?:setup|server|config\w*|hardware|option|box|rig|"
            r"inference setup|gpus?)|"
            r"\bmax(?:imum)? (?:tokens? (?:per|a|/) ?s\w*|speed|throughput)\b(?! of)|"
            r"сам\w* быстр\w* (?:сервер|конфигурац|вариант|железо|сборк|setup|карт|видеокарт|gpu)\w*|"
            r"максимальн\w* скорост\w* (?:на пользовател|генерац|ответ)\w*"
        ),
    ),
    (
        "largest_model",
        re.compile(
            r"(?:biggest|largest|most powerful|heaviest|strongest|smartest|best) "
            r"(?:open(?:-source)? |local |self-hosted )?"
            r"(?:reasoning |thinking |coding |code |chat |russian |multilingual )?(?:model|llm)|"
            r"(?:сам\w+) (?:жирн|больш|крупн|мощн|тяж[её]л|сильн|умн|лучш)\w* "
            r"(?:(?:рассуждающ|думающ|открыт|локальн|русскоязычн)\w* )?модел\w*|"
            r"максимальн\w* (?:по размеру )?модел\w*|"
            r"(?:the )?best (?:possible|quality|we can (?:get|afford|buy))|as good as possible|"
            r"(?:максимально|как можно) (?:качествен|умн|сильн|хорош)\w*|"
            r"лучш\w* (?:из возможн|возможн|качеств|что можно)\w*|наилучш\w*|"
            # the best a setup holds: "the best thing that fits on them", "which coding model
            # should we run on our 2x A6000", "лучшее, что влезет"
            r"\bbest (?:\w+ ){0,2}(?:that|which|we can|to) (?:fits?|run|runs|will fit)|"
            r"\bwhich (?:\w+ )?(?:model|llm) (?:should|could|can|would) (?:we|i) run|"
            r"\bwhat (?:models? )?(?:can|could) (?:we|i) (?:actually |really )?run (?:on|with) "
            r"(?:it|them|this|that|these|those)\b|"
            # "what can an 8x H200 server run?", "what can it hold?"
            r"\bwhat (?:models? )?(?:can|could) (?:(?!take\b|it takes?\b)\w+ ){1,5}?"
            r"(?:run|hold|serve)\b|"
            r"(?:как\w*|что) (?:\w+ )?(?:лучше )?(?:влез\w*|помест\w*|запустить)|"
            # "что на нём можно запустить?": what the hardware at hand holds
            r"что (?:на|с) (?:н[её]м|них|ней|этом|этих|этой|таком|таких)\s+(?:можно |реально )?"
            r"(?:запустить|крутить|поднять|развернуть)|"
            r"лучш\w*,? (?:что|из того, что) (?:влез|помест|запуст)\w*|" + _NO_BUDGET_LIMIT.pattern
        ),
    ),
)
_OWNED = re.compile(
    r"у (?:нас|меня)\s+(?:\w+\s+){0,3}?(?:есть|стоит|стоят|име\w+|простаива\w*|лежит|лежат|"
    r"сервак|сервер|комп|\d)|у нас \w*\s*\d|уже (?:есть|стоит|стоят|куплен\w*)|"
    r"we (?:only |just |actually |also )?(?:have|own|got|'ve got|already have|already own)"
    r"(?! (?:a |the |enough )?(?:budget|money|funds|cash|room)\b)|we've got|i (?:have|own|got)|"
    r"i've got|already (?:has|have|own|owns)|(?:that|which) we (?:already )?own|"
    r"(?:our|my) (?:box|server|rig|machine|cluster|dc|data center|datacenter) "
    r"(?:has|with|already)|^\s*(?:have|got) \d|sitting (?:in|around|idle)|"
    r"\bимеются\b|\bимеется\b|lying around(?! on)|collecting dust|валя\w+ся|пыл\w+ся|"
    # "Есть две RTX 3090.", a sentence that opens with what they have
    # ", есть одна RTX 4090", "— есть две 3090": a count of cards after a clause
    r"(?:,|\s[—–-])\s*есть\s+(?:\d+|пара|одн\w+|дв[ае]|три|четыре)\s+(?:\S+\s+)?(?:rtx|gtx|radeon|nvidia|tesla|"
    r"[ahlvt]\d{1,3}\b|[ah]\d{3,4}|\d{4}\b|видеокарт|карт[аыуе]|gpu|гпу)|"
    r"(?:^|[.!?;]\s+)есть\s+(?!ли\b|возможност|бюджет|деньг|вариант|предлож|выбор|смысл|мнение|"
    r"опыт)(?:\S+\s+){0,2}?(?:rtx|gtx|radeon|nvidia|amd|tesla|[ahlvt]\d{1,3}\b|"
    r"[ah]\d{3,4}|rx\s*\d|mi\d|видеокарт|карт[аыуе]|gpu|гпу|сервер|сервак|комп)|"
    # "a small agency with one RTX 3090", "лаборатория с двумя A100": the GPUs they have
    r"(?:agency|company|firm|studio|team|lab|office|startup|we|i)\s+with\s+(?:one|a|an|two|"
    r"three|four|eight|\d+)\s|(?:агентство|компания|фирма|студия|команда|лаборатория|офис)\s+с\s+"
    r"(?:одной|двумя|тремя|четырьмя|\d+)\s|"
    # "what can I run on 4x V100?", "старый сервер 4xV100 — что запустить?": hardware at hand
    r"what (?:can|could) (?:i|we) (?:run|serve|host|fit|do)\b|what (?:runs|fits) on\b|"
    r"что (?:на (?:н\w+ )?)?(?:можно |получится |реально )?(?:запустить|крутить|развернуть|"
    r"поднять|уместить)|старый сервер|old server|(?:our|my) (?:old|spare|idle) |"
    # "which model should we run on our 2x A6000", "на наших двух 4090": GPUs they have
    r"\b(?:on|onto) (?:our|my) (?:\d+ ?x ?|two |three |four |eight )?(?:nvidia |rtx |geforce )?"
    r"[a-z]*\d|на (?:наш|мо)\w+ (?:\d+ ?[xх] ?|двух |трёх |трех |четырёх |четырех )?"
    r"(?:nvidia |rtx |geforce )?[a-z]*\d|"
    # "currently on a single L40S", "сейчас крутится на одной A100": what it runs on today
    r"\bcurrently (?:runs? |running |hosted |served )?on (?:a |one |a single |our |\d+ ?x ?)?"
    r"(?:nvidia |rtx |geforce )?[a-z]*\d|"
    r"\bсейчас (?:крутится|работает|стоит|живёт|живет|запущен\w*) на (?:\w+ )?"
    r"(?:nvidia |rtx |geforce )?[a-z]*\d"
)


# Work where a weak model's mistake costs money or harm: law, medicine, insurance, banking.
_HIGH_STAKES = re.compile(
    r"\blegal\b|\blaw ?firm|\blawyers?\b|\bcontracts?\b|\bmedical|\bclinic|\bhospital|"
    r"\bpatients?\b|\binsurance|\bclaims?\b|\bbank(?:s|ing)?\b|\bcompliance|\bfinancial|"
    r"юрид\w*|юрист\w*|договор\w*|контракт\w*|медицин\w*|клиник\w*|больниц\w*|пациент\w*|"
    r"страхов\w*|банк\w*|комплаенс\w*|финанс\w*"
)


# Where the GPUs go when it is a data centre: GeForce cards are then out (NVIDIA's licence).
_DATACENTER = re.compile(
    r"data ?cent(?:er|re)|\bdc\b|colocation|server ?room|\brack\b|\bbank(?:s|ing)?\b|"
    r"\bцод\w*|дата-?центр\w*|серверн\w*|стойк\w*|\bбанк\w*|"
    # an uptime target is a data centre's service level (redundant power and cooling)
    r"\b99[.,]9+ ?%|\bsla\b"
)


# GPUs people own that the catalog does not size (older, smaller or not NVIDIA/AMD data-centre
# parts): named so the answer says so instead of sizing a reference card.
_UNKNOWN_GPU = re.compile(
    r"\b(?:(?:nvidia|tesla)\s+)?(p100|p40|k80|m40|a30|a16|mi50|mi100|mi210|mi250x?|"
    r"mac ?studio|mac ?mini|mac ?pro|macbook(?: pro)?|m[1-4] (?:max|ultra|pro)|"
    r"(?:rtx|geforce) ?20[6-8]0(?: ti| super)?|gtx ?1[0-6][5-8]0(?: ti)?|(?:rtx )?3060 ?ti|"
    r"(?:rtx )?3070(?: ti)?|(?:rtx )?4070(?: ti| super)?|rtx ?5070(?: ti)?|rtx ?5060(?: ti)?|"
    r"arc ?a770|arc ?b580|rx ?[67][89]00 ?xtx?|radeon \w+)\b"
)


def unknown_gpu(text: str) -> str | None:
    """A GPU the message names that the catalog does not have ('on a P40', 'Mac Studio')."""
    found = _UNKNOWN_GPU.search(text)
    return found.group(1) if found else None


# The data must stay in the company: "данные не должны уходить наружу", "data cannot leave
# our premises", "no cloud", "без облаков", "air-gapped".
_ON_PREMISES = re.compile(
    r"данны\w* (?:не должн\w* |нельзя )?(?:не )?(?:уходит\w*|покидат\w*|выходит\w*|передава\w*)|"
    r"(?:не|нельзя) (?:выпуска|отдава|передава)\w* (?:данн\w* )?(?:наружу|в облак\w*|третьим)|"
    r"без (?:облак\w*|интернет\w*)|закрыт\w* контур\w*|"
    r"(?:у (?:себя|нас)|в (?:сво\w+|наш\w+)) (?:\w+ )?в контуре\b|в (?:сво\w+|наш\w+) контур\w*|"
    r"наружу (?:\w+ ){0,2}?(?:не )?(?:отда|передава|передаё|переда|выпуска|вынос)\w*|"
    r"наружу нельзя|нельзя наружу|наружу не (?:уход|выход|попада)\w*|"
    r"строго внутри|внутри (?:клиник\w*|компани\w*|периметр\w*|контур\w*|банк\w*)|"
    r"data (?:can(?:no|')t|must not|mustn't|may not|should not|shouldn't|can never) "
    r"(?:leave|go out|be sent)|no cloud|air[- ]?gapped|on[- ]prem(?:ises)? only|"
    # "summarize discharge letters on-prem": hosted in-house as the way of working
    r"\b(?:run|host|deploy|keep|process|summari[sz]e|analy[sz]e|do)\w*\b[^.?!]{0,60}?"
    r"\bon[- ]prem(?:ise)?s?\b(?![^.?!]*(?:\bor\b|\bvs\b|versus|cheaper|break[- ]even|\bthan\b))|"
    r"nothing (?:can|may) leave|"
    # "Confidentiality rules out the API", "API нам нельзя": no hosted API, the data stays in
    r"\brules? out (?:the |an |any )?(?:hosted |cloud )?apis?\b|"
    r"\bapis? (?:is|are) (?:ruled out|out of the question)\b|"
    r"(?:api|апи) (?:нам )?(?:нельзя|не подходит|исключ\w*)|"
    # "GDPR so on-prem", "no internet at all": in-house as a rule, not an option weighed
    r"\b(?:so|hence|thus|must be|has to be|needs to be|it's|it is|stays?|all|strictly) "
    r"on[- ]prem(?:ise)?s?\b(?![^.?!]*(?:\bor\b|\bvs\b|versus|cheaper|\bthan\b))|"
    r"\bno internet\b|without (?:an? |any )?internet|нет (?:доступа (?:к|в) )?интернет\w*|"
    # "we handle confidential client data", "персональные данные клиентов": kept in-house
    r"\b(?:confidential|sensitive|privileged|personal|patient|client|customer)s?'? "
    r"(?:client |customer |patient |personal )?(?:data|records|information)\b|"
    r"конфиденциальн\w* (?:данн|информац|документ)\w*|персональн\w* данн\w*|"
    # health records are special-category personal data (GDPR art. 9, 152-ФЗ art. 10)
    r"\b(?:medical|health|clinical) (?:records|data|notes)\b|\bdischarge (?:notes|letters|summar\w*)|"
    r"медкарт\w*|медицинск\w* (?:карт|данн|документ|запис)\w*|истори\w* болезн\w*|"
    r"врачебн\w* тайн\w*|банковск\w* тайн\w*|коммерческ\w* тайн\w*|адвокатск\w* тайн\w*"
)


# The data must stay in a jurisdiction: "EU data residency", "данные должны храниться в РФ",
# "152-ФЗ", "GDPR": hosted APIs abroad are out, rented GPUs must be in that region.
_RESIDENCY = re.compile(
    r"data residency|residency requirement|\bgdpr\b|\bdsgvo\b|"
    r"data (?:must|has to|have to|should|needs? to) (?:stay|remain|be (?:kept|stored|hosted)) "
    r"(?:in|within) (?:the )?(?:eu|europe|russia|germany|country|region)\b|"
    r"152[- ]?фз|локализаци\w* (?:персональн\w* )?данн\w*|"
    r"данн\w* (?:должн\w* )?(?:хранит\w*|остават\w*|находит\w*) (?:только )?(?:в|на территории) "
    r"(?:рф|росси\w*|ес|европ\w*)"
)


# One vendor's GPUs only: "на nvidia", "NVIDIA only", "no AMD", "только AMD".
_VENDOR = re.compile(
    r"(?:только |only |на |on )(?:(?:our |наш\w* )?(?:own |сво\w* )?)(nvidia|нвидиа|amd)\b|"
    r"\b(nvidia|amd) only\b|"
    r"(?:no|not|без|не) (amd|nvidia)\b"
)


def read_vendor(text: str) -> GpuVendor | None:
    """The only GPU vendor a question allows ('на nvidia'); 'no AMD' allows NVIDIA."""
    found = _VENDOR.search(text)
    if found is None:
        return None
    only = found.group(1) or found.group(2)
    if only is not None:
        return "amd" if only == "amd" else "nvidia"
    return "nvidia" if found.group(3) == "amd" else "amd"


def says_residency(text: str) -> bool:
    """Whether the data must stay in a jurisdiction (EU, Russia)."""
    return bool(_RESIDENCY.search(text))


# Completion in the editor: "autocomplete", "автодополнение", "tab completion", "FIM".
_AUTOCOMPLETE = re.compile(
    r"auto-?complet\w*|автодополнени\w*|автокомплит\w*|tab[- ]complet\w*|"
    r"code complet\w*|inline (?:code )?(?:completion|suggestion)s?|fill[- ]in[- ]the[- ]middle|"
    r"\bfim\b|дополнени\w* кода|подсказ\w* кода (?:в|при) (?:редактор|наборе)\w*"
)


def says_autocomplete(text: str) -> bool:
    """Whether the code assistant completes code in the editor (fill-in-the-middle)."""
    return bool(_AUTOCOMPLETE.search(text))


# A model that thinks before it answers, asked for as a kind: "the strongest reasoning model",
# "a thinking model", "модель с рассуждениями", "рассуждающая модель".
_REASONING_MODEL = re.compile(
    r"\breasoning[- ](?:\w+[- ])?(?:model|llm)s?\b|\bthinking (?:model|llm)s?\b|"
    r"\b(?:model|llm)s? (?:that|which) (?:can )?(?:reasons?|thinks?)\b|"
    r"\b(?:model|llm)s? for (?:hard |complex |multi-step )?reasoning\b|"
    r"рассуждающ\w* (?:\w+ )?модел\w*|модел\w* (?:с|для) (?:\w+ )?рассуждени\w*|"
    r"думающ\w* модел\w*|ризонинг\w*|reasoning-модел\w*"
)
# Distills ruled out: "no distilled models", "без дистиллятов" (normalized to "distill").
_NO_DISTILLS = re.compile(
    r"\b(?:no|not|without|excluding|never|nothing) (?:a |an |any |the )?distill\w*|"
    r"\bdistill\w* (?:\w+ )?(?:are|is) (?:not allowed|forbidden|banned|out|off[- ]limits)|"
    r"(?:\bне|\bбез|\bкроме|никаких|никакие) (?:\w+ )?distill\w*"
)


def says_reasoning_model(text: str) -> bool:
    """Whether a model that reasons is asked for as a kind (no model named by it)."""
    return bool(_REASONING_MODEL.search(text))


def says_no_distills(text: str) -> bool:
    """Whether distilled models are ruled out."""
    return bool(_NO_DISTILLS.search(text))


def says_on_premises(text: str) -> bool:
    """Whether the data must stay inside the company (no cloud, no hosted API)."""
    return bool(_ON_PREMISES.search(text))


# One copy of the model may be down while the rest serve: "с резервом", "отказоустойчиво",
# "без простоя", "N+1", "high availability", "failover", "no downtime".
_REDUNDANCY = re.compile(
    r"\bn ?\+ ?1\b|резервирован\w*|горяч\w* резерв\w*|"
    r"резерв\w* (?:на случай|при|от) (?:отказ|сбо|поломк|выход)\w*|"
    r"резервн\w* (?:(?:сервер|узел|узл|gpu|карт)\w*|копи[яиюей]\b)|"
    r"отказоустойчив\w*|без (?:простоя|простоев|даунтайма)|высок\w* доступност\w*|"
    r"дублирован\w*|redundan\w*|fail-?over|fault[- ]toleran\w*|high[- ]availability|"
    r"(?:no|without|zero) downtime|spare (?:server|gpu|node|copy|replica)s?|"
    # "99.9% uptime", "система не должна падать", "must not go down"
    r"\b99[.,]9+ ?%|\buptime\b|(?:не долж\w*|нельзя|чтобы не) (?:\w+ )?(?:падать|падал\w*|"
    r"лежать)|(?:must|should|can)(?:n'?t| not| never) go down|never goes? down"
)


def says_redundancy(text: str) -> bool:
    """Whether the service must survive one copy of the model failing (N+1)."""
    return bool(_REDUNDANCY.search(text))


# "T-pro 2.0 от Т-Банка": the model's maker, not the customer's business (QA 44)
_BANK_AS_VENDOR = re.compile(
    r"(?:\bот|\bby|\bfrom)\s+(?:(?:т|t)-?\s?(?:банк|bank)\w*|тинькофф\w*|tinkoff)|"
    r"(?:t-?pro|t-?lite|т-?про|т-?лайт)[^.?!]{0,30}?(?:т|t)-?\s?(?:банк|bank)\w*"
)


def says_datacenter(text: str) -> bool:
    """Whether the GPUs go into a data centre, a server room or a bank's racks."""
    return bool(_DATACENTER.search(_BANK_AS_VENDOR.sub(" ", text)))


# One office machine: "a single workstation under a desk, not a rack", "рабочая станция под
# столом", "без серверной" (not the RTX PRO 6000 "Workstation Edition", a card's name).
_WORKSTATION = re.compile(
    r"\bunder (?:a|the|my|our|someone'?s) desk\b|\bdeskside\b|под стол\w*|"
    r"\b(?:a|one|single|an office|desktop|tower) workstation\b(?! (?:edition|card|gpu))|"
    r"рабоч\w* станци\w*|"
    r"\b(?:not|no) (?:a |in a |in the |into a )?(?:rack|data ?cent(?:er|re)|server room)\b|"
    r"(?:не|без) (?:в )?(?:стойк|серверн|цод|дата-?центр)\w*|нет (?:\w+ )?серверн\w*|"
    # "офис, серверной нет", "no server room here" (QA 57 priced passive V100s for a data
    # centre there was none of)
    r"серверн\w*\s+(?:у нас\s+|тоже\s+|пока\s+)?нет\b|\bno server ?room\b|"
    r"\b(?:don'?t|do not) have a (?:server ?room|rack|data ?cent(?:er|re))\b"
)
# No GeForce: "no GeForce cards", "without consumer GPUs", "без игровых карт".
_PROFESSIONAL_ONLY = re.compile(
    r"\b(?:no|not|without|never|excluding) (?:any )?(?:geforce|gaming|consumer)\b|"
    r"\bgeforce (?:is |are )?(?:not allowed|forbidden|banned|out)\b|"
    r"(?:\bне|\bбез|\bкроме|никаких|никакие) (?:\w+ )?(?:geforce|игров\w*|потребительск\w*)"
)


def says_workstation(text: str) -> bool:
    """Whether the machine is one office tower, not a rack server."""
    return bool(_WORKSTATION.search(text))


def says_professional_only(text: str) -> bool:
    """Whether GeForce (consumer) cards are ruled out wherever the machine stands."""
    return bool(_PROFESSIONAL_ONLY.search(text))


def says_high_stakes(text: str) -> bool:
    """Whether the work is in a domain where a weak model's mistakes are costly."""
    return bool(_HIGH_STAKES.search(_BANK_AS_VENDOR.sub(" ", text)))


def read_use_case(text: str) -> UseCase | None:
    for use_case, pattern in _USE_CASES:
        if pattern.search(text):
            return use_case
    return None


# "we need to buy, not rent", "без аренды": renting named only to be ruled out.
_NOT_RENTING = re.compile(
    r"\b(?:not|no|never|don'?t|do not|won'?t|can'?t|cannot)\s+(?:\w+\s+){0,2}?"
    r"(?:rent\w*|leas\w*|the cloud|cloud)\b|"
    r"\bне\s+(?:\w+\s+)?(?:аренд\w*|арендов\w*|в облак\w*)|без\s+аренд\w*"
)
# "if we buy it instead of renting": bought now, the rent still weighed against it (QA 56);
# no word on where the data may go
_BUYING_INSTEAD = re.compile(
    r"\binstead of (?:renting|leasing|the cloud)|вместо аренд\w*|"
    r"(?:купи\w*|покуп\w*|купл\w*)\s+(?:\w+\s+){0,3}?вместо\b"
)
# A state body buys and hosts its own hardware: "government agency", "госорган", "ведомство".
_GOVERNMENT = re.compile(
    r"\bgovernment(?:al)? (?:agency|body|department|ministry|office)|\bpublic sector\b|"
    r"\bministry\b|\bstate[- ]owned\b|госорган\w*|госучрежден\w*|госструктур\w*|"
    r"госкомпани\w*|госкорпораци\w*|\bведомств\w*|"
    r"министерств\w*|государственн\w+ (?:орган|учрежден|структур|служб|ведомств)\w*"
)


def read_wants(text: str) -> list[Want]:
    wants: list[Want] = [want for want, pattern in _WANTS if pattern.search(text)]
    if "rent" in wants and (says_no_renting(text) or says_buying_instead(text)):
        wants.remove("rent")
    if "cheapest" in wants and _NOT_CHEAPEST.search(text):  # "not the cheapest option"
        wants.remove("cheapest")
    if "fastest" in wants and "fast" in wants:
        wants.remove("fast")  # "самый быстрый": the fastest setup, not a first-token target
    if "cheapest" in wants and "rent" in wants and _RENT_OR_BUY.search(text):
        wants.remove("cheapest")  # "что дешевле: аренда или покупка?" weighs the two
    if "cheapest" in wants and "api_vs_own" in wants and not _CHEAPEST_ASKED.search(text):
        wants.remove("cheapest")  # "что выйдет дешевле: API или свой сервер?" weighs the two
    return wants


_RENT_OR_BUY = re.compile(
    r"(?:аренд\w*|арендова\w*|rent\w*|leas\w*)[^.?!]{0,40}?"
    r"(?:\bили\b|\bor\b|\bthan\b|\bvs\.?|чем|против)[^.?!]{0,30}?"
    r"(?:покуп\w*|купи\w*|купл\w*|buy\w*|purchas\w*|own\b)|"
    r"(?:покуп\w*|купи\w*|купл\w*|buy\w*|purchas\w*)[^.?!]{0,40}?"
    r"(?:\bили\b|\bor\b|\bthan\b|\bvs\.?|чем|против)[^.?!]{0,30}?(?:аренд\w*|rent\w*|leas\w*)"
)

_NOT_CHEAPEST = re.compile(
    r"\bnot (?:the |a |necessarily the )?cheapest|\bне (?:\w+ )?(?:самы\w*|самое|самую) дешёв|"
    r"\bне (?:\w+ )?(?:самы\w*|самое|самую) дешев"
)


def says_no_renting(text: str) -> bool:
    """Renting ruled out: the hardware is bought and kept in-house."""
    return bool(_NOT_RENTING.search(text))


def says_buying_instead(text: str) -> bool:
    """Buying asked about in place of renting ("buy it instead of renting"): a purchase to
    weigh against the rent, not a rule against the cloud."""
    return bool(_BUYING_INSTEAD.search(text))


def says_government(text: str) -> bool:
    return bool(_GOVERNMENT.search(text))


def says_owned(text: str) -> bool:
    """'у нас есть 4 A100', 'we own two 4090s', 'our DC already has a DGX'."""
    return bool(_OWNED.search(text))


def ceil_int(value: float) -> int:
    return max(1, math.ceil(value))
