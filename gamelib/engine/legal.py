"""What a player in turn may do in a hand of a pot game, and the checks an action must pass.

``LegalAction`` is one kind of action legal now (an ``ActionKind``), with the totals a bet may
make (or the cards a draw may name). ``LegalActions`` is the part of
``gamelib.engine.hand.Hand`` that works them out: ``legal_actions()`` (the bet sizes of limit,
spread limit, pot limit and no limit: R12, R13, R16, R18, R29, R30 and the house rulings R-A1,
R-A2, R-A11), ``can(kind, amount, cards)`` and the checks ``act`` makes before it plays
anything (R15's discard included). Who may bet or raise at all (R-A1, the cap, R30) is read
off the betting round's public view (``Hand.round_view``, ``gamelib.engine.betting_round``).

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["big-o"], [40, 40], seed=1)
>>> [str(a) for a in h.legal_actions()]
['fold', 'call $1', 'raise to $4']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn, cast

import numpy as np

from ..amounts import is_whole
from ..cards import CardsLike, format_cards, parse_cards
from ..errors import CardError, IllegalActionError, shown
from ..games.vocabularies import StructureKind, unreachable
from .actions import ActionKind, Phase, action_word, read_action
from .betting_round import RoundView
from .hand_state import HandState


@dataclass(frozen=True)
class LegalAction:
    """One kind of action legal now; ``min``/``max`` are the totals a bet may make (or cards).

    >>> str(LegalAction("raise", 4, 7)), str(LegalAction("call", 2, 2)), LegalAction("fold").kind
    ('raise to $4-$7', 'call $2', 'fold')
    """

    kind: ActionKind
    min: int | None = None
    max: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, ActionKind):  # a plain word given: its member
            object.__setattr__(self, "kind", ActionKind(self.kind))

    def __str__(self) -> str:
        if self.kind in (ActionKind.DRAW, ActionKind.DISCARD):
            return f"{self.kind} {self.min}" + (f" to {self.max} cards" if self.max != self.min else " cards")
        if self.min is None:
            return str(self.kind)
        if self.kind is ActionKind.CALL:
            return f"call ${self.min}"
        if self.min == self.max:
            return f"{self.kind} to ${self.min}"
        return f"{self.kind} to ${self.min}-${self.max}"



class LegalActions(HandState):
    """What is legal for the player in turn, and the checks an action must pass: the part of
    ``gamelib.engine.hand.Hand`` that changes nothing (see the module docstring)."""

    def _aggressive(self, s: int, view: RoundView) -> LegalAction | None:
        # Who may bet or raise at all: the betting open to him (R-A1), the cap not reached
        # (R13, R-A2), another player still in with chips beyond the bet now (R30), and chips
        # of his own beyond the call.
        if s not in view.may_raise:
            return None
        st = self.structure
        cb = view.current_bet
        to_call = view.to_call[s]
        all_in_to = self.committed[s] + self.stacks[s]
        opening = view.unit
        # Completing a short bet to a full one is a limit wager (R-A1); at pot limit and no
        # limit only the stud bring-in may be completed (R29, R-A11).
        big_bet = st.kind in (StructureKind.POT_LIMIT, StructureKind.NO_LIMIT)
        completes = 0 < cb < opening and (not big_bet or view.bring_in_bet)
        name = ActionKind.BET if cb == 0 else (ActionKind.COMPLETE if completes else ActionKind.RAISE)
        if big_bet:
            # The opening bet, or the stud bring-in's completion, is at least the minimum bet;
            # a raise (of a short bet too, R29) is by at least the minimum bet or the last full
            # raise, if larger, on top of the bet now.
            lo = opening if cb == 0 or completes else cb + max(view.last_full_raise, opening)
            if st.kind is StructureKind.POT_LIMIT:  # R16: the raise may make the bet the pot after the call
                hi = max(lo, cb + sum(self.contributed) + to_call)
            else:
                hi = all_in_to
        elif st.kind is StructureKind.LIMIT:
            lo = hi = opening if cb < opening else cb + opening
        elif st.kind is StructureKind.SPREAD:
            lo = st.small_bet if cb == 0 else cb + max(view.last_full_raise, st.small_bet)
            hi = st.big_bet if cb == 0 else cb + st.big_bet
            hi = max(hi, lo)
        else:  # pragma: no cover - a Structure refuses any other kind
            raise unreachable(st.kind, f"structure {st.name!r}: the kind")
        if all_in_to < lo:
            lo = hi = all_in_to
        hi = min(hi, all_in_to)
        return LegalAction(name, lo, hi)

    def legal_actions(self) -> list[LegalAction]:
        """What the player in turn may do now (empty when the hand is over).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["stud8"], [20, 20, 20], seed=1)
        >>> [str(a) for a in h.legal_actions()]
        ['bring-in to $1', 'complete to $2']
        """
        if self.is_over or self.to_act is None:
            return []
        s = self.to_act
        if self.phase is Phase.DRAW:
            return [LegalAction(ActionKind.STAND_PAT), LegalAction(ActionKind.DRAW, 1, len(self.down[s]))]
        if self.phase is Phase.DISCARD:
            k = self.street.discard
            return [LegalAction(ActionKind.DISCARD, k, k)]
        view = self.round_view
        if view.awaiting_bring_in:
            b = min(self.structure.bring_in, self.stacks[s])
            out = [LegalAction(ActionKind.BRING_IN, b, b)]
            agg = self._aggressive(s, view)
            if agg is not None and agg.min is not None and agg.max is not None and agg.max > b:
                out.append(LegalAction(ActionKind.COMPLETE, max(agg.min, b + 1), agg.max))
            return out
        to_call = view.to_call[s]
        out = [LegalAction(ActionKind.FOLD)]
        if to_call <= 0:
            out.append(LegalAction(ActionKind.CHECK))
        else:
            c = min(to_call, self.stacks[s])
            out.append(LegalAction(ActionKind.CALL, c, c))
        agg = self._aggressive(s, view)
        if agg:
            out.append(agg)
        return out

    def legal_words(self) -> str:
        """What is legal now, in words, for a refusal.

        >>> from gamelib.engine.pot_game import pot_game
        >>> pot_game("badugi").new_hand([100, 100], seed=1).legal_words()
        'fold, call $1, raise to $4'
        """
        return ", ".join(str(a) for a in self.legal_actions()) or "nothing (the hand is over)"

    def _refuse(self, what: str) -> NoReturn:
        legal = self.legal_words()
        who = f"seat {self.to_act}" if self.to_act is not None else "nobody"
        raise IllegalActionError(f"{what} is not legal now; {who} is to act and may: {legal}")

    def _check(self, kind: object, amount: object, cards: object, seat: object) -> tuple[ActionKind, list[int]]:
        """Every check ``act`` makes, changing nothing: the action and the cards it names, or
        ``IllegalActionError`` saying what is legal. Its arguments are whatever a caller passed
        (``object``): each is checked here before it is used."""
        if not isinstance(kind, str) or len(kind) > 20:
            raise IllegalActionError(f"an action is a word such as fold, check, call, bet, raise or draw, "
                                     f"not {shown(kind)}; legal now: {self.legal_words()}")
        if self.is_over:
            raise IllegalActionError(f"{kind} is not legal: the hand is over")
        s = self.to_act
        assert s is not None
        if seat is not None and (not is_whole(seat) or seat != s):
            self._refuse(f"an action by seat {shown(seat)} (out of turn)")
        if amount is not None and not is_whole(amount):
            self._refuse(f"{kind} {shown(amount)} (an amount is whole dollars)")
        action = read_action(kind)
        legal = {a.kind: a for a in self.legal_actions()}
        if action is None or action not in legal:
            self._refuse(action_word(kind))
        if self.phase.names_cards:
            if amount is not None:
                self._refuse(f"an amount (${shown(amount)}) with a {action}, which names only the cards,")
            return action, self._check_draw(s, action, cards)
        if cards is not None:
            self._refuse(f"naming cards ({shown(cards)}) with a {action}")
        a = legal[action]
        if action.is_wager:
            # A bet, raise or completion always has its totals (``_aggressive``).
            if amount is None or not isinstance(amount, (int, np.integer)) or a.min is None or a.max is None \
                    or not a.min <= amount <= a.max:
                self._refuse(f"{action} to {'$' + shown(amount) if amount is not None else 'no amount'}")
        elif amount is not None and action not in (ActionKind.CALL, ActionKind.BRING_IN) or (
                amount is not None and amount != a.min):
            self._refuse(f"{action} ${shown(amount)}")
        return action, []

    def can(self, kind: str, amount: int | None = None, cards: CardsLike | None = None,
            seat: int | None = None) -> bool:
        """Whether ``act(kind, amount, cards, seat)`` would be accepted now, without playing it
        (the same checks ``act`` makes; nothing changes).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["a5-triple-draw"], [30, 30, 30], seed=2)
        >>> h.can("check"), h.can("call"), h.can("raise", 4), h.can("raise", 5)
        (False, True, True, False)
        """
        try:
            self._check(kind, amount, cards, seat)
        except IllegalActionError:
            return False
        return True

    def _check_draw(self, s: int, kind: ActionKind, cards: object) -> list[int]:
        """The cards a draw, stand pat or discard names (whatever the caller passed, checked
        here), checked against the seat's hand."""
        if kind is ActionKind.STAND_PAT:
            if cards:
                self._refuse("stand pat with cards to discard")
            return []
        if cards is None:
            self._refuse(f"{kind} without naming the cards")
        try:
            out = parse_cards(cast(CardsLike, cards), what="discards")  # parse_cards refuses what is not cards
        except CardError as e:
            self._refuse(f"{kind} ({e})")
        k = self.street.discard
        if any(c not in self.down[s] for c in out):
            self._refuse(f"{kind} of {format_cards(out)} (seat {s} holds {format_cards(self.down[s])} face down)")
        if kind is ActionKind.DISCARD and len(out) != k:
            self._refuse(f"discarding {len(out)} cards (exactly {k} are discarded, R15)")
        if kind is ActionKind.DRAW and not out:
            self._refuse("drawing no cards (say stand pat)")
        return out


__all__ = ["LegalAction", "LegalActions"]
