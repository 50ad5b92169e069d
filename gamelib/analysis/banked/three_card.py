"""Three Card Poker with the 6 Card Bonus: exact analysis of all 407,170,400 player/dealer
pairings (C(52,3) * C(49,3)), the raise-or-fold strategy, Pair Plus over the 22,100 player hands
and the 6 Card Bonus over the 20,358,520 six-card sets.

For each of the 1,755 suit classes of player hands the 18,424 dealer hands from the other 49
cards are split by qualification and by comparison with the player's hand
(:class:`~gamelib.analysis.banked.enumeration.DisjointCounter`). The player raises when the exact
expected value of raising (Ante + Play + Ante Bonus, R20: the bonus is paid only on a raise)
is more than that of folding (-1 Ante); a hand worth exactly the same either way would fold
(R23: the choice that risks less), but no such hand exists (the tests check it).

>>> DEALER_HANDS
18424
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb, lcm

import numpy as np

from ...cards import CardsLike, parse_cards
from ...games.banked import BankedGame, dealer_qualifying_value, pay_rows
from ...games.vocabularies import NotQualified
from ...rankings.high import HIGH
from ...rankings.three_card import THREE_CARD
from ..cache import cached_arrays
from .common import CODE_MODULES, BankedAnalysis, Progress, outcome_table, table_pays, written_for
from .enumeration import canonical_keys, player_vs_dealer_counts, six_card_high_counts
from .rules import decide, split_dealer_hands, wager_roles

PLAYER_HANDS = comb(52, 3)
DEALER_HANDS = comb(49, 3)


def three_card_counts(decl: BankedGame, progress: Progress | None = None) -> dict[str, np.ndarray]:
    """Per player suit class: key, weight, value, and dealer hands below (``lt``), at most
    (``le``) the player's value, and not qualifying (``nq``). Cached on disk."""
    progress = progress or Progress(False)
    q = dealer_qualifying_value(decl)

    def compute() -> dict[str, np.ndarray]:
        progress("Three Card Poker: all 22,100 three-card hands")
        return {**player_vs_dealer_counts(THREE_CARD, 3, q), "six": six_card_high_counts(HIGH)}

    params = {"game": "three-card", "qualifier": q, "classes": THREE_CARD.n_classes}
    return cached_arrays("three-card-counts", params, compute, CODE_MODULES + (__name__,))


@dataclass
class ThreeCardStrategy:
    """Raise or fold for every player hand (by suit class), from exact expected values.

    ``ev[:, 0]`` fold, ``ev[:, 1]`` raise (Ante + Play + Ante Bonus), integers over
    ``ev_denominator``.
    """

    keys: np.ndarray
    weights: np.ndarray
    values: np.ndarray
    raise_: np.ndarray
    ev: np.ndarray
    ev_denominator: int
    #: The choices, in the order of the columns of ``ev``.
    CHOICES = ("fold", "raise")

    def play_for(self, cards: CardsLike) -> str:
        """``"raise"`` or ``"fold"`` for a three-card hand."""
        return "raise" if self.raise_[self._class_of(cards)] else "fold"

    def expected_values(self, cards: CardsLike) -> dict[str, Fraction]:
        """Exact expected values (units of the Ante) of folding and raising."""
        i = self._class_of(cards)
        return {"fold": Fraction(int(self.ev[i, 0]), self.ev_denominator),
                "raise": Fraction(int(self.ev[i, 1]), self.ev_denominator)}

    def _class_of(self, cards: CardsLike) -> int:
        hand = np.array([sorted(parse_cards(cards, n=3, what="three-card hand"))])
        return int(np.searchsorted(self.keys, canonical_keys(hand)[0]))

    def summary(self) -> str:
        """The strategy in plain words, derived from the decisions."""
        from ...rankings import describe

        v, r, w = self.values, self.raise_, self.weights
        lowest_raise = int(v[r].min())
        highest_fold = int(v[~r].max())
        lines = []
        if highest_fold < lowest_raise:
            lines.append(f"Raise with {describe('three-card', lowest_raise)} or better; fold anything lower "
                         f"(the best hand folded is {describe('three-card', highest_fold)}).")
        else:
            mixed = (v >= lowest_raise) & (v <= highest_fold)
            lines.append(f"Raise with better than {describe('three-card', highest_fold)}; fold below "
                         f"{describe('three-card', lowest_raise)}; in between ({int(w[mixed].sum()):,} hands) "
                         "the suits decide (the strategy tool shows which).")
        lines.append(f"({int(w[~r].sum()):,} of 22,100 hands fold.)")
        return "\n".join(lines)


