"""Replaying a hand record through the engine, every action checked by the rules as it is played.

``replay(record)`` deals the record's own cards (``gamelib.handhistory.deal``), at the record's
own stakes (R32, ``gamelib.handhistory.variants``), and plays each action of the record in the
engine in turn. Before each player's action it notes the street, who is to act, what he may
do, the pot and the side pots (a ``Step``); the engine then plays the action or refuses it. A
refused action stops the replay there: ``Replay.violation`` names the rule it breaks and what
the player in turn might have done instead (``gamelib.handhistory.rules``). The hand is
replayed under the rulings here, not the room's it came from (R32), so a recorded final stack
may differ from the one replayed (``Replay.matches_record``): an odd chip given another way
(R6), say.

``check(record)`` is the same, but raises ``IllegalHandRecordError`` at an illegal action.

>>> from gamelib.handhistory.record import loads
>>> r = loads('variant = "FB"\\nantes = [0, 0, 0]\\nblinds_or_straddles = [1, 2, 0]\\nsmall_bet = 2\\n'
...           'big_bet = 4\\nstarting_stacks = [50, 50, 50]\\nactions = ["d dh p1 ????????", '
...           '"d dh p2 ????????", "d dh p3 ????????", "p3 cbr 4", "p1 f", "p2 cbr 6"]')
>>> rp = replay(r)
>>> rp.violation is None, rp.complete, [s.legal for s in rp.steps[3:5]]
(True, False, ['fold, call 2, raise to 4', 'fold, call 3, raise to 6'])
>>> check(loads(r.dumps().replace('"p2 cbr 6"', '"p2 cbr 9"')))  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gamelib.handhistory.record.IllegalHandRecordError: action 6 'p2 cbr 9': p2 raises to 9, but at limit a raise on the deal
is to exactly 6 (the bet is the lower limit, 2): R12. p2 may: fold, call 2, raise to 6
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine import events as ev
from ..engine.legal import LegalAction
from ..engine.pots import Pot, pots_in_play, side_pots
from ..engine.showdown import PayExplanation
from ..errors import IllegalActionError
from ..games.pot import PotGame, Structure
from .deal import RecordCards, RecordHand
from .record import Action, HandRecord, HandRecordError, IllegalHandRecordError, loads, parse_action
from .rules import Violation, diagnose, legal_words
from .variants import read_stakes


@dataclass(frozen=True)
class Step:
    """One action of the record as replayed: ``index`` in the record's actions, its ``text``,
    the ``street`` it was played on, the player who acted (``seat``, None for the dealer or a
    comment), who was to act and what he might do (``legal``, in words; ``options``, the
    engine's legal actions with their totals), the pot and each side pot before it (R7), and
    the ``events`` the engine recorded as it was played."""

    index: int
    text: str
    street: str
    seat: int | None
    to_act: int | None
    legal: str
    pot: int
    pots: tuple[Pot, ...]
    events: tuple[ev.Event, ...] = ()
    options: tuple[LegalAction, ...] = ()


@dataclass
class Replay:
    """A record replayed (see the module docstring)."""

    record: HandRecord
    game: PotGame
    structure: Structure
    hand: RecordHand
    #: What the engine recorded before the first action (the forced bets, the first deal).
    opening: tuple[ev.Event, ...]
    steps: list[Step] = field(default_factory=list)
    violation: Violation | None = None

    @property
    def complete(self) -> bool:
        """The record plays the hand to its end (no illegal action, every chip awarded)."""
        return self.violation is None and self.hand.is_over

    @property
    def finishing_stacks(self) -> list[int] | None:
        """The final stacks in the record's player order, once the hand is over."""
        return list(self.hand.stacks) if self.complete else None

    @property
    def matches_record(self) -> bool | None:
        """Whether the replayed final stacks are the record's (None: the record gives none, or
        the replay did not finish)."""
        recorded = self.record.finishing_stacks
        if recorded is None or not self.complete:
            return None
        return recorded == self.finishing_stacks

    def pots(self) -> list[Pot]:
        """The main pot and each side pot as they stand (R7), the killed hands out of them: while
        the hand is played a side pot begins only above an all-in player's total (the bets not
        yet called are in the last pot); once it is over, the pots it was awarded in.

        >>> rp = replay('variant = "FB"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
        ...             'big_bet = 4\\nstarting_stacks = [20, 20]\\nactions = ["d dh p1 ????????", '
        ...             '"d dh p2 ????????"]')
        >>> rp.pots()
        [Pot(amount=3, eligible=(0, 1))]
        """
        h = self.hand
        if not sum(h.contributed):
            return []
        live = [not f for f in h.folded]
        if h.is_over:
            return side_pots(h.contributed, live)
        return pots_in_play(h.contributed, live, [x == 0 for x in h.stacks])

    def award(self) -> PayExplanation | None:
        """Each pot's award explained, odd chips and their rulings included (R6, R7), once the hand
        has gone to a showdown (None otherwise: a pot won uncontested has no division)."""
        h = self.hand
        if not self.complete or h.showdown is None:
            return None
        return h.showdown.award_pots_explained([(p.amount, p.eligible) for p in self.pots()], h.button)


def _translate(hand: RecordHand, a: Action, thrown: list[int] | None) -> tuple[str, int | None, list[int] | None]:
    """The engine's action for a record's player action (which the engine may yet refuse)."""
    s = a.actor - 1
    if a.verb == "f":
        return "fold", None, None
    if a.verb == "pb":
        return "bring-in", None, None
    if a.verb == "cc":
        return ("call" if hand.round_view.to_call[s] else "check"), None, None
    if a.verb == "sd":
        if hand.phase == "discard":
            return "discard", None, thrown
        return ("draw", None, thrown) if a.cards else ("stand pat", None, None)
    view = hand.round_view
    kinds = {x.kind for x in hand.legal_actions()}
    kind = next((k for k in ("bet", "raise", "complete") if k in kinds),
                "complete" if view.awaiting_bring_in else ("bet" if view.current_bet == 0 else "raise"))
    return kind, a.amount, None


def replay(record: HandRecord | str | bytes, fill_unseen: bool = False) -> Replay:
    """Replay ``record`` (a ``HandRecord`` or PHH text); an illegal action stops it there
    (``violation``). A record that cannot be read or dealt raises ``HandRecordError``; with
    ``fill_unseen`` a deal it does not give is made from unnamed cards and noted in the hand's
    ``filled`` (a hand being written action by action, as at the dispute desk).

    >>> from gamelib.handhistory.record import HandRecord
    >>> rp = replay(HandRecord("FB", [0, 0], [1, 2], None, 2, 4, None, [20, 20],
    ...                        ["d dh p1 AcKdQh2s", "d dh p2 ????????", "p2 f"], {"finishing_stacks": [21, 19]}))
    >>> rp.finishing_stacks, rp.matches_record
    ([21, 19], True)
    """
    if not isinstance(record, HandRecord):
        record = loads(record)
    game, structure = read_stakes(record)
    actions = [parse_action(a) for a in record.actions]
    n = record.player_count
    for a in actions:
        if a.actor > n or (a.player is not None and a.player >= n):
            raise HandRecordError(f"action {a.text!r}: the record seats p1 to p{n}")
    cards = RecordCards.read(actions, n, game)
    hand = RecordHand(game, record.starting_stacks, structure, cards, fill_unseen)
    rp = Replay(record, game, structure, hand, tuple(hand.events))
    for i, a in enumerate(actions):
        before = len(hand.events)
        pots = tuple(rp.pots())
        options = tuple(hand.legal_actions())
        step = dict(index=i, text=a.text, street=hand.street.name, to_act=hand.to_act,
                    legal=legal_words(list(options)), pot=hand.pot, pots=pots, options=options)
        if a.actor == 0 or a.verb in ("", "sm"):
            rp.steps.append(Step(seat=None, **step))  # type: ignore[arg-type]  # the fields above
            continue
        s = a.actor - 1
        thrown = cards.thrown.get(i)
        if (hand.is_over or s != hand.to_act
                or (a.verb == "sd" and thrown is not None and len(thrown) != len(a.cards))):
            rp.violation = _violation(hand, a, i)
            return rp
        kind, amount, named = _translate(hand, a, thrown)
        hand.at_action = i
        try:
            hand.act(kind, amount=amount, cards=named)
        except IllegalActionError:
            rp.violation = _violation(hand, a, i)
            return rp
        rp.steps.append(Step(seat=s, events=tuple(hand.events[before:]), **step))  # type: ignore[arg-type]
    left = hand.undealt()
    if hand.is_over and left:
        raise HandRecordError("the record deals cards the hand never deals: " +
                              ", ".join(f"{k} more to {who}" for who, k in left) +
                              f" (a folded player is dealt nothing; {game.title} deals what its streets say)")
    return rp


def _violation(hand: RecordHand, a: Action, i: int) -> Violation:
    v = diagnose(hand, a)
    return Violation(v.words, v.rule, v.continuation, i)


def check(record: HandRecord | str | bytes) -> Replay:
    """``replay`` that raises ``IllegalHandRecordError`` at the first illegal action, naming the rule.

    >>> check('variant = "F7S/8"\\nantes = [0, 0]\\nbring_in = 1\\nsmall_bet = 2\\nbig_bet = 4\\n'
    ...       'starting_stacks = [20, 20]\\n'
    ...       'actions = ["d dh p1 ????2c", "d dh p2 ????Ah", "p2 cc"]')  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.handhistory.record.IllegalHandRecordError: action 3 'p2 cc': p2 checks out of turn: p1 is to act: R14.
    p1 may: bring-in 1, complete to 2
    """
    rp = replay(record)
    v = rp.violation
    if v is not None:
        assert v.index is not None
        raise IllegalHandRecordError(f"action {v.index + 1} {rp.record.actions[v.index]!r}: {v}", v)
    return rp


__all__ = ["Replay", "Step", "check", "replay"]
