"""Training from real hands (``gamelib.trainer.replay_drills``): the drill's answers against answers
worked out here from the record's own actions, with plain arithmetic and the limit rules (R7,
R12, R13, R30, R-A11), sharing no code with the engine: two questions worked by hand, then a
sweep over many seeds of both games."""

from __future__ import annotations

import pytest

from gamelib.handhistory.published import published, published_games, published_names
from gamelib.trainer import make_drill
from gamelib.trainer.drills import DRILLS, drills_for


def test_two_questions_worked_by_hand() -> None:
    # Stud 8, WSOP 2023 #43 hand 51: antes 5 x $50,000; p5 brings in for $75,000, p1 and p2 fold;
    # p3 (seat 2) is to act: call $75,000 or complete to the small bet, $250,000 (R-A11);
    # the pot is $250,000 + $75,000.
    q = make_drill("replay-hand", "stud8").next(0)
    assert (q.meta["record"], q.meta["action"]) == ("wsop-2023-43-5-51-02-18-42", 8)
    assert q.correct_answer == {"who": "seat 2", "call": 75000, "min_raise": 250000, "max_raise": 250000,
                                "pot0": 325000}
    # 2-7 Triple Draw, hand 60: p1 folds his $125,000 small blind to p3's raise to $500,000, which
    # p2 calls: $1,125,000. After the first draw p2 bets, p3 raises, p2 re-raises to $750,000 and
    # p3 calls: $1,500,000 more. After the second draw (big bet, $500,000): bet, raise to $1,000,000,
    # call: $2,000,000 more, $4,625,000 in all. After the third draw p2 acts first: he checks or
    # bets the big bet.
    q = make_drill("replay-hand", "27-triple-draw").next(1)
    assert (q.meta["record"], q.meta["action"]) == ("wsop-2023-43-5-60-02-42-44", 26)
    assert q.correct_answer == {"who": "seat 1", "call": 0, "min_raise": 500000, "max_raise": 500000, "pot0": 4625000}


def _by_arithmetic(name: str, stop: int) -> dict[str, object]:
    """Who acts, the call, the raise and the pots before action ``stop`` of the record, from its
    actions: a limit game, rounds of betting separated by the dealer's deals and the draws."""
    r = published(name)
    n = len(r.starting_stacks)
    stack = list(r.starting_stacks)
    total = [0] * n
    folded = [False] * n

    def put(p: int, x: int) -> None:
        x = min(x, stack[p])
        stack[p] -= x
        total[p] += x
        committed[p] += x

    committed = [0] * n
    for p in range(n):
        put(p, r.antes[p])
    committed = [0] * n
    bet, full_bets, rnd, acted = 0, 0, 0, False
    if r.blinds_or_straddles and any(r.blinds_or_straddles):
        put(0, r.blinds_or_straddles[0])
        put(1, r.blinds_or_straddles[1])
        bet = r.blinds_or_straddles[1]
        full_bets = 1
    stud = bool(r.bring_in)
    for text in r.actions[:stop]:
        words = text.split("#")[0].split()
        if words[0] == "d" or words[1] in ("sd", "sm"):
            if acted:  # a new round of betting begins
                committed, bet, full_bets, rnd, acted = [0] * n, 0, 0, rnd + 1, False
            continue
        p, verb = int(words[0][1:]) - 1, words[1]
        acted = True
        if verb == "f":
            folded[p] = True
        elif verb == "pb":
            put(p, r.bring_in or 0)
            bet = committed[p]
        elif verb == "cc":
            put(p, bet - committed[p])
        elif verb == "cbr":
            put(p, int(words[2]) - committed[p])
            bet = max(bet, committed[p])
            full_bets += 1
    who = int(r.actions[stop].split()[0][1:]) - 1  # a legal record: its player is the one in turn
    unit = (r.small_bet if rnd < 2 else r.big_bet) or 0
    call = min(bet - committed[who], stack[who])
    others_with_chips = [p for p in range(n) if p != who and not folded[p] and stack[p] > 0]
    if full_bets >= 5 or stack[who] <= call or not others_with_chips:  # the cap (R13), all in, R30
        low = high = 0
    else:
        to = unit if stud and bet < (r.small_bet or 0) else bet + unit  # completing the bring-in (R-A11)
        low = high = min(to, committed[who] + stack[who])
    # the pots: a side pot begins above a live all-in player's total (R7)
    live_all_in = sorted({total[p] for p in range(n) if not folded[p] and stack[p] == 0})
    levels = [x for x in live_all_in if x < max(total)] + [max(total)]
    pots, prev = [], 0
    for level in levels:
        pots.append(sum(min(t, level) - min(t, prev) for t in total))
        prev = level
    out: dict[str, object] = {"who": f"seat {who}", "call": call, "min_raise": low, "max_raise": high}
    out.update({f"pot{k}": x for k, x in enumerate(pots)})
    return out


@pytest.mark.parametrize("game", ["stud8", "27-triple-draw"])
def test_answers_are_the_records_arithmetic(game: str) -> None:
    d = make_drill("replay-hand", game)
    seen, side_pots, no_raise = set(), 0, 0
    for seed in range(120):
        q = d.next(seed)
        seen.add((q.meta["record"], q.meta["action"]))
        assert q.correct_answer == _by_arithmetic(q.meta["record"], q.meta["action"]), (seed, q.meta["record"])
        side_pots += "pot1" in q.correct_answer
        no_raise += q.correct_answer["max_raise"] == 0
        assert d.check(q, q.correct_answer).correct
        wrong = dict(q.correct_answer, pot0=q.correct_answer["pot0"] + 1)
        assert d.check(q, wrong).wrong_fields == ("pot0",)
    assert len(seen) >= 60  # many actions of many records, not a fixed few
    if game == "stud8":
        assert side_pots  # the all-in hand of the 2023 #54 final table is among them
    else:
        assert no_raise  # a bet all in that nobody could raise over (R30)


def test_the_drill_is_registered_for_the_published_games() -> None:
    assert DRILLS["replay-hand"].games == published_games() == ("27-triple-draw", "stud8")
    assert "replay-hand" in drills_for("stud8") and "replay-hand" not in drills_for("big-o")
    assert {published(n).variant for n in published_names()} == {"F7S/8", "F2L3D"}
