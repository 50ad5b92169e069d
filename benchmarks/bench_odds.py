"""The odds calculator timed against the issue's targets and side by side with pokerkit.

Run: ``.venv/bin/python benchmarks/bench_odds.py [--pokerkit-samples N] [--se 0.001]
[--out benchmarks/results/bench_odds.txt] [--draws-only]``.

Targets (issue 15): Big O hi-lo heads-up before the flop, every one of the 850,668 boards, in
under 2 s; Omaha hi-lo (four hole cards), three players, on the flop, in under 0.1 s; the
widget's exhaustive flop answer in under 100 ms; at least 100x faster than pokerkit's
``calculate_equities`` at equal accuracy on the games pokerkit covers.

Equal accuracy: pokerkit only samples. For each matchup the standard deviation ``sd`` of one
deal's pot share is known from gamelib's exact answer, so pokerkit needs ``(sd / se)^2`` deals
for a standard error of ``se`` (0.001 by default: about a tenth of a percentage point).
pokerkit's seconds per deal are measured on ``--pokerkit-samples`` deals (one process, as it
runs by default) and multiplied out; gamelib's time is its exact answer (standard error 0),
and, for comparison, its own sampled answer at the same number of deals. Timings are the best
of three runs, by the wall clock and by CPU time (steadier on a shared machine).

Draw games (pokerkit has no draws): the time and the method of questions where gamelib's
automatic player makes draws, from a known hand's next draw decided before the deal to three
draws of two random hands (sampled). ``--draws-only`` runs only these and, with ``--out``,
replaces their section of the saved results.
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import math
import os
import platform
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pokerkit import (BadugiHand, Card, Deck, EightOrBetterLowHand, OmahaEightOrBetterLowHand, OmahaHoldemHand,
                      RegularLowHand, StandardBadugiHand, StandardHighHand, StandardLowHand, calculate_equities)

from gamelib.analysis.odds import odds
from gamelib.games.pot import POT_DECLARATIONS

HAND_TYPES = {
    "omaha-high": OmahaHoldemHand, "omaha-low8": OmahaEightOrBetterLowHand, "high": StandardHighHand,
    "low8": EightOrBetterLowHand, "a5-low": RegularLowHand, "27-low": StandardLowHand, "badugi": BadugiHand,
    "badugi-ace-high": StandardBadugiHand,
}

#: Omaha hi-lo with four hole cards: Big O's declaration with four cards (not one of the fourteen games).
OMAHA8 = dataclasses.replace(POT_DECLARATIONS["big-o"], key="omaha8", title="Omaha hi-lo (4 cards)", hole_cards=4)

#: (name, game, hands, board, target seconds or None)
MATCHUPS: list[tuple[str, Any, list[str], str, float | None]] = [
    ("Big O heads-up, before the flop", POT_DECLARATIONS["big-o"], ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"], "", 2.0),
    ("Omaha hi-lo 4 cards, 3 players, flop", OMAHA8, ["As Ad 2c 3d", "Ks Kd Qc Jh", "7c 7d 6s 5s"], "2h 9h Tc", 0.1),
    ("Big O heads-up, flop (the widget's question)", POT_DECLARATIONS["big-o"], ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc"],
     "7h 8h 9c", 0.1),
    ("Big O 3 players, turn", POT_DECLARATIONS["big-o"], ["Ac 2c 3d Kh Ks", "Ad 2d 4s Qh Qc", "7s 8s 9d Td Jc"],
     "5h 6h 9c 4d", None),
    ("Stud 8 heads-up, fifth street", POT_DECLARATIONS["stud8"], ["As 2s 3c 4d 9h", "Ah 2h Kc Kd 7s"], "", None),
    ("Razzdugi heads-up, fifth street", POT_DECLARATIONS["razzdugi"], ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], "", None),
    ("2-7 Razzdugi heads-up, fifth street", POT_DECLARATIONS["27-razzdugi"], ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], "",
     None),
]


#: (name, game, hands, odds keywords): draw games where the automatic player draws
DRAW_QUESTIONS: list[tuple[str, str, list[str | None], dict[str, Any]]] = [
    ("Badugi heads-up, last draw, seat 1's draw left to the automatic player (stands pat, decided before the deal)",
     "badugi", ["As 2d 3h Kc", "5s 6d 7h 8c"], {"discards": ["Kc", None]}),
    ("Badugi heads-up, two draws to come: the next declared, the last the automatic player's deal by deal",
     "badugi", ["As 2d 3h Kh", "2c 4d 6h Qs"], {"discards": ["Kh", "Qs"], "draws_to_come": 2}),
    ("Ace-to-Five Triple Draw heads-up, known hands, two draws to come, all the automatic player's",
     "a5-triple-draw", ["As 2d 3h 4c Kd", "Ac 2h 3c 9d 6s"], {"draws_to_come": 2}),
    ("Ace-to-Five Triple Draw heads-up, known hands, three draws to come (too many deals: sampled)",
     "a5-triple-draw", ["As 2d 3h 4c Kd", "Ac 2h 3c 9d 6s"], {"draws_to_come": 3}),
    ("Archie, two random hands, three draws to come", "archie", [None, None], {"draws_to_come": 3}),
]
DRAWS_HEADER = "Draw games (the automatic player drawing; pokerkit has no draws):"


def best_of(fn: Callable[[], Any], repeat: int = 3) -> tuple[float, float, Any]:
    """Best wall and CPU seconds of ``repeat`` runs, and the last result."""
    wall = cpu = math.inf
    result = None
    for _ in range(repeat):
        t, c = time.perf_counter(), time.process_time()
        result = fn()
        wall = min(wall, time.perf_counter() - t)
        cpu = min(cpu, time.process_time() - c)
    return wall, cpu, result


def share_sd(game: Any, hands: list[str], board: str) -> float:
    """The largest standard deviation of one deal's pot share among the players (from a large
    seeded sample of gamelib's: its per-deal shares are what the standard error is made of)."""
    r = odds(game, hands, board=board or None, budget=1, samples=200_000, seed=1)
    return max(p.equity_se for p in r.players) * math.sqrt(r.deals)


