"""Pot-game declarations refuse nonsense when they are built, as the banked
declarations do: a ``Portion``, a ``Street`` and a ``PotGame`` each check what they can see, and
the game checks that its parts fit together. Before, each case below built, and most failed only
at the showdown (an unknown system, a board that is not dealt), or not at all (Badacey with two
3/4 shares was rescaled there, every pot paid as if the shares were halves)."""

from __future__ import annotations

import dataclasses
import re
from fractions import Fraction

import pytest

from gamelib import POT_GAMES, get_game
from gamelib.errors import TableError
from gamelib.games.pot import (
    HALF,
    POT_DECLARATIONS,
    POT_RULINGS,
    STUD_STREETS,
    Portion,
    Street,
    limit_structure,
    stud_structure,
    triple_draw_streets,
)

D = POT_DECLARATIONS
R = dataclasses.replace

# (id, what is built, the whole message)
NONSENSE = [
    # ---- a portion alone --------------------------------------------------------------------
    ("unknown system", lambda: Portion("x", "nonsense", HALF),
     "portion 'x': unknown ranking system 'nonsense'; the systems are: high, omaha-high, omaha-low8, a5-low, "
     "low8, 27-low, badugi, badugi-ace-high, crazy4, three-card"),
    ("share of nothing", lambda: Portion("x", "high", 0),
     "portion 'x': the share must be more than 0 and at most the whole pot (1), not 0"),
    ("share over the pot", lambda: Portion("x", "high", Fraction(3, 2)),
     "portion 'x': the share must be more than 0 and at most the whole pot (1), not 3/2"),
    ("float share", lambda: Portion("x", "high", 0.5),
     "portion 'x': the share is an exact part of the pot, such as Fraction(1, 2) or 1, not 0.5"),
    ("nameless portion", lambda: Portion("", "high", HALF),
     "a portion's name is text, such as 'high', not ''"),
    ("Omaha reading all cards", lambda: Portion("x", "omaha-high", HALF),
     "portion 'x': omaha-high plays exactly two hole cards with the board, so the cards must be 'hole', not 'all'"),
    ("a board for a boardless system", lambda: Portion("x", "high", HALF, board=1),
     "portion 'x': high reads no board, so the board must be 0, not 1"),
    ("low8 qualifier on a high hand", lambda: Portion("x", "high", HALF, qualifier="low8"),
     "portion 'x': the qualifier 'low8' is for an eight-or-better system (omaha-low8, low8), not high"),
    ("eight-or-better with no qualifier", lambda: Portion("x", "low8", HALF),
     "portion 'x': low8 values a hand with no eight-or-better low as 0, so the portion needs a qualifier "
     "('low8' for an eight-or-better low, R4)"),
    ("three-card qualifier for a five-card system", lambda: Portion("x", "high", HALF, qualifier="9c 9d 4h"),
     "portion 'x': the qualifier '9c 9d 4h' is not a high hand (a high hand has 5, 6 or 7 cards, not 3)"),
    ("qualifier that is no low", lambda: Portion("x", "low8", HALF, qualifier="Kc Qd Jh 9s 8c"),
     "portion 'x': the qualifier 'Kc Qd Jh 9s 8c' is no eight-or-better low, so every hand would qualify; "
     "give a qualifying low, or 'low8'"),
    ("qualifier words without a qualifier", lambda: Portion("x", "high", HALF, qualifier_words="a pair"),
     "portion 'x': the words 'a pair' describe a qualifier, but the portion has none"),
    # ---- a street alone ---------------------------------------------------------------------
    ("negative cards, drawing and discarding", lambda: Street("x", down=-3, draw=True, discard=2),
     "street 'x': the down cards must be a whole number from 0 to 52, not -3"),
    ("draw and discard", lambda: Street("x", draw=True, discard=2),
     "street 'x': a street draws (replacing the cards thrown) or discards 2 (replacing none), not both"),
    ("a street that does nothing", lambda: Street("x"),
     "street 'x': a street deals, draws or discards something; this one does nothing"),
    ("draw as a word", lambda: Street("x", draw="yes"), "street 'x': draw is True or False, not 'yes'"),
    ("fractional cards", lambda: Street("x", up=1.5),
     "street 'x': the up cards must be a whole number from 0 to 52, not 1.5"),
    # ---- parts that do not fit together -----------------------------------------------------
    ("Badacey with two 3/4 shares",
     lambda: R(D["badacey"], portions=tuple(R(p, share=Fraction(3, 4)) for p in D["badacey"].portions)),
     "game 'badacey': the portions' shares (ace-to-five 3/4, badugi 3/4) add up to 3/2, not one pot"),
    ("two portions of one name",
     lambda: R(D["badacey"], portions=(Portion("x", "a5-low", HALF), Portion("x", "badugi", HALF))),
     "game 'badacey': two portions are called 'x'; each portion has its own name"),
    ("Omaha in a draw game",
     lambda: R(D["badugi"], portions=(Portion("x", "omaha-high", Fraction(1), cards="hole"),)),
     "game 'badugi': portion 'x' is omaha-high, which needs a board; the game deals none"),
    ("a second board in a one-board game",
     lambda: R(D["big-o"], portions=(Portion("a", "omaha-high", HALF, cards="hole", board=1), D["big-o"].portions[1])),
     "game 'big-o': portion 'a' reads board 2; the game deals 1"),
    ("a five-card system on four cards", lambda: R(D["badugi"], portions=(Portion("x", "high", Fraction(1)),)),
     "game 'badugi': portion 'x' is high, which values hands of 5, 6 or 7 cards, not the game's 4"),
    ("Drawmaha's draw half reading the board",
     lambda: R(D["drawmaha"], portions=(Portion("draw", "high", HALF), D["drawmaha"].portions[1])),
     "game 'drawmaha': portion 'draw' is high, which reads no board: in a game with a board its cards are "
     "'hole' (R9), not 'all'"),
    ("hole cards the streets do not deal", lambda: R(D["badugi"], hole_cards=5),
     "game 'badugi': the streets deal each player 4 cards at the showdown, not the 5 hole cards"),
    ("a board game with no board cards", lambda: R(D["big-o"], streets=triple_draw_streets(5)),
     "game 'big-o': the streets deal 0 board cards; a game with 1 board deals 5"),
    ("a draw before the deal",
     lambda: R(D["badugi"], streets=(Street("d", draw=True),) + triple_draw_streets(4)),
     "game 'badugi': the first street ('d') deals each player cards"),
    ("discarding more than is held",
     lambda: R(D["super-razzdugi"], streets=(Street("third street", down=2, up=1),
                                             Street("discard", discard=3, bet=None)) + D["super-razzdugi"].streets[2:]),
     "game 'super-razzdugi': street 'discard' discards 3 down cards; each player holds 2"),
    ("stud with no up card", lambda: R(D["stud8"], streets=(Street("third", down=3),) + STUD_STREETS[1:]),
     "game 'stud8': a stud game's first street deals an up card: the bring-in goes by it (R14); 'third' deals none"),
    ("nine at a stud table", lambda: R(D["stud8"], max_players=9),
     "game 'stud8': 9 players need 57 cards (burns included) before the stub can be replenished (R-A5, R-A6); "
     "one deck has 52 (R-A14)"),
    ("ten at Double Board Omaha", lambda: R(D["double-board-omaha"], max_players=10),
     "game 'double-board-omaha': 10 players need 56 cards (burns included) before the stub can be replenished "
     "(R-A5, R-A6); one deck has 52 (R-A14)"),
    ("stud with blinds", lambda: R(D["stud8"], structure=limit_structure(2, 4)),
     "game 'stud8': a stud game's structure has a bring-in (R14); '$2/$4 limit' has none"),
    ("blinds with a stud structure", lambda: R(D["badugi"], structure=stud_structure(2, 4)),
     "game 'badugi': a game with blinds has a big blind in its structure; '$2/$4 stud' has none"),
    ("a no-qualifier rule that never applies", lambda: R(D["badugi"], no_qualifier="split"),
     "game 'badugi': the no-qualifier rule 'split' can never apply: portion 'badugi' has no qualifier, so some "
     "hand always wins it"),
    ("every portion qualified and no rule", lambda: R(D["archie"], no_qualifier=None),
     "game 'archie': every portion has a qualifier, so a pot may have no qualifying hand: say what happens then "
     "(no_qualifier='split', R8)"),
    ("no betting round", lambda: R(D["badugi"], streets=tuple(R(s, bet=None) for s in D["badugi"].streets)),
     "game 'badugi': a game has at least one betting round"),
    ("no portion", lambda: R(D["badugi"], portions=()), "game 'badugi': a game has at least one portion of the pot"),
    ("one player", lambda: R(D["badugi"], max_players=1),
     "game 'badugi': the most players is a whole number from 2 to 52, not 1"),
    ("an unknown house ruling", lambda: R(D["badugi"], rulings=("R-A99",)),
     "game 'badugi': the ruling 'R-A99' is neither a filed ruling (R1, R2, ...) nor a house ruling "
     f"({', '.join(sorted(POT_RULINGS))})"),
]


