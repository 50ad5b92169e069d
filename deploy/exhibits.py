"""Print the handbook on paper: a rules-and-math exhibit per banked game, and the whole book.

Run after the book is built (``bash deploy/print`` builds it first when it is missing)::

    .venv/bin/python deploy/exhibits.py                     # _build/html -> _build/pdf
    .venv/bin/python deploy/exhibits.py --html /tmp/book/_build/html --out /tmp/pdf

It writes ``_build/pdf/``:

* ``exhibit-<game>.pdf`` -- for each banked game, an exhibit in the shape of the rule filings
  ("Exhibit A"): the rules in words, the hand ranks, the settlement and its pay tables, the exact
  numbers and house edge, the optimal strategy and the par sheet, taken from the game's chapter
  of the built book (the sections in :data:`EXHIBIT_SECTIONS`; worked hands and widgets are
  left out);
* ``handbook.pdf`` -- a contents page, then every page of the table of contents in order, the
  sheets numbered through the whole book, a bookmark per part and per chapter.

How. Debian's Chromium (the one the browser tests use), driven by Playwright, opens each built
page from a server on 127.0.0.1 with every other host unreachable, waits until the saved widgets
are drawn by the vendored widget manager and the math by the vendored MathJax, adds the print
style sheet beside this file (``print.css``: no navigation, no code, no widget buttons or inputs,
only the results the widgets were saved with), scales down anything wider than the paper, and
prints it; pypdf joins the pages of the book, lays the page numbers over them and adds the
bookmarks. So the paper shows what a
reader of the web book sees (card pictures, suit symbols, tables, figures), with no network.
"""

from __future__ import annotations

import argparse
import functools
import http.server
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from pypdf import PdfReader, PdfWriter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from live_build import toc_entries  # noqa: E402  (deploy/live_build.py: the table of contents, read once)

REPO = Path(__file__).resolve().parents[1]
PRINT_CSS = Path(__file__).with_name("print.css")
CHROMIUM = Path("/usr/bin/chromium")
#: Headless, and every host but this machine unreachable: a page that needs the network fails.
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync",
                 "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]

#: The paper: US Letter with half-inch margins, printed at 80 % (the screen's 16 px text becomes
#: about 9.6 pt). The page is laid out at the width that fills the printable area at that scale.
PAPER = {"format": "Letter", "margin": {"top": "0.6in", "bottom": "0.6in", "left": "0.5in", "right": "0.5in"}}
SCALE = 0.8
LAYOUT_WIDTH = round((8.5 - 1.0) * 96 / SCALE)   # CSS px across the printable area
LAYOUT_HEIGHT = round((11 - 1.2) * 96 / SCALE)
#: Nothing is shrunk below this to fit the paper; what would need more is reported as cut off.
MIN_ZOOM = 0.45

#: The sections of a banked game's chapter that make its exhibit, by heading, in the book's order.
#: Each must be in the chapter (a chapter without one is refused, naming it); a kept section's
#: subsections come with it except those in :data:`LEFT_OUT`. Every other section is left out.
EXHIBIT_SECTIONS = ("The object of the game", "The deal and the wagers", "How the hands rank", "Settlement",
                    "The numbers", "The optimal strategy", "Par sheet")
#: Inside the kept sections: illustrations for a new dealer, not rules (a filing has none).
LEFT_OUT = ("Worked hands",)

#: The foot of every printed sheet (Chromium's footer template: a document of its own, 8 px text).
FOOTER_STYLE = "font-size:8px;width:100%;margin:0 0.5in;display:flex;justify-content:space-between;color:#555"

WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
TIMEOUT_MS = 60_000


class ExhibitError(RuntimeError):
    """The built book cannot be printed as asked: what is missing, and what is expected."""


@dataclass(frozen=True)
class Page:
    """A page of the table of contents: its docname (``book/banked/crazy4``), its title and the
    caption of its part ("" for the root)."""

    docname: str
    title: str
    part: str = ""

    @property
    def html(self) -> str:
        return f"{self.docname}.html"


@dataclass
class Printed:
    """A PDF this module wrote: where, its pages, and what the browser found while printing."""

    path: Path
    pages: int
    shrunk: list[str] = field(default_factory=list)     # elements scaled down to fit the paper
    cut_off: list[str] = field(default_factory=list)    # elements still wider than the paper
    controls: int = 0                                   # widget buttons/inputs still visible
    widgets: int = 0                                    # saved widget views drawn


