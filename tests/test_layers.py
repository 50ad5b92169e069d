"""The layer order of ``gamelib`` (DESIGN.md, gamelib/ARCHITECTURE.md): no import cycles, and every
import goes downward.

The import graph is read from the source with :mod:`ast`: every ``import`` and ``from ... import``
anywhere in a module (at module level, inside functions and methods, under ``if TYPE_CHECKING``),
with relative imports resolved. ``from pkg import name`` is an edge to ``pkg.name`` when that is a
module of ``gamelib``, else to ``pkg``. Importing ``gamelib.x.y`` also runs the package
``__init__`` files above it; those implicit edges are not counted (every module would otherwise
import ``gamelib``).

Layers, from the bottom (imported by everything) to the top (imports anything). A module may
import modules of its own layer or of a layer below it; never one above it:

0. foundation: ``errors`` (the exception family), ``amounts`` (whole dollars and exact pays
   from user input) and ``combinatorics`` (binomials, combination arrays): helpers that know no
   card and no game, so the cards layer can use them;
1. ``cards``;
2. ``rankings/``;
3. ``games/``;
4. ``engine/``;
5. ``handhistory/`` (hand records: PHH read, written and replayed through the engine);
6. ``analysis/``;
7. ``trainer/``;
8. ``widgets/``;
9. the package itself: ``gamelib/__init__.py`` (the public face: ``GAMES``, ``get_game``) and
   ``gamelib/__main__.py`` (the command line, with ``json_output.py``, what its ``--json`` prints).
   Nothing inside ``gamelib`` imports them.

A new top-level module fails :func:`test_every_module_has_a_layer` until it is given a layer here.

Inside the three largest layers the folders are ordered too (:data:`FOLDERS`): a module or a
family folder (``analysis/odds/``, ``analysis/par_sheet/``, ``analysis/banked/``,
``widgets/banked/``, ``widgets/trainer/``, ``trainer/records/``) may import its own folder and the
units ranked strictly below it, never one of the same rank or above. So ``par_sheet/`` reads the
banked solvers, the pay-table designer reads the par sheets, and no two sibling families import
each other. A new module or folder in those layers fails
:func:`test_every_unit_has_a_rank_in_its_layer` until it is ranked here.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "gamelib"

LAYERS: dict[str, int] = {
    "errors": 0, "amounts": 0, "combinatorics": 0, "lazy": 0,
    "cards": 1,
    "rankings": 2,
    "games": 3,
    "engine": 4,
    "handhistory": 5,
    "analysis": 6,
    "trainer": 7,
    "widgets": 8,
    "": 9, "__main__": 9, "json_output": 9,
}
#: Inside a layer: each unit (a module, or a family folder) and its rank. A unit imports only
#: itself and units of a lower rank. ``""`` is the layer's own ``__init__`` (its front door).
FOLDERS: dict[str, dict[str, int]] = {
    "analysis": {"cache": 0, "frequencies": 0,
                 "pot_tables": 1, "odds": 1, "banked": 1,
                 "par_sheet": 2,
                 "pay_designer": 3,
                 "": 4},
    "trainer": {"core": 0,
                "drill_base": 1, "export": 1,
                "hand_drills": 2, "banked_drills": 2, "run_game": 2, "replay_drills": 2,
                "drills": 3,
                "session": 4,
                "records": 5, "serving": 5,
                "": 6},
    "widgets": {"cards": 0, "messages": 0, "dataframe_style": 0, "controls": 0, "kernel": 0,
                "figures": 1, "explorer": 1, "scripted_hands": 1, "dispute_desk": 1,
                "pot": 2, "odds": 2, "rotation": 2, "table_rules": 2, "betting_structures": 2, "banked": 2,
                "trainer": 2,
                "": 3},
}
LAYER_NAMES = {0: "foundation", 1: "cards", 2: "rankings", 3: "games", 4: "engine", 5: "handhistory",
               6: "analysis", 7: "trainer", 8: "widgets", 9: "gamelib (top)"}


@dataclass(frozen=True)
class Edge:
    """``source`` imports ``target`` at ``line``."""

    source: str
    target: str
    line: int


def module_names(root: Path, package: str) -> dict[str, Path]:
    """Every module under ``root`` (the folder of ``package``), by dotted name."""
    out: dict[str, Path] = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join([package, *parts])] = path
    return out


def import_graph(root: Path, package: str) -> tuple[dict[str, Path], list[Edge]]:
    """The modules of ``package`` and every import between them (see the module docstring)."""
    modules = module_names(root, package)
    edges: list[Edge] = []
    for name, path in modules.items():
        is_package = path.name == "__init__.py"
        here = name.split(".") if is_package else name.split(".")[:-1]
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base_parts = here[: len(here) - (node.level - 1)]
                    assert base_parts, f"{path}:{node.lineno}: relative import beyond the package"
                    base = ".".join(base_parts + ([node.module] if node.module else []))
                else:
                    base = node.module or ""
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    targets.append(sub if sub in modules else base)
            for target in dict.fromkeys(targets):
                if (target == package or target.startswith(package + ".")) and target != name:
                    edges.append(Edge(name, target, node.lineno))
    return modules, edges


def layer_of(module: str, package: str = "gamelib") -> int | None:
    """The layer number of a module of ``package`` (``None``: not placed in a layer)."""
    parts = module.split(".")[1:]
    return LAYERS.get(parts[0] if parts else "")


def unit_of(module: str) -> tuple[str, str] | None:
    """``(layer folder, unit)`` of a module in a layer with ordered folders (:data:`FOLDERS`)."""
    parts = module.split(".")[1:]
    if not parts or parts[0] not in FOLDERS:
        return None
    return parts[0], parts[1] if len(parts) > 1 else ""


def sideways(edges: list[Edge], folders: Mapping[str, Mapping[str, int]] = FOLDERS) -> list[Edge]:
    """The imports inside a layer that go to a unit of the same rank or above (see :data:`FOLDERS`)."""
    out = []
    for e in edges:
        s, t = unit_of(e.source), unit_of(e.target)
        if s is None or t is None or s[0] != t[0] or s[1] == t[1]:
            continue
        ranks = folders[s[0]]
        if s[1] in ranks and t[1] in ranks and ranks[t[1]] >= ranks[s[1]]:
            out.append(e)
    return out


def cycles(modules: Mapping[str, Path], edges: list[Edge]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), each sorted."""
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for e in edges:
        graph.setdefault(e.source, set()).add(e.target)
        graph.setdefault(e.target, set())
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return sorted(found)


