"""No saved output in the book shows an engine error, unless it is marked as a demonstration.

A reader's first sight of a chapter is its saved state: the outputs stored in each notebook
(what the static book shows) and the saved state of its widgets. If an example input is wrong
(a duplicated card, a stake the engine refuses), the page shows "Cannot judge: ..." and nobody
notices, because the notebook still runs. This test reads every notebook under ``book/`` as
JSON and fails on any error it finds:

* a cell output of type ``error`` (a traceback);
* a text fragment that starts with "Cannot" (the widgets' refusal messages);
* the name of a ``gamelib.errors`` class, or "Traceback", anywhere in an output.

It looks at every code cell's outputs (``text/plain``, ``text/html``, ``text/markdown``, the
streams) and at the notebook's saved widget state (``metadata.widgets``,
``application/vnd.jupyter.widget-state+json``): the ``value`` of every text-bearing model
(HTML, Label, Text, Textarea, ...).

A cell that shows a refusal on purpose (a wager the engine turns down, a game that is not on
the list) carries the cell tag ``demo-refusal``; its outputs, and every widget model reached
from the widget views it displays, may then show the refusal: "Cannot ..." and an error class
name are allowed there, a traceback (an ``error`` output, or "Traceback") never is.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import gamelib.errors

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK = REPO_ROOT / "book"
DEMO_TAG = "demo-refusal"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
TEXT_MIMES = ("text/plain", "text/html", "text/markdown")
#: Model names whose ``value`` is text a reader sees.
TEXT_MODELS = ("HTMLModel", "HTMLMathModel", "LabelModel", "TextModel", "TextareaModel")

#: Every exception class gamelib raises (the module may also export helpers), and "Traceback".
ERROR_NAMES = tuple(sorted(name for name, obj in vars(gamelib.errors).items()
                           if isinstance(obj, type) and issubclass(obj, Exception)
                           and obj.__module__ == gamelib.errors.__name__)) + ("Traceback",)
_ERROR_NAME = re.compile(r"\b(" + "|".join(re.escape(n) for n in ERROR_NAMES) + r")\b")


def notebooks() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*.ipynb")
                  if "_build" not in p.parts and ".ipynb_checkpoints" not in p.parts)


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def _fragments(text: str) -> list[str]:
    """The pieces of text a reader sees: HTML tags split the text, lines split plain text."""
    return [html.unescape(x).strip() for x in re.split(r"<[^>]*>|\n", text) if x.strip()]


def problems_in(text: str, demo: bool = False) -> list[str]:
    """What in ``text`` looks like an engine error (empty when nothing does); in a deliberate
    demonstration (``demo``) only a traceback counts.

    >>> problems_in('<p><b>Cannot judge:</b> 2c is in seat 0\\'s hand</p>')
    ['starts with "Cannot": Cannot judge:']
    >>> problems_in("gamelib.errors.TableError: no")
    ['names TableError']
    >>> problems_in("You cannot fold here")
    []
    """
    if demo:
        return ["names Traceback"] if "Traceback" in text else []
    out = [f'starts with "Cannot": {f[:80]}' for f in _fragments(text) if f.startswith("Cannot")]
    out += [f"names {m}" for m in sorted(set(_ERROR_NAME.findall(text)))]
    return out


def _widget_models(nb: dict) -> dict[str, dict]:
    return nb.get("metadata", {}).get("widgets", {}).get(WIDGET_STATE, {}).get("state", {})


def _model_refs(value: Any) -> Iterator[str]:
    """Every ``IPY_MODEL_<id>`` reference inside a model's state."""
    if isinstance(value, str):
        if value.startswith("IPY_MODEL_"):
            yield value[len("IPY_MODEL_"):]
    elif isinstance(value, dict):
        for v in value.values():
            yield from _model_refs(v)
    elif isinstance(value, list):
        for v in value:
            yield from _model_refs(v)


def _reachable(models: dict[str, dict], roots: list[str]) -> set[str]:
    seen: set[str] = set()
    todo = list(roots)
    while todo:
        mid = todo.pop()
        if mid in seen or mid not in models:
            continue
        seen.add(mid)
        todo.extend(_model_refs(models[mid].get("state", {})))
    return seen


def _is_demo(cell: dict) -> bool:
    meta = cell.get("metadata", {})
    return DEMO_TAG in meta.get("tags", []) or bool(meta.get("demo_refusal"))


def saved_errors(path: Path) -> list[str]:
    """Every engine error shown by the saved outputs and widget state of one notebook."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    models = _widget_models(nb)
    found: list[str] = []
    demo_views: list[str] = []
    for index, cell in enumerate(nb.get("cells", [])):
        if cell.get("cell_type") != "code":
            continue
        demo = _is_demo(cell)
        for out in cell.get("outputs", []):
            if out.get("output_type") == "error":
                found.append(f"cell {index}: error output {out.get('ename')}: {out.get('evalue')}")
                continue
            texts = [_text(out["text"])] if "text" in out else []
            data = out.get("data", {})
            texts += [_text(data[m]) for m in TEXT_MIMES if m in data]
            if demo and WIDGET_VIEW in data:
                demo_views.append(data[WIDGET_VIEW].get("model_id", ""))
            for text in texts:
                found += [f"cell {index}: {p}" for p in problems_in(text, demo)]
    allowed = _reachable(models, demo_views)
    for mid, model in models.items():
        if model.get("model_name") not in TEXT_MODELS:
            continue
        value = model.get("state", {}).get("value")
        if isinstance(value, str):
            found += [f"widget {model['model_name']} {mid[:8]}: {p}" for p in problems_in(value, mid in allowed)]
    return found


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: str(p.relative_to(BOOK)))
def test_no_engine_error_in_saved_outputs(path: Path):
    errors = saved_errors(path)
    assert not errors, (
        f"{path.relative_to(REPO_ROOT)} shows engine errors in its saved outputs (fix the example "
        f"input, or tag a deliberate demonstration '{DEMO_TAG}'):\n  " + "\n  ".join(errors))


def test_the_checker_finds_a_saved_error(tmp_path: Path):
    """A notebook whose widget is saved showing 'Cannot judge' fails; tagged as a demo, it passes."""
    model = {"model_name": "HTMLModel",
             "state": {"value": '<p style="color:#b00020;"><b>Cannot judge:</b> 2c is in two hands</p>'}}
    box = {"model_name": "VBoxModel", "state": {"children": ["IPY_MODEL_" + "b" * 32]}}
    cell = {"cell_type": "code", "metadata": {}, "source": "CompareWidget(...)",
            "outputs": [{"output_type": "display_data", "metadata": {},
                         "data": {WIDGET_VIEW: {"model_id": "a" * 32}, "text/plain": "CompareWidget(...)"}}]}
    nb = {"cells": [cell], "metadata": {"widgets": {WIDGET_STATE: {"state": {"a" * 32: box, "b" * 32: model}}}}}
    path = tmp_path / "x.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert saved_errors(path) and "Cannot judge" in saved_errors(path)[0]
    cell["metadata"]["tags"] = [DEMO_TAG]
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert saved_errors(path) == []
    model["state"]["value"] += "<pre>Traceback (most recent call last)</pre>"
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert saved_errors(path) == [f"widget HTMLModel {'b' * 8}: names Traceback"]
    model["state"]["value"] = "<p>Cannot judge</p>"
    stream = {"output_type": "stream", "name": "stdout", "text": "Traceback (most recent call last):\n"}
    nb["cells"].append({"cell_type": "code", "metadata": {}, "source": "", "outputs": [stream]})
    path.write_text(json.dumps(nb), encoding="utf-8")
    assert saved_errors(path) == ["cell 1: names Traceback"]
