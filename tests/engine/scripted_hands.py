"""Scripted complete hands, one per pot game: the script, the seat stacks and the deck seed.

The scripts are in the action-script language of ``gamelib.engine.script`` (its docstring is
the language's specification), played by its interpreter: ``f`` fold, ``c`` check or call,
``b``/``r``/``x`` bet, raise or complete by the smallest legal amount, ``i`` bring in, ``p``
stand pat, ``dN`` draw the N worst cards for the game, ``k2`` discard the two worst (Super
Razzdugi, R15).
"""

from __future__ import annotations

from gamelib.engine import script as action_script
from gamelib.engine.hand import Hand
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS

BLIND_DRAW = ["r", "c", "c",              # deal: seat 0 raises, blinds call
              "d2", "d1", "d3",           # first draw
              "c", "b", "r", "f", "c",    # seat 1 checks, seat 2 bets, seat 0 raises, seat 1 folds, seat 2 calls
              "d1", "p",                  # second draw
              "b", "c",                   # seat 2 bets (higher limit), seat 0 calls
              "p", "d1",                  # third draw
              "c", "b", "c"]              # check, bet, call: showdown
FLOP = ["r", "c", "c", "c", "b", "c", "f", "b", "r", "c", "c", "c"]
DRAWMAHA = ["c", "c", "c", "b", "c", "c", "d2", "p", "d1", "b", "c", "f", "c", "c"]
STUD = ["i", "x", "r", "c", "c", "c", "b", "c", "c", "b", "f", "c", "c", "c", "b", "c"]
SUPER = ["i", "x", "c", "c", "k2", "k2", "k2", "b", "c", "c", "b", "c", "f", "c", "c", "b", "c"]

SCRIPTS: dict[str, tuple[list[str], list[int], int, object]] = {
    "archie": (BLIND_DRAW, [100, 100, 100], 11, None),
    "a5-triple-draw": (BLIND_DRAW, [100, 100, 100], 12, None),
    "27-triple-draw": (BLIND_DRAW, [100, 100, 100], 13, None),
    "badugi": (BLIND_DRAW, [100, 100, 100], 14, None),
    "badacey": (BLIND_DRAW, [100, 100, 100], 15, None),
    "badeucey": (BLIND_DRAW, [100, 100, 100], 16, None),
    "drawmaha": (DRAWMAHA, [100, 100, 100], 17, None),
    "drawmaha-27": (DRAWMAHA, [100, 100, 100], 18, None),
    "big-o": (FLOP, [100, 100, 100], 19, BIG_O_STRUCTURES["$2-$4"]),
    "double-board-omaha": (FLOP, [100, 100, 100], 20, None),
    "stud8": (STUD, [100, 100, 100], 21, None),
    "razzdugi": (STUD, [100, 100, 100], 22, None),
    "27-razzdugi": (STUD, [100, 100, 100], 23, None),
    "super-razzdugi": (SUPER, [100, 100, 100], 24, None),
}


def play(key: str) -> Hand:
    """Play the scripted hand of ``key`` to the end."""
    script, stacks, seed, structure = SCRIPTS[key]
    h = Hand(POT_DECLARATIONS[key], stacks, button=0, structure=structure, seed=seed)
    return action_script.play(h, script)
