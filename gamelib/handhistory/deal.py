"""Dealing a hand from a record's own cards: the cards each player and board is dealt, unseen
cards (``??``) resolved, and the hand that deals them.

``RecordCards.read(actions, n)`` reads every card of a record before the hand is replayed:
each player's cards in the order dealt (``d dh``), the boards' (``d db``), the cards each draw
throws (``sd``) and what each player shows or mucks (``sm``). A card nobody saw is a slot that
a later show fills (the cards a player shows at the showdown are the ``??`` he was dealt), or,
if nothing shows it, a card of the deck the record never names: a folded or mucked hand is
never judged, so which card it is changes nothing. A player who mucks at the showdown gives up
his hand: it is dead and wins no part of any pot (as in any cardroom: a hand must be shown to
win).

``RecordHand`` is a ``gamelib.engine.hand.Hand`` that deals those cards (the engine's
``_deal``), burns only cards the record does not deal, and at the showdown kills the mucked
hands; it refuses to award a pot to a hand the record never shows.

>>> from gamelib.handhistory.record import parse_action
>>> rc = RecordCards.read([parse_action(a) for a in ("d dh p1 ????", "d dh p2 AsKs", "p1 sm 2c2d")], 2)
>>> [format_cards(q) for q in rc.dealt]
['2c 2d', 'As Ks']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from ..cards import format_cards, rank_of
from ..engine.hand import Hand
from ..games.pot import PotGame, Street, Structure
from ..games.vocabularies import BringInCard
from .record import Action, HandRecordError


@dataclass
class RecordCards:
    """Every card of a record, unseen ones resolved (see the module docstring)."""

    #: Each player's cards in the order dealt (hole, up and drawn cards).
    dealt: list[list[int]]
    #: The board cards in the order dealt (a stud community card too).
    board: list[int]
    #: For each draw action (by its index in the actions): the cards it throws.
    thrown: dict[int, list[int]]
    #: The players (0-based) who muck at the showdown.
    mucked: set[int]
    #: The cards given to ``??`` nobody showed.
    stand_ins: set[int] = field(default_factory=set)

    @classmethod
    def read(cls, actions: Sequence[Action], n: int, game: PotGame | None = None) -> RecordCards:
        """Read and resolve the cards of ``actions`` for ``n`` players of ``game``. A stud up card
        nobody noted (a hand folded at once) is given a card that cannot bring in (R14): the
        record says who brought in, and a stand-in must not take it from him.

        >>> from gamelib.handhistory.record import parse_action
        >>> rc = RecordCards.read([parse_action(a) for a in ("d dh p1 ??????", "d dh p2 7h6c4c", "p1 sd ????",
        ...                                                  "d dh p1 AhKh", "p1 sm AhKh2s")], 2)
        >>> format_cards(rc.dealt[0]), format_cards(rc.thrown[2]), rc.stand_ins == set(rc.thrown[2])
        ('2c 2d 2s Ah Kh', '2c 2d', True)
        """
        reading = _CardSlots(n, game)
        for index, action in enumerate(actions):
            if action.verb == "dh":
                reading.deal_player(action)
            elif action.verb == "db":
                reading.deal_board(action)
            elif action.verb == "sd" and action.cards:
                reading.draw(index, action)
            elif action.verb == "sm":
                reading.show_or_muck(action)
        stand_ins = reading.fill_unseen(_spare_cards(reading.slots, game))
        return cls(*reading.resolved(), reading.mucked, stand_ins)


class _CardSlots:
    """A record's cards as they are read: a slot per card dealt (``None`` for a ``??`` not yet shown)."""

    def __init__(self, n: int, game: PotGame | None) -> None:
        """No card read yet, for ``n`` players of ``game``."""
        self.n = n
        self.slots: list[int | None] = []
        self.dealt: list[list[int]] = [[] for _ in range(n)]
        self.holding: list[list[int]] = [[] for _ in range(n)]
        self.board: list[int] = []
        self.thrown_slots: dict[int, list[int]] = {}
        #: For each draw: the cards it throws that the player does not hold (-1 for ``??``).
        self.thrown_unheld: dict[int, list[int]] = {}
        self.mucked: set[int] = set()
        #: The streets that deal players cards, in order (stud only: where its up cards are).
        self.dealing: list[Street] = ([st for st in game.streets if st.down or st.up]
                                      if game is not None and game.is_stud else [])
        self.deals_to = [0] * n
        #: The slots of stud up cards nobody noted (a hand folded at once).
        self.up_slots: list[int] = []

    def player(self, action: Action) -> int:
        """The seat (0-based) an action names, refused if the record does not seat it."""
        seat = action.player
        if seat is None or not 0 <= seat < self.n:
            raise HandRecordError(f"action {action.text!r}: the record seats p1 to p{self.n}")
        return seat

    def deal_player(self, action: Action) -> None:
        """A player is dealt cards (``d dh``): a slot for each, noting a stud up card nobody saw."""
        seat = self.player(action)
        dealing, deals_to = self.dealing, self.deals_to
        street = dealing[deals_to[seat]] if deals_to[seat] < len(dealing) else None
        deals_to[seat] += 1
        for position, card in enumerate(action.cards):
            self.slots.append(card)
            self.dealt[seat].append(len(self.slots) - 1)
            self.holding[seat].append(len(self.slots) - 1)
            if street is not None and position >= street.down and card is None:
                self.up_slots.append(len(self.slots) - 1)

    def deal_board(self, action: Action) -> None:
        """Board cards are dealt (``d db``): a slot for each."""
        for card in action.cards:
            self.slots.append(card)
            self.board.append(len(self.slots) - 1)

    def draw(self, index: int, action: Action) -> None:
        """A player throws cards in a draw (``sd``): the slots he throws leave his hand."""
        seat = self.player(action)
        thrown: list[int] = []
        for card in action.cards:
            slot = next((k for k in self.holding[seat] if self.slots[k] == card), None)
            if slot is None:  # not held: the replay refuses the draw, naming what he holds
                self.thrown_unheld.setdefault(index, []).append(-1 if card is None else card)
                continue
            self.holding[seat].remove(slot)
            thrown.append(slot)
        self.thrown_slots[index] = thrown

    def show_or_muck(self, action: Action) -> None:
        """A player shows or mucks (``sm``): a muck is noted; a card shown fills a ``??`` he holds."""
        seat = self.player(action)
        if not action.cards and action.amount != -1:
            self.mucked.add(seat)
        for card in action.cards:
            if card is None or any(self.slots[k] == card for k in self.holding[seat]):
                continue
            slot = next((k for k in self.holding[seat] if self.slots[k] is None), None)
            if slot is None:
                raise HandRecordError(f"action {action.text!r}: p{seat + 1} shows {format_cards([card])}, which he was "
                                      f"not dealt (he holds {_held(self.slots, self.holding[seat])})")
            self.slots[slot] = card

    def fill_unseen(self, spare: list[int]) -> set[int]:
        """Give each ``??`` nobody showed a card of ``spare``, unseen up cards first; the cards given."""
        up_slots = self.up_slots
        unknown = [k for k in up_slots if self.slots[k] is None] + \
            [k for k, c in enumerate(self.slots) if c is None and k not in up_slots]
        if len(unknown) > len(spare):
            raise HandRecordError(f"the record deals {len(unknown)} unseen cards (??), more than the {len(spare)} "
                                  f"cards of the deck it never names")
        for slot, card in zip(unknown, spare, strict=False):  # spare may hold more cards than the record leaves unseen
            self.slots[slot] = card
        return set(spare[:len(unknown)])

    def resolved(self) -> tuple[list[list[int]], list[int], dict[int, list[int]]]:
        """Each player's cards, the board's and each draw's throw, once every slot holds a card."""
        cards = [c for c in self.slots if c is not None]
        assert len(cards) == len(self.slots)
        thrown = {index: [cards[k] for k in thrown_slots] + [c for c in self.thrown_unheld.get(index, []) if c >= 0]
                  for index, thrown_slots in self.thrown_slots.items()}
        return [[cards[k] for k in dealt_slots] for dealt_slots in self.dealt], [cards[k] for k in self.board], thrown


