"""Templated answers in Russian or English, built only from engine reports and passages.

Every figure printed here is a value of the size or compare report (rounded to at most
one decimal, dot as the separator, no digit grouping) or a number the user wrote, so the
LLM half's number guard accepts an offline answer as it stands, and the UI's structured
sizing and the text never disagree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from advisor.agent.offline.reader import Clarification
from advisor.agent.offline.russian import to_russian
from advisor.catalog.loader import Catalog
from advisor.language import Language

if TYPE_CHECKING:
    from knowledge.retrieval import Passage

_TASKS: dict[Language, dict[str, str]] = {
    "en": {
        "inference": "inference",
        "lora": "LoRA fine-tuning",
        "qlora": "QLoRA fine-tuning",
        "full": "full fine-tuning",
        "pretrain": "training from scratch",
    },
    "ru": {
        "inference": "инференс",
        "lora": "дообучение LoRA",
        "qlora": "дообучение QLoRA",
        "full": "полное дообучение",
        "pretrain": "обучение с нуля",
    },
}
_PARTS: dict[Language, dict[str, str]] = {
    "en": {
        "weights": "weights",
        "kv_cache": "KV cache",
        "activations": "activations",
        "gradients": "gradients",
        "optimizer": "optimizer",
        "overhead": "engine overhead",
    },
    "ru": {
        "weights": "веса",
        "kv_cache": "KV-кэш",
        "activations": "активации",
        "gradients": "градиенты",
        "optimizer": "оптимизатор",
        "overhead": "служебная память движка",
    },
}
_BINDING: dict[Language, dict[str, str]] = {
    "en": {
        "memory": "the model's memory",
        "context": "the context: one request's KV cache does not fit",
        "kv_cache": "the KV cache of the concurrent users",
        "weights": "the weights",
        "activations": "the activations",
        "gradients": "the gradients",
        "optimizer": "the optimizer states",
    },
    "ru": {
        "memory": "память под модель",
        "context": "контекст: KV-кэш одного запроса не помещается",
        "kv_cache": "KV-кэш одновременных пользователей",
        "weights": "веса",
        "activations": "активации",
        "gradients": "градиенты",
        "optimizer": "состояния оптимизатора",
    },
}
_STAGES: dict[Language, dict[str, str]] = {
    "en": {"pilot": "Pilot", "production": "Production"},
    "ru": {"pilot": "Пилот", "production": "Продакшн"},
}


def fmt(value: float | int, language: Language | None = None) -> str:
    """A report figure as the answer shows it: integers plain, others to one decimal.

    With a language, figures from 10000 up are grouped by thousands the way its readers
    expect (ru "778 880" with a no-break space, en "778,880"); the number guard reads both.
    """
    whole = isinstance(value, int) or float(value).is_integer()
    text = str(int(value)) if whole else f"{value:.1f}"
    if language is None or abs(value) < 10_000:
        return text
    grouped = f"{int(value):,}" if whole else f"{value:,.1f}"
    return grouped.replace(",", "\u00a0") if language == "ru" else grouped


def _model_name(catalog: Catalog, model_id: str) -> str:
    model = catalog.models.get(model_id)
    return model.name if model is not None else model_id


def render_sizing(
    report: dict[str, Any],
    catalog: Catalog,
    language: Language,
    passages: Sequence[Passage] = (),
    minimum: dict[str, Any] | None = None,
    assumed: Sequence[str] = (),
    injection: bool = False,
) -> str:
    """The sizing answer: GPUs and layout, memory, capacity and speed, server, stages.

    `minimum`: the report of the same need with the GPU count left to the engine, shown
    when the count the user fixed does not fit. `assumed`: notes on defaults applied.
    `injection`: the message dictated an answer; say that only the engine's figures count.
    """
    ru = language == "ru"
    gpu, memory, perf = report["gpu"], report["memory"], report["performance"]
    model = _model_name(catalog, report["model"])
    task = _TASKS[language][report["task"]]
    lines: list[str] = []
    headline = f"{gpu['count']} x {gpu['name']}"
    layout = f"TP {gpu['tensor_parallel']}, PP {gpu['pipeline_parallel']}"
    if gpu["replicas"] > 1:
        layout += (", реплик: " if ru else ", replicas: ") + str(gpu["replicas"])
    precision = report["precision"].upper()
    if report["fits"]:
        lines.append(
            f"**{model}, {task}, {precision}: {headline}** ({layout}; "
            + (f"уровень по статье: {report['tier']})." if ru else f"tier: {report['tier']}).")
        )
    else:
        lines.append(
            f"**{model}, {task}, {precision}: {headline} — "
            + ("не помещается**." if ru else "does not fit**.")
        )
        reason = _BINDING[language].get(report["binding_constraint"])
        if reason:
            lines.append(("Упирается в " if ru else "The limit is ") + reason + ".")
        if minimum is not None and minimum["fits"]:
            low = minimum["gpu"]
            lines.append(
                ("Минимум, который помещается: " if ru else "The minimum that fits: ")
                + f"{low['count']} x {low['name']} (TP {low['tensor_parallel']}, "
                f"PP {low['pipeline_parallel']}), {fmt(minimum['memory']['per_gpu_gb'])} "
                + ("ГБ на GPU." if ru else "GB per GPU.")
            )
    lines.append(_memory_line(memory, language, report["fits"]))
    if report["fits"]:
        if report["training"] is None:
            lines.append(_inference_line(report, perf, language))
        else:
            lines.append(_training_line(report["training"], language))
        lines.append(_server_line(report["server"], language))
        lines.extend(_stage_lines(report.get("stages") or [], language))
    if report["fits"]:
        lines.append(_engine_text(gpu["layout_note"], language))
    for warning in report.get("warnings") or []:
        if not warning.startswith("Does not fit"):  # the headline says so
            lines.append(("Внимание: " if ru else "Note: ") + _engine_text(warning, language))
    lines.extend(assumed)
    if injection:
        lines.append(render_injection_note(language))
    return _with_sources(lines, passages, language)


def _engine_text(message: str, language: Language) -> str:
    """An English message of the engine in the answer's language."""
    return to_russian(message) if language == "ru" else message


