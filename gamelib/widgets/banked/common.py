"""What the banked-game widgets share: the sample hands a chapter's widgets open with, the game
and its analysis by key, the default wagers, a decision's dollars and a settlement as HTML.

How a round unfolds and which cards make each hand are the declaration's
(:class:`gamelib.games.banked.BankedGame` ``rounds`` and ``hands``), not this module's.

>>> default_wagers("crazy4")
{'ante': 5, 'super_bonus': 5, 'queens_up': 5}
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from ...analysis.banked import analyze
from ...engine.banked import BankedGameEngine, Settlement
from ...engine.registry import get_game
from ...errors import GameError, shown

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

def banked_game_of(game_key: str | BankedGameEngine) -> BankedGameEngine:
    """The banked game of a key, or the game itself (a declaration of one's own, built with
    ``BankedGameEngine(declaration)``)."""
    if isinstance(game_key, BankedGameEngine):
        return game_key
    game = get_game(game_key)
    if not isinstance(game, BankedGameEngine):
        raise GameError(f"{shown(game_key)} is not a banked game")
    return game


#: Analyses kept in memory, by the whole declaration they analyse (its repr: two games with the
#: same rules share one), the most recently used last; at most ``_KEEP`` of them.
_ANALYSES: dict[str, Any] = {}
_KEEP = 32


def analysis_of(game: BankedGameEngine) -> Any:
    """The game's exact analysis, kept in memory: a widget asks again for the same rules (the
    filed tables, or a pay table edited back and forth) without a new analysis, and ``analyze``
    itself reads only what does not depend on the pay tables from the disk cache.

    >>> analysis_of(get_game("crazy4")) is analysis_of(get_game("crazy4").with_pay_table("queens_up", {}))
    True
    """
    key = repr(game.declaration)
    if key in _ANALYSES:
        _ANALYSES[key] = _ANALYSES.pop(key)  # most recently used last
    else:
        _ANALYSES[key] = analyze(game)
        while len(_ANALYSES) > _KEEP:
            del _ANALYSES[next(iter(_ANALYSES))]
    return _ANALYSES[key]


def sample_cards(game_key: str | BankedGameEngine, seed: int = 1) -> dict[str, str]:
    """Every dealt group of a seeded deal, as text: the opening hand of a widget for a game the
    chapters give no example of (a declaration of one's own).

    >>> sorted(sample_cards("nh-holdem"))
    ['bonus', 'community', 'hole']
    """
    from ...cards import Deck, format_cards

    deck = Deck(seed)
    return {g: format_cards(deck.deal(n)) for g, n in banked_game_of(game_key).declaration.deal.items()}


def example_key(game_key: str | BankedGameEngine) -> str:
    return game_key if isinstance(game_key, str) else game_key.key


def signed_money(d: int) -> str:
    return f"+${d:,}" if d > 0 else (f"-${-d:,}" if d < 0 else "$0")


def signed_units(f: Fraction) -> str:
    return f"{float(f):+.4f}"


def default_wagers(game_key: str | BankedGameEngine, unit: int = 5) -> dict[str, int]:
    """The wagers of a sample round: ``unit`` dollars on every spot that is not a decision,
    brought inside the spot's limits (equal-to spots match their base).

    >>> default_wagers("nh-holdem")
    {'ante': 5, 'pair_plus': 5, 'six_card_bonus': 5}
    """
    decl = banked_game_of(game_key).declaration
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


def decision_amount(game: BankedGameEngine, wager: str, play: str, wagers: Mapping[str, int]) -> int:
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
            f"<td {td}><b>{signed_money(r.result)}</b></td><td {td}>{html.escape(r.reason)}</td></tr>"
            for r in s.results]
    if s.cap_reduction:
        rows.append(f"<tr><td {td}><b>Payout cap</b></td><td {td}></td>"
                    f"<td {td}><b>{signed_money(-s.cap_reduction)}</b></td>"
                    f"<td {td}>{html.escape(s.cap_reason)}</td></tr>")
    rows.append(f'<tr style="border-top:1px solid #888;"><td {td}><b>Total</b></td><td {td}></td>'
                f"<td {td}><b>{signed_money(s.total)}</b></td><td {td}>the player's net result for the hand</td></tr>")
    head = f"<tr><th {td}>wager</th><th {td}>bet</th><th {td}>result</th><th {td}>why</th></tr>"
    hands = "".join(f"<li>{html.escape(k)}: {html.escape(v)}</li>" for k, v in s.hands.items())
    return (f'<ul style="margin:4px 0;">{hands}</ul>' if hands else "") + \
        f'<table style="border-collapse:collapse;">{head}{"".join(rows)}</table>'


__all__ = ["COMPARE_EXAMPLES", "PAY_EXAMPLES", "STRATEGY_EXAMPLES", "analysis_of", "sample_cards", "default_wagers",
           "decision_amount", "settlement_html", "banked_game_of", "signed_money", "signed_units", "example_key"]
