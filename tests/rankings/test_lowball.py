"""gamelib.rankings.lowball: ace-to-five, eight-or-better and deuce-to-seven (RULINGS R3, R4)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rankings_helpers import (
    assert_same_order,
    best_of,
    invert_key,
    pokerkit_strengths,
    ref_27_5,
    ref_a5_5,
    ref_low8_5,
)

from gamelib.cards import deal_hands
from gamelib.errors import RankingError
from gamelib.rankings import best_hand, categories, category, describe, evaluate, n_values, winners
from gamelib.rankings.lowball import A5_LOW, DEUCE_SEVEN, describe_low8, low8_qualifies_table

REFS = {"a5-low": ref_a5_5, "27-low": ref_27_5, "low8": ref_low8_5}


def value(system: str, text: str) -> int:
    return int(evaluate(system, [text])[0])


def ref_value(system: str, cards: tuple[int, ...]) -> object:
    """Reference key, larger is better: best five of the cards in the given lowball system."""
    return invert_key(best_of(cards, 5, REFS[system], lower_better=True))


# ---- exhaustive: every five-card hand ------------------------------------------------------


def _category_counts(system: str, values: np.ndarray) -> Counter:
    """Hands per category, the no-pair lows ("eight low", "king low"...) counted together."""
    per_value = np.bincount(values)
    out: Counter = Counter()
    for v in np.flatnonzero(per_value):
        cat = category(system, int(v))
        out["no pair" if cat.endswith(" low") else cat] += int(per_value[v])
    return out


def test_a5_every_five_card_hand(all5: np.ndarray) -> None:
    values = evaluate("a5-low", all5)
    assert _category_counts("a5-low", values) == {
        "no pair": 1_317_888,  # C(13,5) * 4^5: straights and flushes do not count
        "pair": 1_098_240,
        "two pair": 123_552,
        "three of a kind": 54_912,
        "full house": 3_744,
        "four of a kind": 624,
    }
    assert len(np.unique(values)) == 6_175 == n_values("a5-low")
    # The wheel is the best, 1,024 ways; K-K-K-K-Q the worst, 4 ways.
    assert int((values == values.max()).sum()) == 1_024
    assert describe("a5-low", int(values.max())) == "five-four low, the wheel (5-4-3-2-A)"
    assert int((values == 1).sum()) == 4


def test_low8_every_five_card_hand(all5: np.ndarray) -> None:
    values = evaluate("low8", all5)
    qualifying = values[values > 0]
    assert len(qualifying) == 57_344  # C(8,5) rank sets * 4^5 suits
    assert len(np.unique(qualifying)) == 56 == n_values("low8")
    assert (np.bincount(qualifying)[np.unique(qualifying)] == 1_024).all()
    assert int((values == 0).sum()) == 2_598_960 - 57_344
    assert describe("low8", int(values.min(initial=10**9, where=values > 0))) == "eight-seven low (8-7-6-5-4)"


def test_27_every_five_card_hand(all5: np.ndarray) -> None:
    values = evaluate("27-low", all5)
    assert _category_counts("27-low", values) == {
        "straight flush": 36,  # no wheel in 2-7 (R3)
        "four of a kind": 624,
        "full house": 3_744,
        "flush": 5_112,  # 5,108 + the four suited A-5-4-3-2
        "straight": 9_180,  # 10,200 - 1,020 wheels
        "three of a kind": 54_912,
        "two pair": 123_552,
        "pair": 1_098_240,
        "no pair": 1_303_560,  # 1,302,540 high-card hands + 1,020 unsuited A-5-4-3-2
    }
    assert len(np.unique(values)) == 7_462 == n_values("27-low")
    assert describe("27-low", int(values.max())) == "seven-five low (7-5-4-3-2)"
    assert int((values == values.max()).sum()) == 1_020


@pytest.mark.parametrize("system", ["a5-low", "27-low", "low8"])
def test_every_class_orders_as_the_reference(all5: np.ndarray, system: str) -> None:
    values = evaluate(system, all5)
    _, first = np.unique(values, return_index=True)
    reps = all5[first]
    assert_same_order(values[first], [ref_value(system, tuple(h)) for h in reps], f"{system} per class")
    rng = np.random.default_rng(8)
    rows = all5[rng.choice(len(all5), 20_000, replace=False)]
    assert_same_order(evaluate(system, rows), [ref_value(system, tuple(h)) for h in rows], f"{system} sample")


@pytest.mark.parametrize("system", ["a5-low", "27-low", "low8"])
def test_six_and_seven_cards_match_the_reference(system: str) -> None:
    for n in (6, 7):
        hands = deal_hands(1_500, n, seed=60 + n)
        ours = evaluate(system, hands)
        assert_same_order(ours, [ref_value(system, tuple(h)) for h in hands], f"{system} {n} cards")


# ---- pokerkit oracle ------------------------------------------------------------------------


@pytest.mark.parametrize("system", ["a5-low", "27-low", "low8"])
def test_same_order_as_pokerkit(system: str) -> None:
    # 20,000 hands: 8,000 of five cards, 6,000 of six, 6,000 of seven.
    for n, count in ((5, 8_000), (6, 6_000), (7, 6_000)):
        hands = deal_hands(count, n, seed=200 + n)
        theirs = pokerkit_strengths(system, hands)
        assert_same_order(evaluate(system, hands), theirs, f"{system} {n} cards vs pokerkit")


# ---- best of n ------------------------------------------------------------------------------


@settings(deadline=None, max_examples=100)
@given(
    st.sampled_from(["a5-low", "27-low", "low8"]),
    st.integers(6, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)),
)
def test_best_of_n_is_max_over_five_card_subsets(system: str, cards: list[int]) -> None:
    subsets = np.array(list(itertools.combinations(cards, 5)))
    assert int(evaluate(system, [cards])[0]) == int(evaluate(system, subsets).max())


@settings(deadline=None, max_examples=100)
@given(
    st.sampled_from(["a5-low", "27-low", "low8"]),
    st.integers(5, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)),
)
def test_best_hand_cards_have_the_hand_value(system: str, cards: list[int]) -> None:
    v = int(evaluate(system, [cards])[0])
    best = best_hand(system, cards)
    if system == "low8" and v == 0:
        assert best == ()
        return
    assert len(best) == 5 and set(best) <= set(cards)
    assert int(evaluate(system, [list(best)])[0]) == v


# ---- R3 / R4 by hand ------------------------------------------------------------------------


def test_27_ace_is_high_only_r3() -> None:
    a5432 = value("27-low", "As 5d 4h 3s 2c")
    assert category("27-low", a5432) == "ace low"
    assert describe("27-low", a5432) == "ace-five low (A-5-4-3-2)"
    assert a5432 < value("27-low", "Kc Qd Jh 9s 8c")  # any king low beats ace high
    assert a5432 > value("27-low", "2c 2d 7h 5s 4c")  # but ace high beats a pair


def test_27_straights_and_flushes_count_against_r3() -> None:
    nut = value("27-low", "7c 5d 4h 3s 2c")
    suited = value("27-low", "7c 5c 4c 3c 2c")
    assert category("27-low", suited) == "flush"
    assert suited < value("27-low", "2c 2d 7h 5s 4c")  # the flush is worse than a pair
    assert nut == DEUCE_SEVEN.n_classes
    straight = value("27-low", "6c 5d 4h 3s 2c")
    assert category("27-low", straight) == "straight" and straight < value("27-low", "As Kd Qh Js 9c")


def test_a5_ace_low_and_straights_flushes_ignored_r3() -> None:
    wheel = value("a5-low", "5c 4c 3c 2c Ac")  # a straight flush in high, the nut low here
    assert wheel == A5_LOW.n_classes
    assert wheel == value("a5-low", "5c 4d 3h 2s As")
    assert value("a5-low", "Ac 2d 3h 4s 6c") > value("a5-low", "2c 3d 4h 5s 6c")
    assert value("a5-low", "Kc Qd Jh Ts 9c") > value("a5-low", "Ac Ad 2h 3s 4c")  # no pair beats a pair
    assert value("a5-low", "Ac Ad 2h 3s 4c") > value("a5-low", "2c 2d 3h 4s 5c")  # aces are the lowest pair


def test_low8_qualifier_r4() -> None:
    assert value("low8", "8c 7d 6h 5s 4c") > 0
    assert describe("low8", value("low8", "8c 7d 6h 5s 4c")) == "eight-seven low (8-7-6-5-4)"
    assert value("low8", "9c 4d 3h 2s Ac") == 0  # nine high: no
    assert value("low8", "Ac Ad 2h 3s 4c") == 0  # a pair: no
    assert value("low8", "5c 4c 3c 2c Ac") == value("a5-low", "5c 4d 3h 2s Ac")  # flush ignored
    assert value("low8", "Kc 9d 5c 4d 3h 2s Ac") == value("low8", "5c 4d 3h 2s Ac")
    assert winners("low8", ["9c 4d 3h 2s Ac", "Kc Kd 2h 3s 4c"]) == []
    assert describe("low8", 0) == "no qualifying low" and category("low8", 0) == "no low"


def test_low8_values_are_a5_values() -> None:
    assert int(low8_qualifies_table().sum()) == 56
    with pytest.raises(RankingError, match="not an eight-or-better value"):
        describe_low8(1)


def test_categories_best_first() -> None:
    assert categories("a5-low")[0] == "five low" and categories("a5-low")[-1] == "four of a kind"
    assert "straight" not in categories("a5-low") and "flush" not in categories("a5-low")
    assert categories("low8") == ("five low", "six low", "seven low", "eight low", "no low")
    assert categories("27-low")[0] == "seven low" and categories("27-low")[-1] == "straight flush"


@pytest.mark.parametrize("system", ["a5-low", "27-low", "low8"])
def test_every_value_has_a_listed_category(system: str) -> None:
    values = [0] if system == "low8" else []
    values += [v for v in range(1, A5_LOW.n_classes + 1) if system != "low8" or low8_qualifies_table()[v]]
    if system == "27-low":
        values = list(range(1, DEUCE_SEVEN.n_classes + 1))
    cats = categories(system)
    seen = [cats.index(category(system, v)) for v in sorted(values)]
    assert seen == sorted(seen, reverse=True)  # larger values never fall in a worse category
    assert set(seen) == set(range(len(cats)))
