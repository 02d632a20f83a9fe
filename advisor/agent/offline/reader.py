"""The deterministic reading of a question, in Russian or English, as people write it.

A question (and the conversation's previous request) becomes a Reading: what the user
wants (size / compare / recommend / explain / off_topic / greeting), the language, every
field the message states in its own terms (`said`: the model, GPUs, load, staff, budget,
use case...), the sizing request built from them with catalog ids, and what to ask back
when the model is missing, ambiguous or not in the catalog.

The text is normalised first (`normalize`: transliterations, number words, units), then
names are matched through the catalog (`names`) and numbers read with their meaning
(`quantities`). Where the engine needs a figure the person gave in other terms (staff,
a request rate, examples), the conversion is a stated assumption (`sizing.workload`)
kept in `notes`. Follow-ups ("а если в 8 бит?", "and for 50 users?") change only what
they say (`follow_up`).
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Iterator, Sequence
from typing import Any, Literal, cast

from pydantic import BaseModel, ConfigDict, Field

from advisor.agent.follow_up import merge_follow_up
from advisor.agent.offline import quantities as q
from advisor.agent.offline.names import (
    GpuMatcher,
    ModelMatcher,
    ModelMention,
    name_parts,
    normalize_gpu_text,
)
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.structured import structured_as_text
from advisor.catalog.loader import Catalog
from advisor.catalog.schema import ApiPrice, HostedApi, Model, UseCaseId
from advisor.errors import InputError
from advisor.language import Language, detect_language
from advisor.messages import M, Note, note, use_case_note
from advisor.recommend.costs import HOURS_PER_MONTH, card_sibling
from advisor.recommend.request import BUDGET_FIELDS, MIN_CONTEXT, SIZE_CLASS_BAND
from advisor.recommend.search import DEFAULT_USERS as PILOT_USERS
from advisor.services.sizing import normalized_request, parse_request
from advisor.sizing.engine import REASONING_OUTPUT_COUNTED
from advisor.sizing.inputs import GPUS_PER_NODE
from advisor.sizing.kv_cache import kv_bytes_per_token
from advisor.sizing.request import DEFAULT_CONTEXT, ENGINES, EXPERT_OFFLOAD_ALL
from advisor.sizing.workload import (
    concurrent_from_headcount,
    concurrent_from_volume,
    dataset_tokens_from_examples,
    dialogues_from_customers,
    document_tokens,
    long_document,
    requests_from_dialogues,
    requests_from_text,
    review_length,
    tokens_per_word,
)

Intent = Literal["size", "compare", "recommend", "explain", "off_topic", "greeting", "price"]
ClarifyReason = Literal["missing", "ambiguous", "unknown", "unknown_gpu"]
TRAINING = frozenset({"lora", "qlora", "full", "pretrain"})


class Clarification(BaseModel):
    """Why the model cannot be sized yet, and the catalog ids the user may mean (the most
    likely first)."""

    model_config = ConfigDict(extra="forbid")

    reason: ClarifyReason
    candidates: list[str] = Field(default_factory=list)
    said: str | None = Field(default=None, description="the name the catalog lacks")
    params_b: float | None = Field(
        default=None, description="a size said that no catalog model comes near ('10T')"
    )
    hosted: bool = Field(
        default=False, description="the name is a hosted API's model ('GPT-5'): no weights"
    )


class GoalContext(BaseModel):
    """What a follow-up to a goal builds on: the goal, and the GPU its answer recommended
    ("what if we only have 2?" means two of those)."""

    model_config = ConfigDict(extra="forbid")

    goal: dict[str, Any]
    gpu: str | None = None
    capex_usd: float | None = None  # what that answer's lead costs to buy ("half of that?")

    @property
    def compared(self) -> list[str]:
        """The models the answer set side by side ("which one would you pick?" is about them),
        kept in the goal so the conversation store carries them."""
        return list(self.goal.get(COMPARED) or [])

    @property
    def led_by(self) -> list[str]:
        """What chose the answer's lead ("the cheapest"): a follow-up that changes a figure
        ("а в 4 бита?") still wants it."""
        return list(self.goal.get(LED_BY) or [])

    @property
    def recommend_fields(self) -> dict[str, Any]:
        """The goal as `recommend` arguments."""
        return {
            k: v
            for k, v in self.goal.items()
            if k not in (COMPARED, GPUS_COMPARED, LED_BY, LAST_PICK)
        }

    @property
    def last_pick(self) -> dict[str, Any] | None:
        """The answer's lead as `size_request`, the `advisor size` fields of all its GPUs
        ("а если 300 человек?" says what it does at the new load)."""
        pick = self.goal.get(LAST_PICK)
        return pick if isinstance(pick, dict) else None

    @property
    def gpus_compared(self) -> list[str]:
        """The GPUs the answer set side by side for the goal ("and for Qwen3 32B?" weighs
        them again on that model)."""
        return list(self.goal.get(GPUS_COMPARED) or [])


class Budget(BaseModel):
    model_config = ConfigDict(extra="forbid")

    amount: float = Field(gt=0)
    currency: Literal["RUB", "USD", "EUR"]


class Said(BaseModel):
    """Everything one message states, in the person's own terms (none of it guessed)."""

    model_config = ConfigDict(extra="forbid")

    model: str | None = None
    task: str | None = None
    gpu: str | None = None
    gpus_compared: list[str] = Field(default_factory=list, description="GPUs weighed, in order")
    gpu_counts: dict[str, int] = Field(
        default_factory=dict,
        description="the count said with each GPU weighed ('2x RTX 5090 or 1x RTX PRO 6000')",
    )
    gpus: int | None = None
    # "H100" with no board named: one to seven are bought as the version sold by the card
    card_version_open: bool = False
    owned: bool = False
    precision: str | None = None
    kv_precision: str | None = None
    engine: str | None = None
    context: int | None = None
    seq_len: int | None = None
    users: int | None = None
    users_at_once: bool = False  # "50 at once", not a bare "500 users" (who may be everyone)
    headcount: int | None = None
    customers: int | None = None  # "5,000 customers on our website": a base, not a load
    tunes_on_documents: bool = False  # "дообучить на наших документах": RAG serves it first
    requests_per_s: float | None = None
    requests_per_day: float | None = None
    dialogues: bool = False  # requests_per_day counts dialogues, each several requests
    per_person: float | None = None  # "each user sends 100 a day": one person's, before x people
    people: int | None = None  # the people per_person was multiplied by
    around_the_clock: bool = False  # a batch over a span, "24/7": no office hours, no peak
    one_off: bool = False  # "a one-off job", "разово": done once, then nothing to pay back
    recurring: bool = False  # "every night", "ежемесячно": the job comes back
    batch_items: int | None = None  # "прогнать 500 тысяч договоров": a batch job's requests
    item_tokens: int | None = None  # "каждый примерно 3000 токенов": each batch item's length
    batch_writes: bool = False  # "generate descriptions for 2M products": the items are written
    labels_only: bool = False  # "classify 2M emails": each answer a label (LABEL_OUTPUT_TOKENS)
    capacity_asked: bool = False  # "сколько юзеров потянет одна L40S?": users, not a load
    for_organisation: bool = False  # "у себя в компании", "for our team": people, uncounted
    no_renting: bool = False  # "buy it instead of renting": a rented goal is bought now
    tokens_per_day: float | None = None
    words_per_day: float | None = None
    audio_hours_per_day: float | None = None
    call_minutes: float | None = None  # a typical call's length, assumed for calls a day
    transcript_minutes: float | None = None  # each request reads a call this long
    live_calls: int | None = None  # calls at once whose speech is recognised as they run
    speech_synthesis: bool = False  # the bot speaks its answers ("синтез речи", a voice bot)
    real_time: bool = False  # "подсказки в реальном времени": speech followed as calls run
    output_tokens: int | None = None
    same_sizing: list[str] = Field(default_factory=list)  # versions the chosen model stands for
    likeliest_of: list[str] = Field(default_factory=list)  # others asked about, not chosen
    trains_alike: list[str] = Field(default_factory=list)  # versions of one size, trained alike
    newest_of: list[str] = Field(default_factory=list)  # versions of one size, cached otherwise
    longer_version_of: str | None = None  # "Llama 3 with 128k": the model named, too short
    size_alone_of: list[str] = Field(default_factory=list)  # "a 8B model": the others that size
    reasoning_output: bool = False  # output_tokens is a reasoning model's assumed trace
    deadline_hours: float | None = None
    runs_per_year: float | None = None  # fine-tuning repeated: "once a quarter" = 4
    tokens_per_example: int | None = None
    dataset_examples: int | None = None
    dataset_tokens: int | None = None
    epochs: float | None = None
    lora_rank: int | None = None
    bits_per_weight: float | None = None
    expert_offload_layers: int | Literal["all"] | None = None
    tensor_parallel_size: int | None = None
    activation_offload: bool | None = None
    cross_entropy: str | None = None
    training_kernels: str | None = None
    budget: Budget | None = None
    api_bill: Budget | None = None  # a month paid to a hosted API now, not a budget
    quote: Budget | None = None  # "quoted $320k for an 8xH100 box": a vendor's price to check
    text_apis: list[str] = Field(default_factory=list)  # priced hosted models named: gpt-4o-mini
    switch_api: str | None = None  # the hosted model a paid bill would move to
    plural_gpus: bool = False  # "we only have A100 80GB cards": several, not counted
    power_price: Budget | None = None  # the customer's electricity price per kWh
    more_gpus: bool = False  # "add two more": the count is added to those already there
    owned_of: int | None = None  # "add a second L40S" to one owned: of the count, those owned
    request_time: bool = False  # "how long would each contract take?": one request's time
    speech_to_text: bool = False  # speech transcribed for the LLM ("расшифровка приёмов")
    document_words: int | None = None  # words in each document read ("10k words each")
    document_tokens: int | None = None  # tokens in each document read ("64k-token reports")
    long_documents: bool = False  # documents said to be long, no length ("длинные договоры")
    context_window: bool = False  # "32k context": the window a request may fill, not each one
    context_each: bool = False  # "на каждый запрос нужно 32к": every request fills it
    review_items: bool = False  # a batch of customer reviews with no length ("2 млн отзывов")
    hours_per_month: float | None = None  # the GPUs would run this long ("8 h a day")
    horizon_months: int | None = None  # "over the next 2 years": how long they are needed
    high_stakes: bool = False  # law, medicine, insurance, banking: a stronger model floor
    datacenter: bool = False  # the GPUs go into a data centre: no GeForce cards
    workstation: bool = False  # "a workstation under a desk, not a rack": one office tower
    professional_only: bool = False  # "no GeForce cards": wherever the machine stands
    on_premises: bool = False  # "данные не должны уходить наружу": no cloud, no hosted API
    autocomplete: bool = False  # "autocomplete", "автодополнение": fill-in-the-middle models
    reasoning_model: bool = False  # "the strongest reasoning model": models that think
    no_distills: bool = False  # "no distilled models", "без дистиллятов"
    as_published: bool = False  # "no quantization" with no model named: each as published
    residency: bool = False  # "EU data residency", "152-ФЗ": no API abroad, rent in region
    vendor: q.GpuVendor | None = None  # "на nvidia", "no AMD": that vendor only
    redundancy: bool = False  # "с резервом", "N+1": one copy of the model may be down
    api_quality: bool = False  # "уровня GPT-4": a strong model asked for by an API's name
    wants_rent_by_budget: bool = False  # a budget a month: renting, not buying
    euros: bool = False  # the message counts in euros: costs are shown in euros beside dollars
    growth: float | None = None  # "if it grows 10x": the load times this
    pick: bool = False  # "which would you pick?": the choice first, then the options
    hardware_asked: bool = False  # "what GPU setup", "какое железо": GPUs are the question
    purchase_asked: bool = False  # "what server should we buy?": what to buy, nothing sized
    smaller_model: bool = False  # "а модель поменьше?": a smaller model than the last one
    stronger_model: bool = False  # "поумнее, чем этот 20B": a model above the one named
    personal: bool = False  # "at home for tinkering", "для себя": one person's own use
    laptop: bool = False  # "на ноутбуке с RTX 4060": one GPU that no other joins
    same_hardware: bool = False  # "на этих же L40S", "on the same cards": the GPUs just discussed
    enough_asked: bool = False  # "есть одна RTX 4090 — хватит?": whether the GPUs said do
    host_memory_gb: float | None = None  # "32gb ram" beside a CPU with no GPU
    host_memory_bandwidth_gb_s: float | None = None  # "DDR5-6000": the RAM's peak, GB/s
    one_server: bool = False  # "хватит одного сервера?": the GPUs of one 8-GPU server
    budget_share: float | None = None  # "half the budget": of the goal's budget
    precisions_compared: list[str] = Field(default_factory=list)  # "FP16 vs INT4"
    tasks_compared: list[str] = Field(default_factory=list)  # "LoRA или полное дообучение?"
    models_compared: list[str] = Field(
        default_factory=list,
        description="models weighed, in order: catalog ids, or a family where the name says no "
        "size ('qwen')",
    )
    use_case: q.UseCase | None = None
    wants: list[q.Want] = Field(default_factory=list)
    ttft_s: float | None = None
    reply_within: bool = False  # "ответ за 2 с": ttft_s read from a time for the reply
    open_edition: bool = False  # "GigaChat" alone: its open model, not the hosted Pro/Max
    tokens_per_s: float | None = None


class Reading(BaseModel):
    model_config = ConfigDict(extra="forbid")

    intent: Intent
    language: Language
    said: Said = Field(default_factory=Said)
    request: dict[str, Any] | None = Field(
        description="normalized sizing request (catalog ids), None when it cannot be sized"
    )
    explicit: list[str] = Field(description="request fields this message set")
    said_fields: list[str] = Field(
        default_factory=list,
        description="request fields the conversation has set so far: this message's and "
        "those its request carries over (a precision said two turns ago is still asked for)",
    )
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
    notes: list[Note] = Field(
        default_factory=list,
        description="assumptions the reading made to size what was said (staff -> users)",
    )
    goal: dict[str, Any] | None = Field(
        default=None,
        description="a goal question's `recommend` fields (RecommendRequest), the previous "
        "goal's with this message's changes for a follow-up",
    )

    @property
    def conditions(self) -> dict[str, Any]:
        """The goal's conditions this message or an earlier one stated: a law firm's published
        weights and server room hold when it goes on to ask about another model."""
        return _conditions_kept(self.said_fields)

    @property
    def high_stakes(self) -> bool:
        return self.said.high_stakes or "min_quality_tier" in self.conditions

    @property
    def stated(self) -> dict[str, Any]:
        """What the message stated, by field (a compare of GPUs lists them all as `gpu`)."""
        data = self.said.model_dump(exclude_none=True, exclude_defaults=True)
        compared = data.pop("gpus_compared", None)
        data.pop("models_compared", None)
        if self.intent == "compare" and compared and len(compared) > 1:
            data["gpu"] = compared
        if data.get("budget"):
            data["budget"] = dict(data["budget"])
        return data


# ---- formats, tasks, engines ----------------------------------------------------------------

_GGUF = {
    r"q4[_-]?k[_-]?m|q4|q4[_-]?k": "q4_k_m",
    r"q5[_-]?k[_-]?m|q5": "q5_k_m",
    r"q6[_-]?k|q6": "q6_k",
    r"q8[_-]?0|q8": "q8_0",
    r"q4[_-]?0": "q4_0",
}
# No quantisation: the weights as published (BF16 for most, FP8 for DeepSeek-V3/R1, MXFP4 for
# gpt-oss), "no quantization", "at its published precision", "без квантизации".
_AS_PUBLISHED = (
    r"без квантиз\w*|no quantization|unquantized|without quantization|full precision|"
    r"полн\w* точност\w*|(?:its|their|the) (?:published|original|native) precision|"
    r"(?:published|original|native) (?:precision|weights)|в исходной точности|"
    r"как (?:её |его )?опубликовал\w*"
)
_PRECISIONS: tuple[tuple[str, str], ...] = (
    *((rf"\b(?:{pattern})\b", value) for pattern, value in _GGUF.items()),
    (r"\bexl2\b|exllama\s*-?v?2\b", "exl2"),
    (r"\bexl3\b|exllama\s*-?v?3\b", "exl3"),
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
    (_AS_PUBLISHED, "bf16"),  # the model's own format when it is another (_said)
    # "a quantized version", no width: the common 4-bit one (AWQ/GPTQ)
    (r"\bквантован\w*|\bквантизованн\w*|\bquanti[sz]ed\b|\bquants?\b", "int4"),
)
# AWQ/GPTQ group size next to the quantisation it belongs to: "awq g32", "gptq group size
# 64", "int4 с группой 32" ("g32" alone is an instance type, "группа 32" a team).
_QUANT_WORD = r"(?:awq|gptq|int4|4[\s-]?bit|4[\s-]?бит\w*)"
_GROUP = r"(?:g|gs|group[\s-]?size[\s=]{0,2}|групп\w{0,3}\s(?:по\s)?|размер\w{0,3}\sгрупп\w{0,3}\s)"
_GROUP_SIZE = re.compile(
    rf"\b{_QUANT_WORD}[\w\s,()-]{{0,12}}?\b{_GROUP}(32|64|128)\b|"
    rf"\b{_GROUP}(32|64|128)\b[\s-]{{0,3}}{_QUANT_WORD}"
)
_BITS_PER_WEIGHT = re.compile(
    r"\b(\d(?:\.\d{1,3})?)[\s-]{0,2}(?:bpw|bits?\sper\sweight|бит\w{0,3}\sна\sвес)"
)
# llama.cpp experts in host RAM: "--n-cpu-moe 26", "26 layers of experts on the CPU".
_N_CPU_MOE = re.compile(
    r"n[\s-]?cpu[\s-]?moe[\s=]{0,2}(\d{1,6})\b|\b(\d{1,6})\s(?:layers?|слоя|слоёв|слоев)\W{0,3}"
    r"\s?(?:of\s)?(?:experts?|экспертов)\s(?:on|to|in|на|в)\s(?:the\s)?"
    r"(?:cpu|ram|system ram|озу|оперативк\w*|процессор\w*|цпу)"
)
# Every expert in host RAM: llama.cpp's --cpu-moe flag, or "all experts on the CPU".
_ALL_CPU_MOE = re.compile(
    r"(?<![\w-])--cpu-moe\b|"
    r"\b(?:all|every)\s(?:the\s|of\sthe\s)?experts?\s(?:on|to|in)\s(?:the\s)?"
    r"(?:cpu|system\sram|host\sram|ram|main\smemory)\b|"
    r"(?<!\d\s)\b(?:все\s)?эксперт\w{0,3}\s(?:в|на)\s(?:оперативк\w*|озу|оперативн\w*\sпамят\w*|"
    r"процессор\w*|цпу|cpu|ram)"
)
_NEGATION = re.compile(r"\b(?:no|not|don'?t|без|не|нет)\b[^.?!]{0,24}$")
_TENSOR_PARALLEL = re.compile(
    r"(?:^|\s)-tp[\s=]{0,2}(\d{1,4})\b|\btp[\s=]{0,2}(\d{1,4})\b|"
    r"tensor[\s-]?parallel\w{0,3}(?:[\s-]size)?\s?(?:of\s)?=?\s?(\d{1,4})\b|"
    r"тензорн\w{0,4}\sпараллел\w{0,6}\s(?:на\s)?(\d{1,4})\b"
)
_UNSLOTH = re.compile(r"\bunsloth\b|анслот\w*")
_FUSED_LOSS = re.compile(r"\bliger\b|fused\s*(?:linear\s*)?cross[\s-]*entropy|fused\s*loss")
# Stacks that compile or fuse the elementwise kernels (the engine's training_kernels: fused).
_FUSED_KERNELS = re.compile(
    r"\btorch\.?compile\b|\btorchtune\b|\bnemo[\s-]*(?:automodel|framework)\b|\bmegatron\b|"
    r"\bliger\b|transformer engine|торчтюн\w*"
)
_CHUNKED_LOSS = re.compile(r"chunked\s*(?:cross[\s-]*entropy|loss|ce)\b")
_ACTIVATION_OFFLOAD = re.compile(
    r"activation[s]?[\s-]*offload\w*|offload\w*\s*(?:the\s+)?activations|"
    r"offloaded\s*(?:gradient\s*)?checkpoint\w*|выгрузк\w*\s*активаци\w*|"
    r"активаци\w*\s*(?:в|на)\s*(?:озу|оперативк\w*|cpu|цпу)"
)
_KV_PRECISION = re.compile(
    r"(?:kv|кв)[\s-]*(?:cache|кэш\w*|кеш\w*)?\s*(?:тоже\s+|also\s+)?(?:в|in|as)?\s*"
    r"(fp8|int8|fp16|bf16|q8_0|q4_0)\b|\b(fp8|int8|fp16|bf16|q8_0|q4_0)\s+(?:kv|кв)[\s-]*"
    r"(?:cache|кэш\w*|кеш\w*)"
)
_GENERIC_FINE_TUNE = (
    r"fine-?tun\w*|fine tun\w*|finetun\w*|дообуч\w*|файн-?тюн\w*|зафайнтюн\w*|затюн\w*|"
    r"тонк\w* настро\w*|дотрен\w*|дотюн\w*|\bтюнить\b|потюнить|\btrain(?:ing)?\b|обучит\w*|"
    r"обучени\w*|"
    r"adapt\w* (?:it|the model) to"
)
# "training" with no method: the run under discussion, not a fine-tune ("обучение на 16?")
_GENERIC_TRAINING = re.compile(r"\bобучени\w*|\bобучит\w*|\btrain(?:ing)?\b|\bтренировк\w*")
_FINE_TUNE_WORD = re.compile(r"дообуч|fine-?tun|finetun|тюн|файн")
# "how long would the 7B run take": a training run, the noun, with the time asked of it
_RUN_TAKES = re.compile(
    r"\b(?:the|this|that|our|training|\d+(?:\.\d+)?\s*[bm])\s+run\b.{0,40}?\btakes?\b|"
    r"\bhow long\b.{0,40}?\b(?:the|this|that|our|training|\d+(?:\.\d+)?\s*[bm])\s+run\b"
)
_TASKS: tuple[tuple[str, str], ...] = (
    (r"pre-?train\w*|from scratch|с нуля|предобуч\w*|претрейн\w*|pretraining", "pretrain"),
    (
        r"full[- ](?:parameter[- ])?(?:fine-?tun\w*|fine tun\w*|finetun\w*|ft\b|training|sft)|"
        r"полн\w*\s+(?:дообуч\w*|файн-?тюн\w*|обучени\w*|fine-?tun\w*|переобуч\w*)|"
        r"дообуч\w*\s+полностью|полностью\s+(?:дообуч|переобуч|зафайнтюн|файн-?тюн|затюн)\w*|"
        r"\bfull(?:[- ]weight)?\s+(?:ft|sft|fine-?tuning)\b|"
        r"полноценн\w*\s+(?:\w+\s+)?(?:дообуч|обуч|файн-?тюн|переобуч)\w*|"
        # "не LoRA", "without LoRA", "instead of LoRA": all the weights
        r"(?:не|без|вместо|not|no|without|instead of|rather than)\s+(?:a\s+)?(?:q?lora|лор)\w*|"
        r"all (?:the )?weights|всех весов|все веса",
        "full",
    ),
    (r"\bq-?lora\b|\bку-?лор\w*|\bкью-?лор\w*", "qlora"),
    (r"\blora\b|\bлор[аеуыо]\w*", "lora"),
    (  # "fully fine-tune", "the whole model", "all parameters": all the weights, unless a
        # method above is named ("fine-tune all layers with LoRA")
        r"\bfully\s+(?:fine-?tun(?:e|ing)\b|fine tun(?:e|ing)\b|finetun(?:e|ing)\b|"
        r"re-?train(?:ing)?\b)|"
        r"(?:fine-?tun\w*|finetun\w*|train\w*)\s+(?:the\s+)?(?:whole|entire)\s+model|"
        r"(?:fine-?tun\w*|finetun\w*|train\w*)\s+(?:all|every)\s+(?:of\s+)?(?:its\s+|the\s+)?"
        r"(?:parameters?|params|weights?)|"
        r"(?:дообуч|файн-?тюн|переобуч)\w*\s+(?:[^\s,;]+\s+){0,4}(?:целиком|всю\s+модель|"
        r"все\s+параметры)",
        "full",
    ),
    (  # "обучить свою модель на 1 млрд параметров", "train our own LLM": a model of one's
        # own, unless a fine-tuning method is named
        r"\b(?:обучить|натренировать|train|build)\s+(?:сво\w+|собственн\w+|our own|own)\s+"
        r"(?:\w+\s+)?(?:модел\w*|model|llm|нейросет\w*)",
        "pretrain",
    ),
    (_GENERIC_FINE_TUNE, "lora"),
    (
        r"inference|инференс\w*|\bserv(?:e|es|ing)\b|deploy\w*|\brun(?:s|ning)?\b|host\w*|"
        r"запуск\w*|запуст\w*|разверн\w*|развер(?:т|тыв)\w*|разв[её]рт\w*|крут\w*|"
        r"поднят\w*|поднять|подним\w*|гонять|погонять|\bollama\b|олл?ам\w*|обслужива\w*|"
        r"обслужит\w*|отвечал\w*|разда\w*|раздава\w*",
        "inference",
    ),
)
# "a ChatGPT-like thing", "свой аналог ChatGPT": a kind of product wanted, not a model to run.
# "уровня GPT-4", "GPT-4 level", "as good as ChatGPT": a quality asked for, not a model to run.
_QUALITY_OF_API = (
    r"(?:уровн\w*|на уровне|не хуже|как|level of|as good as|on par with|comparable to|like|"
    r"similar to|похож\w* на|аналог\w*)\s+"
    r"(?:chat\s?gpt|gpt[- ]?[345]\w*|claude\w*|gemini\w*)(?:[- ]?[\d.]+\w*)?|"
    # "не хуже яндекс гпт про", "GigaChat Max level": a Russian API's hosted edition (QA 56)
    r"(?:не хуже|не слабее|на уровне|уровня|as good as|on par with|no worse than)\s+"
    r"(?:(?:yandex|яндекс)[- ]?(?:gpt|гпт)\w*[- ]?(?:5\.?1?[- ]?)?(?:pro|про)|"
    r"(?:gigachat|гигачат)\w*[- ]?(?:2[- ]?)?(?:pro|про|max|макс))\b|"
    r"(?:chat\s?gpt|gpt[- ]?[345]\w*|claude\w*)[- ](?:level|class|quality|grade)"
)
_QUALITY_OF_API_RE = re.compile(_QUALITY_OF_API)
# Hosted APIs' model names ("we pay for GPT-4o", "Claude Sonnet"): the service the customer
# uses now, never a model to size (gpt-oss, an open model, is not one of them).
_API_PRODUCT = (
    r"\bgpt[- ]?(?!oss)[345](?:\.\d)?(?:[- ]?(?:o|turbo|mini|nano))*\b|\bo[134](?:[- ]mini)?\b|"
    r"\bclaude(?:[- ](?:\d(?:\.\d)?|sonnet|opus|haiku))*\b|\bgemini(?:[- ](?:\d(?:\.\d)?|pro|flash))*\b"
)
_API_PRODUCT_RE = re.compile(_API_PRODUCT)
# The editions a brand with an open model sells only as its API: "GigaChat Max", "YandexGPT Pro".
_HOSTED_EDITION = re.compile(r"\b(?:pro|про|max|макс)\b")
# A hosted model paid for now ("платить за API (GPT-4o) или свой сервер с открытой моделью?"):
# the service to compare with, not a model to size.
_PAID_SERVICE = re.compile(
    r"\bapi\b|плат\w*|\bpa(?:y|ying|id)\b|подписк\w*|subscription|\bspen[dt]\w*|"
    r"\bbill\w*|сч[её]т\b|трат\w*|\bburn\w*|"
    r"открыт\w* модел\w*|open(?:-source| source| weights?)? models?"
)
_LIKE_PRODUCT = (
    r"(?:аналог\w*|(?:как|типа|вроде) у|как|типа|вроде|сво\w+|own|like(?: an?)?|our own|"
    r"private|internal|corporate|local|приватн\w*|внутренн\w*|корпоративн\w*|локальн\w*)\s+"
    r"(?:chat\s?gpt|gpt-?4o?)\b|(?:chat\s?gpt|gpt-?4o?)[- ](?:like|style|подобн\w*)|"
    rf"{_QUALITY_OF_API}"
)
_LIKE_PRODUCT_RE = re.compile(_LIKE_PRODUCT)
# An open model's hosted API, the service used now ("сидим на API DeepSeek", "the Mistral
# API"): no model to size; one named beside it ("and self-host DeepSeek V3") still is.
_OPEN_API_VENDOR = (
    r"(?:deepseek|дипсик\w*|mistral|мистрал\w*|qwen|квен\w*|gigachat|гигачат\w*|"
    r"yandex ?gpt|яндекс ?gpt)"
)
_OPEN_MODEL_API = re.compile(
    rf"\bapi\s+(?:от\s+|of\s+)?{_OPEN_API_VENDOR}\b|\b{_OPEN_API_VENDOR}(?:'s)?\s+api\b"
)
# The vendor a bill is paid to, no version or size after it ("у нас YandexGPT и счёт 150
# тысяч в месяц"): the hosted service, not its open model.
_BILLED_VENDOR = re.compile(rf"\b{_OPEN_API_VENDOR}\b(?!\s*-?\s*(?:\d|lite|pro\b|max\b))")
_PRODUCT_LIKE = re.compile(rf"{_LIKE_PRODUCT}|{_API_PRODUCT}")
# A model named only to set it aside for another: "вместо ламы взять квен 2.5 32б",
# "instead of Llama 3.1 405B, what about...": its name and version words are no model asked.
_MODEL_SET_ASIDE = re.compile(
    r"(?:\bвместо|\binstead of|\brather than)\s+(?:the\s+)?[^\W\d]+(?:[\s-]+\d[\w.]*){0,2}|"
    # "модель поумнее, а не 7B", "something smarter, not a 7b": the size set aside (QA 57)
    r"(?:,\s*|\b)(?:а\s+)?не\s+\d+(?:[.,]\d+)?\s*[bб]\b|,\s*not\s+(?:an?\s+)?\d+(?:\.\d+)?\s*b\b|"
    r"\b(?:instead of|rather than|вместо)\s+(?:an?\s+)?\d+(?:\.\d+)?\s*[bб]\b|"
    # "Phi-4 is not what we had in mind. We mean DeepSeek-R1" (QA 49): the clause rejecting it
    r"(?:^|(?<=[.!?;]))[^.!?;]{0,60}?\b(?:is|was)(?:\s+not|n't)\s+what\s+(?:we|i)\s+"
    r"(?:had in mind|have in mind|want(?:ed)?|meant|need(?:ed)?)[^.!?;]*|"
    r"(?:^|(?<=[.!?;]))[^.!?;]{0,60}?\s*[—–-]?\s*(?:это\s+)?не\s+то,?\s+что\s+"
    r"(?:мы|я)\s+(?:хотели|хотел|имели в виду|имел в виду|имела в виду)[^.!?;]*"
)
# A service named only to deny it: "не гигачат", "not GPT-4o", "instead of Claude".
_DENIED = re.compile(r"(?:\bне|\bnot|instead of|вместо|rather than)\s+(?:на\s+|the\s+)?$")
# GPUs named in the plural with no count: "only A100 80GB cards", "у нас карты A100", "4090s".
_PLURAL_GPUS = re.compile(
    r"\b(?:cards|gpus|accelerators|карты|карточки|видеокарты|ускорители)\b|"
    r"\b(?:[a-z]{1,3}\d{2,4}|\d{4})s\b"
)
# A GPU named only to set it aside: "and not H100?", "а не на H100", "instead of an A100".
_GPU_DENIED = re.compile(
    r"(?:\bnot|\bне|instead of|rather than|вместо)\s+(?:an?\s+|the\s+|на\s+|a\s+)?"
    r"(?:nvidia\s+|geforce\s+|rtx\s+)?$"
)
# A service a paid bill would move to: "хотим перейти на DeepSeek API", "switch to Gemini".
_SWITCH_TO = re.compile(
    r"(?:перейти|переход\w*|перейд\w*|пересесть|пересяд\w*|switch\w*|mov(?:e|ing)|"
    r"migrat\w*)\s+(?:\w+\s+)?(?:на|to)\s+(?:the\s+)?$"
)
# "чтоб отвечала" is a way to run a named model, not a task statement of a goal.
_WEAK_INFERENCE = re.compile(r"отвечал\w*")
_SERVING_WORDS = re.compile(next(pattern for pattern, task in _TASKS if task == "inference"))
# "2 сервера, в каждом по 4 GPU": the GPUs of every server together.
_SERVERS_EACH = re.compile(
    r"(\d+)\s*(?:сервер\w*|сервак\w*|servers?|nodes?|узл\w*|машин\w*|boxes)\W{0,3}"
    r"(?:\w+\W+){0,2}?(?:в каждом|на каждом|each (?:with|has)|with|по)\s*(?:по\s*)?(\d+)\s*"
    r"(?:x\s*)?(?:gpus?|cards?|карт\w*|видеокарт\w*|ускорител\w*|[a-z]?\d{2,4}|h100|a100|l40s?)"
)
_ENGINES: tuple[tuple[str, str], ...] = (
    (r"\bollama\b|олл?ам\w*|llama\.?cpp|lama\.?cpp|ламацпп", "llama.cpp"),
    (r"\bvllm\b|вллм", "vllm"),
    (r"tensorrt|trt[- ]?llm", "trt-llm"),
    (r"\btransformers\b|трансформерс\w*", "transformers"),
)

