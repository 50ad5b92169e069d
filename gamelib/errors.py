"""One family of exceptions for everything gamelib refuses.

Every message says what was wrong and what is allowed, so a dealer reading it in a widget
(or a test reading it in CI) knows how to fix the input.

>>> from gamelib.errors import GameError, CardError
>>> issubclass(CardError, GameError) and issubclass(GameError, ValueError)
True
"""

from __future__ import annotations


class GameError(ValueError):
    """Base class: the input breaks a rule of the cards, the game or the table."""


class CardError(GameError):
    """A card token is not a card (unknown rank or suit)."""


class DuplicateCardError(CardError):
    """The same card appears twice where a single deck is in play."""


class HandSizeError(CardError):
    """A hand or board has the wrong number of cards for what was asked."""


class RankingError(GameError):
    """An unknown ranking system, or a value that system never produces."""


class WagerError(GameError):
    """A wager is out of range, unequal where it must be equal, or not allowed."""


class IllegalActionError(GameError):
    """A betting or drawing action that is not legal at this moment of the hand."""


class TableError(GameError):
    """A seating, buy-in or structure rule of the table is broken."""


#: The most characters of the caller's input a message quotes: a message names the bad input,
#: it never echoes a whole file or a 5 MB string back.
QUOTE_LIMIT = 40


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """The input as a message quotes it: its ``repr``, cut to about ``limit`` characters.

    Long strings keep their start and say how long they were; numbers too long to print say
    how many digits they have; anything else is cut with ``...``.

    >>> shown("As Kd")
    "'As Kd'"
    >>> shown("x" * 5_000_000)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx'... (5,000,000 characters)"
    >>> shown(10 ** 5000)
    'a number of about 5,001 digits'
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and abs(value).bit_length() > 3 * limit:
        return f"a number of about {int(abs(value).bit_length() * 0.30103) + 1:,} digits"
    try:
        text = repr(value)
    except Exception:  # a value whose repr itself fails is still named, by its type
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else f"{text[:limit]}... (a {type(value).__name__})"


__all__ = [
    "GameError",
    "CardError",
    "DuplicateCardError",
    "HandSizeError",
    "RankingError",
    "WagerError",
    "IllegalActionError",
    "TableError",
    "QUOTE_LIMIT",
    "shown",
]
