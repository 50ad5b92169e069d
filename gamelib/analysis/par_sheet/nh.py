"""The par sheet of New Hampshire Hold'em: the Ante and the three street bets, each with its own
sheet and all together, and the side bets (Pair Plus on the community cards, the 6 Card Bonus).

The strategy and the ordered deals come from the one solver, :mod:`gamelib.analysis.banked.nh_classes` (the
backward induction over suit classes, R23 on exactly equal choices, re-run for each main pay
table); the forward count keeps the three street bets apart, so a deal's net result on each
wager and on the main game (the pay times the units wagered: the pay table settles the Ante and
every street bet alike, R21) is counted deal by deal.

>>> from gamelib.games.banked import NH_HOLDEM
>>> nh_expected_return(NH_HOLDEM) == nh_sheet(NH_HOLDEM).game.expected_return
True
"""

from __future__ import annotations

from fractions import Fraction
from math import comb

import numpy as np

from ...engine.registry import banked_declaration
from ...errors import GameError
from ...games.banked import BankedGame
from ..banked.nh_classes import PATHS5, deals, expected_return, main_table, nh_base, solve
from ..banked.nh_strategy import ORDERED_DEALS, W3, W4
from .figures import NetDistribution, ParSheet, WagerSheet, pay_rows_of, side_bet_sheet, wager_sheet


def nh_expected_return(decl: BankedGame) -> Fraction:
    """The main game's exact expected return per unit ante with the strategy re-optimised for
    ``decl``'s main pay table (what the pay-table designer asks for each candidate).

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> round(float(nh_expected_return(NH_HOLDEM.with_pay_table("main", {"flush": 5}))), 6)
    -0.100559
    """
    return expected_return(banked_declaration(decl))


def nh_sheet(decl: BankedGame) -> ParSheet:
    """The par sheet of New Hampshire Hold'em under ``decl``'s pay tables: the strategy and the
    forward count of :mod:`gamelib.analysis.banked.nh_classes` (re-optimised for the main table), each deal's net
    result on every main wager and on all of them together, and the side bets.

    >>> from gamelib.games.banked import NH_HOLDEM
    >>> s = nh_sheet(NH_HOLDEM)
    >>> s.main_wagers, s.game.total
    (('ante', 'flop', 'turn', 'river'), 155937600)
    """
    base = nh_base()
    play = solve(decl)
    counted = deals(play)
    folds, final = counted.folds, counted.final  # final: [pay row, the three bets made]
    main = main_table(decl)
    streets = [d.wager for d in decl.decisions]

    # each deal's result on every main wager, and on all of them together
    unit = decl.wager(decl.decisions[0].wager).equal_to or decl.cap_on
    keys = [unit] + streets
    game = NetDistribution()
    dists = {k: NetDistribution() for k in keys}
    made = dict.fromkeys(keys, 0)
    fold_awards: dict[str, int] = {}
    per_line: dict[str, dict[str, int]] = {k: {line.outcome: 0 for line in main.lines} for k in keys}
    for path, count in folds.items():
        bets = (1,) + path
        for k, b in zip(keys, bets, strict=False):  # a fold's path is short: the streets after it are added below
            dists[k].add(Fraction(-b), count)
            made[k] += b * count
        for k in keys[len(bets):]:
            dists[k].add(Fraction(0), count)
        game.add(Fraction(-sum(bets)), count)
        words = f"fold before the {streets[len(path)]} card"
        fold_awards[words] = fold_awards.get(words, 0) + count
    all_pays = play.pays + [Fraction(-1)]
    for r, pays in enumerate(all_pays):
        for i, path in enumerate(PATHS5):
            count = int(final[r, i])
            bets = (1,) + path
            for k, b in zip(keys, bets, strict=True):
                dists[k].add(pays * b, count)
                made[k] += b * count
                if r < len(main.lines):
                    per_line[k][main.lines[r].outcome] += count
            game.add(pays * sum(bets), count)
    total = sum(c for _, c in game.items())
    if total != ORDERED_DEALS:  # pragma: no cover - a broken cache entry
        raise GameError(f"NH Hold'em par sheet counted {total:,} deals, not {ORDERED_DEALS:,}")
    awards = dict(per_line[unit])
    names = " + ".join(decl.wager(k).name for k in keys)
    game_sheet = wager_sheet(decl, "main", f"Main game ({names})", unit, game, Fraction(sum(made.values()), total),
                        (awards | fold_awards).items(), capped=True)
    sheets: dict[str, WagerSheet] = {"main": game_sheet}
    for k in keys:
        sheets[k] = wager_sheet(decl, k, decl.wager(k).name, unit, dists[k], Fraction(made[k], total),
                                per_line[k].items())
    for side in decl.wagers:
        if side.key in sheets:
            continue
        table = decl.pay_table(side.pay_table_key)
        rows = pay_rows_of(table, decl.table_system(table))
        if decl.hand(table.hand).cards == ("community",):  # the three community cards alone
            sheets[side.key] = side_bet_sheet(decl, side.key, rows[np.asarray(base["v3"], np.intp)],
                                           np.ones(comb(52, 3), np.int64))
        else:  # the hole cards and the bonus cards: every six-card set, by value
            six = np.asarray(base["six"], np.int64)
            sheets[side.key] = side_bet_sheet(decl, side.key, rows[1:], six[1:])
    weights = np.concatenate([base["w2"], base["w3"], base["w4"]])
    decisions = np.concatenate([
        np.repeat(play.flop[:, None], len(W4), 1), np.pad(play.turn, ((0, 0), (0, len(W4) - len(W3)))), play.river])
    return ParSheet(decl.key, decl.title, game_sheet, sheets, tuple(keys), decisions, weights)
