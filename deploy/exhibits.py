"""Print the handbook on paper: a rules-and-math exhibit per banked game, and the whole book.

Run after the book is built (``bash deploy/print`` builds it first when it is missing)::

    .venv/bin/python deploy/exhibits.py                     # _build/html -> _build/pdf, US Letter
    .venv/bin/python deploy/exhibits.py --paper a4 --html /tmp/book/_build/html --out /tmp/pdf

It writes ``_build/pdf/``:

* ``exhibit-<game>.pdf`` -- for each banked game, an exhibit in the shape of the rule filings
  ("Exhibit A"): the rules in words, the hand ranks, the settlement and its pay tables, the exact
  numbers and house edge, the optimal strategy and the par sheet, taken from the game's chapter
  of the built book (the sections in :data:`EXHIBIT_SECTIONS`; worked hands and widgets are
  left out), a bookmark per section;
* ``handbook.pdf`` -- a contents page, then every page of the table of contents in order, the
  sheets numbered through the whole book, a bookmark per part and per chapter.

Every PDF carries its edition (:func:`printing.edition`: the date, the project's version and the
commit) under its title and at the foot of every sheet, on US Letter or A4 (``--paper``).

How. Debian's Chromium (the one the browser tests use), driven by Playwright, opens each built
page from a server on 127.0.0.1 with every other host unreachable, waits until the saved widgets
are drawn by the vendored widget manager and the math by the vendored MathJax, adds the print
style sheet beside this file (``print.css``: no navigation, no code, no widget buttons or inputs,
only the results the widgets were saved with), scales down anything wider than the paper, lets
tall tables run on to the next sheet and keeps each caption with its table (``printing.py``),
and prints it; pypdf joins the pages of the book, lays the page numbers over them and adds the
bookmarks. So the paper shows what a reader of the web book sees (card pictures, suit symbols,
tables, figures), with no network.
"""

from __future__ import annotations

import argparse
import html
import sys
import tempfile
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml
from pypdf import PdfReader, PdfWriter

sys.path.insert(0, str(Path(__file__).resolve().parent))
from live_build import toc_entries  # noqa: E402  (deploy/live_build.py: the table of contents, read once)
from printing import (  # noqa: E402  (deploy/printing.py: the paper, the edition, the browser)
    PAPERS,
    REPO,
    Edition,
    ExhibitError,
    Paper,
    Printed,
    chromium,
    edition,
    footer_html,
    lay_out,
    open_page,
    print_pdf,
    serving,
)

__all__ = ["EXHIBIT_SECTIONS", "LEFT_OUT", "PAPERS", "Edition", "ExhibitError", "Page", "Paper", "Printed",
           "banked_chapters", "book_title", "build", "contents_html", "edition", "exhibit_jobs", "main", "pages",
           "page_title", "plain"]

#: The sections of a banked game's chapter that make its exhibit, by heading, in the book's order.
#: Each must be in the chapter (a chapter without one is refused, naming it); a kept section's
#: subsections come with it except those in :data:`LEFT_OUT`. Every other section is left out.
EXHIBIT_SECTIONS = ("The object of the game", "The deal and the wagers", "How the hands rank", "Settlement",
                    "The numbers", "The optimal strategy", "Par sheet")
#: Inside the kept sections: illustrations for a new dealer, not rules (a filing has none).
LEFT_OUT = ("Worked hands",)


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


