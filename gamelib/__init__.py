"""gamelib: the rules engine behind the interactive handbook of casino poker games.

>>> from gamelib.cards import parse_cards
>>> parse_cards("As Kd")
[51, 45]
"""

from __future__ import annotations

__version__ = "0.1.0"
