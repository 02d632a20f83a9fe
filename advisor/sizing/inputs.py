"""The resolved inputs of one sizing: the request plus the catalog records it names, and the layout."""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cached_property

from advisor.catalog.schema import EngineProfile, Gpu, Model, WeightFormat
from advisor.sizing.kv_cache import KV_BYTES
from advisor.sizing.params import ParamCounts
from advisor.sizing.request import SizingRequest
from advisor.sizing.weights import WeightBytes, parameters, weight_bytes

GB = 1e9
GIB = 2**30
# GPUs in one server: an HGX/OAM baseboard holds 8, as do the usual 4U PCIe GPU servers.
# Training layouts beyond 4 GPUs take whole nodes, and a node's GPUs share its host RAM.
GPUS_PER_NODE = 8
# Host RAM beside the card when the request does not say (JEDEC rates x 8 bytes x channels):
# a desktop's two DDR5-5600 channels, a server socket's eight DDR5-4800 channels.
DESKTOP_RAM_GB_S = 5600e6 * 8 * 2 / 1e9
SERVER_RAM_GB_S = 4800e6 * 8 * 8 / 1e9


@dataclass(frozen=True)
class Layout:
    """How the model is split: tensor x pipeline parallel inside a replica, replicas beside."""

    tp: int
    pp: int
    replicas: int = 1

    @property
    def gpus(self) -> int:
        return self.tp * self.pp * self.replicas

    @property
    def per_replica(self) -> int:
        return self.tp * self.pp


@dataclass(frozen=True)
class Inputs:
    request: SizingRequest
    model: Model
    gpu: Gpu
    fmt: WeightFormat
    engine: EngineProfile
    kv_precision: str

    @property
    def params(self) -> ParamCounts:
        return parameters(self.model)

    @cached_property
    def weights(self) -> WeightBytes:
        return weight_bytes(self.model, self.fmt, self.request.kbit_upcast)

    @property
    def kv_bytes(self) -> float:
        return KV_BYTES[self.kv_precision]

    @property
    def capacity_bytes(self) -> float:
        return self.gpu.usable_memory_gib * GIB

    @property
    def is_cpu(self) -> bool:
        return self.gpu.gpu_class == "cpu"

    @property
    def large_gpu(self) -> bool:
        """vLLM's rule for its larger scheduler defaults: >= 70 GiB and not an A100."""
        return self.gpu.usable_memory_gib >= 70 and not self.gpu.id.startswith("a100")

    @cached_property
    def offloaded_experts(self) -> tuple[float, ...]:
        """Bytes of routed experts each layer keeps in host RAM (llama.cpp --n-cpu-moe N:
        the experts of the first N layers); empty when nothing is offloaded."""
        moe = self.model.architecture.moe
        layers = self.model.architecture.num_layers
        asked = self.request.expert_offload_layers
        if moe is None or not asked:
            return ()
        per_layer = self.weights.experts / (layers - moe.first_dense_layers)
        return tuple(
            per_layer if moe.first_dense_layers <= index < asked else 0.0 for index in range(layers)
        )

    @property
    def decode_bandwidth(self) -> float:
        """Bytes per second decode reads weights and KV cache at: the device's memory
        bandwidth (a CPU server's RAM, as the request gives it) times the share decode
        reaches (a CPU server's own, measured with llama.cpp; otherwise the engine's)."""
        peak = self.gpu.memory_bandwidth_tb_s * 1e12
        if self.is_cpu and self.request.host_memory_bandwidth_gb_s is not None:
            peak = self.request.host_memory_bandwidth_gb_s * 1e9
        share = self.gpu.decode_bandwidth_efficiency or self.engine.decode_bandwidth_efficiency
        return peak * share

    @property
    def host_memory_bandwidth(self) -> float:
        """Bytes per second of the host RAM the offloaded experts are read from."""
        if self.request.host_memory_bandwidth_gb_s is not None:
            return self.request.host_memory_bandwidth_gb_s * 1e9
        datacenter = self.gpu.gpu_class == "datacenter"
        return (SERVER_RAM_GB_S if datacenter else DESKTOP_RAM_GB_S) * 1e9

    @property
    def act_bytes(self) -> float:
        return 4.0 if self.fmt.compute_dtype == "fp32" else 2.0

    def users_per_replica(self, layout: Layout) -> int:
        return math.ceil(self.request.users / layout.replicas)

    def engine_max_num_seqs(self) -> int:
        """The sequence cap the server runs with when nobody sizes it to the users."""
        if self.request.max_num_seqs is not None:
            return self.request.max_num_seqs
        if self.large_gpu:
            return self.engine.default_max_num_seqs_large_gpu
        return self.engine.default_max_num_seqs

    def max_num_seqs(self, layout: Layout) -> int:
        """The cap of the planned server: the engine's, lowered to the users it serves (or
        one slot per user where the slots are a launch flag, llama-server's -np)."""
        if self.request.max_num_seqs is not None:
            return self.request.max_num_seqs
        if self.engine.slots_follow_users:
            return max(1, self.users_per_replica(layout))
        return max(1, min(self.engine_max_num_seqs(), self.users_per_replica(layout)))

    def max_num_batched_tokens(self) -> int:
        if self.request.max_num_batched_tokens is not None:
            return self.request.max_num_batched_tokens
        if self.large_gpu:
            return self.engine.default_max_num_batched_tokens_large_gpu
        return self.engine.default_max_num_batched_tokens
