"""Betting and dealing rules of the hand state machine, one rule at a time.

Blinds (R11), limit amounts and cap (R12, R13), stud bring-in and first to act (R14), Super
Razzdugi discards (R15), pot limit and no limit (R16), spread limit (R18), and the house
rulings R-A1 (short all-in), R-A5 (reshuffle), R-A6 (stud community card), R-A7 (heads-up).
"""

from __future__ import annotations

import pytest

from gamelib.engine.hand import Hand
from gamelib.engine.pots import side_pots
from gamelib.errors import IllegalActionError, TableError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, big_bet_structure, limit_structure, stud_structure

D = POT_DECLARATIONS


def kinds(h):
    return {a.kind: (a.min, a.max) for a in h.legal_actions()}


def test_blinds_and_first_to_act_three_handed():
    h = Hand(D["badugi"], [50, 50, 50], button=0, structure=limit_structure(3, 6), seed=1)
    assert h.history[1:3] == ["seat 1 posts the small blind $2", "seat 2 posts the big blind $3"]  # R11
    assert h.to_act == 0
    assert kinds(h) == {"fold": (None, None), "call": (3, 3), "raise": (6, 6)}


def test_big_blind_has_the_option():
    h = Hand(D["badugi"], [50, 50, 50], button=0, seed=1)
    h.act("call")
    h.act("call")
    assert h.to_act == 2 and kinds(h) == {"fold": (None, None), "check": (None, None), "raise": (4, 4)}
    h.act("check")
    assert h.phase == "draw" and h.to_act == 1  # the draw starts left of the button


def test_heads_up_button_posts_small_blind_and_acts_first_then_last():
    h = Hand(D["big-o"], [50, 50], button=1, seed=2)
    assert h.history[1:3] == ["seat 1 posts the small blind $1", "seat 0 posts the big blind $2"]  # R-A7
    assert h.to_act == 1
    h.act("call")
    h.act("check")
    assert h.to_act == 0  # after the flop the big blind acts first


def test_limit_cap_one_bet_and_four_raises():
    h = Hand(D["big-o"], [100, 100, 100], button=0, structure=BIG_O_STRUCTURES["$2-$4"], seed=1)
    for to in (4, 6, 8, 10):  # the big blind is the bet; four raises
        h.act("raise", to)
    assert "raise" not in kinds(h)
    h.act("call")
    h.act("call")
    # flop at $2: bet and four raises to $10; turn at $4
    h.act("bet", 2)
    for to in (4, 6, 8, 10):
        h.act("raise", to)
    assert set(kinds(h)) == {"fold", "call"}
    h.act("call")
    h.act("call")
    assert h.street.name == "turn" and kinds(h)["bet"] == (4, 4)


def test_limit_bet_amounts_are_refused_unless_exact():
    h = Hand(D["27-triple-draw"], [100, 100, 100], seed=1)
    with pytest.raises(IllegalActionError, match=r"may: fold, call \$2, raise to \$4"):
        h.act("raise", 5)
    with pytest.raises(IllegalActionError, match="out of turn"):
        h.act("call", seat=2)
    with pytest.raises(IllegalActionError):
        h.act("bet", 2)


def test_spread_limit_any_bet_from_one_to_four_raise_at_least_the_last():
    h = Hand(D["big-o"], [100, 100, 100], button=0, structure=BIG_O_STRUCTURES["$1-$4"], seed=1)
    assert kinds(h)["raise"] == (4, 6)  # the $2 blind is the bet: raise by $2 to $4
    h.act("raise", 6)  # a raise of $4
    assert kinds(h)["raise"] == (10, 10)
    h.act("call")
    h.act("call")
    assert kinds(h)["bet"] == (1, 4)
    h.act("bet", 3)
    assert kinds(h)["raise"] == (6, 7)


def test_pot_limit_raise_makes_the_bet_the_pot_after_the_call():
    h = Hand(D["big-o"], [500, 500, 500], button=0, structure=big_bet_structure("pot-limit", 1, 2), seed=1)
    assert kinds(h)["raise"] == (4, 7)  # R16: call 2 makes the pot 5, raise 5 more
    h.act("raise", 7)
    assert kinds(h)["raise"] == (12, 23)  # call 6 makes 16; 7 + 16
    h.act("call")
    h.act("call")
    assert kinds(h)["bet"] == (2, 21)


def test_no_limit_raise_up_to_all_in_and_minimum_raise():
    h = Hand(D["double-board-omaha"], [100, 60, 100], button=0, structure=big_bet_structure("no-limit", 1, 2), seed=1)
    assert kinds(h)["raise"] == (4, 100)
    h.act("raise", 10)  # raise of 8
    assert kinds(h)["raise"] == (18, 60)


def test_short_all_in_raise_does_not_reopen_the_betting():
    h = Hand(D["big-o"], [100, 9, 100], button=0, structure=big_bet_structure("no-limit", 1, 2), seed=1)
    h.act("raise", 6)  # seat 0 raises by 4
    h.act("raise", 9)  # seat 1 all in for $9: a raise of 3, short of 4 (R-A1)
    assert "short" in h.history[-1]
    assert "raise" in kinds(h)  # seat 2 has not acted: he may raise
    h.act("call")
    assert h.to_act == 0 and set(kinds(h)) == {"fold", "call"}  # seat 0 may only call or fold


