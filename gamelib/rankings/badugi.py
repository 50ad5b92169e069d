"""Badugi: the best hand of four or fewer cards of different suits and different ranks.

From the cards held (4 in Badugi, 5 in Badacey and Badeucey, 7 in the Razzdugi games; RULINGS
R10) the player keeps the largest set with no two cards of a suit and no two of a rank; more
cards beat fewer, and between hands of the same size the lower top card wins, then the next.

Aces are low (the best hand is A-2-3-4 of four suits) except in Badeucey and 2-7 Razzdugi,
where they are high for both halves (RULINGS R3): then 2-3-4-5 is best and an ace is the worst
badugi card.

A value is ``size * 8192 + (8191 - mask)``, with ``mask`` the bits of the ranks kept (bit 0 the
lowest rank): more cards is better, and for the same size a smaller mask (lower cards from the
top down) is better, so larger values are better.

>>> import numpy as np
>>> from gamelib.cards import parse_cards
>>> BADUGI.describe(int(BADUGI.evaluate_array(np.array([parse_cards("8h 5d 2c 2h")]))[0]))
'three-card badugi 8-5-2'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import numpy as np

from ..amounts import is_whole
from ..cards import RANKS
from ..combinatorics import BINOM, colex_index, combinations_array
from ..errors import HandSizeError, RankingError, shown

SIZE_WORDS = {1: "one-card", 2: "two-card", 3: "three-card", 4: "four-card"}
_BINOM32 = np.ascontiguousarray(BINOM[:52, :5].T).astype(np.int32)  # [k][c] = C(c, k)
CHUNK_ROWS = 1 << 14  # rows per block


def sorted_columns(block: np.ndarray) -> list[np.ndarray]:
    """The columns of a card block sorted within each row, by an odd-even transposition network.

    ``n`` rounds of compare-exchanges of neighbouring columns sort any ``n`` values; each one
    is two element-wise operations on whole columns (much faster than ``np.sort`` of short rows).

    >>> [c.tolist() for c in sorted_columns(np.array([[9, 3, 7], [1, 2, 0]]))]
    [[3, 0], [7, 1], [9, 2]]
    """
    cols = [np.ascontiguousarray(block[:, j]) for j in range(block.shape[1])]
    n = len(cols)
    for rnd in range(n):
        for i in range(rnd % 2, n - 1, 2):
            lo = np.minimum(cols[i], cols[i + 1])
            cols[i + 1] = np.maximum(cols[i], cols[i + 1])
            cols[i] = lo
    return cols


@dataclass(frozen=True)
class BadugiSystem:
    """Badugi ranking with aces low (``ace_high=False``) or high."""

    name: str
    ace_high: bool
    sizes: tuple[int, ...] = (1, 2, 3, 4, 5, 6, 7)
    _cache: dict[str, np.ndarray] = field(default_factory=dict, compare=False, repr=False, hash=False)

    def low_rank(self, card_rank: np.ndarray) -> np.ndarray:
        """Position of card ranks in this system's order (0 = the best badugi card)."""
        r = np.asarray(card_rank)
        return r if self.ace_high else (r + 1) % 13

    def _direct(self, cards: np.ndarray) -> np.ndarray:
        """Best badugi by trying every subset of up to four cards (vectorized over rows)."""
        n = cards.shape[1]
        lr = self.low_rank(cards >> 2)
        suit = cards & 3
        best = np.zeros(len(cards), np.int32)
        for size in range(1, min(4, n) + 1):
            for sub in itertools.combinations(range(n), size):
                sub_l = list(sub)
                ranks = lr[:, sub_l]
                suits = suit[:, sub_l]
                rbits = (1 << ranks).sum(axis=1)
                sbits = (1 << suits).sum(axis=1)
                valid = (np.bitwise_or.reduce(1 << ranks, axis=1) == rbits) & (
                    np.bitwise_or.reduce(1 << suits, axis=1) == sbits
                )
                value = np.where(valid, size * 8192 + 8191 - rbits, 0)
                best = np.maximum(best, value)
        return best

    @property
    def table4(self) -> np.ndarray:
        """Best badugi of every four-card hand, by colex index (built once)."""
        if "t4" not in self._cache:
            combos = combinations_array(52, 4).astype(np.int64)
            table = np.zeros(len(combos), np.int32)
            table[colex_index(combos)] = self._direct(combos)
            self._cache["t4"] = table
        return self._cache["t4"]

    @property
    def table4_u16(self) -> np.ndarray:
        """``table4`` as ``uint16`` (values fit: at most 4 * 8192 + 8191), half the cache footprint."""
        if "t4u16" not in self._cache:
            self._cache["t4u16"] = self.table4.astype(np.uint16)
        return self._cache["t4u16"]

    def evaluate_array(self, cards: np.ndarray) -> np.ndarray:
        """Badugi values of each row of an ``(hands, n)`` card array, ``n`` from 1 to 7.

        Four or more cards: each row is sorted, and every four-card subset is looked up in
        ``table4`` by its colex index, the sum of one binomial per card position, computed
        once per position and reused by every subset (in cache-sized blocks).

        >>> BADUGI.evaluate_array(np.array([[51, 1, 6, 8], [51, 3, 6, 8]])).tolist()
        [40944, 32754]
        """
        cards = np.asarray(cards)
        if cards.ndim != 2 or cards.shape[1] not in self.sizes:
            raise HandSizeError(f"a badugi hand has 1 to 7 cards, not {cards.shape[-1]}")
        n = cards.shape[1]
        if n < 4:
            return self._direct(cards.astype(np.int64))
        t4 = self.table4_u16
        out = np.empty(len(cards), np.int32)
        subsets = list(itertools.combinations(range(n), 4))
        for start in range(0, len(cards), CHUNK_ROWS):
            cols = sorted_columns(cards[start : start + CHUNK_ROWS])
            # part[j][i]: the colex term of the card in sorted position i used as subset element j.
            part = [{i: _BINOM32[j + 1].take(cols[i]) for i in range(j, n - 3 + j)} for j in range(4)]
            best: np.ndarray | None = None
            for a, b, c, d in subsets:
                v = t4.take(part[0][a] + part[1][b] + part[2][c] + part[3][d])
                best = v if best is None else np.maximum(best, v, out=best)
            assert best is not None
            out[start : start + len(best)] = best
        return out

    def decode(self, value: int) -> tuple[int, list[int]]:
        """The number of cards and their card ranks (0 = deuce .. 12 = ace), highest first."""
        if not is_whole(value) or not 0 <= value < 5 * 8192:
            raise RankingError(f"{shown(value)} is not a {self.name} value: values are whole numbers "
                               "size * 8192 + (8191 - rank mask), size 1-4")
        size, rest = divmod(int(value), 8192)
        mask = 8191 - rest
        positions = [p for p in range(12, -1, -1) if mask >> p & 1]
        if not 1 <= size <= 4 or len(positions) != size:
            raise RankingError(
                f"{value} is not a {self.name} value: values are size * 8192 + (8191 - rank mask), size 1-4"
            )
        ranks = positions if self.ace_high else [(p - 1) % 13 for p in positions]
        return size, ranks

    def describe(self, value: int) -> str:
        """Words for a badugi value, e.g. ``"three-card badugi 8-5-2"``."""
        size, ranks = self.decode(value)
        return f"{SIZE_WORDS[size]} badugi " + "-".join(RANKS[r] for r in ranks)


BADUGI = BadugiSystem("badugi", ace_high=False)
BADUGI_ACE_HIGH = BadugiSystem("badugi-ace-high", ace_high=True)
