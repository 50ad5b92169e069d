"""One ``RankingSystem`` object per hand-ranking system, in one registry: ``RANKING_SYSTEMS``.

Everything a caller needs to know about a system is asked of its object, never read off its
name: how it evaluates hands (``evaluate_array``), the words for a value (``describe``), its
categories, its card counts, whether it uses a board, its ace rule, whether the lowest hand
wins, and whether its values are eight-or-better lows. ``system(name)`` looks one up.

>>> s = system("omaha-low8")
>>> s.uses_board, s.hand_sizes, s.board_sizes, s.is_low, s.ace_high, s.eight_or_better
(True, (4, 5), (3, 4, 5), True, False, True)
>>> system("27-low").ace_high, system("badugi").plays_fewer, system("three-card").cards_played
(True, True, 3)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import comb

import numpy as np

from ..errors import RankingError, shown
from .badugi import BADUGI, BADUGI_ACE_HIGH, BadugiSystem
from .core import PatternSystem, rank_word
from .crazy4 import CRAZY4
from .high import HIGH
from .lowball import A5_LOW, DEUCE_SEVEN, describe_low8, low8_from_a5, low8_qualifies_table
from .omaha import BOARD_SIZES, HOLE_SIZES, omaha_high, omaha_low8
from .three_card import THREE_CARD

BoardEvaluator = Callable[[np.ndarray, np.ndarray], np.ndarray]


@dataclass(frozen=True)
class RankingSystem:
    """A hand-ranking system: what it evaluates, how it describes a value, its categories,
    its card counts, whether it uses a board, and its ace rule.

    Exactly one of ``pattern`` (a best-``k``-cards poker pattern) and ``badugi`` is set; a board
    system (Omaha) also has ``with_board``, evaluating exactly two hole cards with exactly three
    board cards, and names in ``plays_as`` the system its five played cards are read in.

    >>> system("high").describe(int(system("high").evaluate_array(np.array([[51, 47, 43, 39, 35]]))[0]))
    'royal flush'
    """

    key: str
    title: str
    summary: str
    hand_sizes: tuple[int, ...]
    deal_size: int  # the system's most common hand: how many cards a dealt example gets
    pattern: PatternSystem | None = None
    badugi: BadugiSystem | None = None
    eight_or_better: bool = False  # values are eight-or-better lows, 0 = no qualifying low (R4)
    with_board: BoardEvaluator | None = None
    plays_as: str = ""

    # --- what a caller asks ------------------------------------------------------------------

    @property
    def uses_board(self) -> bool:
        """Whether a hand is valued with a board (exactly two hole cards and three board cards)."""
        return self.with_board is not None

    @property
    def board_sizes(self) -> tuple[int, ...]:
        """How many board cards a hand may be valued with (none without a board)."""
        return BOARD_SIZES if self.uses_board else ()

    @property
    def cards_played(self) -> int:
        """How many cards make the best hand at most (five in high, four in badugi)."""
        if self.uses_board:
            return 5
        if self.badugi is not None:
            return 4
        return self._pattern.size

    @property
    def plays_fewer(self) -> bool:
        """Whether fewer cards than ``cards_played`` can make a hand (badugi: a three-card badugi)."""
        return self.badugi is not None

    @property
    def ace_high(self) -> bool:
        """The ace rule: True when the ace counts high (a high hand's wheel aside), False when low."""
        if self.badugi is not None:
            return self.badugi.ace_high
        return not self._pattern.ace_low

    @property
    def is_low(self) -> bool:
        """Whether the lowest hand wins (the values are turned so that larger is still better)."""
        return self.badugi is not None or self._pattern.invert

    @property
    def played_in(self) -> str:
        """The system the played cards alone are valued in (Omaha high: ``high``; else itself)."""
        return self.plays_as or self.key

    @property
    def _pattern(self) -> PatternSystem:
        if self.pattern is None:  # pragma: no cover - every non-badugi system has a pattern
            raise RankingError(f"internal: {self.key} has no pattern")
        return self.pattern

    # --- values --------------------------------------------------------------------------------

    def evaluate_array(self, hands: np.ndarray, boards: np.ndarray | None = None) -> np.ndarray:
        """Values of checked hands (an int array ``(hands, cards)``; with one board per hand if
        ``uses_board``). Its callers check the input first: ``gamelib.rankings.evaluate`` (hands
        in any notation) and ``gamelib.rankings.evaluate_together`` (arrays, the odds calculator's
        path)."""
        if self.with_board is not None:
            if boards is None:  # pragma: no cover - evaluate() refuses it first
                raise RankingError(f"the {self.key} system needs the board")
            return self.with_board(hands, boards)
        if self.badugi is not None:
            return self.badugi.evaluate_array(hands)
        values = self._pattern.evaluate_array(hands)
        return low8_from_a5(values) if self.eight_or_better else values

    def describe(self, value: int) -> str:
        """The value in a dealer's words (a checked ``int``)."""
        if self.eight_or_better:
            return describe_low8(value)
        if self.badugi is not None:
            return self.badugi.describe(value)
        return self._pattern.describe(value)

    def category(self, value: int) -> str:
        """The category of a value (a checked ``int``); see ``gamelib.rankings.category``."""
        if self.eight_or_better and value == 0:
            return "no low"
        if self.eight_or_better:
            describe_low8(value)  # refuses an ace-to-five value that is no eight-or-better low
        if self.badugi is not None:
            size, _ = self.badugi.decode(value)
            return f"{size}-card badugi"
        ps = self._pattern
        cls = ps.hand_class(value)
        if ps.invert and cls.category == "high card":
            return f"{rank_word(cls.ranks[0])} low"
        return cls.category

    def categories(self) -> tuple[str, ...]:
        """The categories from the best to the worst."""
        if self.badugi is not None:
            return ("4-card badugi", "3-card badugi", "2-card badugi", "1-card badugi")
        ps = self._pattern
        if not ps.invert:
            return tuple(reversed(ps.categories))
        lows = self.lows()
        if self.eight_or_better:
            return lows + ("no low",)
        # Lowball: after the no-pair lows, the worse the poker hand, the better the low.
        skip = {"high card"} | (set() if ps.straights else {"straight", "straight flush"})
        skip |= set() if ps.flushes else {"flush", "straight flush"}
        return lows + tuple(c for c in ps.categories if c not in skip)

    def lows(self) -> tuple[str, ...]:
        """The categories that are lows, best first: the lowball hands with no pair (and no
        straight or flush where they count), named by their top card; in an eight-or-better system
        only those that qualify. None in a high system or in badugi."""
        if self.badugi is not None or not self._pattern.invert:
            return ()
        lows = tuple(f"{rank_word(r)} low" for r in _low_tops(self._pattern))
        return lows[:4] if self.eight_or_better else lows

    def n_values(self) -> int:
        """How many distinct values the system has."""
        if self.badugi is not None:
            return sum(comb(13, s) for s in range(1, 5))
        if self.eight_or_better:
            return int(low8_qualifies_table().sum())
        return self._pattern.n_classes

    def candidates(self, cards: Sequence[int], board: Sequence[int] = ()) -> list[tuple[int, ...]]:
        """Every set of cards that may be shown as the hand (valued in ``played_in``)."""
        if self.uses_board:
            return [pair + triple for pair in itertools.combinations(cards, 2)
                    for triple in itertools.combinations(board, 3)]
        if self.badugi is not None:
            out: list[tuple[int, ...]] = []
            for size in range(min(4, len(cards)), 0, -1):
                # Only a true badugi (no two cards of a suit or of a rank) may be shown (R10).
                out.extend(
                    c for c in itertools.combinations(cards, size)
                    if len({x & 3 for x in c}) == size and len({x >> 2 for x in c}) == size
                )
            return out
        return list(itertools.combinations(cards, self._pattern.size))


def _low_tops(ps: PatternSystem) -> list[int]:
    """Top-card ranks of no-pair lowball hands, best first (five..king for A-5, seven..ace for 2-7)."""
    return [3, 4, 5, 6, 7, 8, 9, 10, 11] if ps.ace_low else [5, 6, 7, 8, 9, 10, 11, 12]


RANKING_SYSTEMS: dict[str, RankingSystem] = {s.key: s for s in (
    RankingSystem("high", "High poker", "Best five cards; ace high, and low only in A-2-3-4-5.",
                  HIGH.sizes, 7, pattern=HIGH),
    RankingSystem("omaha-high", "Omaha high",
                  "Exactly two hole cards and exactly three board cards, high hand.",
                  HOLE_SIZES, 4, pattern=HIGH, with_board=omaha_high, plays_as="high"),
    RankingSystem("omaha-low8", "Omaha eight-or-better low",
                  "Exactly two hole cards and three board cards, five ranks 8 or lower.",
                  HOLE_SIZES, 4, pattern=A5_LOW, eight_or_better=True, with_board=omaha_low8, plays_as="low8"),
    RankingSystem("a5-low", "Ace-to-five low", "Lowest five cards; ace is low, straights and flushes do not count.",
                  A5_LOW.sizes, 5, pattern=A5_LOW),
    RankingSystem("low8", "Eight-or-better low",
                  "Ace-to-five low that qualifies only with five different ranks of 8 or lower.",
                  A5_LOW.sizes, 5, pattern=A5_LOW, eight_or_better=True),
    RankingSystem("27-low", "Deuce-to-seven low",
                  "Lowest five cards; ace is high, straights and flushes count against.",
                  DEUCE_SEVEN.sizes, 5, pattern=DEUCE_SEVEN),
    RankingSystem("badugi", "Badugi (aces low)",
                  "Most cards of different suits and ranks, then the lowest; ace is low.",
                  BADUGI.sizes, 4, badugi=BADUGI),
    RankingSystem("badugi-ace-high", "Badugi (aces high)", "As badugi, but the ace is the highest (worst) card.",
                  BADUGI_ACE_HIGH.sizes, 4, badugi=BADUGI_ACE_HIGH),
    RankingSystem("crazy4", "Crazy 4 Poker", "Best four of five cards; four-card straights and flushes count.",
                  CRAZY4.sizes, 5, pattern=CRAZY4),
    RankingSystem("three-card", "Three Card Poker", "Three cards; straights beat flushes.",
                  THREE_CARD.sizes, 3, pattern=THREE_CARD),
)}


def system(name: str) -> RankingSystem:
    """The ranking system called ``name``, or a ``RankingError`` listing the systems.

    >>> system("badugi").title
    'Badugi (aces low)'
    >>> system("razz")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.errors.RankingError: unknown ranking system 'razz'; the systems are: high, omaha-high, omaha-low8, a5-low,
    low8, 27-low, badugi, badugi-ace-high, crazy4, three-card
    """
    if not isinstance(name, str) or name not in RANKING_SYSTEMS:
        raise RankingError(f"unknown ranking system {shown(name)}; the systems are: {', '.join(RANKING_SYSTEMS)}")
    return RANKING_SYSTEMS[name]


__all__ = ["RankingSystem", "RANKING_SYSTEMS", "system"]
