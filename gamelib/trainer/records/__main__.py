"""``python -m gamelib.trainer.records``: look after the training records from a shell.

* ``where``          -- the configuration in force: the database URL (password hidden), the data
  directory, the configuration file;
* ``settings``       -- every setting (``config.SETTINGS``): where it is set, its type, its default
  and what it is for, as the README's table;
* ``upgrade``        -- bring the database's schema to the newest revision (the trainer also does
  it when it opens the records); prints the revision before and after;
* ``hash-password``  -- read a supervisors' password (twice, not echoed) and print the line to put
  in ``trainer.toml``;
* ``backup FILE``    -- copy a SQLite database to the new file ``FILE`` while the trainer runs
  (SQLite's online backup: a consistent copy, writers not held up; ``--replace`` overwrites an
  existing copy). The live database and its own files are refused as the target. For PostgreSQL
  use ``pg_dump``.

Whatever goes wrong is one line on stderr, never a traceback, and the exit code says which kind:
**2** for something to correct (an unknown command, a malformed ``trainer.toml``, a bad
``GAMELIB_TRAINER_DB`` or ``GAMELIB_DATA``, a file that is not a database, an empty password, a
backup target that is the database, a folder, a device, an existing file or in a missing
folder), **1** for an operational failure that may pass (the database server unreachable, the
database busy, a full disk or another write error).
"""

from __future__ import annotations

import argparse
import getpass
import logging
import sqlite3
import sys
from pathlib import Path
from typing import NoReturn

from sqlalchemy.engine import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from ...errors import GameError
from .availability import RecordsUnavailable, log
from .backup import backup_sqlite
from .config import hash_password, load_config, settings_table
from .database import Database, current_revision, sqlite_path, upgrade

__all__ = ["main", "backup_sqlite", "PROG"]

PROG = "python -m gamelib.trainer.records"


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit code 2 (not the usage text)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: {message}; the commands are: where, upgrade, hash-password, backup FILE "
                     "(--help says more)\n")


def _one_line(text: str, limit: int = 400) -> str:
    return " ".join(text.split())[:limit]


def _detail(err: BaseException) -> str:
    """The driver's own first line for an operational error (for the operator, at the shell)."""
    while err.__cause__ is not None:
        err = err.__cause__
    if isinstance(err, DBAPIError) and err.orig is not None:
        err = err.orig
    first = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
    return _one_line(first, 300)


def _password() -> str:
    """The password typed twice (a closed or empty standard input is refused)."""
    if sys.stdin is None or sys.stdin.closed:
        raise GameError("hash-password reads the password from the terminal (or two lines on standard input), "
                        "and standard input is closed")
    ended = GameError("hash-password needs the password typed twice, and standard input ended first")
    if not sys.stdin.isatty():  # piped in: two lines, no prompt and no warning about echoing
        lines = [sys.stdin.readline() for _ in range(2)]
        if not all(line.endswith("\n") for line in lines[:1]) or not lines[1]:
            raise ended
        pw, again = (line.rstrip("\r\n") for line in lines)
    else:
        try:
            pw = getpass.getpass("supervisors' password: ")
            again = getpass.getpass("again: ")
        except EOFError:
            raise ended from None
    if pw != again:
        raise GameError("the two passwords differ; nothing written: type the same password twice")
    return pw


def _run(args: argparse.Namespace) -> int:
    if args.command == "hash-password":
        print(f'supervisor_password = "{hash_password(_password())}"')
        return 0
    if args.command == "settings":
        print(settings_table())
        return 0
    cfg = load_config()
    if args.command == "where":
        print(f"database: {make_url(cfg.url).render_as_string(hide_password=True)}")
        print(f"data directory: {cfg.data_dir}")
        print(f"configuration: {cfg.source}")
        print(f"supervisor password set: {'yes' if cfg.supervisor_password else 'no'}")
        return 0
    if args.command == "upgrade":
        db = Database(cfg.url, migrate=False)
        try:
            if db.notice:
                print(f"{PROG}: warning: {db.notice}", file=sys.stderr)
            before = current_revision(db.engine)
            upgrade(db.engine)
            print(f"schema revision: {before or 'empty'} -> {current_revision(db.engine)}")
        finally:
            db.close()
        return 0
    path = sqlite_path(cfg.url)
    if path is None:
        raise GameError("backup copies a SQLite database file; this trainer's records are in "
                        f"{make_url(cfg.url).get_backend_name()}: use pg_dump (see the README)")
    pages = backup_sqlite(path, args.target, replace=args.replace)
    print(f"copied {path} to {Path(args.target).expanduser()} ({pages} pages)")
    return 0


def main(argv: list[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit code.

    >>> main(["no-such-command"])
    2
    """
    ap = _Parser(prog=PROG, description=__doc__.splitlines()[0] if __doc__ else None)
    sub = ap.add_subparsers(dest="command", required=True, parser_class=_Parser)
    sub.add_parser("where", help="the configuration in force")
    sub.add_parser("settings", help="every setting: where it is set, its type, its default, what it is for")
    sub.add_parser("upgrade", help="bring the schema to the newest revision")
    sub.add_parser("hash-password", help="make the supervisor_password line of trainer.toml")
    b = sub.add_parser("backup", help="copy a SQLite database to a new file while the trainer runs")
    b.add_argument("target", type=Path, help="the new file (not the database itself, nor in a missing folder)")
    b.add_argument("--replace", action="store_true", help="overwrite the target if it exists (a backup file)")
    try:
        args = ap.parse_args(argv)
    except SystemExit as stop:  # --help (0) or a usage error (2, already said in one line)
        return stop.code if isinstance(stop.code, int) else 2
    quiet = logging.NullHandler()  # the records' log lines are for a server's log; here the one line below says it
    log.addHandler(quiet)
    propagate, log.propagate = log.propagate, False
    try:
        return _run(args)
    except RecordsUnavailable as err:
        broken = "not the trainer's" in str(err) or "missing but its write-ahead log" in str(err)
        said = str(err).replace("; tell the operator", "").replace(" (the details are in the server log)", "")
        print(f"{PROG}: {_one_line(said)}" + (f" ({_detail(err)})" if err.__cause__ else ""), file=sys.stderr)
        return 2 if broken else 1
    except GameError as err:
        print(f"{PROG}: {_one_line(str(err))}", file=sys.stderr)
        return 2
    except sqlite3.DatabaseError as err:
        if "not a database" in str(err):
            print(f"{PROG}: the records database is not a SQLite database ({_detail(err)}); point GAMELIB_DATA or "
                  "GAMELIB_TRAINER_DB at the trainer's own", file=sys.stderr)
            return 2
        print(f"{PROG}: {args.command} failed: {_detail(err)}; nothing was changed", file=sys.stderr)
        return 1
    except (OSError, sqlite3.Error, SQLAlchemyError) as err:
        print(f"{PROG}: {args.command} failed: {_detail(err)}; nothing was changed", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted; nothing was changed", file=sys.stderr)
        return 130
    finally:
        log.removeHandler(quiet)
        log.propagate = propagate


if __name__ == "__main__":
    sys.exit(main())
