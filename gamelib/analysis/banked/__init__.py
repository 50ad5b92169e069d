"""Exact analysis of the banked games: outcome tables, returns, house edge, element of risk.

``analyze(game)`` returns a :class:`BankedAnalysis`: for every wager a
pandas DataFrame with columns ``outcome``, ``pays``, ``combinations`` (exact Python ints),
``probability`` and ``return``, plus a summary. Everything is counted by full enumeration (see
:mod:`gamelib.analysis.banked.enumeration`); the game modules are :mod:`gamelib.analysis.banked.crazy4`,
:mod:`gamelib.analysis.banked.three_card` and :mod:`gamelib.analysis.banked.nh`, found through the counting method the
game's declaration names (:data:`COUNTERS`), never through the game's key. Work that does not depend on the pay tables
is cached on disk (:mod:`gamelib.analysis.cache`), so another pay table is analysed in well
under a second once the first analysis has run.

The pieces the game modules share (:func:`outcome_table`, :class:`BankedAnalysis`...) are in
:mod:`gamelib.analysis.banked.common`; the rules they all apply the same way (the decision from
the options' values with the tie rule R23, the dealer hands split by qualification and
comparison, each wager's part read from the declaration) in :mod:`gamelib.analysis.banked.rules`.

>>> from gamelib import get_game
>>> float(analyze(get_game("three-card-6bonus")).returns["pair_plus"]) < 0
True
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from ...amounts import flag
from ...engine.registry import banked_engine
from ...games.vocabularies import Counting
from .common import BankedAnalysis, Progress

#: The counting method each declaration names, and the function that counts that way (module,
#: function), imported when first used. A new banked game whose math one of these covers needs
#: no code here; a game that needs a new counting method adds one member and one line.
COUNTERS: dict[Counting, tuple[str, str]] = {
    Counting.FOUR_OF_FIVE_AGAINST_DEALER: (".crazy4", "analyze_crazy4"),
    Counting.THREE_AGAINST_DEALER: (".three_card", "analyze_three_card"),
    Counting.STREETS_AGAINST_PAY_TABLE: (".nh", "analyze_nh"),
}


def counter(counting: Counting) -> Callable[..., BankedAnalysis]:
    """The analysis function of a counting method.

    >>> counter(Counting.THREE_AGAINST_DEALER).__name__
    'analyze_three_card'
    """
    module, name = COUNTERS[counting]
    fn: Callable[..., BankedAnalysis] = getattr(import_module(module, __package__), name)
    return fn


def analyze(game: object, progress: bool = False) -> BankedAnalysis:
    """The exact analysis of a banked game (a key of ``BANKED_GAMES`` or the game object, see
    :func:`gamelib.get_game`): the counting method its declaration names, under the declaration's
    pay tables, qualifier and limits. ``progress`` (True or False) shows a progress bar.

    >>> analyze("badugi")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the game must be a banked game (crazy4, three-card-6bonus, nh-holdem) or get_game()
    of one, not 'badugi'
    """
    decl = banked_engine(game).declaration
    return counter(decl.counting)(decl, Progress(flag(progress, "progress")))


def strategy_of(game: object, progress: bool = False) -> Any:
    """The optimal strategy of a banked game object, derived from its exact analysis.

    >>> from gamelib import get_game
    >>> strategy_of(get_game("three-card-6bonus")).play_for("Qs 6d 4h")
    'raise'
    """
    return analyze(game, progress=progress).strategy
