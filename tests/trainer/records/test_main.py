"""``python -m gamelib.trainer.records`` (gamelib/trainer/records/__main__.py): upgrade, the
password line for trainer.toml, and an online backup of SQLite taken while a writer holds the
database open, read back with sqlite3."""

from __future__ import annotations

import io
import sqlite3
from pathlib import Path

import pytest

from gamelib.trainer import make_drill
from gamelib.trainer.records import Store, check_password, load_config, sign_in
from gamelib.trainer.records.__main__ import main
from gamelib.trainer.records.database import HEAD


def test_upgrade_password_and_backup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("GAMELIB_DATA", str(tmp_path))
    for var in ("GAMELIB_TRAINER_DB", "GAMELIB_TRAINER_CONFIG", "JUPYTERHUB_USER"):
        monkeypatch.delenv(var, raising=False)
    assert main(["upgrade"]) == 0 and f"empty -> {HEAD}" in capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO("felt-and-chips\nfelt-and-chips\n"))  # piped in: two lines
    assert main(["hash-password"]) == 0
    line = capsys.readouterr().out.strip()
    (tmp_path / "trainer.toml").write_text(line + "\n", encoding="utf-8")
    cfg = load_config()
    assert check_password(cfg.supervisor_password, "felt-and-chips")
    store = Store(config=cfg)  # the trainer, running
    me = store.trainee(sign_in(name="Ana"))
    d = make_drill("read-hand", "badugi")
    for seed in range(5):
        q = d.next(seed)
        me.record(d.check(q, q.correct_answer), ms=10)
    assert main(["backup", str(tmp_path / "copy.sqlite3")]) == 0
    con = sqlite3.connect(tmp_path / "copy.sqlite3")
    assert con.execute("SELECT count(*) FROM answers").fetchone()[0] == 5
    assert con.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    con.close()
    store.close()
    monkeypatch.setenv("GAMELIB_TRAINER_DB", "postgresql+psycopg://t:secret@db.example/training")
    assert main(["where"]) == 0 and "secret" not in capsys.readouterr().out
    assert main(["backup", str(tmp_path / "x")]) == 2  # PostgreSQL: use pg_dump, says the one line
