"""Betting structures for the mixed-game and Big O chapters: forced bets, bet sizes, the wager checker.

* ``blinds_table``, ``game_structure_table``, ``big_o_structures_table`` and ``bet_sizes``: the
  blinds or bring-in and the size of a bet on each street, at the stakes a chapter names
  (R11-R14, R17, R18).
* ``stud_bring_in_html``: which seat brings in on third street (R14).
* ``structures_comparison``: one deal played under each Big O structure (R18).
* ``structure_choices``, ``parse_action`` and ``WagerWidget``: typed actions checked against a
  structure's limits by the hand state machine (R11-R16, R18).

Every number comes from the engine (``gamelib.engine.hand.Hand``, ``gamelib.engine.stakes``, the
declarations in ``gamelib.games.pot``); these functions only lay the answers out.

>>> bet_sizes("stud8")["fourth street"]
'$2'
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ..amounts import parse_dollars
from ..cards import format_cards, parse_cards
from ..engine import events
from ..engine.hand import Hand
from ..engine.script import first_line
from ..engine.stakes import check_mixed_structure, min_buy_in, structure_for
from ..errors import GameError, TableError, shown
from ..games.pot import (
    BIG_O_STRUCTURES,
    POT_DECLARATIONS,
    Structure,
    big_bet_structure,
    limit_structure,
    stud_structure,
)
from ..games.table_kinds import Spread, table_kind_of
from . import controls
from .cards import hand_html
from .messages import error_html
from .scripted_hands import play

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd


def blinds_table(limits: Sequence[tuple[int, int]] = ((2, 4), (3, 6), (4, 8), (5, 10), (10, 20), (15, 30),
                                                      (20, 40))) -> pd.DataFrame:
    """Forced bets of common limit games: blinds (R11), the stud bring-in (R14, R-A9), and
    whether the mixed games may spread the limit (R17: no forced bet over $10), judged by the
    engine for each kind of forced bet: the blind games by their big blind, the stud games by
    their bring-in.

    >>> blinds_table([(3, 6)]).to_dict("records")[0]["small blind"]
    2
    >>> row = blinds_table([(15, 30)]).to_dict("records")[0]
    >>> row["blind games allowed (R17)"][:3], row["stud games allowed (R17)"]
    ('no:', 'yes')
    """
    def verdict(structure: Structure) -> str:
        try:
            check_mixed_structure(structure)
        except TableError as err:
            return f"no: {err}"
        return "yes"

    rows = []
    for lo, hi in limits:
        blind = limit_structure(lo, hi)
        stud = stud_structure(lo, hi)
        rows.append({"limit": f"${lo}/${hi}", "lower limit": lo, "higher limit": hi,
                     "small blind": blind.small_blind, "big blind": blind.big_blind,
                     "stud bring-in": stud.bring_in,
                     "blind games allowed (R17)": verdict(blind), "stud games allowed (R17)": verdict(stud)})
    return pd.DataFrame(rows)


def bet_sizes(game: str, structure: Structure | None = None) -> dict[str, str]:
    """The size of a bet or raise on each betting street of ``game`` under ``structure`` (R12, R18).

    >>> bet_sizes("big-o", BIG_O_STRUCTURES["$2-$4"])
    {'pre-flop': '$2', 'flop': '$2', 'turn': '$4', 'river': '$4'}
    """
    g = POT_DECLARATIONS[game]
    st = structure or g.structure
    out = {}
    for street in g.streets:
        if street.bet is None:
            continue
        if st.kind == "spread":
            out[street.name] = f"${st.small_bet}-${st.big_bet}"
        elif st.kind == "limit":
            out[street.name] = f"${st.small_bet if street.bet == 'small' else st.big_bet}"
        else:
            out[street.name] = f"${st.small_bet} minimum, {st.kind}"
    return out


def big_o_structures_table() -> pd.DataFrame:
    """The four Big O structures (R18): blinds, bet size per street, raises allowed after the bet
    (R13), minimum buy-in.

    >>> big_o_structures_table()["minimum buy-in"].tolist()
    [20, 40, 40, 40]
    """
    rows = []
    for name, st in BIG_O_STRUCTURES.items():
        row: dict[str, Any] = {"structure": name, "blinds": f"${st.small_blind}/${st.big_blind}"}
        row.update(bet_sizes("big-o", st))
        row["raises"] = st.max_raises
        row["minimum buy-in"] = min_buy_in(st)
        rows.append(row)
    return pd.DataFrame(rows)


def game_structure_table(game: str, limits: Sequence[tuple[int, int]] = ((2, 4), (5, 10))) -> pd.DataFrame:
    """Forced bets and bet size per street of a game at some limits (R11, R12, R14).

    >>> game_structure_table("stud8", [(2, 4)]).iloc[0]["fourth street"]
    '$2'
    """
    g = POT_DECLARATIONS[game]
    rows = []
    for lo, hi in limits:
        st = structure_for(g, lo, hi)
        row: dict[str, Any] = {"limits": f"${lo}/${hi}"}
        if g.is_stud:
            row["ante"] = st.ante
            row["bring-in"] = st.bring_in
        else:
            row["small blind"] = st.small_blind
            row["big blind"] = st.big_blind
        row.update(bet_sizes(game, st))
        rows.append(row)
    return pd.DataFrame(rows)


def stud_bring_in_html(game: str, up_cards: Sequence[str]) -> str:
    """Third street up cards of a stud game and the seat the engine makes bring it in (R14).

    The hole cards are dealt from a deck stacked so that each seat gets the given up card.

    >>> "seat 1" in stud_bring_in_html("stud8", ["Kd", "2c", "2s"])
    True
    """
    g = POT_DECLARATIONS[game]
    n = len(up_cards)
    ups = [parse_cards(u, n=1, what="up card")[0] for u in up_cards]
    rest = [c for c in range(52) if c not in ups]
    downs_per = g.streets[0].down
    # deal order: every down card round, then the up cards (engine order from the button's left)
    deck = []
    k = 0
    for _ in range(downs_per):
        for _ in range(n):
            deck.append(rest[k])
            k += 1
    order = [(s + 1) % n for s in range(n)]  # button 0: dealing starts at seat 1
    deck += [ups[s] for s in order]
    # rearrange down cards to follow the same order is unnecessary (they are arbitrary)
    h = Hand(g, [50] * n, button=0, deck=format_cards(deck), seed=0)
    seat = h.to_act
    cells = "".join(
        f"<td style=\"padding:3px 8px;text-align:center;\">seat {s}<br>"
        f"{hand_html([ups[s]], highlight=[ups[s]] if s == seat else None)}</td>"
        for s in range(n))
    return (f"<table style=\"border-collapse:collapse;\"><tr>{cells}</tr></table>"
            f"<p style=\"margin:4px 0;\">Seat {seat} brings in "
            f"(${h.structure.bring_in}) or completes to ${h.structure.small_bet}.</p>")


def structures_comparison(script: Sequence[str], stacks: Sequence[int], seed: int,
                          game: str = "big-o") -> pd.DataFrame:
    """The same deal and the same actions under each Big O structure (R18): what each player put
    in, the pot and the final stacks.

    >>> structures_comparison(["f", "f"], [50, 50, 50], seed=1)["pot"].tolist()
    [3, 3, 8, 3]
    """
    rows = []
    for name, st in BIG_O_STRUCTURES.items():
        h = play(game, script, stacks, seed=seed, structure=st)
        row: dict[str, Any] = {"structure": name, "pot": sum(h.contributed)}
        for s in range(len(stacks)):
            row[f"seat {s} put in"] = h.contributed[s]
        for s in range(len(stacks)):
            row[f"seat {s} ends with"] = h.stacks[s]
        rows.append(row)
    return pd.DataFrame(rows)


def structure_choices(game: str) -> dict[str, Structure]:
    """Structures a wager checker offers for ``game``: the Big O structures (R18) for Big O, limit
    games at two stakes (R11, R14), pot limit and no limit (R16).

    >>> list(structure_choices("stud8"))
    ['$2/$4 limit', '$5/$10 limit', 'pot limit', 'no limit']
    """
    g = POT_DECLARATIONS[game]
    out: dict[str, Structure] = {}
    kind = table_kind_of(game)
    if kind.spread is Spread.LISTED:
        out.update({f"{st.name} ({kind.title})": st for st in kind.structures})
    for lo, hi in ((2, 4), (5, 10)):
        out[f"${lo}/${hi} limit"] = structure_for(g, lo, hi)
    for big_bet in ("pot-limit", "no-limit"):
        out[big_bet.replace("-", " ")] = (big_bet_structure(big_bet, 0, 2, bring_in=1) if g.is_stud
                                          else big_bet_structure(big_bet, 1, 2))
    return out


def _cut(line: str, limit: int = 40) -> str:
    return line if len(line) <= limit else line[:limit] + "..."


def parse_action(line: str) -> tuple[str, int | None]:
    """One typed action: ``fold``, ``check``, ``call``, ``bring-in``, ``stand pat``, or ``bet``,
    ``raise``, ``complete`` with the total the player's bet becomes (``raise 8``, ``bet $4``).

    >>> parse_action("Raise to $12")
    ('raise', 12)
    """
    words = line.replace("$", " ").replace(" to ", " ").lower().split()
    if not words:
        raise GameError("an empty action: type fold, check, call, bet N, raise N, complete N or bring-in")
    amount = None
    if len(words) > 1 and (any(ch.isdigit() for ch in words[-1]) or words[-1][0] in "+-.,"):
        # Anything that looks like an amount is read as whole dollars, or refused ('bet ²', 'bet +-5').
        amount = parse_dollars(words.pop(), f"the amount in {shown(line.strip())}")
    if len(" ".join(words)) > 20:
        raise GameError(f"{shown(line.strip())} is not an action: type fold, check, call, bet N, raise N, "
                        "complete N or bring-in")
    return " ".join(words), amount


class WagerWidget(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    r"""Type the actions of a hand, one per line, in turn order; the engine checks each wager
    against the structure's limits (R11-R16, R18) and accepts it or refuses it with the reason.

    >>> w = WagerWidget("big-o", "$1-$4 (Big O cash game)", actions="call\ncall\ncheck\nbet 5")
    >>> "Refused" in w.result.value and "bet to $1-$4" in w.result.value
    True
    """

    def __init__(self, game: str = "big-o", structure: str | None = None, players: int = 3,
                 stack: int = 200, actions: str = "", seed: int = 1) -> None:
        self.game = game
        self.choices = structure_choices(game)
        self.structure = widgets.Dropdown(options=list(self.choices), value=structure or list(self.choices)[0],
                                          description="Structure")
        self.players = widgets.BoundedIntText(value=players, min=2, max=POT_DECLARATIONS[game].max_players,
                                              description="Players")
        self.stack = widgets.BoundedIntText(value=stack, min=1, max=100000, description="Stacks $")
        self.actions = widgets.Textarea(value=actions, description="Actions",
                                        placeholder="one per line: fold, check, call, bet 4, raise 8, complete 2, "
                                                    "bring-in",
                                        layout=widgets.Layout(width="30em", height="9em"))
        self.check_button = controls.button("Check the wagers", primary=True)
        self.result = widgets.HTML()
        self.seed = seed
        self.check_button.on_click(lambda _: self.check())
        super().__init__([widgets.HTML(f"<b>{html.escape(POT_DECLARATIONS[game].title)}</b>: wager checker"),
                          self.structure, controls.row([self.players, self.stack]), self.actions,
                          self.check_button, self.result])
        controls.judge(self)  # the kernel keeps the bounds and choices the page shows
        self.check()

    def check(self) -> None:
        """Play the typed actions on a fresh seeded hand; stop at the first refused one."""
        st = self.choices[self.structure.value]
        try:
            hand = Hand(POT_DECLARATIONS[self.game], [int(self.stack.value)] * int(self.players.value),
                        structure=st, seed=self.seed)
        except GameError as err:
            self.result.value = error_html("Cannot deal", err)
            return
        rows, refused = [], ""
        for line in [x.strip() for x in self.actions.value.splitlines() if x.strip()]:
            if hand.is_over:
                refused = f"{_cut(line)}: the hand is over"
                break
            seat, street = hand.to_act, hand.street.name
            could = hand.legal_words()
            before = len(hand.events)
            try:
                kind, amount = parse_action(line)
                if kind in ("bet", "raise", "complete") and amount is None:
                    raise GameError(f"say how much: '{kind} N', the total the bet becomes ({could})")
                hand.act(kind, amount)
            except GameError as err:
                refused = f"{_cut(line)}: {err}"
                break
            rows.append((street, seat, could, first_line(hand, before) or line, hand.pot))
        head = "<tr><th>street</th><th>seat</th><th>could</th><th>accepted</th><th>pot</th></tr>"
        body = "".join(f"<tr><td style=\"padding:2px 8px;\">{html.escape(a)}</td>"
                       f"<td style=\"padding:2px 8px;\">{b}</td>"
                       f"<td style=\"padding:2px 8px;\">{html.escape(c)}</td>"
                       f"<td style=\"padding:2px 8px;\">{html.escape(d)}</td>"
                       f"<td style=\"padding:2px 8px;\">${e}</td></tr>" for a, b, c, d, e in rows)
        nxt = ""
        if refused:
            nxt = error_html("Refused", refused)
        elif hand.is_over:
            nxt = "<p>The hand is over: " + html.escape(hand.events[-1].text or "") + "</p>"
        else:
            nxt = (f"<p>Next: seat {hand.to_act} on {html.escape(hand.street.name)} may "
                   + html.escape(hand.legal_words()) + ".</p>")
        forced = html.escape("; ".join(e.text for e in hand.events if isinstance(e, events.Post)))
        self.result.value = (f"<p>{html.escape(st.name)}. {forced}</p>"
                             f"<table style=\"border-collapse:collapse;\">{head}{body}</table>{nxt}")


__all__ = ["blinds_table", "bet_sizes", "big_o_structures_table", "game_structure_table", "stud_bring_in_html",
           "structures_comparison", "structure_choices", "parse_action", "WagerWidget"]