def pokerkit_seconds_per_deal(game: Any, hands: list[str], board: str, samples: int) -> tuple[float, list[float]]:
    types = [HAND_TYPES[p.system] for p in game.portions]
    ranges = [[list(Card.parse(h.replace(" ", "")))] for h in hands]
    random.seed(0)
    t = time.perf_counter()
    got = calculate_equities(ranges, Card.parse(board.replace(" ", "")), game.hole_cards, 5 if game.boards else 0,
                             Deck.STANDARD, types, sample_count=samples)
    return (time.perf_counter() - t) / samples, got


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pokerkit-samples", type=int, default=300, help="deals pokerkit is timed on (default 300)")
    parser.add_argument("--se", type=float, default=0.001, help="the standard error both must reach (default 0.001)")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("--draws-only", action="store_true", help="only the draw games (replaces their section of --out)")
    args = parser.parse_args()
    out = io.StringIO()

    def say(line: str = "") -> None:
        print(line, flush=True)
        out.write(line + "\n")

    if not args.draws_only:
        pot_games(args, say)
    draw_games(say)
    if args.out:
        text = out.getvalue()
        if args.draws_only and args.out.exists():
            kept = args.out.read_text().split(DRAWS_HEADER)[0].rstrip("\n")
            text = kept + "\n\n" + text.lstrip("\n")
        args.out.write_text(text)


def draw_games(say: Callable[..., None]) -> None:
    """The draw questions: best of two runs (each run decides its hands afresh), and the method."""
    say()
    say(DRAWS_HEADER + f" load average {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M')} UTC")
    say("(until 2026-11-26 every question with a draw left to the automatic player was sampled: 400 deals, "
        "standard error near 0.02)")
    odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])  # import and build the ranking tables once
    for name, key, hands, kw in DRAW_QUESTIONS:
        wall, cpu, r = best_of(lambda: odds(key, hands, **kw), repeat=2)
        say(f"{name}: {r.method}")
        say(f"  gamelib {wall * 1000:9.1f} ms wall, {cpu * 1000:9.1f} ms CPU; equities "
            + ", ".join(f"{float(p.equity):.4f}" for p in r.players))


def pot_games(args: argparse.Namespace, say: Callable[..., None]) -> None:
    """The pot games pokerkit covers, side by side with it."""
    say(f"bench_odds: Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, load average "
        f"{os.getloadavg()[0]:.1f} at the start (a shared machine: wall times are pessimistic), "
        f"{time.strftime('%Y-%m-%d %H:%M')} UTC")
    say(f"equal accuracy: standard error {args.se} on each player's equity; pokerkit timed on "
        f"{args.pokerkit_samples} deals and multiplied out")
    odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])  # import and build the ranking tables once
    for name, game, hands, board, target in MATCHUPS:
        wall, cpu, exact = best_of(lambda: odds(game, hands, board=board or None))
        sd = share_sd(game, hands, board)
        need = max(1, math.ceil((sd / args.se) ** 2))
        s_wall, s_cpu, _ = best_of(lambda: odds(game, hands, board=board or None, budget=1, samples=need, seed=2))
        per_deal, pk = pokerkit_seconds_per_deal(game, hands, board, args.pokerkit_samples)
        pk_time = per_deal * need
        verdict = "" if target is None else f"  target < {target:g} s: {'PASS' if wall < target else 'MISS'}"
        say()
        say(f"{name}: {exact.method}")
        say(f"  gamelib exact      {wall * 1000:9.1f} ms wall, {cpu * 1000:9.1f} ms CPU{verdict}")
        say(f"  gamelib sampled    {s_wall * 1000:9.1f} ms wall for {need:,} deals (sd of a deal's share {sd:.3f})")
        say(f"  pokerkit sampled   {pk_time:9.1f} s for {need:,} deals ({per_deal * 1e3:.2f} ms a deal, measured on "
            f"{args.pokerkit_samples})")
        say(f"  speed-up at equal accuracy: {pk_time / wall:,.0f}x (exact vs pokerkit), "
            f"{pk_time / s_wall:,.0f}x (sampled vs pokerkit)  {'PASS' if pk_time / wall >= 100 else 'MISS'} >= 100x")
        say("  equities: gamelib " + ", ".join(f"{float(p.equity):.4f}" for p in exact.players)
            + f"; pokerkit ({args.pokerkit_samples} deals) " + ", ".join(f"{x:.4f}" for x in pk))


if __name__ == "__main__":
    main()
