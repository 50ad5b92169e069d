"""The staff trainer app: sign in, practise with every answer on record, sit an exam, or open the
supervisor's view.

:class:`TrainerApp` is what the trainer chapter (``book/trainer.ipynb``) shows and Voilà serves.
It opens the records store named by the configuration (``gamelib.trainer.records.config``) when
someone signs in, never before:

* **who**: when JupyterHub or the casino's authenticating proxy says who is here
  (:func:`~gamelib.trainer.records.identity_from_environment`), that person is signed in at once;
  otherwise the trainee types a name or an employee number;
* **practice**: the :class:`~gamelib.widgets.trainer.TrainerWidget`, bound to the trainee's
  records: every checked answer is stored before its verdict is shown;
* **exam**: :class:`ExamPanel` lists the exams a supervisor defined; the questions are the exam's,
  the same for everyone; each answer is stored as it is submitted, no verdict is shown until the
  end, and the result (score, pass or fail) is recorded when the last question is answered or
  the time limit has passed;
* **supervisor**: the supervisors' password (checked in the kernel against the configured hash)
  or a supervisor's login through the hub or the proxy opens the
  :class:`~gamelib.widgets.trainer.supervisor.SupervisorView` in place of the trainer.

CSS classes for tests: ``gl-signin``, ``gl-signin-name``, ``gl-signin-employee``,
``gl-signin-button``, ``gl-signin-message``, ``gl-supervisor-password``, ``gl-supervisor-button``,
``gl-supervisor-message``, ``gl-trainer-who``, ``gl-exam``, ``gl-exam-choice``, ``gl-exam-start``,
``gl-exam-status``, ``gl-exam-question``, ``gl-exam-answers``, ``gl-exam-submit``,
``gl-exam-result``, ``gl-exam-history``; an exam's inputs carry ``gl-exam-input-pos-N``.

>>> from gamelib.trainer.records import RecordsConfig, Store
>>> from pathlib import Path
>>> app = TrainerApp(store=Store("sqlite://", config=RecordsConfig(Path("."))), environ={})
>>> app.name.value = "Ana Ruiz"; app.sign_in_button.click()
>>> w = app.trainer; w.answer_with(w.question.answer).correct, app.records.totals()
(True, (1, 1))
"""

from __future__ import annotations

import datetime as dt
import html
import time
from typing import Any, Mapping

import ipywidgets as widgets

from ...errors import GameError
from ...trainer import make_drill
from ...trainer.records.identity import address_from_environment
from ...trainer.records import (AttemptRecord, ExamSitting, Identity, RecordsConfig, Store, TraineeRecords,
                               identity_from_environment, load_config, sign_in)
from ..messages import BAD, GOOD, error_html
from .guard import SecretText, guarded, plain_errors, plain_sentence
from .supervisor import SupervisorView
from .quiz import TrainerWidget, answer_input, fill_inputs, question_html, read_inputs

__all__ = ["TrainerApp", "ExamPanel", "result_line_html", "history_html"]

_WIDE = {"description_width": "initial"}


