"""A hand record in the Poker Hand History format (PHH), read and written.

PHH (the ``phh-std`` specification, read and written by pokerkit's ``pokerkit.notation``) is a
TOML file: the variant code, the stakes (``antes``, ``blinds_or_straddles``, ``bring_in``,
``small_bet``, ``big_bet``, ``min_bet``), the ``starting_stacks`` and the ``actions``, one string
each: ``d dh p1 AsKs`` (hole cards, ``??`` for a card nobody saw), ``d db 7c8d9h`` (board cards),
``p2 f`` (fold), ``p2 cc`` (check or call), ``p2 cbr 8`` (complete, bet or raise to 8),
``p2 pb`` (the stud bring-in), ``p2 sd Kh`` (discard and draw; ``p2 sd``: stand pat), ``p2 sm
AsKs`` (show, ``p2 sm``: muck), with an optional ``# commentary``. Optional fields
(``players``, ``finishing_stacks``, ``event``, ...) and user-defined fields (their names begin
with ``_``) are kept as they were read and written back.

``HandRecord`` is one record: ``loads(text)`` reads it, ``record.dumps()`` writes it.
``parse_action`` reads one action string into an ``Action``. Which game and stakes a record
means is ``gamelib.handhistory.variants``' business; this module only reads and writes.

>>> r = loads('variant = "FB"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
...           'big_bet = 4\\nstarting_stacks = [50, 50]\\nactions = ["d dh p1 ????????", "p2 f"]')
>>> r.variant, r.starting_stacks, parse_action(r.actions[1])
('FB', [50, 50], Action(actor=2, verb='f', cards=(), amount=None, text='p2 f'))
>>> "blinds_or_straddles = [1, 2]" in r.dumps()
True
"""

from __future__ import annotations

import math
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..cards import RANKS, SUITS, format_card
from ..errors import GameError, IllegalActionError, shown

#: One card of a record: a card (an int 0-51) or None for a card nobody saw (``??``).
RecordCard = int | None

#: The fields of the PHH specification, in the order a record is written.
FIELD_ORDER: tuple[str, ...] = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand",
    "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "time_limit", "time_banks",
)
#: The verbs of a player's action, and of the dealer's.
PLAYER_VERBS = ("f", "cc", "cbr", "pb", "sd", "sm")
DEALER_VERBS = ("dh", "db")


class HandRecordError(GameError):
    """A hand record that cannot be read or replayed: what is wrong, and what is expected."""


class IllegalHandRecordError(HandRecordError, IllegalActionError):
    """A record whose action breaks a rule: raised at that action, naming the rule
    (``violation``: a ``gamelib.handhistory.rules.Violation``)."""

    # Any: a rules.Violation (or None), not named here because rules imports this module and even an
    # import under TYPE_CHECKING would make an import cycle (tests/test_layers.py refuses it).
    def __init__(self, message: str, violation: Any = None) -> None:
        super().__init__(message)
        self.violation = violation


@dataclass(frozen=True)
class Action:
    """One action of a record: ``actor`` 0 for the dealer, ``N`` for player ``pN``; ``verb`` one of
    ``dh db f cc cbr pb sd sm`` (``""`` for a comment alone). ``cards`` are the cards named (None
    for ``??``); ``amount`` is the total of a ``cbr``, the player dealt to of a ``d dh`` (``pN``:
    N), and -1 for ``sm -`` (show the cards already dealt).

    >>> parse_action("d dh p3 ????7c")
    Action(actor=0, verb='dh', cards=(None, None, 20), amount=3, text='d dh p3 ????7c')
    """

    actor: int
    verb: str
    cards: tuple[RecordCard, ...] = ()
    #: The ``cbr`` total; for ``d dh`` the player dealt to (``pN``: N).
    amount: int | None = None
    text: str = ""

    @property
    def player(self) -> int | None:
        """The 0-based player index of a player's action, or of the player a ``d dh`` deals to.

        >>> parse_action("p2 cc").player, parse_action("d dh p1 As").player, parse_action("d db Ah").player
        (1, 0, None)
        """
        if self.actor:
            return self.actor - 1
        if self.verb == "dh" and self.amount is not None:
            return self.amount - 1
        return None


