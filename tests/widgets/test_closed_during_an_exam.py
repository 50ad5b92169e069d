"""While a trainee has an exam open, the kernel refuses every handler of the dispute desk and of the
practice, in the exam's own tab and in any other tab of the same person (another kernel, which
knows of the exam only through the training records): the page sees one sentence and nothing
else changes, whether it clicks and sets values as a person would or sends the comm messages
ipywidgets reads (``Widget._handle_msg``). Once the exam is finished, or its time is up, both
work again."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gamelib.trainer.records import RecordsConfig, Store, hash_password
from gamelib.trainer.records.exams import ExamSpec
from gamelib.widgets.dispute_desk import DisputeDesk
from gamelib.widgets.trainer import TrainerWidget
from gamelib.widgets.trainer.app import TrainerApp

PASSWORD = "floor-7"
STUD8 = (Path(__file__).resolve().parents[1] / "data" / "phh" / "wsop-2023-43-5-48-02-09-20.phh").read_text()
EXAMPLE = "wsop-2019-58-yockey-arieh"
DESK_CLOSED = "Dispute desk closed: you have an exam in progress; finish it first"
PRACTICE_CLOSED = "Practice closed: you have an exam in progress; finish it first"


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    cfg = RecordsConfig(tmp_path, supervisor_password=hash_password(PASSWORD, salt="77"))
    s = Store(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", config=cfg)
    s.supervisor(PASSWORD).define_exam(ExamSpec("Reading", ("badugi",), ("read-hand",), "any", 3, 0, 50,
                                                time_limit=3600))
    s.supervisor(PASSWORD).create_account("ana", "Ana Ruiz", "E-5")
    return s


def enter(store: Store) -> TrainerApp:
    """A tab of the trainer in which Ana signs in (each app is what one tab's kernel holds)."""
    app = TrainerApp(game="badugi", drill="read-hand", seed=4, store=store, environ={})
    app.account.value, app.account_password.value = "ana", "ana-password"
    app.sign_in_button.click()
    assert app.records is not None and app.exam is not None, app.message.value
    return app


def plain(html_text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html_text).replace("&#x27;", "'").split())


# --- how a page drives a widget --------------------------------------------------------------

