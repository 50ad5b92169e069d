"""The showdown judge agrees with pokerkit (a test-only oracle) on random showdowns.

For every pot game, 1,000 random showdowns of 2 to 6 players (some seats folded): for each
portion, the set of seats with the best qualifying hand must be the set pokerkit finds with its
own hand comparisons. Games pokerkit has no game class for are expressed as tuples of its hand
types (Badacey: RegularLowHand + BadugiHand, Badeucey: StandardLowHand + StandardBadugiHand,
the Razzdugi games likewise over seven cards, Drawmaha: StandardHighHand on the five hole
cards + OmahaHoldemHand, R9). Archie's qualifiers (R8) are applied to pokerkit's hands as the
bar hand 9-9-4-3-2 and the eight-or-better low.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import inspect
import json
import os
import sys
from pathlib import Path

import numpy as np
import pytest
from pokerkit import StandardHighHand

from gamelib import POT_GAMES, get_game
from gamelib.cards import format_cards
from gamelib.rankings import system as ranking_system

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pokerkit_hands import HAND_TYPES  # noqa: E402  (tests/pokerkit_hands.py)

N_SHOWDOWNS = 1000

#: ranking system -> (pokerkit hand type, uses the board)
ORACLE = {system: (hand_type, ranking_system(system).uses_board) for system, hand_type in HAND_TYPES.items()}
ARCHIE_HIGH_BAR = StandardHighHand("9c9d4h3s2c")


def pk(cards) -> str:
    return format_cards(cards).replace(" ", "")


def oracle_winners(system, hands, live, board, bar=None) -> tuple[int, ...]:
    hand_type, uses_board = ORACLE[system]
    best = None
    win: list[int] = []
    for seat in live:
        h = hand_type.from_game_or_none(pk(hands[seat]), pk(board) if uses_board else "")
        if h is None or (bar is not None and h < bar):
            continue
        if best is None or h > best:
            best, win = h, [seat]
        elif h == best:
            win.append(seat)
    return tuple(win)


def random_showdowns(key: str, n: int, seed: int):
    game = get_game(key).declaration
    rng = np.random.default_rng(seed)
    for _ in range(n):
        players = int(rng.integers(2, 7))
        deck = rng.permutation(52)
        hands = [deck[i * game.hole_cards:(i + 1) * game.hole_cards].tolist() for i in range(players)]
        used = players * game.hole_cards
        boards = [deck[used + 5 * b: used + 5 * b + 5].tolist() for b in range(game.boards)]
        folded = rng.random(players) < 0.2
        folded[int(rng.integers(players))] = False
        live = [i for i in range(players) if not folded[i]]
        yield hands, live, boards


def oracle_answers(key: str) -> list[list[list[int]]]:
    """pokerkit's winners for every showdown and portion, cached on disk.

    Only the oracle's answers are cached (they depend on nothing of gamelib but the portions'
    ranking systems, which are part of the key); gamelib's judge runs every time.
    """
    decl = get_game(key).declaration
    seed = sum(map(ord, key))
    tag = json.dumps([key, N_SHOWDOWNS, seed, importlib.metadata.version("pokerkit"),
                      inspect.getsource(random_showdowns), inspect.getsource(oracle_winners),
                      [(p.name, p.system, p.board) for p in decl.portions], decl.hole_cards, decl.boards])
    digest = hashlib.sha256(tag.encode()).hexdigest()[:16]
    cache = Path(os.environ.get("GAMELIB_CACHE", Path.home() / ".cache" / "gamelib")) / "pokerkit-oracle"
    path = cache / f"{key}-{digest}.json"
    if path.exists():
        return json.loads(path.read_text())
    answers = []
    for hands, live, boards in random_showdowns(key, N_SHOWDOWNS, seed=seed):
        row = []
        for portion in decl.portions:
            board = boards[portion.board] if decl.boards else None
            bar = ARCHIE_HIGH_BAR if (key == "archie" and portion.name == "high") else None
            row.append(list(oracle_winners(portion.system, hands, live, board, bar)))
        answers.append(row)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(answers))
    return answers


@pytest.mark.parametrize("key", POT_GAMES)
def test_winners_agree_with_pokerkit(key):
    game = get_game(key)
    decl = game.declaration
    answers = oracle_answers(key)
    checked = 0
    deals = random_showdowns(key, N_SHOWDOWNS, seed=sum(map(ord, key)))
    for (hands, live, boards), expected_row in zip(deals, answers, strict=True):
        given = [h if i in live else None for i, h in enumerate(hands)]
        sd = game.showdown(given, boards=boards) if decl.boards == 2 else (
            game.showdown(given, board=boards[0]) if decl.boards else game.showdown(given))
        # strict=False: with no qualifier Archie's showdown adds a "split (no qualifier)" portion
        for portion, result, expected in zip(decl.portions, sd.portions, expected_row, strict=False):
            assert result.winners == tuple(expected), (key, portion.name, [format_cards(h) for h in given], boards)
        checked += 1
    assert checked == N_SHOWDOWNS


@pytest.mark.parametrize("key", POT_GAMES)
def test_vectorized_judge_agrees_with_pokerkit(key):
    """``judge_many`` on the same 1,000 showdowns, grouped by number of players."""
    game = get_game(key)
    decl = game.declaration
    deals = list(random_showdowns(key, N_SHOWDOWNS, seed=sum(map(ord, key))))
    answers = oracle_answers(key)
    checked = 0
    for players in sorted({len(h) for h, _, _ in deals}):
        idx = [i for i, (h, _, _) in enumerate(deals) if len(h) == players]
        hands = np.array([deals[i][0] for i in idx])
        live = np.array([[seat in deals[i][1] for seat in range(players)] for i in idx])
        boards = np.array([deals[i][2] for i in idx]) if decl.boards else None
        masks = game.judge_many(hands, boards, live)
        for k, portion in enumerate(decl.portions):
            got = [tuple(np.flatnonzero(row)) for row in masks[portion.name]]
            assert got == [tuple(answers[i][k]) for i in idx], (key, portion.name)
        checked += len(idx)
    assert checked == N_SHOWDOWNS
