"""The adoption path of a sizing: the article's tier and a staged path (pilot, production)."""

from __future__ import annotations

from collections.abc import Callable

from advisor.messages import M, Note, note
from advisor.sizing.inputs import Inputs
from advisor.sizing.report import SizingReport, Stage
from advisor.sizing.request import SizingRequest

PILOT_USERS = 5  # a pilot serves a handful of colleagues, not the whole company


def tier_for(count: int) -> Note:
    """The article's tiers: one GPU, two GPUs, four and more."""
    if count <= 1:
        return note(M.TIER_ONE)
    if count == 2:
        return note(M.TIER_TWO)
    return note(M.TIER_FOUR_PLUS)


def _stage(name: str, gpu: str, count: int, description: Note) -> Stage:
    return Stage(
        name=name,
        gpu=gpu,
        count=count,
        description_i18n=description,
    )


def stages_for(
    inputs: Inputs, report: SizingReport, gpus_for: Callable[[SizingRequest], int]
) -> list[Stage]:
    """Pilot first, then production: the article's advice to prove value before scaling."""
    request = inputs.request
    gpu = report.gpu
    production = _stage(
        "production",
        gpu.id,
        gpu.count,
        note(M.STAGE_PRODUCTION, count=gpu.count, gpu=gpu.name),
    )
    if request.task == "pretrain":  # no base model to try QLoRA on: the run is the project
        return [production]
    if request.is_training:
        pilot_request = request.model_copy(
            update={"task": "qlora", "precision": None, "gpus": None, "sharding": "none"}
        )
    else:
        pilot_request = request.model_copy(
            update={"users": min(request.users, PILOT_USERS), "gpus": None}
        )
    if pilot_request == request:
        return [production]
    pilot = gpus_for(pilot_request)  # the same GPU, the count the variant needs
    if pilot >= gpu.count:
        return [production]
    if request.is_training:
        description = note(M.STAGE_PILOT_QLORA, count=pilot, gpu=gpu.name)
    elif request.batch_items is not None:  # a job, not people: a sample of it proves the model
        description = note(M.STAGE_PILOT_BATCH, count=pilot, gpu=gpu.name)
    else:
        description = note(
            M.STAGE_PILOT_USERS, count=pilot, gpu=gpu.name, users=pilot_request.users
        )
    return [_stage("pilot", gpu.id, pilot, description), production]
