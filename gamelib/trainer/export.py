"""The trainer's one export of answers: one column set, one CSV writer, one ``data:`` link, used
by a trainee's session (:meth:`gamelib.trainer.Session.to_csv`) and by the supervisor's export
of every stored answer (:mod:`gamelib.trainer.records.report`).

A row is a mapping keyed by :data:`ANSWER_COLUMNS`; a column a row lacks is left empty (a
practice session knows no login, a stored answer knows it).

Whatever a trainee typed (a name, an answer) reaches a spreadsheet only as text:
:func:`spreadsheet_text` makes a cell that a spreadsheet would read as a formula (one starting
with ``= + - @``, a tab or a carriage return, or their full-width forms) literal by putting a
``'`` in front, as OWASP advises against CSV injection, and shows a control character, which a
worksheet cannot hold, as U+FFFD. The CSV writer here and the supervisor's ``.xlsx``
(:func:`gamelib.trainer.records.report.workbook`) both write every text cell through it.
:func:`plain_text` is the same text for a picture or a page: controls shown as U+FFFD, cut to
a length.

>>> answers_csv([{"id": 1, "game": "badugi", "correct": "yes"}]).splitlines()[1]
'1,,,,badugi,,,,,,,yes,,,'
>>> data_uri(b"hi", "text/plain")
'data:text/plain;base64,aGk='
>>> spreadsheet_text("=1+1"), spreadsheet_text("Ana"), spreadsheet_text(-5)
("'=1+1", 'Ana', -5)
"""

from __future__ import annotations

import base64
import csv
import io
import re
import unicodedata
from collections.abc import Iterable, Mapping
from typing import TypeVar

from ..cards import format_cards
from .core import Question

__all__ = ["ANSWER_COLUMNS", "answers_csv", "data_uri", "question_text", "spreadsheet_text", "plain_text",
           "FORMULA_STARTS"]

#: What a spreadsheet reads as the start of a formula (OWASP, CSV injection), full-width forms too.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "\uff1d", "\uff0b", "\uff0d", "\uff20")
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]")
_V = TypeVar("_V")

#: The columns of every export of answers, in order (``trainee_answer``: what the trainee answered;
#: ``correct_answer``: the engine's answer; ``correct``: whether they agree).
ANSWER_COLUMNS = ("id", "trainee", "login", "answered_at", "game", "drill", "focus", "seed", "question",
                  "trainee_answer", "correct_answer", "correct", "ms", "attempt", "position")


def question_text(q: Question) -> str:
    """The question as stored and exported: the prompt, the cards shown and the facts, one per line.

    >>> from gamelib.trainer import make_drill
    >>> question_text(make_drill("read-hand", "badugi").next(1)).splitlines()[1]
    'hand: 9d 8h 7c 2c'
    """
    lines = [q.prompt] + [f"{label}: {format_cards(cards)}" for label, cards in q.cards] + list(q.facts)
    return "\n".join(lines)


def spreadsheet_text(value: _V) -> _V | str:
    """``value`` safe for a spreadsheet cell: a text that a spreadsheet would read as a formula is
    made literal (a ``'`` in front), a control character a worksheet cannot hold becomes U+FFFD;
    anything but text (a count, a time) is left as it is.

    >>> spreadsheet_text("@SUM(A1)"), spreadsheet_text("\\tx"), spreadsheet_text("A\\x00B")
    ("'@SUM(A1)", "'\\tx", 'A\ufffdB')
    """
    if not isinstance(value, str):
        return value
    text = _CONTROLS.sub("\ufffd", value)
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def plain_text(value: str, limit: int | None = None) -> str:
    """``value`` for a picture or a page: every control or format character (NUL, a line feed, a
    right-to-left override ...) shown as U+FFFD, cut to ``limit`` characters with an ellipsis.

    >>> plain_text("A\\nB\\u202eC"), plain_text("x" * 50, limit=10)
    ('A\ufffdB\ufffdC', 'xxxxxxxxx…')
    """
    text = "".join("\ufffd" if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Zl", "Zp") else ch
                   for ch in value)
    return text if limit is None or len(text) <= limit else text[:limit - 1] + "…"


def answers_csv(rows: Iterable[Mapping[str, object]]) -> str:
    """The rows as CSV with the header :data:`ANSWER_COLUMNS` (RFC 4180: ``\\r\\n`` line ends), every
    text cell through :func:`spreadsheet_text`.

    >>> answers_csv([]).strip() == ",".join(ANSWER_COLUMNS)
    True
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")  # RFC 4180: a field holding a CR or LF is quoted
    w.writerow(ANSWER_COLUMNS)
    for row in rows:
        w.writerow([spreadsheet_text(row.get(c, "")) for c in ANSWER_COLUMNS])
    return buf.getvalue()


def data_uri(data: bytes, mime: str) -> str:
    """``data`` as a ``data:`` URI (a download made in the browser, nothing fetched).

    >>> data_uri(b"a,b", "text/csv;charset=utf-8")
    'data:text/csv;charset=utf-8;base64,YSxi'
    """
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
