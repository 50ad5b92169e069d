"""The par sheet of a banked game: for every wager and for the main game as a whole, the exact
expected return and house edge, the element of risk and average amount wagered, the hit
frequency, the standard deviation, the full distribution of a hand's net result, how often each
award occurs ("1 in N") and the largest possible win per hand within the table limits and caps.

The counts come from the same enumerations as the outcome tables
(:func:`gamelib.analysis.banked.analyze`): the pay-table-independent counts of every hand class
against every dealer hand (or every way a New Hampshire Hold'em deal can run), read once from
the disk cache and then kept in memory. What is kept is **joint**: for each player hand class,
how many dealer hands fall in each cell (the dealer does not qualify and is below, ties or is
above the player; qualifies and is below, ties or is above). Every wager of the main game
settles on the same cell, so a hand's net result on Ante + Play + Ante Bonus (Three Card Poker)
or Ante + Super Bonus + Play (Crazy 4) is summed hand by hand before it is counted, and the main
game's standard deviation comes from that joint distribution (never from adding variances). In
New Hampshire Hold'em the Ante and the street bets are paid by one table, so a deal's net result
is the pay times the units wagered.

A pay-table change is then a small computation over the classes: the strategy is derived again
from the new pays where it depends on them (the Crazy 4 Super Bonus, the Three Card Poker Ante
Bonus, the New Hampshire Hold'em main table, re-optimised street by street over the deals
grouped by suit classes), and the counts are multiplied out. New Hampshire Hold'em's backward
induction is done here over the suit classes of the cards seen (16,432 classes of four cards
instead of 270,725 sets), with the analysis's own tie rule (R23, ``banked_nh._best``), and the
forward count keeps the three street bets apart, so each has its own sheet. The tests check
every figure against a fresh :func:`~gamelib.analysis.banked.analyze` and against hands dealt
and settled by the engine.

>>> from gamelib import get_game
>>> sheet = par_sheet(get_game("three-card-6bonus"))
>>> sheet.wager("pair_plus").total, f"{sheet.game.standard_deviation:.4f}", sheet.main_wagers
(22100, '1.6234', ('ante', 'play', 'ante_bonus'))
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, lcm
from typing import Any

import numpy as np
import pandas as pd

from ..combinatorics import colex_index, combinations_array
from ..errors import GameError, shown
from ..games.banked import BankedGame, dealer_qualifying_value, minimum_value, pay_rows
from ..games.vocabularies import Counting, NotQualified, OnFold, Settles
from .banked_common import CODE_MODULES, table_pays
from .banked_enum import canonical_keys
from .cache import cached_arrays

#: The columns of the joint counts of a player hand against the dealer, in order: the dealer
#: does not qualify (``nq``) and is below / ties / is above the player; the dealer qualifies
#: and is below / ties / is above.
CELLS = ("nq below", "nq tie", "nq above", "below", "tie", "above")


# ---- one wager's (or the main game's) par sheet ----------------------------------------------
@dataclass(frozen=True)
class WagerSheet:
    """The par sheet of one wager, or of the main game as a whole.

    ``distribution``: each distinct net result of a hand (in units of ``unit``, exact) and the
    number of combinations giving it, over ``total`` combinations. ``wagered``: the average
    amount wagered per hand in the same units. ``awards``: each award (a paid pay-table row, a
    win against the dealer) and its combinations. ``largest_win``: the largest win of one hand
    in dollars within the table limits and caps.

    >>> s = WagerSheet("x", "X", "the X", ((Fraction(-1), 3), (Fraction(2), 1)), 4, Fraction(1), (("win", 1),), 20)
    >>> s.expected_return, s.hit_frequency, s.variance, s.one_in("win")
    (Fraction(-1, 4), Fraction(1, 4), Fraction(27, 16), Fraction(4, 1))
    """

    key: str
    name: str
    unit: str
    distribution: tuple[tuple[Fraction, int], ...]
    total: int
    wagered: Fraction
    awards: tuple[tuple[str, int], ...]
    largest_win: int
    capped: tuple[tuple[int, int, Fraction, Fraction], ...] = ()

    @property
    def expected_return(self) -> Fraction:
        """The mean net result of a hand, in units (exact)."""
        return sum((v * c for v, c in self.distribution), Fraction(0)) / self.total

    @property
    def house_edge(self) -> Fraction:
        """The player's expected loss per unit (minus the expected return)."""
        return -self.expected_return

    @property
    def element_of_risk(self) -> Fraction:
        """The house edge divided by the average amount wagered."""
        return self.house_edge / self.wagered

    @property
    def hit_frequency(self) -> Fraction:
        """The share of hands whose net result is a win (more than zero)."""
        return Fraction(sum(c for v, c in self.distribution if v > 0), self.total)

    @property
    def variance(self) -> Fraction:
        """The exact variance of a hand's net result (units squared)."""
        mean = self.expected_return
        return sum(((v - mean) ** 2 * c for v, c in self.distribution), Fraction(0)) / self.total

    @property
    def standard_deviation(self) -> float:
        """The standard deviation of a hand's net result, in units."""
        return math.sqrt(self.variance)

    @property
    def largest_net(self) -> Fraction:
        """The largest net result of a hand, in units."""
        return max(v for v, c in self.distribution if c)

    def one_in(self, award: str) -> Fraction:
        """How many hands per occurrence of ``award`` (its "1 in N")."""
        for name, c in self.awards:
            if name == award:
                if not c:
                    raise GameError(f"{shown(award)} never occurs under this pay table")
                return Fraction(self.total, c)
        raise GameError(f"the {self.name} has no award {shown(award)}; awards: {', '.join(a for a, _ in self.awards)}")

    def distribution_frame(self) -> pd.DataFrame:
        """The distribution of a hand's net result: net, combinations, probability, best first.

        >>> s = WagerSheet("x", "X", "the X", ((Fraction(-1), 3), (Fraction(2), 1)), 4, Fraction(1), (), 20)
        >>> s.distribution_frame()["combinations"].tolist()
        [1, 3]
        """
        rows = sorted(self.distribution, key=lambda r: -r[0])
        return pd.DataFrame({
            "net result": pd.Series([_units_text(v) for v, _ in rows], dtype=object),
            "combinations": pd.Series([int(c) for _, c in rows], dtype=object),
            "probability": [c / self.total for _, c in rows],
        })

    def awards_frame(self) -> pd.DataFrame:
        """Each award, its combinations, its probability and its "1 in N"."""
        return pd.DataFrame({
            "award": [a for a, _ in self.awards],
            "combinations": pd.Series([int(c) for _, c in self.awards], dtype=object),
            "probability": [c / self.total for _, c in self.awards],
            "1 in": [self.total / c if c else float("inf") for _, c in self.awards],
        })

    def figures(self) -> list[tuple[str, str]]:
        """The par sheet's single figures, as (figure, value in words) rows."""
        rows = [
            ("combinations counted", f"{self.total:,}"),
            ("expected return", f"{float(self.expected_return):+.6f} per unit of {self.unit}"),
            ("house edge", f"{float(self.house_edge):.4%}"),
            ("average amount wagered", f"{float(self.wagered):.6f} units of {self.unit}"),
            ("element of risk", f"{float(self.element_of_risk):.4%}"),
            ("hit frequency", f"{float(self.hit_frequency):.4%}"),
            ("standard deviation", f"{self.standard_deviation:.6f} units of {self.unit}"),
            ("largest win per hand", f"${self.largest_win:,}"),
        ]
        for amount, cap, ret, var in self.capped:
            rows.append((f"with the ${cap:,} cap, ${amount} {self.unit}",
                         f"house edge {float(-ret):.4%}, standard deviation {math.sqrt(var):.6f} units"))
        return rows


