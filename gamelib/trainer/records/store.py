"""The training records store: one database (SQLite by default, PostgreSQL for a casino group)
behind a small repository interface that decides who may read what.

* :class:`Store` opens the database named by the configuration (``config.RecordsConfig.url``),
  brings its schema to the newest revision with Alembic, and hands out the two views below. A
  SQLite file is opened in WAL mode with a busy timeout, and each write takes the write lock at
  its start (``BEGIN IMMEDIATE``), so many trainees' kernels can write at once without losing a
  record or failing on a lock.
* :meth:`Store.trainee` gives a :class:`TraineeRecords`: one trainee's own records. Every query it
  makes is filtered by that trainee; it has no way to name another trainee, and no supervisor
  method. It records an answer (:meth:`TraineeRecords.record`, called before the verdict is
  shown), and sits exams.
* :meth:`Store.supervisor` gives a :class:`SupervisorRecords` only for the supervisors'
  password (from the configuration) or a user the configuration names as a supervisor and whom
  JupyterHub or the proxy vouched for; otherwise it raises :class:`AccessDenied`.

Who is answering: :func:`identity_from_environment` takes the user JupyterHub or an
authenticating proxy gives (the proxy's header only when the configuration names it), and
:func:`sign_in` makes an identity from a name or an employee number typed in.

>>> from gamelib.trainer import make_drill
>>> store = Store("sqlite://")
>>> me = store.trainee(sign_in(employee_no="1041", name="Ana Ruiz"))
>>> d = make_drill("read-hand", "badugi"); q = d.next(3)
>>> me.record(d.check(q, q.answer), ms=2300).correct, len(me.answers())
(True, 1)
"""

from __future__ import annotations

import datetime as dt
import os
import re
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Mapping, Sequence

from sqlalchemy import Engine, create_engine, event, func, insert, select, text
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.pool import StaticPool

from ...cards import format_cards
from ...errors import GameError, shown
from ..core import Question, Result
from .config import RecordsConfig, check_password, load_config
from .exams import ExamSpec, exam_questions, passes
from .models import Answer, Attempt, Exam, SupervisorSignIn, Trainee, utcnow

