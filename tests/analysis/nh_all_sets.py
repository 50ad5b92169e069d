"""An independent oracle for New Hampshire Hold'em's strategy and counts (test helper, not a test):
a plain backward induction over every card set, with no suit classes.

The production solver (``gamelib/analysis/banked/nh_classes.py``) works over suit classes; this
one works over all 1,326 hole pairs, 22,100 three-card sets and 270,725 four-card sets, in colex
order, the way the game is stated (RULINGS R21, R23):

* river, 4 cards seen: fold loses the ``W`` units wagered; a bet of ``b`` is worth the sum over
  the 48 river cards of the pay times ``W + b``;
* turn, 3 seen: a bet of ``b`` is worth the sum over the 49 turn cards of the river value with
  ``W + b`` wagered; fold loses ``W`` (times 49 * 48);
* flop, the hole pair: the same over the 50 flop cards, with 1 unit (the ante) in.

The pays come from ``pay_rows`` of the declaration's main table over the high value of every
five-card set; sums over the next card are sums over the supersets, made with ``np.add.at`` over
each set's subsets (exact integers throughout). The forward count carries every hole pair, then
every next card in order, along the decisions. It shares no code with the solver it checks but
the hand evaluator, the pay table's rows and the colex numbering.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np

from gamelib.combinatorics import colex_index, combinations_array
from gamelib.games.banked import BankedGame, pay_rows
from gamelib.rankings.high import HIGH

BETS = (1, 2, 3)
W3 = (2, 3, 4)  # units in before the turn decision: the ante and one bet
W4 = (3, 4, 5, 6, 7)  # before the river decision
W5 = tuple(range(4, 11))  # at the showdown


@functools.lru_cache(maxsize=1)
def _high_values() -> np.ndarray:
    """The high value of every five-card set, colex order."""
    return HIGH.evaluate_array(combinations_array(52, 5))


@functools.cache
def subsets(n: int) -> np.ndarray:
    """For every ``n``-card set (colex order), the colex index of each of its ``n - 1``-card subsets."""
    sets = combinations_array(52, n)
    return np.stack([colex_index(sets[:, [j for j in range(n) if j != k]]) for k in range(n)], axis=1)


def superset_sums(values: np.ndarray, n: int) -> np.ndarray:
    """For every ``n - 1``-card set, the sum of ``values`` (one per ``n``-card set) over the sets
    holding it: one term per next card."""
    out = np.zeros(comb(52, n - 1), np.int64)
    sub = subsets(n)
    for k in range(n):
        np.add.at(out, sub[:, k], values)
    return out


def choose(options: list[np.ndarray], ties: str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The best value, the option taken (the first of the best under R23, ``ties="less"``; the
    last with ``"more"``), and whether two or more options share the best value."""
    stack = np.stack(np.broadcast_arrays(*options), axis=-1)
    best = stack.max(axis=-1)
    at_best = stack == best[..., None]
    n = stack.shape[-1]
    first = at_best.argmax(axis=-1)
    last = n - 1 - at_best[..., ::-1].argmax(axis=-1)
    return best, (first if ties == "less" else last), at_best.sum(axis=-1) > 1


@dataclass
class AllSets:
    """The oracle's strategy and counts, arrays by set in colex order (see NHStrategy)."""

    flop: np.ndarray
    turn: np.ndarray
    river: np.ndarray
    ev_flop: np.ndarray
    ev_turn: np.ndarray
    ev_river: np.ndarray
    opt_flop: np.ndarray
    opt_turn: np.ndarray
    opt_river: np.ndarray
    river_pay: np.ndarray
    wagered_flop: np.ndarray
    scale: int
    folds: dict[tuple[str, int], int]  # (street, units wagered) -> ordered deals folded there
    showdown: np.ndarray  # [pay row (last: none), W5 index] -> ordered deals
    ties: list[dict[str, object]]


