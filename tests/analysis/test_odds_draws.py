"""The automatic player's draws in the odds calculator (gamelib/analysis/odds/draws.py and the
deal-by-deal draws of gamelib/analysis/odds/calculator.py) against a plain brute force.

The oracle plays every remaining deal in the order the cards come off the deck (random hands,
board cards, then each draw seat by seat), asks the engine's own ``draw_choice`` what the
automatic player throws at each draw (with the calculator's documented seed and trial count,
on the hand sorted), deals every set of replacements from what is left, and judges each
showdown with ``judge``. Each deal weighs its chance, a product of ``1 / C(cards left, cards
dealt)``, as an exact fraction. The calculator must give exactly the same equities, scoops and
per-portion win and tie chances. Dead cards keep each case to a few hundred or thousand deals.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections.abc import Iterator, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from gamelib.analysis.odds import deal_by_deal as odds_module  # where AUTO_DECISIONS and AUTO_CHUNK are read
from gamelib.analysis.odds import odds
from gamelib.analysis.odds.draws import AUTO_DRAW_SAMPLES, AUTO_SEED, AutoPlayer, choices
from gamelib.cards import format_cards, parse_cards
from gamelib.engine.showdown import SPLIT_NAME, judge
from gamelib.engine.walkthrough import draw_choice
from gamelib.errors import GameError
from gamelib.games.pot import POT_DECLARATIONS

sys.path.insert(0, str(Path(__file__).resolve().parent))
from odds_oracle import assert_matches  # noqa: E402  (tests/analysis/odds_oracle.py)


@cache
def auto_throw(key: str, hand: tuple[int, ...], board: tuple[int, ...], tries: int) -> tuple[int, ...]:
    """The engine's automatic player, as the calculator documents it is asked."""
    game = POT_DECLARATIONS[key]
    return tuple(draw_choice(game, sorted(hand), boards=[list(board)] if game.boards else [], seed=AUTO_SEED,
                             samples=AUTO_DRAW_SAMPLES, tries=tries))


def brute_force(key: str, hands: Sequence[str | None], board: str = "", dead: str = "",
                discards: Sequence[str | None] | None = None, draws_to_come: int = 1) -> dict[str, Any]:
    game = POT_DECLARATIONS[key]
    n = len(hands)
    held = [parse_cards(h) if h else [] for h in hands]
    declared = [None if d is None else parse_cards(d) for d in (discards or [None] * n)]
    seen = {c for h in held for c in h} | set(parse_cards(board)) | set(parse_cards(dead))
    first = game.draws - draws_to_come
    # what is still to happen, in the order of the deal
    steps: list[tuple[str, int]] = [("hand", i) for i in range(n) if not held[i]]
    shown, d = len(parse_cards(board)), 0
    for street in game.streets:
        if street.draw:
            if d >= first:
                steps.append(("draw", d))
            d += 1
        if street.board:
            end = sum(s.board for s in game.streets[:game.streets.index(street) + 1])
            if end > shown:
                steps.append(("board", end - shown))
                shown = end
    names = [p.name for p in game.portions] + ([SPLIT_NAME] if game.no_qualifier else [])
    out: dict[str, Any] = {"equity": [Fraction(0)] * n, "scoop": [Fraction(0)] * n,
                           "win": {(p, i): Fraction(0) for p in names for i in range(n)}, "deals": 0}
    out["tie"] = dict(out["win"])

    def deal(stub: list[int], k: int) -> Iterator[tuple[list[int], list[int], Fraction]]:
        for pick in itertools.combinations(stub, k):
            yield list(pick), [c for c in stub if c not in pick], Fraction(1, math.comb(len(stub), k))

    def play(step: int, hands_now: list[list[int]], board_now: list[int], stub: list[int], chance: Fraction) -> None:
        if step == len(steps):
            sd = judge(game, hands_now, boards=[board_now] if game.boards else None)
            got = [Fraction(0)] * n
            for p in sd.portions:
                for i in p.winners:
                    got[i] += p.share / len(p.winners)
                    out["win" if len(p.winners) == 1 else "tie"][(p.name, i)] += chance
            for i in range(n):
                out["equity"][i] += chance * got[i]
                out["scoop"][i] += chance * (got[i] == 1)
            out["deals"] += 1
            return
        kind, x = steps[step]
        if kind == "hand":
            for pick, rest, c in deal(stub, game.hole_cards):
                play(step + 1, [pick if i == x else h for i, h in enumerate(hands_now)], board_now, rest, chance * c)
        elif kind == "board":
            for pick, rest, c in deal(stub, x):
                play(step + 1, hands_now, board_now + pick, rest, chance * c)
        else:
            draw_seat(step, x, 0, hands_now, board_now, stub, chance)

    def draw_seat(step: int, d: int, seat: int, hands_now: list[list[int]], board_now: list[int], stub: list[int],
                  chance: Fraction) -> None:
        if seat == n:
            play(step + 1, hands_now, board_now, stub, chance)
            return
        throw = declared[seat] if d == first and declared[seat] is not None else \
            auto_throw(key, tuple(hands_now[seat]), tuple(board_now), game.draws - d)
        assert throw is not None
        keep = [c for c in hands_now[seat] if c not in throw]
        for pick, rest, c in deal(stub, len(throw)):
            after = [keep + pick if i == seat else h for i, h in enumerate(hands_now)]
            draw_seat(step, d, seat + 1, after, board_now, rest, chance * c)

    play(0, held, parse_cards(board), [c for c in range(52) if c not in seen], Fraction(1))
    return out


