"""What a banked chapter shows and quotes (gamelib/widgets/banked/chapter.py): the worked hands'
headlines and verdicts, the tables of hands with the engine's answer, and the figures the
prose pastes, checked against the settlement, the showdown and counts made here."""

from __future__ import annotations

import ast
from math import comb, prod
from pathlib import Path

import nbformat
import pytest
from book.glue_values import glued  # tests/book/glue_values.py (tests/ is on sys.path)

from gamelib import get_game
from gamelib.analysis.banked.nh import ORDERED_DEALS
from gamelib.games.banked import dealer_qualifying_value
from gamelib.widgets.banked.chapter import (
    caps_text,
    multiple_table_html,
    ordered_deal_counts,
    pay_line_table_html,
    qualifier_table_html,
    straight_ranks,
    worked_example,
    worked_example_of,
)
from gamelib.widgets.banked.figures import pay_table_titled

BOOK = Path(__file__).resolve().parents[2] / "book" / "banked"
CHAPTERS = {"crazy4": "crazy4", "three-card-6bonus": "three-card-6bonus", "nh-holdem": "nh-holdem"}


def worked_calls(nb: nbformat.NotebookNode) -> list[tuple[str, dict[str, int], dict[str, str]]]:
    """Every ``worked_example(key, game, wagers, **cards)`` call of a chapter written with literals:
    key, wagers, cards."""
    calls = []
    for cell in nb.cells:
        if cell.cell_type != "code" or "worked_example(" not in cell.source:
            continue
        for node in ast.walk(ast.parse(cell.source)):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "worked_example":
                key, _, wagers = node.args
                try:
                    cards = {k.arg: ast.literal_eval(k.value) for k in node.keywords if k.arg}
                    calls.append((ast.literal_eval(key), ast.literal_eval(wagers), cards))
                except ValueError:  # a name bound in the cell: not read here
                    continue
    return calls


@pytest.mark.parametrize("game", list(CHAPTERS))
def test_the_chapters_worked_hands_are_what_the_function_says(game: str) -> None:
    """Each worked hand's glued verdict and headline, saved in the chapter, is what
    ``worked_example_of`` writes for the same hand now."""
    nb = nbformat.read(BOOK / f"{CHAPTERS[game]}.ipynb", as_version=4)
    saved = glued(nb)
    calls = worked_calls(nb)
    assert len(calls) >= 6
    for key, wagers, cards in calls:
        e = worked_example_of(game, wagers, **cards)
        assert (saved[key], saved[key + "-title"]) == (e.text, e.title), key


def test_the_verdict_follows_the_showdown_and_the_qualifier() -> None:
    game = get_game("three-card-6bonus")
    q = dealer_qualifying_value(game.declaration)
    bets = {"ante": 5, "play": 5}
    cases = {  # player, dealer -> headline
        ("Ah Kd 4c", "Jh 8s 3d"): "The dealer does not qualify",
        ("Ah Kd 4c", "Qh 8s 3d"): "The player beats a qualifying dealer",
        ("Kh 8d 4c", "Ks 8c 4d"): "A tie",
        ("Qh 7d 4c", "Kd Ts 2c"): "The dealer's hand is higher",
    }
    for (player, dealer), title in cases.items():
        qualifies = game.hand_value(dealer) >= q
        assert qualifies == (title != "The dealer does not qualify")
        e = worked_example_of(game, bets, player=player, dealer=dealer)
        assert e.title == title
        s = game.settle(bets, player=player, dealer=dealer)
        sign = "+" if s.total > 0 else "-" if s.total < 0 else ""
        assert e.text.endswith(f"Net for the hand: {sign}${abs(s.total)}.")
    # a higher category says so; the same category does not
    assert worked_example_of(game, bets, player="9h 9d 3c", dealer="Qs 8d 4c").text.startswith(
        "The player's pair of nines (9-9-3) beats the dealer's queen-eight high (Q-8-4): a pair beats high card.")
    assert ": " not in worked_example_of(game, bets, player="Ah Kd 4c", dealer="Qh 8s 3d").text.split(".")[0]
    folded = worked_example_of(game, {"ante": 5, "play": 0}, player="Jh 7d 3c", dealer="Js Jd 7s")
    assert folded.title == "The player folds" and folded.text.startswith("The player folds jack-seven high")


