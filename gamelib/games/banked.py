"""Banked table games as data: the deal, the hands judged, the wagers with their limits and how
each settles, the rounds of cards and decisions, the dealer's qualifier, every pay table, the
payout caps and the counting method of the exact analysis.

One generic settler (:class:`gamelib.engine.banked.BankedGameEngine`) and one analysis driver
(:func:`gamelib.analysis.banked.analyze`) read a :class:`BankedGame`; a variant is a new
declaration (``dataclasses.replace`` with another pay table or qualifier), nothing else.

Three games are declared, one constant each, all reachable through ``DECLARATIONS`` (and,
with their settlement and analysis, through :func:`gamelib.get_game`):

* ``crazy4`` -- Crazy 4 Poker with the Queens Up bonus (filing 002, RULINGS R19, R22);
* ``three-card-6bonus`` -- Three Card Poker with the 6 Card Bonus (filing 004, R20, R22);
* ``nh-holdem`` -- New Hampshire Hold'em (filing 003, R21, R22).

The parts a declaration is made of (``PayTable``, ``Wager``, ``JudgedHand``, ``Reveal``,
``Decide``, ``BankedGame``...) and the values read off one are in
:mod:`gamelib.games.banked_parts`, re-exported here.

Rulings made here and not in RULINGS.md (named so the book and the tests can cite them):

* **B1 Breakage.** Money is whole dollars (R5). A payout that is not a whole number of dollars
  (the Crazy 4 Super Bonus flush at 3 to 2 on an odd wager: $3 pays $4.50) is rounded DOWN to
  the whole dollar, as a cardroom with no 50c chips does ("breakage"); the settlement says so in
  words. The analysis tables are per unit wagered (exact 3/2), as in the filing.
* **B2 Optional wagers' limits.** The Crazy 4 Queens Up bet has the same $2-$10 table limits as
  the Ante (R19), independently of the Ante (the filing lets it exceed the Ante).
* **B3 Cap.** The NH Hold'em cap (R21) limits the sum paid on the player's winning wagers in
  one hand; losing wagers are collected in full.
* **B4 Pair Plus when folding.** The NH Hold'em Pair Plus and 6 Card Bonus are settled whether
  or not the player folds the main game (the community and bonus cards are dealt anyway), as
  R20 says for Three Card Poker.
* **B5 Super Bonus on a fold.** A folded Crazy 4 hand loses the Super Bonus even with a
  straight or better (R19: folding loses the Ante and the Super Bonus).

>>> DECLARATIONS["crazy4"].wager("ante").minimum, DECLARATIONS["crazy4"].wager("ante").maximum
(2, 10)
>>> [line.outcome for line in DECLARATIONS["crazy4"].pay_table("queens_up").lines][:2]
['four of a kind', 'straight flush']
"""

from __future__ import annotations

from fractions import Fraction

from .banked_parts import (  # re-exported
    RANK_LETTERS,
    BankedGame,
    Decide,
    HandMinimum,
    JudgedHand,
    PayLine,
    PayTable,
    Qualifier,
    Reveal,
    Step,
    Wager,
    banked_systems,
    dealer_qualifying_value,
    minimum_value,
    pay_rows,
    system_of,
    table_rows,
)
from .vocabularies import Counting, NotQualified, OnFold, Settles

F = Fraction
_AGAINST_DEALER = Settles.AGAINST_DEALER
_TABLE_ELSE_DEALER = Settles.BY_PAY_TABLE_ELSE_DEALER

