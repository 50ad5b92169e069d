"""A seeded sample round of a banked game, step by step with the optimal play, and its widget.

>>> r = deal_round("three-card-6bonus", seed=7)
>>> [s.kind for s in r.steps]
['cards', 'decision', 'cards', 'settlement']
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Protocol

import ipywidgets as widgets

from ... import rankings
from ...cards import Deck, format_cards
from ...engine.banked import BankedGameEngine, Settlement
from ...errors import GameError
from ...games.banked import Decide, Reveal, dealer_qualifying_value
from .. import controls
from ..cards import hand_html
from ..messages import error_html
from .common import analysis_of, banked_game_of, decision_amount, default_wagers, settlement_html, signed_units


# ---- the sample round ----------------------------------------------------------------------
@dataclass(frozen=True)
class Step:
    """One step of a sample round: ``kind`` is ``cards``, ``decision`` or ``settlement``."""

    kind: str
    title: str
    text: str
    html: str


@dataclass(frozen=True)
class Round:
    """A seeded sample round: the cards dealt, the wagers with the decisions, the steps, the settlement."""

    game: str
    seed: int
    cards: dict[str, tuple[int, ...]]
    wagers: dict[str, int]
    steps: tuple[Step, ...]
    settlement: Settlement


def deal_round(game_key: str | BankedGameEngine, seed: int = 1, wagers: Mapping[str, int] | None = None) -> Round:
    """Deal a seeded round and play it the optimal way: each hand dealt from one shuffled deck
    in the declaration's order, each decision from the game's strategy, then the settlement.

    >>> from gamelib import get_game
    >>> r = deal_round("crazy4", seed=3)
    >>> r.settlement.total == get_game("crazy4").settle(r.wagers, **r.cards).total
    True
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    bets = dict(wagers) if wagers is not None else default_wagers(game_key)
    game.check_wagers(bets)
    deck = Deck(seed)
    cards = {who: tuple(deck.deal(n)) for who, n in decl.deal.items()}
    strategy = analysis_of(game).strategy
    steps: list[Step] = []
    shown: dict[str, list[int]] = {who: [] for who in decl.deal}
    folded = False
    for item in decl.rounds:
        if isinstance(item, Reveal):
            shown[item.cards] = list(cards[item.cards][:item.last])
            steps.append(_cards_step(game, item.cards, shown, cards[item.cards][item.first:item.last]))
        else:
            wager = item.wager
            if folded or not bets.get(decl.wager(wager).equal_to or "", 0):
                bets.setdefault(wager, 0)
                continue
            step, amount = _decision_step(game, strategy, item, shown, bets)
            bets[wager] = amount
            folded = amount == 0
            steps.append(step)
    settlement = game.settle(bets, **{k: list(v) for k, v in cards.items()})
    steps.append(Step("settlement", "Settlement", str(settlement), settlement_html(settlement)))
    return Round(game.key, seed, {k: v for k, v in cards.items()}, bets, tuple(steps), settlement)


def _hand_words(game: BankedGameEngine, cards: list[int], system: str) -> tuple[str, set[int]]:
    value = game.hand_value(cards, system)
    best = set(rankings.best_hand(system, cards)) if len(cards) >= 3 else set()
    return game.describe(value, system), best


def _cards_step(game: BankedGameEngine, who: str, shown: dict[str, list[int]], new: tuple[int, ...]) -> Step:
    """Cards turned up, and every judged hand they complete, in words (the dealer's with the
    qualifier); a hand not yet whole shows its cards only."""
    decl = game.declaration
    title = f"{who.capitalize()} card{'s' if len(new) > 1 else ''}: {format_cards(list(new))}"
    parts = [f"<p style='margin:4px 0;'><b>{html.escape(title)}</b></p>"]
    lines = []
    pictured = False
    for hand in decl.hands:
        if who not in hand.cards:
            continue
        cards = [c for g in hand.cards for c in shown[g]]
        if any(len(shown[g]) < decl.deal[g] for g in hand.cards):
            if hand.key == decl.main_hand:  # the player's hand building up (NH Hold'em before the river card)
                parts.append(hand_html(cards))
                pictured = True
            continue
        words, best = _hand_words(game, cards, hand.system)
        if not pictured:
            parts.append(hand_html(cards, highlight=best or None))
            pictured = True
        line = f"{hand.title}: {words}"
        if decl.qualifier is not None and hand.key == decl.qualifier.hand:
            ok = game.hand_value(cards, hand.system) >= dealer_qualifying_value(decl)
            line += f" ({'qualifies' if ok else 'does not qualify'}: the dealer needs {decl.qualifier.words})"
        lines.append(line)
    if not pictured:
        parts.append(hand_html(list(new)))
    parts += [f"<p style='margin:2px 0;'>{html.escape(t)}</p>" for t in lines]
    return Step("cards", title, "\n".join([title] + lines), "".join(parts))


