"""The agent graph: LangChain's `create_agent` over an OpenAI-compatible chat model (vLLM).

Middleware, outermost first:
- `TurnControl`: the turn's deadline (each model call gets only the time left), a named
  tool choice while a sizing question has no engine result yet, strict tool schemas, one
  tool call at a time, and a cut-off answer (`finish_reason == "length"`) ends the turn;
- LangChain's call caps, so no turn can loop.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from langchain.agents import create_agent
from langchain.agents.middleware import (
    AgentMiddleware,
    ModelCallLimitMiddleware,
    ModelRequest,
    ModelResponse,
    ToolCallLimitMiddleware,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage
from langchain_core.tools import BaseTool

from advisor.agent.llm.tools import SEARCH_KNOWLEDGE, TurnRecord
from advisor.config import Settings

if TYPE_CHECKING:
    import httpx
    from langchain_openai import ChatOpenAI

MAX_MODEL_CALLS = 4  # size, (retry or search), answer, one spare
MAX_TOOL_CALLS = 3
MAX_ANSWER_TOKENS = 300  # a short answer; keeps a 2,048-token window from overflowing


class TurnTimeout(Exception):
    """The turn's deadline passed before the next model call."""


class CutOff(Exception):
    """The model stopped at its token limit (`finish_reason == "length"`)."""


def chat_model(
    settings: Settings,
    max_tokens: int = MAX_ANSWER_TOKENS,
    http_client: httpx.Client | None = None,
) -> ChatOpenAI:
    """ChatOpenAI against the configured server: temperature 0, no client-side retries
    (a retry would blow the turn's deadline; the service falls back instead).

    `max_tokens` caps every completion, tool calls included (~150 tokens of arguments);
    `http_client` lets a benchmark time the requests."""
    from langchain_openai import ChatOpenAI

    if not settings.llm_url:
        raise ValueError("llm_url is not set: the LLM agent needs an OpenAI-compatible URL")
    return ChatOpenAI(
        base_url=settings.llm_url,
        model=settings.llm_model
        or served_model(
            settings.llm_url, settings.llm_api_key.get_secret_value(), settings.llm_timeout_s
        ),
        api_key=settings.llm_api_key,
        timeout=settings.llm_timeout_s,
        temperature=0,
        max_retries=0,
        max_completion_tokens=max_tokens,
        http_client=http_client,
    )


@lru_cache(maxsize=8)
def served_model(base_url: str, api_key: str, timeout_s: float) -> str:
    """The first model the server lists at GET /models, when no model name is configured."""
    import httpx

    response = httpx.get(
        f"{base_url.rstrip('/')}/models",
        headers={"Authorization": f"Bearer {api_key}"},
        timeout=timeout_s,
    )
    response.raise_for_status()
    models = response.json().get("data") or []
    if not models:
        raise ValueError(f"{base_url} serves no model")
    name: str = models[0]["id"]
    return name


class TurnControl(AgentMiddleware[Any, Any]):
    """Per-turn policy around every model call (see the module docstring).

    Until the forced engine tool has run, the model sees only that tool, with a named tool
    choice, and no history (the previous request in the system prompt carries the state):
    a 2,048-token model has no room for more. Afterwards it may search the knowledge base
    and must write the answer.
    """

    def __init__(
        self, record: TurnRecord, forced_tool: str | None, deadline: float, history_length: int
    ) -> None:
        super().__init__()
        self.record = record
        self.forced_tool = forced_tool
        self.deadline = deadline
        self.history_length = history_length

    def wrap_model_call(
        self,
        request: ModelRequest[Any],
        handler: Callable[[ModelRequest[Any]], ModelResponse[Any]],
    ) -> ModelResponse[Any]:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise TurnTimeout("the turn ran out of time before the next model call")
        by_name = {t.name: t for t in request.tools if isinstance(t, BaseTool)}
        settings: dict[str, Any] = {**request.model_settings, "timeout": remaining}
        messages = request.messages
        choice: Any = None
        if self.forced_tool and self.record.result_of(self.forced_tool) is None:
            tools: list[BaseTool | dict[str, Any]] = [by_name[self.forced_tool]]
            choice = {"type": "function", "function": {"name": self.forced_tool}}
            messages = messages[self.history_length :]
        else:
            tools = [by_name[SEARCH_KNOWLEDGE]] if SEARCH_KNOWLEDGE in by_name else []
            choice = "auto" if tools else None
        if tools:
            settings.update(strict=True, parallel_tool_calls=False)
        response = handler(
            request.override(
                tools=tools, tool_choice=choice, model_settings=settings, messages=messages
            )
        )
        for message in response.result:
            if isinstance(message, AIMessage):
                reason = message.response_metadata.get("finish_reason")
                if reason == "length":
                    raise CutOff("the model's answer was cut off at its token limit")
        return response


def build_agent(
    model: BaseChatModel,
    tools: Sequence[BaseTool],
    system_prompt: str,
    control: TurnControl,
) -> Any:
    """The compiled agent graph for one turn (cheap to build: no I/O)."""
    return create_agent(
        model,
        list(tools),
        system_prompt=system_prompt,
        middleware=[
            control,
            ModelCallLimitMiddleware(run_limit=MAX_MODEL_CALLS, exit_behavior="error"),
            ToolCallLimitMiddleware(run_limit=MAX_TOOL_CALLS, exit_behavior="error"),
        ],
    )
