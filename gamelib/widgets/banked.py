"""Widgets for the banked table games: a stepped sample round, the pay desk with a pay-table
editor, a player-against-dealer comparison, and the strategy card.

Every widget is generic over the three banked games (``crazy4``, ``three-card-6bonus``,
``nh-holdem``): limits, equal-wager rules (RULINGS R22), qualifiers, pay tables and caps are read
from the game's declaration (:mod:`gamelib.games.banked`); results, reasons and refusals come
from :meth:`gamelib.engine.banked.BankedGame.settle`; the right play and its expected values come
from the game's strategy object; house edges from ``analyze(with_pay_table(...))``. The only
thing written here per game is the order in which a round shows its cards and decisions
(:data:`ROUNDS`), which is presentation, not a rule.

>>> r = deal_round("three-card-6bonus", seed=7)
>>> [s.kind for s in r.steps]
['cards', 'decision', 'cards', 'settlement']
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Mapping

import ipywidgets as widgets
import pandas as pd

from .. import rankings
from ..amounts import exact_pays
from ..cards import Deck, format_cards, parse_cards
from ..analysis.banked import analyze, strategy_of
from ..analysis.banked_nh import nh_option_values, nh_path_wagered
from ..engine.banked import BankedGame, Settlement
from ..engine.registry import get_game
from ..games.banked import qualifier_value
from ..errors import GameError, shown
from .cards import hand_html
from .explorer import compare

#: How a round unfolds on the table, per game: ``("cards", hand, first, last)`` shows cards
#: ``first:last`` of a hand, ``("decision", wager, seen)`` asks the strategy for a decision wager
#: given the hands seen so far. Presentation only: every rule is in the declaration.
ROUNDS: dict[str, tuple[tuple[Any, ...], ...]] = {
    "crazy4": (("cards", "player", 0, 5), ("decision", "play", ("player",)), ("cards", "dealer", 0, 5)),
    "three-card-6bonus": (("cards", "player", 0, 3), ("decision", "play", ("player",)), ("cards", "dealer", 0, 3)),
    "nh-holdem": (
        ("cards", "hole", 0, 2),
        ("decision", "flop", ("hole",)),
        ("cards", "community", 0, 1),
        ("decision", "turn", ("hole", "community")),
        ("cards", "community", 1, 2),
        ("decision", "river", ("hole", "community")),
        ("cards", "community", 2, 3),
        ("cards", "bonus", 0, 4),
    ),
}

#: Which hands make "the player's hand" judged in the game's ranking, and the dealer's.
HAND_OF: dict[str, dict[str, tuple[str, ...]]] = {
    "crazy4": {"player": ("player",), "dealer": ("dealer",)},
    "three-card-6bonus": {"player": ("player",), "dealer": ("dealer",)},
    "nh-holdem": {"player": ("hole", "community")},
}

#: Sample hands for the comparison widget (player first, then dealer or a second player).
COMPARE_EXAMPLES: dict[str, list[str]] = {
    "crazy4": ["Qh Qd 4s 4c 9d", "Ac Kc Qc Jc 2h"],
    "three-card-6bonus": ["9h 9d 3c", "Ah Kd Qc"],
    "nh-holdem": ["As Ks Ah 7c Kd", "Qh Jh Th 9h 2c"],
}

#: A sample hand for the pay desk: wagers and cards (a computed example to open with).
PAY_EXAMPLES: dict[str, tuple[dict[str, int], dict[str, str]]] = {
    "crazy4": ({"ante": 5, "super_bonus": 5, "queens_up": 5, "play": 15},
               {"player": "As Ad Kc 7h 2s", "dealer": "Qs Jd 8c 5h 3d"}),
    "three-card-6bonus": ({"ante": 5, "pair_plus": 5, "six_card_bonus": 5, "play": 5},
                          {"player": "Qh Jh Th", "dealer": "2c 5d 9s"}),
    "nh-holdem": ({"ante": 5, "pair_plus": 5, "six_card_bonus": 5, "flop": 15, "turn": 15, "river": 15},
                  {"hole": "As Ks", "community": "Ad 7c Kd", "bonus": "Ac 2h 9d 4s"}),
}

#: A sample hand for the strategy card: the hand names and cards.
STRATEGY_EXAMPLES: dict[str, dict[str, str]] = {
    "crazy4": {"player": "Kh Qd 7s 5c 2d"},
    "three-card-6bonus": {"player": "Qs 6d 4h"},
    "nh-holdem": {"hole": "Ts 6h", "community": "9c"},
}

_ERR = '<p style="color:#b00020;margin:4px 0;"><b>Refused:</b> {}</p>'


def _game(game_key: str) -> BankedGame:
    game = get_game(game_key)
    if not isinstance(game, BankedGame):
        raise GameError(f"{shown(game_key)} is not a banked game")
    return game


_ANALYSES: dict[str, Any] = {}


def analysis_of(game: BankedGame) -> Any:
    """The game's analysis, kept in memory for the game objects of :func:`gamelib.get_game`
    (``analyze(game)`` re-reads the disk cache on every call; edited games are analysed anew).

    >>> analysis_of(get_game("crazy4")) is analysis_of(get_game("crazy4"))
    True
    """
    if game is not get_game(game.key):
        return analyze(game)
    if game.key not in _ANALYSES:
        _ANALYSES[game.key] = analyze(game)
    return _ANALYSES[game.key]


def _money(d: int) -> str:
    return f"+${d:,}" if d > 0 else (f"-${-d:,}" if d < 0 else "$0")


def _units(f: Fraction) -> str:
    return f"{float(f):+.4f}"


def default_wagers(game_key: str, unit: int = 5) -> dict[str, int]:
    """The wagers of a sample round: ``unit`` dollars on every spot that is not a decision,
    brought inside the spot's limits (equal-to spots match their base).

    >>> default_wagers("nh-holdem")
    {'ante': 5, 'pair_plus': 5, 'six_card_bonus': 5}
    """
    decl = _game(game_key).declaration
    out: dict[str, int] = {}
    for w in decl.wagers:
        if w.decision:
            continue
        if w.equal_to:
            out[w.key] = out[w.equal_to] * w.multiples[0]
        elif w.allowed:
            out[w.key] = unit if unit in w.allowed else w.allowed[0]
        else:
            out[w.key] = min(max(unit, w.minimum or 0), w.maximum or unit)
    return out


def decision_amount(game: BankedGame, wager: str, play: str, wagers: Mapping[str, int]) -> int:
    """Dollars for a decision wager from the strategy's answer (``fold``, ``raise``, ``1x``..).

    >>> decision_amount(get_game("crazy4"), "play", "3x", {"ante": 5})
    15
    """
    w = game.declaration.wager(wager)
    if play == "fold":
        return 0
    base = wagers[w.equal_to] if w.equal_to else 0
    if play.endswith("x") and play[:-1].isdigit():
        return int(play[:-1]) * base
    return w.multiples[0] * base


def settlement_html(s: Settlement) -> str:
    """A settlement as a table: each wager, its amount, the dollars and the reason, the cap, the total.

    >>> s = get_game("three-card-6bonus").settle(player="Qh Jh Th", dealer="2c 5d 9s", wagers={"ante": 5, "play": 5})
    >>> "Ante Bonus" in settlement_html(s) and "+$25" in settlement_html(s)
    True
    """
    td = 'style="padding:3px 8px;"'
    rows = [f"<tr><td {td}><b>{html.escape(r.name)}</b></td><td {td}>${r.amount:,}</td>"
            f"<td {td}><b>{_money(r.result)}</b></td><td {td}>{html.escape(r.reason)}</td></tr>" for r in s.results]
    if s.cap_reduction:
        rows.append(f"<tr><td {td}><b>Payout cap</b></td><td {td}></td><td {td}><b>{_money(-s.cap_reduction)}</b></td>"
                    f"<td {td}>{html.escape(s.cap_reason)}</td></tr>")
    rows.append(f'<tr style="border-top:1px solid #888;"><td {td}><b>Total</b></td><td {td}></td>'
                f"<td {td}><b>{_money(s.total)}</b></td><td {td}>the player's net result for the hand</td></tr>")
    head = f"<tr><th {td}>wager</th><th {td}>bet</th><th {td}>result</th><th {td}>why</th></tr>"
    hands = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in s.hands.items())
    return (f'<ul style="margin:4px 0;">{hands}</ul>' if hands else "") + \
        f'<table style="border-collapse:collapse;">{head}{"".join(rows)}</table>'


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


def deal_round(game_key: str, seed: int = 1, wagers: Mapping[str, int] | None = None) -> Round:
    """Deal a seeded round and play it the optimal way: each hand dealt from one shuffled deck
    in the declaration's order, each decision from the game's strategy, then the settlement.

    >>> r = deal_round("crazy4", seed=3)
    >>> r.settlement.total == get_game("crazy4").settle(r.wagers, **r.cards).total
    True
    """
    game = _game(game_key)
    decl = game.declaration
    bets = dict(wagers) if wagers is not None else default_wagers(game_key)
    game.check_wagers(bets)
    deck = Deck(seed)
    cards = {who: tuple(deck.deal(n)) for who, n in decl.hands.items()}
    strategy = analysis_of(game).strategy
    steps: list[Step] = []
    shown: dict[str, list[int]] = {who: [] for who in decl.hands}
    folded = False
    for item in ROUNDS[game_key]:
        if item[0] == "cards":
            _, who, a, b = item
            shown[who] = list(cards[who][:b])
            steps.append(_cards_step(game, who, shown, cards[who][a:b]))
        else:
            _, wager, seen = item
            if folded or not bets.get(decl.wager(wager).equal_to or "", 0):
                bets.setdefault(wager, 0)
                continue
            step, amount = _decision_step(game, strategy, wager, seen, shown, bets)
            bets[wager] = amount
            folded = amount == 0
            steps.append(step)
    settlement = game.settle(bets, **{k: list(v) for k, v in cards.items()})
    steps.append(Step("settlement", "Settlement", str(settlement), settlement_html(settlement)))
    return Round(game_key, seed, {k: v for k, v in cards.items()}, bets, tuple(steps), settlement)


def _hand_words(game: BankedGame, cards: list[int], system: str) -> tuple[str, set[int]]:
    value = game.hand_value(cards, system)
    best = set(rankings.best_hand(system, cards)) if len(cards) >= 3 else set()
    return game.describe(value, system), best


def _cards_step(game: BankedGame, who: str, shown: dict[str, list[int]], new: tuple[int, ...]) -> Step:
    decl = game.declaration
    key = game.key
    title = f"{who.capitalize()} card{'s' if len(new) > 1 else ''}: {format_cards(list(new))}"
    parts = [f"<p style='margin:4px 0;'><b>{html.escape(title)}</b></p>"]
    lines = []
    for role, hands in HAND_OF[key].items():
        if who not in hands:
            continue
        cards = [c for h in hands for c in shown[h]]
        system = decl.system
        try:
            words, best = _hand_words(game, cards, system)
        except GameError:  # not a whole hand yet (NH Hold'em before the river card)
            parts.append(hand_html(cards))
            continue
        parts.append(hand_html(cards, highlight=best or None))
        line = f"{role}'s hand: {words}"
        if role == "dealer" and decl.qualifier is not None:
            ok = game.hand_value(cards) >= qualifier_value(decl)
            line += f" ({'qualifies' if ok else 'does not qualify'}: the dealer needs {decl.qualifier.words})"
        lines.append(line)
    if not any(who in hands for hands in HAND_OF[key].values()):
        parts.append(hand_html(list(new)))
        if who == "bonus":
            lines.append("bonus cards for the 6 Card Bonus (dealt whether or not the player folded, B4)")
    if key == "nh-holdem" and who == "community" and len(shown["community"]) == 3:
        words, best = _hand_words(game, shown["community"], "three-card")
        lines.append(f"the community cards alone, for Pair Plus: {words}")
    parts += [f"<p style='margin:2px 0;'>{html.escape(t)}</p>" for t in lines]
    return Step("cards", title, "\n".join([title] + lines), "".join(parts))


def _decision_step(game: BankedGame, strategy: Any, wager: str, seen: tuple[str, ...],
                   shown: dict[str, list[int]], bets: dict[str, int]) -> tuple[Step, int]:
    w = game.declaration.wager(wager)
    args = [shown[h] for h in seen]
    play = strategy.play_for(*args)
    amount = decision_amount(game, wager, play, bets)
    options = option_values(game, strategy, args)
    title = f"Decision: {w.name}"
    verdict = "fold" if amount == 0 else f"{play}: bet ${amount}"
    text = f"{title}: the strategy says {verdict}"
    if options:
        text += " (" + ", ".join(f"{k} {_units(v)}" for k, v in options.items()) + " antes)"
    body = f"<p style='margin:4px 0;'><b>{html.escape(title)}</b>: the optimal play is <b>{html.escape(verdict)}</b>"
    if options:
        body += " &mdash; expected result in antes: " + ", ".join(
            f"{html.escape(k)} {_units(v)}" for k, v in options.items())
    return Step("decision", title, text, body + "</p>"), amount


def option_values(game: BankedGame, strategy: Any, args: list[list[int]]) -> dict[str, Fraction]:
    """The exact expected result of each choice (units of the ante): from the strategy object's
    ``expected_values`` for Crazy 4 and Three Card Poker, from :func:`nh_option_values` for NH
    Hold'em (whose strategy object gives only the value of playing on optimally).

    >>> sorted(option_values(get_game("three-card-6bonus"), strategy_of(get_game("three-card-6bonus")), [parse_cards("Qs 6d 4h")]))
    ['fold', 'raise']
    """
    if hasattr(strategy, "expected_values"):
        return dict(strategy.expected_values(*args))
    if game.key == "nh-holdem":
        return nh_option_values(game, strategy, args[0], args[1] if len(args) > 1 else [])
    return {}


class BankedDealWidget(widgets.VBox):  # type: ignore[misc]
    """A seeded sample round of a banked game, revealed step by step with the optimal play.

    >>> w = BankedDealWidget("crazy4", seed=2)
    >>> "Total" in w.output.value and w.shown == len(w.round.steps)
    True
    """

    def __init__(self, game_key: str, seed: int = 1, wagers: Mapping[str, int] | None = None) -> None:
        self.game_key = game_key
        self.game = _game(game_key)
        self.wagers = dict(wagers) if wagers is not None else default_wagers(game_key)
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.deal_button = widgets.Button(description="Deal", button_style="primary", tooltip="deal a new round with this seed")
        self.next_button = widgets.Button(description="Next step", tooltip="reveal the next step")
        self.all_button = widgets.Button(description="Show all", tooltip="reveal the whole round")
        self.header = widgets.HTML()
        self.output = widgets.HTML()
        self.deal_button.on_click(lambda _: self.deal(restart=True))
        self.next_button.on_click(lambda _: self.next_step())
        self.all_button.on_click(lambda _: self.show_all())
        super().__init__([widgets.HBox([self.seed, self.deal_button, self.next_button, self.all_button]),
                          self.header, self.output])
        self.deal(restart=False)

    def deal(self, restart: bool = True) -> None:
        """Deal the round for the current seed; ``restart`` shows only the first step."""
        try:
            self.round = deal_round(self.game_key, int(self.seed.value), self.wagers)
        except GameError as err:
            self.output.value = _ERR.format(html.escape(str(err)))
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


# ---- the pay desk and the pay-table editor ---------------------------------------------------
def house_edge_report(game: BankedGame, wager: str) -> dict[str, Fraction | None]:
    """The analysis figures a pay table moves: the return of its own wager, and for a table of
    the main game the main game's house edge and element of risk (else the wager's own edge).

    >>> r = house_edge_report(get_game("three-card-6bonus"), "pair_plus")
    >>> round(float(r["house edge"]), 6)
    0.099005
    """
    a = analysis_of(game)
    ret = a.returns[wager]
    side = wager in {w.key for w in game.declaration.wagers} and wager not in a.main_wagers
    if side:
        return {"return": ret, "house edge": -ret, "element of risk": None}
    return {"return": ret, "house edge": a.house_edge, "element of risk": a.element_of_risk}


class PayWidget(widgets.VBox):  # type: ignore[misc]
    """The pay desk: wagers (checked against the limits), cards and decisions in, every wager's
    result with its reason out; and a pay-table editor that re-computes the house edge.

    >>> w = PayWidget("crazy4")
    >>> "Total" in w.result.value, "house edge" in w.edge.value
    (True, True)
    """

    def __init__(self, game_key: str, wager_table: str | None = None) -> None:
        self.game_key = game_key
        self.game = _game(game_key)
        decl = self.game.declaration
        bets, hands = PAY_EXAMPLES[game_key]
        style = {"description_width": "14em"}
        self.wager_inputs = {
            w.key: widgets.IntText(value=bets.get(w.key, 0), description=f"{w.name} ({w.limits_text()})",
                                   style=style, layout=widgets.Layout(width="24em"))
            for w in decl.wagers
        }
        self.card_inputs = {
            who: widgets.Text(value=hands.get(who, ""), description=f"{who} ({n} cards)", style=style,
                              layout=widgets.Layout(width="30em"))
            for who, n in decl.hands.items()
        }
        self.settle_button = widgets.Button(description="Settle", button_style="primary")
        self.result = widgets.HTML()
        self.settle_button.on_click(lambda _: self.settle())
        note = ("<p style='margin:4px 0;'><i>Decision wagers (" + html.escape(", ".join(
            w.name for w in decl.wagers if w.decision)) + ") carry the player's choice: 0 is a fold.</i></p>")
        # pay-table editor
        tables = [t.wager for t in decl.pay_tables]
        self.table_choice = widgets.Dropdown(options=tables, value=wager_table or tables[-1], description="Pay table")
        self.pay_box = widgets.VBox()
        self.recompute_button = widgets.Button(description="Recompute house edge", button_style="primary")
        self.reset_button = widgets.Button(description="Reset to the filed table")
        self.edge = widgets.HTML()
        self.table_choice.observe(lambda _: self._load_table(), names="value")
        self.recompute_button.on_click(lambda _: self.recompute())
        self.reset_button.on_click(lambda _: self._load_table())
        super().__init__([
            widgets.HTML("<b>Wagers</b>"), *self.wager_inputs.values(), widgets.HTML(note),
            widgets.HTML("<b>Cards</b>"), *self.card_inputs.values(), self.settle_button, self.result,
            widgets.HTML("<b>Pay-table editor</b>"), self.table_choice, self.pay_box,
            widgets.HBox([self.recompute_button, self.reset_button]), self.edge,
        ])
        self.settle()
        self._load_table()

    def wagers(self) -> dict[str, int]:
        """The wagers as typed (0 = not placed / fold)."""
        return {k: int(w.value) for k, w in self.wager_inputs.items() if int(w.value) != 0 or k == "ante"}

    def settle(self) -> Settlement | None:
        """Settle the hand in the boxes; a refusal is shown with the engine's own message."""
        cards = {who: t.value for who, t in self.card_inputs.items() if t.value.strip()}
        try:
            s = self.game.settle(self.wagers(), **cards)
        except GameError as err:
            self.result.value = _ERR.format(html.escape(str(err)))
            return None
        self.result.value = settlement_html(s)
        return s

    def _load_table(self) -> None:
        table = self.game.declaration.pay_table(self.table_choice.value)
        self.pay_inputs = {
            line.outcome: widgets.Text(value=str(line.pays), description=line.outcome,
                                       style={"description_width": "16em"}, layout=widgets.Layout(width="24em"))
            for line in table.lines
        }
        self.pay_box.children = [widgets.HTML(f"<i>{html.escape(table.cards)}; pays to 1 (fractions such as 3/2 allowed)</i>"),
                                 *self.pay_inputs.values()]
        self.recompute()

    def set_pays(self, pays: Mapping[str, Any]) -> None:
        """Type new pays into the editor's boxes (rows named by outcome) and re-compute."""
        for outcome, value in pays.items():
            if outcome not in self.pay_inputs:
                raise GameError(f"the {self.table_choice.value} pay table has no row {shown(outcome)}; rows: "
                                + ", ".join(self.pay_inputs))
            self.pay_inputs[outcome].value = str(value)
        self.recompute()

    def recompute(self) -> dict[str, Fraction | None] | None:
        """Analyse the game with the edited pay table and show the figures beside the filed ones."""
        wager = self.table_choice.value
        try:
            pays = {k: exact_pays(t.value, f"the {k} row") for k, t in self.pay_inputs.items()}
        except GameError as err:
            self.edge.value = _ERR.format(html.escape(str(err)))
            return None
        try:
            edited = self.game.with_pay_table(wager, pays)
            new = house_edge_report(edited, wager)
        except GameError as err:
            self.edge.value = _ERR.format(html.escape(str(err)))
            return None
        old = house_edge_report(self.game, wager)
        self.edge.value = edge_html(wager, old, new)
        return new


