"""Any hand played in the engine, exported as PHH, reads back to the same final stacks: every
game of gamelib (the fourteen pot games, PHH codes and the ``_gamelib`` extension), every
structure kind, short stacks and all-ins, side pots and odd chips included."""

from __future__ import annotations

import numpy as np
import pytest

from gamelib.engine.hand import Hand
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, big_bet_structure, limit_structure, stud_structure
from gamelib.handhistory import check, loads, to_record
from gamelib.handhistory.variants import read_stakes

HANDS = 12


def random_hand(key: str, rng: np.random.Generator) -> Hand:
    game = POT_DECLARATIONS[key]
    n = int(rng.integers(2, game.max_players + 1))
    k = int(rng.integers(3))
    if game.is_stud:
        st = [stud_structure(2, 4, ante=int(rng.integers(2))), big_bet_structure("pot-limit", 0, 2, bring_in=1),
              big_bet_structure("no-limit", 0, 2, bring_in=1, ante=1)][k]
    elif key == "big-o":
        st = list(BIG_O_STRUCTURES.values())[int(rng.integers(4))]
    else:
        st = [limit_structure(3, 6), big_bet_structure("pot-limit", 1, 2), big_bet_structure("no-limit", 1, 2)][k]
    h = Hand(game, [int(x) for x in rng.integers(1, 60, size=n)], button=int(rng.integers(n)), structure=st,
             seed=int(rng.integers(2**31)))
    while not h.is_over:
        s = h.to_act
        a = h.legal_actions()[int(rng.integers(len(h.legal_actions())))]
        if a.kind == "draw":
            k = int(rng.integers(1, len(h.down[s]) + 1))
            h.act("draw", cards=[int(c) for c in rng.choice(h.down[s], size=k, replace=False)])
        elif a.kind == "discard":
            h.act("discard", cards=[int(c) for c in rng.choice(h.down[s], size=a.min, replace=False)])
        elif a.kind in ("bet", "raise", "complete"):
            h.act(a.kind, int(rng.integers(a.min, a.max + 1)))
        else:
            h.act(a.kind)
    return h


@pytest.mark.parametrize("key", list(POT_DECLARATIONS))
def test_an_engine_hand_reads_back_to_the_same_stacks(key: str) -> None:
    rng = np.random.default_rng([7, list(POT_DECLARATIONS).index(key)])
    for _ in range(HANDS):
        h = random_hand(key, rng)
        record = to_record(h)
        text = record.dumps()
        back = loads(text)
        assert read_stakes(back)[0] is h.game and back.extra["_gamelib_variant"] == key
        rp = check(back)
        order = [(h.button + 1 + k) % h.n for k in range(h.n)]
        assert rp.finishing_stacks == [h.stacks[s] for s in order], text
        assert rp.finishing_stacks == back.finishing_stacks


def test_the_structure_and_seats_survive() -> None:
    h = Hand(POT_DECLARATIONS["big-o"], [40, 30, 20], button=1, structure=BIG_O_STRUCTURES["$1-$4"], seed=4)
    h.act("fold")
    record = to_record(h, players=["Ann", "Bob", "Cy"], event="club night")
    assert record.variant == "_gamelib" and record.extra["_gamelib_structure"] == "spread"
    assert record.extra["seats"] == [3, 1, 2] and record.extra["players"] == ["Cy", "Ann", "Bob"]
    assert record.starting_stacks == [20, 40, 30] and record.extra["event"] == "club night"
    game, st = read_stakes(loads(record.dumps()))
    assert (st.kind, st.small_bet, st.big_bet, st.small_blind, st.big_blind) == ("spread", 1, 4, 1, 2)


def test_an_unfinished_hand_is_a_partial_record() -> None:
    h = Hand(POT_DECLARATIONS["badugi"], [40, 30, 20], seed=4)
    h.act("call")
    record = to_record(h)
    assert record.finishing_stacks is None
    rp = check(loads(record.dumps()))
    assert not rp.complete and rp.hand.to_act == (h.to_act - h.button - 1) % 3
