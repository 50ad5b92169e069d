"""The rulings appendix (book/appendix/rulings.md) defines a label for every ruling.

Every R-id of ../shared/RULINGS.md (R1, R2, ...) and every ruling id the engine cites in gamelib
(the pot games' R-A1.., the banked games' B1..) must have its MyST label in the appendix, so
that a chapter's ``{ref}`R8 <ruling-r8>``` always resolves and no interpretation made in code
goes unexplained in the book.

Labels: ``R8`` -> ``ruling-r8``; ``R-A1`` -> ``ruling-a1``; ``B1`` -> ``ruling-b1``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parents[2]
APPENDIX = REPO_ROOT / "book" / "appendix" / "rulings.md"
# CI runs on a fresh clone with the shared folder beside it (read-only).
RULINGS_MD = REPO_ROOT.parent / "shared" / "RULINGS.md"
GAMELIB = REPO_ROOT / "gamelib"

#: A ruling id as cited in code: R-A1 (pot games), B1 (banked games), or any other
#: letter-dash-letter-number house series added later (R-B1, ...).
CODE_ID = re.compile(r"\b(R-[A-Z]+\d+|B\d+)\b")
#: A linter's suppression comment (``# noqa: B009 (reason)``), left out of the scan.
NOQA = re.compile(r"#\s*noqa\b.*$")


def label_for(ruling_id: str) -> str:
    """The appendix label of a ruling id: R8 -> ruling-r8, R-A1 -> ruling-a1, B1 -> ruling-b1."""
    rid = ruling_id.strip()
    if rid.startswith("R-"):
        rid = rid[2:]
    return "ruling-" + rid.replace("-", "").lower()


def appendix_labels() -> set[str]:
    text = APPENDIX.read_text(encoding="utf-8")
    return set(re.findall(r"^\(([A-Za-z0-9_-]+)\)=\s*$", text, flags=re.M))


def code_ruling_ids() -> dict[str, list[str]]:
    """Every ruling id cited in gamelib's sources, with where (file:line) it is cited."""
    found: dict[str, list[str]] = {}
    for path in sorted(GAMELIB.rglob("*.py")):
        for lineno, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = NOQA.sub("", line)  # a linter's codes (noqa: B009) are no rulings
            for rid in CODE_ID.findall(line):
                found.setdefault(rid, []).append(f"{path.relative_to(REPO_ROOT)}:{lineno}")
    # The rulings also live as data; include them even if no comment cites them.
    from gamelib.games.banked import DECLARATIONS
    from gamelib.games.pot import POT_DECLARATIONS, POT_RULINGS

    for rid in POT_RULINGS:
        found.setdefault(rid, []).append("gamelib/games/pot.py POT_RULINGS")
    for key, decl in list(POT_DECLARATIONS.items()) + list(DECLARATIONS.items()):
        for rid in decl.rulings:
            if not re.fullmatch(r"R\d+", rid):
                found.setdefault(rid, []).append(f"declaration {key!r}.rulings")
    return found


def test_label_for():
    assert label_for("R8") == "ruling-r8"
    assert label_for("R22") == "ruling-r22"
    assert label_for("R-A1") == "ruling-a1"
    assert label_for("R-A14") == "ruling-a14"
    assert label_for("B5") == "ruling-b5"


def test_every_shared_ruling_has_a_label():
    if not RULINGS_MD.is_file():
        pytest.skip(f"{RULINGS_MD} not found: the shared folder must sit beside the repository "
                    "(../shared/RULINGS.md) for this check")
    ids = re.findall(r"^\s*-\s+\*\*(R\d+)\b", RULINGS_MD.read_text(encoding="utf-8"), flags=re.M)
    assert ids, f"no ruling ids (- **R1 ...) found in {RULINGS_MD}"
    assert len(ids) == len(set(ids)), f"duplicate ruling ids in {RULINGS_MD}: {ids}"
    labels = appendix_labels()
    missing = [rid for rid in ids if label_for(rid) not in labels]
    assert not missing, f"rulings with no ({label_for('R1')})= style label in {APPENDIX}: {missing}"
    # and the appendix numbers no project ruling (R<n>) that the shared list does not have
    extra = sorted(lab for lab in labels if re.fullmatch(r"ruling-r\d+", lab))
    extra = [lab for lab in extra if lab not in {label_for(rid) for rid in ids}]
    assert not extra, f"{APPENDIX} has project rulings that {RULINGS_MD} does not: {extra}"


def test_every_ruling_cited_in_code_has_a_label():
    found = code_ruling_ids()
    assert "R-A1" in found and "B1" in found, "the code's ruling ids were not found (scanner broken?)"
    labels = appendix_labels()
    missing = {rid: where[:3] for rid, where in found.items() if label_for(rid) not in labels}
    assert not missing, f"ruling ids cited in gamelib with no label in {APPENDIX}: {missing}"


def test_labels_sit_right_before_a_heading():
    """Each ruling label is followed by (more labels and then) a heading naming that ruling."""
    lines = APPENDIX.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        m = re.fullmatch(r"\((ruling-[a-z0-9]+)\)=", line.strip())
        if not m:
            continue
        j = i + 1
        while j < len(lines) and re.fullmatch(r"\(ruling-[a-z0-9]+\)=", lines[j].strip()):
            j += 1
        assert j < len(lines) and lines[j].startswith("#"), (
            f"label {m.group(1)} (line {i + 1}) is not followed by a heading")


def _book_markdown() -> list[tuple[str, str]]:
    """(file, text) of every Markdown page and every notebook's Markdown cells under book/."""
    import json

    out = []
    book = REPO_ROOT / "book"
    for path in sorted(book.rglob("*.md")):
        if "_build" not in path.parts:
            out.append((str(path.relative_to(REPO_ROOT)), path.read_text(encoding="utf-8")))
    for path in sorted(book.rglob("*.ipynb")):
        if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        nb = json.loads(path.read_text(encoding="utf-8"))
        text = "\n".join("".join(c.get("source", "")) for c in nb.get("cells", []) if c.get("cell_type") == "markdown")
        out.append((str(path.relative_to(REPO_ROOT)), text))
    return out


def test_every_ruling_reference_in_the_book_has_its_label():
    """A chapter's {ref}`R8 <ruling-r8>` (or {ref}`ruling-r8`) names a label the appendix defines."""
    labels = appendix_labels()
    bad = []
    for name, text in _book_markdown():
        for target in re.findall(r"\{ref\}`(?:[^`<]*<)?(ruling-[A-Za-z0-9-]+)>?`", text):
            if target not in labels:
                bad.append(f"{name}: {target}")
    assert not bad, f"ruling references with no label in {APPENDIX.name}: {bad}"
