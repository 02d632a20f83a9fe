"""The terms issue 14 added, each checked against its physical meaning: the training memory
choices, hybrid and KV-sharing layers, quantised formats, experts in host RAM, the serving
load model and the user's tensor-parallel size."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

from advisor.catalog import load_catalog
from advisor.catalog.hf_config import parse_hf_config
from advisor.errors import InputError
from advisor.messages import M
from advisor.sizing import SizingRequest, performance, size
from advisor.sizing.engine import max_trainable_seq_len, resolve
from advisor.sizing.inputs import Layout
from advisor.sizing.kv_cache import kv_bytes_per_token, sequence_kv_bytes
from advisor.sizing.memory import training_activations, weights_per_gpu
from advisor.sizing.report import Training
from advisor.sizing.weights import parameters, weight_bytes

CATALOG = load_catalog()
GB = 1e9


def _train(**fields: object) -> SizingRequest:
    base: dict[str, object] = {
        "model": "llama-3.1-8b",
        "task": "lora",
        "gpu": "h100-sxm",
        "gpus": 1,
        "context": 4096,
        "micro_batch": 2,
    }
    return SizingRequest(**{**base, **fields})


def _gpu_bytes(request: SizingRequest) -> float:
    return size(request, CATALOG).memory.per_gpu_gb * GB


# --- training memory -----------------------------------------------------------------------


def test_the_loss_kernel_orders_the_logit_memory() -> None:
    """Returned fp32 logits > upcast in the loss > bf16 with one fp32 chunk > one fused chunk."""
    logits = {
        kind: training_activations(resolve(_train(cross_entropy=kind), CATALOG)).logits
        for kind in ("fp32-logits", "full", "chunked", "fused")
    }
    assert logits["fp32-logits"] > logits["full"] > logits["chunked"] > logits["fused"] > 0
    tokens, vocab = 2 * 4096, 128_256
    assert logits["fp32-logits"] == pytest.approx(tokens * vocab * 18)
    assert logits["full"] == pytest.approx(tokens * vocab * 12)
    assert logits["chunked"] == pytest.approx(tokens * vocab * 2.5)


def test_activation_offload_moves_the_checkpoints_to_host_ram() -> None:
    kept = size(_train(), CATALOG)
    offloaded = size(_train(activation_offload=True), CATALOG)
    acts = training_activations(resolve(_train(activation_offload=True), CATALOG))
    checkpoints = 32 * 2 * 4096 * 4096 * 2  # layers x tokens x hidden x bf16
    assert acts.offloaded == pytest.approx(checkpoints)
    assert offloaded.memory.per_gpu_gb < kept.memory.per_gpu_gb
    assert offloaded.memory.host_offload_gb == pytest.approx(
        kept.memory.host_offload_gb + checkpoints / GB, abs=0.01
    )


def test_offloaded_checkpoints_and_a_fused_loss_train_longer_contexts() -> None:
    plain = max_trainable_seq_len(_train(task="qlora", micro_batch=1, gpu="rtx-4090"), CATALOG)
    unsloth = max_trainable_seq_len(
        _train(
            task="qlora",
            micro_batch=1,
            gpu="rtx-4090",
            activation_offload=True,
            cross_entropy="fused",
            training_kernels="fused",
        ),
        CATALOG,
    )
    assert unsloth > 8 * plain


def test_pure_bf16_training_halves_the_optimizer_and_drops_the_master_copy() -> None:
    mixed = size(_train(task="full", gradient_checkpointing=True), CATALOG)
    pure = size(_train(task="full", master_weights=False), CATALOG)
    params = mixed.params.total
    assert mixed.memory.breakdown_gb.optimizer == pytest.approx(params * 12 / GB, rel=1e-3)
    assert pure.memory.breakdown_gb.optimizer == pytest.approx(params * 4 / GB, rel=1e-3)


def test_cpu_offload_moves_gradients_to_the_host_too() -> None:
    on_gpu = size(_train(task="full", gpus=8, gpu="a100-80gb", sharding="zero3"), CATALOG)
    offloaded = size(
        _train(task="full", gpus=8, gpu="a100-80gb", sharding="zero3", cpu_offload=True),
        CATALOG,
    )
    assert offloaded.memory.breakdown_gb.gradients < on_gpu.memory.breakdown_gb.gradients
    assert offloaded.memory.breakdown_gb.optimizer == 0
    assert offloaded.memory.host_offload_gb > on_gpu.memory.host_offload_gb


def test_lora_adapters_are_sharded_under_zero3() -> None:
    request = _train(model="llama-3.1-70b", gpu="a100-80gb", lora_rank=256)
    single = size(request.model_copy(update={"gpus": 8, "sharding": "zero2"}), CATALOG)
    sharded = size(request.model_copy(update={"gpus": 8, "sharding": "zero3"}), CATALOG)
    assert sharded.memory.breakdown_gb.weights < single.memory.breakdown_gb.weights / 2


def test_peft_kbit_upcast_keeps_the_unquantized_parameters_in_fp32() -> None:
    """prepare_model_for_kbit_training: embeddings, LM head and norms go from 16 to 32 bits;
    the NF4 layers stay as they are."""
    plain = size(_train(task="qlora"), CATALOG)
    upcast = size(_train(task="qlora", kbit_upcast=True), CATALOG)
    vocab, hidden = 128_256, 4096
    untied = 2 * vocab * hidden * 2  # embedding and LM head, 2 more bytes each
    extra = (upcast.memory.breakdown_gb.weights - plain.memory.breakdown_gb.weights) * GB
    assert extra == pytest.approx(untied, rel=0.01)  # plus the norms' few kB
    weights_formula = next(n for n in upcast.formulas_i18n if n.code is M.FORMULA_WEIGHTS)
    assert weights_formula.params["embedding_bits"] == 32
    assert isinstance(weights_formula.params["mlp_bits"], float)
    assert weights_formula.params["mlp_bits"] < 5
    assert any(n.code is M.ASSUME_KBIT_UPCAST for n in upcast.assumptions_i18n)
    with pytest.raises(ValidationError) as caught:
        _train(task="lora", kbit_upcast=True)
    assert caught.value.errors()[0]["loc"] == ("kbit_upcast",)


def test_training_may_use_the_whole_device_not_the_marketed_gigabytes() -> None:
    """An 80 GB A100 reports 79.15 GiB (85 GB) to torch; training is held to that."""
    report = size(_train(model="llama-3.3-70b", task="qlora", gpu="a100-80gb"), CATALOG)
    assert report.memory.usable_per_gpu_gb == pytest.approx(79.15 * 2**30 / GB, rel=1e-3)


def test_a_training_step_overlaps_compute_with_what_data_parallelism_moves() -> None:
    """LoRA synchronises only its adapters, full fine-tuning every gradient, ZeRO-3 also
    gathers the weights twice; CPU offload adds the optimizer's pass over host RAM."""

    def step(**fields: object) -> Training:
        report = size(_train(model="llama-3.1-70b", gpu="a100-80gb", gpus=8, **fields), CATALOG)
        assert report.training is not None
        return report.training

    lora = step(sharding="zero2")
    full = step(task="full", sharding="zero2")
    sharded = step(task="full", sharding="zero3")
    offloaded = step(task="full", sharding="zero3", cpu_offload=True)
    params = size(_train(model="llama-3.1-70b"), CATALOG).params.total
    link = 600e9  # A100 SXM NVLink per GPU (catalog)
    assert full.step_communication_s == pytest.approx(2 * params * 2 * 7 / 8 / link, rel=0.02)
    assert lora.step_communication_s < full.step_communication_s / 100
    assert sharded.step_communication_s > full.step_communication_s
    assert offloaded.step_host_optimizer_s > 0 == full.step_host_optimizer_s
    assert offloaded.tokens_per_s < sharded.tokens_per_s
    single = size(_train(gpus=1), CATALOG).training
    assert single is not None and single.step_communication_s == 0
    report = size(_train(model="llama-3.1-70b", gpu="a100-80gb", gpus=8, task="full"), CATALOG)
    assert any(n.code is M.FORMULA_TRAINING_STEP for n in report.formulas_i18n)