@pytest.mark.parametrize("build, message", [c[1:] for c in NONSENSE], ids=[c[0] for c in NONSENSE])
def test_nonsense_is_refused_when_built(build, message) -> None:
    with pytest.raises(TableError, match=f"^{re.escape(message)}$"):
        build()


def test_at_least_ten_nonsense_cases() -> None:
    assert len(NONSENSE) >= 10
    assert len({c[0] for c in NONSENSE}) == len(NONSENSE)


def test_an_unknown_system_a_bad_street_and_shares_over_one_pot_are_refused() -> None:
    """Three declarations that used to build: ``Portion("x", "nonsense", HALF)``, ``Street(down=-3,
    draw=True, discard=2)`` (named, as a street must be) and Badacey with two 3/4 shares."""
    with pytest.raises(TableError, match="unknown ranking system 'nonsense'"):
        Portion("x", "nonsense", HALF)
    with pytest.raises(TableError, match="down cards must be a whole number"):
        Street("x", down=-3, draw=True, discard=2)
    with pytest.raises(TableError, match="draws .* or discards 2 .*, not both"):
        Street("x", down=3, draw=True, discard=2)
    with pytest.raises(TableError, match="add up to 3/2, not one pot"):
        R(D["badacey"], portions=tuple(R(p, share=Fraction(3, 4)) for p in D["badacey"].portions))


