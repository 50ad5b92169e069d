"""The parameters of ``gamelib`` typed ``Any``: no more than the committed ceiling, and each says why.

``mypy --strict`` accepts ``Any`` anywhere, and every parameter typed ``Any`` switches the type
checker off for what a caller passes. This test reads every module of ``gamelib`` with
:mod:`ast` and counts the function parameters (positional, keyword-only, ``*args`` and
``**kwargs``) whose annotation mentions ``Any`` anywhere (``Any``, ``Optional[Any]``,
``Sequence[Any]``, ``Callable[..., Any]``, ``typing.Any``, the same inside a string annotation,
or a module-level type alias of ``gamelib`` that mentions ``Any``, such as
``Loose = Union[str, Sequence[Any]]``), once per parameter.

* ``test_any_parameters_stay_under_the_ceiling`` fails when the count goes above ``CEILING``.
  Lower ``CEILING`` when a change removes some (the failure message of the check below prints
  the count); raising it needs a reason in the commit.
* ``test_every_any_parameter_says_why``: every parameter that stays ``Any``, in every module of
  ``gamelib``, says why in a comment mentioning ``Any`` (``# Any: ipywidgets passes an untyped
  change dict``) on a line of the function's signature (from the ``def`` to the colon that ends
  it) or on the comment lines directly above the ``def`` or its decorators. ``object`` is the
  type of a parameter that may be anything and is checked by the function itself (a validator of
  user input), and a Protocol or a concrete class the type of one that needs only some methods
  or attributes, so ``Any`` is left for values whose type cannot be written (the untyped
  ipywidgets and traitlets objects) or for the few places named in their comment.

Measure by hand with ``.venv/bin/python tests/test_any_params.py`` (the total, then per file).
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMELIB = ROOT / "gamelib"

#: The most parameters typed ``Any`` that ``gamelib`` may have: 11, each with its reason in its
#: comment (ipywidgets change dicts and controls, options passed on untyped to jupyter_server and
#: jupyter_client, and a handhistory ``Violation`` its module cannot import without an import cycle).
CEILING = 11


@dataclass(frozen=True)
class AnyParameter:
    path: str  # relative to the repository
    line: int  # the def's line
    function: str
    parameter: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line} {self.function}({self.parameter})"


def mentions_any(node: ast.AST, aliases: frozenset[str] = frozenset()) -> bool:
    """Whether an annotation mentions ``Any`` anywhere (a string annotation is parsed too), or
    one of ``aliases`` (names of type aliases that do)."""
    for n in ast.walk(node):
        if isinstance(n, ast.Name) and (n.id == "Any" or n.id in aliases):
            return True
        if isinstance(n, ast.Attribute) and (n.attr == "Any" or n.attr in aliases):
            return True
        if isinstance(n, ast.Constant) and isinstance(n.value, str):
            try:
                inner = ast.parse(n.value, mode="eval")
            except SyntaxError:
                continue
            if mentions_any(inner, aliases):
                return True
    return False


def _alias_values(tree: ast.Module) -> dict[str, ast.expr]:
    """The module-level assignments that look like type aliases: ``Name = <subscript, union,
    name or attribute>`` or ``Name: TypeAlias = ...``."""
    out: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            if isinstance(node.value, (ast.Subscript, ast.BinOp, ast.Name, ast.Attribute)):
                out[node.targets[0].id] = node.value
        elif (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name) and node.value is not None
              and "TypeAlias" in ast.unparse(node.annotation)):
            out[node.target.id] = node.value
    return out


def any_aliases() -> frozenset[str]:
    """The names of the type aliases in ``gamelib`` that mention ``Any`` (directly or through
    another such alias)."""
    values: dict[str, ast.expr] = {}
    for m in modules():
        values.update(_alias_values(ast.parse(m.read_text(encoding="utf-8"))))
    found: frozenset[str] = frozenset()
    while True:
        more = frozenset(name for name, value in values.items() if mentions_any(value, found))
        if more == found:
            return found
        found = more


def _parameters(f: ast.FunctionDef | ast.AsyncFunctionDef) -> list[ast.arg]:
    a = f.args
    return [*a.posonlyargs, *a.args, *a.kwonlyargs, *([a.vararg] if a.vararg else []),
            *([a.kwarg] if a.kwarg else [])]


def _functions(tree: ast.AST) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    return [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]


def any_parameters(path: Path, aliases: frozenset[str] = frozenset()) -> list[AnyParameter]:
    """Every parameter of every function in ``path`` whose annotation mentions ``Any``."""
    rel = path.relative_to(ROOT).as_posix()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return [AnyParameter(rel, f.lineno, f.name, arg.arg)
            for f in _functions(tree) for arg in _parameters(f)
            if arg.annotation is not None and mentions_any(arg.annotation, aliases)]


def modules() -> list[Path]:
    return sorted(GAMELIB.rglob("*.py"))


def all_any_parameters() -> list[AnyParameter]:
    aliases = any_aliases()
    return [p for m in modules() for p in any_parameters(m, aliases)]


def _comment_lines(source: str) -> dict[int, str]:
    """Line number -> the text of the comment on that line."""
    out: dict[int, str] = {}
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            out[tok.start[0]] = tok.string
    return out


def unexplained(path: Path, aliases: frozenset[str] = frozenset()) -> list[AnyParameter]:
    """The ``Any`` parameters of ``path`` whose function carries no comment mentioning ``Any``
    on its signature's lines or on the comment lines directly above it."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    comments = _comment_lines(source)
    tree = ast.parse(source)
    rel = path.relative_to(ROOT).as_posix()
    out = []
    for f in _functions(tree):
        params = [arg for arg in _parameters(f)
                  if arg.annotation is not None and mentions_any(arg.annotation, aliases)]
        if not params:
            continue
        first = min([f.lineno, *(d.lineno for d in f.decorator_list)])
        # The signature ends on the line before the body's first statement (a docstring included),
        # or on the def's last line for a one-line function.
        last = max(f.lineno, f.body[0].lineno - 1) if f.body[0].lineno > f.lineno else f.lineno
        span = list(range(first, last + 1))
        above = first - 1
        while above >= 1 and lines[above - 1].strip().startswith("#"):
            span.append(above)
            above -= 1
        if not any("Any" in comments.get(n, "") for n in span):
            out.extend(AnyParameter(rel, f.lineno, f.name, arg.arg) for arg in params)
    return out


