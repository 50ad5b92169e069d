"""gamelib.rankings.omaha: exactly two hole cards and exactly three board cards, high and 8-or-better."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rankings_helpers import assert_same_order, invert_key, pokerkit_strengths, ref_high5, ref_low8_5

from gamelib.cards import deal_hands
from gamelib.errors import DuplicateCardError, HandSizeError
from gamelib.rankings import best_hand, describe, evaluate, evaluate_hi_lo
from gamelib.rankings.omaha import omaha_hi_lo, omaha_high, omaha_low8

# (hole cards, board cards) -> hands dealt in the pokerkit comparison (20,000 per system in all).
SHAPES = {(4, 5): 6_000, (5, 5): 2_000, (4, 3): 4_000, (4, 4): 3_000, (5, 3): 2_500, (5, 4): 2_500}


def ref_omaha(hole, board, low: bool):
    keys = []
    for pair in itertools.combinations(hole, 2):
        for triple in itertools.combinations(board, 3):
            k = (ref_low8_5 if low else ref_high5)(pair + triple)
            if k is not None:
                keys.append(k)
    if low:
        return invert_key(min(keys) if keys else None)
    return max(keys)


def deals(hole_n: int, board_n: int, count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    d = deal_hands(count, hole_n + board_n, seed=seed)
    return d[:, :hole_n], d[:, hole_n:]


@pytest.mark.parametrize("system", ["omaha-high", "omaha-low8"])
def test_same_order_as_pokerkit(system: str) -> None:
    for (h, b), count in SHAPES.items():
        hole, board = deals(h, b, count, seed=300 + 10 * h + b)
        theirs = pokerkit_strengths(system, hole, board)
        assert_same_order(evaluate(system, hole, board), theirs, f"{system} {h}+{b} vs pokerkit")


@pytest.mark.parametrize("h,b", list(SHAPES))
def test_matches_the_reference(h: int, b: int) -> None:
    hole, board = deals(h, b, 400, seed=400 + 10 * h + b)
    hi, lo = evaluate_hi_lo(hole, board)
    assert_same_order(hi, [ref_omaha(tuple(x), tuple(y), False) for x, y in zip(hole, board, strict=True)],
                      "omaha hi ref")
    assert_same_order(lo, [ref_omaha(tuple(x), tuple(y), True) for x, y in zip(hole, board, strict=True)],
                      "omaha lo ref")


def test_hi_lo_in_one_pass_equals_separate() -> None:
    hole, board = deals(4, 5, 20_000, seed=9)
    hi, lo = evaluate_hi_lo(hole, board)
    assert (hi == omaha_high(hole, board)).all() and (lo == omaha_low8(hole, board)).all()
    assert (hi == evaluate("omaha-high", hole, board)).all()
    assert (lo == evaluate("omaha-low8", hole, board)).all()
    h2, l2 = omaha_hi_lo(hole, board)
    assert (h2 == hi).all() and (l2 == lo).all()


@settings(deadline=None, max_examples=100)
@given(
    st.sampled_from(list(SHAPES)).flatmap(
        lambda s: st.tuples(st.just(s[0]), st.lists(st.integers(0, 51), min_size=sum(s), max_size=sum(s), unique=True))
    )
)
def test_value_is_max_over_two_plus_three_splits(shape: tuple[int, list[int]]) -> None:
    h, cards = shape
    hole, board = cards[:h], cards[h:]
    fives = np.array([p + t for p in itertools.combinations(hole, 2) for t in itertools.combinations(board, 3)])
    assert int(evaluate("omaha-high", [hole], [board])[0]) == int(evaluate("high", fives).max())
    assert int(evaluate("omaha-low8", [hole], [board])[0]) == int(evaluate("low8", fives).max())
    for system in ("omaha-high", "omaha-low8"):
        v = int(evaluate(system, [hole], board)[0])
        best = best_hand(system, hole, board)
        if v == 0:
            assert best == ()
            continue
        assert len(set(best[:2]) & set(hole)) == 2 and set(best[2:]) <= set(board)
        sub = "high" if system == "omaha-high" else "low8"
        assert int(evaluate(sub, [list(best)])[0]) == v


def test_exactly_two_hole_cards() -> None:
    # Four spades in the hand and one on the board is no flush; four to a flush on the board neither.
    v = int(evaluate("omaha-high", ["As Ks Qs Js"], board="Ts 2d 3c 7h 8d")[0])
    assert describe("omaha-high", v) == "ace-king high (A-K-T-8-7)"
    v = int(evaluate("omaha-high", ["Ah Kd 2c 2d"], board="Qs Js Ts 9s 3c")[0])
    assert describe("omaha-high", v) == "straight, ace high"
    # Two hole cards to a board of three of a kind with a pair: a full house.
    v = int(evaluate("omaha-high", ["9c 9d 2h 3h"], board="Kc Kd Ks 4c 5d")[0])
    assert describe("omaha-high", v) == "full house, kings full of nines"


def test_low_needs_two_low_hole_cards_r4() -> None:
    assert int(evaluate("omaha-low8", ["As Kd Qh Jc"], board="2c 3d 4h 5s 6c")[0]) == 0
    v = int(evaluate("omaha-low8", ["As 2d Kh Kc"], board="3c 4d 9h Ts 8c")[0])
    assert describe("omaha-low8", v) == "eight-four low (8-4-3-2-A)"
    v = int(evaluate("omaha-low8", ["As 2d 3h Kc"], board="2c 3d 4h 5s 6c")[0])
    assert describe("omaha-low8", v) == "five-four low, the wheel (5-4-3-2-A)"


def test_boards_per_hand_and_errors() -> None:
    hands = ["As Kd Qh Jc", "2c 3d 4h 5s"]
    per_hand = evaluate("omaha-high", hands, board=["Ts 9s 8s 7d", "Ac Kc Qc Jd"])
    assert per_hand.tolist() == [
        int(evaluate("omaha-high", [hands[0]], board="Ts 9s 8s 7d")[0]),
        int(evaluate("omaha-high", [hands[1]], board="Ac Kc Qc Jd")[0]),
    ]
    with pytest.raises(HandSizeError, match="different numbers of cards"):
        evaluate("omaha-high", hands, board=["Ts 9s 8s", "Ac Kc Qc Jd"])
    with pytest.raises(HandSizeError, match="need the board"):
        evaluate("omaha-high", hands)
    with pytest.raises(HandSizeError, match="3, 4 or 5"):
        evaluate("omaha-high", hands, board="Ts 9s")
    with pytest.raises(HandSizeError, match="2 hands but 3 boards"):
        evaluate("omaha-high", hands, board=["Ts 9s 8s", "Ac Kc Qc", "2s 3s 4s"])
    with pytest.raises(HandSizeError, match="has 4 or 5 cards, not 3"):
        evaluate("omaha-high", ["As Kd Qh"], board="Ts 9s 8s")
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate("omaha-low8", hands, board="As 9s 8s")


def test_board_as_a_list_of_card_strings_is_one_board() -> None:
    # Regression: ["Qs", "Js", ...] was read as five one-card boards.
    listed = evaluate("omaha-high", ["As Ks 2d 3c"], board=["Qs", "Js", "9s", "4h", "8c"])
    assert listed.tolist() == evaluate("omaha-high", ["As Ks 2d 3c"], board="Qs Js 9s 4h 8c").tolist()
    assert best_hand("omaha-high", "As Ks 2d 3c", board=["Qs", "Js", "9s", "4h", "8c"]) == best_hand(
        "omaha-high", "As Ks 2d 3c", board="Qs Js 9s 4h 8c"
    )
