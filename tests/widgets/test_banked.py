"""The banked-game widgets: every answer comes from the engine, the strategy and the analysis;
refusals carry the engine's own message (R22), never a correction."""

from __future__ import annotations

import html

import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze, strategy_of
from gamelib.cards import parse_cards
from gamelib.errors import GameError, WagerError
from gamelib.games.banked import Reveal, dealer_qualifying_value
from gamelib.widgets.banked import (
    BankedDealWidget,
    DealerCompareWidget,
    PayWidget,
    StrategyWidget,
    analysis_of,
    compare_html,
    deal_round,
    default_wagers,
    house_edge_report,
    nh_option_values,
    nh_path_wagered,
    plot_decision_ev,
    plot_nh_starting_hands,
    plot_returns,
    settlement_html,
)

GAMES = ["crazy4", "three-card-6bonus", "nh-holdem"]


@pytest.mark.parametrize("key", GAMES)
def test_default_wagers_are_legal(key: str) -> None:
    game = get_game(key)
    assert game.check_wagers(default_wagers(key)) == {**{w.key: 0 for w in game.declaration.wagers},
                                                      **default_wagers(key)}


@pytest.mark.parametrize("key", GAMES)
@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5])
def test_round_follows_the_strategy_and_settles_like_the_engine(key: str, seed: int) -> None:
    game = get_game(key)
    strategy = analysis_of(game).strategy
    r = deal_round(key, seed=seed)
    # every hand dealt with the declared number of cards, no card twice
    assert {k: len(v) for k, v in r.cards.items()} == game.declaration.deal
    every = [c for v in r.cards.values() for c in v]
    assert len(set(every)) == len(every)
    # the decisions are the strategy's
    if key == "nh-holdem":
        for street, i in (("flop", 0), ("turn", 1), ("river", 2)):
            if r.wagers[street] == 0:
                assert strategy.play_for(list(r.cards["hole"]),
                                         *( [list(r.cards["community"][:i])] if i else [])) == "fold"
                break
            play = strategy.play_for(list(r.cards["hole"]), *([list(r.cards["community"][:i])] if i else []))
            assert r.wagers[street] == int(play[:-1]) * r.wagers["ante"]
    else:
        play = strategy.play_for(list(r.cards["player"]))
        expected = {"fold": 0, "1x": r.wagers["ante"], "3x": 3 * r.wagers["ante"], "raise": r.wagers["ante"]}[play]
        assert r.wagers["play"] == expected
    s = game.settle(r.wagers, **{k: list(v) for k, v in r.cards.items()})
    assert r.settlement == s
    assert r.steps[-1].kind == "settlement" and r.steps[-1].html == settlement_html(s)
    kinds = [st.kind for st in r.steps]
    assert kinds.count("cards") == sum(1 for item in game.declaration.rounds if isinstance(item, Reveal))


def test_round_is_seeded() -> None:
    assert deal_round("crazy4", seed=9).cards == deal_round("crazy4", seed=9).cards
    assert deal_round("crazy4", seed=9).cards != deal_round("crazy4", seed=10).cards


def test_round_refuses_bad_wagers_with_the_engine_message() -> None:
    with pytest.raises(WagerError, match="must equal the Ante"):
        deal_round("crazy4", wagers={"ante": 5, "super_bonus": 4})
    w = BankedDealWidget("crazy4", wagers={"ante": 5, "super_bonus": 4})
    assert "must equal the Ante ($5), not $4 (R22)" in html.unescape(w.output.value)


def test_deal_widget_steps() -> None:
    w = BankedDealWidget("nh-holdem", seed=3)
    n = len(w.round.steps)
    assert w.shown == n and "Total" in w.output.value
    w.deal_button.click()
    assert w.shown == 1 and "Total" not in w.output.value
    for _ in range(n):
        w.next_step()
    assert w.shown == n
    w.seed.value = 4
    w.deal(restart=False)
    assert w.round.seed == 4 and w.round.settlement.total == deal_round("nh-holdem", 4).settlement.total
    assert settlement_html(w.round.settlement) in w.output.value


def test_dealer_step_says_whether_the_dealer_qualifies() -> None:
    game = get_game("crazy4")
    for seed in range(1, 6):
        r = deal_round("crazy4", seed=seed)
        dealer_step = [s for s in r.steps if s.title.startswith("Dealer")][0]
        ok = game.hand_value(list(r.cards["dealer"])) >= dealer_qualifying_value(game.declaration)
        assert ("does not qualify" in dealer_step.text) is (not ok)


# ---- pay desk ---------------------------------------------------------------------------------
@pytest.mark.parametrize("key", GAMES)
def test_pay_widget_matches_settle(key: str) -> None:
    w = PayWidget(key)
    cards = {who: t.value for who, t in w.card_inputs.items()}
    s = get_game(key).settle(w.wagers(), **cards)
    assert w.result.value == settlement_html(s)
    for r in s.results:
        assert html.escape(r.reason) in w.result.value


