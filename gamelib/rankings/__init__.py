"""Every hand-ranking system the games use, behind one small API.

``evaluate(system, hands, board=None)`` gives one integer per hand, larger is better in that
system; ``describe(system, value)`` gives the words a dealer says; ``best_hand`` gives the cards
that make the hand; ``categories_or_better``/``or_better`` and ``low_categories``/``is_a_low`` say
what "two pair or better" and "a low" are in a system, from the categories it declares.
Systems (``SYSTEMS``):

==================  =====================================================================
``high``            best five of 5, 6 or 7 cards (R3)
``omaha-high``      exactly two of 4 or 5 hole cards with exactly three of a 3-5 card board
``omaha-low8``      the same, for an eight-or-better low (0 = no qualifying low)
``a5-low``          ace-to-five low, best five of 5, 6 or 7 (razz)
``low8``            ace-to-five low with the eight-or-better qualifier (R4), 0 = no low
``27-low``          deuce-to-seven low, best five of 5, 6 or 7
``badugi``          best badugi of 1-7 cards, aces low
``badugi-ace-high`` best badugi of 1-7 cards, aces high (Badeucey, 2-7 Razzdugi)
``crazy4``          best four of 4 or 5 cards (Crazy 4 Poker)
``three-card``      three-card poker hands
==================  =====================================================================

>>> v = evaluate("high", ["Kh Kd Ks 4c 4d", "As Ks Qs Js 9s"])
>>> [describe("high", x) for x in v]
['full house, kings full of fours', 'flush, ace high (A-K-Q-J-9)']
>>> winners("high", ["Kh Kd Ks 4c 4d", "As Ks Qs Js 9s"])
[0]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from ..amounts import is_whole
from ..cards import CardsLike, format_cards, parse_cards, refuse_duplicate_rows
from ..errors import CardError, HandSizeError, RankingError, shown
from .omaha import BOARD_SIZES, omaha_hi_lo
from .registry import RANKING_SYSTEMS, RankingSystem, system

#: The systems' names, in the order the book lists them (the keys of ``RANKING_SYSTEMS``).
SYSTEMS: tuple[str, ...] = tuple(RANKING_SYSTEMS)

#: What a system is called, what it needs and its best hand's words: the ``RankingSystem`` itself
#: (``title``, ``hand_sizes``, ``uses_board``, ``summary``), by name.
INFO: dict[str, RankingSystem] = RANKING_SYSTEMS
SystemInfo = RankingSystem

#: The systems valued with a board, and those whose values are eight-or-better lows.
OMAHA_SYSTEMS: tuple[str, ...] = tuple(k for k, s in RANKING_SYSTEMS.items() if s.uses_board)
LOW8_SYSTEMS: tuple[str, ...] = tuple(k for k, s in RANKING_SYSTEMS.items() if s.eight_or_better)

_ONE_CARD = re.compile(r"(10|[2-9tjqka])[cdhs♣♦♥♠♧♢♡♤]", re.IGNORECASE)

HandsLike = str | Sequence[CardsLike] | np.ndarray
#: The board of an Omaha system: one board for every hand (a string, a list of cards) or one per
#: hand (a list of them, or a 2-D array).
BoardsLike = CardsLike | Sequence[CardsLike] | np.ndarray


def _check_system(name: str) -> RankingSystem:
    return system(name)


def _check_value(system: str, value: object) -> int:
    """A hand value (whatever the caller passed) as an ``int``: a whole number (never a float
    truncated, never a string)."""
    if not is_whole(value) or not -2**31 <= value < 2**31:
        raise RankingError(f"a {system} value is a whole number from evaluate(), not {shown(value)}")
    return int(value)


def _is_one_hand(hands: Sequence[object]) -> bool:
    """A list of card numbers (``[51, 47, 43, 39, 35]``) is one hand: a number is never a hand (and a
    number that is no card number, such as ``35.0``, is then refused as a card)."""
    return len(hands) > 0 and all(isinstance(c, (int, float, np.number, np.bool_)) for c in hands)


def _check_hands(hands: object, what: str = "hands") -> None:  # what the caller passed, checked here
    if isinstance(hands, (str, np.ndarray)):
        return
    if isinstance(hands, (bytes, bytearray, Mapping)) or not isinstance(hands, Iterable):
        raise CardError(f"the {what} must be a list of hands (each a string such as 'As Kd Qh Jc Tc' or a list "
                        f"of cards), one hand as a string, or an array; not {shown(hands)}")


def _check_array(arr: np.ndarray, what: str) -> np.ndarray:
    if arr.ndim != 2:
        raise HandSizeError(f"{what} must be a 2-D array of shape (hands, cards), not shape {arr.shape}")
    if not np.issubdtype(arr.dtype, np.integer):
        raise HandSizeError(f"{what} must hold card numbers 0-51 as integers, not {arr.dtype}")
    if arr.size and (arr.min() < 0 or arr.max() > 51):
        raise HandSizeError(f"{what} holds card numbers outside 0-51")
    return arr


def to_hand_array(hands: HandsLike, what: str = "hand", check_duplicates: bool = True) -> np.ndarray:
    """Hands as a 2-D ``int`` array: from a string (one hand), a list of strings or card lists, or an array.

    All hands must have the same number of cards (``evaluate`` splits mixed sizes itself).
    ``check_duplicates=False`` leaves the duplicate check of arrays to the caller (Omaha checks
    each hand together with its board, once).

    >>> to_hand_array(["As Kd", "2c 3c"]).tolist()
    [[51, 45], [0, 4]]
    """
    if isinstance(hands, np.ndarray):
        arr = _check_array(hands.reshape(1, -1) if hands.ndim == 1 else hands, what)
        if check_duplicates:
            refuse_duplicate_rows(what, arr)
        return arr
    _check_hands(hands, f"{what}s")
    # one hand (a string, or a list of card numbers) or a list of hands: a list of hands
    rows: list[Any] = [hands] if isinstance(hands, str) else list(hands)
    if _is_one_hand(rows):
        rows = [rows]
    parsed = [parse_cards(h, what=f"{what} {i}") for i, h in enumerate(rows)]
    sizes = {len(p) for p in parsed}
    if len(sizes) > 1:
        raise HandSizeError(f"the {what}s have different numbers of cards ({sorted(sizes)}); give one size per call")
    if not parsed:
        return np.zeros((0, 0), np.int64)
    return np.array(parsed, dtype=np.int64)


def _sizes_text(sizes: Sequence[int]) -> str:
    """``"4 or 5"``, ``"5, 6 or 7"``: the allowed card counts in words."""
    words = [str(s) for s in sizes]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def _is_one_board(board: Sequence[object]) -> bool:
    """A sequence of single cards (``[51, 50, 49]`` or ``["As", "Ks", "Qs"]``) is one board, not many."""
    if not len(board):
        return False
    if not isinstance(board[0], (str, list, tuple, np.ndarray)):
        return True
    return all(isinstance(c, str) and _ONE_CARD.fullmatch(c.strip()) for c in board)


def _boards_for(board: object, n_hands: int, check_duplicates: bool = True) -> np.ndarray:  # checked here
    if board is None:
        raise HandSizeError("Omaha systems need the board: 3, 4 or 5 community cards")
    if not isinstance(board, (str, np.ndarray, list, tuple)):
        raise CardError(f"the board must be cards: a string such as 'Qs Js 9s', a list of cards, or one board "
                        f"per hand; not {shown(board)}")
    if isinstance(board, np.ndarray):
        arr = board.reshape(1, -1) if board.ndim == 1 else board
        arr = _check_array(arr, "board")
        if check_duplicates:
            refuse_duplicate_rows("board", arr)
    elif isinstance(board, str) or _is_one_board(board):
        arr = np.array([parse_cards(board, what="board")], dtype=np.int64)
    else:
        arr = to_hand_array(board, what="board", check_duplicates=check_duplicates)
    if len(arr) == 1 and n_hands != 1:
        arr = np.repeat(arr, n_hands, axis=0)
    if len(arr) != n_hands:
        raise HandSizeError(f"{n_hands} hands but {len(arr)} boards: give one board for all, or one per hand")
    if arr.shape[1] not in BOARD_SIZES:
        raise HandSizeError(f"an Omaha board has 3, 4 or 5 cards, not {arr.shape[1]}")
    return arr


def evaluate(system: str, hands: HandsLike, board: BoardsLike | None = None) -> np.ndarray:
    """One value per hand (``int32``), larger is better in ``system``.

    ``hands`` is a list of hands (each a string like ``"As Kd Qh Jc Tc"`` or a list of cards),
    a single hand string, or an integer array of shape ``(hands, cards)``. Hands of different
    sizes may be mixed in a list. One hand may also be given as a flat list of card numbers
    (as a 1-D array is): a card number is never a hand. For the Omaha systems ``board`` is one
    board for every hand or one board per hand (3 to 5 cards each), as strings or an array.

    >>> evaluate("badugi", ["As 2d 3h 4c", "As 2s 3h 4c"]).tolist()
    [40944, 32754]
    >>> evaluate("high", [51, 47, 43, 39, 35]).tolist() == evaluate("high", ["As Ks Qs Js Ts"]).tolist()
    True
    >>> evaluate("omaha-low8", ["As 2d Kh Kc"], board="3c 4d 9h Ts 8c").tolist()
    [6154]
    """
    rs = _check_system(system)
    if board is not None and not rs.uses_board:
        raise HandSizeError(f"the {system} system takes no board; give each player's whole hand")
    _check_hands(hands)
    if isinstance(hands, (list, tuple)) and _is_one_hand(hands):
        hands = [list(hands)]
    if isinstance(hands, (list, tuple)) and not isinstance(hands, str):
        parsed = [parse_cards(h, what=f"hand {i}") for i, h in enumerate(hands)]
        if not parsed:
            return np.zeros(0, np.int32)
        sizes = sorted({len(p) for p in parsed})
        if len(sizes) > 1:
            out = np.zeros(len(parsed), np.int32)
            boards = _boards_for(board, len(parsed)) if rs.uses_board else None
            for size in sizes:
                rows = [i for i, p in enumerate(parsed) if len(p) == size]
                sub = np.array([parsed[i] for i in rows], dtype=np.int64)
                out[rows] = evaluate(system, sub, None if boards is None else boards[rows])
            return out
        arr = np.array(parsed, dtype=np.int64).reshape(len(parsed), -1)
    else:
        arr = to_hand_array(hands, check_duplicates=not rs.uses_board)
    if len(arr) == 0:
        return np.zeros(0, np.int32)
    if arr.shape[1] not in rs.hand_sizes:
        raise HandSizeError(f"a {system} hand has {_sizes_text(rs.hand_sizes)} cards, not {arr.shape[1]}")
    if rs.uses_board:
        # One duplicate check of each hand with its board covers the hand and the board too.
        boards = _boards_for(board, len(arr), check_duplicates=False)
        refuse_duplicate_rows("hand with its board", arr, boards)
        return rs.evaluate_array(arr, boards)
    return rs.evaluate_array(arr)


def evaluate_hi_lo(hands: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Omaha high and eight-or-better low values in one pass (arrays only, for speed).

    >>> from gamelib.cards import parse_cards
    >>> h, l = evaluate_hi_lo(np.array([parse_cards("As Ad 2c 3d")]), np.array([parse_cards("Kh 4h 7c 5s 9d")]))
    >>> describe("omaha-high", int(h[0])), describe("omaha-low8", int(l[0]))
    ('pair of aces (A-A-K-9-7)', 'seven-five low (7-5-4-2-A)')
    """
    arr = to_hand_array(hands, check_duplicates=False)
    boards = _boards_for(board, len(arr), check_duplicates=False)
    refuse_duplicate_rows("hand with its board", arr, boards)
    return omaha_hi_lo(arr, boards)


