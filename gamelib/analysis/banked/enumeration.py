"""Counting machinery for the exact analyses of the banked games.

* Card sets are enumerated and indexed in colex order with :mod:`gamelib.combinatorics`
  (``combinations_array``, ``colex_index``).
* :func:`suit_classes` -- hands grouped under suit permutation (2,598,960 five-card hands fall
  into 134,459 classes; 22,100 three-card hands into 1,755), with weights.
* :class:`DisjointCounter` -- for a player's hand ``S``, how many dealer hands from the cards
  left over have a value below a threshold ``t``. All dealer hands are counted by value once;
  the hands that use one of the player's cards are then taken away by inclusion-exclusion over
  the subsets ``T`` of ``S``: ``sum over T of (-1)^|T| * #(hands containing T, value < t)``.
  The counts "containing T" come from per-subset cumulative tables (small levels) or from one
  sorted array of ``colex(T) * n_values + value`` keys (large levels), so a query is a lookup
  or a binary search.
* :func:`six_card_high_counts` -- the number of six-card sets per high value (best five of
  six), by rank multisets and suit patterns instead of evaluating 20,358,520 hands.

>>> len(suit_classes(combinations_array(52, 3))[1])
1755
"""

from __future__ import annotations

import itertools
from collections import Counter
from math import comb, prod

import numpy as np

from ...combinatorics import BINOM, combinations_array
from ...rankings.core import W7, PatternSystem


