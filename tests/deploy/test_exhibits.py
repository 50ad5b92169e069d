"""The handbook on paper: deploy/exhibits.py prints a rules-and-math exhibit per banked
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

Every PDF carries its edition (date, version, commit) on its title page and in the
footer of every sheet; each exhibit has a bookmark per section; A4 prints as well as US Letter;
no caption is parted from its table and no sheet but the last of an exhibit or chapter is left
mostly empty (its text ends in the top half of the printable area); no wager is named by its
key; the Crazy 4 exhibit prints the complete strategy, every hand where card removal decides.

The PDFs are printed once for this module, from the built book (``_build/html``, or the build
named by ``HANDBOOK_HTML``); the book must be built first (``bash .ci/book``; CI builds it before
the tests).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml
from bs4 import BeautifulSoup
from pypdf import PdfReader

import gamelib
from gamelib import BANKED_GAMES, get_game
from gamelib.analysis.banked import analyze
from gamelib.analysis.banked.crazy4_band import band_text, card_removal_band
from gamelib.analysis.par_sheet import par_sheet
from gamelib.engine.banked import pays_text
from gamelib.games.banked import DECLARATIONS

ROOT = Path(__file__).resolve().parents[2]
HTML = Path(os.environ.get("HANDBOOK_HTML", ROOT / "_build" / "html")).resolve()
sys.path.insert(0, str(ROOT / "deploy"))
import exhibits  # noqa: E402  (deploy/exhibits.py)

#: US Letter and A4 in PDF points (8.5 x 11 in; 210 x 297 mm), and the margins deploy/printing.py
#: prints with (0.5 in at the sides, 0.6 in at the top and the bottom).
LETTER, A4 = (612.0, 792.0), (595.3, 841.9)
SIDE, TOP_BOTTOM = 0.5 * 72, 0.6 * 72
#: The date the PDFs are printed as (SOURCE_DATE_EPOCH), 2026-03-01.
EPOCH = 1772323200


def expected_edition() -> tuple[str, str]:
    """The edition the PDFs must carry, found here with git: (on the title page, in the footer)."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                              check=True).stdout.strip()

    commit = git("rev-parse", "--short", "HEAD")
    if git("status", "--porcelain", "--untracked-files=no"):
        commit += " (modified)"
    date = time.strftime("%Y-%m-%d", time.gmtime(EPOCH))
    return (f"Edition of {date}: version {gamelib.__version__}, commit {commit}",
            f"{date} \u00b7 version {gamelib.__version__} \u00b7 {commit}")


@pytest.fixture(scope="module")
def edition_printed() -> tuple[str, str]:
    """The edition, found before printing."""
    return expected_edition()


@pytest.fixture(scope="module")
def printed(tmp_path_factory: pytest.TempPathFactory, edition_printed: tuple[str, str]) -> dict[str, exhibits.Printed]:
    if not (HTML / "index.html").is_file():
        pytest.fail(f"no built book in {HTML}: build it first (bash .ci/book), or set HANDBOOK_HTML "
                    "to a book built elsewhere")
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SOURCE_DATE_EPOCH", str(EPOCH))
        return exhibits.build(HTML, tmp_path_factory.mktemp("pdf"))


@pytest.fixture(scope="module")
def a4(tmp_path_factory: pytest.TempPathFactory) -> exhibits.Printed:
    """The Crazy 4 exhibit on A4 (its longest tables and the strategy card)."""
    return exhibits.build(HTML, tmp_path_factory.mktemp("a4"), book=False, keys=("crazy4",),
                          paper=exhibits.PAPERS["a4"], workers=1)["crazy4"]


def flat(text: str) -> str:
    """PDF text as one line: ligatures undone (fl), typographic quotes and minus signs plain."""
    return " ".join(exhibits.plain(unicodedata.normalize("NFKC", text).replace("\u2212", "-")).split())


