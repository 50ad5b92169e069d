"""Shared helpers for the ranking tests: slow-but-obviously-right references, the pokerkit oracle,
exhaustive deals and the "same ordering" check.

Nothing here imports gamelib.rankings: the references are written from the rules (RULINGS R3,
R4, R10) in plain Python, one hand at a time, so that they do not share a bug with the engine.
"""

from __future__ import annotations

import hashlib
import itertools
import os
import sys
from collections import Counter
from collections.abc import Callable, Hashable, Sequence
from functools import cache
from importlib.metadata import version
from pathlib import Path
from typing import Any

import numpy as np

# ---------------------------------------------------------------------------------------------
# Exhaustive deals
# ---------------------------------------------------------------------------------------------


@cache
def all_hands(n_cards: int, deck: int = 52) -> np.ndarray:
    """Every ``n_cards``-card hand from a ``deck``-card deck, as an ``int8`` array (cached)."""
    from math import comb

    count = comb(deck, n_cards)
    flat = np.fromiter(
        itertools.chain.from_iterable(itertools.combinations(range(deck), n_cards)),
        dtype=np.int8,
        count=count * n_cards,
    )
    out = flat.reshape(count, n_cards)
    out.setflags(write=False)
    return out


# ---------------------------------------------------------------------------------------------
# The "same ordering for every pair" check
# ---------------------------------------------------------------------------------------------


def assert_same_order(ours: Sequence[int] | np.ndarray, theirs: Sequence[Any], what: str = "") -> None:
    """Assert that for every pair i, j: ours[i] < ours[j] iff theirs[i] < theirs[j] (and = iff =).

    Sorting by (ours, theirs) and checking neighbours is enough: within a run of equal ``ours`` the
    ``theirs`` must be equal, and between runs ``theirs`` must strictly increase.
    """
    ours_list = [int(x) for x in ours]
    theirs_list = list(theirs)
    assert len(ours_list) == len(theirs_list)
    order = sorted(range(len(ours_list)), key=lambda i: (ours_list[i], theirs_list[i]))
    for a, b in zip(order, order[1:], strict=False):  # neighbours
        if ours_list[a] == ours_list[b]:
            assert theirs_list[a] == theirs_list[b], (
                f"{what}: rows {a} and {b} tie in gamelib ({ours_list[a]}) but not in the reference "
                f"({theirs_list[a]!r} vs {theirs_list[b]!r})"
            )
        else:
            assert theirs_list[a] < theirs_list[b], (
                f"{what}: gamelib ranks row {a} ({ours_list[a]}) below row {b} ({ours_list[b]}) but the "
                f"reference says {theirs_list[a]!r} vs {theirs_list[b]!r}"
            )


# ---------------------------------------------------------------------------------------------
# Plain-Python references (one hand at a time, from the rules)
# ---------------------------------------------------------------------------------------------

RANK_CHARS = "23456789TJQKA"


def rs(card: int) -> tuple[int, int]:
    """(rank 0..12 with 12 = ace, suit 0..3) of a card int."""
    return card // 4, card % 4


