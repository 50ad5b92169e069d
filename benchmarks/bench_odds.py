"""The odds calculator timed against the issues' targets and side by side with two other engines.

Run: ``.venv/bin/python benchmarks/bench_odds.py [--only SECTION ...] [--repeat N]
[--pokerkit-samples N] [--se 0.001] [--out benchmarks/results/bench_odds.txt]``. The sections
(all by default; with ``--only`` and ``--out`` the other sections of the saved file are kept):

``poker-equity`` (issue 25): every question that gamelib and poker-equity (a Rust engine, pinned
in requirements.txt for tests and benchmarks only) both answer exactly, in one process: Big O
(poker-equity's ``omaha_five_hi_lo``) and Stud 8 (``stud_hi_lo``) on every street, badugi and
deuce-to-seven with one draw, heads-up and three-handed, known hands and a random one (dead cards
keep the early stud streets exact on both sides: poker-equity walks at most a few million deals,
gamelib ``DEFAULT_BUDGET``). Per question: each engine's CPU time (``time.process_time``; the best
and the median of ``--repeat`` runs, a run being one whole call from the cards as text), their
ratio (poker-equity's best over gamelib's: above 1, gamelib is ahead), and the largest difference
of a seat's share (poker-equity adds floats). One thread on both sides: the BLAS and OpenMP thread
counts are set to 1 before numpy is imported, and poker-equity's ``exact_from_text`` (no thread
parameter) walks on the calling thread, which the report checks (the threads of this process
counted while it walks).

``widgets`` (issue 25): what a chapter's Odds button asks, timed as the button does it
(``OddsWidget.refresh``: the answer and its table): every chapter's own question, and Stud 8 and
the Razzdugi games on every street, heads-up and three-handed, and in every draw game the worst
questions a reader can type (two and three random hands, and known hands, every draw to come
left to the automatic player); target under 100 ms. Then Big O's
first answer in a fresh process (imports and tables included), target under 2 s.

``pokerkit`` (issue 15): Big O hi-lo heads-up before the flop, every one of the 850,668 boards, in
under 2 s; Omaha hi-lo (four hole cards), three players, on the flop, in under 0.1 s; the widget's
exhaustive flop answer in under 100 ms; at least 100x faster than pokerkit's
``calculate_equities`` at equal accuracy on the games pokerkit covers. Equal accuracy: pokerkit
only samples. For each matchup the standard deviation ``sd`` of one deal's pot share is known
from gamelib's exact answer, so pokerkit needs ``(sd / se)^2`` deals for a standard error of
``se`` (0.001 by default). pokerkit's seconds per deal are measured on ``--pokerkit-samples``
deals and multiplied out; gamelib's time is its exact answer, and, for comparison, its own sampled
answer at the same number of deals. Best of three runs, by the wall clock and by CPU time.

``draws``: the time and the method of questions where gamelib's automatic player makes draws
(pokerkit and poker-equity have no drawing strategy), from a known hand's next draw decided
before the deal to three draws of two random hands (sampled).
"""

from __future__ import annotations

import os

for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "RAYON_NUM_THREADS"):
    os.environ[_var] = "1"  # one thread, before numpy (and poker-equity) are imported

import argparse  # noqa: E402
import dataclasses  # noqa: E402
import io  # noqa: E402
import math  # noqa: E402
import platform  # noqa: E402
import random  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import threading  # noqa: E402
import time  # noqa: E402
from collections.abc import Callable  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import poker_equity  # noqa: E402
from pokerkit import (  # noqa: E402  (imports numpy: after the thread counts are set above)
    BadugiHand,
    Card,
    Deck,
    EightOrBetterLowHand,
    OmahaEightOrBetterLowHand,
    OmahaHoldemHand,
    RegularLowHand,
    StandardBadugiHand,
    StandardHighHand,
    StandardLowHand,
    calculate_equities,
)

from gamelib.analysis.odds import odds  # noqa: E402
from gamelib.cards import format_cards, parse_cards  # noqa: E402
from gamelib.games.pot import POT_DECLARATIONS, flop_streets  # noqa: E402
from gamelib.widgets.odds import OddsWidget  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "analysis"))
from test_odds_poker_equity import poker_equity_request  # noqa: E402  (gamelib's question in poker-equity's words)

