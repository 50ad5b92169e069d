"""How often each hand category occurs: exact counts over every possible hand.

``category_counts(system, n_cards)`` enumerates every ``n_cards``-card hand from one deck
(2,598,960 five-card hands, 133,784,560 seven-card hands, ...), evaluates each with
:mod:`gamelib.rankings` and counts the hands in each category of the system, best category
first. Counts are exact Python ints. Pattern systems (high, lowball, Crazy 4, three-card) are counted
by rank multiset and suit pattern, which is exact and takes seconds even for seven cards; the
tests hold those counts to a one-by-one enumeration of every hand.

The Omaha systems pair a hole hand with a board: their every-deal count is out of reach of
enumeration (over 4.6 * 10^11 deals for four hole cards), so ``sampled_category_counts`` gives
a seeded Monte Carlo estimate with its standard error instead, and says so.

>>> df = category_counts("three-card", 3)
>>> df[["category", "combinations"]].values.tolist()[:3]
[['straight flush', 48], ['three of a kind', 52], ['straight', 720]]
>>> int(df["combinations"].sum())
22100
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from math import comb, prod, sqrt
from typing import TYPE_CHECKING

import numpy as np

from .. import rankings
from ..amounts import is_whole, whole_number
from ..cards import deal_hands, make_card
from ..combinatorics import combinations_array
from ..errors import HandSizeError, RankingError, shown
from ..rankings.core import PatternSystem, expanded_ranks, weights_for
from ..rankings.lowball import low8_from_a5, low8_qualifies_table

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

_MAX_ENUMERATED = 7


def iter_all_hands(n_cards: int, block_prefix: int = 2) -> Iterator[np.ndarray]:
    """Every ``n_cards``-card hand from one deck, in blocks (int8 arrays), each hand once.

    >>> sum(len(b) for b in iter_all_hands(3))
    22100
    """
    if not 1 <= n_cards <= _MAX_ENUMERATED:
        raise HandSizeError(f"hands of 1 to {_MAX_ENUMERATED} cards can be enumerated, not {n_cards}")
    prefix = min(block_prefix, n_cards - 1) if n_cards > 5 else 0
    if prefix == 0:
        yield combinations_array(52, n_cards)
        return
    tail_k = n_cards - prefix
    tails = combinations_array(52 - prefix, tail_k)  # colex: subsets of range(m) come first
    for head in itertools.combinations(range(52), prefix):
        start = head[-1] + 1
        m = 52 - start
        if m < tail_k:
            continue
        tail = tails[: comb(m, tail_k)] + np.int8(start)
        heads = np.broadcast_to(np.array(head, np.int8), (len(tail), prefix))
        yield np.concatenate([heads, tail], axis=1)


def brute_force_value_counts(system: str, n_cards: int) -> dict[int, int]:
    """Exact counts per value by evaluating every hand, one by one (vectorized in blocks).

    The obviously-right reference: slow for seven cards (133,784,560 hands), used by the tests
    to prove :func:`value_counts` and for the badugi systems.

    >>> sum(brute_force_value_counts("three-card", 3).values())
    22100
    """
    _check(system, n_cards)
    counts: dict[int, int] = {}
    for block in iter_all_hands(n_cards):
        values = rankings.evaluate(system, block)
        uv, uc = np.unique(values, return_counts=True)
        for v, c in zip(uv.tolist(), uc.tolist(), strict=True):
            counts[v] = counts.get(v, 0) + c
    return counts


def _pattern_value_counts(ps: PatternSystem, n: int) -> dict[int, int]:
    """Counts per value over every ``n``-card hand, by rank multiset and suit pattern.

    Each multiset of ranks (at most four of a rank) occurs in ``prod C(4, c_r)`` suit
    assignments. Without a flush its value is the multiset table's. A flush means one suit holds
    exactly a set ``R`` of ``size`` or more of its ranks (one card of each); that happens in
    ``4 * prod_{r in R} C(3, c_r - 1) * prod_{r not in R} C(3, c_r)`` assignments, and two suits
    cannot both hold ``size`` cards when ``n < 2 * size``.
    """
    k = ps.size
    if ps.flushes and n >= 2 * k:  # pragma: no cover - no system asks for this
        raise HandSizeError(f"counting by suit pattern needs fewer than {2 * k} cards")
    if ps.invert and ps.flushes and n > k:
        raise HandSizeError(f"{ps.name}: exact counts are available for {k}-card hands only")
    table = ps.multiset_table(n)
    fl = ps.flush_table
    w = weights_for(n)
    counts: dict[int, int] = {}
    for combo in itertools.combinations_with_replacement(range(13), n):
        mult = Counter(combo)
        if max(mult.values()) > 4:
            continue
        ways = prod(comb(4, c) for c in mult.values())
        value = int(table[int(sum(int(w[r]) for r in combo))])
        if ps.flushes and len(mult) >= k:
            support = sorted(mult)
            for size in range(k, len(support) + 1):
                for flush_ranks in itertools.combinations(support, size):
                    inside = set(flush_ranks)
                    f_ways = 4 * prod(comb(3, c - 1) if r in inside else comb(3, c) for r, c in mult.items())
                    if not f_ways:
                        continue
                    suited = int(fl[sum(1 << r for r in flush_ranks)])
                    f_value = suited if ps.invert else max(value, suited)
                    counts[f_value] = counts.get(f_value, 0) + f_ways
                    ways -= f_ways
        if ways:
            counts[value] = counts.get(value, 0) + ways
    return counts


def value_counts(system: str, n_cards: int) -> dict[int, int]:
    """Exact number of ``n_cards``-card hands for each value of ``system``.

    Pattern systems are counted by rank multiset and suit pattern (seconds even for seven
    cards); badugi hands are enumerated one by one.

    >>> counts = value_counts("high", 7)
    >>> sum(counts.values()), counts[7462]
    (133784560, 4324)
    """
    rs = _check(system, n_cards)
    ps = rs.pattern
    if ps is None:
        return brute_force_value_counts(system, n_cards)
    counts = _pattern_value_counts(ps, n_cards)
    if rs.eight_or_better:
        merged: dict[int, int] = {}
        for v, c in counts.items():
            key = int(low8_from_a5(np.array([v]))[0])
            merged[key] = merged.get(key, 0) + c
        counts = merged
    total = comb(52, n_cards)
    if sum(counts.values()) != total:  # pragma: no cover - counting guard
        raise RankingError(f"counted {sum(counts.values())} hands, expected {total}")
    return counts


def _check(system: str, n_cards: int) -> rankings.RankingSystem:
    rs = rankings.system(system)  # a RankingError naming the systems for anything else
    if rs.uses_board:
        raise HandSizeError("Omaha hands need a board: use sampled_category_counts for Omaha systems")
    sizes = rs.hand_sizes
    if not is_whole(n_cards) or n_cards not in sizes:
        raise HandSizeError(f"a {system} hand has {', '.join(map(str, sizes))} cards, not {n_cards}")
    return rs


def category_counts(system: str, n_cards: int) -> pd.DataFrame:
    """Exact count of hands per category, best category first.

    Columns: ``category``, ``combinations`` (exact ints), ``probability``, ``distinct values``
    (how many different hand values the category holds), ``one in`` (odds as 1 in N).

    >>> df = category_counts("high", 5)
    >>> df.iloc[0]["category"], int(df.iloc[0]["combinations"]), int(df["combinations"].sum())
    ('straight flush', 40, 2598960)
    """
    counts = value_counts(system, n_cards)
    order = rankings.categories(system)
    combos = {c: 0 for c in order}
    distinct = {c: 0 for c in order}
    for v, n in counts.items():
        cat = rankings.category(system, v)
        combos[cat] += n
        distinct[cat] += 1
    total = comb(52, n_cards)
    rows = [
        {
            "category": c,
            "combinations": combos[c],
            "probability": combos[c] / total,
            "distinct values": distinct[c],
            "one in": (total / combos[c]) if combos[c] else float("inf"),
        }
        for c in order
        if combos[c] or distinct[c]
    ]
    df = pd.DataFrame(rows)
    df["combinations"] = df["combinations"].astype(object)
    return df


@dataclass(frozen=True)
class SampledCounts:
    """A Monte Carlo estimate: counts per category over ``deals`` seeded random deals."""

    table: pd.DataFrame
    deals: int
    seed: int


#: The most deals ``sampled_category_counts`` samples (a few seconds).
MAX_SAMPLED_DEALS = 2_000_000


def sampled_category_counts(system: str, deals: int = 200_000, seed: int = 2026, hole_cards: int = 4) -> SampledCounts:
    """Seeded Monte Carlo frequencies for the Omaha systems (hole cards plus a five-card board).

    The ``standard error`` column is the binomial standard error of each probability.

    >>> s = sampled_category_counts("omaha-low8", deals=2000, seed=1)
    >>> int(s.table["combinations"].sum())
    2000
    """
    if not isinstance(system, str) or system not in rankings.SYSTEMS or not rankings.system(system).uses_board:
        with_board = (k for k, s in rankings.RANKING_SYSTEMS.items() if s.uses_board)
        raise RankingError(f"sampling is for the Omaha systems ({', '.join(with_board)}); "
                           f"use category_counts for {shown(system)}")
    deals = whole_number(deals, "the deals (a sample's size)", 1, MAX_SAMPLED_DEALS)
    seed = whole_number(seed, "the seed", 0)
    sizes = rankings.system(system).hand_sizes
    hole_cards = whole_number(hole_cards, f"the hole cards of a {system} hand", min(sizes), max(sizes))
    cards = deal_hands(deals, hole_cards + 5, seed)
    values = rankings.evaluate(system, cards[:, :hole_cards], board=cards[:, hole_cards:])
    order = rankings.categories(system)
    uv, uc = np.unique(values, return_counts=True)
    combos = {c: 0 for c in order}
    for v, n in zip(uv.tolist(), uc.tolist(), strict=True):
        combos[rankings.category(system, v)] += n
    rows = []
    for c in order:
        p = combos[c] / deals
        rows.append({"category": c, "combinations": combos[c], "probability": p,
                     "standard error": sqrt(p * (1 - p) / deals)})
    df = pd.DataFrame(rows)
    return SampledCounts(df, deals, seed)


def example_hand(system: str, category: str, n_cards: int | None = None) -> list[int]:
    """A hand that falls in ``category`` (a middling one), of the system's basic size or ``n_cards``.

    With ``n_cards`` larger than the basic size (five cards in Crazy 4, seven in stud), the extra
    cards are the lowest cards that leave the hand's value unchanged.

    >>> from gamelib.cards import format_cards
    >>> format_cards(example_hand("high", "full house"))
    '8s 8h 8d 9s 9h'
    >>> format_cards(example_hand("crazy4", "two pair", n_cards=5))
    'Js Jh 5s 5h 2c'
    """
    candidates = _example_hands(system, category)
    first = next(candidates)
    if n_cards is None or n_cards == len(first):
        return first
    if n_cards < len(first) or n_cards not in rankings.system(system).hand_sizes:
        sizes = ", ".join(map(str, rankings.system(system).hand_sizes))
        raise HandSizeError(f"a {system} example has {sizes} cards (at least {len(first)}), not {n_cards}")
    for hand in itertools.chain([first], candidates):
        padded = _pad_keeping_value(system, hand, n_cards)
        if padded is not None:
            return padded
    raise RankingError(f"no {n_cards}-card example of {shown(category)} in {system}: that category never plays best")


def _pad_keeping_value(system: str, hand: list[int], n_cards: int) -> list[int] | None:
    """Add the lowest cards that leave the hand's value unchanged, or ``None`` if none does."""
    value = int(rankings.evaluate(system, [hand])[0])
    while len(hand) < n_cards:
        for card in range(52):
            if card not in hand and int(rankings.evaluate(system, [hand + [card]])[0]) == value:
                hand = hand + [card]
                break
        else:
            return None
    return hand


