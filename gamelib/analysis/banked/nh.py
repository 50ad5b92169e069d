"""New Hampshire Hold'em: exact backward induction over every deal, Pair Plus over the 22,100
community boards and the 6 Card Bonus over the 20,358,520 six-card sets.

The main game (RULINGS R21) pays on the best five of the two hole and three community cards;
there is no dealer hand. Before each community card the player folds (losing everything
wagered) or bets 1x, 2x or 3x the ante; the pay table settles the ante and every bet alike, so
a deal that reaches the river with ``W`` units wagered returns ``pays * W``.

The strategy and the outcome counts come from the one backward induction and forward count of
:mod:`gamelib.analysis.banked.nh_classes` (over the suit classes of the cards seen); this module
turns them into the outcome tables, the strategy object (by set, :class:`NHStrategy`), the table
of exactly equal choices and the capped returns. When two choices have exactly the same value the
player takes the one that puts less money at risk: fold rather than bet, a smaller multiple
rather than a larger one (RULINGS R23). :func:`nh_tie_effect` measures what that rule changes.
The values found backwards and the counts found forwards are checked against each other on every
analysis (the return, the average amount wagered).

The disk cache (:func:`~gamelib.analysis.banked.nh_classes.nh_classes`) holds only what does not
depend on the pay tables or on the tie rule; the strategy and every figure that depends on it
are derived anew on each analysis.

>>> ORDERED_DEALS
155937600
"""

from __future__ import annotations

from fractions import Fraction
from math import comb
from typing import TYPE_CHECKING, Any

import numpy as np

from ...cards import CardsLike, format_cards, parse_cards
from ...errors import GameError
from ...games.banked import NH_HOLDEM as NH_DECL
from ...games.banked import BankedGame, PayTable, pay_rows
from ...rankings.high import HIGH
from ...rankings.three_card import THREE_CARD
from .common import BankedAnalysis, Progress, outcome_table, written_for
from .nh_classes import (
    PATHS3,
    PATHS4,
    PATHS5,
    NHDeals,
    NHSolution,
    by_wagered,
    deals,
    main_table,
    nh_classes,
    solve,
)
from .nh_strategy import ORDERED_DEALS, STREETS, W3, W4, W5, NHStrategy
from .rules import wager_roles

if TYPE_CHECKING:
    import pandas as pd

    from ...engine.banked import BankedGameEngine
else:
    from gamelib.lazy import pandas as pd


_STRATEGY: list[NHStrategy] = []


def get_nh_strategy() -> NHStrategy:
    """The strategy under the filed pay tables, derived once per process (for examples).

    >>> get_nh_strategy() is get_nh_strategy()
    True
    """
    if not _STRATEGY:
        _STRATEGY.append(analyze_nh(NH_DECL, Progress(False)).strategy)
    return _STRATEGY[0]


def analyze_nh(decl: BankedGame, progress: Progress | None = None, ties: str = "less") -> BankedAnalysis:
    """The exact analysis of New Hampshire Hold'em under ``decl``'s pay tables.

    ``ties``: how exactly equal choices are broken, ``"less"`` (RULINGS R23, the default) or
    ``"more"`` (the larger wager; only to measure what R23 changes, see :func:`nh_tie_effect`).

    >>> a = analyze_nh(NH_DECL)
    >>> a.tables["main"].attrs["total"], round(float(a.house_edge), 6)
    (155937600, 0.092415)
    """
    side = [decl.pay_table(decl.wager(k).pay_table_key).hand for k in wager_roles(decl).side]
    written_for(decl, "side bets on three cards (three-card ranking) or six cards (high)",
                [h for h in side if _side_hand(decl, h) not in ((3, THREE_CARD.name), (6, HIGH.name))], [])
    progress = progress or Progress(False)
    base = nh_classes(progress)
    solution = solve(decl, ties, progress)
    main = main_table(decl)
    progress("NH Hold'em: counting outcomes over 155,937,600 ordered deals")
    counted = deals(solution)
    fold_counts = _fold_counts(counted)
    final = by_wagered(counted.final, PATHS5, W5)  # deals reaching the showdown, by pay row and W
    strategy = NHStrategy(solution.flop, solution.turn, solution.river, solution.ev2, solution.ev3, solution.ev4,
                          solution.opt2, solution.opt3, solution.river_pay, solution.wagered2,
                          base["inv2"], base["inv3"], base["inv4"], solution.scale, _tie_table(solution), ties)
    main_table_ = outcome_table(_main_rows(main, solution.pays, fold_counts, final))
    assert main_table_.attrs["total"] == ORDERED_DEALS, "every ordered deal is counted once"
    assert solution.expected_return == main_table_.attrs["return"], \
        "the backward values and the forward counts agree"
    wagered = _average_wagered(solution, fold_counts, final)
    roles = wager_roles(decl)
    tables = {main.key: main_table_}
    for key in roles.side:  # settled by their table on every deal: counted over the sets they pay on
        tables[key] = _side_bet_table(decl, key, base)
    returns = {k: v.attrs["return"] for k, v in tables.items()}
    total = returns[main.key]
    return BankedAnalysis(
        game=decl.key, title=decl.title, tables=tables, returns=returns, expected_return=total,
        house_edge=-total, average_wager=wagered, element_of_risk=-total / wagered, strategy=strategy,
        main_wagers=roles.main, notes=_analysis_notes(ties), caps=capped_returns(decl, main_table_))


