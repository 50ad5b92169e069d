"""The stakes a table kind allows: minimum buy-ins (R18), the structures Big O spreads (R26)
and the mixed-game structures (R11, R17), checked against the table kind's declaration
(``gamelib.games.table_kinds``), and the structure of a game at given stakes.

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> structure_for(POT_DECLARATIONS["badugi"], 2, 4).name
'$2/$4 limit'
"""

from __future__ import annotations

from dataclasses import replace

from ..errors import TableError
from ..games.pot import (
    PotGame,
    Structure,
    big_bet_structure,
    half_rounded,
    limit_structure,
    stud_structure,
)
from ..games.table_kinds import BIG_O_CASH_TABLE, MIXED_TABLE, TableKind

#: R18: the minimum buy-in in a Big O game is this many times the largest bet (the declaration's).
BIG_O_MIN_BUY_IN_BETS = BIG_O_CASH_TABLE.min_buy_in_bets


def min_buy_in(structure: Structure, kind: TableKind = BIG_O_CASH_TABLE) -> int:
    """The minimum buy-in at ``structure`` at a table of ``kind``: at Big O ten times the largest
    bet of the structure (R18).

    >>> from gamelib.games.pot import BIG_O_STRUCTURES
    >>> [min_buy_in(s) for s in BIG_O_STRUCTURES.values()]
    [20, 40, 40, 40]
    """
    return kind.min_buy_in(structure)


def check_mixed_structure(structure: Structure, kind: TableKind = MIXED_TABLE) -> None:
    """Refuse a structure with a forced bet over the largest a table of ``kind`` allows (R17 at
    a mixed-game table).

    >>> check_mixed_structure(limit_structure(20, 40))
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: no forced bet may be over $10 (R17); $20/$40 limit has $20
    """
    big = max(structure.forced_bets, default=0)
    if kind.max_forced_bet is not None and big > kind.max_forced_bet:
        raise TableError(f"no forced bet may be over ${kind.max_forced_bet} ({kind.money_ruling}); "
                         f"{structure.name} has ${big}")


#: R26: what a Big O table spreads, for refusals (the declaration's).
BIG_O_ALLOWED = BIG_O_CASH_TABLE.allowed

#: R26: what a mixed-game table spreads, for refusals (the declaration's).
MIXED_ALLOWED = MIXED_TABLE.allowed


def check_big_o_structure(structure: Structure, kind: TableKind = BIG_O_CASH_TABLE) -> None:
    """Refuse a structure that a table of ``kind`` does not list: at Big O, one that is not one
    of the four of R18 (R26).

    >>> check_big_o_structure(limit_structure(5, 10))  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: $5/$10 limit is not spread at Big O: a Big O table spreads only the four structures of
    its filing, $1-$2, $2-$4, $4-$4, $1-$4 (R18, R26)
    """
    if structure not in kind.structures:
        raise TableError(f"{structure.name} is not spread at {kind.where}: {kind.allowed}")


def _differences(structure: Structure, expected: Structure) -> str:
    fields = ("kind", "small_bet", "big_bet", "small_blind", "big_blind", "ante", "bring_in", "max_raises")
    diff = [f"{f.replace('_', ' ')} {getattr(structure, f)!r} (not {getattr(expected, f)!r})"
            for f in fields if getattr(structure, f) != getattr(expected, f)]
    return f"it differs from {expected.name} in: " + ", ".join(diff)


def mixed_structure_problem(game: PotGame, structure: Structure) -> str | None:
    """What is wrong with dealing ``game`` at ``structure`` at a mixed-game table (R11, R14, R16,
    R26), or ``None``; the forced-bet limit (R17) is checked by ``check_mixed_structure``.

    >>> from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS
    >>> mixed_structure_problem(POT_DECLARATIONS["archie"], BIG_O_STRUCTURES["$4-$4"])
    'the small blind $4 is not half the lower limit $4 (R11: $2)'
    >>> mixed_structure_problem(POT_DECLARATIONS["stud8"], stud_structure(2, 4)) is None
    True
    """
    st, title = structure, game.title
    try:
        if st.kind == "limit" and game.is_stud:
            if st.small_blind or st.big_blind or not st.bring_in:
                return f"{title} is a stud game: it is dealt with a bring-in, not blinds"
            expected = stud_structure(st.small_bet, st.big_bet, bring_in=st.bring_in, ante=st.ante)
        elif st.kind == "limit":
            if st.bring_in or not st.big_blind:
                return f"{title} is played with blinds, not a bring-in"
            if st.big_blind != st.small_bet:
                return f"the big blind ${st.big_blind} is not the lower limit ${st.small_bet} (R11)"
            if st.small_blind != half_rounded(st.small_bet):
                return (f"the small blind ${st.small_blind} is not half the lower limit ${st.small_bet} "
                        f"(R11: ${half_rounded(st.small_bet)})")
            expected = limit_structure(st.small_bet, st.big_bet)
        elif st.kind in ("pot-limit", "no-limit") and game.is_stud:
            if st.small_blind or st.big_blind or not st.bring_in:
                return f"{title} is a stud game: it is dealt with a bring-in, not blinds"
            # A bring-in of the minimum bet or more: the Structure refused it (games.pot.bring_in_bounds).
            expected = big_bet_structure(st.kind, 0, st.small_bet, bring_in=st.bring_in, ante=st.ante)
        elif st.kind in ("pot-limit", "no-limit"):
            if st.bring_in or not st.big_blind:
                return f"{title} is played with blinds, not a bring-in"
            expected = big_bet_structure(st.kind, st.small_blind, st.big_blind, ante=st.ante)
        else:
            return f"{st.kind} betting is not one of the mixed games' structures"
    except TableError as err:
        return str(err)
    if replace(st, name=expected.name) != expected:
        return _differences(st, expected)
    return None


def check_table_structure(game: PotGame, structure: Structure, kind: TableKind = MIXED_TABLE) -> None:
    """Refuse a structure a mixed-game table may not deal ``game`` at (R26, R17), with the
    allowed list.

    >>> from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS
    >>> check_table_structure(POT_DECLARATIONS["badugi"],
    ...                       BIG_O_STRUCTURES["$1-$4"])  # doctest: +ELLIPSIS +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: Badugi cannot be dealt at $1-$4: spread betting is not one of the mixed games'
    structures; a mixed-game table spreads ...
    """
    problem = mixed_structure_problem(game, structure)
    if problem is not None:
        raise TableError(f"{game.title} cannot be dealt at {structure.name}: {problem}; {kind.allowed}")
    try:
        check_mixed_structure(structure, kind)
    except TableError as err:
        raise TableError(f"{err}; {kind.allowed}") from None


def structure_for(game: PotGame, lower: int, higher: int) -> Structure:
    """The limit structure of ``game`` at lower/higher limits: blinds (R11) or a stud bring-in (R14).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> structure_for(POT_DECLARATIONS["stud8"], 2, 4).bring_in
    1
    """
    return stud_structure(lower, higher) if game.is_stud else limit_structure(lower, higher)


__all__ = ["BIG_O_MIN_BUY_IN_BETS", "min_buy_in", "check_mixed_structure", "BIG_O_ALLOWED", "MIXED_ALLOWED",
           "check_big_o_structure", "mixed_structure_problem", "check_table_structure", "structure_for"]
