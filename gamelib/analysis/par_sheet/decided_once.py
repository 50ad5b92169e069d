"""The par sheets of the two games against the dealer decided once (Crazy 4 Poker, Three Card
Poker): the player folds or makes the Play at one of its multiples on their own cards, then every
main wager settles on the same dealer cell.

The counts come from the outcome tables' enumerations (:mod:`gamelib.analysis.banked.crazy4`,
:mod:`gamelib.analysis.banked.three_card`, from the disk cache) and are kept **jointly**: for each player hand
class, how many dealer hands fall in each of the ``CELLS`` (the dealer does not qualify and is
below, ties or is above the player; qualifies and is below, ties or is above). A hand's net
result on Ante + Play + Ante Bonus (Three Card Poker) or Ante + Super Bonus + Play (Crazy 4) is
summed hand by hand before it is counted, so the main game's standard deviation comes from that
joint distribution (never from adding variances). After a pay-table change the decision of each
class is derived again from the new pays (:func:`_decide_once`, R19, R20, R23) and the counts are
multiplied out.

>>> from gamelib.games.banked import THREE_CARD_6BONUS
>>> decided_once_sheet(THREE_CARD_6BONUS).main_wagers
('ante', 'play', 'ante_bonus')
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import Any

import numpy as np

from ...games.banked import BankedGame, dealer_qualifying_value, minimum_value
from ...games.vocabularies import Counting, NotQualified, OnFold, Settles
from ..banked.common import table_pays
from ..banked.rules import CELLS, decide, split_dealer_hands, wager_roles
from .figures import (
    NetDistribution,
    ParSheet,
    WagerSheet,
    kept_in_memory,
    pay_rows_of,
    scaled_pays,
    side_bet_sheet,
    wager_sheet,
)


def _not_qualified(decl: BankedGame, key: str) -> int:
    """A wager's result (units) when the dealer does not qualify: +1 if it wins, 0 if it pushes."""
    return 1 if decl.wager(key).if_not_qualified is NotQualified.WINS else 0


def _against_dealer(decl: BankedGame, key: str) -> np.ndarray:
    """The result (units) of a wager settled against the dealer, in each of the ``CELLS``."""
    nq = _not_qualified(decl, key)
    return np.array([nq, nq, nq, 1, 0, -1], np.int64)



def _cells(c: Mapping[str, np.ndarray], n_dealer: int) -> dict[str, np.ndarray]:
    """The joint counts of each player class against the dealer, one column per ``CELLS``
    (``cells``), and the same times the class's weight (``weighted``, as floats for bincount:
    exact, the counts are far below 2**53)."""
    cells = np.stack(split_dealer_hands(c["lt"], c["le"], c["nq"], n_dealer), axis=1)
    return {"cells": cells, "weighted": (cells * np.asarray(c["weights"], np.int64)[:, None]).astype(np.float64)}



# ---- the two games against the dealer with one decision ---------------------------------------
@dataclass
class _Part:
    """One main wager (or a bonus paid on one) of a game decided once: its result in each of the
    ``CELLS`` when the player plays, or, for a pay table, the pay row of each player class, the
    scaled pays and their denominator, and its result in each cell on a hand no row pays."""

    key: str
    name: str
    loses_on_fold: bool
    wagered: bool
    cells: np.ndarray
    table: Any = None
    rows: np.ndarray | None = None
    scaled: np.ndarray | None = None
    denominator: int = 1


def _main_parts(decl: BankedGame, x: np.ndarray, play: str, unit: str) -> list[_Part]:
    """The main wagers besides the decision: the required wagers and those equal to the unit (the
    Ante, the Super Bonus), each with the bonus paid on it (the Ante Bonus, only on a Play)."""
    parts = []
    for w in decl.wagers:
        if w.key == play or not (w.required or w.key == unit or (w.equal_to == unit and not w.decision)):
            continue
        lose = w.on_fold is OnFold.LOSES
        if w.settles is Settles.AGAINST_DEALER:
            parts.append(_Part(w.key, w.name, lose, True, _against_dealer(decl, w.key)))
        else:  # by its table, else against the dealer: lost to a higher dealer hand, else a push (R19)
            parts.append(_table_part(decl, w.key, w.name, w.pay_table_key, x, lose, True,
                                     np.array([0, 0, -1, 0, 0, -1], np.int64)))
        if w.bonus:
            parts.append(_table_part(decl, w.bonus, decl.pay_table(w.bonus).name, w.bonus, x, False, False,
                                     np.zeros(6, np.int64)))
    return parts


