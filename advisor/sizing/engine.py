"""`size()` and `compare()`: the one entry point every adapter calls.

Pure: the catalog is passed in as data; nothing here reads files, the network or
the clock, and the same request always gives the same report.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from advisor.catalog.hf_config import parse_hf_config
from advisor.catalog.loader import Catalog, CatalogLookupError
from advisor.catalog.schema import Architecture, EngineProfile, Gpu, Model
from advisor.errors import InputError
from advisor.messages import M, Note, english, english_all, note
from advisor.sizing.adoption import stages_for, tier_for
from advisor.sizing.explain import assumptions_for, formulas_for, link_note
from advisor.sizing.inputs import GB, GIB, GPUS_PER_NODE, Inputs, Layout
from advisor.sizing.kv_cache import VLLM_BLOCK_TOKENS, kv_bytes_per_token, sequence_kv_bytes
from advisor.sizing.memory import (
    GpuMemory,
    inference_memory,
    request_kv_bytes,
    trainable_parameters,
    training_memory,
)
from advisor.sizing.params import ParamCounts
from advisor.sizing.performance import (
    Speed,
    TrainingSpeed,
    inference_speed,
    serving_load,
    training_speed,
)
from advisor.sizing.report import (
    BatchJob,
    CompareRow,
    Comparison,
    GpuLayout,
    LoadLevel,
    Memory,
    MemoryBreakdown,
    ParamSummary,
    Performance,
    SizingReport,
    Training,
)
from advisor.sizing.request import SizingRequest
from advisor.sizing.server import size_server
from advisor.sizing.serving_plan import serving_plan

MAX_GPUS = 256
_TRAINING_COUNTS = (1, 2, 4)  # then whole nodes
DEFAULT_FINETUNE_TOKENS = 10_000_000  # a typical company instruction set: ~10k examples
CHINCHILLA_TOKENS_PER_PARAM = 20  # Hoffmann et al. 2022, compute-optimal pre-training


_SHARDING_NAMES = {
    "none": M.SHARDING_NONE,
    "zero1": M.SHARDING_ZERO1,
    "zero2": M.SHARDING_ZERO2,
    "zero3": M.SHARDING_ZERO3,
}


def resolve(request: SizingRequest, catalog: Catalog) -> Inputs:
    """Catalog records for the ids in the request; errors name the field to fix."""
    if request.hf_config is not None:  # validated when the request was built
        model = parse_hf_config(request.hf_config, source="hf_config")
    else:
        try:
            model = catalog.model(request.model or "")
        except CatalogLookupError as exc:
            raise InputError("model", str(exc), exc.suggestions) from None
    try:
        gpu = catalog.gpu(request.gpu)
    except CatalogLookupError as exc:
        raise InputError("gpu", str(exc), exc.suggestions or exc.allowed) from None
    if request.host_memory_gb is not None:
        gpu = _with_ram(gpu, request.host_memory_gb)
    precision = request.weight_precision(model.native_precision)
    if precision not in catalog.formats:
        precision = "bf16"  # a published format the catalog has no record of
    fmt = catalog.formats[precision]
    if request.bits_per_weight is not None:  # an EXL2/EXL3 quant at its own bits per weight
        bits = dict.fromkeys(("attention", "mlp", "experts"), request.bits_per_weight)
        fmt = fmt.model_copy(update={"bits": {**fmt.bits, **bits}})
    engine = catalog.engines[request.engine]
    _check_tensor_parallel(request, model, gpu)
    _check_expert_offload(request, model, gpu)
    if request.kv_precision is not None:
        kv = request.kv_precision
    else:
        kv = "fp16" if request.engine == "llama.cpp" else "bf16"
    return Inputs(request=request, model=model, gpu=gpu, fmt=fmt, engine=engine, kv_precision=kv)


def _with_ram(gpu: Gpu, ram_gb: float) -> Gpu:
    """A CPU device with the RAM the user has: the OS and the engine's process keep the same
    GiB they take from the catalog's machine, the rest holds the model."""
    if gpu.gpu_class != "cpu":
        raise InputError(
            "host_memory_gb", "the RAM a model runs in applies to gpu cpu-desktop or cpu-server"
        )
    reserved = gpu.memory_gb * GB / GIB - gpu.usable_memory_gib
    usable = ram_gb * GB / GIB - reserved
    if usable <= 0:
        raise InputError(
            "host_memory_gb", f"{ram_gb:g} GB leaves nothing beside the operating system"
        )
    return gpu.model_copy(update={"memory_gb": ram_gb, "usable_memory_gib": round(usable, 2)})


