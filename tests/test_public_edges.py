"""Bad input to the public API, case by case: each known bad call (a showdown, a table, the odds,
the analyses, the cards, an award fed a wrong type, a wrong size or a huge number) is refused with
a ``gamelib.errors`` error that says what is allowed (or accepted, where it is valid).

The property test over the whole public surface is ``tests/test_public_surface.py``; the older
table of bad input is ``tests/test_bad_input.py``.
"""

from __future__ import annotations

import hashlib
import json
import os
import subprocess
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import gamelib.cards as cards_module
from gamelib import BANKED_GAMES, get_game
from gamelib.analysis import cache
from gamelib.analysis.banked import analyze, strategy_of
from gamelib.analysis.odds import odds
from gamelib.analysis.par_sheet import par_sheet
from gamelib.analysis.pot_tables import showdown_odds
from gamelib.cards import deal_hands, format_cards, parse_cards
from gamelib.engine.rotation import Rotation
from gamelib.engine.table import Table
from gamelib.errors import GameError, HandSizeError, TableError

HANDS = ["As 2d 3h Kh", "2c 4d 6h 8s"]
README = Path(__file__).resolve().parents[1] / "README.md"


def _table(game: str = "badugi") -> Table:
    t = Table(game, seats=6)
    t.sit(0, "Ann", 100)
    t.sit(1, "Bob", 100)
    return t


def _then(action: Callable[[Table], Any]) -> Callable[[], Any]:
    return lambda: action(_table())