def _dead(*keep: str, leave: int) -> str:
    """Every card except those in ``keep`` and the ``leave`` highest others."""
    used = {c for k in keep for c in parse_cards(k)}
    free = [c for c in range(52) if c not in used]
    return format_cards(free[:len(free) - leave])


# (game, hands, board, dead, discards, draws to come)
CASES: list[tuple[str, list[str | None], str, str, list[str | None] | None, int]] = [
    # a known hand whose automatic draw (pat) is decided from its cards, so 44 equally likely deals
    ("badugi", ["As 2d 3h Kc", "5s 6d 7h 8c"], "", "", ["Kc", None], 1),
    # two draws to come: the third draw is the automatic player's, deal by deal
    ("badugi", ["As 2d 3h Kc", "5s 6d 7h 8c"], "", _dead("As 2d 3h Kc 5s 6d 7h 8c", leave=9), ["Kc", None], 2),
    ("badugi", ["As 2d Qh Kc", "4s 6d 7c 8c"], "", _dead("As 2d Qh Kc 4s 6d 7c 8c", leave=9), None, 3),
    ("a5-triple-draw", ["As 2d 3h 4c Kd", "Ac 2h 3c 9d 6s"], "", _dead("As 2d 3h 4c Kd Ac 2h 3c 9d 6s", leave=9),
     None, 2),
    # a random hand before the last draw: its draw is decided for each hand it may hold
    ("27-triple-draw", ["7s 5s 4d 3d 2c", None], "", _dead("7s 5s 4d 3d 2c", leave=11), [""] + [None], 1),
    ("badacey", ["As 2d 3h 4c Kh", "Ac 2h 4s 5d 7c"], "", _dead("As 2d 3h 4c Kh Ac 2h 4s 5d 7c", leave=9), ["Kh", None],
     2),
    ("badeucey", ["2s 3d 4h 7c Kh", "2c 3h 5s 6d 8c"], "", _dead("2s 3d 4h 7c Kh 2c 3h 5s 6d 8c", leave=9), None, 2),
    # Archie: qualifiers and R8's split when nobody qualifies, two draws by the automatic player
    ("archie", ["Kc Qd Jh 6s 3c", "As 2d 4h 7c Td"], "", _dead("Kc Qd Jh 6s 3c As 2d 4h 7c Td", leave=9), None, 2),
    # Drawmaha before the flop: each draw is chosen on the flop of its deal, then turn and river
    ("drawmaha", ["As Ks Qs Js Ts", "9h 9c 9d 9s 2c"], "", _dead("As Ks Qs Js Ts 9h 9c 9d 9s 2c", leave=9), None, 1),
    ("drawmaha-27", ["7s 5s 4d 3d 2c", "9h 9c 9d 8h 2d"], "", _dead("7s 5s 4d 3d 2c 9h 9c 9d 8h 2d", leave=9), None, 1),
]