def edge_html(wager: str, filed: Mapping[str, Fraction | None], edited: Mapping[str, Fraction | None]) -> str:
    """The filed and edited figures side by side.

    >>> "house edge" in edge_html("x", {"return": Fraction(-1, 10), "house edge": Fraction(1, 10)}, {"return": Fraction(0), "house edge": Fraction(0)})
    True
    """
    td = 'style="padding:3px 10px;text-align:right;"'
    rows = []
    for k in ("return", "house edge", "element of risk"):
        a, b = filed.get(k), edited.get(k)
        if a is None or b is None:
            continue
        label = f"{wager} return" if k == "return" else k
        rows.append(f"<tr><td style='padding:3px 10px;'>{html.escape(label)}</td><td {td}>{float(a):.4%}</td>"
                    f"<td {td}><b>{float(b):.4%}</b></td></tr>")
    head = "<tr><th style='padding:3px 10px;'></th><th>filed table</th><th>edited table</th></tr>"
    return f'<table style="border-collapse:collapse;">{head}{"".join(rows)}</table>'


# ---- player against dealer -------------------------------------------------------------------
def compare_html(game_key: str, hands: list[str]) -> str:
    """Two or more hands in the game's ranking: who wins and why, and whether the dealer qualifies.

    >>> "does not qualify" in compare_html("three-card-6bonus", ["9h 9d 3c", "Jh 8d 4c"])
    True
    """
    game = _game(game_key)
    decl = game.declaration
    c = compare(decl.system, hands)
    dealer_game = "dealer" in decl.hands
    labels = ["Player", "Dealer"] if dealer_game and len(hands) == 2 else [f"Hand {i + 1}" for i in range(len(hands))]
    rows = []
    for label, h in zip(labels, c.hands):
        badge = ('<span style="background:#1b7f3b;color:#fff;border-radius:4px;padding:1px 6px;">wins</span>'
                 if h.wins and len(c.winners) < len(c.hands) else "")
        rows.append(f"<tr><td style='padding:4px 8px;font-weight:bold;'>{label}</td>"
                    f"<td style='padding:4px 8px;'>{hand_html(list(h.cards), highlight=set(h.best) or None)}</td>"
                    f"<td style='padding:4px 8px;'>{html.escape(h.description)}</td><td>{badge}</td></tr>")
    if len(c.winners) == len(c.hands):
        verdict = f"Tie: {'both hands are' if len(c.hands) == 2 else 'every hand is'} {c.hands[0].description}."
    else:
        win = c.hands[c.winners[0]]
        others = [h for i, h in enumerate(c.hands) if i not in c.winners]
        runner = max(others, key=lambda h: h.value)
        why = (f"{win.category} beats {runner.category}" if win.category != runner.category
               else f"{win.description} beats {runner.description} (same category, better cards)")
        verdict = f"{' and '.join(labels[i] for i in c.winners)} {'wins' if len(c.winners) == 1 else 'tie'}: {why}."
    notes = [verdict]
    if dealer_game and len(hands) == 2 and decl.qualifier is not None:
        ok = c.hands[1].value >= qualifier_value(decl)
        notes.append(f"The dealer {'qualifies' if ok else 'does not qualify'} (needs {decl.qualifier.words}).")
    return (f'<table style="border-collapse:collapse;">{"".join(rows)}</table>'
            + "".join(f"<p style='margin:4px 0;'><b>{html.escape(n)}</b></p>" for n in notes))


