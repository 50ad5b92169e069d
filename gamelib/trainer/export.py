"""The trainer's one export of answers: one column set, one CSV writer, one ``data:`` link, used
by a trainee's session (:meth:`gamelib.trainer.Session.to_csv`) and by the supervisor's export
of every stored answer (:mod:`gamelib.trainer.records.report`).

A row is a mapping keyed by :data:`ANSWER_COLUMNS`; a column a row lacks is left empty (a
practice session knows no login, a stored answer knows it).

>>> answers_csv([{"id": 1, "game": "badugi", "correct": "yes"}]).splitlines()[1]
'1,,,,badugi,,,,,,,yes,,,'
>>> data_uri(b"hi", "text/plain")
'data:text/plain;base64,aGk='
"""

from __future__ import annotations

import base64
import csv
import io
from typing import Iterable, Mapping

from ..cards import format_cards
from .core import Question

__all__ = ["ANSWER_COLUMNS", "answers_csv", "data_uri", "question_text"]

#: The columns of every export of answers, in order.
ANSWER_COLUMNS = ("id", "trainee", "login", "answered_at", "game", "drill", "focus", "seed", "question", "answer",
                  "right_answer", "correct", "ms", "attempt", "position")


def question_text(q: Question) -> str:
    """The question as stored and exported: the prompt, the cards shown and the facts, one per line.

    >>> from gamelib.trainer import make_drill
    >>> question_text(make_drill("read-hand", "badugi").next(1)).splitlines()[1]
    'hand: 9d 8h 7c 2c'
    """
    lines = [q.prompt] + [f"{label}: {format_cards(cards)}" for label, cards in q.cards] + list(q.facts)
    return "\n".join(lines)


def answers_csv(rows: Iterable[Mapping[str, object]]) -> str:
    """The rows as CSV with the header :data:`ANSWER_COLUMNS` (``\\n`` line ends).

    >>> answers_csv([]).strip() == ",".join(ANSWER_COLUMNS)
    True
    """
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(ANSWER_COLUMNS)
    for row in rows:
        w.writerow([row.get(c, "") for c in ANSWER_COLUMNS])
    return buf.getvalue()


def data_uri(data: bytes, mime: str) -> str:
    """``data`` as a ``data:`` URI (a download made in the browser, nothing fetched).

    >>> data_uri(b"a,b", "text/csv;charset=utf-8")
    'data:text/csv;charset=utf-8;base64,YSxi'
    """
    return f"data:{mime};base64,{base64.b64encode(data).decode('ascii')}"