@pytest.mark.parametrize("key,hands,board,dead,discards,to_come", CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_exact_with_the_automatic_player_agrees_with_brute_force(
        key: str, hands: list[str | None], board: str, dead: str, discards: list[str | None] | None,
        to_come: int) -> None:
    want = brute_force(key, hands, board, dead, discards, to_come)
    got = odds(key, hands, board=board or None, dead=dead or None, discards=discards, draws_to_come=to_come)
    assert got.exact, got.method
    assert_matches(got, want)


def test_a_known_hands_draw_is_decided_before_the_deal() -> None:
    """Badugi A-2-3 throwing the K against 8-7-6-5, whose automatic draw (pat) is decided before
    the deal: exact over seat 0's 44 replacements, as a declared draw would be; the result says
    what the automatic player chose."""
    r = odds("badugi", ["As 2d 3h Kc", "5s 6d 7h 8c"], discards=["Kc", None])
    assert r.method == "exact, 44 deals" and r.deals == r.ways == 44
    assert r.players[1].draw == "automatic player: stands pat" and "automatic player" in r.notes[0]
    assert r.players[0].equity == Fraction(4, 44)  # the four cards that make a better badugi than 8-7-6-5
    df = r.frame()
    assert df["wins"].tolist() == [4, 40] and set(df["deals"]) == {44}


def test_weighted_deals_and_what_the_automatic_player_chose() -> None:
    key, hands, board, dead, discards, to_come = CASES[2]
    r = odds(key, hands, dead=dead, discards=discards, draws_to_come=to_come)
    assert r.exact and r.ways > r.deals and "each weighted by its chance" in r.method
    df = r.frame()  # counts out of the equally likely ways
    assert set(df["deals"]) == {r.ways} and sum(df["wins"]) + sum(df["ties"]) // 2 <= r.ways
    assert any(line.startswith("seat 0, the automatic player's draws: second draw:") for line in r.notes)


def test_sampled_when_over_budget_agrees_within_its_error() -> None:
    key, hands, board, dead, discards, to_come = CASES[3]
    exact = odds(key, hands, dead=dead, draws_to_come=to_come)
    sampled = odds(key, hands, dead=dead, draws_to_come=to_come, budget=10, samples=3000, seed=4)
    assert not sampled.exact and sampled.deals == 3000 and sampled.method.endswith("drawing deal by deal")
    for e, s in zip(exact.players, sampled.players, strict=True):
        assert abs(float(e.equity) - float(s.equity)) < 4 * s.equity_se + 1e-9
    assert sampled == odds(key, hands, dead=dead, draws_to_come=to_come, budget=10, samples=3000, seed=4)


def test_default_sample_stops_when_the_automatic_player_has_decided_enough(monkeypatch: pytest.MonkeyPatch) -> None:
    """Unless told how many deals, a sample stops after the chunk in which the automatic
    player has decided ``AUTO_DECISIONS`` hands; its standard error says how good it is."""
    monkeypatch.setattr(odds_module, "AUTO_DECISIONS", 300)
    r = odds("badugi", ["As 2d 3h 4c", None], discards=["", None], draws_to_come=2)
    assert not r.exact and r.deals == odds_module.AUTO_CHUNK and r.standard_error > 0
    assert sum(p.equity for p in r.players) == 1


def test_the_stub_running_out_is_sampled_with_the_muck_shuffled_in() -> None:
    """Six badugi players drawing from a nine-card stub: the exact count is refused (R-A5's
    reshuffle is not enumerated), the sample deals the muck back in."""
    hands = ["As 2d 3h Kc", "5s 6d 7h Qc", "Ac 3d 5h Ks", "2s 4d 6h Qs", "3s 5d Th Jc", "4s 8d 9h Js"]
    r = odds("badugi", hands, dead=_dead(*hands, leave=4), draws_to_come=2, samples=300)
    assert not r.exact and r.deals == 300 and sum(p.equity for p in r.players) == 1


@pytest.mark.parametrize("key", ["badugi", "a5-triple-draw", "27-triple-draw", "archie", "badacey", "badeucey",
                                 "drawmaha"])
def test_choices_are_draw_choices(key: str) -> None:
    """The batched chooser gives exactly ``draw_choice``'s answer, hand by hand."""
    game = POT_DECLARATIONS[key]
    rng = np.random.default_rng(len(key))
    for tries in range(1, game.draws + 1):
        deck = rng.permutation(52)
        board = (tuple(int(c) for c in deck[:3]),) if game.boards else ()
        rest = deck[3:] if game.boards else deck
        hands = np.array([np.sort(rng.choice(rest, game.hole_cards, replace=False)) for _ in range(40)], np.int8)
        want = [tuple(draw_choice(game, h.tolist(), boards=[list(b) for b in board], seed=AUTO_SEED,
                                  samples=AUTO_DRAW_SAMPLES, tries=tries)) for h in hands]
        assert choices(game, hands, board, tries) == want


def test_auto_player_remembers_each_hand() -> None:
    p = AutoPlayer(POT_DECLARATIONS["badugi"])
    hands = np.array([parse_cards("Kc 2d 3h As"), parse_cards("As 2d 3h Kc"), parse_cards("5s 6d 7h 8c")], np.int8)
    assert p.decide(hands, (), 1) == [tuple(parse_cards("Kc"))] * 2 + [()]
    assert p.calls == 2
    assert p.decide(hands[:1], (), 1) == [tuple(parse_cards("Kc"))] and p.calls == 2


DRAW_GAMES = [k for k, g in POT_DECLARATIONS.items() if g.draws]


def same_winners_every_deal(r: Any) -> bool:
    """Whether every deal of an answer went the same way: each seat won each portion alone in
    every deal or in none, and tied for it in every deal or in none. Then the same seats share
    the same portions deal after deal, so every seat's share of the pot is the same in every
    deal, and a sample of such deals has no spread at all."""
    return all(q.win in (0, 1) and q.tie in (0, 1) for p in r.players for q in p.portions)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(DRAW_GAMES), seed=st.integers(0, 10**6), players=st.integers(2, 3))