class CompareWidget(widgets.VBox):  # type: ignore[misc]
    """Enter the player's and the dealer's hands (or two hands) in the game's ranking; see who
    wins, why, and whether the dealer qualifies.

    >>> w = CompareWidget("crazy4")
    >>> "Player" in w.result.value
    True
    """

    def __init__(self, game_key: str, hands: list[str] | None = None) -> None:
        self.game_key = game_key
        decl = _game(game_key).declaration
        example = hands or COMPARE_EXAMPLES[game_key]
        who = "player's and dealer's" if "dealer" in decl.hands else "players'"
        self.hands = widgets.Textarea(value="\n".join(example), description="Hands",
                                      placeholder=f"the {who} hands, one per line",
                                      layout=widgets.Layout(width="30em", height="5em"))
        self.button = widgets.Button(description="Compare", button_style="primary")
        self.result = widgets.HTML()
        self.button.on_click(lambda _: self.refresh())
        system = rankings.system(decl.system).title
        super().__init__([widgets.HTML(f"<i>Ranking: {html.escape(system)}; {html.escape(who)} hands, one per line.</i>"),
                          self.hands, self.button, self.result])
        self.refresh()

    def refresh(self) -> None:
        """Compare the hands in the box (refusals shown with the engine's message)."""
        lines = [ln for ln in self.hands.value.splitlines() if ln.strip()]
        try:
            self.result.value = compare_html(self.game_key, lines)
        except GameError as err:
            self.result.value = _ERR.format(html.escape(str(err)))