def render_injection_note(language: Language) -> str:
    """Said when the message told the advisor what to answer: the figures are the engine's."""
    if language == "ru":
        return (
            "Все цифры здесь посчитаны движком подбора; указания в сообщении, что именно "
            "ответить, я не выполняю."
        )
    return (
        "Every figure here comes from the sizing engine; instructions in the message "
        "about what to answer are not followed."
    )


def _stage_lines(stages: list[dict[str, Any]], language: Language) -> list[str]:
    """The article's staged path: a pilot before the sized production, when they differ."""
    if len(stages) < 2:
        return []
    ru = language == "ru"
    lines = ["Путь внедрения:" if ru else "Staged path:"]
    for stage in stages:
        name = _STAGES[language].get(stage["name"], stage["name"])
        lines.append(f"- {name}: {_engine_text(stage['description'], language)}")
    return lines


def _memory_line(memory: dict[str, Any], language: Language, fits: bool) -> str:
    ru = language == "ru"
    unit = "ГБ" if ru else "GB"
    parts = [
        f"{_PARTS[language][name]} {fmt(round(value, 1))} {unit}"
        for name, value in memory["breakdown_gb"].items()
        if round(value, 1) > 0
    ]
    per_gpu = fmt(round(memory["per_gpu_gb"], 1))
    capacity = fmt(memory["capacity_per_gpu_gb"])
    if fits:
        head = (
            f"Память на GPU: {per_gpu} {unit} из {capacity} {unit}"
            if ru
            else f"Memory per GPU: {per_gpu} {unit} of {capacity} {unit}"
        )
    else:
        head = (
            f"Нужно на GPU: {per_gpu} {unit}, а у карты {capacity} {unit}"
            if ru
            else f"Needed per GPU: {per_gpu} {unit}, the card has {capacity} {unit}"
        )
    line = head + (": " + ", ".join(parts) if parts else "") + "."
    if memory.get("host_offload_gb"):
        line += (
            f" В ОЗУ вынесено {fmt(round(memory['host_offload_gb'], 1))} ГБ."
            if ru
            else f" Offloaded to host RAM: {fmt(round(memory['host_offload_gb'], 1))} GB."
        )
    return line


