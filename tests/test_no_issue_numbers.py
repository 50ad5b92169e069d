"""No test and no module names a tracker issue by its number: every file under ``tests/`` and
``gamelib/`` says what is held, not which issue asked for it.

An issue number tells the next reader nothing: the tracker may be gone, moved or renumbered, and
even when it is at hand the reader must leave the code to learn what a test checks. A test's
name, docstring or comment says the behaviour or rule it holds ("every public function fed bad
values", "a known hand whose automatic draw is decided before the deal"); a module's says what
it does. This test reads every ``.py`` file under both folders and fails on the word "issue" or
"issues" followed by a number (``#`` and spaces, line breaks or underscores between allowed, any
case), so function names are caught as well as prose. Nothing is exempt.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: "issue" or "issues" (not the end of a longer word such as "tissue"), then a number.
ISSUE_NUMBER = re.compile(r"(?<![a-z])issues?[\s_#-]*\d+", re.IGNORECASE)


def mentions(text: str) -> list[tuple[int, str]]:
    """(line number, the words found) for every issue number in ``text``."""
    return [(text.count("\n", 0, m.start()) + 1, " ".join(m.group().split())) for m in ISSUE_NUMBER.finditer(text)]


def test_the_pattern_finds_issue_numbers_and_nothing_else() -> None:
    found = "\n".join(["Issue" + " 23: bad values", "(issues" + " 13 and 21)", "def test_the_issue" + "_9_hand():",
                       "see issue" + " #4", "issue" + "\n24"])
    assert [line for line, _ in mentions(found)] == [1, 2, 3, 4, 5]
    assert mentions("the tissue 3 times; issues of the rules; an issue's example; R9") == []


def test_no_file_mentions_an_issue_number() -> None:
    found = [f"{path.relative_to(ROOT)}:{line}: {words}"
             for folder in ("tests", "gamelib")
             for path in sorted((ROOT / folder).rglob("*.py"))
             for line, words in mentions(path.read_text(encoding="utf-8"))]
    assert not found, ("an issue number tells the next reader nothing; say what is held instead:\n"
                       + "\n".join(found))
