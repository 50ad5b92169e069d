"""Buy-ins and seating (gamelib/widgets/table_rules.py): the buy-in checker answers as the engine does."""

from __future__ import annotations

import pytest

from gamelib.engine.table import Table
from gamelib.games.pot import BIG_O_STRUCTURES
from gamelib.widgets.table_rules import BuyInWidget, check_buy_in


@pytest.mark.parametrize("structure,minimum", [("$1-$2", 20), ("$2-$4", 40), ("$4-$4", 40), ("$1-$4", 40)])
def test_big_o_minimum_buy_in(structure: str, minimum: int) -> None:
    # R18: ten times the largest bet
    assert check_buy_in("big-o", minimum, structure) == ""
    assert check_buy_in("big-o", minimum - 1, structure).startswith(f"the minimum buy-in is ${minimum}")
    assert Table("big-o", structure).min_buy_in() == minimum


def test_big_o_return_rule() -> None:
    # R18: back before a full rotation only with at least the amount taken off
    assert "at least $150" in check_buy_in("big-o", 100, "$2-$4", cashed_out=150, button_moves=3, others=5)
    assert check_buy_in("big-o", 150, "$2-$4", cashed_out=150, button_moves=3, others=5) == ""
    assert check_buy_in("big-o", 100, "$2-$4", cashed_out=150, button_moves=5, others=5) == ""
    assert check_buy_in("big-o", 40, "$2-$4", cashed_out=25, button_moves=0) == ""


def test_mixed_game_limits() -> None:
    # R17: $1,000 to enter, $150 from the dealer in one hand
    assert check_buy_in("badugi", 1000) == ""
    assert "more than $1000" in check_buy_in("badugi", 1001)
    assert check_buy_in("stud8", 300, from_dealer=150) == ""
    assert "$150" in check_buy_in("stud8", 300, from_dealer=151)
    assert "above $0" in check_buy_in("archie", 0)


def test_buy_in_widget_shows_the_engines_answer() -> None:
    w = BuyInWidget(structure="$1-$2", amount=20, cashed_out=None)
    assert "accepted" in w.result.value and "$20" in w.result.value
    w.amount.value = 19
    assert "refused" in w.result.value
    assert "the minimum buy-in is $20" in w.result.value
    w.structure.value = "$4-$4"
    w.amount.value = 45
    w.has_cashed_out.value = True
    w.cashed_out.value = 80
    w.button_moves.value = 0
    assert "at least $80" in w.result.value
    w.button_moves.value = 9
    assert "accepted" in w.result.value
    w.game.value = "razzdugi"
    assert w.structure.layout.display == "none" and w.from_dealer.layout.display is None
    w.amount.value = 400
    w.from_dealer.value = 200
    w.check_button.click()
    assert "refused" in w.result.value and "(R17)" in w.result.value
    assert set(BIG_O_STRUCTURES) == set(w.structure.options)
