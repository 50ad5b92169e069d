"""Hands played from a script, for the mixed-game and Big O chapters: ``play`` deals a hand and
plays the script's tokens, ``act`` plays one token, ``action_table`` tabulates each action and
``history_html`` shows the engine's history. Every number comes from the hand state machine.

A script is a list of tokens, one per action of the player in turn: ``f`` fold, ``c`` check or
call, ``b``/``r``/``x`` bet, raise or complete by the smallest legal amount (``r12``: raise to
$12, ``b4``: bet $4, ``rmax``: the largest legal raise), ``i`` bring in, ``p`` stand pat,
``d:Kc Qd`` draw those cards, ``k:Kc Qd`` discard those cards (Super Razzdugi, R15) and ``k``
discard the two highest down cards (ace low).

>>> h = play("big-o", ["f", "f", "f"], [40, 40, 40, 40], seed=1)
>>> h.history[-1]
'final stacks: seat 0 $40, seat 1 $39, seat 2 $41, seat 3 $40'
"""

from __future__ import annotations

import html
from typing import Any, Optional, Sequence

import pandas as pd

from ..amounts import parse_dollars
from ..cards import format_cards, rank_of
from ..engine import events
from ..engine.hand import Hand
from ..errors import GameError, shown
from ..games.pot import POT_DECLARATIONS, Structure


def _kind_for(hand: Hand, letter: str) -> str:
    kinds = [a.kind for a in hand.legal_actions()]
    if letter == "c":
        return "call" if "call" in kinds else "check"
    if letter in ("b", "r", "x"):
        agg = [k for k in kinds if k in ("bet", "raise", "complete")]
        if not agg:
            raise GameError(f"no bet or raise is legal now: {', '.join(str(a) for a in hand.legal_actions())}")
        return agg[0]
    return {"f": "fold", "i": "bring-in", "p": "stand pat"}[letter]


def act(hand: Hand, token: str) -> str:
    """Play one script token on ``hand``; returns the engine's history line for it.

    >>> h = Hand(POT_DECLARATIONS["stud8"], [20, 20, 20], seed=1)
    >>> act(h, "i")
    'seat 2 brings in for $1'
    """
    before = len(hand.events)
    letter, _, arg = token.partition(":")
    if letter in ("d", "k"):
        if letter == "k" and not arg:
            if hand.to_act is None:
                raise GameError(f"the script token {shown(token)} comes after the end of the hand")
            down = hand.down[hand.to_act]
            arg = format_cards(sorted(down, key=lambda c: (rank_of(c) + 1) % 13)[-2:])
        hand.act("draw" if letter == "d" else "discard", cards=arg)
    elif letter[0] in "brx" and len(letter) > 1:
        kind = _kind_for(hand, letter[0])
        if letter[1:] == "max":
            amount = next(a.max for a in hand.legal_actions() if a.kind == kind)
        else:
            amount = parse_dollars(letter[1:], f"the amount in the script token {shown(token)}")
        hand.act(kind, amount)
    elif letter in ("b", "r", "x"):
        kind = _kind_for(hand, letter)
        hand.act(kind, next(a.min for a in hand.legal_actions() if a.kind == kind))
    else:
        hand.act(_kind_for(hand, letter))
    return _first_line(hand, before) or ""


def _first_line(hand: Hand, before: int) -> Optional[str]:
    """The history line of the first event recorded since ``before`` events (None: none)."""
    return next((e.text for e in hand.events[before:] if e.text is not None), None)


def play(game: str, script: Sequence[str], stacks: Sequence[int], seed: int = 1,
         structure: Optional[Structure] = None, button: int = 0, deck: Any = None) -> Hand:
    """A hand of ``game`` played by the engine from ``script`` (see the module docstring).

    >>> play("stud8", ["i", "f", "f"], [20, 20, 20], seed=1).winnings
    [0, 0, 1]
    """
    h = Hand(POT_DECLARATIONS[game], list(stacks), button=button, structure=structure, seed=seed, deck=deck)
    for t in script:
        if h.is_over:
            raise GameError(f"the hand is over before the script's token {shown(t)}")
        act(h, t)
    return h


def action_table(hand: Hand, script: Sequence[str]) -> pd.DataFrame:
    """Play ``script`` on ``hand`` and tabulate each action: who, what was legal, what he did,
    the pot after it.

    >>> action_table(Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3), ["f"])["action"].tolist()
    ['seat 0 folds']
    """
    rows = []
    for t in script:
        seat = hand.to_act
        legal = ", ".join(str(a) for a in hand.legal_actions())
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
