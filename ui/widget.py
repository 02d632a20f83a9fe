"""The website widget: a floating chat bubble that opens the advisor in an iframe.

A company pastes one `<script>` tag (the snippet) into its site; the script finds the
advisor's address from its own `src`, so the same file works on any host.
"""

from __future__ import annotations

import html

WIDGET_SCRIPT = """(function () {
  if (window.__gpuAdvisorWidget) { return; }
  window.__gpuAdvisorWidget = true;
  var script = document.currentScript;
  var base = new URL(script ? script.src : "/widget.js", window.location.href).origin;
  var label = (script && script.dataset.label) || "GPU Advisor";
  var style = document.createElement("style");
  style.textContent = [
    "#gpu-advisor-bubble{position:fixed;right:24px;bottom:24px;z-index:2147483000;",
    "width:60px;height:60px;border-radius:50%;border:none;cursor:pointer;",
    "background:#4f46e5;color:#fff;font:600 24px/60px system-ui,sans-serif;",
    "box-shadow:0 6px 20px rgba(0,0,0,.25)}",
    "#gpu-advisor-panel{position:fixed;right:24px;bottom:96px;z-index:2147483000;",
    "width:min(440px,calc(100vw - 48px));height:min(680px,calc(100vh - 120px));",
    "border:1px solid #d4d4d8;border-radius:14px;overflow:hidden;background:#fff;",
    "box-shadow:0 12px 40px rgba(0,0,0,.25);display:none}",
    "#gpu-advisor-panel iframe{width:100%;height:100%;border:0}"
  ].join("");
  document.head.appendChild(style);
  var panel = document.createElement("div");
  panel.id = "gpu-advisor-panel";
  panel.setAttribute("role", "dialog");
  panel.setAttribute("aria-label", label);
  var bubble = document.createElement("button");
  bubble.id = "gpu-advisor-bubble";
  bubble.type = "button";
  bubble.title = label;
  bubble.setAttribute("aria-label", label);
  bubble.textContent = "\\u2709";
  bubble.addEventListener("click", function () {
    if (!panel.firstChild) {
      var frame = document.createElement("iframe");
      frame.src = base + "/";
      frame.title = label;
      frame.allow = "clipboard-write";
      panel.appendChild(frame);
    }
    var open = panel.style.display === "block";
    panel.style.display = open ? "none" : "block";
    bubble.setAttribute("aria-expanded", String(!open));
  });
  document.body.appendChild(panel);
  document.body.appendChild(bubble);
})();
"""


def widget_snippet(base_url: str) -> str:
    """The one line a website adds before `</body>`."""
    src = html.escape(f"{base_url.rstrip('/')}/widget.js", quote=True)
    return f'<script src="{src}" data-label="GPU Advisor" defer></script>'


def widget_page(base_url: str) -> str:
    """An example company page with the widget on it, and the snippet to copy."""
    snippet = widget_snippet(base_url)
    return f"""<!doctype html>
<html lang="ru">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GPU Advisor — виджет для сайта / website widget</title>
<style>
body{{font:16px/1.5 system-ui,sans-serif;max-width:780px;margin:40px auto;padding:0 20px;
color:#18181b}}
pre{{background:#f4f4f5;padding:12px 14px;border-radius:8px;overflow-x:auto}}
</style>
</head>
<body>
<h1>Пример страницы компании / Example company page</h1>
<p>Кнопка в правом нижнем углу открывает GPU Advisor: клиент спрашивает, сколько GPU нужно
его модели, и получает расчёт движка.</p>
<p>The bubble in the bottom-right corner opens GPU Advisor: a visitor asks how many GPUs
their model needs and gets the engine's sizing.</p>
<h2>Как встроить / How to embed</h2>
<p>Вставьте одну строку перед <code>&lt;/body&gt;</code> / Paste one line before
<code>&lt;/body&gt;</code>:</p>
<pre id="widget-snippet">{html.escape(snippet)}</pre>
<p>Без JavaScript можно встроить iframe / Without JavaScript, embed an iframe:</p>
<pre>{html.escape(f'<iframe src="{base_url.rstrip("/")}/" width="440" height="680"></iframe>')}</pre>
{snippet}
</body>
</html>
"""
