"""Bad input, one table: every refusal is a ``gamelib.errors`` exception whose message names the
problem (at most ~300 characters), or on the command line exit code 2 with one line on stderr.

No case may end in an internal error (TypeError, AttributeError, ValueError outside the
``gamelib.errors`` family, OverflowError) or in a silent change (a float truncated to a card, a
bool taken for a stack, a pay rounded to a 52-bit fraction). The inputs the API accepts on
purpose are checked separately at the end, with their exact results.

Widget input boxes are covered in ``tests/widgets/test_bad_input.py``.
"""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import gamelib.analysis.banked
from gamelib import get_game
from gamelib.__main__ import main
from gamelib.amounts import exact_pays, parse_dollars, whole_number
from gamelib.cards import Deck, deal_hands, format_card, make_card, parse_card, parse_cards, rank_of
from gamelib.engine.banked import BankedGameEngine
from gamelib.engine.hand import Hand
from gamelib.engine.payouts import parse_pots
from gamelib.errors import CardError, GameError, HandSizeError, IllegalActionError, RankingError, TableError, WagerError
from gamelib.games.pot import POT_DECLARATIONS, Structure, limit_structure
from gamelib.rankings import category, describe, evaluate
from gamelib.trainer.core import Field
from gamelib.trainer.drills import make_drill
from gamelib.trainer.session import Session
from gamelib.widgets.betting_structures import parse_action

MAX_MESSAGE = 300
HUGE = "x" * 5_000_000
THREE_CARD = "three-card-6bonus"
PAIR = {"player": "Qh Qd 5c", "dealer": "2c 7d 9s"}


def _hand(game: str = "badugi", **kw: Any) -> Hand:
    return get_game(game).new_hand(kw.pop("stacks", [100, 100]), **kw)


def _at_draw() -> Hand:
    """An A-5 Triple Draw hand at its first draw (seat 1 to draw)."""
    h = _hand("a5-triple-draw", stacks=[100, 100, 100], seed=1)
    h.act("call"), h.act("call"), h.act("check")
    assert h.phase == "draw"
    return h


def _draw(cards: Any = None, amount: Any = None) -> None:
    h = _at_draw()
    h.act("draw", amount=amount, cards=[h.down[h.to_act][0]] if cards is None else cards)


def _showdown() -> Any:
    return get_game("badugi").showdown(["As 2d 3h 4c", "Ks Qd Jh Tc"])


def _pays(value: Any, wager: str = "pair_plus", row: str = "pair") -> Any:
    return get_game(THREE_CARD).with_pay_table(wager, {row: value})


