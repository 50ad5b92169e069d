"""The action-script language: a hand of a pot game played token by token.

This docstring is the language's one specification; ``act`` is its one interpreter (the book's
scripted hands, ``gamelib.widgets.scripted_hands``, and the scripted betting of a
``gamelib.engine.walkthrough.Walkthrough`` play their tokens through it).

A script is a list of tokens, one per action of the player in turn:

* ``f`` folds; ``c`` checks, or calls when there is a bet to call; ``i`` brings in (stud);
  ``p`` stands pat.
* ``b``, ``r`` or ``x``: the bet, raise or completion that is legal now (the three letters are
  interchangeable: at most one of the three is legal at a time, and the hand knows which), for
  the smallest legal total; ``b12`` (``r12``, ``x12``) to a total of $12; ``bmax`` (``rmax``,
  ``xmax``) for the largest legal total.
* ``d:Kc Qd`` draws those cards (throws them and is dealt as many); ``dN`` (``d2``) draws the
  N worst cards for the game, named worst first.
* ``k:Kc Qd`` discards those cards without replacement (Super Razzdugi, R15); ``kN`` (``k2``)
  discards the N worst cards for the game, named worst first; ``k`` discards the worst cards
  for the game, as many as the street asks for, named from the least bad (in Super Razzdugi:
  the two highest down cards, the ace low).

The worst cards for the game are read off its declaration: they are judged by the ranking
system of the portion a draw is for, the last portion judged on the player's cards alone (a
portion that reads a board is judged with cards a draw does not change; a game whose every
portion reads a board judges by its last portion). Under a low system the worst cards are the
highest ranks, the ace counted high where the system counts it high and low otherwise; under a
high system they are the lowest ranks, the ace high. Cards of one rank are told apart by suit
where the ace is high (under a high system the lower suit is the worse, under a low one the
higher; clubs, diamonds, hearts, spades, RULINGS R2) and by the order the seat holds them where
the ace is low: ``dN`` and ``kN`` sort the seat's down cards from the worst down, keeping the
seat's order among equals, and take the first N; ``k`` sorts them from the least bad up, keeping
the seat's order among equals, and takes the last ones.

A token the language does not have, a token after the end of the hand, and a token for an
action that is not legal now are refused with a ``GameError`` that says why. ``act`` returns
the hand history's line for the action ("seat 0 folds").

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["a5-triple-draw"], [50, 50, 50], seed=3)
>>> [act(h, t) for t in ["r", "c", "c"]]
['seat 0 raises to $4', 'seat 1 calls $3', 'seat 2 calls $2']
>>> act(h, "d2")  # ace-to-five: the two highest go, the two jacks in the order seat 1 holds them
'seat 1 draws 2: discards Jd Jh, receives 9s Kd'
>>> act(h, "z")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gamelib.errors.GameError: unknown script token 'z'; the tokens are f (fold), c (check or call), b r x (bet, raise or
complete: the smallest legal total; b12 to $12; bmax the largest), i (bring in), p (stand pat), d:<cards> or dN (draw
those cards, or the N worst), k:<cards>, kN or k (discard those cards, the N worst, or as many of the worst as the
street asks)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..amounts import parse_dollars
from ..cards import rank_of
from ..errors import GameError, shown
from ..rankings import system as ranking_system
from .actions import ActionKind
from .hand import Hand

#: What a refusal of an unknown token lists: every token of the language.
TOKENS = ("f (fold), c (check or call), b r x (bet, raise or complete: the smallest legal total; b12 to $12; "
          "bmax the largest), i (bring in), p (stand pat), d:<cards> or dN (draw those cards, or the N worst), "
          "k:<cards>, kN or k (discard those cards, the N worst, or as many of the worst as the street asks)")

_PLAIN = {"f": ActionKind.FOLD, "i": ActionKind.BRING_IN, "p": ActionKind.STAND_PAT}
_WAGER = re.compile(r"([brx])(max|.+)?", re.DOTALL)
_COUNT = re.compile(r"([dk])([0-9]+)")


def act(hand: Hand, token: str) -> str:
    """Play one script token on ``hand`` (see the module docstring); returns the history line
    of the action ("" if it wrote none).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> h = Hand(POT_DECLARATIONS["stud8"], [20, 20, 20], seed=1)
    >>> act(h, "i")
    'seat 2 brings in for $1'
    >>> act(h, "xmax")
    'seat 0 completes to $2'
    """
    if not isinstance(token, str):
        raise GameError(f"a script token is a word such as 'c' or 'r12', not {shown(token)}")
    if hand.is_over:
        raise GameError(f"the script token {shown(token)} comes after the end of the hand")
    before = len(hand.events)
    letter, colon, cards = token.partition(":")
    count = _COUNT.fullmatch(token)
    wager = _WAGER.fullmatch(token)
    if colon and letter in ("d", "k"):
        hand.act(ActionKind.DRAW if letter == "d" else ActionKind.DISCARD, cards=cards)
    elif count:
        n = _count(hand, token, count.group(2))
        hand.act(ActionKind.DRAW if count.group(1) == "d" else ActionKind.DISCARD, cards=worst(hand, n))
    elif token == "k":
        seat = hand.to_act
        assert seat is not None  # the hand is not over
        asked = hand.street.discard
        hand.act(ActionKind.DISCARD, cards=sorted(hand.down[seat], key=badness(hand))[-asked:] if asked else [])
    elif token == "c":
        hand.call()
    elif token in _PLAIN:
        hand.act(_PLAIN[token])
    elif wager:
        legal = next((a for a in hand.legal_actions() if a.kind.is_wager), None)
        if legal is None:
            raise GameError(f"the script token {shown(token)} bets or raises, and no bet or raise is legal now: "
                            + hand.legal_words())
        size = wager.group(2)
        if size is None:
            amount = legal.min
        elif size == "max":
            amount = legal.max
        else:
            amount = parse_dollars(size, f"the amount in the script token {shown(token)}")
        hand.act(legal.kind, amount)
    else:
        raise GameError(f"unknown script token {shown(token)}; the tokens are {TOKENS}")
    return first_line(hand, before) or ""


def _count(hand: Hand, token: str, digits: str) -> int:
    """The N of a ``dN`` or ``kN`` token: 1 to the number of cards the seat in turn holds down."""
    seat = hand.to_act
    assert seat is not None  # the hand is not over
    held = len(hand.down[seat])
    n = int(digits) if len(digits) <= 3 else held + 1  # a longer number is too many cards anyway
    if not 1 <= n <= held:
        raise GameError(f"the script token {shown(token)} draws {'too many' if n > held else 'no'} cards: "
                        f"seat {seat} holds {held} down, so the count is 1 to {held}")
    return n


def worst(hand: Hand, n: int) -> list[int]:
    """The ``n`` worst down cards of the seat in turn for the game (see the module docstring),
    the worst first.

    >>> from gamelib.cards import format_cards, parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> h = Hand(POT_DECLARATIONS["drawmaha"], [50, 50], seed=1)
    >>> h.down[h.to_act] = parse_cards("As 2c Kd 2d 9h")
    >>> format_cards(worst(h, 2))  # the draw half is high: the lowest go, clubs before diamonds
    '2c 2d'
    """
    seat = hand.to_act
    assert seat is not None  # the hand is not over
    return sorted(hand.down[seat], key=badness(hand), reverse=True)[:n]


def badness(hand: Hand) -> Callable[[int], int]:
    """How bad a card is for a draw in ``hand``'s game (larger is worse; see the module docstring).

    >>> from gamelib.cards import parse_cards
    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> bad = badness(Hand(POT_DECLARATIONS["a5-triple-draw"], [50, 50], seed=1))
    >>> [bad(c) for c in parse_cards("Ac Kc 2c")]  # ace-to-five: the ace is the best card
    [0, 12, 1]
    """
    portions = hand.game.portions
    own = [p for p in portions if not ranking_system(p.system).uses_board]
    judged = ranking_system((own or list(portions))[-1].system)
    if not judged.is_low:
        return lambda c: -c  # the lowest ranks are the worst; card order is rank, then suit
    if judged.ace_high:
        return lambda c: c
    return lambda c: (rank_of(c) + 1) % 13  # the ace low; one rank's cards keep the seat's order


def first_line(hand: Hand, before: int) -> str | None:
    """The history line of the first event ``hand`` recorded after its first ``before`` events
    (``None``: none wrote a line).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> h = Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3)
    >>> n = len(h.events)
    >>> h.act("fold")
    >>> first_line(h, n)
    'seat 0 folds'
    """
    return next((e.text for e in hand.events[before:] if e.text is not None), None)


def play(hand: Hand, script: Sequence[str]) -> Hand:
    """Play every token of ``script`` on ``hand``, in order; returns ``hand``.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> play(Hand(POT_DECLARATIONS["stud8"], [20, 20, 20], seed=1), ["i", "f", "f"]).winnings
    [0, 0, 1]
    """
    for token in script:
        act(hand, token)  # a token after the end of the hand is refused there
    return hand


__all__ = ["TOKENS", "act", "badness", "first_line", "play", "worst"]