@dataclass
class Read:
    """A printed PDF read back once: each page's text (flattened), and where its text runs start."""

    pages: list[str]
    body: list[list[tuple[int, int, str]]]      # per page: runs inside the printable area
    outside: list[list[tuple[int, int, str]]]   # per page: runs starting off the page
    fill: list[float] = field(default_factory=list)   # per page: the part of the printable height
                                                      # down to its lowest line of text (0 to 1)

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
        page_w, page_h = float(page.mediabox[2]), float(page.mediabox[3])
        right, top, bottom = page_w - SIDE + 1, page_h - TOP_BOTTOM + 1, TOP_BOTTOM - 1

        def visit(text: str, cm: list[float], tm: list[float], font: object, size: float, *,
                  right: float = right, top: float = top, bottom: float = bottom, page_h: float = page_h,
                  body: list[tuple[int, int, str]] = body, outside: list[tuple[int, int, str]] = outside) -> None:
            if not text.strip():
                return
            x = cm[0] * tm[4] + cm[2] * tm[5] + cm[4]
            y = cm[1] * tm[4] + cm[3] * tm[5] + cm[5]
            run = (round(x), round(y), text[:40])
            if not (0 <= x <= right and 0 <= y <= page_h):
                outside.append(run)
            elif bottom <= y <= top:
                body.append(run)

        out.pages.append(flat(page.extract_text(visitor_text=visit)))
        out.body.append(body)
        out.outside.append(outside)
        lowest = min((y for _, y, _ in body), default=top)
        out.fill.append((page_h - TOP_BOTTOM - lowest) / (page_h - 2 * TOP_BOTTOM))
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
    figures = dict(zip(analysis.summary["figure"], analysis.summary["value"], strict=True))
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
        assert re.search(re.escape(title) + rf" {start + 1}\b", contents), \
            f"the contents do not give {title!r} page {start + 1}"
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
        for number, (page, body, outside) in enumerate(zip(pages, pdfs[name].body, pdfs[name].outside, strict=True), 1):
            assert [round(float(v), 1) for v in page.mediabox] == [0, 0, *LETTER]
            if not body:
                problems.append(f"{name}: page {number} has no text")
            problems += [f"{name}: page {number}: text starts off the printable area at {o}" for o in outside]
    assert not problems, "\n".join(problems[:30])


def test_the_builders_examples_hold() -> None:
    """deploy/ is outside gamelib's doctests (.ci/test): the examples of the builder and of the
    live book's build (whose table of contents it reads) are run here."""
    import doctest

    import live_build  # deploy/live_build.py, on the path exhibits put it on
    import printing  # deploy/printing.py

    for module in (exhibits, live_build, printing):
        result = doctest.testmod(module)
        assert result.attempted > 0 and result.failed == 0, module.__name__


# --- the edition, bookmarks, A4, layout, names, the complete strategy ---------------------------

def test_every_pdf_carries_its_edition_on_its_title_page_and_every_sheet(
        printed: dict[str, exhibits.Printed], pdfs: dict[str, Read], edition_printed: tuple[str, str]) -> None:
    words, short = (flat(e) for e in edition_printed)
    assert "unknown" not in words and re.search(r"commit [0-9a-f]{7}", words)
    for name, done in printed.items():
        title_page = pdfs[name].pages[0]
        assert words in title_page, f"{name}: the title page does not carry {words!r}: {title_page[:300]}"
        if name != "book":
            assert title_page.index(words) < title_page.index("The object of the game")
        missing = [i for i, text in enumerate(pdfs[name].pages, 1) if short not in text]
        assert not missing, f"{name}: sheets without the edition {short!r} in their footer: {missing[:10]}"
        assert flat(str(PdfReader(done.path).metadata.subject)) == words


def test_the_edition_is_dated_reproducibly_and_named_outside_a_checkout(tmp_path: Path) -> None:
    import printing  # deploy/printing.py

    e = exhibits.edition(tmp_path, {"SOURCE_DATE_EPOCH": str(EPOCH)})
    assert (e.date, e.version, e.commit) == ("2026-03-01", gamelib.__version__, "unknown")
    assert exhibits.edition(tmp_path, {"HANDBOOK_COMMIT": "abc1234"}).commit == "abc1234"
    assert exhibits.edition(tmp_path, {}).date == time.strftime("%Y-%m-%d", time.gmtime())
    assert re.fullmatch(r"[0-9a-f]{7,}( \(modified\))?", exhibits.edition(ROOT, {"HANDBOOK_COMMIT": "x"}).commit)
    with pytest.raises(printing.ExhibitError, match=r"SOURCE_DATE_EPOCH is 'yesterday': it must be whole seconds"):
        exhibits.edition(tmp_path, {"SOURCE_DATE_EPOCH": "yesterday"})


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_each_exhibit_has_a_bookmark_per_section(printed: dict[str, exhibits.Printed], pdfs: dict[str, Read],
                                                 key: str) -> None:
    pdf = PdfReader(printed[key].path)
    marks = outline(pdf)
    assert marks[0] == (0, flat(DECLARATIONS[key].title), 0) and pdf.page_mode == "/UseOutlines"
    assert [t for d, t, _ in marks[1:]] == list(exhibits.EXHIBIT_SECTIONS) and all(d >= 1 for d, _, _ in marks[1:])
    assert [p for _, _, p in marks] == sorted(p for _, _, p in marks)
    for _, title, page in marks[1:]:
        assert title in pdfs[key].pages[page], f"{key}: the bookmark {title!r} leads to page {page + 1}, without it"


