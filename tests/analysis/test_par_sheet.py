"""The par sheet (gamelib/analysis/par_sheet/returns.py, with par_sheet_figures.py, par_sheet_decided_once.py
and par_sheet_nh.py) checked three ways:

* against the outcome tables of the exact analysis (``analyze``): every distribution sums to the
  table's total, the net results and their counts are the table's rows grouped by what they
  pay, the mean is the analysis's return and the average wagered its average wager;
* against an independent brute force: seeded random deals played with the analysis's strategy
  and settled by the engine's settler, whose sample mean, variance and hit frequency must fall
  within 4.5 standard errors of the exact figures (the standard error of the variance from the
  exact fourth moment). The deals are seeded, so the test gives the same verdict every run;
* after a pay-table change, against a fresh analysis and a fresh par sheet of the changed game.
"""

from __future__ import annotations

import math
from collections import defaultdict
from fractions import Fraction

import numpy as np
import pytest

from gamelib import get_game
from gamelib.analysis import par_sheet as ps
from gamelib.analysis.banked import analyze
from gamelib.analysis.banked import nh_classes as banked_nh_classes
from gamelib.analysis.par_sheet import figures as par_sheet_figures
from gamelib.errors import GameError

GAMES = ("crazy4", "three-card-6bonus", "nh-holdem")
#: The filing's own figures (filings 002, 003, 004), for the checks that do not use the project.
FILED_TOTALS = {"crazy4": 3_986_646_103_440, "three-card-6bonus": 407_170_400, "nh-holdem": 155_937_600}


@pytest.fixture(scope="module", params=GAMES)
def pair(request):
    game = get_game(request.param)
    return game, analyze(game), ps.par_sheet(game)


def grouped(table):
    out = defaultdict(int)
    for p, c in zip(table.attrs["pays_exact"], table["combinations"], strict=True):
        out[Fraction(p)] += int(c)
    return {k: v for k, v in out.items() if v}


def test_every_wager_agrees_with_the_outcome_tables(pair):
    game, analysis, sheet = pair
    assert set(analysis.tables) <= set(sheet.wagers)
    for key, table in analysis.tables.items():
        s = sheet.wager(key)
        assert s.total == table.attrs["total"] == sum(c for _, c in s.distribution)
        assert dict(s.distribution) == grouped(table), key
        assert s.expected_return == analysis.returns[key]
        assert s.house_edge == -analysis.returns[key]
        # awards: each pay-table row's count is the outcome table's row of that name
        rows = dict(zip(table["outcome"], table["combinations"], strict=True))
        for award, count in s.awards:
            if award in rows:
                assert count == rows[award], (key, award)
                assert s.one_in(award) == Fraction(s.total, count)


def test_the_main_game_as_a_whole(pair):
    game, analysis, sheet = pair
    g = sheet.game
    assert g.total == FILED_TOTALS[game.key] == sum(c for _, c in g.distribution)
    assert g.expected_return == analysis.expected_return
    assert g.wagered == analysis.average_wager
    assert g.element_of_risk == analysis.element_of_risk
    # the main game is the sum of its wagers hand by hand: its mean is the sum of their means,
    # but its variance is not the sum of their variances (they are settled on the same cards)
    parts = [sheet.wager(k) for k in sheet.main_wagers]
    assert sum(p.expected_return for p in parts) == g.expected_return
    if len(parts) > 1:
        assert sum(p.variance for p in parts) != g.variance
    assert 0 < g.hit_frequency < 1 and g.standard_deviation > 0


#: The par-sheet figures the banked chapters quote (glued from the sheet): house edge, hit
#: frequency, standard deviation, largest win, and the standard deviation the main game's wagers
#: would have if their variances were simply added (the chapters' "far from the truth").
BOOK_FIGURES = {
    "crazy4": ("3.42%", "47.3%", "3.13", "$2,040", "2.15"),
    "three-card-6bonus": ("3.83%", "44.9%", "1.62", "$60", "1.24"),
    "nh-holdem": ("9.24%", "15.3%", "7.76", "$5,000", "4.22"),
}