def _table_part(decl: BankedGame, key: str, name: str, table_key: str, x: np.ndarray, lose: bool, wagered: bool,
                otherwise: np.ndarray) -> _Part:
    table = decl.pay_table(table_key)
    scaled, d = scaled_pays(table_pays(table))
    rows = pay_rows_of(table, decl.table_system(table))[x]
    return _Part(key, name, lose, wagered, otherwise, table, rows, scaled, d)


@dataclass
class _Decided:
    """A game decided once, under one set of pay tables: its main wagers (``parts``, the Play
    apart), each one's value per player class when played (``values``, over the dealer hands,
    times ``D``), the Play's per unit, and the choice of each class (0 fold, else 1 + the index
    of its multiple)."""

    play: str
    multiples: tuple[int, ...]
    unit: str
    parts: list[_Part]
    D: int
    values: list[np.ndarray]
    play_value: np.ndarray
    fold_value: int
    choice: np.ndarray


def _on_cells(base: dict[str, np.ndarray], result: np.ndarray) -> np.ndarray:
    """Per player class, the sum over the dealer hands of a wager's result in each cell, kept with
    the cells (it does not depend on the pays)."""
    key = "on " + " ".join(str(int(v)) for v in result)
    if key not in base:
        base[key] = base["cells"] @ result
    return base[key]


