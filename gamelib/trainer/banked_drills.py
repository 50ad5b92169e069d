"""The banked-game drill: a round's result on every wager (``PayWager``), from ``BankedGame.settle``.

>>> d = PayWager("crazy4"); q = d.next(1)
>>> d.check(q, q.answer).correct
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..errors import GameError, shown
from ..games import BANKED_GAMES
from .core import Field, Question
from .drill_base import SEARCH_DEALS, BATCH, _rng, Drill


# --- banked games -------------------------------------------------------------------------

class PayWager(Drill):
    """Pay the wager: every wager's result in a banked game, and the hand's total (caps included).

    >>> q = PayWager("crazy4").next(4)
    >>> "total" in q.answer
    True
    """

    key = "pay-wager"
    title = "Pay the wager"
    games = BANKED_GAMES

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        return ("any", "caps") if game == "nh-holdem" else ("any",)

    def _amount(self, rng: np.random.Generator, w: Any) -> int:
        if w.allowed:
            return int(rng.choice(w.allowed))
        return int(rng.integers(w.minimum, w.maximum + 1))

    def _wagers(self, rng: np.random.Generator, cards: dict[str, list[int]]) -> dict[str, int]:
        decl = self.engine.declaration
        out: dict[str, int] = {}
        for w in decl.wagers:
            if w.equal_to or w.decision:
                continue
            if w.required or rng.random() < 0.6:
                out[w.key] = self._amount(rng, w)
        if self.game == "three-card-6bonus" and "ante" not in out and rng.random() < 0.8:
            out["ante"] = self._amount(rng, decl.wager("ante"))
        if decl.at_least_one_of and not any(out.get(k) for k in decl.at_least_one_of):
            out[decl.at_least_one_of[0]] = self._amount(rng, decl.wager(decl.at_least_one_of[0]))
        for w in decl.wagers:
            if w.equal_to and not w.decision:
                out[w.key] = out[w.equal_to]
        if self.game == "crazy4":
            from ..games.banked import three_x_value

            pv = self.engine.hand_value(cards["player"])
            if pv >= three_x_value(decl):
                out["play"] = out["ante"] * int(rng.choice([0, 1, 3], p=[0.1, 0.3, 0.6]))
            else:
                out["play"] = out["ante"] * int(rng.choice([0, 1], p=[0.3, 0.7]))
        elif self.game == "three-card-6bonus":
            if out.get("ante"):
                out["play"] = out["ante"] if rng.random() < 0.7 else 0
        else:
            fold_at = int(rng.choice([0, 1, 2, 3], p=[0.1, 0.1, 0.1, 0.7]))
            for k, street in enumerate(("flop", "turn", "river")):
                out[street] = out["ante"] * int(rng.integers(1, 4)) if k < fold_at or fold_at == 3 else 0
        return out

    def _deal(self, rng: np.random.Generator) -> dict[str, list[int]]:
        deck = rng.permutation(52).tolist()
        out, i = {}, 0
        for who, n in self.engine.declaration.hands.items():
            out[who] = deck[i:i + n]
            i += n
        return out

    def next(self, seed: int) -> Question:
        decl = self.engine.declaration
        rng = _rng(seed, 5)
        if self.focus == "caps":
            cards, wagers, s = self._capped(rng)
        else:
            cards = self._deal(rng)
            wagers = self._wagers(rng, cards)
            s = self.engine.settle(wagers, **cards)
        names = {w.key: w.name for w in decl.wagers}
        facts = ["wagers: " + ", ".join(f"{names[k]} ${v}" for k, v in wagers.items() if v)]
        folded = [names[k] for k, v in wagers.items() if v == 0 and decl.wager(k).decision]
        if folded:
            facts.append("the player folds (no " + ", ".join(folded) + ")")
        fields = [Field(r.wager, f"{r.name} ${r.amount}", "dollars") for r in s.results]
        fields.append(Field("total", "Player's net for the hand", "dollars"))
        answer = {r.wager: int(r.result) for r in s.results}
        answer["total"] = int(s.total)
        why = "; ".join(f"{r.name}: {r.reason}" for r in s.results)
        if s.cap_reduction:
            why += f". Cap: {s.cap_reason}, so ${s.cap_reduction:,} less is paid."
        why += f" Net for the hand: {s.total:+d}."
        prompt = (f"{decl.title}: the cards are shown below. What does each wager win (+) or lose (-), "
                  "and what is the player's net for the hand? A push is $0.")
        cards_shown = [(who, tuple(c)) for who, c in cards.items()]
        why = "Hands: " + "; ".join(f"{k} {v}" for k, v in s.hands.items()) + ". " + why
        return self._question(seed, prompt, cards_shown, facts, fields, answer, why,
                              wagers=wagers, hands=dict(s.hands))

    def _capped(self, rng: np.random.Generator) -> tuple[dict, dict, Any]:
        """A New Hampshire Hold'em deal where the payout cap applies (R21, B3)."""
        from ..rankings.high import HIGH

        decl = self.engine.declaration
        ante = min(decl.caps, key=lambda a: decl.caps[a] / a)
        wagers = {"ante": ante, "flop": 3 * ante, "turn": 3 * ante, "river": 3 * ante,
                  "pair_plus": decl.wager("pair_plus").maximum, "six_card_bonus": decl.wager("six_card_bonus").maximum}
        for _ in range(SEARCH_DEALS // BATCH * 4):
            perms = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (BATCH, 1)), axis=1)
            five = HIGH.evaluate_array(perms[:, :5])
            six = HIGH.evaluate_array(np.concatenate([perms[:, :2], perms[:, 5:9]], axis=1))
            cats = HIGH.category_of(np.maximum(five, six))
            big = [HIGH.categories.index(c) for c in ("four of a kind", "straight flush")]
            for i in np.flatnonzero(np.isin(cats, big)):
                p = perms[i].tolist()
                cards = {"hole": p[:2], "community": p[2:5], "bonus": p[5:9]}
                s = self.engine.settle(wagers, **cards)
                if s.cap_reduction:
                    return cards, wagers, s
        raise GameError("no capped New Hampshire Hold'em deal found; try another seed")  # pragma: no cover


__all__ = ["PayWager"]