def test_a4_prints_the_same_exhibit_on_a4(a4: exhibits.Printed, pdfs: dict[str, Read]) -> None:
    paper = read(a4.path)
    sheets = PdfReader(a4.path).pages
    # Chromium sizes a sheet in whole device pixels: within a point of 210 x 297 mm.
    assert all(abs(float(page.mediabox[2]) - A4[0]) < 1 and abs(float(page.mediabox[3]) - A4[1]) < 1
               for page in sheets), sheets[0].mediabox
    assert not a4.cut_off and not any(paper.outside) and all(paper.body)
    assert_band_printed(paper)
    for table in DECLARATIONS["crazy4"].pay_tables:
        assert f"{table.name} pay table" in paper.text
    assert [t for d, t, _ in outline(PdfReader(a4.path))[1:]] == list(exhibits.EXHIBIT_SECTIONS)
    assert all(f >= 0.5 for f in paper.fill[:-1]), f"A4: sheets left mostly empty: {paper.fill}"


def test_the_paper_is_chosen_on_the_command_line() -> None:
    with pytest.raises(SystemExit):
        exhibits.main(["--paper", "a3"])
    assert exhibits.PAPERS["a4"].points == A4 and exhibits.PAPERS["letter"].points == LETTER
    assert "--paper a4" in (ROOT / "deploy" / "print").read_text(encoding="utf-8")


def chapter_ends(printed: dict[str, exhibits.Printed]) -> dict[str, set[int]]:
    """The last sheet (index) of each exhibit, and of the contents and each chapter of the book."""
    ends = {name: {done.pages - 1} for name, done in printed.items()}
    starts = [p for _, _, p in outline(PdfReader(printed["book"].path))]
    ends["book"] |= {s - 1 for s in starts if s > 0}
    return ends


def test_no_sheet_before_the_last_of_a_chapter_is_mostly_empty(printed: dict[str, exhibits.Printed],
                                                               pdfs: dict[str, Read]) -> None:
    """A sheet is mostly empty when its lowest line of text is in the top half of the printable
    area (a table moved whole to the next sheet leaves such a gap). Only the last sheet of an
    exhibit, of the contents or of a chapter of the book may be."""
    ends = chapter_ends(printed)
    empty = [f"{name}: sheet {i + 1} is filled to {f:.0%}" for name, read_ in pdfs.items()
             for i, f in enumerate(read_.fill) if f < 0.5 and i not in ends[name]]
    assert not empty, "\n".join(empty)


