"""gamelib.rankings.three_card: Three Card Poker hands (a straight beats a flush)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from rankings_helpers import assert_same_order, ref_three_card

from gamelib.rankings import categories, category, describe, evaluate, n_values


def value(text: str) -> int:
    return int(evaluate("three-card", [text])[0])


def test_every_three_card_hand(all3: np.ndarray) -> None:
    values = evaluate("three-card", all3)
    counts = Counter(category("three-card", int(v)) for v in values)
    assert counts == {
        "straight flush": 48,
        "three of a kind": 52,
        "straight": 720,
        "flush": 1_096,
        "pair": 3_744,
        "high card": 16_440,
    }
    # 274 high card + 156 pair + 274 flush + 12 straight + 13 trips + 12 straight flush
    assert len(np.unique(values)) == n_values("three-card") == 741
    assert_same_order(values, [ref_three_card(tuple(h)) for h in all3], "three-card, all 22,100")


def test_straights_r3() -> None:
    low = value("Ac 2d 3h")
    high = value("Ac Kd Qh")
    assert category("three-card", low) == category("three-card", high) == "straight"
    assert describe("three-card", low) == "straight, three high"
    assert low < value("2c 3d 4h") < high
    assert category("three-card", value("Kc Ad 2h")) == "high card"  # no wrap-around
    assert value("Ac 2d 3h") > value("Ac Kc 9c")  # a straight beats a flush
    assert describe("three-card", value("Ah Kh Qh")) == "straight flush, ace high"
    assert categories("three-card") == ("straight flush", "three of a kind", "straight", "flush", "pair", "high card")
