"""A wrong sign-in takes as long for an account that does not exist as for one that does
(gamelib/trainer/records/store.py ``Store.sign_in_account``, accounts.py): the password typed for
an unknown account is verified against a dummy argon2 hash, under the same lockout, so the time a
refusal takes does not tell a stranger which accounts exist; a password too short for any account
is refused in the same words whether the account exists or not."""

from __future__ import annotations

import statistics
import time
from pathlib import Path

import pytest
from argon2 import PasswordHasher, extract_parameters
from sqlalchemy import update

from gamelib.trainer.records import AccessDenied, RecordsConfig, Store, hash_password
from gamelib.trainer.records.accounts import hash_account_password
from gamelib.trainer.records.lockout import sign_ins
from gamelib.trainer.records.models import Trainee

PASSWORD = "pit-boss"
CONFIG = RecordsConfig(Path("/nonexistent"), supervisor_password=hash_password(PASSWORD, salt="5a17"))
#: Wrong sign-ins of each kind in one round.
TRIES = 15
#: The most the two medians of a round may differ by (before the fix: 0.003 s against 0.12 s).
TOLERANCE_S = 0.020
#: Rounds measured at most: a machine busy with other work can blur one round's medians by more
#: than the tolerance, either way; a real gap (a tenth of a second and more) shows in every round.
ROUNDS = 5


def refused_in(store: Store, account: str, address: str) -> float:
    """Seconds a wrong sign-in to ``account`` from ``address`` takes to be refused."""
    start = time.perf_counter()
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account(account, "not-the-password", address=address)
    return time.perf_counter() - start


def medians_of_a_round(store: Store, r: int) -> tuple[float, float]:
    """The median seconds of :data:`TRIES` wrong sign-ins to unknown accounts and of as many to
    existing ones (round ``r``: accounts and addresses of its own, each tried once, so that no
    source comes near the lockout)."""
    unknown, existing = [], []
    for i in range(TRIES):  # interleaved, each kind first in turn: a drift in the machine's speed falls on both alike
        for kind in (("unknown", "existing") if i % 2 else ("existing", "unknown")):
            if kind == "unknown":
                unknown.append(refused_in(store, f"ghost{r}-{i}", f"10.1.{r}.{i}"))
            else:
                existing.append(refused_in(store, f"ana{r}-{i}", f"10.2.{r}.{i}"))
    return statistics.median(unknown), statistics.median(existing)


def test_a_wrong_password_costs_the_same_for_unknown_and_existing_accounts(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", config=CONFIG)
    boss = store.supervisor(PASSWORD)
    for r in range(ROUNDS):
        for i in range(TRIES):
            boss.create_account(f"ana{r}-{i}", "Ana Ruiz", f"E-{r}-{i}")
    boss.create_account("ana-warm", "Ana Ruiz")
    with store.db.writing() as db, db.begin():  # every password set (one hash made, not one per account)
        db.execute(update(Trainee).where(Trainee.login.like("account:ana%"))
                   .values(password_hash=hash_account_password("chips-and-felt")))
    refused_in(store, "ghost-warm", "10.9.0.1")  # warm up both paths, unmeasured
    refused_in(store, "ana-warm", "10.9.0.2")
    seen = []
    for r in range(ROUNDS):
        unknown, existing = medians_of_a_round(store, r)
        seen.append(f"unknown account {unknown:.3f} s, existing account {existing:.3f} s")
        if abs(unknown - existing) <= TOLERANCE_S:
            break
    store.close()
    assert abs(unknown - existing) <= TOLERANCE_S, "median wrong sign-in, by round: " + "; ".join(seen)


def test_an_unknown_account_runs_one_verification_against_a_hash_like_a_real_one(
        store_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    store = Store(store_url, config=CONFIG)
    store.supervisor(PASSWORD).create_account("ana.ruiz", "Ana Ruiz", "E-17")
    store.sign_in_account("ana.ruiz", "chips-and-felt")  # sets the password
    verified: list[str] = []
    real_verify = PasswordHasher.verify

    def counting(self: PasswordHasher, stored: str | bytes, password: str | bytes) -> bool:
        verified.append(stored if isinstance(stored, str) else stored.decode())
        return real_verify(self, stored, password)

    monkeypatch.setattr(PasswordHasher, "verify", counting)
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account("nobody", "any-password-1", address="10.1.1.1")
    assert len(verified) == 1, "the unknown account's password was not verified against the dummy hash"
    dummy = verified[0]
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account("nobody-else", "any-password-2", address="10.1.1.2")
    with pytest.raises(AccessDenied, match="do not match"):
        store.sign_in_account("ana.ruiz", "any-password-3", address="10.1.1.3")
    assert len(verified) == 3 and verified[1] == dummy  # the dummy is made once per process
    assert extract_parameters(dummy) == extract_parameters(hash_account_password("felt-and-chips"))
    tries = [(t.who, t.address, t.outcome) for t in sign_ins(store.db)][-3:]  # the same lockout bookkeeping
    assert tries == [("account:nobody", "10.1.1.1", "wrong"), ("account:nobody-else", "10.1.1.2", "wrong"),
                     ("account:ana.ruiz", "10.1.1.3", "wrong")]
    store.close()


def test_a_short_password_is_refused_alike_for_every_account(tmp_path: Path) -> None:
    """No account has a password under 8 characters: one too short is refused in the same words
    whether the account is unknown, has no password yet or has one."""
    store = Store(f"sqlite:///{tmp_path / 'trainer.sqlite3'}", config=CONFIG)
    boss = store.supervisor(PASSWORD)
    boss.create_account("new.hire", "New Hire")
    boss.create_account("ana.ruiz", "Ana Ruiz")
    store.sign_in_account("ana.ruiz", "chips-and-felt")
    said = set()
    for account in ("nobody", "new.hire", "ana.ruiz"):
        with pytest.raises(AccessDenied) as refused:
            store.sign_in_account(account, "short")
        said.add(str(refused.value))
    assert len(said) == 1 and "at least 8 characters" in said.pop()
    assert store.sign_in_account("new.hire", "long-enough").identity.login == "account:new.hire"
    store.close()