# ---- intent -------------------------------------------------------------------------------

_COMPARE = re.compile(
    r"сравн\w*|compar(?!abl)\w*|cheapest (?:gpu|card)|сам\w* дешев\w* (?:видео)?карт\w*|"
    r"(?:видео)?карт\w* сам\w* дешев\w*|"
    r"(?:best|fastest) gpu|лучш\w* (?:видео)?карт\w*|\bvs\.?\b|versus|или лучше|which is better|"
    r"что лучше|что выгодн\w*|на ч[её]м быстрее|which (?:one|is faster|gets)|"
    r"price[- /]performance|цена\s*/\s*производительн\w*|соотношени\w* цен\w*|"
    r"оптимал\w* (?:gpu|карт|видеокарт)|на как\w+ (?:видео)?карт\w* лучше|лучше всего|"
    r"чем [\w-]+ (?:лучше|хуже|быстрее)|что быстрее|which is faster|what'?s faster"
)
# "Which GPU?" weighs GPUs unless it asks how many or what setup is needed ("which GPUs,
# and how many?", "what GPU configuration is required", "what gpu do I need").
_WHICH_GPU = re.compile(
    r"which (?:gpu|card)|what gpu|какую (?:видео)?карт\w*|как(?:ая|ие|ой) (?:видео)?карт\w*|"
    r"какой (?:gpu|ускорител\w*)|на как\w+ (?:видео)?карт\w*"
)
_HOW_MANY_GPUS = re.compile(
    r"(?:which|what) gpus? (?:\w+ ){0,3}?(?:need|required|configuration|setup)|how many|"
    r"сколько|скока|скок\b|конфигурац\w*"
)
_CHEAPEST_SETUP = re.compile(
    r"(?:cheapest|самый дешев\w*|самая дешев\w*|дешевле всего)\s+(?:\w+\s+)?"
    r"(?:way|setup|option|config\w*|server|способ|вариант|конфигурац\w*|сервер\w*)"
)
# A question about money: a named model is then a goal to price (`recommend` with the model
# fixed), not a memory sum. "How much VRAM" is not about money.
# The GPUs themselves asked for: "what GPU setup", "какое железо", "which server".
_HARDWARE_ASKED = re.compile(
    r"\bgpus?\b|graphics cards?|\bhardware\b|\bservers?\b|\bsetup\b|\brig\b|\bbox\b|"
    r"видеокарт\w*|\bгпу\b|желез\w*|сервер\w*|сервак\w*|карт[ауые]\b|оборудовани\w*"
)
# The price of the GPUs themselves: "сколько стоит сервер 8x H100?", "how much is an L40S?".
_PRICE_ASKED = re.compile(
    r"сколько (?:\w+ ){0,2}сто(?:ит|ят|ить|ил\w*)|\bстоимост\w*|\bцен[аеуыой]\b|\bпоч[её]м\b|"
    r"how much (?:is|are|does|do|would|will|for)\b|\bcosts?\b|\bpric(?:e|es|ed|ing)\b"
)
# What to buy, asked with nothing to size it by: "what server should we buy?", "какой сервер
# нам купить?", "что закупать?".
_PURCHASE_ASKED = re.compile(
    r"\bwhat (?:kind of |sort of )?(?:server|hardware|gpus?|machine|box)\s+(?:should|do|would|"
    r"could|can|to)\s+(?:we |i )?(?:buy|get|purchase|order|need)\b|"
    r"\bwhich (?:server|hardware|gpus?|machine)\s+(?:should|to) (?:we |i )?(?:buy|get|purchase)\b|"
    r"\bwhat (?:should|do) (?:we|i) (?:buy|purchase|order)\b|"
    # "what would we have to buy to run the full R1?" after GPUs that do not hold it (QA 54)
    r"\bwhat (?:would|will|do|should) (?:we|i) (?:have|need) to (?:buy|purchase|get)\b|"
    r"что (?:нам |мне )?(?:придется|нужно|надо|необходимо) (?:до)?купить\b|"
    r"как(?:ой|ое|ие|ую) (?:\w+ )?(?:сервер|железо|оборудование|видеокарт\w*|gpu|гпу)\s+"
    r"(?:\w+ )?(?:купить|брать|взять|закупать|закупить|покупать|нужн\w*)|"
    r"что (?:нам |мне )?(?:купить|закупать|закупить|покупать|брать)\b"
)
# "а если взять модель поменьше?", "what about a smaller model?": another, lighter model.
_SMALLER_MODEL = re.compile(
    r"модел\w* (?:по)?меньше|(?:по)?меньш\w* модел\w*|модел\w* полегче|(?:по)?легч\w* модел\w*|"
    r"smaller (?:model|one|llm)|(?:a |something )(?:smaller|lighter)\b|lighter model|"
    r"less (?:big|heavy) model"
)
# "Поумнее, чем этот 20B", "a smarter model", "something stronger": a model above the last.
_STRONGER_MODEL = re.compile(
    r"\bпоумнее\b|модел\w* (?:по)?(?:умнее|сильнее|мощнее|крупнее)\b|модел\w* побольше\b|"
    r"(?:по)?(?:умнее|сильнее|мощнее|крупнее) модел\w*|побольше модел\w*|\bпокрупнее\b|"
    r"\bумнее,? чем (?:эт|наш|ваш|[\w.-]+ ?\d)\w*|"
    r"\b(?:smarter|stronger|more capable) (?:model|one|llm)\b|"
    r"\b(?:bigger|larger|more powerful|better) (?:model|llm)\b|"  # "a bigger one": a GPU too
    r"something (?:stronger|smarter|more capable)\b|"
    # "smarter than this 20B", not "would renting be smarter than buying"
    r"\bsmarter than (?:this|that|it|our|[\w.-]+ ?\d+(?:\.\d+)? ?b)\b"
)
# "Поумнее, чем этот 20B": the model named is the one to beat; "посильнее, 32B плотную?" names
# the stronger one itself.
_THAN = re.compile(r"\bthan\b|[а-я]+(?:ее|ше|же)\b,?\s+чем\b")  # not "на чём"
# What a question about the GPUs' price may state besides them: no model, load or goal.
_PRICE_FIELDS = frozenset(
    {"gpu", "gpus", "gpus_compared", "hardware_asked", "task", "owned", "wants"}
)
# Work an LLM does on documents: "анализировать медкарты", "process claims".
_DOCUMENT_WORK = re.compile(
    r"анализ\w*|обрабат\w*|обработ\w*|проверя\w*|разбира\w*|извлека\w*|"
    r"analy[sz]\w*|process\w*|review\w*|extract\w*"
)
_COST = re.compile(
    r"сколько (?:\w+ ){0,2}сто(?:ит|ить|ят|ил\w*)|стоимост\w*|по деньгам|в деньгах|"
    r"сколько денег|\bцен[аеуы]\b|\bбюджет\w*|\bдешев\w*|\bдешёв\w*|недорог\w*|\bокуп\w*|"
    r"во сколько (?:\w+ )?обойд\w*|"
    r"how much (?:\w+ ){0,4}cost|how much money|\bcosts?\b|\bpric(?:e|es|ed|ing)\b|"
    r"\bbudget\w*|\bcheap\w*|afford\w*|\btco\b|pay ?back|в рубл\w*|в доллар\w*|"
    r"in (?:rubles|roubles|dollars|usd)|\bаренд\w*|\brent(?:al|als|ing|ed)?\b|\blease\b|"
    r"\bfor how much\b|\bза сколько денег\b"
)
# Versions of a model whose weights differ by less than this size alike: which one was meant
# does not change the hardware (Llama 3, 3.1 and 3.3 70B: 70.6B each; Llama 2 70B: 69.0B).
SAME_SIZE_SPREAD = 1.03
# The draft key that carries the models a clarification asked between to the reply.
# "под нашу нейросеть", "our own model": a model of theirs to ask about, not one to choose
_OUR_MODEL = re.compile(
    r"\b(?:наш|сво)\w* (?:нейросет|нейронк|модел|ллм|llm)\w*|\bour (?:own )?(?:model|llm|network)"
)
# The least quality tier for law, medicine, insurance and banking (suitability.yaml: tier 4 is
# the 20-70B class, GPT-4o-mini level and up; tiers 2-3 are the 3-14B models).
HIGH_STAKES_TIER = 4
# A size class reaches this far above the size said: names round sizes down, so "a ~13B
# model" holds the 14.7-14.8B Qwen and Phi models, a "7B" one not Llama 3.1 8B (8.03B).
SIZE_CLASS_ABOVE = SIZE_CLASS_BAND
# A card named by its memory: "a single 24GB card", "на одной карте на 48 гб".
_MEMORY_CARD = re.compile(
    r"(?:\b(?P<count>single|one|a|\d{1,2}|одн\w*)(?:\s*x\s*|\s+))?(?:"
    r"(?P<gb>\d{1,3})\s*(?:gb|гб|gig\w*|гиг\w*)(?:\s+(?:of )?vram)?\s*(?:card|gpu|видеокарт\w*|карт\w*|"
    r"видеопамят\w*|(?<=\s)vram\b|of video memory)"
    r"|(?:card|gpu|видеокарт\w*|карт\w*)\s+(?:на|with|of)?\s*(?P<gb2>\d{1,3})\s*(?:gb|гб|gig\w*|гиг\w*))"
)
# Two weight formats set against each other: "FP16 vs 4-bit", "в fp8 или в int4".
_WEIGHS_FORMATS = re.compile(
    r"\bvs\.?\b|\bversus\b|\bor\b|\bили\b|\bпротив\b|compar\w*|сравн\w*|what about|а в\b"
)
# Two models set against each other: "Mistral Small vs Gemma 3", "Llama или Qwen?".
_WEIGHS_MODELS = re.compile(
    r"\bvs\.?\b|\bversus\b|\bor\b|\bили\b|\bлибо\b|\bпротив\b|compar\w*|сравн\w*|"
    r"\bbetter\b|\bлучше\b|\bwhich\b|\bкак(?:ая|ую|ой)\b"
)
_EUROS = re.compile(r"€|\beur\b|\beuros?\b|\bевро\b")
# A model version ruled out: "полную, не дистиллят", "без дистиллятов", "the full one, not a
# distill", "no distills" names no second model to weigh.
_NOT_A_VERSION = re.compile(
    r"\b(?:(?:а|и|но) )?(?:не|без|кроме) (?:\w+ )?(?:дистил\w*|distill\w*|квант\w*|урезан\w*)|"
    r"\b(?:not|no|without|excluding) (?:a |the |an? |any )?(?:\w+ )?(?:distill\w*|quant\w*)"
    r"(?: (?:one|version|model)s?)?"
)
# One personal machine with its one GPU: "my laptop with an RTX 4060", "на моём ноутбуке".
# One person's own use: "just me", "at home for tinkering", "для себя", "дома поиграться".
_PERSONAL_USE = re.compile(
    r"\bjust (?:me|myself)\b|\bonly me\b|\bfor (?:myself|personal use|tinkering|fun|my hobby)\b|"
    r"\bat home\b|\bhome ?lab\b|\bhobby\w*|\btinker\w*|\bpersonal (?:use|project)\b|"
    r"\bдля себя\b|\bдома\b|\bдля дома\b|\bпоиграться\b|\bпоэкспериментировать\b|"
    r"\bдомашн\w* (?:пк|комп\w*)|\bhome (?:pc|computer|rig)\b|"
    r"\bдля хобби\b|\bтолько я\b|\bя один\b"
)
_LAPTOP = re.compile(
    r"(?<!jupyter )(?<!colab )(?<!kaggle )(?<!не на )(?<!not on )(?<!not on a )(?<!not a )"
    r"\b(?:laptop|notebook|ноутбук\w*|ноуте|ноут)\b"
)
_ONE_MACHINE = re.compile(
    r"\b(?:my|our) (?:\w+ )?(?:laptop|notebook|gaming pc|pc|desktop|workstation|rig)\b|"
    r"\bon (?:a|my) (?:\w+ )?(?:laptop|notebook)\b|\bhome (?:pc|computer|rig|desktop)\b|"
    r"\b(?:i|we) (?:only )?(?:have|own|got) (?:just )?(?:a|an|one|my) (?:\w+ )?(?:laptop|notebook)\b|"
    r"у (?:меня|нас) (?:есть )?(?:только |лишь )?(?:\w+ )?(?:ноутбук\w*|ноут\b)|"
    r"(?:мо[её]м?|на|в) (?:\w+ )?(?:ноутбук\w*|ноуте|ноут\b|игров\w* (?:пк|компьютер\w*|комп\w*)|"
    r"домашн\w* (?:пк|компьютер\w*|комп\w*))|домашн\w* (?:пк|компьютер\w*|комп\w*)"
)
# "Which would you pick?", "так что брать?": the adviser's own choice among the options.
_PICK = re.compile(
    r"which (?:one |1 )?(?:would|do|should) (?:you|we|i) (?:actually |really |personally )?"
    r"(?:pick|choose|take|go with|buy|recommend)|"
    r"what (?:would|do) you (?:actually |really |personally )?(?:pick|choose|take|go with|"
    r"recommend)|your (?:pick|choice)|"
    r"что (?:бы )?(?:вы |ты )?(?:выбрал\w*|взял\w*|посовету\w*|порекоменду\w*)|"
    r"(?:так )?что (?:в итоге |же |тогда )?(?:брать|выбрать|покупать)|"
    r"как(?:ой|ую|ое) (?:вариант |из них )?(?:брать|выбрать|взять)|"
    # "а почему именно H100?": why the pick, answered as the pick with its reason
    r"почему (?:именно|же именно|вы выбрали|ты выбрал|вы предлагаете|предлагаете)|"
    r"why (?:did you (?:pick|choose|recommend|go with)|this (?:gpu|card|one|setup|option))"
)
# "X на 4090 пойдёт?", "will it run on an H100?": whether one card runs it, not how many do.
_ON_A_GPU = re.compile(
    r"(?:\bon|\bна)\s+(?:(?P<one>a |an |my |one |a single |моей |моём |моем |одной )|our |нашей )?"
    r"(?:nvidia |geforce |rtx |amd )*$"
)
# "what is the fastest possible server for X?": a setup asked for, not an explanation
_FASTEST_SETUP_ASKED = re.compile(
    r"\bwhat(?:'s| is)? (?:the )?fastest|\bwhich (?:\w+ )?(?:is )?(?:the )?fastest|"
    r"как(?:ой|ая|ое) (?:\w+ )?сам\w* быстр"
)
# "if we buy a 5090 instead", "возьмём одну 5090": one card, not the fewest that serve
_ONE_CARD_BEFORE = re.compile(
    r"(?:\b(?:buy|get|purchase|add|take|use|with|only|just)\s+(?:a|an|one|a single|just one)|"
    r"\bодн(?:у|а|ой))\s+(?:nvidia |geforce |rtx |amd )*$"
)
# One GPU added to those there: "add a second L40S", "with another 4090", "one more card",
# "ещё одну карту", "докупить вторую A100" (QA 53 repeated the one-card answer). An ordinal
# adds one (the second after one, the third after two); it and "another" count as added only
# beside a verb of adding ("the second card runs embeddings" adds none).
_ADDING = re.compile(
    r"\b(?:add\w*|buy\w*|get|purchas\w*|put|install\w*|plug\w*|with|plus|добав\w*|докуп\w*|"
    r"постав\w*|куп\w*|возьм\w*|взять|встав\w*)\b"
)
_ONE_MORE = (
    r"(?:\b(?P<said>(?:one|1) more|ещ[её]\s+(?:одн\w*|1))|"
    r"\b(?:a|the)\s+(?:second|third|fourth)|\banother|\b(?:втор|трет|четв[её]рт)(?:ую|ой|ая))\s+"
    r"(?:such\s+|same\s+|таку\w*\s+(?:же\s+)?|nvidia |geforce |rtx |amd )*"
)
_ONE_MORE_BEFORE = re.compile(_ONE_MORE + "$")
_ONE_MORE_CARD = re.compile(
    _ONE_MORE + r"(?:gpus?|cards?|видеокарт\w*|карт\w*|ускорител\w*|видюх\w*)\b"
)


def _one_gpu_more(found: re.Match[str] | None, text: str) -> bool:
    """Whether `found` (_ONE_MORE) adds a GPU: said as one more, or beside a verb of adding."""
    return found is not None and (found.group("said") is not None or bool(_ADDING.search(text)))