# (id, call, expected exception class, a keyword its message must hold)
API_CASES: list[tuple[str, Callable[[], Any], type[GameError], str]] = [
    # ---- wrong types -------------------------------------------------------------------------
    ("parse_cards(None)", lambda: parse_cards(None), CardError, "must be cards"),
    ("parse_cards(int)", lambda: parse_cards(5), CardError, "must be cards"),
    ("parse_cards(bytes)", lambda: parse_cards(b"As"), CardError, "must be cards"),
    ("parse_card(list)", lambda: parse_card([51]), CardError, "not a card"),
    ("evaluate(hands=int)", lambda: evaluate("high", 5), CardError, "list of hands"),
    ("evaluate(hands=None)", lambda: evaluate("high", None), CardError, "list of hands"),
    ("evaluate(flat list with a float)", lambda: evaluate("high", [51, 47, 43, 39, 35.0]), CardError, "not a card"),
    ("evaluate(omaha, board=int)", lambda: evaluate("omaha-high", ["As Ks 2d 3c"], board=5), CardError, "board"),
    ("evaluate(high, board=int)", lambda: evaluate("high", ["As Ks Qs Js Ts"], board=5), HandSizeError, "no board"),
    ("evaluate(system=int)", lambda: evaluate(5, ["As Ks Qs Js Ts"]), RankingError, "unknown ranking system"),
    ("describe(str)", lambda: describe("high", "abc"), RankingError, "whole number"),
    ("describe(None)", lambda: describe("high", None), RankingError, "whole number"),
    ("category(str)", lambda: category("high", "abc"), RankingError, "whole number"),
    ("Hand.act(None)", lambda: _hand(seed=1).act(None), IllegalActionError, "an action is a word"),
    ("Hand.act(int)", lambda: _hand(seed=1).act(3), IllegalActionError, "an action is a word"),
    ("new_hand(button=1.0)", lambda: _hand(button=1.0), TableError, "button"),
    ("new_hand(button=True)", lambda: _hand(button=True), TableError, "button"),
    ("new_hand(seed='x')", lambda: _hand(seed="x"), GameError, "seed"),
    ("new_hand(seed=1.5)", lambda: _hand(seed=1.5), GameError, "seed"),
    ("new_hand(seed=-1)", lambda: _hand(seed=-1), GameError, "seed"),
    ("new_hand(stacks=None)", lambda: _hand(stacks=None), TableError, "stacks"),
    ("new_hand(structure='x')", lambda: _hand(structure="$2/$4"), TableError, "Structure"),
    ("Hand(game=None)", lambda: Hand(None, [100, 100]), TableError, "pot game"),
    ("Hand(new_players=[9])", lambda: Hand(POT_DECLARATIONS["big-o"], [50, 50, 50], new_players=[9]),
     TableError, "new players"),
    ("Deck().deal(2.5)", lambda: Deck(seed=1).deal(2.5), HandSizeError, "cannot deal"),
    ("Deck().deal('2')", lambda: Deck(seed=1).deal("2"), HandSizeError, "cannot deal"),
    ("deal_hands(n_cards=2.5)", lambda: deal_hands(3, 2.5), HandSizeError, "whole number"),
    ("deal_hands(n_hands=-1)", lambda: deal_hands(-1, 2), HandSizeError, "number of hands"),
    ("award_pots([10])", lambda: _showdown().award_pots([10]), GameError, "pots are a list"),
    ("award_pots(None)", lambda: _showdown().award_pots(None), GameError, "pots are a list"),
    ("award_pots(float amount)", lambda: _showdown().award_pots([(10.5, [0, 1])]), GameError, "whole dollars"),
    ("award_pots(seats=str)", lambda: _showdown().award_pots([(10, "01")]), GameError, "eligible seats"),
    ("award_pots(button=1.0)", lambda: _showdown().award_pots([(10, [0, 1])], button=1.0), GameError, "button"),
    ("settle(wagers=None)", lambda: get_game(THREE_CARD).settle(wagers=None, **PAIR), WagerError, "mapping"),
    ("settle(wagers=list)", lambda: get_game(THREE_CARD).settle(wagers=[5], **PAIR), WagerError, "mapping"),
    ("settle(float wager)", lambda: get_game(THREE_CARD).settle(wagers={"ante": 5.0, "play": 5}, **PAIR),
     WagerError, "whole number"),
    ("settle(mixed-type keys)", lambda: get_game(THREE_CARD).settle(wagers={1: 5, "x": 5}, **PAIR),
     WagerError, "no wager"),
    ("with_pay_table(nan)", lambda: _pays(float("nan")), GameError, "a pay must be a number"),
    ("with_pay_table(inf)", lambda: _pays(float("inf")), GameError, "a pay must be a number"),
    ("with_pay_table('abc')", lambda: _pays("abc"), GameError, "a pay must be a number"),
    ("with_pay_table(None)", lambda: _pays(None), GameError, "a pay must be a number"),
    ("with_pay_table('1/0')", lambda: _pays("1/0"), GameError, "divides by zero"),
    ("with_pay_table(Decimal nan)", lambda: _pays(Decimal("NaN")), GameError, "a pay must be a number"),
    ("with_pay_table(pays=None)", lambda: get_game(THREE_CARD).with_pay_table("pair_plus", None), GameError, "mapping"),
    # ---- wrong values, silently accepted or changed before --------------------------------------
    ("parse_cards(float array)", lambda: parse_cards(np.array([51.9, 0.2])), CardError, "float64"),
    ("parse_cards(whole float array)", lambda: parse_cards(np.array([51.0, 0.0])), CardError, "integer card numbers"),
    ("parse_cards(bool array)", lambda: parse_cards(np.array([True, False])), CardError, "bool"),
    ("parse_cards(float in a list)", lambda: parse_cards([51.0]), CardError, "not a card"),
    ("showdown(float array)", lambda: get_game("badugi").showdown([np.array([51.9, 0.2, 4.0, 9.0]), "Ks Qd Jh Tc"]),
     CardError, "float64"),
    ("act('draw', float array)", lambda: _draw(cards=np.array([7.5])), IllegalActionError, "float64"),
    ("make_card(1.5, 0)", lambda: make_card(1.5, 0), CardError, "ranks are 0-12"),
    ("make_card(True, 0)", lambda: make_card(True, 0), CardError, "ranks are 0-12"),
    ("rank_of(2.5)", lambda: rank_of(2.5), CardError, "not a card"),
    ("bool stacks", lambda: _hand(stacks=[True, True]), TableError, "stack"),
    ("float stacks", lambda: _hand(stacks=[100.0, 100]), TableError, "stack"),
    ("huge stacks", lambda: _hand(stacks=[10**5000, 100]), TableError, "stack"),
    ("Deck(decks=True)", lambda: Deck(decks=True), CardError, "decks"),
    ("Deck(decks=1.5)", lambda: Deck(decks=1.5), CardError, "decks"),
    ("Deck().deal(True)", lambda: Deck(seed=1).deal(True), HandSizeError, "cannot deal"),
    ("describe(2.7)", lambda: describe("high", 2.7), RankingError, "whole number"),
    ("describe(np.float64)", lambda: describe("high", np.float64(5)), RankingError, "whole number"),
    ("describe(True)", lambda: describe("high", True), RankingError, "whole number"),
    ("BankedGameEngine.describe(2.7)", lambda: get_game("crazy4").describe(2.7), RankingError, "whole numbers"),
    ("BankedGameEngine.describe(True)", lambda: get_game("crazy4").describe(True), RankingError, "whole numbers"),
    ("category(low8, not a low)", lambda: category("low8", 1), RankingError, "eight-or-better"),
    ("act('call', cards=...)", lambda: _hand(seed=1).act("call", cards="As"), IllegalActionError, "naming cards"),
    ("act('fold', cards=...)", lambda: _hand(seed=1).act("fold", cards=[51]), IllegalActionError, "naming cards"),
    ("act('draw', amount=5)", lambda: _draw(amount=5), IllegalActionError, "an amount"),
    ("act('raise', True)", lambda: _hand(seed=1).act("raise", True), IllegalActionError, "whole dollars"),
    ("act('raise', 4.0)", lambda: _hand(seed=1).act("raise", 4.0), IllegalActionError, "whole dollars"),
    ("act('raise', huge)", lambda: _hand(seed=1).act("raise", 10**5000), IllegalActionError, "raise to"),
    ("act(seat=0.0)", lambda: _hand(seed=1).act("fold", seat=0.0), IllegalActionError, "out of turn"),
    ("with_pay_table(1.2 float)", lambda: _pays(1.2), GameError, "not exact as a binary float"),
    ("with_pay_table(0.1 float)", lambda: _pays(0.1, row="flush"), GameError, "'0.1'"),
    ("with_pay_table(True)", lambda: _pays(True), GameError, "a pay must be a number"),
    ("with_pay_table(-1)", lambda: _pays(-1), GameError, "less than nothing"),
    ("with_pay_table(1e400 str)", lambda: _pays("1e400"), GameError, "a pay must be a number"),
    ("with_pay_table(10**400)", lambda: _pays(10**400), GameError, "digits"),
    ("parse_dollars('²')", lambda: parse_dollars("²", "the pot"), GameError, "whole dollars"),
    ("parse_dollars('+-5')", lambda: parse_dollars("+-5", "the pot", lo=None), GameError, "whole dollars"),
    ("parse_dollars(5,000 digits)", lambda: parse_dollars("9" * 5000, "the pot"), GameError, "too many"),
    ("parse_dollars(below lo)", lambda: parse_dollars("-5", "the pot"), GameError, "$0 or more"),
    ("whole_number(2.0)", lambda: whole_number(2.0, "the seat"), GameError, "whole number"),
    ("trainer dollars '²'", lambda: Field("d", "Seat 0", "dollars").normalize("²"), GameError, "whole dollars"),
    ("trainer dollars '+-5'", lambda: Field("d", "Seat 0", "dollars").normalize("+-5"), GameError, "whole dollars"),
    ("trainer dollars 5,000 digits", lambda: Field("d", "Seat 0", "dollars").normalize("9" * 5000), GameError,
     "too many"),
    ("trainer Session(seed='x')", lambda: Session(seed="x"), GameError, "seed"),
    ("trainer Session(seed=1.5)", lambda: Session(seed=1.5), GameError, "seed"),
    ("trainer drill.next(2.5)", lambda: make_drill("split-pot", "archie").next(2.5), GameError, "seed"),
    ("parse_pots('²: 0 1')", lambda: parse_pots("²: 0 1", 3), GameError, "amount: seats"),
    ("parse_pots('5: ²')", lambda: parse_pots("5: ²", 3), GameError, "seats are numbers"),
    ("parse_action('bet ²')", lambda: parse_action("bet ²"), GameError, "whole dollars"),
    ("parse_action('bet +-5')", lambda: parse_action("bet +-5"), GameError, "whole dollars"),
    # ---- a Structure is checked whoever builds it ----------------------------------------------
    ("Structure(negative)", lambda: _hand(structure=Structure("x", "limit", -2, -4, -1, -2)), TableError, "small bet"),
    ("Structure(kind)", lambda: Structure("x", "fixed", 2, 4), TableError, "unknown kind"),
    ("Structure(float bet)", lambda: Structure("x", "limit", 2.5, 5), TableError, "whole dollars"),
    ("Structure(bool bet)", lambda: Structure("x", "limit", True, 4), TableError, "whole dollars"),
    ("Structure(big < small)", lambda: Structure("x", "limit", 4, 2), TableError, "at least the small bet"),
    ("Structure(sb > bb)", lambda: Structure("x", "limit", 2, 4, small_blind=3, big_blind=2), TableError,
     "small blind"),
    ("Structure(bb > big bet)", lambda: Structure("x", "limit", 2, 4, small_blind=1, big_blind=8), TableError,
     "big blind"),
    ("Structure(bring-in = small bet)", lambda: Structure("x", "limit", 2, 4, bring_in=2), TableError, "bring-in"),
    ("Structure(blinds and bring-in)", lambda: Structure("x", "limit", 2, 4, 1, 2, bring_in=1), TableError,
     "not both"),
    ("Structure(cap)", lambda: Structure("x", "limit", 2, 4, 1, 2, max_raises=-1), TableError, "cap"),
    ("Structure(name)", lambda: Structure(None, "limit", 2, 4, 1, 2), TableError, "name"),
    ("replace(Structure)", lambda: dataclasses.replace(limit_structure(2, 4), small_bet=-2), TableError,
     "small bet"),
    # ---- messages never echo unbounded input ----------------------------------------------------
    ("parse_cards(5 MB)", lambda: parse_cards(HUGE), CardError, "5,000,000 characters"),
    ("parse_cards(cards then 5 MB)", lambda: parse_cards("AsKd" + HUGE), CardError, "not a card"),
    ("parse_cards(5 MB token)", lambda: parse_cards(["As", HUGE]), CardError, "not a card"),
    ("parse_card(5 MB)", lambda: parse_card(HUGE), CardError, "not a card"),
    ("parse_cards(huge card number)", lambda: parse_cards([10**5000]), CardError, "out of range"),
    ("evaluate(5 MB hand)", lambda: evaluate("high", [HUGE]), CardError, "not a card"),
    ("evaluate(5 MB system)", lambda: evaluate(HUGE, ["As Ks Qs Js Ts"]), RankingError, "unknown ranking system"),
    ("describe(5 MB)", lambda: describe("high", HUGE), RankingError, "whole number"),
    ("describe(huge int)", lambda: describe("high", 10**5000), RankingError, "digits"),
    ("get_game(5 MB)", lambda: get_game(HUGE), GameError, "unknown game"),
    ("Hand.act(5 MB)", lambda: _hand(seed=1).act(HUGE), IllegalActionError, "an action is a word"),
    ("with_pay_table(5 MB row)", lambda: get_game(THREE_CARD).with_pay_table("pair_plus", {HUGE: 2}), GameError,
     "no row"),
    ("with_pay_table(5 MB wager)", lambda: get_game(THREE_CARD).with_pay_table(HUGE, {"pair": 2}), GameError,
     "no pay table"),
    ("with_pay_table(5 MB pays)", lambda: _pays(HUGE), GameError, "a pay must be a number"),
    ("settle(5 MB wager name)", lambda: get_game(THREE_CARD).settle(wagers={HUGE: 5}, **PAIR), WagerError,
     "no wager"),
    ("settle(huge wager)", lambda: get_game(THREE_CARD).settle(wagers={"ante": 10**5000}, **PAIR), WagerError,
     "table limit"),
    ("parse_pots(5 MB)", lambda: parse_pots(HUGE, 3), GameError, "at most 10,000"),
]