# ---- the strategy card -----------------------------------------------------------------------
def strategy_hands(game_key: str) -> tuple[str, ...]:
    """The hands the player has seen at the game's last decision (what the strategy reads).

    >>> strategy_hands("nh-holdem")
    ('hole', 'community')
    """
    return [item for item in ROUNDS[game_key] if item[0] == "decision"][-1][2]


def strategy_html(game_key: str, hands: Mapping[str, str], wagered: str = "") -> str:
    """The right play for a hand and the expected result of each option, from the game's strategy.

    NH Hold'em answers for the situation given: the cards seen and ``wagered``, the units of ante
    already bet, ante included (blank: what the strategy itself would have bet on the way). A
    table gives every option's value for every amount that can be in at this point.

    >>> "raise" in strategy_html("three-card-6bonus", {"player": "Qs 6d 4h"})
    True
    >>> "The right play: <b>3x</b>" in strategy_html("nh-holdem", {"hole": "7s 2d", "community": "7h 7c"}, "3")
    True
    """
    game = _game(game_key)
    strategy = analysis_of(game).strategy
    seen = strategy_hands(game_key)
    args = [parse_cards(hands[h], what=f"{h} cards") if hands.get(h, "").strip() else [] for h in seen]
    if game_key == "nh-holdem":
        return _nh_strategy_html(strategy, args[0], args[1] if len(args) > 1 else [], wagered)
    play = strategy.play_for(*args)
    options = option_values(game, strategy, args)
    cards = [c for a in args for c in a]
    pics = hand_html(cards) if cards else ""
    rows = "".join(
        f"<tr><td style='padding:3px 10px;'>{'<b>' if k == play else ''}{html.escape(k)}{'</b>' if k == play else ''}</td>"
        f"<td style='padding:3px 10px;text-align:right;'>{_units(v)}</td></tr>" for k, v in options.items())
    table = (f"<table style='border-collapse:collapse;'><tr><th style='padding:3px 10px;'>option</th>"
             f"<th style='padding:3px 10px;'>expected result (antes)</th></tr>{rows}</table>") if rows else ""
    return f"{pics}<p style='margin:4px 0;'>The right play: <b>{html.escape(play)}</b></p>{table}"


