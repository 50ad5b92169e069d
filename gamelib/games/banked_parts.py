"""The parts a banked game is declared from: a pay table and its rows, a wager spot (its limits
and how it settles), a hand the game judges, the dealer's qualifier, the steps of a round (cards
shown, decisions made), the declaration ``BankedGame`` itself (which checks that every name it
uses is declared), and the values read off a declaration that the settler and the analysis
share (the dealer's qualifying value, the weakest hand for a multiple, the pay-table row of
every hand value).

A pay table is a list of :class:`PayLine` rows, best hand first; a hand is paid by the first row
it matches. A row names a category of the hand's ranking system and, optionally, the range of
the top rank of the hand (``"A"``-``"A"`` for four aces or a royal flush, ``"6"``-``"T"`` for a
pair of sixes through tens). Pays are :class:`fractions.Fraction` "to 1" multipliers.

The three declarations are in :mod:`gamelib.games.banked`.

>>> PayLine("pair of jacks through aces", Fraction(1), "pair", "J", "A").matches("pair", 12)
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import lru_cache

import numpy as np

from ..amounts import PayLike, exact_pays
from ..errors import GameError, RankingError, shown
from ..rankings import RANKING_SYSTEMS
from ..rankings import system as ranking_system
from ..rankings.core import PatternSystem, rank_word
from .vocabularies import Counting, NotQualified, OnFold, Settles

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
    """A pay table: its key, its name, the judged hand it pays on and its rows, best first.

    What a hand matching no row does is the settling wager's (``Wager.settles``: it loses, or the
    Super Bonus goes to the showdown; a bonus table pays nothing); ``ruling`` is cited where a
    settlement falls through the table.

    >>> from gamelib.games.banked import THREE_CARD_6BONUS
    >>> THREE_CARD_6BONUS.pay_table("pair_plus").pays_for("pair")
    Fraction(1, 1)
    """

    key: str
    name: str
    hand: str
    lines: tuple[PayLine, ...]
    ruling: str = ""

    def pays_for(self, outcome: str) -> Fraction:
        """The multiplier of the row named ``outcome``."""
        for line in self.lines:
            if line.outcome == outcome:
                return line.pays
        raise GameError(f"the {self.key} pay table has no row {shown(outcome)}; rows: "
                        + ", ".join(line.outcome for line in self.lines))

    def lowest_paid(self) -> str:
        """The weakest hand the table pays (or pushes), in words: ``"a pair of queens"``.

        >>> from gamelib.games.banked import CRAZY4_POKER, NH_HOLDEM
        >>> CRAZY4_POKER.pay_table("queens_up").lowest_paid(), NH_HOLDEM.pay_table("main").lowest_paid()
        ('a pair of queens', 'a pair of sixes')
        """
        last = self.lines[-1]
        words = last.category
        if last.low is not None and last.category == "pair":
            words += " of " + rank_word(RANK_LETTERS.index(last.low), plural=True)
        return words if words.split()[0] in ("two", "three", "four") else "a " + words

    def with_pays(self, pays: Mapping[str, PayLike]) -> PayTable:
        """The same table with some rows paying differently (a casino's other approved table).

        A pay is exact (``gamelib.amounts.exact_pays``): a whole number, a ``Fraction``, or a
        decimal or fraction string such as ``"1.2"`` or ``"3/2"``; a binary float only when it
        is exactly the decimal it prints as (``1.5``, not ``1.2``).

        >>> from gamelib.games.banked import THREE_CARD_6BONUS
        >>> t = THREE_CARD_6BONUS.pay_table("pair_plus").with_pays({"pair": 2})
        >>> t.pays_for("pair")
        Fraction(2, 1)
        """
        if not isinstance(pays, Mapping):
            raise GameError(f"new pays are a mapping of row to pays, such as {{'flush': 4}}; not {shown(pays)}")
        known = {line.outcome for line in self.lines}
        unknown = sorted(set(pays) - known, key=repr)
        if unknown:
            raise GameError(f"the {self.key} pay table has no row {', '.join(shown(u, 30) for u in unknown[:3])}; "
                            f"rows: {', '.join(line.outcome for line in self.lines)}")
        new = {k: exact_pays(v, f"the {self.key} {k} row") for k, v in pays.items()}
        lines = tuple(replace(line, pays=new.get(line.outcome, line.pays)) for line in self.lines)
        for line in lines:
            if line.pays < 0:
                raise GameError(f"a pay table row cannot pay less than nothing: {line.outcome} pays {line.pays}")
        return replace(self, lines=lines)


@dataclass(frozen=True)
class HandMinimum:
    """The weakest hand allowed to bet a decision wager at ``multiple`` times its base (Crazy 4:
    a 3x Play needs a pair of aces or better, R19): the hand's ranks, unsuited, and the words.

    >>> from gamelib.games.banked import CRAZY4_POKER
    >>> CRAZY4_POKER.wager("play").needs[0].words
    'a pair of aces or better'
    """

    multiple: int
    ranks: tuple[str, ...]
    words: str
    ruling: str = ""


@dataclass(frozen=True)
class Wager:
    """One betting spot: its limits in whole dollars, how it relates to other spots, and how it
    is settled.

    Limits: ``equal_to``: the amount must equal that wager (R22). ``multiples``: the amount must
    be one of these multiples of ``equal_to`` (Crazy 4 Play 1x or 3x; NH street bets 1x-3x).
    ``allowed``: the only amounts allowed (NH ante $2, $4, $5 or $10). ``required``: must be
    placed for a hand to be dealt. ``decision``: placed after seeing cards (Play, street bets);
    ``0`` is a fold. ``needs``: the weakest hand for a multiple (``HandMinimum``).

    Settlement: ``settles`` (:class:`Settles`) against the dealer or by the pay table ``table``
    (default: the table named like the wager); ``if_not_qualified``: what a wager settled
    against the dealer does when the dealer does not qualify; ``on_fold``: whether folding
    loses the wager or it stands (side bets); ``bonus``: a pay table paid on this wager's amount
    when the player plays (the Three Card Poker Ante Bonus).

    >>> from gamelib.games.banked import DECLARATIONS
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
    settles: Settles = Settles.BY_PAY_TABLE
    table: str | None = None
    if_not_qualified: NotQualified | None = None
    on_fold: OnFold = OnFold.STANDS
    bonus: str | None = None
    needs: tuple[HandMinimum, ...] = ()

    def __post_init__(self) -> None:
        what = f"wager {self.key!r}"
        object.__setattr__(self, "settles", Settles.parse(self.settles, f"{what}: how it settles"))
        object.__setattr__(self, "on_fold", OnFold.parse(self.on_fold, f"{what}: what a fold does"))
        if self.if_not_qualified is not None:
            object.__setattr__(self, "if_not_qualified", NotQualified.parse(
                self.if_not_qualified, f"{what}: what it does when the dealer does not qualify", none="(no dealer)"))
        if self.settles is Settles.AGAINST_DEALER and self.if_not_qualified is None:
            raise GameError(f"{what} settles against the dealer: say what it does when the dealer does not "
                            f"qualify ({NotQualified.words()})")
        if self.allowed is None and self.equal_to is None and (self.minimum is None or self.maximum is None
                                                               or not 0 < self.minimum <= self.maximum):
            raise GameError(f"{what} needs limits: a minimum and maximum (0 < minimum <= maximum), the allowed "
                            "amounts, or the wager it must equal")
        if not self.multiples or any(type(m) is not int or m < 1 for m in self.multiples):
            raise GameError(f"{what}: the multiples are whole numbers from 1, not {shown(self.multiples)}")
        for n in self.needs:
            if n.multiple not in self.multiples:
                raise GameError(f"{what}: a minimum hand for {n.multiple}x, which is not one of its multiples "
                                f"{self.multiples}")

    @property
    def pay_table_key(self) -> str:
        """The pay table that settles this wager (its own name unless ``table`` says otherwise)."""
        return self.table or self.key

    def limits_text(self) -> str:
        """The limits in words, e.g. ``"$2 to $10"``."""
        if self.equal_to:
            m = " or ".join(f"{k}x" for k in self.multiples)
            return f"{m} the {self.equal_to.replace('_', ' ')}"
        if self.allowed:
            return ", ".join(f"${a}" for a in self.allowed[:-1]) + f" or ${self.allowed[-1]}"
        return f"${self.minimum} to ${self.maximum}"


@dataclass(frozen=True)
class JudgedHand:
    """A hand the game judges: the dealt card groups it is made from and its ranking system.

    ``key`` names it in the settlement's hands and in the pay tables; ``words`` says which
    cards make it (shown with its pay tables); ``title`` labels it in a sample round.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> NH_HOLDEM.hand("six card bonus").cards
    ('hole', 'bonus')
    """

    key: str
    cards: tuple[str, ...]
    system: str
    words: str
    title: str


@dataclass(frozen=True)
class Qualifier:
    """The dealer's minimum hand to qualify: the lowest qualifying hand's ranks, unsuited,
    judged as the hand ``hand`` (the dealer's) in its system.

    >>> from gamelib.games.banked import THREE_CARD_6BONUS
    >>> THREE_CARD_6BONUS.qualifier.ranks
    ('Q', '3', '2')
    """

    ranks: tuple[str, ...]
    words: str
    hand: str = "dealer"


@dataclass(frozen=True)
class Reveal:
    """A step of a round: cards ``first`` to ``last`` (not included) of a dealt group are shown;
    ``name`` says which in a dealer's words (``"the flop card"``), where a fold names it.
    """

    cards: str
    first: int
    last: int
    name: str = ""


@dataclass(frozen=True)
class Decide:
    """A step of a round: the player makes the decision wager ``wager``, having seen the card
    groups ``seen`` (what the strategy reads)."""

    wager: str
    seen: tuple[str, ...]


Step = Reveal | Decide


@dataclass(frozen=True)
class BankedGame:
    """Everything one banked game's rules say, as data: the deal, the hands judged, the wagers
    and how each settles, the rounds of cards and decisions, the dealer's qualifier, the pay
    tables and caps, and the counting method of its exact analysis.

    ``deal``: the card groups dealt, and how many cards each. ``main_hand``: the player's hand
    (the game's ranking is its system). ``caps``: the most paid on the winning wagers of one
    hand, by the amount of the wager ``cap_on`` (R21, B3). ``fold_rulings`` / ``cap_rulings``:
    the rulings a settlement cites for a fold and a cap.

    A declaration checks itself when it is built: every name it uses refers to something it
    declares, and every word is one of its vocabulary.
    """

    key: str
    title: str
    filing: str
    rulings: tuple[str, ...]
    deal: dict[str, int]
    hands: tuple[JudgedHand, ...]
    wagers: tuple[Wager, ...]
    pay_tables: tuple[PayTable, ...]
    rounds: tuple[Step, ...]
    counting: Counting
    main_hand: str = "player"
    qualifier: Qualifier | None = None
    caps: dict[int, int] = field(default_factory=dict)
    cap_on: str = "ante"
    cap_rulings: tuple[str, ...] = ()
    fold_rulings: tuple[str, ...] = ()
    at_least_one_of: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "counting", Counting.parse(self.counting, f"{self.key}: the counting method"))
        _check_declaration(self)

    @property
    def system(self) -> str:
        """The game's ranking: the system of the player's hand."""
        return self.hand(self.main_hand).system

    @property
    def decisions(self) -> tuple[Decide, ...]:
        """The decisions of a round, in order."""
        return tuple(s for s in self.rounds if isinstance(s, Decide))

    def wager(self, key: str) -> Wager:
        """The wager spot called ``key``."""
        for w in self.wagers:
            if w.key == key:
                return w
        raise GameError(f"{self.title} has no wager {shown(key)}; "
                        f"its wagers are: {', '.join(w.key for w in self.wagers)}")

    def hand(self, key: str) -> JudgedHand:
        """The judged hand called ``key``."""
        for h in self.hands:
            if h.key == key:
                return h
        raise GameError(f"{self.title} judges no hand {shown(key)}; "
                        f"its hands are: {', '.join(h.key for h in self.hands)}")

    def pay_table(self, key: str) -> PayTable:
        """The pay table called ``key``.

        >>> from gamelib.games.banked import NH_HOLDEM
        >>> NH_HOLDEM.pay_table("main").pays_for("royal flush")
        Fraction(250, 1)
        """
        for t in self.pay_tables:
            if t.key == key:
                return t
        raise GameError(f"{self.title} has no pay table {shown(key)}; tables: "
                        + ", ".join(t.key for t in self.pay_tables))

    def table_system(self, table: PayTable) -> str:
        """The ranking system a pay table's hand is judged in."""
        return self.hand(table.hand).system

    def with_pay_table(self, key: str, pays: Mapping[str, PayLike]) -> BankedGame:
        """The same declaration with one pay table's rows paying differently."""
        new = self.pay_table(key).with_pays(pays)
        return replace(self, pay_tables=tuple(new if t.key == key else t for t in self.pay_tables))


