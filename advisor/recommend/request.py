"""What a buyer asks for: a goal, not a specification.

"A document chatbot for 200 staff", "we own 4x A100 40GB", "under $40k": every field is
optional but the task, and the recommendation fills the rest from sourced defaults it
names in `assumptions`. Field names are the `advisor recommend` flags with underscores;
the REST body, the MCP tool and the LLM's tool schema are generated from this model.
"""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationInfo, field_validator

from advisor.catalog.schema import UseCaseId
from advisor.sizing.request import Task

GoalLanguage = Literal["ru", "en", "multi"]
# A goal's budget, one field per currency (at most one is set by a reader).
# The shortest request a goal is sized for: a 200-token classification holds as much.
MIN_CONTEXT = 256
# One size class: names round sizes down, so a "32B" spans 32-36.5B and "smaller than the
# last model" starts below its class (Qwen2.5 32B is no smaller than T-pro's 32.8B).
SIZE_CLASS_BAND = 1.14
BUDGET_FIELDS = ("budget_usd", "budget_rub", "budget_eur")
_OWNED = re.compile(r"^\s*(\d{1,4})\s*[x×х*]\s*([a-z0-9][a-z0-9 ._-]{0,58})\s*$", re.IGNORECASE)


class Owned(BaseModel):
    """GPUs the customer already has: the recommendation never goes beyond them."""

    model_config = ConfigDict(extra="forbid")

    gpu: str = Field(min_length=1, max_length=60, description="catalog id, e.g. a100-40gb")
    count: int = Field(ge=1, le=1024)


def parse_owned(text: str) -> Owned:
    """'4x a100-40gb' (also '4 x a100-40gb') as Owned; ValueError naming the form otherwise."""
    found = _OWNED.match(text)
    if found is None:
        raise ValueError("write COUNTx GPU-ID, e.g. 4x a100-40gb")
    return Owned(gpu=found.group(2).strip().replace(" ", "-").lower(), count=int(found.group(1)))


def _owned_as_text(value: Any) -> Any:
    """'4x a100-40gb' is accepted wherever the object is (CLI, REST, MCP, the LLM): a
    validator in the field's type, so every model built from the field keeps it."""
    return parse_owned(value) if isinstance(value, str) else value


