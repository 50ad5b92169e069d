"""Banked table games as data: wagers and their limits, equal-wager rules, the dealer's
qualifier, every pay table and the payout caps.

Three games are declared, one constant each, all reachable through ``DECLARATIONS`` (and,
with their settlement and analysis, through :func:`gamelib.get_game`):

* ``crazy4`` -- Crazy 4 Poker with the Queens Up bonus (filing 002, RULINGS R19, R22);
* ``three-card-6bonus`` -- Three Card Poker with the 6 Card Bonus (filing 004, R20, R22);
* ``nh-holdem`` -- New Hampshire Hold'em (filing 003, R21, R22).

A pay table is a list of :class:`PayLine` rows, best hand first; a hand is paid by the first row
it matches. A row names a category of the game's ranking system and, optionally, the range of
the top rank of the hand (``"A"``-``"A"`` for four aces or a royal flush, ``"6"``-``"T"`` for a
pair of sixes through tens). Pays are :class:`fractions.Fraction` "to 1" multipliers.

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

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Any

import numpy as np

from ..amounts import exact_pays
from ..errors import GameError, RankingError, shown
from ..rankings import RANKING_SYSTEMS, system as ranking_system
from ..rankings.core import PatternSystem

RANK_LETTERS = "23456789TJQKA"


@dataclass(frozen=True)
class PayLine:
    """One row of a pay table: the hands it pays and what it pays, ``pays`` to 1.

    ``category`` is a category of the table's ranking system; ``low``/``high`` (rank letters)
    bound the hand's top rank (the rank of the quads, the pair, the straight's top card...).

    >>> PayLine("pair of jacks through aces", Fraction(1), "pair", "J", "A").matches("pair", 9)
    True
    """

    outcome: str
    pays: Fraction
    category: str
    low: str | None = None
    high: str | None = None

    def matches(self, category: str, top_rank: int) -> bool:
        """Whether a hand of this category and top rank index (0 = deuce .. 12 = ace) is paid here."""
        if category != self.category:
            return False
        lo = RANK_LETTERS.index(self.low) if self.low else 0
        hi = RANK_LETTERS.index(self.high) if self.high else 12
        return lo <= top_rank <= hi


@dataclass(frozen=True)
class PayTable:
    """A pay table: the wager it settles, the ranking system, the cards judged and its rows.

    ``cards`` says in words which cards make the hand. ``otherwise`` is what a hand matching no
    row does: ``"loses"`` or ``"see rules"`` (the Super Bonus pushes or loses by the showdown).

    >>> THREE_CARD_6BONUS.pay_table("pair_plus").pays_for("pair")
    Fraction(1, 1)
    """

    wager: str
    system: str
    cards: str
    lines: tuple[PayLine, ...]
    otherwise: str = "loses"

    def pays_for(self, outcome: str) -> Fraction:
        """The multiplier of the row named ``outcome``."""
        for line in self.lines:
            if line.outcome == outcome:
                return line.pays
        raise GameError(f"the {self.wager} pay table has no row {shown(outcome)}; rows: "
                        + ", ".join(l.outcome for l in self.lines))

    def with_pays(self, pays: Mapping[str, Any]) -> "PayTable":
        """The same table with some rows paying differently (a casino's other approved table).

        A pay is exact (``gamelib.amounts.exact_pays``): a whole number, a ``Fraction``, or a
        decimal or fraction string such as ``"1.2"`` or ``"3/2"``; a binary float only when it
        is exactly the decimal it prints as (``1.5``, not ``1.2``).

        >>> t = THREE_CARD_6BONUS.pay_table("pair_plus").with_pays({"pair": 2})
        >>> t.pays_for("pair")
        Fraction(2, 1)
        """
        if not isinstance(pays, Mapping):
            raise GameError(f"new pays are a mapping of row to pays, such as {{'flush': 4}}; not {shown(pays)}")
        known = {l.outcome for l in self.lines}
        unknown = sorted(set(pays) - known, key=repr)
        if unknown:
            raise GameError(f"the {self.wager} pay table has no row {', '.join(shown(u, 30) for u in unknown[:3])}; "
                            f"rows: {', '.join(l.outcome for l in self.lines)}")
        new = {k: exact_pays(v, f"the {self.wager} {k} row") for k, v in pays.items()}
        lines = tuple(
            PayLine(l.outcome, new[l.outcome] if l.outcome in new else l.pays, l.category, l.low, l.high)
            for l in self.lines
        )
        for l in lines:
            if l.pays < 0:
                raise GameError(f"a pay table row cannot pay less than nothing: {l.outcome} pays {l.pays}")
        return PayTable(self.wager, self.system, self.cards, lines, self.otherwise)


@dataclass(frozen=True)
class Wager:
    """One betting spot: its limits in whole dollars and how it relates to other spots.

    ``equal_to``: the amount must equal that wager (R22). ``multiples``: the amount must be one
    of these multiples of ``equal_to`` (Crazy 4 Play 1x or 3x; NH street bets 1x-3x).
    ``allowed``: the only amounts allowed (NH ante $2, $4, $5 or $10). ``required``: must be
    placed for a hand to be dealt. ``decision``: placed after seeing cards (Play / street bets).

    >>> DECLARATIONS["nh-holdem"].wager("ante").allowed
    (2, 4, 5, 10)
    """

    key: str
    name: str
    minimum: int | None = None
    maximum: int | None = None
    allowed: tuple[int, ...] | None = None
    required: bool = False
    equal_to: str | None = None
    multiples: tuple[int, ...] = (1,)
    decision: bool = False
    note: str = ""

    def limits_text(self) -> str:
        """The limits in words, e.g. ``"$2 to $10"``."""
        if self.equal_to:
            m = " or ".join(f"{k}x" for k in self.multiples)
            return f"{m} the {self.equal_to.replace('_', ' ')}"
        if self.allowed:
            return ", ".join(f"${a}" for a in self.allowed[:-1]) + f" or ${self.allowed[-1]}"
        return f"${self.minimum} to ${self.maximum}"


@dataclass(frozen=True)
class Qualifier:
    """The dealer's minimum hand to qualify: the lowest qualifying hand's ranks, unsuited.

    >>> THREE_CARD_6BONUS.qualifier.ranks
    ('Q', '3', '2')
    """

    system: str
    ranks: tuple[str, ...]
    words: str


@dataclass(frozen=True)
class BankedDeclaration:
    """Everything one banked game's rules say, as data."""

    key: str
    title: str
    filing: str
    rulings: tuple[str, ...]
    system: str
    hands: dict[str, int]
    wagers: tuple[Wager, ...]
    pay_tables: tuple[PayTable, ...]
    qualifier: Qualifier | None = None
    three_x_minimum: tuple[str, ...] | None = None
    caps: dict[int, int] = field(default_factory=dict)
    at_least_one_of: tuple[str, ...] = ()

    def wager(self, key: str) -> Wager:
        """The wager spot called ``key``."""
        for w in self.wagers:
            if w.key == key:
                return w
        raise GameError(f"{self.title} has no wager {shown(key)}; its wagers are: {', '.join(w.key for w in self.wagers)}")

    def pay_table(self, wager: str) -> PayTable:
        """The pay table that settles ``wager``.

        >>> NH_HOLDEM.pay_table("main").pays_for("royal flush")
        Fraction(250, 1)
        """
        for t in self.pay_tables:
            if t.wager == wager:
                return t
        raise GameError(f"{self.title} has no pay table for {shown(wager)}; tables: "
                        + ", ".join(t.wager for t in self.pay_tables))


F = Fraction

# --- Crazy 4 Poker with the Queens Up bonus (filing 002) -----------------------------------
CRAZY4_POKER = BankedDeclaration(
    key="crazy4",
    title="Crazy 4 Poker",
    filing="002_19b37bd3ecc87a60.txt",
    rulings=("R19", "R22", "B1", "B2", "B5"),
    system="crazy4",
    hands={"player": 5, "dealer": 5},
    wagers=(
        Wager("ante", "Ante", 2, 10, required=True, note="R19: the filing's $2-$10 limits"),
        Wager("super_bonus", "Super Bonus", required=True, equal_to="ante", note="R22: equal to the Ante"),
        Wager("queens_up", "Queens Up", 2, 10, note="optional; B2: $2-$10, may exceed the Ante"),
        Wager("play", "Play", equal_to="ante", multiples=(1, 3), decision=True,
              note="1x the Ante, or 3x with a pair of aces or better"),
    ),
    qualifier=Qualifier("crazy4", ("K", "4", "3", "2"), "king high or better"),
    three_x_minimum=("A", "A", "3", "2"),
    pay_tables=(
        PayTable("super_bonus", "crazy4", "the player's best four of five", (
            PayLine("four aces", F(200), "four of a kind", "A", "A"),
            PayLine("four of a kind, 2s-Ks", F(30), "four of a kind", "2", "K"),
            PayLine("straight flush", F(15), "straight flush"),
            PayLine("three of a kind", F(2), "three of a kind"),
            PayLine("flush", F(3, 2), "flush"),
            PayLine("straight", F(1), "straight"),
        ), otherwise="push if the player's hand beats or ties the dealer's, else loses (R19)"),
        PayTable("queens_up", "crazy4", "the player's best four of five", (
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
THREE_CARD_6BONUS = BankedDeclaration(
    key="three-card-6bonus",
    title="Three Card Poker with 6 Card Bonus",
    filing="004_9de9c52e7bb3ba5d.txt",
    rulings=("R20", "R22"),
    system="three-card",
    hands={"player": 3, "dealer": 3},
    wagers=(
        Wager("ante", "Ante", 2, 10),
        Wager("pair_plus", "Pair Plus", 1, 10),
        Wager("six_card_bonus", "6 Card Bonus", 1, 10),
        Wager("play", "Play", equal_to="ante", decision=True, note="R22: exactly the Ante; $2-$10"),
    ),
    at_least_one_of=("ante", "pair_plus", "six_card_bonus"),
    qualifier=Qualifier("three-card", ("Q", "3", "2"), "queen high or better"),
    pay_tables=(
        PayTable("ante_bonus", "three-card", "the player's three cards (paid only on a raise, R20)", (
            PayLine("straight flush", F(4), "straight flush"),
            PayLine("three of a kind", F(3), "three of a kind"),
            PayLine("straight", F(1), "straight"),
        ), otherwise="no bonus"),
        PayTable("pair_plus", "three-card", "the player's three cards", (
            PayLine("mini royal (A-K-Q suited)", F(75), "straight flush", "A", "A"),
            PayLine("straight flush", F(40), "straight flush"),
            PayLine("three of a kind", F(30), "three of a kind"),
            PayLine("straight", F(5), "straight"),
            PayLine("flush", F(3), "flush"),
            PayLine("pair", F(1), "pair"),
        )),
        PayTable("six_card_bonus", "high", "best five of the player's three and the dealer's three (R20)", (
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
NH_HOLDEM = BankedDeclaration(
    key="nh-holdem",
    title="New Hampshire Hold'em",
    filing="003_cb564579a778de00.txt",
    rulings=("R21", "R22", "B3", "B4"),
    system="high",
    hands={"hole": 2, "community": 3, "bonus": 4},
    wagers=(
        Wager("ante", "Ante", allowed=(2, 4, 5, 10), required=True),
        Wager("pair_plus", "Pair Plus", 2, 10),
        Wager("six_card_bonus", "6 Card Bonus", 2, 10),
        Wager("flop", "Flop bet", equal_to="ante", multiples=(1, 2, 3), decision=True),
        Wager("turn", "Turn bet", equal_to="ante", multiples=(1, 2, 3), decision=True),
        Wager("river", "River bet", equal_to="ante", multiples=(1, 2, 3), decision=True),
    ),
    caps={2: 1000, 4: 2000, 5: 5000, 10: 5000},
    pay_tables=(
        PayTable("main", "high", "best five of the two hole and three community cards", (
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
        PayTable("pair_plus", "three-card", "the three community cards alone (R21)", (
            PayLine("straight flush", F(40), "straight flush"),
            PayLine("three of a kind", F(30), "three of a kind"),
            PayLine("straight", F(6), "straight"),
            PayLine("flush", F(3), "flush"),
            PayLine("pair", F(1), "pair"),
        )),
        PayTable("six_card_bonus", "high", "best five of the two hole cards and four bonus cards (R21)", (
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

DECLARATIONS: dict[str, BankedDeclaration] = {
    d.key: d for d in (CRAZY4_POKER, THREE_CARD_6BONUS, NH_HOLDEM)
}


# ---- values read off a declaration (the settler and the analysis both use them) ---------------
def system_of(name: str) -> PatternSystem:
    """The pattern (best-``k``-cards poker ranking) behind a declaration's system name.

    A banked game's hands are valued by a pattern alone: no board, no eight-or-better mapping.

    >>> system_of("crazy4").n_classes
    2535
    """
    rs = ranking_system(name)
    if rs.pattern is None or rs.uses_board or rs.eight_or_better:
        raise RankingError(f"a banked game ranks hands by one pattern, as {rs.key} does not; "
                           f"the systems that do: {', '.join(banked_systems())}")
    return rs.pattern


def banked_systems() -> tuple[str, ...]:
    """The ranking systems a banked game may use (one pattern each, no board, no low qualifier).

    >>> "crazy4" in banked_systems() and "low8" not in banked_systems()
    True
    """
    return tuple(k for k, s in RANKING_SYSTEMS.items()
                 if s.pattern is not None and not s.uses_board and not s.eight_or_better)


def qualifier_value(decl: BankedDeclaration) -> int:
    """The smallest value that qualifies the dealer (``0``: no qualifier).

    >>> from gamelib.rankings.three_card import THREE_CARD
    >>> qualifier_value(DECLARATIONS["three-card-6bonus"]) == THREE_CARD.value_of([10, 1, 0], False)
    True
    """
    if decl.qualifier is None:
        return 0
    ranks = [RANK_LETTERS.index(r) for r in decl.qualifier.ranks]
    return system_of(decl.qualifier.system).value_of(ranks, False)


def three_x_value(decl: BankedDeclaration) -> int:
    """The smallest value allowed to make a 3x Play (Crazy 4: a pair of aces), else 0.

    >>> three_x_value(DECLARATIONS["crazy4"]) > 0
    True
    """
    if decl.three_x_minimum is None:
        return 0
    ranks = [RANK_LETTERS.index(r) for r in decl.three_x_minimum]
    return system_of(decl.system).value_of(ranks, False)


@lru_cache(maxsize=64)
def pay_rows(table: PayTable) -> np.ndarray:
    """For every value of the table's system, the index of the pay-table row it hits (-1: none).

    >>> t = DECLARATIONS["three-card-6bonus"].pay_table("pair_plus")
    >>> int(pay_rows(t)[-1])  # the best three-card hand, A-K-Q suited: the mini royal row
    0
    """
    system = system_of(table.system)
    rows = np.full(system.n_classes + 1, -1, np.int16)
    for v in range(1, system.n_classes + 1):
        hc = system.classes[v - 1]
        for i, line in enumerate(table.lines):
            if line.matches(hc.category, hc.ranks[0]):
                rows[v] = i
                break
    return rows