def _check_declaration(d: BankedGame) -> None:
    """Refuse a declaration that names something it does not declare (a clear GameError)."""
    def refuse(what: str) -> None:
        raise GameError(f"banked game {d.key!r}: {what}")

    for h in d.hands:
        for g in h.cards:
            if g not in d.deal:
                refuse(f"hand {h.key!r} is made of {g!r} cards, which are not dealt (dealt: {', '.join(d.deal)})")
        if h.system not in banked_systems():
            refuse(f"hand {h.key!r} is ranked by {h.system!r}; a banked hand is ranked by one of: "
                   f"{', '.join(banked_systems())}")
    keys = {h.key for h in d.hands}
    if d.main_hand not in keys:
        refuse(f"the player's hand {d.main_hand!r} is not one of its hands ({', '.join(keys)})")
    tables = {t.key for t in d.pay_tables}
    for t in d.pay_tables:
        if t.hand not in keys:
            refuse(f"pay table {t.key!r} pays on hand {t.hand!r}, which it does not judge ({', '.join(keys)})")
    wagers = {w.key for w in d.wagers}
    for w in d.wagers:
        if w.equal_to is not None and w.equal_to not in wagers:
            refuse(f"wager {w.key!r} equals {w.equal_to!r}, which is not a wager")
        if w.settles is not Settles.AGAINST_DEALER and w.pay_table_key not in tables:
            refuse(f"wager {w.key!r} settles by pay table {w.pay_table_key!r}, which is not declared "
                   f"({', '.join(sorted(tables))})")
        if w.bonus is not None and w.bonus not in tables:
            refuse(f"wager {w.key!r} carries the bonus table {w.bonus!r}, which is not declared")
        if w.settles is not Settles.BY_PAY_TABLE and d.qualifier is None:
            refuse(f"wager {w.key!r} settles against the dealer, but no dealer's qualifier is declared")
    if d.qualifier is not None and d.qualifier.hand not in keys:
        refuse(f"the qualifier judges hand {d.qualifier.hand!r}, which it does not judge")
    decided = [s.wager for s in d.rounds if isinstance(s, Decide)]
    for s in d.rounds:
        if isinstance(s, Reveal):
            if s.cards not in d.deal or not 0 <= s.first < s.last <= d.deal[s.cards]:
                refuse(f"a round shows cards {s.first}:{s.last} of {s.cards!r}; dealt: {d.deal}")
        elif s.wager not in wagers or not d.wager(s.wager).decision:
            refuse(f"a round decides {s.wager!r}, which is not a decision wager")
        elif not set(s.seen) <= set(d.deal):
            refuse(f"the {s.wager} decision reads {s.seen}, not all dealt")
    missing = [w.key for w in d.wagers if w.decision and w.key not in decided]
    if missing:
        refuse(f"no round decides the decision wager(s) {', '.join(missing)}")
    if d.caps:
        if d.cap_on not in wagers:
            refuse(f"the caps are by the {d.cap_on!r} wager, which is not a wager")
        on = d.wager(d.cap_on)
        amounts = on.allowed or tuple(range(on.minimum or 0, (on.maximum or -1) + 1))
        if set(d.caps) != set(amounts):
            refuse(f"the caps name {sorted(d.caps)} for the {d.cap_on}, whose amounts are {list(amounts)}: "
                   "one cap for each")
    for k in d.at_least_one_of:
        if k not in wagers:
            refuse(f"at least one of {d.at_least_one_of} names {k!r}, which is not a wager")


