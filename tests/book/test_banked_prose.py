"""The Three Card Poker and Crazy 4 Poker chapters say what the engine computes.

Every number and hand in these two chapters' prose comes from gamelib, through myst-nb glue
(``{glue:text}`key```) or a cell output, so the text cannot drift from the engine. These tests
read the saved notebooks (nbval holds the saved outputs to a fresh run of the current engine):

* every glue key the prose uses is saved by a cell, exactly once;
* no digit is typed in the prose, apart from names ("6 Card Bonus", "Crazy 4") and the Play
  sizes "1x" and "3x", which are held to the declaration here;
* the worked hands' headlines and verdicts are glued from ``settle`` and the showdown: the
  Three Card Poker straight 5-4-3 against J-J-9 wins;
* the lowest qualifying dealer hand is the one a brute force over every hand finds (Crazy 4:
  K-6-4-3, the best four of five cards; Three Card Poker: Q-3-2);
* the filing figures the Crazy 4 chapter quotes, and the rank orders both chapters state in
  words, match the engine.
"""

from __future__ import annotations

import ast
import re
from fractions import Fraction
from pathlib import Path

import nbformat
import numpy as np
import pytest

from gamelib import get_game
from gamelib.combinatorics import combinations_array
from gamelib.errors import IllegalActionError
from gamelib.games.banked import dealer_qualifying_value, minimum_value
from gamelib.rankings.crazy4 import CRAZY4
from gamelib.rankings.three_card import THREE_CARD

from .glue_values import glued

REPO_ROOT = Path(__file__).resolve().parents[2]
TCP = REPO_ROOT / "book" / "banked" / "three-card-6bonus.ipynb"
C4 = REPO_ROOT / "book" / "banked" / "crazy4.ipynb"
CHAPTERS = (TCP, C4)

#: Where myst-nb's ``glue`` stores a value (``display=False`` prefixes the mime type).
GLUE_ROLE = re.compile(r"\{glue(?::[a-z]+)?\}`([^`]+)`")
#: Roles and inline code whose content is not prose: glued values, links, ruling labels.
NOT_PROSE = re.compile(r"\{[a-z:]+\}`[^`]*`|`[^`\n]*`")
#: Typed names and terms that hold a digit but no figure.
ALLOWED_WORDS = re.compile(r"\b6\s+Card\s+Bonus\b|\bCrazy\s+4\b|\b[13]x\b")


