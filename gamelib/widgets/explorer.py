"""The hand-ranking explorer: enter or deal hands, pick a ranking system, see who wins and why.

The widget only gathers input and draws results; every value, description and winner comes
from :mod:`gamelib.rankings`.

>>> c = compare("high", ["Kh Kd Ks 4c 4d", "Ah Qh Jh 9h 8h"])
>>> c.verdict
'Hand 1 wins: full house beats flush.'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as widgets

from .. import rankings
from ..cards import CardsLike, deal_hands, format_cards, parse_cards, refuse_shared_cards
from ..errors import GameError, shown
from . import controls
from .cards import hand_html
from .messages import badge, error_html

#: A sample comparison for each system, chosen to show what decides that system.
EXAMPLES: dict[str, tuple[list[str], str | None]] = {
    "high": (["Kh Kd Ks 4c 4d 9s 2c", "Ah Qh 9h 5h 2h Kc 3d", "Tc 9d 8s 7h 6c 2d 2s"], None),
    "omaha-high": (["As Ks 2d 3c", "Qh Qd Jc Tc", "9h 9c 8d 4s"], "Qs Js 9s 4h 8c"),
    "omaha-low8": (["As 2d Kh Kc", "5h 6d Qc Qd", "Ah 3h Jd Js"], "3c 4d 9h Ts 8c"),
    "a5-low": (["5h 4d 3h 2c Ac", "6h 4c 3d 2d Ad", "7s 6s 5s 4s 3s"], None),
    "low8": (["8h 6d 4s 3c 2d", "8s 7d 4h 3d 2h", "9c 5c 4d 3s 2s"], None),
    "27-low": (["7c 5d 4h 3s 2c", "As 5s 4d 3d 2d", "7d 5h 4c 3c 2h"], None),
    "badugi": (["8h 5d 2c 2h", "Kc Qd Jh Ts", "As 2d 3h 4c"], None),
    "badugi-ace-high": (["2c 3d 4h 5s", "As 2d 3h 4c", "Kc Qd Jh Ts"], None),
    "crazy4": (["Qh Qd 4s 4c 9d", "Ac Kc Qc Jc 2h", "7s 7d 7h 2d 9c"], None),
    "three-card": (["Ah Kd Qc", "2h 2d 9c", "As 2s 3d"], None),
}

#: How many cards a dealt hand gets in each system (the system's most common hand).
DEAL_SIZE: dict[str, int] = {k: s.deal_size for k, s in rankings.RANKING_SYSTEMS.items()}


@dataclass(frozen=True)
class HandResult:
    """One hand in a comparison."""

    cards: tuple[int, ...]
    value: int
    description: str
    category: str
    best: tuple[int, ...]
    wins: bool


@dataclass(frozen=True)
class Comparison:
    """The hands compared in one system, with the winners and the reason in words."""

    system: str
    board: tuple[int, ...]
    hands: tuple[HandResult, ...]
    winners: tuple[int, ...]
    verdict: str = field(default="")


def _ordinal_list(idx: list[int]) -> str:
    names = [f"{i + 1}" for i in idx]
    return ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]


def compare(system: str, hands: Sequence[CardsLike], board: str | list[int] | None = None) -> Comparison:
    """Compare hands in a ranking system: values, words, the cards that play, winners and why.

    >>> compare("low8", ["9c 5c 4d 3s 2s", "Kh Kd 7c 6h 2h"]).verdict
    'No hand has a qualifying low (five different ranks, eight or lower).'
    """
    if system not in rankings.SYSTEMS:
        raise GameError(f"unknown ranking system {shown(system)}; the systems are: {', '.join(rankings.SYSTEMS)}")
    parsed = [parse_cards(h, what=f"hand {i + 1}") for i, h in enumerate(hands)]
    if len(parsed) < 2:
        raise GameError(f"compare needs two or more hands, got {len(parsed)}")
    board_cards = parse_cards(board, what="board") if board not in (None, "") else []
    uses_board = rankings.system(system).uses_board
    if not uses_board and board_cards:
        raise GameError(f"{system} hands take no board: leave the board empty")
    refuse_shared_cards([("the board", board_cards)] + [(f"hand {i + 1}", h) for i, h in enumerate(parsed)],
                        "card {card} is in {second} and in {first}")
    values = rankings.evaluate(system, parsed, board_cards if uses_board else None)
    win = rankings.winners(system, parsed, board_cards if uses_board else None)
    results = []
    for i, (h, v) in enumerate(zip(parsed, values.tolist(), strict=True)):
        results.append(
            HandResult(
                cards=tuple(h),
                value=int(v),
                description=rankings.describe(system, v),
                category=rankings.category(system, v),
                best=rankings.best_hand(system, h, board_cards if uses_board else None),
                wins=i in win,
            )
        )
    return Comparison(system, tuple(board_cards), tuple(results), tuple(win), _verdict(system, results, win))


def _verdict(system: str, results: list[HandResult], win: list[int]) -> str:
    if not win:
        return "No hand has a qualifying low (five different ranks, eight or lower)."
    if len(win) == len(results):
        return f"All hands tie: each holds {results[0].description}. The pot is split."
    if len(win) > 1:
        return f"Hands {_ordinal_list(win)} tie with {results[win[0]].description} and split."
    best = results[win[0]]
    others = [r for i, r in enumerate(results) if i != win[0]]
    runner = max(others, key=lambda r: r.value)
    if runner.category != best.category:
        return f"Hand {win[0] + 1} wins: {best.category} beats {runner.category}."
    return f"Hand {win[0] + 1} wins: {best.description} beats {runner.description} (same category, better cards)."


def comparison_html(c: Comparison, four_color: bool = False) -> str:
    """The comparison as an HTML table: each hand drawn with the cards that play highlighted.

    >>> "wins" in comparison_html(compare("three-card", ["Ah Kd Qc", "2h 2d 9c"]))
    True
    """
    rows = []
    for i, r in enumerate(c.hands):
        won = badge("wins") if r.wins else ""
        rows.append(
            "<tr>"
            f'<td style="padding:4px 8px;font-weight:bold;white-space:nowrap;">Hand {i + 1}</td>'
            f'<td style="padding:4px 8px;white-space:nowrap;">'
            f'{hand_html(list(r.cards), four_color=four_color, highlight=set(r.best) or None)}</td>'
            f'<td style="padding:4px 8px;">{html.escape(r.description)}</td>'
            f'<td style="padding:4px 8px;">{won}</td>'
            "</tr>"
        )
    board = ""
    if c.board:
        board = (
            '<p style="margin:4px 0;"><b>Board:</b> '
            f"{hand_html(list(c.board), four_color=four_color)}</p>"
        )
    return (
        f"{board}<table style=\"border-collapse:collapse;\">{''.join(rows)}</table>"
        f'<p style="margin:6px 0;"><b>{html.escape(c.verdict)}</b></p>'
    )


class RankingExplorer(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """A live widget: choose a system, type or deal hands, and see values, cards and the winner.

    >>> w = RankingExplorer(system="crazy4")
    >>> "two pair" in w.result.value
    True
    """

    def __init__(self, system: str = "high", players: int = 3, seed: int = 1, four_color: bool = False) -> None:
        options = [(f"{s.title} ({k})", k) for k, s in rankings.RANKING_SYSTEMS.items()]
        self.system = widgets.Dropdown(options=options, value=system, description="Ranking")
        self.hands = widgets.Textarea(
            description="Hands", placeholder="one hand per line, e.g. As Kd Qh Jc Tc",
            layout=widgets.Layout(width="32em", height="7em"),
        )
        self.board = widgets.Text(description="Board", placeholder="Omaha only, e.g. Qs Js 9s 4h 8c")
        self.players = widgets.BoundedIntText(value=players, min=2, max=10, description="Players")
        self.seed = widgets.BoundedIntText(value=seed, min=0, max=10**9, description="Seed")
        self.deal_button = controls.button("Deal", tooltip="deal seeded random hands")
        self.compare_button = controls.button("Compare", primary=True)
        self.four_color = widgets.Checkbox(value=four_color, description="Four-colour deck")
        self.summary = widgets.HTML()
        self.result = widgets.HTML()
        self.system.observe(self._on_system, names="value")
        self.deal_button.on_click(lambda _: self.deal())
        self.compare_button.on_click(lambda _: self.refresh())
        self.four_color.observe(lambda _: self.refresh(), names="value")
        super().__init__(
            [
                self.system,
                self.summary,
                self.hands,
                self.board,
                controls.row([self.players, self.seed, self.deal_button]),
                controls.row([self.compare_button, self.four_color]),
                self.result,
            ]
        )
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self._load_example(system)

    def _on_system(self, change: dict[str, Any]) -> None:  # Any: an ipywidgets change (untyped traitlets)
        self._load_example(change["new"])

    def _load_example(self, system: str) -> None:
        hands, board = EXAMPLES[system]
        self.summary.value = f"<i>{html.escape(rankings.system(system).summary)}</i>"
        self.hands.value = "\n".join(hands)
        self.board.value = board or ""
        self.board.layout.display = None if rankings.system(system).uses_board else "none"
        self.refresh()

    def deal(self) -> None:
        """Deal seeded random hands (and a board for Omaha) into the input boxes, then compare."""
        system = self.system.value
        size = rankings.system(system).deal_size
        n = int(self.players.value)
        needs_board = rankings.system(system).uses_board
        need = n * size + (5 if needs_board else 0)
        if need > 52:
            most = (52 - (5 if needs_board else 0)) // size
            board = " and a board of 5" if needs_board else ""
            self.result.value = error_html("Cannot deal", f"{n} hands of {size} cards{board} need {need} cards, "
                                                          f"more than the deck's 52; this ranking deals at most {most} "
                                                          "hands")
            return
        cards = deal_hands(1, need, int(self.seed.value))[0].tolist()
        self.hands.value = "\n".join(format_cards(cards[i * size : (i + 1) * size]) for i in range(n))
        self.board.value = format_cards(cards[n * size :]) if needs_board else ""
        self.seed.value = int(self.seed.value) + 1
        self.refresh()

    def refresh(self) -> None:
        """Recompute and redraw the comparison from the input boxes."""
        lines = [line for line in self.hands.value.splitlines() if line.strip()]
        try:
            c = compare(self.system.value, lines, self.board.value if self.board.value.strip() else None)
            self.result.value = comparison_html(c, four_color=self.four_color.value)
        except GameError as err:
            self.result.value = error_html("Cannot compare", err)


def category_table_html(system: str, n_cards: int, four_color: bool = False) -> str:
    """Categories of a system, best first, with a pictured example and the exact count of each.

    >>> "straight flush" in category_table_html("three-card", 3)
    True
    """
    from ..analysis.frequencies import category_counts, example_hand

    df = category_counts(system, n_cards)
    rows = []
    for _, row in df.iterrows():
        cards = example_hand(system, row["category"], n_cards)
        value = int(rankings.evaluate(system, [cards])[0])
        best = set(rankings.best_hand(system, cards))
        rows.append(
            "<tr>"
            f'<td style="padding:3px 8px;font-weight:bold;">{html.escape(row["category"])}</td>'
            f'<td style="padding:3px 8px;white-space:nowrap;">'
            f'{hand_html(cards, four_color=four_color, highlight=best or None)}</td>'
            f'<td style="padding:3px 8px;">{html.escape(rankings.describe(system, value))}</td>'
            f'<td style="padding:3px 8px;text-align:right;">{int(row["combinations"]):,}</td>'
            f'<td style="padding:3px 8px;text-align:right;">{row["probability"]:.6f}</td>'
            "</tr>"
        )
    head = (
        "<tr><th>category</th><th>example</th><th>in words</th>"
        f"<th>{n_cards}-card hands</th><th>probability</th></tr>"
    )
    return f'<table style="border-collapse:collapse;">{head}{"".join(rows)}</table>'


__all__ = [
    "EXAMPLES", "DEAL_SIZE", "HandResult", "Comparison", "compare", "comparison_html",
    "RankingExplorer", "category_table_html",
]
