"""Every game by its key: ``get_game(key)`` builds a pot game or a banked game from its
declaration (re-exported as :func:`gamelib.get_game`; the layers below the package's own face
import it from here).

The engines are imported when a game is first asked for, so ``import gamelib`` stays light.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, overload

from ..errors import GameError, shown
from ..games import BANKED_GAMES, GAMES, POT_GAMES, BankedGameKey, PotGameKey

if TYPE_CHECKING:  # imported when a game is first asked for (below), so only named here
    from ..games.banked import BankedGame
    from .banked import BankedGameEngine
    from .pot_game import PotGameEngine


@overload
def get_game(key: PotGameKey) -> PotGameEngine: ...
@overload
def get_game(key: BankedGameKey) -> BankedGameEngine: ...
@overload
def get_game(key: str) -> PotGameEngine | BankedGameEngine: ...


def get_game(key: str) -> PotGameEngine | BankedGameEngine:
    """The game declared under ``key`` (one of ``GAMES``): a pot game's engine for a key of
    ``POT_GAMES``, a banked game's engine for one of ``BANKED_GAMES`` (typed so by overloads).

    >>> get_game("no-such-game")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: unknown game 'no-such-game'; the games are: archie, drawmaha, drawmaha-27, a5-triple-draw,
    27-triple-draw, double-board-omaha, stud8, big-o, badugi, badacey, badeucey, razzdugi, 27-razzdugi, super-razzdugi,
    crazy4, three-card-6bonus, nh-holdem
    """
    if isinstance(key, str) and key in POT_GAMES:
        from .pot_game import pot_game

        return pot_game(key)
    if isinstance(key, str) and key in BANKED_GAMES:
        from .banked import banked_game

        return banked_game(key)
    raise GameError(f"unknown game {shown(key)}; the games are: {', '.join(GAMES)}")


def banked_declaration(decl: object, what: str = "the declaration") -> BankedGame:
    """``decl`` if it is a banked game's declaration (what the par sheet's parts read), else a
    refusal that says how to get one.

    >>> banked_declaration(get_game("crazy4").declaration).key
    'crazy4'
    """
    from ..games.banked import BankedGame

    if not isinstance(decl, BankedGame):
        raise GameError(f"{what} must be a banked game's declaration (get_game(key).declaration), not {shown(decl)}")
    return decl


def banked_engine(game: object, what: str = "the game") -> BankedGameEngine:
    """A banked game's engine from an engine or a key of ``BANKED_GAMES``: what the analyses
    (``analyze``, ``strategy_of``, ``par_sheet``, ``design``) take. Anything else, a pot game
    included, is refused with what is allowed.

    >>> banked_engine("crazy4").title
    'Crazy 4 Poker'
    >>> banked_engine("badugi")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the game must be a banked game (crazy4, three-card-6bonus, nh-holdem) or get_game()
    of one, not 'badugi'
    """
    from .banked import BankedGameEngine, banked_game

    if isinstance(game, BankedGameEngine):
        return game
    if isinstance(game, str) and game in BANKED_GAMES:
        return banked_game(game)
    key = getattr(game, "key", None)
    named = f"the pot game {key}" if isinstance(key, str) and key in POT_GAMES else shown(game)
    raise GameError(f"{what} must be a banked game ({', '.join(BANKED_GAMES)}) or get_game() of one, not {named}")
