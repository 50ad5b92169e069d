"""Who may sit down and who is dealt in, for the Big O and mixed-game chapters: buy-ins and seating.

* ``check_buy_in`` and ``BuyInWidget``: the buy-in checker. For Big O (R18): structure, amount and
  an earlier cash-out (amount, button moves since) give "accepted" or "refused" with the engine's
  ``TableError``; for a mixed game (R17): the total brought in and the part bought from the dealer.
* ``buy_in_table``: buy-in cases checked by the engine, one row each with the verdict and the reason.
* ``seating_table``: the seats of a table for the hand just started: button, blinds, new seats
  that post to play and new seats that wait (R24, R25).

Every answer comes from ``gamelib.engine.table`` and the table kinds of ``gamelib.games.table_kinds``;
these functions hold no rule.

>>> check_buy_in("big-o", 40, "$2-$4")
''
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Required, TypedDict

import ipywidgets as widgets

from ..engine.table import CashOut, Table
from ..errors import GameError, TableError
from ..games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS
from ..games.table_kinds import Spread, table_kind_of
from . import controls
from .messages import badge

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

_WIDE = {"description_width": "initial"}


def check_buy_in(game: str, amount: int, structure: str | None = None, from_dealer: int = 0,
                 cashed_out: int | None = None, button_moves: int = 0, others: int = 3) -> str:
    """Ask the engine whether a player may sit down with ``amount``; ``""`` means accepted.

    Big O: ``structure`` is one of the four structures (R18), ``cashed_out`` what the player
    took off this table last time (``None``: he did not) and ``button_moves`` how often the button
    has moved since, with ``others`` players seated. Mixed games (R17): ``from_dealer`` is the
    part bought from the dealer for this hand.

    >>> check_buy_in("big-o", 30, "$2-$4")
    'the minimum buy-in is $40 (ten times the largest bet, R18), not $30'
    >>> check_buy_in("big-o", 60, "$2-$4", cashed_out=150, button_moves=2)
    'Ann cashed out $150: he may return before a full button rotation only with at least $150 (R18), not $60'
    """
    try:
        t = Table(game, structure if table_kind_of(game).spread is Spread.LISTED else None, seats=10)
        for s in range(min(others, 9)):
            t.sit(s + 1, f"Player {s + 2}", max(t.min_buy_in(), 100))
        if cashed_out is not None:
            t.cashed_out["Ann"] = CashOut(cashed_out, button_moves)
        t.sit(0, "Ann", amount, from_dealer=from_dealer)
    except GameError as err:
        return str(err)
    return ""


def _buy_in_options() -> list[tuple[str, str]]:
    """The buy-in checker's games: each game dealt at a table of its own kind (Big O, R18) under
    that kind's name, then the games of the mixed-game table (R17) by title."""
    own = [k for k in POT_DECLARATIONS if table_kind_of(k).games is not None]
    return ([(f"{table_kind_of(k).title} ({table_kind_of(k).money_ruling})", k) for k in own]
            + [(f"{POT_DECLARATIONS[k].title} ({table_kind_of(k).title}, {table_kind_of(k).money_ruling})", k)
               for k in POT_DECLARATIONS if k not in own])


class BuyInWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """The buy-in checker: accepted, or refused with the engine's reason.

    >>> w = BuyInWidget(); w.amount.value = 10; w.check(); "Refused" in w.result.value
    True
    """

    def __init__(self, game: str = "big-o", structure: str = "$2-$4", amount: int = 100,
                 cashed_out: int | None = 150, button_moves: int = 3, others: int = 5) -> None:
        self.game = widgets.Dropdown(options=_buy_in_options(), value=game, description="Game")
        self.structure = widgets.Dropdown(options=list(BIG_O_STRUCTURES), value=structure, description="Structure")
        self.amount = widgets.BoundedIntText(value=amount, min=0, max=100000, description="Buy-in $")
        self.from_dealer = widgets.BoundedIntText(value=0, min=0, max=100000, description="From dealer $", style=_WIDE)
        self.has_cashed_out = widgets.Checkbox(value=cashed_out is not None, description="Cashed out here earlier")
        self.cashed_out = widgets.BoundedIntText(value=cashed_out or 0, min=1 if cashed_out else 0, max=100000,
                                                 description="Took off $", style=_WIDE)
        self.button_moves = widgets.BoundedIntText(value=button_moves, min=0, max=1000, description="Button moves",
                                                   style=_WIDE)
        self.others = widgets.BoundedIntText(value=others, min=1, max=9, description="Others seated", style=_WIDE)
        self.check_button = controls.button("Check", primary=True)
        self.result = widgets.HTML()
        self.check_button.on_click(lambda _: self.check())
        self.game.observe(lambda _: self._show_fields(), names="value")
        for w in (self.structure, self.amount, self.from_dealer, self.has_cashed_out, self.cashed_out,
                  self.button_moves, self.others):
            w.observe(lambda _: self.check(), names="value")
        super().__init__([self.game, self.structure, self.amount, self.from_dealer, self.has_cashed_out,
                          controls.row([self.cashed_out, self.button_moves]), self.others,
                          self.check_button, self.result])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self._show_fields()

    def _show_fields(self) -> None:
        kind = table_kind_of(self.game.value)
        self.structure.layout.display = None if kind.spread is Spread.LISTED else "none"
        for w in (self.has_cashed_out, self.cashed_out, self.button_moves, self.others):
            w.layout.display = None if kind.cash_out_return else "none"
        self.from_dealer.layout.display = None if kind.max_purchase_per_hand is not None else "none"
        self.check()

    def check(self) -> None:
        """Ask the engine and show the answer."""
        kind = table_kind_of(self.game.value)
        back = int(self.cashed_out.value) if kind.cash_out_return and self.has_cashed_out.value else None
        msg = check_buy_in(self.game.value, int(self.amount.value), self.structure.value,
                           from_dealer=0 if kind.max_purchase_per_hand is None else int(self.from_dealer.value),
                           cashed_out=back, button_moves=int(self.button_moves.value), others=int(self.others.value))
        if kind.spread is Spread.LISTED:
            t = Table(self.game.value, self.structure.value)
            rule = f"Minimum buy-in at {self.structure.value}: ${t.min_buy_in()}; no maximum."
        else:
            rule = (f"No entry above ${kind.max_entry:,} and no more than ${kind.max_purchase_per_hand} bought "
                    "from the dealer in one hand.")
        verdict = badge("accepted") if not msg else badge("refused", good=False)
        why = "" if not msg else f"<br><b>Refused:</b> {html.escape(msg)}"
        self.result.value = f"<p>{verdict} ${int(self.amount.value):,}. {html.escape(rule)}{why}</p>"


