"""Sphinx extension: keep the built book self-contained (no CDN, no duplicate scripts).

Loaded through ``sphinx: local_extensions`` in ``_config.yml``. On every HTML page it

* drops the scripts of ``sphinx-thebe`` when Thebe is off (``launch_buttons.thebe: false``):
  Thebe would fetch its code from a CDN and talk to a Binder, so the book never uses it, and
  with Sphinx 7.4 its inline config is added twice per page, which is a JavaScript error
  ("Identifier 'THEBE_JS_URL' has already been declared");
* removes exact duplicates among the remaining inline scripts (same cause, any extension);
* warns (so ``jupyter-book build -W`` fails) if a page would load a script or stylesheet
  from another host, naming the page and the URL;
* warns (so the build fails) if a page shows an engine error in a cell output or a saved
  widget ("Cannot judge: ...", a traceback): a reader's first sight of a widget must never be
  an error. A deliberate demonstration of a refusal sits in a cell tagged ``demo-refusal``
  (myst-nb renders the tag as the class ``tag_demo-refusal``), which allows it on that page.
"""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)


def _thebe_enabled(app: Sphinx) -> bool:
    options = app.config.html_theme_options or {}
    return bool((options.get("launch_buttons") or {}).get("thebe"))


def _is_thebe(js: Any) -> bool:
    name = str(js.filename or "")
    body = js.attributes.get("body", "")
    return name.endswith("sphinx-thebe.js") or "THEBE_JS_URL" in body or "thebe@" in name


def _clean_assets(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    scripts = context.get("script_files")
    if isinstance(scripts, list):
        keep_thebe = _thebe_enabled(app)
        seen: set[tuple[str, str, str]] = set()
        cleaned = []
        for js in scripts:
            if not keep_thebe and _is_thebe(js):
                continue
            key = (str(js.filename or ""), js.attributes.get("body", ""), repr(sorted(js.attributes.items())))
            if key in seen:
                continue
            seen.add(key)
            cleaned.append(js)
        context["script_files"] = cleaned
        for js in cleaned:
            if "://" in str(js.filename or ""):
                logger.warning(
                    "offline book: page %r loads script %s from another host; vendor it "
                    "(see .ci/vendor-js)", pagename, js.filename, type="offline", subtype="script",
                )
    for css in context.get("css_files") or []:
        if "://" in str(getattr(css, "filename", "")):
            logger.warning(
                "offline book: page %r loads stylesheet %s from another host", pagename,
                css.filename, type="offline", subtype="css",
            )


#: What an engine error looks like in a rendered output or a saved widget's state: the
#: widgets' refusal banner ("<b>Cannot judge:</b> ...", escaped or not in the state JSON), a
#: Python traceback, or a gamelib error class printed by a cell.
_ERROR_MARKS = re.compile(
    r"(<b>|\\u003cb\\u003e|&lt;b&gt;)Cannot [a-z]+:|Traceback \(most recent call last\)"
    r"|gamelib\.errors\.[A-Za-z]+Error")


def _refuse_error_outputs(app: Sphinx, pagename: str, templatename: str, context: dict[str, Any],
                          doctree: Any) -> None:
    # The outputs are in the body; saved widget state is an inline script myst-nb adds.
    states = [js.attributes.get("body", "") for js in context.get("script_files") or []
              if js.attributes.get("type") == "application/vnd.jupyter.widget-state+json"]
    body = str(context.get("body") or "")
    found = _ERROR_MARKS.search(body) or next(
        (m for m in (_ERROR_MARKS.search(st) for st in states) if m), None)
    if found and "tag_demo-refusal" not in body:
        text = found.string
        logger.warning(
            "engine error shown on page %r (%r): fix the example, or tag the cell "
            "'demo-refusal' if the refusal is the point", pagename,
            text[max(0, found.start() - 60):found.end() + 80],
            type="offline", subtype="error-output",
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("html-page-context", _refuse_error_outputs, priority=950)
    # After the handlers that add per-page scripts (myst-nb's widgets, Sphinx's MathJax).
    app.connect("html-page-context", _clean_assets, priority=900)
    return {"version": "1.0", "parallel_read_safe": True, "parallel_write_safe": True}
