"""The running-the-game drill (``RunGame``): forced bets, first to act, whether an action is
legal, the largest raise, each read off the hand state machine.

>>> d = RunGame("big-o"); q = d.next(1)
>>> d.check(q, q.correct_answer).correct
True
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from ..cards import format_card
from ..engine import events
from ..engine.actions import ActionKind, Phase
from ..engine.hand import Hand
from ..errors import GameError
from ..games import POT_GAMES
from ..games.pot import big_bet_structure
from ..games.table_kinds import Spread, table_kind_of
from ..games.vocabularies import BoardOrder
from .core import Field, FieldValue, Question
from .drill_base import Drill, decl_title, drill_rng, seat

# --- running the game ---------------------------------------------------------------------

#: The name the mixed games give a game whose own table spreads only listed structures (the book's
#: chapter title): the drill deals such a game at pot limit only as the mixed game.
MIXED_GAME_NAMES = {"big-o": "Big O8"}

def _in_turn(hand: Hand) -> int:
    """The seat to act in a hand the drill stopped in (never one that is over)."""
    if hand.to_act is None:  # pragma: no cover - the drill stops only where someone is to act
        raise GameError("the drill's hand has nobody to act")
    return hand.to_act


class RunGame(Drill):
    """Run the game: forced bets, who acts first, is an action legal, the largest raise.

    Every answer is read from the hand state machine (``gamelib.engine.hand.Hand``): its posted
    blinds or bring-in, ``to_act`` and ``legal_actions()``.

    >>> q = RunGame("stud8", "forced").next(1)
    >>> q.correct_answer["seat"] in q.fields[0].options
    True
    """

    key = "run-game"
    title = "Run the game"
    games = POT_GAMES
    focuses = ("any", "forced", "first-to-act", "legal", "max-raise")

    def _new_hand(self, rng: np.random.Generator, players: int, pot_limit: bool) -> Hand:
        decl = self.pot_engine.declaration
        structure = None
        if pot_limit:
            unit = decl.structure.small_bet
            structure = (big_bet_structure("pot-limit", 0, unit, bring_in=decl.structure.bring_in)
                         if decl.is_stud else big_bet_structure("pot-limit", max(1, unit // 2), unit))
        stacks = [int(x) for x in rng.integers(8, 80, size=players) * max(1, decl.structure.small_bet // 2)]
        button = int(rng.integers(players))
        return self.pot_engine.new_hand(stacks, button=button, structure=structure, seed=int(rng.integers(2**31)))

    @staticmethod
    def _step(hand: Hand, rng: np.random.Generator) -> None:
        """One seeded plausible action for the player in turn."""
        acts = {a.kind: a for a in hand.legal_actions()}
        s = hand.to_act
        assert s is not None  # the drill plays only hands that are not over
        if hand.phase.names_cards:
            if ActionKind.DISCARD in acts:
                k = acts[ActionKind.DISCARD].min
                hand.act(ActionKind.DISCARD, cards=[int(c) for c in rng.choice(hand.down[s], k, replace=False)])
            elif rng.random() < 0.3:
                hand.act(ActionKind.STAND_PAT)
            else:
                k = int(rng.integers(1, min(3, len(hand.down[s])) + 1))
                hand.act(ActionKind.DRAW, cards=[int(c) for c in rng.choice(hand.down[s], k, replace=False)])
            return
        if ActionKind.BRING_IN in acts:
            if rng.random() < 0.7 or ActionKind.COMPLETE not in acts:
                hand.act(ActionKind.BRING_IN)
            else:
                hand.act(ActionKind.COMPLETE, acts[ActionKind.COMPLETE].min)
            return
        r = rng.random()
        agg = next((a for a in acts.values() if a.kind.is_wager), None)
        live = sum(1 for f in hand.folded if not f)
        if r < 0.08 and live > 2 and ActionKind.CHECK not in acts:
            hand.act(ActionKind.FOLD)
        elif r < 0.3 and agg is not None and agg.min is not None and agg.max is not None:
            hand.act(agg.kind, int(rng.integers(agg.min, agg.max + 1)))
        else:
            hand.act(ActionKind.CALL if ActionKind.CALL in acts else ActionKind.CHECK)

    def _mixed_only(self, hand: Hand) -> bool:
        """Whether ``hand`` is dealt at a structure the game's own table does not spread (the Big O
        cash game spreads only its four limit structures, R18): then it is the mixed game's."""
        kind = table_kind_of(self.pot_engine.declaration.key)
        return kind.spread is Spread.LISTED and kind.structure_named(hand.structure.name) is None

    def _game_words(self, hand: Hand) -> str:
        """The game as a prompt names it: a hand of the mixed game (see :meth:`_mixed_only`) says so.

        >>> d = RunGame("big-o"); d._game_words(d._new_hand(drill_rng(1, 0), 3, True))
        'Big O8, the mixed game'
        >>> d._game_words(d._new_hand(drill_rng(1, 0), 3, False))
        'Big O'
        """
        decl = self.pot_engine.declaration
        if not self._mixed_only(hand):
            return decl_title(self)
        return f"{MIXED_GAME_NAMES.get(decl.key, decl.title)}, the mixed game"

    def _table_words(self, hand: Hand) -> str:
        """The game and its structure, for the facts of the hand: a hand of the mixed game says why.

        >>> d = RunGame("big-o"); d._table_words(d._new_hand(drill_rng(1, 0), 3, True))
        'Big O8, the mixed game, $1/$2 pot-limit (the Big O cash game spreads only its four limit structures, R26)'
        """
        words = f"{self._game_words(hand)}, {hand.structure.name}"
        if not self._mixed_only(hand):
            return words
        kind = table_kind_of(self.pot_engine.declaration.key)
        n = len(kind.structures)
        count = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))
        return words + f" (the {kind.title} spreads only its {count} limit structures, R26)"

    def _situation(self, hand: Hand) -> tuple[list[tuple[str, tuple[int, ...]]], list[str]]:
        decl = self.pot_engine.declaration
        cards: list[tuple[str, tuple[int, ...]]] = []
        for s in range(hand.n):
            if hand.folded[s]:
                continue
            if decl.is_stud:
                cards.append((f"{seat(s)} shows", tuple(hand.up[s])))
        for b, cs in enumerate(hand.boards):
            if cs:
                cards.append(("board" if len(hand.boards) == 1 else f"board {b + 1}", tuple(cs)))
        facts = [f"{self._table_words(hand)}; {hand.n} players; button {seat(hand.button)}"]
        facts.append("stacks now: " + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(hand.stacks)))
        facts.append("in front of each seat this round: "
                     + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(hand.committed)) + f"; pot ${hand.pot}")
        facts.extend(e.text for e in hand.events  # what happened, without the hand's start and the deals
                     if e.text is not None and not isinstance(e, (events.HandStart, events.Deal)))
        return cards, facts

    def next(self, seed: int) -> Question:
        rng = drill_rng(seed, 6)
        kinds = self.focuses[1:]
        kind = self.focus if self.focus != "any" else kinds[int(rng.integers(len(kinds)))]
        for attempt in range(200):
            r = drill_rng(seed, 100 + attempt)
            q: Question | None = getattr(self, "_" + kind.replace("-", "_"))(seed, r)
            if q is not None:
                return q
        raise GameError(f"could not deal a {kind} situation from seed {seed}")  # pragma: no cover

    def _forced(self, seed: int, rng: np.random.Generator) -> Question | None:
        decl = self.pot_engine.declaration
        players = int(rng.integers(2, 7))
        hand = self._new_hand(rng, players, False)
        first = _in_turn(hand)
        opts = tuple(seat(s) for s in range(players))
        cards, facts = self._situation(hand)
        facts = facts[:1]  # only the table: the trainee says what is posted
        if decl.is_stud:
            bring = hand.legal_actions()[0]
            fields = [Field("seat", "Who brings in?", "choice", opts), Field("amount", "The bring-in", "dollars")]
            assert bring.min is not None  # the bring-in has its amount
            correct_answer: dict[str, FieldValue] = {"seat": seat(first), "amount": int(bring.min)}
            rule = {"lowest-ace-high": "the lowest up card brings in, aces high",
                    "highest-ace-low": "the highest up card brings in, aces low",
                    "highest-ace-high": "the highest up card brings in, aces high"}[str(decl.bring_in_card)]
            up = ", ".join(f"{seat(s)} {format_card(hand.up[s][0])}" for s in range(players))
            why = (f"Up cards: {up}. In {decl.title} {rule}, spades > hearts > diamonds > clubs breaking a tie "
                   f"(R14, R2): {seat(first)} brings in for ${bring.min}, or may complete to "
                   f"${decl.structure.small_bet} (R-A11).")
            prompt = f"{decl.title}, third street is dealt: who brings in, and for how much?"
        else:
            fields = [Field("sb", "Who posts the small blind?", "choice", opts),
                      Field("sb_amount", "Small blind", "dollars"),
                      Field("bb", "Who posts the big blind?", "choice", opts),
                      Field("bb_amount", "Big blind", "dollars"),
                      Field("first", "Who acts first?", "choice", opts)]
            correct_answer = {"sb": seat(hand.sb_seat), "sb_amount": int(hand.committed[hand.sb_seat]),
                              "bb": seat(hand.bb_seat), "bb_amount": int(hand.committed[hand.bb_seat]),
                              "first": seat(first)}
            heads = (" Heads-up the button posts the small blind and acts first before the first "
                     "draw or flop (R-A7)." if players == 2 else
                     " The seat left of the button posts the small blind, the next the big blind; "
                     "the seat after the big blind acts first.")
            why = (f"With the button at {seat(hand.button)}: {seat(hand.sb_seat)} posts "
                   f"${correct_answer['sb_amount']}, {seat(hand.bb_seat)} posts ${correct_answer['bb_amount']}, "
                   f"{seat(first)} acts first.{heads} "
                   + (f"The {decl.title} structures set their own blinds ({hand.structure.name}: "
                      f"${hand.structure.small_blind}/${hand.structure.big_blind}, R18)."
                      if table_kind_of(decl.key).spread is Spread.LISTED else
                      f"In {hand.structure.name} the big blind is the lower limit and the small blind "
                      "half of it, halves rounded up (R11)."))
            prompt = f"{decl.title}, a new hand: who posts what, and who acts first?"
        return self._question(seed, prompt, cards, facts, fields, correct_answer, why, kind="forced", hand=hand)

    def _play(self, rng: np.random.Generator, players: int, pot_limit: bool,
              stop: Callable[[Hand], bool]) -> Hand | None:
        hand = self._new_hand(rng, players, pot_limit)
        for _ in range(80):
            if hand.is_over:
                return None
            if stop(hand):
                return hand
            self._step(hand, rng)
        return None

    def _first_to_act(self, seed: int, rng: np.random.Generator) -> Question | None:
        decl = self.pot_engine.declaration
        target = int(rng.integers(1, len(decl.streets)))
        state = {"at": (0, Phase.BET)}

        def stop(h: Hand) -> bool:
            fresh = (h.street_index, h.phase) != state["at"]
            state["at"] = (h.street_index, h.phase)
            return (h.street_index >= target and fresh and h.phase is Phase.BET
                    and not any(h.committed) and h.street.bet is not None)

        hand = self._play(rng, int(rng.integers(2, 6)), False, stop)
        if hand is None:
            return None
        first = _in_turn(hand)
        live = [s for s in range(hand.n) if not hand.folded[s]]
        opts = tuple(seat(s) for s in live)
        cards, facts = self._situation(hand)
        if decl.is_stud:
            order = "best high hand showing" if decl.board_order is BoardOrder.HIGH else "best low hand showing"
            why = (f"After third street the {order} acts first; only pairs count on the up cards and "
                   f"equal boards go to the seat nearest the dealer's left (R14, R-A4): {seat(first)}.")
        else:
            why = (f"After the first betting round the first seat clockwise from the button "
                   f"({seat(hand.button)}) still in the hand and not all in acts first: {seat(first)}.")
        fields = [Field("seat", "Who acts first?", "choice", opts)]
        prompt = f"{decl.title}, {hand.street.name}: the betting round begins. Who acts first?"
        return self._question(seed, prompt, cards, facts, fields, {"seat": seat(first)}, why,
                              kind="first-to-act", hand=hand)

    def _legal(self, seed: int, rng: np.random.Generator) -> Question | None:
        steps = int(rng.integers(0, 14))
        count = {"n": 0}

        def stop(h: Hand) -> bool:
            count["n"] += 1
            return h.phase is Phase.BET and count["n"] > steps and not h.round_view.awaiting_bring_in

        hand = self._play(rng, int(rng.integers(2, 6)), bool(rng.integers(2)), stop)
        if hand is None:
            return None
        legal = {a.kind: a for a in hand.legal_actions()}
        agg = next((a for a in legal.values() if a.kind.is_wager), None)
        view = hand.round_view
        cb = view.current_bet
        cands: list[tuple[ActionKind, int | None]] = []
        if agg is not None and agg.min is not None and agg.max is not None:
            cands.append((agg.kind, int(rng.integers(agg.min, agg.max + 1))))
            cands.append((agg.kind, agg.max + int(rng.integers(1, 4))))
            if agg.min > cb + 1:
                cands.append((agg.kind, int(rng.integers(cb + 1, agg.min))))
        else:
            cands.append((ActionKind.RAISE if cb else ActionKind.BET, cb + view.unit))
        cands.append((ActionKind.CHECK, None) if ActionKind.CALL in legal else
                     (ActionKind.CALL, None) if cb == 0 else (ActionKind.CHECK, None))
        kind, amount = cands[int(rng.integers(len(cands)))]
        s = _in_turn(hand)
        chosen = legal.get(kind)
        ok = chosen is not None and (amount is None or (chosen.min is not None and chosen.max is not None
                                                         and chosen.min <= amount <= chosen.max))
        action = f"{kind} to ${amount}" if amount is not None else kind
        cards, facts = self._situation(hand)
        can = hand.legal_words()
        rule = {
            "limit": " Limit: every bet and raise is one fixed unit of the round, and a round allows one bet "
                     "and four raises (R12, R13).",
            "pot-limit": " Pot limit: a raise is at least the last bet or raise, at most the pot after the "
                         "call (R16).",
        }.get(hand.structure.kind, "")
        why = f"{seat(s)} may: {can}. So '{action}' is {'legal' if ok else 'not legal'}.{rule}"
        fields = [Field("legal", "Legal?", "choice", ("legal", "not legal"))]
        prompt = f"{self._game_words(hand)}, {hand.street.name}: {seat(s)} says '{action}'. Is that legal?"
        return self._question(seed, prompt, cards, facts, fields, {"legal": "legal" if ok else "not legal"},
                              why, kind="legal", action=(kind, amount), hand=hand)

    def _max_raise(self, seed: int, rng: np.random.Generator) -> Question | None:
        steps = int(rng.integers(0, 10))
        count = {"n": 0}

        def stop(h: Hand) -> bool:
            count["n"] += 1
            return (h.phase is Phase.BET and count["n"] > steps and not h.round_view.awaiting_bring_in
                    and any(a.kind.is_wager for a in h.legal_actions()))

        hand = self._play(rng, int(rng.integers(2, 6)), bool(rng.integers(0, 3)), stop)
        if hand is None:
            return None
        agg = next(a for a in hand.legal_actions() if a.kind.is_wager)
        s = _in_turn(hand)
        assert agg.min is not None and agg.max is not None  # a wager legal now has its totals
        view = hand.round_view
        to_call = view.to_call[s]
        if hand.structure.kind == "pot-limit":
            how = (f"Pot limit (R16): call ${to_call} first, making the pot ${hand.pot + to_call}; the raise may "
                   f"add that much, so the bet may go to ${hand.current_bet + hand.pot + to_call}"
                   + (f", but {seat(s)} has only ${hand.committed[s] + hand.stacks[s]} in all" if
                      agg.max < hand.current_bet + hand.pot + to_call else "") + ".")
        elif hand.structure.kind == "no-limit":
            how = "No limit: up to all the chips in front of the player."
        else:
            how = (f"Limit: the {agg.kind} is one unit of ${view.unit} on this street (R12)"
                   + (", limited by the stack" if agg.max < agg.min else "") + ".")
        why = f"{seat(s)} may {agg} (the total in front of the seat this round). {how}"
        fields = [Field("max", f"Most {seat(s)} may {agg.kind} to", "dollars")]
        prompt = (f"{self._game_words(hand)}, {hand.street.name}: {seat(s)} wants to {agg.kind}. What is the most "
                  "this round's bet may become (the total in front of that seat)?")
        cards, facts = self._situation(hand)
        return self._question(seed, prompt, cards, facts, fields, {"max": int(agg.max)}, why, kind="max-raise",
                              hand=hand)


__all__ = ["RunGame", "MIXED_GAME_NAMES"]