def test_a_collective_across_servers_moves_at_the_servers_network_rate() -> None:
    """Past one NVLink domain every GPU's NIC carries its own ring: 8 x 400 Gb/s per HGX
    server, not one NIC's 50 GB/s, and never more than NVLink; a bridged pair has no rails."""

    def communication(gpu: str, gpus: int) -> float:
        request = _train(model="llama-2-13b", gpu=gpu, gpus=gpus, task="pretrain")
        report = size(request.model_copy(update={"sharding": "zero3"}), CATALOG)
        assert report.training is not None
        return report.training.step_communication_s

    weights = size(_train(model="llama-2-13b", task="pretrain"), CATALOG).params.total * 2
    across = communication("h100-sxm", 32)
    assert across == pytest.approx(3 * weights * 31 / 32 / (8 * 50e9), rel=0.02)
    inside = communication("h100-sxm", 8)
    assert inside == pytest.approx(3 * weights * 7 / 8 / 900e9, rel=0.02)
    assert communication("rtx-3090", 4) == pytest.approx(3 * weights * 3 / 4 / 50e9, rel=0.02)


def test_mla_down_projections_and_routers_stay_whole_on_every_tensor_parallel_rank() -> None:
    """vLLM's ReplicatedLinear: DeepSeek's q_a / kv_a projections (in the weight format) and
    its router (16-bit) are on every rank, not split; a dense GQA model has none."""
    model, fmt = CATALOG.models["deepseek-r1"], CATALOG.formats["int4"]
    arch, weights = model.architecture, weight_bytes(model, fmt)
    assert arch.mla is not None and arch.moe is not None
    mla = arch.hidden_size * (
        (arch.mla.q_lora_rank or 0) + arch.mla.kv_lora_rank + arch.mla.qk_rope_head_dim
    )
    routers = arch.num_layers - arch.moe.first_dense_layers
    expected = (
        arch.num_layers * mla * fmt.bits["attention"] / 8
        + routers * arch.hidden_size * arch.moe.num_experts * 2
    )
    assert weights.replicated_total == pytest.approx(expected)
    tp16 = weights_per_gpu(weights, Layout(16, 1, 1))
    assert tp16 == pytest.approx(weights.total / 16 + expected * 15 / 16, rel=1e-6)
    assert weights_per_gpu(weights, Layout(1, 1, 1)) == pytest.approx(weights.total)
    dense = weight_bytes(CATALOG.models["llama-3.1-70b"], CATALOG.formats["bf16"])
    assert dense.replicated_total == 0


def test_eager_kernels_add_their_memory_traffic_and_fused_kernels_do_not() -> None:
    """Eager PyTorch pays each elementwise op's HBM traffic on top of the FLOPs; PEFT's fp32
    adapters move more than bf16 ones; checkpointing runs the forward's share twice."""

    def speed(**fields: object) -> Training:
        training = size(_train(gpus=1, gpu="h200", **fields), CATALOG).training
        assert training is not None
        return training

    eager, fused = speed(task="lora"), speed(task="lora", training_kernels="fused")
    assert fused.step_elementwise_s == 0 < eager.step_elementwise_s
    assert eager.tokens_per_s < fused.tokens_per_s
    assert eager.step_compute_s == pytest.approx(fused.step_compute_s)
    bf16 = speed(task="lora", master_weights=False)
    assert bf16.step_elementwise_s < eager.step_elementwise_s
    chunked = speed(task="lora", cross_entropy="chunked")  # the loss's own traffic left out
    assert chunked.step_elementwise_s < eager.step_elementwise_s
    no_checkpoints = speed(task="lora", cross_entropy="chunked", gradient_checkpointing=False)
    assert no_checkpoints.step_elementwise_s == pytest.approx(
        chunked.step_elementwise_s * 3 / 4, rel=1e-3
    )


