"""Widgets for the banked table games: a stepped sample round, the pay desk with a pay-table
editor, a player-against-dealer comparison, and the strategy card.

Every widget is generic over the three banked games (``crazy4``, ``three-card-6bonus``,
``nh-holdem``): limits, equal-wager rules (RULINGS R22), qualifiers, pay tables and caps are read
from the game's declaration (:mod:`gamelib.games.banked`); results, reasons and refusals come
from :meth:`gamelib.engine.banked.BankedGameEngine.settle`; the right play and its expected values come
from the game's strategy object; house edges from ``analyze(with_pay_table(...))``. The only
thing written here per game is nothing: the rounds (which cards are shown, which decisions are made, in order) and the
hands judged are the declaration's too.

>>> r = deal_round("three-card-6bonus", seed=7)
>>> [s.kind for s in r.steps]
['cards', 'decision', 'cards', 'settlement']
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction

import ipywidgets as widgets

from ... import rankings
from ...amounts import exact_pays
from ...analysis.banked.nh import nh_option_values, nh_path_wagered  # noqa: F401
from ...analysis.banked.nh_strategy import NHStrategy
from ...cards import Deck, format_cards, parse_cards
from ...engine.banked import BankedGameEngine, Settlement
from ...errors import GameError, shown
from ...games.banked import BankedGame, dealer_qualifying_value
from .. import controls
from ..cards import hand_html
from ..explorer import compare
from ..messages import badge, error_html

# The rest of the banked widgets, re-exported here for the book.
from .common import (  # noqa: F401
    COMPARE_EXAMPLES,
    PAY_EXAMPLES,
    STRATEGY_EXAMPLES,
    analysis_of,
    banked_game_of,
    decision_amount,
    default_wagers,
    example_key,
    sample_cards,
    settlement_html,
    signed_units,
)
from .figures import (  # noqa: F401
    example_html,
    limits_frame,
    pay_table_frame,
    plot_decision_ev,
    plot_nh_starting_hands,
    plot_returns,
    returns_frame,
)
from .round import BankedDealWidget, Round, Step, deal_round, option_values  # noqa: F401


# ---- the pay desk and the pay-table editor ---------------------------------------------------
def house_edge_report(game: BankedGameEngine, wager: str) -> dict[str, Fraction | None]:
    """The analysis figures a pay table moves: the return of its own wager, and for a table of
    the main game the main game's house edge and element of risk (else the wager's own edge).

    >>> from gamelib import get_game
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

    def __init__(self, game_key: str | BankedGameEngine, wager_table: str | None = None) -> None:
        self.game_key = game_key
        self.game = banked_game_of(game_key)
        decl = self.game.declaration
        bets, hands = PAY_EXAMPLES.get(example_key(game_key)) or (
            {**default_wagers(game_key), **{d.wager: decision_amount(self.game, d.wager, "1x", default_wagers(game_key))
                                           for d in decl.decisions}}, sample_cards(game_key))
        labels = {w.key: f"{w.name} ({w.limits_text()})" for w in decl.wagers}
        label_em = max(14.0, 1 + 0.55 * max(len(t) for t in labels.values()))  # every label whole, never cut off
        style = {"description_width": f"{label_em:g}em"}
        self.wager_inputs = {
            w.key: widgets.IntText(value=bets.get(w.key, 0), description=labels[w.key], style=style,
                                   layout=widgets.Layout(width=f"{label_em + 10:g}em", max_width="100%"))
            for w in decl.wagers
        }
        self.card_inputs = {
            who: widgets.Text(value=hands.get(who, ""), description=f"{who} ({n} cards)", style=style,
                              layout=widgets.Layout(width=f"{label_em + 16:g}em", max_width="100%"))
            for who, n in decl.deal.items()
        }
        self.settle_button = controls.button("Settle", primary=True)
        self.result = widgets.HTML()
        self.settle_button.on_click(lambda _: self.settle())
        note = ("<p style='margin:4px 0;'><i>Decision wagers (" + html.escape(", ".join(
            w.name for w in decl.wagers if w.decision)) + ") carry the player's choice: 0 is a fold.</i></p>")
        # pay-table editor
        tables = [t.key for t in decl.pay_tables]
        self.table_choice = widgets.Dropdown(options=tables, value=wager_table or tables[-1], description="Pay table")
        self.pay_box = widgets.VBox()
        self.recompute_button = controls.button("Recompute house edge", primary=True)
        self.reset_button = controls.button("Reset to the filed table")
        self.edge = widgets.HTML()
        self.table_choice.observe(lambda _: self._load_table(), names="value")
        self.recompute_button.on_click(lambda _: self.recompute())
        self.reset_button.on_click(lambda _: self._load_table())
        super().__init__([
            widgets.HTML("<b>Wagers</b>"), *self.wager_inputs.values(), widgets.HTML(note),
            widgets.HTML("<b>Cards</b>"), *self.card_inputs.values(), self.settle_button, self.result,
            widgets.HTML("<b>Pay-table editor</b>"), self.table_choice, self.pay_box,
            controls.row([self.recompute_button, self.reset_button]), self.edge,
        ])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
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
            self.result.value = error_html("Refused", err)
            return None
        self.result.value = settlement_html(s)
        return s

    def _load_table(self) -> None:
        decl = self.game.declaration
        table = decl.pay_table(self.table_choice.value)
        self.pay_inputs = {
            line.outcome: widgets.Text(value=str(line.pays), description=line.outcome,
                                       style={"description_width": "16em"}, layout=widgets.Layout(width="24em"))
            for line in table.lines
        }
        self.pay_box.children = [widgets.HTML(f"<i>{html.escape(decl.hand(table.hand).words)}; "
                                              "pays to 1 (fractions such as 3/2 allowed)</i>"),
                                 *self.pay_inputs.values()]
        self.recompute()

    def set_pays(self, pays: Mapping[str, object]) -> None:
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
            self.edge.value = error_html("Refused", err)
            return None
        try:
            edited = self.game.with_pay_table(wager, pays)
            new = house_edge_report(edited, wager)
        except GameError as err:
            self.edge.value = error_html("Refused", err)
            return None
        old = house_edge_report(self.game, wager)
        self.edge.value = edge_html(self.game.declaration.pay_table(wager).name, old, new)
        return new


