"""When the records cannot be reached (gamelib/trainer/records/availability.py, database.py): the
SQLite file deleted or replaced under a running store, a store reopened after that, the writers'
queue held by a stuck process, SQLite's own lock held, a PostgreSQL server that is not there. In
every case a write is refused in plain words (RecordsUnavailable), stores nothing, and the
driver's text goes to the log only."""

from __future__ import annotations

import logging
import os
import shutil
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import insert

from gamelib.trainer import make_drill
from gamelib.trainer.records import RecordsConfig, RecordsUnavailable, Store, TraineeRecords, sign_in
from gamelib.trainer.records.database import Database
from gamelib.trainer.records.identity import Identity
from gamelib.trainer.records.models import Answer, utcnow

CONFIG = RecordsConfig(Path("/nonexistent"))
DRIVER_TEXT = ("sqlite3", "OperationalError", "SQL:", "sqlalche.me", "BEGIN", ".s.PGSQL", "socket", "/tmp")


def answer(me: TraineeRecords, seed: int) -> None:
    d = make_drill("read-hand", "badugi")
    q = d.next(seed)
    me.record(d.check(q, q.correct_answer), ms=10)


def plain(err: BaseException) -> str:
    text = str(err)
    assert not any(t in text for t in DRIVER_TEXT), text
    assert "\n" not in text
    return text


