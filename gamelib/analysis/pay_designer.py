"""The pay-table designer: for one pay table of a banked game, the pay lines a casino is willing
to change (each with the pays it may take) and a target house edge, the pay tables that come
closest to the target, nearest first.

Every candidate table is analysed exactly. Where a table pays a side bet, whose pays move no
decision, a candidate's return is the dot product of its pays with the filed table's counts
per line. Where it pays the main game (the Crazy 4 Super Bonus, the Three Card Poker Ante
Bonus, the New Hampshire Hold'em main table) the strategy is derived again for each candidate
(:mod:`gamelib.analysis.par_sheet`), and the results say how many hands the new strategy plays
differently from the filed one.

>>> from gamelib import get_game
>>> best = design(get_game("crazy4"), "super_bonus", {"flush": range(1, 11)}, Fraction(3, 100))
>>> best["flush"].iloc[0], round(float(best["house edge"].iloc[0]), 4)
(Fraction(9, 1), 0.017)
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

import numpy as np
import pandas as pd

from ..amounts import exact_pays
from ..errors import GameError, shown
from ..games.banked import BankedGame
from .par_sheet import ParSheet, par_sheet_of, return_for_pays

#: The most candidate tables one search may try.
MAX_CANDIDATES = 100_000


def candidate_pays(text: str, what: str = "the pays") -> list[Fraction]:
    """The pays a line may take, from words: a whole-number range ``"1..10"`` (both ends
    included), or exact pays separated by commas (``"1, 3/2, 2"``).

    >>> candidate_pays("2..4"), candidate_pays("1, 3/2")
    ([Fraction(2, 1), Fraction(3, 1), Fraction(4, 1)], [Fraction(1, 1), Fraction(3, 2)])
    """
    text = text.strip()
    if ".." in text:
        lo, _, hi = text.partition("..")
        a, b = exact_pays(lo.strip(), what), exact_pays(hi.strip(), what)
        if a.denominator != 1 or b.denominator != 1 or a > b:
            raise GameError(f"{what}: a range is two whole numbers, the smaller first, such as 1..10; "
                            f"not {shown(text)}")
        return [Fraction(v) for v in range(int(a), int(b) + 1)]
    values = [exact_pays(part.strip(), what) for part in text.split(",") if part.strip()]
    if not values:
        raise GameError(f"{what}: give a range such as 1..10 or pays such as 1, 3/2, 2; not {shown(text)}")
    return values


def measured_wager(decl: BankedGame, table: str, sheet: ParSheet) -> str:
    """The par-sheet entry a pay table's house edge is read from by default: the wager the table
    pays (the Super Bonus, a side bet), else the main game (a bonus paid on a main wager, such as
    the Ante Bonus; a table that pays the decisions, New Hampshire Hold'em's main table).

    >>> from gamelib.games.banked import THREE_CARD_6BONUS as T
    >>> measured_wager(T, "pair_plus", par_sheet_of(T)), measured_wager(T, "ante_bonus", par_sheet_of(T))
    ('pair_plus', 'game')
    """
    decl.pay_table(table)  # a clear refusal for a table the game does not have
    if table in {w.bonus for w in decl.wagers} or any(w.decision and w.pay_table_key == table for w in decl.wagers):
        return "game"  # a bonus on a main wager, or the table of the decisions themselves (NH Hold'em's)
    owners = [w.key for w in decl.wagers if not w.decision and w.pay_table_key == table]
    return next((k for k in owners + [table] if k in sheet.wagers), "game")


def design(game: Any, table: str, vary: Mapping[str, Iterable[Any]], target: Fraction | float | str,
           measure: str | None = None, top: int = 10) -> pd.DataFrame:
    """The pay tables nearest the target house edge: ``vary`` maps each pay line the casino may
    change (by its outcome, as in the pay table) to the pays it may take; every other line keeps
    its pay. ``target`` is the house edge wanted (a Fraction, a float, or words such as ``"3%"``);
    ``measure`` the par-sheet entry it is read from (default :func:`measured_wager`).

    One row per candidate table, nearest first (``top`` rows): the pays of the varied lines (their
    outcomes, in order, are ``attrs["lines"]``), the house edge, its distance from the target, the main game's house edge, and how many hands
    (or, in New Hampshire Hold'em, decision points) the re-derived strategy plays differently
    from the filed one.

    >>> from gamelib import get_game
    >>> design(get_game("three-card-6bonus"), "pair_plus", {"flush": [3, 4]}, "7.28%")["flush"].tolist()
    [Fraction(4, 1), Fraction(3, 1)]
    """
    decl: BankedGame = game.declaration
    filed = par_sheet_of(decl)
    goal = _target(target)
    pay_table = decl.pay_table(table)
    rows = [line.outcome for line in pay_table.lines]
    if not vary:
        raise GameError(f"say which lines of the {table} table may change, and to what: one or more of {', '.join(rows)}")
    unknown = [k for k in vary if k not in rows]
    if unknown:
        raise GameError(f"the {table} pay table has no line {', '.join(shown(u, 30) for u in unknown)}; lines: "
                        + ", ".join(rows))
    choices = {k: sorted({exact_pays(v, f"the {table} {k} line") for v in values}) for k, values in vary.items()}
    for k, values in choices.items():
        if not values:
            raise GameError(f"the {table} {k} line is given no pays to try")
        if values[0] < 0:
            raise GameError(f"a pay table line cannot pay less than nothing: {k} {values[0]}")
    n = int(np.prod([len(v) for v in choices.values()]))
    if n > MAX_CANDIDATES:
        raise GameError(f"{n:,} candidate tables is too many for one search; at most {MAX_CANDIDATES:,}: "
                        "vary fewer lines or give fewer pays")
    key = measure or measured_wager(decl, table, filed)
    filed.wager(key)  # a clear refusal for an unknown entry
    if top < 1:
        raise GameError(f"show at least one table, not {top}")
    evaluate = _evaluator(decl, table, key, filed)
    found: list[tuple[Fraction, tuple[Fraction, ...], Fraction]] = []
    for pays in itertools.product(*choices.values()):
        edge = evaluate(dict(zip(choices, pays)))
        found.append((abs(edge - goal), pays, edge))
    found.sort(key=lambda r: (r[0], r[1]))
    out = []
    for distance, pays, edge in found[:top]:
        sheet = par_sheet_of(decl.with_pay_table(table, dict(zip(choices, pays))))
        out.append({**dict(zip(choices, pays)), "house edge": edge, "distance": distance,
                    "main game house edge": sheet.game.house_edge,
                    "strategy changes": sheet.changed_decisions(filed)})
    frame = pd.DataFrame(out)
    frame.attrs.update(table=table, lines=list(choices), measure=key, target=goal, candidates=n)
    return frame


def _target(target: Fraction | float | str) -> Fraction:
    """A target house edge: a Fraction, a number, or words such as ``"3%"`` or ``"0.03"``."""
    if isinstance(target, str):
        text = target.strip()
        scale = Fraction(1, 100) if text.endswith("%") else Fraction(1)
        try:
            return Fraction(text.rstrip("%").strip()) * scale
        except (ValueError, ZeroDivisionError):
            raise GameError(f"a target house edge is a number or a percentage, such as 3% or 0.03; "
                            f"not {shown(target)}") from None
    if isinstance(target, bool) or not isinstance(target, (int, float, Fraction)):
        raise GameError(f"a target house edge is a number or a percentage, such as 3% or 0.03; not {shown(target)}")
    return Fraction(target).limit_denominator(10**12) if isinstance(target, float) else Fraction(target)


def _evaluator(decl: BankedGame, table: str, key: str, filed: ParSheet) -> Any:
    """A function of the varied pays giving the measured house edge, exactly: a dot product with
    the filed counts per line for a table that moves no decision, else a fresh derivation."""
    sheet = filed.wager(key)
    side = (key not in filed.main_wagers and key in {w.key for w in decl.wagers}
            and decl.wager(key).pay_table_key == table)
    if side:
        counts = dict(sheet.awards)
        lines = decl.pay_table(table).lines
        losing = sheet.total - sum(counts.values())

        def dot(pays: Mapping[str, Fraction]) -> Fraction:
            won = sum((pays.get(l.outcome, l.pays) * counts[l.outcome] for l in lines), Fraction(0))
            return -(won - losing) / sheet.total
        return dot

    returns = return_for_pays(decl, table, key)
    return lambda pays: -returns(pays)
