"""The New Hampshire Hold'em chapter (book/banked/nh-holdem.ipynb) says what the engine computes.

Every figure in the chapter's prose is pasted from gamelib with myst-nb glue; nbval holds the
saved outputs, and so the glued values, to a fresh run of the current engine. These tests read
the saved notebook and check that:

* every glue key the prose uses (and the rulings and methods appendices take from this chapter)
  is saved by a cell, exactly once;
* no digit is typed in the prose, apart from the name "6 Card Bonus", the bet sizes "1x" to
  "3x" (held to the declaration here) and numbered-list markers;
* the few facts that stay typed in words are the engine's: the card counts ("two hole cards",
  "three community cards", "four bonus cards"), that a straight beats a flush for Pair Plus,
  and the R23 figures (equal to what ``nh_tie_effect`` computes now);
* the chapter tells a dealer that the community cards and the bonus board are laid out face
  down before any betting, that the bonus board is shared, and when it is turned up.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze
from gamelib.analysis.banked.nh import ORDERED_DEALS, nh_tie_effect
from gamelib.rankings.three_card import THREE_CARD

from .glue_values import glued

REPO_ROOT = Path(__file__).resolve().parents[2]
CHAPTER = REPO_ROOT / "book" / "banked" / "nh-holdem.ipynb"
APPENDICES = [REPO_ROOT / "book" / "appendix" / "rulings.md", REPO_ROOT / "book" / "appendix" / "methods.md"]
GLUE_ROLE = re.compile(r"\{glue(?::[a-z]+)?\}`([^`]+)`")
NOT_PROSE = re.compile(r"\{[a-z:]+\}`[^`]*`|`[^`\n]*`")
ALLOWED_WORDS = re.compile(r"\b6\s+Card\s+Bonus\b|\b\dx\b")
WORDS = {2: "two", 3: "three", 4: "four"}


@pytest.fixture(scope="module")
def nb() -> nbformat.NotebookNode:
    return nbformat.read(CHAPTER, as_version=4)


@pytest.fixture(scope="module", name="glued")
def glued_values(nb) -> dict[str, object]:
    return glued(nb)


def prose(nb) -> str:
    return "\n\n".join(c.source for c in nb.cells if c.cell_type == "markdown")


def test_every_glue_key_the_prose_uses_is_saved(nb, glued):
    used = {ref.split(":")[0] for ref in GLUE_ROLE.findall(prose(nb))}  # a ":format" after the key is dropped
    assert used, "the chapter pastes its figures with glue"
    assert used <= set(glued), sorted(used - set(glued))
    for page in APPENDICES:  # ../banked/nh-holdem.ipynb::key:s (a cross-document paste)
        for ref in GLUE_ROLE.findall(page.read_text(encoding="utf-8")):
            if "nh-holdem.ipynb::" in ref:
                key = ref.split("::", 1)[1].rsplit(":", 1)[0]
                assert key in glued, f"{page.name} pastes {key!r}, which the chapter does not glue"


def test_no_figure_is_typed_in_the_prose(nb):
    for i, cell in enumerate(nb.cells):
        if cell.cell_type != "markdown":
            continue
        text = ALLOWED_WORDS.sub("", NOT_PROSE.sub("", cell.source))
        text = re.sub(r"^\s*\d+\.\s", "", text, flags=re.M)  # numbered-list markers
        digits = re.findall(r"[^\s]*\d[^\s]*", text)
        assert not digits, f"cell {i} types {digits}: paste the figure with glue"


def test_typed_bet_sizes_are_the_declared_ones(nb):
    sizes = {int(m) for m in re.findall(r"\b(\d)x\b", NOT_PROSE.sub("", prose(nb)))}
    assert sizes and sizes <= set(get_game("nh-holdem").declaration.wager("flop").multiples)


def test_card_counts_in_words_are_the_declared_ones(nb):
    hands = get_game("nh-holdem").declaration.deal
    text = " ".join(prose(nb).split())
    for who, words in (("hole", "hole cards"), ("community", "community cards"), ("bonus", "bonus cards")):
        assert f"{WORDS[hands[who]]} {words}" in text
        for n, word in WORDS.items():
            if n != hands[who]:
                assert f"{word} {words}" not in text, f"'{word} {words}': the game has {hands[who]}"


def test_pair_plus_ranks_a_straight_above_a_flush(nb):
    assert "a straight beats a flush" in " ".join(prose(nb).split())
    cats = list(THREE_CARD.categories)
    assert cats.index("straight") > cats.index("flush")  # categories run from worst to best
    pays = {line.outcome: line.pays for line in get_game("nh-holdem").declaration.pay_table("pair_plus").lines}
    assert pays["straight"] > pays["flush"]


def test_a_dealer_can_deal_the_game_from_the_chapter(nb):
    text = " ".join(prose(nb).split())
    assert "**before any betting**, the dealer lays out the rest of the hand face down" in text
    assert "three **community cards**" in text and "four **bonus cards**" in text
    assert "one bonus board for the whole table" in text and "shared by every player" in text
    # settlement order: Pair Plus, the main game, then the bonus board is turned up
    order = [text.index(s) for s in ("1. **Pair Plus**", "2. **The main game**", "turns the bonus board face up")]
    assert order == sorted(order)


def test_the_r23_figures_are_the_engine_s(glued):
    effect = nh_tie_effect()
    nh = analyze(get_game("nh-holdem"))
    assert glued["nh-tie-points"] == f"{effect['decision points']:,}"
    assert glued["nh-tie-fold"] == f"{effect['fold or bet']:,}"
    assert glued["nh-tie-deals"] == f"{effect['deals affected']:,}"
    assert glued["nh-ordered-deals"] == f"{ORDERED_DEALS:,}"
    assert glued["nh-wager"] == f"{float(nh.average_wager):.4f}"
    assert glued["nh-eor"] == f"{float(nh.element_of_risk):.3%}"
    assert glued["nh-wager-larger"] == f"{float(effect['average wagered']['larger wager']):.4f}"
    assert glued["nh-eor-larger"] == f"{float(effect['element of risk']['larger wager']):.3%}"
    played = effect["deals played to the end"]
    assert glued["nh-played"] == f"{played['R23'] / ORDERED_DEALS:.1%}"
    assert glued["nh-played-larger"] == f"{played['larger wager'] / ORDERED_DEALS:.1%}"
