"""Timing of the banked games' complete exact analyses, cold and with another pay table.

    python benchmarks/bench_analysis.py [--warm] [--repeat 3]

Cold (default): ``GAMELIB_CACHE`` is pointed at a fresh temporary folder, so everything is
computed from scratch in this process: Crazy 4 Poker (3,986,646,103,440 pairings), Three Card
Poker with the 6 Card Bonus (407,170,400 pairings and 20,358,520 six-card sets) and New
Hampshire Hold'em (backward induction over 155,937,600 ordered deals). Then, for each game, a
different pay table is analysed (the pay-table-independent counts come from the disk cache):
the best of ``--repeat`` runs, each in a fresh state (the in-process caches are bypassed).
``--warm`` keeps the user's cache folder instead (the cold timing is then a warm one).

Targets (printed, never asserted in the test suite): the three cold analyses together under
30 s on a 2-core machine; a pay-table change under 1 s per game.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
import time

TARGET_COLD = 30.0
TARGET_CHANGE = 1.0

CHANGES = {
    "crazy4": ("super_bonus", {"flush": 2, "straight": 2}),
    "three-card-6bonus": ("pair_plus", {"straight": 6, "flush": 4}),
    "nh-holdem": ("main", {"flush": 5, "full house": 7}),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--warm", action="store_true", help="use the existing cache folder")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)
    tmp = None
    if not args.warm:
        tmp = tempfile.mkdtemp(prefix="gamelib-bench-")
        os.environ["GAMELIB_CACHE"] = tmp
    from gamelib import get_game  # after GAMELIB_CACHE is set
    from gamelib.analysis.banked import analyze

    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, cache {os.environ.get('GAMELIB_CACHE', '~/.cache/gamelib')}")
    total = 0.0
    results = {}
    for key in CHANGES:
        start = time.perf_counter()
        analysis = analyze(get_game(key))
        elapsed = time.perf_counter() - start
        total += elapsed
        results[key] = analysis
        print(f"{key:18s} {'cold' if not args.warm else 'warm'} analysis {elapsed:7.2f} s   "
              f"house edge {float(analysis.house_edge):.6f}")
    print(f"{'all three':18s} {total:7.2f} s (target < {TARGET_COLD:.0f} s): {'OK' if total < TARGET_COLD else 'SLOW'}")
    worst = 0.0
    for key, (wager, pays) in CHANGES.items():
        best = float("inf")
        for _ in range(args.repeat):
            game = get_game(key).with_pay_table(wager, pays)
            start = time.perf_counter()
            other = analyze(game)
            best = min(best, time.perf_counter() - start)
        worst = max(worst, best)
        print(f"{key:18s} pay-table change ({wager}: {pays}) {best:6.3f} s   house edge "
              f"{float(results[key].house_edge):.6f} -> {float(other.house_edge):.6f}, "
              f"{wager} return {float(results[key].returns[wager]):.6f} -> {float(other.returns[wager]):.6f}")
    print(f"{'pay-table change':18s} worst {worst:.3f} s (target < {TARGET_CHANGE:.0f} s): "
          f"{'OK' if worst < TARGET_CHANGE else 'SLOW'}")
    if tmp is not None:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
