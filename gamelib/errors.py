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


__all__ = [
    "GameError",
    "CardError",
    "DuplicateCardError",
    "HandSizeError",
    "RankingError",
    "WagerError",
    "IllegalActionError",
    "TableError",
]