def _spare_cards(slots: Sequence[int | None], game: PotGame | None) -> list[int]:
    """The cards the record never names, in the order stand-ins take them (in stud: no bring-in first, R14)."""
    known = {c for c in slots if c is not None}
    spare = [c for c in range(52) if c not in known]
    if game is not None and game.bring_in_card is BringInCard.LOWEST_ACE_HIGH:
        spare.reverse()  # the highest cards first (aces high)
    elif game is not None and game.bring_in_card is BringInCard.HIGHEST_ACE_LOW:
        spare.sort(key=lambda c: (rank_of(c) + 1) % 13)  # the lowest first, aces low
    return spare


def _held(slots: Sequence[int | None], ks: Sequence[int]) -> str:
    return " ".join("??" if (c := slots[k]) is None else format_cards([c]) for k in ks) or "nothing"


class RecordHand(Hand):
    """A hand dealt from a record's cards (see the module docstring): seat ``N - 1`` is the
    record's player ``pN``, the button is the last seat.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> rc = RecordCards([[0, 1, 2, 3], [4, 5, 6, 7]], [], {}, set())
    >>> h = RecordHand(POT_DECLARATIONS["badugi"], [20, 20], None, rc)
    >>> format_cards(h.down[0]), h.button
    ('2c 2d 2h 2s', 1)
    """

    def __init__(self, game: PotGame, stacks: Sequence[int], structure: Structure | None,
                 cards: RecordCards, fill_unseen: bool = False) -> None:
        self.record_cards = cards
        #: With ``fill_unseen``, a deal the record does not give is made from cards it never names
        #: and noted in ``filled`` as (the index of the action it followed, -1 before any; the seat,
        #: None for the board; how many cards): what a record still to be written must deal.
        self.fill_unseen = fill_unseen
        self.filled: list[tuple[int, int | None, int]] = []
        self.at_action = -1
        #: With ``fill_unseen``: the live players at the showdown whose cards the record does not
        #: show yet (the award is not the hand's until they are shown or mucked).
        self.unshown: list[int] = []
        self._queues = [list(q) for q in cards.dealt]
        self._board_queue = list(cards.board)
        self._reserved = {c for q in cards.dealt for c in q} | set(cards.board)
        #: The players whose hands were killed at the showdown because they mucked.
        self.killed: list[int] = []
        super().__init__(game, stacks, button=len(stacks) - 1, structure=structure, seed=0)

    def _deal(self, n: int, seat: int | None = None, board: int | None = None,
              keep_out: Sequence[int] = ()) -> list[int]:
        queue = self._board_queue if seat is None else self._queues[seat]
        if len(queue) < n and self.fill_unseen:
            spare = [c for c in self.stub if c not in self._reserved][:n - len(queue)]
            self._reserved |= set(spare)
            self.filled.append((self.at_action, seat, len(spare)))
            queue.extend(spare)
        if len(queue) < n:
            whom = "the board" if seat is None else f"p{seat + 1}"
            raise HandRecordError(f"the record does not deal {whom} the {n} card{'s' if n > 1 else ''} "
                                  f"{self.game.title} deals now ({self.street.name}): it deals {len(queue)} more")
        out, queue[:] = queue[:n], queue[n:]
        self.stub = [c for c in self.stub if c not in out]
        return out

    def _take(self, n: int, keep_out: Sequence[int] = ()) -> list[int]:
        # Burns (and nothing else, every dealt card being the record's): a card the record never deals.
        free = [c for c in self.stub if c not in self._reserved]
        if len(free) < n:
            return super()._take(n, keep_out)
        out = free[:n]
        self.stub = [c for c in self.stub if c not in out]
        return out

    def _begin_street(self) -> None:
        # Stud seventh street: whether the dealer turns one community card (R-A6) is what the record
        # shows (a 'd db' card left to deal), not how many cards this replay's stub holds.
        if self.game.is_stud and self.street_index > 0 and self.street.down:
            need = sum(1 for f in self.folded if not f) + 1
            if self._board_queue:
                self.stub = self.stub[:max(0, min(len(self.stub), need - 1))]
            elif len(self.stub) < need:
                self.stub = self.stub + (self.muck + list(range(52)))[:need - len(self.stub)]
        super()._begin_street()

    def undealt(self) -> list[tuple[str, int]]:
        """The cards the record deals that the hand never dealt: (whom, how many).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> rc = RecordCards([[0, 1, 2, 3, 8], [4, 5, 6, 7]], [], {}, set())
        >>> RecordHand(POT_DECLARATIONS["badugi"], [20, 20], None, rc).undealt()
        [('p1', 1)]
        """
        out = [(f"p{s + 1}", len(q)) for s, q in enumerate(self._queues) if q]
        return out + ([("the board", len(self._board_queue))] if self._board_queue else [])

    def _finish(self) -> None:
        live = [s for s in range(self.n) if not self.folded[s]]
        for s in sorted(self.record_cards.mucked):
            if s in live and len(live) > 1:
                self.folded[s] = True
                self.killed.append(s)
                live.remove(s)
        if len(live) > 1:
            unseen = [s for s in live if set(self.final_cards(s)) & self.record_cards.stand_ins]
            if unseen and self.fill_unseen:
                self.unshown = unseen
            elif unseen:
                raise HandRecordError(f"the record does not show {', '.join(f'p{s + 1}' for s in unseen)}'s cards at "
                                      f"the showdown (dealt ??): a pot cannot be awarded to a hand nobody saw")
        super()._finish()


__all__ = ["RecordCards", "RecordHand"]
