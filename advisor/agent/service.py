"""AdvisorService: the one entry point of every face (CLI, REST, OpenAI endpoint, UI).

It picks the mode per turn: with no LLM URL configured the deterministic offline reader
answers ("offline"); with one, the LLM half answers ("llm") and, when it fails for any
reason (unreachable, timeout, invalid tool arguments, no tool call, a cut-off answer, a
guard violation), the offline reader answers instead ("fallback", with the reason).
Every turn is recorded in the conversation, so follow-ups work whichever mode answered.
The catalog and the knowledge base open on first use, once, under a lock.
"""

from __future__ import annotations

import logging
import re
import threading
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol, get_args

from advisor.agent.circuit import LlmCircuit
from advisor.agent.conversations import (
    Conversation,
    ConversationStore,
    InMemoryConversationStore,
    TransactionalConversationStore,
    Turn,
)
from advisor.agent.offline.reader import USE_CASE, GoalContext, Reader, sized_mark
from advisor.agent.offline.turn import run_offline_turn
from advisor.catalog.loader import Catalog
from advisor.config import Settings, configured_catalog
from advisor.errors import InputError
from advisor.language import Language, detect_language
from advisor.recommend.report import Recommendation
from advisor.services.asking import Answered
from advisor.services.protocol import (
    CONVERSATION_ID,
    AskRequest,
    AskResponse,
    Citation,
    FailureReason,
    Mode,
    ToolStep,
    check_conversation_id,
)
from advisor.services.recommendation import lead_option
from advisor.sizing.report import SizingReport
from advisor.sizing.request import SizingRequest

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase

log = logging.getLogger(__name__)


class LlmAnswer(Protocol):
    """What the service reads from an LLM turn (advisor.agent.llm.LlmTurn)."""

    @property
    def answer(self) -> str: ...
    @property
    def request(self) -> SizingRequest | None: ...
    @property
    def sizing(self) -> SizingReport | None: ...
    @property
    def citations(self) -> list[Citation]: ...
    @property
    def steps(self) -> list[ToolStep]: ...
    @property
    def guard_events(self) -> int: ...


LlmTurnFunction = Callable[..., LlmAnswer]
UNAVAILABLE = "unavailable"  # fallback reason: the LLM package cannot be imported
CIRCUIT_OPEN = "circuit_open"  # fallback reason: the LLM failed repeatedly, not asked now
FAILURE_REASONS: frozenset[str] = frozenset(get_args(FailureReason))
# The LLM server, not the answer to one question, failed: these open the circuit.
SERVER_FAILURES = frozenset({"unreachable", "timeout", "error"})


@dataclass(frozen=True)
class Fallback:
    """Why the LLM's answer was not used, and the numbers its guard removed on the way."""

    reason: str
    guard_events: int = 0


