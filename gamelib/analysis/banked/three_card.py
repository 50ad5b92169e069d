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
from ...games.banked import BankedGame, JudgedHand, PayTable, Wager, dealer_qualifying_value, pay_rows
from ...games.vocabularies import NotQualified
from ...rankings.high import HIGH
from ...rankings.three_card import THREE_CARD
from ..cache import cached_arrays
from .common import CODE_MODULES, BankedAnalysis, Progress, outcome_table, table_pays, written_for
from .enumeration import canonical_keys, player_vs_dealer_counts, six_card_high_counts
from .rules import DealerCells, WagerRoles, decide, split_dealer_hands, wager_roles

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
    _check_written_for(decl, roles, play, ante, main_hand, side_hands)
    progress = progress or Progress(False)
    counts = three_card_counts(decl, progress)
    values, weights, not_qualifying = counts["x"], counts["weights"], counts["nq"]
    dealer = split_dealer_hands(counts["lt"], counts["le"], not_qualifying, DEALER_HANDS)
    assert ante.bonus is not None  # written_for refuses a declaration without it
    ab_table = decl.pay_table(ante.bonus)
    ab_row = pay_rows(ab_table, decl.table_system(ab_table))[values].astype(np.int64)
    strategy = _derive_strategy(counts, dealer, ab_table, ab_row)
    progress("Three Card Poker: strategy derived")
    raised = strategy.raise_
    tables = {
        ante.key: outcome_table(_ante_rows(weights, raised, not_qualifying, dealer)),
        play.key: outcome_table(_play_rows(weights, raised, play, not_qualifying, dealer)),
        ab_table.key: outcome_table(_ante_bonus_rows(weights, raised, ab_table, ab_row)),
    }
    for key, hand in zip(roles.side, side_hands, strict=True):
        tables[key] = outcome_table(_side_bet_rows(decl, key, hand.cards == main_hand.cards, counts))
    returns = {k: t.attrs["return"] for k, t in tables.items()}
    total = sum((returns[k] for k in roles.main + roles.bonuses), Fraction(0))
    average = 1 + Fraction(_pairings(weights, raised, DEALER_HANDS), PLAYER_HANDS * DEALER_HANDS)
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


def _check_written_for(decl: BankedGame, roles: WagerRoles, play: Wager, ante: Wager, main_hand: JudgedHand,
                       side_hands: tuple[JudgedHand, ...]) -> None:
    """Refuse a declaration whose Play, Ante, Ante Bonus or side bets this count was not written for."""
    dealer_cards = decl.hand(decl.qualifier.hand).cards if decl.qualifier else ()
    counted = {(main_hand.cards, main_hand.system), (main_hand.cards + dealer_cards, HIGH.name)}
    written_for(decl, "(Play multiples, Ante and Play when the dealer does not qualify, the main wagers, "
                "a bonus table on the Ante, side bets on hands other than the player's or the six cards)",
                (play.multiples, ante.if_not_qualified, play.if_not_qualified, roles.main, ante.bonus is not None,
                 tuple(h.key for h in side_hands if (h.cards, h.system) not in counted)),
                ((1,), NotQualified.WINS, NotQualified.PUSHES, (ante.key, play.key), True, ()))


def _derive_strategy(counts: dict[str, np.ndarray], dealer: DealerCells, ab_table: PayTable,
                     ab_row: np.ndarray) -> ThreeCardStrategy:
    """Raise or fold for every hand: raise when Ante, Play and Ante Bonus beat folding (a tie folds, R23)."""
    values, not_qualifying = counts["x"], counts["nq"]
    ab_pays = table_pays(ab_table)
    denominator = lcm(*(p.denominator for p in ab_pays))
    ab_scaled = np.array([int(p * denominator) for p in ab_pays] + [0], np.int64)
    ev = np.empty((len(values), 2), np.int64)
    ev[:, 0] = -denominator * DEALER_HANDS
    play_ev = denominator * (not_qualifying + dealer.below - dealer.above)
    ante_ev = denominator * (dealer.below - dealer.above)
    ev[:, 1] = play_ev + ante_ev + ab_scaled[ab_row] * DEALER_HANDS
    raised = decide(ev).choice == 1  # an exact tie folds (R23)
    return ThreeCardStrategy(counts["keys"], counts["weights"], values, raised, ev, denominator * DEALER_HANDS)


