"""The training records in a real browser (issue 13): Voilà serves the trainer app with the
trainer's configuration and a fresh data directory; headless Chromium (Debian's, driven by
Playwright) plays a trainee and a supervisor.

1. A trainee signs in by name and answers two questions, one right and one wrong.
2. A supervisor opens the supervisor's view with the password (a wrong one is refused) and sees
   both answers with the right verdicts.
3. A dealer whom the casino's authenticating proxy names (the ``X-Remote-User`` header, trusted
   because the configuration names it and Voilà is told to pass it to the kernel) is signed in
   without a form, and sits an exam end to end: the practice tab is closed while it runs, no
   question shows a seed, and each Submit is double-clicked, yet exactly one answer per question
   is stored; the supervisor presses Refresh and sees the result.

What the test expects is taken from the drills (an independent path: the questions dealt here,
not what the page says), and the records are read back from the database at the end.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Iterator

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.records import ExamSpec, RecordsConfig, Store, exam_questions, hash_password, load_config

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

from .browser_steps import FONT_AWESOME, answer, block_outside, next_question  # noqa: E402

VOILA = Path(sys.executable).parent / "voila"
GAME, DRILL, SEED = "big-o", "read-hand", 1  # the chapter's widget: TrainerApp(game="big-o", drill="read-hand", seed=1)
PASSWORD = "pit-boss-44"
EXAM = ExamSpec("Badugi reading", ("badugi",), ("read-hand",), "any", 2, 50, 50)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is missing (CI installs Debian's chromium)")


def drawn_questions(data: Path) -> list:  # type: ignore[type-arg]
    """The questions of the newest exam attempt, dealt from its draw as stored in the database."""
    from sqlalchemy import text

    store = Store(config=RecordsConfig(data))
    with store.engine.connect() as c:
        draw = c.execute(text("SELECT draw FROM attempts ORDER BY id DESC")).scalars().first()
    store.close()
    return exam_questions(EXAM, draw)


@pytest.fixture()
def app(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    data = tmp_path / "data"
    data.mkdir()
    (data / "trainer.toml").write_text(f'supervisor_password = "{hash_password(PASSWORD)}"\n'
                                       'user_header = "X-Remote-User"\n', encoding="utf-8")
    env = {**os.environ, "GAMELIB_DATA": str(data)}
    env.pop("JUPYTERHUB_USER", None)
    env.pop("GAMELIB_TRAINER_DB", None)
    env.pop("GAMELIB_TRAINER_CONFIG", None)
    store = Store(config=load_config(env))  # an exam a supervisor defined earlier
    store.supervisor(PASSWORD).define_exam(EXAM)
    store.close()
    port = servers.free_port()
    argv = [str(VOILA), "book/trainer.ipynb", "--Voila.config_file_paths=trainer", "--no-browser", f"--port={port}",
            "--Voila.ip=127.0.0.1", "--VoilaConfiguration.http_header_envs=['X-Remote-User']"]
    with servers.serving(argv, port, ROOT, env, "voila") as served:
        yield served.url, data


def test_trainee_answers_supervisor_sees_them_and_an_exam_result(app: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, data = app
    t0 = time.monotonic()
    first, second = make_drill(DRILL, GAME).next(SEED), make_drill(DRILL, GAME).next(SEED + 1)
    wrong = next(o for o in second.fields[0].options if o != second.answer["value"])
    outside: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            def open_app(headers: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
                # a person of their own (own cookies); the proxy's header when it names them
                page = browser.new_context(extra_http_headers=headers).new_page()
                page.set_default_timeout(60_000)
                block_outside(page, outside)
                page.goto(url, wait_until="commit")
                page.locator(".gl-signin-name input" if headers is None else ".gl-trainer-who").wait_for()
                return page

            # 1. the trainee signs in, answers right, then wrong
            me = open_app()
            me.locator(".gl-signin-name input").fill("Ana Ruiz")
            me.locator(".gl-signin-button").click()
            me.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for()
            answer(me, SEED, first.answer["value"], correct=True)
            next_question(me, SEED + 1)
            answer(me, SEED + 1, wrong, correct=False)
            me.wait_for_function("document.querySelector('.gl-trainer-who').innerText.includes('on record: 1 of 2 right')")
            assert me.locator(".gl-supervisor").count() == 0  # nothing of the supervisor's view in a trainee's page

            # 2. the supervisor's view: refused for a wrong password, then open; both answers, right verdicts
            boss = open_app()
            boss.locator(".gl-supervisor-password input").fill("pit-boss")
            boss.locator(".gl-supervisor-button").click()
            boss.locator(".gl-supervisor-message", has_text="Not opened").wait_for()
            assert boss.locator(".gl-supervisor").count() == 0
            boss.locator(".gl-supervisor-password input").fill(PASSWORD)
            boss.locator(".gl-supervisor-button").click()
            rows = boss.locator('.gl-supervisor-answers tr.gl-sv-answer[data-login="name:ana ruiz"]')
            rows.first.wait_for()
            assert rows.count() == 2
            row1 = boss.locator(f'tr.gl-sv-answer[data-seed="{SEED}"][data-game="{GAME}"]')
            row2 = boss.locator(f'tr.gl-sv-answer[data-seed="{SEED + 1}"][data-game="{GAME}"]')
            assert row1.get_attribute("data-correct") == "yes" and "right" in row1.inner_text()
            assert row2.get_attribute("data-correct") == "no" and "wrong" in row2.inner_text()
            assert wrong in row2.inner_text() and second.answer["value"] in row2.inner_text()
            assert "Ana Ruiz" in boss.locator(".gl-supervisor-trainees").inner_text()
            assert boss.locator(".gl-supervisor-exams").inner_text().strip() == "no exam taken yet"

            # 3. the proxy's user is signed in without a form, and sits the exam: the first answer
            # right, the second wrong (1 of 2 = 50 %: a pass)
            me = open_app({"X-Remote-User": "dealer-9"})
            assert "Signed in as dealer-9" in me.locator(".gl-trainer-who").inner_text()
            assert me.locator(".gl-signin-name").count() == 0 and me.locator(".gl-signout").count() == 0
            me.get_by_role("tab", name="Exam").click()
            me.locator(".gl-exam-start").click()
            me.locator(".gl-exam-input-pos-0").first.wait_for()
            exam = drawn_questions(data)  # dealt from the attempt's secret draw: read from the database
            assert "seed" not in me.locator(".gl-exam-question").inner_html()
            me.get_by_role("tab", name="Practice (closed)").click()
            me.locator(".gl-practice-closed").wait_for()  # no practice while the exam runs
            assert me.locator(".gl-trainer-check").count() == 0
            me.get_by_role("tab", name="Exam").click()
            for i, q in enumerate(exam):
                choice = q.answer["value"] if i == 0 else next(o for o in q.fields[0].options if o != q.answer["value"])
                me.locator(f".gl-exam-input-pos-{i}").get_by_role("radio", name=choice, exact=True).check()
                me.locator(".gl-exam-submit").dblclick()
                if i + 1 < len(exam):
                    me.locator(f".gl-exam-input-pos-{i + 1}").first.wait_for()
            verdict = me.locator('.gl-exam-result [data-passed="yes"]')
            verdict.wait_for()
            assert "1 of 2 right" in verdict.inner_text()

            # ... and the supervisor's view shows it after Refresh, with a certificate
            boss.locator(".gl-supervisor-refresh").click()
            attempt = boss.locator('tr.gl-sv-attempt[data-login="user:dealer-9"][data-exam="Badugi reading"]')
            attempt.wait_for()
            assert attempt.get_attribute("data-result") == "pass" and "pass" in attempt.inner_text()
            assert attempt.locator("a.gl-sv-certificate").count() == 1
            assert boss.locator('tr.gl-sv-answer[data-login="user:dealer-9"]').count() == 2
            assert boss.locator('tr.gl-sv-answer[data-login="name:ana ruiz"]').count() == 2
        finally:
            browser.close()
    # Voilà's default template asks a CDN for Font Awesome; nothing else may leave the machine
    assert all(FONT_AWESOME.match(u) for u in outside), outside
    # the records, read back from the database itself
    store = Store(config=RecordsConfig(data, supervisor_password=hash_password(PASSWORD, salt="0")))
    got = [(a.login, a.seed, a.correct, a.attempt_id is not None) for a in store.supervisor(PASSWORD).answers()]
    assert got == [("name:ana ruiz", SEED, True, False), ("name:ana ruiz", SEED + 1, False, False),
                   ("user:dealer-9", exam[0].seed, True, True), ("user:dealer-9", exam[1].seed, False, True)]
    store.close()
    print(f"whole records browser test {time.monotonic() - t0:.1f} s")
