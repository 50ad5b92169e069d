"""Hands per second: gamelib.rankings side by side with pokerkit, treys, eval7 and phevaluator.

    python benchmarks/bench_rankings.py [--n 1000000] [--sample 200000] [--pk-sample 20000]
                                        [--pk-omaha-sample 2000] [--repeat 3] [--skip-others]

gamelib is timed through its public API (``evaluate`` / ``evaluate_hi_lo``, input validation
included: shape, dtype, card range and duplicate checks) on int arrays of ``--n`` hands dealt
by ``gamelib.cards.deal_hands``; the best of ``--repeat`` runs is kept. The other libraries
evaluate one hand per Python call, so they are timed on the first ``--sample`` hands
(``--pk-sample`` for pokerkit, which is much slower, and ``--pk-omaha-sample`` for its Omaha
high-low, a few hundred hands a second), with the cards converted to each library's
own card objects beforehand (conversion not timed), and reported as hands per second.

Systems: 5-card high, 7-card high, Omaha high-low (4 hole cards + 5 board cards, the high and
the eight-or-better low both computed), badugi (4 cards, aces low); then every other gamelib
system alone. A library that does not cover a system shows "-"; phevaluator and treys cover
only the high half of Omaha high-low, which the table says.

Speed targets (checked and printed at the end, never in the test suite): every gamelib system
at least 1,000,000 hands/s on 10^6-hand batches; 7-card high at least 5 times eval7.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from gamelib.cards import deal_hands, format_card
from gamelib.rankings import evaluate, evaluate_hi_lo


def best_rate(fn: Callable[[], Any], n: int, repeat: int) -> float:
    """Hands per second of the fastest of ``repeat`` runs of ``fn`` (which evaluates ``n`` hands)."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return n / best


def loop_rate(fn: Callable[[Any], Any], items: list[Any]) -> float:
    """Hands per second of a per-hand Python loop."""
    t0 = time.perf_counter()
    for it in items:
        fn(it)
    return len(items) / (time.perf_counter() - t0)


def text(cards: np.ndarray) -> list[str]:
    return [format_card(int(c)) for c in cards]


# ---- the other libraries: one function per (library, system), None if not covered -------------


def pokerkit_runs(h5: np.ndarray, h7: np.ndarray, om: np.ndarray, b4: np.ndarray) -> dict[str, float]:
    """pokerkit's ``Hand.from_game`` per hand (its Omaha high-low: two classes, the low may not exist)."""
    import pokerkit as pk

    def cards(rows: np.ndarray) -> list[tuple[Any, ...]]:
        return [tuple(pk.Card.clean("".join(text(r)))) for r in rows]

    def omaha_hilo(c: tuple[Any, ...]) -> None:
        pk.OmahaHoldemHand.from_game(c[:4], c[4:])
        try:
            pk.OmahaEightOrBetterLowHand.from_game(c[:4], c[4:])
        except ValueError:  # no qualifying low
            pass

    return {
        "high5": loop_rate(pk.StandardHighHand.from_game, cards(h5)),
        "high7": loop_rate(pk.StandardHighHand.from_game, cards(h7)),
        "omaha-hilo": loop_rate(omaha_hilo, cards(om)),
        "badugi4": loop_rate(pk.BadugiHand.from_game, cards(b4)),
    }


def treys_runs(h5: np.ndarray, h7: np.ndarray, om: np.ndarray) -> dict[str, float]:
    from treys import Card, Evaluator, PLOEvaluator

    ev, plo = Evaluator(), PLOEvaluator()

    def cards(rows: np.ndarray) -> list[list[int]]:
        return [[Card.new(t) for t in text(r)] for r in rows]

    c5, c7, co = cards(h5), cards(h7), cards(om)
    return {
        "high5": loop_rate(lambda c: ev.evaluate(c[:2], c[2:]), c5),
        "high7": loop_rate(lambda c: ev.evaluate(c[:2], c[2:]), c7),
        "omaha-hilo": loop_rate(lambda c: plo.evaluate(c[:4], c[4:]), co),
    }


def eval7_runs(h5: np.ndarray, h7: np.ndarray) -> dict[str, float]:
    import eval7

    def cards(rows: np.ndarray) -> list[list[Any]]:
        return [[eval7.Card(t) for t in text(r)] for r in rows]

    return {"high5": loop_rate(eval7.evaluate, cards(h5)), "high7": loop_rate(eval7.evaluate, cards(h7))}


def phevaluator_runs(h5: np.ndarray, h7: np.ndarray, om: np.ndarray) -> dict[str, float]:
    # phevaluator numbers cards rank * 4 + suit with suits c, d, h, s: the same ints as gamelib.
    from phevaluator import evaluate_cards, evaluate_omaha_cards

    def cards(rows: np.ndarray) -> list[list[int]]:
        return [[int(c) for c in r] for r in rows]

    # Omaha: phevaluator takes the five board cards first, then the four hole cards.
    omaha = [r[4:] + r[:4] for r in cards(om)]
    return {
        "high5": loop_rate(lambda c: evaluate_cards(*c), cards(h5)),
        "high7": loop_rate(lambda c: evaluate_cards(*c), cards(h7)),
        "omaha-hilo": loop_rate(lambda c: evaluate_omaha_cards(*c), omaha),
    }


# ---- main -------------------------------------------------------------------------------------


