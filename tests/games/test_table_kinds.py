"""Table kinds declared as data: the Big O cash table (R18) and the mixed-game
table (R17) are two ``TableKind`` declarations in ``gamelib/games/table_kinds.py``, read by
``gamelib.engine.table.Table``. No code outside ``gamelib/games/`` decides anything by comparing a
game key, and R17's numbers are written only in the declaration.
"""

from __future__ import annotations

import ast
import json
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from gamelib.engine.table import Rotation, Table
from gamelib.errors import TableError
from gamelib.games.banked import DECLARATIONS as BANKED_DECLARATIONS
from gamelib.games.pot import BIG_O_STRUCTURES, POT_DECLARATIONS, limit_structure
from gamelib.games.table_kinds import BIG_O_CASH_TABLE, MIXED_TABLE, TABLE_KINDS, Spread, TableKind, table_kind_of

REPO = Path(__file__).resolve().parents[2]
GAMELIB = REPO / "gamelib"
DECLARATION = GAMELIB / "games" / "table_kinds.py"
GAME_KEYS = frozenset(POT_DECLARATIONS) | frozenset(BANKED_DECLARATIONS)
R17_NUMBERS = frozenset({MIXED_TABLE.max_forced_bet, MIXED_TABLE.max_purchase_per_hand, MIXED_TABLE.max_entry})


# --- the declarations ------------------------------------------------------------------------

def test_the_two_kinds_say_what_the_rulings_say():
    assert (MIXED_TABLE.max_forced_bet, MIXED_TABLE.max_purchase_per_hand, MIXED_TABLE.max_entry) == (10, 150, 1000)
    assert (MIXED_TABLE.new_seat_ruling, BIG_O_CASH_TABLE.new_seat_ruling) == ("R25", "R24")
    assert BIG_O_CASH_TABLE.cash_out_return and not MIXED_TABLE.cash_out_return
    assert BIG_O_CASH_TABLE.structures == tuple(BIG_O_STRUCTURES.values())
    assert [BIG_O_CASH_TABLE.min_buy_in(s) for s in BIG_O_CASH_TABLE.structures] == [20, 40, 40, 40]
    assert (BIG_O_CASH_TABLE.max_entry, BIG_O_CASH_TABLE.max_purchase_per_hand, BIG_O_CASH_TABLE.max_forced_bet) \
        == (None, None, None)
    assert MIXED_TABLE.spread is Spread.MIXED_RULES and BIG_O_CASH_TABLE.spread is Spread.LISTED
    assert set(TABLE_KINDS.values()) >= {MIXED_TABLE, BIG_O_CASH_TABLE}


def test_which_kind_deals_what():
    assert table_kind_of("big-o") is BIG_O_CASH_TABLE
    assert all(table_kind_of(k) is MIXED_TABLE for k in POT_DECLARATIONS if k != "big-o")
    assert table_kind_of(None) is MIXED_TABLE
    assert Table("big-o").kind is BIG_O_CASH_TABLE and Table("badugi").kind is MIXED_TABLE
    assert Table(Rotation(["badugi", "big-o"], 2)).kind is MIXED_TABLE


def test_the_table_reads_the_declaration():
    """A kind with other money limits changes the table's rules: nothing is typed in the engine."""
    strict = replace(MIXED_TABLE, max_entry=500, max_purchase_per_hand=50, max_forced_bet=2)
    t = Table("badugi")
    t.kind = strict
    with pytest.raises(TableError, match=r"more than \$500 \(R17\)"):
        t.sit(0, "Ann", 501)
    t.sit(0, "Ann", 500)
    with pytest.raises(TableError, match=r"at most \$50 in one hand"):
        t.buy(0, 51)
    from gamelib.engine.table import check_mixed_structure
    with pytest.raises(TableError, match=r"over \$2 \(R17\)"):
        check_mixed_structure(limit_structure(4, 8), strict)


