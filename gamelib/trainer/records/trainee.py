"""One trainee's own records: every query is filtered by that trainee; there is no way to name
another trainee, and no supervisor method.

>>> from gamelib.trainer import make_drill
>>> from gamelib.trainer.records import Store, sign_in
>>> me = Store("sqlite://").trainee(sign_in(name="Ana"))
>>> d = make_drill("read-hand", "badugi"); q = d.next(3)
>>> me.record(d.check(q, q.answer), ms=2300).correct, me.totals()
(True, (1, 1))
"""

from __future__ import annotations

from typing import Sequence

from sqlalchemy import func, insert, select

from ...errors import shown
from ..core import Result
from .database import Database, utc
from .exams import exam_questions
from .identity import AccessDenied, Identity, RecordsError
from .models import Answer, Attempt, Exam, Trainee, utcnow
from ..export import question_text
from .rows import AnswerRecord, AttemptRecord, ExamSitting, answer_record, attempt_record

__all__ = ["TraineeRecords"]


class TraineeRecords:
    """One trainee's own records (see the module docstring)."""

    def __init__(self, db: Database, trainee_id: int, identity: Identity, name: str) -> None:
        self._db = db
        self._id = trainee_id
        self._name = name
        self.identity = identity

    def record(self, result: Result, ms: int, attempt_id: int | None = None, position: int | None = None) -> AnswerRecord:
        """Store one answered question at once (committed when this returns); call it before the
        verdict is shown. ``ms``: milliseconds from the question shown to the answer checked."""
        q = result.question
        if attempt_id is not None:
            self._own_attempt(attempt_id)
        when, text_q, correct, taken = utcnow(), question_text(q), bool(result.correct), max(0, int(ms))
        row = dict(trainee_id=self._id, answered_at=when, game=q.game, drill=q.drill, focus=q.focus, seed=q.seed,
                   question=text_q, given=result.given_text, right_answer=result.right_text, correct=correct,
                   ms=taken, attempt_id=attempt_id, position=position)
        # one INSERT ... RETURNING on a bare connection: the least work while holding the write lock
        with self._db.queue(), self._db.write_engine.begin() as conn:
            answer_id = conn.execute(insert(Answer).values(**row).returning(Answer.id)).scalar_one()
        return AnswerRecord(answer_id, self.identity.login, self._name, when, q.game, q.drill, q.focus, q.seed, text_q,
                            result.given_text, result.right_text, correct, taken, attempt_id, position)

    def answers(self) -> list[AnswerRecord]:
        """This trainee's answers, oldest first."""
        with self._db.reading() as db:
            rows = db.execute(select(Answer, Trainee).join(Trainee, Answer.trainee_id == Trainee.id)
                              .where(Answer.trainee_id == self._id).order_by(Answer.id)).all()
            return [answer_record(a, t) for a, t in rows]

    def totals(self) -> tuple[int, int]:
        """(right, answered) over all of this trainee's answers."""
        with self._db.reading() as db:
            n, right = db.execute(select(func.count(Answer.id), func.count(Answer.id).filter(Answer.correct))
                                  .where(Answer.trainee_id == self._id)).one()
            return int(right), int(n)

    # --- exams -----------------------------------------------------------------------------
    def exams(self) -> list[str]:
        """The names of the exams there are to take (not their seeds)."""
        with self._db.reading() as db:
            return list(db.scalars(select(Exam.name).order_by(Exam.id)))

    def start_exam(self, name: str) -> ExamSitting:
        """Start an attempt at the exam ``name`` (a retake is a new attempt): its questions, the
        same for everyone."""
        with self._db.writing() as db, db.begin():
            e = db.scalars(select(Exam).where(Exam.name == name)).first()
            if e is None:
                names = ", ".join(db.scalars(select(Exam.name).order_by(Exam.id))) or "none yet"
                raise RecordsError(f"no exam {shown(name)}; the exams are: {names}")
            a = Attempt(exam_id=e.id, trainee_id=self._id, started_at=utcnow())
            db.add(a)
            db.flush()
            t = db.get(Trainee, self._id)
            assert t is not None
            rec = attempt_record(a, e, t)
        return ExamSitting(rec, tuple(exam_questions(rec.exam)))

    def _own_attempt(self, attempt_id: int) -> tuple[Attempt, Exam, Trainee]:
        with self._db.reading() as db:
            row = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                             .join(Trainee, Attempt.trainee_id == Trainee.id)
                             .where(Attempt.id == attempt_id, Attempt.trainee_id == self._id)).first()
            if row is None:
                raise AccessDenied(f"attempt {shown(attempt_id)} is not one of your exam attempts")
            return row[0], row[1], row[2]

    def finish_exam(self, attempt_id: int) -> AttemptRecord:
        """Score an attempt from its stored answers (pass or fail follows from the score, see
        :func:`gamelib.trainer.records.exams.passes`); finishing it again changes nothing."""
        attempt, exam, trainee = self._own_attempt(attempt_id)
        if attempt.finished_at is not None:
            return attempt_record(attempt, exam, trainee)
        with self._db.writing() as db, db.begin():
            a = db.get(Attempt, attempt_id)
            assert a is not None
            if a.finished_at is None:
                answers = db.scalars(select(Answer).where(Answer.attempt_id == attempt_id).order_by(Answer.id)).all()
                a.right = _score(attempt_record(a, exam, trainee), answers)
                a.finished_at = utcnow()
            return attempt_record(a, exam, trainee)

    def attempts(self) -> list[AttemptRecord]:
        """This trainee's exam attempts, oldest first."""
        with self._db.reading() as db:
            rows = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                              .join(Trainee, Attempt.trainee_id == Trainee.id)
                              .where(Attempt.trainee_id == self._id).order_by(Attempt.id)).all()
            return [attempt_record(a, e, t) for a, e, t in rows]


def _score(attempt: AttemptRecord, answers: Sequence[Answer]) -> int:
    """Right answers of an attempt: the first answer at each place counts, if it came in time."""
    seen: set[int] = set()
    right = 0
    deadline = attempt.deadline
    for a in answers:
        if a.position is None or a.position in seen or not 0 <= a.position < attempt.exam.questions:
            continue
        seen.add(a.position)
        if a.correct and (deadline is None or utc(a.answered_at) <= deadline):
            right += 1
    return right
