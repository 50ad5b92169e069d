"""The drills: every question comes from the engine (checked here by asking the engine again
from the cards and wagers the question shows), a right answer scores, a wrong one does not and
gets the engine's explanation."""

from __future__ import annotations

import copy
import time

import pytest

from gamelib import BANKED_GAMES, POT_GAMES, get_game, rankings
from gamelib.engine.pots import side_pots
from gamelib.errors import GameError, IllegalActionError
from gamelib.trainer import DRILLS, NOBODY, Question, make_drill
from gamelib.trainer.drills import drills_for

SEEDS = (0, 1)


def all_cases() -> list[tuple[str, str, str]]:
    return [(k, g, f) for k, d in DRILLS.items() for g in d.games for f in d.focuses_for(g)]


def wrong_answer(q: Question) -> dict:
    """An answer that differs from the right one in its first field."""
    out = dict(q.answer)
    f = q.fields[0]
    right = q.answer[f.name]
    if f.kind == "dollars":
        out[f.name] = right + 1
    elif f.kind == "multi":
        other = next(o for o in f.options if frozenset({o}) != right)
        out[f.name] = [other]
    else:
        out[f.name] = next(o for o in f.options if o != right)
    return out


def shown(q: Question, label: str) -> list[int]:
    return next(list(c) for lab, c in q.cards if lab == label)


@pytest.mark.parametrize("drill,game,focus", all_cases())
def test_right_scores_wrong_does_not(drill: str, game: str, focus: str) -> None:
    d = make_drill(drill, game, focus)
    for seed in SEEDS:
        q = d.next(seed)
        assert q.drill == drill and q.game == game and q.focus == focus and q.seed == seed
        assert q.prompt and q.explanation and q.fields
        for f in q.fields:
            if f.kind == "choice":
                assert q.answer[f.name] in f.options
                assert len(set(f.options)) == len(f.options) >= 2
        r = d.check(q, q.answer)
        assert r.correct and r.wrong_fields == ()
        bad = d.check(q, wrong_answer(q))
        assert not bad.correct and bad.wrong_fields == (q.fields[0].name,)
        assert bad.explanation == q.explanation and bad.right_text == q.answer_text()
        # the same seed deals the same question
        again = d.next(seed)
        assert (again.prompt, again.answer, again.cards, again.facts) == (q.prompt, q.answer, q.cards, q.facts)


@pytest.mark.parametrize("game", POT_GAMES + BANKED_GAMES)
def test_read_hand_answer_is_the_engines_description(game: str) -> None:
    for focus in ("exact", "category"):
        d = make_drill("read-hand", game, focus)
        for seed in range(4):
            q = d.next(seed)
            system = q.meta["system"]
            hand = [c for lab, cs in q.cards if lab != "board" for c in cs]
            board = shown(q, "board") if any(lab == "board" for lab, _ in q.cards) else None
            v = int(rankings.evaluate(system, [hand], board)[0])
            want = rankings.describe(system, v) if focus == "exact" else rankings.category(system, v)
            assert q.answer["value"] == want
            assert want in q.explanation or rankings.describe(system, v) in q.explanation


def test_read_hand_offers_plausible_values() -> None:
    q = make_drill("read-hand", "badugi", "exact").next(1)
    # distractors are values other badugi hands make, with distinct descriptions
    assert all("badugi" in o for o in q.fields[0].options)
    q = make_drill("read-hand", "stud8", "category").next(2)
    assert set(q.fields[0].options) <= set(rankings.categories(q.meta["system"]))


@pytest.mark.parametrize("game", POT_GAMES)
def test_who_wins_matches_the_showdown(game: str) -> None:
    g = get_game(game)
    for focus in make_drill("who-wins", game).focuses_for(game):
        q = make_drill("who-wins", game, focus).next(3)
        players = [(lab, list(c)) for lab, c in q.cards if lab.startswith("seat")]
        boards = [list(c) for lab, c in q.cards if lab.startswith("board")]
        hands = [c for _, c in players]
        sd = (g.showdown(hands) if not boards else g.showdown(hands, board=boards[0]) if len(boards) == 1
              else g.showdown(hands, boards=boards))
        for k, p in enumerate(g.declaration.portions):
            got = q.answer[f"portion{k}"]
            winners = sd.portions[k].winners
            assert got == (frozenset(f"seat {s}" for s in winners) if winners else frozenset({NOBODY}))
        if focus == "ties":
            assert any(len(p.winners) >= 2 for p in sd.portions)
        if focus == "no-qualifier":
            assert NOBODY in set().union(*q.answer.values())


def test_archie_nobody_qualifies_explains_r8() -> None:
    q = make_drill("who-wins", "archie", "no-qualifier").next(1)
    r = make_drill("who-wins", "archie", "no-qualifier").check(q, {"portion0": ["seat 0"], "portion1": []})
    assert not r.correct and "R8" in r.explanation and "split the pot" in r.explanation


@pytest.mark.parametrize("game", ["archie", "stud8", "big-o", "badugi", "double-board-omaha", "razzdugi"])
@pytest.mark.parametrize("focus", ["any", "odd-chips", "side-pots"])
def test_split_pot_matches_award(game: str, focus: str) -> None:
    g = get_game(game)
    q = make_drill("split-pot", game, focus).next(7)
    seats = len(q.fields)
    shown_seats = {int(lab.split()[1]): list(c) for lab, c in q.cards if lab.startswith("seat")}
    hands = [shown_seats.get(s) for s in range(seats)]
    boards = [list(c) for lab, c in q.cards if lab.startswith("board")]
    sd = (g.showdown(hands) if not boards else g.showdown(hands, board=boards[0]) if len(boards) == 1
          else g.showdown(hands, boards=boards))
    button = q.meta["button"]
    if focus == "side-pots":
        live = [h is not None for h in hands]
        pots = side_pots(q.meta["contributions"], live)
        assert len(pots) >= 2
        paid = sd.award_pots([(p.amount, p.eligible) for p in pots], button=button)
        assert "R7" in q.explanation
    else:
        paid = sd.award(q.meta["pot"], button=button)
    assert [q.answer[f"seat{s}"] for s in range(seats)] == paid
    assert sum(paid) == sum(q.meta["contributions"])
    if focus == "odd-chips":
        assert "R6" in q.explanation


