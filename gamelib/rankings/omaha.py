"""Omaha: exactly two hole cards with exactly three board cards, for high and eight-or-better low.

Hole hands have four cards (Omaha, Double Board Omaha) or five (Big O, Drawmaha's Omaha half).
The board has three to five cards (flop, turn, river): every two-card hole combination is paired
with every three-card board combination, and the best five-card hand counts.

The rank keys of a five-card hand are the sum of its pair's and its triple's keys, so a deal is
judged with one table look-up per combination (60 for four hole cards and a full board).

>>> import numpy as np
>>> from gamelib.cards import parse_cards
>>> hole = np.array([parse_cards("As Ks 2d 3c")])
>>> board = np.array([parse_cards("Qs Js 5s 4h 8c")])
>>> from gamelib.rankings.high import HIGH
>>> HIGH.describe(int(omaha_high(hole, board)[0]))
'flush, ace high (A-K-Q-J-5)'
>>> from gamelib.rankings.lowball import A5_LOW
>>> A5_LOW.describe(int(omaha_low8(hole, board)[0]))
'eight-five low (8-5-4-2-A)'
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from ..errors import HandSizeError
from .core import CARD_BIT, CARD_SUIT, CARD_W5, subset_indices
from .high import HIGH
from .lowball import A5_LOW, low8_from_a5

HOLE_SIZES = (4, 5)
BOARD_SIZES = (3, 4, 5)
CHUNK = 1 << 15


@lru_cache(maxsize=None)
def _low8_table5() -> np.ndarray:
    ms = A5_LOW.multiset_table(5)
    return low8_from_a5(ms).astype(np.int16)


def _check_shapes(hole: np.ndarray, board: np.ndarray) -> None:
    if hole.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"an Omaha hand has 4 or 5 hole cards, not {hole.shape[1]}")
    if board.shape[1] not in BOARD_SIZES:
        raise HandSizeError(f"an Omaha board has 3, 4 or 5 cards, not {board.shape[1]}")
    if len(hole) != len(board):
        raise HandSizeError(f"{len(hole)} hands but {len(board)} boards: give one board, or one per hand")


def _combo_keys(hole: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    pairs = subset_indices(hole.shape[1], 2)
    triples = subset_indices(board.shape[1], 3)
    hp = hole[:, pairs]  # (N, P, 2)
    bt = board[:, triples]  # (N, T, 3)
    keys = CARD_W5[hp].sum(axis=2)[:, :, None] + CARD_W5[bt].sum(axis=2)[:, None, :]
    return hp, bt, keys, pairs


def _omaha(hole: np.ndarray, board: np.ndarray, want_high: bool, want_low: bool) -> tuple[np.ndarray, np.ndarray]:
    hole = np.asarray(hole, dtype=np.intp)
    board = np.asarray(board, dtype=np.intp)
    _check_shapes(hole, board)
    ms = HIGH.multiset_table(5)
    fl = HIGH.flush_table
    lo = _low8_table5()
    high = np.zeros(len(hole), np.int32)
    low = np.zeros(len(hole), np.int32)
    for start in range(0, len(hole), CHUNK):
        h, b = hole[start : start + CHUNK], board[start : start + CHUNK]
        hp, bt, keys, _ = _combo_keys(h, b)
        n = len(h)
        if want_low:
            low[start : start + n] = lo[keys].reshape(n, -1).max(axis=1)
        if not want_high:
            continue
        vals = ms[keys]
        ps = CARD_SUIT[hp]
        pair_suit = np.where(ps[:, :, 0] == ps[:, :, 1], ps[:, :, 0], -1)
        ts = CARD_SUIT[bt]
        trip_suit = np.where((ts[:, :, 0] == ts[:, :, 1]) & (ts[:, :, 1] == ts[:, :, 2]), ts[:, :, 0], -2)
        flush = pair_suit[:, :, None] == trip_suit[:, None, :]
        if flush.any():
            masks = CARD_BIT[hp].sum(axis=2)[:, :, None] + CARD_BIT[bt].sum(axis=2)[:, None, :]
            vals = np.where(flush, fl[np.where(flush, masks, 0)], vals)
        high[start : start + n] = vals.reshape(n, -1).max(axis=1)
    return high, low


def omaha_high(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """High values (as in :mod:`gamelib.rankings.high`) of Omaha hands, one per row."""
    return _omaha(hole, board, True, False)[0]


def omaha_low8(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Eight-or-better low values (0 = no qualifying low) of Omaha hands, one per row."""
    return _omaha(hole, board, False, True)[1]


def omaha_hi_lo(hole: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and eight-or-better low values together (one key computation for both)."""
    return _omaha(hole, board, True, True)