def load(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def glue_keys_of(cell: nbformat.NotebookNode) -> list[str]:
    return [o["metadata"]["scrapbook"]["name"] for o in cell.get("outputs", [])
            if o.get("metadata", {}).get("scrapbook")]


def references(text: str) -> list[str]:
    """The glue keys a markdown text pastes (a ``:format`` after the key is dropped)."""
    return [ref.split(":")[0] for ref in GLUE_ROLE.findall(text)]


def markdown_cells(nb: nbformat.NotebookNode) -> list[tuple[int, str]]:
    return [(i, c.source) for i, c in enumerate(nb.cells) if c.cell_type == "markdown"]


def all_markdown(nb: nbformat.NotebookNode) -> str:
    return "\n".join(src for _, src in markdown_cells(nb))


def code_cell_with(nb: nbformat.NotebookNode, *fragments: str) -> tuple[int, nbformat.NotebookNode]:
    found = [(i, c) for i, c in enumerate(nb.cells)
             if c.cell_type == "code" and all(f in c.source for f in fragments)]
    assert len(found) == 1, f"expected one code cell with {fragments}, found {len(found)}"
    return found[0]


def markdown_before(nb: nbformat.NotebookNode, index: int) -> str:
    for j in range(index - 1, -1, -1):
        if nb.cells[j].cell_type == "markdown":
            return nb.cells[j].source
    raise AssertionError(f"no markdown before cell {index}")


def saved_html(cell: nbformat.NotebookNode) -> str:
    return "".join("".join(o.get("data", {}).get("text/html", "")) for o in cell.get("outputs", []))


# ---- glue: what the prose pastes exists ---------------------------------------------------
@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_every_pasted_value_is_glued(path: Path):
    nb = load(path)
    values = glued(nb)
    missing = sorted(set(references(all_markdown(nb))) - set(values))
    assert not missing, f"{path.name}: the prose pastes glue keys that no cell saves: {missing}"


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_no_figure_is_typed_in_the_prose(path: Path):
    """A digit in the prose is a figure typed by hand: it must be glued from the engine."""
    nb = load(path)
    typed = []
    for i, src in markdown_cells(nb):
        prose = ALLOWED_WORDS.sub("", NOT_PROSE.sub("", src))
        for m in re.finditer(r"[^\n]{0,30}\d[^\n]{0,30}", prose):
            typed.append(f"cell {i}: ...{m.group(0)}...")
    assert not typed, f"{path.name}: figures typed in the prose (glue them from the engine):\n  " + "\n  ".join(typed)


def test_typed_play_sizes_are_the_declared_ones():
    """'1x' and '3x' stay typed in the Crazy 4 prose as the names of the two Play sizes."""
    assert get_game("crazy4").declaration.wager("play").multiples == (1, 3)


# ---- worked hands ---------------------------------------------------------------------------
def worked_cells(nb: nbformat.NotebookNode) -> list[tuple[int, nbformat.NotebookNode]]:
    return [(i, c) for i, c in enumerate(nb.cells) if c.cell_type == "code" and "worked_example(" in c.source
            and "def worked_example" not in c.source]


@pytest.mark.parametrize("path", CHAPTERS, ids=lambda p: p.stem)
def test_worked_hands_verdicts_come_from_the_engine(path: Path):
    """Each worked hand glues its verdict and headline first, and the text just above pastes both."""
    nb = load(path)
    cells = worked_cells(nb)
    assert len(cells) >= 6, f"{path.name}: expected the worked hands to be drawn by worked_example()"
    example_calls = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and "example_html(" in c.source
                     and "dealer=" in c.source and "demo-refusal" not in c.metadata.get("tags", [])
                     and "def " not in c.source]
    assert not example_calls, f"{path.name}: cells {example_calls} show a settled hand without a glued verdict"
    for i, cell in cells:
        keys = glue_keys_of(cell)
        assert len(keys) >= 2 and keys[1] == keys[0] + "-title", (i, keys)
        pasted = references(markdown_before(nb, i))
        assert keys[0] in pasted and keys[1] in pasted, f"cell {i}: the text above does not paste {keys}"


def test_three_card_straight_beats_the_pair_of_jacks():
    """The chapter once said 5-4-3 against J-J-9 loses; a straight beats a pair, the player wins."""
    game = get_game("three-card-6bonus")
    s = game.settle({"ante": 5, "play": 5}, player="5h 4d 3c", dealer="Jh Js 9c")
    assert s.result("ante").result > 0 and s.result("play").result > 0
    nb = load(TCP)
    i, cell = code_cell_with(nb, '"5h 4d 3c"', '"Jh Js 9c"')
    values = glued(nb)
    key = glue_keys_of(cell)[0]
    assert values[key + "-title"] == "The player beats a qualifying dealer"
    assert "The player's straight, five high beats the dealer's pair of jacks (J-J-9)" in values[key]
    assert "Ante wins $5" in values[key] and "Play wins $5" in values[key]
    above = markdown_before(nb, i)
    assert "lose" not in GLUE_ROLE.sub("", above).lower(), above


def test_three_card_straight_still_gets_the_ante_bonus_when_it_loses():
    nb = load(TCP)
    values = glued(nb)
    losing = [k for k in values if k.startswith("tcp-ex-") and not k.endswith("-title")
              and "Ante Bonus wins" in str(values[k]) and "Ante loses" in str(values[k])]
    assert losing, "no worked hand shows a straight that loses to the dealer but is paid the Ante Bonus"


# ---- qualifiers -------------------------------------------------------------------------------
def lowest_crazy4_qualifier() -> int:
    """Brute force: the best four of every five-card hand (each of its five four-card subsets
    valued on its own), then the smallest of those values that qualifies."""
    hands = combinations_array(52, 5)
    best = np.zeros(len(hands), np.int64)
    for drop in range(5):
        best = np.maximum(best, CRAZY4.evaluate_array(np.delete(hands, drop, axis=1)))
    assert (best == CRAZY4.evaluate_array(hands)).all()  # the engine's best-four-of-five agrees
    q = dealer_qualifying_value(get_game("crazy4").declaration)
    return int(best[best >= q].min())


