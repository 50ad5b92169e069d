"""Three Card Poker with the 6 Card Bonus: exact analysis, checked against direct enumeration
of the dealer's hands for random player hands, against the settlement engine, and against
published hand counts."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np
import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze
from gamelib.cards import format_cards, parse_cards
from gamelib.combinatorics import combinations_array
from gamelib.rankings.three_card import THREE_CARD

GAME = get_game("three-card-6bonus")


@pytest.fixture(scope="session")
def tcp():
    return analyze(GAME)


def counts(table):
    return [int(c) for c in table["combinations"]]


def test_totals(tcp):
    for wager in ("ante", "play", "ante_bonus"):
        assert tcp.tables[wager].attrs["total"] == comb(52, 3) * comb(49, 3) == 407_170_400
    assert tcp.tables["pair_plus"].attrs["total"] == 22_100
    assert tcp.tables["six_card_bonus"].attrs["total"] == comb(52, 6) == 20_358_520


def test_pair_plus_counts(tcp):  # three-card hand counts, mini royal split from the straight flushes
    assert counts(tcp.tables["pair_plus"]) == [4, 44, 52, 720, 1_096, 3_744, 16_440]
    assert tcp.returns["pair_plus"] == Fraction(-2188, 22100)


def test_six_card_bonus_counts(tcp):  # best five of six cards (R20)
    assert counts(tcp.tables["six_card_bonus"]) == [188, 1_656, 14_664, 165_984, 205_792, 361_620, 732_160,
                                                     18_876_456]


def test_six_card_counts_against_evaluation_of_a_sample():
    from gamelib.analysis.banked.enumeration import six_card_high_counts
    from gamelib.rankings.high import HIGH

    exact = six_card_high_counts(HIGH)
    # the category frequencies of 200,000 random six-card sets, evaluated directly, against the
    # exact probabilities (within 4 standard errors)
    rng = np.random.default_rng(20)
    sets = np.argsort(rng.random((200_000, 52)), axis=1)[:, :6]
    cats = HIGH.category_of(HIGH.evaluate_array(sets))
    p = (np.array([exact[1:][HIGH.category_of(np.arange(1, HIGH.n_classes + 1)) == c].sum() for c in range(9)])
         / comb(52, 6))
    seen = np.bincount(cats, minlength=9) / len(sets)
    sigma = np.sqrt(p * (1 - p) / len(sets))
    assert (np.abs(seen - p) <= 4 * sigma + 1e-12).all()


def test_main_game_house_edge_and_strategy(tcp):
    assert tcp.expected_return == tcp.returns["ante"] + tcp.returns["play"] + tcp.returns["ante_bonus"]
    assert round(float(tcp.house_edge), 6) == 0.038255
    s = tcp.strategy
    assert s.play_for("Qh 6c 4d") == "raise"
    assert s.play_for("Qh 6c 3d") == "fold"
    assert s.play_for("Jh Tc 8d") == "fold"
    assert "Raise with queen-six high (Q-6-4) or better" in s.summary()


def test_no_hand_is_worth_exactly_the_same_raised_and_folded(tcp):  # R23
    ev = tcp.strategy.ev
    assert (ev[:, 0] != ev[:, 1]).all()
    assert (tcp.strategy.raise_ == (ev[:, 1] > ev[:, 0])).all()  # an exact tie would fold (R23)


def direct_values(player: str) -> dict[str, Fraction]:
    """Fold / raise expected values (Ante + Play + Ante Bonus) over every dealer hand, directly."""
    cards = parse_cards(player, n=3)
    rest = np.array([c for c in range(52) if c not in cards], dtype=np.int8)
    dealer = rest[combinations_array(49, 3)]
    dv = THREE_CARD.evaluate_array(dealer)
    pv = int(THREE_CARD.evaluate_array(np.array([cards]))[0])
    qual = dv >= THREE_CARD.value_of([10, 1, 0], False)
    ante = np.where(qual, np.sign(pv - dv), 1)
    play = np.where(qual, np.sign(pv - dv), 0)
    line = GAME.pay_line("ante_bonus", pv)
    bonus = line[0] if line else 0
    return {"fold": Fraction(-1), "raise": Fraction(int(ante.sum() + play.sum()), len(dv)) + bonus}


def test_random_hands_match_direct_enumeration(tcp):
    rng = np.random.default_rng(3)
    for _ in range(40):
        player = format_cards(rng.choice(52, 3, replace=False))
        assert tcp.strategy.expected_values(player) == direct_values(player), player


def test_analysis_agrees_with_the_settlement_engine(tcp):
    """A raised hand settled by the engine against every dealer hand gives the analysed value."""
    player = "Kh 9c 4d"
    cards = parse_cards(player)
    rest = [c for c in range(52) if c not in cards]
    total = 0
    dealers = combinations_array(49, 3)
    rng = np.random.default_rng(5)
    picks = rng.choice(len(dealers), 300, replace=False)
    direct = 0
    for i in picks:
        dealer = [rest[j] for j in dealers[i]]
        s = GAME.settle(player=player, dealer=format_cards(dealer), wagers={"ante": 10, "play": 10})
        total += s.total
        dv = int(THREE_CARD.evaluate_array(np.array([dealer]))[0])
        pv = int(THREE_CARD.evaluate_array(np.array([cards]))[0])
        qual = dv >= THREE_CARD.value_of([10, 1, 0], False)
        direct += 10 * (int(np.sign(pv - dv)) * 2 if qual else 1)
    assert total == direct


def test_a_new_pair_plus_table(tcp):
    other = analyze(GAME.with_pay_table("pair_plus", {"straight": 6, "flush": 4}))
    # the common 1-4-6-30-40 table (2.32% house edge) plus the mini royal at 75: 4 * (75 - 40) = 140 better
    assert other.returns["pair_plus"] == Fraction(-512 + 140, 22100)
    assert other.returns["ante"] == tcp.returns["ante"]
