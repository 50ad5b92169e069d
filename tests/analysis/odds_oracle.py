"""What the odds tests share: an answer of ``gamelib.analysis.odds`` held to a brute force's counts
(``want``: "equity" and "scoop" per seat, "win" and "tie" per (portion, seat), as exact fractions).
The brute forces themselves stay in their test files (test_odds.py: every deal; test_odds_draws.py:
the automatic player drawing)."""

from __future__ import annotations

from typing import Any


def assert_matches(got: Any, want: dict[str, Any]) -> None:
    """Every seat's equity and scoop, every portion's win and tie, exactly; the shares make one pot."""
    assert [p.equity for p in got.players] == want["equity"]
    assert [p.scoop for p in got.players] == want["scoop"]
    for p in got.players:
        for q in p.portions:
            assert (q.win, q.tie) == (want["win"][(q.name, p.seat)], want["tie"][(q.name, p.seat)]), (p.seat, q.name)
    assert sum(p.equity for p in got.players) == 1
