"""The book build refuses a page that shows an engine error (book/_ext/offline_book.py).

The extension runs on every HTML page at build time; here it is called directly with the page
context Sphinx would give it: a widget's saved refusal ("Cannot judge: ...") or a traceback
in a cell output makes it warn (so ``jupyter-book build -W`` fails), unless the page marks the
refusal as a deliberate demonstration (a cell tagged ``demo-refusal``).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "book" / "_ext"))
import offline_book  # noqa: E402

STATE = "application/vnd.jupyter.widget-state+json"


def _state_script(value: str):
    body = json.dumps({"state": {"m1": {"state": {"value": value}}}}).replace("</", "<\\/")
    return SimpleNamespace(filename=None, attributes={"type": STATE, "body": body})


def _warnings(monkeypatch, body="", scripts=()):
    seen = []
    monkeypatch.setattr(offline_book.logger, "warning", lambda *a, **k: seen.append(a))
    offline_book._refuse_error_outputs(None, "mixed/archie", "page.html",
                                       {"body": body, "script_files": list(scripts)}, None)
    return seen


@pytest.mark.parametrize("body, scripts", [
    ("", [_state_script('<p style="color:#b00020;"><b>Cannot judge:</b> 2c is in seat 0\'s hand</p>')]),
    ('<div class="output"><p><b>Cannot deal:</b> no</p></div>', []),
    ("<pre>Traceback (most recent call last):\n  File ...</pre>", []),
    ("<pre>gamelib.errors.CardError: 'Zz' is not a card</pre>", []),
])
def test_an_engine_error_on_a_page_fails_the_build(monkeypatch, body, scripts):
    assert len(_warnings(monkeypatch, body, scripts)) == 1


def test_a_page_without_errors_or_with_a_marked_demonstration_passes(monkeypatch):
    assert _warnings(monkeypatch, "<p>Cannot be beaten: the nut low.</p>",
                     [_state_script("<b>Seat 0 wins</b>")]) == []
    demo = '<div class="cell tag_demo-refusal"><p><b>Cannot judge:</b> shown on purpose</p></div>'
    assert _warnings(monkeypatch, demo) == []
