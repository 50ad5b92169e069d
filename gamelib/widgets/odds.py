"""The odds widget of the pot-game chapters: type the hands (and the board), press **Odds**.

``OddsWidget(key, hands=..., board=..., boards=..., dead=..., draws=...)`` asks
``gamelib.analysis.odds.odds`` and shows, for each seat, its chance to win or tie each portion
of the pot, its share of the pot on average (equity) and its chance to scoop, with the method
used (exact over every deal, or sampled with a seed and a standard error: a sample with the
automatic player drawing deal by deal stops once the standard error is ``WIDGET_SE``, or
at the work limit ``WIDGET_WORK``, whichever comes first, stating the standard error reached). In a draw game a
**Draws** box takes each seat's draw for the next draw: the cards it throws, ``pat``, or
``auto`` (gamelib's automatic player). In a game with a discard (Super Razzdugi, R15) a
**Discards** box takes the down cards a seat throws, its hand then being the cards dealt before
the discard (an empty line: the hand is given as kept after it). The widget holds no rule of
its own.

``odds_html(result)`` is the same picture for a chapter's worked example, and
``odds_figures(result)`` the figures a chapter's prose pastes in with glue.

>>> w = OddsWidget("badugi", hands=["As 2d 3h Kh", "2c 4d 6h 8s"], draws=["Kh", "pat"])
>>> "exact, 44 deals" in w.result.value
True
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, SupportsFloat

import ipywidgets as widgets

from ..analysis.odds import Odds, odds
from ..engine.pot_game import PotGameEngine
from ..engine.registry import get_game
from ..errors import GameError, shown
from . import controls
from .cards import hand_html
from .figures import slug
from .messages import error_html

_TD = 'style="padding:3px 8px;vertical-align:middle;"'
_TD_NUM = 'style="padding:3px 8px;vertical-align:middle;text-align:right;white-space:nowrap;"'
_TH = 'style="padding:3px 8px;text-align:left;border-bottom:1px solid #888;"'
_TH_NUM = 'style="padding:3px 8px;text-align:right;border-bottom:1px solid #888;vertical-align:bottom;"'

#: The words for the automatic player's draw (a random hand's words are ``odds``'s own, ``RANDOM_WORDS``).
AUTO_WORDS = ("auto", "")
#: The standard error at which a sample with the automatic player drawing deal by deal stops
#: (``odds``'s ``target_se``): an answer within a reader's wait, its standard error shown with it.
WIDGET_SE = 0.01
#: The most work such a sample may do (``odds``'s ``max_work``: rows the automatic player scores,
#: counted the same on every machine, so a seed gives the same answer anywhere): about 60-80 ms
#: of CPU on the book's 2-core server, so every question answers within 100 ms; a sample stopped
#: by it states the standard error it reached (and a note says it stopped there).
WIDGET_WORK = 2_800_000


def _pct(x: SupportsFloat) -> str:
    return f"{100 * float(x):.2f}%"


def odds_html(result: Odds) -> str:
    """A result of ``odds`` as HTML: a row per seat (its cards, equity, scoop, each portion's win
    and tie), then how it was found.

    >>> "equity" in odds_html(odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"]))
    True
    """
    # Narrow enough for a book page beside five cards: the seat above its cards, and each portion's
    # win and tie on two lines of one cell.
    head = "".join(f"<th {_TH_NUM}>{html.escape(name)}</th>" for name in result.portions)
    rows = []
    for p in result.players:
        cards = "<i>random hand</i>" if p.random else hand_html(list(p.cards))
        draw = f"<br><small>{html.escape(p.draw)}</small>" if p.draw else ""
        cells = "".join(f"<td {_TD_NUM}>win {_pct(q.win)}<br><small>tie {_pct(q.tie)}</small></td>"
                        for q in p.portions)
        rows.append(f"<tr><td {_TD}><b>Seat {p.seat}</b><br>{cards}{draw}</td>"
                    f"<td {_TD_NUM}><b>{_pct(p.equity)}</b></td><td {_TD_NUM}>{_pct(p.scoop)}</td>{cells}</tr>")
    notes = "".join(f"<li>{html.escape(n)}</li>" for n in result.notes)
    return (f'<table style="border-collapse:collapse;"><tr><th {_TH}>seat and cards</th>'
            f"<th {_TH_NUM}>equity<br><small>share of the pot</small></th><th {_TH_NUM}>scoop</th>{head}</tr>"
            + "".join(rows) + "</table>"
            + f'<p style="margin:4px 0;"><small>{html.escape(result.title)}: {html.escape(result.method)}.</small></p>'
            + (f'<ul style="margin:4px 0;"><small>{notes}</small></ul>' if notes else ""))


def odds_figures(result: Odds, digits: int = 1) -> dict[str, str]:
    """The figures of a result for a chapter's prose (``glue_figures``): ``method``, ``deals``,
    and per seat ``seatN-equity``, ``seatN-scoop``, ``seatN-<portion>-win`` and ``-tie`` as
    percentages rounded to ``digits`` places, and ``seatN-<portion>-share`` (of the pot).

    >>> f = odds_figures(odds("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""]))
    >>> f["method"], f["deals"], f["seat0-equity"], f["seat1-badugi-win"]
    ('exact, 44 deals', '44', '11.4%', '88.6%')
    """
    def pct(x: SupportsFloat) -> str:
        return f"{100 * float(x):.{digits}f}%"

    out = {"method": result.method, "deals": f"{result.deals:,}"}
    for p in result.players:
        out[f"seat{p.seat}-equity"] = pct(p.equity)
        out[f"seat{p.seat}-scoop"] = pct(p.scoop)
        for q in p.portions:
            name = slug(q.name)
            out[f"seat{p.seat}-{name}-win"] = pct(q.win)
            out[f"seat{p.seat}-{name}-tie"] = pct(q.tie)
            out[f"seat{p.seat}-{name}-share"] = pct(q.share)
    return out


class OddsWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """Type the hands of a pot game (``random`` for an unknown hand), the board(s), dead cards
    and, in a draw game, each seat's draw; press **Odds** (see the module docstring).

    >>> w = OddsWidget("big-o", hands=["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], board="7h 8h 9c")
    >>> w.last.deals, w.last.exact
    (741, True)
    """

    def __init__(self, game: str | PotGameEngine, hands: Sequence[str] | None = None, board: str = "",
                 boards: Sequence[str] | None = None, dead: str = "", draws: Sequence[str] | None = None,
                 draws_to_come: int | None = None, seed: int = 0) -> None:
        engine = get_game(game) if isinstance(game, str) else game
        if not isinstance(engine, PotGameEngine):
            raise GameError(f"{shown(game)} is not a pot game; the pot games are listed in gamelib.POT_GAMES")
        self.game = engine.declaration
        g = self.game
        self.hands = widgets.Textarea(
            value="\n".join(hands or ["random"] * 2), description="Hands",
            placeholder="one hand per line, seat 0 first: the cards known so far, or 'random'",
            layout=widgets.Layout(width="34em", height="6em"))
        given = list(boards) if boards is not None else [board]
        self.boards = [widgets.Text(value=given[b] if b < len(given) else "",
                                    description="Board" if g.boards == 1 else f"Board {b + 1}",
                                    placeholder="the cards out so far (none before the flop)")
                       for b in range(g.boards)]
        self.dead = widgets.Text(value=dead, description="Dead", placeholder="cards out of play (optional)")
        self.discards = not g.draws and any(s.discard for s in g.streets)
        self.draws = widgets.Textarea(
            value="\n".join(draws or []), description="Discards" if self.discards else "Draws",
            placeholder=("one line per seat: the down cards it discards (its hand: the cards before the "
                         "discard, up card last), or empty" if self.discards
                         else "one line per seat: the cards thrown, 'pat', or 'auto'"),
            layout=widgets.Layout(width="34em", height="5em"))
        self.draws_to_come = widgets.BoundedIntText(
            value=draws_to_come if draws_to_come is not None else (1 if draws else 0), min=0, max=g.draws,
            description="Draws left")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed",
                                           tooltip="the seed of a sampled answer")
        self.go_button = controls.button("Odds", primary=True)
        self.result = widgets.HTML()
        self.last: Odds | None = None
        self.go_button.on_click(lambda _: self.refresh())
        draw_boxes = [self.draws, self.draws_to_come] if g.draws else [self.draws] if self.discards else []
        super().__init__([widgets.HTML(f"<b>{html.escape(g.title)}</b>: the odds"), self.hands, *self.boards,
                          self.dead, *draw_boxes, controls.row([self.seed, self.go_button]), self.result])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.refresh()

    def question(self) -> dict[str, Any]:
        """The boxes as ``odds`` arguments (refuses a draws box that does not fit the hands).

        >>> OddsWidget("badugi", hands=["As 2d 3h Kh", "random"]).question()["hands"]
        ['As 2d 3h Kh', 'random']
        """
        hands = [x.strip() for x in self.hands.value.splitlines() if x.strip()]
        kw: dict[str, Any] = {"hands": hands, "dead": self.dead.value or None, "seed": int(self.seed.value)}
        if self.game.boards == 1:
            kw["board"] = self.boards[0].value
        elif self.game.boards > 1:
            kw["boards"] = [b.value for b in self.boards]
        if self.game.draws or self.discards:
            draws = [x.strip() for x in self.draws.value.splitlines()]
            while draws and not draws[-1]:
                draws.pop()
            if len(draws) > len(hands):
                raise GameError(f"the draws box has {len(draws)} lines for {len(hands)} hands: one line per seat")
            words = [None if d.lower() in AUTO_WORDS else d for d in draws]
            words += [None] * (len(hands) - len(words))
            left = int(self.draws_to_come.value) if self.game.draws else 0
            if self.game.draws:
                kw["draws_to_come"] = left
            if (left or self.discards) and any(w is not None for w in words):
                kw["discards"] = words
        return kw

    def refresh(self) -> None:
        """Compute the odds of the question in the boxes and draw them."""
        try:
            self.last = odds(self.game, **self.question(), target_se=WIDGET_SE, max_work=WIDGET_WORK)
        except GameError as err:
            self.last = None
            self.result.value = error_html("Cannot compute the odds", err)
            return
        self.result.value = odds_html(self.last)


__all__ = ["OddsWidget", "odds_html", "odds_figures", "WIDGET_SE", "WIDGET_WORK"]
