"""The records' migrations (gamelib/trainer/records/migrations): an existing database that holds
records, made at the first revision, is upgraded to the newest and keeps every record; the newest
revision builds exactly the tables the models declare."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import Engine, text

from gamelib.trainer.records import RecordsConfig, Store, sign_in
from gamelib.trainer.records.database import HEAD, current_revision, make_engine, upgrade

ROWS = [(1, "name:ana", "Ana", ""), (2, "employee:E9", "", "E9")]
ANSWERS = [(i, 1 + i % 2, f"question {i}", i % 3 == 0, 100 + i) for i in range(1, 8)]
WHEN = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.UTC)


def test_an_upgrade_keeps_the_records_of_the_first_revision(store_url: str) -> None:
    engine = make_engine(store_url)
    upgrade(engine, "0001")
    assert current_revision(engine) == "0001"
    with engine.begin() as c:  # records written by the first release, in its own columns
        for tid, login, name, emp in ROWS:
            c.execute(text("INSERT INTO trainees (id, login, name, employee_no, created_at) "
                           "VALUES (:i, :l, :n, :e, :t)"), dict(i=tid, l=login, n=name, e=emp, t=WHEN))
        for aid, tid, q, ok, ms in ANSWERS:
            c.execute(text("INSERT INTO answers (id, trainee_id, answered_at, game, drill, focus, seed, question, "
                           "given, right_answer, correct, ms) VALUES (:i, :tid, :t, 'badugi', 'read-hand', 'any', "
                           ":i, :q, 'a', 'b', :ok, :ms)"), dict(i=aid, tid=tid, t=WHEN, q=q, ok=ok, ms=ms))
    engine.dispose()

    store = Store(store_url, config=RecordsConfig(Path("/nonexistent")))  # opening upgrades
    assert current_revision(store.engine) == HEAD
    with store.engine.connect() as c:
        rows = c.execute(text("SELECT id, trainee_id, question, correct, ms, attempt_id, position FROM answers "
                              "ORDER BY id")).all()
    assert [(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows] == ANSWERS
    assert all(r[5] is None and r[6] is None for r in rows)  # the old answers were practice
    ana = store.trainee(sign_in(name="ana"))
    assert ana.totals() == (sum(ok for _, t, _, ok, _ in ANSWERS if t == 1), sum(1 for a in ANSWERS if a[1] == 1))
    assert {a.answered_at for a in ana.answers()} == {WHEN}
    assert {(a.trainee_answer, a.correct_answer) for a in ana.answers()} == {("a", "b")}  # given, right_answer
    store.close()


def _answer_columns(engine: Engine) -> list[str]:
    with engine.connect() as c:
        if engine.dialect.name == "sqlite":
            return [r[1] for r in c.exec_driver_sql("PRAGMA table_info(answers)")]
        return list(c.execute(text("SELECT column_name FROM information_schema.columns WHERE table_name = 'answers' "
                                   "ORDER BY ordinal_position")).scalars())


def test_0007_names_the_trainee_answer_and_the_correct_answer_apart(store_url: str) -> None:
    """An answer stored at revision 0006 (``given``, ``right_answer``) reads back after the upgrade
    with the same trainee's answer and correct answer, and every other value it had; a downgrade
    gives the columns their old names back, the values still there."""
    engine = make_engine(store_url)
    upgrade(engine, "0006")
    with engine.begin() as c:
        c.execute(text("INSERT INTO trainees (id, login, name, employee_no, created_at) "
                       "VALUES (1, 'name:ana', 'Ana', '', :t)"), dict(t=WHEN))
        for aid, given, right_answer in ((1, "Value: pair of sevens", "Value: two pair"),
                                         (2, "Seat 0: $5; Seat 1: ?", "Seat 0: $5; Seat 1: -$5")):
            c.execute(text("INSERT INTO answers (id, trainee_id, answered_at, game, drill, focus, seed, question, "
                           "given, right_answer, correct, ms) VALUES (:i, 1, :t, 'badugi', 'read-hand', 'any', "
                           ":i, 'q', :g, :r, :ok, 700)"), dict(i=aid, t=WHEN, g=given, r=right_answer, ok=aid == 2))
    upgrade(engine, "0007")
    columns = _answer_columns(engine)
    assert {"trainee_answer", "correct_answer"} <= set(columns) and not {"given", "right_answer"} & set(columns)
    engine.dispose()
    store = Store(store_url, config=RecordsConfig(Path("/nonexistent")))
    back = store.trainee(sign_in(name="ana")).answers()  # by id
    assert [(a.id, a.trainee_answer, a.correct_answer, a.correct, a.ms, a.seed) for a in back] == [
        (1, "Value: pair of sevens", "Value: two pair", False, 700, 1),
        (2, "Seat 0: $5; Seat 1: ?", "Seat 0: $5; Seat 1: -$5", True, 700, 2)]
    store.close()
    from alembic import command

    from gamelib.trainer.records.database import alembic_config

    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "0006")
    with engine.connect() as c:
        old = c.execute(text("SELECT id, given, right_answer FROM answers ORDER BY id")).all()
    assert [tuple(r) for r in old] == [(1, "Value: pair of sevens", "Value: two pair"),
                                       (2, "Seat 0: $5; Seat 1: ?", "Seat 0: $5; Seat 1: -$5")]
    upgrade(engine, "head")
    assert current_revision(engine) == HEAD and "trainee_answer" in _answer_columns(engine)
    engine.dispose()


def test_0004_drops_the_stored_pass_and_derives_it(store_url: str) -> None:
    """Attempts stored at revision 0003 with their ``passed`` column (one of them stored wrongly,
    as a hand edit could): after the upgrade the column is gone and pass or fail follows from the
    score and the exam's pass mark; a downgrade brings the column back, filled from the score."""
    engine = make_engine(store_url)
    upgrade(engine, "0003")
    with engine.begin() as c:
        c.execute(text("INSERT INTO trainees (id, login, name, employee_no, created_at) "
                       "VALUES (1, 'name:ana', 'Ana', '', :t)"),
                  dict(t=WHEN))
        c.execute(text("INSERT INTO exams (id, name, games, drills, focus, questions, seed, pass_mark, time_limit, "
                       "created_by, created_at) VALUES (1, 'Badugi', 'badugi', 'read-hand', 'any', 10, 1, 80, NULL, "
                       "'supervisor', :t)"), dict(t=WHEN))
        for aid, right, passed in ((1, 8, True), (2, 7, True), (3, None, None)):  # attempt 2: stored wrongly
            c.execute(text('INSERT INTO attempts (id, exam_id, trainee_id, started_at, finished_at, "right", passed) '
                           "VALUES (:i, 1, 1, :t, :f, :r, :p)"),
                      dict(i=aid, t=WHEN, f=WHEN if right is not None else None, r=right, p=passed))
        c.execute(text("INSERT INTO answers (id, trainee_id, answered_at, game, drill, focus, seed, question, given, "
                       "right_answer, correct, ms, attempt_id, position) VALUES (1, 1, :t, 'badugi', 'read-hand', "
                       "'any', 1, 'q', 'a', 'a', :ok, 5, 1, 0)"), dict(t=WHEN, ok=True))  # an answer points at it
    upgrade(engine, "0004")
    with engine.connect() as c:
        columns = [r[1] for r in c.exec_driver_sql("PRAGMA table_info(attempts)")] if engine.dialect.name == "sqlite" \
            else list(c.execute(text("SELECT column_name FROM information_schema.columns "
                                     "WHERE table_name = 'attempts'"))
                      .scalars())
    assert "passed" not in columns and "right" in columns
    engine.dispose()
    store = Store(store_url, config=RecordsConfig(Path("/nonexistent")))
    ana = store.trainee(sign_in(name="ana"))
    assert [(a.right, a.passed) for a in ana.attempts()] == [(8, True), (7, False), (None, None)]
    store.close()
    upgrade(engine, "head")
    from alembic import command

    from gamelib.trainer.records.database import alembic_config

    with engine.begin() as conn:
        command.downgrade(alembic_config(conn), "0003")
    with engine.connect() as c:
        back = c.execute(text("SELECT id, passed FROM attempts ORDER BY id")).all()
    assert [(i, None if p is None else bool(p)) for i, p in back] == [(1, True), (2, False), (3, None)]
    upgrade(engine, "head")  # and up again, with the answer still pointing at its attempt
    with engine.connect() as c:
        assert c.execute(text("SELECT attempt_id FROM answers")).scalar() == 1
    engine.dispose()