#: In a banked chapter: keep the exhibit's sections (by heading), drop the rest, add the
#: exhibit's heading (with the edition), and caption each declared pay table where the chapter
#: shows it (the table whose rows name the pay lines, in order); returns the headings found and
#: the pay tables not.
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
  const missing = [], headed = [];
  const headings = table => table.querySelectorAll(':scope > caption').length
      + (table.previousElementSibling && table.previousElementSibling.matches('p.exhibit-pay-table') ? 1 : 0);
  for (const t of x.payTables) {
    const table = Array.from(top.querySelectorAll('table')).find(tb => {
      const rows = Array.from(tb.querySelectorAll('tbody tr')).map(r => r.querySelector('td, th'));
      return rows.length === t.lines.length && rows.every((c, i) => c && norm(c.textContent) === t.lines[i]);
    });
    if (!table) { missing.push(t.name); continue; }
    const own = table.querySelector(':scope > caption');
    if (own) {  // the book's own title of the table: the exhibit's words in its place, one heading
      own.textContent = t.caption;
      own.classList.add('exhibit-pay-table');
    } else {
      const cap = document.createElement('p');
      cap.className = 'exhibit-pay-table';
      cap.textContent = t.caption;
      table.before(cap);
    }
    headed.push([t.name, headings(table)]);
  }
  for (const n of document.querySelectorAll('article .section-number')) n.remove();
  document.querySelectorAll('.onlyprint, #jb-print-docs-body, .live-mark').forEach(e => e.remove());
  document.title = x.title;
  const header = document.createElement('header');
  header.className = 'exhibit-head';
  header.innerHTML = '<p class="exhibit-label">Exhibit A</p><h1></h1><p class="exhibit-sub"></p>'
      + '<p class="exhibit-edition"></p>';
  header.querySelector('h1').textContent = x.title;
  header.querySelector('.exhibit-sub').textContent = x.sub;
  header.querySelector('.exhibit-edition').textContent = x.edition;
  top.prepend(header);
  return {found, missing, headed};
}"""


def _escape(text: str) -> str:
    return html.escape(text, quote=True)


def _print_page(browser: Any, url: str, job: Job) -> Printed:
    page, failed = open_page(browser, url, job.paper)
    try:
        if job.exhibit is not None:
            seen = page.evaluate(_EXHIBIT, {**job.exhibit, "leftOut": list(LEFT_OUT)})
            where = url.split("/", 3)[-1]
            missing = [s for s in job.exhibit["keep"] if s not in seen["found"]]
            if missing:
                raise ExhibitError(f"{where}: the chapter has no section "
                                   f"{', '.join(repr(m) for m in missing)}, which the exhibit needs; "
                                   f"its sections are: {', '.join(repr(f) for f in seen['found'])} "
                                   "(if its notebook has it, the book was built before: bash .ci/book)")
            if seen["missing"]:
                raise ExhibitError(f"{where}: the exhibit's sections show no table of the "
                                   f"{', '.join(seen['missing'])} pay lines, as declared in gamelib "
                                   "(a table whose rows are the pay lines, best first)")
            twice = [f"{name} ({n} headings)" for name, n in seen["headed"] if n != 1]
            if twice:
                raise ExhibitError(f"{where}: a pay table must have one heading, the exhibit's caption: "
                                   f"{', '.join(twice)}")
        done = lay_out(page, job.paper)
        if failed:
            raise ExhibitError(f"{url}: requests failed while printing: {'; '.join(failed[:5])}")
        print_pdf(page, job.pdf, job.paper, footer_html(job.footer, _escape(job.edition.short), job.numbered))
    finally:
        page.close()
    return Printed(job.pdf, len(PdfReader(job.pdf).pages), done["shrunk"], done["cut"], done["controls"],
                   done["widgets"], done["captions"], done["headings"])


# --- what is printed --------------------------------------------------------------------------

@dataclass(frozen=True)
class Job:
    """One page to print: the built page, the PDF to write, the paper, the edition, the left of
    its footer, and for an exhibit what to keep of the chapter (see :data:`_EXHIBIT`); an
    exhibit gets a bookmark per heading."""

    html: str
    pdf: Path
    paper: Paper
    edition: Edition
    footer: str
    exhibit: dict[str, Any] | None = None
    numbered: bool = True


def exhibit_jobs(html_dir: Path, out: Path, paper: Paper, ed: Edition, sections: tuple[str, ...] = EXHIBIT_SECTIONS,
                 keys: tuple[str, ...] | None = None) -> dict[str, Job]:
    """One exhibit per banked game (those of ``keys``, or all), ``out/exhibit-<key>.pdf``, from its
    chapter of the built book."""
    from gamelib.games.banked import DECLARATIONS

    chapters = banked_chapters(html_dir)
    unknown = sorted(set(keys or ()) - set(chapters))
    if unknown:
        raise ExhibitError(f"no banked game {', '.join(map(repr, unknown))}; the games are: {', '.join(chapters)}")
    jobs = {}
    for key, chapter in chapters.items():
        if keys is not None and key not in keys:
            continue
        game = DECLARATIONS[key]
        sub = (f"Rules and math exhibit, from the chapter \u201c{chapter.title}\u201d of the handbook; "
               f"rule filing {game.filing}; rulings {', '.join(game.rulings)}.")
        pay_tables = [{"name": t.name, "lines": [plain(line.outcome) for line in t.lines],
                       "caption": f"{t.name} pay table: paid on {game.hand(t.hand).words}"}
                      for t in game.pay_tables]
        jobs[key] = Job(chapter.html, out / f"exhibit-{key}.pdf", paper, ed, _escape(f"Exhibit A \u00b7 {game.title}"),
                        {"keep": list(sections), "title": game.title, "sub": sub, "payTables": pay_tables,
                         "edition": ed.words})
    return jobs


def _print_all(base: str, jobs: list[Job], workers: int) -> list[Printed]:
    """Print every job, ``workers`` browsers at a time (each page waits on its scripts as much as
    it computes); the first refusal stops them all and is raised."""
    results: list[Printed | None] = [None] * len(jobs)
    stop = threading.Event()

    def run(indexes: list[int]) -> None:
        with chromium(jobs[indexes[0]].paper) as browser:
            for i in indexes:
                if stop.is_set():
                    return
                try:
                    results[i] = _print_page(browser, f"{base}/{jobs[i].html}", jobs[i])
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


def contents_html(title: str, parts: list[tuple[Page, int]], edition_words: str = "") -> str:
    """The book's contents page: its title and edition, then every page of the table of contents
    under its part's caption, with the number of the sheet it starts on.

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
            "h1{font-size:24pt;font-weight:500;text-align:center;margin:0.5in 0 0.15in}"
            "p.edition{text-align:center;font-size:10pt;color:#333;margin:0 0 0.45in}"
            "h2{font-size:15pt;font-weight:500;margin:0 0 0.6em}"
            "table{width:100%;border-collapse:collapse}td{padding:3px 0}td+td{text-align:right}"
            "tr.part td{font-weight:bold;padding-top:0.9em}tr{break-inside:avoid}"
            f"</style></head><body><h1>{_escape(title)}</h1><p class='edition'>{_escape(edition_words)}</p>"
            f"<h2>Contents</h2><table>{''.join(rows)}</table></body></html>")