def solve_all_sets(decl: BankedGame, ties: str = "less") -> AllSets:
    """The plain backward induction and forward count over every set (module docstring)."""
    table = decl.pay_table(decl.wager(decl.decisions[0].wager).pay_table_key)
    pays = [Fraction(line.pays) for line in table.lines]
    D = lcm(*(p.denominator for p in pays))
    n_rows = len(pays) + 1
    scaled = np.array([int(p * D) for p in pays] + [-D], np.int64)  # no row: every unit wagered lost
    rows5 = pay_rows(table, decl.table_system(table))[_high_values()] % n_rows
    # per 4-card set: how many of its 48 river cards land on each row
    by_row = np.zeros((comb(52, 4), n_rows), np.int64)
    for k in range(5):
        np.add.at(by_row, (subsets(5)[:, k], rows5), 1)
    assert (by_row.sum(axis=1) == 48).all()

    # backward
    river_pay = by_row @ scaled
    w4 = np.array(W4)[None, :]
    opt_river = np.stack(np.broadcast_arrays(-w4 * 48 * D, *[river_pay[:, None] * (w4 + b) for b in BETS]), axis=-1)
    v4, a4, t4 = choose([opt_river[..., k] for k in range(4)], ties)
    n3 = comb(52, 3)
    opt_turn = np.zeros((n3, len(W3), 4), np.int64)
    for j, w in enumerate(W3):
        opt_turn[:, j, 0] = -w * 49 * 48 * D
        for b in BETS:
            opt_turn[:, j, b] = superset_sums(v4[:, W4.index(w + b)], 4)
    v3, a3, t3 = choose([opt_turn[..., k] for k in range(4)], ties)
    opt_flop = np.zeros((comb(52, 2), 4), np.int64)
    opt_flop[:, 0] = -50 * 49 * 48 * D
    for b in BETS:
        opt_flop[:, b] = superset_sums(v3[:, W3.index(1 + b)], 3)
    v2, a2, t2 = choose([opt_flop[:, k] for k in range(4)], ties)

    # the total wagered, backwards: at the showdown (or the fold), summed over the next cards
    bet4 = np.where(a4 == 0, w4, w4 + a4)
    bet3 = np.zeros((n3, len(W3)), np.int64)
    for j, w in enumerate(W3):
        bet3[:, j] = 49 * w
        for b in BETS:
            bet3[:, j] = np.where(a3[:, j] == b, superset_sums(bet4[:, W4.index(w + b)], 4), bet3[:, j])
    bet2 = np.full(comb(52, 2), 50 * 49, np.int64)
    for b in BETS:
        bet2 = np.where(a2 == b, superset_sums(bet3[:, W3.index(1 + b)], 3), bet2)

    # forward: (hole pair, next cards in order) ways reaching each set with each amount wagered
    def forward(flop: np.ndarray, turn: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        reach3 = np.zeros((n3, len(W3)), np.int64)
        for k in range(3):  # the hole pair is the set less one card, that card the flop card
            a = flop[subsets(3)[:, k]]
            for b in BETS:
                reach3[:, W3.index(1 + b)] += a == b
        reach4 = np.zeros((comb(52, 4), len(W4)), np.int64)
        for k in range(4):
            below = subsets(4)[:, k]
            for j, w in enumerate(W3):
                for b in BETS:
                    reach4[:, W4.index(w + b)] += np.where(turn[below, j] == b, reach3[below, j], 0)
        return reach3, reach4

    reach3, reach4 = forward(a2, a3)
    folds = {("flop", 1): int((a2 == 0).sum()) * 50 * 49 * 48}
    for j, w in enumerate(W3):
        folds[("turn", w)] = int(reach3[a3[:, j] == 0, j].sum()) * 49 * 48
    for j, w in enumerate(W4):
        folds[("river", w)] = int(reach4[a4[:, j] == 0, j].sum()) * 48
    showdown = np.zeros((n_rows, len(W5)), np.int64)
    for j, w in enumerate(W4):
        for b in BETS:
            showdown[:, W5.index(w + b)] += by_row.T @ np.where(a4[:, j] == b, reach4[:, j], 0)

    # the exactly equal choices: where, how many between folding and a bet, and the ordered deals
    # that meet one before any other (decisions at a tie are not followed further)
    first3, first4 = forward(np.where(t2, 0, a2), np.where(t3, 0, a3))
    fold_best = (opt_flop[:, 0] == v2, opt_turn[..., 0] == v3, opt_river[..., 0] == v4)
    tie_rows: list[dict[str, object]] = []
    for street, tied, fold, met, per in (("flop", t2, fold_best[0], np.ones(len(t2), np.int64), 50 * 49 * 48),
                                         ("turn", t3, fold_best[1], first3, 49 * 48),
                                         ("river", t4, fold_best[2], first4, 48)):
        tie_rows.append({"decision": f"before the {street} card", "decision points": int(tied.sum()),
                         "fold or bet": int((tied & fold).sum()), "ordered deals": int(met[tied].sum()) * per})
    return AllSets(a2, a3, a4, v2, v3, v4, opt_flop, opt_turn, opt_river, river_pay, bet2, 50 * 49 * 48 * D,
                   folds, showdown, tie_rows)

