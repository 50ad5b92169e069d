"""The odds calculator's deals and counts: how many deals complete a question, every one of
them (in chunks) or a seeded sample, each chunk's final hands and boards judged, and the tally of
the judged deals (exact wins, ties and shares per portion, scoops, and the sums of a sampled
standard error).

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.analysis.odds.question import _question
>>> q = _question(POT_DECLARATIONS["badugi"], ["As 2d 3h Kh", "2c 4d 6h 8s"], None, None, None, ["Kh", ""], None)
>>> _deal_count(q), next(_exact_deals(q)).shape
(44, (44, 1))
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from fractions import Fraction
from itertools import combinations
from typing import Optional

import numpy as np

from ...combinatorics import combinations_array
from ...engine.showdown import SPLIT_NAME, judge_many
from ...games.pot import PotGame
from ...games.vocabularies import NoQualifier
from .question import _Question

#: Deals judged at once (the arrays of a chunk stay within a few tens of megabytes).
CHUNK = 1 << 17


# --- the deals -----------------------------------------------------------------------------

def _deal_count(question: _Question) -> int:
    """How many deals complete the question: the ways to fill every group from the deck."""
    n, total = len(question.deck), 1
    for _, _, size in question.groups:
        total *= math.comb(n, size)
        n -= size
    return total


def _assignments(sizes: Sequence[int]) -> np.ndarray:
    """Every way to give ``sum(sizes)`` chosen positions to the groups: rows of column orders,
    each group's positions ascending (the multinomial number of rows, built group by group).

    >>> _assignments([1, 2]).tolist()
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


def _exact_deals(q: _Question) -> Iterator[np.ndarray]:
    """Every deal of the unknown cards, in chunks: rows of cards, the groups side by side."""
    sizes = [s for _, _, s in q.groups]
    total = sum(sizes)
    if total == 0:
        yield np.zeros((1, 0), np.int8)
        return
    union = combinations_array(len(q.deck), total)
    orders = _assignments(sizes)
    step = max(1, CHUNK // len(orders))
    for start in range(0, len(union), step):
        block = q.deck[union[start:start + step]]
        yield np.concatenate([block[:, order] for order in orders]) if len(orders) > 1 else block


def _sampled_deals(q: _Question, samples: int, seed: int, extra: int = 0) -> Iterator[np.ndarray]:
    """``samples`` seeded random deals of the unknown cards (plus ``extra`` cards of the stub)."""
    rng = np.random.default_rng(seed)
    width = min(len(q.deck), q.needed + extra)
    for start in range(0, samples, CHUNK // 4):
        rows = min(CHUNK // 4, samples - start)
        order = rng.random((rows, len(q.deck))).argsort(axis=1)[:, :width]
        yield q.deck[order]


# --- judging a chunk -------------------------------------------------------------------------

def _assemble(q: _Question, deals: np.ndarray) -> tuple[np.ndarray, Optional[np.ndarray]]:
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


def _judge_chunk(q: _Question, deals: np.ndarray) -> dict[str, np.ndarray]:
    hands, boards = _assemble(q, deals)
    return judge_many(q.game, hands, boards)


# --- counting -------------------------------------------------------------------------------

class _Tally:
    """Counts over judged deals: exact per-portion wins, ties and shares, scoops, and the sums
    needed for a sampled standard error."""

    def __init__(self, names: Sequence[str], shares: Sequence[Fraction], players: int) -> None:
        self.names = list(names)
        self.shares = list(shares)
        self.players = players
        self.deals = 0
        n_keys = (1 << len(names)) * (players + 1)
        self.win = np.zeros((len(names), players), np.int64)
        self.tie = np.zeros((len(names), players), np.int64)
        self.by_key = np.zeros((len(names), players, n_keys), np.int64)
        self.scoop = np.zeros(players, np.int64)
        self.sum = np.zeros(players)
        self.sum_sq = np.zeros(players)

    def add(self, masks: dict[str, np.ndarray]) -> None:
        """Count one chunk of judged deals (winner masks per portion, ``(deals, players)``)."""
        rows = next(iter(masks.values())).shape[0]
        m = [masks.get(name, np.zeros((rows, self.players), bool)) for name in self.names]
        won: list[np.ndarray] = [np.asarray(x.any(axis=1)) for x in m]
        pattern = np.zeros(rows, np.int64)
        total = np.zeros(rows)
        for p, w in enumerate(won):
            pattern |= w.astype(np.int64) << p
            total += float(self.shares[p]) * w
        n_keys = self.by_key.shape[2]
        share = np.zeros((rows, self.players))
        alone = np.ones((rows, self.players), bool)
        for p, x in enumerate(m):
            k = x.sum(axis=1)
            self.win[p] += (x & (k == 1)[:, None]).sum(axis=0)
            self.tie[p] += (x & (k > 1)[:, None]).sum(axis=0)
            key = pattern * (self.players + 1) + k
            for i in range(self.players):
                self.by_key[p, i] += np.bincount(key[x[:, i]], minlength=n_keys)
            with np.errstate(invalid="ignore", divide="ignore"):
                share += np.where(x, float(self.shares[p]) / (total * np.maximum(k, 1))[:, None], 0.0)
            alone &= ~won[p][:, None] | (x & (k == 1)[:, None])
        self.scoop += alone.sum(axis=0)
        self.sum += share.sum(axis=0)
        self.sum_sq += (share * share).sum(axis=0)
        self.deals += rows

    def total_share(self, pattern: int) -> Fraction:
        return sum((s for p, s in enumerate(self.shares) if pattern >> p & 1), Fraction(0))

    def portion_share(self, p: int, i: int) -> Fraction:
        """Player ``i``'s exact total share of the pot from portion ``p``, over all deals counted."""
        out = Fraction(0)
        for key in np.flatnonzero(self.by_key[p, i]):
            pattern, k = divmod(int(key), self.players + 1)
            out += int(self.by_key[p, i, key]) * self.shares[p] / self.total_share(pattern) / k
        return out


def _portions(game: PotGame) -> tuple[list[str], list[Fraction]]:
    names = [p.name for p in game.portions]
    shares = [p.share for p in game.portions]
    if game.no_qualifier is NoQualifier.SPLIT:
        names.append(SPLIT_NAME)
        shares.append(Fraction(1))
    return names, shares
