"""gamelib.rankings.crazy4: the best four cards of five (Crazy 4 Poker)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st
from rankings_helpers import all_hands, assert_same_order, best_of, ref_crazy4

from gamelib.cards import deal_hands
from gamelib.rankings import best_hand, categories, category, describe, evaluate, n_values
from gamelib.rankings.crazy4 import CRAZY4


def value(text: str) -> int:
    return int(evaluate("crazy4", [text])[0])


def test_every_five_card_deal(all5: np.ndarray) -> None:
    values = evaluate("crazy4", all5)
    per_value = np.bincount(values)
    counts: Counter = Counter()
    for v in np.flatnonzero(per_value):
        counts[category("crazy4", int(v))] += int(per_value[v])
    assert counts["four of a kind"] == 624
    assert counts["straight flush"] == 2_072
    assert counts["three of a kind"] == 58_656
    assert counts["flush"] == 114_616
    assert counts["straight"] == 101_808
    assert counts["two pair"] == 123_552
    queens = CRAZY4.value_of([10, 10, 0, 1], False)  # the lowest pair of queens: Q-Q-3-2
    pairs_q_up = int(((values >= queens) & (CRAZY4.category_of(values) == CRAZY4.categories.index("pair"))).sum())
    assert pairs_q_up == 242_916
    assert sum(counts.values()) == 2_598_960


def test_every_class_orders_as_the_reference() -> None:
    fours = all_hands(4)
    values = evaluate("crazy4", fours)
    assert len(np.unique(values)) == n_values("crazy4")
    _, first = np.unique(values, return_index=True)
    assert_same_order(values[first], [ref_crazy4(tuple(h)) for h in fours[first]], "crazy4 per class")
    hands = deal_hands(5_000, 5, seed=44)
    assert_same_order(evaluate("crazy4", hands), [best_of(tuple(h), 4, ref_crazy4) for h in hands], "crazy4 5")


@settings(deadline=None, max_examples=100)
@given(st.lists(st.integers(0, 51), min_size=5, max_size=5, unique=True))
def test_best_four_of_five(cards: list[int]) -> None:
    v = int(evaluate("crazy4", [cards])[0])
    assert v == int(evaluate("crazy4", np.array(list(itertools.combinations(cards, 4)))).max())
    best = best_hand("crazy4", cards)
    assert len(best) == 4 and int(evaluate("crazy4", [list(best)])[0]) == v


def test_straights_and_order() -> None:
    low = value("Ac 2d 3h 4s 9c")
    assert category("crazy4", low) == "straight" and describe("crazy4", low) == "straight, four high"
    assert value("Ac Kd Qh Js 2c") > value("Kc Qd Jh Ts 2c") > low
    assert category("crazy4", value("Qc Kd Ah 2s 7c")) == "high card"  # no wrap-around
    assert categories("crazy4")[:3] == ("four of a kind", "straight flush", "three of a kind")
    assert value("2c 2d 2h 5s 9c") > value("Ac Kc Qc 9c 2d")  # trips beat a flush
    assert value("Ac Kc Qc 9c 2d") > value("Ac Kd Qh Js 2c")  # a flush beats a straight
    assert describe("crazy4", value("Qh Qd 4s 4c 9d")) == "two pair, queens up (Q-Q-4-4)"
