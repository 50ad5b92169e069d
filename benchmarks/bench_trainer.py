"""How long the staff trainer takes to check an answer, and to deal a question, per drill.

Run: ``.venv/bin/python benchmarks/bench_trainer.py [--questions N] [--games k1,k2]``.
For every drill, game and focus, ``N`` questions are dealt (timed: ``drill.next(seed)``), then
each is checked twice, once with the right answer and once with a wrong one (timed:
``drill.check(question, answer)``). The target is a check well under 100 ms; the slowest
single check and the slowest deal are printed with the median of each.
"""

from __future__ import annotations

import argparse
import statistics
import time

from gamelib.trainer import DRILLS, make_drill

TARGET_CHECK = 0.100


def wrong(q):  # type: ignore[no-untyped-def]
    f = q.fields[0]
    out = dict(q.correct_answer)
    out[f.name] = (q.correct_answer[f.name] + 1 if f.kind == "dollars"
                   else [] if f.kind == "multi" else next(o for o in f.options if o != q.correct_answer[f.name]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=5)
    ap.add_argument("--games", default="")
    args = ap.parse_args()
    only = set(filter(None, args.games.split(",")))
    checks: list[float] = []
    print(f"{'drill':10} {'game':20} {'focus':13} {'deal med ms':>11} {'deal max ms':>11} {'check max ms':>12}")
    worst_check = 0.0
    for key, d in DRILLS.items():
        for game in d.games:
            if only and game not in only:
                continue
            for focus in d.focuses_for(game):
                drill = make_drill(key, game, focus)
                drill.next(10_000)  # tables built once, not timed
                deals, mine = [], []
                for seed in range(args.questions):
                    t = time.perf_counter()
                    q = drill.next(seed)
                    deals.append(time.perf_counter() - t)
                    for ans in (q.correct_answer, wrong(q)):
                        t = time.perf_counter()
                        drill.check(q, ans)
                        mine.append(time.perf_counter() - t)
                checks += mine
                worst_check = max(worst_check, max(mine))
                print(f"{key:10} {game:20} {focus:13} {1000 * statistics.median(deals):11.2f} "
                      f"{1000 * max(deals):11.2f} {1000 * max(mine):12.3f}")
    print(f"\n{len(checks)} checks: median {1e6 * statistics.median(checks):.1f} us, "
          f"slowest {1e3 * worst_check:.3f} ms (target: under {1000 * TARGET_CHECK:.0f} ms) -> "
          + ("OK" if worst_check < TARGET_CHECK else "TOO SLOW"))


if __name__ == "__main__":
    main()
