"""Front doors only: no module imports an underscore (private) name from another module.

What a sibling needs is public in its module, named for what it is; what starts with ``_`` is
that module's own business, free to change without a search of the tree. Dunder names
(``__version__``) are not private. Run as a script, it prints every such import and their count
(``.venv/bin/python tests/test_front_doors.py``).
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("gamelib", "tests", "deploy", "benchmarks", "trainer", "book/_ext")


def private_imports(source: str) -> list[tuple[int, str, str]]:
    """The imports of ``source`` that take a private name from another module: (line, module, name).

    >>> private_imports("from .deals import _Tally, exact_deals\\nimport os._x\\nfrom x import __all__\\n")
    [(1, '.deals', '_Tally'), (2, 'os._x', '_x')]
    """
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module != "__future__":
            module = "." * node.level + (node.module or "")
            found += [(node.lineno, module, a.name) for a in node.names if is_private(a.name)]
        elif isinstance(node, ast.Import):
            for a in node.names:
                found += [(node.lineno, a.name, part) for part in a.name.split(".")[1:] if is_private(part)]
    return found


def is_private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def every_private_import() -> list[str]:
    return [f"{path.relative_to(ROOT)}:{line}: from {module} import {name}"
            for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
            for line, module, name in private_imports(path.read_text(encoding="utf-8"))]


def test_the_check_finds_a_private_import() -> None:
    assert private_imports("from .question import _question\n") == [(1, ".question", "_question")]
    assert private_imports("import gamelib.cards._table as t\n") == [(1, "gamelib.cards._table", "_table")]
    assert private_imports("from . import cards\nfrom x import __version__\n") == []


def test_no_module_imports_a_private_name_from_another() -> None:
    found = every_private_import()
    assert not found, "\n".join(found)


if __name__ == "__main__":
    found = every_private_import()
    print("\n".join(found + [f"{len(found)} imports of a private name from another module"]))
    sys.exit(1 if found else 0)