def test_split_pot_odd_chip_worked_by_hand() -> None:
    # Stud 8 seed 3: high and low to different seats, $73: the high side takes the odd dollar (R6).
    q = make_drill("split-pot", "stud8", "odd-chips").next(3)
    assert q.meta["pot"] % 2 == 1
    assert "odd dollar" in q.explanation and "R6" in q.explanation


@pytest.mark.parametrize("game", BANKED_GAMES)
def test_pay_wager_matches_settle(game: str) -> None:
    g = get_game(game)
    for focus in make_drill("pay-wager", game).focuses_for(game):
        for seed in range(3):
            q = make_drill("pay-wager", game, focus).next(seed)
            cards = {lab: list(c) for lab, c in q.cards}
            s = g.settle(q.meta["wagers"], **cards)
            assert {r.wager: r.result for r in s.results} == {k: v for k, v in q.answer.items() if k != "total"}
            assert q.answer["total"] == s.total
            if focus == "caps":
                assert s.cap_reduction > 0 and "R21" in q.explanation


def test_pay_wager_cap_in_dollars() -> None:
    q = make_drill("pay-wager", "nh-holdem", "caps").next(1)
    ante = q.meta["wagers"]["ante"]
    cap = get_game("nh-holdem").declaration.caps[ante]
    won = sum(v for k, v in q.answer.items() if k != "total" and v > 0)
    lost = sum(v for k, v in q.answer.items() if k != "total" and v < 0)
    assert won > cap and q.answer["total"] == cap + lost


@pytest.mark.parametrize("game", POT_GAMES)
def test_run_game_answers_hold_in_the_hand(game: str) -> None:
    for focus in ("forced", "first-to-act", "legal", "max-raise"):
        q = make_drill("run-game", game, focus).next(2)
        hand = q.meta["hand"]
        if focus == "forced":
            if hand.game.is_stud:
                assert f"{q.answer['seat']} brings in" in q.explanation
                h = copy.deepcopy(hand)
                h.act("bring-in", seat=int(q.answer["seat"].split()[1]))
            else:
                posted = [line for line in hand.history if "posts the" in line]
                assert f"{q.answer['sb']} posts the small blind ${q.answer['sb_amount']}" in posted[0]
                assert f"{q.answer['bb']} posts the big blind ${q.answer['bb_amount']}" in posted[-1]
        elif focus == "first-to-act":
            h = copy.deepcopy(hand)
            s = int(q.answer["seat"].split()[1])
            others = [x for x in range(h.n) if x != s and not h.folded[x]]
            with pytest.raises(IllegalActionError):
                h.act("fold", seat=others[0])
            h.act("fold", seat=s)  # the seat in turn may act
        elif focus == "legal":
            kind, amount = q.meta["action"]
            h = copy.deepcopy(hand)
            if q.answer["legal"] == "legal":
                h.act(kind, amount)
            else:
                with pytest.raises(IllegalActionError):
                    h.act(kind, amount)
        else:
            kind = next(a.kind for a in hand.legal_actions() if a.kind in ("bet", "raise", "complete"))
            copy.deepcopy(hand).act(kind, q.answer["max"])
            with pytest.raises(IllegalActionError):
                copy.deepcopy(hand).act(kind, q.answer["max"] + 1)


def test_questions_are_fresh_not_a_fixed_list() -> None:
    for key in DRILLS:
        game = "big-o" if key != "pay-wager" else "crazy4"
        d = make_drill(key, game)
        seen = {(d.next(s).cards, d.next(s).facts) for s in range(6)}
        assert len(seen) >= 5


def test_bad_choices_are_refused() -> None:
    with pytest.raises(GameError, match="the drills are"):
        make_drill("no-such-drill", "big-o")
    with pytest.raises(GameError, match="not 'crazy4'"):
        make_drill("who-wins", "crazy4")
    with pytest.raises(GameError, match="focuses are"):
        make_drill("who-wins", "badugi", "no-qualifier")
    q = make_drill("read-hand", "badugi").next(1)
    with pytest.raises(GameError, match="not an option"):
        make_drill("read-hand", "badugi").check(q, "a royal flush")
    with pytest.raises(GameError, match="check it with that drill"):
        make_drill("split-pot", "badugi").check(q, q.answer)
    assert drills_for("three-card-6bonus") == ["read-hand", "pay-wager"]


def test_checking_is_fast() -> None:
    d = make_drill("split-pot", "big-o", "side-pots")
    q = d.next(1)
    t = time.perf_counter()
    for _ in range(100):
        d.check(q, {f.name: "$3" for f in q.fields})
    assert (time.perf_counter() - t) / 100 < 0.1


@pytest.mark.parametrize("game", BANKED_GAMES)
def test_pay_wager_deals_only_acceptable_wagers(game: str) -> None:
    # every dealt set of wagers passes the engine's own checks (R19-R22), e.g. Three Card Poker
    # always has one of Ante, Pair Plus or 6 Card Bonus
    d = make_drill("pay-wager", game)
    g = get_game(game)
    for seed in range(300):
        g.check_wagers(d.next(seed).meta["wagers"])
