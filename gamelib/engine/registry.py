"""Every game by its key: ``get_game(key)`` builds a pot game or a banked game from its
declaration (re-exported as :func:`gamelib.get_game`; the layers below the package's own face
import it from here).

The engines are imported when a game is first asked for, so ``import gamelib`` stays light.
"""

from __future__ import annotations

from typing import Any

from ..errors import GameError, shown
from ..games import BANKED_GAMES, GAMES, POT_GAMES


def get_game(key: str) -> Any:
    """The game declared under ``key`` (one of ``GAMES``).

    >>> get_game("no-such-game")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: unknown game 'no-such-game'; the games are: archie, drawmaha, drawmaha-27, a5-triple-draw, 27-triple-draw, double-board-omaha, stud8, big-o, badugi, badacey, badeucey, razzdugi, 27-razzdugi, super-razzdugi, crazy4, three-card-6bonus, nh-holdem
    """
    if key in POT_GAMES:
        from .pot_game import pot_game

        return pot_game(key)
    if key in BANKED_GAMES:
        from .banked import banked_game

        return banked_game(key)
    raise GameError(f"unknown game {shown(key)}; the games are: {', '.join(GAMES)}")
