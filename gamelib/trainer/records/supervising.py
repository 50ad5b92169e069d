"""The supervisor's records: every trainee's answers and attempts, the exams to define, the
password tries. Only :meth:`gamelib.trainer.records.Store.supervisor` hands one out.

>>> from gamelib.trainer.records import RecordsConfig, Store, hash_password
>>> from pathlib import Path
>>> store = Store("sqlite://", config=RecordsConfig(Path("."), supervisor_password=hash_password("pw", salt="1")))
>>> store.supervisor("pw").counts()
(0, 0, 0)
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import func, select

from ...errors import shown
from .accounts import account_identity
from .database import Database, utc
from .exams import ExamSpec
from .identity import Identity, TrainingRecordsError, check_name
from .lockout import SignInRecord, sign_ins
from .models import Answer, Attempt, Exam, Trainee, TraineeChange, utcnow
from .rows import AnswerRecord, AttemptRecord, answer_record, attempt_record, exam_spec

__all__ = ["SupervisorRecords"]


class SupervisorRecords:
    """Everything: every trainee's answers and attempts, exams to define, certificates."""

    def __init__(self, db: Database, who: str) -> None:
        self._db = db
        self.who = who

    @property
    def notice(self) -> str:
        """What the operator must know about the database itself, in words ("" when nothing): for
        example that a new, empty one was made where there was one before."""
        return self._db.notice

    def define_exam(self, spec: ExamSpec) -> ExamSpec:
        """Store an exam (its name must be new); returns it with its id."""
        spec.check()
        with self._db.writing() as db, db.begin():
            if db.scalars(select(Exam.id).where(Exam.name == spec.name)).first() is not None:
                raise TrainingRecordsError(f"there is already an exam named {shown(spec.name)}; choose another name")
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
        raise TrainingRecordsError(f"no exam attempt {shown(attempt_id)}")

    # --- accounts and names ----------------------------------------------------------------
    def create_account(self, account: str, name: str, employee_no: str = "") -> Identity:
        """Create a local account (:mod:`.accounts`); its password is set at its first sign-in."""
        who = account_identity(account, name, employee_no)
        if not who.name:
            raise TrainingRecordsError("an account needs the person's name")
        with self._db.writing() as db, db.begin():
            if db.scalars(select(Trainee.id).where(Trainee.login == who.login)).first() is not None:
                raise TrainingRecordsError(f"there is already an account {shown(account)}; choose another name")
            db.add(Trainee(login=who.login, name=who.name, employee_no=who.employee_no, created_at=utcnow()))
        self.rename(who.login, name=who.name, employee_no=who.employee_no, why="created")
        return who

    def rename(self, login: str, name: str | None = None, employee_no: str | None = None, why: str = "") -> None:
        """Change a trainee's name or employee number (the only way they change); every change is
        logged with who made it (:meth:`changes`). ``why="created"`` logs an account's first values."""
        with self._db.writing() as db, db.begin():
            t = db.scalars(select(Trainee).where(Trainee.login == login)).first()
            if t is None:
                raise TrainingRecordsError(f"no trainee {shown(login)}")
            for field, new in (("name", name), ("employee_no", employee_no)):
                if new is None:
                    continue
                new = check_name(new, "a name" if field == "name" else "an employee number",
                                 200 if field == "name" else 100)
                old = "" if why == "created" else str(getattr(t, field))
                if new != old:
                    setattr(t, field, new)
                    db.add(TraineeChange(at=utcnow(), trainee_id=t.id, by=self.who, field=field, old=old, new=new))

    def reset_password(self, login: str) -> None:
        """Forget a local account's password (a forgotten one): its next sign-in sets a new one.
        Logged like a change of name."""
        with self._db.writing() as db, db.begin():
            t = db.scalars(select(Trainee).where(Trainee.login == login)).first()
            if t is None or not login.startswith("account:"):
                raise TrainingRecordsError(f"no account {shown(login)}: only a local account has a password here")
            if t.password_hash is not None:
                t.password_hash = None
                db.add(TraineeChange(at=utcnow(), trainee_id=t.id, by=self.who, field="password", old="set",
                                     new="reset"))

    def changes(self) -> list[tuple[dt.datetime, str, str, str, str, str]]:
        """Every change of a name or an employee number, oldest first: (when, the trainee's login,
        by whom, which field, from, to)."""
        with self._db.reading() as db:
            rows = db.execute(select(TraineeChange, Trainee.login).join(Trainee, TraineeChange.trainee_id == Trainee.id)
                              .order_by(TraineeChange.id)).all()
            return [(utc(c.at), login, c.by, c.field, c.old, c.new) for c, login in rows]

    def trainees(self) -> list[tuple[str, str, str, bool]]:
        """Every trainee: (login, name, employee number, whether an account's password is set)."""
        with self._db.reading() as db:
            return [(t.login, t.name, t.employee_no, t.password_hash is not None)
                    for t in db.scalars(select(Trainee).order_by(Trainee.id))]
