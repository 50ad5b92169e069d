"""The drills: every question comes from the engine, a right answer scores, a wrong one does not
and gets the engine's explanation.

A drill's answer is checked against answers computed here, not by the drill or the engine
again: the hands read, the showdowns judged, the pots split and the banked wagers paid by
``poker_reference`` (plain Python from the rules, sharing no code with gamelib), a few cases
worked by hand, and the running-the-game answers from the rules of the blinds, the bring-in and
the order of play (R11, R14, R-A4, R-A7, R28) applied to what the question shows.
"""

from __future__ import annotations

import copy
import time
from collections import Counter

import pytest

from gamelib import BANKED_GAMES, POT_GAMES, get_game, rankings
from gamelib.cards import parse_cards
from gamelib.errors import GameError, IllegalActionError
from gamelib.games.pot import POT_DECLARATIONS
from gamelib.trainer import DRILLS, NOBODY, Question, make_drill
from gamelib.trainer.drills import drills_for

from . import poker_reference as ref

SEEDS = (0, 1)


def all_cases() -> list[tuple[str, str, str]]:
    return [(k, g, f) for k, d in DRILLS.items() for g in d.games for f in d.focuses_for(g)]


def wrong_answer(q: Question) -> dict:
    """An answer that differs from the right one in its first field."""
    out = dict(q.correct_answer)
    f = q.fields[0]
    right = q.correct_answer[f.name]
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
                assert q.correct_answer[f.name] in f.options
                assert len(set(f.options)) == len(f.options) >= 2
        r = d.check(q, q.correct_answer)
        assert r.correct and r.wrong_fields == ()
        bad = d.check(q, wrong_answer(q))
        assert not bad.correct and bad.wrong_fields == (q.fields[0].name,)
        assert bad.explanation == q.explanation and bad.correct_answer_text == q.answer_text(q.correct_answer)
        # the same seed deals the same question
        again = d.next(seed)
        assert (again.prompt, again.correct_answer, again.cards, again.facts) == \
            (q.prompt, q.correct_answer, q.cards, q.facts)


@pytest.mark.parametrize("game", POT_GAMES + BANKED_GAMES)
def test_read_hand_answer_is_the_reference_reading(game: str) -> None:
    """The right value and category are the reference's reading of the cards shown, in the
    ranking the question names (its prompt says which)."""
    for focus in ("exact", "category"):
        d = make_drill("read-hand", game, focus)
        for seed in range(4):
            q = d.next(seed)
            system = q.meta["system"]
            assert rankings.system(system).title in q.prompt
            hand = [c for lab, cs in q.cards if lab != "board" for c in cs]
            board = shown(q, "board") if any(lab == "board" for lab, _ in q.cards) else None
            reading = ref.read(system, hand, board)
            assert q.correct_answer["value"] == (reading.words if focus == "exact" else reading.category), (game, seed)
            assert reading.words in q.explanation


def test_read_hand_worked_by_hand() -> None:
    """Three readings worked out by hand from the dealt cards."""
    q = make_drill("read-hand", "badugi", "exact").next(0)
    assert q.cards == (("hand", tuple(parse_cards("4d 7s 7h 9h"))),)
    # 4d 7s 9h are three suits and three ranks; the 7h repeats a rank: a three-card badugi, 9 high
    assert q.correct_answer == {"value": "three-card badugi 9-7-4"}
    q = make_drill("read-hand", "razzdugi", "exact").next(2)
    assert q.meta["system"] == "a5-low" and q.cards == (("hand", tuple(parse_cards("4h 4d 6c Ac 7s 4s Th"))),)
    # the five lowest different ranks, ace low: A 4 6 7 T
    assert q.correct_answer == {"value": "ten-seven low (T-7-6-4-A)"}
    q = make_drill("read-hand", "three-card-6bonus", "category").next(1)
    assert q.cards == (("hand", tuple(parse_cards("9d 8h 7c"))),)
    assert q.correct_answer == {"value": "straight"}  # 7-8-9, three ranks in a row


