"""The pay-table designer: for one pay table of a banked game, the pay lines a casino is willing
to change (each with the pays it may take) and a target house edge, the pay tables that come
closest to the target, nearest first.

Every candidate table is analysed exactly. Where a table pays a side bet, whose pays move no
decision, a candidate's return is the dot product of its pays with the filed table's counts
per line. Where it pays the main game (the Crazy 4 Super Bonus, the Three Card Poker Ante
Bonus, the New Hampshire Hold'em main table) the strategy is derived again for each candidate
(:mod:`gamelib.analysis.par_sheet`), and the results say how many hands the new strategy plays
differently from the filed one.

The Crazy 4 Super Bonus must equal the Ante, so the game as a whole is what is measured; the
Super Bonus's own edge is shown beside it:

>>> from gamelib import get_game
>>> best = design(get_game("crazy4"), "super_bonus", {"flush": range(1, 11)}, Fraction(3, 100))
>>> best.attrs["measure"], best["flush"].iloc[0], round(float(best["house edge"].iloc[0]), 4)
('game', Fraction(2, 1), 0.0121)
>>> round(float(best["wager house edge"].iloc[0]), 4), bool(best["player's edge"].iloc[0])
(0.3257, False)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

import numpy as np

from ..amounts import PayLike, exact_pays, whole_number
from ..engine.banked import BankedGameEngine
from ..engine.registry import banked_engine
from ..errors import GameError, shown
from ..games.banked import BankedGame
from .par_sheet import ParSheet, par_sheet_of, return_for_pays

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

#: The most candidate tables one search may try.
MAX_CANDIDATES = 100_000
#: The most tables one answer shows (each is analysed again in full for its main-game figures).
MAX_TOP = 100


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

    A wager that must be made with the main game is measured by the whole game too (the Crazy 4
    Super Bonus must equal the Ante):

    >>> from gamelib.games.banked import CRAZY4_POKER as C
    >>> measured_wager(C, "super_bonus", par_sheet_of(C)), measured_wager(C, "queens_up", par_sheet_of(C))
    ('game', 'queens_up')
    """
    decl.pay_table(table)  # a clear refusal for a table the game does not have
    if table in {w.bonus for w in decl.wagers} or any(w.decision and w.pay_table_key == table for w in decl.wagers):
        return "game"  # a bonus on a main wager, or the table of the decisions themselves (NH Hold'em's)
    owners = [w.key for w in decl.wagers if not w.decision and w.pay_table_key == table]
    if any(decl.wager(k).equal_to or k in sheet.main_wagers for k in owners):
        # a wager that must be made with the main game (the Crazy 4 Super Bonus equals the Ante)
        # has no meaningful edge of its own: the game as a whole is what the casino offers
        return "game"
    return next((k for k in owners + [table] if k in sheet.wagers), "game")


def design(game: str | BankedGameEngine, table: str, vary: Mapping[str, PayLike | Iterable[PayLike]],
           target: Fraction | float | str,
           measure: str | None = None, top: int = 10) -> pd.DataFrame:
    """The pay tables nearest the target house edge: ``vary`` maps each pay line the casino may
    change (by its outcome, as in the pay table) to the pays it may take; every other line keeps
    its pay. ``target`` is the house edge wanted (a Fraction, a float, or words such as ``"3%"``);
    ``measure`` the par-sheet entry it is read from (default :func:`measured_wager`: the whole
    game for a table that pays the main game or a wager tied to it, else the side bet itself).
    ``game`` is a banked game (its engine, or its key). A pay in ``vary`` may be given as one
    pay (``{"flush": 4}``), several (``{"flush": [3, 4]}``) or words (``{"flush": "1..10"}``,
    ``"1, 3/2, 2"``).

    One row per candidate table, nearest first (``top`` rows): the pays of the varied lines (their
    outcomes, in order, are ``attrs["lines"]``), the measured house edge, its distance from the
    target, the main game's house edge, the edge of the wager the table pays when it has one of
    its own (``"wager house edge"``; that wager is ``attrs["wager"]``), whether the candidate gives
    the player the edge (``"player's edge"``: the main game's or the measured edge below zero), and
    how many hands (or, in New Hampshire Hold'em, decision points) the re-derived strategy plays
    differently from the filed one.

    >>> from gamelib import get_game
    >>> design(get_game("three-card-6bonus"), "pair_plus", {"flush": [3, 4]}, "7.28%")["flush"].tolist()
    [Fraction(4, 1), Fraction(3, 1)]
    """
    decl: BankedGame = banked_engine(game).declaration
    goal = _target(target)
    count = whole_number(top, "top (how many tables to show)", 1, MAX_TOP)
    if not isinstance(table, str):
        raise GameError(f"the pay table is named by its key ({', '.join(t.key for t in decl.pay_tables)}), "
                        f"not {shown(table)}")
    pay_table = decl.pay_table(table)
    rows = [line.outcome for line in pay_table.lines]
    if not isinstance(vary, Mapping):
        raise GameError(f"vary maps each line that may change to the pays it may take, such as "
                        f"{{'{rows[0]}': [1, 2, 3]}}, not {shown(vary)}")
    if not vary:
        raise GameError(f"say which lines of the {table} table may change, and to what: "
                        f"one or more of {', '.join(rows)}")
    unknown = [k for k in vary if k not in rows]
    if unknown:
        raise GameError(f"the {table} pay table has no line {', '.join(shown(u, 30) for u in unknown)}; lines: "
                        + ", ".join(rows))
    choices = {k: sorted(set(_pays_tried(values, f"the {table} {k} line"))) for k, values in vary.items()}
    filed = par_sheet_of(decl)
    for k, values in choices.items():
        if not values:
            raise GameError(f"the {table} {k} line is given no pays to try")
        if values[0] < 0:
            raise GameError(f"a pay table line cannot pay less than nothing: {k} {values[0]}")
    n = int(np.prod([len(v) for v in choices.values()]))
    if n > MAX_CANDIDATES:
        raise GameError(f"{n:,} candidate tables is too many for one search; at most {MAX_CANDIDATES:,}: "
                        "vary fewer lines or give fewer pays")
    if measure is not None and not isinstance(measure, str):
        raise GameError(f"measure names a par sheet entry ('game' or a wager's key) or is None, not {shown(measure)}")
    key = measure or measured_wager(decl, table, filed)
    filed.wager(key)  # a clear refusal for an unknown entry
    evaluate = _evaluator(decl, table, key, filed)
    found: list[tuple[Fraction, tuple[Fraction, ...], Fraction]] = []
    for pays in itertools.product(*choices.values()):
        edge = evaluate(dict(zip(choices, pays, strict=True)))
        found.append((abs(edge - goal), pays, edge))
    found.sort(key=lambda r: (r[0], r[1]))
    # the wager the table pays, when it has a par-sheet entry of its own (the Super Bonus): its
    # own edge is shown beside the measured one, as the main game's is
    own = next((w.key for w in decl.wagers if not w.decision and w.pay_table_key == table and w.key in filed.wagers),
               None)
    out = []
    for distance, pays, edge in found[:count]:
        sheet = par_sheet_of(decl.with_pay_table(table, dict(zip(choices, pays, strict=True))))
        row: dict[str, Any] = {**dict(zip(choices, pays, strict=True)), "house edge": edge, "distance": distance,
                               "main game house edge": sheet.game.house_edge}
        if own is not None:
            row["wager house edge"] = sheet.wager(own).house_edge
        row["player's edge"] = sheet.game.house_edge < 0 or edge < 0
        row["strategy changes"] = sheet.changed_decisions(filed)
        out.append(row)
    frame = pd.DataFrame(out)
    frame.attrs.update(table=table, lines=list(choices), measure=key, target=goal, candidates=n, wager=own,
                       wager_name=decl.wager(own).name if own else None)
    return frame


