"""Sitting an exam in the trainer app: :class:`ExamPanel`.

The trainee chooses an exam and starts it; the records deal the attempt's questions from its
secret draw (:mod:`gamelib.trainer.records.exams`), so no question shows a seed or any other
handle the practice could deal it from. Each answer is stored as it is submitted, no verdict is
shown until the end, and the result (score, pass or fail) is recorded when the last question is
answered, when the trainee finishes early, or when the time limit has passed.

Every submit is taken once: each question gets its own **Submit answer** button, so a second
click on the button of a question already answered (a double click, a replayed message) does
nothing; the records take an exam's answers only in order, one per question
(:meth:`~gamelib.trainer.records.TraineeRecords.record`), so a second tab on the same attempt
cannot repeat or skip one either (it is moved to the question to answer now); and a question
with a part left blank is not submitted.

CSS classes for tests: ``gl-exam``, ``gl-exam-choice``, ``gl-exam-start``, ``gl-exam-status``,
``gl-exam-question``, ``gl-exam-answers``, ``gl-exam-submit``, ``gl-exam-finish``,
``gl-exam-result``, ``gl-exam-history``; an exam's inputs carry ``gl-exam-input-pos-N``.

>>> from gamelib.trainer.records import ExamSpec
>>> t = dt.datetime(2026, 11, 2, tzinfo=dt.timezone.utc)
>>> spec = ExamSpec("Badugi", ("badugi",), ("read-hand",), "any", 10, 1, 80)
>>> "Passed" in result_line_html(AttemptRecord(1, spec, "name:a", "A", t, t, 8))
True
"""

from __future__ import annotations

import datetime as dt
import html
import time
from collections.abc import Callable, Mapping
from typing import Any

import ipywidgets as widgets

from ...errors import GameError
from ...trainer import make_drill
from ...trainer.records import AttemptRecord, ExamSitting, RecordsUnavailable, TraineeRecords, TrainingRecordsError
from .. import controls
from ..messages import BAD, GOOD, error_html
from .guard import guarded, plain_sentence
from .quiz import answer_input, blank_parts, fill_inputs, question_html, read_inputs

__all__ = ["ExamPanel", "result_line_html", "history_html"]

_WIDE = {"description_width": "initial"}


def result_line_html(a: AttemptRecord) -> str:
    """An exam's result in one line, for the trainee."""
    word, colour = ("Passed", GOOD) if a.passed else ("Not passed", BAD)
    return (f'<div class="gl-exam-verdict" data-passed="{"yes" if a.passed else "no"}" '
            f'style="border-left:4px solid {colour};padding:4px 10px;margin:4px 0;">'
            f'<b style="color:{colour};">{word}:</b> {html.escape(a.exam.name)}, {a.right} of {a.exam.questions} '
            f"right (pass mark {a.exam.pass_mark}%).</div>")


def history_html(attempts: list[AttemptRecord]) -> str:
    """The trainee's own exam attempts, newest first (nothing when there are none).

    >>> history_html([])
    ''
    """
    done = [a for a in attempts if a.finished_at is not None]
    if not done:
        return ""
    rows = "".join(f"<li>{a.finished_at:%Y-%m-%d %H:%M} UTC: {html.escape(a.exam.name)}, {a.right} of "
                   f"{a.exam.questions} right, {'passed' if a.passed else 'not passed'}</li>"
                   for a in reversed(done) if a.finished_at is not None)
    return f'<div style="margin-top:8px;"><b>Your exams</b><ul style="margin:2px 0;">{rows}</ul></div>'


