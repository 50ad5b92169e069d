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
cell becomes a code cell that Voilà runs, so the widget is live. Of the other code cells only what
the widgets need runs, under ``%%capture``: their IPython magic lines (the set-up) and, found from
the code going backwards from the widget cells, every top-level statement that binds a name a
kept statement reads (:func:`needed_code`). A cell's saved output, already in the HTML, is what the
reader sees, so tables and figures appear at once and exactly as in the book, and nothing is
recomputed to show them. Code is never shown
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
.handbook-live h1 { font-size: 2rem; margin: .6em 0 .4em; }
.handbook-live h2 { font-size: 1.5rem; margin: 1.2em 0 .4em; }
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


#: Run first in every live chapter. ``glue`` only feeds the static build (the figures it glues are
#: already in the prose), and importing myst_nb for it would pull in nbformat and jsonschema, a
#: second or more of a reader's wait: in a live chapter ``myst_nb.glue`` does nothing.
NO_GLUE = """%%capture
import sys as _sys, types as _types
_stub = _types.ModuleType("myst_nb")
_stub.glue = lambda *args, **kwargs: None  # the live chapter's glued figures are in its prose
_sys.modules.setdefault("myst_nb", _stub)
del _sys, _types, _stub"""


#: The kernel every live chapter runs in: Python with the live book's limits (a CPU-time limit per
#: click, no widgets created by the browser), deploy/jupyter/kernels/handbook-live.
KERNELSPEC = {"name": "handbook-live", "display_name": "Python 3 (the live book)", "language": "python"}


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


def toc_entries(toc: Path = REPO / "_toc.yml") -> list[tuple[str, str]]:
    """Every page of the table of contents, root first, in the book's order, with the caption of
    its part ("" for the root).

    >>> toc_entries()[0]
    ('', 'book/intro')
    """
    data = yaml.safe_load(toc.read_text(encoding="utf-8"))
    entries = [("", str(data["root"]))]

    def walk(node: Any, part: str) -> None:
        if isinstance(node, dict):
            part = str(node.get("caption", part))
            if "file" in node:
                entries.append((part, str(node["file"])))
            for key in ("parts", "chapters", "sections"):
                for child in node.get(key, []):
                    walk(child, part)
        elif isinstance(node, list):
            for child in node:
                walk(child, part)

    walk(data, "")
    return [(part, str(Path(name).with_suffix(""))) for part, name in entries]


def chapters(toc: Path = REPO / "_toc.yml") -> list[Chapter]:
    """Every chapter of the table of contents that is a notebook, in the book's order."""
    return [Chapter(name) for _, name in toc_entries(toc) if (REPO / f"{name}.ipynb").is_file()]