# (id, call, the error, words its message must hold)
EXAMPLES: list[tuple[str, Callable[[], Any], type[GameError], str]] = [
    # ---- showdown ---------------------------------------------------------------------------
    ("showdown(None)", lambda: get_game("badugi").showdown(None), HandSizeError, "list of 1 to 8"),
    ("showdown(5)", lambda: get_game("badugi").showdown(5), HandSizeError, "list of 1 to 8"),
    ("showdown(one string)", lambda: get_game("a5-triple-draw").showdown(hands="4h Kh 8h Jc Ad"), HandSizeError,
     "not one string '4h Kh 8h Jc Ad'"),
    ("boards as one string", lambda: get_game("double-board-omaha").showdown(
        ["As Ad Kc Kd", "Qs Qd 2c 3d"], boards="Ah 7c 8d 9s 2h"), HandSizeError, "not one string"),
    ("10 hands at 8 seats", lambda: get_game("a5-triple-draw").showdown(
        [f"{r}c {r}d {r}h {r}s 2c" for r in "3456789TJQ"]), HandSizeError, "1 to 8"),
    # ---- the table --------------------------------------------------------------------------
    ("Table(None)", lambda: Table(None), TableError, "must be one of archie"),  # type: ignore[arg-type]
    ("Table(5)", lambda: Table(5), TableError, "must be one of"),  # type: ignore[arg-type]
    ("Table(['badugi'])", lambda: Table(["badugi"]), TableError, "must be one of"),  # type: ignore[arg-type]
    ("structure=5", lambda: Table("badugi", structure=5), TableError, "a Structure"),  # type: ignore[arg-type]
    ("seats=6.0", lambda: Table("badugi", seats=6.0), TableError, "whole number from 2 to 10"),  # type: ignore[arg-type]
    ("seats='6'", lambda: Table("badugi", seats="6"), TableError, "whole number from 2 to 10"),  # type: ignore[arg-type]
    ("seats=None", lambda: Table("badugi", seats=None), TableError, "whole number from 2 to 10"),  # type: ignore[arg-type]
    ("lower_higher='2/4'", lambda: Table("badugi", lower_higher="2/4"), TableError,  # type: ignore[arg-type]
     "a list of 2 items"),
    ("lower_higher=(2,)", lambda: Table("badugi", lower_higher=(2,)), TableError, "got 1"),  # type: ignore[arg-type]
    *[(f"{what}(seat={seat!r})", _then(action), TableError, "the seats are whole numbers 0 to 5")
      for seat in (1.5, None, "0", True)
      for what, action in [("sit", lambda t, s=seat: t.sit(s, "Cy", 100)), ("buy", lambda t, s=seat: t.buy(s, 10)),
                           ("cash_out", lambda t, s=seat: t.cash_out(s)),
                           ("change_seat", lambda t, s=seat: t.change_seat(0, s)),
                           ("change_seat from", lambda t, s=seat: t.change_seat(s, 3))]],
    *[(f"sit(player={name!r:.20})", _then(lambda t, n=name: t.sit(2, n, 100)), TableError, "must be a name")
      for name in (None, "", "   ", 5, "x" * 1_000_000)],
    ("sit(from_dealer=1.5)", _then(lambda t: t.sit(2, "Cy", 100, from_dealer=1.5)), TableError, "whole number"),
    ("sit(from_dealer=None)", _then(lambda t: t.sit(2, "Cy", 100, from_dealer=None)), TableError, "whole number"),
    ("sit(wait_for_big_blind='no')", _then(lambda t: t.sit(2, "Cy", 100, wait_for_big_blind="no")), TableError,
     "True or False, not 'no'"),
    ("change_seat(wait_for_big_blind='no')", _then(lambda t: t.change_seat(0, 3, wait_for_big_blind="no")),
     TableError, "True or False"),
    ("Big O buy-in 10**30", lambda: Table("big-o").sit(0, "Ann", 10**30), TableError, "at most $1,000,000,000,000"),
    ("choice= at a fixed table", _then(lambda t: t.new_hand(seed=1, choice="razzdugi")), TableError,
     "deals only badugi"),
    ("sit(chips=True)", _then(lambda t: t.sit(2, "Cy", True)), TableError, "not True"),
    ("buy(0, True)", _then(lambda t: t.buy(0, True)), TableError, "not True"),
    ("cash_out(True)", _then(lambda t: t.cash_out(True)), TableError, "seat True does not exist"),
    ("Rotation.game_for_hand(1.5)", lambda: Rotation(["badugi", "stud8"], 8).game_for_hand(1.5), TableError,
     "whole number 0 or more"),
    # ---- odds -------------------------------------------------------------------------------
    ("odds(draws_to_come=True)", lambda: odds("badugi", HANDS, draws_to_come=True), GameError, "from 0 to 3"),
    ("odds(progress='x')", lambda: odds("badugi", HANDS, progress="x"), GameError, "progress(done, total)"),
    ("odds(dead=0)", lambda: odds("badugi", HANDS, dead=0), GameError, "must be cards"),
    ("odds(dead=False)", lambda: odds("badugi", HANDS, dead=False), GameError, "must be cards"),
    ("odds(boards=False)", lambda: odds("badugi", HANDS, boards=False), GameError, "no board"),
    ("odds(samples=10**30)", lambda: odds("badugi", HANDS, samples=10**30), GameError, "from 1 to 10,000,000"),
    ("odds(budget=10**30)", lambda: odds("badugi", HANDS, budget=10**30), GameError, "from 1 to 30,000,000"),
    ("odds(samples=True)", lambda: odds("badugi", HANDS, samples=True), GameError, "not True"),
    ("odds(budget=True)", lambda: odds("badugi", HANDS, budget=True), GameError, "not True"),
    ("odds(seed=True)", lambda: odds("badugi", HANDS, seed=True), GameError, "not True"),
    ("showdown_odds(deals=0)", lambda: showdown_odds("badugi", deals=0), GameError, "from 1 to 500,000"),
    ("showdown_odds(deals=10**9)", lambda: showdown_odds("badugi", deals=10**9), GameError, "from 1 to 500,000"),
    # ---- the analyses of a pot game ----------------------------------------------------------
    ("analyze(pot game)", lambda: analyze(get_game("badugi")), GameError, "not the pot game badugi"),
    ("strategy_of(pot game)", lambda: strategy_of(get_game("badugi")), GameError, "not the pot game badugi"),
    ("par_sheet(pot game)", lambda: par_sheet(get_game("badugi")), GameError, "not the pot game badugi"),
    ("analyze('badugi')", lambda: analyze("badugi"), GameError, "must be a banked game"),
    ("analyze(progress='x')", lambda: analyze("crazy4", progress="x"), GameError, "True or False"),
    # ---- cards ------------------------------------------------------------------------------
    ("format_cards(None)", lambda: format_cards(None), GameError, "a list of cards"),  # type: ignore[arg-type]
    ("parse_cards(n=2.0)", lambda: parse_cards("As Kd", n=2.0), HandSizeError, "whole number"),  # type: ignore[arg-type]
    ("deal_hands(10**8, 20)", lambda: deal_hands(10**8, 20), HandSizeError, "at most 100,000,000 cards"),
    # ---- awards ---------------------------------------------------------------------------------
    ("award(True)", lambda: get_game("badugi").showdown(["As 2d 3h 4c", "Ks Qd Jh Tc"]).award(True), GameError,
     "not True"),
]