#: Systems whose values are cheaper found together: Omaha's high and eight-or-better low share
#: the choice of two hole cards and three board cards.
_TOGETHER: tuple[tuple[tuple[str, str], Callable[[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]], ...] = (
    (("omaha-high", "omaha-low8"), omaha_hi_lo),
)


def evaluate_together(systems: Sequence[str], hands: np.ndarray, boards: np.ndarray | None
                      ) -> dict[str, np.ndarray]:
    """The values of the same hands (and boards) in several systems at once, each system's
    evaluation shared where two systems can share it (Omaha high with the eight-or-better low).
    Arrays only, for the odds calculator's inner loop: the systems' names and the arrays' type and
    shape are checked (a wrong one is refused), the cards themselves are not (no parsing, no
    duplicate check), as the calculator has dealt them from one deck.

    >>> from gamelib.cards import parse_cards
    >>> v = evaluate_together(["omaha-high", "omaha-low8"], np.array([parse_cards("As Ad 2c 3d")]),
    ...                       np.array([parse_cards("Kh 4h 7c 5s 9d")]))
    >>> describe("omaha-high", int(v["omaha-high"][0])), describe("omaha-low8", int(v["omaha-low8"][0]))
    ('pair of aces (A-A-K-9-7)', 'seven-five low (7-5-4-2-A)')
    """
    if isinstance(systems, str) or not isinstance(systems, Sequence) or not all(isinstance(k, str) for k in systems):
        raise RankingError(f"systems is a list of ranking systems' names, not {shown(systems)}")
    for arr in (hands, boards):
        if (arr is not None or arr is hands) and not (
                isinstance(arr, np.ndarray) and arr.dtype.kind in "iu" and arr.ndim >= 2):
            raise HandSizeError("evaluate_together reads integer arrays of card numbers (hands, cards), "
                                f"not {shown(arr)}")
    found: dict[str, np.ndarray] = {}
    for keys, together in _TOGETHER:
        if boards is not None and set(keys) <= set(systems):
            values = together(hands, boards)
            found.update(zip(keys, values, strict=True))
    for key in systems:
        if key not in found:
            found[key] = system(key).evaluate_array(hands, boards)
    return found


def describe(system: str, value: int) -> str:
    """The value in the words a dealer says aloud.

    >>> describe("high", int(evaluate("high", "Kh Kd Ks 4c 4d")[0]))
    'full house, kings full of fours'
    >>> describe("low8", 0)
    'no qualifying low'
    """
    rs = _check_system(system)
    return rs.describe(_check_value(system, value))


def category(system: str, value: int) -> str:
    """The category name of a value (``"full house"``, ``"eight low"``, ``"no low"``, ``"3-card badugi"``).

    Lowball hands with no pair (no pair, straight or flush in deuce-to-seven) are grouped by
    their top card, as players name them: ``"eight low"``, ``"seven low"``.

    >>> category("crazy4", int(evaluate("crazy4", "Qh Qd 4s 4c 9d")[0]))
    'two pair'
    >>> category("a5-low", int(evaluate("a5-low", "8h 6d 4s 3c 2d")[0]))
    'eight low'
    """
    rs = _check_system(system)
    return rs.category(_check_value(system, value))


def categories(system: str) -> tuple[str, ...]:
    """The categories of a system from the best to the worst.

    >>> categories("three-card")
    ('straight flush', 'three of a kind', 'straight', 'flush', 'pair', 'high card')
    >>> categories("low8")
    ('five low', 'six low', 'seven low', 'eight low', 'no low')
    """
    return _check_system(system).categories()


def _check_category(system: str, name: object) -> int:
    """Where ``name`` stands among the categories ``system`` declares (0: the best), or a
    ``RankingError`` listing them: a name no system declares ("one pair") is never matched."""
    names = _check_system(system).categories()
    if not isinstance(name, str) or name not in names:
        raise RankingError(f"{shown(name)} is not a category of {system}; its categories are: {', '.join(names)}")
    return names.index(name)


def categories_or_better(system: str, weakest: str) -> tuple[str, ...]:
    """The categories of ``system`` from its best down to ``weakest``: what "``weakest`` or better"
    means in that system. ``weakest`` is one of the system's own categories (``categories``).

    >>> categories_or_better("high", "three of a kind")
    ('straight flush', 'four of a kind', 'full house', 'flush', 'straight', 'three of a kind')
    >>> categories_or_better("a5-low", "seven low")
    ('five low', 'six low', 'seven low')
    """
    return _check_system(system).categories()[:_check_category(system, weakest) + 1]


def or_better(system: str, value: int, weakest: str) -> bool:
    """Whether ``value`` (from ``evaluate``) is ``weakest`` or better in ``system``: at least the
    lowest value of that category, as the system orders its categories (every value of a better
    category is larger). ``weakest`` is one of the system's own categories.

    >>> v = int(evaluate("high", "Qh Qd 4s 4c 9d")[0])
    >>> or_better("high", v, "two pair"), or_better("high", v, "three of a kind")
    (True, False)
    """
    bar = _check_category(system, weakest)
    return categories(system).index(category(system, value)) <= bar


def low_categories(system: str) -> tuple[str, ...]:
    """The categories of ``system`` that are lows, best first: the lowball hands with no pair (no
    straight or flush either, where they count), named by their top card; in an eight-or-better
    system only the qualifying ones (R4). Empty for a high system and for badugi.

    >>> low_categories("low8")
    ('five low', 'six low', 'seven low', 'eight low')
    >>> low_categories("27-low")[-1], low_categories("high")
    ('ace low', ())
    """
    return _check_system(system).lows()


def is_a_low(system: str, value: int) -> bool:
    """Whether ``value`` (from ``evaluate``) is a low in ``system``: its category is one of
    ``low_categories(system)`` (in an eight-or-better system: a qualifying low, R4).

    >>> is_a_low("low8", int(evaluate("low8", "8h 6d 4s 3c 2d")[0])), is_a_low("low8", 0)
    (True, False)
    >>> is_a_low("27-low", int(evaluate("27-low", "7h 5h 4h 3h 2h")[0]))
    False
    """
    return category(system, value) in low_categories(system)


def best_hand(system: str, hand: CardsLike, board: CardsLike | None = None) -> tuple[int, ...]:
    """The cards that make the hand's value (best first in the player's hand; board cards after).

    Returns an empty tuple when there is no hand in that system (no qualifying low).

    >>> from gamelib.cards import format_cards
    >>> format_cards(best_hand("high", "2c Kh Kd Ks 4c 4d 9s"))
    'Kh Kd Ks 4c 4d'
    >>> format_cards(best_hand("omaha-high", "As Ks 2d 3c", board="Qs Js 9s 4h 8c"))
    'As Ks Qs Js 9s'
    """
    rs = _check_system(system)
    cards = parse_cards(hand)
    target = int(evaluate(system, [cards], board)[0])
    if rs.eight_or_better and target == 0:
        return ()
    b = parse_cards(board, what="board") if rs.uses_board and board is not None else []
    for cand in rs.candidates(cards, b):
        if int(evaluate(rs.played_in, [list(cand)])[0]) == target:
            return tuple(cand)
    raise RankingError(f"internal: no subset of {format_cards(cards)} reaches value {target}")  # pragma: no cover


def winners(system: str, hands: HandsLike, board: BoardsLike | None = None) -> list[int]:
    """Indexes of the best hands (all of them when tied). For eight-or-better, no winners if no low.

    >>> winners("27-low", ["7c 5d 4h 3s 2c", "As 5d 4h 3s 2c", "7d 5h 4s 3c 2d"])
    [0, 2]
    """
    values = evaluate(system, hands, board)
    if len(values) == 0:
        return []
    top = values.max()
    if _check_system(system).eight_or_better and top == 0:
        return []
    return [int(i) for i in np.flatnonzero(values == top)]


def n_values(system: str) -> int:
    """How many distinct values a system has (7,462 for high).

    >>> n_values("high"), n_values("three-card")
    (7462, 741)
    """
    return _check_system(system).n_values()


__all__ = [
    "SYSTEMS", "RANKING_SYSTEMS", "RankingSystem", "system", "INFO", "SystemInfo", "evaluate", "evaluate_hi_lo",
    "evaluate_together", "describe", "category",
    "categories", "categories_or_better", "or_better", "low_categories", "is_a_low",
    "best_hand", "winners", "n_values", "to_hand_array",
]