def result_line_html(a: AttemptRecord) -> str:
    """An exam's result in one line, for the trainee.

    >>> from gamelib.trainer.records import ExamSpec
    >>> t = dt.datetime(2026, 11, 2, tzinfo=dt.timezone.utc)
    >>> spec = ExamSpec("Badugi", ("badugi",), ("read-hand",), "any", 10, 1, 80)
    >>> "Passed" in result_line_html(AttemptRecord(1, spec, "name:a", "A", t, t, 8))
    True
    """
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
    """Sit an exam: choose it, start, answer each question in turn; the result at the end."""

    def __init__(self, records: TraineeRecords) -> None:
        self.records = records
        self.choice = widgets.Dropdown(description="Exam", style=_WIDE)
        self.start_button = widgets.Button(description="Start exam", button_style="primary")
        self.status = widgets.HTML()
        self.question_html = widgets.HTML()
        self.answers = widgets.VBox()
        self.submit_button = widgets.Button(description="Submit answer", button_style="primary", disabled=True)
        self.result = widgets.HTML()
        self.history = widgets.HTML()
        for w, cls in ((self, "gl-exam"), (self.history, "gl-exam-history"), (self.choice, "gl-exam-choice"), (self.start_button, "gl-exam-start"),
                       (self.status, "gl-exam-status"), (self.question_html, "gl-exam-question"),
                       (self.answers, "gl-exam-answers"), (self.submit_button, "gl-exam-submit"),
                       (self.result, "gl-exam-result")):
            w.add_class(cls)
        self.sitting: ExamSitting | None = None
        self.position = 0
        self.inputs: dict[str, Any] = {}
        self._shown_at = time.monotonic()
        say = guarded  # whatever goes wrong: one sentence under the exam
        self.start_button.on_click(say(lambda _: self.start(), self._say))
        self.submit_button.on_click(say(lambda _: self.submit(), self._say))
        super().__init__([widgets.HBox([self.choice, self.start_button]), self.status, self.question_html,
                          self.answers, self.submit_button, self.result, self.history])
        self.reload()

    def _say(self, sentence: str) -> None:
        self.result.value = error_html("Refused", sentence)

    def reload(self) -> None:
        """List the exams there are (a supervisor may have defined one since)."""
        names = self.records.exams()
        keep = self.choice.value
        self.choice.options = names
        self.choice.value = keep if keep in names else (names[0] if names else None)
        self.start_button.disabled = not names
        if not names:
            self.status.value = "<i>No exam has been defined yet: a supervisor defines them.</i>"
        self.history.value = history_html(self.records.attempts())

    def start(self) -> ExamSitting | None:
        """Start (or retake) the chosen exam."""
        if not self.choice.value:
            self.reload()
            return None
        try:
            self.sitting = self.records.start_exam(self.choice.value)
        except Exception as err:
            self.status.value = error_html("Cannot start", plain_sentence(err))
            return None
        self.position = 0
        self.result.value = ""
        self.start_button.disabled = self.choice.disabled = True
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
        delay = (deadline - dt.datetime.now(dt.timezone.utc)).total_seconds()
        loop.call_later(max(0.0, delay) + 0.5,
                        lambda: self.finish() if self.sitting is sitting else None)

    def _deadline_text(self) -> str:
        assert self.sitting is not None
        d = self.sitting.attempt.deadline
        return "" if d is None else f" &middot; time limit ends at {d:%H:%M:%S} UTC"

    def _show(self) -> None:
        assert self.sitting is not None
        q = self.sitting.questions[self.position]
        n = len(self.sitting.questions)
        self.status.value = (f"<b>{html.escape(self.sitting.attempt.exam.name)}</b>: question {self.position + 1} "
                             f"of {n}{self._deadline_text()}")
        self.question_html.value = question_html(q)
        self.inputs = {f.name: answer_input(f) for f in q.fields}
        for w in self.inputs.values():
            w.add_class(f"gl-exam-input-pos-{self.position}")
        self.answers.children = tuple(self.inputs.values())
        self.submit_button.disabled = False
        self._shown_at = time.monotonic()

    def set_answer(self, answer: Mapping[str, object]) -> None:
        """Fill the current question's inputs (for tests and demonstrations)."""
        if self.sitting is not None:
            fill_inputs(self.sitting.questions[self.position], self.inputs, answer)

    def submit(self) -> AttemptRecord | None:
        """Store the answer to the current question and go on; after the last one (or past the
        time limit) finish the exam and show the result."""
        if self.sitting is None:
            return None
        q = self.sitting.questions[self.position]
        try:
            r = make_drill(q.drill, q.game, q.focus).check(q, read_inputs(q, self.inputs))
            self.records.record(r, ms=round(1000 * (time.monotonic() - self._shown_at)),
                                attempt_id=self.sitting.attempt.id, position=self.position)
        except GameError as err:
            self.result.value = error_html("Cannot submit", err)
            return None
        except Exception as err:
            self.result.value = error_html("Not saved, press Submit again", plain_sentence(err))
            return None
        self.result.value = ""
        self.position += 1
        deadline = self.sitting.attempt.deadline
        late = deadline is not None and dt.datetime.now(dt.timezone.utc) > deadline
        if self.position < len(self.sitting.questions) and not late:
            self._show()
            return None
        return self.finish()

    def finish(self) -> AttemptRecord | None:
        """Score the attempt from the stored answers and show the result."""
        if self.sitting is None:
            return None
        done = self.records.finish_exam(self.sitting.attempt.id)
        self.sitting = None
        self.question_html.value = ""
        self.answers.children = ()
        self.submit_button.disabled = True
        self.status.value = "Exam finished: your result is on record."
        self.result.value = result_line_html(done)
        self.start_button.disabled = self.choice.disabled = False
        self.history.value = history_html(self.records.attempts())
        return done