def test_every_caption_is_on_the_sheet_of_its_table(printed: dict[str, exhibits.Printed],
                                                     pdfs: dict[str, Read]) -> None:
    """Each caption the browser kept with its table (the short text just before a table: a pay
    table's caption, a bold wager name, "How often each award occurs:") is printed on the same
    sheet as the first cell of the table, after it. The captions are taken in the order printed:
    each is the next place, from the one before, where the caption (its first 40 characters,
    spaces aside) has the table's first cell after it on its sheet; a caption parted from its
    table leaves one place too few, so a caption is left without one."""
    orphans = []
    for name, done in printed.items():
        assert done.captions, f"{name}: no captioned table found"
        sheets = [squashed(page) for page in pdfs[name].pages]
        at, offset = 0, 0
        for caption, cell in done.captions:
            caption, cell = squashed(caption)[:40], squashed(cell)
            while at < len(sheets):
                found = sheets[at].find(caption, offset)
                if found < 0:
                    at, offset = at + 1, 0
                elif sheets[at].find(cell, found + len(caption)) < 0:
                    offset = found + len(caption)
                else:
                    offset = found + len(caption)
                    break
            if at == len(sheets):
                orphans.append(f"{name}: {caption!r} is not on the sheet of its table (first cell {cell!r})")
                at, offset = 0, 0
    assert not orphans, "\n".join(orphans)


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_no_wager_is_named_by_its_key(pdfs: dict[str, Read], key: str) -> None:
    decl = DECLARATIONS[key]
    keys = {p.key for p in (*decl.wagers, *decl.pay_tables) if "_" in p.key}
    found = sorted(k for k in keys if re.search(rf"\b{k}\b", pdfs[key].text))
    assert not found, f"{key}: wagers named by their key in the exhibit: {found}"
    for part in (*decl.wagers, *decl.pay_tables):
        if part.key in analyze(get_game(key)).returns:
            assert f"{part.name} return" in pdfs[key].text


@pytest.mark.parametrize("key", BANKED_GAMES)
def test_no_code_or_test_file_is_named_in_an_exhibit(pdfs: dict[str, Read], key: str) -> None:
    text = pdfs[key].text
    found = sorted(set(re.findall(r"gamelib|tests/\S+|\S+\.py\b", text)))
    assert not found, f"{key}: the exhibit names {found}"


def squashed(text: str) -> str:
    """``text`` flattened (:func:`flat`) and without any space: a caption or a line of printed
    text compared whatever spaces the PDF puts around its pieces (``gamelib :``)."""
    return "".join(flat(text).split())


def assert_band_printed(printed_: Read) -> None:
    """Every line of the Crazy 4 strategy card (the band where card removal decides) is printed,
    on the sheets from the strategy's heading to the par sheet's."""
    band = band_text(card_removal_band(analyze(get_game("crazy4")).strategy))
    sheets = [squashed(page) for page in printed_.pages]
    first = next(i for i, page in enumerate(sheets) if squashed("The optimal strategy") in page)
    last = next(i for i, page in enumerate(sheets) if i >= first and squashed("Par sheet") in page)
    for line in band.splitlines():
        assert any(squashed(line) in page for page in sheets[first:last + 1]), \
            f"the strategy card's line {line!r} is not printed on sheets {first + 1} to {last + 1}"


def test_the_crazy4_exhibit_prints_the_complete_strategy(pdfs: dict[str, Read]) -> None:
    text = pdfs["crazy4"].text
    assert "strategy tool" not in text
    assert "K-Q-7-6-3 (960 hands; play 1x 24, fold 936): play 1x: (K Q) 7 6 3 fold: (K 7) Q 6 3," in text
    assert_band_printed(pdfs["crazy4"])


def test_the_readme_says_how_long_printing_takes() -> None:
    """The README's "The handbook on paper" gives the time the exhibits and the book take, and
    every time the printing benchmark last measured (benchmarks/bench_print.py, its results
    committed in benchmarks/results/bench_print.json) falls inside those ranges. No test times
    anything itself: speed is the benchmark's to measure."""
    readme = flat((ROOT / "README.md").read_text(encoding="utf-8"))
    section = readme[readme.index("## The handbook on paper"):readme.index("## Launch buttons")]
    exhibit_s = re.search(r"about (\d+) to (\d+) s for the exhibits \(`--exhibits-only`\)", section)
    book_s = re.search(r"and (\d+) to (\d+) s for the book \(`--book-only`\)", section)
    assert exhibit_s and book_s, "the README no longer says how long printing takes"
    assert "benchmarks/bench_print.py" in section
    measured = json.loads((ROOT / "benchmarks" / "results" / "bench_print.json").read_text(encoding="utf-8"))
    for what, found in (("exhibits", exhibit_s), ("book", book_s)):
        lo, hi = int(found[1]), int(found[2])
        assert measured["seconds"][what], what
        for seconds in measured["seconds"][what]:
            assert lo <= round(seconds) <= hi, f"{what}: {seconds} s measured, the README says {lo} to {hi} s"
            assert f"{seconds}" in section, f"the README does not quote the measured {seconds} s"
