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

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NoReturn

from ..amounts import is_whole
from ..errors import TableError, shown
from ..rankings import system as ranking_system
from .pot_parts import (  # re-exported
    BIG_O_STRUCTURES,
    HALF,
    LIMIT_RAISES,
    MAX_BOARDS,
    STRUCTURE_KINDS,
    Portion,
    Street,
    Structure,
    big_bet_structure,
    bring_in_bounds,
    half_rounded,
    limit_structure,
    stud_structure,
)
from .vocabularies import BetSize, BoardOrder, BringInCard, Forced, NoQualifier, OddChip, PortionCards

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
    declaration is built (by ``dataclasses.replace`` too): another word is refused. So are
    parts that do not fit together (``_check_fits_together``): shares that are not one pot, a
    system that cannot read the game's cards, streets that do not add up to ``hole_cards``, a
    deal that does not fit one deck at ``max_players``, a structure without the game's forced bet.

    >>> POT_DECLARATIONS["razzdugi"].odd_chip
    'stud'
    >>> replace(POT_DECLARATIONS["razzdugi"], bring_in_card="lowest")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: game 'razzdugi': the bring-in card must be 'lowest-ace-high', 'highest-ace-low' or
    'highest-ace-high', not 'lowest'
    >>> replace(POT_DECLARATIONS["badacey"],  # doctest: +NORMALIZE_WHITESPACE
    ...         portions=(Portion("ace-to-five", "a5-low", Fraction(3, 4)),
    ...                   Portion("badugi", "badugi", Fraction(3, 4))))
    Traceback (most recent call last):
    ...
    gamelib.errors.TableError: game 'badacey': the portions' shares (ace-to-five 3/4, badugi 3/4) add up to 3/2,
    not one pot
    """

    key: str
    title: str
    types: tuple[str, ...]
    hole_cards: int
    streets: tuple[Street, ...]
    portions: tuple[Portion, ...]
    forced: Forced = Forced.BLINDS
    boards: int = 0
    bring_in_card: BringInCard | None = None
    board_order: BoardOrder | None = None
    no_qualifier: NoQualifier | None = None
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
        _check_fits_together(self, where)

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


def _check_fits_together(g: PotGame, where: str) -> None:
    """Refuse a declaration whose parts, each sound alone, do not make one game (R-A5, R-A6, R-A14).

    The words and types come first: key, title, types, rulings, the card and player counts.
    Then the portions: shares adding up to exactly one pot, names told apart, each system able
    to read the hole cards (and the board it names), a qualifier rule only where a pot may go
    unqualified. Then the deal: cards in hand before a draw or discard, the streets adding up
    to ``hole_cards`` and five cards a board, a stud game's first up card (R14), betting rounds,
    and every card dealt before the stub may be replenished (a draw's muck, R-A5; the stud
    community card, R-A6) fitting one deck at ``max_players`` (R-A14). Last the structure: a
    bring-in for a stud game, a big blind for a game with blinds.
    """
    def refuse(what: str) -> NoReturn:
        raise TableError(f"{where}: {what}")

    for name in ("key", "title"):
        v = getattr(g, name)
        if not isinstance(v, str) or not v.strip():
            refuse(f"the {name} is text, not {shown(v)}")
    for name in ("types", "rulings"):
        v = getattr(g, name)
        if not isinstance(v, tuple) or not all(isinstance(x, str) and x for x in v):
            refuse(f"the {name} are a tuple of words, not {shown(v)}")
    unknown = [r for r in g.rulings if not re.fullmatch(r"R\d+", r) and r not in POT_RULINGS]
    if unknown:
        refuse(f"the ruling {shown(unknown[0])} is neither a filed ruling (R1, R2, ...) nor a house ruling "
               f"({', '.join(sorted(POT_RULINGS))})")
    if not (is_whole(g.hole_cards) and 1 <= g.hole_cards <= 52):
        refuse(f"the hole cards are a whole number from 1 to 52, not {shown(g.hole_cards)}")
    if not (is_whole(g.boards) and 0 <= g.boards <= MAX_BOARDS):
        refuse(f"the boards are a whole number from 0 to {MAX_BOARDS}, not {shown(g.boards)}")
    if not (is_whole(g.max_players) and 2 <= g.max_players <= 52):
        refuse(f"the most players is a whole number from 2 to 52, not {shown(g.max_players)}")

    # --- the portions ---
    if not g.portions:
        refuse("a game has at least one portion of the pot")
    names = [p.name for p in g.portions]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        refuse(f"two portions are called {shown(twice[0])}; each portion has its own name")
    total = sum((p.share for p in g.portions), Fraction(0))
    if total != 1:
        refuse(f"the portions' shares ({', '.join(f'{p.name} {p.share}' for p in g.portions)}) add up to {total}, "
               "not one pot")
    for p in g.portions:
        rs = ranking_system(p.system)
        if rs.uses_board:
            if not g.boards:
                refuse(f"portion {shown(p.name)} is {p.system}, which needs a board; the game deals none")
            if p.board >= g.boards:
                refuse(f"portion {shown(p.name)} reads board {p.board + 1}; the game deals {g.boards}")
        elif g.boards and p.cards is not PortionCards.HOLE:
            refuse(f"portion {shown(p.name)} is {p.system}, which reads no board: in a game with a board its "
                   f"cards are 'hole' (R9), not {shown(p.cards.value)}")
        if g.hole_cards not in rs.hand_sizes:
            sizes = [str(n) for n in rs.hand_sizes]
            sizes_text = sizes[0] if len(sizes) == 1 else ", ".join(sizes[:-1]) + " or " + sizes[-1]
            refuse(f"portion {shown(p.name)} is {p.system}, which values hands of {sizes_text} cards, "
                   f"not the game's {g.hole_cards}")
    qualified = [p.qualifier is not None for p in g.portions]
    if all(qualified) and g.no_qualifier is None:
        refuse("every portion has a qualifier, so a pot may have no qualifying hand: say what happens then "
               f"(no_qualifier={NoQualifier.SPLIT.value!r}, R8)")
    if g.no_qualifier is not None and not all(qualified):
        refuse(f"the no-qualifier rule {g.no_qualifier.value!r} can never apply: portion "
               f"{shown(g.portions[qualified.index(False)].name)} has no qualifier, so some hand always wins it")

    # --- the deal ---
    if not g.streets:
        refuse("a game has at least one street")
    if not any(s.bet is not None for s in g.streets):
        refuse("a game has at least one betting round")
    first = g.streets[0]
    if first.draw or first.discard or not (first.down or first.up):
        refuse(f"the first street ({shown(first.name)}) deals each player cards")
    if g.is_stud and not first.up:
        refuse(f"a stud game's first street deals an up card: the bring-in goes by it (R14); "
               f"{shown(first.name)} deals none")
    down = up = board = 0
    dealt = 0  # every card dealt to max_players, burns included, before the stub may be replenished
    replenished = False
    for k, s in enumerate(g.streets):
        name = shown(s.name)
        if s.down or s.up:
            # R-A6: a stud game's seventh street turns one community card when the stub is short
            community = g.is_stud and s.down and s.name == "seventh street"
            if not replenished and not community:
                dealt += (1 if k else 0) + g.max_players * (s.down + s.up)
            down, up = down + s.down, up + s.up
        if s.board:
            if not replenished:
                dealt += g.boards * (1 + s.board)
            board += s.board
        if s.draw:
            if not down:
                refuse(f"street {name} draws before any down card is dealt")
            replenished = True  # R-A5: the muck is shuffled into the stub when it runs short
        if s.discard:
            if s.discard > down:
                refuse(f"street {name} discards {s.discard} down cards; each player holds {down}")
            down -= s.discard
            replenished = True
    if down + up != g.hole_cards:
        refuse(f"the streets deal each player {down + up} cards at the showdown, not the {g.hole_cards} hole cards")
    if board != (5 if g.boards else 0):
        refuse(f"the streets deal {board} board cards; a game with {g.boards} board{'s' if g.boards != 1 else ''} "
               f"deals {5 if g.boards else 0}")
    if dealt > 52:
        refuse(f"{g.max_players} players need {dealt} cards (burns included) before the stub can be replenished "
               "(R-A5, R-A6); one deck has 52 (R-A14)")

    # --- the structure ---
    if g.is_stud and not g.structure.bring_in:
        refuse(f"a stud game's structure has a bring-in (R14); {shown(g.structure.name)} has none")
    if not g.is_stud and not g.structure.big_blind:
        refuse(f"a game with blinds has a big blind in its structure; {shown(g.structure.name)} has none")


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
    forced=Forced.BRING_IN, bring_in_card=BringInCard.LOWEST_ACE_HIGH, board_order=BoardOrder.HIGH,
    odd_chip=OddChip.STUD,
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
    forced=Forced.BRING_IN, bring_in_card=BringInCard.HIGHEST_ACE_LOW, board_order=BoardOrder.LOW_A5,
    odd_chip=OddChip.STUD,
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
    "limit_structure", "stud_structure", "big_bet_structure", "bring_in_bounds", "half_rounded", "HALF",
    "LIMIT_RAISES", "STRUCTURE_KINDS",
    "POT_RULINGS",
]
