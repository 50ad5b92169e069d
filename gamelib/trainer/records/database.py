"""The records database: the engine, its schema's migrations, and the sessions every view reads
and writes through.

A SQLite file is opened in WAL mode with a busy timeout, and each write takes the write lock at
its start (``BEGIN IMMEDIATE``), so many trainees' kernels can write at once without losing a
record or failing on a lock. The schema is versioned by the Alembic revisions in
``migrations/``; :func:`upgrade` brings a database to the newest (:data:`HEAD`).

>>> db = Database("sqlite://"); current_revision(db.engine) == HEAD
True
"""

from __future__ import annotations

import datetime as dt
import os
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

from sqlalchemy import Engine, create_engine, event, text
from sqlalchemy.orm import Session as DbSession
from sqlalchemy.pool import StaticPool

__all__ = ["Database", "make_engine", "upgrade", "current_revision", "utc", "MIGRATIONS", "HEAD", "BUSY_TIMEOUT_S"]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
#: The newest revision of the schema.
HEAD = "0006"
#: Seconds a SQLite writer waits for the write lock before giving up.
BUSY_TIMEOUT_S = 30


def utc(t: dt.datetime) -> dt.datetime:
    """A time read back, in UTC (SQLite gives it without a zone, PostgreSQL in the session's zone).

    >>> utc(dt.datetime(2026, 11, 2, 9)).isoformat()
    '2026-11-02T09:00:00+00:00'
    """
    return t.astimezone(dt.timezone.utc) if t.tzinfo is not None else t.replace(tzinfo=dt.timezone.utc)


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


class Database:
    """One records database, opened: the engine, and sessions to read and to write. The schema is
    upgraded to the newest revision when it opens (``migrate=False`` leaves it as it is)."""

    def __init__(self, url: str, migrate: bool = True) -> None:
        self.url = url
        self.engine = make_engine(url)
        self.write_engine = self.engine.execution_options(gl_write=True)
        db = self.engine.url.database if self.engine.dialect.name == "sqlite" else None
        self._lock_path = None if not db or db == ":memory:" or os.name != "posix" else \
            Path(db).expanduser().with_name(Path(db).name + ".lock")
        if migrate:
            upgrade(self.engine)

    def close(self) -> None:
        """Close every connection (the data stays)."""
        self.engine.dispose()

    def reading(self) -> DbSession:
        """A session to read with."""
        return DbSession(self.engine, expire_on_commit=False)

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
        """Hold the writers' queue (a no-op but for a SQLite file)."""
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
