"""The staff trainer: drills for dealers and floor staff, dealt from the real engine.

``make_drill(key, game, focus)`` gives a drill; ``drill.next(seed)`` deals a seeded
:class:`Question` (its ``correct_answer`` computed as it is dealt); ``drill.check(question,
answer)`` checks the trainee's answer and gives a :class:`Result` (right or wrong, the trainee's
answer and the correct one, the reason). A :class:`Session` keeps the score per drill and per game and
exports the results as CSV for a supervisor.

>>> s = Session(game="badugi", drill="read-hand", seed=10)
>>> q = s.next()
>>> s.check(q, q.correct_answer).correct, s.score
(True, (1, 1))
"""

from .core import Field, Question, Result, check_answer
from .drills import (
                     DRILLS,
                     NOBODY,
                     Drill,
                     PayWager,
                     ReadHand,
                     RunGame,
                     SplitPot,
                     WhoWins,
                     drill_table,
                     drills_for,
                     make_drill,
)
from .session import Session

__all__ = ["Field", "Question", "Result", "check_answer", "DRILLS", "NOBODY", "Drill", "ReadHand", "WhoWins",
           "SplitPot", "PayWager", "RunGame", "drill_table", "drills_for", "make_drill", "Session"]