def _example_hands(system: str, category: str) -> Iterator[list[int]]:
    """Hands in ``category``: a middling one first, then the others moving outwards."""
    rs = rankings.system(system)
    if rs.uses_board:
        raise RankingError("Omaha examples need a board; pick a hand and board with gamelib.cards")
    order = rankings.categories(system)
    if category not in order:
        raise RankingError(f"{shown(category)} is not a category of {system}; they are: {', '.join(order)}")
    ps = rs.pattern
    if isinstance(ps, PatternSystem):
        if rs.eight_or_better:
            # An eight-or-better value is a qualifying low or "no low" (rankings.category refuses
            # the ace-to-five values that do not qualify).
            qualifies = low8_qualifies_table()
            if category == "no low":
                values = [v for v in range(1, ps.n_classes + 1) if not qualifies[v]]
            else:
                values = [v for v in range(1, ps.n_classes + 1)
                          if qualifies[v] and rankings.category(system, v) == category]
        else:
            values = [v for v in range(1, ps.n_classes + 1) if rankings.category(system, v) == category]
        if values:
            mid = len(values) // 2
            for v in sorted(values, key=lambda x: abs(values.index(x) - mid)):
                yield _cards_for(ps, v)
            return
    # Badugi (and anything else): hands of a seeded deal that land in the category.
    found = 0
    for seed in range(50):
        hands = deal_hands(20_000, 4, seed)
        dealt_values = rankings.evaluate(system, hands)
        for row, v in zip(hands, dealt_values, strict=True):
            if rankings.category(system, int(v)) == category:
                found += 1
                yield [int(c) for c in row]
    if not found:  # pragma: no cover
        raise RankingError(f"no example found for {shown(category)} in {system}")


def _cards_for(ps: PatternSystem, value: int) -> list[int]:
    hc = ps.hand_class(value)
    ranks = expanded_ranks(hc, ps)
    suited = hc.category in ("flush", "straight flush")
    suit_cycle = [3, 2, 1, 0]
    used: dict[int, int] = {}
    cards = []
    for i, r in enumerate(ranks):
        if suited:
            s = 3
        else:
            s = suit_cycle[used.get(r, 0)] if ranks.count(r) > 1 else suit_cycle[i % 4]
            used[r] = used.get(r, 0) + 1
        cards.append(make_card(r, s))
    if not suited and len({c & 3 for c in cards}) == 1:  # pragma: no cover - cycle prevents it
        cards[-1] = make_card(ranks[-1], 0)
    if len(set(cards)) != len(cards):
        # Same-rank cards collided with the cycle: give each copy its own suit.
        seen: dict[int, int] = {}
        cards = []
        for r in ranks:
            cards.append(make_card(r, suit_cycle[seen.get(r, 0)]))
            seen[r] = seen.get(r, 0) + 1
    return cards