def test_crazy4_lowest_qualifier_is_k_6_4_3():
    """K-4-3-2 is no hand a dealer can hold; with five cards the lowest is K-6-4-3."""
    game = get_game("crazy4")
    lowest = game.describe(lowest_crazy4_qualifier())
    assert lowest == "king-six high (K-6-4-3)"
    nb = load(C4)
    values = glued(nb)
    assert values["c4-lowest-qualifier"] == lowest
    assert values["c4-lowest-qualifier-cards"] == "K-6-4-3-2"
    assert game.describe(game.hand_value("Kc 6d 4h 3s 2c")) == lowest
    prose = all_markdown(nb)
    assert "c4-lowest-qualifier" in references(prose)
    assert "K-4-3-2" not in prose


def test_three_card_lowest_qualifier_is_q_3_2():
    values3 = THREE_CARD.evaluate_array(combinations_array(52, 3))
    q = dealer_qualifying_value(get_game("three-card-6bonus").declaration)
    lowest = THREE_CARD.describe(int(values3[values3 >= q].min()))
    values = glued(load(TCP))
    assert values["tcp-lowest-qualifier"] == lowest == "queen-three high (Q-3-2)"
    assert values["tcp-three-card-hands"] == f"{len(values3):,}"


# ---- the 3x Play, explained by example ---------------------------------------------------------
def test_crazy4_three_x_examples_show_the_engine_verdicts():
    """The 3x rule is shown on clear hands, each with the engine's own answer."""
    game = get_game("crazy4")
    nb = load(C4)
    _, cell = code_cell_with(nb, "THREE_X_EXAMPLES")
    hands = ast.literal_eval(re.search(r"THREE_X_EXAMPLES = (\[.*?\])", cell.source, re.S).group(1))
    shown = saved_html(cell)
    allowed = refused = 0
    for hand in hands:
        words = game.describe(game.hand_value(hand))
        assert words in shown, words
        try:
            game.settle({"ante": 5, "super_bonus": 5, "play": 15}, player=hand, dealer="Tc 8h 7d 5h 4c")
            allowed += 1
        except IllegalActionError as err:
            assert str(err).replace("$", "") in shown.replace("$", ""), str(err)
            refused += 1
    assert allowed >= 2 and refused >= 2
    assert shown.count("3x allowed") == allowed
    assert glued(nb)["c4-3x-minimum"] == game.describe(
        minimum_value(game.declaration, game.declaration.wager("play").needs[0])).split(" (")[0]


# ---- figures that stay typed elsewhere, held to the engine --------------------------------------
def test_crazy4_quoted_filing_figures_are_the_engines():
    """The chapter says these are the filing's own figures; they are pasted from the engine,
    and here held to filing 002 (typed as the filing prints them)."""
    values = glued(load(C4))
    assert values["c4-ante-wins"] == "1,415,369,375,148"
    assert values["c4-ante-pushes"] == "473,003,972,892"
    assert values["c4-ante-losses"] == "2,098,272,755,400"
    assert values["c4-pairings"] == "3,986,646,103,440"
    assert values["c4-play-return"] == "0.484904"
    assert values["c4-four-aces"] == "73,629,072"
    assert values["c4-ante-limits"] == "$2 to $10"  # filing: "$2.00 / ... $10.00" (R19)


def test_crazy4_pays_pasted_in_the_prose():
    decl = get_game("crazy4").declaration
    values = glued(load(C4))
    assert values["c4-sb-flush"] == "3 to 2" and decl.pay_table("super_bonus").pays_for("flush") == Fraction(3, 2)
    assert values["c4-sb-four-aces"] == "200 to 1"
    assert (values["c4-odd-bet"], values["c4-odd-exact"], values["c4-odd-paid"]) == ("$3", "$4.50", "$4")


def test_rank_orders_stated_in_words():
    """The prose says, in words: three cards -- a straight beats a flush, three of a kind beats a
    straight; Crazy 4 -- four of a kind is the top hand, three of a kind beats a flush and a straight."""
    three = list(THREE_CARD.categories)
    assert three.index("straight") > three.index("flush")
    assert three.index("three of a kind") > three.index("straight")
    four = list(CRAZY4.categories)
    assert four[-1] == "four of a kind"
    assert four.index("three of a kind") > four.index("flush") > four.index("straight")
    prose3, prose4 = (" ".join(all_markdown(load(p)).split()) for p in (TCP, C4))
    assert "a straight beats a flush" in prose3 and "three of a kind beats a straight" in prose3
    assert "four of a kind is the top hand" in prose4 and "three of a kind beats a flush and a straight" in prose4
