"""The rest of the server: host RAM, NVMe, CPU PCIe lanes, power and cooling.

The article's warning: starving RAM, NVMe or CPU lanes makes expensive GPUs idle.
"""

from __future__ import annotations

import math

from advisor.catalog.schema import Gpu
from advisor.messages import M, Note, note
from advisor.sizing.inputs import GB, GPUS_PER_NODE, Inputs, Layout
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
    """RAM and PCIe lanes are each server's (a layout beyond 8 GPUs spans several, each with
    its own CPUs and RAM); NVMe and power are the layout's in all."""
    request, gpu = inputs.request, inputs.gpu
    n = layout.gpus
    servers = max(1, math.ceil(n / GPUS_PER_NODE))
    per_server = math.ceil(n / servers)
    vram_gb = per_server * gpu.memory_gb
    weights_gb = inputs.weights.total / GB
    checkpoint_gb = inputs.params.total * 2 / GB  # bf16 safetensors on disk
    if request.is_training:
        ram = max(2 * vram_gb, 1.5 * checkpoint_gb) + 1.5 * host_offload_bytes / GB
        dataset_gb = (request.dataset_tokens or 0) * 4 / GB  # tokenised, int32
        state_gb = inputs.params.total * (16 if request.task in ("full", "pretrain") else 2) / GB
        nvme_tb = (3 * checkpoint_gb + 2 * state_gb + 2 * dataset_gb) / 1000
    else:
        # the served weights pass through the page cache once as they load; a 16-bit
        # checkpoint of a model served quantised is never loaded whole
        ram = max(vram_gb, 1.25 * weights_gb)
        nvme_tb = 3 * checkpoint_gb / 1000  # base, quantised variants, engine caches
    lanes = per_server * gpu.pcie_lanes + NIC_LANES + NVME_LANES
    dual = lanes > SINGLE_SOCKET_LANES
    power = n * gpu.tdp_w + servers * (HOST_POWER_W + (DUAL_SOCKET_EXTRA_W if dual else 0))
    cpu, cooling = _cpu_note(lanes, dual, gpu), _cooling_note(gpu, n)
    ram_per_server = int(_round_up(max(ram, 64), RAM_SIZES_GB))
    return Server(
        system_ram_gb=ram_per_server * servers,
        servers=servers,
        ram_per_server_gb=ram_per_server,
        nvme_tb=_round_up(max(nvme_tb, 1), NVME_SIZES_TB),
        pcie_lanes=lanes,
        power_w=int(math.ceil(power * PSU_HEADROOM / 100) * 100),
        cpu_note_i18n=cpu,
        cooling_note_i18n=cooling,
    )


def _cpu_note(lanes: int, dual: bool, gpu: Gpu) -> Note:
    if gpu.gpu_class == "cpu":
        return note(M.CPU_INFERENCE)
    return note(M.CPU_DUAL_SOCKET if dual else M.CPU_SINGLE_SOCKET, lanes=lanes)


def _cooling_note(gpu: Gpu, n: int) -> Note:
    if gpu.gpu_class == "cpu":
        return note(M.COOLING_ORDINARY)
    if (
        "sxm" in gpu.form_factor.lower()
        or "oam" in gpu.form_factor.lower()
        or gpu.interconnect.domain_size >= 8
    ):
        return note(
            M.COOLING_HGX,
            form=gpu.form_factor,
            servers=math.ceil(n / GPUS_PER_NODE),
            kw=n * gpu.tdp_w / 1000,
        )
    if gpu.gpu_class == "gaming" and n > 2:
        return note(M.COOLING_GAMING)
    if gpu.gpu_class == "datacenter":
        return note(M.COOLING_PASSIVE)
    return note(M.COOLING_AIRFLOW, count=n, tdp=gpu.tdp_w, total=n * gpu.tdp_w)