def _print_html(browser: Any, html_text: str, pdf: Path, paper: Paper, footer: str) -> int:
    """Print a page made here (not one of the book's), at full scale; returns its sheets."""
    page = browser.new_page()
    try:
        page.set_content(html_text, wait_until="load")
        print_pdf(page, pdf, paper, footer, scale=1.0)
    finally:
        page.close()
    return len(PdfReader(pdf).pages)


def _join_book(parts: list[tuple[Page, Printed]], pdf: Path, browser: Any, tmp: Path, paper: Paper,
               ed: Edition) -> Printed:
    """The printed pages as one book: a contents page first (with the edition), every sheet
    numbered through the whole book, a bookmark per page of the table of contents (under its
    part's caption)."""
    title = book_title()
    contents = tmp / "contents.pdf"
    front = 1
    for _ in range(3):   # the contents' own length moves every start: print until it holds
        starts, at = [], front + 1
        for _, done in parts:
            starts.append(at)
            at += done.pages
        sheets = _print_html(browser,
                             contents_html(title, [(p, n) for (p, _), n in zip(parts, starts, strict=True)], ed.words),
                             contents, paper,
                             footer_html(_escape(f"{title} \u00b7 Contents"), _escape(ed.short), False))
        if sheets == front:
            break
        front = sheets
    writer = PdfWriter()
    writer.append(str(contents))
    writer.add_outline_item(title="Contents", page_number=0)
    total = Printed(pdf, 0)
    part, parent = None, None
    for (page, done), start in zip(parts, starts, strict=True):
        writer.append(str(done.path), import_outline=False)
        if page.part != part:
            part = page.part
            parent = writer.add_outline_item(title=part, page_number=start - 1) if part else None
        writer.add_outline_item(title=page.title, page_number=start - 1, parent=parent)
        total.shrunk += [f"{page.docname}: {s}" for s in done.shrunk]
        total.cut_off += [f"{page.docname}: {s}" for s in done.cut_off]
        total.controls += done.controls
        total.widgets += done.widgets
        total.captions += done.captions
    # The sheet numbers: a document of as many empty sheets, only its footer's numbers printed,
    # laid over the book's sheets.
    numbers = tmp / "numbers.pdf"
    _print_html(browser, "<style>div{break-after:page;height:1px}</style>" + "<div></div>" * len(writer.pages),
                numbers, paper, footer_html("", "", True))
    for sheet, number in zip(writer.pages, PdfReader(numbers).pages, strict=False):
        sheet.merge_page(number)
    _describe(writer, title, ed)
    writer.page_mode = "/UseOutlines"
    with open(pdf, "wb") as f:
        writer.write(f)
    total.pages = len(writer.pages)
    return total


