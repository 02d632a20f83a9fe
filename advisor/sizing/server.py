"""The rest of the server: host RAM, NVMe, CPU PCIe lanes, power and cooling.

The article's warning: starving RAM, NVMe or CPU lanes makes expensive GPUs idle.
"""

from __future__ import annotations

import math

from advisor.catalog.schema import Gpu
from advisor.sizing.context import GB, Inputs, Layout
from advisor.sizing.report import Server

RAM_SIZES_GB = (64, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072, 4096, 6144, 8192)
NVME_SIZES_TB = (1, 2, 4, 8, 15.36, 30.72, 61.44, 122.88, 245.76)
NIC_LANES = 16  # one 100-400 GbE / InfiniBand adapter
NVME_LANES = 8  # two x4 NVMe drives
HOST_POWER_W = 450  # CPU, DRAM, drives, NICs and fans of a single-socket server
DUAL_SOCKET_EXTRA_W = 350
PSU_HEADROOM = 1.2  # keep PSUs at or below ~80% load
SINGLE_SOCKET_LANES = 128  # AMD EPYC; a Xeon socket has 80-88


def _round_up(value: float, sizes: tuple[float, ...]) -> float:
    return next((s for s in sizes if s >= value), sizes[-1] * math.ceil(value / sizes[-1]))


def size_server(inputs: Inputs, layout: Layout, host_offload_bytes: float) -> Server:
    request, gpu = inputs.request, inputs.gpu
    n = layout.gpus
    vram_gb = n * gpu.memory_gb
    weights_gb = inputs.weights.total / GB
    checkpoint_gb = inputs.params.total * 2 / GB  # bf16 safetensors on disk
    if request.is_training:
        ram = max(2 * vram_gb, 1.5 * checkpoint_gb) + 1.5 * host_offload_bytes / GB
        dataset_gb = (request.dataset_tokens or 0) * 4 / GB  # tokenised, int32
        state_gb = inputs.params.total * (16 if request.task in ("full", "pretrain") else 2) / GB
        nvme_tb = (3 * checkpoint_gb + 2 * state_gb + 2 * dataset_gb) / 1000
    else:
        ram = max(vram_gb, 1.25 * weights_gb, 1.25 * checkpoint_gb)
        nvme_tb = 3 * checkpoint_gb / 1000  # base, quantised variants, engine caches
    lanes = n * gpu.pcie_lanes + NIC_LANES + NVME_LANES
    dual = lanes > SINGLE_SOCKET_LANES
    power = n * gpu.tdp_w + HOST_POWER_W + (DUAL_SOCKET_EXTRA_W if dual else 0)
    return Server(
        system_ram_gb=int(_round_up(max(ram, 64), RAM_SIZES_GB)),
        nvme_tb=_round_up(max(nvme_tb, 1), NVME_SIZES_TB),
        pcie_lanes=lanes,
        power_w=int(math.ceil(power * PSU_HEADROOM / 100) * 100),
        cpu_note=_cpu_note(lanes, dual, gpu),
        cooling_note=_cooling_note(gpu, n),
    )


def _cpu_note(lanes: int, dual: bool, gpu: Gpu) -> str:
    if gpu.gpu_class == "cpu":
        return "CPU inference: memory bandwidth and cores decide speed."
    if dual:
        return (
            f"{lanes} PCIe lanes: dual-socket EPYC/Xeon or PCIe switches; "
            "keep each GPU on a full x16 link."
        )
    return f"{lanes} PCIe lanes: a single-socket EPYC (128 lanes) keeps every GPU at x16."


def _cooling_note(gpu: Gpu, n: int) -> str:
    if gpu.gpu_class == "cpu":
        return "Ordinary server cooling."
    if (
        "sxm" in gpu.form_factor.lower()
        or "oam" in gpu.form_factor.lower()
        or gpu.interconnect.domain_size >= 8
    ):
        return (
            f"{gpu.form_factor} board: an HGX/OAM chassis with {n * gpu.tdp_w / 1000:.1f} kW of GPUs, "
            "rack power and airflow (or liquid cooling) planned per server."
        )
    if gpu.gpu_class == "gaming" and n > 2:
        return (
            "Gaming cards with open-air coolers recirculate hot air when packed: more than two "
            "need blower or water-cooled editions, riser spacing and a chassis built for them."
        )
    if gpu.gpu_class == "datacenter":
        return "Passively cooled cards: they rely on the server's front-to-back airflow."
    return f"{n} x {gpu.tdp_w:.0f} W: plan airflow for {n * gpu.tdp_w:.0f} W of GPUs."
