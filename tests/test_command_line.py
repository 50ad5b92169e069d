"""The command line as a user meets it: ``--version``, ``--json`` on every command that
answers a question (each output valid against its published schema), a closed pipe, help text
for every option, and the refusals of bad input (one line on stderr, exit code 2)."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import jsonschema
import pytest

from gamelib import __version__
from gamelib.__main__ import build_parser, main
from gamelib.json_output import SCHEMAS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        main(["--version"])
    assert e.value.code == 0 and capsys.readouterr().out.strip() == f"gamelib {__version__}"


JSON_RUNS = {
    "settle": ["settle", "three-card-6bonus", "--player", "Qh Jh Th", "--dealer", "2c 5d 9s",
               "--wager", "ante=5", "--wager", "play=5", "--wager", "pair_plus=5"],
    "strategy": ["strategy", "crazy4", "As Ad 9c 6h 3s"],
    "odds": ["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h 8s", "--discard", "0=Kh", "--quiet"],
    "design": ["design", "three-card-6bonus", "pair_plus", "--vary", "flush=3..4", "--target", "7.28%"],
    "analyze": ["analyze", "three-card-6bonus", "--quiet"],
    # a published Stud 8 hand whose pot is split high and low (tests/data/phh/README.md)
    "replay": ["replay", str(Path(__file__).parent / "data" / "phh" / "wsop-2023-43-5-48-02-09-20.phh")],
}


@pytest.mark.parametrize("command", sorted(JSON_RUNS))
def test_json_output_matches_its_schema(capsys: pytest.CaptureFixture[str], command: str) -> None:
    code, out, err = run(capsys, *JSON_RUNS[command], "--json")
    assert code == 0, err
    data = json.loads(out)
    jsonschema.Draft202012Validator.check_schema(SCHEMAS[command])
    jsonschema.validate(data, SCHEMAS[command], cls=jsonschema.Draft202012Validator)
    # the schema command prints the same schema
    code, out, _ = run(capsys, "schema", command)
    assert code == 0 and json.loads(out) == json.loads(json.dumps(SCHEMAS[command]))


def test_json_figures_are_the_engines(capsys: pytest.CaptureFixture[str]) -> None:
    """The numbers in the JSON are the engine's, exactly: a settlement's dollars, an odds answer's
    fractions (badugi: 5 of 44 deals for seat 0, as the odds doctest counts them)."""
    data = json.loads(run(capsys, *JSON_RUNS["settle"], "--json")[1])
    # Q-J-T suited against 9-5-2: the dealer does not qualify (queen high needed); the straight
    # flush pays the Ante Bonus 4 to 1 and Pair Plus 40 to 1 (filing 004)
    assert {w["wager"]: w["result"] for w in data["wagers"]} == {"ante": 5, "play": 0, "ante_bonus": 20,
                                                                 "pair_plus": 200}
    assert sum(w["result"] for w in data["wagers"]) - data["cap_reduction"] == data["total"]
    odds = json.loads(run(capsys, *JSON_RUNS["odds"], "--json")[1])
    seat0 = odds["players"][0]
    assert odds["exact"] and odds["deals"] == 44
    assert Fraction(seat0["portions"][0]["win"]["exact"]) == Fraction(5, 44)
    assert abs(seat0["equity"]["value"] - 5 / 44) < 1e-15
    design = json.loads(run(capsys, *JSON_RUNS["design"], "--json")[1])
    assert [Fraction(t["pays"]["flush"]["exact"]) for t in design["tables"]] == [4, 3]
    assert all(t["player_advantage"] is False for t in design["tables"])


def test_a_closed_pipe_ends_quietly() -> None:
    """``gamelib analyze ... | head -1``: no BrokenPipeError traceback."""
    proc = subprocess.Popen([sys.executable, "-m", "gamelib", "analyze", "three-card-6bonus", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # the reader goes away, as head does after one line
    err = proc.stderr.read().decode()
    proc.wait(timeout=300)
    assert first.startswith(b"== Three Card Poker")
    assert "Traceback" not in err and "BrokenPipeError" not in err, err
    assert proc.returncode == 0


def _options(command: str) -> list[tuple[str, str | None]]:
    sub = build_parser()._subparsers._group_actions[0].choices[command]  # type: ignore[union-attr]
    return [(a.option_strings[0] if a.option_strings else a.dest, a.help) for a in sub._actions if a.dest != "help"]


@pytest.mark.parametrize("command", ["analyze", "design", "strategy", "settle", "odds", "schema"])
def test_every_option_has_help(command: str) -> None:
    missing = [name for name, help_text in _options(command) if not help_text and name not in ("game", "cards")]
    assert not missing, f"{command}: options without help text: {missing}"


def test_odds_help_shows_numbers_not_constant_names(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["odds", "--help"])
    text = capsys.readouterr().out
    assert "3,000,000" in text and "20,000" in text
    assert "DEFAULT_BUDGET" not in text and "AUTO_SAMPLES" not in text


@pytest.mark.parametrize("argv, words", [
    (["design", "crazy4", "super_bonus", "--vary", "flush=1..3", "--target", "1e999"], "target house edge"),
    (["design", "crazy4", "super_bonus", "--vary", "flush=1..3", "--vary", "flush=4", "--target", "3%"], "given twice"),
    (["design", "crazy4", "super_bonus", "--vary", "flush=1..3", "--target", "3%", "--top", "²"], "whole number"),
    (["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h 8s", "--discard", "²=Kh"], "--discard is SEAT=CARDS"),
    (["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h 8s", "--discard", "0=Kh", "--discard", "0=As"], "given twice"),
    (["odds", "badugi", "As 2d 3h Kh", "2c 4d 6h 8s", "--seed", "1.5"], "whole number"),
    (["settle", "crazy4", "--wager", "ante=5", "--wager", "ante=6", "--player", "As Ad Kc 7h 2s",
      "--dealer", "Qs Jd 8c 5h 3d"], "given twice"),
    (["strategy", "nh-holdem", "As Ad", "--wagered", "٣"], "whole number of antes"),
    (["schema", "nonsense"], "invalid choice"),
])
def test_refusals_are_one_line_exit_2(argv: list[str], words: str) -> None:
    proc = subprocess.run([sys.executable, "-m", "gamelib", *argv], capture_output=True, text=True, timeout=300)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], proc.stderr
    assert "Traceback" not in proc.stderr
