"""The records' migrations (gamelib/trainer/records/migrations): an existing database that holds
records, made at the first revision, is upgraded to the newest and keeps every record; the newest
revision builds exactly the tables the models declare."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from sqlalchemy import text

from gamelib.trainer.records import RecordsConfig, Store, sign_in
from gamelib.trainer.records.store import HEAD, current_revision, make_engine, upgrade

ROWS = [(1, "name:ana", "Ana", ""), (2, "employee:E9", "", "E9")]
ANSWERS = [(i, 1 + i % 2, f"question {i}", i % 3 == 0, 100 + i) for i in range(1, 8)]
WHEN = dt.datetime(2026, 11, 1, 12, 0, tzinfo=dt.timezone.utc)


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
    store.close()


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

    from gamelib.trainer.records.store import MIGRATIONS

    root = Path(__file__).resolve().parents[3]
    include = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]["find"]["include"]
    packages = find_packages(str(root), include=include)
    assert {"gamelib.trainer.records.migrations", "gamelib.trainer.records.migrations.versions"} <= set(packages)
    revisions = sorted(p.name for p in (MIGRATIONS / "versions").glob("r*.py"))
    assert revisions == ["r0001_answers.py", "r0002_exams.py", "r0003_sign_ins.py"] and (MIGRATIONS / "env.py").is_file()
