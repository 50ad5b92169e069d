"""The command line: python -m gamelib analyze|strategy|settle."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from gamelib.__main__ import build_parser, main


def test_commands_are_subparsers():
    parser = build_parser()
    args = parser.parse_args(["analyze", "three-card-6bonus", "--pay", "pair_plus", "flush=4", "--quiet"])
    assert args.command == "analyze" and args.pay == [["pair_plus", "flush=4"]]


def test_analyze_prints_tables_and_summary(capsys):
    assert main(["analyze", "three-card-6bonus", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "-- Pair Plus (total 22,100 combinations) --" in out
    assert "main game house edge (per unit ante)  0.038255" in out
    assert "Raise with queen-six high (Q-6-4) or better" in out


def test_analyze_with_another_pay_table(capsys):
    assert main(["analyze", "three-card-6bonus", "--quiet", "--pay", "pair_plus", "straight=6", "flush=4"]) == 0
    assert "Pair Plus return -0.016833" in capsys.readouterr().out


def test_progress_goes_to_stderr(tmp_path):
    env = dict(os.environ, GAMELIB_CACHE=str(tmp_path))
    run = subprocess.run([sys.executable, "-m", "gamelib", "analyze", "three-card-6bonus"],
                         capture_output=True, text=True, env=env, check=True)
    assert "Three Card Poker: all 22,100 three-card hands" in run.stderr
    assert "-- Ante (total 407,170,400 combinations) --" in run.stdout


def test_strategy_and_settle(capsys):
    assert main(["strategy", "three-card-6bonus", "Qh 6c 4d"]) == 0
    assert capsys.readouterr().out.strip() == "raise"
    assert main(["settle", "three-card-6bonus", "--player", "Qh Jh Th", "--dealer", "2c 5d 9s",
                 "--wager", "ante=5", "--wager", "play=5"]) == 0
    assert "Ante Bonus: straight flush pays 4 to 1 on the Ante" in capsys.readouterr().out


def test_refused_input_exits_with_a_message(capsys):
    assert main(["settle", "crazy4", "--player", "Ks Kh Qc 7h 2d", "--dealer", "Kd 7s 5h 4s 2c",
                 "--wager", "ante=5", "--wager", "super_bonus=5", "--wager", "play=15"]) == 2
    assert "needs a pair of aces or better" in capsys.readouterr().err


# ---- strategy: refused input is one line on stderr and exit code 2 ---------------------------
REFUSED_STRATEGY = [
    # an amount that cannot have been wagered at this point
    (["nh-holdem", "As Ad", "--community", "Kc", "--wagered", "0"], "2 to 4 units"),
    (["nh-holdem", "Qs 8d", "--community", "4c 9h", "--wagered", "9"], "3 to 7 units"),
    (["nh-holdem", "As Kd", "--wagered", "3"], "only the ante"),
    (["nh-holdem", "As Ad", "--community", "Kc", "--wagered", "abc"], "whole number"),
    (["nh-holdem", "As Ad", "--community", "Kc", "--wagered", "2.5"], "whole number"),
    # the strategy folds before this point, so the amount wagered must be given
    (["nh-holdem", "7s 2d", "--community", "7h 7c"], "--wagered"),
    # options that do not apply to the game
    (["crazy4", "As Ad Kc 7h 2s", "--community", "2c", "--wagered", "5"], "only to nh-holdem"),
    (["crazy4", "As Ad Kc 7h 2s", "--community", "2c"], "only to nh-holdem"),
    (["three-card-6bonus", "Qh 6c 4d", "--wagered", "2"], "only to nh-holdem"),
    # cards
    (["nh-holdem", "As Ad", "--community", "Kc 2d 3h"], "community"),
    (["nh-holdem", "As Ad", "--community", "As 2d", "--wagered", "3"], "As"),
    (["nh-holdem", "As"], "hole cards"),
    (["crazy4", "As Ad Kc 7h"], "5"),
    (["three-card-6bonus", "Qh 6c 4x"], "4x"),
    (["no-such-game", "As Ad"], "nh-holdem"),
]


@pytest.mark.parametrize("argv, says", REFUSED_STRATEGY, ids=[" ".join(a) for a, _ in REFUSED_STRATEGY])
def test_refused_strategy_input_is_one_line_and_exit_2(argv, says):
    run = subprocess.run([sys.executable, "-m", "gamelib", "strategy", *argv], capture_output=True, text=True)
    assert run.returncode == 2, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1, run.stderr
    assert says in lines[0] and "Traceback" not in run.stderr
    assert run.stdout == ""


@pytest.mark.parametrize("argv, play", [
    (["nh-holdem", "7s 2d", "--community", "7h 7c", "--wagered", "3"], "3x"),  # off the optimal path
    (["nh-holdem", "8s 3h", "--community", "Kd 2c", "--wagered", "3"], "fold"),  # also in the brute force
    (["nh-holdem", "As Ad"], "3x"),
    (["nh-holdem", "As Ad", "--community", "Kc"], "3x"),  # the strategy's own path: 4 units in
    (["crazy4", "As Ad 9c 6h 3s"], "3x"),
])
def test_strategy_answers_for_the_situation_given(capsys, argv, play):
    assert main(["strategy", *argv]) == 0
    assert capsys.readouterr().out.strip() == play
