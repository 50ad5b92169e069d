"""The command line's odds command: python -m gamelib odds GAME HAND HAND ..."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gamelib.__main__ import main


def test_odds_prints_exact_chances(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "big-o", "As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc", "--board", "7h 8h 9c"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Big O odds on the flop: exact, 741 deals"
    # 149/247 = 60.32%: the brute-force-checked figure of gamelib/analysis/odds/calculator.py's docstring
    assert out[2].startswith("seat 1  Ks Kd Qc Jh Tc") and "equity  60.32%" in out[2]


def test_two_boards_declared_draws_and_random_hands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["odds", "double-board-omaha", "As Ad 2c 3d", "Ks Kd Qc Jh", "--board", "2h 9h Tc 4c",
                 "--board", "3s 4s 5d 6d", "--quiet"]) == 0
    assert "exact, 1,260 deals" in capsys.readouterr().out
    assert main(["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h Qs", "--discard", "0=Kh", "--discard", "1=pat"]) == 0
    out = capsys.readouterr().out
    assert "exact, 44 deals" in out and "(throws Kh)" in out and "(stands pat)" in out
    assert main(["odds", "stud8", "As 2s 3c", "random", "--budget", "10", "--samples", "500", "--seed", "4",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "sampled, 500 deals, seed 4, standard error" in out and "seat 1  random" in out


def test_a_known_hands_automatic_draw_is_exact(capsys: pytest.CaptureFixture[str]) -> None:
    """Badugi A-2-3 throwing the K against a pat 8-7-6-5, one draw to come: seat 1 stands pat
    whatever comes, so seat 0's 44 cards are all there is."""
    assert main(["odds", "badugi", "As 2d 3h Kc", "5s 6d 7h 8c", "--discard", "0=Kc", "--draws-to-come", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Badugi odds after the second draw: exact, 44 deals\n")
    assert "(automatic player: stands pat)" in out


@pytest.mark.parametrize("argv,words", [
    (["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h Qs", "--discard", "5=Kh"], "--discard is SEAT=CARDS"),
    (["odds", "badugi", "As 2d 3h Kh", "As 4d 6h Qs"], "As is in seat 0's hand and seat 1's hand"),
    (["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h Qs", "--board", "Ks Qs Js"], "Badugi has no board"),
])
def test_refusals_are_one_line_and_exit_code_2(argv: list[str], words: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert words in err and len(err.strip().splitlines()) == 1


def test_progress_bar_on_stderr_for_long_runs() -> None:
    run = subprocess.run([sys.executable, "-m", "gamelib", "odds", "big-o", "As Ad 2c 3d 4h", "Ks Kd Qc Jh Tc",
                          "random", "--samples", "400000"], capture_output=True, text=True, check=True)
    assert "100% of 400,000 deals" in run.stderr and "%" not in run.stdout.splitlines()[0]
    assert run.stdout.startswith("Big O odds before the flop: sampled, 400,000 deals, seed 0")
