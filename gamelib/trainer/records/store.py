"""The training records store: one database (SQLite by default, PostgreSQL for a casino group)
behind a small repository interface that decides who may read what.

* :class:`Store` opens the database named by the configuration (``config.RecordsConfig.url``,
  see :mod:`.database`: WAL, the writers' queue, the migrations) and hands out the two views below.
* :meth:`Store.trainee` gives a :class:`~.trainee.TraineeRecords`: one trainee's own records. Every
  query it makes is filtered by that trainee; it has no way to name another trainee, and no
  supervisor method. It records an answer (called before the verdict is shown), and sits exams.
* :meth:`Store.supervisor` gives a :class:`~.supervising.SupervisorRecords` only for the
  supervisors' password (from the configuration) or a user the configuration names as a
  supervisor and whom JupyterHub or the proxy vouched for; otherwise it raises
  :class:`AccessDenied`.

Who is answering is :mod:`.identity`'s business; what comes back, :mod:`.rows`'.

>>> from gamelib.trainer.records.identity import sign_in
>>> from gamelib.trainer import make_drill
>>> store = Store("sqlite://")
>>> me = store.trainee(sign_in(employee_no="1041", name="Ana Ruiz"))
>>> d = make_drill("read-hand", "badugi"); q = d.next(3)
>>> me.record(d.check(q, q.correct_answer), ms=2300).correct, len(me.answers())
(True, 1)
"""

from __future__ import annotations

from sqlalchemy import Engine, select, update
from sqlalchemy.exc import IntegrityError

from ...errors import shown
from .accounts import (
    MIN_PASSWORD,
    account_password_ok,
    check_account_name,
    dummy_account_hash,
    hash_account_password,
    no_account_password_ok,
)
from .config import RecordsConfig, check_password, load_config
from .database import BUSY_TIMEOUT_S, Database
from .identity import AccessDenied, Identity, TrainingRecordsError, check_name
from .lockout import try_password
from .models import Trainee, utcnow
from .supervising import SupervisorRecords
from .trainee import TraineeRecords

__all__ = ["Store"]



class Store:
    """The records database (see the module docstring). ``url`` defaults to the configuration's;
    the schema is upgraded to the newest revision when the store opens (``migrate=False`` leaves
    it as it is); a write waits at most ``busy_timeout`` seconds for the database's write lock,
    then is refused (:class:`~.availability.RecordsUnavailable`, nothing stored)."""

    def __init__(self, url: str | None = None, config: RecordsConfig | None = None, migrate: bool = True,
                 busy_timeout: float = BUSY_TIMEOUT_S) -> None:
        self.config = config if config is not None else load_config()
        self.url = url if url is not None else self.config.url
        self.db = Database(self.url, migrate=migrate, busy_timeout=busy_timeout)

    @property
    def engine(self) -> Engine:
        """The database's engine."""
        return self.db.engine

    def close(self) -> None:
        """Close every connection (the data stays)."""
        self.db.close()

    # --- the two views ---------------------------------------------------------------------
    def trainee(self, who: Identity) -> TraineeRecords:
        """The records of ``who`` (made on first sign-in, with the name given then).

        >>> from gamelib.trainer.records.identity import sign_in
        >>> s = Store("sqlite://"); s.trainee(sign_in("Bo")).identity.login
        'name:bo'
        """
        for _ in range(3):
            try:
                with self.db.writing() as db, db.begin():
                    t = db.scalars(select(Trainee).where(Trainee.login == who.login)).first()
                    if t is None:
                        t = Trainee(login=who.login, name=check_name(who.name), employee_no=who.employee_no,
                                    created_at=utcnow())
                        db.add(t)
                        db.flush()
                    # an existing trainee keeps the name on record: a name typed at sign-in never renames
                    # anyone (only a supervisor does, see SupervisorRecords.rename)
                    return TraineeRecords(self.db, t.id, who, t.name or t.login)
            except IntegrityError:  # another process signed the same person in at the same moment
                continue
        raise TrainingRecordsError(f"could not sign in {shown(who.login)}: the database kept refusing; try again")

    def supervisor(self, password: str | None = None, who: Identity | None = None,
                   address: str = "") -> SupervisorRecords:
        """The supervisor's view, for the configured password or a configured supervisor whom the
        hub or the proxy vouched for; :class:`AccessDenied` for anyone else. A password is tried
        under the lockout of :mod:`.lockout` for its source: ``address`` (the client's) and the
        account ``who`` signed in.

        >>> Store("sqlite://").supervisor("guess")  # doctest: +NORMALIZE_WHITESPACE
        Traceback (most recent call last):
        ...
        gamelib.trainer.records.identity.AccessDenied: the supervisor's view needs the supervisors' password (or a
        supervisor's login through JupyterHub or the proxy); no password is configured
        """
        if who is not None and who.vouched and who.name in self.config.supervisors:
            return SupervisorRecords(self.db, who.name)
        stored = self.config.supervisor_password
        if password and stored and try_password(self.db, lambda pw: check_password(stored, pw), password,
                                                who.login if who is not None else "", address):
            return SupervisorRecords(self.db, "supervisor")
        why = ("the password is wrong" if self.config.supervisor_password
               else "no password is configured")
        raise AccessDenied("the supervisor's view needs the supervisors' password (or a supervisor's login "
                           f"through JupyterHub or the proxy); {why}")

    def sign_in_account(self, account: str, password: str, address: str = "") -> TraineeRecords:
        """The records of a local account a supervisor created (:mod:`.accounts`): its first
        sign-in sets the password, later ones must give it. Every try is counted in the lockout
        of :mod:`.lockout` for the address and the account; a wrong or unknown account and a
        wrong password are refused alike (:class:`AccessDenied`), after the same work: an unknown
        account's password is verified too, against a dummy argon2 hash
        (:func:`~.accounts.no_account_password_ok`), so the time taken does not tell which accounts
        exist. A password shorter than any account may have is refused before the account is looked up."""
        login = f"account:{check_account_name(account)}"
        if not password:
            raise AccessDenied("type your password (at your first sign-in, choose one)")
        if len(password) < MIN_PASSWORD:  # no account has one so short: the same answer whether it exists or not
            raise AccessDenied(f"a password has at least {MIN_PASSWORD} characters (at your first sign-in, "
                               "choose one that long)")
        dummy_account_hash()  # made once per process, before the lookup: a first try costs the same for every account
        with self.db.reading() as db:
            t = db.scalars(select(Trainee).where(Trainee.login == login)).first()
        refused = AccessDenied("that account and password do not match; a supervisor creates accounts and "
                               "resets forgotten passwords")
        if t is None:
            try_password(self.db, no_account_password_ok, password, login, address)  # counted and verified alike
            raise refused
        if t.password_hash is None:  # the first sign-in: the password typed becomes the account's
            new_hash = hash_account_password(password)
            with self.db.writing() as db, db.begin():
                done = db.execute(update(Trainee).where(Trainee.id == t.id, Trainee.password_hash.is_(None))
                                  .values(password_hash=new_hash).returning(Trainee.id)).first()
            if not done:  # someone set it a moment ago: check against it
                return self.sign_in_account(account, password, address)
        elif not try_password(self.db, lambda pw: account_password_ok(t.password_hash or "", pw), password, login,
                              address):
            raise refused
        who = Identity(login, t.name, t.employee_no, "account")
        return TraineeRecords(self.db, t.id, who, t.name or t.login)
