"""The supervisors' password, tried: a lockout per source that cannot be raced or abused.

Every try is counted in the database, in one write transaction that also reserves it (SQLite's
write lock, ``BEGIN IMMEDIATE``; PostgreSQL's advisory transaction lock), so twenty kernels
trying at once cannot all slip under the limit: the password is checked at most
:data:`LOCKOUT_TRIES` times, and the others are refused without being checked. A try is
reserved as wrong and only marked right once the password is found to be so.

A try's **source** is where it came from: the client's address (the one the trusted proxy
names, see :mod:`gamelib.trainer.serving`) and the account signed in when it was made. Each
is counted on its own: a source with :data:`LOCKOUT_TRIES` wrong tries since its last right one
(within :data:`FORGET_AFTER`) waits :data:`LOCKOUT_WINDOW` after the last of them, twice that
after one more, and so on (at most :data:`FORGET_AFTER`). Tries from other addresses and
accounts are not affected, so nobody can lock the supervisors out by guessing; a supervisor
whom the hub or the proxy vouches for never types the password at all. Refused tries are
logged too (unchecked).

>>> lock_until([], dt.datetime(2026, 11, 27, 9, tzinfo=dt.timezone.utc)) is None
True
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from .database import Database, utc
from .identity import AccessDenied
from .models import SupervisorSignIn, utcnow

__all__ = ["LOCKOUT_TRIES", "LOCKOUT_WINDOW", "FORGET_AFTER", "SignInRecord", "lock_until", "try_password",
           "sign_ins"]

#: Wrong tries a source may make before it must wait.
LOCKOUT_TRIES = 5
#: The first wait; each wrong try after it doubles the wait.
LOCKOUT_WINDOW = dt.timedelta(minutes=15)
#: Wrong tries older than this are forgotten (and no wait is longer).
FORGET_AFTER = dt.timedelta(hours=24)
_PG_LOCK = 13013014  # the advisory lock the reservation holds on PostgreSQL


@dataclass(frozen=True)
class SignInRecord:
    """One try of the supervisors' password: when, the account signed in (or ""), the address,
    and ``right``, ``wrong`` or ``refused`` (not checked: the source had to wait)."""

    at: dt.datetime
    who: str
    address: str
    outcome: str


def lock_until(wrong: Sequence[dt.datetime], now: dt.datetime) -> dt.datetime | None:
    """When a source with these wrong tries (since its last right one, oldest first) may try
    again; ``None`` if it may now.

    >>> t = dt.datetime(2026, 11, 27, 9, tzinfo=dt.timezone.utc)
    >>> [lock_until([t] * n, t) for n in (4, 5, 6)] == [None, t + LOCKOUT_WINDOW, t + 2 * LOCKOUT_WINDOW]
    True
    """
    recent = [w for w in wrong if w > now - FORGET_AFTER]
    if len(recent) < LOCKOUT_TRIES:
        return None
    wait = min(LOCKOUT_WINDOW * 2 ** (len(recent) - LOCKOUT_TRIES), FORGET_AFTER)
    until = max(recent) + wait
    return until if until > now else None


def _wrong_since_right(s: Session, column: str, value: str, now: dt.datetime) -> list[dt.datetime]:
    """The checked wrong tries of the source ``column == value`` since its last right one."""
    col = getattr(SupervisorSignIn, column)
    last_right = s.scalar(select(func.max(SupervisorSignIn.at)).where(col == value, SupervisorSignIn.ok.is_(True)))
    since = now - FORGET_AFTER if last_right is None else max(now - FORGET_AFTER, utc(last_right))
    rows = s.scalars(select(SupervisorSignIn.at).where(
        col == value, SupervisorSignIn.checked.is_(True), SupervisorSignIn.ok.is_(False),
        SupervisorSignIn.at > since).order_by(SupervisorSignIn.at))
    return [utc(t) for t in rows]


def try_password(db: Database, check: Callable[[str], bool], password: str, who: str, address: str) -> bool:
    """Reserve a try for the source (``who``, ``address``) and check ``password`` with ``check``;
    :class:`AccessDenied` (saying until when) without checking it when the source must wait."""
    now = utcnow()
    with db.writing() as s, s.begin():
        if s.get_bind().dialect.name == "postgresql":
            s.execute(select(func.pg_advisory_xact_lock(_PG_LOCK)))
        # each of the address and the account is a source of its own; a try with neither is
        # counted with the others that have neither
        sources = [(c, v) for c, v in (("address", address), ("who", who)) if v] or [("address", "")]
        waits = [lock_until(_wrong_since_right(s, column, value, now), now) for column, value in sources]
        until = max((w for w in waits if w is not None), default=None)
        row = SupervisorSignIn(at=now, who=who, address=address, ok=False, checked=until is None)
        s.add(row)
        s.flush()
        row_id = row.id
    if until is not None:
        raise AccessDenied(f"too many wrong supervisor passwords from here: the password is not accepted until "
                           f"{until:%H:%M} UTC (tries from other places and accounts are not affected; a "
                           "supervisor signed in through JupyterHub or the proxy is not affected)")
    ok = check(password)  # slow on purpose: outside the write lock
    if ok:
        with db.writing() as s, s.begin():
            s.execute(update(SupervisorSignIn).where(SupervisorSignIn.id == row_id).values(ok=True))
    return ok


def sign_ins(db: Database) -> list[SignInRecord]:
    """Every try of the supervisors' password, oldest first."""
    with db.reading() as s:
        return [SignInRecord(utc(r.at), r.who, r.address, "right" if r.ok else "wrong" if r.checked else "refused")
                for r in s.scalars(select(SupervisorSignIn).order_by(SupervisorSignIn.id))]

