"""Russian renderings of the English prose the sizing engine puts into its reports.

The engine (advisor/sizing) writes its warnings, layout notes, server notes, stage
descriptions and price bands in English. Each template it formats is matched here by a
pattern with the template's variable parts as named groups, and re-rendered in Russian
with those parts as they were, so every figure stays the engine's digit string and the
number guard reads the Russian answer as it reads the English one. A message the table
does not know comes back in English: a note is never dropped for want of a translation.
"""

from __future__ import annotations

import re

# Interconnect kinds as the engine writes them (layout notes lower-case them).
_LINKS = {
    "nvlink": "NVLink",
    "nvlink-bridge": "NVLink-мост",
    "pcie": "PCIe",
    "infinity-fabric": "Infinity Fabric",
    "none": "без межкарточной связи",
}
_NUMBER = r"\d+(?:\.\d+)?"


def _rule(pattern: str, russian: str) -> tuple[re.Pattern[str], str]:
    return re.compile(pattern, re.IGNORECASE), russian


# Whole messages: warnings, server notes, stage descriptions, price bands, simple layouts.
_MESSAGES: tuple[tuple[re.Pattern[str], str], ...] = (
    # engine._warnings
    _rule(
        r"Context (?P<context>\d+) exceeds the model's (?P<positions>\d+) positions: it needs "
        r"RoPE scaling the checkpoint may not support\.",
        "Контекст {context} больше {positions} позиций модели: нужно масштабирование RoPE, "
        "которое чекпойнт может не поддерживать.",
    ),
    _rule(
        r"(?P<format>.+?) is not a native format of (?P<engine>[\w.-]+); engines that run it: "
        r"(?P<engines>.+)\.",
        "{format} — не родной формат для {engine}; его запускают: {engines}.",
    ),
    _rule(
        r"(?P<gpu>.+?) has no FP8 tensor cores: FP8 weights run weight-only, computing in "
        r"16 bits\.",
        "У {gpu} нет тензорных ядер FP8: веса FP8 только хранятся в 8 битах, вычисления "
        "идут в 16 битах.",
    ),
    _rule(
        r"Full fine-tuning updates 16/32-bit weights; a quantized base is only for \(Q\)LoRA\.",
        "Полное дообучение обновляет 16/32-битные веса; квантизованная база подходит только "
        "для (Q)LoRA.",
    ),
    _rule(
        r"QLoRA means a 4-bit frozen base; with 16-bit weights this is plain LoRA\.",
        "QLoRA — это замороженная 4-битная база; с 16-битными весами это обычная LoRA.",
    ),
    _rule(
        r"One GPU cannot hold the training state: sized with ZeRO-3 / FSDP sharding\.",
        "Одна GPU не вмещает состояние обучения: посчитано с разделением ZeRO-3 / FSDP.",
    ),
    _rule(
        rf"Does not fit: (?P<need>{_NUMBER}) GB needed per GPU, (?P<have>{_NUMBER}) GB usable "
        r"on (?P<gpu>.+) x (?P<count>\d+)\.",
        "Не помещается: нужно {need} ГБ на GPU, доступно {have} ГБ на {gpu} x {count}.",
    ),
    # server._cpu_note
    _rule(
        r"CPU inference: memory bandwidth and cores decide speed\.",
        "Инференс на CPU: скорость определяют пропускная способность памяти и число ядер.",
    ),
    _rule(
        r"(?P<lanes>\d+) PCIe lanes: dual-socket EPYC/Xeon or PCIe switches; keep each GPU on "
        r"a full x16 link\.",
        "{lanes} линий PCIe: двухпроцессорный EPYC/Xeon или PCIe-коммутаторы; каждой GPU — "
        "полный канал x16.",
    ),
    _rule(
        r"(?P<lanes>\d+) PCIe lanes: a single-socket EPYC \(128 lanes\) keeps every GPU at "
        r"x16\.",
        "{lanes} линий PCIe: однопроцессорный EPYC (128 линий) держит каждую GPU на x16.",
    ),
    # server._cooling_note
    _rule(r"Ordinary server cooling\.", "Обычное серверное охлаждение."),
    _rule(
        rf"(?P<form>.+?) board: an HGX/OAM chassis with (?P<kw>{_NUMBER}) kW of GPUs, rack "
        r"power and airflow \(or liquid cooling\) planned per server\.",
        "Форм-фактор {form}: шасси HGX/OAM с {kw} кВт на GPU; питание стойки и обдув (или "
        "жидкостное охлаждение) планируются на каждый сервер.",
    ),
    _rule(
        r"Gaming cards with open-air coolers recirculate hot air when packed: more than two "
        r"need blower or water-cooled editions, riser spacing and a chassis built for them\.",
        "Игровые карты с открытыми кулерами в плотной сборке гоняют горячий воздух: больше "
        "двух — только турбинные или водяные версии, райзеры с зазором и корпус под них.",
    ),
    _rule(
        r"Passively cooled cards: they rely on the server's front-to-back airflow\.",
        "Карты с пассивным охлаждением: им нужен продув сервера спереди назад.",
    ),
    _rule(
        r"(?P<count>\d+) x (?P<tdp>\d+) W: plan airflow for (?P<total>\d+) W of GPUs\.",
        "{count} x {tdp} Вт: рассчитайте обдув на {total} Вт от GPU.",
    ),
    # plan.stages_for
    _rule(
        r"The sized deployment: (?P<count>\d+) x (?P<gpu>.+)\.",
        "Рассчитанная конфигурация: {count} x {gpu}.",
    ),
    _rule(
        r"Start with (?P<count>\d+) x (?P<gpu>.+?): QLoRA on the same model to validate data "
        r"and gains before a full run\.",
        "Начните с {count} x {gpu}: QLoRA на той же модели, чтобы проверить данные и выигрыш "
        "до полного запуска.",
    ),
    _rule(
        r"Start with (?P<count>\d+) x (?P<gpu>.+?): the same model for (?P<users>\d+) pilot "
        r"users\.",
        "Начните с {count} x {gpu}: та же модель, пилотных пользователей: {users}.",
    ),
    # engine._price_band
    _rule(r"data-centre part: vendor quote", "серверная карта: цена по запросу у поставщика"),
    _rule(r"under \$2,500 per card", "до $2500 за карту"),
    _rule(r"\$2,500-7,500 per card", "$2500–7500 за карту"),
    _rule(r"over \$7,500 per card", "больше $7500 за карту"),
    # engine._layout_note, the notes that are not a list of parts
    _rule(r"Single GPU\.", "Одна GPU."),
    _rule(r"Single GPU per replica\.", "Одна GPU на реплику."),
    _rule(
        r"(?P<count>\d+)-way data parallel \((?P<sharding>[\w-]+)\); gradients all-reduced over "
        r"(?P<link>[\w-]+)\.",
        "Параллелизм по данным на {count} GPU ({sharding}); градиенты сводятся all-reduce "
        "через {link}.",
    ),
)
# engine._layout_note for inference: "; "-joined parts, capitalized, ending in a dot.
_LAYOUT_PARTS: tuple[tuple[re.Pattern[str], str], ...] = (
    _rule(
        r"tensor parallel (?P<tp>\d+) inside the (?P<link>[\w-]+) domain",
        "тензорный параллелизм {tp} внутри домена {link}",
    ),
    _rule(
        r"pipeline parallel (?P<pp>\d+) \(no gpu-to-gpu link: tp over pcie is all-reduce bound, "
        r"so layers are split into stages\)",
        "конвейерный параллелизм {pp} (нет прямой связи между GPU: TP через PCIe упирается в "
        "all-reduce, поэтому слои разбиты на стадии)",
    ),
    _rule(
        r"pipeline parallel (?P<pp>\d+) \(layers split into stages\)",
        "конвейерный параллелизм {pp} (слои разбиты на стадии)",
    ),
    _rule(r"(?P<replicas>\d+) replicas behind a router", "реплик за балансировщиком: {replicas}"),
)


def _render(match: re.Match[str], template: str) -> str:
    parts = {
        name: _LINKS.get(value.lower(), value) if name == "link" else value
        for name, value in match.groupdict().items()
    }
    return template.format(**parts)


def _layout(message: str) -> str | None:
    body = message.strip()
    if not body.endswith("."):
        return None
    rendered: list[str] = []
    for part in body[:-1].split("; "):
        found = next(
            (
                _render(match, template)
                for pattern, template in _LAYOUT_PARTS
                if (match := pattern.fullmatch(part)) is not None
            ),
            None,
        )
        if found is None:
            return None
        rendered.append(found)
    text = "; ".join(rendered)
    return text[:1].upper() + text[1:] + "."


def russian_rendering(message: str) -> str | None:
    """The Russian of one engine message, or None when no template of the table fits."""
    text = message.strip()
    for pattern, template in _MESSAGES:
        match = pattern.fullmatch(text)
        if match is not None:
            return _render(match, template)
    return _layout(text)


def to_russian(message: str) -> str:
    """The Russian of one engine message; the English original when it has none."""
    return russian_rendering(message) or message
