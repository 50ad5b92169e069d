"""Hand records: the standard Poker Hand History format (PHH), read, written and replayed.

The layer right above the engine. ``record`` reads and writes PHH text (``loads``,
``HandRecord.dumps``); ``variants`` says which game and stakes a record is (PHH's codes, and
gamelib's ``_gamelib_*`` extension for the games PHH has no code for); ``deal`` deals a hand from
a record's own cards; ``replay`` plays the record's actions through the engine, each checked as
it is played, and ``rules`` names the rule an illegal action breaks; ``export`` writes any hand
played in the engine as a record; ``report`` lays a replay out street by street, or as JSON.

>>> from gamelib.handhistory import check, loads
>>> rp = check(loads('variant = "FB"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
...                  'big_bet = 4\\nstarting_stacks = [20, 20]\\nactions = ["d dh p1 ????????", '
...                  '"d dh p2 ????????", "p2 f"]'))
>>> rp.finishing_stacks
[21, 19]
"""

from .export import to_record
from .record import HandRecord, HandRecordError, IllegalHandRecordError, loads
from .replay import Replay, Step, check, replay
from .rules import Violation

__all__ = ["HandRecord", "HandRecordError", "IllegalHandRecordError", "Replay", "Step", "Violation", "check",
           "loads", "replay", "to_record"]
