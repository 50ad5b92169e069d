"""The board games' fast path (gamelib/analysis/odds/boards.py) against the engine's own judge.

For random known hands and partial boards, ``BoardTables.judge`` must give exactly the winner
masks that ``gamelib.engine.showdown.judge_many`` gives for the same completed boards (which
values each hand on its five-card board with the Omaha evaluators, not through three-card
tables), in every game with a board, Omaha hi-lo with four hole cards included.
"""

from __future__ import annotations

import dataclasses

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.analysis.odds.boards import BoardTables
from gamelib.engine.showdown import judge_many
from gamelib.games.pot import POT_DECLARATIONS, flop_streets

# Four hole cards dealt pre-flop (a declaration whose streets deal five would be refused).
OMAHA8 = dataclasses.replace(POT_DECLARATIONS["big-o"], key="omaha8", title="Omaha hi-lo", hole_cards=4,
                             streets=flop_streets(4))
BOARD_GAMES = [g for g in POT_DECLARATIONS.values() if g.boards] + [OMAHA8]


@settings(max_examples=40, deadline=None)
@given(game=st.sampled_from(BOARD_GAMES), seed=st.integers(0, 10**6), players=st.integers(2, 6),
       shown=st.sampled_from([0, 3, 4]))
def test_fast_path_agrees_with_judge_many(game, seed: int, players: int, shown: int) -> None:
    rng = np.random.default_rng(seed)
    deck = [int(c) for c in rng.permutation(52)]
    hands = [[deck.pop() for _ in range(game.hole_cards)] for _ in range(players)]
    boards = [[deck.pop() for _ in range(shown)] for _ in range(game.boards)]
    rest = np.array(deck, np.int8)
    tables = BoardTables.build(game, hands, boards, rest)
    assert tables is not None
    need = (5 - shown) * game.boards
    deals = rest[np.argsort(rng.random((300, len(rest))), axis=1)[:, :need]]
    got = tables.judge(deals)
    full = np.stack([np.concatenate([np.tile(np.array(b, np.int8), (300, 1)).reshape(300, shown),
                                     deals[:, k * (5 - shown):(k + 1) * (5 - shown)]], axis=1)
                     for k, b in enumerate(boards)], axis=1)
    want = judge_many(game, np.tile(np.array(hands), (300, 1, 1)), full)
    assert set(got) == set(want)
    for name in want:
        assert np.array_equal(got[name], want[name]), name


def test_no_fast_path_without_a_board_or_with_an_unknown_hand() -> None:
    deck = np.arange(10, 52, dtype=np.int8)
    assert BoardTables.build(POT_DECLARATIONS["stud8"], [[0, 1, 2, 3, 4, 5, 6]], [], deck) is None
    assert BoardTables.build(POT_DECLARATIONS["big-o"], [[0, 1, 2, 3, 4], [5, 6]], [[]], deck) is None
