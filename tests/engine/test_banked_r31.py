"""R31: the three-card ranking's two readings of the Three Card Poker filing, each tested where it
is paid. The Mini Royal (A-K-Q) is paid only suited (an unsuited A-K-Q is a straight); A-2-3 is
the lowest straight and K-A-2 is no straight. Expected pays are the filing's Pair Plus table
(filing 004: Mini Royal 75, straight flush 40, straight 5, pair 1), typed here, not read from
the declaration."""

from __future__ import annotations

import pytest

from gamelib.engine.banked import banked_game
from gamelib.games.banked import DECLARATIONS

TCP = banked_game("three-card-6bonus")
NH = banked_game("nh-holdem")
DEALER = "Qc 9d 4h"  # queen high: qualifies, and beats no hand below


def pair_plus(player: str) -> tuple[int, str]:
    s = TCP.settle(player=player, dealer=DEALER, wagers={"pair_plus": 5})
    (line,) = [r for r in s.results if r.wager == "pair_plus"]
    return line.result, line.reason


@pytest.mark.parametrize("player, paid", [
    ("As Ks Qs", 75 * 5),   # Mini Royal: suited
    ("Ah Kh Qh", 75 * 5),
    ("As Kh Qs", 5 * 5),    # unsuited A-K-Q: a straight, not a Mini Royal
    ("Ad Kc Qh", 5 * 5),
    ("Ks Qs Js", 40 * 5),   # a straight flush below the Mini Royal
    ("3d 2d Ad", 40 * 5),   # A-2-3 suited: the lowest straight flush
    ("3d 2c Ah", 5 * 5),    # A-2-3: the lowest straight
    ("Kc Ad 2h", -5),       # K-A-2: no straight, ace high, loses
])
def test_pair_plus_reads_r31(player: str, paid: int) -> None:
    assert pair_plus(player)[0] == paid


def test_a23_is_the_lowest_straight_against_the_dealer() -> None:
    """Ante and Play against the dealer: A-2-3 loses to 2-3-4 and beats a flush (a straight beats
    a flush in three-card poker)."""
    lose = TCP.settle(player="3d 2c Ah", dealer="4s 3h 2d", wagers={"ante": 5, "play": 5})
    assert lose.result("ante").result == -5 and lose.result("play").result == -5
    win = TCP.settle(player="3d 2c Ah", dealer="Kh 9h 4h", wagers={"ante": 5, "play": 5})
    assert win.result("ante").result == 5 and win.result("play").result == 5


@pytest.mark.parametrize("community, paid", [
    ("3d 2c Ah", 6 * 5),   # A-2-3: the lowest straight (NH's Pair Plus pays a straight 6 to 1)
    ("Kc Ad 2h", -5),      # K-A-2: no straight
    ("Ad Kc Qh", 6 * 5),   # unsuited A-K-Q: a straight
    ("As Ks Qs", 40 * 5),  # suited A-K-Q: NH's table has no Mini Royal line, so a straight flush
])
def test_nh_pair_plus_reads_r31(community: str, paid: int) -> None:
    """NH Hold'em's Pair Plus (the three community cards) uses the same three-card ranking."""
    s = NH.settle(hole="9c 8c", community=community, wagers={"ante": 5, "pair_plus": 5})  # folded: Pair Plus stands
    assert s.result("pair_plus").result == paid


def test_the_declarations_cite_r31() -> None:
    assert "R31" in DECLARATIONS["three-card-6bonus"].rulings
    assert "R31" in DECLARATIONS["nh-holdem"].rulings