@pytest.mark.parametrize("changes, words", [
    ({"spread": "anything"}, "unknown spread"),
    ({"games": ("no-such-game",)}, "its games are pot games"),
    ({"structures": ()}, "lists them"),
    ({"default_limits": None}, "default lower/higher limits"),
    ({"max_entry": 0}, "max entry is a whole number above 0"),
    ({"max_forced_bet": 2.5}, "max forced bet is a whole number above 0"),
    ({"new_seat_ruling": "seven"}, "ruling number"),
])
def test_a_nonsense_kind_is_refused(changes, words):
    base = BIG_O_CASH_TABLE if "structures" in changes else MIXED_TABLE
    with pytest.raises(TableError, match=words):
        replace(base, **changes)


def test_a_kind_is_a_frozen_declaration():
    with pytest.raises(AttributeError):
        MIXED_TABLE.max_entry = 2000  # type: ignore[misc]
    assert isinstance(MIXED_TABLE, TableKind)


# --- no game key compared outside gamelib/games/ ----------------------------------------------

#: Modules that must hold no game-key comparison at all, pending list or not.
NEVER: tuple[str, ...] = ("engine/", "widgets/rotation.py", "widgets/table_rules.py", "widgets/betting_structures.py",
                          "widgets/dataframe_style.py", "widgets/scripted_hands.py")


def _constants(node: ast.expr) -> list[object]:
    if isinstance(node, ast.Constant):
        return [node.value]
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant)]
    return []


def key_comparisons(source: str) -> Iterator[tuple[int, str]]:
    """(line, comparison) for every ``==``, ``!=``, ``in`` or ``not in`` with a game key as a
    string constant on either side (also in a tuple, list or set), and every ``case "key":``.

    >>> list(key_comparisons("if game == 'big-o' or 'badugi' in ('badugi', 'x'):\\n    pass"))
    [(1, "game == 'big-o'"), (1, "'badugi' in ('badugi', 'x')")]
    """
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            for op, a, b in zip(node.ops, operands, operands[1:], strict=False):  # operands: one more than ops
                if isinstance(op, (ast.Eq, ast.NotEq, ast.In, ast.NotIn)) and any(
                        isinstance(c, str) and c in GAME_KEYS for c in _constants(a) + _constants(b)):
                    yield node.lineno, ast.unparse(node)
                    break
        elif isinstance(node, ast.MatchValue) and isinstance(node.value, ast.Constant) \
                and node.value.value in GAME_KEYS:
            yield node.lineno, f"case {node.value.value!r}"


def _modules() -> Iterator[tuple[str, str]]:
    for path in sorted(GAMELIB.rglob("*.py")):
        rel = path.relative_to(GAMELIB).as_posix()
        if not rel.startswith("games/"):
            yield rel, path.read_text(encoding="utf-8")


def test_the_scanner_finds_what_the_table_used_to_do():
    old = 'self.big_o = game == "big-o"\nif c["game"] != "big-o" and k not in ("big-o",):\n    pass\n'
    assert [line for line, _ in key_comparisons(old)] == [1, 2, 2]


def test_no_game_key_is_compared_outside_the_declarations():
    found = [(rel, line, text) for rel, src in _modules() for line, text in key_comparisons(src)]
    table_kind_code = [f for f in found if f[0].startswith(NEVER)]
    assert not table_kind_code, "a table's behaviour comes from its TableKind, not a key: " + repr(table_kind_code)
    assert not found, ("a game key compared outside gamelib/games/; read the declaration instead "
                            f"(gamelib.games.table_kinds, pot, banked): {found}")


# --- R17's numbers only in the declaration ------------------------------------------------------

#: R17's amounts written as money in a string: "$10", "$150", "$1,000" or "$1000" (not "$2-$10").
R17_MONEY = re.compile(r"(?<![-/\d])\$(?:" + "|".join(sorted({f"{n}" for n in R17_NUMBERS} | {f"{n:,}" for n in
                                                                                               R17_NUMBERS})) +
                       r")(?![\d,/-]|\.\d)")
#: Names, keywords and dictionary keys whose value would be one of R17's limits.
R17_NAME = re.compile(r"forced|entry|enter|purchase|from_dealer|bought|buy|chips|amount|stack|bet|blind", re.I)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for n in ast.walk(tree):
        if isinstance(n, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and n.body:
            first = n.body[0]
            if (isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant)
                    and isinstance(first.value.value, str)):
                out.add(id(first.value))
    return out