def test_read_hand_offers_plausible_values() -> None:
    q = make_drill("read-hand", "badugi", "exact").next(1)
    # distractors are values other badugi hands make, with distinct descriptions
    assert all("badugi" in o for o in q.fields[0].options)
    q = make_drill("read-hand", "stud8", "category").next(2)
    assert set(q.fields[0].options) <= set(rankings.categories(q.meta["system"]))


def reference_portions(game: str, hands: dict[int, list[int]], boards: list[list[int]]) -> list[tuple[int, ...]]:
    """Each portion's winners among ``hands`` (seat -> cards), by the reference: the portion's
    system and board, and its qualifier (a named low, or the weakest qualifying hand)."""
    decl = POT_DECLARATIONS[game]
    out = []
    for p in decl.portions:
        board = boards[p.board] if rankings.system(p.system).uses_board else None
        bar = None
        if p.qualifier not in (None, "low8"):  # Archie's pair of nines (R8); low8 refuses no-low hands itself
            bar = ref.read(p.system, parse_cards(p.qualifier)).key
        out.append(ref.winners({s: ref.read(p.system, h, board) for s, h in hands.items()}, bar))
    return out


def question_hands(q: Question) -> tuple[dict[int, list[int]], list[list[int]]]:
    hands = {int(lab.split()[1]): list(c) for lab, c in q.cards if lab.startswith("seat")}
    boards = [list(c) for lab, c in q.cards if lab.startswith("board")]
    return hands, boards


@pytest.mark.parametrize("game", POT_GAMES)
def test_who_wins_matches_the_reference(game: str) -> None:
    for focus in make_drill("who-wins", game).focuses_for(game):
        for seed in (3, 4):
            q = make_drill("who-wins", game, focus).next(seed)
            hands, boards = question_hands(q)
            want = reference_portions(game, hands, boards)
            for k, winners in enumerate(want):
                assert q.correct_answer[f"portion{k}"] == (frozenset(f"seat {s}" for s in winners) if winners
                                                   else frozenset({NOBODY})), (game, focus, seed, k)
            if focus == "ties":
                assert any(len(w) >= 2 for w in want) or not any(want)
            if focus == "no-qualifier":
                assert not all(want)


def test_archie_nobody_qualifies_explains_r8() -> None:
    q = make_drill("who-wins", "archie", "no-qualifier").next(1)
    r = make_drill("who-wins", "archie", "no-qualifier").check(q, {"portion0": ["seat 0"], "portion1": []})
    assert not r.correct and "R8" in r.explanation and "split the pot" in r.explanation


def odd_chip_order(game: str, portion: int, seats: tuple[int, ...], hands: dict[int, list[int]],
                   button: int, n: int) -> list[int]:
    """R6: tied seats clockwise from the button; in a stud game by the seat's own cards, the
    highest card by suit on a high side, the lowest on a low side with the ace as that side
    ranks it (R-A3)."""
    decl = POT_DECLARATIONS[game]
    if not decl.is_stud:
        return ref.clockwise(seats, button, n)
    system = decl.portions[portion].system
    if system in ("high",):
        return sorted(seats, key=lambda s: -max(hands[s]))
    ace_high = system in ("27-low", "badugi-ace-high")

    def lowest(s: int) -> tuple[int, int]:
        return min(((ref.rank(c) if ace_high else (ref.rank(c) + 1) % 13), ref.suit(c)) for c in hands[s])
    return sorted(seats, key=lowest)


def reference_award(game: str, amount: int, hands: dict[int, list[int]], boards: list[list[int]],
                    button: int, n: int) -> dict[int, int]:
    decl = POT_DECLARATIONS[game]
    winners = reference_portions(game, hands, boards)
    portions = [(p.share, odd_chip_order(game, k, w, hands, button, n))
                for k, (p, w) in enumerate(zip(decl.portions, winners, strict=True))]
    return ref.split_pot(amount, portions, ref.clockwise(list(hands), button, n))


