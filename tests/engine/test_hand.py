"""The hand state machine: random hands with random legal actions, refusals, and rule checks.

The property test plays 10,000 random hands across all 14 games and every structure kind
(limit, spread, pot limit, no limit) with random stacks, so all-ins and side pots are common:
chips are conserved to the dollar, every illegal action tried is refused with
IllegalActionError and changes nothing, and every hand ends with every chip awarded.
"""

from __future__ import annotations

import numpy as np
import pytest

from gamelib import POT_GAMES
from gamelib.engine.hand import Hand
from gamelib.errors import IllegalActionError
from gamelib.games.pot import (
    BIG_O_STRUCTURES,
    POT_DECLARATIONS,
    big_bet_structure,
    limit_structure,
    stud_structure,
)

N_HANDS = 10_000


def random_structure(game, rng):
    k = int(rng.integers(4))
    if game.is_stud:
        if k == 0:
            return big_bet_structure("pot-limit", 0, 2, bring_in=1)
        if k == 1:
            return big_bet_structure("no-limit", 0, 2, bring_in=1, ante=int(rng.integers(0, 2)))
        return stud_structure(2, 4, ante=int(rng.integers(0, 2)))
    if k == 0:
        return big_bet_structure("pot-limit", 1, 2)
    if k == 1:
        return big_bet_structure("no-limit", 1, 2)
    if k == 2:
        return BIG_O_STRUCTURES["$1-$4"]
    return limit_structure(int(rng.integers(1, 6)), 2 * int(rng.integers(1, 6)) + 4)


def snapshot(h):
    return (list(h.stacks), h.to_act, len(h.history), list(h.contributed), h.phase, h.current_bet)


def try_illegal(h, rng):
    """Try an action that is not legal now; it must be refused and change nothing."""
    legal = {a.kind: a for a in h.legal_actions()}
    candidates = []
    for kind in ("check", "call", "bet", "raise", "complete", "draw", "stand pat", "discard", "bring-in", "dance"):
        if kind not in legal:
            candidates.append((kind, 2, None))
    for kind in ("bet", "raise", "complete"):
        if kind in legal:
            candidates.append((kind, legal[kind].max + 1, None))
            candidates.append((kind, legal[kind].min - 1, None))
    if "draw" in legal:
        candidates.append(("draw", None, ["2c", "2c"]))
        s = h.to_act
        others = [c for c in range(52) if c not in h.down[s]]
        candidates.append(("draw", None, [others[0]]))
    if "discard" in legal:
        candidates.append(("discard", None, h.down[h.to_act][:1]))
    if not candidates:
        return 0
    kind, amount, cards = candidates[int(rng.integers(len(candidates)))]
    before = snapshot(h)
    with pytest.raises(IllegalActionError) as err:
        h.act(kind, amount=amount, cards=cards)
    assert "may:" in str(err.value) or "not legal" in str(err.value)
    assert snapshot(h) == before
    return 1


def random_action(h, rng):
    acts = h.legal_actions()
    a = acts[int(rng.integers(len(acts)))]
    if a.kind in ("fold",) and rng.random() < 0.6 and len(acts) > 1:
        a = acts[1 + int(rng.integers(len(acts) - 1))]
    if a.kind in ("bet", "raise", "complete"):
        h.act(a.kind, amount=int(rng.integers(a.min, a.max + 1)))
    elif a.kind == "draw":
        s = h.to_act
        k = int(rng.integers(1, len(h.down[s]) + 1))
        h.act("draw", cards=list(rng.choice(h.down[s], size=k, replace=False)))
    elif a.kind == "discard":
        s = h.to_act
        h.act("discard", cards=list(rng.choice(h.down[s], size=a.min, replace=False)))
    else:
        h.act(a.kind)


def play_random_hand(key, rng):
    game = POT_DECLARATIONS[key]
    n = int(rng.integers(2, game.max_players + 1))
    stacks = [int(x) for x in rng.integers(1, 120, size=n)]
    h = Hand(game, stacks, button=int(rng.integers(n)), structure=random_structure(game, rng),
             seed=int(rng.integers(2**31)))
    illegal = 0
    steps = 0
    while not h.is_over:
        assert sum(h.stacks) + h.pot == sum(stacks) and min(h.stacks) >= 0
        if rng.random() < 0.1:
            illegal += try_illegal(h, rng)
        random_action(h, rng)
        steps += 1
        assert steps < 500
    assert sum(h.stacks) == sum(stacks), h.history
    assert sum(h.winnings) == sum(h.contributed), h.history
    assert h.legal_actions() == []
    with pytest.raises(IllegalActionError):
        h.act("check")
    return illegal, h


