"""Training from real hands (``ReplayHand``): a published hand record replayed to a seeded
action, where the dealer says who acts, what he may do and what is in each pot.

The hands are the real records shipped with gamelib (``gamelib.handhistory.published``:
televised WSOP final-table hands of Stud 8 and 2-7 Triple Draw). A question stops the record
before one of its betting actions, chosen by the seed among every betting action of every
record of the game; the trainee sees what happened so far (the engine's own history of the
replay, and the up cards of a stud hand) and answers: who is to act, how much he must put in
to call ($0: he may check), the smallest and the largest total he may bet or raise to ($0: he
may not), and the main pot and each side pot as they stand. Every answer is the replayed
hand's (``gamelib.handhistory.replay``): ``to_act``, ``legal_actions()`` and the pots.

>>> d = ReplayHand("stud8"); q = d.next(3)
>>> d.check(q, q.correct_answer).correct, q.meta["record"] in published_names("stud8")
(True, True)
"""

from __future__ import annotations

from functools import cache

from ..engine import events
from ..engine.hand import Hand
from ..engine.legal import LegalAction
from ..engine.pots import Pot
from ..errors import GameError
from ..handhistory.published import published, published_games, published_names
from ..handhistory.record import Action, parse_action
from ..handhistory.replay import Replay, replay
from ..handhistory.rules import diagnose, legal_words
from .core import Field, Question
from .drill_base import Drill, drill_rng, seat

#: The ``kind``s of a wager: the bet, raise or completion a player may make.
_WAGERS = ("bet", "raise", "complete")


@cache
def _stops(game: str) -> tuple[tuple[str, int], ...]:
    """Every (record, action index) of ``game``'s shipped records where a player acts in a
    betting round: a fold, check, call, bet or raise (``f``, ``cc``, ``cbr``), except a stud
    hand's first (the bring-in or its completion, a question of its own)."""
    out: list[tuple[str, int]] = []
    for name in published_names(game):
        record = published(name)
        first = True
        for i, a in enumerate(parse_action(t) for t in record.actions):
            if not a.actor:
                continue
            if a.verb in ("f", "cc", "cbr") and not (first and record.bring_in):
                out.append((name, i))
            first = False
    return tuple(out)


def _cut(name: str, index: int) -> Replay:
    """The record ``name`` replayed up to (not including) its action ``index``."""
    record = published(name)
    record.actions = record.actions[:index]
    record.extra.pop("finishing_stacks", None)
    return replay(record)


def _pot_name(k: int) -> str:
    return "Main pot" if k == 0 else f"Side pot {k}"


def _pots_words(pots: list[Pot]) -> str:
    return "; ".join(f"{_pot_name(k).lower()} ${p.amount:,} ({', '.join(seat(s) for s in p.eligible)})"
                     for k, p in enumerate(pots))


class ReplayHand(Drill):
    """Replay a real hand: who acts, his call, smallest and largest raise, and each pot, at a seeded action.

    >>> q = ReplayHand("27-triple-draw").next(1)
    >>> [f.name for f in q.fields][:4]
    ['who', 'call', 'min_raise', 'max_raise']
    """

    key = "replay-hand"
    title = "Replay a real hand"
    games = published_games()

    def next(self, seed: int) -> Question:
        stops = _stops(self.game)
        if not stops:  # pragma: no cover - every game of ``games`` has a record with betting
            raise GameError(f"no shipped hand record of {self.game} has a betting action")
        name, index = stops[int(drill_rng(seed, 26).integers(len(stops)))]
        rp = _cut(name, index)
        hand = rp.hand
        s = hand.to_act
        if s is None:  # pragma: no cover - a stop is an action of a player in turn
            raise GameError(f"the record {name} has nobody to act at action {index + 1}")
        options = hand.legal_actions()
        call = next((a for a in options if str(a.kind) == "call"), None)
        wager = next((a for a in options if str(a.kind) in _WAGERS), None)
        pots = rp.pots()
        live = [p for p in range(hand.n) if not hand.folded[p]]
        fields = [Field("who", "Who is to act?", "choice", tuple(seat(p) for p in live)),
                  Field("call", "He calls with ($0: he may check)", "dollars"),
                  Field("min_raise", "Smallest bet or raise, to ($0: he may not)", "dollars"),
                  Field("max_raise", "Largest bet or raise, to ($0: he may not)", "dollars")]
        fields += [Field(f"pot{k}", _pot_name(k), "dollars") for k in range(len(pots))]
        correct_answer: dict[str, str | int] = {
            "who": seat(s), "call": int(call.min or 0) if call else 0,
            "min_raise": int(wager.min or 0) if wager else 0, "max_raise": int(wager.max or 0) if wager else 0}
        correct_answer.update({f"pot{k}": p.amount for k, p in enumerate(pots)})
        record = rp.record
        title = self.engine.title
        event = str(record.extra.get("event") or "a published hand")
        prompt = (f"{title}, {event}. The record is replayed to its action {index + 1}, on "
                  f"{hand.street.name}: who is to act, what may he do, and what is in each pot?")
        return self._question(seed, prompt, self._cards(hand), self._facts(rp), fields, correct_answer,
                              self._why(hand, s, options, call, wager, pots), record=name, action=index, hand=hand,
                              pots=tuple(pots))

    @staticmethod
    def _cards(hand: Hand) -> list[tuple[str, tuple[int, ...]]]:
        return [(f"{seat(p)} shows", tuple(hand.up[p])) for p in range(hand.n)
                if hand.game.is_stud and not hand.folded[p] and hand.up[p]]

    @staticmethod
    def _facts(rp: Replay) -> list[str]:
        r, h = rp.record, rp.hand
        names = r.extra.get("players") or []
        facts = [f"{h.game.title}, {h.structure.name}",
                 "seats: " + ", ".join(f"{seat(p)} (p{p + 1}{', ' + str(names[p]) if p < len(names) else ''}"
                                       f"{', button' if p == h.button else ''}) ${r.starting_stacks[p]:,}"
                                       for p in range(h.n))]
        facts.extend(e.text for e in h.events if e.text is not None and not isinstance(e, events.HandStart))
        return facts

    @staticmethod
    def _why(hand: Hand, s: int, options: list[LegalAction], call: LegalAction | None,
             wager: LegalAction | None, pots: list[Pot]) -> str:
        view = hand.round_view
        who = seat(s)
        out = [f"{who} is to act; he may: {legal_words(options)}."]
        if call:
            out.append(f"The bet is ${view.current_bet:,} and {who} has ${hand.committed[s]:,} in this round: he "
                       f"calls ${call.min:,}{' (all in, R7)' if hand.stacks[s] == call.min else ''}.")
        else:
            out.append("Nobody has bet this round: he may check.")
        if wager is None:
            v = diagnose(hand, Action(s + 1, "cbr", amount=view.current_bet + view.unit))
            out.append(f"He may not bet or raise: {v.words.split(', but ', 1)[-1]}"
                       f"{' (' + v.rule + ')' if v.rule else ''}.")
        elif str(hand.structure.kind) == "limit":
            out.append(f"At limit a {wager.kind} is one unit, ${view.unit:,} on {hand.street.name} (R12): to "
                       f"${wager.min:,}{'' if wager.min == wager.max else f'-${wager.max:,}'}.")
        else:
            out.append(f"A {wager.kind} is to ${wager.min:,}-${wager.max:,} ({hand.structure.kind}).")
        out.append(f"The pots as they stand (R7): {_pots_words(pots)}.")
        return " ".join(out)


__all__ = ["ReplayHand"]
