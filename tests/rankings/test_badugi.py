"""gamelib.rankings.badugi: best badugi of up to four cards, aces low or high (RULINGS R3, R10)."""

from __future__ import annotations

import itertools
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rankings_helpers import all_hands, assert_same_order, pokerkit_strengths, ref_badugi

from gamelib.cards import deal_hands
from gamelib.errors import HandSizeError, RankingError
from gamelib.rankings import best_hand, category, describe, evaluate, n_values, winners
from gamelib.rankings.badugi import BADUGI, BADUGI_ACE_HIGH

SYSTEMS = {"badugi": False, "badugi-ace-high": True}


def value(system: str, text: str) -> int:
    return int(evaluate(system, [text])[0])


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_same_order_as_pokerkit(system: str) -> None:
    # pokerkit has both: BadugiHand (aces low) and StandardBadugiHand (aces high, deuce lowest).
    # 20,000 hands: 12,000 of four cards, 4,000 of five, 4,000 of seven (R10).
    for n, count in ((4, 12_000), (5, 4_000), (7, 4_000)):
        hands = deal_hands(count, n, seed=500 + n)
        theirs = pokerkit_strengths(system, hands)
        assert_same_order(evaluate(system, hands), theirs, f"{system} {n} cards vs pokerkit")


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_every_four_card_hand(system: str) -> None:
    hands = all_hands(4)
    values = evaluate(system, hands)
    sizes = Counter(category(system, int(v)) for v in values)
    # Four-card badugis: 13*12*11*10 rank choices in suit order (c, d, h, s) = 17,160.
    assert sizes["4-card badugi"] == 17_160
    assert sum(sizes.values()) == 270_725
    assert len(np.unique(values)) == n_values(system) == 1_092  # quads are the 13 one-card badugis
    assert sizes["1-card badugi"] == 2_873  # 13 quads + 4 * C(13,4) four-flushes
    # Reference on a sample of the 270,725 hands.
    rng = np.random.default_rng(4)
    rows = hands[rng.choice(len(hands), 10_000, replace=False)]
    assert_same_order(
        evaluate(system, rows), [ref_badugi(tuple(h), SYSTEMS[system]) for h in rows], f"{system} reference"
    )


@pytest.mark.parametrize("system", list(SYSTEMS))
def test_one_to_seven_cards_match_the_reference(system: str) -> None:
    for n in range(1, 8):
        hands = deal_hands(500, n, seed=600 + n)
        assert_same_order(
            evaluate(system, hands), [ref_badugi(tuple(h), SYSTEMS[system]) for h in hands], f"{system} {n}"
        )


@settings(deadline=None, max_examples=100)
@given(
    st.sampled_from(list(SYSTEMS)),
    st.integers(1, 7).flatmap(lambda n: st.lists(st.integers(0, 51), min_size=n, max_size=n, unique=True)),
)
def test_best_over_subsets_of_at_most_four(system: str, cards: list[int]) -> None:
    v = int(evaluate(system, [cards])[0])
    best_sub = max(
        int(evaluate(system, [list(sub)])[0])
        for size in range(1, min(4, len(cards)) + 1)
        for sub in itertools.combinations(cards, size)
    )
    assert v == best_sub
    best = best_hand(system, cards)
    assert set(best) <= set(cards) and int(evaluate(system, [list(best)])[0]) == v
    assert len({c & 3 for c in best}) == len({c >> 2 for c in best}) == len(best) == v // 8192


def test_ace_low_badugi_r3() -> None:
    nut = value("badugi", "As 2d 3h 4c")
    assert nut == max(BADUGI.table4) and describe("badugi", nut) == "four-card badugi 4-3-2-A"
    assert nut > value("badugi", "2s 3d 4h 5c")
    assert value("badugi", "Ks Qd Jh Tc") > value("badugi", "As 2s 3h 4c")  # four cards beat three
    assert describe("badugi", value("badugi", "8h 5d 2c 2h")) == "three-card badugi 8-5-2"
    assert category("badugi", value("badugi", "8h 5d 2c 2h")) == "3-card badugi"
    assert winners("badugi", ["As 2d 3h 4c", "Ac 2s 3d 4h", "2s 3d 4h 5c"]) == [0, 1]


def test_ace_high_badugi_r3() -> None:
    nut = value("badugi-ace-high", "2s 3d 4h 5c")
    assert nut == max(BADUGI_ACE_HIGH.table4) and describe("badugi-ace-high", nut) == "four-card badugi 5-4-3-2"
    assert nut > value("badugi-ace-high", "As 2d 3h 4c")
    # The ace is the worst badugi card: A-4-3-2 loses to K-4-3-2.
    assert value("badugi-ace-high", "As 2d 3h 4c") < value("badugi-ace-high", "Ks 2d 3h 4c")
    assert describe("badugi-ace-high", value("badugi-ace-high", "As 2d 3h 4c")) == "four-card badugi A-4-3-2"
    assert value("badugi-ace-high", "Ac") < value("badugi-ace-high", "Kc")


def test_errors() -> None:
    with pytest.raises(HandSizeError, match="not 8"):
        evaluate("badugi", [list(range(0, 32, 4))])
    for bad in (0, 8192, 4 * 8192 + 8191, 5 * 8192):
        with pytest.raises(RankingError):
            describe("badugi", bad)


def test_sorting_network_sorts_every_row() -> None:
    from gamelib.rankings.badugi import sorted_columns

    rng = np.random.default_rng(3)
    for n in range(1, 8):
        block = rng.integers(0, 52, size=(5_000, n)).astype(np.int8)
        assert (np.stack(sorted_columns(block), axis=1) == np.sort(block, axis=1)).all()
