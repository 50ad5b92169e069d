"""Reading the figures a notebook glued (myst-nb ``glue``) from its saved outputs: one reader
for every test that holds a chapter's prose to the engine."""

from __future__ import annotations

import ast

import nbformat

GLUE_MIMES = ("application/papermill.record/text/plain", "text/plain")


def glued(nb: nbformat.NotebookNode) -> dict[str, object]:
    """Every glued value of a notebook's saved outputs, by key (a key glued twice fails)."""
    out: dict[str, object] = {}
    for cell in nb.cells:
        for o in cell.get("outputs", []) if cell.cell_type == "code" else []:
            name = o.get("metadata", {}).get("scrapbook", {}).get("name")
            if name is None:
                continue
            text = next(o["data"][m] for m in GLUE_MIMES if m in o["data"])
            assert name not in out, f"glue key {name!r} is saved twice"
            try:
                out[name] = ast.literal_eval(text)
            except (ValueError, SyntaxError):
                out[name] = text
    return out
