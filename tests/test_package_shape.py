"""The shape of ``gamelib`` a newcomer meets: no module over 550 lines, no folder where a family
of modules sharing a name prefix has grown past twelve instead of becoming a sub-package with a
front door (``analysis/odds/``, ``widgets/banked/``), and no public function over 60 lines of
code (an entry function reads as the steps it takes). Run as a script, it prints the functions
over the limit (``.venv/bin/python tests/test_package_shape.py``)."""

from __future__ import annotations

import ast
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "gamelib"
MAX_LINES = 550
MAX_FAMILY = 12
MAX_FUNCTION_LINES = 60


def long_modules(root: Path, limit: int = MAX_LINES) -> list[tuple[str, int]]:
    """Every module under ``root`` longer than ``limit`` lines, with its length."""
    out = []
    for path in sorted(root.rglob("*.py")):
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > limit:
            out.append((str(path.relative_to(root)), n))
    return out


def crowded_families(root: Path, limit: int = MAX_FAMILY) -> list[tuple[str, str, int]]:
    """``(folder, prefix, count)`` for each folder holding more than ``limit`` modules whose names
    share the prefix before the first ``_`` (``odds_deals.py`` and ``odds_draws.py`` share ``odds``)."""
    out = []
    for folder in sorted({p.parent for p in root.rglob("*.py")} | {root}):
        names = [p.stem for p in folder.glob("*.py") if p.stem != "__init__" and "_" in p.stem.strip("_")]
        for prefix, count in sorted(Counter(n.strip("_").split("_")[0] for n in names).items()):
            if count > limit:
                out.append((str(folder.relative_to(root.parent)), prefix, count))
    return out


def code_lines(source_lines: list[str], node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The lines of code of a function's body: after its docstring, blank and comment-only lines
    not counted."""
    body = node.body
    first = body[0]
    start = first.lineno
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        start = (first.end_lineno or first.lineno) + 1
    lines = source_lines[start - 1:node.end_lineno]
    return sum(1 for line in lines if line.strip() and not line.strip().startswith("#"))


def long_functions(root: Path, limit: int = MAX_FUNCTION_LINES) -> list[tuple[str, int]]:
    """``(where, lines)`` for every public function or method under ``root`` (its name and those of
    the classes and functions around it not starting with ``_``; dunder methods count as public)
    with more than ``limit`` lines of code."""
    out = []

    def public(name: str) -> bool:
        return not name.startswith("_") or (name.startswith("__") and name.endswith("__"))

    def visit(node: ast.AST, where: str, outer_public: bool, source_lines: list[str]) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                is_public = outer_public and public(child.name)
                name = f"{where}{child.name}"
                if not isinstance(child, ast.ClassDef) and is_public:
                    n = code_lines(source_lines, child)
                    if n > limit:
                        out.append((f"{name} (line {child.lineno})", n))
                visit(child, name + ".", is_public, source_lines)

    for path in sorted(root.rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        visit(ast.parse(source), f"{path.relative_to(root.parent)}: ", True, source.splitlines())
    return out


def test_no_public_function_is_over_60_lines_of_code() -> None:
    too_long = long_functions(ROOT)
    assert not too_long, f"split these into the steps they take (over {MAX_FUNCTION_LINES} lines of code): {too_long}"


def test_the_function_check_counts_code_lines(tmp_path: Path) -> None:
    pkg = tmp_path / "gamelib"
    pkg.mkdir()

    def body(indent: str) -> str:
        return f"{indent}x = 1\n{indent}# a comment\n\n" * 61

    (pkg / "a.py").write_text(f'def f():\n    """Doc."""\n{body("    ")}\ndef _g():\n{body("    ")}\n'
                              f'class C:\n    def __init__(self):\n{body("        ")}')
    found = long_functions(pkg)
    assert [n for _, n in found] == [61, 61]
    assert [where.split(" (")[0] for where, _ in found] == ["gamelib/a.py: f", "gamelib/a.py: C.__init__"]
    (pkg / "a.py").write_text("def f():\n" + "    x = 1\n" * 60)
    assert long_functions(pkg) == []


def test_no_module_is_over_550_lines() -> None:
    too_long = long_modules(ROOT)
    assert not too_long, f"split these along their seams (over {MAX_LINES} lines): {too_long}"


def test_no_folder_holds_a_family_of_more_than_12_modules() -> None:
    crowded = crowded_families(ROOT)
    assert not crowded, f"make these families sub-packages with a front door: {crowded}"


@pytest.mark.parametrize("count, ok", [(12, True), (13, False)])
def test_the_family_check_counts_a_prefix(tmp_path: Path, count: int, ok: bool) -> None:
    pkg = tmp_path / "gamelib" / "analysis"
    pkg.mkdir(parents=True)
    for i in range(count):
        (pkg / f"odds_part{i}.py").write_text("")
    (pkg / "cache.py").write_text("")
    assert (not crowded_families(tmp_path / "gamelib")) == ok


def test_the_length_check_counts_lines(tmp_path: Path) -> None:
    (tmp_path / "a.py").write_text("x = 1\n" * 551)
    (tmp_path / "b.py").write_text("x = 1\n" * 550)
    assert long_modules(tmp_path) == [("a.py", 551)]


if __name__ == "__main__":
    found = long_functions(ROOT)
    print("\n".join(f"{n:4d}  {where}" for where, n in found) + f"\n{len(found)} public functions over "
          f"{MAX_FUNCTION_LINES} lines of code")
    sys.exit(1 if found else 0)
