"""Goal questions answered offline from `recommend`, and the conversation that follows."""

from __future__ import annotations

import math
import re

import pytest

from advisor.agent.offline.names import ModelMention
from advisor.agent.offline.normalize import normalize
from advisor.agent.offline.reader import ASKED_GPUS, ASKED_MODELS, GoalContext, Reader
from advisor.agent.offline.turn import OfflineTurn, run_offline_turn
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.messages import M
from advisor.recommend.report import Option, Recommendation
from advisor.services.protocol import AskRequest, AskResponse
from advisor.services.recommendation import lead_option, recommend_deployment
from advisor.services.sizing import BusyCost
from advisor.sizing.report import SizingReport

GOALS = [
    "Мы хотим внутренний чат-бот по документам для 200 сотрудников. Какой сервер нужен?",
    "We have a server with 4x A100 40GB. What is the largest model we can serve to 30 people?",
    "What's the cheapest GPU setup to run Llama 3.3 70B for 10 users?",
    "есть 3 млн рублей на железо, нужен бот поддержки клиентов, что брать?",
    "Нужно дообучить модель на 30 тысячах обращений для бота поддержки. Какое оборудование?",
]


def _lead(response: AskResponse, question: str) -> Option:
    """The recommended option, or the cheapest that serves the load when that was asked."""
    assert response.recommendation is not None
    wants = ["cheapest"] if "cheapest" in question.lower() else []
    if response.recommendation.goal.get("strongest"):  # a budget with no load: the most model
        wants.append("largest_model")
    lead = lead_option(response.recommendation, wants)
    assert lead is not None
    assert lead.label in ("recommended", "owned", "closest", "pareto", "quality")
    return lead


@pytest.mark.parametrize("question", GOALS)
def test_a_goal_gets_the_recommended_gpus_first_in_its_language(
    service: AdvisorService, question: str
) -> None:
    response = service.ask(AskRequest(question=question))
    lead = _lead(response, question)
    lines = response.answer.splitlines()
    rented = ("**Rent the run rather than buy:**", "**Запуск выгоднее арендовать")
    first = lines[1] if lines[0].startswith(rented) else lines[0]  # a run rented: that first
    assert f"{lead.gpu.count * lead.replicas} x {lead.gpu.name}" in first
    assert lead.model_name in first
    russian = any("а" <= ch <= "я" for ch in question.lower())
    assert response.language == ("ru" if russian else "en")
    assert ("Я исходил" in response.answer) == russian
    assert [s.name for s in response.steps] == ["recommend_deployment"]
    assert response.request is None and response.sizing is None


@pytest.mark.parametrize("question", GOALS)
def test_the_number_guard_accepts_goal_answers(
    reader: Reader, catalog: Catalog, question: str
) -> None:
    guard = pytest.importorskip("advisor.agent.llm.guard")
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.recommendation is not None
    result = guard.guard_answer(turn.answer, [*turn.tool_results, question])
    assert result.removed == ()


def test_owned_hardware_and_budget_are_respected(service: AdvisorService) -> None:
    owned = service.ask(AskRequest(question=GOALS[1])).recommendation
    assert owned is not None and owned.options
    assert all(o.gpu.id == "a100-40gb" and o.gpu.count * o.replicas <= 4 for o in owned.options)
    budget = service.ask(AskRequest(question=GOALS[3])).recommendation
    assert budget is not None and budget.goal["budget_rub"] == 3_000_000
    limit = 3_000_000 / budget.rub_per_usd
    assert all(o.cost.capex_usd <= limit for o in budget.options if o.label != "closest")


def test_follow_ups_change_the_goal_in_both_languages(service: AdvisorService) -> None:
    first = service.ask(AskRequest(question=GOALS[0]))
    conversation = first.conversation_id

    def ask(question: str) -> AskResponse:
        return service.ask(AskRequest(question=question, conversation_id=conversation))

    more = ask("а если 500 сотрудников?")
    assert more.recommendation is not None
    assert more.recommendation.goal["headcount"] == 500
    assert more.recommendation.goal["use_case"] == "rag"
    assert more.recommendation.workload.concurrency == 61  # 50 on average, 61 at the p95

    cheaper = ask("а дешевле?")
    assert cheaper.recommendation is not None
    serving = [o for o in cheaper.recommendation.options if o.label in ("recommended", "pareto")]
    cheapest = min(serving, key=lambda o: (o.cost.capex_usd, o.cost.tco_3y_usd))
    assert (
        f"{cheapest.gpu.count * cheapest.replicas} x {cheapest.gpu.name}"
        in "\n".join(cheaper.answer.splitlines()[:2])  # after the API's verdict when cheaper
    )

    two = ask("what if we only have 2 GPUs?")
    assert two.recommendation is not None
    owned = two.recommendation.goal["owned"]
    assert owned["count"] == 2 and owned["gpu"] == cheapest.gpu.id  # the GPU it led with
    assert all(o.gpu.count * o.replicas <= 2 for o in two.recommendation.options)

    sized = ask("Сколько GPU нужно для Llama 3.1 8B на 10 пользователей?")
    assert sized.sizing is not None and sized.recommendation is None


def test_a_setup_that_does_not_fit_gets_the_changes_that_would(
    reader: Reader, catalog: Catalog
) -> None:
    turn = run_offline_turn(
        "Llama 3.3 70B на 2 RTX 4090 для 10 пользователей", reader=reader, catalog=catalog, kb=None
    )
    assert turn.sizing is not None and not turn.sizing.fits
    assert "Что поможет:" in turn.answer
    assert "Llama 3.1 8B" in turn.answer  # a smaller model of the same line


