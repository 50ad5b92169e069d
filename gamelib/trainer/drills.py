"""The five drills. Each deals a fresh seeded situation from the real engine and keeps the
engine's answer and reason: nothing here is a fixed list of questions, and no rule is written
here (hand values come from ``gamelib.rankings``, winners and dollars from the showdown judge,
wager results from ``BankedGame.settle``, forced bets and legal actions from the hand state
machine).

* :class:`ReadHand` -- name the value of a hand in a game (``focus`` ``"exact"``: the words a
  dealer says, among the nearest values; ``"category"``: the category).
* :class:`WhoWins` -- the winner(s) of each portion of a pot game's showdown (``"ties"``,
  ``"no-qualifier"``: only deals with a tie, or with a portion nobody qualifies for).
* :class:`SplitPot` -- the dollars each seat receives (``"odd-chips"``, ``"side-pots"``).
* :class:`PayWager` -- a banked game's result on every wager (``"caps"``: the NH Hold'em cap).
* :class:`RunGame` -- forced bets, first to act, is this action legal, the largest raise
  (``"forced"``, ``"first-to-act"``, ``"legal"``, ``"max-raise"``).

``drill.next(seed)`` deals a question; ``drill.check(question, answer)`` returns the verdict.

>>> d = ReadHand("badugi")
>>> q = d.next(7)
>>> d.check(q, q.answer).correct
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional

import numpy as np

from .. import rankings
from ..amounts import whole_number
from ..cards import format_card, format_cards
from ..engine import events
from ..engine.pots import divide, side_pots
from ..engine.registry import get_game
from ..engine.showdown import SPLIT_NAME
from ..errors import GameError, shown
from ..games import BANKED_GAMES, GAMES, POT_GAMES
from ..games.pot import big_bet_structure
from ..games.vocabularies import BoardOrder
from .core import Field, Question, Result, check_answer

NOBODY = "nobody qualifies"
#: How many deals a focused drill looks through before it gives up (they are judged in batches).
SEARCH_DEALS = 65536
BATCH = 2048


def seat(s: int) -> str:
    """How a seat is named (seat numbers start at 0, as in the engine's hand histories).

    >>> seat(2)
    'seat 2'
    """
    return f"seat {s}"


def _rng(seed: int, salt: int = 0) -> np.random.Generator:
    return np.random.default_rng([whole_number(seed, "a question's seed", 0), salt])


class Drill:
    """A drill for one game at one focus (``"any"`` by default); subclasses deal and explain.

    >>> Drill.__subclasses__()[0].key
    'read-hand'
    """

    key = ""
    title = ""
    games: tuple[str, ...] = GAMES
    focuses: tuple[str, ...] = ("any",)

    def __init__(self, game: str, focus: str = "any") -> None:
        if game not in GAMES:
            raise GameError(f"unknown game {shown(game)}; the games are: {', '.join(GAMES)}")
        if game not in self.games:
            raise GameError(f"the {self.title} drill is for {', '.join(self.games)}, not {shown(game)}")
        if focus not in self.focuses_for(game):
            raise GameError(f"the {self.title} drill has no focus {shown(focus)} for {game}; "
                            f"the focuses are: {', '.join(self.focuses_for(game))}")
        self.game = game
        self.focus = focus
        self.engine = get_game(game)

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        """The focuses this drill offers for ``game``.

        >>> WhoWins.focuses_for("badugi")
        ('any', 'ties')
        """
        return cls.focuses

    def next(self, seed: int) -> Question:
        """A fresh question dealt from ``seed`` (the same seed deals the same question)."""
        raise NotImplementedError

    def check(self, question: Question, answer: Any) -> Result:
        """Whether ``answer`` is right, with the right answer and the reason.

        >>> d = SplitPot("archie"); q = d.next(3)
        >>> d.check(q, {f.name: 0 for f in q.fields}).correct
        False
        """
        if question.drill != self.key:
            raise GameError(f"this is a {question.drill} question; check it with that drill, not {self.key}")
        return check_answer(question, answer)

    def _question(self, seed: int, prompt: str, cards: Any, facts: Any, fields: Any, answer: dict,
                  explanation: str, **meta: Any) -> Question:
        return Question(self.key, self.game, int(seed), self.focus, prompt, tuple(cards), tuple(facts),
                        tuple(fields), answer, explanation, meta)


# --- read the hand ------------------------------------------------------------------------

def _read_targets(game: str) -> list[dict[str, Any]]:
    """What a hand of ``game`` is read as: one entry per way it is valued."""
    if game in POT_GAMES:
        decl = get_game(game).declaration
        out = []
        for p in decl.portions:
            with_board = rankings.system(p.system).uses_board
            out.append({"name": p.name, "system": p.system, "cards": decl.hole_cards,
                        "board": 5 if with_board else 0, "board_index": p.board})
        return out
    decl = get_game(game).declaration
    if game == "nh-holdem":
        return [{"name": "main game", "system": "high", "cards": 5, "board": 0, "split": (2, 3)}]
    return [{"name": "player's hand", "system": decl.system, "cards": decl.hands["player"], "board": 0}]


class ReadHand(Drill):
    """Read the hand: what is this hand worth in this game?

    ``focus="exact"`` (also ``"any"``): pick the dealer's words for the value among the nearest
    values other hands make; ``focus="category"``: pick the category.

    >>> q = ReadHand("crazy4", "category").next(1)
    >>> q.answer["value"] in q.fields[0].options
    True
    """

    key = "read-hand"
    title = "Read the hand"
    focuses = ("any", "exact", "category")
    CHOICES = 4
    OTHERS = 48

    def next(self, seed: int) -> Question:
        rng = _rng(seed, 1)
        targets = _read_targets(self.game)
        t = targets[int(rng.integers(len(targets)))]
        system = t["system"]
        deck = rng.permutation(52)
        board = deck[:t["board"]].tolist() if t["board"] else None
        rest = deck[t["board"]:]
        hand = rest[:t["cards"]].tolist()
        value = int(rankings.evaluate(system, [hand], board)[0])
        right = rankings.describe(system, value)
        cat = rankings.category(system, value)
        others = np.array([rng.choice(rest, t["cards"], replace=False) for _ in range(self.OTHERS)])
        other_values = [int(v) for v in rankings.evaluate(system, others, board)]
        for _ in range(8):  # rare values (a qualifying low): look at more hands, on other boards too
            if len({rankings.describe(system, v) for v in other_values + [value]}) >= self.CHOICES:
                break
            perms = rng.permuted(np.tile(np.arange(52), (self.OTHERS * 4, 1)), axis=1)
            more = rankings.evaluate(system, perms[:, :t["cards"]],
                                     perms[:, t["cards"]:t["cards"] + 5] if board else None)
            other_values += [int(v) for v in more]
        if self.focus == "category":
            allc = list(rankings.categories(system))
            i = allc.index(cat)
            # the right category among its neighbours in the ranking, in ranking order
            lo = max(0, min(i - int(rng.integers(0, self.CHOICES)), len(allc) - self.CHOICES))
            options = tuple(allc[lo:lo + self.CHOICES])
            answer = cat
        else:
            texts: dict[str, int] = {right: value}
            for v in sorted(set(other_values), key=lambda v: (abs(v - value), v)):
                d = rankings.describe(system, v)
                if d not in texts:
                    texts[d] = v
                if len(texts) == self.CHOICES:
                    break
            # best value first, as a dealer would list them
            options = tuple(sorted(texts, key=lambda d: -texts[d]))
            answer = right
        game_title = self.engine.title
        portion = f" for the {t['name']}" if len(targets) > 1 else ""
        words = "category" if self.focus == "category" else "value"
        prompt = f"{game_title}: what is this hand's {words}{portion} ({rankings.system(system).title})?"
        cards = []
        if "split" in t:
            cards = [("hole cards", tuple(hand[:2])), ("community cards", tuple(hand[2:]))]
        else:
            cards = [("hand", tuple(hand))]
        if board:
            cards.append(("board", tuple(board)))
        best = rankings.best_hand(system, hand, board)
        made = f" made with {format_cards(list(best))}" if best else ""
        why = (f"{format_cards(hand)}" + (f" with the board {format_cards(board)}" if board else "")
               + f" is {right}{made}: category {cat}, in {rankings.system(system).title}. "
               + rankings.system(system).summary)
        fld = Field("value", "Value" if self.focus != "category" else "Category", "choice", options)
        return self._question(seed, prompt, cards, (), [fld], {"value": answer}, why,
                              system=system, value=value, best=tuple(best))


# --- showdown deals -------------------------------------------------------------------------

def _deal_arrays(rng: np.random.Generator, n_deals: int, players: int, hole: int, boards: int) -> tuple[np.ndarray, Optional[np.ndarray]]:
    perms = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (n_deals, 1)), axis=1)
    hands = perms[:, :players * hole].reshape(n_deals, players, hole)
    bds = perms[:, players * hole:players * hole + 5 * boards].reshape(n_deals, boards, 5) if boards else None
    return hands, bds


class _ShowdownDrill(Drill):
    games = POT_GAMES

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        decl = get_game(game).declaration
        out = ["any", "ties"]
        if any(p.qualifier for p in decl.portions):
            out.append("no-qualifier")
        return tuple(out) + tuple(f for f in cls.focuses if f not in ("any", "ties", "no-qualifier"))

    def _wanted(self, masks: dict[str, np.ndarray], live: np.ndarray, extra: Any) -> np.ndarray:
        names = [p.name for p in self.engine.declaration.portions]
        if self.focus == "ties":  # tied hands, or Archie's even split when nobody qualifies (R8)
            return np.any(np.stack([masks[n].sum(axis=1) >= 2 for n in names + [SPLIT_NAME] if n in masks]), axis=0)
        if self.focus == "no-qualifier":
            return np.any(np.stack([~masks[n].any(axis=1) for n in names]), axis=0)
        return np.ones(live.shape[0], bool)

    def _deal(self, seed: int, players: int, live_mask: np.ndarray, extra: Any = None) -> tuple[list, Any]:
        """Seeded final hands (and boards) for ``players`` seats, meeting the drill's focus."""
        decl = self.engine.declaration
        rng = _rng(seed, 2)
        n = 1 if self.focus == "any" else BATCH
        for _ in range(SEARCH_DEALS // BATCH):
            hands, bds = _deal_arrays(rng, n, players, decl.hole_cards, decl.boards)
            live = np.tile(live_mask, (n, 1))
            masks = self.engine.judge_many(hands, bds, live)
            ok = np.flatnonzero(self._wanted(masks, live, extra))
            if ok.size:
                i = int(ok[0])
                hs = [hands[i, s].tolist() if live_mask[s] else None for s in range(players)]
                return hs, (None if bds is None else bds[i].tolist())
        raise GameError(f"no {self.focus} deal of {decl.title} found in {SEARCH_DEALS} deals from seed {seed}; "
                        "try another seed or focus")

    def _showdown(self, hands: list, boards: Any) -> Any:
        if boards is None:
            return self.engine.showdown(hands)
        if len(boards) == 1:
            return self.engine.showdown(hands, board=boards[0])
        return self.engine.showdown(hands, boards=boards)

    def _cards(self, hands: list, boards: Any) -> list:
        cards = [(seat(s), tuple(h)) for s, h in enumerate(hands) if h is not None]
        for b, cs in enumerate(boards or []):
            cards.append(("board" if len(boards) == 1 else f"board {b + 1}", tuple(cs)))
        return cards


class WhoWins(_ShowdownDrill):
    """Who wins: the winning seat(s) of each portion, ties and "nobody qualifies" included.

    >>> q = WhoWins("archie", "no-qualifier").next(2)
    >>> frozenset({NOBODY}) in q.answer.values()
    True
    """

    key = "who-wins"
    title = "Who wins"

    def next(self, seed: int) -> Question:
        decl = self.engine.declaration
        players = int(_rng(seed, 3).integers(2, 5))
        hands, boards = self._deal(seed, players, np.ones(players, bool))
        sd = self._showdown(hands, boards)
        seats = tuple(seat(s) for s in range(players))
        fields, answer = [], {}
        for k, (p, res) in enumerate(zip(decl.portions, sd.portions)):
            opts = seats + ((NOBODY,) if p.qualifier else ())
            fields.append(Field(f"portion{k}", f"{p.name.capitalize()} winner(s)", "multi", opts,
                                exclusive=NOBODY if p.qualifier else ""))
            answer[f"portion{k}"] = frozenset(seat(s) for s in res.winners) if res.winners else frozenset({NOBODY})
        portions = " and ".join(p.name for p in decl.portions)
        prompt = (f"{decl.title} showdown, {players} players: who wins the {portions}? "
                  "Tick every winner of a portion when hands tie.")
        why = "; ".join(p.reason for p in sd.portions) + "."
        return self._question(seed, prompt, self._cards(hands, boards), (), fields, answer, why)


class SplitPot(_ShowdownDrill):
    """Split the pot: how many dollars each seat receives, odd chips and side pots included.

    >>> q = SplitPot("big-o", "side-pots").next(5)
    >>> sum(q.answer.values()) == sum(q.meta["contributions"])
    True
    """

    key = "split-pot"
    title = "Split the pot"
    focuses = ("any", "ties", "no-qualifier", "odd-chips", "side-pots")

    def _wanted(self, masks: dict[str, np.ndarray], live: np.ndarray, extra: Any) -> np.ndarray:
        if self.focus != "odd-chips":
            return super()._wanted(masks, live, extra)
        # the pot is divided among more than one (portion, seat): an odd amount leaves odd chips
        ways = sum(m.sum(axis=1) for m in masks.values())
        return ways >= 2

    def next(self, seed: int) -> Question:
        decl = self.engine.declaration
        rng = _rng(seed, 4)
        players = int(rng.integers(2, 5)) if self.focus != "side-pots" else int(rng.integers(3, 6))
        button = int(rng.integers(players))
        live = np.ones(players, bool)
        if self.focus == "side-pots":
            unit = int(decl.structure.small_bet)
            # two or three all-in levels, one seat sometimes folded with chips in the pot
            levels = sorted(rng.choice(np.arange(2, 30), size=3, replace=False) * unit)
            contributions = [int(levels[int(rng.integers(3))]) for _ in range(players)]
            contributions[int(rng.integers(players))] = int(levels[0])
            contributions[int(rng.integers(players))] = int(levels[2])
            if players >= 4 and rng.integers(2):
                f = int(rng.integers(players))
                live[f] = False
                contributions[f] = int(rng.integers(1, levels[0] // unit + 1)) * unit
            if live.sum() < 2 or len({c for c, lv in zip(contributions, live) if lv}) < 2:
                contributions[int(np.flatnonzero(live)[0])] = int(levels[0])
                contributions[int(np.flatnonzero(live)[-1])] = int(levels[2])
        hands, boards = self._deal(seed, players, live)
        sd = self._showdown(hands, boards)
        facts = [f"button: {seat(button)}"]
        if self.focus == "side-pots":
            pots = side_pots(contributions, list(live))
            paid = sd.award_pots([(p.amount, p.eligible) for p in pots], button=button)
            facts.append("put in this hand: " + ", ".join(
                f"{seat(s)} ${c}" + ("" if live[s] else " (folded)") for s, c in enumerate(contributions)))
            lines = []
            for k, p in enumerate(pots):
                name = "main pot" if k == 0 else f"side pot {k}"
                portions = sd.judge(p.eligible)
                got = sd.split_pot(p.amount, portions, button)
                lines.append(f"{name} ${p.amount} ({', '.join(seat(s) for s in p.eligible)}): "
                             + "; ".join(x.reason for x in portions if x.share or x.name == SPLIT_NAME)
                             + " -> " + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(got) if x))
            why = " ".join(f"{line}." for line in lines) + " Each pot is judged among the seats eligible for it (R7)."
            meta = {"contributions": contributions, "pots": [(p.amount, p.eligible) for p in pots]}
        else:
            pot = self._pot_amount(rng, sd, button)
            paid = sd.award(pot, button=button)
            facts.append(f"pot: ${pot}")
            why = ("; ".join(sd.reasons) + f". The ${pot} pot -> "
                   + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(paid) if x) + ". "
                   + self._odd_chip_words(sd, pot, button))
            meta = {"pot": pot, "contributions": [pot]}
        meta["button"] = button
        fields = [Field(f"seat{s}", seat(s).capitalize(), "dollars") for s in range(players)]
        answer = {f"seat{s}": int(paid[s]) for s in range(players)}
        prompt = (f"{decl.title}, {players} players: how many dollars does each seat receive? "
                  "Whole dollars; give $0 to a seat that wins nothing.")
        return self._question(seed, prompt, self._cards(hands, boards), facts, fields, answer, why, **meta)

    def _pot_amount(self, rng: np.random.Generator, sd: Any, button: int) -> int:
        unit = int(self.engine.declaration.structure.small_bet)
        for _ in range(64):
            pot = int(rng.integers(4, 60)) * unit + int(rng.integers(0, unit + 1))
            if self.focus != "odd-chips" or self._has_odd_chip(sd, pot):
                return pot
        return pot  # pragma: no cover - an odd pot always leaves an odd chip once divided

    @staticmethod
    def _has_odd_chip(sd: Any, pot: int) -> bool:
        paid = [p for p in sd.portions if p.share > 0]
        parts = divide(pot, [p.share for p in paid])
        if any(Fraction(x) != pot * p.share for x, p in zip(parts, paid)):
            return True
        return any(x % len(p.winners) for x, p in zip(parts, paid))

    def _odd_chip_words(self, sd: Any, pot: int, button: int) -> str:
        paid = [p for p in sd.portions if p.share > 0]
        parts = divide(pot, [p.share for p in paid])
        out = []
        if len(paid) > 1 and any(Fraction(x) != pot * p.share for x, p in zip(parts, paid)):
            out.append(f"The odd dollar of the split goes to the {paid[0].name} side (R6).")
        for x, p in zip(parts, paid):
            if len(p.winners) > 1 and x % len(p.winners):
                order = sd.odd_chip_order(p.winners, p.name, button)
                how = ("clockwise from the button" if self.engine.declaration.odd_chip == "button"
                       else "by the highest card by suit" if not rankings.system(p.system).is_low
                       else "by the lowest card by suit")
                out.append(f"The ${x} {p.name} part is split {len(p.winners)} ways; odd dollars go one each "
                           f"{how}: {', '.join(seat(s) for s in order)} (R6).")
        return " ".join(out) or "No odd chip: the pot divides evenly."


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


# --- running the game ---------------------------------------------------------------------

class RunGame(Drill):
    """Run the game: forced bets, who acts first, is an action legal, the largest raise.

    Every answer is read from the hand state machine (``gamelib.engine.hand.Hand``): its posted
    blinds or bring-in, ``to_act`` and ``legal_actions()``.

    >>> q = RunGame("stud8", "forced").next(1)
    >>> q.answer["seat"] in q.fields[0].options
    True
    """

    key = "run-game"
    title = "Run the game"
    games = POT_GAMES
    focuses = ("any", "forced", "first-to-act", "legal", "max-raise")

    def _new_hand(self, rng: np.random.Generator, players: int, pot_limit: bool) -> Any:
        decl = self.engine.declaration
        structure = None
        if pot_limit:
            unit = decl.structure.small_bet
            structure = (big_bet_structure("pot-limit", 0, unit, bring_in=decl.structure.bring_in)
                         if decl.is_stud else big_bet_structure("pot-limit", max(1, unit // 2), unit))
        stacks = [int(x) for x in rng.integers(8, 80, size=players) * max(1, decl.structure.small_bet // 2)]
        button = int(rng.integers(players))
        return self.engine.new_hand(stacks, button=button, structure=structure, seed=int(rng.integers(2**31)))

    @staticmethod
    def _step(hand: Any, rng: np.random.Generator) -> None:
        """One seeded plausible action for the player in turn."""
        acts = {a.kind: a for a in hand.legal_actions()}
        if hand.phase in ("draw", "discard"):
            s = hand.to_act
            if "discard" in acts:
                k = acts["discard"].min
                hand.act("discard", cards=[int(c) for c in rng.choice(hand.down[s], k, replace=False)])
            elif rng.random() < 0.3:
                hand.act("stand pat")
            else:
                k = int(rng.integers(1, min(3, len(hand.down[s])) + 1))
                hand.act("draw", cards=[int(c) for c in rng.choice(hand.down[s], k, replace=False)])
            return
        if "bring-in" in acts:
            hand.act("bring-in") if rng.random() < 0.7 or "complete" not in acts else hand.act("complete", acts["complete"].min)
            return
        r = rng.random()
        agg = next((a for a in acts.values() if a.kind in ("bet", "raise", "complete")), None)
        live = sum(1 for f in hand.folded if not f)
        if r < 0.08 and live > 2 and "check" not in acts:
            hand.act("fold")
        elif r < 0.3 and agg is not None:
            hand.act(agg.kind, int(rng.integers(agg.min, agg.max + 1)))
        else:
            hand.act("call" if "call" in acts else "check")

    def _situation(self, hand: Any) -> tuple[list, list]:
        decl = self.engine.declaration
        cards: list = []
        for s in range(hand.n):
            if hand.folded[s]:
                continue
            if decl.is_stud:
                cards.append((f"{seat(s)} shows", tuple(hand.up[s])))
        for b, cs in enumerate(hand.boards):
            if cs:
                cards.append(("board" if len(hand.boards) == 1 else f"board {b + 1}", tuple(cs)))
        facts = [f"{decl.title}, {hand.structure.name}; {hand.n} players; button {seat(hand.button)}"]
        facts.append("stacks now: " + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(hand.stacks)))
        facts.append("in front of each seat this round: "
                     + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(hand.committed)) + f"; pot ${hand.pot}")
        facts.extend(e.text for e in hand.events  # what happened, without the hand's start and the deals
                     if e.text is not None and not isinstance(e, (events.HandStart, events.Deal)))
        return cards, facts

    def next(self, seed: int) -> Question:
        rng = _rng(seed, 6)
        kinds = self.focuses[1:]
        kind = self.focus if self.focus != "any" else kinds[int(rng.integers(len(kinds)))]
        for attempt in range(200):
            r = _rng(seed, 100 + attempt)
            q = getattr(self, "_" + kind.replace("-", "_"))(seed, r)
            if q is not None:
                return q
        raise GameError(f"could not deal a {kind} situation from seed {seed}")  # pragma: no cover

    def _forced(self, seed: int, rng: np.random.Generator) -> Optional[Question]:
        decl = self.engine.declaration
        players = int(rng.integers(2, 7))
        hand = self._new_hand(rng, players, False)
        opts = tuple(seat(s) for s in range(players))
        cards, facts = self._situation(hand)
        facts = facts[:1]  # only the table: the trainee says what is posted
        if decl.is_stud:
            bring = hand.legal_actions()[0]
            fields = [Field("seat", "Who brings in?", "choice", opts), Field("amount", "The bring-in", "dollars")]
            answer = {"seat": seat(hand.to_act), "amount": int(bring.min)}
            rule = {"lowest-ace-high": "the lowest up card brings in, aces high",
                    "highest-ace-low": "the highest up card brings in, aces low",
                    "highest-ace-high": "the highest up card brings in, aces high"}[decl.bring_in_card]
            up = ", ".join(f"{seat(s)} {format_card(hand.up[s][0])}" for s in range(players))
            why = (f"Up cards: {up}. In {decl.title} {rule}, spades > hearts > diamonds > clubs breaking a tie "
                   f"(R14, R2): {seat(hand.to_act)} brings in for ${bring.min}, or may complete to "
                   f"${decl.structure.small_bet} (R-A11).")
            prompt = f"{decl.title}, third street is dealt: who brings in, and for how much?"
        else:
            fields = [Field("sb", "Who posts the small blind?", "choice", opts),
                      Field("sb_amount", "Small blind", "dollars"),
                      Field("bb", "Who posts the big blind?", "choice", opts),
                      Field("bb_amount", "Big blind", "dollars"),
                      Field("first", "Who acts first?", "choice", opts)]
            answer = {"sb": seat(hand.sb_seat), "sb_amount": int(hand.committed[hand.sb_seat]),
                      "bb": seat(hand.bb_seat), "bb_amount": int(hand.committed[hand.bb_seat]),
                      "first": seat(hand.to_act)}
            heads = (" Heads-up the button posts the small blind and acts first before the first "
                     "draw or flop (R-A7)." if players == 2 else
                     " The seat left of the button posts the small blind, the next the big blind; "
                     "the seat after the big blind acts first.")
            why = (f"With the button at {seat(hand.button)}: {seat(hand.sb_seat)} posts "
                   f"${answer['sb_amount']}, {seat(hand.bb_seat)} posts ${answer['bb_amount']}, "
                   f"{seat(hand.to_act)} acts first.{heads} "
                   + (f"The Big O structures set their own blinds ({hand.structure.name}: "
                      f"${hand.structure.small_blind}/${hand.structure.big_blind}, R18)."
                      if decl.key == "big-o" else
                      f"In {hand.structure.name} the big blind is the lower limit and the small blind "
                      "half of it, halves rounded up (R11)."))
            prompt = f"{decl.title}, a new hand: who posts what, and who acts first?"
        return self._question(seed, prompt, cards, facts, fields, answer, why, kind="forced", hand=hand)

    def _play(self, rng: np.random.Generator, players: int, pot_limit: bool, stop: Any) -> Optional[Any]:
        hand = self._new_hand(rng, players, pot_limit)
        for _ in range(80):
            if hand.is_over:
                return None
            if stop(hand):
                return hand
            self._step(hand, rng)
        return None

    def _first_to_act(self, seed: int, rng: np.random.Generator) -> Optional[Question]:
        decl = self.engine.declaration
        target = int(rng.integers(1, len(decl.streets)))
        state = {"at": (0, "bet")}

        def stop(h: Any) -> bool:
            fresh = (h.street_index, h.phase) != state["at"]
            state["at"] = (h.street_index, h.phase)
            return (h.street_index >= target and fresh and h.phase == "bet"
                    and not any(h.committed) and h.street.bet is not None)

        hand = self._play(rng, int(rng.integers(2, 6)), False, stop)
        if hand is None:
            return None
        live = [s for s in range(hand.n) if not hand.folded[s]]
        opts = tuple(seat(s) for s in live)
        cards, facts = self._situation(hand)
        if decl.is_stud:
            order = "best high hand showing" if decl.board_order is BoardOrder.HIGH else "best low hand showing"
            why = (f"After third street the {order} acts first; only pairs count on the up cards and "
                   f"equal boards go to the seat nearest the dealer's left (R14, R-A4): {seat(hand.to_act)}.")
        else:
            why = (f"After the first betting round the first seat clockwise from the button "
                   f"({seat(hand.button)}) still in the hand and not all in acts first: {seat(hand.to_act)}.")
        fields = [Field("seat", "Who acts first?", "choice", opts)]
        prompt = f"{decl.title}, {hand.street.name}: the betting round begins. Who acts first?"
        return self._question(seed, prompt, cards, facts, fields, {"seat": seat(hand.to_act)}, why,
                              kind="first-to-act", hand=hand)

    def _legal(self, seed: int, rng: np.random.Generator) -> Optional[Question]:
        steps = int(rng.integers(0, 14))
        count = {"n": 0}

        def stop(h: Any) -> bool:
            count["n"] += 1
            return h.phase == "bet" and count["n"] > steps and not h.awaiting_bring_in

        hand = self._play(rng, int(rng.integers(2, 6)), bool(rng.integers(2)), stop)
        if hand is None:
            return None
        legal = {a.kind: a for a in hand.legal_actions()}
        agg = next((a for a in legal.values() if a.kind in ("bet", "raise", "complete")), None)
        cb = hand.current_bet
        cands: list[tuple[str, Optional[int]]] = []
        if agg is not None:
            cands.append((agg.kind, int(rng.integers(agg.min, agg.max + 1))))
            cands.append((agg.kind, agg.max + int(rng.integers(1, 4))))
            if agg.min > cb + 1:
                cands.append((agg.kind, int(rng.integers(cb + 1, agg.min))))
        else:
            cands.append(("raise" if cb else "bet", cb + int(hand.unit)))
        cands.append(("check", None) if "call" in legal else ("call", None) if cb == 0 else ("check", None))
        kind, amount = cands[int(rng.integers(len(cands)))]
        s = hand.to_act
        ok = kind in legal and (amount is None or legal[kind].min <= amount <= legal[kind].max)
        action = f"{kind} to ${amount}" if amount is not None else kind
        cards, facts = self._situation(hand)
        can = ", ".join(str(a) for a in hand.legal_actions())
        rule = {
            "limit": " Limit: every bet and raise is one fixed unit of the round, and a round allows one bet "
                     "and four raises (R12, R13).",
            "pot-limit": " Pot limit: a raise is at least the last bet or raise, at most the pot after the "
                         "call (R16).",
        }.get(hand.structure.kind, "")
        why = f"{seat(s)} may: {can}. So '{action}' is {'legal' if ok else 'not legal'}.{rule}"
        fields = [Field("legal", "Legal?", "choice", ("legal", "not legal"))]
        prompt = f"{decl_title(self)}, {hand.street.name}: {seat(s)} says '{action}'. Is that legal?"
        return self._question(seed, prompt, cards, facts, fields, {"legal": "legal" if ok else "not legal"},
                              why, kind="legal", action=(kind, amount), hand=hand)

    def _max_raise(self, seed: int, rng: np.random.Generator) -> Optional[Question]:
        steps = int(rng.integers(0, 10))
        count = {"n": 0}

        def stop(h: Any) -> bool:
            count["n"] += 1
            return (h.phase == "bet" and count["n"] > steps and not h.awaiting_bring_in
                    and any(a.kind in ("bet", "raise", "complete") for a in h.legal_actions()))

        hand = self._play(rng, int(rng.integers(2, 6)), bool(rng.integers(0, 3)), stop)
        if hand is None:
            return None
        agg = next(a for a in hand.legal_actions() if a.kind in ("bet", "raise", "complete"))
        s = hand.to_act
        to_call = hand.current_bet - hand.committed[s]
        if hand.structure.kind == "pot-limit":
            how = (f"Pot limit (R16): call ${to_call} first, making the pot ${hand.pot + to_call}; the raise may "
                   f"add that much, so the bet may go to ${hand.current_bet + hand.pot + to_call}"
                   + (f", but {seat(s)} has only ${hand.committed[s] + hand.stacks[s]} in all" if
                      agg.max < hand.current_bet + hand.pot + to_call else "") + ".")
        elif hand.structure.kind == "no-limit":
            how = "No limit: up to all the chips in front of the player."
        else:
            how = (f"Limit: the {agg.kind} is one unit of ${hand.unit} on this street (R12)"
                   + (", limited by the stack" if agg.max < agg.min else "") + ".")
        why = f"{seat(s)} may {agg} (the total in front of the seat this round). {how}"
        fields = [Field("max", f"Most {seat(s)} may {agg.kind} to", "dollars")]
        prompt = (f"{decl_title(self)}, {hand.street.name}: {seat(s)} wants to {agg.kind}. What is the most "
                  "this round's bet may become (the total in front of that seat)?")
        cards, facts = self._situation(hand)
        return self._question(seed, prompt, cards, facts, fields, {"max": int(agg.max)}, why, kind="max-raise",
                              hand=hand)


def decl_title(d: Drill) -> str:
    """The game's name for a prompt.

    >>> decl_title(RunGame("big-o"))
    'Big O'
    """
    return d.engine.title


#: Every drill, by key.
DRILLS: dict[str, type[Drill]] = {d.key: d for d in (ReadHand, WhoWins, SplitPot, PayWager, RunGame)}


def drills_for(game: str) -> list[str]:
    """The drills available for a game.

    >>> drills_for("crazy4"), drills_for("badugi")[:2]
    (['read-hand', 'pay-wager'], ['read-hand', 'who-wins'])
    """
    return [k for k, d in DRILLS.items() if game in d.games]


def make_drill(key: str, game: str, focus: str = "any") -> Drill:
    """The drill ``key`` for ``game`` at ``focus``.

    >>> make_drill("split-pot", "stud8", "odd-chips").title
    'Split the pot'
    """
    if key not in DRILLS:
        raise GameError(f"unknown drill {shown(key)}; the drills are: {', '.join(DRILLS)}")
    return DRILLS[key](game, focus)


__all__ = ["Drill", "ReadHand", "WhoWins", "SplitPot", "PayWager", "RunGame", "DRILLS", "NOBODY", "drill_table",
           "drills_for", "make_drill", "seat"]


def drill_table() -> "Any":
    """The drills as a table: what each asks, for which games, with which focus options.

    >>> drill_table().loc[0, "drill"]
    'Read the hand'
    """
    import pandas as pd

    rows = []
    for d in DRILLS.values():
        focuses: list[str] = []
        for g in d.games:
            focuses += [f for f in d.focuses_for(g) if f not in focuses]
        rows.append({"drill": d.title, "key": d.key, "asks": (d.__doc__ or "").split("\n")[0].split(": ", 1)[-1],
                     "games": len(d.games), "focus options": ", ".join(focuses)})
    return pd.DataFrame(rows)