# --- Crazy 4 Poker with the Queens Up bonus (filing 002) -----------------------------------
CRAZY4_POKER = BankedGame(
    key="crazy4",
    title="Crazy 4 Poker",
    filing="002_19b37bd3ecc87a60.txt",
    rulings=("R19", "R22", "B1", "B2", "B5"),
    counting=Counting.FOUR_OF_FIVE_AGAINST_DEALER,
    deal={"player": 5, "dealer": 5},
    hands=(
        JudgedHand("player", ("player",), "crazy4", "the player's best four of five", "player's hand"),
        JudgedHand("dealer", ("dealer",), "crazy4", "the dealer's best four of five", "dealer's hand"),
    ),
    wagers=(
        Wager("ante", "Ante", 2, 10, required=True, note="R19: the filing's $2-$10 limits",
              settles=_AGAINST_DEALER, if_not_qualified=NotQualified.PUSHES, on_fold=OnFold.LOSES),
        Wager("super_bonus", "Super Bonus", required=True, equal_to="ante", note="R22: equal to the Ante",
              settles=_TABLE_ELSE_DEALER, on_fold=OnFold.LOSES),
        Wager("queens_up", "Queens Up", 2, 10, note="optional; B2: $2-$10, may exceed the Ante"),
        Wager("play", "Play", equal_to="ante", multiples=(1, 3), decision=True,
              note="1x the Ante, or 3x with a pair of aces or better",
              settles=_AGAINST_DEALER, if_not_qualified=NotQualified.WINS, on_fold=OnFold.LOSES,
              needs=(HandMinimum(3, ("A", "A", "3", "2"), "a pair of aces or better", "R19"),)),
    ),
    rounds=(Reveal("player", 0, 5), Decide("play", ("player",)), Reveal("dealer", 0, 5)),
    qualifier=Qualifier(("K", "4", "3", "2"), "king high or better"),
    fold_rulings=("R19", "B5"),
    pay_tables=(
        PayTable("super_bonus", "Super Bonus", "player", (
            PayLine("four aces", F(200), "four of a kind", "A", "A"),
            PayLine("four of a kind, 2s-Ks", F(30), "four of a kind", "2", "K"),
            PayLine("straight flush", F(15), "straight flush"),
            PayLine("three of a kind", F(2), "three of a kind"),
            PayLine("flush", F(3, 2), "flush"),
            PayLine("straight", F(1), "straight"),
        ), ruling="R19"),
        PayTable("queens_up", "Queens Up", "player", (
            PayLine("four of a kind", F(50), "four of a kind"),
            PayLine("straight flush", F(40), "straight flush"),
            PayLine("three of a kind", F(7), "three of a kind"),
            PayLine("flush", F(4), "flush"),
            PayLine("straight", F(3), "straight"),
            PayLine("two pair", F(2), "two pair"),
            PayLine("pair of queens or better", F(1), "pair", "Q", "A"),
        )),
    ),
)

# --- Three Card Poker with the 6 Card Bonus (filing 004) ------------------------------------
THREE_CARD_6BONUS = BankedGame(
    key="three-card-6bonus",
    title="Three Card Poker with 6 Card Bonus",
    filing="004_9de9c52e7bb3ba5d.txt",
    rulings=("R20", "R22", "R31"),
    counting=Counting.THREE_AGAINST_DEALER,
    deal={"player": 3, "dealer": 3},
    hands=(
        JudgedHand("player", ("player",), "three-card", "the player's three cards", "player's hand"),
        JudgedHand("dealer", ("dealer",), "three-card", "the dealer's three cards", "dealer's hand"),
        JudgedHand("six card bonus", ("player", "dealer"), "high",
                   "best five of the player's three and the dealer's three (R20)",
                   "the player's and the dealer's cards, for the 6 Card Bonus"),
    ),
    wagers=(
        Wager("ante", "Ante", 2, 10, settles=_AGAINST_DEALER, if_not_qualified=NotQualified.WINS,
              on_fold=OnFold.LOSES, bonus="ante_bonus"),
        Wager("pair_plus", "Pair Plus", 1, 10),
        Wager("six_card_bonus", "6 Card Bonus", 1, 10),
        Wager("play", "Play", equal_to="ante", decision=True, note="R22: exactly the Ante; $2-$10",
              settles=_AGAINST_DEALER, if_not_qualified=NotQualified.PUSHES, on_fold=OnFold.LOSES),
    ),
    rounds=(Reveal("player", 0, 3), Decide("play", ("player",)), Reveal("dealer", 0, 3)),
    at_least_one_of=("ante", "pair_plus", "six_card_bonus"),
    qualifier=Qualifier(("Q", "3", "2"), "queen high or better"),
    fold_rulings=("R20",),
    pay_tables=(
        PayTable("ante_bonus", "Ante Bonus", "player", (
            PayLine("straight flush", F(4), "straight flush"),
            PayLine("three of a kind", F(3), "three of a kind"),
            PayLine("straight", F(1), "straight"),
        ), ruling="R20"),
        PayTable("pair_plus", "Pair Plus", "player", (
            PayLine("mini royal (A-K-Q suited)", F(75), "straight flush", "A", "A"),
            PayLine("straight flush", F(40), "straight flush"),
            PayLine("three of a kind", F(30), "three of a kind"),
            PayLine("straight", F(5), "straight"),
            PayLine("flush", F(3), "flush"),
            PayLine("pair", F(1), "pair"),
        )),
        PayTable("six_card_bonus", "6 Card Bonus", "six card bonus", (
            PayLine("royal flush", F(500), "straight flush", "A", "A"),
            PayLine("straight flush", F(250), "straight flush"),
            PayLine("four of a kind", F(50), "four of a kind"),
            PayLine("full house", F(25), "full house"),
            PayLine("flush", F(15), "flush"),
            PayLine("straight", F(10), "straight"),
            PayLine("three of a kind", F(5), "three of a kind"),
        )),
    ),
)