def _check_tensor_parallel(request: SizingRequest, model: Model, gpu: Gpu) -> None:
    """A TP size the engine can run: a layer-splitting engine has none, the heads must
    divide (or, for KV heads, be replicated), and so must the GPU count."""
    tp = request.tensor_parallel_size
    if tp is None or tp == 1:
        return
    if request.is_training:
        raise InputError(
            "tensor_parallel_size", "training is sized data-parallel (with ZeRO); leave it unset"
        )
    if gpu.gpu_class == "cpu":
        raise InputError("tensor_parallel_size", "a CPU server runs one process; leave it unset")
    if request.engine in ("llama.cpp", "transformers"):
        raise InputError(
            "tensor_parallel_size", f"{request.engine} splits layers, not tensors; leave it unset"
        )
    if not tp_is_valid(model.architecture, tp):
        heads = model.architecture.num_attention_heads
        raise InputError(
            "tensor_parallel_size", f"{tp} does not divide the model's {heads} attention heads"
        )
    if request.gpus is not None and request.gpus % tp:
        raise InputError("tensor_parallel_size", f"{tp} does not divide gpus ({request.gpus})")


def _check_expert_offload(request: SizingRequest, model: Model, gpu: Gpu) -> None:
    """Experts in host RAM need a MoE model, llama.cpp's CPU expert kernels and a GPU
    to keep the rest on."""
    if not request.expert_offload_layers:
        return
    if gpu.gpu_class == "cpu":
        raise InputError("expert_offload_layers", "on a CPU server every weight is in host RAM")
    if model.architecture.moe is None:
        raise InputError("expert_offload_layers", f"{model.id} has no experts to offload")
    if request.engine != "llama.cpp":
        raise InputError(
            "expert_offload_layers", "experts in host RAM are a llama.cpp feature: engine llama.cpp"
        )


def tp_is_valid(arch: Architecture, tp: int) -> bool:
    """vLLM's rule: heads divide by TP; KV heads divide by TP or are replicated to it."""
    if arch.num_attention_heads % tp:
        return False
    if arch.mla is not None:
        return True
    return all(kv % tp == 0 or tp % kv == 0 for kv in set(arch.kv_heads_by_layer()))


def _divisors(n: int) -> list[int]:
    return [d for d in range(1, n + 1) if n % d == 0]


