"""Input from outside, checked at the boundary: whole numbers, dollars typed in a box, exact
pays, yes/no options, names, choices from a list and lists of a bounded length.

This is the one validation layer of the public API. Every entry point that takes a count, a
seat, a stack, a dollar amount, a pay, a flag, a name or a list from a caller (the API, the
command line, a widget's input box) reads it through one of these functions, so that bad input
is refused the same way everywhere: with a ``gamelib.errors`` exception whose message says what
was wrong and what is allowed, and quotes at most a few dozen characters of the input. One
integer rule holds everywhere (``is_whole``): Python and numpy integers are whole numbers, a
bool is not. Nothing is truncated or rounded on the way in: ``1.5`` is not a seat, ``True`` is
not a stack, ``'no'`` is not False, and a pay of ``1.2`` typed as a binary float (really
1.1999999999999999555...) is refused rather than paid short. Sizes are bounded by what the
machine can do in reasonable time and memory, and the bound is in the message.

>>> parse_dollars(" $1,250 ", "the pot")
1250
>>> exact_pays("3/2", "the flush row")
Fraction(3, 2)
>>> whole_number(2.0, "the button")
Traceback (most recent call last):
...
gamelib.errors.GameError: the button must be a whole number, not 2.0
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from fractions import Fraction
from itertools import islice
from typing import TypeGuard, TypeVar

import numpy as np

from .errors import GameError, shown

#: The most digits a typed whole-dollar amount may have (a trillion dollars and change).
MAX_DIGITS = 12
#: The largest pay a pay table row may have, to 1 (the filed tables top out at 1,000 to 1).
MAX_PAYS = 100_000

_DOLLARS_RE = re.compile(r"([+-]?)\$?([+-]?)(\d{1,3}(?:,\d{3})+|\d+)", re.ASCII)
_PAYS_RE = re.compile(r"[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:\s*/\s*\d+)?", re.ASCII)


def _range_words(lo: int | None, hi: int | None, unit: str = "") -> str:
    if lo is not None and hi is not None:
        return f"from {unit}{lo:,} to {unit}{hi:,}"
    if lo is not None:
        return f"{unit}{lo:,} or more"
    if hi is not None:
        return f"{unit}{hi:,} or less"
    return ""


#: A whole number as ``is_whole`` accepts it: a Python or numpy integer (never a bool).
Whole = int | np.integer
#: A pay (to 1) as ``exact_pays`` reads it: a whole number, a ``Fraction``, a ``Decimal``, a
#: string such as ``"3/2"``, or a binary float that is exactly the decimal it prints as.
PayLike = int | np.integer | Fraction | Decimal | float | np.floating | str


def is_whole(value: object) -> TypeGuard[Whole]:
    """True for a Python or numpy integer that is not a bool (``value`` may be anything).

    >>> is_whole(3), is_whole(np.int8(3)), is_whole(True), is_whole(3.0)
    (True, True, False, False)
    """
    return isinstance(value, (int, np.integer)) and not isinstance(value, (bool, np.bool_))


def whole_number(value: object, what: str, lo: int | None = None, hi: int | None = None,
                 error: type[GameError] = GameError) -> int:
    """``value`` as an ``int`` if it is a whole number (not a bool, not a float) within ``lo..hi``.

    >>> whole_number(np.int64(3), "the seat", 0, 5)
    3
    >>> whole_number(True, "the stack", 1)
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the stack must be a whole number 1 or more, not True
    """
    rng = _range_words(lo, hi)
    if not is_whole(value):
        raise error(f"{what} must be a whole number{' ' + rng if rng else ''}, not {shown(value)}")
    v = int(value)
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        raise error(f"{what} must be {rng}, not {shown(v)}")
    return v


def parse_dollars(text: object, what: str, lo: int | None = 0, hi: int | None = None,
                  error: type[GameError] = GameError) -> int:
    """Whole dollars typed in a box: digits 0-9 with an optional ``$``, thousands commas and a sign.

    ``lo``/``hi`` bound the amount (``lo=None``: negative amounts allowed, as for a loss). A whole
    number given as a number is checked the same way.

    >>> parse_dollars("-$5", "seat 0", lo=None)
    -5
    >>> parse_dollars("²", "the pot")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the pot: type whole dollars $0 or more, such as 25 (digits 0-9, an optional $), not '²'
    """
    rng = _range_words(lo, hi, "$")
    allowed = (f"whole dollars{' ' + rng if rng else ''}, such as 25 (digits 0-9, an optional $"
               + (" and minus sign" if lo is None or lo < 0 else "") + ")")
    if is_whole(text):
        value = int(text)
    elif isinstance(text, str):
        m = _DOLLARS_RE.fullmatch(text.strip())
        if not m or (m.group(1) and m.group(2)):
            raise error(f"{what}: type {allowed}, not {shown(text)}")
        digits = m.group(3).replace(",", "")
        if len(digits.lstrip("0")) > MAX_DIGITS:
            raise error(f"{what}: {len(digits):,} digits is too many; type {allowed}")
        value = int(digits) * (-1 if "-" in (m.group(1) + m.group(2)) else 1)
    else:
        raise error(f"{what}: type {allowed}, not {shown(text)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise error(f"{what} must be {rng}, not ${value:,}" if value >= 0
                    else f"{what} must be {rng}, not -${-value:,}")
    return value


def exact_pays(value: object, what: str = "the pay", error: type[GameError] = GameError) -> Fraction:
    """A pay (to 1) as an exact ``Fraction`` from 0 to ``MAX_PAYS``.

    Accepted: whole numbers, ``Fraction``, ``Decimal``, strings such as ``"2"``, ``"1.2"`` or
    ``"3/2"``, and binary floats only when they are exactly the decimal they print as (``1.5``,
    ``2.0``; not ``1.2``, which as a float is a 52-bit fraction a little below 6/5).

    >>> exact_pays(1.5), exact_pays("1.2"), exact_pays(Fraction(6, 5))
    (Fraction(3, 2), Fraction(6, 5), Fraction(6, 5))
    >>> exact_pays(1.2, "the pair row")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the pair row: 1.2 is not exact as a binary float (it is 1.199999999999999955591079...);
    give the pay as the string '1.2' or as Fraction(6, 5)
    """
    allowed = f"a pay must be a number from 0 to {MAX_PAYS:,} to 1, such as 2, '1.5' or '3/2'"

    def refuse(detail: str = "") -> GameError:
        return error(f"{what}: {allowed}, not {shown(value)}{detail}")

    if isinstance(value, (bool, np.bool_)):
        raise refuse()
    if is_whole(value):
        pays = Fraction(int(value))
    elif isinstance(value, Fraction):
        pays = value
    elif isinstance(value, Decimal):
        if not value.is_finite() or abs(value.adjusted()) > 30:
            raise refuse()
        pays = Fraction(value)
    elif isinstance(value, (float, np.floating)):
        f = float(value)
        if not math.isfinite(f):
            raise refuse()
        pays = Fraction(f)
        if 0 <= f <= MAX_PAYS and pays != Fraction(repr(f)):
            meant = Fraction(repr(f))
            also = f" or as Fraction({meant.numerator}, {meant.denominator})" if meant.denominator < 10**9 else ""
            raise error(f"{what}: {f!r} is not exact as a binary float (it is {Decimal(f):.25g}...); give the "
                        f"pay as the string {repr(f)!r}{also}")
    elif isinstance(value, str):
        text = value.strip()
        if len(text) > 30 or not _PAYS_RE.fullmatch(text):
            raise refuse()
        num, _, den = text.partition("/")
        if den and int(den) == 0:
            raise refuse(" (it divides by zero)")
        pays = Fraction(num.strip()) / (Fraction(int(den)) if den else 1)
    else:
        raise refuse()
    if pays < 0:
        raise error(f"{what}: a pay table row cannot pay less than nothing, not {shown(value)}; {allowed}")
    if pays > MAX_PAYS:
        raise refuse()
    return pays


#: The most characters of a player's name (a table's seat, a record's name).
MAX_NAME = 60
_CONTROL = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}
_T = TypeVar("_T")


def flag(value: object, what: str, error: type[GameError] = GameError) -> bool:
    """A yes/no option: ``True`` or ``False`` (numpy's too), never ``'no'``, ``0`` or ``None``.

    >>> flag(np.True_, "wait for the big blind")
    True
    >>> flag("no", "wait for the big blind")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: wait for the big blind must be True or False, not 'no'
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise error(f"{what} must be True or False, not {shown(value)}")


def name_text(value: object, what: str, limit: int = MAX_NAME, error: type[GameError] = GameError) -> str:
    """A name: text with a letter or digit, no control character, at most ``limit`` characters;
    runs of spaces made one, spaces at the ends dropped.

    >>> name_text("  Ann   Lee ", "the player")
    'Ann Lee'
    >>> name_text("   ", "the player")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the player must be a name (text with a letter or digit, at most 60 characters), not '   '
    """
    allowed = f"a name (text with a letter or digit, at most {limit:,} characters)"
    if not isinstance(value, str):
        raise error(f"{what} must be {allowed}, not {shown(value)}")
    if len(value) > 4 * limit + 100 or len(text := " ".join(value.split())) > limit:
        raise error(f"{what} must be {allowed}, not {len(value):,} characters")
    if not any(ch.isalnum() for ch in text) or any(unicodedata.category(ch) in _CONTROL for ch in text):
        raise error(f"{what} must be {allowed}, not {shown(value)}")
    return text


def one_of(value: object, what: str, options: Sequence[str], error: type[GameError] = GameError) -> str:
    """``value`` if it is one of the words ``options``, else a refusal that lists them.

    >>> one_of("high", "the side", ["high", "low"])
    'high'
    >>> one_of(5, "the side", ["high", "low"])
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the side must be one of high, low, not 5
    """
    if isinstance(value, str) and value in options:
        return value
    raise error(f"{what} must be one of {', '.join(options)}, not {shown(value)}")


def items(value: Iterable[_T] | object, what: str, lo: int = 0, hi: int | None = None,
          error: type[GameError] = GameError, each: str = "") -> list[_T]:
    """``value`` as a list of ``lo`` to ``hi`` items: a list, tuple, array or other ordered
    collection, never a string (one string is one item, not a list of its letters), a mapping, a
    set or a number. No more than ``hi + 1`` items are read from an iterator.

    >>> items(("As Kd", "Qh Qc"), "the hands", 2, 8)
    ['As Kd', 'Qh Qc']
    >>> items("As Kd Qh", "the hands", 2, 8, each="a hand")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the hands must be a list of 2 to 8 items (each a hand), not one string 'As Kd Qh'
    """
    count = f"{lo:,}" if lo == hi else f"{lo:,} to {hi:,}" if hi is not None else f"{lo:,} or more"
    allowed = f"a list of {count} items" + (f" (each {each})" if each else "")
    if isinstance(value, (str, bytes, bytearray, memoryview)):
        raise error(f"{what} must be {allowed}, not one {'string' if isinstance(value, str) else 'bytes'} "
                    f"{shown(value)}")
    if isinstance(value, (Mapping, set, frozenset)) or not isinstance(value, Iterable) or (
            isinstance(value, np.ndarray) and value.ndim == 0):
        raise error(f"{what} must be {allowed}, not {shown(value)}")
    out: list[_T] = list(islice(value, None if hi is None else hi + 1))
    if len(out) < lo or (hi is not None and len(out) > hi):
        got = f"more than {hi:,}" if hi is not None and len(out) > hi else f"{len(out):,}"
        raise error(f"{what} must be {allowed}; got {got}")
    return out


def array_of(value: object, what: str, kinds: str, error: type[GameError] = GameError) -> np.ndarray:
    """``value`` as a numpy array (one dimension or more) of the dtype kinds ``kinds``: ``"iu"``
    integers, ``"b"`` bools; a list converts, anything else is refused.

    >>> array_of([[1, 2]], "the hands", "iu").shape
    (1, 2)
    >>> array_of([1.5], "the hands", "iu")
    Traceback (most recent call last):
    ...
    gamelib.errors.GameError: the hands must be an array of whole numbers, not [1.5]
    """
    try:
        arr = np.asarray(value)
    except (TypeError, ValueError, OverflowError):  # ragged lists, numbers past 64 bits
        arr = np.asarray(None)
    if arr.dtype.kind not in kinds or arr.ndim == 0:
        raise error(f"{what} must be an array of {'bools' if kinds == 'b' else 'whole numbers'}, not {shown(value)}")
    return arr


__all__ = ["MAX_DIGITS", "MAX_PAYS", "Whole", "PayLike", "is_whole", "whole_number", "parse_dollars", "exact_pays",
           "MAX_NAME", "flag", "name_text", "one_of", "items",
           "array_of"]
