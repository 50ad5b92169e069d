"""The pot-game widgets (gamelib/widgets/pot.py): every answer is the engine's, bad input is refused."""

from __future__ import annotations

import html

import pytest

from gamelib import POT_GAMES, get_game
from gamelib.engine.payouts import explain_award
from gamelib.engine.walkthrough import Walkthrough
from gamelib.errors import GameError
from gamelib.widgets.figures import showdown_figures
from gamelib.widgets.pot import (
    CompareWidget,
    DealWidget,
    PotPayWidget,
    paid_showdown_html,
    pay_html,
    showdown_html,
    worked_showdown,
    worked_showdown_of,
)


@pytest.mark.parametrize("key", POT_GAMES)
def test_every_pot_game_opens_on_a_computed_example(key: str) -> None:
    d = DealWidget(key, players=3, seed=2, show_all=True)
    w = Walkthrough(key, players=3, seed=2)
    assert d.at_showdown and "Showdown" in d.result.value
    for reason in w.showdown.reasons:
        assert html.escape(reason) in d.result.value
    for s, x in enumerate(w.winnings):
        assert f"seat {s}: <b>${x}</b>" in d.result.value  # the hand's own pot, paid as the engine paid it
    c = CompareWidget(key)
    assert "Cannot" not in c.result.value
    for reason in c.showdown().reasons:
        assert html.escape(reason) in c.result.value
    p = PotPayWidget(key)
    assert "Each seat receives" in p.result.value


def test_deal_widget_steps_and_restarts() -> None:
    d = DealWidget("badugi", players=4, seed=9)
    assert d.street == 0 and "Street 1 of 4: deal" in d.output.value
    assert "after the last street" in d.result.value
    d.next_button.click()
    assert d.street == 1 and "first draw" in d.output.value
    for _ in range(5):
        d.next_street()
    assert d.street == 3 and d.at_showdown and d.next_button.disabled
    d.players.value = 2
    d.seed.value = 3
    d.restart_button.click()
    assert d.street == 0 and d.walk is not None and d.walk.players == 2
    d.show_all()
    d.pot.value = 101  # a pot of any size, paid with this hand's cards (R6 odd chips)
    totals = explain_award(d.walk.showdown, [(101, [0, 1])], button=0).totals
    assert all(f"seat {s}: <b>${x}</b>" in d.result.value for s, x in enumerate(totals))
    assert sum(totals) == 101


def test_deal_widget_shows_words_per_portion() -> None:
    d = DealWidget("drawmaha", players=3, seed=1)
    w = d.walk
    assert w is not None
    first = w.streets[0]
    assert "—" in d.output.value  # no Omaha hand before the flop
    assert html.escape(first.seats[0].words[0]) in d.output.value
    d.show_all()
    for seat in w.streets[-1].seats:
        for words in seat.words:
            assert html.escape(words) in d.output.value


def test_compare_widget_judges_typed_hands() -> None:
    c = CompareWidget("archie", hands=["Ac Ad 9h 5s 2c", "fold", "As 2d 3h 4c 6d"])
    sd = get_game("archie").showdown(["Ac Ad 9h 5s 2c", None, "As 2d 3h 4c 6d"])
    assert c.result.value == showdown_html(sd)
    assert "folded" in c.result.value
    c.hands.value = "Ac Ad 9h 5s 2c\nAc 2d 3h 4c 6d"
    c.go_button.click()
    assert "Cannot judge" in c.result.value and "Ac" in c.result.value
    c.hands.value = "Ac Ad 9h 5s"
    c.refresh()
    assert "two or more hands" in c.result.value
    c.deal_button.click()
    assert "Cannot" not in c.result.value and c.seed.value == 2


