"""Crazy 4 Poker: exact analysis of all 3,986,646,103,440 player/dealer pairings and the
optimal fold / 1x / 3x strategy.

For each of the 134,459 suit classes of player hands (weights summing to 2,598,960), the
C(47, 5) = 1,533,939 dealer hands from the other 47 cards are split into: not qualifying and
below / tying / above the player's best four, and qualifying and below / tying / above, with
:class:`~gamelib.analysis.banked.enumeration.DisjointCounter` (inclusion-exclusion over the player's
cards). These counts do not depend on the pay tables and are cached on disk.

The strategy (RULINGS R19: the one that reproduces the filing's counts): each hand is played
the way that maximizes the exact expected value of Ante + Super Bonus + Play together, where a
fold loses both the Ante and the Super Bonus; when two choices have exactly the same value, the
player takes the one that puts less money at risk (R23: fold over 1x over 3x). No two choices
of any hand are exactly equal, so the tie rule never decides (the tests check it).
:func:`strategy_variants` shows what the other readings (Super Bonus left out of the decision,
ties broken toward the larger wager) give.

>>> from gamelib.games.banked import CRAZY4_POKER
>>> HANDS_PER_CLASS_TOTAL
2598960
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm
from typing import NamedTuple

import numpy as np

from ...cards import CardsLike, parse_cards
from ...games.banked import BankedGame, PayTable, Wager, dealer_qualifying_value, minimum_value, pay_rows
from ...games.vocabularies import NotQualified, Settles
from ...rankings.crazy4 import CRAZY4
from ..cache import cached_arrays
from .common import CODE_MODULES, BankedAnalysis, Progress, outcome_table, table_pays, written_for
from .crazy4_band import band_bounds, band_text, card_removal_band
from .enumeration import canonical_keys, player_vs_dealer_counts
from .rules import DealerCells, WagerRoles, decide, split_dealer_hands, wager_roles

HANDS_PER_CLASS_TOTAL = comb(52, 5)
DEALER_HANDS = comb(47, 5)


def crazy4_counts(decl: BankedGame, progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Per player suit class: canonical key, weight, value and dealer counts (cached on disk).

    ``lt``/``le``: dealer hands (of the other 47 cards) below / at most the player's value;
    ``nq``: dealer hands that do not qualify.
    """
    progress = progress or Progress(False)
    q = dealer_qualifying_value(decl)

    def compute() -> dict[str, np.ndarray]:
        progress("Crazy 4: all 2,598,960 five-card hands, dealer hands by inclusion-exclusion")
        return player_vs_dealer_counts(CRAZY4, 5, q)

    params = {"game": "crazy4", "qualifier": q, "classes": CRAZY4.n_classes}
    return cached_arrays("crazy4-counts", params, compute, CODE_MODULES + (__name__,))


