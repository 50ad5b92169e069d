"""High poker: the best five cards of five, six or seven (RULINGS R3).

Ace high, and low only in the wheel A-2-3-4-5; no wrap-around straights. Values run from 1
(seven-five-four-three-deuce high) to 7,462 (royal flush).

>>> from gamelib.cards import parse_cards
>>> import numpy as np
>>> HIGH.describe(int(HIGH.evaluate_array(np.array([parse_cards("Kh Kd Ks 4c 4d")]))[0]))
'full house, kings full of fours'
"""

from __future__ import annotations

from .core import HIGH_CATEGORIES, PatternSystem

HIGH = PatternSystem("high", 5, HIGH_CATEGORIES, sizes=(5, 6, 7))
