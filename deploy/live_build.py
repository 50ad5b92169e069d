"""Build the live book: every chapter as a notebook for Voilà that reads like its book page.

Run after the book is built (``bash .ci/book``)::

    .venv/bin/python deploy/live_build.py            # _build/html -> _build/live

It writes ``_build/live/``:

* ``site/`` -- a copy of the built book (``_build/html``), whose "Open live" marks point at the
  live chapters beside it;
* ``chapters/<path>.ipynb`` -- one live notebook per chapter notebook of the table of contents.

How a chapter becomes live. The prose of a live chapter is the HTML Sphinx rendered for the book
page (cross-references, glossary terms, ruling links and glued figures resolved), not its MyST
source, so nothing shows as raw ``{ref}`` or ``{term}``. The page's article is cut at each cell
that shows a widget; each piece is shown as the HTML output of a cell of its own, and each widget
cell becomes a code cell that Voilà runs, so the widget is live. Of the other code cells only those the widgets need run
(imports and set-up, and every cell defining a name a kept cell reads, found from the code), under
``%%capture``: a cell's saved output, already in the HTML, is what the reader sees, so tables and
figures appear at once and exactly as in the book, and nothing is recomputed to show them. Code is never shown
(Voilà strips cell sources). A cell tagged ``demo-refusal`` that only shows a refusal (an
engine error, saved in the prose) is not run; a widget showing a refusal runs live.
Links are rewritten: to another chapter's live version where it has one, else to the static
copy under ``site/``. A bar at the top links back to the static page.

Why this mechanism: a reader must be able to use every widget but never run code of their own.
Voilà executes only the notebook it is given and refuses execute requests from the browser
(only widget messages reach the kernel), so the live chapters can be served to players too.
"""

from __future__ import annotations

import argparse
import ast
import copy
import html
import json
import posixpath
import re
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import yaml
from bs4 import BeautifulSoup, Comment, Tag

REPO = Path(__file__).resolve().parents[1]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MARKER = "LIVE-WIDGET-{}"
#: Where the live server serves each part (paths from the server root; see deploy/voila.py).
SITE_URL = "voila/files/site/"
LIVE_URL = "voila/render/chapters/"
#: The few styles the prose needs outside the book's theme (admonitions, figures, tables).
STYLE = """
<style>
.handbook-live { font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.55;
  font-size: 16px; max-width: 60rem; }
.handbook-live h1 { font-size: 2rem; margin: .6em 0 .4em; } .handbook-live h2 { font-size: 1.5rem; margin: 1.2em 0 .4em; }
.handbook-live h3 { font-size: 1.2rem; margin: 1em 0 .3em; }
.handbook-live a.headerlink { display: none; }
.handbook-live .admonition { border-left: 4px solid #1458c8; background: #f3f6fc; padding: .4em 1em; margin: 1em 0; }
.handbook-live .admonition-title { font-weight: bold; margin: .2em 0; }
.handbook-live table.table, .handbook-live table.docutils { border-collapse: collapse; margin: .6em 0; }
.handbook-live table.docutils td, .handbook-live table.docutils th { border-bottom: 1px solid #ddd; padding: 3px 10px; }
.handbook-live figure img, .handbook-live img { max-width: 100%; }
.handbook-live-bar { position: sticky; top: 0; z-index: 10; background: #fff6d5; border-bottom: 1px solid #d4a017;
  padding: 6px 12px; margin: -6px 0 12px; font-family: system-ui, sans-serif; font-size: 14px; }
.handbook-live-bar a { margin-left: 1em; }
</style>
<script>
/* JupyterLab opens every link of a cell output in a new tab (target="_blank"); the book's links
   (a chapter, a ruling, the static page) open in this one, as they do in the static book. */
document.addEventListener("click", function (e) {
  var a = e.target.closest && e.target.closest(".handbook-live a, .handbook-live-bar a");
  if (a && a.target === "_blank" && !e.ctrlKey && !e.metaKey && !e.shiftKey) {
    e.preventDefault(); window.location.href = a.href;
  }
}, true);
</script>
"""


@dataclass(frozen=True)
class Chapter:
    """A chapter notebook of the book: its docname (``book/banked/crazy4``)."""

    docname: str

    @property
    def source(self) -> Path:
        return REPO / f"{self.docname}.ipynb"

    @property
    def live_path(self) -> str:
        """Where its live notebook is, under ``chapters/`` (``banked/crazy4.ipynb``)."""
        name = self.docname[len("book/"):] if self.docname.startswith("book/") else self.docname
        return f"{name}.ipynb"