# ---- values read off a declaration (the settler and the analysis both use them) ---------------
def system_of(name: str) -> PatternSystem:
    """The pattern (best-``k``-cards poker ranking) behind a ranking system's name.

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


def _ranks_value(system: str, ranks: tuple[str, ...]) -> int:
    return system_of(system).value_of([RANK_LETTERS.index(r) for r in ranks], False)


def dealer_qualifying_value(decl: BankedGame) -> int:
    """The smallest value of the dealer's hand that qualifies (``0``: no qualifier).

    >>> from gamelib.rankings.three_card import THREE_CARD
    >>> from gamelib.games.banked import DECLARATIONS
    >>> dealer_qualifying_value(DECLARATIONS["three-card-6bonus"]) == THREE_CARD.value_of([10, 1, 0], False)
    True
    """
    if decl.qualifier is None:
        return 0
    return _ranks_value(decl.hand(decl.qualifier.hand).system, decl.qualifier.ranks)


def minimum_value(decl: BankedGame, needs: HandMinimum) -> int:
    """The smallest value of the player's hand allowed to bet ``needs.multiple`` times.

    >>> from gamelib.games.banked import CRAZY4_POKER
    >>> minimum_value(CRAZY4_POKER, CRAZY4_POKER.wager("play").needs[0]) > 0
    True
    """
    return _ranks_value(decl.system, needs.ranks)


@lru_cache(maxsize=64)
def pay_rows(table: PayTable, system: str) -> np.ndarray:
    """For every value of ``system``, the index of the pay-table row it hits (-1: none).

    >>> from gamelib.games.banked import DECLARATIONS
    >>> t = DECLARATIONS["three-card-6bonus"].pay_table("pair_plus")
    >>> int(pay_rows(t, "three-card")[-1])  # the best three-card hand, A-K-Q suited: the mini royal row
    0
    """
    pattern = system_of(system)
    rows = np.full(pattern.n_classes + 1, -1, np.int16)
    for v in range(1, pattern.n_classes + 1):
        hc = pattern.classes[v - 1]
        for i, line in enumerate(table.lines):
            if line.matches(hc.category, hc.ranks[0]):
                rows[v] = i
                break
    return rows


def table_rows(decl: BankedGame, key: str) -> np.ndarray:
    """``pay_rows`` of the declaration's pay table ``key``, in the system of the hand it pays on.

    >>> from gamelib.games.banked import DECLARATIONS
    >>> int(table_rows(DECLARATIONS["crazy4"], "super_bonus")[-1])  # four aces
    0
    """
    table = decl.pay_table(key)
    return pay_rows(table, decl.table_system(table))


__all__ = [
    "RANK_LETTERS", "PayLine", "PayTable", "HandMinimum", "Wager", "JudgedHand", "Qualifier", "Reveal", "Decide",
    "Step", "BankedGame", "system_of", "banked_systems", "dealer_qualifying_value", "minimum_value", "pay_rows",
    "table_rows",
]
