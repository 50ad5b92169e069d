"""When the records cannot be reached: what a trainee reads, what the operator's log gets, and
the two guards of a SQLite file that keep an answer from being shown as stored when it is not.

* :class:`RecordsUnavailable` -- the records could not be read or written just now (the database
  busy, out of reach, damaged, or its file deleted or replaced): nothing was stored. Its message
  is one plain sentence for the page; the driver's own text (a SQL statement, a socket path) goes
  to the log ``gamelib.trainer.records`` (:func:`unavailable`).
* :class:`FileWatch` -- the SQLite file a store opened, by device and inode: checked before and
  after every read and write, so that a file deleted or replaced while the trainer runs stops
  every write at once (SQLite itself would go on writing to the deleted file, and every answer
  written there is lost when the store closes).
* :func:`timed_flock` -- the writers' queue lock, given up after a time limit like SQLite's own
  busy timeout (a stuck process holding it never makes **Check** wait without end).

>>> unavailable(OSError("disk I/O error at /srv/x"), "written").args[0]
'the records cannot be written just now: nothing was saved; try again in a moment (the details are in the server log)'
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from sqlalchemy import exc as sa_exc

from ...errors import GameError

__all__ = ["RecordsUnavailable", "FileWatch", "file_id", "timed_flock", "unavailable", "transient", "log"]

#: The operator's log: the detail of every failure a trainee reads as one sentence.
log = logging.getLogger("gamelib.trainer.records")


class RecordsUnavailable(GameError):
    """The records could not be read or written just now: nothing was stored (see the module
    docstring). Not a refusal of the input: the same answer may be tried again."""


def transient(err: BaseException) -> bool:
    """Whether ``err`` means the database could not be reached or used (as opposed to a refusal
    or a bug): a driver's operational error, a damaged file, a lost connection, a pool or lock
    timeout, an operating-system error.

    >>> transient(sa_exc.OperationalError("BEGIN", {}, Exception("database is locked"))), transient(KeyError(1))
    (True, False)
    """
    if isinstance(err, (sa_exc.OperationalError, sa_exc.InterfaceError, sa_exc.TimeoutError, OSError)):
        return True
    return type(err) is sa_exc.DatabaseError  # "file is not a database", "disk image is malformed"


def unavailable(err: BaseException, doing: str = "written") -> RecordsUnavailable:
    """The plain sentence for a transient failure ``err`` (the records could not be ``doing``:
    "written" or "read"), with ``err`` itself logged for the operator.

    >>> unavailable(sa_exc.OperationalError("BEGIN IMMEDIATE", {}, Exception("database is locked"))).args[0][:60]
    'the records are busy (another writer is holding them): nothi'
    """
    log.error("the training records could not be %s: %s", doing, err, exc_info=err)
    text = str(err).lower()
    nothing = "nothing was saved" if doing == "written" else "nothing was changed"
    if "locked" in text or "busy" in text or isinstance(err, (sa_exc.TimeoutError, TimeoutError)):
        why = f"the records are busy (another writer is holding them): {nothing}; try again"
    elif "not a database" in text or "malformed" in text:
        why = (f"the records database is damaged or is not the trainer's: {nothing}; tell the operator "
               "(the details are in the server log)")
    else:
        why = (f"the records cannot be {doing} just now: {nothing}; try again in a moment "
               "(the details are in the server log)")
    return RecordsUnavailable(why)


def file_id(path: Path) -> tuple[int, int] | None:
    """The file at ``path`` by (device, inode); ``None`` when there is none.

    >>> file_id(Path("/no/such/file")) is None
    True
    """
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return st.st_dev, st.st_ino


@dataclass
class FileWatch:
    """The SQLite file a store opened (``path``, and ``opened``: its (device, inode) then).
    :meth:`check` raises :class:`RecordsUnavailable` once the file at ``path`` is gone or another;
    from then on the store is lost for good (``lost`` says why): it must be opened again."""

    path: Path
    opened: tuple[int, int] | None = None
    lost: str = ""
    #: The opened file, held open while the store is: a deleted file's inode then stays taken, so a
    #: new file made at ``path`` can never reuse its number and pass for it.
    pin: int | None = None

    def hold(self) -> None:
        """Note the file now at ``path`` as the opened one, and hold it open (see ``pin``)."""
        self.release()
        try:
            self.pin = os.open(self.path, os.O_RDONLY | getattr(os, "O_CLOEXEC", 0))
        except OSError:
            self.opened = None
            return
        st = os.fstat(self.pin)
        self.opened = st.st_dev, st.st_ino

    def release(self) -> None:
        """Let go of the held file (when the store closes)."""
        if self.pin is not None:
            os.close(self.pin)
            self.pin = None

    def __del__(self) -> None:
        self.release()

    def check(self) -> None:
        """Refuse when the file under the store is not the one it opened.

        >>> import tempfile; p = Path(tempfile.mkdtemp()) / "t.sqlite3"; _ = p.write_bytes(b"")
        >>> w = FileWatch(p); w.hold(); w.check(); p.unlink(); _ = p.write_bytes(b"")
        >>> w.check()  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        gamelib.trainer.records.availability.RecordsUnavailable: the records database was deleted or replaced while
        the trainer was running: nothing was saved, and nothing will be until the trainer is restarted (the details
        are in the server log)
        """
        if not self.lost and self.opened is not None:
            now = file_id(self.path)
            if now != self.opened:
                self.lost = "deleted" if now is None else "replaced by another file"
                log.error("the training records database %s was %s while the trainer was running: every read and "
                          "write is refused until the trainer is restarted (any answer written to the old file "
                          "since is lost; restore the latest backup if the file was deleted by mistake)",
                          self.path, self.lost)
        if self.lost:
            raise RecordsUnavailable("the records database was deleted or replaced while the trainer was running: "
                                     "nothing was saved, and nothing will be until the trainer is restarted "
                                     "(the details are in the server log)")


def _open_lock(path: Path) -> IO[bytes]:
    """The lock file ``path``, opened for appending (made with mode 0600 when missing: a user who
    could open it could hold the lock)."""
    return os.fdopen(os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND, 0o600), "a+b")


def timed_flock(path: Path, timeout: float) -> IO[bytes] | None:
    """Open ``path`` and take an exclusive ``flock`` on it within ``timeout`` seconds: the open
    file, holding the lock (unlock by closing it), or ``None`` when the time ran out.

    A waiting writer wakes the moment the lock is free (a thread waits in ``flock``, where a
    loop of tries would sleep in steps); a wait given up leaves that thread to take the lock
    and drop it at once.

    >>> import tempfile; p = Path(tempfile.mkdtemp()) / "q.lock"
    >>> a = timed_flock(p, 1); b = timed_flock(p, 0.05); a is not None, b is None
    (True, True)
    >>> a.close(); c = timed_flock(p, 1); c is not None
    True
    """
    fh = _open_lock(path)
    try:
        fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        return fh
    except BlockingIOError:
        fh.close()
    except BaseException:
        fh.close()
        raise
    got: list[IO[bytes]] = []
    failed: list[BaseException] = []
    given_up = threading.Event()
    done = threading.Event()
    mutex = threading.Lock()

    def wait() -> None:
        try:
            f = _open_lock(path)
            fcntl.flock(f, fcntl.LOCK_EX)
        except BaseException as err:  # handed to the caller
            failed.append(err)
            done.set()
            return
        with mutex:
            if given_up.is_set():
                f.close()  # nobody waits for it any more: let the next writer in
            else:
                got.append(f)
        done.set()

    threading.Thread(target=wait, name="gamelib-records-queue", daemon=True).start()
    done.wait(timeout)
    with mutex:
        if got:
            return got[0]
        given_up.set()
    if failed:
        raise failed[0]
    return None
