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
Bonus, the New Hampshire Hold'em main table, re-optimised street by street by the analysis's own
solver over suit classes, :mod:`gamelib.analysis.banked.nh_classes`), and the counts are multiplied out. The
forward count of New Hampshire Hold'em keeps the three street bets apart, so each has its own
sheet. The tests check every figure against a fresh :func:`~gamelib.analysis.banked.analyze`
and against hands dealt and settled by the engine.

This module is the front door: it finds the counting method's builder. The figures and the
sheets are :mod:`gamelib.analysis.par_sheet.figures`; the games decided once are counted in
:mod:`gamelib.analysis.par_sheet.decided_once`, New Hampshire Hold'em in :mod:`gamelib.analysis.par_sheet.nh`.

>>> from gamelib import get_game
>>> sheet = par_sheet(get_game("three-card-6bonus"))
>>> sheet.wager("pair_plus").total, f"{sheet.game.standard_deviation:.4f}", sheet.main_wagers
(22100, '1.6234', ('ante', 'play', 'ante_bonus'))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from ...engine.registry import banked_declaration, banked_engine
from ...errors import GameError, shown
from ...games.banked import BankedGame
from ...games.vocabularies import Counting
from ..banked.rules import CELLS
from .decided_once import decided_once_return, decided_once_return_for_pays, decided_once_sheet, main_keys
from .figures import ParSheet, WagerSheet
from .nh import nh_expected_return, nh_sheet

__all__ = ["CELLS", "ParSheet", "WagerSheet", "expected_return_of", "nh_expected_return", "par_sheet", "par_sheet_of",
           "return_for_pays"]


def par_sheet(game: object) -> ParSheet:
    """The exact par sheet of a banked game object (:func:`gamelib.get_game`, or a game with another
    pay table from ``with_pay_table``): the counting method its declaration names, under its
    pay tables, qualifier, limits and caps.

    >>> from gamelib import get_game
    >>> s = par_sheet(get_game("crazy4"))
    >>> s.game.total, round(float(s.game.house_edge), 6)
    (3986646103440, 0.034189)
    """
    return par_sheet_of(banked_engine(game).declaration)


def par_sheet_of(decl: BankedGame) -> ParSheet:
    """:func:`par_sheet` of a declaration.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> par_sheet_of(NH_HOLDEM).game.total
    155937600
    """
    decl = banked_declaration(decl)
    builder = _BUILDERS.get(decl.counting)
    if builder is None:  # pragma: no cover - every counting method has a builder (tests check it)
        raise GameError(f"no par sheet is written for the counting {str(decl.counting)!r}")
    return builder(decl)


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
    decl = banked_declaration(decl)
    table, key = _key(table, "the pay table"), _key(key, "the par sheet's entry")
    if decl.counting not in _ONE_DECISION or not (key == "game" or key in main_keys(decl)):
        return lambda pays: expected_return_of(decl.with_pay_table(table, pays), key)
    return decided_once_return_for_pays(decl, table, key)


def expected_return_of(decl: BankedGame, key: str) -> Fraction:
    """The exact expected return of one par-sheet entry (``"game"``: the main game) under
    ``decl``'s pay tables, by the quickest exact way: New Hampshire Hold'em's main game by
    backward induction alone (:func:`nh_expected_return`), any other from the whole par sheet.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> expected_return_of(NH_HOLDEM, "main") == par_sheet_of(NH_HOLDEM).wager("main").expected_return
    True
    """
    decl, key = banked_declaration(decl), _key(key, "the par sheet's entry")
    quick = _QUICK.get(decl.counting)
    if quick is not None:
        keys, fn = quick
        if (key in keys) if keys is not None else (key == "game" or key in main_keys(decl)):
            return fn(decl, key)
    return par_sheet_of(decl).wager(key).expected_return


def _key(value: object, what: str) -> str:
    if not isinstance(value, str):
        raise GameError(f"{what} is named by its key, such as 'game' or 'pair_plus', not {shown(value)}")
    return value


_BUILDERS: dict[Counting, Callable[[BankedGame], ParSheet]] = {
    Counting.FOUR_OF_FIVE_AGAINST_DEALER: decided_once_sheet,
    Counting.THREE_AGAINST_DEALER: decided_once_sheet,
    Counting.STREETS_AGAINST_PAY_TABLE: nh_sheet,
}

_ONE_DECISION = (Counting.FOUR_OF_FIVE_AGAINST_DEALER, Counting.THREE_AGAINST_DEALER)

#: How a counting method gives one entry's expected return without the whole sheet, where it can
#: (a function of the declaration and the entry, and the entries it answers; None: every main one).
_QUICK: dict[Counting, tuple[tuple[str, ...] | None, Callable[[BankedGame, str], Fraction]]] = {
    Counting.STREETS_AGAINST_PAY_TABLE: (("game", "main"), lambda decl, key: nh_expected_return(decl)),
    Counting.FOUR_OF_FIVE_AGAINST_DEALER: (None, decided_once_return),
    Counting.THREE_AGAINST_DEALER: (None, decided_once_return),
}
