"""What happens in a hand, as typed events; the text history is rendered from them.

A ``Hand`` records one frozen event per thing that happens (``Hand.events``): the hand starting,
each forced bet, each street's start, the cards dealt, burned, drawn and discarded, each
betting action, the showdown, each pot's award and the final stacks. The event of a player's
action says which it was in its class's ``kind`` (an ``ActionKind``: ``Raise.kind`` is
``ActionKind.RAISE``); ``ACTION_EVENTS`` maps each kind back to its event class. ``Hand.history`` is the
list of the events' ``text`` lines (a burn is recorded but has no line of its own). Code that
wants to know what happened reads the events; nothing parses the English lines back.

>>> Call(2, 4).text, Raise(0, 12, all_in=True).text
('seat 2 calls $4', 'seat 0 raises to $12 (all in)')
>>> render([StreetStart(1, "flop"), Burn(7), Board(1, 1, (0, 5, 9))])
['*** flop ***', 'board: 2c 3d 4d']
>>> Raise.kind, ACTION_EVENTS["stand pat"].__name__
('raise', 'StandPat')
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ..cards import format_cards
from .actions import ActionKind

#: The seat's words after a bet that puts in every chip it has.
ALL_IN = " (all in)"
#: The words after a bet or raise too short to reopen the betting (R-A1).
SHORT = " (short: does not reopen the betting, R-A1)"


def _money(seats: Iterable[int]) -> str:
    return ", ".join(f"seat {i} ${x}" for i, x in enumerate(seats))


def _pot_name(pot: int) -> str:
    return "main pot" if pot == 0 else f"side pot {pot}"


@dataclass(frozen=True)
class Event:
    """Something that happened in a hand; ``text`` is its history line (None: no line)."""

    @property
    def text(self) -> str | None:  # a burn's: it has no line
        return None


@dataclass(frozen=True)
class HandStart(Event):
    """The hand begins: the game, the structure, the button and each seat's stack.

    >>> HandStart("Badugi", "$1/$2 limit", 0, (50, 40)).text
    'Badugi, $1/$2 limit; button seat 0; seat 0 $50, seat 1 $40'
    """

    game: str
    structure: str
    button: int
    stacks: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"{self.game}, {self.structure}; button seat {self.button}; {_money(self.stacks)}"


@dataclass(frozen=True)
class Post(Event):
    """A forced bet: ``forced`` is ``"ante"``, ``"small blind"``, ``"big blind"`` or
    ``"new seat"`` (a new seat's big blind, posted under ``ruling``: R24 or R25).

    >>> Post(1, "small blind", 1).text, Post(3, "new seat", 2, ruling="R25").text
    ('seat 1 posts the small blind $1', 'seat 3 (new seat) posts a big blind $2 (R25)')
    >>> Post(3, "new seat", 1, all_in=True, ruling="R24").text
    'seat 3 (new seat) posts a big blind $1 (all in) (R24)'

    """

    seat: int
    forced: str
    amount: int
    all_in: bool = False
    ruling: str | None = None

    @property
    def text(self) -> str:
        tail = ALL_IN if self.all_in else ""
        if self.forced == "ante":
            return f"seat {self.seat} antes ${self.amount}{tail}"
        if self.forced == "new seat":
            return f"seat {self.seat} (new seat) posts a big blind ${self.amount}{tail} ({self.ruling})"
        return f"seat {self.seat} posts the {self.forced} ${self.amount}{tail}"


@dataclass(frozen=True)
class Reshuffle(Event):
    """The stub ran short: ``cards`` mucked cards are shuffled into a new stub (R-A5)."""

    cards: int

    @property
    def text(self) -> str:
        return f"the stub is short: the dealer shuffles {self.cards} mucked cards into a new stub (R-A5)"


@dataclass(frozen=True)
class StreetStart(Event):
    """A street begins (``index`` into the game's streets)."""

    index: int
    name: str

    @property
    def text(self) -> str:
        return f"*** {self.name} ***"


@dataclass(frozen=True)
class Burn(Event):
    """The dealer burns a card (no history line)."""

    card: int


@dataclass(frozen=True)
class Deal(Event):
    """Cards dealt to a seat: ``down`` and ``up`` are everything it holds after the deal
    (``new_down``/``new_up`` the cards just dealt); a stud hand shows its up cards.

    >>> Deal(0, (0, 1), (2,), (1,), (2,), stud=True).text
    'seat 0 is dealt [2c 2d] 2h'
    """

    seat: int
    down: tuple[int, ...]
    up: tuple[int, ...]
    new_down: tuple[int, ...] = ()
    new_up: tuple[int, ...] = ()
    stud: bool = False

    @property
    def text(self) -> str:
        shown = f"[{format_cards(list(self.down))}]"
        return f"seat {self.seat} is dealt {shown}" + (f" {format_cards(list(self.up))}" if self.stud else "")


@dataclass(frozen=True)
class CommunityCard(Event):
    """Too few cards for every player on seventh street: one community card (R-A6)."""

    cards: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"not enough cards for every player: community card {format_cards(list(self.cards))} (R-A6)"


@dataclass(frozen=True)
class Board(Event):
    """Board ``number`` of ``boards`` after a street's board cards (``cards``: the whole board)."""

    number: int
    boards: int
    cards: tuple[int, ...]

    @property
    def text(self) -> str:
        name = "board" if self.boards == 1 else f"board {self.number}"
        return f"{name}: {format_cards(list(self.cards))}"


@dataclass(frozen=True)
class SeatAction(Event):
    """An action of one seat with no amount: ``seat <n> <words>`` (fold, check, stand pat)."""

    seat: int
    words = "acts"
    kind: ClassVar[ActionKind]

    @property
    def text(self) -> str:
        return f"seat {self.seat} {self.words}"


@dataclass(frozen=True)
class Fold(SeatAction):
    words = "folds"
    kind = ActionKind.FOLD


@dataclass(frozen=True)
class Check(SeatAction):
    words = "checks"
    kind = ActionKind.CHECK


@dataclass(frozen=True)
class SeatAmount(Event):
    """Chips one seat puts in by calling or bringing in: ``seat <n> <words> $<amount>``."""

    seat: int
    amount: int
    all_in: bool = False
    words = "puts in"
    kind: ClassVar[ActionKind]

    @property
    def text(self) -> str:
        return f"seat {self.seat} {self.words} ${self.amount}" + (ALL_IN if self.all_in else "")


@dataclass(frozen=True)
class Call(SeatAmount):
    words = "calls"
    kind = ActionKind.CALL


@dataclass(frozen=True)
class BringIn(SeatAmount):
    words = "brings in for"
    kind = ActionKind.BRING_IN


@dataclass(frozen=True)
class Wager(Event):
    """A bet, raise or completion to ``to`` (the seat's total this round); ``full`` is False
    for a short all-in that does not reopen the betting (R-A1)."""

    seat: int
    to: int
    all_in: bool = False
    full: bool = True
    words = "bets"
    kind: ClassVar[ActionKind]

    @property
    def text(self) -> str:
        return (f"seat {self.seat} {self.words} ${self.to}" + (ALL_IN if self.all_in else "")
                + ("" if self.full else SHORT))


@dataclass(frozen=True)
class Bet(Wager):
    words = "bets"
    kind = ActionKind.BET


@dataclass(frozen=True)
class Raise(Wager):
    words = "raises to"
    kind = ActionKind.RAISE


@dataclass(frozen=True)
class Complete(Wager):
    words = "completes to"
    kind = ActionKind.COMPLETE


@dataclass(frozen=True)
class Draw(Event):
    seat: int
    discards: tuple[int, ...]
    receives: tuple[int, ...]
    kind: ClassVar[ActionKind] = ActionKind.DRAW

    @property
    def text(self) -> str:
        return (f"seat {self.seat} draws {len(self.discards)}: discards {format_cards(list(self.discards))}, "
                f"receives {format_cards(list(self.receives))}")


@dataclass(frozen=True)
class StandPat(SeatAction):
    words = "stands pat"
    kind = ActionKind.STAND_PAT


@dataclass(frozen=True)
class Discard(Event):
    """A discard without a replacement (Super Razzdugi, R15)."""

    seat: int
    cards: tuple[int, ...]
    kind: ClassVar[ActionKind] = ActionKind.DISCARD

    @property
    def text(self) -> str:
        return f"seat {self.seat} discards {format_cards(list(self.cards))}"


@dataclass(frozen=True)
class WinsUncontested(Event):
    """Everybody else folded: the last seat in wins every chip put in."""

    seat: int
    amount: int

    @property
    def text(self) -> str:
        return f"seat {self.seat} wins ${self.amount} uncontested"


@dataclass(frozen=True)
class ShowdownStart(Event):
    @property
    def text(self) -> str:
        return "*** showdown ***"


@dataclass(frozen=True)
class Shows(Event):
    seat: int
    cards: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"seat {self.seat} shows {format_cards(list(self.cards))}"


@dataclass(frozen=True)
class PotReturned(Event):
    """A pot only one seat is eligible for goes back to it (uncalled or uncontested)."""

    pot: int
    amount: int
    seat: int

    @property
    def text(self) -> str:
        return f"{_pot_name(self.pot)} ${self.amount} (uncalled or uncontested) goes back to seat {self.seat}"


@dataclass(frozen=True)
class PotAward(Event):
    """One portion of a pot (``pot`` 0 is the main pot): its share, winners and the reason.

    >>> PotAward(0, 12, "high", Fraction(1, 2), (1,), "seat 1 wins").text
    'main pot $12, high (1/2): seat 1 wins'
    """

    pot: int
    amount: int
    portion: str
    share: Fraction
    winners: tuple[int, ...]
    reason: str

    @property
    def text(self) -> str:
        share = f" ({self.share})" if self.share else ""
        return f"{_pot_name(self.pot)} ${self.amount}, {self.portion}{share}: {self.reason}"


@dataclass(frozen=True)
class Collect(Event):
    seat: int
    amount: int

    @property
    def text(self) -> str:
        return f"seat {self.seat} collects ${self.amount}"


@dataclass(frozen=True)
class FinalStacks(Event):
    stacks: tuple[int, ...]

    @property
    def text(self) -> str:
        return "final stacks: " + _money(self.stacks)


#: Every kind of event a hand records.
EVENT_TYPES: tuple[type[Event], ...] = (
    HandStart, Post, Reshuffle, StreetStart, Burn, Deal, CommunityCard, Board, Fold, Check, Call,
    BringIn, Bet, Raise, Complete, Draw, StandPat, Discard, WinsUncontested, ShowdownStart, Shows,
    PotReturned, PotAward, Collect, FinalStacks)


#: The event class of each kind of action a player takes.
ACTION_EVENTS: dict[ActionKind, type[SeatAction] | type[SeatAmount] | type[Wager] | type[Draw] | type[Discard]] = {
    e.kind: e for e in (Fold, Check, Call, BringIn, Bet, Raise, Complete, Draw, StandPat, Discard)}
#: The event class of each wager (a bet, raise or completion, to a total).
WAGER_EVENTS: dict[ActionKind, type[Wager]] = {e.kind: e for e in (Bet, Raise, Complete)}


def render(events: Iterable[Event]) -> list[str]:
    """The text history of ``events``: one line per event that has one.

    >>> render([Fold(1), WinsUncontested(0, 3)])
    ['seat 1 folds', 'seat 0 wins $3 uncontested']
    """
    return [line for e in events if (line := e.text) is not None]


__all__ = ["Event", "EVENT_TYPES", "ACTION_EVENTS", "WAGER_EVENTS", "render", "HandStart", "Post", "Reshuffle",
           "StreetStart", "Burn", "Deal", "SeatAction", "SeatAmount",
           "CommunityCard", "Board", "Fold", "Check", "Call", "BringIn", "Wager", "Bet", "Raise", "Complete",
           "Draw", "StandPat", "Discard", "WinsUncontested", "ShowdownStart", "Shows", "PotReturned",
           "PotAward", "Collect", "FinalStacks"]
