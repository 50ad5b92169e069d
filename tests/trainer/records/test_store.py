"""The records store (gamelib/trainer/records/store.py), on SQLite and on PostgreSQL: what an answer
stores, a restart mid-session, who may read what, exams, the pass mark, twenty writers at once."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import signal
import subprocess
import sys
import threading
from fractions import Fraction
from pathlib import Path

import pytest
from sqlalchemy import select, text, update

from gamelib.errors import GameError
from gamelib.trainer import make_drill
from gamelib.trainer.records import (
    AccessDenied,
    ExamSpec,
    RecordsConfig,
    Store,
    TraineeRecords,
    TrainingRecordsError,
    hash_password,
    passes,
    sign_in,
)
from gamelib.trainer.records.database import HEAD
from gamelib.trainer.records.models import Attempt

PASSWORD = "pit-boss"
CONFIG = RecordsConfig(Path("/nonexistent"), supervisor_password=hash_password(PASSWORD, salt="5a17"))


def open_store(url: str) -> Store:
    return Store(url, config=CONFIG)


def answer(records: TraineeRecords, drill: str, game: str, seed: int, right: bool, ms: int = 1500, **kw):  # type: ignore[no-untyped-def]
    d = make_drill(drill, game)
    q = d.next(seed)
    f, correct = q.fields[0], q.correct_answer
    trainee_answer = dict(correct) if right else {**correct, f.name: next(o for o in f.options if o != correct[f.name])}
    return records.record(d.check(q, trainee_answer), ms=ms, **kw)


def test_an_answer_stores_who_when_what_and_the_verdict(store_url: str) -> None:
    store = open_store(store_url)
    me = store.trainee(sign_in(name="Ana Ruiz", employee_no="E1041"))
    before = dt.datetime.now(dt.UTC)
    d = make_drill("who-wins", "badugi", "ties")
    q = d.next(9)
    wrong = {q.fields[0].name: ["nobody qualifies"]} if "nobody qualifies" in q.fields[0].options else {}
    r = d.check(q, wrong or {q.fields[0].name: []})
    rec = me.record(r, ms=4321)
    assert not r.correct and rec.correct is False
    [back] = me.answers()
    assert back == rec
    assert (back.login, back.name, back.game, back.drill, back.focus, back.seed, back.ms) == \
        ("employee:E1041", "Ana Ruiz", "badugi", "who-wins", "ties", 9, 4321)
    assert back.question.startswith(q.prompt) and back.trainee_answer == r.trainee_answer_text \
        and back.correct_answer == r.correct_answer_text
    assert before - dt.timedelta(seconds=1) <= back.answered_at <= dt.datetime.now(dt.UTC)
    assert me.totals() == (0, 1)
    store.close()


WRITER = """
import os, signal, sys
from gamelib.trainer import make_drill
from gamelib.trainer.records import RecordsConfig, Store, sign_in
from pathlib import Path
me = Store(sys.argv[1], config=RecordsConfig(Path("/nonexistent"))).trainee(sign_in(name="Bo"))
d = make_drill("read-hand", "badugi")
for seed in range(3):
    q = d.next(seed)
    me.record(d.check(q, q.correct_answer), ms=100)