def test_a_database_deleted_under_a_running_store_takes_no_more_answers(tmp_path: Path,
                                                                      caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "trainer.sqlite3"
    store = Store(f"sqlite:///{path}", config=CONFIG)
    me = store.trainee(sign_in(name="Ana"))
    answer(me, 1)
    path.unlink()  # the operator's mistake, while the trainer runs
    with caplog.at_level(logging.ERROR, "gamelib.trainer.records"):
        for seed in (2, 3):
            with pytest.raises(RecordsUnavailable, match="deleted or replaced") as err:
                answer(me, seed)
            plain(err.value)
        with pytest.raises(RecordsUnavailable):
            me.totals()  # reads are refused too: nothing is shown from a file nobody else sees
    assert str(path) in caplog.text  # the operator's log names the file
    store.close()
    # a store opened now finds the write-ahead log without its database: it refuses to make a new
    # one beside it (a backup put back later would be mixed with the stale log)
    with pytest.raises(RecordsUnavailable, match="trainer.sqlite3-wal is still there"):
        Store(f"sqlite:///{path}", config=CONFIG)
    assert not path.exists()
    # the operator clears the stale files away: a new, empty database, and the log says so
    for stale in ("trainer.sqlite3-wal", "trainer.sqlite3-shm"):
        (tmp_path / stale).unlink(missing_ok=True)
    with caplog.at_level(logging.WARNING, "gamelib.trainer.records"):
        again = Store(f"sqlite:///{path}", config=CONFIG)
    assert "new, empty records database" in again.db.notice and "new, empty records database" in caplog.text
    # the supervisor's view says so too, above the (empty) tables
    from gamelib.trainer.records.supervising import SupervisorRecords
    from gamelib.widgets.trainer.supervisor import SupervisorView
    view = SupervisorView(SupervisorRecords(again.db, "supervisor"))
    view.refresh()
    assert "Check the records database" in view.status.value and "new, empty records database" in view.status.value
    assert again.trainee(sign_in(name="Ana")).totals() == (0, 0)
    again.close()
    third = Store(f"sqlite:///{path}", config=CONFIG)  # the new database is there now: nothing to say
    assert third.db.notice == ""
    third.close()


def test_a_database_replaced_under_a_running_store_takes_no_more_answers(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    store = Store(f"sqlite:///{path}", config=CONFIG)
    me = store.trainee(sign_in(name="Ana"))
    answer(me, 1)
    copy = tmp_path / "copy.sqlite3"
    shutil.copy(path, copy)
    os.replace(copy, path)  # a backup put in place without stopping the trainer
    with pytest.raises(RecordsUnavailable, match="deleted or replaced"):
        answer(me, 2)
    store.close()


def test_a_write_that_went_to_a_file_deleted_meanwhile_is_refused(tmp_path: Path) -> None:
    """The file is checked after the write too: an answer committed to a file deleted during
    the write is not reported as stored."""
    path = tmp_path / "trainer.sqlite3"
    store = Store(f"sqlite:///{path}", config=CONFIG)
    store.trainee(sign_in(name="Ana"))
    with pytest.raises(RecordsUnavailable, match="deleted or replaced"):
        with store.db.queue(), store.db.write_engine.begin() as c:
            c.execute(insert(Answer).values(trainee_id=1, answered_at=utcnow(), game="badugi", drill="read-hand",
                                            focus="any", seed=1, question="q", trainee_answer="g", correct_answer="r",
                                            correct=True, ms=1))
            path.unlink()
    store.close()


HOLDER = """
import fcntl, sys
f = open(sys.argv[1], "a+b")
fcntl.flock(f, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()  # holds the lock until its stdin closes (a stuck process)
"""


def test_a_stuck_holder_of_the_writers_queue_delays_a_write_only_until_the_time_limit(tmp_path: Path) -> None:
    path = tmp_path / "trainer.sqlite3"
    store = Store(f"sqlite:///{path}", config=CONFIG, busy_timeout=1.0)
    me = store.trainee(sign_in(name="Ana"))
    stuck = subprocess.Popen([sys.executable, "-c", HOLDER, str(path) + ".lock"], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert stuck.stdout is not None and stuck.stdout.readline().strip() == "held"
        t0 = time.monotonic()
        with pytest.raises(RecordsUnavailable, match="busy.*try again") as err:
            answer(me, 1)
        waited = time.monotonic() - t0
        plain(err.value)
        assert 0.9 <= waited < 10, waited
    finally:
        stuck.kill()
        stuck.wait(30)
    answer(me, 2)  # the holder gone, the next write goes through at once
    assert me.totals() == (1, 1)
    store.close()


def test_sqlite_s_own_lock_held_is_said_in_words(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / "trainer.sqlite3"
    store = Store(f"sqlite:///{path}", config=CONFIG, busy_timeout=0.5)
    me = store.trainee(sign_in(name="Ana"))
    other = sqlite3.connect(path, isolation_level=None)  # a writer outside the trainer (the sqlite3 shell)
    other.execute("BEGIN IMMEDIATE")
    try:
        with caplog.at_level(logging.ERROR, "gamelib.trainer.records"):
            with pytest.raises(RecordsUnavailable, match="busy") as err:
                answer(me, 1)
        plain(err.value)
        assert "database is locked" in caplog.text  # the driver's own words, for the operator
    finally:
        other.execute("ROLLBACK")
        other.close()
    answer(me, 1)
    assert me.totals() == (1, 1)
    store.close()


def test_a_postgresql_server_that_is_not_there_is_said_in_words(tmp_path: Path,
                                                              caplog: pytest.LogCaptureFixture) -> None:
    url = f"postgresql+psycopg://trainer@/training?host={tmp_path}/no-server&port=5432"
    with pytest.raises(RecordsUnavailable, match="cannot be opened just now") as err:
        Store(url, config=CONFIG)
    plain(err.value)
    db = Database(url, migrate=False)  # opened before the outage: every read and write says so
    me = TraineeRecords(db, 1, Identity("account:ana", "Ana", "", "account"), "Ana")
    with caplog.at_level(logging.ERROR, "gamelib.trainer.records"):
        with pytest.raises(RecordsUnavailable, match="cannot be written just now") as err:
            answer(me, 1)
        plain(err.value)
        with pytest.raises(RecordsUnavailable, match="cannot be read just now") as err:
            me.totals()
        plain(err.value)
    assert ".s.PGSQL.5432" in caplog.text  # the socket, for the operator only
    db.close()
