"""Pot-game tables for the book (gamelib/analysis/pot_tables.py), checked by literal figures."""

from __future__ import annotations

import pytest

from gamelib import POT_GAMES
from gamelib.analysis.pot_tables import (
    betting_table,
    portions_table,
    qualifier_counts,
    showdown_odds,
    structure_table,
)
from gamelib.errors import GameError
from gamelib.games.pot import big_bet_structure, limit_structure


def test_archie_qualifiers_exact() -> None:
    df = qualifier_counts("archie").set_index("portion")
    # pairs of nines to aces 6*6*C(12,3)*4^3 = 506,880, plus every hand from two pair up
    assert df.loc["high", "combinations"] == 506880 + 123552 + 54912 + 10200 + 5108 + 3744 + 624 + 40
    assert df.loc["low", "combinations"] == 56 * 4 ** 5  # C(8,5) rank sets, any suits (R4)
    assert qualifier_counts("badugi").empty


def test_betting_rounds_follow_r12_r13() -> None:
    df = betting_table("drawmaha")
    assert df["street"].tolist() == ["pre-flop", "flop", "draw", "turn", "river"]
    assert df["betting round"].tolist()[2] == "no betting"
    assert df["most in one round"].tolist() == ["$10", "$10", "", "$20", "$20"]
    df = betting_table("badugi", limit_structure(5, 10))
    assert df["most in one round"].tolist() == ["$25", "$25", "$50", "$50"]
    assert betting_table("badugi", big_bet_structure("pot-limit", 1, 2))["most in one round"].iloc[0] == "the pot"
    s = structure_table("archie", limit_structure(3, 6)).set_index("item")["amount"]
    assert (s["small blind"], s["big blind"]) == ("$2", "$3")  # R11


def test_portions() -> None:
    df = portions_table("badeucey")
    assert df["portion"].tolist() == ["deuce-to-seven", "badugi"]
    assert df["odd dollar"].tolist() == ["gets it", ""]  # R6: the five-card hand first
    assert "hole cards alone" in portions_table("drawmaha")["cards that play"].iloc[0]  # R9


@pytest.mark.parametrize("key", ["archie", "badacey"])
def test_showdown_odds_are_seeded_and_consistent(key: str, tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    a = showdown_odds(key, players=3, deals=3000, seed=5)
    b = showdown_odds(key, players=3, deals=3000, seed=5)  # from the cache
    assert a.equals(b)
    assert (a["probability"] == a["combinations"] / 3000).all()
    with pytest.raises(GameError):
        showdown_odds(key, players=1)


def test_every_game_has_tables() -> None:
    for key in POT_GAMES:
        assert len(betting_table(key)) >= 4
        assert len(portions_table(key)) >= 1


def test_showdown_odds_cache_is_keyed_on_the_code(tmp_path, monkeypatch) -> None:
    from gamelib.analysis import pot_tables
    from gamelib.analysis.cache import cache_key

    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    showdown_odds("badugi", players=2, deals=500, seed=3)
    params = {"key": "badugi", "players": 2, "deals": 500, "seed": 3}
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == [cache_key("pot-showdown-odds", params, pot_tables.CODE_MODULES) + ".json"]
    assert "gamelib.engine" in pot_tables.CODE_MODULES and "gamelib.rankings" in pot_tables.CODE_MODULES
