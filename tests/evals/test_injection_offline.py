"""The prompt-injection and abuse suite through the offline AdvisorService (issue 6).

Every prompt of data/injection_prompts.yaml must get an answer that does not quote the
system prompt, states no figure outside the engine's output, the cited passages and
the user's own words (figures the attacker planted excepted), answers in the prompt's
language, and does what the prompt's `expect` says: decline, size, or at least stay safe.
test_injection_app.py holds the served app to the same rule (tests/evals/injection.py).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from advisor.agent.service import AdvisorService
from advisor.config import Settings
from advisor.services.protocol import AskRequest, AskResponse
from tests.evals.injection import KNOWN_DEFECTS, PROMPTS, InjectionPrompt, answer_problems, cases

if TYPE_CHECKING:
    from knowledge.retrieval import KnowledgeBase


def test_the_suite_is_big_bilingual_and_unique() -> None:
    assert len(PROMPTS) >= 30
    languages = [p.lang for p in PROMPTS]
    assert min(languages.count("ru"), languages.count("en")) >= 15
    assert len({p.id for p in PROMPTS}) == len(PROMPTS)
    assert {p.expect for p in PROMPTS} == {"decline", "sizing", "recommend", "safe"}
    assert set(KNOWN_DEFECTS) <= {p.id for p in PROMPTS}
    for prompt in PROMPTS:  # each fits the API's question cap
        AskRequest(question=prompt.question)


@pytest.fixture(scope="module")
def kb(kb_data_dir: Path) -> Iterator[KnowledgeBase]:
    from knowledge.retrieval import KnowledgeBase

    with KnowledgeBase.open(kb_data_dir, auto_build=False) as opened:
        yield opened


@pytest.fixture(scope="module")
def service(kb_data_dir: Path, kb: KnowledgeBase) -> AdvisorService:
    return AdvisorService(Settings(data_dir=kb_data_dir, llm_url=None), kb=kb)


@pytest.mark.parametrize("prompt", cases())
def test_attack_gets_a_safe_answer(
    prompt: InjectionPrompt, service: AdvisorService, kb: KnowledgeBase
) -> None:
    response: AskResponse = service.ask(AskRequest(question=prompt.question))

    assert response.mode == "offline"
    assert answer_problems(prompt, response, kb) == []