def upward(edges: list[Edge], layer: Callable[[str], int | None]) -> list[Edge]:
    """The imports of a module in a higher layer by a module in a lower one."""
    out = []
    for e in edges:
        s, t = layer(e.source), layer(e.target)
        if s is not None and t is not None and t > s:
            out.append(e)
    return out


def report(modules: Mapping[str, Path], edges: list[Edge], layer: Callable[[str], int | None]) -> list[str]:
    """Every problem in words: each cycle (with the imports that make it) and each upward import."""
    problems = []
    for component in cycles(modules, edges):
        members = set(component)
        inside = sorted({(e.source, e.line, e.target) for e in edges
                         if e.source in members and e.target in members})
        lines = "; ".join(f"{s}:{n} imports {t}" for s, n, t in inside)
        problems.append(f"import cycle among {', '.join(component)} ({lines})")
    for e in sorted(upward(edges, layer), key=lambda e: (e.source, e.line)):
        s, t = layer(e.source), layer(e.target)
        problems.append(f"upward import: {e.source} (line {e.line}, layer {LAYER_NAMES.get(s, s)}) "
                        f"imports {e.target} (layer {LAYER_NAMES.get(t, t)})")
    return problems


# ---- the checks -------------------------------------------------------------------------------
def test_every_module_has_a_layer() -> None:
    modules, _ = import_graph(ROOT, "gamelib")
    unplaced = [m for m in modules if layer_of(m) is None]
    assert not unplaced, f"give these modules a layer in tests/test_layers.py (LAYERS): {unplaced}"


def test_the_graph_is_read() -> None:
    """Guards against a checker that passes because it found nothing: known edges, of each kind."""
    modules, edges = import_graph(ROOT, "gamelib")
    found = {(e.source, e.target) for e in edges}
    assert len(modules) > 40 and len(edges) > 100
    assert ("gamelib.cards", "gamelib.errors") in found  # from .errors import ... (module level)
    assert ("gamelib.analysis.frequencies", "gamelib.rankings") in found  # from .. import rankings
    assert ("gamelib.engine.pot_game", "gamelib.engine.hand") in found  # inside a function


def test_every_unit_has_a_rank_in_its_layer() -> None:
    modules, _ = import_graph(ROOT, "gamelib")
    units = {u for m in modules if (u := unit_of(m)) is not None}
    unranked = sorted(f"{layer}/{unit or '__init__'}" for layer, unit in units if unit not in FOLDERS[layer])
    assert not unranked, f"rank these in tests/test_layers.py (FOLDERS) and gamelib/ARCHITECTURE.md: {unranked}"
    stale = sorted(f"{layer}/{unit}" for layer, ranks in FOLDERS.items() for unit in ranks
                   if unit and (layer, unit) not in units)
    assert not stale, f"FOLDERS names units that no longer exist: {stale}"


