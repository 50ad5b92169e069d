"""Display helpers of the mixed-game and Big O chapters: the numbers they show are the engine's."""

from __future__ import annotations

import pytest

from gamelib import get_game
from gamelib.engine.hand import Hand
from gamelib.errors import GameError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, big_bet_structure
from gamelib.widgets.tables_and_formats import (
    action_table,
    bet_sizes,
    big_o_structures_table,
    blinds_table,
    game_structure_table,
    history_html,
    play,
    showdown_html,
    stud_bring_in_html,
)


def test_play_follows_the_script_and_pays_everything() -> None:
    h = play("stud8", ["i", "x", "r", "c", "c", "c", "b", "c", "c", "b", "f", "c", "c", "c", "b", "c"],
             [100, 100, 100], seed=21)
    assert h.is_over
    assert sum(h.stacks) == 300
    assert h.stacks == [103, 94, 103]  # a split pot: pair of nines high, eight-seven low
    assert "seat 1 brings in for $1" in h.history


def test_play_refuses_tokens_after_the_end_and_illegal_bets() -> None:
    with pytest.raises(GameError):
        play("badugi", ["f", "c"], [50, 50], seed=3)
    with pytest.raises(GameError):
        play("big-o", ["r5"], [50, 50, 50], seed=3, structure=BIG_O_STRUCTURES["$2-$4"])


def test_largest_pot_limit_raise_is_the_engines() -> None:
    # R16: blinds $1/$2, first raise: call 2, pot 5, raise 5 -> to $7
    h = Hand(POT_DECLARATIONS["big-o"], [200] * 4, structure=big_bet_structure("pot-limit", 1, 2), seed=1)
    df = action_table(h, ["rmax", "rmax"])
    assert df["action"].tolist() == ["seat 3 raises to $7", "seat 0 raises to $24"]
    assert df["pot"].tolist() == [10, 34]
    assert df["could"].iloc[0] == "fold, call $2, raise to $4-$7"


def test_cap_after_a_bet_and_four_raises() -> None:
    # R13: one bet and four raises
    h = Hand(POT_DECLARATIONS["badugi"], [200] * 3, seed=2)
    df = action_table(h, ["r", "r", "r", "r", "c"])
    assert df["action"].tolist()[-2:] == ["seat 0 raises to $10", "seat 1 calls $4"]  # the big blind was the bet
    assert "raise" not in df["could"].iloc[-1]


def test_spread_limit_raise_range() -> None:
    # R18: $1-$4 spread, a raise at least the previous bet or raise
    h = Hand(POT_DECLARATIONS["big-o"], [100] * 3, structure=BIG_O_STRUCTURES["$1-$4"], seed=1)
    df = action_table(h, ["r4", "c"])
    assert df["could"].tolist() == ["fold, call $2, raise to $4-$6", "fold, call $3, raise to $6-$8"]


def test_showdown_html_pays_as_the_judge() -> None:
    hands = ["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s", None]
    board = "4c 5d 6s Jh Kh"
    out = showdown_html("big-o", hands, 31, board=board, button=2)
    paid = get_game("big-o").showdown(hands, board=board).award(31, button=2)
    for x in paid:
        assert f"${x}</td>" in out
    assert "folded" in out and "Board:" in out
    out2 = showdown_html("stud8", ["Kc Kd Kh 9s 9c Qd Js", "Qc Qs Qh 9d 8c 7d 2s"], 20)
    assert "no qualifying low" in out2


def test_double_board_showdown_names_both_boards() -> None:
    out = showdown_html("double-board-omaha", ["As Ad Kc Kd", "Qs Qd 2c 3d"], 11,
                        boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"])
    assert "Board 1:" in out and "Board 2:" in out and "$6</td>" in out and "$5</td>" in out


def test_tables_read_the_declarations() -> None:
    df = blinds_table()
    row = df[df["limit"] == "$5/$10"].iloc[0]
    assert (row["small blind"], row["big blind"], row["stud bring-in"]) == (3, 5, 3)  # R11
    assert df[df["limit"] == "$20/$40"].iloc[0]["allowed in the mixed games (R17)"].startswith("no")
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


def test_history_html_escapes_and_keeps_every_line() -> None:
    h = play("badugi", ["f"], [50, 50], seed=3)
    out = history_html(h)
    assert out.count("\n") == len(h.history) - 1


def test_structure_choices() -> None:
    from gamelib.widgets.tables_and_formats import structure_choices

    big_o = structure_choices("big-o")
    assert big_o["$2-$4 (Big O cash game)"] is BIG_O_STRUCTURES["$2-$4"]
    assert big_o["pot limit"].kind == "pot-limit" and big_o["pot limit"].big_blind == 2
    assert structure_choices("razzdugi")["no limit"].bring_in == 1
    assert "$1-$4 (Big O cash game)" not in structure_choices("badugi")


def test_parse_action() -> None:
    from gamelib.widgets.tables_and_formats import parse_action

    assert parse_action("bet $4") == ("bet", 4)
    assert parse_action("stand pat") == ("stand pat", None)
    with pytest.raises(GameError):
        parse_action("  ")


def test_wager_widget_accepts_and_refuses_as_the_engine() -> None:
    from gamelib.engine.hand import IllegalActionError
    from gamelib.widgets.tables_and_formats import WagerWidget

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
    assert "refused</b> raise 24" in w.result.value and "raise to $12-$23" in w.result.value
    w.actions.value = "raise 7\nraise 23\ncall\nfold"
    w.check()
    assert "refused" not in w.result.value and "Next: seat 1 on flop" in w.result.value
    w.actions.value = "raise 9"
    w.check()
    assert "refused</b> raise 9" in w.result.value and "raise to $4-$7" in w.result.value  # over the pot
    w.actions.value = "raise"
    w.check()
    assert "say how much" in w.result.value


def test_wager_widget_stud_and_end_of_hand() -> None:
    from gamelib.widgets.tables_and_formats import WagerWidget

    w = WagerWidget("stud8", "$2/$4 limit", players=2, actions="bring-in\nfold\ncall")
    assert "The hand is over" not in w.result.value
    assert "the hand is over" in w.result.value and "refused" in w.result.value
    w.actions.value = "bring-in\nfold"
    w.check()
    assert "The hand is over" in w.result.value
