"""The par sheet's figures, whatever the game: one wager's sheet (:class:`WagerSheet`: the
distribution of a hand's net result, and from it the expected return, house edge, element of
risk, hit frequency, standard deviation, each award's "1 in N" and the largest win within the
limits and caps), a whole game's (:class:`ParSheet`), and the pieces every counting method builds
them from: a distribution being counted, a sheet made from one, a side bet's sheet from its pay
rows, the largest win, the figures with the payout cap applied (:class:`CappedFigures`) and the
pay-table-independent counts kept in memory between sheets.

The sheets of the games decided once are counted in :mod:`gamelib.analysis.par_sheet.decided_once`, New
Hampshire Hold'em's in :mod:`gamelib.analysis.par_sheet.nh`; :mod:`gamelib.analysis.par_sheet` is the front door.

>>> s = WagerSheet("x", "X", "the X", ((Fraction(-1), 3), (Fraction(2), 1)), 4, Fraction(1), (("win", 1),), 20)
>>> s.house_edge, s.hit_frequency
(Fraction(1, 4), Fraction(1, 4))
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any

import numpy as np

from ...errors import GameError, shown
from ...games.banked import BankedGame, PayTable, pay_rows

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


# ---- the figures with the payout cap -------------------------------------------------------
@dataclass(frozen=True)
class CappedFigures:
    """A wager's return and spread with the payout cap applied (R21, B3), at one amount of the
    wager the cap is set by (``on``, the Ante: ``ante`` dollars, a cap of ``cap`` dollars).

    ``stake`` is the wager's amount in dollars: the Ante itself for the main game; for a side bet
    its largest amount, where the cap takes the most, the bet settled alone (no other winning
    wager of the hand shares the cap). ``uncapped_up_to``: the largest amount of the side bet
    the cap never touches (0: the cap can touch every amount; the main game: 0). The figures are
    per unit of the wager, exact.

    >>> c = CappedFigures("Ante", 2, 1000, 10, Fraction(-21, 100), Fraction(9), 0)
    >>> c.house_edge, c.standard_deviation, c.label
    (Fraction(21, 100), 3.0, 'with the $1,000 cap ($2 Ante)')
    """

    on: str
    ante: int
    cap: int
    stake: int
    expected_return: Fraction
    variance: Fraction
    uncapped_up_to: int

    @property
    def house_edge(self) -> Fraction:
        """The player's expected loss per unit with the cap applied."""
        return -self.expected_return

    @property
    def standard_deviation(self) -> float:
        """The standard deviation of a hand's net result with the cap applied, in units."""
        return math.sqrt(self.variance)

    @property
    def label(self) -> str:
        """The figure's name in the par sheet: which cap, at which amount of the Ante."""
        return f"with the ${self.cap:,} cap (${self.ante} {self.on})"


def capped_figures(decl: BankedGame, key: str, unit: str, items: tuple[tuple[Fraction, int], ...]
                   ) -> tuple[CappedFigures, ...]:
    """The figures of one par-sheet entry with the cap applied, one per amount of the wager the
    cap is set by (R21): for the main game (its unit is that wager) at each Ante; for a side bet
    at its largest amount, under each Ante's cap, where the cap can take some of its largest win.
    None for a game without a cap or a wager the cap never touches.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> items = ((Fraction(-1), 999), (Fraction(1000), 1))  # pays 1000 to 1 once in 1,000: edge -0.1%
    >>> [(c.ante, c.cap, c.stake, float(c.house_edge), c.uncapped_up_to)
    ...  for c in capped_figures(NH_HOLDEM, "six_card_bonus", "six_card_bonus", items)]
    [(2, 1000, 10, 0.899, 0), (4, 2000, 10, 0.799, 2), (5, 5000, 10, 0.499, 5), (10, 5000, 10, 0.499, 5)]
    """
    if not decl.caps or not items:
        return ()
    total = sum(c for _, c in items)
    largest = max(v for v, c in items if c)
    on = decl.wager(decl.cap_on)
    side = unit != decl.cap_on
    stake = max(_amounts(decl, key)) if side else 0
    out = []
    for ante in _amounts(decl, decl.cap_on):
        cap = decl.caps[ante]
        dollars = stake if side else ante
        if side and largest * dollars <= cap:
            continue  # the cap never touches this bet at this Ante
        vals = [(min(v * dollars, Fraction(cap)) / dollars, c) for v, c in items]
        mean = sum((v * c for v, c in vals), Fraction(0)) / total
        var = sum(((v - mean) ** 2 * c for v, c in vals), Fraction(0)) / total
        free = [a for a in _amounts(decl, key) if largest * a <= cap] if side else []
        out.append(CappedFigures(on.name, ante, cap, dollars, mean, var, max(free, default=0)))
    return tuple(out)