class TrainerApp(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """The trainer app (see the module docstring). ``store`` defaults to the configured one,
    opened at the first sign-in; ``environ`` (default ``os.environ``) is where the hub's or the
    proxy's user is read. ``supervisor_only=True`` is the supervisors' desk
    (``trainer/supervisor.ipynb``): only the supervisor's sign-in, opened at once for a
    supervisor the hub or the proxy names."""

    def __init__(self, game: str = "big-o", drill: str = "read-hand", focus: str = "any", seed: int = 1,
                 store: Store | None = None, config: RecordsConfig | None = None,
                 environ: Mapping[str, str] | None = None, supervisor_only: bool = False) -> None:
        self._practice = (game, drill, focus, seed)
        self._store = store
        self._config = config
        self._environ = environ
        self.identity: Identity | None = None
        self.records: TraineeRecords | None = None
        self.trainer: TrainerWidget | None = None
        self.exam: ExamPanel | None = None
        self.supervisor_view: SupervisorView | None = None
        self.name = widgets.Text(description="Name", style=_WIDE, placeholder="first and last name")
        self.employee_no = widgets.Text(description="or employee number", style=_WIDE)
        self.sign_in_button = widgets.Button(description="Sign in", button_style="primary")
        self.message = widgets.HTML()
        self.password = SecretText(description="Supervisor's password", style=_WIDE)  # never echoed to the page
        self.supervisor_button = widgets.Button(description="Open the supervisor's view")
        self.supervisor_message = widgets.HTML()
        self.who = widgets.HTML()
        self.sign_out_button = widgets.Button(description="Sign out")
        for w, cls in ((self, "gl-trainer-app"), (self.name, "gl-signin-name"), (self.employee_no, "gl-signin-employee"),
                       (self.sign_in_button, "gl-signin-button"), (self.message, "gl-signin-message"),
                       (self.password, "gl-supervisor-password"), (self.supervisor_button, "gl-supervisor-button"),
                       (self.supervisor_message, "gl-supervisor-message"), (self.who, "gl-trainer-who"),
                       (self.sign_out_button, "gl-signout")):
            w.add_class(cls)
        self.sign_in_button.on_click(guarded(lambda _: self.sign_in(), self._say))
        self.supervisor_button.on_click(guarded(lambda _: self.open_supervisor(), self._say_supervisor))
        self.sign_out_button.on_click(guarded(lambda _: self.sign_out(), self._say))
        plain_errors(self._say)  # a browser's message that fails: one sentence here, not a traceback
        signin = widgets.VBox([
            widgets.HTML("<b>Sign in to practise.</b> Every answer you check is kept on record for your "
                         "supervisor; you see only your own."),
            widgets.HBox([self.name, self.employee_no, self.sign_in_button]), self.message])
        signin.add_class("gl-signin")
        supervisor = widgets.VBox([widgets.HBox([self.password, self.supervisor_button]), self.supervisor_message])
        supervisor.add_class("gl-supervisor-signin")
        self._signin_children: tuple[Any, ...] = \
            (supervisor,) if supervisor_only else (signin, widgets.HTML("<hr style='margin:8px 0'>"), supervisor)
        super().__init__(list(self._signin_children))
        vouched = identity_from_environment(self.config, self._environ)
        if vouched is not None and supervisor_only:
            if vouched.name in self.config.supervisors:
                self.open_supervisor()
        elif vouched is not None:
            self.sign_in(vouched)

    def _say(self, sentence: str) -> None:
        self.message.value = error_html("Refused", sentence)
        if self.children and self.children[0] is not self._signin_children[0]:  # signed in: say it on top
            self.who.value = error_html("Refused", sentence)

    def _say_supervisor(self, sentence: str) -> None:
        self.supervisor_message.value = error_html("Not opened", sentence)

    @property
    def config(self) -> RecordsConfig:
        """The records' configuration in force."""
        if self._config is None:
            self._config = self._store.config if self._store is not None else load_config(self._environ)
        return self._config

    def store(self) -> Store:
        """The records store, opened (and its schema upgraded) the first time it is needed."""
        if self._store is None:
            self._store = Store(config=self.config)
        return self._store

    def sign_in(self, identity: Identity | None = None) -> TraineeRecords | None:
        """Sign in the given identity, or the name or employee number typed in."""
        try:
            who = identity if identity is not None else sign_in(self.name.value, self.employee_no.value)
            self.records = self.store().trainee(who)
        except Exception as err:
            self.message.value = error_html("Cannot sign in", plain_sentence(err))
            return None
        self.identity = who
        self.message.value = ""
        game, drill, focus, seed = self._practice
        self.trainer = TrainerWidget(game=game, drill=drill, focus=focus, seed=seed, records=self.records)
        self.trainer.score.observe(lambda _: self._show_who(), names="value")
        self.exam = ExamPanel(self.records)
        tabs = widgets.Tab(children=[self.trainer, self.exam])
        tabs.set_title(0, "Practice")
        tabs.set_title(1, "Exam")
        tabs.observe(lambda ch: self.exam.reload() if ch["new"] == 1 and self.exam.sitting is None else None,
                     names="selected_index")
        self._show_who()
        bar = widgets.HBox([self.who] + ([] if who.vouched else [self.sign_out_button]))
        self._show(bar, tabs)
        return self.records

    def _show_who(self) -> None:
        if self.records is None or self.identity is None:
            return
        right, n = self.records.totals()
        who = self.identity
        label = who.name or who.login
        if who.employee_no:
            label += f" (employee {who.employee_no})"
        self.who.value = (f'<span data-login="{html.escape(who.login)}">Signed in as <b>{html.escape(label)}</b> '
                          f"&middot; on record: {right} of {n} right</span>")

    def _show(self, *parts: Any) -> None:  # Any: ipywidgets widgets (no type hints)
        self.children = tuple(parts)

    def sign_out(self) -> None:
        """Back to the sign-in form (the records stay)."""
        self.identity = self.records = self.trainer = self.exam = None
        self.name.value = self.employee_no.value = self.password.value = ""
        self._show(*self._signin_children)

    def open_supervisor(self) -> SupervisorView | None:
        """The supervisor's view, for the supervisors' password (or a vouched supervisor)."""
        password, self.password.value = self.password.value, ""
        try:
            who = self.identity or identity_from_environment(self.config, self._environ)
            view = SupervisorView(self.store().supervisor(password, who=who,
                                                          address=address_from_environment(self._environ)))
        except Exception as err:
            self.supervisor_message.value = error_html("Not opened", plain_sentence(err))
            return None
        self.supervisor_message.value = ""
        self.supervisor_view = view
        self._show(view)
        return view
