"""Any hand played in the engine, written as a PHH hand record.

``to_record(hand)`` reads a ``gamelib.engine.hand.Hand``'s typed events (never its text) and
writes what happened in PHH's notation: the stakes (``gamelib.handhistory.variants``), the
starting stacks, every card dealt (``d dh``, ``d db``), every action (``f``, ``cc``, ``cbr``,
``pb``, ``sd``), the hands shown at the showdown (``sm``) and the final stacks. PHH seats its
players from the button's left, so the record's player 1 is the seat left of the button; the
table's seat numbers are kept in the standard ``seats`` field (seat 0 is ``1``). A draw's
replacement cards are written after every player's discard of that draw, as the dealer deals
them (and as PHH readers such as pokerkit expect).

A hand still in play is written as far as it has gone (PHH allows a partial history), with no
``finishing_stacks``.

>>> from gamelib.engine.hand import Hand
>>> from gamelib.games.pot import POT_DECLARATIONS
>>> h = Hand(POT_DECLARATIONS["badugi"], [50, 60], button=0, seed=3); h.act("fold")
>>> r = to_record(h)
>>> r.variant, r.starting_stacks, r.actions[2:], r.extra["finishing_stacks"], r.extra["seats"]
('FB', [60, 50], ['p2 f'], [61, 49], [2, 1])
"""

from __future__ import annotations

from typing import Any

from ..engine import events as ev
from ..engine.hand import Hand
from .record import HandRecord, format_cards_phh
from .variants import stake_fields


def to_record(hand: Hand, players: list[str] | None = None, **fields: object) -> HandRecord:
    """``hand`` as a PHH record; ``players`` names the seats (in seat order), ``fields`` adds
    optional PHH fields (``event``, ``author``, ...).

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> h = Hand(POT_DECLARATIONS["stud8"], [20, 20], seed=2)
    >>> to_record(h, players=["Ann", "Bob"], event="practice").extra["players"]
    ['Bob', 'Ann']
    """
    n = hand.n
    order = [(hand.button + 1 + k) % n for k in range(n)]  # record player k is seat order[k]
    pn = {seat: f"p{k + 1}" for k, seat in enumerate(order)}
    actions: list[str] = []
    pending_deals: list[str] = []
    boards = [0] * max(1, hand.game.boards)
    for e in hand.events:
        if pending_deals and not isinstance(e, (ev.Draw, ev.StandPat, ev.Discard, ev.Burn, ev.Reshuffle)):
            actions.extend(pending_deals)
            pending_deals = []
        if isinstance(e, ev.Deal):
            actions.append(f"d dh {pn[e.seat]} {format_cards_phh(e.new_down + e.new_up)}")
        elif isinstance(e, ev.Board):
            new = e.cards[boards[e.number - 1]:]
            boards[e.number - 1] = len(e.cards)
            actions.append(f"d db {format_cards_phh(new)}")
        elif isinstance(e, ev.CommunityCard):
            actions.append(f"d db {format_cards_phh(e.cards)}")
        elif isinstance(e, ev.Fold):
            actions.append(f"{pn[e.seat]} f")
        elif isinstance(e, (ev.Check, ev.Call)):
            actions.append(f"{pn[e.seat]} cc")
        elif isinstance(e, ev.BringIn):
            actions.append(f"{pn[e.seat]} pb")
        elif isinstance(e, ev.Wager):
            actions.append(f"{pn[e.seat]} cbr {e.to}")
        elif isinstance(e, ev.StandPat):
            actions.append(f"{pn[e.seat]} sd")
        elif isinstance(e, ev.Draw):
            actions.append(f"{pn[e.seat]} sd {format_cards_phh(e.discards)}")
            pending_deals.append(f"d dh {pn[e.seat]} {format_cards_phh(e.receives)}")
        elif isinstance(e, ev.Discard):
            actions.append(f"{pn[e.seat]} sd {format_cards_phh(e.cards)}")
        elif isinstance(e, ev.Shows):
            own = [c for c in e.cards if c not in hand.community]  # a stud community card is nobody's (R-A6)
            actions.append(f"{pn[e.seat]} sm {format_cards_phh(own)}")
    actions.extend(pending_deals)
    out = stake_fields(hand.game, hand.structure, n)
    extra: dict[str, Any] = {k: v for k, v in out.items() if k.startswith("_")}
    extra["seats"] = [s + 1 for s in order]
    if players is not None:
        extra["players"] = [players[s] for s in order]
    if hand.is_over:
        extra["finishing_stacks"] = [hand.stacks[s] for s in order]
    extra.update(fields)
    return HandRecord(out["variant"], out["antes"], out.get("blinds_or_straddles"), out.get("bring_in"),
                      out.get("small_bet"), out.get("big_bet"), out.get("min_bet"),
                      [hand.start_stacks[s] for s in order], actions, extra)


__all__ = ["to_record"]