def _pays_tried(values: object, what: str) -> list[Fraction]:
    """The pays one varied line may take: one pay, an iterable of pays, or words (a range
    ``"1..10"`` or ``"1, 3/2, 2"``); at most :data:`MAX_CANDIDATES` of them."""
    if isinstance(values, str):
        return candidate_pays(values, what)
    if isinstance(values, (int, float, Fraction, np.integer)) and not isinstance(values, bool):
        return [exact_pays(values, what)]
    if not isinstance(values, Iterable) or isinstance(values, (bytes, Mapping)):
        raise GameError(f"{what}: give the pays to try as a list such as [1, 2, 3] or words such as '1..10', "
                        f"not {shown(values)}")
    out = []
    for v in itertools.islice(values, MAX_CANDIDATES + 1):
        out.append(exact_pays(v, what))
    if len(out) > MAX_CANDIDATES:
        raise GameError(f"{what}: more than {MAX_CANDIDATES:,} pays to try; give fewer")
    return out


_TARGET_WORDS = "a target house edge is a number or a percentage from -100% to 100%, such as 3% or 0.03"


def _target(target: Fraction | float | str) -> Fraction:
    """A target house edge: a Fraction, a number, or words such as ``"3%"`` or ``"0.03"``, from
    -100% to 100% (a player's edge is a negative house edge).

    >>> _target("3%"), _target(0.03)
    (Fraction(3, 100), Fraction(3, 100))
    >>> _target("1e999")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: a target house edge is a number or a percentage from -100% to 100%, such as 3% or 0.03;
    not '1e999'
    """
    if isinstance(target, str):
        text = target.strip()
        scale = Fraction(1, 100) if text.endswith("%") else Fraction(1)
        body = text.rstrip("%").strip()
        if len(body) > 40:
            raise GameError(f"{_TARGET_WORDS}; not {shown(target)}")
        try:
            goal = Fraction(body) * scale
        except (ValueError, ZeroDivisionError):
            raise GameError(f"{_TARGET_WORDS}; not {shown(target)}") from None
    elif isinstance(target, bool) or not isinstance(target, (int, float, Fraction, np.integer, np.floating)):
        raise GameError(f"{_TARGET_WORDS}; not {shown(target)}")
    elif isinstance(target, (float, np.floating)):
        if not math.isfinite(float(target)):
            raise GameError(f"{_TARGET_WORDS}; not {shown(target)}")
        goal = Fraction(float(target)).limit_denominator(10**12)
    else:
        goal = Fraction(int(target)) if isinstance(target, np.integer) else Fraction(target)
    if not -1 <= goal <= 1:
        raise GameError(f"{_TARGET_WORDS}; not {shown(target)}")
    return goal


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
            won = sum((pays.get(line.outcome, line.pays) * counts[line.outcome] for line in lines), Fraction(0))
            return -(won - losing) / sheet.total
        return dot

    returns = return_for_pays(decl, table, key)
    return lambda pays: -returns(pays)
