"""From what people say to what the engine sizes: staff, request rates and examples.

A customer says "200 employees", "10 requests a second" or "50 thousand examples"; the
engine needs concurrent requests and tokens. Each conversion here is a stated assumption
from the catalog's workload data (advisor/catalog/data/workloads.yaml, every figure with
its source), returned with the note that explains it, so an answer can say what it assumed
and the customer can correct it.
"""

from __future__ import annotations

import math

from advisor.catalog.schema import UseCaseProfile, Workloads
from advisor.messages import M, Note, note


def concurrent_from_headcount(
    headcount: int, workloads: Workloads, share: float | None = None
) -> tuple[int, Note]:
    """Peak concurrent requests of a staff: the share the customer (or staff, correcting the
    assumption) gives; or, from the catalog's share, the count a staff of that size stays
    within at the catalog's percentile (a team of 5 at 10% often has 2 at once)."""
    if share is not None:
        users = max(1, math.ceil(headcount * share))
        return users, note(M.ASSUMED_HEADCOUNT, headcount=headcount, share=share * 100, users=users)
    concurrency = workloads.concurrency
    mean = headcount * concurrency.staff_share
    users = max(
        1,
        math.ceil(mean),
        binomial_quantile(headcount, concurrency.staff_share, concurrency.peak_quantile),
    )
    return users, note(
        M.ASSUMED_HEADCOUNT_PEAK,
        headcount=headcount,
        share=concurrency.staff_share * 100,
        mean=round(mean, 1),
        quantile=round(concurrency.peak_quantile * 100),
        users=users,
    )


def dialogues_from_customers(customers: int, workloads: Workloads) -> tuple[float, Note]:
    """Dialogues a working day of a customer base: the catalog's contacts a customer a year,
    spread over the year's working days."""
    daily = workloads.daily
    days = 12 * daily.working_days_per_month
    dialogues = customers * daily.customer_contacts_per_year / days
    return dialogues, note(
        M.ASSUMED_CUSTOMERS,
        customers=customers,
        per_year=daily.customer_contacts_per_year,
        days=days,
        dialogues=round(dialogues, 1),
    )


def requests_from_dialogues(dialogues: float, workloads: Workloads) -> tuple[float, Note]:
    """Requests a day of dialogues a day: the customer's turns in each are requests."""
    turns = workloads.daily.turns_per_dialogue
    requests = dialogues * turns
    return requests, note(
        M.ASSUMED_DIALOGUE_TURNS, dialogues=dialogues, turns=turns, requests=requests
    )


# Above this many standard deviations' worth of people the normal approximation is within a
# request of the exact binomial quantile, and the exact sum would loop over millions.
_EXACT_UP_TO_SD = 30.0
_Z = {0.9: 1.2816, 0.95: 1.6449, 0.99: 2.3263}


def binomial_quantile(n: int, p: float, q: float) -> int:
    """The smallest k with P(Binomial(n, p) <= k) >= q: how many of n independent sources,
    each busy with probability p, are busy at once at that percentile."""
    sd = math.sqrt(n * p * (1 - p))
    if sd > _EXACT_UP_TO_SD:  # a large staff: the normal approximation
        z = _Z.get(round(q, 2), 1.6449)
        return math.ceil(n * p + z * sd)
    pmf = (1 - p) ** n
    total, k = pmf, 0
    while total < q and k < n:
        pmf *= (n - k) / (k + 1) * p / (1 - p)
        k += 1
        total += pmf
    return k


def concurrent_from_rate(rate_per_s: float, profile: UseCaseProfile) -> tuple[int, Note]:
    """Requests in flight at a request rate (Little's law: rate x time each one takes)."""
    seconds = profile.request_seconds
    users = max(1, math.ceil(rate_per_s * seconds))
    return users, note(M.ASSUMED_RATE, rate=rate_per_s, seconds=seconds, users=users)


def rate_from_daily(
    per_day: float, workloads: Workloads, around_the_clock: bool = False
) -> tuple[float, Note]:
    """The peak request rate of a volume per day: spread over the busy hours, peaked; or,
    for work that runs around the clock at an even rate (a batch), over 24 hours."""
    if around_the_clock:
        rate = per_day / (24 * 3600)
        return rate, note(M.ASSUMED_DAILY_EVEN, per_day=per_day, rate=round(rate, 3))
    daily = workloads.daily
    rate = per_day / (daily.busy_hours * 3600) * daily.peak_to_mean
    return rate, note(
        M.ASSUMED_DAILY,
        per_day=per_day,
        hours=daily.busy_hours,
        peak=daily.peak_to_mean,
        rate=round(rate, 3),
    )


def tokens_per_word(workloads: Workloads, russian: bool) -> tuple[float, Note]:
    """Tokens per word of text in that language, and the note naming the rate's basis."""
    daily = workloads.daily
    if russian:
        return daily.tokens_per_word_ru, note(M.WORDS_RATE_RU)
    return daily.tokens_per_word, note(M.WORDS_RATE_EN)


def document_tokens(words: int, per_word: float) -> int:
    """Tokens a document of `words` words takes at `per_word`, rounded up; the product is
    rounded first so float noise adds no token (100,000 x 2.2 is 220,000, not 220,001)."""
    return math.ceil(round(words * per_word, 6))


