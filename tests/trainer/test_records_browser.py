"""The training records in a real browser: Voilà serves the trainer app
(``trainer/trainer.ipynb``) with the trainer's configuration, staff accounts (``auth =
"accounts"``, the default) and a fresh data directory, one server for the module; headless
Chromium (Debian's, driven by Playwright) plays trainees, an intruder and a supervisor.

1. A trainee signs in to his account and answers two questions, one right and one wrong.
2. A supervisor opens the supervisor's view with the password (a wrong one is refused) and sees
   both answers with the right verdicts.
3. A dealer signs in to his account and sits an exam end to end: the practice tab is closed while
   it runs, no question shows a seed, and each Submit is double-clicked, yet exactly one answer per
   question is stored; the supervisor presses Refresh and sees the result.

And (``test_nobody_gets_at_another_trainees_records``): a client without the password cannot sign
in as a trainee (a wrong password, a name that is no account, a proxy's header sent by the client
itself); trainee A, signed in, sends every widget of his page every update and click a client
could send over the kernel's websocket, and trainee B's records are neither read nor changed.

What the test expects is taken from the drills (an independent path: the questions dealt here,
not what the page says), and the records are read back from the database at the end.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.records import ExamSpec, RecordsConfig, Store, exam_questions, hash_password, load_config

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

from .browser_steps import FONT_AWESOME, answer, block_outside, create_accounts, next_question, sign_in  # noqa: E402

VOILA = Path(sys.executable).parent / "voila"
GAME, DRILL, SEED = "big-o", "read-hand", 1  # the chapter's widget: TrainerApp(game="big-o", drill="read-hand", seed=1)
PASSWORD = "pit-boss-44"
EXAM = ExamSpec("Badugi reading", ("badugi",), ("read-hand",), "any", 2, 50, 50)

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="/usr/bin/chromium is missing (CI installs Debian's chromium)")


def drawn_questions(data: Path) -> list:  # type: ignore[type-arg]
    """The questions of the newest exam attempt, dealt from its draw as stored in the database."""
    from sqlalchemy import text

    store = Store(config=RecordsConfig(data))
    with store.engine.connect() as c:
        draw = c.execute(text("SELECT draw FROM attempts ORDER BY id DESC")).scalars().first()
    store.close()
    return exam_questions(EXAM, draw)


ACCOUNTS = {"ana.ruiz": "Ana Ruiz", "dealer-9": "Dee Nine", "trainee-a": "Al Able", "trainee-b": "Bea Bell"}


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    data = tmp_path_factory.mktemp("records") / "data"
    data.mkdir()
    (data / "trainer.toml").write_text(f'supervisor_password = "{hash_password(PASSWORD)}"\n', encoding="utf-8")
    env = {**os.environ, "GAMELIB_DATA": str(data)}
    env.pop("JUPYTERHUB_USER", None)
    env.pop("GAMELIB_TRAINER_DB", None)
    env.pop("GAMELIB_TRAINER_CONFIG", None)
    store = Store(config=load_config(env))  # an exam a supervisor defined earlier
    store.supervisor(PASSWORD).define_exam(EXAM)
    store.close()
    create_accounts(env, ACCOUNTS)
    port = servers.free_port()
    argv = [str(VOILA), "trainer/trainer.ipynb", "--Voila.config_file_paths=trainer", "--no-browser",
            f"--port={port}", "--Voila.ip=127.0.0.1"]
    with servers.serving(argv, port, ROOT, env, "voila") as served:
        yield served.url, data


def test_trainee_answers_supervisor_sees_them_and_an_exam_result(app: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, data = app
    t0 = time.monotonic()
    first, second = make_drill(DRILL, GAME).next(SEED), make_drill(DRILL, GAME).next(SEED + 1)
    wrong = next(o for o in second.fields[0].options if o != second.correct_answer["value"])
    outside: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            def open_app():  # type: ignore[no-untyped-def]
                # a person of their own (own cookies)
                page = browser.new_context().new_page()
                page.set_default_timeout(60_000)
                block_outside(page, outside)
                page.goto(url, wait_until="commit")
                page.locator(".gl-signin-account input").wait_for()
                return page

            # 1. the trainee signs in, answers right, then wrong
            me = open_app()
            sign_in(me, "ana.ruiz")
            me.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for()
            answer(me, SEED, first.correct_answer["value"], correct=True)
            next_question(me, SEED + 1)
            answer(me, SEED + 1, wrong, correct=False)
            me.wait_for_function("document.querySelector('.gl-trainer-who')"
                                 ".innerText.includes('on record: 1 of 2 right')")
            assert me.locator(".gl-supervisor").count() == 0  # nothing of the supervisor's view in a trainee's page

            # 2. the supervisor's view: refused for a wrong password, then open; both answers, right verdicts
            boss = open_app()
            boss.locator(".gl-supervisor-password input").fill("pit-boss")
            boss.locator(".gl-supervisor-button").click()
            boss.locator(".gl-supervisor-message", has_text="Not opened").wait_for()
            assert boss.locator(".gl-supervisor").count() == 0
            boss.locator(".gl-supervisor-password input").fill(PASSWORD)
            boss.locator(".gl-supervisor-button").click()
            rows = boss.locator('.gl-supervisor-answers tr.gl-sv-answer[data-login="account:ana.ruiz"]')
            rows.first.wait_for()
            assert rows.count() == 2
            row1 = boss.locator(f'tr.gl-sv-answer[data-seed="{SEED}"][data-game="{GAME}"]')
            row2 = boss.locator(f'tr.gl-sv-answer[data-seed="{SEED + 1}"][data-game="{GAME}"]')
            assert row1.get_attribute("data-correct") == "yes" and "right" in row1.inner_text()
            assert row2.get_attribute("data-correct") == "no" and "wrong" in row2.inner_text()
            assert wrong in row2.inner_text() and second.correct_answer["value"] in row2.inner_text()
            assert "Ana Ruiz" in boss.locator(".gl-supervisor-trainees").inner_text()
            assert boss.locator(".gl-supervisor-exams").inner_text().strip() == "no exam taken yet"

            # 3. a dealer signs in and sits the exam: the first answer right, the second wrong
            # (1 of 2 = 50 %: a pass)
            me = open_app()
            sign_in(me, "dealer-9")
            me.locator(".gl-trainer-who").wait_for()
            assert "Signed in as Dee Nine" in me.locator(".gl-trainer-who").inner_text()
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
                correct = q.correct_answer["value"]
                choice = correct if i == 0 else next(o for o in q.fields[0].options if o != correct)
                me.locator(f".gl-exam-input-pos-{i}").get_by_role("radio", name=choice, exact=True).check()
                me.locator(".gl-exam-submit").dblclick()
                if i + 1 < len(exam):
                    me.locator(f".gl-exam-input-pos-{i + 1}").first.wait_for()
            verdict = me.locator('.gl-exam-result [data-passed="yes"]')
            verdict.wait_for()
            assert "1 of 2 right" in verdict.inner_text()

            # ... and the supervisor's view shows it after Refresh, with a certificate
            boss.locator(".gl-supervisor-refresh").click()
            attempt = boss.locator('tr.gl-sv-attempt[data-login="account:dealer-9"][data-exam="Badugi reading"]')
            attempt.wait_for()
            assert attempt.get_attribute("data-result") == "pass" and "pass" in attempt.inner_text()
            assert attempt.locator("a.gl-sv-certificate").count() == 1
            assert boss.locator('tr.gl-sv-answer[data-login="account:dealer-9"]').count() == 2
            assert boss.locator('tr.gl-sv-answer[data-login="account:ana.ruiz"]').count() == 2
        finally:
            browser.close()
    # Voilà's default template asks a CDN for Font Awesome; nothing else may leave the machine
    assert all(FONT_AWESOME.match(u) for u in outside), outside
    # the records, read back from the database itself
    store = Store(config=RecordsConfig(data, supervisor_password=hash_password(PASSWORD, salt="0")))
    got = [(a.login, a.seed, a.correct, a.attempt_id is not None) for a in store.supervisor(PASSWORD).answers()
           if a.login in ("account:ana.ruiz", "account:dealer-9")]
    assert got == [("account:ana.ruiz", SEED, True, False), ("account:ana.ruiz", SEED + 1, False, False),
                   ("account:dealer-9", exam[0].seed, True, True), ("account:dealer-9", exam[1].seed, False, True)]
    store.close()
    print(f"whole records browser test {time.monotonic() - t0:.1f} s")


def _poke_every_widget(ws_url: str, values: list[object]) -> int:
    """Over the kernel's websocket, as a client could: list the page's widgets (comm_info_request),
    then send each of them each of ``values`` as its ``value`` and as its ``index``, and a click;
    wait until the kernel has handled them all (its kernel_info_reply comes after). The widgets poked."""
    import asyncio
    import json
    import uuid

    from tornado.websocket import websocket_connect

    def message(kind: str, content: dict) -> str:  # type: ignore[type-arg]
        return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "a",
                                      "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
                           "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                           "buffers": []})

    async def talk() -> int:
        ws = await websocket_connect(ws_url)

        async def reply(kind: str) -> dict:  # type: ignore[type-arg]
            while True:
                raw = await asyncio.wait_for(ws.read_message(), 60)
                assert raw is not None
                if isinstance(raw, str) and json.loads(raw)["header"]["msg_type"] == kind:
                    return json.loads(raw)  # type: ignore[no-any-return]

        await ws.write_message(message("comm_info_request", {"target_name": "jupyter.widget"}))
        comms = list((await reply("comm_info_reply"))["content"]["comms"])
        for comm_id in comms:
            for v in values:
                for key in ("value", "index"):
                    await ws.write_message(message("comm_msg", {"comm_id": comm_id, "data": {
                        "method": "update", "state": {key: v}, "buffer_paths": []}}))
            await ws.write_message(message("comm_msg", {"comm_id": comm_id, "data": {
                "method": "custom", "content": {"event": "click"}}}))
        await ws.write_message(message("kernel_info_request", {}))
        await reply("kernel_info_reply")
        ws.close()
        return len(comms)

    return asyncio.run(talk())


def test_nobody_gets_at_another_trainees_records(app: tuple[str, Path]) -> None:
    from playwright.sync_api import sync_playwright

    url, data = app
    q = make_drill(DRILL, GAME).next(SEED)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            def page_of(headers: dict[str, str] | None = None):  # type: ignore[no-untyped-def]
                page = browser.new_context(extra_http_headers=headers).new_page()
                page.set_default_timeout(60_000)
                block_outside(page)
                page.goto(url, wait_until="commit")
                page.locator(".gl-signin-account input").wait_for()
                return page

            # B signs in (setting her password) and answers one question
            b = page_of()
            sign_in(b, "trainee-b")
            answer(b, SEED, q.correct_answer["value"], correct=True)

            # without her password nobody becomes B: a wrong password, no account, a header
            for account, password in (("trainee-b", "trainee-b-guess"), ("Bea Bell", "anything-1"), ("", "")):
                intruder = page_of({"X-Remote-User": "trainee-b", "X-Forwarded-For": "10.9.9.9"})
                sign_in(intruder, account, password)
                intruder.locator(".gl-signin-message", has_text="Cannot sign in").wait_for()
                assert intruder.locator(".gl-trainer-who").count() == 0 and intruder.locator(".gl-trainer").count() == 0
                intruder.context.close()

            # A, signed in, pokes every widget of his page with B's names, and clicks everything
            a = page_of()
            sign_in(a, "trainee-a")
            a.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for()
            kid = a.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")
            ws_url = url.replace("http://", "ws://") + f"api/kernels/{kid}/channels?session_id=poke"
            from concurrent.futures import ThreadPoolExecutor

            with ThreadPoolExecutor(1) as pool:  # its own event loop (Playwright's runs in this thread)
                poked = pool.submit(_poke_every_widget, ws_url,
                                    ["account:trainee-b", "trainee-b", "Bea Bell", 0, 1, 10**25]).result()
            assert poked > 20
            a.wait_for_timeout(500)
            assert "Bea Bell" not in a.locator("body").inner_text() and "trainee-b" not in a.content()
        finally:
            browser.close()
    store = Store(config=RecordsConfig(data, supervisor_password=hash_password(PASSWORD, salt="0")))
    boss = store.supervisor(PASSWORD)
    mine = [(x.login, x.seed, x.correct) for x in boss.answers() if x.login == "account:trainee-b"]
    assert mine == [("account:trainee-b", SEED, True)]  # B's records: neither added to nor changed
    assert [n for login, n, _, _ in boss.trainees() if login == "account:trainee-b"] == ["Bea Bell"]
    assert not [x for x in boss.attempts() if x.login == "account:trainee-b"]
    assert {by for _, login, by, *_ in boss.changes() if login == "account:trainee-b"} == {"test supervisor"}
    store.close()
