"""The banked-game drill: a round's result on every wager (``PayWager``), from ``BankedGameEngine.settle``.

>>> d = PayWager("crazy4"); q = d.next(1)
>>> d.check(q, q.correct_answer).correct
True
"""

from __future__ import annotations

import numpy as np

from ..engine.banked import Settlement, banked_game
from ..errors import GameError
from ..games import BANKED_GAMES
from ..games.banked import Wager, pay_rows, system_of
from ..games.vocabularies import Settles
from .core import Field, Question
from .drill_base import BATCH, SEARCH_DEALS, Drill, drill_rng

# --- banked games -------------------------------------------------------------------------

class PayWager(Drill):
    """Pay the wager: every wager's result in a banked game, and the hand's total (caps included).

    >>> q = PayWager("crazy4").next(4)
    >>> "total" in q.correct_answer
    True
    """

    key = "pay-wager"
    title = "Pay the wager"
    games = BANKED_GAMES

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        """``caps`` where the game declares payout caps (a deal whose payout the cap reduces)."""
        return ("any", "caps") if banked_game(game).declaration.caps else ("any",)

    def _amount(self, rng: np.random.Generator, w: Wager) -> int:
        if w.allowed:
            return int(rng.choice(w.allowed))
        assert w.minimum is not None and w.maximum is not None  # a declared wager has limits
        return int(rng.integers(w.minimum, w.maximum + 1))

    def _wagers(self, rng: np.random.Generator, cards: dict[str, list[int]]) -> dict[str, int]:
        """Random wagers within the limits, and random decisions the hand is allowed (a fold
        ends the decisions)."""
        decl = self.banked_engine.declaration
        out: dict[str, int] = {}
        for w in decl.wagers:
            if w.equal_to or w.decision:
                continue
            if w.required or rng.random() < 0.6:
                out[w.key] = self._amount(rng, w)
        for d in decl.decisions:  # the wager a decision multiplies is usually placed
            base_key = decl.wager(d.wager).equal_to
            if base_key is not None and base_key not in out and rng.random() < 0.8:
                out[base_key] = self._amount(rng, decl.wager(base_key))
        if decl.at_least_one_of and not any(out.get(k) for k in decl.at_least_one_of):
            out[decl.at_least_one_of[0]] = self._amount(rng, decl.wager(decl.at_least_one_of[0]))
        for w in decl.wagers:
            if w.equal_to and not w.decision:
                out[w.key] = out[w.equal_to]
        player = [c for g in decl.hand(decl.main_hand).cards for c in cards[g]]
        folded = False
        for d in decl.decisions:
            w = decl.wager(d.wager)
            base = out.get(w.equal_to or "", 0)
            if folded or not base or rng.random() < 0.1:
                folded = folded or bool(base)
                out[d.wager] = 0
                continue
            options = [m for m in self.banked_engine.decision_options(d.wager, player) if m]
            out[d.wager] = base * int(rng.choice(options))
        return out

    def _deal(self, rng: np.random.Generator) -> dict[str, list[int]]:
        deck = rng.permutation(52).tolist()
        out, i = {}, 0
        for who, n in self.banked_engine.declaration.deal.items():
            out[who] = deck[i:i + n]
            i += n
        return out

    def next(self, seed: int) -> Question:
        decl = self.banked_engine.declaration
        rng = drill_rng(seed, 5)
        if self.focus == "caps":
            cards, wagers, s = self._capped(rng)
        else:
            cards = self._deal(rng)
            wagers = self._wagers(rng, cards)
            s = self.banked_engine.settle(wagers, **cards)
        names = {w.key: w.name for w in decl.wagers}
        facts = ["wagers: " + ", ".join(f"{names[k]} ${v}" for k, v in wagers.items() if v)]
        folded = [names[k] for k, v in wagers.items() if v == 0 and decl.wager(k).decision]
        if folded:
            facts.append("the player folds (no " + ", ".join(folded) + ")")
        fields = [Field(r.wager, f"{r.name} ${r.amount}", "dollars") for r in s.results]
        fields.append(Field("total", "Player's net for the hand", "dollars"))
        correct_answer = {r.wager: int(r.result) for r in s.results}
        correct_answer["total"] = int(s.total)
        why = "; ".join(f"{r.name}: {r.reason}" for r in s.results)
        if s.cap_reduction:
            why += f". Cap: {s.cap_reason}, so ${s.cap_reduction:,} less is paid."
        why += f" Net for the hand: {s.total:+d}."
        prompt = (f"{decl.title}: the cards are shown below. What does each wager win (+) or lose (-), "
                  "and what is the player's net for the hand? A push is $0.")
        cards_shown = [(who, tuple(c)) for who, c in cards.items()]
        why = "Hands: " + "; ".join(f"{k} {v}" for k, v in s.hands.items()) + ". " + why
        return self._question(seed, prompt, cards_shown, facts, fields, correct_answer, why,
                              wagers=wagers, hands=dict(s.hands))

    def _capped(self, rng: np.random.Generator) -> tuple[dict[str, list[int]], dict[str, int], Settlement]:
        """A deal where the payout cap applies (R21, B3): every wager at its most, the ante whose
        cap is smallest for its size, and deals searched in batches, the pay tables read
        vectorised, until the pays before the cap exceed it."""
        decl = self.banked_engine.declaration
        ante = min(decl.caps, key=lambda a: decl.caps[a] / a)
        wagers: dict[str, int] = {}
        for w in decl.wagers:
            if w.equal_to:
                wagers[w.key] = max(w.multiples) * wagers[w.equal_to]
            elif w.key == decl.cap_on:
                wagers[w.key] = ante
            else:
                wagers[w.key] = max(w.allowed) if w.allowed else int(w.maximum or 0)
        start, i = {}, 0
        for g, n in decl.deal.items():
            start[g] = i
            i += n
        paid = []  # (amount, the columns of its hand, its ranking, the row of each value, the pays by row)
        for w in decl.wagers:
            if w.settles is Settles.AGAINST_DEALER:
                continue
            table = decl.pay_table(w.pay_table_key)
            hand = decl.hand(table.hand)
            cols = [start[g] + k for g in hand.cards for k in range(decl.deal[g])]
            pays = np.array([float(line.pays) for line in table.lines] + [0.0])
            paid.append((wagers[w.key], cols, system_of(hand.system), pay_rows(table, hand.system), pays))
        cap = decl.caps[ante]
        for _ in range(SEARCH_DEALS // BATCH * 4):
            perms = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (BATCH, 1)), axis=1)
            total = np.zeros(BATCH)
            for amount, cols, pattern, rows, pays in paid:
                total += amount * pays[rows[pattern.evaluate_array(perms[:, cols])]]
            for j in np.flatnonzero(total > cap):
                p = perms[j].tolist()
                cards = {g: p[start[g]:start[g] + n] for g, n in decl.deal.items()}
                s = self.banked_engine.settle(wagers, **cards)
                if s.cap_reduction:
                    return cards, wagers, s
        raise GameError(f"no capped {decl.title} deal found; try another seed")  # pragma: no cover


__all__ = ["PayWager"]