_NOT_A_CARD_AFTER = re.compile(
    r"[\s-]*(?:\w+\s+)?(?:servers?|box|rig|machine|node|cluster|setup|system|platform|"
    r"config\w*|based|сервер|конфигурац|сборк|платформ|систем)"
)
_RUNS_ASKED = re.compile(
    r"пойд[её]т|влез\w*|помест\w*|запуст\w*|заработа\w*|потян\w*|взлетит|будет работать|"
    r"\b(?:will|would|does|can) (?:it|this|that|they) (?:run|fit|work)\b|"
    r"\bcan (?:i|we) run\b|\b(?:run|fit)s? on\b"
)
_HOW_MANY = re.compile(r"\bhow many\b|сколько|скока")
# "на какой видюхе пойдёт?": whether it runs, on the cheapest card (not "на каких видеокартах
# запустить?", which asks for the list)
_WILL_IT_RUN = re.compile(
    r"пойд[её]т|влез\w*|потян\w*|взлетит|\b(?:will|would) (?:it|this|that) (?:run|fit|work)\b"
)
# "есть одна RTX 4090 — хватит?", "would those work?": whether the GPUs said are enough,
# answered yes or no before the sizing.
_ENOUGH_ON_GPUS = re.compile(
    r"(?:хватит|хватает|достаточно|справ\w*тся|потянет|потянут|пойд[её]т|влезет|поместится|"
    r"enough|sufficient|suffices?)\s*[?)]|\b(?:хватит|хватает|хватит ли) ли\b|\bхватит ли\b|"
    r"\b(?:is|are) (?!its |their |the quality|quality)(?:\S+ ){1,4}?enough\b|"
    r"\b(?:will|would|does|do|can|could) (?:it|this|that|they|those|these|"
    r"(?:a |an |one |1 )?(?:single |1 )?[\w-]*\d[\w-]*) (?:work|do|run|fit|handle|cope|suffice|"
    r"cut it)\b"
)
# "а если на этих же L40S...", "on the same cards": the GPUs the conversation is about.
_SAME_HARDWARE = re.compile(
    r"\b(?:этих|тех|них|наших|них же) же\b|\b(?:на|с) (?:этих|тех|них|наших)\s+(?:\d+\s+)?"
    r"(?:карт\w*|видеокарт\w*|gpu|гпу|[a-z]+\d)|"
    r"\b(?:on|with|using) (?:the same|these|those|our) (?:\d+ ?x? ?)?"
    r"(?:gpus|cards|[a-z]+\d+\w*s?)\b|\bsame (?:gpus|cards|hardware|servers?)\b|"
    # "железо хотим оставить то же самое", "на том же железе"
    r"(?:железо|карты|видеокарты|сервер)\w*[^.?!]{0,30}?(?:то же самое|те же самые|тот же самый)|"
    r"(?:на том же|на тех же|с тем же|с теми же) (?:сам\w+ )?(?:желез|карт|видеокарт|сервер)\w*"
)
# "rent vs buy", "аренда или покупка", "buy or rent": the two weighed against each other
# "rent or buy", "арендовать сервер 8xH100 или купить": the GPUs may stand between
_GPUS_BETWEEN = r"(?:\s+[^\s.?!,;]+){0,3}?"
_RENT_OR_BUY = re.compile(
    rf"\brent\w*{_GPUS_BETWEEN}\s*(?:vs\.?|versus|or|/)\s*(?:buy|own|purchas)\w*|"
    rf"\b(?:buy\w*|own\w*|purchas\w*){_GPUS_BETWEEN}\s*(?:vs\.?|versus|or|/)\s*rent\w*|"
    rf"аренд\w*{_GPUS_BETWEEN}\s*(?:или|vs|/|либо)\s*(?:покуп|купи|куп)\w*|"
    rf"(?:покуп\w*|купи\w*|купить){_GPUS_BETWEEN}\s*(?:или|vs|/|либо)\s*(?:аренд|арендов)\w*"
)
# "Хватит одного сервера?", "will one server do?": sized on the GPUs of one server.
_ONE_SERVER = re.compile(
    r"(?:\b1|одн\w+|на 1|в 1) сервер\w*|"
    r"\b(?:1|one|a single|single) (?:server|node|box|machine)\b"
)
# "How many users will one L40S hold?", "сколько юзеров потянет": the users are the answer.
_HOW_MANY_USERS = re.compile(
    r"сколько (?:\w+ )?(?:юзер\w*|пользовател\w*|человек|людей|сесси\w*|запрос\w*|чат\w*|"
    r"диалог\w*|разговор\w*|"
    r"разработчик\w*|сотрудник\w*|оператор\w*|менеджер\w*|юрист\w*)"
    r".{0,40}?(?:потян|выдерж|вытян|держ|обслуж|тян|осил|влез|помест)\w*|"
    r"how many (?:concurrent |simultaneous |parallel )?(?:users|people|sessions|requests|chats|"
    r"dialogues|dialogs|conversations|"
    r"devs|developers|engineers|employees|staff|agents|operators|lawyers|seats)"
    r"\b.{0,40}?(?:handle|hold|serve|support|run|take|sustain|manage)"
)
# What a message says that is no figure of a sizing: it does not make a message a question.
_NOT_FIGURES = (
    "tunes_on_documents",
    "recurring",
    "open_edition",
    "reply_within",
    "likeliest_of",
    "reasoning_output",
    "size_alone_of",
    "longer_version_of",
    "card_version_open",
    "trains_alike",
    "newest_of",
    "context_window",
    "context_each",
    "review_items",
    "high_stakes",
    "speech_synthesis",
    "speech_to_text",
    "plural_gpus",
    "more_gpus",
    "real_time",
    "datacenter",
    "workstation",
    "professional_only",
    "on_premises",
    "autocomplete",
    "reasoning_model",
    "no_distills",
    "as_published",
    "residency",
    "redundancy",
    "around_the_clock",
    "capacity_asked",
    "api_quality",
    "wants_rent_by_budget",
    "precisions_compared",
    "tasks_compared",
    "models_compared",
    "euros",
    "pick",
    "purchase_asked",
    "smaller_model",
    "stronger_model",
    "personal",
    "enough_asked",
    "same_hardware",
    "horizon_months",
    "for_organisation",
    "no_renting",
)
# Work that queues and runs at an even rate when said to run day and night (a chat said to
# be 24/7 still has its busy hours and its peak).
_BATCH_USE_CASES = ("extraction", "summarization", "translation")
COMPARED = "models_compared"  # in a goal: the models its answer set side by side
GPUS_COMPARED = "gpus_compared"  # in a goal: the GPUs its answer set side by side
LAST_PICK = "last_pick"  # in a goal: its answer's lead as a sizing, for a follow-up
LED_BY = "led_by"  # in a goal: the wants that chose its answer's lead ("cheapest")
ASKED_GPUS = "asked_gpus"  # the GPUs a "which model?" interrupted weighing, resumed after
ASKED_MODELS = "asked_models"
ASKED_GOAL = "asked_goal"  # the goal a "which model?" interrupted, resumed by the answer
ASKED_WANTS = "asked_wants"  # what the question a "which model?" interrupted asked for
ASKED_BUDGET = "asked_budget"  # the budget of a GPU weighing a "which model?" interrupted
ASKED_CONDITIONS = "asked_conditions"  # the goal's conditions said before "which model?"
HEADCOUNT = "headcount"  # a stated field: the request's users came from the staff
CONDITION = "condition:"  # a stated field that marks a goal's condition ("condition:on_premises")
# The mark of a setup an answer led with: "lead:<gpu>:<count>:<capex>:<monthly>:<format>".
LEAD_MARK = "lead:"
SIZED_MARK = "sized:"  # a stated field: the GPUs the last sizing fitted on ("sized:h100-sxm:8")
# "что тогда докупать?", "what do we add?": more of what the last answer led with.
_WHAT_TO_ADD = re.compile(
    r"что\s+(?:\w+\s+){0,2}?(?:докуп|дозакуп)\w*|\bдокупать\b|"
    r"what (?:else|more) (?:do we|should we|would we|to|must we) (?:need to )?(?:buy|add)\b|"
    r"what (?:do we|should we) add\b|what (?:gpus |cards )?to add\b"
)
TARGET_SPEED = "target_tokens_per_s:"  # a stated field that keeps a speed target said
TARGET_TTFT = "target_ttft_s:"  # and a first-token target
DEADLINE = "deadline_h:"  # a batch job's deadline, kept for "and on L40S?" after it
RECURRING = "recurring"  # a job said to come back ("every night"): no one-off
USE_CASE = "use_case:"  # a stated field that keeps the use case ("use_case:coding") for follow-ups
STATED = "stated_fields"  # the fields the conversation's messages set, beside its last request
OWNED = "owned"  # among those fields: the GPUs of the request are the customer's own
OWNED_OF = "owned_of:"  # or that many of them, the rest to buy ("owned_of:1" of 2 L40S)
# What a money follow-up to a sizing keeps; not its GPU, which may be the default one.
_PRICED_FROM_SIZING = ("model", "users", "context", "task", "dataset_tokens")
_RECOMMEND = re.compile(
    r"как\w* (?:открыт\w* )?модел\w*|which (?:open(?:-source)? )?model|what (?:open )?model|"
    r"(?:biggest|largest|best|most powerful) model|жирн\w* модел\w*|модель и (?:как\w+ )?"
    r"(?:оборудовани|железо|сервер)\w*|model and (?:hardware|gpu)|model \+ gpu|"
    r"what should we (?:get|buy)|what (?:do|would) (?:i|we) need|what hardware would you suggest|"
    r"what would you (?:recommend|suggest)|посовет\w*|порекоменд\w*|что (?:нам )?взять|ч[её] взять|"
    r"что (?:нам )?(?:ставить|поставить|покупать|брать)|ч[её] (?:ставить|поставить|брать)|"
    r"what do we need|\bapi\b(?! ?keys?)|what hardware|which hardware|hardware\?|"
    r"как\w* железо|что по железу|что (?:нужно|надо) по железу"
)
_EXPLAIN = re.compile(
    r"\bwhy\b|\bexplain|\bhow (?:does|do|is|are)\b|\bdifference\b|\bmeaning\b|"
    r"\bwhat (?:is|are|does)\b"
    r"(?! (?:needed|required|the (?:cheapest|best|minimum|memory|largest|biggest|strongest|"
    r"smartest|most (?:powerful|capable)|fastest|right|ideal|optimal)|"
    r"(?:it|this|that|(?:it|this|that) all) costs?\b))|"
    r"\bwhat's (?:a|an|the (?:difference|point))\b|\bwtf is\b|"
    r"что так\w*|что значит|что означа\w*|почему|зачем|объясн\w*|поясн\w*|чем \w* ?отлича\w*|"
    r"отлича\w*|в ч[её]м разниц\w*|как работа\w*|расскаж\w*"
)
_DIFFERENCE = re.compile(r"\bdifference\b|разниц\w*|отлича\w*")
# People of an organisation, with no count: "у себя в компании", "for our team"
_FOR_ORGANISATION = re.compile(
    r"\b(?:в|для|на)\s+(?:(?:нашей|своей|всей|нашу|свою|всю)\s+)?(?:компани|организаци|"
    r"фирм|офис|команд|отдел|коллектив|предприяти)\w*|у себя в (?:компании|офисе|организации)|"
    r"\b(?:for|in|across|at)\s+(?:our|the|my|a|the whole|our whole)\s+(?:company|organi[sz]ation|"
    r"firm|office|team|department|business|staff|employees)\b|\bcompany[- ]wide\b"
)
# The setup the last answer led with, pointed at: "on that card", "на этой карте"
_THAT_SETUP = re.compile(
    r"\b(?:on |with |of )?(?:that|this|the same|your) (?:card|gpu|one|box|setup|machine|server|"
    r"rig|config\w*)\b|\bon it\b|"
    r"\bэт(?:ой|а|у|от|ом) (?:карт|видеокарт|видюх|gpu|сервер|конфигурац|сетап|машин)\w*|"
    r"\bна (?:ней|нём|нем)\b"
)
# A question about its speed: tokens a second, the first token
_SPEED_ASKED = re.compile(
    r"how fast|how quick|tokens? (?:per|a) s(?:ec\w*)?\b|tok(?:en)?s?/s|first token|"
    r"before (?:the|an?) (?:answer|reply|response) starts|how long (?:before|until)|latency|"
    r"как быстро|насколько быстр\w*|скорост\w*|токенов в секунду|ток(?:енов)?/с|"
    r"перв\w+ токен\w*|через сколько|как долго ждать"
)
# The hardware asked for anew: "на чём", "on what hardware", "what would we need"
_ON_WHAT = re.compile(
    r"\bна ч[её]м\b|\bна каком (?:железе|сервере|оборудовании)|\bна какой (?:карте|видеокарте)|"
    r"\bon what (?:hardware|gpus?|cards?|machines?|servers?)\b|\bwhat hardware\b|\bwhat (?:gpus?|cards?) "
    r"(?:would|do|will) (?:we|i) need\b"
)
# "why not X?", "почему бы не взять X?": another model or GPU proposed
_WHY_NOT = re.compile(
    r"why not\b|why don'?t we\b|почему бы не\b|"
    r"почему не (?:взять|использовать|поставить|выбрать|купить|запустить|арендовать)\w*"
)
_DOMAIN = re.compile(
    r"gpu|vram|memory|kv|cache|llm|model|quantiz|tensor|pipeline|nvlink|pcie|lora|"
    r"token|infer|fine-?tun|server|card|batch|throughput|latency|context|precision|\bram\b|"
    r"hardware|\bapi\b|\bsetup\b|"
    r"видеокарт|карт|памят|кэш|кеш|модел|квантиз|тензор|сервер|токен|инференс|дообуч|"
    r"пропускн|задержк|контекст|точност|желез|ускорител|нейросет|обучени|озу|лор[аеуыо]|"
    r"кьюлор|квантован|"
    # voice bots: speech in and out around an LLM ("голосовой бот", "speech in, speech out")
    r"голосов\w* (?:бот|ассистент|помощник)|voice (?:assistant|bot|agent)|синтез\w* речи|"
    r"распознава\w* речи|speech|\btts\b|\basr\b|whisper"
)
_GREETING = re.compile(
    r"^\s*(?:hi|hello|hey|yo|good (?:morning|afternoon|evening)|greetings|прив\w*|"
    r"здравствуй\w*|добр\w+ (?:день|утро|вечер)|доброго времени суток|хай|салют)\b"
)
_GREETING_REST = re.compile(
    r"^[\s!.,)(👋🙂😊]*(?:there|all|всем)?[\s!.,)(👋🙂😊]*"
    r"(?:(?:ты|вы) кто\??|кто (?:ты|вы)\??|what'?s up\??|whats up\??|как дела\??|"
    r"(?:what|which) (?:kind of )?(?:questions|things) can you (?:help (?:me )?with|answer)\??|"
    r"what can you do\??|что (?:ты )?умеешь\??|"
    r"подскажите,? с как\w+ вопрос\w* (?:к вам )?можно обращаться\??)?[\s!.,)(👋🙂😊]*$"
)
_SIZING_CUE = re.compile(
    r"how many|how much|сколько|скока|скок|хватит|enough|need|нужн\w*|потребу\w*|\bfit|влез\w*|"
    r"помест\w*|подойд\w*|потян\w*|can i|можно ли|получится|вытян\w*|выдерж\w*|пойд[её]т|"
    r"требован\w*|footprint|взлетит|норм\b|requir\w*|"
    r"what (?:does|would|will) (?:it|that|this) take|что для этого (?:нужно|понадобится)"
)
_FOLLOW_UP = re.compile(r"^\s*(?:а|и|and|what about|what if|how about|а если|and if)\b")
# A follow-up to a goal that states no figure: "а дешевле?", "и в рублях?", "cheaper?".
_GOAL_FOLLOW_UP = re.compile(
    r"дешевл\w*|подешевле|cheaper|less expensive|рубл\w*|roubles?|rubles?|в долларах|"
    r"in dollars|\beuros?\b|в евро\b|быстрее|faster|а если|what if|how about|а с |and with|"
    r"change (?:it|that|the model) to|switch (?:it |that |the model )?to|\binstead\b|"
    r"вместо|поменя\w*|замени\w*|смени\w*|"
    r"which (?:one |1 )?(?:would|do|should) (?:you|we|i) (?:pick|choose|take|recommend|go with)|"
    r"what would you (?:pick|choose|take|recommend)|which (?:one |1 )?is better|"
    r"как(?:ую|ая|ой) (?:бы )?(?:вы |ты )?(?:бы )?(?:выбра\w*|взял\w*|посовету\w*|лучше)|"
    r"что (?:бы )?(?:вы |ты )?(?:бы )?(?:выбрал\w*|взял\w*|посовету\w*)|"
    r"\bgo(?:ing)? with\b|let'?s (?:take|use|pick)|\bбер[её]м\b|\bвозьм[её]м\b|выбираем|"
    # "actually we'd rather use llama 3.3 70b, does that change a lot?": the goal, that model
    r"\brather\b|\bprefer\w*|does (?:that|it|this) change|what changes|предпоч\w*|"
    r"(?:лучше|всё[- ]?таки|все[- ]?таки) (?:возьм\w*|взять|использ\w*|поставим|хотим)|"
    r"что (?:это )?(?:измен|меня[ею]т)\w*|сильно (?:ли )?измен\w*|\bдавай(?:те)? (?:возьм|возьмём|попробу)\w*"
)
_AT_START = 40  # an explanation cue this near the start makes it an explanation question
_ON_CPU = re.compile(
    r"\b(?:on|на) (?:the |a |my |our |одном |моём |моем |своём |своем |обычном )?"
    r"(?:[\w-]+ )?(?:cpus?|процессор\w*|проце|цпу)\b(?![\s-]*(?:offload|moe|experts?))|"
    r"\b(?:use|using|with) (?:the |a |my |our )(?:[\w-]+ )?cpus?\b(?![\s-]*(?:offload|moe|experts?))|"
    r"\bcpu[- ]only\b|"
    r"без (?:gpu|гпу|видеокарт\w*|графическ\w+ (?:ускорител|карт)\w*)|"
    r"\bwithout (?:a |any )?(?:gpus?|graphics cards?|video cards?)\b|"
    r"\bno gpus?\b(?! (?:yet|so far|at the moment|right now|currently))|"
    r"\bskip (?:the |a )?gpu\b|"
    r"\bjust (?:the |my )?cpu\b|\bmy cpu\b"
)
# No GPU on one person's own computer ("my cpu", "на домашнем компьютере", "для себя"): a
# desktop's two memory channels, not a server's twelve.
_DESKTOP_CPU = re.compile(
    r"\b(?:my|our) (?:\w+ )?(?:cpu|laptop|notebook|pc|desktop|computer)\b|"
    r"\b(?:a|the) (?:\w+ )?(?:laptop|notebook|pc|desktop|computer)\b|"
    r"\b(?:ryzen|core i\d|core ultra|intel core)\b|"
    r"(?:мо[её]м?|сво[её]м?|домашн\w*|обычн\w*|настольн\w*)\s+(?:\w+\s+)?"
    r"(?:процессор\w*|проце|пк|компьютер\w*|компе|ноутбук\w*|ноуте)|"
    r"\b(?:ноутбук\w*|ноуте|ноут|пк)\b"
)
# "32gb ram", "32 гб оперативки", "ОЗУ 64 ГБ": the RAM of the machine a CPU runs the model on.
_RAM_GB = re.compile(
    r"(?<![\d.])(\d{1,4})\s*(?:gb|gib|гб|гиг\w*|g)\b\s*(?:of\s+)?(?:ddr\d\w*\s+)?"
    r"(?:ram|ddr\d?|system memory|memory|оперативн\w*|оперативк\w*|оперативы|озу|памяти)|"
    r"\b(?:ram|озу|оперативн\w* памят\w*|оперативк\w*)\W{0,3}(\d{1,4})\s*(?:gb|gib|гб|гиг\w*)"
)
# "my cpu", "мой процессор": the person's own machine, nothing to buy.
_OWN_CPU = re.compile(r"\b(?:my|our)\b|\b(?:мо[йеёия]\w*|наш\w*|сво[йеёия]\w*|у меня)\b")
# "DDR5-6000", "ddr4 3200": the RAM's transfer rate; with "dual channel", "12 каналов" its
# channels (unsaid: a desktop's two, a server socket's twelve).
_RAM_SPEED = re.compile(r"\bddr[345]x?[\s-]?(\d{4})\b")
_RAM_CHANNELS = re.compile(
    r"\b(\d{1,2})[\s-]?(?:channels?|channel|канал\w*)\b|"
    r"\b(dual|quad|octa|двух|четыр[её]х|восьми)[\s-]?(?:channel|канал\w*)"
)
_CHANNEL_WORDS = {
    "dual": 2,
    "двух": 2,
    "quad": 4,
    "четырех": 4,
    "четырёх": 4,
    "octa": 8,
    "восьми": 8,
}
SERVER_CHANNELS, DESKTOP_CHANNELS = 12, 2
# A CPU with no GPU ("без видеокарты", "CPU only"): the catalog's CPU server, or its desktop
# PC when the machine is one person's own, sized for llama.cpp with 4-bit GGUF weights unless
# a format is said. The catalog's "cpu" is the project's own 2-core test server, named by its
# id only.
CPU_SERVER = "cpu-server"
CPU_DESKTOP = "cpu-desktop"
CPU_DEVICES = (CPU_SERVER, CPU_DESKTOP)
CPU_SERVER_FORMAT = "q4_k_m"
# RAM a desktop board takes (four DDR5 slots of 32 GB); a server socket with its channels
# full starts above it (12 x 16 GB = 192 GB).
DESKTOP_RAM_MAX_GB = 128
_COUNT_BEFORE = re.compile(
    r"(?<![\w.])(?<!больше )(?<!более )(?<!than )(\d+)\s*(?:x\s*|шт\.?\s*|штук\w*\s*)?"
    r"(?:(?:more|additional|extra|nvidia|geforce|rtx|amd|instinct|pro|видеокарт\w*|карт\w*|gpus?|"
    r"ускорител\w*|"
    # "two old RTX 3090s", "две старые 3090", "пара б/у 3090": the cards' state, not a name
    r"old|older|used|spare|idle|second[- ]hand|refurbished|стар\w+|б[/ .]?у\.?|свободн\w+|"
    r"простаивающ\w+)\s*)*$"
)
_COUNT_AFTER = re.compile(r"(?:\s+(?:[a-z]+|\d+gb)){0,2}?\s*(?<![a-z])x\s*(\d+)\b")
# "на 16 штуках" with the GPU named elsewhere in the message: that many of it
_PIECES = re.compile(r"(?<![\w.])на\s+(\d+)\s*(?:штуках|шт\.)")
_CARDS = re.compile(
    r"(?<![\w.])(?<!больше )(?<!более )(?<!than )(\d+)\s*(?:x\s*)?(?:(?:more|additional|extra)\s+)?"
    r"(?:gpus?|cards?|карт\w*|видеокарт\w*|ускорител\w*|"
    r"графическ\w+ (?:процессор|ускорител)\w*)\b"
)
# "а одной хватит?", "would two be enough?": a count of the GPUs under discussion (numerals
# are digits by now), not of users or gigabytes.
_ENOUGH_COUNT = re.compile(
    r"(?<![\w.])(\d{1,2})\s+(?:(?:уже|тогда|то|ли)\s+)?(?:хватит|хватает|будет достаточно|"
    r"достаточно|потянет|справится|справятся)|"
    r"(?:хватит|достаточно) ли\s+(\d{1,2})(?!\s*(?:[.,]\d|бит|bit|k\b|гб|gb|тыс|млн|"
    r"человек|пользоват|сотрудник|юзер))(?![\w.])|"
    r"\b(?:would|will|is|are|could)\s+(\d{1,2})\s+(?:of them\s+|cards?\s+|gpus?\s+)?"
    r"(?:be\s+)?(?:enough|suffice|do)\b|"
    # "and if we had 2 of them?", "а если их будет 2?" (QA 46): that many of the GPUs discussed
    r"\b(?:had|have|got|get|buy|use|with)\s+(\d{1,2})\s+of (?:them|those|these)\b|"
    r"\bих\s+(?:будет|станет|взять|купить|поставить)\s+(\d{1,2})(?![\w.,])|"
    # "buy 4 more of the same cards", "докупим ещё 4 таких" (QA 48): added to those discussed
    r"(?<![\w.])(\d{1,2})\s+more\s+(?:of\s+(?:the\s+same|those|these|them)\b|cards?\b|gpus?\b)|"
    r"\bещ[её]\s+(\d{1,2})\s+(?:таких|штук\w*|карт\w*|видеокарт\w*|gpu\b)"
)

