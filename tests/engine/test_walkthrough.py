"""The automatic walkthrough (gamelib/engine/walkthrough.py): street pictures, draw policy, pay explained."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamelib import POT_GAMES, get_game
from gamelib.cards import parse_cards
from gamelib.engine.payouts import explain_award, parse_pots, pots_from_contributions, sample_deal
from gamelib.engine.walkthrough import Walkthrough, draw_choice, hand_words, strength
from gamelib.errors import GameError
from gamelib.rankings import describe, evaluate


@pytest.mark.parametrize("key", POT_GAMES)
def test_every_pot_game_walks_to_a_showdown(key: str) -> None:
    w = Walkthrough(key, players=3, seed=11)
    g = w.game
    assert [s.name for s in w.streets] == [s.name for s in g.streets]
    assert sum(w.winnings) == w.pot
    last = w.streets[-1]
    for seat in last.seats:
        # the last street's cards are the showdown cards (plus a stud community card, if any)
        assert list(seat.cards) == w.hand.final_cards(seat.seat)
        assert all(x is not None for x in seat.words)
    # the street pictures hold the right number of cards, street by street
    dealt = 0
    board = 0
    for view, street in zip(w.streets, g.streets):
        dealt += street.down + street.up - street.discard
        board += street.board
        assert all(len(s.cards) == dealt for s in view.seats)
        assert all(len(b) == board for b in view.boards)
        assert view.history and view.history[-1]
    assert w.award(w.pot) == w.winnings  # one pot, everybody in: the engine's own payment


def test_words_are_the_rankings_words() -> None:
    g = get_game("badacey").declaration
    words = hand_words(g, parse_cards("As 2d 3h 4c 9s"))
    assert words == [describe("a5-low", int(evaluate("a5-low", ["As 2d 3h 4c 9s"])[0])),
                     describe("badugi", int(evaluate("badugi", ["As 2d 3h 4c 9s"])[0]))]
    dm = get_game("drawmaha").declaration
    assert hand_words(dm, parse_cards("As Ad Kc Kd 2h"), [[]])[1] is None  # no flop yet
    assert hand_words(dm, parse_cards("As Ad Kc Kd 2h"), [parse_cards("Ah 7c 2d")])[1].startswith("three of a kind")


def test_draw_policy_is_seeded_and_sensible() -> None:
    a5 = get_game("a5-triple-draw").declaration
    assert draw_choice(a5, parse_cards("Ac 2d 3h Ks Kc"), seed=1) == sorted(parse_cards("Ks Kc"))
    assert draw_choice(a5, parse_cards("Ac 2d 3h 4s 5c"), seed=1) == []  # the wheel stands pat
    bd = get_game("badugi").declaration
    assert draw_choice(bd, parse_cards("Ac 2d 3h 4s"), seed=3) == []
    assert draw_choice(bd, parse_cards("Ac 2c 3h 4s"), seed=3) in ([parse_cards("Ac")[0]], [parse_cards("2c")[0]])
    assert draw_choice(bd, parse_cards("Ac 2c 3h 4s"), seed=3) == draw_choice(bd, parse_cards("Ac 2c 3h 4s"), seed=3)
    sr = get_game("super-razzdugi").declaration
    assert len(draw_choice(sr, parse_cards("Kc Kd 2h 3s"), parse_cards("4d"), discard=2, seed=1)) == 2


def test_strength_orders_hands() -> None:
    v = evaluate("27-low", ["7c 5d 4h 3s 2c", "Kc Kd 4h 3s 2c"])
    s = strength("27-low", v, 5)
    assert s[0] > 0.99 and s[1] < s[0]


def test_seeded_walkthrough_repeats() -> None:
    a = Walkthrough("archie", players=4, seed=5)
    b = Walkthrough("archie", players=4, seed=5)
    assert a.history == b.history


def test_explain_award_matches_engine_and_names_odd_chips() -> None:
    sd = get_game("archie").showdown(["Ac Ad 9h 5s 2c", "As 2d 3h 4c 6d", "Ah 2h 3d 4d 6h"])
    e = explain_award(sd, [(21, [0, 1, 2])], button=0)
    assert e.totals == tuple(sd.award(21, button=0))
    high, low = e.lines
    assert (high.portion, high.share, high.dollars) == ("high", Fraction(1, 2), 11)  # R6: odd dollar to the high
    assert "first portion" in high.note and not low.note
    assert low.dollars == 10 and dict(low.paid) == {1: 5, 2: 5}
    e = explain_award(sd, [(21, [0, 1, 2]), (9, [1, 2])], button=2)
    assert e.totals == tuple(sd.award_pots([(21, [0, 1, 2]), (9, [1, 2])], button=2))
    assert any(line.pot_name == "side pot 1" and line.note for line in e.lines)
    # Archie: nobody qualifies, everybody splits (R8)
    sd = get_game("archie").showdown(["Kc Qd 9h 5s 2c", "Kd Qh Th 4c 3d"])
    e = explain_award(sd, [(5, [0, 1])], button=0)
    assert e.lines[0].portion == "split (no qualifier)" and e.totals == (2, 3)
    assert "clockwise from the button" in e.lines[0].note


def test_pot_input_is_checked() -> None:
    assert parse_pots("$30: 0, 1\n\n12:", 3) == [(30, [0, 1]), (12, [0, 1, 2])]
    with pytest.raises(GameError, match="amount: seats"):
        parse_pots("thirty: 0 1", 2)
    with pytest.raises(GameError, match="seats are numbers"):
        parse_pots("30: a b", 2)
    with pytest.raises(GameError, match="at least one pot"):
        parse_pots("  ", 2)
    sd = get_game("badugi").showdown(["As 2d 3h 4c", None, "Kd Qh Jc 9s"])
    with pytest.raises(GameError, match="not at the showdown"):
        explain_award(sd, [(10, [0, 1])])
    with pytest.raises(GameError, match="2 to 8 players"):
        Walkthrough("badugi", players=9)
    assert pots_from_contributions([30, 10, 30], [True, True, True]) == [(30, [0, 1, 2]), (40, [0, 2])]


def test_sample_deal_has_no_duplicates() -> None:
    for key in POT_GAMES:
        g = get_game(key).declaration
        hands, boards = sample_deal(g, 3, 4)
        cards = [c for h in hands for c in h] + [c for b in boards for c in b]
        assert len(set(cards)) == len(cards) == 3 * g.hole_cards + 5 * g.boards
        get_game(key).showdown(hands, **({"board": boards[0]} if g.boards == 1 else {"boards": boards} if g.boards else {}))


def test_scripted_betting_then_automatic() -> None:
    w = Walkthrough("archie", players=3, seed=11, script="r c c c b r f c")
    h = w.history
    assert "seat 0 raises to $4" in h and "seat 1 folds" in h
    assert w.streets[1].seats[1].folded and not w.streets[0].seats[1].folded
    assert sum(w.winnings) == w.pot == 12 + 8  # $4 each on the deal; $4 each from two players after the first draw
    with pytest.raises(GameError, match="unknown script token"):
        Walkthrough("badugi", players=2, seed=1, script="z")
    w = Walkthrough("badugi", players=2, seed=1, script="f")
    with pytest.raises(GameError, match="without a showdown"):
        w.showdown


@pytest.mark.parametrize("key", ["stud8", "super-razzdugi", "badugi", "archie"])
def test_full_tables_reshuffle_and_community_card(key: str) -> None:
    g = get_game(key).declaration
    w = Walkthrough(key, players=g.max_players, seed=1)
    dealt = 0
    for view, street in zip(w.streets, g.streets):
        community = bool(view.community)
        dealt += (0 if community else street.down) + street.up - street.discard
        assert all(len(s.cards) == dealt for s in view.seats), (view.name, [len(s.cards) for s in view.seats])
    if g.is_stud:  # eight stud players cannot all get a seventh card (R-A6)
        assert w.streets[-1].community == tuple(w.hand.community) and len(w.hand.community) == 1
        for seat in w.streets[-1].seats:
            assert list(seat.cards) + list(w.hand.community) == w.showdown.hands[seat.seat]
    else:
        assert any("R-A5" in line for line in w.history)  # the stub ran short during the draws


def test_more_draws_left_favour_drawing() -> None:
    bd = get_game("badeucey").declaration
    hand = parse_cards("3c 4s 2s 8s Js")  # a two-suit hand: a weak badugi
    assert draw_choice(bd, hand, seed=1, tries=1) == []  # one draw left: keep the jack-low
    assert len(draw_choice(bd, hand, seed=1, tries=3)) == 3  # three draws left: go for the badugi
    with pytest.raises(GameError, match="draws left"):
        draw_choice(bd, hand, tries=0)
