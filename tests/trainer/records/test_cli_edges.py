"""``python -m gamelib.trainer.records`` given what an operator gets wrong: every case is
one line on stderr naming what is wrong, exit code 2 (1 for an operational failure: a database
server not there, a full disk), never a traceback; and a backup taken while a trainee writes
keeps every acknowledged answer, in the database and in the copy, while the live file itself
is refused as the target."""

from __future__ import annotations

import io
import multiprocessing
import os
import resource
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.records import RecordsConfig, Store, sign_in
from gamelib.trainer.records.__main__ import main

CMD = [sys.executable, "-m", "gamelib.trainer.records"]


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A data directory with a trainer's database holding five answers."""
    d = tmp_path / "data"
    monkeypatch.setenv("GAMELIB_DATA", str(d))
    for var in ("GAMELIB_TRAINER_DB", "GAMELIB_TRAINER_CONFIG", "JUPYTERHUB_USER"):
        monkeypatch.delenv(var, raising=False)
    store = Store(f"sqlite:///{d / 'trainer.sqlite3'}", config=RecordsConfig(d))
    me = store.trainee(sign_in(name="Ana"))
    dr = make_drill("read-hand", "badugi")
    for seed in range(5):
        q = dr.next(seed)
        me.record(dr.check(q, q.correct_answer), ms=10)
    store.close()
    return d


def one_line(capsys: pytest.CaptureFixture[str], argv: list[str], code: int, *words: str) -> str:
    assert main(argv) == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err, err
    for w in words:
        assert w in err, err
    return err


