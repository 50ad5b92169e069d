"""The staff trainer app: sign in, practise with every answer on record, sit an exam, or open the
supervisor's view.

:class:`TrainerApp` is the staff trainer app (``trainer/trainer.ipynb``, served on its own by Voilà
behind staff sign-in); the book's trainer chapter (``book/trainer.ipynb``) describes it.
It opens the records store named by the configuration (``gamelib.trainer.records.config``) when
someone signs in, never before:

* **who**: as ``trainer.toml``'s ``auth`` says: with ``"hub"`` or ``"proxy"``, the person
  JupyterHub or the casino's trusted proxy names
  (:func:`~gamelib.trainer.records.identity_from_environment`) is signed in at once, and nobody
  else; with ``"accounts"`` (the default) the trainee signs in to the account a supervisor
  created, with its password (set at the first sign-in). The name and employee number shown
  are the account's: only a supervisor changes them;
* **practice**: the :class:`~gamelib.widgets.trainer.TrainerWidget`, bound to the trainee's
  records: every checked answer is stored before its verdict is shown;
* **exam**: :class:`~gamelib.widgets.trainer.exam.ExamPanel` lists the exams a supervisor
  defined; each attempt deals its own questions from the exam's pool with a secret draw; each
  answer is stored as it is submitted, once; no verdict is shown until the end. While an exam is
  in progress the practice and the dispute desk are closed (their tabs say so, and the kernel
  refuses every handler of either, in any tab of the trainee's: each asks the records,
  :func:`practice_closed`, whether an attempt of his is in progress);
* **supervisor**: the supervisors' password (checked in the kernel against the configured hash)
  or a supervisor's login through the hub or the proxy opens the
  :class:`~gamelib.widgets.trainer.supervisor.SupervisorView` in place of the trainer.

CSS classes for tests: ``gl-signin``, ``gl-signin-account``, ``gl-signin-password``,
``gl-signin-button``, ``gl-signin-message``, ``gl-supervisor-password``, ``gl-supervisor-button``,
``gl-supervisor-message``, ``gl-trainer-who``, ``gl-practice-closed`` (the practice tab during an
exam), and the exam panel's (:mod:`.exam`).

>>> from gamelib.trainer.records import RecordsConfig, Store, SupervisorRecords
>>> from pathlib import Path
>>> store = Store("sqlite://", config=RecordsConfig(Path(".")))
>>> _ = SupervisorRecords(store.db, "floor").create_account("ana.ruiz", "Ana Ruiz", "E-17")
>>> app = TrainerApp(store=store, environ={})
>>> app.account.value, app.account_password.value = "ana.ruiz", "first-pass-1"; app.sign_in_button.click()
>>> w = app.trainer; w.answer_with(w.question.correct_answer).correct, app.records.totals()
(True, (1, 1))
"""

from __future__ import annotations

import html
import logging
from collections.abc import Mapping
from typing import Any

import ipywidgets as widgets

from ...trainer.records import (
    AccessDenied,
    Identity,
    RecordsConfig,
    RecordsUnavailable,
    Store,
    TraineeRecords,
    identity_from_environment,
    load_config,
)
from ...trainer.records.identity import address_from_environment
from .. import controls
from ..dispute_desk import DisputeDesk
from ..messages import error_html
from .exam import ExamPanel
from .guard import SecretText, guarded, no_browser_widgets, plain_errors, plain_sentence
from .quiz import TrainerWidget
from .supervisor import SupervisorView

__all__ = ["TrainerApp"]

_WIDE = {"description_width": "initial"}
#: Why the practice is closed during an exam.
PRACTICE_CLOSED = "you have an exam in progress; finish it first"