# Bytes per token autograd kept for a middle decoder layer, counted with saved-tensor hooks on
# an H200 (benchmarks/gpu_probe.py; tests/validation points SAV-*): no checkpointing, 2,048
# tokens, transformers 5.17 + PEFT 0.21 in eager PyTorch.
SAVED_BY_HOOKS = [
    ({"model": "llama-3.2-1b", "task": "full", "master_weights": False}, 108_680),
    ({"model": "llama-3.2-1b", "task": "lora", "lora_rank": 16}, 158_280),
    (
        {"model": "llama-3.2-3b", "task": "lora", "lora_rank": 64, "lora_targets": ["q", "v"]},
        115_304,
    ),
]


@pytest.mark.parametrize(("fields", "measured"), SAVED_BY_HOOKS)
def test_saved_activations_without_checkpointing_are_what_autograd_keeps(
    fields: dict[str, object], measured: int
) -> None:
    request = _train(
        gpu="h200", micro_batch=1, context=2048, gradient_checkpointing=False, **fields
    )
    inputs = resolve(request, CATALOG)
    layers = inputs.model.architecture.num_layers
    per_layer = training_activations(inputs).saved / ((layers - 1) * 2048)
    assert per_layer == pytest.approx(measured, rel=0.005)


def test_peft_fp32_adapters_copy_their_inputs_and_fused_kernels_keep_the_least() -> None:
    """PEFT casts each adapted matrix's input to fp32 (q, k and v each get a copy); bf16
    adapters share the base layer's input; fused kernels recompute what is cheap."""

    def saved(**fields: object) -> float:
        request = _train(gpu="h200", gradient_checkpointing=False, **fields)
        return training_activations(resolve(request, CATALOG)).saved

    fp32, bf16 = saved(master_weights=True), saved(master_weights=False)
    fused = saved(master_weights=True, training_kernels="fused")
    assert fused < bf16 < fp32
    assert saved(task="full", master_weights=False) < fp32


def test_eager_decode_waits_on_the_host_whatever_the_gpu() -> None:
    """transformers generate() at batch 1 issues every op from Python: a small model decodes
    at the host's pace on any GPU, one dispatch time per layer."""
    engine = CATALOG.engines["transformers"]
    speeds = []
    for gpu in ("h200", "l40s", "rtx-4090"):
        request = SizingRequest(
            model="llama-3.2-1b", engine="transformers", gpu=gpu, context=416, output_tokens=288
        )
        performance = size(request, CATALOG).performance
        assert performance.decode_bound == "overhead"
        speeds.append(performance.per_user_tokens_per_s)
    layers = 16  # Llama 3.2 1B
    assert speeds == pytest.approx([1000 / (layers * engine.host_ms_per_layer)] * 3, rel=0.01)


def test_the_optimizer_pass_reads_and_writes_every_trainable_parameter_once() -> None:
    """Pure bf16 AdamW: gradient 2 B + 2 x (states 4 B + weight 2 B) = 14 B per parameter at
    the streaming bandwidth; with CPU offload the pass moves to host RAM."""
    report = size(_train(gpus=1, gpu="h200", task="full", master_weights=False), CATALOG)
    assert report.training is not None
    stream = 4.8e12 * 0.85  # H200 HBM (catalog) x STREAM_EFFICIENCY
    expected = report.training.trainable_params * 14 / stream
    assert report.training.step_gpu_optimizer_s == pytest.approx(expected, rel=0.01)
    offload = size(
        _train(gpus=1, gpu="h200", task="full", master_weights=False, cpu_offload=True), CATALOG
    ).training
    assert offload is not None and offload.step_gpu_optimizer_s == 0 < offload.step_host_optimizer_s


# --- hybrid and KV-sharing layers ------------------------------------------------------------


def test_qlora_dequantizes_its_weights_once_per_pass_whatever_the_batch() -> None:
    """bitsandbytes dequantizes each NF4 matrix to bf16 before forward, the recomputed
    forward and backward: 2.5 B per linear weight and pass, per step, so its share of the
    step falls as the micro-batch grows, and LoRA pays none of it."""
    stream = 4.8e12 * 0.85  # H200 HBM (catalog) x STREAM_EFFICIENCY
    inputs = resolve(_train(gpu="h200", task="qlora"), CATALOG)
    linear = inputs.params.attention + inputs.params.mlp + inputs.params.experts
    steps = {}
    for micro_batch in (1, 8):
        training = size(_train(gpu="h200", task="qlora", micro_batch=micro_batch), CATALOG).training
        assert training is not None
        assert training.step_dequant_s == pytest.approx(3 * linear * 2.5 / stream, abs=1e-4)
        steps[micro_batch] = training.step_dequant_s / training.step_compute_s
    assert steps[8] == pytest.approx(steps[1] / 8, rel=0.02)  # the report rounds to 0.1 ms
    no_checkpoints = size(
        _train(gpu="h200", task="qlora", gradient_checkpointing=False), CATALOG
    ).training
    assert no_checkpoints is not None
    assert no_checkpoints.step_dequant_s == pytest.approx(2 * linear * 2.5 / stream, abs=1e-4)
    lora = size(_train(gpu="h200", task="lora"), CATALOG).training
    assert lora is not None and lora.step_dequant_s == 0


