"""The odds calculator's deals and counts: how many deals complete a question, every one of
them (in chunks) or a seeded sample, each chunk's final hands and boards judged, and the tally of
the judged deals (exact wins, ties and shares per portion, scoops, and the sums of a sampled
standard error).

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.analysis.odds.question import read_question
>>> q = read_question(POT_DECLARATIONS["badugi"], ["As 2d 3h Kh", "2c 4d 6h 8s"], None, None, None, ["Kh", ""], None)
>>> deal_count(q), next(exact_deals(q)).shape
(44, (44, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from itertools import combinations

import numpy as np

from ...combinatorics import combinations_array
from ...engine.showdown import SPLIT_NAME, judge_many
from ...games.pot import PotGame
from ...games.vocabularies import NoQualifier
from .question import OddsQuestion

#: Deals judged at once (the arrays of a chunk stay within a few tens of megabytes).
CHUNK = 1 << 17


# --- the deals -----------------------------------------------------------------------------

def deal_count(question: OddsQuestion) -> int:
    """How many deals complete the question: the ways to fill every group from the deck."""
    n, total = len(question.deck), 1
    for _, _, size in question.groups:
        total *= math.comb(n, size)
        n -= size
    return total


def seat_assignments(sizes: Sequence[int]) -> np.ndarray:
    """Every way to give ``sum(sizes)`` chosen positions to the groups: rows of column orders,
    each group's positions ascending (the multinomial number of rows, built group by group).

    >>> seat_assignments([1, 2]).tolist()
    [[0, 1, 2], [1, 0, 2], [2, 0, 1]]
    """
    rows: list[list[int]] = [[]]
    for size in sizes:
        grown: list[list[int]] = []
        for row in rows:
            free = [j for j in range(sum(sizes)) if j not in row]
            grown.extend(row + list(pick) for pick in combinations(free, size))
        rows = grown
    return np.array(rows, dtype=np.intp).reshape(len(rows), sum(sizes))


def exact_deals(q: OddsQuestion) -> Iterator[np.ndarray]:
    """Every deal of the unknown cards, in chunks: rows of cards, the groups side by side."""
    sizes = [s for _, _, s in q.groups]
    total = sum(sizes)
    if total == 0:
        yield np.zeros((1, 0), np.int8)
        return
    union = combinations_array(len(q.deck), total)
    orders = seat_assignments(sizes)
    step = max(1, CHUNK // len(orders))
    for start in range(0, len(union), step):
        block = q.deck[union[start:start + step]]
        yield np.concatenate([block[:, order] for order in orders]) if len(orders) > 1 else block


def sampled_deals(q: OddsQuestion, samples: int, seed: int, extra: int = 0) -> Iterator[np.ndarray]:
    """``samples`` seeded random deals of the unknown cards (plus ``extra`` cards of the stub)."""
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + extra)
    for start in range(0, samples, CHUNK // 4):
        rows = min(CHUNK // 4, samples - start)
        order = rng.random((rows, len(q.deck))).argsort(axis=1)[:, :width]
        yield q.deck[order]


# --- judging a chunk -------------------------------------------------------------------------

def assemble_hands(q: OddsQuestion, deals: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
    """Final hands ``(deals, players, hole cards)`` and boards ``(deals, boards, 5)`` of a chunk."""
    rows = len(deals)
    cols: dict[tuple[str, int], list[np.ndarray]] = {}
    at = 0
    for kind, owner, size in q.groups:
        cols.setdefault((kind, owner), []).append(deals[:, at:at + size])
        at += size
    hands = []
    for i, keep in enumerate(q.kept):
        parts = [np.broadcast_to(np.array(keep, np.int8), (rows, len(keep)))]
        parts += [c for k in ("hand", "draw") for c in cols.get((k, i), [])]
        hands.append(np.concatenate(parts, axis=1))
    boards = None
    if q.game.boards:
        boards = np.stack([np.concatenate([np.broadcast_to(np.array(b, np.int8), (rows, len(b)))]
                                          + cols.get(("board", k), []), axis=1)
                           for k, b in enumerate(q.boards)], axis=1)
    return np.stack(hands, axis=1), boards


def judge_chunk(q: OddsQuestion, deals: np.ndarray) -> dict[str, np.ndarray]:
    hands, boards = assemble_hands(q, deals)
    return judge_many(q.game, hands, boards)


# --- counting -------------------------------------------------------------------------------

class Tally:
    """Counts over judged deals, kept as the number of deals of each *outcome*: which seats hold
    the best qualifying value of each portion, packed into a key (bit ``p * players + i`` set when
    seat ``i`` is among portion ``p``'s winners; a split with no qualifier, R8, follows from the
    others). Wins, ties, exact shares, scoops and the sums of a sampled standard error are read
    off the distinct outcomes (a few dozen in most questions), not off every deal.

    >>> t = Tally(["badugi"], [Fraction(1)], 2)
    >>> t.add({"badugi": np.array([[True, False], [True, True], [True, False]])})
    >>> t.deals, t.win.tolist(), t.tie.tolist(), str(t.portion_share(0, 0)), t.scoop.tolist()
    (3, [[2, 0]], [[1, 1]], '5/2', [2, 0])
    >>> t.share.tolist(), t.share_den  # 5/2 of a pot: two deals alone, two ties of two
    ([[5, 1]], 2)
    """

    def __init__(self, names: Sequence[str], shares: Sequence[Fraction], players: int) -> None:
        self.names = list(names)
        self.shares = list(shares)
        self.players = players
        self.real = len(names) - (SPLIT_NAME in self.names)  # the portions a key holds (the split last)
        self.weights = [(1 << (p * players + np.arange(players))).astype(np.int64) for p in range(self.real)]
        self.counts = np.zeros(1, np.int64)
        self.deals = 0
        self._summary: dict[str, np.ndarray] | None = None

    def keys_of(self, masks: dict[str, np.ndarray]) -> np.ndarray:
        """The outcome key of each judged deal (winner masks per portion, ``(deals, players)``)."""
        rows = next(iter(masks.values())).shape[0]
        key = np.zeros(rows, np.int64)
        for p, name in enumerate(self.names[:self.real]):
            if name in masks:
                key += masks[name].astype(np.int64) @ self.weights[p]
        return key

    def add(self, masks: dict[str, np.ndarray]) -> None:
        """Count one chunk of judged deals (winner masks per portion, ``(deals, players)``)."""
        self.add_keys(self.keys_of(masks))

    def add_keys(self, keys: np.ndarray) -> None:
        """Count one chunk of deals by their outcome keys."""
        self.add_counts(np.bincount(keys.ravel()))

    def add_counts(self, counts: np.ndarray) -> None:
        """Count ``counts[key]`` more deals of each outcome ``key``."""
        if len(counts) > len(self.counts):
            self.counts = np.concatenate([self.counts, np.zeros(len(counts) - len(self.counts), np.int64)])
        self.counts[:len(counts)] += counts
        self.deals += int(counts.sum())
        self._summary = None

    def summary(self) -> dict[str, np.ndarray]:
        """Wins, ties, scoops, each seat's share of the pot from each portion as a numerator over
        ``share_den`` (exact integers), and the sums of the shares and of their squares (floats,
        for a standard error), from the distinct outcomes (vectorized over them)."""
        if self._summary is not None:
            return self._summary
        n, real, parts = self.players, self.real, len(self.names)
        keys = np.flatnonzero(self.counts)
        c = self.counts[keys]
        m = ((keys[:, None] >> np.arange(real * n)) & 1).reshape(len(keys), real, n).astype(bool)
        if parts > real:  # the split with no qualifier: every seat, where no portion was won (R8)
            nobody = ~np.any(m, axis=(1, 2))
            m = np.concatenate([m, np.repeat(nobody[:, None, None], n, axis=2)], axis=1)
        won = np.any(m, axis=2)                  # (outcomes, portions)
        k = m.sum(axis=2)                        # winners per portion
        # a portion's share of the pot is shares[p] over the shares of the portions won (R8), split k ways
        unit, weight, den = self.share_units
        total = won.astype(np.int64) @ weight    # the won portions' shares, in units
        alone = m & (k == 1)[:, :, None]
        coef = np.where(k > 0, weight * den // np.maximum(total[:, None] * k, 1), 0)  # exact: den is a multiple
        numer = c[:, None, None] * np.where(m, coef[:, :, None], 0)
        share = numer.sum(axis=1) / den / np.maximum(c, 1)[:, None]  # each outcome's share of the pot, per seat
        cf = c.astype(float)
        self._summary = {
            "win": np.einsum("k,kpi->pi", c, alone.astype(np.int64)),
            "tie": np.einsum("k,kpi->pi", c, (m & (k > 1)[:, :, None]).astype(np.int64)),
            "share": numer.sum(axis=0), "scoop": c @ (~won[:, :, None] | alone).all(axis=1).astype(np.int64),
            "sum": cf @ share, "sum_sq": cf @ (share * share)}
        return self._summary

    @property
    def share_units(self) -> tuple[int, np.ndarray, int]:
        """The portions' shares as whole units (``weight[p] / unit``) and ``share_den`` (see
        ``_share_units``)."""
        return _share_units(tuple(self.shares), self.players)

    @property
    def share_den(self) -> int:
        """The denominator of ``share``'s numerators."""
        return self.share_units[2]

    @property
    def win(self) -> np.ndarray:
        """Deals each seat won each portion alone ``(portions, players)``."""
        return self.summary()["win"]

    @property
    def tie(self) -> np.ndarray:
        """Deals each seat tied for each portion ``(portions, players)``."""
        return self.summary()["tie"]

    @property
    def share(self) -> np.ndarray:
        """Each seat's shares of the pot from each portion, added over the deals, as numerators
        over ``share_den`` ``(portions, players)``."""
        return self.summary()["share"]

    @property
    def scoop(self) -> np.ndarray:
        """Deals each seat took the whole pot alone."""
        return self.summary()["scoop"]

    @property
    def sum(self) -> np.ndarray:
        """Each seat's shares of the pot added over the deals (floats, for a standard error)."""
        return self.summary()["sum"]

    @property
    def sum_sq(self) -> np.ndarray:
        """Each seat's squared shares added over the deals."""
        return self.summary()["sum_sq"]

    def portion_share(self, p: int, i: int) -> Fraction:
        """Player ``i``'s exact total share of the pot from portion ``p``, over all deals counted."""
        return Fraction(int(self.share[p, i]), self.share_den)


@cache
def _share_units(shares: tuple[Fraction, ...], players: int) -> tuple[int, np.ndarray, int]:
    """The portions' shares as whole units (``weight[p] / unit``), and a common denominator of
    every share a seat can get from a portion: its share over the total share of the portions
    won, split among up to ``players`` seats.

    >>> _share_units((Fraction(1, 2), Fraction(1, 2)), 2)[2]  # a quarter pot at most: 1/4 = 1/2 / 1 / 2
    4
    """
    unit = math.lcm(*(s.denominator for s in shares))
    weight = np.array([int(s * unit) for s in shares], np.int64)
    weight.setflags(write=False)
    totals = {int(sum(int(w) for p, w in enumerate(weight) if pattern >> p & 1))
              for pattern in range(1, 1 << len(weight))}
    den = math.lcm(*(t * k for t in totals for k in range(1, players + 1)))
    return unit, weight, den


def portions_of(game: PotGame) -> tuple[list[str], list[Fraction]]:
    names = [p.name for p in game.portions]
    shares = [p.share for p in game.portions]
    if game.no_qualifier is NoQualifier.SPLIT:
        names.append(SPLIT_NAME)
        shares.append(Fraction(1))
    return names, shares