@dataclass
class Crazy4Strategy:
    """The derived fold / 1x / 3x strategy for every player hand (by suit class).

    ``decision`` per class: 0 fold, 1 play 1x, 3 play 3x. ``ev`` per class and choice (columns
    fold, 1x, 3x; 3x is ``None``-like ``-inf`` where not allowed) in units of the Ante, exact
    as integers over ``ev_denominator``.
    """

    keys: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    decision: np.ndarray
    ev: np.ndarray
    ev_denominator: int
    variant: str
    #: The choices, in the order of the columns of ``ev``.
    CHOICES = ("fold", "1x", "3x")

    def play_for(self, cards: CardsLike) -> str:
        """The right play for a five-card hand: ``"fold"``, ``"1x"`` or ``"3x"``."""
        i = self._class_of(cards)
        return {0: "fold", 1: "1x", 3: "3x"}[int(self.decision[i])]

    def expected_values(self, cards: CardsLike) -> dict[str, Fraction]:
        """Exact expected value (units of the Ante, Ante + Super Bonus + Play) of each choice."""
        i = self._class_of(cards)
        out = {}
        for j, name in enumerate(self.CHOICES):
            if self.ev[i, j] > -(1 << 60):
                out[name] = Fraction(int(self.ev[i, j]), self.ev_denominator)
        return out

    def _class_of(self, cards: CardsLike) -> int:
        hand = np.array([sorted(parse_cards(cards, n=5, what="Crazy 4 hand"))])
        key = canonical_keys(hand)[0]
        return int(np.searchsorted(self.keys, key))

    def summary(self) -> str:
        """The strategy in plain words, derived from the decisions (not typed in)."""
        from ...rankings import describe

        w = self.weights
        order = np.argsort(self.values, kind="stable")
        v, d, w = self.values[order], self.decision[order], w[order]
        lines = []
        three = v[d == 3]
        if three.size:
            lo3 = int(three.min())
            all3 = bool((d[v >= lo3] == 3).all())
            lines.append(f"Play 3x with {describe('crazy4', lo3)} or better"
                         + ("" if all3 else " (most hands; a few exceptions)") + ".")
        played = d > 0
        always = v[~played].max() + 1 if (~played).any() else v.min()
        lines.append(f"Play 1x with {describe('crazy4', int(v[v >= always].min()))} or better (below 3x).")
        bounds = band_bounds(v, d)
        if bounds is not None:
            mixed = (v >= bounds[0]) & (v < bounds[1])
            n_played = int(w[mixed & played].sum())
            n_mixed = int(w[mixed].sum())
            lines.append(
                f"Fold anything below {describe('crazy4', bounds[0])}. In between, card removal decides: "
                f"of those {n_mixed:,} hands, {n_played:,} are worth playing 1x; "
                "the list below gives the play for each.")
        else:
            lines.append("Fold everything else.")
        folded = int(self.weights[self.decision == 0].sum())
        tied = self.tied_hands()
        ties = ("no two choices are worth exactly the same for any hand, so the tie rule (R23) never decides"
                if tied == 0 else f"{tied:,} hands have two choices worth exactly the same: "
                + ("the one that risks less is taken (R23)" if "R23" in self.variant else "the larger wager is taken"))
        lines.append(f"({folded:,} of 2,598,960 hands fold. Each hand is played for the best value of Ante, Super "
                     f"Bonus and Play together (R19); {ties}.)")
        if bounds is not None:
            lines += ["", "Where card removal decides, by ranks and then by suits (the cards in brackets share a suit;",
                      "each other card has a suit of its own):", band_text(card_removal_band(self))]
        return "\n".join(lines)

    def tied_hands(self) -> int:
        """How many of the 2,598,960 hands have two best choices of exactly equal value."""
        return int(self.weights[decide(self.ev).tied].sum())


def analyze_crazy4(decl: BankedGame, progress: Progress | None = None,
                   count_super_bonus: bool = True, ties: str = "less") -> BankedAnalysis:
    """The exact analysis of Crazy 4 Poker under ``decl``'s pay tables.

    ``count_super_bonus``/``ties`` select a strategy variant (the defaults reproduce the filing).
    """
    roles = wager_roles(decl)
    play, ante = decl.wager(roles.decision), decl.wager(roles.unit)
    others = [decl.wager(k) for k in roles.main if k not in (play.key, ante.key)]
    _check_written_for(decl, roles, play, ante, others)
    super_bonus, (side_bet,) = others[0], roles.side
    progress = progress or Progress(False)
    counts = crazy4_counts(decl, progress)
    values, weights, not_qualifying = counts["x"], counts["weights"], counts["nq"]
    dealer = split_dealer_hands(counts["lt"], counts["le"], not_qualifying, DEALER_HANDS)
    sb_table = decl.pay_table(super_bonus.pay_table_key)
    sb_row = pay_rows(sb_table, decl.table_system(sb_table))[values].astype(np.int64)
    strategy = _derive_strategy(decl, counts, dealer, play, _super_bonus_values(sb_table, sb_row, dealer),
                                count_super_bonus, ties)
    progress(f"Crazy 4: strategy derived ({strategy.variant})")
    hands = _hands_by_play(strategy.decision, play)
    ante_rows = _ante_rows(weights, hands, not_qualifying, dealer)
    play_rows = _play_rows(weights, hands, play, not_qualifying, dealer)
    sb_rows = _super_bonus_rows(weights, hands, sb_table, sb_row, dealer)
    side_rows = _side_bet_rows(decl, side_bet, values, weights)
    tables = {
        ante.key: outcome_table(ante_rows),
        play.key: outcome_table(play_rows),
        super_bonus.key: outcome_table(sb_rows),
        side_bet: outcome_table(side_rows),
    }
    returns = {k: t.attrs["return"] for k, t in tables.items()}
    total = sum((returns[k] for k in roles.main), Fraction(0))
    average = len(others) + 1 + _average_play(weights, hands, play)  # the Ante and the Super Bonus, and the Play
    return BankedAnalysis(
        game=decl.key, title=decl.title, tables=tables, returns=returns, expected_return=total,
        house_edge=-total, average_wager=average, element_of_risk=-total / average, strategy=strategy,
        main_wagers=roles.main, notes=_analysis_notes(strategy))


class _HandsByPlay(NamedTuple):
    """The player hand classes (as masks) that fold, play 1x and play 3x, and all those played."""

    fold: np.ndarray
    one_x: np.ndarray
    three_x: np.ndarray
    played: np.ndarray


