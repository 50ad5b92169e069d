"""The chapters ask the engine: no notebook decides a hand's category by matching its name, and
none writes its own display helper.

A chapter only calls ``gamelib`` (DESIGN.md: "no rule ... is computed inside a notebook cell").
Which categories are "a low", "ten low or better" or "two pair or better" is the ranking
system's to say (``gamelib.rankings.low_categories``, ``categories_or_better``, ``or_better``,
``is_a_low``), read from the categories the system declares; a name typed in a notebook that no
system declares (Drawmaha's ``"one pair"``: the category is ``"pair"``) would match nothing and
fail silently. A showdown pictured with its figures glued is
``gamelib.widgets.pot.worked_showdown``, written once.

This test reads every notebook under ``book/`` as JSON, parses each code cell with ``ast`` (a
line magic such as ``%config`` is read as ``pass``) and fails on:

* a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``) of a string literal (or a tuple,
  list or set of them, an f-string, a comprehension of them, or a name bound to one) with a
  hand category: either the literal is a category a ranking system declares or a player's name
  for one (``"two pair"``, ``"one pair"``, ``"no low"``, ``"ten low"``), or the other side reads
  a category or a description (``counts["category"]``, ``x.category``, ``describe(...)``);
* ``.startswith``, ``.endswith``, ``.contains``, ``.match``, ``.fullmatch`` or ``.isin`` with
  such literals on a category or a description, or with hand words (``" low"``, ``"pair"``);
* ``.query(...)`` with a text that names the category column;
* a ``def show(...)`` of the notebook's own.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from gamelib.rankings import SYSTEMS, categories

REPO_ROOT = Path(__file__).resolve().parents[2]
BOOK = REPO_ROOT / "book"

#: Every category a ranking system declares, and the names players give hands that are none.
HAND_WORDS = frozenset(c for s in SYSTEMS for c in categories(s)) | {
    "one pair", "no pair", "trips", "set", "quads", "royal flush", "no qualifying low", "wheel"}
#: Words that make a fragment of text a hand's name (``" low"``, ``"pair"``, ``"badugi"``).
HAND_WORD = re.compile(r"\b(low|pair|flush|straight|full house|of a kind|high card|badugi|trips|quads)\b")
#: What reads a category or a description: names, attributes and column labels.
READS_A_CATEGORY = re.compile(r"categor|descri|hand_name|hand_words|hand_ranks|split_words")
COMPARISONS = (ast.Eq, ast.NotEq, ast.In, ast.NotIn, ast.Is, ast.IsNot)
TEXT_MATCHES = {"startswith", "endswith", "contains", "match", "fullmatch", "isin"}
MAGIC = re.compile(r"^(\s*)[%!].*$", re.M)


def notebooks() -> list[Path]:
    return sorted(p for p in BOOK.rglob("*.ipynb")
                  if "_build" not in p.parts and ".ipynb_checkpoints" not in p.parts)


def code_cells(notebook_text: str) -> Iterator[tuple[int, str]]:
    """Each code cell of a notebook (its JSON text) as (cell index, Python source)."""
    for i, cell in enumerate(json.loads(notebook_text)["cells"]):
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            if not source.lstrip().startswith("%%"):
                yield i, MAGIC.sub(r"\1pass", source)


def _constants(node: ast.AST) -> list[str]:
    """The string constants in a literal (an f-string gives its constant parts)."""
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


class _Literals:
    """Which expressions are text typed in the notebook: a string, an f-string, a tuple, list or
    set of them, a comprehension making them, a sum with one, or a name bound to one."""

    def __init__(self) -> None:
        self.names: dict[str, ast.AST] = {}

    def bind(self, tree: ast.AST) -> None:
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and self.typed(node.value):
                self.names.update({t.id: node.value for t in node.targets if isinstance(t, ast.Name)})

    def typed(self, node: ast.AST) -> bool:
        if isinstance(node, ast.Constant):
            return isinstance(node.value, str)
        if isinstance(node, ast.JoinedStr):
            return True
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return any(self.typed(e) for e in node.elts)
        if isinstance(node, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            return self.typed(node.elt)
        if isinstance(node, ast.BinOp):
            return self.typed(node.left) or self.typed(node.right)
        if isinstance(node, ast.Starred):
            return self.typed(node.value)
        if isinstance(node, ast.Name):
            return node.id in self.names
        return False

    def words(self, node: ast.AST) -> list[str]:
        """The text a typed expression holds (a bound name: the text it was bound to)."""
        if isinstance(node, ast.Name) and node.id in self.names:
            return _constants(self.names[node.id])
        return _constants(node)


def _reads_a_category(node: ast.AST) -> bool:
    """Whether an expression reads a hand's category or description (``df["category"]``,
    ``x.category``, ``describe(...)``, ``hand_name(...)``)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and READS_A_CATEGORY.search(n.id):
            return True
        if isinstance(n, ast.Attribute) and READS_A_CATEGORY.search(n.attr):
            return True
        if (isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and isinstance(n.slice.value, str)
                and READS_A_CATEGORY.search(n.slice.value)):
            return True
    return False


def _is_hand_name(text: str) -> bool:
    return text.strip() in HAND_WORDS or re.fullmatch(r"\w+ low", text.strip()) is not None


