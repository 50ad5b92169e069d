"""Hands played from a script, for the mixed-game and Big O chapters: ``play`` deals a hand and
plays the script's tokens, ``act`` plays one token, ``action_table`` tabulates each action and
``history_html`` shows the engine's history. Every number comes from the hand state machine.

The script language and its one interpreter are the engine's: ``gamelib.engine.script``, whose
docstring specifies every token (``f`` fold, ``c`` check or call, ``b``/``r``/``x`` bet, raise
or complete, ``r12`` to $12, ``rmax`` the largest, ``i`` bring in, ``p`` stand pat, ``d:Kc Qd``
or ``d2`` draw, ``k:Kc Qd``, ``k2`` or ``k`` discard). ``act`` here is that interpreter.

>>> h = play("big-o", ["f", "f", "f"], [40, 40, 40, 40], seed=1)
>>> h.history[-1]
'final stacks: seat 0 $40, seat 1 $39, seat 2 $41, seat 3 $40'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..cards import CardsLike
from ..engine import script as action_script
from ..engine.hand import Hand
from ..engine.script import act
from ..games.pot import POT_DECLARATIONS, Structure

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


def play(game: str, script: Sequence[str], stacks: Sequence[int], seed: int = 1,
         structure: Structure | None = None, button: int = 0, deck: CardsLike | None = None) -> Hand:
    """A hand of ``game`` played by the engine from ``script`` (see the module docstring).

    >>> play("stud8", ["i", "f", "f"], [20, 20, 20], seed=1).winnings
    [0, 0, 1]
    """
    h = Hand(POT_DECLARATIONS[game], list(stacks), button=button, structure=structure, seed=seed, deck=deck)
    return action_script.play(h, script)


def action_table(hand: Hand, script: Sequence[str]) -> pd.DataFrame:
    """Play ``script`` on ``hand`` and tabulate each action: who, what was legal, what he did,
    the pot after it.

    >>> action_table(Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3), ["f"])["action"].tolist()
    ['seat 0 folds']
    """
    rows = []
    for t in script:
        seat = hand.to_act
        legal = hand.legal_words()
        street = hand.street.name
        line = act(hand, t)
        rows.append({"street": street, "seat": seat, "could": legal, "action": line, "pot": hand.pot})
    return pd.DataFrame(rows)


def history_html(hand: Hand) -> str:
    """The engine's hand history as a block of text, one line per event.

    >>> "uncontested" in history_html(play("badugi", ["f"], [50, 50], seed=3))
    True
    """
    lines = "\n".join(html.escape(x) for x in hand.history)
    return f'<pre style="font-size:0.85em;line-height:1.35;white-space:pre-wrap;">{lines}</pre>'


__all__ = ["act", "play", "action_table", "history_html"]
