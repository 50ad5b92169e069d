"""gamelib: the rules engine behind the interactive handbook of casino poker games.

``GAMES`` lists every game key; ``get_game(key)`` returns the game, built from its declaration:
a pot game (mixed games and Big O, with ``showdown`` and a hand state machine) or a banked game
(Crazy 4 Poker, Three Card Poker with the 6 Card Bonus, New Hampshire Hold'em, with settlement
and exact analysis).

>>> "big-o" in GAMES and "crazy4" in GAMES
True
"""

from __future__ import annotations

from .engine.registry import get_game
from .games import BANKED_GAMES, GAMES, POT_GAMES

__version__ = "0.1.0"

__all__ = ["GAMES", "POT_GAMES", "BANKED_GAMES", "get_game", "__version__"]