def _describe(writer: PdfWriter, title: str, ed: Edition) -> None:
    """The PDF's title, and its edition as its subject."""
    writer.add_metadata({"/Title": title, "/Subject": ed.words})


def heading_places(pdf: Path, headings: list[tuple[int, str]]) -> list[tuple[int, str, int, float]]:
    """Where each of ``headings`` (in order) is printed in ``pdf``: (level, text, sheet index,
    height of its line in PDF points), each found as a line of its own on the sheet of the one
    before it or a later one. A heading not found is refused (the PDF is not the page printed)."""
    found: dict[int, list[tuple[str, float]]] = {}
    reader = PdfReader(pdf)
    out, sheet = [], 0
    for level, text in headings:
        while True:
            if sheet >= len(reader.pages):
                raise ExhibitError(f"{pdf.name}: the heading {text!r} is not printed as a line of its own")
            if sheet not in found:
                runs: list[tuple[str, float]] = []
                reader.pages[sheet].extract_text(visitor_text=lambda t, cm, tm, font, size, runs=runs: runs.append(
                    (t, cm[1] * tm[4] + cm[3] * tm[5] + cm[5])))
                found[sheet] = [(" ".join(plain(t).split()), y) for t, y in runs]
            line = next((y for t, y in found[sheet] if t == " ".join(plain(text).split())), None)
            if line is not None:
                found[sheet] = found[sheet][[t for t, _ in found[sheet]].index(" ".join(plain(text).split())) + 1:]
                out.append((level, text, sheet, line))
                break
            sheet += 1
    return out


def _set_title(pdf: Path, title: str, ed: Edition, headings: list[tuple[int, str]]) -> None:
    """The exhibit's title and edition, and a bookmark per heading, nested by level."""
    from pypdf.generic import Fit

    places = heading_places(pdf, headings)
    writer = PdfWriter(clone_from=str(pdf))
    _describe(writer, title, ed)
    parents: dict[int, Any] = {}
    for level, text, sheet, y in places:
        parent = next((parents[k] for k in sorted(parents, reverse=True) if k < level), None)
        parents = {k: v for k, v in parents.items() if k < level}
        parents[level] = writer.add_outline_item(title=text, page_number=sheet, parent=parent,
                                                 fit=Fit.fit_horizontally(top=y + 20))
    writer.page_mode = "/UseOutlines"
    with open(pdf, "wb") as f:
        writer.write(f)