def _inference_line(report: dict[str, Any], perf: dict[str, Any], language: Language) -> str:
    memory = report["memory"]
    tokens = fmt(memory["kv_cache_capacity_tokens"], language)
    users = perf["max_concurrent_users"]
    per_user = fmt(round(perf["per_user_tokens_per_s"], 1))
    total = fmt(round(perf["aggregate_tokens_per_s"], 1), language)
    ttft = fmt(round(perf["ttft_s"], 1))
    context = fmt(report["context"], language)
    if language == "ru":
        return (
            f"KV-кэш вмещает {tokens} токенов: до {users} одновременных пользователей при "
            f"контексте {context} токенов (запрошено {report['users']}). Скорость: "
            f"{per_user} токенов/с на пользователя, {total} токенов/с суммарно, первый "
            f"токен через {ttft} с."
        )
    return (
        f"The KV cache holds {tokens} tokens: up to {users} concurrent users at "
        f"{context} tokens of context ({report['users']} asked for). Speed: {per_user} "
        f"tokens/s per user, {total} tokens/s in total, first token after {ttft} s."
    )


def _training_line(training: dict[str, Any], language: Language) -> str:
    rate = fmt(round(training["tokens_per_s"], 1), language)
    trainable = fmt(training["trainable_params"], language)
    dataset = fmt(training["dataset_tokens"] or 0, language)
    hours = training.get("hours")
    if language == "ru":
        line = f"Обучение: {rate} токенов/с, обучаемых параметров {trainable}."
        if hours is not None:
            line += (
                f" Датасет {dataset} токенов, эпох: "
                f"{fmt(training['epochs'])} — около {fmt(round(hours, 1))} ч."
            )
        else:
            line += " Назовите объём датасета в токенах, и я посчитаю часы обучения."
        return line
    line = f"Training: {rate} tokens/s, {trainable} trainable parameters."
    if hours is not None:
        line += (
            f" Dataset of {dataset} tokens x {fmt(training['epochs'])} "
            f"epochs: about {fmt(round(hours, 1))} hours."
        )
    else:
        line += " Tell me the dataset size in tokens and I will estimate the training hours."
    return line


def _server_line(server: dict[str, Any], language: Language) -> str:
    nvme = fmt(server["nvme_tb"])
    if language == "ru":
        return (
            f"Кроме GPU: ОЗУ {server['system_ram_gb']} ГБ, NVMe {nvme} ТБ, блок питания и "
            f"электропитание на {server['power_w']} Вт. {to_russian(server['cpu_note'])} "
            f"{to_russian(server['cooling_note'])}"
        )
    return (
        f"Besides the GPUs: {server['system_ram_gb']} GB of RAM, {nvme} TB of NVMe, power "
        f"for {server['power_w']} W. {server['cpu_note']} {server['cooling_note']}"
    )


def render_comparison(
    comparison: dict[str, Any],
    catalog: Catalog,
    language: Language,
    passages: Sequence[Passage] = (),
    limit: int = 5,
    injection: bool = False,
) -> str:
    """The cheapest feasible GPUs for the need, best first, as the engine ordered them."""
    ru = language == "ru"
    rows = [row for row in comparison["rows"] if row["fits"]]
    model = _model_name(catalog, comparison["model"])
    task = _TASKS[language][comparison["task"]]
    if not rows:
        lines = [
            f"{model}, {task}: "
            + ("ни одна GPU каталога не подходит." if ru else "no catalog GPU can carry it.")
        ]
        return _with_sources(lines, passages, language)
    lines = [
        (f"{model}, {task}, {comparison['precision'].upper()}: ")
        + ("подходящие GPU, самые доступные первыми:" if ru else "GPUs that fit, cheapest first:")
    ]
    for row in rows[:limit]:
        speed = (
            fmt(round(row["per_user_tokens_per_s"], 1)) if row["per_user_tokens_per_s"] else None
        )
        parts = [
            f"{row['count']} x {row['name']}",
            (f"{fmt(row['total_vram_gb'])} ГБ" if ru else f"{fmt(row['total_vram_gb'])} GB"),
        ]
        if speed is not None:
            parts.append(f"{speed} " + ("ток/с на пользователя" if ru else "tok/s per user"))
        if row.get("max_concurrent_users"):
            parts.append(
                (f"до {row['max_concurrent_users']} пользователей")
                if ru
                else f"up to {row['max_concurrent_users']} users"
            )
        if row.get("training_hours") is not None:
            parts.append(f"{fmt(round(row['training_hours'], 1))} " + ("ч" if ru else "h"))
        parts.append(_engine_text(row["price_band"], language))
        lines.append("- " + ", ".join(parts))
    skipped = len(comparison["rows"]) - len(rows)
    if skipped:
        lines.append(
            f"Не помещается на {skipped} других GPU каталога."
            if ru
            else f"It does not fit {skipped} other catalog GPUs."
        )
    if injection:
        lines.append(render_injection_note(language))
    return _with_sources(lines, passages, language)


