"""The Crazy 4 hands where card removal decides, as a strategy card lists them.

The optimal strategy (:class:`~gamelib.analysis.banked.crazy4.Crazy4Strategy`) folds every
hand below one value and plays every hand from another up; in between (the **band**), two hands
of the same ranks can be worth different amounts, because their suits block different dealer
hands. :func:`card_removal_band` lists every hand of the band, grouped as a strategy card would:
by its five ranks, then by how its suits match up (which cards share a suit), with the play the
strategy makes for it. :func:`band_text` prints that list, one block per five ranks.

A suit pattern is written with the cards that share a suit in brackets; every other card has a
suit of its own: ``(K Q) 8 4 3`` is a king and a queen of one suit and the other three of three
other suits (24 hands, one for each way to give out the suits).

>>> from gamelib import get_game
>>> from gamelib.analysis.banked import strategy_of
>>> band = card_removal_band(strategy_of(get_game("crazy4")))
>>> int(band["hands"].sum()), int(band.loc[band["play"] == "1x", "hands"].sum())
(6720, 2496)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

import numpy as np

from ...cards import RANKS, format_cards, make_card

if TYPE_CHECKING:
    import pandas as pd
else:
    from gamelib.lazy import pandas as pd

#: The suit patterns in the order a strategy card lists them: one suited pair, two suited
#: pairs, three of a suit, three and two (by the sizes of the groups of cards sharing a suit).
SHAPES = ((2, 1, 1, 1), (2, 2, 1), (3, 1, 1), (3, 2))


class BandStrategy(Protocol):
    """What :func:`card_removal_band` reads of a strategy, by suit class: its key (the suit class),
    how many hands it stands for, its value and its play (0 fold, else the multiple). A
    :class:`~gamelib.analysis.banked.crazy4.Crazy4Strategy` is one (that module imports this one,
    so the class is not named here)."""

    @property
    def keys(self) -> np.ndarray: ...

    @property
    def weights(self) -> np.ndarray: ...

    @property
    def values(self) -> np.ndarray: ...

    @property
    def decision(self) -> np.ndarray: ...


def band_bounds(values: np.ndarray, decision: np.ndarray) -> tuple[int, int] | None:
    """The band where card removal decides: ``(lowest, always)``, the lowest value any hand is
    played with and the value from which every hand is played; ``None`` when one value divides
    the folds from the plays.

    >>> band_bounds(np.array([1, 2, 2, 3]), np.array([0, 1, 0, 1]))
    (2, 3)
    >>> band_bounds(np.array([1, 2, 3]), np.array([0, 1, 1])) is None
    True
    """
    played = decision > 0
    if not played.any() or played.all():
        return None
    lowest, always = int(values[played].min()), int(values[~played].max()) + 1
    return (lowest, always) if lowest < always else None


def suit_groups(key: int) -> list[list[int]]:
    """The rank indexes (0 = deuce .. 12 = ace) of each suit of a hand, from its suit-class key
    (:func:`~gamelib.analysis.banked.enumeration.canonical_keys`), highest ranks first, the
    largest group first.

    >>> from gamelib.analysis.banked.enumeration import canonical_keys
    >>> from gamelib.cards import parse_cards
    >>> suit_groups(int(canonical_keys(np.array([sorted(parse_cards("Ks Qs 8h 4d 3c"))]))[0]))
    [[11, 10], [6], [2], [1]]
    """
    groups = []
    for s in range(4):
        mask = (key >> (13 * s)) & 0x1FFF
        ranks = [r for r in range(12, -1, -1) if mask >> r & 1]
        if ranks:
            groups.append(ranks)
    return sorted(groups, key=lambda g: (-len(g), [-r for r in g]))


def suit_pattern(groups: list[list[int]]) -> str:
    """A hand's suit pattern: the cards that share a suit in brackets, the others after them.

    >>> suit_pattern([[11, 10], [6], [2], [1]]), suit_pattern([[11, 10, 6], [2, 1]])
    ('(K Q) 8 4 3', '(K Q 8) (4 3)')
    """
    shared = [g for g in groups if len(g) > 1]
    alone = sorted((g[0] for g in groups if len(g) == 1), reverse=True)
    return " ".join([*("(" + " ".join(RANKS[r] for r in g) + ")" for g in shared), *(RANKS[r] for r in alone)])


def card_removal_band(strategy: BandStrategy) -> pd.DataFrame:
    """Every hand of the band of a Crazy 4 strategy, by suit class: its ranks (``K-Q-8-4-3``),
    its suit pattern (:func:`suit_pattern`), one example with suits, how many of the 2,598,960
    hands it stands for, and the play (``"1x"`` or ``"fold"``), highest ranks first, then in the
    order of :data:`SHAPES`. Empty when there is no band.

    >>> from gamelib import get_game
    >>> from gamelib.analysis.banked import strategy_of
    >>> row = card_removal_band(strategy_of(get_game("crazy4"))).iloc[0]
    >>> row.ranks, row.suits, row.example, int(row.hands), row.play
    ('K-Q-8-4-3', '(K Q) 8 4 3', 'K♠ Q♠ 8♥ 4♦ 3♣', 24, '1x')
    """
    bounds = band_bounds(strategy.values, strategy.decision)
    columns = ["ranks", "suits", "example", "hands", "play"]
    if bounds is None:
        return pd.DataFrame(columns=columns)
    rows = []
    for i in np.nonzero((strategy.values >= bounds[0]) & (strategy.values < bounds[1]))[0]:
        groups = suit_groups(int(strategy.keys[i]))
        ranks = sorted((r for g in groups for r in g), reverse=True)
        cards = [make_card(r, 3 - s) for s, g in enumerate(groups) for r in g]
        shape = tuple(len(g) for g in groups)
        rows.append(((tuple(-r for r in ranks), SHAPES.index(shape) if shape in SHAPES else len(SHAPES),
                      [[-r for r in g] for g in groups]),
                     ["-".join(RANKS[r] for r in ranks), suit_pattern(groups), format_cards(cards, symbols=True),
                      int(strategy.weights[i]),
                      "fold" if strategy.decision[i] == 0 else f"{int(strategy.decision[i])}x"]))
    rows.sort(key=lambda r: r[0])
    return pd.DataFrame([r[1] for r in rows], columns=columns)


def band_text(band: pd.DataFrame, width: int = 96) -> str:
    """The band as a strategy card in plain text: for each five ranks, how many hands, then the
    suit patterns played 1x and those folded (``all suit patterns`` when they all go one way).

    >>> print(band_text(pd.DataFrame({"ranks": ["K-Q-8-3-2"] * 2, "suits": ["(K Q) 8 3 2", "(Q 8) K 3 2"],
    ...                                "example": ["", ""], "hands": [24, 24], "play": ["fold", "fold"]})))
    K-Q-8-3-2 (48 hands): fold all suit patterns
    """
    lines = []
    for ranks, rows in band.groupby("ranks", sort=False):
        plays = {p: rows[rows["play"] == p] for p in dict.fromkeys(rows["play"])}
        total = f"{int(rows['hands'].sum()):,} hands"
        if len(plays) == 1:
            (play, _), = plays.items()
            lines.append(f"{ranks} ({total}): {'play ' + play if play != 'fold' else 'fold'} all suit patterns")
            continue
        counts = ", ".join(f"{'play ' + p if p != 'fold' else 'fold'} {int(r['hands'].sum()):,}"
                           for p, r in plays.items())
        lines.append(f"{ranks} ({total}; {counts}):")
        for play, r in plays.items():
            label = f"  {'play ' + play if play != 'fold' else 'fold'}: "
            lines += _wrapped(list(r["suits"]), label, width)
    return "\n".join(lines)


def _wrapped(entries: list[str], label: str, width: int) -> list[str]:
    """``entries`` after ``label``, comma-separated, in lines of at most ``width`` characters,
    broken only between entries, the later lines indented under the first entry.

    >>> _wrapped(["(K Q) 8 4 3", "(K 8) Q 4 3", "(K 4) Q 8 3"], "  fold: ", 34)
    ['  fold: (K Q) 8 4 3, (K 8) Q 4 3,', '        (K 4) Q 8 3']
    """
    lines, line = [], label
    for i, entry in enumerate(entries):
        piece = entry + ("," if i < len(entries) - 1 else "")
        if line.strip() and line != label and len(line) + 1 + len(piece) > width:
            lines.append(line)
            line = " " * len(label) + piece
        else:
            line += ("" if line == label else " ") + piece
    return [*lines, line]
