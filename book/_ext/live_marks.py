"""Sphinx extension: every widget in the static book says it is a saved example, with a link to
the same widget live.

Loaded through ``sphinx: local_extensions`` in ``_config.yml``. In the static book a widget shows
the state it was saved in and does not respond to clicks. Before each cell output that shows a
widget, this adds a mark: "Saved example" and, when ``live_base_url`` is set in ``_config.yml``
(``sphinx: config: live_base_url``), an **Open live** link to the same widget in the live chapter
(``<live_base_url><chapter>.ipynb#widget-<n>``, as ``deploy/serve`` serves it: for example
``https://handbook.casino.example/voila/render/chapters/``). Where it is empty, the mark says how
to get live widgets. ``deploy/live_build.py`` points the marks of the copy it serves at its own
live chapters, whatever this setting.
"""

from __future__ import annotations

import html
import re
from typing import Any

from sphinx.application import Sphinx

#: A cell output that shows a saved widget, as myst-nb renders it.
WIDGET_OUTPUT = re.compile(r'<div class="cell_output docutils container">\s*'
                           r'<script type="application/vnd.jupyter.widget-view\+json">')
STYLE = ("margin:6px 0 2px;padding:2px 8px;border-left:3px solid #d4a017;background:#fff6d5;"
         "font-size:0.9em;")
NO_SERVER = ("this widget shows the result it was saved with and does not respond on this page. To use it, "
             "open the live book: your IT team can give you its address, or serve it yourself with "
             "deploy/serve (see the README, \u201cThe live book\u201d).")


def live_path(pagename: str) -> str:
    """The live chapter of a page: ``book/banked/crazy4`` -> ``banked/crazy4.ipynb``."""
    name = pagename[len("book/"):] if pagename.startswith("book/") else pagename
    return f"{name}.ipynb"


def mark(pagename: str, n: int, base: str) -> str:
    """The mark of the ``n``-th widget of a page (counted from 0)."""
    if base:
        href = html.escape(f"{base}{live_path(pagename)}#widget-{n}")
        inner = f'<a class="live-open" href="{href}">Open live</a>'
    else:
        inner = f'<span class="live-how">{html.escape(NO_SERVER)}</span>'
    return (f'<div class="live-mark" data-widget="{n}" style="{STYLE}"><span class="live-mark-label">'
            f'<b>Saved example</b></span> {inner}</div>')


def _add_marks(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    body = context.get("body")
    if not isinstance(body, str) or "widget-view+json" not in body:
        return
    base = str(app.config.live_base_url or "")
    count = iter(range(10**6))
    context["body"] = WIDGET_OUTPUT.sub(lambda m: mark(pagename, next(count), base) + m.group(0), body)


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_config_value("live_base_url", "", "html", [str])
    app.connect("html-page-context", _add_marks)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
