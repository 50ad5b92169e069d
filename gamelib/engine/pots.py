"""Pots in whole dollars: the main pot and side pots, and dividing a pot with its odd chips.

``side_pots(contributions, live)`` builds the main pot and side pots from what each seat put
in (R7), ``pots_in_play`` the same while the betting goes on (a side pot only above an all-in);
``divide(amount, shares)`` splits a pot among portions, the odd dollar to the first
side (R5, R6); ``split_among(amount, seats_in_odd_chip_order)`` splits a portion among tied
hands, odd dollars one each in the order given (R6).

>>> [(p.amount, p.eligible) for p in side_pots([50, 20, 50, 5], live=[True, True, True, False])]
[(65, (0, 1, 2)), (60, (0, 2))]
>>> divide(7, [Fraction(1, 2), Fraction(1, 2)])
[4, 3]
>>> split_among(5, [2, 0])
{2: 3, 0: 2}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from ..amounts import whole_number
from ..errors import GameError


@dataclass(frozen=True)
class Pot:
    """One pot: its ``amount`` in dollars and the seats ``eligible`` to win it.

    >>> Pot(30, (0, 2)).amount
    30
    """

    amount: int
    eligible: tuple[int, ...]


def side_pots(contributions: Sequence[int], live: Sequence[bool]) -> list[Pot]:
    """The main pot then each side pot, from every seat's total contribution (R7).

    Folded seats' chips stay in the pots they reached but they are eligible for none. A pot
    only one live seat reached (an uncalled overbet) is returned as a pot for that seat alone.

    >>> [(p.amount, p.eligible) for p in side_pots([10, 10, 4], [True, True, True])]
    [(12, (0, 1, 2)), (12, (0, 1))]
    """
    if len(contributions) != len(live):
        raise GameError(f"{len(contributions)} contributions but {len(live)} live flags: give one per seat")
    if any((not isinstance(c, int)) or c < 0 for c in contributions):
        raise GameError(f"contributions are whole dollars, 0 or more: {list(contributions)}")
    levels = sorted({c for c, lv in zip(contributions, live, strict=True) if lv and c > 0})
    if not levels:
        if sum(contributions):
            raise GameError("chips are in the pot but no live seat contributed: nobody can win them")
        return []
    pots: list[Pot] = []
    prev = 0
    for i, level in enumerate(levels):
        top = level if i < len(levels) - 1 else max(contributions)
        amount = sum(max(0, min(c, top) - prev) for c in contributions)
        eligible = tuple(s for s, (c, lv) in enumerate(zip(contributions, live, strict=True)) if lv and c >= level)
        if amount:
            if pots and pots[-1].eligible == eligible:
                pots[-1] = Pot(pots[-1].amount + amount, eligible)
            else:
                pots.append(Pot(amount, eligible))
        prev = top
    return pots


def pots_in_play(contributions: Sequence[int], live: Sequence[bool], all_in: Sequence[bool]) -> list[Pot]:
    """The main pot and side pots as they stand while the hand is played (R7): a side pot
    begins only above an all-in player's total. Bets not yet called are in the last pot, which
    every live player with chips left may still win (he calls or folds); ``side_pots`` is the
    division once the betting is over.

    >>> [(p.amount, p.eligible) for p in pots_in_play([500, 250, 0], [True, True, True], [False, False, False])]
    [(750, (0, 1, 2))]
    >>> [(p.amount, p.eligible) for p in pots_in_play([500, 200, 300], [True, True, True], [False, True, False])]
    [(600, (0, 1, 2)), (400, (0, 2))]
    """
    if not len(contributions) == len(live) == len(all_in):
        raise GameError(f"{len(contributions)} contributions, {len(live)} live and {len(all_in)} all-in flags: "
                        f"give one of each per seat")
    if any((not isinstance(c, int)) or c < 0 for c in contributions):
        raise GameError(f"contributions are whole dollars, 0 or more: {list(contributions)}")
    top = max(contributions, default=0)
    levels = sorted({c for c, lv, a in zip(contributions, live, all_in, strict=True) if lv and a and 0 < c < top}
                    | {top})
    pots: list[Pot] = []
    prev = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, prev) for c in contributions)
        eligible = tuple(s for s, (c, lv, a) in enumerate(zip(contributions, live, all_in, strict=True))
                         if lv and (c >= level or not a))
        if amount and pots and (pots[-1].eligible == eligible or not eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)  # a folded player's chips above the rest
        elif amount:
            pots.append(Pot(amount, eligible))
        prev = level
    return pots


def divide(amount: int, shares: Sequence[Fraction]) -> list[int]:
    """Dollars for each portion of a pot: the exact share rounded down, then the odd dollars one
    each to the first portions in order (R6: the first side gets the odd dollar).

    >>> divide(9, [Fraction(1)]), divide(9, [Fraction(1, 2), Fraction(1, 2)]), divide(0, [Fraction(1, 2)] * 2)
    ([9], [5, 4], [0, 0])
    """
    amount = whole_number(amount, "a pot (whole dollars)", 0)
    if not shares or any(s <= 0 for s in shares) or sum(shares) != 1:
        raise GameError(f"portion shares must be positive and add up to 1, not {[str(s) for s in shares]}")
    parts = [int(amount * s) for s in shares]
    for k in range(amount - sum(parts)):
        parts[k % len(parts)] += 1
    return parts


def split_among(amount: int, seats: Sequence[int]) -> dict[int, int]:
    """Dollars per tied seat: equal parts, odd dollars one each to the first seats given (R6).

    >>> split_among(10, [1, 3, 0])
    {1: 4, 3: 3, 0: 3}
    """
    if not seats:
        raise GameError("a portion with money must have at least one winner")
    each, rest = divmod(amount, len(seats))
    return {s: each + (1 if k < rest else 0) for k, s in enumerate(seats)}


def clockwise_from_button(seats: Sequence[int], button: int, n_seats: int) -> list[int]:
    """Seats in the order they are reached going clockwise from the button (R6, button games).

    >>> clockwise_from_button([0, 2, 4], button=2, n_seats=5)
    [4, 0, 2]
    """
    return sorted(seats, key=lambda s: (s - button - 1) % n_seats)


__all__ = ["Pot", "side_pots", "pots_in_play", "divide", "split_among", "clockwise_from_button"]
