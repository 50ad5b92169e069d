"""The odds calculator's per-group tables (gamelib/analysis/odds/tables.py) against its other
route, every deal's hands judged by the engine's ``judge_many``: the same exact answer in every
pot game, on random questions (those of test_odds_properties.py: known hands, random ones, partial
boards, declared draws), and whatever the chunk size (a chunk of a few deals, so that a question's
deals cross many chunks and every split of a chunk among the groups is met)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamelib import POT_GAMES
from gamelib.analysis.odds import deals as dealing
from gamelib.analysis.odds import odds, tables
from gamelib.cards import format_cards, parse_cards

sys.path.insert(0, str(Path(__file__).resolve().parent))
from test_odds_properties import question  # noqa: E402  (the random questions of the property tests)


def answer(r: object) -> object:
    return [(p.equity, p.scoop, [(q.win, q.tie, q.share) for q in p.portions]) for p in r.players]  # type: ignore[attr-defined]


@pytest.mark.parametrize("key", POT_GAMES)
def test_tables_agree_with_judging_every_deal(key: str, monkeypatch: pytest.MonkeyPatch) -> None:
    for seed in range(6):
        kw = question(key, seed, 2 + seed % 2)
        fast = odds(key, **kw)
        assert fast.exact
        with monkeypatch.context() as m:
            m.setattr(dealing, "CHUNK", 7)
            small = odds(key, **kw)
        with monkeypatch.context() as m:
            m.setattr(tables.GroupTables, "build", staticmethod(lambda q: None))
            judged = odds(key, **kw)
        assert answer(fast) == answer(small) == answer(judged), (seed, kw)


def test_a_whole_board_is_valued_by_three_card_subsets(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before the flop (every board card to come) the tables are of three-card subsets; with dead
    cards a few thousand boards, in chunks of seven."""
    hands = ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"]
    rest = [c for c in range(52) if c not in parse_cards(" ".join(hands))]
    kw = {"hands": hands, "dead": format_cards(rest[::3] + rest[1::3])}  # 14 cards left: 2,002 boards
    fast = odds("big-o", **kw)
    with monkeypatch.context() as m:
        m.setattr(dealing, "CHUNK", 7)
        m.setattr(tables.GroupTables, "build", staticmethod(lambda q: None))
        judged = odds("big-o", **kw)
    assert fast.deals == judged.deals == 2002
    assert answer(fast) == answer(judged)
