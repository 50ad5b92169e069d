"""The pay-table designer (gamelib/analysis/pay_designer.py): it finds the filed table when asked
for the filed edge, agrees with a plain loop of fresh analyses, re-derives the strategy where the
pays move it, and refuses what it cannot search."""

from __future__ import annotations

from fractions import Fraction

import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze
from gamelib.analysis.pay_designer import MAX_CANDIDATES, candidate_pays, design
from gamelib.errors import GameError


@pytest.mark.parametrize("key, table, line, measure", [
    ("three-card-6bonus", "pair_plus", "flush", "pair_plus"),
    ("crazy4", "queens_up", "straight", "queens_up"),
    ("crazy4", "super_bonus", "three of a kind", "super_bonus"),
    ("crazy4", "super_bonus", "three of a kind", None),  # default: the whole game (tied to the Ante)
    ("nh-holdem", "main", "flush", "main"),
    ("three-card-6bonus", "ante_bonus", "straight", None),
])
def test_the_filed_edge_gives_the_filed_table(key, table, line, measure):
    game = get_game(key)
    a = analyze(game)
    filed_pay = game.declaration.pay_table(table).pays_for(line)
    edge = -a.returns[measure] if measure else a.house_edge
    found = design(game, table, {line: range(0, 11)}, edge, measure=measure, top=3)
    assert found[line].iloc[0] == filed_pay
    assert found["distance"].iloc[0] == 0 and found["strategy changes"].iloc[0] == 0
    assert list(found["distance"]) == sorted(found["distance"])


def test_super_bonus_flush_nearest_three_percent_by_a_plain_loop():
    game = get_game("crazy4")
    found = design(game, "super_bonus", {"flush": range(1, 11)}, "3%", measure="super_bonus", top=10)
    # the same question answered by ten fresh analyses
    edges = {f: -analyze(game.with_pay_table("super_bonus", {"flush": f})).returns["super_bonus"]
             for f in range(1, 11)}
    nearest = min(edges, key=lambda f: abs(edges[f] - Fraction(3, 100)))
    assert found["flush"].iloc[0] == nearest
    assert dict(zip(found["flush"], found["house edge"], strict=True)) == edges
    assert found.attrs["candidates"] == 10 and found.attrs["measure"] == "super_bonus"


def test_a_wager_tied_to_the_main_game_is_measured_by_the_whole_game():
    """The README's example: the Super Bonus must equal the Ante, so its own edge means nothing to
    the casino; the default measure is the game, the top answer keeps a house edge, and a
    candidate that hands the player the edge is flagged. Expected edges come from
    fresh analyses of each candidate table."""
    game = get_game("crazy4")
    found = design(game, "super_bonus", {"flush": range(1, 11)}, "3%", top=10)
    assert found.attrs["measure"] == "game" and found.attrs["wager"] == "super_bonus"
    fresh = {f: analyze(game.with_pay_table("super_bonus", {"flush": f})) for f in range(1, 11)}
    edges = {f: a.house_edge for f, a in fresh.items()}
    nearest = min(edges, key=lambda f: (abs(edges[f] - Fraction(3, 100)), f))
    assert found["flush"].iloc[0] == nearest and found["house edge"].iloc[0] > 0
    for row in found.to_dict("records"):
        f = int(row["flush"])
        assert row["house edge"] == row["main game house edge"] == edges[f]
        assert row["wager house edge"] == -fresh[f].returns["super_bonus"]
        assert row["player's edge"] == (edges[f] < 0)
    # flush 9 to 1, the old default's answer (the Super Bonus's own edge nearest 3%), is a player's game
    nine = found[found["flush"] == 9].iloc[0]
    assert nine["player's edge"] and nine["main game house edge"] < 0 < nine["wager house edge"]


def test_design_refuses_what_it_cannot_read():
    game = get_game("crazy4")
    for target in ("1e999", float("nan"), float("inf"), "200%", True, None, [3]):
        with pytest.raises(GameError, match="target house edge"):
            design(game, "super_bonus", {"flush": [1]}, target)
    for top in ("3", 1.5, None, True, 0, 10**6):
        with pytest.raises(GameError, match="top"):
            design(game, "super_bonus", {"flush": [1]}, "3%", top=top)
    for vary in (["flush"], "flush", {"flush": None}, {"flush": {"a": 1}}):
        with pytest.raises(GameError):
            design(game, "super_bonus", vary, "3%")
    for bad_game in ("crazy5", "badugi", get_game("badugi"), None):
        with pytest.raises(GameError, match="banked game"):
            design(bad_game, "super_bonus", {"flush": [1]}, "3%")
    # accepted on purpose, with what they mean: one pay, words, a key
    assert design("crazy4", "super_bonus", {"flush": 5}, "3%")["flush"].tolist() == [5]
    assert sorted(design(game, "super_bonus", {"flush": "12"}, "3%")["flush"].tolist()) == [12]
    assert sorted(design(game, "super_bonus", {"flush": "1..3"}, "3%")["flush"].tolist()) == [1, 2, 3]


def test_two_lines_and_the_strategy():
    game = get_game("nh-holdem")
    found = design(game, "main", {"pair of jacks through aces": [0, 1], "two pair": [1, 2]}, "9%", top=4)
    assert len(found) == 4 and found.attrs["measure"] == "game"  # the table that pays the street bets
    for row in found.itertuples(index=False):
        pays = {"pair of jacks through aces": row[0], "two pair": row[1]}
        assert row[2] == analyze(game.with_pay_table("main", pays)).house_edge
    cheap = found[found["pair of jacks through aces"] == 0]
    assert (cheap["strategy changes"] > 0).all()


def test_candidate_pays_and_refusals():
    assert candidate_pays("1..3") == [1, 2, 3]
    assert candidate_pays("3/2, 2") == [Fraction(3, 2), 2]
    game = get_game("crazy4")
    with pytest.raises(GameError, match="no line 'royal'.*four aces"):
        design(game, "super_bonus", {"royal": [1]}, "3%")
    with pytest.raises(GameError, match="say which lines"):
        design(game, "super_bonus", {}, "3%")
    with pytest.raises(GameError, match="percentage"):
        design(game, "super_bonus", {"flush": [1]}, "three")
    with pytest.raises(GameError, match=f"at most {MAX_CANDIDATES:,}"):
        design(game, "queens_up", {k: range(0, 100) for k in ("flush", "straight", "two pair")}, "3%")
    with pytest.raises(GameError, match="less than nothing"):
        design(game, "queens_up", {"flush": [-1, 2]}, "3%")
    with pytest.raises(GameError, match="smaller first"):
        candidate_pays("5..1")


def test_the_design_command(capsys):
    from gamelib.__main__ import main

    assert main(["design", "crazy4", "super_bonus", "--vary", "flush=1..10", "--target", "3%", "--top", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "10 candidate super_bonus tables; house edge of the whole game nearest 3.0000%:"
    assert out[2].split()[0] == "2" and len(out) == 4
    assert main(["design", "crazy4", "super_bonus", "--vary", "flush", "--target", "3%"]) == 2
    assert "--vary is ROW=PAYS" in capsys.readouterr().err
