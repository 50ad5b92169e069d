"""Hands played from a script (gamelib/widgets/scripted_hands.py): every action is the engine's."""

from __future__ import annotations

import pytest

from gamelib.engine.hand import Hand
from gamelib.errors import GameError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, big_bet_structure
from gamelib.widgets.scripted_hands import act, action_table, history_html, play


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


def test_history_html_escapes_and_keeps_every_line() -> None:
    h = play("badugi", ["f"], [50, 50], seed=3)
    out = history_html(h)
    assert out.count("\n") == len(h.history) - 1


def test_act_refuses_a_discard_after_the_end() -> None:
    h = Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3)
    act(h, "f")
    with pytest.raises(GameError, match="after the end of the hand"):
        act(h, "k")
