"""The counting machinery of the banked analyses against direct enumeration."""

from __future__ import annotations

import itertools
from math import comb

import numpy as np
import pytest

from gamelib.analysis.banked.enumeration import (
    DisjointCounter,
    canonical_keys,
    six_card_high_counts,
    suit_classes,
)
from gamelib.combinatorics import colex_index, combinations_array
from gamelib.rankings.high import HIGH
from gamelib.rankings.three_card import THREE_CARD


def test_combinations_are_every_subset_in_colex_order():
    for n, k in ((7, 3), (10, 4), (52, 2)):
        arr = combinations_array(n, k)
        assert len(arr) == comb(n, k)
        assert sorted(map(tuple, arr.tolist())) == list(itertools.combinations(range(n), k))
        assert (colex_index(arr) == np.arange(len(arr))).all()


def test_suit_classes():
    _, reps, weights, inverse = suit_classes(combinations_array(52, 5))
    assert len(reps) == 134_459 and int(weights.sum()) == 2_598_960
    assert (np.bincount(inverse) == weights).all()
    # hands in one class differ only by a renaming of suits
    perm = np.array([2, 0, 3, 1])
    hands = combinations_array(52, 5)[:1000].astype(np.int64)
    renamed = np.sort((hands >> 2) * 4 + perm[hands & 3], axis=1)
    assert (canonical_keys(hands) == canonical_keys(renamed)).all()


@pytest.mark.parametrize("seed", [1, 2])
def test_disjoint_counts_match_direct_enumeration(seed):
    hands = combinations_array(52, 3)
    values = THREE_CARD.evaluate_array(hands)
    dc = DisjointCounter(hands, values, THREE_CARD.n_classes)
    rng = np.random.default_rng(seed)
    players = np.sort(np.array([rng.choice(52, 3, replace=False) for _ in range(20)]), axis=1)
    pv = THREE_CARD.evaluate_array(players)
    thresholds = rng.integers(0, THREE_CARD.n_classes + 2, size=(20, 4))
    got = dc.count_below(players, thresholds, pv)
    for i, p in enumerate(players):
        free = ~np.isin(hands, p).any(axis=1)
        for j, t in enumerate(thresholds[i]):
            assert got[i, j] == int((values[free] < t).sum())


def test_disjoint_counts_with_sorted_levels():
    """Five-card dealer hands (levels 3 and 4 use the sorted-key search) against a direct count."""
    hands = combinations_array(52, 5)
    values = HIGH.evaluate_array(hands)
    dc = DisjointCounter(hands, values, HIGH.n_classes)
    rng = np.random.default_rng(9)
    players = np.sort(np.array([rng.choice(52, 5, replace=False) for _ in range(3)]), axis=1)
    pv = HIGH.evaluate_array(players)
    thresholds = np.stack([pv, pv + 1, np.full(3, 3000)], axis=1)
    got = dc.count_below(players, thresholds, pv)
    for i, p in enumerate(players):
        free = ~np.isin(hands, p).any(axis=1)
        assert free.sum() == comb(47, 5)
        assert got[i].tolist() == [int((values[free] < t).sum()) for t in thresholds[i]]


def test_six_card_counts_by_category():
    counts = six_card_high_counts(HIGH)
    cats = HIGH.category_of(np.arange(1, HIGH.n_classes + 1))
    by_cat = [int(counts[1:][cats == c].sum()) for c in range(9)]
    assert by_cat == [6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844]
    assert int(counts[HIGH.n_classes]) == 188  # royal flushes
