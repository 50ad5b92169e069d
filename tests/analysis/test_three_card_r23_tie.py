"""R23 in Three Card Poker: a what-if pay table that makes one hand worth exactly the same
raised and folded, and the strategy folds it (the choice that risks less).

With the filed tables no hand ties (R20), and no change of pays alone can make one: the Ante
Bonus pays only on a straight or better, hands worth far more raised than folded, and a pay is
never below 0. So the what-if adds an Ante Bonus row, "jack high", to a variant declared here
(``dataclasses.replace``, as ``games/banked_parts.py`` says a variant is), and sets its pays with
``with_pay_table`` to exactly what a chosen jack-high hand lacks to break even.

The expected values are computed here by brute force, with a three-card ranking written from
the rules (R20, R31: straight flush, three of a kind, straight, flush, pair, high card; A-2-3 the
lowest straight, K-A-2 none), over the 18,424 dealer hands, sharing no code with gamelib.

Mutants this catches: ``raise_ = ev[:, 1] >= ev[:, 0]`` in the analysis (an exact tie raised),
and an expected value of raising that drops the Ante Bonus or counts a non-qualifying dealer
wrongly (the tie is no longer exact, and the hand's two values are checked against the brute
force).
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction
from functools import cache

from gamelib import get_game
from gamelib.analysis.banked import analyze
from gamelib.engine.banked import BankedGameEngine
from gamelib.games.banked import PayLine

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]

HAND = ("Jh", "8d", "4c")  # jack high: folded under the filed tables


def key3(cards: tuple[str, ...]) -> tuple[int, ...]:
    """A three-card hand's strength, larger is better (R20, R31)."""
    ranks = sorted((RANKS.index(c[0]) + 2 for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    top = None
    if len(set(ranks)) == 3:
        if ranks[0] - ranks[2] == 2:
            top = ranks[0]
        elif ranks == [14, 3, 2]:  # A-2-3, the lowest straight
            top = 3
    if top is not None and flush:
        return (5, top)
    if len(set(ranks)) == 1:
        return (4, ranks[0])
    if top is not None:
        return (3, top)
    if flush:
        return (2, *ranks)
    if len(set(ranks)) == 2:
        pair = ranks[1]  # the middle card of three sorted is always one of the pair
        kicker = ranks[0] if ranks[0] != pair else ranks[2]
        return (1, pair, kicker)
    return (0, *ranks)


QUALIFIES = key3(("Qc", "3d", "2h"))  # the dealer's weakest qualifying hand: queen high


@cache
def raise_value_without_bonus(hand: tuple[str, ...]) -> Fraction:
    """Ante + Play, in antes, of raising ``hand``, averaged over every dealer hand: a dealer who
    does not qualify pays the Ante 1 to 1 and pushes the Play; a qualifying dealer wins or loses
    both, or pushes both on a tie."""
    mine = key3(hand)
    rest = [c for c in DECK if c not in hand]
    total = count = 0
    for dealer in itertools.combinations(rest, 3):
        d = key3(dealer)
        count += 1
        if d < QUALIFIES:
            total += 1
        elif mine > d:
            total += 2
        elif mine < d:
            total -= 2
    assert count == 18424
    return Fraction(total, count)


def tied_variant() -> tuple[BankedGameEngine, Fraction]:
    filed = get_game("three-card-6bonus").declaration
    bonus = filed.pay_table("ante_bonus")
    with_row = replace(bonus, lines=bonus.lines + (PayLine("jack high", Fraction(0), "high card", "J", "J"),))
    variant = replace(filed, key="three-card-jack-bonus", title="Three Card Poker, an Ante Bonus on jack high",
                      pay_tables=tuple(with_row if t.key == "ante_bonus" else t for t in filed.pay_tables))
    base = raise_value_without_bonus(HAND)
    pays = -1 - base  # raising is then worth base + pays = -1, exactly folding's value
    assert 0 < pays < 1
    return BankedGameEngine(variant.with_pay_table("ante_bonus", {"jack high": pays})), pays


def test_the_filed_table_folds_the_hand_with_no_tie() -> None:
    base = raise_value_without_bonus(HAND)
    assert base < -1  # worth less raised than folded, so a what-if bonus can close the gap
    s = analyze(get_game("three-card-6bonus")).strategy
    assert s.play_for(" ".join(HAND)) == "fold"
    assert s.expected_values(" ".join(HAND)) == {"fold": -1, "raise": base}


def test_an_exact_tie_folds_r23() -> None:
    game, pays = tied_variant()
    s = analyze(game).strategy
    values = s.expected_values(" ".join(HAND))
    assert values == {"fold": Fraction(-1), "raise": Fraction(-1)}  # exactly equal, as worked out above
    assert s.play_for(" ".join(HAND)) == "fold"  # R23: the choice that risks less
    # J-8-4 in three other suits is the same hand with the suits renamed: it ties and folds too
    for suits in ("sch", "cds"):
        hand = " ".join(r + x for r, x in zip("J84", suits, strict=True))
        assert s.expected_values(hand) == {"fold": -1, "raise": -1} and s.play_for(hand) == "fold"
    # J-8-4 with two cards of a suit is another hand: its value raised is its own brute force plus the bonus
    two_suited = ("Jh", "8h", "4c")
    raised = raise_value_without_bonus(two_suited) + pays
    assert raised != -1
    assert s.expected_values(" ".join(two_suited))["raise"] == raised
    assert s.play_for(" ".join(two_suited)) == ("raise" if raised > -1 else "fold")


def test_a_hair_more_bonus_raises_it() -> None:
    """The same hand with the bonus one part in 18,424 larger is worth more raised: it raises, so
    the fold above is the tie rule's doing, not the hand's."""
    game, pays = tied_variant()
    more = BankedGameEngine(game.declaration.with_pay_table("ante_bonus", {"jack high": pays + Fraction(1, 18424)}))
    s = analyze(more).strategy
    assert s.expected_values(" ".join(HAND))["raise"] == Fraction(-1) + Fraction(1, 18424)
    assert s.play_for(" ".join(HAND)) == "raise"