class _SuperBonusValues(NamedTuple):
    """The Super Bonus's worth to each hand played and to a hand folded, in ``1 / denominator`` Antes."""

    denominator: int
    when_played: np.ndarray
    when_folded: int


def _check_written_for(decl: BankedGame, roles: WagerRoles, play: Wager, ante: Wager, others: list[Wager]) -> None:
    """Refuse a declaration whose Play, Ante, Super Bonus or side bets this count was not written for."""
    written_for(decl, "(Play multiples, their minimum hands, Ante and Play when the dealer does not qualify, "
                "how the other main wagers settle, the side bets)",
                (play.multiples, tuple(n.multiple for n in play.needs), ante.if_not_qualified, play.if_not_qualified,
                 tuple(w.settles for w in others), len(roles.side)),
                ((1, 3), (3,), NotQualified.PUSHES, NotQualified.WINS, (Settles.BY_PAY_TABLE_ELSE_DEALER,), 1))


def _super_bonus_values(sb_table: PayTable, sb_row: np.ndarray, dealer: DealerCells) -> _SuperBonusValues:
    """What the Super Bonus is worth played (its pay, else lost to a dealer hand above) and folded (lost)."""
    sb_pays = table_pays(sb_table)
    denominator = lcm(*(p.denominator for p in sb_pays))
    sb_scaled = np.array([int(p * denominator) for p in sb_pays] + [0], np.int64)
    sb_hit = sb_row >= 0
    sb_play = np.where(sb_hit, sb_scaled[sb_row] * DEALER_HANDS,
                       -denominator * (dealer.nq_above + dealer.above))  # Super Bonus when playing
    return _SuperBonusValues(denominator, sb_play, -denominator * DEALER_HANDS)


def _derive_strategy(decl: BankedGame, counts: dict[str, np.ndarray], dealer: DealerCells, play: Wager,
                     sb_values: _SuperBonusValues, count_super_bonus: bool, ties: str) -> Crazy4Strategy:
    """Fold, play 1x or play 3x for every hand: the choice worth the most, ties broken by ``ties``."""
    values, not_qualifying = counts["x"], counts["nq"]
    denominator, sb_play, sb_fold = sb_values
    ante_ev = denominator * (dealer.below - dealer.above)
    play_unit = denominator * (not_qualifying + dealer.below - dealer.above)
    use_sb = 1 if count_super_bonus else 0
    one, three = play.multiples
    ev = np.empty((len(values), 3), np.int64)
    ev[:, 0] = -denominator * DEALER_HANDS + use_sb * sb_fold
    ev[:, 1] = ante_ev + one * play_unit + use_sb * sb_play
    ev[:, 2] = ante_ev + three * play_unit + use_sb * sb_play
    barred_3x = values < minimum_value(decl, play.needs[0])  # a 3x Play needs aces or better (R19)
    ev[barred_3x, 2] = -(1 << 62)
    decision = np.array((0,) + play.multiples)[decide(ev, ties).choice]
    if not count_super_bonus:  # report the true EVs (with the Super Bonus) all the same
        ev[:, 0] += sb_fold
        ev[:, 1:] += sb_play[:, None]
        ev[barred_3x, 2] = -(1 << 62)
    variant = _variant_words(count_super_bonus, ties)
    return Crazy4Strategy(counts["keys"], counts["weights"], values, decision, ev, denominator * DEALER_HANDS,
                          variant)


def _variant_words(count_super_bonus: bool, ties: str) -> str:
    """The strategy variant in words: what the player's choice adds up, and which way ties go."""
    return ("maximize Ante + Super Bonus + Play" if count_super_bonus else "maximize Ante + Play only") + \
        (", ties toward the larger wager" if ties == "more" else ", ties toward the smaller wager (R23)")


def _hands_by_play(decision: np.ndarray, play: Wager) -> _HandsByPlay:
    """Which hands fold, which play 1x and which play 3x (and which are played at all)."""
    one, three = play.multiples
    fold = decision == 0
    return _HandsByPlay(fold, decision == one, decision == three, ~fold)


def _pairings(weights: np.ndarray, hands: np.ndarray, dealer_hands: np.ndarray | int) -> int:
    """How many player/dealer pairings: each chosen hand class's weight times its dealer hands."""
    dealer_counts = np.broadcast_to(np.asarray(dealer_hands, dtype=np.int64), hands.shape)
    return int((weights[hands].astype(object) * dealer_counts[hands].astype(object)).sum()) if hands.any() else 0


