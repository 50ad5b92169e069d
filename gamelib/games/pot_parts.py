"""The parts a pot game is declared from: a ``Portion`` of the pot at the showdown, a ``Street``
of the deal, a betting ``Structure`` (with the helpers that build limit, stud and big-bet
structures, and Big O's four), and the constants they use.

>>> limit_structure(2, 4).big_bet, big_bet_structure("pot-limit", 1, 2).kind.value
(4, 'pot-limit')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from ..amounts import is_whole
from ..cards import parse_cards
from ..errors import CardError, TableError, shown
from .vocabularies import BetSize, NamedQualifier, PortionCards, StructureKind

HALF = Fraction(1, 2)

#: R13 and the Big O filing: one bet and four raises per round in limit games.
LIMIT_RAISES = 4
#: The largest bet, blind, ante or bring-in a ``Structure`` may name (a sanity bound, not a rule).
MAX_STRUCTURE_AMOUNT = 1_000_000_000


@dataclass(frozen=True)
class Portion:
    """One part of the pot at the showdown.

    ``cards`` (a ``PortionCards``) is ``"all"`` (every card the player holds), ``"hole"`` (hole
    cards only, used with an Omaha system) or for Drawmaha's draw half ``"hole"`` with a
    non-Omaha system (R9: the five hole cards alone). ``board`` is which board an Omaha system
    reads (0 or 1). ``qualifier`` is the weakest hand that qualifies, as cards (its value in
    ``system`` is the bar), or ``"low8"`` (``NamedQualifier.LOW8``) for an eight-or-better low
    (R4), or ``None``. Both are checked when the portion is built.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> POT_DECLARATIONS["archie"].portions[0].qualifier_words
    'a pair of nines or better'
    >>> Portion("low", "low8", HALF, cards="board")
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: portion 'low': the cards must be 'all' or 'hole', not 'board'
    """

    name: str
    system: str
    share: Fraction
    cards: PortionCards = PortionCards.ALL
    board: int = 0
    qualifier: Optional[str] = None
    qualifier_words: str = ""

    def __post_init__(self) -> None:
        where = f"portion {shown(self.name)}"
        object.__setattr__(self, "cards", PortionCards.parse(self.cards, f"{where}: the cards"))
        q = self.qualifier
        if q is None:
            return
        if q == NamedQualifier.LOW8:
            object.__setattr__(self, "qualifier", NamedQualifier.LOW8)
            return
        allowed = (f"{where}: the qualifier must be {NamedQualifier.words()}, the weakest qualifying hand as cards "
                   f"(such as '9c 9d 4h 3s 2c'), or None for none; not {shown(q)}")
        if not isinstance(q, str):
            raise TableError(allowed)
        try:
            cards = parse_cards(q, what=f"{where}'s qualifier")
        except CardError as e:
            raise TableError(f"{allowed} ({e})") from e
        if not cards:
            raise TableError(allowed)


@dataclass(frozen=True)
class Street:
    """One street: cards dealt (or drawn, or discarded), then a betting round at ``bet`` size.

    ``bet`` (a ``BetSize``) is ``"small"`` (lower limit), ``"big"`` (higher limit) or ``None``
    (no betting round after this street, e.g. Drawmaha's draw and Super Razzdugi's discard, R15).

    >>> Street("flop", board=3).bet
    'small'
    >>> Street("flop", board=3, bet="large")
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: street 'flop': the bet must be 'small' or 'big', or None for no betting round, not 'large'
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    discard: int = 0
    bet: Optional[BetSize] = BetSize.SMALL

    def __post_init__(self) -> None:
        if self.bet is not None:
            object.__setattr__(self, "bet", BetSize.parse(self.bet, f"street {shown(self.name)}: the bet",
                                                          none="for no betting round"))