print("written", flush=True)
os.kill(os.getpid(), signal.SIGKILL)  # the server dies mid-session: no clean shutdown, no close
"""


def test_a_server_killed_mid_session_keeps_every_answer(store_url: str) -> None:
    proc = subprocess.run([sys.executable, "-c", WRITER, store_url], capture_output=True, text=True, timeout=120)
    assert proc.returncode == -signal.SIGKILL and "written" in proc.stdout, proc.stderr
    store = open_store(store_url)  # the restarted server
    me = store.trainee(sign_in(name="bo"))
    assert [a.seed for a in me.answers()] == [0, 1, 2] and me.totals() == (3, 3)
    answer(me, "read-hand", "badugi", 3, right=False)  # the session goes on where it was
    assert me.totals() == (3, 4)
    store.close()


def test_a_trainee_reads_only_their_own_records(store_url: str) -> None:
    store = open_store(store_url)
    ana, bo = store.trainee(sign_in(name="Ana")), store.trainee(sign_in(employee_no="77"))
    answer(ana, "read-hand", "badugi", 1, right=True)
    answer(bo, "read-hand", "badugi", 2, right=False)
    answer(bo, "read-hand", "badugi", 3, right=False)
    assert [a.login for a in ana.answers()] == ["name:ana"] and ana.totals() == (1, 1)
    assert {a.login for a in bo.answers()} == {"employee:77"} and bo.totals() == (0, 2)
    # exams: an attempt is its trainee's alone
    boss = store.supervisor(PASSWORD)
    boss.define_exam(ExamSpec("Badugi", ("badugi",), ("read-hand",), "any", 2, 5, 50))
    sitting = bo.start_exam("Badugi")
    with pytest.raises(AccessDenied):
        ana.finish_exam(sitting.attempt.id)
    d = make_drill("read-hand", "badugi")
    q = sitting.questions[0]
    with pytest.raises(AccessDenied):  # nor can an answer be filed under someone else's attempt
        ana.record(d.check(q, q.correct_answer), ms=1, attempt_id=sitting.attempt.id, position=0)
    assert ana.attempts() == [] and len(bo.attempts()) == 1
    # the supervisor's view: not for a wrong password, nor for a name typed into the sign-in
    for pw in ("", "pit boss", PASSWORD.upper()):
        with pytest.raises(AccessDenied):
            store.supervisor(pw)
    with pytest.raises(AccessDenied):
        store.supervisor(who=sign_in(name="supervisor"))
    # the trainee's view has no way to reach other records
    public = {m for m in dir(TraineeRecords) if not m.startswith("_")}
    assert public == {"record", "answers", "totals", "exams", "start_exam", "finish_exam", "attempts",
                      "exam_in_progress"}
    assert "seed" not in repr(ana.exams())  # a trainee sees exam names, not the seeds that deal them
    assert len(boss.answers()) == 3
    store.close()


def test_wrong_passwords_lock_their_source_only_with_backoff(store_url: str) -> None:
    """Five wrong passwords from one address and that address waits 15 minutes, then 30 after one
    more; the right password is not even tried meanwhile, and the refused tries are logged. Other
    addresses and accounts are not affected, nor is a supervisor the hub vouches for."""
    from gamelib.trainer.records import identity_from_environment
    from gamelib.trainer.records.lockout import LOCKOUT_TRIES, LOCKOUT_WINDOW
    from gamelib.trainer.records.models import SupervisorSignIn

    cfg = RecordsConfig(Path("/nonexistent"), supervisor_password=CONFIG.supervisor_password, supervisors=("floor1",),
                        auth="hub")
    store = Store(store_url, config=cfg)
    hub = identity_from_environment(cfg, {"JUPYTERHUB_USER": "floor1"})
    bo = sign_in(name="Bo")
    for i in range(LOCKOUT_TRIES):
        with pytest.raises(AccessDenied, match="the password is wrong"):
            store.supervisor(f"guess {i}", who=bo, address="10.0.0.66")
    with pytest.raises(AccessDenied, match=r"not accepted until \d\d:\d\d UTC"):
        store.supervisor(PASSWORD, who=bo, address="10.0.0.66")  # the right password: not even tried
    with pytest.raises(AccessDenied, match="not accepted until"):
        store.supervisor(PASSWORD, address="10.0.0.66")  # the address is locked, whoever signs in there
    with pytest.raises(AccessDenied, match="not accepted until"):
        store.supervisor(PASSWORD, who=bo, address="10.0.0.99")  # so is the account, wherever it is
    assert store.supervisor(PASSWORD, who=sign_in(name="Cy"), address="10.0.0.7").who == "supervisor"  # others: not
    assert store.supervisor(who=hub).who == "floor1"
    log = store.supervisor(who=hub).sign_ins()
    assert [(r.who, r.address, r.outcome) for r in log] == \
        [("name:bo", "10.0.0.66", "wrong")] * LOCKOUT_TRIES + [("name:bo", "10.0.0.66", "refused"),
                                                              ("", "10.0.0.66", "refused"),
                                                              ("name:bo", "10.0.0.99", "refused"),
                                                              ("name:cy", "10.0.0.7", "right")]
    # the wait passes: one more wrong try, and the wait doubles
    def age(by: dt.timedelta) -> None:  # every try from that address made ``by`` earlier
        with store.engine.begin() as c:
            rows = c.execute(select(SupervisorSignIn.id, SupervisorSignIn.at)
                             .where(SupervisorSignIn.address == "10.0.0.66")).all()
            for row_id, at in rows:
                c.execute(update(SupervisorSignIn).where(SupervisorSignIn.id == row_id).values(at=at - by))

    age(LOCKOUT_WINDOW + dt.timedelta(seconds=1))
    with pytest.raises(AccessDenied, match="the password is wrong"):
        store.supervisor("guess 6", address="10.0.0.66")
    age(LOCKOUT_WINDOW + dt.timedelta(seconds=1))
    with pytest.raises(AccessDenied, match="not accepted until"):
        store.supervisor(PASSWORD, address="10.0.0.66")  # 15 minutes are not enough now: 30
    age(LOCKOUT_WINDOW)
    assert store.supervisor(PASSWORD, address="10.0.0.66").who == "supervisor"
    # a right password clears the address's count: a wrong one now is merely wrong
    with pytest.raises(AccessDenied, match="the password is wrong"):
        store.supervisor("guess 7", address="10.0.0.66")
    store.close()


def _try_wrong(url: str, barrier: threading.Barrier, outcomes: list[str]) -> None:
    s = Store(url, config=CONFIG)
    barrier.wait()
    try:
        s.supervisor("a wrong guess", address="10.9.9.9")
    except AccessDenied as err:
        outcomes.append("wrong" if "the password is wrong" in str(err) else "refused")
    finally:
        s.close()


def test_twenty_concurrent_wrong_tries_check_exactly_five(store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Twenty kernels (threads, each with its own store) try a wrong password from one address at
    the same moment: the password is checked exactly five times, fifteen tries are refused
    unchecked, and all twenty are logged."""
    from gamelib.trainer.records import store as store_module
    from gamelib.trainer.records.lockout import LOCKOUT_TRIES

    open_store(store_url).close()
    checked: list[int] = []
    real = store_module.check_password

    def counting(stored: str, password: str) -> bool:
        checked.append(1)
        return real(stored, password)

    monkeypatch.setattr(store_module, "check_password", counting)
    outcomes: list[str] = []
    barrier = threading.Barrier(20)
    threads = [threading.Thread(target=_try_wrong, args=(store_url, barrier, outcomes)) for _ in range(20)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert len(checked) == LOCKOUT_TRIES == 5
    assert sorted(outcomes) == ["refused"] * 15 + ["wrong"] * 5
    from gamelib.trainer.records.lockout import sign_ins

    store = open_store(store_url)

    assert sorted(r.outcome for r in sign_ins(store.db)) == ["refused"] * 15 + ["wrong"] * 5
    store.close()


def test_hub_and_proxy_supervisors_come_from_the_configuration(tmp_path: Path) -> None:
    from gamelib.trainer.records import identity_from_environment
    from gamelib.trainer.records.identity import VIA_PROXY_ENV

    hub_cfg = RecordsConfig(tmp_path, supervisors=("floor1",), auth="hub")
    proxy_cfg = RecordsConfig(tmp_path, supervisors=("floor1",), user_header="X-Remote-User", auth="proxy",
                              trusted_proxies=("10.0.0.1",))
    store = Store(f"sqlite:///{tmp_path / 'r.sqlite3'}", config=hub_cfg)
    hub = identity_from_environment(hub_cfg, {"JUPYTERHUB_USER": "floor1"})
    proxy = identity_from_environment(proxy_cfg, {"HTTP_X_REMOTE_USER": "dealer9", VIA_PROXY_ENV: "1"})
    assert hub is not None and proxy is not None
    assert store.supervisor(who=hub).who == "floor1"
    with pytest.raises(AccessDenied):
        store.supervisor(who=proxy)
    # each way names nobody but its own: a header not marked as come through the proxy, the hub's
    # variable under "proxy" or "accounts", the header under "hub"
    assert identity_from_environment(proxy_cfg, {"HTTP_X_REMOTE_USER": "floor1"}) is None
    assert identity_from_environment(proxy_cfg, {"JUPYTERHUB_USER": "floor1"}) is None
    assert identity_from_environment(RecordsConfig(tmp_path), {"JUPYTERHUB_USER": "floor1"}) is None
    assert identity_from_environment(hub_cfg, {"HTTP_X_REMOTE_USER": "floor1", VIA_PROXY_ENV: "1"}) is None
    assert identity_from_environment(RecordsConfig(tmp_path, auth="hub", trust_jupyterhub=False),
                                     {"JUPYTERHUB_USER": "x"}) is None
    store.close()


def test_an_account_sets_its_password_at_first_sign_in_and_guessing_is_locked(store_url: str) -> None:
    from gamelib.trainer.records.lockout import LOCKOUT_TRIES

    store = open_store(store_url)
    boss = store.supervisor(PASSWORD)
    boss.create_account("ana.ruiz", "Ana Ruiz", "E-17")
    with pytest.raises(TrainingRecordsError, match="already an account"):
        boss.create_account("Ana.Ruiz", "Someone Else")
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account("nobody", "any-password-1", address="10.1.1.1")
    me = store.sign_in_account("ana.ruiz", "chips-and-felt", address="10.1.1.1")  # sets the password
    assert (me.identity.login, me.identity.name, me.identity.employee_no) == ("account:ana.ruiz", "Ana Ruiz", "E-17")
    assert store.sign_in_account("ANA.RUIZ", "chips-and-felt").identity.login == "account:ana.ruiz"
    for i in range(LOCKOUT_TRIES - 1):  # one wrong try was the unknown account's, from the same address
        with pytest.raises(AccessDenied, match="do not match"):
            store.sign_in_account("ana.ruiz", f"guess-{i}-xx", address="10.1.1.1")
    with pytest.raises(AccessDenied, match="not accepted until"):
        store.sign_in_account("ana.ruiz", "chips-and-felt", address="10.1.1.1")  # the address waits
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account("ana.ruiz", "guess-x-xx", address="10.2.2.2")  # the account's fifth wrong try
    with pytest.raises(AccessDenied, match="not accepted until"):
        store.sign_in_account("ana.ruiz", "chips-and-felt", address="10.3.3.3")  # the account waits too
    hashes = [h for (h,) in store.engine.connect().execute(text("SELECT password_hash FROM trainees"))]
    assert hashes[0].startswith("$argon2") and "chips-and-felt" not in hashes[0]
    store.close()


def test_each_attempt_draws_its_own_questions_from_the_same_pool(store_url: str) -> None:
    """Everyone gets the exam's pool in the exam's order (the same games, drills and focus at each
    place), but each attempt deals its own questions from a secret draw above every practice seed;
    a second start while an attempt is in progress takes that attempt up (another tab)."""
    from gamelib.trainer.records.exams import MIN_DRAW
    from gamelib.trainer.session import MAX_SEED

    store = open_store(store_url)
    spec = store.supervisor(PASSWORD).define_exam(
        ExamSpec("Mixed floor test", ("badugi", "stud8", "crazy4"), ("who-wins", "pay-wager", "split-pot"), "any",
                 7, 40, 80, time_limit=600))
    sittings = [store.trainee(sign_in(name=n)).start_exam("Mixed floor test") for n in ("Ana", "Bo", "Cy")]
    again = store.trainee(sign_in(name="Ana")).start_exam("Mixed floor test")
    assert again.attempt.id == sittings[0].attempt.id and again.questions == sittings[0].questions
    pool = [("badugi", "who-wins"), ("badugi", "split-pot"), ("stud8", "who-wins"), ("stud8", "split-pot"),
            ("crazy4", "pay-wager"), ("badugi", "who-wins"), ("badugi", "split-pot")]
    for s in sittings:
        assert [(q.game, q.drill, q.focus) for q in s.questions] == [(g, d, "any") for g, d in pool]
        assert all(q.seed >= MIN_DRAW > MAX_SEED for q in s.questions)  # no practice seed deals them
    assert len({tuple(q.seed for q in s.questions) for s in sittings}) == 3  # three different draws
    assert len({s.attempt.id for s in sittings}) == 3 and spec.id is not None
    with pytest.raises(TrainingRecordsError):
        store.trainee(sign_in(name="Ana")).start_exam("No such exam")
    store.close()


def test_retake_limit_and_wait_between_attempts(store_url: str) -> None:
    store = open_store(store_url)
    boss = store.supervisor(PASSWORD)
    boss.define_exam(ExamSpec("Twice", ("badugi",), ("read-hand",), "any", 1, 0, 100, max_attempts=2))
    boss.define_exam(ExamSpec("Daily", ("badugi",), ("read-hand",), "any", 1, 0, 100, cooldown=86400))
    me = store.trainee(sign_in(name="Dee"))
    for _ in range(2):
        s = me.start_exam("Twice")
        me.finish_exam(s.attempt.id)
    with pytest.raises(TrainingRecordsError, match="2 times, the most allowed"):
        me.start_exam("Twice")
    s = me.start_exam("Daily")
    with pytest.raises(TrainingRecordsError, match="finish the exam 'Daily' first"):
        me.start_exam("Twice")  # one exam at a time
    me.finish_exam(s.attempt.id)
    with pytest.raises(TrainingRecordsError, match="you may take the exam 'Daily' again from"):
        me.start_exam("Daily")
    with store.db.writing() as db, db.begin():  # a day later
        db.execute(update(Attempt).where(Attempt.id == s.attempt.id)
                   .values(started_at=dt.datetime.now(dt.UTC) - dt.timedelta(days=1, seconds=1)))
    assert me.start_exam("Daily").attempt.id != s.attempt.id
    with pytest.raises(GameError, match="the attempts allowed must be a whole number from 1 to 100"):
        ExamSpec("x", ("badugi",), ("read-hand",), "any", 1, 0, 50, max_attempts=0).check()
    store.close()


def test_an_exam_answer_is_taken_once_and_in_order(store_url: str) -> None:
    """A double click, a replayed message or a second tab: the records take each question's answer
    once, in order, and only the attempt's own question at that place."""
    store = open_store(store_url)
    store.supervisor(PASSWORD).define_exam(ExamSpec("Three", ("badugi",), ("read-hand",), "any", 3, 0, 50))
    me = store.trainee(sign_in(name="Eve"))
    s = me.start_exam("Three")
    q0, q1, _ = s.questions
    d = make_drill("read-hand", "badugi")
    me.record(d.check(q0, q0.correct_answer), ms=5, attempt_id=s.attempt.id, position=0)
    with pytest.raises(TrainingRecordsError,
                       match="question 2 is the one to answer now; question 1 was answered already"):
        me.record(d.check(q0, q0.correct_answer), ms=5, attempt_id=s.attempt.id, position=0)  # a replay
    with pytest.raises(TrainingRecordsError, match="question 2 is the one to answer now"):
        me.record(d.check(q1, q1.correct_answer), ms=5, attempt_id=s.attempt.id, position=2)  # a skip
    practice = d.next(7)
    with pytest.raises(TrainingRecordsError, match="that is not question 2"):
        me.record(d.check(practice, practice.correct_answer), ms=5, attempt_id=s.attempt.id, position=1)
    other_tab = me.start_exam("Three")
    assert other_tab.attempt.id == s.attempt.id and other_tab.answered == 1
    me.record(d.check(q1, q1.correct_answer), ms=5, attempt_id=s.attempt.id, position=1)
    r = me.finish_exam(s.attempt.id)
    with pytest.raises(TrainingRecordsError, match="finished"):
        me.record(d.check(s.questions[2], s.questions[2].correct_answer), ms=5, attempt_id=s.attempt.id, position=2)
    assert (r.right, len([a for a in me.answers() if a.attempt_id == s.attempt.id])) == (2, 2)
    store.close()


def sit(store: Store, who: str, name: str, right: int, late: int = 0):  # type: ignore[no-untyped-def]
    """Take exam ``name`` as ``who``, answering the first ``right`` questions right, the rest wrong."""
    me = store.trainee(sign_in(name=who))
    s = me.start_exam(name)
    for i, q in enumerate(s.questions):
        d = make_drill(q.drill, q.game, q.focus)
        f, correct = q.fields[0], q.correct_answer
        trainee_answer = correct if i < right else \
            {**correct, f.name: next(o for o in f.options if o != correct[f.name])}
        me.record(d.check(q, trainee_answer), ms=900, attempt_id=s.attempt.id, position=i)
    return me, s


def test_the_pass_mark_is_applied_exactly(store_url: str) -> None:
    store = open_store(store_url)
    boss = store.supervisor(PASSWORD)
    boss.define_exam(ExamSpec("Read badugi", ("badugi",), ("read-hand",), "any", 10, 1, 80))
    boss.define_exam(ExamSpec("Thirds", ("badugi",), ("read-hand",), "any", 3, 1, 67))
    at, s_at = sit(store, "At the mark", "Read badugi", 8)
    below, s_below = sit(store, "Below", "Read badugi", 7)
    r_at, r_below = at.finish_exam(s_at.attempt.id), below.finish_exam(s_below.attempt.id)
    assert (r_at.right, r_at.passed) == (8, True) and (r_below.right, r_below.passed) == (7, False)
    # 2 of 3 is 66.67 %: short of a 67 % pass mark
    two, s_two = sit(store, "Two thirds", "Thirds", 2)
    assert two.finish_exam(s_two.attempt.id).passed is False
    # a retake is a new attempt; both are kept
    _, s_again = sit(store, "Below", "Read badugi", 10)
    assert below.finish_exam(s_again.attempt.id).passed is True
    assert [(a.right, a.passed) for a in below.attempts()] == [(7, False), (10, True)]
    assert below.finish_exam(s_below.attempt.id).right == 7  # finishing again changes nothing
    store.close()


def test_the_pass_rule_against_exact_fractions() -> None:
    for n in range(1, 31):
        for right in range(n + 1):
            for mark in range(101):
                assert passes(right, n, mark) == (Fraction(right, n) >= Fraction(mark, 100))


def test_answers_after_the_time_limit_do_not_count(store_url: str) -> None:
    store = open_store(store_url)
    store.supervisor(PASSWORD).define_exam(ExamSpec("Quick", ("badugi",), ("read-hand",), "any", 4, 3, 50,
                                                    time_limit=60))
    me, s = sit(store, "Slow", "Quick", 2)
    # two more right answers, but the attempt began two minutes ago
    with store.db.writing() as db, db.begin():
        db.execute(update(Attempt).where(Attempt.id == s.attempt.id)
                   .values(started_at=dt.datetime.now(dt.UTC) - dt.timedelta(seconds=120)))
    r = me.finish_exam(s.attempt.id)
    assert (r.right, r.passed) == (0, False)
    store.close()


def _writer(url: str, who: int, n: int, barrier: multiprocessing.synchronize.Barrier) -> None:
    store = Store(url, config=CONFIG)
    me = store.trainee(sign_in(employee_no=f"w{who}"))
    d = make_drill("read-hand", "badugi")
    qs = [d.next(who * 1000 + i) for i in range(n)]
    barrier.wait()
    for q in qs:
        me.record(d.check(q, q.correct_answer), ms=who)
    store.close()


def test_twenty_concurrent_writers_lose_nothing(store_url: str) -> None:
    open_store(store_url).close()  # the schema exists (test_a_fresh_database_opened_at_once covers its making)
    ctx = multiprocessing.get_context("fork")
    writers, each = 20, 15
    barrier = ctx.Barrier(writers)
    procs = [ctx.Process(target=_writer, args=(store_url, i, each, barrier)) for i in range(writers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * writers
    store = open_store(store_url)
    got = store.supervisor(PASSWORD).answers()
    assert len(got) == writers * each
    assert sorted((a.login, a.seed) for a in got) == sorted(
        (f"employee:w{i}", i * 1000 + k) for i in range(writers) for k in range(each))
    with store.engine.connect() as c:
        assert c.execute(text("SELECT count(*) FROM trainees")).scalar() == writers
    store.close()


def _opener(url: str, barrier: multiprocessing.synchronize.Barrier) -> None:
    barrier.wait()
    Store(url, config=CONFIG).close()


def test_a_fresh_database_opened_at_once_gets_its_schema_once(store_url: str) -> None:
    """Several trainers' kernels opening a new database at the same moment: one creates the
    schema, the others wait for it and find it made."""
    ctx = multiprocessing.get_context("fork")
    barrier = ctx.Barrier(5)
    procs = [ctx.Process(target=_opener, args=(store_url, barrier)) for _ in range(5)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
    assert [p.exitcode for p in procs] == [0] * 5
    store = open_store(store_url)
    with store.engine.connect() as c:
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalars().all() == [HEAD]
    store.close()


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'sub' / 'trainer.sqlite3'}", config=CONFIG)
    with store.engine.connect() as c:
        assert c.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
        assert c.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
    assert (tmp_path / "sub" / "trainer.sqlite3").exists()
    store.close()
