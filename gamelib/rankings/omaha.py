"""Omaha: exactly two hole cards with exactly three board cards, for high and eight-or-better low.

Hole hands have four cards (Omaha, Double Board Omaha) or five (Big O, Drawmaha's Omaha half).
The board has three to five cards (flop, turn, river): every two-card hole combination is paired
with every three-card board combination, and the best five-card hand counts.

The rank keys of a five-card hand are the sum of its pair's and its triple's keys, so the high
hand ignoring suits is one table look-up per combination (60 for four hole cards and a full
board); flushes are looked for only in the rows where the board has three or more cards of a
suit and the hole two or more of the same suit. The eight-or-better low needs no combinations
at all: it depends only on the set of low ranks (ace to eight) in the hole and the set on the
board, so one look-up in a 256 x 256 table (built once) gives it.

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

import itertools
from collections import Counter
from functools import cache

import numpy as np

from ..errors import HandSizeError
from .core import CARD_BIT, CARD_RANK, CARD_SUIT, CARD_W5, W5, subset_indices
from .high import HIGH
from .lowball import A5_LOW

HOLE_SIZES = (4, 5)
BOARD_SIZES = (3, 4, 5)
CHUNK = 1 << 14  # rows per block: a block's (combinations x rows) keys stay in cache

# Low-rank bit of each card for eight-or-better: ace -> bit 0, deuce -> bit 1, ... eight -> bit 7,
# nine and up -> no bit (RULINGS R4).
CARD_LOWBIT = np.array(
    [1 if r == 12 else (1 << (r + 1) if r <= 6 else 0) for r in CARD_RANK], dtype=np.uint8
)
CARD_RANK_INTP = CARD_RANK.astype(np.intp)
# One 4-bit counter per suit.
CARD_SUITCOUNT = (1 << (4 * CARD_SUIT)).astype(np.int32)


@cache
def omaha_low8_table() -> np.ndarray:
    """Best Omaha eight-or-better value for every (hole low-rank set, board low-rank set).

    Indexed by ``hole_mask * 256 + board_mask`` (8-bit masks of the distinct ranks ace..eight);
    the value is the best ace-to-five value of two hole ranks and three other board ranks, or 0.

    >>> t = omaha_low8_table()
    >>> int(t[0b00000011 * 256 + 0b00011100]) == A5_LOW.n_classes  # A-2 in hand, 3-4-5 on board
    True
    """
    five = np.zeros(256, np.int16)
    for combo in itertools.combinations(range(8), 5):
        ranks = [12 if b == 0 else b - 1 for b in combo]
        five[sum(1 << b for b in combo)] = A5_LOW.value_of(ranks, False)
    masks = np.arange(256)
    pop = np.bitwise_count(masks.astype(np.uint8))
    table = np.zeros((256, 256), np.int16)
    for p in masks[pop == 2]:
        rows = np.flatnonzero((masks & p) == p)
        for t in masks[pop == 3]:
            if p & t:
                continue
            cols = np.flatnonzero((masks & t) == t)
            block = np.ix_(rows, cols)
            table[block] = np.maximum(table[block], five[p | t])
    table.setflags(write=False)
    return table.ravel()


def _check_shapes(hole: np.ndarray, board: np.ndarray) -> None:
    if hole.ndim != 2 or hole.shape[1] not in HOLE_SIZES:
        raise HandSizeError(f"an Omaha hand has 4 or 5 hole cards, not {hole.shape[-1]}")
    if board.ndim != 2 or board.shape[1] not in BOARD_SIZES:
        raise HandSizeError(f"an Omaha board has 3, 4 or 5 cards, not {board.shape[-1]}")
    if len(hole) != len(board):
        raise HandSizeError(f"{len(hole)} hands but {len(board)} boards: give one board, or one per hand")


def _low8(hole_t: np.ndarray, board_t: np.ndarray) -> np.ndarray:
    """Eight-or-better values from transposed (cards, rows) hole and board arrays."""
    hmask = CARD_LOWBIT.take(hole_t[0])
    for col in hole_t[1:]:
        hmask |= CARD_LOWBIT.take(col)
    bmask = CARD_LOWBIT.take(board_t[0])
    for col in board_t[1:]:
        bmask |= CARD_LOWBIT.take(col)
    index = (hmask.astype(np.intp) << 8) | bmask
    out: np.ndarray = omaha_low8_table().take(index).astype(np.int32)
    return out


def _flush_rows(hole_t: np.ndarray, board_t: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Rows whose board has 3+ cards of a suit and whose hole has 2+ of that same suit, and their
    board suit counters."""
    hs = CARD_SUITCOUNT.take(hole_t[0])
    for col in hole_t[1:]:
        hs += CARD_SUITCOUNT.take(col)
    bs = CARD_SUITCOUNT.take(board_t[0])
    for col in board_t[1:]:
        bs += CARD_SUITCOUNT.take(col)
    # A counter c >= 3 sets bit 3 once 5 is added, c >= 2 once 6 is added (c <= 5: no carry).
    rows = np.flatnonzero(((bs + 0x5555) & (hs + 0x6666)) & 0x8888)
    return rows, bs[rows]


