"""Settlement of the banked games: one test per rule sentence of filings 002-004 and per ruling
R19-R22 (and the handbook's B1-B5), including every refusal."""

from __future__ import annotations

import pytest

from gamelib.engine.banked import banked_game, pay_amount
from gamelib.errors import CardError, DuplicateCardError, GameError, IllegalActionError, WagerError

C4 = banked_game("crazy4")
TCP = banked_game("three-card-6bonus")
NH = banked_game("nh-holdem")

JUNK_DEALER = "Qs Jd 8c 5h 3d"  # queen high: does not qualify in Crazy 4 (king high needed)
K_DEALER = "Kd 7s 5h 4s 2c"  # king high: qualifies


def c4(player, dealer, **w):
    wagers = {"ante": 5, "super_bonus": 5}
    wagers.update(w)
    return C4.settle(player=player, dealer=dealer, wagers=wagers)


def res(s, key):
    return s.result(key).result


# ---- Crazy 4 Poker ---------------------------------------------------------------------------
def test_c4_dealer_not_qualifying_ante_pushes_play_wins():
    s = c4("As Ad Kc 7h 2s", JUNK_DEALER, play=5)
    assert (res(s, "ante"), res(s, "play")) == (0, 5)
    assert s.result("ante").reason.startswith("dealer does not qualify")
    assert s.result("play").reason == "dealer does not qualify: Play wins 1 to 1"


def test_c4_king_high_qualifies():
    s = c4("As Ad Kc 7h 2s", K_DEALER, play=5)
    assert (res(s, "ante"), res(s, "play"), res(s, "super_bonus")) == (5, 5, 0)


def test_c4_player_beats_ties_loses_qualifying_dealer():
    win = c4("Qs Qd 9c 7h 2s", "Js Jd 9h 7c 3d", play=5)
    assert (res(win, "ante"), res(win, "play"), res(win, "super_bonus")) == (5, 5, 0)
    tie = c4("Qs Qd 9c 7h 2s", "Qh Qc 9d 7s 3d", play=5)  # best four Q-Q-9-7 each
    assert (res(tie, "ante"), res(tie, "play"), res(tie, "super_bonus")) == (0, 0, 0)
    assert "ties" in tie.result("super_bonus").reason
    lose = c4("Js Jd 9c 7h 2s", "Qh Qc 9d 7s 3d", play=5)
    assert (res(lose, "ante"), res(lose, "play"), res(lose, "super_bonus")) == (-5, -5, -5)


def test_c4_three_x_play_with_aces_or_better():
    s = c4("As Ad Kc 7h 2s", "Ks Kd 9h 7c 3d", play=15)
    assert (res(s, "ante"), res(s, "play")) == (5, 15)
    assert s.total == 5 + 15 + 0
    s = c4("5s 5d 3c 3h 2s", "Ks Kd 9h 7c 3d", play=15)  # two pair beats aces: 3x allowed
    assert res(s, "play") == 15


def test_c4_three_x_refused_without_aces():  # filing 002, R19
    with pytest.raises(IllegalActionError, match="pair of aces or better"):
        c4("Ks Kh Qc 7h 2d", K_DEALER, play=15)


@pytest.mark.parametrize("play", [2, 10, 4, 20])
def test_c4_play_must_be_1x_or_3x(play):  # R22
    with pytest.raises(WagerError, match=r"\$5 or \$15"):
        c4("As Ad Kc 7h 2s", K_DEALER, play=play)


def test_c4_super_bonus_must_equal_ante():  # R22
    with pytest.raises(WagerError, match="Super Bonus must equal the Ante"):
        C4.settle(player="As Ad Kc 7h 2s", dealer=K_DEALER, wagers={"ante": 5, "super_bonus": 10, "play": 5})
    with pytest.raises(WagerError, match="Super Bonus is required"):
        C4.settle(player="As Ad Kc 7h 2s", dealer=K_DEALER, wagers={"ante": 5})


@pytest.mark.parametrize("ante", [0, 1, 11, 100])
def test_c4_ante_limits(ante):  # R19: $2-$10
    with pytest.raises(WagerError):
        C4.settle(player="As Ad Kc 7h 2s", dealer=K_DEALER, wagers={"ante": ante, "super_bonus": ante})


@pytest.mark.parametrize("bad", [2.5, "5", True, -5])
def test_c4_wagers_are_whole_dollars(bad):
    with pytest.raises(WagerError):
        C4.settle(player="As Ad Kc 7h 2s", dealer=K_DEALER, wagers={"ante": bad, "super_bonus": bad})


def test_c4_queens_up_limits_and_may_exceed_ante():  # B2
    s = c4("Qs Qd 9c 7h 2s", K_DEALER, play=5, queens_up=10)
    assert res(s, "queens_up") == 10
    for bad in (1, 11):
        with pytest.raises(WagerError, match=r"Queens Up must be between \$2 and \$10"):
            c4("Qs Qd 9c 7h 2s", K_DEALER, queens_up=bad)


