"""Which game is dealt, for the mixed-game formats: the approved list, rotation, dealer's choice.

* ``APPROVED`` and ``games_table``: the pot games the widgets offer, and the list as a table
  (types, cards, forced bets, draws, pot portions).
* ``RotationWidget``: pick games from the approved list and a number of hands per game, then step
  hand by hand and see which game is dealt now, which comes next and when
  (``gamelib.engine.rotation.Rotation``).
* ``DealersChoiceWidget``: a table where the player on the button picks the next game from the
  approved list; a pick that is not on the list is refused with the engine's reason
  (``gamelib.engine.rotation.DealersChoice`` through ``Table.new_hand``).

Every answer comes from the engine; the widgets hold no rule. The buy-in checker is in
``gamelib.widgets.table_rules``.

>>> w = RotationWidget(["badugi", "stud8"], hands_each=2)
>>> w.step(); w.step(); w.current_game()
'stud8'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING

import ipywidgets as widgets

from ..engine.rotation import DealersChoice, Rotation
from ..engine.stakes import structure_for
from ..engine.table import Table
from ..errors import TableError
from ..games.pot import POT_DECLARATIONS
from . import controls
from .messages import badge, error_html

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

#: The approved list offered by the widgets: every pot game the engine declares.
APPROVED: tuple[str, ...] = tuple(POT_DECLARATIONS)

_WIDE = {"description_width": "initial"}


#: The filing's game-type letters.
GAME_TYPES: dict[str, str] = {"TD": "triple draw", "LB": "lowball", "F": "flop game", "SP": "split pot"}


def games_table(keys: Sequence[str] | None = None) -> pd.DataFrame:
    """The pot games as a table: types, cards each player ends with, forced bets, draws, pot portions.

    >>> games_table(["stud8"]).to_dict("records")[0]["forced bets"]
    'bring-in'
    """
    rows = []
    for k in keys or POT_DECLARATIONS:
        g = POT_DECLARATIONS[k]
        rows.append({"game": g.title, "types": ", ".join(GAME_TYPES[t] for t in g.types),
                     "cards": g.hole_cards, "forced bets": g.forced, "draws": g.draws,
                     "pot goes to": " / ".join(p.name for p in g.portions)})
    return pd.DataFrame(rows)


def _title(key: str) -> str:
    return POT_DECLARATIONS[key].title


def _options(keys: Sequence[str]) -> list[tuple[str, str]]:
    return [(_title(k), k) for k in keys]


def _structure_words(key: str, lower: int = 2, higher: int = 4) -> str:
    """The structure a game is dealt at at lower/higher limits, with its forced bets."""
    game = POT_DECLARATIONS[key]
    st = structure_for(game, lower, higher)
    forced = (f"bring-in ${st.bring_in}" if game.is_stud
              else f"blinds ${st.small_blind}/${st.big_blind}")
    return f"{st.name}, {forced}"


class RotationWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """Step through a rotation hand by hand (hand numbers start at 1 on screen).

    >>> w = RotationWidget(["archie", "big-o"], hands_each=1)
    >>> w.step(); "Big O" in w.status.value
    True
    """

    def __init__(self, games: Sequence[str] = ("27-triple-draw", "stud8", "big-o", "badugi"),
                 hands_each: int = 8, hand: int = 0, lower: int = 2, higher: int = 4) -> None:
        self.games = widgets.SelectMultiple(options=_options(APPROVED), value=tuple(games),
                                            description="Games", rows=8,
                                            layout=widgets.Layout(width="26em"))
        self.hands_each = widgets.BoundedIntText(value=hands_each, min=1, max=1000,
                                                 description="Hands each", style=_WIDE)
        self.next_button = controls.button("Next hand", primary=True)
        self.restart_button = controls.button("Start over")
        self.status = widgets.HTML()
        self.schedule = widgets.HTML()
        self.hand = hand
        self.limits = (lower, higher)
        self.next_button.on_click(lambda _: self.step())
        self.restart_button.on_click(lambda _: self.restart())
        self.games.observe(lambda _: self.refresh(), names="value")
        self.hands_each.observe(lambda _: self.refresh(), names="value")
        super().__init__([self.games, self.hands_each,
                          controls.row([self.next_button, self.restart_button]),
                          self.status, self.schedule])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.refresh()

    def rotation(self) -> Rotation:
        """The engine's rotation for the chosen games (in the approved list's order).

        >>> RotationWidget(["stud8"], 3).rotation().hands_each
        3
        """
        return Rotation(list(self.games.value), int(self.hands_each.value))

    def current_game(self) -> str | None:
        """The key of the game of the current hand (``None`` if the choice is refused).

        >>> RotationWidget(["badugi"], 1).current_game()
        'badugi'
        """
        try:
            return self.rotation().game_for_hand(self.hand)
        except TableError:
            return None

    def step(self) -> None:
        """Go to the next hand."""
        self.hand += 1
        self.refresh()

    def restart(self) -> None:
        """Back to the first hand."""
        self.hand = 0
        self.refresh()

    def refresh(self) -> None:
        """Redraw the current hand, the next game and the schedule of the next two laps."""
        try:
            r = self.rotation()
        except TableError as err:
            self.status.value = error_html("Refused", err)
            self.schedule.value = ""
            return
        game = r.game_for_hand(self.hand)
        within = self.hand % r.hands_each + 1
        nxt, start = r.next_game(self.hand)
        self.status.value = (
            f"<p><b>Hand {self.hand + 1}:</b> {html.escape(_title(game))} "
            f"(hand {within} of {r.hands_each}; {html.escape(_structure_words(game, *self.limits))}).<br>"
            f"<b>Next game:</b> {html.escape(_title(nxt))}, from hand {start + 1} "
            f"({start - self.hand} hand{'s' if start - self.hand != 1 else ''} from now).</p>")
        rows = []
        lap = len(r.games) * r.hands_each
        first = (self.hand // r.hands_each) * r.hands_each
        for h in range(first, first + 2 * lap, r.hands_each):
            g = r.game_for_hand(h)
            mark = " style=\"font-weight:bold;\"" if h <= self.hand < h + r.hands_each else ""
            rows.append(f"<tr{mark}><td style=\"padding:2px 8px;\">hands {h + 1}-{h + r.hands_each}</td>"
                        f"<td style=\"padding:2px 8px;\">{html.escape(_title(g))}</td></tr>")
        self.schedule.value = ("<table style=\"border-collapse:collapse;\"><tr><th>hands</th><th>game</th></tr>"
                               + "".join(rows) + "</table>")


class DealersChoiceWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """Dealer's choice at a table of ``players``: the button picks, the engine checks the pick.

    ``approved`` is the list of games this table offers. Every game on it must be approved by
    the state (the games of the mixed-game filing, or any other game the state has approved);
    the table may offer fewer. The pick box lists every pot game, so that a pick off the table's
    list can be tried (and refused).

    >>> w = DealersChoiceWidget(["badugi", "stud8"], players=3)
    >>> w.pick.value = "archie"; w.deal(); "not on the approved list" in w.status.value
    True
    """

    def __init__(self, approved: Sequence[str] = ("archie", "badugi", "stud8", "big-o", "razzdugi"),
                 players: int = 4, seed: int = 1) -> None:
        self.approved = widgets.SelectMultiple(options=_options(APPROVED), value=tuple(approved),
                                               description="Offered", rows=8,
                                               layout=widgets.Layout(width="26em"))
        self.players = widgets.BoundedIntText(value=players, min=2, max=8, description="Players")
        self.pick = widgets.Dropdown(options=_options(APPROVED), value=approved[0], description="Button picks",
                                     style=_WIDE)
        self.deal_button = controls.button("Deal the pick", primary=True)
        self.restart_button = controls.button("New table")
        self.status = widgets.HTML()
        self.history = widgets.HTML()
        self.seed = seed
        self.lines: list[str] = []
        self.deal_button.on_click(lambda _: self.deal())
        self.restart_button.on_click(lambda _: self.restart())
        super().__init__([self.approved, self.players, self.pick,
                          controls.row([self.deal_button, self.restart_button]), self.status, self.history])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.restart()

    def restart(self) -> None:
        """Seat the players ($100 each) at a fresh dealer's-choice table."""
        self.lines = []
        try:
            self.table: Table | None = Table(DealersChoice(list(self.approved.value)))
            for s in range(int(self.players.value)):
                self.table.sit(s, f"Player {s + 1}", 100)
        except TableError as err:
            self.table = None
            self.status.value = error_html("Refused", err)
            self.history.value = ""
            return
        self.status.value = f"<p>Seat {self.table.button} has the button and picks the first game.</p>"
        self.history.value = ""

    def deal(self) -> None:
        """The button's pick: the engine starts the hand (or refuses the pick); the hand is then
        folded to the big blind so that the button moves on to the next picker."""
        if self.table is None:
            self.restart()
            if self.table is None:
                return
        t = self.table
        button = t.button
        try:
            hand = t.new_hand(seed=self.seed + len(self.lines), choice=self.pick.value)
        except TableError as err:
            self.status.value = error_html("Refused", f"seat {button} picked {_title(self.pick.value)}: {err}")
            return
        game = hand.game.key
        while not hand.is_over:  # everybody folds: the hand ends, the button moves
            kinds = [a.kind for a in hand.legal_actions()]
            hand.act("fold" if "fold" in kinds else kinds[0])
        t.settle()
        self.lines.append(f"hand {len(self.lines) + 1}: seat {button} on the button picks "
                          f"{_title(game)} ({hand.structure.name})")
        self.status.value = (f"<p>{badge('dealt')} {html.escape(self.lines[-1])}. "
                             f"The button moves to seat {t.button}, who picks next.</p>")
        self.history.value = "<br>".join(html.escape(x) for x in self.lines[-12:])


__all__ = ["APPROVED", "GAME_TYPES", "games_table", "RotationWidget", "DealersChoiceWidget"]
