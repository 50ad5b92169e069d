"""Lowball: ace-to-five (razz), eight-or-better, and deuce-to-seven (RULINGS R3, R4).

* Ace-to-five: the ace is the lowest card, straights and flushes do not count; pairs do.
  The best hand is 5-4-3-2-A, "the wheel".
* Eight-or-better (R4): an ace-to-five low of five different ranks, all eight or lower. Hands
  that do not qualify get the value 0 ("no qualifying low"), below every qualifying low.
* Deuce-to-seven: the ace is high only, straights and flushes count against the hand. The best
  hand is 7-5-4-3-2 of mixed suits; A-5-4-3-2 is merely ace high.

Every value compares with larger = better, as in every system.

>>> import numpy as np
>>> from gamelib.cards import parse_cards
>>> A5_LOW.describe(int(A5_LOW.evaluate_array(np.array([parse_cards("8h 6d 4s 3c 2d")]))[0]))
'eight-six low (8-6-4-3-2)'
"""

from __future__ import annotations

from functools import cache

import numpy as np

from .core import HIGH_CATEGORIES, PatternSystem

A5_LOW = PatternSystem(
    "a5-low", 5, HIGH_CATEGORIES, straights=False, flushes=False, ace_low=True, invert=True, sizes=(5, 6, 7)
)
DEUCE_SEVEN = PatternSystem("27-low", 5, HIGH_CATEGORIES, wheel=False, invert=True, sizes=(5, 6, 7))

EIGHT = 6  # rank index of the eight


@cache
def low8_qualifies_table() -> np.ndarray:
    """For each ace-to-five value, whether it is an eight-or-better low (R4).

    >>> int(low8_qualifies_table().sum())
    56
    """
    t = np.zeros(A5_LOW.n_classes + 1, bool)
    for v, hc in enumerate(A5_LOW.classes, start=1):
        # No pair, and the top card (ace counts as one) is an eight or lower.
        t[v] = hc.category == "high card" and hc.ranks[0] <= EIGHT
    return t


def low8_from_a5(values: np.ndarray) -> np.ndarray:
    """Eight-or-better values from ace-to-five values: the same number if it qualifies, else 0.

    >>> int(low8_from_a5(np.array([1]))[0])
    0
    """
    values = np.asarray(values)
    return np.where(low8_qualifies_table()[values], values, 0).astype(np.int32)


def describe_low8(value: int) -> str:
    """Words for an eight-or-better value.

    >>> describe_low8(0)
    'no qualifying low'
    """
    if value == 0:
        return "no qualifying low"
    A5_LOW.hand_class(value)  # refuses values outside 1..6175
    if not low8_qualifies_table()[value]:
        from ..errors import RankingError

        raise RankingError(f"{value} is not an eight-or-better value: it is an ace-to-five low above eight")
    return A5_LOW.describe(value)
