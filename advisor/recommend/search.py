"""The search behind `recommend`: model x weight format x GPU x count, sized by the engine.

For a goal it builds the workload (concurrency at peak, tokens per request, latency
targets), a shortlist of models that suit the use case and language, and sizes each
model and format on each allowed GPU with the engine's `fit` at the peak load: the count
where the weights and every user's KV cache fit, then more GPUs (replicas) until the
per-user speed and the time to the first token meet the targets. Fine-tuning sizes the
run instead (the engine shards it with ZeRO-3 when one GPU cannot hold it) and adds GPUs
until it ends within the deadline. Each configuration is costed (`costs`). Out of them
come the named options of the article's staged path:
`start` (the cheapest that serves a pilot), `recommended` (meets the targets at peak with
headroom, cheapest over three years), `scale` (twice the load), plus the Pareto set of
cost against per-user speed; for owned GPUs the best models that fit them; when nothing
qualifies, what is unmet and the closest option; for a fixed model that does not fit, the
smallest changes that make it fit.

Pure: the catalog (models, GPUs, suitability, workloads, prices) is passed in.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from advisor.catalog.loader import Catalog, CatalogLookupError
from advisor.catalog.schema import (
    SERVER_GPUS,
    Gpu,
    HostedModel,
    Model,
    NamedApi,
    Prices,
    Suitability,
    UseCaseProfile,
    Workloads,
)
from advisor.errors import InputError
from advisor.messages import M, Note, Param, english, english_all, note, task_note, use_case_note
from advisor.recommend.costs import (
    HOURS_PER_MONTH,
    PEAK_TO_MEAN,
    AgainstBill,
    Serving,
    Spend,
    TrainingRun,
    against_bill,
    card_alternative,
    card_sibling,
    job_api_usd,
    rack_only,
    spend,
    tokens_per_month,
    tower_only,
)
from advisor.recommend.report import (
    Cost,
    CostRub,
    FitChange,
    Option,
    OptionGpu,
    OptionMemory,
    Recommendation,
    Workload,
)
from advisor.recommend.request import SIZE_CLASS_BAND, RecommendRequest
from advisor.sizing.adoption import PILOT_USERS
from advisor.sizing.engine import (
    CHINCHILLA_TOKENS_PER_PARAM,
    REASONING_OUTPUT_COUNTED,
    Fit,
    batch_job_of,
    compute_optimal_tokens,
    engine_dropped,
    fit,
    resolve,
)
from advisor.sizing.inputs import GB, GPUS_PER_NODE
from advisor.sizing.params import count_parameters
from advisor.sizing.request import Engine, Sharding, SizingRequest, Task
from advisor.sizing.workload import (
    concurrent_from_headcount,
    concurrent_from_volume,
    dialogues_from_customers,
    document_tokens,
    live_transcription,
    long_document,
    requests_from_dialogues,
    requests_from_text,
    speech_synthesis,
    tokens_per_word,
    transcription,
    transcription_unsized,
    ttft_target,
)

MAX_GPUS = 64  # beyond 8 servers of 8 a plan needs a person, not a calculator
# GeForce cards train within one machine: the engine's traffic between servers assumes a
# 400 Gb/s NIC per GPU (an HGX reference design), which a box of gaming cards does not have,
# and rentals of them are single machines.
# BF16 arithmetic came with Ampere (compute capability 8.0): a V100 (7.0) or a T4 (7.5) runs
# 16-bit weights as FP16 (NVIDIA CUDA GPUs table; the catalog's bf16 figure there is FP16's)
BF16_FROM_CAPABILITY = 8.0
GAMING_TRAINING_MAX_GPUS = GPUS_PER_NODE
# The largest training clusters built are of the order of 100,000 GPUs (xAI's Colossus, Meta's
# 2024 H100 clusters of 24,576 each): a count beyond it is no plan to state.
LARGEST_CLUSTER_GPUS = 100_000
# The most configurations one request may size: a bound on its time and memory whatever
# the input. With 32 GPUs in the catalog the widest goals seen size about 6,700 (chat for
# 500 users; ~0.15 ms each here, 1 s in all), so the cap leaves them room.
MAX_SIZINGS = 12_000
DEFAULT_USERS = 5  # no load given: a pilot's worth
PILOT_SHARE = 0.1  # the pilot: a tenth of the peak load, at least PILOT_USERS
HEADROOM = 1.2  # `recommended` holds 20% more users than the peak
SCALE = 2.0  # `scale` holds twice the peak
# An organisation this large runs the assistant as a service people depend on, on servers in
# a server room: the answer also prices N+1 (`reserve`), one copy of the model more than the
# peak needs, and leaves GeForce cards out as for a data centre (their driver licence).
RESERVE_FROM_HEADCOUNT = 1000


def server_room_load(
    concurrency: int, workloads: Workloads, calls: int | None = None, public: bool = False
) -> Note | None:
    """The note that so many users at once are the peak of an organisation that large (100
    dialogs at once: a call centre's), whose servers stand in a server room; None below it.
    Calls said are a call centre's load, not its staff's; a service to customers (`public`)
    is its own load, not a staff's (QA 56: 2,000 website visitors as "20,000 staff")."""
    share = workloads.concurrency.staff_share
    if concurrency < RESERVE_FROM_HEADCOUNT * share:
        return None
    if calls is not None:
        return note(M.REC_DATACENTER_BY_CALLS, calls=calls)
    if public:
        return note(M.REC_DATACENTER_BY_SERVICE, users=concurrency)
    return note(M.REC_DATACENTER_BY_LOAD, users=concurrency, staff=round(concurrency / share))


SHORTLIST_PER_TIER = 3  # the smallest models of each quality tier (the cheapest to serve)
PARETO_MAX = 3
QUALITY_PREMIUM = 3.0  # the `quality` option costs at most 3x the recommended over 3 years
OWNED_MAX = 5
# Quality a use case needs (suitability.yaml tiers): extraction and summarisation are
# narrow tasks a small model does well; a conversation with people needs more.
QUALITY_FLOOR = {"extraction": 2, "summarization": 2}
DEFAULT_QUALITY_FLOOR = 3
RUSSIAN_OK = ("strong", "good", "fair")
# A batch job with no deadline is sized to finish within a week (a product default the
# answer states, like the pilot's users); a deadline under an hour is taken as one.
BATCH_DEFAULT_HOURS = 168.0
BATCH_MIN_HOURS = 1.0
# A batch job is planned to end by this share of its deadline. The aggregate throughput its
# hours rest on is over-predicted more often than under (tests/validation, serving
# throughput: median error about 19%, most misses too fast), so a plan that fills the whole
# deadline misses it at the usual error; at 80% it still ends in time 20% slower.
BATCH_PLAN_SHARE = 0.8
RENT_HOURS_MAX = 744.0  # the longest month: rent_hours_per_month's bound

# Precision preference at equal cost: the published format, then FP8, then 4-bit.
_PRECISION_RANK = {"bf16": 0, "fp16": 0, "mxfp4": 0, "fp8": 1, "int8": 2, "int4": 3}


@dataclass(frozen=True)
class _Training:
    task: Task
    dataset_tokens: int
    seq_len: int
    deadline_hours: float
    epochs: float = 1.0


@dataclass(frozen=True)
class _Load:
    concurrency: int
    pilot: int
    input_tokens: int
    output_tokens: int
    ttft_s: float
    tokens_per_s: float
    profile: UseCaseProfile
    use_case: str
    training: _Training | None
    window: int | None = None  # the context window, when longer than a typical request
    batch_hours: float | None = None  # a batch job: the hours it must finish within

    @property
    def context(self) -> int:
        """The context each user's memory is sized for: the window, or one request."""
        return self.window or self.input_tokens + self.output_tokens


@dataclass(frozen=True)
class _Config:
    """One sized configuration: what it is, what the engine says, what it costs."""

    model: Model
    suit: Suitability | None
    precision: str
    kv_precision: str
    gpu: Gpu
    result: Fit
    users: int
    context: int
    spend: Spend

    @property
    def tier(self) -> int:
        return self.suit.quality_tier if self.suit else 0

    @property
    def gpus(self) -> int:
        return self.result.layout.gpus

    @property
    def hours(self) -> float | None:
        """Training: one run over the dataset (None for inference)."""
        training = self.result.training
        if training is None:
            return None
        request = self.result.inputs.request
        tokens = (request.dataset_tokens or 0) * request.epochs
        return tokens / max(training.tokens_per_s, 1e-9) / 3600

    @property
    def rate(self) -> float:
        """The speed a buyer compares: training tokens/s, or tokens/s per user."""
        training = self.result.training
        return training.tokens_per_s if training else self.result.speed.per_user_tokens_per_s

    def meets(self, load: _Load) -> bool:
        if not self.result.fits:
            return False
        if load.training is not None:
            return (self.hours or math.inf) <= load.training.deadline_hours
        if load.batch_hours is not None:  # a batch job: done by its deadline, at any pace each
            job = batch_job_of(self.result)
            return job is not None and job.hours <= load.batch_hours * BATCH_PLAN_SHARE
        speed = self.result.speed
        return speed.per_user_tokens_per_s >= load.tokens_per_s and speed.ttft_s <= load.ttft_s

    def meets_in_a_wave(self, load: _Load) -> bool:
        """Meets the targets when the users send together and again only after reading the
        answers: the wave's mean first token, and each stream with no prompt read beside it."""
        speed = self.result.speed
        return (
            self.result.fits
            and self.result.max_users >= load.concurrency
            and speed.wave_tokens_per_s >= load.tokens_per_s
            and speed.wave_ttft_s <= load.ttft_s
        )

    def serves(self, load: _Load, users: int) -> bool:
        """Meets the targets and holds `users` requests at once (training: the run)."""
        held = load.training is not None or load.batch_hours is not None  # a run, or a job:
        # its hours, whatever it holds at once
        return self.meets(load) and (held or self.result.max_users >= users)

    def key(self) -> tuple[float, int, int]:
        """Cheapest over three years, then the better model, then the lighter quantisation."""
        return (round(self.spend.tco_3y_usd), -self.tier, _PRECISION_RANK.get(self.precision, 4))


# A goal's loads that set its concurrency directly (a batch's items and a customer base give
# way to any of them).
_LOADS = (
    "users",
    "requests_per_s",
    "requests_per_day",
    "tokens_per_day",
    "words_per_day",
    "headcount",
    "api_bill_usd",
    "api_bill_rub",
)


def _load_said(request: RecommendRequest, *more: str) -> bool:
    return any(getattr(request, name) is not None for name in (*_LOADS, *more))


class _Search:
    def __init__(self, request: RecommendRequest, catalog: Catalog) -> None:
        self.request = request
        self.catalog = catalog
        self.prices = catalog.prices
        large = (request.headcount or 0) >= RESERVE_FROM_HEADCOUNT and request.owned is None
        staff = request.headcount or 0  # before a volume per person is turned into requests
        self.datacenter = False
        self.assumptions: list[Note] = []
        if request.workstation:  # "under a desk, not a rack": whatever the headcount
            self.prices = tower_only(self.prices)
            self.assumptions.append(note(M.REC_WORKSTATION))
        elif request.datacenter or large:
            self._in_server_room()
        if request.professional_only and not self.datacenter:
            self.assumptions.append(note(M.REC_PROFESSIONAL_ONLY))
        if request.power_usd_per_kwh is not None:  # "add electricity at €0.25/kWh"
            running = self.prices.running.model_copy(
                update={"power_usd_per_kwh": request.power_usd_per_kwh}
            )
            self.prices = self.prices.model_copy(update={"running": running})
            self.assumptions.append(
                note(
                    M.REC_POWER_PRICE,
                    usd=request.power_usd_per_kwh,
                    pue=running.pue,
                )
            )
        self.batch_hours: float | None = None  # a batch job's deadline, once read as a volume
        if request.requests_per_person_per_day is not None and request.requests_per_day is None:
            request = self._people_as_requests(request)
            self.request = request
        if request.customers is not None:
            request = self._customers_as_dialogues(request)
            self.request = request
        if request.dialogues_per_day is not None and request.requests_per_day is None:
            request = self._dialogues_as_requests(request)
            self.request = request
        if request.batch_items is not None and request.task == "inference":
            request = self._batch_as_volume(request)
            self.request = request
        self.unmet: list[Note] = []
        self.searched = 0
        self.capped = False
        self._ceilings: dict[tuple[str, str, str, int, int], bool] = {}
        self.model = self._lookup_model(request.model) if request.model else None
        self.stronger_than = (
            self._lookup_model(request.stronger_than, "stronger_than")
            if request.stronger_than
            else None
        )
        if request.precision is not None and request.precision not in catalog.formats:
            raise InputError(
                "precision", f"unknown weight format {request.precision!r}", sorted(catalog.formats)
            )
        self.owned_gpu = self._lookup_gpu(request.owned.gpu, "owned.gpu") if request.owned else None
        self.only_gpu = self._lookup_gpu(request.gpu, "gpu") if request.gpu else None
        self.bill = self._api_bill()
        names = [a.name for a in self.prices.priced_apis]
        for field in ("api_bill_model", "api_model"):
            name = getattr(request, field)
            if name is not None and self.prices.billed_api(name) is None:
                raise InputError(field, f"no API price for {name!r}", sorted(names))
        self.compared_api = (
            self.prices.billed_api(request.api_model) if request.api_model is not None else None
        )
        if request.datacenter:
            self.assumptions.append(note(M.REC_DATACENTER))
        elif self.datacenter:
            self.assumptions.append(note(M.REC_DATACENTER_BY_SIZE, staff=staff))
        self.load = self._workload()
        busy = server_room_load(
            self.load.concurrency,
            catalog.workloads,
            request.live_calls,
            public=request.use_case == "support" or request.customers is not None,
        )
        if (
            busy is not None
            and not self.datacenter
            and not request.workstation
            and self._live_on_new_servers()
        ):
            self._in_server_room()  # 100 dialogs at once: a call centre's, not an office's
            self.assumptions.append(busy)
        self.budget = self._budget()

    def _in_server_room(self) -> None:
        """Rack servers only, and no GeForce (`_gpus`): a tower is an office machine."""
        self.datacenter = True
        self.prices = rack_only(self.prices)

    def _live_on_new_servers(self) -> bool:
        """A live service to be bought: not a batch job, a training run or GPUs owned."""
        request = self.request
        return request.task == "inference" and request.batch_items is None and request.owned is None

    # ---- inputs ----------------------------------------------------------------------------

    def what_was_searched(self) -> Param:
        """The model the customer fixed, or "the shortlist", for an unmet note."""
        return self.model.name if self.model else note(M.REC_SHORTLIST)

    def _lookup_model(self, name: str, field: str = "model") -> Model:
        try:
            return self.catalog.model(name)
        except CatalogLookupError as exc:
            raise InputError(field, str(exc), exc.suggestions) from None

    def _lookup_gpu(self, name: str, field: str) -> Gpu:
        try:
            gpu = self.catalog.gpu(name)
        except CatalogLookupError as exc:
            raise InputError(field, str(exc), exc.suggestions or exc.allowed) from None
        if gpu.id not in self.prices.gpus:
            raise InputError(
                field, f"{gpu.id} has no price in the catalog", sorted(self.prices.gpus)
            )
        return gpu

    def _people_as_requests(self, request: RecommendRequest) -> RecommendRequest:
        """ "Each user sends 100 messages a day": the people's requests a day, which then set
        the load (QA 48: read as 100 in all, the answer priced one request in flight)."""
        people = request.headcount or request.users
        per_person = request.requests_per_person_per_day or 0.0
        if people is None:  # nobody counted: one person's volume is all there is
            return request.model_copy(update={"requests_per_day": per_person})
        per_day = per_person * people
        self.assumptions.append(
            note(M.ASSUMED_PER_PERSON, per=per_person, people=people, requests=per_day)
        )
        return request.model_copy(
            update={"requests_per_day": per_day, "users": None, "headcount": None}
        )

    def _customers_as_dialogues(self, request: RecommendRequest) -> RecommendRequest:
        """A customer base with no other load: its contacts a year as dialogues a working
        day (QA 51: "5,000 customers" was read as no load at all)."""
        more = ("dialogues_per_day", "requests_per_person_per_day", "batch_items")
        if request.customers is None or _load_said(request, *more):
            return request
        dialogues, derived = dialogues_from_customers(request.customers, self.catalog.workloads)
        self.assumptions.append(derived)
        return request.model_copy(update={"dialogues_per_day": dialogues})

    def _dialogues_as_requests(self, request: RecommendRequest) -> RecommendRequest:
        """Dialogues a day are the customer's turns in them a day, each a request."""
        per_day, turns = requests_from_dialogues(
            request.dialogues_per_day or 0.0, self.catalog.workloads
        )
        self.assumptions.append(turns)
        return request.model_copy(update={"requests_per_day": per_day})

    def _batch_as_volume(self, request: RecommendRequest) -> RecommendRequest:
        """A batch job with no other load: its requests spread around the clock over the
        deadline (a week when none is said), done once, so the options are sized for that
        rate and weighed against the API and renting for the job alone."""
        if request.batch_items is None or _load_said(request):
            return request
        said = request.deadline_hours is not None
        hours = max(request.deadline_hours or BATCH_DEFAULT_HOURS, BATCH_MIN_HOURS)
        self.batch_hours = hours
        planned = hours * BATCH_PLAN_SHARE
        runs = request.runs_per_year
        params: dict[str, Param] = {
            "items": request.batch_items,
            "hours": hours,
            "planned": round(planned, 1),
            "share": round(BATCH_PLAN_SHARE * 100),
            "per_s": request.batch_items / planned / 3600,
        }
        recurring = runs is not None and runs > 1  # "каждую ночь", "once a month" (QA 45)
        if recurring and runs is not None:  # the job recurs: its hours each month
            self.assumptions.append(note(M.REC_BATCH_RECURRING, **params, runs=runs))
            busy = min(hours * runs / 12, RENT_HOURS_MAX)
        else:
            self.assumptions.append(
                note(M.REC_BATCH_DEADLINE if said else M.REC_BATCH_WEEK, **params)
            )
            busy = min(hours, RENT_HOURS_MAX)
        return request.model_copy(
            update={
                "requests_per_day": request.batch_items * 24 / planned,
                "around_the_clock": True,
                "rent_hours_per_month": busy,
                "one_off": not recurring,
            }
        )

    def _budget(self) -> float | None:
        """The capex limit in USD; a rouble or euro budget converts at the catalog's rate."""
        request = self.request
        if request.budget_usd is None and request.budget_eur is not None:
            per_eur = self.prices.usd_per_eur.value
            usd = self.prices.usd(request.budget_eur, "EUR")
            self.assumptions.append(
                note(M.REC_BUDGET_EUR, eur=round(request.budget_eur), rate=per_eur, usd=round(usd))
            )
            return usd
        if request.budget_usd is not None:  # said, so the answer says it bounds the options
            rub = request.budget_usd * self.prices.rub_per_usd.value
            self.assumptions.append(
                note(M.REC_BUDGET_USD, usd=round(request.budget_usd), rub=round(rub))
            )
            return request.budget_usd
        if request.budget_rub is None:
            return None
        rate = self.prices.rub_per_usd.value
        usd = self.prices.usd(request.budget_rub, "RUB")
        self.assumptions.append(
            note(M.REC_BUDGET_RUB, rub=round(request.budget_rub), rate=rate, usd=round(usd))
        )
        return usd

    def _api_bill(self) -> float | None:
        """The API bill paid now, a month in USD (roubles convert at the catalog's rate)."""
        request = self.request
        rate = self.prices.rub_per_usd.value
        usd = request.api_bill_usd
        if usd is None and request.api_bill_rub is not None:
            usd = request.api_bill_rub / rate
        if usd is None:
            return None
        self.assumptions.append(
            note(M.REC_API_BILL, usd=round(usd), rub=round(usd * rate), rate=rate)
        )
        return usd

    def _tokens_billed(self, inputs: int, output: int) -> float:
        """Tokens a working day the API bill pays for, at the reference model's price for
        this use case's share of prompt tokens (a month spreads over its working days)."""
        assert self.bill is not None
        reference = self.prices.billed_api(self.request.api_bill_model)
        assert reference is not None  # checked when the search began
        per_m = reference.blended_usd_per_m(inputs / (inputs + output))
        monthly = self.bill / per_m * 1e6
        days = self.catalog.workloads.daily.working_days_per_month
        self.assumptions.append(
            note(
                M.REC_BILL_LOAD,
                api=reference.name,
                input=round(reference.input_usd_per_m, 2),
                output=round(reference.output_usd_per_m, 2),
                tokens=monthly,
                per_day=monthly / days,
            )
        )
        listed = reference.rub if isinstance(reference, NamedApi) else None
        if listed is not None:  # GigaChat, YandexGPT: the price as the vendor lists it
            self.assumptions.append(
                note(
                    M.REC_BILL_LISTED_RUB,
                    api=reference.name,
                    input=listed.input_rub_per_k,
                    output=listed.output_rub_per_k,
                    vat=listed.vat_pct,
                    rate=self.prices.rub_per_usd.value,
                )
            )
        return monthly / days

    def _workload(self) -> _Load:
        request, workloads = self.request, self.catalog.workloads
        use_case = request.use_case or "chat"
        profile = workloads.use_cases[use_case]
        if request.task != "inference":
            training = self._training()
            return _Load(
                concurrency=1,
                pilot=1,
                input_tokens=training.seq_len,
                output_tokens=0,
                ttft_s=profile.ttft_p95_s,
                tokens_per_s=profile.tokens_per_s_per_user,
                profile=profile,
                use_case=use_case,
                training=training,
            )
        output = request.output_tokens or profile.output_tokens
        if request.reasoning and request.output_tokens is None:
            # a reasoning model asked for: every answer opens with its chain of thought
            output = REASONING_OUTPUT_COUNTED
            self.assumptions.append(note(M.REC_REASONING, output=output))
        window: int | None = None
        if request.context is not None:
            output = min(output, request.context // 2)
            typical = request.prompt_tokens or profile.input_tokens
            if request.context > typical + output:  # "32k context": the window, not each prompt
                inputs, window = typical, request.context
                self.assumptions.append(
                    note(M.REC_WINDOW, window=window, prompt=inputs, output=output)
                )
            else:
                inputs = request.context - output
        elif (
            request.document_words is not None
            or request.long_documents
            or request.transcript_minutes is not None
        ):
            words = request.document_words
            if words is None and request.transcript_minutes is not None:  # a call's transcript
                rate = workloads.speech_to_text.words_per_minute
                words = round(request.transcript_minutes * rate)
                self.assumptions.append(
                    note(
                        M.ASSUMED_TRANSCRIPT,
                        minutes=request.transcript_minutes,
                        rate=rate,
                        words=words,
                    )
                )
            elif words is None:  # "длинные договоры": the catalog's long document
                words, assumed = long_document(workloads)
                self.assumptions.append(assumed)
            per_word, basis = tokens_per_word(workloads, request.language == "ru")
            inputs = document_tokens(words, per_word)
            if use_case == "translation" and request.output_tokens is None:
                output = inputs  # the profile's rule: output about as long as the input
            self.assumptions.append(
                note(
                    M.ASSUMED_DOCUMENT,
                    words=words,
                    per_word=per_word,
                    basis=basis,
                    prompt=inputs,
                    output=output,
                    context=inputs + output,
                )
            )
        else:
            inputs = profile.input_tokens
        ttft = request.ttft_s or ttft_target(profile, inputs)
        self.assumptions.append(
            note(
                M.REC_PROFILE,
                use_case=use_case_note(use_case),
                input=inputs,
                output=output,
                ttft=round(ttft, 1),
                # the speed stated, where one is (QA 56: "20 tokens/s" under "30 tok/s")
                speed=request.tokens_per_s or profile.tokens_per_s_per_user,
            )
        )
        if ttft != profile.ttft_p95_s and request.ttft_s is None:
            self.assumptions.append(
                note(
                    M.REC_TTFT_SCALED,
                    ttft=profile.ttft_p95_s,
                    prompt=profile.input_tokens,
                    scaled=round(ttft, 1),
                    inputs=inputs,
                )
            )
        # A request's time in flight (Little's law) and its tokens are the ones stated ("1
        # token out, answer within 200 ms" is no 256-token chat answer streamed at 20 tokens/s).
        stated = {
            "output_tokens": request.output_tokens,
            "ttft_p95_s": request.ttft_s,
            "tokens_per_s_per_user": request.tokens_per_s,
        }
        profile_as_said = profile.model_copy(
            update={k: v for k, v in stated.items() if v is not None}
        )
        # The most specific load wins: people at once, then a stated volume, then the staff
        # (a share of them at once is a rule of thumb; "500 queries a day" is a fact).
        if request.users is not None:
            concurrency = request.users
        elif request.requests_per_s is not None or request.requests_per_day is not None:
            concurrency, derived_all = concurrent_from_volume(
                request.requests_per_s,
                request.requests_per_day,
                profile_as_said,
                workloads,
                request.around_the_clock,
            )
            self.assumptions.extend(derived_all)
        elif request.tokens_per_day is not None or request.words_per_day is not None:
            per_day, text_notes = requests_from_text(
                request.tokens_per_day,
                request.words_per_day,
                profile_as_said,
                workloads,
                russian=request.language == "ru",
            )
            concurrency, derived_all = concurrent_from_volume(
                None, per_day, profile_as_said, workloads, request.around_the_clock
            )
            self.assumptions.extend([*text_notes, *derived_all])
        elif request.headcount is not None:
            concurrency, derived = concurrent_from_headcount(
                request.headcount, workloads, request.active_share
            )
            self.assumptions.append(derived)
        elif self.bill is not None:
            per_day = self._tokens_billed(inputs, output)
            requests, text_notes = requests_from_text(per_day, None, profile_as_said, workloads)
            concurrency, derived_all = concurrent_from_volume(
                None, requests, profile_as_said, workloads
            )
            self.assumptions.extend([*text_notes, *derived_all])
        else:
            concurrency = DEFAULT_USERS
            self.assumptions.append(note(M.REC_DEFAULT_USERS, users=DEFAULT_USERS))
        pilot = min(concurrency, max(PILOT_USERS, math.ceil(concurrency * PILOT_SHARE)))
        return _Load(
            concurrency=concurrency,
            pilot=pilot,
            input_tokens=inputs,
            output_tokens=output,
            ttft_s=ttft,
            tokens_per_s=request.tokens_per_s or profile.tokens_per_s_per_user,
            profile=profile,
            use_case=use_case,
            training=None,
            window=window,
            batch_hours=self.batch_hours,
        )

    def _training(self) -> _Training:
        request, data = self.request, self.catalog.workloads.fine_tuning
        task = request.task
        tokens = request.dataset_tokens or data.dataset_tokens
        seq_len = request.context or data.seq_len
        default_deadline = (
            data.pretraining_deadline_hours if task == "pretrain" else data.deadline_hours
        )
        deadline = request.deadline_hours or default_deadline
        if request.dataset_tokens is None and task == "pretrain" and self.model is not None:
            # the engine's pre-training default, so an option and its sizing train as long
            tokens = compute_optimal_tokens(count_parameters(self.model.architecture))
            self.assumptions.append(
                note(M.REC_DATASET_CHINCHILLA, tokens=tokens, per=CHINCHILLA_TOKENS_PER_PARAM)
            )
        elif request.dataset_tokens is None:
            self.assumptions.append(
                note(
                    M.REC_DATASET_DEFAULT,
                    tokens=tokens,
                    examples=tokens // data.tokens_per_example,
                    per=data.tokens_per_example,
                )
            )
        if request.context is None:
            self.assumptions.append(note(M.REC_SEQ_LEN_DEFAULT, seq_len=seq_len))
        if request.deadline_hours is None:
            default = (
                M.REC_DEADLINE_DEFAULT_PRETRAIN if task == "pretrain" else M.REC_DEADLINE_DEFAULT
            )
            self.assumptions.append(note(default, hours=deadline))
        epochs = request.epochs or 1.0
        self.assumptions.append(
            note(
                M.REC_TRAINING,
                task=task_note(task),
                epochs=int(epochs) if float(epochs).is_integer() else epochs,
                tokens=tokens,
                seq_len=seq_len,
                hours=deadline,
            )
        )
        return _Training(task, tokens, seq_len, deadline, epochs)

    # ---- the shortlist ---------------------------------------------------------------------

    def model_too_short(self) -> bool:
        """The model named cannot read one request whole (its positions, or the YaRN context
        its publisher documents): sizing its KV cache for more is no answer."""
        return (
            self.model is not None
            and self.load.training is None
            and self.model.longest_context < self.load.input_tokens + self.load.output_tokens
        )

    @cached_property
    def shortlist(self) -> list[tuple[Model, Suitability | None]]:
        """The models to size, chosen once (their choice adds the answer's assumptions)."""
        if self.request.as_published and self.request.precision is None:
            self.assumptions.append(note(M.REC_AS_PUBLISHED))
        if self.model is not None:
            if self.model_too_short():
                return []  # Llama 3 reads 8k: a 165k-token contract is no request for it
            return [(self.model, self.catalog.suitability.get(self.model.id))]
        floor = self.quality_floor
        context = self.load.context
        pool = self.pool(True, self.request.family, context)
        if self.request.smaller_than_b is not None:
            self.assumptions.append(note(M.REC_SMALLER_THAN, params=self.request.smaller_than_b))
        family = self.request.family if self.request.language == "ru" else None
        if family is not None and pool and all(s.russian not in RUSSIAN_OK for s in pool):
            # code needs no Russian rating, but the family asked for has none to show
            self.assumptions.append(note(M.REC_RUSSIAN_UNMEASURED, family=family))
        if not pool and family is not None:
            # the family asked for has no published Russian results for this use case: it was
            # asked for by name, so it is sized, and the answer says its Russian is unmeasured
            pool = self.pool(False, self.request.family, context)
            if pool:
                self.assumptions.append(note(M.REC_RUSSIAN_UNMEASURED, family=family))
        base = self.stronger_than
        if base is not None and not pool and self.request.family is not None:
            # no model of the family stronger than this one: the stronger ones of the others
            pool = self.pool(True, None, context)
            named = self.request.family
            if base.name.casefold().startswith(named.casefold()):
                named = base.name[: len(named)]  # "gigachat" as its publisher writes it
            self.assumptions.append(
                note(M.REC_NONE_STRONGER_IN_FAMILY, family=named, model=base.name)
            )
        if base is not None:
            self.assumptions.append(note(M.REC_STRONGER_THAN, model=base.name))
        if self.request.fill_in_middle and self.model is None:
            self.assumptions.append(note(M.REC_FILL_IN_MIDDLE))
        if self.request.no_distills and self.model is None:
            self.assumptions.append(note(M.REC_NO_DISTILLS))
        asked = self.request.min_quality_tier is not None
        self.assumptions.append(
            note(M.REC_QUALITY_ASKED if asked else M.REC_QUALITY_FLOOR, tier=floor)
        )
        by_tier: dict[int, list[Suitability]] = {}
        for suit in pool:
            by_tier.setdefault(suit.quality_tier, []).append(suit)
        chosen: list[tuple[Model, Suitability | None]] = []
        for tier in sorted(by_tier, reverse=True):
            smallest = sorted(
                by_tier[tier], key=lambda s: self.catalog.models[s.model].reported_params_b or 0
            )
            picked = smallest[:SHORTLIST_PER_TIER]
            if self.request.strongest:  # the largest of a tier too: the budget may buy them
                picked += [s for s in smallest[-SHORTLIST_PER_TIER:] if s not in picked]
            chosen += [(self.catalog.models[s.model], s) for s in picked]
        return chosen

    @property
    def quality_floor(self) -> int:
        """The least quality tier a shortlisted model needs: asked, or the use case's."""
        return self.request.min_quality_tier or QUALITY_FLOOR.get(
            self.load.use_case, DEFAULT_QUALITY_FLOOR
        )

    def pool(
        self, language_checked: bool = True, family: str | None = None, context: int = 0
    ) -> list[Suitability]:
        """The rated models the goal lets serve: its use case and language, quality floor,
        family and kind (reasoning, no distills, a coder that fills in the middle, above or
        below a model), each reading `context` tokens whole."""
        floor = self.quality_floor
        pool = [
            s
            for s in self.catalog.suitability.values()
            if s.model in self.catalog.models
            and self._suits(s, language_checked)
            # a model that cannot read the whole request (its config's position limit) is
            # no answer to it, however cheap
            and self.catalog.models[s.model].longest_context >= context
        ]
        if self.request.owned is None:
            pool = [s for s in pool if s.quality_tier >= floor]
        if self.request.fill_in_middle:  # autocomplete sends prefix + suffix: FIM models
            pool = [s for s in pool if s.fill_in_middle]
        if self.request.reasoning:  # "the strongest reasoning model": thinkers only
            pool = [s for s in pool if self.catalog.models[s.model].reasoning]
        if self.request.no_distills:  # "no distilled models": R1's Qwen and Llama are out
            pool = [s for s in pool if self.catalog.models[s.model].distilled_from is None]
        limit = self.request.smaller_than_b
        if limit is not None:  # "а модель поменьше?": fewer parameters than the last one
            below = limit / SIZE_CLASS_BAND  # the next size class down, not 0.3B less
            pool = [
                s for s in pool if (self.catalog.models[s.model].reported_params_b or limit) < below
            ]
        if self.stronger_than is not None:  # "поумнее, чем этот 20B": above it
            pool = [s for s in pool if self._stronger(s)]
        if family is not None:
            pool = [
                s
                for s in pool
                if self.catalog.models[s.model].name.casefold().startswith(family.casefold())
            ]
        return pool

    def _stronger(self, suit: Suitability) -> bool:
        """Above the model asked to be beaten: a higher quality tier, or its tier with more
        parameters, and never fewer (what a model knows grows with its parameters, the reason
        for suitability.yaml's size cap: a 7B that scores above a 20B is no smarter one)."""
        base = self.stronger_than
        if base is None:
            return True
        rated = self.catalog.suitability.get(base.id)
        tier = rated.quality_tier if rated is not None else 0
        params = self.catalog.models[suit.model].reported_params_b or 0.0
        least = base.reported_params_b or 0.0
        return (
            suit.model != base.id
            and params >= least
            and (suit.quality_tier > tier or (suit.quality_tier == tier and params > least))
        )

    def _suits(self, suit: Suitability, language_checked: bool = True) -> bool:
        use_case = self.load.use_case
        if use_case not in suit.use_cases and not (
            use_case == "support" and "chat" in suit.use_cases
        ):
            return False
        if use_case == "agents" and not suit.tool_calling:
            return False
        if not language_checked:
            return True
        if self.request.language == "en" and suit.russian_first:
            return False  # built for Russian: a multilingual model of its tier serves English
        # code is its own language: a coding model's Russian prose is no bar to it
        russian_needed = self.request.language == "ru" and use_case != "code"
        return not (russian_needed and suit.russian not in RUSSIAN_OK)

    # ---- sizing ----------------------------------------------------------------------------

    def formats(self, model: Model) -> list[str | None]:
        """Weight formats to try: the one asked for, or as published, FP8 and 4-bit; training:
        the task's own."""
        if self.load.training is not None:
            return [None]
        if self.request.precision is not None:
            return [self.request.precision]
        published = "fp16" if model.native_precision == "fp32" else model.native_precision
        if published == "mxfp4" or self.request.as_published:  # "no quantization"
            return [published]
        options = (
            [published, "fp8", "int4"] if published in ("bf16", "fp16") else [published, "int4"]
        )
        return [p for p in options if p in self.catalog.formats]

    def runs_as(self, precision: str | None, gpu: Gpu) -> tuple[bool, str | None]:
        """Whether the GPU's kernels run the format, and the format it runs as: a GPU older
        than the format (compute capability) runs a bf16 checkpoint as fp16 and has no FP8
        or MXFP4 kernels at all."""
        have = gpu.compute_capability
        if precision is None or have is None:
            return True, precision
        fmt = self.catalog.formats[precision]
        need = fmt.min_compute_capability
        if need is None or have >= need:
            return True, precision
        return fmt.older_gpus_run_as is not None, fmt.older_gpus_run_as

    def new(self, gpu: Gpu) -> bool:
        return self.prices.gpus[gpu.id].market == "new"

    def gpus(self) -> list[Gpu]:
        if self.owned_gpu is not None:
            return [self.owned_gpu]
        if self.only_gpu is not None:
            sibling = (
                card_sibling(self.only_gpu, self.catalog.gpus.values(), self.prices)
                if self.request.card_version
                else None
            )
            return [self.only_gpu] if sibling is None else [self.only_gpu, sibling]
        return [
            g
            for g in self.catalog.gpus.values()
            if g.gpu_class != "cpu"
            and g.id in self.prices.gpus
            and (not self.request.rentable_only or g.id in self.prices.cloud_usd_per_gpu_hour)
            and not (
                (self.datacenter or self.request.professional_only) and g.gpu_class == "gaming"
            )
            and (self.request.vendor is None or g.vendor == self.request.vendor)
        ]

    def size(
        self,
        model: Model,
        suit: Suitability | None,
        precision: str | None,
        gpu: Gpu,
        users: int,
        *,
        gpus: int | None = None,
        kv_precision: str | None = None,
        context: int | None = None,
        task: Task | None = None,
        sharding: Sharding = "none",
        cpu_offload: bool = False,
        tp: int | None = None,
        engine: Engine = "vllm",
        expert_offload_layers: int = 0,
    ) -> _Config | None:
        """The engine's figures and the cost for one configuration (None: the engine refuses
        it, e.g. a format the GPU cannot run). Training on a given count that does not fit
        with every GPU holding the whole model shards it (ZeRO-3), as the engine does."""
        if self.searched >= MAX_SIZINGS:
            self.capped = True
            return None
        runs, precision = self.runs_as(precision, gpu)
        if not runs:
            return None
        load, training = self.load, self.load.training
        context = context or load.context
        try:
            if training is not None:
                request = SizingRequest(
                    model=model.id,
                    gpu=gpu.id,
                    gpus=gpus,
                    task=task or training.task,
                    precision=precision,
                    context=context,
                    dataset_tokens=training.dataset_tokens,
                    epochs=training.epochs,
                    sharding=sharding,
                    cpu_offload=cpu_offload,
                )
            else:
                request = SizingRequest(
                    model=model.id,
                    gpu=gpu.id,
                    gpus=gpus,
                    precision=precision,
                    kv_precision=kv_precision,
                    tensor_parallel_size=tp,
                    users=users,
                    context=context,
                    engine=engine,
                    expert_offload_layers=expert_offload_layers,
                    batch_items=self.request.batch_items,
                    output_tokens=min(load.output_tokens, context - 1),
                    prompt_tokens=(
                        min(load.input_tokens, context - min(load.output_tokens, context - 1))
                        if load.window
                        else None
                    ),
                )
            inputs = resolve(request, self.catalog)
        except (InputError, ValueError):
            return None
        self.searched += 1
        result = fit(inputs)
        if (
            training is None
            and load.batch_hours is not None
            and not result.fits
            and 0 < result.max_users < users
        ):  # a batch job's requests beyond those its KV cache holds wait their turn (vLLM
            # queues them): sized for those it holds, its hours from the pace they set
            return self.size(
                model,
                suit,
                precision,
                gpu,
                result.max_users,
                gpus=gpus,
                kv_precision=kv_precision,
                context=context,
                tp=tp,
                engine=engine,
                expert_offload_layers=expert_offload_layers,
            )
        inputs = result.inputs  # a training run the count cannot hold whole is sharded
        if (
            training is not None
            and gpu.gpu_class == "gaming"
            and result.layout.gpus > GAMING_TRAINING_MAX_GPUS
            and self.owned_gpu is None
        ):
            return None
        request = inputs.request
        owned = self.owned_gpu is not None
        use: Serving | TrainingRun
        if training is not None:
            tokens = training.dataset_tokens * request.epochs
            rate = result.training.tokens_per_s if result.training else 0.0
            use = TrainingRun(hours=tokens / max(rate, 1e-9) / 3600, tokens=tokens)
        else:
            # The same tokens for every option that meets the targets (a fair comparison);
            # one slower than them serves fewer, at its own speed.
            speed = result.speed
            seconds = max(load.ttft_s, speed.ttft_s) + load.output_tokens / max(
                min(load.tokens_per_s, speed.per_user_tokens_per_s), 1e-3
            )
            even = self.request.around_the_clock  # a batch, "24/7": its hours, no peak
            use = Serving(
                monthly_tokens=tokens_per_month(
                    users,
                    seconds,
                    load.input_tokens + load.output_tokens,
                    _busy_hours(self.request, self.prices),
                    1.0 if even else PEAK_TO_MEAN,
                ),
                input_share=load.input_tokens / (load.input_tokens + load.output_tokens),
                quality_tier=suit.quality_tier if suit else 3,
                hosted=self.prices.api_for_model(model.id),
                tier_api=self.prices.api_for_tier(
                    suit.quality_tier if suit else 3, russian=self.request.language == "ru"
                ),
            )
        cost = spend(
            gpu,
            result.layout.gpus,
            self.prices,
            owned=owned,
            use=use,
            group=result.layout.per_replica,
            rent_hours=self.request.rent_hours_per_month or HOURS_PER_MONTH,
            card=card_sibling(gpu, self.catalog.gpus.values(), self.prices),
            api=self.compared_api,
        )
        if self.request.workstation and cost.servers > 1 and not owned:
            return None  # "a single workstation under a desk": what one tower holds
        return _Config(
            model,
            suit,
            inputs.fmt.id,
            inputs.kv_precision,
            gpu,
            result,
            users,
            context,
            cost,
        )

    @cached_property
    def eur_per_usd(self) -> float | None:
        """The euro rate when the goal shows euros beside dollars (a euro budget), else None."""
        return 1 / self.prices.usd_per_eur.value if self.request.shows_euros else None

    def gpu_limit(self) -> int:
        """The most GPUs an option may use: those owned, or the count the customer chose."""
        request = self.request
        return request.owned.count if request.owned else (request.gpus or MAX_GPUS)

    def grow(self, config: _Config, users: int, capacity: int | None = None) -> _Config | None:
        """The same model, format and GPU with more GPUs (the next count a server takes)
        until it serves `users` at the targets with room for `capacity` requests at once
        (default: `users`), or a training run ends within the deadline. None when no count
        up to the limit does."""
        limit = self.gpu_limit()
        room = max(users, capacity or users)
        if config.users == users and config.serves(self.load, room):
            return config
        hopeless = config.result.fits and not config.meets(self.load)
        if hopeless and not self._can_reach_targets(config, limit):
            return None
        sharding = config.result.inputs.request.sharding
        layout = config.result.layout
        for count in _COUNTS:
            if count < config.gpus or count > limit:
                continue
            # the engine's fastest split of `count`, and copies of the group already found:
            # 8 gaming cards as one tensor-parallel group need an 8-GPU server chassis, two
            # copies of 4 go in two 4-GPU towers at a fifth of the price
            splits: list[int | None] = [None]
            if (
                self.load.training is None
                and layout.pp == 1
                and count > layout.per_replica
                and count % layout.per_replica == 0
            ):
                splits.append(layout.tp)
            grown = [
                bigger
                for tp in splits
                if (
                    bigger := self.size(
                        config.model,
                        config.suit,
                        config.precision,
                        config.gpu,
                        users,
                        gpus=count,
                        sharding=sharding,
                        tp=tp,
                    )
                )
                is not None
                and bigger.result.fits
                and bigger.serves(self.load, room)
            ]
            if grown:
                return min(grown, key=_Config.key)
        return None

    def _can_reach_targets(self, config: _Config, limit: int) -> bool:
        """False when even one user on the fastest layout misses the speed or first-token
        target: more GPUs add replicas or pipeline stages, which hold more users but make
        no single request faster. The fastest layout is the widest tensor-parallel group
        (one NVLink domain), or, when that cannot hold the model, the fewest GPUs that do
        (the count already found). True for training."""
        if self.load.training is not None or self.load.batch_hours is not None:
            return True  # more GPUs end a run or a batch job sooner
        widest = min(limit, config.gpu.interconnect.domain_size)
        key = (config.model.id, config.precision, config.gpu.id, widest, config.gpus)
        if key not in self._ceilings:
            best = self.size(
                config.model, config.suit, config.precision, config.gpu, 1, gpus=widest
            )
            if best is None or not best.result.fits:
                best = self.size(
                    config.model, config.suit, config.precision, config.gpu, 1, gpus=config.gpus
                )
            self._ceilings[key] = best is None or not best.result.fits or best.meets(self.load)
        return self._ceilings[key]

    def sweep(self, users: int) -> list[_Config]:
        """Every shortlisted model and format on every allowed GPU, at `users` concurrent."""
        found: list[_Config] = []
        limit = self.gpu_limit()
        for model, suit in self.shortlist:
            for precision in self.formats(model):
                for gpu in self.gpus():
                    config = self.size(model, suit, precision, gpu, users)
                    if config is None:
                        continue
                    if config.gpus > limit:
                        config = self.size(
                            model,
                            suit,
                            precision,
                            gpu,
                            users,
                            gpus=limit,
                            sharding=config.result.inputs.request.sharding,
                        )
                        if config is None:
                            continue
                    found.append(config)
        return found


# ---- options ----------------------------------------------------------------------------------


def _option(
    label: str,
    config: _Config,
    load: _Load,
    why: Note,
    rate: float,
    market: str,
    eur_per_usd: float | None = None,
    bill: float | None = None,
    rent_hours: float = HOURS_PER_MONTH,
    card_alternative: str | None = None,
    runs: float | None = None,
    api_named: bool = False,
    batch_runs: float | None = None,
    russian_buyer: bool = False,
) -> Option:
    """One configuration as an option with its costs; `runs` a year of a training run,
    `batch_runs` a year of a recurring batch job."""
    result, cost = config.result, config.spend
    paid = (
        against_bill(cost.capex_usd, cost.monthly_usd, bill, owned=market == "owned")
        if bill is not None and load.training is None
        else None
    )
    layout = result.layout
    in_russia = isinstance(cost.api, NamedApi) and cost.api.rub is not None
    job = batch_job_of(result)
    batch_api = job_api_usd(job, cost.api) if job is not None and cost.api is not None else None
    batch_rent = (
        job.gpu_hours * cost.cloud_usd_per_gpu_hour
        if job is not None and cost.cloud_usd_per_gpu_hour is not None
        else None
    )
    monthly_runs = batch_runs / 12 if batch_runs and job is not None else None
    api_month = batch_api * monthly_runs if batch_api is not None and monthly_runs else None
    rent_month = batch_rent * monthly_runs if batch_rent is not None and monthly_runs else None
    # buying pays back against renting each run when a month of runs costs more rented than
    # running one's own; never otherwise
    rent_payback = (
        cost.capex_usd / (rent_month - cost.monthly_usd)
        if rent_month is not None and rent_month > cost.monthly_usd and market != "owned"
        else None
    )
    # A training run is one job across its GPUs (data parallel, sharded or not): one replica.
    per_replica, replicas = (
        (layout.gpus, 1) if load.training is not None else (layout.per_replica, layout.replicas)
    )
    return Option(
        label=label,
        quality_basis=config.suit.quality_basis if config.suit else None,
        model=config.model.id,
        model_name=config.model.name,
        quality_tier=config.tier,
        precision=config.precision,
        kv_precision=config.kv_precision,
        gpu=OptionGpu(
            id=config.gpu.id,
            name=config.gpu.name,
            count=per_replica,
            market=market,
            gpu_class=config.gpu.gpu_class,
            vendor=config.gpu.vendor,
            fp8_compute=config.gpu.tflops.fp8 is not None,
            bf16_native=(config.gpu.compute_capability or BF16_FROM_CAPABILITY)
            >= BF16_FROM_CAPABILITY,
        ),
        replicas=replicas,
        context=config.context,
        users_per_replica=math.ceil(config.users / replicas),
        fits=result.fits,
        meets_targets=config.meets(load),
        max_concurrent_users=result.max_users,
        per_user_tokens_per_s=round(result.speed.per_user_tokens_per_s, 1),
        ttft_s=round(result.speed.ttft_s, 3),
        binding_constraint=_binding(config, load),
        training_hours=_round(config.hours, 2),
        training_tokens_per_s=_round(result.training.tokens_per_s if result.training else None, 1),
        cost=Cost(
            capex_usd=round(cost.capex_usd),
            monthly_usd=round(cost.monthly_usd),
            tco_3y_usd=round(cost.tco_3y_usd),
            usd_per_million_tokens=round(cost.usd_per_million_tokens, 2),
            api_monthly_usd=_round(cost.api_monthly_usd, 0),
            api_name=cost.api.name if cost.api else None,
            break_even_months=_round(cost.break_even_months, 1),
            servers=cost.servers,
            gpus_bought=cost.gpus_bought,
            power_kw=round(cost.power_kw, 2),
            power_usd_per_year=round(cost.power_usd_per_month * 12),
            run_usd=_round(cost.run_usd, 2),
            cloud_run_usd=_round(cost.cloud_run_usd, 2),
            cloud_usd_per_gpu_hour=cost.cloud_usd_per_gpu_hour,
            cloud_monthly_usd=_round(cost.cloud_monthly_usd, 0),
            cloud_break_even_months=_round(cost.cloud_break_even_months, 1),
            api_named=api_named and cost.api is not None,
            api_same_model=not api_named and isinstance(cost.api, HostedModel),
            api_in_russia=in_russia,
            api_personal_data_i18n=note(
                M.REC_API_PERSONAL_DATA, law=152, notice_article=12, year=2023, article=18, part=5
            )
            if russian_buyer and cost.api is not None and not in_russia
            else None,
            batch_api_usd=_round(batch_api, 2),
            batch_rent_usd=_round(batch_rent, 2),
            batch_runs_per_month=_round(monthly_runs, 1),
            batch_api_monthly_usd=_round(api_month, 0),
            batch_rent_monthly_usd=_round(rent_month, 0),
            batch_rent_break_even_months=_round(rent_payback, 1),
            cloud_hours_per_month=rent_hours if cost.cloud_monthly_usd is not None else None,
            cloud_runs_break_even_per_year=_round(
                cost.tco_3y_usd / 3 / cost.cloud_run_usd if cost.cloud_run_usd else None, 1
            ),
            cloud_runs_per_year_usd=_round(
                cost.cloud_run_usd * runs if cost.cloud_run_usd and runs else None, 0
            ),
            runs_per_year=runs,
            card_alternative=card_alternative,
            bill_saving_usd=round(paid.saving_usd_per_month) if paid else None,
            bill_break_even_months=_round(paid.break_even_months, 1) if paid else None,
        ),
        cost_rub=_converted(cost, rate, paid).model_copy(
            update={
                "batch_api_monthly": _round(api_month * rate if api_month else None, 0),
                "batch_rent_monthly": _round(rent_month * rate if rent_month else None, 0),
            }
        ),
        cost_eur=_converted(cost, eur_per_usd, paid).model_copy(
            update={
                "batch_api_monthly": _round(api_month * eur_per_usd if api_month else None, 0),
                "batch_rent_monthly": _round(rent_month * eur_per_usd if rent_month else None, 0),
            }
        )
        if eur_per_usd
        else None,
        why=english(why),
        why_i18n=why,
        size_request=_size_fields(config),
        batch_job=job,
        memory=_memory(result, per_replica, math.ceil(config.users / replicas))
        if load.training is None
        else None,
    )


def _memory(result: Fit, gpus: int, users: int) -> OptionMemory:
    """An inference option's memory split over one replica (the engine's per-GPU figures x its
    GPUs: tensor and pipeline parallelism split weights and KV evenly)."""
    memory = result.memory
    per_request = round(memory.sequence_kv_bytes * gpus / GB, 2)
    return OptionMemory(
        weights_gb=round(memory.weights * gpus / GB, 1),
        kv_gb_per_request=per_request,
        kv_gb_at_peak=round(per_request * users, 2),
        memory_gb=round(result.inputs.gpu.memory_gb * gpus, 1),
    )


def _on_all_owned(search: _Search, config: _Config, option: Option) -> Option:
    """A batch job on GPUs the customer owns runs on all of them (more copies of the model),
    not on the fewest that meet its rate: the same GPUs finish it sooner at no extra cost."""
    owned, job = search.request.owned, option.batch_job
    per_replica = config.result.layout.per_replica
    if owned is None or job is None or owned.count <= config.gpus or owned.count % per_replica:
        return option
    wider = search.size(
        config.model,
        config.suit,
        config.precision,
        config.gpu,
        config.users,
        gpus=owned.count,
        kv_precision=config.kv_precision,
        tp=config.result.layout.tp,
    )
    sooner = batch_job_of(wider.result) if wider is not None else None
    if sooner is None or sooner.hours >= job.hours:
        return option
    rate = option.cost.cloud_usd_per_gpu_hour
    rent = sooner.gpu_hours * rate if rate is not None else None
    cost = option.cost.model_copy(update={"batch_rent_usd": _round(rent, 2)})
    return option.model_copy(update={"batch_job": sooner, "cost": cost})


def _converted(cost: Spend, rate: float, paid: AgainstBill | None) -> CostRub:
    """The option's costs in another currency, `rate` units per dollar."""
    return CostRub(
        capex=round(cost.capex_usd * rate),
        monthly=round(cost.monthly_usd * rate),
        tco_3y=round(cost.tco_3y_usd * rate),
        per_million_tokens=round(cost.usd_per_million_tokens * rate, 1),
        api_monthly=_round(_times(cost.api_monthly_usd, rate), 0),
        run=_round(_times(cost.run_usd, rate), 1),
        cloud_run=_round(_times(cost.cloud_run_usd, rate), 1),
        cloud_monthly=_round(_times(cost.cloud_monthly_usd, rate), 0),
        bill_saving=round(paid.saving_usd_per_month * rate) if paid else None,
        power_per_year=round(cost.power_usd_per_month * 12 * rate),
    )


def _round(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


def _times(value: float | None, rate: float) -> float | None:
    return None if value is None else value * rate


def _binding(config: _Config, load: _Load) -> str:
    result = config.result
    if not result.fits:
        return "memory"
    if load.training is not None:
        return "none" if config.meets(load) else "deadline"
    if result.max_users < config.users:
        return "kv_cache"
    if result.speed.per_user_tokens_per_s < load.tokens_per_s:
        return "speed"
    if result.speed.ttft_s > load.ttft_s:
        return "ttft"
    return "none"


def _pareto(configs: list[_Config]) -> list[_Config]:
    """Options no other beats on both 3-year cost and per-user speed."""
    ordered = sorted(configs, key=lambda c: (c.spend.tco_3y_usd, -c.rate))
    frontier: list[_Config] = []
    best_speed = -1.0
    for config in ordered:
        speed = config.rate
        if speed > best_speed:
            frontier.append(config)
            best_speed = speed
    return frontier


def _same(a: _Config, b: _Config) -> bool:
    return (a.model.id, a.precision, a.gpu.id, a.gpus) == (
        b.model.id,
        b.precision,
        b.gpu.id,
        b.gpus,
    )


def _why(label: str, config: _Config, load: _Load, base: _Config) -> Note:
    result = config.result
    common: dict[str, Param] = {
        "model": config.model.name,
        "precision": config.precision.upper(),
        "count": config.gpus,
        "gpu": config.gpu.name,
        "users": config.users,
        "capacity": result.max_users,
        "speed": round(result.speed.per_user_tokens_per_s, 1),
        "tco": round(config.spend.tco_3y_usd),
        "tier": config.tier,
        "base_tier": base.tier,
        "copies": result.layout.replicas,
        "spare_from": result.layout.replicas - 1,
    }
    if load.training is not None:
        common |= {
            "task": task_note(load.training.task),
            "hours": round(config.hours or 0.0, 2),
            "deadline": load.training.deadline_hours,
            "tokens": load.training.dataset_tokens,
        }
        return note(_WHY_TRAINING[label], **common)
    if label == "closest" and config.serves(load, load.concurrency):
        return note(M.WHY_OVER_BUDGET, **common)  # it serves the load: the budget is short
    if label == "budget_fit":
        common |= {
            "ttft": round(result.speed.ttft_s, 2),
            "target_speed": round(load.tokens_per_s, 1),
            "target_ttft": round(load.ttft_s, 2),
        }
    return note(_WHY[label], **common)


_WHY = {
    "recommended": M.WHY_RECOMMENDED,
    "fastest": M.WHY_FASTEST,
    "start": M.WHY_START,
    "scale": M.WHY_SCALE,
    "owned": M.WHY_OWNED,
    "pareto": M.WHY_PARETO,
    "quality": M.WHY_QUALITY,
    "pro": M.WHY_PRO,
    "reserve": M.WHY_RESERVE,
    "closest": M.WHY_CLOSEST,
    "budget_fit": M.WHY_BUDGET_FIT,
}
_WHY_TRAINING = {
    "recommended": M.WHY_TRAIN_RECOMMENDED,
    "start": M.WHY_TRAIN_START,
    "owned": M.WHY_TRAIN_OWNED,
    "pareto": M.WHY_TRAIN_PARETO,
    "quality": M.WHY_TRAIN_QUALITY,
    "pro": M.WHY_TRAIN_PRO,
    "closest": M.WHY_TRAIN_CLOSEST,
    "rent": M.WHY_TRAIN_RENT,
    "rent_instead": M.WHY_TRAIN_RENT_INSTEAD,
}


def recommend(request: RecommendRequest, catalog: Catalog) -> Recommendation:
    """Options for a goal (see the module docstring); InputError names a bad field."""
    search = _Search(request, catalog)
    request, load = search.request, search.load  # a batch job is read as its volume
    rate = catalog.prices.rub_per_usd.value
    options: list[Option] = []
    picked: list[_Config] = []

    def add(label: str, config: _Config, base: _Config | None = None) -> None:
        why = _why(label, config, load, base or config)
        picked.append(config)
        market = "owned" if request.owned else catalog.prices.gpus[config.gpu.id].market
        hours = request.rent_hours_per_month or HOURS_PER_MONTH
        card = card_alternative(
            config.gpu,
            config.gpus,
            config.spend.gpus_bought,
            catalog.gpus.values(),
            catalog.prices,
        )
        option = _option(
            label,
            config,
            load,
            why,
            rate,
            market,
            search.eur_per_usd,
            search.bill,
            hours,
            card,
            request.runs_per_year if load.training is not None else None,
            search.compared_api is not None,
            request.runs_per_year
            if load.training is None and search.batch_hours is not None and not request.one_off
            else None,
            russian_buyer=request.language == "ru",
        )
        options.append(_on_all_owned(search, config, option) if market == "owned" else option)

    configs = search.sweep(load.concurrency)
    budget = search.budget
    in_a_wave: Note | None = None
    fitting = [c for c in configs if c.result.fits]
    meeting = [g for c in fitting if (g := search.grow(c, load.concurrency)) is not None]
    affordable = [c for c in meeting if budget is None or c.spend.capex_usd <= budget]
    if request.owned is not None:
        _owned_options(search, fitting, add)
    # Used cards (discontinued, bought second-hand) serve a pilot; production gets new ones
    # unless nothing new qualifies.
    production = [c for c in affordable if search.new(c.gpu)] or affordable
    # Headroom: the same configurations grown until they hold 20% more than the peak.
    room = math.ceil(load.concurrency * HEADROOM)
    headroom = [
        g
        for c in production
        if load.training is None
        and (g := search.grow(c, load.concurrency, capacity=room)) is not None
        and (budget is None or g.spend.capex_usd <= budget)
    ]
    best = min(headroom or production, key=_Config.key, default=None)
    if best is not None:
        best = _lightest_format_on_the_same_purchase(best, headroom or production)
    if best is not None and request.owned is None:
        within = [c for c in fitting if budget is None or c.spend.capex_usd <= budget]
        start = _start(search, best, within)
        if (
            start is not None
            and not _same(start, best)
            and (budget is None or start.spend.capex_usd <= budget)
        ):
            add("start", start)
        add("recommended", best)
        spare = (
            _reserve(search, best)
            if load.training is None
            and (request.redundancy or (request.headcount or 0) >= RESERVE_FROM_HEADCOUNT)
            else None
        )
        if spare is not None and budget is not None and spare.spend.capex_usd > budget:
            spare = None
        spare_base = best
        scaled = search.grow(best, math.ceil(load.concurrency * SCALE))
        if (
            load.training is None
            and scaled is not None
            and not _same(scaled, best)
            and not (spare is not None and _same(scaled, spare))  # N+1 says it
            and (budget is None or scaled.spend.capex_usd <= budget)
        ):
            add("scale", scaled)
        # A stronger model within QUALITY_PREMIUM x the recommended 3-year cost: beyond that
        # it is another purchase, not an upgrade of this one. Asked for the strongest model a
        # budget buys (or money is no limit), the budget is the bound and the strongest wins.
        if request.strongest:
            stronger = [
                c
                for c in production
                if (c.tier, c.model.reported_params_b or 0.0)
                > (best.tier, best.model.reported_params_b or 0.0)
            ]
            better = max(
                stronger,
                key=lambda c: (c.tier, c.model.reported_params_b or 0.0, -c.spend.capex_usd),
                default=None,
            )
        else:
            premium = QUALITY_PREMIUM * best.spend.tco_3y_usd
            stronger = [
                c for c in production if c.tier > best.tier and c.spend.tco_3y_usd <= premium
            ]
            better = min(stronger, key=_Config.key, default=None)
        if spare is not None and request.strongest and better is not None:
            # the spare is for the model wanted: the strongest, not the cheapest that serves
            strong_spare = _reserve(search, better)
            if strong_spare is not None and (
                budget is None or strong_spare.spend.capex_usd <= budget
            ):
                spare, spare_base = strong_spare, better
        if spare is not None:
            add("reserve", spare, base=spare_base)
        if better is not None:
            add("quality", better, base=best)
        # beside the strongest model asked for, its own professional-card setup
        pro_base = better if request.strongest and better is not None else best
        pro = _professional(pro_base, headroom, production)
        if pro is not None:
            add("pro", pro, base=pro_base)
        in_a_wave = _wave_note(search, best, fitting)
        rented = _rented_instead(best, affordable)
        if rented is not None:
            add("rent_instead", rented)
        fastest = _fastest(search, production) if request.fastest else None
        if fastest is not None and not any(_same(fastest, p) for p in picked):
            add("fastest", fastest, base=best)
        others = [c for c in _pareto(affordable) if not any(_same(c, p) for p in picked)]
        for config in others[:PARETO_MAX]:
            add("pareto", config)
    elif best is None and request.owned is None:
        _unmet(search, fitting, meeting, affordable, add)
    # Pre-training is sped up by more GPUs (said in the unmet note), not by QLoRA, shorter
    # sequences or another model on the fewest GPUs that hold it. A model that cannot read one
    # request whole has no format or GPU that makes it (QA 49: its whole-document figures sat
    # under the retrieval answer, 2.7 tokens/s against the 18.5 above).
    make_it_fit = (
        _make_it_fit(search, meeting)
        if request.model and request.task != "pretrain" and not search.model_too_short()
        else []
    )
    assumptions = [*search.assumptions, *_cost_assumptions(catalog, load, request)]
    assumptions += _engine_dropped(catalog, options)
    asked = catalog.models.get(request.model or "")
    if (
        asked is not None
        and asked.reasoning
        and load.training is None
        and load.output_tokens < REASONING_OUTPUT_COUNTED
    ):  # "DeepSeek R1 for 50 users": its chain of thought is not in the use case's answer
        assumptions.append(note(M.REASONING_OUTPUT, model=asked.name, output=load.output_tokens))
    if search.capped:
        assumptions.append(note(M.REC_SEARCH_CAPPED, sizings=MAX_SIZINGS))
    if request.call_minutes is not None and request.audio_hours_per_day is not None:
        assumptions.append(
            note(
                M.REC_CALL_MINUTES,
                minutes=request.call_minutes,
                hours=round(request.audio_hours_per_day, 1),
            )
        )
    speech: Note | None = None
    if request.live_calls is not None and load.training is None:
        speech = live_transcription(request.live_calls, catalog.workloads)
    elif request.audio_hours_per_day is not None and load.training is None:
        speech = transcription(request.audio_hours_per_day, catalog.workloads)
    elif request.speech_to_text and load.training is None:  # speech said, no hours of it
        speech = transcription_unsized(catalog.workloads)
    spoken = (
        speech_synthesis(request.live_calls or load.concurrency, catalog.workloads)
        if request.speech_synthesis and load.training is None
        else None
    )
    switch = _api_switch(search, load)
    return Recommendation(
        goal=_goal(request, load),
        workload=Workload(
            concurrency=load.concurrency,
            input_tokens=load.input_tokens,
            output_tokens=load.output_tokens,
            ttft_p95_s=None if load.training else load.ttft_s,
            tokens_per_s_per_user=None if load.training else load.tokens_per_s,
            use_case=load.use_case,
            pilot_users=load.pilot,
            task=request.task,
            dataset_tokens=load.training.dataset_tokens if load.training else None,
            seq_len=load.training.seq_len if load.training else None,
            deadline_hours=load.training.deadline_hours if load.training else None,
        ),
        options=options,
        make_it_fit=make_it_fit,
        server_room=search.datacenter,
        unmet=english_all(search.unmet),
        unmet_i18n=search.unmet,
        assumptions=english_all(assumptions),
        assumptions_i18n=assumptions,
        transcription=english(speech) if speech is not None else None,
        transcription_i18n=speech,
        synthesis=english(spoken) if spoken is not None else None,
        synthesis_i18n=spoken,
        api_switch=english(switch) if switch is not None else None,
        api_switch_i18n=switch,
        in_a_wave=english(in_a_wave) if in_a_wave is not None else None,
        in_a_wave_i18n=in_a_wave,
        sources=_sources(catalog, load, picked),
        rub_per_usd=rate,
        eur_per_usd=search.eur_per_usd,
        searched=search.searched,
    )


def _wave_note(search: _Search, best: _Config, fitting: list[_Config]) -> Note | None:
    """The wave's setup against the lead, within the budget, as the answer states it."""
    wave = _in_a_wave(search, best, fitting)
    budget = search.budget
    if wave is None or (budget is not None and wave.spend.capex_usd > budget):
        return None
    speed = wave.result.speed
    return note(
        M.REC_IN_A_WAVE,
        users=search.load.concurrency,
        count=wave.gpus,
        gpu=wave.gpu.name,
        format=wave.precision.upper(),
        ttft=round(speed.wave_ttft_s, 1),
        speed=round(speed.wave_tokens_per_s, 1),
        steady=round(speed.per_user_tokens_per_s, 1),
        capex=round(wave.spend.capex_usd),
        best=round(best.spend.capex_usd),
    )


def _in_a_wave(search: _Search, best: _Config, fitting: list[_Config]) -> _Config | None:
    """The cheapest setup of the lead's model that serves the users as a wave: they send
    together and again only after reading the answers (lawyers with 128k contracts), so no
    prompt is read while the answers stream. Sized on fewer GPUs than the lead, which holds
    them all in flight at once, each arrival's prompt read beside the streams (QA 48: 24 H200
    for ten contract reviews, where 8 serve ten sent together). None when the lead's GPUs are
    already the fewest, or the wave needs as many."""
    load = search.load
    if load.training is not None or load.batch_hours is not None or search.request.owned:
        return None
    found: list[_Config] = []
    for config in fitting:
        if config.model.id != best.model.id or config.gpus >= best.gpus:
            continue
        for count in _COUNTS:
            if count < config.gpus or count >= best.gpus:
                continue
            sized = search.size(
                config.model,
                config.suit,
                config.precision,
                config.gpu,
                load.concurrency,
                gpus=count,
            )
            if sized is None or not sized.result.fits:
                continue
            if sized.meets(load):  # no prompt interference to spare: the lead's own reason
                break
            if sized.meets_in_a_wave(load):
                found.append(sized)
                break  # more of this GPU cost more
    cheaper = [c for c in found if c.spend.tco_3y_usd < best.spend.tco_3y_usd]
    wave = min(cheaper, key=_Config.key, default=None)
    return _lightest_format_on_the_same_purchase(wave, cheaper) if wave is not None else None


def _lightest_format_on_the_same_purchase(best: _Config, pool: list[_Config]) -> _Config:
    """Whole 8-GPU servers buy the same GPUs whichever format runs on them: 3 MI300X in INT4
    and 4 in FP8 are one purchase, and the lighter quantisation keeps more of the model's
    quality for a few watts more. The same model and GPU at the same price in a lighter
    format wins."""
    rank = _PRECISION_RANK.get(best.precision, 4)
    same = [
        c
        for c in pool
        if c.gpu.id == best.gpu.id
        and c.model.id == best.model.id
        and round(c.spend.capex_usd) == round(best.spend.capex_usd)
        and _PRECISION_RANK.get(c.precision, 4) < rank
    ]
    return min(same, key=lambda c: (_PRECISION_RANK.get(c.precision, 4), c.key()), default=best)


def _rented_instead(best: _Config, meeting: list[_Config]) -> _Config | None:
    """A training run led by GPUs with no public rental rate: the same model's run that costs
    least to rent within the deadline, so a one-off run is priced rented as well as bought
    (another model rented would price another run)."""
    if best.hours is None or best.spend.cloud_run_usd is not None:
        return None
    rentable = [
        c for c in meeting if c.spend.cloud_run_usd is not None and c.model.id == best.model.id
    ]
    return min(rentable, key=lambda c: (c.spend.cloud_run_usd or 0.0, c.key()), default=None)


def _reserve(search: _Search, best: _Config) -> _Config | None:
    """N+1: the recommended setup with one more copy of the model (the same GPUs per copy and
    the same split), so that with any one copy down (a failed GPU, a driver update) the
    others still hold the peak at the targets, as the recommended setup does. None when the
    GPU limit leaves no room for it or the engine would split the GPUs differently."""
    layout = best.result.layout
    count = best.gpus + layout.per_replica
    if count > search.gpu_limit():
        return None
    spare = search.size(
        best.model,
        best.suit,
        best.precision,
        best.gpu,
        search.load.concurrency,
        gpus=count,
        kv_precision=best.kv_precision,
        tp=layout.tp,
    )
    if spare is None or not spare.result.fits:
        return None
    grown = spare.result.layout
    if (grown.tp, grown.pp, grown.replicas) != (layout.tp, layout.pp, layout.replicas + 1):
        return None
    return spare


def _professional(
    best: _Config, headroom: list[_Config], production: list[_Config]
) -> _Config | None:
    """Beside a GeForce lead, the cheapest setup on professional or data-centre cards, the
    same model where one serves it: GeForce's driver licence excludes data-centre use, and
    the article weighs 48 GB pro cards against gaming flagships. Grown for headroom when the
    lead was."""
    if best.gpu.gpu_class != "gaming":
        return None
    pool = [c for c in headroom if c.gpu.gpu_class != "gaming"] or [
        c for c in production if c.gpu.gpu_class != "gaming"
    ]
    same = [c for c in pool if c.model.id == best.model.id]
    return min(same or pool, key=_Config.key, default=None)


def _fastest(search: _Search, serving: list[_Config]) -> _Config | None:
    """The setup with the highest per-user speed that serves the load within the budget:
    decode reads the weights once a token, so as many of the card with the most bandwidth as
    one server holds (GPUS_PER_NODE), in the layout the engine finds fastest (one wide
    tensor-parallel group, or copies of a model that one GPU streams fastest), streams
    fastest; each model, format and card that serves the load is sized so, and the fastest
    kept (then the cheaper)."""
    if search.load.training is not None:
        return None
    budget, load = search.budget, search.load
    wide = min(GPUS_PER_NODE, search.gpu_limit())
    best: _Config | None = None
    seen: set[tuple[str, str, str]] = set()
    for config in serving:
        kind = (config.model.id, config.precision, config.gpu.id)
        if kind in seen:
            continue
        seen.add(kind)
        candidates = [config]
        if config.gpus < wide:
            grown = search.size(
                config.model, config.suit, config.precision, config.gpu, load.concurrency, gpus=wide
            )
            if grown is not None and grown.serves(load, load.concurrency):
                candidates.append(grown)
        for candidate in candidates:
            if budget is not None and candidate.spend.capex_usd > budget:
                continue
            if best is None or (candidate.rate, -candidate.spend.tco_3y_usd) > (
                best.rate,
                -best.spend.tco_3y_usd,
            ):
                best = candidate
    return best


def _start(search: _Search, best: _Config, fitting: list[_Config]) -> _Config | None:
    """The cheapest GPU that serves the pilot with the recommended model and format; for
    training, the cheapest setup that runs it at all (past the deadline, if need be)."""
    if search.load.training is not None:
        # a start spends less up front (QA 44: 2 used V100s at $9,400 "started" $7,600 of
        # RTX 5090s, cheaper only over three years of power)
        cheaper = [
            c
            for c in fitting
            if c.spend.tco_3y_usd < best.spend.tco_3y_usd
            and c.spend.capex_usd < best.spend.capex_usd
        ]
        return min(cheaper, key=_Config.key, default=None)
    # A server room (a bank, a state body) buys its pilot new, with the vendor's warranty and
    # support: no discontinued cards bought second-hand
    new_only = search.request.datacenter or search.request.on_premises
    pilots = [
        c
        for gpu in search.gpus()
        if not (new_only and not search.new(gpu))
        and (c := search.size(best.model, best.suit, best.precision, gpu, search.load.pilot))
        is not None
    ]
    serving = [g for c in pilots if c.result.fits and (g := search.grow(c, search.load.pilot))]
    return min(serving, key=_Config.key, default=None)


def _owned_options(
    search: _Search, fitting: list[_Config], add: Callable[[str, _Config], None]
) -> None:
    """The best models the owned GPUs hold: quality first, then those meeting the targets."""
    load = search.load
    best_per_model: dict[str, _Config] = {}
    for config in fitting:
        current = best_per_model.get(config.model.id)
        if current is None or _owned_rank(config, load) > _owned_rank(current, load):
            best_per_model[config.model.id] = config

    def rank(config: _Config) -> tuple[bool, float, float]:
        if load.batch_hours is not None and not config.meets(load):  # nearest its deadline
            return (False, 0.0, -_job_hours(config))
        return (config.meets(load), config.tier, config.model.reported_params_b or 0.0)

    ranked = sorted(best_per_model.values(), key=rank, reverse=True)
    for config in ranked[:OWNED_MAX]:
        add("owned", config)
    if not ranked:
        owned = search.request.owned
        assert owned is not None and search.owned_gpu is not None
        what = search.what_was_searched()
        if load.training is not None:
            search.unmet.append(
                note(
                    M.UNMET_OWNED_TRAINING,
                    model=what,
                    task=task_note(load.training.task),
                    count=owned.count,
                    gpu=search.owned_gpu.name,
                )
            )
            return
        search.unmet.append(
            note(
                M.UNMET_OWNED,
                model=what,
                users=load.concurrency,
                count=owned.count,
                gpu=search.owned_gpu.name,
            )
        )


def _owned_rank(config: _Config, load: _Load) -> tuple[bool, bool, float]:
    """Of one model's formats on the owned GPUs: one that meets the targets, then the best
    quality; a batch job none ends in time, the one nearest its deadline."""
    meets = config.meets(load)
    if load.batch_hours is not None and not meets:
        return (False, False, -_job_hours(config))
    return (meets, config.serves(load, load.concurrency), -_PRECISION_RANK.get(config.precision, 4))


def _job_hours(config: _Config) -> float:
    """A batch job's hours on this setup (infinite where it runs none)."""
    job = batch_job_of(config.result)
    return job.hours if job is not None else math.inf


def _most_held(search: _Search) -> _Config | None:
    """Nothing allowed holds the load at its context: the setup that holds the most requests
    at that context within the GPU limit, sized at that many (its speed at that load)."""
    held = [c for c in search.sweep(1) if c.result.fits]
    if search.request.gpus is not None:  # "на двух 4090": all the GPUs allowed hold more
        at_limit = (
            search.size(
                c.model,
                c.suit,
                c.precision,
                c.gpu,
                1,
                gpus=search.gpu_limit(),
                kv_precision=c.kv_precision,
            )
            for c in held
        )
        held = [c for c in at_limit if c is not None and c.result.fits] or held
    if not held:
        return None
    most = max(held, key=lambda c: (c.result.max_users, -c.spend.tco_3y_usd))
    # sized at the most it holds; where the engine's figures at that load fall just short
    # (activations grow with the batch), a tenth fewer at a time, not the single user it
    # was found at (QA 46: "1 user at once (room for 139)")
    users = most.result.max_users
    while users > 1:
        loaded = search.size(
            most.model,
            most.suit,
            most.precision,
            most.gpu,
            users,
            gpus=most.gpus,
            kv_precision=most.kv_precision,
        )
        if loaded is not None and loaded.result.fits:
            return loaded
        users = int(users * 0.9)
    return most


def _unmet(
    search: _Search,
    fitting: list[_Config],
    meeting: list[_Config],
    affordable: list[_Config],
    add: Callable[[str, _Config], None],
) -> None:
    """Why nothing qualifies, and the closest option there is."""
    load, budget = search.load, search.budget
    training = load.training
    if search.model is not None and search.model_too_short():
        search.unmet.append(
            note(
                M.UNMET_MODEL_CONTEXT_TOO_LONG,
                model=search.model.name,
                context=load.input_tokens + load.output_tokens,
                longest=search.model.longest_context,
            )
        )
        return
    if not fitting and training is None and search.model is None and not search.shortlist:
        # of the models the shortlist would take but for the context ("a reasoning model for
        # 220k-token contracts": none reads one whole, QA 50)
        family = search.request.family
        kind = search.pool(True, family) or search.pool(False, family)
        models = search.catalog.models
        longest = max((models[s.model].longest_context for s in kind), default=0)
        if kind and load.context > longest:  # "400-page tenders": none for the task reads one
            search.unmet.append(
                note(M.UNMET_CONTEXT_TOO_LONG, context=load.context, longest=longest)
            )
            return
        search.unmet.append(  # nothing to size: no model suits the task, language and family
            note(
                M.UNMET_NO_MODEL,
                use_case=use_case_note(load.use_case),
                family=f"{search.request.family} " if search.request.family else "",
            )
        )
        return
    if not fitting:
        what = search.what_was_searched()
        if training is not None:
            search.unmet.append(
                note(
                    M.UNMET_FIT_TRAINING,
                    model=what,
                    task=task_note(training.task),
                    seq_len=training.seq_len,
                    count=search.gpu_limit(),
                )
            )
            return
        search.unmet.append(
            note(
                M.UNMET_FIT,
                model=what,
                users=load.concurrency,
                context=load.context,
            )
        )
        closest = _most_held(search)
        if closest is not None:  # "2 x 4090 at 32k for 30": the most they hold, priced
            add("closest", closest)
        return
    if not meeting:
        if training is not None:
            search.unmet.append(
                note(
                    M.UNMET_DEADLINE,
                    tokens=training.dataset_tokens,
                    hours=training.deadline_hours,
                    count=search.gpu_limit(),
                )
            )
            # The closest run is the fastest one the GPU limit allows, not the fastest of
            # the fewest GPUs that hold it (16 small cards would beat 2 H100s there).
            fitting = [_at_limit(search, c) for c in fitting]
        else:
            search.unmet.append(
                note(
                    M.UNMET_TARGETS,
                    speed=load.tokens_per_s,
                    ttft=load.ttft_s,
                    users=load.concurrency,
                )
            )
        closest = max(fitting, key=lambda c: (c.rate, -c.spend.tco_3y_usd))
        add("closest", closest)
        if training is not None:
            _beyond_the_limit(search, closest)
            rentable = [  # the same model's run, rented
                c
                for c in fitting
                if c.spend.cloud_run_usd is not None and c.model.id == closest.model.id
            ]
            fastest = max(
                rentable, key=lambda c: (c.rate, -(c.spend.cloud_run_usd or 0.0)), default=None
            )
            if closest.spend.cloud_run_usd is None and fastest is not None:
                add("rent_instead", fastest)  # what the run costs rented, on GPUs one can rent
        return
    if budget is not None and not affordable:
        cheapest = min(meeting, key=lambda c: c.spend.capex_usd)
        local = search.eur_per_usd or search.prices.rub_per_usd.value
        search.unmet.append(
            note(
                M.UNMET_BUDGET,
                capex=round(cheapest.spend.capex_usd),
                capex_local=round(cheapest.spend.capex_usd * local),
                budget=round(budget),
                budget_local=round(budget * local),
                cur=note(M.CURRENCY_EUR if search.eur_per_usd else M.CURRENCY_RUB),
            )
        )
        add("closest", cheapest)
        short = [  # the same model within the budget, holding the load short of its speed
            c
            for c in fitting
            if c.model.id == cheapest.model.id
            and c.spend.capex_usd <= budget
            and c.result.max_users >= load.concurrency
        ]
        if load.training is None and short:
            add("budget_fit", max(short, key=lambda c: (c.rate, -c.spend.tco_3y_usd)))
        rented = [c for c in meeting if c.spend.cloud_run_usd is not None]
        if load.training is not None and rented:  # a run rented may fit where buying does not
            run = min(rented, key=lambda c: c.spend.cloud_run_usd or 0.0)
            cost = run.spend.cloud_run_usd or 0.0
            if cost <= budget:
                search.unmet.append(
                    note(
                        M.UNMET_BUDGET_RENT,
                        count=run.gpus,
                        gpu=run.gpu.name,
                        hours=round(run.hours or 0.0, 2),
                        rent=round(cost, 2),
                    )
                )
                if run is not cheapest:
                    add("rent", run)


def _at_limit(search: _Search, config: _Config) -> _Config:
    """A training config on the most GPUs a server layout takes within the limit (itself
    when that is no more, or the larger one does not fit)."""
    limit = search.gpu_limit()
    count = max(c for c in _COUNTS if c <= limit) if limit >= _COUNTS[0] else limit
    if count <= config.gpus:
        return config
    bigger = search.size(
        config.model,
        config.suit,
        config.precision,
        config.gpu,
        config.users,
        gpus=count,
        sharding=config.result.inputs.request.sharding,
    )
    return bigger if bigger is not None and bigger.result.fits else config


def _beyond_the_limit(search: _Search, closest: _Config) -> None:
    """A training run that no setup within the GPU limit finishes in time: the data-parallel
    count that would, at the closest run's rate per GPU. Data parallelism keeps its rate per
    GPU across servers (MosaicML's MPT pre-training held it from 8 to 128 GPUs; the engine's
    collectives run at the servers' network rate), so GPU-hours, and the rent, stay the same."""
    training, hours = search.load.training, closest.hours
    limit = search.gpu_limit()
    if training is None or hours is None or closest.gpus < min(limit, SERVER_GPUS):
        return
    if closest.gpus < max(c for c in _COUNTS if c <= limit):
        return  # the limit did not bind: a larger count did not fit or run faster
    needed = closest.gpus * hours / training.deadline_hours
    if not needed <= LARGEST_CLUSTER_GPUS:  # a deadline of seconds: no cluster is that large
        return
    servers = math.ceil(needed / SERVER_GPUS)
    rent = closest.spend.cloud_run_usd
    search.unmet.append(
        note(
            M.UNMET_DEADLINE_SCALE_OUT,
            count=servers * SERVER_GPUS,
            gpu=closest.gpu.name,
            servers=servers,
            hours=training.deadline_hours,
            limit=limit,
            gpu_hours=round(closest.gpus * hours),
        )
    )
    if rent is not None:
        search.unmet.append(note(M.UNMET_DEADLINE_SCALE_OUT_RENT, rent=round(rent)))


# The shortest training sequence offered to make a fine-tuning fit: FSDP-QLoRA's 70B runs on
# two 24 GB cards used 512 to 2,048 tokens (Answer.AI, "You can now train a 70b language model
# at home", 2024-03); shorter examples teach little beyond a sentence or two.
MIN_TRAINING_SEQUENCE = 512
# The format one person's gaming card runs a model in when AWQ's 16-bit embeddings and output
# layer do not fit it (Ollama's default pull).
GGUF_FIT = "q4_k_m"


def _make_it_fit(search: _Search, meeting: list[_Config]) -> list[FitChange]:
    """For a fixed model on fixed GPUs that does not serve the load: what would."""
    request, load = search.request, search.load
    if search.model is None or meeting:
        return []
    gpus = search.gpus()
    if len(gpus) != 1:
        return []
    gpu, model = gpus[0], search.model
    suit = search.catalog.suitability.get(model.id)
    base_precision = search.formats(model)[0]
    count = request.owned.count if request.owned else request.gpus
    changes: list[tuple[str, Note, _Config | None]] = []

    def attempt(change: str, description: Note, config: _Config | None) -> None:
        changes.append((change, description, config))

    training = load.training
    if training is not None:
        qlora = None
        if training.task == "full":  # the base frozen in 16 bits, adapters trained
            lora = search.size(model, suit, None, gpu, 1, gpus=count, task="lora")
            attempt("lora", note(M.FIT_LORA), lora)
        if training.task != "qlora":
            qlora = search.size(model, suit, None, gpu, 1, gpus=count, task="qlora")
            attempt("qlora", note(M.FIT_QLORA), qlora)
        if qlora is None or not qlora.result.fits:
            # "LoRA 70B on 4 x RTX 4090": the 4-bit base and shorter sequences (FSDP-QLoRA
            # trains a 70B model on 24 GB cards at 512-2,048 tokens; Answer.AI, 2024)
            sequence = load.context
            while sequence > MIN_TRAINING_SEQUENCE:
                sequence //= 2
                shorter = search.size(
                    model, suit, None, gpu, 1, gpus=count, task="qlora", context=sequence
                )
                if shorter is not None and shorter.result.fits:
                    attempt("qlora_shorter", note(M.FIT_QLORA_SEQUENCE, context=sequence), shorter)
                    break
            if (count or 1) > 1 and not any(c and c.result.fits for _, _, c in changes):
                offloaded = _offloaded_to_ram(search, model, suit, gpu, count)
                if offloaded is not None:
                    ram = math.ceil(offloaded.result.memory.host_offload / 1e9)
                    attempt(
                        "qlora_cpu_offload",
                        note(M.FIT_QLORA_CPU_OFFLOAD, context=offloaded.context, ram=ram),
                        offloaded,
                    )
    else:
        attempt(
            "kv_fp8",
            note(M.FIT_KV_FP8),
            search.size(
                model, suit, base_precision, gpu, load.concurrency, gpus=count, kv_precision="fp8"
            ),
        )
    fp8 = (
        training is None
        and base_precision in ("bf16", "fp16")
        and gpu.tflops.fp8 is not None
        and "fp8" in search.catalog.formats
    )
    # Each smaller weight format: alone, with an FP8 cache, and on the fewest GPUs that serve.
    formats: list[tuple[str, Note, Note, M]] = []
    if fp8:  # FP8 tensor cores: half the weights' memory and twice the prefill rate
        formats.append(("fp8", note(M.FIT_FP8), note(M.FIT_FP8_KV_FP8), M.FIT_FP8_MORE_GPUS))
    if training is None and base_precision != "int4":
        formats.append(("int4", note(M.FIT_INT4), note(M.FIT_INT4_KV_FP8), M.FIT_INT4_MORE_GPUS))
    for precision, alone, with_fp8_cache, _ in formats:
        attempt(
            precision,
            alone,
            search.size(model, suit, precision, gpu, load.concurrency, gpus=count),
        )
        attempt(
            f"{precision}_kv_fp8",
            with_fp8_cache,
            search.size(
                model, suit, precision, gpu, load.concurrency, gpus=count, kv_precision="fp8"
            ),
        )
    if (
        training is None
        and gpu.gpu_class == "gaming"
        and (count or 1) <= 2
        and GGUF_FIT in search.catalog.formats
        and base_precision not in ("int4", GGUF_FIT)
    ):  # one person's card: llama.cpp / Ollama's 4-bit GGUF, embeddings quantised too
        gguf = search.size(
            model, suit, GGUF_FIT, gpu, load.concurrency, gpus=count, engine="llama.cpp"
        )
        attempt("gguf", note(M.FIT_GGUF), gguf)
        if (gguf is None or not gguf.result.fits) and model.architecture.moe is not None:
            offloaded = _fewest_experts_in_ram(search, model, suit, gpu, count)
            if offloaded is not None:
                layers = offloaded.result.inputs.request.expert_offload_layers
                ram = math.ceil(offloaded.result.memory.host_offload / 1e9)
                attempt("gguf_cpu_moe", note(M.FIT_GGUF_CPU_MOE, layers=layers, ram=ram), offloaded)
    context = load.context
    shorter = None
    while context > 1024 and shorter is None and training is None:
        context //= 2
        config = search.size(
            model, suit, base_precision, gpu, load.concurrency, gpus=count, context=context
        )
        if config is not None and config.result.fits:
            shorter = config
    if shorter is not None:
        attempt(
            "shorter_context",
            note(M.FIT_CONTEXT, context=shorter.context),
            shorter,
        )
    if count is not None:
        more = _fewest_that_fit(search, model, suit, base_precision, gpu, above=count)
        if more is not None:
            attempt("more_gpus", note(M.FIT_MORE_GPUS, count=more.gpus), more)
        for precision, _, _, more_gpus in formats:
            fewest = _fewest_that_fit(search, model, suit, precision, gpu, above=count)
            if fewest is not None:
                attempt(f"{precision}_more_gpus", note(more_gpus, count=fewest.gpus), fewest)
    smaller = _smaller_model(search, model, gpu, count)
    if smaller is not None:
        attempt("smaller_model", note(M.FIT_SMALLER_MODEL, model=smaller.model.name), smaller)
    out = []
    for change, description, config in changes:
        if config is None:
            continue
        out.append(
            FitChange(
                change=change,
                description=english(description),
                description_i18n=description,
                fits=config.result.fits,
                meets_targets=config.meets(load),
                request=_size_fields(config),
                max_concurrent_users=config.result.max_users,
                per_user_tokens_per_s=round(config.result.speed.per_user_tokens_per_s, 1),
                users=0 if training is not None else load.concurrency,
                ttft_s=None if training is not None else round(config.result.speed.ttft_s, 2),
                training_hours=_round(config.hours, 2),
                batch_hours=_round(job.hours, 1) if (job := batch_job_of(config.result)) else None,
                misses_i18n=_misses(config, load),
            )
        )
    return [c for c in out if c.fits] or out


def _fewest_experts_in_ram(
    search: _Search, model: Model, suit: Suitability | None, gpu: Gpu, count: int | None
) -> _Config | None:
    """A mixture of experts on one person's card: the 4-bit GGUF with the experts of the
    fewest layers in system RAM that lets the rest fit (llama.cpp's --n-cpu-moe; each layer
    kept on the GPU reads faster). None when even every layer's experts in RAM do not fit."""
    low, high, found = 1, model.architecture.num_layers, None
    while low <= high:  # the fewest layers that fit: more in RAM only frees GPU memory
        middle = (low + high) // 2
        config = search.size(
            model,
            suit,
            GGUF_FIT,
            gpu,
            search.load.concurrency,
            gpus=count,
            engine="llama.cpp",
            expert_offload_layers=middle,
        )
        if config is not None and config.result.fits:
            found, high = config, middle - 1
        else:
            low = middle + 1
    return found


def _misses(config: _Config, load: _Load) -> list[Note]:
    """Each target a configuration that fits still misses, with its figure and the target."""
    if not config.result.fits:
        return []
    if load.training is not None:
        hours = config.hours or math.inf
        if hours <= load.training.deadline_hours or math.isinf(hours):
            return []
        deadline = load.training.deadline_hours
        return [note(M.MISS_DEADLINE, hours=round(hours, 1), deadline=round(deadline, 1))]
    if load.batch_hours is not None:
        job = batch_job_of(config.result)
        if job is None or job.hours <= load.batch_hours:
            return []
        return [
            note(
                M.MISS_JOB_DEADLINE, hours=round(job.hours, 1), deadline=round(load.batch_hours, 1)
            )
        ]
    speed, misses = config.result.speed, []
    if speed.ttft_s > load.ttft_s:
        misses.append(note(M.MISS_TTFT, ttft=round(speed.ttft_s, 2), target=round(load.ttft_s, 2)))
    if speed.per_user_tokens_per_s < load.tokens_per_s:
        misses.append(note(M.MISS_SPEED, target=round(load.tokens_per_s, 1)))
    if config.result.max_users < load.concurrency:
        misses.append(note(M.MISS_USERS, users=load.concurrency))
    return misses


def _size_fields(config: _Config) -> dict[str, Any]:
    """The `advisor size` fields that reproduce a configuration (its GPU count fixed)."""
    fields = config.result.inputs.request.model_dump(mode="json", exclude_defaults=True)
    fields |= {"gpu": config.gpu.id, "gpus": config.gpus, "precision": config.precision}
    if config.result.training is None:
        fields["kv_precision"] = config.kv_precision
    return fields


def _fewest_that_fit(
    search: _Search,
    model: Model,
    suit: Suitability | None,
    precision: str | None,
    gpu: Gpu,
    above: int,
) -> _Config | None:
    """The fewest GPUs of this kind, more than `above`, that serve the load (or, when no count
    does, the fewest that at least hold the model)."""
    load, held = search.load, None
    for count in _COUNTS:
        if count <= above:
            continue
        config = search.size(model, suit, precision, gpu, load.concurrency, gpus=count)
        if config is None or not config.result.fits:
            continue
        if config.serves(load, load.concurrency):
            return config
        held = held or config
    return held


# GPU counts a deployment takes: one server's 1-8, then whole servers of 8.
_COUNTS = (1, 2, 3, 4, 5, 6, 7, 8, 16, 24, 32, 40, 48, 56, 64)


def _offloaded_to_ram(
    search: _Search, model: Model, suit: Suitability | None, gpu: Gpu, count: int | None
) -> _Config | None:
    """QLoRA sharded over the GPUs with the weights, gradients and optimizer states in host
    RAM between uses (FSDP CPUOffload), at the longest sequence down to the shortest offered
    that fits: the recipe Answer.AI's FSDP-QLoRA trained a 70B model with on two 24 GB cards
    (fsdp_qlora's 70B example, --use_cpu_offload, 2024-03). None where even that does not."""
    sequence = search.load.context
    while True:
        config = search.size(
            model,
            suit,
            None,
            gpu,
            1,
            gpus=count,
            task="qlora",
            context=sequence,
            sharding="zero3",
            cpu_offload=True,
        )
        if config is not None and config.result.fits:
            return config
        if sequence <= MIN_TRAINING_SEQUENCE:
            return None
        sequence = max(MIN_TRAINING_SEQUENCE, sequence // 2)


def _smaller_model(search: _Search, model: Model, gpu: Gpu, count: int | None) -> _Config | None:
    """The largest smaller model of the same line (architecture and name, e.g. Llama 3.3 70B
    -> Llama 3.1 8B; a line with none of its architecture, its distills: DeepSeek-V3.1 ->
    DeepSeek-R1-Distill-Qwen-32B) that serves the load on these GPUs, in its published format
    or a lighter one; else the largest that fits."""
    line = model.id.split("-")[0]
    size = model.reported_params_b or 0
    named = [
        m
        for m in search.catalog.models.values()
        if m.id.split("-")[0] == line
        and (m.reported_params_b or 0) < size
        and m.id in search.catalog.suitability
    ]
    smaller = sorted(
        [m for m in named if m.family == model.family] or named,
        key=lambda m: m.reported_params_b or 0,
        reverse=True,
    )
    load, held = search.load, None
    for candidate in smaller:
        for precision in search.formats(candidate):
            config = search.size(
                candidate,
                search.catalog.suitability.get(candidate.id),
                precision,
                gpu,
                load.concurrency,
                gpus=count,
            )
            if config is None or not config.result.fits:
                continue
            if config.serves(load, load.concurrency):
                return config
            held = held or config
            break  # a lighter format of one that fits but misses the targets: no faster
    return held


def _busy_hours(request: RecommendRequest, prices: Prices) -> float:
    """Hours a month the load runs: office hours, or day and night (a batch over its span,
    work said to run 24/7)."""
    if request.around_the_clock:
        return request.rent_hours_per_month or HOURS_PER_MONTH
    return prices.running.busy_hours_per_month


def _cost_assumptions(catalog: Catalog, load: _Load, request: RecommendRequest) -> list[Note]:
    running = catalog.prices.running
    if load.training is not None:
        usage = [note(M.REC_TRAIN_COSTS)]
    else:
        hours = _busy_hours(request, catalog.prices)
        usage = [
            note(M.REC_TARGETS, ttft=load.ttft_s, speed=load.tokens_per_s, users=load.concurrency),
            note(M.REC_TOKENS_EVEN, hours=hours)
            if request.around_the_clock
            else note(M.REC_TOKENS, hours=hours),
            note(M.REC_NO_QUEUE),
        ]
    return [
        *usage,
        note(
            M.REC_COSTS,
            power=running.power_usd_per_kwh,
            pue=running.pue,
            facilities=running.facilities_usd_per_server_month,
            maintenance=running.maintenance_pct_per_year,
        ),
        note(M.REC_RATE, rate=catalog.prices.rub_per_usd.value, as_of=catalog.prices.as_of),
    ]


def _sources(catalog: Catalog, load: _Load, picked: list[_Config]) -> list[str]:
    prices = catalog.prices
    sources = [f"workload ({load.use_case}): {load.profile.source}"]
    for gpu_id in dict.fromkeys(c.gpu.id for c in picked):
        sources.append(f"price {gpu_id}: {prices.gpus[gpu_id].source}")
    for model_id in dict.fromkeys(c.model.id for c in picked):
        suit = catalog.suitability.get(model_id)
        if suit is not None:
            sources.append(f"quality {model_id}: {suit.quality_basis}")
    sources.append(
        f"running costs: {prices.running.pue_source}; {prices.running.facilities_source}"
    )
    return sources


def _goal(request: RecommendRequest, load: _Load) -> dict[str, object]:
    goal = request.model_dump(mode="json")
    goal["use_case"] = load.use_case
    return goal


def _api_switch(search: _Search, load: _Load) -> Note | None:
    """The bill paid now at the prices of the hosted API the customer would move to ("Claude
    ... хотим перейти на DeepSeek API"): the same tokens, so the bill scales by the two
    APIs' prices for this use case's share of prompt tokens. None without both."""
    request, prices = search.request, search.prices
    if search.bill is None or search.compared_api is None or load.training is not None:
        return None
    now = prices.billed_api(request.api_bill_model)
    target = search.compared_api
    if now is None or now.name == target.name or load.input_tokens + load.output_tokens == 0:
        return None
    share = load.input_tokens / (load.input_tokens + load.output_tokens)
    monthly = search.bill * target.blended_usd_per_m(share) / now.blended_usd_per_m(share)
    rate = prices.rub_per_usd.value
    listed: dict[str, Param] = {
        "now": now.name,
        "api": target.name,
        "input": round(target.input_usd_per_m, 2),
        "output": round(target.output_usd_per_m, 2),
        "monthly": monthly,
        "monthly_rub": monthly * rate,
    }
    if monthly < search.bill:
        return note(M.REC_API_SWITCH, saving=search.bill - monthly, **listed)
    return note(M.REC_API_SWITCH_MORE, extra=monthly - search.bill, **listed)


def _engine_dropped(catalog: Catalog, options: list[Option]) -> list[Note]:
    """A note for each GPU of the named options (the Pareto rest is a list faces may leave
    out) that current vLLM releases no longer run (a V100): the release to pin, or
    llama.cpp."""
    engine = catalog.engines[SizingRequest.model_fields["engine"].default]
    gpus = dict.fromkeys(  # a training run uses no inference engine (QA 42: a V100 LoRA run)
        option.gpu.id
        for option in options
        if option.label != "pareto" and option.training_hours is None
    )
    found = (engine_dropped(engine, catalog.gpus[gpu_id]) for gpu_id in gpus)
    return [n for n in found if n is not None]