class BuyInCase(TypedDict, total=False):
    """One buy-in to check: the arguments of ``check_buy_in`` (a game and an amount; the rest
    as that function has them)."""

    game: Required[str]
    amount: Required[int]
    structure: str | None
    from_dealer: int
    cashed_out: int | None
    button_moves: int
    others: int


def buy_in_table(cases: Sequence[BuyInCase]) -> pd.DataFrame:
    """Buy-in cases checked by the engine (``check_buy_in`` arguments),
    one row each with the verdict and the reason.

    >>> buy_in_table([{"game": "big-o", "amount": 39, "structure": "$4-$4"}])["verdict"].tolist()
    ['refused']
    """
    rows = []
    for c in cases:
        msg = check_buy_in(**c)
        title = POT_DECLARATIONS[c["game"]].title
        listed = table_kind_of(c["game"]).spread is Spread.LISTED  # Big O: name the structure (R18)
        back = c.get("cashed_out")
        rows.append({"game": f"{title} {c.get('structure')}" if listed else title,
                     "buy-in": c["amount"], "from the dealer": c.get("from_dealer", 0),
                     "cashed out earlier": "" if back is None else f"${back}; button moved {c.get('button_moves', 0)} "
                                                                   f"times, {c.get('others', 3)} players at the table",
                     "verdict": "refused" if msg else "accepted", "reason": msg})
    df = pd.DataFrame(rows)
    empty = [col for col in ("from the dealer", "cashed out earlier") if not df[col].astype(bool).any()]
    return df.drop(columns=empty)


def seating_table(table: Table) -> pd.DataFrame:
    """Every occupied seat of ``table`` for the hand just started: the button and the blinds, the
    new seats that post a big blind to play and what each put in before the cards, and the new
    seats that are not dealt in, with the engine's reason (R24, R25).

    >>> t = Table("big-o", seats=4); t.sit(0, "Ann", 40); t.sit(2, "Bob", 40)
    >>> h = t.new_hand(seed=1); h.act("fold"); _ = t.settle()
    >>> t.sit(3, "Cy", 40); h = t.new_hand(seed=2)
    >>> seating_table(t)["this hand"].tolist()  # doctest: +NORMALIZE_WHITESPACE
    ['big blind', 'button, small blind',
     'not dealt in: new seat in the small blind position: waits until the button has passed (R24)']
    """
    h = table.current
    if h is None:
        raise TableError("the table has no hand under way")
    rows = []
    for i, s in enumerate(table.seats):
        if s is None:
            continue
        row: dict[str, Any] = {"seat": i, "player": s.player}
        if i in table.hand_seats:
            k = table.hand_seats.index(i)
            roles = []
            if k == h.button:
                roles.append("button")
            if not h.game.is_stud and k == h.sb_seat and h.structure.small_blind:
                roles.append("small blind")
            if not h.game.is_stud and k == h.bb_seat:
                roles.append("big blind")
            if i in table.new_seat_posts:
                roles.append("new seat: posts a big blind, live")
            row["this hand"] = ", ".join(roles) or "dealt in"
            row["put in before the cards"] = h.contributed[k]
        else:
            why = table.sitting_out.get(i, "no chips")
            row["this hand"] = f"not dealt in: {why}"
            row["put in before the cards"] = 0
        rows.append(row)
    return pd.DataFrame(rows)


__all__ = ["check_buy_in", "BuyInWidget", "buy_in_table", "seating_table"]
