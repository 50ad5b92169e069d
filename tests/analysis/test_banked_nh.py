"""New Hampshire Hold'em: the backward induction checked against an independent recursion over
every run-out for random starting hands, plus the Pair Plus and 6 Card Bonus counts (R21)."""

from __future__ import annotations

import functools
from fractions import Fraction
from math import comb

import numpy as np
import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze, strategy_of
from gamelib.analysis.banked.nh import nh_option_values
from gamelib.cards import format_cards, parse_cards
from gamelib.combinatorics import combinations_array
from gamelib.errors import GameError
from gamelib.games.banked import pay_rows
from gamelib.rankings.high import HIGH

GAME = get_game("nh-holdem")


@pytest.fixture(scope="session")
def nh():
    return analyze(GAME)


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
    rows = pay_rows(table, "high")[HIGH.evaluate_array(hands)]
    pays = np.array([int(line.pays) for line in table.lines] + [-1])[rows]
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
    other = analyze(GAME.with_pay_table("main", {"pair of sixes through tens": 1}))
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
        for street, seen in zip(("flop", "turn", "river"), ("", comm[0], f"{comm[0]} {comm[1]}"), strict=True):
            play = nh.strategy.play_for(hole, seen or (), w)
            if play == "fold":
                break
            wagers[street] = 5 * int(play[0])
            w += int(play[0])
        s = GAME.settle(hole=hole, community=" ".join(comm), wagers=wagers)
        if len(wagers) < 4:
            assert s.total == -5 * w
        else:
            row = pay_rows(table, "high")[int(HIGH.evaluate_array(np.array([deal]))[0])]
            pays = table.lines[row].pays if row >= 0 else -1
            assert s.total == 5 * w * pays


# ---- a situation given (cards, board, units in), checked against an independent brute force ---
# A plain-Python evaluator and recursion, sharing nothing with gamelib but the card strings: the
# main pay table is typed from filing 003 (pays per unit; -1: everything bet is lost).
BF_RANKS = "23456789TJQKA"
BF_DECK = [r + s for r in BF_RANKS for s in "cdhs"]


def bf_pays(five: tuple[str, ...]) -> int:
    ranks = sorted((BF_RANKS.index(c[0]) for c in five), reverse=True)
    shape = sorted(((ranks.count(r), r) for r in set(ranks)), reverse=True)
    flush = len({c[1] for c in five}) == 1
    distinct = sorted(set(ranks))
    straight = len(distinct) == 5 and (distinct[4] - distinct[0] == 4 or distinct == [0, 1, 2, 3, 12])
    if straight and flush:
        return 250 if distinct[0] == 8 else 80  # royal flush: T-J-Q-K-A
    if shape[0][0] == 4:
        return 30
    if shape[0][0] == 3 and shape[1][0] == 2:
        return 8
    if flush:
        return 6
    if straight:
        return 4
    if shape[0][0] == 3:
        return 3
    if shape[0][0] == 2 and shape[1][0] == 2:
        return 2
    if shape[0][0] == 2:
        return 1 if shape[0][1] >= 9 else (0 if shape[0][1] >= 4 else -1)  # jacks+; sixes to tens push
    return -1


@functools.cache
def bf_mean_pay(seen: frozenset[str]) -> Fraction:
    """The average pay per unit over every river card, four cards seen."""
    rest = [c for c in BF_DECK if c not in seen]
    return Fraction(sum(bf_pays(tuple(seen) + (c,)) for c in rest), len(rest))


@functools.cache
def bf_best(seen: frozenset[str], w: int) -> Fraction:
    return max(bf_options_of(seen, w).values())


def bf_options_of(seen: frozenset[str], w: int) -> dict[str, Fraction]:
    """The value (units of the ante) of folding and of each bet with the cards ``seen`` and ``w``
    units wagered, by enumerating every card still to come; later decisions take the best value
    (R21)."""
    out = {"fold": Fraction(-w)}
    rest = [c for c in BF_DECK if c not in seen]
    for b in (1, 2, 3):
        if len(seen) == 4:
            out[f"{b}x"] = bf_mean_pay(seen) * (w + b)
        else:
            out[f"{b}x"] = sum((bf_best(seen | {c}, w + b) for c in rest), Fraction(0)) / len(rest)
    return out


def bf_options(hole: str, community: str, wagered: int) -> dict[str, Fraction]:
    return bf_options_of(frozenset(hole.split() + community.split()), wagered)


def bf_play(options: dict[str, Fraction]) -> str:
    """R23: of the options worth the most, the one that puts the least money at risk."""
    top = max(options.values())
    return next(k for k in ("fold", "1x", "2x", "3x") if options[k] == top)


