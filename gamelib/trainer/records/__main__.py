"""``python -m gamelib.trainer.records``: look after the training records from a shell.

* ``where``          -- the configuration in force: the database URL (password hidden), the data
  directory, the configuration file;
* ``upgrade``        -- bring the database's schema to the newest revision (the trainer also does
  it when it opens the records); prints the revision before and after;
* ``hash-password``  -- read a supervisors' password (twice, not echoed) and print the line to put
  in ``trainer.toml``;
* ``backup FILE``    -- copy a SQLite database to ``FILE`` while the trainer runs (SQLite's online
  backup: a consistent copy, writers wait a moment at most). For PostgreSQL use ``pg_dump``.
"""

from __future__ import annotations

import argparse
import getpass
import sqlite3
import sys
from pathlib import Path

from sqlalchemy.engine import make_url

from .config import hash_password, load_config
from .database import current_revision, make_engine, upgrade


def backup_sqlite(database: Path, target: Path) -> int:
    """Copy the SQLite database ``database`` to ``target`` with SQLite's online backup; the pages copied.

    >>> import tempfile, os
    >>> d = Path(tempfile.mkdtemp()); con = sqlite3.connect(d / "a.db"); _ = con.execute("create table t(x)")
    >>> con.commit(); con.close(); backup_sqlite(d / "a.db", d / "b.db") > 0
    True
    """
    if not database.is_file():
        raise SystemExit(f"no SQLite database at {database}")
    src = sqlite3.connect(f"file:{database}?mode=ro", uri=True)
    dst = sqlite3.connect(target)
    try:
        src.backup(dst)
        return int(dst.execute("PRAGMA page_count").fetchone()[0])
    finally:
        dst.close()
        src.close()


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring)."""
    ap = argparse.ArgumentParser(prog="python -m gamelib.trainer.records", description=__doc__.splitlines()[0]
                                 if __doc__ else None)
    sub = ap.add_subparsers(dest="command", required=True)
    sub.add_parser("where", help="the configuration in force")
    sub.add_parser("upgrade", help="bring the schema to the newest revision")
    sub.add_parser("hash-password", help="make the supervisor_password line of trainer.toml")
    b = sub.add_parser("backup", help="copy a SQLite database while the trainer runs")
    b.add_argument("target", type=Path)
    args = ap.parse_args(argv)
    cfg = load_config()
    if args.command == "where":
        print(f"database: {make_url(cfg.url).render_as_string(hide_password=True)}")
        print(f"data directory: {cfg.data_dir}")
        print(f"configuration: {cfg.source}")
        print(f"supervisor password set: {'yes' if cfg.supervisor_password else 'no'}")
        return 0
    if args.command == "upgrade":
        engine = make_engine(cfg.url)
        before = current_revision(engine)
        upgrade(engine)
        print(f"schema revision: {before or 'empty'} -> {current_revision(engine)}")
        return 0
    if args.command == "hash-password":
        pw = getpass.getpass("supervisors' password: ")
        if pw != getpass.getpass("again: "):
            print("the two passwords differ; nothing written", file=sys.stderr)
            return 1
        print(f'supervisor_password = "{hash_password(pw)}"')
        return 0
    url = make_url(cfg.url)
    if not url.drivername.startswith("sqlite") or not url.database:
        print("backup copies a SQLite database; for PostgreSQL use pg_dump (see the README)", file=sys.stderr)
        return 1
    pages = backup_sqlite(Path(url.database), args.target)
    print(f"copied {url.database} to {args.target} ({pages} pages)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