class RecommendRequest(BaseModel):
    """A deployment goal; everything unset is a stated default of the recommendation."""

    model_config = ConfigDict(extra="forbid")

    use_case: UseCaseId | None = Field(
        default=None, description="what it is for; unset = chat (a general assistant)"
    )
    headcount: int | None = Field(
        default=None, ge=1, le=10_000_000, description="staff who will use it"
    )
    users: int | None = Field(
        default=None, ge=1, le=1_000_000, description="concurrent users at peak (wins over staff)"
    )
    requests_per_s: float | None = Field(
        default=None, gt=0, le=100_000, description="peak request rate (instead of users)"
    )
    requests_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e9,
        description="requests a working day (instead of users or a rate): spread over the busy "
        "hours with a peak hour, as the catalog's daily-volume rule says",
    )
    dialogues_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e8,
        description="dialogues (chats) a working day, each several requests: at the catalog's "
        "customer turns per dialogue, as requests_per_day (which wins when both are given)",
    )
    customers: int | None = Field(
        default=None,
        ge=1,
        le=100_000_000,
        description="customers of a customer-facing service (a customer base, not a load): "
        "each opens the catalog's customer contacts a year as dialogues, spread over the "
        "working days as dialogues_per_day; any other load wins",
    )
    requests_per_person_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e6,
        description="requests each person sends a working day: times headcount (else users) "
        "as requests_per_day, which then sets the load (requests_per_day wins when given)",
    )
    tokens_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e13,
        description="tokens of text a working day, prompt and output together (instead of "
        "users or requests): requests at the use case's tokens per request",
    )
    words_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e13,
        description="words of text a working day (instead of tokens): tokens at the catalog's "
        "tokens per word, Russian's when language is ru",
    )
    min_quality_tier: int | None = Field(
        default=None,
        ge=1,
        le=5,
        description="the least quality tier (suitability.yaml, 1-5) a shortlisted model needs; "
        "unset = the use case's floor (a high-stakes domain such as law, medicine or finance "
        "asks for 4)",
    )
    strongest: bool = Field(
        default=False,
        description="the strongest model the budget buys is wanted, not the cheapest that "
        "meets the targets: the budget bounds the stronger option instead of 3x the price",
    )
    fill_in_middle: bool = Field(
        default=False,
        description="completion in the editor (autocomplete) is wanted: only models trained "
        "to fill in the middle (suitability.yaml fill_in_middle) are shortlisted",
    )
    reasoning: bool = Field(
        default=False,
        description="a reasoning model is wanted: only models that think before they answer "
        "(models.yaml reasoning) are shortlisted, each answer sized with its chain of thought "
        "unless output_tokens is given",
    )
    no_distills: bool = Field(
        default=False,
        description="no distilled models ('no distills'): models trained on another model's "
        "outputs (models.yaml distilled_from, such as DeepSeek-R1's Qwen and Llama distills) "
        "are left out",
    )
    as_published: bool = Field(
        default=False,
        description="no quantization: each model only in the weight format its publisher "
        "released (DeepSeek-R1 in FP8, gpt-oss in MXFP4, Llama in BF16)",
    )
    fastest: bool = Field(
        default=False,
        description="the fastest setup per user is wanted ('money is no object'): an option "
        "labelled fastest, each GPU as one server's widest tensor-parallel group, within the "
        "budget if one is given",
    )
    vendor: Literal["nvidia", "amd"] | None = Field(
        default=None,
        description="only this vendor's GPUs ('NVIDIA only': its software stack, or what can "
        "be bought and serviced where the servers stand); unset = any",
    )
    datacenter: bool = Field(
        default=False,
        description="the GPUs go into a data centre or server room: GeForce cards are left out "
        "(NVIDIA's GeForce driver licence excludes data-centre deployment)",
    )
    workstation: bool = Field(
        default=False,
        description="one office machine, a tower under a desk, not a rack: tower chassis "
        "only, whatever the headcount or load would otherwise put in a server room",
    )
    professional_only: bool = Field(
        default=False,
        description="no GeForce cards ('no consumer cards'): professional and data-centre "
        "cards only, wherever the machine stands",
    )
    redundancy: bool = Field(
        default=False,
        description="N+1: one copy of the model may fail or be serviced while the others still "
        "serve the peak; the answer leads with that setup (option reserve)",
    )
    rentable_only: bool = Field(
        default=False,
        description="only GPUs with a public on-demand rate: the question is about renting",
    )
    on_premises: bool = Field(
        default=False,
        description="the data must not leave the company: renting cloud GPUs and hosted APIs "
        "are priced only with that warning",
    )
    data_residency: bool = Field(
        default=False,
        description="the data must stay in a jurisdiction (EU, Russia): a hosted API abroad is "
        "priced only with that warning, and rented GPUs must be in that region",
    )
    around_the_clock: bool = Field(
        default=False,
        description="the volume runs 24 hours a day at an even rate (a batch job, a 24/7 "
        "service), not over the working day with a peak hour",
    )
    one_off: bool = Field(
        default=False,
        description="the work is done once (a batch job, a single run) and then stops: buying "
        "is weighed against the API or renting for that job alone",
    )
    batch_items: int | None = Field(
        default=None,
        ge=1,
        le=10**11,
        description="inference: a batch job of this many requests (documents, product "
        "descriptions), each of the use case's prompt and output, run once: with no other load "
        "it is spread around the clock over deadline_hours (a week when unset), done once, and "
        "each option says how long the job takes at full load",
    )
    power_usd_per_kwh: float | None = Field(
        default=None,
        gt=0,
        le=5,
        description="the customer's electricity price, USD per kWh (the reader converts euros "
        "and roubles at the catalog's rates); unset = the catalog's",
    )
    rent_hours_per_month: float | None = Field(
        default=None,
        gt=0,
        le=744,
        description="hours a month rented GPUs would run ('8 hours a day on weekdays' = 176); "
        "unset = around the clock (730)",
    )
    speech_to_text: bool = Field(
        default=False,
        description="speech is transcribed before the LLM reads it, with no hours of audio said "
        "(audio_hours_per_day sizes it): the answer says what it takes and asks for the hours",
    )
    audio_hours_per_day: float | None = Field(
        default=None,
        gt=0,
        le=1e7,
        description="hours of speech a working day transcribed before the LLM reads them "
        "(calls, meetings): its GPU time is stated beside the options, not inside them",
    )
    live_calls: int | None = Field(
        default=None,
        ge=1,
        le=1_000_000,
        description="calls at once whose speech is recognised as they run (a voice bot, hints "
        "to operators): speech-to-text must keep up with every one live; stated beside the "
        "options instead of audio_hours_per_day's daily GPU time",
    )
    speech_synthesis: bool = Field(
        default=False,
        description="the bot speaks its answers: speech synthesis for its calls at once "
        "(live_calls, else the concurrency) is stated beside the options",
    )
    call_minutes: float | None = Field(
        default=None,
        gt=0,
        le=600,
        description="minutes a call lasts, when audio_hours_per_day counts calls a day (named "
        "in the answer's assumptions so a wrong length is corrected)",
    )
    active_share: float | None = Field(
        default=None,
        gt=0,
        le=1,
        description="share of the staff with a request in flight at peak; unset = the sourced "
        "default",
    )
    language: GoalLanguage = Field(
        default="multi", description="language of the users: ru needs a model good in Russian"
    )
    task: Task = Field(default="inference", description="what the GPUs must do")
    model: str | None = Field(
        default=None, max_length=200, description="a fixed model; unset = the shortlist"
    )
    family: str | None = Field(
        default=None,
        max_length=40,
        description="only shortlisted models whose name starts with this ('qwen', 'llama'); "
        "unset = every family",
    )
    smaller_than_b: float | None = Field(
        default=None,
        gt=0,
        le=10_000,
        description="only shortlisted models with fewer parameters than this, in billions ('a "
        "smaller model' after one); unset = any size",
    )
    stronger_than: str | None = Field(
        default=None,
        max_length=200,
        description="only models stronger than this catalog model ('a smarter one than this "
        "20B'): a higher quality tier, or its tier with more parameters; with `family`, that "
        "family's first, else the others'",
    )
    precision: str | None = Field(
        default=None,
        max_length=40,
        description="the only weight format to consider ('fp16', 'fp8', 'int4', a GGUF type); "
        "unset = as published, FP8 and 4-bit",
    )
    owned: Annotated[Owned | None, BeforeValidator(_owned_as_text)] = Field(
        default=None, description="GPUs already owned ('4x a100-40gb'): nothing beyond them"
    )
    gpu: str | None = Field(
        default=None, max_length=60, description="the only GPU to consider; unset = every GPU"
    )
    card_version: bool = Field(
        default=False,
        description="with `gpu`, a part sold only in whole 8-GPU servers named with no board "
        "('H100', not 'H100 SXM'): its version sold by the card is weighed too, as one to "
        "seven are bought",
    )
    gpus: int | None = Field(
        default=None,
        ge=1,
        le=4096,
        description="the most GPUs an option may use, to buy or rent (not owned: that is "
        "`owned`); with `gpu`, 'what about only 2 H100s?'",
    )
    budget_usd: float | None = Field(
        default=None, gt=0, le=1e10, description="the most the hardware may cost (capex)"
    )
    budget_rub: float | None = Field(
        default=None,
        gt=0,
        le=1e12,
        description="the same in roubles, at the catalog's rate (budget_usd wins when both)",
    )
    budget_eur: float | None = Field(
        default=None,
        gt=0,
        le=1e10,
        description="the same in euros, at the catalog's rate (budget_usd wins when both)",
    )
    display_currency: Literal["rub", "eur"] | None = Field(
        default=None,
        description="the currency shown beside dollars: euros by default for a euro budget, "
        "roubles otherwise",
    )
    api_bill_model: str | None = Field(
        default=None,
        min_length=1,
        max_length=60,
        description="the hosted model the API bill pays for, by its name in the catalog's API "
        "prices (gpt-4o-mini, gpt-4.1, ...): its prices turn the bill into tokens; unset = the "
        "flagship reference",
    )
    api_model: str | None = Field(
        default=None,
        min_length=1,
        max_length=60,
        description="the hosted API the customer weighs owning against, by its name in the "
        "catalog's API prices ('API like gpt-4o-mini or our own server?'): every option is "
        "compared with its prices; unset = the hosted API of each option's quality tier",
    )
    api_bill_usd: float | None = Field(
        default=None,
        gt=0,
        le=1e9,
        description="what the business pays a hosted API each month now (not a budget): each "
        "option states what it saves against it and when it pays back",
    )
    api_bill_rub: float | None = Field(
        default=None,
        gt=0,
        le=1e11,
        description="the same in roubles, at the catalog's rate (api_bill_usd wins when both)",
    )
    ttft_s: float | None = Field(
        default=None,
        gt=0,
        le=600,
        description="time to first token at peak (p95); unset = the use case's",
    )
    tokens_per_s: float | None = Field(
        default=None,
        ge=0.1,
        le=10_000,
        description="tokens/s per user at peak (at least 0.1: it sets how long each request "
        "is in flight); unset = the use case's",
    )
    context: int | None = Field(
        default=None,
        ge=MIN_CONTEXT,
        le=10_000_000,
        description="tokens per request: prompt + output; a context longer than the use "
        "case's requests is the window a request may fill (memory holds it for every user; "
        "speed is for the use case's prompt, or prompt_tokens)",
    )
    output_tokens: int | None = Field(
        default=None, ge=1, le=1_000_000, description="tokens generated per request"
    )
    prompt_tokens: int | None = Field(
        default=None,
        ge=1,
        le=10_000_000,
        description="a typical request's prompt within the context window; unset = the use "
        "case's prompt when the context is a longer window, else context - output",
    )
    document_words: int | None = Field(
        default=None,
        ge=1,
        le=5_000_000,
        description="words in each document a request reads (instead of context): its "
        "tokens at the language's tokens per word, with the answer after them",
    )
    transcript_minutes: float | None = Field(
        default=None,
        gt=0,
        le=600,
        description="each request reads a call's transcript this many minutes long: its words "
        "at the catalog's speaking rate (speech_to_text.words_per_minute); document_words or "
        "context wins",
    )
    long_documents: bool = Field(
        default=False,
        description="each request reads a long document whose length is not known: sized at "
        "the catalog's long document (workloads.yaml long_document_pages), said as assumed; "
        "document_words or context wins",
    )
    dataset_tokens: int | None = Field(
        default=None, ge=1, le=10**15, description="fine-tuning: tokens in the dataset"
    )
    epochs: float | None = Field(
        default=None,
        ge=0.01,
        le=100,
        description="fine-tuning: passes over the dataset (a hundredth at the least); unset = one",
    )
    deadline_hours: float | None = Field(
        default=None,
        gt=0,
        le=100_000,
        description="fine-tuning: the run must finish in this time; a batch job (batch_items): "
        "the job must",
    )
    runs_per_year: float | None = Field(
        default=None,
        gt=0,
        le=10_000,
        description="fine-tuning: runs a year (4 = once a quarter); each option says whether "
        "renting each run or buying costs less at that rate",
    )

    @property
    def shows_euros(self) -> bool:
        """Costs are shown in euros beside dollars (a euro budget, or euros asked for)."""
        if self.display_currency is not None:
            return self.display_currency == "eur"
        return self.budget_eur is not None

    @field_validator("workstation")
    @classmethod
    def _not_in_a_server_room(cls, value: bool, info: ValidationInfo) -> bool:
        if value and info.data.get("datacenter"):
            raise ValueError("a tower under a desk is no server room: set datacenter or this")
        return value

    @field_validator("output_tokens")
    @classmethod
    def _shorter_than_context(cls, value: int | None, info: ValidationInfo) -> int | None:
        context = info.data.get("context")
        if value is not None and context is not None and value >= context:
            raise ValueError("must be smaller than context (prompt + output)")
        return value