SITUATIONS = [
    ("7s 2d", "7h 7c", 3),  # off the optimal path (7-2 folds before the flop card)
    ("7s 2d", "7h", 2),
    ("7s 2d", "", 1),
    ("As Kd", "", 1),
    ("Jc 6d", "2s", 4),
    ("Qs 8d", "4c 9h", 7),
    ("8s 3h", "Kd 8c", 6),
    ("8s 3h", "Kd 2c", 3),
]


@pytest.mark.parametrize("hole, community, wagered", SITUATIONS)
def test_options_for_the_situation_given_match_a_brute_force(nh, hole, community, wagered):
    expected = bf_options(hole, community, wagered)
    s = nh.strategy
    assert s.options(hole, community, wagered) == expected
    assert s.play_for(hole, community, wagered) == bf_play(expected)
    assert s.value(hole, community, wagered) == max(expected.values())
    h, c = parse_cards(hole), parse_cards(community) if community else []
    assert nh_option_values(GAME, s, h, c, wagered=wagered) == expected


def test_seven_deuce_with_sevens_on_the_board_and_three_in_is_a_3x_bet():
    # 7-2 with 7-7 on the board and 3 units in: fold loses 3, a 3x bet is worth +23.25
    v = strategy_of(GAME).options("7s 2d", "7h 7c", 3)
    assert v["fold"] == -3 and v["3x"] == Fraction(93, 4)
    assert strategy_of(GAME).play_for("7s 2d", "7h 7c", 3) == "3x"


def test_without_an_amount_the_strategy_s_own_path_is_used(nh):
    s = nh.strategy
    assert s.play_for("As Ad", "Kc") == s.play_for("As Ad", "Kc", 4)  # 3x before the flop card
    with pytest.raises(GameError, match="folds before"):
        s.play_for("7s 2d", "7h 7c")  # the strategy never gets here: the amount must be given


@pytest.mark.parametrize("community, wagered", [("", 0), ("", 3), ("Kc", 0), ("Kc", 1), ("Kc", 5),
                                                ("4c 9h", 2), ("4c 9h", 9), ("Kc", True), ("Kc", 2.0)])
def test_an_amount_that_cannot_be_wagered_is_refused(nh, community, wagered):
    with pytest.raises(GameError, match="units"):
        nh.strategy.play_for("As Ad", community, wagered)
    with pytest.raises(GameError, match="units"):
        nh.strategy.options("As Ad", community, wagered)


# ---- R23: exactly equal choices go to the one that risks less ---------------------------------
def test_every_decision_takes_the_least_money_among_the_best(nh):
    """Over every decision point of every street, the chosen option is the first (least money
    at risk) of the options worth the most (R23)."""
    s = nh.strategy
    for street, opts, acts in (("flop", s.opt_flop, s.flop), ("turn", s.opt_turn, s.turn),
                               ("river", s.opt_river, s.river)):
        top = opts.max(axis=-1, keepdims=True)
        first = (opts == top).argmax(axis=-1)
        assert (first == acts).all(), street


def test_tie_situations_match_a_brute_force(nh):
    """The situations where R23 decided, checked by the brute force."""
    report = nh.strategy.tie_examples(3)
    assert report, "R23 decides somewhere in NH Hold'em"
    for hole, community, wagered in report:
        expected = bf_options(hole, community, wagered)
        tied = [k for k, v in expected.items() if v == max(expected.values())]
        assert len(tied) > 1
        assert nh.strategy.play_for(hole, community, wagered) == bf_play(expected) == tied[0]


@pytest.mark.parametrize("hole", ["7s 2d", "As Kd", "Jc 6d", "9h 9c"])
def test_expected_amount_wagered_matches_a_brute_force(nh, hole):
    """The average amount wagered (R23 decides ties toward less) for sample starting hands."""
    @functools.cache
    def wagered(seen: frozenset[str], w: int) -> Fraction:
        play = bf_play(bf_options_of(seen, w))
        if play == "fold":
            return Fraction(w)
        if len(seen) == 4:
            return Fraction(w + int(play[0]))
        rest = [c for c in BF_DECK if c not in seen]
        return sum((wagered(seen | {c}, w + int(play[0])) for c in rest), Fraction(0)) / len(rest)

    assert nh.strategy.expected_wagered(hole) == wagered(frozenset(hole.split()), 1)


def test_r23_changes_only_how_much_is_wagered(nh):
    from gamelib.analysis.banked.nh import nh_tie_effect

    effect = nh_tie_effect(GAME.declaration)
    assert effect["expected return"]["R23"] == effect["expected return"]["larger wager"] == nh.expected_return
    assert effect["average wagered"]["R23"] == nh.average_wager < effect["average wagered"]["larger wager"]
    assert effect["element of risk"]["R23"] == nh.element_of_risk > effect["element of risk"]["larger wager"]
    assert effect["deals affected"] > 0 and effect["decision points"] > 0
    # every tie met on the way is a fold instead of a bet, so that many more deals are folded
    played = effect["deals played to the end"]
    assert played["larger wager"] - played["R23"] == effect["deals affected"]