class ExamPanel(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """Sit an exam (see the module docstring). ``on_change`` is called when an exam starts or ends
    (the app closes and opens the practice)."""

    def __init__(self, records: TraineeRecords, on_change: Callable[[], None] | None = None) -> None:
        self.records = records
        self.on_change = on_change
        self.choice = widgets.Dropdown(description="Exam", style=_WIDE)
        self.start_button = controls.button("Start exam", primary=True)
        self.finish_button = controls.button("Finish now", tooltip="hand the exam in as it is", disabled=True)
        self.status = widgets.HTML()
        self.question_html = widgets.HTML()
        self.answers = widgets.VBox()
        self.submit_box = controls.row()
        self.result = widgets.HTML()
        self.history = widgets.HTML()
        for w, cls in ((self, "gl-exam"), (self.history, "gl-exam-history"), (self.choice, "gl-exam-choice"),
                       (self.start_button, "gl-exam-start"), (self.finish_button, "gl-exam-finish"),
                       (self.status, "gl-exam-status"), (self.question_html, "gl-exam-question"),
                       (self.answers, "gl-exam-answers"), (self.result, "gl-exam-result")):
            w.add_class(cls)
        self.sitting: ExamSitting | None = None
        self.position = 0
        self.inputs: dict[str, Any] = {}
        self.submit_button = self._new_submit_button(-1)
        self._shown_at = time.monotonic()
        self.start_button.on_click(guarded(lambda _: self.start(), self._say))
        self.finish_button.on_click(guarded(lambda _: self.finish(), self._say))
        super().__init__([controls.row([self.choice, self.start_button]), self.status, self.question_html,
                          self.answers, self.submit_box, self.result, self.history])
        self.reload()

    def _say(self, sentence: str) -> None:
        self.result.value = error_html("Refused", sentence)

    def _new_submit_button(self, position: int) -> Any:
        """A Submit button of its own for the question at ``position``: a click that reaches it
        after that question was answered does nothing."""
        b = controls.button("Submit answer", primary=True, disabled=position < 0)
        b.add_class("gl-exam-submit")
        b.on_click(guarded(lambda _: self.submit(position), self._say))
        self.submit_button = b
        self.submit_box.children = (b, self.finish_button)
        return b

    def reload(self) -> None:
        """List the exams there are (a supervisor may have defined one since); take up an exam in
        progress (begun in another tab, or before the page was reloaded)."""
        names = self.records.exams()
        keep = self.choice.value
        self.choice.options = names
        self.choice.value = keep if keep in names else (names[0] if names else None)
        self.start_button.disabled = not names or self.sitting is not None
        if not names:
            self.status.value = "<i>No exam has been defined yet: a supervisor defines them.</i>"
        self.history.value = history_html(self.records.attempts())
        going = self.records.exam_in_progress()
        if going is not None and self.sitting is None and going.exam.name in names:
            self.choice.value = going.exam.name
            self.start()

    def start(self) -> ExamSitting | None:
        """Start the chosen exam (or take up the attempt in progress)."""
        if not self.choice.value:
            self.reload()
            return None
        try:
            self.sitting = self.records.start_exam(self.choice.value)
        except GameError as err:
            self.status.value = error_html("Cannot start", err)
            return None
        self.position = self.sitting.answered
        self.result.value = ""
        self.start_button.disabled = self.choice.disabled = True
        self.finish_button.disabled = False
        if self.on_change is not None:
            self.on_change()
        if self.position >= len(self.sitting.questions):
            return self.sitting if self.finish() is None else None
        self._show()
        self._finish_at_deadline(self.sitting)
        return self.sitting

    def _finish_at_deadline(self, sitting: ExamSitting) -> None:
        """When the time limit runs out, finish the exam by itself (on the kernel's event loop,
        when it has one; a late answer is not counted in any case)."""
        deadline = sitting.attempt.deadline
        if deadline is None:
            return
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = (deadline - dt.datetime.now(dt.UTC)).total_seconds()
        loop.call_later(max(0.0, delay) + 0.5,
                        guarded(lambda: self.finish() if self.sitting is sitting else None, self._say))

    def _show(self) -> None:
        assert self.sitting is not None
        q = self.sitting.questions[self.position]
        n = len(self.sitting.questions)
        d = self.sitting.attempt.deadline
        until = "" if d is None else f" &middot; time limit ends at {d:%H:%M:%S} UTC"
        self.status.value = (f"<b>{html.escape(self.sitting.attempt.exam.name)}</b>: question {self.position + 1} "
                             f"of {n}{until}")
        self.question_html.value = question_html(q, show_seed=False)  # nothing the practice could deal it from
        self.inputs = {f.name: answer_input(f) for f in q.fields}
        for w in self.inputs.values():
            w.add_class(f"gl-exam-input-pos-{self.position}")
        self.answers.children = tuple(self.inputs.values())
        self._new_submit_button(self.position)
        self._shown_at = time.monotonic()

    def set_answer(self, answer: Mapping[str, object]) -> None:
        """Fill the current question's inputs (for tests and demonstrations)."""
        if self.sitting is not None:
            fill_inputs(self.sitting.questions[self.position], self.inputs, answer)

    def submit(self, position: int | None = None) -> AttemptRecord | None:
        """Store the answer to the question at ``position`` (the current one when not given) and
        go on; after the last one (or past the time limit) finish the exam and show the result.
        A submit for a question that is no longer the current one does nothing."""
        if self.sitting is None or (position is not None and position != self.position):
            return None
        q = self.sitting.questions[self.position]
        trainee_answer = read_inputs(q, self.inputs)
        blank = blank_parts(q, trainee_answer)
        if blank:
            self.result.value = error_html("Not submitted", f"answer every part first ({', '.join(blank)})")
            return None
        try:
            r = make_drill(q.drill, q.game, q.focus).check(q, trainee_answer)
            self.records.record(r, ms=round(1000 * (time.monotonic() - self._shown_at)),
                                attempt_id=self.sitting.attempt.id, position=self.position)
        except RecordsUnavailable as err:  # busy or out of reach: nothing stored, the same question again
            self.result.value = error_html("Not saved, press Submit again", err)
            return None
        except TrainingRecordsError as err:  # answered in another tab, or the attempt is over: catch up
            self.result.value = error_html("Not stored", err)
            return self._catch_up()
        except GameError as err:
            self.result.value = error_html("Cannot submit", err)
            return None
        except Exception as err:
            self.result.value = error_html("Not saved, press Submit again", plain_sentence(err))
            return None
        self.result.value = ""
        self.position += 1
        return self._next()

    def _next(self) -> AttemptRecord | None:
        assert self.sitting is not None
        deadline = self.sitting.attempt.deadline
        late = deadline is not None and dt.datetime.now(dt.UTC) > deadline
        if self.position < len(self.sitting.questions) and not late:
            self._show()
            return None
        return self.finish()

    def _catch_up(self) -> AttemptRecord | None:
        """Go to the question the records say is the one to answer now (or the result)."""
        assert self.sitting is not None
        attempt = self.sitting.attempt
        if self.records.exam_in_progress() is None:
            return self.finish()
        self.sitting = self.records.start_exam(attempt.exam.name)
        self.position = self.sitting.answered
        return self._next()

    def finish(self) -> AttemptRecord | None:
        """Score the attempt from the stored answers and show the result."""
        if self.sitting is None:
            return None
        done = self.records.finish_exam(self.sitting.attempt.id)
        self.sitting = None
        self.question_html.value = ""
        self.answers.children = ()
        self._new_submit_button(-1)
        self.finish_button.disabled = True
        self.status.value = "Exam finished: your result is on record."
        self.result.value = result_line_html(done)
        self.start_button.disabled = self.choice.disabled = False
        self.history.value = history_html(self.records.attempts())
        if self.on_change is not None:
            self.on_change()
        return done