def test_the_figures_the_book_quotes(pair):
    game, _, sheet = pair
    g = sheet.game
    assert (f"{float(g.house_edge):.2%}", f"{float(g.hit_frequency):.1%}", f"{g.standard_deviation:.2f}",
            f"${g.largest_win:,}", f"{sheet.standard_deviation_apart:.2f}") == BOOK_FIGURES[game.key]
    # the wagers' variances added apart: each from its own distribution, with no covariance,
    # short of the main game's (its wagers are settled on the same cards and move together)
    apart = sum(float(sum((v - p.expected_return) ** 2 * c for v, c in p.distribution)) / p.total
                for p in (sheet.wager(k) for k in sheet.main_wagers))
    assert sheet.standard_deviation_apart == pytest.approx(math.sqrt(apart), rel=1e-12)
    assert sheet.standard_deviation_apart < g.standard_deviation


def test_largest_wins_from_the_filings():
    # Crazy 4: four aces on a $10 Ante with a 3x Play, the dealer qualifying and lower:
    # Ante 1 + Play 3 + Super Bonus 200 units; the Queens Up $10 pays 50 to 1
    c4 = ps.par_sheet(get_game("crazy4"))
    assert c4.game.largest_net == 204 and c4.game.largest_win == 2_040
    assert c4.wager("queens_up").largest_win == 500
    # Three Card: a straight flush raised against a lower qualifying dealer, $10 Ante:
    # Ante 1 + Play 1 + Ante Bonus 4; the 6 Card Bonus royal at $10 pays 500 to 1
    tc = ps.par_sheet(get_game("three-card-6bonus"))
    assert tc.game.largest_win == 60 and tc.wager("six_card_bonus").largest_win == 5_000
    # NH Hold'em: a royal flush pays 250 to 1 on every unit bet (at least 4 units reach the
    # showdown), far above every cap, so the largest win is the largest cap, $5,000 (R21)
    nh = ps.par_sheet(get_game("nh-holdem"))
    assert nh.game.largest_net >= 250 * 4 and nh.game.largest_win == 5_000
    assert nh.wager("pair_plus").largest_win == 400  # 40 to 1 on $10, under every cap
    assert nh.wager("six_card_bonus").largest_win == 5_000  # 1000 to 1 on $10, capped
    # with the cap at each ante, the main game's return is the capped-return table's
    analysis = analyze(get_game("nh-holdem"))
    assert len(nh.game.capped) == len(analysis.caps) == 4
    for c, row in zip(nh.game.capped, analysis.caps.itertuples(), strict=True):
        assert (c.ante, c.cap, c.stake, c.expected_return) == (row.ante, row.cap, row.ante, row._6)


# ---- the payout cap (R21) on the New Hampshire Hold'em side bets -----------------------------
#: The best five of six cards over all 20,358,520 six-card sets, the published frequencies (not
#: the project's count): the 6 Card Bonus's paid hands.
SIX_CARD_COUNTS = {"royal flush": 188, "straight flush": 1_656, "four of a kind": 14_664, "full house": 165_984,
                   "flush": 205_792, "straight": 361_620, "three of a kind": 732_160}
#: A bonus hand of each kind: the hole cards and the bonus board (the community cards Jd 7h 4d).
SIX_CARD_HANDS = {"royal flush": ("As Ks", "Qs Js Ts 2c"), "straight flush": ("9s 8s", "7s 6s 5s 2c"),
                  "four of a kind": ("9s 9h", "9d 9c 3s 2c"), "full house": ("9s 9h", "9d 3c 3s 2c"),
                  "flush": ("As 8s", "6s 5s 2s Kc"), "straight": ("9s 8h", "7d 6c 5s 2c"),
                  "three of a kind": ("9s 9h", "9d Kc 3s 2c"), "nothing": ("9s 8h", "Kd Qc 3s 2c")}


def six_card_bonus_edge_by_settling(ante: int, bet: int) -> Fraction:
    """The 6 Card Bonus's house edge on a ``bet`` dollar bet at an ``ante`` dollar Ante, worked out
    apart from the par sheet: each kind of hand settled by the engine (the player folds before
    the flop card, so the bonus is the hand's only win and the engine's payout cap applies to it
    alone), weighted by the published count of six-card sets of that kind."""
    game = get_game("nh-holdem")
    total = math.comb(52, 6)
    counts = {**SIX_CARD_COUNTS, "nothing": total - sum(SIX_CARD_COUNTS.values())}
    won = 0
    for kind, (hole, bonus) in SIX_CARD_HANDS.items():
        s = game.settle({"ante": ante, "six_card_bonus": bet, "flop": 0, "turn": 0, "river": 0},
                        hole=hole, community="Jd 7h 4d", bonus=bonus)
        assert s.hands["six card bonus"].startswith(kind) or kind == "nothing", (kind, s.hands)
        won += (s.total - s.result("ante").result) * counts[kind]  # the bonus's dollars, after the cap
    return -Fraction(won, total * bet)


