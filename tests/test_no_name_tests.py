"""Nothing outside ``gamelib/rankings/`` and ``gamelib/games/`` tests a ranking system's name.

A caller asks the system's object (``gamelib.rankings.system(name)``: ``uses_board``,
``is_low``, ``ace_high``, ``eight_or_better``, ``hand_sizes``, ...) instead of comparing the
name. This test reads every module of ``gamelib`` with ``ast`` and fails on:

* a comparison (``==``, ``!=``, ``in``, ``not in``, ``is``) with a string constant, or a
  tuple, list or set of string constants, that is a system name or a family prefix of one
  (``"omaha"``, ``"badugi"``, ``"badugi-ace"``, ...);
* ``.startswith(...)`` / ``.endswith(...)`` with such a constant;
* any use of the name tables ``OMAHA_SYSTEMS``, ``LOW8_SYSTEMS``, ``_PATTERN``, ``_BADUGI``.

One kind of comparison is not a system test: ``"crazy4"`` is also a game key, and a game key
compared with ``game``/``key`` is the game-key test's business (``tests/games/test_table_kinds.py``).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gamelib.rankings import RANKING_SYSTEMS

GAMELIB = Path(__file__).resolve().parent.parent / "gamelib"
ALLOWED = ("rankings", "games")
NAME_TABLES = {"OMAHA_SYSTEMS", "LOW8_SYSTEMS", "_PATTERN", "_BADUGI", "INFO", "HIGH_SYSTEMS", "ACE_HIGH_LOWS"}
GAME_KEY_OPERANDS = {"game", "key", "game_key"}


def _system_words() -> set[str]:
    """Every system name, and each hyphen-delimited leading part of one (``omaha``, ``badugi-ace``)."""
    words: set[str] = set()
    for key in RANKING_SYSTEMS:
        parts = key.split("-")
        for i in range(1, len(parts) + 1):
            words.add("-".join(parts[:i]))
            words.add("-".join(parts[:i]) + "-")
    return words


WORDS = _system_words()


def _constants(node: ast.AST) -> list[str]:
    """The string constants a comparison operand stands for (itself, or the items of a literal)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [s for elt in node.elts for s in _constants(elt)]
    return []


def _last_name(node: ast.AST) -> str:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    return ""


def name_tests(source: str, filename: str = "<source>") -> list[str]:
    """Each place ``source`` tests a system's name, as ``"line: code"``.

    >>> name_tests('if p.system.startswith("omaha"): pass')[0].startswith('1: p.system.startswith(')
    True
    >>> name_tests('x = system.uses_board')
    []
    """
    tree = ast.parse(source, filename)
    found: list[str] = []
    for node in ast.walk(tree):
        hit = False
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if not any(_last_name(o) in GAME_KEY_OPERANDS for o in operands):
                hit = any(c in WORDS for o in operands for c in _constants(o))
        elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
              and node.func.attr in ("startswith", "endswith")):
            hit = any(c in WORDS for a in node.args for c in _constants(a))
        elif isinstance(node, (ast.Name, ast.Attribute)):
            hit = _last_name(node) in NAME_TABLES
        elif isinstance(node, ast.alias):
            hit = node.name in NAME_TABLES
        if hit:
            found.append(f"{getattr(node, 'lineno', '?')}: "
                         f"{ast.unparse(node) if not isinstance(node, ast.alias) else node.name}")
    return found


def _modules() -> list[Path]:
    return sorted(p for p in GAMELIB.rglob("*.py") if p.relative_to(GAMELIB).parts[0] not in ALLOWED)


@pytest.mark.parametrize("path", _modules(), ids=lambda p: str(p.relative_to(GAMELIB)))
def test_no_system_name_tests(path: Path) -> None:
    found = name_tests(path.read_text(encoding="utf-8"), str(path))
    assert not found, (f"{path.relative_to(GAMELIB.parent)} tests a ranking system's name; ask the system "
                       f"(gamelib.rankings.system(name).uses_board, .is_low, ...) instead:\n" + "\n".join(found))


@pytest.mark.parametrize("code", [
    'if p.system.startswith("omaha"): pass',
    'if p.system.startswith("badugi"): pass',
    'ok = system == "low8"',
    'ok = "omaha-high" not in systems',
    'ok = p.system in ("high", "omaha-high")',
    'ok = s in {"27-low", "badugi-ace-high"}',
    'from ..rankings import OMAHA_SYSTEMS',
    'ok = s in rankings.OMAHA_SYSTEMS',
    'ps = rankings._PATTERN.get(s)',
])
def test_the_scan_finds_name_tests(code: str) -> None:
    assert name_tests(code)


@pytest.mark.parametrize("code", [
    'ok = rankings.system(p.system).uses_board',
    'ok = line.startswith("*** ")',
    'ok = p.name.startswith("board")',
    'ok = outcome.startswith("fold")',
    'ok = key == "crazy4"',  # a game key: the game-key test's business
    'd = {"high": 1}',
])
def test_the_scan_passes_other_code(code: str) -> None:
    assert not name_tests(code)


def test_the_words_cover_the_families() -> None:
    assert {"omaha", "badugi", "badugi-ace", "high", "low8", "27-low", "three-card"} <= WORDS
