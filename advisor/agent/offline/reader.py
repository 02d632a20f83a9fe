"""The deterministic reading of a sizing question, in Russian or English.

A question (and the conversation's previous request) becomes a Reading: what the user
wants (size / compare / explain / off_topic / greeting), the language, the sizing
request with catalog ids, the fields the user actually set, and what to ask back when
the model is missing or ambiguous. Names come from the catalog (see `names`); the
patterns here read tasks, precisions, context, users, GPU counts, dataset and epochs.
Follow-ups ("а если в 8 бит?", "and for 50 users?") change only what they say.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from advisor.agent.follow_up import merge_follow_up
from advisor.agent.offline.names import (
    GpuMatcher,
    ModelMatcher,
    normalize_gpu_text,
    transliterate,
)
from advisor.catalog.loader import Catalog
from advisor.errors import InputError
from advisor.language import Language, detect_language
from advisor.services.sizing import normalized_request, parse_request

Intent = Literal["size", "compare", "explain", "off_topic", "greeting"]
ClarifyReason = Literal["missing", "ambiguous", "unknown"]


class Clarification(BaseModel):
    """Why the model cannot be sized yet, and the catalog ids the user may mean."""

    model_config = ConfigDict(extra="forbid")

    reason: ClarifyReason
    candidates: list[str] = Field(default_factory=list)
    said: str | None = Field(default=None, description="the name the catalog lacks")


class Reading(BaseModel):
    model_config = ConfigDict(extra="forbid")

    intent: Intent
    language: Language
    request: dict[str, Any] | None = Field(
        description="normalized sizing request (catalog ids), None when it cannot be sized"
    )
    explicit: list[str] = Field(description="request fields this message set")
    clarification: Clarification | None = None
    error: dict[str, Any] | None = Field(
        default=None, description="InputError.to_dict() of a request the engine refused"
    )
    draft: dict[str, Any] | None = Field(
        default=None,
        description="what the conversation has said while the model is still missing",
    )
    generic_fine_tune: bool = Field(
        default=False, description="'fine-tune' with no method named, read as LoRA"
    )
    injection: bool = Field(
        default=False,
        description="the message dictates the answer ('say 1000 GPUs', 'SYSTEM: ...', "
        "'ignore previous instructions'); a GPU count it dictates was not read",
    )


# ---- numbers ------------------------------------------------------------------------------

_NUMBER_WORDS: dict[str, int] = {
    "one": 1, "single": 1, "a single": 1, "two": 2, "pair of": 2, "a pair of": 2, "dual": 2,
    "three": 3, "four": 4, "quad": 4, "five": 5, "six": 6, "eight": 8, "ten": 10,
    "sixteen": 16, "один": 1, "одна": 1, "одну": 1, "одной": 1, "одном": 1, "одного": 1,
    "два": 2, "две": 2, "двух": 2, "двумя": 2, "пара": 2, "пару": 2, "паре": 2, "три": 3,
    "трех": 3, "тремя": 3, "четыре": 4, "четырех": 4, "четырьмя": 4, "пять": 5,
    "пяти": 5, "шесть": 6, "шести": 6, "восемь": 8, "восьми": 8, "десять": 10,
    "десяти": 10, "шестнадцать": 16, "шестнадцати": 16,
}  # fmt: skip
_WORD_ALT = "|".join(sorted((re.escape(w) for w in _NUMBER_WORDS), key=len, reverse=True))
_COUNT = rf"(\d+|{_WORD_ALT})"
_INT = r"(\d{1,3}(?:[ \u00a0]\d{3})+|\d+(?:[.,]\d+)?)"
_POWERS_OF_TWO = frozenset(2**n for n in range(11))


def _number(text: str) -> float:
    return float(re.sub(r"[ \u00a0]", "", text).replace(",", "."))


def _count(text: str) -> int:
    return _NUMBER_WORDS.get(text, 0) or int(text)


def _thousands(value: float) -> int:
    """'32k' -> 32768 (context sizes are powers of two), '50k' -> 50000."""
    return int(value) * 1024 if value in _POWERS_OF_TWO else int(value * 1000)


_SCALE = {
    "k": 1e3, "к": 1e3, "тыс": 1e3, "thousand": 1e3, "m": 1e6, "mln": 1e6, "million": 1e6,
    "млн": 1e6, "миллион": 1e6, "b": 1e9, "bn": 1e9, "billion": 1e9, "млрд": 1e9,
    "миллиард": 1e9, "t": 1e12, "трлн": 1e12, "trillion": 1e12,
}  # fmt: skip
_SCALE_ALT = r"(k|к|тыс\w*|thousand|mln|m|million|млн|миллион\w*|bn|b|billion|млрд|миллиард\w*|t|трлн|trillion)"


def _scale(word: str) -> float:
    for prefix in ("миллиард", "миллион", "тыс"):
        if word.startswith(prefix):
            return _SCALE[prefix]
    return _SCALE.get(word.rstrip("."), 1.0)


# ---- field patterns -----------------------------------------------------------------------

_TOKENS_WORD = r"(?:tokens?|токен\w*)"
_DATASET = re.compile(rf"{_INT}\s*{_SCALE_ALT}\.?\s*{_TOKENS_WORD}")
_EPOCHS = re.compile(
    rf"{_COUNT}\s*(?:epochs?|эпох\w*)|(?:epochs?|эпох\w*)\s*[:=]?\s*(\d+(?:[.,]\d+)?)"
)
_USER_WORDS = (
    r"(?:users?|people|persons?|employees|staff|colleagues|clients?|customers?|operators?|"
    r"agents?|requests|sessions|seats|chats|developers|analysts|lawyers|"
    r"пользовател\w*|человек\w*|люд\w*|сотрудник\w*|клиент\w*|оператор\w*|запрос\w*|"
    r"сесси\w*|коллег\w*|юзер\w*|менеджер\w*|агент\w*|разработчик\w*|аналитик\w*|"
    r"юрист\w*|чат\w*|работник\w*)"
)
_USER_FILLER = (
    r"(?:(?:concurrent|simultaneous|parallel|active|одновременн\w*|параллельн\w*|"
    r"активн\w*|живых|наших|our)\s+)*"
)
_USERS = re.compile(
    rf"{_INT}\s*(k|к|тыс\.?)?\s*{_USER_FILLER}{_USER_WORDS}\b|"
    rf"(?:team of|команд\w* из|штат\w*|concurrency(?: of)?)\s*(\d+)"
)
_CONTEXT_K = re.compile(rf"(?<![\w.]){_INT}\s*(?:k|к|тыс\w*|thousand)(?![a-zа-я])")
_CONTEXT_WORD = re.compile(
    r"(?:context|контекст\w*|окн\w*|window|max[_ ]model[_ ]len|длин\w*)"
    r"(?:\s+(?:window|length|of|size|в|на|до|из|up to|is|=|:))*\s*(\d{3,7})(?!\d|[.,]\d)"
)
_CONTEXT_TOKENS = re.compile(rf"(?<![\w.,])(\d{{3,7}})\s*{_TOKENS_WORD}")

_GGUF = {
    r"q4[_-]?k[_-]?m|q4|q4[_-]?k": "q4_k_m",
    r"q5[_-]?k[_-]?m|q5": "q5_k_m",
    r"q6[_-]?k|q6": "q6_k",
    r"q8[_-]?0|q8": "q8_0",
    r"q4[_-]?0": "q4_0",
}
_PRECISIONS: tuple[tuple[str, str], ...] = (
    *((rf"\b(?:{pattern})\b", value) for pattern, value in _GGUF.items()),
    (r"\bmxfp4\b", "mxfp4"),
    (r"\bnvfp4\b", "nvfp4"),
    (r"\bnf4\b", "nf4"),
    (r"\bfp8\b|\bfloat8\b", "fp8"),
    (r"\bbf16\b|\bbfloat16\b", "bf16"),
    (r"\bfp16\b|\bfloat16\b|half precision", "fp16"),
    (r"\bfp32\b|\bfloat32\b", "fp32"),
    (r"\bint[-\s]?8\b", "int8"),
    (r"\bint[-\s]?4\b|\bawq\b|\bgptq\b", "int4"),
    (r"\b4\s*-?\s*(?:bit|бит\w*|х\s*бит\w*)", "int4"),
    (r"\b8\s*-?\s*(?:bit|бит\w*|ми\s*бит\w*)", "int8"),
    (r"\b16\s*-?\s*(?:bit|бит\w*|ти\s*бит\w*)", "bf16"),
    (r"\b32\s*-?\s*(?:bit|бит\w*)", "fp32"),
    (
        r"без квантиз\w*|no quantization|unquantized|without quantization|full precision|"
        r"полн\w* точност\w*",
        "bf16",
    ),
)
_GENERIC_FINE_TUNE = (
    r"fine-?tun\w*|finetun\w*|дообуч\w*|файн-?тюн\w*|тонк\w* настро\w*|дотрен\w*|"
    r"\btrain(?:ing)?\b|обучит\w*|обучени\w*|adapt\w* (?:it|the model) to"
)
_TASKS: tuple[tuple[str, str], ...] = (
    (r"pre-?train\w*|from scratch|с нуля|предобуч\w*|претрейн\w*|pretraining", "pretrain"),
    (
        r"full[- ](?:parameter[- ])?(?:fine-?tun\w*|finetun\w*|ft\b|training|sft)|"
        r"полн\w*\s+(?:дообуч\w*|файн-?тюн\w*|обучени\w*|fine-?tun\w*|переобуч\w*)|"
        r"all (?:the )?weights|всех весов|все веса",
        "full",
    ),
    (r"\bq-?lora\b|ку-?лор\w*", "qlora"),
    (r"\blora\b|\bлор[аеуы]\b", "lora"),
    (_GENERIC_FINE_TUNE, "lora"),
    (
        r"inference|инференс\w*|\bserv(?:e|ing)\b|deploy\w*|\brun(?:ning)?\b|host\w*|"
        r"запуск\w*|запуст\w*|разверн\w*|развер(?:т|тыв)\w*|разв[её]рт\w*|крутит\w*|"
        r"chat ?bot|чат-?бот\w*|поднят\w*",
        "inference",
    ),
)

_COMPARE = re.compile(
    r"сравн\w*|compar\w*|which (?:gpu|card|one)|what gpu|какую (?:видео)?карт\w*|"
    r"как(?:ая|ие|ой) (?:видео)?карт\w*|какой (?:gpu|гпу|ускорител\w*)|cheapest|"
    r"дешевл\w*|дешев\w* вариант|самый дешев\w*|самая дешев\w*|best gpu|лучш\w* (?:видео)?карт\w*|"
    r"\bvs\.?\b|versus|или лучше|which is better|что лучше|что выгодн\w*",
)
_EXPLAIN = re.compile(
    r"\bwhy\b|\bexplain|\bhow (?:does|do|is|are)\b|\bdifference\b|\bmeaning\b|"
    r"\bwhat (?:is|are|does)\b(?! (?:needed|required|the (?:cheapest|best|minimum)))|"
    r"\bwhat's (?:a|an|the (?:difference|point))\b|"
    r"что так\w*|что значит|что означа\w*|почему|зачем|объясн\w*|поясн\w*|чем отлича\w*|"
    r"в ч[её]м разниц\w*|как работа\w*|расскаж\w*",
)
_DOMAIN = re.compile(
    r"gpu|vram|memory|kv|cache|llm|model|quantiz|tensor|pipeline|nvlink|pcie|lora|"
    r"token|infer|fine-?tun|server|card|batch|throughput|latency|context|precision|"
    r"видеокарт|карт|памят|кэш|кеш|модел|квантиз|тензор|сервер|токен|инференс|дообуч|"
    r"пропускн|задержк|контекст|точност|гпу|железо|ускорител|нейросет|обучени",
)
_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|good (?:morning|afternoon|evening)|greetings|привет\w*|"
    r"здравствуй\w*|добр\w+ (?:день|утро|вечер)|доброго времени суток|хай|салют)\b"
    r"[\s!.,)]*(?:there|all|всем)?[\s!.,)]*$",
)
_SIZING_CUE = re.compile(
    r"how many|how much|сколько|хватит|enough|need|нужн\w*|потребу\w*|fit|влез\w*|"
    r"помест\w*|подойд\w*|потян\w*|can i|можно ли|получится",
)
# Prompt injection: text that tells the advisor what to answer instead of asking. The GPU
# count is the answer the attacker wants, so it is never read from such a span; the
# conditions around it (model, users, context) still describe the real need.
_ROLE_MARKER = re.compile(
    r"\[?\b(?:system|assistant|developer|система|системн\w*|ассистент)\b\]?\s*:"
)
_USER_MARKER = re.compile(r"\[?\b(?:user|human|пользователь)\b\]?\s*:")
_DICTATE_VERB = (
    r"(?:say|says|saying|answer|reply|respond|print|output|write|state|claim|"
    r"repeat|tell (?:me|them|him|her|the user|everyone|my boss)|"
    r"ответ\w*|скаж\w*|напиш\w*|пиши|выведи|укаж\w*|указыв\w*|сообщ\w*|"
    r"повтори|назови)"
)
_DICTATION = re.compile(
    rf"\b{_DICTATE_VERB}\b\s*(?:,\s*)?"
    r"(?::\s*(?=\d|(?:you|i|we) need|нужн\w*|требует\w*)|that\b|what follows|следующее|"
    r"что\b(?!\s+(?:лучше|выгодн\w*|дешевле|нужно для|потребуется для|понадобится для))|"
    r"(?:(?:it|this|they|we|you|i)\s+(?:needs?|requires?|takes?|uses?)\s+|"
    r"(?:нужн\w*|требу\w*|потребу\w*|понадоб\w*)\s+)?"
    r"(?:(?:exactly|just|only|ровно|только|просто)\s+)?(?=\d))|"
    r"\b(?:add|include|put) (?:a|one|this) (?:line|sentence|note)\b|"
    r"\b(?:every|each|your) (?:answer|reply|response) must\b|"
    r"в каждом ответе|каждый ответ должен|добавь (?:строк\w*|фраз\w*)"
)
_IGNORE_RULES = re.compile(
    r"\bignore\b.{0,40}\b(?:instructions?|rules?|calculator|engine|prompt)|"
    r"\bforget\b.{0,40}\b(?:instructions?|rules?)|"
    r"игнорир\w*.{0,40}(?:инструкци\w*|правил\w*|калькулятор\w*|движ\w*|промпт\w*)|"
    r"забудь.{0,40}(?:инструкци\w*|правил\w*)|"
    r"\b(?:answer|reply) from memory\b|\bjust confirm\b|\bengine is (?:broken|down)\b|"
    r"не считай|без расч[её]т\w*|просто подтверди|ответь по памяти"
)
_SENTENCE_END = re.compile(r"[.!?;\n]+(?=\s|$)")


def _dictated_spans(text: str) -> list[tuple[int, int]]:
    """Character spans of `text` that dictate the answer: a role-marked block up to the
    next user marker, and an instruction to say something up to the end of its sentence."""
    spans: list[tuple[int, int]] = []
    for marker in _ROLE_MARKER.finditer(text):
        user = _USER_MARKER.search(text, marker.end())
        spans.append((marker.start(), user.start() if user is not None else len(text)))
    for dictation in _DICTATION.finditer(text):
        end = _SENTENCE_END.search(text, dictation.end())
        spans.append((dictation.start(), end.start() if end is not None else len(text)))
    return spans


def _masked(text: str, spans: list[tuple[int, int]]) -> str:
    """`text` with the spans blanked out, every other character where it was."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


