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
    found = design(game, "super_bonus", {"flush": range(1, 11)}, "3%", top=10)
    # the same question answered by ten fresh analyses
    edges = {f: -analyze(game.with_pay_table("super_bonus", {"flush": f})).returns["super_bonus"]
             for f in range(1, 11)}
    nearest = min(edges, key=lambda f: abs(edges[f] - Fraction(3, 100)))
    assert found["flush"].iloc[0] == nearest
    assert dict(zip(found["flush"], found["house edge"])) == edges
    assert found.attrs["candidates"] == 10 and found.attrs["measure"] == "super_bonus"


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
    assert out[0] == "10 candidate super_bonus tables; house edge of super_bonus nearest 3.0000%:"
    assert out[2].split()[0] == "9" and len(out) == 4
    assert main(["design", "crazy4", "super_bonus", "--vary", "flush", "--target", "3%"]) == 2
    assert "--vary is ROW=PAYS" in capsys.readouterr().err
