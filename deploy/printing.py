"""The printer behind deploy/exhibits.py: the paper, the edition every sheet carries, and a built
page opened in Debian's headless Chromium, laid out for paper and printed.

* :class:`Paper` -- US Letter or A4, with the same margins, printed at :data:`SCALE`; the page is
  laid out at the width that fills the printable area.
* :func:`edition` -- the date of printing (``SOURCE_DATE_EPOCH`` when set), the project's version
  (``gamelib.__version__``) and its commit (``git``, or ``HANDBOOK_COMMIT`` outside a checkout).
* :func:`open_page` and :func:`lay_out` -- a built page loaded, its saved widgets drawn and its
  math typeset, then made ready for paper: links to other pages and widget controls gone, wide
  things scaled to the paper, tall tables and text allowed to run on to the next sheet, each
  caption kept on the sheet of its table (:data:`_KEEP`).
"""

from __future__ import annotations

import functools
import http.server
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
#: Debian's Chromium, headless, and every host but this machine unreachable: a page that needs the
#: network fails (deploy/headless.py: the browser tests start it the same way).
from headless import CHROMIUM, OFFLINE_ARGS  # noqa: E402

REPO = Path(__file__).resolve().parents[1]
PRINT_CSS = Path(__file__).with_name("print.css")
#: Printed at 80 % (the screen's 16 px text becomes about 9.6 pt).
SCALE = 0.8
#: The margins, in inches (the footer sits in the bottom one).
MARGINS = {"top": 0.6, "bottom": 0.6, "left": 0.5, "right": 0.5}
#: Nothing is shrunk below this to fit the paper; what would need more is reported as cut off.
MIN_ZOOM = 0.45
#: A table, a block of printed text or a widget at most this part of a sheet tall is kept whole
#: (moved to the next sheet if it does not fit); a taller one runs on to the next sheet, its rows
#: whole, so no sheet is left mostly empty before it.
MAX_WHOLE = 1 / 3
#: The foot of every printed sheet (Chromium's footer template: a document of its own, 8 px text).
FOOTER_STYLE = "font-size:8px;width:100%;margin:0 0.5in;display:flex;justify-content:space-between;color:#555"
WIDGET_VIEW = 'script[type="application/vnd.jupyter.widget-view+json"]'
TIMEOUT_MS = 60_000


class ExhibitError(RuntimeError):
    """The built book cannot be printed as asked: what is missing, and what is expected."""


@dataclass(frozen=True)
class Paper:
    """A paper size: its name for Chromium, and its width and height in inches.

    >>> PAPERS["a4"].points, PAPERS["letter"].layout_width
    ((595.3, 841.9), 900)
    """

    name: str
    width: float
    height: float

    @property
    def points(self) -> tuple[float, float]:
        """Width and height in PDF points, as a PDF's media box gives them (to 0.1 pt)."""
        return round(self.width * 72, 1), round(self.height * 72, 1)

    @property
    def layout_width(self) -> int:
        """The width, in CSS px, of the printable area at :data:`SCALE`: the page is laid out at it."""
        return round((self.width - MARGINS["left"] - MARGINS["right"]) * 96 / SCALE)

    @property
    def layout_height(self) -> int:
        """The height, in CSS px, of the printable area of one sheet at :data:`SCALE`."""
        return round((self.height - MARGINS["top"] - MARGINS["bottom"]) * 96 / SCALE)

    def pdf_options(self) -> dict[str, Any]:
        """Playwright's ``page.pdf`` options for this paper and the margins (the exact size:
        Playwright's own "A4" is 8.27 x 11.7 in, not 210 x 297 mm)."""
        return {"width": f"{self.width:.4f}in", "height": f"{self.height:.4f}in",
                "margin": {k: f"{v}in" for k, v in MARGINS.items()}}


#: The papers ``--paper`` offers: US Letter (the default) and A4 (210 x 297 mm).
PAPERS = {"letter": Paper("Letter", 8.5, 11.0), "a4": Paper("A4", 210 / 25.4, 297 / 25.4)}


@dataclass(frozen=True)
class Edition:
    """What a printed copy is an edition of: the date it was printed, the project's version and
    the commit it was printed from.

    >>> e = Edition("2026-11-27", "0.1.0", "382a3e1")
    >>> e.words, e.short
    ('Edition of 2026-11-27: version 0.1.0, commit 382a3e1', '2026-11-27 \u00b7 version 0.1.0 \u00b7 382a3e1')
    """

    date: str
    version: str
    commit: str

    @property
    def words(self) -> str:
        """The edition on a title page."""
        return f"Edition of {self.date}: version {self.version}, commit {self.commit}"

    @property
    def short(self) -> str:
        """The edition in a footer."""
        return f"{self.date} \u00b7 version {self.version} \u00b7 {self.commit}"


