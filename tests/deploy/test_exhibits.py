"""The handbook on paper (issue 14): deploy/exhibits.py prints a rules-and-math exhibit per banked
game and the whole book, and pypdf reads the PDFs back.

Each exhibit exists, is titled with its game, and shows as extractable text every pay table of
the game's declaration (each line and what it pays), every figure of the game's exact analysis
summary (each wager's return, the house edge, the element of risk), the optimal strategy, the par
sheet (every wager's figures, every count of its distribution of net results, every award) and
the sections an exhibit is made of; a chapter without one of them is refused. The book has a
contents page and every page of ``_toc.yml`` in order, bookmarked by part and title, each sheet
numbered through the book, and shows the widgets' saved results (suit symbols included) and none
of their buttons or inputs. No page of any PDF is blank, and no text
starts outside the printable area of its page (Chromium also measures, before printing, that
nothing in a page is wider than the paper).

The PDFs are printed once for this module, from the built book (``_build/html``, or the build
named by ``HANDBOOK_HTML``); the book must be built first (``bash .ci/book``; CI builds it before
the tests).
"""

from __future__ import annotations

import os
import re
import sys
import unicodedata
from dataclasses import dataclass
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from pypdf import PdfReader

from gamelib import BANKED_GAMES, get_game
from gamelib.analysis.banked import analyze
from gamelib.analysis.par_sheet import par_sheet
from gamelib.engine.banked import pays_text
from gamelib.games.banked import DECLARATIONS

ROOT = Path(__file__).resolve().parents[2]
HTML = Path(os.environ.get("HANDBOOK_HTML", ROOT / "_build" / "html")).resolve()
sys.path.insert(0, str(ROOT / "deploy"))
import exhibits  # noqa: E402  (deploy/exhibits.py)

#: The printable area of a Letter page, in PDF points (deploy/exhibits.PAPER's margins), with a
#: point of slack for rounding.
PAGE_W, PAGE_H = 612.0, 792.0
RIGHT, TOP, BOTTOM = PAGE_W - 0.5 * 72 + 1, PAGE_H - 0.6 * 72 + 1, 0.6 * 72 - 1


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory) -> dict[str, exhibits.Printed]:
    if not (HTML / "index.html").is_file():
        pytest.fail(f"no built book in {HTML}: build it first (bash .ci/book), or set HANDBOOK_HTML "
                    "to a book built elsewhere")
    return exhibits.build(HTML, tmp_path_factory.mktemp("pdf"))


def flat(text: str) -> str:
    """PDF text as one line: ligatures undone (fl), typographic quotes and minus signs plain."""
    return " ".join(exhibits.plain(unicodedata.normalize("NFKC", text).replace("\u2212", "-")).split())


@dataclass
class Read:
    """A printed PDF read back once: each page's text (flattened), and where its text runs start."""

    pages: list[str]
    body: list[list[tuple[int, int, str]]]      # per page: runs inside the printable area
    outside: list[list[tuple[int, int, str]]]   # per page: runs starting off the page

    @property
    def text(self) -> str:
        return " ".join(self.pages)


def read(path: Path) -> Read:
    """Every page's text, and its runs: in the printable area (the footer's page numbers, in the
    bottom margin, left out), or starting off the page (right of the printable area, or outside
    the page box). pypdf places a run drawn inside a transparency group (a faded card) in the
    group's own coordinates, near the page's origin, so a run left of the margin is not counted."""
    out = Read([], [], [])
    for page in PdfReader(path).pages:
        body: list[tuple[int, int, str]] = []
        outside: list[tuple[int, int, str]] = []

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
            if not text.strip():
                return
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            run = (round(x), round(y), text[:40])
            if not (0 <= x <= RIGHT and 0 <= y <= PAGE_H):
                outside.append(run)
            elif BOTTOM <= y <= TOP:
                body.append(run)

        out.pages.append(flat(page.extract_text(visitor_text=visit)))
        out.body.append(body)
        out.outside.append(outside)
    return out


@pytest.fixture(scope="module")
def pdfs(printed: dict[str, exhibits.Printed]) -> dict[str, Read]:
    return {name: read(done.path) for name, done in printed.items()}


# --- the exhibits -------------------------------------------------------------------------------

