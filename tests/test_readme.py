"""The README's opening: one line saying what the two commands are, then exactly the two commands
(build the book; run every test), each a script that exists; and the rulings range it names is the
shared list's (R1 to the last R-number of ../shared/RULINGS.md)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_readme_opens_with_one_line_and_the_two_commands() -> None:
    lines = README.splitlines()
    assert lines[0] and not lines[0].startswith(("#", "`")), "one line of text first"
    assert lines[1] == "" and lines[2] == "```bash", lines[:3]
    end = lines.index("```", 3)
    commands = lines[3:end]
    assert commands == ["bash .ci/book", "bash .ci/test"], commands
    for command in commands:
        assert (ROOT / command.split()[1]).is_file()
    assert README.index("# The Casino Poker Handbook") > README.index("bash .ci/test")


def test_the_readme_names_every_ruling() -> None:
    shared = ROOT.parent / "shared" / "RULINGS.md"
    last = max(int(n) for n in re.findall(r"^- \*\*R(\d+)\b", shared.read_text(encoding="utf-8"), flags=re.M))
    assert f"**R1** to **R{last}**" in README
