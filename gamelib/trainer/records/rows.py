"""What the records give back: an answer, an exam attempt, an exam being sat, read from the
tables into plain frozen values (nothing here talks to the database).

>>> import datetime as dt
>>> from gamelib.trainer.records.exams import ExamSpec
>>> t = dt.datetime(2026, 11, 2, 9, tzinfo=dt.timezone.utc)
>>> spec = ExamSpec("Badugi", ("badugi",), ("read-hand",), "any", 10, 1, 80)
>>> AttemptRecord(1, spec, "name:a", "A", t, t, 8).passed, AttemptRecord(2, spec, "name:a", "A", t, None, None).passed
(True, None)
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from ..core import Question
from ..export import question_text
from .database import utc
from .exams import ExamSpec, passes
from .models import Answer, Attempt, Exam, Trainee

__all__ = ["AnswerRecord", "AttemptRecord", "ExamSitting", "question_text", "answer_record", "attempt_record",
           "exam_spec"]


@dataclass(frozen=True)
class AnswerRecord:
    """One stored answer, as the records give it back."""

    id: int
    login: str
    name: str
    answered_at: dt.datetime
    game: str
    drill: str
    focus: str
    seed: int
    question: str
    trainee_answer: str
    correct_answer: str
    correct: bool
    ms: int
    attempt_id: int | None
    position: int | None


@dataclass(frozen=True)
class AttemptRecord:
    """One sitting of an exam: finished (with its score) or not yet."""

    id: int
    exam: ExamSpec
    login: str
    name: str
    started_at: dt.datetime
    finished_at: dt.datetime | None
    right: int | None

    @property
    def passed(self) -> bool | None:
        """Pass or fail by the exam's pass mark (:func:`~gamelib.trainer.records.exams.passes`);
        ``None`` until the attempt is scored. Derived, never stored."""
        return None if self.right is None else passes(self.right, self.exam.questions, self.exam.pass_mark)

    @property
    def deadline(self) -> dt.datetime | None:
        """When the time limit runs out (``None``: no limit)."""
        limit = self.exam.time_limit
        return None if limit is None else self.started_at + dt.timedelta(seconds=limit)


@dataclass(frozen=True)
class ExamSitting:
    """An exam being taken: the attempt, its questions (dealt from its secret draw), and how many
    are answered already (the next to answer, when a sitting is taken up again in another tab)."""

    attempt: AttemptRecord
    questions: tuple[Question, ...]
    answered: int = 0


def answer_record(a: Answer, t: Trainee) -> AnswerRecord:
    """A stored answer of trainee ``t``, read back."""
    return AnswerRecord(a.id, t.login, t.name or t.login, utc(a.answered_at), a.game, a.drill, a.focus, a.seed,
                        a.question, a.trainee_answer, a.correct_answer, a.correct, a.ms, a.attempt_id, a.position)


def exam_spec(e: Exam) -> ExamSpec:
    """A stored exam, read back."""
    return ExamSpec(e.name, tuple(e.games.split(",")), tuple(e.drills.split(",")), e.focus, e.questions, e.seed,
                    e.pass_mark, e.time_limit, e.id, e.max_attempts, e.cooldown)


def attempt_record(a: Attempt, e: Exam, t: Trainee) -> AttemptRecord:
    """A stored attempt at exam ``e`` by trainee ``t``, read back."""
    return AttemptRecord(a.id, exam_spec(e), t.login, t.name or t.login, utc(a.started_at),
                         None if a.finished_at is None else utc(a.finished_at), a.right)