@pytest.mark.parametrize(("call", "error", "words"), [e[1:] for e in EXAMPLES], ids=[e[0] for e in EXAMPLES])
def test_each_example_is_refused_with_what_is_allowed(call: Callable[[], Any], error: type[GameError],
                                                      words: str) -> None:
    with pytest.raises(error) as refused:
        call()
    assert words in str(refused.value) and len(str(refused.value)) < 400


@pytest.mark.parametrize("game", BANKED_GAMES)
@pytest.mark.parametrize("value", [1.5, "x", 10**30, -1, True, None])
def test_pay_line_refuses_what_is_not_a_hand_value(game: str, value: object) -> None:
    g = get_game(game)
    table = g.declaration.pay_tables[0]
    with pytest.raises(GameError, match="from 0 to"):
        g.pay_line(table.key, value)  # type: ignore[arg-type]
    top = g.hand_value("As Ad Ac Ah 2c" if game == "crazy4" else "As Ks Qs" if game != "nh-holdem"
                       else "As Ks Qs Js Ts")
    assert g.pay_line(table.key, top) is not None  # the top of the range is still a hand


def test_one_integer_rule_numpy_integers_everywhere() -> None:
    """np.int64 is a whole number wherever one is asked for (it was refused by sit, buy and the
    odds' seed and budget, and accepted by new_hand)."""
    t = Table("badugi", seats=np.int64(6))
    t.sit(np.int64(0), "Ann", np.int64(100), from_dealer=np.int64(0))
    t.sit(1, "Bob", 100)
    t.buy(np.int64(0), np.int64(10))
    assert [s.stack if s else 0 for s in t.seats] == [110, 100, 0, 0, 0, 0]
    exact = odds("badugi", HANDS, budget=np.int64(1000), seed=np.int64(3))
    assert exact.players[0].equity == odds("badugi", HANDS).players[0].equity
    assert get_game("badugi").new_hand([np.int64(100), 100], seed=np.int64(2)).stacks[0] < 100


def test_cash_out_true_leaves_seat_one_seated() -> None:
    t = _table()
    with pytest.raises(TableError):
        t.cash_out(True)  # type: ignore[arg-type]
    assert t.seats[1] is not None and t.seats[1].player == "Bob"


def test_big_o_table_still_deals_after_a_refused_huge_buy_in() -> None:
    t = Table("big-o")
    with pytest.raises(TableError):
        t.sit(0, "Ann", 10**30)
    t.sit(0, "Ann", 10**12)
    t.sit(1, "Bob", 40)
    assert t.new_hand(seed=1).game.key == "big-o"


def test_a_name_is_kept_as_written_but_spaces() -> None:
    t = Table("badugi")
    t.sit(0, "  Ann   Lee ", 100)
    assert t.seats[0] is not None and t.seats[0].player == "Ann Lee"


def test_the_analyses_take_a_key_as_the_engine() -> None:
    assert strategy_of("three-card-6bonus").play_for("Qs 6d 4h") == "raise"
    assert par_sheet("three-card-6bonus").game.total == par_sheet(get_game("three-card-6bonus")).game.total
    assert analyze("three-card-6bonus").returns == analyze(get_game("three-card-6bonus")).returns