def _nh_strategy_html(strategy: Any, hole: list[int], community: list[int], wagered: str) -> str:
    td = "style='padding:3px 10px;'"
    tdr = "style='padding:3px 10px;text-align:right;'"
    street = len(community)
    amounts = (1,) if street == 0 else ((2, 3, 4) if street == 1 else (3, 4, 5, 6, 7))
    strategy.path_wagered(hole, community)  # checks the cards
    text = wagered.strip()
    if text:
        if not (text.isascii() and text.isdigit()) or len(text) > 3:
            raise GameError(f"units already wagered must be a whole number, ante included "
                            f"({amounts[0]} to {amounts[-1]} here), not {text[:20]!r}")
        units: int | None = int(text)
        strategy.play_for(hole, community, units)  # refuses an amount that cannot be in now
        source = f"with {units} unit{'s' if units > 1 else ''} of the ante wagered"
    else:
        units = strategy.path_wagered(hole, community) if community else 1
        source = (f"with {units} unit{'s' if units > 1 else ''} of the ante wagered, as the strategy itself would "
                  "have bet" if units is not None else "")
    pics = hand_html(hole + community)
    if units is None:
        head = (f"<p style='margin:4px 0;'><i>The strategy folds before this point; enter the units already "
                f"wagered ({amounts[0]} to {amounts[-1]} here) for advice, or read the table.</i></p>")
    else:
        head = (f"<p style='margin:4px 0;'>The right play: <b>{html.escape(strategy.play_for(hole, community, units))}"
                f"</b> ({html.escape(source)})</p>")
    rows = []
    for w in amounts:
        options = strategy.options(hole, community, w)
        play = strategy.play_for(hole, community, w)
        cells = "".join(f"<td {tdr}>{'<b>' if k == play else ''}{_units(v)}{'</b>' if k == play else ''}</td>"
                        for k, v in options.items())
        mark = " style='background:#fff6d5;'" if w == units else ""
        rows.append(f"<tr{mark}><td style='padding:3px 10px;'>{w}</td>{cells}<td {td}>{html.escape(play)}</td></tr>")
    header = "".join(f"<th {td}>{k}</th>" for k in ("units wagered", "fold", "1x", "2x", "3x", "right play"))
    table = (f"<p style='margin:4px 0;'>Expected result in antes, best play afterwards, for every amount that can "
             f"be in before the {('flop', 'turn', 'river')[street]} card:</p>"
             f"<table style='border-collapse:collapse;'><tr>{header}</tr>{''.join(rows)}</table>")
    return f"{pics}{head}{table}"


