"""Odd chips (R5, R6) for every case, and side pots (R7)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamelib import get_game
from gamelib.engine.pots import clockwise_from_button, divide, side_pots, split_among
from gamelib.errors import GameError

# --- R6: the odd dollar between two sides goes to the first side -------------------------

@pytest.mark.parametrize("key, hands, board, first", [
    ("big-o", ["Kc Kd Ks 9h 9c", "Ah 2h 3d Qc Jd"], "4c 5d 8s Jh Th", 0),        # high
    ("stud8", ["Kc Kd Ks 9h 9c Qd Jh", "Ah 2h 3d 4c 6d Tc Js"], None, 0),          # high
    ("archie", ["Kc Kd Ks 9h 9c", "Ah 2h 3d 4c 6d"], None, 0),                    # high
    ("badacey", ["Ac 2c 3c 4c 5c", "Kd Qh Js Tc 9d"], None, 0),                   # five-card hand
    ("badeucey", ["7c 5c 4c 3c 2d", "Kd Qh Js Tc 9d"], None, 0),                  # five-card hand
    ("razzdugi", ["Ac 2c 3c 4c 5c 6c 7c", "Kd Qh Js Tc 9d 9h 9s"], None, 0),     # five-card hand
    ("drawmaha", ["Ac Ad 7h 4s 2d", "Kh Qh 9h 3c 2c"], "Jh Th 5h 8s 6d", 0),      # draw hand
])
def test_odd_dollar_goes_to_the_first_side(key, hands, board, first):
    sd = get_game(key).showdown(hands, board=board) if board else get_game(key).showdown(hands)
    w = [p.winners for p in sd.portions]
    assert w[0] == (first,) and w[1] == (1 - first,), w
    paid = sd.award(25)
    assert paid[first] == 13 and paid[1 - first] == 12


def test_odd_dollar_goes_to_board_one_in_double_board_omaha():
    sd = get_game("double-board-omaha").showdown(["As Ad Kc Kd", "Qs Qd 2c 3d"],
                                                 boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"])
    assert sd.award(25) == [13, 12]
    sd2 = get_game("double-board-omaha").showdown(["As Ad Kc Kd", "Qs Qd 2c 3d"],
                                                  boards=["Qh 4c 5d 6s Jh", "Ah 7c 8d 9s 2h"])
    assert sd2.award(25) == [12, 13]


# --- R6: tied hands in one side ------------------------------------------------------------

def test_button_game_ties_odd_dollars_clockwise_from_the_button_one_each():
    g = get_game("badugi")
    hands = ["As 2d 3h 4c", "Ad 2h 3c 4s", "Ac 2s 3d 4h", "Kd Qh Jc 9s"]
    sd = g.showdown(hands)
    assert sd.portions[0].winners == (0, 1, 2)
    # $11 among three: $3 each, two odd dollars, one each, from the left of the button.
    assert sd.award(11, button=3) == [4, 4, 3, 0]
    assert sd.award(11, button=0) == [3, 4, 4, 0]
    assert sd.award(11, button=1) == [4, 3, 4, 0]
    assert sd.award(12, button=1) == [4, 4, 4, 0]
    assert max(sd.award(k, button=2)[i] - k // 3 for k in range(30) for i in range(3)) <= 1


def test_stud_high_side_tie_odd_dollar_to_the_highest_card_by_suit():
    g = get_game("stud8")
    # Identical high hands (two pair aces and kings, queen); no low. Seat 1 holds the ace of spades.
    sd = g.showdown(["Ac Ad Kc Kd Qh 9s 7h", "Ah As Kh Ks Qd 9d 7d"])
    assert sd.portions[0].winners == (0, 1) and sd.portions[1].winners == ()
    assert sd.award(9, button=1) == [4, 5]
    assert sd.award(9, button=0) == [4, 5]  # the button does not matter in stud


def test_stud_low_side_tie_odd_dollar_to_the_lowest_card_by_suit():
    g = get_game("stud8")
    # Seat 0 wins the high alone (trips); seats 1 and 2 tie for the low 6-4-3-2-A.
    # Seat 2 holds the ace of clubs, the lowest card by suit (ace low on a low side, R-A3).
    sd = g.showdown(["Kc Kd Ks 9h 9c Qd Jh", "Ad 2h 3d 4h 6d Tc Js", "Ac 2c 3c 4c 6c Td Jd"])
    assert sd.portions[0].winners == (0,) and sd.portions[1].winners == (1, 2)
    # $21: high $11, low $10 -> 5/5; $23: high $12, low $11 -> 6 to seat 2, 5 to seat 1.
    assert sd.award(21) == [11, 5, 5]
    assert sd.award(23) == [12, 5, 6]


def test_27_razzdugi_low_side_odd_chip_plays_the_ace_high():
    g = get_game("27-razzdugi")
    # Tied 2-7 lows 7-5-4-3-2; seat 0's lowest card by suit is the 2c (aces high here).
    hands = ["7c 5c 4d 3c 2c Ad Kd", "7h 5h 4s 3h 2h As Ks"]
    sd = g.showdown(hands)
    assert sd.portions[0].winners == (0, 1)
    assert sd.odd_chip_order([0, 1], sd.portions[0].name, button=0) == [0, 1]


def test_razzdugi_low_side_odd_chip_plays_the_ace_low():
    sd = get_game("razzdugi").showdown(["Ac 2d 3d 4d 5d Kd Qd", "Ad 2c 3c 4c 5c Kc Qc"])
    assert sd.portions[0].winners == (0, 1)
    assert sd.odd_chip_order([1, 0], "razz", button=0) == [0, 1]  # Ac is below Ad


def test_split_when_nobody_qualifies_uses_the_button():
    sd = get_game("archie").showdown(["Kc Qd 9h 7s 2c", "Ac Kd Qh Js 9s", "Kh Qs Td 6h 3d"])
    assert sd.award(8, button=2) == [3, 3, 2]


# --- the pieces ----------------------------------------------------------------------------

def test_divide_and_split_among():
    assert divide(5, [Fraction(1, 2)] * 2) == [3, 2]
    assert divide(1, [Fraction(1, 2)] * 2) == [1, 0]
    assert split_among(7, [5, 2, 9]) == {5: 3, 2: 2, 9: 2}
    assert clockwise_from_button([0, 1, 2, 3], 3, 4) == [0, 1, 2, 3]
    with pytest.raises(GameError):
        divide(-1, [Fraction(1)])
    with pytest.raises(GameError):
        divide(3, [Fraction(1, 3)])
    with pytest.raises(GameError):
        split_among(3, [])


# --- R7: side pots -------------------------------------------------------------------------

def test_side_pots_from_contributions():
    pots = side_pots([100, 30, 100, 60], [True, True, True, True])
    assert [(p.amount, p.eligible) for p in pots] == [(120, (0, 1, 2, 3)), (90, (0, 2, 3)), (80, (0, 2))]
    # A folded seat's chips stay in the pots it reached; it is eligible for none.
    pots = side_pots([100, 30, 100, 60], [True, True, False, True])
    assert [(p.amount, p.eligible) for p in pots] == [(120, (0, 1, 3)), (90, (0, 3)), (80, (0,))]
    assert sum(p.amount for p in pots) == 290
    with pytest.raises(GameError):
        side_pots([1, 2], [True])


def test_each_side_pot_is_judged_on_its_own():
    g = get_game("badugi")
    # Seat 1 (all in short) has the best hand, seat 2 the second best, seat 0 the worst.
    sd = g.showdown(["Kd Qh Jc 9s", "As 2d 3h 4c", "5s 6d 7h 8c"])
    assert sd.award_pots([(30, [0, 1, 2]), (40, [0, 2])]) == [0, 30, 40]


def test_side_pot_split_has_its_own_odd_chips_and_qualifiers():
    g = get_game("archie")
    # Seat 0 all in: main pot among all; the side pot only between seats 1 and 2.
    # Seat 0: nines (high); seat 1: 7-low; seat 2: no qualifier at all.
    sd = g.showdown(["9c 9d Kh Qs Jc", "Ac 2d 3h 4s 7h", "Kc Qd Th 6s 2c"])
    paid = sd.award_pots([(31, [0, 1, 2]), (20, [1, 2])], button=0)
    # Main: high $16 to seat 0, low $15 to seat 1. Side: only seat 1 qualifies (low) -> all $20.
    assert paid == [16, 35, 0]
    sd2 = g.showdown(["9c 9d Kh Qs Jc", "Kd Qc 8h 6d 2d", "Ks Qh Td 6c 2h"])
    # Side pot nobody qualifies for: split between seats 1 and 2 (R8), odd dollar left of button.
    assert sd2.award_pots([(30, [0, 1, 2]), (21, [1, 2])], button=1) == [30, 10, 11]


def test_award_pots_refuses_folded_seats():
    sd = get_game("badugi").showdown(["Kd Qh Jc 9s", None, "5s 6d 7h 8c"])
    with pytest.raises(GameError):
        sd.award_pots([(10, [0, 1, 2])])


def test_pots_in_play_cut_only_above_an_all_in() -> None:
    """While the betting goes on, a bet not yet called is in the last pot (every live player with
    chips may still call it); a side pot begins only above an all-in player's total (R7). Once
    every live player with chips has matched the bet, the pots are the award's (``side_pots``)."""
    from gamelib.engine.pots import Pot, pots_in_play

    # p0 raised to 500, p1 has 250 in (not called yet), p2 folded after putting in 100
    assert pots_in_play([500, 250, 100], [True, True, False], [False, False, False]) == [Pot(850, (0, 1))]
    # p1 all in for 200, p2 all in for 300, p0 bet 500 that p3 has not called yet (100 in)
    assert pots_in_play([500, 200, 300, 100], [True] * 4, [False, True, True, False]) == [
        Pot(700, (0, 1, 2, 3)), Pot(200, (0, 2, 3)), Pot(200, (0, 3))]
    import random

    rng = random.Random(26)
    for _ in range(500):
        n = rng.randint(2, 6)
        bet = rng.randint(1, 50)
        all_in = [rng.random() < 0.4 for _ in range(n)]
        live = [rng.random() < 0.8 for _ in range(n)]
        # the betting is over: every live player not all in matched the bet, all-ins put in less or as much
        contributed = [bet if lv and not a else rng.randint(0 if not lv else 1, bet)
                       for lv, a in zip(live, all_in, strict=True)]
        if not any(lv and c for lv, c in zip(live, contributed, strict=True)):
            continue
        assert pots_in_play(contributed, live, all_in) == side_pots(contributed, live), (contributed, live, all_in)
