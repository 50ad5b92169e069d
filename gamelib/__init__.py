"""gamelib: the rules engine behind the interactive handbook of casino poker games.

``GAMES`` lists every game key; ``get_game(key)`` returns the game, built from its declaration:
a pot game (mixed games and Big O, with ``showdown`` and a hand state machine) or a banked game
(Crazy 4 Poker, Three Card Poker with the 6 Card Bonus, New Hampshire Hold'em, with settlement
and exact analysis).

>>> "big-o" in GAMES and "crazy4" in GAMES
True
"""

from __future__ import annotations

from typing import Any

__version__ = "0.1.0"

POT_GAMES: tuple[str, ...] = (
    "archie",
    "drawmaha",
    "drawmaha-27",
    "a5-triple-draw",
    "27-triple-draw",
    "double-board-omaha",
    "stud8",
    "big-o",
    "badugi",
    "badacey",
    "badeucey",
    "razzdugi",
    "27-razzdugi",
    "super-razzdugi",
)
BANKED_GAMES: tuple[str, ...] = ("crazy4", "three-card-6bonus", "nh-holdem")
GAMES: tuple[str, ...] = POT_GAMES + BANKED_GAMES


def get_game(key: str) -> Any:
    """The game declared under ``key`` (one of ``GAMES``).

    >>> get_game("no-such-game")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: unknown game 'no-such-game'; the games are: archie, drawmaha, drawmaha-27, a5-triple-draw, 27-triple-draw, double-board-omaha, stud8, big-o, badugi, badacey, badeucey, razzdugi, 27-razzdugi, super-razzdugi, crazy4, three-card-6bonus, nh-holdem
    """
    from .errors import GameError, shown

    if key in POT_GAMES:
        from .engine.pot_game import pot_game

        return pot_game(key)
    if key in BANKED_GAMES:
        from .engine.banked import banked_game

        return banked_game(key)
    raise GameError(f"unknown game {shown(key)}; the games are: {', '.join(GAMES)}")


__all__ = ["GAMES", "POT_GAMES", "BANKED_GAMES", "get_game", "__version__"]
