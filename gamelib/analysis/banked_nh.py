"""New Hampshire Hold'em: exact backward induction over every deal, Pair Plus over the 22,100
community boards and the 6 Card Bonus over the 20,358,520 six-card sets.

The main game (RULINGS R21) pays on the best five of the two hole and three community cards;
there is no dealer hand. Before each community card the player folds (losing everything
wagered) or bets 1x, 2x or 3x the ante; the pay table settles the ante and every bet alike, so
a deal that reaches the river with ``W`` units wagered returns ``pays * W``.

Because the payoff depends only on the final five-card *set*, the value of a decision depends
only on the set of cards seen so far and on ``W``:

* river (4 cards seen, 48 unseen): ``V4(S, W) = max(-W, E[pays | S] * (W + b), b = 1..3)``;
* turn (3 seen): ``V3(S, W) = max(-W, mean over the 49 next cards of V4(S + c, W + b))``;
* flop (the 2 hole cards): ``V2(S) = max(-1, mean over the 50 next cards of V3(S + c, 1 + b))``.

Everything is exact integer arithmetic (scaled by 50 * 49 * 48). Sums over the next card are
sums over supersets, done with bincount over colex indices of subsets. The outcome counts are
then propagated forward over the 1,326 * 50 * 49 * 48 = 155,937,600 ordered deals. When two
choices have exactly the same value the player takes the one that puts less money at risk:
fold rather than bet, a smaller multiple rather than a larger one (RULINGS R23).
:func:`nh_tie_effect` measures what that rule changes.

The disk cache (:func:`nh_tables`) holds only what does not depend on the pay tables or on the
tie rule; the strategy and every figure that depends on it are derived anew on each analysis.

>>> ORDERED_DEALS
155937600
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Any
from math import comb, lcm

import numpy as np
import pandas as pd

from ..cards import CardsLike, format_cards, parse_cards
from ..errors import GameError
from ..games.banked import BankedGame, pay_rows
from ..rankings.high import HIGH
from ..rankings.three_card import THREE_CARD
from ..games.banked import NH_HOLDEM as NH_DECL
from .banked_common import CODE_MODULES, BankedAnalysis, Progress, outcome_table, table_pays, written_for
from ..combinatorics import combinations_array
from .banked_enum import _colex_contributions, _subset_colex, six_card_high_counts
from .banked_nh_strategy import BETS, ORDERED_DEALS, STREETS, W3, W4, W5, NHStrategy
from .cache import cached_arrays


def nh_tables(progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Pay-table-independent arrays (cached on disk): high values of all 5-card sets, the colex
    indices of their 4-subsets and of the 3-subsets of 4-sets and 2-subsets of 3-sets, the
    three-card values of the 22,100 boards and the six-card value counts."""
    progress = progress or Progress(False)

    def compute() -> dict[str, np.ndarray]:
        progress("NH Hold'em: all 2,598,960 five-card sets")
        h5 = combinations_array(52, 5)
        v5 = HIGH.evaluate_array(h5)
        out = {"key5": pay_keys(v5)}
        contrib = _colex_contributions(h5, 4)
        sub5 = np.stack([_subset_colex(contrib, s) for s in itertools.combinations(range(5), 4)], axis=1)
        # R4f[T, key]: how many of the 48 cards completing the 4-card set T make a hand of that key
        out["r4f"] = np.bincount((sub5.astype(np.int64) * N_KEYS + out["key5"][:, None]).ravel(),
                                 minlength=comb(52, 4) * N_KEYS).reshape(-1, N_KEYS).astype(np.int8)
        for n, k in ((4, 3), (3, 2)):
            hands = combinations_array(52, n)
            contrib = _colex_contributions(hands, k)
            out[f"sub{n}"] = np.stack(
                [_subset_colex(contrib, s) for s in itertools.combinations(range(n), k)], axis=1).astype(np.int32)
        out["v3"] = THREE_CARD.evaluate_array(combinations_array(52, 3)).astype(np.int16)
        out["six"] = six_card_high_counts(HIGH)
        return out

    return cached_arrays("nh-tables", {"game": "nh-holdem"}, compute, CODE_MODULES + (__name__,))


