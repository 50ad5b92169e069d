"""The end of a hand of a pot game: the showdown and the award of every pot.

``HandEnd`` is the part of ``gamelib.engine.hand.Hand`` that finishes a hand: an uncontested
pot, or the showdown (``gamelib.engine.showdown.Showdown``) of every side pot (R7) split among
its portions with the odd chips (R6), then the winnings collected into the stacks.

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["badugi"], [50, 50], button=0, seed=3)
>>> h.act("fold"); h.winnings, h.history[-2:]
([0, 3], ['seat 1 collects $3', 'final stacks: seat 0 $49, seat 1 $51'])
"""

from __future__ import annotations

from . import events as ev
from .actions import Phase
from .hand_state import HandState
from .pots import side_pots
from .showdown import Showdown


class HandEnd(HandState):
    """The cards each seat shows, the pot, and the award of every chip when the hand is over."""

    def final_cards(self, s: int) -> list[int]:
        """The cards seat ``s`` holds (hole and up cards, without boards or a community card).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> len(Hand(POT_DECLARATIONS["badacey"], [9, 9], seed=1).final_cards(0))
        5
        """
        return self.down[s] + self.up[s]

    def _finish(self) -> None:
        self.to_act = None
        self.phase = Phase.OVER
        live = [not f for f in self.folded]
        pots = side_pots(self.contributed, live)
        in_hand = self._in_hand()
        if len(in_hand) == 1:
            w = in_hand[0]
            total = sum(self.contributed)
            self.winnings[w] += total
            self._record(ev.WinsUncontested(w, total))
        else:
            self._record(ev.ShowdownStart())
            hands = [self.final_cards(s) if live[s] else None for s in range(self.n)]
            one_board = self.boards[0] if self.game.boards == 1 else None
            boards = self.boards if self.game.boards > 1 else None
            sd = Showdown(self.game, hands, board=one_board, boards=boards, community=self.community or None)
            self.showdown = sd
            for s in in_hand:
                cards = sd.hands[s]
                assert cards is not None  # a seat still in has a hand at the showdown
                self._record(ev.Shows(s, tuple(cards)))
            for k, pot in enumerate(pots):
                if len(pot.eligible) == 1:
                    self.winnings[pot.eligible[0]] += pot.amount
                    self._record(ev.PotReturned(k, pot.amount, pot.eligible[0]))
                    continue
                portions = sd.judge(pot.eligible)
                paid = sd.split_pot(pot.amount, portions, self.button)
                for p in portions:
                    if p.share or (p.winners == () and p.system):  # a share won, or a portion nobody won
                        self._record(ev.PotAward(k, pot.amount, p.name, p.share, p.winners, p.reason))
                for s, x in enumerate(paid):
                    self.winnings[s] += x
        for s in range(self.n):
            self.stacks[s] += self.winnings[s]
            if self.winnings[s]:
                self._record(ev.Collect(s, self.winnings[s]))
        self._record(ev.FinalStacks(tuple(self.stacks)))
        self.is_over = True

    @property
    def pot(self) -> int:
        """Every dollar put in so far this hand.

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> Hand(POT_DECLARATIONS["archie"], [30, 30, 30], seed=1).pot
        3
        """
        return sum(self.contributed)


__all__ = ["HandEnd"]
