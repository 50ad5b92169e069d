"""Round trips with pokerkit (a test-only, independent PHH implementation) for the variants PHH
and gamelib share: Stud 8 (``F7S/8``), 2-7 Triple Draw (``F2L3D``) and Badugi (``FB``).

- Records written by gamelib (random hands played in the engine, ``to_record``) are read and
  played by pokerkit's ``HandHistory`` and end with the same finishing stacks.
- Records written by pokerkit (random hands played in pokerkit's own game, dealt from its own
  deck, dumped with ``HandHistory.from_game_state``) replay in gamelib, every action accepted,
  to pokerkit's final stacks.

The hands are ones both rule sets settle alike: stacks deep enough that nobody goes all in (the
short all-in rulings R-A1, R-A15, R27 and the side-pot low half differ, see
``tests/engine/test_pokerkit_betting.py``), stakes in multiples of 12 chips so that no pot leaves
an odd chip (R6 gives it otherwise than pokerkit), and at most four full bets a round after the
first draw or on any stud street, pokerkit's cap for these games (R13 allows five). Everything
else is random: 2 to 6 players (2 to 4 in the draw games, so the deck is never reshuffled),
every kind of action, random draws.

Counts: ``HANDS`` (100) per variant and direction in the default run, a few seconds;
``test_large_round_trip`` (marked ``slow``, skipped unless selected with ``pytest -m slow``)
runs 1,000 per variant and direction.
"""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pokerkit import (
    Automation,
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
)
from pokerkit.notation import HandHistory

from gamelib.engine.hand import Hand
from gamelib.games.pot import POT_DECLARATIONS, Structure
from gamelib.handhistory import check, loads, to_record

HANDS = 100
SEED = 20260626
VARIANTS = {"F7S/8": "stud8", "F2L3D": "27-triple-draw", "FB": "badugi"}
UNIT = 12


def structure(key: str) -> Structure:
    if POT_DECLARATIONS[key].is_stud:
        return Structure("12/24/48 stud", "limit", 2 * UNIT, 4 * UNIT, ante=UNIT, bring_in=UNIT)
    return Structure("12/24 blinds, 24/48", "limit", 2 * UNIT, 4 * UNIT, small_blind=UNIT, big_blind=2 * UNIT)


def players(key: str, rng: np.random.Generator) -> int:
    return int(rng.integers(2, 7 if POT_DECLARATIONS[key].is_stud else 5))


def deep_stacks(n: int, rng: np.random.Generator) -> list[int]:
    return [UNIT * int(x) for x in rng.integers(100, 300, size=n)]


def play_gamelib(key: str, rng: np.random.Generator) -> Hand:
    """A random hand in the engine, within what both rule sets settle alike (module docstring)."""
    n = players(key, rng)
    h = Hand(POT_DECLARATIONS[key], deep_stacks(n, rng), button=int(rng.integers(n)), structure=structure(key),
             seed=int(rng.integers(2**31)))
    while not h.is_over:
        s = h.to_act
        legal = {str(a.kind): a for a in h.legal_actions()}
        if "draw" in legal:
            k = int(rng.integers(0, 3))
            if k == 0:
                h.act("stand pat")
            else:
                h.act("draw", cards=[int(c) for c in rng.choice(h.down[s], size=k, replace=False)])
            continue
        view = h.round_view
        first_blind_round = h.street_index == 0 and not h.game.is_stud
        room = first_blind_round or view.full_bets < 4
        agg = next((legal[k] for k in ("bet", "raise", "complete") if k in legal), None)
        r = rng.random()
        if agg is not None and room and r < 0.3:
            h.act(agg.kind, agg.min)
        elif "bring-in" in legal:
            h.act("bring-in")
        elif "call" in legal:
            h.act("fold" if r > 0.85 else "call")
        else:
            h.act("fold" if r > 0.97 else "check")
    return h


