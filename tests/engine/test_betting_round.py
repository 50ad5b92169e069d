"""The betting round's public view (``Hand.round_view``) and the action and phase enums.

The view is what ``legal_actions`` and ``can`` read, so over many random hands it must agree
with them at every decision: the seat in turn may bet, raise or complete exactly when the view
says it may (less the stud bring-in's completion when the seat has no chips beyond the
bring-in), and what it must call is the view's ``to_call`` within its stack. The scripted cases
check the R-A1 reopening, the cap and the stud bring-in in the view's own words.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from gamelib.engine import events as ev
from gamelib.engine.actions import ActionKind, Phase, read_action
from gamelib.engine.betting_round import RoundView
from gamelib.engine.hand import Hand
from gamelib.games.pot import POT_DECLARATIONS, big_bet_structure, limit_structure


def _random_action(h: Hand, rng: np.random.Generator) -> None:
    legal = h.legal_actions()
    s = h.to_act
    if h.phase.names_cards:
        a = legal[int(rng.integers(len(legal)))]
        if a.kind is ActionKind.STAND_PAT:
            h.act("stand pat")
        else:
            k = int(rng.integers(a.min, a.max + 1))
            h.act(a.kind, cards=[int(c) for c in rng.choice(h.down[s], k, replace=False)])
        return
    a = legal[int(rng.integers(len(legal)))]
    if a.kind.is_wager:
        h.act(a.kind, int(rng.choice([a.min, a.max, int(rng.integers(a.min, a.max + 1))])))
    else:
        h.act(a.kind)


@pytest.mark.parametrize("key", ["badugi", "stud8", "big-o", "super-razzdugi", "27-razzdugi"])
def test_the_view_agrees_with_the_legal_actions(key):
    rng = np.random.default_rng(20)
    decisions = 0
    for hand in range(150):
        game = POT_DECLARATIONS[key]
        n = int(rng.integers(2, min(game.max_players, 6) + 1))
        structure = [None,
                     big_bet_structure("no-limit", 0 if game.is_stud else 1, 2, bring_in=1 if game.is_stud else 0),
                     big_bet_structure("pot-limit", 0 if game.is_stud else 1, 2, bring_in=1 if game.is_stud else 0),
                     ][hand % 3]
        h = Hand(game, [int(x) for x in rng.integers(1, 40, size=n)], button=int(rng.integers(n)),
                 structure=structure, seed=hand)
        while not h.is_over:
            s = h.to_act
            if h.phase is Phase.BET:
                v = h.round_view
                kinds = {a.kind: a for a in h.legal_actions()}
                wagers = [k for k in kinds if k.is_wager]
                if not v.awaiting_bring_in:
                    assert bool(wagers) == (s in v.may_raise), (key, hand, h.history)
                    call = kinds.get(ActionKind.CALL)
                    assert (call.min if call else 0) == min(v.to_call[s], h.stacks[s])
                elif wagers:
                    assert s in v.may_raise
                assert s in v.still_to_act and v.current_bet == h.current_bet
                assert all(c <= v.current_bet for c in h.committed)  # nobody is ever owed a call
                decisions += 1
            _random_action(h, rng)
        assert h.phase is Phase.OVER and h.round_view.still_to_act == frozenset()
    assert decisions > 500


def test_a_short_all_in_raise_does_not_reopen_the_betting():
    """R-A1: seat 0 raises to $4, the small blind goes all in for $5 (short of a full $2 raise):
    the big blind, who has not acted, may raise; seat 0, who acted on $4, may only call."""
    h = Hand(POT_DECLARATIONS["badugi"], [50, 5, 50], button=0, structure=big_bet_structure("no-limit", 1, 2),
             seed=1)
    h.act("raise", 4)  # seat 0
    h.act("raise", 5)  # seat 1, the small blind, all in
    v = h.round_view
    assert (v.current_bet, v.last_full_raise, v.full_bets) == (5, 2, 2)
    assert v.acted_on[0] == 4 and v.acted_on[2] is None
    assert 0 not in v.open_to and 2 in v.open_to
    assert h.to_act == 2 and 2 in v.may_raise and v.to_call[2] == 3
    h.act("call")
    v = h.round_view
    assert h.to_act == 0 and 0 not in v.may_raise and not v.reopened_for(0) and v.to_call[0] == 1
    assert [a.kind for a in h.legal_actions()] == ["fold", "call"]


def test_the_cap_in_the_view():
    h = Hand(POT_DECLARATIONS["badugi"], [100, 100], structure=limit_structure(2, 4), seed=1)
    assert (h.round_view.full_bets, h.round_view.cap, h.round_view.raises_left) == (1, 5, 4)
    for total in (4, 6, 8, 10):
        h.act("raise", total)
    v = h.round_view
    assert v.capped and v.raises_left == 0 and v.may_raise == frozenset()
    assert [a.kind for a in h.legal_actions()] == ["fold", "call"]


def test_the_stud_bring_in_in_the_view():
    h = Hand(POT_DECLARATIONS["stud8"], [20, 20, 20], seed=1)
    v = h.round_view
    assert v.awaiting_bring_in and not v.bring_in_bet and v.current_bet == 0
    h.act("bring-in")
    v = h.round_view
    assert not v.awaiting_bring_in and v.bring_in_bet and v.current_bet == 1 and v.full_bets == 0
    h.act("complete", 2)
    v = h.round_view
    assert not v.bring_in_bet and v.full_bets == 1 and v.last_full_raise == 2


def test_the_view_is_read_only():
    v = Hand(POT_DECLARATIONS["big-o"], [20, 20], seed=1).round_view
    assert isinstance(v, RoundView)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.current_bet = 0  # type: ignore[misc]


def test_actions_and_phases_are_enums_that_read_as_words():
    h = Hand(POT_DECLARATIONS["badugi"], [50, 50], seed=3)
    kinds = [a.kind for a in h.legal_actions()]
    assert all(isinstance(k, ActionKind) for k in kinds) and kinds == ["fold", "call", "raise"]
    assert repr(kinds) == "['fold', 'call', 'raise']" and isinstance(h.phase, Phase) and h.phase == "bet"
    assert h.can("call") and h.can(ActionKind.CALL) and h.can("Raise_To", 4) and not h.can("shove")
    assert read_action("bring in") is ActionKind.BRING_IN and read_action("standpat") is ActionKind.STAND_PAT
    h.act("call")
    assert isinstance(h.events[-1], ev.Call) and h.events[-1].kind is ActionKind.CALL
    assert {k: e.kind for k, e in ev.ACTION_EVENTS.items()} == {k: k for k in ActionKind}
