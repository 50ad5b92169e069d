"""Timing of the banked games' complete exact analyses, cold and with another pay table; then
of the par sheet after a pay-table change and of the pay-table designer.

    python benchmarks/bench_analysis.py [--warm] [--repeat 3] [--json benchmarks/results/bench_analysis.json]

Cold (default): ``GAMELIB_CACHE`` is pointed at a fresh temporary folder, so everything is
computed from scratch in this process: Crazy 4 Poker (3,986,646,103,440 pairings), Three Card
Poker with the 6 Card Bonus (407,170,400 pairings and 20,358,520 six-card sets) and New
Hampshire Hold'em (backward induction over 155,937,600 ordered deals). Then, for each game, a
different pay table is analysed (the pay-table-independent counts come from the disk cache):
the best of ``--repeat`` runs, each in a fresh state (the in-process caches are bypassed).
``--warm`` keeps the user's cache folder instead (the cold timing is then a warm one).

Par sheet: once a game's first analysis (and par sheet) has run in this process, the par sheet
of another pay table (``gamelib.analysis.par_sheet.par_sheet``, strategy re-derived: the NH
Hold'em main table re-optimised street by street), the best of ``--repeat``. Designer: 1,000
candidate tables per game (three pay lines, ten pays each) searched for a target house edge
(``gamelib.analysis.pay_designer.design``), one run.

Targets (printed, never asserted in the test suite): the three cold analyses together under
30 s on a 2-core machine; a pay-table change under 1 s per game; its par sheet under 0.1 s; the
designer's 1,000 tables under 10 s.
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
TARGET_PAR_SHEET = 0.1
TARGET_DESIGN = 10.0

CHANGES = {
    "crazy4": ("super_bonus", {"flush": 2, "straight": 2}),
    "three-card-6bonus": ("pair_plus", {"straight": 6, "flush": 4}),
    "nh-holdem": ("main", {"flush": 5, "full house": 7}),
}

#: 1,000 candidate tables per game: (table, the lines varied over 1..10 each, target house edge)
DESIGNS = {
    "crazy4": ("super_bonus", ("three of a kind", "flush", "straight"), "3%"),
    "three-card-6bonus": ("ante_bonus", ("straight flush", "three of a kind", "straight"), "3%"),
    "nh-holdem": ("main", ("full house", "flush", "straight"), "8%"),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--warm", action="store_true", help="use the existing cache folder")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", help="also write the timings to this JSON file")
    args = parser.parse_args(argv)
    tmp = None
    if not args.warm:
        tmp = tempfile.mkdtemp(prefix="gamelib-bench-")
        os.environ["GAMELIB_CACHE"] = tmp
    from gamelib import get_game  # after GAMELIB_CACHE is set
    from gamelib.analysis.banked import analyze

    print(f"python {platform.python_version()}, {os.cpu_count()} cpus, "
          f"cache {os.environ.get('GAMELIB_CACHE', '~/.cache/gamelib')}")
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
    record = {"python": platform.python_version(), "cpus": os.cpu_count(), "load average": os.getloadavg(),
              "par sheet after a pay change (s)": {}, "designer, 1,000 tables (s)": {}}
    par_sheet_timings(args.repeat, record)
    if args.json:
        import json

        with open(args.json, "w") as fh:
            json.dump(record, fh, indent=1, default=str)
            fh.write("\n")
    if tmp is not None:
        shutil.rmtree(tmp, ignore_errors=True)
    return 0


def par_sheet_timings(repeat: int, record: dict) -> None:
    """The par sheet of another pay table (after the game's first), and the designer's 1,000 tables."""
    from fractions import Fraction

    from gamelib import get_game
    from gamelib.analysis.par_sheet import par_sheet
    from gamelib.analysis.pay_designer import design

    worst = 0.0
    for key, (wager, pays) in CHANGES.items():
        start = time.perf_counter()
        first = par_sheet(get_game(key))
        first_time = time.perf_counter() - start
        best = float("inf")
        for i in range(repeat):
            game = get_game(key).with_pay_table(wager, {k: Fraction(v) + Fraction(i, 3) for k, v in pays.items()})
            start = time.perf_counter()
            sheet = par_sheet(game)
            best = min(best, time.perf_counter() - start)
        worst = max(worst, best)
        record["par sheet after a pay change (s)"][key] = best
        print(f"{key:18s} par sheet: first {first_time:6.3f} s, after a pay-table change ({wager}) {best:6.3f} s   "
              f"main game SD {first.game.standard_deviation:.4f} -> {sheet.game.standard_deviation:.4f}, "
              f"house edge {float(first.game.house_edge):.4%} -> {float(sheet.game.house_edge):.4%}")
    print(f"{'par sheet':18s} worst {worst:.3f} s (target < {TARGET_PAR_SHEET} s): "
          f"{'OK' if worst < TARGET_PAR_SHEET else 'SLOW'}")
    worst = 0.0
    for key, (table, lines, target) in DESIGNS.items():
        start = time.perf_counter()
        found = design(get_game(key), table, {line: range(1, 11) for line in lines}, target, top=3)
        elapsed = time.perf_counter() - start
        worst = max(worst, elapsed)
        record["designer, 1,000 tables (s)"][key] = elapsed
        best = ", ".join(f"{line} {found[line].iloc[0]}" for line in lines)
        print(f"{key:18s} designer: {found.attrs['candidates']:,} {table} tables in {elapsed:6.2f} s; nearest "
              f"{target}: {best} ({float(found['house edge'].iloc[0]):.4%})")
    print(f"{'designer':18s} worst {worst:.2f} s (target < {TARGET_DESIGN:.0f} s): "
          f"{'OK' if worst < TARGET_DESIGN else 'SLOW'}")


if __name__ == "__main__":
    sys.exit(main())
