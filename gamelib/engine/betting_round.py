"""One betting round of a hand of a pot game: its state, and a read-only view of it.

``BettingRound`` is what ``gamelib.engine.hand.Hand`` keeps for the round being bet: the bet
unit (R12), the bet now, the last full raise, how many full bets have been made against the
cap (R13, R-A2), the stud bring-in (R14, R-A11), the bet each seat last acted on (R-A1) and
the seats still to act. The hand changes it through its methods as the players act (a check
or call, a fold, a bring-in, a bet or raise); nobody else changes it.

Everything else reads ``view(committed, stacks, folded)``: a frozen ``RoundView`` of the round
with what follows from the seats' chips: what each seat must put in to call, whom the betting
is open to (R-A1: a raise of less than a full raise does not reopen it), and who may still
bet or raise (R-A1, the cap, R30, and chips beyond the call). ``Hand.round_view`` is that view
for the hand in play; ``Hand.can`` and ``legal_actions`` read it, as may any caller.

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["badugi"], [20, 20, 20], seed=1)
>>> v = h.round_view
>>> v.current_bet, v.last_full_raise, v.full_bets, v.cap, v.to_call, sorted(v.may_raise)
(2, 2, 1, 5, (2, 1, 0), [0, 1, 2])
>>> h.act("raise", 4); h.act("raise", 6); h.round_view.full_bets, h.round_view.raises_left
(3, 2)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .actions import ActionKind


@dataclass(frozen=True)
class RoundView:
    """The betting round as it stands, read-only (``BettingRound.view``; ``Hand.round_view``).

    Per seat (tuples indexed by seat): ``to_call`` is what calling would put in (before the
    seat's stack limits it; 0: nothing to call), ``acted_on`` the bet the seat last acted on
    (``None``: not since the round began or the betting was reopened, R-A1). ``open_to`` is
    the seats the betting is open to (R-A1: a seat that has acted may raise again only after
    raises adding up to a full raise), ``may_raise`` the seats that may bet, raise or complete
    now (open to them, the cap not reached, another player still in with chips beyond the bet
    (R30), and chips beyond the call), ``still_to_act`` the seats the round waits for.
    """

    #: The bet unit of the round (R12): the limit bet, or the minimum bet at big-bet structures.
    unit: int
    #: The bet now: the most a seat is asked to have put in this round.
    current_bet: int
    #: The size of the last full bet or raise (R-A1): the least a raise adds, and what reopens.
    last_full_raise: int
    #: The full bets made this round, the opening bet (or the big blind) included (R13).
    full_bets: int
    #: The most full bets a round allows (one bet and the raises, R13, R-A2); ``None``: no cap.
    cap: int | None
    #: Stud: the bring-in is still to be made; the bet now is the bring-in, not yet completed.
    awaiting_bring_in: bool
    bring_in_bet: bool
    to_call: tuple[int, ...]
    acted_on: tuple[int | None, ...]
    open_to: frozenset[int]
    may_raise: frozenset[int]
    still_to_act: frozenset[int]

    @property
    def capped(self) -> bool:
        """The cap is reached: nobody may raise again this round (R13).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> Hand(POT_DECLARATIONS["badugi"], [20, 20], seed=1).round_view.capped
        False
        """
        return self.cap is not None and self.full_bets >= self.cap

    @property
    def raises_left(self) -> int | None:
        """How many more full bets or raises the cap allows (``None``: no cap)."""
        return None if self.cap is None else max(0, self.cap - self.full_bets)

    def reopened_for(self, seat: int) -> bool:
        """``seat`` has acted this round and raises since, adding up to a full raise, have
        reopened the betting to it (R-A1).

        >>> from gamelib.engine.hand import Hand
        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["badugi"], [20, 20, 20], seed=1); h.act("call"); h.act("raise", 4)
        >>> h.round_view.reopened_for(0), h.round_view.reopened_for(2)
        (True, False)
        """
        return self.acted_on[seat] is not None and seat in self.open_to


class BettingRound:
    """The state of one betting round, changed by the hand through its methods (see the module
    docstring); ``view`` reads it.

    ``cap`` is the most full bets the round allows (``1 + max_raises``; ``None``: no cap);
    ``full_bets`` the full bets already made when it starts (1 for the big blind pre-flop);
    ``to_act`` the seats that may act.
    """

    def __init__(self, n: int, unit: int, cap: int | None, current_bet: int, last_full_raise: int,
                 full_bets: int, to_act: Iterable[int], awaiting_bring_in: bool = False) -> None:
        self.n = n
        self.unit = unit
        self.cap = cap
        self._current_bet = current_bet
        self._last_full_raise = last_full_raise
        self._full_bets = full_bets
        self._awaiting_bring_in = awaiting_bring_in
        self._bring_in_bet = False  # the bet now is the stud bring-in, not yet completed
        self._acted: dict[int, int | None] = {s: None for s in range(n)}
        self._pending: set[int] = set(to_act)

    @classmethod
    def idle(cls, n: int) -> BettingRound:
        """The round of a hand before its first betting round: no bet, nobody to act."""
        return cls(n, unit=0, cap=None, current_bet=0, last_full_raise=0, full_bets=0, to_act=())

    # --- what the hand reads while it plays --------------------------------------------------

    @property
    def current_bet(self) -> int:
        """The bet now."""
        return self._current_bet

    @property
    def still_to_act(self) -> frozenset[int]:
        """The seats the round still waits for."""
        return frozenset(self._pending)

    def view(self, committed: Sequence[int], stacks: Sequence[int], folded: Sequence[bool]) -> RoundView:
        """The round as it stands, with each seat's chips this round (``committed``), its stack
        and whether it has folded (see ``RoundView``)."""
        cb, full = self._current_bet, self._last_full_raise
        seats = range(self.n)
        to_call = tuple(max(0, cb - committed[s]) for s in seats)
        acted_on = tuple(self._acted.get(s) for s in seats)
        open_to = frozenset(s for s in seats if (a := acted_on[s]) is None or cb - a >= full)
        capped = self.cap is not None and self._full_bets >= self.cap
        # R30: a seat may bet or raise only if another player still in has chips beyond the bet.
        beyond = [s for s in seats if not folded[s] and committed[s] + stacks[s] > cb]
        may_raise = frozenset() if capped else frozenset(
            s for s in open_to if not folded[s] and stacks[s] > to_call[s] and any(o != s for o in beyond))
        return RoundView(self.unit, cb, full, self._full_bets, self.cap, self._awaiting_bring_in,
                         self._bring_in_bet, to_call, acted_on, open_to, may_raise, frozenset(self._pending))

    # --- what the players do -----------------------------------------------------------------

    def checked_or_called(self, seat: int) -> None:
        """``seat`` checked, or called the bet now."""
        self._acted[seat] = self._current_bet
        self._pending.discard(seat)

    def folded(self, seat: int) -> None:
        self._pending.discard(seat)

    def brought_in(self, seat: int, total: int) -> None:
        """``seat`` brought in (stud, R14) for ``total``: the bet now until someone completes it."""
        self._awaiting_bring_in = False
        self._current_bet = total
        self._bring_in_bet = True
        self._pending.discard(seat)

    def wagered(self, seat: int, kind: ActionKind, to: int, others: Iterable[int]) -> bool:
        """``seat`` bet, raised or completed (``kind``) to a total of ``to`` this round; every
        seat in ``others`` (those that can still act) is asked again. Whether the wager was a
        full one (a short all-in is not, and does not reopen the betting, R-A1)."""
        cb = self._current_bet
        opening = kind is not ActionKind.RAISE  # a bet, or completing a bring-in or short bet (R-A1, R29)
        full = (to >= self.unit) if opening else (to - cb >= self._last_full_raise)
        if full:
            self._last_full_raise = to if opening else to - cb
            self._full_bets += 1
            if kind is ActionKind.COMPLETE and self._bring_in_bet:
                # Completing the stud bring-in is the round's first full bet: it reopens the
                # betting for everyone who had only called the bring-in (R29, R-A11). Completing
                # a short all-in bet does not: a player who called the short bet faces less than
                # a full raise, and R-A1 decides whether he may raise.
                self._acted = {o: None for o in range(self.n)}
        self._current_bet = max(cb, to)
        self._awaiting_bring_in = False
        self._bring_in_bet = False
        self._acted[seat] = self._current_bet
        self._pending = {o for o in others if o != seat}
        return full

    def keep_to_act(self, seats: Iterable[int]) -> None:
        """Only the seats among ``seats`` are still to act (the others went all in or folded)."""
        self._pending &= set(seats)

    def ended(self) -> None:
        """The round is over: nobody is still to act, and no bring-in is awaited."""
        self._awaiting_bring_in = False
        self._pending = set()


__all__ = ["BettingRound", "RoundView"]
