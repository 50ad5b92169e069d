"""The supervisors' desk, trainer/supervisor.ipynb: its code, run as Voilà runs it, shows only
the supervisor's sign-in; a wrong password is refused, the right one opens the view; a supervisor
named by the hub is let in at once, and anyone else the hub names gets no trainer here."""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Any

import pytest

from gamelib.trainer.records import hash_password

ROOT = Path(__file__).resolve().parents[2]
PAGE = ROOT / "trainer" / "supervisor.ipynb"


def run_page() -> Any:
    """Run the page's code cells; the value of the last expression (what Voilà would show)."""
    cells = [c for c in json.loads(PAGE.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    tree = ast.parse("\n".join("".join(c["source"]) for c in cells))
    last = tree.body.pop()
    assert isinstance(last, ast.Expr)
    ns: dict[str, Any] = {}
    exec(compile(tree, str(PAGE), "exec"), ns)
    return eval(compile(ast.Expression(last.value), str(PAGE), "eval"), ns)


@pytest.fixture()
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "trainer.toml").write_text(f'supervisor_password = "{hash_password("desk-pw", salt="9")}"\n'
                                           'supervisors = ["floor-jane"]\nauth = "hub"\n', encoding="utf-8")
    monkeypatch.setenv("GAMELIB_DATA", str(tmp_path))
    for var in ("GAMELIB_TRAINER_DB", "GAMELIB_TRAINER_CONFIG", "JUPYTERHUB_USER"):
        monkeypatch.delenv(var, raising=False)
    return tmp_path


def test_only_the_supervisors_sign_in(data: Path) -> None:
    desk = run_page()
    classes = {cls for w in desk.children for cls in w._dom_classes}
    assert classes == {"gl-supervisor-signin"} and desk.records is None
    desk.password.value = "desk"
    desk.supervisor_button.click()
    assert desk.supervisor_view is None and "Not opened" in desk.supervisor_message.value
    desk.password.value = "desk-pw"
    desk.supervisor_button.click()
    assert desk.supervisor_view is not None and desk.children == (desk.supervisor_view,)


def test_the_hub_lets_a_supervisor_in_and_no_one_else(data: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("JUPYTERHUB_USER", "floor-jane")
    assert run_page().supervisor_view is not None
    monkeypatch.setenv("JUPYTERHUB_USER", "dealer-9")
    desk = run_page()
    assert desk.supervisor_view is None and desk.records is None
