"""The New Hampshire Hold'em strategy the exact analysis derives: the fold / 1x / 2x / 3x play
at each street for every situation, with the exact value of every option, the tie rule (R23)
and a summary in words. :func:`gamelib.analysis.banked.nh.analyze_nh` builds it.

>>> STREETS, OPTIONS, W3, W4, W5
(('flop', 'turn', 'river'), ('fold', '1x', '2x', '3x'), (2, 3, 4), (3, 4, 5, 6, 7), (4, 5, 6, 7, 8, 9, 10))
"""

from __future__ import annotations

import numbers
from dataclasses import dataclass
from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, overload

import numpy as np

from ...cards import CardsLike, format_cards, parse_cards
from ...combinatorics import colex_index, combinations_array
from ...errors import GameError
from ...games.banked import NH_HOLDEM
from .rules import decide

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

ORDERED_DEALS = comb(52, 2) * 50 * 49 * 48
#: The street bets as the declaration has them (R21): the decisions, in order, and the multiples
#: of the ante each may be. The counting method is written for these (``analyze_nh`` refuses a
#: declaration whose street bets differ).
STREETS: tuple[str, ...] = tuple(d.wager for d in NH_HOLDEM.decisions)
BETS: tuple[int, ...] = NH_HOLDEM.wager(STREETS[0]).multiples
OPTIONS: tuple[str, ...] = ("fold",) + tuple(f"{b}x" for b in BETS)
#: Units of the ante that can be in before the turn decision, before the river decision, and at
#: the showdown (the ante, then one bet per street played).
W3: tuple[int, ...] = tuple(sorted({1 + a for a in BETS}))
W4: tuple[int, ...] = tuple(sorted({1 + a + b for a in BETS for b in BETS}))
W5: tuple[int, ...] = tuple(sorted({1 + a + b + c for a in BETS for b in BETS for c in BETS}))


def _is_units(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def _seen_cards(hole: CardsLike, community: CardsLike | None) -> tuple[list[int], list[int]]:
    """The hole cards and the community cards seen so far (none, one or two), checked."""
    h = parse_cards(hole, n=2, what="hole cards")
    empty = community is None or (isinstance(community, str) and not community.strip())
    c = [] if empty else parse_cards(community, what="community cards")  # type: ignore[arg-type]
    if len(c) > 2:
        raise GameError(f"the last decision comes before the river card: give at most two community cards, "
                        f"not {len(c)} ({format_cards(c)})")
    parse_cards(h + c, what="hole and community cards")  # no card twice
    return h, c


class _BySet:
    """An array of :class:`NHStrategy` over sets in colex order: its array over suit classes (the
    same name with ``_c``) read through ``inv`` (the name of the class-of-each-set array), made
    when first read and kept on the instance."""

    def __init__(self, inv: str, doc: str) -> None:
        self.inv = inv
        self.__doc__ = doc

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, obj: None, objtype: type | None = None) -> _BySet: ...
    @overload
    def __get__(self, obj: NHStrategy, objtype: type | None = None) -> np.ndarray: ...

    def __get__(self, obj: NHStrategy | None, objtype: type | None = None) -> _BySet | np.ndarray:
        if obj is None:
            return self
        out: np.ndarray = getattr(obj, self.name + "_c")[getattr(obj, self.inv)]
        obj.__dict__[self.name] = out  # no __set__: the instance's copy is read from now on
        return out


