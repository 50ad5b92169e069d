"""The shape of ``gamelib`` a newcomer meets (issue 20): no module over 550 lines, and no folder
where a family of modules sharing a name prefix has grown past twelve instead of becoming a
sub-package with a front door (``analysis/odds/``, ``widgets/banked/``)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1] / "gamelib"
MAX_LINES = 550
MAX_FAMILY = 12


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
