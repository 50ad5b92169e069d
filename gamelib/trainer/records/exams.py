"""Exams: what a supervisor defines, the questions an attempt deals, and the pass rule.

An exam names its games and drills, a focus, a number of questions, a pass mark (a whole
percentage), an optional time limit in seconds, and optionally how many attempts a trainee may
make and how long he waits between two. Its questions go round the (game, drill) pairs the
drills offer, in the order given: question ``i`` is dealt by pair ``i mod pairs``, at the exam's
focus where that drill offers it for that game, else at ``"any"`` -- the same pool and the same
mix for everyone. Each attempt deals them from its own **draw**, a secret random number the
trainee never sees: question ``i`` from seed ``draw + i``. A draw is at least :data:`MIN_DRAW`,
far above any seed the practice deals (at most ``MAX_SEED``), so no practice question is an
exam question. (Attempts made before draws had none: they were dealt from the exam's ``seed``.)

An attempt passes when ``right / questions >= pass_mark / 100``, compared in whole numbers
(``100 * right >= pass_mark * questions``): 8 of 10 passes a pass mark of 80, 7 of 10 does not.

>>> spec = ExamSpec("Badugi floor test", ("badugi",), ("read-hand", "who-wins"), "any", 4, 100, 75)
>>> [(q.drill, q.seed - MIN_DRAW) for q in exam_questions(spec, draw=MIN_DRAW)]
[('read-hand', 0), ('who-wins', 1), ('read-hand', 2), ('who-wins', 3)]
>>> passes(3, 4, 75), passes(2, 4, 75)
(True, False)
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from ...errors import GameError, shown
from ...games import GAMES
from ..core import Question
from ..drills import DRILLS, make_drill
from ..session import MAX_SEED as SESSION_MAX_SEED
from .identity import check_name

__all__ = ["ExamSpec", "exam_questions", "exam_question", "new_draw", "passes", "pairs", "MAX_QUESTIONS",
           "MAX_TIME_LIMIT", "MAX_SEED", "MAX_ATTEMPTS", "MAX_COOLDOWN", "MIN_DRAW"]

#: The most questions an exam may have.
MAX_QUESTIONS = 200
#: The longest time limit, in seconds (8 hours).
MAX_TIME_LIMIT = 8 * 3600
#: The largest seed an exam may start from (the practice's bound).
MAX_SEED = SESSION_MAX_SEED
#: The most attempts a supervisor may allow one trainee.
MAX_ATTEMPTS = 100
#: The longest wait between two attempts, in seconds (30 days).
MAX_COOLDOWN = 30 * 86400
#: The smallest draw an attempt deals from (2**40: far above every practice seed).
MIN_DRAW = 2**40
_DRAWS = 2**61 - MIN_DRAW  # draw + question stays well inside a 64-bit column


@dataclass(frozen=True)
class ExamSpec:
    """An exam as a supervisor defines it (``id`` is set once it is stored)."""

    name: str
    games: tuple[str, ...]
    drills: tuple[str, ...]
    focus: str
    questions: int
    seed: int
    pass_mark: int
    time_limit: int | None = None
    id: int | None = None
    max_attempts: int | None = None
    cooldown: int | None = None

    def check(self) -> None:
        """Refuse an exam that cannot be dealt or scored, saying what is allowed.

        >>> ExamSpec("x", ("badugi",), ("pay-wager",), "any", 5, 1, 80).check()  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        gamelib.errors.GameError: the exam 'x' has no question to deal: none of the drills pay-wager is for the
        games badugi
        """
        if check_name(self.name, "an exam's name") != self.name or not self.name:
            raise GameError("an exam needs a name of 1 to 200 characters, with single spaces and none at either end")
        bad_games = [g for g in self.games if g not in GAMES]
        if not self.games or bad_games:
            raise GameError(f"exam games: {shown(', '.join(bad_games) or 'none')} is not a game; the games are: "
                            + ", ".join(GAMES))
        bad_drills = [d for d in self.drills if d not in DRILLS]
        if not self.drills or bad_drills:
            raise GameError(f"exam drills: {shown(', '.join(bad_drills) or 'none')} is not a drill; the drills are: "
                            + ", ".join(DRILLS))
        if not pairs(self):
            raise GameError(f"the exam {shown(self.name)} has no question to deal: none of the drills "
                            f"{', '.join(self.drills)} is for the games {', '.join(self.games)}")
        offered = {f for g, d in pairs(self) for f in DRILLS[d].focuses_for(g)}
        if self.focus not in offered:
            raise GameError(f"focus {shown(self.focus)} is offered by none of these drills and games; "
                            f"the focuses offered are: {', '.join(sorted(offered))}")
        for value, what, lo, hi in ((self.questions, "the number of questions", 1, MAX_QUESTIONS),
                                    (self.seed, "the seed", 0, MAX_SEED),
                                    (self.pass_mark, "the pass mark (%)", 0, 100)):
            if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
                raise GameError(f"{what} must be a whole number from {lo} to {hi}, not {shown(value)}")
        if self.time_limit is not None and (isinstance(self.time_limit, bool) or not isinstance(self.time_limit, int)
                                            or not 1 <= self.time_limit <= MAX_TIME_LIMIT):
            raise GameError(f"the time limit must be a whole number of seconds from 1 to {MAX_TIME_LIMIT}, "
                            f"or none, not {shown(self.time_limit)}")
        for optional, what, hi in ((self.max_attempts, "the attempts allowed", MAX_ATTEMPTS),
                                   (self.cooldown, "the wait between attempts (seconds)", MAX_COOLDOWN)):
            if optional is not None and (isinstance(optional, bool) or not isinstance(optional, int)
                                         or not 1 <= optional <= hi):
                raise GameError(f"{what} must be a whole number from 1 to {hi}, or none, not {shown(optional)}")


def pairs(spec: ExamSpec) -> list[tuple[str, str]]:
    """The (game, drill) pairs an exam goes round: every drill of the list that is for the game.

    >>> pairs(ExamSpec("x", ("crazy4", "badugi"), ("pay-wager", "who-wins"), "any", 1, 0, 50))
    [('crazy4', 'pay-wager'), ('badugi', 'who-wins')]
    """
    return [(g, d) for g in spec.games for d in spec.drills if g in DRILLS[d].games]


def new_draw() -> int:
    """A fresh secret draw for an attempt (:mod:`secrets`: not to be guessed from earlier ones).

    >>> MIN_DRAW <= new_draw() < 2**61
    True
    """
    return MIN_DRAW + secrets.randbelow(_DRAWS)


def exam_question(spec: ExamSpec, i: int, draw: int | None) -> Question:
    """Question ``i`` of an attempt with this ``draw`` (``None``: an attempt made before draws)."""
    ps = pairs(spec)
    game, drill = ps[i % len(ps)]
    focus = spec.focus if spec.focus in DRILLS[drill].focuses_for(game) else "any"
    return make_drill(drill, game, focus).next((spec.seed if draw is None else draw) + i)


def exam_questions(spec: ExamSpec, draw: int | None = None) -> list[Question]:
    """The questions of an attempt with this ``draw``, in order (see the module docstring)."""
    spec.check()
    return [exam_question(spec, i, draw) for i in range(spec.questions)]


def passes(right: int, questions: int, pass_mark: int) -> bool:
    """Whether ``right`` of ``questions`` reaches ``pass_mark`` percent, exactly.

    >>> passes(8, 10, 80), passes(7, 10, 80), passes(2, 3, 67), passes(2, 3, 66)
    (True, False, False, True)
    """
    return 100 * right >= pass_mark * questions