def test_compare_widget_with_boards() -> None:
    c = CompareWidget("double-board-omaha", hands=["As Ad Kc Kd", "Qs Qd 2c 3d"],
                      boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"])
    assert len(c.boards) == 2
    assert "seat 0 wins on board 1" in c.result.value and "seat 1 wins on board 2" in c.result.value
    c.boards[1].value = "Qh 4c"
    c.refresh()
    assert "Cannot judge" in c.result.value


def test_pay_widget_side_pots_and_odd_chips() -> None:
    hands = ["Ac Ad 9h 5s 2c", "As 2d 3h 4c 6d", "Ah 2h 3d 4d 6h"]
    p = PotPayWidget("archie", hands=hands, pots="21: 0 1 2\n9: 1 2", button=2)
    sd = get_game("archie").showdown(hands)
    e = explain_award(sd, [(21, [0, 1, 2]), (9, [1, 2])], button=2)
    assert p.result.value == showdown_html(sd) + pay_html(e)
    assert "odd dollar" in p.result.value and "side pot 1" in p.result.value
    p.pots.value = "21: 0 5"
    p.go_button.click()
    assert "Cannot pay" in p.result.value and "seat 5" in p.result.value
    p.pots.value = "21"
    p.button.value = 0
    p.refresh()
    assert "seat 0: <b>$11</b>" in p.result.value


def test_refuses_banked_games() -> None:
    from gamelib.errors import GameError
    with pytest.raises(GameError):
        CompareWidget("not-a-game")


def test_deal_widget_shows_a_stud_community_card() -> None:
    d = DealWidget("stud8", players=8, seed=1, show_all=True)
    assert "Community card" in d.output.value


def test_paid_showdown_html_pays_as_the_judge() -> None:
    hands = ["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s", None]
    board = "4c 5d 6s Jh Kh"
    out = paid_showdown_html("big-o", hands, 31, board=board, button=2)
    paid = get_game("big-o").showdown(hands, board=board).award(31, button=2)
    for x in paid:
        assert f"${x}</td>" in out
    assert "folded" in out and "Board:" in out
    out2 = paid_showdown_html("stud8", ["Kc Kd Kh 9s 9c Qd Js", "Qc Qs Qh 9d 8c 7d 2s"], 20)
    assert "no qualifying low" in out2


def test_a_worked_showdown_of_one_pot_is_the_paid_table_and_its_figures() -> None:
    """What the chapters' own ``show`` helpers did (Razzdugi, Stud 8, Big O, Double Board Omaha)."""
    hands, board = ["As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s", "7c 8c 9d Td 3d"], "4c 5d 6s Jh Kh"
    pictures, figures = worked_showdown_of("big-o", hands, 42, board=board, button=1)
    assert pictures == (paid_showdown_html("big-o", hands, 42, board=board, button=1),)
    assert figures == showdown_figures(get_game("big-o").showdown(hands, board=board), [(42, range(3))], 1)
    boards = ["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"]
    dbo = ["As Ad Kc Kd", "7h 3d Tc Ts", "7d 3h Jc Js"]
    assert worked_showdown_of(get_game("double-board-omaha"), dbo, 43, boards=boards)[0] == (
        paid_showdown_html("double-board-omaha", dbo, 43, boards=boards),)


def test_a_worked_showdown_of_pots_is_the_showdown_then_the_pay() -> None:
    """What Drawmaha's own ``show`` did: the showdown, then how each pot (side pots too) is paid."""
    game = get_game("drawmaha")
    hands, board = ["Jc Jd 9s 9h 5c", "Ad Kd 6c 5s 4s", "7c 6s 4h 3h 2h"], "Qd Td 8d 2s 3c"
    pots = [(30, [0, 1, 2]), (14, [0, 1])]
    pictures, figures = worked_showdown_of(game, hands, pots, board=board)
    sd = game.showdown(hands, board=board)
    assert pictures == (showdown_html(sd), pay_html(explain_award(sd, pots, button=0)))
    assert figures == showdown_figures(sd, pots, 0) and figures["side1"] == "$14"


def test_a_worked_showdown_outside_a_notebook_shows_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert worked_showdown("demo", "stud8", ["Kc Kd Kh 9s 9c Qd Js", "Qc Qs Qh 9d 8c 7d 2s"], 20) is None
    assert capsys.readouterr().out == ""
    with pytest.raises(GameError, match="not a pot game"):
        worked_showdown("demo", "crazy4", ["As 2d 3h 4c 5s"], 20)


def test_double_board_paid_showdown_names_both_boards() -> None:
    out = paid_showdown_html("double-board-omaha", ["As Ad Kc Kd", "Qs Qd 2c 3d"], 11,
                             boards=["Ah 7c 8d 9s 2h", "Qh 4c 5d 6s Jh"])
    assert "Board 1:" in out and "Board 2:" in out and "$6</td>" in out and "$5</td>" in out