def _decide_once(decl: BankedGame, x: np.ndarray, base: dict[str, np.ndarray], n_dealer: int) -> _Decided:
    """The decision of every player class: the one with the best exact expected value of all the
    main wagers together (R19, R20); of exactly equal choices the one that risks less (R23); a
    multiple below its weakest allowed hand never (R19)."""
    roles = wager_roles(decl)
    play, unit = roles.decision, roles.unit
    play_w = decl.wager(play)
    multiples = play_w.multiples
    parts = _main_parts(decl, x, play, unit)
    D = lcm(*(p.denominator for p in parts))
    values = []
    for p in parts:
        on_cells = D * _on_cells(base, p.cells)
        if p.rows is None:
            values.append(on_cells)
        else:
            assert p.scaled is not None
            values.append(np.where(p.rows >= 0, p.scaled[p.rows] * (D // p.denominator) * n_dealer, on_cells))
    fixed = np.sum(values, axis=0)  # everything but the Play when the player plays, times D
    fold_value = -D * n_dealer * sum(p.loses_on_fold for p in parts)
    play_value = D * _on_cells(base, _against_dealer(decl, play))
    ev = np.stack([np.full(len(x), fold_value, np.int64)] + [fixed + m * play_value for m in multiples], axis=1)
    for need in play_w.needs:
        ev[x < minimum_value(decl, need), 1 + multiples.index(need.multiple)] = np.iinfo(np.int64).min
    choice = decide(ev).choice  # of the best, the first: fold, then the smaller multiple (R23)
    return _Decided(play, multiples, unit, parts, D, values, play_value, fold_value, choice)


def _one_decision_returns(decl: BankedGame, counts: Mapping[str, np.ndarray], n_dealer: int,
                          base: dict[str, np.ndarray], hands: int | None = None) -> dict[str, Fraction]:
    """The expected return of each main wager and of the main game (``"game"``), with the
    strategy derived for ``decl``'s pays, without the distributions (the designer's question);
    ``hands``: the number of deals to divide by (default: all those ``counts`` stand for)."""
    x = np.asarray(counts["x"], np.intp)
    wts = np.asarray(counts["weights"], np.int64)
    d = _decide_once(decl, x, base, n_dealer)
    played = d.choice > 0
    total = (hands or int(wts.sum()) * n_dealer) * d.D
    out: dict[str, Fraction] = {}
    for p, v in zip(d.parts, d.values, strict=True):
        fold = -d.D * n_dealer if p.loses_on_fold else 0
        out[p.key] = Fraction(int((wts * np.where(played, v, fold)).sum()), total)
    mult = np.array((0,) + tuple(d.multiples), np.int64)[d.choice]
    out[d.play] = Fraction(int((wts * mult * d.play_value).sum()), total)
    out["game"] = sum(out.values(), Fraction(0))
    return out


def _one_decision(decl: BankedGame, counts: Mapping[str, np.ndarray], n_dealer: int,
                  base: dict[str, np.ndarray]) -> ParSheet:
    """Crazy 4 Poker and Three Card Poker: one decision (fold, or the Play at one of its multiples)
    on the player's own cards (:func:`_decide_once`), then every main wager settles on the same
    dealer cell. Side bets (settled by their table whatever the decision) are counted over the
    hands they pay on.
    """
    x = np.asarray(counts["x"], np.intp)
    wts = np.asarray(counts["weights"], np.int64)
    weighted = base["weighted"]
    d = _decide_once(decl, x, base, n_dealer)
    play, multiples, unit, parts, D = d.play, d.multiples, d.unit, d.parts, d.D
    play_w = decl.wager(play)
    play_cells = _against_dealer(decl, play)
    fold_value, choice = d.fold_value, d.choice
    decision = np.array((0,) + tuple(multiples), np.int64)[choice]

    # the joint counts: classes grouped by the choice and the pay row of every pay-table part
    tables = [p for p in parts if p.rows is not None]
    groups = choice.astype(np.int64)
    n_groups = len(multiples) + 1
    for p in tables:
        assert p.rows is not None and p.scaled is not None
        groups = groups * len(p.scaled) + (p.rows + 1)
        n_groups *= len(p.scaled)
    n_cells = len(CELLS)
    joint = np.bincount((groups[:, None] * n_cells + np.arange(n_cells)).ravel(), weights=weighted.ravel(),
                        minlength=n_groups * n_cells).reshape(n_groups, n_cells)
    joint_counts = np.rint(joint).astype(np.int64)  # exact: integers far below 2**53
    keys = np.flatnonzero(joint_counts.sum(axis=1))
    total = int(wts.sum()) * n_dealer

    dists = {k: NetDistribution() for k in [play] + [p.key for p in parts]}
    game = NetDistribution()
    awards: dict[str, dict[str, int]] = {k: defaultdict(int) for k in dists}
    for p in tables:
        awards[p.key] = {line.outcome: 0 for line in p.table.lines}
    played = 0
    for key in keys.tolist():
        g = key
        row_of: dict[str, int] = {}
        for p in reversed(tables):
            assert p.scaled is not None
            row_of[p.key] = key % len(p.scaled) - 1
            key //= len(p.scaled)
        m = 0 if key == 0 else multiples[key - 1]
        n = [int(v) for v in joint_counts[g]]
        hands = sum(n)
        if m == 0:  # a fold: the wagers that lose on a fold lose, the Play is not made
            for p in parts:
                dists[p.key].add(Fraction(-int(p.loses_on_fold)), hands)
            dists[play].add(Fraction(0), hands)
            game.add(Fraction(fold_value, D * n_dealer), hands)
            continue
        played += m * hands
        net = [Fraction(m * int(play_cells[j])) for j in range(len(CELLS))]
        for j in range(len(CELLS)):
            dists[play].add(net[j], n[j])
            if play_cells[j] > 0:
                awards[play][f"win {m}x" if len(multiples) > 1 else "win"] += n[j]
        for p in parts:
            r = row_of.get(p.key, -1)
            if r >= 0:
                assert p.scaled is not None
                awards[p.key][p.table.lines[r].outcome] += hands
            for j in range(len(CELLS)):
                v = (Fraction(int(p.scaled[r]), p.denominator) if r >= 0 and p.scaled is not None
                     else Fraction(int(p.cells[j])))
                dists[p.key].add(v, n[j])
                net[j] += v
                if p.rows is None and v > 0:
                    awards[p.key]["win"] += n[j]
        for j in range(len(CELLS)):
            game.add(net[j], n[j])
    names = {p.key: p.name for p in parts} | {play: play_w.name}
    wagered = {p.key: Fraction(1) for p in parts} | {play: Fraction(played, total)}
    wager_keys = {w.key for w in decl.wagers}
    order = [w.key for w in decl.wagers if w.key in dists] + [p.key for p in parts if p.key not in wager_keys]
    sheets: dict[str, WagerSheet] = {}
    for k in dict.fromkeys(order):
        sheets[k] = wager_sheet(decl, k, names[k], unit, dists[k], wagered[k], awards[k].items())
    game_wagered = sum((p.wagered for p in parts), 0) + Fraction(played, total)
    main_awards = [(f"{sheets[k].name}: {a}", c) for k in sheets for a, c in sheets[k].awards]
    title = " + ".join(sheets[k].name for k in sheets)
    game_sheet = wager_sheet(decl, "game", f"Main game ({title})", unit, game, Fraction(game_wagered), main_awards,
                        capped=True)
    main = tuple(sheets)
    for w in decl.wagers:  # the side bets
        if w.key in sheets or w.settles is Settles.AGAINST_DEALER:
            continue
        table = decl.pay_table(w.pay_table_key)
        rows = pay_rows_of(table, decl.table_system(table))
        if decl.hand(table.hand).cards == decl.hand(decl.main_hand).cards:  # on the player's own hand
            sheets[w.key] = side_bet_sheet(decl, w.key, rows[x], wts)
        else:  # on the player's and the dealer's cards: every six-card set, by value
            six = np.asarray(counts["six"], np.int64)
            sheets[w.key] = side_bet_sheet(decl, w.key, rows[1:], six[1:])
    return ParSheet(decl.key, decl.title, game_sheet, sheets, main, decision, wts)


def _one_decision_counts(decl: BankedGame) -> tuple[Mapping[str, np.ndarray], int, dict[str, np.ndarray]]:
    """The counts of a game decided once (its counting method's, from the disk cache), the
    dealer hands per player hand, and the joint cells, kept in memory."""
    from ..banked.crazy4 import DEALER_HANDS as C4_DEALER
    from ..banked.crazy4 import crazy4_counts
    from ..banked.three_card import DEALER_HANDS as TC_DEALER
    from ..banked.three_card import three_card_counts

    counter, n_dealer = {Counting.FOUR_OF_FIVE_AGAINST_DEALER: (crazy4_counts, C4_DEALER),
                         Counting.THREE_AGAINST_DEALER: (three_card_counts, TC_DEALER)}[decl.counting]
    c = kept_in_memory(("counts", str(decl.counting), dealer_qualifying_value(decl)), lambda: dict(counter(decl)))
    base = kept_in_memory(("one-decision", str(decl.counting), dealer_qualifying_value(decl)),
                          lambda: _cells(c, n_dealer))
    return c, n_dealer, base


def decided_once_sheet(decl: BankedGame) -> ParSheet:
    """The par sheet of a game decided once (Crazy 4 Poker, Three Card Poker) under ``decl``'s pay
    tables.

    >>> from gamelib.games.banked import CRAZY4_POKER
    >>> decided_once_sheet(CRAZY4_POKER).game.total
    3986646103440
    """
    return _one_decision(decl, *_one_decision_counts(decl))


def decided_once_return(decl: BankedGame, key: str) -> Fraction:
    """The exact expected return of one main entry (``"game"``: the main game) of a game decided
    once, without the distributions (the designer's question).

    >>> from gamelib.games.banked import CRAZY4_POKER
    >>> decided_once_return(CRAZY4_POKER, "game") == decided_once_sheet(CRAZY4_POKER).game.expected_return
    True
    """
    return _one_decision_returns(decl, *_one_decision_counts(decl))[key]


def decided_once_return_for_pays(decl: BankedGame, table: str, key: str) -> Callable[[Mapping[str, Any]], Fraction]:
    """A function of new pays for ``table`` giving main entry ``key``'s exact expected return. Only
    the hands the table pays can change their decision when its pays change: the others are
    counted once, and each candidate re-derives the strategy of those hands alone.

    >>> from gamelib.games.banked import CRAZY4_POKER as C4
    >>> f = decided_once_return_for_pays(C4, "super_bonus", "super_bonus")
    >>> f({"flush": 2}) == decided_once_return(C4.with_pay_table("super_bonus", {"flush": 2}), "super_bonus")
    True
    """
    counts, n_dealer, base = _one_decision_counts(decl)
    x = np.asarray(counts["x"], np.intp)
    pay_table = decl.pay_table(table)
    hit = pay_rows_of(pay_table, decl.table_system(pay_table))[x] >= 0
    hands = int(np.asarray(counts["weights"], np.int64).sum()) * n_dealer
    subsets = []
    for part in (~hit, hit):
        sub = {k: np.asarray(counts[k])[part] for k in ("x", "weights", "lt", "le", "nq")}
        subsets.append((sub, _cells(sub, n_dealer)))
    fixed = _one_decision_returns(decl, subsets[0][0], n_dealer, subsets[0][1], hands)[key]
    sub, sub_base = subsets[1]
    return lambda pays: fixed + _one_decision_returns(decl.with_pay_table(table, pays), sub, n_dealer, sub_base,
                                                      hands)[key]


def main_keys(decl: BankedGame) -> set[str]:
    """The par-sheet entries of a game decided once that its strategy moves: the decision wager,
    the required wagers and those equal to the unit, and the bonuses paid on them.

    >>> from gamelib.games.banked import THREE_CARD_6BONUS
    >>> sorted(main_keys(THREE_CARD_6BONUS))
    ['ante', 'ante_bonus', 'play']
    """
    roles = wager_roles(decl)
    play, unit = decl.wager(roles.decision), roles.unit
    keys = {play.key}
    for w in decl.wagers:
        if w.required or w.key == unit or (w.equal_to == unit and not w.decision):
            keys.add(w.key)
            if w.bonus:
                keys.add(w.bonus)
    return keys