@pytest.mark.parametrize("call, error, keyword", [c[1:] for c in API_CASES], ids=[c[0] for c in API_CASES])
def test_api_refuses_bad_input_clearly(call: Callable[[], Any], error: type[GameError], keyword: str) -> None:
    with pytest.raises(GameError) as info:
        call()
    assert isinstance(info.value, error), f"{type(info.value).__name__}: {info.value}"
    message = str(info.value)
    assert len(message) <= MAX_MESSAGE, f"{len(message)} characters: {message[:400]}"
    assert keyword in message, message
    assert "\n" not in message


# ---- the command line ---------------------------------------------------------------------------
PAY = ["analyze", THREE_CARD, "--quiet", "--pay", "pair_plus"]
SETTLE = ["settle", "crazy4", "--player", "As Ad Kc 7h 2s", "--dealer", "Qs Jd 8c 5h 3d", "--wager", "ante=5"]

# (id, argv, a keyword of the one line on stderr)
CLI_CASES: list[tuple[str, list[str], str]] = [
    ("--pay without '='", PAY + ["flush"], "ROW=PAYS"),
    ("--pay flush=abc", PAY + ["flush=abc"], "a pay must be a number"),
    ("--pay flush=nan", PAY + ["flush=nan"], "a pay must be a number"),
    ("--pay flush=inf", PAY + ["flush=inf"], "a pay must be a number"),
    ("--pay flush=1/0", PAY + ["flush=1/0"], "divides by zero"),
    ("--pay flush=1e400", PAY + ["flush=1e400"], "a pay must be a number"),
    ("--pay flush=-1", PAY + ["flush=-1"], "less than nothing"),
    ("--pay flush=²", PAY + ["flush=²"], "a pay must be a number"),
    ("--pay flush=5,000 digits", PAY + ["flush=" + "9" * 5000], "a pay must be a number"),
    ("--pay with no change", PAY, "ROW=PAYS"),
    ("--pay unknown row", PAY + ["royal=2"], "no row"),
    ("--pay unknown wager", ["analyze", THREE_CARD, "--quiet", "--pay", "jackpot", "flush=2"], "no pay table"),
    ("settle wager without '='", SETTLE + ["--wager", "super_bonus"], "KEY=DOLLARS"),
    ("settle wager ²", SETTLE + ["--wager", "super_bonus=²"], "whole dollars"),
    ("settle wager 5.5", SETTLE + ["--wager", "super_bonus=5.5"], "whole dollars"),
    ("settle wager 5,000 digits", SETTLE + ["--wager", "super_bonus=" + "9" * 5000], "too many"),
    # argparse's own refusals: one line too, never the usage block
    ("no command", [], "required"),
    ("unknown command", ["deal"], "invalid choice"),
    ("unknown game", ["analyze", "blackjack"], "invalid choice"),
    ("--pay with nothing", ["analyze", THREE_CARD, "--pay"], "expected at least one argument"),
    ("settle without a wager", ["settle", "crazy4"], "--wager"),
    ("unknown option", ["settle", "crazy4", "--wager", "ante=5", "--tip", "1"], "unrecognized arguments"),
]