MAIN = [
    ("high5", "5-card high"),
    ("high7", "7-card high"),
    ("omaha-hilo", "Omaha hi-lo (4 hole + 5 board)"),
    ("badugi4", "Badugi (4 cards)"),
]
PARTIAL = {("treys", "omaha-hilo"), ("phevaluator", "omaha-hilo")}  # high half only


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--n", type=int, default=1_000_000, help="hands per gamelib batch (default 10^6)")
    ap.add_argument("--sample", type=int, default=200_000, help="hands for treys, eval7, phevaluator")
    ap.add_argument("--pk-sample", type=int, default=20_000, help="hands for pokerkit (slow)")
    ap.add_argument("--pk-omaha-sample", type=int, default=2_000, help="hands for pokerkit's Omaha hi-lo")
    ap.add_argument("--repeat", type=int, default=3, help="gamelib runs per system; the best is kept")
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--skip-others", action="store_true", help="time gamelib only")
    args = ap.parse_args(argv)
    n, rep = args.n, args.repeat

    print(f"Python {platform.python_version()}, numpy {np.__version__}, {os.cpu_count()} CPUs, {platform.machine()}")
    h5 = deal_hands(n, 5, seed=args.seed)
    h7 = deal_hands(n, 7, seed=args.seed + 1)
    om = deal_hands(n, 9, seed=args.seed + 2)
    hole, board = np.ascontiguousarray(om[:, :4]), np.ascontiguousarray(om[:, 4:])
    b4 = deal_hands(n, 4, seed=args.seed + 3)
    # Warm the lookup tables (built once, lazily) outside the timings.
    for system, arr in (("high", h5[:10]), ("high", h7[:10]), ("badugi", b4[:10])):
        evaluate(system, arr)
    evaluate_hi_lo(hole[:10], board[:10])

    ours = {
        "high5": best_rate(lambda: evaluate("high", h5), n, rep),
        "high7": best_rate(lambda: evaluate("high", h7), n, rep),
        "omaha-hilo": best_rate(lambda: evaluate_hi_lo(hole, board), n, rep),
        "badugi4": best_rate(lambda: evaluate("badugi", b4), n, rep),
    }

    others: dict[str, dict[str, float]] = {}
    if not args.skip_others:
        s, ps, pso = min(args.sample, n), min(args.pk_sample, n), min(args.pk_omaha_sample, n)
        runners: list[tuple[str, Callable[[], dict[str, float]]]] = [
            ("pokerkit", lambda: pokerkit_runs(h5[:ps], h7[:ps], om[:pso], b4[:ps])),
            ("treys", lambda: treys_runs(h5[:s], h7[:s], om[:s])),
            ("eval7", lambda: eval7_runs(h5[:s], h7[:s])),
            ("phevaluator", lambda: phevaluator_runs(h5[:s], h7[:s], om[:s])),
        ]
        for name, run in runners:
            try:
                others[name] = run()
            except ImportError as exc:  # pragma: no cover - a library missing here
                print(f"({name} not installed: {exc})")
        print(
            f"gamelib: best of {rep} on {n:,} hands; pokerkit on {ps:,} ({pso:,} for Omaha); "
            f"treys, eval7, phevaluator on {s:,}"
        )

    libs = list(others)
    head = f"{'system':34s} {'gamelib/s':>12s}" + "".join(f" {lib + '/s':>14s} {'ratio':>7s}" for lib in libs)
    print()
    print(head)
    print("-" * len(head))
    for key, title in MAIN:
        row = f"{title:34s} {ours[key]:12,.0f}"
        for lib in libs:
            rate = others[lib].get(key)
            if rate is None:
                row += f" {'-':>14s} {'':>7s}"
            else:
                mark = "*" if (lib, key) in PARTIAL else " "
                row += f" {rate:13,.0f}{mark} {ours[key] / rate:6.1f}x"
        print(row)
    if any((lib, "omaha-hilo") in PARTIAL for lib in libs):
        print("* high half only (that library has no eight-or-better low); ratio = gamelib hi+lo / its high alone")

    # Every other gamelib system alone, same batch size.
    extra = [
        ("omaha-high (4+5)", lambda: evaluate("omaha-high", hole, board)),
        ("omaha-low8 (4+5)", lambda: evaluate("omaha-low8", hole, board)),
        ("a5-low (7 cards)", lambda: evaluate("a5-low", h7)),
        ("low8 (7 cards)", lambda: evaluate("low8", h7)),
        ("27-low (5 cards)", lambda: evaluate("27-low", h5)),
        ("27-low (7 cards)", lambda: evaluate("27-low", h7)),
        ("badugi (7 cards)", lambda: evaluate("badugi", h7)),
        ("badugi-ace-high (4 cards)", lambda: evaluate("badugi-ace-high", b4)),
        ("crazy4 (5 cards)", lambda: evaluate("crazy4", h5)),
        ("three-card (3 cards)", lambda: evaluate("three-card", h5[:, :3])),
    ]
    print()
    print(f"{'gamelib, every other system':34s} {'hands/s':>12s}")
    rates = {}
    for title, fn in extra:
        fn()  # warm the tables of this system
        rates[title] = best_rate(fn, n, rep)
        print(f"{title:34s} {rates[title]:12,.0f}")

    print()
    ok = True
    slowest = min(list(ours.values()) + list(rates.values()))
    print(f"target: every gamelib system >= 1,000,000 hands/s: slowest {slowest:,.0f}/s -> "
          f"{'OK' if slowest >= 1_000_000 else 'MISSED'}")
    ok &= slowest >= 1_000_000
    if "eval7" in others:
        ratio = ours["high7"] / others["eval7"]["high7"]
        print(f"target: 7-card high >= 5x eval7: {ratio:.1f}x -> {'OK' if ratio >= 5 else 'MISSED'}")
        ok &= ratio >= 5
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