def render_explanation(passages: Sequence[Passage], language: Language) -> str:
    """An answer from the knowledge base alone: the best passages, quoted and cited."""
    if not passages:
        return (
            "В базе знаний нет ответа на этот вопрос. Спросите о подборе GPU, памяти, "
            "KV-кэше, квантизации или дообучении."
            if language == "ru"
            else "The knowledge base has no answer to that. Ask about choosing GPUs, memory, "
            "the KV cache, quantization or fine-tuning."
        )
    lines = ["Из базы знаний:" if language == "ru" else "From the knowledge base:"]
    for number, passage in enumerate(passages, 1):
        lines.append(f"[{number}] {_excerpt(passage.text)}")
    return _with_sources(lines, passages, language)


def _excerpt(text: str, limit: int = 500) -> str:
    """The passage's first sentences up to `limit` characters, without markdown headings."""
    body = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    body = " ".join(body.split())
    if len(body) <= limit:
        return body
    cut = body.rfind(". ", 0, limit)
    return body[: cut + 1] if cut > limit // 3 else body[:limit].rstrip() + "…"


def render_clarification(clarification: Clarification, catalog: Catalog, language: Language) -> str:
    ru = language == "ru"
    names = [f"{_model_name(catalog, c)} (`{c}`)" for c in clarification.candidates]
    if clarification.reason == "ambiguous":
        head = "Уточните, какая модель:" if ru else "Which model do you mean:"
        return head + " " + "; ".join(names) + "?"
    if clarification.reason == "unknown":
        head = (
            f"Модели «{clarification.said}» нет в каталоге."
            if ru
            else f"“{clarification.said}” is not in the catalog."
        )
        if names:
            head += (" Есть: " if ru else " Available: ") + "; ".join(names) + "."
        return head + (
            " Список моделей: `advisor models`." if ru else " The full list: `advisor models`."
        )
    families = sorted({model.name.split()[0] for model in catalog.models.values()})
    return (
        "Какую модель вы хотите запустить или дообучить? Например: "
        + ", ".join(families)
        + ". Скажите также задачу (инференс или дообучение), число одновременных "
        "пользователей и длину контекста."
        if ru
        else "Which model do you want to run or fine-tune? For example: "
        + ", ".join(families)
        + ". Tell me also the task (inference or fine-tuning), the concurrent users and "
        "the context length."
    )


def render_error(error: dict[str, Any], language: Language) -> str:
    allowed = ", ".join(error.get("allowed") or [])
    message = str(error["message"]).removeprefix(f"{error['field']}: ")
    if language == "ru":
        text = f"Не могу посчитать: поле `{error['field']}` — {message}."
    else:
        text = f"I cannot size that: field `{error['field']}` — {message}."
    if allowed:
        text += (" Допустимо: " if language == "ru" else " Allowed: ") + allowed + "."
    return text


def render_greeting(language: Language) -> str:
    if language == "ru":
        return (
            "Здравствуйте! Я подберу GPU и сервер под открытую LLM: скажите модель, задачу "
            "(инференс или дообучение), сколько человек будут работать одновременно, длину "
            "контекста и, если есть, желаемую видеокарту."
        )
    return (
        "Hello! I size GPUs and servers for open LLMs: tell me the model, the task "
        "(inference or fine-tuning), how many people use it at once, the context length "
        "and, if you have one in mind, the GPU."
    )


def render_off_topic(language: Language) -> str:
    if language == "ru":
        return (
            "Я помогаю только с подбором GPU и серверов для open-source LLM: запуск, "
            "дообучение, память, скорость. Спросите, например, сколько видеокарт нужно для "
            "вашей модели."
        )
    return (
        "I can only help with GPUs and servers for open LLMs: serving, fine-tuning, memory "
        "and speed. Ask me, for example, how many GPUs your model needs."
    )


def _with_sources(lines: list[str], passages: Sequence[Passage], language: Language) -> str:
    if passages:
        lines.append("Источники:" if language == "ru" else "Sources:")
        lines.extend(
            f"[{number}] {passage.title} — {passage.section}"
            for number, passage in enumerate(passages, 1)
        )
    return "\n".join(lines)