def _ante_rows(weights: np.ndarray, hands: _HandsByPlay, not_qualifying: np.ndarray,
               dealer: DealerCells) -> list[tuple[str, Fraction, int]]:
    """The Ante's outcomes: won, pushed (the dealer does not qualify, or ties) or lost (or folded)."""
    return [
        ("win", Fraction(1), _pairings(weights, hands.played, dealer.below)),
        ("push", Fraction(0), _pairings(weights, hands.played, not_qualifying + dealer.tie)),
        ("loss", -Fraction(1), _pairings(weights, hands.played, dealer.above)
         + _pairings(weights, hands.fold, DEALER_HANDS)),
    ]


def _play_rows(weights: np.ndarray, hands: _HandsByPlay, play: Wager, not_qualifying: np.ndarray,
               dealer: DealerCells) -> list[tuple[str, Fraction, int]]:
    """The Play's outcomes: won or lost at 3x or 1x, pushed on a tie or not made (a fold)."""
    one, three = play.multiples
    return [
        (f"win {three}x", Fraction(three), _pairings(weights, hands.three_x, not_qualifying + dealer.below)),
        (f"win {one}x", Fraction(one), _pairings(weights, hands.one_x, not_qualifying + dealer.below)),
        ("push or fold", Fraction(0), _pairings(weights, hands.played, dealer.tie)
         + _pairings(weights, hands.fold, DEALER_HANDS)),
        (f"loss {one}x", -Fraction(one), _pairings(weights, hands.one_x, dealer.above)),
        (f"loss {three}x", -Fraction(three), _pairings(weights, hands.three_x, dealer.above)),
    ]


def _super_bonus_rows(weights: np.ndarray, hands: _HandsByPlay, sb_table: PayTable, sb_row: np.ndarray,
                      dealer: DealerCells) -> list[tuple[str, Fraction, int]]:
    """The Super Bonus's outcomes: each pay line hit, else a push, or a loss to a dealer above or on a fold."""
    sb_hit = sb_row >= 0
    sb_rows = []
    for i, line in enumerate(sb_table.lines):
        sb_rows.append((line.outcome, line.pays, _pairings(weights, hands.played & (sb_row == i), DEALER_HANDS)))
    sb_rows.append(("push", Fraction(0), _pairings(weights, hands.played & ~sb_hit,
                                                   dealer.nq_below + dealer.nq_tie + dealer.below + dealer.tie)))
    sb_rows.append(("loss", -Fraction(1), _pairings(weights, hands.played & ~sb_hit, dealer.nq_above + dealer.above)
                    + _pairings(weights, hands.fold, DEALER_HANDS)))
    return sb_rows


def _side_bet_rows(decl: BankedGame, side_bet: str, values: np.ndarray,
                   weights: np.ndarray) -> list[tuple[str, Fraction, int]]:
    """The side bet's (Queens Up's) outcomes over the player hands: each pay line hit, else a loser."""
    side_table = decl.pay_table(decl.wager(side_bet).pay_table_key)
    side_row = pay_rows(side_table, decl.table_system(side_table))[values]
    side_rows = [(line.outcome, line.pays, int(weights[side_row == i].sum()))
                 for i, line in enumerate(side_table.lines)]
    side_rows.append(("loser", -Fraction(1), int(weights[side_row < 0].sum())))
    return side_rows


def _average_play(weights: np.ndarray, hands: _HandsByPlay, play: Wager) -> Fraction:
    """The Play wagered on average over every pairing, in units of the Ante (nothing on a fold)."""
    one, three = play.multiples
    pairings = HANDS_PER_CLASS_TOTAL * DEALER_HANDS
    return Fraction(one * _pairings(weights, hands.one_x, DEALER_HANDS)
                    + three * _pairings(weights, hands.three_x, DEALER_HANDS), pairings)


def _analysis_notes(strategy: Crazy4Strategy) -> list[str]:
    """The notes under the analysis: what the returns are per, what Queens Up counts over, the strategy."""
    return [
        "returns per unit Ante; the total is Ante + Play + Super Bonus (as in the filing)",
        "Queens Up counts are over the 2,598,960 player hands",
        f"strategy (R19): {strategy.variant}"
        + ("; no two choices are exactly equal for any hand, so the tie rule never decides"
           if strategy.tied_hands() == 0 else ""),
        "the Super Bonus flush pays 3 to 2 here exactly; settlement rounds an odd dollar's half down (B1)",
    ]


def strategy_variants(decl: BankedGame) -> dict[str, tuple[int, ...]]:
    """Ante table counts (win, push, loss) under each strategy variant, to show which one the
    filing used."""
    out = {}
    for sb in (True, False):
        for ties in ("less", "more"):
            a = analyze_crazy4(decl, count_super_bonus=sb, ties=ties)
            out[a.strategy.variant] = tuple(int(c) for c in a.tables[wager_roles(decl).unit]["combinations"])
    return out
