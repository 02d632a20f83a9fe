"""A chat model that plays back scripted AIMessages and records how it was called.

`GenericFakeChatModel.bind_tools` raises NotImplementedError; the agent needs tool binding,
so this one records the bound tool names and tool choice of every call instead.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import Field


class ScriptedChatModel(BaseChatModel):
    script: list[AIMessage]
    calls: list[dict[str, Any]] = Field(default_factory=list)
    delay_s: float = 0.0  # per call, to run a turn past its deadline

    @property
    def _llm_type(self) -> str:
        return "scripted"

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: Any = None, **kwargs: Any
    ) -> Runnable[Any, AIMessage]:
        names = [convert_to_openai_tool(tool)["function"]["name"] for tool in tools]
        return self.bind(tool_names=names, tool_choice=tool_choice, **kwargs)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.calls.append({"messages": list(messages), **kwargs})
        if self.delay_s:
            time.sleep(self.delay_s)
        if not self.script:
            raise AssertionError(f"the script ran out at call {len(self.calls)}")
        return ChatResult(generations=[ChatGeneration(message=self.script.pop(0))])


def tool_call(name: str, args: dict[str, Any], call_id: str = "call_1") -> AIMessage:
    return AIMessage(
        content="", tool_calls=[{"name": name, "args": args, "id": call_id, "type": "tool_call"}]
    )


def sizing_args(**given: Any) -> dict[str, Any]:
    """Strict-schema arguments: every field present, null unless given."""
    from advisor.services.registry import SIZING_TOOL_FIELDS

    return {name: given.get(name) for name in SIZING_TOOL_FIELDS}
