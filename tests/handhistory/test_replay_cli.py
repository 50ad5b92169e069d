"""``python -m gamelib replay FILE.phh``: the hand street by street, ``--json`` with the final
stacks in the record's order, and a refused record in one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelib.__main__ import main

DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
STUD8 = DATA / "wsop-2023-43-5-48-02-09-20.phh"


def test_street_by_street(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(STUD8)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Seven Card Stud Eight or Better, $250,000/$500,000 limit, $50,000 ante, $75,000 bring-in")
    # antes 5 x 50,000; then the bring-in 75,000, p5 completes to 250,000 and p1 raises to 500,000
    for words in ("*** fourth street ***", "[pot 250,000] p3 to act, may: bring-in 75000, complete to 250000 -- p3 pb",
                  "[pot 1,075,000] p2 to act, may: fold, call 500000, raise to 750000 -- p2 f",
                  "main pot 4,825,000, high (1/2): p1 2,412,500",
                  "final stacks: p1 4,537,500, p2 1,800,000, p3 14,400,000, p4 6,075,000, p5 2,887,500"):
        assert words in out


def test_a_side_pot_begins_above_an_all_in(capsys: pytest.CaptureFixture[str]) -> None:
    """While the hand is played a bet not yet called is part of the pot, not a side pot; a side
    pot begins above the total of a player all in (R7): p7 is all in for 225,000 here."""
    assert main(["replay", str(DATA / "wsop-2023-54-4-2-00-03-32.phh")]) == 0
    out = capsys.readouterr().out
    assert "side pot" not in out.split("(all in)")[0]
    assert ("[pot 915,000: main 835,000 (p1, p2, p7); side pot 1 80,000 (p1, p2)] p2 to act, may: fold, call 80000"
            in out)


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", "--json", str(STUD8)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finishing_stacks"] == [4537500, 1800000, 14400000, 6075000, 2887500]
    assert data["matches_record"] is True and data["pots"] == [{"amount": 4825000, "eligible": ["p1", "p5"]}]
    assert [(a["portion"], a["paid"]) for a in data["awards"]] == [("high", [["p1", 2412500]]),
                                                                  ("low", [["p5", 2412500]])]


def test_an_odd_chip_is_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two tied badugis share 5: the odd chip goes clockwise from the button (R6)."""
    f = tmp_path / "split.phh"
    f.write_text('variant = "FB"\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n'
                 'starting_stacks = [20, 20, 20]\nactions = ["d dh p1 As2d3h4c", "d dh p2 Ad2h3c4s", '
                 '"d dh p3 KsQdJh9c", "p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", '
                 '"p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"]\n')
    assert main(["replay", str(f)]) == 0
    out = capsys.readouterr().out
    assert "odd chip: $1 odd dollar of the badugi among 2 tied seats: seat 0 first" in out
    assert main(["replay", "--json", str(f)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["finishing_stacks"] == [21, 20, 19] and data["awards"][0]["odd_chips"]


def test_an_illegal_record_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "bad.phh"
    f.write_text(STUD8.read_text().replace("'p5 cbr 250000', 'p1 cbr 500000'", "'p5 cbr 250000', 'p1 cbr 600000'"))
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("gamelib: action 9 'p1 cbr 600000': p1 raises to 600000, but at limit a raise on the "
                          "third street is to exactly 500000")
    assert err.strip().endswith("R12. p1 may: fold, call 250000, raise to 500000")


@pytest.mark.parametrize("text, words", [
    (None, "cannot read the hand record"),
    ("variant = ", "is not PHH (TOML)"),
    ('variant = "NT"\nantes = [0, 0]\nstarting_stacks = [5, 5]\nactions = []', "is not a game of gamelib"),
])
def test_refusals_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str, words: str) -> None:
    f = tmp_path / "x.phh"
    if text is not None:
        f.write_text(text)
    assert main(["replay", str(f)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err


def test_every_kind_of_replay_fits_the_schema(tmp_path: Path) -> None:
    """The JSON of a finished hand, an odd chip, an unfinished record and an illegal one (as the
    dispute desk shows it) all fit ``python -m gamelib schema replay``; a wrong one does not."""
    import jsonschema

    from gamelib.handhistory import replay
    from gamelib.handhistory.report import as_json
    from gamelib.json_output import SCHEMAS

    schema = SCHEMAS["replay"]
    jsonschema.Draft202012Validator.check_schema(schema)
    text = STUD8.read_text()
    cut = text.replace("'p5 cbr 250000', 'p1 cbr 500000'", "'p5 cbr 250000', 'p1 cbr 600000'")
    unfinished = text.replace(", 'p5 cc', 'p1 sm Ac8dAsTh3cTs7c', 'p5 sm 8h3hAh3sJc7d4s']", "]")
    seen = []
    for record in (text, cut, unfinished, *(p.read_text() for p in sorted(DATA.glob("*-5[5-9]-*.phh")))):
        data = as_json(replay(record))
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
        seen.append((data["complete"], data["violation"] is not None))
    assert {(True, False), (False, True), (False, False)} <= set(seen)
    data["finishing_stacks"] = [1.5, 2]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