class AdvisorMetrics:
    """Plain counters the API exports (the interfaces layer turns them into Prometheus)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._modes: Counter[str] = Counter()
        self._fallbacks: Counter[str] = Counter()
        self._guard_events = 0

    def record(self, response: AskResponse) -> None:
        """Count one answer: its mode, its fallback reason, its guard events."""
        with self._lock:
            self._modes[response.mode] += 1
            if response.fallback_reason is not None:
                self._fallbacks[response.fallback_reason] += 1
            self._guard_events += response.guard_events

    def snapshot(self) -> dict[str, Any]:
        """{"answers_by_mode": {mode: n}, "fallbacks_by_reason": {reason: n}, "guard_events": n}"""
        with self._lock:
            return {
                "answers_by_mode": dict(self._modes),
                "fallbacks_by_reason": dict(self._fallbacks),
                "guard_events": self._guard_events,
            }


class AdvisorService:
    """Answers questions; safe to share between threads (one per process is enough)."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: ConversationStore | None = None,
        llm_turn: LlmTurnFunction | None = None,
        catalog: Catalog | None = None,
        kb: KnowledgeBase | None = None,
        use_knowledge: bool = True,
        circuit: LlmCircuit | None = None,
    ) -> None:
        """`catalog`/`kb` given are used as they are; `use_knowledge=False` never opens the
        knowledge base (answers carry no citations)."""
        self.settings = settings
        self.store: ConversationStore = store or InMemoryConversationStore()
        self.metrics = AdvisorMetrics()
        self.circuit = circuit or LlmCircuit(
            settings.llm_failure_threshold, settings.llm_cool_down_s
        )
        self._llm_turn = llm_turn
        self._catalog = catalog
        self._reader: Reader | None = None
        self._kb = kb
        self._kb_opened = kb is not None or not use_knowledge
        self._lock = threading.Lock()

    # ---- lazily opened resources ----------------------------------------------------------

    @property
    def catalog(self) -> Catalog:
        with self._lock:
            if self._catalog is None:
                self._catalog = configured_catalog(self.settings)
            return self._catalog

    @property
    def reader(self) -> Reader:
        catalog = self.catalog
        with self._lock:
            if self._reader is None:
                self._reader = Reader(catalog)
            return self._reader

    @property
    def kb(self) -> KnowledgeBase | None:
        """The knowledge base, built on first use; None (no citations) if it cannot open."""
        with self._lock:
            if not self._kb_opened:
                self._kb_opened = True
                try:
                    from knowledge.retrieval import KnowledgeBase

                    self._kb = KnowledgeBase.open(self.settings.data_dir)
                except Exception:  # a broken index must not take the answers down
                    log.exception("knowledge base unavailable; answering without citations")
                    self._kb = None
            return self._kb

    def warm_up(self) -> None:
        """Open the catalog, the reader and the knowledge base now rather than on a question."""
        _ = self.reader, self.kb

    def close(self) -> None:
        with self._lock:
            if self._kb is not None:
                self._kb.close()
            self._kb, self._kb_opened = None, False

    # ---- asking ---------------------------------------------------------------------------

    def ask(self, request: AskRequest) -> AskResponse:
        """The answer, its follow-up state stored before this returns (the CLI's path)."""
        return self._answer(request, defer_state=False).response

    def answer(self, request: AskRequest) -> Answered:
        """The answer; with a database store, the follow-up state comes back as a change
        for the gateway to commit together with the exchange."""
        return self._answer(request, defer_state=True)

    def ask_stream(self, request: AskRequest) -> Iterator[str | AskResponse]:
        """`answer_stream`, the state stored here: text chunks, then the AskResponse."""
        for item in self._stream(request, defer_state=False):
            yield item.response if isinstance(item, Answered) else item

    def answer_stream(self, request: AskRequest) -> Iterator[str | Answered]:
        """The answer in text chunks (lines), then the final Answered.

        With an LLM, the engine's figures come first: the tool steps the question needs,
        computed before the LLM is asked (milliseconds), so nobody waits for the LLM's
        prose looking at nothing; the prose follows.
        """
        return self._stream(request, defer_state=True)

    def _stream(self, request: AskRequest, *, defer_state: bool) -> Iterator[str | Answered]:
        if self.settings.llm_url:
            preview = self._engine_preview(request)
            if preview:
                yield preview
        answered = self._answer(request, defer_state=defer_state)
        for line in re.split(r"(?<=\n)", answered.response.answer):
            if line:
                yield line
        yield answered

    def _answer(self, request: AskRequest, *, defer_state: bool) -> Answered:
        conversation_id = self._conversation_id(request)
        conversation = self.store.get(conversation_id) or Conversation(id=conversation_id)
        question = request.question.strip()
        if not question:
            raise InputError("question", "must not be blank")
        language = detect_language(question, conversation.language or "en")
        outcome = self._ask_llm(question, language, conversation) if self.settings.llm_url else None
        draft: dict[str, Any] | None = None
        goal: GoalContext | None = None
        stated: list[str] = []
        if isinstance(outcome, AskResponse):
            response = outcome
            goal = _goal_of(outcome.recommendation)
        else:
            response, draft, goal, stated = self._ask_offline(
                question, language, conversation, outcome
            )
        turn = Turn(
            question=question,
            answer=response.answer,
            language=response.language,
            mode=response.mode,
            request=_request_kept(response, stated),
            draft=draft,
            goal=goal.goal if goal is not None else None,
            goal_gpu=goal.gpu if goal is not None else None,
            goal_capex_usd=goal.capex_usd if goal is not None else None,
            stated=stated if response.request is not None or draft is not None else [],
        )
        self.metrics.record(response)
        if defer_state and isinstance(self.store, TransactionalConversationStore):
            return Answered(response, self.store.turn_change(conversation_id, turn))
        self.store.append(conversation_id, turn)
        return Answered(response)

    def _engine_preview(self, request: AskRequest) -> str:
        """The engine's steps for this question, as the offline reader reads it."""
        conversation = None
        if request.conversation_id is not None and CONVERSATION_ID.fullmatch(
            request.conversation_id
        ):
            conversation = self.store.get(request.conversation_id)
        conversation = conversation or Conversation(id="preview")
        question = request.question.strip()
        if not question:
            return ""
        turn = run_offline_turn(
            question,
            reader=self.reader,
            catalog=self.catalog,
            kb=None,
            previous_request=conversation.reading_context,
            default_language=detect_language(question, conversation.language or "en"),
            previous_goal=conversation.goal_context,
        )
        lines = [f"🔧 {step.summary}" for step in turn.steps]
        return "\n".join(lines) + "\n\n" if lines else ""

    def _conversation_id(self, request: AskRequest) -> str:
        if request.conversation_id is None:
            return uuid.uuid4().hex
        return check_conversation_id(request.conversation_id)

    def _ask_llm(
        self, question: str, language: Language, conversation: Conversation
    ) -> AskResponse | Fallback:
        """The LLM's answer, or why the offline reader must answer instead.

        A failure is any exception with a `reason` among FAILURE_REASONS (LlmFailure, or a
        test's stand-in); anything else is counted as "error". While the circuit is open
        the LLM is not asked at all. Only failures of the server (SERVER_FAILURES) count
        towards opening it: a bad answer to one question says nothing about the next, and
        a user must not be able to switch the LLM off for everyone with crafted questions.
        """
        turn_function = self._llm_turn
        if turn_function is None:
            try:
                from advisor.agent.llm import run_llm_turn
            except ImportError as exc:
                log.warning("LLM mode unavailable (%s); answering offline", exc)
                return Fallback(UNAVAILABLE)
            turn_function = run_llm_turn
        attempt = self.circuit.attempt()
        if attempt is None:
            return Fallback(CIRCUIT_OPEN)
        outcome = self._try_llm(turn_function, question, language, conversation)
        if isinstance(outcome, Fallback) and outcome.reason in SERVER_FAILURES:
            self.circuit.record_failure(attempt, outcome.reason)
        else:
            self.circuit.record_success(attempt)
        return outcome

    def _try_llm(
        self,
        turn_function: LlmTurnFunction,
        question: str,
        language: Language,
        conversation: Conversation,
    ) -> AskResponse | Fallback:
        try:
            turn = turn_function(
                question=question,
                language=language,
                history=conversation.history(),
                previous_request=conversation.last_request,
                previous_goal=conversation.goal_context,
                settings=self.settings,
                catalog=self.catalog,
                kb=self.kb,
                reader=self.reader,
            )
        except Exception as exc:  # a bug in the LLM half must not lose the user's answer
            reason = getattr(exc, "reason", None)
            if reason not in FAILURE_REASONS:
                log.exception("LLM turn raised; answering offline")
                return Fallback("error")
            log.info("LLM turn failed (%s); answering offline", reason)
            return Fallback(str(reason), int(getattr(exc, "guard_events", 0)))
        return AskResponse(
            answer=turn.answer,
            language=language,
            mode="llm",
            request=turn.request,
            sizing=turn.sizing,
            recommendation=getattr(turn, "recommendation", None),
            citations=turn.citations,
            conversation_id=conversation.id,
            steps=turn.steps,
            guard_events=turn.guard_events,
        )

    def _ask_offline(
        self,
        question: str,
        language: Language,
        conversation: Conversation,
        fallback: Fallback | None,
    ) -> tuple[AskResponse, dict[str, Any] | None, GoalContext | None, list[str]]:
        """The offline answer, the fields awaiting a model when it asked which one, the goal
        a follow-up builds on when it answered one, and the request fields said so far."""
        turn = run_offline_turn(
            question,
            reader=self.reader,
            catalog=self.catalog,
            kb=self.kb,
            previous_request=conversation.reading_context,
            default_language=language,
            previous_goal=conversation.goal_context,
        )
        mode: Mode = "fallback" if fallback is not None else "offline"
        response = AskResponse(
            answer=turn.answer,
            language=turn.language,
            mode=mode,
            request=turn.request,
            sizing=turn.sizing,
            recommendation=turn.recommendation,
            make_it_fit=turn.make_it_fit,
            cost=turn.cost,
            to_meet_targets=turn.to_meet_targets,
            alternatives=turn.alternatives,
            assumptions=[n.render(turn.language) for n in turn.reading.notes],
            citations=turn.citations,
            conversation_id=conversation.id,
            steps=turn.steps,
            fallback_reason=fallback.reason if fallback is not None else None,
            guard_events=fallback.guard_events if fallback is not None else 0,
        )
        stated = turn.reading.said_fields if turn.reading is not None else []
        if turn.lead_mark is not None:  # what the answer led with, for the next to weigh
            stated = [*stated, turn.lead_mark]
        elif turn.sizing is not None and turn.sizing.fits:  # the GPUs it fitted on
            stated = [*stated, sized_mark(turn.sizing.gpu.id, turn.sizing.gpu.count)]
        return response, turn.draft, turn.goal, stated


# The request's shape: what a use case sets when the question does not say it.
_SHAPE = ("context", "prompt_tokens", "output_tokens")


def _request_kept(response: AskResponse, stated: list[str]) -> dict[str, Any] | None:
    """The request the next question changes: the one sized, in the shape of the requests the
    answer was held to when the use case set it (a call centre's 2,048 tokens in and 256 out,
    not the 4,096-token default a GPU-only follow-up went back to: QA 48, T11)."""
    if response.request is None:
        return None
    fields = response.request.model_dump(mode="json")
    option = response.to_meet_targets
    use_case = any(mark.startswith(USE_CASE) for mark in stated)  # said, not the default
    if option is None or not use_case or "context" in stated or option.training_hours is not None:
        return fields
    return fields | {k: option.size_request[k] for k in _SHAPE if k in option.size_request}


def _goal_of(recommendation: Recommendation | None) -> GoalContext | None:
    """What a follow-up to an LLM answer from a goal builds on."""
    if recommendation is None:
        return None
    lead = lead_option(recommendation)
    return GoalContext(
        goal=recommendation.goal_fields(),
        gpu=lead.gpu.id if lead is not None else None,
        capex_usd=lead.cost.capex_usd if lead is not None and lead.cost.capex_usd else None,
    )
