"""Why a recorded action breaks the rules: the ruling, in words, and what was legal instead.

``diagnose(hand, action, kind, amount)`` is asked when the replayed hand refuses a record's
action (``gamelib.engine.hand.Hand.act`` raised ``IllegalActionError``): it reads the hand as it
stood (who is to act, the betting round's public view ``round_view``, the structure) and names
the rule the action breaks, as a ``Violation``: the words (``"p3 raises to 8, but the cap of one
bet and four raises was reached"``), the ruling (``"R13"``) and the correct continuation (what
the player in turn might have done). The rules themselves stay where they are (the engine
decides what is legal); this module only says which one an action broke.

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.handhistory.record import parse_action
>>> h = Hand(POT_DECLARATIONS["badugi"], [50, 50, 50], button=2, seed=1)
>>> v = diagnose(h, parse_action("p1 cc"))
>>> v.words, v.rule, v.continuation
('p1 calls out of turn: p3 is to act', '', 'p3 may: fold, call 2, raise to 4')
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import format_cards
from ..engine.hand import Hand
from ..engine.legal import LegalAction
from ..games.vocabularies import StructureKind
from .record import Action


@dataclass(frozen=True)
class Violation:
    """A recorded action that breaks a rule: where (``index`` in the record's actions, set by
    the replay), what (``words``), which ruling (``rule``, ``""`` for a plain rule of poker
    with no ruling of its own) and what was legal instead (``continuation``).

    >>> str(Violation("p3 raises to 8, but the cap was reached", "R13", "p3 may: fold, call 6"))
    'p3 raises to 8, but the cap was reached: R13. p3 may: fold, call 6'
    """

    words: str
    rule: str
    continuation: str
    index: int | None = None

    def __str__(self) -> str:
        return f"{self.words}{': ' + self.rule if self.rule else ''}. {self.continuation}"


def legal_words(legal: list[LegalAction]) -> str:
    """The legal actions in a record's units (chips, no dollar sign).

    >>> legal_words([LegalAction("fold"), LegalAction("call", 6, 6), LegalAction("raise", 8, 20)])
    'fold, call 6, raise to 8-20'
    """
    out = []
    for a in legal:
        if a.kind in ("draw", "discard"):
            out.append(str(a))
        elif a.min is None:
            out.append(str(a.kind))
        elif a.kind in ("call", "bring-in") or a.min == a.max:
            out.append(f"{a.kind} {a.min}" if a.kind in ("call", "bring-in") else f"{a.kind} to {a.min}")
        else:
            out.append(f"{a.kind} to {a.min}-{a.max}")
    return ", ".join(out) or "nothing (the hand is over)"


def continuation(hand: Hand) -> str:
    """What the player in turn may do: the correct continuation of the record.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> continuation(Hand(POT_DECLARATIONS["stud8"], [20, 20], seed=1))
    'p1 may: bring-in 1, complete to 2'
    """
    if hand.is_over or hand.to_act is None:
        return "the hand is over"
    return f"p{hand.to_act + 1} may: {legal_words(hand.legal_actions())}"


def _verb(action: Action, hand: Hand) -> str:
    """The action in words: ``p3 raises to 8``."""
    who = f"p{action.actor}"
    if action.verb == "f":
        return f"{who} folds"
    if action.verb == "pb":
        return f"{who} brings in"
    if action.verb == "sd":
        return f"{who} {'stands pat' if not action.cards else 'throws ' + str(len(action.cards))}"
    if action.verb == "cc":
        return f"{who} {'calls' if hand.round_view.to_call[action.actor - 1] else 'checks'}"
    cb = hand.round_view.current_bet
    word = "completes" if hand.round_view.awaiting_bring_in or hand.round_view.bring_in_bet else \
        ("bets" if cb == 0 else "raises")
    return f"{who} {word} to {action.amount}"


def _count(k: int) -> str:
    return ("no", "one", "two", "three", "four", "five", "six")[k] if 0 <= k <= 6 else str(k)


def _turn_rule(hand: Hand) -> str:
    """The ruling that says who acts now (``""`` where it is plain clockwise order)."""
    if hand.phase in ("draw", "discard"):
        return "R-A12"
    if hand.game.is_stud:
        return "R14" if hand.street_index == 0 else "R14, R-A4"
    if hand.n == 2:
        return "R-A7"
    return ""


def diagnose(hand: Hand, action: Action) -> Violation:
    """The rule ``action`` breaks in ``hand`` as it stands (see the module docstring).

    >>> from gamelib.games.pot import POT_DECLARATIONS, limit_structure
    >>> from gamelib.handhistory.record import parse_action
    >>> h = Hand(POT_DECLARATIONS["badugi"], [90, 90], button=1, structure=limit_structure(2, 4), seed=1)
    >>> for total in (4, 6, 8, 10): h.act("raise", total)
    >>> str(diagnose(h, parse_action("p2 cbr 12")))  # doctest: +NORMALIZE_WHITESPACE
    'p2 raises to 12, but the cap of one bet and four raises was reached (it applies heads-up too): R13, R-A2.
    p2 may: fold, call 2'
    """
    what, cont = _verb(action, hand), continuation(hand)
    seat = action.actor - 1
    if hand.is_over:
        return Violation(f"{what}, but the hand is over", "", cont)
    if not 0 <= seat < hand.n:
        return Violation(f"{what}, but the hand seats p1 to p{hand.n}", "", cont)
    if seat != hand.to_act:
        if hand.folded[seat]:
            return Violation(f"{what}, but p{seat + 1} has folded", "", cont)
        if hand.stacks[seat] == 0 and hand.phase == "bet":
            return Violation(f"{what}, but p{seat + 1} is all in: he acts no more this hand", "R27", cont)
        return Violation(f"{what} out of turn: p{(hand.to_act or 0) + 1} is to act", _turn_rule(hand), cont)
    if hand.phase == "draw" and action.verb != "sd":
        return Violation(f"{what}, but it is the {hand.street.name}: each player draws or stands pat in turn",
                         "R-A12", cont)
    if hand.phase == "discard":
        k = hand.street.discard
        if action.verb != "sd" or len(action.cards) != k:
            return Violation(f"{what}, but every player discards exactly {k} of his down cards now", "R15", cont)
    if hand.phase == "bet" and action.verb == "sd":
        return Violation(f"{what}, but it is a betting round ({hand.street.name}), not a draw", "R12", cont)
    if action.verb == "sd":
        held = hand.down[seat]
        return Violation(f"{what}, but the cards thrown must be among his down cards ({format_cards(held)})",
                         "R-A12" if hand.phase == "draw" else "R15", cont)
    view = hand.round_view
    if action.verb == "pb":
        if not hand.game.is_stud:
            return Violation(f"{what}, but {hand.game.title} has blinds, not a bring-in", "R11", cont)
        return Violation(f"{what}, but the bring-in was already made this round", "R14", cont)
    if view.awaiting_bring_in:
        if action.verb != "cbr":
            return Violation(f"{what}, but p{seat + 1}'s up card brings in: he brings in or completes",
                             "R14, R-A11", cont)
        legal = {str(a.kind): a for a in hand.legal_actions()}
        c = legal.get("complete")
        size = f"to {c.min}" if c and c.min == c.max else (f"to {c.min}-{c.max}" if c else "(not now)")
        return Violation(f"{what}, but the bring-in is completed {size}", "R-A11", cont)
    if action.verb == "cbr":
        return _wager(hand, action, what, cont)
    return Violation(f"{what}, which is not legal now", "", cont)


def _wager(hand: Hand, action: Action, what: str, cont: str) -> Violation:
    """Why a bet, raise or completion to ``action.amount`` is refused."""
    seat, total = action.actor - 1, action.amount or 0
    view, st = hand.round_view, hand.structure
    legal = {str(a.kind): a for a in hand.legal_actions()}
    agg = next((legal[k] for k in ("bet", "raise", "complete") if k in legal), None)
    all_in = hand.committed[seat] + hand.stacks[seat]
    if agg is None:
        if hand.stacks[seat] <= view.to_call[seat]:
            return Violation(f"{what}, but he has only {hand.stacks[seat]} left: he may call all in, or fold",
                             "R7", cont)
        if seat not in view.open_to:
            return Violation(f"{what}, but the betting was not reopened to him: the raise since he acted was short "
                             f"(an all-in of less than a full raise)", "R-A1", cont)
        if view.cap is not None and view.full_bets >= view.cap:
            heads_up = sum(1 for s in range(hand.n) if not hand.folded[s]) == 2
            return Violation(f"{what}, but the cap of one bet and {_count(view.cap - 1)} raises was reached"
                             + (" (it applies heads-up too)" if heads_up else ""),
                             "R13, R-A2" if heads_up else "R13", cont)
        return Violation(f"{what}, but no other player still in has chips beyond the bet: nobody could call it",
                         "R30", cont)
    assert agg.min is not None and agg.max is not None
    if total > all_in:
        return Violation(f"{what}, but he has only {all_in} in all this round (all in is to {all_in})", "R7", cont)
    big_bet = st.kind in (StructureKind.POT_LIMIT, StructureKind.NO_LIMIT)
    if big_bet and 0 < view.current_bet < view.unit and total == view.unit and not view.bring_in_bet:
        return Violation(f"{what}, completing a short all-in bet, but completing is a limit wager: at "
                         f"{st.kind} he raises to at least {agg.min}", "R29", cont)
    if st.kind is StructureKind.LIMIT:
        street = hand.street
        size = "higher" if street.bet == "big" else "lower"
        return Violation(f"{what}, but at limit a {agg.kind} on the {street.name} is to exactly {agg.min} "
                         f"(the bet is the {size} limit, {view.unit})", "R12", cont)
    if st.kind is StructureKind.SPREAD:
        return Violation(f"{what}, but a spread-limit {agg.kind} is to {agg.min}-{agg.max} "
                         f"(any bet from {st.small_bet} to {st.big_bet}, a raise at least the last one)", "R18", cont)
    if total > agg.max:
        return Violation(f"{what}, but at pot limit the most is to {agg.max}: the pot after his call", "R16", cont)
    return Violation(f"{what}, but a {agg.kind} is to at least {agg.min} (at least the minimum bet, or the last "
                     f"full bet or raise)", "R16", cont)


__all__ = ["Violation", "continuation", "diagnose", "legal_words"]