def parse_cards_phh(text: str, where: str = "cards") -> tuple[RecordCard, ...]:
    """PHH cards, written together (``AsKd``, ``??`` for an unknown card) as cards (None: unknown).

    >>> parse_cards_phh("Ts??2c")
    (35, None, 0)
    """
    if len(text) % 2:
        raise HandRecordError(f"{where}: PHH writes cards two characters each, rank then suit, such as 'AsKd' or "
                              f"'????', not {shown(text)}")
    out: list[RecordCard] = []
    for i in range(0, len(text), 2):
        tok = text[i:i + 2]
        if tok == "??":
            out.append(None)
            continue
        rank, suit = tok[0].upper(), tok[1].lower()
        if rank not in RANKS or suit not in SUITS:
            raise HandRecordError(f"{where}: {shown(tok)} is not a card; a card is a rank ({RANKS}) and a suit "
                                  f"({SUITS}), or ?? for one nobody saw")
        out.append(RANKS.index(rank) * 4 + SUITS.index(suit))
    return tuple(out)


def format_cards_phh(cards: Iterable[RecordCard]) -> str:
    """Cards in PHH's notation, written together, ``??`` for an unknown one.

    >>> format_cards_phh([51, None, 0])
    'As??2c'
    """
    return "".join("??" if c is None else format_card(c) for c in cards)


def _player(word: str, text: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise HandRecordError(f"action {shown(text)}: {shown(word)} is not a player; players are p1, p2, ...")
    return int(word[1:])


def parse_action(text: object) -> Action:
    """One PHH action string as an ``Action`` (its ``# commentary`` dropped).

    >>> parse_action("p1 cbr 300000 # Arieh raises").amount
    300000
    >>> parse_action("p1 raise 8")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.handhistory.record.HandRecordError: action 'p1 raise 8': unknown action 'raise'; a player's actions are
    f (fold), cc (check or call), cbr N (complete, bet or raise to N), pb (bring-in), sd [cards] (discard and draw,
    or stand pat), sm [cards] (show or muck)
    """
    if not isinstance(text, str):
        raise HandRecordError(f"an action is a string such as 'p1 cc', not {shown(text)}")
    words = text.split("#", 1)[0].split()
    if not words:
        return Action(0, "", text=text)
    if words[0] == "d":
        if len(words) == 4 and words[1] == "dh":
            return Action(0, "dh", parse_cards_phh(words[3], f"action {shown(text)}"), _player(words[2], text), text)
        if len(words) == 3 and words[1] == "db":
            return Action(0, "db", parse_cards_phh(words[2], f"action {shown(text)}"), None, text)
        raise HandRecordError(f"action {shown(text)}: the dealer's actions are 'd dh pN CARDS' (hole cards) and "
                              f"'d db CARDS' (board cards)")
    actor = _player(words[0], text)
    verb, args = (words[1], words[2:]) if len(words) > 1 else ("", [])
    if verb in ("f", "cc", "pb") and not args:
        return Action(actor, verb, text=text)
    if verb == "cbr" and len(args) == 1:
        try:
            amount = int(args[0])
        except ValueError:
            raise HandRecordError(f"action {shown(text)}: the amount is whole chips, such as 'cbr 8', "
                                  f"not {shown(args[0])}") from None
        return Action(actor, verb, amount=amount, text=text)
    if verb in ("sd", "sm") and len(args) <= 1:
        if verb == "sm" and args == ["-"]:
            return Action(actor, verb, amount=-1, text=text)
        cards = parse_cards_phh(args[0], f"action {shown(text)}") if args else ()
        return Action(actor, verb, cards, text=text)
    raise HandRecordError(f"action {shown(text)}: unknown action {shown(verb)}; a player's actions are f (fold), "
                          "cc (check or call), cbr N (complete, bet or raise to N), pb (bring-in), sd [cards] "
                          "(discard and draw, or stand pat), sm [cards] (show or muck)")


@dataclass
class HandRecord:
    """One PHH hand record: the standard fields by name, and every other field in ``extra``
    (optional and user-defined ones, kept and written back as read).

    >>> HandRecord("F2L3D", [0, 0], [10, 20], None, 20, 40, None, [500, 500], ["p1 f"]).player_count
    2
    """

    variant: str
    antes: list[int]
    blinds_or_straddles: list[int] | None
    bring_in: int | None
    small_bet: int | None
    big_bet: int | None
    min_bet: int | None
    starting_stacks: list[int]
    actions: list[str]
    extra: dict[str, Any] = field(default_factory=dict)

    @property
    def player_count(self) -> int:
        """How many players the record seats (the length of ``starting_stacks``)."""
        return len(self.starting_stacks)

    @property
    def finishing_stacks(self) -> list[int] | None:
        """The final stacks the record gives (``None`` when it gives none).

        >>> loads('variant = "FB"\\nantes = [0, 0]\\nstarting_stacks = [5, 5]\\nactions = []\\n'
        ...       'finishing_stacks = [4, 6]').finishing_stacks
        [4, 6]
        """
        v = self.extra.get("finishing_stacks")
        return None if v is None else [int(x) for x in v]

    def dumps(self) -> str:
        """The record as PHH text (TOML), the standard fields first, in the specification's order.

        >>> print(HandRecord("FB", [0, 0], [1, 2], None, 2, 4, None, [9, 9], ["p2 f"],
        ...                  {"_gamelib_variant": "badugi"}).dumps(), end="")
        variant = "FB"
        antes = [0, 0]
        blinds_or_straddles = [1, 2]
        small_bet = 2
        big_bet = 4
        starting_stacks = [9, 9]
        actions = ["p2 f"]
        _gamelib_variant = "badugi"
        """
        values = {**{k: getattr(self, k) for k in ("variant", "antes", "blinds_or_straddles", "bring_in",
                                                    "small_bet", "big_bet", "min_bet", "starting_stacks",
                                                    "actions")}, **self.extra}
        keys = [k for k in FIELD_ORDER if k in values] + sorted(k for k in values if k not in FIELD_ORDER)
        return "\n".join(f"{_toml_key(k)} = {_toml_value(values[k])}" for k in keys if values[k] is not None) + "\n"


def _toml_key(key: str) -> str:
    return key if key.replace("_", "a").isalnum() else '"' + key.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return "inf" if math.isinf(value) else repr(value)
    if isinstance(value, str):
        return '"' + value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_toml_key(k)} = {_toml_value(v)}" for k, v in value.items()) + "}"
    return _toml_value(str(value))  # a TOML date or time: written as text


