"""The records database: the engine, its schema's migrations, and the sessions every view reads
and writes through.

A SQLite file is opened in WAL mode with a busy timeout, and each write takes the write lock at
its start (``BEGIN IMMEDIATE``), so many trainees' kernels can write at once without losing a
record or failing on a lock. The file is the trainer's user's alone, whatever the umask (0600,
and its folder 0700 when the records make it: :func:`keep_private`). The schema is versioned by
the Alembic revisions in ``migrations/``; :func:`upgrade` brings a database to the newest (:data:`HEAD`).

What cannot be reached is said in words (:mod:`.availability`): every read and write of a
:class:`Database` turns the driver's operational errors into
:class:`~.availability.RecordsUnavailable` (one plain sentence; the detail in the log), the
writers' queue lock is given up after :data:`BUSY_TIMEOUT_S`, and a SQLite file deleted or
replaced under a running store stops its every read and write. A store that opens a SQLite file
where a database was before (the queue's lock file is left beside it) and finds none says so in
the log; one that finds the file gone and its write-ahead log left behind (deleted while a
trainer ran) refuses to open until the operator has put a backup in place or cleared it away.

>>> db = Database("sqlite://"); current_revision(db.engine) == HEAD
True
"""

from __future__ import annotations

import datetime as dt
import os
import sqlite3
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.pool import ConnectionPoolEntry, StaticPool

if TYPE_CHECKING:
    from alembic.config import Config

from .availability import FileWatch, RecordsUnavailable, log, timed_flock, transient, unavailable