def chapters(toc: Path = REPO / "_toc.yml") -> list[Chapter]:
    """Every chapter of the table of contents that is a notebook, in the book's order."""
    data = yaml.safe_load(toc.read_text(encoding="utf-8"))
    files: list[str] = []

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "file" in node:
                files.append(str(node["file"]))
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(data.get("parts", data))
    return [Chapter(f) for f in files if (REPO / f"{f}.ipynb").is_file()]


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def shows_widget(cell: dict[str, Any]) -> bool:
    """Whether a code cell's saved outputs display a widget."""
    return any(WIDGET_VIEW in out.get("data", {}) for out in cell.get("outputs", []))


def _source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


def _names(src: str) -> tuple[set[str], set[str], bool]:
    """(names a cell defines, imports included; names it reads; whether it must always run: a
    cell with IPython magics, the set-up), from its code; a cell that cannot be parsed always runs."""
    lines = [line for line in src.splitlines() if not line.lstrip().startswith(("%", "!"))]
    always = len(lines) != len(src.splitlines())
    try:
        tree = ast.parse("\n".join(lines))
    except SyntaxError:
        return set(), set(), True
    defined: set[str] = set()
    used: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            defined.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Name):
            (defined if isinstance(node.ctx, (ast.Store, ast.Del)) else used).add(node.id)
    return defined, used, always


def needed_cells(code: list[dict[str, Any]], live: set[int]) -> set[int]:
    """The code cells (by index) the live cells need: the live ones, every cell that must always
    run, and, going back from each, every earlier cell that defines a name a kept cell reads.
    The rest only made the saved outputs the prose already shows, so they are not run."""
    info = [_names(_source(c)) for c in code]
    keep = {i for i, (_, _, always) in enumerate(info) if always} | set(live)
    changed = True
    while changed:
        changed = False
        for i in sorted(keep):
            wanted = info[i][1]
            for j in range(i):
                if j not in keep and info[j][0] & wanted:
                    keep.add(j)
                    changed = True
    return keep


def _is_cell_div(tag: Any) -> bool:
    return isinstance(tag, Tag) and tag.name == "div" and "cell" in (tag.get("class") or [])


def _live_href(url: str, page_dir: str, live_docs: dict[str, str], from_dir: str) -> str:
    """A link of the static page ``page_dir/...`` as the live chapter (in ``from_dir``) needs it."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or url.startswith(("#", "/", "mailto:", "data:")):
        return url
    target = posixpath.normpath(posixpath.join(page_dir, parts.path)) if parts.path else ""
    frag = f"#{parts.fragment}" if parts.fragment else ""
    if target.endswith(".html") and target[:-5] in live_docs:
        dest = LIVE_URL + live_docs[target[:-5]]
    else:
        dest = SITE_URL + target
    return posixpath.relpath(dest, from_dir) + frag


def live_notebook(chapter: Chapter, page: str, live_docs: dict[str, str]) -> dict[str, Any]:
    """The live notebook of ``chapter`` from its built page's HTML (see the module docstring)."""
    nb = json.loads(chapter.source.read_text(encoding="utf-8"))
    soup = BeautifulSoup(page, "html.parser")
    article = soup.select_one("article.bd-article")
    if article is None:
        raise SystemExit(f"live_build: {chapter.docname}.html has no article; was the book built?")
    for mark in article.select("div.live-mark"):
        mark.decompose()
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    shown = [c for c in code if "remove-cell" not in _tags(c)]
    divs = [d for d in article.find_all(_is_cell_div) if not any(_is_cell_div(p) for p in d.parents)]
    if len(divs) != len(shown):
        raise SystemExit(f"live_build: {chapter.docname}: {len(shown)} code cells in the notebook but "
                         f"{len(divs)} cells on the built page; rebuild the book")
    widget_of: dict[int, int] = {}
    for cell, div in zip(shown, divs):
        if shows_widget(cell):
            n = len(widget_of)
            widget_of[id(cell)] = n
            div.replace_with(Comment(MARKER.format(n)))
        else:
            for hidden in div.select("details.hide, div.cell_input"):
                hidden.decompose()
    page_dir = posixpath.dirname(chapter.docname)
    from_dir = posixpath.dirname(LIVE_URL + chapter.live_path)
    for tag in article.find_all(True):
        for attr in ("href", "src"):
            value = tag.get(attr)
            if isinstance(value, str):
                tag[attr] = _live_href(value, page_dir, live_docs, from_dir)
    body = "".join(str(c) for c in article.contents)
    pieces = re.split(r"<!--" + MARKER.format(r"(\d+)") + r"-->", body)
    fragments = pieces[0::2]
    static = posixpath.relpath(SITE_URL + chapter.docname + ".html", from_dir)
    contents = posixpath.relpath(SITE_URL + "index.html", from_dir)
    title = soup.title.string if soup.title and soup.title.string else chapter.docname
    bar = (f'<div class="handbook-live-bar"><b>Live chapter</b>: the widgets on this page run.'
           f'<a href="{html.escape(static)}">Static page</a><a href="{html.escape(contents)}">Contents</a></div>')
    math = ""
    if article.select_one(".math"):
        mathjax = posixpath.relpath(SITE_URL + "_vendor/mathjax-3.2.2/tex-chtml-full.js", from_dir)
        math = f'<script defer src="{html.escape(mathjax)}"></script>'

    def raw(text: str) -> dict[str, Any]:
        # The prose is a code cell's HTML output, not a markdown or raw cell: Voilà renders
        # those in the browser through JupyterLab's sanitizer, which escapes the book's markup
        # (sections, styles, tables); a cell's output in a Voilà page is trusted and shown as is.
        return {"cell_type": "code", "metadata": {"tags": ["live-prose"]}, "execution_count": None,
                "outputs": [], "source": f"__import__('IPython.display').display.HTML({text!r})"}

    cells: list[dict[str, Any]] = [raw(STYLE + math + bar + f'<div class="handbook-live">{fragments[0]}</div>')]
    runs = needed_cells(code, {i for i, c in enumerate(code) if id(c) in widget_of})
    for i, cell in enumerate(code):
        if id(cell) not in widget_of and ("demo-refusal" in _tags(cell) or i not in runs):
            continue  # its output is in the prose (a refusal shown, a table); nothing live needs it
        live = copy.deepcopy(cell)
        live["outputs"], live["execution_count"] = [], None
        src = "".join(cell["source"]) if isinstance(cell["source"], list) else cell["source"]
        if id(cell) in widget_of:
            n = widget_of[id(cell)]
            live["source"] = src
            live["metadata"] = {"tags": ["live-widget"]}
            cells.append(raw(f'<a id="widget-{n}"></a>'))
            cells.append(live)
            cells.append(raw(f'<div class="handbook-live">{fragments[n + 1]}</div>'))
        else:
            live["source"] = "%%capture\n" + src
            live["metadata"] = {}
            cells.append(live)
    return {"cells": cells, "metadata": {"kernelspec": nb["metadata"].get("kernelspec", {}),
                                         "language_info": {"name": "python"}, "title": title},
            "nbformat": 4, "nbformat_minor": 5}


