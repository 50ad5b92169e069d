"""The tables of the training records (SQLAlchemy 2 declarative models), at the newest revision.

The schema is versioned by Alembic (``migrations/``); these classes are what the code reads and
writes, and ``tests/trainer/records/test_migrations.py`` checks that the migrations build exactly
these tables.

* :class:`Trainee` -- one person who answers: a local account a supervisor created (``account:...``,
  with its password hash once set), or a user name given by JupyterHub or the casino's proxy
  (``login``, unique: how they sign in); the name and employee number only a supervisor changes;
* :class:`Answer` -- one answered question: who, when, game, drill, focus, seed, the question, the
  trainee's answer (``trainee_answer``), the correct answer (``correct_answer``), right or wrong,
  the milliseconds taken, and for an exam the attempt and the question's place in it;
* :class:`Exam` -- a supervisor's exam: name, games, drills, focus, number of questions, seed, pass
  mark (a whole percentage), optional time limit (seconds);
* :class:`Attempt` -- one sitting of an exam by a trainee, with its score once finished (pass or fail
  is derived from the score and the exam's pass mark, never stored);
* :class:`SupervisorSignIn` -- one password tried for the supervisor's view: when, by whom (the
  signed-in login, if any), from which address, whether it was checked (a try refused by the
  lockout is logged unchecked), right or wrong;
* :class:`TraineeChange` -- one change of a trainee's name or employee number, by a supervisor.

>>> sorted(Base.metadata.tables)
['answers', 'attempts', 'exams', 'supervisor_sign_ins', 'trainee_changes', 'trainees']
"""

from __future__ import annotations

import datetime as dt

from sqlalchemy import BigInteger, Boolean, DateTime, ForeignKey, Index, Integer, String, Text, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "Trainee", "Answer", "Exam", "Attempt", "SupervisorSignIn", "TraineeChange", "utcnow"]


def utcnow() -> dt.datetime:
    """Now, in UTC (every time in the records is UTC).

    >>> utcnow().tzinfo
    datetime.timezone.utc
    """
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The records' declarative base."""


class Trainee(Base):
    """A person who answers questions."""

    __tablename__ = "trainees"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    login: Mapped[str] = mapped_column(String(200), unique=True)
    name: Mapped[str] = mapped_column(String(200), default="")
    employee_no: Mapped[str] = mapped_column(String(100), default="")
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    # a local account's password (argon2), set at its first sign-in; None for the hub's or the proxy's users
    password_hash: Mapped[str | None] = mapped_column(Text, nullable=True)


class Answer(Base):
    """One answered question, written before its verdict is shown."""

    __tablename__ = "answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    answered_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    game: Mapped[str] = mapped_column(String(40))
    drill: Mapped[str] = mapped_column(String(40))
    focus: Mapped[str] = mapped_column(String(40))
    seed: Mapped[int] = mapped_column(BigInteger)  # an exam attempt's questions are dealt from seeds above 2**40
    question: Mapped[str] = mapped_column(Text)
    trainee_answer: Mapped[str] = mapped_column(Text)  # what the trainee answered, as one line of text
    correct_answer: Mapped[str] = mapped_column(Text)  # the engine's answer, as one line of text
    correct: Mapped[bool] = mapped_column(Boolean)
    ms: Mapped[int] = mapped_column(Integer)
    attempt_id: Mapped[int | None] = mapped_column(ForeignKey("attempts.id"), nullable=True)
    position: Mapped[int | None] = mapped_column(Integer, nullable=True)
    __table_args__ = (Index("ix_answers_trainee", "trainee_id", "answered_at"),
                      Index("ix_answers_attempt", "attempt_id"))


class Exam(Base):
    """A supervisor's exam: the same questions for everyone who takes it."""

    __tablename__ = "exams"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200), unique=True)
    games: Mapped[str] = mapped_column(Text)  # comma-separated game keys, in order
    drills: Mapped[str] = mapped_column(Text)  # comma-separated drill keys, in order
    focus: Mapped[str] = mapped_column(String(40))
    questions: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(Integer)
    pass_mark: Mapped[int] = mapped_column(Integer)  # a whole percentage, 0..100
    time_limit: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds
    max_attempts: Mapped[int | None] = mapped_column(Integer, nullable=True)  # per trainee; None: no limit
    cooldown: Mapped[int | None] = mapped_column(Integer, nullable=True)  # seconds between attempts; None: none
    created_by: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class Attempt(Base):
    """One sitting of an exam: its score and verdict are set when it is finished."""

    __tablename__ = "attempts"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    exam_id: Mapped[int] = mapped_column(ForeignKey("exams.id"))
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    started_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    right: Mapped[int | None] = mapped_column(Integer, nullable=True)  # pass or fail follows (exams.passes)
    # the attempt's secret draw from the exam's pool (None: an attempt made before draws, dealt from the exam's seed)
    draw: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    __table_args__ = (Index("ix_attempts_trainee", "trainee_id"),)


class SupervisorSignIn(Base):
    """One password tried for the supervisor's view (the lockout counts the wrong ones)."""

    __tablename__ = "supervisor_sign_ins"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    who: Mapped[str] = mapped_column(String(200))
    ok: Mapped[bool] = mapped_column(Boolean)
    address: Mapped[str] = mapped_column(String(100), server_default="")
    checked: Mapped[bool] = mapped_column(Boolean, server_default=true())
    __table_args__ = (Index("ix_supervisor_sign_ins_at", "at"),)


class TraineeChange(Base):
    """One change of a trainee's name or employee number, by a supervisor (the log of them all)."""

    __tablename__ = "trainee_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))
    trainee_id: Mapped[int] = mapped_column(ForeignKey("trainees.id"))
    by: Mapped[str] = mapped_column(String(200))
    field: Mapped[str] = mapped_column(String(40))
    old: Mapped[str] = mapped_column(String(200))
    new: Mapped[str] = mapped_column(String(200))
    __table_args__ = (Index("ix_trainee_changes_trainee", "trainee_id"),)
