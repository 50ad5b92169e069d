"""Exact analysis of the banked games: outcome tables, returns, house edge, element of risk.

``analyze(game)`` returns a :class:`BankedAnalysis`: for every wager a
pandas DataFrame with columns ``outcome``, ``pays``, ``combinations`` (exact Python ints),
``probability`` and ``return``, plus a summary. Everything is counted by full enumeration (see
:mod:`gamelib.analysis.banked_enum`); the game modules are :mod:`.banked_crazy4`,
:mod:`.banked_three_card` and :mod:`.banked_nh`. Work that does not depend on the pay tables
is cached on disk (:mod:`gamelib.analysis.cache`), so another pay table is analysed in well
under a second once the first analysis has run.

The pieces the game modules share (:func:`outcome_table`, :class:`BankedAnalysis`...) are in
:mod:`gamelib.analysis.banked_common`.

>>> from gamelib import get_game
>>> float(analyze(get_game("three-card-6bonus")).returns["pair_plus"]) < 0
True
"""

from __future__ import annotations

from typing import Any

from .banked_common import BankedAnalysis, Progress


def analyze(game: Any, progress: bool = False) -> BankedAnalysis:
    """The exact analysis of a banked game object (see :func:`gamelib.get_game`)."""
    key = game.key
    if key == "crazy4":
        from .banked_crazy4 import analyze_crazy4

        return analyze_crazy4(game.declaration, Progress(progress))
    if key == "three-card-6bonus":
        from .banked_three_card import analyze_three_card

        return analyze_three_card(game.declaration, Progress(progress))
    if key == "nh-holdem":
        from .banked_nh import analyze_nh

        return analyze_nh(game.declaration, Progress(progress))
    raise ValueError(f"no analysis for {key!r}")  # pragma: no cover


def strategy_of(game: Any, progress: bool = False) -> Any:
    """The optimal strategy of a banked game object, derived from its exact analysis.

    >>> from gamelib import get_game
    >>> strategy_of(get_game("three-card-6bonus")).play_for("Qs 6d 4h")
    'raise'
    """
    return analyze(game, progress=progress).strategy