def test_qwen3_next_keeps_kv_in_a_quarter_of_its_layers_plus_a_fixed_state() -> None:
    arch = CATALOG.model("qwen3-next-80b-a3b").architecture
    assert arch.kv_layers == 12
    per_token = kv_bytes_per_token(arch, 2.0)
    assert per_token == 12 * 2 * 2 * 256 * 2
    state = arch.recurrent_state_bytes()
    assert state == pytest.approx(36 * (32 * 128 * 128 * 4 + (2 * 16 * 128 + 32 * 128) * 3 * 2))
    one = sequence_kv_bytes(arch, 2.0, 1)
    long = sequence_kv_bytes(arch, 2.0, 100_001)
    assert one == pytest.approx(per_token + state)
    assert long - one == pytest.approx(100_000 * per_token)


# Gated DeltaNet in 3 of every 4 layers, as Qwen3-Next and Qwen3.5-35B-A3B configure it.
GDN_KEYS = {
    "full_attention_interval": 4,
    "linear_num_key_heads": 16,
    "linear_num_value_heads": 32,
    "linear_key_head_dim": 128,
    "linear_value_head_dim": 128,
    "linear_conv_kernel_dim": 4,
}
# Qwen3.5-35B-A3B as its config.json gives it: a multimodal wrapper around the text model, every
# layer MoE (no intermediate_size key), Gated DeltaNet in 3 of 4 layers, a gated query.
QWEN35_CONFIG = {
    "model_type": "qwen3_5_moe",
    "tie_word_embeddings": False,
    "text_config": {
        "model_type": "qwen3_5_moe_text",
        "hidden_size": 2048,
        "num_hidden_layers": 40,
        "num_attention_heads": 16,
        "num_key_value_heads": 2,
        "head_dim": 256,
        "vocab_size": 248320,
        "max_position_embeddings": 262144,
        "attn_output_gate": True,
        **GDN_KEYS,
        "num_experts": 256,
        "num_experts_per_tok": 8,
        "moe_intermediate_size": 512,
        "shared_expert_intermediate_size": 512,
    },
}


def test_gated_deltanet_layers_and_a_gated_query_count_as_the_checkpoint_does() -> None:
    """The published safetensors total of Qwen3.5-35B-A3B (35,951,822,704) is the text model
    plus its MTP layer (844,640,768) and vision tower (446,571,248), both counted from the
    same config by the helper that collected it; the text model makes up the rest but for
    the q/k norms and the shared-expert gate (87,040 parameters), which are not counted."""
    catalog_model = CATALOG.model("qwen3.5-35b-a3b")
    counted = parameters(catalog_model).total
    assert counted + 844_640_768 + 446_571_248 + 87_040 == 35_951_822_704
    parsed = parse_hf_config(QWEN35_CONFIG, "test")
    assert parameters(parsed).total == counted
    assert parsed.architecture.attention_output_gate
    assert parsed.tool_call_parser == "qwen3_coder"
    dense_gate = parsed.architecture.model_copy(update={"attention_output_gate": False})
    assert (
        parameters(parsed).total
        - parameters(parsed.model_copy(update={"architecture": dense_gate})).total
        == 10 * 2048 * 16 * 256
    )  # the gate half of q_proj in the 10 attending layers


def test_hybrid_and_kv_sharing_configs_parse_from_config_json() -> None:
    next_config = {
        "model_type": "qwen3_next",
        "hidden_size": 2048,
        "num_hidden_layers": 48,
        "num_attention_heads": 16,
        "num_key_value_heads": 2,
        "head_dim": 256,
        "intermediate_size": 5120,
        "vocab_size": 151936,
        **GDN_KEYS,
    }
    arch = parse_hf_config(next_config, "test").architecture
    assert (arch.kv_free_layers, arch.kv_layers) == (36, 12)
    assert arch.linear_attention is not None
    gemma3n = {
        "model_type": "gemma3n",
        "text_config": {
            "hidden_size": 2048,
            "num_hidden_layers": 35,
            "num_attention_heads": 8,
            "num_key_value_heads": 2,
            "head_dim": 256,
            "intermediate_size": [16384] * 35,
            "vocab_size": 262400,
            "sliding_window": 512,
            "layer_types": (["sliding_attention"] * 4 + ["full_attention"]) * 7,
            "num_kv_shared_layers": 15,
            "hidden_size_per_layer_input": 256,
            "vocab_size_per_layer_input": 262144,
        },
    }
    arch = parse_hf_config(gemma3n, "test").architecture
    assert arch.intermediate_size == 16384
    assert (arch.kv_free_layers, arch.sliding_window_layers, arch.full_attention_layers) == (
        15,
        16,
        4,
    )
    assert arch.per_layer_input_dim == 256


# --- quantised formats ------------------------------------------------------------------------


def test_exl2_bits_per_weight_sets_the_linear_layers() -> None:
    def weights(**fields: object) -> float:
        request = SizingRequest(model="codellama-34b", engine="llama.cpp", gpu="rtx-4090", **fields)
        return resolve(request, CATALOG).weights.total / GB

    low, high = (
        weights(precision="exl2", bits_per_weight=4.0),
        weights(precision="exl2", bits_per_weight=6.0),
    )
    linear = high - low  # 2 more bits on every linear weight
    assert linear == pytest.approx(2 / 8 * 33.2, rel=0.02)


def test_bits_per_weight_belongs_to_exllama_formats_only() -> None:
    with pytest.raises(ValidationError, match="bits_per_weight"):
        SizingRequest(model="llama-3.1-8b", precision="int4", bits_per_weight=4.5)