def test_random_hands_conserve_chips_and_refuse_illegal_actions():
    rng = np.random.default_rng(20261125)
    refused = 0
    showdowns = 0
    for i in range(N_HANDS):
        key = POT_GAMES[i % len(POT_GAMES)]
        k, h = play_random_hand(key, rng)
        refused += k
        showdowns += h.showdown is not None
    assert refused > 1000
    assert showdowns > 1000


# --- eligibility: nobody wins chips he could not have won (R7, R27) ---------------------

#: Random hands for the eligibility invariant (the review's side-pot error slipped past the
#: 10,000-hand test above: it checked that chips are conserved, not who gets them).
N_ELIGIBILITY_HANDS = 100_000


def eligibility_cap(contributed, seat):
    """The most ``seat`` can win: from every seat, no more than the seat itself put in."""
    return sum(min(c, contributed[seat]) for c in contributed)


def play_short_stacked_hand(key, rng):
    """A random hand with short stacks (all-ins and side pots in most hands)."""
    game = POT_DECLARATIONS[key]
    n = int(rng.integers(2, game.max_players + 1))
    stacks = [int(x) for x in rng.integers(1, 25, size=n)]
    h = Hand(game, stacks, button=int(rng.integers(n)), structure=random_structure(game, rng),
             seed=int(rng.integers(2**31)))
    while not h.is_over:
        random_action(h, rng)
    return h, stacks


def test_a_seat_never_collects_more_than_it_was_eligible_for():
    rng = np.random.default_rng(20261126)
    side_pot_hands = 0
    for i in range(N_ELIGIBILITY_HANDS):
        key = POT_GAMES[i % len(POT_GAMES)]
        h, stacks = play_short_stacked_hand(key, rng)
        assert sum(h.winnings) == sum(h.contributed) and sum(h.stacks) == sum(stacks), h.history
        for s in range(h.n):
            assert h.winnings[s] <= eligibility_cap(h.contributed, s), (key, s, h.contributed, h.winnings, h.history)
            assert not (h.folded[s] and h.winnings[s]), (key, s, h.history)
        side_pot_hands += len({c for c, f in zip(h.contributed, h.folded, strict=True) if not f}) > 1
    assert side_pot_hands > N_ELIGIBILITY_HANDS // 10


def test_eligibility_cap_catches_the_reviewed_side_pot_error():
    """The invariant is not vacuous: the review's hand (seat 2 in for $2, paid $10) breaks it."""
    assert eligibility_cap([5, 5, 2], 2) == 6 < 10
    assert eligibility_cap([5, 5, 2], 0) == 12


# --- one scripted complete hand per game -------------------------------------------------

import sys  # noqa: E402
from pathlib import Path  # noqa: E402

sys.path.insert(0, str(Path(__file__).parent))  # scripted_hands sits next to this file
from scripted_hands import SCRIPTS, play  # noqa: E402

HISTORIES = Path(__file__).parent / "hand_histories"

#: Final stacks of the scripted hands (each checked by hand against its history).
FINAL_STACKS = {
    "archie": [120, 96, 84],
    "a5-triple-draw": [84, 96, 120],
    "27-triple-draw": [120, 96, 84],
    "badugi": [120, 96, 84],
    "badacey": [84, 96, 120],
    "badeucey": [102, 96, 102],
    "drawmaha": [96, 112, 92],
    "drawmaha-27": [96, 92, 112],
    "big-o": [102, 96, 102],
    "double-board-omaha": [118, 96, 86],
    "stud8": [103, 94, 103],
    "razzdugi": [86, 120, 94],
    "27-razzdugi": [103, 103, 94],
    "super-razzdugi": [88, 96, 116],
}


def test_every_game_has_a_scripted_hand():
    assert set(SCRIPTS) == set(POT_GAMES) == set(FINAL_STACKS)


@pytest.mark.parametrize("key", POT_GAMES)
def test_scripted_hand(key):
    h = play(key)
    assert h.is_over
    assert h.stacks == FINAL_STACKS[key]
    assert sum(h.stacks) == 300
    assert h.history == (HISTORIES / f"{key}.txt").read_text().splitlines()
    text = "\n".join(h.history)
    game = POT_DECLARATIONS[key]
    for street in game.streets:
        assert f"*** {street.name} ***" in text
    assert "*** showdown ***" in text
    if game.is_stud:
        assert "brings in" in text
    else:
        assert "posts the small blind $1" in text and "posts the big blind $2" in text
    if game.draws:
        assert "draws" in text and ("stands pat" in text or game.draws == 1)
    if any(s.discard for s in game.streets):
        assert text.count("discards") >= 3
