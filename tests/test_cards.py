"""gamelib.cards: parsing and formatting (RULINGS R1, R2), seeded decks and vectorized dealing."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.cards import (
    DECK_SIZE,
    Deck,
    card_name,
    deal_hands,
    format_card,
    format_cards,
    make_card,
    parse_card,
    parse_cards,
    rank_of,
    suit_of,
)
from gamelib.errors import CardError, DuplicateCardError, GameError, HandSizeError

# ---- parsing (R1) ----------------------------------------------------------------------------


def test_card_numbering_and_suit_order_r2() -> None:
    assert parse_card("2c") == 0 and parse_card("As") == 51
    assert parse_card("As") > parse_card("Ah") > parse_card("Ad") > parse_card("Ac") > parse_card("Ks")
    assert rank_of(parse_card("Td")) == 8 and suit_of(parse_card("Td")) == 1
    assert make_card(12, 3) == 51 and card_name(51) == "ace of spades"


@pytest.mark.parametrize(
    "text,expected",
    [
        ("10d", "Td"),
        ("A♠", "As"),
        ("a♤", "As"),
        ("k♥", "Kh"),
        ("q♡", "Qh"),
        ("J♦", "Jd"),
        ("9♢", "9d"),
        ("2♣", "2c"),
        ("3♧", "3c"),
        ("tD", "Td"),
        ("AS", "As"),
        ("  as ", "As"),
    ],
)
def test_one_card_any_notation_r1(text: str, expected: str) -> None:
    assert format_card(parse_card(text)) == expected


def test_hands_in_every_form_r1() -> None:
    want = [51, 45, 34]
    for text in ("As Kd 10h", "AsKd10h", "as,kd,th", "AS KD TH", "A♠ K♦ 10♥", "As;Kd  Th", "AsKd Th"):
        assert parse_cards(text) == want, text
    assert parse_cards(["As", "Kd", "Th"]) == want
    assert parse_cards([51, 45, 34]) == want
    assert parse_cards(np.array([51, 45, 34], dtype=np.int8)) == want
    assert parse_cards("") == []
    assert format_cards(want) == "As Kd Th"
    assert format_cards(want, symbols=True) == "A♠ K♦ T♥"


@settings(max_examples=200)
@given(st.lists(st.integers(0, 51), max_size=10, unique=True), st.booleans(), st.sampled_from([" ", "", ","]))
def test_format_parse_round_trip(cards: list[int], symbols: bool, sep: str) -> None:
    assert parse_cards(format_cards(cards, symbols=symbols, sep=sep)) == cards
    assert parse_cards(format_cards(cards).lower()) == cards


# ---- errors name the bad token ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text,token,why",
    [
        ("Xs", "Xs", "unknown rank 'X'"),
        ("As 1d", "1d", "unknown rank '1'"),
        ("Ax", "Ax", "unknown suit 'x'"),
        ("As Kd Qz", "Qz", "unknown suit 'z'"),
        ("AsKdQx", "Qx", "unknown suit 'x'"),
        ("AsXd", "Xd", "unknown rank 'X'"),
        ("A", "A", "suit is missing"),
        ("As K", "K", "suit is missing"),
        ("AsK", "K", "suit is missing"),
        ("10", "10", "suit is missing"),
    ],
)
def test_bad_tokens_are_named(text: str, token: str, why: str) -> None:
    with pytest.raises(CardError) as err:
        parse_cards(text)
    msg = str(err.value)
    assert f"'{token}'" in msg and why in msg and "allowed are" in msg


def test_duplicates_named() -> None:
    with pytest.raises(DuplicateCardError, match="duplicate card 'As'"):
        parse_cards("As Kd as")
    with pytest.raises(DuplicateCardError, match="'Td'"):
        parse_cards("Td 10d")
    with pytest.raises(DuplicateCardError, match="in the board"):
        parse_cards([33, 33], what="board")
    assert parse_cards("As As", allow_duplicates=True) == [51, 51]


def test_wrong_number_of_cards() -> None:
    with pytest.raises(HandSizeError, match=r"has 2 cards \(As Kd\); it must have 3"):
        parse_cards("As Kd", n=3)
    with pytest.raises(HandSizeError, match="it must have 4 or 5"):
        parse_cards("As Kd Qh", n=(4, 5))
    with pytest.raises(HandSizeError, match="none"):
        parse_cards("", n=2)
    assert parse_cards("As Kd", n=(2, 3)) == [51, 45]


@pytest.mark.parametrize("bad", [52, -1, 100, np.int64(52), np.int8(-3)])
def test_out_of_range_ints(bad: int) -> None:
    with pytest.raises(CardError, match=f"card number {int(bad)} is out of range: card numbers are 0-51"):
        parse_card(bad)
    with pytest.raises(CardError, match=str(int(bad))):
        parse_cards([0, bad])


@pytest.mark.parametrize("bad", [True, 3.0, None, b"As", ("A", "s")])
def test_not_cards(bad: object) -> None:
    with pytest.raises(CardError, match="is not a card"):
        parse_card(bad)  # type: ignore[arg-type]


def test_error_family() -> None:
    assert issubclass(DuplicateCardError, CardError) and issubclass(HandSizeError, CardError)
    assert issubclass(CardError, GameError) and issubclass(GameError, ValueError)
    with pytest.raises(CardError, match="ranks are 0-12"):
        make_card(13, 0)


# ---- decks ------------------------------------------------------------------------------------


def test_deck_is_seeded_and_complete() -> None:
    d = Deck(seed=7)
    cards = d.deal(52)
    assert sorted(cards) == list(range(52)) and d.remaining == 0
    assert Deck(seed=7).deal(52) == cards
    assert Deck(seed=8).deal(52) != cards
    gen = np.random.default_rng(7)
    assert Deck(seed=gen).deal(52) == cards  # a Generator is used as given
    with pytest.raises(HandSizeError, match="0 remain"):
        d.deal(1)
    with pytest.raises(HandSizeError):
        Deck(seed=1).deal(-1)


def test_burn_and_deal_continue() -> None:
    d, e = Deck(seed=3), Deck(seed=3)
    all_cards = e.deal(52)
    assert d.burn() == all_cards[0]
    assert d.deal(3) == all_cards[1:4] and d.remaining == 48


def test_multi_deck_shoe() -> None:
    shoe = Deck(seed=11, decks=6)
    cards = shoe.deal(shoe.remaining)
    assert len(cards) == 312 and np.bincount(cards, minlength=52).tolist() == [6] * 52
    assert Deck(seed=11, decks=6).deal(312) == cards
    for bad in (0, -2, 1.5, "2"):
        with pytest.raises(CardError, match="1 or more decks"):
            Deck(seed=1, decks=bad)  # type: ignore[arg-type]


def test_exclude() -> None:
    d = Deck(seed=5, exclude="As Kd")
    cards = d.deal(50)
    assert 51 not in cards and 45 not in cards and len(set(cards)) == 50
    assert Deck(seed=5, exclude=[51, 45]).deal(50) == cards
    with pytest.raises(DuplicateCardError, match="'As'"):
        Deck(seed=5, exclude="As As")
    with pytest.raises(CardError, match="'Xx'"):
        Deck(seed=5, exclude="Xx")
    two = Deck(seed=5, decks=2, exclude="As As")
    assert 51 not in two.deal(two.remaining)
    # Regression: excluding more copies than the shoe holds raised a bare list.remove ValueError.
    with pytest.raises(DuplicateCardError, match="cannot exclude 'As' 3 times: a shoe of 2 decks"):
        Deck(seed=5, decks=2, exclude="As As As")


# ---- deal_hands ---------------------------------------------------------------------------------


@pytest.mark.parametrize("n_cards", [1, 2, 5, 7, 9, 13, 14, 26, 52])
def test_deal_hands_rows_distinct_and_seeded(n_cards: int) -> None:
    hands = deal_hands(2_000, n_cards, seed=42)
    assert hands.shape == (2_000, n_cards) and hands.dtype == np.int8
    assert hands.min() >= 0 and hands.max() < DECK_SIZE
    srt = np.sort(hands, axis=1)
    assert (srt[:, 1:] != srt[:, :-1]).all()  # no card twice in a row
    assert (deal_hands(2_000, n_cards, seed=42) == hands).all()
    if n_cards < 52:
        assert not (deal_hands(2_000, n_cards, seed=43) == hands).all()


def test_deal_hands_is_roughly_uniform() -> None:
    hands = deal_hands(52_000, 5, seed=1)
    counts = np.bincount(hands.ravel().astype(np.int64), minlength=52)
    assert counts.min() > 4_500 and counts.max() < 5_500  # expected 5,000 each


def test_deal_hands_errors() -> None:
    for bad in (-1, 53):
        with pytest.raises(HandSizeError, match="0 to 52"):
            deal_hands(10, bad, seed=1)
    assert deal_hands(0, 5, seed=1).shape == (0, 5)