def edition(repo: Path = REPO, env: Mapping[str, str] = os.environ) -> Edition:
    """The edition printed now from ``repo``: the date (UTC) of ``SOURCE_DATE_EPOCH`` when it is
    set, so that a rebuild prints the same, otherwise today's; ``gamelib.__version__``; the
    commit ``git rev-parse --short HEAD`` names, marked ``(modified)`` when tracked files differ
    from it, or outside a git checkout ``HANDBOOK_COMMIT`` (a container build sets it), or
    ``unknown``.

    >>> edition(Path("/"), {"SOURCE_DATE_EPOCH": "1798329600", "HANDBOOK_COMMIT": "abc1234"})
    Edition(date='2026-12-27', version='0.1.0', commit='abc1234')
    """
    import gamelib

    epoch = env.get("SOURCE_DATE_EPOCH", "").strip()
    if epoch and not epoch.isdigit():
        raise ExhibitError(f"SOURCE_DATE_EPOCH is {epoch!r}: it must be whole seconds since 1970-01-01 UTC")
    date = time.strftime("%Y-%m-%d", time.gmtime(int(epoch) if epoch else time.time()))
    return Edition(date, gamelib.__version__, _commit(repo) or env.get("HANDBOOK_COMMIT", "").strip() or "unknown")


def _commit(repo: Path) -> str | None:
    """The short commit of the checkout at ``repo``, ``(modified)`` when its tracked files differ
    from it; ``None`` when ``repo`` is not a git checkout (or git is missing)."""
    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True, timeout=60)

    try:
        head = git("rev-parse", "--short", "HEAD")
        if head.returncode != 0 or git("rev-parse", "--show-toplevel").stdout.strip() != str(repo.resolve()):
            return None
        changed = git("status", "--porcelain", "--untracked-files=no").stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head.stdout.strip() + (" (modified)" if changed else "")


