"""The banked-game declarations hold the filings' wagers, limits, qualifiers, pay tables and caps.

Literal numbers here are copied from the filings (002 Crazy 4, 003 NH Hold'em, 004 Three Card
Poker) on purpose: the declarations must agree with them.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import gamelib
from gamelib.errors import GameError
from gamelib.games.banked import DECLARATIONS, PayLine


def pays(key: str, wager: str) -> dict[str, Fraction]:
    return {line.outcome: line.pays for line in DECLARATIONS[key].pay_table(wager).lines}


def test_every_banked_game_is_declared_and_reachable():
    assert set(DECLARATIONS) == set(gamelib.BANKED_GAMES)
    for key in gamelib.BANKED_GAMES:
        game = gamelib.get_game(key)
        assert game.declaration is DECLARATIONS[key]


def test_crazy4_wagers_and_qualifier():  # filing 002, R19, R22, B2
    d = DECLARATIONS["crazy4"]
    assert (d.wager("ante").minimum, d.wager("ante").maximum) == (2, 10)  # R19
    assert d.wager("ante").required and d.wager("super_bonus").required
    assert d.wager("super_bonus").equal_to == "ante"  # R22
    assert not d.wager("queens_up").required
    assert (d.wager("queens_up").minimum, d.wager("queens_up").maximum) == (2, 10)  # B2
    assert d.wager("play").equal_to == "ante" and d.wager("play").multiples == (1, 3)
    assert d.qualifier.ranks == ("K", "4", "3", "2")
    assert d.wager("play").needs[0].ranks[:2] == ("A", "A") and d.wager("play").needs[0].multiple == 3


def test_crazy4_pay_tables():  # filing 002
    assert pays("crazy4", "super_bonus") == {
        "four aces": 200, "four of a kind, 2s-Ks": 30, "straight flush": 15, "three of a kind": 2,
        "flush": Fraction(3, 2), "straight": 1}
    assert pays("crazy4", "queens_up") == {
        "four of a kind": 50, "straight flush": 40, "three of a kind": 7, "flush": 4, "straight": 3,
        "two pair": 2, "pair of queens or better": 1}


def test_three_card_wagers_and_tables():  # filing 004, R20, R22
    d = DECLARATIONS["three-card-6bonus"]
    assert [(d.wager(k).minimum, d.wager(k).maximum) for k in ("ante", "pair_plus", "six_card_bonus")] == [
        (2, 10), (1, 10), (1, 10)]
    assert d.wager("play").equal_to == "ante" and d.wager("play").multiples == (1,)
    assert set(d.at_least_one_of) == {"ante", "pair_plus", "six_card_bonus"}
    assert d.qualifier.ranks == ("Q", "3", "2")
    assert pays("three-card-6bonus", "ante_bonus") == {"straight flush": 4, "three of a kind": 3, "straight": 1}
    assert pays("three-card-6bonus", "pair_plus") == {
        "mini royal (A-K-Q suited)": 75, "straight flush": 40, "three of a kind": 30, "straight": 5, "flush": 3,
        "pair": 1}
    assert pays("three-card-6bonus", "six_card_bonus") == {
        "royal flush": 500, "straight flush": 250, "four of a kind": 50, "full house": 25, "flush": 15,
        "straight": 10, "three of a kind": 5}


def test_nh_holdem_wagers_tables_and_caps():  # filing 003, R21, R22
    d = DECLARATIONS["nh-holdem"]
    assert d.wager("ante").allowed == (2, 4, 5, 10)
    for street in ("flop", "turn", "river"):
        assert d.wager(street).equal_to == "ante" and d.wager(street).multiples == (1, 2, 3)
    assert [(d.wager(k).minimum, d.wager(k).maximum) for k in ("pair_plus", "six_card_bonus")] == [(2, 10), (2, 10)]
    assert d.qualifier is None  # no dealer hand in this game
    assert pays("nh-holdem", "main") == {
        "royal flush": 250, "straight flush": 80, "four of a kind": 30, "full house": 8, "flush": 6,
        "straight": 4, "three of a kind": 3, "two pair": 2, "pair of jacks through aces": 1,
        "pair of sixes through tens": 0}
    assert pays("nh-holdem", "pair_plus") == {
        "straight flush": 40, "three of a kind": 30, "straight": 6, "flush": 3, "pair": 1}  # R21
    assert pays("nh-holdem", "six_card_bonus") == {
        "royal flush": 1000, "straight flush": 200, "four of a kind": 50, "full house": 20, "flush": 15,
        "straight": 10, "three of a kind": 5}
    assert d.caps == {2: 1000, 4: 2000, 5: 5000, 10: 5000}


def test_pay_line_rank_ranges():
    line = PayLine("pair of sixes through tens", Fraction(0), "pair", "6", "T")
    assert line.matches("pair", 4) and line.matches("pair", 8)
    assert not line.matches("pair", 3) and not line.matches("pair", 9) and not line.matches("two pair", 5)


def test_changing_a_pay_table_is_checked():
    t = DECLARATIONS["crazy4"].pay_table("queens_up")
    assert t.with_pays({"straight": 4}).pays_for("straight") == 4
    assert t.pays_for("straight") == 3  # the declaration itself is unchanged
    with pytest.raises(GameError, match="no row 'royal'"):
        t.with_pays({"royal": 4})
    with pytest.raises(GameError, match="less than nothing"):
        t.with_pays({"straight": -2})
    with pytest.raises(GameError, match="no wager 'bad'"):
        DECLARATIONS["crazy4"].wager("bad")
