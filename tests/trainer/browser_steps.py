"""What a trainee does in the trainer app in Chromium, shared by the browser tests of this folder:
keep a page on this machine, sign in to an account, answer the practice question on screen, deal
the next one; and the accounts a supervisor creates before the server starts."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

#: Every address that is not this machine's.
OUTSIDE = re.compile(r"^(?!https?://127\.0\.0\.1[:/]).*")
#: The one outside request tolerated: Voilà's default template asks a CDN for Font Awesome
#: (it only styles icons the trainer does not use; the request is aborted like any other).
FONT_AWESOME = re.compile(r"^https://cdn\.jsdelivr\.net/npm/@fortawesome/")


def block_outside(page: Any, outside: list[str] | None = None) -> None:
    """Abort every request ``page`` makes to another machine, noting its address in ``outside``."""

    def block(route: Any) -> None:
        if outside is not None:
            outside.append(route.request.url)
        route.abort()

    page.route(OUTSIDE, block)


def answer(page: Any, seed: int, option: str, correct: bool) -> None:
    """Choose ``option`` for the practice question dealt from ``seed``, press Check, and wait for
    the verdict the test expects (``correct``)."""
    page.locator(f".gl-trainer-input-seed-{seed}").get_by_role("radio", name=option, exact=True).check()
    page.locator(".gl-trainer-check").click()
    page.locator(f'.gl-trainer-feedback [data-correct="{"yes" if correct else "no"}"]').wait_for()


def next_question(page: Any, seed: int) -> None:
    """Press New question and wait for the question dealt from ``seed``, with the old verdict gone
    (the widget's updates reach the page one by one)."""
    page.locator(".gl-trainer-new").click()
    page.locator(f'.gl-trainer-question [data-seed="{seed}"]').wait_for()
    page.wait_for_function("document.querySelector('.gl-trainer-feedback').innerText.trim() === ''")


def password_of(account: str) -> str:
    """The password the tests give ``account`` at its first sign-in."""
    return f"{account}-secret"


def create_accounts(env: Mapping[str, str], accounts: Mapping[str, str]) -> None:
    """Create the staff accounts ``{account: name}`` in the records the server of ``env`` uses, as a
    supervisor does."""
    from gamelib.trainer.records import Store, SupervisorRecords, load_config

    store = Store(config=load_config(env))
    boss = SupervisorRecords(store.db, "test supervisor")
    for account, name in accounts.items():
        boss.create_account(account, name)
    store.close()


def sign_in(page: Any, account: str, password: str | None = None) -> None:
    """Type the account and its password into the sign-in form and press Sign in."""
    page.locator(".gl-signin-account input").fill(account)
    page.locator(".gl-signin-password input").fill(password_of(account) if password is None else password)
    page.locator(".gl-signin-button").click()
