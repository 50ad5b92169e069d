"""One hand of a pot game, played: the hand state machine.

``Hand(game, stacks, button, structure, seed)`` posts the forced bets, deals each street from a
seeded deck and asks the player in turn (``to_act``) for an action. ``legal_actions()`` lists
what is legal now; ``act(kind, amount=None, cards=None)`` plays it (``fold``, ``check``,
``call``, ``bet``, ``raise``, ``complete``, ``bring-in``, ``draw``, ``stand pat``, ``discard``;
``amount`` is the total a bet or raise makes the player's bet this round). Anything else is
refused with ``IllegalActionError`` naming what is legal; ``can(kind, amount, cards)`` asks the
same checks without playing. The kinds and the hand's ``phase`` are string enums
(``gamelib.engine.actions``: ``ActionKind``, ``Phase``), so plain words work too. The betting
round being played is ``betting`` (``gamelib.engine.betting_round``), read through its public
view ``round_view``: the bet now, the last full raise, the full bets against the cap, what each
seat must call, whom the betting is open to and who may still raise. Everything that happens
is recorded as a typed event (``events``, see ``gamelib.engine.events``); ``history`` is their
text, one line per event. When the hand is over (``is_over``) every chip has been awarded
(``winnings``, ``stacks``).

Rules: blinds (R11), limit rounds and the cap (R12, R13), stud bring-in and first to act
(R14), Super Razzdugi's discard (R15), pot limit and no limit (R16), spread limit (R18), side
pots (R7), odd chips (R6), betting that ends when one player can act (R27), an all-in first
player in stud (R28), no completing at pot limit or no limit (R29), no raise nobody can call
(R30), and the house rulings R-A1 to R-A15 (``gamelib.games.pot.POT_RULINGS``).

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["badugi"], [50, 50], button=0, seed=3)
>>> h.to_act, [a.kind for a in h.legal_actions()]
(0, ['fold', 'call', 'raise'])
>>> h.act("fold"); h.is_over, h.stacks
(True, [49, 51])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from ..amounts import is_whole
from ..cards import CardsLike, SeedLike, parse_cards, rank_of, rng_from
from ..errors import IllegalActionError, TableError, shown
from ..games.pot import STRUCTURE_KINDS, PotGame, Structure
from ..games.vocabularies import BetSize, BoardOrder, BringInCard, StructureKind, unreachable
from . import events as ev
from .actions import ActionKind, Phase
from .award import HandEnd
from .betting_round import BettingRound
from .legal import LegalAction, LegalActions
from .showdown import Showdown

#: The largest stack a hand accepts (a sanity bound on input, not a table rule: see R17).
MAX_STACK = 10**12


class Hand(LegalActions, HandEnd):
    """The state machine of one hand (see the module docstring).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> Hand(POT_DECLARATIONS["razzdugi"], [20, 20], seed=4).street.name
    'third street'
    """

    def __init__(self, game: PotGame, stacks: Sequence[int], button: int = 0,
                 structure: Structure | None = None, seed: SeedLike = None, deck: CardsLike | None = None,
                 new_players: Sequence[int] = (), new_player_ruling: str = "R24") -> None:
        if not isinstance(game, PotGame):
            raise TableError(f"a hand is dealt for a pot game's declaration (gamelib.games.pot.POT_DECLARATIONS), "
                             f"not {shown(game)}")
        if structure is not None and not isinstance(structure, Structure):
            raise TableError(f"the structure must be a gamelib.games.pot.Structure (or None for the game's own), "
                             f"not {shown(structure)}")
        if new_player_ruling not in ("R24", "R25"):
            raise TableError(f"a new seat's big blind follows R24 (Big O) or R25 (mixed games), "
                             f"not {shown(new_player_ruling)}")
        #: The ruling a new seat's posted big blind follows: R24 at Big O, R25 at a mixed table.
        self.new_player_ruling = new_player_ruling
        self.game = game
        self.structure = structure or game.structure
        self._check_setup(stacks, button)
        new_players = self._check_new_players(new_players, len(stacks))
        self.n = len(stacks)
        self.button = button
        self.start_stacks = [int(s) for s in stacks]
        self.stacks = list(self.start_stacks)
        self.rng = rng_from(seed)
        stacked = parse_cards(deck, what="stacked deck") if deck is not None else []
        rest = [c for c in self.rng.permutation(52).tolist() if c not in set(stacked)]
        self.stub: list[int] = list(stacked) + rest
        self.muck: list[int] = []
        self.down: list[list[int]] = [[] for _ in range(self.n)]
        self.up: list[list[int]] = [[] for _ in range(self.n)]
        self.boards: list[list[int]] = [[] for _ in range(game.boards)]
        self.community: list[int] = []
        self.folded = [False] * self.n
        self.committed = [0] * self.n
        self.contributed = [0] * self.n
        self.winnings = [0] * self.n
        #: Everything that has happened, in order (``gamelib.engine.events``).
        self.events: list[ev.Event] = []
        self.street_index = 0
        self.phase = Phase.BET
        self.to_act: int | None = None
        self.is_over = False
        self.showdown: Showdown | None = None
        self._queue: list[int] = []
        self.betting = BettingRound.idle(self.n)
        self._record(ev.HandStart(game.title, self.structure.name, button, tuple(self.stacks)))
        self._post_forced(new_players)
        self._begin_street()

    # --- setup ---------------------------------------------------------------------------

    def _check_setup(self, stacks: Sequence[int], button: int) -> None:
        g, st = self.game, self.structure
        if not isinstance(stacks, (list, tuple, np.ndarray)):
            raise TableError(f"the stacks are a list of whole dollars, one per seat, not {shown(stacks)}")
        if not 2 <= len(stacks) <= g.max_players:
            raise TableError(f"{g.title} is played by 2 to {g.max_players} players, not {len(stacks)}")
        bad = [s for s in stacks if not is_whole(s) or not 0 < s <= MAX_STACK]
        if bad:
            raise TableError(f"every stack must be a whole number of dollars from $1 to ${MAX_STACK:,}, "
                             f"not {shown(bad[0])}")
        if not is_whole(button) or not 0 <= button < len(stacks):
            raise TableError(f"the button must be a seat from 0 to {len(stacks) - 1}, not {shown(button)}")
        if st.kind not in STRUCTURE_KINDS:
            raise TableError(f"unknown structure kind {st.kind!r}; the kinds are {', '.join(STRUCTURE_KINDS)}")
        if g.is_stud and not st.bring_in:
            raise TableError(f"{g.title} is a stud game: its structure needs a bring-in")
        if not g.is_stud and not st.big_blind:
            raise TableError(f"{g.title} is played with blinds: its structure needs a big blind")

    @staticmethod
    def _check_new_players(new_players: object, n: int) -> list[int]:
        if not isinstance(new_players, (list, tuple, set, frozenset)) or \
                not all(is_whole(s) and 0 <= s < n for s in new_players):
            raise TableError(f"new players are a list of seats from 0 to {n - 1}, not {shown(new_players)}")
        return [int(s) for s in new_players]

    @property
    def history(self) -> list[str]:
        """The hand history, one line per event, rendered from ``events``.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3).history[1]
        'seat 0 posts the small blind $1'
        """
        return ev.render(self.events)

    def _clockwise(self, start: int) -> list[int]:
        """Every seat, clockwise, beginning with ``start``."""
        return [(start + k) % self.n for k in range(self.n)]

    def _can_act(self, s: int) -> bool:
        return not self.folded[s] and self.stacks[s] > 0

    def _faces_a_bet(self, s: int) -> bool:
        """True when another player still in has put more into this round than ``s`` (R27)."""
        return any(self.committed[o] > self.committed[s] for o in self._in_hand() if o != s)

    def _put_in(self, s: int, amount: int, round_bet: bool = True) -> int:
        amount = min(amount, self.stacks[s])
        self.stacks[s] -= amount
        self.contributed[s] += amount
        if round_bet:
            self.committed[s] += amount
        return amount

    def _post_forced(self, new_players: Sequence[int]) -> None:
        st = self.structure
        if st.ante:
            for s in self._clockwise((self.button + 1) % self.n):
                paid = self._put_in(s, st.ante, round_bet=False)
                self._record(ev.Post(s, "ante", paid, all_in=not self.stacks[s]))
        if self.game.is_stud:
            return
        if self.n == 2:  # R-A7
            sb, bb = self.button, (self.button + 1) % self.n
        else:
            sb, bb = (self.button + 1) % self.n, (self.button + 2) % self.n
        self.sb_seat, self.bb_seat = sb, bb
        if st.small_blind:
            paid = self._put_in(sb, st.small_blind)
            self._record(ev.Post(sb, "small blind", paid, all_in=not self.stacks[sb]))
        paid = self._put_in(bb, st.big_blind)
        self._record(ev.Post(bb, "big blind", paid, all_in=not self.stacks[bb]))
        for s in new_players:
            if s in (sb, bb):
                continue
            paid = self._put_in(s, st.big_blind)
            self._record(ev.Post(s, "new seat", paid, all_in=not self.stacks[s], ruling=self.new_player_ruling))

    # --- the deck ------------------------------------------------------------------------

    def _take(self, n: int, keep_out: Sequence[int] = ()) -> list[int]:
        if len(self.stub) < n:
            fresh = [c for c in self.muck if c not in set(keep_out)]
            self.muck = [c for c in self.muck if c in set(keep_out)]
            order = self.rng.permutation(len(fresh)).tolist()
            self.stub.extend(fresh[i] for i in order)
            self._record(ev.Reshuffle(len(fresh)))
            if len(self.stub) < n:  # pragma: no cover - the seat limits make this impossible
                raise IllegalActionError(f"not enough cards left to deal {n}")
        out, self.stub = self.stub[:n], self.stub[n:]
        return out

    def _deal(self, n: int, seat: int | None = None, board: int | None = None,
              keep_out: Sequence[int] = ()) -> list[int]:
        """The next ``n`` cards dealt to ``seat`` (its hole cards, up cards or a draw's
        replacements), to board ``board``, or (neither) the stud community card: off the stub.
        A replayed hand record (``gamelib.handhistory``) deals the record's own cards here.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["badugi"], [9, 9], seed=1); stub = list(h.stub)
        >>> h._deal(2, seat=0) == stub[:2]
        True
        """
        return self._take(n, keep_out)

    def _burn(self) -> None:
        if self.stub or self.muck:
            card = self._take(1)
            self.muck.extend(card)
            self._record(ev.Burn(card[0]))

    # --- streets -------------------------------------------------------------------------

    def _begin_street(self) -> None:
        st = self.street
        first = self.street_index == 0
        self._record(ev.StreetStart(self.street_index, st.name))
        players = [s for s in self._clockwise((self.button + 1) % self.n) if not self.folded[s]]
        if st.down or st.up:
            if not first and self.game.is_stud and st.down and st.name == "seventh street" \
                    and len(self.stub) < len(players) + 1:
                if len(self.stub) >= 2:
                    self._burn()
                self.community = self._deal(1)
                self._record(ev.CommunityCard(tuple(self.community)))
            else:
                if not first:
                    self._burn()
                for _ in range(st.down):
                    for s in players:
                        self.down[s].extend(self._deal(1, seat=s))
                for _ in range(st.up):
                    for s in players:
                        self.up[s].extend(self._deal(1, seat=s))
                for s in players:
                    down, up = self.down[s], self.up[s]
                    self._record(ev.Deal(s, tuple(down), tuple(up), tuple(down[len(down) - st.down:]),
                                         tuple(up[len(up) - st.up:]), stud=self.game.is_stud))
        if st.board:
            for b in range(len(self.boards)):
                self._burn()
                self.boards[b].extend(self._deal(st.board, board=b))
            for b, cards in enumerate(self.boards):
                self._record(ev.Board(b + 1, len(self.boards), tuple(cards)))
        if st.draw or st.discard:  # R-A12
            if st.draw:
                self._burn()
            self.phase = Phase.DRAW if st.draw else Phase.DISCARD
            self._queue = players
            self.to_act = self._queue[0]
            return
        self._start_betting()

    def _start_betting(self) -> None:
        st, structure = self.street, self.structure
        self.phase = Phase.BET
        if st.bet is None:
            self._next_street()
            return
        if st.bet is BetSize.SMALL:
            unit = structure.small_bet
        elif st.bet is BetSize.BIG:
            unit = structure.big_bet
        else:  # pragma: no cover - a Street refuses any other bet size
            raise unreachable(st.bet, f"street {st.name!r}: the bet")
        if structure.kind in (StructureKind.POT_LIMIT, StructureKind.NO_LIMIT, StructureKind.SPREAD):
            unit = structure.small_bet
        cap = None if structure.max_raises is None else 1 + structure.max_raises  # R13, R-A2
        can = [s for s in range(self.n) if self._can_act(s)]
        first_street = self.street_index == 0
        if first_street and not self.game.is_stud:
            self.betting = BettingRound(self.n, unit, cap, current_bet=structure.big_blind,
                                        last_full_raise=structure.big_blind, full_bets=1, to_act=can)
            start = (self.bb_seat + 1) % self.n if self.n > 2 else self.button
        else:
            self.betting = BettingRound(self.n, unit, cap, current_bet=max(self.committed), last_full_raise=unit,
                                        full_bets=0, to_act=can,
                                        awaiting_bring_in=self.game.is_stud and first_street)
            if self.game.is_stud:
                start = self._stud_first(first_street)
            else:
                start = (self.button + 1) % self.n
        if len(self._in_hand()) <= 1 or not can or (len(can) == 1 and not self._faces_a_bet(can[0])):
            self._end_round()
            return
        # R28: when the first player to act is all in, the next player clockwise who can act.
        waiting = self.betting.still_to_act
        self.to_act = next(s for s in self._clockwise(start) if s in waiting)

    def _stud_first(self, first_street: bool) -> int:
        """The seat whose up cards open the round (R14), all-in players included (R28)."""
        can = self._in_hand()
        g = self.game
        if first_street:  # R14: the bring-in (R-A11: it may complete instead)
            def card_key(s: int) -> tuple[int, int]:
                c = self.up[s][0]
                r, suit = rank_of(c), c % 4
                if g.bring_in_card is BringInCard.HIGHEST_ACE_LOW:
                    return ((r + 1) % 13, suit)
                if g.bring_in_card is BringInCard.HIGHEST_ACE_HIGH:
                    return (r, suit)
                if g.bring_in_card is BringInCard.LOWEST_ACE_HIGH:
                    return (-r, -suit)  # the lowest card brings in
                # A stud declaration refuses any other bring-in card, or none.
                raise unreachable(g.bring_in_card, f"{g.title}: the bring-in card")  # pragma: no cover
            return max(can, key=card_key)
        order = self._clockwise((self.button + 1) % self.n)

        def board_key(s: int) -> tuple[tuple[int, ...], tuple[int, ...]]:  # R14, R-A4
            ranks = [rank_of(c) for c in self.up[s]]
            if g.board_order is BoardOrder.LOW_A5:
                ranks = [(r + 1) % 13 for r in ranks]
            groups = sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
            counts = tuple(c for _, c in groups)
            rs = tuple(r for r, _ in groups)
            if g.board_order is BoardOrder.HIGH:
                return (counts, rs)
            if g.board_order in (BoardOrder.LOW_A5, BoardOrder.LOW_27):
                return (tuple(-c for c in counts), tuple(-r for r in rs))
            raise unreachable(g.board_order, f"{g.title}: the board order")  # pragma: no cover
        best = max(board_key(s) for s in can)
        return next(s for s in order if s in can and board_key(s) == best)

    def _end_round(self) -> None:
        self.to_act = None
        self.betting.ended()
        self.committed = [0] * self.n
        if len(self._in_hand()) <= 1:
            self._finish()
            return
        self._next_street()

    def _next_street(self) -> None:
        self.street_index += 1
        if self.street_index >= len(self.game.streets):
            self._finish()
        else:
            self._begin_street()

    def act(self, kind: str, amount: int | None = None, cards: CardsLike | None = None,
            seat: int | None = None) -> None:
        """Play an action for the player in turn (or check that ``seat`` is in turn).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["a5-triple-draw"], [30, 30, 30], seed=2)
        >>> h.act("check")
        Traceback (most recent call last):
        ...
        gamelib.errors.IllegalActionError: check is not legal now; seat 0 is to act and may: fold, call $2, raise to $4
        """
        action, out = self._check(kind, amount, cards, seat)
        s = self.to_act
        assert s is not None
        if self.phase.names_cards:
            self._do_draw(s, action, out)
            return
        betting = self.betting
        if action.is_wager:
            assert amount is not None  # _check refuses a bet, raise or completion without one
            self._raise_to(s, action, int(amount))
        elif action is ActionKind.FOLD:
            self.folded[s] = True
            self.muck.extend(self.down[s] + self.up[s])
            betting.folded(s)
            self._record(ev.Fold(s))
        elif action is ActionKind.CHECK:
            betting.checked_or_called(s)
            self._record(ev.Check(s))
        elif action is ActionKind.CALL:
            paid = self._put_in(s, betting.current_bet - self.committed[s])
            betting.checked_or_called(s)
            self._record(ev.Call(s, paid, all_in=not self.stacks[s]))
        elif action is ActionKind.BRING_IN:
            paid = self._put_in(s, self.structure.bring_in)
            betting.brought_in(s, self.committed[s])
            self._record(ev.BringIn(s, paid, all_in=not self.stacks[s]))
        self._after_action(s)

    def _raise_to(self, s: int, kind: ActionKind, to: int) -> None:
        self._put_in(s, to - self.committed[s])
        full = self.betting.wagered(s, kind, to, others=[o for o in range(self.n) if self._can_act(o)])
        self._record(ev.WAGER_EVENTS[kind](s, to, all_in=not self.stacks[s], full=full))

    def _after_action(self, s: int) -> None:
        if len(self._in_hand()) <= 1:
            self._end_round()
            return
        betting = self.betting
        can = [o for o in range(self.n) if self._can_act(o)]
        betting.keep_to_act(can)
        # R27: when every other player still in is all in, the one player with chips left acts
        # again only if he faces a bet (to call or fold it; R30 forbids raising).
        if len(can) == 1 and not self._faces_a_bet(can[0]):
            betting.keep_to_act(())  # he is the only one who could be still to act
        waiting = betting.still_to_act
        if not waiting:
            self._end_round()
            return
        self.to_act = next(o for o in self._clockwise((s + 1) % self.n) if o in waiting)

    def _do_draw(self, s: int, kind: ActionKind, out: list[int]) -> None:
        keep = [c for c in self.down[s] if c not in out]
        if kind is ActionKind.DISCARD:
            self.down[s] = keep
            self.muck.extend(out)
            self._record(ev.Discard(s, tuple(out)))
        elif out:
            new = self._deal(len(out), seat=s, keep_out=out)
            self.down[s] = keep + new
            self.muck.extend(out)
            self._record(ev.Draw(s, tuple(out), tuple(new)))
        else:
            self._record(ev.StandPat(s))
        self._queue.pop(0)
        if self._queue:
            self.to_act = self._queue[0]
        else:
            self._start_betting()

    # convenience -------------------------------------------------------------------------

    def fold(self) -> None:
        """Fold the hand in turn.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["big-o"], [40, 40], seed=1); h.fold(); h.stacks
        [39, 41]
        """
        self.act("fold")

    def call(self) -> None:
        """Call (or check when there is nothing to call).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> h = Hand(POT_DECLARATIONS["big-o"], [40, 40], seed=1); h.call(); h.to_act
        1
        """
        kinds = {a.kind for a in self.legal_actions()}
        self.act(ActionKind.CALL if ActionKind.CALL in kinds else ActionKind.CHECK)


__all__ = ["Hand", "LegalAction"]
