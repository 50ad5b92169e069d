"""gamelib.widgets.figures: the figures the chapters paste into their prose with glue."""

from __future__ import annotations

import pytest

from gamelib import get_game
from gamelib.widgets.figures import (
    award_figures,
    glue_figures,
    glue_names,
    hand_ranks,
    money,
    number,
    one_in,
    percent,
    play_recorded,
    pot_limit_figures,
    slug,
)


def test_formats():
    assert (money(1000), number(133784560), percent(1, 3), one_in(1, 16)) == ("$1,000", "133,784,560", "33.3%", "16")
    assert slug("deuce-to-seven") == "deuce-to-seven" and slug("Board 2") == "board-2"


@pytest.mark.parametrize("game", ["archie", "badugi", "27-triple-draw", "big-o", "drawmaha"])
@pytest.mark.parametrize("small, big, players", [(1, 2, 3), (1, 2, 4), (2, 5, 6), (5, 10, 2)])
def test_pot_limit_figures_follow_r16(game, small, big, players):
    """R16: the player calls, then raises by everything in the pot: by == pot, max == call-to + pot."""
    f = pot_limit_figures(game, small, big, players=players, stack=10_000, raises=3)
    for i in (1, 2, 3):
        pot, by, call_to, top = (int(f[k + str(i)].strip("$").replace(",", ""))
                                 for k in ("pot", "by", "call-to", "max"))
        assert by == pot and top == call_to + pot


def test_r16_worked_example():
    """The ruling's own example: blinds $1/$2, the first player calls $2, the pot is $5, so he may
    raise by $5, to $7."""
    f = pot_limit_figures("archie", 1, 2, players=3)
    assert (f["call"], f["pot"], f["by"], f["max"]) == ("$2", "$5", "$5", "$7")


def test_award_figures_side_pots_and_ties():
    sd = get_game("archie").showdown(["9s 9d Kh 7c 6d", "As 2d 3h 4c 7d", "Ah 2c 3d 4s 8h"])
    f = award_figures(sd, [(30, [0, 1, 2]), (12, [1, 2])], button=0)
    assert (f["pot"], f["side1"], f["high"], f["low"], f["side1-low"]) == ("$30", "$12", "$15", "$15", "$12")
    assert f["seat1"] == "$27" and f["seat0"] == "$15"


def test_hand_ranks_reads_each_system():
    assert hand_ranks("a5-low", "Ac 2c 3c 4c 5c Kd Qh") == "5-4-3-2-A"
    assert hand_ranks("27-low", "8s 7h 5d 3c 2s Kh Kc") == "8-7-5-3-2"
    assert hand_ranks("badugi-ace-high", "As 2d 3h 4c 6s Kd Qd") == "6-4-3-2"


def test_glue_figures_outside_a_kernel_stores_nothing_and_prints_nothing():
    assert glue_figures("x", {"a": 1, "b": "$2"}) is None
    assert glue_names("x", {"a": 1, "b": "$2"}) == {"x-a": "1", "x-b": "$2"}


def test_play_recorded_notes_who_acts_first_on_each_street():
    p = play_recorded("stud8", ["i", "c", "c", "c", "c", "c"], [100, 100, 100], seed=21)
    assert set(p.first) == {"third street", "fourth street"}
    brings_in = next(x for x in p.hand.history if "brings in" in x)
    assert brings_in.startswith(f"seat {p.first['third street']} brings in")