# Sampled, and seat 1's pat 9-7-6-5-4 wins all 10,000 deals against what the ten-card stub can
# give the others: every deal has the same shares, so the standard error is rightly 0.
@example(key="27-triple-draw", seed=896, players=3)
def test_shares_of_deal_by_deal_draws_sum_to_one_pot(key: str, seed: int, players: int) -> None:
    """Random known hands, every draw left to the automatic player, a ten-card stub: exact or
    sampled (by the budget), the shares add up to one pot however unequal the deals' chances,
    and a sampled answer reports a standard error above 0 unless every sampled deal had the
    same shares (checked on the answer itself: each win and tie chance is 0 or 1)."""
    game = POT_DECLARATIONS[key]
    rng = np.random.default_rng(seed)
    deck = [int(c) for c in rng.permutation(52)]
    hands = [format_cards([deck.pop() for _ in range(game.hole_cards)]) for _ in range(players)]
    r = odds(key, hands, dead=format_cards(deck[:-10]), draws_to_come=game.draws if game.boards else min(2, game.draws),
             budget=200_000)
    assert r.exact or r.standard_error > 0 or same_winners_every_deal(r)
    assert sum(p.equity for p in r.players) == 1
    for p in r.players:
        assert 0 <= p.scoop <= p.equity <= 1


def test_a_next_draw_bigger_than_the_stub_is_made_deal_by_deal() -> None:
    """Three players each throw three cards to an eight-card stub: the third player's cards come
    from the muck shuffled in (R-A5), which only a sample deals."""
    hands = ["Kc Qd Jh 9s 8c", "Ks Qh Jd 9c 8d", "Kh Qc Js 9d 8h"]
    r = odds("a5-triple-draw", hands, dead=_dead(*hands, leave=8), draws_to_come=1, samples=200)
    assert not r.exact and r.deals == 200 and sum(p.equity for p in r.players) == 1
    assert [p.draw for p in r.players] == ["draws: automatic player, deal by deal"] * 3


