"""What every drill shares: the ``Drill`` base class (a game, a focus, the engine's game; deal
with ``next(seed)``, judge with ``check``), seeded random numbers, how a seat is named.

>>> seat(2)
'seat 2'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING

import numpy as np

from ..amounts import whole_number
from ..engine.pot_game import PotGameEngine
from ..engine.registry import get_game
from ..errors import GameError, shown
from ..games import GAMES
from .core import Field, FieldValue, Question, Result, check_answer

if TYPE_CHECKING:  # the banked engine is imported when a banked drill asks for it
    from ..engine.banked import BankedGameEngine


NOBODY = "nobody qualifies"
#: How many deals a focused drill looks through before it gives up (they are judged in batches).
SEARCH_DEALS = 65536
BATCH = 2048


def seat(s: int) -> str:
    """How a seat is named (seat numbers start at 0, as in the engine's hand histories).

    >>> seat(2)
    'seat 2'
    """
    return f"seat {s}"


def drill_rng(seed: int, salt: int = 0) -> np.random.Generator:
    return np.random.default_rng([whole_number(seed, "a question's seed", 0), salt])


class Drill:
    """A drill for one game at one focus (``"any"`` by default); subclasses deal and explain.

    >>> import gamelib.trainer.drills
    >>> sorted(d.key for d in Drill.__subclasses__() if d.key)
    ['pay-wager', 'read-hand', 'replay-hand', 'run-game']
    """

    key = ""
    title = ""
    games: tuple[str, ...] = GAMES
    focuses: tuple[str, ...] = ("any",)

    def __init__(self, game: str, focus: str = "any") -> None:
        if game not in GAMES:
            raise GameError(f"unknown game {shown(game)}; the games are: {', '.join(GAMES)}")
        if game not in self.games:
            raise GameError(f"the {self.title} drill is for {', '.join(self.games)}, not {shown(game)}")
        if focus not in self.focuses_for(game):
            raise GameError(f"the {self.title} drill has no focus {shown(focus)} for {game}; "
                            f"the focuses are: {', '.join(self.focuses_for(game))}")
        self.game = game
        self.focus = focus
        self.engine = get_game(game)

    @property
    def pot_engine(self) -> PotGameEngine:
        """The engine of a pot game's drill, typed as one (a ``GameError`` for a banked game).

        >>> from gamelib.trainer.drills import WhoWins
        >>> WhoWins("badugi").pot_engine.declaration.hole_cards
        4
        """
        if not isinstance(self.engine, PotGameEngine):
            raise GameError(f"the {self.title} drill's game {shown(self.game)} is not a pot game")
        return self.engine

    @property
    def banked_engine(self) -> BankedGameEngine:
        """The engine of a banked game's drill, typed as one (a ``GameError`` for a pot game)."""
        from ..engine.banked import BankedGameEngine

        if not isinstance(self.engine, BankedGameEngine):
            raise GameError(f"the {self.title} drill's game {shown(self.game)} is not a banked game")
        return self.engine

    @classmethod
    def focuses_for(cls, game: str) -> tuple[str, ...]:
        """The focuses this drill offers for ``game``.

        >>> from gamelib.trainer.drills import WhoWins
        >>> WhoWins.focuses_for("badugi")
        ('any', 'ties')
        """
        return cls.focuses

    def next(self, seed: int) -> Question:
        """A fresh question dealt from ``seed`` (the same seed deals the same question)."""
        raise NotImplementedError

    def check(self, question: Question, answer: object) -> Result:
        """Whether the trainee's ``answer`` is correct, with the correct answer and the reason.

        >>> from gamelib.trainer.drills import SplitPot
        >>> d = SplitPot("archie"); q = d.next(3)
        >>> d.check(q, {f.name: 0 for f in q.fields}).correct
        False
        """
        if question.drill != self.key:
            raise GameError(f"this is a {question.drill} question; check it with that drill, not {self.key}")
        return check_answer(question, answer)

    def _question(self, seed: int, prompt: str, cards: Iterable[tuple[str, tuple[int, ...]]], facts: Iterable[str],
                  fields: Iterable[Field], correct_answer: Mapping[str, FieldValue], explanation: str,
                  **meta: object) -> Question:
        return Question(self.key, self.game, int(seed), self.focus, prompt, tuple(cards), tuple(facts),
                        tuple(fields), correct_answer, explanation, meta)



def decl_title(d: Drill) -> str:
    """The game's name for a prompt.

    >>> from gamelib.trainer.drills import RunGame
    >>> decl_title(RunGame("big-o"))
    'Big O'
    """
    return d.engine.title


__all__ = ["NOBODY", "SEARCH_DEALS", "BATCH", "seat", "Drill", "decl_title"]
