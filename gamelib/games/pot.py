"""The fourteen pot games (mixed games and Big O), declared as data.

A declaration says how a game is dealt (``streets``: hole cards down or up, board cards, draws,
discards, and the betting round after each), how it is bet (``forced``: blinds or a stud
bring-in; a default ``Structure``) and how the pot is divided at the showdown (``portions``:
ranking system from ``gamelib.rankings.SYSTEMS``, share of the pot, qualifier). The engine, the
book and the tests all read these objects; nothing about a game is written anywhere else.

A variant is its parent with other parameters (``dataclasses.replace``), never a copy: 2-7
Razzdugi is Razzdugi with aces high, Drawmaha 2-7 is Drawmaha with a deuce-to-seven draw half.

>>> POT_DECLARATIONS["big-o"].hole_cards, [p.name for p in POT_DECLARATIONS["big-o"].portions]
(5, ['high', 'low'])
>>> [s.name for s in POT_DECLARATIONS["super-razzdugi"].streets][:2]
['third street', 'discard']
>>> sorted(POT_RULINGS)[:2]
['R-A1', 'R-A10']
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Optional

from ..errors import TableError, shown
from .vocabularies import BetSize, BoardOrder, BringInCard, Forced, NoQualifier, OddChip, PortionCards
from .pot_parts import (BIG_O_STRUCTURES, HALF, LIMIT_RAISES, MAX_STRUCTURE_AMOUNT, STRUCTURE_KINDS,  # re-exported
                        Portion, Street, Structure, big_bet_structure, half_rounded, limit_structure,
                        stud_structure)

#: House rulings for the pot games where the filings and RULINGS.md (R1-R18) are silent.
POT_RULINGS: dict[str, str] = {
    "R-A1": "A short all-in bet or raise does not reopen the betting for players who have already "
            "acted, unless short raises add up to a full raise (TDA); it does not count toward the cap. "
            "At limit the next player may complete a short all-in bet to a full bet; a player who "
            "called the short bet then faces less than a full raise and may not raise.",
    "R-A2": "The raise cap (R13) applies heads-up too.",
    "R-A3": "Stud odd chip on a low side: the lowest card by suit, with the ace low where that side "
            "plays aces low and high in 2-7 Razzdugi.",
    "R-A4": "Stud later streets: only pairs count on the showing cards (no partial straights or "
            "flushes); equal boards act first from the seat nearest the dealer's left.",
    "R-A5": "When the stub runs short (a draw, a board card, a stud street) the dealer shuffles "
            "the muck (discards, burn cards and folded hands, but not the discards of the player "
            "now drawing) into a new stub.",
    "R-A6": "Stud seventh street: if the stub cannot give every live player a card after the "
            "burn, the dealer turns one community card that every live player uses (no burn if "
            "that leaves no card).",
    "R-A7": "Heads-up blinds: the button posts the small blind and acts first before the first "
            "draw or flop, last afterwards.",
    "R-A8": "A player may fold even when he could check; the fold is binding.",
    "R-A9": "Default stud bring-in: half the lower limit, rounded up ($1 in $2/$4); no ante.",
    "R-A10": "Archie's no-qualifier split (R8) in a side pot is among the players eligible for that pot.",
    "R-A11": "The stud bring-in may instead complete to the lower limit; the bring-in has no option "
             "when every player calls it. In pot limit and no limit the completion is the minimum "
             "opening bet (the lower limit), up to the pot or the stack.",
    "R-A12": "Draws go in turn from the dealer's left and include all-in players; one burn card "
             "before each draw's replacements. Super Razzdugi's discard goes in the same order, "
             "without a burn.",
    "R-A13": "A returning Big O player has waited a full button rotation once the button has moved "
             "as many times as there are players seated. A new seat (a new player, or one who "
             "moves) follows R24 (R25 at a mixed table): the button and the small blind go only to "
             "players already in the game, so a new seat between the last button and the small "
             "blind waits, and the next seat after the small blind is the big blind. Players "
             "seated before the first hand, or when a game starts again with fewer than two "
             "players already in it, post nothing extra.",
    "R-A14": "Eight players at most, nine in Double Board Omaha, so every deal fits one deck with "
             "the reshuffle (R-A5) and community card (R-A6) rules.",
    "R-A15": "A big blind posted all in for less than the full blind: the others still call the "
             "full big blind and a raise is measured from it; the short blind is eligible only for "
             "what it put in (R7).",
}


@dataclass(frozen=True)
class PotGame:
    """The declaration of one pot game.

    ``forced`` is ``"blinds"`` or ``"bring-in"`` (stud). ``bring_in_card`` says which up card
    brings in (R14): ``"lowest-ace-high"`` (Stud 8), ``"highest-ace-low"`` (Razzdugi) or
    ``"highest-ace-high"`` (2-7 Razzdugi); ``board_order`` says whose up cards act first on later
    streets: ``"high"``, ``"low-a5"`` or ``"low-27"``; a stud game names both, a blind game
    neither (``None``). ``no_qualifier`` is ``"split"`` where a pot nobody qualifies for is split
    among every player at the showdown (R8), else ``None``. ``odd_chip`` is ``"button"`` or
    ``"stud"`` (R6). Each is an enum of ``gamelib.games.vocabularies``, checked when the
    declaration is built (by ``dataclasses.replace`` too): another word is refused.

    >>> POT_DECLARATIONS["razzdugi"].odd_chip
    'stud'
    >>> replace(POT_DECLARATIONS["razzdugi"], bring_in_card="lowest")
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: game 'razzdugi': the bring-in card must be 'lowest-ace-high', 'highest-ace-low' or 'highest-ace-high', not 'lowest'
    """

    key: str
    title: str
    types: tuple[str, ...]
    hole_cards: int
    streets: tuple[Street, ...]
    portions: tuple[Portion, ...]
    forced: Forced = Forced.BLINDS
    boards: int = 0
    bring_in_card: Optional[BringInCard] = None
    board_order: Optional[BoardOrder] = None
    no_qualifier: Optional[NoQualifier] = None
    odd_chip: OddChip = OddChip.BUTTON
    max_players: int = 8
    structure: Structure = limit_structure(2, 4)
    rulings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        where = f"game {shown(self.key)}"
        set_ = object.__setattr__
        set_(self, "forced", Forced.parse(self.forced, f"{where}: the forced bets"))
        set_(self, "odd_chip", OddChip.parse(self.odd_chip, f"{where}: the odd chip"))
        if self.no_qualifier is not None:
            set_(self, "no_qualifier", NoQualifier.parse(self.no_qualifier, f"{where}: the no-qualifier rule",
                                                         none="for none"))
        stud = self.forced is Forced.BRING_IN
        for name, vocab, words in (("bring_in_card", BringInCard, "the bring-in card"),
                                   ("board_order", BoardOrder, "the board order")):
            value = getattr(self, name)
            if value is None:
                if stud:
                    raise TableError(f"{where}: a stud game (forced bets 'bring-in') must name {words}, one of "
                                     f"{vocab.words()}")
                continue
            set_(self, name, vocab.parse(value, f"{where}: {words}"))
            if not stud:
                raise TableError(f"{where}: {words} is for stud games (forced bets 'bring-in'); "
                                 f"a game with blinds has None, not {shown(value)}")
        for kind, things, cls in (("street", self.streets, Street), ("portion", self.portions, Portion)):
            bad = [things] if not isinstance(things, tuple) else [x for x in things if not isinstance(x, cls)]
            if bad:
                raise TableError(f"{where}: the {kind}s are a tuple of {cls.__name__} objects, not {shown(bad[0])}")
        if not isinstance(self.structure, Structure):
            raise TableError(f"{where}: the structure is a Structure, not {shown(self.structure)}")

    @property
    def is_stud(self) -> bool:
        """True for the stud games (bring-in, up cards).

        >>> POT_DECLARATIONS["stud8"].is_stud, POT_DECLARATIONS["badugi"].is_stud
        (True, False)
        """
        return self.forced is Forced.BRING_IN

    @property
    def draws(self) -> int:
        """How many draws the game has.

        >>> POT_DECLARATIONS["archie"].draws, POT_DECLARATIONS["drawmaha"].draws
        (3, 1)
        """
        return sum(1 for s in self.streets if s.draw)


# --- the deals ---------------------------------------------------------------------------

def triple_draw_streets(cards: int) -> tuple[Street, ...]:
    """Deal, bet; then three draws each followed by a bet; lower limit twice, then higher (R12).

    >>> [(s.name, s.bet) for s in triple_draw_streets(5)][-1]
    ('third draw', 'big')
    """
    return (
        Street("deal", down=cards, bet=BetSize.SMALL),
        Street("first draw", draw=True, bet=BetSize.SMALL),
        Street("second draw", draw=True, bet=BetSize.BIG),
        Street("third draw", draw=True, bet=BetSize.BIG),
    )


def flop_streets(cards: int, boards: int = 1) -> tuple[Street, ...]:
    """Hole cards, pre-flop bet, flop, turn, river; lower limit pre-flop and flop (R12).

    >>> [s.board for s in flop_streets(4, 2)]
    [0, 3, 1, 1]
    """
    return (
        Street("pre-flop", down=cards, bet=BetSize.SMALL),
        Street("flop", board=3, bet=BetSize.SMALL),
        Street("turn", board=1, bet=BetSize.BIG),
        Street("river", board=1, bet=BetSize.BIG),
    )


STUD_LATER_STREETS: tuple[Street, ...] = (
    Street("fourth street", up=1, bet=BetSize.SMALL),
    Street("fifth street", up=1, bet=BetSize.BIG),
    Street("sixth street", up=1, bet=BetSize.BIG),
    Street("seventh street", down=1, bet=BetSize.BIG),
)
STUD_STREETS: tuple[Street, ...] = (Street("third street", down=2, up=1, bet=BetSize.SMALL),) + STUD_LATER_STREETS

NINES = "9c 9d 4h 3s 2c"  # the weakest pair of nines: Archie's high qualifier (R8)

# --- the games ---------------------------------------------------------------------------

ARCHIE = PotGame(
    key="archie", title="Archie", types=("TD", "LB", "SP"), hole_cards=5,
    streets=triple_draw_streets(5),
    portions=(
        Portion("high", "high", HALF, qualifier=NINES, qualifier_words="a pair of nines or better"),
        Portion("low", "low8", HALF, qualifier="low8", qualifier_words="an ace-to-five eight low or better"),
    ),
    no_qualifier=NoQualifier.SPLIT, rulings=("R3", "R4", "R6", "R8", "R11", "R12", "R13"),
)

DRAWMAHA = PotGame(
    key="drawmaha", title="Drawmaha", types=("F", "TD", "SP"), hole_cards=5,
    streets=(
        Street("pre-flop", down=5, bet=BetSize.SMALL),
        Street("flop", board=3, bet=BetSize.SMALL),
        Street("draw", draw=True, bet=None),
        Street("turn", board=1, bet=BetSize.BIG),
        Street("river", board=1, bet=BetSize.BIG),
    ),
    boards=1,
    portions=(
        Portion("draw", "high", HALF, cards=PortionCards.HOLE),
        Portion("Omaha", "omaha-high", HALF, cards=PortionCards.HOLE),
    ),
    rulings=("R3", "R6", "R9", "R11", "R12", "R13"),
)

DRAWMAHA_27 = replace(
    DRAWMAHA, key="drawmaha-27", title="Drawmaha 2-7", types=("F", "TD", "SP", "LB"),
    portions=(replace(DRAWMAHA.portions[0], name="2-7 draw", system="27-low"), DRAWMAHA.portions[1]),
)

A5_TRIPLE_DRAW = PotGame(
    key="a5-triple-draw", title="Ace-to-Five Triple Draw", types=("TD", "LB"), hole_cards=5,
    streets=triple_draw_streets(5),
    portions=(Portion("low", "a5-low", Fraction(1)),),
    rulings=("R3", "R6", "R11", "R12", "R13"),
)

DEUCE_SEVEN_TRIPLE_DRAW = replace(
    A5_TRIPLE_DRAW, key="27-triple-draw", title="Deuce-to-Seven Triple Draw",
    portions=(Portion("low", "27-low", Fraction(1)),),
)

BIG_O = PotGame(
    key="big-o", title="Big O", types=("SP", "F"), hole_cards=5,
    streets=flop_streets(5), boards=1,
    portions=(
        Portion("high", "omaha-high", HALF, cards=PortionCards.HOLE),
        Portion("low", "omaha-low8", HALF, cards=PortionCards.HOLE, qualifier="low8",
                qualifier_words="five different ranks 8 or lower"),
    ),
    structure=BIG_O_STRUCTURES["$2-$4"],
    rulings=("R3", "R4", "R6", "R7", "R11", "R12", "R13", "R18"),
)

DOUBLE_BOARD_OMAHA = PotGame(
    key="double-board-omaha", title="Double Board Omaha", types=("F", "SP"), hole_cards=4,
    streets=flop_streets(4, 2), boards=2,
    portions=(
        Portion("board 1", "omaha-high", HALF, cards=PortionCards.HOLE, board=0),
        Portion("board 2", "omaha-high", HALF, cards=PortionCards.HOLE, board=1),
    ),
    max_players=9, rulings=("R3", "R6", "R11", "R12", "R13"),
)

STUD8 = PotGame(
    key="stud8", title="Seven Card Stud Eight or Better", types=("SP", "LB"), hole_cards=7,
    streets=STUD_STREETS,
    portions=(
        Portion("high", "high", HALF),
        Portion("low", "low8", HALF, qualifier="low8", qualifier_words="an eight low or better"),
    ),
    forced=Forced.BRING_IN, bring_in_card=BringInCard.LOWEST_ACE_HIGH, board_order=BoardOrder.HIGH, odd_chip=OddChip.STUD,
    structure=stud_structure(2, 4),
    rulings=("R2", "R3", "R4", "R6", "R12", "R13", "R14"),
)

BADUGI = PotGame(
    key="badugi", title="Badugi", types=("TD", "LB"), hole_cards=4,
    streets=triple_draw_streets(4),
    portions=(Portion("badugi", "badugi", Fraction(1)),),
    rulings=("R3", "R6", "R10", "R11", "R12", "R13"),
)

BADACEY = replace(
    BADUGI, key="badacey", title="Badacey", types=("TD", "LB", "SP"), hole_cards=5,
    streets=triple_draw_streets(5),
    portions=(Portion("ace-to-five", "a5-low", HALF), Portion("badugi", "badugi", HALF)),
)

BADEUCEY = replace(
    BADACEY, key="badeucey", title="Badeucey",
    portions=(Portion("deuce-to-seven", "27-low", HALF), Portion("badugi", "badugi-ace-high", HALF)),
)

RAZZDUGI = PotGame(
    key="razzdugi", title="Razzdugi", types=("LB", "SP"), hole_cards=7,
    streets=STUD_STREETS,
    portions=(Portion("razz", "a5-low", HALF), Portion("badugi", "badugi", HALF)),
    forced=Forced.BRING_IN, bring_in_card=BringInCard.HIGHEST_ACE_LOW, board_order=BoardOrder.LOW_A5, odd_chip=OddChip.STUD,
    structure=stud_structure(2, 4),
    rulings=("R2", "R3", "R6", "R10", "R12", "R13", "R14"),
)

DEUCE_SEVEN_RAZZDUGI = replace(
    RAZZDUGI, key="27-razzdugi", title="2-7 Razzdugi",
    portions=(Portion("2-7 razz", "27-low", HALF), Portion("badugi", "badugi-ace-high", HALF)),
    bring_in_card=BringInCard.HIGHEST_ACE_HIGH, board_order=BoardOrder.LOW_27,
)

SUPER_RAZZDUGI = replace(
    RAZZDUGI, key="super-razzdugi", title="Super Razzdugi",
    streets=(Street("third street", down=4, up=1, bet=BetSize.SMALL), Street("discard", discard=2, bet=None))
    + STUD_LATER_STREETS,
    rulings=RAZZDUGI.rulings + ("R15",),
)

POT_DECLARATIONS: dict[str, PotGame] = {
    g.key: g
    for g in (ARCHIE, DRAWMAHA, DRAWMAHA_27, A5_TRIPLE_DRAW, DEUCE_SEVEN_TRIPLE_DRAW,
              DOUBLE_BOARD_OMAHA, STUD8, BIG_O, BADUGI, BADACEY, BADEUCEY, RAZZDUGI,
              DEUCE_SEVEN_RAZZDUGI, SUPER_RAZZDUGI)
}

__all__ = [
    "Portion", "Street", "Structure", "PotGame", "POT_DECLARATIONS", "BIG_O_STRUCTURES",
    "limit_structure", "stud_structure", "big_bet_structure", "half_rounded", "HALF",
    "LIMIT_RAISES", "STRUCTURE_KINDS",
    "POT_RULINGS",
]