def test_counting_reads_annotations():
    source = '''
from typing import Any, Optional, Sequence, TypeAlias, TypeVar
import typing
Loose = Union[str, Sequence[Any]]
Looser: TypeAlias = "Optional[Loose]"
Tight = Union[str, Sequence[int]]
T = TypeVar("T")
def f(a: Any, b: Optional[Any], c: Sequence[Any], *d: Any, e: "dict[str, Any]", **g: typing.Any) -> Any:
    x: Any = 1
def h(a: int, b: object, c: "Sequence[int]", t: Tight, u: T) -> Any: ...
def k(a: Loose, b: list[Looser], c: "Loose") -> None: ...
'''
    tree = ast.parse(source)
    values = _alias_values(tree)
    assert set(values) == {"Loose", "Looser", "Tight"}
    aliases = frozenset({"Loose", "Looser"})
    assert {name for name, v in values.items() if mentions_any(v, frozenset({"Loose"}))} == aliases
    counted = [arg.arg for f in _functions(tree) for arg in _parameters(f)
               if arg.annotation is not None and mentions_any(arg.annotation, aliases)]
    assert counted == ["a", "b", "c", "e", "d", "g", "a", "b", "c"]


def test_a_reason_is_a_comment_on_the_signature_or_above_it(tmp_path):
    module = tmp_path / "m.py"
    module.write_text('''from typing import Any
def said(x: Any) -> None:  # Any: an ipywidgets change
    pass
# Any: the inputs are ipywidgets controls.
@staticmethod
def above(x: Any,
          y: int) -> None:
    """Its docstring."""
def silent(x: Any) -> None:
    """Any word in a docstring is not a reason."""
def later(x: Any) -> None:
    y = 1  # Any: too late, this is the body
''')
    global ROOT
    saved, ROOT = ROOT, tmp_path
    try:
        assert [(p.function, p.parameter) for p in unexplained(module)] == [("silent", "x"), ("later", "x")]
    finally:
        ROOT = saved


def test_any_parameters_stay_under_the_ceiling():
    found = all_any_parameters()
    per_file = Counter(p.path for p in found)
    table = "\n".join(f"  {n:3d} {path}" for path, n in per_file.most_common())
    assert len(found) <= CEILING, (
        f"{len(found)} parameters of gamelib are typed Any, more than the ceiling of {CEILING}:\n{table}")


def test_every_any_parameter_says_why():
    aliases = any_aliases()
    missing = [p for m in modules() for p in unexplained(m, aliases)]
    assert not missing, ("parameters typed Any without a comment saying why (# Any: ...) on the signature "
                         "or just above it:\n" + "\n".join(f"  {p}" for p in missing))


if __name__ == "__main__":
    found = all_any_parameters()
    print(f"{len(found)} parameters typed Any in gamelib (ceiling {CEILING})")
    for path, n in Counter(p.path for p in found).most_common():
        print(f"{n:4d} {path}")