def _units_text(v: Fraction) -> str:
    """A net result in units: ``+3``, ``-1``, ``+1.5``, ``0``."""
    if v == 0:
        return "0"
    text = str(int(v)) if v.denominator == 1 else f"{float(v):g}"
    return ("+" if v > 0 else "") + text


# ---- a whole game's par sheet ---------------------------------------------------------------
@dataclass(frozen=True)
class ParSheet:
    """The par sheet of one banked game under one set of pay tables: the main game as a whole
    (``game``) and every wager (``wagers``, keyed as the outcome tables of the analysis), with
    the strategy's decisions (``decisions``, for comparing two pay tables)."""

    key: str
    title: str
    game: WagerSheet
    wagers: dict[str, WagerSheet]
    main_wagers: tuple[str, ...]
    decisions: np.ndarray = field(repr=False, compare=False)
    decision_weights: np.ndarray = field(repr=False, compare=False)

    def wager(self, key: str) -> WagerSheet:
        """The sheet of one wager (``"game"``: the main game as a whole)."""
        if key == "game":
            return self.game
        if key not in self.wagers:
            raise GameError(f"{self.title}'s par sheet has no wager {shown(key)}; it has: game, {', '.join(self.wagers)}")
        return self.wagers[key]

    def sheets(self) -> dict[str, WagerSheet]:
        """The main game first, then every other wager (a wager that is the main game, New
        Hampshire Hold'em's ``main``, once)."""
        return {"game": self.game, **{k: s for k, s in self.wagers.items() if s is not self.game}}

    def summary_frame(self) -> pd.DataFrame:
        """One row per wager (the main game first): return, house edge, average wagered, element of
        risk, hit frequency, standard deviation and the largest win, as numbers."""
        rows = []
        for s in self.sheets().values():
            rows.append({"wager": s.name, "expected return": float(s.expected_return),
                         "house edge": float(s.house_edge), "average wagered": float(s.wagered),
                         "element of risk": float(s.element_of_risk), "hit frequency": float(s.hit_frequency),
                         "standard deviation": s.standard_deviation, "largest win ($)": s.largest_win})
        return pd.DataFrame(rows)

    def text(self) -> str:
        """The whole par sheet as plain text (what ``python -m gamelib analyze`` prints)."""
        out = [f"== {self.title}: par sheet =="]
        for s in self.sheets().values():
            out.append(f"\n-- {s.name} (per unit of {s.unit}; {s.total:,} combinations) --")
            out += [f"{k}: {v}" for k, v in s.figures()]
            d = s.distribution_frame()
            d["combinations"] = [f"{c:,}" for c in d["combinations"]]
            d["probability"] = [f"{p:.8f}" for p in d["probability"]]
            out.append("distribution of a hand's net result:")
            out.append(d.to_string(index=False))
            if s.awards:
                a = s.awards_frame()
                a["combinations"] = [f"{c:,}" for c in a["combinations"]]
                a["probability"] = [f"{p:.8f}" for p in a["probability"]]
                a["1 in"] = [f"{n:,.1f}" for n in a["1 in"]]
                out.append("awards:")
                out.append(a.to_string(index=False))
        return "\n".join(out)

    def changed_decisions(self, other: "ParSheet") -> int:
        """How many hands (decision points for a game decided street by street, counted over the
        card sets they stand for) this sheet's strategy plays differently from ``other``'s."""
        differ = (self.decisions != other.decisions).reshape(len(self.decision_weights), -1).any(axis=1)
        return int(self.decision_weights[differ].sum())


