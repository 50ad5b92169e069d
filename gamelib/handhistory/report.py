"""A replayed hand record laid out for a person (street by street) or a program (JSON).

``text(replay)`` is what ``python -m gamelib replay FILE.phh`` prints: the game and the
record's stakes, who sits where, then each action of the record with the pot and side pots
before it (R7), who was to act and what he might do, and what the engine did with it; at the
end each pot's award, portion by portion, with the ruling for every odd chip (R6), and the
final stacks against the record's. ``as_json(replay)`` is the same hand as a JSON-ready
object: ``finishing_stacks`` (the final stacks in the record's player order), the pots and
the awards.

Seats are the engine's (seat 0 is the record's p1); the record's own actions keep their
``pN`` names.

>>> from gamelib.handhistory.replay import replay
>>> rp = replay('variant = "FB"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
...             'big_bet = 4\\nstarting_stacks = [20, 20]\\nactions = ["d dh p1 ????????", '
...             '"d dh p2 ????????", "p2 f"]')
>>> as_json(rp)["finishing_stacks"], text(rp).splitlines()[-1]
([21, 19], 'final stacks: p1 21, p2 19')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from ..engine import events as ev
from ..engine.pots import Pot
from .replay import Replay


def _pots(pots: Sequence[Pot]) -> str:
    if not pots:
        return "pot 0"
    total = sum(p.amount for p in pots)
    if len(pots) == 1:
        return f"pot {total:,}"
    parts = "; ".join(f"{'main' if k == 0 else f'side pot {k}'} {p.amount:,} "
                      f"({', '.join(f'p{s + 1}' for s in p.eligible)})" for k, p in enumerate(pots))
    return f"pot {total:,}: {parts}"


def _lines(events: Iterable[ev.Event]) -> list[str]:
    return [f"    {e.text}" for e in events if e.text is not None and not isinstance(e, ev.Burn)]


def award_lines(rp: Replay) -> list[str]:
    """How a finished replay's pots are awarded, portion by portion, each odd chip with its
    ruling (R6, R7); the hands killed at the showdown first. Empty while the hand is unfinished
    or when it was won uncontested.

    >>> from gamelib.handhistory.replay import replay
    >>> award_lines(replay('variant = "FB"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
    ...                    'big_bet = 4\\nstarting_stacks = [20, 20]\\nactions = ["d dh p1 ????????", '
    ...                    '"d dh p2 ????????", "p2 f"]'))
    []
    """
    out = [f"  p{s + 1} mucks at the showdown: his hand is dead and wins nothing" for s in rp.hand.killed]
    award = rp.award()
    if award is not None:
        out.append("award:")
        for line in award.lines:
            paid = ", ".join(f"p{s + 1} {x:,}" for s, x in line.paid)
            out.append(f"  {line.pot_name} {line.pot_amount:,}, {line.portion} ({line.share}): {paid} -- {line.reason}")
            for note in line.notes:
                out.append(f"    odd chip: {note}")
            if not line.notes:
                out.append("    no odd chip")
    return out


def text(rp: Replay) -> str:
    """The replay street by street (see the module docstring)."""
    r, h = rp.record, rp.hand
    names = r.extra.get("players") or []
    out = [f"{rp.game.title}, {rp.structure.name}"]
    if r.extra.get("event"):
        out.append(str(r.extra["event"]))
    out.append("players: " + ", ".join(
        f"p{k + 1} (seat {k}{', button' if k == h.button else ''}){' ' + str(names[k]) if k < len(names) else ''} "
        f"{r.starting_stacks[k]:,}" for k in range(r.player_count)))
    out.extend(_lines(rp.opening))
    for st in rp.steps:
        if st.seat is None:
            continue
        out.append(f"  [{_pots(st.pots) if st.pots else f'pot {st.pot:,}'}] p{(st.to_act or 0) + 1} to act, may: "
                   f"{st.legal} -- {st.text.split('#')[0].strip()}")
        out.extend(_lines(st.events))
    if rp.violation is not None:
        out.append(f"  ILLEGAL at action {(rp.violation.index or 0) + 1}: {rp.violation}")
        return "\n".join(out)
    if not h.is_over:
        out.append(f"  the record ends here, the hand unfinished: p{(h.to_act or 0) + 1} is to act, may: "
                   f"{rp.steps[-1].legal if rp.steps else ''}")
        return "\n".join(out)
    out.extend(award_lines(rp))
    if rp.matches_record is False:
        rec = r.finishing_stacks or []
        out.append("the record's final stacks differ (replayed under these rulings, R32): " +
                   ", ".join(f"p{k + 1} {x:,}" for k, x in enumerate(rec)))
    stacks = rp.finishing_stacks or []
    out.append("final stacks: " + ", ".join(f"p{k + 1} {x:,}" for k, x in enumerate(stacks)))
    return "\n".join(out)


def _pot_json(p: Pot) -> dict[str, Any]:
    return {"amount": p.amount, "eligible": [f"p{s + 1}" for s in p.eligible]}


def _names(players: object) -> list[str] | None:
    """The record's ``players`` as names (PHH writes them as strings; anything else as its text)."""
    return [str(p) for p in players] if isinstance(players, list) else None


def as_json(rp: Replay) -> dict[str, Any]:
    """The replay as a JSON-ready object (see the module docstring)."""
    h = rp.hand
    award = rp.award()
    awards = [] if award is None else [
        {"pot": line.pot_name, "amount": line.pot_amount, "portion": line.portion, "share": str(line.share),
         "chips": line.dollars, "paid": [[f"p{s + 1}", x] for s, x in line.paid], "reason": line.reason,
         "odd_chips": list(line.notes)} for line in award.lines]
    if rp.complete and award is None:
        winner = next(s for s in range(h.n) if not h.folded[s])
        awards = [{"pot": "main pot", "amount": sum(h.contributed), "portion": "uncontested", "share": "1",
                   "chips": sum(h.contributed), "paid": [[f"p{winner + 1}", sum(h.contributed)]],
                   "reason": "every other player folded", "odd_chips": []}]
    v = rp.violation
    return {
        "variant": rp.record.variant, "game": rp.game.key, "structure": rp.structure.name,
        "players": _names(rp.record.extra.get("players")), "starting_stacks": list(rp.record.starting_stacks),
        "complete": rp.complete, "finishing_stacks": rp.finishing_stacks,
        "recorded_finishing_stacks": rp.record.finishing_stacks, "matches_record": rp.matches_record,
        "pots": [_pot_json(p) for p in rp.pots()] if rp.complete else [],
        "awards": awards, "mucked_at_showdown": [f"p{s + 1}" for s in h.killed],
        "violation": None if v is None else {"action": (v.index or 0) + 1, "rule": v.rule, "words": v.words,
                                              "continuation": v.continuation},
    }


__all__ = ["as_json", "award_lines", "text"]