@cache
def board_index_table(n_board: int) -> np.ndarray:
    """Dense index (0, 1, ...) of every ``n_board``-card rank multiset, keyed by its ``W5`` sum.

    >>> int(board_index_table(3).max()) + 1  # C(15, 3) multisets of three ranks
    455
    """
    combos = _board_multisets(n_board)
    keys = W5[combos].sum(axis=1)
    table = np.full(int(keys.max()) + 1, -1, np.int32)
    table[keys] = np.arange(len(combos), dtype=np.int32)
    table.setflags(write=False)
    return table


@cache
def _board_multisets(n_board: int) -> np.ndarray:
    return np.array(
        [c for c in itertools.combinations_with_replacement(range(13), n_board) if max(Counter(c).values()) <= 4],
        dtype=np.intp,
    )


@cache
def pair_board_table(n_board: int) -> np.ndarray:
    """Best high value ignoring suits of two hole ranks with three of the board's ranks.

    Indexed by ``(rank1 * 13 + rank2) * n_boards + board_index`` (see :func:`board_index_table`),
    so an Omaha hand's high hand ignoring flushes is the best of one look-up per hole pair (6 for
    four hole cards) instead of one per pair and board triple (60). Entries for impossible
    deals (five cards of a rank) are never read.

    >>> t = pair_board_table(3)
    >>> t.shape
    (76895,)
    """
    ms = HIGH.multiset_table(5)
    boards = _board_multisets(n_board)
    counts = np.zeros((len(boards), 13), np.int32)
    for j in range(n_board):
        np.add.at(counts, (np.arange(len(boards)), boards[:, j]), 1)
    triples = subset_indices(n_board, 3)
    tkeys = W5[boards[:, triples]].sum(axis=2)  # (boards, triples)
    table = np.zeros((13, 13, len(boards)), np.int16)
    for r1 in range(13):
        for r2 in range(r1, 13):
            if r1 == r2:
                possible = counts[:, r1] <= 2
            else:
                possible = (counts[:, r1] <= 3) & (counts[:, r2] <= 3)
            keys = np.where(possible[:, None], tkeys + W5[r1] + W5[r2], 0)
            keys = np.where(keys < len(ms), keys, 0)
            best = ms[keys].max(axis=1)
            table[r1, r2] = table[r2, r1] = np.where(possible, best, 0)
    table.setflags(write=False)
    return table.ravel()


def _high_ranks(hole_t: np.ndarray, board_t: np.ndarray) -> np.ndarray:
    """Best high value ignoring flushes: the best over hole pairs of the pair-with-board table."""
    n_board = board_t.shape[0]
    bidx = board_index_table(n_board)
    table = pair_board_table(n_board)
    n_boards = int(bidx.max()) + 1
    n = hole_t.shape[1]
    out = np.empty(n, np.int32)
    pairs = subset_indices(hole_t.shape[0], 2)
    for start in range(0, n, CHUNK):
        bkey = CARD_W5.take(board_t[0, start : start + CHUNK])
        for col in board_t[1:]:
            bkey += CARD_W5.take(col[start : start + CHUNK])
        base = bidx.take(bkey)
        ranks = [CARD_RANK_INTP.take(col[start : start + CHUNK]) for col in hole_t]
        best = table.take((ranks[pairs[0, 0]] * 13 + ranks[pairs[0, 1]]) * n_boards + base)
        for i, j in pairs[1:]:
            np.maximum(best, table.take((ranks[i] * 13 + ranks[j]) * n_boards + base), out=best)
        out[start : start + len(base)] = best
    return out