class StrategyWidget(widgets.VBox):  # type: ignore[misc]
    """Enter a hand; see the right play and the expected value of each option (NH Hold'em: also
    the units already wagered; blank for what the strategy itself would have bet).

    >>> w = StrategyWidget("crazy4")
    >>> "The right play" in w.result.value
    True
    """

    def __init__(self, game_key: str, hands: Mapping[str, str] | None = None, wagered: str = "") -> None:
        self.game_key = game_key
        game = _game(game_key)
        example = dict(hands or STRATEGY_EXAMPLES[game_key])
        self.inputs = {
            who: widgets.Text(value=example.get(who, ""), description=f"{who} cards",
                              style={"description_width": "10em"}, layout=widgets.Layout(width="26em"))
            for who in strategy_hands(game_key)
        }
        self.wagered = widgets.Text(value=str(wagered), description="units wagered", placeholder="as the strategy bet",
                                    style={"description_width": "10em"}, layout=widgets.Layout(width="26em"))
        self.button = widgets.Button(description="Advise", button_style="primary")
        self.result = widgets.HTML()
        self.button.on_click(lambda _: self.refresh())
        summary = html.escape(analysis_of(game).strategy.summary()).replace("\n", "<br>")
        self.summary = widgets.HTML(f"<details><summary>The whole strategy in words</summary><p>{summary}</p></details>")
        boxes = [*self.inputs.values()] + ([self.wagered] if game_key == "nh-holdem" else [])
        super().__init__([*boxes, self.button, self.result, self.summary])
        self.refresh()

    def refresh(self) -> None:
        """Advise on the hand in the boxes (refusals shown with the engine's message)."""
        try:
            self.result.value = strategy_html(self.game_key, {k: t.value for k, t in self.inputs.items()},
                                              self.wagered.value)
        except (GameError, ValueError) as err:
            self.result.value = _ERR.format(html.escape(str(err)))