def _is_r17(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int and node.value in R17_NUMBERS


def _names(node: ast.expr) -> str:
    return " ".join(n.id if isinstance(n, ast.Name) else n.attr for n in ast.walk(node)
                    if isinstance(n, (ast.Name, ast.Attribute)))


def r17_literals(source: str) -> Iterator[tuple[int, str]]:
    """(line, what) for every place R17's numbers are typed: a money string ("$150"), or a number
    compared with, assigned to or passed as a money amount (``chips > 1000``, ``max_entry=1000``,
    ``{"game": "badugi", "from_dealer": 150}`` for a game of the mixed-game table).

    >>> [w for _, w in r17_literals("if chips > 1000 or seats > 10:\\n    msg = 'at most $150'")]
    ['chips > 1000', "'at most $150'"]
    """
    tree = ast.parse(source)
    docs = _docstrings(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                and R17_MONEY.search(node.value):
            yield node.lineno, repr(node.value)
        elif isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            if any(map(_is_r17, operands)) and R17_NAME.search(" ".join(_names(o) for o in operands)):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None and _is_r17(node.value):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if R17_NAME.search(" ".join(_names(t) for t in targets)):
                yield node.lineno, ast.unparse(node)
        elif isinstance(node, ast.keyword) and node.arg and _is_r17(node.value) and R17_NAME.search(node.arg):
            yield node.value.lineno, ast.unparse(node)
        elif isinstance(node, ast.Dict):
            entries = {k.value: v for k, v in zip(node.keys, node.values, strict=True)
                       if isinstance(k, ast.Constant) and isinstance(k.value, str)}
            game = entries.get("game")
            if isinstance(game, ast.Constant) and game.value in POT_DECLARATIONS:
                kind = table_kind_of(game.value)
                limits = {kind.max_forced_bet, kind.max_purchase_per_hand, kind.max_entry} - {None}
                for key, v in entries.items():
                    if isinstance(v, ast.Constant) and type(v.value) is int and v.value in limits \
                            and R17_NAME.search(key):
                        yield v.lineno, f"{key!r}: {v.value}"


def _notebook_code() -> Iterator[tuple[str, str]]:
    for path in sorted((REPO / "book").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        for i, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
            if cell["cell_type"] == "code":
                lines = "".join(cell["source"]).splitlines()
                yield (f"{path.relative_to(REPO).as_posix()} cell {i}",
                       "\n".join(line for line in lines if not line.lstrip().startswith(("%", "!"))))


def test_the_r17_scanner_finds_what_the_code_used_to_type():
    old_widget = 'rule = "No entry above $1,000 and no more than $150 bought from the dealer in one hand."'
    old_constants = "MAX_FORCED_BET = 10\nMAX_PURCHASE_PER_HAND = 150\nMAX_ENTRY = 1000\n"
    old_cases = '[{"game": "badugi", "amount": 1000}, {"game": "stud8", "amount": 4, "from_dealer": 150}]'
    assert len(list(r17_literals(old_widget))) == 1
    assert len(list(r17_literals(old_constants))) == 3
    assert len(list(r17_literals(old_cases))) == 2
    big_o_case = '{"game": "big-o", "amount": 150, "cashed_out": 150}'  # R18, not R17
    assert not list(r17_literals(big_o_case))


def test_r17_numbers_are_typed_only_in_the_declaration():
    assert list(r17_literals(DECLARATION.read_text(encoding="utf-8"))), "the declaration itself holds R17's numbers"
    found = [(rel, line, what) for rel, src in _modules() for line, what in r17_literals(src)]
    found += [(path.relative_to(REPO).as_posix(), line, what) for path in sorted((GAMELIB / "games").glob("*.py"))
              if path != DECLARATION for line, what in r17_literals(path.read_text(encoding="utf-8"))]
    found += [(where, line, what) for where, src in _notebook_code() for line, what in r17_literals(src)]
    assert not found, f"R17's numbers retyped; read gamelib.games.table_kinds.MIXED_TABLE instead: {found}"
