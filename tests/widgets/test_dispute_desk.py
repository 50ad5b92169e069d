"""The dispute desk (``gamelib.widgets.dispute_desk``) driven as the browser would: values set on its
widgets, buttons clicked, on the published records of ``tests/data/phh`` and on illegal ones. The
figures checked are the records' own (their recorded final stacks, their actions), not the desk's."""

from __future__ import annotations

import base64
import datetime
import re
import urllib.parse
from pathlib import Path

import pytest

from gamelib.handhistory import loads, replay
from gamelib.widgets import dispute_desk as dd
from gamelib.widgets.dispute_desk import PLAIN, DisputeDesk

NOW = datetime.datetime.now(datetime.UTC)
DATA = Path(__file__).resolve().parents[1] / "data" / "phh"
STUD8 = (DATA / "wsop-2023-43-5-48-02-09-20.phh").read_text()
# p1 raises to 600,000 on third street, where a raise is to exactly 500,000 (R12)
ILLEGAL = STUD8.replace("'p5 cbr 250000', 'p1 cbr 500000'", "'p5 cbr 250000', 'p1 cbr 600000'")


def plain(html_text: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html_text).replace("&#x27;", "'").split())


def downloaded(desk: DisputeDesk) -> str:
    href = re.search(r'href="([^"]+)"', desk.download.value)
    assert href, desk.download.value
    head, _, body = urllib.parse.unquote(href.group(1)).partition(",")
    assert head == "data:text/plain;charset=utf-8;base64"
    return base64.b64decode(body).decode("utf-8")


def test_a_real_record_stepped_through_to_its_award() -> None:
    desk = DisputeDesk()
    desk.paste.value = STUD8
    desk.load_button.click()
    assert desk.message.value == "" and desk.position == 0
    # before the first player's action: the antes, 5 x 50,000, and p3 to bring in
    desk.next_button.click()
    desk.next_button.click()
    desk.next_button.click()
    desk.next_button.click()
    desk.next_button.click()
    shown = plain(desk.view.value)
    assert "Action 6 of 32: p3 pb" in shown and "p3 is to act and may: bring-in 75000, complete to 250000" in shown
    assert "main pot 250,000" in shown
    desk.prev_button.click()
    assert desk.position == 4 and "Action 5 of 32" in plain(desk.view.value)
    desk.end_button.click()
    shown = plain(desk.view.value)
    # the pot, 4,825,000, split high and low between p1 and p5 (the recorded final stacks agree)
    assert "main pot 4,825,000, high (1/2): p1 2,412,500" in shown and "low (1/2): p5 2,412,500" in shown
    assert "no odd chip" in shown
    assert "Final stacks: p1 4,537,500, p2 1,800,000, p3 14,400,000, p4 6,075,000, p5 2,887,500" in shown
    desk.next_button.click()  # past the end: stays at the end
    assert desk.position == len(desk.replay.steps)
    record = loads(downloaded(desk))
    assert record.finishing_stacks == loads(STUD8).finishing_stacks and record.actions == loads(STUD8).actions


def test_an_illegal_record_stops_there_with_the_rule_and_the_cut_record() -> None:
    desk = DisputeDesk()
    desk.paste.value = ILLEGAL
    desk.load_button.click()
    desk.end_button.click()
    shown = plain(desk.view.value)
    assert "The record stops at action 9, p1 cbr 600000 : p1 raises to 600000, but at limit a raise on the third " \
           "street is to exactly 500000" in shown
    assert "R12" in shown and "What was legal: p1 may: fold, call 250000, raise to 500000" in shown
    cut = loads(downloaded(desk))
    assert cut.actions == loads(ILLEGAL).actions[:8] and cut.finishing_stacks is None
    assert "R12" in cut.extra["_gamelib_ruling"]
    again = replay(cut)  # the corrected record replays with no illegal action, to where it was cut
    assert again.violation is None and not again.complete