def test_smaller_awq_groups_cost_more_bits() -> None:
    sizes = [
        size(SizingRequest(model="llama-3.1-70b", precision=p), CATALOG).memory.breakdown_gb
        for p in ("int4", "int4-g64", "int4-g32")
    ]
    assert sizes[0].weights < sizes[1].weights < sizes[2].weights


# --- experts in host RAM ----------------------------------------------------------------------


def _offload(layers: int, **fields: object) -> SizingRequest:
    base: dict[str, object] = {
        "model": "gpt-oss-120b",
        "engine": "llama.cpp",
        "gpu": "rtx-4090",
        "gpus": 1,
        "context": 4096,
        "expert_offload_layers": layers,
    }
    return SizingRequest(**{**base, **fields})


def test_offloaded_experts_leave_the_gpu_and_slow_decode() -> None:
    everything = size(_offload(36), CATALOG)
    half = size(_offload(18), CATALOG)
    assert everything.memory.host_offload_gb > half.memory.host_offload_gb > 0
    assert everything.memory.breakdown_gb.weights < half.memory.breakdown_gb.weights
    assert everything.performance.per_user_tokens_per_s < half.performance.per_user_tokens_per_s
    faster_ram = size(_offload(36, host_memory_bandwidth_gb_s=400), CATALOG)
    assert (
        faster_ram.performance.per_user_tokens_per_s > everything.performance.per_user_tokens_per_s
    )


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"model": "llama-3.1-8b"}, "no experts"),
        ({"engine": "vllm"}, "llama.cpp"),
    ],
)
def test_expert_offload_errors_name_the_field(fields: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message) as caught:
        size(_offload(4, **fields), CATALOG)
    assert caught.value.field == "expert_offload_layers"


# --- the user's tensor-parallel size ------------------------------------------------------------


def test_a_tensor_parallel_size_is_used_across_pcie_cards() -> None:
    report = size(
        SizingRequest(model="llama-3.1-70b", gpu="rtx-4090", gpus=4, tensor_parallel_size=4),
        CATALOG,
    )
    assert (report.gpu.tensor_parallel, report.gpu.pipeline_parallel) == (4, 1)


# --- which layout serves: pipeline stages only when needed, then the faster request -----------


def _layout(**fields: object) -> tuple[int, int, int]:
    gpu = size(SizingRequest.model_validate(fields), CATALOG).gpu
    return gpu.tensor_parallel, gpu.pipeline_parallel, gpu.replicas


def test_a_model_that_fits_one_card_is_replicated_not_pipelined() -> None:
    """8B on four PCIe L40S: four replicas, not one model in four stages."""
    layout = _layout(model="llama-3.1-8b", gpu="l40s", gpus=4, users=300, context=1280)
    assert layout == (1, 1, 4)


def test_a_given_tensor_parallel_size_adds_replicas_before_stages() -> None:
    layout = _layout(
        model="llama-3.1-70b",
        gpu="h100-sxm",
        gpus=8,
        tensor_parallel_size=4,
        users=400,
        context=1280,
        output_tokens=256,
    )
    assert layout == (4, 1, 2)