def test_the_six_card_bonus_with_the_cap_is_worked_out_apart_to_the_last_digit():
    """Under R21 the 6 Card Bonus's house edge is 19.8172% at a $5 or $10 Ante and
    21.0000% at $2 (a $10 bet, the cap taking the most); the par sheet says so beside its
    uncapped 19.3555%, and the engine's own settlements, weighted by the published six-card
    counts, and the analysis's outcome table with the cap applied dollar by dollar give the same
    exact figures."""
    nh = ps.par_sheet(get_game("nh-holdem"))
    bonus = nh.wager("six_card_bonus")
    by_ante = {c.ante: c for c in bonus.capped}
    assert sorted(by_ante) == [2, 4, 5, 10] and {c.stake for c in bonus.capped} == {10}
    table = analyze(get_game("nh-holdem")).tables["six_card_bonus"]
    for ante, words in ((2, "21.0000%"), (4, "20.0943%"), (5, "19.8172%"), (10, "19.8172%")):
        cap = {2: 1_000, 4: 2_000, 5: 5_000, 10: 5_000}[ante]  # R21
        settled = six_card_bonus_edge_by_settling(ante, 10)
        dollars = sum(min(Fraction(p) * 10, cap) * int(c)
                      for p, c in zip(table.attrs["pays_exact"], table["combinations"], strict=True))
        from_table = -dollars / (10 * table.attrs["total"])
        assert by_ante[ante].house_edge == settled == from_table, ante
        assert f"{float(settled):.4%}" == words
        assert by_ante[ante].cap == cap and by_ante[ante].on == "Ante"
    # the cap never touches a bet whose largest win it covers: $5 or less at a $5 Ante
    assert (by_ante[2].uncapped_up_to, by_ante[4].uncapped_up_to, by_ante[5].uncapped_up_to) == (0, 2, 5)
    assert six_card_bonus_edge_by_settling(5, 5) == bonus.house_edge == six_card_bonus_edge_by_settling(10, 3)
    assert f"{float(bonus.house_edge):.4%}" == "19.3555%"
    # labelled beside the uncapped figures, in the sheet's words, its frame and the command's text
    rows = dict(bonus.figures())
    assert rows["house edge"] == "19.3555% before the cap"
    assert rows["with the $5,000 cap ($5 Ante)"].startswith("house edge 19.8172% on a $10 bet, standard deviation ")
    assert rows["with the $1,000 cap ($2 Ante)"].startswith("house edge 21.0000% on a $10 bet")
    frame = nh.capped_frame()
    six = frame[frame["wager"] == "6 Card Bonus"]
    assert six["house edge with the cap"].tolist() == [float(by_ante[a].house_edge) for a in (2, 4, 5, 10)]
    assert set(six["house edge before the cap"]) == {float(bonus.house_edge)}
    # Pair Plus's largest win, 40 to 1 on $10, is under every cap: no capped figures, no label
    assert nh.wager("pair_plus").capped == () and "before the cap" not in str(nh.wager("pair_plus").figures())
    assert "with the $1,000 cap ($2 Ante): house edge 21.0000% on a $10 bet" in nh.text()


def test_a_game_without_a_cap_has_no_capped_figures():
    for key in ("crazy4", "three-card-6bonus"):
        sheet = ps.par_sheet(get_game(key))
        assert all(s.capped == () for s in sheet.sheets().values()) and sheet.capped_frame().empty
        assert "cap" not in " ".join(f for s in sheet.sheets().values() for f, _ in s.figures())


# ---- the brute force ------------------------------------------------------------------------
def _moments(sheet):
    mean = sheet.expected_return
    var = sheet.variance
    m4 = sum(((v - mean) ** 4 * c for v, c in sheet.distribution), Fraction(0)) / sheet.total
    return float(mean), float(var), float(m4)


def _check_sample(sheet, nets, what):
    nets = np.asarray(nets, dtype=float)
    n = len(nets)
    mean, var, m4 = _moments(sheet)
    se_mean = math.sqrt(var / n)
    assert abs(nets.mean() - mean) < 4.5 * se_mean, (what, "mean", nets.mean(), mean, se_mean)
    se_var = math.sqrt((m4 - var * var) / n)
    assert abs(nets.var() - var) < 4.5 * se_var + 1e-12, (what, "variance", nets.var(), var, se_var)
    p = float(sheet.hit_frequency)
    se_p = math.sqrt(p * (1 - p) / n)
    assert abs((nets > 0).mean() - p) < 4.5 * se_p, (what, "hit frequency", (nets > 0).mean(), p)