def test_the_newest_revision_matches_the_models(store_url: str) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.runtime.migration import MigrationContext

    from gamelib.trainer.records.models import Base

    engine = make_engine(store_url)
    upgrade(engine)
    with engine.connect() as c:
        diff = compare_metadata(MigrationContext.configure(c), Base.metadata)
    assert diff == []
    upgrade(engine)  # a second upgrade finds nothing to do
    assert current_revision(engine) == HEAD
    engine.dispose()


def test_the_migrations_ship_with_the_package() -> None:
    """pyproject.toml's package discovery (``gamelib*``) takes the migrations along into a wheel, so
    an installed gamelib can upgrade a database (they are packages, with no alembic.ini needed)."""
    import tomllib

    from setuptools import find_packages

    from gamelib.trainer.records.database import MIGRATIONS

    root = Path(__file__).resolve().parents[3]
    include = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = find_packages(str(root), include=include)
    assert {"gamelib.trainer.records.migrations", "gamelib.trainer.records.migrations.versions"} <= set(packages)
    revisions = sorted(p.name for p in (MIGRATIONS / "versions").glob("r*.py"))
    assert revisions == ["r0001_answers.py", "r0002_exams.py", "r0003_sign_ins.py", "r0004_passed_derived.py",
                         "r0005_exams_lockout_changes.py", "r0006_accounts.py", "r0007_answer_columns.py"] \
        and (MIGRATIONS / "env.py").is_file()
