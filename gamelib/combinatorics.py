"""Sets of cards in colex order: every ``k``-subset of the deck as an array, and its index.

Colex order lists first every subset whose largest element is below a bound, so the subsets of
``range(m)`` are exactly the first ``C(m, k)`` rows. Ranking tables (badugi), exact frequency
counts and the banked-game enumerations all index card sets this way.

>>> combinations_array(4, 2).tolist()
[[0, 1], [0, 2], [1, 2], [0, 3], [1, 3], [2, 3]]
>>> colex_index(combinations_array(52, 3)).tolist()[:3]
[0, 1, 2]
"""

from __future__ import annotations

from functools import lru_cache
from math import comb

import numpy as np

#: ``BINOM[n, k] = C(n, k)`` for ``n <= 52`` and ``k <= 7``.
BINOM = np.array([[comb(n, k) for k in range(8)] for n in range(53)], dtype=np.int64)


def combinations_array(n: int, k: int) -> np.ndarray:
    """All ``k``-subsets of ``range(n)`` as rows (ascending), in colex order (``int8``).

    >>> combinations_array(52, 5).shape
    (2598960, 5)
    """
    return _combinations(n, k).copy()


@lru_cache(maxsize=16)
def _combinations(n: int, k: int) -> np.ndarray:
    if k == 0:
        return np.zeros((1, 0), np.int8)
    out = np.arange(n, dtype=np.int8).reshape(n, 1)
    for size in range(2, k + 1):
        # The subsets of range(last) are the first C(last, size - 1) rows of ``out``.
        parts = []
        for last in range(size - 1, n):
            head = out[: comb(last, size - 1)]
            parts.append(np.concatenate([head, np.full((len(head), 1), last, np.int8)], axis=1))
        out = np.concatenate(parts, axis=0) if parts else np.zeros((0, size), np.int8)
    out.setflags(write=False)
    return out


def colex_index(subsets: np.ndarray) -> np.ndarray:
    """The colex position of each row (ascending cards) among the subsets of its size.

    >>> int(colex_index(np.array([[2, 3]]))[0]), int(colex_index(np.array([[48, 49, 50, 51]]))[0])
    (5, 270724)
    """
    subsets = np.asarray(subsets, dtype=np.intp)
    out = np.zeros(len(subsets), np.int64)
    for j in range(subsets.shape[1]):
        out += BINOM[subsets[:, j], j + 1]
    return out
