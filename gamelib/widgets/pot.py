"""Widgets for the pot games: a sample deal street by street, a showdown comparer, a pot payer.

All three work for any key of ``gamelib.POT_GAMES`` and read everything from the game's
declaration and engine (``gamelib.get_game``) and from ``gamelib.engine.walkthrough``: the
streets, the portions, the showdown, the odd chips. The widgets hold no rule of their own.

* ``DealWidget(key, players, seed)``: one automatic hand, shown street by street ("Next
  street", "Restart"), each hand pictured with its value in words for every portion, and at the
  end who wins each portion and the dollars each seat receives from a pot you choose.
* ``CompareWidget(key)``: type the hands (and the board or boards) and see each portion's
  winners and why.
* ``PotPayWidget(key)``: type the hands, the pots (main and side pots with their eligible
  seats) and the button; see the dollars to each seat with the odd chips explained.

The pictures are also public, for a chapter's worked examples: ``showdown_html`` (a judged showdown: values,
winners, reasons), ``pay_html`` (how the pots are paid) and ``paid_showdown_html`` (a showdown
typed as a game key and hands, with the dollars each seat receives from one pot). A chapter's
worked showdown, pictured and its figures glued for the prose, is ``worked_showdown``.

Each widget opens on a computed example, so the saved state is meaningful in the static book.

>>> w = CompareWidget("badugi", hands=["As 2d 3h 4c", "Ks Qd Jh Tc"])
>>> "seat 0 wins the badugi" in w.result.value
True
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from typing import Any

import ipywidgets as widgets

from ..cards import CardsLike, format_cards
from ..engine.payouts import PayExplanation, explain_award, parse_pots, sample_deal
from ..engine.pot_game import PotGameEngine
from ..engine.registry import get_game
from ..engine.showdown import SPLIT_NAME, Showdown, qualifier_value
from ..engine.walkthrough import Walkthrough, hand_words
from ..errors import GameError, shown
from ..games.vocabularies import NamedQualifier
from ..rankings import best_hand, describe
from ..rankings import system as ranking_system
from . import controls
from .cards import hand_html
from .figures import display_html, glue_figures, showdown_figures
from .messages import badge, error_html

_TD = 'style="padding:3px 8px;vertical-align:middle;"'
_TD_NOWRAP = 'style="padding:3px 8px;vertical-align:middle;white-space:nowrap;"'
_TH = 'style="padding:3px 8px;text-align:left;border-bottom:1px solid #888;"'


def _engine(game: str | PotGameEngine) -> PotGameEngine:
    eng = get_game(game) if isinstance(game, str) else game
    if not isinstance(eng, PotGameEngine):
        raise GameError(f"{shown(game)} is not a pot game; the pot games are listed in gamelib.POT_GAMES")
    return eng


def _cards_html(down: Sequence[int], up: Sequence[int] = (), four_color: bool = False) -> str:
    out = hand_html(list(down), four_color=four_color) if down else ""
    if up:
        out += ' <span style="color:#666;">up</span> ' + hand_html(list(up), four_color=four_color)
    return out


def _boards_html(boards: Sequence[Sequence[int]], four_color: bool = False) -> str:
    parts = []
    for b, cards in enumerate(boards):
        name = "Board" if len(boards) == 1 else f"Board {b + 1}"
        shown = hand_html(list(cards), four_color=four_color) if cards else "<i>not dealt yet</i>"
        parts.append(f'<p style="margin:4px 0;"><b>{name}:</b> {shown}</p>')
    return "".join(parts)


def showdown_html(sd: Showdown, four_color: bool = False) -> str:
    """A showdown as HTML: each seat's cards and value per portion, the winners badged, the reasons.

    >>> sd = get_game("badacey").showdown(["As 2d 3h 4c 9s", "Ks Qd Jh Tc 8h"])
    >>> "seat 0 wins the badugi" in showdown_html(sd)
    True
    """
    g = sd.game
    head = "".join(f"<th {_TH}>{html.escape(p.name)}</th>" for p in g.portions)
    rows = []
    winners = {p.name: set(p.winners) for p in sd.portions if p.share}
    for s, cards in enumerate(sd.hands):
        if cards is None:
            rows.append(f"<tr><td {_TD}><b>Seat {s}</b></td><td {_TD}><i>folded</i></td>"
                        + "".join(f"<td {_TD}></td>" for _ in g.portions) + "</tr>")
            continue
        cells = []
        for p, words in zip(g.portions, hand_words(g, cards, sd.boards), strict=True):
            won = " " + badge("wins") if s in winners.get(p.name, set()) else ""
            cells.append(f"<td {_TD}>{html.escape(words or '')}{won}</td>")
        rows.append(f"<tr><td {_TD}><b>Seat {s}</b></td><td {_TD_NOWRAP}>"
                    f"{hand_html(cards, four_color=four_color)}</td>{''.join(cells)}</tr>")
    reasons = "".join(f"<li>{html.escape(r)}</li>" for r in sd.reasons)
    return (_boards_html(sd.boards, four_color)
            + f'<table style="border-collapse:collapse;"><tr><th {_TH}>seat</th><th {_TH}>cards</th>{head}</tr>'
            + "".join(rows) + "</table>"
            + f'<ul style="margin:6px 0;">{reasons}</ul>')


def pay_html(e: PayExplanation) -> str:
    """How the pots are paid, as HTML: a row per portion of each pot, then each seat's total.

    >>> from gamelib.engine.payouts import explain_award
    >>> sd = get_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s"])
    >>> "odd dollar" in pay_html(explain_award(sd, [(5, [0, 1])], button=0))
    True
    """
    rows = []
    for line in e.lines:
        paid = ", ".join(f"seat {s} ${x}" for s, x in line.paid)
        share = "" if line.portion == SPLIT_NAME else f" ({line.share})"
        rows.append(
            f"<tr><td {_TD}>{html.escape(line.pot_name)} ${line.pot_amount}</td>"
            f"<td {_TD}>{html.escape(line.portion)}{share}</td><td {_TD}>${line.dollars}</td>"
            f"<td {_TD}>{html.escape(paid)}</td>"
            f"<td {_TD}>{html.escape(line.reason)}"
            + (f"<br><small>{html.escape(line.note)}</small>" if line.note else "") + "</td></tr>")
    totals = ", ".join(f"seat {s}: <b>${x}</b>" for s, x in enumerate(e.totals))
    return (f'<table style="border-collapse:collapse;"><tr><th {_TH}>pot</th><th {_TH}>portion</th>'
            f"<th {_TH}>dollars</th><th {_TH}>paid to</th><th {_TH}>why</th></tr>{''.join(rows)}</table>"
            f'<p style="margin:6px 0;"><b>Each seat receives:</b> {totals}</p>')


def _portion_cell(sd: Showdown, k: int, seat: int) -> str:
    p = sd.game.portions[k]
    v = sd.values[k][seat]
    if v is None:
        return ""
    if v < qualifier_value(p.system, p.qualifier) or v == 0 and p.qualifier:
        return ("no qualifying low" if p.qualifier == NamedQualifier.LOW8
                else f"does not qualify ({describe(p.system, v)})")
    return describe(p.system, v)


def _best(sd: Showdown, k: int, seat: int) -> set[int]:
    p = sd.game.portions[k]
    cards = sd.hands[seat]
    if cards is None:  # a folded seat plays no cards
        return set()
    try:
        if ranking_system(p.system).uses_board:
            return set(best_hand(p.system, cards, sd.boards[p.board]))
        return set(best_hand(p.system, cards))
    except GameError:
        return set()


def _one_row(cards: Sequence[int], highlight: set[int]) -> str:
    """A hand drawn slightly smaller and on one line, so a seven-card hand fits a table cell."""
    row = hand_html(list(cards), highlight=highlight or None)
    return f'<span style="font-size:0.8em;">{row}</span>'


def paid_showdown_html(game: str | PotGameEngine, hands: Sequence[CardsLike | None], pot: int,
                       board: CardsLike | None = None, boards: Sequence[CardsLike] | None = None, button: int = 0,
                       show_best: int | None = 0) -> str:
    """A showdown as a pictured table: each seat's cards, its hand in each portion, the winners
    of each portion and the dollars each seat receives from a pot of ``pot`` (R5-R7). Unlike
    ``showdown_html``, it starts from the game's key and the typed hands and ends with the money.

    ``show_best`` is the portion whose playing cards are raised in the pictures (``None``: none).

    >>> out = paid_showdown_html("stud8", ["Ac 2d 3h 4s 6c Kd Ks", "Qc Qd Qh 9s 8c 7d 2s"], 21)
    >>> "$11" in out and "$10" in out
    True
    """
    g = _engine(game).declaration
    sd = Showdown(g, hands, board=board, boards=boards)
    paid = sd.award(pot, button)
    head = "".join(f"<th>{html.escape(p.name)}</th>" for p in g.portions)
    rows = []
    for s, cards in enumerate(sd.hands):
        if cards is None:
            rows.append(f"<tr><td style=\"padding:3px 8px;\">seat {s}</td><td>folded</td>"
                        + "<td></td>" * len(g.portions) + "<td style=\"text-align:right;\">$0</td></tr>")
            continue
        hl = _best(sd, show_best, s) if show_best is not None else set()
        cells = []
        for k, _ in enumerate(g.portions):
            won = any(pr.name == g.portions[k].name and s in pr.winners and pr.share for pr in sd.portions)
            text = html.escape(_portion_cell(sd, k, s))
            cells.append(f"<td style=\"padding:3px 8px;{'font-weight:bold;' if won else ''}\">{text}"
                         + (" ✔" if won else "") + "</td>")
        rows.append(f"<tr><td style=\"padding:3px 8px;white-space:nowrap;\">seat {s}</td>"
                    f"<td style=\"padding:3px 8px;white-space:nowrap;\">{_one_row(cards, hl)}</td>"
                    + "".join(cells)
                    + f"<td style=\"padding:3px 8px;text-align:right;font-weight:bold;\">${paid[s]}</td></tr>")
    bds = ""
    for b, cards in enumerate(sd.boards):
        name = "Board" if len(sd.boards) == 1 else f"Board {b + 1}"
        bds += f"<p style=\"margin:4px 0;\"><b>{name}:</b> {hand_html(cards)}</p>"
    reasons = "".join(f"<li>{html.escape(r)}</li>" for r in sd.reasons)
    return (f"{bds}<table style=\"border-collapse:collapse;\"><tr><th>seat</th><th>cards</th>{head}"
            f"<th>receives</th></tr>{''.join(rows)}</table>"
            f"<p style=\"margin:4px 0;\">Pot ${pot:,}, button seat {button}:</p><ul>{reasons}</ul>")


def worked_showdown_of(game: str | PotGameEngine, hands: Sequence[CardsLike | None],
                       pot: int | Sequence[tuple[int, Iterable[int]]], board: CardsLike | None = None,
                       boards: Sequence[CardsLike] | None = None, button: int = 0,
                       ) -> tuple[tuple[str, ...], dict[str, str]]:
    """A chapter's worked showdown: its pictures (HTML) and its figures (``showdown_figures``).

    ``pot`` is one pot every seat shares (a whole number): one picture, the hands with the dollars
    each receives (``paid_showdown_html``). Or it is the pots with their eligible seats (a list of
    ``(amount, seats)``, the main pot first): two pictures, the showdown (``showdown_html``) and
    how each pot is paid (``pay_html``).

    >>> pictures, figures = worked_showdown_of("stud8", ["Ac 2d 3h 4s 6c Kd Ks", "Qc Qd Qh 9s 8c 7d 2s"], 21)
    >>> len(pictures), figures["seat0"], figures["seat1"], figures["high-winner"]
    (1, '$10', '$11', 'seat 1')
    """
    eng = _engine(game)
    sd = eng.showdown(hands, board=board, boards=boards)
    pots: Sequence[tuple[int, Iterable[int]]]
    pictures: tuple[str, ...]
    if isinstance(pot, Sequence):
        pots = pot
        pictures = (showdown_html(sd), pay_html(explain_award(sd, pots, button=button)))
    else:
        pots = [(pot, range(len(sd.hands)))]
        pictures = (paid_showdown_html(eng, hands, pot, board=board, boards=boards, button=button),)
    return pictures, showdown_figures(sd, pots, button)


def worked_showdown(key: str, game: str | PotGameEngine, hands: Sequence[CardsLike | None],
                    pot: int | Sequence[tuple[int, Iterable[int]]], board: CardsLike | None = None,
                    boards: Sequence[CardsLike] | None = None, button: int = 0) -> None:
    """Show a chapter's worked showdown (in a notebook; elsewhere nothing is shown) and glue its
    figures under ``key`` for the text around it: :func:`worked_showdown_of`.

    >>> worked_showdown("nolow", "stud8", ["Kc Kd Kh 9s 9c Qd Js", "Qc Qs Qh 9d 8c 7d 2s"], 20)
    """
    pictures, figures = worked_showdown_of(game, hands, pot, board=board, boards=boards, button=button)
    for picture in pictures:
        display_html(picture)
    glue_figures(key, figures)


def street_html(w: Walkthrough, index: int, four_color: bool = False) -> str:
    """The table at the end of street ``index`` of a walkthrough, as HTML.

    >>> w = Walkthrough("badugi", players=2, seed=1)
    >>> "first draw" in street_html(w, 1)
    True
    """
    v = w.streets[index]
    g = w.game
    head = "".join(f"<th {_TH}>{html.escape(p.name)}</th>" for p in g.portions)
    rows = []
    for seat in v.seats:
        if seat.folded:
            rows.append(f"<tr><td {_TD}><b>Seat {seat.seat}</b></td><td {_TD}><i>folded</i></td>"
                        + "".join(f"<td {_TD}></td>" for _ in g.portions) + "</tr>")
            continue
        words = "".join(f"<td {_TD}>{html.escape(x or '—')}</td>" for x in seat.words)
        rows.append(f"<tr><td {_TD}><b>Seat {seat.seat}</b></td><td {_TD_NOWRAP}>"
                    f"{_cards_html(seat.down, seat.up, four_color)}</td>{words}</tr>")
    hist = "<br>".join(html.escape(x) for x in v.history)
    return (f'<h4 style="margin:6px 0;">Street {index + 1} of {len(g.streets)}: {html.escape(v.name)} '
            f'(pot ${v.pot})</h4>'
            + (_boards_html(v.boards, four_color) if v.boards else "")
            + (f'<p style="margin:4px 0;"><b>Community card</b> (too few cards left for everyone, '
               f'every player uses it): {hand_html(list(v.community), four_color=four_color)}</p>'
               if v.community else "")
            + f'<table style="border-collapse:collapse;"><tr><th {_TH}>seat</th><th {_TH}>cards</th>{head}</tr>'
            + "".join(rows) + "</table>"
            + f'<details><summary>What happened on this street</summary><p style="font-family:monospace;'
            f'font-size:0.9em;">{hist}</p></details>')


class DealWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """A seeded automatic hand of a pot game, stepped street by street (see the module docstring).

    The pot box pays a pot of any size with the hand's final cards (default: the hand's own pot).

    >>> w = DealWidget("archie", players=3, seed=2)
    >>> w.next_street(); w.street
    1
    """

    def __init__(self, game: str | PotGameEngine, players: int = 4, seed: int = 1, pot: int | None = None,
                 show_all: bool = False, four_color: bool = False) -> None:
        self.engine = _engine(game)
        g = self.engine.declaration
        self.players = widgets.BoundedIntText(value=players, min=2, max=g.max_players, description="Players")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.pot = widgets.BoundedIntText(value=0, min=0, max=10**6, description="Pot $",
                                          tooltip="0 = the hand's own pot")
        self.next_button = controls.button("Next street", primary=True)
        self.restart_button = controls.button("Restart")
        self.output = widgets.HTML()
        self.result = widgets.HTML()
        self.next_button.on_click(lambda _: self.next_street())
        self.restart_button.on_click(lambda _: self.restart())
        self.pot.observe(lambda _: self._draw(), names="value")
        self.four_color = four_color
        self.walk: Walkthrough | None = None
        self.street = 0
        super().__init__([
            widgets.HTML(f"<b>{html.escape(g.title)}</b>: a sample deal. Every player checks or calls; "
                         "draws are chosen by gamelib's automatic player."),
            controls.row([self.players, self.seed, self.pot]),
            controls.row([self.next_button, self.restart_button]),
            self.output, self.result,
        ])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.restart()
        if pot is not None:
            self.pot.value = pot
        if show_all:
            self.show_all()

    def restart(self) -> None:
        """Deal again with the players and seed in the boxes, back to the first street."""
        try:
            self.walk = Walkthrough(self.engine, players=int(self.players.value), seed=int(self.seed.value))
        except GameError as err:
            self.walk = None
            self.output.value = error_html("Cannot deal", err)
            self.result.value = ""
            return
        self.street = 0
        self._draw()

    def next_street(self) -> None:
        """Show the next street (at the last street, nothing changes)."""
        if self.walk is not None and self.street < len(self.walk.streets) - 1:
            self.street += 1
        self._draw()

    def show_all(self) -> None:
        """Jump to the last street and the showdown."""
        if self.walk is not None:
            self.street = len(self.walk.streets) - 1
        self._draw()

    @property
    def at_showdown(self) -> bool:
        """True when the last street is shown (and so the showdown).

        >>> DealWidget("badugi", players=2, seed=1, show_all=True).at_showdown
        True
        """
        return self.walk is not None and self.street == len(self.walk.streets) - 1

    def _draw(self) -> None:
        w = self.walk
        if w is None:
            return
        self.next_button.disabled = self.at_showdown
        self.output.value = street_html(w, self.street, self.four_color)
        if not self.at_showdown:
            self.result.value = "<p><i>The showdown comes after the last street.</i></p>"
            return
        pot = int(self.pot.value) or w.pot
        live = [s for s in range(w.players)]
        e = explain_award(w.showdown, [(pot, live)], button=w.button)
        self.result.value = ("<h4 style=\"margin:6px 0;\">Showdown</h4>"
                             + showdown_html(w.showdown, self.four_color)
                             + f"<p>Paying a pot of <b>${pot}</b> (button: seat {w.button}):</p>"
                             + pay_html(e))


def _default_hands(engine: PotGameEngine, players: int, seed: int) -> tuple[list[str], list[str]]:
    hands, boards = sample_deal(engine.declaration, players, seed)
    return [format_cards(h) for h in hands], [format_cards(b) for b in boards]


class _ShowdownInput(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """Shared inputs: hands (one per line, ``fold`` for a folded seat) and the board(s)."""

    def __init__(self, game: str | PotGameEngine, hands: Sequence[str] | None, boards: Sequence[str] | None,
                 players: int, seed: int, extra: Sequence[Any] = (),  # Any: ipywidgets widgets (no type hints)
                 four_color: bool = False) -> None:
        self.engine = _engine(game)
        g = self.engine.declaration
        if hands is None:
            hands, dealt = _default_hands(self.engine, players, seed)
            boards = dealt if boards is None else boards
        self.hands = widgets.Textarea(
            value="\n".join(hands), description="Hands",
            placeholder=f"one {g.hole_cards}-card hand per line, seat 0 first; 'fold' for a folded seat",
            layout=widgets.Layout(width="34em", height="8em"))
        boards = list(boards or [])
        self.boards = [widgets.Text(value=boards[b] if b < len(boards) else "",
                                    description="Board" if g.boards == 1 else f"Board {b + 1}",
                                    placeholder="five cards, e.g. Qs Js 9s 4h 8c")
                       for b in range(g.boards)]
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.players = widgets.BoundedIntText(value=players, min=2, max=g.max_players, description="Players")
        self.deal_button = controls.button("Deal", tooltip="deal seeded random hands")
        self.go_button = controls.button(self._go_label, primary=True)
        self.result = widgets.HTML()
        self.four_color = four_color
        self.deal_button.on_click(lambda _: self.deal())
        self.go_button.on_click(lambda _: self.refresh())
        super().__init__([widgets.HTML(f"<b>{html.escape(g.title)}</b>"), self.hands, *self.boards, *extra,
                          controls.row([self.players, self.seed, self.deal_button]), self.go_button, self.result])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows

    _go_label = "Compare"

    def deal(self) -> None:
        """Deal seeded random hands (and boards) into the boxes, then recompute."""
        try:
            hands, boards = _default_hands(self.engine, int(self.players.value), int(self.seed.value))
        except GameError as err:
            self.result.value = error_html("Cannot deal", err)
            return
        self.hands.value = "\n".join(hands)
        for box, b in zip(self.boards, boards, strict=True):
            box.value = b
        self.seed.value = int(self.seed.value) + 1
        self.refresh()

    def showdown(self) -> Showdown:
        """The showdown of the hands and boards in the boxes (refuses bad input).

        >>> CompareWidget("archie", hands=["Ac Ad 9h 5s 2c", "fold", "As 2d 3h 4c 6d"]).showdown().live
        (0, 2)
        """
        lines = [x.strip() for x in self.hands.value.splitlines() if x.strip()]
        if len(lines) < 2:
            raise GameError("enter two or more hands, one per line")
        hands = [None if x.lower() in ("fold", "folded", "-") else x for x in lines]
        kw: dict[str, Any] = {}
        if self.engine.declaration.boards == 1:
            kw["board"] = self.boards[0].value
        elif self.engine.declaration.boards > 1:
            kw["boards"] = [b.value for b in self.boards]
        return self.engine.showdown(hands, **kw)

    def refresh(self) -> None:  # pragma: no cover - overridden
        raise NotImplementedError


class CompareWidget(_ShowdownInput):
    """Enter hands (and boards) of a pot game; see each portion's winners and why.

    >>> w = CompareWidget("27-triple-draw", hands=["7c 5d 4h 3s 2c", "8d 6h 4s 3c 2d"])
    >>> "seat 0 wins the low" in w.result.value
    True
    """

    def __init__(self, game: str | PotGameEngine, hands: Sequence[str] | None = None,
                 boards: Sequence[str] | None = None, players: int = 3, seed: int = 1,
                 four_color: bool = False) -> None:
        super().__init__(game, hands, boards, players, seed, four_color=four_color)
        self.refresh()

    def refresh(self) -> None:
        """Judge the hands in the boxes and draw the result."""
        try:
            sd = self.showdown()
        except GameError as err:
            self.result.value = error_html("Cannot judge", err)
            return
        self.result.value = showdown_html(sd, self.four_color)


class PotPayWidget(_ShowdownInput):
    """Enter hands, pots (``amount: eligible seats``, one per line) and the button; get each seat's dollars.

    >>> w = PotPayWidget("badugi", hands=["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"], pots="7: 0 1 2", button=0)
    >>> "seat 1 $4" in w.result.value
    True
    """

    _go_label = "Pay"

    def __init__(self, game: str | PotGameEngine, hands: Sequence[str] | None = None,
                 boards: Sequence[str] | None = None, pots: str | None = None, button: int = 0,
                 players: int = 3, seed: int = 1, four_color: bool = False) -> None:
        self.pots = widgets.Textarea(
            value="", description="Pots",
            placeholder="one pot per line: amount: eligible seats, e.g. 61: 0 1 2",
            layout=widgets.Layout(width="34em", height="4em"))
        self.button = widgets.BoundedIntText(value=button, min=0, max=20, description="Button seat")
        super().__init__(game, hands, boards, players, seed, extra=[self.pots, self.button],
                         four_color=four_color)
        if pots is None:
            lines = [x.strip().lower() for x in self.hands.value.splitlines() if x.strip()]
            live = [str(s) for s, x in enumerate(lines) if x not in ("fold", "folded", "-")]
            pots = f"{10 * len(lines) + 1}: " + " ".join(live)
        self.pots.value = pots
        self.refresh()

    def refresh(self) -> None:
        """Pay the pots in the boxes and draw how."""
        try:
            sd = self.showdown()
            pots = parse_pots(self.pots.value, len(sd.hands))
            e = explain_award(sd, pots, button=int(self.button.value))
        except GameError as err:
            self.result.value = error_html("Cannot pay", err)
            return
        self.result.value = showdown_html(sd, self.four_color) + pay_html(e)


__all__ = ["DealWidget", "CompareWidget", "PotPayWidget", "showdown_html", "pay_html", "paid_showdown_html",
           "worked_showdown_of", "worked_showdown", "street_html"]
