"""Every figure pasted into the prose with ``{glue:text}`` names a figure the notebook stores.

A chapter's numbers come from its code cells through myst-nb's glue. A misspelt name, or a
figure a code cell stopped storing, only shows up as a warning deep in a full book build; this
test reads the saved notebooks and finds it at once. It also checks the form of a reference to
another page's figure (``path::name:s``): without the trailing format the role takes the path
for the name.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK = REPO_ROOT / "book"
GLUE_ROLE = re.compile(r"\{glue:text\}`([^`]+)`")


def saved_glue(path: Path) -> set[str]:
    """The names glued by a notebook's saved outputs."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return {out["metadata"]["scrapbook"]["name"] for c in cells for out in c.get("outputs", [])
            if "scrapbook" in out.get("metadata", {})}


def markdown_of(path: Path) -> str:
    if path.suffix == ".md":
        return path.read_text(encoding="utf-8")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")


PAGES = sorted(p for p in list(BOOK.rglob("*.md")) + list(BOOK.rglob("*.ipynb"))
               if "_build" not in p.parts and ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", PAGES, ids=lambda p: str(p.relative_to(BOOK)))
def test_every_glue_reference_names_a_stored_figure(path: Path):
    bad = []
    for text in GLUE_ROLE.findall(markdown_of(path)):
        if "::" in text:
            doc, rest = text.split("::", 1)
            if ":" not in rest:
                bad.append(f"{text}: a figure of another page needs a format, as in {text}:s")
                continue
            name = rest.rsplit(":", 1)[0]
            source = (path.parent / doc).resolve()
        else:
            name = text.rsplit(":", 1)[0] if ":" in text else text
            source = path
        if source.suffix != ".ipynb" or not source.is_file():
            bad.append(f"{text}: {source.name} is not a notebook of the book")
        elif name not in saved_glue(source):
            bad.append(f"{text}: {source.relative_to(BOOK)} stores no figure named {name!r}")
    assert not bad, f"{path.relative_to(BOOK)}:\n  " + "\n  ".join(bad)
