"""New Hampshire Hold'em solved over suit classes: the one backward induction (the strategy and
the exact value of every option, every amount already wagered at once) and the one forward count
of the 155,937,600 ordered deals, by the bets made on each street. The analysis
(:func:`gamelib.analysis.banked.nh.analyze_nh`, its strategy object), the par sheet and the
pay-table designer all read them.

The payoff depends only on the final five-card set, so a decision's value depends only on the
set of cards seen and on the units wagered; two sets that differ by a renaming of suits have the
same future, so every value, choice and count is the same for both. The induction therefore
runs over the suit classes of the cards seen (169 classes of the 1,326 hole pairs, 1,755 of the
22,100 three-card sets, 16,432 of the 270,725 four-card sets):

* river (4 cards seen): ``V4(S, W) = max(-W, E[pays | S] * (W + b), b = 1..3)``;
* turn (3 seen): ``V3(S, W) = max(-W, mean over the 49 next cards of V4(S + c, W + b))``;
* flop (the hole pair): ``V2(S) = max(-1, mean over the 50 next cards of V3(S + c, 1 + b))``.

Everything is exact integer arithmetic, scaled by ``50 * 49 * 48 * D`` (``D``: the common
denominator of the pays). Of exactly equal choices the player takes the one that risks less:
fold rather than bet, a smaller multiple rather than a larger one (RULINGS R23, applied by
:func:`gamelib.analysis.banked.rules.decide`, as in every banked counter); ``ties="more"`` (the
larger wager) is kept only to measure what R23 changes.

The disk cache (:func:`nh_classes`) holds only what no pay table changes: the classes, the class
reached by every next card, and how many river cards make each pay key; the strategy is derived
anew for each pay table. The tests hold every decision and count to a plain backward induction
over all 270,725 four-card sets (``tests/analysis/nh_all_sets.py``, in
``tests/analysis/test_banked_nh_classes.py``).

>>> from gamelib.games.banked import NH_HOLDEM
>>> s = solve(NH_HOLDEM)
>>> len(s.flop), s.turn.shape, s.river.shape, int(s.weights[2].sum()), int(s.weights[4].sum())
(169, (1755, 3), (16432, 5), 1326, 270725)
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

import numpy as np

from ...combinatorics import colex_index, combinations_array
from ...games.banked import BankedGame, PayTable
from ...rankings.high import HIGH
from ...rankings.three_card import THREE_CARD
from ..cache import cached_arrays
from .common import CODE_MODULES, Progress, table_pays, written_for
from .enumeration import canonical_keys, six_card_high_counts
from .nh_strategy import BETS, STREETS, W3, W4
from .rules import check_ties, decide

#: What a pay table can see of a high hand: its category and top rank (``pay_keys``).
N_KEYS = len(HIGH.categories) * 13
#: The modules the cached classes are computed by (the disk cache's key covers their source).
NH_CODE_MODULES = CODE_MODULES + ("gamelib.combinatorics", __name__)


def pay_keys(values: np.ndarray) -> np.ndarray:
    """What a pay table can see of a high hand: ``category index * 13 + top rank``.

    >>> int(pay_keys(np.array([HIGH.n_classes]))[0])  # royal flush: straight flush (8), ace (12)
    116
    """
    table = np.zeros(HIGH.n_classes + 1, np.int64)
    for v, hc in enumerate(HIGH.classes, start=1):
        table[v] = HIGH.categories.index(hc.category) * 13 + hc.ranks[0]
    keys: np.ndarray = table[np.asarray(values)]
    return keys


def key_rows(table: PayTable) -> np.ndarray:
    """The pay-table row (-1: none) of each pay key.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> int(key_rows(NH_HOLDEM.pay_table("main"))[116])  # a royal flush: the first row
    0
    """
    rows = np.full(N_KEYS, -1, np.int64)
    for key in range(N_KEYS):
        cat, top = HIGH.categories[key // 13], key % 13
        for i, line in enumerate(table.lines):
            if line.matches(cat, top):
                rows[key] = i
                break
    return rows


def nh_classes(progress: Progress | None = None) -> dict[str, np.ndarray]:
    """The deals of New Hampshire Hold'em grouped by suit classes (cached on disk): the class of
    every 2-, 3- and 4-card set in colex order (``inv2``/``inv3``/``inv4``) and how many sets each
    class holds (``w2``/``w3``/``w4``), the class reached by each unseen next card from a
    representative (``next2``: 169 x 50, ``next3``: 1,755 x 49), for each 4-card class how many of
    the 48 river cards make each pay key (``river``, 16,432 x ``N_KEYS``); and, for the side bets,
    the three-card value of every board (``v3``) and the six-card sets by value (``six``).

    >>> c = nh_classes()
    >>> c["next2"].shape, int(c["river"][0].sum())
    ((169, 50), 48)
    """
    progress = progress or Progress(False)

    def compute() -> dict[str, np.ndarray]:
        progress("NH Hold'em: all 2,598,960 five-card sets, grouped by suit classes")
        out: dict[str, np.ndarray] = {}
        reps: dict[int, np.ndarray] = {}
        for n in (2, 3, 4):
            sets = combinations_array(52, n)
            _, first, inverse, counts = np.unique(canonical_keys(sets), return_index=True, return_inverse=True,
                                                  return_counts=True)
            out[f"inv{n}"], out[f"w{n}"] = inverse.astype(np.int32), counts.astype(np.int64)
            reps[n] = sets[first]
        for n in (2, 3):
            rep = reps[n]
            nxt = np.full((len(rep), 52 - n), -1, np.int32)
            for i, cards in enumerate(rep):
                unseen = np.setdiff1d(np.arange(52), cards)
                bigger = np.sort(np.concatenate([np.repeat(cards[None, :], len(unseen), 0), unseen[:, None]], 1), 1)
                nxt[i] = out[f"inv{n + 1}"][colex_index(bigger)]
            out[f"next{n}"] = nxt
        # per 4-card class, how many of the 48 river cards make each pay key (from a representative)
        rep4 = reps[4]
        unseen = np.array([np.setdiff1d(np.arange(52), cards) for cards in rep4])
        fives = np.sort(np.concatenate([np.repeat(rep4[:, None, :], 48, 1), unseen[:, :, None]], 2), 2)
        keys = pay_keys(HIGH.evaluate_array(fives.reshape(-1, 5))).reshape(len(rep4), 48)
        rows = np.arange(len(rep4))[:, None] * N_KEYS + keys
        out["river"] = np.bincount(rows.ravel(), minlength=len(rep4) * N_KEYS).reshape(-1, N_KEYS).astype(np.int8)
        out["v3"] = THREE_CARD.evaluate_array(combinations_array(52, 3)).astype(np.int16)
        out["six"] = six_card_high_counts(HIGH)
        return out

    return cached_arrays("nh-classes", {"game": "nh-holdem"}, compute, NH_CODE_MODULES)


@functools.lru_cache(maxsize=1)
def nh_base() -> dict[str, np.ndarray]:
    """:func:`nh_classes`, read once and kept in memory, with the river counts as floats for the
    products (``river_f``). ``nh_base.cache_clear()`` forgets it."""
    c = dict(nh_classes())
    c["river_f"] = c["river"].astype(np.float64)
    return c


#: The rows of the last few tables, by the (category, low, high) of each line.
_ROWS: dict[tuple[tuple[str, str | None, str | None], ...], tuple[np.ndarray, np.ndarray]] = {}


def nh_rows(table: PayTable) -> tuple[np.ndarray, np.ndarray]:
    """The pay row of every pay key of a table (-1: none), and for each 4-card class how many of
    the 48 river cards land on each row (the last column: none). They depend on which hands each
    row pays, not on its pays, so they are kept for the last few tables' rows.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> rows, by_row = nh_rows(NH_HOLDEM.pay_table("main"))
    >>> by_row.shape[1] == len(NH_HOLDEM.pay_table("main").lines) + 1, int(by_row[0].sum())
    (True, 48)
    """
    shape = tuple((line.category, line.low, line.high) for line in table.lines)
    if shape not in _ROWS:
        if len(_ROWS) >= 16:
            del _ROWS[next(iter(_ROWS))]
        rows = key_rows(table)
        onehot = np.zeros((len(rows), len(table.lines) + 1), np.float64)
        onehot[np.arange(len(rows)), rows % (len(table.lines) + 1)] = 1
        # integer products: exact, and no BLAS threads (which stall when the cores are busy)
        _ROWS[shape] = rows, np.rint(nh_base()["river_f"] @ onehot).astype(np.int64)
    return _ROWS[shape]


def main_table(decl: BankedGame) -> PayTable:
    """The pay table of the street bets (the Ante and every bet settle on it, R21).

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> main_table(NH_HOLDEM).key
    'main'
    """
    return decl.pay_table(decl.wager(decl.decisions[0].wager).pay_table_key)


@dataclass
class NHSolution:
    """The strategy of one pay table over suit classes (0 fold, else the multiple): ``flop[c2]``,
    ``turn[c3, W3 index]``, ``river[c4, W4 index]``; the exact value of playing on optimally
    (``ev2``/``ev3``/``ev4``), of each option before the flop and turn cards (``opt2``, ``opt3``:
    fold, 1x, 2x, 3x), the sum over the 48 river cards of the pay per unit (``river_pay``), and
    where the best value is shared (``tied2``/``tied3``/``tied4``); values in units of the ante
    scaled by ``scale`` (flop), ``scale // 50`` (turn) and ``scale // (50 * 49)`` (river).
    ``wagered2``: each class's expected total wagered per hole pair, times ``50 * 49``.
    ``by_row``: per 4-card class, the river cards landing on each pay row (last: none).
    ``weights``: the sets each class stands for, by the number of cards seen."""

    flop: np.ndarray
    turn: np.ndarray
    river: np.ndarray
    ev2: np.ndarray
    ev3: np.ndarray
    ev4: np.ndarray
    opt2: np.ndarray
    opt3: np.ndarray
    river_pay: np.ndarray
    tied2: np.ndarray
    tied3: np.ndarray
    tied4: np.ndarray
    wagered2: np.ndarray
    scale: int
    pays: list[Fraction]
    by_row: np.ndarray
    ties: str
    weights: dict[int, np.ndarray] = field(repr=False)

    @property
    def expected_return(self) -> Fraction:
        """The main game's exact expected return per unit ante (optimal play).

        >>> from gamelib.games.banked import NH_HOLDEM
        >>> solve(NH_HOLDEM).expected_return == solve(NH_HOLDEM, ties="more").expected_return
        True
        """
        w2 = self.weights[2]
        return Fraction(int((w2 * self.ev2).sum()), self.scale * int(w2.sum()))


def solve(decl: BankedGame, ties: str = "less", progress: Progress | None = None) -> NHSolution:
    """Backward induction over the suit classes under ``decl``'s main pay table: the best of
    folding and each street bet at the river, turn and flop decisions, every amount already
    wagered at once; exactly equal choices by ``ties`` (R23 by default).

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> s = solve(NH_HOLDEM)
    >>> round(float(-s.expected_return), 6)
    0.092415
    """
    check_ties(ties)
    if progress is not None:
        progress("NH Hold'em: backward induction over suit classes (river, turn, flop)")
    solution = _induct(decl, lambda options: decide(options, ties))
    assert isinstance(solution, NHSolution)
    solution.ties = ties
    return solution


def expected_return(decl: BankedGame) -> Fraction:
    """The main game's exact expected return per unit ante under ``decl``'s main pay table, by the
    same backward induction with the values alone (which of two equal choices is taken moves no
    value): what the pay-table designer asks of each candidate table.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> expected_return(NH_HOLDEM) == solve(NH_HOLDEM).expected_return
    True
    """
    value = _induct(decl, None)
    assert isinstance(value, Fraction)
    return value


Pick = Callable[[list[np.ndarray]], tuple[np.ndarray, np.ndarray, np.ndarray]]


def _induct(decl: BankedGame, pick: Pick | None) -> NHSolution | Fraction:
    """The backward induction (module docstring): with ``pick`` (the best option, the choice and
    whether it is tied), the whole solution; without, the expected return alone."""
    written_for(decl, "street bets (street, multiples of the ante)",
                [(d.wager, decl.wager(d.wager).multiples) for d in decl.decisions], [(st, BETS) for st in STREETS])
    base = nh_base()
    pays = table_pays(main_table(decl))
    D = lcm(*(p.denominator for p in pays)) if pays else 1
    scaled = np.array([int(p * D) for p in pays] + [-D], np.int64)  # the last row: the main wagers lose
    by_row = nh_rows(main_table(decl))[1]
    nxt2, nxt3, w2 = base["next2"], base["next3"], base["w2"]
    # river: scale 48 D; the sums over the 48 river cards of the pay
    s4 = by_row @ scaled
    w4 = np.array(W4, np.int64)[None, :]
    opts4 = [-w4 * 48 * D] + [s4[:, None] * (w4 + b) for b in BETS]
    if pick is None:  # the values alone
        v4 = functools.reduce(np.maximum, opts4)
    else:
        v4, a4, t4 = pick(opts4)
    # turn: scale 49 * 48 D, the sums over the 49 turn cards
    after4 = v4[nxt3].sum(axis=1)
    w3 = np.array(W3, np.int64)[None, :]
    opts3 = [np.broadcast_to(-w3 * 49 * 48 * D, (len(nxt3), len(W3)))] + [
        after4[:, [W4.index(w + b) for w in W3]] for b in BETS]
    if pick is None:
        v3 = functools.reduce(np.maximum, opts3)
    else:
        v3, a3, t3 = pick(opts3)
    # flop: scale 50 * 49 * 48 D
    after3 = v3[nxt2].sum(axis=1)
    opts2 = [np.full(len(nxt2), -50 * 49 * 48 * D, np.int64)] + [after3[:, W3.index(1 + b)] for b in BETS]
    scale = 50 * 49 * 48 * D
    if pick is None:
        v2 = functools.reduce(np.maximum, opts2)
        return Fraction(int((w2 * v2).sum()), scale * int(w2.sum()))
    v2, a2, t2 = pick(opts2)
    # the total wagered, backwards alongside the values: at the showdown (scale 1), then the sums
    # over the 49 turn cards (scale 49) and the 50 flop cards (scale 50 * 49)
    b4 = w4 + a4
    bet4 = b4[nxt3].sum(axis=1)
    b3 = np.choose(a3, [np.broadcast_to(49 * w3, a3.shape)] + [bet4[:, [W4.index(w + b) for w in W3]] for b in BETS])
    bet3 = b3[nxt2].sum(axis=1)
    b2 = np.choose(a2, [np.full(len(nxt2), 50 * 49, np.int64)] + [bet3[:, W3.index(1 + b)] for b in BETS])
    return NHSolution(
        a2.astype(np.int8), a3.astype(np.int8), a4.astype(np.int8), v2, v3, v4, np.stack(opts2, axis=-1),
        np.stack(np.broadcast_arrays(*opts3), axis=-1), s4, t2, t3, t4, b2, scale, pays, by_row, "less",
        {2: w2, 3: base["w3"], 4: base["w4"]})


#: The betting paths: the street bets made so far (one multiple per street played).
PATHS3: tuple[tuple[int, ...], ...] = tuple((b,) for b in BETS)
PATHS4: tuple[tuple[int, ...], ...] = tuple(p + (b,) for p in PATHS3 for b in BETS)
PATHS5: tuple[tuple[int, ...], ...] = tuple(p + (b,) for p in PATHS4 for b in BETS)


@dataclass
class NHDeals:
    """How many ordered deals (hole pair, then the flop, turn and river cards in order) reach each
    class on each betting path: ``reach3[c3, PATHS3 index]`` before the turn decision,
    ``reach4[c4, PATHS4 index]`` before the river decision, ``reach5[c4, PATHS5 index]`` at the
    showdown (before the river card); ``folds[path]``: the deals folded after ``path``;
    ``final[pay row, PATHS5 index]``: the deals reaching the showdown by pay row (last: none)."""

    reach3: np.ndarray
    reach4: np.ndarray
    reach5: np.ndarray
    folds: dict[tuple[int, ...], int]
    final: np.ndarray


def deals(s: NHSolution, follow2: np.ndarray | None = None, follow3: np.ndarray | None = None) -> NHDeals:
    """The forward count of the ordered deals played by ``s``; decisions outside ``follow2`` (per
    2-card class) and ``follow3`` (per 3-card class and W3) are not followed past (used to count
    the deals that meet a tie before any other).

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> d = deals(solve(NH_HOLDEM))
    >>> sum(d.folds.values()) + int(d.final.sum())
    155937600
    """
    base = nh_base()
    w2, nxt2, nxt3 = base["w2"], base["next2"], base["next3"]
    flop = s.flop if follow2 is None else np.where(follow2, s.flop, 0)
    turn = s.turn if follow3 is None else np.where(follow3, s.turn, 0)
    n3, n4 = len(nxt3), len(s.river)
    folds: dict[tuple[int, ...], int] = {(): int(w2[flop == 0].sum()) * 50 * 49 * 48}
    reach3 = np.zeros((n3, len(PATHS3)), np.float64)  # exact: counts far below 2**53
    for i, path in enumerate(PATHS3):
        weights = np.repeat(np.where(flop == path[0], w2, 0).astype(np.float64), nxt2.shape[1])
        reach3[:, i] = np.bincount(nxt2.ravel(), weights=weights, minlength=n3)
    reach4 = np.zeros((n4, len(PATHS4)), np.float64)
    for i, path in enumerate(PATHS3):
        j = W3.index(1 + sum(path))
        folds[path] = int(round(reach3[turn[:, j] == 0, i].sum())) * 49 * 48
        for b in BETS:
            weights = np.repeat(np.where(turn[:, j] == b, reach3[:, i], 0), nxt3.shape[1])
            reach4[:, PATHS4.index(path + (b,))] = np.bincount(nxt3.ravel(), weights=weights, minlength=n4)
    reach5 = np.zeros((n4, len(PATHS5)), np.float64)
    for i, path in enumerate(PATHS4):
        j = W4.index(1 + sum(path))
        folds[path] = int(round(reach4[s.river[:, j] == 0, i].sum())) * 48
        for b in BETS:
            reach5[:, PATHS5.index(path + (b,))] = np.where(s.river[:, j] == b, reach4[:, i], 0)
    final = s.by_row.T @ np.rint(reach5).astype(np.int64)
    return NHDeals(reach3, reach4, reach5, folds, final)


def by_wagered(reach: np.ndarray, paths: tuple[tuple[int, ...], ...], amounts: tuple[int, ...]) -> np.ndarray:
    """Reach counts by betting path summed by the units wagered (ante included): one column per
    amount in ``amounts``, exact integers.

    >>> by_wagered(np.array([[1.0, 2.0, 3.0]]), PATHS3, W3).tolist()
    [[1, 2, 3]]
    """
    out = np.zeros((len(reach), len(amounts)), np.int64)
    for i, path in enumerate(paths):
        out[:, amounts.index(1 + sum(path))] += np.rint(reach[:, i]).astype(np.int64)
    return out
