"""Figures and hands the book still types by hand, each held to the engine's answer.

The chapters paste every figure the engine computes from a code cell (myst-nb glue). A few stay
typed: Markdown pages that run no code (the introduction, the glossary, part of the rulings
appendix), and the rule statements of the chapters that teach how to read a hand ("8-6-4-3-2 is
an eight-six low", "the best badugi is A-2-3-4"). Each of them is checked here: where the text
gives the figure, the test finds that text in the page and asks the engine for the same figure.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest

from gamelib.analysis.frequencies import value_counts
from gamelib.engine.pots import divide
from gamelib.errors import TableError
from gamelib.games.pot import LIMIT_RAISES, limit_structure, stud_structure
from gamelib.rankings import describe, evaluate
from gamelib.widgets.figures import hand_name, pot_limit_figures

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK = REPO_ROOT / "book"


def page(name: str) -> str:
    """A Markdown page, or a notebook's Markdown cells, with line breaks and escapes removed."""
    path = BOOK / name
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    return re.sub(r"\s+", " ", text.replace("\\$", "$"))


def value(system: str, cards: str) -> int:
    return int(evaluate(system, [cards])[0])


# --- the introduction, the glossary and the rulings appendix --------------------------------

def test_intro_counts_five_card_hands_and_royal_flushes():
    text = page("intro.md")
    assert r"\binom{52}{5} = 2\,598\,960" in text and "4 of them are royal flushes" in text
    counts = value_counts("high", 5)
    assert sum(counts.values()) == 2_598_960
    assert counts[max(counts)] == 4 and value("high", "As Ks Qs Js Ts") == max(counts)


def test_intro_names_every_ruling_of_the_shared_list():
    rulings = (REPO_ROOT.parent / "shared" / "RULINGS.md")
    if not rulings.is_file():
        pytest.skip("../shared/RULINGS.md is not beside the repository")
    last = max(int(n) for n in re.findall(r"^\s*-\s+\*\*R(\d+)\b", rulings.read_text(encoding="utf-8"), re.M))
    assert f"**R1** to **R{last}**" in page("intro.md")


def test_glossary_bring_in_is_below_the_lower_limit():
    text = page("appendix/glossary.md")
    assert "at $2/$4 the bring-in is $1, and a bring-in of $2 or more is refused" in text
    assert stud_structure(2, 4).bring_in == 1
    for refused in (2, 3):
        with pytest.raises(TableError):
            stud_structure(2, 4, bring_in=refused)


def test_glossary_pot_limit_example_is_the_engines():
    f = pot_limit_figures("archie", 1, 2)
    expected = (f"With blinds of {f['small-blind']} and {f['big-blind']}, the first player calls {f['call']}, "
                f"the pot is then {f['pot']}, so he may raise by {f['by']}, to {f['max']}.")
    assert expected in page("appendix/glossary.md")


def test_glossary_small_and_big_bet_example():
    assert "a $3/$6 game has a $3 small bet for the early betting rounds and a $6 big bet" in page(
        "appendix/glossary.md")
    st = limit_structure(3, 6)
    assert (st.small_bet, st.big_bet) == (3, 6)


def test_glossary_cap_is_one_bet_and_four_raises():
    assert "one bet and four raises" in page("appendix/glossary.md") and LIMIT_RAISES == 4


def test_rulings_r6_examples():
    text = page("appendix/rulings.md")
    assert "A $25 high-low pot is $13 high and $12 low" in text
    assert divide(25, [Fraction(1, 2), Fraction(1, 2)]) == [13, 12]
    assert "the $13 high half is tied by two players: $7 to the first" in text and "and $6 to the other" in text
    assert divide(13, [Fraction(1, 2), Fraction(1, 2)]) == [7, 6]


# --- rule statements the chapters teach with ------------------------------------------------

#: (page, system, cards as typed in the page's words, the best hand of the system)
BEST_HANDS = [
    ("hand-rankings.ipynb", "a5-low", "5-4-3-2-A", "5c 4d 3h 2s Ac"),
    ("mixed/a5-triple-draw.ipynb", "a5-low", "5-4-3-2-A", "5c 4d 3h 2s Ac"),
    ("mixed/archie.ipynb", "low8", "5-4-3-2-A", "5c 4d 3h 2s Ac"),
    ("mixed/stud8.ipynb", "low8", "5-4-3-2-A", "5c 4d 3h 2s Ac"),
    ("mixed/razzdugi.ipynb", "a5-low", "5-4-3-2-A", "5c 4d 3h 2s Ac"),
    ("hand-rankings.ipynb", "27-low", "7-5-4-3-2", "7c 5d 4h 3s 2c"),
    ("mixed/27-triple-draw.ipynb", "27-low", "7-5-4-3-2", "7c 5d 4h 3s 2c"),
    ("mixed/badeucey.ipynb", "27-low", "7-5-4-3-2", "7c 5d 4h 3s 2c"),
    ("mixed/razzdugi.ipynb", "27-low", "7-5-4-3-2", "7c 5d 4h 3s 2c"),
    ("hand-rankings.ipynb", "badugi", "A-2-3-4", "Ac 2d 3h 4s"),
    ("mixed/badugi.ipynb", "badugi", "A-2-3-4", "Ac 2d 3h 4s"),
    ("mixed/badacey.ipynb", "badugi", "A-2-3-4", "Ac 2d 3h 4s"),
    ("mixed/razzdugi.ipynb", "badugi", "A-2-3-4", "Ac 2d 3h 4s"),
    ("hand-rankings.ipynb", "badugi-ace-high", "2-3-4-5", "2c 3d 4h 5s"),
    ("mixed/badeucey.ipynb", "badugi-ace-high", "2-3-4-5", "2c 3d 4h 5s"),
    ("mixed/razzdugi.ipynb", "badugi-ace-high", "2-3-4-5", "2c 3d 4h 5s"),
    # five cards: the hand that wins both halves of Badacey and of Badeucey
    ("mixed/badacey.ipynb", "a5-low", "A-2-3-4-5", "Ac 2d 3h 4s 5c"),
    ("mixed/badacey.ipynb", "badugi", "A-2-3-4-5", "Ac 2d 3h 4s 5c"),
    ("mixed/badeucey.ipynb", "27-low", "7-5-4-3-2 with the 5, 4, 3 and 2 in four different suits", "7c 5d 4h 3s 2c"),
    ("mixed/badeucey.ipynb", "badugi-ace-high", "7-5-4-3-2 with the 5, 4, 3 and 2 in four different suits",
     "7c 5d 4h 3s 2c"),
]