@dataclass
class Printed:
    """A PDF printed here: where, its pages, and what the browser found while printing."""

    path: Path
    pages: int
    shrunk: list[str] = field(default_factory=list)     # elements scaled down to fit the paper
    cut_off: list[str] = field(default_factory=list)    # elements still wider than the paper
    controls: int = 0                                   # widget buttons/inputs still visible
    widgets: int = 0                                    # saved widget views drawn
    #: Each table with a caption: the caption's text and the first cell of the table's first row.
    captions: list[tuple[str, str]] = field(default_factory=list)
    #: The headings printed, in order: (level, text), level 1 for the page's title.
    headings: list[tuple[int, str]] = field(default_factory=list)


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
def chromium(paper: Paper) -> Iterator[Any]:
    """A browser context of Debian's headless Chromium, through Playwright (never a downloaded
    browser), its window as wide as the paper's printable area."""
    from playwright.sync_api import sync_playwright

    if not CHROMIUM.exists():
        raise ExhibitError(f"{CHROMIUM} is missing: run bash .ci/setup (it installs Debian's chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=OFFLINE_ARGS, headless=True)
        try:
            # One context for every page: the book's scripts and styles are fetched once.
            yield browser.new_context(viewport={"width": paper.layout_width, "height": paper.layout_height})
        finally:
            browser.close()


def open_page(browser: Any, url: str, paper: Paper) -> tuple[Any, list[str]]:
    """A built page, loaded, its saved widgets drawn and its math typeset, in print layout on
    ``paper``; and the list its failed requests are added to."""
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
    page.add_style_tag(content=PRINT_CSS.read_text(encoding="utf-8")
                       + f"\n@page {{ size: {paper.width:.4f}in {paper.height:.4f}in; }}\n")
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
  const candidates = article.querySelectorAll('table, pre, .widget-subarea, .cell_output img, .cell_output svg, '
      + 'mjx-container[display="true"], .output_html > div');
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

#: In the page, after fitting: a block kept whole (break-inside: avoid) that is taller than
#: MAX_WHOLE of a sheet may break (its rows and lines stay whole, a table's head repeats); each
#: table's caption -- the short text just before it (a bold "Ante", "How often each award
#: occurs:", an exhibit's pay-table caption), outside any table -- is kept whole and may not be
#: parted from it (a table inside a widget is the widget's own: its caption is the widget's).
#: Returns each caption and the first cell of its table's first row.
_KEEP = r"""(maxWhole) => {
  const article = document.querySelector('article.bd-article');
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).display !== 'none';
  const content = e => e.tagName !== 'STYLE' && e.tagName !== 'SCRIPT' && shown(e);
  const whole = ['TR', 'IMG', 'SVG', 'FIGURE', 'MJX-CONTAINER'];
  for (const e of article.querySelectorAll('*')) {
    const s = getComputedStyle(e);
    if ((s.breakInside === 'avoid' || s.breakInside === 'avoid-page') && !whole.includes(e.tagName.toUpperCase())
        && !e.closest('.gl-hand, .gl-card') && e.getBoundingClientRect().height > maxWhole)
      e.style.setProperty('break-inside', 'auto', 'important');
  }
  const text = e => e.innerText.replace(/\s+/g, ' ').trim();
  const pairs = [];
  for (const table of article.querySelectorAll('table')) {
    if (!shown(table) || table.parentElement.closest('table, .widget-subarea')) continue;
    let outer = table;
    while (outer.parentElement !== article && !['SECTION', 'ARTICLE'].includes(outer.parentElement.tagName)
           && Array.from(outer.parentElement.children).find(content) === outer) outer = outer.parentElement;
    let before = outer.previousElementSibling;
    while (before && !content(before)) before = before.previousElementSibling;
    if (!before || /^H[1-6]$/.test(before.tagName)) continue;
    const caption = text(before);
    if (!caption || caption.length > 200 || before.querySelector('table, img, svg, pre, .gl-card')) continue;
    before.style.setProperty('break-after', 'avoid', 'important');
    before.style.setProperty('break-inside', 'avoid', 'important');
    outer.style.setProperty('break-before', 'avoid', 'important');
    const cell = Array.from(table.querySelectorAll('tbody td, tbody th, td, th')).find(c => text(c));
    if (cell) pairs.push([caption, text(cell)]);
  }
  return pairs;
}"""

#: In the page: the headings shown, in order, as [level, text] (no section number or link mark).
_HEADINGS = r"""() => Array.from(document.querySelectorAll('article.bd-article :is(h1, h2, h3, h4)'))
  .filter(h => h.getClientRects().length > 0)
  .map(h => { const c = h.cloneNode(true);
              c.querySelectorAll('.section-number, .headerlink').forEach(e => e.remove());
              return [Number(h.tagName[1]), c.textContent.replace(/\s+/g, ' ').trim()]; })
  .filter(([, t]) => t)"""

#: In the page: how many widget controls are still shown, and how many widget views.
_CONTROLS = """() => {
  const shown = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const controls = document.querySelectorAll('.widget-subarea button, .widget-subarea input, '
      + '.widget-subarea select, .widget-subarea textarea');
  return {controls: Array.from(controls).filter(shown).length,
          widgets: document.querySelectorAll('.widget-subarea').length};
}"""


def lay_out(page: Any, paper: Paper) -> dict[str, Any]:
    """Make an opened page ready for ``paper`` (:data:`_PAPER`, :data:`_FIT`, :data:`_KEEP`);
    returns what was scaled (``shrunk``), what is still too wide (``cut``), the captions kept
    with their tables (``captions``), the ``headings``, and the widget ``controls`` still shown
    and ``widgets``."""
    page.evaluate(_PAPER)
    fit = page.evaluate(_FIT, MIN_ZOOM)
    captions = page.evaluate(_KEEP, MAX_WHOLE * paper.layout_height)
    headings = page.evaluate(_HEADINGS)
    return {**fit, **page.evaluate(_CONTROLS), "captions": [tuple(c) for c in captions],
            "headings": [(int(level), str(text)) for level, text in headings]}


def footer_html(left: str, middle: str, numbered: bool) -> str:
    """Chromium's footer template: ``left``, ``middle`` (the edition) and the page numbers on the
    right (``numbered``), all already HTML-escaped."""
    numbers = ('<span>page <span class="pageNumber"></span> of <span class="totalPages"></span></span>'
               if numbered else "<span></span>")
    return f'<div style="{FOOTER_STYLE}"><span>{left}</span><span>{middle}</span>{numbers}</div>'


def print_pdf(page: Any, pdf: Path, paper: Paper, footer: str, scale: float = SCALE) -> None:
    """Print ``page`` on ``paper`` with ``footer`` (:func:`footer_html`) at the foot of every sheet."""
    page.pdf(path=str(pdf), print_background=True, scale=scale, display_header_footer=True,
             header_template="<span></span>", footer_template=footer, **paper.pdf_options())
