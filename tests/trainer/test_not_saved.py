"""Every "Not saved" path of the trainer's widgets: the records' file deleted under the
trainer, the writers' queue held by a stuck process, SQLite's lock held by another writer, a
PostgreSQL server that is not there. Each time **Check** (or an exam's **Submit**) stores
nothing, shows no verdict, says why in plain words (no driver text, no socket or file path),
and the same answer goes through once the records are back."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gamelib.trainer.records import RecordsConfig, Store, SupervisorRecords, TraineeRecords, sign_in
from gamelib.trainer.records.database import Database
from gamelib.trainer.records.exams import ExamSpec
from gamelib.trainer.records.identity import Identity
from gamelib.widgets.trainer import TrainerWidget
from gamelib.widgets.trainer.app import TrainerApp, practice_closed
from gamelib.widgets.trainer.exam import ExamPanel

DRIVER_TEXT = ("sqlite3", "OperationalError", "SQL:", "sqlalche.me", "BEGIN", ".s.PGSQL", "socket", "/tmp", "Traceback")
HOLDER = """
import fcntl, sys
f = open(sys.argv[1], "a+b")
fcntl.flock(f, fcntl.LOCK_EX)
print("held", flush=True)
sys.stdin.read()
"""


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", config=RecordsConfig(tmp_path), busy_timeout=0.5)


def stored(store: Store) -> int:
    """The answers in the file the supervisor reads (opened afresh, as another kernel would)."""
    path = Path(str(store.engine.url.database))
    if not path.exists():
        return 0
    con = sqlite3.connect(path)
    try:
        return int(con.execute("SELECT count(*) FROM answers").fetchone()[0])
    finally:
        con.close()


def not_saved(w: TrainerWidget, before: tuple[int, int]) -> None:
    assert w.check() is None
    html = w.feedback.value
    assert "Not saved" in html and "gl-trainer-verdict" not in html, html
    assert not any(t in html for t in DRIVER_TEXT), html
    assert w.session.score == before and not w.check_button.disabled  # nothing kept, Check may be pressed again


def test_check_after_the_database_file_is_deleted(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me, closed=lambda: practice_closed(me))
    assert w.answer_with(w.question.correct_answer) is not None and stored(store) == 1
    w.new_question()
    Path(str(store.engine.url.database)).unlink()
    w.set_answer(w.question.correct_answer)
    not_saved(w, (1, 1))
    assert "deleted or replaced" in w.feedback.value and stored(store) == 0
    w.closed = None  # the write itself refuses too, not only the check for an exam in progress
    not_saved(w, (1, 1))
    assert "deleted or replaced" in w.feedback.value


def test_check_while_a_stuck_process_holds_the_writers_queue(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    w.set_answer(w.question.correct_answer)
    lock = str(store.engine.url.database) + ".lock"
    stuck = subprocess.Popen([sys.executable, "-c", HOLDER, lock], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             text=True)
    try:
        assert stuck.stdout is not None and stuck.stdout.readline().strip() == "held"
        not_saved(w, (0, 0))
        assert "Not saved, try again" in w.feedback.value and "busy" in w.feedback.value
    finally:
        stuck.kill()
        stuck.wait(30)
    assert stored(store) == 0
    r = w.check()  # the same answer, again: stored once, verdict shown
    assert r is not None and "gl-trainer-verdict" in w.feedback.value and stored(store) == 1


def test_check_while_another_writer_holds_sqlite_s_lock(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    w.set_answer(w.question.correct_answer)
    other = sqlite3.connect(str(store.engine.url.database), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        not_saved(w, (0, 0))
        assert "Not saved, try again" in w.feedback.value
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert w.check() is not None and stored(store) == 1


def test_check_and_sign_in_while_postgresql_is_not_there(tmp_path: Path) -> None:
    url = f"postgresql+psycopg://trainer@/training?host={tmp_path}/no-server&port=5432"
    me = TraineeRecords(Database(url, migrate=False), 1, Identity("account:ana", "Ana", "", "account"), "Ana")
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    w.set_answer(w.question.correct_answer)
    not_saved(w, (0, 0))
    w.closed = lambda: practice_closed(me)
    not_saved(w, (0, 0))
    app = TrainerApp(store=None, config=RecordsConfig(tmp_path, database_url=url), environ={})
    app.account.value, app.account_password.value = "ana", "a-password"
    app.sign_in_button.click()
    assert app.records is None and "Cannot sign in" in app.message.value
    assert not any(t in app.message.value for t in DRIVER_TEXT), app.message.value


def test_an_exam_answer_not_saved_is_submitted_again_once(store: Store) -> None:
    SupervisorRecords(store.db, "floor").define_exam(ExamSpec("Reading", ("badugi",), ("read-hand",), "any", 2, 0, 50))
    me = store.trainee(sign_in(name="Ana"))
    panel = ExamPanel(me)
    assert panel.start() is not None and panel.position == 0
    panel.set_answer(panel.sitting.questions[0].correct_answer)  # type: ignore[union-attr]
    other = sqlite3.connect(str(store.engine.url.database), isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    try:
        assert panel.submit(0) is None
        assert "Not saved, press Submit again" in panel.result.value and panel.position == 0
        assert not any(t in panel.result.value for t in DRIVER_TEXT), panel.result.value
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert stored(store) == 0
    panel.submit_button.click()  # the same question's button, again
    assert panel.position == 1 and stored(store) == 1
    assert [a.position for a in me.answers()] == [0]
