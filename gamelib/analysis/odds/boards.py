"""The odds calculator's fast path for board games whose hands are all known.

An Omaha hand's value on a five-card board is the best of its values on the board's ten
three-card subsets (exactly two hole cards with exactly three board cards). So, once per
question, each player's value is computed for every three-card subset of the cards a board can
still hold (``C(n, 3)`` rows, a few thousand), and then each of the board deals (hundreds of
thousands) is valued by ten look-ups (a numpy gather) and a maximum, per player and portion.
Portions read without the board (Drawmaha's draw half) are valued once per player.

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.cards import parse_cards
>>> deck = np.array([c for c in range(52) if c not in parse_cards("As Ad 2c 3d 4h Ks Kd Qc Jh Tc 7h 8h 9c")], np.int8)
>>> t = BoardTables.build(POT_DECLARATIONS["big-o"], [parse_cards("As Ad 2c 3d 4h"), parse_cards("Ks Kd Qc Jh Tc")],
...                       [parse_cards("7h 8h 9c")], deck)
>>> t.tables[0].shape  # (players, three-card subsets of the 42 cards a board can hold)
(2, 11480)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ...combinatorics import BINOM, combinations_array
from ...engine.showdown import winners_from_values
from ...games.pot import PotGame
from ...rankings import evaluate
from ...rankings import system as ranking_system

#: The ten three-card subsets of a five-card board, as column indexes.
TRIPLES = combinations_array(5, 3).astype(np.intp)


@dataclass(frozen=True)
class BoardTables:
    """Per-player value tables over the three-card subsets of the cards a board can hold.

    ``tables[p]`` is ``(players, C(n, 3))`` for a board portion ``p`` (``None`` for a portion
    read without a board, whose values are ``fixed[p]``); ``pool_index`` maps a card to its
    place among the ``n`` cards.
    """

    game: PotGame
    boards: tuple[tuple[int, ...], ...]
    pool_index: np.ndarray
    tables: tuple[np.ndarray | None, ...]
    fixed: tuple[np.ndarray | None, ...]
    players: int

    @staticmethod
    def build(game: PotGame, hands: Sequence[Sequence[int]], boards: Sequence[Sequence[int]],
              deck: np.ndarray) -> BoardTables | None:
        """The tables for these known hands and boards, or ``None`` where the fast path does not
        apply (a game without a board, or a hand that is not complete).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> BoardTables.build(POT_DECLARATIONS["badugi"], [[0, 5, 10, 15]], [], np.arange(16, 52)) is None
        True
        """
        if not game.boards or any(len(h) != game.hole_cards for h in hands):
            return None
        pool = np.array(sorted({int(c) for b in boards for c in b} | {int(c) for c in deck}), np.int8)
        pool_index = np.full(52, -1, np.intp)
        pool_index[pool.astype(np.intp)] = np.arange(len(pool))
        triples = pool[combinations_array(len(pool), 3)]
        holes = np.array(hands, np.int64)
        tables: list[np.ndarray | None] = []
        fixed: list[np.ndarray | None] = []
        for p in game.portions:
            system = ranking_system(p.system)
            if system.uses_board:
                rows = [system.evaluate_array(np.repeat(h[None, :], len(triples), axis=0), triples.astype(np.int64))
                        for h in holes]
                tables.append(np.stack(rows).astype(np.int32))
                fixed.append(None)
            else:
                tables.append(None)
                fixed.append(evaluate(p.system, holes).astype(np.int64))
        return BoardTables(game, tuple(tuple(int(c) for c in b) for b in boards), pool_index,
                           tuple(tables), tuple(fixed), len(hands))

    def triple_index(self, full: np.ndarray) -> np.ndarray:
        """The ten three-card subsets' indexes ``(10, deals)`` of full boards ``(deals, 5)``."""
        pos = np.sort(self.pool_index[full.astype(np.intp)], axis=1)
        return np.stack([BINOM[pos[:, a], 1] + BINOM[pos[:, b], 2] + BINOM[pos[:, c], 3] for a, b, c in TRIPLES])

    def judge(self, deals: np.ndarray) -> dict[str, np.ndarray]:
        """Winner masks ``(deals, players)`` per portion for board deals (the boards' unknown
        cards side by side, board 1's first), as ``gamelib.engine.showdown.judge_many`` gives.

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> from gamelib.cards import parse_cards
        >>> deck = np.array([c for c in range(52) if c not in parse_cards("As Ad 2c 3d 4h Ks Kd Qc Jh Tc 7h 8h 9c 6c")],
        ...                 np.int8)
        >>> t = BoardTables.build(POT_DECLARATIONS["big-o"],
        ...                       [parse_cards("As Ad 2c 3d 4h"), parse_cards("Ks Kd Qc Jh Tc")],
        ...                       [parse_cards("7h 8h 9c 6c")], deck)
        >>> t.judge(np.array([[parse_cards("2h")[0]]], np.int8))["high"].tolist()
        [[False, True]]
        """
        rows = len(deals)
        at = 0
        index = []
        for b in self.boards:
            need = 5 - len(b)
            full = np.concatenate([np.broadcast_to(np.array(b, np.int8), (rows, len(b))), deals[:, at:at + need]],
                                  axis=1)
            at += need
            index.append(self.triple_index(full))
        players = self.players
        values: dict[str, np.ndarray] = {}
        for portion, table, fixed in zip(self.game.portions, self.tables, self.fixed, strict=True):
            if table is not None:
                idx = index[portion.board]
                v = np.empty((rows, players), np.int64)
                for i in range(players):
                    best = table[i].take(idx[0])
                    for j in range(1, 10):
                        np.maximum(best, table[i].take(idx[j]), out=best)
                    v[:, i] = best
            else:
                assert fixed is not None  # a portion without a board table has fixed values
                v = np.broadcast_to(fixed, (rows, players))
            values[portion.name] = v
        return winners_from_values(self.game, values)


__all__ = ["BoardTables", "TRIPLES"]