def test_an_odd_chip_is_explained_with_its_ruling() -> None:
    text = ('variant = "FB"\nantes = [1, 1, 1]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\nbig_bet = 4\n'
            'starting_stacks = [20, 20, 20]\nactions = ["d dh p1 As2d3h4c", "d dh p2 Ad2h3c4s", '
            '"d dh p3 KsQdJh9c", "p3 f", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", '
            '"p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc"]\n')
    desk = DisputeDesk()
    desk.paste.value = text
    desk.load_button.click()
    desk.end_button.click()
    shown = plain(desk.view.value)
    # 3 antes and 2 + 2 in the pot: 7 shared by two tied badugis, the odd chip to p1 (seat 0)
    assert "main pot 7" in shown and "odd chip" in shown and "R6" in shown
    assert "Final stacks: p1 21, p2 20, p3 19" in shown


def test_upload_one_file_within_the_limit() -> None:
    desk = DisputeDesk()
    data = (DATA / "wsop-2023-43-5-55-02-29-59.phh").read_bytes()
    desk.upload.value = ({"name": "hand.phh", "type": "", "size": len(data), "content": memoryview(data),
                          "last_modified": NOW},)
    assert desk.message.value == "" and desk.paste.value == data.decode()
    desk.end_button.click()
    recorded = loads(data).finishing_stacks
    assert "Final stacks: " + ", ".join(f"p{k + 1} {x:,}" for k, x in enumerate(recorded)) in plain(desk.view.value)


@pytest.mark.parametrize("content, words", [
    (b"x" * (64 * 1024 + 1), "at most 65,536 bytes"),
    (b"\xff\xfe variant", "not UTF-8 text"),
    (b'variant = "NT"\nantes = [0, 0]\nstarting_stacks = [5, 5]\nactions = []', "is not a game of gamelib"),
])
def test_a_bad_upload_is_one_plain_sentence(content: bytes, words: str) -> None:
    desk = DisputeDesk()
    desk.upload.value = ({"name": "x.phh", "type": "", "size": len(content), "content": memoryview(content),
                          "last_modified": NOW},)
    said = plain(desk.message.value)
    assert words in said and "Traceback" not in said and desk.replay is None


@pytest.mark.parametrize("text, words", [
    ("x" * (64 * 1024 + 1), "at most 65,536 bytes"),
    ("", "the record is empty"),
    ("variant = ", "is not PHH (TOML)"),
    (f'variant = "FB"\nantes = {[0] * 11}\nblinds_or_straddles = {[1, 2] + [0] * 9}\nsmall_bet = 2\nbig_bet = 4\n'
     f'starting_stacks = {[100] * 11}\nactions = []', "seats 11 players"),
])
def test_a_bad_paste_is_one_plain_sentence(text: str, words: str) -> None:
    desk = DisputeDesk()
    desk.paste.value = text
    desk.load_button.click()
    said = plain(desk.message.value)
    assert words in said and "Traceback" not in said and said.count(".") <= 3


def test_anything_else_is_the_plain_sentence(monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_: object, **__: object) -> None:
        raise KeyError("/srv/secret/path")

    monkeypatch.setattr(dd, "replay", broken)
    desk = DisputeDesk()
    desk.paste.value = STUD8
    desk.load_button.click()
    assert PLAIN in plain(desk.message.value) and "secret" not in desk.message.value


