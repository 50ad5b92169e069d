"""What the banked games' analyses share: outcome tables, the analysis result, progress lines,
the pay-table multipliers and the code modules that name their disk-cache entries.

The driver, ``analyze(game)``, is :mod:`gamelib.analysis.banked`; the game modules
(:mod:`gamelib.analysis.banked.crazy4`, :mod:`gamelib.analysis.banked.three_card`,
:mod:`gamelib.analysis.banked.nh`) build on this one.

>>> t = outcome_table([("win", Fraction(1), 3), ("loss", Fraction(-1), 1)])
>>> list(t.columns), t.attrs["total"], t.attrs["return"]
(['outcome', 'pays', 'combinations', 'probability', 'return'], 4, Fraction(1, 2))
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...errors import GameError

if TYPE_CHECKING:
    import pandas as pd

    from ...games.banked import BankedGame, PayTable
else:
    from gamelib.lazy import pandas as pd


CODE_MODULES = (
    "gamelib.analysis.banked.enumeration",
    "gamelib.rankings.core",
    "gamelib.rankings.crazy4",
    "gamelib.rankings.high",
    "gamelib.rankings.three_card",
    "gamelib.cards",
)


def written_for(decl: BankedGame, what: str, found: object, expected: object) -> None:
    """Refuse (GameError) a declaration whose ``what`` differs from what a counting method was
    written for: its analysis would otherwise count the filed game's rule in its place.

    >>> from gamelib.games.banked import CRAZY4_POKER
    >>> written_for(CRAZY4_POKER, "Play multiples", (1, 2), (1, 3))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the counting 'best four of five against the dealer, one decision' is written for
    Play multiples (1, 3); Crazy 4 Poker has (1, 2)
    """
    if found != expected:
        raise GameError(f"the counting {str(decl.counting)!r} is written for {what} {expected}; "
                        f"{decl.title} has {found}")


class Progress:
    """Progress lines on stderr (when enabled), with the seconds elapsed.

    >>> Progress(False)("quiet")
    """

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.start = time.perf_counter()

    def __call__(self, message: str) -> None:
        if self.enabled:
            print(f"[{time.perf_counter() - self.start:6.1f}s] {message}", file=sys.stderr, flush=True)


def outcome_table(rows: list[tuple[str, Fraction, int]]) -> pd.DataFrame:
    """An outcome table from ``(outcome, pays, combinations)`` rows; exact total and return in
    ``attrs`` (``total``, ``return`` as a Fraction per unit wagered).

    >>> outcome_table([("push", Fraction(0), 2)]).attrs["return"]
    Fraction(0, 1)
    """
    total = sum(int(c) for _, _, c in rows)
    exact = sum((Fraction(p) * int(c) for _, p, c in rows), Fraction(0)) / total
    df = pd.DataFrame({
        "outcome": [r[0] for r in rows],
        "pays": pd.Series([_pays_display(Fraction(r[1])) for r in rows], dtype=object),
        "combinations": pd.Series([int(r[2]) for r in rows], dtype=object),
        "probability": [int(r[2]) / total for r in rows],
        "return": [float(Fraction(r[1]) * int(r[2]) / total) for r in rows],
    })
    df.attrs["total"] = total
    df.attrs["return"] = exact
    df.attrs["pays_exact"] = [Fraction(r[1]) for r in rows]
    return df


def _pays_display(p: Fraction) -> int | float:
    return int(p) if p.denominator == 1 else float(p)


@dataclass
class BankedAnalysis:
    """The exact analysis of one banked game under one set of pay tables.

    ``tables``: wager -> outcome table (returns per unit of that wager, or per unit ante for
    the Play and street bets). ``returns``: exact Fractions. ``expected_return`` /
    ``house_edge`` are per unit ante of the main game (Ante plus everything tied to it);
    ``element_of_risk`` divides the house edge by the average total wagered on it when a
    decision changes that amount. ``strategy`` is the derived optimal strategy.
    """

    game: str
    title: str
    tables: dict[str, pd.DataFrame]
    returns: dict[str, Fraction]
    expected_return: Fraction
    house_edge: Fraction
    average_wager: Fraction
    element_of_risk: Fraction | None
    strategy: Any
    main_wagers: tuple[str, ...]
    notes: list[str] = field(default_factory=list)
    caps: pd.DataFrame | None = None

    @property
    def summary(self) -> pd.DataFrame:
        """One row per figure: returns of each wager, the total, house edge, element of risk."""
        rows = [(f"{self.printed_name(w)} return", float(r)) for w, r in self.returns.items()]
        rows.append(("main game expected return (per unit ante)", float(self.expected_return)))
        rows.append(("main game house edge (per unit ante)", float(self.house_edge)))
        rows.append(("average total wagered on the main game (units of ante)", float(self.average_wager)))
        if self.element_of_risk is not None:
            rows.append(("element of risk", float(self.element_of_risk)))
        return pd.DataFrame(rows, columns=["figure", "value"])

    def printed_name(self, key: str) -> str:
        """The name a wager or pay table of the game is printed with (its declaration's), for
        its key; a key the declaration does not have, as it is.

        >>> from gamelib import get_game
        >>> from gamelib.analysis.banked import analyze
        >>> analyze(get_game("crazy4")).printed_name("super_bonus")
        'Super Bonus'
        """
        from ...games.banked import DECLARATIONS

        decl = DECLARATIONS.get(self.game)
        if decl is None:
            return key
        names = {**{t.key: t.name for t in decl.pay_tables}, **{w.key: w.name for w in decl.wagers}}
        return names.get(key, key)

    def text(self) -> str:
        """The outcome tables and the summary as plain text (what the command line prints)."""
        out = [f"== {self.title}: exact analysis =="]
        for wager, table in self.tables.items():
            out.append(f"\n-- {self.printed_name(wager)} (total {table.attrs['total']:,} combinations) --")
            shown = table.copy()
            shown["combinations"] = [f"{c:,}" for c in shown["combinations"]]
            shown["probability"] = [f"{p:.6f}" for p in shown["probability"]]
            shown["return"] = [f"{r:.6f}" for r in shown["return"]]
            out.append(shown.to_string(index=False))
            out.append(f"total return: {float(table.attrs['return']):.6f}")
        out.append("\n-- summary --")
        out.append(self.summary.to_string(index=False, float_format=lambda v: f"{v:.6f}"))
        if self.caps is not None:
            out.append("\n-- main game with the payout cap, by ante (R21) --")
            out.append(self.caps.to_string(index=False, float_format=lambda v: f"{v:.6f}"))
        if self.strategy is not None:
            out.append("\n-- strategy --")
            out.append(self.strategy.summary())
        for note in self.notes:
            out.append(f"note: {note}")
        return "\n".join(out)


def table_pays(table: PayTable) -> list[Fraction]:
    """The multipliers of a pay table's rows, in order.

    >>> from gamelib.games.banked import DECLARATIONS
    >>> table_pays(DECLARATIONS["crazy4"].pay_table("super_bonus"))[-2]
    Fraction(3, 2)
    """
    return [Fraction(line.pays) for line in table.lines]