__all__ = ["Store", "TraineeRecords", "SupervisorRecords", "Identity", "AnswerRecord", "AttemptRecord",
           "ExamSitting", "AccessDenied", "RecordsError", "sign_in", "identity_from_environment", "question_text",
           "MIGRATIONS", "upgrade", "current_revision", "HEAD"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The newest revision of the schema.
HEAD = "0003"
#: Wrong supervisor passwords allowed within LOCKOUT_WINDOW; then the password is not even tried
#: until the oldest of them is that old (every try, right or wrong, is kept in the database).
LOCKOUT_TRIES = 5
LOCKOUT_WINDOW = dt.timedelta(minutes=15)
#: Seconds a SQLite writer waits for the write lock before giving up.
BUSY_TIMEOUT_S = 30


class RecordsError(GameError):
    """The records refuse an input (an unknown exam, an empty sign-in, an answer twice ...)."""


class AccessDenied(RecordsError):
    """Someone asked for records they may not read (another trainee's, the supervisor's view)."""


# --- who -------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Identity:
    """Who is answering: ``login`` is the unique key; ``source`` says who vouched for it
    (``"sign-in"``: typed in; ``"jupyterhub"`` or ``"proxy"``: the hub or the proxy)."""

    login: str
    name: str
    employee_no: str
    source: str

    @property
    def vouched(self) -> bool:
        """True when the hub or the proxy, not the person, said who this is."""
        return self.source in ("jupyterhub", "proxy")


def sign_in(name: str = "", employee_no: str = "") -> Identity:
    """An identity from what a trainee types: the employee number when given (then the name is
    only shown), else the name (case and spacing do not matter).

    >>> sign_in(name="  ana   RUIZ ").login, sign_in(name="Ana", employee_no="E-17").login
    ('name:ana ruiz', 'employee:E-17')
    """
    name = " ".join(str(name).split())
    employee_no = str(employee_no).strip()
    if len(name) > 200 or len(employee_no) > 100:
        raise RecordsError("a name has at most 200 characters and an employee number at most 100")
    if employee_no:
        if not re.fullmatch(r"[A-Za-z0-9._-]+", employee_no):
            raise RecordsError(f"employee number {shown(employee_no)}: use letters, digits, '.', '_' or '-'")
        return Identity(f"employee:{employee_no}", name, employee_no, "sign-in")
    if not name:
        raise RecordsError("sign in with your name or your employee number")
    return Identity(f"name:{name.casefold()}", name, "", "sign-in")


def identity_from_environment(config: RecordsConfig, environ: Mapping[str, str] | None = None) -> Identity | None:
    """The user JupyterHub (``JUPYTERHUB_USER``, unless ``trust_jupyterhub`` is false) or the
    authenticating proxy (the header named by ``user_header``, which Voilà hands the kernel as
    ``HTTP_...`` when it is listed in ``VoilaConfiguration.http_header_envs``) says is here;
    ``None`` when neither does (then the trainee signs in).

    >>> from pathlib import Path
    >>> cfg = RecordsConfig(Path("/x"), user_header="X-Remote-User")
    >>> identity_from_environment(cfg, {"HTTP_X_REMOTE_USER": "jdoe"}).login
    'user:jdoe'
    >>> identity_from_environment(RecordsConfig(Path("/x")), {"HTTP_X_REMOTE_USER": "jdoe"}) is None
    True
    """
    env = os.environ if environ is None else environ
    if config.header_env and env.get(config.header_env, "").strip():
        user = env[config.header_env].strip()
        return Identity(f"user:{user}", user, "", "proxy")
    if config.trust_jupyterhub and env.get("JUPYTERHUB_USER", "").strip():
        user = env["JUPYTERHUB_USER"].strip()
        return Identity(f"user:{user}", user, "", "jupyterhub")
    return None


# --- what is stored --------------------------------------------------------------------------
def question_text(q: Question) -> str:
    """The question as stored: the prompt, the cards shown and the facts, one per line.

    >>> from gamelib.trainer import make_drill
    >>> question_text(make_drill("read-hand", "badugi").next(1)).splitlines()[1]
    'hand: 9d 8h 7c 2c'
    """
    lines = [q.prompt] + [f"{label}: {format_cards(cards)}" for label, cards in q.cards] + list(q.facts)
    return "\n".join(lines)


def _utc(t: dt.datetime) -> dt.datetime:
    """A time read back, in UTC (SQLite gives it without a zone, PostgreSQL in the session's zone)."""
    return t.astimezone(dt.timezone.utc) if t.tzinfo is not None else t.replace(tzinfo=dt.timezone.utc)


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
    given: str
    right_answer: str
    correct: bool
    ms: int
    attempt_id: int | None
    position: int | None


@dataclass(frozen=True)
class AttemptRecord:
    """One sitting of an exam: finished (with its score and verdict) or not yet."""

    id: int
    exam: ExamSpec
    login: str
    name: str
    started_at: dt.datetime
    finished_at: dt.datetime | None
    right: int | None
    passed: bool | None

    @property
    def deadline(self) -> dt.datetime | None:
        """When the time limit runs out (``None``: no limit)."""
        limit = self.exam.time_limit
        return None if limit is None else self.started_at + dt.timedelta(seconds=limit)


@dataclass(frozen=True)
class ExamSitting:
    """An exam being taken: the attempt and the questions, the same for everyone."""

    attempt: AttemptRecord
    questions: tuple[Question, ...]


def _answer_record(a: Answer, t: Trainee) -> AnswerRecord:
    return AnswerRecord(a.id, t.login, t.name or t.login, _utc(a.answered_at), a.game, a.drill, a.focus, a.seed,
                        a.question, a.given, a.right_answer, a.correct, a.ms, a.attempt_id, a.position)


def _spec(e: Exam) -> ExamSpec:
    return ExamSpec(e.name, tuple(e.games.split(",")), tuple(e.drills.split(",")), e.focus, e.questions, e.seed,
                    e.pass_mark, e.time_limit, e.id)


def _attempt_record(a: Attempt, e: Exam, t: Trainee) -> AttemptRecord:
    return AttemptRecord(a.id, _spec(e), t.login, t.name or t.login, _utc(a.started_at),
                         None if a.finished_at is None else _utc(a.finished_at), a.right, a.passed)


# --- the database ----------------------------------------------------------------------------
def _sqlite_setup(engine: Engine) -> None:
    """WAL, a busy timeout, foreign keys, and transactions this driver leaves to us: reads begin
    deferred, writes ``BEGIN IMMEDIATE`` (the write lock first, so two writers queue on the busy
    timeout instead of one failing when it upgrades a read lock)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: Any, _record: Any) -> None:
        dbapi_conn.isolation_level = None  # the driver opens no transaction by itself
        cur = dbapi_conn.cursor()
        if engine.url.database not in (None, "", ":memory:"):
            cur.execute("PRAGMA journal_mode=WAL")
            # In WAL mode NORMAL syncs at each checkpoint, not at each commit: a committed answer
            # survives the trainer's process being killed or restarted; only a power cut or an
            # operating-system crash can lose the last few moments (see the README).
            cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_S * 1000}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("gl_write") else "BEGIN")


def make_engine(url: str) -> Engine:
    """An engine for ``url``: SQLite set up as :func:`_sqlite_setup` says (its folder made if
    missing), any other database as SQLAlchemy makes it, with connections checked before use.

    >>> make_engine("sqlite://").dialect.name
    'sqlite'
    """
    if url.startswith("sqlite"):
        kwargs: dict[str, Any] = {"connect_args": {"timeout": BUSY_TIMEOUT_S, "check_same_thread": False}}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs["poolclass"] = StaticPool  # one shared in-memory database (doctests)
        engine = create_engine(url, **kwargs)
        if engine.url.database not in (None, "", ":memory:"):
            Path(engine.url.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        _sqlite_setup(engine)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=8)


def _alembic_config(connection: Any) -> Any:
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.attributes["connection"] = connection
    return cfg


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the schema to ``revision`` (the newest by default), keeping every record. Many
    processes may call it at once: SQLite's write lock or PostgreSQL's advisory lock lets one
    migrate while the others wait, then find nothing to do.

    >>> e = make_engine("sqlite://"); upgrade(e); current_revision(e) == HEAD
    True
    """
    from alembic import command

    with engine.execution_options(gl_write=True).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(13013013)"))
        command.upgrade(_alembic_config(conn), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema's revision (``None`` for an empty database).

    >>> current_revision(make_engine("sqlite://")) is None
    True
    """
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


class Store:
    """The records database (see the module docstring). ``url`` defaults to the configuration's;
    the schema is upgraded to the newest revision when the store opens (``migrate=False`` leaves
    it as it is)."""

    def __init__(self, url: str | None = None, config: RecordsConfig | None = None, migrate: bool = True) -> None:
        self.config = config if config is not None else load_config()
        self.url = url if url is not None else self.config.url
        self.engine = make_engine(self.url)
        self._write = self.engine.execution_options(gl_write=True)
        db = self.engine.url.database if self.engine.dialect.name == "sqlite" else None
        self._lock_path = None if not db or db == ":memory:" or os.name != "posix" else \
            Path(db).expanduser().with_name(Path(db).name + ".lock")
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        """Close every connection (the data stays)."""
        self.engine.dispose()

    def _reading(self) -> DbSession:
        return DbSession(self.engine, expire_on_commit=False)

    @contextmanager
    def _writing(self) -> Iterator[DbSession]:
        """A session for one write. On a SQLite file the writers of every process first queue on
        an operating-system lock beside the database (``trainer.sqlite3.lock``): a waiting writer
        wakes the moment the one before it is done, where SQLite's own busy wait would sleep in
        steps of up to 100 ms."""
        with self._queue(), DbSession(self._write, expire_on_commit=False) as db:
            yield db

    @contextmanager
    def _queue(self) -> Iterator[None]:
        if self._lock_path is None:
            yield
            return
        import fcntl

        with open(self._lock_path, "a+b") as fh:  # opened for each write: a lock is not shared across fork
            fcntl.flock(fh, fcntl.LOCK_EX)
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)

    # --- the two views ---------------------------------------------------------------------
    def trainee(self, who: Identity) -> TraineeRecords:
        """The records of ``who`` (made on first sign-in).

        >>> s = Store("sqlite://"); s.trainee(sign_in("Bo")).identity.login
        'name:bo'
        """
        for _ in range(3):
            try:
                with self._writing() as db, db.begin():
                    t = db.scalars(select(Trainee).where(Trainee.login == who.login)).first()
                    if t is None:
                        t = Trainee(login=who.login, name=who.name, employee_no=who.employee_no, created_at=utcnow())
                        db.add(t)
                        db.flush()
                    elif who.name and t.name != who.name:
                        t.name = who.name
                    return TraineeRecords(self, t.id, who, t.name or t.login)
            except IntegrityError:  # another process signed the same person in at the same moment
                continue
        raise RecordsError(f"could not sign in {shown(who.login)}: the database kept refusing; try again")

    def supervisor(self, password: str | None = None, who: Identity | None = None) -> SupervisorRecords:
        """The supervisor's view, for the configured password or a configured supervisor whom the
        hub or the proxy vouched for; :class:`AccessDenied` for anyone else.

        >>> Store("sqlite://").supervisor("guess")
        Traceback (most recent call last):
        ...
        gamelib.trainer.records.store.AccessDenied: the supervisor's view needs the supervisors' password (or a supervisor's login through JupyterHub or the proxy); no password is configured
        """
        if who is not None and who.vouched and who.name in self.config.supervisors:
            return SupervisorRecords(self, who.name)
        if password and self.config.supervisor_password and self._password_tried(password, who):
            return SupervisorRecords(self, "supervisor")
        why = ("the password is wrong" if self.config.supervisor_password
               else "no password is configured")
        raise AccessDenied("the supervisor's view needs the supervisors' password (or a supervisor's login "
                           f"through JupyterHub or the proxy); {why}")


    def _password_tried(self, password: str, who: Identity | None) -> bool:
        """Check the supervisors' password and log the try, unless LOCKOUT_TRIES wrong ones in the
        last LOCKOUT_WINDOW lock it (:class:`AccessDenied`, saying until when)."""
        now = utcnow()
        with self._reading() as db:
            wrong = [_utc(t) for t in db.scalars(
                select(SupervisorSignIn.at).where(SupervisorSignIn.at >= now - LOCKOUT_WINDOW,
                                                  SupervisorSignIn.ok.is_(False)).order_by(SupervisorSignIn.at))]
        if len(wrong) >= LOCKOUT_TRIES:
            until = wrong[-LOCKOUT_TRIES] + LOCKOUT_WINDOW
            raise AccessDenied(
                f"{len(wrong)} wrong supervisor passwords in the last {LOCKOUT_WINDOW.seconds // 60} minutes: "
                f"the password is not accepted until {until:%H:%M} UTC (a supervisor signed in through "
                "JupyterHub or the proxy is not affected)")
        ok = check_password(self.config.supervisor_password, password)  # slow on purpose: outside the write lock
        with self._writing() as db, db.begin():
            db.add(SupervisorSignIn(at=now, who=who.login if who is not None else "", ok=ok))
        return ok


class TraineeRecords:
    """One trainee's own records: every query is filtered by this trainee."""

    def __init__(self, store: Store, trainee_id: int, identity: Identity, name: str) -> None:
        self._store = store
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
        with self._store._queue(), self._store._write.begin() as conn:
            answer_id = conn.execute(insert(Answer).values(**row).returning(Answer.id)).scalar_one()
        return AnswerRecord(answer_id, self.identity.login, self._name, when, q.game, q.drill, q.focus, q.seed, text_q,
                            result.given_text, result.right_text, correct, taken, attempt_id, position)

    def answers(self) -> list[AnswerRecord]:
        """This trainee's answers, oldest first."""
        with self._store._reading() as db:
            rows = db.execute(select(Answer, Trainee).join(Trainee, Answer.trainee_id == Trainee.id)
                              .where(Answer.trainee_id == self._id).order_by(Answer.id)).all()
            return [_answer_record(a, t) for a, t in rows]

    def totals(self) -> tuple[int, int]:
        """(right, answered) over all of this trainee's answers."""
        with self._store._reading() as db:
            n, right = db.execute(select(func.count(Answer.id), func.count(Answer.id).filter(Answer.correct))
                                  .where(Answer.trainee_id == self._id)).one()
            return int(right), int(n)

    # --- exams -----------------------------------------------------------------------------
    def exams(self) -> list[str]:
        """The names of the exams there are to take (not their seeds)."""
        with self._store._reading() as db:
            return list(db.scalars(select(Exam.name).order_by(Exam.id)))

    def start_exam(self, name: str) -> ExamSitting:
        """Start an attempt at the exam ``name`` (a retake is a new attempt): its questions, the
        same for everyone."""
        with self._store._writing() as db, db.begin():
            e = db.scalars(select(Exam).where(Exam.name == name)).first()
            if e is None:
                names = ", ".join(db.scalars(select(Exam.name).order_by(Exam.id))) or "none yet"
                raise RecordsError(f"no exam {shown(name)}; the exams are: {names}")
            a = Attempt(exam_id=e.id, trainee_id=self._id, started_at=utcnow())
            db.add(a)
            db.flush()
            t = db.get(Trainee, self._id)
            assert t is not None
            rec = _attempt_record(a, e, t)
        return ExamSitting(rec, tuple(exam_questions(rec.exam)))

    def _own_attempt(self, attempt_id: int) -> tuple[Attempt, Exam, Trainee]:
        with self._store._reading() as db:
            row = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                             .join(Trainee, Attempt.trainee_id == Trainee.id)
                             .where(Attempt.id == attempt_id, Attempt.trainee_id == self._id)).first()
            if row is None:
                raise AccessDenied(f"attempt {shown(attempt_id)} is not one of your exam attempts")
            return row[0], row[1], row[2]

    def finish_exam(self, attempt_id: int) -> AttemptRecord:
        """Score an attempt from its stored answers and record pass or fail (see
        :func:`gamelib.trainer.records.exams.score`); finishing it again changes nothing."""
        attempt, exam, trainee = self._own_attempt(attempt_id)
        if attempt.finished_at is not None:
            return _attempt_record(attempt, exam, trainee)
        with self._store._writing() as db, db.begin():
            a = db.get(Attempt, attempt_id)
            assert a is not None
            if a.finished_at is None:
                answers = db.scalars(select(Answer).where(Answer.attempt_id == attempt_id).order_by(Answer.id)).all()
                rec = _attempt_record(a, exam, trainee)
                a.right = _score(rec, answers)
                a.passed = passes(a.right, exam.questions, exam.pass_mark)
                a.finished_at = utcnow()
            return _attempt_record(a, exam, trainee)

    def attempts(self) -> list[AttemptRecord]:
        """This trainee's exam attempts, oldest first."""
        with self._store._reading() as db:
            rows = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                              .join(Trainee, Attempt.trainee_id == Trainee.id)
                              .where(Attempt.trainee_id == self._id).order_by(Attempt.id)).all()
            return [_attempt_record(a, e, t) for a, e, t in rows]


def _score(attempt: AttemptRecord, answers: Sequence[Answer]) -> int:
    """Right answers of an attempt: the first answer at each place counts, if it came in time."""
    seen: set[int] = set()
    right = 0
    deadline = attempt.deadline
    for a in answers:
        if a.position is None or a.position in seen or not 0 <= a.position < attempt.exam.questions:
            continue
        seen.add(a.position)
        if a.correct and (deadline is None or _utc(a.answered_at) <= deadline):
            right += 1
    return right


class SupervisorRecords:
    """Everything: every trainee's answers and attempts, exams to define, certificates."""

    def __init__(self, store: Store, who: str) -> None:
        self._store = store
        self.who = who

    def define_exam(self, spec: ExamSpec) -> ExamSpec:
        """Store an exam (its name must be new); returns it with its id."""
        spec.check()
        with self._store._writing() as db, db.begin():
            if db.scalars(select(Exam.id).where(Exam.name == spec.name)).first() is not None:
                raise RecordsError(f"there is already an exam named {shown(spec.name)}; choose another name")
            e = Exam(name=spec.name, games=",".join(spec.games), drills=",".join(spec.drills), focus=spec.focus,
                     questions=spec.questions, seed=spec.seed, pass_mark=spec.pass_mark, time_limit=spec.time_limit,
                     created_by=self.who, created_at=utcnow())
            db.add(e)
            db.flush()
            return _spec(e)

    def sign_ins(self) -> list[tuple[dt.datetime, str, bool]]:
        """Every password tried for the supervisor's view, oldest first: (when, the login signed
        in at that moment or "", right or wrong)."""
        with self._store._reading() as db:
            return [(_utc(r.at), r.who, r.ok)
                    for r in db.scalars(select(SupervisorSignIn).order_by(SupervisorSignIn.id))]

    def exams(self) -> list[ExamSpec]:
        """Every exam, oldest first."""
        with self._store._reading() as db:
            return [_spec(e) for e in db.scalars(select(Exam).order_by(Exam.id))]

    def answers(self) -> list[AnswerRecord]:
        """Every answer of every trainee, oldest first."""
        with self._store._reading() as db:
            rows = db.execute(select(Answer, Trainee).join(Trainee, Answer.trainee_id == Trainee.id)
                              .order_by(Answer.id)).all()
            return [_answer_record(a, t) for a, t in rows]

    def attempts(self) -> list[AttemptRecord]:
        """Every exam attempt, oldest first."""
        with self._store._reading() as db:
            rows = db.execute(select(Attempt, Exam, Trainee).join(Exam, Attempt.exam_id == Exam.id)
                              .join(Trainee, Attempt.trainee_id == Trainee.id).order_by(Attempt.id)).all()
            return [_attempt_record(a, e, t) for a, e, t in rows]

    def counts(self) -> tuple[int, int, int]:
        """(answers, exam attempts, finished attempts): a cheap sign that something changed."""
        with self._store._reading() as db:
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

