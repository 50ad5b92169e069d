"""An online backup of the SQLite records, safe against an operator's slip.

:func:`backup_sqlite` copies the database with SQLite's online backup API while the trainer
runs (one read transaction: a consistent copy of every committed answer, writers not held up)
into a new file beside the target, checks it, makes it a single self-contained file (rollback
journal, not WAL) and only then gives it the target's name; the copy, like the database, is
readable and writable by its owner only (mode 0600, made by :func:`tempfile.mkstemp`). It
refuses (:class:`BackupError`) a target that is the live database or one of its files
(``-wal``, ``-shm``, ``-journal``, the writers' ``.lock``: copying a database onto itself loses
the answers written meanwhile), a folder that does not exist, a folder as the target, a device
or anything else that is not a regular file, and an existing file unless ``replace=True`` (then
the old copy is replaced in one step, never left half-written). A full disk or another write
error removes the partial copy and raises :class:`OSError` or :class:`sqlite3.Error`.

>>> import tempfile
>>> d = Path(tempfile.mkdtemp()); con = sqlite3.connect(d / "a.db"); _ = con.execute("create table t(x)")
>>> con.commit(); con.close(); backup_sqlite(d / "a.db", d / "b.db") > 0
True
>>> backup_sqlite(d / "a.db", d / "a.db-wal")  # doctest: +NORMALIZE_WHITESPACE
Traceback (most recent call last):
...
gamelib.trainer.records.backup.BackupError: the backup target ...a.db-wal is one of the live database's own files
(a.db, a.db-wal, a.db-shm, a.db-journal, a.db.lock): copying the database onto itself loses the answers written
meanwhile; name a new file elsewhere, e.g. /backups/trainer-2026-11-27.sqlite3
"""

from __future__ import annotations

import os
import sqlite3
import stat
import tempfile
from pathlib import Path

from ...errors import GameError

__all__ = ["BackupError", "backup_sqlite", "live_files"]

_EXAMPLE = "/backups/trainer-2026-11-27.sqlite3"


class BackupError(GameError):
    """The backup's source or target is not one it may use (see the module docstring)."""


def live_files(database: Path) -> list[Path]:
    """The database and the files SQLite and the trainer keep beside it while it is in use.

    >>> [p.name for p in live_files(Path("/srv/trainer.sqlite3"))]
    ['trainer.sqlite3', 'trainer.sqlite3-wal', 'trainer.sqlite3-shm', 'trainer.sqlite3-journal', 'trainer.sqlite3.lock']
    """
    return [database] + [database.with_name(database.name + s) for s in ("-wal", "-shm", "-journal", ".lock")]


def _check_target(database: Path, target: Path, replace: bool) -> Path:
    """``target`` as an absolute path, once it is known to be a file the backup may write."""
    target = Path(os.path.abspath(target.expanduser()))
    live = live_files(database.resolve())
    names = ", ".join(p.name for p in live)
    same = target.resolve() in live
    if not same and target.exists():
        same = any(p.exists() and os.path.samefile(p, target) for p in live)
    if same:
        raise BackupError(f"the backup target {target} is one of the live database's own files ({names}): copying "
                          "the database onto itself loses the answers written meanwhile; name a new file elsewhere, "
                          f"e.g. {_EXAMPLE}")
    folder = target.parent
    if not folder.is_dir():
        raise BackupError(f"the backup's folder {folder} "
                          + ("is not a folder" if folder.exists() else "does not exist")
                          + f"; make the folder first (mkdir -p {folder}) or name a file in an existing folder")
    if target.is_dir():
        raise BackupError(f"the backup target {target} is a folder; name the backup file in it, "
                          f"e.g. {target / 'trainer-2026-11-27.sqlite3'}")
    if target.exists() or target.is_symlink():
        mode = os.lstat(target).st_mode
        if not stat.S_ISREG(mode) or target.is_symlink():
            raise BackupError(f"the backup target {target} is not a regular file (a device, a pipe or a link); "
                              "name a new file")
        if not replace:
            raise BackupError(f"the backup target {target} exists already; name a new file, or add --replace to "
                              "overwrite it")
    return target


def backup_sqlite(database: Path, target: Path, replace: bool = False) -> int:
    """Copy the SQLite database ``database`` to ``target`` (see the module docstring); the
    number of pages copied."""
    if not database.is_file():
        raise BackupError(f"no SQLite database at {database}: the trainer has not made one there yet "
                          "(`python -m gamelib.trainer.records where` shows the database in use)")
    target = _check_target(database, target, replace)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".partial", dir=target.parent)
    os.close(fd)
    partial = Path(name)
    try:
        src = sqlite3.connect(f"{database.resolve().as_uri()}?mode=rw", uri=True)  # never creates a database
        try:
            dst = sqlite3.connect(partial)
            try:
                src.backup(dst)  # one step: one read transaction, a consistent copy
                pages = int(dst.execute("PRAGMA page_count").fetchone()[0])
                dst.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
                check = dst.execute("PRAGMA quick_check").fetchone()[0]
                if check != "ok":
                    raise sqlite3.DatabaseError(f"the copy failed its check: {check}")
            finally:
                dst.close()
        finally:
            src.close()
        with open(partial, "rb") as fh:
            os.fsync(fh.fileno())
        if replace:
            os.replace(partial, target)
        else:
            try:
                os.link(partial, target)  # never overwrites a file made meanwhile
            except FileExistsError as err:
                raise BackupError(f"the backup target {target} was made by someone else meanwhile; "
                                  "name a new file") from err
            partial.unlink()
        dir_fd = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)
        return pages
    finally:
        for leftover in (partial, partial.with_name(partial.name + "-journal")):
            leftover.unlink(missing_ok=True)
