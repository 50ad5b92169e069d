"""The command line: python -m gamelib analyze|strategy|settle."""

from __future__ import annotations

import os
import subprocess
import sys

from gamelib.__main__ import build_parser, main


def test_commands_are_subparsers():
    parser = build_parser()
    args = parser.parse_args(["analyze", "three-card-6bonus", "--pay", "pair_plus", "flush=4", "--quiet"])
    assert args.command == "analyze" and args.pay == [["pair_plus", "flush=4"]]


def test_analyze_prints_tables_and_summary(capsys):
    assert main(["analyze", "three-card-6bonus", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "-- pair_plus (total 22,100 combinations) --" in out
    assert "main game house edge (per unit ante)  0.038255" in out
    assert "Raise with queen-six high (Q-6-4) or better" in out


def test_analyze_with_another_pay_table(capsys):
    assert main(["analyze", "three-card-6bonus", "--quiet", "--pay", "pair_plus", "straight=6", "flush=4"]) == 0
    assert "pair_plus return -0.016833" in capsys.readouterr().out


def test_progress_goes_to_stderr(tmp_path):
    env = dict(os.environ, GAMELIB_CACHE=str(tmp_path))
    run = subprocess.run([sys.executable, "-m", "gamelib", "analyze", "three-card-6bonus"],
                         capture_output=True, text=True, env=env, check=True)
    assert "Three Card Poker: all 22,100 three-card hands" in run.stderr
    assert "-- ante (total 407,170,400 combinations) --" in run.stdout


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