def _whole(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise HandRecordError(f"{name}: amounts are whole chips (an integer), not {shown(value)}")
    return value


def _whole_list(value: object, name: str, n: int | None = None) -> list[int]:
    if not isinstance(value, list):
        raise HandRecordError(f"{name}: a list of whole chips, one per player, not {shown(value)}")
    out = [_whole(v, name) for v in value]
    if n is not None and len(out) != n:
        raise HandRecordError(f"{name}: one amount per player ({n}, as in starting_stacks), not {len(out)}")
    return out


def loads(text: str | bytes) -> HandRecord:
    """Read one PHH record (TOML text).

    >>> loads('variant = "FB"')  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.handhistory.record.HandRecordError: the record has no 'antes': a PHH record gives variant, antes,
    starting_stacks and actions (and the stakes of its variant)
    """
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    try:
        raw: dict[str, Any] = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise HandRecordError(f"the record is not PHH (TOML): {e}") from None
    for name in ("variant", "antes", "starting_stacks", "actions"):
        if name not in raw:
            raise HandRecordError(f"the record has no {shown(name)}: a PHH record gives variant, antes, "
                                  f"starting_stacks and actions (and the stakes of its variant)")
    variant = raw.pop("variant")
    if not isinstance(variant, str):
        raise HandRecordError(f"variant: a PHH variant code such as 'F7S/8', not {shown(variant)}")
    stacks = _whole_list(raw.pop("starting_stacks"), "starting_stacks")
    if len(stacks) < 2:
        raise HandRecordError(f"starting_stacks: a hand has two players or more, not {len(stacks)}")
    n = len(stacks)
    actions = raw.pop("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise HandRecordError(f"actions: a list of action strings such as 'p1 cc', not {shown(actions)}")
    blinds = raw.pop("blinds_or_straddles", None)
    one = {k: (None if (v := raw.pop(k, None)) is None else _whole(v, k))
           for k in ("bring_in", "small_bet", "big_bet", "min_bet")}
    record = HandRecord(variant, _whole_list(raw.pop("antes"), "antes", n),
                        None if blinds is None else _whole_list(blinds, "blinds_or_straddles", n),
                        one["bring_in"], one["small_bet"], one["big_bet"], one["min_bet"], stacks, actions, raw)
    if "finishing_stacks" in raw:
        _whole_list(raw["finishing_stacks"], "finishing_stacks", n)
    return record


__all__ = ["Action", "HandRecord", "HandRecordError", "IllegalHandRecordError", "RecordCard", "format_cards_phh",
           "loads", "parse_action", "parse_cards_phh"]
