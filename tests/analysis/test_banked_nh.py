"""New Hampshire Hold'em: the backward induction checked against an independent recursion over
every run-out for random starting hands, plus the Pair Plus and 6 Card Bonus counts (R21)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from gamelib import get_game
from gamelib.combinatorics import combinations_array
from gamelib.cards import format_cards, parse_cards
from gamelib.engine.banked import pay_rows
from gamelib.rankings.high import HIGH

GAME = get_game("nh-holdem")


@pytest.fixture(scope="session")
def nh():
    return GAME.analyze()


def counts(table):
    return [int(c) for c in table["combinations"]]


def test_totals_and_consistency(nh):
    assert nh.tables["main"].attrs["total"] == comb(52, 2) * 50 * 49 * 48 == 155_937_600
    assert nh.tables["pair_plus"].attrs["total"] == 22_100
    assert nh.tables["six_card_bonus"].attrs["total"] == 20_358_520
    # the expected return from the backward values equals the forward outcome counts (asserted inside)
    assert nh.expected_return == nh.tables["main"].attrs["return"]
    assert nh.expected_return == sum(
        (nh.strategy.expected_value(format_cards(list(h))) for h in combinations_array(52, 2)), Fraction(0)) / 1326


def test_pair_plus_on_the_community_cards(nh):  # R21: any pair 1, flush 3, straight 6, trips 30, SF 40
    assert counts(nh.tables["pair_plus"]) == [48, 52, 720, 1_096, 3_744, 16_440]
    assert nh.returns["pair_plus"] == Fraction(48 * 40 + 52 * 30 + 720 * 6 + 1096 * 3 + 3744 - 16440, 22100)


def test_six_card_bonus(nh):
    assert counts(nh.tables["six_card_bonus"]) == [188, 1_656, 14_664, 165_984, 205_792, 361_620, 732_160,
                                                    18_876_456]


def independent_values(hole: str):
    """Exact values by recursion over every flop, turn and river card for one starting hand:
    returns (value before the flop card, {flop card: value with W units}, pays array)."""
    h = parse_cards(hole, n=2)
    rest = np.array([c for c in range(52) if c not in h], dtype=np.int8)
    triples = combinations_array(50, 3)
    hands = np.concatenate([np.tile(np.array(h, np.int8), (len(triples), 1)), rest[triples]], axis=1)
    table = GAME.declaration.pay_table("main")
    rows = pay_rows(table)[HIGH.evaluate_array(hands)]
    pays = np.array([int(l.pays) for l in table.lines] + [-1])[rows]
    P = np.zeros((50, 50, 50), np.int64)
    for perm in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)):
        P[triples[:, perm[0]], triples[:, perm[1]], triples[:, perm[2]]] = pays
    S = P.sum(axis=2)  # 48 * expected pay per unit for each (flop, turn) card pair
    off = ~np.eye(50, dtype=bool)
    V4 = {w: np.max([np.full((50, 50), -48 * w)] + [S * (w + b) for b in (1, 2, 3)], axis=0) for w in range(3, 8)}
    V3 = {w: np.max([np.full(50, -49 * 48 * w)] + [np.where(off, V4[w + b], 0).sum(axis=1) for b in (1, 2, 3)],
                    axis=0) for w in (2, 3, 4)}
    V2 = max([-50 * 49 * 48] + [int(V3[1 + b].sum()) for b in (1, 2, 3)])
    return Fraction(V2, 50 * 49 * 48), {w: V3[w] for w in (2, 3, 4)}, {w: V4[w] for w in range(3, 8)}, rest


@pytest.mark.parametrize("hole", ["As Ah", "7c 2d", "Kh Qh", "9s 8s", "Jc 6d"])
def test_values_match_an_independent_recursion(nh, hole):
    v2, v3, v4, rest = independent_values(hole)
    s = nh.strategy
    assert s.value(hole) == v2
    rng = np.random.default_rng(len(hole) + ord(hole[0]))
    for _ in range(3):
        a, b = rng.choice(50, 2, replace=False)
        flop, turn = format_cards([int(rest[a])]), format_cards([int(rest[b])])
        for w in (2, 3, 4):
            assert s.value(hole, flop, w) == Fraction(int(v3[w][a]), 49 * 48)
        for w in range(3, 8):
            assert s.value(hole, f"{flop} {turn}", w) == Fraction(int(v4[w][a, b]), 48)


def test_random_hands_match_an_independent_recursion(nh):
    rng = np.random.default_rng(21)
    for _ in range(5):
        hole = format_cards(rng.choice(52, 2, replace=False))
        assert nh.strategy.value(hole) == independent_values(hole)[0]


def test_strategy(nh):
    s = nh.strategy
    assert s.play_for("As Ah") == "3x"
    assert s.play_for("7c 2d") == "fold"
    assert s.play_for("As Ah", "Kd 3c") == "3x"
    assert s.play_for("Jc 6d", "2s", wagered=2) in ("fold", "1x", "2x", "3x")
    text = s.summary()
    assert "bet 3x" in text and "fold" in text
    assert 0 < nh.element_of_risk < nh.house_edge


def test_a_new_main_pay_table(nh):
    other = GAME.with_pay_table("main", {"pair of sixes through tens": 1}).analyze()
    assert other.expected_return > nh.expected_return
    assert other.tables["main"].attrs["total"] == 155_937_600


def test_settlement_engine_pays_what_the_analysis_counts(nh):
    """Deals settled by the engine with the derived plays give pays * units wagered."""
    rng = np.random.default_rng(8)
    table = GAME.declaration.pay_table("main")
    for _ in range(40):
        deal = rng.choice(52, 5, replace=False)
        hole, comm = format_cards(deal[:2]), [format_cards([c]) for c in deal[2:]]
        wagers = {"ante": 5}
        w = 1
        for street, seen in zip(("flop", "turn", "river"), ("", comm[0], f"{comm[0]} {comm[1]}")):
            play = nh.strategy.play_for(hole, seen or (), w)
            if play == "fold":
                break
            wagers[street] = 5 * int(play[0])
            w += int(play[0])
        s = GAME.settle(hole=hole, community=" ".join(comm), wagers=wagers)
        if len(wagers) < 4:
            assert s.total == -5 * w
        else:
            row = pay_rows(table)[int(HIGH.evaluate_array(np.array([deal]))[0])]
            pays = table.lines[row].pays if row >= 0 else -1
            assert s.total == 5 * w * pays
