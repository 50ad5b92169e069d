"""The supervisor's view of the training records: a live page, shown only to a supervisor.

:class:`SupervisorView` is built from a :class:`~gamelib.trainer.records.SupervisorRecords`, which
the records store hands out only for the supervisors' credential (checked in the kernel, on the
server: a browser can press the view's buttons but never run code, so a trainee cannot open it
without the password). It shows, from the database:

* per trainee: answers, right, accuracy, median seconds, the weakest game and drill;
* per trainee, game and drill: the same counts;
* progress over time (a plot: the accuracy of each trainee's last answers, and seconds per answer);
* the exam results, with a printable certificate for every pass;
* the latest answers with their verdicts;
* exports: every answer as CSV, and a workbook (``.xlsx``) of all the tables;
* a form to define an exam.

**Refresh** reads the database again; while its kernel runs the view also looks every
``refresh_every`` seconds whether anything was recorded since, and redraws if so.
Downloads are ``data:`` links made in the kernel: nothing is
fetched from another host. Stable CSS classes (``gl-supervisor-*``, rows ``gl-sv-answer`` and
``gl-sv-attempt`` with ``data-`` attributes) let a browser test find the parts.

>>> from gamelib.trainer.records import RecordsConfig, Store, hash_password
>>> from pathlib import Path
>>> store = Store("sqlite://", config=RecordsConfig(Path("."), supervisor_password=hash_password("pw", salt="1")))
>>> v = SupervisorView(store.supervisor("pw"), refresh_every=0)
>>> "no answers yet" in v.answers_html.value
True
"""

from __future__ import annotations

import datetime as dt
import html
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets

from ...engine.registry import get_game
from ...errors import GameError
from ...games import GAMES
from ...trainer import DRILLS
from ...trainer.export import answers_csv, data_uri
from ...trainer.records import AnswerRecord, AttemptRecord, ExamSpec, SupervisorRecords
from ...trainer.records.exams import MAX_ATTEMPTS, MAX_COOLDOWN, MAX_QUESTIONS, MAX_TIME_LIMIT
from ...trainer.records.lockout import LOCKOUT_TRIES, LOCKOUT_WINDOW, SignInRecord
from ...trainer.records.report import (
    answer_rows,
    attempts_frame,
    certificate_html,
    per_drill,
    per_trainee,
    progress_png,
    workbook,
)
from .. import controls
from ..messages import BAD, GOOD, error_html
from .guard import guarded, pin, plain_sentence
from .quiz import FOCUS_WORDS

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

__all__ = ["SupervisorView", "answers_table_html", "attempts_table_html", "frame_html"]

_WIDE = {"description_width": "initial"}
#: How many of the latest answers the view lists (the exports hold them all).
LATEST = 100
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def frame_html(df: pd.DataFrame, css: str, empty: str) -> str:
    """A table of the view (escaped), or a line saying there is nothing yet.

    >>> 'class="dataframe gl-sv-table x"' in frame_html(pd.DataFrame({"a": [1]}), "x", "none")
    True
    """
    if df.empty:
        return f"<p><i>{html.escape(empty)}</i></p>"
    return df.to_html(index=False, classes=f"gl-sv-table {css}", border=0, escape=True)