@pytest.mark.parametrize("key", POT_GAMES)
def test_every_declared_game_fits_together(key: str) -> None:
    """The fourteen games pass every check, and rebuilding one from its own parts changes nothing."""
    g = D[key]
    assert R(g) == g
    assert R(g, portions=tuple(R(p) for p in g.portions), streets=tuple(R(s) for s in g.streets)) == g


def test_sound_variants_still_build() -> None:
    """What the checks must not refuse: a variant with other sound parts."""
    omaha8 = R(D["big-o"], key="omaha8", title="Omaha hi-lo", hole_cards=4,
               streets=tuple(R(s, down=4) if s.down else s for s in D["big-o"].streets))
    assert omaha8.hole_cards == 4
    assert R(D["stud8"], max_players=8).max_players == 8  # 24 + 9 + 9 + 9 = 51 cards before seventh street
    assert R(D["double-board-omaha"], max_players=9).max_players == 9  # exactly 52 cards
    thirds = R(D["badacey"], portions=(Portion("a", "a5-low", Fraction(1, 3)), Portion("b", "badugi", Fraction(2, 3))))
    assert sum(p.share for p in thirds.portions) == 1
    assert Portion("whole", "high", 1).share == Fraction(1)  # a whole number is a share too
    card_qualified_low = Portion("low", "low8", HALF, qualifier="7c 5d 4h 3s 2c")
    assert card_qualified_low.qualifier == "7c 5d 4h 3s 2c"


def test_the_engine_never_rescales_a_declared_pot() -> None:
    """With the shares refused at build time, a Badacey scoop and split pay the declared halves."""
    game = get_game("badacey")
    # seat 0: A-2-3-4-5 (the best ace-to-five low) and A-2-3-4 of four suits (the best badugi)
    scoop = game.showdown(["As 2d 3h 4c 5s", "Kc Qd Jh Ts 9c"])
    assert scoop.award(40, button=0) == [40, 0]
    # seat 0 the low (7-5-4-3-2, a flush that does not count, against a pair of kings), seat 1 the
    # badugi (the three-card 3-2-A against seat 0's one-card badugi: five clubs)
    split = game.showdown(["7c 5c 4c 3c 2c", "Ad 2h 3s Kd Kh"])
    assert [p.winners for p in split.portions] == [(0,), (1,)]
    assert split.award(40, button=0) == [20, 20]