# ---- plots -----------------------------------------------------------------------------------
def returns_frame(game_key: str) -> pd.DataFrame:
    """Every wager's exact return per unit wagered, from the analysis (for tables and plots).

    >>> returns_frame("crazy4")["wager"].tolist()[:2]
    ['ante', 'play']
    """
    a = analysis_of(_game(game_key))
    return pd.DataFrame({"wager": list(a.returns), "return": [float(r) for r in a.returns.values()]})


def plot_returns(game_key: str):  # type: ignore[no-untyped-def]
    """A bar chart of each wager's return and the main game's (matplotlib Figure).

    >>> fig = plot_returns("three-card-6bonus"); len(fig.axes)
    1
    """
    import matplotlib.pyplot as plt

    a = analysis_of(_game(game_key))
    names = [k.replace("_", " ") for k in a.returns] + ["main game"]
    values = [float(r) for r in a.returns.values()] + [float(a.expected_return)]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    colors = ["#1b7f3b" if v >= 0 else "#b00020" for v in values]
    ax.barh(names[::-1], values[::-1], color=colors[::-1])
    ax.axvline(0, color="#444", linewidth=0.8)
    ax.set_xlabel("expected return per unit wagered (negative: the house's edge)")
    ax.set_title(f"{a.title}: return of each wager")
    for y, v in enumerate(values[::-1]):
        ax.text(v, y, f" {v:+.4f} ", va="center", ha="left" if v >= 0 else "right", fontsize=8)
    ax.set_xlim(min(values) * 1.35 if min(values) < 0 else -0.1, max(0.1, max(values) * 1.35))
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_decision_ev(game_key: str):  # type: ignore[no-untyped-def]
    """Expected result of each choice across every player hand, weakest to strongest (Crazy 4
    and Three Card Poker: fold vs play from the strategy's exact values).

    >>> fig = plot_decision_ev("three-card-6bonus"); len(fig.axes)
    1
    """
    import matplotlib.pyplot as plt
    import numpy as np

    game = _game(game_key)
    s = analysis_of(game).strategy
    order = np.argsort(s.values, kind="stable")
    ev = s.ev[order].astype(float) / s.ev_denominator
    weights = s.weights[order].astype(float)
    x = np.cumsum(weights) / weights.sum()
    names = {"crazy4": ("fold", "play 1x", "play 3x"), "three-card-6bonus": ("fold", "raise")}[game_key]
    fig, ax = plt.subplots(figsize=(7, 3.4))
    for j, name in enumerate(names):
        col = ev[:, j]
        ok = col > -1e6
        ax.plot(x[ok], col[ok], label=name, linewidth=1.2)
    ax.axhline(0, color="#444", linewidth=0.6)
    ax.set_xlabel("share of player hands, weakest to strongest")
    ax.set_ylabel("expected result (antes)")
    ax.set_title(f"{game.title}: value of each choice")
    ax.legend(loc="upper left")
    fig.tight_layout()
    plt.close(fig)
    return fig


