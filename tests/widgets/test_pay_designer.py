"""The par-sheet tables and the pay-table designer widget (gamelib/widgets/banked/pay_designer.py): they
show the analysis's own answers, and a refusal carries the designer's message."""

from __future__ import annotations

import pytest

from gamelib import get_game
from gamelib.analysis.par_sheet import par_sheet
from gamelib.analysis.pay_designer import design
from gamelib.widgets.banked.pay_designer import PayDesignerWidget, designer_answer, par_sheet_frame, par_sheet_html

GAMES = ["crazy4", "three-card-6bonus", "nh-holdem"]


@pytest.mark.parametrize("key", GAMES)
def test_par_sheet_tables_show_every_wager(key):
    sheet = par_sheet(get_game(key))
    frame = par_sheet_frame(sheet)
    assert list(frame.columns) == ["figure"] + [s.name for s in sheet.sheets().values()]
    assert "standard deviation" in list(frame["figure"])
    page = par_sheet_html(key)
    for s in sheet.sheets().values():
        assert s.name in page and f"{s.total:,}" in page
        assert f"${s.largest_win:,}" in page


def test_designer_widget_shows_the_designer_answer():
    w = PayDesignerWidget("three-card-6bonus", table="pair_plus", vary={"flush": "1..6"}, target="7%")
    expected = design(get_game("three-card-6bonus"), "pair_plus", {"flush": range(1, 7)}, "7%", top=w.top)
    assert w.found is not None and w.found.equals(expected)
    assert f"{float(expected['house edge'].iloc[0]):.4%}" in w.result.value
    # another table, two lines ticked
    w.table_choice.value = "six_card_bonus"
    for line, pays in (("flush", "10..20"), ("straight", "5..10")):
        tick, text = w.line_inputs[line]
        tick.value, text.value = True, pays
    w.target.value = "10%"
    found = w.find()
    assert found is not None and len(found) == w.top and set(found.columns) >= {"flush", "straight"}


@pytest.mark.parametrize("key, table, vary, target, answer", [
    ("crazy4", "super_bonus", {"flush": "1..10"}, "3%", "flush 2 to 1 (house edge 1.21%)"),
    ("three-card-6bonus", "ante_bonus", {"three of a kind": "1..10"}, "3%",
     "three of a kind 7 to 1 (house edge 2.88%)"),
    ("nh-holdem", "main", {"flush": "4..8", "full house": "6..10"}, "10%",
     "full house 8 to 1, flush 5 to 1 (house edge 10.06%)"),
])
def test_the_book_s_designer_questions_and_answers(key, table, vary, target, answer):
    """The question each banked chapter asks the designer, and the answer its prose quotes."""
    w = PayDesignerWidget(key, table=table, vary=vary, target=target)
    assert w.found is not None and designer_answer(w.found) == answer
    assert w.found.attrs["lines"] == [c for c in w.found.columns if c in w.line_inputs]


def test_designer_widget_refusals():
    w = PayDesignerWidget("crazy4", table="queens_up", vary={"flush": "1..5"})
    w.target.value = "a lot"
    assert w.find() is None and "Refused" in w.result.value and "percentage" in w.result.value
    w.target.value = "3%"
    w.line_inputs["flush"][0].value = False
    assert w.find() is None and "say which lines" in w.result.value


@pytest.mark.parametrize("box", ["target", "pays"])
@pytest.mark.parametrize("bad", ["²", "+-5", "9" * 5000])
def test_bad_input_is_refused_on_screen_and_the_old_answer_goes(box, bad):
    w = PayDesignerWidget("crazy4", table="queens_up", vary={"flush": "1..5"})
    assert "house edge" in w.result.value
    (w.target if box == "target" else w.line_inputs["flush"][1]).value = bad
    assert w.find() is None and w.found is None
    assert "Refused" in w.result.value and "house edge (" not in w.result.value
    assert len(w.result.value) < 600  # the whole input is not echoed


def test_the_nh_par_sheet_tables_show_the_capped_figures_beside_the_uncapped():
    """R21: the 6 Card Bonus's and the main game's figures before the cap are labelled
    so, and the figures with the cap, one line per Ante, are in the same column."""
    sheet = par_sheet(get_game("nh-holdem"))
    frame = par_sheet_frame(sheet).set_index("figure")
    six = frame["6 Card Bonus"]
    assert six["house edge"] == "19.3555% before the cap"
    assert six["with the $5,000 cap ($10 Ante)"].startswith("house edge 19.8172% on a $10 bet")
    assert six["with the $1,000 cap ($2 Ante)"].startswith("house edge 21.0000% on a $10 bet")
    assert frame["Pair Plus"]["house edge"] == "7.2760%" and frame["Pair Plus"]["with the $1,000 cap ($2 Ante)"] == ""
    page = par_sheet_html("nh-holdem")
    assert "21.0000% on a $10 bet" in page and "19.3555% before the cap" in page


def test_the_crazy4_designer_shows_both_edges_and_marks_the_player_s_edge_in_red():
    """The Super Bonus is measured by the whole game; every row shows the whole game's and
    the Super Bonus's own edge, and a row giving the player the edge is red and says so."""
    w = PayDesignerWidget("crazy4", table="super_bonus", vary={"flush": "1..10"}, target="3%")
    found = w.found
    assert found is not None and found.attrs["measure"] == "game"
    assert list(found["house edge"]) == list(found["main game house edge"])
    red = found[found["player's edge"]]
    assert len(red) and all(found["main game house edge"][found["player's edge"]] < 0)
    assert all(red["wager house edge"] > 0)  # the Super Bonus alone still favours the house there
    page = w.result.value
    assert "house edge (the whole game)" in page and "Super Bonus house edge" in page
    assert page.count("player's edge: the house loses") == len(red)
    assert page.count("<tr style='color:#b00020;'>") == len(red)
