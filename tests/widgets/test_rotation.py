"""Which game is dealt (gamelib/widgets/rotation.py): rotation and dealer's choice answer as the engine does."""

from __future__ import annotations

import pytest

from gamelib.engine.rotation import DealersChoice, Rotation
from gamelib.engine.table import Table
from gamelib.errors import TableError
from gamelib.games.pot import POT_DECLARATIONS
from gamelib.widgets.rotation import APPROVED, DealersChoiceWidget, RotationWidget


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
