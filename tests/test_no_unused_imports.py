"""No module imports a name it never uses (dead code the next reader must puzzle over): every name a
module imports at its top is used in it (in code, an annotation, a docstring's example or its
``__all__``), or the import says it is there for others (``re-exported``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FOLDERS = ("gamelib", "deploy", "tests", "benchmarks")


def unused_imports(source: str) -> list[tuple[int, str]]:
    """The top-level imports of ``source`` whose name appears nowhere else in it: (line, name).

    >>> unused_imports("import os\\nfrom sys import argv, path\\nprint(argv)\\n")
    [(1, 'os'), (2, 'path')]
    >>> unused_imports("from .x import y  # re-exported\\n")
    []
    """
    lines = source.splitlines()
    out = []
    for node in ast.parse(source).body:
        if not isinstance(node, (ast.Import, ast.ImportFrom)) or getattr(node, "module", "") == "__future__":
            continue
        text = "\n".join(lines[node.lineno - 1:(node.end_lineno or node.lineno)])
        if "re-exported" in text:
            continue
        for alias in node.names:
            name = (alias.asname or alias.name).split(".")[0]
            if alias.name != "*" and len(re.findall(rf"\b{re.escape(name)}\b", source)) < 2:
                out.append((node.lineno, name))
    return out


def test_no_module_imports_a_name_it_never_uses() -> None:
    assert unused_imports("import os\nfrom sys import argv, path\nprint(argv)\n") == [(1, "os"), (2, "path")]
    found = [f"{path.relative_to(ROOT)}:{line}: {name}"
             for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*.py"))
             for line, name in unused_imports(path.read_text(encoding="utf-8"))]
    assert not found, found