@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_is_titled_with_its_game(printed: dict[str, exhibits.Printed], key: str) -> None:
    game = DECLARATIONS[key]
    pdf = PdfReader(printed[key].path)
    first = flat(pdf.pages[0].extract_text())
    assert first.startswith(f"Exhibit A {flat(game.title)}"), first[:200]
    assert game.filing in first
    assert pdf.metadata is not None and flat(str(pdf.metadata.title)) == f"Exhibit A: {flat(game.title)}"


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_shows_every_declared_pay_table(pdfs: dict[str, Read], key: str) -> None:
    text = pdfs[key].text
    for table in DECLARATIONS[key].pay_tables:
        at = text.find(f"{table.name} pay table")
        assert at >= 0, f"{key}: no caption for the {table.name} pay table"
        rows = text[at:]
        for line in table.lines:
            pays = pays_text(line.pays)
            found = re.search(re.escape(flat(line.outcome)) + r"\s+" + re.escape(pays) + r"\b", rows)
            assert found, f"{key}: {table.name}: no row {line.outcome!r} paying {pays!r} after its caption"
            rows = rows[found.end():]  # the rows in the declared order


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_shows_the_house_edge_and_every_return(pdfs: dict[str, Read], key: str) -> None:
    text = pdfs[key].text
    analysis = analyze(get_game(key))
    figures = dict(zip(analysis.summary["figure"], analysis.summary["value"]))
    edge = [v for f, v in figures.items() if "house edge" in f]
    assert edge and all(v > 0 for v in edge)
    for figure, value in figures.items():
        assert f"{value:+.6f}" in text, f"{key}: {figure} ({value:+.6f}) is not in the exhibit"
    for wager, table in analysis.tables.items():
        assert f"{float(table.attrs['return']):+.6f}" in text, f"{key}: the {wager} return is not in the exhibit"
        total = f"{table.attrs['total']:,}"
        assert total in text, f"{key}: the {wager} table's total, {total} deals, is not in the exhibit"


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_shows_the_strategy_and_its_sections_only(pdfs: dict[str, Read], key: str) -> None:
    text = pdfs[key].text
    strategy = analyze(get_game(key)).strategy.summary().splitlines()
    assert flat(strategy[0]) in text and flat(strategy[-1])[:60] in text
    for heading in exhibits.EXHIBIT_SECTIONS:
        assert heading in text, f"{key}: the exhibit has no section {heading!r}"
    for heading in (*exhibits.LEFT_OUT, "Try it yourself", "Saved example", "Show code cell source"):
        assert heading not in text, f"{key}: {heading!r} is in the exhibit"


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_shows_the_par_sheet(pdfs: dict[str, Read], key: str) -> None:
    """Every wager's par-sheet figures and the whole distribution of its net results (every count
    of deals), and each award's count, as gamelib's par sheet computes them."""
    text = pdfs[key].text
    sheet = par_sheet(get_game(key))
    par = text[text.index("Par sheet"):]
    assert f"{float(sheet.game.house_edge):.2%}" in par and f"${sheet.game.largest_win:,}" in par
    for wager, s in sheet.sheets().items():
        for figure, value in s.figures():
            assert flat(value) in par, f"{key}: {wager}: {figure} {value!r} is not in the par sheet"
        for net, count in s.distribution:
            assert f"{count:,}" in par, f"{key}: {wager}: {count:,} deals netting {net} are not in the par sheet"
        for award, count in s.awards:
            assert re.search(re.escape(flat(award)) + r"\s+" + f"{count:,}", par), f"{key}: {wager}: award {award!r}"


def test_a_chapter_without_a_needed_section_is_refused(tmp_path: Path) -> None:
    if not (HTML / "index.html").is_file():
        pytest.fail(f"no built book in {HTML}: build it first (bash .ci/book)")
    with pytest.raises(exhibits.ExhibitError, match=r"has no section 'Shuffle procedure', which the exhibit needs; "
                                                    r"its sections are: 'The object of the game'"):
        exhibits.build(HTML, tmp_path, book=False, sections=(*exhibits.EXHIBIT_SECTIONS, "Shuffle procedure"),
                       workers=1)
    assert not list(tmp_path.glob("*.pdf"))


# --- the book -----------------------------------------------------------------------------------