@pytest.mark.parametrize("argv, keyword", [c[1:] for c in CLI_CASES], ids=[c[0] for c in CLI_CASES])
def test_command_line_refuses_with_one_line_and_exit_2(argv: list[str], keyword: str, capsys: pytest.CaptureFixture,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_analysis(game: BankedGameEngine, progress: bool = False) -> None:
        raise AssertionError("bad input must be refused before the analysis computes")

    monkeypatch.setattr(gamelib.analysis.banked, "analyze", no_analysis)
    try:
        code = main(argv)
    except SystemExit as e:  # argparse refusals
        code = e.code
    out, err = capsys.readouterr()
    assert code == 2
    lines = err.splitlines()
    assert len(lines) == 1 and err.endswith("\n"), err[:500]
    assert keyword in lines[0] and len(lines[0]) <= MAX_MESSAGE + len("gamelib: "), lines[0][:500]
    assert out == ""


def test_command_line_entry_point_refuses_before_computing() -> None:
    """The real ``python -m gamelib``: ``flush=1e400`` used to compute for minutes, then crash."""
    r = subprocess.run([sys.executable, "-m", "gamelib", *PAY, "flush=1e400"], capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    assert len(r.stderr.splitlines()) == 1 and "a pay must be a number" in r.stderr


# ---- what is accepted is accepted exactly ------------------------------------------------------
def test_a_flat_list_of_card_numbers_is_one_hand() -> None:
    # As a 1-D array already was: a card number is never a hand, so the list is one hand.
    assert evaluate("high", [51, 47, 43, 39, 35]).tolist() == evaluate("high", ["As Ks Qs Js Ts"]).tolist()
    assert evaluate("high", np.array([51, 47, 43, 39, 35])).tolist() == evaluate("high", "As Ks Qs Js Ts").tolist()
    assert evaluate("omaha-high", [[51, 47, 0, 5]], board=[43, 39, 35]).tolist() == \
        evaluate("omaha-high", ["As Ks 2c 3d"], board="Qs Js Ts").tolist()


@pytest.mark.parametrize("pays, exact", [
    (2, Fraction(2)), (np.int64(2), Fraction(2)), (Fraction(6, 5), Fraction(6, 5)), ("1.2", Fraction(6, 5)),
    (" 3/2 ", Fraction(3, 2)), (Decimal("1.2"), Fraction(6, 5)), (1.5, Fraction(3, 2)), (2.0, Fraction(2)),
    (np.float64(0.25), Fraction(1, 4)),
])
def test_pays_are_exact(pays: Any, exact: Fraction) -> None:
    assert exact_pays(pays) == exact
    assert _pays(pays).declaration.pay_table("pair_plus").pays_for("pair") == exact


def test_a_decimal_pay_is_paid_in_full() -> None:
    # 1.2 to 1 on $5 is $6.00: as a binary float it was 1.19999... and paid $5.
    s = _pays("1.2").settle(wagers={"ante": 5, "play": 5, "pair_plus": 5}, **PAIR)
    assert s.result("pair_plus").result == 6


def test_integer_card_arrays_and_string_arrays_still_parse() -> None:
    assert parse_cards(np.array([51, 0], dtype=np.int8)) == [51, 0]
    assert parse_cards(np.array(["As", "2c"])) == [51, 0]
    assert [format_card(c) for c in parse_cards(np.array([[51, 0]], dtype=np.uint8))] == ["As", "2c"]


def test_seeds_that_were_accepted_still_are() -> None:
    assert _hand(seed=np.int64(3)).history == _hand(seed=3).history
    assert Deck(seed=(1, 2)).deal(5) == Deck(seed=[1, 2]).deal(5)
    assert Deck(seed=np.random.default_rng(1)).deal(5) == Deck(seed=1).deal(5)
