"""The supervisor's tables and exports (gamelib/trainer/records/report.py), on stored records: the
numbers against a plain count, the CSV read back with csv, the .xlsx read back with openpyxl, and
a certificate only for a pass."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.export import answers_csv
from gamelib.trainer.records import ExamSpec, RecordsConfig, Store, TrainingRecordsError, hash_password, sign_in
from gamelib.trainer.records.report import answer_rows, certificate_html, per_drill, per_trainee, progress_png, workbook

PLAN = {  # trainee: [(game, drill, right?)]
    "Ana": [("badugi", "read-hand", True), ("badugi", "read-hand", False), ("crazy4", "pay-wager", True),
            ("crazy4", "read-hand", True)],
    "Bo": [("stud8", "who-wins", False), ("stud8", "who-wins", False), ("badugi", "who-wins", True)],
}


@pytest.fixture()
def filled(tmp_path: Path) -> Store:
    store = Store(f"sqlite:///{tmp_path / 'r.sqlite3'}",
                  config=RecordsConfig(tmp_path, supervisor_password=hash_password("x", salt="1")))
    for who, plan in PLAN.items():
        me = store.trainee(sign_in(name=who))
        for seed, (game, drill, ok) in enumerate(plan):
            d = make_drill(drill, game)
            q = d.next(seed)
            f, correct = q.fields[0], q.correct_answer
            wrong = ([] if f.kind == "multi" and correct[f.name] else [f.options[0]]) if f.kind == "multi" else \
                correct[f.name] + 1 if f.kind == "dollars" else next(o for o in f.options if o != correct[f.name])
            me.record(d.check(q, correct if ok else {**correct, f.name: wrong}), ms=1000 * (seed + 1))
    return store


def test_tables_count_what_was_answered(filled: Store) -> None:
    boss = filled.supervisor("x")
    t = per_trainee(boss.answers()).set_index("trainee")
    for who, plan in PLAN.items():
        assert int(t.loc[who, "answered"]) == len(plan) and int(t.loc[who, "right"]) == sum(ok for *_, ok in plan)
    assert t.loc["Ana", "weakest game"] == "Badugi" and t.loc["Ana", "weakest drill"] == "Read the hand"
    assert t.loc["Bo", "weakest game"] == "Seven Card Stud Eight or Better" and t.loc["Bo", "median seconds"] == 2.0
    d = per_drill(boss.answers())
    assert int(d["answered"].sum()) == sum(len(p) for p in PLAN.values())
    assert progress_png(boss.answers())[:4] == b"\x89PNG"


def test_csv_and_xlsx_hold_every_answer(filled: Store) -> None:
    from openpyxl import load_workbook

    boss = filled.supervisor("x")
    rows = list(csv.DictReader(io.StringIO(answers_csv(answer_rows(boss.answers())))))
    assert [(r["trainee"], r["correct"]) for r in rows] == [
        (who, "yes" if ok else "no") for who, plan in PLAN.items() for *_, ok in plan]
    wb = load_workbook(io.BytesIO(workbook(boss.answers(), boss.attempts())))
    assert wb.sheetnames == ["Trainees", "Drills", "Exams", "Answers"]
    sheet = list(wb["Answers"].iter_rows(values_only=True))
    assert len(sheet) == 1 + len(rows) and sheet[0][1] == "trainee"
    assert [r[11] for r in sheet[1:]] == [r["correct"] for r in rows]


def test_a_certificate_only_for_a_pass(filled: Store) -> None:
    boss = filled.supervisor("x")
    boss.define_exam(ExamSpec("Badugi reading", ("badugi",), ("read-hand",), "any", 2, 9, 100))
    me = filled.trainee(sign_in(name="Ana"))
    results = []
    for right in (1, 2):
        s = me.start_exam("Badugi reading")
        for i, q in enumerate(s.questions):
            d = make_drill(q.drill, q.game)
            correct = q.correct_answer
            trainee_answer = correct if i < right else {"value": next(o for o in q.fields[0].options
                                                                      if o != correct["value"])}
            me.record(d.check(q, trainee_answer), ms=5, attempt_id=s.attempt.id, position=i)
        results.append(me.finish_exam(s.attempt.id))
    fail, ok = (boss.attempt(r.id) for r in results)
    with pytest.raises(TrainingRecordsError, match="only for a pass"):
        certificate_html(fail)
    page = certificate_html(ok)
    assert "Ana" in page and "Badugi reading" in page and "2 of 2 questions" in page and "@media print" in page
    assert "http" not in page  # nothing fetched from anywhere


def test_an_abandoned_exam_past_its_time_limit_says_so(filled: Store) -> None:
    import datetime as dt

    from sqlalchemy import update

    from gamelib.trainer.records.models import Attempt
    from gamelib.trainer.records.report import attempts_frame

    boss = filled.supervisor("x")
    boss.define_exam(ExamSpec("Timed", ("badugi",), ("read-hand",), "any", 2, 9, 50, time_limit=60))
    filled.trainee(sign_in(name="Cy")).start_exam("Timed")  # both left unfinished (tab closed)
    late = filled.trainee(sign_in(name="Di")).start_exam("Timed")
    with filled.db.writing() as db, db.begin():
        db.execute(update(Attempt).where(Attempt.id == late.attempt.id)
                   .values(started_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=61)))
    assert attempts_frame(boss.attempts())["result"].tolist() == ["not finished", "time up, not finished"]