def _tags(cell: dict[str, Any]) -> list[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def shows_widget(cell: dict[str, Any]) -> bool:
    """Whether a code cell's saved outputs display a widget."""
    return any(WIDGET_VIEW in out.get("data", {}) for out in cell.get("outputs", []))


def _source(cell: dict[str, Any]) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else str(src)


class LiveBuildError(RuntimeError):
    """The built book does not match its notebooks (or is missing): rebuild it."""


@dataclass(frozen=True)
class Statement:
    """A top-level statement of a code cell: its lines, the names it binds and the names it reads."""

    cell: int
    text: str
    binds: frozenset[str]
    reads: frozenset[str]


def _binds(node: ast.stmt) -> set[str]:
    """The names a top-level statement binds (assignment targets, imports, def, class, for, with)."""
    if isinstance(node, (ast.Import, ast.ImportFrom)):
        return {(a.asname or a.name).split(".")[0] for a in node.names}
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        return {node.name}
    out: set[str] = set()
    targets: list[ast.AST] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
        targets = [node.target]
    elif isinstance(node, (ast.For, ast.AsyncFor)):
        targets = [node.target]
    elif isinstance(node, (ast.With, ast.AsyncWith)):
        targets = [i.optional_vars for i in node.items if i.optional_vars is not None]
    for t in targets:
        out |= {n.id for n in ast.walk(t) if isinstance(n, ast.Name)}
    if isinstance(node, (ast.If, ast.Try, ast.For, ast.While, ast.With)):  # names bound inside blocks
        out |= {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    return out


def _python(cell: dict[str, Any]) -> list[str]:
    """A cell's lines with its IPython magic lines blanked (so line numbers stay)."""
    return [line if not line.lstrip().startswith(("%", "!")) else "" for line in _source(cell).splitlines()]


def statements(code: list[dict[str, Any]]) -> tuple[list[Statement], set[int]]:
    """Every top-level statement of the code cells, in order, and the cells that cannot be parsed
    as Python once their IPython magic lines are set aside (those are kept whole)."""
    out: list[Statement] = []
    unparsed: set[int] = set()
    for i, cell in enumerate(code):
        lines = _python(cell)
        try:
            tree = ast.parse("\n".join(lines))
        except SyntaxError:
            unparsed.add(i)
            continue
        for node in tree.body:
            first = min([node.lineno] + [d.lineno for d in getattr(node, "decorator_list", [])])
            text = "\n".join(lines[first - 1:node.end_lineno])
            reads = {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
            out.append(Statement(i, text, frozenset(_binds(node)), frozenset(reads)))
    return out, unparsed


def needed_code(code: list[dict[str, Any]], live: set[int]) -> dict[int, str]:
    """What to run of each code cell so that the live cells work, by cell index: a live cell
    whole; of the others, their IPython magic lines (the set-up) and, going backwards from the
    live cells, every top-level statement that binds a name a kept statement reads. What else
    a cell did (glue a figure, display a table, compute what only the prose shows) is not run:
    its saved output is in the prose. A cell that cannot be parsed is kept whole."""
    stmts, unparsed = statements(code)
    whole = set(live) | unparsed
    wanted: set[str] = set()
    kept: set[int] = set()
    for i in range(len(code) - 1, -1, -1):
        if i in whole:
            if i not in unparsed:
                wanted |= {name for st in stmts if st.cell == i for name in st.reads}
            else:  # names it may read: every identifier in it
                wanted |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", _source(code[i])))
            continue
        for k in range(len(stmts) - 1, -1, -1):
            st = stmts[k]
            if st.cell == i and st.binds & wanted:
                kept.add(k)
                wanted |= st.reads
    out: dict[int, str] = {}
    for i, cell in enumerate(code):
        if i in whole:
            out[i] = _source(cell)
            continue
        magics = [line for line in _source(cell).splitlines()  # line magics (a cell magic would not run here)
                  if line.lstrip().startswith(("%", "!")) and not line.lstrip().startswith("%%")]
        body = [st.text for k, st in enumerate(stmts) if st.cell == i and k in kept]
        if body:
            out[i] = "\n".join(magics + body)
        elif magics:
            out[i] = "\n".join(magics)
    return out


#: A sentence of a chapter that tells the reader of the static page how to get live widgets
#: ("open this chapter in Jupyter (or with the launch button ...)"): true of the book, not of
#: the live chapter, which drops it.
STATIC_ONLY = re.compile(r"\s*[^.]*\blaunch button\b[^.]*\.")


def drop_static_only(article: Tag) -> None:
    """Drop from a chapter's article what only the static page needs: the Sphinx scripts left in
    it (a Thebe configuration naming a public repository, a kernel name) and the sentences that
    say how to get live widgets (a paragraph left empty goes too)."""
    for script in article.find_all("script"):
        kind = script.get("type") or "text/javascript"
        if kind == "text/x-thebe-config" or "kernelName" in (script.string or ""):
            script.decompose()
    for p in article.find_all("p"):
        if not STATIC_ONLY.search(p.get_text()):
            continue
        for text in list(p.find_all(string=True)):
            if STATIC_ONLY.search(text):
                text.replace_with(STATIC_ONLY.sub("", str(text)))
        if not p.get_text().strip():
            p.decompose()


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


def live_widget_source(src: str) -> str:
    """A widget cell as the live chapter runs it: a street-by-street DealWidget the book saves at
    its showdown (``show_all=True``, so the static page shows the whole hand) opens at the deal,
    so that the reader can press Next street.

    >>> live_widget_source('DealWidget("badugi", players=4, seed=1, show_all=True)')
    'DealWidget("badugi", players=4, seed=1)'
    """
    return re.sub(r"(\bDealWidget\([^()]*?),\s*show_all\s*=\s*True\s*(?=\))", r"\1", src)


def live_notebook(chapter: Chapter, page: str, live_docs: dict[str, str]) -> dict[str, Any]:
    """The live notebook of ``chapter`` from its built page's HTML (see the module docstring)."""
    nb = json.loads(chapter.source.read_text(encoding="utf-8"))
    soup = BeautifulSoup(page, "html.parser")
    article = soup.select_one("article.bd-article")
    if article is None:
        raise LiveBuildError(f"{chapter.docname}.html has no article; was the book built?")
    for mark in article.select("div.live-mark"):
        mark.decompose()
    drop_static_only(article)
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    shown = [c for c in code if "remove-cell" not in _tags(c)]
    divs = [d for d in article.find_all(_is_cell_div) if not any(_is_cell_div(p) for p in d.parents)]
    if len(divs) != len(shown):
        raise LiveBuildError(f"{chapter.docname}: {len(shown)} code cells in the notebook but "
                         f"{len(divs)} cells on the built page; rebuild the book")
    widget_of: dict[int, int] = {}
    for cell, div in zip(shown, divs, strict=True):
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

    def prose(text: str) -> dict[str, Any]:
        # The prose is a code cell's HTML output, not a markdown or raw cell: Voilà renders
        # those in the browser through JupyterLab's sanitizer, which escapes the book's markup
        # (sections, styles, tables); a cell's output in a Voilà page is trusted and shown as is.
        return {"cell_type": "code", "metadata": {"tags": ["live-prose"]}, "execution_count": None,
                "outputs": [], "source": f"__import__('IPython.display').display.HTML({text!r})"}

    cells: list[dict[str, Any]] = [prose(STYLE + math + bar + f'<div class="handbook-live">{fragments[0]}</div>'),
                                   {"cell_type": "code", "metadata": {"tags": ["live-setup"]}, "execution_count": None,
                                    "outputs": [], "source": NO_GLUE}]
    runnable = [c for c in code if id(c) in widget_of or "demo-refusal" not in _tags(c)]
    runs = needed_code(runnable, {i for i, c in enumerate(runnable) if id(c) in widget_of})
    for i, cell in enumerate(runnable):
        if i not in runs:
            continue  # its output is in the prose (a refusal shown, a table); nothing live needs it
        live = copy.deepcopy(cell)
        live["outputs"], live["execution_count"] = [], None
        src = runs[i]
        if id(cell) in widget_of:
            n = widget_of[id(cell)]
            live["source"] = live_widget_source(src)
            live["metadata"] = {"tags": ["live-widget"]}
            cells.append(prose(f'<a id="widget-{n}"></a>'))
            cells.append(live)
            cells.append(prose(f'<div class="handbook-live">{fragments[n + 1]}</div>'))
        else:
            live["source"] = "%%capture\n" + src
            live["metadata"] = {}
            cells.append(live)
    for i, cell in enumerate(cells):  # nbformat 4.5: every cell has an id
        cell["id"] = f"live-{i}"
    return {"cells": cells, "metadata": {"kernelspec": KERNELSPEC,
                                         "language_info": {"name": "python"}, "title": title},
            "nbformat": 4, "nbformat_minor": 5}


def chapter_title(page: str, chapter: Chapter) -> str:
    """A chapter's title as its page's heading shows it, without the section number."""
    soup = BeautifulSoup(page, "html.parser")
    h1 = soup.select_one("article.bd-article h1")
    if h1 is None:
        return chapter.docname.rsplit("/", 1)[-1]
    for extra in h1.select("a.headerlink, span.section-number"):
        extra.decompose()
    return " ".join(h1.get_text(" ").split())


#: The live server's proof that a browser runs scripts (deploy/live_server.py's BROWSER_COOKIE_JS,
#: a test holds them equal): set on every served page with an "Open live" link, a reader who
#: follows one gets the live chapter at once, not first the server's page that sets it. A plain
#: HTTP client (a crawler) runs no script and still starts no kernel.
BROWSER_COOKIE_JS = "document.cookie = 'handbook_live=1; path=/; max-age=31536000; SameSite=Strict';"


def link_marks(site: Path, live_docs: dict[str, str]) -> int:
    """Point the static copy's "Open live" marks at the live chapters beside it, and give their
    pages the script that sets the live server's browser cookie; how many marks."""
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

        def link(m: re.Match[str], target: str = target) -> str:
            n = m.group(1)
            return (f'<div class="live-mark" data-widget="{n}"><span class="live-mark-label">Saved example</span> '
                    f'<a class="live-open" href="{html.escape(target)}#widget-{n}">Open live</a></div>')

        text, k = re.subn(r'<div class="live-mark" data-widget="(\d+)"[^>]*>.*?</div>', link, text, flags=re.S)
        if k:
            text = text.replace("</head>", f"<script>{BROWSER_COOKIE_JS}</script>\n</head>", 1)
        count += k
        page.write_text(text, encoding="utf-8")
    return count


#: What the served copy of the introduction says under "Using the widgets".
ON_THE_LIVE_SERVER = (
    '<div class="admonition tip live-server-note"><p class="admonition-title">You are on the live book</p>'
    "<p>This copy of the handbook is served by its live server: every widget has an <b>Open live</b> link "
    "that opens its chapter here, with that widget and all the others running. Nothing to install; "
    "the saved examples below work without it.</p></div>")


def say_this_is_the_live_server(site: Path) -> bool:
    """Tell the reader of the served introduction, under "Using the widgets", that he is on the
    live server (the published book says how to get live widgets). Whether it was found."""
    intro = site / "book" / "intro.html"
    if not intro.is_file():
        return False
    text = intro.read_text(encoding="utf-8")
    new, n = re.subn(r'(<section id="using-the-widgets">\s*<h2>.*?</h2>)', lambda m: m.group(1) + ON_THE_LIVE_SERVER,
                     text, count=1, flags=re.S)
    if n:
        intro.write_text(new, encoding="utf-8")
    return bool(n)


def build(html_dir: Path, out: Path) -> dict[str, int]:
    """Write ``out/site`` and ``out/chapters``; the number of chapters and live widgets."""
    if not (html_dir / "index.html").is_file():
        raise LiveBuildError(f"no built book in {html_dir}; run bash .ci/book first")
    if out.exists():
        shutil.rmtree(out)
    site = out / "site"
    shutil.copytree(html_dir, site)
    chs = chapters()
    live_docs = {c.docname: c.live_path for c in chs}
    parts = dict((name, part) for part, name in toc_entries())
    widgets = 0
    listing = []
    for ch in chs:
        page = (html_dir / f"{ch.docname}.html").read_text(encoding="utf-8")
        nb = live_notebook(ch, page, live_docs)
        widgets += sum(1 for c in nb["cells"] if "live-widget" in c.get("metadata", {}).get("tags", []))
        dest = out / "chapters" / ch.live_path
        dest.parent.mkdir(parents=True, exist_ok=True)
        dest.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        listing.append({"path": ch.live_path, "title": chapter_title(page, ch), "part": parts.get(ch.docname, "")})
    # The live chapters in the book's order: what the server serves, and its front door's list.
    (out / "chapters.json").write_text(json.dumps(listing, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    marks = link_marks(site, live_docs)
    say_this_is_the_live_server(site)
    return {"chapters": len(chs), "widgets": widgets, "marks": marks}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--html", type=Path, default=REPO / "_build" / "html", help="the built book")
    p.add_argument("--out", type=Path, default=REPO / "_build" / "live", help="where to write the live book")
    args = p.parse_args(argv)
    try:
        counts = build(args.html, args.out)
    except LiveBuildError as err:
        print(f"live_build: {err}", file=sys.stderr)
        return 1
    print(f"live_build: {counts['chapters']} chapters, {counts['widgets']} live widgets, "
          f"{counts['marks']} marks linked, in {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
