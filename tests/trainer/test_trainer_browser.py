"""The trainer app in a real browser: Voilà serves trainer/trainer.ipynb on a free localhost port,
headless Chromium (Debian's, driven by Playwright) answers one drill right and one wrong, and
the score and the explanation change as the engine says. The trainee signs in first (to the
account a supervisor created for him), into a data directory of the test's own.

Every request that is not to 127.0.0.1 is aborted, so the trainer is shown to need nothing from
another machine. Voilà's default template asks for a Font Awesome stylesheet from a CDN: that
request is aborted too (it only styles icons the trainer does not use) and is the only outside
request the test tolerates.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.trainer import make_drill

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

from .browser_steps import FONT_AWESOME, answer, block_outside, create_accounts, next_question, sign_in  # noqa: E402

VOILA = Path(sys.executable).parent / "voila"
# The practice widget the trainer shows after sign-in (trainer/trainer.ipynb):
# TrainerApp(game="big-o", drill="read-hand", seed=1)
GAME, DRILL, SEED = "big-o", "read-hand", 1

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="/usr/bin/chromium is missing (CI installs Debian's chromium)")


@pytest.fixture()
def trainer_app(tmp_path: Path) -> Iterator[str]:
    port = servers.free_port()
    argv = [str(VOILA), "trainer/trainer.ipynb", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMELIB_TRAINER", "JUPYTERHUB_USER"))}
    env["GAMELIB_DATA"] = str(tmp_path)  # the records of this test only
    create_accounts(env, {"e-204": "Eli Park"})
    with servers.serving(argv, port, ROOT, env, "voila") as served:
        yield served.url


def test_answer_right_then_wrong_in_chromium(trainer_app: str) -> None:
    from playwright.sync_api import sync_playwright

    t0 = time.monotonic()
    first = make_drill(DRILL, GAME).next(SEED)
    second = make_drill(DRILL, GAME).next(SEED + 1)
    right = first.correct_answer["value"]
    wrong = next(o for o in second.fields[0].options if o != second.correct_answer["value"])
    outside: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            page = browser.new_page()
            page.set_default_timeout(45_000)
            block_outside(page, outside)
            page.goto(trainer_app, wait_until="commit")
            sign_in(page, "e-204")  # the account a supervisor created
            question = page.locator(".gl-trainer-question")
            question.locator(f'[data-seed="{SEED}"]').wait_for()
            assert first.prompt in question.inner_text()
            loaded = time.monotonic() - t0
            score = page.locator(".gl-trainer-score")
            feedback = page.locator(".gl-trainer-feedback")
            assert "Score: 0 of 0 right" in score.inner_text()

            # 1. the right answer
            answer(page, SEED, right, correct=True)
            page.wait_for_function(
                "document.querySelector('.gl-trainer-score').innerText.includes('Score: 1 of 1 right')")
            text1 = feedback.inner_text()
            assert "Right." in text1 and first.explanation in text1

            # 2. the next question, answered wrong
            next_question(page, SEED + 1)
            answer(page, SEED + 1, wrong, correct=False)
            page.wait_for_function(
                "document.querySelector('.gl-trainer-score').innerText.includes('Score: 1 of 2 right')")
            text2 = feedback.inner_text()
            assert "Not right." in text2 and second.explanation in text2
            assert f"Right answer: Value: {second.correct_answer['value']}" in text2 and text2 != text1

            # the CSV link holds both answers
            href = page.locator(".gl-trainer-csv a").get_attribute("href")
            assert href and href.startswith("data:text/csv;charset=utf-8;base64,")
        finally:
            browser.close()
    assert all(FONT_AWESOME.match(u) for u in outside), outside
    print(f"trainer shown after {loaded:.1f} s; whole browser test {time.monotonic() - t0:.1f} s; "
          f"outside requests aborted: {outside}")