def test_one_user_gets_the_widest_tensor_parallel_and_a_crowd_gets_replicas() -> None:
    """TP cuts the weights each GPU reads per token (latency); replicas cut the all-reduces
    and the host work per step (a crowd). The engine's own figures decide, not a rule."""
    common = {"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 8, "context": 1280}
    assert _layout(**common, users=1) == (8, 1, 1)
    crowd = _layout(**common, users=1000)
    assert crowd[2] > 1
    fastest = size(SizingRequest.model_validate({**common, "users": 1000}), CATALOG)
    widest = size(
        SizingRequest.model_validate({**common, "users": 1000, "tensor_parallel_size": 8}), CATALOG
    )
    assert fastest.performance.per_user_tokens_per_s > widest.performance.per_user_tokens_per_s


def test_pcie_cards_split_tensors_inside_a_server_and_stages_across_servers() -> None:
    """vLLM runs TP over PCIe inside one server; a model that needs more servers adds
    pipeline stages between them."""
    assert _layout(model="llama-3.1-70b", gpu="l40s", gpus=4, context=4096) == (4, 1, 1)
    assert _layout(model="llama-3.1-405b", gpu="l40s", precision="fp8", context=4096) == (8, 2, 1)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"tensor_parallel_size": 3}, "does not divide the model"),
        ({"tensor_parallel_size": 4, "gpus": 6}, "does not divide gpus"),
        ({"tensor_parallel_size": 2, "engine": "llama.cpp"}, "splits layers"),
    ],
)
def test_an_impossible_tensor_parallel_size_names_the_field(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(InputError, match=message) as caught:
        size(SizingRequest(model="llama-3.1-70b", gpu="h100-sxm", **fields), CATALOG)
    assert caught.value.field == "tensor_parallel_size"


# --- serving under load -------------------------------------------------------------------------


def _curve(**fields: object) -> list[tuple[int, float, float, float, float]]:
    base: dict[str, object] = {"model": "llama-3.1-8b", "gpu": "l40s", "gpus": 1, "context": 3000}
    report = size(SizingRequest(**{**base, **fields}), CATALOG)
    return [
        (p.concurrency, p.inter_token_latency_ms, p.ttft_s, p.aggregate_tokens_per_s, p.queue_s)
        for p in report.performance.load_curve
    ]


@settings(max_examples=25, deadline=None)
@given(
    model=st.sampled_from(["llama-3.1-8b", "qwen3-30b-a3b", "llama-3.1-70b", "gpt-oss-120b"]),
    gpu=st.sampled_from(["l40s", "h100-sxm", "rtx-4090", "b200"]),
    context=st.integers(256, 32_768),
    users=st.integers(1, 400),
)
def test_latency_grows_and_throughput_saturates_with_concurrency(
    model: str, gpu: str, context: int, users: int
) -> None:
    curve = _curve(model=model, gpu=gpu, gpus=None, context=context, users=users)
    assert [c for c, *_ in curve] == sorted({1, 8, 16, 32, 64, 128, 256, users})
    for (_, itl, ttft, agg, queue), (_, itl2, ttft2, agg2, queue2) in itertools.pairwise(curve):
        assert itl2 >= itl - 1e-6
        # One more client can cost a whole pipeline micro-batch step; every client then cycles
        # slower, arrivals thin out and the prompt queue shrinks a little (a closed loop).
        assert ttft2 >= ttft * 0.98 - 1e-6
        assert queue2 >= queue - 1e-6
        # More clients do not lower the throughput, beyond the granularity of the batch
        # (one more request per pipeline micro-batch or a new expert set costs a step).
        assert agg2 >= agg * 0.9
    assert curve[0][4] == 0  # one request never queues


def test_a_burst_waits_for_the_prompts_ahead_of_it() -> None:
    """All clients sending at once: one request waits for nobody (its prompt, longer than
    the L40S's 2,048-token step, is computed in two steps that read the weights once each),
    and the mean wait grows with every extra client."""
    report = size(
        SizingRequest(model="llama-3.1-8b", gpu="l40s", gpus=1, context=3000, users=64),
        CATALOG,
    )
    curve = report.performance.load_curve
    assert curve[0].burst_ttft_s == pytest.approx(curve[0].ttft_s, rel=0.1)
    for level in curve:
        assert level.burst_ttft_s >= level.ttft_s
    bursts = [level.burst_ttft_s for level in curve]
    assert bursts == sorted(bursts) and bursts[-1] > 10 * bursts[0]
    at_users = next(p for p in curve if p.concurrency == 64)
    assert report.performance.burst_ttft_s == pytest.approx(at_users.burst_ttft_s, abs=1e-3)


def test_a_burst_is_prefilled_in_engine_steps_that_end_together() -> None:
    """Prompts that arrive together are packed into engine steps of max_num_batched_tokens
    (8,192 on an H100): four 2,000-token prompts share one step and all get their first
    token when it ends; a fifth straddles into a second step, which also carries a decode
    token for each of the four."""
    request = SizingRequest(model="llama-3.1-8b", gpu="h100-sxm", gpus=1, context=2200)
    inputs = resolve(request.model_copy(update={"output_tokens": 200}), CATALOG)
    layout = Layout(1, 1)
    assert inputs.max_num_batched_tokens() == 8192
    fixed = inputs.engine.prefill_fixed_ms / 1e3
    one_step = performance._prefill_compute_s(inputs, layout, 8000, 2000)
    assert performance.burst_ttft_s(inputs, layout, 4, 2000) == pytest.approx(one_step + fixed)
    # 10,000 tokens: the first step takes 8,192 (four prompts end in it), the second the
    # fifth's last 1,808 and a decode token for each of the four; the fifth waits for both.
    first = performance._prefill_compute_s(inputs, layout, 8192, 2000)
    rest = performance._prefill_compute_s(inputs, layout, 1808 + 4, 2000)
    second = performance.burst_ttft_s(inputs, layout, 5, 2000) - fixed
    assert first + rest / 5 < second < first + (rest + 0.005) / 5
    single = performance.prefill_s(inputs, layout, 2000)[0]
    assert performance.burst_ttft_s(inputs, layout, 1, 2000) == pytest.approx(single)


def test_a_long_burst_summed_in_closed_form_matches_the_step_by_step_sum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """300 prompts of 2,000 tokens are 74 steps of 8,192: the closed form the engine uses
    past BURST_EXACT_STEPS agrees with adding the steps one by one."""
    inputs = resolve(SizingRequest(model="llama-3.1-8b", gpu="h100-sxm", gpus=1), CATALOG)
    closed = performance.burst_ttft_s(inputs, Layout(1, 1), 300, 2000)
    monkeypatch.setattr(performance, "BURST_EXACT_STEPS", 10**6)
    exact = performance.burst_ttft_s(inputs, Layout(1, 1), 300, 2000)
    assert closed == pytest.approx(exact, rel=0.01)
    assert exact > 30 * performance._prefill_compute_s(inputs, Layout(1, 1), 8192, 2000)


def test_an_offline_batch_skips_the_api_servers_work_per_request() -> None:
    """Without the API server a running request costs the engine's offline host work, so
    the decode step shortens by batch x (api - offline) microseconds."""
    base = {"model": "llama-3.1-8b", "gpu": "h100-sxm", "gpus": 1, "context": 1024, "users": 256}
    api = size(SizingRequest(**base), CATALOG).performance
    offline_report = size(SizingRequest(**base, frontend="offline"), CATALOG)
    offline = offline_report.performance
    batch = next(p.batch for p in api.load_curve if p.concurrency == 256)
    assert api.inter_token_latency_ms - offline.inter_token_latency_ms == pytest.approx(
        batch * (55 - 26) / 1000, rel=0.01
    )
    assert offline.aggregate_tokens_per_s > api.aggregate_tokens_per_s
    assert any(n.code is M.ASSUME_FRONTEND_OFFLINE for n in offline_report.assumptions_i18n)
    with pytest.raises(ValidationError) as caught:
        SizingRequest(**base, task="lora", frontend="offline")
    assert caught.value.errors()[0]["loc"] == ("frontend",)


def test_clients_beyond_the_kv_cache_queue_and_the_headline_is_the_asked_load() -> None:
    report = size(
        SizingRequest(model="llama-3.1-70b", gpu="h100-sxm", gpus=2, context=32_000, users=300),
        CATALOG,
    )
    at_users = next(p for p in report.performance.load_curve if p.concurrency == 300)
    assert at_users.batch < 300 and at_users.queue_s > 0
    assert report.performance.ttft_s == pytest.approx(at_users.ttft_s, abs=1e-3)
    assert report.performance.inter_token_latency_ms == pytest.approx(
        at_users.inter_token_latency_ms, rel=1e-3
    )


# --- review findings, kept fixed ---------------------------------------------------------------


def test_idle_replicas_add_no_throughput() -> None:
    from advisor.sizing.inputs import Layout
    from advisor.sizing.performance import serving_load

    inputs = resolve(SizingRequest(model="llama-3.1-8b", gpu="l40s", context=3000), CATALOG)
    one = serving_load(inputs, Layout(1, 1, 1), 1, 64).aggregate_tokens_per_s
    assert serving_load(inputs, Layout(1, 1, 4), 1, 64).aggregate_tokens_per_s == pytest.approx(one)
    five = serving_load(inputs, Layout(1, 1, 4), 5, 64)
    assert five.aggregate_tokens_per_s <= 5 * five.per_user_tokens_per_s


@pytest.mark.parametrize(
    "extra",
    [
        {"num_kv_shared_layers": 8},
        {"layer_types": ["linear_attention"] * 8},
        {
            "num_experts": 8,
            "num_experts_per_tok": 2,
            "moe_intermediate_size": 512,
            "first_k_dense_replace": 8,
        },
    ],
)
def test_a_config_without_kv_or_experts_anywhere_is_refused_cleanly(
    extra: dict[str, object],
) -> None:
    config = {
        "hidden_size": 2048,
        "num_hidden_layers": 8,
        "num_attention_heads": 16,
        "num_key_value_heads": 2,
        "intermediate_size": 4096,
        "vocab_size": 1000,
        **extra,
    }
    with pytest.raises(ValidationError, match="hf_config"):
        SizingRequest(hf_config=config, gpu="h100-sxm")


def test_lookup_tables_and_a_vision_tower_are_not_read_per_token() -> None:
    from advisor.sizing.performance import _weight_bytes_read

    inputs = resolve(SizingRequest(model="gemma-3n-e4b"), CATALOG)
    w = inputs.weights
    head = 262_400 * 2048 * 2  # the tied output projection, not the per-layer tables
    assert _weight_bytes_read(inputs, 1) == pytest.approx(w.total - w.embedding + head)
    gemma = resolve(SizingRequest(model="gemma-3-4b"), CATALOG)
    assert gemma.weights.vision == pytest.approx(0.834e9)
    assert _weight_bytes_read(gemma, 1) < gemma.weights.total - gemma.weights.vision + 1


@pytest.mark.parametrize(
    ("fields", "field"),
    [
        (
            {
                "model": "qwen3-30b-a3b",
                "gpu": "cpu",
                "engine": "llama.cpp",
                "expert_offload_layers": 4,
            },
            "expert_offload_layers",
        ),
        (
            {"model": "llama-3.1-8b", "task": "lora", "gpus": 2, "tensor_parallel_size": 2},
            "tensor_parallel_size",
        ),
        (
            {"model": "llama-3.1-8b", "gpu": "cpu", "tensor_parallel_size": 2},
            "tensor_parallel_size",
        ),
    ],
)
def test_options_that_cannot_apply_are_refused(fields: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        size(SizingRequest(**fields), CATALOG)
    assert caught.value.field == field


# --- layers of different shapes (Nemotron-NAS / DeciLM block_configs) ----------------------------

NAS_CONFIG = {
    "model_type": "nemotron-nas",
    "hidden_size": 1024,
    "num_hidden_layers": 4,
    "num_attention_heads": 16,
    "head_dim": 64,
    "vocab_size": 1000,
    "block_configs": [
        {"attention": {"n_heads_in_group": 8}, "ffn": {"ffn_mult": 2.625}},
        {"attention": {"no_op": True}, "ffn": {"ffn_mult": 1.0}},
        {"attention": {"replace_with_linear": True}, "ffn": {"replace_with_linear": True}},
        {"attention": {"n_heads_in_group": 4}, "ffn": {"no_op": True}},
    ],
}


def test_per_layer_blocks_size_each_layer_as_its_config_says() -> None:
    from advisor.sizing.params import count_parameters

    arch = parse_hf_config(NAS_CONFIG, "test").architecture
    assert arch.blocks is not None and arch.kv_layers == 2
    assert [b.mlp_width for b in arch.blocks] == [1792, 768, 0, 0]  # 2/3 x mult x h, to 256
    assert kv_bytes_per_token(arch, 2.0) == 2 * (2 + 4) * 64 * 2
    layers = count_parameters(arch).layers
    h = 1024
    assert [layer.attention for layer in layers] == [
        h * h + 2 * h * 128 + h * h,
        0,
        h * h,
        h * h + 2 * h * 256 + h * h,
    ]
    assert [layer.mlp for layer in layers] == [3 * h * 1792, 3 * h * 768, h * h, 0]
    report = size(SizingRequest(hf_config=NAS_CONFIG, gpu="l40s", users=4), CATALOG)
    assert report.fits and report.memory.kv_cache_capacity_tokens > 0


@pytest.mark.parametrize(
    ("blocks", "key"),
    [
        ([{"attention": {"no_op": True}, "ffn": {"ffn_mult": 1.0}}] * 4, "KV cache"),
        (
            [{"attention": {"n_heads_in_group": 3}, "ffn": {"ffn_mult": 1.0}}] * 4,
            "n_heads_in_group",
        ),
        ([{"attention": {"n_heads_in_group": 8}, "ffn": {"ffn_mult": "x"}}] * 4, "ffn_mult"),
        (
            [{"attention": {"n_heads_in_group": 8}, "ffn": {"ffn_mult": 1.0}}] * 3,
            "one block per layer",
        ),
        ([7, 7, 7, 7], "attention and ffn"),
    ],
)
def test_a_bad_block_config_names_what_is_wrong(blocks: list[object], key: str) -> None:
    with pytest.raises(ValidationError, match=key):
        SizingRequest(hf_config={**NAS_CONFIG, "block_configs": blocks}, gpu="l40s")


@pytest.mark.parametrize(("model", "task"), [("llama-3.1-8b", "full"), ("llama-3.1-70b", "lora")])
def test_more_gpus_for_training_never_turn_a_fit_into_a_miss(model: str, task: str) -> None:
    """A count the user gives shards the training state (ZeRO-3) when plain data parallelism
    cannot hold it, as the engine does when it picks the count itself."""
    chosen = size(SizingRequest(model=model, task=task, gpu="h100-sxm"), CATALOG)
    assert chosen.fits
    for gpus in (chosen.gpu.count, 8, 16):
        report = size(SizingRequest(model=model, task=task, gpu="h100-sxm", gpus=gpus), CATALOG)
        assert report.fits, gpus
        sharded = M.SHARDED_ZERO3 in {w.code for w in report.warnings_i18n}
        assert sharded == (gpus > 1), gpus


def test_a_named_sharding_is_kept() -> None:
    request = SizingRequest(model="llama-3.1-8b", task="full", gpu="h100-sxm", gpus=8)
    zero2 = size(request.model_copy(update={"sharding": "zero2"}), CATALOG)
    assert M.SHARDED_ZERO3 not in {w.code for w in zero2.warnings_i18n}
    assert not zero2.fits or zero2.memory.breakdown_gb.optimizer > 10  # states split 8 ways only


@pytest.mark.parametrize(
    ("model", "output", "warned"),
    [
        ("deepseek-r1-distill-qwen-32b", 256, True),  # always thinks
        ("qwen3-32b", None, True),  # thinks by default
        ("qwen3-32b", 8000, False),  # an output length that holds the thinking was given
        ("qwen2.5-32b", 256, False),  # answers straight away
        ("qwen3-30b-a3b-2507", 256, False),  # the 2507 Instruct does not think
    ],
)
def test_a_reasoning_model_sized_for_a_short_answer_is_flagged(
    model: str, output: int | None, warned: bool
) -> None:
    """R1 was sized at the use case's 256 output tokens, as if it answered straight away; its
    chain of thought runs to thousands of tokens on hard questions (R1-0528's card: R1
    averaged 12K tokens per AIME question), so a short output length is flagged."""
    report = size(
        SizingRequest(model=model, gpu="h100-sxm", context=8192, output_tokens=output),
        CATALOG,
    )
    codes = [n.code for n in report.warnings_i18n]
    assert (M.REASONING_OUTPUT in codes) is warned


def test_a_layout_beyond_one_server_sizes_each_servers_ram_and_lanes() -> None:
    """QA 47: 'ОЗУ 16384 ГБ', '40960 GB of RAM' for 16 and 64 GPUs: the RAM is each server's
    (twice its GPUs' memory for training), rounded per server, not the layout's rounded up."""
    catalog = load_catalog()
    one = size(
        SizingRequest(model="llama-3-8b", task="pretrain", gpu="b200", gpus=8), catalog
    ).server
    eight = size(
        SizingRequest(model="llama-3-8b", task="pretrain", gpu="b200", gpus=64), catalog
    ).server
    assert (one.servers, eight.servers) == (1, 8)
    assert eight.ram_per_server_gb == one.ram_per_server_gb == one.system_ram_gb
    assert eight.system_ram_gb == 8 * eight.ram_per_server_gb
    assert eight.pcie_lanes == one.pcie_lanes  # each server's CPUs feed its own 8 GPUs
    assert eight.power_w > 7 * one.power_w  # every server's host, not one


def test_llama_server_batches_its_users_in_slots() -> None:
    """llama-server runs a slot per request and decodes them in one batch (default 4 slots
    since late 2025, -np N when planned): five people do not queue one behind another."""
    asked = {
        "model": "llama-3-70b",
        "precision": "q4_k_m",
        "engine": "llama.cpp",
        "gpu": "rtx-3090",
        "gpus": 2,
        "context": 4096,
    }
    one = size(SizingRequest(**asked, users=1), CATALOG).performance
    five = size(SizingRequest(**asked, users=5), CATALOG).performance
    assert five.ttft_s < 3 * one.ttft_s
    assert five.aggregate_tokens_per_s > 2 * one.aggregate_tokens_per_s
    default = CATALOG.engines["llama.cpp"]
    assert (default.default_max_num_seqs, default.slots_follow_users) == (4, True)


@pytest.mark.parametrize(("users", "prompt"), [(1, 1024), (10, 1024), (10, 32_000), (64, 4000)])
def test_a_wave_streams_no_slower_than_a_closed_loop(users: int, prompt: int) -> None:
    """A wave reads no prompt while the answers stream: each stream is at least as fast as in
    the closed loop, whose arrivals' prompts are read beside it, and alone it is the same."""
    request = SizingRequest(
        model="llama-3.1-8b",
        gpu="h100-sxm",
        users=users,
        context=prompt + 256,
        prompt_tokens=prompt,
        output_tokens=256,
    )
    speed = size(request, CATALOG).performance
    assert speed.wave_tokens_per_s >= speed.per_user_tokens_per_s
    if users == 1:
        assert speed.wave_tokens_per_s == pytest.approx(speed.per_user_tokens_per_s)
