"""The par sheet in the book's tables, and the pay-table designer widget of the banked chapters.

:func:`par_sheet_frame` puts every wager's single figures side by side (the main game first);
:func:`par_sheet_html` shows that table, then each wager's distribution of net results and its
awards. :class:`PayDesignerWidget` asks which pay lines may change, to which pays, and the
house edge wanted, and lists the nearest pay tables (:func:`gamelib.analysis.pay_designer.design`).

>>> w = PayDesignerWidget("crazy4", table="super_bonus", vary={"flush": "1..10"}, target="3%")
>>> "house edge" in w.result.value and w.found is not None and int(w.found["flush"].iloc[0])
2
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...analysis.par_sheet import ParSheet, par_sheet
from ...analysis.pay_designer import candidate_pays, design, measured_wager
from ...engine.banked import BankedGameEngine, pays_text
from ...errors import GameError
from .. import controls
from ..dataframe_style import style_table
from ..messages import error_html
from .common import banked_game_of

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


#: How many wagers' figures ``par_sheet_html`` puts side by side in one table.
FIGURE_COLUMNS = 3


def par_sheet_frame(sheet: ParSheet) -> pd.DataFrame:
    """Every wager's single figures, one column per wager (the main game first), in words.

    >>> from gamelib import get_game
    >>> par_sheet_frame(par_sheet(get_game("three-card-6bonus"))).columns[:2].tolist()
    ['figure', 'Main game (Ante + Play + Ante Bonus)']
    """
    sheets = list(sheet.sheets().values())
    figures = [dict(s.figures()) for s in sheets]
    names = list(dict.fromkeys(k for f in figures for k in f))
    frame = pd.DataFrame({"figure": names})
    for s, f in zip(sheets, figures, strict=True):
        frame[s.name] = [f.get(k, "") for k in names]
    return frame


def par_sheet_html(game_key: str | BankedGameEngine, name: str | None = None) -> str:
    """A game's whole par sheet as HTML tables: the figures of the wagers side by side (a few to a
    table, ``FIGURE_COLUMNS``), then each wager's distribution of net results and its awards
    ("1 in N"); ``name`` prefixes the tables' ids (default: the game's key).

    >>> "1 in" in par_sheet_html("three-card-6bonus")
    True
    """
    game = banked_game_of(game_key)
    sheet = par_sheet(game)
    prefix = name or game.declaration.key
    frame = par_sheet_frame(sheet)
    wagers = list(frame.columns[1:])
    out = []
    for i in range(0, len(wagers), FIGURE_COLUMNS):  # a few wagers a table, to fit a book page
        part = frame[["figure", *wagers[i:i + FIGURE_COLUMNS]]]
        suffix = "" if i == 0 else f"-{i // FIGURE_COLUMNS + 1}"
        out.append(style_table(part, f"{prefix}-par-figures{suffix}").to_html())
    for key, s in sheet.sheets().items():
        out.append(f"<p style='margin:14px 0 4px 0;'><b>{html.escape(s.name)}</b>: a hand's net result, in units "
                   f"of the {html.escape(s.unit)} ({s.total:,} combinations)</p>")
        out.append(style_table(s.distribution_frame(), f"{prefix}-par-{key}-distribution",
                               formats={"probability": "{:.8f}"}).to_html())
        if s.awards:
            out.append("<p style='margin:6px 0 4px 0;'>How often each award occurs:</p>")
            out.append(style_table(s.awards_frame(), f"{prefix}-par-{key}-awards",
                                   formats={"probability": "{:.8f}", "1 in": "{:,.1f}"}).to_html())
    return "\n".join(out)


class PayDesignerWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets ships no type hints
    """The pay-table designer: pick a pay table, tick the lines the casino may change and type the
    pays each may take (``1..10``, or ``1, 3/2, 2``), type the house edge wanted, and press
    **Find pay tables** for the nearest tables, each analysed exactly (the strategy derived again
    where the pays move it)."""

    def __init__(self, game_key: str | BankedGameEngine, table: str | None = None,
                 vary: Mapping[str, str] | None = None, target: str = "3%", top: int = 8) -> None:
        self.game = banked_game_of(game_key)
        decl = self.game.declaration
        tables = [t.key for t in decl.pay_tables]
        self.top = top
        self.table_choice = widgets.Dropdown(options=tables, value=table or tables[0], description="Pay table")
        self.lines_box = widgets.VBox()
        self.target = widgets.Text(value=target, description="House edge wanted", style={"description_width": "10em"},
                                   layout=widgets.Layout(width="22em"))
        self.find_button = controls.button("Find pay tables", primary=True)
        self.result = widgets.HTML()
        self.found: pd.DataFrame | None = None
        self.table_choice.observe(lambda _: self._load_lines(), names="value")
        self.find_button.on_click(lambda _: self.find())
        super().__init__([self.table_choice, self.lines_box, self.target, self.find_button, self.result])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self._load_lines(vary or {})
        self.find()

    def _load_lines(self, vary: Mapping[str, str] | None = None) -> None:
        table = self.game.declaration.pay_table(self.table_choice.value)
        vary = vary or {}
        self.line_inputs: dict[str, tuple[Any, Any]] = {}
        rows = []
        for line in table.lines:
            pays = line.pays
            default = f"{max(0, int(pays) - 3)}..{int(pays) + 3}"
            tick = widgets.Checkbox(value=line.outcome in vary, description=f"{line.outcome} (now {pays} to 1)",
                                    indent=False, layout=widgets.Layout(width="26em"))
            text = widgets.Text(value=vary.get(line.outcome, default), layout=widgets.Layout(width="12em"))
            self.line_inputs[line.outcome] = (tick, text)
            rows.append(controls.row([tick, text]))
        self.lines_box.children = [widgets.HTML("<i>Tick the lines that may change; type the pays each may take: "
                                                "1..10, or 1, 3/2, 2</i>"), *rows]
        self.result.value = ""

    def find(self) -> pd.DataFrame | None:
        """Search the ticked lines' pays for the tables nearest the house edge wanted."""
        table = self.table_choice.value
        # shown at once (a wide search takes seconds): the reader sees his click was taken
        self.result.value = "<p class='gl-designer-searching'><i>Searching the pay tables…</i></p>"
        try:
            vary = {k: candidate_pays(text.value, f"the {k} line") for k, (tick, text) in self.line_inputs.items()
                    if tick.value}
            found = design(self.game, table, vary, self.target.value, top=self.top)
        except GameError as err:
            self.result.value = error_html("Refused", err)
            self.found = None
            return None
        self.found = found
        self.result.value = designer_html(found, self.game.declaration.title)
        return found