def edge_html(wager: str, filed: Mapping[str, Fraction | None], edited: Mapping[str, Fraction | None]) -> str:
    """The filed and edited figures side by side; ``wager`` is the printed name of the edited table.

    >>> "house edge" in edge_html("x", {"return": Fraction(-1, 10), "house edge": Fraction(1, 10)},
    ...                           {"return": Fraction(0), "house edge": Fraction(0)})
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
def compare_html(game_key: str | BankedGameEngine, hands: list[str]) -> str:
    """Two or more hands in the game's ranking: who wins and why, and whether the dealer qualifies.

    >>> "does not qualify" in compare_html("three-card-6bonus", ["9h 9d 3c", "Jh 8d 4c"])
    True
    """
    game = banked_game_of(game_key)
    decl = game.declaration
    c = compare(decl.system, hands)
    dealer_game = decl.qualifier is not None
    labels = ["Player", "Dealer"] if dealer_game and len(hands) == 2 else [f"Hand {i + 1}" for i in range(len(hands))]
    rows = []
    for label, h in zip(labels, c.hands, strict=True):
        won = (badge("wins")
               if h.wins and len(c.winners) < len(c.hands) else "")
        rows.append(f"<tr><td style='padding:4px 8px;font-weight:bold;'>{label}</td>"
                    f"<td style='padding:4px 8px;'>{hand_html(list(h.cards), highlight=set(h.best) or None)}</td>"
                    f"<td style='padding:4px 8px;'>{html.escape(h.description)}</td><td>{won}</td></tr>")
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
        ok = c.hands[1].value >= dealer_qualifying_value(decl)
        notes.append(f"The dealer {'qualifies' if ok else 'does not qualify'} (needs {decl.qualifier.words}).")
    return (f'<table style="border-collapse:collapse;">{"".join(rows)}</table>'
            + "".join(f"<p style='margin:4px 0;'><b>{html.escape(n)}</b></p>" for n in notes))


def _two_hands(decl: BankedGame) -> list[str]:
    """Two seeded hands of the player's size from one deck: the opening of a comparison for a
    game the chapters give no example of."""
    deck = Deck(1)
    n = sum(decl.deal[g] for g in decl.hand(decl.main_hand).cards)
    return [format_cards(deck.deal(n)), format_cards(deck.deal(n))]


class DealerCompareWidget(widgets.VBox):  # type: ignore[misc]
    """Enter the player's and the dealer's hands (or two hands) in the game's ranking; see who
    wins, why, and whether the dealer qualifies.

    >>> w = DealerCompareWidget("crazy4")
    >>> "Player" in w.result.value
    True
    """

    def __init__(self, game_key: str | BankedGameEngine, hands: list[str] | None = None) -> None:
        self.game_key = game_key
        decl = banked_game_of(game_key).declaration
        example = hands or COMPARE_EXAMPLES.get(example_key(game_key)) or _two_hands(decl)
        who = "player's and dealer's" if decl.qualifier is not None else "players'"
        self.hands = widgets.Textarea(value="\n".join(example), description="Hands",
                                      placeholder=f"the {who} hands, one per line",
                                      layout=widgets.Layout(width="30em", height="5em"))
        self.button = controls.button("Compare", primary=True)
        self.result = widgets.HTML()
        self.button.on_click(lambda _: self.refresh())
        system = rankings.system(decl.system).title
        super().__init__([widgets.HTML(f"<i>Ranking: {html.escape(system)}; "
                                       f"{html.escape(who)} hands, one per line.</i>"),
                          self.hands, self.button, self.result])
        self.refresh()

    def refresh(self) -> None:
        """Compare the hands in the box (refusals shown with the engine's message)."""
        lines = [ln for ln in self.hands.value.splitlines() if ln.strip()]
        try:
            self.result.value = compare_html(self.game_key, lines)
        except GameError as err:
            self.result.value = error_html("Refused", err)


# ---- the strategy card -----------------------------------------------------------------------
def strategy_hands(game_key: str | BankedGameEngine) -> tuple[str, ...]:
    """The hands the player has seen at the game's last decision (what the strategy reads).

    >>> strategy_hands("nh-holdem")
    ('hole', 'community')
    """
    return banked_game_of(game_key).declaration.decisions[-1].seen


def strategy_html(game_key: str | BankedGameEngine, hands: Mapping[str, str], wagered: str = "") -> str:
    """The right play for a hand and the expected result of each option, from the game's strategy.

    NH Hold'em answers for the situation given: the cards seen and ``wagered``, the units of ante
    already bet, ante included (blank: what the strategy itself would have bet on the way). A
    table gives every option's value for every amount that can be in at this point.

    >>> "raise" in strategy_html("three-card-6bonus", {"player": "Qs 6d 4h"})
    True
    >>> "The right play: <b>3x</b>" in strategy_html("nh-holdem", {"hole": "7s 2d", "community": "7h 7c"}, "3")
    True
    """
    game = banked_game_of(game_key)
    strategy = analysis_of(game).strategy
    seen = strategy_hands(game_key)
    args = [parse_cards(hands[h], what=f"{h} cards") if hands.get(h, "").strip() else [] for h in seen]
    if len(game.declaration.decisions) > 1:
        return _streets_strategy_html(game, strategy, args[0], args[1] if len(args) > 1 else [], wagered)
    play = strategy.play_for(*args)
    options = option_values(strategy, args)
    cards = [c for a in args for c in a]
    pics = hand_html(cards) if cards else ""
    rows = "".join(
        f"<tr><td style='padding:3px 10px;'>"
        f"{'<b>' if k == play else ''}{html.escape(k)}{'</b>' if k == play else ''}</td>"
        f"<td style='padding:3px 10px;text-align:right;'>{signed_units(v)}</td></tr>" for k, v in options.items())
    table = (f"<table style='border-collapse:collapse;'><tr><th style='padding:3px 10px;'>option</th>"
             f"<th style='padding:3px 10px;'>expected result (antes)</th></tr>{rows}</table>") if rows else ""
    return f"{pics}<p style='margin:4px 0;'>The right play: <b>{html.escape(play)}</b></p>{table}"


def _streets_strategy_html(game: BankedGameEngine, strategy: NHStrategy, hole: list[int], community: list[int],
                           wagered: str) -> str:
    """The strategy card of a game decided street by street (New Hampshire Hold'em): the right
    play for the amount already wagered, and every option's value for every amount possible."""
    td = "style='padding:3px 10px;'"
    tdr = "style='padding:3px 10px;text-align:right;'"
    street = len(community)
    amounts = strategy.wagered_amounts(street)
    strategy.path_wagered(hole, community)  # checks the cards
    text = wagered.strip()
    if text:
        if not (text.isascii() and text.isdigit()) or len(text) > 3:
            raise GameError(f"units already wagered must be a whole number, ante included "
                            f"({amounts[0]} to {amounts[-1]} here), not {text[:20]!r}")
        given = int(text)
        strategy.play_for(hole, community, given)  # refuses an amount that cannot be in now
        units: int | None = given
        source = f"with {given} unit{'s' if given > 1 else ''} of the ante wagered"
    else:
        units = strategy.path_wagered(hole, community) if community else 1
        source = "" if units is None else (f"with {units} unit{'s' if units > 1 else ''} of the ante wagered, "
                                           "as the strategy itself would have bet")
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
        cells = "".join(f"<td {tdr}>{'<b>' if k == play else ''}{signed_units(v)}{'</b>' if k == play else ''}</td>"
                        for k, v in options.items())
        mark = " style='background:#fff6d5;'" if w == units else ""
        rows.append(f"<tr{mark}><td style='padding:3px 10px;'>{w}</td>{cells}<td {td}>{html.escape(play)}</td></tr>")
    header = "".join(f"<th {td}>{k}</th>" for k in ("units wagered", *strategy.CHOICES, "right play"))
    table = (f"<p style='margin:4px 0;'>Expected result in antes, best play afterwards, for every amount that can "
             f"be in before the {game.declaration.decisions[street].wager} card:</p>"
             f"<table style='border-collapse:collapse;'><tr>{header}</tr>{''.join(rows)}</table>")
    return f"{pics}{head}{table}"


class StrategyWidget(widgets.VBox):  # type: ignore[misc]
    """Enter a hand; see the right play and the expected value of each option (NH Hold'em: also
    the units already wagered; blank for what the strategy itself would have bet).

    >>> w = StrategyWidget("crazy4")
    >>> "The right play" in w.result.value
    True
    """

    def __init__(self, game_key: str | BankedGameEngine, hands: Mapping[str, str] | None = None,
                 wagered: str = "") -> None:
        self.game_key = game_key
        game = banked_game_of(game_key)
        example = dict(hands or STRATEGY_EXAMPLES.get(example_key(game_key)) or sample_cards(game_key))
        self.inputs = {
            who: widgets.Text(value=example.get(who, ""), description=f"{who} cards",
                              style={"description_width": "10em"}, layout=widgets.Layout(width="26em"))
            for who in strategy_hands(game_key)
        }
        self.wagered = widgets.Text(value=str(wagered), description="units wagered", placeholder="as the strategy bet",
                                    style={"description_width": "10em"}, layout=widgets.Layout(width="26em"))
        self.button = controls.button("Advise", primary=True)
        self.result = widgets.HTML()
        self.button.on_click(lambda _: self.refresh())
        summary = html.escape(analysis_of(game).strategy.summary())
        self.summary = widgets.HTML("<details><summary>The whole strategy in words</summary>"
                                    f"<p style='white-space:pre-wrap'>{summary}</p></details>")
        boxes = [*self.inputs.values()] + ([self.wagered] if len(game.declaration.decisions) > 1 else [])
        super().__init__([*boxes, self.button, self.result, self.summary])
        self.refresh()

    def refresh(self) -> None:
        """Advise on the hand in the boxes (refusals shown with the engine's message)."""
        try:
            self.result.value = strategy_html(self.game_key, {k: t.value for k, t in self.inputs.items()},
                                              self.wagered.value)
        except (GameError, ValueError) as err:
            self.result.value = error_html("Refused", err)


__all__ = [
    "default_wagers", "decision_amount", "settlement_html", "Step", "Round", "deal_round",
    "option_values", "nh_option_values", "nh_path_wagered", "BankedDealWidget", "house_edge_report", "PayWidget",
    "edge_html",
    "compare_html", "DealerCompareWidget", "strategy_html", "StrategyWidget", "returns_frame", "plot_returns",
    "plot_decision_ev", "plot_nh_starting_hands", "analysis_of", "strategy_hands", "limits_frame",
    "pay_table_frame", "example_html",
]
