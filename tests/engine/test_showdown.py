"""Hand-written showdowns for every rule of R3 and R8-R10, for the games pokerkit cannot judge
alone (Archie, Drawmaha, Drawmaha 2-7, 2-7 Razzdugi, Super Razzdugi) and the split games."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest

from gamelib import get_game
from gamelib.engine.showdown import SPLIT_NAME
from gamelib.errors import DuplicateCardError, GameError, HandSizeError

HALF = Fraction(1, 2)


def portions(sd):
    return {p.name: (p.share, p.winners) for p in sd.portions}


# --- Archie (R8) -------------------------------------------------------------------------

def test_archie_both_sides_qualify():
    sd = get_game("archie").showdown(["9c 9d Kh Qs Jc", "Ac 2d 3h 4s 7h"])
    assert portions(sd) == {"high": (HALF, (0,)), "low": (HALF, (1,))}
    assert sd.award(10) == [5, 5]
    assert sd.award(11) == [6, 5]  # R6: the odd dollar to the high


def test_archie_pair_of_eights_does_not_qualify_for_high():
    sd = get_game("archie").showdown(["8c 8d Kh Qs Jc", "Ac 2d 3h 4s 7h"])
    assert portions(sd) == {"high": (0, ()), "low": (1, (1,))}
    assert "pair of nines or better" in sd.portions[0].reason
    assert sd.award(11) == [0, 11]


def test_archie_high_scoops_without_a_qualifying_low():
    sd = get_game("archie").showdown(["9c 9d Kh Qs Jc", "Ac 2d 3h 4s 9h"])
    assert portions(sd) == {"high": (1, (0,)), "low": (0, ())}
    assert sd.award(9) == [9, 0]


def test_archie_two_lows_and_no_high_the_better_low_takes_all():
    sd = get_game("archie").showdown(["Ac 2d 3h 4s 8h", "Ad 2c 3s 4h 6d", "Kc Qc 7d 5s 2h"])
    assert portions(sd) == {"high": (0, ()), "low": (1, (1,))}
    assert sd.award(12) == [0, 12, 0]


def test_archie_nobody_qualifies_splits_among_everyone_at_the_showdown():
    sd = get_game("archie").showdown(["Kc Qd 9h 7s 2c", "Ac Kd Qh Js 9s", None, "8c 8d 3h 4s Kh"])
    assert sd.portions[-1].name == SPLIT_NAME
    assert sd.portions[-1].winners == (0, 1, 3)
    assert sd.portions[-1].share == 1
    assert "R8" in sd.portions[-1].reason
    # $10 among three: $3 each and the odd dollar to the first clockwise from the button (R6).
    assert sd.award(10, button=0) == [3, 4, 0, 3]
    assert sd.award(10, button=1) == [3, 3, 0, 4]


def test_archie_wheel_is_a_straight_and_a_low():
    sd = get_game("archie").showdown(["Ac 2d 3h 4s 5c", "9c 9d 9h Ks 3c"])
    assert portions(sd) == {"high": (HALF, (0,)), "low": (HALF, (0,))}
    assert "straight" in sd.portions[0].reason and "five-four" in sd.portions[1].reason
    assert sd.award(15) == [15, 0]


def test_archie_tied_highs_split_the_high_half():
    sd = get_game("archie").showdown(["Tc Td 4h 3s 2c", "Th Ts 4d 3c 2d", "Ac 2h 3d 4c 7s"], )
    assert portions(sd) == {"high": (HALF, (0, 1)), "low": (HALF, (2,))}
    # $15: high $8 (odd dollar to the high), split 4/4; low $7.
    assert sd.award(15, button=2) == [4, 4, 7]
    # $13: high $7 split 4/3, the odd dollar to the first tied player left of the button.
    assert sd.award(13, button=0) == [3, 4, 6]
    assert sd.award(13, button=1) == [4, 3, 6]


# --- Drawmaha (R9) -----------------------------------------------------------------------

def test_drawmaha_draw_half_uses_the_hole_cards_alone():
    board = "Jh Th 5h 8s 6d"
    sd = get_game("drawmaha").showdown(["Ah Ad 7c 4s 2d", "Kh Qh 9h 3c 2c"], board=board)
    # Seat 1 has a flush with the board for the Omaha half; seat 0's pair of aces wins the
    # draw half on its five hole cards, though seat 1's hole cards would make a straight with the board.
    assert portions(sd) == {"draw": (HALF, (0,)), "Omaha": (HALF, (1,))}
    assert "pair of aces" in sd.portions[0].reason and "flush" in sd.portions[1].reason
    assert sd.award(9) == [5, 4]  # R6: the odd dollar to the draw hand


def test_drawmaha_omaha_half_uses_exactly_two_hole_cards():
    # Seat 0 holds four hearts but the board has only two: no flush with exactly two + three.
    sd = get_game("drawmaha").showdown(["Ah Kh Qh Jh 2c", "Tc Td 9s 8s 3d"], board="5h 4h Ts 7c 2s")
    assert sd.portions[1].winners == (1,)  # trip tens beats ace high
    assert sd.portions[0].winners == (1,)  # hole-only: pair of tens beats ace high


def test_drawmaha_27_draw_half_is_deuce_to_seven_and_a_wheel_is_ace_high():
    board = "Kc Kd 9h 9s Qc"
    sd = get_game("drawmaha-27").showdown(["As 2d 3h 4c 5s", "8c 6d 4h 3s 2h", "7h 5c 4d 3c 2c"], board=board)
    assert sd.portions[0].name == "2-7 draw"
    assert sd.portions[0].winners == (2,)
    assert "ace" in sd.portions[0].reason or sd.portions[0].winners == (2,)
    sd2 = get_game("drawmaha-27").showdown(["As 2d 3h 4c 5s", "8c 6d 4h 3s 2h"], board=board)
    assert sd2.portions[0].winners == (1,)  # eight-six beats A-5-4-3-2, which is only ace high (R3)
    sd3 = get_game("drawmaha-27").showdown(["As 2d 3h 4c 5s", "Kh 9d 6h 4s 3d"], board="Jc Jd 8h 8s Tc")
    assert sd3.portions[0].winners == (1,)  # even king high beats ace high


# --- triple draws (R3) --------------------------------------------------------------------

def test_27_triple_draw_wheel_is_only_ace_high():
    sd = get_game("27-triple-draw").showdown(["Ac 2d 3h 4s 5c", "Kc Qd Jh 9s 8c"])
    assert sd.portions[0].winners == (1,)


def test_27_triple_draw_straights_and_flushes_count_against():
    sd = get_game("27-triple-draw").showdown(["3h 4h 5h 6h 2h", "8c 6d 4c 3s 2d", "7s 6c 5d 4d 3c"])
    assert sd.portions[0].winners == (1,)


def test_a5_triple_draw_suited_wheel_is_the_best_low():
    sd = get_game("a5-triple-draw").showdown(["Ah 2h 3h 4h 5h", "6c 4d 3c 2s Ac"])
    assert sd.portions[0].winners == (0,)


# --- badugi halves (R10) ------------------------------------------------------------------

def test_badugi_any_badugi_beats_a_three_card_hand():
    sd = get_game("badugi").showdown(["Ks Qd Jh Tc", "As 2h 3d 4d"])
    assert sd.portions[0].winners == (0,)


def test_badacey_wheel_with_a_badugi_scoops():
    sd = get_game("badacey").showdown(["Ac 2d 3h 4s 5c", "7d 5h 4c 3s 2h"])
    assert portions(sd) == {"ace-to-five": (HALF, (0,)), "badugi": (HALF, (0,))}


def test_badeucey_aces_are_high_on_both_sides():
    sd = get_game("badeucey").showdown(["Ac 2d 3h 4s 5c", "7d 5h 4c 3s 2h"])
    assert portions(sd) == {"deuce-to-seven": (HALF, (1,)), "badugi": (HALF, (0,))}
    assert sd.award(7) == [3, 4]  # R6: the odd dollar to the five-card hand
    sd2 = get_game("badeucey").showdown(["As 2d 3h 4c 9s", "Kd 2c 3s 4h 8d"])
    assert sd2.portions[1].winners == (1,)  # K-4-3-2 beats A-4-3-2: the ace is the worst card


def test_razzdugi_badugi_uses_any_four_of_seven():
    sd = get_game("razzdugi").showdown(["Kc Kd Qs Jh 2c 3d 4h", "As 2s 3s 4s 5s 6s 7s"])
    assert portions(sd) == {"razz": (HALF, (1,)), "badugi": (HALF, (0,))}


def test_27_razzdugi_aces_high_and_straights_count():
    sd = get_game("27-razzdugi").showdown(["As 2d 3h 4c 5d Kd Kh", "2c 3d 4h 5s 7c Qd Qh"])
    # 2-7: seat 1's 7-5-4-3-2 beats seat 0's (A-5-4-3-2 is ace high); badugi: 2-3-4-5 rainbow is the nut.
    assert sd.portions[0].winners == (1,)
    assert sd.portions[1].winners == (1,)
    sd2 = get_game("27-razzdugi").showdown(["As 2d 3h 4c Kc Kd Kh", "Qd 2c 3s 4h 9c 9h Js"])
    assert sd2.portions[1].winners == (1,)  # Q-4-3-2 beats A-4-3-2 with aces high (R3)


def test_super_razzdugi_judges_like_razzdugi():
    hands = ["Kc Kd Qs Jh 2c 3d 4h", "As 2s 3s 4s 5s 6s 7s", "Ac 2h 3c 4d 9h 9c 9d"]
    a = get_game("super-razzdugi").showdown(hands)
    b = get_game("razzdugi").showdown(hands)
    assert [p.winners for p in a.portions] == [p.winners for p in b.portions]


# --- eight-or-better lows that may not exist ---------------------------------------------

def test_stud8_no_low_high_scoops():
    sd = get_game("stud8").showdown(["Kc Kd 9h 9s 2c 3d Th", "Qc Qd Qh 2s 3c 4d Jh"])
    assert portions(sd) == {"high": (1, (1,)), "low": (0, ())}
    assert "no hand qualifies" in sd.portions[1].reason


def test_big_o_quartered_low():
    sd = get_game("big-o").showdown(["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s"], board="4c 5d 6s Jh Kh")
    assert portions(sd) == {"high": (HALF, (0,)), "low": (HALF, (0, 1))}
    assert sd.award(20) == [15, 5]
    assert sd.award(21, button=0) == [16, 5]  # high $11; low $10 split 5/5
    assert sd.award(23, button=0) == [17, 6]  # high $12; low $11: odd dollar to seat 1 (left of button)


def test_double_board_omaha_halves_and_odd_chip_to_board_one():
    sd = get_game("double-board-omaha").showdown(
        ["As Ad Kc Kd", "Qs Qd 2c 3d"], boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"])
    assert portions(sd) == {"board 1": (HALF, (0,)), "board 2": (HALF, (1,))}
    assert sd.award(11) == [6, 5]


# --- input checks -------------------------------------------------------------------------

def test_bad_showdown_input_is_refused():
    g = get_game("big-o")
    with pytest.raises(HandSizeError):
        g.showdown(["As 2s Kd Kc", "Ah 2h Qd Qc 8s"], board="4c 5d 6s Jh Kh")
    with pytest.raises(DuplicateCardError):
        g.showdown(["As 2s Kd Kc 7h", "As 2h Qd Qc 8s"], board="4c 5d 6s Jh Kh")
    with pytest.raises(HandSizeError):
        g.showdown(["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s"])
    with pytest.raises(GameError):
        g.showdown([None, None], board="4c 5d 6s Jh Kh")
    with pytest.raises(HandSizeError):
        get_game("badugi").showdown(["As 2d 3h 4c"], board="4c 5d 6s")


def test_judge_many_matches_the_single_judge_for_archie():
    rng = np.random.default_rng(3)
    g = get_game("archie")
    deals = np.array([rng.permutation(52)[:20].reshape(4, 5) for _ in range(300)])
    masks = g.judge_many(deals)
    for d in range(len(deals)):
        sd = g.showdown([list(h) for h in deals[d]])
        for p in sd.portions:
            assert tuple(np.flatnonzero(masks[p.name][d])) == p.winners


@pytest.mark.parametrize("key", ["big-o", "double-board-omaha", "drawmaha"])
def test_judge_many_matches_the_single_judge_for_omaha_games(key):
    """The vectorized judge values Omaha through ``gamelib.rankings``, as the single judge does."""
    rng = np.random.default_rng(5)
    g = get_game(key)
    hole, players, nb = g.declaration.hole_cards, 3, g.declaration.boards
    deals = np.array([rng.permutation(52)[:players * hole + 5 * nb] for _ in range(300)])
    hands = deals[:, :players * hole].reshape(-1, players, hole)
    boards = deals[:, players * hole:].reshape(-1, nb, 5)
    masks = g.judge_many(hands, boards)
    for d in range(len(deals)):
        sd = g.showdown([list(h) for h in hands[d]], boards=[list(b) for b in boards[d]])
        for p in sd.portions:
            assert tuple(np.flatnonzero(masks[p.name][d])) == p.winners


# --- the award's explanation is the award ------------------------------------------------

from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402  (this section's imports, kept with it)
from test_hand import play_short_stacked_hand  # noqa: E402  (tests/engine is on sys.path)

from gamelib import POT_GAMES  # noqa: E402
from gamelib.engine.pots import side_pots  # noqa: E402


@settings(max_examples=400, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), game=st.sampled_from(POT_GAMES))
def test_explained_dollars_equal_the_award_of_random_hands(seed, game):
    """For random hands played to a showdown, side pots and all: every explained line's dollars
    are what its seats are paid, each pot's lines add up to the pot and follow R5 and R6, and
    the totals are what the hand paid its seats (``award_pots`` returns these same totals)."""
    h, _ = play_short_stacked_hand(game, np.random.default_rng(seed))
    sd = h.showdown
    if sd is None:  # everybody else folded: no showdown to explain
        return
    pots = [(p.amount, list(p.eligible)) for p in side_pots(h.contributed, [not f for f in h.folded])]
    e = sd.award_pots_explained(pots, button=h.button)
    assert list(e.totals) == h.winnings, h.history
    for line in e.lines:
        assert sum(x for _, x in line.paid) == line.dollars
        exact = line.share * line.pot_amount  # R5, R6: its exact share rounded down, or one more
        assert line.dollars - math.floor(exact) in (0, 1)
        each = line.dollars // len(line.paid)
        assert all(x in (each, each + 1) for _, x in line.paid)  # R6: tied seats differ by one
        extra = [s for s, x in line.paid if x > each]
        assert [s for s, _ in line.paid[:len(extra)]] == extra  # the odd dollars to the first seats named
        assert line.odd_dollars == len(extra)
        # a note exactly when the portion got more than its exact share or its seats split an
        # odd dollar, naming the seats that got one
        assert bool(line.notes) == (line.dollars > exact or bool(extra))
        if extra:
            assert ", ".join(f"seat {s}" for s in extra) + " first" in line.note
    for k, (amount, _) in enumerate(pots):
        name = "main pot" if k == 0 else f"side pot {k}"
        mine = [line for line in e.lines if line.pot_name == name]
        assert sum(line.dollars for line in mine) == amount
        # R6: the pot's odd dollars go one each to its first portions
        rounded_up = [line.dollars > math.floor(line.share * amount) for line in mine]
        assert rounded_up == sorted(rounded_up, reverse=True)