def press(button: Any, via: str) -> None:
    """A click: the button's ``click()``, or the message the page sends (even for a disabled button)."""
    if via == "page":
        button._handle_msg({"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []})
    else:
        button.click()


def put(control: Any, via: str, **state: Any) -> None:
    """Values set: on the control, or in the update message the page sends."""
    if via == "page":
        control._handle_msg({"content": {"data": {"method": "update", "state": state}}, "buffers": []})
    else:
        for name, value in state.items():
            setattr(control, name, value)


def upload(desk: DisputeDesk, via: str) -> None:
    data = STUD8.encode()
    file = {"name": "hand.phh", "type": "", "size": len(data), "content": memoryview(data), "last_modified": 0}
    if via == "page":
        put(desk.upload, via, value=[file])
    else:
        desk.upload.value = ({**file, "last_modified": dt.datetime.now(dt.UTC)},)


# --- the desk: what is there before the exam, what the page sets, the handler, and whether it worked ---

def nothing(desk: DisputeDesk, *via: str) -> None:
    pass


def loaded(desk: DisputeDesk) -> None:
    desk.paste.value = STUD8
    desk.load_button.click()
    desk.next_button.click()
    desk.next_button.click()
    assert desk.replay is not None and desk.position == 2


def started(desk: DisputeDesk) -> None:
    desk.game.value, desk.stacks.value = "badugi", "50, 50, 50"
    desk.start_button.click()
    assert desk.entered is not None


def added(desk: DisputeDesk) -> None:
    started(desk)
    desk.action.value = "p3 f"
    desk.add_button.click()
    assert desk.entered is not None and "p3 f" in desk.entered.actions


def entered(desk: DisputeDesk) -> list[str]:
    return list(desk.entered.actions) if desk.entered is not None else []


DeskCase = tuple[Callable[[DisputeDesk], None], Callable[[DisputeDesk, str], None],
                 Callable[[DisputeDesk, str], None], Callable[[DisputeDesk], bool]]
DESK: dict[str, DeskCase] = {
    "Example": (nothing, nothing,
                lambda d, via: put(d.examples, via, index=1 + d.examples.options[1:].index((EXAMPLE, EXAMPLE))),
                lambda d: d.replay is not None and d.replay.record.variant == "F2L3D" and d.paste.value != ""),
    "Upload .phh": (nothing, nothing, upload, lambda d: d.replay is not None and d.paste.value == STUD8),
    "Replay this record": (nothing, lambda d, via: put(d.paste, via, value=STUD8),
                           lambda d, via: press(d.load_button, via),
                           lambda d: d.replay is not None and d.position == 0),
    "< Previous": (loaded, nothing, lambda d, via: press(d.prev_button, via), lambda d: d.position == 1),
    "Next >": (loaded, nothing, lambda d, via: press(d.next_button, via), lambda d: d.position == 3),
    "Jump to the end": (loaded, nothing, lambda d, via: press(d.end_button, via),
                        lambda d: d.replay is not None and d.position == len(d.replay.steps)
                        and "Final stacks" in plain(d.view.value)),
    "Start the hand": (nothing, lambda d, via: put(d.stacks, via, value="50, 50, 50"),
                       lambda d, via: press(d.start_button, via), lambda d: len(entered(d)) == 3),
    "Add": (started, lambda d, via: put(d.action, via, value="p3 f"), lambda d, via: press(d.add_button, via),
            lambda d: entered(d)[-1:] == ["p3 f"]),
    "Take back the last": (added, nothing, lambda d, via: press(d.undo_button, via),
                           lambda d: "p3 f" not in entered(d) and entered(d) != []),
}


def desk_state(desk: DisputeDesk) -> tuple[object, ...]:
    """Everything a desk handler may change, but its message."""
    return (desk.replay, desk.position, entered(desk), desk.examples.value, desk.upload.value, desk.paste.value,
            desk.action.value, desk.view.value, desk.download.value)


def same(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return a[0] is b[0] and a[1:] == b[1:]


@pytest.mark.parametrize("via", ["click", "page"])
@pytest.mark.parametrize("tab", ["the exam's tab", "a second tab"])
@pytest.mark.parametrize("handler", list(DESK))
def test_every_desk_handler_refuses_while_the_exam_is_open(store: Store, handler: str, tab: str, via: str) -> None:
    prime, fill, act, worked = DESK[handler]
    own, second = enter(store), enter(store)  # two tabs of Ana's: two kernels, one person
    desk = own.desk if tab == "the exam's tab" else second.desk
    prime(desk)
    assert own.exam is not None
    own.exam.start_button.click()  # the exam is started in the first tab, as the app starts it
    assert own.exam.sitting is not None and own.records is not None and own.records.exam_in_progress() is not None
    fill(desk, via)  # what the page sets in the fields is its own; no handler runs
    before = desk_state(desk)
    act(desk, via)
    assert same(desk_state(desk), before), (desk_state(desk)[1:], before[1:])
    assert plain(desk.message.value) == DESK_CLOSED
    own.exam.finish_button.click()  # the exam ends: the desk works again, in either tab
    assert "Exam finished" in own.exam.status.value
    fill(desk, via)
    act(desk, via)
    assert worked(desk) and desk.message.value == "", plain(desk.message.value)


def test_a_tab_opened_during_the_exam_has_a_closed_desk_too(store: Store) -> None:
    own = enter(store)
    assert own.exam is not None
    own.exam.start_button.click()
    later = enter(store)  # signed in mid-exam: its kernel has never seen the exam start
    desk = later.desk
    before = desk_state(desk)
    put(desk.examples, "page", index=1)
    put(desk.paste, "page", value=STUD8)
    press(desk.load_button, "page")
    press(desk.end_button, "page")
    assert desk.replay is None and desk.view.value == before[-2] and desk.examples.value == ""
    assert plain(desk.message.value) == DESK_CLOSED
    own.exam.finish_button.click()
    press(desk.load_button, "page")
    press(desk.end_button, "page")
    assert desk.replay is not None and "Final stacks" in plain(desk.view.value)


# --- the practice: every handler the page may trigger ------------------------------------------

PracticeCase = tuple[Callable[[TrainerWidget, str], None], Callable[[TrainerWidget], bool]]
PRACTICE: dict[str, PracticeCase] = {
    "New question": (lambda w, via: press(w.new_button, via),
                     lambda w: w.question is not None and w.question.seed == int(w.seed.value)),
    "Export CSV": (lambda w, via: press(w.export_button, via), lambda w: "gl-trainer-csv-link" in w.csv_link.value),
    "Four-colour deck": (lambda w, via: put(w.four_color_box, via, value=True),
                         lambda w: w.four_color and w.four_color_box.value),
    "Game": (lambda w, via: put(w.game, via, index=[v for _, v in w.game.options].index("big-o")),
             lambda w: w.question is not None and w.question.game == "big-o"),
    "Drill": (lambda w, via: put(w.drill, via, index=[v for _, v in w.drill.options].index("who-wins")),
              lambda w: w.question is not None and w.question.drill == "who-wins"),
    "Focus": (lambda w, via: put(w.focus, via, index=[v for _, v in w.focus.options].index("exact")),
              lambda w: w.question is not None and w.question.focus == "exact"),
}


def practice_state(w: TrainerWidget) -> tuple[object, ...]:
    """Everything a practice handler may change, but its feedback line."""
    return (w.question, w.result, w.session.score, w.seed.value, w.game.value, w.drill.value, w.drill.options,
            w.focus.value, w.focus.options, w.four_color, w.four_color_box.value, w.question_html.value,
            w.answers.children, w.score.value, w.csv_link.value)


@pytest.mark.parametrize("via", ["click", "page"])
@pytest.mark.parametrize("tab", ["the exam's tab", "a second tab"])
@pytest.mark.parametrize("handler", list(PRACTICE))
def test_every_practice_handler_refuses_while_the_exam_is_open(store: Store, handler: str, tab: str,
                                                               via: str) -> None:
    act, worked = PRACTICE[handler]
    own, second = enter(store), enter(store)
    w = own.trainer if tab == "the exam's tab" else second.trainer
    assert w is not None and own.exam is not None
    own.exam.start_button.click()
    assert own.exam.sitting is not None
    before = practice_state(w)
    act(w, via)
    assert practice_state(w) == before
    assert plain(w.feedback.value) == PRACTICE_CLOSED
    own.exam.finish_button.click()
    act(w, via)
    assert worked(w) and "closed" not in w.feedback.value, plain(w.feedback.value)


def test_when_the_time_is_up_the_desk_and_the_practice_open_again(store: Store,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    own, second = enter(store), enter(store)
    assert own.exam is not None and second.trainer is not None
    own.exam.start_button.click()
    put(second.desk.examples, "page", index=1)
    press(second.trainer.export_button, "page")
    assert second.desk.replay is None and plain(second.desk.message.value) == DESK_CLOSED
    assert second.trainer.csv_link.value == "" and plain(second.trainer.feedback.value) == PRACTICE_CLOSED
    import gamelib.trainer.records.trainee as trainee

    later = dt.datetime.now(dt.UTC) + dt.timedelta(hours=2)  # the hour's time limit has passed, unfinished
    monkeypatch.setattr(trainee, "utcnow", lambda: later)
    put(second.desk.examples, "page", index=1)
    press(second.trainer.export_button, "page")
    assert second.desk.replay is not None and second.desk.message.value == ""
    assert "gl-trainer-csv-link" in second.trainer.csv_link.value