def toc() -> list[tuple[str, str]]:
    """Every page of _toc.yml as built, in order, with its part's caption ("" for the root) and
    its title (its <h1> without the section number)."""
    data = yaml.safe_load((ROOT / "_toc.yml").read_text(encoding="utf-8"))
    files = [("", data["root"])]
    for part in data["parts"]:
        files += [(part["caption"], chapter["file"]) for chapter in part["chapters"]]
    out = []
    for caption, f in files:
        page = (HTML / f"{f}.html").read_text(encoding="utf-8")
        article = page[page.index("<article"):]
        h1 = BeautifulSoup(article[:article.index("</h1>") + 5], "html.parser").select_one("h1")
        assert h1 is not None, f
        for tag in h1.select(".section-number, .headerlink"):
            tag.decompose()
        out.append((caption, flat(h1.get_text(" "))))
    return out


def outline(pdf: PdfReader) -> list[tuple[int, str, int]]:
    """The PDF's bookmarks, depth first: (depth, title, page index)."""
    out: list[tuple[int, str, int]] = []

    def walk(items: list[object], depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                out.append((depth, flat(item.title), pdf.get_destination_page_number(item)))  # type: ignore[attr-defined]

    walk(pdf.outline, 0)
    return out


def test_the_book_has_every_chapter_in_order_with_its_contents_and_page_numbers(
        printed: dict[str, exhibits.Printed], pdfs: dict[str, Read]) -> None:
    pdf = PdfReader(printed["book"].path)
    book = pdfs["book"]
    pages = toc()
    expected: list[tuple[int, str]] = [(0, "Contents")]
    for caption, title in pages:
        if caption and caption not in [t for d, t in expected if d == 0]:
            expected.append((0, caption))
        expected.append((1 if caption else 0, title))
    marks = outline(pdf)
    assert [(d, t) for d, t, _ in marks] == expected
    chapters = [(t, p) for d, t, p in marks if d == 1 or (d == 0 and t == pages[0][1])]
    assert [t for t, _ in chapters] == [t for _, t in pages]
    chapter_starts = [p for _, p in chapters]
    assert chapter_starts == sorted(set(chapter_starts)) and marks[0][2] == 0
    contents = " ".join(book.pages[:chapter_starts[0]])
    for title, start in chapters:
        assert title in book.pages[start], f"{title!r} is not on its first page ({start + 1})"
        assert re.search(re.escape(title) + rf" {start + 1}\b", contents), f"the contents do not give {title!r} page {start + 1}"
    sheets = len(book.pages)
    missing = [i for i, text in enumerate(book.pages, 1) if f"page {i} of {sheets}" not in text]
    assert not missing, f"pages without their number in the book: {missing[:10]}"


def test_the_book_shows_saved_widgets_without_their_controls(printed: dict[str, exhibits.Printed],
                                                             pdfs: dict[str, Read]) -> None:
    book = printed["book"]
    assert book.widgets > 0 and book.controls == 0
    text = pdfs["book"].text
    marks = sum((HTML / f"{p.docname}.html").read_text(encoding="utf-8").count('<div class="live-mark"')
                for p in exhibits.pages(HTML))
    assert marks > 0 and text.count("Saved example:") == marks
    assert "Show code cell source" not in text and "deploy/serve (see the README" not in text
    for suit in "\u2660\u2665\u2666\u2663":
        assert text.count(suit) > 50, f"suit {suit} is not extractable text in the book"


def test_no_page_is_blank_or_cut_off(printed: dict[str, exhibits.Printed], pdfs: dict[str, Read]) -> None:
    problems = []
    for name, done in printed.items():
        problems += [f"{name}: wider than the paper in Chromium: {c}" for c in done.cut_off]
        pages = PdfReader(done.path).pages
        assert len(pages) == done.pages == len(pdfs[name].pages) > 0
        for number, (page, body, outside) in enumerate(zip(pages, pdfs[name].body, pdfs[name].outside), 1):
            assert [float(v) for v in page.mediabox] == [0, 0, PAGE_W, PAGE_H]
            if not body:
                problems.append(f"{name}: page {number} has no text")
            problems += [f"{name}: page {number}: text starts off the printable area at {o}" for o in outside]
    assert not problems, "\n".join(problems[:30])


def test_the_builders_examples_hold() -> None:
    """deploy/ is outside gamelib's doctests (.ci/test): the examples of the builder and of the
    live book's build (whose table of contents it reads) are run here."""
    import doctest

    import live_build  # deploy/live_build.py, on the path exhibits put it on

    for module in (exhibits, live_build):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__
