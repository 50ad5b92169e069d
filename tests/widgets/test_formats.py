"""The format widgets: rotation, dealer's choice and the buy-in checker answer as the engine does."""

from __future__ import annotations

import pytest

from gamelib.engine.rotation import DealersChoice, Rotation
from gamelib.engine.table import Table
from gamelib.errors import TableError
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS
from gamelib.widgets.formats import (
    APPROVED,
    BuyInWidget,
    DealersChoiceWidget,
    RotationWidget,
    check_buy_in,
)


def test_rotation_steps_like_the_engine() -> None:
    games = ["archie", "stud8", "big-o"]
    w = RotationWidget(games, hands_each=3)
    r = Rotation(games, 3)
    for hand in range(12):
        assert w.hand == hand
        assert w.current_game() == r.game_for_hand(hand)
        nxt, start = r.next_game(hand)
        assert f"Hand {hand + 1}:</b> {POT_DECLARATIONS[r.game_for_hand(hand)].title}" in w.status.value
        assert f"{POT_DECLARATIONS[nxt].title}, from hand {start + 1}" in w.status.value
        w.next_button.click()
    w.restart_button.click()
    assert w.hand == 0


def test_rotation_changes_with_the_inputs_and_refuses_an_empty_list() -> None:
    w = RotationWidget(["badugi", "razzdugi"], hands_each=8)
    w.hands_each.value = 1
    w.step()
    assert w.current_game() == "razzdugi"
    w.games.value = ()
    assert w.current_game() is None
    assert "Refused" in w.status.value and "at least one game" in w.status.value
    assert w.schedule.value == ""


def test_rotation_schedule_covers_two_laps() -> None:
    w = RotationWidget(["badugi", "stud8"], hands_each=2)
    assert w.schedule.value.count("<tr") == 1 + 4
    assert "hands 7-8" in w.schedule.value


def test_approved_list_is_every_pot_game() -> None:
    assert APPROVED == tuple(POT_DECLARATIONS)


def test_dealers_choice_moves_the_button_and_refuses_off_list_picks() -> None:
    w = DealersChoiceWidget(["badugi", "stud8"], players=3)
    assert w.table is not None and w.table.button == 0
    w.pick.value = "badugi"
    w.deal_button.click()
    assert "seat 0 on the button picks Badugi" in w.status.value
    assert w.table.button == 1
    w.pick.value = "stud8"  # a stud pick: the bring-in is posted, everybody folds
    w.deal()
    assert "seat 1 on the button picks Seven Card Stud" in w.history.value
    assert w.table.button == 2
    w.pick.value = "archie"
    w.deal()
    with pytest.raises(TableError) as err:
        Table(DealersChoice(["badugi", "stud8"])).game_for_next_hand("archie")
    assert str(err.value).replace("'", "&#x27;") in w.status.value
    assert w.table.button == 2  # a refused pick deals nothing
    w.restart_button.click()
    assert w.lines == [] and w.table.button == 0


def test_dealers_choice_with_no_approved_game_is_refused() -> None:
    w = DealersChoiceWidget(["badugi"], players=2)
    w.approved.value = ()
    w.restart()
    assert w.table is None and "approved" in w.status.value
    w.deal()  # still refused, no crash
    assert w.table is None


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