def page_title(html_file: Path) -> str:
    """A built page's title: its first heading, without section number or link mark."""
    from bs4 import BeautifulSoup

    text = html_file.read_text(encoding="utf-8")
    start = text.find("<article")
    end = text.find("</h1>", start)
    h1 = BeautifulSoup(text[start:end + 5], "html.parser").select_one("h1") if start >= 0 <= end else None
    if h1 is None:
        raise ExhibitError(f"{html_file} has no title (no <h1> in its article): was the book built?")
    for tag in h1.select(".section-number, .headerlink"):
        tag.decompose()
    return " ".join(h1.get_text(" ", strip=True).split())


def pages(html_dir: Path, toc: Path = REPO / "_toc.yml") -> list[Page]:
    """The pages of the table of contents as built in ``html_dir``, each with its title."""
    out = []
    for part, name in toc_entries(toc):
        f = html_dir / f"{name}.html"
        if not f.is_file():
            raise ExhibitError(f"{name}.html is listed in {toc.name} but not built in {html_dir}: "
                               "build the book again (bash .ci/book)")
        out.append(Page(name, page_title(f), part))
    return out


def plain(text: str) -> str:
    """``text`` with the typographic quotes of the built book (Sphinx's smart quotes) made plain.

    >>> plain("New Hampshire Hold\u2019em")
    "New Hampshire Hold'em"
    """
    return text.translate(str.maketrans("\u2018\u2019\u201c\u201d", "''\"\""))


def banked_chapters(html_dir: Path) -> dict[str, Page]:
    """Each banked game's chapter, by game key: the page whose title is the declaration's title."""
    from gamelib.games.banked import DECLARATIONS

    by_title = {plain(p.title): p for p in pages(html_dir)}
    out = {}
    for key, game in DECLARATIONS.items():
        if plain(game.title) not in by_title:
            raise ExhibitError(f"no chapter of the built book is titled {game.title!r} (the title of "
                               f"{key!r}); the chapters are: {', '.join(sorted(by_title))}")
        out[key] = by_title[plain(game.title)]
    return out


# --- the browser ------------------------------------------------------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