def build(html_dir: Path, out: Path, exhibits: bool = True, book: bool = True,
          sections: tuple[str, ...] = EXHIBIT_SECTIONS, workers: int = 2, paper: Paper = PAPERS["letter"],
          keys: tuple[str, ...] | None = None, ed: Edition | None = None) -> dict[str, Printed]:
    """Print what is asked from the book built in ``html_dir`` into ``out`` on ``paper``: the
    exhibits (``exhibit-<key>.pdf``, for the games of ``keys`` or all) and the book
    (``handbook.pdf``), each of edition ``ed`` (:func:`edition` by default). Returns each PDF, by
    game key and ``"book"``, with what the browser found while printing it."""
    from gamelib.games.banked import DECLARATIONS

    if not (html_dir / "index.html").is_file():
        raise ExhibitError(f"no built book in {html_dir}: build it first (bash .ci/book), "
                           "or print with bash deploy/print, which builds it when it is missing")
    ed = ed or edition()
    out.mkdir(parents=True, exist_ok=True)
    by_game = exhibit_jobs(html_dir, out, paper, ed, sections, keys) if exhibits else {}
    title = book_title()
    with tempfile.TemporaryDirectory(prefix="handbook-pdf-") as tmp:
        chapters = pages(html_dir) if book else []
        book_jobs = [Job(p.html, Path(tmp) / f"{i:03d}.pdf", paper, ed, _escape(f"{title} \u00b7 {p.title}"),
                         numbered=False) for i, p in enumerate(chapters)]
        with serving(html_dir) as base:
            printed = _print_all(base, [*by_game.values(), *book_jobs], workers)
        done = dict(zip(by_game, printed, strict=False))  # the book's chapters are printed after the exhibits
        for key, exhibit in done.items():
            _set_title(exhibit.path, f"Exhibit A: {DECLARATIONS[key].title}", ed, exhibit.headings)
        if book:
            with chromium(paper) as browser:
                done["book"] = _join_book(list(zip(chapters, printed[len(by_game):], strict=True)),
                                          out / "handbook.pdf", browser, Path(tmp), paper, ed)
    return done


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    p.add_argument("--html", type=Path, default=REPO / "_build" / "html", help="the built book (default: _build/html)")
    p.add_argument("--out", type=Path, default=REPO / "_build" / "pdf",
                   help="where to write the PDFs (default: _build/pdf)")
    p.add_argument("--paper", choices=sorted(PAPERS), default="letter",
                   help="the paper: US Letter or A4, with the same margins (default: letter)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--exhibits-only", action="store_true", help="print the exhibits, not the book")
    what.add_argument("--book-only", action="store_true", help="print the book, not the exhibits")
    p.add_argument("--workers", type=int, default=2, help="browsers printing at once (default: 2)")
    args = p.parse_args(argv)
    start = time.monotonic()
    try:
        done = build(args.html.resolve(), args.out.resolve(), exhibits=not args.book_only, book=not args.exhibits_only,
                     workers=args.workers, paper=PAPERS[args.paper])
    except ExhibitError as err:
        print(f"exhibits: {err}", file=sys.stderr)
        return 1
    for printed in done.values():
        print(f"exhibits: {printed.path} ({printed.pages} pages)")
        for s in printed.shrunk:
            print(f"  scaled to fit the paper: {s}")
        for c in printed.cut_off:
            print(f"  WIDER THAN THE PAPER: {c}", file=sys.stderr)
        if printed.controls:
            print(f"  {printed.controls} widget controls still shown", file=sys.stderr)
    print(f"exhibits: {len(done)} PDFs on {PAPERS[args.paper].name} in {args.out} in {time.monotonic() - start:.1f} s")
    bad = any(p.cut_off or p.controls for p in done.values())
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