@dataclass
class NHStrategy:
    """The derived fold / 1x / 2x / 3x strategy at each street, for every situation.

    It is held over suit classes (:mod:`gamelib.analysis.banked.nh_classes`: two sets that differ
    by a renaming of suits are played alike and have the same values): ``flop_c[c]``,
    ``turn_c[c, w]``, ``river_c[c, w]`` for the class ``c`` of the cards seen and ``W3[w]`` /
    ``W4[w]`` units wagered (0 = fold), ``ev_*_c`` the exact values of playing on optimally,
    ``opt_flop_c`` / ``opt_turn_c`` the exact value of each option (fold, 1x, 2x, 3x), all in units
    of the ante scaled by ``scale`` (flop), ``scale // 50`` (turn) and ``scale // (50 * 49)``
    (river); ``river_pay_c`` is the sum over the 48 river cards of the pay per unit (scale
    ``scale // (50 * 49)``); ``wagered_flop_c`` each starting hand's expected total wagered times
    ``50 * 49``. ``inv2`` / ``inv3`` / ``inv4`` give the class of every 2-, 3- and 4-card set in
    colex order. The same arrays by set are the properties without ``_c`` (``flop[i]`` for hole
    pair ``i``, ``turn[i, w]``, ``river[i, w]``, ``ev_*``, ``opt_flop``, ``opt_turn``,
    :attr:`opt_river`, ``river_pay``, ``wagered_flop``), made when first read.
    ``ties`` tells, street by street, where two best options were exactly equal.
    """

    flop_c: np.ndarray
    turn_c: np.ndarray
    river_c: np.ndarray
    ev_flop_c: np.ndarray
    ev_turn_c: np.ndarray
    ev_river_c: np.ndarray
    opt_flop_c: np.ndarray
    opt_turn_c: np.ndarray
    river_pay_c: np.ndarray
    wagered_flop_c: np.ndarray
    inv2: np.ndarray
    inv3: np.ndarray
    inv4: np.ndarray
    scale: int
    ties: pd.DataFrame
    tie_rule: str = "less"
    #: The choices at each street.
    CHOICES = OPTIONS

    # ---- the arrays by set (colex order), made from the classes when first read ---------------
    flop = _BySet("inv2", "The choice before the flop card for each hole pair.")
    turn = _BySet("inv3", "The choice before the turn card, ``[3-card set, W3 index]``.")
    river = _BySet("inv4", "The choice before the river card, ``[4-card set, W4 index]``.")
    ev_flop = _BySet("inv2", "The value of each hole pair played optimally (scale ``scale``).")
    ev_turn = _BySet("inv3", "The value before the turn card, ``[3-card set, W3 index]`` (scale ``scale // 50``).")
    ev_river = _BySet("inv4", "The value before the river card, ``[4-card set, W4 index]`` "
                              "(scale ``scale // (50 * 49)``).")
    opt_flop = _BySet("inv2", "The value of each option before the flop card, ``[hole pair, option]``.")
    opt_turn = _BySet("inv3", "The value of each option before the turn card, ``[3-card set, W3 index, option]``.")
    river_pay = _BySet("inv4", "The sum over the 48 river cards of the pay per unit, per 4-card set.")
    wagered_flop = _BySet("inv2", "Each hole pair's expected total wagered, times ``50 * 49``.")

    @property
    def opt_river(self) -> np.ndarray:
        """The value of each option before the river card, ``[4-card set, W4 index, option]``."""
        return self._opt_river(self.river_pay)

    def _opt_river(self, river_pay: np.ndarray) -> np.ndarray:
        s = self.scale // (50 * 49)
        w = np.array(W4, np.int64)[None, :, None]
        b = np.arange(4, dtype=np.int64)[None, None, :]
        return np.where(b == 0, -w * s, river_pay[:, None, None] * (w + b))

    def _class_of(self, cards: list[int]) -> int:
        """The suit class of a set of 2, 3 or 4 cards."""
        inv = {2: self.inv2, 3: self.inv3, 4: self.inv4}[len(cards)]
        return int(inv[int(colex_index(np.array([sorted(cards)]))[0])])

    # ---- one situation: the cards seen and the units already wagered -------------------------
    def _situation(self, hole: CardsLike, community: CardsLike | None, wagered: int | None) -> tuple[int, int, int]:
        """(street 0/1/2, the suit class of the cards seen, units wagered), checked."""
        h, c = _seen_cards(hole, community)
        cards = sorted(h + c)
        street = len(c)
        allowed = (1,) if street == 0 else (W3 if street == 1 else W4)
        if wagered is None:
            wagered, folded = self._walk(h, c)
            if wagered is None:
                raise GameError(
                    f"the strategy folds before this point ({format_cards(h)} is folded before the "
                    f"{STREETS[folded]} card); give the units already wagered, ante included: "
                    f"{allowed[0]} to {allowed[-1]} before the {STREETS[street]} card")
        if not _is_units(wagered) or int(wagered) not in allowed:
            shown = repr(wagered) if not _is_units(wagered) else str(int(wagered))
            if street == 0:
                raise GameError(f"before the flop card only the ante is wagered (1 unit), not {shown} units")
            raise GameError(f"before the {STREETS[street]} card {allowed[0]} to {allowed[-1]} units of the ante are "
                            f"wagered in all (the ante and 1x to 3x on each street so far), not {shown} units")
        return street, self._class_of(cards), int(wagered)

    def path_wagered(self, hole: CardsLike, community: CardsLike = ()) -> int | None:
        """Units of ante this strategy itself would have wagered before the next decision (``None``
        if it would have folded on the way).

        >>> from gamelib.analysis.banked.nh import get_nh_strategy
        >>> s = get_nh_strategy()
        >>> s.path_wagered("As Ad", "2c"), s.path_wagered("8s 3h", "2c")
        (4, None)
        """
        return self._walk(*_seen_cards(hole, community))[0]

    def _walk(self, h: list[int], c: list[int]) -> tuple[int | None, int]:
        """The strategy played along the cards seen: (the units of ante in before the next
        decision, the number of decisions made), or (``None``, the decision it folds at)."""
        w = 1
        for i in range(len(c)):
            idx = self._class_of(h + c[:i])
            act = int(self.flop_c[idx]) if i == 0 else int(self.turn_c[idx, W3.index(w)])
            if act == 0:
                return None, i
            w += act
        return w, len(c)

    def options(self, hole: CardsLike, community: CardsLike = (), wagered: int | None = None) -> dict[str, Fraction]:
        """The exact expected result (units of the ante, before the payout cap) of folding and of
        each bet before the next community card, with ``wagered`` units already bet (ante
        included; default: what this strategy would have bet on the way), best play afterwards.

        >>> from gamelib.analysis.banked.nh import get_nh_strategy
        >>> v = get_nh_strategy().options("7s 2d", "7h 7c", 3)
        >>> v["fold"], v["3x"]
        (Fraction(-3, 1), Fraction(93, 4))
        """
        street, idx, w = self._situation(hole, community, wagered)
        if street == 0:
            row, scale = self.opt_flop_c[idx], self.scale
        elif street == 1:
            row, scale = self.opt_turn_c[idx, W3.index(w)], self.scale // 50
        else:
            row, scale = self._opt_river(self.river_pay_c[idx:idx + 1])[0, W4.index(w)], self.scale // (50 * 49)
        return {name: Fraction(int(v), scale) for name, v in zip(OPTIONS, row, strict=True)}

    @staticmethod
    def wagered_amounts(street: int) -> tuple[int, ...]:
        """The units of ante that can be in before decision ``street`` (0 flop, 1 turn, 2 river).

        >>> NHStrategy.wagered_amounts(1)
        (2, 3, 4)
        """
        return ((1,), W3, W4)[street]

    def expected_values(self, hole: CardsLike, community: CardsLike = ()) -> dict[str, Fraction]:
        """``options`` with what the strategy itself bet on the way: the expected result of
        each choice at the decision the cards seen lead to (the one-decision games' name)."""
        return self.options(hole, community)

    def value(self, hole: CardsLike, community: CardsLike = (), wagered: int | None = None) -> Fraction:
        """The exact expected result (units of ante, counting what is already wagered as lost
        if the player folds) of a decision point played optimally from here on.

        ``wagered`` is 1 before the flop card, one of ``W3`` before the turn, ``W4`` before the river
        (default: what this strategy would have bet on the way):

        >>> W3, W4
        ((2, 3, 4), (3, 4, 5, 6, 7))
        """
        street, idx, w = self._situation(hole, community, wagered)
        if street == 0:
            return Fraction(int(self.ev_flop_c[idx]), self.scale)
        if street == 1:
            return Fraction(int(self.ev_turn_c[idx, W3.index(w)]), self.scale // 50)
        return Fraction(int(self.ev_river_c[idx, W4.index(w)]), self.scale // (50 * 49))

    def play_for(self, hole: CardsLike, community: CardsLike = (), wagered: int | None = None) -> str:
        """The right play before the next community card, ``"fold"``, ``"1x"``, ``"2x"`` or
        ``"3x"``, for the situation given: the cards seen and ``wagered`` units of ante already
        bet, ante included (default: what this strategy would have bet on the way; refused if it
        would have folded earlier). Exactly equal choices go to the one that risks less (R23).

        >>> from gamelib.analysis.banked.nh import get_nh_strategy
        >>> s = get_nh_strategy()
        >>> s.play_for("7s 2d"), s.play_for("7s 2d", "7h 7c", wagered=3)
        ('fold', '3x')
        """
        street, idx, w = self._situation(hole, community, wagered)
        if street == 0:
            act = int(self.flop_c[idx])
        elif street == 1:
            act = int(self.turn_c[idx, W3.index(w)])
        else:
            act = int(self.river_c[idx, W4.index(w)])
        return OPTIONS[act]

    def expected_value(self, hole: CardsLike) -> Fraction:
        """The exact expected result (units of ante) of a starting hand played optimally."""
        h = sorted(parse_cards(hole, n=2, what="hole cards"))
        return Fraction(int(self.ev_flop_c[self._class_of(h)]), self.scale)

    def expected_wagered(self, hole: CardsLike) -> Fraction:
        """The average total wagered on the main game (units of ante, ante included) by a starting
        hand played this way.

        >>> from gamelib.analysis.banked.nh import get_nh_strategy
        >>> get_nh_strategy().expected_wagered("7c 2d")
        Fraction(1, 1)
        """
        h = sorted(parse_cards(hole, n=2, what="hole cards"))
        return Fraction(int(self.wagered_flop_c[self._class_of(h)]), 50 * 49)

    def tie_examples(self, n: int = 3) -> list[tuple[str, str, int]]:
        """Up to ``n`` situations ``(hole, community, wagered)`` where two best options are exactly
        equal, one per street and kind first (for tests and examples)."""
        found: list[tuple[str, str, int]] = []
        kinds: set[tuple[int, int]] = set()
        for street, opts, sizes, n_cards in ((2, self.opt_river, W4, 4), (1, self.opt_turn, W3, 3),
                                             (0, self.opt_flop[:, None, :], (1,), 2)):
            _, first, tied = decide(opts)  # R23: of the tied options, the first (the one that risks less)
            for i, j in zip(*np.nonzero(tied), strict=True):
                if len(found) >= n:
                    return found
                if (street, int(first[i, j])) in kinds:
                    continue
                kinds.add((street, int(first[i, j])))
                cards = combinations_array(52, n_cards)[i]
                found.append((format_cards(list(cards[:2])), format_cards(list(cards[2:])), int(sizes[j])))
        return found

    def summary(self) -> str:
        """The strategy in plain words, derived from the decisions."""
        groups: dict[int, list[str]] = {0: [], 1: [], 2: [], 3: []}
        ranks = "23456789TJQKA"
        for hi in range(12, -1, -1):
            for lo in range(hi, -1, -1):
                for suited in ((False,) if hi == lo else (True, False)):
                    a, b = hi * 4 + 3, lo * 4 + (3 if suited else 2)
                    idx = int(colex_index(np.array([sorted([a, b])]))[0])
                    name = ranks[hi] + ranks[lo] + ("" if hi == lo else ("s" if suited else "o"))
                    groups[int(self.flop[idx])].append(name)
        lines = ["Before the flop card (by starting hand):"]
        for act, label in ((3, "bet 3x"), (2, "bet 2x"), (1, "bet 1x"), (0, "fold")):
            if groups[act]:
                lines.append(f"  {label} ({len(groups[act])} of 169): {' '.join(groups[act])}")
        for name, actions, sizes, n in (("turn", self.turn, W3, 3), ("river", self.river, W4, 4)):
            lines.append(f"Before the {name} card ({n} cards seen), by the cards held "
                         f"(share of such {n}-card sets, over {sizes[0]}-{sizes[-1]} units already bet):")
            groups_of = card_groups(n)
            for label, mask in groups_of:
                acts = actions[mask].ravel()
                if acts.size == 0:
                    continue
                shares = np.bincount(acts, minlength=4) / acts.size
                parts = [f"{'fold' if a == 0 else f'{a}x'} {shares[a]:.0%}" for a in (3, 2, 1, 0) if shares[a] >= 0.005]
                lines.append(f"  {label}: {', '.join(parts)}")
        counts = np.bincount(np.concatenate([self.flop.ravel(), self.turn.ravel(), self.river.ravel()]), minlength=4)
        lines.append(
            f"A 2x bet is the play at {int(counts[2]):,} of the {int(counts.sum()):,} decision points (cards seen "
            "and units already bet). Before the river card a bet's value changes in a straight line with its "
            "size; before the flop and turn cards it follows a curve that bends upward (each later choice "
            "takes the best of several straight lines), so 2x is never worth more than both 1x and 3x.")
        tied = self.ties.loc[self.ties["decision"] == "all"].iloc[0]
        if tied["decision points"]:
            lines.append(
                f"Exactly equal choices ({int(tied['decision points']):,} decision points, met on "
                f"{int(tied['ordered deals']):,} of {ORDERED_DEALS:,} ordered deals): "
                + ("the play that risks less is taken (R23)." if self.tie_rule == "less"
                   else "the larger wager is taken (not R23; for comparison only)."))
        else:
            lines.append("No two choices are ever worth exactly the same, so the tie rule (R23) changes nothing.")
        return "\n".join(lines)


def card_groups(n: int) -> list[tuple[str, np.ndarray]]:
    """Plain-words groups of all ``n``-card sets (3 or 4) in colex order, for strategy summaries.

    >>> [label for label, _ in card_groups(3)][:2]
    ['three of a kind', 'pair of jacks or better']
    """
    sets = combinations_array(52, n).astype(np.int64)
    ranks, suits = sets >> 2, sets & 3
    counts = np.stack([(ranks == r).sum(axis=1) for r in range(13)], axis=1)
    most = counts.max(axis=1)
    pairs = (counts == 2).sum(axis=1)
    pair_rank = np.where(counts == 2, np.arange(13), -1).max(axis=1)
    suited = np.stack([(suits == t).sum(axis=1) for t in range(4)], axis=1).max(axis=1) == n
    low = np.where(ranks == 12, -1, ranks)  # the ace also plays low in a straight
    span = np.minimum(ranks.max(axis=1) - ranks.min(axis=1), low.max(axis=1) - low.min(axis=1))
    nopair = most == 1
    groups = [
        ("four of a kind", most == 4),
        ("three of a kind", most == 3),
        ("two pair", pairs == 2),
        ("pair of jacks or better", (most == 2) & (pairs == 1) & (pair_rank >= 9)),
        ("pair of sixes through tens", (most == 2) & (pairs == 1) & (pair_rank >= 4) & (pair_rank <= 8)),
        ("pair of fives or lower", (most == 2) & (pairs == 1) & (pair_rank <= 3)),
        (f"no pair, {n} suited cards within a straight's span", nopair & suited & (span <= 4)),
        (f"no pair, {n} suited cards", nopair & suited & (span > 4)),
        (f"no pair, {n} cards within a straight's span", nopair & ~suited & (span <= 4)),
        ("no pair, ace high", nopair & ~suited & (span > 4) & (ranks.max(axis=1) == 12)),
        ("no pair, other", nopair & ~suited & (span > 4) & (ranks.max(axis=1) < 12)),
    ]
    return [(label, mask) for label, mask in groups if mask.any()]
