"""The six drills. Each deals a fresh seeded situation from the real engine and keeps the
engine's answer and reason: nothing here is a fixed list of questions, and no rule is written
here (hand values come from ``gamelib.rankings``, winners and dollars from the showdown judge,
wager results from ``BankedGameEngine.settle``, forced bets and legal actions from the hand state
machine).

* :class:`ReadHand` -- name the value of a hand in a game (``focus`` ``"exact"``: the words a
  dealer says, among the nearest values; ``"category"``: the category).
* :class:`WhoWins` -- the winner(s) of each portion of a pot game's showdown (``"ties"``,
  ``"no-qualifier"``: only deals with a tie, or with a portion nobody qualifies for).
* :class:`SplitPot` -- the dollars each seat receives (``"odd-chips"``, ``"side-pots"``).
* :class:`PayWager` -- a banked game's result on every wager (``"caps"``: the NH Hold'em cap).
* :class:`RunGame` -- forced bets, first to act, is this action legal, the largest raise
  (``"forced"``, ``"first-to-act"``, ``"legal"``, ``"max-raise"``).
* :class:`ReplayHand` -- a published hand record stopped at a seeded action: who acts, his call,
  his smallest and largest raise, each pot (``replay_drills``).

The base class is in ``drill_base``, the drills in ``hand_drills``, ``banked_drills`` and
``run_game``; this module is their registry. ``drill.next(seed)`` deals a question;
``drill.check(question, answer)`` returns the verdict on the trainee's answer.

>>> d = ReadHand("badugi")
>>> q = d.next(7)
>>> d.check(q, q.correct_answer).correct
True
"""

from __future__ import annotations

from typing import Any

from ..errors import GameError, shown
from .banked_drills import PayWager
from .drill_base import NOBODY, Drill, seat  # noqa: F401  (re-exported)
from .hand_drills import ReadHand, SplitPot, WhoWins
from .replay_drills import ReplayHand
from .run_game import RunGame

#: Every drill, by key.
DRILLS: dict[str, type[Drill]] = {d.key: d for d in (ReadHand, WhoWins, SplitPot, PayWager, RunGame, ReplayHand)}


def drills_for(game: str) -> list[str]:
    """The drills available for a game.

    >>> drills_for("crazy4"), drills_for("badugi")[:2]
    (['read-hand', 'pay-wager'], ['read-hand', 'who-wins'])
    """
    return [k for k, d in DRILLS.items() if game in d.games]


def make_drill(key: str, game: str, focus: str = "any") -> Drill:
    """The drill ``key`` for ``game`` at ``focus``.

    >>> make_drill("split-pot", "stud8", "odd-chips").title
    'Split the pot'
    """
    if key not in DRILLS:
        raise GameError(f"unknown drill {shown(key)}; the drills are: {', '.join(DRILLS)}")
    return DRILLS[key](game, focus)


__all__ = ["Drill", "ReadHand", "WhoWins", "SplitPot", "PayWager", "RunGame", "DRILLS", "NOBODY", "drill_table",
           "drills_for", "make_drill", "seat"]


def drill_table() -> Any:
    """The drills as a table: what each asks, for which games, with which focus options.

    >>> drill_table().loc[0, "drill"]
    'Read the hand'
    """
    import pandas as pd

    rows = []
    for d in DRILLS.values():
        focuses: list[str] = []
        for g in d.games:
            focuses += [f for f in d.focuses_for(g) if f not in focuses]
        rows.append({"drill": d.title, "key": d.key, "asks": (d.__doc__ or "").split("\n")[0].split(": ", 1)[-1],
                     "games": len(d.games), "focus options": ", ".join(focuses)})
    return pd.DataFrame(rows)