def test_folders_inside_a_layer_import_only_lower_ranks() -> None:
    _, edges = import_graph(ROOT, "gamelib")
    wrong = [f"{e.source} (line {e.line}) imports {e.target}"
             for e in sorted(sideways(edges), key=lambda e: (e.source, e.line))]
    assert not wrong, ("an import inside a layer goes sideways or up (tests/test_layers.py FOLDERS):\n  "
                       + "\n  ".join(wrong))


def test_checker_catches_a_sideways_import(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "", "analysis/__init__.py": "",
        "analysis/odds/__init__.py": "", "analysis/odds/calc.py": "from ..banked import solve\n",
        "analysis/banked/__init__.py": "", "analysis/banked/solve.py": "from ..cache import x\n",
        "analysis/par_sheet/__init__.py": "from ..banked import solve\n",
        "analysis/cache.py": "def f():\n    from .par_sheet import y\n",
    })
    _, edges = import_graph(root, "gamelib")
    assert sorted((e.source, e.target) for e in sideways(edges)) == [
        ("gamelib.analysis.cache", "gamelib.analysis.par_sheet"),   # up
        ("gamelib.analysis.odds.calc", "gamelib.analysis.banked.solve"),  # sideways: same rank
    ]


def test_no_cycles_and_imports_only_downward() -> None:
    modules, edges = import_graph(ROOT, "gamelib")
    problems = report(modules, edges, layer_of)
    assert not problems, "gamelib's layer order is broken:\n  " + "\n  ".join(problems)


# ---- the checker catches what it must (so it cannot pass vacuously) ----------------------------
def _package(tmp_path: Path, files: Mapping[str, str]) -> Path:
    root = tmp_path / "gamelib"
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def test_checker_catches_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    root = _package(tmp_path, {
        "__init__.py": "from .engine import x\n",
        "cards.py": "from .errors import E\n",
        "errors.py": "",
        "games/__init__.py": "",
        "games/decl.py": "import gamelib.cards\n",
        "engine/__init__.py": "",
        "engine/run.py": "from ..games import decl\n\ndef f():\n    from ..analysis.tables import t\n",
        "analysis/__init__.py": "",
        "analysis/tables.py": "from ..engine.run import f\nfrom . import more\n",
        "analysis/more.py": "def g():\n    from gamelib.analysis import tables\n",
    })
    modules, edges = import_graph(root, "gamelib")
    assert cycles(modules, edges) == [["gamelib.analysis.more", "gamelib.analysis.tables", "gamelib.engine.run"]]
    assert [(e.source, e.line, e.target) for e in upward(edges, layer_of)] == [
        ("gamelib.engine.run", 4, "gamelib.analysis.tables")]
    problems = report(modules, edges, layer_of)
    assert len(problems) == 2
    assert problems[0].startswith(
        "import cycle among gamelib.analysis.more, gamelib.analysis.tables, gamelib.engine.run")
    assert "gamelib.engine.run:4 imports gamelib.analysis.tables" in problems[0]
    assert problems[1] == ("upward import: gamelib.engine.run (line 4, layer engine) imports "
                           "gamelib.analysis.tables (layer analysis)")


@pytest.mark.parametrize("importer, text, ok", [
    ("rankings/high.py", "from ..cards import RANKS\n", True),
    ("rankings/high.py", "from .. import get_game\n", False),  # the package's own face is the top
    ("cards.py", "from .amounts import is_whole\n", True),
    ("amounts.py", "from .cards import parse_cards\n", False),
    ("widgets/panel.py", "from ..trainer import drills\n", True),
    ("trainer/drills.py", "def f():\n    import gamelib.widgets.panel\n", False),
])
def test_checker_judges_each_direction(tmp_path: Path, importer: str, text: str, ok: bool) -> None:
    files = {"__init__.py": "", "cards.py": "", "amounts.py": "", "rankings/__init__.py": "",
             "trainer/__init__.py": "", "trainer/drills.py": "", "widgets/__init__.py": "",
             "widgets/panel.py": ""}
    files[importer] = text
    modules, edges = import_graph(_package(tmp_path, files), "gamelib")
    assert edges, "the import was not read"
    assert (not upward(edges, layer_of)) == ok
