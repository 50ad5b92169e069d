"""Betting structures (gamelib/widgets/betting_structures.py): the numbers they show are the engine's."""

from __future__ import annotations

import pytest

from gamelib.engine.hand import Hand
from gamelib.errors import GameError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS
from gamelib.widgets.betting_structures import (
    bet_sizes,
    big_o_structures_table,
    blinds_table,
    game_structure_table,
    stud_bring_in_html,
)


def test_tables_read_the_declarations() -> None:
    df = blinds_table()
    row = df[df["limit"] == "$5/$10"].iloc[0]
    assert (row["small blind"], row["big blind"], row["stud bring-in"]) == (3, 5, 3)  # R11
    # R17 caps every forced bet at $10: judged per kind of forced bet. A $20/$40 blind game's big
    # blind is $20 (refused); its stud bring-in is $10 (allowed). $15/$30: big blind $15, bring-in $8.
    verdicts = df.set_index("limit")[["blind games allowed (R17)", "stud games allowed (R17)"]]
    for stake, blind_ok, stud_ok in (("$10/$20", True, True), ("$15/$30", False, True), ("$20/$40", False, True)):
        assert verdicts.loc[stake].iloc[0].startswith("yes" if blind_ok else "no"), stake
        assert verdicts.loc[stake].iloc[1].startswith("yes" if stud_ok else "no"), stake
    assert df.set_index("limit").loc["$20/$40", "stud bring-in"] == 10
    b = big_o_structures_table()
    assert b["minimum buy-in"].tolist() == [20, 40, 40, 40]  # R18
    assert b.set_index("structure").loc["$2-$4", "turn"] == "$4"
    assert bet_sizes("big-o", BIG_O_STRUCTURES["$1-$4"])["river"] == "$1-$4"
    assert game_structure_table("stud8", [(2, 4)]).iloc[0]["fourth street"] == "$2"  # R12: no double bet
    assert "discard" not in bet_sizes("super-razzdugi")


@pytest.mark.parametrize("game,ups,seat", [
    ("stud8", ["Kd", "2c", "2s"], 1),           # lowest card, clubs lowest (R2, R14)
    ("stud8", ["Ad", "3c", "Ks"], 1),           # ace is high for the bring-in
    ("razzdugi", ["Kd", "Ks", "2s"], 1),        # highest card, spades highest
    ("razzdugi", ["Ad", "Qc", "2s"], 1),        # ace low: the queen brings in
    ("27-razzdugi", ["Ad", "Qc", "2s"], 0),     # ace high in 2-7 Razzdugi
])
def test_bring_in_seat(game: str, ups: list[str], seat: int) -> None:
    assert f"Seat {seat} brings in" in stud_bring_in_html(game, ups)


def test_structure_choices() -> None:
    from gamelib.widgets.betting_structures import structure_choices

    big_o = structure_choices("big-o")
    assert big_o["$2-$4 (Big O cash game)"] is BIG_O_STRUCTURES["$2-$4"]
    assert big_o["pot limit"].kind == "pot-limit" and big_o["pot limit"].big_blind == 2
    assert structure_choices("razzdugi")["no limit"].bring_in == 1
    assert "$1-$4 (Big O cash game)" not in structure_choices("badugi")


def test_parse_action() -> None:
    from gamelib.widgets.betting_structures import parse_action

    assert parse_action("bet $4") == ("bet", 4)
    assert parse_action("stand pat") == ("stand pat", None)
    with pytest.raises(GameError):
        parse_action("  ")


def test_wager_widget_accepts_and_refuses_as_the_engine() -> None:
    from gamelib.engine.hand import IllegalActionError
    from gamelib.widgets.betting_structures import WagerWidget

    # R18 spread: after a $1 bet and a raise to $3, a raise to $9 adds $6 (more than $4)
    w = WagerWidget("big-o", "$1-$4 (Big O cash game)",
                    actions="call\ncall\ncheck\nbet 1\nraise 3\nraise 9")
    h = Hand(POT_DECLARATIONS["big-o"], [200] * 3, structure=BIG_O_STRUCTURES["$1-$4"], seed=1)
    for kind, amount in [("call", None), ("call", None), ("check", None), ("bet", 1), ("raise", 3)]:
        h.act(kind, amount)
    with pytest.raises(IllegalActionError) as err:
        h.act("raise", 9)
    assert str(err.value).replace("$", "") in w.result.value.replace("$", "")
    assert w.result.value.count("<tr>") == 1 + 5
    # R16: the largest pot-limit raise is accepted, one dollar more is not
    w.structure.value = "pot limit"
    w.actions.value = "raise 7\nraise 24"  # seat 1 (small blind) faces $7: pot 10 + call 6, at most $23
    w.check_button.click()
    assert "seat 0 raises to $7" in w.result.value
    assert "Refused:</b> raise 24" in w.result.value and "raise to $12-$23" in w.result.value
    w.actions.value = "raise 7\nraise 23\ncall\nfold"
    w.check()
    assert "Refused" not in w.result.value and "Next: seat 1 on flop" in w.result.value
    w.actions.value = "raise 9"
    w.check()
    assert "Refused:</b> raise 9" in w.result.value and "raise to $4-$7" in w.result.value  # over the pot
    w.actions.value = "raise"
    w.check()
    assert "say how much" in w.result.value


def test_wager_widget_stud_and_end_of_hand() -> None:
    from gamelib.widgets.betting_structures import WagerWidget

    w = WagerWidget("stud8", "$2/$4 limit", players=2, actions="bring-in\nfold\ncall")
    assert "The hand is over" not in w.result.value
    assert "the hand is over" in w.result.value and "Refused" in w.result.value
    w.actions.value = "bring-in\nfold"
    w.check()
    assert "The hand is over" in w.result.value
