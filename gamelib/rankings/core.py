"""The shared machinery of the "pattern" ranking systems: high, lowball, Crazy 4, three-card.

A pattern system ranks a hand of ``k`` cards by its rank pattern (pairs, trips...), whether it
is a straight, and whether it is a flush. Every distinct hand strength gets a *class*: an
integer from 1 (the worst) to the number of classes (the best), so values compare directly and
``larger is better`` holds in every system, lowball included (a lowball system simply numbers
its classes the other way round).

Best-``k``-of-``n`` is done with two lookup tables, built once per system and size:

* a *rank-multiset* table indexed by the sum of per-rank weights (``W5`` for up to five cards,
  ``W7`` for six and seven; each sum identifies the multiset of ranks uniquely, which the
  builder checks), holding the best class among the ``k``-card sub-multisets ignoring suits;
* a *flush* table indexed by the 13-bit mask of the ranks held in one suit, holding the best
  suited class among its ``k``-card subsets.

Where a flush can only help (high, Crazy 4, three-card) the value is the larger of the two.
Where a flush hurts (deuce-to-seven) and more than ``k`` cards are held, the rare rows with
``k`` or more cards of one suit are settled by trying every ``k``-card subset.

>>> from gamelib.rankings.high import HIGH
>>> HIGH.n_classes
7462
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import comb

import numpy as np

from ..amounts import is_whole
from ..cards import RANK_NAMES, RANKS
from ..errors import HandSizeError, RankingError, shown

# Per-rank weights whose sums identify rank multisets (at most four of a rank). W5 is unique for
# every fixed size 1..5; W7 for every fixed size 5..7. Both are checked when a table is built.
W5 = np.array([0, 1, 5, 22, 94, 312, 992, 2422, 5624, 12522, 19998, 43258, 79415], np.int32)
W7 = np.array([0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181], np.int32)

# Per-card lookups (card = rank * 4 + suit).
CARD_RANK = np.arange(52, dtype=np.int32) >> 2
CARD_SUIT = np.arange(52, dtype=np.int32) & 3
CARD_W5 = W5[CARD_RANK]
CARD_W7 = W7[CARD_RANK]
CARD_BIT = (1 << CARD_RANK).astype(np.int32)
CARD_SUITKEY = (1 << (3 * CARD_SUIT)).astype(np.int32)  # 3 bits of count per suit (n <= 7)
# Packed per-card increments: the rank weight in bits 0..31 and a 4-bit counter per suit in bits
# 32..47, so one look-up and one add per card accumulate both (at most 7 cards: no overflow).
CARD_PACKED5 = CARD_W5.astype(np.int64) | (np.int64(1) << (32 + 4 * CARD_SUIT.astype(np.int64)))
CARD_PACKED7 = CARD_W7.astype(np.int64) | (np.int64(1) << (32 + 4 * CARD_SUIT.astype(np.int64)))
KEY_MASK = np.int64(0xFFFFFFFF)
CHUNK_ROWS = 1 << 14  # rows per block: the block's int64 temporaries stay in cache


HIGH_CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)


def weights_for(n: int) -> np.ndarray:
    """The rank weights used to key ``n``-card multisets.

    >>> int(weights_for(7)[-1])
    1479181
    """
    return W5 if n <= 5 else W7


def rank_word(rank: int, plural: bool = False) -> str:
    """The spoken name of a rank index (0 = deuce .. 12 = ace).

    >>> rank_word(11, plural=True)
    'kings'
    """
    return RANK_NAMES[RANKS[rank]][1 if plural else 0]


@dataclass(frozen=True)
class HandClass:
    """One distinct strength of a pattern system: its category and the ranks that order it.

    ``ranks`` lists rank indices (0 = deuce .. 12 = ace) from the most to the least significant
    for this system (the pair before the kickers; a straight by its top card).
    """

    category: str
    ranks: tuple[int, ...]


@dataclass(frozen=True)
class PatternSystem:
    """A ranking system defined by card patterns. See the module docstring.

    ``categories`` are listed from the worst to the best. ``wheel``: the ace plays low in the
    lowest straight (A-2-3-4-5; A-2-3-4 in Crazy 4; A-2-3 in three-card). ``ace_low``: the ace is
    the lowest rank everywhere (ace-to-five). ``invert``: lower hands are better (lowball).
    """

    name: str
    size: int
    categories: tuple[str, ...]
    straights: bool = True
    flushes: bool = True
    wheel: bool = True
    ace_low: bool = False
    invert: bool = False
    sizes: tuple[int, ...] = (5,)
    _cache: dict[tuple[object, ...], np.ndarray] = field(default_factory=dict, compare=False, repr=False, hash=False)

    # ---- classification of one k-card hand -------------------------------------------------
    def _strength(self, rank: int) -> int:
        return -1 if (self.ace_low and rank == 12) else rank

    def classify(self, ranks: Sequence[int], suited: bool) -> HandClass:
        """The class of one ``size``-card hand given its rank indices and whether it is suited.

        >>> from gamelib.rankings.high import HIGH
        >>> HIGH.classify([12, 11, 10, 9, 8], True)
        HandClass(category='straight flush', ranks=(12,))
        """
        k = self.size
        counts = Counter(ranks)
        groups = sorted(counts.items(), key=lambda rc: (-rc[1], -self._strength(rc[0])))
        pattern = tuple(c for _, c in groups)
        ordered = tuple(r for r, _ in groups)
        distinct = len(counts) == k
        straight_top: int | None = None
        if self.straights and distinct:
            strengths = sorted(self._strength(r) for r in ranks)
            if strengths[-1] - strengths[0] == k - 1:
                straight_top = max(ranks, key=self._strength)
            elif self.wheel and set(ranks) == {12, *range(k - 1)}:
                straight_top = k - 2  # the five in A-2-3-4-5
        flush = self.flushes and suited and distinct
        if straight_top is not None and flush:
            return HandClass("straight flush", (straight_top,))
        if straight_top is not None:
            return HandClass("straight", (straight_top,))
        if flush:
            return HandClass("flush", ordered)
        name = {
            (4, 1): "four of a kind", (4,): "four of a kind",
            (3, 2): "full house",
            (3, 1, 1): "three of a kind", (3, 1): "three of a kind", (3,): "three of a kind",
            (2, 2, 1): "two pair", (2, 2): "two pair",
            (2, 1, 1, 1): "pair", (2, 1, 1): "pair", (2, 1): "pair",
        }.get(pattern, "high card")
        return HandClass(name, ordered)

    def _sort_key(self, hc: HandClass) -> tuple[int, tuple[int, ...]]:
        return (self.categories.index(hc.category), tuple(self._strength(r) for r in hc.ranks))

    # ---- the class list -------------------------------------------------------------------
    @cached_property
    def classes(self) -> tuple[HandClass, ...]:
        """Every distinct class, from the best (index 0) to the worst... see ``class_of``."""
        found: set[HandClass] = set()
        for combo in itertools.combinations_with_replacement(range(13), self.size):
            if max(Counter(combo).values()) > 4:
                continue
            found.add(self.classify(combo, False))
            if self.flushes and len(set(combo)) == self.size:
                found.add(self.classify(combo, True))
        ordered = sorted(found, key=self._sort_key)  # worst first
        if self.invert:
            ordered.reverse()
        return tuple(ordered)

    @cached_property
    def _value_of(self) -> dict[HandClass, int]:
        return {hc: i + 1 for i, hc in enumerate(self.classes)}

    @property
    def n_classes(self) -> int:
        """How many distinct hand values the system has."""
        return len(self.classes)

    def value_of(self, ranks: Sequence[int], suited: bool) -> int:
        """The value (1 = worst) of one ``size``-card hand.

        >>> from gamelib.rankings.high import HIGH
        >>> HIGH.value_of([12, 11, 10, 9, 8], True) == HIGH.n_classes
        True
        """
        return self._value_of[self.classify(ranks, suited)]

    def hand_class(self, value: int) -> HandClass:
        """The class behind a value."""
        if not is_whole(value) or not 1 <= value <= self.n_classes:
            raise RankingError(f"{shown(value)} is not a {self.name} value: values are whole numbers from 1 to "
                               f"{self.n_classes}")
        return self.classes[int(value) - 1]

    def category_of(self, values: np.ndarray) -> np.ndarray:
        """The category index (into ``categories``, 0 = worst) of each value, vectorized."""
        out: np.ndarray = self._category_table[np.asarray(values)]
        return out

    @cached_property
    def _category_table(self) -> np.ndarray:
        t = np.full(self.n_classes + 1, -1, np.int16)
        for i, hc in enumerate(self.classes):
            t[i + 1] = self.categories.index(hc.category)
        return t

    # ---- lookup tables ----------------------------------------------------------------------
    def multiset_table(self, n: int) -> np.ndarray:
        """Best class (suits ignored) for each ``n``-card rank multiset, keyed by weight sum."""
        key = ("ms", n)
        if key not in self._cache:
            self._cache[key] = self._build_multiset_table(n)
        return self._cache[key]

    def _build_multiset_table(self, n: int) -> np.ndarray:
        k = self.size
        w = weights_for(n)
        combos = np.array(
            [c for c in itertools.combinations_with_replacement(range(13), n) if max(Counter(c).values()) <= 4],
            dtype=np.int32,
        )
        keys = w[combos].sum(axis=1)
        if len(np.unique(keys)) != len(keys):  # pragma: no cover - guards the weight tables
            raise RankingError(f"rank weights are not unique for {n}-card multisets")
        # Value of every k-card multiset, then best over k-subsets of each n-card multiset.
        small = self._k_multiset_values()
        best = np.zeros(len(combos), np.int32)
        for sub in itertools.combinations(range(n), k):
            skeys = W5[combos[:, sub]].sum(axis=1)
            best = np.maximum(best, small[skeys])
        table = np.zeros(int(keys.max()) + 1, np.int16)
        table[keys] = best
        return table

    def _k_multiset_values(self) -> np.ndarray:
        key = ("kms",)
        if key not in self._cache:
            k = self.size
            entries = []
            for combo in itertools.combinations_with_replacement(range(13), k):
                if max(Counter(combo).values()) > 4:
                    continue
                entries.append((int(W5[list(combo)].sum()), self.value_of(combo, False)))
            t = np.zeros(max(e[0] for e in entries) + 1, np.int32)
            for kk, v in entries:
                t[kk] = v
            self._cache[key] = t
        return self._cache[key]

    @cached_property
    def flush_table(self) -> np.ndarray:
        """Best suited class among the ``size``-card subsets of each 13-bit rank mask."""
        k = self.size
        t = np.zeros(1 << 13, np.int16)
        if not self.flushes:
            return t
        suited = {}
        for combo in itertools.combinations(range(13), k):
            m = sum(1 << r for r in combo)
            suited[m] = self.value_of(combo, True)
        masks = np.arange(1 << 13)
        pop = np.array([bin(m).count("1") for m in range(1 << 13)])
        for m in masks[(pop >= k) & (pop <= max(self.sizes))]:
            bits = [r for r in range(13) if m >> r & 1]
            t[m] = max(suited[sum(1 << r for r in c)] for c in itertools.combinations(bits, k))
        return t

    # ---- vectorized evaluation -------------------------------------------------------------
    def evaluate_array(self, cards: np.ndarray) -> np.ndarray:
        """Values of the best ``size`` cards of each row of an ``(hands, n)`` card array.

        The cards are not validated here (see :func:`gamelib.rankings.evaluate`). Work is done
        column by column in chunks that stay in cache: one table look-up per card accumulates
        the rank-multiset key and four 4-bit suit counters at once; only the rows with ``size``
        or more cards of one suit are looked at again for a flush.

        >>> from gamelib.rankings.high import HIGH
        >>> from gamelib.cards import parse_cards
        >>> int(HIGH.evaluate_array(np.array([parse_cards("As Ks Qs Js Ts")]))[0]) == HIGH.n_classes
        True
        """
        cards = np.asarray(cards)
        if cards.ndim != 2 or cards.shape[1] not in self.sizes:
            allowed = ", ".join(str(s) for s in self.sizes)
            raise HandSizeError(f"a {self.name} hand has {allowed} cards, not {cards.shape[-1]}")
        n = cards.shape[1]
        table = self.multiset_table(n)
        packed = CARD_PACKED7 if n > 5 else CARD_PACKED5
        values = np.empty(len(cards), np.int32)
        flush_rows: list[np.ndarray] = []
        columns = np.ascontiguousarray(cards.T)  # one contiguous row per card position
        for start in range(0, len(cards), CHUNK_ROWS):
            block = columns[:, start : start + CHUNK_ROWS]
            acc = packed.take(block[0])
            for j in range(1, n):
                acc += packed.take(block[j])
            values[start : start + block.shape[1]] = table.take(acc & KEY_MASK)
            if self.flushes:
                # 4-bit suit counters in bits 32..47: a counter c >= size sets its bit 3 after
                # adding 8 - size (c <= 7, so no carry crosses into the next counter).
                counters = acc >> 32
                maybe = np.flatnonzero((counters + (8 - self.size) * 0x1111) & 0x8888)
                if maybe.size:
                    flush_rows.append(maybe + start)
        if not flush_rows:
            return values
        rows = np.concatenate(flush_rows)
        sub = cards[rows].astype(np.intp)
        suits = CARD_SUIT[sub]
        counts = np.stack([(suits == s).sum(axis=1) for s in range(4)], axis=1)
        fsuit = counts.argmax(axis=1)
        masks = np.where(suits == fsuit[:, None], CARD_BIT[sub], 0).sum(axis=1)
        if not self.invert:
            values[rows] = np.maximum(values[rows], self.flush_table[masks])
        elif n == self.size:
            values[rows] = self.flush_table[masks]
        else:
            values[rows] = self._brute_force(sub)
        return values

    def _brute_force(self, cards: np.ndarray) -> np.ndarray:
        """Best ``size``-card value by trying every subset (used for the rare lowball flush rows)."""
        k = self.size
        best = np.zeros(len(cards), np.int32)
        for sub in itertools.combinations(range(cards.shape[1]), k):
            best = np.maximum(best, self.evaluate_array(cards[:, sub]))
        return best

    # ---- words -----------------------------------------------------------------------------
    def describe(self, value: int) -> str:
        """The value in a dealer's words (see :func:`gamelib.rankings.describe`)."""
        return describe_class(self.hand_class(value), self)


