"""How pots are paid, explained, and the pots and deals the book's showdown widgets start from.

``explain_award(showdown, pots, button)`` spells out how each pot is paid: each portion's
dollars, the tied seats, and which seat got an odd dollar and why (R5, R6, R7); its totals are
exactly ``Showdown.award_pots``. ``parse_pots`` reads pots typed one per line,
``pots_from_contributions`` builds the main and side pots from what each seat put in (R7), and
``sample_deal`` deals seeded final hands and boards for a showdown example of any pot game.

>>> from gamelib.engine.pot_game import pot_game
>>> sd = pot_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
>>> explain_award(sd, pots_from_contributions([3, 3, 1], [True, True, True])).totals
(3, 4, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Sequence

import numpy as np

from ..amounts import parse_dollars
from ..errors import GameError, shown
from ..games.pot import PotGame
from .pots import divide, side_pots
from .showdown import SPLIT_NAME, Showdown


@dataclass(frozen=True)
class PortionPay:
    """One portion of one pot: its dollars and who gets them, in odd-chip order."""

    pot_name: str
    pot_amount: int
    portion: str
    share: Fraction
    dollars: int
    paid: tuple[tuple[int, int], ...]
    reason: str
    note: str


@dataclass(frozen=True)
class PayExplanation:
    """How a set of pots is paid: one ``PortionPay`` per paid portion, and the totals."""

    lines: tuple[PortionPay, ...]
    totals: tuple[int, ...]


def explain_award(showdown: Showdown, pots: Sequence[tuple[int, Iterable[int]]], button: int = 0) -> PayExplanation:
    """Each pot divided into its portions and among tied seats, with the odd dollars explained.

    The totals are exactly ``showdown.award_pots(pots, button)``.

    >>> from gamelib.engine.pot_game import pot_game
    >>> sd = pot_game("badugi").showdown(["As 2d 3h 4c", "Ad 2h 3c 4s", "Kd Qh Jc 9s"])
    >>> e = explain_award(sd, [(7, [0, 1, 2])], button=0)
    >>> e.totals, e.lines[0].paid
    ((3, 4, 0), ((1, 4), (0, 3)))
    """
    n = len(showdown.hands)
    totals = [0] * n
    lines: list[PortionPay] = []
    for k, (amount, eligible) in enumerate(pots):
        elig = list(eligible)
        name = "main pot" if k == 0 else f"side pot {k}"
        if not isinstance(amount, (int, np.integer)) or amount < 0:
            raise GameError(f"{name} must be a whole number of dollars, 0 or more, not {shown(amount)}")
        for s in elig:
            if not 0 <= s < n or showdown.hands[s] is None:
                raise GameError(f"seat {s} is not at the showdown; the live seats are {list(showdown.live)}")
        if not elig:
            raise GameError(f"{name} has no eligible seat: list the live seats that may win it")
        if amount == 0:
            continue
        portions = [p for p in showdown.judge(elig) if p.share > 0]
        parts = divide(int(amount), [p.share for p in portions])
        for i, (p, dollars) in enumerate(zip(portions, parts)):
            order = showdown.odd_chip_order(list(p.winners), p.name, button)
            each, rest = divmod(dollars, len(order))
            paid = tuple((s, each + (1 if j < rest else 0)) for j, s in enumerate(order))
            notes = []
            exact = p.share * int(amount)
            if i < int(amount) - sum(int(q.share * int(amount)) for q in portions) and exact.denominator != 1:
                notes.append(f"the {p.name} gets the odd dollar of the ${amount} pot, "
                             f"{'being the first portion' if i == 0 else 'in portion order'} (R6)")
            if rest:
                how = ("clockwise from the button" if showdown.game.odd_chip == "button" or p.name == SPLIT_NAME
                       else "by the card that decides the odd chip in stud (R-A3)")
                notes.append(f"${rest} odd dollar{'s' if rest > 1 else ''} among {len(order)} tied seats: "
                             + ", ".join(f"seat {s}" for s in order[:rest]) + f" first, {how} (R6)")
            for s, x in paid:
                totals[s] += x
            lines.append(PortionPay(name, int(amount), p.name, p.share, dollars, paid, p.reason, "; ".join(notes)))
    expected = showdown.award_pots(pots, button)
    if totals != expected:  # pragma: no cover - a wrong explanation must never be shown
        raise GameError(f"explanation {totals} disagrees with the engine's award {expected}")
    return PayExplanation(tuple(lines), tuple(totals))


def parse_pots(text: str, seats: int) -> list[tuple[int, list[int]]]:
    """Pots typed one per line as ``amount: seat seat ...`` (no seats = every seat).

    >>> parse_pots("61: 0 1 2\\n20: 1 2", 3)
    [(61, [0, 1, 2]), (20, [1, 2])]
    """
    out: list[tuple[int, list[int]]] = []
    for line in text.splitlines():
        line = line.strip()
        if not line:
            continue
        amount_text, _, seat_text = line.partition(":")
        try:
            amount = parse_dollars(amount_text, "the amount")
        except GameError as err:
            raise GameError(f"a pot line is 'amount: seats', e.g. '60: 0 1 2'; in {shown(line)}, {err}") from None
        seat_words = seat_text.replace(",", " ").split()
        bad = [w for w in seat_words if not (w.isascii() and w.isdigit() and len(w) <= 3)]
        if bad:
            raise GameError(f"seats are numbers from 0 to {seats - 1}; got {shown(bad[0])} in {shown(line)}")
        elig = [int(w) for w in seat_words] or list(range(seats))
        out.append((amount, elig))
    if not out:
        raise GameError("enter at least one pot, e.g. '60: 0 1 2'")
    return out


def sample_deal(game: PotGame, players: int, seed: int) -> tuple[list[list[int]], list[list[int]]]:
    """Seeded final hands (and full boards) for a showdown example of any pot game.

    >>> from gamelib.games.pot import POT_DECLARATIONS
    >>> hands, boards = sample_deal(POT_DECLARATIONS["drawmaha"], 3, 1)
    >>> [len(h) for h in hands], [len(b) for b in boards]
    ([5, 5, 5], [5])
    """
    if not 2 <= players <= game.max_players:
        raise GameError(f"{game.title} is dealt to 2 to {game.max_players} players, not {players}")
    deck = np.random.default_rng(seed).permutation(52).tolist()
    hands = [deck[i * game.hole_cards:(i + 1) * game.hole_cards] for i in range(players)]
    rest = deck[players * game.hole_cards:]
    boards = [rest[5 * b:5 * b + 5] for b in range(game.boards)]
    return hands, boards


def pots_from_contributions(contributions: Sequence[int], live: Sequence[bool]) -> list[tuple[int, list[int]]]:
    """Main and side pots as ``(amount, eligible seats)`` from what each seat put in (R7).

    >>> pots_from_contributions([50, 20, 50], [True, True, True])
    [(60, [0, 1, 2]), (60, [0, 2])]
    """
    return [(p.amount, list(p.eligible)) for p in side_pots(list(contributions), list(live))]


__all__ = ["explain_award", "PayExplanation", "PortionPay", "parse_pots", "sample_deal", "pots_from_contributions"]