@pytest.mark.parametrize("game", ["archie", "stud8", "big-o", "badugi", "double-board-omaha", "razzdugi"])
@pytest.mark.parametrize("focus", ["any", "odd-chips", "side-pots"])
def test_split_pot_matches_the_reference(game: str, focus: str) -> None:
    """Each seat's dollars from the reference: the winners, each pot's portions and odd dollars
    (R5, R6, R8), and for side pots each pot among the seats that put money in it (R7)."""
    for seed in (7, 8):
        q = make_drill("split-pot", game, focus).next(seed)
        n = len(q.fields)
        hands, boards = question_hands(q)
        button = q.meta["button"]
        paid = [0] * n
        if focus == "side-pots":
            live = [s in hands for s in range(n)]
            pots = ref.side_pots(q.meta["contributions"], live)
            assert len(pots) >= 2 and "R7" in q.explanation
            for amount, eligible in pots:
                for s, x in reference_award(game, amount, {s: hands[s] for s in eligible}, boards, button, n).items():
                    paid[s] += x
        else:
            for s, x in reference_award(game, q.meta["pot"], hands, boards, button, n).items():
                paid[s] += x
        assert [q.correct_answer[f"seat{s}"] for s in range(n)] == paid, (game, focus, seed)
        assert sum(paid) == sum(q.meta["contributions"])
        if focus == "odd-chips":
            assert "R6" in q.explanation


def test_split_pot_odd_chip_worked_by_hand() -> None:
    """Stud 8, seed 3, worked by hand: seat 0 holds 6s 8h 5h 3c Ac Qd Kc, an eight-six low
    (8-6-5-3-A) and only ace high; seat 1 holds 2s Js 9d 8s 9s 8c 9c, nines full of eights and
    no low. High and low to different seats: the $73 pot is $36 a half and one odd dollar, which
    goes to the high half, the first portion (R6): seat 1 $37, seat 0 $36."""
    q = make_drill("split-pot", "stud8", "odd-chips").next(3)
    assert q.cards == (("seat 0", tuple(parse_cards("6s 8h 5h 3c Ac Qd Kc"))),
                       ("seat 1", tuple(parse_cards("2s Js 9d 8s 9s 8c 9c"))))
    assert q.meta["pot"] == 73
    assert q.correct_answer == {"seat0": 36, "seat1": 37}
    assert "odd dollar" in q.explanation and "R6" in q.explanation


SETTLE = {"three-card-6bonus": ref.settle_three_card, "crazy4": ref.settle_crazy4, "nh-holdem": ref.settle_nh}


@pytest.mark.parametrize("game", BANKED_GAMES)
def test_pay_wager_matches_the_reference(game: str) -> None:
    """Every wager's result and the total, from the reference's settlement of the cards and
    wagers the question shows (the filings' pay tables, R19-R22, B1, B3-B5)."""
    for focus in make_drill("pay-wager", game).focuses_for(game):
        for seed in range(6):
            q = make_drill("pay-wager", game, focus).next(seed)
            cards = {lab: list(c) for lab, c in q.cards}
            want = SETTLE[game](dict(q.meta["wagers"]), **cards)
            cap = want.pop("cap", 0)
            assert q.correct_answer == want, (game, focus, seed)
            if focus == "caps":
                assert cap > 0 and "R21" in q.explanation