def suit_classes(hands: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Group hands that differ only by a renaming of suits.

    Returns ``(keys, representatives, weights, inverse)``: the sorted canonical keys (the four
    per-suit rank masks, sorted), the index of one hand of each class, the class sizes, and for
    every hand its class.

    >>> keys, reps, weights, inv = suit_classes(combinations_array(52, 3))
    >>> len(reps), int(weights.sum())
    (1755, 22100)
    """
    keys = canonical_keys(hands)
    ukeys, reps, inverse, weights = np.unique(keys, return_index=True, return_inverse=True, return_counts=True)
    return ukeys, reps, weights.astype(np.int64), inverse


def canonical_keys(hands: np.ndarray) -> np.ndarray:
    """The suit-permutation-invariant key of each hand (int64).

    >>> from gamelib.cards import parse_cards
    >>> a, b = canonical_keys(np.array([parse_cards("As Ks 2h"), parse_cards("Ad Kd 2c")]))
    >>> bool(a == b)
    True
    """
    hands = np.asarray(hands)
    cardbit = np.int64(1) << ((hands & 3) * 13 + (hands >> 2)).astype(np.int64)  # suit-major bit
    full = np.bitwise_or.reduce(cardbit, axis=1)
    masks = np.stack([(full >> (13 * s)) & 0x1FFF for s in range(4)], axis=1)
    masks.sort(axis=1)
    key: np.ndarray = (masks[:, 3] << 39) | (masks[:, 2] << 26) | (masks[:, 1] << 13) | masks[:, 0]
    return key


class DisjointCounter:
    """Counts of dealer hands by value, among the hands avoiding given player cards.

    ``hands``: every ``k``-card dealer hand (rows ascending, colex order, as from
    :func:`combinations_array`); ``values``: their values (``1..n_values``).

    >>> from gamelib.rankings.three_card import THREE_CARD
    >>> hands = combinations_array(52, 3)
    >>> dc = DisjointCounter(hands, THREE_CARD.evaluate_array(hands), THREE_CARD.n_classes)
    >>> player = hands[:1]
    >>> int(dc.count_below(player, np.array([THREE_CARD.n_classes + 1]), THREE_CARD.evaluate_array(player))[0])
    18424
    """

    TABLE_LIMIT = 4_000_000

    def __init__(self, hands: np.ndarray, values: np.ndarray, n_values: int) -> None:
        self.k = hands.shape[1]
        self.nv = n_values + 2  # thresholds run 0 .. n_values + 1
        values = values.astype(np.int64)
        contrib = _colex_contributions(hands, self.k)
        self.levels: list[tuple[str, np.ndarray]] = []
        self.starts: dict[int, np.ndarray] = {}
        for level in range(self.k):
            n_sub = comb(52, level)
            if level == 0:
                hist = np.bincount(values, minlength=self.nv)
                self.levels.append(("table", _cumulative(hist.reshape(1, -1))))
                continue
            subs = list(itertools.combinations(range(self.k), level))
            idx = np.concatenate([_subset_colex(contrib, s) for s in subs]).astype(np.int64)
            vals = np.tile(values, len(subs))
            if n_sub * self.nv <= self.TABLE_LIMIT:
                hist = np.bincount(idx * self.nv + vals, minlength=n_sub * self.nv).reshape(n_sub, self.nv)
                self.levels.append(("table", _cumulative(hist)))
            else:
                keys = idx * self.nv + vals
                dtype = np.int32 if n_sub * self.nv < 2**31 else np.int64
                data = np.sort(keys.astype(dtype))
                self.levels.append(("sorted", data))
                self.starts[level] = np.searchsorted(data, np.arange(n_sub, dtype=np.int64) * self.nv)

    def count_below(self, players: np.ndarray, thresholds: np.ndarray,
                    player_values: np.ndarray | None = None) -> np.ndarray:
        """For each player hand (rows ascending) the number of dealer hands disjoint from it with
        value below its threshold (``thresholds`` of shape ``(n,)``, or ``(n, m)`` for ``m``
        thresholds per hand; the answer has the same shape). ``player_values`` (the value of each
        player hand as a dealer hand) is needed when the player holds ``k`` cards.
        """
        players = np.asarray(players, dtype=np.int64)
        t_in = np.asarray(thresholds, dtype=np.int64)
        t = t_in.reshape(len(players), -1)
        j = players.shape[1]
        total = np.zeros(t.shape, np.int64)
        contrib = _colex_contributions(players, min(j, self.k - 1))
        for level in range(0, min(j, self.k - 1) + 1):
            kind, data = self.levels[level]
            sign = -1 if level % 2 else 1
            subsets = list(itertools.combinations(range(j), level))
            cis = [_subset_colex(contrib, s) if level else np.zeros(len(players), np.int64) for s in subsets]
            if kind == "table":
                for ci in cis:
                    total += sign * data[ci[:, None], t].astype(np.int64)
                continue
            # one binary search per query, with the queries sorted (fast, cache-friendly)
            ci_all = np.stack(cis).astype(np.int64)  # (subsets, players)
            queries = (ci_all[:, :, None] * self.nv + t[None, :, :]).ravel()
            order = np.argsort(queries, kind="stable")
            found = np.empty(len(queries), np.int64)
            found[order] = np.searchsorted(data, queries[order])
            found_by = found.reshape(len(cis), len(players), -1)  # (subsets, players, values)
            starts = self.starts[level][ci_all]
            total += sign * (found_by - starts[:, :, None]).sum(axis=0)
        if j >= self.k:
            if j > self.k:  # pragma: no cover - not needed by the games here
                raise NotImplementedError("player hands larger than dealer hands")
            if player_values is None:
                raise ValueError("player_values is needed when the player holds as many cards as the dealer")
            sign = -1 if self.k % 2 else 1
            total += sign * (np.asarray(player_values)[:, None] < t).astype(np.int64)
        return total.reshape(t_in.shape)


def _colex_contributions(hands: np.ndarray, max_size: int) -> dict[tuple[int, int], np.ndarray]:
    """``C(card, j)`` for every card position and ``j`` in ``1..max_size`` (int64 columns)."""
    idx = np.asarray(hands, dtype=np.intp)
    columns = {j: BINOM[:, j].astype(np.int32) for j in range(1, max_size + 1)}
    return {(pos, j): columns[j][idx[:, pos]] for pos in range(idx.shape[1]) for j in range(1, max_size + 1)}


def _subset_colex(contrib: dict[tuple[int, int], np.ndarray], positions: tuple[int, ...]) -> np.ndarray:
    """The colex index of the sub-hand at ``positions`` (ascending), from the contributions."""
    out = contrib[(positions[0], 1)].copy()
    for m, pos in enumerate(positions[1:], start=2):
        out += contrib[(pos, m)]
    return out


def _cumulative(hist: np.ndarray) -> np.ndarray:
    """``out[i, t]`` = number of entries of row ``i`` with value below ``t``."""
    out = np.zeros((hist.shape[0], hist.shape[1] + 1), np.int32)
    np.cumsum(hist.astype(np.int32), axis=1, dtype=np.int32, out=out[:, 1:])
    return out


def six_card_high_counts(system: PatternSystem) -> np.ndarray:
    """How many of the C(52, 6) six-card sets have each high value (best five of six).

    Sets with five or six cards of one suit are flushes (no four of a kind or full house is
    then possible, so the flush table decides); the others are counted per rank multiset as
    the number of suit assignments with no five cards of one suit.

    >>> from gamelib.rankings.high import HIGH
    >>> int(six_card_high_counts(HIGH).sum())
    20358520
    """
    counts = np.zeros(system.n_classes + 1, np.int64)
    table = system.multiset_table(6)
    for combo in itertools.combinations_with_replacement(range(13), 6):
        mult = Counter(combo)
        if max(mult.values()) > 4:
            continue
        ways = prod(comb(4, m) for m in mult.values())
        distinct = len(mult)
        if distinct == 6:
            ways -= 4 + 4 * 6 * 3  # six of one suit, or five of one suit and one other
        elif distinct == 5:
            ways -= 4 * 3  # the five ranks in one suit, the pair's other card another suit
        counts[table[int(W7[list(combo)].sum())]] += ways
    flush = system.flush_table
    for mask in range(1 << 13):
        bits = bin(mask).count("1")
        if bits == 6:
            counts[flush[mask]] += 4
        elif bits == 5:
            counts[flush[mask]] += 4 * 39
    return counts


def player_vs_dealer_counts(system: PatternSystem, n_cards: int, qualifier: int) -> dict[str, np.ndarray]:
    """For every player hand, up to suit renaming: the dealer hands from the other cards that it beats.

    Player and dealer each hold ``n_cards`` from one deck. Per suit class of player hands:
    ``keys`` (canonical key), ``weights`` (hands in the class), ``x`` (the player's value),
    ``lt`` / ``le`` (dealer hands below / at most ``x``) and ``nq`` (dealer hands below the
    ``qualifier`` value). Crazy 4 Poker and Three Card Poker both settle from these counts.

    >>> from gamelib.rankings.three_card import THREE_CARD
    >>> c = player_vs_dealer_counts(THREE_CARD, 3, 1)
    >>> int(c["weights"].sum()), int(c["nq"].max())
    (22100, 0)
    """
    hands = combinations_array(52, n_cards)
    values = system.evaluate_array(hands)
    keys, reps, weights, _ = suit_classes(hands)
    dc = DisjointCounter(hands, values, system.n_classes)
    x = values[reps].astype(np.int64)
    below = dc.count_below(hands[reps], np.stack([x, x + 1, np.full(len(x), qualifier)], axis=1), x)
    return {"keys": keys, "weights": weights, "x": x, "lt": below[:, 0], "le": below[:, 1], "nq": below[:, 2]}

