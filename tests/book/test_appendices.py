"""The handbook's appendices and introduction: in the table of contents, links that resolve,
the glossary's terms, and no dollar amount that MyST's dollarmath would read as mathematics.

A fast check of what the full ``jupyter-book build -W -n`` would also catch, so that a mistake
shows up in a unit test with a clear message.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK = REPO_ROOT / "book"
APPENDICES = ("rulings", "methods", "glossary")
PAGES = [BOOK / "intro.md"] + [BOOK / "appendix" / f"{name}.md" for name in APPENDICES]

#: Terms the chapters may link with {term}`...`; the glossary must define each.
GLOSSARY_TERMS = (
    "ante", "blind", "bring-in", "button", "cap", "complete", "draw", "stand pat", "wheel",
    "badugi", "qualifier", "scoop", "odd chip", "side pot", "element of risk", "house edge",
    "pay table", "pair plus", "big blind", "small blind", "kicker", "push", "breakage",
)


def _toc_files(node) -> list[str]:
    files = []
    if isinstance(node, dict):
        if "file" in node:
            files.append(node["file"])
        for value in node.values():
            files.extend(_toc_files(value))
    elif isinstance(node, list):
        for item in node:
            files.extend(_toc_files(item))
    return files


def _without_code(text: str) -> str:
    """The text without fenced code blocks, inline code and mathematics."""
    text = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)
    text = re.sub(r"`[^`\n]*`", "", text)
    # Mathematics: $$ blocks, and $...$ spans holding a TeX command (\times, \binom); an amount
    # of money never holds a backslash.
    text = re.sub(r"\$\$.*?\$\$", "", text, flags=re.S)
    return re.sub(r"(?<!\\)\$[^$]*?\\[a-zA-Z]+[^$]*?\$", "", text, flags=re.S)


def _glossary_terms() -> set[str]:
    text = (BOOK / "appendix" / "glossary.md").read_text(encoding="utf-8")
    body = re.search(r"```\{glossary\}\n(.*?)^```", text, flags=re.M | re.S)
    assert body, "glossary.md has no {glossary} directive"
    return {line.strip().lower() for line in body.group(1).splitlines()
            if line and not line.startswith((" ", ":")) and line.strip()}


def test_appendices_are_in_the_toc():
    toc = yaml.safe_load((REPO_ROOT / "_toc.yml").read_text(encoding="utf-8"))
    parts = {p.get("caption"): p for p in toc["parts"]}
    assert "Appendices" in parts, "_toc.yml has no 'Appendices' part"
    listed = _toc_files(parts["Appendices"])
    assert listed == [f"book/appendix/{name}" for name in APPENDICES]


def test_every_toc_entry_exists():
    toc = yaml.safe_load((REPO_ROOT / "_toc.yml").read_text(encoding="utf-8"))
    missing = [f for f in [toc["root"]] + _toc_files(toc["parts"])
               if not any((REPO_ROOT / (f + ext)).is_file() for ext in ("", ".md", ".ipynb"))]
    assert not missing, f"_toc.yml lists files that do not exist: {missing}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_doc_links_resolve(page: Path):
    text = page.read_text(encoding="utf-8")
    bad = []
    for target in re.findall(r"\{doc\}`(?:[^`<]*<)?([^`<>]+)>?`", text):
        path = (page.parent / target).resolve()
        if not any(Path(str(path) + ext).is_file() for ext in (".md", ".ipynb")):
            bad.append(target)
    assert not bad, f"{page.name} links pages that do not exist: {bad}"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_bare_dollar_amounts(page: Path):
    """dollarmath would turn "$2/$4" into mathematics: amounts are written \\$2 in Markdown."""
    text = _without_code(page.read_text(encoding="utf-8"))
    bare = re.findall(r"(?<!\\)\$\d[\d,]*", text)
    assert not bare, f"{page.name}: unescaped dollar amounts {bare[:5]} (write \\$ before the digits)"


def test_glossary_defines_the_terms_chapters_link():
    terms = _glossary_terms()
    missing = [t for t in GLOSSARY_TERMS if t not in terms]
    assert not missing, f"terms missing from the glossary: {missing}"


def test_term_links_in_the_book_resolve():
    import json

    terms = _glossary_terms()
    bad = []
    for path in sorted(BOOK.rglob("*.md")) + sorted(BOOK.rglob("*.ipynb")):
        if "_build" in path.parts or ".ipynb_checkpoints" in path.parts:
            continue
        text = path.read_text(encoding="utf-8")
        if path.suffix == ".ipynb":
            cells = json.loads(text).get("cells", [])
            text = "\n".join("".join(c.get("source", "")) for c in cells if c.get("cell_type") == "markdown")
        for target in re.findall(r"\{term\}`(?:[^`<]*<)?([^`<>]+)>?`", text):
            if target.strip().lower() not in terms:
                bad.append(f"{path.relative_to(REPO_ROOT)}: {target}")
    assert not bad, f"{{term}} links to terms the glossary does not define: {bad}"


def test_dollar_amounts_are_not_mathematics():
    """With dollarmath on, "$2/$4" would be typeset as a formula unless the book's MyST settings
    forbid a space inside the delimiters and a digit right after the closing $."""
    config = yaml.safe_load((REPO_ROOT / "_config.yml").read_text(encoding="utf-8"))
    sphinx = config["sphinx"]["config"]
    assert sphinx.get("myst_dmath_allow_space") is False
    assert sphinx.get("myst_dmath_allow_digits") is False


def test_methods_names_files_that_exist():
    """The methods appendix points readers at source files and tests: they must exist."""
    text = (BOOK / "appendix" / "methods.md").read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:gamelib|tests|benchmarks)/[\w/.-]+\.py)`", text))
    paths |= set(re.findall(r"python ((?:benchmarks)/[\w/.-]+\.py)", text))
    assert paths, "no file paths found in methods.md"
    missing = sorted(p for p in paths if not (REPO_ROOT / p).is_file())
    assert not missing, f"methods.md names files that do not exist: {missing}"