def test_a_game_without_a_dealer_names_the_card_a_fold_comes_before() -> None:
    e = worked_example_of("nh-holdem", {"ante": 5, "flop": 0}, hole="9h 4c", community="2d 2s Kh")
    assert (e.title, e.text.split(".")[0]) == ("A fold before the flop card", "The player folds before the flop card")
    capped = worked_example_of("nh-holdem", {"ante": 2, "flop": 6, "turn": 6, "river": 6}, hole="As Ks",
                               community="Qs Js Ts")
    assert capped.title == "The payout cap" and "The payout cap holds back $" in capped.text


def test_outside_a_notebook_worked_example_shows_nothing() -> None:
    assert worked_example("x", "crazy4", {"ante": 5, "super_bonus": 5, "play": 5}, player="Kh Kd 9s 4c 2d",
                          dealer="Qs Jd 8c 5h 3d") is None


def test_tables_of_hands_give_the_engine_s_answer() -> None:
    game = get_game("crazy4")
    q = dealer_qualifying_value(game.declaration)
    hands = ["Kc 6d 4h 3s 2c", "Qs Jd 9c 8h 7d"]
    page = qualifier_table_html(game, hands)
    assert page.count("<b>qualifies</b>") == sum(game.hand_value(h) >= q for h in hands) == 1
    assert "five cards (the four that play raised)" in page and "best four" in page
    page = multiple_table_html(game, ["As Ad 9c 6h 2s", "Kh Kd 9s 4c 2d"], 3, dealer="Tc 8h 7d 5h 4c")
    assert page.count("<b>3x allowed</b>") == 1 and page.count("refused: ") == 1 and "a 3x Play" in page


def test_the_ordered_deals_are_the_analysis_count() -> None:
    pairs, after = ordered_deal_counts("nh-holdem")
    assert pairs == comb(52, 2) and after == [50, 49, 48]
    assert pairs * prod(after) == ORDERED_DEALS


def test_caps_in_words_are_the_declared_caps() -> None:
    decl = get_game("nh-holdem").declaration
    text = caps_text("nh-holdem")
    for ante, cap in decl.caps.items():
        assert f"${cap:,} with a" in text and f"${ante}" in text


def test_every_pay_table_is_titled_with_its_printed_name() -> None:
    """A pay table drawn in a chapter carries its printed name as its own caption
    (kept with the table on paper), and its rows are still the declared lines, in order (what the
    exhibits look for)."""
    for key in CHAPTERS:
        decl = get_game(key).declaration
        for table in decl.pay_tables:
            page = pay_table_titled(key, table.key, f"t-{table.key}").to_html()
            assert f"<caption>{table.name} pays</caption>" in page, (key, table.key)
            assert f"#T_t-{table.key} caption {{\n  caption-side: top;" in page
            cells = [line.split(">", 1)[1] for line in page.split("<td")[1:] if 'class="data row' in line]
            assert [c.split("<")[0] for c in cells[0::2]] == [line.outcome for line in table.lines]


@pytest.mark.parametrize("key, top", [("three-card-6bonus", ("mini royal (A-K-Q suited)", "75 to 1")),
                                      ("nh-holdem", ("straight flush", "40 to 1"))])
def test_r31_hands_are_paid_as_the_ruling_reads(key: str, top: tuple[str, str]) -> None:
    """R31: A-K-Q of one suit is the top line (the Mini Royal, where the table has one), in mixed
    suits a straight; A-2-3 is the lowest straight; K-A-2 is no straight. The chapters' table of
    Pair Plus hands says what the engine pays, and the chapters quote the straights the engine
    ranks lowest and highest."""
    page = pay_line_table_html(key, "pair_plus", ["As Ks Qs", "As Kh Qs", "3d 2c Ah", "Kc Ad 2h"])
    rows = page.split("<tr>")[2:]
    assert f"<b>{top[0]}</b>: pays {top[1]}" in rows[0]
    assert "straight, ace high" in rows[1] and "<b>straight</b>" in rows[1]
    assert "straight, three high" in rows[2] and "<b>straight</b>" in rows[2]
    assert "ace-king high (A-K-2)" in rows[3] and "no line pays it" in rows[3]
    assert straight_ranks(key, "pair_plus") == ("3-2-A", "A-K-Q")
