"""Game declarations: every rule of every game, as data (see DESIGN.md, layer 3).

The keys of every game, in the book's order (:func:`gamelib.get_game` builds the game):

>>> "big-o" in POT_GAMES and "crazy4" in BANKED_GAMES and GAMES == POT_GAMES + BANKED_GAMES
True
"""

from __future__ import annotations

from typing import Literal, get_args

#: The pot games' keys, as a type (``get_game`` returns a pot game engine for one of these).
PotGameKey = Literal[
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
]
#: The banked games' keys, as a type (``get_game`` returns a banked game engine for one of these).
BankedGameKey = Literal["crazy4", "three-card-6bonus", "nh-holdem"]
POT_GAMES: tuple[str, ...] = get_args(PotGameKey)
BANKED_GAMES: tuple[str, ...] = get_args(BankedGameKey)
GAMES: tuple[str, ...] = POT_GAMES + BANKED_GAMES
