"""The pot-game and hand drills: read the hand (``ReadHand``), who wins each portion of a
showdown (``WhoWins``) and the dollars each seat receives (``SplitPot``), each dealt by the engine.

>>> d = WhoWins("badugi"); q = d.next(1)
>>> d.check(q, q.correct_answer).correct
True
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .. import rankings
from ..cards import format_cards
from ..engine.pot_game import pot_game
from ..engine.pots import side_pots
from ..engine.showdown import SPLIT_NAME, PayExplanation, Showdown
from ..errors import GameError
from ..games import POT_GAMES
from .core import Field, FieldValue, Question
from .drill_base import BATCH, NOBODY, SEARCH_DEALS, Drill, drill_rng, seat

# --- read the hand ------------------------------------------------------------------------

def _read_targets(game: str) -> list[dict[str, Any]]:
    """What a hand of ``game`` is read as: one entry per way it is valued."""
    if game in POT_GAMES:
        decl = pot_game(game).declaration
        out = []
        for p in decl.portions:
            with_board = rankings.system(p.system).uses_board
            out.append({"name": p.name, "system": p.system, "cards": decl.hole_cards,
                        "board": 5 if with_board else 0, "board_index": p.board})
        return out
    from ..engine.banked import banked_game  # a banked game: its engine only when one is asked for

    banked = banked_game(game).declaration
    hand = banked.hand(banked.main_hand)
    sizes = tuple(banked.deal[g] for g in hand.cards)
    target = {"name": "player's hand", "system": hand.system, "cards": sum(sizes), "board": 0}
    return [target | {"split": sizes}] if len(sizes) > 1 else [target]


class ReadHand(Drill):
    """Read the hand: what is this hand worth in this game?

    ``focus="exact"`` (also ``"any"``): pick the dealer's words for the value among the nearest
    values other hands make; ``focus="category"``: pick the category.

    >>> q = ReadHand("crazy4", "category").next(1)
    >>> q.correct_answer["value"] in q.fields[0].options
    True
    """

    key = "read-hand"
    title = "Read the hand"
    focuses = ("any", "exact", "category")
    CHOICES = 4
    OTHERS = 48

    def next(self, seed: int) -> Question:
        rng = drill_rng(seed, 1)
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
            correct_answer = cat
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
            correct_answer = right
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
        return self._question(seed, prompt, cards, (), [fld], {"value": correct_answer}, why,
                              system=system, value=value, best=tuple(best))


# --- showdown deals -------------------------------------------------------------------------

def _deal_arrays(rng: np.random.Generator, n_deals: int, players: int, hole: int, boards: int
                 ) -> tuple[np.ndarray, np.ndarray | None]:
    perms = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (n_deals, 1)), axis=1)
    hands = perms[:, :players * hole].reshape(n_deals, players, hole)
    bds = perms[:, players * hole:players * hole + 5 * boards].reshape(n_deals, boards, 5) if boards else None
    return hands, bds


class _ShowdownDrill(Drill):
    games = POT_GAMES

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        decl = pot_game(game).declaration
        out = ["any", "ties"]
        if any(p.qualifier for p in decl.portions):
            out.append("no-qualifier")
        return tuple(out) + tuple(f for f in cls.focuses if f not in ("any", "ties", "no-qualifier"))

    def _wanted(self, masks: dict[str, np.ndarray], live: np.ndarray) -> np.ndarray:
        names = [p.name for p in self.pot_engine.declaration.portions]
        wanted: np.ndarray
        if self.focus == "ties":  # tied hands, or Archie's even split when nobody qualifies (R8)
            wanted = np.any(np.stack([masks[n].sum(axis=1) >= 2 for n in names + [SPLIT_NAME] if n in masks]), axis=0)
        elif self.focus == "no-qualifier":
            wanted = np.any(np.stack([~masks[n].any(axis=1) for n in names]), axis=0)
        else:
            wanted = np.ones(live.shape[0], bool)
        return wanted

    def _deal(self, seed: int, players: int,
              live_mask: np.ndarray) -> tuple[list[list[int] | None], list[list[int]] | None]:
        """Seeded final hands (and boards) for ``players`` seats, meeting the drill's focus."""
        decl = self.pot_engine.declaration
        rng = drill_rng(seed, 2)
        n = 1 if self.focus == "any" else BATCH
        for _ in range(SEARCH_DEALS // BATCH):
            hands, bds = _deal_arrays(rng, n, players, decl.hole_cards, decl.boards)
            live = np.tile(live_mask, (n, 1))
            masks = self.pot_engine.judge_many(hands, bds, live)
            ok = np.flatnonzero(self._wanted(masks, live))
            if ok.size:
                i = int(ok[0])
                hs = [hands[i, s].tolist() if live_mask[s] else None for s in range(players)]
                return hs, (None if bds is None else bds[i].tolist())
        raise GameError(f"no {self.focus} deal of {decl.title} found in {SEARCH_DEALS} deals from seed {seed}; "
                        "try another seed or focus")

    def _showdown(self, hands: list[list[int] | None], boards: list[list[int]] | None) -> Showdown:
        if boards is None:
            return self.pot_engine.showdown(hands)
        if len(boards) == 1:
            return self.pot_engine.showdown(hands, board=boards[0])
        return self.pot_engine.showdown(hands, boards=boards)

    def _cards(self, hands: list[list[int] | None],
               boards: list[list[int]] | None) -> list[tuple[str, tuple[int, ...]]]:
        cards = [(seat(s), tuple(h)) for s, h in enumerate(hands) if h is not None]
        shown = boards or []
        for b, cs in enumerate(shown):
            cards.append(("board" if len(shown) == 1 else f"board {b + 1}", tuple(cs)))
        return cards


class WhoWins(_ShowdownDrill):
    """Who wins: the winning seat(s) of each portion, ties and "nobody qualifies" included.

    >>> q = WhoWins("archie", "no-qualifier").next(2)
    >>> frozenset({NOBODY}) in q.correct_answer.values()
    True
    """

    key = "who-wins"
    title = "Who wins"

    def next(self, seed: int) -> Question:
        decl = self.pot_engine.declaration
        players = int(drill_rng(seed, 3).integers(2, 5))
        hands, boards = self._deal(seed, players, np.ones(players, bool))
        sd = self._showdown(hands, boards)
        seats = tuple(seat(s) for s in range(players))
        fields: list[Field] = []
        correct_answer: dict[str, FieldValue] = {}
        # strict=False: when nobody qualifies, the showdown adds a split portion after the game's own
        for k, (p, res) in enumerate(zip(decl.portions, sd.portions, strict=False)):
            opts = seats + ((NOBODY,) if p.qualifier else ())
            fields.append(Field(f"portion{k}", f"{p.name.capitalize()} winner(s)", "multi", opts,
                                exclusive=NOBODY if p.qualifier else ""))
            correct_answer[f"portion{k}"] = (frozenset(seat(s) for s in res.winners) if res.winners
                                             else frozenset({NOBODY}))
        portions = " and ".join(p.name for p in decl.portions)
        prompt = (f"{decl.title} showdown, {players} players: who wins the {portions}? "
                  "Tick every winner of a portion when hands tie.")
        why = "; ".join(p.reason for p in sd.portions) + "."
        return self._question(seed, prompt, self._cards(hands, boards), (), fields, correct_answer, why)


class SplitPot(_ShowdownDrill):
    """Split the pot: how many dollars each seat receives, odd chips and side pots included.

    >>> q = SplitPot("big-o", "side-pots").next(5)
    >>> sum(q.correct_answer.values()) == sum(q.meta["contributions"])
    True
    """

    key = "split-pot"
    title = "Split the pot"
    focuses = ("any", "ties", "no-qualifier", "odd-chips", "side-pots")

    def _wanted(self, masks: dict[str, np.ndarray], live: np.ndarray) -> np.ndarray:
        if self.focus != "odd-chips":
            return super()._wanted(masks, live)
        # the pot is divided among more than one (portion, seat): an odd amount leaves odd chips
        ways = sum(m.sum(axis=1) for m in masks.values())
        wanted: np.ndarray = ways >= 2
        return wanted

    def next(self, seed: int) -> Question:
        decl = self.pot_engine.declaration
        rng = drill_rng(seed, 4)
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
            if live.sum() < 2 or len({c for c, lv in zip(contributions, live, strict=True) if lv}) < 2:
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
            pot = self._pot_amount(rng, sd)
            explained = sd.award_pots_explained([(pot, list(sd.live))], button=button)
            paid = list(explained.totals)
            facts.append(f"pot: ${pot}")
            why = ("; ".join(sd.reasons) + f". The ${pot} pot -> "
                   + ", ".join(f"{seat(s)} ${x}" for s, x in enumerate(paid) if x) + ". "
                   + self._odd_chip_words(explained))
            meta = {"pot": pot, "contributions": [pot]}
        meta["button"] = button
        fields = [Field(f"seat{s}", seat(s).capitalize(), "dollars") for s in range(players)]
        correct_answer = {f"seat{s}": int(paid[s]) for s in range(players)}
        prompt = (f"{decl.title}, {players} players: how many dollars does each seat receive? "
                  "Whole dollars; give $0 to a seat that wins nothing.")
        return self._question(seed, prompt, self._cards(hands, boards), facts, fields, correct_answer, why, **meta)

    def _pot_amount(self, rng: np.random.Generator, sd: Showdown) -> int:
        unit = int(self.pot_engine.declaration.structure.small_bet)
        for _ in range(64):
            pot = int(rng.integers(4, 60)) * unit + int(rng.integers(0, unit + 1))
            if self.focus != "odd-chips" or self._has_odd_chip(sd, pot):
                return pot
        return pot  # pragma: no cover - an odd pot always leaves an odd chip once divided

    @staticmethod
    def _has_odd_chip(sd: Showdown, pot: int) -> bool:
        """Whether the showdown's award of ``pot`` leaves an odd dollar anywhere (R6)."""
        return any(line.notes for line in sd.award_pots_explained([(pot, list(sd.live))]).lines)

    @staticmethod
    def _odd_chip_words(explained: PayExplanation) -> str:
        """The showdown's own odd-chip notes (``gamelib.engine.showdown.odd_chip_notes``), as sentences."""
        out = [note[0].upper() + note[1:] + "." for line in explained.lines for note in line.notes]
        return " ".join(out) or "No odd chip: the pot divides evenly."


__all__ = ["ReadHand", "WhoWins", "SplitPot"]
