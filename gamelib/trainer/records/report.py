"""What the supervisor's view shows, computed from the stored records: tables per trainee and
per drill (accuracy, speed, the weakest game and drill), progress over time as a plot, exam
results, the CSV and Excel exports, and the printable certificate of a pass.

Accuracy is kept as whole counts (``right`` of ``answered``); the weakest game or drill is the
one with the lowest ``right / answered`` compared exactly (:class:`fractions.Fraction`), the one
answered more often first on a tie. Speed is the median time from the question shown to the
answer checked.

>>> import datetime as dt
>>> from gamelib.trainer.records.rows import AnswerRecord
>>> t = dt.datetime(2026, 11, 2, 9, tzinfo=dt.timezone.utc)
>>> rows = [AnswerRecord(i, "name:ana", "Ana", t, g, "read-hand", "any", i, "q", "a", "b", ok, 2000, None, None)
...         for i, (g, ok) in enumerate([("badugi", True), ("badugi", False), ("crazy4", True)])]
>>> r = per_trainee(rows).iloc[0]; r["trainee"], int(r["answered"]), int(r["right"]), r["weakest game"]
('Ana', 3, 2, 'Badugi')
"""

from __future__ import annotations

import datetime as dt
import functools
import html
import io
import statistics
import unicodedata
from collections import defaultdict
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from ...engine.registry import get_game
from ..drills import DRILLS
from ..export import ANSWER_COLUMNS, plain_text, spreadsheet_text
from ..session import tally
from .rows import AnswerRecord, AttemptRecord

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

__all__ = ["answer_rows", "answers_frame", "per_trainee", "per_drill", "attempts_frame", "weakest", "workbook",
           "progress_png", "certificate_html", "percent_text"]


def percent_text(right: int, answered: int) -> str:
    """``right`` of ``answered`` as a whole percentage for display (rounded down; ``-`` for none).

    >>> percent_text(2, 3), percent_text(0, 0)
    ('66%', '-')
    """
    return "-" if answered == 0 else f"{100 * right // answered}%"


def weakest(counts: dict[str, tuple[int, int]]) -> str:
    """The key with the lowest right/answered (exactly), the more answered first on a tie.

    >>> weakest({"a": (2, 3), "b": (4, 6), "c": (3, 4)})
    'b'
    """
    if not counts:
        return ""
    return min(counts, key=lambda k: (Fraction(counts[k][0], counts[k][1]), -counts[k][1], k))


def answer_rows(answers: Sequence[AnswerRecord]) -> list[dict[str, object]]:
    """Every stored answer as a row of the trainer's one export of answers
    (:data:`gamelib.trainer.export.ANSWER_COLUMNS`; :func:`gamelib.trainer.export.answers_csv`
    writes them as CSV, :func:`workbook` as the Answers sheet).

    >>> answer_rows([])
    []
    """
    return [{"id": a.id, "trainee": a.name, "login": a.login,
             "answered_at": a.answered_at.strftime("%Y-%m-%d %H:%M:%S UTC"), "game": a.game, "drill": a.drill,
             "focus": a.focus, "seed": a.seed, "question": a.question, "trainee_answer": a.trainee_answer,
             "correct_answer": a.correct_answer, "correct": "yes" if a.correct else "no", "ms": a.ms,
             "attempt": a.attempt_id if a.attempt_id is not None else "",
             "position": a.position + 1 if a.position is not None else ""} for a in answers]


def answers_frame(answers: Sequence[AnswerRecord]) -> pd.DataFrame:
    """Every answer, one row each, in the export's columns.

    >>> list(answers_frame([]).columns)[:4]
    ['id', 'trainee', 'login', 'answered_at']
    """
    return pd.DataFrame(answer_rows(answers), columns=list(ANSWER_COLUMNS))


def _median_s(answers: Sequence[AnswerRecord]) -> float:
    return round(statistics.median(a.ms for a in answers) / 1000, 1) if answers else 0.0


def per_trainee(answers: Sequence[AnswerRecord]) -> pd.DataFrame:
    """One row per trainee: answers, right, accuracy, median seconds, weakest game and drill."""
    by: dict[str, list[AnswerRecord]] = defaultdict(list)
    for a in answers:
        by[a.login].append(a)
    rows = []
    for login, mine in by.items():
        right = sum(a.correct for a in mine)
        rows.append({"trainee": mine[-1].name, "login": login, "answered": len(mine), "right": right,
                     "accuracy": percent_text(right, len(mine)), "median seconds": _median_s(mine),
                     "weakest game": weakest(tally(mine, lambda a: get_game(a.game).title)),
                     "weakest drill": weakest(tally(mine, lambda a: DRILLS[a.drill].title)),
                     "last answer": mine[-1].answered_at.strftime("%Y-%m-%d %H:%M UTC")})
    return pd.DataFrame(rows, columns=["trainee", "login", "answered", "right", "accuracy", "median seconds",
                                       "weakest game", "weakest drill", "last answer"])