@dataclass(frozen=True)
class Structure:
    """A betting structure: limit, spread limit, pot limit or no limit, with its forced bets.

    Limit: ``small_bet`` and ``big_bet`` are the lower and higher limits. Spread limit (R18):
    every bet or raise from ``small_bet`` to ``big_bet``. Pot limit / no limit (R16): the
    minimum bet is ``small_bet`` (the big blind, or the stud minimum). ``max_raises`` is the cap
    after the opening bet (R13), ``None`` for none.

    >>> limit_structure(3, 6).small_blind, limit_structure(5, 10).small_blind
    (2, 3)
    """

    name: str
    kind: StructureKind
    small_bet: int
    big_bet: int
    small_blind: int = 0
    big_blind: int = 0
    ante: int = 0
    bring_in: int = 0
    max_raises: Optional[int] = LIMIT_RAISES

    def __post_init__(self) -> None:
        """Refuse a structure no hand can be played with, whoever builds it (R5, R11-R18).

        >>> Structure("x", "limit", -2, -4, -1, -2)
        Traceback (most recent call last):
        ...
        gamelib.errors.TableError: structure 'x': the small bet must be whole dollars from $1 to $1,000,000,000, not -2
        """
        where = f"structure {shown(self.name)}"
        if not isinstance(self.name, str):
            raise TableError(f"a structure's name is text, such as '$2/$4 limit', not {shown(self.name)}")
        if not isinstance(self.kind, str) or self.kind not in STRUCTURE_KINDS:
            raise TableError(f"{where}: unknown kind {shown(self.kind)}; the kinds are {', '.join(STRUCTURE_KINDS)}")
        object.__setattr__(self, "kind", StructureKind(self.kind))
        for field, lo in (("small_bet", 1), ("big_bet", 1), ("small_blind", 0), ("big_blind", 0),
                          ("ante", 0), ("bring_in", 0)):
            v = getattr(self, field)
            if not (is_whole(v) and lo <= v <= MAX_STRUCTURE_AMOUNT):
                raise TableError(f"{where}: the {field.replace('_', ' ')} must be whole dollars from ${lo} to "
                                 f"${MAX_STRUCTURE_AMOUNT:,}, not {shown(v)}")
        if self.max_raises is not None and not (is_whole(self.max_raises) and 0 <= self.max_raises <= 100):
            raise TableError(f"{where}: the cap (max raises) is a whole number from 0 to 100, or None for no cap; "
                             f"not {shown(self.max_raises)}")
        if self.big_bet < self.small_bet:
            raise TableError(f"{where}: the big bet (${self.big_bet}) must be at least the small bet (${self.small_bet})")
        if self.small_blind > self.big_blind:
            raise TableError(f"{where}: the small blind (${self.small_blind}) must be at most the big blind "
                             f"(${self.big_blind})")
        if self.big_blind > self.big_bet:
            raise TableError(f"{where}: the big blind (${self.big_blind}) must be at most the big bet (${self.big_bet})")
        if self.bring_in and (self.small_blind or self.big_blind):
            raise TableError(f"{where}: a structure has blinds or a stud bring-in, not both")
        if self.bring_in >= self.small_bet:
            raise TableError(f"{where}: the bring-in (${self.bring_in}) must be less than the small bet "
                             f"(${self.small_bet}), so that it can be completed (R-A11)")

    @property
    def largest_bet(self) -> int:
        """The largest single bet of the structure (limit and spread); the min bet otherwise.

        >>> BIG_O_STRUCTURES["$2-$4"].largest_bet
        4
        """
        return max(self.big_bet, self.small_bet, self.big_blind, self.small_blind)

    @property
    def forced_bets(self) -> tuple[int, ...]:
        """Every forced bet of the structure (blinds, ante, bring-in).

        >>> stud_structure(2, 4).forced_bets
        (1,)
        """
        return tuple(x for x in (self.small_blind, self.big_blind, self.ante, self.bring_in) if x)


#: The structure kinds' words, in order (``StructureKind``).
STRUCTURE_KINDS: tuple[str, ...] = tuple(k.value for k in StructureKind)


def half_rounded(amount: int) -> int:
    """Half an amount to the nearest dollar, halves rounded up (R11).

    >>> half_rounded(3), half_rounded(10), half_rounded(1)
    (2, 5, 1)
    """
    return (amount + 1) // 2


