"""The assumptions and formulas each report carries, with this request's numbers filled in,
so support staff can check every figure by hand. They are catalog notes (codes and
parameters); the faces render them in the reader's language."""

from __future__ import annotations

from advisor.catalog.schema import Architecture, InterconnectKind
from advisor.messages import M, Note, Text, note
from advisor.sizing.inputs import GB, Inputs, Layout
from advisor.sizing.kv_cache import VLLM_BLOCK_TOKENS, layer_kv_bytes_per_token
from advisor.sizing.memory import training_activations
from advisor.sizing.weights import format_bits

_LINKS: dict[InterconnectKind, M] = {
    "nvlink": M.LINK_NVLINK,
    "nvlink-bridge": M.LINK_NVLINK_BRIDGE,
    "infinity-fabric": M.LINK_INFINITY_FABRIC,
    "pcie": M.LINK_PCIE,
    "none": M.LINK_NONE,
}


def link_note(kind: InterconnectKind) -> Note:
    """The GPU-to-GPU link by its name in the reader's language."""
    return note(_LINKS[kind])


def _mean_kv_heads(arch: Architecture) -> int | float:
    """KV heads per layer; their mean when the layers differ (block_configs)."""
    heads = arch.kv_heads_by_layer()
    mean = sum(heads) / len(heads)
    return arch.num_kv_heads if arch.blocks is None else round(mean, 2)


def _kv_formula(inputs: Inputs) -> Note:
    arch = inputs.model.architecture
    per_token = arch.kv_layers * layer_kv_bytes_per_token(arch, inputs.kv_bytes)
    if arch.mla is not None:
        return note(
            M.FORMULA_KV_MLA,
            layers=arch.kv_layers,
            rank=arch.mla.kv_lora_rank,
            rope=arch.mla.qk_rope_head_dim,
            bytes=inputs.kv_bytes,
            per_token=per_token,
        )
    params: dict[str, int | float | str] = {
        "layers": arch.kv_layers,
        "kv_heads": _mean_kv_heads(arch),
        "head_dim": arch.head_dim,
        "bytes": inputs.kv_bytes,
        "kv_precision": inputs.kv_precision,
        "per_token": per_token,
        "kib": per_token / 1024,
    }
    if arch.sliding_window_layers and arch.sliding_window is not None:
        return note(
            M.FORMULA_KV_SLIDING,
            **params,
            sliding_layers=arch.sliding_window_layers,
            window=arch.sliding_window,
        )
    return note(M.FORMULA_KV, **params)


_LOSSES = {
    "full": M.LOSS_FULL,
    "fp32-logits": M.LOSS_FP32_LOGITS,
    "chunked": M.LOSS_CHUNKED,
    "fused": M.LOSS_FUSED,
}


def formulas_for(inputs: Inputs) -> list[Note]:
    w = inputs.weights
    upcast = inputs.request.kbit_upcast
    bits = format_bits(inputs.fmt, upcast)
    formulas = [
        note(
            M.FORMULA_WEIGHTS,
            attention=w.attention / GB,
            attention_bits=bits["attention"],
            mlp=w.mlp / GB,
            mlp_bits=bits["mlp"],
            experts=w.experts / GB,
            experts_bits=bits["experts"],
            embedding=w.embedding / GB,
            embedding_bits=bits["embedding"],
            lm_head=w.lm_head / GB,
            lm_head_bits=bits["lm_head"],
            norms=w.norms / GB,
            vision=w.vision / GB,
            vision_bits=32 if upcast else 16,
            total=w.total / GB,
            bits_per_param=w.bits_per_param,
        ),
        _kv_formula(inputs),
    ]
    arch = inputs.model.architecture
    if arch.kv_free_layers:
        formulas.append(
            note(
                M.FORMULA_KV_FREE_LAYERS,
                free=arch.kv_free_layers,
                total=arch.num_layers,
                state_mib=arch.recurrent_state_bytes() / 2**20,
            )
        )
    if inputs.request.is_training:
        acts = training_activations(inputs)
        formulas += [
            note(M.FORMULA_FULL_FT),
            note(M.FORMULA_LORA),
            note(
                M.FORMULA_ACTIVATIONS,
                saved=acts.saved / GB,
                working=acts.working / GB,
                logits=acts.logits / GB,
                loss=note(_LOSSES[inputs.request.cross_entropy]),
                offloaded=acts.offloaded / GB,
            ),
            note(M.FORMULA_ZERO),
            note(M.FORMULA_TRAINING_FLOPS),
        ]
    else:
        formulas += [
            note(M.FORMULA_VLLM_KV_BUDGET, block=VLLM_BLOCK_TOKENS),
            note(M.FORMULA_PEAK_ACTIVATIONS),
            note(M.FORMULA_DECODE),
            note(M.FORMULA_TTFT),
        ]
    return formulas