def par_sheet(game: Any) -> ParSheet:
    """The exact par sheet of a banked game object (:func:`gamelib.get_game`, or a game with another
    pay table from ``with_pay_table``): the counting method its declaration names, under its
    pay tables, qualifier, limits and caps.

    >>> from gamelib import get_game
    >>> s = par_sheet(get_game("crazy4"))
    >>> s.game.total, round(float(s.game.house_edge), 6)
    (3986646103440, 0.034189)
    """
    decl: BankedGame = game.declaration
    return par_sheet_of(decl)


def par_sheet_of(decl: BankedGame) -> ParSheet:
    """:func:`par_sheet` of a declaration.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> par_sheet_of(NH_HOLDEM).game.total
    155937600
    """
    builder = _BUILDERS.get(decl.counting)
    if builder is None:  # pragma: no cover - every counting method has a builder (tests check it)
        raise GameError(f"no par sheet is written for the counting {str(decl.counting)!r}")
    return builder(decl)


# ---- what every game's sheet is made of -----------------------------------------------------
class _Dist:
    """A distribution being counted: net result -> combinations (exact ints)."""

    def __init__(self) -> None:
        self.counts: dict[Fraction, int] = defaultdict(int)

    def add(self, net: Fraction, count: int) -> None:
        if count:
            self.counts[Fraction(net)] += int(count)

    def items(self) -> tuple[tuple[Fraction, int], ...]:
        return tuple(sorted(self.counts.items()))


def _amounts(decl: BankedGame, key: str) -> tuple[int, ...]:
    """The dollar amounts a wager may be (its allowed amounts, or its minimum to maximum)."""
    w = decl.wager(key)
    if w.allowed:
        return tuple(w.allowed)
    if w.equal_to is not None:
        return _amounts(decl, w.equal_to)
    return tuple(range(w.minimum or 0, (w.maximum or 0) + 1))


def _largest_win(decl: BankedGame, unit: str, largest_net: Fraction) -> int:
    """The largest win of one hand in dollars: the largest net result at each amount of the unit
    wager, a part dollar not paid (B1), limited by the cap (R21, B3) where there is one."""
    if largest_net <= 0:
        return 0
    best = 0
    for amount in _amounts(decl, unit):
        won = math.floor(largest_net * amount)
        if decl.caps:
            cap = decl.caps[amount] if unit == decl.cap_on else max(decl.caps.values())
            won = min(won, cap)
        best = max(best, won)
    return best


def _sheet(decl: BankedGame, key: str, name: str, unit: str, dist: _Dist, wagered: Fraction,
           awards: Iterable[tuple[str, int]], capped: bool = False) -> WagerSheet:
    items = dist.items()
    total = sum(c for _, c in items)
    largest = max((v for v, c in items if c), default=Fraction(0))
    caps: list[tuple[int, int, Fraction, Fraction]] = []
    if capped and decl.caps and unit == decl.cap_on:
        for amount in _amounts(decl, unit):
            cap = decl.caps[amount]
            vals = [(min(v * amount, Fraction(cap)) / amount, c) for v, c in items]
            mean = sum((v * c for v, c in vals), Fraction(0)) / total
            var = sum(((v - mean) ** 2 * c for v, c in vals), Fraction(0)) / total
            caps.append((amount, cap, mean, var))
    unit_name = decl.wager(unit).name
    return WagerSheet(key, name, unit_name, items, total, Fraction(wagered), tuple((a, int(c)) for a, c in awards),
                      _largest_win(decl, unit, largest), tuple(caps))


