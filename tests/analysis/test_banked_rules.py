"""The rules every banked counter applies, written once (gamelib/analysis/banked/rules.py): the
decision from the options' values with the tie rule (R23), the dealer hands split by
qualification and comparison, and the wagers' parts read from the declaration.

Each is checked against values computed here another way: the options of a small game worked
out with fractions, a plain loop over every situation, the dealer hands of real player hands
dealt out one by one, and a declaration whose wagers carry other names.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import lcm

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelib.analysis.banked import analyze
from gamelib.analysis.banked.crazy4 import DEALER_HANDS as C4_DEALER_HANDS
from gamelib.analysis.banked.crazy4 import crazy4_counts
from gamelib.analysis.banked.enumeration import canonical_keys
from gamelib.analysis.banked.rules import CELLS, decide, split_dealer_hands, wager_roles
from gamelib.analysis.banked.three_card import DEALER_HANDS as TC_DEALER_HANDS
from gamelib.analysis.banked.three_card import three_card_counts
from gamelib.cards import parse_cards
from gamelib.combinatorics import combinations_array
from gamelib.engine.banked import BankedGameEngine
from gamelib.errors import GameError
from gamelib.games.banked import CRAZY4_POKER, NH_HOLDEM, THREE_CARD_6BONUS, Decide, dealer_qualifying_value
from gamelib.games.vocabularies import Settles
from gamelib.rankings.crazy4 import CRAZY4
from gamelib.rankings.three_card import THREE_CARD


# ---- the decision and the tie rule (R23) ---------------------------------------------------------
def ev_of(outcomes: list[tuple[Fraction, Fraction]]) -> Fraction:
    """The expected result of (chance, result) outcomes."""
    assert sum(p for p, _ in outcomes) == 1
    return sum((p * r for p, r in outcomes), Fraction(0))


def small_game(lose: Fraction) -> list[Fraction]:
    """A game with an Ante of 1: fold (lose the Ante), or play 1x or 3x and win or lose the Ante
    and the Play together, losing with chance ``lose``."""
    win = 1 - lose
    return [Fraction(-1)] + [ev_of([(win, Fraction(1 + m)), (lose, Fraction(-1 - m))]) for m in (1, 3)]


def as_integers(values: list[Fraction]) -> np.ndarray:
    d = lcm(*(v.denominator for v in values))
    return np.array([int(v * d) for v in values], np.int64)


def test_an_exact_tie_goes_to_the_option_that_risks_less() -> None:
    # losing 3 times in 4: fold -1, 1x -1, 3x -2: folding and 1x are exactly equal
    tie_fold = small_game(Fraction(3, 4))
    assert tie_fold == [-1, -1, -2]
    # losing half the time: fold -1, 1x 0, 3x 0: the two Play sizes are exactly equal
    tie_play = small_game(Fraction(1, 2))
    assert tie_play == [-1, 0, 0]
    clear = small_game(Fraction(1, 5))  # 1x +0.8, 3x +2.4
    options = np.stack([as_integers(tie_fold), as_integers(tie_play), as_integers(clear)])
    r23 = decide(options)
    assert r23.choice.tolist() == [0, 1, 2]  # fold, 1x (R23: the one that risks less), 3x
    assert r23.tied.tolist() == [True, True, False]
    assert r23.value.tolist() == [int(max(v) * lcm(*(x.denominator for x in v))) for v in (tie_fold, tie_play, clear)]
    assert decide(options, "more").choice.tolist() == [1, 2, 2]  # the larger wager, only for comparison


def test_options_given_one_array_each_are_broadcast() -> None:
    fold = np.array(-3)  # the same for every situation
    bets = [np.array([-3, 4, 1]), np.array([-5, 4, 2])]
    d = decide([fold] + bets)
    assert d.choice.tolist() == [0, 1, 2] and d.value.tolist() == [-3, 4, 2] and d.tied.tolist() == [True, True, False]


def test_an_option_not_allowed_is_never_taken() -> None:
    barred = np.iinfo(np.int64).min  # a 3x Play below a pair of aces (R19)
    d = decide(np.array([[-2, -1, barred], [barred, barred, barred + 1]]))
    assert d.choice.tolist() == [1, 2]


def plain_choice(values: list[int], ties: str) -> int:
    """The option worth the most: of equal ones, the first (R23) or the last."""
    best = max(values)
    at_best = [j for j, v in enumerate(values) if v == best]
    return at_best[0] if ties == "less" else at_best[-1]


@settings(max_examples=200, deadline=None)
@given(rows=st.lists(st.lists(st.integers(-3, 3), min_size=4, max_size=4), min_size=1, max_size=30),
       ties=st.sampled_from(["less", "more"]))
def test_decide_is_the_plain_rule_situation_by_situation(rows: list[list[int]], ties: str) -> None:
    d = decide(np.array(rows, np.int64), ties)
    assert d.choice.tolist() == [plain_choice(r, ties) for r in rows]
    assert d.value.tolist() == [max(r) for r in rows]
    assert d.tied.tolist() == [r.count(max(r)) > 1 for r in rows]


def test_an_unknown_tie_rule_is_refused() -> None:
    with pytest.raises(GameError, match="tie rule"):
        decide([np.array([1]), np.array([2])], "fewer")


def test_every_counter_decides_by_the_one_rule() -> None:
    """Crazy 4's and Three Card Poker's strategies, and the par sheet's re-derived decisions,
    are the plain rule over each hand's option values."""
    from gamelib.analysis.par_sheet import par_sheet

    c4 = analyze(BankedGameEngine(CRAZY4_POKER)).strategy
    multiples = (0,) + CRAZY4_POKER.wager("play").multiples
    rows = c4.ev.tolist()
    assert c4.decision.tolist() == [multiples[plain_choice(r, "less")] for r in rows]
    tc = analyze(BankedGameEngine(THREE_CARD_6BONUS)).strategy
    assert tc.raise_.tolist() == [plain_choice(r, "less") == 1 for r in tc.ev.tolist()]
    assert par_sheet(BankedGameEngine(CRAZY4_POKER)).decisions.tolist() == c4.decision.tolist()


