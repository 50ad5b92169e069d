"""The trainer app with records (gamelib/widgets/trainer/app.py): an answer is on record before its
verdict shows, a failed write shows no verdict, sign-in, an exam sat end to end, and the
supervisor's view only for the password."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelib.trainer.records import RecordsConfig, Store, hash_password, sign_in
from gamelib.trainer.records.exams import ExamSpec
from gamelib.widgets.trainer import TrainerWidget
from gamelib.widgets.trainer.app import TrainerApp

PASSWORD = "floor-7"


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    cfg = RecordsConfig(tmp_path, supervisor_password=hash_password(PASSWORD, salt="77"))
    return Store(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", config=cfg)


def wrong_of(q):  # type: ignore[no-untyped-def]
    f = q.fields[0]
    return {**q.answer, f.name: next(o for o in f.options if o != q.answer[f.name])}


def test_the_answer_is_on_record_before_the_verdict_shows(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    seen: list[int] = []
    w.feedback.observe(lambda ch: seen.append(len(me.answers())) if "gl-trainer-verdict" in ch["new"] else None,
                       names="value")
    w.answer_with(w.question.answer)
    assert seen == [1]  # when the verdict appeared, the answer was already stored
    [rec] = me.answers()
    assert rec.correct and rec.seed == 5 and rec.ms >= 0


def test_no_verdict_without_a_record(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    store.engine.dispose()
    with store.engine.begin() as c:  # the records refuse every write (as a full disk or a dead server would)
        c.exec_driver_sql("CREATE TRIGGER refuse BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    assert w.answer_with(w.question.answer) is None
    assert "Not saved" in w.feedback.value and "gl-trainer-verdict" not in w.feedback.value
    assert w.session.score == (0, 0) and not w.check_button.disabled
    with store.engine.begin() as c:
        c.exec_driver_sql("DROP TRIGGER refuse")
    assert w.check() is not None and 'data-correct="yes"' in w.feedback.value and len(me.answers()) == 1


def test_sign_in_practise_and_the_supervisor_sees_it(store: Store) -> None:
    app = TrainerApp(game="badugi", drill="read-hand", seed=3, store=store, environ={})
    app.sign_in_button.click()
    assert "Cannot sign in" in app.message.value and app.records is None  # nothing typed
    app.name.value, app.employee_no.value = "Ana Ruiz", "E5"
    app.sign_in_button.click()
    t = app.trainer
    assert t is not None and app.records is not None
    t.answer_with(t.question.answer)
    t.new_button.click()
    t.answer_with(wrong_of(t.question))
    assert "on record: 1 of 2 right" in app.who.value
    # the trainee's own app cannot open the supervisor's view without the password
    other = TrainerApp(store=store, environ={})
    other.password.value = "floor 7"
    other.supervisor_button.click()
    assert other.supervisor_view is None and "Not opened" in other.supervisor_message.value
    assert other.password.value == ""  # never kept in the form
    other.password.value = PASSWORD
    other.supervisor_button.click()
    v = other.supervisor_view
    assert v is not None
    assert v.answers_html.value.count('data-login="employee:E5"') == 2
    assert 'data-seed="3" data-drill="read-hand" data-game="badugi" data-correct="yes"' in v.answers_html.value
    assert 'data-seed="4" data-drill="read-hand" data-game="badugi" data-correct="no"' in v.answers_html.value
    assert "Ana Ruiz" in v.trainees_html.value and "gl-sv-xlsx" in v.export_html.value


def test_the_hub_user_is_signed_in_and_cannot_sign_out(store: Store) -> None:
    app = TrainerApp(store=store, environ={"JUPYTERHUB_USER": "dealer12"})
    assert app.records is not None and app.identity is not None and app.identity.login == "user:dealer12"
    assert app.sign_out_button not in app.children[0].children


def test_an_exam_end_to_end_with_a_retake(store: Store) -> None:
    boss = TrainerApp(store=store, environ={})
    boss.password.value = PASSWORD
    boss.supervisor_button.click()
    v = boss.supervisor_view
    assert v is not None
    v.exam_name.value = "Badugi reading"
    v.define_button.click()
    assert "Not defined" in v.define_message.value  # no game chosen yet
    v.exam_games.value, v.exam_drills.value = ("badugi",), ("read-hand",)
    v.exam_questions.value, v.exam_seed.value, v.exam_pass.value = 3, 20, 67
    v.define_button.click()
    assert "defined" in v.define_message.value

    app = TrainerApp(store=store, environ={})
    app.name.value = "Bo"
    app.sign_in_button.click()
    exam = app.exam
    assert exam is not None and list(exam.choice.options) == ["Badugi reading"]
    for right in (2, 1):  # 2 of 3 is 66.67 %: short of 67; then a retake, worse
        exam.start_button.click()
        assert exam.sitting is not None, exam.status.value
        qs = exam.sitting.questions
        assert [q.seed for q in qs] == [20, 21, 22]
        for i, q in enumerate(qs):
            exam.set_answer(q.answer if i < right else wrong_of(q))
            exam.submit_button.click()
        assert 'data-passed="no"' in exam.result.value and f"{right} of 3" in exam.result.value
    v.refresh()
    assert v.exams_html.value.count('data-result="fail"') == 2 and "gl-sv-certificate" not in v.exams_html.value
    exam.start_button.click()
    for q in exam.sitting.questions:
        exam.set_answer(q.answer)
        exam.submit_button.click()
    assert 'data-passed="yes"' in exam.result.value
    assert exam.history.value.count("<li>") == 3 and "3 of 3 right, passed" in exam.history.value  # newest first
    v.refresh()
    assert 'data-login="name:bo" data-exam="Badugi reading" data-result="pass"' in v.exams_html.value
    assert v.exams_html.value.count("gl-sv-certificate") == 1
