"""Showdowns judged per second, per pot game (six players, vectorized over many deals).

Run: ``.venv/bin/python benchmarks/bench_showdown.py [--deals N] [--players P] [--games k1,k2]``.
Deals are drawn first (not timed); the timed part is ``game.judge_many(hands, boards)``, which
returns the winners mask of every portion for every deal. The target is 100,000 six-player
showdowns per second for every game.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from gamelib import POT_GAMES, get_game

TARGET = 100_000


def random_deals(key: str, deals: int, players: int, seed: int = 0) -> tuple[np.ndarray, np.ndarray | None]:
    """Random hands ``(deals, players, cards)`` and boards ``(deals, boards, 5)`` for ``key``."""
    decl = get_game(key).declaration
    need = players * decl.hole_cards + 5 * decl.boards
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random((deals, 52)), axis=1)[:, :need].astype(np.int64)
    hands = order[:, : players * decl.hole_cards].reshape(deals, players, decl.hole_cards)
    boards = order[:, players * decl.hole_cards:].reshape(deals, decl.boards, 5) if decl.boards else None
    return hands, boards


def bench(key: str, deals: int, players: int, repeat: int = 3) -> tuple[float, float]:
    """Best showdowns per second over ``repeat`` runs: by the wall clock, and per CPU second
    (the second is steadier on a machine shared with other work)."""
    game = get_game(key)
    hands, boards = random_deals(key, deals, players)
    game.judge_many(hands[:10], None if boards is None else boards[:10])  # build tables once
    wall = cpu = float("inf")
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        game.judge_many(hands, boards)
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return deals / wall, deals / max(cpu, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100_000)
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--games", default=",".join(POT_GAMES))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"{'game':<20} {'showdowns/s':>12} {'per CPU s':>12}  ({args.players} players, {args.deals:,} deals)")
    for key in args.games.split(","):
        wall, cpu = bench(key, args.deals, args.players, args.repeat)
        flag = "" if wall >= TARGET else "  below target (wall clock)"
        print(f"{key:<20} {wall:>12,.0f} {cpu:>12,.0f}{flag}", flush=True)


if __name__ == "__main__":
    main()