def test_a_malformed_configuration(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (data / "trainer.toml").write_text("supervisors = [\n", encoding="utf-8")
    for argv in (["where"], ["upgrade"], ["backup", str(data.parent / "b.sqlite3")]):
        one_line(capsys, argv, 2, "not valid TOML", "trainer.toml")


def test_bad_database_urls_and_data_directories(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GAMELIB_TRAINER_DB", "not a url:secret")
    err = one_line(capsys, ["where"], 2, "GAMELIB_TRAINER_DB is not a database URL", "postgresql+psycopg://")
    assert "secret" not in err  # a malformed URL may hold a password: never quoted
    monkeypatch.setenv("GAMELIB_TRAINER_DB", "mysql://trainer@db/training")
    one_line(capsys, ["upgrade"], 2, "'mysql' is not a database the records run on")
    monkeypatch.setenv("GAMELIB_TRAINER_DB", f"postgresql+psycopg://t:secret@/training?host={data}/none&port=5432")
    err = one_line(capsys, ["upgrade"], 1, "upgrade failed", "nothing was changed")  # unreachable: operational
    assert "secret" not in err
    one_line(capsys, ["backup", str(data.parent / "b.sqlite3")], 2, "use pg_dump")
    garbage = data / "garbage.sqlite3"
    garbage.write_bytes(b"this is not a database, whatever its name says" * 100)
    monkeypatch.setenv("GAMELIB_TRAINER_DB", f"sqlite:///{garbage}")
    one_line(capsys, ["upgrade"], 2, "not the trainer's", "file is not a database")
    one_line(capsys, ["backup", str(data.parent / "b.sqlite3")], 2, "not a SQLite database")
    monkeypatch.delenv("GAMELIB_TRAINER_DB")
    monkeypatch.setenv("GAMELIB_DATA", str(garbage))
    for argv in (["where"], ["upgrade"], ["backup", str(data.parent / "b.sqlite3")]):
        one_line(capsys, argv, 2, "GAMELIB_DATA names", "not a folder")
    assert not (data.parent / "b.sqlite3").exists()


def test_hash_password_with_an_empty_or_missing_password(data: Path, monkeypatch: pytest.MonkeyPatch,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("\n\n"))
    one_line(capsys, ["hash-password"], 2, "cannot be empty")
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    one_line(capsys, ["hash-password"], 2, "standard input ended")
    monkeypatch.setattr("sys.stdin", io.StringIO("felt-and-chips\nfelt-and-chip\n"))
    one_line(capsys, ["hash-password"], 2, "differ")
    closed = subprocess.run(CMD + ["hash-password"], capture_output=True, text=True, timeout=120,
                            preexec_fn=lambda: os.close(0))  # `... hash-password <&-`
    assert closed.returncode == 2 and closed.stderr.count("\n") == 1 and "standard input is closed" in closed.stderr, \
        closed.stderr
    usage = subprocess.run(CMD + ["nonsense"], capture_output=True, text=True, timeout=120)
    assert usage.returncode == 2 and usage.stderr.count("\n") == 1 and "the commands are" in usage.stderr


def test_backup_targets_that_are_refused(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = data / "trainer.sqlite3"
    for target in (live, data / "trainer.sqlite3-wal", data / "trainer.sqlite3.lock"):
        one_line(capsys, ["backup", str(target)], 2, "live database's own files")
    link = data.parent / "hard-link.sqlite3"
    os.link(live, link)  # the live file under another name
    one_line(capsys, ["backup", "--replace", str(link)], 2, "live database's own files")
    one_line(capsys, ["backup", str(data.parent / "no-such-folder" / "b.sqlite3")], 2, "does not exist", "mkdir -p")
    one_line(capsys, ["backup", str(data.parent)], 2, "is a folder")
    one_line(capsys, ["backup", "/dev/full"], 2, "not a regular file")
    existing = data.parent / "old.sqlite3"
    existing.write_text("last week's copy", encoding="utf-8")
    one_line(capsys, ["backup", str(existing)], 2, "exists already", "--replace")
    assert existing.read_text(encoding="utf-8") == "last week's copy"
    assert main(["backup", "--replace", str(existing)]) == 0
    con = sqlite3.connect(existing)
    assert con.execute("SELECT count(*) FROM answers").fetchone()[0] == 5
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"  # one self-contained file
    con.close()
    assert sorted(p.name for p in data.parent.iterdir()) == ["data", "hard-link.sqlite3", "old.sqlite3"]


def _small_files() -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (16384, 16384))  # a disk that fills after 16 KB


def test_a_backup_onto_a_full_disk_is_an_operational_failure_that_leaves_nothing(data: Path) -> None:
    target = data.parent / "b.sqlite3"
    full = subprocess.run(CMD + ["backup", str(target)], capture_output=True, text=True, timeout=120,
                          preexec_fn=_small_files)
    assert full.returncode == 1 and full.stderr.count("\n") == 1 and "backup failed" in full.stderr, full.stderr
    assert sorted(p.name for p in data.parent.iterdir()) == ["data"]  # no partial copy left behind


def _writer(url: str, n: int, started: multiprocessing.synchronize.Event) -> None:
    store = Store(url, config=RecordsConfig(Path("/nonexistent")))
    me = store.trainee(sign_in(name="Bo"))
    d = make_drill("read-hand", "badugi")
    for seed in range(n):
        q = d.next(seed)
        me.record(d.check(q, q.correct_answer), ms=1)  # acknowledged when this returns
        started.set()
    store.close()


def test_a_backup_taken_while_a_trainee_writes_loses_nothing(data: Path, capsys: pytest.CaptureFixture[str]) -> None:
    live = data / "trainer.sqlite3"
    n = 600
    ctx = multiprocessing.get_context("fork")
    started = ctx.Event()
    proc = ctx.Process(target=_writer, args=(f"sqlite:///{live}", n, started))
    proc.start()
    assert started.wait(60)
    copies: list[Path] = []
    while proc.is_alive() and len(copies) < 8:
        assert main(["backup", str(live)]) == 2  # the live file itself: refused, and it loses nothing
        copies.append(data.parent / f"copy-{len(copies)}.sqlite3")
        assert main(["backup", str(copies[-1])]) == 0
    proc.join(120)
    assert proc.exitcode == 0 and copies
    capsys.readouterr()
    con = sqlite3.connect(live)
    assert con.execute("SELECT count(*) FROM answers").fetchone()[0] == 5 + n  # every acknowledged answer
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    during = 0
    for c in copies:
        con = sqlite3.connect(c)
        ids = [r[0] for r in con.execute("SELECT id FROM answers ORDER BY id")]
        assert ids == list(range(1, len(ids) + 1))  # a consistent copy: every answer up to a moment
        assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
        during += 5 < len(ids) < 5 + n
        con.close()
    assert during >= 1  # at least one copy was taken while the trainee was writing