__all__ = ["Database", "make_engine", "upgrade", "current_revision", "utc", "MIGRATIONS", "HEAD", "BUSY_TIMEOUT_S",
           "RecordsUnavailable", "sqlite_path", "keep_private"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The newest revision of the schema.
HEAD = "0007"
#: Seconds a SQLite writer waits for the write lock (SQLite's own, and the writers' queue before
#: it) before giving up with "not saved, try again".
BUSY_TIMEOUT_S = 30


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL, as an absolute path (``None`` for another database or SQLite in memory).

    >>> sqlite_path("sqlite:////srv/t.sqlite3"), sqlite_path("sqlite://"), sqlite_path("postgresql://h/db")
    (PosixPath('/srv/t.sqlite3'), None, None)
    """
    from sqlalchemy.engine import make_url

    u = make_url(url)
    if not u.drivername.startswith("sqlite") or u.database in (None, "", ":memory:") or \
            str(u.database).startswith("file:"):
        return None
    return Path(os.path.abspath(Path(str(u.database)).expanduser()))


def keep_private(path: Path) -> None:
    """Make the SQLite file ``path`` readable and writable by this user only, before SQLite opens
    it: its folder made (mode 0700) when missing, the file made empty with mode 0600 when missing
    (SQLite gives its ``-wal``, ``-shm`` and ``-journal`` files the database's own mode), and an
    existing file, or one of those or the writers' ``.lock`` beside it, that others may read or
    write tightened to the owner's bits alone (said once in the log).

    >>> import stat, tempfile; d = Path(tempfile.mkdtemp()) / "data"; keep_private(d / "t.sqlite3")
    >>> oct(stat.S_IMODE(d.stat().st_mode)), oct(stat.S_IMODE((d / "t.sqlite3").stat().st_mode))
    ('0o700', '0o600')
    """
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    try:  # an empty file is an empty database; made here, it is never readable by others for a moment
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600))
    except FileExistsError:
        pass
    tightened = []
    for p in [path] + [path.with_name(path.name + s) for s in ("-wal", "-shm", "-journal", ".lock")]:
        try:
            mode = stat.S_IMODE(os.stat(p).st_mode)
        except FileNotFoundError:
            continue
        if not mode & 0o077:
            continue
        try:
            os.chmod(p, mode & 0o700)
        except OSError as err:  # another user's file: say so, and open it as it is
            log.warning("the training records file %s is open to other users (mode %o) and could not be made "
                        "private: %s", p, mode, err)
            continue
        tightened.append(f"{p.name} ({mode:o} -> {mode & 0o700:o})")
    if tightened:
        log.warning("the training records files in %s were open to other users; made private to their owner: %s",
                    path.parent, ", ".join(tightened))


def utc(t: dt.datetime) -> dt.datetime:
    """A time read back, in UTC (SQLite gives it without a zone, PostgreSQL in the session's zone).

    >>> utc(dt.datetime(2026, 11, 2, 9)).isoformat()
    '2026-11-02T09:00:00+00:00'
    """
    return t.astimezone(dt.UTC) if t.tzinfo is not None else t.replace(tzinfo=dt.UTC)


def _wal(cur: sqlite3.Cursor, busy_timeout: float) -> None:
    """Put the database in WAL mode, trying again for up to ``busy_timeout`` seconds while another
    connection has it locked. Switching the mode needs the whole file for a moment, and SQLite
    answers "database is locked" at once, without waiting its busy timeout, when two connections
    opening a new database want it together (each would wait for the other): kernels that open
    a fresh database at the same moment."""
    deadline = time.monotonic() + busy_timeout
    pause = 0.01
    while True:
        try:
            cur.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() + pause > deadline:
                raise
        time.sleep(pause)
        pause = min(pause * 2, 0.2)


def _sqlite_setup(engine: Engine, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
    """WAL, a busy timeout, foreign keys, and transactions this driver leaves to us: reads begin
    deferred, writes ``BEGIN IMMEDIATE`` (the write lock first, so two writers queue on the busy
    timeout instead of one failing when it upgrades a read lock)."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_conn: sqlite3.Connection, _record: ConnectionPoolEntry) -> None:
        dbapi_conn.isolation_level = None  # the driver opens no transaction by itself
        cur = dbapi_conn.cursor()
        if engine.url.database not in (None, "", ":memory:"):
            _wal(cur, busy_timeout)
            # In WAL mode NORMAL syncs at each checkpoint, not at each commit: a committed answer
            # survives the trainer's process being killed or restarted; only a power cut or an
            # operating-system crash can lose the last few moments (see the README).
            cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute(f"PRAGMA busy_timeout={round(busy_timeout * 1000)}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE" if conn.get_execution_options().get("gl_write") else "BEGIN")


def make_engine(url: str, busy_timeout: float = BUSY_TIMEOUT_S) -> Engine:
    """An engine for ``url``: SQLite set up as :func:`_sqlite_setup` says (a file kept private to
    this user, its folder made if missing: :func:`keep_private`), any other database as SQLAlchemy
    makes it, with connections checked before use.

    >>> make_engine("sqlite://").dialect.name
    'sqlite'
    """
    if url.startswith("sqlite"):
        kwargs: dict[str, Any] = {"connect_args": {"timeout": busy_timeout, "check_same_thread": False}}
        if url in ("sqlite://", "sqlite:///:memory:"):
            kwargs["poolclass"] = StaticPool  # one shared in-memory database (doctests)
        engine = create_engine(url, **kwargs)
        path = sqlite_path(url)
        if path is not None:
            keep_private(path)
        _sqlite_setup(engine, busy_timeout)
        return engine
    return create_engine(url, pool_pre_ping=True, pool_size=2, max_overflow=8)


def alembic_config(connection: Connection) -> Config:
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
        command.upgrade(alembic_config(conn), revision)


def current_revision(engine: Engine) -> str | None:
    """The schema's revision (``None`` for an empty database).

    >>> current_revision(make_engine("sqlite://")) is None
    True
    """
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


class Database:
    """One records database, opened: the engine, and sessions to read and to write. The schema is
    upgraded to the newest revision when it opens (``migrate=False`` leaves it as it is).
    ``busy_timeout``: seconds a writer waits for the writers' queue, and then for SQLite's own
    lock, before "not saved, try again"."""

    def __init__(self, url: str, migrate: bool = True, busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.url = url
        self.busy_timeout = busy_timeout
        path = sqlite_path(url)
        self._watch = None if path is None else FileWatch(path)
        self._lock_path = None if path is None or os.name != "posix" else path.with_name(path.name + ".lock")
        #: What opening found that the operator should know ("" when nothing): a new, empty database
        #: made where one was before.
        self.notice = ""
        if path is not None:
            self._before_open(path)
        try:
            self.engine = make_engine(url, busy_timeout)
        except OSError as err:
            raise unavailable(err, "opened") from err
        self.write_engine = self.engine.execution_options(gl_write=True)
        try:
            if migrate:
                upgrade(self.engine)
            if self._watch is not None:
                with self.engine.connect():  # the file exists from here on (a new one is made by the connection)
                    pass
                self._watch.hold()
        except Exception as err:
            self.engine.dispose()
            if transient(err):
                raise unavailable(err, "opened") from err
            raise

    def _before_open(self, path: Path) -> None:
        """Refuse a SQLite file deleted while a trainer ran (its write-ahead log left behind:
        opening would make a new database beside it, and a backup put back later would be mixed
        with the stale log); note a new database made where one was before."""
        if path.exists():
            return
        wal = path.with_name(path.name + "-wal")
        if wal.exists():
            log.error("the training records database %s is missing but its write-ahead log %s is still there",
                      path, wal)
            raise RecordsUnavailable(
                f"the records database {path.name} is missing but its write-ahead log {wal.name} is still there: it "
                "was deleted or moved, perhaps while a trainer was running, and nothing was opened. Stop every "
                f"trainer; then delete {wal.name} and {path.name}-shm and either put the latest backup in place as "
                f"{path.name} or start with an empty database")
        if self._lock_path is not None and self._lock_path.exists():
            self.notice = (f"a new, empty records database is being made at {path}, where there was one before (its "
                           f"writers' lock file {self._lock_path.name} is there): if the old one was deleted or moved "
                           "by mistake, stop the trainer and put the latest backup in place")
            log.warning("%s", self.notice)

    def close(self) -> None:
        """Close every connection (the data stays)."""
        self.engine.dispose()
        if self._watch is not None:
            self._watch.release()

    def _check_file(self) -> None:
        """Refuse when the SQLite file under this database is not the one it opened (and close
        every connection to the old one: a deleted file's write-ahead files are not touched again)."""
        if self._watch is not None:
            try:
                self._watch.check()
            except RecordsUnavailable:
                self.engine.dispose()
                raise

    @contextmanager
    def reading(self) -> Iterator[DbSession]:
        """A session to read with (see the module docstring for what cannot be reached)."""
        self._check_file()
        try:
            with DbSession(self.engine, expire_on_commit=False) as db:
                yield db
        except Exception as err:
            if transient(err):
                raise unavailable(err, "read") from err
            raise

    @contextmanager
    def writing(self) -> Iterator[DbSession]:
        """A session for one write. On a SQLite file the writers of every process first queue on
        an operating-system lock beside the database (``trainer.sqlite3.lock``): a waiting writer
        wakes the moment the one before it is done, where SQLite's own busy wait would sleep in
        steps of up to 100 ms."""
        with self.queue(), DbSession(self.write_engine, expire_on_commit=False) as db:
            yield db

    @contextmanager
    def queue(self) -> Iterator[None]:
        """Hold the writers' queue (on a SQLite file; elsewhere only the checks below) for one
        write, which must be committed inside it. The file is checked to be the one opened before
        the write and again after it (a write that went to a deleted file is refused: nothing
        says it was saved); the queue is given up after ``busy_timeout`` seconds, and a driver's
        operational error becomes :class:`~.availability.RecordsUnavailable`."""
        self._check_file()
        fh = None
        try:
            if self._lock_path is not None:
                fh = timed_flock(self._lock_path, self.busy_timeout)  # opened for each write: not shared across fork
                if fh is None:
                    log.error("the training records' writers' queue %s stayed locked for %s s", self._lock_path,
                              self.busy_timeout)
                    raise RecordsUnavailable("the records are busy (another writer is holding them): nothing was "
                                             "saved; try again")
            yield
            self._check_file()
        except RecordsUnavailable:
            raise
        except Exception as err:
            if transient(err):
                raise unavailable(err, "written") from err
            raise
        finally:
            if fh is not None:
                fh.close()  # drops the lock
