"""The odds calculator agrees with pokerkit's ``calculate_equities`` (a test-only oracle) within
its sampling error, on the games pokerkit's equity function covers: one board or none, each
portion one of its hand types, equal halves (Big O, Stud 8, the Razzdugi games).

pokerkit samples (slowly: about 200 deals a second for Big O), so its answers are cached on disk
keyed on the question, the sample count and pokerkit's version, as in
tests/engine/test_pokerkit_showdown.py; gamelib's calculator runs every time. The tolerance is
four standard errors of pokerkit's mean (a share lies in [0, 1], so its standard deviation is
at most one half).
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import math
import os
import random
import sys
from pathlib import Path

import pytest
from pokerkit import Card, Deck, calculate_equities

from gamelib.analysis.odds import odds
from gamelib.games.pot import POT_DECLARATIONS

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from pokerkit_hands import HAND_TYPES  # noqa: E402  (tests/pokerkit_hands.py)

SAMPLES = 1500

CASES = [
    ("big-o", ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], "7h 8h 9c"),
    ("big-o", ["Ac 2c 3d Kh Ks", "Ad 2d 4s Qh Qc", "7s 8s 9d Td Jc"], "5h 6h 9c"),
    ("stud8", ["As 2s 3c 4d 9h", "Ah 2h Kc Kd 7s"], ""),
    ("razzdugi", ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], ""),
    ("27-razzdugi", ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], ""),
]


def pokerkit_equities(key: str, hands: list[str], board: str) -> list[float]:
    game = POT_DECLARATIONS[key]
    types = [HAND_TYPES[p.system] for p in game.portions]
    tag = json.dumps([key, hands, board, SAMPLES, importlib.metadata.version("pokerkit"), [t.__name__ for t in types]])
    digest = hashlib.sha256(tag.encode()).hexdigest()[:16]
    cache = Path(os.environ.get("GAMELIB_CACHE", Path.home() / ".cache" / "gamelib")) / "pokerkit-odds"
    path = cache / f"{key}-{digest}.json"
    if path.exists():
        return list(json.loads(path.read_text()))
    random.seed(int(digest, 16) % 2**32)
    ranges = [[list(Card.parse(h.replace(" ", "")))] for h in hands]
    got = calculate_equities(ranges, Card.parse(board.replace(" ", "")), game.hole_cards, 5 if game.boards else 0,
                             Deck.STANDARD, types, sample_count=SAMPLES)
    cache.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(got))
    return list(got)


@pytest.mark.parametrize("key,hands,board", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_equities_agree_with_pokerkit(key: str, hands: list[str], board: str) -> None:
    ours = odds(key, hands, board=board or None)
    theirs = pokerkit_equities(key, hands, board)
    tolerance = 4 * 0.5 / math.sqrt(SAMPLES) + 4 * ours.standard_error
    for p, pk in zip(ours.players, theirs, strict=True):
        assert abs(float(p.equity) - pk) < tolerance, (p.seat, float(p.equity), pk)