N_DEALS = 12_000


def _brute_force(key, seed, one_deal):
    """``N_DEALS`` seeded deals of game ``key``, each played with the analysis's strategy and
    settled by ``one_deal(game, strategy, rng)`` (its net result per par-sheet entry, in units),
    held to the exact par sheet."""
    game = get_game(key)
    strategy = analyze(game).strategy
    sheet = ps.par_sheet(game)
    rng = np.random.default_rng(seed)
    nets = defaultdict(list)
    for _ in range(N_DEALS):
        for k, v in one_deal(game, strategy, rng).items():
            nets[k].append(v)
    for k, values in nets.items():
        _check_sample(sheet.wager(k), values, k)


def test_brute_force_crazy4():
    unit = 2  # $2: the 3-to-2 flush pays whole dollars, so no breakage (B1)

    def one_deal(game, strategy, rng):
        cards = rng.permutation(52)[:10].tolist()
        m = {"fold": 0, "1x": 1, "3x": 3}[strategy.play_for(cards[:5])]
        s = game.settle({"ante": unit, "super_bonus": unit, "queens_up": unit, "play": m * unit},
                        player=cards[:5], dealer=cards[5:])
        results = {r.wager: Fraction(r.result, unit) for r in s.results}
        nets = {k: results[k] for k in ("ante", "super_bonus", "queens_up")}
        nets["play"] = results.get("play", 0)
        nets["game"] = results["ante"] + results["super_bonus"] + nets["play"]
        return nets

    _brute_force("crazy4", 20261126, one_deal)


def test_brute_force_three_card():
    def one_deal(game, strategy, rng):
        cards = rng.permutation(52)[:6].tolist()
        play = 1 if strategy.play_for(cards[:3]) == "raise" else 0
        s = game.settle({"ante": 1 * 2, "play": play * 2, "pair_plus": 2, "six_card_bonus": 2},
                        player=cards[:3], dealer=cards[3:])
        results = {r.wager: Fraction(r.result, 2) for r in s.results}
        # the main game: the Ante, the Play and the Ante Bonus paid on the Ante (R20)
        return {"game": sum(v for k, v in results.items() if k not in ("pair_plus", "six_card_bonus")),
                "pair_plus": results["pair_plus"], "six_card_bonus": results["six_card_bonus"]}

    _brute_force("three-card-6bonus", 20261127, one_deal)


def test_brute_force_nh_holdem():
    ante = 2

    def one_deal(game, strategy, rng):
        cards = rng.permutation(52)[:9].tolist()
        hole, community, bonus = cards[:2], cards[2:5], cards[5:]
        bets, units = {"ante": ante, "pair_plus": 2, "six_card_bonus": 2}, 1
        for k, street in enumerate(("flop", "turn", "river")):
            b = {"fold": 0, "1x": 1, "2x": 2, "3x": 3}[strategy.play_for(hole, community[:k], units)]
            bets[street] = b * ante
            units += b
            if b == 0:
                break
        s = game.settle(bets, hole=hole, community=community, bonus=bonus)
        results = {r.wager: Fraction(r.result, ante) for r in s.results}
        nets = {"main": sum(v for k, v in results.items() if k not in ("pair_plus", "six_card_bonus"))}
        for k in ("ante", "flop", "turn", "river"):  # a street bet not made (after a fold) is 0
            nets[k] = results.get(k, 0)
        nets["pair_plus"] = results["pair_plus"]
        nets["six_card_bonus"] = results["six_card_bonus"]
        return nets

    _brute_force("nh-holdem", 20261128, one_deal)


# ---- a pay-table change ----------------------------------------------------------------------
CHANGES = {
    "crazy4": ("super_bonus", {"flush": 2, "straight": 2, "four aces": 100}),
    "three-card-6bonus": ("ante_bonus", {"straight": 2, "three of a kind": 5}),
    "nh-holdem": ("main", {"flush": 5, "full house": 7, "pair of sixes through tens": 1}),
}


