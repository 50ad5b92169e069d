"""Widgets for notebooks and the book, built on the layers above; a widget holds no rule.

Card rendering lives in :mod:`gamelib.widgets.cards` (HTML strings with inline styles, and
``ipywidgets.HTML`` wrappers).

>>> from gamelib.widgets import hand_html
>>> hand_html("Qs").count("♠")
1
"""

from __future__ import annotations

from .cards import FOUR_COLOR, TWO_COLOR, card_html, hand_html, hand_widget

__all__ = ["FOUR_COLOR", "TWO_COLOR", "card_html", "hand_html", "hand_widget"]