def test_pay_wager_cap_worked_by_hand() -> None:
    """NH Hold'em, caps, seed 1, worked by hand: hole Jh 9h, community Kd Kc Qc, bonus 7h 5h 8h 6h.
    The main hand is a pair of kings, 1 to 1 on the $2 ante and the three $6 street bets (+$20);
    Pair Plus on Kd Kc Qc is a pair, 1 to 1 on $10; the 6 Card Bonus on Jh 9h 7h 5h 8h 6h is a
    nine-high straight flush, 200 to 1 on $10 = $2,000. $2,030 won, over the $1,000 cap with a $2
    ante (R21): the player is paid $1,000, and nothing was lost."""
    q = make_drill("pay-wager", "nh-holdem", "caps").next(1)
    assert q.cards == (("hole", tuple(parse_cards("Jh 9h"))), ("community", tuple(parse_cards("Kd Kc Qc"))),
                       ("bonus", tuple(parse_cards("7h 5h 8h 6h"))))
    assert q.meta["wagers"] == {"ante": 2, "pair_plus": 10, "six_card_bonus": 10, "flop": 6, "turn": 6, "river": 6}
    assert q.correct_answer == {"ante": 2, "flop": 6, "turn": 6, "river": 6, "pair_plus": 10, "six_card_bonus": 2000,
                        "total": 1000}


#: R18: the Big O structures' blinds; R11: elsewhere the big blind is the lower limit, the small
#: blind half of it, rounded up.
BIG_O_BLINDS = {"$1-$2": (1, 2), "$2-$4": (1, 2), "$4-$4": (4, 4), "$1-$4": (1, 2)}


