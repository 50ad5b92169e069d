"""One trainee's own records: every query is filtered by that trainee; there is no way to name
another trainee, and no supervisor method.

>>> from gamelib.trainer import make_drill
>>> from gamelib.trainer.records import Store, sign_in
>>> me = Store("sqlite://").trainee(sign_in(name="Ana"))
>>> d = make_drill("read-hand", "badugi"); q = d.next(3)
>>> me.record(d.check(q, q.correct_answer), ms=2300).correct, me.totals()
(True, (1, 1))
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from sqlalchemy import func, insert, select
from sqlalchemy.orm import Session

from ...errors import shown
from ..core import Question, Result
from ..export import question_text
from .database import Database, utc
from .exams import exam_question, exam_questions, new_draw
from .identity import AccessDenied, Identity, TrainingRecordsError
from .models import Answer, Attempt, Exam, Trainee, utcnow
from .rows import AnswerRecord, AttemptRecord, ExamSitting, answer_record, attempt_record, exam_spec

__all__ = ["TraineeRecords"]


class TraineeRecords:
    """One trainee's own records (see the module docstring)."""

    def __init__(self, db: Database, trainee_id: int, identity: Identity, name: str) -> None:
        self._db = db
        self._id = trainee_id
        self._name = name
        self.identity = identity

    def record(self, result: Result, ms: int, attempt_id: int | None = None,
               position: int | None = None) -> AnswerRecord:
        """Store one answered question at once (committed when this returns); call it before the
        verdict is shown. ``ms``: milliseconds from the question shown to the answer checked.

        An exam's answer (``attempt_id`` and ``position``) is taken exactly once, in order: it must
        answer the attempt's next question (the one dealt at ``position`` from the attempt's draw),
        of an attempt not yet finished; a second answer to a question, one that skips a question,
        or one to another question is refused (:class:`TrainingRecordsError`), so a double click, a
        replayed message or a second tab cannot repeat, skip or blank a question."""
        q = result.question
        when, text_q, correct, taken = utcnow(), question_text(q), bool(result.correct), max(0, int(ms))
        row = dict(trainee_id=self._id, answered_at=when, game=q.game, drill=q.drill, focus=q.focus, seed=q.seed,
                   question=text_q, trainee_answer=result.trainee_answer_text,
                   correct_answer=result.correct_answer_text, correct=correct, ms=taken, attempt_id=attempt_id,
                   position=position)
        if attempt_id is None:
            if position is not None:
                raise TrainingRecordsError("a question's place is given only with its exam attempt")
            # one INSERT ... RETURNING on a bare connection: the least work while holding the write lock
            with self._db.queue(), self._db.write_engine.begin() as conn:
                answer_id = conn.execute(insert(Answer).values(**row).returning(Answer.id)).scalar_one()
        else:
            with self._db.writing() as db, db.begin():
                answer_id = self._record_exam_answer(db, row, q, attempt_id, position)
        return AnswerRecord(answer_id, self.identity.login, self._name, when, q.game, q.drill, q.focus, q.seed, text_q,
                            result.trainee_answer_text, result.correct_answer_text, correct, taken, attempt_id,
                            position)

    def _record_exam_answer(self, db: Session, row: dict[str, object], q: Question, attempt_id: int,
                            position: int | None) -> int:
        """Check and store an exam's answer inside the write transaction ``db`` (the attempt's row
        locked on PostgreSQL; SQLite's write lock holds every writer)."""
        a = db.scalars(select(Attempt).where(Attempt.id == attempt_id, Attempt.trainee_id == self._id)
                       .with_for_update()).first()
        if a is None:
            raise AccessDenied(f"attempt {shown(attempt_id)} is not one of your exam attempts")
        if a.finished_at is not None:
            raise TrainingRecordsError("this exam attempt is finished; its answers are on record")
        done = db.scalar(select(func.count(Answer.id)).where(Answer.attempt_id == attempt_id)) or 0
        e = db.get(Exam, a.exam_id)
        assert e is not None
        if position is None or position != done:
            raise TrainingRecordsError(f"question {done + 1} is the one to answer now"
                                       + ("" if position is None or position > done else
                                  f"; question {position + 1} was answered already"))
        if done >= e.questions:
            raise TrainingRecordsError("every question of this exam is answered")
        expected = exam_question(exam_spec(e), done, a.draw)
        if (q.game, q.drill, q.seed, q.focus) != (expected.game, expected.drill, expected.seed, expected.focus):
            raise TrainingRecordsError(f"that is not question {done + 1} of this exam attempt")
        return int(db.execute(insert(Answer).values(**row).returning(Answer.id)).scalar_one())

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
        """Start an attempt at the exam ``name``, or take up the one in progress (a second tab, a
        reloaded page): its questions, dealt from the attempt's secret draw, and how many are
        answered. A new attempt is refused when the exam's attempts allowed are used up or its
        wait since the last attempt has not passed; an unfinished attempt whose time is up is
        finished (scored) first."""
        with self._db.writing() as db, db.begin():
            e = db.scalars(select(Exam).where(Exam.name == name)).first()
            if e is None:
                names = ", ".join(db.scalars(select(Exam.name).order_by(Exam.id))) or "none yet"
                raise TrainingRecordsError(f"no exam {shown(name)}; the exams are: {names}")
            t = db.get(Trainee, self._id)
            assert t is not None
            mine = db.scalars(select(Attempt).where(Attempt.trainee_id == self._id).order_by(Attempt.id)).all()
            for other in mine:  # one exam at a time: take up the one in progress, close those whose time is up
                if other.finished_at is None:
                    oe = db.get(Exam, other.exam_id)
                    assert oe is not None
                    rec = attempt_record(other, oe, t)
                    if rec.deadline is not None and utcnow() > rec.deadline:
                        self._score_in(db, other, rec)
                    elif oe.id != e.id:
                        raise TrainingRecordsError(f"finish the exam {shown(oe.name)} first: it is in progress")
                    else:
                        done = db.scalar(select(func.count(Answer.id)).where(Answer.attempt_id == other.id)) or 0
                        return ExamSitting(rec, tuple(exam_questions(rec.exam, other.draw)), int(done))
            this_exam = [a for a in mine if a.exam_id == e.id]
            if e.max_attempts is not None and len(this_exam) >= e.max_attempts:
                raise TrainingRecordsError(f"you have taken the exam {shown(name)} {len(this_exam)} times, the most "
                                           "allowed; ask your supervisor")
            if e.cooldown is not None and this_exam:
                again = utc(this_exam[-1].started_at) + dt.timedelta(seconds=e.cooldown)
                if utcnow() < again:
                    raise TrainingRecordsError(f"you may take the exam {shown(name)} again from "
                                               f"{again:%Y-%m-%d %H:%M} UTC")
            a = Attempt(exam_id=e.id, trainee_id=self._id, started_at=utcnow(), draw=new_draw())
            db.add(a)
            db.flush()
            rec = attempt_record(a, e, t)
            return ExamSitting(rec, tuple(exam_questions(rec.exam, a.draw)), 0)

    def exam_in_progress(self) -> AttemptRecord | None:
        """This trainee's exam attempt in progress (unfinished, its time not up), if any: while
        there is one the practice is closed.

        >>> from gamelib.trainer.records import Store, sign_in
        >>> Store("sqlite://").trainee(sign_in("Bo")).exam_in_progress() is None
        True
        """
        with self._db.reading() as db:
            rows = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                              .join(Trainee, Attempt.trainee_id == Trainee.id)
                              .where(Attempt.trainee_id == self._id, Attempt.finished_at.is_(None))).all()
        now = utcnow()
        for a, e, t in rows:
            rec = attempt_record(a, e, t)
            if rec.deadline is None or now <= rec.deadline:
                return rec
        return None

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
                self._score_in(db, a, attempt_record(a, exam, trainee))
            return attempt_record(a, exam, trainee)

    @staticmethod
    def _score_in(db: Session, a: Attempt, rec: AttemptRecord) -> None:
        """Score attempt ``a`` from its stored answers and finish it, inside the write transaction ``db``."""
        answers = db.scalars(select(Answer).where(Answer.attempt_id == a.id).order_by(Answer.id)).all()
        a.right = _score(rec, answers)
        a.finished_at = utcnow()

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
