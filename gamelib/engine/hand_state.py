"""The state of one hand of a pot game, as the parts of ``gamelib.engine.hand.Hand`` share it.

``Hand`` is put together from parts: ``LegalActions`` (``legal.py``: what is legal now) and
``HandEnd`` (``award.py``: the showdown and the award) read and write the state ``Hand``
sets up and plays. ``HandState`` is their common base: it names every field of that state
with its type (``Hand.__init__`` and the betting set them), and holds the few helpers every
part uses (the street being played, the seats still in, recording an event). It adds no
behaviour of its own: a ``Hand`` is what you build.

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3)
>>> isinstance(h, HandState), h.street.name, h._in_hand()
(True, 'deal', [0, 1])
"""

from __future__ import annotations

import numpy as np

from ..games.pot import PotGame, Street, Structure
from . import events as ev
from .actions import Phase
from .betting_round import BettingRound, RoundView
from .showdown import Showdown


class HandState:
    """The fields of a hand in play, typed (set by ``Hand``), and the helpers its parts share."""

    #: The game dealt, and the structure it is played at (the game's own unless one is given).
    game: PotGame
    structure: Structure
    #: The ruling a new seat's posted big blind follows: R24 at Big O, R25 at a mixed table.
    new_player_ruling: str
    #: The number of seats, the button, and each seat's stack at the start and now.
    n: int
    button: int
    start_stacks: list[int]
    stacks: list[int]
    #: The seats that posted the blinds (blind games only).
    sb_seat: int
    bb_seat: int
    #: The deck: the seeded generator, the cards still to deal (the stub) and the muck.
    rng: np.random.Generator
    stub: list[int]
    muck: list[int]
    #: The cards: each seat's down and up cards, each board, the stud community card.
    down: list[list[int]]
    up: list[list[int]]
    boards: list[list[int]]
    community: list[int]
    #: Per seat: folded, put in this round, put in this hand, won at the end.
    folded: list[bool]
    committed: list[int]
    contributed: list[int]
    winnings: list[int]
    #: Everything that has happened, in order (``gamelib.engine.events``).
    events: list[ev.Event]
    #: Where the hand is: the street, the phase (betting, drawing, discarding, over), who acts.
    street_index: int
    phase: Phase
    to_act: int | None
    is_over: bool
    #: The judged showdown, once there is one.
    showdown: Showdown | None
    #: The seats still to draw or discard this street, in order.
    _queue: list[int]
    #: The betting round being played (or the last one played, between rounds).
    betting: BettingRound

    @property
    def street(self) -> Street:
        """The street being played (a ``gamelib.games.pot.Street``).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> Hand(POT_DECLARATIONS["big-o"], [20, 20], seed=4).street.name
        'pre-flop'
        """
        return self.game.streets[min(self.street_index, len(self.game.streets) - 1)]

    @property
    def round_view(self) -> RoundView:
        """The betting round as it stands (``gamelib.engine.betting_round.RoundView``): the bet
        now, the last full raise, the full bets against the cap, what each seat must call,
        whom the betting is open to (R-A1) and who may still bet or raise.

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> v = Hand(POT_DECLARATIONS["big-o"], [20, 20], seed=4).round_view
        >>> v.current_bet, v.to_call, v.last_full_raise
        (2, (1, 0), 2)
        """
        return self.betting.view(self.committed, self.stacks, self.folded)

    @property
    def current_bet(self) -> int:
        """The bet now in the betting round (``round_view.current_bet``).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> Hand(POT_DECLARATIONS["big-o"], [20, 20], seed=4).current_bet
        2
        """
        return self.betting.current_bet

    def bet_last_acted_on(self, seat: int) -> int | None:
        """The bet ``seat`` last acted on in this betting round (``None``: it has not acted since
        the round began or the betting was last reopened). A raise of less than a full raise
        does not reopen the betting to a seat that has acted on the bet before it (R-A1).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["badugi"], [20, 20, 20], seed=1); h.act("call")
        >>> h.bet_last_acted_on(h.button), h.bet_last_acted_on(h.to_act)
        (2, None)
        """
        if not 0 <= seat < self.n:
            return None
        return self.round_view.acted_on[seat]

    def _in_hand(self) -> list[int]:
        """The seats that have not folded."""
        return [s for s in range(self.n) if not self.folded[s]]

    def _record(self, event: ev.Event) -> None:
        self.events.append(event)


__all__ = ["HandState"]