@pytest.mark.parametrize("name, system, typed, cards", BEST_HANDS, ids=lambda x: str(x))
def test_the_best_hand_named_in_a_chapter_is_the_engines_best(name, system, typed, cards):
    assert typed in page(name)
    n = len(cards.split())
    assert value(system, cards) == max(value_counts(system, n))


#: (page, words in the page, system, better hand, worse hand)
COMPARISONS = [
    ("hand-rankings.ipynb", '8-6-4-3-2 is an "eight-six low" and beats 8-7-3-2-A', "a5-low",
     "8c 6d 4h 3s 2c", "8d 7h 3c 2d Ah"),
    ("mixed/a5-triple-draw.ipynb", "A pair of aces loses to a king-high hand without a pair", "a5-low",
     "Ks Qd Jh 9c 8c", "As Ad 3c 4h 5s"),
    ("mixed/a5-triple-draw.ipynb", "an eight-six beats an eight-seven", "a5-low", "8h 6d 4s 3c 2d", "8s 7d 4h 3d 2h"),
    ("mixed/stud8.ipynb", "8-5-4-2-A beats 8-6-3-2-A", "low8", "8c 5d 4h 2s Ac", "8d 6c 3s 2h Ah"),
    ("mixed/27-triple-draw.ipynb", "6-5-4-3-2 is a straight, which loses to any hand without a pair", "27-low",
     "Ac Kd Qh Js 9c", "6h 5c 4s 3d 2h"),
    ("mixed/27-triple-draw.ipynb", "7-5-4-3-2 all in hearts is a flush, and even an ace-high hand beats it",
     "27-low", "Ac Kd Qh Js 9c", "7h 5h 4h 3h 2h"),
    ("mixed/27-triple-draw.ipynb", "A seven-six beats an eight-six", "27-low", "7s 6c 5d 4h 2h", "8h 6d 4s 3c 2d"),
    ("mixed/27-triple-draw.ipynb", "both beat a pair of deuces", "27-low", "8h 6d 4s 3c 2d", "2c 2s 3h 4d 5c"),
    ("mixed/badugi.ipynb", "the worst four-card badugi against the best three-card hand", "badugi",
     "Kc Qd Jh Ts", "Ac 2h 3d 4d"),
    ("hand-rankings.ipynb", "A-K-Q is the highest straight and A-2-3 the lowest", "three-card", "Ac Kd Qh", "Kc Qd Jh"),
    ("hand-rankings.ipynb", "A-K-Q is the highest straight and A-2-3 the lowest", "three-card", "2c 3d 4h", "Ac 2d 3h"),
    ("hand-rankings.ipynb", "except in A-2-3-4, the lowest straight", "crazy4", "2c 3d 4h 5s 9c", "Ac 2d 3h 4s 9c"),
]


@pytest.mark.parametrize("name, words, system, better, worse", COMPARISONS, ids=lambda x: str(x)[:30])
def test_a_comparison_taught_in_a_chapter_holds(name, words, system, better, worse):
    assert words in page(name)
    assert value(system, better) > value(system, worse)


#: (page, words in the page, system, cards, what the engine calls the hand)
NAMES = [
    ("hand-rankings.ipynb", "8-6-4-3-2 is an \"eight-six low\"", "a5-low", "8c 6d 4h 3s 2c", "eight-six low"),
    ("mixed/a5-triple-draw.ipynb", "8-6-4-3-2 is an *eight low*, or more exactly an *eight-six*", "a5-low",
     "8c 6d 4h 3s 2c", "eight-six low"),
    ("hand-rankings.ipynb", "Q-K-A-2-3 is just ace high", "high", "Qc Kd Ah 2s 3c", "ace-king high"),
    ("mixed/27-triple-draw.ipynb", "A-2-3-4-5 is not a straight: it is an ace-high hand", "27-low",
     "As 2d 3h 4c 5s", "ace-five low"),
    ("mixed/badugi.ipynb", "the 4 and 3 of diamonds cannot both play, so the ace-deuce-trey plays", "badugi",
     "Ac 2h 3d 4d", "three-card badugi 3-2-A"),
    ("mixed/stud8.ipynb", "The third hand holds 9-7-6-4-3 and a king and jack: no five different ranks of 8 "
     "or lower, so no low at all", "low8", "9c 7d 6h 4s 3c Kh Jc", "no qualifying low"),
]


@pytest.mark.parametrize("name, words, system, cards, expected", NAMES, ids=lambda x: str(x)[:30])
def test_a_hand_named_in_a_chapter_is_named_so_by_the_engine(name, words, system, cards, expected):
    assert words in page(name)
    assert hand_name(system, cards) == expected or describe(system, value(system, cards)).startswith(expected)
