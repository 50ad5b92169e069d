"""New Hampshire Hold'em's one solver (gamelib/analysis/banked/nh_classes.py: the backward
induction over suit classes and the forward count of the ordered deals) held to an independent
oracle, a plain backward induction over every card set (tests/analysis/nh_all_sets.py): every
decision, every value, every option's value, the amounts wagered and every count, exactly, through
the analysis that the strategy object, the par sheet and the designer share. And its disk-cache
entry is keyed on the code that computes it."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path

import pytest

from gamelib import get_game
from gamelib.analysis.banked import nh_classes as banked_nh_classes
from gamelib.analysis.banked.nh import analyze_nh
from gamelib.analysis.cache import cache_key

sys.path.insert(0, str(Path(__file__).resolve().parent))
from nh_all_sets import solve_all_sets  # noqa: E402  (tests/analysis/nh_all_sets.py: the all-sets oracle)

GAME = get_game("nh-holdem")

#: The filed table, a what-if table whose strategy differs (jacks or better no longer pay) and
#: the filed table with ties broken toward the larger wager (R23 reversed, where choices differ).
ORACLE_CASES = {
    "filed": (GAME.declaration, "less"),
    "what-if": (GAME.declaration.with_pay_table("main", {"pair of jacks through aces": 0, "flush": 9}), "less"),
    "larger wager on ties": (GAME.declaration, "more"),
}


@pytest.fixture(scope="module")
def filed_oracle():
    return solve_all_sets(GAME.declaration)


@pytest.mark.parametrize("case", ORACLE_CASES)
def test_the_class_solver_agrees_with_every_set(case, filed_oracle):
    """Every decision, value, option value, amount wagered and count of the analysis (and so of
    its strategy object, the par sheet and the designer, which use the same solver) equals the
    plain all-sets backward induction's, exactly."""
    decl, ties = ORACLE_CASES[case]
    oracle = filed_oracle if case == "filed" else solve_all_sets(decl, ties)
    a = analyze_nh(decl, ties=ties)
    s = a.strategy
    for name in ("flop", "turn", "river", "ev_flop", "ev_turn", "ev_river", "opt_flop", "opt_turn", "opt_river",
                 "river_pay", "wagered_flop"):
        mine, theirs = getattr(s, name), getattr(oracle, name)
        assert mine.shape == theirs.shape and (mine == theirs).all(), (case, name)
    assert s.scale == oracle.scale
    # the outcome table: the folds street by street, then every pay row by the units wagered
    expected = [(f"fold before the {street} card", Fraction(-w), c) for (street, w), c in oracle.folds.items() if c]
    main = decl.pay_table("main")
    pays = [line.pays for line in main.lines] + [Fraction(-1)]
    expected += [(None, pays[r] * w, int(oracle.showdown[r, j]))
                 for r in range(len(pays)) for j, w in enumerate(range(4, 11)) if oracle.showdown[r, j]]
    table = a.tables["main"]
    got = list(zip(table["outcome"], table.attrs["pays_exact"], table["combinations"], strict=True))
    assert len(got) == len(expected)
    for (outcome, pay, count), (words, pay_x, count_x) in zip(got, expected, strict=True):
        assert (pay, count) == (pay_x, count_x) and (words is None or outcome.startswith(words)), (case, outcome)
    assert s.ties.iloc[:3].to_dict("records") == oracle.ties, case
    if case != "filed":  # the case plays some situation otherwise than the filed table does
        changed = sum(int((getattr(oracle, k) != getattr(filed_oracle, k)).sum()) for k in ("flop", "turn", "river"))
        assert changed > 0, case


def test_the_disk_cache_entry_is_keyed_on_the_code_that_computes_it(tmp_path, monkeypatch):
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    classes = banked_nh_classes.nh_classes()
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [cache_key("nh-classes", {"game": "nh-holdem"}, banked_nh_classes.NH_CODE_MODULES) + ".npz"]
    for module in ("gamelib.analysis.banked.nh_classes", "gamelib.analysis.banked.enumeration", "gamelib.combinatorics",
                   "gamelib.rankings.high", "gamelib.rankings.three_card", "gamelib.cards"):
        assert module in banked_nh_classes.NH_CODE_MODULES, module
    # what is cached knows no pay table: the river cards of each class by pay key, 48 each
    assert (classes["river"].sum(axis=1) == 48).all() and len(classes["river"]) == 16_432
