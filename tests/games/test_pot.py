"""The pot-game declarations: every game is data the engine can run, variants are replacements."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from gamelib import POT_GAMES, get_game
from gamelib.games.pot import POT_DECLARATIONS, Portion, PotGame, Street
from gamelib.rankings import SYSTEMS


def test_every_pot_game_is_declared_under_its_key():
    assert tuple(POT_DECLARATIONS) == POT_GAMES
    for key in POT_GAMES:
        assert get_game(key).declaration is POT_DECLARATIONS[key]
        assert POT_DECLARATIONS[key].key == key


@pytest.mark.parametrize("key", POT_GAMES)
def test_declaration_is_consistent(key):
    g = POT_DECLARATIONS[key]
    assert isinstance(g, PotGame)
    assert sum(p.share for p in g.portions) == 1
    assert all(isinstance(p.share, Fraction) for p in g.portions)
    assert all(p.system in SYSTEMS for p in g.portions)
    assert len({p.name for p in g.portions}) == len(g.portions)
    dealt = sum(s.down + s.up for s in g.streets) - sum(s.discard for s in g.streets)
    assert dealt == g.hole_cards
    assert sum(s.board for s in g.streets) == (5 if g.boards else 0)
    assert sum(1 for s in g.streets if s.bet) == (5 if g.is_stud else 4)
    for p in g.portions:
        if p.system.startswith("omaha"):
            assert g.boards and p.board < g.boards


def test_betting_rounds_per_r12():
    bets = lambda k: [s.bet for s in POT_DECLARATIONS[k].streets if s.bet]  # noqa: E731
    for k in ("archie", "a5-triple-draw", "27-triple-draw", "badugi", "badacey", "badeucey"):
        assert bets(k) == ["small", "small", "big", "big"]
        assert POT_DECLARATIONS[k].draws == 3
    for k in ("big-o", "double-board-omaha", "drawmaha", "drawmaha-27"):
        assert bets(k) == ["small", "small", "big", "big"]
    for k in ("stud8", "razzdugi", "27-razzdugi", "super-razzdugi"):
        assert bets(k) == ["small", "small", "big", "big", "big"]


def test_the_filed_shapes_of_each_game():
    d = POT_DECLARATIONS
    assert d["badugi"].hole_cards == 4 and d["badacey"].hole_cards == 5
    assert d["big-o"].streets[0].down == 5 and d["double-board-omaha"].streets[0].down == 4
    assert d["double-board-omaha"].boards == 2
    drawmaha = [s.name for s in d["drawmaha"].streets]
    assert drawmaha == ["pre-flop", "flop", "draw", "turn", "river"]  # one draw after the flop betting
    assert d["super-razzdugi"].streets[0] == Street("third street", down=4, up=1)
    assert d["super-razzdugi"].streets[1].discard == 2  # R15
    assert d["archie"].no_qualifier == "split"  # R8
    assert d["archie"].portions[0].qualifier == "9c 9d 4h 3s 2c"
    assert d["stud8"].bring_in_card == "lowest-ace-high" and d["stud8"].board_order == "high"
    assert d["razzdugi"].bring_in_card == "highest-ace-low"
    assert d["27-razzdugi"].bring_in_card == "highest-ace-high"
    assert [p.system for p in d["badeucey"].portions] == ["27-low", "badugi-ace-high"]  # R3
    assert [p.system for p in d["27-razzdugi"].portions] == ["27-low", "badugi-ace-high"]
    assert [p.name for p in d["drawmaha"].portions] == ["draw", "Omaha"]  # R6: draw first
    assert [p.name for p in d["badacey"].portions][0] == "ace-to-five"  # R6: five-card first


def test_variants_are_their_parent_with_other_parameters():
    d = POT_DECLARATIONS
    def same_but(a, b, changed):
        for f in dataclasses.fields(PotGame):
            if f.name not in changed:
                assert getattr(a, f.name) == getattr(b, f.name), f.name
    same_but(d["drawmaha"], d["drawmaha-27"], {"key", "title", "types", "portions"})
    assert d["drawmaha-27"].portions[1] is d["drawmaha"].portions[1]
    same_but(d["razzdugi"], d["27-razzdugi"], {"key", "title", "portions", "bring_in_card", "board_order"})
    same_but(d["razzdugi"], d["super-razzdugi"], {"key", "title", "streets", "rulings"})
    same_but(d["a5-triple-draw"], d["27-triple-draw"], {"key", "title", "portions"})
    same_but(d["badacey"], d["badeucey"], {"key", "title", "portions"})


def test_declarations_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        POT_DECLARATIONS["badugi"].hole_cards = 5  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        POT_DECLARATIONS["badugi"].portions[0].share = Fraction(1, 2)  # type: ignore[misc]
    assert isinstance(POT_DECLARATIONS["badugi"].portions[0], Portion)


def test_every_house_ruling_cited_is_declared():
    import re
    from pathlib import Path

    import gamelib
    from gamelib.games.pot import POT_RULINGS

    root = Path(gamelib.__file__).parent
    cited = set()
    for name in ("engine/hand.py", "engine/legal.py", "engine/award.py", "engine/showdown.py", "engine/pots.py",
                 "engine/table.py", "games/pot.py", "games/pot_parts.py"):
        cited |= set(re.findall(r"R-A\d+", (root / name).read_text()))
    assert cited <= set(POT_RULINGS)
    assert all(len(text) > 20 for text in POT_RULINGS.values())