def _side_sheet(decl: BankedGame, key: str, rows: np.ndarray, weights: np.ndarray) -> WagerSheet:
    """A wager settled by its pay table alone (a side bet): ``rows`` is the pay row of each
    counted hand (-1: no row, the wager loses), ``weights`` how many hands each stands for."""
    table = decl.pay_table(decl.wager(key).pay_table_key)
    per_row = np.bincount(rows + 1, weights=weights, minlength=len(table.lines) + 1)
    counts = [int(round(c)) for c in per_row]
    dist = _Dist()
    dist.add(Fraction(-1), counts[0])
    awards = []
    for i, line in enumerate(table.lines):
        dist.add(line.pays, counts[i + 1])
        awards.append((line.outcome, counts[i + 1]))
    return _sheet(decl, key, decl.wager(key).name, key, dist, Fraction(1), awards)


def _not_qualified(decl: BankedGame, key: str) -> int:
    """A wager's result (units) when the dealer does not qualify: +1 if it wins, 0 if it pushes."""
    return 1 if decl.wager(key).if_not_qualified is NotQualified.WINS else 0


def _against_dealer(decl: BankedGame, key: str) -> np.ndarray:
    """The result (units) of a wager settled against the dealer, in each of the ``CELLS``."""
    nq = _not_qualified(decl, key)
    return np.array([nq, nq, nq, 1, 0, -1], np.int64)


_BASE: dict[tuple[Any, ...], dict[str, np.ndarray]] = {}


