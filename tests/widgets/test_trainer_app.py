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


def enter(store: Store, account: str, **kw: object) -> TrainerApp:
    """A trainer app in which ``account`` (created if new) signs in with its password."""
    if account not in {login.split(":", 1)[1] for login, *_ in store.supervisor(PASSWORD).trainees()}:
        store.supervisor(PASSWORD).create_account(account, account.title(), f"E-{len(account)}")
    app = TrainerApp(store=store, environ={}, **kw)  # type: ignore[arg-type]
    app.account.value, app.account_password.value = account, f"{account}-password"
    app.sign_in_button.click()
    assert app.records is not None, app.message.value
    return app


def wrong_of(q):  # type: ignore[no-untyped-def]
    f = q.fields[0]
    return {**q.correct_answer, f.name: next(o for o in f.options if o != q.correct_answer[f.name])}


def test_the_answer_is_on_record_before_the_verdict_shows(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    seen: list[int] = []
    w.feedback.observe(lambda ch: seen.append(len(me.answers())) if "gl-trainer-verdict" in ch["new"] else None,
                       names="value")
    w.answer_with(w.question.correct_answer)
    assert seen == [1]  # when the verdict appeared, the answer was already stored
    [rec] = me.answers()
    assert rec.correct and rec.seed == 5 and rec.ms >= 0


def test_check_with_nothing_chosen_is_not_on_record(store: Store) -> None:
    """Check before any answer is chosen is not put on record (it once stored "?" as a wrong answer)."""
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    w.check_button.click()
    assert me.answers() == [] and "choose an answer first" in w.feedback.value
    assert "gl-trainer-verdict" not in w.feedback.value and w.session.score == (0, 0)
    w.answer_with(w.question.correct_answer)
    [rec] = me.answers()
    assert rec.correct and "?" not in rec.trainee_answer


def test_no_verdict_without_a_record(store: Store) -> None:
    me = store.trainee(sign_in(name="Ana"))
    w = TrainerWidget(game="badugi", drill="read-hand", seed=5, records=me)
    store.engine.dispose()
    with store.engine.begin() as c:  # the records refuse every write (as a full disk or a dead server would)
        c.exec_driver_sql("CREATE TRIGGER refuse BEFORE INSERT ON answers BEGIN SELECT RAISE(ABORT, 'disk full'); END")
    assert w.answer_with(w.question.correct_answer) is None
    assert "Not saved" in w.feedback.value and "gl-trainer-verdict" not in w.feedback.value
    assert w.session.score == (0, 0) and not w.check_button.disabled
    with store.engine.begin() as c:
        c.exec_driver_sql("DROP TRIGGER refuse")
    assert w.check() is not None and 'data-correct="yes"' in w.feedback.value and len(me.answers()) == 1


def test_sign_in_practise_and_the_supervisor_sees_it(store: Store) -> None:
    app = TrainerApp(game="badugi", drill="read-hand", seed=3, store=store, environ={})
    app.sign_in_button.click()
    assert "Cannot sign in" in app.message.value and app.records is None  # nothing typed
    app.account.value, app.account_password.value = "ana", "whatever-1"
    app.sign_in_button.click()
    assert "do not match" in app.message.value and app.records is None  # no such account: nobody
    boss = store.supervisor(PASSWORD)
    boss.create_account("ana", "Ana Ruiz", "E5")
    app.account.value, app.account_password.value = "ana", "short"
    app.sign_in_button.click()
    assert "at least 8 characters" in app.message.value and app.records is None
    app.account.value, app.account_password.value = "Ana", "ana-first-pw"  # the first sign-in sets it
    app.sign_in_button.click()
    assert app.account_password.value == ""  # not kept in the form
    t = app.trainer
    assert t is not None and app.records is not None and "Ana Ruiz" in app.who.value and "E5" in app.who.value
    intruder = TrainerApp(store=store, environ={})
    intruder.account.value, intruder.account_password.value = "ana", "guessing-1"
    intruder.sign_in_button.click()
    assert intruder.records is None and "do not match" in intruder.message.value
    t.answer_with(t.question.correct_answer)
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
    assert v.answers_html.value.count('data-login="account:ana"') == 2
    assert 'data-seed="3" data-drill="read-hand" data-game="badugi" data-correct="yes"' in v.answers_html.value
    assert 'data-seed="4" data-drill="read-hand" data-game="badugi" data-correct="no"' in v.answers_html.value
    assert "Ana Ruiz" in v.trainees_html.value and "gl-sv-xlsx" in v.export_html.value


def test_the_hub_user_is_signed_in_and_cannot_sign_out(store: Store, tmp_path: Path) -> None:
    hub = RecordsConfig(tmp_path, auth="hub")
    app = TrainerApp(store=store, config=hub, environ={"JUPYTERHUB_USER": "dealer12"})
    assert app.records is not None and app.identity is not None and app.identity.login == "user:dealer12"
    assert app.sign_out_button not in app.children[0].children
    # with accounts (the default), the hub's variable names nobody
    assert TrainerApp(store=store, environ={"JUPYTERHUB_USER": "dealer12"}).records is None


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
    v.exam_questions.value, v.exam_pass.value = 3, 67
    v.define_button.click()
    assert "defined" in v.define_message.value

    app = enter(store, "bo")
    exam = app.exam
    assert exam is not None and list(exam.choice.options) == ["Badugi reading"]
    drawn = []
    for right in (2, 1):  # 2 of 3 is 66.67 %: short of 67; then a retake, worse
        exam.start_button.click()
        assert exam.sitting is not None, exam.status.value
        qs = exam.sitting.questions
        drawn.append([q.seed for q in qs])
        assert "seed" not in exam.question_html.value and "data-seed" not in exam.question_html.value
        for i, q in enumerate(qs):
            exam.set_answer(q.correct_answer if i < right else wrong_of(q))
            exam.submit_button.click()
        assert 'data-passed="no"' in exam.result.value and f"{right} of 3" in exam.result.value
    assert drawn[0] != drawn[1]  # a retake deals other questions from the same pool
    v.refresh()
    assert v.exams_html.value.count('data-result="fail"') == 2 and "gl-sv-certificate" not in v.exams_html.value
    exam.start_button.click()
    for q in exam.sitting.questions:
        exam.set_answer(q.correct_answer)
        exam.submit_button.click()
    assert 'data-passed="yes"' in exam.result.value
    assert exam.history.value.count("<li>") == 3 and "3 of 3 right, passed" in exam.history.value  # newest first
    v.refresh()
    assert 'data-login="account:bo" data-exam="Badugi reading" data-result="pass"' in v.exams_html.value
    assert v.exams_html.value.count("gl-sv-certificate") == 1


def test_practice_is_closed_during_an_exam_and_a_double_click_stores_one_answer(store: Store) -> None:
    """While an exam is in progress the practice tab says it is closed and the kernel refuses a deal
    or a check (a second tab included); a second click on a question's Submit button after it was
    answered stores nothing, and a blank part is not submitted."""
    store.supervisor(PASSWORD).define_exam(ExamSpec("Reading", ("badugi",), ("read-hand",), "any", 3, 0, 50))
    app = enter(store, "flo")
    exam, practice = app.exam, app.trainer
    assert exam is not None and practice is not None
    exam.start_button.click()
    assert app.practice_box.children == (app.practice_closed,) and app.tabs.selected_index == 1
    second_tab = enter(store, "flo")
    other = second_tab.trainer
    assert other is not None and second_tab.practice_box.children == (second_tab.practice_closed,)
    assert other.new_question() is None and "Practice closed" in other.question_html.value
    assert practice.answer_with(practice.question.correct_answer) is None
    assert "Practice closed" in practice.feedback.value
    assert second_tab.exam is not None and second_tab.exam.sitting is not None  # the same attempt, taken up
    q0 = exam.sitting.questions[0]
    first_button = exam.submit_button
    first_button.click()  # nothing chosen yet
    assert "answer every part first" in exam.result.value and exam.position == 0
    exam.set_answer(q0.correct_answer)
    first_button.click()
    first_button.click()  # the double click's second half reaches the answered question's button
    assert exam.position == 1 and exam.submit_button is not first_button
    second_tab.exam.set_answer(q0.correct_answer)
    second_tab.exam.submit_button.click()  # the other tab still shows question 1: not stored twice
    assert "question 1 was answered already" in second_tab.exam.result.value and second_tab.exam.position == 1
    assert [a.position for a in store.supervisor(PASSWORD).answers()] == [0]
    exam.finish_button.click()
    assert 'data-passed="no"' in exam.result.value and app.practice_box.children == (practice,)
    assert practice.question is not None and practice.answer_with(practice.question.correct_answer) is not None


def test_the_dispute_desk_is_a_tab_closed_during_an_exam(store: Store) -> None:
    """The floor supervisor's dispute desk is the trainer's third tab; its examples are the real
    hands the replay drill asks about, so it closes while an exam is in progress."""
    store.supervisor(PASSWORD).define_exam(ExamSpec("Reading", ("badugi",), ("read-hand",), "any", 3, 0, 50))
    app = enter(store, "gus")
    assert app.tabs.titles[2] == "Dispute desk" and app.desk_box.children == (app.desk,)
    assert app.exam is not None
    app.exam.start_button.click()
    assert app.desk_box.children == (app.desk_closed,) and app.tabs.titles[2] == "Dispute desk (closed)"
    app.exam.finish_button.click()
    assert app.desk_box.children == (app.desk,) and app.tabs.titles[2] == "Dispute desk"


def test_only_a_supervisor_changes_a_name_and_every_change_is_logged(store: Store) -> None:
    from gamelib.widgets.trainer.supervisor import SupervisorView

    app = enter(store, "gus")
    v = SupervisorView(store.supervisor(PASSWORD), refresh_every=0)
    v.acct_name.value, v.acct_person.value = "bad name!", "X"
    v.acct_button.click()
    assert "Not created" in v.accounts_message.value
    v.rename_who.value = "account:gus"
    v.rename_name.value, v.rename_employee.value = "Gus Grant", "E-900"
    v.rename_button.click()
    assert "Changed" in v.accounts_message.value
    changes = store.supervisor(PASSWORD).changes()
    assert [(login, by, field, old, new) for _, login, by, field, old, new in changes][-2:] == [
        ("account:gus", "supervisor", "name", "Gus", "Gus Grant"),
        ("account:gus", "supervisor", "employee_no", "E-3", "E-900")]
    assert "Gus Grant" in v.accounts_html.value and "gl-sv-change" in v.accounts_html.value
    again = enter(store, "gus")  # the account's name, not anything typed, is shown
    assert "Gus Grant" in again.who.value and "E-900" in again.who.value
    assert app.records is not None and not hasattr(app.records, "rename")  # a trainee's records cannot rename
    # a forgotten password: the supervisor resets it, the next sign-in sets a new one
    v.reset_button.click()
    assert "Password reset" in v.accounts_message.value
    renewed = TrainerApp(store=store, environ={})
    renewed.account.value, renewed.account_password.value = "gus", "a-new-password"
    renewed.sign_in_button.click()
    assert renewed.records is not None
    assert store.supervisor(PASSWORD).changes()[-1][3:] == ("password", "set", "reset")
    with pytest.raises(Exception, match="do not match"):
        store.sign_in_account("gus", "gus-password")  # the old one no longer opens it
