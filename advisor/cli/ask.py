"""`advisor ask "question" [--json] [--llm-url URL] [--conversation ID]`: ask the advisor.

Without an LLM URL (the option or ADVISOR_LLM_URL) the offline reader answers; with one
the LLM does, and the offline reader takes over when it fails. Conversations persist as
JSON under DATA_DIR/conversations, so `--conversation ID` continues one across runs.
`--json` prints the AskResponse object; otherwise the answer, then the conversation id
on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from advisor.cli.main import UsageError


def register(subparsers: argparse._SubParsersAction[Any]) -> None:
    """Add `ask`; its handler imports the advisor only when run, so `advisor --help`
    stays fast."""
    parser = subparsers.add_parser(
        "ask",
        help="ask the advisor a question in Russian or English",
        description="Ask how many GPUs and which server a model needs, in Russian or "
        "English. Offline (no LLM) unless an LLM URL is given.",
    )
    parser.add_argument("question", help='e.g. "Llama 3.1 70B for 20 users, 32k context"')
    parser.add_argument("--json", action="store_true", help="print the full response as JSON")
    parser.add_argument(
        "--llm-url", metavar="URL", help="OpenAI-compatible base URL (default ADVISOR_LLM_URL)"
    )
    parser.add_argument(
        "--conversation", metavar="ID", help="continue this conversation (follow-up questions)"
    )
    parser.add_argument(
        "--data-dir", type=Path, default=None, help="default: the ADVISOR_DATA_DIR setting"
    )
    parser.set_defaults(handler=run_ask)


def run_ask(args: argparse.Namespace) -> int:
    """Check the flags before the advisor loads, so bad input fails at once with exit
    status 2; then answer one question, the conversation kept in a file under the data
    directory."""
    from advisor.services.protocol import MAX_QUESTION_CHARS as MAX_QUESTION

    question = args.question.strip()
    if not question:
        raise UsageError("advisor ask: question: must not be empty")
    if len(question) > MAX_QUESTION:
        raise UsageError(f"advisor ask: question: at most {MAX_QUESTION} characters")
    if args.llm_url is not None and not args.llm_url.startswith(("http://", "https://")):
        raise UsageError("advisor ask: --llm-url: must start with http:// or https://")

    from advisor.agent.conversations import FileConversationStore
    from advisor.agent.service import AdvisorService
    from advisor.config import Settings
    from advisor.errors import InputError
    from advisor.services.protocol import AskRequest, check_conversation_id

    if args.conversation is not None:
        try:
            check_conversation_id(args.conversation)
        except InputError as exc:
            raise UsageError(f"advisor ask: --conversation: {exc}") from None
    overrides: dict[str, Any] = {}
    if args.llm_url is not None:
        overrides["llm_url"] = args.llm_url
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    settings = Settings(**overrides)
    store = FileConversationStore(settings.data_dir / "conversations")
    service = AdvisorService(settings, store=store)
    try:
        response = service.ask(AskRequest(question=question, conversation_id=args.conversation))
    finally:
        service.close()
    if args.json:
        json.dump(response.model_dump(mode="json"), sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    sys.stdout.write(response.answer.rstrip() + "\n")
    note = f" (fallback: {response.fallback_reason})" if response.fallback_reason else ""
    print(
        f"conversation {response.conversation_id}, mode {response.mode}{note}; "
        f"follow up with --conversation {response.conversation_id}",
        file=sys.stderr,
    )
    return 0