def assumptions_for(inputs: Inputs, layout: Layout) -> list[Note]:
    request, gpu, engine, model = inputs.request, inputs.gpu, inputs.engine, inputs.model
    params = inputs.params
    lines = [
        note(M.ASSUME_GB),
        note(
            M.ASSUME_MODEL,
            model=model.id,
            total_b=params.total / 1e9,
            active_b=params.active / 1e9,
            source=model.source,
        ),
        note(
            M.ASSUME_GPU,
            gpu=gpu.name,
            memory_gb=gpu.memory_gb,
            usable_gib=gpu.usable_memory_gib,
            bandwidth=gpu.memory_bandwidth_tb_s,
            bf16=gpu.tflops.bf16,
            link=link_note(gpu.interconnect.kind),
            link_gb_s=gpu.interconnect.bandwidth_gb_s,
        ),
        note(
            M.ASSUME_WEIGHTS,
            format=inputs.fmt.name,
            note=Text(en=inputs.fmt.note, ru=inputs.fmt.note_ru),
        ),
    ]
    if request.is_training:
        lines += [
            note(
                M.ASSUME_TRAINING_BATCH,
                micro_batch=request.micro_batch,
                seq_len=request.training_seq_len,
                checkpointing=note(M.ON if request.gradient_checkpointing else M.OFF),
                optimizer=request.optimizer,
                sharding=request.sharding,
                offload=note(M.WITH_CPU_OFFLOAD) if request.cpu_offload else "",
            ),
            note(M.ASSUME_TRAINING_STACK),
        ]
        if request.optimizer == "paged-adamw-8bit":
            lines.append(note(M.ASSUME_PAGED_ADAM))
        if request.kbit_upcast:
            lines.append(note(M.ASSUME_KBIT_UPCAST))
        return lines
    utilization = (
        note(M.ASSUME_UTILIZATION, value=request.gpu_memory_utilization)
        if engine.uses_memory_utilization
        else note(M.ASSUME_NO_UTILIZATION_CAP)
    )
    lines += [
        note(M.ASSUME_ENGINE, engine=engine.name, utilization=utilization),
        note(
            M.ASSUME_LOAD,
            users=request.users,
            context=request.context,
            generated=request.tokens_generated,
            kv_precision=inputs.kv_precision,
        ),
        note(
            M.ASSUME_LAYOUT,
            replicas=layout.replicas,
            tp=layout.tp,
            pp=layout.pp,
            batched=inputs.max_num_batched_tokens(),
            seqs=inputs.max_num_seqs(layout),
        ),
        note(
            M.ASSUME_EFFICIENCIES,
            engine=engine.id,
            decode=engine.decode_bandwidth_efficiency,
            prefill=engine.prefill_efficiency,
            layer=engine.layer_overhead_ms_mhz,
            host=engine.host_ms_per_layer,
        ),
    ]
    moe = inputs.model.architecture.moe
    if moe is not None and engine.moe_layer_overhead_ms_mhz:
        lines.append(
            note(
                M.ASSUME_MOE_LAYER,
                layers=inputs.model.architecture.num_layers - moe.first_dense_layers,
                moe=engine.moe_layer_overhead_ms_mhz,
            )
        )
    if request.frontend == "offline":
        lines.append(
            note(
                M.ASSUME_FRONTEND_OFFLINE,
                us=engine.offline_sequence_step_us,
                api_us=engine.sequence_step_us,
            )
        )
    elif engine.sequence_step_us:
        lines.append(note(M.ASSUME_FRONTEND_API, us=engine.sequence_step_us))
    if inputs.is_cpu:
        lines.append(note(M.ASSUME_CPU_BACKEND, space=gpu.kv_cache_space_gib or 0))
    return lines
