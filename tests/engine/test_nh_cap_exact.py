"""New Hampshire Hold'em's payout cap at exactly the cap, a little over it, and over it with a
losing wager (R21, B3: the cap limits the total paid on the wagers that win; a losing wager is
collected in full).

Every figure is worked by hand from the filed pay tables (filing 003):

- hole 9h 8h, community 7h 6h 5h: the main hand is a nine-high straight flush, 80 to 1 on the
  Ante and each street bet; the community cards alone are a three-card straight flush, Pair
  Plus 40 to 1;
- bonus 2c 2d Kc Jd: the hole and bonus cards make only a pair of deuces, so the 6 Card Bonus
  (three of a kind or better) loses; bonus 9c 9d 2s Kd makes three nines, 5 to 1.

Mutants this catches: ``won < cap`` for ``won <= cap`` (a cap "applied" at exactly the cap,
with its reason), the cap taken on the net result instead of the winning wagers (B3), the
losing wager reduced by the cap, and a cap read for another ante.
"""

from __future__ import annotations

from gamelib import get_game

NH = get_game("nh-holdem")
HOLE, COMMUNITY = "9h 8h", "7h 6h 5h"
NO_BONUS, TRIP_NINES = "2c 2d Kc Jd", "9c 9d 2s Kd"


def settle(bonus: str, **wagers: int):
    return NH.settle(hole=HOLE, community=COMMUNITY, bonus=bonus, wagers=wagers)


def test_the_cap_for_a_two_dollar_ante_is_a_thousand() -> None:
    assert NH.declaration.caps[2] == 1000  # R21


def test_winning_exactly_the_cap_is_paid_in_full() -> None:
    # Ante $2 and $2 on each street: 4 x $2 x 80 = $640; Pair Plus $9 x 40 = $360; $640 + $360 = $1,000
    # won, exactly the cap. The 6 Card Bonus loses its $10, collected in full: net $990.
    s = settle(NO_BONUS, ante=2, flop=2, turn=2, river=2, pair_plus=9, six_card_bonus=10)
    assert {r.wager: r.result for r in s.results} == {
        "ante": 160, "flop": 160, "turn": 160, "river": 160, "pair_plus": 360, "six_card_bonus": -10}
    assert s.cap_reduction == 0
    assert s.cap_reason == "" and "cap" not in str(s)
    assert s.total == 990


def test_five_dollars_over_the_cap_are_held_back() -> None:
    # Ante $2, flop $2, turn $4, river $4: $12 x 80 = $960; 6 Card Bonus $9 x 5 (three nines) = $45:
    # $1,005 won, $5 over the $1,000 cap.
    s = settle(TRIP_NINES, ante=2, flop=2, turn=4, river=4, six_card_bonus=9)
    assert sum(r.result for r in s.results) == 1005
    assert s.cap_reduction == 5 and s.total == 1000
    assert "limited to $1,000 with a $2 ante" in s.cap_reason


def test_a_losing_wager_is_not_counted_against_the_cap_b3() -> None:
    # Ante $2, flop $2, turn $4, river $4: $960; Pair Plus $2 x 40 = $80: $1,040 won, $40 over the
    # cap. The 6 Card Bonus loses $10 on top: $1,030 net before the cap. A cap on the net would
    # hold back $30 and pay $1,000; the cap limits what the winning wagers pay (B3), so $40 is
    # held back and the player nets $1,000 - $10 = $990.
    s = settle(NO_BONUS, ante=2, flop=2, turn=4, river=4, pair_plus=2, six_card_bonus=10)
    assert sum(r.result for r in s.results if r.result > 0) == 1040
    assert s.result("six_card_bonus").result == -10
    assert s.cap_reduction == 40 and s.total == 990