def link_marks(site: Path, live_docs: dict[str, str]) -> int:
    """Point the static copy's "Open live" marks at the live chapters beside it; how many."""
    count = 0
    for page in site.rglob("*.html"):
        text = page.read_text(encoding="utf-8")
        if "live-mark" not in text:
            continue
        doc = page.relative_to(site).with_suffix("").as_posix()
        if doc not in live_docs:
            continue
        from_dir = posixpath.dirname(SITE_URL + doc + ".html")
        target = posixpath.relpath(LIVE_URL + live_docs[doc], from_dir)

        def link(m: re.Match[str]) -> str:
            n = m.group(1)
            return (f'<div class="live-mark" data-widget="{n}"><span class="live-mark-label">Saved example</span> '
                    f'<a class="live-open" href="{html.escape(target)}#widget-{n}">Open live</a></div>')

        text, k = re.subn(r'<div class="live-mark" data-widget="(\d+)"[^>]*>.*?</div>', link, text, flags=re.S)
        count += k
        page.write_text(text, encoding="utf-8")
    return count


def build(html_dir: Path, out: Path) -> dict[str, int]:
    """Write ``out/site`` and ``out/chapters``; the number of chapters and live widgets."""
    if not (html_dir / "index.html").is_file():
        raise SystemExit(f"live_build: no built book in {html_dir}; run bash .ci/book first")
    if out.exists():
        shutil.rmtree(out)
    site = out / "site"
    shutil.copytree(html_dir, site)
    chs = chapters()
    live_docs = {c.docname: c.live_path for c in chs}
    widgets = 0
    for ch in chs:
        page = (html_dir / f"{ch.docname}.html").read_text(encoding="utf-8")
        nb = live_notebook(ch, page, live_docs)
        widgets += sum(1 for c in nb["cells"] if "live-widget" in c.get("metadata", {}).get("tags", []))
        dest = out / "chapters" / ch.live_path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    marks = link_marks(site, live_docs)
    return {"chapters": len(chs), "widgets": widgets, "marks": marks}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--html", type=Path, default=REPO / "_build" / "html", help="the built book")
    p.add_argument("--out", type=Path, default=REPO / "_build" / "live", help="where to write the live book")
    args = p.parse_args(argv)
    counts = build(args.html, args.out)
    print(f"live_build: {counts['chapters']} chapters, {counts['widgets']} live widgets, "
          f"{counts['marks']} marks linked, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