def per_drill(answers: Sequence[AnswerRecord]) -> pd.DataFrame:
    """One row per trainee, game and drill: answers, right, accuracy, median seconds.

    >>> per_drill([]).empty
    True
    """
    by: dict[tuple[str, str, str], list[AnswerRecord]] = defaultdict(list)
    for a in answers:
        by[(a.login, a.game, a.drill)].append(a)
    rows = []
    for (login, game, drill), mine in by.items():
        right = sum(a.correct for a in mine)
        rows.append({"trainee": mine[-1].name, "login": login, "game": get_game(game).title,
                     "drill": DRILLS[drill].title, "answered": len(mine), "right": right,
                     "accuracy": percent_text(right, len(mine)), "median seconds": _median_s(mine)})
    return pd.DataFrame(rows, columns=["trainee", "login", "game", "drill", "answered", "right", "accuracy",
                                       "median seconds"])


def _result(a: AttemptRecord) -> str:
    if a.passed is not None:
        return "pass" if a.passed else "fail"
    deadline = a.deadline
    if deadline is not None and dt.datetime.now(dt.UTC) > deadline:
        return "time up, not finished"
    return "not finished"


def attempts_frame(attempts: Sequence[AttemptRecord]) -> pd.DataFrame:
    """One row per exam attempt: who, which exam, when, the score and the result.

    >>> attempts_frame([]).columns[-1]
    'result'
    """
    rows = [{"attempt": a.id, "trainee": a.name, "login": a.login, "exam": a.exam.name,
             "started": a.started_at.strftime("%Y-%m-%d %H:%M UTC"),
             "finished": a.finished_at.strftime("%Y-%m-%d %H:%M UTC") if a.finished_at else "",
             "right": a.right if a.right is not None else "", "questions": a.exam.questions,
             "pass mark": f"{a.exam.pass_mark}%",
             "result": _result(a)} for a in attempts]
    return pd.DataFrame(rows, columns=["attempt", "trainee", "login", "exam", "started", "finished", "right",
                                       "questions", "pass mark", "result"])


def workbook(answers: Sequence[AnswerRecord], attempts: Sequence[AttemptRecord]) -> bytes:
    """An Excel workbook (``.xlsx``): sheets Trainees, Drills, Exams and Answers, every text cell
    written through :func:`gamelib.trainer.export.spreadsheet_text` (no formula, no control character).

    >>> workbook([], [])[:2]
    b'PK'
    """
    buf = io.BytesIO()
    sheets = {"Trainees": per_trainee(answers), "Drills": per_drill(answers), "Exams": attempts_frame(attempts),
              "Answers": answers_frame(answers)}
    with pd.ExcelWriter(buf, engine="openpyxl") as xl:
        for name, frame in sheets.items():
            frame.map(spreadsheet_text).to_excel(xl, sheet_name=name, index=False)
    return buf.getvalue()


#: The longest name the progress plot's legend shows (longer ones are cut, with an ellipsis).
LEGEND_NAME = 40


@functools.lru_cache(maxsize=1)
def _plot_font_chars() -> frozenset[int]:
    """The characters the plot's font can draw."""
    from matplotlib import font_manager
    from matplotlib.ft2font import FT2Font

    return frozenset(FT2Font(font_manager.findfont(font_manager.FontProperties())).get_charmap())


def legend_name(name: str) -> str:
    """A trainee's name as the progress plot draws it: through :func:`plain_text` (no control
    character, at most :data:`LEGEND_NAME` characters), in its compatibility form (a full-width
    ``＝`` is ``=``), each character the plot's font has no picture of shown as ``?`` (the tables
    show the name exactly).

    >>> legend_name("\uff1d1+1 Ann"), legend_name("\u674e\u96f7 Ann")
    ('=1+1 Ann', '?? Ann')
    """
    chars = _plot_font_chars()
    text = unicodedata.normalize("NFKC", plain_text(name, LEGEND_NAME))
    return "".join(ch if ord(ch) in chars or ch.isspace() else "?" for ch in text)


def progress_png(answers: Sequence[AnswerRecord], last: int = 10) -> bytes:
    """Progress over time as a PNG: for each trainee, the accuracy of their last ``last`` answers
    after each answer (top) and the seconds each answer took (bottom). A name is drawn as text,
    never as mathtext (``$...$`` stays dollars), as :func:`legend_name` gives it.

    >>> progress_png([])[:4]
    b'\\x89PNG'
    """
    import matplotlib

    with matplotlib.rc_context({"text.parse_math": False, "text.usetex": False}):
        return _progress_png(answers, last)