def candidate_layouts(inputs: Inputs, n: int) -> list[Layout]:
    """Every way to place a model on n GPUs that the engine and the links allow.

    TP stays inside one NVLink/Infinity Fabric domain or, for PCIe-only cards, one server
    (vLLM runs TP over PCIe; its all-reduces are costed over that link); beyond that,
    pipeline stages. Engines that split by layers (llama.cpp, transformers) use stages only.
    """
    if inputs.is_cpu:
        return [Layout(1, 1, 1)] if n == 1 else []
    if inputs.request.is_training:
        return [Layout(1, 1, n)] if n in _TRAINING_COUNTS or n % GPUS_PER_NODE == 0 else []
    if inputs.engine.id in ("llama.cpp", "transformers"):
        return [Layout(1, n, 1)]
    arch = inputs.model.architecture
    asked = inputs.request.tensor_parallel_size
    if asked is not None:  # the user's TP, across whatever link the cards have
        return [
            Layout(asked, n // replicas // asked, replicas)
            for replicas in _divisors(n)
            if (n // replicas) % asked == 0
        ]
    link = inputs.gpu.interconnect
    domain = GPUS_PER_NODE if link.kind == "pcie" else link.domain_size
    widest_tp = max(tp for tp in _divisors(domain) if tp_is_valid(arch, tp))
    layouts = []
    for replicas in _divisors(n):
        per_replica = n // replicas
        for tp in _divisors(per_replica):
            pp = per_replica // tp
            # Pipeline stages only once TP fills the link domain (across nodes or PCIe cards).
            if tp <= domain and tp_is_valid(arch, tp) and (pp == 1 or tp == widest_tp):
                layouts.append(Layout(tp, pp, replicas))
    return layouts


def uneven_stages(inputs: Inputs, n: int) -> Layout | None:
    """vLLM's edge case for a count no TP spans in one node (3 GPUs for 32 heads): TP 1 and
    a pipeline stage per GPU, which splits layers unevenly (vLLM docs, "Distributed inference
    and serving"). Only for a count the customer has, when nothing else of it holds the model:
    a count to buy is one TP divides."""
    link = inputs.gpu.interconnect
    domain = GPUS_PER_NODE if link.kind == "pcie" else link.domain_size
    if (
        inputs.request.is_training
        or inputs.is_cpu
        or inputs.engine.id in ("llama.cpp", "transformers")
        or inputs.request.tensor_parallel_size is not None
        or not 2 < n <= domain
        or tp_is_valid(inputs.model.architecture, n)
    ):
        return None
    return Layout(1, n, 1)


def _memory(inputs: Inputs, layout: Layout) -> GpuMemory:
    if inputs.request.is_training:
        return training_memory(inputs, layout)
    return inference_memory(inputs, layout)


@dataclass(frozen=True)
class _Choice:
    layout: Layout
    memory: GpuMemory
    fits: bool


def _rank(choice: _Choice) -> tuple[float, ...]:
    """Least memory per GPU (most headroom for the KV cache), then fewer pipeline stages:
    the tie-break between equally fast serving layouts, and the choice where speed does not
    pick one (training, a CPU server)."""
    return (round(choice.memory.total / 1e6), choice.layout.pp, choice.layout.replicas)


def _request_seconds(inputs: Inputs, choice: _Choice) -> float:
    """One request's time at the asked load on this layout: its first token, then its output
    at the per-user rate (the engine's own serving figures, queueing included)."""
    speed = inference_speed(
        inputs, choice.layout, serving_slots(inputs, choice.layout, choice.memory)
    )
    return speed.ttft_s + inputs.request.tokens_generated / speed.per_user_tokens_per_s


def _best(inputs: Inputs, fitting: list[_Choice]) -> _Choice:
    """The layout to serve on, among those that fit the count.

    Pipeline stages only when no layout with fewer holds the request: a stage adds a hop per
    step and, in vLLM, is meant for models that outgrow a node (TP inside, PP across). Of the
    rest, tensor parallelism against replicas is the deployer's trade of latency against
    throughput, so the engine takes the one that serves a request fastest at the asked load:
    wider TP for a few users, replicas (fewer all-reduces, host work split) for a crowd.
    Training and CPU runs have one layout per count; least memory decides there.
    """
    if inputs.request.is_training or inputs.is_cpu or len(fitting) == 1:
        return min(fitting, key=_rank)
    stages = min(c.layout.pp for c in fitting)
    shortlist = [c for c in fitting if c.layout.pp == stages]
    return min(shortlist, key=lambda c: (round(_request_seconds(inputs, c), 4), _rank(c)))


def _first_count(inputs: Inputs) -> int:
    """A lower bound on the count: the GPUs' memory together must hold the weights once and,
    for inference, every request's KV cache (split or replicated, never less than that)."""
    request = inputs.request
    if request.is_training and request.sharding != "zero3":
        return 1
    needed = inputs.weights.total - sum(inputs.offloaded_experts)
    if not request.is_training and not inputs.is_cpu:
        block = VLLM_BLOCK_TOKENS if inputs.engine.paged_kv else 1
        window = sequence_kv_bytes(
            inputs.model.architecture, inputs.kv_bytes, request.context, 1, block
        )
        needed += max(window, request.users * request_kv_bytes(inputs, 1, block))
    return max(1, math.ceil(needed / inputs.capacity_bytes))


def _choose(inputs: Inputs) -> _Choice:
    fixed = inputs.request.gpus
    counts = [fixed] if fixed else range(min(_first_count(inputs), MAX_GPUS), MAX_GPUS + 1)
    best: _Choice | None = None
    for n in counts:
        choices = [
            _Choice(lay, m, m.fits)
            for lay in candidate_layouts(inputs, n)
            for m in [_memory(inputs, lay)]
        ]
        fitting = [c for c in choices if c.fits]
        if fitting:
            return _best(inputs, fitting)
        if choices:
            best = min(choices, key=lambda c: c.memory.total)
        if inputs.is_cpu:
            break
    uneven = uneven_stages(inputs, fixed) if fixed else None
    if uneven is not None:  # "we have 3 L40S": stages, where no TP or copies hold it
        staged = _memory(inputs, uneven)
        if staged.fits or best is None:
            return _Choice(uneven, staged, staged.fits)
    if best is None:  # no layout exists for the fixed count (e.g. TP divisibility)
        layout = Layout(1, fixed or 1, 1)
        best = _Choice(layout, _memory(inputs, layout), False)
    return best


def _fewest_gpus(inputs: Inputs, below: int) -> int:
    """The fewest GPUs, under `below`, that hold the request; `below` when none does (a
    pilot stage is worth naming only when it needs fewer GPUs than production)."""
    inputs, _, _ = _shard_if_needed(inputs)
    for n in range(min(_first_count(inputs), below), below):
        if any(_memory(inputs, layout).fits for layout in candidate_layouts(inputs, n)):
            return n
    return below


def _binding(inputs: Inputs, choice: Fit) -> str:
    memory = choice.memory
    if inputs.request.is_training:
        if choice.fits and choice.layout.gpus == 1:
            return "none"
        terms = {
            "weights": memory.weights,
            "activations": memory.activations,
            "gradients": memory.gradients,
            "optimizer": memory.optimizer,
        }
        return max(terms, key=lambda k: terms[k])
    if not choice.fits and memory.kv_budget < memory.sequence_kv_bytes:
        return "context" if memory.kv_budget > 0 else "memory"
    if choice.fits and choice.layout.gpus == 1:
        return "none"
    weights_only = memory.weights + memory.activations + memory.overhead + memory.sequence_kv_bytes
    return "memory" if weights_only > memory.usable * 0.5 else "kv_cache"


def _max_users(memory: GpuMemory, layout: Layout, at_window: bool = False) -> int:
    """Requests the KV cache holds at once over all replicas: of the asked length (prompt +
    output), or at the full window; none when one window does not fit (vLLM will not start)."""
    window = memory.sequence_kv_bytes
    if window <= 0 or memory.kv_budget < window:
        return 0
    each = window if at_window else min(window, max(1.0, memory.request_kv_bytes))
    return int(memory.kv_budget // each) * layout.replicas


def serving_slots(
    inputs: Inputs, layout: Layout, memory: GpuMemory, sequence_cap: int | None = None
) -> int:
    """Requests one replica runs at once: the sequence cap (the planned server's unless
    another is given), and the KV cache at its steady-state occupancy. Blocks are taken as
    tokens arrive, so a running request holds its prompt plus half its output on average
    (and a hybrid's fixed recurrent state), not the full context `max_concurrent_users`
    guarantees."""
    request, arch = inputs.request, inputs.model.architecture
    prompt = request.prompt_length
    average = math.ceil(prompt + request.tokens_generated / 2)
    per_request = sequence_kv_bytes(arch, inputs.kv_bytes, average, layout.tp)
    per_request *= math.ceil(arch.num_layers / layout.pp) / arch.num_layers
    by_kv = int(max(0.0, memory.kv_budget) // max(1.0, per_request))
    cap = sequence_cap if sequence_cap is not None else inputs.max_num_seqs(layout)
    return max(1, min(by_kv, cap))


def _gb(value: float) -> float:
    return round(value / GB, 3)


@dataclass(frozen=True)
class Fit:
    """What size() decides, without the report around it: the layout the engine picks, whether
    it fits, how many requests its KV cache holds, the inference speed at the asked load and,
    for training, the training speed and whether the run had to shard (ZeRO-3) to fit.
    The recommendation search calls this thousands of times, so nothing here renders notes."""

    inputs: Inputs
    layout: Layout
    memory: GpuMemory
    fits: bool
    max_users: int
    speed: Speed
    training: TrainingSpeed | None
    sharded: bool


def fit(inputs: Inputs) -> Fit:
    """The engine's layout and figures for resolved inputs (see `Fit`)."""
    inputs, sharded, chosen = _shard_if_needed(inputs)
    choice = chosen or _choose(inputs)
    max_users = _max_users(choice.memory, choice.layout)
    training = None
    if inputs.request.is_training:
        speed = Speed(0.0, 0.0, 0.0, 0.0, 0.0, 0, "n/a (training)")
        training = training_speed(inputs, choice.layout)
    else:
        slots = serving_slots(inputs, choice.layout, choice.memory)
        speed = inference_speed(inputs, choice.layout, slots)
    return Fit(
        inputs, choice.layout, choice.memory, choice.fits, max_users, speed, training, sharded
    )


def _shard_if_needed(inputs: Inputs) -> tuple[Inputs, bool, _Choice | None]:
    """Training that plain data parallelism cannot hold shards its states (ZeRO-3 / FSDP):
    replicating them on every GPU would never fit more GPUs. Without a count, that is a run
    one GPU cannot hold; with a count of several, a run that GPU count cannot hold whole.
    A sharding the request names is kept. With a count, the choice made on the returned
    inputs comes back too, so it is not made twice."""
    request = inputs.request
    if not (request.is_training and request.sharding == "none" and request.gpus != 1):
        return inputs, False, None
    if request.gpus is None:
        if _choose(resolve_like(inputs, request.model_copy(update={"gpus": 1}))).fits:
            return inputs, False, None
        return resolve_like(inputs, request.model_copy(update={"sharding": "zero3"})), True, None
    replicated = _choose(inputs)
    if replicated.fits:
        return inputs, False, replicated
    sharded = resolve_like(inputs, request.model_copy(update={"sharding": "zero3"}))
    choice = _choose(sharded)
    if choice.memory.total >= replicated.memory.total:
        return inputs, False, replicated  # not the states overflowed: sharding adds buffers
    return sharded, True, choice


def _size(inputs: Inputs, with_stages: bool) -> SizingReport:
    warnings = list(_warnings(inputs))
    choice = fit(inputs)
    inputs = choice.inputs
    request = inputs.request
    if choice.sharded:
        warnings.append(note(M.SHARDED_ZERO3))
    layout, memory, max_users, speed = choice.layout, choice.memory, choice.max_users, choice.speed
    training = _training(inputs, choice.training) if choice.training else None
    breakdown = MemoryBreakdown(
        weights=_gb(memory.weights),
        kv_cache=_gb(memory.kv_cache),
        activations=_gb(memory.activations),
        gradients=_gb(memory.gradients),
        optimizer=_gb(memory.optimizer),
        overhead=_gb(memory.overhead),
    )
    per_gpu = round(sum(breakdown.model_dump().values()), 3)
    if not choice.fits:
        warnings.append(_overflow_message(inputs, choice))
    layout_note = _layout_note(inputs, layout)
    tier = tier_for(layout.gpus)
    assumptions, formulas = assumptions_for(inputs, layout), formulas_for(inputs)
    if not request.is_training:
        formulas.append(_load_formula(inputs, layout, memory, speed))
    elif choice.training is not None:
        formulas.append(_training_step_formula(inputs, layout, choice.training))
    report = SizingReport(
        fits=choice.fits,
        binding_constraint=_binding(inputs, choice),
        model=inputs.model.id,
        task=request.task,
        precision=inputs.fmt.id,
        kv_precision=inputs.kv_precision,
        engine=request.engine,
        context=request.context,
        users=request.users,
        prompt_tokens=0 if request.is_training else request.prompt_length,
        output_tokens=0 if request.is_training else request.tokens_generated,
        gpu=GpuLayout(
            id=inputs.gpu.id,
            name=inputs.gpu.name,
            count=layout.gpus,
            tensor_parallel=layout.tp,
            pipeline_parallel=layout.pp,
            replicas=layout.replicas,
            interconnect=inputs.gpu.interconnect.kind,
            layout_note_i18n=layout_note,
        ),
        memory=Memory(
            per_gpu_gb=per_gpu,
            capacity_per_gpu_gb=inputs.gpu.memory_gb,
            usable_per_gpu_gb=_gb(memory.usable),
            total_gb=round(per_gpu * layout.gpus, 3),
            breakdown_gb=breakdown,
            kv_cache_capacity_tokens=memory.kv_capacity_tokens,
            kv_cache_total_tokens=memory.kv_capacity_tokens * layout.replicas,
            kv_bytes_per_token=kv_bytes_per_token(inputs.model.architecture, inputs.kv_bytes),
            weights_bits_per_param=round(inputs.weights.bits_per_param, 3),
            host_offload_gb=_gb(memory.host_offload),
        ),
        performance=Performance(
            per_user_tokens_per_s=round(speed.per_user_tokens_per_s, 2),
            aggregate_tokens_per_s=round(speed.aggregate_tokens_per_s, 1),
            ttft_s=round(speed.ttft_s, 4),
            burst_ttft_s=round(speed.burst_ttft_s, 4),
            wave_ttft_s=round(speed.wave_ttft_s, 4),
            wave_tokens_per_s=round(speed.wave_tokens_per_s, 2),
            prefill_tokens_per_s=round(speed.prefill_tokens_per_s, 1),
            request_s=round(
                speed.ttft_s + inputs.request.tokens_generated / speed.per_user_tokens_per_s, 1
            )
            if speed.per_user_tokens_per_s
            else 0.0,
            max_concurrent_users=max_users,
            max_users_at_window=_max_users(memory, layout, at_window=True),
            decode_bound=speed.bound,
            inter_token_latency_ms=round(1000 / speed.per_user_tokens_per_s, 2)
            if speed.per_user_tokens_per_s
            else 0.0,
            load_curve=[]
            if request.is_training
            else _load_curve(
                inputs, layout, serving_slots(inputs, layout, memory, inputs.engine_max_num_seqs())
            ),
        ),
        training=training,
        server=size_server(inputs, layout, memory.host_offload),
        params=ParamSummary(
            total=inputs.params.total,
            active=inputs.params.active,
            embedding=inputs.params.embedding,
        ),
        tier_i18n=tier,
        stages=[],
        serving_plan=None,
        assumptions_i18n=assumptions,
        formulas_i18n=formulas,
        warnings_i18n=warnings,
    )
    updates: dict[str, object] = {}
    if request.batch_items is not None and choice.fits and not request.is_training:
        job = _batch_job(inputs, layout, memory, request.batch_items)
        updates["batch_job"] = job
        updates["formulas_i18n"] = [*formulas, _batch_formula(job, layout)]
    if not request.is_training and request.engine in ("vllm", "trt-llm"):
        updates["serving_plan"] = serving_plan(inputs, layout, memory)
    if with_stages:
        updates["stages"] = stages_for(
            inputs,
            report,
            lambda r: _fewest_gpus(resolve_like(inputs, r), below=layout.gpus),
        )
    return report.model_copy(update=updates) if updates else report


def _load_formula(inputs: Inputs, layout: Layout, memory: GpuMemory, speed: Speed) -> Note:
    """The serving model with this request's numbers."""
    slots = serving_slots(inputs, layout, memory)
    load = serving_load(inputs, layout, inputs.request.users, slots)
    return note(
        M.FORMULA_SERVING_LOAD,
        users=inputs.request.users,
        batch=load.batch,
        slots=slots,
        itl_ms=load.itl_s * 1000,
        output=inputs.request.tokens_generated,
        ttft_s=load.ttft_s,
        queue_s=load.queue_s,
        burst_ttft_s=load.burst_ttft_s,
        budget=inputs.max_num_batched_tokens(),
        aggregate=speed.aggregate_tokens_per_s,
    )


def _batch_job(inputs: Inputs, layout: Layout, memory: GpuMemory, items: int) -> BatchJob:
    """`items` requests sent at once and run to the end: the engine keeps as many in flight
    as its slots hold (the KV cache at the requests' average length, max_num_seqs) and
    starts the next as each one ends, so the job runs at the busiest load level's output
    rate; a job smaller than the slots is one wave of its own size."""
    request = inputs.request
    slots = serving_slots(inputs, layout, memory, inputs.engine_max_num_seqs())
    full = min(slots * layout.replicas, items)
    levels = sorted({*(level for level in LOAD_LEVELS if level < full), full})
    best = max(
        (serving_load(inputs, layout, level, slots) for level in levels),
        key=lambda load: load.aggregate_tokens_per_s,
    )
    output = request.tokens_generated
    per_s = best.aggregate_tokens_per_s / output
    hours = items / per_s / 3600
    return BatchJob(
        items=items,
        prompt_tokens=request.prompt_length,
        output_tokens=output,
        concurrency=best.concurrency,
        aggregate_tokens_per_s=round(best.aggregate_tokens_per_s, 1),
        requests_per_s=round(per_s, 4),
        hours=round(hours, 3),
        gpu_hours=round(hours * layout.gpus, 2),
    )


def batch_job_of(result: Fit) -> BatchJob | None:
    """The batch job a fitted inference request asks for (batch_items), or None."""
    items = result.inputs.request.batch_items
    if items is None or not result.fits or result.training is not None:
        return None
    return _batch_job(result.inputs, result.layout, result.memory, items)


def _batch_formula(job: BatchJob, layout: Layout) -> Note:
    """The batch job's length with this request's numbers."""
    return note(
        M.FORMULA_BATCH_JOB,
        items=job.items,
        prompt=job.prompt_tokens,
        output=job.output_tokens,
        concurrency=job.concurrency,
        aggregate=job.aggregate_tokens_per_s,
        rps=job.requests_per_s,
        hours=job.hours,
        gpus=layout.gpus,
        gpu_hours=job.gpu_hours,
    )


def _training_step_formula(inputs: Inputs, layout: Layout, speed: TrainingSpeed) -> Note:
    """The training step with this request's numbers."""
    request = inputs.request
    return note(
        M.FORMULA_TRAINING_STEP,
        tokens=request.micro_batch * request.training_seq_len,
        compute_s=speed.compute_s,
        elementwise_s=speed.elementwise_s,
        dequant_s=speed.dequant_s,
        communication_s=speed.communication_s,
        optimizer_s=speed.gpu_optimizer_s + speed.host_optimizer_s,
        gpus=layout.gpus,
        rate=speed.tokens_per_s,
    )


LOAD_LEVELS = (1, 8, 16, 32, 64, 128, 256)


def _load_curve(inputs: Inputs, layout: Layout, slots: int) -> list[LoadLevel]:
    """The deployment's latency and throughput from one request to a busy hour."""
    levels = sorted({*LOAD_LEVELS, inputs.request.users})
    curve = []
    for level in levels:
        load = serving_load(inputs, layout, level, slots)
        curve.append(
            LoadLevel(
                concurrency=level,
                batch=load.batch,
                per_user_tokens_per_s=round(load.per_user_tokens_per_s, 2),
                inter_token_latency_ms=round(load.itl_s * 1000, 2),
                ttft_s=round(load.ttft_s, 3),
                queue_s=round(load.queue_s, 3),
                burst_ttft_s=round(load.burst_ttft_s, 3),
                aggregate_tokens_per_s=round(load.aggregate_tokens_per_s, 1),
            )
        )
    return curve


def resolve_like(inputs: Inputs, request: SizingRequest) -> Inputs:
    """Inputs for a variant of the request on the same catalog records."""
    return Inputs(request, inputs.model, inputs.gpu, inputs.fmt, inputs.engine, inputs.kv_precision)


def compute_optimal_tokens(params: ParamCounts) -> int:
    """Pre-training tokens when none are given: 20 per parameter (Hoffmann et al. 2022)."""
    return CHINCHILLA_TOKENS_PER_PARAM * params.total


def _training(inputs: Inputs, speed: TrainingSpeed) -> Training:
    request = inputs.request
    if request.dataset_tokens is not None:
        tokens = request.dataset_tokens
    elif request.task == "pretrain":
        tokens = compute_optimal_tokens(inputs.params)
    else:
        tokens = DEFAULT_FINETUNE_TOKENS
    trainable = trainable_parameters(inputs)
    return Training(
        tokens_per_s=round(speed.tokens_per_s, 1),
        hours=round(tokens * request.epochs / speed.tokens_per_s / 3600, 3),
        trainable_params=trainable,
        flops_per_token=speed.flops_per_token,
        dataset_tokens=tokens,
        epochs=request.epochs,
        step_compute_s=round(speed.compute_s, 4),
        step_communication_s=round(speed.communication_s, 4),
        step_host_optimizer_s=round(speed.host_optimizer_s, 4),
        step_elementwise_s=round(speed.elementwise_s, 4),
        step_dequant_s=round(speed.dequant_s, 4),
        step_gpu_optimizer_s=round(speed.gpu_optimizer_s, 4),
    )


# Output lengths from which a reasoning model's chain of thought is taken to be counted.
REASONING_OUTPUT_COUNTED = 4096


def engine_dropped(engine: EngineProfile, gpu: Gpu) -> Note | None:
    """The note for a GPU the engine's current releases no longer run (vLLM on a V100): the
    last release that does, or llama.cpp. None when they run it."""
    have, oldest = gpu.compute_capability, engine.min_compute_capability
    version = engine.last_version_for_older
    if have is None or oldest is None or version is None or have >= oldest:
        return None
    return note(
        M.ENGINE_DROPPED_GPU,
        engine=engine.name.split(" (")[0],  # "vLLM", not its profile's id
        gpu=gpu.name,
        have=have,
        need=oldest,
        version=version,
    )


def _warnings(inputs: Inputs) -> list[Note]:
    request, model, fmt = inputs.request, inputs.model, inputs.fmt
    notes = []
    if (
        model.reasoning
        and not request.is_training
        and request.tokens_generated < REASONING_OUTPUT_COUNTED
    ):
        notes.append(note(M.REASONING_OUTPUT, model=model.name, output=request.tokens_generated))
    if request.precision is None and not request.is_training and fmt.id != "bf16":
        notes.append(note(M.PUBLISHED_FORMAT, format=fmt.name, model=model.name))
    positions = model.architecture.max_position_embeddings
    if positions < request.context <= (model.yarn_max_context or 0):
        notes.append(  # Qwen2.5 at 128k: the publisher's YaRN scaling, switched on
            note(
                M.CONTEXT_NEEDS_YARN,
                context=request.context,
                positions=positions,
                longest=model.longest_context,
                model=model.name,
            )
        )
    elif request.context > positions:
        notes.append(
            note(M.CONTEXT_EXCEEDS_POSITIONS, context=request.context, positions=positions)
        )
    if request.engine not in fmt.engines:
        notes.append(
            note(
                M.FORMAT_NOT_NATIVE,
                format=fmt.name,
                engine=request.engine,
                engines=", ".join(fmt.engines),
            )
        )
    have, need = inputs.gpu.compute_capability, fmt.min_compute_capability
    dropped = engine_dropped(inputs.engine, inputs.gpu) if request.task == "inference" else None
    if dropped is not None:
        notes.append(dropped)
    if have is not None and need is not None and have < need:
        if fmt.older_gpus_run_as is not None:  # a bf16 checkpoint runs as fp16
            notes.append(
                note(
                    M.RUNS_AS_OLDER,
                    gpu=inputs.gpu.name,
                    have=have,
                    format=fmt.name,
                    runs_as=fmt.older_gpus_run_as.upper(),
                )
            )
        else:
            notes.append(
                note(
                    M.FORMAT_NEEDS_NEWER_GPU,
                    format=fmt.name,
                    gpu=inputs.gpu.name,
                    have=have,
                    need=need,
                )
            )
    elif fmt.compute_dtype == "fp8" and inputs.gpu.tflops.fp8 is None:
        notes.append(note(M.NO_FP8_TENSOR_CORES, gpu=inputs.gpu.name))
    if request.task == "full" and fmt.id not in ("bf16", "fp16", "fp32"):
        notes.append(note(M.FULL_NEEDS_16BIT))
    if request.task == "qlora" and fmt.kind not in ("bnb", "integer", "gguf", "microscaling"):
        notes.append(note(M.QLORA_NEEDS_4BIT))
    return notes


def _overflow_message(inputs: Inputs, choice: Fit) -> Note:
    return note(
        M.DOES_NOT_FIT,
        need=choice.memory.total / GB,
        have=choice.memory.usable / GB,
        gpu=inputs.gpu.name,
        count=choice.layout.gpus,
    )


def _layout_note(inputs: Inputs, layout: Layout) -> Note:
    gpu = inputs.gpu
    link = link_note(gpu.interconnect.kind)
    if inputs.request.is_training:
        if layout.gpus == 1:
            return note(M.LAYOUT_SINGLE_GPU)
        if layout.gpus > max(gpu.interconnect.domain_size, GPUS_PER_NODE):
            link = note(M.LINK_NETWORK)
        elif layout.gpus > gpu.interconnect.domain_size > 1:
            link = link_note("pcie")  # 8 cards bridged in pairs: the gradients cross PCIe
        sharding = inputs.request.sharding
        return note(
            M.LAYOUT_DATA_PARALLEL,
            count=layout.gpus,
            sharding=sharding,
            sharding_name=note(_SHARDING_NAMES[sharding]),
            link=link,
        )
    parts = []
    if layout.tp > 1:
        parts.append(note(M.LAYOUT_TENSOR_PARALLEL, tp=layout.tp, link=link))
    arch = inputs.model.architecture
    if layout.pp > 1 and layout == uneven_stages(inputs, layout.gpus):
        heads = arch.num_attention_heads
        parts.append(note(M.LAYOUT_PIPELINE_UNEVEN, pp=layout.pp, heads=heads))
    elif layout.pp > 1:
        pipeline = M.LAYOUT_PIPELINE_PCIE if gpu.interconnect.kind == "pcie" else M.LAYOUT_PIPELINE
        parts.append(note(pipeline, pp=layout.pp))
    if layout.replicas > 1:
        parts.append(note(M.LAYOUT_REPLICAS, replicas=layout.replicas))
    return note(M.LAYOUT_PARTS, parts=parts) if parts else note(M.LAYOUT_SINGLE_PER_REPLICA)


def size(request: SizingRequest, catalog: Catalog) -> SizingReport:
    return _size(resolve(request, catalog), with_stages=True)


def _gpu_price(gpu: Gpu, catalog: Catalog) -> tuple[float, Note]:
    """The GPU's catalog price (prices.yaml, dated and sourced) and how to say it."""
    price = catalog.prices.gpus[gpu.id]  # every GPU but the CPU is priced (catalog test)
    used = note(M.PRICE_USED) if price.market == "used" else ""
    if price.kind == "server_share":
        return price.usd, note(M.PRICE_SERVER_SHARE, usd=price.usd, used=used)
    return price.usd, note(M.PRICE_CARD, usd=price.usd, used=used)


def compare(request: SizingRequest, catalog: Catalog, gpus: list[Gpu] | None = None) -> Comparison:
    """The same need on every catalog GPU, cheapest feasible first."""
    rows = []
    for gpu in gpus or [g for g in catalog.gpus.values() if g.gpu_class != "cpu"]:
        variant = request.model_copy(update={"gpu": gpu.id})
        inputs = resolve(variant, catalog)
        report = _size(inputs, with_stages=False)
        count = report.gpu.count
        price, price_band = _gpu_price(gpu, catalog)
        bought = catalog.prices.gpus[gpu.id].gpus_bought(count)
        rows.append(
            CompareRow(
                gpu=gpu.id,
                name=gpu.name,
                gpu_class=gpu.gpu_class,
                memory_gb=gpu.memory_gb,
                fits=report.fits,
                count=count,
                tensor_parallel=report.gpu.tensor_parallel,
                pipeline_parallel=report.gpu.pipeline_parallel,
                total_vram_gb=round(count * gpu.memory_gb, 1),
                power_w=int(count * gpu.tdp_w),
                price_usd=price,
                price_total_usd=round(count * price, 0) if price else None,
                price_band=english(price_band),
                price_band_i18n=price_band,
                per_user_tokens_per_s=report.performance.per_user_tokens_per_s,
                aggregate_tokens_per_s=report.performance.aggregate_tokens_per_s,
                max_concurrent_users=report.performance.max_concurrent_users,
                training_hours=report.training.hours if report.training else None,
                note=report.gpu.layout_note,
                servers=math.ceil(count / GPUS_PER_NODE),
                purchase_usd=round(bought * price, 0) if price else None,
            )
        )
    # One server before several: more servers bring their network, rack space and upkeep.
    rows.sort(
        key=lambda r: (
            not r.fits,
            r.servers > 1,
            r.purchase_usd or math.inf,
            r.count,
            r.power_w,
        )
    )
    assumptions = [note(M.COMPARE_SORTED), note(M.COMPARE_PRICES, as_of=catalog.prices.as_of)]
    resolved = resolve(request, catalog)
    return Comparison(
        model=resolved.model.id,
        task=request.task,
        precision=resolved.fmt.id,
        rows=rows,
        assumptions=english_all(assumptions),
        assumptions_i18n=assumptions,
    )


def max_trainable_seq_len(request: SizingRequest, catalog: Catalog, limit: int = 4_194_304) -> int:
    """The longest training sequence that fits the requested GPUs (0 if none does)."""
    inputs = resolve(request, catalog)

    def fits(seq_len: int) -> bool:
        variant = resolve_like(inputs, request.model_copy(update={"seq_len": seq_len}))
        return _choose(variant).fits

    low, high = 0, limit
    while low < high:
        middle = (low + high + 1) // 2
        if fits(middle):
            low = middle
        else:
            high = middle - 1
    return low
