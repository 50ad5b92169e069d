"""The kernel is the judge: what a browser sends the trainer's widgets is checked in
the kernel against the bounds the page shows, a failure reaches the page as one plain sentence
and never as a traceback, and the supervisor's password is never sent back to the page.

The browser's side is played by handing a widget the very message the page would send
(``Widget._handle_msg`` with an ``update``), as a client that edits the page's state can."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import ipywidgets as widgets
import pytest

from gamelib.trainer.records import RecordsConfig, Store, hash_password
from gamelib.trainer.session import MAX_SEED
from gamelib.widgets.trainer import TrainerWidget
from gamelib.widgets.trainer.app import TrainerApp


def send(widget: Any, **state: Any) -> None:
    """What the page sends when it changes ``widget``'s state."""
    widget._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(f"sqlite:///{tmp_path / 't.sqlite3'}",
                 config=RecordsConfig(tmp_path, supervisor_password=hash_password("pit", salt="4")))


@pytest.fixture()
def shell() -> Iterator[tuple[Any, list[BaseException]]]:
    """An IPython shell, as in a kernel (ipywidgets reports a failed message through it); what it
    would have sent the page as a traceback is kept in the list."""
    from IPython.core.interactiveshell import InteractiveShell

    ip = InteractiveShell.instance()
    sent: list[BaseException] = []

    def traceback_to_page(exc_tuple: Any = None, *args: Any, **kwargs: Any) -> None:
        import sys

        sent.append((exc_tuple or sys.exc_info())[1])

    ip.showtraceback = traceback_to_page
    try:
        yield ip, sent
    finally:
        InteractiveShell.clear_instance()


def test_a_raised_seed_maximum_deals_nothing_beyond_the_kernels_bound() -> None:
    w = TrainerWidget(game="badugi", drill="read-hand", seed=7)
    send(w.seed, max=10**30, value=10**25)
    assert w.seed.max == MAX_SEED and w.seed.value <= MAX_SEED
    w.new_button.click()
    assert w.question is not None and w.question.seed <= MAX_SEED
    before = w.question
    assert w.new_question(10**25) is before  # asked directly: refused, the question stays
    assert "the seed must be from 0 to 1,000,000,000" in w.question_html.value


def test_a_failed_message_is_one_sentence_not_a_traceback(store: Store, shell: Any) -> None:
    ip, sent = shell
    store.supervisor("pit").create_account("ana", "Ana")
    app = TrainerApp(store=store, environ={})
    app.account.value, app.account_password.value = "ana", "ana-password"
    app.sign_in_button.click()
    assert app.trainer is not None
    send(app.trainer.game, index=999)  # no such option: ipywidgets' traits refuse it
    assert sent == []  # nothing went to the page as a traceback ...
    assert "the page sent a value the trainer does not accept" in app.who.value  # ... one sentence instead
    sentence = app.who.value.split("Refused:</b>")[1].removesuffix("</p>")
    assert "Traceback" not in sentence and "/" not in sentence and sentence.count(".") <= 1
    try:  # a notebook's own error is shown as usual
        raise ValueError("a cell's own mistake")
    except ValueError:
        ip.showtraceback()
    assert [str(e) for e in sent] == ["a cell's own mistake"]


def test_a_database_error_is_a_sentence_without_paths(store: Store, tmp_path: Path) -> None:
    store.supervisor("pit").create_account("bo", "Bo")
    me = TrainerApp(store=store, environ={})
    me.account.value, me.account_password.value = "bo", "bo-password"
    me.sign_in_button.click()
    w = me.trainer
    assert w is not None
    store.engine.dispose()
    (tmp_path / "t.sqlite3").unlink()
    (tmp_path / "t.sqlite3").mkdir()  # the database is gone (a folder in its place cannot reuse its inode number)
    w.answer_with(w.question.correct_answer)
    assert "Not saved" in w.feedback.value and "deleted or replaced" in w.feedback.value
    assert str(tmp_path) not in w.feedback.value
    assert "sqlite" not in w.feedback.value.lower()


def test_the_password_is_never_sent_back_to_the_page(store: Store) -> None:
    app = TrainerApp(store=store, environ={})
    sent: list[Any] = []
    app.password._send = lambda msg, buffers=None: sent.append(msg)
    send(app.password, value="pit-guess")
    assert "pit-guess" not in repr(sent)
    plain = widgets.Password()  # what ipywidgets does by itself: the value comes back
    echoed: list[Any] = []
    plain._send = lambda msg, buffers=None: echoed.append(msg)
    send(plain, value="pit-guess")
    assert "pit-guess" in repr(echoed)
    app.supervisor_button.click()
    assert app.password.value == "" and "Not opened" in app.supervisor_message.value
    assert "pit-guess" not in app.supervisor_message.value


def test_the_exam_forms_bounds_are_the_kernels(store: Store) -> None:
    from gamelib.trainer.records.exams import MAX_QUESTIONS
    from gamelib.widgets.trainer.supervisor import SupervisorView

    v = SupervisorView(store.supervisor("pit"), refresh_every=0)
    send(v.exam_questions, max=10**9, value=10**6)
    assert v.exam_questions.max == MAX_QUESTIONS and v.exam_questions.value <= MAX_QUESTIONS
    v.exam_name.value = "Bad\x00name"
    v.exam_games.value, v.exam_drills.value = ("badugi",), ("read-hand",)
    v.define_button.click()
    assert "Not defined" in v.define_message.value and "control character" in v.define_message.value


def test_the_page_cannot_make_widgets_in_a_trainers_kernel(store: Store, shell: Any) -> None:
    """A trainee's page may ask his kernel for the trainer's widgets (a comm to
    ``jupyter.widget.control``) but not make widgets of its own there (a comm to
    ``jupyter.widget``, of any size): once a trainer app is made in a kernel, such a request is
    dropped before ipywidgets sees it."""
    ip, _ = shell
    opened: list[str] = []

    class Kernel:  # what no_browser_widgets finds on a kernel's shell: its message handlers
        shell_handlers = {"comm_open": lambda stream, ident, msg: opened.append(msg["content"]["target_name"])}

    ip.kernel = Kernel()
    try:
        TrainerApp(store=store, environ={})
        handle = Kernel.shell_handlers["comm_open"]
        for target in ("jupyter.widget", "jupyter.widget.control", "anything.else"):
            handle(None, [], {"content": {"comm_id": target, "target_name": target, "data": {"state": {}}}})
        assert opened == ["jupyter.widget.control"]
        TrainerApp(store=store, environ={})  # a second app guards once, not twice
        assert Kernel.shell_handlers["comm_open"] is handle
    finally:
        del ip.kernel