def _grouped(ranks: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(counts descending, ranks ordered by count then rank, both descending)."""
    c = Counter(ranks)
    order = sorted(c, key=lambda r: (c[r], r), reverse=True)
    return tuple(c[r] for r in order), tuple(order)


def ref_high5(cards: Sequence[int]) -> tuple:
    """Key of a five-card high hand (R3: ace high, low only in the wheel), larger is better."""
    ranks = [rs(c)[0] for c in cards]
    suits = {rs(c)[1] for c in cards}
    counts, ordered = _grouped(ranks)
    flush = len(suits) == 1
    top = None
    if counts == (1, 1, 1, 1, 1):
        srt = sorted(ranks)
        if srt[4] - srt[0] == 4:
            top = srt[4]
        elif srt == [0, 1, 2, 3, 12]:
            top = 3
    if top is not None:
        return (8 if flush else 4, (top,))
    if flush:
        return (5, ordered)
    cat = {
        (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0,
    }[counts]
    return (cat, ordered)


def ref_27_5(cards: Sequence[int]) -> tuple:
    """Key of a five-card deuce-to-seven hand as a HIGH hand with no wheel (R3); LOWER is better."""
    ranks = [rs(c)[0] for c in cards]
    suits = {rs(c)[1] for c in cards}
    counts, ordered = _grouped(ranks)
    flush = len(suits) == 1
    straight = counts == (1, 1, 1, 1, 1) and max(ranks) - min(ranks) == 4
    if straight:
        return (8 if flush else 4, (max(ranks),))
    if flush:
        return (5, ordered)
    cat = {
        (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1, (1, 1, 1, 1, 1): 0,
    }[counts]
    return (cat, ordered)


def _a5_rank(r: int) -> int:
    """Ace-to-five rank: ace = 0 (lowest), deuce = 1, ... king = 12."""
    return 0 if r == 12 else r + 1


def ref_a5_5(cards: Sequence[int]) -> tuple:
    """Key of a five-card ace-to-five low (ace low, straights and flushes ignored); LOWER is better."""
    ranks = [_a5_rank(rs(c)[0]) for c in cards]
    counts, ordered = _grouped(ranks)
    cat = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 4, (4, 1): 5}[counts]
    return (cat, ordered)


def ref_low8_5(cards: Sequence[int]) -> tuple | None:
    """Eight-or-better key (R4: five different ranks, each 8 or lower, ace = 1) or None; LOWER is better."""
    ranks = [_a5_rank(rs(c)[0]) for c in cards]
    if len(set(ranks)) != 5 or max(ranks) > 7:  # a5 rank 7 is the eight
        return None
    return tuple(sorted(ranks, reverse=True))


def best_of(cards: Sequence[int], k: int, key: Callable[[Sequence[int]], Any], lower_better: bool = False) -> Any:
    """Best key over every k-card subset (None keys are skipped; None if none qualifies)."""
    keys = [key(sub) for sub in itertools.combinations(cards, k)]
    keys = [x for x in keys if x is not None]
    if not keys:
        return None
    return min(keys) if lower_better else max(keys)


def invert_key(key: Any) -> Any:
    """Turn a LOWER-is-better key into a LARGER-is-better comparable (None = worst of all)."""
    if key is None:
        return (0,)
    return (1, _Neg(key))


class _Neg:
    """Reverses the comparison of a wrapped key."""

    __slots__ = ("k",)

    def __init__(self, k: Any) -> None:
        self.k = k

    def __lt__(self, other: _Neg) -> bool:
        return bool(other.k < self.k)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Neg) and self.k == other.k

    def __hash__(self) -> int:
        return hash(self.k)

    def __repr__(self) -> str:
        return f"-{self.k!r}"


def ref_badugi(cards: Sequence[int], ace_high: bool) -> tuple:
    """Best badugi (R3, R10): most cards of different suits and ranks, then the lowest from the top.

    Returns a LARGER-is-better key: (size, negated ranks from the highest down).
    """
    def low(c: int) -> int:
        r = rs(c)[0]
        return r if ace_high else _a5_rank(r)

    best: tuple = (0,)
    for size in range(1, min(4, len(cards)) + 1):
        for sub in itertools.combinations(cards, size):
            if len({rs(c)[1] for c in sub}) != size or len({rs(c)[0] for c in sub}) != size:
                continue
            key = (size, tuple(-r for r in sorted((low(c) for c in sub), reverse=True)))
            best = max(best, key)
    return best


def ref_crazy4(cards: Sequence[int]) -> tuple:
    """Key of a four-card Crazy 4 hand, larger is better.

    Order: four of a kind, straight flush, three of a kind, flush, straight, two pair, pair, high
    card; A-2-3-4 is the lowest straight, A-K-Q-J the highest.
    """
    ranks = [rs(c)[0] for c in cards]
    counts, ordered = _grouped(ranks)
    flush = len({rs(c)[1] for c in cards}) == 1
    top = None
    if counts == (1, 1, 1, 1):
        srt = sorted(ranks)
        if srt[3] - srt[0] == 3:
            top = srt[3]
        elif srt == [0, 1, 2, 12]:
            top = 2
    if counts == (4,):
        return (7, ordered)
    if top is not None:
        return (6 if flush else 3, (top,))
    if counts == (3, 1):
        return (5, ordered)
    if flush:
        return (4, ordered)
    return ({(2, 2): 2, (2, 1, 1): 1, (1, 1, 1, 1): 0}[counts], ordered)


def ref_three_card(cards: Sequence[int]) -> tuple:
    """Key of a three-card hand: straight flush, trips, straight, flush, pair, high card (A-2-3 lowest straight)."""
    ranks = [rs(c)[0] for c in cards]
    counts, ordered = _grouped(ranks)
    flush = len({rs(c)[1] for c in cards}) == 1
    top = None
    if counts == (1, 1, 1):
        srt = sorted(ranks)
        if srt[2] - srt[0] == 2:
            top = srt[2]
        elif srt == [0, 1, 12]:
            top = 1
    if top is not None:
        return (5 if flush else 3, (top,))
    if counts == (3,):
        return (4, ordered)
    if flush:
        return (2, ordered)
    return ({(2, 1): 1, (1, 1, 1): 0}[counts], ordered)


# ---------------------------------------------------------------------------------------------
# The pokerkit oracle (test-only import), with results cached on disk keyed on their inputs
# ---------------------------------------------------------------------------------------------

NO_HAND = -(10**9)  # pokerkit found no hand (no qualifying eight-or-better low)


def cache_dir() -> Path:
    """``$GAMELIB_CACHE`` or ``~/.cache/gamelib``."""
    return Path(os.environ.get("GAMELIB_CACHE", Path.home() / ".cache" / "gamelib"))


def _card_text(cards: Sequence[int]) -> str:
    return "".join(RANK_CHARS[int(c) // 4] + "cdhs"[int(c) % 4] for c in cards)


def pokerkit_strengths(
    system: str,
    hands: Sequence[Sequence[int]],
    boards: Sequence[Sequence[int]] | None = None,
) -> np.ndarray:
    """pokerkit's strength of each hand (``from_game``) in its hand type for the ranking system
    ``system`` (``tests/pokerkit_hands.py``), larger is better; cached on disk.

    The strength is pokerkit's lookup entry index, negated for its low hand classes (pokerkit
    orders low hands by a larger index being worse). A hand that pokerkit cannot form (no
    eight-or-better low) gets ``NO_HAND``. The cache key is the pokerkit version, the hand class
    and the exact card bytes, so a cached result is only ever reused for the very same question.
    """
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from pokerkit_hands import HAND_TYPES  # tests/pokerkit_hands.py (imports pokerkit: only when asked)

    cls = HAND_TYPES[system]
    hand_class = cls.__name__
    pk_version = version("pokerkit")
    h = hashlib.sha256()
    h.update(f"{pk_version}|{hand_class}|".encode())
    for row in hands:
        h.update(bytes(int(c) for c in row) + b"|")
    h.update(b"#")
    if boards is not None:
        for row in boards:
            h.update(bytes(int(c) for c in row) + b"|")
    path = cache_dir() / "tests-pokerkit" / f"{h.hexdigest()}.npy"
    if path.exists():
        cached = np.load(path)
        if len(cached) == len(hands):
            return cached

    out = np.empty(len(hands), np.int64)
    for i, row in enumerate(hands):
        hole = _card_text(row)
        board = _card_text(boards[i]) if boards is not None else ""
        try:
            hand = cls.from_game(hole, board)
        except ValueError:
            out[i] = NO_HAND
            continue
        out[i] = -hand.entry.index if cls.low else hand.entry.index
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".{os.getpid()}.tmp.npy")
        np.save(tmp, out)
        os.replace(tmp, path)
    except OSError:  # pragma: no cover - a read-only cache is not an error
        pass
    return out


def hashable_rows(arr: np.ndarray) -> list[Hashable]:
    """Rows of an array as tuples."""
    return [tuple(int(x) for x in row) for row in arr]