def plot_nh_starting_hands():  # type: ignore[no-untyped-def]
    """NH Hold'em: expected result of each of the 169 starting hands played optimally.

    >>> len(plot_nh_starting_hands().axes)
    1
    """
    import matplotlib.pyplot as plt

    s = analysis_of(_game("nh-holdem")).strategy
    rows = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            for suited in ((False,) if hi == lo else (True, False)):
                hole = [hi * 4 + 3, lo * 4 + (3 if suited else 2)]
                rows.append((float(s.expected_value(hole)), s.play_for(hole)))
    rows.sort(key=lambda r: -r[0])
    fig, ax = plt.subplots(figsize=(7, 3.4))
    colors = {"3x": "#1b7f3b", "2x": "#d4a017", "1x": "#1458c8", "fold": "#b00020"}
    ax.bar(range(len(rows)), [r[0] for r in rows], color=[colors[r[1]] for r in rows], width=1.0)
    ax.axhline(0, color="#444", linewidth=0.6)
    ax.set_xlabel("the 169 starting hands, best to worst (green: bet 3x, blue: bet 1x, red: fold)")
    ax.set_ylabel("expected result (antes)")
    ax.set_title("New Hampshire Hold'em: value of each starting hand")
    fig.tight_layout()
    plt.close(fig)
    return fig


# ---- tables and worked examples for the chapters ----------------------------------------------
def limits_frame(game_key: str) -> pd.DataFrame:
    """The wagers of a game and their limits, read from the declaration (R19-R22).

    >>> limits_frame("three-card-6bonus")["limits"].tolist()
    ['$2 to $10', '$1 to $10', '$1 to $10', '1x the ante']
    """
    decl = _game(game_key).declaration
    rows = []
    for w in decl.wagers:
        when = "after seeing cards (0 = fold)" if w.decision else ("required" if w.required else "optional")
        rows.append({"wager": w.name, "limits": w.limits_text(), "when": when, "note": w.note})
    return pd.DataFrame(rows)


def pay_table_frame(game_key: str, wager: str) -> pd.DataFrame:
    """One pay table as the declaration holds it: each row's hand and what it pays, to 1.

    >>> pay_table_frame("crazy4", "super_bonus")["pays"].tolist()[-2:]
    ['3 to 2', '1 to 1']
    """
    from ..engine.banked import pays_text

    table = _game(game_key).declaration.pay_table(wager)
    return pd.DataFrame({"hand": [l.outcome for l in table.lines], "pays": [pays_text(l.pays) for l in table.lines]})


def example_html(game_key: str, wagers: Mapping[str, int], **cards: str) -> str:
    """A worked example: every hand pictured, then the settlement from ``settle`` (or, for wagers
    or cards the engine refuses, its message: R22, never corrected).

    >>> "Total" in example_html("crazy4", {"ante": 5, "super_bonus": 5, "play": 5}, player="Kh Kd 9s 4c 2d", dealer="Qs Jd 8c 5h 3d")
    True
    """
    game = _game(game_key)
    try:
        s: Settlement | None = game.settle(wagers, **cards)
    except GameError as err:
        s, refusal = None, _ERR.format(html.escape(str(err)))
    pics = []
    for who, text in cards.items():
        hand = parse_cards(text)
        best = None
        if who in ("player", "dealer"):
            best = set(rankings.best_hand(game.declaration.system, hand)) or None
        pics.append(f"<tr><td style='padding:2px 8px;font-weight:bold;'>{html.escape(who)}</td>"
                    f"<td style='padding:2px 8px;'>{hand_html(hand, highlight=best)}</td></tr>")
    bets = ", ".join(f"{game.declaration.wager(k).name} ${v}" for k, v in wagers.items() if v)
    return (f"<p style='margin:4px 0;'><i>Wagers: {html.escape(bets)}</i></p>"
            f"<table style='border-collapse:collapse;'>{''.join(pics)}</table>"
            + (settlement_html(s) if s is not None else refusal))


__all__ = [
    "ROUNDS", "default_wagers", "decision_amount", "settlement_html", "Step", "Round", "deal_round",
    "option_values", "nh_option_values", "nh_path_wagered", "BankedDealWidget", "house_edge_report", "PayWidget", "edge_html",
    "compare_html", "CompareWidget", "strategy_html", "StrategyWidget", "returns_frame", "plot_returns",
    "plot_decision_ev", "plot_nh_starting_hands", "analysis_of", "strategy_hands", "limits_frame",
    "pay_table_frame", "example_html",
]