def _progress_png(answers: Sequence[AnswerRecord], last: int) -> bytes:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8, 5), dpi=90, layout="constrained")
    acc, speed = fig.subplots(2, 1, sharex=True)
    by: dict[str, list[AnswerRecord]] = defaultdict(list)
    for a in answers:
        by[a.login].append(a)
    lines, labels = [], []
    for _login, mine in sorted(by.items(), key=lambda kv: (kv[1][-1].name, kv[0])):
        times = [a.answered_at for a in mine]
        window = [100 * sum(a.correct for a in mine[max(0, i + 1 - last):i + 1]) / len(mine[max(0, i + 1 - last):i + 1])
                  for i in range(len(mine))]
        lines += acc.plot(times, window, marker="o", markersize=3)
        speed.plot(times, [a.ms / 1000 for a in mine], marker=".", linestyle="none")
        labels.append(legend_name(mine[-1].name))
    acc.set_ylabel(f"% right (last {last})")
    acc.set_ylim(-5, 105)
    speed.set_ylabel("seconds per answer")
    if by:  # handles and labels given: a name starting with "_" is shown, not dropped
        acc.legend(lines, labels, loc="lower left", fontsize="small")
    else:
        acc.text(0.5, 0.5, "no answers yet", ha="center", va="center", transform=acc.transAxes)
    fig.autofmt_xdate()
    buf = io.BytesIO()
    fig.savefig(buf, format="png")
    return buf.getvalue()


CERTIFICATE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Certificate: {name} - {exam}</title>
<style>
@page {{ size: A4 landscape; margin: 15mm; }}
body {{ font-family: Georgia, serif; margin: 0; color: #111; }}
.gl-certificate {{ border: 6px double #333; padding: 30mm 20mm; text-align: center; min-height: 120mm; }}
h1 {{ font-size: 30pt; margin: 0 0 8mm; letter-spacing: 1px; }}
.who {{ font-size: 26pt; margin: 8mm 0; font-weight: bold; overflow-wrap: anywhere; white-space: pre-wrap; }}
.what {{ font-size: 16pt; }} .small {{ font-size: 11pt; color: #444; margin-top: 14mm; }}
.sign {{ display: inline-block; width: 70mm; border-top: 1px solid #333; margin: 18mm 12mm 0; padding-top: 2mm; }}
@media print {{ .noprint {{ display: none; }} }}
</style></head>
<body><div class="gl-certificate" data-attempt="{attempt}">
<h1>Certificate of qualification</h1>
<div class="what">This certifies that</div>
<div class="who">{name}</div>
<div class="what">passed the dealer's examination <b>{exam}</b><br>
covering {games}<br>with {right} of {questions} questions right (pass mark {pass_mark}%),<br>on {date}.</div>
<div><span class="sign">Training supervisor</span><span class="sign">Date</span></div>
<div class="small">Exam attempt {attempt} &middot; {login} &middot; recorded by the staff trainer</div>
</div><p class="noprint" style="text-align:center"><button onclick="window.print()">Print</button></p>
</body></html>
"""


def certificate_html(attempt: AttemptRecord) -> str:
    """A page made for printing (A4 landscape) certifying a passed exam attempt; a failed or
    unfinished attempt gets none.

    >>> import datetime as dt
    >>> from gamelib.trainer.records.exams import ExamSpec
    >>> spec = ExamSpec("Badugi floor test", ("badugi",), ("read-hand",), "any", 10, 1, 80)
    >>> t = dt.datetime(2026, 11, 2, 9, tzinfo=dt.timezone.utc)
    >>> "8 of 10 questions" in certificate_html(AttemptRecord(3, spec, "name:ana", "Ana", t, t, 8))
    True
    """
    from .identity import TrainingRecordsError

    if not attempt.passed or attempt.finished_at is None or attempt.right is None:
        raise TrainingRecordsError(f"attempt {attempt.id} ({attempt.name}, {attempt.exam.name}) was not passed: "
                                   "a certificate is printed only for a pass")
    games = ", ".join(get_game(g).title for g in attempt.exam.games)
    drills = ", ".join(DRILLS[d].title for d in attempt.exam.drills)
    return CERTIFICATE.format(name=html.escape(plain_text(attempt.name)),
                              exam=html.escape(plain_text(attempt.exam.name)),
                              games=html.escape(f"{games} ({drills})"), right=attempt.right,
                              questions=attempt.exam.questions, pass_mark=attempt.exam.pass_mark,
                              date=attempt.finished_at.strftime("%d %B %Y"), attempt=attempt.id,
                              login=html.escape(plain_text(attempt.login)))