def test_deal_hands_in_blocks_deals_what_one_block_dealt(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shuffle keys are drawn in blocks to bound memory; the deal is the one a single block
    gave (the notebooks' seeded figures do not move)."""
    one_block = deal_hands(1000, 20, seed=7)
    monkeypatch.setattr(cards_module, "_SHUFFLE_ROWS", 64)
    assert (deal_hands(1000, 20, seed=7) == one_block).all()
    rng = np.random.default_rng(7)
    assert (np.argsort(rng.random((1000, 52)), axis=1)[:, :20] == one_block).all()


def test_command_line_samples_without_end_is_refused() -> None:
    run = subprocess.run([sys.executable, "-m", "gamelib", "odds", "big-o", "As 2s Kd Kc 7h", "Ah 2h Qd Qc 8s",
                          "--samples", "1000000000000"], capture_output=True, text=True, timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "10,000,000" in run.stderr


def test_command_line_replay_reads_no_more_than_a_record(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "gamelib", "replay", "/dev/zero"], capture_output=True, text=True,
                         timeout=60)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "1,048,576 bytes" in run.stderr


# ---- the analysis cache ----------------------------------------------------------------------
def _entry(folder: Path) -> Path:
    return next(folder.glob("*.json"))


def test_an_oversized_cache_entry_is_not_read(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A file past MAX_ENTRY_BYTES (here a sparse 600 MiB file: no disk, but reading it whole
    would take 600 MiB of memory) is treated as damaged and computed again, never read."""
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    assert cache.cached("big", {"n": 1}, lambda: [1, 2]) == [1, 2]
    with open(_entry(tmp_path), "r+b") as fh:
        fh.truncate(600 * 2**20)
    read_whole = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: pytest.fail("an oversized entry was read whole")
                        if self.stat().st_size > cache.MAX_ENTRY_BYTES else read_whole(self))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cache.cached("big", {"n": 1}, lambda: [3]) == [3]
    assert any("a cache entry may hold" in str(w.message) for w in caught)
    assert _entry(tmp_path).stat().st_size < 1000  # replaced by the new, small entry


def test_a_result_too_big_for_the_cache_is_returned_not_stored(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    monkeypatch.setattr(cache, "MAX_ENTRY_BYTES", 100)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert cache.cached("wide", {"n": 1}, lambda: list(range(100))) == list(range(100))
    assert not list(tmp_path.glob("*.json")) and any("not written" in str(w.message) for w in caught)


def test_the_checksum_is_what_the_readme_says_it_is(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The SHA-256 catches damage (an edit that leaves the checksum) and is no signature: an
    entry rewritten with its checksum recomputed is served, as the README says."""
    monkeypatch.setenv("GAMELIB_CACHE", str(tmp_path))
    cache.cached("sum", {"n": 1}, lambda: [1, 2])
    path = _entry(tmp_path)
    header, body = path.read_bytes().split(b"\n", 1)
    path.write_bytes(header + b"\n" + body.replace(b"2", b"3"))  # damaged: caught
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert cache.cached("sum", {"n": 1}, lambda: [1, 2]) == [1, 2]
    header, body = path.read_bytes().split(b"\n", 1)
    forged = json.loads(header)
    forged["sha256"] = hashlib.sha256(b"[1, 3]").hexdigest()
    path.write_bytes(json.dumps(forged).encode() + b"\n[1, 3]")  # forged with its checksum: served
    assert cache.cached("sum", {"n": 1}, lambda: [1, 2]) == [1, 3]
    readme = " ".join(README.read_text(encoding="utf-8").split())
    assert "The checksum holds no secret, so it is no guard against someone who can write to the folder" in readme
    assert "no file over 512 MiB is read" in readme and cache.MAX_ENTRY_BYTES == 512 * 2**20
    assert os.environ["GAMELIB_CACHE"] == str(tmp_path)
