"""Buy-ins and structures (R17, R18), blinds (R11), rotation and dealer's choice."""

from __future__ import annotations

import pytest

from gamelib.engine.table import DealersChoice, Rotation, Table, min_buy_in, structure_for
from gamelib.errors import TableError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, limit_structure, stud_structure


# --- R18: Big O structures and buy-ins ---------------------------------------------------

def test_big_o_structures_as_filed():
    s = BIG_O_STRUCTURES
    assert (s["$1-$2"].small_blind, s["$1-$2"].big_blind, s["$1-$2"].small_bet, s["$1-$2"].big_bet) == (1, 2, 2, 2)
    assert (s["$2-$4"].small_blind, s["$2-$4"].big_blind, s["$2-$4"].small_bet, s["$2-$4"].big_bet) == (1, 2, 2, 4)
    assert (s["$4-$4"].small_blind, s["$4-$4"].big_blind, s["$4-$4"].small_bet, s["$4-$4"].big_bet) == (4, 4, 4, 4)
    assert (s["$1-$4"].kind, s["$1-$4"].small_blind, s["$1-$4"].big_blind) == ("spread", 1, 2)
    assert (s["$1-$4"].small_bet, s["$1-$4"].big_bet) == (1, 4)
    assert all(x.max_raises == 4 for x in s.values())  # one bet and four raises


def test_big_o_minimum_buy_in_is_ten_times_the_largest_bet():
    assert {k: min_buy_in(v) for k, v in BIG_O_STRUCTURES.items()} == {"$1-$2": 20, "$2-$4": 40, "$4-$4": 40, "$1-$4": 40}
    t = Table("big-o", "$1-$2")
    with pytest.raises(TableError, match=r"minimum buy-in is \$20"):
        t.sit(0, "Ann", 19)
    t.sit(0, "Ann", 20)
    t.sit(1, "Bob", 5000)  # no maximum in Big O
    t4 = Table("big-o", "$1-$4")
    with pytest.raises(TableError):
        t4.sit(0, "Ann", 39)
    t4.sit(0, "Ann", 40)


def test_big_o_return_after_cash_out():
    t = Table("big-o", "$2-$4")
    for i, p in enumerate(["A", "B", "C"]):
        t.sit(i, p, 100)
    t.seats[0].stack = 150
    assert t.cash_out(0) == 150
    with pytest.raises(TableError, match=r"at least \$150"):
        t.sit(0, "A", 100)
    t.sit(0, "A", 150)  # back at once with at least what he took
    t.cash_out(0)
    for moves in range(2):  # two players left: a full rotation is two button moves
        with pytest.raises(TableError, match="R18"):
            t.sit(0, "A", 40)
        h = t.new_hand(seed=moves)
        while not h.is_over:
            h.act("fold")
        t.settle()
    t.sit(0, "A", 40)


def test_big_o_refuses_other_structures():
    with pytest.raises(TableError):
        Table("big-o", limit_structure(3, 6))
    with pytest.raises(TableError):
        Table("big-o", "$5-$10")


def test_new_player_posts_a_big_blind():
    t = Table("big-o", "$2-$4")
    for i, p in enumerate("ABCE"):
        t.sit(i, p, 100)
    h = t.new_hand(seed=3)
    assert not any("new player" in line for line in h.history)
    while not h.is_over:
        h.act("fold")
    t.settle()
    t.sit(5, "D", 100)  # button seat 1, blinds seats 2 and 3, D is next to act
    h = t.new_hand(seed=4)
    assert "seat 4 (new player) posts a big blind $2 (R18)" in h.history
    assert h.pot == 1 + 2 + 2


# --- R17: mixed games ----------------------------------------------------------------------

def test_mixed_games_forced_bets_at_most_ten():
    Table("badugi", limit_structure(10, 20))
    with pytest.raises(TableError, match="R17"):
        Table("badugi", limit_structure(11, 22))
    with pytest.raises(TableError, match="R17"):
        Table("stud8", stud_structure(20, 40, bring_in=11))
    Table("stud8", stud_structure(20, 40, bring_in=10))
    with pytest.raises(TableError):
        Table(Rotation(["badugi", "stud8"], 8), lower_higher=(30, 60))


def test_mixed_games_entry_and_purchase_limits():
    t = Table("archie")
    with pytest.raises(TableError, match=r"\$1000"):
        t.sit(0, "A", 1001)
    t.sit(0, "A", 1000)
    with pytest.raises(TableError, match=r"\$150"):
        t.sit(1, "B", 300, from_dealer=151)
    t.sit(1, "B", 300, from_dealer=150)
    with pytest.raises(TableError):
        t.buy(1, 1)  # already $150 from the dealer this hand
    t.buy(0, 150)
    h = t.new_hand(seed=1)
    h.act("fold")
    t.settle()
    t.buy(1, 150)  # a new hand, a new $150


# --- R11: blinds ---------------------------------------------------------------------------

@pytest.mark.parametrize("lower, small", [(2, 1), (3, 2), (4, 2), (5, 3), (10, 5)])
def test_small_blind_is_half_the_lower_limit_rounded_up(lower, small):
    s = limit_structure(lower, 2 * lower)
    assert (s.small_blind, s.big_blind) == (small, lower)


def test_stud_structure_defaults():
    s = structure_for(POT_DECLARATIONS["razzdugi"], 2, 4)
    assert (s.bring_in, s.ante, s.small_bet, s.big_bet) == (1, 0, 2, 4)


# --- rotation and dealer's choice ----------------------------------------------------------

def test_rotation_plays_each_game_its_number_of_hands():
    t = Table(Rotation(["badugi", "stud8", "big-o"], hands_each=2))
    for i, p in enumerate("ABC"):
        t.sit(i, p, 200)
    played = []
    for n in range(7):
        h = t.new_hand(seed=n)
        played.append(h.game.key)
        while not h.is_over:
            h.act("fold") if any(a.kind == "fold" for a in h.legal_actions()) else h.act("bring-in")
        t.settle()
    assert played == ["badugi", "badugi", "stud8", "stud8", "big-o", "big-o", "badugi"]
    assert t.game.next_game(3) == ("big-o", 4)
    with pytest.raises(TableError):
        Rotation(["holdem"], 2)
    with pytest.raises(TableError):
        Rotation(["badugi"], 0)


def test_dealers_choice_button_picks_from_the_approved_list():
    t = Table(DealersChoice(["badugi", "archie"]))
    t.sit(0, "A", 100)
    t.sit(1, "B", 100)
    with pytest.raises(TableError, match="must pick"):
        t.new_hand(seed=1)
    with pytest.raises(TableError, match="approved"):
        t.new_hand(seed=1, choice="stud8")
    h = t.new_hand(seed=1, choice="archie")
    assert h.game.key == "archie"


def test_button_moves_and_stacks_return_to_seats():
    t = Table("badugi")
    t.sit(2, "A", 100)
    t.sit(5, "B", 100)
    t.sit(7, "C", 100)
    h = t.new_hand(seed=1)
    assert t.hand_seats == [2, 5, 7] and t.button == 2
    while not h.is_over:
        h.act("fold")
    stacks = t.settle()
    assert sum(stacks) == 300 and t.button == 5
    with pytest.raises(TableError):
        t.settle() if t.current is None else t.sit(2, "Z", 10)
