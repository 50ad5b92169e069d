"""The pot games as objects: a declaration plus the engine that judges and plays it.

``pot_game(key)`` (what ``gamelib.get_game`` returns for the keys of ``gamelib.POT_GAMES``)
wraps the declaration of ``gamelib.games.pot`` with ``showdown``, ``judge_many`` and
``new_hand``.

>>> g = pot_game("badeucey")
>>> [p.winners for p in g.showdown(["2s 3d 4h 5c 7d", "Ks Qd Jh Tc 9h"]).portions]
[(0,), (0,)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from ..cards import CardsLike, SeedLike
from ..errors import GameError, shown
from ..games.pot import POT_DECLARATIONS, PotGame, Structure
from .showdown import Showdown, judge, judge_many

if TYPE_CHECKING:  # imported when a hand is dealt (new_hand), so only named here
    from .hand import Hand


@dataclass(frozen=True)
class PotGameEngine:
    """One pot game: ``declaration`` (the rules as data) and what the engine does with it.

    >>> pot_game("archie").declaration.no_qualifier
    'split'
    """

    declaration: PotGame

    @property
    def key(self) -> str:
        """The game's key.

        >>> pot_game("stud8").key
        'stud8'
        """
        return self.declaration.key

    @property
    def title(self) -> str:
        """The game's name.

        >>> pot_game("27-razzdugi").title
        '2-7 Razzdugi'
        """
        return self.declaration.title

    def showdown(self, hands: Sequence[CardsLike | None], board: CardsLike | None = None,
                 boards: Sequence[CardsLike] | None = None) -> Showdown:
        """Judge a showdown: final cards in seat order (``None`` for a folded seat).

        >>> pot_game("double-board-omaha").showdown(["As Ad Kc Kd", "Qs Qd 2c 3d"],
        ...     boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"]).award(11)
        [6, 5]
        """
        return judge(self.declaration, hands, board=board, boards=boards)

    def judge_many(self, hands: np.ndarray, boards: np.ndarray | None = None,
                   live: np.ndarray | None = None) -> dict[str, np.ndarray]:
        """Winners masks per portion for many deals at once (see ``showdown.judge_many``).

        >>> from gamelib.cards import parse_cards
        >>> h = np.array([[parse_cards("7c 5d 4h 3s 2c"), parse_cards("Ac 5s 4d 3c 2d")]])
        >>> pot_game("27-triple-draw").judge_many(h)["low"].tolist()
        [[True, False]]
        """
        return judge_many(self.declaration, hands, boards, live)

    def new_hand(self, stacks: Sequence[int], button: int = 0, structure: Structure | None = None,
                 seed: SeedLike = None, deck: CardsLike | None = None) -> Hand:
        """Start a hand of this game (see ``gamelib.engine.hand.Hand``).

        >>> h = pot_game("badugi").new_hand([100, 100, 100], seed=1)
        >>> h.to_act
        0
        """
        from .hand import Hand

        return Hand(self.declaration, stacks, button=button, structure=structure, seed=seed, deck=deck)


def pot_game(key: str) -> PotGameEngine:
    """The pot game declared under ``key`` (one of ``gamelib.POT_GAMES``).

    >>> pot_game("big-o").declaration.hole_cards
    5
    """
    if not isinstance(key, str) or key not in POT_DECLARATIONS:
        raise GameError(f"unknown pot game {shown(key)}; the pot games are: {', '.join(POT_DECLARATIONS)}")
    return PotGameEngine(POT_DECLARATIONS[key])


__all__ = ["PotGameEngine", "pot_game"]