HAND_TYPES = {
    "omaha-high": OmahaHoldemHand, "omaha-low8": OmahaEightOrBetterLowHand, "high": StandardHighHand,
    "low8": EightOrBetterLowHand, "a5-low": RegularLowHand, "27-low": StandardLowHand, "badugi": BadugiHand,
    "badugi-ace-high": StandardBadugiHand,
}

#: Omaha hi-lo with four hole cards: Big O's declaration with four cards (not one of the fourteen games).
OMAHA8 = dataclasses.replace(POT_DECLARATIONS["big-o"], key="omaha8", title="Omaha hi-lo (4 cards)", hole_cards=4,
                             streets=flop_streets(4))

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


def left_only(hands: list[str], left: int) -> str:
    """Dead cards: every card not in ``hands`` but ``left`` of them, spread over the deck."""
    used = set(parse_cards(" ".join(hands)))
    rest = [c for c in range(52) if c not in used]
    keep = set(rest[::max(1, len(rest) // left)][:left])
    return format_cards([c for c in rest if c not in keep])


BIG_O = ["As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc", "7c 7d 6s 5s 4s"]
STUD = ["As 2s 3c 4d 9h 6c 6d", "Ah 2h Kc Kd 7s Qs Jh", "Qh Qd Jd Td 9c 8s 8h"]


def street(hands: list[str], cards: int) -> list[str]:
    """The first ``cards`` cards of each stud hand."""
    return [" ".join(h.split()[:cards]) for h in hands]


#: (name, game key, hands (None: random), odds keywords): questions both engines answer exactly.
EXACT_BOTH: list[tuple[str, str, list[str | None], dict[str, Any]]] = [
    ("Big O heads-up, before the flop", "big-o", BIG_O[:2], {}),
    ("Big O heads-up, flop", "big-o", BIG_O[:2], {"board": "7h 8h 9c"}),
    ("Big O heads-up, turn", "big-o", BIG_O[:2], {"board": "7h 8h 9c Td"}),
    ("Big O heads-up, river", "big-o", BIG_O[:2], {"board": "7h 8h 9c Td 2s"}),
    ("Big O 3 players, before the flop", "big-o", BIG_O, {}),
    ("Big O 3 players, flop", "big-o", BIG_O, {"board": "7h 8h 9c"}),
    ("Big O 3 players, turn", "big-o", BIG_O, {"board": "7h 8h 9c Td"}),
    ("Big O 3 players, river", "big-o", BIG_O, {"board": "7h 8h 9c Td 2s"}),
    ("Big O heads-up, turn, a random hand (20 cards left)", "big-o", [BIG_O[0], None],
     {"board": "7h 8h 9c Td", "dead": left_only([BIG_O[0], "7h 8h 9c Td"], 20)}),
    ("Big O heads-up, river, a random hand", "big-o", [BIG_O[0], None], {"board": "7h 8h 9c Td 2s"}),
    ("Big O 3 players, river, a random hand", "big-o", [*BIG_O[:2], None], {"board": "7h 8h 9c Td 2s"}),
    ("Stud 8 heads-up, third street (16 cards left)", "stud8", street(STUD[:2], 3),
     {"dead": left_only(street(STUD[:2], 3), 16)}),
    ("Stud 8 heads-up, fourth street (22 cards left)", "stud8", street(STUD[:2], 4),
     {"dead": left_only(street(STUD[:2], 4), 22)}),
    ("Stud 8 heads-up, fifth street", "stud8", street(STUD[:2], 5), {}),
    ("Stud 8 heads-up, sixth street", "stud8", street(STUD[:2], 6), {}),
    ("Stud 8 heads-up, seventh street", "stud8", STUD[:2], {}),
    ("Stud 8 3 players, fifth street (16 cards left)", "stud8", street(STUD, 5),
     {"dead": left_only(street(STUD, 5), 16)}),
    ("Stud 8 3 players, sixth street", "stud8", street(STUD, 6), {}),
    ("Stud 8 3 players, seventh street", "stud8", STUD, {}),
    ("Stud 8 heads-up, fifth street, a random hand (18 cards left)", "stud8", [street(STUD, 5)[0], None],
     {"dead": left_only(street(STUD, 5)[:1], 18)}),
    ("Stud 8 heads-up, seventh street, a random hand (25 cards left)", "stud8", [STUD[0], None],
     {"dead": left_only(STUD[:1], 25)}),
    ("Badugi heads-up, one draws one", "badugi", ["As 2d 3h Kh", "2c 4d 6h 8s"], {"discards": ["Kh", ""]}),
    ("Badugi heads-up, both draw one", "badugi", ["As 2d 3h Kh", "2c 4d 6h Qs"], {"discards": ["Kh", "Qs"]}),
    ("Badugi heads-up, both draw two", "badugi", ["As 2d Qh Kh", "2c 4d Jc Js"], {"discards": ["Qh Kh", "Jc Js"]}),
    ("Badugi 3 players, each draws one", "badugi", ["As 2d 3h Kh", "2c 4d 6h Qs", "3s 5c 7d Jd"],
     {"discards": ["Kh", "Qs", "Jd"]}),
    ("Badugi 3 players, draws of two, one, one", "badugi", ["As 2d Qh Kh", "2c 4d 6h Qs", "3s 5c 7d Jd"],
     {"discards": ["Qh Kh", "Qs", "Jd"]}),
    ("Badugi heads-up, a random hand, after the draw", "badugi", ["As 2d 3h 4c", None], {"draws_to_come": 0}),
    ("Badugi 3 players, a random hand, after the draw", "badugi", ["As 2d 3h Kc", "2c 4d 6h 8s", None],
     {"draws_to_come": 0}),
    ("Badugi 3 players, two random hands, after the draw", "badugi", ["As 2d 3h Kc", None, None],
     {"draws_to_come": 0, "dead": left_only(["As 2d 3h Kc"], 16)}),
    ("2-7 heads-up, one draws one", "27-triple-draw", ["7s 5s 4d 3d Kc", "8h 6c 5h 4h 2c"], {"discards": ["Kc", ""]}),
    ("2-7 heads-up, draws of one and two", "27-triple-draw", ["7s 5s 4d 3d Kc", "8h 6c 5h Qh Qs"],
     {"discards": ["Kc", "Qh Qs"]}),
    ("2-7 heads-up, both draw two", "27-triple-draw", ["7s 5s 4d Kd Kc", "8h 6c 5h Qh Qs"],
     {"discards": ["Kd Kc", "Qh Qs"]}),
    ("2-7 3 players, draws of one, one, two", "27-triple-draw", ["7s 5s 4d 3d Kc", "8h 6c 5h 4h Qs", "9d 7d 6s Jc Jh"],
     {"discards": ["Kc", "Qs", "Jc Jh"]}),
    ("2-7 heads-up, a random hand, after the draw", "27-triple-draw", ["7s 5s 4d 3d 2c", None], {"draws_to_come": 0}),
    ("2-7 3 players, a random hand, after the draw", "27-triple-draw", ["7s 5s 4d 3d 2c", "8h 6c 5h 4h 2d", None],
     {"draws_to_come": 0}),
]
#: Every question of a draw game here has one draw to come, or none (the hands after the draw).
for _name, _key, _hands, _kw in EXACT_BOTH:
    if POT_DECLARATIONS[_key].draws and "draws_to_come" not in _kw:
        _kw["draws_to_come"] = 1
EXACT_HEADER = "poker-equity and gamelib, every question both answer exactly:"
WIDGETS_HEADER = "The Odds button (OddsWidget.refresh: the answer and its table), target under 100 ms:"
POKERKIT_HEADER = "bench_odds:"


def cpu_times(fn: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """The best and the median CPU seconds of ``repeat`` runs (at least three, and more while
    they take under half a second in all), and the last result."""
    times: list[float] = []
    result = None
    while len(times) < max(3, repeat) or (sum(times) < 0.5 and len(times) < 5 * repeat):
        c = time.process_time()
        result = fn()
        times.append(time.process_time() - c)
        if len(times) >= 3 and sum(times) > 20:
            break
    return min(times), statistics.median(times), result


def threads_while(fn: Callable[[], Any]) -> int:
    """The most threads this process had while ``fn`` ran on another thread (Linux)."""
    seen = 0
    worker = threading.Thread(target=fn)
    worker.start()
    while worker.is_alive():
        seen = max(seen, len(os.listdir("/proc/self/task")))
        time.sleep(0.002)
    worker.join()
    return seen - 1  # the worker counts, this thread does not


def exact_both(args: argparse.Namespace, say: Callable[..., None]) -> None:
    """Each question of ``EXACT_BOTH`` answered by both engines, CPU seconds and their ratio."""
    say(EXACT_HEADER + f" {time.strftime('%Y-%m-%d %H:%M')} UTC, load average {os.getloadavg()[0]:.1f} "
        f"on {os.cpu_count()} cores, Python {platform.python_version()}, poker-equity {poker_equity_version()}")
    say(f"CPU milliseconds (time.process_time), best and median of {args.repeat} runs or more; ratio = "
        "poker-equity's best / gamelib's best (above 1: gamelib is ahead); both exact, one thread")
    key, hands, kw = EXACT_BOTH[0][1:]
    request = poker_equity_request(key, hands, kw.get("board", ""), kw.get("dead", ""), kw.get("discards"))
    extra = threads_while(lambda: poker_equity.exact_from_text(*request)) - 1
    say(f"threads poker-equity's exact_from_text starts besides the one calling it (counted while it walks "
        f"850,668 boards): {extra}")
    odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])  # import and build the ranking tables once
    say(f"{'question':<66} {'deals':>10} {'gamelib best/median':>20} {'poker-equity best/median':>25} "
        f"{'ratio':>6}  shares differ")
    ratios = []
    for name, key, hands, kw in EXACT_BOTH:
        request = poker_equity_request(key, hands, kw.get("board", ""), kw.get("dead", ""), kw.get("discards"))
        poker_equity.exact_from_text(*request)  # warm: both engines' tables are built before timing
        odds(key, hands, **kw)
        g_best, g_med, ours = cpu_times(lambda key=key, hands=hands, kw=kw: odds(key, hands, **kw), args.repeat)
        p_best, p_med, theirs = cpu_times(lambda request=request: poker_equity.exact_from_text(*request),
                                          args.repeat)
        if not ours.exact or theirs is None or theirs["samples"] != ours.deals:
            raise SystemExit(f"{name}: not exact on both sides ({ours.method}; poker-equity "
                             f"{None if theirs is None else theirs['samples']} deals)")
        differ = max(abs(float(p.equity) - t["equity"]) for p, t in zip(ours.players, theirs["players"], strict=True))
        ratios.append(p_best / g_best)
        say(f"{name:<66} {ours.deals:>10,} {g_best * 1e3:>9.2f} / {g_med * 1e3:>8.2f} "
            f"{p_best * 1e3:>12.2f} / {p_med * 1e3:>10.2f} {p_best / g_best:>6.2f}  {differ:.1e}")
    ahead = sum(r > 1 for r in ratios)
    say(f"gamelib ahead on {ahead} of {len(ratios)} questions; ratios from {min(ratios):.2f} to {max(ratios):.2f}, "
        f"geometric mean {math.exp(statistics.fmean(math.log(r) for r in ratios)):.2f}")


def poker_equity_version() -> str:
    import importlib.metadata
    return importlib.metadata.version("poker-equity")


#: (name, game key, widget keywords): the chapters' own questions (the notebooks' OddsWidget calls).
CHAPTER_QUESTIONS: list[tuple[str, str, dict[str, Any]]] = [
    ("Big O (flop)", "big-o", {"hands": BIG_O[:2], "board": "7h 8h 9c"}),
    ("Double Board Omaha (flops)", "double-board-omaha",
     {"hands": ["As Ad 2c 3d", "Ks Kd Qc Jh"], "boards": ["2h 9h Tc", "3s 4s 5d"]}),
    ("Stud 8 (fifth street)", "stud8", {"hands": ["As 2s 3c 4d 9h", "Ah 2h Kc Kd 7s"]}),
    ("Razzdugi (fifth street)", "razzdugi", {"hands": ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"]}),
    ("2-7 Razzdugi (fifth street)", "27-razzdugi", {"hands": ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"]}),
    ("Super Razzdugi (fifth street, dead cards)", "super-razzdugi",
     {"hands": ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], "dead": "9s 9h 8c 8d"}),
    ("Badugi (a draw)", "badugi", {"hands": ["As 2d 3h Kh", "2c 4d 6h 8s"], "draws": ["Kh", "pat"]}),
    ("Badacey (a draw)", "badacey", {"hands": ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], "draws": ["Kh", "pat"]}),
    ("Badeucey (a draw)", "badeucey", {"hands": ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], "draws": ["Kh", "pat"]}),
    ("Ace-to-Five Triple Draw (a draw)", "a5-triple-draw",
     {"hands": ["As 2d 3h 4c Kd", "Ac 2h 3c 5d 6s"], "draws": ["Kd", "pat"]}),
    ("Deuce-to-Seven Triple Draw (a draw)", "27-triple-draw",
     {"hands": ["7s 5s 4d 3d Kc", "8h 6c 5h 4h 2c"], "draws": ["Kc", "pat"]}),
    ("Archie (a draw)", "archie", {"hands": ["Kc Qd Jh 6s 3c", "As 2d 4h 7c Td"], "draws": ["Kc", "Td"]}),
    ("Drawmaha (flop, a draw)", "drawmaha",
     {"hands": ["As Ks Qd Jd 2c", "9h 9c 8h 7c 6d"], "board": "Ts 5d 4c", "draws": ["2c", "pat"]}),
    ("Drawmaha 2-7 (flop, a draw)", "drawmaha-27",
     {"hands": ["7s 5s 4d 3d Kc", "9h 9c 8h 7c 6d"], "board": "Ts 5d 4c", "draws": ["Kc", "pat"]}),
]
#: Stud hands for the street-by-street questions (seven cards each; a street shows the first ones).
STUD_STREETS = {"stud8": STUD, "razzdugi": ["As 2d 3h 4c Kh 9s 5d", "Ac 2h 4s 5c 7c Qd 8h", "3s 6d 7h 8s Jc 2c 9c"],
                "27-razzdugi": ["2s 3d 4h 7c Kh 9s 5d", "2c 3h 5s 6d 8c Qd 8h", "3s 6h 7h 8s Jc 4c 9c"]}


#: Known hands for the draw games' worst cases (three seats; a game's hand size reads the first cards).
DRAW_HANDS = {"badugi": ["As 2d 3h Kh", "2c 4d 6h Qs", "3s 5c 7d Jd"],
              "drawmaha": ["As Ks Qd Jd 2c", "9h 9c 8h 7c 6d", "3s 3h 5c 7d Jc"],
              "drawmaha-27": ["7s 5s 4d 3d Kc", "9h 9c 8h 7c 6d", "2s 2h 5c Qd Jc"]}
DRAW_HANDS_5 = ["As 2d 3h 4c Kd", "Ac 2h 3c 9d 6s", "7s 5s 8d Qh Jc"]


def worst_draw_questions() -> list[tuple[str, str, dict[str, Any]]]:
    """The questions a reader can type that cost the most in each draw game: two and three random
    hands, and known hands, with every draw to come left to the automatic player (the draws box
    empty, draws left at the game's maximum)."""
    out = []
    for key, g in POT_DECLARATIONS.items():
        if not g.draws:
            continue
        known = DRAW_HANDS.get(key, DRAW_HANDS_5)
        for players in (2, 3):
            for random_hands in (True, False):
                hands = ["random"] * players if random_hands else known[:players]
                words = "random hands" if random_hands else "known hands"
                out.append((f"{g.title}, {players} {words}, {g.draws} draw{'s' if g.draws > 1 else ''} to come, auto",
                            key, {"hands": hands, "draws_to_come": g.draws}))
    return out


def widget_questions() -> list[tuple[str, str, dict[str, Any]]]:
    """The chapters' questions, then Stud 8 and the Razzdugi games on every street, then the draw
    games' worst cases."""
    out = list(CHAPTER_QUESTIONS)
    for key, hands in STUD_STREETS.items():
        for players in (2, 3):
            for cards in range(3, 8):
                out.append((f"{POT_DECLARATIONS[key].title}, {players} players, {cards} cards each", key,
                            {"hands": street(hands[:players], cards)}))
    return out + worst_draw_questions()


def widgets(args: argparse.Namespace, say: Callable[..., None]) -> None:
    """Each widget question answered as the Odds button does; then Big O's first answer in a
    fresh process."""
    say(WIDGETS_HEADER + f" {time.strftime('%Y-%m-%d %H:%M')} UTC, load average {os.getloadavg()[0]:.1f}")
    say("CPU milliseconds of OddsWidget.refresh, best and median of the runs (at least "
        f"{args.repeat}); the widget made once per question")
    worst = 0.0
    for name, key, kw in widget_questions():
        w = OddsWidget(key, **kw)
        best, med, _ = cpu_times(w.refresh, args.repeat)
        assert w.last is not None, (name, w.result.value)
        worst = max(worst, med)
        verdict = "PASS" if med < 0.1 else "MISS"
        say(f"  {name:<68} {best * 1e3:8.1f} / {med * 1e3:8.1f} ms  {verdict}  {w.last.method}")
    say(f"  slowest median {worst * 1e3:.1f} ms: {'PASS' if worst < 0.1 else 'MISS'} (every question under 100 ms)")
    code = ("import time, resource; t = time.perf_counter(); from gamelib.analysis.odds import odds; "
            "i = time.perf_counter(); odds('big-o', ['As Ad 2c 3d 4h', 'Ks Kd Qc Jh Tc']); e = time.perf_counter(); "
            "u = resource.getrusage(resource.RUSAGE_SELF); "
            "print(i - t, e - i, u.ru_utime + u.ru_stime)")
    runs = []
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT,
                             env=dict(os.environ, PYTHONPATH=str(ROOT)))
        runs.append([float(x) for x in out.stdout.split()])
    imp, first, cpu = (statistics.median(r[k] for r in runs) for k in range(3))
    say(f"Big O heads-up before the flop, the first answer in a fresh process (median of 3): imports {imp:.2f} s, "
        f"then the answer {first:.2f} s (wall); {cpu:.2f} s CPU in all, start-up included  "
        f"{'PASS' if imp + first < 2 else 'MISS'} < 2 s")


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


SECTIONS = {"poker-equity": EXACT_HEADER, "widgets": WIDGETS_HEADER, "pokerkit": POKERKIT_HEADER,
            "draws": DRAWS_HEADER}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=list(SECTIONS),
                        help="run only this section (repeatable; with --out, the file's other sections are kept)")
    parser.add_argument("--repeat", type=int, default=7, help="runs per question, at least (default 7)")
    parser.add_argument("--pokerkit-samples", type=int, default=300, help="deals pokerkit is timed on (default 300)")
    parser.add_argument("--se", type=float, default=0.001, help="the standard error both must reach (default 0.001)")
    parser.add_argument("--out", type=Path, help="also write the report to this file")
    parser.add_argument("--draws-only", action="store_true", help="the same as --only draws")
    args = parser.parse_args()
    chosen = args.only or (["draws"] if args.draws_only else list(SECTIONS))
    runs = {"poker-equity": exact_both, "widgets": widgets, "pokerkit": pot_games,
            "draws": lambda a, say: draw_games(say)}
    texts: dict[str, str] = {}
    if args.out and args.out.exists():
        texts = split_sections(args.out.read_text())
    for name in SECTIONS:
        if name not in chosen:
            continue
        out = io.StringIO()

        def say(line: str = "", out: io.StringIO = out) -> None:
            print(line, flush=True)
            out.write(line + "\n")

        runs[name](args, say)
        texts[name] = out.getvalue().strip("\n")
        print()
    if args.out:
        args.out.write_text("\n\n".join(texts[name] for name in SECTIONS if name in texts) + "\n")


def split_sections(text: str) -> dict[str, str]:
    """A saved report cut into its sections, by their first lines' headers."""
    out: dict[str, list[str]] = {}
    current = None
    for line in text.splitlines():
        for name, header in SECTIONS.items():
            if line.startswith(header):
                current = name
        if current is not None:
            out.setdefault(current, []).append(line)
    return {name: "\n".join(lines).strip("\n") for name, lines in out.items()}


def draw_games(say: Callable[..., None]) -> None:
    """The draw questions: best of two runs (each run decides its hands afresh), and the method."""
    say(DRAWS_HEADER + f" load average {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M')} UTC")
    say("(until 2026-11-26 every question with a draw left to the automatic player was sampled: 400 deals, "
        "standard error near 0.02)")
    odds("badugi", ["As 2d 3h 4c", "Ks Qd Jh Tc"])  # import and build the ranking tables once
    for name, key, hands, kw in DRAW_QUESTIONS:
        wall, cpu, r = best_of(lambda key=key, hands=hands, kw=kw: odds(key, hands, **kw), repeat=2)
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
        wall, cpu, exact = best_of(lambda game=game, hands=hands, board=board: odds(game, hands, board=board or None))
        sd = share_sd(game, hands, board)
        need = max(1, math.ceil((sd / args.se) ** 2))
        s_wall, s_cpu, _ = best_of(lambda game=game, hands=hands, board=board, need=need:
                                   odds(game, hands, board=board or None, budget=1, samples=need, seed=2))
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