def test_a_goal_naming_an_ambiguous_model_asks_back(reader: Reader, catalog: Catalog) -> None:
    turn = run_offline_turn(
        "самый дешёвый способ запустить дипсик на 10 юзеров",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    if turn.reading.clarification is not None and turn.reading.clarification.reason != "missing":
        assert turn.recommendation is None
    else:
        assert turn.recommendation is not None


def test_goal_context_survives_a_round_trip() -> None:
    context = GoalContext(goal={"use_case": "rag", "headcount": 5}, gpu="l40s")
    assert GoalContext.model_validate(context.model_dump()) == context


def _guarded_turn(question: str, reader: Reader, catalog: Catalog) -> OfflineTurn:
    """An offline turn whose every figure the number guard finds in its tool results."""
    guard = pytest.importorskip("advisor.agent.llm.guard")
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()
    return turn


def test_a_sizing_slower_than_its_use_case_names_a_setup_that_meets_it(
    reader: Reader, catalog: Catalog
) -> None:
    question = "а можно на RTX 6000 Ada собрать сервер под llama 3.3 70b на 30 чел?"
    turn = _guarded_turn(question, reader, catalog)
    assert turn.sizing is not None and turn.sizing.performance.per_user_tokens_per_s < 20
    assert "медленнее, чем нужно" in turn.answer
    option = turn.to_meet_targets
    assert option is not None and option.label == "recommended"
    assert option.meets_targets and option.gpu.id == "rtx-6000-ada"  # the GPU the user named
    assert f"{option.per_user_tokens_per_s:g}" in turn.answer


def test_a_sizing_that_meets_its_use_case_says_nothing_more(
    reader: Reader, catalog: Catalog
) -> None:
    turn = run_offline_turn(
        "llama 3.1 8b on one H100 for 5 users", reader=reader, catalog=catalog, kb=None
    )
    assert turn.sizing is not None and turn.sizing.performance.per_user_tokens_per_s >= 20
    assert "slower than" not in turn.answer and turn.recommendation is None


@pytest.mark.parametrize(
    ("question", "owned"),
    [
        ("Llama 3.3 70B for 50 concurrent users, what hardware?", False),
        ("у нас 4 A100 40GB, запустим на них ламу 3.1 8б для 20 человек?", True),
    ],
)
def test_a_sizing_answer_states_what_it_costs(
    reader: Reader, catalog: Catalog, question: str, owned: bool
) -> None:
    """Owned GPUs: what they cost to run. Sized on the reference card nobody chose: the
    cheapest setup that serves the load leads, at its price, not the reference's whole
    server."""
    turn = _guarded_turn(question, reader, catalog)
    assert turn.sizing is not None and turn.sizing.fits
    cost = turn.cost
    assert cost is not None and (cost.capex_usd == 0) == owned and cost.monthly_usd > 0
    if owned:
        assert "Свои GPU" in turn.answer
    else:
        price = catalog.prices.gpus[turn.sizing.gpu.id]
        assert cost.capex_usd >= turn.sizing.gpu.count * price.usd
        cheapest = turn.to_meet_targets
        assert cheapest is not None
        assert f"Cost: about ${cheapest.cost.capex_usd:,.0f} for these GPUs" in turn.answer
        assert f"${cost.capex_usd:,.0f}" not in turn.answer  # the reference's whole server


def test_named_gpus_that_hold_the_model_only_quantised_say_how(
    reader: Reader, catalog: Catalog
) -> None:
    turn = _guarded_turn("квен3 235б моэ на 4×H100, 30 юзеров", reader, catalog)
    assert turn.sizing is not None and not turn.sizing.fits  # BF16, as asked by default
    option = turn.to_meet_targets
    assert option is not None and option.fits and option.precision != "bf16"
    assert (option.gpu.id, option.gpu.count * option.replicas) == ("h100-sxm", 4)
    assert f"{option.per_user_tokens_per_s:g}" in turn.answer


def test_a_rent_question_leads_with_a_rentable_option_and_prices_the_rent(
    service: AdvisorService,
) -> None:
    """'Rent or buy' is a money question: the goal is recommended with the model fixed, the
    lead is the cheapest option to rent that serves the load, and its rent is stated."""
    response = service.ask(
        AskRequest(question="аренда или покупка H100? квен 2.5 72б, 100 запросов в минуту")
    )
    assert response.recommendation is not None
    lead = lead_option(response.recommendation, ["rent"])
    assert lead is not None and lead.cost.cloud_monthly_usd is not None
    assert lead.model_name.startswith("Qwen2.5 72B")
    assert f"${lead.cost.cloud_monthly_usd:,.0f}".replace(",", "\xa0") in response.answer
    assert "Аренда тех же GPU" in response.answer


def test_a_rent_question_without_a_rentable_option_says_so(service: AdvisorService) -> None:
    response = service.ask(AskRequest(question="llama 3.1 8b for 30 users: rent or buy?"))
    assert response.recommendation is not None
    lead = lead_option(response.recommendation, ["rent"])
    assert lead is not None
    if lead.cost.cloud_monthly_usd is None:
        assert "no public on-demand rate" in response.answer
    else:
        assert "Renting the same GPUs" in response.answer


@pytest.mark.parametrize(
    ("question", "precision"),
    [
        ("Qwen2.5 32B in 4-bit for 10 users on our own server", "int4"),
        ("Qwen2.5 32B for 10 users", None),
    ],
)
def test_pricing_a_sizing_keeps_the_format_that_was_asked_for(
    service: AdvisorService, question: str, precision: str | None
) -> None:
    """'In 4-bit', then 'cheaper?', then 'and for 50 users?': every answer stays in 4 bits; a
    format nobody asked for (the sizing's default BF16) does not bind the search."""
    first = service.ask(AskRequest(question=question))
    conversation = first.conversation_id
    for follow_up in ("anything cheaper?", "and for 50 users?"):
        answer = service.ask(AskRequest(question=follow_up, conversation_id=conversation))
        assert answer.recommendation is not None
        assert answer.recommendation.goal.get("precision") == precision
        if precision is not None:
            assert {o.precision for o in answer.recommendation.options} == {precision}
    assert answer.recommendation.workload.concurrency == 50


def test_cheaper_again_says_what_a_cheaper_setup_gives_up(service: AdvisorService) -> None:
    """A "cheaper?" about a goal whose answer already led with its cheapest setup does not
    repeat it silently: it says so and names the trade-offs, each with its figures."""
    first = service.ask(
        AskRequest(question="cheapest setup for Mistral Small 24B, 50k requests a day")
    )
    again = service.ask(AskRequest(question="cheaper?", conversation_id=first.conversation_id))
    assert again.recommendation is not None and first.recommendation is not None
    lead = lead_option(again.recommendation, ["cheapest"])
    assert lead is not None
    assert again.answer.startswith("This is already the cheapest setup")
    assert (
        f"serves {again.recommendation.workload.concurrency} users" in again.answer.splitlines()[0]
    )
    assert "a smaller model" in again.answer
    assert not first.answer.startswith("This is already")
    other = service.ask(
        AskRequest(question="and for 200 users?", conversation_id=first.conversation_id)
    )
    assert not other.answer.startswith("This is already")


def test_a_follow_up_keeps_the_stated_context_when_it_weighs_the_targets(
    service: AdvisorService,
) -> None:
    """'What about H200?' after a 32k-context sizing keeps the window and weighs the targets
    at the same request the sizing used: the use case's prompt in that window."""
    first = service.ask(
        AskRequest(
            question="Llama 3.3 70B for 200 concurrent users with 32k context. How many H100s?"
        )
    )
    then = service.ask(
        AskRequest(question="what about H200?", conversation_id=first.conversation_id)
    )
    assert then.sizing is not None and then.request is not None
    assert then.request.context == 32768 and then.request.gpu == "h200-nvl"  # the card
    assert (then.request.prompt_tokens, then.request.output_tokens) == (1024, 256)
    assert "of which" in then.answer and "at the full 32,768-token window" in then.answer
    option = then.to_meet_targets
    assert option is None or (
        option.size_request["context"] == 32768 and option.size_request["prompt_tokens"] == 1024
    )


def test_a_sizing_that_no_setup_speeds_up_says_which_target_misses(
    service: AdvisorService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """When no setup of the model on the named GPU meets the use case's targets, the answer
    names the target that misses and the figure it reaches, instead of staying silent."""
    from advisor.agent.offline import turn as turn_module

    real = turn_module.recommend_deployment

    def none_meets(goal: dict[str, object], catalog: Catalog) -> object:
        return real(goal, catalog).model_copy(update={"options": []})

    monkeypatch.setattr(turn_module, "recommend_deployment", none_meets)
    response = service.ask(AskRequest(question="Llama 3.3 70B in FP8 on 4 L40S for 30 users"))
    assert response.sizing is not None and response.sizing.fits
    speed = response.sizing.performance.per_user_tokens_per_s
    assert speed < 20  # below the general assistant's 20 tokens/s
    assert response.to_meet_targets is None
    assert "misses what a general assistant needs" in response.answer
    assert f"{round(speed, 1):g} tokens/s per user against 20" in response.answer


def test_a_sizing_on_the_default_gpu_adds_the_cheapest_setup_for_its_load(
    service: AdvisorService,
) -> None:
    """Nobody chose the default H100 SXM: the answer keeps its figures as a reference and
    adds the cheapest setup of the model for the same load; a named GPU gets no such line."""
    default = service.ask(AskRequest(question="Llama 3.1 8B for 15 users"))
    assert default.request is not None and default.request.gpu == "h100-sxm"
    cheapest = default.to_meet_targets
    assert cheapest is not None and cheapest.gpu.id != "h100-sxm"
    assert "No GPU was named" in default.answer
    assert cheapest.cost.capex_usd < (default.cost.capex_usd if default.cost else 0)
    named = service.ask(AskRequest(question="Llama 3.1 8B for 15 users on one H100"))
    assert "No GPU was named" not in named.answer


def test_a_count_without_owning_limits_what_is_bought(service: AdvisorService) -> None:
    """A follow-up "what about with only 2 GPUs?" is two of the GPU the goal led with, to buy
    (not owned: the price is stated); "we only have 2" makes them owned."""
    first = service.ask(
        AskRequest(question="Llama 3.1 70B for our support team, 20 concurrent users. Cost?")
    )
    assert first.recommendation is not None
    two = service.ask(
        AskRequest(question="What about with only 2 GPUs?", conversation_id=first.conversation_id)
    )
    assert two.recommendation is not None
    goal = two.recommendation.goal
    assert goal["gpus"] == 2 and goal.get("owned") is None
    assert all(o.gpu.count * o.replicas <= 2 for o in two.recommendation.options)
    assert all(o.cost.capex_usd > 0 for o in two.recommendation.options)


def test_an_answer_to_which_model_resumes_the_goal(service: AdvisorService) -> None:
    """A goal follow-up naming an ambiguous model asks which; the answer continues the goal
    with its load (200 chats at once), not a one-user sizing."""
    first = service.ask(
        AskRequest(question="Bank, 2,000 employees, peak 200 simultaneous chats. How many GPUs?")
    )
    conversation = first.conversation_id
    asked = service.ask(
        AskRequest(question="What if we use a 7B model instead?", conversation_id=conversation)
    )  # a 7B is asked (Llama 2 7B caches 9x more than Qwen2.5 7B); an 8B is not
    assert asked.recommendation is None and asked.sizing is None
    answered = service.ask(AskRequest(question="Qwen2.5 7B", conversation_id=conversation))
    assert answered.recommendation is not None
    assert answered.recommendation.goal["model"] == "qwen2.5-7b"
    assert answered.recommendation.workload.concurrency == 200


def test_the_price_of_renting_named_gpus_comes_first(service: AdvisorService) -> None:
    response = service.ask(
        AskRequest(question="How much does it cost per month to rent an 8x H100 server?")
    )
    assert response.recommendation is not None
    first = response.answer.splitlines()[0]
    assert first.startswith("**Renting 8 x") and "$20,440" in first
    # fewer hours said: the month is those hours, not "around the clock"
    daytime = service.ask(
        AskRequest(question="аренда 2 H100 на 10 часов в день для 50 сотрудников")
    )
    first = daytime.answer.splitlines()[0]
    assert first.startswith("**Аренда 2 x") and "x 304 ч" in first
    assert "круглосуточно" not in first and "за названные часы" in first


def test_a_follow_up_keeps_wanting_the_strongest_model(service: AdvisorService) -> None:
    """ "А если бюджет 2 млн?" after "the strongest model" still leads with the strongest
    model the new budget buys, not the cheapest recommended setup."""
    first = service.ask(
        AskRequest(question="Бюджет 500 тысяч рублей. Какую самую умную модель сможем крутить?")
    )
    more = service.ask(
        AskRequest(question="а если бюджет 2 млн?", conversation_id=first.conversation_id)
    )
    assert more.recommendation is not None
    assert more.recommendation.goal.get("strongest") is True
    lead = lead_option(more.recommendation, ["largest_model"])
    assert lead is not None
    assert f"{lead.gpu.count * lead.replicas} x {lead.gpu.name}" in more.answer.splitlines()[0]


def test_the_cheapest_lead_is_labelled_by_why_it_leads(service: AdvisorService) -> None:
    response = service.ask(
        AskRequest(
            question="Marketing agency, 12 people, private ChatGPT-like assistant. Cheapest?"
        )
    )
    assert response.recommendation is not None
    lead = lead_option(response.recommendation, ["cheapest"])
    assert lead is not None
    first = response.answer.splitlines()[0]
    assert "Alternative" not in first
    if lead.label == "pareto":
        assert first.startswith("**Cheapest:")


def test_a_stated_precision_holds_in_the_cheapest_setup(service: AdvisorService) -> None:
    """A sizing on the default card leads with the cheapest setup, in the format asked for."""
    response = service.ask(AskRequest(question="What GPU do I need for Gemma 2 27B at FP16?"))
    lines = response.answer.splitlines()
    assert lines[1].startswith("No GPU was named")
    assert "inference, FP16:" in lines[0] and "INT4" not in lines[0]


def test_half_the_budget_after_an_answer_without_one_halves_its_price(
    service: AdvisorService,
) -> None:
    """ "What if the budget is half of that?" after a cheapest setup: half of what it costs."""
    first = service.ask(
        AskRequest(
            question="Marketing agency, 12 people, private ChatGPT-like assistant. Cheapest?"
        )
    )
    assert first.recommendation is not None
    lead = lead_option(first.recommendation, ["cheapest"])
    assert lead is not None and lead.cost.capex_usd > 0
    half = service.ask(
        AskRequest(
            question="What if the budget is half of that?", conversation_id=first.conversation_id
        )
    )
    assert half.recommendation is not None
    assert half.recommendation.goal["budget_usd"] == pytest.approx(lead.cost.capex_usd / 2, abs=1)


def test_cheaper_again_for_a_fine_tuning_run_names_its_own_trade_offs(
    service: AdvisorService,
) -> None:
    first = service.ask(
        AskRequest(
            question="LoRA fine-tune Mistral Small 24B on 50M tokens within 3 weeks, cheapest?"
        )
    )
    again = service.ask(AskRequest(question="cheaper?", conversation_id=first.conversation_id))
    assert again.recommendation is not None
    first_line = again.answer.splitlines()[0]
    assert first_line.startswith("This is already the cheapest setup to buy that trains")
    assert "QLoRA" in first_line and "users at once" not in first_line


def test_a_follow_up_sizing_sets_its_gpus_and_costs_beside_the_last_answer(
    service: AdvisorService,
) -> None:
    """'How much do we save with 4-bit?' after a BF16 sizing: the GPUs and the bill before
    and after, each figure from a sizing of its own; a GPU named earlier is no reference
    card, and a follow-up that changes nothing the GPUs depend on adds no such line."""
    first = service.ask(AskRequest(question="Llama 3.1 70B for 20 users on H100"))
    assert first.sizing is not None and first.sizing.gpu.count > 1
    four_bit = service.ask(
        AskRequest(
            question="how much do we save with 4-bit?", conversation_id=first.conversation_id
        )
    )
    assert four_bit.sizing is not None and four_bit.sizing.precision == "int4"
    before, after = first.sizing.gpu.count, four_bit.sizing.gpu.count
    assert after < before
    head = four_bit.answer.splitlines()[0]
    assert head.startswith(f"Against the last answer (BF16): {before} x NVIDIA H100")
    assert f"-> {after} x NVIDIA H100" in head
    assert "reference card" not in four_bit.answer
    same = service.ask(
        AskRequest(question="what about 8k context?", conversation_id=first.conversation_id)
    )
    assert same.sizing is not None
    if same.sizing.gpu.count == four_bit.sizing.gpu.count:
        assert not same.answer.startswith("Against the last answer")


def test_owned_gpus_stay_owned_and_their_fixes_match_the_sizing(service: AdvisorService) -> None:
    """'We own 4x A100 40GB: Llama 3.3 70B for ~50 users?', then 'and with 4-bit?': the
    make-it-fit line for 4 bits states the speed the 4-bit sizing then gives (both for the
    same requests), the follow-up prices no purchase of the customer's own GPUs, and where
    it misses the target it says what meets it on those GPUs instead of a shopping list."""
    first = service.ask(
        AskRequest(question="We own 4x A100 40GB. Can we run Llama 3.3 70B for ~50 users?")
    )
    assert first.make_it_fit
    four_bit = next(c for c in first.make_it_fit if c.change == "int4")
    follow = service.ask(
        AskRequest(question="and with 4-bit?", conversation_id=first.conversation_id)
    )
    assert follow.sizing is not None and follow.sizing.precision == "int4"
    assert follow.sizing.gpu.count == 4
    assert four_bit.per_user_tokens_per_s == pytest.approx(
        follow.sizing.performance.per_user_tokens_per_s, rel=0.02
    )
    assert follow.cost is not None and follow.cost.capex_usd == 0
    assert "to buy" not in follow.answer
    if not four_bit.meets_targets:
        assert "On your GPUs this would meet it:" in follow.answer
        assert "Recommended:" not in follow.answer


# ---- two models weighed for one goal ---------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "contenders"),
    [
        (
            "Mistral Small 3.2 vs Gemma 3 27B for a support bot, 50 users?",
            ["mistral-small-3.2-24b", "gemma-3-27b"],
        ),
        (
            "Llama 3.3 70B или Qwen 2.5 72B — что лучше для 30 сотрудников?",
            ["llama-3.3-70b", "qwen2.5-72b"],
        ),
        ("Llama or Qwen for our document search, 200 staff?", ["llama", "qwen"]),
        (  # versions of one size that size alike: the newest, not the family's cheapest
            "Compare Qwen 72B vs Llama 70B for a legal-docs assistant",
            ["qwen2.5-72b", "llama-3.3-70b"],
        ),
    ],
)
def test_models_set_against_each_other_are_read_as_contenders(
    question: str, contenders: list[str], reader: Reader
) -> None:
    reading = reader.read(question)
    assert reading.said.models_compared == contenders
    assert reading.intent == "recommend" and reading.goal is not None


@pytest.mark.parametrize(
    "question",
    [
        "Llama 3.3 70B for 30 staff: what hardware?",  # one model
        "Llama 3.3 70B and Qwen 2.5 72B: how many GPUs each?",  # named, not weighed
        "DeepSeek-R1-Distill-Llama-70B for 20 users, which GPU?",  # one name holding another
    ],
)
def test_a_single_model_or_a_list_is_no_head_to_head(question: str, reader: Reader) -> None:
    assert reader.read(question).said.models_compared == []


def test_a_family_said_alone_is_the_family_not_its_oldest_model(reader: Reader) -> None:
    """ "Llama" is no LLaMA 65B (the one model named by that word and a size), and its
    family is Meta's models, not the R1 distills built on them."""
    mention = reader.models.find("llama for our document search")
    assert mention is not None and mention.model_id is None
    assert "llama-3.3-70b" in mention.candidates
    assert not any("distill" in c for c in mention.candidates)
    mistral = reader.models.find("mistral or gemma")
    assert mistral is not None and mistral.model_id is None and len(mistral.candidates) > 1
    assert reader.models.find(normalize("мистраль 7б")) == ModelMention("mistral-7b")


def test_two_models_are_priced_side_by_side_for_the_same_load(
    reader: Reader, catalog: Catalog
) -> None:
    """Each model on the cheapest setup that serves the same goal, with its quality tier,
    Russian and three-year cost; then what sets them apart and the one to take."""
    turn = run_offline_turn(
        "Llama 3.3 70B or Qwen 2.5 72B for a chatbot, 30 users at once — which is better?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    steps = [s for s in turn.steps if s.name == "recommend_deployment"]
    assert [s.arguments.get("model") for s in steps] == ["llama-3.3-70b", "qwen2.5-72b"]
    assert all(s.arguments.get("users") == 30 for s in steps)
    lines = turn.answer.splitlines()
    assert lines[0].startswith("The models you named")
    assert lines[1].startswith("- **Llama 3.3 70B Instruct**: quality: tier 4 of 5")
    assert lines[2].startswith("- **Qwen2.5 72B Instruct**: quality: tier 4 of 5")
    leads = [lead_option(r) for r in turn.tool_results if not isinstance(r, type(None))]
    priced = [o for o in leads if o is not None]
    assert len(priced) == 2
    cheaper, dearer = sorted(priced, key=lambda o: o.cost.tco_3y_usd)
    if dearer.cost.tco_3y_usd > cheaper.cost.tco_3y_usd * 1.05:
        assert f"Cheaper to serve this load: {cheaper.model_name}" in turn.answer
    else:
        assert "Both cost about the same to serve this load" in turn.answer
    assert "Both sit in quality tier 4" in turn.answer  # no claim the scores do not carry
    pick = next(line for line in lines if line.startswith("For this goal I would take"))
    assert cheaper.model_name in pick  # equal tiers: the cheaper (or the first) dominates
    assert pick.endswith("as strong or stronger, for no more money.")
    assert turn.goal is not None and turn.goal.compared == ["llama-3.3-70b", "qwen2.5-72b"]
    assert "model" not in turn.goal.recommend_fields  # a follow-up weighs both again


def test_russian_users_weigh_the_published_russian_results(
    reader: Reader, catalog: Catalog
) -> None:
    """DeepSeek-R1 (a published Russian result) against Qwen3 235B (none), both tier 5, for
    Russian-speaking staff: the Russian line says why the dearer one is taken."""
    turn = run_offline_turn(
        "Что лучше: дипсик р1 или квен 3 235б для 100 сотрудников?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.language == "ru"
    assert "Русский язык: DeepSeek-R1 — хороший" in turn.answer
    assert "Для этой задачи я бы взял DeepSeek-R1: ваши пользователи пишут по-русски" in (
        turn.answer
    )


def test_a_model_without_a_quality_rating_is_not_called_weaker(
    reader: Reader, catalog: Catalog
) -> None:
    """Llama 3 70B has no suitability record: no tier is claimed for it, the answer says to
    compare on one's own examples, and the pick is the model published scores vouch for."""
    assert "llama-3-70b" not in catalog.suitability
    turn = run_offline_turn(
        "Llama 3 70B vs Llama 3.3 70B for 20 users?", reader=reader, catalog=catalog, kb=None
    )
    assert "quality: not rated in the catalog" in turn.answer
    assert "has no quality rating in the catalog yet" in turn.answer
    assert "Stronger by the vendors' published scores" not in turn.answer
    assert (
        "For this goal I would take Llama 3.3 70B Instruct: the catalog rates it on published "
        "scores" in turn.answer
    )
    assert "; Russian:" not in turn.answer  # an English goal is not told about Russian


@pytest.mark.parametrize(
    "question",
    [
        "Llama 3.3 70B or Qwen 2.5 72B for a chatbot, 30 users at once — which is better?",
        "Что лучше: дипсик р1 или квен 3 235б для 100 сотрудников?",
        "Llama 3 70B vs Llama 3.3 70B for 20 users?",
    ],
)
def test_the_number_guard_accepts_side_by_side_answers(
    reader: Reader, catalog: Catalog, question: str
) -> None:
    guard = pytest.importorskip("advisor.agent.llm.guard")
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()


def test_a_model_over_the_budget_gets_the_strongest_model_within_it(
    reader: Reader, catalog: Catalog
) -> None:
    """ "Llama 3.1 405B ... budget $30,000": its cheapest setup is over the budget, so the
    answer also says what the same goal gets within it, the strongest model left open."""
    question = "Llama 3.1 405B for 100 staff, budget $30,000"
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.recommendation is not None
    assert any(n.code.key == "unmet.budget" for n in turn.recommendation.unmet_i18n)
    line = next(x for x in turn.answer.splitlines() if x.startswith("Within the budget"))
    other = [s for s in turn.steps if s.name == "recommend_deployment"][-1]
    assert "model" not in other.arguments and other.arguments["strongest"] is True
    alternative = [r for r in turn.tool_results if r is not turn.recommendation][-1]
    assert isinstance(alternative, Recommendation)
    lead = lead_option(alternative, ["largest_model"])
    assert lead is not None and lead.cost.capex_usd <= 30_000 and lead.meets_targets
    assert lead.model_name in line and lead.model != "llama-3.1-405b"
    guard = pytest.importorskip("advisor.agent.llm.guard")
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()


def test_a_model_within_the_budget_gets_no_other(reader: Reader, catalog: Catalog) -> None:
    turn = run_offline_turn(
        "Llama 3.1 8B for 20 staff, budget $30,000", reader=reader, catalog=catalog, kb=None
    )
    assert "Within the budget, with another model" not in turn.answer
    assert len([s for s in turn.steps if s.name == "recommend_deployment"]) == 1


def test_a_rouble_budget_missed_is_said_in_roubles(reader: Reader, catalog: Catalog) -> None:
    turn = run_offline_turn(
        "Полная DeepSeek R1 для 50 сотрудников, в пределах 5 млн рублей?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    line = next(x for x in turn.answer.splitlines() if x.startswith("- бюджет:"))
    assert "бюджет 5 000 000 ₽ ($58 824)" in line.replace("\u00a0", " ")
    assert "В пределах бюджета, с другой моделью" in turn.answer


@pytest.mark.parametrize(
    ("question", "shown"),
    [
        (
            "A private clinic, 40 doctors, an assistant for notes. Budget is €60,000. What to buy?",
            "EUR",
        ),
        ("A chatbot for 300 staff in Germany — what does it cost in euros?", "EUR"),
        ("A chatbot for 300 staff, budget 3 million roubles — what to buy?", "RUB"),
        ("A chatbot for 300 staff — what does it cost?", None),
        ("Чат-бот для 300 сотрудников — сколько стоит?", "₽"),
    ],
)
def test_a_customer_who_counts_in_euros_sees_euros(
    question: str, shown: str | None, reader: Reader, catalog: Catalog
) -> None:
    """Euros for a customer who counts in euros, roubles for one who counts in roubles or asks
    in Russian; an English question that names no currency is answered in dollars alone (it
    showed roubles beside every sum)."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.recommendation is not None
    for currency in ("EUR", "RUB", "₽"):
        assert (f" {currency})" in turn.answer or f" {currency} (" in turn.answer) is (
            currency == shown
        ), currency
    if shown is None:
        assert "Prices as of" in turn.answer and "Roubles" not in turn.answer
    guard = pytest.importorskip("advisor.agent.llm.guard")
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()


def test_a_follow_up_to_a_side_by_side_weighs_the_same_models(
    reader: Reader, catalog: Catalog
) -> None:
    """ "Which one would you pick?", "and for 300 users?" weigh the models set side by side
    again; "go with Qwen then" is the Qwen of that answer, priced for the same goal."""
    first = run_offline_turn(
        "Llama 3.3 70B or Qwen 2.5 72B for a support bot, 100 users at once?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.goal is not None
    assert first.goal.compared == ["llama-3.3-70b", "qwen2.5-72b"]
    for question in ("which one would you pick?", "Какую бы ты выбрал?", "and for 300 users?"):
        turn = run_offline_turn(
            question, reader=reader, catalog=catalog, kb=None, previous_goal=first.goal
        )
        steps = [s.arguments.get("model") for s in turn.steps if s.name == "recommend_deployment"]
        assert steps == ["llama-3.3-70b", "qwen2.5-72b"], question
    later = run_offline_turn(
        "and for 300 users?", reader=reader, catalog=catalog, kb=None, previous_goal=first.goal
    )
    assert all(
        s.arguments.get("users") == 300 for s in later.steps if s.name == "recommend_deployment"
    )
    chosen = run_offline_turn(
        "let's go with Qwen then", reader=reader, catalog=catalog, kb=None, previous_goal=first.goal
    )
    assert chosen.recommendation is not None
    assert chosen.recommendation.goal["model"] == "qwen2.5-72b"
    assert chosen.recommendation.goal["users"] == 100


def test_a_corpus_in_trillions_is_the_dataset_and_the_fastest_run_is_said(
    reader: Reader, catalog: Catalog
) -> None:
    """ "7B from scratch on 1 trillion tokens": the trillion is the dataset (not 20 tokens per
    parameter); no setup of up to 64 GPUs ends it within a week, so the answer says so and
    gives the fastest run there is: the most GPUs, not 16 small cards that merely hold it."""
    question = (
        "Нам нужно предобучение своей модели на 7 млрд параметров с нуля на русском корпусе, "
        "1 трлн токенов. Сколько GPU и сколько времени?"
    )
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.request is not None and turn.request.dataset_tokens == 10**12
    assert "не обучит на 1 000 000 000 000 токенах за 168 ч" in turn.answer.replace("\u00a0", " ")
    fastest = turn.to_meet_targets
    assert fastest is not None and fastest.label == "closest"
    assert fastest.gpu.count * fastest.replicas == 64


def test_a_lead_below_its_targets_says_what_it_misses(reader: Reader, catalog: Catalog) -> None:
    """Two servers of 8 A100 for 1000 users at once: the GPUs owned serve the load only below
    the targets; the answer says by how much instead of leaving a 70 s first token unremarked."""
    question = (
        "У нас 2 сервера по 8x A100 80GB. Какую самую умную модель можем запустить для 1000 "
        "пользователей одновременно?"
    )
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.recommendation is not None
    lead = lead_option(turn.recommendation, ["largest_model"])
    assert lead is not None and lead.gpu.market == "owned" and not lead.meets_targets
    line = next(x for x in turn.answer.splitlines() if x.startswith("При 1000 одновременно"))
    assert "цели не выполнены" in line
    guard = pytest.importorskip("advisor.agent.llm.guard")
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()


def test_cheaper_after_a_sizing_that_led_with_the_cheapest_says_it_is_the_floor(
    service: AdvisorService,
) -> None:
    """A sizing on the reference card already shows the cheapest setup for the model; "and
    cheaper?" gets that setup again, so the answer says it is the floor and what cheaper would
    give up (the API, a smaller model), not the same list as if it were new."""
    first = service.ask(
        AskRequest(question="We want to run DeepSeek V3 on-prem for our dev team of 30 engineers.")
    )
    again = service.ask(AskRequest(question="and cheaper?", conversation_id=first.conversation_id))
    assert again.answer.startswith("This is already the cheapest setup")
    named = service.ask(
        AskRequest(question="DeepSeek V3 on 8 H100 for 30 engineers, what does it take?")
    )
    cheaper = service.ask(AskRequest(question="cheaper?", conversation_id=named.conversation_id))
    assert not cheaper.answer.startswith("This is already")  # that sizing showed no cheapest


def test_one_recommendation_per_answer_when_the_lead_is_what_was_asked(
    reader: Reader, catalog: Catalog
) -> None:
    """A budget leads with the strongest model it buys: the headline says so, and the search's
    own cheaper recommendation is listed for what it is, not as a second 'Recommended'."""
    turn = run_offline_turn(
        "Хотим чат-бота по внутренним документам для 200 сотрудников. Бюджет до 3 млн рублей.",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    lines = turn.answer.splitlines()
    assert lines[0].startswith("**Рекомендуем: самая сильная модель в рамках бюджета: ")
    assert sum("Рекомендуем" in line for line in lines) == 1
    assert any(line.startswith("- Дешевле всего с выполнением целей: ") for line in lines)
    cheapest = run_offline_turn(
        "Cheapest setup for a chatbot for 200 staff?", reader=reader, catalog=catalog, kb=None
    )
    assert sum(line.startswith("- Recommended:") for line in cheapest.answer.splitlines()) == 0


def test_a_follow_up_on_the_reference_card_quotes_no_whole_server_twice(
    service: AdvisorService,
) -> None:
    """'А в 4 бита?' after a sizing on the reference card nobody chose: the H100 SXM's whole
    8-GPU server ($285,000 either way) is no saving to set side by side; the setups the two
    answers led with are."""
    first = service.ask(
        AskRequest(
            question="Сколько нужно видеокарт чтобы запустить ламу 3 на 70 млрд? у нас будет человек 50 одновременно"
        )
    )
    four_bit = service.ask(
        AskRequest(question="а в 4 бита?", conversation_id=first.conversation_id)
    )
    head = four_bit.answer.splitlines()[0]
    # the setups each answer led with, side by side (QA 40): not the reference cards
    assert head.startswith(("По сравнению с прошлым ответом (FP8)", "Снова те же GPU"))
    assert "эталонной" not in head and "$285" not in head
    assert first.to_meet_targets is not None and four_bit.to_meet_targets is not None
    before = first.to_meet_targets
    assert f"{before.gpu.count * before.replicas} x {before.gpu.name}" in head


@pytest.mark.parametrize(
    ("question", "main", "others"),
    [
        (
            "Хотим дообучить квен 7б на наших 10 тысячах диалогов поддержки. Какое железо "
            "нужно, LoRA или полное дообучение?",
            "lora",
            ["full"],
        ),
        ("QLoRA vs full fine-tuning of Llama 3.1 8B on 50M tokens?", "qlora", ["full"]),
    ],
)
def test_fine_tuning_methods_weighed_are_sized_side_by_side(
    reader: Reader, catalog: Catalog, question: str, main: str, others: list[str]
) -> None:
    """It sized full fine-tuning alone and never said which method; now the lightest method
    asked about is the sizing and each other one is sized beside it."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.sizing is not None and turn.sizing.task == main
    assert turn.reading.said.tasks_compared == [main, *others]
    full = [
        r
        for r in turn.tool_results
        if isinstance(r, SizingReport) and r.task == "full" and r.training is not None
    ]
    assert full and full[0].memory.per_gpu_gb > turn.sizing.memory.per_gpu_gb


def test_two_gpus_weighed_per_token_get_a_cost_per_token_on_one_basis(
    reader: Reader, catalog: Catalog
) -> None:
    """ "H100 или A100, что выгоднее по цене за токен?": each kept busy in a server of eight,
    its cost per million tokens (three-year purchase plus running over what it serves), and
    the cheaper said; the figures come from sizings of their own."""
    question = "Сравните H100 и A100 для инференса ламы 70б, что выгоднее по цене за токен?"
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    busy = [r for r in turn.tool_results if isinstance(r, BusyCost)]
    assert [b.gpu for b in busy] == ["h100-sxm", "a100-80gb"]
    assert all(b.count == 8 and b.users > 1 for b in busy)
    for b in busy:
        monthly = b.capex_usd / 36 + b.monthly_usd
        per_million = monthly / (b.aggregate_tokens_per_s * 3600 * 730 / 1e6)
        assert b.usd_per_million_tokens == pytest.approx(per_million, abs=0.001)
    cheaper = min(busy, key=lambda b: b.usd_per_million_tokens)
    verdict = next(x for x in turn.answer.splitlines() if x.startswith("Дешевле за токен: "))
    assert catalog.gpus[cheaper.gpu].name in verdict
    guard = pytest.importorskip("advisor.agent.llm.guard")
    assert guard.guard_answer(turn.answer, [*turn.tool_results, question]).removed == ()
    plain = run_offline_turn(
        "Сравните H100 и A100 для инференса ламы 70б", reader=reader, catalog=catalog, kb=None
    )
    assert not any(isinstance(r, BusyCost) for r in plain.tool_results)


@pytest.mark.parametrize(
    "question",
    [
        "L40S vs H100 for serving mistral small 24b to ~200 users, which gives better tokens "
        "per dollar?",
        "L40S или H100 для mistral small 24b, где больше токенов на доллар?",
    ],
)
def test_tokens_per_dollar_is_the_cost_per_token(
    reader: Reader, catalog: Catalog, question: str
) -> None:
    """ "Which gives better tokens per dollar?" got the two GPUs listed and no verdict."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert "per_token" in turn.reading.said.wants
    busy = [r for r in turn.tool_results if isinstance(r, BusyCost)]
    assert {b.gpu for b in busy} == {"l40s", "h100-sxm"}


def test_data_residency_qualifies_the_api_and_the_rental_first(service: AdvisorService) -> None:
    """An EU-residency bot was told the hosted API stays cheaper, as if any API would do."""
    answer = service.ask(
        AskRequest(
            question="customer bot on llama 3.3 70b, 40 users at once, EU data residency. "
            "buy or rent?"
        )
    ).answer
    assert answer.startswith("You said the data must stay in its jurisdiction")


def test_data_kept_inside_is_not_told_where_an_api_may_run(service: AdvisorService) -> None:
    """A clinic under 152-ФЗ whose data may not leave was told a cloud API suits if it runs in
    the same jurisdiction (QA 27): data kept inside rules out the API and renting."""
    answer = service.ask(
        AskRequest(
            question="Мы частная клиника. По 152-ФЗ медданные никуда наружу отдавать нельзя. "
            "Хотим чтобы модель помогала врачам писать выписки, врачей человек 10. Что ставить?"
        )
    ).answer
    assert "юрисдикции" not in answer and "**Рекомендуем" in answer


def test_the_pick_after_the_cheapest_is_the_advisers_own_choice(service: AdvisorService) -> None:
    """ "Cheapest box ... 15 person company", then "which one would you take?": the pick kept
    the cheapest asked before and gave the reason of another option ("another balance of cost
    and speed"); it is the recommended setup with its own reason."""
    first = service.ask(
        AskRequest(
            question="we have 10k euros. cheapest box to run a decent chatbot for a 15 "
            "person company, internal only"
        )
    )
    pick = service.ask(
        AskRequest(question="which one would you take?", conversation_id=first.conversation_id)
    )
    assert pick.recommendation is not None
    lead = lead_option(pick.recommendation, [])
    assert lead is not None and lead.label == "recommended"
    head = pick.answer.splitlines()[0]
    assert head.startswith(f"**I would take {lead.gpu.count * lead.replicas} x {lead.gpu.name}")
    assert lead.why_i18n.render("en") in head


def test_a_pick_after_a_sizing_is_the_best_model_on_the_gpus_owned(
    service: AdvisorService,
) -> None:
    """ "Could I run a 70b model on my two 3090s?", then "which one would you actually pick?"
    was refused as off topic; it is the adviser's choice of a model for those GPUs."""
    first = service.ask(
        AskRequest(
            question="I've got two RTX 3090s laying around. could I run a 70b model on them as "
            "a coding assistant for my team of 5 devs?"
        )
    )
    pick = service.ask(
        AskRequest(
            question="which one would you actually pick?", conversation_id=first.conversation_id
        )
    )
    result = pick.recommendation
    assert result is not None and result.goal["owned"] == {"gpu": "rtx-3090", "count": 2}
    lead = lead_option(result, ["largest_model"])
    assert lead is not None
    assert pick.answer.startswith(f"**I would take {lead.gpu.count} x {lead.gpu.name} with")


def test_the_strongest_model_with_a_spare_when_money_is_no_object(
    catalog: Catalog,
) -> None:
    """Redundancy and "budget isn't the concern": the spare is for the strongest model, not
    the cheapest that serves (a hospital got N+1 on gpt-oss-20b)."""
    goal = {"headcount": 2000, "redundancy": True, "strongest": True, "min_quality_tier": 4}
    result = recommend_deployment(goal, catalog)
    spare = next(o for o in result.options if o.label == "reserve")
    cheapest = next(o for o in result.options if o.label == "recommended")
    assert spare.quality_tier >= cheapest.quality_tier
    assert spare.model != cheapest.model
    assert lead_option(result, ["largest_model"]) is spare


@pytest.mark.parametrize(
    ("question", "verdict"),
    [
        (
            "we got quoted $320k for an 8xH100 box. fair price? and what can we actually run "
            "on it?",
            "about the market price",
        ),
        ("нам предлагают сервер на 8 H100 за 30 млн рублей, это нормальная цена?", "выше"),
    ],
)
def test_a_quote_is_checked_against_the_catalog_price(
    reader: Reader, catalog: Catalog, question: str, verdict: str
) -> None:
    """ "Quoted $320k for an 8xH100 box. Fair price?" was never answered: the box was taken
    as owned, and the quote later as a budget. The GPUs quoted are priced with their server
    and set against it, first."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    reading = turn.reading
    assert reading.said.quote is not None and reading.said.budget is None
    assert turn.recommendation is not None and turn.recommendation.goal.get("owned") is None
    quoted = next(a for a in turn.alternatives if a.why == "quoted")
    assert quoted.cost is not None and quoted.sizing is not None
    assert quoted.sizing.gpu.count == 8 and quoted.sizing.gpu.id == "h100-sxm"
    head = turn.answer.splitlines()[0]
    assert verdict in head and f"{quoted.cost.capex_usd:,.0f}".replace(",", "") in head.replace(
        ",", ""
    ).replace("\xa0", "").replace(" ", "")


def test_owned_gpus_asked_how_many_they_serve_answer_on_all_of_them(
    service: AdvisorService,
) -> None:
    """ "How many devs can it actually serve at once?" about 4 owned A100s repeated the goal's
    10% assumption on 2 of them ("3 users at once"); the model is sized on all four and the
    users served at the use case's targets come first."""
    first = service.ask(
        AskRequest(
            question="we got 4x A100 40GB sitting in our rack doing nothing. whats the best "
            "model we can run on them for an internal coding assistant, ~30 devs?"
        )
    )
    again = service.ask(
        AskRequest(
            question="ok and with Qwen2.5-Coder 32B specifically, how many devs can it "
            "actually serve at once?",
            conversation_id=first.conversation_id,
        )
    )
    held = next(a.sizing for a in again.alternatives if a.why == "users_at_targets")
    assert held is not None and held.gpu.count == 4 and held.model == "qwen2.5-coder-32b"
    assert held.users > 3
    assert again.answer.startswith(f"**4 x NVIDIA A100 40GB SXM4 serves {held.users} users")


@pytest.mark.parametrize(
    ("question", "largest"),
    [
        (
            "Какая видеокарта лучше для инференса: RTX 4090 или A6000? Хотим гонять модели до 30 млрд.",
            33.0,
        ),
        ("RTX 4090 or A6000 for 70b models?", 77.0),
    ],
)
def test_gpus_weighed_for_a_size_of_model_are_weighed_on_a_dense_one(
    reader: Reader, catalog: Catalog, question: str, largest: float
) -> None:
    """It asked back "GLM-4.7-Flash?" for "models up to 30B": a class, not a model. The GPUs
    are now weighed on the heaviest rated dense model of that size, and the answer says so."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.sizing is not None
    model = catalog.models[turn.sizing.model]
    assert model.architecture.moe is None and model.id in catalog.suitability
    assert model.reported_params_b is not None and model.reported_params_b <= largest
    # the assumption, after the two GPUs and the verdict
    assert model.name in turn.answer.splitlines()[4]


def test_a_follow_up_keeps_the_cheapest_and_scales_the_load(service: AdvisorService) -> None:
    """'Самый дешёвый вариант', then 'а в 4 бита?': still the cheapest (it switched to the
    search's recommendation, dearer than the 8-bit answer); 'and if it grows 10x?' multiplies
    the last goal's load (it repeated the first answer)."""
    first = service.ask(AskRequest(question="Llama 3.1 8B для 50 человек, самый дешёвый вариант?"))
    four_bit = service.ask(
        AskRequest(question="а в 4 бита?", conversation_id=first.conversation_id)
    )
    assert first.recommendation is not None and four_bit.recommendation is not None
    assert four_bit.recommendation.goal["precision"] == "int4"
    cheapest = lead_option(four_bit.recommendation, ["cheapest"])
    assert cheapest is not None
    assert four_bit.answer.startswith(
        f"**Дешевле всего: {cheapest.gpu.count * cheapest.replicas} x"
    )
    daily = service.ask(
        AskRequest(question="We handle 2,000 support requests a day, API or our own server?")
    )
    grown = service.ask(
        AskRequest(question="and if it grows 10x?", conversation_id=daily.conversation_id)
    )
    assert daily.recommendation is not None and grown.recommendation is not None
    assert (
        grown.recommendation.goal["requests_per_day"]
        == 10 * daily.recommendation.goal["requests_per_day"]
    )


def test_a_goal_weighing_fine_tuning_methods_prices_each(reader: Reader, catalog: Catalog) -> None:
    question = (
        "Хотим дообучить модель на 20 тысячах диалогов с клиентами (около 10 млн токенов). "
        "LoRA или полный fine-tune? Какая модель и железо?"
    )
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    tasks = [s.arguments.get("task") for s in turn.steps if s.name == "recommend_deployment"]
    assert tasks == ["lora", "full"]
    assert "Если выбрать полное дообучение" in turn.answer


def test_the_gpus_weighed_resume_after_the_model_is_named(reader: Reader) -> None:
    """A question weighing two GPUs that had to ask which model: the reply ('квен 2.5') is
    the model, and the GPUs are weighed on it."""
    previous = {
        "task": "inference",
        ASKED_MODELS: ["qwen3-14b", "qwen2.5-14b"],
        ASKED_GPUS: ["rtx-4090", "l40s"],
    }
    reading = reader.read("квен 2.5", previous)
    assert reading.intent == "compare"
    assert reading.said.gpus_compared == ["rtx-4090", "l40s"]
    assert reading.request is not None and reading.request["model"] == "qwen2.5-14b"


def test_a_gpu_weighing_keeps_its_budget_through_the_model_question(reader: Reader) -> None:
    """ "Сравните 4090 и A100 для геммы 27б, бюджет 3 млн руб" asks which Gemma; the reply
    ("gemma 3") weighs the GPUs within that budget (it was lost, and 40 x RTX 4090 were
    offered for $438,000 against $35,000 without a word)."""
    first = reader.read("сравните 4090-е и A100 для запуска геммы у себя. бюджет 3 млн руб")
    assert first.clarification is not None and first.draft is not None
    reply = reader.read("gemma 3 27b", first.draft)
    assert reply.intent == "compare"
    assert reply.said.budget is not None and reply.said.budget.amount == 3_000_000


def test_gpus_weighed_over_the_budget_say_what_each_runs_within_it(
    reader: Reader, catalog: Catalog
) -> None:
    """No GPU weighed holds the model within the budget: each gets what it runs within it,
    the same model lighter or another model, priced within the budget, in the budget's own
    currency. (At 60k EUR two H100 PCIe now hold it in FP8.)"""
    turn = run_offline_turn(
        "H100 or L40S for llama 3.1 70b, 20 users, budget 30k eur",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    lines = turn.answer.splitlines()
    none = next(x for x in lines if x.startswith("None of them fits within 30,000 EUR"))
    within = [x for x in lines if x.startswith("- Within the budget")]
    assert none and len(within) == 2
    budget = catalog.prices.usd(30_000, "EUR")
    recommended = [r for r in turn.tool_results if isinstance(r, Recommendation)]
    assert len(recommended) == 2
    for result in recommended:
        lead = lead_option(result, ["largest_model"] if result.goal.get("strongest") else [])
        assert lead is not None and lead.cost.capex_usd <= budget
        assert any(lead.model_name in x and lead.gpu.name in x for x in within)


def test_a_batch_this_month_weighs_buying_against_the_api_for_the_job(
    service: AdvisorService,
) -> None:
    """ "500k contracts this month ... API or own server?" was a recurring load paid back in
    6.3 months; it is a batch over a month, and buying is weighed against the API's bill for
    its tokens, in case it is done once. Told it is a one-off, the answer says so plainly
    (the follow-up was refused as off topic)."""
    first = service.ask(
        AskRequest(
            question="API or own server? we need to process about 500k contracts this month, "
            "each ~10 pages, extract fields into json. budget is 20k euro"
        )
    )
    result = first.recommendation
    assert result is not None and result.goal["around_the_clock"] is True
    lead = lead_option(result, ["largest_model"] if result.goal.get("strongest") else [])
    assert lead is not None and lead.cost.api_monthly_usd is not None
    head = first.answer.splitlines()[0]
    # against the model hosted, a month of such jobs never pays the GPUs back either
    assert head.startswith("**The API or renting costs less than buying, even if the job comes")
    # the job's own requests at the API's prices (its items are known: 500k contracts)
    assert lead.cost.batch_api_usd is not None
    assert f"${lead.cost.batch_api_usd:,.0f}" in head and f"${lead.cost.capex_usd:,.0f}" in head
    again = service.ask(
        AskRequest(
            question="it's a one-off job, we won't need it after this month. still buy?",
            conversation_id=first.conversation_id,
        )
    )
    assert again.recommendation is not None and again.recommendation.goal["one_off"] is True
    assert again.answer.startswith("**For a job done once, the API or renting costs less")


def test_data_that_must_stay_in_gets_no_api_to_weigh_and_contracts_are_documents(
    reader: Reader, catalog: Catalog
) -> None:
    """'Данные нельзя отдавать наружу': a hosted API is no option, so no line prices one (it
    said 'the API stays cheaper' to a customer who cannot use it); a bot over contracts reads
    documents (it was sized as a general assistant with 1,024-token prompts)."""
    turn = run_offline_turn(
        "Нужен чат-бот по нашим договорам для 150 юристов, данные не должны уходить наружу.",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.recommendation is not None
    assert turn.recommendation.goal["use_case"] == "rag"
    assert turn.recommendation.goal["on_premises"] is True
    assert "облачный API того же уровня" not in turn.answer


@pytest.mark.parametrize(
    ("question", "also"),
    [
        ("We want a document chatbot for 200 employees. What server do we need?", "Other options:"),
        ("Нужен чат-бот по документам для 200 сотрудников, какой сервер?", "Другие варианты:"),
    ],
)
def test_a_geforce_lead_names_its_professional_alternative_once(
    service: AdvisorService, question: str, also: str
) -> None:
    """The licence note is followed by the same load on professional cards, priced, and that
    option is not listed again among the others."""
    response = service.ask(AskRequest(question=question))
    assert response.recommendation is not None
    assert response.recommendation.workload.use_case == "rag"  # "document chatbot"
    pro = next(o for o in response.recommendation.options if o.label == "pro")
    lines = response.answer.splitlines()
    licence = next(
        i for i, line in enumerate(lines) if line.startswith(("GeForce", "Карты GeForce"))
    )
    assert pro.gpu.name in lines[licence + 1]
    assert not any(pro.gpu.name in line for line in lines[lines.index(also) :])


def test_the_question_a_which_model_interrupted_is_answered_after_the_reply(
    service: AdvisorService,
) -> None:
    """ "API or our own server? ... a Gemma 27B": which Gemma is asked first; the reply gets
    the verdict the question asked for, not a plain recommendation."""
    first = service.ask(
        AskRequest(
            question="Что выгоднее: API или свой сервер? 2 млн запросов в месяц по 1500 "
            "токенов. Модель уровня гемма 27, контекст 200к"  # longer than either reads: asked
        )
    )
    assert first.recommendation is None and "gemma-2-27b" in first.answer
    then = service.ask(
        AskRequest(question="ну пусть gemma 3", conversation_id=first.conversation_id)
    )
    assert then.recommendation is not None
    assert then.answer.startswith("**Свой сервер") or then.answer.startswith("**Здесь дешевле")


def test_how_many_gpus_for_pretraining_counts_to_the_deadline_and_follows_a_new_one(
    service: AdvisorService,
) -> None:
    """ "How many H100s and how long?" for a run from scratch: the fewest that hold it would
    take years, so the count for the deadline comes first (beyond the advisor's 64 GPUs, the
    count at the same rate per GPU); "in 3 weeks" then is the run's deadline."""
    first = service.ask(
        AskRequest(
            question="We want to pretrain our own 7B model from scratch on 1T tokens. How many "
            "H100s and how long?"
        )
    )
    lines = first.answer.splitlines()
    assert lines[1].startswith("On the fewest GPUs that hold it")
    assert any("servers of 8) would finish within 168 h" in line for line in lines[:6])
    assert "QLoRA" not in first.answer  # no pilot or fix that pre-training cannot use
    then = service.ask(
        AskRequest(
            question="That's too long. We need it done in 3 weeks: how many H100s then?",
            conversation_id=first.conversation_id,
        )
    )
    assert "trains it within 504 h:" in then.answer.splitlines()[1]
    lead = then.answer.splitlines()[2]
    assert lead.startswith("- Recommended: 64 x NVIDIA H100 SXM5 80GB")


@pytest.mark.parametrize(
    ("question", "task"),
    [
        ("Мы хотим обучить свою модель на 1 млрд параметров на 50 млрд токенов", "pretrain"),
        ("We want to train our own LLM, 3B, on 100B tokens", "pretrain"),
        ("train our own model with LoRA on our tickets", "lora"),  # a method named wins
        ("дообучить свою модель на наших тикетах", "lora"),
    ],
)
def test_a_model_of_ones_own_is_trained_from_scratch(
    reader: Reader, question: str, task: str
) -> None:
    assert reader.read(question).said.task == task


@pytest.mark.parametrize(
    ("first", "then", "head"),
    [
        (
            "We own 2x L40S. What's the biggest model we can run for our support team?",
            "which would you pick?",
            "**I would take",
        ),
        (
            "Нужен чат-бот по документам для 200 сотрудников, какой сервер?",
            "так что в итоге брать?",
            "**Я бы взял",
        ),
    ],
)
def test_which_would_you_pick_answers_with_the_choice_first(
    service: AdvisorService, first: str, then: str, head: str
) -> None:
    """After a goal's options, "which would you pick?" is answered with the choice and why,
    not the same answer again."""
    answer = service.ask(AskRequest(question=first))
    picked = service.ask(AskRequest(question=then, conversation_id=answer.conversation_id))
    assert picked.recommendation is not None
    lead = lead_option(picked.recommendation, [])
    assert lead is not None
    first_line = picked.answer.splitlines()[0]
    assert first_line.startswith(head) and lead.gpu.name in first_line
    assert not answer.answer.startswith(head)


def test_four_bits_that_buy_more_gpus_say_why(service: AdvisorService) -> None:
    """On a card with FP8 tensor cores, INT4 weights are multiplied at 16-bit speed: for
    document prompts "а в 4 бита?" can buy more GPUs than FP8, and the answer says why first."""
    first = service.ask(
        AskRequest(question="Чат-бот по документам для 400 сотрудников, модель квен 32б, на 5090")
    )
    then = service.ask(AskRequest(question="а в 4 бита?", conversation_id=first.conversation_id))
    assert first.recommendation is not None and then.recommendation is not None
    before, after = lead_option(first.recommendation, []), lead_option(then.recommendation, [])
    assert before is not None and after is not None and after.precision == "int4"
    assert after.cost.capex_usd > before.cost.capex_usd  # 6 x 5090 against 4
    assert then.answer.startswith("**В 4 битах это дороже")


@pytest.mark.parametrize(
    "question",
    [
        "chat with 64k-token reports for 300 staff, what server and what does it cost?",
        "бот по договорам по 100к токенов для 200 юристов, какой сервер?",
    ],
)
def test_documents_counted_in_tokens_are_every_prompt_not_a_window(
    reader: Reader, question: str
) -> None:
    """ "64k-token reports": each request reads that much, so speed, first token and the API
    bill are for that prompt, not a 1,024-token one under a 64k window."""
    reading = reader.read(question)
    assert reading.said.document_tokens in (64_000, 100_000)
    goal = reading.goal or {}
    assert goal["prompt_tokens"] == reading.said.document_tokens
    assert goal["context"] > goal["prompt_tokens"]


def test_a_format_the_last_answer_already_used_is_said_to_be_so(service: AdvisorService) -> None:
    first = service.ask(
        AskRequest(
            question="Хотим чат-бот по внутренним документам для 150 сотрудников, модель квен3 "
            "32б. Сколько нужно видеокарт и сколько это будет стоить?"
        )
    )
    assert first.recommendation is not None
    lead = lead_option(first.recommendation, [])
    assert lead is not None and lead.precision == "fp8"
    then = service.ask(AskRequest(question="а в fp8?", conversation_id=first.conversation_id))
    assert then.answer.startswith("**В прошлом ответе веса уже были в FP8")


def test_a_spare_asked_for_after_a_goal_leads_the_answer(reader: Reader, catalog: Catalog) -> None:
    """'а с резервом на случай отказа?' after a goal: the same goal with one copy of the
    model more, led by that setup and why it is N+1."""
    first = run_offline_turn(
        "Чат-бот по документам для 200 сотрудников, что купить?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.recommendation is not None
    before = lead_option(first.recommendation)
    assert before is not None and before.label == "recommended"
    turn = run_offline_turn(
        "а с резервом на случай отказа?",
        reader=reader,
        catalog=catalog,
        kb=None,
        previous_goal=first.goal,
    )
    assert turn.recommendation is not None
    lead = lead_option(turn.recommendation)
    assert lead is not None and lead.label == "reserve"
    assert lead.replicas == before.replicas + 1 and lead.gpu.id == before.gpu.id
    assert turn.answer.startswith("**С резервом (N+1)")


@pytest.mark.parametrize(
    ("question", "everyone"),
    [
        (
            "we're a small startup, 500 users, RAG over our docs, minimum gpu setup? budget $10k",
            True,
        ),
        ("RAG over our docs for 500 users at once, minimum gpu setup?", False),
        ("Чат-бот по документам на 300 пользователей, что купить?", True),
        ("Чат-бот по документам, 300 пользователей одновременно, что купить?", False),
        ("Чат-бот по документам на 20 пользователей, что купить?", False),
    ],
)
def test_users_with_no_at_once_are_also_priced_as_everyone_who_uses_it(
    reader: Reader, catalog: Catalog, question: str, everyone: bool
) -> None:
    """'500 users' may be everyone who uses it, not 500 at once (a 5-10x difference in
    hardware): the goal is sized as said and the other reading is priced beside it; said
    'at once', or a load too small for it to matter, there is one reading."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.recommendation is not None
    line = "is everyone who will use it" if turn.language == "en" else "это все, кто будет"
    assert (line in turn.answer) is everyone
    goals = [s.arguments for s in turn.steps if s.name == "recommend_deployment"]
    assert ({"headcount", "users"} & set(goals[-1]) == {"headcount"}) is everyone


def test_the_best_that_fits_owned_gpus_after_a_model_that_does_not(
    service: AdvisorService,
) -> None:
    """'We own 2x A6000, can we run DeepSeek?' (its versions size alike: the newest): it does
    not fit. Then 'what's the best thing that fits on them for coding?' chooses a model for
    those owned GPUs; it was the DeepSeek answer again, word for word."""
    first = service.ask(
        AskRequest(question="we own 2x A6000, can we run deepseek on them? the big one i mean")
    )
    conversation = first.conversation_id
    assert first.request is not None and first.request.model == "deepseek-v3.1"
    assert first.sizing is not None and not first.sizing.fits
    best = service.ask(
        AskRequest(
            question="ok what's the best thing that fits on them for coding then?",
            conversation_id=conversation,
        )
    )
    assert best.recommendation is not None
    goal = best.recommendation.goal
    assert goal["owned"] == {"gpu": "rtx-a6000", "count": 2} and goal["model"] is None
    assert goal["use_case"] == "code"
    assert all(o.gpu.id == "rtx-a6000" for o in best.recommendation.options)


def test_forget_the_model_said_before_and_ask_anew(reader: Reader) -> None:
    """'Forget deepseek. Which coding model should we run on our 2x A6000?': a model to
    choose for GPUs they have, not DeepSeek (nor 'which DeepSeek?')."""
    reading = reader.read(
        "forget deepseek. which coding model should we run on our 2x A6000 for ~10 devs?",
        {"model": "deepseek-r1-0528", "gpu": "rtx-a6000", "gpus": 2},
    )
    assert reading.intent == "recommend" and reading.goal is not None
    assert "model" not in reading.goal
    assert reading.goal["owned"] == {"gpu": "rtx-a6000", "count": 2}
    assert reading.goal["use_case"] == "code"


def test_api_or_own_server_between_two_models_answers_that_first(
    service: AdvisorService,
) -> None:
    """'API or own server? 20M tokens a day, llama 8b or qwen 7b': the verdict for the model
    it would take comes first (it compared the models and never said); 'is the API cheaper
    or not?' after it asks the same and gets the verdict again, first."""
    first = service.ask(
        AskRequest(
            question="Whats cheaper for us, API or own server? we push about 20M tokens a day, "
            "gpt-4o-mini level stuff, thinking llama 8b or qwen 7b selfhosted"
        )
    )
    lines = first.answer.splitlines()
    assert lines[0].startswith("API or your own server, for ")
    assert lines[1].startswith(("**The API costs less here.**", "**Your own server"))
    again = service.ask(
        AskRequest(
            question="ok but is gpt-4o-mini API cheaper than that or not?",
            conversation_id=first.conversation_id,
        )
    )
    assert again.answer.splitlines()[:2] == lines[:2]


def test_two_gpus_weighed_show_the_card_version_and_the_pick(
    reader: Reader, catalog: Catalog
) -> None:
    """'чем L40S лучше A100? что быстрее на мистрале смол 24б': a comparison (it sized the
    L40S alone). One A100 SXM is a share of a whole 8-GPU server ($160,000, now said), so
    the card version sold one by one is weighed beside it; 'which would you take?' gets the
    lowest price per user the memory holds, first."""
    turn = run_offline_turn(
        "чем L40S лучше A100 для инференса? и что быстрее на мистрале смол 24б",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.reading.intent == "compare"
    assert "1 x NVIDIA A100 80GB PCIe: помещается" in turn.answer
    assert "(целый сервер на 8 GPU: поштучно эти GPU не продаются)" in turn.answer
    pick = run_offline_turn(
        "H100 vs H200 for llama 70b serving, which one would you take?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert pick.answer.startswith("I would take 1 x NVIDIA H200 NVL")  # the H200 by the card
    assert "2 x NVIDIA H100 PCIe: fits" in pick.answer


def test_how_many_gpus_in_16_bits_says_the_fp8_count_beside(
    reader: Reader, catalog: Catalog
) -> None:
    """'128k context with qwen 2.5 72b, 10 users: how many h100s?': 4 in the published BF16
    (10 chat requests and one at the full 128k window), and right under it the 2 that hold
    it in FP8, which the H100 computes natively; it said so only when asked about FP8."""
    turn = run_offline_turn(
        "need 128k context with qwen 2.5 72b, 10 simultaneous users. how many h100s?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    lines = turn.answer.splitlines()
    assert "BF16: 4 x NVIDIA H100 PCIe" in lines[0]  # four are bought as cards
    assert lines[1].startswith("Sized on the NVIDIA H100 PCIe, the version sold by the card")
    assert lines[2].startswith("In FP8, which the NVIDIA H100 PCIe computes natively")
    assert "2 x NVIDIA H100 PCIe instead of 4 in BF16" in lines[2]
    asked = run_offline_turn(
        "need 128k context with qwen 2.5 72b in bf16, 10 simultaneous users. how many h100s?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert "In FP8, which" not in asked.answer


@pytest.mark.parametrize(
    ("question", "head"),
    [
        (
            "сколько юзеров потянет одна L40S? модель квен 2.5 7б, чатбот, контекст ну пусть 8к",
            "**1 x NVIDIA L40S обслуживает ",
        ),
        (
            "how many concurrent users can a single RTX 4090 handle with Llama 3.1 8B?",
            "**1 x NVIDIA GeForce RTX 4090 serves ",
        ),
    ],
)
def test_how_many_users_a_gpu_holds_is_answered_first(
    reader: Reader, catalog: Catalog, question: str, head: str
) -> None:
    """'Сколько юзеров потянет одна L40S?': the users it serves at the use case's targets
    (the most that still get 20 tokens/s), not a sizing 'for 1 user, as assumed'."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    assert turn.sizing is not None
    lines = turn.answer.splitlines()
    assert lines[1].startswith(head)
    assert "1 user" not in turn.answer and "1 пользователь" not in turn.answer
    served = [r for r in turn.tool_results if isinstance(r, SizingReport)][-1]
    assert served.performance.per_user_tokens_per_s >= 20
    assert served.users > 1


def test_a_run_on_the_cheapest_unrentable_gpus_is_priced_rented_too(
    reader: Reader, catalog: Catalog
) -> None:
    """'Дообучить квен 2.5 7b на 20 тыс. тикетов, 3 эпохи': the cheapest cards that train it
    in time have no public rental rate, and the answer ended on buying them; the run rented
    on GPUs one can rent, for its hours, is set against buying them (a few dollars, not
    $2,900)."""
    turn = run_offline_turn(
        "нужно дообучить квен 2.5 на 7b на наших тикетах поддержки, тикетов тыщ 20, 3 эпохи. "
        "на чем учить и сколько по времени?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.to_meet_targets is not None and turn.to_meet_targets.cost.cloud_run_usd is None
    rented = next(a.option for a in turn.alternatives if a.why == "rented")
    assert rented.cost.cloud_run_usd is not None
    verdicts = [x for x in turn.answer.splitlines() if x.startswith("**Запуск выгоднее арендовать")]
    assert len(verdicts) == 1 and f"{rented.gpu.count} x {rented.gpu.name}" in verdicts[0]


def test_a_batch_job_on_named_gpus_says_how_long_and_what_it_costs(
    service: AdvisorService,
) -> None:
    """ "How long would 2 million product descriptions take on one H100, and what would it
    cost?" was a sizing for one user; the answer now gives the job's hours from the engine and
    its cost as electricity, rented GPU-hours and the API of the model's tier."""
    response = service.ask(
        AskRequest(
            question="We need to generate descriptions for 2 million products, about 300 "
            "tokens each, with Llama 3.1 8B. How long would that take on one H100 and what "
            "would it cost?"
        )
    )
    assert response.sizing is not None and response.cost is not None
    job = response.sizing.batch_job
    assert job is not None and job.items == 2_000_000 and job.output_tokens == 300
    assert f"about {job.hours:.1f} hours" in response.answer
    assert f"${response.cost.batch_rent_usd:,.0f}" in response.answer
    assert f"through {response.cost.batch_api}" in response.answer
    assert "Assumed: 1 user" not in response.answer  # a batch keeps the engine full
    russian = service.ask(
        AskRequest(
            question="Нужно прогнать 500 тысяч договоров через Qwen2.5 32B, каждый примерно "
            "3000 токенов, на выходе краткое резюме 200 токенов. Сколько времени займёт на 2 "
            "A100 и сколько это стоит?"
        )
    )
    assert russian.sizing is not None and russian.sizing.batch_job is not None
    assert "Пакетная задача: 500\xa0000 запросов (3000 токенов на входе, 200 на выходе)" in (
        russian.answer
    )
    assert "Электричество на эту задачу" in russian.answer


def test_a_batch_goal_is_timed_on_the_setup_to_take(service: AdvisorService) -> None:
    """ "Summarize 1M tickets: what hardware and how long?" was a pilot for 5 users; it is a
    job done once, sized to finish within a week (said), weighed against the API first, and
    timed on the recommended setup."""
    response = service.ask(
        AskRequest(
            question="We need to summarize 1M support tickets with an open model. What "
            "hardware do we need and how long would it take?"
        )
    )
    result = response.recommendation
    assert result is not None and result.goal["batch_items"] == 1_000_000
    lead = lead_option(result, [])
    assert lead is not None and lead.batch_job is not None
    assert "Batch job: 1,000,000 requests" in response.answer
    assert "sized to finish within a week" in response.answer


def test_a_batch_job_is_answered_in_hours_not_users(service: AdvisorService) -> None:
    """A batch job has no people waiting on answers (QA, open list): its sizing and every
    option beside it say the job's hours and requests in flight, not users at once, speed per
    user or a burst of first tokens; the pilot is a sample of the items; the rent is the job's
    GPU-hours, not a month around the clock; the rate of items over the deadline, which a
    service would see, is not an assumption to correct."""
    sized = service.ask(
        AskRequest(
            question="We need to summarize 2 million support tickets (~800 tokens each) with "
            "Llama 3.1 8B within two days. How many GPUs?"
        )
    )
    report = sized.sizing
    assert report is not None and report.batch_job is not None
    answer = sized.answer
    assert "Batch job: 2,000,000 requests" in answer
    for chat in (
        "concurrent users",
        "tokens/s per user",
        "send at the same moment",
        "around the clock",
    ):
        assert chat not in answer, chat
    assert "requests/s x" not in answer
    lead = next(a.sizing for a in sized.alternatives if a.why == "recommended_setup")
    # the setup the answer leads with ends the job within the two days (requests beyond those
    # its KV cache holds queue: copies for the pace, not a count for users at once)
    assert lead.batch_job is not None and lead.batch_job.hours <= 48 and lead.gpu.count > 1
    assert len(lead.stages) == 2 and "a sample of the items" in answer  # pilot, production
    cheapest = service.ask(
        AskRequest(
            question="Cheapest way to summarize 2 million support tickets (~800 tokens each) "
            "with Llama 3.1 8B within a week?"
        )
    )
    result = cheapest.recommendation
    assert result is not None
    options = [o for o in result.options if o.batch_job is not None]
    assert len(options) >= 2
    said = [
        option
        for option in options
        if option.batch_job is not None
        and f"the batch job in about {round(option.batch_job.hours, 1):g} h" in cheapest.answer
    ]
    assert len(said) >= 2  # the lead and others listed (a few of them, not all)
    assert "users at once" not in cheapest.answer
    assert "requests/s x" not in cheapest.answer  # no Little's law over the deadline


def test_a_batch_in_fp8_on_fewer_gpus_still_ends_by_its_deadline(
    service: AdvisorService,
) -> None:
    """Contracts kept in BF16 (law): the FP8 count beside them is the fewest GPUs that still
    end the job within the 3 days said, with its hours, not the fewest that hold it."""
    response = service.ask(
        AskRequest(
            question="Нужно прогнать 500 тысяч договоров по 3 тыс токенов через Qwen2.5 32B за "
            "3 дня, что купить?"
        )
    )
    fp8 = [a for a in response.alternatives if a.why == "fp8"]
    assert fp8 and fp8[0].sizing.batch_job is not None
    assert fp8[0].sizing.batch_job.hours <= 72
    lead = [a.sizing for a in response.alternatives if a.why == "recommended_setup"]
    assert lead and lead[0].precision == "bf16"
    assert fp8[0].sizing.gpu.count < lead[0].gpu.count
    assert "пакетная задача примерно за" in response.answer
    assert "в пределах 72 ч срока" in response.answer


def test_api_or_self_host_on_named_gpus_is_weighed_against_the_api(
    service: AdvisorService,
) -> None:
    """ "Llama 3.1 70B for 50 users on 4x L40S: does it make sense to self-host, or just use
    an API?" was a sizing with no API in it; it is priced on those GPUs against the hosted API
    of the model's tier, and that verdict comes first."""
    response = service.ask(
        AskRequest(
            question="We plan Llama 3.1 70B for 50 users on 4x L40S. Does it even make sense "
            "to self-host, or should we just use an API?"
        )
    )
    result = response.recommendation
    assert result is not None
    assert result.goal["gpu"] == "l40s" and result.goal["gpus"] == 4
    lead = lead_option(result, ["api_vs_own"])
    assert lead is not None and lead.gpu.id == "l40s" and lead.gpu.count * lead.replicas <= 4
    assert lead.cost.api_name is not None
    first = response.answer.splitlines()[0]
    assert first.startswith(("**The API costs less here.**", "**Your own server"))
    assert lead.cost.api_name in first


def test_roubles_said_once_stay_in_the_conversation_and_a_sizing_is_in_dollars(
    service: AdvisorService,
) -> None:
    first = service.ask(AskRequest(question="Support bot for 300 staff, budget 3 million rubles"))
    assert " RUB)" in first.answer
    again = service.ask(
        AskRequest(question="and for 500 staff?", conversation_id=first.conversation_id)
    )
    assert again.recommendation is not None and " RUB)" in again.answer
    sizing = service.ask(AskRequest(question="Llama 3.1 8B on one H100 for 20 users"))
    assert sizing.sizing is not None and "RUB" not in sizing.answer
    assert sizing.cost is not None and sizing.cost.capex_rub > 0  # still in the response


def test_a_batch_goal_is_priced_as_a_job_not_a_month(service: AdvisorService) -> None:
    """A two-day batch: the API's bill for the job's requests and the same GPUs rented for the
    job's GPU-hours at full load (it was renting them for the whole 48 h, 'a month', and the
    API's month), and both are figures of the option."""
    response = service.ask(
        AskRequest(
            question="Нужно за выходные, часов за 48, раскидать 2 миллиона писем клиентов по 20 "
            "категориям. Какое железо нужно и сколько это будет стоить?"
        )
    )
    result = response.recommendation
    assert result is not None and result.goal["deadline_hours"] == 48
    lead = lead_option(result, [])
    assert lead is not None and lead.batch_job is not None and lead.batch_job.hours <= 48
    cost = lead.cost
    assert cost.batch_api_usd is not None and cost.batch_rent_usd is not None
    assert cost.cloud_usd_per_gpu_hour is not None
    assert cost.batch_rent_usd == pytest.approx(
        lead.batch_job.gpu_hours * cost.cloud_usd_per_gpu_hour, rel=0.01
    )
    assert f"около ${cost.batch_rent_usd:,.0f}".replace(",", "\xa0") in response.answer
    assert "в месяц за 48 ч" not in response.answer


def test_a_cut_budget_in_words_is_followed_and_over_budget_is_said_so(
    service: AdvisorService,
) -> None:
    first = service.ask(
        AskRequest(question="Хотим бота для техподдержки на 50 операторов, бюджет до 3 млн рублей")
    )
    cut = service.ask(
        AskRequest(
            question="А если бюджет урежут до миллиона?", conversation_id=first.conversation_id
        )
    )
    assert cut.recommendation is not None and cut.recommendation.goal["budget_rub"] == 1e6
    lead = lead_option(cut.recommendation, ["largest_model"])
    assert lead is not None and lead.cost.capex_usd * cut.recommendation.rub_per_usd <= 1e6
    bigger = service.ask(
        AskRequest(
            question="А если всё-таки хочется модель побольше, 70B?",
            conversation_id=first.conversation_id,
        )
    )
    assert bigger.recommendation is not None
    closest = [o for o in bigger.recommendation.options if o.label == "closest"]
    if closest and closest[0].meets_targets:  # it serves the load: only the budget is short
        assert "дороже бюджета" in bigger.answer and "не дотягивает" not in bigger.answer


def test_the_cheapest_way_is_the_api_when_it_stays_cheaper(service: AdvisorService) -> None:
    """ "Cheapest way to run a support bot, 200 chats a day?" headlined a used RTX 3080 while
    its own next line said the API stays cheaper for five years (QA 20): that verdict first."""
    response = service.ask(
        AskRequest(
            question="What's the cheapest way to run a support bot for a small online shop, "
            "about 200 chats a day?"
        )
    )
    result = response.recommendation
    assert result is not None
    lead = lead_option(result, ["cheapest"])
    assert lead is not None and lead.cost.break_even_months is None
    assert response.answer.startswith("**The API costs less here.**")
    assert response.answer.count("would bill") == 1  # said once, first


def test_a_batch_on_named_gpus_says_how_much_sooner_a_lighter_format_finishes(
    service: AdvisorService,
) -> None:
    """200k tickets on 2x A100 with a 70B in BF16: 11 requests fit beside the weights and the
    job took 4.7 days, with no word that FP8 weights finish it in a fraction (QA 20). The
    document's tokens and answer are the ones the assumption names (it sized 1182 in and
    394 out while saying 1,064 and 512)."""
    response = service.ask(
        AskRequest(
            question="We have 2x A100 80GB. How long would it take to summarize 200k support "
            "tickets (avg ~800 words each) with a Llama 70B-class model?"
        )
    )
    job = response.sizing.batch_job if response.sizing else None
    assert job is not None and (job.prompt_tokens, job.output_tokens) == (1064, 512)
    lighter = [a.sizing for a in response.alternatives if a.why == "batch_lighter"]
    assert lighter and lighter[0] is not None and lighter[0].batch_job is not None
    assert lighter[0].batch_job.hours <= 0.8 * job.hours
    assert f"about {round(lighter[0].batch_job.hours, 1):g} hours instead of" in response.answer


def test_a_batch_with_a_deadline_says_whether_it_is_done_in_time(
    service: AdvisorService,
) -> None:
    """ "к пятнице… Успеем? Сегодня понедельник" was sized for a week with no yes or no
    (QA 21): the job's hours are set against the 96 h asked."""
    response = service.ask(
        AskRequest(
            question="Есть 200 тысяч отзывов с маркетплейса, надо к пятнице разметить "
            "тональность и вытащить жалобы. Успеем на одной RTX 4090? Сегодня понедельник."
        )
    )
    result = response.recommendation
    assert result is not None and result.goal["deadline_hours"] == 96
    lead = lead_option(result, [])
    assert lead is not None and lead.batch_job is not None
    verdict = "в пределах 96 ч срока" if lead.batch_job.hours <= 96 else "дольше срока в 96 ч"
    assert verdict in response.answer


def test_a_long_document_answer_says_where_the_memory_goes(service: AdvisorService) -> None:
    """A 200-page spec read whole: the answer says what each request's KV cache holds beside
    the weights, the reason for the GPUs; a chat's answer does not."""
    response = service.ask(
        AskRequest(question="Модель читает ТЗ по 200 страниц целиком, 10 инженеров. Что купить?")
    )
    lead = _lead(response, "")
    assert lead.memory is not None and lead.memory.kv_gb_per_request > 1
    line = next(x for x in response.answer.splitlines() if x.startswith("Память:"))
    assert f"{lead.context:,}".replace(",", "\xa0") in line
    assert f"{lead.memory.weights_gb:.3g}" in line
    chat = service.ask(AskRequest(question="чат-бот для 50 сотрудников, что купить?"))
    assert "Память:" not in chat.answer


def test_questions_over_long_documents_are_priced_by_retrieval_beside(
    catalog: Catalog, reader: Reader
) -> None:
    """Questions over 200-page specs read whole: the same model answering from retrieved
    passages (the rag profile's prompt) is priced beside, for less; summaries read the whole
    document, so they get no such line."""
    turn = run_offline_turn(
        "Модель читает ТЗ по 200 страниц целиком и отвечает на вопросы, 10 инженеров",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.recommendation is not None
    lead = lead_option(turn.recommendation)
    rag = [
        r
        for r in turn.tool_results
        if isinstance(r, Recommendation) and r is not turn.recommendation
    ]
    assert lead is not None and len(rag) == 1
    assert rag[0].workload.input_tokens == catalog.workloads.use_cases["rag"].input_tokens
    by_passages = lead_option(rag[0])
    assert by_passages is not None and by_passages.model == lead.model
    assert by_passages.cost.capex_usd < lead.cost.capex_usd
    assert "RAG" in turn.answer
    summaries = run_offline_turn(
        "Нужны выжимки из отчётов по 200 страниц, 10 аналитиков",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert summaries.recommendation is not None and "RAG" not in summaries.answer


@pytest.mark.parametrize(
    ("question", "calls"),
    [
        (
            "голосовой бот для записи пациентов в клинику, до 20 звонков одновременно, нужен и "
            "синтез речи",
            20,
        ),
        ("voice assistant for our hotel: speech in, speech out, 10 simultaneous calls", 10),
    ],
)
def test_a_voice_bot_is_sized_with_live_speech_both_ways(
    service: AdvisorService, question: str, calls: int
) -> None:
    """A voice bot is a goal, not off topic: the LLM for its calls at once, speech recognised
    live for each call (cards at the real-time factor, not hours a day) and its answers
    spoken (cards at the published streaming TTS rate)."""
    response = service.ask(AskRequest(question=question))
    result = response.recommendation
    assert result is not None and result.workload.concurrency == calls
    assert result.goal["live_calls"] == calls and result.goal["speech_synthesis"] is True
    assert result.transcription_i18n is not None and result.synthesis_i18n is not None
    assert result.transcription_i18n.params["calls"] == calls
    assert result.synthesis_i18n.params["calls"] == calls
    assert result.transcription_i18n.render("en") in response.answer or (
        result.transcription_i18n.render("ru") in response.answer
    )


def test_operators_are_the_staff_and_hints_in_real_time_follow_every_call(
    reader: Reader, catalog: Catalog
) -> None:
    """80 operators and 3,000 calls a day: the calls are the LLM's load (the operators are
    staff, not 80 chat users); "hints in real time" then follows each operator's call live."""
    first = run_offline_turn(
        "у нас колл-центр 80 операторов, хотим расшифровку всех звонков и оценку качества, около "
        "3000 звонков в день по 5 минут",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.recommendation is not None and first.goal is not None
    assert first.recommendation.goal["headcount"] == 80
    assert first.recommendation.goal.get("users") is None
    assert first.recommendation.workload.concurrency < 80
    # each call's transcript is the prompt: 5 minutes at the catalog's words a minute
    speech, daily = catalog.workloads.speech_to_text, catalog.workloads.daily
    words = round(5 * speech.words_per_minute)
    assert first.recommendation.goal["transcript_minutes"] == 5
    assert first.recommendation.workload.input_tokens == math.ceil(
        round(words * daily.tokens_per_word_ru, 6)
    )
    then = run_offline_turn(
        "а если нужны подсказки оператору в реальном времени, прямо во время разговора?",
        reader=reader,
        catalog=catalog,
        kb=None,
        previous_goal=first.goal,
    )
    assert then.recommendation is not None
    assert then.recommendation.goal["live_calls"] == 80
    assert then.recommendation.workload.concurrency == 80
    speech = then.recommendation.transcription_i18n
    assert speech is not None and speech.code is M.STT_LIVE


def test_owned_gpus_in_another_format_are_weighed_at_the_load_not_their_capacity(
    service: AdvisorService,
) -> None:
    """4 owned RTX 3090 for a 40-person department: the speed is at the load (10% of 40 at
    once, 7 at the 95th percentile) and the memory's capacity is said apart; it read "65
    users at once at 4.6 tokens/s" for 40 people (QA 22)."""
    response = service.ask(
        AskRequest(
            question="у нас есть 4 карты RTX 3090, потянем Qwen 72B для отдела из 40 человек?"
        )
    )
    first = response.answer.splitlines()[0]
    assert first.startswith("**Помещается на 4 x NVIDIA GeForce RTX 3090")
    assert "7 пользователей одновременно" in first and "памяти хватит на" in first


def test_owned_gpus_no_format_holds_say_what_they_hold_as_they_are(
    reader: Reader, catalog: Catalog
) -> None:
    """2 owned A100 40GB, Llama 3.3 70B for 30 at 32k: every fix buys GPUs, so the answer
    also says how many 32k requests the two hold in 4 bits with an FP8 cache (QA 22: it said
    only "16 A100")."""
    turn = run_offline_turn(
        "we own 2x A100 40GB, can we run Llama 3.3 70B for 30 people at 32k context each?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.sizing is not None and not turn.sizing.fits
    held = [
        r
        for r in turn.tool_results
        if isinstance(r, SizingReport) and r.precision == "int4" and r.gpu.count == 2
    ]
    assert held and held[-1].fits and held[-1].context == 32_768
    capacity = held[-1].performance.max_concurrent_users
    assert 1 <= capacity < 30
    assert "On these 2 x NVIDIA A100 40GB SXM4 as they are" in turn.answer


def test_the_api_bill_a_russian_answer_compares_is_in_roubles_too(service: AdvisorService) -> None:
    """ "а в рублях?" kept the API's monthly bill in dollars alone (QA 22)."""
    response = service.ask(AskRequest(question="API или свой сервер? у нас 300 сотрудников"))
    lead = _lead(response, "")
    assert lead.cost_rub.api_monthly
    rub = f"{lead.cost_rub.api_monthly:,.0f}".replace(",", "\xa0")
    assert f"взял бы {rub} ₽" in response.answer


def test_the_strongest_within_a_budget_is_not_a_used_card_pareto_of_the_same_tier(
    service: AdvisorService,
) -> None:
    """ "а если 500 человек?" after a budget: with no stronger model serving the load, the
    strongest the budget buys is the recommended setup, not 2 used RTX 3090 of the same model
    (QA 22 led with them while the 'cheapest that meets' cost more)."""
    first = service.ask(AskRequest(question="бот по нашим договорам для 150 юристов, бюджет 4 млн"))
    then = service.ask(
        AskRequest(question="а если 500 человек?", conversation_id=first.conversation_id)
    )
    result = then.recommendation
    assert result is not None
    lead = lead_option(result, ["largest_model"])
    assert lead is not None and lead.gpu.market != "used"
    same_tier = [
        o for o in result.options if o.meets_targets and o.quality_tier == lead.quality_tier
    ]
    assert lead.label != "pareto" or all(o.label == "pareto" for o in same_tier)


def test_a_batch_by_month_end_and_a_shorter_deadline_after_it(
    reader: Reader, catalog: Catalog
) -> None:
    """40,000 invoices to pull fields out of by month-end were a 5-user pilot (QA 24): a batch
    job with that deadline; "what if in 2 days?" then sizes the same job for 48 hours (it
    repeated the answer)."""
    first = run_offline_turn(
        "We have 40,000 scanned PDF invoices we need to pull fields out of by the end of the "
        "month. What's the cheapest setup?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.recommendation is not None and first.goal is not None
    assert first.recommendation.goal["batch_items"] == 40_000
    assert first.recommendation.goal["deadline_hours"] == 720
    then = run_offline_turn(
        "What if it has to be done in 2 days?",
        reader=reader,
        catalog=catalog,
        kb=None,
        previous_goal=first.goal,
    )
    assert then.recommendation is not None
    assert then.recommendation.goal["deadline_hours"] == 48
    lead = lead_option(then.recommendation, ["cheapest"])
    assert lead is not None and lead.batch_job is not None and lead.batch_job.hours <= 48


@pytest.mark.parametrize(
    ("question", "gpus"),
    [
        (
            "Что лучше взять под инференс: 4090, L40S или H100? Денег около 2 млн рублей.",
            ["rtx-4090", "l40s", "h100-sxm", "h100-pcie"],
        ),
        (
            "Which GPU should we buy for a document chatbot for 200 staff: RTX 5090, L40S or "
            "RTX PRO 6000?",
            ["rtx-5090", "l40s", "rtx-pro-6000"],
        ),
    ],
)
def test_gpus_weighed_with_no_model_are_each_priced_for_the_goal(
    reader: Reader, catalog: Catalog, question: str, gpus: list[str]
) -> None:
    """ "4090, L40S или H100 под инференс?" asked which model; now the goal is priced on each
    GPU named (an H100 SXM with its PCIe card beside it), the card to take is said, and a
    budget is kept: a card over it is never the pick."""
    turn = run_offline_turn(question, reader=reader, catalog=catalog, kb=None)
    steps = [s for s in turn.steps if s.name == "recommend_deployment"]
    assert [s.arguments["gpu"] for s in steps] == gpus
    assert all("model" not in s.arguments for s in steps)
    assert turn.recommendation is not None and turn.goal is not None
    assert turn.goal.gpus_compared == gpus[:3]
    lead = lead_option(turn.recommendation, ["largest_model"] if "млн" in question else [])
    assert lead is not None and lead.meets_targets
    budget = turn.recommendation.goal.get("budget_rub")
    if budget is not None:
        assert lead.cost.capex_usd <= catalog.prices.usd(budget, "RUB")
    picked = getattr(M.GPUS_PICK, turn.language).split("{")[0]
    assert picked in turn.answer
    assert lead.gpu.name in turn.answer.split(picked)[1].splitlines()[0]


def test_a_model_named_after_gpus_weighed_weighs_them_on_that_model(
    reader: Reader, catalog: Catalog
) -> None:
    """ "Qwen3 32B, 20 человек" after GPUs weighed with no model: the same GPUs, each priced
    for that model and load, not a sizing on the reference H100."""
    first = run_offline_turn(
        "Что лучше взять под инференс: 4090, L40S или H100? Денег около 2 млн рублей.",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.goal is not None
    turn = run_offline_turn(
        "Qwen3 32B, человек 20 одновременно",
        reader=reader,
        catalog=catalog,
        kb=None,
        previous_goal=first.goal,
    )
    steps = [s.arguments for s in turn.steps if s.name == "recommend_deployment"]
    assert [s["gpu"] for s in steps] == ["rtx-4090", "l40s", "h100-sxm", "h100-pcie"]
    assert all(s["model"] == "qwen3-32b" and s["users"] == 20 for s in steps)
    assert all(s["budget_rub"] == 2_000_000 for s in steps)
    assert turn.sizing is None


def test_a_load_follow_up_says_what_the_last_pick_does_at_the_new_load(
    reader: Reader, catalog: Catalog
) -> None:
    """ "а если 300 человек?" after Qwen3 235B on 2 x RTX PRO 6000 answered with a weaker
    model on other cards and no reason (QA 24): the last pick is sized at the new load first,
    with its speed against the target; a follow-up that changes no load says nothing of it."""
    first = run_offline_turn(
        "Мы юридическая фирма, 40 юристов. Хотим свой чат-бот по договорам, чтобы ничего не "
        "уходило наружу. Бюджет до 3 млн руб. Что купить?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert first.goal is not None and first.goal.last_pick is not None
    picked = first.goal.last_pick["size_request"]
    turn = run_offline_turn(
        "а если 300 человек?", reader=reader, catalog=catalog, kb=None, previous_goal=first.goal
    )
    lead = lead_option(turn.recommendation, ["largest_model"]) if turn.recommendation else None
    assert lead is not None
    assert (lead.model, lead.gpu.id) != (picked["model"], picked["gpu"])  # 30 at once
    last = next(
        r for r in turn.tool_results if isinstance(r, SizingReport) and r.model == picked["model"]
    )
    assert turn.recommendation is not None
    assert last.users == turn.recommendation.workload.concurrency
    assert turn.answer.startswith("Прошлый вариант")
    same_load = run_offline_turn(
        "а в евро?", reader=reader, catalog=catalog, kb=None, previous_goal=first.goal
    )
    assert (
        "Прошлый вариант" not in same_load.answer and "last answer's pick" not in same_load.answer
    )


def test_a_follow_up_on_named_gpus_answers_yes_or_no_and_says_if_the_last_model_fits(
    reader: Reader, catalog: Catalog
) -> None:
    """ "What about on two RTX 4090?" repeated a setup with no yes or no, and never said the
    last answer's model does not fit there (QA 24)."""
    first = run_offline_turn(
        "a chatbot for 200 staff, budget $20k", reader=reader, catalog=catalog, kb=None
    )
    assert first.goal is not None and first.goal.last_pick is not None
    big = first.goal.last_pick["size_request"]["model"]
    turn = run_offline_turn(
        "what about on two RTX 4090?",
        reader=reader,
        catalog=catalog,
        kb=None,
        previous_goal=first.goal,
    )
    assert turn.recommendation is not None
    lead = lead_option(turn.recommendation)
    assert lead is not None and lead.gpu.id == "rtx-4090" and lead.meets_targets
    head = turn.answer.splitlines()[0]
    assert head.startswith("Yes: 2 x NVIDIA GeForce RTX 4090")
    assert lead.model != big  # gpt-oss-120b does not fit on two 24 GB cards
    held = next(r for r in turn.tool_results if isinstance(r, SizingReport) and r.model == big)
    assert not held.fits and catalog.models[big].name in head


def test_documents_no_model_reads_whole_get_retrieval_in_their_place(
    reader: Reader, catalog: Catalog
) -> None:
    """Russian tenders of 500-800 pages: "no model of the needed quality" and no way on (QA
    24). The longest model that suits the task and the language is named, and questions are
    priced on passages a search finds (RAG) instead."""
    turn = run_offline_turn(
        "У нас тендерная документация по 500-800 страниц на каждый тендер. Хотим задавать "
        "вопросы по ней. Это влезет целиком в модель или как?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.recommendation is not None and not turn.recommendation.options
    assert any(n.code is M.UNMET_CONTEXT_TOO_LONG for n in turn.recommendation.unmet_i18n)
    assert turn.answer.startswith("Целиком такие документы не прочтёт ни одна модель")
    rag = [s for s in turn.steps if s.arguments.get("use_case") == "rag"]
    assert rag and "document_words" not in rag[0].arguments


def test_gpus_weighed_on_a_model_take_fp8_where_it_buys_fewer_gpus(
    reader: Reader, catalog: Catalog
) -> None:
    """ "H100 vs H200 vs B200 for Llama 3.1 405B" priced 16 H100 (two servers) in BF16 when
    one 8-GPU server holds it in FP8, and 70B for 30 users took 4 RTX PRO 6000 (QA 25): FP8,
    native on these cards, is taken where it buys fewer GPUs, and said; an H200 server of 8
    is the same purchase either way, so it stays as published."""
    turn = run_offline_turn(
        "H100 vs H200 vs B200 for serving Llama 3.1 405B?", reader=reader, catalog=catalog, kb=None
    )
    lines = turn.answer.splitlines()
    h100 = next(line for line in lines if "H100 SXM5" in line and line.startswith("- "))
    h200 = next(line for line in lines if "H200" in line and line.startswith("- "))
    assert h100.startswith("- 8 x") and "FP8" in h100
    assert h200.startswith("- 8 x") and "FP8" not in h200
    reports = [
        r for r in turn.tool_results if isinstance(r, SizingReport) and r.gpu.id == "h100-sxm"
    ]
    assert any(r.precision == "fp8" and r.gpu.count == 8 and r.fits for r in reports)


def test_a_batch_jobs_headline_says_its_hours_not_users_at_once(
    reader: Reader, catalog: Catalog
) -> None:
    """A batch job's headline quoted "672 users at once, 2.5 tokens/s each", a chat's figures
    for work nobody reads as it streams (QA 25); it says the job's hours, as the line under it."""
    turn = run_offline_turn(
        "Batch job: classify 10 million support tickets (avg 400 tokens) within 48 hours. "
        "How many GPUs?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    assert turn.recommendation is not None
    lead = lead_option(turn.recommendation)
    assert lead is not None and lead.batch_job is not None
    head = next(line for line in turn.answer.splitlines() if line.startswith("**Recommended"))
    assert f"the batch job in about {round(lead.batch_job.hours, 1):g} h" in head
    assert "users at once" not in head


def test_a_batch_job_on_no_named_gpu_leads_with_the_setup_that_ends_it_in_time(
    reader: Reader, catalog: Catalog
) -> None:
    """'Классифицировать 2 млн отзывов за неделю': the cheapest setup that ends the job within
    the week leads, held to the deadline and not to a chat reader's speed (it was an RTX
    5080 for 46 'users' at 1,024 tokens in, beside the H100's 5-day job)."""
    turn = run_offline_turn(
        "Нужно классифицировать 2 млн отзывов за неделю моделью Qwen2.5 7B. Сколько GPU?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    option = turn.to_meet_targets
    assert option is not None and option.batch_job is not None
    assert option.batch_job.hours <= 168
    lines = turn.answer.splitlines()
    if lines[0].startswith("**Для разовой задачи покупать невыгодно"):  # API or rent is less
        lines = lines[1:]
    assert lines[1].startswith(
        "GPU не назван: это самая дешёвая за три года (покупка и работа) конфигурация с этой "
        "моделью, которая выполнит задачу за 168 ч (88 токенов на входе и 16 на выходе на запрос)"
    )
    assert f"{option.gpu.count * option.replicas} x {option.gpu.name}**" in lines[0]
    assert "Пакетная задача: 2\u00a0000\u00a0000 запросов" in turn.answer


def test_a_regulated_buyers_lead_keeps_the_published_weights_on_server_cards(
    reader: Reader, catalog: Catalog
) -> None:
    """'Дипсик р1 у себя в банке (152-ФЗ)' led with 4-bit weights on workstation cards while
    its assumption line said the weights were FP8 (QA 29): a bank's or a clinic's answers
    come from the published weights, on cards a server room may hold."""
    turn = run_offline_turn(
        "Хотим дипсик р1 у себя в банке, данные не должны выходить наружу (152-ФЗ). "
        "Какой сервер нужен?",
        reader=reader,
        catalog=catalog,
        kb=None,
    )
    option = turn.to_meet_targets
    assert option is not None and option.precision == "fp8"
    assert catalog.gpus[option.gpu.id].gpu_class != "gaming"
    lines = turn.answer.splitlines()
    assert "инференс, FP8:" in lines[0]


def test_a_clinics_goal_is_answered_on_cards_for_its_server_room(
    reader: Reader, catalog: Catalog
) -> None:
    """A hospital's Llama 3.3 70B for 100 clinicians led with 2 x GeForce RTX 5090 (QA 29):
    a bank's or a clinic's server stands in its server room, where GeForce has no place."""
    goal = reader.read(
        "We are a hospital in Germany (GDPR). We want Llama 3.3 70B for 100 clinicians to "
        "summarise discharge letters. Price in EUR?"
    ).goal
    assert goal is not None and goal.get("datacenter") is True
    result = recommend_deployment(goal, catalog)
    assert all(catalog.gpus[o.gpu.id].gpu_class != "gaming" for o in result.options)


def test_a_gpu_named_after_a_lead_is_not_weighed_against_the_unshown_reference(
    service: AdvisorService,
) -> None:
    """'And on L40S?' after an answer that led with 2 x RTX 5090 said 'Against the last
    answer: 4 x H100 -> 4 x L40S; $285,000 -> $64,000' (QA 30): the H100 was the reference the
    answer had put aside, not what it advised."""
    first = service.ask(
        AskRequest(question="Llama 3.3 70B internal assistant, 100 employees, 32k context")
    )
    assert first.answer.startswith("**") and "on the reference card it takes" in first.answer
    then = service.ask(AskRequest(question="and on L40S?", conversation_id=first.conversation_id))
    assert then.request is not None and then.request.gpu == "l40s"
    against = [line for line in then.answer.splitlines() if "Against the last answer" in line]
    # what the first answer advised against what this one leads with, never the reference
    assert all("H100" not in line and "RTX 5090" in line for line in against)


def test_a_format_on_the_same_gpus_says_what_it_changed(service: AdvisorService) -> None:
    """ "а в 4 бит?" after "а если взять RTX PRO 6000?" said "the last answer was already in
    INT4: the setup stays the same" after a BF16 answer (QA 31): it says what 4 bits change
    on the same card, against the last format."""
    first = service.ask(
        AskRequest(question="Бот для 20 врачей клиники, данные наружу нельзя. Какое железо?")
    )
    second = service.ask(
        AskRequest(
            question="а если взять RTX PRO 6000 вместо?", conversation_id=first.conversation_id
        )
    )
    third = service.ask(AskRequest(question="а в 4 бит?", conversation_id=first.conversation_id))
    assert "уже были" not in third.answer
    assert second.recommendation is not None and third.recommendation is not None
    before, after = lead_option(second.recommendation), lead_option(third.recommendation)
    assert before is not None and after is not None
    assert (
        (before.model, before.gpu.id)
        == (after.model, after.gpu.id)
        == (
            before.model,
            "rtx-pro-6000",
        )
    )
    assert (before.precision, after.precision) == ("bf16", "int4")
    first_line = third.answer.splitlines()[0]
    assert first_line.startswith("**В INT4 на тех же 1 x NVIDIA RTX PRO 6000")
    assert f"{after.max_concurrent_users} одновременно" in first_line and "в BF16" in first_line


def test_requests_that_fill_the_window_are_sized_whole_in_the_cheapest_lead(
    service: AdvisorService,
) -> None:
    """ "100k-token contracts, 10 lawyers at once" led with a setup holding one contract at
    a time (QA 32): the search was given the use case's 1k prompt inside the 100k window."""
    answer = service.ask(
        AskRequest(
            question="Our legal team wants to paste entire contracts, around 100k tokens each, "
            "into llama 3.1 70b. Maybe 10 lawyers at once. How much GPU memory?"
        )
    )
    assert answer.sizing is not None and answer.sizing.context == 100_000
    lead = answer.answer.splitlines()[1]
    # the contract is the prompt, the use case's answer the rest (not a quarter of the window)
    assert "1,024 tokens in" not in lead and "99,744 tokens in and 256 out" in lead
    held = re.search(r"up to (\d+) concurrent users at 100,000 tokens", answer.answer)
    assert held is not None and int(held.group(1)) >= 10


def test_an_overnight_batch_is_a_job_within_the_night(reader: Reader) -> None:
    """QA round 33: "overnight we need to summarize ~5000 discharge notes, each about 6k
    tokens" was five users at once: the notes are a batch job of 5,000 prompts of 6,000
    tokens within the night's eight hours, and health records stay in the hospital."""
    goal = reader.read(
        "hospital here. overnight we need to summarize ~5000 discharge notes, each about 6k "
        "tokens. GDPR so on-prem. what server?"
    ).goal
    assert goal is not None
    assert goal["batch_items"] == 5000 and goal["deadline_hours"] == 8.0
    assert goal["prompt_tokens"] == 6000 and goal["on_premises"] is True
    nightly = reader.read(
        "Клиника, каждую ночь надо прогонять ~2000 медкарт по 10 страниц, делать выжимки."
    ).goal
    assert nightly is not None and nightly["batch_items"] == 2000
    assert nightly["runs_per_year"] > 200 and nightly["on_premises"] is True


def test_a_nightly_job_is_priced_by_the_month_and_keeps_its_data_in(
    service: AdvisorService,
) -> None:
    """Every night is no job done once: the API and renting would be priced for every run,
    and for health records neither is offered."""
    answer = service.ask(
        AskRequest(
            question="Клиника, каждую ночь надо прогонять ~2000 медкарт по 10 страниц, делать "
            "выжимки. Что за сервер нужен?"
        )
    )
    assert answer.recommendation is not None
    assert answer.recommendation.goal["one_off"] is False
    hours = answer.recommendation.goal["rent_hours_per_month"]
    assert hours == pytest.approx(8 * answer.recommendation.goal["runs_per_year"] / 12)
    assert "разовой" not in answer.answer and "gpt-" not in answer.answer
    assert "аренд" not in answer.answer.split("Другие варианты")[0].lower()


@pytest.mark.parametrize(
    ("question", "gpus"),
    [
        ("qwen3 30b a3b на 4090 пойдёт?", 1),  # on one card, not the fewest that hold it
        ("will llama 3.1 70b run on an h100?", 1),
        ("can i run mixtral on my 3090", 1),
        ("llama 70b на H100 сколько нужно?", None),  # how many: the count is the answer
    ],
)
def test_will_it_run_on_a_card_asks_about_one(reader: Reader, question: str, gpus: int) -> None:
    assert reader.read(question).said.gpus == gpus


def test_will_it_run_on_a_4090_leads_with_the_format_that_fits_one(
    service: AdvisorService,
) -> None:
    answer = service.ask(AskRequest(question="qwen3 30b a3b на 4090 пойдёт?")).answer
    assert answer.startswith("**Да, помещается на 1 x NVIDIA GeForce RTX 4090")


def test_lora_that_does_not_fit_owned_cards_leads_with_qlora_on_them(
    service: AdvisorService,
) -> None:
    first = service.ask(AskRequest(question="we own 2x A6000, can we fine-tune mistral 7b?"))
    bigger = service.ask(
        AskRequest(
            question="what about llama 3.1 70b on the same cards?",
            conversation_id=first.conversation_id,
        )
    )
    assert bigger.sizing is not None and not bigger.sizing.fits
    assert bigger.answer.startswith("**Yes, with QLoRA: it trains on 2 x NVIDIA RTX A6000")


def test_a_clinic_keeps_published_weights_and_sees_the_fp8_count(
    service: AdvisorService,
) -> None:
    answer = service.ask(
        AskRequest(
            question="we're a hospital, want llama 4 scout on-prem for ~50 clinicians, data "
            "can't leave the building. how many GPUs?"
        )
    ).answer
    lines = answer.splitlines()
    assert "BF16: 4 x" in lines[0]
    assert any(line.startswith("The weights stay as published (BF16)") for line in lines)
    assert any(line.startswith("In FP8,") and "instead of 4 in BF16" in line for line in lines)


def test_a_law_firms_next_model_keeps_the_published_weights_and_server_cards(
    service: AdvisorService,
) -> None:
    """QA 46 T26: 'switch to Qwen2.5 72B' after lawyers' contracts went BF16 -> INT4 on 24
    GeForce cards: the conditions said on the first turn hold for the next model."""
    first = service.ask(
        AskRequest(
            question="we want to feed entire 120k-token contracts to Llama 3.3 70B, with 5 "
            "lawyers using it at the same time. What do we need?"
        )
    )
    assert "The weights stay as published (BF16)" in first.answer
    switched = service.ask(
        AskRequest(
            question="what if we switch to Qwen2.5 72B instead?",
            conversation_id=first.conversation_id,
        )
    )
    lead = switched.answer.splitlines()[1]
    assert lead.startswith("**Qwen2.5 72B Instruct, inference, BF16:")
    assert "GeForce" not in lead
    assert "The weights stay as published (BF16)" in switched.answer


def test_a_call_centres_gpus_are_server_cards_whichever_way_it_asks(
    service: AdvisorService,
) -> None:
    """QA 46 T08: 'какие карты нужны?' for 100 dialogs at once listed used V100s and GeForce
    cards first; 'сколько GPU?' led with 2 x RTX 4090."""
    which = service.ask(
        AskRequest(
            question="гигачат 20б для колл-центра: 100 диалогов одновременно, контекст где-то "
            "8к. какие карты нужны?"
        )
    ).answer
    assert which.startswith("100 пользователей одновременно — пик организации")
    listed = [line for line in which.splitlines() if line.startswith("- ")]
    assert listed and not any("GeForce" in line or "б/у" in line for line in listed)
    many = service.ask(
        AskRequest(
            question="гигачат 20б для колл-центра: 100 диалогов одновременно, контекст где-то "
            "8к. сколько нужно GPU?"
        )
    ).answer
    assert "GeForce" not in many.splitlines()[0]
    assert "100 пользователей одновременно — пик организации" in many


def test_how_many_of_a_named_gpu_leads_with_the_count_that_serves_the_users(
    service: AdvisorService,
) -> None:
    """QA 45 T09: 'сколько H100 надо … 100 пользователей' led with 1 x H100 and priced one,
    while 2 meet the use case's speed: the count that serves them is the headline."""
    answer = service.ask(
        AskRequest(
            question="T-pro 2.0 в fp8 — сколько H100 надо, чтобы держать 100 одновременных "
            "пользователей с контекстом 16к?"
        )
    )
    lines = answer.answer.splitlines()
    assert lines[0].startswith("**T-pro-it-2.0, инференс, FP8: 2 x NVIDIA H100 PCIe**")
    assert lines[1].startswith(
        "1 x NVIDIA H100 PCIe вмещает модель в FP8, но при 100 пользователях"
    )
    assert "2 x NVIDIA H100 PCIe в FP8 — наименьшее число" in lines[1]
    option = answer.to_meet_targets
    assert option is not None and option.gpu.count == 2
    priced = next(line for line in lines if line.startswith("Стоимость:"))
    assert f"(${option.cost.capex_usd:.0f})" in "".join(priced.split())  # the two, not one
    one = service.ask(
        AskRequest(question="T-pro 2.0 в fp8 на одной H100, 100 одновременных пользователей")
    ).answer
    assert "1 x NVIDIA H100" in one.splitlines()[0]  # a count said is the count sized
    # QA 47 T11: "4090 instead? how many?" led with the 4 that hold it, then recommended 6
    first = service.ask(
        AskRequest(
            question="Квен 32б, контекст 32к, 50 одновременных пользователей — сколько нужно H100?"
        )
    )
    cards = service.ask(
        AskRequest(
            question="А если вместо H100 взять RTX 4090? Сколько их понадобится?",
            conversation_id=first.conversation_id,
        )
    ).answer.splitlines()
    assert cards[0].startswith("По сравнению с прошлым ответом") and "-> 6 x" in cards[0]
    assert cards[1].startswith("**Qwen3 32B, инференс, FP8: 6 x NVIDIA GeForce RTX 4090**")


def test_a_follow_up_headcount_keeps_the_use_case(service: AdvisorService) -> None:
    """'and 100 devs?' after a coding assistant: coding requests, not the chat default."""
    first = service.ask(
        AskRequest(
            question="need a coding assistant for 40 devs, probably qwen coder 32b, what hardware?"
        )
    )
    more = service.ask(AskRequest(question="and 100 devs?", conversation_id=first.conversation_id))
    assert "(2,048 tokens in and 1,024 out per request)" in more.answer
    # the setups each answer led with side by side, never the reference cards
    assert "reference card the last answer" not in more.answer


def test_buy_not_rent_after_a_sizing_keeps_its_requests_and_rules_out_renting(
    service: AdvisorService,
) -> None:
    first = service.ask(
        AskRequest(
            question="agents with long context, 128k tokens, qwen2.5 72b, around 10 concurrent sessions"
        )
    )
    priced = service.ask(
        AskRequest(
            question="we're a government agency, we need to buy not rent. total cost?",
            conversation_id=first.conversation_id,
        )
    )
    goal = priced.steps[0].arguments
    # each session fills the window with its prompt and writes an agent's answer
    assert (goal["context"], goal["prompt_tokens"], goal["output_tokens"]) == (131072, 130072, 1000)
    assert goal["on_premises"] and goal["datacenter"] and not goal.get("rentable_only")
    assert "Renting" not in priced.answer and "GeForce" not in priced.answer.splitlines()[0]


def test_a_quantised_model_needs_ram_for_its_served_weights_not_a_16_bit_copy(
    catalog: Catalog,
) -> None:
    from advisor.sizing import SizingRequest, size

    report = size(
        SizingRequest(model="deepseek-r1", precision="int4", gpu="rtx-pro-6000", gpus=4), catalog
    )
    weights_gb = report.memory.breakdown_gb.weights * 4
    assert report.server.system_ram_gb < 2 * weights_gb  # not the 1.3 TB BF16 checkpoint


def test_lora_over_the_budget_offers_qlora_within_it_and_a_rented_run_buys_nothing(
    service: AdvisorService,
) -> None:
    """'а LoRA на 70B влезет?' with 1.5 million roubles: LoRA on 70B fits the budget only
    rented (no purchase line for a run nobody buys), and QLoRA of the same model is bought
    within it."""
    first = service.ask(
        AskRequest(
            question="универ, лаба, хотим дообучать модели до 8B, бюджет 1.5 млн рублей, что купить?"
        )
    )
    bigger = service.ask(
        AskRequest(question="а LoRA на 70B влезет?", conversation_id=first.conversation_id)
    )
    lines = bigger.answer.splitlines()
    assert lines[0].startswith("**Аренда на время обучения")
    assert not any(line.startswith("Покупка:") for line in lines[:3])
    within = next(line for line in lines if line.startswith("В пределах бюджета, с QLoRA"))
    assert "Llama 3.1 70B Instruct" in within
    found = re.search(r"покупка ([\d\s]+) ₽", within)
    assert found is not None
    assert int(re.sub(r"\D", "", found.group(1))) <= 1_500_000


def test_a_sizing_for_many_users_prices_them_as_everyone_too(service: AdvisorService) -> None:
    """'пользователей около 200' with a model named: sized for 200 at once as said, and the
    same model for 200 people of whom the usual share is on at once priced beside; a state
    company's setup has no GeForce card; the reference card is counted for the same requests
    as the setup that leads, and no '4096 context' is assumed beside a lead sized at 1280."""
    answer = service.ask(
        AskRequest(
            question="мы интегратор, заказчик госкомпания, хотят T-Pro на своём железе, "
            "пользователей около 200. что предложить?"
        )
    ).answer
    lines = answer.splitlines()
    base = lines.index(next(line for line in lines if line.startswith("Если 200 — это все")))
    assert lines[base + 1].startswith("- Тогда:") and "GeForce" not in lines[base + 1]
    assert "на эталонной карте понадобится 2 x NVIDIA H100" in lines[1]
    assert "контекст 4096" not in answer


@pytest.mark.parametrize(
    "question",
    [
        "we're a government agency, what hardware for llama 3.1 8b?",
        "заказчик госкомпания, что взять под qwen 2.5 14b?",
        "для министерства нужен чат-бот на ламе 70б",
    ],
)
def test_a_state_body_is_a_server_room_kept_in_house(reader: Reader, question: str) -> None:
    said = reader.read(question).said
    assert said.datacenter and said.on_premises


@pytest.mark.parametrize(
    ("question", "rent"),
    [
        ("we need to buy, not rent. what server for qwen 32b?", False),
        ("покупать, а не арендовать: что взять под ламу 70б?", False),
        ("is it cheaper to rent gpus for llama 70b?", True),
    ],
)
def test_renting_ruled_out_is_no_wish_to_rent(reader: Reader, question: str, rent: bool) -> None:
    said = reader.read(question).said
    assert ("rent" in said.wants) is rent
    assert said.on_premises is not rent


def test_a_model_quantised_below_its_published_format_is_priced_as_published_too(
    service: AdvisorService,
) -> None:
    """'дипсик в3 на своих серверах сколько стоит': the cheapest setup runs it in INT4; the
    cheapest in its published FP8 is priced beside it."""
    response = service.ask(AskRequest(question="дипсик в3 на своих серверах сколько стоит"))
    lead = _lead(response, "дипсик в3 на своих серверах сколько стоит")
    assert lead.precision == "int4"
    published = next(
        line for line in response.answer.splitlines() if line.startswith("В формате, в котором")
    )
    assert "(FP8)" in published and "DeepSeek-V3 в FP8" in published


def test_the_strongest_model_keeps_its_model_on_professional_cards(
    service: AdvisorService,
) -> None:
    """$50k for the best model: the professional-card line is for the same strongest model,
    not the search's cheapest 7B."""
    question = "we have $50k, what's the best model we can self-host for customer support, about 500 chats a day?"
    response = service.ask(AskRequest(question=question))
    lead = _lead(response, question)
    pro = next(
        line for line in response.answer.splitlines() if line.startswith("On professional cards")
    )
    assert lead.model_name in pro


def test_how_many_named_cards_puts_the_count_that_serves_them_first(
    service: AdvisorService,
) -> None:
    """One L40S holds 64 requests of Llama 3.1 8B, two serve them at speed: the two are the
    headline, and the one that only holds them is said under it (QA 45 T09)."""
    answer = service.ask(
        AskRequest(
            question="Llama 3.1 8B в FP16, 64 одновременных запроса, контекст 8к, на L40S — сколько карт?"
        )
    ).answer
    lines = answer.splitlines()
    assert lines[0].startswith("**Llama 3.1 8B Instruct, инференс, FP16: 2 x NVIDIA L40S**")
    assert lines[1].startswith("1 x NVIDIA L40S вмещает модель в FP16, но при 64")


def test_a_smaller_model_right_after_a_goal_is_a_size_class_down(service: AdvisorService) -> None:
    """'а модель поменьше взять?' straight after the answer: the goal again with a model of
    a lower size class (QA round 35 got Qwen2.5 32B after T-pro's 32.8B)."""
    first = service.ask(
        AskRequest(
            question="нужен RAG-ассистент по внутренним документам, человек 30 будут "
            "пользоваться. бюджет 2 млн рублей. что купить?"
        )
    )
    before = _lead(first, "бюджет").model
    smaller = service.ask(
        AskRequest(question="а модель поменьше взять?", conversation_id=first.conversation_id)
    )
    assert smaller.recommendation is not None
    lead = _lead(smaller, "а модель поменьше")
    params = smaller.recommendation.goal["smaller_than_b"]
    catalog_params = {m.id: m.reported_params_b for m in service.catalog.models.values()}
    assert catalog_params[before] == params
    assert (catalog_params[lead.model] or 0) * 1.14 < params


def test_full_context_is_every_session(reader: Reader) -> None:
    said = reader.read("llama 3.3 70b agent with full 128k context, 10 parallel sessions").said
    assert said.context == 131072 and not said.context_window


def test_a_budget_asked_about_is_answered_yes_or_no_first(service: AdvisorService) -> None:
    """ "бюджет 30 млн, хватит?" never heard a yes (QA 36): the verdict comes first, with what
    the setup takes of the budget and whether the model as published fits it too; a short
    budget says so, and what fits it if the staff are everyone who uses it."""
    enough = service.ask(
        AskRequest(question="хотим DeepSeek V3 на своем железе, бюджет 30 млн руб, хватит?")
    )
    result = enough.recommendation
    assert result is not None
    lead = lead_option(result, [])
    assert lead is not None and lead.cost.capex_usd * result.rub_per_usd <= 30e6
    first = enough.answer.splitlines()[0]
    assert first.startswith("**Да, бюджета хватает**")
    published = [a.option for a in enough.alternatives if a.why == "published"]
    assert published and published[0] is not None and published[0].precision == "fp8"
    assert "FP8" in first
    short = service.ask(
        AskRequest(
            question="бюджет до 3 млн руб. надо поднять ламу 3 на 70 млрд для поддержки, "
            "операторов человек 100. хватит?"
        )
    )
    first = short.answer.splitlines()[0]
    assert first.startswith("**Нет, бюджета не хватает**")
    (everyone,) = [a.option for a in short.alternatives if a.why == "user_base"]
    assert everyone is not None and everyone.model == "llama-3-70b"
    assert f"({everyone.users_per_replica * everyone.replicas} одновременно в пике)" in first
    given = service.ask(AskRequest(question="DeepSeek V3 on our own hardware, budget $400k"))
    assert not given.answer.startswith(("**Yes, the budget", "**No, the budget"))


def test_more_gpus_weighed_as_a_better_deal_when_fewer_carry_it(service: AdvisorService) -> None:
    """ "Would 4x 4090 be a better deal?" when two carry the load answered "Yes: 4 x 4090
    carry this load" (QA 37): no, the other two would only add cost."""
    first = service.ask(
        AskRequest(
            question="we have $15k, want to run a 70b model locally for a team of 10. "
            "what's the best setup?"
        )
    )
    lead = lead_option(first.recommendation, []) if first.recommendation else None
    assert lead is not None and lead.gpu.id == "rtx-4090" and lead.gpu.count * lead.replicas < 4
    again = service.ask(
        AskRequest(
            question="would 4x 4090 be a better deal?", conversation_id=first.conversation_id
        )
    )
    assert again.answer.startswith("**No: 4 x NVIDIA GeForce RTX 4090 carry this load")


@pytest.mark.parametrize(
    "question",
    [
        "Budget $50k. Which model is good enough for a support bot for 200 staff?",
        "бюджет 3 млн, какую модель взять для поддержки на 100 человек, чтобы отвечала "
        "достаточно быстро?",
    ],
)
def test_a_budget_given_but_not_asked_about_gets_no_verdict(
    service: AdvisorService, question: str
) -> None:
    """Review: "good enough", "достаточно быстро" beside a budget ask nothing about it."""
    answer = service.ask(AskRequest(question=question)).answer
    assert not answer.startswith(("**Yes, the budget", "**Да, бюджета", "**No, the budget"))
    assert not answer.startswith("**Нет, бюджета")


def test_the_same_owned_gpus_stay_owned_in_a_follow_up(service: AdvisorService) -> None:
    """QA 38: "у нас 8 L40S", then "а если на этих же L40S полностью дообучить 70б?" was
    priced as 32 L40S to buy; the owned eight are weighed, the answer says no first, and LoRA
    on them is among what would work."""
    first = service.ask(
        AskRequest(
            question="У нас есть 8 штук L40S. Какую самую большую модель можно на них "
            "запустить под чат?"
        )
    )
    again = service.ask(
        AskRequest(
            question="а если на этих же L40S полностью дообучить 70б?",
            conversation_id=first.conversation_id,
        )
    )
    result = again.recommendation
    assert result is not None
    assert result.goal["owned"] == {"gpu": "l40s", "count": 8}
    assert result.goal["task"] == "full"
    assert again.answer.startswith("**Нет, на ваших GPU так не получится.**")
    assert "Покупка:" not in again.answer
    lora = [c for c in result.make_it_fit if c.change == "lora"]
    assert lora and lora[0].fits


def test_a_model_swapped_in_a_goal_says_the_price_change_and_both_quality_tiers(
    service: AdvisorService, catalog: Catalog
) -> None:
    """QA 38: "what if we use Llama 3.3 70B instead — how much cheaper, and is quality
    comparable?" after a bank's 405B goal was read as a GPU comparison ("comparable") and
    lost the 5000 staff; it is the same goal on the other model, opening with the price
    against the last answer and both models' catalog quality tiers."""
    first = service.ask(
        AskRequest(
            question="We're a bank, 5000 employees, want an internal ChatGPT on Llama 3.1 "
            "405B. Give me full cluster sizing and budget in dollars."
        )
    )
    before = lead_option(first.recommendation) if first.recommendation else None
    assert before is not None
    again = service.ask(
        AskRequest(
            question="what if we use Llama 3.3 70B instead — how much cheaper, and is quality "
            "comparable?",
            conversation_id=first.conversation_id,
        )
    )
    result = again.recommendation
    assert result is not None
    assert result.goal["model"] == "llama-3.3-70b" and result.goal["headcount"] == 5000
    lead = lead_option(result)
    assert lead is not None
    first_line = again.answer.splitlines()[0]
    assert first_line.startswith("**Llama 3.3 70B Instruct instead of Llama 3.1 405B Instruct:")
    assert f"${lead.cost.capex_usd:,.0f} against ${before.cost.capex_usd:,.0f}" in first_line
    tier = catalog.suitability["llama-3.3-70b"].quality_tier
    assert f"tier {tier} of 5" in first_line


def test_a_model_set_aside_for_another_in_russian_is_swapped(service: AdvisorService) -> None:
    """QA 39: "а если вместо ламы взять квен 2.5 на 32б, сколько сэкономим?" repeated the
    Llama answer word for word ("ламы" was read as the model asked); the goal takes Qwen2.5
    32B and opens with the saving against the last answer, in roubles first."""
    first = service.ask(
        AskRequest(
            question="Нужен чат-бот по внутренним документам для ~200 сотрудников, хотим Ламу 3 "
            "на 70 млрд у себя. Сколько видях и какой сервер, бюджет до 15 млн руб?"
        )
    )
    again = service.ask(
        AskRequest(
            question="а если вместо ламы взять квен 2.5 на 32б, сколько сэкономим?",
            conversation_id=first.conversation_id,
        )
    )
    assert again.recommendation is not None
    assert again.recommendation.goal["model"] == "qwen2.5-32b"
    assert again.recommendation.goal["headcount"] == 200
    first_line = again.answer.splitlines()[0]
    assert first_line.startswith("**Qwen2.5 32B Instruct вместо Llama 3 70B Instruct:")
    assert "₽" in first_line and "дешевле" in first_line


def test_an_alternative_cheaper_only_for_lack_of_headroom_says_so(
    service: AdvisorService,
) -> None:
    """QA 40: 4 x RTX 4060 Ti led while 2 x RTX 4090 below it cost less and ran faster; the
    4090s hold 17 of the 18 the recommendation keeps room for (15 plus 20%), which the list
    did not say, so the pick read as a better buy passed over."""
    first = service.ask(
        AskRequest(
            question="дипсик р1 хотим развернуть полностью у себя, не дистиллят, а прям полную. "
            "что для этого нужно по железу и сколько это будет стоить?"
        )
    )
    distilled = service.ask(
        AskRequest(
            question="а дистиллированную версию на 32б? на чём её запускать, если людей человек 15",
            conversation_id=first.conversation_id,
        )
    )
    result = distilled.recommendation
    assert result is not None
    lead = lead_option(result)
    assert lead is not None and lead.label == "recommended"
    room = math.ceil(result.workload.concurrency * 1.2)
    flagged = [
        o
        for o in result.options
        if o.label == "pareto"
        and o.max_concurrent_users < room
        and o.cost.capex_usd < lead.cost.capex_usd
    ]
    assert flagged, "the case this test is about: a cheaper alternative with no headroom"
    lines = distilled.answer.splitlines()
    for option in flagged:
        line = next(x for x in lines if option.gpu.name in x and x.startswith("- "))
        assert line.startswith("- Дешевле, но без запаса 20% сверх пика")
    assert not any(x.startswith("- Дешевле, но без запаса") and lead.gpu.name in x for x in lines)


def test_a_follow_up_weighs_itself_against_the_setup_last_offered(
    service: AdvisorService,
) -> None:
    """QA 40: 'а если квантовать в 4 бита? хватит чего-то попроще?' after an answer that led
    with 1 x H200 NVL in FP8 compared the reference cards nobody was offered ('4 x H100 ->
    2 x H100', 'там BF16') and hid that the 4-bit setup costs more; both leads now stand side
    by side."""
    first = service.ask(
        AskRequest(question="Ламу 3.1 на 70 млрд для 30 пользователей, что купить?")
    )
    again = service.ask(
        AskRequest(
            question="а если квантовать в 4 бита? тогда хватит чего-то попроще?",
            conversation_id=first.conversation_id,
        )
    )
    before, now = first.to_meet_targets, again.to_meet_targets
    assert before is not None and now is not None
    line = again.answer.splitlines()[0]
    assert "эталонной" not in line
    before_gpus = before.gpu.count * before.replicas
    now_gpus = now.gpu.count * now.replicas
    if (before.gpu.id, before_gpus) == (now.gpu.id, now_gpus):
        assert line.startswith("Снова те же GPU, что и в прошлом ответе (FP8)")
    else:
        assert line.startswith("По сравнению с прошлым ответом")
        assert f"{before_gpus} x {before.gpu.name} -> {now_gpus} x {now.gpu.name}" in line


def test_what_to_add_for_more_staff_sizes_more_of_the_gpus_last_offered(
    service: AdvisorService,
) -> None:
    """QA 40: '1000 сотрудников вместо 200? что тогда докупать?' got a new build on other
    GPUs in another format and no word on what to add: it is sized on the GPUs and format the
    last answer led with, beside that answer."""
    first = service.ask(
        AskRequest(
            question="Ламу 3.1 на 70 млрд для 200 сотрудников, чат-бот по документам, что купить?"
        )
    )
    before = first.to_meet_targets
    assert before is not None
    more = service.ask(
        AskRequest(
            question="а если пользователей станет 1000 сотрудников, а не 200? что тогда докупать?",
            conversation_id=first.conversation_id,
        )
    )
    assert more.request is not None and more.sizing is not None
    assert more.request.gpu == before.gpu.id and more.request.precision == before.precision
    assert more.sizing.users > first.sizing.users if first.sizing else True
    head = more.answer.splitlines()[0]
    assert head.startswith("По сравнению с прошлым ответом")
    assert f"{before.gpu.count * before.replicas} x {before.gpu.name} ->" in head


def test_a_reasoning_distill_on_owned_gpus_leads_with_the_format_that_fits(
    service: AdvisorService,
) -> None:
    """QA 41: 'What about the 70B distill?' on 4 owned A100 40GB said only 'does not fit'
    (its assumed 4,096-token answer filled the 4,096 window, and the search for what fits
    refused the request); the lighter format on the same GPUs now leads."""
    first = service.ask(AskRequest(question="We own 4x A100 40GB. Can we run DeepSeek R1 on them?"))
    distill = service.ask(
        AskRequest(question="What about the 70B distill?", conversation_id=first.conversation_id)
    )
    assert distill.sizing is not None and not distill.sizing.fits
    assert distill.answer.startswith("**Yes, it fits on 4 x NVIDIA A100 40GB")


def test_api_or_own_holds_for_a_follow_up_on_the_volume(service: AdvisorService) -> None:
    """QA 41: 'What if it's 500 million tokens a day?' after 'API or own server?' led with
    8 x H100 NVL to buy and left a 54-month payback in the third line: the verdict leads."""
    first = service.ask(
        AskRequest(
            question="API or own server? We process about 2 million tokens a day with a 70B model."
        )
    )
    assert first.answer.startswith("**The API costs less here.**")
    more = service.ask(
        AskRequest(
            question="What if it's 500 million tokens a day?", conversation_id=first.conversation_id
        )
    )
    verdict = next(line for line in more.answer.splitlines() if line.startswith("**"))
    assert not verdict.startswith("**Recommended")


def test_a_near_miss_in_the_format_said_keeps_that_format_in_its_fixes(
    service: AdvisorService,
) -> None:
    """QA 42: 'Llama 3.3 70B in 8-bit on the same cards' (2 owned L40S, 7 users) said 'does
    not fit' next to '43.2 GB needed, the card has 48 GB', and offered only 4 bits: the
    engine's usable share is the limit, the cache holds 6 of the 7, and an FP8 cache keeps
    the 8-bit weights."""
    first = service.ask(
        AskRequest(question="We own 2x L40S. Can we run gpt-oss 120b on them for 40 devs?")
    )
    llama = service.ask(
        AskRequest(
            question="and what if we'd rather use Llama 3.3 70B in 8-bit on the same cards?",
            conversation_id=first.conversation_id,
        )
    )
    assert llama.sizing is not None and not llama.sizing.fits
    memory = llama.sizing.memory
    assert memory.usable_per_gpu_gb < memory.per_gpu_gb <= memory.capacity_per_gpu_gb
    assert f"more than the {memory.usable_per_gpu_gb:.1f} GB the engine may use" in llama.answer
    held = llama.sizing.performance.max_concurrent_users
    assert 0 < held < llama.sizing.users
    assert f"{held} of the {llama.sizing.users} users at once" in llama.answer
    cache = next(c for c in llama.make_it_fit if c.change == "kv_fp8")
    assert cache.fits and cache.request["precision"] == "int8"


def test_a_run_rented_for_a_few_dollars_leads_and_the_bought_setup_says_so(
    service: AdvisorService,
) -> None:
    """QA 42: a full fine-tune of GigaChat 20B within a month opened with '**Рекомендуем: 4 x
    RTX PRO 6000 …** покупка' and then '**Запуск выгоднее арендовать**': the rented run
    leads, and the bought setup is labelled as the one to buy instead."""
    answer = service.ask(
        AskRequest(
            question="Хотим дообучить GigaChat 20B на наших данных (полный файнтюн), датасет "
            "500 млн токенов, сроки месяц"
        )
    ).answer
    lines = answer.splitlines()
    assert lines[0].startswith("**Запуск выгоднее арендовать, чем покупать GPU:**")
    assert lines[1].startswith("**Если всё же покупать: ")
    assert "Рекомендуем" not in lines[1]


def test_a_heavier_task_than_the_gpus_said_hold_says_what_it_takes(
    service: AdvisorService,
) -> None:
    """QA 42: 'and full fine-tune instead of LoRA?' after 'QLoRA on a single RTX 4090' only
    said no GPU up to 1 holds it: what the run takes without that limit comes first."""
    first = service.ask(
        AskRequest(question="LoRA fine-tune Mistral Small 24B on 20k support tickets by Friday")
    )
    one = service.ask(
        AskRequest(
            question="what about QLoRA on a single RTX 4090?",
            conversation_id=first.conversation_id,
        )
    )
    full = service.ask(
        AskRequest(
            question="and full fine-tune instead of LoRA?", conversation_id=one.conversation_id
        )
    )
    head = full.answer.splitlines()[0]
    assert head.startswith("**It does not fit on 1 x NVIDIA GeForce RTX 4090; what it takes:**")
    assert re.search(r"\d+ x .+: \d+(\.\d+)? h", head)  # GPUs and the run's hours
    assert "RTX 4090" not in head.split("what it takes:**")[1]


def test_a_fit_that_misses_the_targets_leads_with_the_nearest_to_them(
    service: AdvisorService,
) -> None:
    """QA 42: Gemma 27B for 20 people on two owned 3090s led with GGUF, fastest per stream
    but a first token minutes away for the 20th user; AWQ, a little slow, is nearer."""
    answer = service.ask(
        AskRequest(question="гемма 27б на двух 3090, у нас они уже есть. потянет для 20 человек?")
    )
    head = answer.answer.splitlines()[0]
    assert head.startswith("**Помещается на 2 x NVIDIA GeForce RTX 3090 с весами в")
    assert "Q4_K_M" not in head
    gguf = next(c for c in answer.make_it_fit if c.change == "gguf")
    assert gguf.fits and not gguf.meets_targets  # it was there to choose, and was passed over


def test_a_longer_window_that_needs_fewer_gpus_says_why(service: AdvisorService) -> None:
    """QA 42: '500 chats with 16k context then' after a sizing at 4,096 tokens each showed
    '16 x H100 -> 8 x H100' with no word: the typical request is now shorter than the window."""
    first = service.ask(
        AskRequest(question="Llama 4 Scout for 500 concurrent customer chats — how many H100s?")
    )
    longer = service.ask(
        AskRequest(
            question="ok fine, 500 chats with 16k context then",
            conversation_id=first.conversation_id,
        )
    )
    head = longer.answer.splitlines()[0]
    assert head.startswith("Against the last answer")
    assert re.search(r"The last answer counted every user at 4,?096 tokens", head)
    assert re.search(r"full 16,?384-token window", head)


def test_pre_training_with_no_gpu_named_leads_with_the_fastest_setup(
    service: AdvisorService,
) -> None:
    """QA 42: 'pre-train a 7B on 1T tokens' led with the reference card's 2 x H100 (15,800 h)
    while the setup that matters, the fastest there is, sat below it."""
    answer = service.ask(
        AskRequest(question="Pre-training a 7B model from scratch on 1T tokens — how many GPUs?")
    )
    assert answer.sizing is not None and answer.to_meet_targets is not None
    lines = answer.answer.splitlines()
    fastest = answer.to_meet_targets
    assert f"{fastest.gpu.count * fastest.replicas} x {fastest.gpu.name}" in lines[0]
    assert lines[1].startswith("No GPU was named, and time:")
    assert "2 x NVIDIA H100 SXM5 80GB" in lines[1]


def test_a_training_run_on_gpus_asked_to_rent_is_priced_per_run(service: AdvisorService) -> None:
    """QA 42: QLoRA on one RTX 4090 within a week opened with renting it around the clock
    ($365 a month) and a dangling 'What the same GPUs can serve:'; a run is rented per run."""
    first = service.ask(
        AskRequest(
            question="LoRA fine-tune Mistral Small 24B on 20k tickets by Friday. Rent or buy?"
        )
    )
    one = service.ask(
        AskRequest(
            question="what about QLoRA on a single RTX 4090?",
            conversation_id=first.conversation_id,
        )
    )
    assert "around the clock" not in one.answer
    assert "What the same GPUs can serve" not in one.answer
    assert "Renting a run costs $" in one.answer


def test_geforce_cards_picked_to_rent_carry_no_data_centre_licence_note(
    service: AdvisorService,
) -> None:
    """QA 42: 'rent or buy?' led with four RTX 4090 as the cheapest to rent and warned that
    NVIDIA's driver licence does not cover a data centre: the rented cards are the provider's."""
    answer = service.ask(
        AskRequest(
            question="We want to fine-tune Mistral Small 24B with LoRA on 20k support tickets "
            "(~1k tokens each), need it done by Friday. What hardware, rent or buy?"
        )
    )
    assert answer.recommendation is not None
    lead = lead_option(answer.recommendation, ["rent"])
    assert lead is not None and lead.gpu.gpu_class == "gaming"
    assert "Cheapest to rent" in answer.answer
    assert "driver licence" not in answer.answer


def test_a_training_run_on_gpus_to_rent_is_priced_for_its_hours(service: AdvisorService) -> None:
    """QA 43: 'and if we rent 8x H100 instead, how fast and how much?' after QLoRA on one
    A100 gave $285,000 to buy and no rental: the run's GPU-hours at the on-demand rate."""
    first = service.ask(
        AskRequest(
            question="QLoRA on Qwen2.5 72B, 5k examples, we have a single A100 80GB. How long?"
        )
    )
    rented = service.ask(
        AskRequest(
            question="and if we rent 8x H100 instead, how fast and how much?",
            conversation_id=first.conversation_id,
        )
    )
    assert rented.sizing is not None and rented.sizing.training is not None
    assert rented.cost is not None and rented.cost.cloud_usd_per_gpu_hour is not None
    line = next(x for x in rented.answer.splitlines() if x.startswith("Rented on demand for"))
    hours = float(re.search(r"for the run instead: ([\d.]+) h", line).group(1))  # type: ignore[union-attr]
    assert math.isclose(hours, rented.sizing.training.hours, rel_tol=0.01)
    rate = rented.cost.cloud_usd_per_gpu_hour
    assert f"= ${hours * 8 * rate:,.2f}" in line


def test_fastest_money_no_object_leads_with_the_fastest_setup(service: AdvisorService) -> None:
    """QA 44: 'fastest setup you can think of, money isn't the issue' for Llama 405B got the
    cheapest INT4 box at 23 tokens/s; a reworded question got passages and no setup."""
    for question in (
        "Need llama 405b running in house. Fastest setup you can think of, money isn't the issue.",
        "Money is no object: what is the fastest possible server for Llama 3.1 405B? I want max "
        "tokens per second per user, not the cheapest option.",
    ):
        answer = service.ask(AskRequest(question=question))
        assert answer.recommendation is not None, question
        fastest = next(o for o in answer.recommendation.options if o.label == "fastest")
        others = [o for o in answer.recommendation.options if o.meets_targets]
        assert fastest.per_user_tokens_per_s == max(o.per_user_tokens_per_s for o in others)
        head = answer.answer.splitlines()[0]
        assert head.startswith("**Fastest:")
        assert f"{fastest.gpu.count * fastest.replicas} x {fastest.gpu.name}" in head


def test_a_nightly_batch_weighs_a_month_of_runs_rented_against_owning(
    service: AdvisorService,
) -> None:
    """QA 44: 200k tickets every night, 'rent for the night or buy?': the headline bought a
    4090 while the job rented cost $2 a night; the month of runs is now weighed."""
    answer = service.ask(
        AskRequest(
            question="каждую ночь надо прогнать примерно 200 тысяч обращений клиентов через "
            "модельку на 8б, чтобы раскидать по категориям. обращение в среднем на полстраницы. "
            "что выгоднее — арендовать гпу на ночь или купить свой?"
        )
    )
    assert answer.recommendation is not None
    lead = lead_option(answer.recommendation, ["rent"])
    assert lead is not None and lead.cost.batch_runs_per_month == 22.0
    cost = lead.cost
    assert cost.batch_rent_usd is not None and cost.batch_rent_monthly_usd is not None
    assert math.isclose(cost.batch_rent_monthly_usd, cost.batch_rent_usd * 22, abs_tol=1)
    line = next(x for x in answer.answer.splitlines() if x.startswith("**Запусков в месяц: 22"))
    if cost.batch_rent_break_even_months is None:  # renting costs less than running one's own
        assert cost.batch_rent_monthly_usd <= cost.monthly_usd
        assert "выгоднее аренда" in line
    else:
        assert f"окупится за {cost.batch_rent_break_even_months:g}" in line


def test_autocomplete_sizes_only_models_that_fill_in_the_middle(service: AdvisorService) -> None:
    """QA 44: 'a coding assistant (autocomplete + chat)' was sized on gpt-oss-20b, which cannot
    complete code between a prefix and a suffix."""
    answer = service.ask(
        AskRequest(
            question="We'd like a self-hosted coding assistant (autocomplete + chat) for our 80 "
            "developers. What hardware should we get and roughly what does it cost?"
        )
    )
    assert answer.recommendation is not None
    catalog = service.catalog
    models = {o.model for o in answer.recommendation.options}
    assert models and all(catalog.suitability[m].fill_in_middle for m in models)
    assert "fill-in-the-middle" in answer.answer


def test_models_compared_where_none_meets_the_goal_take_the_nearest(
    service: AdvisorService,
) -> None:
    """QA 44: Gemma 3 27B (first token 2.6 s against 2 s) against Qwen2.5 32B (memory for 1
    of 5 users) on one 4090: it took Qwen for its tier, and 'see below' pointed nowhere."""
    answer = service.ask(
        AskRequest(
            question="gemma 3 27b vs qwen 2.5 32b on a single rtx 4090 — which one fits better "
            "for a small team RAG bot?"
        )
    )
    assert "see below" not in answer.answer
    assert "memory for 1 user at once against 5" in answer.answer
    assert "For this goal I would take Gemma 3 27B IT: none meets the goal" in answer.answer


def test_a_long_window_for_whole_documents_counts_users_at_the_window(
    service: AdvisorService,
) -> None:
    """QA 44: '128k, to put whole contracts in' on 4 x A100 40GB said memory for 122 users (of
    1k-token requests) and nothing of the 45 s before a first token."""
    first = service.ask(
        AskRequest(
            question="у нас уже стоят 4 штуки A100 по 40 гигов. Потянем на них ламу 70б для "
            "внутреннего ассистента?"
        )
    )
    long = service.ask(
        AskRequest(
            question="а если нужен контекст 128к, чтобы целиком договоры закидывать?",
            conversation_id=first.conversation_id,
        )
    )
    head = long.answer.splitlines()[0]
    assert "(памяти хватит на 1)" in head
    assert re.search(r"ждёт первый токен \d+ с", head)


def test_a_vendor_bank_is_no_bank_customer(service: AdvisorService) -> None:
    """QA 44: 'T-pro 2.0 от Т-Банка' read the customer as a bank: a server room, no GeForce."""
    first = service.ask(
        AskRequest(
            question="бюджет 3 млн рублей. хотим поднять квен3 30б а3б для поддержки клиентов, "
            "хватит денег?"
        )
    )
    other = service.ask(
        AskRequest(
            question="а если вместо неё взять т-про 2.0 от т-банка?",
            conversation_id=first.conversation_id,
        )
    )
    assert other.recommendation is not None
    assert not other.recommendation.goal.get("datacenter")
    assert "Для ЦОДа" not in other.answer


def test_owned_gpus_too_slow_say_so_first_and_the_nearest_format_on_them(
    service: AdvisorService,
) -> None:
    """QA 43: 4 x RTX 6000 Ada for 200 staff opened 'Yes, one server is enough' and offered 16
    GPUs first, never a lighter format on the four owned."""
    answer = service.ask(
        AskRequest(
            question="We have 4x RTX 6000 Ada in one box. Can we serve Llama 3.3 70B to 200 "
            "employees with 8k context?"
        )
    )
    lines = answer.answer.splitlines()
    assert lines[0].startswith("**One server holds it, but not at the speed")
    at = next(
        i for i, x in enumerate(lines) if x.endswith("The nearest on the GPUs you have, as many:")
    )
    assert "16 GPUs" not in lines[at + 1] and "8 GPUs" not in lines[at + 1]
    assert lines[at + 2] == "What meets it in full:"


def test_users_held_where_even_one_misses_the_targets(service: AdvisorService) -> None:
    """'How many users?' where one user already misses the targets: said, with what memory
    alone would hold, instead of nothing."""
    first = service.ask(
        AskRequest(question="llama 3.1 405b on 4x RTX PRO 6000 in int4 with 32k context each")
    )
    held = service.ask(
        AskRequest(
            question="how many concurrent users could that handle at 30 tokens/s each?",
            conversation_id=first.conversation_id,
        )
    )
    assert held.sizing is not None and held.sizing.fits
    line = held.answer.splitlines()[1]
    assert "misses the targets even for one user" in line
    assert f"its memory holds up to {held.sizing.performance.max_concurrent_users}" in line


def test_a_pre_training_follow_up_keeps_the_run_and_the_count_said(
    service: AdvisorService,
) -> None:
    """QA 45: 'и сколько по времени на 16 штуках?' answered for 32 A100s, and 'обучение на 16'
    turned pre-training into LoRA on one A100."""
    first = service.ask(
        AskRequest(
            question="Хотим обучить с нуля свою модель на 3 млрд параметров, корпус 100 млрд "
            "токенов. Сколько GPU и сколько времени это займёт?"
        )
    )
    for question in (
        "а сколько в долларах выйдет аренда, если делать на A100? и сколько по времени на 16 "
        "штуках?",
        "у нас будет ровно 16 штук A100 80GB. Сколько дней займёт обучение на 16?",
    ):
        answer = service.ask(AskRequest(question=question, conversation_id=first.conversation_id))
        assert answer.sizing is not None and answer.sizing.training is not None, question
        assert answer.sizing.task == "pretrain"
        assert answer.sizing.gpu.count == 16 and answer.sizing.gpu.id == "a100-80gb"


def test_a_training_follow_up_on_owned_gpus_keeps_its_task(service: AdvisorService) -> None:
    """QA 47: 'how long would the 7B run take on that?' after pre-training was sized as
    inference ('run'); 'сколько займёт это обучение 70B?' after a full fine-tune became LoRA."""
    pretrain = service.ask(
        AskRequest(question="We want to pre-train a 7B model from scratch on 1 trillion tokens.")
    )
    owned = service.ask(
        AskRequest(
            question="We only have 8 H100s (one HGX box). How long would the 7B run take on that?",
            conversation_id=pretrain.conversation_id,
        )
    )
    assert owned.sizing is not None and owned.sizing.task == "pretrain"
    assert owned.sizing.gpu.count == 8 and owned.sizing.training is not None
    full = service.ask(
        AskRequest(
            question="Хотим полностью дообучить (full fine-tune) ламу 3 70B на 2 млрд токенов"
        )
    )
    server = service.ask(
        AskRequest(
            question="У нас есть только один сервер 8xH100. Сколько времени займёт это "
            "обучение 70B на нём?",
            conversation_id=full.conversation_id,
        )
    )
    assert server.sizing is not None and server.sizing.task == "full"
    serve = service.ask(
        AskRequest(
            question="and if we run the 7B for 50 users, how many GPUs would that take?",
            conversation_id=pretrain.conversation_id,
        )
    )
    assert serve.sizing is not None and serve.sizing.task == "inference"


def test_rent_against_buying_after_a_sizing_weighs_the_gpus_it_sized(
    service: AdvisorService,
) -> None:
    """QA 47 T32: 'cost per month in the cloud versus buying, 24/7 for two years' after 8 x
    H100 for Llama 405B answered with 4 x B200 over three years and no verdict."""
    sized = service.ask(
        AskRequest(
            question="How many H100s do we need to serve Llama 3.1 405B in FP8 with 16k context "
            "for 20 concurrent users?"
        )
    )
    assert sized.sizing is not None and sized.sizing.gpu.count == 8
    weighed = service.ask(
        AskRequest(
            question="What would that cost per month in the cloud versus buying it, if we run it "
            "24/7 for two years?",
            conversation_id=sized.conversation_id,
        )
    ).answer
    assert weighed.startswith("**Buying is cheaper at 730 h a month (100% of the time) for 24")
    assert "8 x NVIDIA H100 SXM5 80GB" in weighed.splitlines()[0]
    assert "strongest catalog model" not in weighed  # the model is the one sized


def test_rent_or_buy_with_the_gpus_between_is_weighed_over_the_span(
    service: AdvisorService,
) -> None:
    """QA 47 T14: 'арендовать сервер 8xH100 или купить? … круглосуточная, минимум на год' got a
    pilot for 5 users and a payback for one H100 PCIe."""
    answer = service.ask(
        AskRequest(
            question="Что выгоднее: арендовать сервер 8xH100 или купить? Загрузка будет "
            "круглосуточная, минимум на год."
        )
    ).answer
    assert answer.startswith("**Аренда дешевле при 730 ч в месяц (100% времени) на 12 мес.")


def test_each_request_filling_the_context_reprices_the_goal(service: AdvisorService) -> None:
    """QA 47 T03, X1: 'нужен контекст 32к. Что меняется?' after a goal got glossary passages;
    'на каждый запрос нужно 32к' still sized 4k prompts."""
    goal = service.ask(
        AskRequest(
            question="Хотим сделать чат-бот по внутренним документам на 200 сотрудников, модель "
            "хотим ламу 3 на 70 млрд. Какой сервер нужен и сколько он будет стоить?"
        )
    )
    window = service.ask(
        AskRequest(
            question="Документы у нас длинные, нужен контекст 32к. Что меняется?",
            conversation_id=goal.conversation_id,
        )
    )
    assert window.recommendation is not None
    assert window.recommendation.goal["context"] == 32768
    each = service.ask(
        AskRequest(
            question="Пересчитайте сервер с учётом того, что на каждый запрос нужно 32к токенов "
            "контекста",
            conversation_id=goal.conversation_id,
        )
    )
    assert each.recommendation is not None
    assert (
        each.recommendation.workload.input_tokens + each.recommendation.workload.output_tokens
        == 32768
    )


def test_a_round_the_clock_document_batch_has_no_office_peak(service: AdvisorService) -> None:
    """QA 47 X3: '2 billion tokens per day … 24/7 batch processing of documents' was sized as
    chat over 8 busy hours at twice the mean: 1,845 users at once, $750,000."""
    answer = service.ask(
        AskRequest(
            question="We need to process 2 billion tokens per day with Llama 3.3 70B, 24/7 batch "
            "processing of documents (mostly input, short outputs), nobody waits for answers "
            "interactively. What hardware?"
        )
    )
    assert answer.request is not None and answer.request.users < 500
    assert "4,096 tokens in and 512 out" in answer.answer


def test_gaming_cards_chosen_for_contracts_are_priced_as_an_office_machine(
    service: AdvisorService,
) -> None:
    """QA 47 T15: 'поставим 2 шт RTX 3090' for contracts priced one used 3090 at 1,083,750 ₽
    in a rack server, beside 'карты GeForce не рассматриваются'."""
    answer = service.ask(
        AskRequest(
            question="Нужна модель для разбора договоров (вытащить стороны, суммы, сроки). "
            "Поставим 2 шт RTX 3090. Какую LLM взять и потянут ли?"
        )
    )
    assert answer.recommendation is not None and not answer.recommendation.server_room
    assert "GeForce не рассматриваются" not in answer.answer
    lead = answer.recommendation.options[0]
    assert lead.gpu.id == "rtx-3090" and lead.cost.capex_usd < 6_000


def test_a_fine_tune_after_long_chats_trains_on_its_own_sequences(
    service: AdvisorService,
) -> None:
    """QA 47 T19: 'could we fine-tune the 70B on these same 4 cards?' after 128k chats kept
    the 128k window as the training's sequence: 373 GB of activations a GPU."""
    first = service.ask(
        AskRequest(question="We own 4x A100 40GB. Llama 3.3 70B for 30 support agents?")
    )
    service.ask(
        AskRequest(
            question="What if we want the full 128k context?",
            conversation_id=first.conversation_id,
        )
    )
    tune = service.ask(
        AskRequest(
            question="And could we fine-tune the 70B on these same 4 cards? We have about 5,000 "
            "example tickets.",
            conversation_id=first.conversation_id,
        )
    )
    assert tune.sizing is not None and tune.sizing.training is not None
    assert tune.sizing.context < 131072


def test_a_sizing_after_a_goal_is_of_the_setup_it_led_with(service: AdvisorService) -> None:
    """QA 47 T23: 'how is the model split across those 6 GPUs?' after R1 on 6 x A100 80GB in
    INT4 sized 6 H100 in FP8 ('does not fit') for one user; the answer's time is said."""
    goal = service.ask(
        AskRequest(
            question="What's the cheapest way to run the full DeepSeek R1 (not a distill) "
            "in-house for about 10 users?"
        )
    )
    assert goal.recommendation is not None
    lead = lead_option(goal.recommendation, ["cheapest"])
    assert lead is not None
    count = lead.gpu.count * lead.replicas  # 6 x A100 when QA 47 asked
    split = service.ask(
        AskRequest(
            question="How long will a typical answer take per user, given R1 thinks a lot before "
            f"answering? And how is the model split across those {count} GPUs?",
            conversation_id=goal.conversation_id,
        )
    )
    assert split.sizing is not None and split.sizing.fits
    assert (split.sizing.gpu.id, split.sizing.precision) == (lead.gpu.id, lead.precision)
    assert split.sizing.users == goal.recommendation.workload.concurrency
    seconds = round(split.sizing.performance.request_s)
    assert f"takes about {seconds} s from the question to its last token" in split.answer


def test_a_one_off_pre_training_run_says_renting_it_first(service: AdvisorService) -> None:
    """QA 47 T24: '16 x RTX 6000 Ada … $172,800' led a 1B pre-training with its $3,432 rent
    two lines below and no verdict."""
    answer = service.ask(
        AskRequest(
            question="We want to pre-train a 1B-parameter model from scratch on 100B tokens. "
            "How many GPUs and how long will it take?"
        )
    ).answer
    head = answer.splitlines()[:4]
    assert any(line.startswith(("Renting a run costs", "**Rent")) for line in head), head


def test_as_many_named_cards_in_a_lighter_format_lead_when_they_serve_the_users(
    service: AdvisorService,
) -> None:
    """QA 47 T28: 'same thing on L40S?' led with 4 x L40S in BF16 at 14.2 tokens/s, the 4 in
    FP8 that serve 100 users under it."""
    answer = service.ask(
        AskRequest(
            question="Mixtral 8x7B in production for 100 concurrent users with 8k context on "
            "L40S. How many?"
        )
    ).answer.splitlines()
    assert answer[0].startswith("**Mixtral 8x7B Instruct v0.1, inference, ")
    assert answer[0].split(":")[1].startswith(" 4 x NVIDIA L40S**")  # as many, not BF16's
    assert " BF16:" not in answer[0]
    assert answer[1].startswith("4 x NVIDIA L40S holds the model in BF16, but at 100 users")


def test_a_russian_goal_is_weighed_against_an_api_sold_in_roubles(
    service: AdvisorService,
) -> None:
    """QA 47 T04: a Russian company was told gpt-4.1-mini would cost less; the API it can buy
    is GigaChat's or YandexGPT's. The same goal in English keeps OpenAI's."""
    ru = service.ask(
        AskRequest(question="Чат-бот на T-pro 2.0 для 200 сотрудников. Сколько стоит?")
    )
    en = service.ask(
        AskRequest(question="A chatbot on T-pro 2.0 for 200 staff. What does it cost?")
    )
    assert ru.recommendation is not None and en.recommendation is not None
    ru_api = lead_option(ru.recommendation).cost.api_name or ""  # T-pro has no hosted API
    assert ru_api.startswith(("gigachat", "yandexgpt")) and ru_api in ru.answer
    assert (lead_option(en.recommendation).cost.api_name or "").startswith(("gpt", "deepseek"))


def test_more_of_the_owned_cards_said_as_a_total_or_as_more(service: AdvisorService) -> None:
    """QA 48 T18: 'what if we buy 4 more of the same cards, 8 total?' after 4 owned A100s got
    knowledge-base passages."""
    for question in (
        "What if we buy 4 more of the same cards, 8 total?",
        "what if we buy 4 more of the same cards?",
        "а если докупить ещё 4 таких?",
    ):
        first = service.ask(
            AskRequest(
                question="We own 4x A100 40GB. What's the biggest model we can serve for ~50 "
                "internal users?"
            )
        )
        more = service.ask(AskRequest(question=question, conversation_id=first.conversation_id))
        assert more.recommendation is not None, question
        assert more.recommendation.goal["owned"] == {"gpu": "a100-40gb", "count": 8}, question


def test_a_vendors_api_named_after_a_goal_is_its_hosted_api_not_its_open_model(
    service: AdvisorService,
) -> None:
    """QA 48 T03: 'может проще через API, YandexGPT или GigaChat?' after Llama 70B for 200 staff
    sized the open YandexGPT 5 Lite 8B on one GPU and compared it as a model."""
    first = service.ask(
        AskRequest(
            question="Чат-бот по внутренним документам для 200 сотрудников на ламе 3 70 млрд. "
            "Сколько стоит?"
        )
    )
    api = service.ask(
        AskRequest(
            question="А может проще через API, YandexGPT или GigaChat? Сравни стоимость за год.",
            conversation_id=first.conversation_id,
        )
    )
    assert api.recommendation is not None
    goal = api.recommendation.goal
    assert goal["model"] == "llama-3-70b"
    assert str(goal.get("api_model", "")).startswith(("yandexgpt", "gigachat"))
    open_model = service.ask(
        AskRequest(question="YandexGPT 5 Lite 8B на своём сервере для 20 человек, сколько GPU?")
    )
    assert open_model.request is not None and open_model.request.model == "yandexgpt-5-lite-8b"


def test_a_monthly_batch_with_no_deadline_is_a_recurring_job(service: AdvisorService) -> None:
    """QA 45: 'раз в месяц ... 2 млн документов: купить или арендовать?' was weighed 'for a
    one-off job'."""
    answer = service.ask(
        AskRequest(
            question="раз в месяц надо прогонять через суммаризацию около 2 млн документов (в "
            "среднем по 2 тыс. токенов), модель лама 8б. Что выгоднее — купить сервер или "
            "арендовать?"
        )
    )
    assert "разов" not in answer.answer
    assert "**Запусков в месяц: 1," in answer.answer


def test_autocomplete_asked_again_with_a_size_takes_a_coder_of_that_size(
    service: AdvisorService,
) -> None:
    """QA 45: 'автодополнение ... модель посильнее, 32B плотную?' sized Qwen3 32B, which
    cannot fill in the middle."""
    first = service.ask(
        AskRequest(
            question="Нужен локальный помощник программиста типа копайлота для 40 разработчиков "
            "— автодополнение и чат по коду. Какую модель взять и какое железо?"
        )
    )
    stronger = service.ask(
        AskRequest(
            question="а если брать 4090-е, сколько их надо, чтобы автодополнение не тормозило? и "
            "можно ли модель посильнее, 32B плотную?",
            conversation_id=first.conversation_id,
        )
    )
    assert stronger.recommendation is not None
    lead = lead_option(stronger.recommendation)
    assert lead is not None and service.catalog.suitability[lead.model].fill_in_middle


def test_one_box_that_holds_the_model_in_4_bits_is_no_plain_no(service: AdvisorService) -> None:
    """QA 45: 4 x A100 40GB 'in one box' for Llama 3.3 70B opened 'No, one server is not
    enough' above its own INT4 setup for all 60 users."""
    answer = service.ask(
        AskRequest(
            question="We already own 4x A100 40GB in one box (NVLink). Can we serve Llama 3.3 "
            "70B to about 60 concurrent users on it?"
        )
    )
    head = answer.answer.splitlines()[0]
    assert not head.startswith("**No, one server is not enough")
    assert head.startswith("**It fits 4 x NVIDIA A100 40GB SXM4 with the weights in")


def test_fp8_on_a_gpu_without_fp8_tensor_cores_is_said_weight_only(
    service: AdvisorService,
) -> None:
    """QA 45: '10 x A100 80GB PCIe with DeepSeek-V3 in FP8' and 'RTX 3090 ... FP8' in option
    lists with no word that these cards store FP8 weights but compute in 16 bits."""
    first = service.ask(
        AskRequest(
            question="does DeepSeek V3 fit on a single 8x H100 box? we'd like to keep the "
            "official FP8 weights"
        )
    )
    cheapest = service.ask(
        AskRequest(
            question="ok give me the price of the cheapest setup that runs it in FP8 in rubles, "
            "and compare with renting it",
            conversation_id=first.conversation_id,
        )
    )
    assert cheapest.recommendation is not None
    for option in cheapest.recommendation.options:
        gpu = service.catalog.gpus[option.gpu.id]
        assert option.gpu.fp8_compute is (gpu.tflops.fp8 is not None)
    head = cheapest.answer.splitlines()[0]
    lead = next(
        o
        for o in cheapest.recommendation.options
        if f"{o.gpu.count * o.replicas} x {o.gpu.name}**" in head
    )
    weight_only = "FP8 (weight-only: no FP8 tensor cores, computed in 16 bits)"
    assert (weight_only in head) is (lead.precision == "fp8" and not lead.gpu.fp8_compute)


def test_the_fastest_setup_stays_the_lead_when_renting_it_is_asked(
    service: AdvisorService,
) -> None:
    """QA 45: 'and what would that same setup cost to rent?' after the fastest setup answered
    for the cheapest one (2 x H100 at 22.7 tokens/s)."""
    first = service.ask(
        AskRequest(
            question="We want the fastest possible setup for Qwen3-235B-A22B, latency is what "
            "matters, budget is not an issue. About 30 concurrent users. What hardware?"
        )
    )
    rented = service.ask(
        AskRequest(
            question="and what would that same setup cost to rent per month vs buying "
            "outright? we'd run it 24/7",
            conversation_id=first.conversation_id,
        )
    )
    assert rented.recommendation is not None
    lines = rented.answer.splitlines()
    if "has no public on-demand rate" in lines[0]:  # the last lead is not rented by the hour
        lines = lines[1:]
    assert lines[0].startswith("**Fastest:")
    assert "Renting the same GPUs" in rented.answer


def test_fine_tuning_another_model_after_pre_training_is_fine_tuning(
    service: AdvisorService,
) -> None:
    """Review of QA 45: after a pre-training question, 'дообучить готовую Qwen2.5 7B' must not
    inherit pre-training."""
    first = service.ask(
        AskRequest(
            question="Хотим обучить с нуля свою модель на 3 млрд параметров, корпус 100 млрд "
            "токенов. Сколько GPU и сколько времени это займёт?"
        )
    )
    other = service.ask(
        AskRequest(
            question="А если вместо этого дообучить готовую Qwen2.5 7B на 8 A100?",
            conversation_id=first.conversation_id,
        )
    )
    assert other.sizing is not None and other.sizing.task != "pretrain"


def test_a_count_of_them_after_a_sizing_is_that_many_gpus(service: AdvisorService) -> None:
    """QA 46: 'and if we had 2 of them?' after one L40S repeated the one-card answer."""
    first = service.ask(
        AskRequest(question="qwen3 14b on one L40S for 10 users, 8k context: enough?")
    )
    two = service.ask(
        AskRequest(question="and if we had 2 of them?", conversation_id=first.conversation_id)
    )
    assert two.sizing is not None and two.sizing.gpu.count == 2
    assert two.sizing.gpu.id == "l40s"


def test_the_closest_setup_is_sized_near_what_it_holds(service: AdvisorService) -> None:
    """QA 46: 'YandexGPT 5 Lite instead, is one card enough?' for 2,000 staff led '1 user at
    once (room for 139)' at 209 tokens/s: the closest setup is sized at about what it holds."""
    first = service.ask(
        AskRequest(
            question="Хотим сделать чат-бота по нашим внутренним документам (регламенты, "
            "договоры) для 300 сотрудников. Какую модель брать и какое железо нужно? Бюджет до 5 "
            "млн рублей"
        )
    )
    more = service.ask(
        AskRequest(
            question="а если пользователей будет 2000?", conversation_id=first.conversation_id
        )
    )
    one = service.ask(
        AskRequest(
            question="а если вместо этого взять YandexGPT 5 Lite, одной карты хватит? и сколько "
            "будет аренда в месяц в рублях",
            conversation_id=more.conversation_id,
        )
    )
    assert one.recommendation is not None
    closest = [o for o in one.recommendation.options if o.label == "closest"]
    assert closest
    for option in closest:
        held = option.users_per_replica * option.replicas
        assert held >= 0.8 * min(
            option.max_concurrent_users, one.recommendation.workload.concurrency
        )


def test_a_russian_buyer_weighed_against_a_foreign_api_hears_of_152_fz(
    service: AdvisorService,
) -> None:
    """QA 47 (T04): a foreign API was weighed for a Russian company with no word that personal
    data sent to it is a cross-border transfer under 152-FZ; a Russian API needs no such line,
    and an English answer (whose buyer may be anywhere) does not carry it."""
    law = "152-ФЗ"
    foreign = service.ask(
        AskRequest(question="самый дешёвый способ запустить Llama 3.1 8B для 20 пользователей?")
    )
    lead = lead_option(foreign.recommendation, ["cheapest"]) if foreign.recommendation else None
    assert lead is not None and not lead.cost.api_in_russia
    assert law in foreign.answer
    russian = service.ask(
        AskRequest(
            question="чат-бот для поддержки клиентов банка, 50 одновременных диалогов, что "
            "лучше: API или свой сервер?"
        )
    )
    lead = lead_option(russian.recommendation) if russian.recommendation else None
    assert lead is not None and lead.cost.api_in_russia and law not in russian.answer
    english = service.ask(AskRequest(question="Cheapest way to run Llama 3.1 8B for 20 users?"))
    assert "152-FZ" not in english.answer


def test_contracts_longer_than_the_model_named_reads_are_answered_by_retrieval(
    service: AdvisorService,
) -> None:
    """150k-token contracts on Llama 3.3 70B (131,072 positions) were sized beyond its window
    (QA 46's wording): the same model reading retrieved passages leads, the window said."""
    response = service.ask(
        AskRequest(
            question="we want to feed entire 150k-token contracts to Llama 3.3 70B, with 5 "
            "lawyers using it at the same time. What do we need?"
        )
    )
    assert response.answer.startswith("Llama 3.3 70B Instruct does not read documents this long")
    assert "reads at most 131,072 tokens at once" in response.answer


def test_documents_longer_than_the_model_named_reads_are_answered_by_retrieval(
    service: AdvisorService,
) -> None:
    """QA 49 (T01): 150-page contracts (165,000 tokens) were sized on Llama 3 70B, which reads
    8,192: the search sizes nothing it cannot read, says why, and the answer leads with the
    same model reading retrieved passages."""
    response = service.ask(
        AskRequest(
            question="Мы юридическая фирма, 15 юристов. Хотим загружать договоры по 100-150 "
            "страниц и задавать по ним вопросы. Думали поставить ламу 3 на 70 млрд у себя в "
            "офисе. Какой сервер нужен?"
        )
    )
    assert response.answer.startswith("Llama 3 70B Instruct не прочтёт такие документы целиком")
    assert re.search(r"Llama 3 70B Instruct читает не больше 8\s192 токенов", response.answer)
    result = recommend_deployment(
        {"model": "llama-3-70b", "headcount": 15, "document_words": 75_000, "language": "ru"},
        service.catalog,
    )
    short = next(n for n in result.unmet_i18n if n.code is M.UNMET_MODEL_CONTEXT_TOO_LONG)
    assert short.params["longest"] == 8192 and short.params["context"] > 8192
    assert not result.options
    assert not result.make_it_fit  # no format makes a model read past its window


def test_a_voice_bot_with_a_model_size_gets_its_speech_cards(service: AdvisorService) -> None:
    """QA 49, T11: 'до 100 звонков, распознавание -> LLM -> синтез, модели уровня 8B хватит'
    sized one model, with no word on the speech recognition and synthesis asked about, and
    called 100 calls 'the peak of an organisation of 1,000 staff'."""
    answer = service.ask(
        AskRequest(
            question="Делаем голосового бота для колл-центра: до 100 звонков одновременно, "
            "распознавание речи -> LLM -> синтез голоса. Модель хватит уровня 8B. Сколько и "
            "каких GPU нужно?"
        )
    )
    result = answer.recommendation
    assert result is not None
    assert result.transcription_i18n is not None and result.synthesis_i18n is not None
    assert result.transcription_i18n.render("ru") in answer.answer
    assert result.synthesis_i18n.render("ru") in answer.answer
    assert "нагрузка колл-центра" in answer.answer and "сотрудников" not in answer.answer


def test_a_company_of_many_with_a_volume_each_is_named_by_its_staff(
    service: AdvisorService,
) -> None:
    """QA 49, T05: 'An organisation of 0 staff runs its servers in a server room'."""
    answer = service.ask(
        AskRequest(
            question="We have 1,500 people, each sends about 50 questions a day to an internal "
            "chatbot. What hardware do we need?"
        )
    )
    assert answer.recommendation is not None
    assert "organisation of 0 staff" not in answer.answer
    assert any("1,500 staff" in line for line in answer.recommendation.assumptions)


def test_a_last_pick_the_new_search_cannot_take_is_not_offered_again(
    service: AdvisorService,
) -> None:
    """QA 49, T14: after DeepSeek-R1 on 8 x RTX PRO 6000, 'would renting be smarter than
    buying?' led with 12 x A100 ($272,000) under 'the last pick still serves this load; below
    is what it needs at the least': renting asked, only GPUs rented by the hour are searched,
    and the PRO 6000 is none of them."""
    first = service.ask(
        AskRequest(
            question="We want the strongest reasoning model we can self-host for ~20 engineers. "
            "No distilled models, and no quantization. What do we need to buy?"
        )
    )
    assert first.recommendation is not None
    then = service.ask(
        AskRequest(
            question="We mean the full DeepSeek-R1 at its published precision. What does that "
            "take, and would renting be smarter than buying?",
            conversation_id=first.conversation_id,
        )
    )
    assert then.recommendation is not None
    assert "still serves this load" not in then.answer
    goal = then.recommendation.goal
    assert goal.get("stronger_than") is None and goal.get("model") == "deepseek-r1"


def test_electricity_at_the_customers_price_is_said_a_year(service: AdvisorService) -> None:
    """QA 50, T26: 'электричество за год … тариф 9 рублей за кВт·ч' got the recommendation
    again with power, space and upkeep in one monthly figure; the year's electricity alone
    is power at full load x PUE around the clock at their price."""
    first = service.ask(
        AskRequest(question="Бюджет 10 млн рублей, чат для 50 юристов. Что купить?")
    )
    then = service.ask(
        AskRequest(
            question="Сколько будет стоить электричество за год, если сервер работает "
            "круглосуточно? У нас тариф около 9 рублей за кВт·ч.",
            conversation_id=first.conversation_id,
        )
    )
    result = then.recommendation
    assert result is not None
    lead = lead_option(result)
    assert lead is not None and lead.cost_rub.power_per_year is not None
    pue = service.catalog.prices.running.pue
    expected = lead.cost.power_kw * pue * 24 * 365 * 9  # roubles: kW x PUE x hours x price
    assert abs(lead.cost_rub.power_per_year - expected) <= 0.01 * expected
    assert "Только электричество" in then.answer
    assert "Только электричество" not in first.answer  # no price per kWh given


def test_better_value_for_a_load_is_the_price_of_what_it_streams(service: AdvisorService) -> None:
    """QA 50, T21: 'H200 or B200, which is better value?' for 1,000 users named 24 x H200 at
    0.9 tokens/s each over B200 at 6.1 for 9% more: value was the price per user its memory
    holds. For a load it is the price per token/s the setup streams to those users."""
    first = service.ask(
        AskRequest(
            question="We need Llama 3.1 70B for about 1000 concurrent users with 8k context "
            "each. How many H100s?"
        )
    )
    then = service.ask(
        AskRequest(
            question="What about H200 or B200 instead — how many of those, and which is better "
            "value?",
            conversation_id=first.conversation_id,
        )
    )
    verdict = [line for line in then.answer.splitlines() if line.startswith("Better value")]
    assert verdict and "B200" in verdict[0] and "for 1000 users at once" in verdict[0]