def answers_table_html(answers: list[AnswerRecord], latest: int = LATEST) -> str:
    """The latest answers, newest first: who, when, game, drill, seed, the trainee's answer, the
    correct answer, verdict.

    >>> answers_table_html([])
    '<p><i>no answers yet</i></p>'
    """
    if not answers:
        return "<p><i>no answers yet</i></p>"
    rows = []
    for a in reversed(answers[-latest:]):
        verdict = (f'<b style="color:{GOOD}">right</b>' if a.correct else f'<b style="color:{BAD}">wrong</b>')
        rows.append(
            f'<tr class="gl-sv-answer" data-login="{html.escape(a.login)}" data-seed="{a.seed}" '
            f'data-drill="{a.drill}" data-game="{a.game}" data-correct="{"yes" if a.correct else "no"}">'
            f"<td>{html.escape(a.name)}</td><td>{a.answered_at:%Y-%m-%d %H:%M:%S}</td>"
            f"<td>{html.escape(get_game(a.game).title)}</td><td>{html.escape(DRILLS[a.drill].title)}</td>"
            f"<td>{a.seed}</td><td>{html.escape(a.trainee_answer)}</td>"
            f"<td>{html.escape(a.correct_answer)}</td>"
            f"<td>{verdict}</td><td>{a.ms / 1000:.1f}</td>"
            f"<td>{'exam' if a.attempt_id is not None else 'practice'}</td></tr>")
    head = "".join(f"<th>{h}</th>" for h in ("trainee", "when (UTC)", "game", "drill", "seed", "trainee's answer",
                                              "correct answer", "verdict", "seconds", "kind"))
    return f'<table class="gl-sv-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def attempts_table_html(attempts: list[AttemptRecord]) -> str:
    """The exam results, newest first, with a certificate link for each pass.

    >>> attempts_table_html([])
    '<p><i>no exam taken yet</i></p>'
    """
    if not attempts:
        return "<p><i>no exam taken yet</i></p>"
    df = attempts_frame(attempts)
    rows = []
    for a, (_, r) in zip(reversed(attempts), df.iloc[::-1].iterrows(), strict=True):
        cert = ""
        if a.passed:
            name = f"certificate-{a.id}.html"
            cert = (f'<a class="gl-sv-certificate" download="{name}" '
                    f'href="{data_uri(certificate_html(a).encode("utf-8"), "text/html")}">certificate</a>')
        cells = "".join(f"<td>{html.escape(str(r[c]))}</td>" for c in ("trainee", "exam", "started", "finished",
                                                                         "right", "questions", "pass mark", "result"))
        rows.append(f'<tr class="gl-sv-attempt" data-login="{html.escape(a.login)}" '
                    f'data-exam="{html.escape(a.exam.name)}" data-result="{r["result"]}">{cells}<td>{cert}</td></tr>')
    head = "".join(f"<th>{h}</th>" for h in ("trainee", "exam", "started", "finished", "right", "questions",
                                              "pass mark", "result", ""))
    return f'<table class="gl-sv-table"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table>'


def sign_ins_html(sign_ins: list[SignInRecord], latest: int = 20) -> str:
    """The latest tries of the supervisors' password, newest first, and how many were wrong or
    refused by the lockout.

    >>> t = dt.datetime(2026, 11, 26, 9, 5, tzinfo=dt.timezone.utc)
    >>> "1 of 3 wrong, 1 refused" in sign_ins_html([SignInRecord(t, "name:bo", "10.0.0.7", "wrong"),
    ...     SignInRecord(t, "", "10.0.0.7", "refused"), SignInRecord(t, "", "10.0.0.8", "right")])
    True
    """
    if not sign_ins:
        return "<p><i>no password tried yet</i></p>"
    wrong = sum(1 for s in sign_ins if s.outcome == "wrong")
    refused = sum(1 for s in sign_ins if s.outcome == "refused")
    rows = "".join(f'<tr class="gl-sv-sign-in" data-outcome="{s.outcome}"><td>{s.at:%Y-%m-%d %H:%M:%S} UTC</td>'
                   f"<td>{html.escape(s.who or '(not signed in)')}</td><td>{html.escape(s.address or '-')}</td>"
                   f"<td>{'right' if s.outcome == 'right' else f'<b>{s.outcome}</b>'}</td></tr>"
                   for s in reversed(sign_ins[-latest:]))
    return (f"<p>{wrong} of {len(sign_ins)} wrong, {refused} refused; after {LOCKOUT_TRIES} wrong from one address "
            f"or account, that address or account waits {LOCKOUT_WINDOW.seconds // 60} minutes, then twice as "
            "long after each further wrong one.</p>"
            '<table class="gl-sv-table"><thead><tr><th>when</th><th>signed in as</th><th>address</th>'
            f"<th>password</th></tr></thead><tbody>{rows}</tbody></table>")


def _heading(text: str) -> Any:
    """A section's heading on the page (escaped)."""
    return widgets.HTML(f"<h3 style='margin:12px 0 4px;'>{html.escape(text)}</h3>")


