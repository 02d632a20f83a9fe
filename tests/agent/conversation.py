"""One conversation with the offline advisor, turn by turn: the blind QA rounds' follow-ups
replayed as tests."""

from __future__ import annotations

from advisor.agent.service import AdvisorService
from advisor.services.protocol import AskRequest, AskResponse


def converse(service: AdvisorService, *questions: str) -> list[AskResponse]:
    """Each question asked in the same conversation, in order; every answer."""
    answers: list[AskResponse] = []
    conversation = None
    for question in questions:
        answer = service.ask(AskRequest(question=question, conversation_id=conversation))
        conversation = answer.conversation_id
        answers.append(answer)
    return answers