# ---- the dealer hands split by qualification and comparison --------------------------------------
def direct_cells(player: int, dealer: np.ndarray, qualifier: int) -> list[int]:
    """The dealer hands in each of CELLS, classified one by one."""
    q = dealer >= qualifier
    return [int(((~q) & (dealer < player)).sum()), int(((~q) & (dealer == player)).sum()),
            int(((~q) & (dealer > player)).sum()), int((q & (dealer < player)).sum()),
            int((q & (dealer == player)).sum()), int((q & (dealer > player)).sum())]


@settings(max_examples=200, deadline=None)
@given(dealer=st.lists(st.integers(1, 12), min_size=1, max_size=40), player=st.integers(1, 12),
       qualifier=st.integers(1, 13))
def test_the_split_is_the_dealer_hands_classified_one_by_one(dealer: list[int], player: int, qualifier: int) -> None:
    d = np.array(dealer)
    lt, le, nq = (np.array([int(x)]) for x in ((d < player).sum(), (d <= player).sum(), (d < qualifier).sum()))
    got = split_dealer_hands(lt, le, nq, len(dealer))
    assert [int(c[0]) for c in got] == direct_cells(player, d, qualifier)
    assert got._fields == tuple(c.replace(" ", "_") for c in CELLS)


def brute_force_split(system, n_cards: int, player: str, qualifier: int) -> tuple[list[int], list[int]]:
    """(lt, le, nq) and the cells of one player hand, every dealer hand of the other cards dealt out."""
    mine = parse_cards(player)
    rest = np.array([c for c in range(52) if c not in mine], np.int8)
    dealer = system.evaluate_array(rest[combinations_array(len(rest), n_cards)])
    p = int(system.evaluate_array(np.array([mine], np.int8))[0])
    return ([int((dealer < p).sum()), int((dealer <= p).sum()), int((dealer < qualifier).sum())],
            direct_cells(p, dealer, qualifier))