def _kept(key: tuple[Any, ...], load: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """What does not depend on the pay tables, kept in memory after it is first read (at most
    a few entries: one per counting method and qualifier)."""
    if key not in _BASE:
        if len(_BASE) >= 8:
            del _BASE[next(iter(_BASE))]
        _BASE[key] = load()
    return _BASE[key]


def _cells(c: Mapping[str, np.ndarray], n_dealer: int) -> dict[str, np.ndarray]:
    """The joint counts of each player class against the dealer, one column per ``CELLS``
    (``cells``), and the same times the class's weight (``weighted``, as floats for bincount:
    exact, the counts are far below 2**53)."""
    lt, le, nq = (np.asarray(c[k], np.int64) for k in ("lt", "le", "nq"))
    a = np.minimum(lt, nq)
    b = np.minimum(le, nq) - a
    cc = nq - np.minimum(le, nq)
    qb, qt = lt - a, le - lt - b
    qa = n_dealer - le - cc
    cells = np.stack([a, b, cc, qb, qt, qa], axis=1)
    return {"cells": cells, "weighted": (cells * np.asarray(c["weights"], np.int64)[:, None]).astype(np.float64)}


_SHAPES: dict[tuple[Any, ...], np.ndarray] = {}


def _rows(table: Any, system: str) -> np.ndarray:
    """``pay_rows`` of a table, kept by which hands its lines pay (not what they pay), so that a
    table differing only in its pays reuses them."""
    shape = (system,) + tuple((line.category, line.low, line.high) for line in table.lines)
    if shape not in _SHAPES:
        if len(_SHAPES) >= 64:
            del _SHAPES[next(iter(_SHAPES))]
        _SHAPES[shape] = pay_rows(table, system).astype(np.int64)
    return _SHAPES[shape]


def _scaled(pays: list[Fraction]) -> tuple[np.ndarray, int]:
    """Pays as integers over a common denominator, and that denominator; a row ``-1`` (the last
    entry) pays nothing."""
    d = lcm(*(p.denominator for p in pays)) if pays else 1
    return np.array([int(p * d) for p in pays] + [0], np.int64), d


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
    scaled, d = _scaled(table_pays(table))
    rows = _rows(table, decl.table_system(table))[x]
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
    play = decl.decisions[0].wager
    play_w = decl.wager(play)
    multiples = play_w.multiples
    unit = play_w.equal_to or decl.cap_on
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
    choice = np.argmax(ev, axis=1)  # the first best: fold, then the smaller multiple (R23)
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
    for p, v in zip(d.parts, d.values):
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
    cells, weighted = base["cells"], base["weighted"]
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

    dists = {k: _Dist() for k in [play] + [p.key for p in parts]}
    game = _Dist()
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
                v = Fraction(int(p.scaled[r]), p.denominator) if r >= 0 and p.scaled is not None else Fraction(int(p.cells[j]))
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
        sheets[k] = _sheet(decl, k, names[k], unit, dists[k], wagered[k], awards[k].items())
    game_wagered = sum((p.wagered for p in parts), 0) + Fraction(played, total)
    main_awards = [(f"{sheets[k].name}: {a}", c) for k in sheets for a, c in sheets[k].awards]
    title = " + ".join(sheets[k].name for k in sheets)
    game_sheet = _sheet(decl, "game", f"Main game ({title})", unit, game, Fraction(game_wagered), main_awards,
                        capped=True)
    main = tuple(sheets)
    for w in decl.wagers:  # the side bets
        if w.key in sheets or w.settles is Settles.AGAINST_DEALER:
            continue
        table = decl.pay_table(w.pay_table_key)
        rows = _rows(table, decl.table_system(table))
        if decl.hand(table.hand).cards == decl.hand(decl.main_hand).cards:  # on the player's own hand
            sheets[w.key] = _side_sheet(decl, w.key, rows[x], wts)
        else:  # on the player's and the dealer's cards: every six-card set, by value
            six = np.asarray(counts["six"], np.int64)
            sheets[w.key] = _side_sheet(decl, w.key, rows[1:], six[1:])
    return ParSheet(decl.key, decl.title, game_sheet, sheets, main, decision, wts)


def _one_decision_counts(decl: BankedGame) -> tuple[Mapping[str, np.ndarray], int, dict[str, np.ndarray]]:
    """The counts of a game decided once (its counting method's, from the disk cache), the
    dealer hands per player hand, and the joint cells, kept in memory."""
    from .banked_crazy4 import DEALER_HANDS as C4_DEALER, crazy4_counts
    from .banked_three_card import DEALER_HANDS as TC_DEALER, three_card_counts

    counter, n_dealer = {Counting.FOUR_OF_FIVE_AGAINST_DEALER: (crazy4_counts, C4_DEALER),
                         Counting.THREE_AGAINST_DEALER: (three_card_counts, TC_DEALER)}[decl.counting]
    c = _kept(("counts", str(decl.counting), dealer_qualifying_value(decl)), lambda: dict(counter(decl)))
    base = _kept(("one-decision", str(decl.counting), dealer_qualifying_value(decl)), lambda: _cells(c, n_dealer))
    return c, n_dealer, base


def _decided_once(decl: BankedGame) -> ParSheet:
    return _one_decision(decl, *_one_decision_counts(decl))


def _decided_once_return(decl: BankedGame, key: str) -> Fraction:
    return _one_decision_returns(decl, *_one_decision_counts(decl))[key]


# ---- New Hampshire Hold'em: the street bets, re-optimised over suit classes --------------------
def nh_classes() -> dict[str, np.ndarray]:
    """The deals of New Hampshire Hold'em grouped by suit classes (cached on disk): the classes
    of the 2-, 3- and 4-card sets seen before each decision (``inv2``/``inv3``/``inv4``: the class
    of each set in colex order; ``w2``: hole pairs per class), the class reached by each unseen
    next card from a representative (``next2``: 169 x 50, ``next3``: 1,755 x 49), and for each
    4-card class how many of the 48 river cards make each pay key (``river``); and, for the side
    bets, the three-card value of every board (``v3``) and the six-card sets by value (``six``).

    Every set of a class has the same future up to a renaming of suits, so the strategy, its
    values and the counts of ordered deals are the same for all of them.
    """
    from .banked_nh import nh_tables

    def compute() -> dict[str, np.ndarray]:
        out: dict[str, np.ndarray] = {}
        reps: dict[int, np.ndarray] = {}
        for n in (2, 3, 4):
            sets = combinations_array(52, n)
            _, first, inverse, counts = np.unique(canonical_keys(sets), return_index=True, return_inverse=True,
                                                  return_counts=True)
            out[f"inv{n}"] = inverse.astype(np.int32)
            reps[n] = sets[first]
            if n == 2:
                out["w2"] = counts.astype(np.int64)
        for n in (2, 3):
            rep = reps[n]
            nxt = np.full((len(rep), 52 - n), -1, np.int32)
            for i, cards in enumerate(rep):
                unseen = np.setdiff1d(np.arange(52), cards)
                bigger = np.sort(np.concatenate([np.repeat(cards[None, :], len(unseen), 0), unseen[:, None]], 1), 1)
                nxt[i] = out[f"inv{n + 1}"][colex_index(bigger)]
            out[f"next{n}"] = nxt
        tables = nh_tables()
        out["river"] = np.asarray(tables["r4f"])[colex_index(reps[4])].astype(np.int8)
        out["v3"], out["six"] = np.asarray(tables["v3"]), np.asarray(tables["six"])
        return out

    return cached_arrays("nh-par-classes", {"game": "nh-holdem"}, compute, CODE_MODULES + (__name__,))


@dataclass
class _NHPlay:
    """The re-optimised New Hampshire Hold'em strategy over suit classes (0 fold, else the
    multiple) and the exact values, with the scale of the flop values."""

    flop: np.ndarray
    turn: np.ndarray
    river: np.ndarray
    values: np.ndarray
    scale: int
    row_of_key: np.ndarray
    pays: list[Fraction]


def _nh_play(decl: BankedGame, base: Mapping[str, np.ndarray]) -> _NHPlay:
    """Backward induction over the classes: the best of folding and each street bet at the river,
    turn and flop decisions, every amount already wagered at once (exactly equal choices: the
    one that risks less, R23, by the analysis's own rule)."""
    from .banked_nh import _best
    from .banked_nh_strategy import BETS, W3, W4

    main = decl.pay_table(decl.wager(decl.decisions[0].wager).pay_table_key)
    pays = table_pays(main)
    scaled, D = _scaled(pays)
    scaled[-1] = -D  # no row: the main wagers lose
    row_of_key, by_row = _nh_rows(main, base)
    s4 = by_row @ scaled  # over the 48 river cards, pay x D
    w4 = np.array(W4, np.int64)
    v4, a4, _ = _best([np.broadcast_to(-w4[None, :] * 48 * D, (len(s4), len(W4)))] + [s4[:, None] * (w4[None, :] + b) for b in BETS])
    after4 = v4[base["next3"]].sum(axis=1)  # per 3-card class and W4: the sum over the 49 turn cards
    w3 = np.array(W3, np.int64)
    v3, a3, _ = _best([np.broadcast_to(-w3[None, :] * 49 * 48 * D, (len(after4), len(W3)))]
                      + [after4[:, [W4.index(w + b) for w in W3]] for b in BETS])
    after3 = v3[base["next2"]].sum(axis=1)
    v2, a2, _ = _best([np.full(len(after3), -50 * 49 * 48 * D, np.int64)]
                      + [after3[:, W3.index(1 + b)] for b in BETS])
    return _NHPlay(a2.astype(np.int8), a3.astype(np.int8), a4.astype(np.int8), v2, 50 * 49 * 48 * D, row_of_key,
                   pays)


_ROWS: dict[Any, tuple[np.ndarray, np.ndarray]] = {}


def _nh_rows(table: Any, base: Mapping[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """The pay row of every pay key of a table (-1: none), and for each 4-card class how many
    of the 48 river cards land on each row (the last column: none). They depend on which hands
    each row pays, not on its pays, so they are kept for the last few tables' rows."""
    from .banked_nh import _key_rows

    shape = tuple((line.category, line.low, line.high) for line in table.lines)
    if shape not in _ROWS:
        if len(_ROWS) >= 16:
            del _ROWS[next(iter(_ROWS))]
        rows = _key_rows(table)
        onehot = np.zeros((len(rows), len(table.lines) + 1), np.float64)
        onehot[np.arange(len(rows)), rows % (len(table.lines) + 1)] = 1
        # integer products: exact, and no BLAS threads (which stall when the cores are busy)
        _ROWS[shape] = rows, np.rint(base["river_f"] @ onehot).astype(np.int64)
    return _ROWS[shape]


def _nh_base() -> dict[str, np.ndarray]:
    """:func:`nh_classes`, kept in memory with the river counts as floats for the products."""
    return _kept(("nh-classes",), lambda: {**nh_classes(), "river_f": nh_classes()["river"].astype(np.float64)})


def return_for_pays(decl: BankedGame, table: str, key: str) -> Callable[[Mapping[str, Any]], Fraction]:
    """A function of new pays for ``table`` giving entry ``key``'s exact expected return (what the
    designer asks of each candidate table). In a game decided once, only the hands the table
    pays can change their decision when its pays change: the others are counted once, and each
    candidate re-derives the strategy of those hands alone.

    >>> from gamelib.games.banked import CRAZY4_POKER as C4
    >>> f = return_for_pays(C4, "super_bonus", "super_bonus")
    >>> f({"flush": 2}) == expected_return_of(C4.with_pay_table("super_bonus", {"flush": 2}), "super_bonus")
    True
    """
    if decl.counting not in _ONE_DECISION or not (key == "game" or key in _main_keys(decl)):
        return lambda pays: expected_return_of(decl.with_pay_table(table, pays), key)
    counts, n_dealer, base = _one_decision_counts(decl)
    x = np.asarray(counts["x"], np.intp)
    pay_table = decl.pay_table(table)
    hit = _rows(pay_table, decl.table_system(pay_table))[x] >= 0
    hands = int(np.asarray(counts["weights"], np.int64).sum()) * n_dealer
    subsets = []
    for part in (~hit, hit):
        sub = {k: np.asarray(counts[k])[part] for k in ("x", "weights", "lt", "le", "nq")}
        subsets.append((sub, _cells(sub, n_dealer)))
    fixed = _one_decision_returns(decl, subsets[0][0], n_dealer, subsets[0][1], hands)[key]
    sub, sub_base = subsets[1]
    return lambda pays: fixed + _one_decision_returns(decl.with_pay_table(table, pays), sub, n_dealer, sub_base,
                                                      hands)[key]


def expected_return_of(decl: BankedGame, key: str) -> Fraction:
    """The exact expected return of one par-sheet entry (``"game"``: the main game) under
    ``decl``'s pay tables, by the quickest exact way: New Hampshire Hold'em's main game by
    backward induction alone (:func:`nh_expected_return`), any other from the whole par sheet.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> expected_return_of(NH_HOLDEM, "main") == par_sheet_of(NH_HOLDEM).wager("main").expected_return
    True
    """
    quick = _QUICK.get(decl.counting)
    if quick is not None:
        keys, fn = quick
        if (key in keys) if keys is not None else (key == "game" or key in _main_keys(decl)):
            return fn(decl, key)
    return par_sheet_of(decl).wager(key).expected_return


def _main_keys(decl: BankedGame) -> set[str]:
    """The par-sheet entries of a game decided once that its strategy moves: the decision wager,
    the required wagers and those equal to the unit, and the bonuses paid on them."""
    play = decl.wager(decl.decisions[0].wager)
    unit = play.equal_to or decl.cap_on
    keys = {play.key}
    for w in decl.wagers:
        if w.required or w.key == unit or (w.equal_to == unit and not w.decision):
            keys.add(w.key)
            if w.bonus:
                keys.add(w.bonus)
    return keys


def nh_expected_return(decl: BankedGame) -> Fraction:
    """The main game's exact expected return per unit ante with the strategy re-optimised for
    ``decl``'s main pay table (what the pay-table designer asks for each candidate).

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> nh_expected_return(NH_HOLDEM) == par_sheet_of(NH_HOLDEM).game.expected_return
    True
    """
    from .banked_nh_strategy import BETS, W3, W4

    base = _nh_base()
    main = decl.pay_table(decl.wager(decl.decisions[0].wager).pay_table_key)
    scaled, D = _scaled(table_pays(main))
    scaled[-1] = -D
    _, by_row = _nh_rows(main, base)
    s4 = by_row @ scaled
    # the values alone (which of two equal choices is taken, R23, moves no value): before the
    # river a bet's value is a straight line in its size, so the best bet is the smallest or largest
    w4 = np.array(W4, np.int64)[None, :]
    v4 = np.maximum(-w4 * 48 * D, np.maximum(s4[:, None] * (w4 + min(BETS)), s4[:, None] * (w4 + max(BETS))))
    after4 = v4[base["next3"]].sum(axis=1)
    v3 = np.full((len(after4), len(W3)), 0, np.int64)
    for j, w in enumerate(W3):
        v3[:, j] = np.max([after4[:, W4.index(w + b)] for b in BETS], axis=0).clip(min=-w * 49 * 48 * D)
    after3 = v3[base["next2"]].sum(axis=1)
    v2 = np.max([after3[:, W3.index(1 + b)] for b in BETS], axis=0).clip(min=-50 * 49 * 48 * D)
    return Fraction(int((base["w2"] * v2).sum()), 50 * 49 * 48 * D * int(base["w2"].sum()))


def _nh(decl: BankedGame) -> ParSheet:
    from .banked_nh_strategy import BETS, ORDERED_DEALS, W3, W4

    base = _nh_base()
    play = _nh_play(decl, base)
    w2, nxt2, nxt3 = base["w2"], base["next2"], base["next3"]
    n3, n4 = len(nxt3), len(base["river"])
    # forward: ordered deals reaching each class with the bets made so far (one per street)
    streets = [d.wager for d in decl.decisions]
    folds: dict[tuple[int, ...], int] = {(): int(w2[play.flop == 0].sum()) * 50 * 49 * 48}
    paths3: list[tuple[int, ...]] = [(b,) for b in BETS]
    reach3 = np.zeros((n3, len(paths3)), np.float64)
    for i, path in enumerate(paths3):
        weights = np.repeat(np.where(play.flop == path[0], w2, 0).astype(np.float64), nxt2.shape[1])
        reach3[:, i] = np.bincount(nxt2.ravel(), weights=weights, minlength=n3)
    paths4: list[tuple[int, ...]] = [path + (b,) for path in paths3 for b in BETS]
    reach4 = np.zeros((n4, len(paths4)), np.float64)
    for i, path in enumerate(paths3):
        j = W3.index(1 + sum(path))
        folds[path] = int(round(reach3[play.turn[:, j] == 0, i].sum())) * 49 * 48
        for b in BETS:
            weights = np.repeat(np.where(play.turn[:, j] == b, reach3[:, i], 0), nxt3.shape[1])
            reach4[:, paths4.index(path + (b,))] = np.bincount(nxt3.ravel(), weights=weights, minlength=n4)
    paths5: list[tuple[int, ...]] = [path + (b,) for path in paths4 for b in BETS]
    reach5 = np.zeros((n4, len(paths5)), np.float64)
    for i, path in enumerate(paths4):
        j = W4.index(1 + sum(path))
        folds[path] = int(round(reach4[play.river[:, j] == 0, i].sum())) * 48
        for b in BETS:
            reach5[:, paths5.index(path + (b,))] = np.where(play.river[:, j] == b, reach4[:, i], 0)
    main = decl.pay_table(decl.wager(decl.decisions[0].wager).pay_table_key)
    _, by_row = _nh_rows(main, base)
    final = by_row.T @ np.rint(reach5).astype(np.int64)  # [pay row, the three bets made]

    # each deal's result on every main wager, and on all of them together
    unit = decl.wager(decl.decisions[0].wager).equal_to or decl.cap_on
    keys = [unit] + streets
    game = _Dist()
    dists = {k: _Dist() for k in keys}
    made = dict.fromkeys(keys, 0)
    fold_awards: dict[str, int] = {}
    per_line: dict[str, dict[str, int]] = {k: {line.outcome: 0 for line in main.lines} for k in keys}
    for path, count in folds.items():
        bets = (1,) + path
        for k, b in zip(keys, bets):
            dists[k].add(Fraction(-b), count)
            made[k] += b * count
        for k in keys[len(bets):]:
            dists[k].add(Fraction(0), count)
        game.add(Fraction(-sum(bets)), count)
        words = f"fold before the {streets[len(path)]} card"
        fold_awards[words] = fold_awards.get(words, 0) + count
    all_pays = play.pays + [Fraction(-1)]
    for r, pays in enumerate(all_pays):
        for i, path in enumerate(paths5):
            count = int(final[r, i])
            bets = (1,) + path
            for k, b in zip(keys, bets):
                dists[k].add(pays * b, count)
                made[k] += b * count
                if r < len(main.lines):
                    per_line[k][main.lines[r].outcome] += count
            game.add(pays * sum(bets), count)
    total = sum(c for _, c in game.items())
    if total != ORDERED_DEALS:  # pragma: no cover - a broken cache entry
        raise GameError(f"NH Hold'em par sheet counted {total:,} deals, not {ORDERED_DEALS:,}")
    awards = dict(per_line[unit])
    names = " + ".join(decl.wager(k).name for k in keys)
    game_sheet = _sheet(decl, "main", f"Main game ({names})", unit, game, Fraction(sum(made.values()), total),
                        (awards | fold_awards).items(), capped=True)
    sheets: dict[str, WagerSheet] = {"main": game_sheet}
    for k in keys:
        sheets[k] = _sheet(decl, k, decl.wager(k).name, unit, dists[k], Fraction(made[k], total), per_line[k].items())
    t = base
    for side in decl.wagers:
        if side.key in sheets:
            continue
        table = decl.pay_table(side.pay_table_key)
        rows = _rows(table, decl.table_system(table))
        if decl.hand(table.hand).cards == ("community",):  # the three community cards alone
            sheets[side.key] = _side_sheet(decl, side.key, rows[np.asarray(t["v3"], np.intp)],
                                           np.ones(comb(52, 3), np.int64))
        else:  # the hole cards and the bonus cards: every six-card set, by value
            six = np.asarray(t["six"], np.int64)
            sheets[side.key] = _side_sheet(decl, side.key, rows[1:], six[1:])
    weights = np.concatenate([w2, np.bincount(base["inv3"]), np.bincount(base["inv4"])])
    decisions = np.concatenate([
        np.repeat(play.flop[:, None], len(W4), 1), np.pad(play.turn, ((0, 0), (0, len(W4) - len(W3)))), play.river])
    return ParSheet(decl.key, decl.title, game_sheet, sheets, tuple(keys), decisions, weights)


_BUILDERS: dict[Counting, Callable[[BankedGame], ParSheet]] = {
    Counting.FOUR_OF_FIVE_AGAINST_DEALER: _decided_once,
    Counting.THREE_AGAINST_DEALER: _decided_once,
    Counting.STREETS_AGAINST_PAY_TABLE: _nh,
}

_ONE_DECISION = (Counting.FOUR_OF_FIVE_AGAINST_DEALER, Counting.THREE_AGAINST_DEALER)

#: How a counting method gives one entry's expected return without the whole sheet, where it can
#: (a function of the declaration and the entry, and the entries it answers; None: every main one).
_QUICK: dict[Counting, tuple[tuple[str, ...] | None, Callable[[BankedGame, str], Fraction]]] = {
    Counting.STREETS_AGAINST_PAY_TABLE: (("game", "main"), lambda decl, key: nh_expected_return(decl)),
    Counting.FOUR_OF_FIVE_AGAINST_DEALER: (None, _decided_once_return),
    Counting.THREE_AGAINST_DEALER: (None, _decided_once_return),
}
