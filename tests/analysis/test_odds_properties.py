"""Properties of the odds calculator, over random questions in every pot game (hypothesis).

* the players' shares add up to one pot, and each portion's shares to the portion's part;
* the answer does not change when the suits are renamed (the same permutation everywhere);
* a player holding the nuts on the river wins or ties the portion the nuts win in every deal.

Dead cards keep each question to at most a few thousand deals, so every answer is exact.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelib import POT_GAMES
from gamelib.analysis.odds import odds
from gamelib.cards import format_cards, parse_cards
from gamelib.games.pot import POT_DECLARATIONS
from gamelib.rankings import evaluate
from gamelib.rankings import system as ranking_system

FAST = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def question(key: str, seed: int, players: int) -> dict[str, Any]:
    """A random question with at most ~12 unknown-card choices: known hands (some short in stud,
    one random seat sometimes), a partial board, a declared draw, and the rest dead."""
    game = POT_DECLARATIONS[key]
    rng = np.random.default_rng(seed)
    deck = [int(c) for c in rng.permutation(52)]
    hands: list[Any] = []
    discards: list[Any] = []
    for _ in range(players):
        short = int(rng.integers(0, 3)) if game.is_stud else 0
        hand = [deck.pop() for _ in range(game.hole_cards - short)]
        hands.append(format_cards(hand))
        discards.append(format_cards(hand[:int(rng.integers(0, 2))]) if game.draws else None)
    kw: dict[str, Any] = {}
    if game.boards:
        shown = int(rng.choice([3, 4])) if not game.draws else 3
        boards = [format_cards([deck.pop() for _ in range(shown)]) for _ in range(game.boards)]
        kw = {"boards": boards} if game.boards > 1 else {"board": boards[0]}
    if game.draws:
        kw["discards"] = discards
        kw["draws_to_come"] = 1
    kw["dead"] = format_cards(deck[:-9])  # nine cards left to deal from
    return {"hands": hands, **kw}


@FAST
@given(key=st.sampled_from(POT_GAMES), seed=st.integers(0, 10**6), players=st.integers(2, 3))
def test_shares_sum_to_one_pot(key: str, seed: int, players: int) -> None:
    r = odds(key, **question(key, seed, players))
    assert r.exact
    assert sum(p.equity for p in r.players) == 1
    for p in r.players:
        assert 0 <= p.scoop <= p.equity <= 1
        for q in p.portions:
            assert 0 <= q.win + q.tie <= 1 and q.share <= q.win + q.tie


SUIT_PERMUTATIONS = [(1, 0, 3, 2), (3, 2, 1, 0), (2, 3, 0, 1), (1, 2, 3, 0)]


def renamed(cards: Any, perm: tuple[int, ...]) -> Any:
    if cards is None:
        return None
    if isinstance(cards, list):
        return [renamed(c, perm) for c in cards]
    return format_cards([(c & ~3) | perm[c & 3] for c in parse_cards(cards)])


@FAST
@given(key=st.sampled_from(POT_GAMES), seed=st.integers(0, 10**6), perm=st.sampled_from(SUIT_PERMUTATIONS))
def test_suit_permutation_changes_nothing(key: str, seed: int, perm: tuple[int, ...]) -> None:
    q = question(key, seed, 2)
    first = odds(key, **q)
    moved = odds(key, **{k: (renamed(v, perm) if k != "draws_to_come" else v) for k, v in q.items()})
    assert [p.equity for p in first.players] == [p.equity for p in moved.players]
    assert [p.scoop for p in first.players] == [p.scoop for p in moved.players]
    assert [p.portions for p in first.players] == [p.portions for p in moved.players]


#: Hands no other hand beats in a portion read without a board.
ABSOLUTE_NUTS = {"high": "As Ks Qs Js Ts", "low8": "Ac 2d 3h 4s 5c", "a5-low": "Ac 2d 3h 4s 5c",
                 "27-low": "2c 3d 4h 5s 7c", "badugi": "Ac 2d 3h 4s", "badugi-ace-high": "2c 3d 4h 5s"}


def omaha_nuts(system: str, board: list[int], deck: list[int], size: int) -> list[int]:
    """A hand of ``size`` cards holding the best two cards with ``board`` (a brute force over every
    two cards of ``deck``; each pair is valued with two blanks, so a hand holding the best
    pair and its blanks is the best hand any player can hold)."""
    rows = []
    for i, a in enumerate(deck):
        for b in deck[i + 1:]:
            rows.append([a, b] + [c for c in deck if c not in (a, b)][:size - 2])
    values = evaluate(system, np.array(rows), board=np.array([board] * len(rows)))
    return rows[int(np.argmax(values))]


@FAST
@given(key=st.sampled_from(POT_GAMES), seed=st.integers(0, 10**6))
def test_nuts_on_the_river_win_their_portion(key: str, seed: int) -> None:
    game = POT_DECLARATIONS[key]
    rng = np.random.default_rng(seed)
    p = game.portions[int(rng.integers(len(game.portions)))]
    deck = [int(c) for c in rng.permutation(52)]
    if ranking_system(p.system).uses_board:
        boards = [[deck.pop() for _ in range(5)] for _ in range(game.boards)]
        hero = omaha_nuts(p.system, boards[p.board], deck, game.hole_cards)
    else:
        hero = parse_cards(ABSOLUTE_NUTS[p.system])
        deck = [c for c in deck if c not in hero]
        boards = [[deck.pop() for _ in range(5)] for _ in range(game.boards)]
        hero += deck[:game.hole_cards - len(hero)]
    left = [c for c in deck if c not in hero]
    kw: dict[str, Any] = {"boards": [format_cards(b) for b in boards]} if game.boards > 1 else \
        {"board": format_cards(boards[0])} if game.boards else {}
    r = odds(key, [format_cards(hero), None], dead=format_cards(left[8:]), **kw)
    mine = next(q for q in r.players[0].portions if q.name == p.name)
    assert r.exact
    if p.qualifier and not any(q.name == p.name and (q.win or q.tie) for x in r.players for q in x.portions):
        return  # no hand qualifies on this board (no low possible): nothing to win
    assert mine.win + mine.tie == 1, (key, p.name)
