"""Typed hand events: the text history is rendered from them, and ``Hand.can`` agrees with ``act``.

* ``h.history`` is ``render(h.events)`` by construction: every scripted hand's rendering still
  matches its golden file, and for many random hands (the random-hand helpers of
  ``test_hand.py``) the events begin and end the hand and carry its money.
* Every event type occurs in some hand.
* ``can(kind, amount, cards)`` is True exactly when ``act`` with the same arguments succeeds on
  a copy of the hand, for random candidate actions legal and illegal; ``can`` changes nothing.
* No module of ``gamelib`` outside ``gamelib/engine/`` parses history lines: they read events.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
import sys
from pathlib import Path

import numpy as np
import pytest

from gamelib import POT_GAMES
from gamelib.engine import events as ev
from gamelib.engine.hand import Hand
from gamelib.engine.table import Table
from gamelib.errors import IllegalActionError
from gamelib.games.pot import POT_DECLARATIONS

sys.path.insert(0, str(Path(__file__).parent))  # the helpers sit next to this file
from scripted_hands import play  # noqa: E402
from test_hand import random_action, random_structure  # noqa: E402

HISTORIES = Path(__file__).parent / "hand_histories"
GAMELIB = Path(__file__).resolve().parents[2] / "gamelib"


def random_hand(key, rng, players=None):
    game = POT_DECLARATIONS[key]
    n = players or int(rng.integers(2, game.max_players + 1))
    stacks = [int(x) for x in rng.integers(1, 120, size=n)]
    return Hand(game, stacks, button=int(rng.integers(n)), structure=random_structure(game, rng),
                seed=int(rng.integers(2**31)))


def play_out(h, rng):
    steps = 0
    while not h.is_over:
        random_action(h, rng)
        steps += 1
        assert steps < 500
    return h


def special_hands():
    """Hands that show the rarer events: a reshuffle (R-A5), a community card (R-A6), a new seat."""
    h = Hand(POT_DECLARATIONS["badugi"], [100] * 8, button=0, seed=9)
    while not h.is_over:
        kinds = {a.kind for a in h.legal_actions()}
        if h.phase == "draw":
            h.act("draw", cards=list(h.down[h.to_act]))
        else:
            h.act("call" if "call" in kinds else "check")
    yield h
    h = Hand(POT_DECLARATIONS["stud8"], [100] * 8, button=0, seed=4)
    while not h.is_over:
        kinds = {a.kind for a in h.legal_actions()}
        h.act("bring-in" if "bring-in" in kinds else ("call" if "call" in kinds else "check"))
    yield h
    t = Table("big-o", "$2-$4")
    for i, p in enumerate("ABCE"):
        t.sit(i, p, 100)
    h = t.new_hand(seed=3)
    while not h.is_over:
        h.act("fold")
    t.settle()
    t.sit(5, "D", 100)
    h = t.new_hand(seed=4)
    while not h.is_over:
        h.act("fold")
    yield h


def test_the_events_of_random_hands_hold_the_hand():
    rng = np.random.default_rng(20261126)
    for i in range(1500):
        h = play_out(random_hand(POT_GAMES[i % len(POT_GAMES)], rng), rng)
        assert all(isinstance(e, ev.EVENT_TYPES) for e in h.events)
        assert isinstance(h.events[0], ev.HandStart) and isinstance(h.events[-1], ev.FinalStacks)
        assert list(h.events[-1].stacks) == h.stacks
        # the money in the events is the money in the hand
        paid = sum(e.amount for e in h.events if isinstance(e, (ev.Post, ev.Call, ev.BringIn)))
        won = sum(e.amount for e in h.events if isinstance(e, ev.Collect))
        assert won == sum(h.winnings) == sum(h.contributed) >= paid


@pytest.mark.parametrize("key", POT_GAMES)
def test_scripted_history_is_the_rendering_of_the_events(key):
    h = play(key)
    assert h.history == (HISTORIES / f"{key}.txt").read_text().splitlines()
    deals = [e for e in h.events if isinstance(e, ev.Deal)]
    for s in range(h.n):  # the last deal to a seat still in shows what it held before its draws
        mine = [e for e in deals if e.seat == s]
        assert mine and all(len(e.new_down) + len(e.new_up) > 0 for e in mine)
        assert [c for e in mine for c in e.new_up] == h.up[s]


def test_events_are_frozen():
    e = ev.Call(1, 4)
    with pytest.raises(dataclasses.FrozenInstanceError):
        e.amount = 5  # type: ignore[misc]
    assert all(dataclasses.is_dataclass(t) and t.__dataclass_params__.frozen for t in ev.EVENT_TYPES)


def test_every_event_type_occurs():
    rng = np.random.default_rng(7)
    seen: set[type] = set()
    hands = [play(key) for key in POT_GAMES] + list(special_hands())
    hands += [play_out(random_hand(POT_GAMES[i % len(POT_GAMES)], rng), rng) for i in range(300)]
    for h in hands:
        seen |= {type(e) for e in h.events}
    assert seen == set(ev.EVENT_TYPES), set(ev.EVENT_TYPES) - seen
    forced = {e.forced for h in hands for e in h.events if isinstance(e, ev.Post)}
    assert forced == {"ante", "small blind", "big blind", "new seat"}


# --- can: asked without trying ----------------------------------------------------------

KINDS = ("fold", "check", "call", "bet", "raise", "complete", "bring-in", "bring in", "draw", "stand pat",
         "discard", "Raise_To", "dance", "", 3)


def candidates(h, rng):
    """Random actions, legal and illegal: kinds, amounts, cards and seats."""
    legal = {a.kind: a for a in h.legal_actions()}
    s = h.to_act
    out = []
    for _ in range(6):
        kind = KINDS[int(rng.integers(len(KINDS)))] if rng.random() < 0.5 or not legal \
            else list(legal)[int(rng.integers(len(legal)))]
        amount = None
        a = legal.get(kind) if isinstance(kind, str) else None
        r = rng.random()
        if a is not None and a.min is not None and r < 0.7:
            amount = int(rng.integers(a.min - 2, a.max + 3))
        elif r < 0.8:
            amount = [None, 0, -1, 2.5, "4", True, np.int64(2)][int(rng.integers(7))]
        cards = None
        if s is not None and rng.random() < 0.5:
            k = int(rng.integers(0, 4))
            pool = list(h.down[s]) + [c for c in range(52) if c not in h.down[s]][:3]
            cards = [int(c) for c in rng.choice(pool, size=min(k, len(pool)), replace=False)]
            if rng.random() < 0.1:
                cards = ["2c", "2c"] if rng.random() < 0.5 else "Zz"
        seat = None if rng.random() < 0.8 else int(rng.integers(-1, h.n + 1))
        out.append((kind, amount, cards, seat))
    return out


def acts(h, kind, amount, cards, seat):
    trial = copy.deepcopy(h)
    try:
        trial.act(kind, amount, cards, seat)
    except IllegalActionError:
        return False
    return True


def state(h):
    return (list(h.stacks), h.to_act, len(h.events), list(h.contributed), list(h.committed), h.phase,
            h.current_bet, [list(d) for d in h.down], list(h.stub), list(h.muck), h.is_over)


def test_can_agrees_with_act():
    rng = np.random.default_rng(11)
    said = {True: 0, False: 0}
    for i in range(250):
        h = random_hand(POT_GAMES[i % len(POT_GAMES)], rng)
        steps = 0
        while True:
            for kind, amount, cards, seat in candidates(h, rng):
                before = state(h)
                answer = h.can(kind, amount, cards, seat) if seat is not None else h.can(kind, amount, cards)
                assert state(h) == before
                assert answer == acts(h, kind, amount, cards, seat), (kind, amount, cards, seat, h.history)
                said[answer] += 1
            if h.is_over:
                break
            for a in h.legal_actions():  # whatever legal_actions offers, can accepts
                if a.kind in ("fold", "check", "stand pat"):
                    assert h.can(a.kind)
                elif a.kind in ("call", "bring-in", "bet", "raise", "complete"):
                    assert h.can(a.kind, a.min) and h.can(a.kind, a.max)
            random_action(h, rng)
            steps += 1
            assert steps < 500
    assert said[True] > 1000 and said[False] > 1000


# --- nobody outside the engine parses the history ---------------------------------------

#: Words of history lines; a module that compares or searches with them is reading the text.
MARKERS = ("***", "posts", "antes", " is dealt", "brings in", "folds", "checks", "calls", "bets", "raises to",
           "completes to", "draws", "stands pat", "discards", "shows", "uncontested", "goes back to",
           "main pot", "side pot", "collects", "final stacks", "community card", "the stub is short",
           "R-A1", "R-A5", "R-A6", "(all in)", "(short")
SEARCHES = {"startswith", "endswith", "find", "rfind", "index", "rindex", "count", "split", "partition",
            "rpartition", "search", "match", "fullmatch", "findall", "sub"}


def _strings(node):
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for elt in node.elts for s in _strings(elt)]
    return []


def _is_history(node):
    return isinstance(node, ast.Attribute) and node.attr == "history"


def history_parsing(source: str) -> list[str]:
    """What in ``source`` reads history lines as text (empty when nothing does)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        consts: list[str] = []
        if isinstance(node, ast.Compare):
            for operand in [node.left, *node.comparators]:
                consts += _strings(operand)
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in SEARCHES:
            for arg in node.args:
                consts += _strings(arg)
        hits = [c for c in consts if any(m in c for m in MARKERS)]
        if hits:
            found.append(f"line {node.lineno}: {hits}")
        if isinstance(node, ast.Subscript) and _is_history(node.value):
            found.append(f"line {node.lineno}: a history line picked by position")
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "len" \
                and node.args and _is_history(node.args[0]):
            found.append(f"line {node.lineno}: history lines counted")
    return found


def test_the_checker_catches_history_parsing():
    assert history_parsing('x = [l for l in h.history if l.startswith("*** ")]')
    assert history_parsing('n = sum(1 for x in h.history if "posts" in x)')
    assert history_parsing('facts = [l for l in h.history[1:] if " is dealt " not in l]')
    assert history_parsing('before = len(hand.history)')
    assert not history_parsing('html = "<br>".join(h.history)')
    assert not history_parsing('q = "Who posts the small blind?"')


def test_no_module_outside_the_engine_parses_history_lines():
    offenders = {}
    for path in sorted(GAMELIB.rglob("*.py")):
        if path.parent.name == "engine":
            continue
        found = history_parsing(path.read_text())
        if found:
            offenders[str(path.relative_to(GAMELIB))] = found
    assert not offenders, offenders