# ---- one wager's (or the main game's) par sheet ----------------------------------------------
@dataclass(frozen=True)
class WagerSheet:
    """The par sheet of one wager, or of the main game as a whole.

    ``distribution``: each distinct net result of a hand (in units of ``unit``, exact) and the
    number of combinations giving it, over ``total`` combinations. ``wagered``: the average
    amount wagered per hand in the same units. ``awards``: each award (a paid pay-table row, a
    win against the dealer) and its combinations. ``largest_win``: the largest win of one hand
    in dollars within the table limits and caps. ``capped``: the figures with the payout cap
    applied (:class:`CappedFigures`), where a cap can touch this wager; every other figure is
    before the cap.

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
    capped: tuple[CappedFigures, ...] = ()

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
        """The par sheet's single figures, as (figure, value in words) rows. Where a payout cap can
        touch the wager, the return, house edge, element of risk and standard deviation are
        labelled as before the cap, and the figures with the cap follow, one row per Ante.

        >>> from gamelib.games.banked import NH_HOLDEM
        >>> from gamelib.analysis.par_sheet import par_sheet_of
        >>> rows = dict(par_sheet_of(NH_HOLDEM).wager("six_card_bonus").figures())
        >>> rows["house edge"], rows["with the $5,000 cap ($5 Ante)"][:22]
        ('19.3555% before the cap', 'house edge 19.8172% on')
        """
        before = " before the cap" if self.capped else ""
        rows = [
            ("combinations counted", f"{self.total:,}"),
            ("expected return", f"{float(self.expected_return):+.6f} per unit of {self.unit}{before}"),
            ("house edge", f"{float(self.house_edge):.4%}{before}"),
            ("average amount wagered", f"{float(self.wagered):.6f} units of {self.unit}"),
            ("element of risk", f"{float(self.element_of_risk):.4%}{before}"),
            ("hit frequency", f"{float(self.hit_frequency):.4%}"),
            ("standard deviation", f"{self.standard_deviation:.6f} units of {self.unit}{before}"),
            ("largest win per hand", f"${self.largest_win:,}" + (", the cap" if self.capped else "")),
        ]
        for c in self.capped:
            if c.on == self.unit:  # the main game, at this Ante
                words = f"house edge {float(c.house_edge):.4%}, standard deviation {c.standard_deviation:.6f} units"
            else:  # a side bet at its largest amount, alone
                free = (f"; a bet of ${c.uncapped_up_to} or less is never capped" if c.uncapped_up_to
                        else "; a bet of any amount may be capped")
                words = (f"house edge {float(c.house_edge):.4%} on a ${c.stake} bet, standard deviation "
                         f"{c.standard_deviation:.6f} units{free}")
            rows.append((c.label, words))
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
            raise GameError(f"{self.title}'s par sheet has no wager {shown(key)}; "
                            f"it has: game, {', '.join(self.wagers)}")
        return self.wagers[key]

    @property
    def standard_deviation_apart(self) -> float:
        """The main game's standard deviation (units) if its wagers' variances were simply added,
        as though each were settled on cards of its own: far from the truth (``game``'s), since
        they are settled on the same cards."""
        return math.sqrt(sum((self.wager(k).variance for k in self.main_wagers), Fraction(0)))

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

    def capped_frame(self) -> pd.DataFrame:
        """The figures with the payout cap beside those before it: one row per wager the cap can
        touch and amount of the wager the cap is set by (empty for a game without a cap).

        >>> from gamelib.games.banked import NH_HOLDEM
        >>> from gamelib.analysis.par_sheet import par_sheet_of
        >>> f = par_sheet_of(NH_HOLDEM).capped_frame()
        >>> f[f["wager"] == "6 Card Bonus"]["house edge with the cap"].map("{:.4%}".format).tolist()
        ['21.0000%', '20.0943%', '19.8172%', '19.8172%']
        """
        rows = []
        for s in self.sheets().values():
            for c in s.capped:
                rows.append({"wager": s.name, c.on: c.ante, "cap ($)": c.cap, "bet ($)": c.stake,
                             "house edge before the cap": float(s.house_edge),
                             "house edge with the cap": float(c.house_edge),
                             "standard deviation before the cap": s.standard_deviation,
                             "standard deviation with the cap": c.standard_deviation})
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

    def changed_decisions(self, other: ParSheet) -> int:
        """How many hands (decision points for a game decided street by street, counted over the
        card sets they stand for) this sheet's strategy plays differently from ``other``'s."""
        differ = (self.decisions != other.decisions).reshape(len(self.decision_weights), -1).any(axis=1)
        return int(self.decision_weights[differ].sum())



# ---- what every game's sheet is made of -----------------------------------------------------
class NetDistribution:
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


def wager_sheet(decl: BankedGame, key: str, name: str, unit: str, dist: NetDistribution, wagered: Fraction,
           awards: Iterable[tuple[str, int]], capped: bool = False) -> WagerSheet:
    """A sheet from a counted distribution; ``capped``: the figures with the cap are worked out
    (the main game as a whole, and the side bets; not one street bet of the main game alone)."""
    items = dist.items()
    total = sum(c for _, c in items)
    largest = max((v for v, c in items if c), default=Fraction(0))
    unit_name = decl.wager(unit).name
    return WagerSheet(key, name, unit_name, items, total, Fraction(wagered), tuple((a, int(c)) for a, c in awards),
                      _largest_win(decl, unit, largest), capped_figures(decl, key, unit, items) if capped else ())


def side_bet_sheet(decl: BankedGame, key: str, rows: np.ndarray, weights: np.ndarray) -> WagerSheet:
    """A wager settled by its pay table alone (a side bet): ``rows`` is the pay row of each
    counted hand (-1: no row, the wager loses), ``weights`` how many hands each stands for."""
    table = decl.pay_table(decl.wager(key).pay_table_key)
    per_row = np.bincount(rows + 1, weights=weights, minlength=len(table.lines) + 1)
    counts = [int(round(c)) for c in per_row]
    dist = NetDistribution()
    dist.add(Fraction(-1), counts[0])
    awards = []
    for i, line in enumerate(table.lines):
        dist.add(line.pays, counts[i + 1])
        awards.append((line.outcome, counts[i + 1]))
    return wager_sheet(decl, key, decl.wager(key).name, key, dist, Fraction(1), awards, capped=True)



_BASE: dict[tuple[str, str, int], dict[str, np.ndarray]] = {}


def kept_in_memory(key: tuple[str, str, int], load: Callable[[], dict[str, np.ndarray]]) -> dict[str, np.ndarray]:
    """What does not depend on the pay tables, kept in memory after it is first read (at most
    a few entries: one per counting method and qualifier). ``key``: what is kept, the counting
    method and the dealer's qualifying value."""
    if key not in _BASE:
        if len(_BASE) >= 8:
            del _BASE[next(iter(_BASE))]
        _BASE[key] = load()
    return _BASE[key]



_SHAPES: dict[tuple[Any, ...], np.ndarray] = {}


def pay_rows_of(table: PayTable, system: str) -> np.ndarray:
    """``pay_rows`` of a table, kept by which hands its lines pay (not what they pay), so that a
    table differing only in its pays reuses them."""
    shape = (system,) + tuple((line.category, line.low, line.high) for line in table.lines)
    if shape not in _SHAPES:
        if len(_SHAPES) >= 64:
            del _SHAPES[next(iter(_SHAPES))]
        _SHAPES[shape] = pay_rows(table, system).astype(np.int64)
    return _SHAPES[shape]


def scaled_pays(pays: list[Fraction]) -> tuple[np.ndarray, int]:
    """Pays as integers over a common denominator, and that denominator; a row ``-1`` (the last
    entry) pays nothing."""
    d = lcm(*(p.denominator for p in pays)) if pays else 1
    return np.array([int(p * d) for p in pays] + [0], np.int64), d