@cache
def _top_bits() -> tuple[np.ndarray, np.ndarray]:
    """For every 13-bit rank mask, the mask of its two highest ranks and of its three highest.

    >>> top2, top3 = _top_bits()
    >>> bin(int(top2[0b1011001])), bin(int(top3[0b1011001]))
    ('0b1010000', '0b1011000')
    """
    rest = np.arange(1 << 13)
    taken = np.zeros(1 << 13, np.intp)
    tops = []
    for _ in range(3):
        high = np.zeros(1 << 13, np.intp)
        for r in range(13):  # the highest rank left is the last one found
            high = np.where(rest >> r & 1, 1 << r, high)
        taken |= high
        rest &= ~high
        tops.append(taken.copy())
    return tops[1], tops[2]


#: The ten straights as 13-bit rank masks (the wheel, A-2-3-4-5, first).
STRAIGHT_MASKS = np.array([0b1000000001111] + [0b11111 << low for low in range(9)], np.intp)


def _high_flush(hole_t: np.ndarray, board_t: np.ndarray, board_suits: np.ndarray) -> np.ndarray:
    """Best flush value of a few rows (0 if none): a board suit with 3+ cards is given per row.

    With the ranks of that suit held in the hole (``hm``, two or more) and on the board (``bm``,
    three or more), the best flush of exactly two and three of them is the two highest with the
    three highest (every other choice is lower, rank by rank), unless a straight flush can be
    made: a straight using exactly two hole ranks and the rest from the board.
    """
    counts = np.stack([(board_suits >> (4 * s)) & 15 for s in range(4)])
    fsuit = counts.argmax(axis=0)  # the one suit with 3+ cards on a board of 3-5
    hm = np.zeros(hole_t.shape[1], np.intp)
    for col in hole_t:
        hm |= np.where(CARD_SUIT.take(col) == fsuit, CARD_BIT.take(col), 0)
    bm = np.zeros(hole_t.shape[1], np.intp)
    for col in board_t:
        bm |= np.where(CARD_SUIT.take(col) == fsuit, CARD_BIT.take(col), 0)
    top2, top3 = _top_bits()
    flush = HIGH.flush_table  # 0 for masks of fewer than five ranks
    best: np.ndarray = flush.take(top2.take(hm) | top3.take(bm)).astype(np.int32)
    s = STRAIGHT_MASKS[None, :]
    made = (np.bitwise_count(s & hm[:, None]) == 2) & ((s & ~(hm | bm)[:, None]) == 0)
    if made.any():
        best = np.maximum(best, np.where(made, flush.take(s), 0).max(axis=1).astype(np.int32))
    return best


def _omaha(hole: np.ndarray, board: np.ndarray, want_high: bool, want_low: bool) -> tuple[np.ndarray, np.ndarray]:
    hole = np.asarray(hole)
    board = np.asarray(board)
    _check_shapes(hole, board)
    hole_t = np.ascontiguousarray(hole.T)
    board_t = np.ascontiguousarray(board.T)
    high = np.zeros(len(hole), np.int32)
    low = np.zeros(len(hole), np.int32)
    if want_low:
        low = _low8(hole_t, board_t)
    if want_high:
        high = _high_ranks(hole_t, board_t)
        rows, board_suits = _flush_rows(hole_t, board_t)
        if rows.size:
            flush = _high_flush(hole_t[:, rows], board_t[:, rows], board_suits)
            high[rows] = np.maximum(high[rows], flush)
    return high, low


def omaha_high(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """High values (as in :mod:`gamelib.rankings.high`) of Omaha hands, one per row.

    >>> omaha_high(np.array([[51, 47, 0, 1]]), np.array([[43, 39, 35, 4, 8]])).tolist()
    [7462]
    """
    return _omaha(hole, board, True, False)[0]


def omaha_low8(hole: np.ndarray, board: np.ndarray) -> np.ndarray:
    """Eight-or-better low values (0 = no qualifying low) of Omaha hands, one per row.

    >>> omaha_low8(np.array([[51, 47, 0, 1]]), np.array([[43, 39, 35, 4, 8]])).tolist()
    [0]
    """
    return _omaha(hole, board, False, True)[1]


def omaha_hi_lo(hole: np.ndarray, board: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """High and eight-or-better low values together.

    >>> high, low = omaha_hi_lo(np.array([[51, 0, 5, 40]]), np.array([[8, 12, 17, 44, 30]]))
    >>> HIGH.describe(int(high[0])), A5_LOW.describe(int(low[0]))
    ('flush, king high (K-Q-5-4-2)', 'six-five low (6-5-4-2-A)')
    """
    return _omaha(hole, board, True, True)