class SupervisorView(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type hints (VBox is Any)
    """The supervisor's live page (see the module docstring)."""

    def __init__(self, records: SupervisorRecords, refresh_every: float = 30.0) -> None:
        if not isinstance(records, SupervisorRecords):
            raise GameError("the supervisor's view needs the records the supervisors' password opens")
        self.records = records
        self.refresh_every = refresh_every
        self._counts = (-1, -1, -1)  # what the view last drew
        self._make_record_panes()
        self._make_exam_form()
        self._make_account_forms()
        self._make_define_button()
        self._mark_parts()
        self._pin_exam_bounds()
        self._wire_buttons()
        super().__init__(self._page())
        self.refresh()
        self._schedule()

    def _make_record_panes(self) -> None:
        """The Refresh button, the status line and a pane for each table of the records."""
        self.refresh_button = controls.button("Refresh", tooltip="read the records again")
        self.status = widgets.HTML()
        self.trainees_html = widgets.HTML()
        self.drills_html = widgets.HTML()
        self.progress_html = widgets.HTML()
        self.exams_html = widgets.HTML()
        self.answers_html = widgets.HTML()
        self.export_html = widgets.HTML()
        self.sign_ins_html = widgets.HTML()

    def _make_exam_form(self) -> None:
        """The fields of the form that defines an exam: its name, games, drills, focus and rules."""
        self.exam_name = widgets.Text(description="Exam name", style=_WIDE, placeholder="e.g. Big O floor test")
        self.exam_games = widgets.SelectMultiple(options=[(get_game(g).title, g) for g in GAMES], rows=6,
                                                 description="Games", style=_WIDE)
        self.exam_drills = widgets.SelectMultiple(options=[(d.title, k) for k, d in DRILLS.items()], rows=5,
                                                  description="Drills", style=_WIDE)
        self.exam_focus = widgets.Dropdown(options=[(w, k) for k, w in FOCUS_WORDS.items()], value="any",
                                           description="Focus", style=_WIDE)
        self.exam_questions = widgets.BoundedIntText(value=10, min=1, max=MAX_QUESTIONS, description="Questions",
                                                     style=_WIDE)
        self.exam_attempts = widgets.BoundedIntText(value=0, min=0, max=MAX_ATTEMPTS,
                                                    description="Attempts allowed (0: no limit)", style=_WIDE)
        self.exam_cooldown = widgets.BoundedIntText(value=0, min=0, max=MAX_COOLDOWN // 3600,
                                                    description="Hours between attempts", style=_WIDE)
        self.exam_pass = widgets.BoundedIntText(value=80, min=0, max=100, description="Pass mark (%)", style=_WIDE)
        self.exam_minutes = widgets.BoundedIntText(value=0, min=0, max=MAX_TIME_LIMIT // 60,
                                                   description="Time limit (minutes, 0: none)", style=_WIDE)

    def _make_account_forms(self) -> None:
        """The staff accounts' forms: create one, change a name or employee number (logged), reset a password."""
        self.acct_name = widgets.Text(description="New account", style=_WIDE, placeholder="e.g. ana.ruiz")
        self.acct_person = widgets.Text(description="Name", style=_WIDE)
        self.acct_employee = widgets.Text(description="Employee number", style=_WIDE)
        self.acct_button = controls.button("Create account")
        self.rename_who = widgets.Dropdown(description="Trainee", style=_WIDE)
        self.rename_name = widgets.Text(description="New name", style=_WIDE)
        self.rename_employee = widgets.Text(description="New employee number", style=_WIDE)
        self.rename_button = controls.button("Change")
        self.reset_button = controls.button("Reset password", tooltip="its next sign-in sets a new one")
        self.accounts_message = widgets.HTML()
        self.accounts_html = widgets.HTML()

    def _make_define_button(self) -> None:
        """The button that stores the exam the form describes, and the line that says how it went."""
        self.define_button = controls.button("Define exam", primary=True)
        self.define_message = widgets.HTML()

    def _mark_parts(self) -> None:
        """Give the page and each of its parts its stable CSS class (what a browser test finds)."""
        for part, css_class in ((self, "gl-supervisor"), (self.refresh_button, "gl-supervisor-refresh"),
                       (self.status, "gl-supervisor-status"), (self.trainees_html, "gl-supervisor-trainees"),
                       (self.drills_html, "gl-supervisor-drills"), (self.progress_html, "gl-supervisor-progress"),
                       (self.exams_html, "gl-supervisor-exams"), (self.answers_html, "gl-supervisor-answers"),
                       (self.export_html, "gl-supervisor-export"),
                       (self.sign_ins_html, "gl-supervisor-sign-ins"), (self.exam_name, "gl-supervisor-exam-name"),
                       (self.exam_games, "gl-supervisor-exam-games"), (self.exam_drills, "gl-supervisor-exam-drills"),
                       (self.exam_focus, "gl-supervisor-exam-focus"),
                       (self.exam_questions, "gl-supervisor-exam-questions"),
                       (self.exam_attempts, "gl-supervisor-exam-attempts"),
                       (self.exam_cooldown, "gl-supervisor-exam-cooldown"), (self.exam_pass, "gl-supervisor-exam-pass"),
                       (self.exam_minutes, "gl-supervisor-exam-minutes"),
                       (self.define_button, "gl-supervisor-define"),
                       (self.define_message, "gl-supervisor-define-message"),
                       (self.acct_name, "gl-supervisor-account-name"),
                       (self.acct_person, "gl-supervisor-account-person"),
                       (self.acct_employee, "gl-supervisor-account-employee"),
                       (self.acct_button, "gl-supervisor-account-create"),
                       (self.rename_who, "gl-supervisor-rename-who"),
                       (self.rename_name, "gl-supervisor-rename-name"),
                       (self.rename_employee, "gl-supervisor-rename-employee"),
                       (self.rename_button, "gl-supervisor-rename"), (self.reset_button, "gl-supervisor-reset"),
                       (self.accounts_message, "gl-supervisor-accounts-message"),
                       (self.accounts_html, "gl-supervisor-accounts")):
            part.add_class(css_class)

    def _pin_exam_bounds(self) -> None:
        """Keep the exam form's number boxes within the kernel's bounds, whatever a browser sends."""
        for box, highest in ((self.exam_questions, MAX_QUESTIONS), (self.exam_pass, 100),
                             (self.exam_minutes, MAX_TIME_LIMIT // 60), (self.exam_attempts, MAX_ATTEMPTS),
                             (self.exam_cooldown, MAX_COOLDOWN // 3600)):
            pin(box, min=box.min, max=highest)  # the kernel's bounds, whatever a browser sends

    def _wire_buttons(self) -> None:
        """Make each button do its work, a refusal said in plain words beside it."""
        self.refresh_button.on_click(guarded(lambda _: self.refresh(), self._say))
        self.define_button.on_click(guarded(lambda _: self.define_exam(), self._say_define))
        self.acct_button.on_click(guarded(lambda _: self.create_account(), self._say_accounts))
        self.rename_button.on_click(guarded(lambda _: self.rename(), self._say_accounts))
        self.reset_button.on_click(guarded(lambda _: self.reset_password(), self._say_accounts))

    def _page(self) -> list[Any]:
        """The page from top to bottom: who is signed in, the records' tables, the exam form, the accounts."""
        return [
            controls.row([widgets.HTML(f"<b>Supervisor's view</b> &middot; signed in as "
                                       f"{html.escape(self.records.who)}"), self.refresh_button, self.status]),
            _heading("Trainees"), self.trainees_html,
            _heading("By game and drill"), self.drills_html,
            _heading("Progress over time"), self.progress_html,
            _heading("Exam results"), self.exams_html,
            _heading("Latest answers"), self.answers_html,
            _heading("Export"), self.export_html,
            _heading("Supervisor sign-ins with the password"), self.sign_ins_html,
            _heading("Define an exam"),
            controls.row([self.exam_name, self.exam_focus]),
            controls.row([self.exam_games, self.exam_drills]),
            controls.row([self.exam_questions, self.exam_pass, self.exam_minutes]),
            controls.row([self.exam_attempts, self.exam_cooldown]),
            controls.row([self.define_button, self.define_message]),
            _heading("Staff accounts"),
            controls.row([self.acct_name, self.acct_person, self.acct_employee, self.acct_button]),
            controls.row([self.rename_who, self.rename_name, self.rename_employee, self.rename_button,
                          self.reset_button]),
            self.accounts_message, self.accounts_html,
        ]

    def _say(self, sentence: str) -> None:
        self.status.value = error_html("Refused", sentence)

    def _say_accounts(self, sentence: str) -> None:
        self.accounts_message.value = error_html("Not done", sentence)

    def _say_define(self, sentence: str) -> None:
        self.define_message.value = error_html("Not defined", sentence)

    def _schedule(self) -> None:
        """Refresh again in ``refresh_every`` seconds, on the kernel's event loop (if it has one)."""
        if self.refresh_every <= 0:
            return
        import asyncio

        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def again() -> None:
            try:
                if self.records.counts() != self._counts:  # redraw only when something was recorded
                    self.refresh()
            except Exception:  # the database is unreachable for now: try again next time
                pass
            finally:
                self._schedule()

        loop.call_later(self.refresh_every, again)

    def refresh(self) -> None:
        """Read the records again and redraw every part."""
        try:
            counts = self.records.counts()
            answers = self.records.answers()
            attempts = self.records.attempts()
        except Exception as err:  # the database is unreachable: keep what is shown, say why
            self.status.value = error_html("Cannot read the records", plain_sentence(err))
            return
        self.trainees_html.value = frame_html(per_trainee(answers).drop(columns=["login"]), "gl-sv-trainees",
                                              "no answers yet")
        self.drills_html.value = frame_html(per_drill(answers).drop(columns=["login"]), "gl-sv-drills",
                                            "no answers yet")
        self.progress_html.value = (f'<img alt="progress over time" style="max-width:100%;" '
                                    f'src="{data_uri(progress_png(answers), "image/png")}">')
        self.exams_html.value = attempts_table_html(attempts)
        self.answers_html.value = answers_table_html(answers)
        self.export_html.value = (
            f'<a class="gl-sv-csv" download="trainer-answers.csv" '
            f'href="{data_uri(answers_csv(answer_rows(answers)).encode("utf-8"), "text/csv;charset=utf-8")}">'
            f"Download every answer (CSV, {len(answers)} rows)</a> &middot; "
            f'<a class="gl-sv-xlsx" download="trainer-records.xlsx" '
            f'href="{data_uri(workbook(answers, attempts), XLSX)}">'
            "Download the workbook (Excel .xlsx)</a>")
        self.sign_ins_html.value = sign_ins_html(self.records.sign_ins())
        self._show_accounts()
        self.status.value = f'<span style="color:#555">{len(answers)} answers, {len(attempts)} exam attempts</span>'
        if self.records.notice:  # e.g. a new, empty database where there was one: the records may be lost
            self.status.value = error_html("Check the records database", self.records.notice) + self.status.value
        self._counts = counts

    def define_exam(self) -> ExamSpec | None:
        """Store the exam the form describes (refused with the reason if it cannot be dealt)."""
        minutes, attempts, hours = (int(self.exam_minutes.value), int(self.exam_attempts.value),
                                    int(self.exam_cooldown.value))
        try:  # the seed 0 is not used: each attempt draws its own questions from the exam's pool
            spec = ExamSpec(" ".join(str(self.exam_name.value).split()), tuple(self.exam_games.value),
                            tuple(self.exam_drills.value), self.exam_focus.value, int(self.exam_questions.value),
                            0, int(self.exam_pass.value), minutes * 60 if minutes else None,
                            max_attempts=attempts or None, cooldown=hours * 3600 or None)
            stored = self.records.define_exam(spec)
        except GameError as err:
            self.define_message.value = error_html("Not defined", err)
            return None
        self.define_message.value = (f'<span style="color:{GOOD}">Exam <b>{html.escape(stored.name)}</b> defined: '
                                     f"{stored.questions} questions, pass mark {stored.pass_mark}%"
                                     + (f", {stored.max_attempts} attempts allowed" if stored.max_attempts else "")
                                     + (f", {stored.cooldown // 3600} h between attempts" if stored.cooldown else "")
                                     + ".</span>")
        self.refresh()
        return stored

    # --- staff accounts --------------------------------------------------------------------
    def _show_accounts(self) -> None:
        people = self.records.trainees()
        keep = self.rename_who.value
        self.rename_who.options = [(f"{name or login} ({login})", login) for login, name, _, _ in people]
        self.rename_who.value = keep if keep in [p[0] for p in people] else None
        self.accounts_html.value = accounts_html(people, self.records.changes())

    def create_account(self) -> None:
        """Create the account the form names (its password is set at its first sign-in)."""
        try:
            who = self.records.create_account(self.acct_name.value, self.acct_person.value, self.acct_employee.value)
        except GameError as err:
            self.accounts_message.value = error_html("Not created", err)
            return
        self.acct_name.value = self.acct_person.value = self.acct_employee.value = ""
        self.accounts_message.value = (f'<span style="color:{GOOD}">Account <b>{html.escape(who.login)}</b> created: '
                                       "its password is set at its first sign-in.</span>")
        self._show_accounts()

    def rename(self) -> None:
        """Change the chosen trainee's name or employee number (the fields left empty stay)."""
        if not self.rename_who.value:
            self.accounts_message.value = error_html("Not changed", "choose a trainee first")
            return
        try:
            self.records.rename(self.rename_who.value, name=self.rename_name.value or None,
                                employee_no=self.rename_employee.value or None)
        except GameError as err:
            self.accounts_message.value = error_html("Not changed", err)
            return
        self.rename_name.value = self.rename_employee.value = ""
        self.accounts_message.value = f'<span style="color:{GOOD}">Changed; the change is logged below.</span>'
        self.refresh()

    def reset_password(self) -> None:
        """Forget the chosen account's password: its next sign-in sets a new one (logged)."""
        if not self.rename_who.value:
            self.accounts_message.value = error_html("Not reset", "choose an account first")
            return
        try:
            self.records.reset_password(self.rename_who.value)
        except GameError as err:
            self.accounts_message.value = error_html("Not reset", err)
            return
        self.accounts_message.value = (f'<span style="color:{GOOD}">Password reset: the next sign-in to '
                                       f"{html.escape(self.rename_who.value)} sets a new one.</span>")
        self._show_accounts()


def accounts_html(people: list[tuple[str, str, str, bool]],
                  changes: list[tuple[dt.datetime, str, str, str, str, str]], latest: int = 50) -> str:
    """The staff (login, name, employee number, password set or not) and the latest changes of a
    name or an employee number, newest first.

    >>> "no trainee yet" in accounts_html([], [])
    True
    """
    if not people:
        return "<p><i>no trainee yet</i></p>"
    rows = "".join(f'<tr class="gl-sv-account" data-login="{html.escape(login)}"><td>{html.escape(login)}</td>'
                   f"<td>{html.escape(name)}</td><td>{html.escape(emp)}</td>"
                   f"<td>{'' if not login.startswith('account:') else 'set' if has_pw else 'not yet'}</td></tr>"
                   for login, name, emp, has_pw in people)
    log = "".join(f'<tr class="gl-sv-change"><td>{at:%Y-%m-%d %H:%M} UTC</td><td>{html.escape(login)}</td>'
                  f"<td>{html.escape(field)}</td><td>{html.escape(old)}</td><td>{html.escape(new)}</td>"
                  f"<td>{html.escape(by)}</td></tr>" for at, login, by, field, old, new in reversed(changes[-latest:]))
    return ('<table class="gl-sv-table"><thead><tr><th>login</th><th>name</th><th>employee number</th>'
            f"<th>password</th></tr></thead><tbody>{rows}</tbody></table>"
            + ("<p><b>Changes</b></p><table class=\"gl-sv-table\"><thead><tr><th>when</th><th>trainee</th>"
               "<th>what</th><th>from</th><th>to</th><th>by</th></tr></thead>"
               f"<tbody>{log}</tbody></table>" if log else ""))