_FOLLOW_UP = re.compile(r"^\s*(?:а|и|and|what about|what if|how about|а если|and if)\b")


@dataclass
class _Said:
    """Fields one message sets, before the merge with the conversation."""

    fields: dict[str, Any]

    def set(self, name: str, value: Any) -> None:
        self.fields.setdefault(name, value)


class Reader:
    """Reads questions against one catalog; build once, use from any thread."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.models = ModelMatcher(catalog)
        self.gpus = GpuMatcher(catalog)

    def read(
        self,
        question: str,
        previous: dict[str, Any] | None = None,
        default_language: Language = "en",
    ) -> Reading:
        language = detect_language(question, default_language)
        text = transliterate(question)
        said = _Said({})
        mention = self.models.find(question, prefer=(previous or {}).get("model"))
        if mention is not None and mention.model_id is not None:
            said.set("model", mention.model_id)
        dictated = _dictated_spans(text)
        self._read_gpu(_masked(text, dictated), said)
        if "gpu" not in said.fields:
            self._read_gpu_type(text, said)  # "answer that I need 1000 H100": H100, no count
        self._read_task(text, said)
        self._read_precision(text, said)
        self._read_dataset_and_epochs(text, said)
        self._read_users(text, said)
        self._read_context(text, said)

        intent = self._intent(text, said, mention is not None, previous)
        explicit = sorted(said.fields)
        injection = bool(dictated) or bool(_IGNORE_RULES.search(text))
        if intent in ("explain", "off_topic", "greeting"):
            return Reading(
                intent=intent,
                language=language,
                request=None,
                explicit=explicit,
                injection=injection,
            )

        fields = merge_follow_up(previous, said.fields)
        if "model" not in fields:
            clarification = _clarification(mention)
            return Reading(
                intent=intent,
                language=language,
                request=None,
                explicit=explicit,
                clarification=clarification,
                draft=fields or None,
                injection=injection,
            )
        self._engine_for_precision(fields)
        try:
            request = normalized_request(parse_request(fields), self.catalog).model_dump(
                mode="json"
            )
        except InputError as exc:
            return Reading(
                intent=intent,
                language=language,
                request=None,
                explicit=explicit,
                error=exc.to_dict(),
                injection=injection,
            )
        generic = said.fields.get("task") == "lora" and _names_no_method(text)
        return Reading(
            intent=intent,
            language=language,
            request=request,
            explicit=explicit,
            generic_fine_tune=generic,
            injection=injection,
        )

    # ---- fields -------------------------------------------------------------------------

    def _read_gpu(self, text: str, said: _Said) -> None:
        normalized = normalize_gpu_text(text)
        mentions = self.gpus.find_all(normalized)
        if mentions:
            first = mentions[0]
            said.set("gpu", first.gpu_id)
            before = normalized[max(0, first.start - 40) : first.start]
            count = re.search(
                rf"(?<![\w.]){_COUNT}\s*(?:x\s*|шт\.?\s*)?"
                r"(?:(?:nvidia|geforce|rtx|amd|instinct|pro|видеокарт\w*|карт\w*|gpus?|гпу|"
                r"ускорител\w*|штук\w*)\s*)*$",
                before,
            )
            after = re.match(
                r"(?:\s+(?:[a-z]+|\d+gb)){0,2}?\s*x\s*(\d+)\b", normalized[first.end :]
            )
            if count is not None:
                said.set("gpus", _count(count.group(1)))
            elif after is not None:
                said.set("gpus", int(after.group(1)))
        cards = re.search(
            rf"(?<![\w.]){_COUNT}\s*(?:x\s*)?(?:gpus?|cards?|карт\w*|видеокарт\w*|гпу|"
            r"ускорител\w*|графическ\w+ (?:процессор|ускорител)\w*)\b",
            normalized,
        )
        if cards is not None:
            said.set("gpus", _count(cards.group(1)))
        if re.search(r"\b(?:on|на) (?:the )?(?:cpu|процессоре)\b|без (?:gpu|видеокарт)", text):
            said.set("gpu", "cpu")

    def _read_gpu_type(self, text: str, said: _Said) -> None:
        mentions = self.gpus.find_all(normalize_gpu_text(text))
        if mentions:
            said.set("gpu", mentions[0].gpu_id)

    def _read_task(self, text: str, said: _Said) -> None:
        for pattern, task in _TASKS:
            if re.search(pattern, text):
                said.set("task", task)
                return

    def _read_precision(self, text: str, said: _Said) -> None:
        for pattern, precision in _PRECISIONS:
            if re.search(pattern, text):
                if said.fields.get("task") == "qlora" and precision == "int4":
                    return  # "4-bit QLoRA" is QLoRA's own NF4
                said.set("precision", precision)
                return

    def _read_dataset_and_epochs(self, text: str, said: _Said) -> None:
        for match in _DATASET.finditer(text):
            scale = _scale(match.group(2))
            if scale >= 1e6:
                said.set("dataset_tokens", int(_number(match.group(1)) * scale))
                break
        epochs = _EPOCHS.search(text)
        if epochs is not None:
            value = epochs.group(1) or epochs.group(2)
            said.set("epochs", float(_NUMBER_WORDS.get(value) or _number(value)))

    def _read_users(self, text: str, said: _Said) -> None:
        match = _USERS.search(text)
        if match is None:
            return
        if match.group(1) is not None:
            value = _number(match.group(1))
            users = value * 1000 if match.group(2) else value
        else:
            users = float(match.group(3))
        if users >= 1:
            said.set("users", int(users))

    def _read_context(self, text: str, said: _Said) -> None:
        for match in _CONTEXT_K.finditer(text):
            rest = text[match.end() : match.end() + 40]
            if re.match(rf"\s*{_USER_FILLER}{_USER_WORDS}", rest):
                continue  # "1k users"
            said.set("context", _thousands(_number(match.group(1))))
            return
        for pattern in (_CONTEXT_WORD, _CONTEXT_TOKENS):
            found = pattern.search(text)
            if found is not None:
                said.set("context", int(found.group(1)))
                return

    def _engine_for_precision(self, fields: dict[str, Any]) -> None:
        """GGUF formats run on llama.cpp: pick the engine the catalog names for them."""
        precision = fields.get("precision")
        if precision is None or precision not in self.catalog.formats:
            return
        engines = self.catalog.formats[precision].engines
        if fields.get("engine", "vllm") not in engines:
            fields["engine"] = engines[0]

    # ---- intent -------------------------------------------------------------------------

    def _intent(
        self,
        text: str,
        said: _Said,
        names_model: bool,
        previous: dict[str, Any] | None,
    ) -> Intent:
        sets_fields = bool(set(said.fields) - {"model"})
        if _GREETING.match(text) and not said.fields:
            return "greeting"
        if _COMPARE.search(text) and (names_model or previous is not None or sets_fields):
            return "compare"
        if _EXPLAIN.search(text) and not names_model:
            return "explain" if _DOMAIN.search(text) or previous is not None else "off_topic"
        if names_model or sets_fields and (previous is not None or _SIZING_CUE.search(text)):
            return "size"
        if previous is not None and (sets_fields or _FOLLOW_UP.match(text)):
            return "size"
        if sets_fields or _SIZING_CUE.search(text) and _DOMAIN.search(text):
            return "size"
        if _DOMAIN.search(text):
            return "explain"
        return "off_topic"


def _names_no_method(text: str) -> bool:
    """'fine-tune' said, LoRA not: the reading chose LoRA for the user."""
    return not re.search(r"\blora\b|\bлор[аеуы]\b", text) and bool(
        re.search(_GENERIC_FINE_TUNE, text)
    )


def _clarification(mention: Any) -> Clarification:
    if mention is None:
        return Clarification(reason="missing")
    if mention.unknown is not None:
        return Clarification(
            reason="unknown", candidates=list(mention.candidates), said=mention.unknown
        )
    return Clarification(reason="ambiguous", candidates=list(mention.candidates))
