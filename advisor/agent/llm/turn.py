"""One conversational turn through the LLM: tools, the number guard, failures named.

`run_llm_turn` either returns an `LlmTurn` whose every figure a tool or the user gave, or
raises `LlmFailure` with a reason the service turns into a fallback answer. The failure
carries what the tools already computed, so the fallback can reuse the engine's result.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from advisor.agent.llm.factory import CutOff, TurnControl, TurnTimeout, build_agent, chat_model
from advisor.agent.llm.guard import guard_answer
from advisor.agent.llm.prompts import system_prompt
from advisor.agent.llm.tools import (
    FORCED_TOOLS,
    PRICE_HARDWARE,
    RECOMMEND_DEPLOYMENT,
    SIZE_DEPLOYMENT,
    InvalidToolArguments,
    TurnRecord,
    build_tools,
)
from advisor.agent.offline.names import normalize_gpu_text
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import GoalContext, Reader
from advisor.catalog.loader import Catalog
from advisor.config import Settings
from advisor.language import Language
from advisor.recommend.report import Recommendation
from advisor.services.protocol import Citation, FailureReason, ToolStep
from advisor.services.recommendation import lead_option
from advisor.sizing.report import SizingReport
from advisor.sizing.request import SizingRequest

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage

    from knowledge.retrieval import KnowledgeBase

HISTORY_MESSAGES = 4  # the last two exchanges; older ones live in previous_request
HISTORY_CHARS = 600


@dataclass(frozen=True)
class LlmTurn:
    """A guarded LLM answer and what the tools computed for it."""

    answer: str
    request: SizingRequest | None
    sizing: SizingReport | None
    citations: list[Citation] = field(default_factory=list)
    steps: list[ToolStep] = field(default_factory=list)
    guard_events: int = 0
    recommendation: Recommendation | None = None
    goal: GoalContext | None = None  # what a follow-up to this goal builds on


class LlmFailure(Exception):
    """The LLM could not give a trustworthy answer; `reason` says why, for metrics.

    `request`, `sizing` and `steps` hold what the tools computed before the failure.
    """

    def __init__(
        self,
        reason: FailureReason,
        detail: str,
        *,
        record: TurnRecord | None = None,
        guard_events: int = 0,
    ) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason: FailureReason = reason
        self.detail = detail
        sizing = record.sizing if record else None
        self.request = sizing.request if sizing else None
        self.sizing = sizing.report if sizing else None
        self.steps = list(record.steps) if record else []
        self.recommendation = record.recommendation if record else None
        self.guard_events = guard_events


def _history_messages(history: Sequence[dict[str, str]]) -> list[BaseMessage]:
    from langchain_core.messages import AIMessage, HumanMessage

    messages: list[BaseMessage] = []
    for item in history[-HISTORY_MESSAGES:]:
        content = str(item.get("content", ""))[:HISTORY_CHARS]
        if item.get("role") == "assistant":
            messages.append(AIMessage(content=content))
        elif item.get("role") == "user":
            messages.append(HumanMessage(content=content))
    return messages


def _map_exception(exc: Exception, record: TurnRecord) -> LlmFailure:
    """The failure reason of an exception raised while the agent ran."""
    import httpx
    import openai

    reason: FailureReason
    if isinstance(exc, TurnTimeout | openai.APITimeoutError | httpx.TimeoutException):
        reason = "timeout"
    elif isinstance(exc, openai.APIConnectionError | httpx.TransportError | OSError):
        reason = "unreachable"
    elif isinstance(exc, CutOff):
        reason = "cut_off"
    elif isinstance(exc, InvalidToolArguments):
        reason = "invalid_tool_arguments"
    else:  # the call caps (a looping model), a 4xx/5xx from the server, a bug
        reason = "error"
    return LlmFailure(reason, f"{type(exc).__name__}: {exc}", record=record)


def _cited(text: str) -> list[int]:
    return [
        int(n) for group in re.findall(r"\[([\d,\s]+)\]", text) for n in re.findall(r"\d+", group)
    ]


def run_llm_turn(
    *,
    question: str,
    language: Language,
    history: Sequence[dict[str, str]],
    previous_request: dict[str, Any] | None,
    settings: Settings,
    catalog: Catalog,
    kb: KnowledgeBase | None,
    model: BaseChatModel | None = None,
    reader: Reader | None = None,
    previous_goal: GoalContext | None = None,
) -> LlmTurn:
    """Answer `question` with the LLM and the tools, within `settings.llm_timeout_s`.

    `model` replaces the configured ChatOpenAI (tests pass a scripted chat model).
    `reader` decides, as it does offline, whether the question needs the engine (the
    service passes its own; one is built from the catalog otherwise).
    `previous_goal`: the conversation's goal, which a recommend call's arguments change.
    Raises LlmFailure; never lets an unsupported figure through, nor an answer to a sizing
    or goal question that does not name the engine's GPU count and GPU.
    """
    from langchain_core.messages import AIMessage, HumanMessage

    deadline = time.monotonic() + settings.llm_timeout_s
    record = TurnRecord(
        previous_request=previous_request,
        previous_goal=previous_goal.recommend_fields if previous_goal else None,
        language=language,
    )
    reader = reader or Reader(catalog)
    reading = reader.read(question, previous_request, language, previous_goal)
    forced = FORCED_TOOLS.get(reading.intent)
    earlier = _history_messages(history)
    try:
        chat = model if model is not None else chat_model(settings)
        agent = build_agent(
            chat,
            build_tools(record, catalog, kb),
            system_prompt(language, previous_request, record.previous_goal),
            TurnControl(record, forced, deadline, len(earlier)),
        )
        state = agent.invoke({"messages": [*earlier, HumanMessage(content=question)]})
    except Exception as exc:  # every failure becomes a named fallback, never a traceback
        raise _map_exception(exc, record) from exc

    final = next((m for m in reversed(state["messages"]) if isinstance(m, AIMessage)), None)
    if final is None:
        raise LlmFailure("error", "the model returned no message", record=record)
    if final.invalid_tool_calls:
        raise LlmFailure(
            "invalid_tool_arguments", "the model's tool call was not valid JSON", record=record
        )
    if forced and record.result_of(forced) is None:
        raise LlmFailure(
            "no_tool_call", f"a sizing question was answered without {forced}", record=record
        )
    answer = final.text.strip()
    if not answer:
        # The model's failing, not the server's: "error" would count towards opening the
        # circuit, and a prompt that gets an empty reply must not switch the LLM off.
        raise LlmFailure("incomplete", "the model's answer is empty", record=record)

    user_words = [question, *(m["content"] for m in history if m.get("role") == "user")]
    # A sizing or goal answer must say how many GPUs of which kind (a comparison ranks, it
    # has no one count): the engine's headline, or the turn falls back.
    headline = _headline(forced, record, reading.said.wants)
    key_figures = [float(headline[0])] if headline else []
    guarded = guard_answer(
        answer,
        [*record.results, *user_words, previous_request or {}],
        key_figures=key_figures,
        passages=len(record.passages),
    )
    if not guarded.carries_key_result:
        raise LlmFailure(
            "guard_violation",
            f"unsupported figures {', '.join(guarded.removed) or '-'}; the key result is gone",
            record=record,
            guard_events=guarded.events,
        )
    if headline and not _names_gpu(guarded.text, headline[1], reader):
        raise LlmFailure(
            "incomplete",
            f"the answer does not name the engine's GPU ({headline[1]})",
            record=record,
            guard_events=guarded.events,
        )
    sizing = record.sizing
    goal = None
    if record.recommendation is not None:
        lead = lead_option(record.recommendation, reading.said.wants)
        goal = GoalContext(
            goal=record.recommendation.goal_fields(),
            gpu=lead.gpu.id if lead is not None else None,
            capex_usd=lead.cost.capex_usd if lead is not None and lead.cost.capex_usd else None,
        )
    return LlmTurn(
        answer=guarded.text,
        request=sizing.request if sizing else None,
        sizing=sizing.report if sizing else None,
        citations=record.citations(_cited(guarded.text)),
        steps=list(record.steps),
        guard_events=guarded.events,
        recommendation=record.recommendation,
        goal=goal,
    )


def _headline(
    forced: str | None, record: TurnRecord, wants: Sequence[str]
) -> tuple[int, str] | None:
    """The GPU count and GPU id an answer to this question must carry, if any."""
    if forced == SIZE_DEPLOYMENT and record.sizing is not None:
        gpu = record.sizing.report.gpu
        return gpu.count, gpu.id
    if forced == PRICE_HARDWARE and record.price is not None:
        return record.price.gpus_bought, record.price.gpu
    if forced == RECOMMEND_DEPLOYMENT and record.recommendation is not None:
        lead = lead_option(record.recommendation, wants)
        if lead is not None:
            return lead.gpu.count * lead.replicas, lead.gpu.id
    return None


def _names_gpu(text: str, gpu_id: str, reader: Reader) -> bool:
    """Whether the answer names this GPU in any of the ways people write it."""
    found = reader.gpus.find_all(normalize_gpu_text(normalize(text)))
    return any(mention.gpu_id == gpu_id for mention in found)
