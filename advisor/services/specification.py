"""A recommended option as a procurement-ready server specification (Markdown and PDF).

The option is sized again on its own fields (`size_request`), so every figure is the
engine's: GPUs, chassis and rack units (prices.yaml), CPU and PCIe lanes, RAM, NVMe,
power supplies and cooling, the software stack with the `vllm serve` command, and the
cost. The PDF is drawn with fpdf2 in Roboto (a PyPI font package with Cyrillic).
"""

from __future__ import annotations

import re
from pathlib import Path

from advisor.catalog.loader import Catalog
from advisor.language import Language
from advisor.messages import M, render, task_note
from advisor.recommend.costs import chassis_for
from advisor.recommend.report import Option, Recommendation
from advisor.services.recommendation import cost_lines
from advisor.sizing.engine import size
from advisor.sizing.explain import link_note
from advisor.sizing.request import SizingRequest


def specification_markdown(
    option: Option, result: Recommendation, catalog: Catalog, language: Language
) -> str:
    """The option as a specification document in `language`."""
    report = size(SizingRequest.model_validate(option.size_request), catalog)
    gpu = catalog.gpus[option.gpu.id]
    count = option.gpu.count * option.replicas
    server = report.server
    servers, chassis = chassis_for(gpu, count, catalog.prices, option.gpu.count)
    if chassis is None:
        box = render(
            M.SPEC_HGX, language, servers=servers, units=catalog.prices.hgx_server.rack_units
        )
    elif chassis.rack_units is None:
        box = render(M.SPEC_TOWER, language, servers=servers, chassis=chassis.id)
    else:
        box = render(
            M.SPEC_CHASSIS, language, servers=servers, chassis=chassis.id, units=chassis.rack_units
        )
    if option.training_hours is not None:
        purpose = render(
            M.SPEC_PURPOSE_TRAINING,
            language,
            task=task_note(result.workload.task),
            model=option.model_name,
            hours=option.training_hours,
            as_of=catalog.prices.as_of,
        )
    else:
        purpose = render(
            M.SPEC_PURPOSE,
            language,
            model=option.model_name,
            precision=option.precision.upper(),
            capacity=option.max_concurrent_users,
            speed=option.per_user_tokens_per_s,
            as_of=catalog.prices.as_of,
        )
    vendor = "NVIDIA CUDA" if gpu.vendor == "nvidia" else "AMD ROCm"
    lines = [
        f"# {render(M.SPEC_TITLE, language, count=count, gpu=gpu.name)}",
        "",
        purpose,
        "",
        f"## {render(M.SPEC_HARDWARE, language)}",
        "",
        "- "
        + render(
            M.SPEC_GPUS,
            language,
            count=count,
            gpu=gpu.name,
            memory=gpu.memory_gb,
            link=link_note(gpu.interconnect.kind),
            tdp=round(gpu.tdp_w),
        ),
        f"- {box}",
        "- " + render(M.SPEC_CPU, language, note=server.cpu_note_i18n.render(language)),
        "- " + render(M.SPEC_MEMORY, language, ram=server.system_ram_gb, nvme=server.nvme_tb),
        "- " + render(M.SPEC_POWER, language, power=server.power_w),
        "- " + render(M.SPEC_COOLING, language, note=server.cooling_note_i18n.render(language)),
        "",
        f"## {render(M.SPEC_SOFTWARE, language)}",
        "",
    ]
    if report.serving_plan is not None:
        lines += [
            render(M.SPEC_STACK, language, vendor=vendor),
            "",
            "```",
            report.serving_plan.command(),
            "```",
        ]
    else:
        lines.append(render(M.SPEC_TRAIN_STACK, language, vendor=vendor))
    lines += ["", f"## {render(M.SPEC_COST, language)}", ""]
    lines += [f"- {line}" for line in cost_lines(option, language)]
    lines += ["", f"## {render(M.UI_ASSUMPTIONS, language)}", ""]
    lines += [f"- {item.render(language)}" for item in result.assumptions_i18n]
    return "\n".join(lines) + "\n"


_FONT_DIR = "files"
_BOLD = re.compile(r"\*\*(.+?)\*\*")


def specification_pdf(markdown: str) -> bytes:
    """The Markdown specification drawn as a PDF (headings, bullets, code, bold)."""
    import font_roboto
    from fpdf import FPDF

    fonts = Path(font_roboto.__file__).parent / _FONT_DIR
    pdf = FPDF(format="A4")
    pdf.set_margins(18, 18, 18)
    pdf.add_font("Roboto", "", str(fonts / "Roboto-Regular.ttf"))
    pdf.add_font("Roboto", "B", str(fonts / "Roboto-Bold.ttf"))
    pdf.add_page()
    width = pdf.w - pdf.l_margin - pdf.r_margin
    code = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            code = not code
            continue
        if code:
            pdf.set_font("Roboto", "", 8)
            pdf.multi_cell(width, 4, line, new_x="LMARGIN", new_y="NEXT", fill=False)
            continue
        if line.startswith("# "):
            pdf.set_font("Roboto", "B", 16)
            pdf.multi_cell(width, 8, line[2:], new_x="LMARGIN", new_y="NEXT")
        elif line.startswith("## "):
            pdf.ln(2)
            pdf.set_font("Roboto", "B", 12)
            pdf.multi_cell(width, 7, line[3:], new_x="LMARGIN", new_y="NEXT")
        elif line.startswith("- "):
            pdf.set_font("Roboto", "", 10)
            pdf.multi_cell(
                width, 5, "•  " + _BOLD.sub(r"\1", line[2:]), new_x="LMARGIN", new_y="NEXT"
            )
        elif line.strip():
            pdf.set_font("Roboto", "", 10)
            pdf.multi_cell(width, 5, _BOLD.sub(r"\1", line), new_x="LMARGIN", new_y="NEXT")
        else:
            pdf.ln(2)
    return bytes(pdf.output())
