"""The Crazy 4 strategy card for the band where card removal decides: every hand of the
band appears in it exactly once, with the play the strategy makes for that very hand.

The band is found here from the strategy's own decisions over all 2,598,960 hands (from the
lowest value any hand is played with, up to the highest value any hand is folded with), and each
hand's ranks and suit pattern are read here from its cards, not from gamelib's notation code.
"""

from __future__ import annotations

from collections import Counter, defaultdict

import numpy as np
import pytest

from gamelib import get_game
from gamelib.analysis.banked import analyze
from gamelib.analysis.banked.crazy4_band import band_text, card_removal_band
from gamelib.analysis.banked.enumeration import canonical_keys
from gamelib.cards import format_cards, parse_cards
from gamelib.combinatorics import combinations_array
from gamelib.rankings.crazy4 import CRAZY4

RANKS = "23456789TJQKA"


@pytest.fixture(scope="module")
def strategy():
    return analyze(get_game("crazy4")).strategy


def notation(cards: list[int]) -> tuple[str, str]:
    """A hand's ranks ("K-Q-8-4-3") and suit pattern ("(K Q) 8 4 3"), from its cards."""
    by_suit: dict[int, list[int]] = defaultdict(list)
    for c in cards:
        by_suit[c & 3].append(c >> 2)
    groups = sorted((sorted(g, reverse=True) for g in by_suit.values()), key=lambda g: (-len(g), [-r for r in g]))
    shared = ["(" + " ".join(RANKS[r] for r in g) + ")" for g in groups if len(g) > 1]
    alone = [RANKS[r] for r in sorted((g[0] for g in groups if len(g) == 1), reverse=True)]
    ranks = "-".join(RANKS[r] for r in sorted((c >> 2 for c in cards), reverse=True))
    return ranks, " ".join(shared + alone)


def test_every_hand_of_the_band_is_listed_once_with_its_play(strategy) -> None:
    hands = combinations_array(52, 5)
    values = CRAZY4.evaluate_array(hands)
    classes = np.searchsorted(strategy.keys, canonical_keys(hands))
    assert (strategy.keys[classes] == canonical_keys(hands)).all()
    played = strategy.decision[classes] > 0
    lowest, highest_folded = values[played].min(), values[~played].max()
    in_band = np.nonzero((values >= lowest) & (values <= highest_folded))[0]
    assert len(in_band) == 6720 and int(played[in_band].sum()) == 2496   # the strategy's summary

    band = card_removal_band(strategy)
    listed = {(r.ranks, r.suits): r for r in band.itertuples()}
    assert len(listed) == len(band), "a suit pattern is listed twice"
    seen: Counter[tuple[str, str]] = Counter()
    for i in in_band:
        cards = [int(c) for c in hands[i]]
        key = notation(cards)
        assert key in listed, f"{format_cards(cards)} ({key}) is not in the list"
        assert listed[key].play == strategy.play_for(cards), f"{format_cards(cards)}: {listed[key].play}"
        seen[key] += 1
    assert {k: r.hands for k, r in listed.items()} == dict(seen)   # every row stands for exactly its hands
    for row in band.itertuples():   # each example is a hand of its row
        assert notation(sorted(parse_cards(row.example))) == (row.ranks, row.suits)


def test_the_strategy_in_words_prints_the_whole_band(strategy) -> None:
    band = card_removal_band(strategy)
    words = strategy.summary()
    assert "strategy tool" not in words and "the list below gives the play for each" in words
    assert band_text(band) in words
    flat = " ".join(words.split())
    for ranks, rows in band.groupby("ranks", sort=False):
        if rows["play"].nunique() == 1:
            assert f"{ranks} ({int(rows['hands'].sum()):,} hands): fold all suit patterns" in flat
            continue
        block = flat[flat.index(ranks + " ("):]
        for play, label in (("1x", "play 1x: "), ("fold", "fold: ")):
            patterns = ", ".join(rows.loc[rows["play"] == play, "suits"])
            assert label + patterns in block, f"{ranks}: the {play} patterns are not listed in order"
    assert "K-Q-8-3-2 (960 hands): fold all suit patterns" in words
    assert "K-Q-7-6-3 (960 hands; play 1x 24, fold 936):\n  play 1x: (K Q) 7 6 3\n" in words
