"""The staff's one-page quick start (trainer/QUICKSTART.md) says what the trainer does:
every control it names in bold is one the signed-in trainer shows, the drills are the drills,
the numbers are the records' own, the messages are the ones the trainer gives, and the hub
address is the README's one trainer address on a hub."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from gamelib.trainer import DRILLS
from gamelib.trainer.records import RecordsConfig, Store, hash_password
from gamelib.trainer.records.accounts import MIN_PASSWORD
from gamelib.trainer.records.lockout import LOCKOUT_TRIES, LOCKOUT_WINDOW
from gamelib.widgets.trainer.app import TrainerApp
from gamelib.widgets.trainer.supervisor import SupervisorView

ROOT = Path(__file__).resolve().parents[2]
QUICKSTART = (ROOT / "trainer" / "QUICKSTART.md").read_text(encoding="utf-8")
README = (ROOT / "README.md").read_text(encoding="utf-8")
#: Bold words of the quick start that are not controls: keys, verdicts and messages (checked below).
NOT_CONTROLS = {"Tab", "Space", "Enter", "Right.", "Not right.", "Open the trainer", "Sign in.", "Practise",
                "Your score", "Sit an exam", "The dispute desk", "Finish", "For staff:", "Download",
                "Not checked: choose an answer first", "Not saved, try again"}


def _words(widget: Any) -> Iterator[str]:
    """Every label a widget tree shows: descriptions, tab titles, and their children's."""
    for name in ("description",):
        text = getattr(widget, name, "")
        if isinstance(text, str) and text:
            yield text
    yield from getattr(widget, "titles", ()) or ()
    for child in getattr(widget, "children", ()) or ():
        yield from _words(child)


def test_the_quick_start_is_one_page_and_the_readme_points_to_it() -> None:
    assert "[`trainer/QUICKSTART.md`](trainer/QUICKSTART.md)" in README
    assert len(QUICKSTART.split()) <= 600, "more than a page"


def test_every_control_it_names_is_on_screen(tmp_path: Path) -> None:
    config = RecordsConfig(tmp_path, supervisor_password=hash_password("floor-7", salt="77"))
    store = Store(f"sqlite:///{tmp_path / 't.sqlite3'}", config=config)
    store.supervisor("floor-7").create_account("ana.ruiz", "Ana Ruiz")
    app = TrainerApp(store=store, environ={})
    shown = set(_words(app))
    app.account.value, app.account_password.value = "ana.ruiz", "first-pass-1"
    app.sign_in_button.click()
    assert app.trainer is not None and app.exam is not None
    shown |= set(_words(app)) | set(_words(app.exam)) | {app.trainer.csv_link.value and "Download"}
    shown |= set(_words(SupervisorView(store.supervisor("floor-7"))))
    named = set(re.findall(r"\*\*([^*]+)\*\*", QUICKSTART)) - NOT_CONTROLS
    assert named, "no control named"
    missing = sorted(n for n in named if n not in shown)
    assert not missing, f"the quick start names controls the trainer does not show: {missing}"


def test_drills_numbers_messages_and_the_hub_address_are_the_trainers() -> None:
    text = " ".join(QUICKSTART.split())
    for drill in DRILLS.values():
        assert f"*{drill.title}*" in text, drill.title
    assert f"at least {MIN_PASSWORD} characters" in text
    assert f"After {LOCKOUT_TRIES} wrong passwords, sign-in waits {LOCKOUT_WINDOW.seconds // 60} minutes" in text
    source = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "gamelib" / "widgets" / "trainer").glob("*.py"))
    for message in ("Not checked", "choose an answer first", "Not saved, try again"):
        assert message in source and message in text, message
    hub = re.search(r"`(https://HUB/user/\S+/trainer\.ipynb)`", QUICKSTART)
    assert hub and hub.group(1).replace("YOUR-NAME", "NAME") in README, "the README's trainer address on a hub"
