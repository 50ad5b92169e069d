"""The odds calculator's exact path when each hand's value comes from one group of cards at most:
each distinct hand is valued once, and every deal is valued by table look-ups.

In most questions a seat's value in a portion depends on one group of the cards still to deal
(``question.py``: a random hand, a stud hand's cards to come, a draw's replacements, a board's
cards to come) or on none: its own cards where the portion reads no board or the board is
complete (stud, the draw games, a random Big O hand on the river), the board's cards where the
seat's hand is known (Omaha on the flop or the turn). Then, once per question, the seat's value
is computed for every set of cards of the deck that group can take (``C(n, k)`` hands: 861 for
two stud cards from 42), and a deal is valued by one look-up at the colex index of its group's
cards, which is the sum of one binomial per card of the deal's positions in the deck. A board
dealt whole (five cards, before the flop) is valued as ``boards.py`` does: the best of its ten
three-card subsets, each looked up in the seat's table of every three cards of the deck.

The deals are those of ``deals._exact_deals`` as positions in the deck (every set of positions,
split among the groups in every way), and no deal is judged by itself: each one's outcome (which
seats hold the best qualifying value of each portion) is packed into a small integer and the
outcomes are counted (``deals._Tally``). A question where some seat's value depends on two
groups (a random Omaha hand with a board to come) goes the other ways (``build`` is ``None``).

>>> from gamelib.games.pot import POT_DECLARATIONS
>>> from gamelib.analysis.odds.question import read_question
>>> q = read_question(POT_DECLARATIONS["stud8"], ["As 2s 3c 4d 9h", "Ah 2h Kc Kd 7s"], None, None, None, None, None)
>>> t = GroupTables.build(q)
>>> [len(v) for v in t.tables]  # each seat's values for the 861 pairs of the 42 cards left, per portion
[861, 861, 861, 861]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from ...combinatorics import BINOM, combinations_array
from ...engine.showdown import qualifier_value
from ...rankings import evaluate_together
from ...rankings import system as ranking_system
from . import deals as dealing
from .boards import TRIPLES
from .deals import Tally, seat_assignments
from .question import OddsQuestion

#: ``BINOM32[k][c] = C(c, k)`` as ``int32`` (``k <= 7``), one row per card's place in a set.
BINOM32 = np.ascontiguousarray(BINOM.T).astype(np.int32)


@dataclass(frozen=True)
class _Source:
    """Where a seat's value in a portion comes from: a fixed value (``group`` is -1), a look-up at
    the colex index of one group's cards, or the best look-up over a five-card board group's ten
    three-card subsets (``triples``)."""

    group: int
    table: np.ndarray
    triples: bool = False


@dataclass(frozen=True)
class GroupTables:
    """Per seat and portion, the value of every set of cards its group can take (see the module
    docstring); ``sources[p][i]`` says how seat ``i`` is valued in portion ``p``."""

    question: OddsQuestion
    sources: tuple[tuple[_Source, ...], ...]
    qualifiers: tuple[int, ...]  # each portion's qualifying value (0: no qualifier)

    @property
    def tables(self) -> list[np.ndarray]:
        """Every table, portion by portion, seat by seat (fixed values are one-entry tables)."""
        return [s.table for row in self.sources for s in row]

    @staticmethod
    def build(q: OddsQuestion) -> GroupTables | None:
        """The tables of a question without deal-by-deal draws, or ``None`` when some seat's
        value depends on two groups of cards (or a seat or board has two groups).

        >>> from gamelib.games.pot import POT_DECLARATIONS
        >>> from gamelib.analysis.odds.question import read_question
        >>> q = read_question(POT_DECLARATIONS["big-o"], ["As Ad 2c 3d 4h", None], "7h 8h 9c", None, None, None, None)
        >>> GroupTables.build(q) is None  # a random hand with a board to come
        True
        """
        game, n = q.game, len(q.known)
        own: dict[int, int] = {}
        board: dict[int, int] = {}
        for g, (kind, owner, _) in enumerate(q.groups):
            where = board if kind == "board" else own
            if owner in where:
                return None  # a board dealt in parts (deal-by-deal draws): not here
            where[owner] = g
        # each portion's layout: the board it reads (-1: none) and the group each seat's value comes from
        layouts: list[tuple[int, tuple[int, ...]]] = []
        for portion in game.portions:
            system = ranking_system(portion.system)
            groups = []
            for i in range(n):
                deps = [own[i]] if i in own else []
                if system.uses_board and portion.board in board:
                    deps.append(board[portion.board])
                if len(deps) > 1:
                    return None
                groups.append(deps[0] if deps else -1)
            layouts.append((portion.board if system.uses_board else -1, tuple(groups)))
        # the portions of one layout are valued on the same hands, in one call (Omaha's two at once)
        values: dict[tuple[str, tuple[int, tuple[int, ...]]], list[_Source]] = {}
        for layout in dict.fromkeys(layouts):
            systems = sorted({p.system for p, lay in zip(game.portions, layouts, strict=True) if lay == layout})
            for system_key, seats in _evaluate(q, layout, systems).items():
                values[(system_key, layout)] = seats
        sources = tuple(tuple(values[(p.system, lay)]) for p, lay in zip(game.portions, layouts, strict=True))
        qualifiers = tuple(qualifier_value(p.system, p.qualifier) for p in game.portions)
        return GroupTables(q, sources, qualifiers)

    def keys(self, index: Sequence[np.ndarray], triples: Sequence[list[np.ndarray] | None], rows: int) -> np.ndarray:
        """The outcome key of each deal (``Tally``'s), from each group's colex indexes (and a
        whole board's ten three-card indexes)."""
        n = len(self.question.known)
        key = np.zeros(rows, np.int64)
        for p, (row, qualifier) in enumerate(zip(self.sources, self.qualifiers, strict=True)):
            values: list[np.ndarray] = []
            for s in row:
                if s.group < 0:
                    values.append(np.broadcast_to(s.table[0], (rows,)))
                elif s.triples:
                    parts = triples[s.group]
                    assert parts is not None
                    best = s.table.take(parts[0])
                    for part in parts[1:]:
                        np.maximum(best, s.table.take(part), out=best)
                    values.append(best)
                else:
                    values.append(s.table.take(index[s.group]))
            top = values[0]
            for v in values[1:]:
                top = np.maximum(top, v)
            qualified = top >= qualifier if qualifier > 0 else None
            for i, v in enumerate(values):
                m = v == top
                if qualified is not None:
                    m &= qualified
                key += m.astype(np.int64) << (p * n + i)
        return key

    def tally(self, tally: Tally, progress: Callable[[int, int], None] | None = None) -> None:
        """Count every deal of the question into ``tally`` (``progress(done, total)`` after each chunk)."""
        q = self.question
        sizes = [s for _, _, s in q.groups]
        total_cards = sum(sizes)
        whole = {s.group for row in self.sources for s in row if s.triples}
        if total_cards == 0:
            tally.add_keys(self.keys([], [], 1))
            if progress is not None:
                progress(1, 1)
            return
        union = combinations_array(len(q.deck), total_cards)
        orders = seat_assignments(sizes)
        starts = np.cumsum([0] + sizes)
        deals = len(union) * len(orders)
        step = max(1, dealing.CHUNK // len(orders))  # read here: a test makes it small
        done = 0
        depth = max(sizes)
        for start in range(0, len(union), step):
            block = union[start:start + step].astype(np.intp)
            u = len(block)
            # term[t][c]: the colex term of the card in the block's column c as the t-th card of a group
            term = np.stack([BINOM32[t + 1].take(block.T) for t in range(depth)])  # (depth, columns, u)
            index: list[np.ndarray] = []
            triples: list[list[np.ndarray] | None] = []
            for g, size in enumerate(sizes):
                cols = orders[:, starts[g]:starts[g] + size]  # (orders, size)
                idx = np.zeros((len(orders), u), np.int32)
                for t in range(size):
                    idx += term[t][cols[:, t]]
                index.append(idx.ravel())
                if g in whole:
                    triples.append([(term[0][cols[:, a]] + term[1][cols[:, b]] + term[2][cols[:, c]]).ravel()
                                    for a, b, c in TRIPLES])
                else:
                    triples.append(None)
            tally.add_keys(self.keys(index, triples, u * len(orders)))
            done += u * len(orders)
            if progress is not None:
                progress(done, deals)


def _rows(q: OddsQuestion, board_no: int, seat: int, group: int) -> tuple[np.ndarray, np.ndarray | None, bool]:
    """Seat ``seat``'s hands (and boards, when board ``board_no`` is read; -1: none) for every set
    of cards group ``group`` can take (-1: the one hand it has), and whether the boards are the
    deck's three-card subsets (a whole board to come)."""
    kept = np.array(q.kept[seat], np.int64)
    known = np.array(q.boards[board_no] if board_no >= 0 else [], np.int64)
    size = q.groups[group][2] if group >= 0 else 0
    dealt = q.deck[combinations_array(len(q.deck), size)].astype(np.int64)
    on_board = group >= 0 and q.groups[group][0] == "board"
    triples = on_board and not len(known)  # a whole board to come: by its three-card subsets
    if triples:
        dealt = q.deck[combinations_array(len(q.deck), 3)].astype(np.int64)
    rows = len(dealt)
    if not on_board:
        hands = np.concatenate([np.broadcast_to(kept, (rows, len(kept))), dealt], axis=1)
        boards = np.broadcast_to(known, (rows, len(known)))
    else:
        hands = np.broadcast_to(kept, (rows, len(kept)))
        boards = dealt if triples else np.concatenate([np.broadcast_to(known, (rows, len(known))), dealt], axis=1)
    return hands, (boards if board_no >= 0 else None), triples


def _evaluate(q: OddsQuestion, layout: tuple[int, tuple[int, ...]], systems: Sequence[str]) -> dict[str, list[_Source]]:
    """Every seat's table in each of ``systems`` (portions of one layout), the seats' hands valued
    together: one call per system, or one for Omaha's high and low together."""
    board_no, groups = layout
    parts = [_rows(q, board_no, i, g) for i, g in enumerate(groups)]
    hands = np.concatenate([h for h, _, _ in parts])
    boards = None if board_no < 0 else np.concatenate([b for _, b, _ in parts if b is not None])
    ends = np.cumsum([len(h) for h, _, _ in parts])
    found = evaluate_together(systems, hands, boards)
    return {key: [_Source(g, v.astype(np.int32)[end - len(h):end], triples)
                  for (h, _, triples), g, end in zip(parts, groups, ends, strict=True)] for key, v in found.items()}


__all__ = ["GroupTables"]
