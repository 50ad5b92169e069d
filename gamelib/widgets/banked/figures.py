"""The banked chapters' plots and tables: returns per wager, decision values, NH Hold'em
starting hands, wager limits, pay tables and worked examples, all read from the analysis and
the declarations.

>>> limits_frame("crazy4")["wager"].tolist()[:1]
['Ante']
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from typing import TYPE_CHECKING

from ... import rankings
from ...cards import parse_cards
from ...engine.banked import BankedGameEngine, Settlement
from ...errors import GameError
from ..cards import hand_html
from ..dataframe_style import style_table
from ..messages import BAD, GOOD, error_html
from .common import analysis_of, banked_game_of, settlement_html

if TYPE_CHECKING:
    import pandas as pd
    from pandas.io.formats.style import Styler
else:
    from gamelib.lazy import pandas as pd


# ---- plots -----------------------------------------------------------------------------------
def returns_frame(game_key: str) -> pd.DataFrame:
    """Every wager's exact return per unit wagered, from the analysis (for tables and plots).

    >>> returns_frame("crazy4")["wager"].tolist()[:2]
    ['ante', 'play']
    """
    a = analysis_of(banked_game_of(game_key))
    return pd.DataFrame({"wager": list(a.returns), "return": [float(r) for r in a.returns.values()]})


def plot_returns(game_key: str):  # type: ignore[no-untyped-def]
    """A bar chart of each wager's return and the main game's (matplotlib Figure).

    >>> fig = plot_returns("three-card-6bonus"); len(fig.axes)
    1
    """
    import matplotlib.pyplot as plt

    a = analysis_of(banked_game_of(game_key))
    names = [a.printed_name(k) for k in a.returns] + ["main game"]
    values = [float(r) for r in a.returns.values()] + [float(a.expected_return)]
    fig, ax = plt.subplots(figsize=(7, 3.2))
    colors = [GOOD if v >= 0 else BAD for v in values]
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

    game = banked_game_of(game_key)
    s = analysis_of(game).strategy
    order = np.argsort(s.values, kind="stable")
    ev = s.ev[order].astype(float) / s.ev_denominator
    weights = s.weights[order].astype(float)
    x = np.cumsum(weights) / weights.sum()
    names = [f"play {c}" if c[0].isdigit() else c for c in s.CHOICES]  # "play 1x", "raise", "fold"
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

    s = analysis_of(banked_game_of("nh-holdem")).strategy
    rows = []
    for hi in range(12, -1, -1):
        for lo in range(hi, -1, -1):
            for suited in ((False,) if hi == lo else (True, False)):
                hole = [hi * 4 + 3, lo * 4 + (3 if suited else 2)]
                rows.append((float(s.expected_value(hole)), s.play_for(hole)))
    rows.sort(key=lambda r: -r[0])
    fig, ax = plt.subplots(figsize=(7, 3.4))
    colors = {"3x": GOOD, "2x": "#d4a017", "1x": "#1458c8", "fold": BAD}
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
    decl = banked_game_of(game_key).declaration
    rows = []
    for w in decl.wagers:
        when = "after seeing cards (0 = fold)" if w.decision else ("required" if w.required else "optional")
        rows.append({"wager": w.name, "limits": w.limits_text(), "when": when, "note": w.note})
    return pd.DataFrame(rows)


def pay_table_frame(game_key: str | BankedGameEngine, wager: str) -> pd.DataFrame:
    """One pay table as the declaration holds it: each row's hand and what it pays, to 1.

    >>> pay_table_frame("crazy4", "super_bonus")["pays"].tolist()[-2:]
    ['3 to 2', '1 to 1']
    """
    from ...engine.banked import pays_text

    table = banked_game_of(game_key).declaration.pay_table(wager)
    return pd.DataFrame({"hand": [line.outcome for line in table.lines],
                         "pays": [pays_text(line.pays) for line in table.lines]})


#: How a pay table's title is drawn: above the table, inside it (so no page break parts them on
#: paper), in bold on the left.
TITLE_STYLE = "caption-side:top; text-align:left; font-weight:bold; padding:8px 0 4px 0; color:inherit;"


def pay_table_titled(game_key: str | BankedGameEngine, table: str, name: str) -> Styler:
    """One pay table in the book's style, titled with its printed name ("Super Bonus pays") as the
    table's own caption; ``name`` is the table's id (``T_<name>``).

    >>> page = pay_table_titled("crazy4", "super_bonus", "demo-pays").to_html()
    >>> "<caption>Super Bonus pays</caption>" in page, 'id="T_demo-pays"' in page
    (True, True)
    """
    game = banked_game_of(game_key)
    title = f"{game.declaration.pay_table(table).name} pays"
    return (style_table(pay_table_frame(game, table), name).set_caption(title)
            .set_table_styles([{"selector": "caption", "props": TITLE_STYLE}], overwrite=False))


def example_html(game_key: str | BankedGameEngine, wagers: Mapping[str, int], **cards: str) -> str:
    """A worked example: every hand pictured, then the settlement from ``settle`` (or, for wagers
    or cards the engine refuses, its message: R22, never corrected).

    >>> "Total" in example_html("crazy4", {"ante": 5, "super_bonus": 5, "play": 5}, player="Kh Kd 9s 4c 2d",
    ...                         dealer="Qs Jd 8c 5h 3d")
    True
    """
    game = banked_game_of(game_key)
    try:
        s: Settlement | None = game.settle(wagers, **cards)
    except GameError as err:
        s, refusal = None, error_html("Refused", err)
    pics = []
    for who, text in cards.items():
        hand = parse_cards(text)
        best = None
        decl = game.declaration
        if any(h.cards == (who,) and h.system == decl.system for h in decl.hands):  # a hand in the game's ranking
            best = set(rankings.best_hand(game.declaration.system, hand)) or None
        pics.append(f"<tr><td style='padding:2px 8px;font-weight:bold;'>{html.escape(who)}</td>"
                    f"<td style='padding:2px 8px;'>{hand_html(hand, highlight=best)}</td></tr>")
    bets = ", ".join(f"{game.declaration.wager(k).name} ${v}" for k, v in wagers.items() if v)
    return (f"<p style='margin:4px 0;'><i>Wagers: {html.escape(bets)}</i></p>"
            f"<table style='border-collapse:collapse;'>{''.join(pics)}</table>"
            + (settlement_html(s) if s is not None else refusal))


__all__ = ["returns_frame", "plot_returns", "plot_decision_ev", "plot_nh_starting_hands", "limits_frame",
           "pay_table_frame", "pay_table_titled", "example_html"]
