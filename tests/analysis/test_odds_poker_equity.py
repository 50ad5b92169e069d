"""The odds calculator against poker-equity (a Rust engine, a test and benchmark-only dependency),
exactly, on the questions both engines answer by walking every deal.

The games both cover: Big O (poker-equity's ``omaha_five_hi_lo``), Seven Card Stud Eight or
Better (``stud_hi_lo``), badugi with one draw (``badugi``) and deuce-to-seven with one draw
(gamelib's Deuce-to-Seven Triple Draw with one draw to come; ``deuce_seven``). For each game,
``QUESTIONS`` random questions: two or three players, every street (a board of 0, 3, 4 or 5
cards; stud hands of 3 to 7 cards), known hands and random ones, declared draws of 0 to 3 cards
(the thrown cards are dead cards to poker-equity), and dead cards that keep each question to a
few tens of thousands of deals at most (so both answers are exact and the test takes seconds).

Both must agree: the same number of deals, each seat's share of the pot within 1e-12
(poker-equity adds floats), and exactly the same counts of scoops and of wins and ties of each
portion (poker-equity's ``high_*`` and ``low_*`` counts: gamelib's first and second portions).

A random hand in a draw game is dealt at the showdown (no draw to come): gamelib leaves a random
hand's draw to its automatic player, poker-equity deals it as unknown cards.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from gamelib.analysis.odds import odds
from gamelib.cards import format_cards
from gamelib.games.pot import POT_DECLARATIONS

pe = pytest.importorskip("poker_equity", reason="poker-equity (requirements.txt, tests and benchmarks only) "
                                                "is not installed: pip install -r requirements.txt")

#: gamelib's game key -> poker-equity's variant.
VARIANTS = {"big-o": "omaha_five_hi_lo", "stud8": "stud_hi_lo", "badugi": "badugi", "27-triple-draw": "deuce_seven"}
#: Random questions per game.
QUESTIONS = 200
#: The most deals of a question (drawn log-uniformly up to this).
MOST_DEALS = 40_000


def poker_equity_request(key: str, hands: list[str | None], board: str = "", dead: str = "",
                         discards: list[str | None] | None = None) -> tuple[str, list[str], str, str]:
    """The same question in poker-equity's words: ``(variant, fields, board, dead)``.

    A known hand is its cards (those kept after a declared draw: a short field is a draw); a
    random hand is one ``*`` per card (in stud, as many as the others show); the cards thrown
    in a declared draw are dead cards.

    >>> poker_equity_request("badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], discards=["Kh", ""])
    ('badugi', ['As2d3h', '2c4d6h8s'], '', 'Kh')
    """
    from gamelib.cards import parse_cards
    game = POT_DECLARATIONS[key]
    thrown = [parse_cards(d or "") for d in (discards or [None] * len(hands))]
    shown = max((len(parse_cards(h)) for h in hands if h is not None), default=game.hole_cards)
    fields = []
    for h, t in zip(hands, thrown, strict=True):
        if h is None:
            fields.append("*" * (shown if game.is_stud else game.hole_cards))
        else:
            fields.append(format_cards([c for c in parse_cards(h) if c not in t]).replace(" ", ""))
    out = format_cards(parse_cards(dead) + [c for t in thrown for c in t])
    return VARIANTS[key], fields, board, out


def random_question(key: str, seed: int) -> dict[str, Any]:
    """A random exact question of ``key``: odds() keywords (``hands`` with None for a random hand)."""
    game = POT_DECLARATIONS[key]
    rng = np.random.default_rng(seed)
    deck = [int(c) for c in rng.permutation(52)]
    players = int(rng.integers(2, 4))
    hands: list[str | None] = []
    discards: list[str | None] = []
    unknown: list[int] = []  # cards to deal, per group
    draw = game.draws > 0 and rng.random() < 0.6  # a declared draw to come (else the showdown)
    street = int(rng.integers(3, 8)) if game.is_stud else game.hole_cards
    # random hands: none with a draw to come; poker-equity walks one at most in Big O and stud
    randoms = 0 if draw else int(rng.integers(0, players if game.draws else 2))
    for i in range(players):
        if i >= players - randoms:
            hands.append(None)
            discards.append(None)
            unknown.append(game.hole_cards)
            continue
        cards = [deck.pop() for _ in range(street)]
        hands.append(format_cards(cards))
        throw = int(rng.integers(0, 4)) if draw else 0
        discards.append(format_cards(cards[:throw]) if draw else None)
        unknown.append(game.hole_cards - street + throw)
    kw: dict[str, Any] = {"hands": hands}
    if game.boards:
        shown = int(rng.choice([0, 3, 4, 5]))
        kw["board"] = format_cards([deck.pop() for _ in range(shown)])
        unknown.append(5 - shown)
    if draw:
        kw["discards"] = discards
        kw["draws_to_come"] = 1
    elif game.draws:
        kw["draws_to_come"] = 0
    limit = math.exp(rng.uniform(0, math.log(MOST_DEALS)))
    left = len(deck)
    while left > sum(unknown) and deals(left, unknown) > limit:
        left -= 1
    kw["dead"] = format_cards(deck[left:])
    return kw


def deals(left: int, sizes: list[int]) -> int:
    """The deals of groups of ``sizes`` cards from ``left`` cards."""
    out = 1
    for size in sizes:
        out *= math.comb(left, size)
        left -= size
    return out


@pytest.mark.parametrize("key", list(VARIANTS))
def test_exact_answers_agree_with_poker_equity(key: str) -> None:
    checked = seed = 0
    while checked < QUESTIONS:
        seed += 1
        kw = random_question(key, seed)
        request = poker_equity_request(key, kw["hands"], kw.get("board", ""), kw["dead"], kw.get("discards"))
        theirs = pe.exact_from_text(*request)
        if theirs is None:  # more deals than poker-equity walks (its limits are its own): another question
            assert seed < 2 * QUESTIONS, "poker-equity walks too few of these questions"
            continue
        checked += 1
        assert theirs["exact"] and not theirs["weighted"], (seed, request)
        ours = odds(key, **kw)
        assert ours.exact, (seed, kw)
        d = ours.deals
        assert theirs["samples"] == d, (seed, kw, request)
        for p, t in zip(ours.players, theirs["players"], strict=True):
            where = (seed, p.seat, kw, request)
            assert abs(float(p.equity) - t["equity"]) <= 1e-12, where
            assert p.scoop * d == theirs["scoop_count"][p.seat], where
            for q, side in zip(p.portions, ("high", "low"), strict=False):  # a high-only game has one portion
                assert q.win * d == theirs[f"{side}_win_count"][p.seat], (q.name, where)
                assert q.tie * d == theirs[f"{side}_tie_count"][p.seat], (q.name, where)