@contextmanager
def serving(html_dir: Path) -> Iterator[str]:
    """The built book served on 127.0.0.1 at a free port, for as long as the block runs."""
    handler = functools.partial(_QuietHandler, directory=str(html_dir))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """A browser context of Debian's headless Chromium, through Playwright (never a downloaded
    browser), its window as wide as the paper's printable area."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise ExhibitError(f"{CHROMIUM} is missing: run bash .ci/setup (it installs Debian's chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            # One context for every page: the book's scripts and styles are fetched once.
            yield browser.new_context(viewport={"width": LAYOUT_WIDTH, "height": LAYOUT_HEIGHT})
        finally:
            browser.close()


def _open(browser: Any, url: str) -> tuple[Any, list[str]]:
    """A built page, loaded, its saved widgets drawn and its math typeset, in print layout."""
    page = browser.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    failed: list[str] = []
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    page.on("response", lambda r: failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
    page.goto(url, wait_until="load")
    if page.locator(WIDGET_VIEW).count():
        # embed-amd.js draws each saved view into the div.widget-subarea just before its tag.
        page.wait_for_function(
            """sel => Array.from(document.querySelectorAll(sel)).every(tag => {
                   const prev = tag.previousElementSibling;
                   return prev && prev.classList.contains('widget-subarea')
                       && prev.querySelector('.jupyter-widgets') !== null; })""",
            arg=WIDGET_VIEW)
    if page.locator("div.math, span.math").count():
        page.wait_for_selector("mjx-container", state="attached")
        page.evaluate("() => window.MathJax.startup.promise")
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.emulate_media(media="print")
    page.add_style_tag(content=PRINT_CSS.read_text(encoding="utf-8"))
    return page, failed


#: In the page: links to other pages lose their target (a PDF cannot follow them to the local
#: server that printed it; links inside the page stay), what a widget saved folded (the
#: strategy in words) is unfolded, as paper cannot be clicked, and the captions of its hidden
#: controls are hidden with them.
_PAPER = """() => {
  for (const a of document.querySelectorAll('article a[href]')) {
    const href = a.getAttribute('href');
    if (!href.startsWith('#')) a.removeAttribute('href');
  }
  document.querySelectorAll('.widget-subarea details').forEach(d => { d.open = true; });
  // A short caption whose controls are hidden (a bold "Wagers" over the wager boxes) goes too.
  const shown = e => e && e.getClientRects().length > 0;
  for (const h of Array.from(document.querySelectorAll('.widget-subarea .widget-html'))) {
    const next = h.nextElementSibling;
    if (next && !shown(next) && h.innerText.trim().length < 120
        && !h.querySelector('table, ul, ol, img, svg, .gl-card')) h.style.display = 'none';
  }
}"""

#: In the page: anything wider than the printable width is scaled down to fit (not below
#: MIN_ZOOM); returns what was scaled and what still does not fit.
_FIT = """(minZoom) => {
  const article = document.querySelector('article.bd-article');
  const width = article.clientWidth;
  const left = article.getBoundingClientRect().left;
  const name = e => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
      + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const where = e => { const s = e.closest('section[id]'); return s ? ' in #' + s.id : ''; };
  const shrunk = [], cut = [];
  const candidates = article.querySelectorAll('table, pre, .widget-subarea, .cell_output img, .cell_output svg, mjx-container[display="true"], .output_html > div');
  for (const e of candidates) {
    if (e.closest('[data-fitted]')) continue;
    const box = e.getBoundingClientRect();
    if (box.width === 0) continue;
    const need = Math.max(e.scrollWidth, box.width) + (box.left - left);
    if (need > width + 1) {
      const zoom = Math.max(minZoom, (width - (box.left - left)) / Math.max(e.scrollWidth, box.width));
      e.style.zoom = zoom.toFixed(3);
      e.style.overflow = 'visible';
      e.dataset.fitted = '1';
      shrunk.push(name(e) + where(e) + ' to ' + Math.round(zoom * 100) + '%');
    }
  }
  for (const e of article.querySelectorAll('*')) {
    const box = e.getBoundingClientRect();
    if (box.width > 0 && box.right > left + width + 2 && getComputedStyle(e).display !== 'none')
      cut.push(name(e) + where(e) + ' reaches ' + Math.round(box.right - left) + ' px of ' + width);
  }
  return {shrunk, cut: cut.slice(0, 20)};
}"""

#: In the page: how many widget controls are still shown, and how many widget views.
_CONTROLS = """() => {
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const controls = document.querySelectorAll('.widget-subarea button, .widget-subarea input, '
      + '.widget-subarea select, .widget-subarea textarea');
  return {controls: Array.from(controls).filter(shown).length,
          widgets: document.querySelectorAll('.widget-subarea').length};
}"""

#: In a banked chapter: keep the exhibit's sections (by heading), drop the rest, add the
#: exhibit's heading, and caption each declared pay table where the chapter shows it (the table
#: whose rows name the pay lines, in order); returns the headings found and the pay tables not.
_EXHIBIT = r"""(x) => {
  const norm = t => t.replace(/[\u2018\u2019]/g, "'").replace(/\s+/g, ' ').trim();
  const title = h => { const c = h.cloneNode(true);
      c.querySelectorAll('.section-number, .headerlink').forEach(e => e.remove());
      return norm(c.textContent); };
  const top = document.querySelector('article.bd-article section');
  const found = [];
  for (const s of top.querySelectorAll('section')) {
    const h = s.querySelector(':scope > h1, :scope > h2, :scope > h3, :scope > h4');
    if (h) found.push(title(h));
  }
  // The chapter's own opening (before its first section) speaks of the web book: dropped.
  for (const child of Array.from(top.children)) {
    if (child.tagName === 'SECTION') {
      const h = child.querySelector(':scope > h2, :scope > h3');
      if (!h || !x.keep.includes(title(h))) child.remove();
    } else child.remove();
  }
  for (const s of Array.from(top.querySelectorAll('section'))) {
    const h = s.querySelector(':scope > h2, :scope > h3, :scope > h4');
    if (h && x.leftOut.includes(title(h))) s.remove();
  }
  const missing = [];
  for (const t of x.payTables) {
    const table = Array.from(top.querySelectorAll('table')).find(tb => {
      const rows = Array.from(tb.querySelectorAll('tbody tr')).map(r => r.querySelector('td, th'));
      return rows.length === t.lines.length && rows.every((c, i) => c && norm(c.textContent) === t.lines[i]);
    });
    if (!table) { missing.push(t.name); continue; }
    const cap = document.createElement('p');
    cap.className = 'exhibit-pay-table';
    cap.textContent = t.caption;
    table.before(cap);
  }
  for (const n of document.querySelectorAll('article .section-number')) n.remove();
  document.querySelectorAll('.onlyprint, #jb-print-docs-body, .live-mark').forEach(e => e.remove());
  document.title = x.title;
  const header = document.createElement('header');
  header.className = 'exhibit-head';
  header.innerHTML = '<p class="exhibit-label">Exhibit A</p><h1></h1><p class="exhibit-sub"></p>';
  header.querySelector('h1').textContent = x.title;
  header.querySelector('.exhibit-sub').textContent = x.sub;
  top.prepend(header);
  return {found, missing};
}"""


def _footer(footer: str, numbered: bool) -> str:
    """Chromium's footer template: ``footer`` on the left, and the page numbers (``numbered``) on
    the right."""
    numbers = ('<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span>'
               if numbered else "")
    return f'<div style="{FOOTER_STYLE}"><span>{footer}</span>{numbers}</div>'


def _print(page: Any, pdf: Path, footer: str, numbered: bool = True) -> None:
    """Print the page on the paper, ``footer`` at the foot of every sheet, and its own page
    numbers (``numbered``) or none (the book's are added when it is joined)."""
    page.pdf(path=str(pdf), print_background=True, scale=SCALE, display_header_footer=True,
             header_template="<span></span>", footer_template=_footer(footer, numbered), **PAPER)


def _escape(text: str) -> str:
    import html
    return html.escape(text, quote=True)


def _print_page(browser: Any, url: str, pdf: Path, footer: str, exhibit: dict[str, Any] | None = None,
                numbered: bool = True) -> Printed:
    page, failed = _open(browser, url)
    try:
        if exhibit is not None:
            seen = page.evaluate(_EXHIBIT, {**exhibit, "leftOut": list(LEFT_OUT)})
            where = url.split("/", 3)[-1]
            missing = [s for s in exhibit["keep"] if s not in seen["found"]]
            if missing:
                raise ExhibitError(f"{where}: the chapter has no section "
                                   f"{', '.join(repr(m) for m in missing)}, which the exhibit needs; "
                                   f"its sections are: {', '.join(repr(f) for f in seen['found'])} "
                                   "(if its notebook has it, the book was built before: bash .ci/book)")
            if seen["missing"]:
                raise ExhibitError(f"{where}: the exhibit's sections show no table of the "
                                   f"{', '.join(seen['missing'])} pay lines, as declared in gamelib "
                                   "(a table whose rows are the pay lines, best first)")
        page.evaluate(_PAPER)
        fit = page.evaluate(_FIT, MIN_ZOOM)
        shown = page.evaluate(_CONTROLS)
        if failed:
            raise ExhibitError(f"{url}: requests failed while printing: {'; '.join(failed[:5])}")
        _print(page, pdf, footer, numbered)
    finally:
        page.close()
    return Printed(pdf, len(PdfReader(pdf).pages), fit["shrunk"], fit["cut"], shown["controls"], shown["widgets"])


# --- what is printed --------------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """One page to print: the built page, the PDF to write, its footer, and for an exhibit what
    to keep of the chapter (see :data:`_EXHIBIT`)."""

    html: str
    pdf: Path
    footer: str
    exhibit: dict[str, Any] | None = None
    numbered: bool = True


def exhibit_jobs(html_dir: Path, out: Path, sections: tuple[str, ...] = EXHIBIT_SECTIONS) -> dict[str, Job]:
    """One exhibit per banked game, ``out/exhibit-<key>.pdf``, from its chapter of the built book."""
    from gamelib.games.banked import DECLARATIONS

    jobs = {}
    for key, chapter in banked_chapters(html_dir).items():
        game = DECLARATIONS[key]
        sub = (f"Rules and math exhibit, from the chapter \u201c{chapter.title}\u201d of the handbook; "
               f"rule filing {game.filing}; rulings {', '.join(game.rulings)}.")
        pay_tables = [{"name": t.name, "lines": [plain(line.outcome) for line in t.lines],
                       "caption": f"{t.name} pay table: paid on {game.hand(t.hand).words}"}
                      for t in game.pay_tables]
        jobs[key] = Job(chapter.html, out / f"exhibit-{key}.pdf", _escape(f"Exhibit A \u00b7 {game.title}"),
                        {"keep": list(sections), "title": game.title, "sub": sub, "payTables": pay_tables})
    return jobs


def _print_all(base: str, jobs: list[Job], workers: int) -> list[Printed]:
    """Print every job, ``workers`` browsers at a time (each page waits on its scripts as much as
    it computes); the first refusal stops them all and is raised."""
    results: list[Printed | None] = [None] * len(jobs)
    stop = threading.Event()

    def run(indexes: list[int]) -> None:
        with chromium() as browser:
            for i in indexes:
                if stop.is_set():
                    return
                try:
                    results[i] = _print_page(browser, f"{base}/{jobs[i].html}", jobs[i].pdf, jobs[i].footer,
                                             jobs[i].exhibit, jobs[i].numbered)
                except BaseException:
                    stop.set()
                    raise

    workers = max(1, min(workers, len(jobs)))
    with ThreadPoolExecutor(workers) as pool:
        futures = [pool.submit(run, list(range(k, len(jobs), workers))) for k in range(workers)]
        for f in futures:
            f.result()
    return [r for r in results if r is not None]


def book_title() -> str:
    """The book's title, as _config.yml gives it.

    >>> book_title()
    'The Casino Poker Handbook'
    """
    return str(yaml.safe_load((REPO / "_config.yml").read_text(encoding="utf-8"))["title"])


def contents_html(title: str, parts: list[tuple[Page, int]]) -> str:
    """The book's contents page: its title, then every page of the table of contents under its
    part's caption, with the number of the sheet it starts on.

    >>> "Crazy 4 Poker</td><td>147" in contents_html("The book", [(Page("b/c", "Crazy 4 Poker", "Banked"), 147)])
    True
    """
    rows, part = [], None
    for page, start in parts:
        if page.part != part and page.part:
            rows.append(f'<tr class="part"><td colspan="2">{_escape(page.part)}</td></tr>')
        part = page.part
        rows.append(f"<tr><td>{_escape(page.title)}</td><td>{start}</td></tr>")
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{_escape(title)}</title><style>"
            "body{font-family:'DejaVu Sans',sans-serif;font-size:12pt;margin:0}"
            "h1{font-size:24pt;font-weight:500;text-align:center;margin:0.5in 0 0.5in}"
            "h2{font-size:15pt;font-weight:500;margin:0 0 0.6em}"
            "table{width:100%;border-collapse:collapse}td{padding:3px 0}td+td{text-align:right}"
            "tr.part td{font-weight:bold;padding-top:0.9em}tr{break-inside:avoid}"
            f"</style></head><body><h1>{_escape(title)}</h1><h2>Contents</h2><table>{''.join(rows)}</table>"
            "</body></html>")


def _print_html(browser: Any, html_text: str, pdf: Path, footer: str, numbered: bool = False) -> int:
    """Print a page made here (not one of the book's), at full scale; returns its sheets."""
    page = browser.new_page()
    try:
        page.set_content(html_text, wait_until="load")
        page.pdf(path=str(pdf), print_background=True, display_header_footer=True, header_template="<span></span>",
                 footer_template=_footer(footer, numbered), **PAPER)
    finally:
        page.close()
    return len(PdfReader(pdf).pages)


def _join_book(parts: list[tuple[Page, Printed]], pdf: Path, browser: Any, tmp: Path) -> Printed:
    """The printed pages as one book: a contents page first, every sheet numbered through the
    whole book, a bookmark per page of the table of contents (under its part's caption)."""
    title = book_title()
    contents = tmp / "contents.pdf"
    front = 1
    for _ in range(3):   # the contents' own length moves every start: print until it holds
        starts, at = [], front + 1
        for _, done in parts:
            starts.append(at)
            at += done.pages
        sheets = _print_html(browser, contents_html(title, [(p, n) for (p, _), n in zip(parts, starts)]),
                             contents, _escape(f"{title} \u00b7 Contents"))
        if sheets == front:
            break
        front = sheets
    writer = PdfWriter()
    writer.append(str(contents))
    writer.add_outline_item(title="Contents", page_number=0)
    total = Printed(pdf, 0)
    part, parent = None, None
    for (page, done), start in zip(parts, starts):
        writer.append(str(done.path))
        if page.part != part:
            part = page.part
            parent = writer.add_outline_item(title=part, page_number=start - 1) if part else None
        writer.add_outline_item(title=page.title, page_number=start - 1, parent=parent)
        total.shrunk += [f"{page.docname}: {s}" for s in done.shrunk]
        total.cut_off += [f"{page.docname}: {s}" for s in done.cut_off]
        total.controls += done.controls
        total.widgets += done.widgets
    # The sheet numbers: a document of as many empty sheets, only its footer's numbers printed,
    # laid over the book's sheets.
    numbers = tmp / "numbers.pdf"
    _print_html(browser, "<style>div{break-after:page;height:1px}</style>" + "<div></div>" * len(writer.pages),
                numbers, "", numbered=True)
    for sheet, number in zip(writer.pages, PdfReader(numbers).pages):
        sheet.merge_page(number)
    writer.add_metadata({"/Title": title})
    writer.page_mode = "/UseOutlines"
    with open(pdf, "wb") as f:
        writer.write(f)
    total.pages = len(writer.pages)
    return total


def _set_title(pdf: Path, title: str) -> None:
    writer = PdfWriter(clone_from=str(pdf))
    writer.add_metadata({"/Title": title})
    with open(pdf, "wb") as f:
        writer.write(f)


def build(html_dir: Path, out: Path, exhibits: bool = True, book: bool = True,
          sections: tuple[str, ...] = EXHIBIT_SECTIONS, workers: int = 2) -> dict[str, Printed]:
    """Print what is asked from the book built in ``html_dir`` into ``out``: the exhibits
    (``exhibit-<key>.pdf``) and the book (``handbook.pdf``). Returns each PDF, by game key and
    ``"book"``, with what the browser found while printing it."""
    from gamelib.games.banked import DECLARATIONS

    if not (html_dir / "index.html").is_file():
        raise ExhibitError(f"no built book in {html_dir}: build it first (bash .ci/book), "
                           "or print with bash deploy/print, which builds it when it is missing")
    out.mkdir(parents=True, exist_ok=True)
    by_game = exhibit_jobs(html_dir, out, sections) if exhibits else {}
    title = book_title()
    with tempfile.TemporaryDirectory(prefix="handbook-pdf-") as tmp:
        chapters = pages(html_dir) if book else []
        book_jobs = [Job(p.html, Path(tmp) / f"{i:03d}.pdf", _escape(f"{title} \u00b7 {p.title}"), numbered=False)
                     for i, p in enumerate(chapters)]
        with serving(html_dir) as base:
            printed = _print_all(base, [*by_game.values(), *book_jobs], workers)
        done = dict(zip(by_game, printed))
        for key, exhibit in done.items():
            _set_title(exhibit.path, f"Exhibit A: {DECLARATIONS[key].title}")
        if book:
            with chromium() as browser:
                done["book"] = _join_book(list(zip(chapters, printed[len(by_game):])), out / "handbook.pdf",
                                          browser, Path(tmp))
    return done


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--html", type=Path, default=REPO / "_build" / "html", help="the built book (default: _build/html)")
    p.add_argument("--out", type=Path, default=REPO / "_build" / "pdf", help="where to write the PDFs (default: _build/pdf)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--exhibits-only", action="store_true", help="print the exhibits, not the book")
    what.add_argument("--book-only", action="store_true", help="print the book, not the exhibits")
    p.add_argument("--workers", type=int, default=2, help="browsers printing at once (default: 2)")
    args = p.parse_args(argv)
    start = time.monotonic()
    try:
        done = build(args.html.resolve(), args.out.resolve(), exhibits=not args.book_only, book=not args.exhibits_only,
                     workers=args.workers)
    except ExhibitError as err:
        print(f"exhibits: {err}", file=sys.stderr)
        return 1
    for key, printed in done.items():
        print(f"exhibits: {printed.path} ({printed.pages} pages)")
        for s in printed.shrunk:
            print(f"  scaled to fit the paper: {s}")
        for c in printed.cut_off:
            print(f"  WIDER THAN THE PAPER: {c}", file=sys.stderr)
        if printed.controls:
            print(f"  {printed.controls} widget controls still shown", file=sys.stderr)
    print(f"exhibits: {len(done)} PDFs in {args.out} in {time.monotonic() - start:.0f} s")
    bad = any(p.cut_off or p.controls for p in done.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