@pytest.mark.parametrize("player", ["Qs 3d 2h", "Qh 6d 4c", "Kh 8d 4c", "9h 9d 3c", "5h 4d 3c", "Ah Kh Qh"])
def test_three_card_dealer_hands_split_as_dealt(player: str) -> None:
    q = dealer_qualifying_value(THREE_CARD_6BONUS)
    counts, cells = brute_force_split(THREE_CARD, 3, player, q)
    assert [int(c[0]) for c in split_dealer_hands(*(np.array([x]) for x in counts), TC_DEALER_HANDS)] == cells
    assert sum(cells) == TC_DEALER_HANDS
    # and the counter's cached counts for the player's suit class are the same
    c = three_card_counts(THREE_CARD_6BONUS)
    i = int(np.searchsorted(c["keys"], canonical_keys(np.array([sorted(parse_cards(player))]))[0]))
    assert [int(c[k][i]) for k in ("lt", "le", "nq")] == counts


def test_crazy4_dealer_hands_split_as_dealt() -> None:
    player = "Kc 6d 4h 3s 2c"  # the weakest qualifying hand: many dealer hands tie or fall either side
    q = dealer_qualifying_value(CRAZY4_POKER)
    counts, cells = brute_force_split(CRAZY4, 5, player, q)
    assert [int(c[0]) for c in split_dealer_hands(*(np.array([x]) for x in counts), C4_DEALER_HANDS)] == cells
    assert cells[1] + cells[4] > 0  # ties are met
    c = crazy4_counts(CRAZY4_POKER)
    i = int(np.searchsorted(c["keys"], canonical_keys(np.array([sorted(parse_cards(player))]))[0]))
    assert [int(c[k][i]) for k in ("lt", "le", "nq")] == counts


# ---- the wagers' parts, read from the declaration -------------------------------------------------
def test_wager_roles_of_the_filed_games() -> None:
    c4, tc, nh = wager_roles(CRAZY4_POKER), wager_roles(THREE_CARD_6BONUS), wager_roles(NH_HOLDEM)
    assert (c4.decision, c4.unit, c4.main, c4.side) == ("play", "ante", ("ante", "super_bonus", "play"), ("queens_up",))
    assert (tc.decision, tc.unit, tc.main, tc.bonuses) == ("play", "ante", ("ante", "play"), ("ante_bonus",))
    assert tc.side == ("pair_plus", "six_card_bonus") and tc.table_else_dealer == ()
    assert (nh.decision, nh.unit, nh.main) == ("flop", "ante", ("ante", "flop", "turn", "river"))


def renamed(decl, names: dict[str, str]):
    """The same game with its wagers called by other names (their pay tables keep theirs)."""
    def wager(w):
        return replace(w, key=names.get(w.key, w.key), equal_to=names.get(w.equal_to, w.equal_to),
                       table=w.table if w.settles is Settles.AGAINST_DEALER else w.pay_table_key)
    rounds = tuple(replace(s, wager=names.get(s.wager, s.wager)) if isinstance(s, Decide) else s for s in decl.rounds)
    return replace(decl, key=decl.key + "-renamed", wagers=tuple(wager(w) for w in decl.wagers), rounds=rounds,
                   cap_on=names.get(decl.cap_on, decl.cap_on),
                   at_least_one_of=tuple(names.get(k, k) for k in decl.at_least_one_of))


@pytest.mark.parametrize("decl, names", [
    (CRAZY4_POKER, {"ante": "blind", "super_bonus": "bonus", "queens_up": "queens", "play": "raise"}),
    (THREE_CARD_6BONUS, {"ante": "blind", "pair_plus": "pairs", "six_card_bonus": "six", "play": "raise"}),
    (NH_HOLDEM, {"pair_plus": "board_bet", "six_card_bonus": "bonus_bet"}),
], ids=lambda x: x.key if hasattr(x, "key") else "")
def test_the_counters_read_the_wagers_from_the_declaration(decl, names: dict[str, str]) -> None:
    filed = analyze(BankedGameEngine(decl))
    other = analyze(BankedGameEngine(renamed(decl, names)))
    assert other.main_wagers == tuple(names.get(k, k) for k in filed.main_wagers)
    assert list(other.tables) == [names.get(k, k) for k in filed.tables]
    for k, table in filed.tables.items():
        assert other.tables[names.get(k, k)].equals(table), k
    assert other.expected_return == filed.expected_return and other.average_wager == filed.average_wager