class _OneHandAtATime(AutoPlayer):
    """The slow reference: every hand asked of the engine's one-hand ``draw_choice`` by itself,
    nothing remembered (the calculator's AutoPlayer asks many hands at once, each once)."""

    def index(self, hands: np.ndarray, board: Any, tries: int, limit: int | None = None) -> Any:
        if limit is not None:
            return None  # no exact enumeration: the reference only replays sampled deals
        answers = [tuple(draw_choice(self.game, sorted(int(c) for c in h), boards=[list(b) for b in board],
                                     seed=self.seed, samples=self.samples, tries=tries)) for h in hands]
        return answers, np.arange(len(answers), dtype=np.intp)


@pytest.mark.parametrize("key, players", [("archie", 2), ("badugi", 3), ("drawmaha", 2)])
def test_random_hands_max_draws_sampled_with_its_error_reproducible_and_as_the_slow_reference(
        key: str, players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    g = POT_DECLARATIONS[key]
    ask = dict(draws_to_come=g.draws, samples=40, seed=3)
    r = odds(key, [None] * players, **ask)
    assert not r.exact and r.deals == 40 and r.seed == 3
    assert 0 < r.standard_error and f"standard error {r.standard_error:.4f}" in r.method
    again = odds(key, [None] * players, **ask)
    assert [p.equity for p in again.players] == [p.equity for p in r.players]
    assert [p.equity_se for p in again.players] == [p.equity_se for p in r.players]
    from gamelib.analysis.odds import calculator
    monkeypatch.setattr(calculator, "AutoPlayer", _OneHandAtATime)
    slow = odds(key, [None] * players, **ask)
    assert [(p.equity, p.scoop, p.portions) for p in slow.players] == [(p.equity, p.scoop, p.portions)
                                                                       for p in r.players]
    assert slow.notes == r.notes


def test_a_target_standard_error_stops_the_sample_reproducibly() -> None:
    r = odds("a5-triple-draw", [None, None], draws_to_come=3, target_se=0.02, seed=5)
    assert r.standard_error <= 0.02 and r.deals % odds_module.AUTO_CHUNK == 0 and r.deals < 10_000
    assert f"sampled, {r.deals:,} deals, seed 5, standard error {r.standard_error:.4f}" in r.method
    again = odds("a5-triple-draw", [None, None], draws_to_come=3, target_se=0.02, seed=5)
    assert (again.deals, [p.equity for p in again.players]) == (r.deals, [p.equity for p in r.players])
    fixed = odds("a5-triple-draw", [None, None], draws_to_come=3, samples=r.deals, seed=5)
    assert [p.equity for p in fixed.players] == [p.equity for p in r.players]  # the same deals, stopped
    exact = odds("badugi", ["As 2d 3h Kh", "2c 4d 6h Qs"], draws_to_come=3, target_se=0.02)
    assert exact.exact  # an exact answer stays exact
    for bad in (0, -0.1, 0.6, "0.01", True):
        with pytest.raises(GameError, match="target_se"):
            odds("badugi", [None, None], draws_to_come=1, target_se=bad)  # type: ignore[arg-type]


# --- the widget's work limit, Drawmaha's flops, the exact try counted first -------------------------

def _one_deal_at_a_time(key: str, hands: list[str | None], samples: int,
                        seed: int) -> tuple[list[Fraction], list[list[Fraction]]]:
    """The slow reference of a clustered Drawmaha sample: the calculator's own sampled flops and
    deals (``sample_rows`` with the seed), but each deal played by itself: each seat's draw asked
    of the engine's one-hand ``draw_choice`` on the deal's flop, the replacements taken off the
    deal's stub seat by seat, the showdown judged with ``judge``. Each player's mean share over
    the deals, and each flop's deals' shares."""
    from gamelib.analysis.odds.deal_by_deal import CLUSTER, sample_rows, shared_columns
    from gamelib.analysis.odds.deals import assemble_hands
    from gamelib.analysis.odds.question import read_question
    game = POT_DECLARATIONS[key]
    q = read_question(game, hands, None, None, None, None, 1)
    assert shared_columns(q)  # the flop is still to come: clustered
    width = min(len(q.deck), q.needed + game.hole_cards * len(hands))
    deals = sample_rows(q.deck, np.random.default_rng(seed), samples, width, shared_columns(q))
    all_hands, boards = assemble_hands(q, deals[:, :q.needed])
    assert boards is not None
    per_flop: list[list[Fraction]] = []
    total = [Fraction(0)] * len(hands)
    for r in range(samples):
        board = [int(c) for c in boards[r, 0]]
        stub = [int(c) for c in deals[r, q.needed:]]
        final = []
        for i in range(len(hands)):
            hand = [int(c) for c in all_hands[r, i]]
            throw = auto_throw(key, tuple(hand), tuple(board[:3]), 1)
            final.append([c for c in hand if c not in throw] + stub[:len(throw)])
            del stub[:len(throw)]
        sd = judge(game, final, boards=[board])
        got = [Fraction(0)] * len(hands)
        for p in sd.portions:
            for i in p.winners:
                got[i] += p.share / len(p.winners)
        if r % CLUSTER == 0:
            per_flop.append([Fraction(0)] * len(hands))
        for i in range(len(hands)):
            per_flop[-1][i] += got[i]
            total[i] += got[i]
    return [t / samples for t in total], per_flop


@pytest.mark.parametrize("key, hands, samples, seed",
                         [("drawmaha", [None, None], 60, 4),
                          ("drawmaha-27", ["7s 5s 4d 3d Kc", None, "9h 9c 8h 7c 6d"], 50, 2)])
def test_drawmaha_samples_flops_and_agrees_with_each_deal_played_alone(key: str, hands: list[str | None],
                                                                       samples: int, seed: int) -> None:
    from gamelib.analysis.odds.deal_by_deal import CLUSTER
    r = odds(key, hands, draws_to_come=1, samples=samples, seed=seed)
    flops = -(-samples // CLUSTER)
    assert not r.exact and r.deals == samples and r.flops == flops
    assert f"sampled, {samples} deals on {flops} sampled flops (the standard error from the spread between flops)" \
        in r.method
    means, per_flop = _one_deal_at_a_time(key, hands, samples, seed)
    assert [p.equity for p in r.players] == means  # exactly the same deals, the same draws
    # the stated error is the two-stage (cluster) one, written out: F/(F-1) sum (T_f - n_f m)^2 / N^2
    sizes = [min(CLUSTER, samples - f * CLUSTER) for f in range(flops)]
    for i, p in enumerate(r.players):
        dev = sum((float(t[i]) - n * float(means[i])) ** 2 for t, n in zip(per_flop, sizes, strict=True))
        assert p.equity_se == pytest.approx(math.sqrt(flops / (flops - 1) * dev) / samples, rel=1e-9)


def test_a_clustered_sample_is_the_same_in_the_widgets_chunks() -> None:
    """Under a work limit the deals come 25 at a time, otherwise 500 at a time: a Drawmaha sample
    stopped at its work limit is the very sample of that many deals asked for outright (its flops
    and deals, its answer and its error), as an unclustered one is."""
    limited = odds("drawmaha", [None, None], draws_to_come=1, target_se=0.001, max_work=1_000_000, seed=3)
    assert any("work limit" in n for n in limited.notes) and limited.flops > 1
    outright = odds("drawmaha", [None, None], draws_to_come=1, samples=limited.deals, seed=3)
    assert outright.deals == limited.deals and outright.flops == limited.flops
    assert [(p.equity, p.equity_se) for p in outright.players] == [(p.equity, p.equity_se) for p in limited.players]


def test_the_cluster_standard_error_on_a_hand_made_case() -> None:
    from gamelib.analysis.odds.calculator import cluster_errors
    # two flops of two deals: seat 0's flop means 1/2 and 0, seat 1's 1/2 and 1 -> the flop means' spread
    got = cluster_errors([(2, np.array([1.0, 1.0])), (2, np.array([0.0, 2.0]))])
    assert got == pytest.approx([0.25, 0.25])  # sd of (1/2, 0) is 0.3536; over sqrt(2 flops): 0.25
    # equal flops: the variance of the flop means over the flops
    means = np.array([0.2, 0.5, 0.9, 0.4])
    got = cluster_errors([(25, np.array([25 * m])) for m in means])
    assert got[0] == pytest.approx(float(np.std(means, ddof=1) / math.sqrt(4)))
    # unequal flops: the deals weigh by their flop's size; one flop tells nothing (the most a share's can be)
    got = cluster_errors([(3, np.array([3.0])), (1, np.array([0.0]))])
    assert got[0] == pytest.approx(math.sqrt(2 * ((3 - 3 * 0.75) ** 2 + (0 - 0.75) ** 2)) / 4)
    assert cluster_errors([(25, np.array([10.0]))]) == [0.5]


def test_a_work_limit_stops_the_sample_reproducibly_and_says_so() -> None:
    ask = dict(draws_to_come=3, target_se=0.01, max_work=1_000_000, seed=7)
    r = odds("a5-triple-draw", [None, None, None], **ask)  # type: ignore[arg-type]
    assert not r.exact and 0 < r.deals < 1_000 and r.deals % odds_module.LIMITED_CHUNK == 0
    assert r.standard_error > 0.01 and f"sampled, {r.deals:,} deals, seed 7, standard error {r.standard_error:.4f}" \
        in r.method
    assert any(f"work limit (max_work 1,000,000 rows scored) after {r.deals:,} deals" in n for n in r.notes)
    again = odds("a5-triple-draw", [None, None, None], **ask)  # type: ignore[arg-type]
    assert [(p.equity, p.equity_se) for p in again.players] == [(p.equity, p.equity_se) for p in r.players]
    fixed = odds("a5-triple-draw", [None, None, None], draws_to_come=3, samples=r.deals, seed=7)
    assert [(p.equity, p.equity_se) for p in fixed.players] == [(p.equity, p.equity_se) for p in r.players]
    more = odds("a5-triple-draw", [None, None, None], draws_to_come=3, target_se=0.01, max_work=3_000_000, seed=7)
    assert more.deals > r.deals  # more work, more deals: the same seed's sample, stopped later
    assert odds("a5-triple-draw", [None, None], draws_to_come=3, samples=300, seed=7).deals == 300  # no limit
    for bad in (0, -5, 1.5, "1000", True, 10**12):
        with pytest.raises(GameError, match="max_work"):
            odds("badugi", [None, None], draws_to_come=1, max_work=bad)  # type: ignore[arg-type]


def test_the_exact_try_counts_first_and_exact_answers_stay_exact(monkeypatch: pytest.MonkeyPatch) -> None:
    """A stage whose first rows alone need more deals than the budget is refused before the rest
    are decided; a question that fits gives the very same exact answer with the count made first."""
    hands = ["As 2d 3h Kc", "5s 6d 7h 8c"]
    dead = _dead(*hands, leave=12)
    before = odds("badugi", hands, dead=dead, draws_to_come=3)
    assert before.exact
    monkeypatch.setattr(odds_module, "PREFIX", 16)  # every stage counted on its first 16 rows first
    after = odds("badugi", hands, dead=dead, draws_to_come=3)
    assert after.exact and after == before and after.notes == before.notes
    small = odds("badugi", hands, dead=dead, draws_to_come=3, budget=before.deals - 1, samples=100)
    assert not small.exact and small.deals == 100


def test_the_widgets_limit_keeps_its_exact_answers() -> None:
    from gamelib.widgets.odds import WIDGET_WORK
    for key, hands in [("badugi", ["As 2d 3h Kh", "2c 4d 6h Qs"]), ("badacey", ["As 2d 3h 4c Kd", "Ac 2h 3c 9d 6s"])]:
        free = odds(key, hands, draws_to_come=3)
        budgeted = odds(key, hands, draws_to_come=3, target_se=0.01, max_work=WIDGET_WORK)
        assert free.exact and budgeted == free
