"""The hand-ranking explorer: every answer comes from gamelib.rankings, bad input is refused."""

from __future__ import annotations

import pytest

from gamelib import rankings
from gamelib.cards import parse_cards
from gamelib.errors import GameError
from gamelib.widgets.explorer import (
    DEAL_SIZE,
    EXAMPLES,
    RankingExplorer,
    category_table_html,
    compare,
    comparison_html,
)


@pytest.mark.parametrize("system", rankings.SYSTEMS)
def test_every_system_has_a_working_example(system: str) -> None:
    hands, board = EXAMPLES[system]
    c = compare(system, hands, board)
    values = rankings.evaluate(system, hands, board)
    assert [h.value for h in c.hands] == values.tolist()
    assert list(c.winners) == rankings.winners(system, hands, board)
    for h in c.hands:
        assert h.description == rankings.describe(system, h.value)
        assert set(h.best) <= set(h.cards) | set(c.board)
    assert c.verdict


def test_verdicts_name_the_reason() -> None:
    assert compare("high", ["Kh Kd Ks 4c 4d", "Ah Qh Jh 9h 8h"]).verdict == "Hand 1 wins: full house beats flush."
    v = compare("a5-low", ["8h 6d 4s 3c 2d", "8s 7d 4h 3d 2h"]).verdict
    assert v.startswith("Hand 1 wins: eight-six low") and "same category" in v
    assert compare("high", ["As Kd Qh Jc 9s", "Ah Ks Qd Jd 9c"]).verdict.startswith("All hands tie")
    assert "tie" in compare("high", ["As Kd Qh Jc 9s", "Ah Ks Qd Jd 9c", "2c 3c 4d 5h 7s"]).verdict
    assert compare("low8", ["9c 5c 4d 3s 2s", "Kh Kd 7c 6h 2h"]).winners == ()


def test_refusals_say_what_is_wrong() -> None:
    with pytest.raises(GameError, match="two or more hands"):
        compare("high", ["As Kd Qh Jc 9s"])
    with pytest.raises(GameError, match="As is in hand 2 and in hand 1"):
        compare("high", ["As Kd Qh Jc 9s", "As 2d 3h 4c 6s"])
    with pytest.raises(GameError, match="in the board"):
        compare("omaha-high", ["As Kd Qh Jc", "2d 3h 4c 6s"], board="As 9h 8h 7c 2c")
    with pytest.raises(GameError, match="take no board"):
        compare("high", ["As Kd Qh Jc 9s", "2d 3h 4c 6s 8s"], board="7h 8h 9h")
    with pytest.raises(GameError, match="unknown ranking system"):
        compare("poker", ["As Kd Qh Jc 9s", "2d 3h 4c 6s 8s"])
    with pytest.raises(GameError, match="'Xs'"):
        compare("high", ["Xs Kd Qh Jc 9s", "2d 3h 4c 6s 8s"])


def test_widget_compares_deals_and_reports_errors() -> None:
    w = RankingExplorer(system="three-card")
    assert "wins" in w.result.value
    w.system.value = "omaha-low8"
    assert w.board.value == (EXAMPLES["omaha-low8"][1] or "")
    assert w.board.layout.display is None
    w.players.value = 4
    w.seed.value = 7
    w.deal()
    lines = w.hands.value.splitlines()
    assert len(lines) == 4 and all(len(parse_cards(x)) == DEAL_SIZE["omaha-low8"] for x in lines)
    assert len(parse_cards(w.board.value)) == 5
    assert w.seed.value == 8
    expected = comparison_html(compare("omaha-low8", lines, w.board.value))
    assert w.result.value == expected
    w.hands.value = "As Ks\nAs Qd"
    w.refresh()
    assert "Cannot compare" in w.result.value and "As" in w.result.value
    w.system.value = "high"
    assert w.board.layout.display == "none"


def test_deal_is_seeded() -> None:
    a, b = RankingExplorer(seed=5), RankingExplorer(seed=5)
    a.deal()
    b.deal()
    assert a.hands.value == b.hands.value


def test_category_table_lists_every_category_with_its_count() -> None:
    html = category_table_html("three-card", 3)
    for cat in rankings.categories("three-card"):
        assert cat in html
    assert "16,440" in html and "22,100" not in html
