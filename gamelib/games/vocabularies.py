"""The fixed vocabularies of the game declarations, as enums checked when a declaration is built.

Each field of a declaration that holds one of a few words (how the forced bets go in, which up
card brings in, whose board acts first, who gets an odd chip, a street's bet size, which cards
a portion reads, a named qualifier, the structure's kind) holds a member of one of these enums.
A declaration converts the word it is given and refuses any other word, naming the allowed
ones, so nothing downstream falls back silently on a misspelling.

The members are strings (``StrEnum``): they compare equal to their words, format as their
words, and print as their words in a declaration's ``repr``, so ``"stud" == OddChip.STUD`` and
tables and notebooks show the same text as before.

>>> BringInCard("highest-ace-low"), BringInCard.HIGHEST_ACE_LOW == "highest-ace-low"
('highest-ace-low', True)
>>> BetSize.parse("medium", "street 'flop': the bet")
Traceback (most recent call last):
...
gamelib.errors.TableError: street 'flop': the bet must be 'small' or 'big', not 'medium'
"""

from __future__ import annotations

from enum import StrEnum
from typing import TypeVar

from ..errors import TableError, shown

V = TypeVar("V", bound="Vocabulary")


class Vocabulary(StrEnum):
    """A fixed set of words: a ``StrEnum`` whose ``repr`` is its word, as the plain string was.

    >>> OddChip.STUD, f"{OddChip.STUD}", str(OddChip.BUTTON)
    ('stud', 'stud', 'button')
    """

    def __repr__(self) -> str:
        return repr(self.value)

    @classmethod
    def words(cls) -> str:
        """The allowed words, quoted, as a message lists them.

        >>> Forced.words()
        "'blinds' or 'bring-in'"
        """
        quoted = [repr(m.value) for m in cls]
        return quoted[0] if len(quoted) == 1 else ", ".join(quoted[:-1]) + " or " + quoted[-1]

    @classmethod
    def parse(cls: type[V], value: object, what: str, none: str | None = None) -> V:
        """``value`` as a member of this vocabulary; a ``TableError`` naming the words otherwise.

        ``what`` names the field in the message; ``none`` (when given) says what ``None`` would
        mean, for the fields where ``None`` is allowed (the caller lets ``None`` through itself).

        >>> OddChip.parse("stud", "x") is OddChip.STUD
        True
        """
        if isinstance(value, cls):
            return value
        if isinstance(value, str):
            try:
                return cls(value)
            except ValueError:
                pass
        also = f", or None {none}" if none else ""
        raise TableError(f"{what} must be {cls.words()}{also}, not {shown(value)}")


class Forced(Vocabulary):
    """How the forced bets go in: blinds, or a stud bring-in (R14)."""

    BLINDS = "blinds"
    BRING_IN = "bring-in"


class BringInCard(Vocabulary):
    """Which up card brings in on third street (R14)."""

    LOWEST_ACE_HIGH = "lowest-ace-high"  # Seven Card Stud Eight or Better
    HIGHEST_ACE_LOW = "highest-ace-low"  # Razzdugi, Super Razzdugi
    HIGHEST_ACE_HIGH = "highest-ace-high"  # 2-7 Razzdugi


class BoardOrder(Vocabulary):
    """Whose up cards act first on the later stud streets (R14, R-A4)."""

    HIGH = "high"  # the best high board showing
    LOW_A5 = "low-a5"  # the best ace-to-five low board showing
    LOW_27 = "low-27"  # the best deuce-to-seven low board showing (aces high)


class OddChip(Vocabulary):
    """Who gets an odd chip among tied winners (R6)."""

    BUTTON = "button"  # clockwise from the button
    STUD = "stud"  # by the cards: highest card by suit on a high side, lowest on a low side (R-A3)


class NoQualifier(Vocabulary):
    """What happens to a pot no hand qualifies for (R8)."""

    SPLIT = "split"  # split among every player at the showdown


class BetSize(Vocabulary):
    """A street's betting round: at the lower or the higher limit (R12)."""

    SMALL = "small"
    BIG = "big"


class PortionCards(Vocabulary):
    """Which of a player's cards a portion reads."""

    ALL = "all"  # every card the player holds
    HOLE = "hole"  # the hole cards only (Omaha systems; Drawmaha's draw half, R9)


class NamedQualifier(Vocabulary):
    """A qualifier named by a word rather than by the weakest qualifying hand's cards."""

    LOW8 = "low8"  # an eight-or-better low (R4)


class StructureKind(Vocabulary):
    """A betting structure's kind (R12, R16, R18)."""

    LIMIT = "limit"
    SPREAD = "spread"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"



# --- banked games -------------------------------------------------------------------------------

class Settles(Vocabulary):
    """How a banked game's wager is settled."""

    AGAINST_DEALER = "against the dealer"  # 1 to 1 against a qualifying dealer, push on a tie (Ante, Play)
    BY_PAY_TABLE = "by its pay table"  # the first row the hand matches; no row: the wager loses
    BY_PAY_TABLE_ELSE_DEALER = "by its pay table, else against the dealer"  # no row: push unless the dealer is higher


class NotQualified(Vocabulary):
    """What a wager settled against the dealer does when the dealer does not qualify."""

    PUSHES = "pushes"
    WINS = "wins 1 to 1"


class OnFold(Vocabulary):
    """What folding does to a wager: it loses with the hand, or it stands and is settled anyway."""

    LOSES = "loses"
    STANDS = "stands"  # the side bets: settled whether or not the player folds (R20, B4)


class Counting(Vocabulary):
    """The exact counting method a banked game's analysis needs (``gamelib.analysis.banked``)."""

    FOUR_OF_FIVE_AGAINST_DEALER = "best four of five against the dealer, one decision"  # Crazy 4 Poker
    THREE_AGAINST_DEALER = "three cards against the dealer, one decision"  # Three Card Poker
    STREETS_AGAINST_PAY_TABLE = "street bets against a pay table"  # New Hampshire Hold'em

def unreachable(value: object, what: str) -> TableError:
    """The error for a vocabulary value a declaration could not have held (its check refuses it).

    >>> unreachable("medium", "a street's bet")
    TableError("a street's bet 'medium' is not a word of its vocabulary (the declaration should have refused it)")
    """
    return TableError(f"{what} {shown(value)} is not a word of its vocabulary "
                      f"(the declaration should have refused it)")


__all__ = [
    "Vocabulary", "Forced", "BringInCard", "BoardOrder", "OddChip", "NoQualifier", "BetSize",
    "PortionCards", "NamedQualifier", "StructureKind", "Settles", "NotQualified", "OnFold", "Counting",
    "unreachable",
]