def _fold_counts(counted: NHDeals) -> dict[tuple[str, int], int]:
    """The ordered deals folded before each community card, by the units wagered (ante included)."""
    fold_counts: dict[tuple[str, int], int] = {("flop", 1): counted.folds[()]}
    for street, paths, amounts in (("turn", PATHS3, W3), ("river", PATHS4, W4)):
        for units in amounts:
            fold_counts[(street, units)] = sum(counted.folds[path] for path in paths if 1 + sum(path) == units)
    return fold_counts


def _tie_table(solution: NHSolution) -> pd.DataFrame:
    """Where two best choices are exactly equal (R23), by decision: how often, and on how many deals first."""
    # where two best options were exactly equal (R23), and on how many ordered deals the player
    # meets such a decision first (before any other tie: until then both tie rules play alike)
    until_a_tie = deals(solution, follow2=~solution.tied2, follow3=~solution.tied3)
    met3, met4 = by_wagered(until_a_tie.reach3, PATHS3, W3), by_wagered(until_a_tie.reach4, PATHS4, W4)
    w2, w3, w4 = solution.weights[2], solution.weights[3][:, None], solution.weights[4][:, None]
    fold4 = solution.ev4 == -np.array(W4, np.int64)[None, :] * 48 * (solution.scale // (50 * 49 * 48))
    tie_rows: list[dict[str, Any]] = []
    for street, tied, fold_best, sets, reached, orders_of_cards_to_come in (
            ("flop", solution.tied2, solution.opt2[:, 0] == solution.ev2, w2, w2, 50 * 49 * 48),
            ("turn", solution.tied3, solution.opt3[:, :, 0] == solution.ev3, w3, met3, 49 * 48),
            ("river", solution.tied4, fold4, w4, met4, 48)):
        tie_rows.append({
            "decision": f"before the {street} card",
            "decision points": int((np.broadcast_to(sets, tied.shape) * tied).sum()),
            # the rest: two bet sizes
            "fold or bet": int((np.broadcast_to(sets, tied.shape) * (tied & fold_best)).sum()),
            "ordered deals": int(reached[tied].sum()) * orders_of_cards_to_come,
        })
    tie_rows.append({"decision": "all", **{k: sum(row[k] for row in tie_rows) for k in tie_rows[0]
                                            if k != "decision"}})
    return pd.DataFrame(tie_rows)


def _main_rows(main: PayTable, pays: list[Fraction], fold_counts: dict[tuple[str, int], int],
               final: np.ndarray) -> list[tuple[str, Fraction, int]]:
    """The main game's outcomes: the folds by street, then the showdown's pay rows, by units wagered."""
    rows: list[tuple[str, Fraction, int]] = []
    street_words = {"flop": "before the flop card", "turn": "before the turn card", "river": "before the river card"}
    for (street, units), count in fold_counts.items():
        if count:
            rows.append((f"fold {street_words[street]}, {units} unit{'s' if units > 1 else ''} wagered",
                         Fraction(-units), count))
    names = [line.outcome for line in main.lines] + ["less than a pair of sixes"]
    all_pays = pays + [Fraction(-1)]
    for pay_row in range(len(names)):
        for column, units in enumerate(W5):
            if final[pay_row, column]:
                rows.append((f"{names[pay_row]}, {units} units wagered", all_pays[pay_row] * units,
                             int(final[pay_row, column])))
    return rows


def _average_wagered(solution: NHSolution, fold_counts: dict[tuple[str, int], int], final: np.ndarray) -> Fraction:
    """The units wagered on average per ordered deal, counted forwards and checked against the backward values."""
    wagered = Fraction(sum(units * count for (_, units), count in fold_counts.items())
                       + sum(units * int(final[:, column].sum()) for column, units in enumerate(W5)), ORDERED_DEALS)
    assert wagered == Fraction(int((solution.weights[2] * solution.wagered2).sum()), 50 * 49 * comb(52, 2)), \
        "the amount wagered, backwards and forwards"
    return wagered


def _side_bet_table(decl: BankedGame, key: str, base: dict[str, np.ndarray]) -> pd.DataFrame:
    """A side bet's outcome table: Pair Plus over the community boards, the 6 Card Bonus over the six-card sets."""
    table = decl.pay_table(decl.wager(key).pay_table_key)
    row_of = pay_rows(table, decl.table_system(table))  # by hand value
    if _side_hand(decl, table.hand) == (3, THREE_CARD.name):  # the three community cards
        row = row_of[base["v3"].astype(np.intp)]
        return outcome_table(
            [(line.outcome, line.pays, int((row == i).sum())) for i, line in enumerate(table.lines)]
            + [("loss", Fraction(-1), int((row < 0).sum()))])
    six = base["six"]  # six cards, high (written_for refuses any other)
    return outcome_table(
        [(line.outcome, line.pays, int(six[row_of == i].sum())) for i, line in enumerate(table.lines)]
        + [("loss", Fraction(-1), int(six[1:][row_of[1:] < 0].sum()))])


def _analysis_notes(ties: str) -> list[str]:
    """The notes under the analysis: what each table counts over, the cap, and the tie rule played."""
    return [
        "main game: per unit ante over the 155,937,600 ordered deals (1,326 hole pairs x 50 x 49 x 48), "
        "optimal play at every street; the pays column is the net result in units of ante",
        "the outcome table is per unit ante without the payout cap; the cap table shows the main game with "
        "the cap at each ante (same strategy; the cap binds only on the largest wins)",
        "Pair Plus over the 22,100 community boards; 6 Card Bonus over the 20,358,520 six-card sets",
        ("exactly equal choices: the one that risks less (R23)" if ties == "less" else
         "exactly equal choices: the larger wager (not R23; for comparison only)"),
    ]


def nh_tie_effect(decl: BankedGame = NH_DECL) -> dict[str, Any]:
    """What R23 (exactly equal choices go to the one that risks less) changes in NH Hold'em: the
    main game's expected return, average total wagered, element of risk and the ordered deals
    played to the end (not folded) under R23 and under the larger-wager reading, the decision
    points with a tie and the ordered deals that meet one (``ties``: the same by decision).

    >>> e = nh_tie_effect()
    >>> e["expected return"]["R23"] == e["expected return"]["larger wager"]
    True
    """
    r23, larger = analyze_nh(decl, ties="less"), analyze_nh(decl, ties="more")
    ties = r23.strategy.ties
    total = ties.loc[ties["decision"] == "all"].iloc[0]

    def played_out(a: BankedAnalysis) -> int:
        m = a.tables[main_table(decl).key]
        return ORDERED_DEALS - sum(int(c) for o, c in zip(m["outcome"], m["combinations"], strict=True)
                                   if o.startswith("fold"))

    return {
        "deals played to the end": {"R23": played_out(r23), "larger wager": played_out(larger)},
        "expected return": {"R23": r23.expected_return, "larger wager": larger.expected_return},
        "house edge": {"R23": r23.house_edge, "larger wager": larger.house_edge},
        "average wagered": {"R23": r23.average_wager, "larger wager": larger.average_wager},
        "element of risk": {"R23": r23.element_of_risk, "larger wager": larger.element_of_risk},
        "decision points": int(total["decision points"]),
        "fold or bet": int(total["fold or bet"]),
        "deals affected": int(total["ordered deals"]),
        "ordered deals": ORDERED_DEALS,
        "ties": ties,
    }


def _side_hand(decl: BankedGame, hand: str) -> tuple[int, str]:
    """A judged hand's number of cards and ranking system (what a side bet's count depends on)."""
    h = decl.hand(hand)
    return sum(decl.deal[g] for g in h.cards), h.system


def capped_returns(decl: BankedGame, main_table: pd.DataFrame) -> pd.DataFrame:
    """The main game's exact return per unit ante with the payout cap (R21) at each allowed ante,
    no side bets, played with the uncapped strategy: a win of ``pays * ante`` dollars above the
    cap is paid as the cap.

    >>> t = outcome_table([("royal", Fraction(2000), 1), ("loss", Fraction(-4), 9)])
    >>> float(capped_returns(NH_DECL, t)["return"][0])  # $2 ante: $4,000 capped at $1,000
    46.4
    """
    total = main_table.attrs["total"]
    rows = []
    for ante in decl.wager(decl.cap_on).allowed or ():
        cap = decl.caps[ante]
        value = Fraction(0)
        capped = 0
        for p, c in zip(main_table.attrs["pays_exact"], main_table["combinations"], strict=True):
            dollars = p * ante
            if dollars > cap:
                dollars, capped = Fraction(cap), capped + int(c)
            value += dollars / ante * int(c)
        ret = value / total
        rows.append({"ante": ante, "cap": cap, "hands capped": capped, "return": float(ret),
                     "house edge": float(-ret), "exact return": ret})
    return pd.DataFrame(rows)


def hole_name(cards: CardsLike) -> str:
    """Two hole cards in text (helper for reports).

    >>> hole_name("As Kd")
    'As Kd'
    """
    return format_cards(parse_cards(cards, n=2))


def nh_option_values(game: BankedGameEngine, strategy: NHStrategy, hole: list[int], community: list[int],
                     wagered: int | None = None) -> dict[str, Fraction]:
    """NH Hold'em, checked by the engine: the exact expected result (units of the ante, before
    the payout cap) of folding and of each bet before the next community card, ``wagered`` units
    already bet, ante included (default: what the strategy itself bet on the way; refused if it
    would have folded earlier).

    Folding loses what is wagered (R21). A bet before the flop or turn card is worth the average,
    over every unseen next card, of the strategy's value of the next decision
    (``strategy.value``); a bet before the river card, the average over every unseen river
    card of the main game's settlement by the engine. The result equals ``strategy.options``
    (the tests check it).

    >>> from gamelib import get_game
    >>> from gamelib.analysis.banked import strategy_of
    >>> game = get_game("nh-holdem")
    >>> v = nh_option_values(game, strategy_of(game), parse_cards("As Ad"), [])
    >>> max(v, key=v.get), v["fold"]
    ('3x', Fraction(-1, 1))
    """
    if len(community) > 2:
        raise GameError("the last decision is made before the river card: give at most two community cards")
    unseen = [c for c in range(52) if c not in set(hole) | set(community)]
    if len(unseen) != 50 - len(community):
        raise GameError("the hole and community cards must be different cards")
    strategy.value(hole, community, wagered)  # checks the amount (and finds the strategy's own)
    w = wagered if wagered is not None else (strategy.path_wagered(hole, community) if community else 1)
    assert w is not None  # strategy.value refuses, above, a path the strategy folds on
    out: dict[str, Fraction] = {"fold": Fraction(-w)}
    for b in (1, 2, 3):
        if len(community) < 2:
            total = sum((strategy.value(hole, community + [c], w + b) for c in unseen), Fraction(0))
        else:
            ante = min(game.declaration.wager("ante").allowed or (1,))
            # the main wagers as they would stand: w units before this bet, spread over the
            # street bets so that each is a legal multiple of the ante (the pay table settles
            # the ante and every street bet alike, R21), then b more on the river
            before = _nh_street_units(w - 1)
            bets = {"ante": ante, STREETS[0]: before[0] * ante, STREETS[1]: before[1] * ante, STREETS[2]: b * ante}
            total = Fraction(0)
            for c in unseen:
                s = game.settle(bets, hole=hole, community=community + [c])
                total += Fraction(sum(r.result for r in s.results), ante)
        out[f"{b}x"] = total / len(unseen)
    return out


def _nh_street_units(units: int) -> tuple[int, int]:
    """Two street bets of 1-3 units each adding up to ``units`` (2..6)."""
    if not 2 <= units <= 6:
        raise GameError(f"before the river 3 to 7 units are wagered in all, not {units + 1}")
    first = min(3, units - 1)
    return first, units - first


def nh_path_wagered(strategy: NHStrategy, hole: list[int], community: list[int]) -> int | None:
    """Units of ante wagered on the strategy's own path before the next decision in NH Hold'em
    (``None`` if the strategy would have folded earlier); see :meth:`NHStrategy.path_wagered`.

    >>> s = get_nh_strategy()
    >>> (nh_path_wagered(s, parse_cards("As Ad"), parse_cards("2c")),
    ...  nh_path_wagered(s, parse_cards("8s 3h"), parse_cards("2c")))
    (4, None)
    """
    return strategy.path_wagered(hole, community)