def pokerkit_stacks(text: str) -> list[int]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        *_, state = HandHistory.loads(text)
    assert not state.status, "pokerkit's hand is not over"
    return list(state.stacks)


GAME_TYPES = {"F7S/8": FixedLimitSevenCardStudHighLowSplitEightOrBetter,
              "F2L3D": FixedLimitDeuceToSevenLowballTripleDraw, "FB": FixedLimitBadugi}
AUTOMATIONS = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
               Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
               Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
               Automation.CHIPS_PULLING)


def play_pokerkit(variant: str, rng: np.random.Generator) -> tuple[str, list[int]]:
    """A random hand in pokerkit's own game and deck: its PHH record and final stacks."""
    key = VARIANTS[variant]
    n = players(key, rng)
    random.seed(int(rng.integers(2**31)))  # pokerkit shuffles its deck with the random module
    if POT_DECLARATIONS[key].is_stud:
        game = GAME_TYPES[variant](AUTOMATIONS, False, UNIT, UNIT, 2 * UNIT, 4 * UNIT)
    else:
        game = GAME_TYPES[variant](AUTOMATIONS, False, 0, (UNIT, 2 * UNIT), 2 * UNIT, 4 * UNIT)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        state = game(deep_stacks(n, rng), n)
        while state.status:
            r = rng.random()
            if state.can_stand_pat_or_discard():
                i = state.stand_patter_or_discarder_index
                k = int(rng.integers(0, 3))
                state.stand_pat_or_discard(list(rng.permutation(state.hole_cards[i]))[:k])
            elif state.can_post_bring_in() and r < 0.7:
                state.post_bring_in()
            elif state.can_complete_bet_or_raise_to() and r < 0.3:
                state.complete_bet_or_raise_to()
            elif state.can_check_or_call() and (r < 0.85 or not state.can_fold()):
                state.check_or_call()
            elif state.can_fold():
                state.fold()
            else:
                state.complete_bet_or_raise_to()
        return HandHistory.from_game_state(game, state).dumps(), list(state.stacks)


def gamelib_to_pokerkit(variant: str, hands: int, seed: int) -> int:
    rng = np.random.default_rng([seed, list(VARIANTS).index(variant)])
    showdowns = 0
    for _ in range(hands):
        h = play_gamelib(VARIANTS[variant], rng)
        record = to_record(h)
        assert record.variant == variant
        text = record.dumps()
        assert pokerkit_stacks(text) == record.finishing_stacks, text
        showdowns += h.showdown is not None
    return showdowns


def pokerkit_to_gamelib(variant: str, hands: int, seed: int) -> int:
    rng = np.random.default_rng([seed, 10 + list(VARIANTS).index(variant)])
    showdowns = 0
    for _ in range(hands):
        text, stacks = play_pokerkit(variant, rng)
        rp = check(loads(text))
        assert rp.complete, text
        assert rp.finishing_stacks == stacks, text
        showdowns += rp.hand.showdown is not None
    return showdowns


@pytest.mark.parametrize("variant", VARIANTS)
def test_gamelib_records_play_in_pokerkit(variant: str) -> None:
    showdowns = gamelib_to_pokerkit(variant, HANDS, SEED)
    assert showdowns >= HANDS // 10


@pytest.mark.parametrize("variant", VARIANTS)
def test_pokerkit_records_replay_in_gamelib(variant: str) -> None:
    showdowns = pokerkit_to_gamelib(variant, HANDS, SEED)
    assert showdowns >= HANDS // 10


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_large_round_trip(variant: str, request: pytest.FixtureRequest) -> None:
    expr = request.config.getoption("markexpr") or ""
    if "slow" not in expr or "not slow" in expr:
        pytest.skip("1,000 hands per variant and direction: select it with pytest -m slow")
    assert gamelib_to_pokerkit(variant, 1000, SEED + 1) >= 100
    assert pokerkit_to_gamelib(variant, 1000, SEED + 1) >= 100