def analyze_three_card(decl: BankedGame, progress: Progress | None = None) -> BankedAnalysis:
    """The exact analysis of Three Card Poker with the 6 Card Bonus under ``decl``'s pay tables."""
    roles = wager_roles(decl)
    play, ante = decl.wager(roles.decision), decl.wager(roles.unit)
    main_hand = decl.hand(decl.main_hand)
    side_hands = tuple(decl.hand(decl.pay_table(decl.wager(k).pay_table_key).hand) for k in roles.side)
    dealer_cards = decl.hand(decl.qualifier.hand).cards if decl.qualifier else ()
    counted = {(main_hand.cards, main_hand.system), (main_hand.cards + dealer_cards, HIGH.name)}
    written_for(decl, "(Play multiples, Ante and Play when the dealer does not qualify, the main wagers, "
                "a bonus table on the Ante, side bets on hands other than the player's or the six cards)",
                (play.multiples, ante.if_not_qualified, play.if_not_qualified, roles.main, ante.bonus is not None,
                 tuple(h.key for h in side_hands if (h.cards, h.system) not in counted)),
                ((1,), NotQualified.WINS, NotQualified.PUSHES, (ante.key, play.key), True, ()))
    progress = progress or Progress(False)
    c = three_card_counts(decl, progress)
    x, wts = c["x"], c["weights"]
    nq = c["nq"]
    N = DEALER_HANDS
    _, _, _, Qb, Qt, Qa = split_dealer_hands(c["lt"], c["le"], nq, N)

    assert ante.bonus is not None  # written_for refuses a declaration without it
    ab_table = decl.pay_table(ante.bonus)
    ab_pays = table_pays(ab_table)
    D = lcm(*(p.denominator for p in ab_pays))
    ab_scaled = np.array([int(p * D) for p in ab_pays] + [0], np.int64)
    ab_row = pay_rows(ab_table, decl.table_system(ab_table))[x].astype(np.int64)
    ev = np.empty((len(x), 2), np.int64)
    ev[:, 0] = -D * N
    ev[:, 1] = D * (nq + Qb - Qa) + D * (Qb - Qa) + ab_scaled[ab_row] * N
    raise_ = decide(ev).choice == 1  # an exact tie folds (R23)
    strategy = ThreeCardStrategy(c["keys"], wts, x, raise_, ev, D * N)
    progress("Three Card Poker: strategy derived")
    fold = ~raise_

    def tot(mask: np.ndarray, arr: np.ndarray | int) -> int:
        arr = np.broadcast_to(np.asarray(arr, dtype=np.int64), mask.shape)
        return int((wts[mask] * arr[mask]).sum())

    F1, F0 = Fraction(1), Fraction(0)
    tables = {
        ante.key: outcome_table([
            ("win", F1, tot(raise_, nq + Qb)),
            ("push", F0, tot(raise_, Qt)),
            ("loss", -F1, tot(raise_, Qa) + tot(fold, N)),
        ]),
        play.key: outcome_table([
            ("win", F1, tot(raise_, Qb)),
            ("push", F0, tot(raise_, nq + Qt)),
            ("loss", -F1, tot(raise_, Qa)),
            (f"fold (no {play.name} wager)", F0, tot(fold, N)),
        ]),
        ab_table.key: outcome_table(
            [(line.outcome, line.pays, tot(raise_ & (ab_row == i), N)) for i, line in enumerate(ab_table.lines)]
            + [("no bonus", F0, tot(raise_ & (ab_row < 0), N) + tot(fold, N))]),
    }
    six = c["six"]
    for key, hand in zip(roles.side, side_hands, strict=True):
        table = decl.pay_table(decl.wager(key).pay_table_key)
        rows = pay_rows(table, decl.table_system(table))
        if hand.cards == main_hand.cards:  # on the player's own hand: over the 22,100 player hands
            row = rows[x]
            tables[key] = outcome_table(
                [(line.outcome, line.pays, int(wts[row == i].sum())) for i, line in enumerate(table.lines)]
                + [("loss", -F1, int(wts[row < 0].sum()))])
        else:  # on the player's and the dealer's cards: over the six-card sets, by value
            tables[key] = outcome_table(
                [(line.outcome, line.pays, int(six[rows == i].sum())) for i, line in enumerate(table.lines)]
                + [("loss", -F1, int(six[1:][rows[1:] < 0].sum()))])
    returns = {k: t.attrs["return"] for k, t in tables.items()}
    total = sum((returns[k] for k in roles.main + roles.bonuses), Fraction(0))
    average = 1 + Fraction(tot(raise_, N), PLAYER_HANDS * N)
    notes = [
        "Ante, Play and Ante Bonus returns are per unit Ante over the 407,170,400 pairings; "
        "the main game's return is their sum",
        "Pair Plus over the 22,100 player hands; 6 Card Bonus over the 20,358,520 six-card sets "
        "(each set is 20 player/dealer pairings, so the probabilities are the same)",
    ]
    return BankedAnalysis(
        game=decl.key, title=decl.title, tables=tables, returns=returns, expected_return=total,
        house_edge=-total, average_wager=average, element_of_risk=-total / average, strategy=strategy,
        main_wagers=roles.main, notes=notes)
