"""The session: the score per drill and per game, the focus option, the CSV for a supervisor."""

from __future__ import annotations

import csv
import io

import pytest

from gamelib.errors import GameError
from gamelib.trainer import Session
from gamelib.trainer.export import ANSWER_COLUMNS, question_text


def test_score_per_drill_and_game_and_csv() -> None:
    s = Session(game="big-o", drill="split-pot", focus="side-pots", seed=20)
    q1 = s.next()
    s.check(q1, q1.correct_answer)
    q2 = s.next()
    assert q2.seed == 21 and q2.focus == "side-pots"
    s.check(q2, {f.name: 0 for f in q2.fields})
    s.choose(game="crazy4", drill="pay-wager")
    assert s.drill.focus == "any"  # side-pots is not a pay-wager focus: back to any
    q3 = s.next()
    s.check(q3, q3.correct_answer)
    assert s.score == (2, 3)
    assert s.by_drill() == {"split-pot": (1, 2), "pay-wager": (1, 1)}
    assert s.by_game() == {"big-o": (1, 2), "crazy4": (1, 1)}
    rows = list(csv.DictReader(io.StringIO(s.to_csv())))
    assert tuple(rows[0]) == ANSWER_COLUMNS and len(rows) == 3  # the supervisor's export's columns
    assert [r["correct"] for r in rows] == ["yes", "no", "yes"]
    assert rows[1]["correct_answer"] == q2.answer_text(q2.correct_answer) \
        and rows[1]["trainee_answer"].startswith("Seat 0: $0")
    assert rows[1]["question"] == question_text(q2) and rows[1]["question"].startswith(q2.prompt)
    assert rows[2]["game"] == "crazy4" and rows[2]["seed"] == "22"


def test_a_session_can_be_dealt_again() -> None:
    a, b = Session(game="stud8", drill="who-wins", seed=4), Session(game="stud8", drill="who-wins", seed=4)
    assert [a.next().cards for _ in range(3)] == [b.next().cards for _ in range(3)]


def test_choose_refuses_a_drill_the_game_lacks() -> None:
    with pytest.raises(GameError, match="its drills are: read-hand, pay-wager"):
        Session().choose(game="crazy4", drill="who-wins")
