"""Crazy 4 Poker: the best four cards of five.

Four-card hands rank four of a kind, straight flush, three of a kind, flush, straight, two pair,
pair, high card. The ace is high, except in the lowest straight A-2-3-4.

>>> import numpy as np
>>> from gamelib.cards import parse_cards
>>> CRAZY4.describe(int(CRAZY4.evaluate_array(np.array([parse_cards("Qh Qd 4s 4c 9d")]))[0]))
'two pair, queens up (Q-Q-4-4)'
"""

from __future__ import annotations

from .core import PatternSystem

CRAZY4_CATEGORIES = (
    "high card",
    "pair",
    "two pair",
    "straight",
    "flush",
    "three of a kind",
    "straight flush",
    "four of a kind",
)

CRAZY4 = PatternSystem("crazy4", 4, CRAZY4_CATEGORIES, sizes=(4, 5))
