"""Three Card Poker hands: straight flush, three of a kind, straight, flush, pair, high card.

A-K-Q is the highest straight and A-2-3 the lowest (its top card is the three).

>>> import numpy as np
>>> from gamelib.cards import parse_cards
>>> THREE_CARD.describe(int(THREE_CARD.evaluate_array(np.array([parse_cards("Ah Kh Qh")]))[0]))
'straight flush, ace high'
"""

from __future__ import annotations

from .core import PatternSystem

THREE_CARD_CATEGORIES = ("high card", "pair", "flush", "straight", "three of a kind", "straight flush")

THREE_CARD = PatternSystem("three-card", 3, THREE_CARD_CATEGORIES, sizes=(3,))
