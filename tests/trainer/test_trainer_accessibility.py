"""The trainer app for every trainee: WCAG 2.1 AA as axe-core checks it, used from the
keyboard alone, and whole on a phone.

One Voilà server serves trainer/trainer.ipynb (as tests/trainer/test_trainer_browser.py does) and
one headless Chromium (Debian's) signs a trainee in:

* at a desktop width, the vendored axe-core (``tests/accessibility.py``) runs the WCAG 2.0/2.1 A
  and AA rules on the signed-in trainer, before and after a verdict: no serious or critical
  violation. The trainee then answers with the keyboard alone (Tab to the answer, Space to
  choose it, Tab to Check, Enter) and gets the verdict;
* at a phone's 390 x 844, with a verdict and its explanation shown: nothing of the trainer is
  wider than the screen (the page, the trainer's boxes, the cards) and no button's label is cut
  off.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gamelib.trainer import make_drill

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))
import accessibility  # noqa: E402  (tests/accessibility.py)
import servers  # noqa: E402  (tests/servers.py)
from servers import CHROMIUM  # noqa: E402

from .browser_steps import answer, block_outside, create_accounts, sign_in  # noqa: E402

VOILA = Path(sys.executable).parent / "voila"
GAME, DRILL, SEED = "big-o", "read-hand", 1  # what trainer/trainer.ipynb deals first
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
#: The trainer's parts that must fit the phone's screen.
TRAINER_BOXES = ".gl-trainer, .gl-trainer .widget-box, .gl-trainer-question, .gl-trainer-feedback, .gl-hand"

pytestmark = pytest.mark.skipif(not CHROMIUM.exists(),
                                reason="/usr/bin/chromium is missing (CI installs Debian's chromium)")


@pytest.fixture(scope="module")
def trainer_url(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    data = tmp_path_factory.mktemp("records")
    port = servers.free_port()
    argv = [str(VOILA), "trainer/trainer.ipynb", "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1"]
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GAMELIB_TRAINER", "JUPYTERHUB_USER"))}
    env["GAMELIB_DATA"] = str(data)
    create_accounts(env, {"e-301": "Ada Moss", "e-302": "Ben Ruiz", "e-303": "Cy Tan"})
    with servers.serving(argv, port, ROOT, env, "voila") as served:
        yield served.url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=servers.CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


def _signed_in(browser: Any, url: str, account: str, viewport: dict[str, int]) -> Any:
    page = browser.new_page(viewport=viewport)
    page.set_default_timeout(60_000)
    block_outside(page)
    page.goto(url, wait_until="commit")
    sign_in(page, account)
    page.locator(f'.gl-trainer-question [data-seed="{SEED}"]').wait_for()
    return page


def test_the_trainer_meets_wcag_21_aa_and_works_from_the_keyboard(browser: Any, trainer_url: str) -> None:
    page = _signed_in(browser, trainer_url, "e-301", DESKTOP)
    try:
        before = accessibility.axe_violations(page)
        print(accessibility.describe("the signed-in trainer", before))
        # The keyboard alone: Tab to the answer, Space to choose it, Tab on to Check, Enter.
        q = make_drill(DRILL, GAME).next(SEED)
        options = list(q.fields[0].options)
        radios = page.locator(f".gl-trainer-input-seed-{SEED}").get_by_role("radio")
        radios.first.focus()
        target = options.index(q.correct_answer["value"])
        for _ in range(target):
            page.keyboard.press("Tab")
        assert radios.nth(target).evaluate("r => r === document.activeElement"), "Tab did not reach the answer"
        page.keyboard.press("Space")
        assert radios.nth(target).is_checked(), "Space did not choose the answer"
        for _ in range(len(options) + 5):  # Tab on to the Check button
            page.keyboard.press("Tab")
            if page.evaluate("document.activeElement.classList.contains('gl-trainer-check')"):
                break
        else:
            pytest.fail("Tab never reached the Check button")
        page.keyboard.press("Enter")
        page.wait_for_function("document.querySelector('.gl-trainer-feedback').innerText.trim() !== ''")
        feedback = page.locator(".gl-trainer-feedback")
        assert feedback.locator('[data-correct="yes"]').count(), feedback.inner_text()
        after = accessibility.axe_violations(page)  # with the verdict, its explanation and the cards
        print(accessibility.describe("the trainer with a verdict", after))
    finally:
        page.close()
    counts = {i: sum(len(v["nodes"]) for v in before + after if v["impact"] == i)
              for i in ("critical", "serious", "moderate", "minor")}
    print(f"axe-core {accessibility.AXE_VERSION} on the live trainer (two states): {counts} (elements)")
    bad = accessibility.blocking(before) + accessibility.blocking(after)
    assert not bad, accessibility.describe("the live trainer", bad)


def test_the_trainer_fits_a_phone(browser: Any, trainer_url: str) -> None:
    page = _signed_in(browser, trainer_url, "e-302", PHONE)
    try:
        wrong = next(o for o in make_drill(DRILL, GAME).next(SEED).fields[0].options
                     if o != make_drill(DRILL, GAME).next(SEED).correct_answer["value"])
        answer(page, SEED, wrong, correct=False)  # the verdict, the explanation and the cards shown
        assert page.locator(".gl-trainer button").count() >= 3, "the trainer's buttons were not drawn"
        assert page.locator(".gl-trainer-feedback .gl-hand").count(), "no cards in the explanation"
        overflow = page.evaluate(accessibility.OVERFLOW_JS, TRAINER_BOXES)
        clipped = page.evaluate(accessibility.CLIPPED_BUTTONS_JS)
    finally:
        page.close()
    assert not overflow, f"wider than a 390 px phone [what, width, room]: {overflow}"
    assert not clipped, f"buttons whose label is cut off on a phone [text, width, needed]: {clipped}"


def test_the_trainer_buttons_fit_on_a_desktop(browser: Any, trainer_url: str) -> None:
    page = _signed_in(browser, trainer_url, "e-303", DESKTOP)
    try:
        assert page.locator(".gl-trainer button").count() >= 3, "the trainer's buttons were not drawn"
        clipped = page.evaluate(accessibility.CLIPPED_BUTTONS_JS)
    finally:
        page.close()
    assert not clipped, f"buttons whose label is cut off [text, width, needed]: {clipped}"