def problems(source: str, literals: _Literals | None = None) -> list[str]:
    """What in one cell's source decides a category by its name, or writes its own ``show``.

    >>> problems('below = sample["category"].isin(["high card", "one pair", "pair"])')
    ["line 1: sample['category'].isin(['high card', 'one pair', 'pair'])"]
    >>> problems('part = counts["category"].isin(categories_or_better("omaha-high", "two pair"))')
    []
    """
    literals = literals or _Literals()
    tree = ast.parse(source)
    literals.bind(tree)
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef) and node.name == "show":
            found.append(f"line {node.lineno}: def show(...) of its own (use gamelib.widgets.pot.worked_showdown)")
        elif isinstance(node, ast.Compare) and any(isinstance(op, COMPARISONS) for op in node.ops):
            sides = [node.left, *node.comparators]
            typed = [s for s in sides if literals.typed(s)]
            if typed and (any(_reads_a_category(s) for s in sides if s not in typed)
                          or any(_is_hand_name(w) for s in typed for w in literals.words(s))):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, receiver = node.func.attr, node.func.value
            args = [*node.args, *(k.value for k in node.keywords)]
            if name in TEXT_MATCHES and any(literals.typed(a) for a in args):
                words = [w for a in args if literals.typed(a) for w in literals.words(a)]
                if _reads_a_category(receiver) or any(HAND_WORD.search(w) for w in words):
                    found.append(f"line {node.lineno}: {ast.unparse(node)}")
            elif name == "query" and any(READS_A_CATEGORY.search(w) for a in args for w in _constants(a)):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
    return found


def notebook_problems(notebook_text: str) -> list[str]:
    """Every problem in a notebook's code cells (names bound in one cell are known in the next)."""
    literals = _Literals()
    return [f"cell {i}, {p}" for i, source in code_cells(notebook_text) for p in problems(source, literals)]


@pytest.mark.parametrize("path", notebooks(), ids=lambda p: str(p.relative_to(BOOK)))
def test_the_chapter_asks_the_engine(path: Path) -> None:
    found = notebook_problems(path.read_text(encoding="utf-8"))
    assert not found, f"{path.relative_to(REPO_ROOT)}:\n" + "\n".join(found)


# --- the check itself, on the code the chapters had before they asked the engine -------------

#: Code cells as they were (book/mixed/*.ipynb before the predicates), each with what it decided.
BEFORE = {
    "razzdugi: ten low or better": (
        'counts = category_counts("a5-low", 7)\n'
        'tops = ["five", "six", "seven", "eight", "nine", "ten"]\n'
        'ten_or_better = counts.loc[counts["category"].isin([f"{t} low" for t in tops]), "combinations"].sum()\n'),
    "27-triple-draw: the lows": (
        'counts = category_counts("27-low", 5)\n'
        'lows = counts[counts["category"].str.endswith(" low")]["combinations"].sum()\n'),
    "stud8: a qualifying low": (
        'low = category_counts("low8", 7)\n'
        'qualifying = low.loc[low["category"] != "no low", "combinations"].sum()\n'),
    "drawmaha: two pair or better": (
        'sample = sampled_category_counts("omaha-high", deals=deals, seed=2026, hole_cards=5).table\n'
        'below = sample["category"].isin(["high card", "one pair", "pair"])\n'),
    "a show of its own": (
        'def show(key, hands, pot, button=0):\n'
        '    """Picture a showdown and glue its figures under ``key``."""\n'
        '    display(HTML(paid_showdown_html("stud8", hands, pot, button=button)))\n'),
    "a category compared by name": 'if category("high", v) == "two pair":\n    pass\n',
    "a category among names": 'if cat in ("flush", "straight"):\n    pass\n',
    "a description by its start": 'low = describe("low8", v).startswith("eight")\n',
    "a name bound to hand names": 'names = ["pair", "high card"]\nweak = table["category"].isin(names)\n',
    "a query": 'table.query("category == \'pair\'")\n',
}

#: The same questions asked of the engine, and code that compares strings that are no hands.
AFTER = {
    "ten low or better": 'counts["category"].isin(categories_or_better("a5-low", "ten low"))\n',
    "the lows": 'counts["category"].isin(low_categories("27-low"))\n',
    "a worked showdown": 'worked_showdown("nolow", "stud8", ["Kc Kd Kh 9s 9c Qd Js", "Qc Qs Qh 9d 8c 7d 2s"], 20)\n',
    "words that are no hands": ('for kind in ("pot-limit", "no-limit"):\n'
                                '    ok = kind == "raise" or pick in ("stud8",)\n'),
}


@pytest.mark.parametrize("name", BEFORE)
def test_the_check_finds_the_code_the_chapters_had(name: str) -> None:
    assert problems(BEFORE[name]), name


@pytest.mark.parametrize("name", AFTER)
def test_the_check_passes_code_that_asks_the_engine(name: str) -> None:
    assert problems(AFTER[name]) == [], name


def test_a_line_magic_is_read_as_pass() -> None:
    cell = {"cell_type": "code", "source": ["%config InlineBackend.figure_formats = ['svg']\n",
                                            'x = counts["category"] == "pair"\n']}
    assert notebook_problems(json.dumps({"cells": [cell]})) == ['cell 0, line 2: counts[\'category\'] == \'pair\'']
