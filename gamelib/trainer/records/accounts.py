"""Local accounts: staff a supervisor creates, who set their password at their first sign-in.

A supervisor creates an account with its name (``ana.ruiz``), the person's name and employee
number (:meth:`~gamelib.trainer.records.SupervisorRecords.create_account`). The first time
someone signs in to it, the password typed becomes its password (at least
:data:`MIN_PASSWORD` characters), kept as an argon2 hash (``argon2-cffi``); after that only the
right password opens it. A wrong password counts against the address and the account in the
lockout of :mod:`.lockout`. The name and employee number belong to the account: only a
supervisor changes them, and every change is logged (``trainee_changes``).

A password tried for an account that does not exist is checked all the same, against
:func:`dummy_account_hash` (:func:`no_account_password_ok`): the same argon2 work as a wrong
password for a real account, so the time a refusal takes does not tell a stranger which
accounts exist.

>>> h = hash_account_password("felt-and-chips")
>>> account_password_ok(h, "felt-and-chips"), account_password_ok(h, "felt"), account_password_ok("junk", "x")
(True, False, False)
>>> no_account_password_ok("felt-and-chips"), dummy_account_hash() is dummy_account_hash()
(False, True)
"""

from __future__ import annotations

import functools
import re
import secrets

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

from ...errors import shown
from .identity import Identity, TrainingRecordsError, check_name

__all__ = ["MIN_PASSWORD", "account_identity", "check_account_name", "hash_account_password",
           "account_password_ok", "dummy_account_hash", "no_account_password_ok"]

#: The shortest password an account may be given.
MIN_PASSWORD = 8
_HASHER = PasswordHasher()


def check_account_name(account: object) -> str:
    """An account's name as typed: 1 to 60 letters, digits, '.', '_' or '-' (case does not matter).

    >>> check_account_name(" Ana.Ruiz ")
    'ana.ruiz'
    """
    text = str(account).strip().casefold()
    if not re.fullmatch(r"[a-z0-9._-]{1,60}", text):
        raise TrainingRecordsError(f"account {shown(str(account)[:60])}: use 1 to 60 letters, digits, '.', '_' or '-'")
    return text


def account_identity(account: str, name: str, employee_no: str) -> Identity:
    """The identity of a local account (its login is ``account:`` and its name).

    >>> account_identity("ana.ruiz", "Ana Ruiz", "E-17").login
    'account:ana.ruiz'
    """
    return Identity(f"account:{check_account_name(account)}", check_name(name),
                    check_name(employee_no, "an employee number", 100), "account")


def hash_account_password(password: str) -> str:
    """The argon2 hash kept for an account's password (refused when too short)."""
    if len(password) < MIN_PASSWORD:
        raise TrainingRecordsError(f"choose a password of at least {MIN_PASSWORD} characters")
    return _HASHER.hash(password)


def account_password_ok(stored: str, password: str) -> bool:
    """Whether ``password`` is the account's (a malformed hash matches nothing)."""
    try:
        return bool(_HASHER.verify(stored, password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


@functools.cache
def dummy_account_hash() -> str:
    """An argon2 hash of a random password nobody knows, made once per process with the same
    parameters as every account's (:func:`hash_account_password`)."""
    return _HASHER.hash(secrets.token_urlsafe(32))


def no_account_password_ok(password: str) -> bool:
    """``False``, after the work of :func:`account_password_ok` for a real account: ``password``
    verified against :func:`dummy_account_hash` (for a sign-in to an account that does not exist)."""
    account_password_ok(dummy_account_hash(), password)
    return False