def test_c4_unknown_wager_refused():
    with pytest.raises(WagerError, match="no wager 'pair_plus'"):
        c4("Qs Qd 9c 7h 2s", K_DEALER, pair_plus=5)


def test_c4_fold_loses_ante_and_super_bonus_even_with_a_straight():  # R19, B5
    s = c4("9s 8d 7c 6h 2s", K_DEALER)
    assert (res(s, "ante"), res(s, "super_bonus")) == (-5, -5)
    assert s.total == -10


def test_c4_super_bonus_pays_even_when_losing():  # filing: straight or better always paid
    s = c4("9s 8d 7c 6h 2s", "Ks Kd Kh 7d 3d", play=5)
    assert (res(s, "ante"), res(s, "play"), res(s, "super_bonus")) == (-5, -5, 5)
    assert s.result("super_bonus").reason == "Super Bonus: straight pays 1 to 1"


@pytest.mark.parametrize("player,outcome,paid", [
    ("As Ad Ac Ah 2s", "four aces", 1000),
    ("Ks Kd Kc Kh 2s", "four of a kind, 2s-Ks", 150),
    ("9h 8h 7h 6h 2s", "straight flush", 75),
    ("9s 9d 9c 6h 2s", "three of a kind", 10),
    ("9s 8d 7c 6h 2s", "straight", 5),
    ("Ah 4h 3h 2h Ks", "straight flush", 75),  # ace low in 4-3-2-A
])
def test_c4_super_bonus_table(player, outcome, paid):
    s = c4(player, "Qs Jd Td 5c 3d", play=5)
    assert res(s, "super_bonus") == paid
    assert outcome in s.result("super_bonus").reason


def test_c4_flush_three_to_two_and_breakage():  # B1: rounds down to the dollar
    s = C4.settle(player="Kh 9h 7h 2h 3s", dealer=JUNK_DEALER, wagers={"ante": 4, "super_bonus": 4, "play": 4})
    assert res(s, "super_bonus") == 6
    s = C4.settle(player="Kh 9h 7h 2h 3s", dealer=JUNK_DEALER, wagers={"ante": 3, "super_bonus": 3, "play": 3})
    assert res(s, "super_bonus") == 4
    assert "$4.50 rounded down to $4, ruling B1" in s.result("super_bonus").reason
    assert pay_amount(5, __import__("fractions").Fraction(3, 2)) == (7, " ($7.50 rounded down to $7, ruling B1)")


def test_c4_super_bonus_when_dealer_does_not_qualify():  # R19
    # the player's hand beats the dealer's: push
    s = c4("Ks Qd 9c 7h 2s", JUNK_DEALER, play=5)
    assert res(s, "super_bonus") == 0 and "does not qualify" in s.result("super_bonus").reason
    # the dealer's non-qualifying hand is higher than the player's: the Super Bonus loses
    s = c4("Js Td 8h 6h 2s", JUNK_DEALER, play=5)
    assert (res(s, "ante"), res(s, "play"), res(s, "super_bonus")) == (0, 5, -5)


@pytest.mark.parametrize("player,paid", [
    ("As Ad Ac Ah 2s", 250), ("9h 8h 7h 6h 2s", 200), ("9s 9d 9c 6h 2s", 35), ("Kh 9h 7h 2h 3s", 20),
    ("9s 8d 7c 6h 2s", 15), ("9s 9d 6c 6h 2s", 10), ("Qs Qd 9c 6h 2s", 5), ("Js Jd 9c 6h 2s", -5),
])
def test_c4_queens_up_table_and_settled_on_fold(player, paid):
    for play in (0, 5):
        s = c4(player, K_DEALER, play=play, queens_up=5)
        assert res(s, "queens_up") == paid


def test_c4_card_checks():
    with pytest.raises(DuplicateCardError, match="both the player and the dealer"):
        c4("As Ad Kc 7h 2s", "As Jd 8c 5h 3d", play=5)
    with pytest.raises(CardError, match="it must have 5"):
        c4("As Ad Kc 7h", JUNK_DEALER, play=5)
    with pytest.raises(GameError, match="dealer cards are needed"):
        C4.settle(player="As Ad Kc 7h 2s", wagers={"ante": 5, "super_bonus": 5})


# ---- Three Card Poker with 6 Card Bonus -----------------------------------------------------
def tcp(player, dealer, **w):
    return TCP.settle(player=player, dealer=dealer, wagers=w)