def test_pay_widget_shows_refusals_never_corrects() -> None:
    w = PayWidget("crazy4")
    w.wager_inputs["super_bonus"].value = 4
    assert w.settle() is None
    assert "the Super Bonus must equal the Ante ($5), not $4 (R22)" in html.unescape(w.result.value)
    assert w.wager_inputs["super_bonus"].value == 4  # left as typed
    w.wager_inputs["super_bonus"].value = 5
    w.wager_inputs["ante"].value = 12
    w.wager_inputs["super_bonus"].value = 12
    w.wager_inputs["play"].value = 12
    w.settle()
    assert "Ante must be between $2 and $10, not $12" in html.unescape(w.result.value)
    w = PayWidget("three-card-6bonus")
    w.wager_inputs["play"].value = 10
    w.settle_button.click()
    assert "must equal the Ante" in html.unescape(w.result.value)
    w = PayWidget("nh-holdem")
    w.wager_inputs["ante"].value = 3
    w.settle()
    assert "$2, $4, $5 or $10, not $3" in html.unescape(w.result.value)


def test_pay_widget_applies_the_nh_cap() -> None:  # R21, B3
    w = PayWidget("nh-holdem")
    for k, v in {"ante": 2, "pair_plus": 2, "six_card_bonus": 2, "flop": 6, "turn": 6, "river": 6}.items():
        w.wager_inputs[k].value = v
    w.card_inputs["hole"].value = "As Ks"
    w.card_inputs["community"].value = "Qs Js Ts"
    w.card_inputs["bonus"].value = "2c 3d 4h 9c"
    s = w.settle()
    assert s is not None and s.cap_reduction > 0
    assert "Payout cap" in w.result.value and html.escape(s.cap_reason) in w.result.value
    # the main wagers and Pair Plus win more than $1,000; the cap holds the wins to $1,000 with a
    # $2 ante, and the losing 6 Card Bonus ($2) is collected in full (B3)
    assert s.result("six_card_bonus").result == -2
    assert s.total == 1000 - 2


def test_pay_widget_folds_and_card_errors() -> None:
    w = PayWidget("crazy4")
    w.wager_inputs["play"].value = 0
    s = w.settle()
    assert s is not None and "player folds" in w.result.value
    w.card_inputs["dealer"].value = "As 2c 3c 4c 5c"
    assert w.settle() is None and "Refused" in w.result.value


# ---- pay-table editor -------------------------------------------------------------------------
def test_editor_recomputes_a_side_bet() -> None:
    w = PayWidget("three-card-6bonus")
    w.table_choice.value = "pair_plus"
    assert set(w.pay_inputs) == {line.outcome
                                 for line in get_game("three-card-6bonus").declaration.pay_table("pair_plus").lines}
    new = w.recompute()
    filed = house_edge_report(get_game("three-card-6bonus"), "pair_plus")
    assert new == filed
    w.set_pays({"flush": 4})
    edited = house_edge_report(get_game("three-card-6bonus").with_pay_table("pair_plus", {"flush": 4}), "pair_plus")
    assert f"{float(edited['house edge']):.4%}" in w.edge.value
    assert f"{float(filed['house edge']):.4%}" in w.edge.value
    assert edited["house edge"] < filed["house edge"]


def test_editor_recomputes_the_main_game() -> None:
    w = PayWidget("crazy4", wager_table="super_bonus")
    w.set_pays({"flush": "2"})
    a = analyze(get_game("crazy4").with_pay_table("super_bonus", {"flush": 2}))
    assert f"{float(a.house_edge):.4%}" in w.edge.value
    assert f"{float(a.element_of_risk):.4%}" in w.edge.value


def test_editor_refuses_bad_pays() -> None:
    w = PayWidget("nh-holdem", wager_table="pair_plus")
    w.pay_inputs["flush"].value = "lots"
    assert w.recompute() is None and "a pay must be a number" in w.edge.value
    w.pay_inputs["flush"].value = "-3"
    assert w.recompute() is None and "less than nothing" in w.edge.value
    w.reset_button.click()
    assert w.pay_inputs["flush"].value == "3"
    with pytest.raises(GameError, match="no row"):
        w.set_pays({"five aces": 9})


# ---- compare and strategy ---------------------------------------------------------------------
def test_compare_player_against_dealer() -> None:
    out = compare_html("crazy4", ["Qh Qd 4s 4c 9d", "Ac Kc Qc Jc 2h"])
    assert "Dealer wins: straight flush beats two pair." in out
    assert "The dealer qualifies (needs king high or better)." in out
    out = compare_html("three-card-6bonus", ["9h 9d 3c", "Jh 8d 4c"])
    assert "Player wins: pair beats high card." in out and "does not qualify (needs queen high or better)" in out
    out = compare_html("three-card-6bonus", ["9h 9d 3c", "9s 9c 3d"])
    assert "Tie" in out
    assert "Hand 1" in compare_html("nh-holdem", ["As Ks Ah 7c Kd", "Qh Jh Th 9h 2c"])


def test_compare_widget_refuses() -> None:
    w = DealerCompareWidget("three-card-6bonus")
    assert "Player" in w.result.value
    w.hands.value = "9h 9d 3c\n9h 8d 4c"
    w.button.click()
    assert "Refused" in w.result.value and "9h" in w.result.value


