"""The SQLite records are the trainer's user's alone (gamelib/trainer/records/database.py,
availability.py, backup.py): a data directory the records make is 0700, the database and the
files SQLite and the trainer keep beside it 0600, whatever the process's umask; an existing file
open to others is tightened when a store opens it (and the log says so); a backup is 0600."""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.records import RecordsConfig, Store, sign_in
from gamelib.trainer.records.backup import backup_sqlite

CONFIG = RecordsConfig(Path("/nonexistent"))


@pytest.fixture
def permissive_umask() -> Iterator[None]:
    """The usual umask, under which files are made readable by everyone (0644) unless made otherwise."""
    old = os.umask(0o022)
    try:
        yield
    finally:
        os.umask(old)


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def write_an_answer(store: Store) -> None:
    d = make_drill("read-hand", "badugi")
    q = d.next(1)
    store.trainee(sign_in("Ana")).record(d.check(q, q.correct_answer), ms=10)


def test_a_fresh_data_directory_and_database_are_private(tmp_path: Path, permissive_umask: None) -> None:
    data = tmp_path / "data"
    db = data / "trainer.sqlite3"
    store = Store(f"sqlite:///{db}", config=CONFIG)
    write_an_answer(store)
    assert oct(mode(data)) == oct(0o700)
    assert oct(mode(db)) == oct(0o600)
    companions = [data / f"trainer.sqlite3{s}" for s in ("-wal", "-shm", ".lock")]
    assert (data / "trainer.sqlite3-wal").exists()
    assert {p.name: oct(mode(p)) for p in companions if p.exists()} == {p.name: oct(0o600) for p in companions
                                                                       if p.exists()}
    store.close()


def test_an_existing_database_open_to_others_is_tightened_and_logged(
        tmp_path: Path, permissive_umask: None, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "trainer.sqlite3"
    con = sqlite3.connect(db)  # made as SQLite makes it under this umask: 0644, its -wal too
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("CREATE TABLE t(x)")
    con.commit()
    wal = tmp_path / "trainer.sqlite3-wal"
    assert mode(db) == mode(wal) == 0o644
    with caplog.at_level(logging.WARNING, "gamelib.trainer.records"):
        store = Store(f"sqlite:///{db}", config=CONFIG)
    con.close()
    assert (mode(db), mode(wal)) == (0o600, 0o600)
    assert "trainer.sqlite3 (644 -> 600)" in caplog.text and "trainer.sqlite3-wal (644 -> 600)" in caplog.text
    store.close()
    caplog.clear()
    with caplog.at_level(logging.WARNING, "gamelib.trainer.records"):
        Store(f"sqlite:///{db}", config=CONFIG).close()
    assert "made private" not in caplog.text  # said once, when it was done


def test_a_backup_is_private(tmp_path: Path, permissive_umask: None) -> None:
    db = tmp_path / "data" / "trainer.sqlite3"
    store = Store(f"sqlite:///{db}", config=CONFIG)
    write_an_answer(store)
    backup_sqlite(db, tmp_path / "copy.sqlite3")
    assert mode(tmp_path / "copy.sqlite3") == 0o600
    backup_sqlite(db, tmp_path / "copy.sqlite3", replace=True)
    assert mode(tmp_path / "copy.sqlite3") == 0o600
    store.close()
