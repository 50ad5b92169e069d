"""The parts a pot game is declared from: a ``Portion`` of the pot at the showdown, a ``Street``
of the deal, a betting ``Structure`` (with the helpers that build limit, stud and big-bet
structures, and Big O's four), and the constants they use.

>>> limit_structure(2, 4).big_bet, big_bet_structure("pot-limit", 1, 2).kind.value
(4, 'pot-limit')
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ..amounts import is_whole
from ..cards import parse_cards
from ..errors import CardError, GameError, TableError, shown
from ..rankings import RANKING_SYSTEMS, evaluate
from .vocabularies import BetSize, NamedQualifier, PortionCards, StructureKind

HALF = Fraction(1, 2)

#: R13 and the Big O filing: one bet and four raises per round in limit games.
LIMIT_RAISES = 4
#: The largest bet, blind, ante or bring-in a ``Structure`` may name (a sanity bound, not a rule).
MAX_STRUCTURE_AMOUNT = 1_000_000_000
#: The most cards of one kind (down, up, board, discarded) a ``Street`` may name: one deck.
MAX_STREET_CARDS = 52
#: The most boards a pot game may deal (Double Board Omaha's two).
MAX_BOARDS = 2


@dataclass(frozen=True)
class Portion:
    """One part of the pot at the showdown.

    ``system`` is a ranking system of ``gamelib.rankings.SYSTEMS``; ``share`` the part of the
    pot, an exact fraction more than 0 and at most 1 (a game's shares add up to 1). ``cards`` (a
    ``PortionCards``) is ``"all"`` (every card the player holds) or ``"hole"`` (hole cards only):
    an Omaha system reads ``"hole"`` with a board, and Drawmaha's draw half reads ``"hole"`` with
    a non-Omaha system (R9: the five hole cards alone). ``board`` is which board an Omaha system
    reads (0 or 1; 0 for every other system). ``qualifier`` is the weakest hand that qualifies,
    as cards (its value in ``system`` is the bar), or ``"low8"`` (``NamedQualifier.LOW8``) for an
    eight-or-better low (R4), or ``None``; an eight-or-better system needs one (its hands with no
    low would otherwise qualify). ``qualifier_words`` says the qualifier in words. All of it is
    checked when the portion is built; what must fit the rest of the game (the shares adding up
    to 1, the board existing, the hole cards) is checked by the ``PotGame``.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> POT_DECLARATIONS["archie"].portions[0].qualifier_words
    'a pair of nines or better'
    >>> Portion("low", "low8", HALF, cards="board")
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: portion 'low': the cards must be 'all' or 'hole', not 'board'
    >>> Portion("x", "nonsense", HALF)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: portion 'x': unknown ranking system 'nonsense'; the systems are: high, omaha-high,
    omaha-low8, a5-low, low8, 27-low, badugi, badugi-ace-high, crazy4, three-card
    """

    name: str
    system: str
    share: Fraction
    cards: PortionCards = PortionCards.ALL
    board: int = 0
    qualifier: str | None = None
    qualifier_words: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise TableError(f"a portion's name is text, such as 'high', not {shown(self.name)}")
        where = f"portion {shown(self.name)}"
        if not isinstance(self.system, str) or self.system not in RANKING_SYSTEMS:
            raise TableError(f"{where}: unknown ranking system {shown(self.system)}; the systems are: "
                             f"{', '.join(RANKING_SYSTEMS)}")
        rs = RANKING_SYSTEMS[self.system]
        if not (is_whole(self.share) or isinstance(self.share, Fraction)):
            raise TableError(f"{where}: the share is an exact part of the pot, such as Fraction(1, 2) or 1, "
                             f"not {shown(self.share)}")
        share = Fraction(int(self.share)) if is_whole(self.share) else self.share
        if not 0 < share <= 1:
            raise TableError(f"{where}: the share must be more than 0 and at most the whole pot (1), not {share}")
        object.__setattr__(self, "share", share)
        object.__setattr__(self, "cards", PortionCards.parse(self.cards, f"{where}: the cards"))
        if rs.uses_board and self.cards is not PortionCards.HOLE:
            raise TableError(f"{where}: {self.system} plays exactly two hole cards with the board, so the cards "
                             f"must be 'hole', not {shown(self.cards.value)}")
        if not (is_whole(self.board) and 0 <= self.board < MAX_BOARDS):
            raise TableError(f"{where}: the board is which board the portion reads, from 0 to {MAX_BOARDS - 1}, "
                             f"not {shown(self.board)}")
        if self.board and not rs.uses_board:
            raise TableError(f"{where}: {self.system} reads no board, so the board must be 0, not {self.board}")
        if not isinstance(self.qualifier_words, str):
            raise TableError(f"{where}: the qualifier's words are text, not {shown(self.qualifier_words)}")
        if self.qualifier_words and self.qualifier is None:
            raise TableError(f"{where}: the words {shown(self.qualifier_words)} describe a qualifier, "
                             "but the portion has none")
        self._check_qualifier(where)

    def _check_qualifier(self, where: str) -> None:
        rs = RANKING_SYSTEMS[self.system]
        q = self.qualifier
        if q is None:
            if rs.eight_or_better:
                raise TableError(f"{where}: {self.system} values a hand with no eight-or-better low as 0, so the "
                                 f"portion needs a qualifier ('low8' for an eight-or-better low, R4)")
            return
        if q == NamedQualifier.LOW8:
            if not rs.eight_or_better:
                raise TableError(f"{where}: the qualifier 'low8' is for an eight-or-better system "
                                 f"({', '.join(k for k, r in RANKING_SYSTEMS.items() if r.eight_or_better)}), "
                                 f"not {self.system}")
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
        if rs.uses_board:
            raise TableError(f"{where}: {self.system} values a hand only with a board, so its qualifier cannot be "
                             f"cards alone; not {shown(q)}")
        try:
            value = int(evaluate(self.system, [cards])[0])
        except GameError as e:
            raise TableError(f"{where}: the qualifier {shown(q)} is not a {self.system} hand ({e})") from e
        if rs.eight_or_better and value == 0:
            raise TableError(f"{where}: the qualifier {shown(q)} is no eight-or-better low, so every hand would "
                             f"qualify; give a qualifying low, or 'low8'")


@dataclass(frozen=True)
class Street:
    """One street: cards dealt (or drawn, or discarded), then a betting round at ``bet`` size.

    ``down`` and ``up`` are the cards each player is dealt face down and face up, ``board`` the
    cards dealt to each board, whole numbers from 0 (at most ``MAX_STREET_CARDS``). ``draw``
    (``True`` or ``False``): each player may throw cards and be dealt as many (R-A12);
    ``discard``: each player throws that many down cards, with no replacement (R15). A street
    draws or discards, not both, and deals, draws or discards something. ``bet`` (a
    ``BetSize``) is ``"small"`` (lower limit), ``"big"`` (higher limit) or ``None`` (no betting
    round after this street, e.g. Drawmaha's draw and Super Razzdugi's discard, R15). Whether
    the streets fit together (cards to draw from, the hole cards they add up to) is checked by
    the ``PotGame``.

    >>> Street("flop", board=3).bet
    'small'
    >>> Street("flop", board=3, bet="large")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: street 'flop': the bet must be 'small' or 'big', or None for no betting round,
    not 'large'
    >>> Street("x", down=-3)
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: street 'x': the down cards must be a whole number from 0 to 52, not -3
    """

    name: str
    down: int = 0
    up: int = 0
    board: int = 0
    draw: bool = False
    discard: int = 0
    bet: BetSize | None = BetSize.SMALL

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not self.name.strip():
            raise TableError(f"a street's name is text, such as 'flop', not {shown(self.name)}")
        where = f"street {shown(self.name)}"
        for field, words in (("down", "down cards"), ("up", "up cards"), ("board", "board cards"),
                             ("discard", "discarded cards")):
            v = getattr(self, field)
            if not (is_whole(v) and 0 <= v <= MAX_STREET_CARDS):
                raise TableError(f"{where}: the {words} must be a whole number from 0 to {MAX_STREET_CARDS}, "
                                 f"not {shown(v)}")
        if not isinstance(self.draw, bool):
            raise TableError(f"{where}: draw is True or False, not {shown(self.draw)}")
        if self.draw and self.discard:
            raise TableError(f"{where}: a street draws (replacing the cards thrown) or discards {self.discard} "
                             "(replacing none), not both")
        if not (self.down or self.up or self.board or self.draw or self.discard):
            raise TableError(f"{where}: a street deals, draws or discards something; this one does nothing")
        if self.bet is not None:
            object.__setattr__(self, "bet", BetSize.parse(self.bet, f"{where}: the bet",
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
    max_raises: int | None = LIMIT_RAISES

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
            raise TableError(f"{where}: the big bet (${self.big_bet}) must be at least the small bet "
                             f"(${self.small_bet})")
        if self.small_blind > self.big_blind:
            raise TableError(f"{where}: the small blind (${self.small_blind}) must be at most the big blind "
                             f"(${self.big_blind})")
        if self.big_blind > self.big_bet:
            raise TableError(f"{where}: the big blind (${self.big_blind}) must be at most the big bet "
                             f"(${self.big_bet})")
        if self.bring_in and (self.small_blind or self.big_blind):
            raise TableError(f"{where}: a structure has blinds or a stud bring-in, not both")
        if self.bring_in > bring_in_bounds(self.small_bet)[1]:
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


def bring_in_bounds(small_bet: int) -> tuple[int, int]:
    """The smallest and largest bring-in a stud structure with this small bet (the lower limit;
    in pot limit and no limit, the minimum bet) allows: from $1 (R5: whole dollars) to a dollar
    less than the small bet, so that the player bringing it in may complete instead (R-A11). The
    one rule ``Structure`` and ``stud_structure`` refuse a bring-in by; a small bet of $1 allows
    none (the smallest is then more than the largest).

    >>> bring_in_bounds(2), bring_in_bounds(10)
    ((1, 1), (1, 9))
    """
    if not (is_whole(small_bet) and 1 <= small_bet <= MAX_STRUCTURE_AMOUNT):
        raise TableError(f"the small bet is whole dollars from $1 to ${MAX_STRUCTURE_AMOUNT:,}, not {shown(small_bet)}")
    return 1, int(small_bet) - 1


def limit_structure(lower: int, higher: int) -> Structure:
    """A blind limit game at lower/higher limits: big blind = lower, small blind half (R11).

    >>> limit_structure(2, 4)  # doctest: +NORMALIZE_WHITESPACE
    Structure(name='$2/$4 limit', kind='limit', small_bet=2, big_bet=4, small_blind=1, big_blind=2, ante=0, bring_in=0,
              max_raises=4)
    """
    _check_amounts(lower, higher)
    return Structure(f"${lower}/${higher} limit", StructureKind.LIMIT, lower, higher,
                     small_blind=half_rounded(lower), big_blind=lower)


def stud_structure(lower: int, higher: int, bring_in: int | None = None, ante: int = 0) -> Structure:
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
    smallest, largest = bring_in_bounds(lower)
    if smallest > largest:
        raise TableError(f"a stud game needs a lower limit of at least ${smallest + 1}, so that its bring-in is a "
                         f"whole dollar below it; ${lower}/${higher} has no such bring-in")
    b = half_rounded(lower) if bring_in is None else bring_in
    if not smallest <= b <= largest:
        raise TableError(f"the bring-in must be less than the lower limit: from ${smallest} to ${largest} "
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


__all__ = ["HALF", "LIMIT_RAISES", "MAX_STRUCTURE_AMOUNT", "MAX_STREET_CARDS", "MAX_BOARDS", "Portion", "Street",
           "Structure", "STRUCTURE_KINDS", "half_rounded", "bring_in_bounds", "limit_structure", "stud_structure",
           "big_bet_structure", "BIG_O_STRUCTURES"]