def ranks_text(ranks: Sequence[int]) -> str:
    """Rank letters joined by dashes, e.g. ``"K-Q-8-4"``.

    >>> ranks_text([11, 10, 6, 2])
    'K-Q-8-4'
    """
    return "-".join(RANKS[r] for r in ranks)


def expanded_ranks(hc: HandClass, system: PatternSystem) -> list[int]:
    """The ranks of the hand, every card listed (``Q-Q-4-4-9``), for a class of a system."""
    k = system.size
    if hc.category in ("straight", "straight flush"):
        top = hc.ranks[0]
        if system.wheel and top == k - 2:
            return list(range(k - 2, -1, -1)) + [12]
        return list(range(top, top - k, -1))
    pattern = {
        "four of a kind": [4],
        "full house": [3, 2],
        "three of a kind": [3],
        "two pair": [2, 2],
        "pair": [2],
    }.get(hc.category, [])
    out: list[int] = []
    for i, r in enumerate(hc.ranks):
        out.extend([r] * (pattern[i] if i < len(pattern) else 1))
    return out


def describe_class(hc: HandClass, system: PatternSystem) -> str:
    """Words for a class: ``"full house, kings full of fours"``, ``"eight-six low (8-6-4-3-2)"``."""
    cat, r = hc.category, hc.ranks
    shown = ranks_text(expanded_ranks(hc, system))
    if system.invert and cat == "high card":
        low = f"{rank_word(r[0])}-{rank_word(r[1])} low ({shown})" if len(r) > 1 else f"{rank_word(r[0])} low"
        if system.ace_low and r[0] == 3 and system.size == 5:
            low = f"five-four low, the wheel ({shown})"
        return low
    if cat == "straight flush":
        if r[0] == 12:
            return "royal flush" if system.size == 5 else "straight flush, ace high"
        return f"straight flush, {rank_word(r[0])} high"
    if cat == "straight":
        return f"straight, {rank_word(r[0])} high"
    if cat == "four of a kind":
        return f"four of a kind, {rank_word(r[0], True)} ({shown})"
    if cat == "full house":
        return f"full house, {rank_word(r[0], True)} full of {rank_word(r[1], True)}"
    if cat == "flush":
        return f"flush, {rank_word(r[0])} high ({shown})"
    if cat == "three of a kind":
        return f"three of a kind, {rank_word(r[0], True)} ({shown})"
    if cat == "two pair":
        return f"two pair, {rank_word(r[0], True)} up ({shown})"
    if cat == "pair":
        return f"pair of {rank_word(r[0], True)} ({shown})"
    # high card
    if len(r) >= 2:
        return f"{rank_word(r[0])}-{rank_word(r[1])} high ({shown})"
    return f"{rank_word(r[0])} high"


def subset_indices(n: int, k: int) -> np.ndarray:
    """All ``k``-element index subsets of ``range(n)``, as an array of shape ``(C(n,k), k)``.

    >>> subset_indices(4, 2).shape
    (6, 2)
    """
    return np.array(list(itertools.combinations(range(n), k)), dtype=np.intp).reshape(comb(n, k), k)