def test_a_hand_entered_action_by_action() -> None:
    desk = DisputeDesk()
    desk.game.value = "badugi"
    desk.stacks.value = "50, 50, 50"
    desk.add_button.click()
    assert "start a hand first" in plain(desk.message.value)
    desk.start_button.click()
    # the first deal is written with cards nobody named, one line per player
    assert desk.entered.actions == ["d dh p1 ????????", "d dh p2 ????????", "d dh p3 ????????"]

    def add(action: str) -> str:
        desk.action.value = action
        desk.add_button.click()
        return plain(desk.message.value)

    for a in ("p3 f", "p1 cc"):
        assert add(a) == ""
    refused = add("p2 cbr 9")  # $2/$4 limit: a raise on the deal is to exactly 4
    assert "'p2 cbr 9' is not added" in refused and "R12" in refused and "raise to 4" in refused
    assert add("p2 cbr 4") == "" and add("p1 cc") == ""
    assert add("p1 sd ????") == ""  # p1 draws two: the dealer's two cards are written after the draw
    assert desk.entered.actions[-1] == "d dh p1 ????"
    desk.undo_button.click()  # takes back the draw and its deal
    assert desk.entered.actions[-1] == "p1 cc"
    for a in ("p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd", "p1 cc", "p2 cc", "p1 sd", "p2 sd",
              "p1 cbr 4", "p2 cc"):
        assert add(a) == "", a
    waiting = plain(desk.view.value)
    assert "does not show p1, p2's cards yet" in waiting and "Final stacks" not in waiting
    assert add("p1 sm As2d3h4c") == "" and add("p2 sm Ks8d7h6c") == ""
    shown = plain(desk.view.value)
    # p3 folded his cards; p1 and p2 put in 2 + 2 + 4 each: p1's badugi wins 16
    assert "main pot 16, badugi (1): p1 16" in shown and "Final stacks: p1 58, p2 42, p3 50" in shown
    record = loads(downloaded(desk))
    assert record.finishing_stacks == [58, 42, 50] and replay(record).matches_record


def test_the_entry_form_checks_what_the_browser_sends() -> None:
    desk = DisputeDesk()
    desk.stacks.value = "100, lots"
    desk.start_button.click()
    assert "whole chips separated by commas" in plain(desk.message.value)
    desk.stacks.value = ", ".join(["100"] * 11)
    desk.start_button.click()
    assert "give 2 to 10 stacks" in plain(desk.message.value)
    desk.stacks.value = "100, 100"
    desk.start_button.click()
    desk.action.value = "p1 " + "x" * 300
    desk.add_button.click()
    assert "at most 200 characters" in plain(desk.message.value)
    desk.action.value = "p1 raise 8"
    desk.add_button.click()
    assert "unknown action 'raise'" in plain(desk.message.value)


def test_the_examples_are_the_shipped_real_hands() -> None:
    desk = DisputeDesk()
    desk.examples.value = "wsop-2019-58-yockey-arieh"
    assert desk.replay is not None and desk.replay.record.variant == "F2L3D"
    desk.end_button.click()
    # the hand the PHH specification publishes: Yockey (p1) all in, Arieh (p4) wins
    assert "p4" in plain(desk.view.value).split("award:")[1]


def test_the_chapter_figures_of_the_big_o_example() -> None:
    """The Big O table-rules chapter's worked example, by hand: p1's small blind ($1) is dead, p2 and
    p3 each put in 2 + 2 + 4: a $17 pot, the odd dollar to the high half (R6)."""
    import json

    nb = json.loads((Path(__file__).resolve().parents[2] / "book" / "big-o" / "table-rules.ipynb").read_text())
    source = next("".join(c["source"]) for c in nb["cells"] if "BIG_O_HAND = " in "".join(c["source"]))
    names: dict[str, object] = {}
    exec(source.split("glue_figures(")[0].split("from gamelib.widgets.figures import glue_figures")[1], names)
    good = dd.dispute_figures(str(names["BIG_O_HAND"]))
    assert (good["pot"], good["paid0"], good["paid1"]) == ("$17", "p2 $9", "p3 $8") and "R6" in good["odd-chip"]
    assert good["final"] == "p1 $59, p2 $81, p3 $100"
    bad = dd.dispute_figures(str(names["BIG_O_DISPUTED"]))
    assert (bad["action"], bad["text"], bad["rule"], bad["legal"]) == ("11", "p2 cbr 2", "R12",
                                                                      "p2 may: fold, check, bet to 4")