def test_tcp_fold_forfeits_ante_not_the_bonuses():  # rule 4, R20
    s = tcp("Qh Jh Th", "2c 5d 9s", ante=5, pair_plus=5, six_card_bonus=5)
    assert res(s, "ante") == -5
    assert res(s, "pair_plus") == 200  # straight flush 40 to 1
    assert [r.wager for r in s.results] == ["ante", "pair_plus", "six_card_bonus"]  # no Ante Bonus (R20)


def test_tcp_dealer_needs_queen_high():  # rules 6-7
    s = tcp("Kh 7c 2d", "Jc 9d 8s", ante=5, play=5)
    assert (res(s, "ante"), res(s, "play")) == (5, 0)
    assert "does not qualify" in s.result("ante").reason
    s = tcp("Kh 7c 2d", "Qc 3d 2s", ante=5, play=5)  # Q-3-2 qualifies, king beats it
    assert (res(s, "ante"), res(s, "play")) == (5, 5)


def test_tcp_compare_qualified_hands():  # rules 8-11
    s = tcp("Qh 7c 2d", "Qc 8d 2s", ante=5, play=5)
    assert (res(s, "ante"), res(s, "play")) == (-5, -5)
    s = tcp("Qh 8c 2d", "Qc 8d 2s", ante=5, play=5)
    assert (res(s, "ante"), res(s, "play")) == (0, 0)


@pytest.mark.parametrize("player,bonus", [("Qh Jh Th", 20), ("7h 7c 7d", 15), ("Qh Jc Th", 5), ("Qh 8h 2h", None)])
def test_tcp_ante_bonus_regardless_of_dealer(player, bonus):  # rule 12, R20
    s = tcp(player, "As Ks Qs", ante=5, play=5)
    assert res(s, "ante") == -5 and res(s, "play") == -5
    if bonus is None:
        assert "ante_bonus" not in [r.wager for r in s.results]
    else:
        assert res(s, "ante_bonus") == bonus


@pytest.mark.parametrize("player,paid", [
    ("Ah Kh Qh", 375), ("Kh Qh Jh", 200), ("7h 7c 7d", 150), ("Ah 2c 3d", 25), ("Kh 8h 2h", 15),
    ("8h 8c 2d", 5), ("Ah Kc 9d", -5),
])
def test_tcp_pair_plus_table_without_an_ante(player, paid):  # rule 13
    s = tcp(player, "2s 4d 6s", pair_plus=5)
    assert [r.wager for r in s.results] == ["pair_plus"]
    assert res(s, "pair_plus") == paid


@pytest.mark.parametrize("player,dealer,paid", [
    ("Ah Kh Qh", "Jh Th 2c", 500), ("9h Kh Qh", "Jh Th 2c", 250), ("9h 9c 9d", "9s Th 2c", 50),
    ("9h 9c 9d", "2s Th 2c", 25), ("9h 6h 3h", "Jh Th 2c", 15), ("9h Kc Qh", "Jd Th 2c", 10),
    ("9h 9c 9d", "3s Th 2c", 5), ("9h 9c 8d", "3s 3h 2c", -1),
])
def test_tcp_six_card_bonus(player, dealer, paid):  # rule 14, R20
    s = tcp(player, dealer, six_card_bonus=1)
    assert res(s, "six_card_bonus") == paid


def test_tcp_refusals():  # R22 and the wager limits
    with pytest.raises(WagerError, match="at least one"):
        tcp("Ah Kh Qh", "2c 4d 6s")
    with pytest.raises(WagerError, match=r"Play must equal the Ante \(\$5\), not \$10"):
        tcp("Ah Kh Qh", "2c 4d 6s", ante=5, play=10)
    with pytest.raises(WagerError, match="needs an Ante"):
        tcp("Ah Kh Qh", "2c 4d 6s", pair_plus=5, play=5)
    with pytest.raises(WagerError, match=r"Ante must be between \$2 and \$10"):
        tcp("Ah Kh Qh", "2c 4d 6s", ante=1)
    with pytest.raises(WagerError, match=r"Pair Plus must be between \$1 and \$10"):
        tcp("Ah Kh Qh", "2c 4d 6s", pair_plus=11)
    with pytest.raises(WagerError, match=r"6 Card Bonus must be between \$1 and \$10"):
        tcp("Ah Kh Qh", "2c 4d 6s", six_card_bonus=12)


# ---- New Hampshire Hold'em -------------------------------------------------------------------
def nh(hole, community, bonus=None, **w):
    return NH.settle(hole=hole, community=community, bonus=bonus, wagers=w)


def test_nh_fold_loses_everything_wagered():  # R21
    s = nh("7c 2d", "Ks 9h 4d", ante=5)
    assert s.total == -5 and "before the flop" in s.result("ante").reason
    s = nh("7c 2d", "Ks 9h 4d", ante=5, flop=15)
    assert (res(s, "ante"), res(s, "flop")) == (-5, -15)
    s = nh("7c 2d", "Ks 9h 4d", ante=5, flop=5, turn=10)
    assert s.total == -20 and "before the river" in s.result("turn").reason