# --- New Hampshire Hold'em (filing 003) -----------------------------------------------------


def _street_bet(key: str, name: str) -> Wager:
    """A New Hampshire Hold'em street bet: 1x to 3x the Ante, paid by the main table, lost on a fold."""
    return Wager(key, name, equal_to="ante", multiples=(1, 2, 3), decision=True, table="main", on_fold=OnFold.LOSES)


NH_HOLDEM = BankedGame(
    key="nh-holdem",
    title="New Hampshire Hold'em",
    filing="003_cb564579a778de00.txt",
    rulings=("R21", "R22", "R31", "B3", "B4"),
    counting=Counting.STREETS_AGAINST_PAY_TABLE,
    deal={"hole": 2, "community": 3, "bonus": 4},
    hands=(
        JudgedHand("player", ("hole", "community"), "high", "best five of the two hole and three community cards",
                   "player's hand"),
        JudgedHand("community (Pair Plus)", ("community",), "three-card", "the three community cards alone (R21)",
                   "the community cards alone, for Pair Plus"),
        JudgedHand("six card bonus", ("hole", "bonus"), "high",
                   "best five of the two hole cards and four bonus cards (R21)",
                   "the hole cards and the bonus cards, for the 6 Card Bonus"),
    ),
    wagers=(
        Wager("ante", "Ante", allowed=(2, 4, 5, 10), required=True, table="main", on_fold=OnFold.LOSES),
        Wager("pair_plus", "Pair Plus", 2, 10),
        Wager("six_card_bonus", "6 Card Bonus", 2, 10),
        _street_bet("flop", "Flop bet"),
        _street_bet("turn", "Turn bet"),
        _street_bet("river", "River bet"),
    ),
    rounds=(
        Reveal("hole", 0, 2),
        Decide("flop", ("hole",)),
        Reveal("community", 0, 1, "the flop card"),
        Decide("turn", ("hole", "community")),
        Reveal("community", 1, 2, "the turn card"),
        Decide("river", ("hole", "community")),
        Reveal("community", 2, 3, "the river card"),
        Reveal("bonus", 0, 4),
    ),
    caps={2: 1000, 4: 2000, 5: 5000, 10: 5000},
    cap_rulings=("R21", "B3"),
    fold_rulings=("R21",),
    pay_tables=(
        PayTable("main", "Main game", "player", (
            PayLine("royal flush", F(250), "straight flush", "A", "A"),
            PayLine("straight flush", F(80), "straight flush"),
            PayLine("four of a kind", F(30), "four of a kind"),
            PayLine("full house", F(8), "full house"),
            PayLine("flush", F(6), "flush"),
            PayLine("straight", F(4), "straight"),
            PayLine("three of a kind", F(3), "three of a kind"),
            PayLine("two pair", F(2), "two pair"),
            PayLine("pair of jacks through aces", F(1), "pair", "J", "A"),
            PayLine("pair of sixes through tens", F(0), "pair", "6", "T"),
        )),
        PayTable("pair_plus", "Pair Plus", "community (Pair Plus)", (
            PayLine("straight flush", F(40), "straight flush"),
            PayLine("three of a kind", F(30), "three of a kind"),
            PayLine("straight", F(6), "straight"),
            PayLine("flush", F(3), "flush"),
            PayLine("pair", F(1), "pair"),
        )),
        PayTable("six_card_bonus", "6 Card Bonus", "six card bonus", (
            PayLine("royal flush", F(1000), "straight flush", "A", "A"),
            PayLine("straight flush", F(200), "straight flush"),
            PayLine("four of a kind", F(50), "four of a kind"),
            PayLine("full house", F(20), "full house"),
            PayLine("flush", F(15), "flush"),
            PayLine("straight", F(10), "straight"),
            PayLine("three of a kind", F(5), "three of a kind"),
        )),
    ),
)

DECLARATIONS: dict[str, BankedGame] = {
    d.key: d for d in (CRAZY4_POKER, THREE_CARD_6BONUS, NH_HOLDEM)
}


__all__ = [
    "CRAZY4_POKER", "THREE_CARD_6BONUS", "NH_HOLDEM", "DECLARATIONS",
    "RANK_LETTERS", "PayLine", "PayTable", "HandMinimum", "Wager", "JudgedHand", "Qualifier", "Reveal", "Decide",
    "Step", "BankedGame", "system_of", "banked_systems", "dealer_qualifying_value", "minimum_value", "pay_rows",
    "table_rows",
]