def blinds_by_rule(hand) -> tuple[int, int, int, int, int]:
    """(small blind seat, amount, big blind seat, amount, first to act) by R11, R18 and R-A7."""
    n, b = hand.n, hand.button
    sb, bb = (b, (b + 1) % n) if n == 2 else ((b + 1) % n, (b + 2) % n)  # R-A7: heads-up the button posts the SB
    first = b if n == 2 else (bb + 1) % n
    st = hand.structure
    small, big = BIG_O_BLINDS.get(st.name, ((st.small_bet + 1) // 2, st.small_bet))
    return sb, small, bb, big, first


def bring_in_by_rule(hand) -> int:
    """R14, R2: the lowest up card brings in at Stud 8 (aces high, clubs the lowest suit); the
    highest at Razzdugi (aces low) and 2-7 Razzdugi (aces high), spades the highest suit."""
    key = str(hand.game.bring_in_card)
    def card(s: int) -> tuple[int, int]:
        c = hand.up[s][0]
        r = ref.rank(c) if key.endswith("ace-high") else (ref.rank(c) + 1) % 13
        return (r, ref.suit(c))
    seats = range(hand.n)
    return min(seats, key=card) if key.startswith("lowest") else max(seats, key=card)


def can_act(hand, s: int) -> bool:
    return not hand.folded[s] and hand.stacks[s] > 0


def first_to_act_by_rule(hand) -> int:
    """After the first round: in a blind game the first seat clockwise from the button still in
    and not all in; in stud the best board showing, pairs only, ties to the seat nearest the
    dealer's left (R14, R-A4), and if that seat is all in the next one clockwise who can act (R28)."""
    n = hand.n
    clockwise = [(hand.button + 1 + k) % n for k in range(n)]
    if not hand.game.is_stud:
        return next(s for s in clockwise if can_act(hand, s))
    order = str(hand.game.board_order)

    def board(s: int) -> tuple:
        ranks = [ref.rank(c) if order != "low-a5" else (ref.rank(c) + 1) % 13 for c in hand.up[s]]
        counts = Counter(ranks)
        groups = sorted(counts.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
        shape = (tuple(c for _, c in groups), tuple(r for r, _ in groups))
        return shape if order == "high" else (tuple(-c for c in shape[0]), tuple(-r for r in shape[1]))
    live = [s for s in clockwise if not hand.folded[s]]
    best = max(board(s) for s in live)
    start = next(s for s in live if board(s) == best)
    return next(s for s in clockwise[clockwise.index(start):] + clockwise[:clockwise.index(start)] if can_act(hand, s))


def max_bet_by_rule(hand) -> int:
    """The most the round's bet may become for the player in turn: limit, one unit of the
    street (R12) on top of the bet, or a full bet; spread limit, the higher limit on top (R18);
    pot limit, the pot after the call on top (R16); no limit, the stack; never more than the
    player's chips."""
    s = hand.to_act
    st, street = hand.structure, hand.street
    cb = max(hand.committed)
    all_in = hand.committed[s] + hand.stacks[s]
    kind = str(st.kind)
    if kind == "limit":
        unit = st.small_bet if str(street.bet) == "small" else st.big_bet
        hi = unit if cb < unit else cb + unit
    elif kind == "spread":
        hi = st.big_bet if cb == 0 else cb + st.big_bet
    elif kind == "pot-limit":
        hi = cb + hand.pot + (cb - hand.committed[s])
    else:
        hi = all_in
    return min(hi, all_in)


@pytest.mark.parametrize("game", POT_GAMES)
def test_run_game_answers_by_the_rules(game: str) -> None:
    """Who posts and acts, and the largest bet, from the rules applied to the table the question
    shows; whether an action is legal, by playing it in a copy of the hand."""
    for seed in (2, 3):
        q = make_drill("run-game", game, "forced").next(seed)
        hand = q.meta["hand"]
        if hand.game.is_stud:
            s = bring_in_by_rule(hand)
            assert q.correct_answer == {"seat": f"seat {s}", "amount": (hand.structure.small_bet + 1) // 2}  # R-A9
        else:
            sb, small, bb, big, first = blinds_by_rule(hand)
            assert q.correct_answer == {"sb": f"seat {sb}", "sb_amount": small, "bb": f"seat {bb}", "bb_amount": big,
                                "first": f"seat {first}"}
        q = make_drill("run-game", game, "first-to-act").next(seed)
        assert q.correct_answer == {"seat": f"seat {first_to_act_by_rule(q.meta['hand'])}"}
        q = make_drill("run-game", game, "max-raise").next(seed)
        assert q.correct_answer == {"max": max_bet_by_rule(q.meta["hand"])}
        q = make_drill("run-game", game, "legal").next(seed)
        kind, amount = q.meta["action"]
        h = copy.deepcopy(q.meta["hand"])
        if q.correct_answer["legal"] == "legal":
            h.act(kind, amount)
        else:
            with pytest.raises(IllegalActionError):
                h.act(kind, amount)


def test_questions_are_fresh_not_a_fixed_list() -> None:
    for key in DRILLS:
        game = {"pay-wager": "crazy4", "replay-hand": "stud8"}.get(key, "big-o")
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
        make_drill("split-pot", "badugi").check(q, q.correct_answer)
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


def test_run_game_names_big_o_at_pot_limit_the_mixed_game_big_o8() -> None:
    """The drill once offered "Big O, $1/$2 pot-limit", a structure the Big O cash game does not
    spread (only its four limit structures, R18/R26). A hand at a structure the cash table lists is
    "Big O"; any other is the mixed game's Big O8, and the question says so."""
    from gamelib.games.table_kinds import BIG_O_CASH_TABLE

    listed = {s.name for s in BIG_O_CASH_TABLE.structures}
    assert len(listed) == 4
    seen = Counter()
    for focus in ("legal", "max-raise"):
        for seed in range(12):
            q = make_drill("run-game", "big-o", focus).next(seed)
            structure = q.meta["hand"].structure
            if structure.name in listed:
                seen["cash"] += 1
                assert q.prompt.startswith("Big O, ") and "mixed" not in q.prompt + q.facts[0]
                assert q.facts[0].startswith(f"Big O, {structure.name};")
            else:
                seen["mixed"] += 1
                assert structure.kind == "pot-limit"
                assert q.prompt.startswith("Big O8, the mixed game, ")
                assert q.facts[0].startswith(
                    f"Big O8, the mixed game, {structure.name} (the Big O cash game spreads only its four "
                    "limit structures, R26);")
    assert seen["cash"] and seen["mixed"], seen  # both kinds were dealt and read
    q = make_drill("run-game", "badugi", "legal").next(1)  # a mixed game is named as it always was
    assert q.prompt.startswith("Badugi, ") and "the mixed game" not in q.prompt + q.facts[0]