class DecisionStrategy(Protocol):
    """What a banked game's strategy answers at a decision (``Crazy4Strategy``,
    ``ThreeCardStrategy``, ``NHStrategy`` of :mod:`gamelib.analysis.banked`): the play and the
    value of each choice, given the cards of each hand seen there (``Decide.seen``), one argument
    per hand. How many hands are seen differs from game to game, hence ``...``."""

    @property
    def play_for(self) -> Callable[..., str]: ...

    @property
    def expected_values(self) -> Callable[..., Mapping[str, Fraction]]: ...


def _decision_step(game: BankedGameEngine, strategy: DecisionStrategy, decide: Decide,
                   shown: dict[str, list[int]], bets: dict[str, int]) -> tuple[Step, int]:
    w = game.declaration.wager(decide.wager)
    args = [shown[h] for h in decide.seen]
    play = strategy.play_for(*args)
    amount = decision_amount(game, decide.wager, play, bets)
    options = option_values(strategy, args)
    title = f"Decision: {w.name}"
    verdict = "fold" if amount == 0 else f"{play}: bet ${amount}"
    text = f"{title}: the strategy says {verdict}"
    if options:
        text += " (" + ", ".join(f"{k} {signed_units(v)}" for k, v in options.items()) + " antes)"
    body = f"<p style='margin:4px 0;'><b>{html.escape(title)}</b>: the optimal play is <b>{html.escape(verdict)}</b>"
    if options:
        body += " &mdash; expected result in antes: " + ", ".join(
            f"{html.escape(k)} {signed_units(v)}" for k, v in options.items())
    return Step("decision", title, text, body + "</p>"), amount


def option_values(strategy: DecisionStrategy, args: list[list[int]]) -> dict[str, Fraction]:
    """The exact expected result of each choice (units of the ante) at the decision the cards
    seen lead to, from the strategy object (every banked strategy answers ``expected_values``).

    >>> from gamelib import get_game
    >>> from gamelib.analysis.banked import strategy_of
    >>> from gamelib.cards import parse_cards
    >>> sorted(option_values(strategy_of(get_game("three-card-6bonus")), [parse_cards("Qs 6d 4h")]))
    ['fold', 'raise']
    """
    return dict(strategy.expected_values(*args))


class BankedDealWidget(widgets.VBox):  # type: ignore[misc]
    """A seeded sample round of a banked game, revealed step by step with the optimal play.

    >>> w = BankedDealWidget("crazy4", seed=2)
    >>> "Total" in w.output.value and w.shown == len(w.round.steps)
    True
    """

    def __init__(self, game_key: str | BankedGameEngine, seed: int = 1,
                 wagers: Mapping[str, int] | None = None) -> None:
        self.game_key = game_key
        self.game = banked_game_of(game_key)
        self.wagers = dict(wagers) if wagers is not None else default_wagers(game_key)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.deal_button = controls.button("Deal", primary=True, tooltip="deal a new round with this seed")
        self.next_button = controls.button("Next step", tooltip="reveal the next step")
        self.all_button = controls.button("Show all", tooltip="reveal the whole round")
        self.header = widgets.HTML()
        self.output = widgets.HTML()
        self.deal_button.on_click(lambda _: self.deal(restart=True))
        self.next_button.on_click(lambda _: self.next_step())
        self.all_button.on_click(lambda _: self.show_all())
        super().__init__([controls.row([self.seed, self.deal_button, self.next_button, self.all_button]),
                          self.header, self.output])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.deal(restart=False)

    def deal(self, restart: bool = True) -> None:
        """Deal the round for the current seed; ``restart`` shows only the first step."""
        try:
            self.round = deal_round(self.game_key, int(self.seed.value), self.wagers)
        except GameError as err:
            self.output.value = error_html("Refused", err)
            return
        bets = ", ".join(f"{self.game.declaration.wager(k).name} ${v}" for k, v in self.wagers.items() if v)
        self.header.value = (f"<p style='margin:4px 0;'><i>{html.escape(self.game.title)}, seed {self.round.seed}; "
                             f"wagers: {html.escape(bets)}</i></p>")
        self.shown = 1 if restart else len(self.round.steps)
        self._draw()

    def next_step(self) -> None:
        """Reveal one more step (cards, a decision or the settlement)."""
        self.shown = min(self.shown + 1, len(self.round.steps))
        self._draw()

    def show_all(self) -> None:
        """Reveal the whole round."""
        self.shown = len(self.round.steps)
        self._draw()

    def _draw(self) -> None:
        box = '<div style="margin:6px 0;padding:4px 8px;border-left:3px solid #d4a017;">{}</div>'
        self.output.value = "".join(box.format(s.html) for s in self.round.steps[: self.shown])


__all__ = ["Step", "Round", "deal_round", "option_values", "BankedDealWidget"]
