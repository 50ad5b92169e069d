"""gamelib.rankings (the API): evaluate, describe, category, categories, best_hand, winners, n_values."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.cards import deal_hands, parse_cards
from gamelib.errors import CardError, DuplicateCardError, GameError, HandSizeError, RankingError
from gamelib.rankings import (
    INFO,
    SYSTEMS,
    best_hand,
    categories,
    categories_or_better,
    category,
    describe,
    evaluate,
    is_a_low,
    low_categories,
    n_values,
    or_better,
    winners,
)
from gamelib.rankings.badugi import BADUGI
from gamelib.rankings.lowball import low8_qualifies_table

OMAHA = ("omaha-high", "omaha-low8")


def all_values(system: str) -> list[int]:
    """Every value a system can produce (0 included for the eight-or-better systems)."""
    if system in ("badugi", "badugi-ace-high"):
        return [
            size * 8192 + 8191 - mask
            for mask in range(1, 1 << 13)
            for size in [bin(mask).count("1")]
            if size <= 4
        ]
    if system in ("low8", "omaha-low8"):
        return [0] + [int(v) for v in np.flatnonzero(low8_qualifies_table())]
    return list(range(1, n_values(system) + 1))


# ---- describe / category / categories over every value ------------------------------------


@pytest.mark.parametrize("system", SYSTEMS)
def test_describe_every_value(system: str) -> None:
    values = all_values(system)
    expected = n_values(system) + (1 if system in ("low8", "omaha-low8") else 0)
    assert len(values) == expected
    words = [describe(system, v) for v in values]
    # Every description names its ranks (or says "no qualifying low"), so distinct values read differently.
    assert len(set(words)) == len(words)
    cats = categories(system)
    for v in values:
        assert category(system, v) in cats


@pytest.mark.parametrize("system", SYSTEMS)
def test_describe_refuses_impossible_values(system: str) -> None:
    top = max(all_values(system))
    for bad in (-1, top + 1, 10**9):
        with pytest.raises(RankingError):
            describe(system, bad)
        with pytest.raises(RankingError):
            category(system, bad)
    if system not in ("low8", "omaha-low8"):
        with pytest.raises(RankingError):
            describe(system, 0)
    if system in ("low8", "omaha-low8"):
        with pytest.raises(RankingError, match="eight-or-better"):
            describe(system, 1)  # an ace-to-five value, but no eight-or-better one


def test_badugi_values_between_sizes_are_refused() -> None:
    with pytest.raises(RankingError):
        BADUGI.describe(2 * 8192 + 8191 - 0b111)  # three ranks in a two-card value


# ---- input forms ------------------------------------------------------------------------------


def test_input_forms_agree() -> None:
    text = "As Kd Qh Jc 9c"
    cards = parse_cards(text)
    expected = int(evaluate("high", [text])[0])
    assert int(evaluate("high", text)[0]) == expected
    assert int(evaluate("high", [cards])[0]) == expected
    assert int(evaluate("high", [text.split()])[0]) == expected
    assert int(evaluate("high", np.array(cards, dtype=np.int8))[0]) == expected
    assert int(evaluate("high", np.array([cards], dtype=np.int64))[0]) == expected
    assert int(evaluate("high", ["as kd 10h jc 9♣".replace("10h", "qh")])[0]) == expected
    assert evaluate("high", []).tolist() == []
    assert evaluate("high", ["As Kd Qh Jc 9c"]).dtype == np.int32


def test_mixed_hand_sizes() -> None:
    hands = ["As Kd Qh Jc 9c", "2c 2d 2h 7s 7c 9d", "Ah Kh Qh Jh Th 2c 3d"]
    mixed = evaluate("high", hands)
    assert mixed.tolist() == [int(evaluate("high", [h])[0]) for h in hands]
    badugi = evaluate("badugi", ["As", "As 2d", "As 2d 3h 4c 5s"])
    assert badugi.tolist() == [int(evaluate("badugi", [h])[0]) for h in ["As", "As 2d", "As 2d 3h 4c 5s"]]
    omaha = evaluate("omaha-high", ["As Kd Qh Jc", "2c 3c 4c 5c 6c"], board="Ac Kc 7c")
    assert omaha.tolist() == [
        int(evaluate("omaha-high", ["As Kd Qh Jc"], board="Ac Kc 7c")[0]),
        int(evaluate("omaha-high", ["2c 3c 4c 5c 6c"], board="Ac Kc 7c")[0]),
    ]


def test_winners_and_ties() -> None:
    assert winners("high", ["As Kd Qh Jc 9c", "Ac Kh Qd Js 9d", "2c 3d 4h 5s 7c"]) == [0, 1]
    assert winners("omaha-low8", ["Kc Kd Qh Qc", "Jc Jd Th Tc"], board="2c 3d 4h 9s 8c") == []
    assert winners("high", []) == []


# ---- errors ---------------------------------------------------------------------------------


def test_unknown_system() -> None:
    with pytest.raises(RankingError, match="unknown ranking system 'razz'.*high"):
        evaluate("razz", ["As Kd Qh Jc 9c"])
    for f in (describe, category):
        with pytest.raises(RankingError):
            f("nope", 1)
    with pytest.raises(RankingError):
        categories("nope")
    with pytest.raises(RankingError):
        n_values("nope")


@pytest.mark.parametrize("system", SYSTEMS)
def test_wrong_sizes(system: str) -> None:
    allowed = INFO[system].hand_sizes
    board = "Tc 9d 8h" if system in OMAHA else None
    for n in (0, 8, 2 if 2 not in allowed else 9):
        if n in allowed:
            continue
        hand = [c for c in range(51, 51 - n, -1)]
        with pytest.raises(HandSizeError):
            evaluate(system, np.array([hand], dtype=np.int64).reshape(1, n), board)


def test_duplicates() -> None:
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate("high", ["As Kd As Jc 9c"])
    with pytest.raises(DuplicateCardError, match="'As'"):
        evaluate("high", np.array([parse_cards("Kd As Qh Jc 9c"), [51, 51, 1, 2, 3]]))
    with pytest.raises(DuplicateCardError, match="'Tc'"):
        evaluate("omaha-high", ["As Kd Qh Tc"], board="Tc 9d 8h")  # hole card also on the board
    with pytest.raises(DuplicateCardError):
        evaluate("omaha-high", ["As Kd Qh Jc"], board="Tc 9d Tc")


def test_bad_cards_and_arrays() -> None:
    with pytest.raises(CardError, match="'Xs'"):
        evaluate("high", ["Xs Kd Qh Jc 9c"])
    with pytest.raises(CardError, match="0-51"):
        evaluate("high", np.array([[0, 1, 2, 3, 52]]))
    with pytest.raises(CardError, match="integers"):
        evaluate("high", np.array([[0.0, 1, 2, 3, 4]]))
    with pytest.raises(HandSizeError, match="2-D"):
        evaluate("high", np.zeros((1, 1, 5), dtype=np.int64))


def test_board_only_for_omaha() -> None:
    for system in SYSTEMS:
        if system in OMAHA:
            continue
        hand = "As Kd Qh" if system == "three-card" else "As Kd Qh Jc"
        with pytest.raises(GameError, match="takes no board"):
            evaluate(system, [hand], board="2c 3d 4h")


def test_best_hand_words() -> None:
    assert best_hand("low8", "Kc Kd Qh Jc 9c") == ()
    # Regression: (As, 2s) was returned, two spades, though only a one-card badugi is made.
    assert best_hand("badugi", "As 2s") == (51,)
    assert best_hand("badugi-ace-high", "As 2s") == (3,)
    assert len(best_hand("badugi", "As 2d 3h 4c Ks")) == 4


# ---- properties for every system ---------------------------------------------------------


SIZES = {s: INFO[s].hand_sizes for s in SYSTEMS}


@st.composite
def deals(draw: st.DrawFn) -> tuple[str, list[int], list[int] | None]:
    system = draw(st.sampled_from(SYSTEMS))
    n = draw(st.sampled_from(SIZES[system]))
    b = draw(st.sampled_from((3, 4, 5))) if system in OMAHA else 0
    cards = draw(st.lists(st.integers(0, 51), min_size=n + b, max_size=n + b, unique=True))
    return system, cards[:n], (cards[n:] if b else None)


@settings(deadline=None, max_examples=300)
@given(deals(), st.randoms(use_true_random=False), st.permutations(range(4)))
def test_value_ignores_card_order_and_suit_names(deal, rnd, suits) -> None:
    system, hand, board = deal
    v = int(evaluate(system, [hand], board)[0])
    shuffled = list(hand)
    rnd.shuffle(shuffled)
    board2 = None if board is None else rnd.sample(board, len(board))
    assert int(evaluate(system, [shuffled], board2)[0]) == v

    def rename(cs: list[int]) -> list[int]:
        return [c // 4 * 4 + suits[c % 4] for c in cs]

    assert int(evaluate(system, [rename(hand)], None if board is None else rename(board))[0]) == v


@settings(deadline=None, max_examples=200)
@given(deals())
def test_best_hand_has_the_hand_value(deal) -> None:
    system, hand, board = deal
    v = int(evaluate(system, [hand], board)[0])
    best = best_hand(system, hand, board)
    if system in ("low8", "omaha-low8") and v == 0:
        assert best == ()
        return
    pool = set(hand) | set(board or [])
    assert set(best) <= pool and len(set(best)) == len(best)
    if system in OMAHA:
        sub = "high" if system == "omaha-high" else "low8"
        assert int(evaluate(sub, [list(best)])[0]) == v
    else:
        assert int(evaluate(system, [list(best)])[0]) == v


def test_large_random_batches_are_consistent_with_small_ones() -> None:
    hands = deal_hands(3_000, 7, seed=77)
    for system in ("high", "a5-low", "low8", "27-low", "badugi", "badugi-ace-high"):
        whole = evaluate(system, hands)
        parts = np.concatenate([evaluate(system, hands[i : i + 7]) for i in range(0, 3_000, 7)])
        assert (whole == parts).all(), system


# --- "X or better" and "a low", read from the categories a system declares ---------------------

@pytest.mark.parametrize("system", SYSTEMS)
def test_or_better_is_the_category_order_and_the_value_order(system: str) -> None:
    """Every value of a better category is larger, so "X or better" is one bar on the values: the
    lowest value of X. ``or_better`` agrees with ``categories_or_better`` for every value."""
    values = sorted(all_values(system), reverse=True)
    order = categories(system)
    ranks = [order.index(category(system, v)) for v in values]
    assert ranks == sorted(ranks)
    for weakest in order:
        bar = min(v for v in values if category(system, v) == weakest)
        assert [or_better(system, v, weakest) for v in values] == [v >= bar for v in values], weakest
        assert categories_or_better(system, weakest) == order[:order.index(weakest) + 1]


def test_or_better_in_the_chapters_words() -> None:
    assert categories_or_better("omaha-high", "two pair")[-2:] == ("three of a kind", "two pair")
    assert "pair" not in categories_or_better("omaha-high", "two pair")
    assert categories_or_better("a5-low", "ten low") == ("five low", "six low", "seven low", "eight low",
                                                         "nine low", "ten low")
    assert or_better("a5-low", int(evaluate("a5-low", "Ts 7d 5c 3h 2s")[0]), "ten low")
    assert not or_better("a5-low", int(evaluate("a5-low", "Js 7d 5c 3h 2s")[0]), "ten low")


@pytest.mark.parametrize("weakest", ["one pair", "Two Pair", "", None, 2])
def test_a_name_the_system_does_not_declare_is_refused(weakest: object) -> None:
    """Drawmaha's chapter once listed "one pair", a name no system declares: it matched nothing."""
    with pytest.raises(RankingError, match="its categories are: straight flush, .*, pair, high card"):
        categories_or_better("omaha-high", weakest)  # type: ignore[arg-type]  # a wrong type, refused
    with pytest.raises(RankingError, match="is not a category of high"):
        or_better("high", 100, weakest)  # type: ignore[arg-type]  # a wrong type, refused


@pytest.mark.parametrize("system", SYSTEMS)
def test_the_lows_are_the_low_categories_a_system_declares(system: str) -> None:
    lows = low_categories(system)
    assert set(lows) <= set(categories(system))
    assert all(c.endswith(" low") and c != "no low" for c in lows)
    values = all_values(system)
    assert {category(system, v) for v in values if is_a_low(system, v)} == set(lows)


def test_a_low_in_each_system() -> None:
    assert low_categories("low8") == low_categories("omaha-low8") == ("five low", "six low", "seven low", "eight low")
    assert low_categories("27-low") == categories("27-low")[:8] and low_categories("27-low")[-1] == "ace low"
    assert low_categories("a5-low")[-1] == "king low"
    assert low_categories("high") == low_categories("badugi") == low_categories("crazy4") == ()
    assert not is_a_low("low8", 0) and is_a_low("low8", int(evaluate("low8", "8h 7d 4s 3c 2d")[0]))
    assert not is_a_low("27-low", int(evaluate("27-low", "6h 5d 4s 3c 2d")[0]))  # a straight
    assert not is_a_low("high", int(evaluate("high", "Ah Kd 9s 4c 2d")[0]))
