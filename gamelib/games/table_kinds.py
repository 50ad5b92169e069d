"""The kinds of table, declared as data: the Big O cash table (R18) and the mixed-game table (R17).

A ``TableKind`` says what a table of its kind may spread (R26: a list of structures, or the
mixed games' rule for them), its minimum buy-in rule, its money limits (R17), the ruling a new
seat follows (R24, R25) and whether a player who cashed out may come back only with at least
what he took (R18). ``gamelib.engine.table.Table`` reads the declaration of its kind
(``table_kind_of``); nothing else decides a table's rules, and R17's numbers are written here
only.

>>> table_kind_of("big-o").title, table_kind_of("badugi").title, table_kind_of(None).title
('Big O cash game', 'mixed game', 'mixed game')
>>> MIXED_TABLE.max_forced_bet, MIXED_TABLE.max_purchase_per_hand, MIXED_TABLE.max_entry
(10, 150, 1000)
>>> BIG_O_CASH_TABLE.min_buy_in(BIG_O_STRUCTURES["$1-$2"]), BIG_O_CASH_TABLE.new_seat_ruling
(20, 'R24')
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from ..errors import TableError, shown
from .pot import BIG_O, BIG_O_STRUCTURES, POT_DECLARATIONS, Structure


class Spread(str, Enum):  # noqa: UP042 -- StrEnum would change str()/format() from "Spread.LISTED" to "listed"
    """What a kind of table may spread (R26)."""

    #: Only the structures the kind lists (Big O: the four of R18).
    LISTED = "listed"
    #: The mixed games' rule: fixed limit with R11 blinds or an R14 bring-in, pot limit or no
    #: limit (R16), within the kind's forced-bet limit (R17).
    MIXED_RULES = "mixed-rules"


@dataclass(frozen=True)
class TableKind:
    """The declaration of one kind of table.

    ``games``: the games a table of this kind deals alone, or ``None`` for any pot game, a
    rotation or dealer's choice (a kind with ``games`` is chosen first; see ``table_kind_of``).
    ``spread``: ``Spread.LISTED`` (only ``structures``, default ``default_structure``) or
    ``Spread.MIXED_RULES`` (any structure the mixed games' rule allows; a fixed-limit game at
    ``default_limits`` unless told). ``allowed_words`` says what it spreads, for refusals
    (``{structures}`` and ``{max_forced_bet}`` are filled in: ``allowed``). ``min_buy_in_bets``:
    the minimum buy-in is this many times the largest bet (``None``: no minimum beyond $1), said
    as ``min_buy_in_words``. ``max_forced_bet``, ``max_purchase_per_hand`` and ``max_entry``:
    the money limits (``None``: no limit), cited as ``money_ruling``. ``new_seat_ruling``: the
    ruling a new seat's big blind follows. ``cash_out_return``: a player who cashed out comes
    back before a full button rotation only with at least what he took (R18).

    >>> TableKind("odd", "odd game", "odd", "odd structure", None, Spread.LISTED)  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: table kind 'odd': a kind that spreads listed structures lists them,
    with a default among them
    """

    key: str
    title: str
    where: str
    structure_words: str
    games: tuple[str, ...] | None
    spread: Spread
    structures: tuple[Structure, ...] = ()
    default_structure: Structure | None = None
    default_limits: tuple[int, int] | None = None
    allowed_words: str = ""
    min_buy_in_bets: int | None = None
    min_buy_in_words: str = ""
    max_forced_bet: int | None = None
    max_purchase_per_hand: int | None = None
    max_entry: int | None = None
    money_ruling: str = ""
    new_seat_ruling: str = ""
    cash_out_return: bool = False

    def __post_init__(self) -> None:
        where = f"table kind {shown(self.key)}"
        try:
            object.__setattr__(self, "spread", Spread(self.spread))
        except ValueError:
            raise TableError(f"{where}: unknown spread {shown(self.spread)}; the spreads are "
                             f"{', '.join(s.value for s in Spread)}") from None
        if self.games is not None:
            unknown = [g for g in self.games if g not in POT_DECLARATIONS]
            if unknown or not self.games:
                raise TableError(f"{where}: its games are pot games ({', '.join(POT_DECLARATIONS)}), "
                                 f"not {', '.join(shown(g) for g in unknown) or 'none'}")
        if self.spread is Spread.LISTED and (not self.structures or self.default_structure not in self.structures):
            raise TableError(f"{where}: a kind that spreads listed structures lists them, with a default among them")
        if self.spread is Spread.MIXED_RULES and (self.structures or self.default_limits is None):
            raise TableError(f"{where}: a kind that spreads by the mixed games' rule lists no structures and "
                             "has default lower/higher limits")
        for field in ("min_buy_in_bets", "max_forced_bet", "max_purchase_per_hand", "max_entry"):
            v = getattr(self, field)
            if v is not None and not (isinstance(v, int) and not isinstance(v, bool) and v > 0):
                raise TableError(f"{where}: {field.replace('_', ' ')} is a whole number above 0 or None, "
                                 f"not {shown(v)}")
        for field in ("money_ruling", "new_seat_ruling"):
            if not re.fullmatch(r"R\d+", getattr(self, field)):
                raise TableError(f"{where}: {field.replace('_', ' ')} is a ruling number like 'R17', "
                                 f"not {shown(getattr(self, field))}")

    @property
    def allowed(self) -> str:
        """What a table of this kind spreads, in words, for refusals (R26).

        >>> BIG_O_CASH_TABLE.allowed
        'a Big O table spreads only the four structures of its filing, $1-$2, $2-$4, $4-$4, $1-$4 (R18, R26)'
        """
        return self.allowed_words.format(structures=", ".join(s.name for s in self.structures),
                                         max_forced_bet=self.max_forced_bet)

    def structure_named(self, name: str) -> Structure | None:
        """The listed structure called ``name``, or ``None``.

        >>> BIG_O_CASH_TABLE.structure_named("$4-$4").small_blind
        4
        """
        return next((s for s in self.structures if s.name == name), None)

    def min_buy_in(self, structure: Structure | None) -> int:
        """The smallest buy-in at ``structure``: ``min_buy_in_bets`` times its largest bet, else $1.

        >>> BIG_O_CASH_TABLE.min_buy_in(BIG_O_STRUCTURES["$4-$4"]), MIXED_TABLE.min_buy_in(None)
        (40, 1)
        """
        if self.min_buy_in_bets is None or structure is None:
            return 1
        return self.min_buy_in_bets * structure.largest_bet


#: R18, R24, R26: the Big O cash game's table.
BIG_O_CASH_TABLE = TableKind(
    key="big-o-cash", title="Big O cash game", where="Big O", structure_words="Big O cash-game structure",
    games=(BIG_O.key,), spread=Spread.LISTED,
    structures=tuple(BIG_O_STRUCTURES.values()), default_structure=BIG_O_STRUCTURES["$2-$4"],
    allowed_words="a Big O table spreads only the four structures of its filing, {structures} (R18, R26)",
    min_buy_in_bets=10, min_buy_in_words="ten times the largest bet, R18",
    money_ruling="R18", new_seat_ruling="R24", cash_out_return=True,
)

#: R17, R25, R26: the mixed-game table (also any rotation or dealer's choice).
MIXED_TABLE = TableKind(
    key="mixed", title="mixed game", where="a mixed-game table", structure_words="mixed-game structure",
    games=None, spread=Spread.MIXED_RULES, default_limits=(2, 4),
    allowed_words=("a mixed-game table spreads fixed limit at lower/higher limits with the big blind at the lower "
                   "limit and the small blind half of it, rounded to the nearest dollar with halves up (R11), or "
                   "in a stud game a bring-in from $1 to the lower limit (R14); or pot limit or no limit (R16); "
                   "no forced bet over ${max_forced_bet} (R17) (R26)"),
    max_forced_bet=10, max_purchase_per_hand=150, max_entry=1000,
    money_ruling="R17", new_seat_ruling="R25", cash_out_return=False,
)

#: Every kind of table (one of them, with ``games=None``, deals any pot game).
TABLE_KINDS: dict[str, TableKind] = {k.key: k for k in (BIG_O_CASH_TABLE, MIXED_TABLE)}


def table_kind_of(game: str | None) -> TableKind:
    """The kind of a table dealing ``game`` alone (``None``: a rotation or dealer's choice).

    >>> table_kind_of("stud8").key
    'mixed'
    """
    named = [k for k in TABLE_KINDS.values() if k.games is not None and game in k.games]
    return named[0] if named else next(k for k in TABLE_KINDS.values() if k.games is None)


def table_kind_listing(name: str) -> TableKind:
    """The kind whose listed structures include ``name`` (the first listing kind if none does).

    >>> table_kind_listing("$5-$10").title
    'Big O cash game'
    """
    listing = [k for k in TABLE_KINDS.values() if k.spread is Spread.LISTED]
    return next((k for k in listing if k.structure_named(name) is not None), listing[0])


__all__ = ["Spread", "TableKind", "BIG_O_CASH_TABLE", "MIXED_TABLE", "TABLE_KINDS", "table_kind_of",
           "table_kind_listing"]