# A vendor named beside "API" ("через API, YandexGPT или GigaChat?") is its hosted API, not
# its open model, unless a size or serving it oneself is said ("YandexGPT 5 Lite у себя").
_VIA_API = re.compile(r"\bapi\b|\bапи\b|облачн\w*|\bcloud\b")
_SELF_HOSTED = re.compile(
    r"у себя|подня\w*|подним\w*|разверн\w*|развернуть|локальн\w*|self-?host\w*|on[- ]?prem\w*|"
    r"\blocally\b|\bin-house\b|на сво\w+ (?:сервер\w*|желез\w*|gpu|карт\w*)"
)
_SIZE_SAID = re.compile(r"\d+(?:[.,]\d+)?\s*(?:b|б|млрд|billion)\b")
# "..., 8 total?", "всего 8 карт": the GPUs' new count, said as a total (people are not)
_GPU_OR_END = r"\s*(?:cards?\b|gpus?\b|карт\w*|видеокарт\w*|штук\w*|шт\b|gpu\b|[?.!)]|$)"
_TOTAL_COUNT = re.compile(
    rf"(?<![\w.])(\d{{1,2}})\s+(?:in\s+)?total{_GPU_OR_END}|"
    rf"(?:всего|итого)\s+(\d{{1,2}}){_GPU_OR_END}|(?:total|in all)\s+(?:of\s+)?(\d{{1,2}}){_GPU_OR_END}"
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
    r"ответь\w*|отвечай\w*|ответить|скаж\w*|напиш\w*|пиши|выведи|укаж\w*|указыв\w*|сообщ\w*|"
    r"повтори|назови)"
)
_DICTATION = re.compile(
    rf"\b{_DICTATE_VERB}\b\s*"
    r"(?:(?:в (?:сво[её]м |тво[её]м |каждом )?ответе|in (?:the|your|each) (?:answer|reply))\s*)?"
    r"(?:,\s*)?"
    r"(?::\s*(?=\d|(?:you|i|we) need|нужн\w*|требует\w*)|that\b|what follows|следующее|"
    r"что\b(?!\s+(?:лучше|выгодн\w*|дешевле|нужно для|потребуется для|понадобится для))|"
    r"(?:(?:it|this|they|we|you|i)\s+(?:needs?|requires?|takes?|uses?)\s+|"
    r"(?:нужн\w*|требу\w*|потребу\w*|понадоб\w*)\s+)?"
    r"(?:(?:exactly|just|only|ровно|только|просто)\s+)?(?=\d)"
    r"(?!\d[\d.,]*\s*[kк]?\s*(?:tokens?|токен\w*|words?|слов\w*)))|"
    r"\b(?:add|include|put) (?:a|one|this) (?:line|sentence|note)\b|"
    r"\b(?:every|each|your) (?:answer|reply|response) must\b|"
    r"в каждом ответе|каждый ответ должен|добавь (?:строк\w*|фраз\w*)"
)
# "forget deepseek.", "забудь про дипсик,": the model (or setup) said before is dropped;
# the rest of the message is a new question.
_DISMISSED = re.compile(
    r"\b(?:forget(?: about)?|never ?mind|nevermind|забудь(?:те)?(?: про| о| об)?|"
    r"бог с н\w+)\s+(?!(?:\w+\s+){0,3}(?:instructions?|rules?|инструкци\w*|правил\w*))"
    r"[^.,;!?\n]{1,40}[.,;!?]"
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


def _masked(text: str, spans: Sequence[tuple[int, int]]) -> str:
    """`text` with the spans blanked out, every other character where it was."""
    chars = list(text)
    for start, end in spans:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _api_pattern(name: str) -> str:
    """A hosted model's name as people write it: 'gpt-4o-mini', 'gpt 4o mini', 'gpt4o-mini'."""
    base = name.split(" (")[0].lower()  # "deepseek-v4-pro (peak hours)"
    return re.escape(base).replace(r"\-", "[- ]?")


class Reader:
    """Reads questions against one catalog; build once, use from any thread."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self.models = ModelMatcher(catalog)
        self.gpus = GpuMatcher(catalog)
        prices = catalog.prices
        self._apis = [  # "gpt-4o-mini", "gpt 4o mini": the hosted models the catalog prices
            (re.compile(rf"(?<![\w.-]){_api_pattern(api.name)}(?![\w-]|\.\d)"), api)
            for api in (*prices.hosted_api, prices.bill_reference)
        ] + [  # "наш счёт за GigaChat", "Claude Sonnet": as customers name them
            (re.compile(alias), api) for api in prices.named_apis for alias in api.aliases
        ]

    def read(
        self,
        question: str,
        previous: dict[str, Any] | None = None,
        default_language: Language = "en",
        previous_goal: GoalContext | None = None,
    ) -> Reading:
        """`previous` is the conversation's last sizing request (or draft); `previous_goal`
        its last goal, when the conversation is about one (a follow-up changes it)."""
        question = structured_as_text(question)
        language = detect_language(question, default_language)
        text = normalize(question)
        dictated = _dictated_spans(text)
        injection = bool(dictated) or bool(_IGNORE_RULES.search(text))
        if not injection and _DISMISSED.search(text):  # "forget deepseek. which model ...?"
            text = _DISMISSED.sub(" ", text, count=1)
            previous = None
        asked: list[str] = []
        past_question = False  # the reply to "which model?" asks on; the likeliest is taken
        likeliest_of: list[str] = []  # asked between, sizing otherwise: the first is taken
        resumed = False
        carried: list[str] = []
        if previous and STATED in previous:
            previous = dict(previous)
            carried = list(previous.pop(STATED) or [])
        conditions: dict[str, Any] = _conditions_kept(carried)  # said with an earlier sizing
        if previous and ASKED_CONDITIONS in previous:  # "мы банк, данные наружу нельзя"
            previous = dict(previous)
            conditions = dict(previous.pop(ASKED_CONDITIONS) or {})
        asked_wants: list[str] = []
        if previous and ASKED_WANTS in previous:  # "API or own server? ... llama 70b"
            previous = dict(previous)
            asked_wants = list(previous.pop(ASKED_WANTS) or [])
        if previous and ASKED_MODELS in previous:  # the models the last answer asked between
            previous = dict(previous)
            asked = list(previous.pop(ASKED_MODELS) or [])
            goal = previous.pop(ASKED_GOAL, None)
            if isinstance(goal, dict) and previous_goal is None:  # "which 8B?" about a goal
                previous_goal, previous, resumed = GoalContext(goal=goal), None, True
        compared: list[str] = []
        led_by: list[str] = []
        goal_gpus: list[str] = []
        last = previous_goal.last_pick if previous_goal is not None else None
        last_model = last["size_request"].get("model") if last is not None else None
        if (
            last is not None
            and previous is None
            and _THAT_SETUP.search(text)
            and _SPEED_ASKED.search(text)
        ):  # "how fast will it answer on that card?": the setup the answer led with, sized
            # (QA 56 weighed the models again on another card, with no first token)
            previous = dict(last["size_request"])
            carried = ["gpu", "gpus", "model", "precision"]
            owned = previous_goal.goal.get("owned") if previous_goal is not None else None
            if isinstance(owned, dict) and owned.get("gpu") == previous.get("gpu"):
                carried.append(OWNED)  # "на нём" after a goal on the server owned: still owned
            previous_goal = last = last_model = None
        if previous_goal is not None and (
            previous_goal.compared
            or previous_goal.led_by
            or previous_goal.gpus_compared
            or last is not None
        ):
            compared, led_by = previous_goal.compared, previous_goal.led_by
            goal_gpus = previous_goal.gpus_compared
            previous_goal = previous_goal.model_copy(
                update={"goal": previous_goal.recommend_fields}
            )
        weighed_gpus: list[str] = []
        if previous and ASKED_GPUS in previous:  # "which 14B?" asked while weighing GPUs
            previous = dict(previous)
            weighed_gpus = list(previous.pop(ASKED_GPUS) or [])
        weighed_budget: Budget | None = None
        if previous and ASKED_BUDGET in previous:  # "бюджет 3 млн" said before "which R1?"
            previous = dict(previous)
            weighed_budget = Budget.model_validate(previous.pop(ASKED_BUDGET))
        prefer = (
            (previous or {}).get("model")
            or (previous_goal.goal.get("model") if previous_goal is not None else None)
            or last_model  # "DeepSeek хотим оставить" after an answer on DeepSeek-V3: that one
        )  # "а если 70B?" after a goal with Llama 3.1 8B: Llama's 70B
        naming = _NOT_A_VERSION.sub(" ", text)  # "не дистиллят": no model named
        naming = _MODEL_SET_ASIDE.sub(" ", naming)  # "вместо ламы взять квен": not the llama
        naming = _OPEN_MODEL_API.sub(" ", naming)  # "сидим на API DeepSeek": a service used
        naming = q.without_text_volume(naming)  # "1.2B input tokens a month": no 1.2B model
        undictated = _masked(text, dictated)
        billed_before = previous_goal is not None and any(
            previous_goal.goal.get(k) for k in ("api_bill_usd", "api_bill_rub")
        )
        bill = q.read_api_bill(undictated, monthly=billed_before)
        if bill is not None or billed_before:  # a bill to YandexGPT: the service, no model
            naming = _BILLED_VENDOR.sub(" ", naming)
        mention = self.models.find(_PRODUCT_LIKE.sub(" ", naming), prefer=prefer)
        if mention is not None and mention.model_id is None and not mention.unknown:
            mention = self.models.by_size(text, mention.candidates) or mention  # "the big one"
        if (
            mention is None
            and _API_PRODUCT_RE.search(text)
            and not _PAID_SERVICE.search(text)
            and bill is None
            and not billed_before  # "it's mostly gpt-4o" after a bill: the service paid for
        ):
            # "self-host GPT-4o for 50 people": the hosted model is the one asked about (and
            # not in the catalog); beside an open model ("we pay for GPT-4o, move to Llama")
            # it is only the service used now
            mention = self.models.find(_LIKE_PRODUCT_RE.sub(" ", naming), prefer=prefer)
        if mention is None and asked:  # "3.3", "да", "the first one": an answer to that question
            mention = self.models.pick(text, asked) or self.models.by_size(text, asked)
            if mention is None and self._alike(asked):
                # "а почему эта карта? можно дешевле?" after "which DeepSeek?": the question
                # goes on past it, and every version asked between needs the same hardware
                mention, past_question = ModelMention(asked[0]), True
            elif mention is None and self._same_size(asked):
                # "а для 20 пользователей?" after "which Gemma 27B?": asked once about
                # versions of one size, the likeliest is taken and the answer names the
                # others (their KV cache differs); an 8B or a 70B is still asked about
                mention, likeliest_of = ModelMention(asked[0]), asked[1:]
            elif mention is None and (previous or {}).get("gpu") and _HOW_MANY_USERS.search(text):
                # "а сколько пользователей она потянет?" after "which Mistral?" on one RTX
                # 4090: the likeliest the question named, on the GPU said, the others named
                # (QA 52 lost the card to a family goal)
                mention, likeliest_of = ModelMention(asked[0]), asked[1:]
            elif mention is None:  # "what about 500 users?" after "which gpt-oss?": the same
                # question again, the new figure kept (QA 51: a list of every family)
                mention = ModelMention(None, tuple(asked))
        elif asked and mention is not None and mention.model_id is None and not mention.unknown:
            both = [m for m in mention.candidates if m in asked]  # "qwen2.5" after "32b?"
            settled = [  # "нет, я же просил квен 14б, Qwen3 14B": the name that settles it
                m.model_id
                for m in self.models.find_all(text)
                if m.model_id is not None and m.model_id in asked
            ]
            if len(both) == 1:
                mention = ModelMention(both[0])
            elif len(set(settled)) == 1:
                mention = ModelMention(settled[0])
            else:  # "да, третий квен": the reply's yes or version among those asked
                mention = self.models.pick(text, asked) or mention
        if compared and mention is not None and mention.model_id is None and not mention.unknown:
            weighed = [m for m in mention.candidates if m in compared]  # "go with Qwen then"
            mention = ModelMention(weighed[0]) if len(weighed) == 1 else mention
        if mention is not None and q.says_autocomplete(text):
            mention = self._fill_in_middle_of_size(mention)
        earlier = (previous or {}).get("task") or (
            previous_goal.goal.get("task") if previous_goal is not None else None
        )
        earlier_batch = (previous or {}).get("batch_items") or (
            previous_goal.goal.get("batch_items") if previous_goal is not None else None
        )  # "what if it has to be done in 2 days?" after a batch job: its deadline
        said = self._said(
            text,
            undictated,
            mention,
            language,
            with_deadline=earlier in TRAINING or bool(earlier_batch),
            bill=bill,
            kin=prefer,
        )
        # "а если вместо T-pro взять T-lite?": a name that leaves versions open, none of them
        # the last model: the newest of one line and size, or a question; never the last
        # model kept (QA 54 sized T-pro again)
        switched_open = (
            said.model is None
            and mention is not None
            and mention.model_id is None
            and mention.unknown is None
            and mention.family_named  # a name said; a size alone ("а если 7б?") is read below
            and len(mention.candidates) > 1
            and (previous or {}).get("model") not in (None, *mention.candidates)
        )
        newest = self._newest_version(mention.candidates) if switched_open and mention else None
        if mention is not None and newest is not None:
            said.model = newest
            said.newest_of = [c for c in mention.candidates if c != newest]
        said.likeliest_of = likeliest_of
        opened = self.catalog.models.get(said.model or "")
        # "сколько видеокарт для GigaChat?": the brand's Pro and Max are its hosted API; the
        # open model of that name is what runs on one's own GPUs, and the answer says so
        said.open_edition = (
            opened is not None
            and bool(opened.hosted_editions)
            and self.models.named_alone(text, opened.id)
        )
        if mention is not None and mention.model_id is not None and said.model is None:
            mention = None  # a vendor's hosted API named, not its open model (_said)
        # another model named is a new run to size; the same one named again is not
        same_model = mention is None or mention.model_id == (previous or {}).get("model")
        if (
            said.task == "lora"
            and earlier in TRAINING
            and earlier != "lora"
            and same_model
            and _names_no_method(text)
            and _GENERIC_TRAINING.search(text)
            and not _FINE_TUNE_WORD.search(text)
        ):  # "сколько дней займёт обучение на 16?" after pre-training: the same run (QA 45);
            # "сколько займёт это обучение 70B?" after a full fine-tune of 70B (QA 47)
            said.task = earlier
        if (
            said.task == "inference"
            and earlier in TRAINING
            and same_model
            and _RUN_TAKES.search(text)
            and _run_the_only_serving_word(text)
        ):  # "how long would the 7B run take on 8 H100?" after pre-training: that run (QA 47)
            said.task = earlier
        kept_use_case = _use_case_kept(carried)
        if said.use_case is None and kept_use_case in self.catalog.workloads.use_cases:
            said.use_case = kept_use_case  # "and 100 devs?" after a coding assistant: coding
        if (
            HEADCOUNT in carried
            and said.users is not None
            and not said.users_at_once
            and said.headcount is None
        ):  # "and if it's only 100 people?" after "1500 employees": the staff, not at once
            said.headcount, said.users = said.users, None
        added = q.read_more_people(text)
        if added is not None:  # "what if we add 10 more users?": on top of those said before
            self._more_people(said, added, previous, previous_goal)
        if said.per_person is not None and said.requests_per_day == said.per_person:
            self._per_person_volume(said, previous, previous_goal)
        if earlier_batch and said.batch_items is None:  # "and if it's 50 million tickets?"
            said.batch_items = q.read_batch_count(text)
        if (
            earlier_batch
            and said.deadline_hours
            and said.requests_per_day is None
            and said.task not in TRAINING
        ):  # "а если надо за сутки?": the same items spread over the new span, not the old
            items = said.batch_items or int(earlier_batch)
            said.requests_per_day = items * 24 / said.deadline_hours
            said.around_the_clock = True
            said.hours_per_month = said.hours_per_month or min(HOURS_PER_MONTH, said.deadline_hours)
        if compared and said.models_compared:  # "Llama or Qwen?": the ones weighed before
            said.models_compared = [
                name
                if name in self.catalog.models
                else next((c for c in compared if c.startswith(name)), name)
                for name in said.models_compared
            ]
        elif compared and mention is None:  # "which one would you pick?", "and for 200?"
            said.models_compared = compared
        if led_by and not said.pick and not set(said.wants) & {"largest_model", "fast", "rent"}:
            chosen_own = said.on_premises or said.purchase_asked  # "own servers, what to buy?"
            said.wants += [  # "а в 4 бита?" after the cheapest: still the cheapest
                w
                for w in q.WANTS
                if w in led_by and w not in said.wants and not (w == "api_vs_own" and chosen_own)
            ]
        said.wants += [  # the question the "which model?" interrupted, answered now
            w for w in q.WANTS if w in asked_wants and w not in said.wants
        ]
        if weighed_gpus and not said.gpus_compared and said.gpu is None:
            said.gpus_compared = weighed_gpus  # "квен 2.5": the answer, then the weighing
        if goal_gpus and not said.gpus_compared and said.gpu is None and not said.owned:
            said.gpus_compared = goal_gpus  # "Qwen3 32B, 20 человек": the same GPUs weighed
        if (
            previous_goal is not None
            and "headcount" in previous_goal.goal
            and said.users is not None
            and said.headcount is None
            and not q.says_at_once(text)
        ):
            said.headcount, said.users = said.users, None  # "а если 500 человек?" after staff
        before = (previous or {}).get("gpus")
        if previous_goal is not None:  # the GPUs owned, or the last answer's lead
            owned_before = previous_goal.goal.get("owned")
            picked = (last or {}).get("size_request") or {}
            before = (
                owned_before.get("count") if isinstance(owned_before, dict) else picked.get("gpus")
            )
            lead_gpu = picked.get("gpu")
            if (  # "а если добавить ещё две карты?": more of the lead's, to buy
                said.more_gpus
                and said.gpus is not None
                and said.gpu is None
                and isinstance(lead_gpu, str)
                and not isinstance(owned_before, dict)
            ):
                said.gpu = lead_gpu
        if (
            previous_goal is not None
            and isinstance(before, int)
            and said.gpus is not None
            and said.gpus > before
            and said.gpu is None
            and mention is None
            and not said.owned
            and not said.more_gpus
        ):  # "а на двух картах?" after one card: what the second card buys, a stronger model
            said.wants = [w for w in said.wants if w != "cheapest"]
            said.wants += [] if "largest_model" in said.wants else ["largest_model"]
        same_gpu = (
            said.gpu is None
            or said.gpu == (previous or {}).get("gpu")
            or (
                previous_goal is not None
                and said.gpu
                in (
                    (previous_goal.goal.get("owned") or {}).get("gpu"),
                    ((last or {}).get("size_request") or {}).get("gpu"),
                )
            )
        )
        if (
            isinstance(before, int)
            and said.gpus is not None
            and said.more_gpus
            and same_gpu
            and not _TOTAL_COUNT.search(text)  # "4 more, 8 total": the total said
        ):
            said.gpus += before  # "what if we add two more 4090s?" after two: four
            if OWNED in carried and previous_goal is None:  # the rest are bought beside them
                said.owned_of = before
            said.owned_of = said.owned_of or owned_of_kept(carried)  # "and a third?"
        intent = self._intent(text, said, mention, previous, undictated)
        setup = setup_kept(carried)
        last_setup = setup or _pick_setup(last)
        if (
            said.same_hardware
            and said.gpu is None
            and said.gpus is None
            and not said.more_gpus  # "4 more of the same cards": added to those owned
            and last_setup is not None
        ):
            # "модель умнее, а железо хотим оставить то же самое": the GPUs the last answer
            # led with, as many (QA 50 sold a new card)
            said.gpu, said.gpus = last_setup
        if (
            intent == "recommend"
            and previous_goal is None
            and previous is not None
            and (previous.get("task") or "inference") == "inference"
            and mention is None
            and said.gpu is None
            and said.budget is None
            and "rent" in said.wants
            and (said.hours_per_month is not None or said.horizon_months is not None)
            and setup is not None
            and not _has_load(said)
        ):  # "what would that cost in the cloud versus buying, 24/7 for two years?" after a
            # sizing: those GPUs rented over the span against bought (QA 47 got 4 x B200)
            said.gpu, said.gpus = setup
            intent = "price"
        if previous_goal is not None and intent in ("explain", "off_topic") and said.pick:
            intent = "recommend"  # "why this card and not H100?": the pick with its reason
        if (
            previous_goal is not None
            and intent in ("explain", "off_topic")
            and _where_data_goes(said)
            and not _EXPLAIN.search(text)
        ):  # "we handle confidential client data, does that change it?": the goal, in-house,
            # and why the API and rented GPUs are now out whatever they cost
            intent = "recommend"
            said.wants = [*said.wants, "api_vs_own"] if said.on_premises else said.wants
        if past_question and intent in ("explain", "off_topic"):
            intent = "recommend" if "cheapest" in said.wants else "size"
        if weighed_gpus and said.gpus_compared == weighed_gpus and intent == "size":
            intent = "compare"  # the model asked for, then the GPUs it interrupted
            said.budget = said.budget or weighed_budget  # and the budget they were weighed in
        if len(said.models_compared) > 1 and (
            intent == "size" or (intent == "compare" and len(said.gpus_compared) < 2)
        ):
            intent = "recommend"  # two models weighed for a load: each priced for it
        if previous_goal is not None and (
            _follows_goal(intent, text, said) or (resumed and said.model is not None)
        ):
            intent = "recommend"
        if (
            intent == "recommend"
            and previous_goal is None
            and said.task == "pretrain"
            and said.model is None
            and mention is not None
            and mention.model_id is None
            and mention.candidates
            and not mention.family_named
        ):  # "с нуля 3 млрд параметров ... сколько в аренду?" (QA 46): the size said is the
            # run's model, which the sizing path takes; a goal would size a shortlist's 7B
            intent = "size"
        if (
            previous_goal is not None
            and intent == "recommend"
            and said.gpu in CPU_DEVICES
            and (said.model or last_model) is not None
        ):  # "can I skip the GPU and use my CPU?": the answer's model on that CPU, no GPU to pick
            intent = "size"
            said.model = said.model or last_model
            if said.users is None and isinstance(previous_goal.goal.get("users"), int):
                said.users = previous_goal.goal["users"]
            picked = (last or {}).get("size_request") or {}
            if said.context is None and said.model == picked.get("model"):  # the same requests
                said.context = picked.get("context")
                said.output_tokens = said.output_tokens or picked.get("output_tokens")
        if goal_gpus and said.gpus_compared == goal_gpus and intent in ("size", "compare"):
            intent = "recommend"  # "Qwen3 32B, 20 человек" after GPUs weighed for a goal
        if (
            intent == "compare"
            and len(said.gpus_compared) > 1
            and mention is None
            and said.task not in TRAINING
            and not said.owned
            and not (previous or {}).get("model")
        ):  # "4090, L40S или H100 под инференс?": no model to size; the goal on each GPU
            intent = "recommend"
        if (
            said.pick
            and previous is not None
            and previous_goal is None
            and mention is None
            and intent in ("off_topic", "explain", "size")
        ):  # "which one would you actually pick?" after a sizing: the adviser's own setup
            intent = "recommend"
            if OWNED in carried and "largest_model" not in said.wants:
                said.wants.append("largest_model")  # on the GPUs they have: the best model
        if (
            intent == "size"
            and mention is not None
            and mention.model_id is None
            and said.gpus is None
            and self._family_of(mention.candidates) is not None
            and (
                said.use_case is not None
                or said.headcount is not None
                or said.requests_per_day is not None
                or said.tokens_per_day is not None
                or said.document_words is not None
                or said.long_documents
            )
        ):  # "a chatbot on gemma for our team of 30": a goal within a family, not a sizing
            intent = "recommend"
        unknown_gpu = q.unknown_gpu(undictated) if said.gpu is None else None
        if unknown_gpu is not None and intent not in ("explain", "greeting"):
            # "llama 8b on a P40": sizing it on a reference card instead would answer another
            # question; say the card is not in the catalog and which ones are
            return Reading(
                intent="size",
                language=language,
                said=said,
                request=None,
                explicit=[],
                injection=injection,
                clarification=Clarification(reason="unknown_gpu", said=unknown_gpu),
            )
        if intent in ("explain", "off_topic", "greeting"):
            # "why does a 70b model need more VRAM to fine-tune?": a size, not a model chosen
            picked = mention is not None and (mention.family_named or mention.model_id is not None)
            kept = Said(model=said.model if picked else None) if intent == "explain" else Said()
            return Reading(
                intent=intent,
                language=language,
                said=kept,
                request=None,
                explicit=[],
                injection=injection,
            )
        named = self.catalog.models.get(said.model or "")
        whole = self._document_need(said, language == "ru") if said.context is None else None
        if (
            intent == "size"
            and named is not None
            and whole is not None
            and said.task in (None, "inference")
            and named.longest_context < whole
        ):  # 150-page contracts on Llama 3 (8k, QA 49): the goal answers them by retrieval
            intent = "recommend"
        if (
            intent == "size"
            and previous is None
            and last is not None
            and said.gpu is None
            and said.task in (None, "inference")
            and said.model in (None, last_model)
        ):  # "how is the model split across those 6 GPUs?" after a goal: its lead (QA 47
            # sized DeepSeek R1 on 6 H100 in FP8, the reference card, not the 6 A100 in INT4)
            previous = dict(last["size_request"])
            carried = [*carried, *previous]  # the conversation's, not assumed defaults
        fields, notes = self._request_fields(said, russian=language == "ru")
        if said.open_edition:
            notes.append(open_edition_note(self.catalog.models[str(said.model)]))
        pretraining = said.task == "pretrain" or (said.task is None and earlier == "pretrain")
        if (
            pretraining
            and said.model is None
            and mention is not None
            and mention.model_id is None
            and mention.candidates
            and not mention.family_named
            # "а если 7б?" after a run from scratch: the model sized was only a shape; "pre-train
            # our own 7B" after fine-tuning a 70B: the size said, not the model tuned (QA 50)
            and (
                not (previous or {}).get("model")
                or earlier == "pretrain"
                or said.task == "pretrain"
            )
        ):  # "a 3B model from scratch": any architecture of that size, a Llama-like first
            chosen = next((m for m in mention.candidates if m.startswith("llama")), None)
            chosen = chosen or mention.candidates[0]
            fields["model"] = chosen
            notes.append(note(M.ASSUMED_ARCHITECTURE, model=self.catalog.models[chosen].name))
            mention = ModelMention(chosen)
        sized_by_class = (intent == "compare" and len(said.gpus_compared) > 1) or (
            said.task in TRAINING and said.task != "pretrain"  # "дообучить 7B модель": any 7B
        )
        if (
            sized_by_class
            and mention is not None
            and not mention.family_named
            # a size alone ("a 70b": the versions of Llama 70B size alike, that one), or one
            # only one model has ("~13B" is a class, not Llama 2 13B)
            and (said.model is None or mention.model_id is not None)
            and not (previous or {}).get("model")
        ):  # "RTX 4090 или A6000 для моделей до 30 млрд?", "LoRA for a 7B": a dense one
            chosen = self._dense_of_size(text)
            if chosen is not None:
                fields["model"] = said.model = chosen
                notes.append(note(M.ASSUMED_SIZE_CLASS, model=self.catalog.models[chosen].name))
                mention = ModelMention(chosen)
        if (
            said.one_server
            and said.gpus is None
            and previous
            and not said.owned
            and (previous.get("gpus") or GPUS_PER_NODE + 1) > GPUS_PER_NODE
        ):
            fields["gpus"] = GPUS_PER_NODE  # "хватит одного сервера?" after 16 GPUs
        last_lead = lead_kept(carried)
        if (
            last_lead is not None
            and "gpu" not in fields
            and intent == "size"
            and _WHAT_TO_ADD.search(text)
        ):  # "1000 вместо 200? что тогда докупать?": more of the GPUs the last answer led with
            fields["gpu"] = last_lead[0]
            fields.setdefault("precision", last_lead[4])  # in the format it led with
        if said.growth is not None and previous and "users" not in fields:
            # "what if we grow 10x?" after a sizing: ten times its users
            fields["users"] = math.ceil((previous.get("users") or 1) * said.growth)
        explicit = sorted(fields)
        merged = merge_follow_up(previous, fields)
        if (
            _ON_WHAT.search(text)
            and "gpu" not in fields
            and not said.owned
            and OWNED not in carried
        ):  # "а полный файнтюн — на чём и сколько?" after "хватит одной 4090?": the GPUs
            # are the question now, not the card asked about before (QA 57)
            for key in ("gpu", "gpus", "tensor_parallel_size"):
                merged.pop(key, None)
        if switched_open and said.model is None:
            merged.pop("model", None)  # asked which, below
        if (
            merged.get("task") in TRAINING
            and (previous or {}).get("task", "inference") == "inference"
            and "context" not in fields
        ):  # "could we fine-tune it on these cards?" after 128k chats: the training's own
            # sequences, not the served window (QA 47: activations of 373 GB a GPU)
            for served in ("context", "prompt_tokens", "output_tokens"):
                merged.pop(served, None)
        said_fields = sorted({*fields, *(k for k in carried if k in merged)})
        if said.reasoning_output:  # assumed for a model that reasons, not said
            said_fields.remove("output_tokens")
        if said.owned or (OWNED in carried and "gpu" not in fields):
            said_fields.append(OWNED)  # "we own 4 A100", then "and with 4-bit?": still owned
        if said.owned_of is None and "gpu" not in fields and "gpus" not in fields:
            said.owned_of = owned_of_kept(carried)  # "and in FP8?": the same GPUs, still mixed
        if said.owned_of is not None:
            said_fields.append(f"{OWNED_OF}{said.owned_of}")
        if said.headcount is not None or (HEADCOUNT in carried and "users" not in fields):
            said_fields.append(HEADCOUNT)  # the users came from the staff: so do the next
        # "мы банк, данные наружу нельзя" with a sizing: kept for "а дешевле?" after it
        said_fields.extend(
            sorted({*(f"{CONDITION}{k}" for k in _conditions(said)), *_condition_marks(carried)})
        )
        if said.use_case is not None:
            said_fields.append(f"{USE_CASE}{said.use_case}")
        # "at least 30 tokens/s, under 500 ms", then "and the 8B, same requirements?": the
        # targets said earlier hold until new ones are said
        kept_speed, kept_ttft = _targets_kept(carried)
        said.tokens_per_s = said.tokens_per_s or kept_speed
        said.ttft_s = said.ttft_s or kept_ttft
        if said.tokens_per_s is not None:
            said_fields.append(f"{TARGET_SPEED}{said.tokens_per_s:g}")
        if said.ttft_s is not None:
            said_fields.append(f"{TARGET_TTFT}{said.ttft_s:g}")
        # "5,000 PDFs every night within 6 h", then "and on L40S in 4 bits?": the same job,
        # by the same deadline, night after night (QA 52 sized 12.3 h and "a one-off")
        if said.deadline_hours is None and "batch_items" in merged:
            said.deadline_hours = _deadline_kept(carried)
        if said.deadline_hours is not None and "batch_items" in merged:
            said_fields.append(f"{DEADLINE}{said.deadline_hours:g}")
        said.recurring = said.recurring or RECURRING in carried
        if said.recurring:
            said_fields.append(RECURRING)
        if (
            previous
            and "model" in fields
            and previous.get("model") not in (None, fields["model"])
            and "precision" not in fields
            and "precision" not in carried
        ):  # "and deepseek?" after Qwen 32B: DeepSeek's own format, not Qwen's default BF16
            merged.pop("precision", None)
        before = self.catalog.models.get(str((previous or {}).get("model", "")))
        if (
            "model" in fields
            and "output_tokens" not in fields
            and "output_tokens" not in carried  # stated on an earlier turn: theirs
            and before is not None
            and before.reasoning
            and not before.reasoning_switchable
            and merged.get("output_tokens") == REASONING_OUTPUT_COUNTED
        ):  # "and Llama 70B?" after QwQ: its answers, not QwQ's assumed chain of thought
            merged.pop("output_tokens", None)
        named = self.catalog.models.get(str(merged.get("model", "")))
        if said.as_published and named is not None:  # "а без квантизации?" after R1: FP8
            merged["precision"] = _published_format(named)
        if named is not None and named.architecture.moe is None and "model" in fields:
            merged.pop("expert_offload_layers", None)  # carried over to a model without experts
        common: dict[str, Any] = {
            "intent": intent,
            "language": language,
            "said": said,
            "explicit": explicit,
            "said_fields": said_fields,
            "injection": injection,
            "notes": notes,
        }
        if intent == "price":  # the GPUs wait for a model: "and for Llama 70B?" sizes on them
            return Reading(**common, request=None, draft=merged or None)
        if intent == "recommend":
            seed = previous_goal
            if seed is None and previous is not None:  # "а дешевле?" after a sizing: price it
                priced = {
                    k: previous[k]
                    for k in _PRICED_FROM_SIZING
                    if previous.get(k) and not (k == "context" and previous[k] == DEFAULT_CONTEXT)
                }
                if "context" in priced and previous.get("task", "inference") == "inference":
                    # "total cost?" after ten 128k agent sessions: the requests as sized
                    window = int(priced["context"])
                    output = previous.get("output_tokens") or max(1, window // 4)
                    priced["output_tokens"] = output
                    priced["prompt_tokens"] = previous.get("prompt_tokens") or window - output
                if (
                    "precision" in carried
                    and previous.get("precision")
                    and previous.get("task", "inference") == "inference"
                ):  # "Qwen 32B in 4-bit", then "cheaper?": still 4-bit
                    priced["precision"] = previous["precision"]
                if "largest_model" in said.wants and mention is None:
                    # "what's the best that fits on them?": a model to choose for those GPUs
                    priced.pop("model", None)
                    if OWNED in carried and previous.get("gpu") and "gpu" not in fields:
                        priced["owned"] = {
                            "gpu": previous["gpu"],
                            "count": previous.get("gpus") or 1,
                        }
                seed = GoalContext(goal={**conditions, **priced})
            common["goal"] = self._goal(said, fields, language, seed)
            if said.smaller_model and mention is None:  # "а если взять модель поменьше?"
                current = self.catalog.models.get(str(prefer or ""))
                if current is not None and current.reported_params_b:
                    smaller = {k: v for k, v in common["goal"].items() if k != "model"}
                    common["goal"] = {**smaller, "smaller_than_b": current.reported_params_b}
            # "поумнее, чем этот 20B": that one; "а модель поумнее?": the last; "модель
            # побольше, на 70 млрд": the size said is the model asked, none to beat
            than = _THAN.search(text) is not None
            beaten = said.model if than else prefer if mention is None else None
            if said.stronger_model and beaten is not None:
                common["goal"] = self._stronger_goal(common["goal"], beaten, text)
        if "model" not in merged:
            clarification = _clarification(mention)
            if clarification.reason == "ambiguous" and mention is not None:
                clarification.candidates = self._general_first(clarification.candidates)
            if clarification.reason in ("missing", "unknown"):
                clarification.params_b = self._size_beyond_catalog(text)
            if clarification.reason == "unknown" and clarification.params_b is None:
                # "Llama 5 Turbo 300B on our two L40S?", "Qwen2.5-VL 72B": a model the
                # catalog lacks, weighed at the size said before asking which one (QA 52)
                clarification.params_b = self._size_said(text)
            clarification.hosted = clarification.reason == "unknown" and bool(
                _API_PRODUCT_RE.search(clarification.said or "")
                or (  # "YandexGPT Pro", "гигачат макс": the brand's hosted-only editions
                    _HOSTED_EDITION.search(clarification.said or "")
                    and any(
                        self.catalog.models[c].hosted_editions
                        for c in clarification.candidates
                        if c in self.catalog.models
                    )
                )
            )
            family = self._family_of(clarification.candidates)
            if (
                clarification.reason == "ambiguous"
                and intent == "recommend"
                and common.get("goal")
                and family is not None
            ):  # "ассистент на квене для 200 операторов": the shortlist of that family (a
                # sizing question, "how much VRAM for mixtral?", still asks which one)
                common["goal"] = {**common["goal"], "family": family}
                return Reading(**common, request=None, draft=merged or None)
            if clarification.reason == "ambiguous":
                merged[ASKED_MODELS] = clarification.candidates
                if intent == "recommend" and common.get("goal"):
                    merged[ASKED_GOAL] = common["goal"]
                if intent == "compare" and len(said.gpus_compared) > 1:
                    merged[ASKED_GPUS] = said.gpus_compared
                    if said.budget is not None:
                        merged[ASKED_BUDGET] = said.budget.model_dump()
                if said.wants:  # "rent or buy?", "API or own server?": still to answer
                    merged[ASKED_WANTS] = said.wants
                stated = _conditions(said)  # "мы банк, 152-ФЗ, данные наружу нельзя"
                if stated:
                    merged[ASKED_CONDITIONS] = stated
            return Reading(
                **common,
                request=None,
                clarification=clarification,
                draft=merged or None,
            )
        self._engine_for_precision(merged)
        try:
            request = normalized_request(parse_request(merged), self.catalog)
        except InputError as exc:
            return Reading(**common, request=None, error=exc.to_dict())
        generic = said.task == "lora" and _names_no_method(text)
        return Reading(
            **common,
            request=request.model_dump(mode="json"),
            generic_fine_tune=generic,
        )

    # ---- what the message says ----------------------------------------------------------

    @staticmethod
    def _more_people(
        said: Said,
        added: int,
        previous: dict[str, Any] | None,
        previous_goal: GoalContext | None,
    ) -> None:
        """ "А если добавится ещё 10 человек?" after 20 users: 30 users (the 10 were read as
        the new count, and in English as GPUs to add)."""
        goal = previous_goal.goal if previous_goal is not None else {}
        before = _said_before(previous, previous_goal)
        if isinstance(before.get("users"), int) and "headcount" not in goal:
            said.users, said.headcount = before["users"] + added, None
        elif isinstance(before.get("headcount"), int):
            said.headcount, said.users = before["headcount"] + added, None

    @staticmethod
    def _per_person_volume(
        said: Said, previous: dict[str, Any] | None, previous_goal: GoalContext | None
    ) -> None:
        """ "Each user sends 100 messages a day" (QA 48): 100 x the people said here or in the
        conversation; the volume is then the load, so the people are no longer users at once."""
        earlier = _said_before(previous, previous_goal)
        people = said.users or said.headcount or earlier.get("headcount") or earlier.get("users")
        if not isinstance(people, int) or people <= 1 or said.per_person is None:
            return
        said.people = people
        said.requests_per_day = said.per_person * people
        said.users = said.headcount = None
        said.users_at_once = False

    def _said(
        self,
        text: str,
        undictated: str,
        mention: ModelMention | None,
        language: Language,
        with_deadline: bool = False,
        bill: q.ApiBill | None = None,
        kin: str | None = None,
    ) -> Said:
        """What the message says, with the API bill read from it. `with_deadline`: the
        conversation is about a training run or a batch job, so a follow-up's "in 3 weeks" is
        its deadline. `kin`: the conversation's model, whose line a bare size keeps."""
        said = Said()
        working_days = self.catalog.workloads.daily.working_days_per_month
        if bill is not None:  # read first: its sum is no budget, its tokens no dataset
            said.api_bill = Budget(amount=bill.money.amount, currency=bill.money.currency)
            if bill.tokens_per_month is not None:
                said.tokens_per_day = bill.tokens_per_month / working_days
            text, undictated = _masked(text, bill.spans), _masked(undictated, bill.spans)
        quote = q.read_quote(undictated)
        if quote is not None:  # read before the budget: its sum is a price to check
            price, span = quote
            said.quote = Budget(amount=price.amount, currency=price.currency)
            text, undictated = _masked(text, [span]), _masked(undictated, [span])
        volume = q.read_text_volume(text, working_days)
        if volume is not None:
            said.tokens_per_day, said.words_per_day = volume.tokens_per_day, volume.words_per_day
            text, undictated = q.without_text_volume(text), q.without_text_volume(undictated)
        in_out = q.read_input_output(text)
        if in_out is not None:
            prompt, output, (start, end) = in_out
            said.context, said.output_tokens = prompt + output, output
            text = f"{text[:start]} {text[end:]}"
            undictated = f"{undictated[:start]} {undictated[end:]}"
        answer = q.read_output_tokens(text)
        if answer is not None:
            said.output_tokens = answer[0]
            text, undictated = q.without_output_length(text), q.without_output_length(undictated)
        if mention is not None and mention.model_id is not None:
            said.model = mention.model_id
        self._read_gpus(undictated, text, said)
        said.host_memory_bandwidth_gb_s = _ram_bandwidth(
            text, SERVER_CHANNELS if said.gpu == CPU_SERVER else DESKTOP_CHANNELS
        )
        said.task = _task(text)
        said.tasks_compared = _tasks_compared(text)
        if said.tasks_compared:  # sized on the lightest; the others are set beside it
            said.task = said.tasks_compared[0]
        if said.task == "inference" and mention is None and _weak_inference_only(text):
            said.task = None
        said.kv_precision = _kv_precision(text)
        said.precision = self._precision(_KV_PRECISION.sub(" ", text), said.task)
        said.precisions_compared = self._precisions_compared(_KV_PRECISION.sub(" ", text))
        if said.precisions_compared:
            said.precision = said.precisions_compared[0]
        said.models_compared = self._models_compared(text)
        said.engine = _first(_ENGINES, text)
        if said.task is None and said.engine is not None:
            said.task = "inference"  # "в vllm на одной L40S": an engine is a way to run it
        said.seq_len = q.read_seq_len(text)
        if said.context is None:
            said.context = q.read_context(text)
            said.context_each = said.context is not None and q.says_context_each(text)
            said.context_window = said.context is not None and not said.context_each
        said.requests_per_s = q.read_rps(text)
        said.requests_per_day = q.read_requests_per_day(text, working_days)
        if said.requests_per_day is not None and q.says_per_person(text):
            said.per_person = said.requests_per_day  # read() multiplies it by the people
        batch = q.read_batch(text)
        said.dialogues = (  # "10 тысяч диалогов в день" with a bot: its customers' turns
            batch is None and said.requests_per_day is not None and q.says_dialogues_a_day(text)
        )
        if batch is not None:  # "2 млн документов за неделю": day and night until done
            said.requests_per_day = batch[0]
            said.around_the_clock = True
            said.batch_items = round(batch[0] * batch[1] / 24)  # and how long it takes
        elif said.requests_per_day is not None and q.says_nightly_batch(text):
            # "200k tickets every night, classification": the night's batch, by its deadline
            said.batch_items, said.requests_per_day = round(said.requests_per_day), None
        elif said.requests_per_day is None and said.requests_per_s is None:
            said.batch_items = q.read_batch_items(text) or q.read_batch_over_hours(text)
            said.batch_writes = said.batch_items is not None and q.says_batch_writes(text)
        labels = said.batch_items is not None and said.output_tokens is None
        if labels and q.says_labels_only(text):  # "classify by sentiment": a label each
            said.output_tokens = q.LABEL_OUTPUT_TOKENS
            said.labels_only = True
        said.audio_hours_per_day = q.read_audio_hours_per_day(
            text, said.requests_per_day, working_days
        )
        if said.audio_hours_per_day is None and q.counts_calls(text, said.requests_per_day):
            # calls to summarise with no length: the catalog's typical call, said as assumed
            said.call_minutes = self.catalog.workloads.speech_to_text.call_minutes
            said.audio_hours_per_day = (said.requests_per_day or 0.0) * said.call_minutes / 60
        if (  # "2000 часов записей звонков в месяц" to summarise: that many calls of the
            said.audio_hours_per_day is not None  # typical length a day, said as assumed
            and said.requests_per_day is None
            and said.requests_per_s is None
            and q.says_calls(text)
        ):
            said.call_minutes = self.catalog.workloads.speech_to_text.call_minutes
            said.requests_per_day = said.audio_hours_per_day * 60 / said.call_minutes
        if said.audio_hours_per_day is not None and said.requests_per_day:
            # calls a day: each call's transcript is what the LLM reads
            minutes = said.call_minutes or q.read_call_minutes(text, said.requests_per_day)
            said.transcript_minutes = minutes
        said.hours_per_month = q.read_hours_per_month(
            text, self.catalog.workloads.daily.busy_hours, working_days
        )
        said.horizon_months = q.read_horizon_months(text)
        if said.hours_per_month is None and batch is not None:  # rented for the batch only
            said.hours_per_month = min(HOURS_PER_MONTH, batch[1])
        said.users = q.read_users(text)
        said.users_at_once = said.users is not None and q.says_at_once(text)
        if said.audio_hours_per_day is None and said.users and q.says_live_speech(text):
            said.live_calls = said.users  # calls at once, transcribed as they run
        operators = q.read_operators(text)
        said.real_time = q.says_real_time(text)
        if operators and said.users == operators and said.audio_hours_per_day:
            if said.real_time:  # hints as the calls run: every operator's call at once
                said.live_calls = said.live_calls or operators
            else:  # "колл-центр 80 операторов, 3000 звонков в день": the calls are the
                said.users, said.headcount = None, operators  # load, the operators staff
        said.speech_synthesis = q.says_speech_synthesis(text)
        said.speech_to_text = q.says_speech_to_text(text)
        said.headcount = said.headcount or q.read_headcount(text)
        said.customers = q.read_customers(text)
        said.tunes_on_documents = q.says_tune_on_documents(text)
        grown = q.read_grown_user_base(text)
        if grown is not None and not said.users_at_once:  # "grew from 50 to 500 users"
            said.headcount, said.users = grown, None
        if said.headcount is not None and said.headcount == said.users:
            if said.users_at_once:  # "50 сотрудников одновременно": the same people, at once
                said.headcount = None
            else:  # "чат на 15 человек в отделе продаж": the department's people, not at once
                said.users = None
        said.personal = bool(_PERSONAL_USE.search(text))
        said.dataset_tokens = q.read_dataset_tokens(
            text, bare_scale=said.task in TRAINING or with_deadline
        )
        if said.task in TRAINING or said.dataset_tokens is not None:
            said.batch_items = None  # examples to train on, not requests to answer
            said.dataset_examples = q.read_dataset_examples(text)
            said.tokens_per_example = q.read_tokens_per_example(text)
        said.epochs = q.read_epochs(text)
        if (
            with_deadline
            or said.task in TRAINING
            or said.dataset_tokens
            or said.dataset_examples
            or said.batch_items
        ):
            said.deadline_hours = q.read_deadline_hours(text)
            said.runs_per_year = q.read_runs_per_year(text)
        said.lora_rank = q.read_lora_rank(text)
        said.pick = bool(_PICK.search(text))
        said.hardware_asked = bool(_HARDWARE_ASKED.search(text))
        said.purchase_asked = bool(_PURCHASE_ASKED.search(text))
        said.smaller_model = bool(_SMALLER_MODEL.search(text))
        said.stronger_model = bool(_STRONGER_MODEL.search(text)) and not said.smaller_model
        said.one_server = bool(_ONE_SERVER.search(text))
        said.capacity_asked = said.users is None and bool(_HOW_MANY_USERS.search(text))
        said.for_organisation = bool(_FOR_ORGANISATION.search(text))
        said.no_renting = q.says_no_renting(text) or q.says_buying_instead(text)
        if said.capacity_asked and said.context is not None and said.task not in TRAINING:
            # "how many concurrent users would that handle with 8k context?": users each at
            # that context, not one window and the rest at a chat's turns (QA 52: 66 for 17)
            said.context_each, said.context_window = True, False
        self._options(undictated, said)
        power = q.read_power_price(undictated, russian=language == "ru")
        if power is not None:  # "add electricity at €0.25/kWh": a price, never a budget
            said.power_price = Budget(amount=power.amount, currency=power.currency)
            undictated = q.without_power_price(undictated)
        money = q.read_budget(undictated, russian=language == "ru")  # never a dictated price
        if money is None and q.says_monthly_budget(undictated):
            said.wants_rent_by_budget = True  # "€3,000 a month": an operating budget
        if money is not None:
            said.budget = Budget(amount=money.amount, currency=money.currency)
        said.use_case = q.read_use_case(text)
        operators = q.read_operators(text)
        if (
            operators
            and said.use_case == "support"
            and said.users is None
            and said.headcount is None
            and said.live_calls is None
            and said.audio_hours_per_day is None
        ):  # "support bot for 200 agents": the agents are its staff
            said.headcount = operators
        said.one_off = q.says_one_off(text)
        said.recurring = q.says_recurring(text)
        said.text_apis = self._apis_named(text)
        vendors = {api.split("-")[0] for api in said.text_apis}
        if (
            said.model is not None
            and vendors
            and _VIA_API.search(text)
            and not _SIZE_SAID.search(text)
            and not _SELF_HOSTED.search(text)  # "хотим поднять YandexGPT 5 Lite у себя"
            and said.model.split("-")[0] in vendors
        ):  # "может проще через API, YandexGPT или GigaChat?": the vendors' hosted APIs, not
            # the open YandexGPT 5 Lite 8B to serve on one's own GPUs (QA 48)
            said.model = None
            said.models_compared = [
                m for m in said.models_compared if m.split("-")[0] not in vendors
            ]
        said.switch_api = self._api_switched_to(text)
        said.plural_gpus = bool(_PLURAL_GPUS.search(text))
        said.more_gpus = said.more_gpus or q.says_more_gpus(text)
        said.request_time = said.task not in TRAINING and q.says_request_time(text)
        if said.use_case in _BATCH_USE_CASES and q.says_around_the_clock(text):
            said.around_the_clock = True  # "обработка счетов 24/7": no office hours, no peak
        said.high_stakes = q.says_high_stakes(text)
        government = q.says_government(text)  # a state body: its own server room
        said.workstation = q.says_workstation(text)
        said.datacenter = (q.says_datacenter(text) or government) and not said.workstation
        said.professional_only = q.says_professional_only(text)
        said.on_premises = q.says_on_premises(text) or government or q.says_no_renting(text)
        said.autocomplete = q.says_autocomplete(text)
        said.reasoning_model = q.says_reasoning_model(text)
        # "на этих же L40S", "железо хотим оставить то же самое": the GPUs just discussed
        said.same_hardware = any(
            _SAME_HARDWARE.search(form) for form in (text, normalize_gpu_text(text))
        )
        said.no_distills = q.says_no_distills(text)
        said.residency = q.says_residency(text)
        said.vendor = q.read_vendor(text)
        said.redundancy = q.says_redundancy(text)
        said.api_quality = bool(  # a ChatGPT of our own, or moving off a paid GPT-4o: its tier
            _LIKE_PRODUCT_RE.search(text)
            or (_API_PRODUCT_RE.search(text) and _PAID_SERVICE.search(text))
        )
        tokens = q.read_document_tokens(text) if said.task not in TRAINING else None
        if (
            tokens is None
            and said.context is not None
            and said.task not in TRAINING
            and said.use_case != "rag"  # retrieval reads passages, not whole documents
            and q.says_whole_documents(text)
        ):  # "контекст 128к, чтобы анализировать документацию целиком": documents that
            # fill the window, less the answer the use case writes
            tokens = self._prompt_room(said)
        words = (
            q.read_document_words(text, self.catalog.workloads.daily.words_per_page)
            if tokens is None
            and said.context is not None
            and said.task not in TRAINING
            and said.use_case != "rag"
            else None
        )
        if words is not None and said.context is not None:
            # "договоры по 100 страниц, нужно 64к контекста": each prompt is a contract, as
            # much of it as the window holds beside the answer
            per_word, _ = tokens_per_word(self.catalog.workloads, language == "ru")
            tokens = min(document_tokens(words, per_word), self._prompt_room(said))
        if tokens is not None:  # "64k-token reports": each prompt is that long, not a window
            said.document_tokens = tokens
            if said.context is not None and abs(said.context - tokens) <= 0.1 * tokens:
                said.context = None
        elif said.context is None and said.task not in TRAINING:
            said.document_words = q.read_document_words(
                text, self.catalog.workloads.daily.words_per_page
            )
            said.long_documents = (  # retrieval reads passages, not the whole document
                said.document_words is None
                and said.use_case != "rag"
                and q.says_long_documents(text)
            )
            said.review_items = (  # "2 млн отзывов на классификацию": each a short review
                said.document_words is None
                and not said.long_documents
                and said.batch_items is not None
                and said.item_tokens is None
                and q.says_review_items(text)
            )
        said.budget_share = q.read_budget_share(text) if said.budget is None else None
        said.euros = bool(_EUROS.search(undictated))
        said.growth = q.read_growth(text)
        said.wants = q.read_wants(text)
        share = q.read_use_share(text) if "rent" in said.wants else None
        if said.hours_per_month is None and share is not None:  # "rent vs buy at 40% of the time"
            said.hours_per_month = share * HOURS_PER_MONTH
        elif (
            said.hours_per_month is None and "rent" in said.wants and q.says_around_the_clock(text)
        ):
            said.hours_per_month = HOURS_PER_MONTH  # "нагрузка круглосуточная": the whole month
        if said.wants_rent_by_budget and "rent" not in said.wants:
            said.wants.append("rent")
        if said.api_bill is not None and "api_vs_own" not in said.wants:
            said.wants.append("api_vs_own")  # a bill paid now asks whether owning is cheaper
        said.ttft_s = q.read_ttft(text)
        said.reply_within = said.ttft_s is not None and q.reads_reply_within(text)
        said.tokens_per_s = q.read_tokens_per_s(text)
        if (said.ttft_s or said.tokens_per_s) and "fast" not in said.wants:
            said.wants.append("fast")
        if (
            said.context is None
            and said.seq_len is None
            and said.dataset_tokens is None
            and said.document_tokens is None  # "64k-token reports": the prompt, not a window
        ):
            length = q.bare_token_length(text)
            if said.task in TRAINING:
                said.seq_len = length
            else:
                said.context = length
                # "around 120k tokens each": every request that long, not a window
                said.context_each = length is not None and q.says_context_each(text)
        if said.batch_items is not None and in_out is None:
            said.item_tokens = said.context  # "каждый 3000 токенов": each batch item's length
        if said.model is None and mention is not None and mention.unknown is None:
            # "llama 70b", "a 70b model": versions of one line that size alike need no question
            alike = self._sizes_the_same(mention.candidates, said.context or said.seq_len)
            if alike:
                said.model, *said.same_sizing = alike
            elif (
                said.task in TRAINING
                and mention.family_named
                and self._same_size(mention.candidates)
                and len({_family_key(c) for c in mention.candidates}) == 1
            ):
                # "LoRA квена 14б": Qwen3 and Qwen2.5 14B weigh the same, and training needs
                # no KV cache: the newest, the other named
                newest = sorted(
                    mention.candidates,
                    key=lambda c: self.catalog.models[c].released or "",
                    reverse=True,
                )
                said.model, *said.trains_alike = newest
            elif (
                said.task in TRAINING
                and mention.family_named
                and (newest_line := self._newest_version(mention.candidates)) is not None
            ):  # "LoRA T-lite": T-lite-it-2.1 (Qwen3 8B) and 1.0 (Qwen2.5 7B) train about
                # alike; the newest, the other named, not a question (QA 55 asked twice)
                said.model = newest_line
                said.newest_of = [c for c in mention.candidates if c != newest_line]
            elif (
                mention.family_named
                and self._same_size(mention.candidates)
                and len({_family_key(c) for c in mention.candidates}) == 1
                and (newest := self._newest_reading(mention.candidates, said.context))
            ):
                # "гемма 27б": Gemma 3 and Gemma 2 27B weigh the same, their KV caches do not;
                # the newest is what a buyer gets today: it is sized and the other named,
                # rather than a question back whose answer the question already guesses
                said.model, *said.newest_of = newest
            elif (
                not mention.family_named
                and said.task not in TRAINING  # a class to train: its heaviest general model
                and _size_alone_alike([self.catalog.models[c] for c in mention.candidates])
            ):
                # "модель 8B", "an 8b model": a size names no model, and where its models
                # weigh and cache alike the hardware barely moves between them: the likeliest
                # is sized, the others named (a 7B is still asked: Llama 2 7B caches 9x more)
                likeliest = self._likeliest_of_size(mention.candidates, kin)
                said.model = likeliest
                said.size_alone_of = [c for c in mention.candidates if c != likeliest]
        self._longer_version(said, russian=language == "ru")
        thinker = self.catalog.models.get(said.model or "")
        if (
            thinker is not None
            and thinker.reasoning
            and not thinker.reasoning_switchable
            and said.output_tokens is None
            and said.task in (None, "inference")
            and said.batch_items is None
            and (said.context is None or said.context >= 2 * REASONING_OUTPUT_COUNTED)
        ):  # "QwQ for 15 analysts": every answer opens with its chain of thought (a window
            # said too short for one is the customer's: the engine's warning says so)
            said.output_tokens, said.reasoning_output = REASONING_OUTPUT_COUNTED, True
        if said.quote is not None:
            said.owned = False  # "we got quoted ... for 8x H100": offered, not bought yet
        published = self.catalog.models.get(said.model or "")
        if said.precision == "bf16" and re.search(_AS_PUBLISHED, text):
            if published is not None:
                said.precision = _published_format(published)  # DeepSeek-R1 unquantised: FP8
            elif said.model is None:  # "no quantization", no model: each in its own format
                said.precision, said.as_published = None, True
        return said

    def _fill_in_middle_of_size(self, mention: ModelMention) -> ModelMention:
        """ "Autocomplete ... a stronger dense 32B?": a size with no family names chat models;
        completion in the editor needs one trained to fill in the middle, of that size
        (Qwen2.5-Coder 32B, not Qwen3 32B; QA 45)."""
        if mention.model_id is not None or mention.family_named or not mention.candidates:
            return mention
        suitability = self.catalog.suitability
        sizes = [
            self.catalog.models[m].reported_params_b or 0.0
            for m in mention.candidates
            if m in self.catalog.models
        ]
        if not sizes or any(
            m in suitability and suitability[m].fill_in_middle for m in mention.candidates
        ):
            return mention
        size = max(sizes)
        fim = [
            m
            for m in self.catalog.models.values()
            if m.id in suitability
            and suitability[m.id].fill_in_middle
            and m.reported_params_b is not None
            and abs(m.reported_params_b - size) <= 0.1 * size
        ]
        if not fim:
            return mention
        nearest = min(fim, key=lambda m: abs((m.reported_params_b or 0.0) - size))
        return ModelMention(nearest.id)

    def _general_first(self, candidates: Sequence[str]) -> list[str]:
        """The models a question back offers, the general chat models first ("a 7B": Qwen2.5
        7B is likelier than an R1 distill, a Russian fine-tune or a coder), each group in the
        name index's order."""

        def general(model_id: str) -> bool:
            rated = self.catalog.suitability.get(model_id)
            return rated is not None and "chat" in rated.use_cases and not self._niche(model_id)

        return sorted(candidates, key=lambda c: not general(c))

    def _niche(self, model_id: str) -> bool:
        """A model a bare size does not mean: one that always reasons (an R1 distill) or a
        Russian fine-tune of a base."""
        rated = self.catalog.suitability.get(model_id)
        model = self.catalog.models[model_id]
        return (model.reasoning and not model.reasoning_switchable) or (
            rated is not None and rated.russian_first
        )

    def _dense_of_size(self, text: str) -> str | None:
        """The largest rated dense model of the size a question gives ("models up to 30B"):
        GPUs weighed for a class of models are weighed on its heaviest member (a mixture of
        experts of that size reads a fraction of its weights and runs on less); the newest
        first among equals."""
        sizes = [float(w[:-1]) for w in name_parts(text) if re.fullmatch(r"\d+(?:\.\d+)?b", w)]
        if not sizes:
            return None
        dense = [
            m
            for m in self.catalog.models.values()
            if m.architecture.moe is None
            and m.id in self.catalog.suitability
            and not self.catalog.suitability[m.id].russian_first  # a niche, not the class
            and not m.reasoning  # a reasoning model (an R1 distill) is a niche too
            and "chat" in self.catalog.suitability[m.id].use_cases  # so is a coder
            and m.reported_params_b is not None
            and 0.6 * sizes[0] <= m.reported_params_b <= SIZE_CLASS_ABOVE * sizes[0]
        ]
        if not dense:
            return None
        chosen = max(dense, key=lambda m: (m.reported_params_b or 0.0, m.released or ""))
        return chosen.id

    def _stronger_goal(self, goal: dict[str, Any], than: Any, text: str) -> dict[str, Any]:
        """ "Хотим GigaChat, но поумнее, чем этот 20B": the goal with a model to choose above
        the one named or last sized, of its family where the message names one."""
        current = self.catalog.models.get(str(than or ""))
        if current is None:
            return goal
        stronger = {k: v for k, v in goal.items() if k not in ("model", "precision")}
        stronger["stronger_than"] = current.id
        word = re.match(r"[A-Za-z]{3,}", current.name)
        if word is not None and word.group(0).casefold() in text.casefold():
            stronger["family"] = word.group(0).casefold()
        return stronger

    def _family_of(self, candidates: Sequence[str]) -> str | None:
        """The family a name leaves open when it says no size ("квен": Qwen of any size):
        the letters its candidates' names start with; None when they share a size (a
        version to ask about) or no name."""
        models = [self.catalog.models[c] for c in candidates if c in self.catalog.models]
        sizes = {round(m.reported_params_b or 0.0) for m in models}
        if len(models) < 2 or len(sizes) < 2:
            return None
        names = [m.name.casefold() for m in models]
        cut = os.path.commonprefix(names)
        while cut and not _name_boundary(cut, names):
            cut = cut[:-1]
        family = cut.rstrip(" -_.")
        return family if len(family) >= 3 else None

    def _apis_named(self, text: str) -> list[str]:
        """The priced hosted models the message names, in the order it names them, less the
        ones it denies ("у нас YandexGPT, не гигачат", "Claude, not GPT-4o")."""
        found: dict[str, int] = {}
        for pattern, api in self._apis:
            for match in pattern.finditer(text):
                if _DENIED.search(text[max(0, match.start() - 12) : match.start()]):
                    continue
                found.setdefault(api.name, match.start())
        return sorted(found, key=found.__getitem__)

    def _api_switched_to(self, text: str) -> str | None:
        """The priced hosted model the message would move to ("перейти на DeepSeek API")."""
        for pattern, api in self._apis:
            for match in pattern.finditer(text):
                if _SWITCH_TO.search(text[max(0, match.start() - 30) : match.start()]):
                    return api.name
        return None

    def _billed_api(self, names: Sequence[str]) -> ApiPrice | None:
        """The first priced hosted model the message names."""
        return next((self.catalog.prices.billed_api(n) for n in names), None)

    def _alike(self, candidates: Sequence[str]) -> bool:
        """Whether the models a clarification asked between weigh the same (within 3%) and
        keep the same KV cache per token: any of them sizes the hardware alike."""
        models = [self.catalog.models[c] for c in candidates if c in self.catalog.models]
        return len(models) == len(candidates) >= 2 and _weigh_alike(models)

    def _prompt_room(self, said: Said) -> int:
        """The prompt a stated window holds beside the use case's answer (at least half)."""
        context = said.context or DEFAULT_CONTEXT
        output = self.catalog.workloads.use_cases[said.use_case or "chat"].output_tokens
        return max(context - output, context // 2)

    def _likeliest_of_size(self, candidates: Sequence[str], kin: str | None = None) -> str:
        """The model a bare size most likely means: the first of the name index's order (the
        newest of the most used lines) that is no niche (a Russian fine-tune of a base, a
        model that always reasons), of the conversation's line (`kin`: "the 8B model" after
        Llama 3.3 70B is Llama 3.1 8B, QA 55 took Qwen3 8B) or else the leading line."""
        general = [c for c in candidates if not self._niche(c)] or list(candidates)
        family = _family_key(candidates[0])  # Qwen2.5 14B before Phi-4 when Qwen3 14B leads
        if kin is not None and any(_family_key(c) == _family_key(kin) for c in general):
            family = _family_key(kin)
        return next((c for c in general if _family_key(c) == family), general[0])

    def _document_need(self, said: Said, russian: bool) -> int | None:
        """Tokens of one document read whole ("договоры по 30 страниц": 33,000), if said."""
        workloads = self.catalog.workloads
        words = said.document_words
        if words is None and said.long_documents:
            words = long_document(workloads)[0]
        if said.document_tokens is not None:
            return said.document_tokens
        if words is not None:
            return document_tokens(words, tokens_per_word(workloads, russian)[0])
        return None

    def _longer_version(self, said: Said, russian: bool = False) -> None:
        """ "Ламу 3 на 70 млрд с контекстом 128к": Llama 3 reads 8k; its later version of
        the same size that reads the window said (Llama 3.1 70B) is what they can run, sized
        in its place and said so (the window, not the name, is the requirement). Documents
        read whole need their length ("договоры по 30 страниц": 33,000 tokens)."""
        named = self.catalog.models.get(said.model or "")
        need = said.context if said.task in (None, "inference") else said.seq_len
        if need is None and said.task in (None, "inference"):
            need = self._document_need(said, russian)
        if named is None or need is None or named.longest_context >= need:
            return
        later = [
            m
            for m in self.catalog.models.values()
            if _family_key(m.id) == _family_key(named.id)
            and m.longest_context >= need
            and (m.released or "") > (named.released or "")
            and m.architecture.moe is None
            and named.architecture.moe is None
            and _weigh_alike([m, named])
            and m.reasoning == named.reasoning
        ]
        if later:
            said.longer_version_of = named.id
            said.model = min(later, key=lambda m: m.released or "").id

    def _newest_reading(self, candidates: Sequence[str], context: int | None) -> list[str]:
        """The versions newest first, when the newest reads the context said (a longer
        window than it has needs a question); empty otherwise."""
        models = sorted(
            (self.catalog.models[c] for c in candidates if c in self.catalog.models),
            key=lambda m: m.released or "",
            reverse=True,
        )
        if not models or models[0].longest_context < (context or DEFAULT_CONTEXT):
            return []
        return [m.id for m in models]

    def _newest_version(self, candidates: Sequence[str]) -> str | None:
        """The newest of versions of one model line and about one size that size apart
        ("T-lite": T-lite-it-2.1 on Qwen3 8B, T-lite 1.0 on Qwen2.5 7B), weighed against
        another model by its name (QA 53 dropped it from "YandexGPT 5 Lite или T-lite?")."""
        models = [self.catalog.models[c] for c in candidates if c in self.catalog.models]
        if len(models) < 2 or len({_family_key(m.id) for m in models}) != 1:
            return None
        if len({round(m.reported_params_b or 0.0) for m in models}) != 1:
            return None
        return max(models, key=lambda m: m.released or "").id

    def _same_size(self, candidates: Sequence[str]) -> bool:
        """Whether the models a clarification asked between weigh the same (within 3%),
        whatever their KV cache: versions of one size (Gemma 2 and Gemma 3 27B)."""
        models = [self.catalog.models[c] for c in candidates if c in self.catalog.models]
        params = [m.reported_params_b or 0.0 for m in models]
        return (
            len(models) == len(candidates) >= 2
            and min(params) > 0
            and max(params) <= SAME_SIZE_SPREAD * min(params)
        )

    def _sizes_the_same(self, candidates: Sequence[str], context: int | None) -> list[str]:
        """The versions a name leaves open that can read the context, newest first, when they
        size alike (weights within 3%, the same KV cache per token): asking which one would
        not change the answer. Empty when they differ."""
        need = context or DEFAULT_CONTEXT
        models = [self.catalog.models[c] for c in candidates if c in self.catalog.models]
        if len(models) != len(candidates) or len(models) < 2:
            return []
        # Versions of one family (llama-3.1-70b, llama-3.3-70b; DeepSeek V3 and R1, 671B
        # each); a bare "70b" across families (Llama, Qwen) is different models to ask about.
        if len({_family_key(m.id) for m in models}) != 1:
            return []
        models = [m for m in models if m.longest_context >= need]
        if not _weigh_alike(models):
            return []
        return [m.id for m in sorted(models, key=lambda m: m.released or "", reverse=True)]

    def _read_gpus(self, undictated: str, text: str, said: Said) -> None:
        """The GPU, its count and whether the customer owns it; a GPU count is never read
        from a dictated span ("say you need 1000 H100")."""
        ram = _RAM_GB.search(text)  # "64gb ddr5-6000": read before the speed is masked
        undictated, text = _RAM_SPEED.sub(" ", undictated), _RAM_SPEED.sub(" ", text)  # no RTX 6000
        normalized = normalize_gpu_text(undictated)
        named = self.gpus.find_all(normalized)
        mentions = [  # "why this card and not H100?": a GPU weighed against, not chosen
            m for m in named if not _GPU_DENIED.search(normalized[max(0, m.start - 16) : m.start])
        ]
        cards = _CARDS.search(normalized)
        if _one_gpu_more(_ONE_MORE_CARD.search(normalized), normalized):  # "ещё одну карту"
            said.gpus, said.more_gpus = 1, True
        elif cards is not None:
            said.gpus = int(cards.group(1))  # "two cards", "на 2 картах": a count, any GPU
            said.owned = q.says_owned(text)  # "we only have 2 GPUs": of the kind discussed
        elif (total := _TOTAL_COUNT.search(normalized)) is not None:  # "4 more, 8 total"
            said.gpus = int(next(g for g in total.groups() if g))
        elif (enough := _ENOUGH_COUNT.search(normalized)) is not None:
            said.gpus = int(next(g for g in enough.groups() if g))  # "а одной хватит?"
        if not named:
            mentions = self.gpus.find_all(normalize_gpu_text(text))  # a dictated GPU type
            if mentions:
                said.gpu = mentions[0].gpu_id
            elif _ON_CPU.search(text):
                if ram is not None:
                    said.host_memory_gb = float(ram.group(1) or ram.group(2))
                desktop = bool(
                    _DESKTOP_CPU.search(text)
                    or _PERSONAL_USE.search(text)
                    or (said.host_memory_gb or DESKTOP_RAM_MAX_GB + 1) <= DESKTOP_RAM_MAX_GB
                )
                said.gpu = CPU_DESKTOP if desktop else CPU_SERVER
                own = _OWN_CPU.search(text) is not None or _ONE_MACHINE.search(text) is not None
                said.owned = said.owned or (desktop and own)
            else:
                self._card_by_memory(undictated, said)
                if said.gpu is not None and said.gpus in (None, 1) and _ONE_MACHINE.search(text):
                    # "на ноуте с видюхой на 8 гигов" (QA 45): one GPU in their own machine
                    said.gpus, said.owned = 1, True
                    said.laptop = _LAPTOP.search(text) is not None
            return
        if not mentions:  # only GPUs set aside ("and not H100?")
            return
        said.gpus_compared = list(dict.fromkeys(m.gpu_id for m in mentions))
        if len(said.gpus_compared) > 1:  # "2x RTX 5090 or 1x RTX PRO 6000": a count each
            start = 0
            for mention in mentions:
                found = _COUNT_BEFORE.search(
                    normalized[max(start, mention.start - 40) : mention.start]
                )
                found = found or _COUNT_AFTER.match(normalized[mention.end :])
                if found is not None:
                    said.gpu_counts.setdefault(mention.gpu_id, int(found.group(1)))
                start = mention.end
        first = mentions[0]
        said.gpu = first.gpu_id
        before = _COUNT_BEFORE.search(normalized[max(0, first.start - 40) : first.start])
        after = _COUNT_AFTER.match(normalized[first.end :])
        for found in (before, after, cards):
            if found is not None:
                said.gpus = int(found.group(1))
                break
        if said.gpus is None and _one_gpu_more(
            _ONE_MORE_BEFORE.search(normalized[max(0, first.start - 32) : first.start]), normalized
        ):  # "and if we add a second L40S?"
            said.gpus, said.more_gpus = 1, True
        pieces = _PIECES.search(normalized) if said.gpus is None else None
        if pieces is not None:  # "на A100? и сколько по времени на 16 штуках?" (QA 45)
            said.gpus = int(pieces.group(1))
        servers = _SERVERS_EACH.search(normalized)
        if servers is not None:
            said.gpus = int(servers.group(1)) * int(servers.group(2))
        said.owned = q.says_owned(text)
        said.enough_asked = _ENOUGH_ON_GPUS.search(undictated) is not None
        if said.gpus is None and _ONE_MACHINE.search(text):  # "my laptop with an RTX 4060"
            said.gpus, said.owned = 1, True
        said.laptop = _LAPTOP.search(text) is not None and said.gpus in (None, 1)
        if (
            said.gpus is None
            and len(said.gpus_compared) == 1
            and (found := _ON_A_GPU.search(normalized[max(0, first.start - 12) : first.start]))
            and (_RUNS_ASKED.search(text) or found.group("one"))
            and not _HOW_MANY.search(text)
        ):  # "qwen3 30b на 4090 пойдёт?": on one card, not the fewest of them that hold it
            said.gpus = 1
        if (
            said.gpus is None
            and len(said.gpus_compared) == 1
            and _ONE_CARD_BEFORE.search(normalized[max(0, first.start - 24) : first.start])
            and not _NOT_A_CARD_AFTER.match(normalized[first.end :])
            and not _HOW_MANY.search(text)
        ):  # "and if we buy a 5090 instead?" (QA 44): one card, not two
            said.gpus = 1
        # "on an H100" to buy, one or none counted: the card version (PCIe, NVL) is what one to
        # seven are bought as; a board named, a count of 2+ (a cloud node's share) or owned
        # GPUs keep the board
        sibling = card_sibling(
            self.catalog.gpus[first.gpu_id], self.catalog.gpus.values(), self.catalog.prices
        )
        said.card_version_open = (
            not first.form_said
            and sibling is not None
            and said.gpus in (None, 1)
            and not said.owned
        )

    @staticmethod
    def _options(text: str, said: Said) -> None:
        """The engine's options a message may name: an AWQ/GPTQ group size, an EXL2/EXL3
        quant's bits per weight, experts in host RAM, a TP size, a training recipe's kernels."""
        group = _GROUP_SIZE.search(text)
        size = group and (group.group(1) or group.group(2))
        if said.precision == "int4" and size in ("32", "64"):
            said.precision = f"int4-g{size}"
        bpw = _BITS_PER_WEIGHT.search(text)
        if bpw and said.precision in ("exl2", "exl3") and 2 <= float(bpw.group(1)) <= 8:
            said.bits_per_weight = float(bpw.group(1))
        layers = _N_CPU_MOE.search(text)
        every = _ALL_CPU_MOE.search(text)
        if layers:
            said.expert_offload_layers = int(layers.group(1) or layers.group(2))
        elif every and not _NEGATION.search(text[: every.start()]):
            said.expert_offload_layers = "all"
        tp = _TENSOR_PARALLEL.search(text)
        if tp:
            said.tensor_parallel_size = int(next(g for g in tp.groups() if g))
        unsloth = bool(_UNSLOTH.search(text))
        if unsloth or _ACTIVATION_OFFLOAD.search(text):
            said.activation_offload = True
        if unsloth or _FUSED_LOSS.search(text):
            said.cross_entropy = "fused"
        elif _CHUNKED_LOSS.search(text):
            said.cross_entropy = "chunked"
        if unsloth or _FUSED_KERNELS.search(text):
            said.training_kernels = "fused"

    def _card_by_memory(self, text: str, said: Said) -> None:
        """ "A single 24GB card": the catalog's card of that memory people mean by it (a
        GeForce where one has it, else the cheapest sold by the card)."""
        found = _MEMORY_CARD.search(text)
        if found is None:
            return
        memory, prices = float(found.group("gb") or found.group("gb2")), self.catalog.prices.gpus
        cards = [
            g
            for g in self.catalog.gpus.values()
            if g.memory_gb == memory and g.id in prices and prices[g.id].kind == "card"
        ]
        if not cards:
            return
        card = min(cards, key=lambda g: (g.gpu_class != "gaming", prices[g.id].usd))
        said.gpu = card.id
        count = found.group("count")
        said.gpus = said.gpus or (int(count) if count and count.isdigit() else 1 if count else None)

    @staticmethod
    def _precisions_compared(text: str) -> list[str]:
        """'FP16 vs INT8 vs INT4', 'в 8 битах или в 4': the weight formats a question weighs,
        in the order said; empty unless two or more are set against each other."""
        if not _WEIGHS_FORMATS.search(text):
            return []
        found: dict[str, int] = {}
        for pattern, precision in _PRECISIONS:
            match = re.search(pattern, text)
            if match is not None and precision not in found:
                found[precision] = match.start()
        named = sorted(found, key=found.__getitem__)
        return named if len(named) >= 2 else []

    def _models_compared(self, text: str) -> list[str]:
        """The models a question weighs ("Llama 3.3 70B или Qwen 2.5 72B?"), in the order
        said: each a catalog id, or its family when the name says no size; empty unless two
        or more are set against each other. A name the catalog lacks, or one that leaves
        versions of a size open that size differently, is no contender (the answer asks
        about it instead); versions that size alike ("Llama 70B") are the newest of them."""
        if not _WEIGHS_MODELS.search(text):
            return []
        named: list[str] = []
        # "GigaChat API или свой сервер с T-pro": the service paid for is no model weighed
        weighed = _OPEN_MODEL_API.sub(" ", _NOT_A_VERSION.sub(" ", text))
        for mention in self.models.find_all(_PRODUCT_LIKE.sub(" ", weighed)):
            if mention.unknown is not None:
                continue
            alike = self._sizes_the_same(mention.candidates, None)
            named.append(
                mention.model_id
                or (alike[0] if alike else None)
                or self._family_of(mention.candidates)
                or self._newest_version(mention.candidates)
                or ""
            )
        contenders = list(dict.fromkeys(n for n in named if n))
        return contenders if len(contenders) >= 2 else []

    def _precision(self, text: str, task: str | None) -> str | None:
        for pattern, precision in _PRECISIONS:
            if re.search(pattern, text):
                if task == "qlora" and precision == "int4":
                    return None  # "4-bit QLoRA" is QLoRA's own NF4
                return precision
        return None

    def _request_fields(self, said: Said, russian: bool) -> tuple[dict[str, Any], list[Note]]:
        """The sizing request's fields from what was said, and the assumptions behind the
        ones the person gave in other terms (staff, a request rate, examples); words count
        at the rate of the question's language."""
        fields: dict[str, Any] = {
            name: value
            for name in (
                "model",
                "task",
                "gpu",
                "gpus",
                "precision",
                "kv_precision",
                "engine",
                "context",
                "seq_len",
                "users",
                "dataset_tokens",
                "epochs",
                "lora_rank",
                "bits_per_weight",
                "tensor_parallel_size",
                "activation_offload",
                "cross_entropy",
                "training_kernels",
                "output_tokens",
                "batch_items",
                "host_memory_gb",
                "host_memory_bandwidth_gb_s",
            )
            if (value := getattr(said, name)) is not None
        }
        notes: list[Note] = []
        labels = note(M.ASSUMED_LABEL_OUTPUT, output=q.LABEL_OUTPUT_TOKENS)
        if said.labels_only:
            notes.append(labels)
        if said.batch_items is not None and said.item_tokens is not None:
            notes.extend(self._batch_item_fields(said, fields))
        if said.expert_offload_layers is not None:
            fields["expert_offload_layers"] = self._offloaded_layers(said)
            fields.setdefault("engine", "llama.cpp")  # only llama.cpp runs experts on the CPU
        if said.epochs is not None and not float(said.epochs).is_integer():
            fields["epochs"] = said.epochs
        names = self.catalog.models
        for others, code in (
            (said.likeliest_of, M.ASSUMED_LIKELIEST),  # asked about, sizing otherwise
            (said.same_sizing, M.ASSUMED_SAME_SIZING),  # versions that size alike
            (said.trains_alike, M.ASSUMED_TRAINS_ALIKE),  # one size, no KV cache to tell
            (said.newest_of, M.ASSUMED_NEWEST_VERSION),  # one size, cached otherwise
            (said.size_alone_of, M.ASSUMED_SIZE_ALONE),  # "модель 8B": the likeliest of them
        ):
            if others and said.model is not None:
                named = ", ".join(names[c].name for c in others if c in names)
                notes.append(note(code, model=names[said.model].name, others=named))
        short = names.get(said.longer_version_of or "")
        if short is not None and said.model in names:
            notes.append(
                note(
                    M.ASSUMED_LONGER_VERSION,
                    named=short.name,
                    window=short.longest_context,
                    model=names[said.model].name,
                    longest=names[said.model].longest_context,
                )
            )
        if said.reasoning_output and said.model in names:
            notes.append(
                note(
                    M.ASSUMED_REASONING_OUTPUT,
                    model=names[said.model].name,
                    output=said.output_tokens or REASONING_OUTPUT_COUNTED,
                )
            )
        workloads = self.catalog.workloads
        if "context" not in fields and said.document_tokens is not None:
            output = (
                said.output_tokens or workloads.use_cases[said.use_case or "chat"].output_tokens
            )
            fields["context"] = said.document_tokens + output
            fields["prompt_tokens"] = said.document_tokens
            fields["output_tokens"] = output
            notes.append(
                note(
                    M.ASSUMED_DOCUMENT_TOKENS,
                    prompt=said.document_tokens,
                    output=output,
                    context=fields["context"],
                )
            )
        elif "context" not in fields and (
            said.document_words or said.long_documents or said.review_items
        ):
            words = said.document_words
            if words is None and said.review_items:  # "2 млн отзывов": a review's mean
                words, assumed = review_length(workloads)
                notes.append(assumed)
            elif words is None:  # "длинные договоры": the catalog's long document
                words, assumed = long_document(workloads)
                notes.append(assumed)
            fields["context"], output, derived = self._document_context(said, words, russian)
            fields["output_tokens"] = output  # the answer the note names, not a quarter
            fields["prompt_tokens"] = fields["context"] - output
            notes.append(derived)
        elif "context" not in fields and said.labels_only and not said.item_tokens:
            # "classify 2M tickets", no length: a chat request's prompt (llm-d-benchmark's
            # workload table classes text classification's input with interactive chat's,
            # medium), not a default window less the label (QA 55: 4,080 tokens)
            prompt = workloads.use_cases["chat"].input_tokens
            fields["prompt_tokens"] = prompt
            fields["context"] = prompt + q.LABEL_OUTPUT_TOKENS
            notes[notes.index(labels)] = note(
                M.ASSUMED_LABEL_PROMPT, output=q.LABEL_OUTPUT_TOKENS, prompt=prompt
            )
        if "context" in fields and "prompt_tokens" not in fields:
            notes.extend(self._window_fields(said, fields))
        if said.people is not None and said.per_person is not None:
            notes.append(
                note(
                    M.ASSUMED_PER_PERSON,
                    per=said.per_person,
                    people=said.people,
                    requests=said.per_person * said.people,
                )
            )
        if "users" not in fields and (said.requests_per_s or said.requests_per_day):
            profile = workloads.use_cases[said.use_case or "chat"]
            per_day = said.requests_per_day
            if per_day is not None and self._dialogues(said):
                per_day, turns = requests_from_dialogues(per_day, workloads)
                notes.append(turns)
            fields["users"], derived_all = concurrent_from_volume(
                said.requests_per_s,
                per_day,
                profile,
                workloads,
                said.around_the_clock,
            )
            notes.extend(derived_all)
        elif "users" not in fields and (said.tokens_per_day or said.words_per_day):
            profile = workloads.use_cases[said.use_case or "chat"]
            per_day, text_notes = requests_from_text(
                said.tokens_per_day, said.words_per_day, profile, workloads, russian
            )
            fields["users"], derived_all = concurrent_from_volume(
                None, per_day, profile, workloads, said.around_the_clock
            )
            notes.extend([*text_notes, *derived_all])
        elif "users" not in fields and said.headcount is not None:  # a volume says more
            fields["users"], derived = concurrent_from_headcount(said.headcount, workloads)
            notes.append(derived)
        elif (
            "users" not in fields
            and said.for_organisation
            and said.model is not None  # "an AI for our company": the tiers, nothing sized
            and said.task in (None, "inference")
            and said.gpus is None
            and not said.owned
            and said.batch_items is None
            and not said.capacity_asked
        ):  # "дипсик р1 у себя в компании": people, not one; a pilot's worth until counted
            # (QA 56 sized R1 for the company for one user, its KV cache for four)
            fields["users"] = PILOT_USERS
            notes.append(note(M.ASSUMED_PILOT_USERS, users=PILOT_USERS))
        elif "users" not in fields and said.customers is not None:  # "50 тысяч клиентов"
            profile = workloads.use_cases[said.use_case or "chat"]
            dialogues, from_customers = dialogues_from_customers(said.customers, workloads)
            per_day, turns = requests_from_dialogues(dialogues, workloads)
            fields["users"], derived_all = concurrent_from_volume(None, per_day, profile, workloads)
            notes.extend([from_customers, turns, *derived_all])
        if "dataset_tokens" not in fields and said.dataset_examples is not None:
            fields["dataset_tokens"], derived = dataset_tokens_from_examples(
                said.dataset_examples, workloads, said.tokens_per_example
            )
            notes.append(derived)
        if said.gpu in CPU_DEVICES and said.precision is None and said.task in (None, "inference"):
            # no GPU: llama.cpp reads every weight from RAM for each token, 4-bit reads least
            fields["precision"] = CPU_SERVER_FORMAT
            desktop = said.gpu == CPU_DESKTOP
            notes.append(note(M.ASSUMED_CPU_DESKTOP if desktop else M.ASSUMED_CPU_SERVER))
        return fields, notes

    def _window_fields(self, said: Said, fields: dict[str, Any]) -> list[Note]:
        """'32k context' for a served load is the window a request may fill, not every
        prompt: the use case's typical prompt and answer set the speed and the users' memory,
        and the window is held for one request (the same reading as the recommendation's)."""
        if said.task in TRAINING or said.batch_items is not None:
            return []
        window = int(fields["context"])
        profile = self.catalog.workloads.use_cases[said.use_case or "chat"]
        if not said.context_window:  # "full 128k", "128k for legal docs": each fills it
            if said.output_tokens is not None or window <= 2 * profile.output_tokens:
                return []
            output = profile.output_tokens  # the answer the use case writes, not a quarter
            fields["prompt_tokens"], fields["output_tokens"] = window - output, output
            return [
                note(M.ASSUMED_WINDOW_EACH, window=window, prompt=window - output, output=output)
            ]
        output = min(said.output_tokens or profile.output_tokens, window // 2)
        if window <= profile.input_tokens + output:
            return []
        fields["prompt_tokens"], fields["output_tokens"] = profile.input_tokens, output
        return [note(M.ASSUMED_WINDOW, window=window, prompt=profile.input_tokens, output=output)]

    @staticmethod
    def _dialogues(said: Said) -> bool:
        """A daily count of dialogues with the bot, each the customer's turns in requests;
        dialogues to summarise or classify are each one request, and a training set's are
        examples."""
        return (
            said.dialogues and said.task not in TRAINING and said.use_case not in _BATCH_USE_CASES
        )

    def _batch_item_fields(self, said: Said, fields: dict[str, Any]) -> list[Note]:
        """A batch item's stated length in the request: the prompt when the output is said
        too ("каждый 3000 токенов, на выходе 200"), the output when the items are written
        ("descriptions of 300 tokens each": from the use case's prompt, said as assumed)."""
        item = said.item_tokens or 0
        if said.output_tokens is not None:
            fields["context"] = item + said.output_tokens
            fields["prompt_tokens"] = item
            return []
        if not said.batch_writes:  # "summarize 5000 notes of 6k tokens": each note is read
            read = self._items_read(said, said.use_case)
            if read is not None:
                fields["prompt_tokens"], fields["output_tokens"] = read
                fields["context"] = sum(read)
            return []
        use_case = said.use_case or "chat"
        prompt = self.catalog.workloads.use_cases[use_case].input_tokens
        fields["output_tokens"] = item
        fields["context"] = item + prompt
        return [
            note(
                M.ASSUMED_BATCH_PROMPT, output=item, prompt=prompt, use_case=use_case_note(use_case)
            )
        ]

    def _items_read(self, said: Said, use_case: UseCaseId | None) -> tuple[int, int] | None:
        """A batch whose items are read, each of a stated length and with no output said:
        (its prompt, the use case's answer); None for any other batch or none."""
        if (
            said.batch_items is None
            or not said.item_tokens
            or said.output_tokens is not None
            or said.batch_writes
        ):
            return None
        output = self.catalog.workloads.use_cases[use_case or "chat"].output_tokens
        return said.item_tokens, output

    def _document_context(self, said: Said, words: int, russian: bool) -> tuple[int, int, Note]:
        """The context a document of `words` words needs, and its answer: its
        tokens at the catalog's tokens per word (Russian's for a Russian question), and the
        use case's answer after it (a translation's as long as the document: the catalog's
        translation profile is input and output of similar length)."""
        workloads = self.catalog.workloads
        per_word, basis = tokens_per_word(workloads, russian)
        prompt = document_tokens(words, per_word)
        translated = said.use_case == "translation" and said.output_tokens is None
        output = (
            prompt
            if translated
            else said.output_tokens or workloads.use_cases[said.use_case or "chat"].output_tokens
        )
        context = prompt + output
        derived = note(
            M.ASSUMED_DOCUMENT,
            words=words,
            per_word=per_word,
            basis=basis,
            prompt=prompt,
            output=output,
            context=context,
        )
        return context, output, derived

    @staticmethod
    def _offloaded_layers(said: Said) -> int:
        """--n-cpu-moe's N, or every layer of whichever model for "all experts on the CPU"."""
        if said.expert_offload_layers == "all":
            return EXPERT_OFFLOAD_ALL
        return int(said.expert_offload_layers or 0)

    def _goal(
        self,
        said: Said,
        fields: dict[str, Any],
        language: Language,
        previous: GoalContext | None,
    ) -> dict[str, Any]:
        """The `recommend` fields of what was said, over the previous goal's: a new figure
        replaces the old one and what it stood for (users replace staff and a rate)."""
        goal: dict[str, Any] = dict(previous.goal) if previous is not None else {}
        goal.setdefault("language", "ru" if language == "ru" else "en")
        dialogues = self._dialogues(said)
        each = said.per_person is not None and not dialogues  # the search multiplies, and says so
        said_load = {
            "users": said.users,
            "headcount": said.people if each else said.headcount,
            "requests_per_s": said.requests_per_s,
            "requests_per_person_per_day": said.per_person if each else None,
            "requests_per_day": None if dialogues or each else said.requests_per_day,
            "dialogues_per_day": said.requests_per_day if dialogues else None,
            "tokens_per_day": said.tokens_per_day,
            "words_per_day": said.words_per_day,
            "customers": said.customers,
        }
        if any(value is not None for value in said_load.values()):
            for name in said_load:
                goal.pop(name, None)
            goal.update({k: v for k, v in said_load.items() if v is not None})
        elif said.growth is not None and previous is not None:  # "and if it grows 10x?"
            for name in said_load:
                if goal.get(name):
                    scaled = goal[name] * said.growth
                    goal[name] = round(scaled) if isinstance(goal[name], int) else scaled
        if said.live_calls is not None:
            goal["live_calls"] = said.live_calls
        elif said.real_time and goal.get("audio_hours_per_day"):  # "а подсказки в реальном
            live = goal.get("users") or goal.get("headcount")  # времени?": the operators' calls
            if live:  # each call at once, followed by the LLM as it runs
                goal["live_calls"] = goal["users"] = live
        if said.speech_synthesis:
            goal["speech_synthesis"] = True
        if (
            said.transcript_minutes is not None
            and said.live_calls is None
            and said.document_words is None
            and said.document_tokens is None
            and said.context is None
        ):
            goal["transcript_minutes"] = said.transcript_minutes
        if said.audio_hours_per_day is not None:
            goal["audio_hours_per_day"] = said.audio_hours_per_day
            if said.call_minutes is not None:
                goal["call_minutes"] = said.call_minutes
        elif said.speech_to_text and said.live_calls is None and "live_calls" not in goal:
            goal["speech_to_text"] = True  # "расшифровка приёмов", no hours: said, not sized
        if said.hours_per_month is not None:
            goal["rent_hours_per_month"] = round(said.hours_per_month, 1)
        goal.update(_where_data_goes(said))
        if said.workstation:  # "под столом, не в стойку": no longer the server room before
            goal.pop("datacenter", None)
        elif "datacenter" in goal:
            goal.pop("workstation", None)
        named = self.catalog.gpus.get(said.gpu or "")
        if not said.datacenter and named is not None and named.gpu_class == "gaming":
            # "поставим 2 шт RTX 3090" for contracts: the cards they chose stand in an office,
            # not priced as a rack server with "no GeForce" beside them (QA 47); "а если 4
            # штуки 4090 под столом?" after "не игровые": GeForce asked for again (QA 50)
            goal.pop("datacenter", None)
            if not said.professional_only:
                goal.pop("professional_only", None)
        if said.vendor is not None:
            goal["vendor"] = said.vendor
        if said.redundancy:
            goal["redundancy"] = True
        if said.power_price is not None:  # converted at the catalog's rates
            prices = self.catalog.prices
            amount, currency = said.power_price.amount, said.power_price.currency
            goal["power_usd_per_kwh"] = (
                amount * prices.usd_per_eur.value
                if currency == "EUR"
                else amount / prices.rub_per_usd.value
                if currency == "RUB"
                else amount
            )
        if said.around_the_clock:
            goal["around_the_clock"] = True
        if said.one_off:
            goal["one_off"] = True
        billed = self._billed_api(  # "YandexGPT 5 Lite у себя": the open model, no API
            [
                n
                for n in said.text_apis
                if not (said.model and n.split("-")[0] in said.model) and n != said.switch_api
            ]
        )
        # a bill said now or before: "it's mostly gpt-4o", "у нас YandexGPT, не гигачат"
        has_bill = said.api_bill is not None or bool(
            goal.get("api_bill_usd") or goal.get("api_bill_rub")
        )
        if has_bill and billed is not None:
            goal["api_bill_model"] = billed.name  # "$8k a month on gpt-4o-mini": its prices
        elif billed is not None and said.text_apis:  # "API like gpt-4o-mini or our own?"
            goal["api_model"] = billed.name
        if has_bill and said.switch_api is not None:  # "Claude ..., хотим перейти на DeepSeek API"
            goal["api_model"] = said.switch_api
        stands_in = (
            said.high_stakes
            or said.api_quality
            or said.api_bill is not None
            or (has_bill and billed is not None)
            # "API (YandexGPT) or our own server?": own hardware stands in for the API named,
            # a model of its class (QA 56 weighed YandexGPT Pro against a 7B on an 8 GB card)
            or (goal.get("api_model") is not None and "api_vs_own" in said.wants)
        )
        if said.model is None and "model" not in goal and stands_in:
            # standing in for a named hosted model: its tier (gpt-4o-mini is no GPT-4o); a
            # bill with no model named is read at GPT-4.1's prices, so it is GPT-4.1's class
            tier = billed.quality_tier if isinstance(billed, HostedApi) else HIGH_STAKES_TIER
            goal["min_quality_tier"] = max(tier, HIGH_STAKES_TIER if said.high_stakes else 1)
        if "rent" in said.wants:
            goal["rentable_only"] = True
        elif said.no_renting:  # "and if we buy it instead of renting?": any GPU bought
            goal.pop("rentable_only", None)
        if "largest_model" in said.wants:
            goal["strongest"] = True
        if said.model is None and "model" not in goal:
            goal.update(_model_kind(said))
        if "fastest" in said.wants:
            goal["fastest"] = True
        if (
            said.autocomplete
            and said.use_case == "code"
            and said.model is None
            and "model" not in goal
        ):
            goal["fill_in_middle"] = True  # completion in the editor: models trained for it
        if (
            said.precision is not None
            and (said.task or goal.get("task", "inference")) == "inference"
        ):
            goal["precision"] = said.precision  # '"precision": "fp16"': that format only
        for name in (
            "use_case",
            "model",
            "ttft_s",
            "tokens_per_s",
            "context",
            "output_tokens",
            "batch_items",
        ):
            value = getattr(said, name)
            if value is not None:
                goal[name] = value
        if goal.get("context") is not None and goal["context"] < MIN_CONTEXT:
            goal["context"] = MIN_CONTEXT  # "200 tokens in, 1 out": sized at the shortest
        use_case = said.use_case or goal.get("use_case")
        read = self._items_read(said, use_case)
        if read is not None:  # "summarize 5000 notes of 6k tokens each": every prompt a note
            goal["prompt_tokens"] = read[0]
            goal["context"] = max(sum(read), MIN_CONTEXT)
        elif (
            said.requests_per_day is not None
            and use_case in _BATCH_USE_CASES
            and said.context is not None
            and not said.context_window
            and said.output_tokens is None
        ):  # "2 million documents a month, ~3k tokens each": every prompt a document
            output = self.catalog.workloads.use_cases[use_case].output_tokens
            goal["prompt_tokens"] = said.context
            goal["context"] = max(said.context + output, MIN_CONTEXT)
        elif said.context_each and said.context is not None and said.task not in TRAINING:
            # "на каждый запрос нужно 32к контекста": every prompt fills the window (QA 47)
            output = (
                said.output_tokens
                or self.catalog.workloads.use_cases[use_case or "chat"].output_tokens
            )
            if 2 * output <= said.context:
                goal["prompt_tokens"], goal["output_tokens"] = said.context - output, output
        if said.context is not None or said.document_tokens or said.document_words:
            goal.pop("long_documents", None)  # a length said replaces "long"
        if said.context is not None:
            goal.pop("document_words", None)  # a stated context replaces the documents'
        elif said.document_tokens is not None:  # "64k-token reports": every prompt that long
            goal.pop("document_words", None)
            output = (
                said.output_tokens
                or self.catalog.workloads.use_cases[
                    said.use_case or goal.get("use_case") or "chat"
                ].output_tokens
            )
            goal["context"] = said.document_tokens + output
            goal["prompt_tokens"] = said.document_tokens
        elif said.document_words is not None:
            goal.pop("context", None)  # the documents' length sets it, in the goal's language
            goal["document_words"] = said.document_words
        elif said.long_documents and "document_words" not in goal:
            goal.pop("context", None)
            goal["long_documents"] = True
        elif said.review_items and said.context is None:  # "2 млн отзывов": a review's mean
            goal.pop("context", None)
            goal["document_words"] = self.catalog.workloads.daily.review_words
        if said.task is not None:
            goal["task"] = said.task
        if "dataset_tokens" in fields:
            goal["dataset_tokens"] = fields["dataset_tokens"]
        if said.epochs is not None and (said.task or goal.get("task")) in TRAINING:
            goal["epochs"] = said.epochs
        if said.deadline_hours is not None:
            goal["deadline_hours"] = said.deadline_hours
        if said.runs_per_year is not None:
            goal["runs_per_year"] = said.runs_per_year
        if said.personal and not any(
            goal.get(k) is not None
            for k in ("users", "headcount", "requests_per_day", "tokens_per_day", "batch_items")
        ):
            goal["users"] = 1  # "at home for tinkering": one person, not a pilot of five
        if said.budget is not None:
            for key in BUDGET_FIELDS:
                goal.pop(key, None)
            goal[f"budget_{said.budget.currency.lower()}"] = said.budget.amount
            if (
                goal.get("task", "inference") == "inference"
                and "model" not in goal
                and "cheapest" not in said.wants
            ):
                # "бюджет 3 млн: что брать?": the strongest model the money buys that serves
                # the load, not the cheapest box far below the budget
                goal["strongest"] = True
        elif said.budget_share is not None:  # "what if the budget is half of that?"
            budgets = [key for key in BUDGET_FIELDS if goal.get(key)]
            for key in budgets:
                goal[key] = round(goal[key] * said.budget_share, 2)
            if not budgets and previous is not None and previous.capex_usd:  # half its price
                goal["budget_usd"] = round(previous.capex_usd * said.budget_share, 2)
        if said.euros and said.budget is None:
            goal["display_currency"] = "eur"  # "prices in euros, please", "а в евро?"
        if said.api_bill is not None and said.api_bill.currency != "EUR":
            goal.pop("api_bill_usd", None)
            goal.pop("api_bill_rub", None)
            key = "api_bill_rub" if said.api_bill.currency == "RUB" else "api_bill_usd"
            goal[key] = said.api_bill.amount
        self._goal_hardware(said, goal, previous)
        people = (said.headcount, said.users, said.customers)  # a rate may be the job's own
        if (
            "batch_items" in goal
            and said.batch_items is None
            and any(p is not None for p in people)
        ):  # "the full R1 for 50 analysts" after a batch of tickets: people to serve now,
            # not the job (QA 55 sized 2M tickets through R1)
            for key in ("batch_items", "runs_per_year", "one_off"):
                goal.pop(key, None)
            if said.deadline_hours is None:
                goal.pop("deadline_hours", None)
        window, answer = goal.get("context"), goal.get("output_tokens")
        if (
            said.context is None
            and isinstance(window, int)
            and isinstance(answer, int)
            and answer >= window
        ):  # "the full DeepSeek R1" after 1,500-token tickets: the window carried over does
            # not hold R1's assumed 4,096 tokens of thinking; the new model's own window
            # (QA 55: "I cannot size that: output_tokens must be smaller than context")
            goal.pop("context")
            goal.pop("prompt_tokens", None)
        return goal

    @staticmethod
    def _goal_hardware(said: Said, goal: dict[str, Any], previous: GoalContext | None) -> None:
        """Owned GPUs ("у нас 4 A100"), the only GPU to consider ("на H100"), or a new
        count of the GPUs the goal already has ("а если только 2 карты?")."""
        gpu = said.gpu if said.gpu != "cpu" else None
        owned = goal.get("owned")
        if gpu is not None or said.gpus is not None:
            goal.pop("card_version", None)  # set again below for a board left open
        counted = said.gpus is not None or not said.plural_gpus or previous is None
        if (
            gpu is not None
            and said.same_hardware
            and not said.more_gpus  # "докупить ещё 8 и на этих же": the branch below
            and isinstance(owned, dict)
            and owned.get("gpu") == gpu
        ):  # "а если на этих же L40S полностью дообучить 70б?": the ones they own
            goal.pop("gpu", None)
            goal.pop("gpus", None)
            goal["owned"] = {**owned, "count": said.gpus or owned.get("count", 1)}
        elif gpu is not None and said.owned and counted:
            goal.pop("gpu", None)
            goal.pop("gpus", None)
            goal["owned"] = {"gpu": gpu, "count": said.gpus or 1}
        elif (
            gpu is not None
            and said.more_gpus
            and said.gpus is not None
            and isinstance(owned, dict)
            and owned.get("gpu") == gpu
        ):  # "what if we add two more L40S?" to the two owned: four of them
            goal["owned"] = {**owned, "count": said.gpus}
        elif gpu is not None and said.owned:  # "and if we only have A100 80GB cards?": how many
            goal.pop("owned", None)
            goal.pop("gpus", None)
            goal["gpu"] = gpu
        elif gpu is not None:
            goal.pop("owned", None)
            goal.pop("gpus", None)
            goal["gpu"] = gpu
            if said.card_version_open and "rent" not in said.wants and said.task != "pretrain":
                goal["card_version"] = True  # "on H100": the PCIe card for one to seven
            if said.gpus is not None:  # "8x H100 to rent", "2 x 4090": a count to buy or rent
                goal["gpus"] = said.gpus
        elif said.gpus is not None and isinstance(owned, dict):
            goal["owned"] = {**owned, "count": said.gpus}
        elif said.gpus is not None and previous is not None and previous.gpu is not None:
            other_task = said.task is not None and said.task != previous.goal.get("task")
            if said.owned:  # "what if we only have 2 GPUs?": two of those, owned
                goal["owned"] = {"gpu": previous.gpu, "count": said.gpus}
            elif other_task:  # "а если QLoRA на одной карте?": one card of any kind
                goal.pop("gpu", None)
                goal["gpus"] = said.gpus
            else:  # "what about only 2?": two of those, to buy
                goal["gpu"], goal["gpus"] = previous.gpu, said.gpus

    def _size_beyond_catalog(self, text: str) -> float | None:
        """The parameter count said, in billions, when it is beyond every catalog model by
        half again (no published model that large to ask about)."""
        largest = max((m.reported_params_b or 0.0) for m in self.catalog.models.values())
        return next((p for p in _sizes_said(text) if p > SIZE_BEYOND_CATALOG * largest), None)

    @staticmethod
    def _size_said(text: str) -> float | None:
        """The first parameter count said, in billions ("300B", "1.5T")."""
        return next(_sizes_said(text), None)

    def _engine_for_precision(self, fields: dict[str, Any]) -> None:
        """GGUF formats run on llama.cpp: pick the engine the catalog names for them."""
        precision = fields.get("precision")
        if precision is None or precision not in self.catalog.formats:
            return
        engines = [e for e in self.catalog.formats[precision].engines if e in ENGINES]
        if engines and fields.get("engine", "vllm") not in engines:
            fields["engine"] = engines[0]
        elif not engines:  # EXL2/EXL3 run in ExLlama: sized as a single-user llama.cpp server
            fields.setdefault("engine", "llama.cpp")

    # ---- intent -------------------------------------------------------------------------

    def _intent(
        self,
        text: str,
        said: Said,
        mention: ModelMention | None,
        previous: dict[str, Any] | None,
        undictated: str,
    ) -> Intent:
        fields = said.model_dump(exclude_none=True, exclude_defaults=True)
        fields.pop("model", None)
        for name in _NOT_FIGURES:  # a domain or a wish, not a figure of the question
            fields.pop(name, None)
        greeting = _GREETING.match(text)
        if greeting and mention is None and _GREETING_REST.match(text[greeting.end() :]):
            return "greeting"
        if (  # "8x H100 for 2 years at 40% of the time: rent or buy?": the GPUs' price,
            # rented for those hours against bought, whatever the work (no model to size)
            mention is None
            and previous is None
            and said.gpu not in (None, "cpu", *CPU_DEVICES)
            and len(said.gpus_compared) <= 1
            and "rent" in said.wants
            # the hours ("40% of the time") or the horizon ("на год"): weighed over it
            and (said.hours_per_month is not None or said.horizon_months is not None)
            and _RENT_OR_BUY.search(text)
            and not said.owned
            and not _has_load(said)
        ):
            return "price"
        if (  # "сколько стоит сервер 8x H100?": the catalog's price, no model to size
            mention is None
            and previous is None
            and (
                said.gpu not in (None, "cpu", *CPU_DEVICES)
                or (said.gpu is None and said.hardware_asked)  # "сколько стоит сервер?"
            )
            and len(said.gpus_compared) <= 1
            and set(said.wants) <= {"largest_model"}  # "…and what can it run?": in the answer
            and not (said.owned and not said.wants)  # "we have 2 H100s, what do they cost?"
            and said.task in (None, "inference")
            and set(fields) <= _PRICE_FIELDS
            and (
                _PRICE_ASKED.search(undictated)
                or (said.purchase_asked and said.gpu is None)  # "what server should we buy?"
            )
        ):
            return "price"
        if (  # "L40S или A100 80GB, что лучше?": the GPUs side by side, no model to size yet
            mention is None
            and previous is None
            and len(said.gpus_compared) > 1
            and said.task in (None, "inference")
            and set(fields) <= _PRICE_FIELDS | {"gpu_counts"}
            and not said.owned
            and (
                _PRICE_ASKED.search(undictated)
                or _DIFFERENCE.search(text)
                or _COMPARE.search(text)
                or re.search(r"\bor\b|\bили\b|\bлибо\b", text)
            )
        ):
            return "price"
        if (  # "difference between H100 and H200 for a 70B model, 200 users": weigh them
            len(said.gpus_compared) > 1
            and _DIFFERENCE.search(text)
            and (mention is not None or _has_figures(said))
        ):
            return "compare"
        if _CHEAPEST_SETUP.search(text) and (mention is not None or previous is not None):
            return "recommend"  # "what is the cheapest way to still get R1?": a setup, priced
        explain = _EXPLAIN.search(text)
        if (
            explain is not None
            and _WHY_NOT.match(text, explain.start())
            and (mention is not None or said.gpus_compared)
            and _EXPLAIN.search(text, explain.end()) is None
        ):  # "why not gpt-oss-20b instead? on a 4090, how many users?": an alternative to
            # size, not a question why (QA 56 answered from the knowledge base)
            explain = None
        fastest_asked = "fastest" in said.wants and mention is not None and said.gpus is None
        if fastest_asked and (explain is None or _FASTEST_SETUP_ASKED.search(text)):
            return "recommend"  # "what is the fastest server for Llama 405B?": the search's
        if explain is not None and (
            explain.start() < _AT_START or not (_SIZING_CUE.search(text) or _has_figures(said))
        ):
            about = _DOMAIN.search(text) or mention is not None or said.gpus_compared
            return "explain" if about else "off_topic"  # "чем отличается H100 от H200?"
        named = mention is not None
        if _CHEAPEST_SETUP.search(text):
            return "recommend"
        if said.live_calls is not None and (said.speech_synthesis or said.speech_to_text):
            # "голосовой бот на 100 звонков, модели уровня 8B хватит": a call centre to equip,
            # its speech beside the LLM, not one model's sizing (QA 49)
            return "recommend"
        # "6 people, 120k-token reports: what GPUs?": long documents or a volume set the
        # setup (its count, its first token), not the fewest of each GPU that hold the model;
        # users alone are in the list's "up to N users" (QA 49)
        loaded = not said.gpus_compared and (
            said.headcount is not None
            or said.requests_per_day is not None
            or said.document_tokens is not None
            or said.document_words is not None
            or said.context_each
        )
        weighs = _COMPARE.search(text) or (
            _WHICH_GPU.search(text)
            and not loaded
            and not _HOW_MANY_GPUS.search(text)
            # "на какой видюхе пойдёт?" with none named: the cheapest setup it runs on (in
            # whatever format), not every GPU in its published weights
            and not (_WILL_IT_RUN.search(text) and not said.gpus_compared)
        )
        two_gpus = len(said.gpus_compared) > 1 and re.search(
            r"\bor\b|\bили\b|\bcomparabl\w*|сопоставим\w*", text
        )
        # "compare renting 2x H100 with buying" weighs money, not GPUs: a goal to price
        rent_or_buy = len(said.gpus_compared) <= 1 and (
            "rent" in said.wants or "api_vs_own" in said.wants or said.no_renting
        )
        # "а на одной 4090 что лучше запустить?": the best model it runs, not GPUs weighed
        best_on_it = "largest_model" in said.wants and len(said.gpus_compared) <= 1 and not named
        if (
            (weighs or two_gpus)
            and not rent_or_buy
            and not (best_on_it and not said.models_compared)
            and not (said.precisions_compared and len(said.gpus_compared) <= 1)  # formats
            and not (said.tasks_compared and len(said.gpus_compared) <= 1)  # methods
            and (named or previous is not None or len(said.gpus_compared) > 1)
        ):
            return "compare"
        money = (
            said.budget is not None
            or bool(_COST.search(undictated))
            or any(want in said.wants for want in ("api_vs_own", "rent"))
        )
        deadline = said.task in TRAINING and said.deadline_hours is not None
        if (
            (named or previous is not None)
            and (money or deadline)
            and (said.gpus is None or "api_vs_own" in said.wants)
        ):  # priced on the cheapest GPUs that serve it (or those named, against the API)
            return "recommend"
        if (
            not named
            and previous is None
            and said.owned
            and said.gpu not in (None, "cpu", *CPU_DEVICES)
        ):
            return "recommend"  # "we have 2x L40S": what runs on them, not "which model?"
        goal = (
            said.use_case is not None
            or said.document_words is not None  # documents to read are a goal, not a sizing
            or said.document_tokens is not None
            or said.long_documents
            or (said.headcount is not None and not _OUR_MODEL.search(text))  # a business
            or said.customers is not None  # "5,000 customers on our website": their service
            or said.api_quality  # "уровня GPT-4": an open model of its level
            or said.requests_per_day is not None
            or said.tokens_per_day is not None  # "1.2B tokens a month": a load to serve
            or said.words_per_day is not None
            or money
            or deadline
            or bool(said.wants)
            or bool(_RECOMMEND.search(text))
            or (said.hardware_asked and said.users is not None)  # "which GPU for 20 users?"
        )
        # "анализировать медкарты внутри клиники, во сколько обойдётся?": work on sensitive
        # data, priced, with no figure: a goal of its domain, not "which model?"
        sensitive_work = (
            money and (said.high_stakes or said.on_premises) and bool(_DOCUMENT_WORK.search(text))
        )
        if (
            not named
            and previous is None
            and goal
            and (fields or _RECOMMEND.search(text) or sensitive_work)
            and (_DOMAIN.search(text) or fields or sensitive_work)
        ):
            return "recommend"
        if not named and said.smaller_model and previous is not None:
            return "recommend"  # "а если взять модель поменьше?": a model to choose, smaller
        if said.stronger_model and (
            (named and _THAN.search(text)) or (not named and previous is not None)
        ):
            return "recommend"  # "поумнее, чем этот 20B": a model to choose, above that one
        if not named and previous is not None and "largest_model" in said.wants:
            return "recommend"  # "what's the best that fits on them?": a model to choose
        if named:
            return "size"
        if previous is not None and (fields or _FOLLOW_UP.match(text)):
            return "size"
        if fields and (_SIZING_CUE.search(text) or said.gpu or said.task):
            return "size"
        if _SIZING_CUE.search(text) and _DOMAIN.search(text):
            return "size"
        if _DOMAIN.search(text):
            return "explain"
        return "off_topic"


def _has_load(said: Said) -> bool:
    """Whether the message gives a load to size: people, requests, text or a batch."""
    return any(
        value is not None
        for value in (
            said.users,
            said.headcount,
            said.customers,
            said.requests_per_s,
            said.requests_per_day,
            said.tokens_per_day,
            said.words_per_day,
            said.batch_items,
            said.dataset_tokens,
            said.dataset_examples,
        )
    )


def _family_key(model_id: str) -> str:
    """The family a catalog id names, its versions aside: "qwen2.5-14b" -> "qwen"."""
    return re.sub(r"[\d.]", "", model_id.split("-")[0])


# Models of one bare size ("an 8B") that size the hardware alike: weights within a tenth,
# KV cache per token within half again (Llama 3.1 8B 128 KiB, Qwen3 8B 144 KiB).
SIZE_ALONE_WEIGHTS_SPREAD = 1.10
SIZE_ALONE_KV_SPREAD = 1.5


def _size_alone_alike(models: Sequence[Model]) -> bool:
    """Whether the models a bare size leaves open size the hardware about alike: all dense or
    all mixtures, weights and KV cache per token within the spreads above."""
    params = [m.reported_params_b or 0.0 for m in models]
    kv = [kv_bytes_per_token(m.architecture, 2.0) for m in models]
    return (
        len(models) >= 2
        and min(params) > 0
        and max(params) <= SIZE_ALONE_WEIGHTS_SPREAD * min(params)
        and min(kv) > 0
        and max(kv) <= SIZE_ALONE_KV_SPREAD * min(kv)
        and len({m.architecture.moe is None for m in models}) == 1
    )


def _weigh_alike(models: Sequence[Model]) -> bool:
    """Whether models weigh the same (within 3%) and keep the same KV cache per token: any of
    them sizes the hardware alike."""
    params = [m.reported_params_b or 0.0 for m in models]
    return (
        bool(models)
        and min(params) > 0
        and max(params) <= SAME_SIZE_SPREAD * min(params)
        and len({kv_bytes_per_token(m.architecture, 2.0) for m in models}) == 1
    )


def _where_data_goes(said: Said) -> dict[str, Any]:
    """The goal's flags for where the data may go and where the server stands: a bank's or
    a clinic's server stands in its server room, where GeForce cards have no place."""
    flags = {"on_premises": said.on_premises, "data_residency": said.residency}
    flags["datacenter"] = (said.datacenter or said.high_stakes) and not said.workstation
    flags["workstation"] = said.workstation
    flags["professional_only"] = said.professional_only
    return {name: True for name, on in flags.items() if on}


def _published_format(model: Model) -> str:
    """The weight format a model was released in (an fp32 checkpoint is served in fp16)."""
    return "fp16" if model.native_precision == "fp32" else model.native_precision


def _model_kind(said: Said) -> dict[str, Any]:
    """The goal's rules for which models may serve, said with no model named: a reasoning
    model, no distills, each model as published (no quantization)."""
    flags = {
        "reasoning": said.reasoning_model,
        "no_distills": said.no_distills,
        "as_published": said.as_published,
    }
    return {name: True for name, on in flags.items() if on}


def _conditions(said: Said) -> dict[str, Any]:
    """The goal's conditions a message states beside a model to clarify: where the data may
    go, how much a mistake costs and which models may serve, kept for the reply that goes on
    past the question."""
    kept = _where_data_goes(said) | _model_kind(said)
    if said.high_stakes:
        kept["min_quality_tier"] = HIGH_STAKES_TIER
    return kept


def _condition_marks(fields: Sequence[str]) -> list[str]:
    return [f for f in fields if f.startswith(CONDITION)]


def _said_before(
    previous: dict[str, Any] | None, previous_goal: GoalContext | None
) -> dict[str, Any]:
    """The conversation's last request, with its goal's fields over it: the people counted
    before a follow-up adds to them or multiplies a volume by them."""
    return {**(previous or {}), **(previous_goal.goal if previous_goal is not None else {})}


def sized_mark(gpu: str, count: int) -> str:
    """The GPUs a sizing fitted on, as a stated-field mark the next turn reads back."""
    return f"{SIZED_MARK}{gpu}:{count}"


def _pick_setup(last: dict[str, Any] | None) -> tuple[str, int] | None:
    """The GPUs and count of the last goal answer's lead (its goal's last pick)."""
    fields = (last or {}).get("size_request") or {}
    gpu, count = fields.get("gpu"), fields.get("gpus")
    return (str(gpu), int(count)) if gpu and isinstance(count, int) else None


def setup_kept(stated: Sequence[str]) -> tuple[str, int] | None:
    """The GPUs and count the last answer led with, or the last sizing fitted on."""
    lead = lead_kept(stated)
    if lead is not None:
        return lead[0], lead[1]
    for mark in stated:
        if mark.startswith(SIZED_MARK):
            gpu, count = mark.removeprefix(SIZED_MARK).split(":")
            return gpu, int(count)
    return None


def lead_kept(stated: Sequence[str]) -> tuple[str, int, float, float, str] | None:
    """The last answer's lead from its mark: GPU id, count, capex, monthly, format."""
    for mark in stated:
        if mark.startswith(LEAD_MARK):
            gpu, count, capex, monthly, precision = mark.removeprefix(LEAD_MARK).split(":")
            return gpu, int(count), float(capex), float(monthly), precision
    return None


def _targets_kept(fields: Sequence[str]) -> tuple[float | None, float | None]:
    """The speed and first-token targets an earlier message stated, from their marks."""
    speed = next((f.removeprefix(TARGET_SPEED) for f in fields if f.startswith(TARGET_SPEED)), None)
    ttft = next((f.removeprefix(TARGET_TTFT) for f in fields if f.startswith(TARGET_TTFT)), None)
    return (float(speed) if speed else None, float(ttft) if ttft else None)


def owned_of_kept(fields: list[str]) -> int | None:
    """Of the GPUs sized before, those the customer owns (OWNED_OF), if some were bought."""
    kept = next((f.removeprefix(OWNED_OF) for f in fields if f.startswith(OWNED_OF)), None)
    return int(kept) if kept is not None else None


def _deadline_kept(fields: Sequence[str]) -> float | None:
    """A batch job's deadline an earlier message stated, from its mark."""
    kept = next((f.removeprefix(DEADLINE) for f in fields if f.startswith(DEADLINE)), None)
    return float(kept) if kept else None


def _use_case_kept(fields: Sequence[str]) -> q.UseCase | None:
    """The use case an earlier message stated, from the mark its fields keep."""
    for field in fields:
        if field.startswith(USE_CASE):
            return cast("q.UseCase", field.removeprefix(USE_CASE))
    return None


def _conditions_kept(fields: Sequence[str]) -> dict[str, Any]:
    """The goal's conditions an earlier message stated, from the marks its fields keep."""
    kept: dict[str, Any] = {f.removeprefix(CONDITION): True for f in _condition_marks(fields)}
    if kept.pop("min_quality_tier", None):
        kept["min_quality_tier"] = HIGH_STAKES_TIER
    return kept


def _name_boundary(prefix: str, names: Sequence[str]) -> bool:
    """Whether `prefix` ends where a word or a version ends in every name ("qwen" before
    "3.5", "deepseek-r1-distill-" before "qwen"), not inside a number ("qwen2.5 7" of 72b)."""
    if prefix[-1] in " -_.":
        return True
    following = [name[len(prefix) : len(prefix) + 1] for name in names]
    if prefix[-1].isalpha():
        return all(not c or not c.isalpha() for c in following)
    return all(not c or c in " -_." for c in following)


def _follows_goal(intent: Intent, text: str, said: Said) -> bool:
    """Whether a message after a goal answer changes that goal. A follow-up cue ("а если",
    "cheaper?", "и в рублях?") or a figure does; a new sizing question naming a model does
    not (it gets the sizing answer), nor a question to explain without a figure."""
    if intent in ("greeting", "compare", "price"):  # "а сколько стоит сервер 8x H100?"
        return False
    stated = bool(
        said.model_dump(
            exclude_none=True,
            exclude_defaults=True,
            exclude=set(_NOT_FIGURES),
        )
    )
    cue = bool(_GOAL_FOLLOW_UP.search(text) or _FOLLOW_UP.match(text)) or said.pick
    if intent == "explain":  # "а модель поменьше?": the goal again, with a smaller model
        return (stated or said.smaller_model) and cue
    if intent == "size" and said.model is not None:
        return cue
    return stated or cue


_LIGHTEST_FIRST = ("qlora", "lora", "full")


def _tasks_compared(text: str) -> list[str]:
    """'LoRA или полное дообучение?', 'QLoRA vs full fine-tuning': the fine-tuning methods a
    question weighs, lightest first; empty unless two or more are set against each other.
    Each is its own name in _TASKS (a generic "fine-tuning" names no method), and "QLoRA"
    is no mention of LoRA."""
    if not _WEIGHS_FORMATS.search(text):
        return []
    named = {
        "qlora": re.search(_NAMED_TASKS["qlora"], text) is not None,
        "lora": re.search(_NAMED_TASKS["lora"], re.sub(_NAMED_TASKS["qlora"], " ", text))
        is not None,
        "full": re.search(_NAMED_TASKS["full"], text) is not None,
    }
    tasks = [task for task in _LIGHTEST_FIRST if named[task]]
    return tasks if len(tasks) >= 2 else []


# Each fine-tuning method's own name: the first pattern _TASKS gives it.
_NAMED_TASKS = {task: pattern for pattern, task in reversed(_TASKS) if task in _LIGHTEST_FIRST}


def _first(table: tuple[tuple[str, str], ...], text: str) -> str | None:
    return next((value for pattern, value in table if re.search(pattern, text)), None)


# A method set aside: "LoRA, а не полное дообучение", "rather than a full fine-tune".
_SET_ASIDE = re.compile(r"(?:\bне|\bnot|rather than|instead of|вместо|\bбез)\s+(?:an?\s+)?$")


# A model already fine-tuned ("our fine-tuned Mistral", "дообученную ламу"): what it is, not
# a run to size, when serving it is asked ("serve our fine-tuned Mistral 7B to 50 users").
_ALREADY_FINE_TUNED = re.compile(
    r"\b(?:fine-?tuned|fine tuned|finetuned|дообученн\w*|зафайнтюнен\w*|файн-?тюнен\w*)"
)


# Serving it: to people or as a deployment, not "the run took 10 hours".
_SERVING = re.compile(
    r"\bserv(?:e|es|ing)\b|\bdeploy\w*|\bhost(?:s|ing)?\b|разверн\w*|развер(?:т|тыв)\w*|"
    r"запуст\w*|\busers?\b|пользовател\w*|сотрудник\w*|\bstaff\b|\bemployees\b"
)


def _task(text: str) -> str | None:
    """The task the text asks for: the first of _TASKS said, unless it is set aside."""
    if (
        _ALREADY_FINE_TUNED.search(text)
        and _SERVING.search(_ALREADY_FINE_TUNED.sub(" ", text))
        and not (
            q.read_dataset_examples(text) or q.read_dataset_tokens(text) or q.read_epochs(text)
        )
    ):  # a model fine-tuned already, to serve: no data to train on is said
        text = _ALREADY_FINE_TUNED.sub(" ", text)
    for pattern, task in _TASKS:
        for found in re.finditer(pattern, text):
            if not _SET_ASIDE.search(text[max(0, found.start() - 16) : found.start()]):
                return task
    return None


def _kv_precision(text: str) -> str | None:
    found = _KV_PRECISION.search(text)
    return (found.group(1) or found.group(2)) if found else None


def _run_the_only_serving_word(text: str) -> bool:
    """Whether "run" is all that reads as serving: a training run's noun, said of its time."""
    return all(found.group() == "run" for found in _SERVING_WORDS.finditer(text))


def _weak_inference_only(text: str) -> bool:
    return all(_WEAK_INFERENCE.fullmatch(found.group()) for found in _SERVING_WORDS.finditer(text))


def _has_figures(said: Said) -> bool:
    return any(
        value is not None
        for value in (said.gpus, said.users, said.headcount, said.context, said.budget)
    )


def _names_no_method(text: str) -> bool:
    """'fine-tune' said, LoRA not: the reading chose LoRA for the user."""
    return not re.search(r"\blora\b|\bлор[аеуыо]\w*", text) and bool(
        re.search(_GENERIC_FINE_TUNE, text)
    )


# A size this many times the largest catalog model's is no model one could mean.
SIZE_BEYOND_CATALOG = 1.5
# A parameter count said: "10 триллионов параметров", "5T", "a 3000b model" (billions are
# "Nb" once normalized); never a count of tokens.
_PARAMS_SAID = re.compile(
    r"(?<![\w.])(\d+(?:\.\d+)?)\s*(t|трлн\.?|триллион\w*|trillion|b)(?![\w])"
    r"(?!\s*(?:\S+\s+)?(?:токен\w*|tokens?))"
)


def _sizes_said(text: str) -> Iterator[float]:
    """The parameter counts said, in billions ("300B", "1.5T", "10 триллионов")."""
    for found in _PARAMS_SAID.finditer(text):
        yield float(found.group(1)) * (1.0 if found.group(2) == "b" else 1000.0)


def open_edition_note(model: Model) -> Note:
    """The open model taken for a brand whose other editions are a hosted API only."""
    return note(M.ASSUMED_OPEN_EDITION, hosted=", ".join(model.hosted_editions), model=model.name)


def _clarification(mention: ModelMention | None) -> Clarification:
    if mention is None:
        return Clarification(reason="missing")
    if mention.unknown is not None:
        return Clarification(
            reason="unknown", candidates=list(mention.candidates), said=mention.unknown
        )
    return Clarification(reason="ambiguous", candidates=list(mention.candidates))


def _ram_bandwidth(text: str, channels: int) -> float | None:
    """'2 x DDR5-6000' -> 96 GB/s: channels x transfer rate x 8 bytes (JEDEC), the peak a
    CPU reads weights at; None unless the RAM's speed is said."""
    speed = _RAM_SPEED.search(text)
    if speed is None:
        return None
    said = _RAM_CHANNELS.search(text)
    if said is not None:
        channels = int(said.group(1)) if said.group(1) else _CHANNEL_WORDS[said.group(2)]
    return round(channels * int(speed.group(1)) * 8 / 1000, 1)
