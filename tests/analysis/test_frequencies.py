"""Exact hand counts: the suit-pattern counter against one-by-one enumeration and published figures."""

from __future__ import annotations

import pytest

from gamelib import rankings
from gamelib.analysis.frequencies import (
    brute_force_value_counts,
    category_counts,
    combinations_array,
    example_hand,
    iter_all_hands,
    sampled_category_counts,
    value_counts,
)
from gamelib.errors import HandSizeError, RankingError


def _cats(system: str, n: int) -> dict[str, int]:
    df = category_counts(system, n)
    return dict(zip(df["category"], (int(x) for x in df["combinations"]), strict=True))


@pytest.mark.parametrize(
    "system, n",
    [("high", 5), ("crazy4", 5), ("crazy4", 4), ("a5-low", 5), ("low8", 5), ("27-low", 5), ("three-card", 3),
     ("high", 6)],
)
def test_counting_by_suit_pattern_equals_enumerating_every_hand(system: str, n: int) -> None:
    assert value_counts(system, n) == brute_force_value_counts(system, n)


def test_five_card_high_published_figures() -> None:
    assert _cats("high", 5) == {
        "straight flush": 40, "four of a kind": 624, "full house": 3744, "flush": 5108, "straight": 10200,
        "three of a kind": 54912, "two pair": 123552, "pair": 1098240, "high card": 1302540,
    }
    assert len(value_counts("high", 5)) == 7462
    assert value_counts("high", 5)[7462] == 4  # royal flushes


def test_seven_card_high_published_figures() -> None:
    counts = value_counts("high", 7)
    assert counts[7462] == 4324  # royal flushes
    assert _cats("high", 7) == {
        "straight flush": 41584, "four of a kind": 224848, "full house": 3473184, "flush": 4047644,
        "straight": 6180020, "three of a kind": 6461620, "two pair": 31433400, "pair": 58627800,
        "high card": 23294460,
    }


def test_crazy4_queens_up_column() -> None:
    cats = _cats("crazy4", 5)
    shown = ("four of a kind", "straight flush", "three of a kind", "flush", "straight", "two pair")
    assert {k: cats[k] for k in shown} == {
        "four of a kind": 624, "straight flush": 2072, "three of a kind": 58656, "flush": 114616,
        "straight": 101808, "two pair": 123552,
    }


def test_three_card_published_figures() -> None:
    assert _cats("three-card", 3) == {
        "straight flush": 48, "three of a kind": 52, "straight": 720, "flush": 1096, "pair": 3744, "high card": 16440,
    }


def test_razz_and_eight_or_better_seven_cards() -> None:
    razz = _cats("a5-low", 7)
    assert razz["five low"] == 781824  # a wheel among seven cards
    assert sum(razz.values()) == 133784560
    low8 = _cats("low8", 7)
    assert low8["no low"] == 133784560 - sum(razz[c] for c in ("five low", "six low", "seven low", "eight low"))


def test_badugi_four_cards() -> None:
    cats = _cats("badugi", 4)
    assert cats["4-card badugi"] == 13 * 12 * 11 * 10 // 24 * 24  # four ranks, suits in 4! ways
    assert sum(cats.values()) == 270725
    assert _cats("badugi-ace-high", 4) == cats  # the ace rule reorders hands, never the category sizes


def test_combinations_and_blocks() -> None:
    assert combinations_array(5, 2).tolist() == [
        [0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3], [0, 4], [1, 4], [2, 4], [3, 4]
    ]
    seen = set()
    total = 0
    for block in iter_all_hands(6):
        total += len(block)
        if len(seen) < 2000:
            seen.update(tuple(r) for r in block[:50].tolist())
    assert total == 20358520
    assert all(len(set(r)) == 6 and list(r) == sorted(r) for r in seen)


@pytest.mark.parametrize("system", [s for s in rankings.SYSTEMS if s not in rankings.OMAHA_SYSTEMS])
def test_every_category_has_an_example_that_lands_in_it(system: str) -> None:
    size = 4 if system.startswith("badugi") or system == "crazy4" else (3 if system == "three-card" else 5)
    for cat in rankings.categories(system):
        hand = example_hand(system, cat)
        assert len(hand) == size and len(set(hand)) == size
        value = int(rankings.evaluate(system, [hand])[0])
        assert rankings.category(system, value) == cat


def test_sampled_omaha_counts_state_their_error() -> None:
    s = sampled_category_counts("omaha-high", deals=5000, seed=3)
    assert int(s.table["combinations"].sum()) == 5000
    assert (s.table["standard error"] >= 0).all()
    again = sampled_category_counts("omaha-high", deals=5000, seed=3)
    assert again.table.equals(s.table)


def test_refusals() -> None:
    with pytest.raises(RankingError, match="unknown ranking system"):
        value_counts("poker", 5)
    with pytest.raises(HandSizeError, match="need a board"):
        value_counts("omaha-high", 5)
    with pytest.raises(HandSizeError, match="not 8"):
        value_counts("high", 8)
    with pytest.raises(HandSizeError, match="5-card hands only"):
        value_counts("27-low", 7)
    with pytest.raises(RankingError, match="sampling is for the Omaha"):
        sampled_category_counts("high")
    with pytest.raises(RankingError, match="not a category"):
        example_hand("high", "five of a kind")


@pytest.mark.parametrize("system, n", [("crazy4", 5), ("high", 7), ("a5-low", 7), ("badugi", 5)])
def test_padded_examples_keep_their_category_and_value(system: str, n: int) -> None:
    table = category_counts(system, n)
    occurring = [c for c, k in zip(table["category"], table["combinations"], strict=True) if k]
    for cat in occurring:
        base = example_hand(system, cat)
        hand = example_hand(system, cat, n_cards=n)
        assert len(hand) == n and len(set(hand)) == n
        assert rankings.category(system, int(rankings.evaluate(system, [hand])[0])) == cat
        if hand[: len(base)] == base:
            assert rankings.evaluate(system, [hand])[0] == rankings.evaluate(system, [base])[0]
    for cat in set(rankings.categories(system)) - set(occurring):  # e.g. trips never play best in razz
        with pytest.raises(RankingError, match=f"no {n}-card example"):
            example_hand(system, cat, n_cards=n)
    with pytest.raises(HandSizeError, match="not 8"):
        example_hand(system, rankings.categories(system)[0], n_cards=8)
