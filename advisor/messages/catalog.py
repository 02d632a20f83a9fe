"""The one bilingual message catalog: every sentence the product says, in English and Russian.

Each entry is `NAME = (id, English, Russian)`. The id is what reports carry (`Note.code`),
the templates are `str.format` strings whose parameters the caller names; both languages
use the same parameters (a test checks it). The engine, the services, the offline
answers, the UI and the CLI render from here, so a new message is one entry, not an
English string plus a parser that translates it back.

Figures keep the engine's digit strings in both languages (a dot for decimals), so the
LLM half's number guard reads a Russian answer as it reads an English one.
"""

from __future__ import annotations

from enum import Enum


class M(Enum):
    """Catalog entries; `M.X.key` is the id, `M.X.en` and `M.X.ru` the templates."""

    key: str
    en: str
    ru: str

    def __init__(self, key: str, en: str, ru: str) -> None:
        self.key = key
        self.en = en
        self.ru = ru

    @classmethod
    def by_key(cls, key: str) -> M:
        """The entry with this id (KeyError when the catalog has none)."""
        return _BY_KEY[key]

    # ---- engine: warnings ---------------------------------------------------------------
    CONTEXT_EXCEEDS_POSITIONS = (
        "warning.context_exceeds_positions",
        "Context {context} exceeds the model's {positions} positions: it needs RoPE scaling "
        "the checkpoint may not support.",
        "Контекст {context} больше {positions} позиций модели: нужно масштабирование RoPE, "
        "которое чекпойнт может не поддерживать.",
    )
    CONTEXT_NEEDS_YARN = (
        "warning.context_needs_yarn",
        "Context {context:,} is beyond {model}'s {positions:,} native positions: its publisher "
        "documents YaRN rope scaling up to {longest:,} (rope_scaling yarn, factor 4, in "
        "config.json or vLLM's --hf-overrides); vLLM applies it to every request, which the "
        "publisher says may cost some quality on short prompts.",
        "Контекст {context:,} больше {positions:,} собственных позиций {model}: издатель "
        "описывает масштабирование RoPE YaRN до {longest:,} (rope_scaling yarn, factor 4, в "
        "config.json или --hf-overrides vLLM); vLLM применяет его ко всем запросам, что, по "
        "словам издателя, может немного ухудшить качество на коротких запросах.",
    )
    FORMAT_NOT_NATIVE = (
        "warning.format_not_native",
        "{format} is not a native format of {engine}; engines that run it: {engines}.",
        "{format} — не родной формат для {engine}; его запускают: {engines}.",
    )
    NO_FP8_TENSOR_CORES = (
        "warning.no_fp8_tensor_cores",
        "{gpu} has no FP8 tensor cores: FP8 weights run weight-only, computing in 16 bits.",
        "У {gpu} нет тензорных ядер FP8: веса FP8 только хранятся в 8 битах, вычисления идут "
        "в 16 битах.",
    )
    FORMAT_NEEDS_NEWER_GPU = (
        "warning.format_needs_newer_gpu",
        "{format} has no kernels for the {gpu} (compute capability {have:.1f}; it needs "
        "{need:.1f}): on this GPU take FP16, INT4 (GPTQ) or a GGUF quantization in llama.cpp.",
        "Для {format} нет ядер на {gpu} (compute capability {have:.1f}, а нужна {need:.1f}): на "
        "этой GPU берите FP16, INT4 (GPTQ) или GGUF-квантизацию в llama.cpp.",
    )
    ENGINE_DROPPED_GPU = (
        "warning.engine_dropped_gpu",
        "Current {engine} releases have no kernels for the {gpu} (compute capability {have:.1f}; "
        "they need {need:.1f}): pin {engine} {version}, the last release that runs on it, or use "
        "llama.cpp. On it attention runs on Triton kernels, not FlashAttention, so prompts take "
        "longer than sized here.",
        "В текущих версиях {engine} нет ядер для {gpu} (compute capability {have:.1f}, а нужна "
        "{need:.1f}): закрепите {engine} {version} — последнюю версию, которая на ней работает, или "
        "возьмите llama.cpp. Внимание на ней считается ядрами Triton, а не FlashAttention, так "
        "что промпты обрабатываются дольше, чем посчитано.",
    )
    RUNS_AS_OLDER = (
        "warning.runs_as_older",
        "The {gpu} (compute capability {have:.1f}) has no {format} tensor cores: the checkpoint runs "
        "as {runs_as} (vLLM --dtype half), the same size; sized so.",
        "У {gpu} (compute capability {have:.1f}) нет тензорных ядер {format}: чекпойнт работает в "
        "{runs_as} (vLLM --dtype half), размер тот же; так и посчитано.",
    )
    FULL_NEEDS_16BIT = (
        "warning.full_needs_16bit",
        "Full fine-tuning updates 16/32-bit weights; a quantized base is only for (Q)LoRA.",
        "Полное дообучение обновляет 16/32-битные веса; квантизованная база подходит только "
        "для (Q)LoRA.",
    )
    QLORA_NEEDS_4BIT = (
        "warning.qlora_needs_4bit",
        "QLoRA means a 4-bit frozen base; with 16-bit weights this is plain LoRA.",
        "QLoRA — это замороженная 4-битная база; с 16-битными весами это обычная LoRA.",
    )
    SHARDED_ZERO3 = (
        "warning.sharded_zero3",
        "One GPU cannot hold the training state: sized with ZeRO-3 / FSDP sharding.",
        "Одна GPU не вмещает состояние обучения: посчитано с разделением ZeRO-3 / FSDP.",
    )
    DOES_NOT_FIT = (
        "warning.does_not_fit",
        "Does not fit: {need:.1f} GB needed per GPU, {have:.1f} GB usable on {gpu} x {count}.",
        "Не помещается: нужно {need:.1f} ГБ на GPU, доступно {have:.1f} ГБ на {gpu} x {count}.",
    )
    PUBLISHED_FORMAT = (
        "warning.published_format",
        "No precision given: sized in {format}, the format {model} is published in.",
        "Точность не указана: посчитано в {format} — в этом формате опубликована {model}.",
    )

    # ---- engine: layout -----------------------------------------------------------------
    LAYOUT_SINGLE_GPU = ("layout.single_gpu", "Single GPU.", "Одна GPU.")
    LAYOUT_SINGLE_PER_REPLICA = (
        "layout.single_per_replica",
        "Single GPU per replica.",
        "Одна GPU на реплику.",
    )
    LAYOUT_DATA_PARALLEL = (
        "layout.data_parallel",
        "{count}-way data parallel ({sharding_name}); gradients all-reduced over {link}.",
        "Параллелизм по данным на {count} GPU ({sharding_name}); градиенты сводятся all-reduce "
        "через {link}.",
    )
    SHARDING_NONE = (
        "sharding.none",
        "a full copy of the training state on every GPU",
        "полная копия состояния обучения на каждой GPU",
    )
    SHARDING_ZERO1 = (
        "sharding.zero1",
        "ZeRO-1: optimizer states split across the GPUs",
        "ZeRO-1: состояния оптимизатора разделены между GPU",
    )
    SHARDING_ZERO2 = (
        "sharding.zero2",
        "ZeRO-2: optimizer states and gradients split across the GPUs",
        "ZeRO-2: состояния оптимизатора и градиенты разделены между GPU",
    )
    SHARDING_ZERO3 = (
        "sharding.zero3",
        "ZeRO-3 / FSDP: weights, gradients and optimizer states split across the GPUs",
        "ZeRO-3 / FSDP: веса, градиенты и состояния оптимизатора разделены между GPU",
    )
    LAYOUT_PARTS = ("layout.parts", "{parts!c}.", "{parts!c}.")
    LAYOUT_TENSOR_PARALLEL = (
        "layout.tensor_parallel",
        "tensor parallel {tp} inside the {link} domain",
        "тензорный параллелизм {tp} внутри домена {link}",
    )
    LAYOUT_PIPELINE_PCIE = (
        "layout.pipeline_pcie",
        "pipeline parallel {pp} (no GPU-to-GPU link: TP over PCIe is all-reduce bound, so "
        "layers are split into stages)",
        "конвейерный параллелизм {pp} (нет прямой связи между GPU: TP через PCIe упирается "
        "в all-reduce, поэтому слои разбиты на стадии)",
    )
    LAYOUT_PIPELINE_UNEVEN = (
        "layout.pipeline_uneven",
        "pipeline parallel {pp} (the model's {heads} attention heads do not split over {pp} "
        "GPUs, so vLLM splits its layers into {pp} stages instead)",
        "конвейерный параллелизм {pp} ({heads} голов внимания модели не делятся на {pp} GPU, "
        "поэтому vLLM разбивает её слои на {pp} стадии)",
    )
    LAYOUT_PIPELINE = (
        "layout.pipeline",
        "pipeline parallel {pp} (layers split into stages)",
        "конвейерный параллелизм {pp} (слои разбиты на стадии)",
    )
    LAYOUT_REPLICAS = (
        "layout.replicas",
        "{replicas} replicas behind a router",
        "реплик за балансировщиком: {replicas}",
    )
    LINK_NVLINK = ("link.nvlink", "NVLink", "NVLink")
    LINK_NVLINK_BRIDGE = ("link.nvlink_bridge", "NVLink bridge", "NVLink-мост")
    LINK_INFINITY_FABRIC = ("link.infinity_fabric", "Infinity Fabric", "Infinity Fabric")
    LINK_PCIE = ("link.pcie", "PCIe", "PCIe")
    LINK_NONE = ("link.none", "no GPU link", "без межкарточной связи")
    LINK_NETWORK = (
        "link.network",
        "the network between servers (InfiniBand / RoCE)",
        "сеть между серверами (InfiniBand / RoCE)",
    )

    # ---- engine: tiers and stages ---------------------------------------------------------
    TIER_ONE = ("tier.one", "1 GPU", "одна GPU")
    TIER_TWO = ("tier.two", "2 GPUs", "две GPU")
    TIER_FOUR_PLUS = ("tier.four_plus", "4+ GPUs", "4 и более GPU")
    STAGE_PRODUCTION = (
        "stage.production",
        "The sized deployment: {count} x {gpu}.",
        "Рассчитанная конфигурация: {count} x {gpu}.",
    )
    STAGE_PILOT_QLORA = (
        "stage.pilot_qlora",
        "Start with {count} x {gpu}: QLoRA on the same model to validate data and gains "
        "before a full run.",
        "Начните с {count} x {gpu}: QLoRA на той же модели, чтобы проверить данные и выигрыш "
        "до полного запуска.",
    )
    STAGE_PILOT_USERS = (
        "stage.pilot_users",
        "Start with {count} x {gpu}: the same model for a pilot of {users:plural:user|users}.",
        "Начните с {count} x {gpu}: та же модель для пилота на "
        "{users:plural:пользователя|пользователей|пользователей}.",
    )
    STAGE_PILOT_BATCH = (
        "stage.pilot_batch",
        "Start with {count} x {gpu}: run the same model on a sample of the items and check "
        "its output before the whole job.",
        "Начните с {count} x {gpu}: прогоните ту же модель на выборке и проверьте результат "
        "до запуска всей задачи.",
    )

    # ---- engine: the rest of the server -------------------------------------------------
    CPU_INFERENCE = (
        "server.cpu_inference",
        "CPU inference: memory bandwidth and cores decide speed.",
        "Инференс на CPU: скорость определяют пропускная способность памяти и число ядер.",
    )
    CPU_DUAL_SOCKET = (
        "server.dual_socket",
        "{lanes} PCIe lanes: dual-socket EPYC/Xeon or PCIe switches; keep each GPU on a "
        "full x16 link.",
        "{lanes} линий PCIe: двухпроцессорный EPYC/Xeon или PCIe-коммутаторы; каждой GPU — "
        "полный канал x16.",
    )
    CPU_SINGLE_SOCKET = (
        "server.single_socket",
        "{lanes} PCIe lanes: a single-socket EPYC (128 lanes) keeps every GPU at x16.",
        "{lanes} линий PCIe: однопроцессорный EPYC (128 линий) держит каждую GPU на x16.",
    )
    COOLING_ORDINARY = (
        "server.cooling_ordinary",
        "Ordinary server cooling.",
        "Обычное серверное охлаждение.",
    )
    COOLING_HGX = (
        "server.cooling_hgx",
        "{form} board: {servers:plural:HGX/OAM server|HGX/OAM servers} of up to 8 GPUs, {kw:.1f} kW "
        "of GPUs in "
        "all; rack power and airflow (or liquid cooling) planned per server.",
        "Форм-фактор {form}: серверов HGX/OAM по 8 GPU — {servers}, GPU потребляют {kw:.1f} кВт "
        "в сумме; питание стойки и обдув (или жидкостное охлаждение) планируются на каждый "
        "сервер.",
    )
    COOLING_GAMING = (
        "server.cooling_gaming",
        "Gaming cards with open-air coolers recirculate hot air when packed: more than two "
        "need blower or water-cooled editions, riser spacing and a chassis built for them.",
        "Игровые карты с открытыми кулерами в плотной сборке гоняют горячий воздух: больше "
        "двух — только турбинные или водяные версии, райзеры с зазором и корпус под них.",
    )
    COOLING_PASSIVE = (
        "server.cooling_passive",
        "Passively cooled cards: they rely on the server's front-to-back airflow.",
        "Карты с пассивным охлаждением: им нужен продув сервера спереди назад.",
    )
    COOLING_AIRFLOW = (
        "server.cooling_airflow",
        "{count} x {tdp:.0f} W: plan airflow for {total:.0f} W of GPUs.",
        "{count} x {tdp:.0f} Вт: рассчитайте обдув на {total:.0f} Вт от GPU.",
    )

    # ---- engine: prices -----------------------------------------------------------------
    PRICE_CARD = ("price.card", "${usd:,.0f} per card{used}", "${usd:,.0f} за карту{used}")
    PRICE_SERVER_SHARE = (
        "price.server_share",
        "~${usd:,.0f} per GPU in an 8-GPU server{used}",
        "~${usd:,.0f} за GPU в 8-GPU сервере{used}",
    )
    PRICE_USED = ("price.used", " (used)", " (б/у)")
    COMPARE_SORTED = (
        "compare.sorted",
        "Each GPU sized with the minimum count that fits; sorted by feasibility, then setups "
        "of one 8-GPU server before those of several, then what buying them costs (whole "
        "8-GPU servers for GPUs not sold alone), count and GPU power.",
        "Каждая GPU посчитана в минимальном количестве, которое помещается; порядок: "
        "помещается ли, затем конфигурации в одном 8-GPU сервере раньше, чем в нескольких, "
        "затем стоимость покупки (целые 8-GPU серверы для GPU, которые поштучно не продаются), "
        "количество и мощность.",
    )
    COMPARE_SERVERS = ("compare.servers", "{servers} servers", "серверов: {servers}")
    COMPARE_WHOLE_SERVERS = (
        "compare.whole_servers",
        "${usd:,.0f} to buy: sold only as whole 8-GPU servers",
        "покупка ${usd:,.0f}: продаются только целыми 8-GPU серверами",
    )
    COMPARE_PRICES = (
        "compare.prices",
        "Prices are the catalog's dated street prices (prices.yaml, {as_of}): per card, or "
        "for SXM/OAM parts one eighth of a complete 8-GPU server; a quote replaces them.",
        "Цены — датированные рыночные цены каталога (prices.yaml, {as_of}): за карту, а для "
        "SXM/OAM — восьмая часть готового 8-GPU сервера; их заменит коммерческое предложение.",
    )

    # ---- engine: formulas ---------------------------------------------------------------
    FORMULA_WEIGHTS = (
        "formula.weights",
        "Weights = sum of tensors x bits / 8: attention {attention:.2f} GB at "
        "{attention_bits:g} bits, MLP {mlp:.2f} GB at {mlp_bits:g}, experts {experts:.2f} GB "
        "at {experts_bits:g}, embedding {embedding:.2f} GB at {embedding_bits:g}, lm_head "
        "{lm_head:.2f} GB at {lm_head_bits:g}, norms {norms:.3f} GB, vision encoder "
        "{vision:.2f} GB at {vision_bits:g} = {total:.2f} GB ({bits_per_param:.2f} bits per "
        "parameter)",
        "Веса = сумма тензоров x биты / 8: внимание {attention:.2f} ГБ по {attention_bits:g} "
        "бит, MLP {mlp:.2f} ГБ по {mlp_bits:g}, эксперты {experts:.2f} ГБ по "
        "{experts_bits:g}, эмбеддинги {embedding:.2f} ГБ по {embedding_bits:g}, lm_head "
        "{lm_head:.2f} ГБ по {lm_head_bits:g}, нормализации {norms:.3f} ГБ, визуальный "
        "энкодер {vision:.2f} ГБ по {vision_bits:g} = {total:.2f} ГБ ({bits_per_param:.2f} бит "
        "на параметр)",
    )
    FORMULA_KV_MLA = (
        "formula.kv_mla",
        "KV cache per token (MLA) = layers {layers} x (kv_lora_rank {rank} + rope_dim "
        "{rope}) x {bytes:g} B = {per_token:,.0f} B",
        "KV-кэш на токен (MLA) = слоёв {layers} x (kv_lora_rank {rank} + rope_dim {rope}) x "
        "{bytes:g} Б = {per_token:,.0f} Б",
    )
    FORMULA_KV = (
        "formula.kv",
        "KV cache per token = 2 x layers {layers} x kv_heads {kv_heads} x head_dim "
        "{head_dim} x {bytes:g} B ({kv_precision}) = {per_token:,.0f} B ({kib:.1f} KiB)",
        "KV-кэш на токен = 2 x слоёв {layers} x kv_heads {kv_heads} x head_dim {head_dim} x "
        "{bytes:g} Б ({kv_precision}) = {per_token:,.0f} Б ({kib:.1f} КиБ)",
    )
    FORMULA_KV_FREE_LAYERS = (
        "formula.kv_free_layers",
        "{free} of {total} layers keep no KV cache of their own (linear attention or a shared "
        "KV); their recurrent state is {state_mib:.1f} MiB per request, whatever its length",
        "{free} из {total} слоёв не хранят своего KV-кэша (линейное внимание или общий KV); "
        "их рекуррентное состояние — {state_mib:.1f} МиБ на запрос при любой длине",
    )
    FORMULA_KV_SLIDING = (
        "formula.kv_sliding",
        "KV cache per token = 2 x layers {layers} x kv_heads {kv_heads} x head_dim "
        "{head_dim} x {bytes:g} B ({kv_precision}) = {per_token:,.0f} B ({kib:.1f} KiB); "
        "{sliding_layers} sliding-window layers hold at most {window} tokens",
        "KV-кэш на токен = 2 x слоёв {layers} x kv_heads {kv_heads} x head_dim {head_dim} x "
        "{bytes:g} Б ({kv_precision}) = {per_token:,.0f} Б ({kib:.1f} КиБ); слоёв со "
        "скользящим окном: {sliding_layers}, они хранят не больше {window} токенов",
    )
    FORMULA_FULL_FT = (
        "formula.full_ft",
        "Full fine-tuning, mixed-precision AdamW: 2 B weights + 2 B gradients + 12 B optimizer "
        "(fp32 master, m, v) = 16 B per parameter; 8-bit Adam keeps 2 B of states",
        "Полное дообучение, AdamW со смешанной точностью: 2 Б веса + 2 Б градиенты + 12 Б "
        "оптимизатор (fp32-мастер, m, v) = 16 Б на параметр; 8-битный Adam хранит 2 Б "
        "состояний",
    )
    FORMULA_LORA = (
        "formula.lora",
        "LoRA trainable parameters = rank x (d_in + d_out) per adapted matrix; adapters train "
        "in fp32 with AdamW: 16 B each",
        "Обучаемые параметры LoRA = ранг x (d_in + d_out) на каждую адаптируемую матрицу; "
        "адаптеры учатся в fp32 с AdamW: по 16 Б",
    )
    FORMULA_ACTIVATIONS = (
        "formula.activations",
        "Activations at the step's peak: saved {saved:.2f} GB (with checkpointing each layer's "
        "input, h x 2 B per token; without it every layer's intermediates) + the larger of "
        "one layer in backward {working:.2f} GB (its intermediates and the MLP gradients) and "
        "the loss's logits {logits:.2f} GB ({loss}); {offloaded:.2f} GB of saved activations "
        "in host RAM. Activations and gradients do not peak together: backward frees one as it "
        "makes the other",
        "Активации на пике шага: сохранённые {saved:.2f} ГБ (с чекпойнтингом вход каждого слоя, "
        "h x 2 Б на токен; без него все промежуточные значения слоёв) + большее из: слой в "
        "обратном проходе {working:.2f} ГБ (его промежуточные значения и градиенты MLP) и "
        "логиты функции потерь {logits:.2f} ГБ ({loss}); {offloaded:.2f} ГБ сохранённых "
        "активаций в ОЗУ. Активации и градиенты не достигают пика одновременно: обратный "
        "проход освобождает одно, создавая другое",
    )
    LOSS_FULL = (
        "loss.full",
        "every token's logits upcast to fp32 inside the loss, 12 B each",
        "логиты каждого токена приводятся к fp32 внутри функции потерь, по 12 Б",
    )
    LOSS_FP32_LOGITS = (
        "loss.fp32_logits",
        "fp32 logits of every token returned by the model (transformers before 4.46), 18 B each",
        "логиты fp32 для каждого токена, возвращённые моделью (transformers до 4.46), по 18 Б",
    )
    LOSS_CHUNKED = (
        "loss.chunked",
        "bf16 logits, one of 8 chunks in fp32: 2.5 B each",
        "логиты bf16, один из 8 кусков в fp32: по 2.5 Б",
    )
    LOSS_FUSED = (
        "loss.fused",
        "fused linear cross-entropy: one chunk of tokens at a time",
        "слитая линейная кросс-энтропия: по одному куску токенов",
    )
    FORMULA_ZERO = (
        "formula.zero",
        "ZeRO-1 shards optimizer states, ZeRO-2 also gradients, ZeRO-3 / FSDP also weights "
        "across the data-parallel GPUs",
        "ZeRO-1 делит между GPU состояния оптимизатора, ZeRO-2 — ещё и градиенты, ZeRO-3 / "
        "FSDP — ещё и веса",
    )
    FORMULA_TRAINING_FLOPS = (
        "formula.training_flops",
        "Training FLOPs per token = 6 x active params (full) or 4 x (LoRA: no weight gradients "
        "of frozen layers) + 2 x with checkpointing + attention; time = FLOPs x tokens / "
        "(GPUs x peak bf16 x MFU)",
        "FLOPs обучения на токен = 6 x активные параметры (полное) или 4 x (LoRA: нет "
        "градиентов весов замороженных слоёв) + 2 x с чекпойнтингом + внимание; время = "
        "FLOPs x токены / (GPU x пик bf16 x MFU)",
    )
    FORMULA_TRAINING_STEP = (
        "formula.training_step",
        "Step per GPU = max(compute {compute_s:.3f} s for {tokens:,} tokens + elementwise "
        "kernels {elementwise_s:.3f} s (eager PyTorch: each norm, rotary embedding, activation, "
        "LoRA adapter and the loss's softmax reads and writes GPU memory) + 4-bit weights "
        "dequantized for each pass {dequant_s:.3f} s (QLoRA), data-parallel "
        "traffic {communication_s:.3f} s: gradients all-reduced, or under ZeRO-3 the weights "
        "gathered twice and the gradients reduce-scattered, over the GPU link) + optimizer "
        "{optimizer_s:.3f} s (gradients, states and weights read and written once, in GPU "
        "memory, or in host RAM with CPU offload); {gpus} GPUs x {tokens:,} tokens / step = "
        "{rate:,.0f} tokens/s",
        "Шаг на GPU = max(вычисления {compute_s:.3f} с на {tokens:,} токенов + поэлементные "
        "ядра {elementwise_s:.3f} с (eager PyTorch: каждая нормализация, rotary, активация, "
        "адаптер LoRA и softmax функции потерь читают и пишут память GPU) + распаковка "
        "4-битных весов перед каждым проходом {dequant_s:.3f} с (QLoRA), обмен "
        "data-parallel {communication_s:.3f} с: all-reduce градиентов, а при ZeRO-3 — два "
        "сбора весов и reduce-scatter градиентов по связи GPU) + оптимизатор {optimizer_s:.3f} с "
        "(градиенты, состояния и веса читаются и пишутся один раз — в памяти GPU или, при "
        "выгрузке, в ОЗУ); {gpus} GPU x {tokens:,} токенов / шаг = {rate:,.0f} токенов/с",
    )
    FORMULA_VLLM_KV_BUDGET = (
        "formula.vllm_kv_budget",
        "vLLM KV budget per GPU = memory x gpu_memory_utilization - weights - peak activations "
        "- non-torch memory - CUDA graphs; tokens = floor(budget / ({block} x KV bytes per "
        "token per GPU)) x {block}",
        "Бюджет KV-кэша vLLM на GPU = память x gpu_memory_utilization - веса - пиковые "
        "активации - память вне torch - CUDA-графы; токены = floor(бюджет / ({block} x байт "
        "KV на токен на GPU)) x {block}",
    )
    FORMULA_PEAK_ACTIVATIONS = (
        "formula.peak_activations",
        "Peak activations = max_num_batched_tokens x 2 B x (2 x MLP width / TP + 6 x hidden) "
        "+ max_num_seqs x vocab x 8 B (fp32 logits and softmax)",
        "Пиковые активации = max_num_batched_tokens x 2 Б x (2 x ширина MLP / TP + 6 x "
        "hidden) + max_num_seqs x vocab x 8 Б (логиты и softmax в fp32)",
    )
    FORMULA_DECODE = (
        "formula.decode",
        "Decode step = max(weight bytes / (bandwidth x efficiency), GEMM FLOPs / (peak x "
        "efficiency)) + max(KV bytes / (bandwidth x efficiency), attention FLOPs / (bf16 peak "
        "x efficiency)) + layers x per-layer latency + TP all-reduces + engine step overhead + "
        "running requests x host work per request; experts in host RAM add their bytes / "
        "(RAM bandwidth x 0.6)",
        "Шаг декодирования = max(байты весов / (пропускная способность x эффективность), FLOPs "
        "GEMM / (пик x эффективность)) + max(байты KV / (пропускная способность x "
        "эффективность), FLOPs внимания / (пик bf16 x эффективность)) + слои x задержка слоя + "
        "all-reduce TP + накладные шага движка + запросы в работе x работа хоста на запрос; "
        "эксперты в ОЗУ добавляют свои байты / (пропускная способность ОЗУ x 0.6)",
    )
    FORMULA_TTFT = (
        "formula.ttft",
        "TTFT = the prompt's prefill (max(2 x active params x tokens / (TP x peak x prefill "
        "MFU), weights it touches / bandwidth) + attention at bf16 + TP all-reduces + fixed "
        "start-up) + waiting for other prompts (M/D/1 queue) + waiting for a free slot when "
        "more requests come than the KV cache holds; the API server, tokenisation and the "
        "network are not included",
        "TTFT = префилл промпта (max(2 x активные параметры x токены / (TP x пик x MFU "
        "префилла), затронутые веса / пропускная способность) + внимание в bf16 + all-reduce TP "
        "+ фиксированный старт) + ожидание других промптов (очередь M/D/1) + ожидание "
        "свободного места, когда запросов больше, чем вмещает KV-кэш; API-сервер, "
        "токенизация и сеть не учтены",
    )
    FORMULA_BATCH_JOB = (
        "formula.batch_job",
        "Batch job: {items:,} requests of {prompt} prompt + {output} output tokens, "
        "{concurrency} in flight (as many as the KV cache and max_num_seqs hold; each ending "
        "request lets the next one in): {aggregate:,.0f} output tokens/s / {output} = {rps:.3g} "
        "requests/s; {items:,} / {rps:.3g} / 3600 = {hours:.3g} h, x {gpus:plural:GPU|GPUs} = "
        "{gpu_hours:,.1f} GPU-hours",
        "Пакетная задача: {items:,} запросов по {prompt} токенов на входе и {output} на выходе, "
        "{concurrency} в работе одновременно (сколько вмещают KV-кэш и max_num_seqs; на место "
        "каждого завершённого встаёт следующий): {aggregate:,.0f} токенов/с на выходе / {output} "
        "= {rps:.3g} запросов/с; {items:,} / {rps:.3g} / 3600 = {hours:.3g} ч, x {gpus} GPU = "
        "{gpu_hours:,.1f} GPU-ч",
    )
    FORMULA_SERVING_LOAD = (
        "formula.serving_load",
        "At {users} concurrent requests: {batch} decode together per replica (room for "
        "{slots}: the KV cache at the requests' average length, and max_num_seqs), any more "
        "wait; inter-token latency "
        "{itl_ms:.1f} ms = decode step + {batch} x prefill / {output} output tokens; first token "
        "in {ttft_s:.2f} s, {queue_s:.2f} s of it waiting for a slot, when requests arrive "
        "independently; if all {users} send at once, {burst_ttft_s:.2f} s on average (the "
        "prompts are packed into engine steps of {budget} tokens in arrival order, and each "
        "waits for the end of the step holding its last token); {aggregate:,.0f} tokens/s in "
        "all",
        "При {users} одновременных запросах: {batch} декодируются вместе на реплику (места на "
        "{slots}: KV-кэш при средней длине запросов и max_num_seqs), остальные ждут; задержка "
        "между токенами "
        "{itl_ms:.1f} мс = шаг декодирования + {batch} x префилл / {output} токенов ответа; "
        "первый токен через {ttft_s:.2f} с, из них {queue_s:.2f} с ожидания места, когда "
        "запросы приходят независимо; если все {users} отправят разом — в среднем через "
        "{burst_ttft_s:.2f} с (промпты по очереди укладываются в шаги движка по {budget} "
        "токенов, и каждый ждёт конца шага, где лежит его последний токен); {aggregate:,.0f} "
        "токенов/с всего",
    )

    # ---- engine: assumptions ------------------------------------------------------------
    ASSUME_GB = (
        "assumption.gb",
        "GB = 10^9 bytes; memory figures are per GPU unless stated.",
        "ГБ = 10^9 байт; память указана на одну GPU, если не сказано иное.",
    )
    ASSUME_MODEL = (
        "assumption.model",
        "Model {model}: {total_b:.2f} B parameters counted from its config.json "
        "({active_b:.2f} B active per token); source {source}.",
        "Модель {model}: {total_b:.2f} млрд параметров по её config.json ({active_b:.2f} млрд "
        "активных на токен); источник {source}.",
    )
    ASSUME_GPU = (
        "assumption.gpu",
        "GPU {gpu}: {memory_gb:g} GB ({usable_gib:g} GiB usable), {bandwidth:g} TB/s, "
        "{bf16:g} dense BF16 TFLOPS, link {link} {link_gb_s:g} GB/s.",
        "GPU {gpu}: {memory_gb:g} ГБ ({usable_gib:g} ГиБ доступно), {bandwidth:g} ТБ/с, "
        "{bf16:g} плотных TFLOPS BF16, связь {link} {link_gb_s:g} ГБ/с.",
    )
    ASSUME_WEIGHTS = (
        "assumption.weights",
        "Weights in {format}; {note}",
        "Веса в {format}; {note}",
    )
    ASSUME_TRAINING_BATCH = (
        "assumption.training_batch",
        "Micro-batch {micro_batch} x sequence {seq_len} tokens per GPU; gradient checkpointing "
        "{checkpointing}; optimizer {optimizer}; sharding {sharding}{offload}.",
        "Микробатч {micro_batch} x последовательность {seq_len} токенов на GPU; чекпойнтинг "
        "градиентов {checkpointing}; оптимизатор {optimizer}; шардирование {sharding}"
        "{offload}.",
    )
    ON = ("word.on", "on", "вкл.")
    OFF = ("word.off", "off", "выкл.")
    WITH_CPU_OFFLOAD = ("assumption.with_cpu_offload", " with CPU offload", " с выгрузкой в ОЗУ")
    ASSUME_TRAINING_STACK = (
        "assumption.training_stack",
        "Training in PyTorch (transformers / PEFT / torchtune class) with FlashAttention; no "
        "tensor or pipeline parallelism.",
        "Обучение в PyTorch (класс transformers / PEFT / torchtune) с FlashAttention; без "
        "тензорного и конвейерного параллелизма.",
    )
    ASSUME_PAGED_ADAM = (
        "assumption.paged_adam",
        "Paged 8-bit AdamW: its states page out to host RAM when GPU memory runs short; they "
        "are counted in host RAM, not GPU memory.",
        "Paged 8-bit AdamW: его состояния выгружаются в ОЗУ, когда не хватает памяти GPU; они "
        "учтены в ОЗУ, а не в памяти GPU.",
    )
    ASSUME_KBIT_UPCAST = (
        "assumption.kbit_upcast",
        "QLoRA through PEFT's prepare_model_for_kbit_training: embeddings, LM head and norms "
        "are cast to fp32 (32 bits in the weights formula).",
        "QLoRA через prepare_model_for_kbit_training из PEFT: эмбеддинги, LM head и "
        "нормализации приведены к fp32 (32 бита в формуле весов).",
    )
    ASSUME_ENGINE = (
        "assumption.engine",
        "Engine {engine}; {utilization}.",
        "Движок {engine}; {utilization}.",
    )
    ASSUME_UTILIZATION = (
        "assumption.utilization",
        "gpu_memory_utilization {value:g}",
        "gpu_memory_utilization {value:g}",
    )
    ASSUME_NO_UTILIZATION_CAP = (
        "assumption.no_utilization_cap",
        "no utilization cap (engine takes what it needs)",
        "без ограничения доли памяти (движок берёт сколько нужно)",
    )
    ASSUME_LOAD = (
        "assumption.load",
        "{users} concurrent users x {context} tokens each ({generated} generated); KV cache "
        "in {kv_precision}.",
        "{users} одновременных пользователей x {context} токенов каждому ({generated} "
        "генерируется); KV-кэш в {kv_precision}.",
    )
    ASSUME_LAYOUT = (
        "assumption.layout",
        "Layout: {replicas} replica(s) of TP {tp} x PP {pp}; max_num_batched_tokens "
        "{batched}, max_num_seqs {seqs}.",
        "Раскладка: реплик {replicas}, в каждой TP {tp} x PP {pp}; max_num_batched_tokens "
        "{batched}, max_num_seqs {seqs}.",
    )
    ASSUME_EFFICIENCIES = (
        "assumption.efficiencies",
        "Calibrated efficiencies ({engine}): decode bandwidth {decode:g}, prefill MFU "
        "{prefill:g}, per-layer latency {layer:g} ms*MHz / clock, host dispatch {host:g} ms "
        "per layer.",
        "Откалиброванные эффективности ({engine}): пропускная способность при декодировании "
        "{decode:g}, MFU префилла {prefill:g}, задержка слоя {layer:g} мс*МГц / частота, "
        "выдача операций процессором {host:g} мс на слой.",
    )
    ASSUME_MOE_LAYER = (
        "assumption.moe_layer",
        "Each of the {layers} mixture-of-experts layers adds {moe:g} ms*MHz / clock per decode "
        "step (router, top-k, token sort and grouped expert GEMMs; the median of 18 published "
        "single-request runs).",
        "Каждый из {layers} слоёв со смесью экспертов добавляет {moe:g} мс*МГц / частота к шагу "
        "декодирования (роутер, top-k, сортировка токенов и групповые GEMM экспертов; медиана 18 "
        "опубликованных замеров с одним запросом).",
    )
    ASSUME_FRONTEND_API = (
        "assumption.frontend_api",
        "Served through the OpenAI-compatible API, streaming every token: {us:g} us of host work "
        "per running request per decode step (scheduling, sampling, detokenising, streaming).",
        "Обслуживание через OpenAI-совместимый API с потоковой выдачей каждого токена: {us:g} мкс "
        "работы CPU на каждый выполняемый запрос за шаг декодирования (планирование, сэмплинг, "
        "детокенизация, отправка).",
    )
    ASSUME_FRONTEND_OFFLINE = (
        "assumption.frontend_offline",
        "Offline batch, no API server: {us:g} us of host work per running request per decode "
        "step instead of {api_us:g} us when streaming through the API.",
        "Офлайн-пакет без API-сервера: {us:g} мкс работы CPU на выполняемый запрос за шаг "
        "декодирования вместо {api_us:g} мкс при потоковой выдаче через API.",
    )
    ASSUME_CPU_BACKEND = (
        "assumption.cpu_backend",
        "CPU backend: a fixed KV space of {space:g} GiB (VLLM_CPU_KVCACHE_SPACE); "
        "--enforce-eager, no CUDA graphs.",
        "CPU-бэкенд: фиксированное место под KV {space:g} ГиБ (VLLM_CPU_KVCACHE_SPACE); "
        "--enforce-eager, без CUDA-графов.",
    )

    # ---- offline answers ----------------------------------------------------------------
    TASK_INFERENCE = ("task.inference", "inference", "инференс")
    TASK_LORA = ("task.lora", "LoRA fine-tuning", "дообучение LoRA")
    TASK_QLORA = ("task.qlora", "QLoRA fine-tuning", "дообучение QLoRA")
    TASK_FULL = ("task.full", "full fine-tuning", "полное дообучение")
    # from scratch or continued on a corpus: every weight trained on every token alike
    TASK_PRETRAIN = ("task.pretrain", "pre-training", "предобучение")
    PART_WEIGHTS = ("part.weights", "weights", "веса")
    PART_KV_CACHE = ("part.kv_cache", "KV cache", "KV-кэш")
    PART_ACTIVATIONS = ("part.activations", "activations", "активации")
    PART_GRADIENTS = ("part.gradients", "gradients", "градиенты")
    PART_OPTIMIZER = ("part.optimizer", "optimizer", "оптимизатор")
    PART_OVERHEAD = ("part.overhead", "engine overhead", "служебная память движка")
    BINDING_MEMORY = ("binding.memory", "the model's memory", "память под модель")
    BINDING_CONTEXT = (
        "binding.context",
        "the context: one request's KV cache does not fit",
        "контекст: KV-кэш одного запроса не помещается",
    )
    BINDING_KV_CACHE = (
        "binding.kv_cache",
        "the KV cache of the concurrent users",
        "KV-кэш одновременных пользователей",
    )
    BINDING_WEIGHTS = ("binding.weights", "the weights", "веса")
    BINDING_ACTIVATIONS = ("binding.activations", "the activations", "активации")
    BINDING_GRADIENTS = ("binding.gradients", "the gradients", "градиенты")
    BINDING_OPTIMIZER = ("binding.optimizer", "the optimizer states", "состояния оптимизатора")
    STAGE_NAME_PILOT = ("stage_name.pilot", "Pilot", "Пилот")
    STAGE_NAME_PRODUCTION = ("stage_name.production", "Production", "Продакшн")
    UNIT_GB = ("unit.gb", "GB", "ГБ")
    LAYOUT_TP_PP = ("answer.layout", "TP {tp}, PP {pp}", "TP {tp}, PP {pp}")
    LAYOUT_WITH_REPLICAS = (
        "answer.layout_replicas",
        ", replicas: {replicas}",
        ", реплик: {replicas}",
    )
    ANSWER_HEADLINE = (
        "answer.headline",
        "**{model}, {task}, {precision}: {count} x {gpu}** ({layout}; tier: {tier}).",
        "**{model}, {task}, {precision}: {count} x {gpu}** ({layout}; уровень по статье: {tier}).",
    )
    ANSWER_HEADLINE_CPU = (
        "answer.headline_cpu",
        "**{model}, {task}, {precision}: {gpu}, no GPU.**",
        "**{model}, {task}, {precision}: {gpu}, без GPU.**",
    )
    ANSWER_USERS_HELD = (
        "answer.users_held",
        "**{count} x {gpu} serves {served:plural:user|users} at once with {model} in "
        "{precision} at {target:g} tokens/s each** ({use_case}; {speed:g} tokens/s, first "
        "token in {ttft:g} s); its memory holds "
        "up to {held:,} at {context:,} tokens of context, more slowly.",
        "**{count} x {gpu} обслуживает {served:plural:пользователя|пользователей|пользователей} "
        "одновременно с {model} в {precision} по {target:g} токенов/с каждому** ({use_case}; "
        "{speed:g} токенов/с, первый "
        "токен через {ttft:g} с); памяти хватит на {held:,} при контексте {context:,} токенов, но "
        "медленнее.",
    )
    ANSWER_USERS_HELD_NONE = (
        "answer.users_held_none",
        "**On {count} x {gpu}, {model} in {precision} misses the targets even for one user** "
        "({use_case}: {target:g} tokens/s and a first token within {ttft_target:g} s; one user "
        "gets {speed:g} tokens/s, the first token in {ttft:g} s): its memory holds up to "
        "{held:,} at {context:,} tokens of context, more slowly.",
        "**На {count} x {gpu} {model} в {precision} не достигает целей даже для одного "
        "пользователя** ({use_case}: {target:g} токенов/с и первый токен за {ttft_target:g} с; "
        "одному пользователю — {speed:g} токенов/с, первый токен через {ttft:g} с): памяти "
        "хватит на {held:,} при контексте {context:,} токенов, но медленнее.",
    )
    ANSWER_HELD_AS_THEY_ARE = (
        "answer.held_as_they_are",
        "On these {count} x {gpu} as they are, with the weights in {format} and the KV cache in "
        "FP8: memory for {held:plural:request|requests} of {context:,} tokens at once; "
        "{speed:g} tokens/s each with {users:plural:request|requests} in flight.",
        "На этих {count} x {gpu} как есть, с весами в {format} и KV-кэшем в FP8: памяти хватит "
        "на {held:plural:запрос|запроса|запросов} по {context:,} токенов одновременно; по "
        "{speed:g} токенов/с каждому, когда их одновременно {users}.",
    )
    ANSWER_REQUEST_TIME = (
        "answer.request_time",
        "**Each request of {prompt:,} tokens takes about {total:g} s** with "
        "{users:plural:request|requests} at a time on {count} x {gpu}: the first token after "
        "{ttft:g} s (its prompt read), then {output:,} tokens at {speed:g} tokens/s ({stream:g} s).",
        "**Каждый запрос в {prompt:,} токенов занимает около {total:g} с** при "
        "{users:plural:запросе|запросах|запросах} одновременно на {count} x {gpu}: первый токен "
        "через {ttft:g} с (прочитан запрос), затем {output:,} токенов по {speed:g} токенов/с "
        "({stream:g} с).",
    )
    ANSWER_USERS_HELD_MEMORY = (
        "answer.users_held_memory",
        "**{count} x {gpu} serves {served:plural:user|users} at once with {model} in "
        "{precision}**, as many as its memory "
        "holds at {context:,} tokens of context ({use_case}; {speed:g} tokens/s each against "
        "the {target:g} wanted, first token in {ttft:g} s; {held:,} by memory).",
        "**{count} x {gpu} обслуживает {served:plural:пользователя|пользователей|пользователей} "
        "одновременно с {model} в {precision}** — столько, сколько вмещает память при "
        "контексте {context:,} токенов "
        "({use_case}; {speed:g} токенов/с каждому при нужных {target:g}, первый токен через "
        "{ttft:g} с; по памяти {held:,}).",
    )
    ANSWER_FEWER_IN_FP8 = (
        "answer.fewer_in_fp8",
        "In FP8, which the {gpu} computes natively and is how such deployments are usually "
        "served (a small quality cost): {count} x {gpu} instead of {sized} in {precision}, with "
        "the KV cache in {kv}: memory for up to {users:plural:user|users} at once, {speed:g} "
        "tokens/s each, about ${capex:,.0f} to buy.",
        "В FP8, который {gpu} считает аппаратно и в котором такие развёртывания обычно и "
        "работают (с небольшой потерей качества): {count} x {gpu} вместо {sized} в {precision}, "
        "KV-кэш в {kv}: памяти хватит на "
        "{users:plural:пользователя|пользователей|пользователей} одновременно, {speed:g} "
        "токенов/с каждому, покупка около ${capex:,.0f}.",
    )
    ANSWER_FEWER_IN_FP8_BATCH = (
        "answer.fewer_in_fp8_batch",
        "In FP8, which the {gpu} computes natively and is how such deployments are usually "
        "served (a small quality cost): {count} x {gpu} instead of {sized} in {precision}, with "
        "the KV cache in {kv}: the batch job in about {hours:g} h{deadline}, about ${capex:,.0f} "
        "to buy.",
        "В FP8, который {gpu} считает аппаратно и в котором такие развёртывания обычно и "
        "работают (с небольшой потерей качества): {count} x {gpu} вместо {sized} в {precision}, "
        "KV-кэш в {kv}: пакетная задача примерно за {hours:g} ч{deadline}, покупка около "
        "${capex:,.0f}.",
    )
    ANSWER_PUBLISHED_WEIGHTS = (
        "answer.published_weights",
        "The weights stay as published ({precision}): in medicine, law and finance an answer "
        "should come from the model as it was released and evaluated.",
        "Веса оставлены как опубликованы ({precision}): в медицине, праве и финансах ответ "
        "должен давать модель в том виде, в каком её выпустили и проверяли.",
    )
    ANSWER_FITS_SHORTER = (
        "answer.fits_shorter",
        "**Yes, at {seq:,}-token sequences: it trains on {count} x {gpu}**, about {hours:g} h for "
        "the dataset (longer examples are split or cut). At {sized:,}-token sequences it does "
        "not fit:",
        "**Да, на последовательностях по {seq:,} токенов: обучается на {count} x {gpu}**, около "
        "{hours:g} ч на датасет (более длинные примеры разбиваются или обрезаются). На "
        "последовательностях по {sized:,} токенов не помещается:",
    )
    ANSWER_FITS_WITH_QLORA = (
        "answer.fits_with_qlora",
        "**Yes, with QLoRA: it trains on {count} x {gpu} with the frozen base in 4 bits (NF4)**, "
        "about {hours:g} h for the dataset, at a small quality cost against LoRA on a 16-bit "
        "base. LoRA on the 16-bit base does not fit:",
        "**Да, с QLoRA: обучается на {count} x {gpu}, замороженная база в 4 битах (NF4)**, "
        "около {hours:g} ч на датасет, с небольшой потерей качества против LoRA на 16-битной "
        "базе. LoRA на 16-битной базе не помещается:",
    )
    ANSWER_FITS_IN_FORMAT = (
        "answer.fits_in_format",
        "**Yes, it fits on {count} x {gpu} with the weights in {format} and the KV cache in "
        "{kv}**, {users:plural:user|users} at once at {speed:g} tokens/s each (memory for up to "
        "{capacity}).{wait} {as_sized}",
        "**Да, помещается на {count} x {gpu} с весами в {format} и KV-кэшем в {kv}**, "
        "{users:plural:пользователь|пользователя|пользователей} одновременно по {speed:g} "
        "токенов/с (памяти хватит на {capacity}).{wait} {as_sized}",
    )
    ANSWER_FIRST_TOKEN_WAIT = (
        "answer.first_token_wait",
        " A request that long waits {ttft:g} s for its first token while the prompt is read.",
        " Запрос такой длины ждёт первый токен {ttft:g} с, пока читается промпт.",
    )
    ANSWER_EACH_AT_WINDOW = (
        "answer.each_at_window",
        "If all {users} fill the {window:,}-token context at once: {count} x {gpu} in {format} "
        "(memory for {held:plural:such request|such requests}), about ${capex:,.0f} to buy.",
        "Если все {users} одновременно заполнят контекст {window:,} токенов: {count} x {gpu} в "
        "{format} (памяти хватит на {held:plural:такой запрос|таких запроса|таких запросов}), "
        "покупка около ${capex:,.0f}.",
    )
    ANSWER_REPLY_WITHIN = (
        "answer.reply_within",
        "“An answer within {target:g} s” is read as its first token, which comes after {ttft} "
        "s. The whole answer of {output} tokens takes about {seconds} s at {speed} tokens/s; "
        "if all of it must arrive within {target:g} s, say so: that takes {needed} tokens/s "
        "per user, or shorter answers.",
        "«Ответ за {target:g} с» я понял как первый токен: он приходит через {ttft} с. Весь "
        "ответ в {output} токенов пишется около {seconds} с при {speed} токенов/с; если за "
        "{target:g} с должен прийти весь ответ, скажите: для этого нужно {needed} токенов/с "
        "на пользователя или ответы короче.",
    )
    ANSWER_REPLY_WITHIN_WHOLE = (
        "answer.reply_within_whole",
        "“An answer within {target:g} s” holds to its last token: the first comes after {ttft} "
        "s, the whole answer of {output} tokens after about {seconds} s.",
        "«Ответ за {target:g} с» выполняется до последнего токена: первый приходит через "
        "{ttft} с, весь ответ в {output} токенов — примерно через {seconds} с.",
    )
    ANSWER_BUDGET_ENOUGH = (
        "answer.budget_enough",
        "**Yes, the budget is enough**: the setup below costs {capex} of your {budget} ({share}%).",
        "**Да, бюджета хватает**: конфигурация ниже стоит {capex} из ваших {budget} ({share}%).",
    )
    ANSWER_BUDGET_PUBLISHED_TOO = (
        "answer.budget_published_too",
        "The model as published ({format}, no quantization loss) fits it too: {count} x {gpu} "
        "for {capex}.",
        "Модель в опубликованном формате ({format}, без потерь от квантизации) тоже "
        "укладывается: {count} x {gpu} за {capex}.",
    )
    ANSWER_BUDGET_SHORT = (
        "answer.budget_short",
        "**No, the budget is short**: the cheapest setup that meets the targets costs {capex} "
        "against your {budget}.",
        "**Нет, бюджета не хватает**: самая дешёвая конфигурация, которая выполняет цели, "
        "стоит {capex} при бюджете {budget}.",
    )
    ANSWER_BUDGET_USER_BASE = (
        "answer.budget_user_base",
        "If the {users} are everyone who uses it ({peak} at once at the peak), it fits: "
        "{count} x {gpu} for {capex}.",
        "Если {users} — это все, кто будет пользоваться ({peak} одновременно в пике), "
        "укладывается: {count} x {gpu} за {capex}.",
    )
    ANSWER_FITS_EXPERTS_IN_RAM = (
        "answer.fits_experts_in_ram",
        "**It runs on {count} x {gpu} in llama.cpp with 4-bit GGUF weights (Q4_K_M) and the "
        "experts of {layers:plural:layer|layers} in system RAM**: {speed:g} tokens/s for one "
        "user. As published ({precision}) it does not fit:",
        "**Запускается на {count} x {gpu} в llama.cpp с весами GGUF в 4 битах (Q4_K_M) и "
        "экспертами {layers:plural:слоя|слоёв|слоёв} в оперативной памяти**: {speed:g} "
        "токенов/с для одного пользователя. Как опубликована ({precision}) она не помещается:",
    )
    ANSWER_FITS_IN_FORMAT_SLOW = (
        "answer.fits_in_format_slow",
        "**It fits {count} x {gpu} with the weights in {format} and the KV cache in {kv}, but "
        "misses {misses}**: {users:plural:user|users} at once at {speed:g} tokens/s each "
        "(memory for up to {capacity}). {as_sized}",
        "**Помещается на {count} x {gpu} с весами в {format} и KV-кэшем в {kv}, но не хватает: "
        "{misses}**: {users:plural:пользователь|пользователя|пользователей} одновременно по "
        "{speed:g} токенов/с (памяти хватит на {capacity}). {as_sized}",
    )
    ANSWER_AS_PUBLISHED = (
        "answer.as_published",
        "As published ({precision} weights and cache) it does not fit:",
        "Как опубликована (веса и кэш в {precision}), не помещается:",
    )
    ANSWER_AS_ASKED = (
        "answer.as_asked",
        "With the {precision} weights asked and the KV cache in {kv} it does not fit:",
        "С весами в {precision}, как просили, и KV-кэшем в {kv} не помещается:",
    )
    ANSWER_HEADLINE_NO_FIT = (
        "answer.headline_no_fit",
        "**{model}, {task}, {precision}: {count} x {gpu} — does not fit**.",
        "**{model}, {task}, {precision}: {count} x {gpu} — не помещается**.",
    )
    ANSWER_HEADLINE_NO_FIT_AS_SIZED = (
        "answer.headline_no_fit_as_sized",
        "{model}, {task}, {precision} on {count} x {gpu}:",
        "{model}, {task}, {precision} на {count} x {gpu}:",
    )
    ANSWER_MINIMUM_AS_SIZED = (
        "answer.minimum_as_sized",
        "In {precision} it would take at least {count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} GB "
        "per GPU.",
        "В {precision} понадобилось бы не меньше {count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} ГБ "
        "на GPU.",
    )
    ANSWER_LIMIT = ("answer.limit", "The limit is {reason}.", "Упирается в {reason}.")
    ANSWER_MINIMUM = (
        "answer.minimum",
        "The minimum that fits: {count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} GB per GPU.",
        "Минимум, который помещается: {count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} ГБ на GPU.",
    )
    ANSWER_MINIMUM_OF_USABLE = (
        "answer.minimum_of_usable",
        " That is within the {usable} GB PyTorch can use on the card: its {capacity} GB are "
        "GiB, counted in decimal GB here.",
        " Это в пределах {usable} ГБ, доступных PyTorch на карте: её {capacity} ГБ — это ГиБ, "
        "здесь в десятичных ГБ.",
    )
    ANSWER_MINIMUM_SHARDED = (
        "answer.minimum_sharded",
        "The minimum that fits: {count} x {gpu}, the training states sharded across them "
        "(ZeRO-3 / FSDP, each GPU a data-parallel rank), {per_gpu} GB per GPU.",
        "Минимум, который помещается: {count} x {gpu}, состояния обучения разделены между ними "
        "(ZeRO-3 / FSDP, каждая GPU — свой поток данных), {per_gpu} ГБ на GPU.",
    )
    ANSWER_MEMORY = (
        "answer.memory",
        "Memory per GPU: {per_gpu} GB of {capacity} GB",
        "Память на GPU: {per_gpu} ГБ из {capacity} ГБ",
    )
    ANSWER_MEMORY_CPU = (
        "answer.memory_cpu",
        "RAM in use: {per_gpu} GB of {capacity} GB",
        "Занято ОЗУ: {per_gpu} ГБ из {capacity} ГБ",
    )
    ANSWER_MEMORY_CPU_NO_FIT = (
        "answer.memory_cpu_no_fit",
        "RAM needed: {per_gpu} GB, the server has {capacity} GB",
        "Нужно ОЗУ: {per_gpu} ГБ, а у сервера {capacity} ГБ",
    )
    ANSWER_MEMORY_USABLE = (
        "answer.memory_usable",
        "Memory per GPU: {per_gpu} GB of the {usable} GB PyTorch can use on this {capacity} GB "
        "card "
        "(its memory is {capacity} GiB, counted in decimal GB here)",
        "Память на GPU: {per_gpu} ГБ из {usable} ГБ, доступных PyTorch на этой карте на "
        "{capacity} ГБ (её память — {capacity} ГиБ, здесь в десятичных ГБ)",
    )
    ANSWER_MEMORY_NO_FIT = (
        "answer.memory_no_fit",
        "Needed per GPU: {per_gpu} GB, the card has {capacity} GB",
        "Нужно на GPU: {per_gpu} ГБ, а у карты {capacity} ГБ",
    )
    ANSWER_MEMORY_NO_FIT_USABLE = (
        "answer.memory_no_fit_usable",
        "Needed per GPU: {per_gpu} GB, more than the {usable} GB the engine may use of the "
        "card's {capacity} GB",
        "Нужно на GPU: {per_gpu} ГБ, больше {usable} ГБ, которые движок может занять из {capacity} "
        "ГБ карты",
    )
    ANSWER_HOLDS_FEWER = (
        "answer.holds_fewer",
        "The weights fit; the memory left holds {tokens} tokens of KV cache: {users} of the "
        "{asked} users at once at {context} tokens each.",
        "Веса помещаются; оставшаяся память вмещает {tokens} токенов KV-кэша: {users} из {asked} "
        "пользователей одновременно по {context} токенов на каждого.",
    )
    ANSWER_RUN_RENTED = (
        "answer.run_rented",
        "Rented on demand for the run instead: {hours:g} h x {count} GPUs x ${rate:g} per "
        "GPU-hour = ${run:,.2f}; billed by whole hours, {billed} h, ${billed_usd:,.2f}.",
        "Аренда по требованию на время запуска вместо покупки: {hours:g} ч x {count} GPU x "
        "${rate:g} за GPU-час = ${run:,.2f}; с оплатой за целые часы, {billed} ч, "
        "${billed_usd:,.2f}.",
    )
    ANSWER_WHOLE_ANSWER = (
        "answer.whole_answer",
        "An answer of {output} tokens takes about {seconds} s from the question to its last token.",
        "Ответ в {output} токенов занимает около {seconds} с от вопроса до последнего токена.",
    )
    ANSWER_HOST_OFFLOAD = (
        "answer.host_offload",
        "Offloaded to host RAM: {offload} GB.",
        "В ОЗУ вынесено {offload} ГБ.",
    )
    ANSWER_INFERENCE = (
        "answer.inference",
        "The memory left after the weights, reserved for the KV cache as vLLM does, holds "
        "{tokens} tokens: up to {users} concurrent users at {context} tokens of context "
        "({asked} asked for). Speed: {per_user} tokens/s per user while it streams, {total} "
        "tokens/s in total over whole requests (first token after {ttft} s).",
        "Память, оставшаяся после весов, отводится под KV-кэш, как это делает vLLM, и вмещает "
        "{tokens} токенов: до {users} одновременных пользователей при контексте {context} "
        "токенов (запрошено {asked}). Скорость: {per_user} токенов/с на пользователя во время "
        "генерации, {total} токенов/с суммарно с учётом ожидания первого токена (через {ttft} с).",
    )
    ANSWER_INFERENCE_CPU = (
        "answer.inference_cpu",
        "The KV cache llama.cpp reserves in the RAM left after the weights holds {tokens} "
        "tokens: up to {users} concurrent users at {context} tokens of context ({asked} asked "
        "for). Speed: {per_user} tokens/s per user while it streams, {total} tokens/s in total "
        "over whole requests (first token after {ttft} s: a CPU reads the prompt far slower "
        "than a GPU).",
        "KV-кэш, который llama.cpp отводит в ОЗУ, оставшейся после весов, вмещает {tokens} "
        "токенов: до {users} одновременных пользователей при контексте {context} токенов "
        "(запрошено {asked}). Скорость: {per_user} токенов/с на пользователя во время "
        "генерации, {total} токенов/с суммарно с учётом ожидания первого токена (через {ttft} "
        "с: процессор читает запрос намного медленнее GPU).",
    )
    ANSWER_INFERENCE_WINDOW = (
        "answer.inference_window",
        "The memory left after the weights, reserved for the KV cache as vLLM does, holds "
        "{tokens} tokens: up to {users} concurrent requests of {prompt} tokens in and {output} "
        "out ({asked} asked for), of which {window_users} at once at the full {context}-token "
        "window (more queue). Speed: {per_user} tokens/s per user while it streams, {total} "
        "tokens/s in total over whole requests (first token after {ttft} s).",
        "Память, оставшаяся после весов, отводится под KV-кэш, как это делает vLLM, и вмещает "
        "{tokens} токенов: до {users} одновременных запросов по {prompt} токенов на входе и "
        "{output} на выходе (запрошено {asked}), из них {window_users} одновременно на полное "
        "окно {context} токенов (остальные ждут очереди). Скорость: {per_user} токенов/с на "
        "пользователя во время генерации, {total} токенов/с суммарно с учётом ожидания первого "
        "токена (через {ttft} с).",
    )
    COMPARE_HEAD_TO_HEAD = (
        "compare.head_to_head",
        "The GPUs you named, for {users:plural:user|users} at once:",
        "Названные вами GPU, для {users:plural:пользователя|пользователей|пользователей} "
        "одновременно:",
    )
    COMPARE_HEAD_TO_HEAD_RUN = (
        "compare.head_to_head_run",
        "The GPUs you named, for this run ({task}):",
        "Названные вами GPU, для этого прогона ({task}):",
    )
    COMPARE_HEAD_LINE = (
        "compare.head_line",
        "{count} x {gpu}: fits, memory for up to {capacity:,} users at once, {speed:g} tokens/s "
        "per user; about ${capex:,.0f} to buy{whole}, ${monthly:,.0f} a month to run",
        "{count} x {gpu}: помещается, памяти хватит на {capacity:,} пользователей одновременно, "
        "{speed:g} токенов/с на пользователя; покупка около ${capex:,.0f}{whole}, работа "
        "${monthly:,.0f} в месяц",
    )
    COMPARE_PICK = (
        "compare.pick",
        "I would take {count} x {gpu}: the lowest price per user its memory holds, "
        "${per_user:,.0f} a user for up to {capacity:,} at once, {speed:g} tokens/s each "
        "(figures below; tell me the load and I will size it).",
        "Я бы взял {count} x {gpu}: самая низкая цена на пользователя, которого вмещает её "
        "память, — ${per_user:,.0f} на пользователя, до {capacity:,} одновременно, {speed:g} "
        "токенов/с каждому (цифры ниже; скажите нагрузку, и я рассчитаю под неё).",
    )
    COMPARE_FOR_LOAD = (
        "compare.for_load",
        "For {users:plural:user|users} at once I would take {count} x {gpu} ({precision}): the "
        "least to buy (${capex:,.0f}) of those that hold them at the {target} tokens/s a user "
        "needs, {speed:g} each.",
        "Для {users:plural:пользователя|пользователей|пользователей} одновременно я бы взял "
        "{count} x {gpu} ({precision}): дешевле всего в покупке (${capex:,.0f}) из тех, что "
        "держат их на нужных пользователю {target} токенов/с, — {speed:g} каждому.",
    )
    COMPARE_FOR_LOAD_SLOW = (
        "compare.for_load_slow",
        "For {users:plural:user|users} at once none of these reaches the {target} tokens/s a "
        "user needs; the fastest that holds them: {count} x {gpu} ({precision}), {speed:g} "
        "each, ${capex:,.0f} to buy (more GPUs per copy, or a lighter format, make it faster).",
        "Для {users:plural:пользователя|пользователей|пользователей} одновременно ни один "
        "вариант не даёт нужных пользователю {target} токенов/с; быстрее всех из тех, что их "
        "держат, {count} x {gpu} ({precision}): {speed:g} каждому, покупка ${capex:,.0f} (быстрее "
        "сделают больше GPU на копию модели или более лёгкий формат).",
    )
    COMPARE_HEAD_TRAINING = (
        "compare.head_training",
        "{count} x {gpu}: fits, {rate:,} tokens/s, the run in about {hours:g} h; about "
        "${capex:,.0f} to buy{whole}, ${monthly:,.0f} a month to run",
        "{count} x {gpu}: помещается, {rate:,} токенов/с, прогон около {hours:g} ч; покупка около "
        "${capex:,.0f}{whole}, работа ${monthly:,.0f} в месяц",
    )
    COMPARE_VERDICT_TRAINING = (
        "compare.verdict_training",
        "The shorter run: {count} x {gpu}, about {hours:g} h, ${capex:,.0f} to buy; the least to "
        "buy: {other_count} x {other}, ${other_capex:,.0f}, the run in {other_hours:g} h.",
        "Быстрее всего прогон на {count} x {gpu}: около {hours:g} ч, покупка ${capex:,.0f}; "
        "дешевле всего купить {other_count} x {other}: ${other_capex:,.0f}, прогон {other_hours:g} "
        "ч.",
    )
    COMPARE_VERDICT_TRAINING_BOTH = (
        "compare.verdict_training_both",
        "The shorter run and the least to buy: {count} x {gpu}, about {hours:g} h for "
        "${capex:,.0f} (against {other_hours:g} h on {other_count} x {other} for "
        "${other_capex:,.0f}).",
        "И быстрее, и дешевле {count} x {gpu}: прогон около {hours:g} ч, покупка ${capex:,.0f} "
        "(против {other_hours:g} ч на {other_count} x {other} за ${other_capex:,.0f}).",
    )
    COMPARE_VERDICT_FASTER = (
        "compare.verdict_faster",
        "Faster: {count} x {gpu}, {speed:g} tokens/s per user against {other_speed:g} on "
        "{other_count} x {other} (about ${capex:,.0f} to buy).",
        "Быстрее {count} x {gpu}: {speed:g} токенов/с на пользователя против {other_speed:g} на "
        "{other_count} x {other} (покупка около ${capex:,.0f}).",
    )
    COMPARE_VERDICT_VALUE = (
        "compare.verdict_value",
        "Better value: {count} x {gpu}, the lowest price per user its memory holds, "
        "${per_user:,.0f} a user for up to {capacity:,} at once at {speed:g} tokens/s each.",
        "Выгоднее {count} x {gpu}: самая низкая цена на пользователя, которого вмещает её "
        "память, — ${per_user:,.0f} на пользователя, до {capacity:,} одновременно по {speed:g} "
        "токенов/с.",
    )
    COMPARE_VERDICT_VALUE_LOAD = (
        "compare.verdict_value_load",
        "Better value for {users:plural:user|users} at once: {count} x {gpu}, the lowest price "
        "per token/s it streams to them, ${per_tps:,.0f} per token/s at {speed:g} tokens/s each.",
        "Выгоднее для {users:plural:пользователя|пользователей|пользователей} одновременно "
        "{count} x {gpu}: самая низкая цена за токен/с, который она отдаёт им, — ${per_tps:,.0f} "
        "за токен/с при {speed:g} токенов/с на каждого.",
    )
    COMPARE_HEAD_LINE_LIGHTER = (
        "compare.head_line_lighter",
        "{count} x {gpu}: fits in {precision} (not as published), memory for up to "
        "{capacity:,} users at once, {speed:g} tokens/s per user; about ${capex:,.0f} to "
        "buy{whole}, ${monthly:,.0f} a month to run",
        "{count} x {gpu}: помещается в {precision} (не в исходном формате), памяти хватит на "
        "{capacity:,} пользователей одновременно, {speed:g} токенов/с на пользователя; покупка "
        "около ${capex:,.0f}{whole}, работа ${monthly:,.0f} в месяц",
    )
    COMPARE_HEAD_LINE_MORE = (
        "compare.head_line_more",
        "{asked} x {gpu} do not hold the model for this load; {count} do: memory for up to "
        "{capacity:,} users at once, {speed:g} tokens/s per user; about ${capex:,.0f} to "
        "buy{whole}, ${monthly:,.0f} a month to run",
        "{asked} x {gpu} не вмещают модель при такой нагрузке; нужно {count}: памяти хватит на "
        "{capacity:,} пользователей одновременно, {speed:g} токенов/с на пользователя; покупка "
        "около ${capex:,.0f}{whole}, работа ${monthly:,.0f} в месяц",
    )
    COMPARE_PER_TOKEN_HEAD = (
        "compare.per_token_head",
        "Per token, each GPU kept busy in a server of {count} (the most requests its memory "
        "holds, around the clock; the purchase spread over three years, plus running):",
        "За токен: каждая GPU загружена полностью в сервере на {count} (столько запросов, "
        "сколько вмещает память, круглосуточно; покупка разнесена на три года, плюс работа):",
    )
    COMPARE_PER_TOKEN_LINE = (
        "compare.per_token_line",
        "{gpu}: ${per_mtok:g} per million tokens ({users} requests at once, {aggregate:,.0f} "
        "tokens/s; ${capex:,.0f} to buy, ${monthly:,.0f} a month to run)",
        "{gpu}: ${per_mtok:g} за миллион токенов ({users} запросов одновременно, "
        "{aggregate:,.0f} токенов/с; покупка ${capex:,.0f}, работа ${monthly:,.0f} в месяц)",
    )
    COMPARE_PER_TOKEN_VERDICT = (
        "compare.per_token_verdict",
        "Cheaper per token: {gpu}, ${per_mtok:g} against ${other:g} per million tokens, as long "
        "as the load keeps it busy.",
        "Дешевле за токен: {gpu}, ${per_mtok:g} против ${other:g} за миллион токенов — если "
        "нагрузка держит её занятой.",
    )
    COMPARE_BUDGET_PICK = (
        "compare.budget_pick",
        "Within {budget}: take {count} x {gpu}, the fastest that fits the budget: "
        "{speed:g} tokens/s per user, about ${capex:,.0f} with its server.",
        "В бюджет {budget}: берите {count} x {gpu} — самый быстрый вариант, который в "
        "него укладывается: {speed:g} токенов/с на пользователя, около ${capex:,.0f} вместе с "
        "сервером.",
    )
    COMPARE_BUDGET_NONE = (
        "compare.budget_none",
        "None of them fits within {budget}: the cheapest is {count} x {gpu} at about "
        "${capex:,.0f} with its server.",
        "В бюджет {budget} не укладывается ни один: дешевле всего {count} x {gpu} — "
        "около ${capex:,.0f} вместе с сервером.",
    )
    MONEY_USD = ("money.usd", "${usd:,.0f}", "${usd:,.0f}")
    MONEY_LOCAL = (
        "money.local",
        "{amount:,.0f} {cur} (${usd:,.0f})",
        "{amount:,.0f} {cur} (${usd:,.0f})",
    )
    REASONING_OUTPUT = (
        "warn.reasoning_output",
        "{model} thinks before it answers: each answer opens with a chain of thought, often "
        "thousands of tokens on hard questions, which the {output} output tokens sized here do "
        "not hold; give the output length you expect (output_tokens) to size for it.",
        "{model} рассуждает перед ответом: каждый ответ начинается с цепочки рассуждений, на "
        "сложных вопросах часто в тысячи токенов, а посчитанные здесь {output} токенов на выходе "
        "её не вмещают; назовите ожидаемую длину ответа (output_tokens), и я пересчитаю.",
    )
    QUOTE_CHECK = (
        "quote.check",
        "**The quote, {quote}, is {verdict}:** our catalog prices {count} x {gpu} with their "
        "server at about ${capex:,.0f} (list prices as of {as_of}; a vendor's support, "
        "warranty and delivery terms move it).",
        "**Предложение, {quote}, — {verdict}:** по нашему каталогу {count} x {gpu} с сервером "
        "стоят около ${capex:,.0f} (прейскурантные цены на {as_of}; поддержка, гарантия и "
        "условия поставки у поставщика их сдвигают).",
    )
    QUOTE_MARKET = ("quote.market", "about the market price", "около рыночной цены")
    QUOTE_ABOVE = ("quote.above", "above the market price", "выше рыночной цены")
    QUOTE_BELOW = ("quote.below", "below the market price", "ниже рыночной цены")
    ANSWER_ONE_SERVER_YES = (
        "answer.one_server_yes",
        "**Yes, one server is enough:** {count} x {gpu} hold it, {used:g} GB of {usable:g} GB "
        "per GPU.",
        "**Да, одного сервера хватает:** {count} x {gpu} вмещают это, {used:g} ГБ из "
        "{usable:g} ГБ на GPU.",
    )
    ANSWER_ONE_SERVER_SLOW = (
        "answer.one_server_slow",
        "**One server holds it, but not at the speed its users need:** {count} x {gpu} hold "
        "the model, {used:g} GB of {usable:g} GB per GPU; what it misses and what meets it "
        "are below.",
        "**Один сервер модель вмещает, но не на нужной пользователям скорости:** {count} x "
        "{gpu} вмещают её, {used:g} ГБ из {usable:g} ГБ на GPU; чего не хватает и что поможет "
        "— ниже.",
    )
    ANSWER_ONE_SERVER_NO = (
        "answer.one_server_no",
        "**No, one server is not enough:** {count} x {gpu} would need {used:g} GB per GPU, "
        "{usable:g} GB is there.",
        "**Нет, одного сервера не хватает:** {count} x {gpu} нужно {used:g} ГБ на GPU, а "
        "есть {usable:g} ГБ.",
    )
    COMPARE_BUDGET_SAME_MODEL = (
        "compare.budget_same_model",
        "Within the budget, the same model lighter",
        "В пределах бюджета, та же модель легче",
    )
    COMPARE_BUDGET_OTHER_MODEL = (
        "compare.budget_other_model",
        "Within the budget, another model",
        "В пределах бюджета, другая модель",
    )
    COMPARE_HEAD_NO_FIT = (
        "compare.head_no_fit",
        "{count} x {gpu}: does not hold the model for this load",
        "{count} x {gpu}: не вмещает модель при такой нагрузке",
    )
    REC_MISSES_TARGETS = (
        "rec.misses_targets",
        "It misses the targets at {users:plural:user|users} at once: {missed}. Fewer users at "
        "once, a smaller model or more GPUs would meet them.",
        "При {users} одновременно цели не выполнены: {missed}. Их выполнят меньше пользователей "
        "одновременно, модель поменьше или больше GPU.",
    )
    REC_MISSED_SPEED = (
        "rec.missed_speed",
        "{speed:g} tokens/s each against {target:g}",
        "{speed:g} токенов/с каждому вместо {target:g}",
    )
    REC_MISSED_TTFT = (
        "rec.missed_ttft",
        "the first token in {ttft:g} s against {target:g} s",
        "первый токен через {ttft:g} с вместо {target:g} с",
    )
    REC_OTHER_TASK = (
        "rec.other_task",
        "With {task} instead (the other method you asked about): {option}",
        "Если выбрать {task} (второй метод из вопроса): {option}",
    )
    REC_USER_BASE = (
        "rec.user_base",
        "If {users} is everyone who will use it rather than how many at once, the peak is "
        "about {concurrent} at once (the usual share):\n- {option}",
        "Если {users} — это все, кто будет пользоваться, а не сколько одновременно, то в пике "
        "около {concurrent} одновременно (обычная доля):\n- {option}",
    )
    REC_ONLY_BY_RETRIEVAL = (
        "rec.only_by_retrieval",
        "No model reads documents this long whole: questions about them are answered from the "
        "passages a search finds (RAG: about {prompt:,} tokens a question instead of {whole:,}). "
        "{option}",
        "Целиком такие документы не прочтёт ни одна модель: на вопросы по ним отвечают по "
        "фрагментам, которые находит поиск (RAG: около {prompt:,} токенов на вопрос вместо "
        "{whole:,}). {option}",
    )
    REC_MODEL_BY_RETRIEVAL = (
        "rec.model_by_retrieval",
        "{model} does not read documents this long whole: questions about them are answered "
        "from the passages a search finds (RAG: about {prompt:,} tokens a question instead of "
        "{whole:,}). {option}",
        "{model} не прочтёт такие документы целиком: на вопросы по ним отвечают по фрагментам, "
        "которые находит поиск (RAG: около {prompt:,} токенов на вопрос вместо {whole:,}). "
        "{option}",
    )
    REC_BY_RETRIEVAL = (
        "rec.by_retrieval",
        "Questions about the documents can instead be answered from the passages a search finds "
        "(RAG: about {prompt:,} tokens a question instead of {whole:,}); a whole-document review "
        "or summary still needs the setup above. {option}",
        "На вопросы по документам можно отвечать и по фрагментам, которые находит поиск (RAG: "
        "около {prompt:,} токенов на вопрос вместо {whole:,}); для проверки или пересказа "
        "документа целиком нужна конфигурация выше. {option}",
    )
    REC_LABEL_RETRIEVAL = ("rec.label_retrieval", "With RAG", "С RAG")
    REC_LABEL_USER_BASE = (
        "rec.label_user_base",
        "Then",
        "Тогда",
    )
    REC_LABEL_PUBLISHED = (
        "rec.label_published",
        "In the format it is published in ({format}), without the quantisation's quality cost",
        "В формате, в котором модель опубликована ({format}), без потери качества от квантизации",
    )
    REC_LABEL_NEAR_PUBLISHED = (
        "rec.label_near_published",
        "In {format}, near the published 16-bit quality at half its memory",
        "В {format} — качество близко к опубликованной 16-битной модели при вдвое меньшей памяти",
    )
    REC_WITHIN_BUDGET_QLORA = (
        "rec.within_budget_qlora",
        "Within the budget, with QLoRA (the frozen base in 4 bits, a small quality cost)",
        "В пределах бюджета, с QLoRA (замороженная база в 4 битах, небольшая потеря качества)",
    )
    REC_WITHIN_BUDGET_MODEL = (
        "rec.within_budget_model",
        "Within the budget, with another model",
        "В пределах бюджета, с другой моделью",
    )
    CURRENCY_RUB = ("currency.rub", "RUB", "₽")
    CURRENCY_EUR = ("currency.eur", "EUR", "€")
    MODELS_API_VERDICT = (
        "models.api_verdict",
        "API or your own server, for {model} on its cheapest setup below:",
        "API или свой сервер — для {model} на самой дешёвой конфигурации ниже:",
    )
    MODELS_HEAD_TO_HEAD = (
        "models.head_to_head",
        "The models you named, each on the cheapest setup that serves the same load "
        "({users:plural:user|users} at once, {input} tokens in and {output} out per request):",
        "Названные вами модели, каждая на самой дешёвой конфигурации для одной и той же нагрузки "
        "({users:plural:пользователь|пользователя|пользователей} одновременно, {input} токенов на "
        "входе и {output} на выходе на запрос):",
    )
    MODELS_HEAD_LINE = (
        "models.head_line",
        "**{model}**: quality: {quality}{russian}. {count} x "
        "{gpu}{copies} in {precision}, {speed:g} tokens/s per user; {price}, ${monthly:,.0f} a "
        "month to run ({monthly_local:,.0f} {cur}), ${tco:,.0f} over three years "
        "({tco_local:,.0f} {cur}).",
        "**{model}**: качество — {quality}{russian}. {count} x "
        "{gpu}{copies} в {precision}, {speed:g} токенов/с на пользователя; {price}, работа "
        "{monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц, {tco_local:,.0f} {cur} (${tco:,.0f}) за три "
        "года.",
    )
    MODELS_TIER = (
        "models.tier",
        "tier {tier} of 5 ({basis})",
        "уровень {tier} из 5 ({basis})",
    )
    MODELS_HEAD_NONE = (
        "models.head_none",
        "**{model}**: no setup in the catalog serves this load ({unmet}).",
        "**{model}**: ни одна конфигурация из каталога не обслужит эту нагрузку ({unmet}).",
    )
    MODELS_CHEAPER = (
        "models.cheaper",
        "Cheaper to serve this load: {model}, ${tco:,.0f} over three years ({tco_local:,.0f} {cur}) "
        "against ${other:,.0f} ({other_local:,.0f} {cur}).",
        "Дешевле обслужить эту нагрузку на {model}: {tco_local:,.0f} {cur} (${tco:,.0f}) за три года "
        "против {other_local:,.0f} {cur} (${other:,.0f}).",
    )
    MODELS_SAME_COST = (
        "models.same_cost",
        "Both cost about the same to serve this load (within 5% over three years).",
        "Обслуживание этой нагрузки стоит примерно одинаково (разница за три года меньше 5%).",
    )
    MODELS_STRONGER = (
        "models.stronger",
        "Stronger by the vendors' published scores: {model} (tier {tier} against {other}).",
        "Сильнее по опубликованным результатам разработчиков: {model} (уровень {tier} против "
        "{other}).",
    )
    MODELS_SAME_TIER = (
        "models.same_tier",
        "Both sit in quality tier {tier}: the published scores do not set them apart; try both "
        "on your own examples.",
        "Обе модели на уровне качества {tier}: опубликованные результаты их не различают; "
        "проверьте обе на своих примерах.",
    )
    MODELS_RUSSIAN = (
        "models.russian",
        "In Russian: {model} is {rating}; {other} is {other_rating}.",
        "Русский язык: {model} — {rating}; {other} — {other_rating}.",
    )
    MODELS_PICK = (
        "models.pick",
        "For this goal I would take {model}: {reason}.",
        "Для этой задачи я бы взял {model}: {reason}.",
    )
    MODELS_PICK_DOMINATES = (
        "models.pick_dominates",
        "as strong or stronger, for no more money",
        "не слабее и не дороже",
    )
    MODELS_PICK_RUSSIAN = (
        "models.pick_russian",
        "your users write in Russian, and its Russian results are the better published",
        "ваши пользователи пишут по-русски, а её результаты на русском опубликованы лучшие",
    )
    MODELS_PICK_STRONGER = (
        "models.pick_stronger",
        "the stronger model; the cheaper one is the fallback if the budget decides",
        "модель сильнее; более дешёвая — запасной вариант, если решает бюджет",
    )
    MODELS_PICK_ASKED_CHEAPEST = (
        "models.pick_asked_cheapest",
        "you asked for the cheapest, and it serves the load for less",
        "вы просили самый дешёвый вариант, и он обслуживает нагрузку дешевле",
    )
    MODELS_PICK_CHEAPEST_ALIKE = (
        "models.pick_cheapest_alike",
        "you asked for the cheapest, and both cost about the same: this one is as strong or "
        "stronger, and the newer",
        "вы просили самый дешёвый вариант, а стоят они примерно одинаково: эта модель не "
        "слабее и новее",
    )
    MODELS_PICK_UNRATED = (
        "models.pick_unrated",
        "it serves the load for less, and the catalog has no quality rating to set against that",
        "она обслуживает нагрузку дешевле, а оценки качества, чтобы это перевесить, в каталоге нет",
    )
    MODELS_PICK_RATED = (
        "models.pick_rated",
        "the catalog rates it on published scores, and has nothing to go on for the other",
        "её качество подтверждают опубликованные результаты, а для другой в каталоге их нет",
    )
    MODELS_RUSSIAN_PART = (
        "models.russian_part",
        "; Russian: {russian}",
        "; русский язык — {russian}",
    )
    MODELS_UNRATED = (
        "models.unrated",
        "{model} has no quality rating in the catalog yet: compare the models on your own "
        "examples.",
        "У {model} пока нет оценки качества в каталоге: сравните модели на своих примерах.",
    )
    MODELS_TIER_UNRATED = (
        "models.tier_unrated",
        "not rated in the catalog",
        "нет оценки в каталоге",
    )
    GPUS_HEAD_TO_HEAD = (
        "gpus.head_to_head",
        "No model named, so each GPU you named is weighed by what it buys for this goal: the "
        "best setup on it{budget} ({users:plural:user|users} at once, {input:,} tokens in and "
        "{output:,} out per request):",
        "Модель не названа, поэтому каждая названная GPU взвешена по тому, что она даёт для этой "
        "задачи: лучшая конфигурация на ней{budget} "
        "({users:plural:пользователь|пользователя|пользователей} одновременно, {input:,} токенов на "
        "входе и {output:,} на выходе на запрос):",
    )
    GPUS_HEAD_TO_HEAD_MODEL = (
        "gpus.head_to_head_model",
        "{model} on each GPU you named, on the best setup of it{budget} "
        "({users:plural:user|users} at once, {input:,} tokens in and {output:,} out per request):",
        "{model} на каждой названной GPU, в лучшей конфигурации{budget} "
        "({users:plural:пользователь|пользователя|пользователей} одновременно, {input:,} токенов на "
        "входе и {output:,} на выходе на запрос):",
    )
    GPUS_WITHIN_BUDGET = (
        "gpus.within_budget",
        " within the budget of ${usd:,.0f} ({local:,.0f} {cur})",
        " в пределах бюджета {local:,.0f} {cur} (${usd:,.0f})",
    )
    GPUS_HEAD_LINE = (
        "gpus.head_line",
        "**{gpu}** x {count}{copies}: {model} in {precision} (quality: {quality}), "
        "{load:plural:user|users} at once at {speed:g} tokens/s each (memory for up to "
        "{capacity}); {price}.",
        "**{gpu}** x {count}{copies}: {model} в {precision} (качество — {quality}), "
        "{load:plural:пользователь|пользователя|пользователей} одновременно по {speed:g} "
        "токенов/с (памяти хватит на {capacity}); {price}.",
    )
    GPUS_TIER = ("gpus.tier", "tier {tier} of 5", "уровень {tier} из 5")
    GPUS_OVER_BUDGET = (
        "gpus.over_budget",
        " Over the budget: no setup on this GPU costs less.",
        " Дороже бюджета: дешевле на этой GPU не собрать.",
    )
    GPUS_HEAD_NONE = (
        "gpus.head_none",
        "**{gpu}**: no setup on it meets this goal ({unmet}).",
        "**{gpu}**: ни одна конфигурация на ней не выполняет эту задачу ({unmet}).",
    )
    GPUS_PICK = (
        "gpus.pick",
        "Of these I would take the {gpu}: {reason}.",
        "Из этих GPU я бы взял {gpu}: {reason}.",
    )
    GPUS_PICK_NONE = (
        "gpus.pick_none",
        "None of these GPUs meets the goal as asked; the lines above say what each falls short on.",
        "Ни одна из этих GPU не выполняет задачу в заданных рамках; что мешает каждой — в строках "
        "выше.",
    )
    GPUS_PICK_ONLY = (
        "gpus.pick_only",
        "it is the only one that meets the goal",
        "только она выполняет задачу",
    )
    GPUS_PICK_DOMINATES = (
        "gpus.pick_dominates",
        "it runs as strong a model as any of them, for the least over three years",
        "на ней модель не слабее, чем на других, а за три года она обходится дешевле всех",
    )
    GPUS_PICK_STRONGER = (
        "gpus.pick_stronger",
        "it runs the strongest model of them; a cheaper card is the fallback if the budget decides",
        "на ней работает самая сильная модель; более дешёвая карта — запасной вариант, если "
        "решает бюджет",
    )
    GPUS_PICK_CHEAPEST = (
        "gpus.pick_cheapest",
        "it meets the goal for the least over three years; a card with a stronger model costs more",
        "она выполняет задачу дешевле всех за три года; карта с моделью сильнее стоит дороже",
    )
    GPUS_NAME_A_MODEL = (
        "gpus.name_a_model",
        "Name the model (and how many people use it) and I will weigh these GPUs on that model.",
        "Назовите модель (и сколько человек ей пользуется) — сравню эти GPU именно на ней.",
    )
    MODELS_PICK_NEAREST = (
        "models.pick_nearest",
        "none meets the goal on these GPUs and it comes nearest",
        "ни одна не достигает цели на этих GPU, а она ближе всех",
    )
    MODELS_SHORT_OF_GOAL = (
        "models.short_of_goal",
        "It falls short of the goal: {misses}.",
        "До цели не дотягивает: {misses}.",
    )
    MODELS_SHORT_OF_GOAL_HOLDS = (
        "models.short_of_goal_holds",
        "It falls short of the goal: {misses}. Its memory holds up to "
        "{capacity:plural:user|users} at once.",
        "До цели не дотягивает: {misses}. Памяти хватит на "
        "{capacity:plural:пользователя|пользователей|пользователей} одновременно.",
    )
    ANSWER_MISSED_USERS = (
        "answer.missed_users",
        "memory for {capacity:plural:user|users} at once against {users}",
        "памяти на {capacity:plural:пользователя|пользователей|пользователей} одновременно "
        "вместо {users}",
    )
    MODELS_PICK_ONLY = (
        "models.pick_only",
        "it is the one that serves this load",
        "только она обслуживает эту нагрузку",
    )
    RUSSIAN_STRONG = (
        "russian.strong",
        "strong (built for Russian, leading the Russian tables)",
        "сильный (создана для русского, лидирует в русских рейтингах)",
    )
    RUSSIAN_GOOD = (
        "russian.good",
        "good (a published Russian benchmark)",
        "хороший (по опубликованному русскому тесту)",
    )
    RUSSIAN_FAIR = (
        "russian.fair",
        "fair (a published Russian benchmark)",
        "средний (по опубликованному русскому тесту)",
    )
    RUSSIAN_WEAK = (
        "russian.weak",
        "weak (a published Russian benchmark)",
        "слабый (по опубликованному русскому тесту)",
    )
    RUSSIAN_UNPUBLISHED = (
        "russian.unpublished",
        "no published Russian results",
        "результатов на русском не публиковали",
    )
    ANSWER_TASKS = (
        "answer.tasks",
        "Sized above with {task}, the lightest method you asked about; the others on the "
        "{gpu} (adapters train a fraction of the weights, so they need several times less "
        "memory than full fine-tuning, which updates every weight):",
        "Выше посчитано для метода «{task}», самого лёгкого из названных; остальные на {gpu} "
        "(адаптеры обучают малую долю весов, поэтому памяти им нужно в разы меньше, чем полному "
        "дообучению, которое меняет все веса):",
    )
    ANSWER_TASK_LINE = (
        "answer.task_line",
        "{task}: {count} x {gpu}, {per_gpu:g} GB per GPU, about {hours:g} h for the dataset",
        "{task}: {count} x {gpu}, {per_gpu:g} ГБ на GPU, около {hours:g} ч на датасет",
    )
    ANSWER_FORMATS = (
        "answer.formats",
        "The same model in the other weight formats asked about, on {gpu}:",
        "Та же модель в других форматах весов, о которых вы спросили, на {gpu}:",
    )
    ANSWER_FORMAT_LINE = (
        "answer.format_line",
        "{precision}: weights {weights:g} GB in all, {per_gpu:g} GB per GPU on {count} x {gpu}, "
        "{speed:g} tokens/s per user",
        "{precision}: веса {weights:g} ГБ всего, {per_gpu:g} ГБ на GPU на {count} x {gpu}, "
        "{speed:g} токенов/с на пользователя",
    )
    ANSWER_FORMAT_NO_FIT = (
        "answer.format_no_fit",
        "{precision}: weights {weights:g} GB in all; does not fit {count} x {gpu} ({per_gpu:g} GB "
        "per GPU needed)",
        "{precision}: веса {weights:g} ГБ всего; не помещается на {count} x {gpu} (нужно "
        "{per_gpu:g} ГБ на GPU)",
    )
    ANSWER_FULL_LOAD = (
        "answer.full_load",
        "Under load, {users:plural:request|requests} at once: {per_user} tokens/s each, {total} "
        "tokens/s in "
        "total.",
        "Под нагрузкой, {users:plural:запрос|запроса|запросов} одновременно: {per_user} "
        "токенов/с каждому, {total} "
        "токенов/с всего.",
    )
    ANSWER_BURST = (
        "answer.burst",
        "If all {users} send at the same moment (the start of a shift, a batch job), the first "
        "token comes after {burst} s on average.",
        "Если все {users} отправят запрос одновременно (начало смены, пакетная задача), первый "
        "токен придёт в среднем через {burst} с.",
    )
    ANSWER_WAVE = (
        "answer.wave",
        "That speed holds {users} requests in flight all the time, each new prompt read "
        "while the others stream. If the {users} send together and again only after reading "
        "the answers, each streams at {speed} tokens/s, the first token after {ttft} s on "
        "average.",
        "Эта скорость — при {users} запросах в работе постоянно: каждый новый запрос читается, "
        "пока остальные генерируют ответ. Если {users} запросов приходят вместе, а следующие — "
        "только после того, как ответы прочитаны, каждый получает {speed} токенов/с, первый "
        "токен в среднем через {ttft} с.",
    )
    ANSWER_TRAINING = (
        "answer.training",
        "Training: {rate} tokens/s, {trainable} trainable parameters.",
        "Обучение: {rate} токенов/с, обучаемых параметров {trainable}.",
    )
    ANSWER_BATCH_JOB = (
        "answer.batch_job",
        "Batch job: {items:,} requests ({prompt} tokens in, {output} out), {concurrency} at a "
        "time: about {hours} hours{days} at {aggregate:,.0f} output tokens/s ({gpu_hours:,.0f} "
        "GPU-hours).",
        "Пакетная задача: {items:,} запросов ({prompt} токенов на входе, {output} на выходе), "
        "по {concurrency} одновременно: около {hours} ч{days} при {aggregate:,.0f} токенов/с на "
        "выходе ({gpu_hours:,.0f} GPU-ч).",
    )
    ANSWER_BATCH_LIGHTER = (
        "answer.batch_lighter",
        "The same job with the weights in {precision} on these GPUs: about {hours:g} hours "
        "instead of {was:g} ({concurrency} at a time in the memory the lighter weights free), at "
        "a small quality cost.",
        "Та же задача с весами в {precision} на этих GPU: около {hours:g} ч вместо {was:g} (по "
        "{concurrency} одновременно в памяти, которую освобождают лёгкие веса), с небольшой "
        "потерей качества.",
    )
    ANSWER_BATCH_ON_ALL = (
        "answer.batch_on_all",
        " The job runs on all {gpus} of your GPUs, a copy of the model on each group.",
        " Задача идёт на всех {gpus} ваших GPU, по копии модели на каждую группу.",
    )
    ANSWER_BATCH_IN_TIME = (
        "answer.batch_in_time",
        ", within the {deadline} h asked",
        ", в пределах {deadline} ч срока",
    )
    ANSWER_BATCH_LATE = (
        "answer.batch_late",
        ", longer than the {deadline} h asked",
        ", дольше срока в {deadline} ч",
    )
    ANSWER_BATCH_DAYS = ("answer.batch_days", " ({days} days)", " ({days} сут.)")
    ANSWER_BATCH_POWER = (
        "answer.batch_power",
        "The job's electricity on these GPUs: about ${usd:,.0f} ({rub:,.0f} RUB).",
        "Электричество на эту задачу на этих GPU: около {rub:,.0f} ₽ (${usd:,.0f}).",
    )
    ANSWER_BATCH_RENT = (
        "answer.batch_rent",
        "The same GPU-hours rented on demand: about ${usd:,.0f} ({rub:,.0f} RUB) at ${rate:g} "
        "per GPU-hour.",
        "Те же GPU-часы в аренде по требованию: около {rub:,.0f} ₽ (${usd:,.0f}) по ${rate:g} "
        "за GPU-час.",
    )
    ANSWER_BATCH_API = (
        "answer.batch_api",
        "The same requests through {api}, a hosted API of this model's quality tier: about "
        "${usd:,.0f} ({rub:,.0f} RUB).",
        "Те же запросы через {api}, облачный API того же уровня качества, что у этой модели: "
        "около {rub:,.0f} ₽ (${usd:,.0f}).",
    )
    ANSWER_TRAINING_HOURS = (
        "answer.training_hours",
        "Dataset of {dataset} tokens, epochs: {epochs}: about {hours} hours.",
        "Датасет {dataset} токенов, эпох: {epochs} — около {hours} ч.",
    )
    ANSWER_SERVER = (
        "answer.server",
        "Besides the GPUs: {ram} GB of RAM, {nvme} TB of NVMe, power for {power} W. {cpu} "
        "{cooling}",
        "Кроме GPU: ОЗУ {ram} ГБ, NVMe {nvme} ТБ, блок питания и электропитание на {power} "
        "Вт. {cpu} {cooling}",
    )
    ANSWER_SERVER_CPU = (
        "answer.server_cpu",
        "The server: {ram} GB of RAM, {nvme} TB of NVMe, power for {power} W. {cpu} {cooling}",
        "Сервер: ОЗУ {ram} ГБ, NVMe {nvme} ТБ, блок питания и электропитание на {power} Вт. "
        "{cpu} {cooling}",
    )
    ANSWER_SERVER_FOR = (
        "answer.server_for",
        "For {count} x {gpu}, besides the GPUs: {ram} GB of RAM, {nvme} TB of NVMe, power for "
        "{power} W. {cpu} {cooling}",
        "Для {count} x {gpu}, кроме GPU: ОЗУ {ram} ГБ, NVMe {nvme} ТБ, блок питания и "
        "электропитание на {power} Вт. {cpu} {cooling}",
    )
    ANSWER_AGAINST_LAST_REFERENCE = (
        "answer.against_last_reference",
        "On the reference card the last answer was also sized on ({before} there): "
        "{before_count} x {before_gpu} -> {count} x {gpu}; running ${before_monthly:,.0f} -> "
        "${monthly:,.0f} a month (what to buy is the cheapest setup below).",
        "На эталонной карте, на которой считался и прошлый ответ (там {before}): {before_count} "
        "x {before_gpu} -> {count} x {gpu}; работа ${before_monthly:,.0f} -> ${monthly:,.0f} в "
        "месяц (что покупать — самая дешёвая конфигурация ниже).",
    )
    ANSWER_ENOUGH_YES = (
        "answer.enough_yes",
        "**Yes, that is enough:** on {count} x {gpu}, {users:plural:user|users} at once at "
        "{speed:g} tokens/s each ({per_gpu:g} GB of {capacity:g} GB per GPU).",
        "**Да, хватит:** на {count} x {gpu} — "
        "{users:plural:пользователь|пользователя|пользователей} одновременно по {speed:g} "
        "токенов/с ({per_gpu:g} ГБ из {capacity:g} ГБ на GPU).",
    )
    ANSWER_ENOUGH_YES_TRAINING = (
        "answer.enough_yes_training",
        "**Yes, that is enough:** on {count} x {gpu} this {task} fits and takes about {hours} h "
        "({per_gpu:g} GB of {capacity:g} GB per GPU).",
        "**Да, хватит:** на {count} x {gpu} это {task} помещается и займёт около {hours} ч "
        "({per_gpu:g} ГБ из {capacity:g} ГБ на GPU).",
    )
    ANSWER_AGAINST_LAST_SAME = (
        "answer.against_last_same",
        "The same GPUs as the last answer ({before}) lead again: {count} x {gpu}, ${capex:,.0f} "
        "to buy.",
        "Снова те же GPU, что и в прошлом ответе ({before}): {count} x {gpu}, покупка "
        "${capex:,.0f}.",
    )
    ANSWER_AGAINST_LAST = (
        "answer.against_last",
        "Against the last answer ({before}): {before_count} x {before_gpu} -> {count} x {gpu}; "
        "to buy ${before_capex:,.0f} -> ${capex:,.0f}; running ${before_monthly:,.0f} -> "
        "${monthly:,.0f} a month.",
        "По сравнению с прошлым ответом ({before}): {before_count} x {before_gpu} -> {count} "
        "x {gpu}; покупка ${before_capex:,.0f} -> ${capex:,.0f}; работа ${before_monthly:,.0f} "
        "-> ${monthly:,.0f} в месяц.",
    )
    ANSWER_AGAINST_USERS = ("answer.against_users", "{users} users", "пользователей: {users}")
    ANSWER_AGAINST_CONTEXT = (
        "answer.against_context",
        "{context} tokens of context",
        "контекст {context} токенов",
    )
    ANSWER_AGAINST_SHAPE = (
        "answer.against_shape",
        "The last answer counted every user at {before} tokens; this one counts a typical "
        "request of {prompt} tokens in and {output} out, with room for one at the full "
        "{window}-token window: say if most of your requests are that long.",
        "Прошлый ответ считал каждого пользователя на {before} токенов; этот считает обычный "
        "запрос в {prompt} токенов на входе и {output} на выходе, с местом для одного на всё "
        "окно в {window} токенов: скажите, если большинство запросов такой длины.",
    )
    ANSWER_STAGED_PATH = ("answer.staged_path", "Staged path:", "Путь внедрения:")
    ANSWER_NOTE = ("answer.note", "Note: {note}", "Внимание: {note}")
    ANSWER_INJECTION = (
        "answer.injection",
        "Every figure here comes from the sizing engine; instructions in the message about "
        "what to answer are not followed.",
        "Все цифры здесь посчитаны движком подбора; указания в сообщении, что именно "
        "ответить, я не выполняю.",
    )
    GOAL_HEADLINE = (
        "goal.headline",
        "**{label}: {count} x {gpu}**{copies} with {model} in {precision}: "
        "{users:plural:user|users} at once (room for {capacity}), {speed:g} tokens/s each, first "
        "token in {ttft:g} s.",
        "**{label}: {count} x {gpu}**{copies} с {model} в {precision}: "
        "{users:plural:пользователь|пользователя|пользователей} "
        "одновременно (запас до {capacity}), {speed:g} токенов/с каждому, первый токен через "
        "{ttft:g} с.",
    )
    GOAL_HEADLINE_BATCH = (
        "goal.headline_batch",
        "**{label}: {count} x {gpu}**{copies} with {model} in {precision}: the batch job in "
        "about {hours:g} h.",
        "**{label}: {count} x {gpu}**{copies} с {model} в {precision}: пакетная задача примерно "
        "за {hours:g} ч.",
    )
    GOAL_HEADLINE_TRAINING = (
        "goal.headline_training",
        "**{label}: {count} x {gpu}** for {task} of {model}: {hours:g} h for the dataset.",
        "**{label}: {count} x {gpu}** для задачи «{task}» на {model}: {hours:g} ч на весь набор.",
    )
    GOAL_OTHER = (
        "goal.other",
        "{label}: {count} x {gpu}{copies}, {model} in {precision}: {load:plural:user|users} at "
        "once at {speed:g} tokens/s each (memory for up to {capacity}); {price}.",
        "{label}: {count} x {gpu}{copies}, {model} в {precision}: "
        "{load:plural:пользователь|пользователя|пользователей} одновременно по "
        "{speed:g} токенов/с (памяти хватит на {capacity}); {price}.",
    )
    GOAL_WHOLE_SERVER = (
        "goal.whole_server",
        " (a whole {bought}-GPU server: these GPUs are not sold alone)",
        " (целый сервер на {bought} GPU: поштучно эти GPU не продаются)",
    )
    GOAL_COPIES = (
        "goal.copies",
        " ({replicas} copies of the model, {per_copy} GPUs each)",
        " ({replicas:plural:копия|копии|копий} модели по {per_copy} GPU)",
    )
    GOAL_COPIES_ONE_GPU = (
        "goal.copies_one_gpu",
        " ({replicas} copies of the model, one per GPU)",
        " ({replicas:plural:копия|копии|копий} модели, по одной на GPU)",
    )
    GOAL_OTHER_TRAINING = (
        "goal.other_training",
        "{label}: {count} x {gpu}, {model}: {hours:g} h; {price}.",
        "{label}: {count} x {gpu}, {model}: {hours:g} ч; {price}.",
    )
    GOAL_OTHER_BATCH_START = (
        "goal.other_batch_start",
        "{label}: {count} x {gpu}{copies}, {model} in {precision}: a sample of the items to "
        "check the output (the whole job would take about {hours:g} h on it); {price}.",
        "{label}: {count} x {gpu}{copies}, {model} в {precision}: выборка, чтобы проверить "
        "результат (вся задача заняла бы на ней около {hours:g} ч); {price}.",
    )
    GOAL_OTHER_BATCH = (
        "goal.other_batch",
        "{label}: {count} x {gpu}{copies}, {model} in {precision}: the batch job in about "
        "{hours:g} h ({in_flight} requests in flight); {price}.",
        "{label}: {count} x {gpu}{copies}, {model} в {precision}: пакетная задача примерно за "
        "{hours:g} ч (одновременно в работе: {in_flight}); {price}.",
    )
    GOAL_PRICE = (
        "goal.price",
        "${capex:,.0f} to buy ({capex_local:,.0f} {cur})",
        "покупка {capex_local:,.0f} {cur} (${capex:,.0f})",
    )
    GOAL_PRICE_OWNED = (
        "goal.price_owned",
        "${monthly:,.0f} a month to run ({monthly_local:,.0f} {cur})",
        "работа {monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц",
    )
    GOAL_ALSO = ("goal.also", "Other options:", "Другие варианты:")
    ANSWER_BELOW_TARGETS = (
        "answer.below_targets",
        "At {users} users at once this is slower than {use_case} needs ({speed:g} tokens/s per "
        "user, first token within {ttft:g} s). With this model, the cheapest setup that meets "
        "it ({request}):",
        "При {users:plural:пользователе|пользователях|пользователях} одновременно это "
        "медленнее, чем нужно для задачи «{use_case}» "
        "({speed:g} токенов/с на пользователя, первый токен за {ttft:g} с). С этой моделью "
        "дешевле всего это даёт ({request}):",
    )
    ANSWER_BELOW_STATED = (
        "answer.below_stated",
        "At {users:plural:user|users} at once this is slower than you asked ({speed:g} tokens/s "
        "per user, first token within {ttft:g} s). With this model, the cheapest setup that "
        "meets it ({request}):",
        "При {users:plural:пользователе|пользователях|пользователях} одновременно это медленнее, "
        "чем вы просили ({speed:g} токенов/с на пользователя, первый токен за {ttft:g} с). С этой "
        "моделью дешевле всего это даёт ({request}):",
    )
    ANSWER_CHEAPEST_SETUP = (
        "answer.cheapest_setup",
        "No GPU was named, so this is sized on the {gpu}, a reference card. The cheapest setup "
        "with this model that serves the same load ({request}):",
        "GPU не назван, поэтому расчёт сделан для {gpu} как эталонной карты. Самая дешёвая "
        "конфигурация с этой моделью для той же нагрузки ({request}):",
    )
    ANSWER_CHEAPEST_LEAD = (
        "answer.cheapest_lead",
        "No GPU was named: this is the setup with this model that costs least over three years "
        "(to buy and run) and serves the load "
        "({request}); on the reference card it takes {count} x {gpu}.",
        "GPU не назван: это самая дешёвая за три года (покупка и работа) конфигурация с этой "
        "моделью для такой нагрузки "
        "({request}); на эталонной карте понадобится {count} x {gpu}.",
    )
    ANSWER_CHEAPEST_LEAD_BATCH = (
        "answer.cheapest_lead_batch",
        "No GPU was named: this is the setup with this model that costs least over three years "
        "(to buy and run) and finishes the job "
        "within {hours:g} h ({request}); on the reference card it takes {count} x {gpu}.",
        "GPU не назван: это самая дешёвая за три года (покупка и работа) конфигурация с этой "
        "моделью, которая выполнит задачу "
        "за {hours:g} ч ({request}); на эталонной карте понадобится {count} x {gpu}.",
    )
    REC_JOB_PAST_DEADLINE = (
        "rec.job_past_deadline",
        "**No, not in time:** on {count} x {gpu} the job takes about {hours:g} h against the "
        "{deadline:g} h it must end in. Each request was taken as {prompt:,} tokens in, and the "
        "hours grow with that: say how long yours are.",
        "**Нет, не успеет:** на {count} x {gpu} задача займёт около {hours:g} ч при сроке "
        "{deadline:g} ч. Я считал {prompt:,} токенов на входе каждого запроса, и часы растут "
        "вместе с ними: скажите, какой длины ваши.",
    )
    REC_JOB_FEWEST_IN_TIME = (
        "rec.job_fewest_in_time",
        "{count} x {gpu} with {model} in {format} end it in time, in about {hours:g} h.",
        "В срок её закончат {count} x {gpu} с {model} в {format}, примерно за {hours:g} ч.",
    )
    ANSWER_FEWEST_IN_TIME = (
        "answer.fewest_in_time",
        "{held} x {gpu} holds the model in {held_format}, but the job takes {hours:g} h on them "
        "against the {deadline:g} h it must end in: {count} x {gpu} in {format} is the fewest "
        "that ends it in time, in about {in_time:g} h.",
        "{held} x {gpu} вмещает модель в {held_format}, но задача займёт на них {hours:g} ч "
        "при сроке {deadline:g} ч: {count} x {gpu} в {format} — наименьшее число, которое "
        "успевает, примерно за {in_time:g} ч.",
    )
    ANSWER_FEWEST_TO_MEET = (
        "answer.fewest_to_meet",
        "{held} x {gpu} holds the model in {held_format}, but at {users:plural:user|users} at "
        "once it streams {now:g} tokens/s each, the first token after {first:g} s, against the "
        "{speed:g} tokens/s and {ttft:g} s that {use_case} needs ({request}): {count} x {gpu} in "
        "{format} is the fewest that meets it.",
        "{held} x {gpu} вмещает модель в {held_format}, но при "
        "{users:plural:пользователе|пользователях|пользователях} одновременно даёт {now:g} "
        "токенов/с на каждого и первый токен через {first:g} с, а задаче «{use_case}» нужно "
        "{speed:g} токенов/с и {ttft:g} с ({request}): {count} x {gpu} в {format} — наименьшее "
        "число, которое это даёт.",
    )
    ANSWER_FEWEST_TO_MEET_STATED = (
        "answer.fewest_to_meet_stated",
        "{held} x {gpu} holds the model in {held_format}, but at {users:plural:user|users} at "
        "once it streams {now:g} tokens/s each, the first token after {first:g} s, against the "
        "{speed:g} tokens/s and {ttft:g} s you asked for ({request}; {use_case}): {count} x {gpu} "
        "in {format} is the fewest that meets it.",
        "{held} x {gpu} вмещает модель в {held_format}, но при "
        "{users:plural:пользователе|пользователях|пользователях} одновременно даёт {now:g} "
        "токенов/с на каждого и первый токен через {first:g} с, а вы просили {speed:g} токенов/с "
        "и {ttft:g} с ({request}; {use_case}): {count} x {gpu} в {format} — наименьшее число, "
        "которое это даёт.",
    )
    ANSWER_CHEAPEST_LEAD_BELOW = (
        "answer.cheapest_lead_below",
        "No GPU was named: this is the setup with this model that costs least over three years "
        "(to buy and run) and gives "
        "{users:plural:user|users} at once what {use_case} needs ({speed:g} tokens/s per user, "
        "first token within {ttft:g} s; {request}); {count} x {gpu}, the reference card, would "
        "be slower.",
        "GPU не назван: это самая дешёвая за три года (покупка и работа) конфигурация с этой "
        "моделью, которая даёт "
        "{users:plural:пользователю|пользователям|пользователям} одновременно нужное для задачи "
        "«{use_case}» ({speed:g} токенов/с на пользователя, первый токен за {ttft:g} с; "
        "{request}); {count} x {gpu}, эталонная карта, были бы медленнее.",
    )
    ANSWER_CHEAPEST_LEAD_STATED = (
        "answer.cheapest_lead_stated",
        "No GPU was named: this is the setup with this model that costs least over three years "
        "(to buy and run) and gives "
        "{users:plural:user|users} at once what you asked ({speed:g} tokens/s per user, first "
        "token within {ttft:g} s; {request}); {count} x {gpu}, the reference card, would be "
        "slower.",
        "GPU не назван: это самая дешёвая за три года (покупка и работа) конфигурация с этой "
        "моделью, которая даёт "
        "{users:plural:пользователю|пользователям|пользователям} одновременно то, что вы просили "
        "({speed:g} токенов/с на пользователя, первый токен за {ttft:g} с; {request}); "
        "{count} x {gpu}, эталонная карта, были бы медленнее.",
    )
    ANSWER_FASTEST_TRAINING = (
        "answer.fastest_training",
        "No GPU was named, so this is sized on the {gpu}, a reference card. Beyond it, {unmet}; "
        "the fastest run within that:",
        "GPU не назван, поэтому расчёт сделан для {gpu} как эталонной карты. Шире: {unmet}; "
        "самый быстрый запуск в этих пределах:",
    )
    ANSWER_FASTEST_TRAINING_LEAD = (
        "answer.fastest_training_lead",
        "No GPU was named, and {unmet}: this is the fastest setup, {hours:g} h; on the "
        "reference card, {count} x {gpu}, it takes {slow:g} h.",
        "GPU не назван, и {unmet}: это самая быстрая конфигурация, {hours:g} ч; на эталонной "
        "карте, {count} x {gpu}, обучение займёт {slow:g} ч.",
    )
    ANSWER_PRETRAIN_COUNT = (
        "answer.pretrain_count",
        "On the fewest GPUs that hold it the run takes {slow:g} h. The number of {gpu} that "
        "trains it within {hours:g} h:",
        "На минимуме GPU, который его вмещает, обучение длится {slow:g} ч. Сколько {gpu} нужно, "
        "чтобы уложиться в {hours:g} ч:",
    )
    ANSWER_PRETRAIN_COUNT_WEEK = (
        "answer.pretrain_count_week",
        "On the fewest GPUs that hold it the run takes {slow:g} h. The number of {gpu} that "
        "trains it within {hours:g} h (a week unless you say otherwise):",
        "На минимуме GPU, который его вмещает, обучение длится {slow:g} ч. Сколько {gpu} нужно, "
        "чтобы уложиться в {hours:g} ч (неделю, если не скажете иначе):",
    )
    ANSWER_PRETRAIN_COUNT_UNMET = (
        "answer.pretrain_count_unmet",
        "On the fewest GPUs that hold it the run takes {slow:g} h. On {gpu}: {unmet}; the "
        "fastest run within that:",
        "На минимуме GPU, который его вмещает, обучение длится {slow:g} ч. На {gpu}: {unmet}; "
        "самый быстрый запуск в этих пределах:",
    )
    ANSWER_CHEAPEST_TRAINING_LEAD = (
        "answer.cheapest_training_lead",
        "No GPU was named: this is the cheapest setup that runs the job within {hours:g} h; on "
        "the reference card, {count} x {gpu}, it takes {slow:g} h.",
        "GPU не назван: это самая дешёвая конфигурация, которая выполнит обучение за {hours:g} "
        "ч; на эталонной карте, {count} x {gpu}, оно займёт {slow:g} ч.",
    )
    ANSWER_CHEAPEST_TRAINING = (
        "answer.cheapest_training",
        "No GPU was named, so this is sized on the {gpu}, a reference card. The cheapest setup "
        "that runs the same job within the deadline:",
        "GPU не назван, поэтому расчёт сделан для {gpu} как эталонной карты. Самая дешёвая "
        "конфигурация, которая выполнит то же обучение в срок:",
    )
    ANSWER_BELOW_TARGETS_NONE = (
        "answer.below_targets_none",
        "At {users} users at once this misses what {use_case} needs: {missed}. No setup of this "
        "model{where} meets it at {context:,} tokens per request; a shorter context, a smaller "
        "model or a looser target would.",
        "При {users} пользователях одновременно это не дотягивает до нужного для задачи "
        "«{use_case}»: {missed}. Ни одна конфигурация с этой моделью{where} не даёт этого при "
        "{context:,} токенах на запрос; помогут более короткий контекст, модель поменьше или "
        "более мягкая цель.",
    )
    ANSWER_BELOW_ON_OWNED = (
        "answer.below_on_owned",
        "At {users} users at once this misses what {use_case} needs: {missed}. On your GPUs "
        "this would meet it:",
        "При {users} пользователях одновременно это не дотягивает до нужного для задачи "
        "«{use_case}»: {missed}. На ваших GPU этого достигнет:",
    )
    ANSWER_BELOW_ON_OWNED_NEAREST = (
        "answer.below_on_owned_nearest",
        "At {users} users at once this misses what {use_case} needs: {missed}. The nearest on "
        "the GPUs you have, as many:",
        "При {users} пользователях одновременно это не дотягивает до нужного для задачи "
        "«{use_case}»: {missed}. Ближе всего на ваших GPU, в том же количестве:",
    )
    ANSWER_BELOW_MEETS_WITH_MORE = (
        "answer.below_meets_with_more",
        "What meets it in full:",
        "Что достигает цели полностью:",
    )
    ANSWER_ON_GPU = ("answer.on_gpu", " on {gpu}", " на {gpu}")
    ANSWER_MISSED_SPEED = (
        "answer.missed_speed",
        "{now:g} tokens/s per user against {target:g}",
        "{now:g} токенов/с на пользователя вместо {target:g}",
    )
    ANSWER_MISSED_TTFT = (
        "answer.missed_ttft",
        "the first token after {now:g} s against {target:g} s",
        "первый токен через {now:g} с вместо {target:g} с",
    )
    ANSWER_COST = (
        "answer.cost",
        "Cost: about ${capex:,.0f} ({capex_rub:,.0f} RUB) for these GPUs{used} with the servers "
        "around them; running about ${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month (power, "
        "facilities, upkeep).",
        "Стоимость: около {capex_rub:,.0f} ₽ (${capex:,.0f}) за эти GPU{used} вместе с "
        "серверами; работа около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц (электричество, "
        "размещение, обслуживание).",
    )
    ANSWER_PRICE_SERVERS = (
        "answer.price_servers",
        "**{bought} x {gpu}: about ${capex:,.0f} ({capex_rub:,.0f} RUB)** as {servers:plural:complete "
        "8-GPU server|complete 8-GPU servers}, ${per_gpu:,.0f} a GPU with its share of the server{used} (catalog "
        "price as of {as_of}).",
        "**{bought} x {gpu}: около {capex_rub:,.0f} ₽ (${capex:,.0f})** — "
        "{servers:plural:готовый 8-GPU сервер|готовых 8-GPU сервера|готовых 8-GPU серверов}, "
        "${per_gpu:,.0f} за GPU с его долей сервера{used} (цена каталога на {as_of}).",
    )
    ANSWER_PRICE_CARDS = (
        "answer.price_cards",
        "**{count} x {gpu}: about ${capex:,.0f} ({capex_rub:,.0f} RUB)** with the server "
        "around them: {count:plural:card|cards} at ${per_gpu:,.0f}{used} and {servers} x {chassis} at "
        "${chassis_usd:,.0f} (catalog price as of {as_of}).",
        "**{count} x {gpu}: около {capex_rub:,.0f} ₽ (${capex:,.0f})** вместе с сервером: "
        "{count} шт. по ${per_gpu:,.0f}{used} и корпус {servers} x {chassis} за "
        "${chassis_usd:,.0f} (цена каталога на {as_of}).",
    )
    ANSWER_PRICE_WHOLE_SERVER = (
        "answer.price_whole_server",
        "{gpu} is sold only inside complete 8-GPU servers: the price buys {bought} for the "
        "{count} asked.",
        "{gpu} продаётся только в готовых 8-GPU серверах: цена — за {bought}, а не за {count}.",
    )
    ANSWER_RENT_OR_BUY_RENT = (
        "answer.rent_or_buy_rent",
        "**Renting is cheaper at {hours:,.0f} h a month ({share:g}% of the time) for {months} "
        "months{assumed}:** ${rent:,.0f} ({rent_rub:,.0f} RUB) on demand at ${rate:g} per GPU-hour, "
        "against ${own:,.0f} ({own_rub:,.0f} RUB) to buy {bought} and run it all for as long "
        "(power counted around the clock){turn}. "
        "Resale value is not counted, and an on-demand GPU released is not guaranteed back.",
        "**Аренда дешевле при {hours:,.0f} ч в месяц ({share:g}% времени) на {months} мес."
        "{assumed}:** "
        "{rent_rub:,.0f} ₽ (${rent:,.0f}) по запросу по ${rate:g} за GPU-час против "
        "{own_rub:,.0f} ₽ (${own:,.0f}) за покупку {bought} и работу столько же (электричество "
        "круглосуточно){turn}. Остаточная "
        "стоимость не учтена; отпущенную GPU по запросу никто не гарантирует вернуть.",
    )
    ANSWER_RENT_OR_BUY_BUY = (
        "answer.rent_or_buy_buy",
        "**Buying is cheaper at {hours:,.0f} h a month ({share:g}% of the time) for {months} "
        "months{assumed}:** ${own:,.0f} ({own_rub:,.0f} RUB) to buy {bought} and run it all for as long "
        "(power counted around the clock), "
        "against ${rent:,.0f} ({rent_rub:,.0f} RUB) on demand at ${rate:g} per GPU-hour{turn}. "
        "Resale value is not counted.",
        "**Покупка дешевле при {hours:,.0f} ч в месяц ({share:g}% времени) на {months} мес."
        "{assumed}:** "
        "{own_rub:,.0f} ₽ (${own:,.0f}) за покупку {bought} и работу столько же (электричество "
        "круглосуточно) против {rent_rub:,.0f} ₽ "
        "(${rent:,.0f}) аренды по запросу по ${rate:g} за GPU-час{turn}. Остаточная стоимость не "
        "учтена.",
    )
    ANSWER_RENT_OR_BUY_TURN = (
        "answer.rent_or_buy_turn",
        "; buying wins above {hours:,.0f} h a month ({share:g}%)",
        "; покупка выгоднее от {hours:,.0f} ч в месяц ({share:g}%)",
    )
    ANSWER_RENT_OR_BUY_ASSUMED = (
        "answer.rent_or_buy_assumed",
        " (no horizon said: the 3 years every cost here uses)",
        " (срок не назван: 3 года, как во всех расчётах стоимости)",
    )
    ANSWER_RENT_OR_BUY_NEVER = (
        "answer.rent_or_buy_never",
        "; renting stays cheaper even around the clock",
        "; аренда дешевле даже круглосуточно",
    )
    ANSWER_PRICE_RUNNING = (
        "answer.price_running",
        "Running them: about ${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month ({power:g} kW at "
        "full load around the clock x PUE {pue:g} at ${kwh:g} per kWh, facilities, upkeep "
        "{upkeep:g}% of the price a year); with the purchase, ${three_years:,.0f} "
        "({three_years_rub:,.0f} RUB) over 3 years.",
        "Работа: около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц ({power:g} кВт на полной "
        "нагрузке круглосуточно x PUE {pue:g} по ${kwh:g} за кВт·ч, размещение, обслуживание "
        "{upkeep:g}% цены в год); вместе с покупкой за 3 года {three_years_rub:,.0f} ₽ "
        "(${three_years:,.0f}).",
    )
    ANSWER_PRICE_RUNS = (
        "answer.price_runs",
        "{memory:,.0f} GB of GPU memory in all: the strongest catalog model served on them "
        "(a pilot's load) is {model} in {precision} on {gpus} of them.",
        "Всего {memory:,.0f} ГБ памяти GPU: самая сильная модель каталога, которую они "
        "обслужат (нагрузка пилота), — {model} в {precision} на {gpus} из них.",
    )
    ANSWER_PRICE_RUNS_START = (
        "answer.price_runs_start",
        "A usual start: {model} in {precision} on {gpus}.",
        "Обычный старт: {model} в {precision} на {gpus}.",
    )
    ANSWER_TIERS_HEAD = (
        "answer.tiers_head",
        "A server's price is mostly its GPUs. Three typical ones by the number of GPUs "
        "(catalog prices as of {as_of}, with the server around them):",
        "Цена сервера — это прежде всего его GPU. Три типичных варианта по числу GPU (цены "
        "каталога на {as_of}, вместе с сервером):",
    )
    ANSWER_TIERS_WHICH_HEAD = (
        "answer.tiers_which_head",
        "Which server depends on what the AI does and how many people use it at once. Three "
        "typical ones by the number of GPUs, to start from (catalog prices as of {as_of}, with "
        "the server around them):",
        "Какой сервер нужен, зависит от задачи и от того, сколько людей пользуются им "
        "одновременно. Три типичных варианта по числу GPU, от которых можно оттолкнуться (цены "
        "каталога на {as_of}, вместе с сервером):",
    )
    ANSWER_TIERS_WHICH_NEXT = (
        "answer.tiers_which_next",
        "Most companies start with the first and add GPUs once the pilot proves its value. Tell "
        "me what it is for (a chat assistant, questions over your documents, code help, "
        "fine-tuning on your data) and how many people use it at once, and I will pick the "
        "server and the model, or something cheaper. Every price is a catalog figure a quote "
        "replaces.",
        "Обычно начинают с первого и добавляют GPU, когда пилот доказал пользу. Скажите, для "
        "чего он (чат-ассистент, вопросы по вашим документам, помощь с кодом, дообучение на "
        "ваших данных) и сколько людей одновременно, и я подберу сервер и модель или что-то "
        "дешевле. Каждая цена — значение каталога, которое заменит коммерческое предложение.",
    )
    ANSWER_GPUS_HEAD = (
        "answer.gpus_head",
        "{gpus} side by side (catalog prices as of {as_of}, with the server around them):",
        "{gpus} рядом (цены каталога на {as_of}, вместе с сервером):",
    )
    ANSWER_GPUS_ROW = (
        "answer.gpus_row",
        "- {count} x {gpu}: {memory:,.0f} GB of memory at {bandwidth:.2f} TB/s, {fp8}, "
        "{watts:,.0f} W; about ${capex:,.0f} ({capex_rub:,.0f} RUB){whole}, ${monthly:,.0f} "
        "({monthly_rub:,.0f} RUB) a month to run{rent}; the strongest catalog model it serves: "
        "{model} in {precision}.",
        "- {count} x {gpu}: {memory:,.0f} ГБ памяти, {bandwidth:.2f} ТБ/с, {fp8}, "
        "{watts:,.0f} Вт; около {capex_rub:,.0f} ₽ (${capex:,.0f}){whole}, работа {monthly_rub:,.0f} ₽ "
        "(${monthly:,.0f}) в месяц{rent}; самая сильная модель каталога на нём: {model} в "
        "{precision}.",
    )
    ANSWER_GPUS_WHOLE = (
        "answer.gpus_whole",
        " (sold only as a whole server of {bought})",
        " (продаётся только целым сервером на {bought})",
    )
    ANSWER_GPUS_FP8 = ("answer.gpus_fp8", "FP8 tensor cores", "тензорные ядра FP8")
    ANSWER_GPUS_NO_FP8 = (
        "answer.gpus_no_fp8",
        "no FP8 tensor cores (FP8 weights compute at 16-bit speed)",
        "без тензорных ядер FP8 (веса FP8 считаются на скорости 16 бит)",
    )
    ANSWER_GPUS_RENT = (
        "answer.gpus_rent",
        ", rented about ${rate:.2f} a GPU-hour",
        ", аренда около ${rate:.2f} за GPU-час",
    )
    ANSWER_GPUS_SAME_MODEL = (
        "answer.gpus_same_model",
        "In practice, the same model on each ({model} in {precision}, {context:,} tokens of "
        "context):",
        "На практике одна и та же модель на каждом ({model} в {precision}, контекст "
        "{context:,} токенов):",
    )
    ANSWER_GPUS_SAME_ROW = (
        "answer.gpus_same_row",
        "- {count} x {gpu}: {speed:.1f} tokens/s per user, memory for up to {users:,} at once.",
        "- {count} x {gpu}: {speed:.1f} токенов/с на пользователя, памяти хватит на {users:,} "
        "одновременно.",
    )
    ANSWER_GPUS_WHY = (
        "answer.gpus_why",
        "Memory decides which models fit and how many users share them; memory bandwidth "
        "decides how fast each user's answer streams; FP8 tensor cores serve FP8 weights at "
        "full speed.",
        "Память определяет, какие модели помещаются и сколько пользователей их делят; "
        "пропускная способность памяти — как быстро идёт ответ каждому; тензорные ядра FP8 "
        "считают веса FP8 на полной скорости.",
    )
    ANSWER_TIER = (
        "answer.tier",
        "- {count} x {gpu} ({memory:,.0f} GB of GPU memory): about ${capex:,.0f} "
        "({capex_rub:,.0f} RUB), ${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month to run; the "
        "strongest catalog model it serves: {model} in {precision}.",
        "- {count} x {gpu} ({memory:,.0f} ГБ памяти GPU): около {capex_rub:,.0f} ₽ "
        "(${capex:,.0f}), работа {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц; самая сильная "
        "модель каталога на нём: {model} в {precision}.",
    )
    ANSWER_PRICE_NEXT = (
        "answer.price_next",
        "Every price is a catalog figure a quote replaces. Tell me the model and how many "
        "people use it at once, and I will size how many of these you need.",
        "Каждая цена — значение каталога, которое заменит коммерческое предложение. Скажите, "
        "какая модель и сколько людей одновременно, и я посчитаю, сколько таких GPU нужно.",
    )
    ANSWER_COST_CPU = (
        "answer.cost_cpu",
        "Cost: about ${capex:,.0f} ({capex_rub:,.0f} RUB) for the server{used}; running about "
        "${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month (power, facilities, upkeep).",
        "Стоимость: около {capex_rub:,.0f} ₽ (${capex:,.0f}) за сервер{used}; работа около "
        "{monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц (электричество, размещение, "
        "обслуживание).",
    )
    ANSWER_COST_OWNED_CPU = (
        "answer.cost_owned_cpu",
        "Your own computer: nothing to buy; running it flat out around the clock costs about "
        "${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month in power and upkeep.",
        "Ваш компьютер: покупать ничего не нужно; работа под полной нагрузкой круглые сутки "
        "стоит около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц (электричество и "
        "обслуживание).",
    )
    ANSWER_COST_ADDED = (
        "answer.cost_added",
        "Cost: you own {owned} of these {count}; the {added} to add cost about ${cards:,.0f} "
        "({cards_rub:,.0f} RUB) as cards, if your server has a free PCIe x16 slot, power and "
        "cooling for each (a new server with {count}: about ${capex:,.0f}); running the {count} "
        "about ${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month (power, facilities, upkeep).",
        "Стоимость: {owned} из этих {count} у вас уже есть; докупить {added} стоит около "
        "{cards_rub:,.0f} ₽ (${cards:,.0f}) за карты, если в вашем сервере есть свободный слот "
        "PCIe x16, питание и охлаждение для каждой (новый сервер на {count}: около "
        "${capex:,.0f}); работа всех {count} около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в "
        "месяц (электричество, размещение, обслуживание).",
    )
    ANSWER_COST_ADDED_SERVER = (
        "answer.cost_added_server",
        "Cost: you own {owned} of these {count}; this GPU is sold in whole servers, so the "
        "rest come as a new one: about ${capex:,.0f} ({capex_rub:,.0f} RUB) for all {count} "
        "with the servers around them; running about ${monthly:,.0f} ({monthly_rub:,.0f} RUB) "
        "a month (power, facilities, upkeep).",
        "Стоимость: {owned} из этих {count} у вас уже есть; эти GPU продаются целыми "
        "серверами, поэтому остальные придут новым: около {capex_rub:,.0f} ₽ (${capex:,.0f}) "
        "за все {count} вместе с серверами; работа около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) "
        "в месяц (электричество, размещение, обслуживание).",
    )
    ANSWER_COST_OWNED = (
        "answer.cost_owned",
        "Your own GPUs: running about ${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month (power, "
        "facilities, upkeep).",
        "Свои GPU: работа около {monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц (электричество, "
        "размещение, обслуживание).",
    )
    ANSWER_TARGET_REQUEST = (
        "answer.target_request",
        "{input:,} tokens in and {output:,} out per request",
        "{input:,} токенов на входе и {output:,} на выходе на запрос",
    )
    ANSWER_TARGET_REQUEST_WINDOW = (
        "answer.target_request_window",
        "{input:,} tokens in and {output:,} out per request, with memory for one request at the "
        "full {context:,}-token window",
        "{input:,} токенов на входе и {output:,} на выходе на запрос, с памятью на один запрос в "
        "полное окно {context:,} токенов",
    )
    GOAL_WHAT_FITS = (
        "goal.what_fits",
        "What would make it work:",
        "Что поможет:",
    )
    GOAL_KEY_ASSUMPTIONS = ("goal.key_assumptions", "I assumed:", "Я исходил из того, что:")
    GOAL_CHANGE = (
        "goal.change",
        "Tell me what differs (people at once, budget, GPUs you already own, a model, how fast "
        "answers must start) and I will recompute.",
        "Скажите, что у вас иначе (сколько людей одновременно, бюджет, какие GPU уже есть, "
        "модель, как быстро должен начинаться ответ), и я пересчитаю.",
    )
    ANSWER_ASSUMED = (
        "answer.assumed",
        "Assumed: {parts}; tell me if yours differ.",
        "Я предположил: {parts} — поправьте, если нужно иначе.",
    )
    ASSUMED_CONTEXT = ("assumed.context", "context {context}", "контекст {context}")
    ASSUMED_USERS = (
        "assumed.users",
        "{users:plural:user|users}",
        "{users:plural:пользователь|пользователя|пользователей}",
    )
    ASSUMED_LORA = ("assumed.lora", "fine-tuning with LoRA", "дообучение методом LoRA")
    ASSUMED_GPU = ("assumed.gpu", "GPU {gpu}", "GPU {gpu}")
    ASSUMED_OPEN_EDITION = (
        "assumed.open_edition",
        "{model}, an open model of that name the catalog carries: {hosted} are a hosted API "
        "with no published weights, so they cannot run on your own GPUs",
        "{model} — открытая модель этого семейства из каталога: {hosted} доступны только как "
        "облачный API, их веса не опубликованы, на своих GPU их не запустить",
    )
    ASSUMED_SIZE_CLASS = (
        "assumed.size_class",
        "{model} for models of that size: the heaviest dense one (a mixture of experts of the "
        "same size runs on less)",
        "{model} для моделей такого размера: самая тяжёлая плотная (смесь экспертов того же "
        "размера обойдётся меньшим)",
    )
    ASSUMED_ARCHITECTURE = (
        "assumed.architecture",
        "the architecture of {model} for a model trained from scratch at that size",
        "архитектура {model} для модели этого размера, обучаемой с нуля",
    )
    ASSUMED_PUBLISHED_FORMAT = (
        "assumed.published_format",
        "weights in {format}, the format {model} is published in",
        "веса в {format} — в этом формате опубликована {model}",
    )
    ASSUMED_CPU_DESKTOP = (
        "assumed.cpu_desktop",
        "no GPU: llama.cpp on a desktop CPU with two DDR5 memory channels, 4-bit GGUF weights "
        "(Q4_K_M), since every token reads every weight from RAM; the RAM's bandwidth, not the "
        "cores, sets the speed: say your memory's speed for your own figure",
        "без GPU: llama.cpp на процессоре настольного ПК с двумя каналами DDR5, веса GGUF в 4 "
        "битах (Q4_K_M), потому что каждый токен читает все веса из ОЗУ; скорость задаёт "
        "пропускная способность памяти, а не ядра: назовите частоту вашей памяти, и я посчитаю "
        "для неё",
    )
    ASSUMED_CPU_SERVER = (
        "assumed.cpu_server",
        "no GPU: llama.cpp on a one-socket server CPU with its 12 memory channels full, 4-bit "
        "GGUF weights (Q4_K_M), since every token reads every weight from RAM; say your CPU's "
        "memory channels and speed for its own figure",
        "без GPU: llama.cpp на однопроцессорном сервере со всеми 12 каналами памяти, веса GGUF "
        "в 4 битах (Q4_K_M), потому что каждый токен читает все веса из ОЗУ; назовите каналы и "
        "частоту памяти вашего процессора, и я посчитаю для него",
    )
    ASSUMED_NEWEST_VERSION = (
        "assumed.newest_version",
        "sized for {model}, the newest version of this size; {others} weighs the same but keeps "
        "a different KV cache per token of context: say so if you meant it",
        "посчитано для {model}, самой новой версии этого размера; {others} весит столько же, "
        "но KV-кэш на токен контекста у неё другой: скажите, если имели в виду её",
    )
    ASSUMED_LIKELIEST = (
        "assumed.likeliest",
        "sized as {model}, the likeliest of the models asked about; {others} would size otherwise",
        "посчитано для {model}, самой вероятной из моделей, о которых я спрашивал; {others} "
        "считается иначе",
    )
    ASSUMED_REASONING_OUTPUT = (
        "assumed.reasoning_output",
        "{model} writes its chain of thought before each answer: sized for {output:,} tokens "
        "out, the thinking and the answer (hard maths and code run to 12,000-23,000, as R1 "
        "does on AIME: say yours)",
        "{model} перед каждым ответом пишет цепочку рассуждений: посчитано на {output:,} "
        "токенов на выходе, рассуждение и ответ (сложная математика и код доходят до "
        "12 000-23 000, как у R1 на AIME: назовите свою длину)",
    )
    ASSUMED_SIZE_ALONE = (
        "assumed.size_alone",
        "sized as {model}, the likeliest model of that size (a size alone names none); {others} "
        "would size somewhat otherwise: name yours and I will size it",
        "посчитано для {model} — самой вероятной модели такого размера (один размер модель не "
        "называет); {others} посчитаются немного иначе: назовите свою, и я посчитаю её",
    )
    ASSUMED_LONGER_VERSION = (
        "assumed.longer_version",
        "{named} reads at most {window:,} tokens, fewer than asked: sized on {model}, its later "
        "version of the same size that reads {longest:,}; say so if you meant the original with "
        "a shorter window",
        "{named} читает не больше {window:,} токенов, меньше, чем нужно: посчитано для {model} — "
        "более новой версии того же размера, которая читает {longest:,}; скажите, если нужна "
        "именно исходная с коротким контекстом",
    )
    ASSUMED_TRAINS_ALIKE = (
        "assumed.trains_alike",
        "sized for {model}, the newest version of this size; {others} weighs the same within "
        "3% and trains on about the same hardware",
        "посчитано для {model}, самой новой версии этого размера; {others} весит столько же "
        "(в пределах 3%) и обучается примерно на том же железе",
    )
    ASSUMED_SAME_SIZING = (
        "assumed.same_sizing",
        "sized as {model}, the newest of the versions you may mean ({others} size the same: "
        "weights within 3%, the same KV cache per token)",
        "посчитано для {model}, самой новой из версий, которые могли иметься в виду ({others} "
        "считаются так же: веса в пределах 3%, тот же KV-кэш на токен)",
    )
    ASSUMED_HEADCOUNT = (
        "assumed.headcount",
        "{headcount} staff, {share:g}% of them at once = {users} concurrent users",
        "{headcount} сотрудников, одновременно {share:g}% из них = {users} пользователей",
    )
    ASSUMED_HEADCOUNT_PEAK = (
        "assumed.headcount_peak",
        "{headcount} staff, {share:g}% of them at once at the peak ({mean:g} on average): "
        "sized for {users:plural:user|users} at once, as {quantile}% of peak moments have no more",
        "{headcount} сотрудников, одновременно {share:g}% из них в час пик ({mean:g} в среднем): "
        "расчёт на {users:plural:пользователя|пользователей|пользователей} одновременно — "
        "больше не бывает в {quantile}% моментов пика",
    )
    ASSUMED_RATE = (
        "assumed.rate",
        "{rate:.3g} requests/s x {seconds:.1f} s each = {users:plural:request|requests} in flight",
        "{rate:.3g} запросов/с x {seconds:.1f} с на запрос = {users} одновременных запросов",
    )
    ASSUMED_EXAMPLES = (
        "assumed.examples",
        "{examples:,} examples x {per_example:,} tokens = {tokens:,} tokens",
        "{examples:,} примеров x {per_example:,} токенов = {tokens:,} токенов",
    )
    COMPARE_HEADER = (
        "compare.header",
        "{model}, {task}, {precision}: GPUs that fit, cheapest first:",
        "{model}, {task}, {precision}: подходящие GPU, самые доступные первыми:",
    )
    COMPARE_NONE_FITS = (
        "compare.none_fits",
        "{model}, {task}: no catalog GPU can carry it.",
        "{model}, {task}: ни одна GPU каталога не подходит.",
    )
    COMPARE_SPEED = ("compare.speed", "{speed} tok/s per user", "{speed} ток/с на пользователя")
    COMPARE_USERS = (
        "compare.users",
        "up to {users:plural:user|users}",
        "до {users:plural:пользователя|пользователей|пользователей}",
    )
    COMPARE_HOURS = ("compare.hours", "{hours} h", "{hours} ч")
    COMPARE_SKIPPED = (
        "compare.skipped",
        "It does not fit {skipped} other catalog GPUs.",
        "Не помещается на {skipped} других GPU каталога.",
    )
    EXPLAIN_NOTHING = (
        "explain.nothing",
        "The knowledge base has no answer to that. Ask about choosing GPUs, memory, the KV "
        "cache, quantization or fine-tuning.",
        "В базе знаний нет ответа на этот вопрос. Спросите о подборе GPU, памяти, KV-кэше, "
        "квантизации или дообучении.",
    )
    EXPLAIN_HEADER = ("explain.header", "From the knowledge base:", "Из базы знаний:")
    SOURCES = ("answer.sources", "Sources:", "Источники:")
    CLARIFY_AMBIGUOUS = (
        "clarify.ambiguous",
        "Which model do you mean: {names}?",
        "Уточните, какая модель: {names}?",
    )
    CLARIFY_MOST_LIKELY = (
        "clarify.most_likely",
        "Which model do you mean? Most likely {first}; also: {others}. Everything else you said "
        "stays as it is.",
        "Уточните модель: скорее всего {first}; есть также: {others}. Остальное, что вы "
        "сказали, я учту.",
    )
    CLARIFY_UNKNOWN = (
        "clarify.unknown",
        "“{said}” is not in the catalog.",
        "Модели «{said}» нет в каталоге.",
    )
    CLARIFY_UNKNOWN_GPU = (
        "clarify.unknown_gpu",
        "“{said}” is not a GPU I can size, so I will not guess with another card. The ones I know, "
        "with their memory: {gpus}. Name the one closest to yours (memory matters most) and I "
        "will compute.",
        "«{said}» — не та GPU, которую я умею считать, и подменять её другой картой я не буду. "
        "Известные мне, с объёмом памяти: {gpus}. Назовите ближайшую к вашей (важнее всего "
        "память), и я посчитаю.",
    )
    CLARIFY_AVAILABLE = ("clarify.available", "Available: {names}.", "Есть: {names}.")
    CLARIFY_HOSTED = (
        "clarify.hosted",
        "“{said}” is a hosted model: its weights are not published, so it cannot run on your "
        "own servers at any price; an open model of its class can.",
        "«{said}» — облачная модель: её веса не опубликованы, поэтому на своих серверах её не "
        "запустить ни за какие деньги; открытую модель её класса — можно.",
    )
    CLARIFY_FULL_LIST = (
        "clarify.full_list",
        "Or tell me what the model is for, and I will pick one that runs on your own hardware.",
        "Или скажите, для чего нужна модель, и я подберу ту, что работает на своём железе.",
    )
    BATCH_BUY_OR_NOT = (
        "batch.buy_or_not",
        "**For a one-off job, don't buy:** the same job costs about ${alt:,.0f} ({alt_rub:,.0f} "
        "RUB) {via}, against ${capex:,.0f} ({capex_rub:,.0f} RUB) to buy {count} x {gpu}; buying "
        "pays off only if such a job recurs about {jobs:,} times.",
        "**Для разовой задачи покупать невыгодно:** та же задача обойдётся примерно в "
        "{alt_rub:,.0f} ₽ (${alt:,.0f}) {via}, против {capex_rub:,.0f} ₽ (${capex:,.0f}) за "
        "покупку {count} x {gpu}; покупка окупится, только если такая задача повторится около "
        "{jobs:,} раз.",
    )
    BATCH_VIA_API = ("batch.via_api", "through {api}", "через {api}")
    BATCH_VIA_RENT = (
        "batch.via_rent",
        "on the same GPUs rented for its hours",
        "на тех же GPU, арендованных на время задачи",
    )
    SIZE_ONLY_NO = (
        "size_only.no",
        "**No.** A model of {params:,.0f}B parameters needs {bf16:,.0f} GB for its weights alone "
        "in BF16 and {int4:,.0f} GB even in 4 bits, before any KV cache, against {memory:,.0f} GB "
        "on {count} x {gpu}.",
        "**Нет.** Модели на {params:,.0f} млрд параметров только под веса нужно {bf16:,.0f} ГБ в "
        "BF16 и {int4:,.0f} ГБ даже в 4 битах, ещё без KV-кэша; у {count} x {gpu} — "
        "{memory:,.0f} ГБ.",
    )
    SIZE_ONLY_FITS = (
        "size_only.fits",
        "A model of {params:,.0f}B parameters needs {bf16:,.0f} GB for its weights alone in BF16 "
        "and {int4:,.0f} GB in 4 bits, before any KV cache; {count} x {gpu} have {memory:,.0f} "
        "GB, so the 4-bit weights would fit.",
        "Модели на {params:,.0f} млрд параметров только под веса нужно {bf16:,.0f} ГБ в BF16 и "
        "{int4:,.0f} ГБ в 4 битах, ещё без KV-кэша; у {count} x {gpu} — {memory:,.0f} ГБ, так "
        "что веса в 4 битах поместились бы.",
    )
    SIZE_ONLY_LARGEST = (
        "size_only.largest",
        "No open model that large is published: the largest in the catalog is {largest} "
        "({largest_b:,.0f}B).",
        "Открытых моделей такого размера нет: самая большая в каталоге — {largest} "
        "({largest_b:,.0f} млрд).",
    )
    SIZE_ONLY = (
        "size_only.any",
        "A model of {params:,.0f}B parameters needs {bf16:,.0f} GB for its weights alone in BF16, "
        "{fp8:,.0f} GB in FP8 and {int4:,.0f} GB in 4 bits, before any KV cache: the 4-bit "
        "weights alone take {h100s} x 80 GB {h100s:plural:GPU|GPUs}.",
        "Модели на {params:,.0f} млрд параметров только под веса нужно {bf16:,.0f} ГБ в BF16, "
        "{fp8:,.0f} ГБ в FP8 и {int4:,.0f} ГБ в 4 битах, ещё без KV-кэша: веса в 4 битах займут "
        "{h100s} x GPU по 80 ГБ.",
    )
    CLARIFY_MISSING = (
        "clarify.missing",
        "Which model do you want to run or fine-tune? For example: {families}. Tell me also "
        "the task (inference or fine-tuning), the concurrent users and the context length.",
        "Какую модель вы хотите запустить или дообучить? Например: {families}. Скажите также "
        "задачу (инференс или дообучение), число одновременных пользователей и длину "
        "контекста.",
    )
    ERROR_CANNOT_SIZE = (
        "error.cannot_size",
        "I cannot size that: field `{field}` — {message}.",
        "Не могу посчитать: поле `{field}` — {message}.",
    )
    ERROR_ALLOWED = ("error.allowed", "Allowed: {allowed}.", "Допустимо: {allowed}.")
    GREETING = (
        "answer.greeting",
        "Hello! I size GPUs and servers for open LLMs: tell me the model, the task (inference "
        "or fine-tuning), how many people use it at once, the context length and, if you have "
        "one in mind, the GPU.",
        "Здравствуйте! Я подберу GPU и сервер под открытую LLM: скажите модель, задачу "
        "(инференс или дообучение), сколько человек будут работать одновременно, длину "
        "контекста и, если есть, желаемую видеокарту.",
    )
    OFF_TOPIC = (
        "answer.off_topic",
        "I can only help with GPUs and servers for open LLMs: serving, fine-tuning, memory and "
        "speed. Ask me, for example, how many GPUs your model needs.",
        "Я помогаю только с подбором GPU и серверов для open-source LLM: запуск, дообучение, "
        "память, скорость. Спросите, например, сколько видеокарт нужно для вашей модели.",
    )

    # ---- tool steps ---------------------------------------------------------------------
    STEP_SIZED = (
        "step.sized",
        "{count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} GB per GPU: {verdict}",
        "{count} x {gpu} (TP {tp}, PP {pp}), {per_gpu} ГБ на GPU: {verdict}",
    )
    STEP_FITS = ("step.fits", "fits", "помещается")
    STEP_NO_FIT = ("step.no_fit", "does not fit ({binding})", "не помещается ({binding})")
    STEP_COMPARED = (
        "step.compared",
        "{feasible} of {total} GPUs fit; cheapest first: {first}",
        "подходят {feasible} из {total} GPU; самые доступные: {first}",
    )
    STEP_RECOMMENDED = (
        "step.recommended",
        "{options} options; {label}: {model} on {count} x {gpu}, ${capex:,.0f} to buy",
        "вариантов: {options}; {label}: {model} на {count} x {gpu}, покупка ${capex:,.0f}",
    )
    STEP_HARDWARE_PRICE = (
        "step.hardware_price",
        "{count} x {gpu}: ${capex:,.0f} to buy, ${monthly:,.0f} a month to run",
        "{count} x {gpu}: покупка ${capex:,.0f}, работа ${monthly:,.0f} в месяц",
    )
    STEP_NO_OPTION = (
        "step.no_option",
        "no option meets the goal: {unmet}",
        "ни один вариант не подходит: {unmet}",
    )
    STEP_PASSAGES = (
        "step.passages",
        "{count} passages: {sections}",
        "{count} фрагм.: {sections}",
    )
    STEP_REJECTED = ("step.rejected", "rejected: {error}", "отклонено: {error}")

    # ---- the UI -------------------------------------------------------------------------
    CARD_FITS = ("card.fits", "fits", "помещается")
    CARD_NO_FIT = ("card.no_fit", "does not fit", "не помещается")
    CARD_PER_GPU = ("card.per_gpu", "GB per GPU", "ГБ на GPU")
    CARD_OF = ("card.of", "of", "из")
    CARD_MEMORY = ("card.memory", "Memory on each GPU, GB", "Память на каждой GPU, ГБ")
    CARD_MORE = ("card.more", "and {n} more identical GPUs", "и ещё {n} таких же GPU")
    CARD_USABLE = ("card.usable", "usable by the engine", "доступно движку")
    CARD_USERS = ("card.users", "concurrent requests", "одновременных запросов")
    CARD_SPEED = ("card.speed", "tok/s per user", "ток/с на пользователя")
    CARD_COMPARE = ("card.compare", "GPU comparison", "Сравнение GPU")
    CARD_GPU = ("card.gpu", "GPU", "GPU")
    CARD_COUNT = ("card.count", "Count", "Кол-во")
    CARD_VRAM = ("card.vram", "VRAM, GB", "VRAM, ГБ")
    CARD_PRICE = ("card.price", "Price", "Цена")
    CARD_OPTIONS = ("card.options", "Options", "Варианты")
    CARD_MODEL = ("card.model", "Model", "Модель")
    CARD_FORMAT = ("card.format", "Format", "Формат")
    CARD_CAPACITY = ("card.capacity", "Users at once", "Польз. одновременно")
    CARD_BUY = ("card.buy", "Buy", "Покупка")
    CARD_MONTHLY = ("card.monthly", "Per month", "В месяц")
    CARD_TCO = ("card.tco", "3 years", "За 3 года")
    CARD_HOURS = ("card.hours", "Hours per run", "Часов на запуск")
    CARD_CHART = (
        "card.chart",
        "3-year cost against speed per user",
        "Стоимость за 3 года и скорость на пользователя",
    )
    CARD_CHART_TRAINING = (
        "card.chart_training",
        "3-year cost against training speed",
        "Стоимость за 3 года и скорость обучения",
    )
    CARD_TRAIN_SPEED = ("card.train_speed", "training tok/s", "ток/с обучения")
    CARD_UNMET = ("card.unmet", "Not met", "Не выполнено")
    CARD_EMPTY = (
        "card.empty",
        "The sizing appears here: GPUs, memory and a comparison.",
        "Здесь появится расчёт: GPU, память и сравнение.",
    )
    CARD_SERVER = ("card.server", "Server", "Сервер")
    CARD_RAM = ("card.ram", "RAM", "ОЗУ")
    CARD_POWER = ("card.power", "power", "питание")
    PART_OVERHEAD_SHORT = ("part.overhead_short", "overhead", "накладные")

    # ---- recommendation -----------------------------------------------------------------
    USE_CASE_CHAT = ("use_case.chat", "a general assistant", "общий ассистент")
    USE_CASE_RAG = ("use_case.rag", "questions over documents (RAG)", "вопросы по документам (RAG)")
    USE_CASE_SUPPORT = ("use_case.support", "a customer-support bot", "бот поддержки клиентов")
    USE_CASE_CODE = ("use_case.code", "a code assistant", "помощник программиста")
    USE_CASE_EXTRACTION = (
        "use_case.extraction",
        "document processing and extraction",
        "обработка документов и извлечение данных",
    )
    USE_CASE_SUMMARIZATION = ("use_case.summarization", "summarisation", "суммаризация")
    USE_CASE_TRANSLATION = ("use_case.translation", "translation", "перевод")
    USE_CASE_AGENTS = ("use_case.agents", "agents with tools", "агенты с инструментами")
    REC_PROFILE = (
        "rec.profile",
        "Use case {use_case}: {input:,} tokens in and {output:,} out per request; a user expects "
        "the first token within {ttft:g} s and {speed:g} tokens/s.",
        "Задача — {use_case}: {input:,} токенов на входе и {output:,} на выходе на запрос; "
        "пользователь ждёт первый токен за {ttft:g} с и {speed:g} токенов/с.",
    )
    REC_TTFT_SCALED = (
        "rec.ttft_scaled",
        "The first-token target of {ttft:g} s is for a {prompt:,}-token prompt; a {inputs:,}-token "
        "prompt takes proportionally longer to read, so it is held to {scaled:g} s (say if yours "
        "must be faster).",
        "Цель «первый токен за {ttft:g} с» задана для запроса в {prompt:,} токенов; запрос в "
        "{inputs:,} токенов читается пропорционально дольше, поэтому цель — {scaled:g} с "
        "(скажите, если нужно быстрее).",
    )
    REC_SEARCH_CAPPED = (
        "rec.search_capped",
        "The search stopped after {sizings} configurations, the most one request may size; "
        "name a model or a GPU to search the rest.",
        "Поиск остановлен после {sizings} конфигураций — это предел для одного запроса; "
        "укажите модель или GPU, чтобы перебрать остальные.",
    )
    REC_DEFAULT_USERS = (
        "rec.default_users",
        "No load given: sized for {users:plural:user|users} at once, a pilot's worth.",
        "Нагрузка не указана: посчитано на {users} одновременных пользователей, как для пилота.",
    )
    REC_QUALITY_FLOOR = (
        "rec.quality_floor",
        "Models of quality tier {tier} or higher (of 5) that suit the use case and language.",
        "Модели уровня качества от {tier} из 5, подходящие под задачу и язык.",
    )
    REC_RUSSIAN_UNMEASURED = (
        "rec.russian_unmeasured",
        "No {family} model that suits the task has published results in Russian; sized "
        "because you asked for the family: try it on your own Russian prompts first.",
        "Ни у одной подходящей под задачу модели {family} нет опубликованных результатов на "
        "русском; посчитано, потому что вы назвали это семейство: проверьте её на своих "
        "русских запросах.",
    )
    REC_DATACENTER_BY_SIZE = (
        "rec.datacenter_by_size",
        "An organisation of {staff:,} staff runs its servers in a server room: rack servers, "
        "not office towers, and no GeForce cards, as NVIDIA's driver licence does not cover "
        "data-centre deployment (say if the server stands in an office).",
        "Организация на {staff:,} сотрудников держит серверы в серверной: стоечные серверы, а не "
        "офисные башни, и без карт GeForce — лицензия драйвера NVIDIA не распространяется на "
        "размещение в дата-центре (скажите, если сервер будет стоять в офисе).",
    )
    REC_DATACENTER_BY_CALLS = (
        "rec.datacenter_by_calls",
        "{calls:,} calls at once are a call centre's load, whose servers stand in a server "
        "room: rack servers, not office towers, and no GeForce cards, as NVIDIA's driver "
        "licence does not cover data-centre deployment (say if the server stands in an office).",
        "{calls:,} звонков одновременно — нагрузка колл-центра, чьи серверы стоят в серверной: "
        "стоечные серверы, а не офисные башни, и без карт GeForce — лицензия драйвера NVIDIA не "
        "распространяется на размещение в дата-центре (скажите, если сервер будет стоять в "
        "офисе).",
    )
    REC_DATACENTER_BY_SERVICE = (
        "rec.datacenter_by_service",
        "{users:,} users at once is a busy customer service's peak, whose servers stand in a "
        "data centre: rack servers, not office towers, and no GeForce cards, as NVIDIA's driver "
        "licence does not cover data-centre deployment (say if the server stands in an office).",
        "{users:,} пользователей одновременно — пик нагруженного клиентского сервиса, чьи "
        "серверы стоят в дата-центре: стоечные серверы, а не офисные башни, и без карт GeForce — "
        "лицензия драйвера NVIDIA не распространяется на размещение в дата-центре (скажите, если "
        "сервер будет стоять в офисе).",
    )
    REC_DATACENTER_BY_LOAD = (
        "rec.datacenter_by_load",
        "{users:,} users at once is the peak of an organisation of about {staff:,} staff, whose "
        "servers stand in a server room: rack servers, not office towers, and no GeForce cards, "
        "as NVIDIA's driver licence does not cover data-centre deployment (say if the server "
        "stands in an office).",
        "{users:,} пользователей одновременно — пик организации примерно на {staff:,} "
        "сотрудников, чьи серверы стоят в серверной: стоечные серверы, а не офисные башни, и без "
        "карт GeForce — лицензия драйвера NVIDIA не распространяется на размещение в дата-центре "
        "(скажите, если сервер будет стоять в офисе).",
    )
    REC_DATACENTER = (
        "rec.datacenter",
        "For a data centre or server room: GeForce cards are left out, as NVIDIA's driver "
        "licence does not cover data-centre deployment.",
        "Для ЦОДа или серверной: карты GeForce не рассматриваются — лицензия драйвера NVIDIA не "
        "распространяется на размещение в дата-центре.",
    )
    REC_QUALITY_ASKED = (
        "rec.quality_asked",
        "Only models of quality tier {tier} or higher (of 5): law, medicine, insurance and "
        "finance need them, as a small model's mistakes there cost more than the hardware, and "
        "so does standing in for a hosted model such as GPT-4o, which cannot run on your own "
        "hardware (say if a smaller model will do).",
        "Только модели уровня качества от {tier} из 5: для права, медицины, страхования и "
        "финансов ошибки маленькой модели обходятся дороже железа, и так же для замены облачной "
        "модели вроде GPT-4o, которую нельзя запустить на своём железе (скажите, если подойдёт "
        "и модель поменьше).",
    )
    REC_SHORTLIST = ("rec.shortlist", "the shortlisted models", "подходящие модели")
    REC_TARGETS = (
        "rec.targets",
        "Targets at peak: first token within {ttft:g} s, {speed:g} tokens/s per user, "
        "{users:plural:user|users} at once.",
        "Цели на пике: первый токен за {ttft:g} с, {speed:g} токенов/с на пользователя, "
        "{users:plural:пользователь|пользователя|пользователей} одновременно.",
    )
    REC_COSTS = (
        "rec.costs",
        "Running costs: power ${power:g}/kWh x PUE {pue:g} around the clock, ${facilities:,.0f} "
        "per server a month for data-centre space (none for a tower in the office), maintenance "
        "{maintenance:g}% of the hardware a year.",
        "Расходы на работу: электричество ${power:g}/кВт·ч x PUE {pue:g} круглосуточно, "
        "${facilities:,.0f} в месяц на сервер за место в ЦОДе (для башни в офисе — ничего), "
        "обслуживание {maintenance:g}% стоимости оборудования в год.",
    )
    REC_TOKENS_EVEN = (
        "rec.tokens_even",
        "Tokens a month: the load at its even rate over {hours:g} hours, day and night; the "
        "same tokens priced at the same model through a provider's API where one is listed, "
        "else at a hosted API of the model's quality tier.",
        "Токенов в месяц: нагрузка с её ровным темпом за {hours:g} часов, днём и ночью; те же "
        "токены посчитаны по цене той же модели в облачном API провайдера, а если его нет — "
        "облачного API того же уровня качества.",
    )
    REC_TOKENS = (
        "rec.tokens",
        "Tokens a month: the peak load at half its height on average over {hours:g} busy "
        "hours; the same tokens priced at the same model through a provider's API where one "
        "is listed, else at a hosted API of the model's quality tier.",
        "Токенов в месяц: пиковая нагрузка, в среднем вдвое ниже пика, за {hours:g} рабочих "
        "часов; те же токены посчитаны по цене той же модели в облачном API провайдера, а если "
        "его нет — облачного API того же уровня качества.",
    )
    REC_RATE = (
        "rec.rate",
        "Roubles at {rate:g} RUB per USD (prices as of {as_of}); every price is a catalog "
        "default a quote replaces.",
        "Рубли по курсу {rate:g} ₽ за доллар (цены на {as_of}); каждая цена — значение "
        "каталога, которое заменит коммерческое предложение.",
    )
    REC_NO_QUEUE = (
        "rec.no_queue",
        "Speed and first-token time are the engine's figures at the peak load, without queueing.",
        "Скорость и время до первого токена — расчёт движка на пиковой нагрузке, без очередей.",
    )
    REC_DATASET_DEFAULT = (
        "rec.dataset_default",
        "No dataset size given: {tokens:,} tokens (about {examples:,} examples of {per} tokens).",
        "Объём данных не указан: {tokens:,} токенов (около {examples:,} примеров по {per} "
        "токенов).",
    )
    REC_DATASET_CHINCHILLA = (
        "rec.dataset_chinchilla",
        "No dataset size given for pre-training: {tokens:,} tokens, {per} per parameter "
        "(compute-optimal, Hoffmann et al. 2022).",
        "Объём данных для обучения с нуля не указан: {tokens:,} токенов, по {per} на параметр "
        "(оптимум по вычислениям, Hoffmann et al. 2022).",
    )
    REC_CALL_MINUTES = (
        "rec.call_minutes",
        "Calls of {minutes:g} minutes each: {hours:,g} hours of speech a day to transcribe "
        "(say how long yours last).",
        "Звонки по {minutes:g} минут: {hours:,g} часов речи в день на расшифровку (скажите, "
        "сколько длятся ваши).",
    )
    REC_WINDOW = (
        "rec.window",
        "A context of {window:,} tokens is the window a request may fill: memory holds one "
        "request that long and every user's typical {prompt:,}-token prompt and {output:,} "
        "tokens out at once, and speed and first token are for those (say if your prompts are "
        "longer).",
        "Контекст {window:,} токенов — это окно, которое запрос может заполнить: память "
        "рассчитана на один такой запрос и на обычные запросы всех пользователей сразу "
        "({prompt:,} токенов на входе и {output:,} на выходе), на них же — скорость и первый "
        "токен (скажите, если ваши запросы длиннее).",
    )
    REC_SEQ_LEN_DEFAULT = (
        "rec.seq_len_default",
        "No sequence length given: {seq_len} tokens per training example.",
        "Длина последовательности не указана: {seq_len} токенов на обучающий пример.",
    )
    REC_DEADLINE_DEFAULT = (
        "rec.deadline_default",
        "No deadline given: a run should end within {hours:g} hours, so a team can train, "
        "evaluate and retrain daily.",
        "Срок не указан: запуск должен уложиться в {hours:g} ч, чтобы команда могла обучать, "
        "проверять и переобучать каждый день.",
    )
    REC_DEADLINE_DEFAULT_PRETRAIN = (
        "rec.deadline_default_pretrain",
        "No deadline given: a pre-training run is planned to end within {hours:g} hours (a "
        "week); say how long yours may take.",
        "Срок не указан: предобучение планируется уложить в {hours:g} ч (неделю); скажите, "
        "сколько может занять ваше.",
    )
    REC_TRAINING = (
        "rec.training",
        "{task!c}: {epochs:plural:epoch|epochs} over {tokens:,} tokens in sequences of "
        "{seq_len}, finished within {hours:g} hours.",
        "{task!c}: {epochs:plural:эпоха|эпохи|эпох} на {tokens:,} токенах, последовательности "
        "по {seq_len}, не дольше {hours:g} ч.",
    )
    REC_TRAIN_COSTS = (
        "rec.train_costs",
        "A run's cost: its hours at the bought hardware's 3-year cost per hour; rented: the "
        "same GPU-hours at neocloud on-demand rates (hyperscalers charge 2-3x).",
        "Стоимость запуска: его часы по цене часа своего оборудования за 3 года; в аренду — "
        "те же GPU-часы по ставкам on-demand у нишевых облаков (крупные облака в 2-3 раза "
        "дороже).",
    )
    REC_API_BILL = (
        "rec.api_bill",
        "The API bill you pay now: ${usd:,} ({rub:,} RUB at {rate:g} RUB per USD) a month; it is "
        "compared with each option's cost, not taken as a budget. Tell me requests or tokens a "
        "day to size for exactly the traffic it pays for.",
        "Счёт за API сейчас: ${usd:,} ({rub:,} ₽ по курсу {rate:g} ₽ за доллар) в месяц; он "
        "сравнивается со стоимостью каждого варианта, это не бюджет. Назовите запросы или токены в "
        "день, и я посчитаю именно под тот трафик, за который он платится.",
    )
    ASSUMED_DOCUMENT = (
        "assumed.document",
        "{words:,} words a document x {per_word:g} tokens per word ({basis}) = {prompt:,} "
        "tokens, with {output:,} for the answer: a {context:,}-token context",
        "{words:,} слов в документе x {per_word:g} токена на слово ({basis}) = {prompt:,} "
        "токенов, и {output:,} на ответ: контекст {context:,} токенов",
    )
    ANSWER_RAG_BEFORE_TUNING = (
        "answer.rag_before_tuning",
        "For answers from your documents, connecting them through retrieval (RAG) usually "
        "works better than fine-tuning, with no training and no retraining when they change: "
        "fine-tune for a fixed format, your style and terminology, or a narrow task.",
        "Чтобы модель отвечала по вашим документам, обычно лучше подключить их через поиск "
        "(RAG), чем дообучать: без обучения и без переобучения при каждом изменении документов. "
        "Дообучение нужно для формата ответов, стиля и терминологии компании или узкой задачи.",
    )
    ASSUMED_CUSTOMERS = (
        "assumed.customers",
        "{customers:,} customers x {per_year:g} dialogues a year each (the contact rate of a "
        "customer service: 1-3 phone contacts a customer a year) / {days:g} working days = "
        "{dialogues:,.1f} dialogues a day; tell me your chats a day and I will size on them",
        "{customers:,} клиентов x {per_year:g} обращения в год от каждого (частота обращений в "
        "службу поддержки: 1-3 звонка клиента в год) / {days:g} рабочих дней = "
        "{dialogues:,.1f} диалогов в день; скажите, сколько у вас чатов в день, и я пересчитаю",
    )
    ASSUMED_DIALOGUE_TURNS = (
        "assumed.dialogue_turns",
        "{dialogues:,.0f} dialogues a day x {turns:g} customer turns each (MultiWOZ, 10,438 "
        "service dialogues) = {requests:,.0f} requests a day",
        "{dialogues:,.0f} диалогов в день x {turns:g} реплик клиента в каждом (MultiWOZ, 10 438 "
        "диалогов обслуживания) = {requests:,.0f} запросов в день",
    )
    REC_IN_A_WAVE = (
        "rec.in_a_wave",
        "This holds {users:,} requests in flight all the time, each new prompt read while the "
        "others stream. If the {users:,} come together and send again only after reading the "
        "answers, {count} x {gpu} in {format} serve them: the first token after {ttft:g} s on "
        "average, then {speed:g} tokens/s each; ${capex:,} to buy instead of ${best:,} (kept "
        "busy all the time, they would give {steady:g} tokens/s each).",
        "Это расчёт на {users:,} запросов в работе постоянно: каждый новый запрос читается, "
        "пока остальные генерируют ответ. Если {users:,} запросов приходят вместе, а следующие "
        "— только после того, как ответы прочитаны, хватит {count} x {gpu} в {format}: первый "
        "токен в среднем через {ttft:g} с, затем {speed:g} токенов/с на каждого; покупка "
        "${capex:,} вместо ${best:,} (при постоянной загрузке — {steady:g} токенов/с на "
        "каждого).",
    )
    ASSUMED_PER_PERSON = (
        "assumed.per_person",
        "{per:,.0f} requests a day from each of {people:,} people = {requests:,.0f} requests a day",
        "{per:,.0f} запросов в день от каждого из {people:,} человек = {requests:,.0f} запросов "
        "в день",
    )
    ASSUMED_TRANSCRIPT = (
        "assumed.transcript",
        "each call's transcript is read whole: {minutes:g} minutes x {rate:g} words a minute "
        "(conversational speech) = {words:,} words",
        "каждая расшифровка звонка читается целиком: {minutes:g} минут x {rate:g} слов в минуту "
        "(разговорная речь) = {words:,} слов",
    )
    ASSUMED_REVIEW_WORDS = (
        "assumed.review_words",
        "reviews with no length given: {words:,} words each, the mean of Amazon's published "
        "reviews, with your instructions to the model not counted (tell me their length and I "
        "will resize)",
        "отзывы без указанной длины: {words:,} слов в каждом, среднее по опубликованным отзывам "
        "Amazon, без учёта вашей инструкции модели (скажите их длину, и я пересчитаю)",
    )
    ASSUMED_LONG_DOCUMENT = (
        "assumed.long_document",
        "long documents with no length given: {pages:g} pages, {words:,} words each (involved "
        "contracts run 10-35+ pages; tell me the real length and I will resize)",
        "длинные документы без указанной длины: {pages:g} страниц, {words:,} слов в каждом "
        "(сложные договоры занимают 10-35+ страниц; скажите реальную длину, и я пересчитаю)",
    )
    REC_LONG_PROMPT_MEMORY = (
        "rec.long_prompt_memory",
        "Memory: each {context:,}-token request holds {per_request:.3g} GB of KV cache, "
        "{users} at once {peak:.3g} GB, beside {weights:.3g} GB of weights: {used:.3g} of the "
        "{memory:g} GB on {count} x {gpu}{per_copy}.",
        "Память: каждый запрос на {context:,} токенов держит {per_request:.3g} ГБ KV-кэша, "
        "{users} одновременно {peak:.3g} ГБ, плюс {weights:.3g} ГБ весов: {used:.3g} из "
        "{memory:g} ГБ на {count} x {gpu}{per_copy}.",
    )
    REC_PER_COPY = ("rec.per_copy", " (each copy of the model)", " (на каждую копию модели)")
    REC_BATCH_WEEK = (
        "rec.batch_week",
        "A batch job of {items:,} requests with no deadline given: sized to finish within a "
        "week ({hours:g} h), planned to end within {planned:g} h ({share}%: a margin for the "
        "speed estimate), {per_s:.3g} requests/s around the clock, done once; tell me your "
        "deadline",
        "Пакетная задача из {items:,} запросов без срока: посчитано, чтобы закончить за неделю "
        "({hours:g} ч), с планом уложиться в {planned:g} ч ({share}%: запас на точность оценки "
        "скорости), {per_s:.3g} запросов/с круглосуточно, выполняется один раз; назовите свой "
        "срок",
    )
    REC_BATCH_DEADLINE = (
        "rec.batch_deadline",
        "A batch job of {items:,} requests within {hours:g} h, planned to end within "
        "{planned:g} h ({share}%: a margin for the speed estimate): {per_s:.3g} requests/s "
        "around the clock, done once",
        "Пакетная задача из {items:,} запросов за {hours:g} ч с планом уложиться в {planned:g} "
        "ч ({share}%: запас на точность оценки скорости): {per_s:.3g} запросов/с "
        "круглосуточно, выполняется один раз",
    )
    REC_SMALLER_THAN = (
        "rec.smaller_than",
        "Only models smaller than the last one ({params:g}B parameters), as asked",
        "Только модели меньше прошлой ({params:g} млрд параметров), как вы просили",
    )
    REC_BATCH_RECURRING = (
        "rec.batch_recurring",
        "A batch job of {items:,} requests within {hours:g} h, {runs:g} times a year, planned "
        "to end within {planned:g} h ({share}%: a margin for the speed estimate): {per_s:.3g} "
        "requests/s while it runs; the API and renting are priced for every run",
        "Пакетная задача из {items:,} запросов за {hours:g} ч, {runs:g} раз в год, с планом "
        "уложиться в {planned:g} ч ({share}%: запас на точность оценки скорости): {per_s:.3g} "
        "запросов/с во время работы; API и аренда посчитаны на все запуски",
    )
    ASSUMED_LABEL_OUTPUT = (
        "assumed.label_output",
        "each item's answer is a label (a category or a sentiment): {output} tokens out",
        "ответ на каждый элемент — метка (категория или тональность): {output} токенов на выходе",
    )
    ASSUMED_PILOT_USERS = (
        "assumed.pilot_users",
        "no count of people given: sized for {users} users at once, a pilot's worth (tell me "
        "how many will use it at the same time)",
        "сколько людей будут пользоваться, не сказано: посчитано на {users} одновременных "
        "пользователей, как для пилота (назовите, сколько будет работать одновременно)",
    )
    ASSUMED_LABEL_PROMPT = (
        "assumed.label_prompt",
        "each item's answer is a label (a category or a sentiment): {output} tokens out, from "
        "a prompt of about {prompt:,} tokens (instructions, the categories and the item, as "
        "long as a chat request; tell me your items' length)",
        "ответ на каждый элемент — метка (категория или тональность): {output} токенов на "
        "выходе из запроса примерно в {prompt:,} токенов (инструкция, список категорий и сам "
        "элемент, как запрос в чате; назовите длину ваших элементов)",
    )
    ASSUMED_BATCH_PROMPT = (
        "assumed.batch_prompt",
        "each item of the batch writes {output:,} tokens from a prompt of {prompt:,}, as for "
        "{use_case} (tell me yours)",
        "каждый элемент пакета — {output:,} токенов на выходе из запроса в {prompt:,} токенов, "
        "как для сценария «{use_case}» (назовите свой)",
    )
    ASSUMED_WINDOW_EACH = (
        "assumed.window_each",
        "every request fills the {window:,}-token context: a {prompt:,}-token prompt and the "
        "use case's {output:,}-token answer, for every user at once",
        "каждый запрос заполняет контекст {window:,} токенов: запрос на {prompt:,} токенов и "
        "ответ задачи на {output:,} токенов, у всех пользователей одновременно",
    )
    ASSUMED_WINDOW = (
        "assumed.window",
        "a {window:,}-token context is the window a request may fill, not every prompt: memory "
        "holds one request that long and every user's typical {prompt:,}-token prompt with "
        "{output:,} tokens out, and speed and first token are for those (say if your prompts "
        "are longer)",
        "контекст {window:,} токенов — это окно, которое запрос может заполнить, а не каждый "
        "запрос: память рассчитана на один такой запрос и на обычные запросы всех "
        "пользователей ({prompt:,} токенов на входе и {output:,} на выходе), на них же — "
        "скорость и первый токен (скажите, если ваши запросы длиннее)",
    )
    ASSUMED_DOCUMENT_TOKENS = (
        "assumed.document_tokens",
        "each request reads a document of {prompt:,} tokens, with {output:,} for the answer: "
        "a {context:,}-token context",
        "каждый запрос читает документ в {prompt:,} токенов, и {output:,} на ответ: контекст "
        "{context:,} токенов",
    )
    REC_BILL_LOAD = (
        "rec.bill_load",
        "No volume given: the bill is read as tokens at {api}'s price (${input:g} in, ${output:g} "
        "out per million), about {tokens:,.0f} tokens a month, {per_day:,.0f} a working day; a "
        "cheaper model than {api} would mean more traffic for the same bill.",
        "Объём не указан: счёт пересчитан в токены по цене {api} (${input:g} за миллион на входе, "
        "${output:g} на выходе): около {tokens:,.0f} токенов в месяц, {per_day:,.0f} в рабочий "
        "день; если модель дешевле {api}, за те же деньги трафика больше.",
    )
    REC_LAST_PICK_SLOWER = (
        "rec.last_pick_slower",
        "The last answer's pick, {model} on {count} x {gpu}, at this load "
        "({users:plural:request|requests} at once): {speed:g} tokens/s each, under the "
        "{target:g} target (memory for {capacity}), so the answer below changes.",
        "Прошлый вариант — {model} на {count} x {gpu} — при этой нагрузке "
        "({users:plural:запрос|запроса|запросов} одновременно): {speed:g} токенов/с каждому, "
        "ниже цели {target:g} (памяти хватит на {capacity}), поэтому ответ ниже другой.",
    )
    REC_LAST_PICK_SERVES = (
        "rec.last_pick_serves",
        "The last answer's pick, {model} on {count} x {gpu}, still serves this load "
        "({users:plural:request|requests} at once at {speed:g} tokens/s each, the target "
        "{target:g}; memory for {capacity}); below is what this load needs at the least.",
        "Прошлый вариант — {model} на {count} x {gpu} — справится и с этой нагрузкой "
        "({users:plural:запрос|запроса|запросов} одновременно по {speed:g} токенов/с, цель "
        "{target:g}; памяти хватит на {capacity}); ниже — что нужно этой нагрузке как минимум.",
    )
    REC_LAST_PICK_NO_ROOM = (
        "rec.last_pick_no_room",
        "The last answer's pick, {model} on {count} x {gpu}, has memory for {capacity} "
        "requests at once, not the {users} of this load, so the answer below changes.",
        "Прошлый вариант — {model} на {count} x {gpu} — вмещает {capacity} одновременных "
        "запросов, а не {users}, как нужно при этой нагрузке, поэтому ответ ниже другой.",
    )
    REC_YES_ON_THESE = (
        "rec.yes_on_these",
        "Yes: {count} x {gpu} carry this load ({users:plural:request|requests} at once).",
        "Да: {count} x {gpu} справятся с этой нагрузкой "
        "({users:plural:запрос|запроса|запросов} одновременно).",
    )
    REC_MORE_THAN_NEEDED = (
        "rec.more_than_needed",
        "**No: {count} x {gpu} carry this load ({users:plural:request|requests} at once), but "
        "{fewer} of them already do**: the other {extra} would only add cost.",
        "**Нет: {count} x {gpu} справятся с этой нагрузкой "
        "({users:plural:запрос|запроса|запросов} одновременно), но хватает и {fewer} шт.**: "
        "остальные {extra} только добавят расходов.",
    )
    REC_FEWER_ENOUGH = (
        "rec.fewer_enough",
        " {fewer:plural:of them is|of them are} enough.",
        " Хватает и {fewer} шт.",
    )
    REC_NO_ON_THESE = (
        "rec.no_on_these",
        "No: {count} x {gpu} do not meet this load's targets "
        "({users:plural:request|requests} at once); the closest they come is below.",
        "Нет: {count} x {gpu} не выполняют цели этой нагрузки "
        "({users:plural:запрос|запроса|запросов} одновременно); ближе всего — ниже.",
    )
    REC_LAST_MODEL_NO_FIT = (
        "rec.last_model_no_fit",
        "The last answer's {model} does not fit on them ({need:g} GB per GPU against "
        "{memory:g} GB), so they run {chosen}.",
        "Модель из прошлого ответа, {model}, на них не помещается ({need:g} ГБ на GPU при "
        "{memory:g} ГБ), поэтому на них — {chosen}.",
    )
    REC_BILL_LISTED_RUB = (
        "rec.bill_listed_rub",
        "{api} is listed at {input:g} RUB per 1,000 tokens in and {output:g} out with {vat:g}% "
        "VAT: in dollars without VAT at {rate:g} RUB per USD.",
        "{api} по прайсу стоит {input:g} ₽ за 1 000 токенов на входе и {output:g} ₽ на выходе с "
        "НДС {vat:g}%: в долларах без НДС по курсу {rate:g} ₽ за доллар.",
    )
    REC_BUDGET_EUR = (
        "rec.budget_eur",
        "Budget €{eur:,} = ${usd:,} at {rate:g} USD per EUR.",
        "Бюджет €{eur:,} = ${usd:,} по курсу {rate:g} доллара за евро.",
    )
    REC_BUDGET_RUB = (
        "rec.budget_rub",
        "Budget {rub:,} RUB = ${usd:,} at {rate:g} RUB per USD.",
        "Бюджет {rub:,} ₽ = ${usd:,} по курсу {rate:g} ₽ за доллар.",
    )
    REC_BUDGET_USD = (
        "rec.budget_usd",
        "Budget ${usd:,} ({rub:,} RUB) for the hardware.",
        "Бюджет ${usd:,} ({rub:,} ₽) на оборудование.",
    )
    REC_LABEL_START = ("rec.label_start", "Start", "Старт")
    REC_LABEL_RECOMMENDED = ("rec.label_recommended", "Recommended", "Рекомендуем")
    REC_LABEL_SCALE = ("rec.label_scale", "Room to grow", "С запасом на рост")
    REC_LABEL_OWNED = ("rec.label_owned", "On your hardware", "На вашем оборудовании")
    REC_LABEL_PARETO = ("rec.label_pareto", "Alternative", "Альтернатива")
    REC_LABEL_NO_HEADROOM = (
        "rec.label_no_headroom",
        "Cheaper, but with no {share}% room above the peak",
        "Дешевле, но без запаса {share}% сверх пика",
    )
    REC_LABEL_RENT = ("rec.label_rent", "Rent for the run", "Аренда на время обучения")
    REC_LABEL_RENT_INSTEAD = (
        "rec.label_rent_instead",
        "Rent instead of buying",
        "Арендовать вместо покупки",
    )
    GOAL_OTHER_RENT = (
        "goal.other_rent",
        "{label}: {count} x {gpu}, {model}: {hours:g} h; about ${rent:,.0f} rented at "
        "${rate:g} per GPU-hour",
        "{label}: {count} x {gpu}, {model}: {hours:g} ч; аренда около ${rent:,.0f} по "
        "${rate:g} за GPU-час",
    )
    REC_LABEL_CHEAPEST = ("rec.label_cheapest", "Cheapest", "Дешевле всего")
    REC_BEYOND_GPUS_SAID = (
        "rec.beyond_gpus_said",
        "**It does not fit on {gpus}; what it takes:** {option}",
        "**На {gpus} это не помещается; что для этого нужно:** {option}",
    )
    REC_GPUS_ANY = ("rec.gpus_any", "GPU", "GPU")  # "1 x GPU": a count said, no GPU
    REC_LABEL_IF_BUYING = ("rec.label_if_buying", "To buy instead", "Если всё же покупать")
    REC_LABEL_CHEAPEST_RENT = (
        "rec.label_cheapest_rent",
        "Cheapest to rent",
        "Дешевле всего в аренду",
    )
    REC_LABEL_QUALITY = ("rec.label_quality", "A stronger model", "Модель сильнее")
    REC_LABEL_FASTEST = (
        "rec.label_fastest",
        "Fastest",
        "Самая быстрая",
    )
    REC_LABEL_PRO = (
        "rec.label_pro",
        "On professional cards",
        "На профессиональных картах",
    )
    REC_LABEL_RESERVE = (
        "rec.label_reserve",
        "With a spare (N+1)",
        "С резервом (N+1)",
    )
    REC_LABEL_STRONGEST = (
        "rec.label_strongest",
        "Recommended: the strongest model for this load",
        "Рекомендуем: самая сильная модель для этой нагрузки",
    )
    REC_LABEL_STRONGEST_BUDGET = (
        "rec.label_strongest_budget",
        "Recommended: the strongest model the budget buys",
        "Рекомендуем: самая сильная модель в рамках бюджета",
    )
    REC_LABEL_LOWEST_TCO = (
        "rec.label_lowest_tco",
        "Lowest cost over three years",
        "Дешевле всего за три года",
    )
    REC_LABEL_CHEAPEST_MEETING = (
        "rec.label_cheapest_meeting",
        "Cheapest that meets the targets",
        "Дешевле всего с выполнением целей",
    )
    REC_LABEL_CLOSEST = ("rec.label_closest", "Closest", "Ближе всего к цели")
    REC_LABEL_BUDGET_FIT = (
        "rec.label_budget_fit",
        "Within the budget, the same model slower",
        "В пределах бюджета, та же модель медленнее",
    )
    REC_WORKLOAD = (
        "rec.workload",
        "Load at peak: {users:plural:user|users} at once, {input} tokens in and {output} out per "
        "request; "
        "targets: first token within {ttft:g} s, {speed:g} tokens/s per user.",
        "Нагрузка на пике: {users:plural:пользователь|пользователя|пользователей} одновременно, "
        "{input} токенов на входе и "
        "{output} на выходе; цели: первый токен за {ttft:g} с, {speed:g} токенов/с на "
        "пользователя.",
    )
    REC_WORKLOAD_TRAINING = (
        "rec.workload_training",
        "Run: {task}, {tokens:,} tokens in sequences of {seq_len}, within {hours:g} h.",
        "Запуск: {task}, {tokens:,} токенов, последовательности по {seq_len}, не дольше "
        "{hours:g} ч.",
    )
    REC_OPTION_SERVE = (
        "rec.option_serve",
        "At {load} users at once: {speed:g} tokens/s each, first token in {ttft:g} s; the memory "
        "holds up to {capacity}.",
        "При {load} пользователях одновременно: {speed:g} токенов/с каждому, первый токен через "
        "{ttft:g} с; памяти хватит на {capacity}.",
    )
    REC_OPTION_TRAIN = (
        "rec.option_train",
        "{hours:g} h for the dataset ({speed:,.0f} tokens/s).",
        "{hours:g} ч на весь набор ({speed:,.0f} токенов/с).",
    )
    REC_OPTION_TITLE = (
        "rec.option_title",
        "{label}: {model}, {precision}, {gpus}{used}",
        "{label}: {model}, {precision}, {gpus}{used}",
    )
    REC_USED = ("rec.used", " (bought used)", " (б/у)")
    REC_GPUS = ("rec.gpus", "{count} x {gpu}", "{count} x {gpu}")
    REC_GPUS_REPLICAS = (
        "rec.gpus_replicas",
        "{replicas} copies of {count} x {gpu}",
        "{replicas} копии по {count} x {gpu}",
    )
    REC_OPTION_COST = (
        "rec.option_cost",
        "Buy: ${capex:,.0f} ({capex_local:,.0f} {cur}); running ${monthly:,.0f} "
        "({monthly_local:,.0f} {cur}) a month; 3 years ${tco:,.0f} ({tco_local:,.0f} {cur}).",
        "Покупка: {capex_local:,.0f} {cur} (${capex:,.0f}); работа {monthly_local:,.0f} {cur} "
        "(${monthly:,.0f}) в месяц; за 3 года {tco_local:,.0f} {cur} (${tco:,.0f}).",
    )
    STT_NO_VOLUME = (
        "stt.no_volume",
        "Not included above: transcribing the speech before the LLM reads it. {model} runs at "
        "{factor:g}x real time on one {gpu}, so an hour of audio takes about {minutes:.1f} GPU-"
        "minutes; tell me the hours of audio a day (or the recordings and their length) and I "
        "will add the cards it needs.",
        "Не входит в расчёт выше: расшифровка речи до того, как её прочтёт LLM. {model} работает "
        "в {factor:g} раза быстрее реального времени на одной {gpu}, то есть час аудио — около "
        "{minutes:.1f} GPU-минут; скажите, сколько часов аудио в день (или сколько записей и какой "
        "длины), и я добавлю нужные карты.",
    )
    STT_NEEDED = (
        "stt.needed",
        "Not included above: transcribing {hours:,.0f} hours of audio a day before the LLM reads "
        "it. {model} runs at {factor:g}x real time on one {gpu}, so that is {gpu_hours:,.1f} "
        "GPU-hours a day: cards of that kind to keep up within {busy_hours:g} busy hours: "
        "{busy_cards}, or {day_cards} transcribing around the clock (a data-centre card does "
        "several times more).",
        "Не входит в расчёт выше: расшифровка {hours:,.0f} часов аудио в день до того, как его "
        "прочтёт LLM. {model} работает в {factor:g} раза быстрее реального времени на одной "
        "{gpu}, то есть {gpu_hours:,.1f} GPU-часа в день: таких карт, чтобы успевать за "
        "{busy_hours:g} рабочих часов, — {busy_cards}, при круглосуточной расшифровке — "
        "{day_cards} (карта для ЦОД делает в несколько раз больше).",
    )
    STT_LIVE = (
        "stt.live",
        "Not included above: recognising the speech of {calls:,} calls at once as they run. "
        "{model} transcribes {factor:g}x real time on one {gpu} (batched), so it takes "
        "{cards:plural:card|cards} of that kind to keep up with {calls:,} live streams; a "
        "data-centre card does several times more, and streaming in short chunks gives up some "
        "of the batching.",
        "Не входит в расчёт выше: распознавание речи {calls:,} разговоров одновременно, по ходу "
        "звонка. {model} расшифровывает в {factor:g} раза быстрее реального времени на одной "
        "{gpu} (пакетами), так что за {calls:,} живыми потоками успеет "
        "{cards:plural:карта|карты|карт} такого типа; карта для ЦОД делает в несколько раз "
        "больше, а потоковая расшифровка короткими кусками теряет часть выигрыша от пакетов.",
    )
    TTS_NEEDED = (
        "tts.needed",
        "Speech synthesis for {calls:,} calls at once, also beside the LLM: streaming TTS keeps "
        "the first audio under {first_ms:g} ms at {per_s:g} requests/s on one {gpu}; at one "
        "sentence a second per call that is {cards:plural:card|cards} of that kind, or a share "
        "of a GPU above.",
        "Синтез речи для {calls:,} разговоров одновременно, тоже помимо LLM: потоковый TTS "
        "выдаёт первый звук быстрее {first_ms:g} мс при {per_s:g} запросах/с на одной {gpu}; "
        "при одной фразе в секунду на звонок это {cards:plural:карта|карты|карт} такого типа "
        "или часть GPU выше.",
    )
    ASSUMED_WORDS = (
        "assumed.words",
        "{words:,.0f} words a day at {per_word:g} tokens per word ({basis}) = {tokens:,.0f} tokens",
        "{words:,.0f} слов в день по {per_word:g} токена на слово ({basis}) = {tokens:,.0f} "
        "токенов",
    )
    WORDS_RATE_EN = (
        "assumed.words_rate_en",
        "English text: a token is about 3/4 of a word; Russian text takes 2.2",
        "английский текст: токен — около 3/4 слова; русский текст — 2,2 токена на слово",
    )
    WORDS_RATE_RU = (
        "assumed.words_rate_ru",
        "Russian text, measured with the Llama 3 and Qwen tokenizers; English takes 1.33",
        "русский текст, измерено токенизаторами Llama 3 и Qwen; английский — 1,33",
    )
    ASSUMED_TEXT_VOLUME = (
        "assumed.text_volume",
        "{tokens:,.0f} tokens a working day at {per_request:,} tokens per request (prompt and "
        "answer of the use case) = {requests:,.0f} requests a day",
        "{tokens:,.0f} токенов за рабочий день по {per_request:,} токенов на запрос (запрос и "
        "ответ сценария) = {requests:,.0f} запросов в день",
    )
    ASSUMED_DAILY_EVEN = (
        "assumed.daily_even",
        "{per_day:,.0f} requests a day around the clock at an even rate (a batch, not office "
        "hours with a peak): {rate:g} requests/s",
        "{per_day:,.0f} запросов в сутки круглосуточно и равномерно (пакетная обработка, а не "
        "рабочие часы с пиком): {rate:g} запросов/с",
    )
    ASSUMED_DAILY = (
        "assumed.daily",
        "{per_day:,.0f} requests a day over {hours:g} busy hours, the peak hour at {peak:g}x the "
        "mean: {rate:g} requests/s at peak",
        "{per_day:,.0f} запросов в день за {hours:g} рабочих часов, в час пик в {peak:g} раза "
        "больше среднего: {rate:g} запросов/с в пик",
    )
    REC_GEFORCE_LICENCE = (
        "rec.geforce_licence",
        "GeForce cards: NVIDIA's driver licence does not cover data-centre deployment; they suit "
        "a server in your office; for a server room or colocation, check the terms with the "
        "supplier or take professional cards.",
        "Карты GeForce: лицензия драйвера NVIDIA не распространяется на размещение в "
        "дата-центре; они подходят для сервера в офисе, а для серверной или ЦОДа уточните "
        "условия у поставщика или возьмите профессиональные карты.",
    )
    REC_WHOLE_SERVERS = (
        "rec.whole_servers",
        "These GPUs are sold only as whole 8-GPU servers: the price buys {bought}, this setup "
        "uses {used} (the rest is room to grow).",
        "Эти GPU продаются только целыми серверами по 8: цена за {bought}, эта конфигурация "
        "занимает {used} (остальные — запас на рост).",
    )
    REC_CARD_ALTERNATIVE = (
        "rec.card_alternative",
        "To buy only {used}, take the version sold by the card: ask for the {card}.",
        "Чтобы купить только {used}, берите версию, которая продаётся поштучно: {card}.",
    )
    ANSWER_CARD_VERSION = (
        "answer.card_version",
        "Sized on the {card}, the version sold by the card: the {gpu} comes only in whole "
        "8-GPU servers (about ${server_usd:,.0f} ({server_rub:,.0f} RUB) for 8), where this "
        "takes {count} at {speed} tokens/s per user (say SXM to size the server).",
        "Посчитано на {card} — версии, которая продаётся поштучно: {gpu} продаётся только "
        "целыми серверами на 8 GPU (около {server_rub:,.0f} ₽, ${server_usd:,.0f}, за 8), "
        "там нужно {count} шт. при {speed} токенов/с на пользователя (скажите SXM, и я "
        "посчитаю сервер).",
    )
    ANSWER_CARD_VERSION_TRAINING = (
        "answer.card_version_training",
        "Sized on the {card}, the version sold by the card: the {gpu} comes only in whole "
        "8-GPU servers (about ${server_usd:,.0f} ({server_rub:,.0f} RUB) for 8), where this "
        "takes {count} (say SXM to size the server).",
        "Посчитано на {card} — версии, которая продаётся поштучно: {gpu} продаётся только "
        "целыми серверами на 8 GPU (около {server_rub:,.0f} ₽, ${server_usd:,.0f}, за 8), "
        "там нужно {count} шт. (скажите SXM, и я посчитаю сервер).",
    )
    ANSWER_CARD_ALTERNATIVE_PRICED = (
        "answer.card_alternative_priced",
        "To buy only {used}, take the version sold by the card: {used} x {card} with its server "
        "costs about ${capex:,.0f} ({capex_rub:,.0f} RUB) (its own memory bandwidth: ask me to "
        "size it for its speed).",
        "Чтобы купить только {used}, берите версию, которая продаётся поштучно: {used} x {card} "
        "с сервером — около {capex_rub:,.0f} ₽ (${capex:,.0f}) (у неё своя пропускная "
        "способность памяти: спросите, и я посчитаю её скорость).",
    )
    REC_OPTION_COST_OWNED = (
        "rec.option_cost_owned",
        "Already owned: running ${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month; 3 years "
        "${tco:,.0f} ({tco_local:,.0f} {cur}).",
        "Уже куплено: работа {monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц; за 3 года "
        "{tco_local:,.0f} {cur} (${tco:,.0f}).",
    )
    REC_OPTION_API = (
        "rec.option_api",
        "${per_m:g} per million tokens; {which} ({api}) would bill "
        "${api_monthly:,.0f} ({api_local:,.0f} {cur}) a month for the same tokens: {payback}",
        "${per_m:g} за миллион токенов; {which} ({api}) взял бы "
        "{api_local:,.0f} {cur} (${api_monthly:,.0f}) в месяц за те же токены: {payback}",
    )
    REC_API_OF_TIER = (
        "rec.api_of_tier",
        "a hosted API of the same tier",
        "облачный API того же уровня",
    )
    REC_API_NAMED = ("rec.api_named", "the API you named", "названный вами API")
    REC_API_SAME_MODEL = (
        "rec.api_same_model",
        "a hosted API of the same model",
        "облачный API с той же моделью",
    )
    REC_RENT_ASKED = (
        "rec.rent_asked",
        "**Renting {count} x {gpu}** on demand: ${rate:g} per GPU-hour x {count} x {hours} h = "
        "${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month around the clock; fewer hours cost "
        "proportionally less. What the same GPUs can serve:",
        "**Аренда {count} x {gpu}** по требованию: ${rate:g} за GPU-час x {count} x {hours} ч = "
        "{monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц круглосуточно; меньше часов — "
        "пропорционально дешевле. Что на этих GPU можно обслужить:",
    )
    REC_RENT_ASKED_HOURS = (
        "rec.rent_asked_hours",
        "**Renting {count} x {gpu}** on demand: ${rate:g} per GPU-hour x {count} x {hours} h = "
        "${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month for the hours said. What the same "
        "GPUs can serve:",
        "**Аренда {count} x {gpu}** по требованию: ${rate:g} за GPU-час x {count} x {hours} ч = "
        "{monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц за названные часы. Что на этих "
        "GPU можно обслужить:",
    )
    REC_POWER_PRICE = (
        "rec.power_price",
        "Electricity at your price, ${usd:.3g} per kWh, times a PUE of {pue:g} for cooling, in "
        "every running cost.",
        "Электроэнергия по вашей цене, ${usd:.3g} за кВт·ч, с PUE {pue:g} на охлаждение — во всех "
        "расходах на работу.",
    )
    REC_API_SWITCH = (
        "rec.api_switch",
        "Moving the API alone: the tokens your {now} bill pays for would cost about "
        "${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month on {api} (${input:g} per million prompt "
        "tokens, ${output:g} per million output), ${saving:,.0f} a month less than now; owning "
        "the hardware is priced below.",
        "Если сменить только API: те же токены, за которые вы платите {now}, обойдутся в "
        "{monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц на {api} (${input:g} за миллион токенов "
        "запроса, ${output:g} за миллион токенов ответа), на ${saving:,.0f} в месяц меньше, чем "
        "сейчас; свой сервер посчитан ниже.",
    )
    REC_API_SWITCH_MORE = (
        "rec.api_switch_more",
        "Moving the API alone: the tokens your {now} bill pays for would cost about "
        "${monthly:,.0f} ({monthly_rub:,.0f} RUB) a month on {api} (${input:g} per million prompt "
        "tokens, ${output:g} per million output), ${extra:,.0f} a month more than now; owning "
        "the hardware is priced below.",
        "Если сменить только API: те же токены, за которые вы платите {now}, обойдутся в "
        "{monthly_rub:,.0f} ₽ (${monthly:,.0f}) в месяц на {api} (${input:g} за миллион токенов "
        "запроса, ${output:g} за миллион токенов ответа), на ${extra:,.0f} в месяц больше, чем "
        "сейчас; свой сервер посчитан ниже.",
    )
    REC_OPTION_BILL = (
        "rec.option_bill",
        "Against the ${bill:,.0f} ({bill_rub:,.0f} RUB) a month you pay the API now, it saves "
        "${saving:,.0f} a month{payback}, provided it carries the traffic that bill pays for.",
        "Против {bill_rub:,.0f} ₽ (${bill:,.0f}) в месяц, которые вы платите за API сейчас, она "
        "экономит ${saving:,.0f} в месяц{payback}, если выдержит тот трафик, за который идёт счёт.",
    )
    REC_BILL_PAYBACK = (
        "rec.bill_payback",
        " and pays for itself in {months:.1f} months",
        " и окупается за {months:.1f} мес.",
    )
    REC_BILL_NO_PAYBACK = (
        "rec.bill_no_payback",
        " but does not pay for itself within five years",
        ", но не окупается за пять лет",
    )
    REC_BILL_NO_SAVING = (
        "rec.bill_no_saving",
        "Against the ${bill:,.0f} ({bill_rub:,.0f} RUB) a month you pay the API now, it saves "
        "nothing: running it costs ${monthly:,.0f} a month before the purchase; at this bill the "
        "API stays cheaper.",
        "Против {bill_rub:,.0f} ₽ (${bill:,.0f}) в месяц, которые вы платите за API сейчас, она "
        "ничего не экономит: одна её работа стоит ${monthly:,.0f} в месяц без учёта покупки; при "
        "таком счёте API дешевле.",
    )
    REC_OPTION_CLOUD = (
        "rec.option_cloud",
        "Renting the same GPUs ({gpus}) on demand instead: ${monthly:,.0f} "
        "({monthly_local:,.0f} {cur}) a month around the clock at ${rate:g} per GPU-hour; "
        "{payback}",
        "Аренда тех же GPU ({gpus} шт.) по требованию вместо покупки: {monthly_local:,.0f} {cur} "
        "(${monthly:,.0f}) в месяц круглосуточно по ${rate:g} за GPU-час; {payback}",
    )
    REC_OPTION_CLOUD_HOURS = (
        "rec.option_cloud_hours",
        "Renting the same GPUs ({gpus}) on demand instead: ${monthly:,.0f} "
        "({monthly_local:,.0f} {cur}) a month for {hours:,.0f} hours at ${rate:g} per GPU-hour "
        "(an on-demand GPU given back is not guaranteed the next morning; reserved capacity "
        "costs more); {payback}",
        "Аренда тех же GPU ({gpus} шт.) по требованию вместо покупки: {monthly_local:,.0f} {cur} "
        "(${monthly:,.0f}) в месяц за {hours:,.0f} ч по ${rate:g} за GPU-час (отданную GPU "
        "утром могут не вернуть; зарезервированная мощность дороже); {payback}",
    )
    REC_FP8_WEIGHT_ONLY = (
        "rec.fp8_weight_only",
        "{format} (weight-only: no FP8 tensor cores, computed in 16 bits)",
        "{format} (только хранение весов: тензорных ядер FP8 нет, вычисления в 16 битах)",
    )
    REC_BF16_AS_FP16 = (
        "rec.bf16_as_fp16",
        "FP16 (this GPU has no BF16: 16-bit weights run as FP16)",
        "FP16 (у этой GPU нет BF16: 16-битные веса работают в FP16)",
    )
    REC_AMD_SOFTWARE = (
        "rec.amd_software",
        "AMD Instinct cards run vLLM, SGLang and PyTorch on ROCm, not CUDA: before committing, "
        "check that every tool you plan to use supports ROCm (custom CUDA kernels and some "
        "quantisation formats do not) and ask the supplier for delivery times.",
        "Карты AMD Instinct работают с vLLM, SGLang и PyTorch через ROCm, а не CUDA: заранее "
        "проверьте, что все ваши инструменты поддерживают ROCm (собственные ядра CUDA и часть "
        "форматов квантизации — нет), и уточните у поставщика сроки поставки.",
    )
    REC_STRONGER_THAN = (
        "rec.stronger_than",
        "Only models stronger than {model}, as asked: a higher quality tier, or its tier with "
        "more parameters",
        "Только модели сильнее {model}, как вы просили: выше по уровню качества или того же "
        "уровня, но с большим числом параметров",
    )
    REC_NONE_STRONGER_IN_FAMILY = (
        "rec.none_stronger_in_family",
        "The catalog has no {family} model stronger than {model} to run on your own "
        "hardware: the stronger models below are of other families",
        "В каталоге нет модели {family} сильнее {model} для запуска на своём сервере: более "
        "сильные модели ниже — других семейств",
    )
    REC_OPTION_POWER = (
        "rec.option_power",
        "Electricity alone: {kw:g} kW at full load, about ${usd:,.0f} ({local:,.0f} {cur}) a "
        "year kept busy around the clock, cooling included.",
        "Только электричество: {kw:g} кВт при полной нагрузке — около {local:,.0f} {cur} "
        "(${usd:,.0f}) в год при работе круглосуточно, с охлаждением.",
    )
    REC_WORKSTATION = (
        "rec.workstation",
        "An office machine, as asked: a tower under a desk, no rack servers",
        "Машина в офисе, как вы просили: башня под столом, без стоечных серверов",
    )
    REC_PROFESSIONAL_ONLY = (
        "rec.professional_only",
        "No GeForce cards, as asked: professional and data-centre cards only",
        "Без карт GeForce, как вы просили: только профессиональные карты и карты для дата-центров",
    )
    REC_REASONING = (
        "rec.reasoning",
        "Only models that reason before they answer, as asked: each answer is sized for "
        "{output:,} tokens out, the chain of thought and the answer (hard maths and code run "
        "longer: say yours)",
        "Только модели, которые рассуждают перед ответом, как вы просили: каждый ответ "
        "посчитан на {output:,} токенов на выходе, рассуждение и сам ответ (сложная математика "
        "и код длиннее: назовите свою длину)",
    )
    REC_NO_DISTILLS = (
        "rec.no_distills",
        "No distilled models, as asked: models fine-tuned on another model's answers (such as "
        "DeepSeek-R1's Qwen and Llama distills) are left out",
        "Без дистиллированных моделей, как вы просили: модели, дообученные на ответах другой "
        "модели (например, дистилляты DeepSeek-R1 на Qwen и Llama), не рассматриваются",
    )
    REC_AS_PUBLISHED = (
        "rec.as_published",
        "No quantization, as asked: each model only in the format its publisher released "
        "(DeepSeek-R1 in FP8, gpt-oss in MXFP4, most others in BF16)",
        "Без квантизации, как вы просили: каждая модель только в том формате, в котором её "
        "выпустил автор (DeepSeek-R1 в FP8, gpt-oss в MXFP4, большинство остальных в BF16)",
    )
    REC_FILL_IN_MIDDLE = (
        "rec.fill_in_middle",
        "Completion in the editor sends the code before and after the cursor (fill-in-the-middle): "
        "only models trained for it are sized; a general chat model serves the chat, not the "
        "completions.",
        "Автодополнение в редакторе отправляет код до и после курсора (fill-in-the-middle): "
        "посчитаны только модели, обученные этому; обычная чат-модель годится для чата, но не "
        "для дополнения.",
    )
    REC_ALREADY_CHEAPEST = (
        "rec.already_cheapest",
        "This is already the cheapest setup that serves {users:plural:user|users} at once with "
        "{model}. "
        "Cheaper means giving something up: {ways}.",
        "Это уже самая дешёвая конфигурация, которая обслуживает "
        "{users:plural:пользователя|пользователей|пользователей} одновременно с "
        "{model}. Дешевле — только ценой уступок: {ways}.",
    )
    REC_CHEAPER_PILOT = (
        "rec.cheaper_pilot",
        "a pilot of {load:plural:user|users} at once on {count} x {gpu} for {price}",
        "пилот на {load:plural:пользователя|пользователей|пользователей} одновременно на "
        "{count} x {gpu} за {price}",
    )
    REC_CHEAPER_API = (
        "rec.cheaper_api",
        "no hardware at all: a hosted API ({api}) at about ${monthly:,.0f} a month for the "
        "same tokens, if the data may leave the company",
        "вообще без железа: облачный API ({api}) примерно за ${monthly:,.0f} в месяц за те же "
        "токены, если данным можно покидать компанию",
    )
    REC_ALREADY_CHEAPEST_TRAINING = (
        "rec.already_cheapest_training",
        "This is already the cheapest setup to buy that trains {model} within the deadline. "
        "Cheaper means giving something up: {ways}.",
        "Это уже самая дешёвая для покупки конфигурация, которая обучит {model} в срок. Дешевле "
        "— только ценой уступок: {ways}.",
    )
    REC_CHEAPER_QLORA = (
        "rec.cheaper_qlora",
        "QLoRA (the base model in 4 bits) instead of LoRA: a fraction of the memory, so fewer "
        "or smaller GPUs, at a small quality cost",
        "QLoRA (базовая модель в 4 битах) вместо LoRA: в разы меньше памяти, значит меньше или "
        "проще GPU, ценой небольшой потери качества",
    )
    REC_CHEAPER_RENT_RUN = (
        "rec.cheaper_rent_run",
        "renting for the run instead of buying: ${usd:,.2f} on demand",
        "аренда на время обучения вместо покупки: ${usd:,.2f} по требованию",
    )
    REC_CHEAPER_LONGER = (
        "rec.cheaper_longer",
        "a longer deadline or a smaller model (tell me what you can accept)",
        "более долгий срок или модель поменьше (скажите, что допустимо)",
    )
    REC_CHEAPER_MODEL = (
        "rec.cheaper_model",
        "a smaller model, or slower answers (tell me the speed you can accept)",
        "модель поменьше или более медленные ответы (скажите, какая скорость допустима)",
    )
    REC_LAST_NOT_RENTED = (
        "rec.last_not_rented",
        "The {gpu} of the last answer has no public on-demand rate to rent it by; the same goal "
        "on GPUs rented by the hour:",
        "Для {gpu} из прошлого ответа нет публичной почасовой ставки аренды; та же цель на GPU, "
        "которые сдают в аренду почасово:",
    )
    REC_NO_RENTAL = (
        "rec.no_rental",
        "Renting: the catalog has no public on-demand rate for {gpu}, and none of the options "
        "that serve this load is priced for rent; name a data-centre GPU (L40S, A100, H100, "
        "H200) to compare renting with buying.",
        "Аренда: в каталоге нет публичной почасовой ставки для {gpu}, и ни один вариант, "
        "который тянет эту нагрузку, не оценён для аренды; назовите GPU для ЦОД (L40S, A100, "
        "H100, H200), чтобы сравнить аренду с покупкой.",
    )
    REC_CLOUD_PAYBACK = (
        "rec.cloud_payback",
        "buying pays back against renting in {months:g} months.",
        "покупка окупится против аренды за {months:g} мес.",
    )
    REC_CLOUD_PAYBACK_CARD = (
        "rec.cloud_payback_card",
        "buying {gpus} x {card} (the card version, sold one by one) instead pays back against "
        "renting in {months:g} months.",
        "покупка {gpus} x {card} (версии, которая продаётся поштучно) вместо аренды окупится за "
        "{months:g} мес.",
    )
    REC_CLOUD_CHEAPER = (
        "rec.cloud_cheaper",
        "renting stays cheaper than buying for five years.",
        "аренда остаётся дешевле покупки пять лет.",
    )
    REC_PAYBACK = (
        "rec.payback",
        "buying pays back in {months:g} months.",
        "покупка окупится за {months:g} мес.",
    )
    REC_OWNED_RUNNING = (
        "rec.owned_running",
        "running your GPUs costs ${monthly:,.0f} a month.",
        "работа ваших GPU стоит ${monthly:,.0f} в месяц.",
    )
    REC_NO_PAYBACK = (
        "rec.no_payback",
        "at this load the API stays cheaper for five years (own hardware buys privacy and "
        "control, not savings).",
        "при такой нагрузке API дешевле и через пять лет (своё оборудование даёт "
        "конфиденциальность и контроль, а не экономию).",
    )
    REC_OPTION_RUN = (
        "rec.option_run",
        "One run: ${run:,.2f} of the bought hardware's time; rented on demand: {cloud}.",
        "Один запуск: ${run:,.2f} времени своего оборудования; в аренду: {cloud}.",
    )
    REC_API_PERSONAL_DATA = (
        "rec.api_personal_data",
        "If the requests carry personal data of Russian citizens, sending them to a foreign "
        "API is a cross-border transfer: Federal Law {law}-FZ requires notifying Roskomnadzor "
        "before it (art. {notice_article}, since 1 March {year}), and the data must first be "
        "recorded and stored in databases in Russia (art. {article} part {part}). A Russian API "
        "(GigaChat, YandexGPT) or an own server needs neither.",
        "Если в запросах есть персональные данные граждан РФ, отправка их в зарубежный API — "
        "трансграничная передача: по {law}-ФЗ о ней нужно заранее уведомить Роскомнадзор (ст. "
        "{notice_article}, с 1 марта {year} г.), а записывать и хранить такие данные сначала "
        "нужно в базах на территории России (ст. {article}, ч. {part}). Российскому API "
        "(GigaChat, YandexGPT) и своему серверу это не нужно.",
    )
    REC_RESIDENCY = (
        "rec.residency",
        "You said the data must stay in its jurisdiction: a hosted API qualifies only if it "
        "processes the data there, and rented GPUs only in a region there; the prices below "
        "are list prices, not checked for that.",
        "Вы сказали, что данные должны оставаться в своей юрисдикции: облачный API подходит, "
        "только если обрабатывает их там же, а арендованные GPU — только в регионе там же; цены "
        "ниже — прейскурантные, на это не проверены.",
    )
    REC_ON_PREMISES = (
        "rec.on_premises",
        "You said the data must not leave the company: rented cloud GPUs and a hosted API both "
        "send it to the provider, so their prices below are for comparison only.",
        "Вы сказали, что данные не должны уходить наружу: и арендованные в облаке GPU, и "
        "облачный API отправляют их провайдеру, поэтому их цены ниже — только для сравнения.",
    )
    REC_ON_PREMISES_OWN = (
        "rec.on_premises_own",
        "You said the data must not leave the company: a hosted API sends it to the provider, "
        "so the answer is your own server:",
        "Вы сказали, что данные не должны уходить наружу: облачный API отправляет их "
        "провайдеру, поэтому ответ — свой сервер:",
    )
    REC_ALREADY_FORMAT = (
        "rec.already_format",
        "**The last answer already ran the weights in {format}:** the setup stays the same.",
        "**В прошлом ответе веса уже были в {format}:** конфигурация та же.",
    )
    REC_FORMAT_SAME_GPUS = (
        "rec.format_same_gpus",
        "**In {format} on the same {count} x {gpu}:** memory for {capacity} at once and "
        "{speed} tokens/s each, against {was_capacity} and {was_speed} in {was_format}; the "
        "price does not change.",
        "**В {format} на тех же {count} x {gpu}:** памяти на {capacity} одновременно и "
        "{speed} токенов/с каждому, против {was_capacity} и {was_speed} в {was_format}; цена "
        "не меняется.",
    )
    REC_NOT_CHEAPER = (
        "rec.not_cheaper",
        "**Not cheaper on the {gpu}: the same goal costs ${capex:,.0f} ({capex_local:,.0f} "
        "{cur}) to buy, against ${previous:,.0f} ({previous_local:,.0f} {cur}) on the "
        "{before_gpu} of the last answer.**",
        "**На {gpu} не дешевле: та же цель стоит {capex_local:,.0f} {cur} (${capex:,.0f}), "
        "против {previous_local:,.0f} {cur} (${previous:,.0f}) на {before_gpu} из прошлого "
        "ответа.**",
    )
    REC_INT4_COSTS_MORE = (
        "rec.int4_costs_more",
        "**In 4 bits this costs more: ${capex:,.0f} against ${previous:,.0f}.** 4-bit weights "
        "take half the memory, but they are multiplied on the {gpu}'s 16-bit tensor cores, and "
        "FP8 runs on its FP8 cores at twice that rate: for these prompts more GPUs are needed "
        "to start answers in time. FP8 is the better format on this card.",
        "**В 4 битах это дороже: ${capex:,.0f} против ${previous:,.0f}.** 4-битные веса "
        "занимают вдвое меньше памяти, но перемножаются на 16-битных тензорных ядрах {gpu}, а "
        "FP8 считается на ядрах FP8 вдвое быстрее: для таких запросов нужно больше GPU, чтобы "
        "ответ начинался вовремя. На этой карте лучше FP8.",
    )
    REC_PICK = (
        "rec.pick",
        "**I would take {count} x {gpu} with {model}.** {why}",
        "**Я бы взял {count} x {gpu} с {model}.** {why}",
    )
    REC_JOB_ONE_OFF = (
        "rec.job_one_off",
        "**For a job done once, the API or renting costs less than buying:** the API bills "
        "about ${api:,.0f} for the job's tokens{rent}, against ${capex:,.0f} to buy {count} x "
        "{gpu}.",
        "**Для разовой задачи API или аренда дешевле покупки:** API возьмёт около ${api:,.0f} "
        "за токены задачи{rent}, а покупка {count} x {gpu} — ${capex:,.0f}.",
    )
    REC_JOB_NEVER_PAYS = (
        "rec.job_never_pays",
        "**The API or renting costs less than buying, even if the job comes every month:** the "
        "API bills about ${api:,.0f} for its tokens{rent}, against ${capex:,.0f} to buy {count} "
        "x {gpu}.",
        "**API или аренда дешевле покупки, даже если задача повторяется каждый месяц:** API "
        "возьмёт около ${api:,.0f} за её токены{rent}, а покупка {count} x {gpu} — ${capex:,.0f}.",
    )
    REC_JOB_IF_ONE_OFF = (
        "rec.job_if_one_off",
        "**If the job is done once, the API or renting costs less than buying:** the API bills "
        "about ${api:,.0f} for its tokens{rent}, against ${capex:,.0f} to buy {count} x {gpu}; "
        "buying pays back only if such a job comes every month ({months:g} months).",
        "**Если задача разовая, API или аренда дешевле покупки:** API возьмёт около "
        "${api:,.0f} за её токены{rent}, а покупка {count} x {gpu} — ${capex:,.0f}; покупка "
        "окупается, только если такая задача повторяется каждый месяц ({months:g} мес.).",
    )
    REC_BATCH_API = (
        "rec.batch_api",
        "The job through {api}, {which}: about ${usd:,.0f}.",
        "Эта задача через {api}, {which}: около ${usd:,.0f}.",
    )
    REC_BATCH_RENT = (
        "rec.batch_rent",
        "The same GPUs rented for its {gpu_hours:,.0f} GPU-hours at full load: about "
        "${usd:,.0f} at ${rate:g} per GPU-hour.",
        "Те же GPU в аренду на её {gpu_hours:,.0f} GPU-ч при полной загрузке: около "
        "${usd:,.0f} по ${rate:g} за GPU-час.",
    )
    REC_BATCH_MONTHLY_RENT = (
        "rec.batch_monthly_rent",
        "**At {runs:g} runs a month, renting wins:** about ${rent:,.0f} ({rent_local:,.0f} "
        "{cur}) a month rented{api}, against ${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month "
        "just to run your own GPUs after ${capex:,.0f} ({capex_local:,.0f} {cur}) to buy them: "
        "buying never pays back.",
        "**Запусков в месяц: {runs:g}, выгоднее аренда:** около {rent_local:,.0f} {cur} "
        "(${rent:,.0f}) в месяц{api}, против {monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц "
        "только на работу своих GPU после покупки за {capex_local:,.0f} {cur} (${capex:,.0f}): "
        "покупка не окупится никогда.",
    )
    REC_BATCH_MONTHLY_RENT_3Y = (
        "rec.batch_monthly_rent_3y",
        "**At {runs:g} runs a month, renting wins:** about ${rent:,.0f} ({rent_local:,.0f} "
        "{cur}) a month rented{api}, against ${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month "
        "to run your own GPUs after ${capex:,.0f} ({capex_local:,.0f} {cur}) to buy them: "
        "buying would pay back only after {months:g} months, past three years.",
        "**Запусков в месяц: {runs:g}, выгоднее аренда:** около {rent_local:,.0f} {cur} "
        "(${rent:,.0f}) в месяц{api}, против {monthly_local:,.0f} {cur} (${monthly:,.0f}) в месяц "
        "на работу своих GPU после покупки за {capex_local:,.0f} {cur} (${capex:,.0f}): покупка "
        "окупилась бы лишь через {months:g} мес., позже трёх лет.",
    )
    REC_BATCH_MONTHLY_API_CHEAPEST = (
        "rec.batch_monthly_api_cheapest",
        " The API costs less than both.",
        " API дешевле и того, и другого.",
    )
    REC_BATCH_MONTHLY_BUY = (
        "rec.batch_monthly_buy",
        "**At {runs:g} runs a month, buying pays back in {months:g} months:** renting "
        "costs about ${rent:,.0f} ({rent_local:,.0f} {cur}) a month{api}, your own GPUs "
        "${monthly:,.0f} ({monthly_local:,.0f} {cur}) a month to run after ${capex:,.0f} "
        "({capex_local:,.0f} {cur}) to buy.",
        "**Запусков в месяц: {runs:g}, покупка окупится за {months:g} мес.:** аренда около "
        "{rent_local:,.0f} {cur} (${rent:,.0f}) в месяц{api}, свои GPU — {monthly_local:,.0f} "
        "{cur} (${monthly:,.0f}) в месяц на работу после покупки за {capex_local:,.0f} {cur} "
        "(${capex:,.0f}).",
    )
    REC_BATCH_MONTHLY_API = (
        "rec.batch_monthly_api",
        " (through {api} about ${usd:,.0f} ({local:,.0f} {cur}))",
        " (через {api} около {local:,.0f} {cur}, ${usd:,.0f})",
    )
    REC_JOB_RENT = (
        "rec.job_rent",
        ", renting the same GPUs for its hours about ${rent:,.0f}",
        ", аренда тех же GPU на её часы — около ${rent:,.0f}",
    )
    REC_VERDICT_API = ("rec.verdict_api", "**The API costs less here.**", "**Здесь дешевле API.**")
    REC_VERDICT_OWN = (
        "rec.verdict_own",
        "**Your own server pays off.**",
        "**Свой сервер окупается.**",
    )
    REC_VERDICT_SLOW = (
        "rec.verdict_slow",
        "**Your own server pays back only after three years: over three years the API costs "
        "less.**",
        "**Свой сервер окупается только после трёх лет: за три года дешевле API.**",
    )
    REC_RENT_THE_RUN = (
        "rec.rent_the_run",
        "**Rent the run rather than buy:** about ${run:,.2f} ({run_local:,.0f} {cur}) on "
        "{count} x {gpu} ({hours:g} h), against ${capex:,.0f} ({capex_local:,.0f} {cur}) to buy "
        "{bought} x {lead_gpu}: buying pays off only for far more frequent runs.",
        "**Запуск выгоднее арендовать, чем покупать GPU:** около {run_local:,.0f} {cur} "
        "(${run:,.2f}) на {count} x {gpu} ({hours:g} ч) против {capex_local:,.0f} {cur} "
        "(${capex:,.0f}) за покупку {bought} x {lead_gpu}: покупка окупается только при гораздо "
        "более частых запусках.",
    )
    REC_RUNS_BREAK_EVEN = (
        "rec.runs_break_even",
        "Renting a run costs ${run:,.2f} ({run_rub:,.0f} RUB); buying these GPUs (${tco:,.0f}, "
        "{tco_rub:,.0f} RUB, to buy and run for three years) pays off only above "
        "{runs:,.10g} runs a year.",
        "Аренда на один запуск стоит {run_rub:,.0f} ₽ (${run:,.2f}); покупка этих GPU "
        "({tco_rub:,.0f} ₽, ${tco:,.0f}, за покупку и три года работы) окупается только при "
        "{runs:,.10g} запусках в год и больше.",
    )
    REC_RUNS_RENT = (
        "rec.runs_rent",
        "**Rent, don't buy:** {runs:plural:run|runs} a year rented on demand cost ${yearly:,.0f} a "
        "year (${run:,.2f} or {run_rub:,.0f} RUB each), against ${tco:,.0f} ({tco_rub:,.0f} RUB) "
        "to buy and run these GPUs for three years; buying pays off only above "
        "{breakeven:,.10g} runs a year.",
        "**Арендуйте, а не покупайте:** {runs:plural:запуск|запуска|запусков} в год в аренде "
        "стоят ${yearly:,.0f} в год ({run_rub:,.0f} ₽, ${run:,.2f} за запуск), а покупка и три "
        "года работы этих GPU — {tco_rub:,.0f} ₽ (${tco:,.0f}); покупка окупается только при "
        "{breakeven:,.10g} запусках в год и больше.",
    )
    REC_RUNS_BUY = (
        "rec.runs_buy",
        "**Buying pays off:** {runs:plural:run|runs} a year rented on demand would cost "
        "${yearly:,.0f} a year (${run:,.2f} or {run_rub:,.0f} RUB each), more than owning "
        "(${tco:,.0f}, {tco_rub:,.0f} RUB, over three years; the line is {breakeven:,.10g} runs "
        "a year).",
        "**Покупка окупается:** {runs:plural:запуск|запуска|запусков} в год в аренде стоили бы "
        "${yearly:,.0f} в год ({run_rub:,.0f} ₽, ${run:,.2f} за запуск), дороже владения "
        "({tco_rub:,.0f} ₽, ${tco:,.0f}, за три года; граница — {breakeven:,.10g} запусков в "
        "год).",
    )
    REC_CLOUD_RUN = (
        "rec.cloud_run",
        "${usd:,.2f} at ${rate:g} per GPU-hour",
        "${usd:,.2f} по ${rate:g} за GPU-час",
    )
    REC_NO_CLOUD_RATE = (
        "rec.no_cloud_rate",
        "no public rate for these GPUs",
        "для этих GPU публичной ставки нет",
    )
    REC_NO_ON_OWNED = (
        "rec.no_on_owned",
        "**No, not on the GPUs you have, as asked.** What falls short and what would work:",
        "**Нет, на ваших GPU так не получится.** Чего не хватает и что поможет:",
    )
    REC_MODEL_SWAPPED = (
        "rec.model_swapped",
        "**{model} instead of {before}: ${capex:,.0f} ({capex_rub:,.0f} RUB) against "
        "${previous:,.0f} ({previous_rub:,.0f} RUB), {share}% {direction}.**",
        "**{model} вместо {before}: {capex_rub:,.0f} ₽ (${capex:,.0f}) против {previous_rub:,.0f} ₽ "
        "(${previous:,.0f}), на {share}% {direction}.**",
    )
    REC_MODEL_SWAPPED_QUALITY = (
        "rec.model_swapped_quality",
        "Quality in the catalog: {model} is tier {tier} of 5, {before} tier {before_tier} of 5 "
        "(tiers from published benchmarks; try both on your own questions before deciding).",
        "Качество по каталогу: {model} — уровень {tier} из 5, {before} — {before_tier} из 5 "
        "(уровни по опубликованным бенчмаркам; проверьте обе на своих вопросах до решения).",
    )
    REC_LESS = ("rec.less", "less", "дешевле")
    REC_MORE = ("rec.more", "more", "дороже")
    REC_HEADING_UNMET = ("rec.heading_unmet", "Not met", "Не выполнено")
    REC_HEADING_FIT = ("rec.heading_fit", "What would make it work", "Что поможет")
    REC_HEADING_SOURCES = ("rec.heading_sources", "Sources", "Источники")
    REC_FIT_LINE = (
        "rec.fit_line",
        "{description} Then: {users:plural:user|users} at once at {speed:g} tokens/s each "
        "(memory for up to {capacity}){verdict}.",
        "{description} Тогда: {users:plural:пользователь|пользователя|пользователей} "
        "одновременно по {speed:g} токенов/с (памяти хватит на {capacity}){verdict}.",
    )
    REC_FIT_MEETS = ("rec.fit_meets", "; meets the targets", "; цели выполнены")
    REC_FIT_IN_TIME = ("rec.fit_in_time", ", in time", ", в срок")
    REC_FIT_LATE = ("rec.fit_late", ", past the deadline", ", позже срока")
    REC_FIT_MISSES = ("rec.fit_misses", "; still misses a target", "; цель всё ещё не достигнута")
    REC_FIT_MISSES_LIST = (
        "rec.fit_misses_list",
        "; still misses {misses}",
        "; не хватает: {misses}",
    )
    MISS_TTFT = (
        "miss.ttft",
        "the first token in {ttft:g} s against {target:g} s",
        "первый токен через {ttft:g} с вместо {target:g} с",
    )
    MISS_SPEED = (
        "miss.speed",
        "the {target:g} tokens/s target",
        "цели {target:g} токенов/с на пользователя",
    )
    MISS_USERS = (
        "miss.users",
        "{users:plural:user|users} at once",
        "{users:plural:пользователя|пользователей|пользователей} одновременно",
    )
    MISS_TARGETS = ("miss.targets", "the speed targets", "целевой скорости")
    MISS_DEADLINE = (
        "miss.deadline",
        "a run of {hours:g} h against the {deadline:g} h deadline",
        "обучение за {hours:g} ч при сроке {deadline:g} ч",
    )
    MISS_JOB_DEADLINE = (
        "miss.job_deadline",
        "the job takes {hours:g} h against the {deadline:g} h deadline",
        "задача займёт {hours:g} ч при сроке {deadline:g} ч",
    )
    REC_FIT_LINE_TRAINING = (
        "rec.fit_line_training",
        "{description} Then: {hours:g} h for the dataset{verdict}.",
        "{description} Тогда: {hours:g} ч на весь набор{verdict}.",
    )
    REC_FIT_LINE_BATCH = (
        "rec.fit_line_batch",
        "{description} Then: the job takes about {hours:g} h{verdict}.",
        "{description} Тогда: задача займёт около {hours:g} ч{verdict}.",
    )
    WHY_RECOMMENDED = (
        "why.recommended",
        "The lowest 3-year cost that serves {users:plural:user|users} at once at the targets, with "
        "room for {capacity}.",
        "Самая низкая стоимость за 3 года с целевой скоростью для "
        "{users:plural:пользователя|пользователей|пользователей} одновременно; запас до "
        "{capacity}.",
    )
    WHY_START = (
        "why.start",
        "Start here: it serves a pilot of {users:plural:user|users} at {speed:g} tokens/s each; grow "
        "once it has proved its value.",
        "Начните с этого: пилот на {users:plural:пользователя|пользователей|пользователей} по {speed:g} токенов/с; "
        "наращивайте, когда польза подтвердится.",
    )
    WHY_SCALE = (
        "why.scale",
        "Room to grow: holds {users:plural:user|users} at once, twice today's peak.",
        "Запас на рост: {users:plural:пользователь|пользователя|пользователей} одновременно — "
        "вдвое больше сегодняшнего пика.",
    )
    WHY_OWNED = (
        "why.owned",
        "Fits the GPUs you own: {users:plural:user|users} at once at {speed:g} tokens/s each "
        "(memory for up "
        "to {capacity}).",
        "Помещается на ваши GPU: {users:plural:пользователь|пользователя|пользователей} "
        "одновременно по {speed:g} токенов/с "
        "(памяти хватит на {capacity}).",
    )
    WHY_QUALITY = (
        "why.quality",
        "A stronger model for more money: quality tier {tier} of 5 (the recommended one "
        "is {base_tier}), {users} users at {speed:g} tokens/s each.",
        "Модель сильнее за большие деньги: уровень качества {tier} из 5 (у "
        "рекомендованной {base_tier}), {users} пользователей по {speed:g} токенов/с.",
    )
    WHY_FASTEST = (
        "why.fastest",
        "The fastest per user: {count} x {gpu} in {precision}, {speed:g} tokens/s each for "
        "{users} users at once, ${tco:,.0f} over 3 years.",
        "Самая быстрая на пользователя: {count} x {gpu} в {precision}, {speed:g} токенов/с "
        "каждому для {users} пользователей одновременно, ${tco:,.0f} за 3 года.",
    )
    WHY_PRO = (
        "why.pro",
        "Professional or data-centre cards, licensed for a server room: {users} users at "
        "{speed:g} tokens/s each for ${tco:,.0f} over 3 years.",
        "Профессиональные или серверные карты, лицензия допускает серверную: {users} "
        "пользователей по {speed:g} токенов/с за ${tco:,.0f} за 3 года.",
    )
    WHY_RESERVE = (
        "why.reserve",
        "N+1: {copies:plural:copy|copies} of the model for a peak "
        "{spare_from:plural:copy|copies} can carry, so one can fail or be taken down for an "
        "update while {users:plural:user|users} are still served at the targets; ${tco:,.0f} "
        "over 3 years.",
        "N+1: {copies:plural:копия|копии|копий} модели, а пик выдержит и "
        "{spare_from:plural:копия|копии|копий}, так что одна может отказать или уйти на "
        "обновление, и "
        "{users:plural:пользователь|пользователя|пользователей} по-прежнему обслуживаются с "
        "нужной скоростью; ${tco:,.0f} за 3 года.",
    )
    WHY_PARETO = (
        "why.pareto",
        "Another balance of cost and speed: {speed:g} tokens/s per user for ${tco:,.0f} "
        "over 3 years.",
        "Другой баланс цены и скорости: {speed:g} токенов/с на пользователя за "
        "${tco:,.0f} за 3 года.",
    )
    WHY_OVER_BUDGET = (
        "why.over_budget",
        "It serves the load ({users:plural:user|users} at once at {speed:g} tokens/s each, "
        "memory for {capacity}) but costs more than the budget (see below).",
        "Нагрузку выдерживает ({users:plural:пользователь|пользователя|пользователей} "
        "одновременно по {speed:g} токенов/с, памяти хватит на {capacity}), но дороже бюджета "
        "(см. ниже).",
    )
    WHY_BUDGET_FIT = (
        "why.budget_fit",
        "The same model within the budget: {users:plural:user|users} at once at {speed:g} "
        "tokens/s each, the first token after {ttft:g} s, short of the goal's {target_speed:g} "
        "tokens/s and {target_ttft:g} s.",
        "Та же модель в пределах бюджета: "
        "{users:plural:пользователь|пользователя|пользователей} одновременно по {speed:g} "
        "токенов/с, первый токен через {ttft:g} с — меньше цели ({target_speed:g} токенов/с и "
        "{target_ttft:g} с).",
    )
    WHY_CLOSEST = (
        "why.closest",
        "It falls short of the goal (see below): at most {capacity:plural:user|users} at once "
        "at {speed:g} tokens/s each.",
        "До цели не дотягивает (см. ниже): не больше "
        "{capacity:plural:пользователя|пользователей|пользователей} одновременно по {speed:g} "
        "токенов/с.",
    )
    UNMET_BUDGET_RENT = (
        "unmet.budget_rent",
        "renting fits the budget: {count} x {gpu} on demand for {hours:g} h costs ${rent:,.2f} a "
        "run, no hardware bought",
        "аренда укладывается в бюджет: {count} x {gpu} по требованию на {hours:g} ч стоит "
        "${rent:,.2f} за запуск, без покупки железа",
    )
    UNMET_BUDGET = (
        "unmet.budget",
        "budget: the cheapest setup that meets the targets costs ${capex:,.0f} "
        "({capex_local:,.0f} {cur}), the budget is ${budget:,.0f} ({budget_local:,.0f} {cur})",
        "бюджет: самый дешёвый вариант, который выполняет цели, стоит {capex_local:,.0f} {cur} "
        "(${capex:,.0f}), бюджет {budget_local:,.0f} {cur} (${budget:,.0f})",
    )
    WHY_TRAIN_RECOMMENDED = (
        "why.train_recommended",
        "Ends within the {deadline:g} h deadline at the lowest 3-year cost.",
        "Укладывается в срок {deadline:g} ч при самой низкой стоимости за 3 года.",
    )
    WHY_TRAIN_START = (
        "why.train_start",
        "The cheapest that runs it ({hours:g} h): enough to try {task} before buying for "
        "the deadline.",
        "Самый дешёвый вариант, на котором это запускается ({hours:g} ч): хватит, чтобы "
        "опробовать {task} до покупки под срок.",
    )
    WHY_TRAIN_OWNED = (
        "why.train_owned",
        "Fits the GPUs you own: {hours:g} h for the dataset.",
        "Помещается на ваши GPU: {hours:g} ч на весь набор.",
    )
    WHY_TRAIN_QUALITY = (
        "why.train_quality",
        "A stronger model for more money: quality tier {tier} of 5 (the recommended one is "
        "{base_tier}), {hours:g} h for the dataset.",
        "Модель сильнее за большие деньги: уровень качества {tier} из 5 (у рекомендованной "
        "{base_tier}), {hours:g} ч на весь набор.",
    )
    WHY_TRAIN_PRO = (
        "why.train_pro",
        "Professional or data-centre cards, licensed for a server room: {hours:g} h for the "
        "dataset, ${tco:,.0f} over 3 years.",
        "Профессиональные или серверные карты, лицензия допускает серверную: {hours:g} ч на "
        "весь набор, ${tco:,.0f} за 3 года.",
    )
    WHY_TRAIN_PARETO = (
        "why.train_pareto",
        "Another balance of cost and time: {hours:g} h for ${tco:,.0f} over 3 years.",
        "Другой баланс цены и времени: {hours:g} ч за ${tco:,.0f} за 3 года.",
    )
    WHY_TRAIN_RENT = (
        "why.train_rent",
        "Within the budget only rented: {count} x {gpu} for {hours:g} h of the run, no "
        "hardware bought.",
        "В бюджет укладывается только аренда: {count} x {gpu} на {hours:g} ч обучения, без "
        "покупки железа.",
    )
    WHY_TRAIN_RENT_INSTEAD = (
        "why.train_rent_instead",
        "Rented instead of bought: {count} x {gpu} for {hours:g} h of the run at a public "
        "on-demand rate, nothing to buy.",
        "Аренда вместо покупки: {count} x {gpu} на {hours:g} ч обучения по публичной цене "
        "аренды, ничего не покупая.",
    )
    WHY_TRAIN_CLOSEST = (
        "why.train_closest",
        "The closest to the deadline: {hours:g} h.",
        "Ближе всего к сроку: {hours:g} ч.",
    )
    UNMET_TARGETS = (
        "unmet.targets",
        "speed: no setup reaches {speed:g} tokens/s per user and a first token within {ttft:g} s "
        "for {users} users at once",
        "скорость: ни один вариант не даёт {speed:g} токенов/с на пользователя и первый токен "
        "за {ttft:g} с при {users} пользователях одновременно",
    )
    UNMET_OWNED = (
        "unmet.owned",
        "owned hardware: {model} does not fit {count} x {gpu} for {users} users at once",
        "своё оборудование: {model} не помещается на {count} x {gpu} для {users} "
        "пользователей одновременно",
    )
    UNMET_OWNED_TRAINING = (
        "unmet.owned_training",
        "owned hardware: {task} of {model} does not fit {count} x {gpu}",
        "своё оборудование: {task} для {model} не помещается на {count} x {gpu}",
    )
    UNMET_NO_MODEL = (
        "unmet.no_model",
        "model: no {family}model in the catalog suits {use_case} at the quality and in the "
        "language asked for",
        "модель: в каталоге нет модели {family}для задачи «{use_case}» нужного качества и языка",
    )
    UNMET_MODEL_CONTEXT_TOO_LONG = (
        "unmet.model_context_too_long",
        "context: {model} reads at most {longest:,} tokens at once, and a request here is "
        "{context:,}; take a model that reads it whole, split each document into parts read one "
        "by one (map-reduce), or retrieve the passages a question needs (RAG)",
        "контекст: {model} читает не больше {longest:,} токенов за раз, а запрос здесь — "
        "{context:,}; возьмите модель, которая прочтёт его целиком, разбейте документ на части, "
        "которые читаются по очереди (map-reduce), или находите нужные вопросу фрагменты (RAG)",
    )
    UNMET_CONTEXT_TOO_LONG = (
        "unmet.context_too_long",
        "context: no model in the catalog that suits the task reads {context:,} tokens at once "
        "(the longest reads {longest:,}); split each document into parts read one by one with their findings "
        "merged (map-reduce), or retrieve the passages a question needs (RAG), and tell me the "
        "part's length to size it",
        "контекст: ни одна подходящая для задачи модель каталога не читает {context:,} токенов "
        "за раз (самая длинная — {longest:,}); разбейте документ на части, которые читаются по очереди, а выводы "
        "сводятся (map-reduce), или находите нужные вопросу фрагменты (RAG), и скажите длину "
        "части — я посчитаю",
    )
    UNMET_FIT = (
        "unmet.fit",
        "memory: no allowed GPU holds {model} for {users} users at {context} tokens",
        "память: ни одна разрешённая GPU не вмещает {model} для {users} пользователей при "
        "{context} токенах",
    )
    UNMET_FIT_TRAINING = (
        "unmet.fit_training",
        "memory: no allowed GPU, up to {count} of them, holds {task} of {model} at {seq_len} "
        "tokens per sequence",
        "память: ни одна разрешённая GPU, до {count} штук, не вмещает {task} для {model} при "
        "{seq_len} токенах на последовательность",
    )
    UNMET_DEADLINE = (
        "unmet.deadline",
        "time: no setup of up to {count} GPUs trains on {tokens:,} tokens within {hours:g} h",
        "время: ни одна конфигурация до {count} GPU не обучит на {tokens:,} токенах за {hours:g} ч",
    )
    UNMET_DEADLINE_SCALE_OUT = (
        "unmet.deadline_scale_out",
        "at the same rate per GPU (data parallelism keeps it across servers), about {count} x "
        "{gpu} ({servers} servers of 8) would finish within {hours:g} h: the same "
        "{gpu_hours:,} GPU-hours; a cluster beyond {limit} GPUs is planned with a person, not "
        "this calculator",
        "при той же скорости на GPU (параллелизм по данным сохраняет её между серверами) "
        "около {count} x {gpu} ({servers} серверов по 8) уложатся в {hours:g} ч: те же "
        "{gpu_hours:,} GPU-часов; кластер больше {limit} GPU планируют со специалистом, а не "
        "калькулятором",
    )
    UNMET_DEADLINE_SCALE_OUT_RENT = (
        "unmet.deadline_scale_out_rent",
        "renting them for the run: about ${rent:,}, as many GPU-hours as the closest option",
        "аренда на время обучения: около ${rent:,} — столько же GPU-часов, сколько у "
        "ближайшего варианта",
    )
    FIT_KV_FP8 = (
        "fit.kv_fp8",
        "Keep the KV cache in FP8: twice the users in the same memory.",
        "Хранить KV-кэш в FP8: вдвое больше пользователей в той же памяти.",
    )
    FIT_FP8 = (
        "fit.fp8",
        "Serve the weights in FP8: half the BF16 memory, and this GPU's FP8 tensor cores read "
        "prompts about twice as fast, at a negligible quality cost.",
        "Веса в FP8: половина памяти BF16, а FP8-ядра этой GPU читают запросы примерно вдвое "
        "быстрее; качество почти не страдает.",
    )
    FIT_FP8_KV_FP8 = (
        "fit.fp8_kv_fp8",
        "Serve the weights and the KV cache in FP8: half the memory of each, and prompts read "
        "about twice as fast on FP8 tensor cores.",
        "Веса и KV-кэш в FP8: вдвое меньше памяти на каждое, а запросы читаются примерно вдвое "
        "быстрее на FP8-ядрах.",
    )
    FIT_FP8_MORE_GPUS = (
        "fit.fp8_more_gpus",
        "Serve the weights in FP8 on {count} GPUs of the same kind.",
        "Веса в FP8 на {count} GPU того же типа.",
    )
    FIT_GGUF = (
        "fit.gguf",
        "Run it in llama.cpp or Ollama with 4-bit GGUF weights (Q4_K_M), as one person's "
        "card usually does: the embeddings and output layer are quantised too.",
        "Запустить в llama.cpp или Ollama с весами GGUF в 4 битах (Q4_K_M), как обычно и "
        "делают на своей карте: эмбеддинги и выходной слой тоже квантованы.",
    )
    FIT_GGUF_CPU_MOE = (
        "fit.gguf_cpu_moe",
        "Run it in llama.cpp with 4-bit GGUF weights (Q4_K_M) and the experts of "
        "{layers:plural:layer|layers} in system RAM (--n-cpu-moe {layers}; about {ram:g} GB "
        "of RAM for them): the rest stays on the card, and each token reads only the experts "
        "it uses.",
        "Запустить в llama.cpp с весами GGUF в 4 битах (Q4_K_M), а экспертов "
        "{layers:plural:слоя|слоёв|слоёв} держать в оперативной памяти (--n-cpu-moe "
        "{layers}; им нужно около {ram:g} ГБ ОЗУ): остальное остаётся на карте, а каждый токен "
        "читает только своих экспертов.",
    )
    FIT_INT4 = (
        "fit.int4",
        "Serve the weights in 4 bits (AWQ): a quarter of the BF16 memory, a small quality cost.",
        "Веса в 4 битах (AWQ): четверть памяти BF16 ценой небольшой потери качества.",
    )
    FIT_INT4_KV_FP8 = (
        "fit.int4_kv_fp8",
        "Serve the weights in 4 bits (AWQ) and keep the KV cache in FP8: the most that fits on "
        "these GPUs, at a small quality cost for each.",
        "Веса в 4 битах (AWQ) и KV-кэш в FP8: больше всего на этих GPU, ценой небольшой потери "
        "качества у каждого.",
    )
    FIT_LORA = (
        "fit.lora",
        "Train with LoRA: the base frozen in 16 bits and only small adapters trained, a "
        "fraction of full fine-tuning's memory, close to its quality on most tasks.",
        "Обучать методом LoRA: база заморожена в 16 битах, обучаются только небольшие "
        "адаптеры — доля памяти полного дообучения, качество на большинстве задач близкое.",
    )
    FIT_QLORA = (
        "fit.qlora",
        "Train with QLoRA: the frozen base in 4 bits (NF4), a quarter of the memory, slower.",
        "Обучать методом QLoRA: замороженная база в 4 битах (NF4) — четверть памяти, медленнее.",
    )
    FIT_QLORA_SEQUENCE = (
        "fit.qlora_sequence",
        "Train with QLoRA (the frozen base in 4 bits, NF4) on sequences of {context} tokens: "
        "longer examples are split or truncated.",
        "Обучать методом QLoRA (замороженная база в 4 битах, NF4) на последовательностях по "
        "{context} токенов: более длинные примеры разбиваются или обрезаются.",
    )
    FIT_QLORA_CPU_OFFLOAD = (
        "fit.qlora_cpu_offload",
        "Train with QLoRA sharded over these GPUs with the weights and the optimizer's states "
        "in system RAM between uses (FSDP CPU offload, as FSDP-QLoRA trains a 70B model on "
        "two 24 GB cards), on sequences of {context} tokens: about {ram} GB of RAM, and "
        "slower steps over PCIe.",
        "Обучать QLoRA с разделением модели между этими GPU, держа веса и состояния "
        "оптимизатора в ОЗУ между обращениями (FSDP CPU offload — так FSDP-QLoRA обучает 70B "
        "на двух картах по 24 ГБ), на последовательностях по {context} токенов: около {ram} ГБ "
        "ОЗУ, шаги медленнее из-за PCIe.",
    )
    FIT_CONTEXT = (
        "fit.context",
        "Shorten the context to {context} tokens per request.",
        "Сократить контекст до {context} токенов на запрос.",
    )
    FIT_MORE_GPUS = (
        "fit.more_gpus",
        "Use {count} GPUs of the same kind.",
        "Взять {count} GPU того же типа.",
    )
    FIT_INT4_MORE_GPUS = (
        "fit.int4_more_gpus",
        "Serve the weights in 4 bits (AWQ) on {count} GPUs of the same kind.",
        "Веса в 4 битах (AWQ) на {count} GPU того же типа.",
    )
    FIT_SMALLER_MODEL = (
        "fit.smaller_model",
        "Take the smaller {model}.",
        "Взять модель поменьше: {model}.",
    )

    SPEC_TITLE = (
        "spec.title",
        "Server specification: {count} x {gpu}",
        "Спецификация сервера: {count} x {gpu}",
    )
    SPEC_PURPOSE = (
        "spec.purpose",
        "For {model} in {precision}: {capacity} users at once, {speed:g} tokens/s each "
        "(prepared {as_of}; prices are catalog figures a quote replaces).",
        "Для {model} в {precision}: {capacity} пользователей одновременно по {speed:g} токенов/с "
        "(подготовлено {as_of}; цены — значения каталога, их заменит коммерческое предложение).",
    )
    SPEC_PURPOSE_TRAINING = (
        "spec.purpose_training",
        "For {task} of {model}: {hours:g} h per run (prepared {as_of}; prices are catalog "
        "figures a quote replaces).",
        "Для задачи «{task}» на {model}: {hours:g} ч на запуск (подготовлено {as_of}; цены — "
        "значения каталога, их заменит коммерческое предложение).",
    )
    SPEC_HARDWARE = ("spec.hardware", "Hardware", "Оборудование")
    SPEC_SOFTWARE = ("spec.software", "Software", "Программное обеспечение")
    SPEC_COST = ("spec.cost", "Cost", "Стоимость")
    SPEC_GPUS = (
        "spec.gpus",
        "GPUs: {count} x {gpu}, {memory:g} GB each, {link}; {tdp} W each.",
        "GPU: {count} x {gpu}, по {memory:g} ГБ, {link}; по {tdp} Вт.",
    )
    SPEC_CHASSIS = (
        "spec.chassis",
        "Chassis: {servers} x {chassis}, {units} U each.",
        "Корпус: {servers} x {chassis}, по {units} U.",
    )
    SPEC_TOWER = (
        "spec.tower",
        "Chassis: {servers} x {chassis} (tower, no rack).",
        "Корпус: {servers} x {chassis} (башня, без стойки).",
    )
    SPEC_HGX = (
        "spec.hgx",
        "Chassis: {servers} x complete 8-GPU HGX/OAM server, {units} U each.",
        "Корпус: {servers} x готовый 8-GPU сервер HGX/OAM, по {units} U.",
    )
    SPEC_CPU = ("spec.cpu", "CPU: {note}", "Процессор: {note}")
    SPEC_MEMORY = (
        "spec.memory",
        "System RAM: {ram} GB; NVMe: {nvme:g} TB.",
        "Оперативная память: {ram} ГБ; NVMe: {nvme:g} ТБ.",
    )
    SPEC_POWER = (
        "spec.power",
        "Power supplies: {power:,} W in total (GPUs and host at full load, 20% headroom).",
        "Блоки питания: всего {power:,} Вт (GPU и хост на полной нагрузке, запас 20%).",
    )
    SPEC_COOLING = ("spec.cooling", "Cooling: {note}", "Охлаждение: {note}")
    SPEC_STACK = (
        "spec.stack",
        "vLLM (OpenAI-compatible server, tool calling), Linux with the {vendor} driver stack; "
        "the command the engine sized:",
        "vLLM (сервер, совместимый с OpenAI, вызов инструментов), Linux с драйверами {vendor}; "
        "команда, которую рассчитал движок:",
    )
    SPEC_TRAIN_STACK = (
        "spec.train_stack",
        "PyTorch with PEFT/TRL (LoRA/QLoRA) or FSDP/DeepSpeed ZeRO-3 (full), Linux with the "
        "{vendor} driver stack.",
        "PyTorch с PEFT/TRL (LoRA/QLoRA) или FSDP/DeepSpeed ZeRO-3 (полное дообучение), Linux с "
        "драйверами {vendor}.",
    )

    FOLLOW_GPUS = ("follow.gpus", "What about {count} GPUs?", "А если {count} GPU?")
    FOLLOW_INT4 = ("follow.int4", "What about 4-bit weights?", "А если веса в 4 битах?")
    FOLLOW_INT4_GPUS = (
        "follow.int4_gpus",
        "What about 4-bit weights on {count} GPUs?",
        "А если веса в 4 битах на {count} GPU?",
    )
    FOLLOW_KV_FP8 = ("follow.kv_fp8", "What about an FP8 KV cache?", "А если KV-кэш в FP8?")
    FOLLOW_CONTEXT = (
        "follow.context",
        "What about a {context} token context?",
        "А если контекст {context} токенов?",
    )
    FOLLOW_MODEL = ("follow.model", "What about {model}?", "А если {model}?")
    FOLLOW_QLORA = ("follow.qlora", "What about QLoRA?", "А если QLoRA?")
    FOLLOW_CHEAPER = ("follow.cheaper", "Cheaper?", "А дешевле?")
    FOLLOW_DOUBLE = (
        "follow.double",
        "What if {users} users at once?",
        "А если {users} пользователей одновременно?",
    )

    # ---- UI labels (shown in both languages at once) ------------------------------------
    UI_STORAGE_DOWN = (
        "ui.storage_down",
        "Could not be saved; please retry in a few seconds",
        "Не удалось сохранить, попробуйте ещё раз через несколько секунд",
    )
    UI_QUESTION_TOO_LONG = (
        "ui.question_too_long",
        "Question too long ({limit} characters at most)",
        "Вопрос слишком длинный (до {limit} символов)",
    )
    UI_CONVERSATION_FULL = (
        "ui.conversation_full",
        "This conversation is full; the next question starts a new one",
        "Беседа достигла предела, следующий вопрос начнёт новую",
    )
    UI_ASK_FIRST = ("ui.ask_first", "Ask a question first", "Сначала задайте вопрос")
    UI_RATE_ADVISOR_ONLY = (
        "ui.rate_advisor_only",
        "Only the advisor's answers can be rated",
        "Оценить можно ответ советника",
    )
    UI_ANSWER_NOT_FOUND = ("ui.answer_not_found", "Answer not found", "Ответ не найден")
    UI_FEEDBACK_SAVED = (
        "ui.feedback_saved",
        "Thank you, feedback saved",
        "Спасибо, отзыв сохранён",
    )
    UI_STAFF_OFF = (
        "ui.staff_off",
        "Staff mode is off (ADVISOR_STAFF_API_KEYS)",
        "Режим сотрудника не настроен (ADVISOR_STAFF_API_KEYS)",
    )
    UI_STAFF_ON = ("ui.staff_on", "Staff mode on", "Режим сотрудника")
    UI_WRONG_KEY = ("ui.wrong_key", "Wrong key", "Неверный ключ")
    UI_STAFF_KEY_REQUIRED = ("ui.staff_key_required", "Staff key required", "Нужен ключ сотрудника")
    UI_ASSUMPTIONS = ("ui.assumptions", "Assumptions", "Допущения")
    UI_FORMULAS = ("ui.formulas", "Formulas", "Формулы")
    UI_WARNINGS = ("ui.warnings", "Warnings", "Предупреждения")
    UI_TITLE = (
        "ui.title",
        "How many GPUs and which server your LLM needs — the engine computes every number.",
        "Сколько GPU и какой сервер нужны вашей LLM — каждое число считает движок.",
    )
    UI_TAB_CHAT = ("ui.tab_chat", "Chat", "Чат")
    UI_ADVISOR = ("ui.advisor", "Advisor", "Советник")
    UI_CHAT_PLACEHOLDER = (
        "ui.chat_placeholder",
        "Ask about GPUs for your model",
        "Спросите о GPU для вашей модели",
    )
    UI_QUESTION = ("ui.question", "Question", "Вопрос")
    UI_QUESTION_PLACEHOLDER = (
        "ui.question_placeholder",
        "How many GPUs for …",
        "Сколько GPU нужно для …",
    )
    UI_SEND = ("ui.send", "Send", "Отправить")
    UI_EXAMPLES = ("ui.examples", "Examples", "Примеры")
    UI_HELPFUL = ("ui.helpful", "Helpful", "Полезно")
    UI_NOT_HELPFUL = ("ui.not_helpful", "Not helpful", "Не то")
    UI_FEEDBACK_COMMENT = (
        "ui.feedback_comment",
        "Feedback comment (optional)",
        "Комментарий к отзыву",
    )
    UI_TAB_STAFF = ("ui.tab_staff", "Staff", "Сотрудникам")
    UI_STAFF_KEY = ("ui.staff_key", "Staff API key", "Ключ сотрудника")
    UI_UNLOCK = ("ui.unlock", "Unlock", "Войти")
    UI_LOAD_LAST = (
        "ui.load_last",
        "Load the last answer's request",
        "Взять запрос из последнего ответа",
    )
    UI_ENGINE_PARAMETERS = ("ui.engine_parameters", "Engine parameters", "Параметры движка")
    UI_GOAL_SECTION = (
        "ui.goal_section",
        "Recommendation: the goal and its assumptions",
        "Рекомендация: цель и её допущения",
    )
    UI_LOAD_LAST_GOAL = (
        "ui.load_last_goal",
        "Load the last answer's goal",
        "Взять цель из последнего ответа",
    )
    UI_GOAL_PARAMETERS = (
        "ui.goal_parameters",
        "Goal and assumptions (empty = the sourced default)",
        "Цель и допущения (пусто = значение по умолчанию из источников)",
    )
    UI_RUN_RECOMMEND = ("ui.run_recommend", "Recommend", "Подобрать")
    UI_UNMET = ("ui.unmet", "Not met", "Не выполнено")
    UI_RUN_ENGINE = ("ui.run_engine", "Run the engine", "Пересчитать")
    UI_SPEC_MD = ("ui.spec_md", "Specification (.md)", "Спецификация (.md)")
    UI_SPEC_PDF = ("ui.spec_pdf", "Specification (.pdf)", "Спецификация (.pdf)")
    UI_SPEC_FILES = ("ui.spec_files", "Specification (.md, .pdf)", "Спецификация (.md, .pdf)")
    UI_ASK_THIS = ("ui.ask_this", "Ask", "Спросить")
    UI_MARKDOWN_REPORT = ("ui.markdown_report", "Markdown report", "Отчёт в Markdown")
    UI_DOWNLOAD_MD = ("ui.download_md", "Download .md", "Скачать .md")
    UI_EMPTY_DEFAULT = ("ui.empty_default", "empty = default", "пусто = по умолчанию")


_BY_KEY: dict[str, M] = {member.key: member for member in M}