def _pairings(weights: np.ndarray, hands: np.ndarray, dealer_hands: np.ndarray | int) -> int:
    """How many player/dealer pairings: each chosen hand class's weight times its dealer hands."""
    dealer_counts = np.broadcast_to(np.asarray(dealer_hands, dtype=np.int64), hands.shape)
    return int((weights[hands] * dealer_counts[hands]).sum())


def _ante_rows(weights: np.ndarray, raised: np.ndarray, not_qualifying: np.ndarray,
               dealer: DealerCells) -> list[tuple[str, Fraction, int]]:
    """The Ante's outcomes: won (dealer not qualifying or below), pushed on a tie, lost (dealer above, or fold)."""
    return [
        ("win", Fraction(1), _pairings(weights, raised, not_qualifying + dealer.below)),
        ("push", Fraction(0), _pairings(weights, raised, dealer.tie)),
        ("loss", -Fraction(1), _pairings(weights, raised, dealer.above) + _pairings(weights, ~raised, DEALER_HANDS)),
    ]


def _play_rows(weights: np.ndarray, raised: np.ndarray, play: Wager, not_qualifying: np.ndarray,
               dealer: DealerCells) -> list[tuple[str, Fraction, int]]:
    """The Play's outcomes: won, pushed (dealer not qualifying, or a tie), lost, or never made (a fold)."""
    return [
        ("win", Fraction(1), _pairings(weights, raised, dealer.below)),
        ("push", Fraction(0), _pairings(weights, raised, not_qualifying + dealer.tie)),
        ("loss", -Fraction(1), _pairings(weights, raised, dealer.above)),
        (f"fold (no {play.name} wager)", Fraction(0), _pairings(weights, ~raised, DEALER_HANDS)),
    ]


def _ante_bonus_rows(weights: np.ndarray, raised: np.ndarray, ab_table: PayTable,
                     ab_row: np.ndarray) -> list[tuple[str, Fraction, int]]:
    """The Ante Bonus's outcomes: each pay line hit on a raise (R20), else no bonus."""
    return ([(line.outcome, line.pays, _pairings(weights, raised & (ab_row == i), DEALER_HANDS))
             for i, line in enumerate(ab_table.lines)]
            + [("no bonus", Fraction(0), _pairings(weights, raised & (ab_row < 0), DEALER_HANDS)
                + _pairings(weights, ~raised, DEALER_HANDS))])


def _side_bet_rows(decl: BankedGame, key: str, on_player_hand: bool,
                   counts: dict[str, np.ndarray]) -> list[tuple[str, Fraction, int]]:
    """A side bet's outcomes: Pair Plus over the 22,100 player hands, the 6 Card Bonus over the six-card sets."""
    table = decl.pay_table(decl.wager(key).pay_table_key)
    rows = pay_rows(table, decl.table_system(table))
    if on_player_hand:
        weights, row = counts["weights"], rows[counts["x"]]
        return ([(line.outcome, line.pays, int(weights[row == i].sum())) for i, line in enumerate(table.lines)]
                + [("loss", -Fraction(1), int(weights[row < 0].sum()))])
    six = counts["six"]  # on the player's and the dealer's cards: how many six-card sets have each value
    return ([(line.outcome, line.pays, int(six[rows == i].sum())) for i, line in enumerate(table.lines)]
            + [("loss", -Fraction(1), int(six[1:][rows[1:] < 0].sum()))])