def test_strategy_widget_reads_the_strategy() -> None:
    for key, hand in (("crazy4", {"player": "As Ad 7s 5c 2d"}), ("three-card-6bonus", {"player": "Qs 6d 4h"})):
        w = StrategyWidget(key, hands=hand)
        s = strategy_of(get_game(key))
        play = s.play_for(hand["player"])
        assert f"The right play: <b>{play}</b>" in w.result.value
        for ev in s.expected_values(hand["player"]).values():
            assert f"{float(ev):+.4f}" in w.result.value
    w = StrategyWidget("nh-holdem", hands={"hole": "Ts 6h", "community": "9c"})
    s = analysis_of(get_game("nh-holdem")).strategy
    assert f"The right play: <b>{s.play_for('Ts 6h', '9c')}</b>" in w.result.value
    v = s.value("Ts 6h", "9c", nh_path_wagered(s, parse_cards("Ts 6h"), parse_cards("9c")))
    assert f"{float(v):+.4f}" in w.result.value
    for option in ("fold", "1x", "2x", "3x"):
        assert f">{option}<" in w.result.value
    w.inputs["hole"].value = "8s 3h"  # the strategy folds this before the flop card
    w.button.click()
    assert "folds before this point" in w.result.value and "The right play" not in w.result.value
    w.inputs["hole"].value = "Ts"
    w.button.click()
    assert "Refused" in w.result.value


def test_nh_strategy_widget_answers_for_the_situation_given() -> None:
    """7-2 with 7-7 showing and 3 units in is a 3x bet (+23.25), not a fold, although
    the strategy would have folded 7-2 before the flop card."""
    s = analysis_of(get_game("nh-holdem")).strategy
    w = StrategyWidget("nh-holdem", hands={"hole": "7s 2d", "community": "7h 7c"})
    w.wagered.value = "3"
    w.button.click()
    assert "The right play: <b>3x</b>" in w.result.value
    assert "+23.2500" in w.result.value and "-3.0000" in w.result.value
    # every amount that can be in before the river card has its row, best play in bold
    for units in range(3, 8):
        play = s.play_for("7s 2d", "7h 7c", units)
        assert f"<td style='padding:3px 10px;'>{units}</td>" in w.result.value
        best = f"{float(s.options('7s 2d', '7h 7c', units)[play]):+.4f}"
        assert f"<b>{best}</b>" in w.result.value
    for bad in ("9", "x", "2.5", "0", "²", "+-5", "9" * 5000):
        w.wagered.value = bad
        w.button.click()
        assert "Refused" in w.result.value and "units" in w.result.value and len(w.result.value) < 400
    w.wagered.value = ""
    w.inputs["community"].value = "9c"
    w.inputs["hole"].value = "As Ad"
    w.button.click()  # no amount: the strategy's own path (3x before the flop card: 4 units)
    assert f"The right play: <b>{s.play_for('As Ad', '9c', 4)}</b>" in w.result.value
    assert "4 units" in w.result.value


@pytest.mark.parametrize("hole, community", [
    ("As Ad", ""), ("Ts 6h", ""), ("7c 2d", ""), ("Ts 6h", "9c"), ("Kh Qh", "2h"),
    ("Jd 7h", "2h Ts"), ("Ah Kd", "Qc Js"), ("9s 9d", "9h 2c"),
])
def test_nh_option_values_agree_with_the_strategy(hole: str, community: str) -> None:
    """The best option is worth exactly what the engine's strategy says the decision is worth,
    and it is the option the strategy picks (R21: fold loses what is wagered)."""
    game = get_game("nh-holdem")
    s = analysis_of(game).strategy
    h = parse_cards(hole)
    c = parse_cards(community) if community else []
    if c:
        w = nh_path_wagered(s, h, c) or len(c) + 1
        best = s.value(h, c, w)
        play = s.play_for(h, c, wagered=w)
    else:
        w, best, play = 1, s.expected_value(h), s.play_for(h)
    v = nh_option_values(game, s, h, c, wagered=w)
    assert v["fold"] == -w
    assert max(v.values()) == best
    assert v[play] == best
    # exactly equal choices go to the one that puts less money at risk (R23)
    assert play == min((k for k in v if v[k] == best), key=lambda k: 0 if k == "fold" else int(k[:-1]))
    assert v == s.options(h, c, w)


def test_nh_option_values_refuse_bad_input() -> None:
    game = get_game("nh-holdem")
    s = analysis_of(game).strategy
    with pytest.raises(GameError, match="at most two community cards"):
        nh_option_values(game, s, parse_cards("As Ad"), parse_cards("2c 3d 4h"))
    with pytest.raises(GameError, match="different cards"):
        nh_option_values(game, s, parse_cards("As Ad"), parse_cards("As"))


def test_plots_build() -> None:
    for key in GAMES:
        assert len(plot_returns(key).axes) == 1
    assert len(plot_decision_ev("crazy4").axes) == 1
    assert len(plot_nh_starting_hands().axes) == 1
