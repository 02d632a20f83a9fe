"""One's own machine: its CPU with its RAM (or a server CPU), or one gaming card in it."""

from __future__ import annotations

import pytest

from advisor.agent.offline.reader import Reader
from advisor.agent.service import AdvisorService
from advisor.catalog.loader import Catalog
from advisor.recommend import RecommendRequest, recommend
from advisor.services.protocol import AskRequest
from advisor.services.sizing import size_deployment


@pytest.mark.parametrize(
    ("question", "gpu", "ram", "owned"),
    [
        ("can i skip the gpu and just use my cpu? 32gb ram", "cpu-desktop", 32.0, True),
        ("можно ли gemma 2 9b на процессоре, у меня 32 гб оперативки", "cpu-desktop", 32.0, True),
        ("мистраль 7б без видеокарты на ноуте с 16 гигами оперативки", "cpu-desktop", 16.0, True),
        ("qwen3 8b on the cpu", "cpu-server", None, False),
        ("deepseek r1 on cpu only, 768gb ram server", "cpu-server", 768.0, False),
    ],
)
def test_a_cpu_is_a_desktop_when_it_is_ones_own(
    reader: Reader, question: str, gpu: str, ram: float | None, owned: bool
) -> None:
    said = reader.read(question).said
    assert (said.gpu, said.host_memory_gb, said.owned) == (gpu, ram, owned)


@pytest.mark.parametrize(
    ("question", "bandwidth"),
    [
        ("mistral 7b on my cpu, 64gb ddr5-6000", 96.0),  # 2 x 6000 x 8
        ("llama 3 8b on my laptop without a gpu, 16 gb ddr4 3200", 51.2),
        ("qwen3 32b без видеокарты на сервере, 12 каналов ddr5 4800", 460.8),
    ],
)
def test_the_ram_speed_said_is_its_bandwidth_and_no_rtx_6000(
    reader: Reader, question: str, bandwidth: float
) -> None:
    reading = reader.read(question)
    assert reading.said.host_memory_bandwidth_gb_s == bandwidth
    assert reading.said.gpu in ("cpu-desktop", "cpu-server")  # "6000" is no RTX 6000
    assert reading.request is not None
    assert reading.request["host_memory_bandwidth_gb_s"] == bandwidth


def test_my_cpu_after_a_goal_sizes_its_model_there(service: AdvisorService) -> None:
    """'Can I skip the GPU?' after the cheapest way to run Gemma at home: the same model and
    requests on the desktop's CPU in its 32 GB, in 4-bit GGUF, owned, with no server to buy."""
    first = service.ask(
        AskRequest(question="whats the cheapest way to run gemma 2 9b at home for tinkering")
    )
    cpu = service.ask(
        AskRequest(
            question="can i skip the gpu and just use my cpu? 32gb ram",
            conversation_id=first.conversation_id,
        )
    )
    assert cpu.sizing is not None and cpu.request is not None
    assert (cpu.request.model, cpu.request.gpu, cpu.request.host_memory_gb) == (
        "gemma-2-9b",
        "cpu-desktop",
        32.0,
    )
    assert cpu.request.precision == "q4_k_m" and cpu.request.engine == "llama.cpp"
    assert cpu.request.users == 1
    assert cpu.sizing.fits and cpu.sizing.memory.capacity_per_gpu_gb == 32
    assert "Your own computer: nothing to buy" in cpu.answer
    assert "Besides the GPUs" not in cpu.answer  # no server around one's own PC


def test_a_desktop_cpu_answer_in_russian_names_the_ram(service: AdvisorService) -> None:
    answer = service.ask(
        AskRequest(
            question="можно ли запустить gemma 2 9b на моём процессоре, у меня 32 гб оперативки"
        )
    ).answer
    assert "Занято ОЗУ" in answer and "из 32 ГБ" in answer
    assert "без GPU" in answer.splitlines()[0]
    assert "Ваш компьютер: покупать ничего не нужно" in answer


def test_will_it_fit_my_3060_leads_with_the_gguf_that_fits_it(service: AdvisorService) -> None:
    """An RTX 3060 12GB is in the catalog; Qwen3 14B does not fit it in BF16 or in AWQ (its
    16-bit embeddings), and Ollama's Q4_K_M does: that is the first line."""
    answer = service.ask(AskRequest(question="will qwen3 14b fit on my 3060 12gb?")).answer
    assert answer.startswith(
        "**It fits 1 x NVIDIA GeForce RTX 3060 12GB with the weights in Q4_K_M"
    )


def test_a_home_pc_with_a_5090_is_one_owned_card_for_one_person(reader: Reader) -> None:
    reading = reader.read(
        "хочу на домашний комп с 5090 поставить что-нибудь умное для кодинга. что влезет?"
    )
    assert reading.goal is not None
    assert reading.goal["owned"] == {"gpu": "rtx-5090", "count": 1}
    assert reading.goal["users"] == 1


def test_a_mixture_too_big_for_one_gaming_card_runs_with_its_experts_in_ram(
    service: AdvisorService, catalog: Catalog
) -> None:
    """ "Mixtral 8x7B on my 3090" was told to buy six (QA 36): its Q4_K_M (26 GB) does not
    fit 24 GB either, but llama.cpp keeps the experts of a few layers in system RAM
    (--n-cpu-moe): the fewest layers that let the rest fit, their RAM, and the speed."""
    response = service.ask(
        AskRequest(question="can i run mixtral 8x7b on my gaming pc? got a 3090")
    )
    assert response.answer.startswith(
        "**It runs on 1 x NVIDIA GeForce RTX 3090 in llama.cpp with 4-bit GGUF weights"
    )
    in_ram = recommend(
        RecommendRequest(model="mixtral-8x7b", owned="1x rtx-3090", users=1), catalog
    ).make_it_fit
    (change,) = [c for c in in_ram if c.change == "gguf_cpu_moe"]
    layers = change.request["expert_offload_layers"]
    assert change.fits and 1 <= layers < catalog.models["mixtral-8x7b"].architecture.num_layers
    fewer = size_deployment({**change.request, "expert_offload_layers": layers - 1}, catalog)
    assert not fewer.report.fits  # the fewest layers in RAM that fit
    assert f"--n-cpu-moe {layers}" in response.answer