@pytest.mark.parametrize("key", GAMES)
def test_a_pay_change_moves_the_sheet_as_a_fresh_analysis(key):
    filed = get_game(key)
    ps.par_sheet(filed)  # the first analysis, kept in memory
    table, pays = CHANGES[key]
    changed = filed.with_pay_table(table, pays)
    sheet = ps.par_sheet(changed)
    fresh = analyze(changed)
    assert sheet.game.expected_return == fresh.expected_return != ps.par_sheet(filed).game.expected_return
    assert sheet.game.wagered == fresh.average_wager
    for k, t in fresh.tables.items():
        assert dict(sheet.wager(k).distribution) == grouped(t), k
    # and exactly what a par sheet computed from nothing in memory gives
    par_sheet_figures._BASE.clear()
    banked_nh_classes.nh_base.cache_clear()
    banked_nh_classes._ROWS.clear()
    again = ps.par_sheet(changed)
    for k, s in sheet.sheets().items():
        assert again.wager(k) == s, k
    assert (again.decisions == sheet.decisions).all()


def test_nh_street_bets_each_and_together():
    sheet = ps.par_sheet(get_game("nh-holdem"))
    streets = [sheet.wager(k) for k in ("ante", "flop", "turn", "river")]
    assert sheet.main_wagers == ("ante", "flop", "turn", "river")
    assert sum(s.wagered for s in streets) == sheet.game.wagered
    assert sum(s.expected_return for s in streets) == sheet.game.expected_return
    # every wager wins on the same deals (the pay table settles them alike, R21)
    assert {s.hit_frequency for s in streets} == {sheet.game.hit_frequency}
    assert sheet.wager("ante").wagered == 1 and all(0 < s.wagered < 3 for s in streets[1:])


def test_the_strategy_moves_with_the_main_table():
    filed = ps.par_sheet(get_game("nh-holdem"))
    assert filed.changed_decisions(filed) == 0
    poorer = ps.par_sheet(get_game("nh-holdem").with_pay_table("main", {"pair of jacks through aces": 0}))
    assert poorer.changed_decisions(filed) > 0
    assert poorer.game.wagered < filed.game.wagered  # fewer hands are worth betting


def test_expected_return_of_the_quick_way():
    game = get_game("nh-holdem").with_pay_table("main", {"straight": 5})
    assert ps.expected_return_of(game.declaration, "game") == analyze(game).expected_return
    assert ps.expected_return_of(game.declaration, "pair_plus") == analyze(game).returns["pair_plus"]


def test_refusals():
    sheet = ps.par_sheet(get_game("crazy4"))
    with pytest.raises(GameError, match="no wager 'river'.*game, ante"):
        sheet.wager("river")
    with pytest.raises(GameError, match="no award 'royal'.*four aces"):
        sheet.wager("super_bonus").one_in("royal")


def test_text_shows_every_sheet():
    text = ps.par_sheet(get_game("three-card-6bonus")).text()
    for words in ("Main game (Ante + Play + Ante Bonus)", "Pair Plus", "6 Card Bonus", "standard deviation",
                  "hit frequency", "element of risk", "1 in", "largest win per hand: $60"):
        assert words in text


def test_analyze_prints_the_par_sheet(capsys):
    from gamelib.__main__ import main

    assert main(["analyze", "three-card-6bonus", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "== Three Card Poker with 6 Card Bonus: par sheet ==" in out
    assert ps.par_sheet(get_game("three-card-6bonus")).text() in out
    assert main(["analyze", "three-card-6bonus", "--quiet", "--no-par-sheet"]) == 0
    assert "par sheet" not in capsys.readouterr().out


@pytest.mark.parametrize("key, table, pays", [
    ("crazy4", "super_bonus", {"flush": 3, "three of a kind": 5}),
    ("three-card-6bonus", "ante_bonus", {"straight": 2}),
])
def test_the_quick_returns_of_a_game_decided_once(key, table, pays):
    game = get_game(key).with_pay_table(table, pays)
    sheet = ps.par_sheet(game)
    for k in ("game",) + sheet.main_wagers:
        assert ps.expected_return_of(game.declaration, k) == sheet.wager(k).expected_return, k


@pytest.mark.parametrize("key, table, pays", [
    ("crazy4", "super_bonus", {"flush": 1, "straight": 0, "three of a kind": 9}),
    ("three-card-6bonus", "ante_bonus", {"straight": 0, "three of a kind": 12}),
    ("nh-holdem", "main", {"two pair": 3}),
])
def test_return_for_pays_is_the_sheet_of_the_new_table(key, table, pays):
    decl = get_game(key).declaration
    sheet = ps.par_sheet_of(decl.with_pay_table(table, pays))
    for k in ("game",) + sheet.main_wagers:
        assert ps.return_for_pays(decl, table, k)(pays) == sheet.wager(k).expected_return, k