N_KEYS = len(HIGH.categories) * 13


def pay_keys(values: np.ndarray) -> np.ndarray:
    """What a pay table can see of a high hand: ``category index * 13 + top rank``.

    >>> int(pay_keys(np.array([HIGH.n_classes]))[0])  # royal flush: straight flush (8), ace (12)
    116
    """
    table = np.zeros(HIGH.n_classes + 1, np.int64)
    for v, hc in enumerate(HIGH.classes, start=1):
        table[v] = HIGH.categories.index(hc.category) * 13 + hc.ranks[0]
    keys: np.ndarray = table[np.asarray(values)]
    return keys


def _key_rows(table) -> np.ndarray:  # type: ignore[no-untyped-def]
    """The pay-table row (-1: none) of each pay key."""
    rows = np.full(N_KEYS, -1, np.int64)
    for key in range(N_KEYS):
        cat, top = HIGH.categories[key // 13], key % 13
        for i, line in enumerate(table.lines):
            if line.matches(cat, top):
                rows[key] = i
                break
    return rows


def _superset_sum(values: np.ndarray, sub: np.ndarray, n_sub: int) -> np.ndarray:
    """For every subset, the sum of ``values`` over the sets containing it (``sub``: the colex
    indices of each set's subsets, one column per subset)."""
    k = sub.shape[1]
    return np.bincount(sub.ravel(), weights=np.repeat(values, k), minlength=n_sub).round().astype(np.int64)


_STRATEGY: list[NHStrategy] = []


def get_nh_strategy() -> NHStrategy:
    """The strategy under the filed pay tables, derived once per process (for examples).

    >>> get_nh_strategy() is get_nh_strategy()
    True
    """
    if not _STRATEGY:
        _STRATEGY.append(analyze_nh(NH_DECL, Progress(False)).strategy)
    return _STRATEGY[0]


#: How exactly equal choices are broken: ``"less"`` is RULINGS R23 (fold rather than bet, the
#: smaller multiple rather than the larger); ``"more"`` (the larger wager) is kept only to
#: measure what R23 changes (:func:`nh_tie_effect`).
TIE_RULES = ("less", "more")

def _best(options: list[np.ndarray], ties: str = "less") -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Max over options (fold, 1x, 2x, 3x), the choice (0 fold, else the multiple) and whether
    the best value is shared by two or more options. Ties go to the option that risks less
    (R23), or with ``ties="more"`` to the larger wager.

    >>> options = [np.array([-3, -3]), np.array([-3, 5]), np.array([-4, 5]), np.array([-5, 5])]
    >>> _best(options)[1].tolist(), _best(options)[2].tolist(), _best(options, "more")[1].tolist()
    ([0, 1], [True, True], [1, 3])
    """
    if ties not in TIE_RULES:
        raise GameError(f"the tie rule is one of {TIE_RULES}, not {ties!r}")
    stack = np.stack(options, axis=-1)
    best = stack.max(axis=-1)
    at_best = stack == best[..., None]
    if ties == "less":
        choice = at_best.argmax(axis=-1)
    else:
        choice = stack.shape[-1] - 1 - at_best[..., ::-1].argmax(axis=-1)
    return best, choice, at_best.sum(axis=-1) > 1


def _forward(A2: np.ndarray, A3: np.ndarray, sub3: np.ndarray, sub4: np.ndarray,
             live2: np.ndarray | None = None, live3: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """How many (hole pair, community card order) ways reach each 3-card set with each ``W3`` and
    each 4-card set with each ``W4``, playing ``A2``/``A3``; decisions outside ``live2``/``live3``
    are not followed (used to count the deals that meet a tie before any other)."""
    a2 = A2 if live2 is None else np.where(live2, A2, 0)
    a3 = A3 if live3 is None else np.where(live3, A3, 0)
    N3 = np.zeros((len(sub3), len(W3)), np.int64)
    for col in range(sub3.shape[1]):
        a = a2[sub3[:, col]]
        for j, w in enumerate(W3):
            N3[:, j] += a == (w - 1)
    N4 = np.zeros((len(sub4), len(W4)), np.int64)
    for col in range(sub4.shape[1]):
        s = sub4[:, col]
        for j, w in enumerate(W3):
            a, n = a3[s, j], N3[s, j]
            for b in BETS:
                N4[:, W4.index(w + b)] += np.where(a == b, n, 0)
    return N3, N4


def analyze_nh(decl: BankedGame, progress: Progress | None = None, ties: str = "less") -> BankedAnalysis:
    """The exact analysis of New Hampshire Hold'em under ``decl``'s pay tables.

    ``ties``: how exactly equal choices are broken, ``"less"`` (RULINGS R23, the default) or
    ``"more"`` (the larger wager; only to measure what R23 changes, see :func:`nh_tie_effect`).
    """
    written_for(decl, "street bets (street, multiples of the ante)",
                [(d.wager, decl.wager(d.wager).multiples) for d in decl.decisions], [(st, BETS) for st in STREETS])
    progress = progress or Progress(False)
    t = nh_tables(progress)
    sub4, sub3 = t["sub4"], t["sub3"]
    main = decl.pay_table("main")
    pays = table_pays(main)
    D = lcm(*(p.denominator for p in pays))
    scaled = np.array([int(p * D) for p in pays] + [-D], np.int64)  # row -1: loses
    key_rows = _key_rows(main)
    progress("NH Hold'em: backward induction (river, turn, flop)")
    n4, n3, n2 = comb(52, 4), comb(52, 3), comb(52, 2)
    n_rows = len(scaled)
    # R4[T, r]: how many of the 48 river cards give the 4-card set T a hand on pay row r
    onehot = np.zeros((N_KEYS, n_rows), np.float32)
    onehot[np.arange(N_KEYS), key_rows % n_rows] = 1
    R4f = (t["r4f"].astype(np.float32) @ onehot).astype(np.float64)  # exact: small integers
    R4 = R4f.astype(np.int64)
    S4 = R4 @ scaled  # sum over the 48 river cards of the pay, times D
    # river: scale 48 D. Alongside each value, the expected total wagered from that point on
    # (B4: scale 1, B3: scale 49, B2: scale 49 * 50), for the average wager found backwards.
    V4 = np.empty((n4, len(W4)), np.int64)
    A4 = np.empty((n4, len(W4)), np.int8)
    T4 = np.empty((n4, len(W4)), bool)
    B4 = np.empty((n4, len(W4)), np.int64)
    for j, w in enumerate(W4):
        V4[:, j], A4[:, j], T4[:, j] = _best([np.full(n4, -w * 48 * D, np.int64)] + [S4 * (w + b) for b in BETS], ties)
        B4[:, j] = w + A4[:, j]
    # turn: scale 49 * 48 D
    sums4 = {w: _superset_sum(V4[:, j], sub4, n3) for j, w in enumerate(W4)}
    bsum4 = {w: _superset_sum(B4[:, j], sub4, n3) for j, w in enumerate(W4)}
    O3 = np.empty((n3, len(W3), 4), np.int64)
    V3 = np.empty((n3, len(W3)), np.int64)
    A3 = np.empty((n3, len(W3)), np.int8)
    T3 = np.empty((n3, len(W3)), bool)
    B3 = np.empty((n3, len(W3)), np.int64)
    for j, w in enumerate(W3):
        opts = [np.full(n3, -w * 49 * 48 * D, np.int64)] + [sums4[w + b] for b in BETS]
        O3[:, j] = np.stack(opts, axis=1)
        V3[:, j], A3[:, j], T3[:, j] = _best(opts, ties)
        B3[:, j] = np.choose(A3[:, j], [np.full(n3, 49 * w, np.int64)] + [bsum4[w + b] for b in BETS])
    # flop: scale 50 * 49 * 48 D
    sums3 = {w: _superset_sum(V3[:, j], sub3, n2) for j, w in enumerate(W3)}
    bsum3 = {w: _superset_sum(B3[:, j], sub3, n2) for j, w in enumerate(W3)}
    opts = [np.full(n2, -50 * 49 * 48 * D, np.int64)] + [sums3[1 + b] for b in BETS]
    O2 = np.stack(opts, axis=1)
    V2, A2, T2 = _best(opts, ties)
    B2 = np.choose(A2, [np.full(n2, 50 * 49, np.int64)] + [bsum3[1 + b] for b in BETS])
    scale = 50 * 49 * 48 * D

    progress("NH Hold'em: counting outcomes over 155,937,600 ordered deals")
    # forward: how many ordered deals reach each set with each amount wagered
    fold_counts: dict[tuple[str, int], int] = {("flop", 1): int((A2 == 0).sum()) * 50 * 49 * 48}
    N3, N4 = _forward(A2, A3, sub3, sub4)
    for j, w in enumerate(W3):
        fold_counts[("turn", w)] = int(N3[:, j][A3[:, j] == 0].sum()) * 49 * 48
    for j, w in enumerate(W4):
        fold_counts[("river", w)] = int(N4[:, j][A4[:, j] == 0].sum()) * 48
    final = np.zeros((n_rows, len(W5)), np.int64)  # deals reaching the showdown, by pay row and W
    reach = np.zeros((n4, len(W5)), np.float64)
    for j, w in enumerate(W4):
        for b in BETS:
            reach[:, W5.index(w + b)] += np.where(A4[:, j] == b, N4[:, j], 0)
    final[:] = np.rint(R4f.T @ reach).astype(np.int64)  # exact: integers far below 2**53

    # where two best options were exactly equal (R23), and on how many ordered deals the player
    # meets such a decision first (before any other tie: until then both tie rules play alike)
    C3, C4 = _forward(A2, A3, sub3, sub4, live2=~T2, live3=~T3)
    tie_rows: list[dict[str, Any]] = []
    fold4 = V4 == -np.array(W4, np.int64)[None, :] * 48 * D
    for street, tied, fold_best, reached, per in (
            ("flop", T2[:, None], (O2[:, 0] == V2)[:, None], np.ones((n2, 1), np.int64), 50 * 49 * 48),
            ("turn", T3, O3[:, :, 0] == V3, C3, 49 * 48), ("river", T4, fold4, C4, 48)):
        tie_rows.append({
            "decision": f"before the {street} card",
            "decision points": int(tied.sum()),
            "fold or bet": int((tied & fold_best).sum()),  # the rest: two bet sizes
            "ordered deals": int(reached[tied].sum()) * per,
        })
    tie_rows.append({"decision": "all", **{k: sum(r[k] for r in tie_rows) for k in tie_rows[0] if k != "decision"}})
    tie_table = pd.DataFrame(tie_rows)
    strategy = NHStrategy(A2.astype(np.int8), A3, A4, V2, V3, V4, scale, O2, O3, S4, B2, tie_table, ties)

    rows: list[tuple[str, Fraction, int]] = []
    street_words = {"flop": "before the flop card", "turn": "before the turn card", "river": "before the river card"}
    for (street, w), count in fold_counts.items():
        if count:
            rows.append((f"fold {street_words[street]}, {w} unit{'s' if w > 1 else ''} wagered", Fraction(-w), count))
    names = [line.outcome for line in main.lines] + ["less than a pair of sixes"]
    all_pays = pays + [Fraction(-1)]
    for r in range(len(names)):
        for j, w in enumerate(W5):
            if final[r, j]:
                rows.append((f"{names[r]}, {w} units wagered", all_pays[r] * w, int(final[r, j])))
    main_table = outcome_table(rows)
    assert main_table.attrs["total"] == ORDERED_DEALS, "every ordered deal is counted once"
    ev_direct = Fraction(int(V2.sum()), scale * n2)
    assert ev_direct == main_table.attrs["return"], "the backward values and the forward counts agree"
    wagered = Fraction(sum(w * c for (_, w), c in fold_counts.items())
                       + sum(w * int(final[:, j].sum()) for j, w in enumerate(W5)), ORDERED_DEALS)
    assert wagered == Fraction(int(B2.sum()), 50 * 49 * n2), "the amount wagered, backwards and forwards"

    pp_table = decl.pay_table("pair_plus")
    pp_row = pay_rows(pp_table, decl.table_system(pp_table))[t["v3"].astype(np.intp)]
    pp = outcome_table([(line.outcome, line.pays, int((pp_row == i).sum())) for i, line in enumerate(pp_table.lines)]
                       + [("loss", Fraction(-1), int((pp_row < 0).sum()))])
    six = t["six"]
    six_table = decl.pay_table("six_card_bonus")
    six_row = pay_rows(six_table, decl.table_system(six_table))
    sx = outcome_table([(line.outcome, line.pays, int(six[six_row == i].sum())) for i, line in enumerate(six_table.lines)]
                       + [("loss", Fraction(-1), int(six[1:][six_row[1:] < 0].sum()))])
    tables = {"main": main_table, "pair_plus": pp, "six_card_bonus": sx}
    returns = {k: v.attrs["return"] for k, v in tables.items()}
    total = returns["main"]
    notes = [
        "main game: per unit ante over the 155,937,600 ordered deals (1,326 hole pairs x 50 x 49 x 48), "
        "optimal play at every street; the pays column is the net result in units of ante",
        "the outcome table is per unit ante without the payout cap; the cap table shows the main game with "
        "the cap at each ante (same strategy; the cap binds only on the largest wins)",
        "Pair Plus over the 22,100 community boards; 6 Card Bonus over the 20,358,520 six-card sets",
        ("exactly equal choices: the one that risks less (R23)" if ties == "less" else
         "exactly equal choices: the larger wager (not R23; for comparison only)"),
    ]
    return BankedAnalysis(
        game=decl.key, title=decl.title, tables=tables, returns=returns, expected_return=total,
        house_edge=-total, average_wager=wagered, element_of_risk=-total / wagered, strategy=strategy,
        main_wagers=("ante", "flop", "turn", "river"), notes=notes, caps=capped_returns(decl, main_table))


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
        m = a.tables["main"]
        return ORDERED_DEALS - sum(int(c) for o, c in zip(m["outcome"], m["combinations"]) if o.startswith("fold"))

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
    for ante in decl.wager("ante").allowed or ():
        cap = decl.caps[ante]
        value = Fraction(0)
        capped = 0
        for p, c in zip(main_table.attrs["pays_exact"], main_table["combinations"]):
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


def nh_option_values(game: Any, strategy: Any, hole: list[int], community: list[int],
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


def nh_path_wagered(strategy: Any, hole: list[int], community: list[int]) -> int | None:
    """Units of ante wagered on the strategy's own path before the next decision in NH Hold'em
    (``None`` if the strategy would have folded earlier); see :meth:`NHStrategy.path_wagered`.

    >>> s = get_nh_strategy()
    >>> nh_path_wagered(s, parse_cards("As Ad"), parse_cards("2c")), nh_path_wagered(s, parse_cards("8s 3h"), parse_cards("2c"))
    (4, None)
    """
    return strategy.path_wagered(hole, community)  # type: ignore[no-any-return]
