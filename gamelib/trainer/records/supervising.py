"""The supervisor's records: every trainee's answers and attempts, the exams to define, the
password tries. Only :meth:`gamelib.trainer.records.Store.supervisor` hands one out.

>>> from gamelib.trainer.records import RecordsConfig, Store, hash_password
>>> from pathlib import Path
>>> store = Store("sqlite://", config=RecordsConfig(Path("."), supervisor_password=hash_password("pw", salt="1")))
>>> store.supervisor("pw").counts()
(0, 0, 0)
"""

from __future__ import annotations

from sqlalchemy import func, select

from ...errors import shown
from .database import Database
from .exams import ExamSpec
from .identity import RecordsError
from .lockout import SignInRecord, sign_ins
from .models import Answer, Attempt, Exam, Trainee, utcnow
from .rows import AnswerRecord, AttemptRecord, answer_record, attempt_record, exam_spec

__all__ = ["SupervisorRecords"]


class SupervisorRecords:
    """Everything: every trainee's answers and attempts, exams to define, certificates."""

    def __init__(self, db: Database, who: str) -> None:
        self._db = db
        self.who = who

    def define_exam(self, spec: ExamSpec) -> ExamSpec:
        """Store an exam (its name must be new); returns it with its id."""
        spec.check()
        with self._db.writing() as db, db.begin():
            if db.scalars(select(Exam.id).where(Exam.name == spec.name)).first() is not None:
                raise RecordsError(f"there is already an exam named {shown(spec.name)}; choose another name")
            e = Exam(name=spec.name, games=",".join(spec.games), drills=",".join(spec.drills), focus=spec.focus,
                     questions=spec.questions, seed=spec.seed, pass_mark=spec.pass_mark, time_limit=spec.time_limit,
                     max_attempts=spec.max_attempts, cooldown=spec.cooldown, created_by=self.who, created_at=utcnow())
            db.add(e)
            db.flush()
            return exam_spec(e)

    def sign_ins(self) -> list[SignInRecord]:
        """Every password tried for the supervisor's view, oldest first: when, the login signed in
        at that moment (or ""), the address, and right, wrong or refused (by the lockout)."""
        return sign_ins(self._db)

    def exams(self) -> list[ExamSpec]:
        """Every exam, oldest first."""
        with self._db.reading() as db:
            return [exam_spec(e) for e in db.scalars(select(Exam).order_by(Exam.id))]

    def answers(self) -> list[AnswerRecord]:
        """Every answer of every trainee, oldest first."""
        with self._db.reading() as db:
            rows = db.execute(select(Answer, Trainee).join(Trainee, Answer.trainee_id == Trainee.id)
                              .order_by(Answer.id)).all()
            return [answer_record(a, t) for a, t in rows]

    def attempts(self) -> list[AttemptRecord]:
        """Every exam attempt, oldest first."""
        with self._db.reading() as db:
            rows = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                              .join(Trainee, Attempt.trainee_id == Trainee.id).order_by(Attempt.id)).all()
            return [attempt_record(a, e, t) for a, e, t in rows]

    def counts(self) -> tuple[int, int, int]:
        """(answers, exam attempts, finished attempts): a cheap sign that something changed."""
        with self._db.reading() as db:
            answers = db.scalar(select(func.count(Answer.id))) or 0
            attempts, finished = db.execute(select(func.count(Attempt.id),
                                                   func.count(Attempt.finished_at))).one()
            return int(answers), int(attempts), int(finished)

    def attempt(self, attempt_id: int) -> AttemptRecord:
        """One attempt, by id."""
        for a in self.attempts():
            if a.id == attempt_id:
                return a
        raise RecordsError(f"no exam attempt {shown(attempt_id)}")