def designer_html(found: pd.DataFrame, title: str) -> str:
    """The designer's answer as an HTML table: the varied pays, the measured house edge, its
    distance from the target, the main game's edge, the edge of the wager the table pays (where
    it has one of its own) and the hands played differently. A candidate that gives the player
    the edge is marked in red, in words as well as colour.

    >>> from gamelib import get_game
    >>> from gamelib.analysis.pay_designer import design
    >>> found = design(get_game("crazy4"), "super_bonus", {"flush": [2, 9]}, "3%")
    >>> page = designer_html(found, "Crazy 4 Poker")
    >>> "the whole game" in page, page.count("player's edge"), "Super Bonus house edge" in page
    (True, 1, True)
    """
    lines = found.attrs["lines"]
    decl_wager = found.attrs.get("wager")
    measure = "the whole game" if found.attrs["measure"] == "game" else found.attrs["measure"]
    wager_name = str(found.attrs.get("wager_name") or decl_wager or "")
    td = "style='padding:3px 10px; text-align:right;'"
    columns = [(c, str(c)) for c in lines] + [
        ("house edge", f"house edge ({measure})"), ("distance", "distance"),
        ("main game house edge", "main game house edge")]
    if "wager house edge" in found.columns and found.attrs["measure"] != decl_wager:
        columns.append(("wager house edge", f"{wager_name} house edge"))
    columns.append(("strategy changes", "strategy changes"))
    head = "".join(f"<th {td}>{html.escape(label)}</th>" for _, label in columns) + f"<th {td}></th>"
    rows = []
    for rec in found.to_dict("records"):
        cells = []
        for col, _ in columns:
            v = rec[col]
            cells.append(str(v) if col in lines else f"{int(v):,}" if col == "strategy changes" else f"{float(v):.4%}")
        advantage = bool(rec.get("player's edge", False))
        flag = ("<td style='padding:3px 10px; color:#b00020; font-weight:bold;'>player's edge: the house loses</td>"
                if advantage else f"<td {td}></td>")
        style = " style='color:#b00020;'" if advantage else ""
        rows.append(f"<tr{style}>" + "".join(f"<td {td}>{html.escape(c)}</td>" for c in cells) + flag + "</tr>")
    intro = (f"<p style='margin:4px 0;'>{title}: {found.attrs['candidates']:,} {html.escape(found.attrs['table'])} "
             f"tables tried; the nearest to a house edge of {float(found.attrs['target']):.4%} for "
             f"{html.escape(measure)}, nearest first (strategy changes: hands, or decision points, played "
             "differently from the filed table; a row in red gives the player the edge):</p>")
    return intro + f"<table style='border-collapse:collapse;'><tr>{head}</tr>{''.join(rows)}</table>"


def designer_answer(found: pd.DataFrame) -> str:
    """The designer's nearest table in words: the varied lines' pays and the house edge.

    >>> from gamelib.analysis.pay_designer import design
    >>> from gamelib import get_game
    >>> designer_answer(design(get_game("three-card-6bonus"), "pair_plus", {"flush": [3, 4]}, "7.28%"))
    'flush 4 to 1 (house edge 4.94%)'
    """
    best = found.iloc[0]
    return (", ".join(f"{line} {pays_text(best[line])}" for line in found.attrs["lines"])
            + f" (house edge {float(best['house edge']):.2%})")


__all__ = ["par_sheet_frame", "par_sheet_html", "PayDesignerWidget", "designer_answer", "designer_html",
           "measured_wager"]
