"""A stud bring-in is less than the lower limit (glossary "bring-in", R14, R-A9, R-A11).

The bring-in is the small forced bet that the player may instead complete to the lower limit;
a bring-in as large as the lower limit would leave nothing to complete, so ``stud_structure``
refuses it, naming the amounts it allows.
"""

from __future__ import annotations

import pytest

from gamelib.errors import TableError
from gamelib.games.pot import big_bet_structure, bring_in_bounds, stud_structure


@pytest.mark.parametrize("lower, bring_in", [(2, 1), (5, 4), (10, 5), (20, 10)])
def test_a_bring_in_below_the_lower_limit_is_accepted(lower, bring_in):
    assert stud_structure(lower, 2 * lower, bring_in=bring_in).bring_in == bring_in


@pytest.mark.parametrize("lower, bring_in", [(2, 2), (2, 3), (5, 5), (10, 10), (10, 0)])
def test_a_bring_in_equal_to_or_above_the_lower_limit_is_refused(lower, bring_in):
    with pytest.raises(TableError, match=rf"from \$1 to \${lower - 1}") as err:
        stud_structure(lower, 2 * lower, bring_in=bring_in)
    assert f"${bring_in}" in str(err.value) and "lower limit" in str(err.value)


def test_a_one_dollar_lower_limit_has_no_bring_in():
    """At $1/$2 no whole-dollar bring-in is below the lower limit (R5): the stake is refused."""
    with pytest.raises(TableError, match=r"lower limit of at least \$2"):
        stud_structure(1, 2)


@pytest.mark.parametrize("lower", [2, 3, 4, 5, 10, 20])
def test_the_default_bring_in_is_half_the_lower_limit_rounded_up(lower):
    assert stud_structure(lower, 2 * lower).bring_in == (lower + 1) // 2 < lower


@pytest.mark.parametrize("lower", [1, 2, 3, 5, 10, 20])
def test_the_bring_in_bounds_are_what_the_engine_accepts(lower):
    """``bring_in_bounds`` is the one rule: every bring-in in its bounds builds a structure (stud,
    and big-bet stud at that minimum bet), every other from $0 to two over the small bet is refused."""
    smallest, largest = bring_in_bounds(lower)
    for bring_in in range(0, lower + 3):
        inside = smallest <= bring_in <= largest
        for build in (lambda b: stud_structure(lower, 2 * lower, bring_in=b),
                      lambda b: big_bet_structure("pot-limit", 0, lower, bring_in=b)):
            if inside:
                assert build(bring_in).bring_in == bring_in
            elif bring_in:  # 0 is no bring-in: stud refuses it, a big-bet structure then has blinds
                with pytest.raises(TableError):
                    build(bring_in)


@pytest.mark.parametrize("small_bet", [0, -1, 1.5, True, "2", None])
def test_the_bring_in_bounds_refuse_a_small_bet_that_is_no_whole_dollars(small_bet):
    with pytest.raises(TableError, match="the small bet is whole dollars"):
        bring_in_bounds(small_bet)
