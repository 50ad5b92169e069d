"""The rules every banked counter applies the same way, written once: the decision derived from
the exact value of each option with the tie rule (RULINGS R23), the dealer hands split by
qualification and by comparison with the player's hand, and the part each wager plays, read
from the declaration.

* :func:`decide`: of the options (fold first, then the bets from the smallest), the one worth
  the most; of exactly equal options, the one that puts less money at risk (R23), or with
  ``ties="more"`` the larger wager (kept only to measure what R23 changes).
* :func:`split_dealer_hands`: from the dealer hands below (``lt``) and at most (``le``) the
  player's hand and those that do not qualify (``nq``), how many fall in each of the
  :data:`CELLS`.
* :func:`wager_roles`: the decision wager, the wager it is a multiple of, the main game's wagers,
  the bonus tables paid on them and the side bets, from how each wager settles.

>>> decide([np.array([-1, -1]), np.array([-1, 2])]).choice.tolist()
[0, 1]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from ...errors import GameError
from ...games.banked import BankedGame
from ...games.vocabularies import OnFold, Settles

#: How exactly equal options are broken: ``"less"`` is RULINGS R23 (fold rather than bet, the
#: smaller multiple rather than the larger); ``"more"`` (the larger wager) is kept only to
#: measure what R23 changes.
TIE_RULES = ("less", "more")

#: The dealer hands against one player hand, in the order :func:`split_dealer_hands` gives them:
#: the dealer does not qualify (``nq``) and is below / ties / is above the player; the dealer
#: qualifies and is below / ties / is above.
CELLS = ("nq below", "nq tie", "nq above", "below", "tie", "above")


class Decision(NamedTuple):
    """The best value of each situation, the option taken (its index: 0 the first option, the
    fold) and whether two or more options share the best value."""

    value: np.ndarray
    choice: np.ndarray
    tied: np.ndarray


def check_ties(ties: str) -> str:
    """``ties`` itself, or a GameError when it is not one of :data:`TIE_RULES`.

    >>> check_ties("more")
    'more'
    >>> check_ties("fewer")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the tie rule is one of ('less', 'more'), not 'fewer'
    """
    if ties not in TIE_RULES:
        raise GameError(f"the tie rule is one of {TIE_RULES}, not {ties!r}")
    return ties


def decide(options: np.ndarray | Sequence[np.ndarray], ties: str = "less") -> Decision:
    """The decision in every situation from the exact value of each option, the options in the
    order of the money they put at risk (fold first, then each bet from the smallest): the
    option worth the most; of exactly equal options the first (R23) or, with ``ties="more"``,
    the last. ``options``: one array per option (broadcast together), or one array with the
    options along its last axis. An option that is not allowed is given a value below every
    other (``np.iinfo(np.int64).min``).

    >>> values = [np.array([-3, -3, 1]), np.array([-3, 5, 2]), np.array([-4, 5, 7])]
    >>> d = decide(values)
    >>> d.value.tolist(), d.choice.tolist(), d.tied.tolist()
    ([-3, 5, 7], [0, 1, 2], [True, True, False])
    >>> decide(values, "more").choice.tolist()
    [1, 2, 2]
    >>> decide(np.array([[2, 2], [1, 3]])).choice.tolist()  # the options along the last axis
    [0, 1]
    """
    check_ties(ties)
    if isinstance(options, np.ndarray):
        stack = options
    else:
        stack = np.stack(np.broadcast_arrays(*options), axis=-1)
    best = stack.max(axis=-1)
    at_best = stack == best[..., None]
    if ties == "less":
        choice = at_best.argmax(axis=-1)
    else:
        choice = stack.shape[-1] - 1 - at_best[..., ::-1].argmax(axis=-1)
    return Decision(best, choice, at_best.sum(axis=-1) > 1)


class DealerCells(NamedTuple):
    """How many dealer hands fall in each of the :data:`CELLS`, per player hand."""

    nq_below: np.ndarray
    nq_tie: np.ndarray
    nq_above: np.ndarray
    below: np.ndarray
    tie: np.ndarray
    above: np.ndarray


def split_dealer_hands(lt: np.ndarray, le: np.ndarray, nq: np.ndarray, n_dealer: int) -> DealerCells:
    """The ``n_dealer`` dealer hands against each player hand split into the :data:`CELLS`, from
    how many are below the player's hand (``lt``), at most the player's hand (``le``) and do not
    qualify (``nq``). A dealer hand that does not qualify is below every one that does, so the
    hands below the player that do not qualify are the fewer of ``lt`` and ``nq``.

    >>> [c.tolist() for c in split_dealer_hands(np.array([5]), np.array([6]), np.array([3]), 10)]
    [[3], [0], [0], [2], [1], [4]]
    """
    lt, le, nq = (np.asarray(a, np.int64) for a in (lt, le, nq))
    nq_below = np.minimum(lt, nq)
    nq_tie = np.minimum(le, nq) - nq_below
    nq_above = nq - np.minimum(le, nq)
    return DealerCells(nq_below, nq_tie, nq_above, lt - nq_below, le - lt - nq_tie, n_dealer - le - nq_above)


@dataclass(frozen=True)
class WagerRoles:
    """The part each wager of a declaration plays in its analysis, read from how it settles:
    ``decision`` the first decision's wager (the Play, the flop bet), ``unit`` the wager it is a
    multiple of (the Ante), ``main`` the main game's wagers (those a fold loses, in the
    declaration's order), ``bonuses`` the pay tables paid on a main wager (the Ante Bonus),
    ``side`` the side bets (settled by their pay table whatever the decision) and
    ``table_else_dealer`` the main wagers paid by their table, else settled against the dealer
    (the Super Bonus)."""

    decision: str
    unit: str
    main: tuple[str, ...]
    bonuses: tuple[str, ...]
    side: tuple[str, ...]
    table_else_dealer: tuple[str, ...]


def wager_roles(decl: BankedGame) -> WagerRoles:
    """The part each of ``decl``'s wagers plays (:class:`WagerRoles`).

    >>> from gamelib.games.banked import CRAZY4_POKER, THREE_CARD_6BONUS
    >>> r = wager_roles(CRAZY4_POKER)
    >>> r.decision, r.unit, r.main, r.side, r.table_else_dealer
    ('play', 'ante', ('ante', 'super_bonus', 'play'), ('queens_up',), ('super_bonus',))
    >>> wager_roles(THREE_CARD_6BONUS).bonuses
    ('ante_bonus',)
    """
    decision = decl.wager(decl.decisions[0].wager)
    main = tuple(w for w in decl.wagers if w.on_fold is OnFold.LOSES)
    return WagerRoles(
        decision=decision.key,
        unit=decision.equal_to or decl.cap_on,
        main=tuple(w.key for w in main),
        bonuses=tuple(w.bonus for w in main if w.bonus),
        side=tuple(w.key for w in decl.wagers if w.on_fold is OnFold.STANDS and w.settles is Settles.BY_PAY_TABLE),
        table_else_dealer=tuple(w.key for w in main if w.settles is Settles.BY_PAY_TABLE_ELSE_DEALER),
    )


__all__ = ["TIE_RULES", "CELLS", "Decision", "check_ties", "decide", "DealerCells", "split_dealer_hands",
           "WagerRoles", "wager_roles"]
