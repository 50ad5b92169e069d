"""A new banked game takes one declaration: a Three Card Poker variant with a
jack-high dealer qualifier and another Pair Plus table is declared here, in the test file, and
the generic settler, the analysis driver and the widgets' round all play it with no other code.

The figures are checked against oracles that share nothing with the analysis: a plain count of
the 22,100 three-card hands for the Pair Plus, the settler's own verdicts for hands worked out
by hand, and a seeded sample of whole rounds settled by the engine for the main game.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from math import comb, sqrt

import pytest

from gamelib.analysis.banked import analyze
from gamelib.engine.banked import BankedGameEngine
from gamelib.errors import GameError
from gamelib.games.banked import THREE_CARD_6BONUS, BankedGame, Decide, JudgedHand, Qualifier, Reveal, Wager
from gamelib.games.vocabularies import Counting, NotQualified, OnFold, Settles
from gamelib.widgets.banked.round import deal_round

F = Fraction

# --- the variant: the only place it is written --------------------------------------------------
JACK_QUALIFIER = replace(
    THREE_CARD_6BONUS,
    key="three-card-jacks",
    title="Three Card Poker, dealer qualifies with jack high",
    qualifier=Qualifier(("J", "3", "2"), "jack high or better"),
    # Another approved Pair Plus table: the mini royal paid as any straight flush, straights 6, flushes 4.
    pay_tables=tuple(t.with_pays({"mini royal (A-K-Q suited)": 40, "straight": 6, "flush": 4})
                     if t.key == "pair_plus" else t for t in THREE_CARD_6BONUS.pay_tables),
)
GAME = BankedGameEngine(JACK_QUALIFIER)
FILED = BankedGameEngine(THREE_CARD_6BONUS)


# --- an independent three-card classifier (no gamelib ranking code) -------------------------------
def _category(cards: tuple[int, ...]) -> str:
    ranks = sorted((c // 4 for c in cards), reverse=True)
    flush = len({c % 4 for c in cards}) == 1
    straight = (ranks[0] - ranks[2] == 2 and len(set(ranks)) == 3) or ranks == [12, 1, 0]
    if straight and flush:
        return "straight flush"
    if len(set(ranks)) == 1:
        return "three of a kind"
    if straight:
        return "straight"
    if flush:
        return "flush"
    return "pair" if len(set(ranks)) == 2 else "high card"


def test_pair_plus_return_is_a_plain_count_of_the_22100_hands():
    counts = Counter(_category(h) for h in itertools.combinations(range(52), 3))
    assert sum(counts.values()) == comb(52, 3)
    pays = {line.category: line.pays for line in JACK_QUALIFIER.pay_table("pair_plus").lines}
    assert pays == {"straight flush": 40, "three of a kind": 30, "straight": 6, "flush": 4, "pair": 1}
    expected = sum((pays.get(cat, F(-1)) * n for cat, n in counts.items()), F(0)) / comb(52, 3)
    a = analyze(GAME)
    assert a.returns["pair_plus"] == expected
    assert a.returns["pair_plus"] != analyze(FILED).returns["pair_plus"]  # the table was changed


@pytest.mark.parametrize("dealer, variant, filed", [
    ("Jc 9d 4s", (5, 5), (5, 0)),  # jack high qualifies here (player K-high wins both), not in the filing
    ("Tc 9d 4s", (5, 0), (5, 0)),  # ten high qualifies in neither: Ante wins, Play pushes
    ("Kc 9d 4s", (5, 5), (5, 5)),  # both qualify; K-T-2 beats K-9-4
])
def test_the_qualifier_decides_as_declared(dealer, variant, filed):
    wagers = {"ante": 5, "play": 5}
    for game, want in ((GAME, variant), (FILED, filed)):
        s = game.settle(wagers, player="Kh Ts 2d", dealer=dealer)
        assert (s.result("ante").result, s.result("play").result) == want


def test_the_main_game_matches_rounds_settled_by_the_engine():
    """The exact expected result of Ante + Play (+ Ante Bonus) under the variant's strategy,
    against the mean of seeded rounds the engine settles with that strategy (4 standard errors)."""
    a = analyze(GAME)
    strategy = a.strategy
    rng = random.Random(11)
    results = []
    for _ in range(8000):
        deck = rng.sample(range(52), 6)
        player, dealer = deck[:3], deck[3:]
        play = 1 if strategy.play_for(player) == "raise" else 0
        s = GAME.settle({"ante": 1 * 2, "play": play * 2}, player=player, dealer=dealer)
        results.append(Fraction(s.total, 2))
    mean = sum(results, F(0)) / len(results)
    var = sum(float(r - mean) ** 2 for r in results) / (len(results) - 1)
    exact = a.expected_return
    assert abs(float(mean - exact)) < 4 * sqrt(var / len(results)), (float(mean), float(exact))
    # a jack-high dealer who now qualifies loses both Ante and Play to any hand the player
    # raised (queen high or better), where the filing pays only the Ante: better for the player
    assert exact > analyze(FILED).expected_return


def test_a_sample_round_of_the_variant_plays_through():
    """The widgets' round reads the variant's rounds and hands: the dealer's hand is judged
    against the jack-high qualifier, and the round settles as the engine does."""
    for seed in range(1, 6):
        r = deal_round(GAME, seed=seed)
        assert r.settlement == GAME.settle(r.wagers, **{k: list(v) for k, v in r.cards.items()})
        dealer_step = [s for s in r.steps if s.title.startswith("Dealer cards")]
        assert dealer_step and "the dealer needs jack high or better" in dealer_step[0].text


# --- declarations that refuse nonsense ------------------------------------------------------------
@pytest.mark.parametrize("changes, words", [
    ({"wagers": THREE_CARD_6BONUS.wagers + (Wager("lucky", "Lucky", 1, 5, table="lucky_table"),)},
     "settles by pay table 'lucky_table'"),
    ({"hands": THREE_CARD_6BONUS.hands + (JudgedHand("x", ("kitty",), "high", "", ""),)}, "'kitty' cards"),
    ({"hands": (JudgedHand("player", ("player",), "omaha-hi", "", ""),) + THREE_CARD_6BONUS.hands[1:]},
     "a banked hand is ranked by one of"),
    ({"qualifier": None}, "no dealer's qualifier"),
    ({"rounds": (Reveal("player", 0, 3), Reveal("dealer", 0, 3))}, "no round decides"),
    ({"rounds": (Reveal("player", 0, 4),) + THREE_CARD_6BONUS.rounds[1:]}, "shows cards 0:4"),
    ({"rounds": THREE_CARD_6BONUS.rounds + (Decide("pair_plus", ("player",)),)}, "not a decision wager"),
    ({"caps": {1: 100}}, "caps name"),
    ({"main_hand": "banker"}, "player's hand 'banker'"),
    ({"counting": "by guesswork"}, "counting method must be"),
])
def test_a_nonsense_declaration_is_refused(changes, words):
    with pytest.raises(GameError, match=words):
        replace(THREE_CARD_6BONUS, **changes)


@pytest.mark.parametrize("fields, words", [
    ({"settles": "by the phase of the moon"}, "how it settles must be"),
    ({"settles": Settles.AGAINST_DEALER}, "say what it does when the dealer does not qualify"),
    ({"on_fold": "vanishes"}, "what a fold does must be"),
    ({"minimum": None}, "needs limits"),
    ({"multiples": (0,)}, "multiples are whole numbers"),
])
def test_a_nonsense_wager_is_refused(fields, words):
    base = {"key": "w", "name": "W", "minimum": 1, "maximum": 5}
    with pytest.raises(GameError, match=words):
        Wager(**(base | fields))


def test_the_vocabularies_are_the_declarations_words():
    w = Wager("w", "W", 1, 5, settles="against the dealer", if_not_qualified="pushes", on_fold="loses")
    assert (w.settles, w.if_not_qualified, w.on_fold) == (Settles.AGAINST_DEALER, NotQualified.PUSHES, OnFold.LOSES)
    assert isinstance(JACK_QUALIFIER, BankedGame) and JACK_QUALIFIER.counting is Counting.THREE_AGAINST_DEALER


def test_the_chapter_widgets_open_on_the_variant():
    """Every banked widget takes the variant's game object and reads its declaration: no sample
    hands are written for it, the widgets deal their own."""
    from gamelib.widgets.banked import BankedDealWidget, DealerCompareWidget, PayWidget, StrategyWidget

    pay = PayWidget(GAME, "pair_plus")
    assert "Total" in pay.result.value and "house edge" in pay.edge.value
    assert "jack high or better" in DealerCompareWidget(GAME).result.value
    assert "The right play" in StrategyWidget(GAME).result.value
    assert "Total" in BankedDealWidget(GAME, seed=4).output.value


def test_a_counting_method_refuses_rules_it_was_not_written_for():
    """The NH Hold'em counting is written for street bets of 1x-3x; a variant with 1x-2x streets
    is refused rather than analysed with the filed game's bets."""
    from gamelib.games.banked import NH_HOLDEM

    short = replace(NH_HOLDEM, key="nh-two", wagers=tuple(
        replace(w, multiples=(1, 2)) if w.decision else w for w in NH_HOLDEM.wagers))
    with pytest.raises(GameError, match=r"is written for street bets .*\('flop', \(1, 2, 3\)\)"):
        analyze(BankedGameEngine(short))
    pushes_play = replace(THREE_CARD_6BONUS, key="tcp-push", wagers=tuple(
        replace(w, if_not_qualified=NotQualified.PUSHES) if w.key == "ante" else w for w in THREE_CARD_6BONUS.wagers))
    with pytest.raises(GameError, match="Ante and Play when the dealer does not qualify"):
        analyze(BankedGameEngine(pushes_play))
    assert BankedGameEngine(short).settle({"ante": 5, "flop": 10, "turn": 5, "river": 5}, hole="As Ad",
                                          community="Ac 7h 2c").total > 0  # the settler plays it all the same
