"""A training session: the questions asked, the trainee's answers, the score, the CSV export.

A session deals questions of one drill and game at a time (change ``drill``, ``game`` or
``focus`` between questions at will); the seed of each question is the session's ``seed``
plus the number of questions dealt, so a supervisor can deal the same session again.

>>> s = Session(game="crazy4", drill="pay-wager", seed=3)
>>> q = s.next(); r = s.check(q, {f.name: 0 for f in q.fields})
>>> s.to_csv().splitlines()[0].split(",")[:5]
['id', 'trainee', 'login', 'answered_at', 'game']
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ..amounts import whole_number
from ..errors import GameError
from .core import Question, Result
from .drills import DRILLS, Drill, drills_for, make_drill
from .export import answers_csv, question_text

#: The largest seed a trainee may type to deal a practice question.
MAX_SEED = 10**9


@dataclass(frozen=True)
class Record:
    """One answered question of a session: ``question`` is the question's text as exported
    (:func:`~gamelib.trainer.export.question_text`), ``trainee_answer`` and ``correct_answer`` the
    two answers as one line of text each, ``ms`` the time taken when it was measured."""

    n: int
    drill: str
    game: str
    focus: str
    seed: int
    question: str
    correct: bool
    trainee_answer: str
    correct_answer: str
    answered_at: dt.datetime | None = None
    ms: int | None = None

    def row(self) -> dict[str, object]:
        """The answer as a row of the trainer's one export (:data:`~gamelib.trainer.export.ANSWER_COLUMNS`).

        >>> Record(1, "read-hand", "badugi", "any", 4, "q", True, "a", "a").row()["correct"]
        'yes'
        """
        when = "" if self.answered_at is None else self.answered_at.strftime("%Y-%m-%d %H:%M:%S UTC")
        return {"id": self.n, "answered_at": when, "game": self.game, "drill": self.drill, "focus": self.focus,
                "seed": self.seed, "question": self.question, "trainee_answer": self.trainee_answer,
                "correct_answer": self.correct_answer, "correct": "yes" if self.correct else "no",
                "ms": "" if self.ms is None else self.ms}


class Answered(Protocol):
    """Anything answered that says whether it was right (a :class:`Record`, a stored answer)."""

    @property
    def correct(self) -> bool: ...


A = TypeVar("A", bound=Answered)


def tally(answered: Iterable[A], key: Callable[[A], str]) -> dict[str, tuple[int, int]]:
    """(right, answered) per ``key`` of each answer (anything with ``correct``: a session's
    :class:`Record` or a stored answer), in the order first answered: the one count behind a
    session's score by drill or game and the supervisor's weakest game and drill.

    >>> tally([Record(1, "read-hand", "badugi", "any", 1, "q", True, "a", "a"),
    ...        Record(2, "read-hand", "crazy4", "any", 2, "q", False, "a", "b")], lambda r: r.drill)
    {'read-hand': (1, 2)}
    """
    out: dict[str, tuple[int, int]] = {}
    for a in answered:
        k = key(a)
        right, n = out.get(k, (0, 0))
        out[k] = (right + a.correct, n + 1)
    return out


class Session:
    """A trainee's session (see the module docstring).

    >>> Session(game="badugi", drill="who-wins", focus="ties").drill.focus
    'ties'
    """

    def __init__(self, game: str = "badugi", drill: str = "read-hand", focus: str = "any", seed: int = 1) -> None:
        self.seed = whole_number(seed, "the session's seed", 0, MAX_SEED)
        self.records: list[Record] = []
        self.dealt = 0
        self._drills: dict[tuple[str, str, str], Drill] = {}
        self.drill = self._get(drill, game, focus)

    def _get(self, drill: str, game: str, focus: str) -> Drill:
        key = (drill, game, focus)
        if key not in self._drills:
            self._drills[key] = make_drill(drill, game, focus)
        return self._drills[key]

    def choose(self, game: str | None = None, drill: str | None = None, focus: str | None = None) -> Drill:
        """Switch game, drill or focus for the next questions (focus falls back to ``"any"``).

        >>> s = Session(); s.choose(game="stud8", drill="run-game", focus="forced").key
        'run-game'
        """
        game = game or self.drill.game
        drill = drill or self.drill.key
        if game not in DRILLS[drill].games:
            raise GameError(f"the {DRILLS[drill].title} drill is not for {game}; its drills are: "
                            + ", ".join(drills_for(game)))
        focus = focus or self.drill.focus
        if focus not in DRILLS[drill].focuses_for(game):
            focus = "any"
        self.drill = self._get(drill, game, focus)
        return self.drill

    def next(self) -> Question:
        """Deal the next question of the current drill.

        >>> Session(seed=5).next().seed
        5
        """
        q = self.drill.next(self.seed + self.dealt)
        self.dealt += 1
        return q

    def check(self, question: Question, answer: object) -> Result:
        """Check an answer and add it to the score (:meth:`judge`, then :meth:`keep`).

        >>> s = Session(); q = s.next(); s.check(q, q.fields[0].options[0]).question is q
        True
        """
        return self.keep(self.judge(question, answer))

    def judge(self, question: Question, answer: object) -> Result:
        """The verdict on an answer, not yet scored (the trainer stores it first).

        >>> s = Session(); q = s.next(); s.judge(q, q.correct_answer).correct, s.score
        (True, (0, 0))
        """
        return self._get(question.drill, question.game, question.focus).check(question, answer)

    def keep(self, r: Result, ms: int | None = None) -> Result:
        """Add a verdict to the session's score and CSV (``ms``: the time taken, when measured).

        >>> s = Session(); q = s.next(); s.keep(s.judge(q, q.correct_answer)) and s.score
        (1, 1)
        """
        q = r.question
        self.records.append(Record(len(self.records) + 1, q.drill, q.game, q.focus, q.seed, question_text(q),
                                   r.correct, r.trainee_answer_text, r.correct_answer_text, dt.datetime.now(dt.UTC),
                                   ms))
        return r

    @property
    def score(self) -> tuple[int, int]:
        """(right answers, questions answered).

        >>> Session().score
        (0, 0)
        """
        return sum(r.correct for r in self.records), len(self.records)

    def by_drill(self) -> dict[str, tuple[int, int]]:
        """(right, answered) per drill, in the order first answered.

        >>> Session().by_drill()
        {}
        """
        return tally(self.records, lambda r: r.drill)

    def by_game(self) -> dict[str, tuple[int, int]]:
        """(right, answered) per game, in the order first answered.

        >>> Session().by_game()
        {}
        """
        return tally(self.records, lambda r: r.game)

    def to_csv(self) -> str:
        """Every answered question as CSV, one row each, in the trainer's one export
        (:func:`gamelib.trainer.export.answers_csv`, the columns the supervisor's export has).

        >>> Session().to_csv().count("\\n")
        1
        """
        return answers_csv(r.row() for r in self.records)


__all__ = ["Session", "Record", "tally", "MAX_SEED"]
