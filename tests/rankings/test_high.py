"""gamelib.rankings.high: best five of 5, 6 or 7 cards (RULINGS R3)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rankings_helpers import assert_same_order, best_of, pokerkit_strengths, ref_high5

from gamelib.cards import deal_hands
from gamelib.rankings import best_hand, category, describe, evaluate, n_values
from gamelib.rankings.high import HIGH


def value(text: str) -> int:
    return int(evaluate("high", [text])[0])


# ---- exhaustive: every five-card hand ------------------------------------------------------


def test_every_five_card_hand_counts(all5: np.ndarray) -> None:
    values = evaluate("high", all5)
    assert len(values) == 2_598_960
    cats = Counter(category("high", int(v)) for v in np.unique(values))  # classes per category
    counts = Counter()
    per_value = np.bincount(values, minlength=HIGH.n_classes + 1)
    for v in np.flatnonzero(per_value):
        counts[category("high", int(v))] += int(per_value[v])
    assert per_value[7462] == 4  # royal flushes
    assert counts == {
        "straight flush": 40,  # 4 royal + 36 other
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_108,
        "straight": 10_200,
        "three of a kind": 54_912,
        "two pair": 123_552,
        "pair": 1_098_240,
        "high card": 1_302_540,
    }
    assert len(np.unique(values)) == 7_462 == n_values("high")
    assert values.min() == 1 and values.max() == 7_462
    assert sum(cats.values()) == 7_462


def test_every_class_orders_as_the_reference(all5: np.ndarray) -> None:
    """One hand per distinct value: gamelib's order equals the plain-Python reference's order."""
    values = evaluate("high", all5)
    _, first = np.unique(values, return_index=True)
    reps = all5[first]
    assert_same_order(values[first], [ref_high5(tuple(h)) for h in reps], "high, one hand per class")


def test_sample_ties_match_the_reference(all5: np.ndarray) -> None:
    rng = np.random.default_rng(5)
    rows = all5[rng.choice(len(all5), 20_000, replace=False)]
    assert_same_order(evaluate("high", rows), [ref_high5(tuple(h)) for h in rows], "high, sample")


# ---- pokerkit oracle ----------------------------------------------------------------------


@pytest.mark.parametrize("n_cards", [5, 7])
def test_same_order_as_pokerkit(n_cards: int) -> None:
    hands = deal_hands(20_000, n_cards, seed=100 + n_cards)
    theirs = pokerkit_strengths("high", hands)
    assert_same_order(evaluate("high", hands), theirs, f"high {n_cards} cards vs pokerkit")


def test_six_cards_same_order_as_pokerkit() -> None:
    hands = deal_hands(5_000, 6, seed=106)
    assert_same_order(evaluate("high", hands), pokerkit_strengths("high", hands), "high 6")


# ---- best of n ------------------------------------------------------------------------------


@settings(deadline=None, max_examples=150)
@given(st.integers(6, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)))
def test_best_of_n_is_max_over_five_card_subsets(cards: list[int]) -> None:
    subsets = np.array(list(itertools.combinations(cards, 5)))
    assert int(evaluate("high", [cards])[0]) == int(evaluate("high", subsets).max())
    assert_same_order(
        [int(evaluate("high", [cards])[0])], [best_of(cards, 5, ref_high5)], "high best of n"
    )


@settings(deadline=None, max_examples=100)
@given(st.integers(5, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)))
def test_best_hand_cards_have_the_hand_value(cards: list[int]) -> None:
    best = best_hand("high", cards)
    assert len(best) == 5 and set(best) <= set(cards)
    assert int(evaluate("high", [list(best)])[0]) == int(evaluate("high", [cards])[0])


# ---- R3 by hand -----------------------------------------------------------------------------


def test_wheel_is_the_lowest_straight_r3() -> None:
    wheel = value("5c 4d 3h 2s Ac")
    assert category("high", wheel) == "straight"
    assert describe("high", wheel) == "straight, five high"
    assert wheel < value("6c 5d 4h 3s 2c")  # six-high straight beats the wheel
    assert wheel > value("Ac Ad Ah Kc Qd")  # trips
    steel = value("5s 4s 3s 2s As")
    assert category("high", steel) == "straight flush" and steel == HIGH.n_classes - 9


def test_no_wrap_around_straight_r3() -> None:
    v = value("Qc Kd Ah 2s 3c")
    assert category("high", v) == "high card"
    assert describe("high", v) == "ace-king high (A-K-Q-3-2)"


def test_royal_and_worst() -> None:
    assert value("As Ks Qs Js Ts") == 7_462
    assert describe("high", 7_462) == "royal flush"
    assert value("7c 5d 4h 3s 2c") == 1
    assert describe("high", 1) == "seven-five high (7-5-4-3-2)"


def test_seven_cards_pick_flush_over_straight() -> None:
    v = value("9h 8h 7c 6h 5d 2h Kh")
    assert describe("high", v) == "flush, king high (K-9-8-6-2)"
    assert value("9h 8h 7h 6h 5h 2c Kd") == value("9h 8h 7h 6h 5h")