def requests_from_text(
    tokens_per_day: float | None,
    words_per_day: float | None,
    profile: UseCaseProfile,
    workloads: Workloads,
    russian: bool = False,
) -> tuple[float, list[Note]]:
    """Requests a day of a volume of text stated in tokens or words (prompt and output
    together), at the use case's tokens per request; the notes say each step. Words count
    at the rate of their language (`russian`: the text is Russian)."""
    notes: list[Note] = []
    if tokens_per_day is None:
        per_word, basis = tokens_per_word(workloads, russian)
        tokens_per_day = (words_per_day or 0.0) * per_word
        notes.append(
            note(
                M.ASSUMED_WORDS,
                words=words_per_day or 0.0,
                per_word=per_word,
                basis=basis,
                tokens=tokens_per_day,
            )
        )
    per_request = profile.input_tokens + profile.output_tokens
    requests = max(1.0, tokens_per_day / per_request)
    notes.append(
        note(
            M.ASSUMED_TEXT_VOLUME, tokens=tokens_per_day, per_request=per_request, requests=requests
        )
    )
    return requests, notes


def ttft_target(profile: UseCaseProfile, prompt_tokens: int) -> float:
    """The use case's first-token target for a prompt of this length: it holds for the use
    case's own prompt, and reading one N times longer takes about N times longer on the same
    hardware (prefill is linear in the prompt before attention's quadratic share), so the
    same expectation scales with it."""
    return profile.ttft_p95_s * max(1.0, prompt_tokens / profile.input_tokens)


def transcription(audio_hours_per_day: float, workloads: Workloads) -> Note:
    """The GPU time speech-to-text needs before the LLM reads the transcripts: hours of audio
    a day at one reference card's published real-time factor, as cards over the busy hours
    or around the clock."""
    stt = workloads.speech_to_text
    gpu_hours = audio_hours_per_day / stt.realtime_factor
    busy = workloads.daily.busy_hours
    return note(
        M.STT_NEEDED,
        hours=audio_hours_per_day,
        model=stt.model,
        factor=stt.realtime_factor,
        gpu=stt.reference_gpu,
        gpu_hours=gpu_hours,
        busy_cards=max(1, math.ceil(gpu_hours / busy)),
        busy_hours=busy,
        day_cards=max(1, math.ceil(gpu_hours / 24)),
    )


def transcription_unsized(workloads: Workloads) -> Note:
    """Speech to transcribe with no hours of audio said: the reference card's real-time factor
    and the question that sizes it."""
    stt = workloads.speech_to_text
    return note(
        M.STT_NO_VOLUME,
        model=stt.model,
        factor=stt.realtime_factor,
        gpu=stt.reference_gpu,
        minutes=60 / stt.realtime_factor,
    )


def long_document(workloads: Workloads) -> tuple[int, Note]:
    """Words in a document said to be long with no length: the catalog's long document,
    with the note that says it was assumed."""
    daily = workloads.daily
    words = round(daily.long_document_pages * daily.words_per_page)
    return words, note(M.ASSUMED_LONG_DOCUMENT, pages=daily.long_document_pages, words=words)


def review_length(workloads: Workloads) -> tuple[int, Note]:
    """Words in a customer review when a batch of reviews has no length: the catalog's
    published mean, with the note that says it was assumed."""
    words = workloads.daily.review_words
    return words, note(M.ASSUMED_REVIEW_WORDS, words=words)


def live_transcription(calls: int, workloads: Workloads) -> Note:
    """Speech recognised as the calls run (a voice bot, hints to operators): the cards must
    keep up with every call at once, each a real-time stream, at the reference card's
    published real-time factor."""
    stt = workloads.speech_to_text
    return note(
        M.STT_LIVE,
        calls=calls,
        model=stt.model,
        factor=stt.realtime_factor,
        gpu=stt.reference_gpu,
        cards=max(1, math.ceil(calls / stt.realtime_factor)),
    )


def speech_synthesis(calls: int, workloads: Workloads) -> Note:
    """A voice bot's answers spoken: at most one sentence a second per call at once, against
    one reference card's published streaming capacity."""
    tts = workloads.text_to_speech
    return note(
        M.TTS_NEEDED,
        calls=calls,
        per_s=tts.requests_per_s,
        first_ms=tts.first_audio_ms,
        gpu=tts.reference_gpu,
        cards=max(1, math.ceil(calls / tts.requests_per_s)),
    )


def concurrent_from_volume(
    rate_per_s: float | None,
    per_day: float | None,
    profile: UseCaseProfile,
    workloads: Workloads,
    around_the_clock: bool = False,
) -> tuple[int, list[Note]]:
    """Requests in flight for a load given as a rate or, failing that, a volume per day; the
    notes say how each step was taken."""
    notes: list[Note] = []
    if rate_per_s is None:
        rate_per_s, daily = rate_from_daily(per_day or 0.0, workloads, around_the_clock)
        notes.append(daily)
    users, derived = concurrent_from_rate(rate_per_s, profile)
    return users, [*notes, derived]


def dataset_tokens_from_examples(
    examples: int, workloads: Workloads, per_example: int | None = None
) -> tuple[int, Note]:
    """Training tokens in a dataset counted in examples, dialogues or documents, at the
    length the person gave or the catalog's typical one."""
    per_example = per_example or workloads.fine_tuning.tokens_per_example
    tokens = examples * per_example
    return tokens, note(
        M.ASSUMED_EXAMPLES, examples=examples, per_example=per_example, tokens=tokens
    )