def practice_closed(records: TraineeRecords) -> str | None:
    """Why ``records``' trainee may not practise nor use the dispute desk now (an exam in
    progress, or the records out of reach), or ``None``. It asks the records, not this kernel:
    an exam started in another tab (another kernel) closes them here too, and one finished or
    out of time opens them. :class:`RecordsUnavailable` (the records busy, out of reach, their
    file gone) is passed on: the trainer says "Not saved" with its sentence."""
    try:
        return PRACTICE_CLOSED if records.exam_in_progress() is not None else None
    except RecordsUnavailable:
        raise
    except Exception:  # something else failed: no practice that could not be stored
        logging.getLogger("gamelib.trainer.kernel").exception("the records could not be read")
        return "the records cannot be reached just now; try again in a moment"


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
        self.tabs: Any = None
        self.practice_box: Any = None
        self.account = widgets.Text(description="Account", style=_WIDE, placeholder="as your supervisor gave it")
        self.account_password = SecretText(description="Password", style=_WIDE,
                                           placeholder="at your first sign-in: choose one")
        self.sign_in_button = controls.button("Sign in", primary=True)
        self.message = widgets.HTML()
        self.password = SecretText(description="Supervisor's password", style=_WIDE)  # never echoed to the page
        self.supervisor_button = controls.button("Open the supervisor's view")
        self.supervisor_message = widgets.HTML()
        self.who = widgets.HTML()
        self.sign_out_button = controls.button("Sign out")
        self.add_class("gl-readable")
        for w, cls in ((self, "gl-trainer-app"), (self.account, "gl-signin-account"),
                       (self.account_password, "gl-signin-password"),
                       (self.sign_in_button, "gl-signin-button"), (self.message, "gl-signin-message"),
                       (self.password, "gl-supervisor-password"), (self.supervisor_button, "gl-supervisor-button"),
                       (self.supervisor_message, "gl-supervisor-message"), (self.who, "gl-trainer-who"),
                       (self.sign_out_button, "gl-signout")):
            w.add_class(cls)
        self.sign_in_button.on_click(guarded(lambda _: self.sign_in(), self._say))
        self.supervisor_button.on_click(guarded(lambda _: self.open_supervisor(), self._say_supervisor))
        self.sign_out_button.on_click(guarded(lambda _: self.sign_out(), self._say))
        plain_errors(self._say)  # a browser's message that fails: one sentence here, not a traceback
        no_browser_widgets()  # the page may ask for the trainer's widgets, never make its own
        if self.config.auth == "accounts":
            form: list[Any] = [
                widgets.HTML("<b>Sign in to practise</b> with the account your supervisor created for you (at "
                             "your first sign-in, the password you type becomes yours). Every answer you check "
                             "is kept on record for your supervisor; you see only your own."),
                controls.row([self.account, self.account_password, self.sign_in_button]), self.message]
        else:  # the hub or the proxy says who is here, or nobody is signed in
            way = "JupyterHub" if self.config.auth == "hub" else "the casino's staff portal"
            form = [widgets.HTML(f"<b>Open the trainer through {way}</b>: it signs you in."), self.message]
        signin = widgets.VBox(form)
        signin.add_class("gl-signin")
        supervisor = widgets.VBox([controls.row([self.password, self.supervisor_button]), self.supervisor_message])
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
        """Sign in the identity the hub or the proxy vouched for, or the account and password typed
        in (``auth = "accounts"``); nobody else: a name typed in opens nothing."""
        password, self.account_password.value = self.account_password.value, ""
        try:
            if identity is not None and identity.vouched:
                self.records = self.store().trainee(identity)
            elif self.config.auth == "accounts" and identity is None:
                self.records = self.store().sign_in_account(self.account.value, password,
                                                            address_from_environment(self._environ))
            else:
                raise AccessDenied("sign in through the hub or the casino's staff portal")
        except Exception as err:
            self.message.value = error_html("Cannot sign in", plain_sentence(err))
            return None
        who = self.records.identity
        self.identity = who
        self.message.value = ""
        game, drill, focus, seed = self._practice
        records = self.records
        self.trainer = TrainerWidget(game=game, drill=drill, focus=focus, seed=seed, records=records,
                                     closed=lambda: practice_closed(records))
        self.trainer.score.observe(guarded(lambda _: self._show_who(), self._say), names="value")
        self.practice_closed = widgets.HTML(f"<p><b>Practice is closed:</b> {PRACTICE_CLOSED}.</p>")
        self.practice_closed.add_class("gl-practice-closed")
        self.exam = ExamPanel(records, on_change=self._exam_changed)
        self.practice_box = widgets.VBox([self.trainer])  # the trainer, or the notice that practice is closed
        # the floor supervisor's dispute desk: real hand records replayed and explained; closed
        # during an exam too (its examples are the hands the replay drill asks about): the kernel
        # asks the records before every desk handler, as before every deal and check of the practice
        self.desk = DisputeDesk(closed=lambda: practice_closed(records))
        self.desk_closed = widgets.HTML(f"<p><b>The dispute desk is closed:</b> {PRACTICE_CLOSED}.</p>")
        self.desk_box = widgets.VBox([self.desk])
        self.tabs = widgets.Tab(children=[self.practice_box, self.exam, self.desk_box])
        self.tabs.set_title(0, "Practice")
        self.tabs.set_title(1, "Exam")
        self.tabs.set_title(2, "Dispute desk")
        exam = self.exam
        self.tabs.observe(guarded(lambda ch: exam.reload() if ch["new"] == 1 and exam.sitting is None else None,
                                  self._say), names="selected_index")
        self._show_who()
        # controls.STYLE: the tab titles legible (WCAG AA contrast), for this app's tabs only
        bar = controls.row([self.who] + ([] if who.vouched else [self.sign_out_button])
                           + [widgets.HTML(controls.STYLE)])
        self._show(bar, self.tabs)
        self._exam_changed()
        return self.records

    def _exam_changed(self) -> None:
        """An exam started or ended: close or open the practice tab (the kernel refuses practice
        during an exam in any case)."""
        if self.records is None or self.trainer is None or self.exam is None or self.tabs is None:
            return
        going = self.records.exam_in_progress() is not None
        practice = self.practice_closed if going else self.trainer
        desk = self.desk_closed if going else self.desk
        if self.desk_box.children[0] is not desk:
            self.desk_box.children = (desk,)
            self.tabs.set_title(2, "Dispute desk (closed)" if going else "Dispute desk")
        if self.practice_box.children[0] is not practice:
            self.practice_box.children = (practice,)
            self.tabs.set_title(0, "Practice (closed)" if going else "Practice")
            if going:
                self.tabs.selected_index = 1
            else:
                self.trainer.new_question()

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
        self.account.value = self.account_password.value = self.password.value = ""
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