def test_stud_bring_in_lowest_card_with_suits_and_no_option():
    # Deal order from the dealer's left: seat 1, 2, 0 (two down each, then one up each).
    deck = "Ah Ad Ac Kh Kd Kc 4s 4c Qd"
    h = Hand(D["stud8"], [50, 50, 50], button=0, deck=deck)
    assert h.to_act == 2  # 4c is the lowest up card: clubs below spades (R2, R14)
    assert kinds(h) == {"bring-in": (1, 1), "complete": (2, 2)}
    h.act("bring-in")
    assert kinds(h) == {"fold": (None, None), "call": (1, 1), "complete": (2, 2)}
    h.act("call")
    h.act("call")
    assert h.street.name == "fourth street"  # the bring-in has no option when all call


def test_razz_style_bring_in_is_the_highest_card_ace_low_or_high():
    deck = "2h 2d 2c 3h 3d 3c Ks Ah Kc"  # up cards: seat 1 Ks, seat 2 Ah, seat 0 Kc
    assert Hand(D["razzdugi"], [50] * 3, deck=deck).to_act == 1  # ace low: Ks highest, spade over club
    assert Hand(D["27-razzdugi"], [50] * 3, deck=deck).to_act == 2  # ace high (R14)


def test_stud_later_streets_best_board_acts_first():
    # Third street up: seat 1 9s, seat 2 3c, seat 0 8d; fourth street: 9h, 4h, 2s.
    deck = "Ah Ad Ac Kh Kd Kc 9s 3c 8d 7c 9h 4h 2s"
    h = Hand(D["stud8"], [50] * 3, deck=deck)
    h.act("bring-in")
    h.act("call")
    h.act("call")
    assert h.to_act == 1  # pair of nines showing (high board)
    h2 = Hand(D["razzdugi"], [50] * 3, deck=deck)
    h2.act("bring-in")
    h2.act("call")
    h2.act("call")
    assert h2.to_act == 2  # 4-3 is the best low board (R14), better than 8-2


def test_super_razzdugi_discards_two_down_cards():
    h = Hand(D["super-razzdugi"], [50, 50], button=0, seed=5)
    h.act("bring-in")
    h.act("call")
    assert h.phase == "discard" and kinds(h) == {"discard": (2, 2)}
    s = h.to_act
    with pytest.raises(IllegalActionError, match="exactly 2"):
        h.act("discard", cards=h.down[s][:1])
    with pytest.raises(IllegalActionError):
        h.act("discard", cards=[h.down[s][0]] + h.up[s])  # up cards are not discarded
    h.act("discard", cards=h.down[s][:2])
    assert len(h.down[s]) == 2 and len(h.up[s]) == 1


def test_reshuffle_when_the_stub_runs_short_keeps_the_drawers_discards_out():
    h = Hand(D["badugi"], [100] * 8, button=0, seed=9)
    while h.phase == "bet":
        h.act("call" if "call" in kinds(h) else "check")
    while h.phase == "draw":
        s = h.to_act
        thrown = list(h.down[s])
        h.act("draw", cards=thrown)
        assert not set(thrown) & set(h.down[s])
    assert any("R-A5" in line for line in h.history)
    cards = [c for s in range(8) for c in h.down[s]]
    assert len(cards) == len(set(cards)) == 32


def test_stud_eight_players_seventh_street_community_card():
    h = Hand(D["stud8"], [100] * 8, button=0, seed=4)
    while not h.is_over:
        ks = kinds(h)
        h.act("bring-in" if "bring-in" in ks else ("call" if "call" in ks else "check"))
    assert any("community card" in line and "R-A6" in line for line in h.history)
    assert len(h.community) == 1
    assert all(len(h.final_cards(s)) == 6 for s in range(8))
    assert h.showdown is not None and all(len(x) == 7 for x in h.showdown.hands)
    assert sum(h.stacks) == 800


def test_side_pots_in_a_played_hand_are_judged_on_their_own():
    h = Hand(D["badacey"], [10, 30, 60, 60], button=0, structure=big_bet_structure("no-limit", 1, 2), seed=3)
    while h.phase == "bet" and h.street_index == 0:
        ks = kinds(h)
        if "raise" in ks:
            h.act("raise", ks["raise"][1])
        else:
            h.act("call")
    while not h.is_over:
        ks = kinds(h)
        h.act("stand pat" if "stand pat" in ks else ("check" if "check" in ks else "call"))
    pots = side_pots(h.contributed, [not f for f in h.folded])
    assert len(pots) >= 2
    expected = h.showdown.award_pots([(p.amount, p.eligible) for p in pots], button=0)
    assert h.winnings == expected
    assert sum(h.stacks) == 160


def test_setup_is_checked():
    with pytest.raises(TableError):
        Hand(D["stud8"], [10] * 9)
    with pytest.raises(TableError):
        Hand(D["badugi"], [10, 0])
    with pytest.raises(TableError):
        Hand(D["stud8"], [10, 10], structure=limit_structure(2, 4))
    with pytest.raises(TableError):
        Hand(D["badugi"], [10, 10], structure=stud_structure(2, 4))
    with pytest.raises(IllegalActionError):
        h = Hand(D["badugi"], [10, 10], seed=1)
        h.act("fold")
        h.act("fold")


def test_stud8_ace_is_high_for_the_bring_in():
    deck = "Ah Ad Ac Kh Kd Kc As 3c 2d"  # up cards: seat 1 As, seat 2 3c, seat 0 2d
    assert Hand(D["stud8"], [50] * 3, deck=deck).to_act == 0  # the deuce, not the ace (R14)
    assert Hand(D["razzdugi"], [50] * 3, deck=deck).to_act == 2  # 3c highest with the ace low
    assert Hand(D["27-razzdugi"], [50] * 3, deck=deck).to_act == 1  # the ace, high in 2-7