def limit_structure(lower: int, higher: int) -> Structure:
    """A blind limit game at lower/higher limits: big blind = lower, small blind half (R11).

    >>> limit_structure(2, 4)
    Structure(name='$2/$4 limit', kind='limit', small_bet=2, big_bet=4, small_blind=1, big_blind=2, ante=0, bring_in=0, max_raises=4)
    """
    _check_amounts(lower, higher)
    return Structure(f"${lower}/${higher} limit", StructureKind.LIMIT, lower, higher,
                     small_blind=half_rounded(lower), big_blind=lower)


def stud_structure(lower: int, higher: int, bring_in: Optional[int] = None, ante: int = 0) -> Structure:
    """A stud limit game: bring-in (default half the lower limit, R14/R-A9) and ante.

    The bring-in is less than the lower limit, so that the player bringing it in may instead
    complete to the lower limit (R-A11); in whole dollars (R5) a stud game's lower limit is
    therefore at least $2.

    >>> stud_structure(2, 4).bring_in, stud_structure(10, 20).bring_in
    (1, 5)
    >>> stud_structure(2, 4, bring_in=2)
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: the bring-in must be less than the lower limit: from $1 to $1 at $2/$4, not $2
    """
    _check_amounts(lower, higher)
    if lower < 2:
        raise TableError(f"a stud game needs a lower limit of at least $2, so that its bring-in is a whole "
                         f"dollar below it; ${lower}/${higher} has no such bring-in")
    b = half_rounded(lower) if bring_in is None else bring_in
    if not 0 < b < lower:
        raise TableError(f"the bring-in must be less than the lower limit: from $1 to ${lower - 1} "
                         f"at ${lower}/${higher}, not ${b}")
    if ante < 0:
        raise TableError(f"the ante must be $0 or more, not ${ante}")
    return Structure(f"${lower}/${higher} stud", StructureKind.LIMIT, lower, higher, ante=ante, bring_in=b)


def big_bet_structure(kind: str | StructureKind, small_blind: int, big_blind: int, bring_in: int = 0,
                      ante: int = 0) -> Structure:
    """A pot-limit or no-limit structure (R16); for stud give a bring-in and the minimum bet.

    >>> big_bet_structure("pot-limit", 1, 2).name
    '$1/$2 pot-limit'
    """
    if kind not in ("pot-limit", "no-limit"):
        raise TableError(f"a big-bet structure is 'pot-limit' or 'no-limit', not {shown(kind)}")
    kind = StructureKind(kind)
    _check_amounts(big_blind, big_blind)
    if not 0 <= small_blind <= big_blind:
        raise TableError(f"the small blind must be from $0 to the big blind ${big_blind}, not ${small_blind}")
    if bring_in:
        return Structure(f"${bring_in} bring-in, ${big_blind} {kind}", kind, big_blind, big_blind,
                         ante=ante, bring_in=bring_in, max_raises=None)
    return Structure(f"${small_blind}/${big_blind} {kind}", kind, big_blind, big_blind,
                     small_blind=small_blind, big_blind=big_blind, ante=ante, max_raises=None)


def _check_amounts(lower: int, higher: int) -> None:
    if not (isinstance(lower, int) and isinstance(higher, int)) or lower < 1 or higher < lower:
        raise TableError(f"limits must be whole dollars with 1 <= lower <= higher, not {lower}/{higher}")


#: R18: the four Big O structures of the cash-game filing.
BIG_O_STRUCTURES: dict[str, Structure] = {
    "$1-$2": Structure("$1-$2", StructureKind.LIMIT, 2, 2, small_blind=1, big_blind=2),
    "$2-$4": Structure("$2-$4", StructureKind.LIMIT, 2, 4, small_blind=1, big_blind=2),
    "$4-$4": Structure("$4-$4", StructureKind.LIMIT, 4, 4, small_blind=4, big_blind=4),
    "$1-$4": Structure("$1-$4", StructureKind.SPREAD, 1, 4, small_blind=1, big_blind=2),
}


__all__ = ["HALF", "LIMIT_RAISES", "MAX_STRUCTURE_AMOUNT", "Portion", "Street", "Structure", "STRUCTURE_KINDS", "half_rounded", "limit_structure", "stud_structure", "big_bet_structure", "BIG_O_STRUCTURES"]