@pytest.mark.parametrize("hole,community,mult", [
    ("Ah Kh", "Qh Jh Th", 250), ("9h Kh", "Qh Jh Th", 80), ("9h 9c", "9d 9s Th", 30), ("9h 9c", "9d Ts Th", 8),
    ("9h 2h", "5h Jh Th", 6), ("9h 8c", "7d Ts Jh", 4), ("9h 9c", "9d 2s Th", 3), ("9h 9c", "2d 2s Th", 2),
    ("Jh Jc", "9d 2s 3h", 1), ("Ah 9c", "Ad 2s 3h", 1), ("6h 6c", "9d 2s 3h", 0), ("Th 9c", "Td 2s 3h", 0),
    ("5h 5c", "9d 2s 3h", -1), ("Ah Kc", "9d 2s 3h", -1),
])
def test_nh_main_pay_table_settles_every_bet_alike(hole, community, mult):  # R21
    s = nh(hole, community, ante=2, flop=2, turn=4, river=6)
    expected = [a * mult for a in (2, 2, 4, 6)] if mult >= 0 else [-2, -2, -4, -6]
    assert [res(s, k) for k in ("ante", "flop", "turn", "river")] == expected


def test_nh_pair_plus_on_community_cards_even_after_a_fold():  # R21, B4
    for community, paid in (("Qh Jh Th", 80), ("Qh Qc Qd", 60), ("Qh Jc Th", 12), ("Qh 8h 2h", 6),
                            ("Qh Qc 2d", 2), ("Qh Tc 2d", -2)):
        s = nh("7c 2s", community, ante=5, pair_plus=2)
        assert res(s, "pair_plus") == paid


def test_nh_six_card_bonus_uses_hole_and_bonus_cards():  # R21, B4
    s = nh("Ah Kh", "2c 3d 4s", "Qh Jh Th 9c", ante=5, six_card_bonus=2)
    assert res(s, "six_card_bonus") == 2000
    s = nh("Ah Kh", "2c 3d 4s", "Qc Jc 5h 9c", ante=5, six_card_bonus=2)
    assert res(s, "six_card_bonus") == -2


def test_nh_payout_cap():  # R21, B3
    s = nh("Ah Kh", "Qh Jh Th", ante=2, flop=6, turn=6, river=6)
    assert sum(r.result for r in s.results) == 5000
    assert s.cap_reduction == 4000 and s.total == 1000
    assert "limited to $1,000 with a $2 ante" in s.cap_reason
    s = nh("Ah Kh", "Qh Jh Th", ante=4, flop=12, turn=12, river=12, pair_plus=10)
    assert s.total == 2000
    s = nh("Ah Kh", "Qh Jh Th", ante=5, flop=5, turn=5, river=5)
    assert s.cap_reduction == 0 and s.total == 5000
    s = nh("Ah Kh", "Qh Jh Th", ante=10, flop=10, turn=10, river=10)
    assert s.total == 5000
    # losing wagers are still collected (B3)
    s = nh("Ah Kh", "Qh Jh Th", "2c 3c 4d 7s", ante=2, flop=6, turn=6, river=6, six_card_bonus=2)
    assert s.total == 1000 - 2


def test_nh_refusals():  # R21, R22
    with pytest.raises(WagerError, match=r"Ante must be \$2, \$4, \$5 or \$10, not \$3"):
        nh("7c 2d", "Ks 9h 4d", ante=3)
    with pytest.raises(WagerError, match=r"Flop bet must be \$5 or \$10 or \$15"):
        nh("7c 2d", "Ks 9h 4d", ante=5, flop=20)
    with pytest.raises(WagerError, match=r"Turn bet must be"):
        nh("7c 2d", "Ks 9h 4d", ante=5, flop=5, turn=7)
    with pytest.raises(IllegalActionError, match="cannot make the Turn bet"):
        nh("7c 2d", "Ks 9h 4d", ante=5, turn=5)
    with pytest.raises(WagerError, match=r"Pair Plus must be between \$2 and \$10"):
        nh("7c 2d", "Ks 9h 4d", ante=5, pair_plus=1)
    with pytest.raises(WagerError, match="Ante is required"):
        nh("7c 2d", "Ks 9h 4d", pair_plus=5)
    with pytest.raises(GameError, match="bonus cards are needed"):
        nh("7c 2d", "Ks 9h 4d", ante=5, six_card_bonus=5)
    with pytest.raises(DuplicateCardError, match="community and the bonus"):
        nh("7c 2d", "Ks 9h 4d", "Ks 2c 3c 4c", ante=5, six_card_bonus=5)
