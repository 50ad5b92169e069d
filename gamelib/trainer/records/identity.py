"""Who is answering: an identity typed in at sign-in, or vouched for by JupyterHub or the
casino's authenticating proxy; and the records' two refusals.

>>> sign_in(name="Ana Ruiz").login
'name:ana ruiz'
"""

from __future__ import annotations

import os
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass

from ...errors import GameError, shown
from .config import RecordsConfig

__all__ = ["Identity", "sign_in", "identity_from_environment", "address_from_environment", "TrainingRecordsError",
           "AccessDenied", "check_name", "NAME_LIMIT", "LOGIN_LIMIT", "ADDRESS_ENV", "VIA_PROXY_ENV"]

#: The kernel's variable holding the client's address, set by the trainer's kernel manager
#: (:mod:`gamelib.trainer.serving`: the connecting address, or the one a trusted proxy names).
ADDRESS_ENV = "GAMELIB_CLIENT_ADDRESS"
#: Set to "1" by the trainer's kernel manager when the page was asked for through a trusted proxy.
VIA_PROXY_ENV = "GAMELIB_VIA_PROXY"

#: The longest name (of a trainee, an exam) the records take.
NAME_LIMIT = 200
#: The longest user name the hub or the proxy may give (the login column holds 200 with "user:").
LOGIN_LIMIT = 150
#: Unicode categories refused in a name: controls, format characters (a right-to-left override),
#: surrogates, private use, unassigned, line and paragraph separators.
_REFUSED = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}


class TrainingRecordsError(GameError):
    """The records refuse an input (an unknown exam, an empty sign-in, an answer twice ...)."""


class AccessDenied(TrainingRecordsError):
    """Someone asked for records they may not read (another trainee's, the supervisor's view)."""


@dataclass(frozen=True)
class Identity:
    """Who is answering: ``login`` is the unique key; ``source`` says who vouched for it
    (``"sign-in"``: typed in; ``"jupyterhub"`` or ``"proxy"``: the hub or the proxy)."""

    login: str
    name: str
    employee_no: str
    source: str

    @property
    def vouched(self) -> bool:
        """True when the hub or the proxy, not the person, said who this is.

        >>> Identity("user:jd", "jd", "", "proxy").vouched
        True
        """
        return self.source in ("jupyterhub", "proxy")


def check_name(value: object, what: str = "a name", limit: int = NAME_LIMIT) -> str:
    r"""``value`` as a name the records keep: text of at most ``limit`` characters with no control
    or format character, runs of spaces made one; refused (:class:`TrainingRecordsError`) otherwise.

    >>> check_name("  Ana   Ruiz "), check_name("Player a$\\foo$b")
    ('Ana Ruiz', 'Player a$\\foo$b')
    >>> check_name("A\x00B")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.trainer.records.identity.TrainingRecordsError: a name cannot hold a control character (U+0000 at place 2);
    use letters, digits, spaces and punctuation
    """
    if not isinstance(value, str):
        raise TrainingRecordsError(f"{what} must be text, not {shown(value)}")
    for i, ch in enumerate(value):
        if unicodedata.category(ch) in _REFUSED and ch != " ":
            raise TrainingRecordsError(f"{what} cannot hold a control character (U+{ord(ch):04X} at place {i + 1}); "
                                       "use letters, digits, spaces and punctuation")
    text = " ".join(value.split())
    if len(text) > limit:
        raise TrainingRecordsError(f"{what} has at most {limit} characters, not {len(text)}")
    return text


def sign_in(name: str = "", employee_no: str = "") -> Identity:
    """An identity from what a trainee types: the employee number when given (then the name is
    only shown), else the name (case and spacing do not matter).

    >>> sign_in(name="  ana   RUIZ ").login, sign_in(name="Ana", employee_no="E-17").login
    ('name:ana ruiz', 'employee:E-17')
    """
    name = check_name(name)
    employee_no = check_name(employee_no, "an employee number", 100)
    if employee_no:
        if not re.fullmatch(r"[A-Za-z0-9._-]+", employee_no):
            raise TrainingRecordsError(f"employee number {shown(employee_no)}: use letters, digits, '.', '_' or '-'")
        return Identity(f"employee:{employee_no}", name, employee_no, "sign-in")
    if not name:
        raise TrainingRecordsError("sign in with your name or your employee number")
    return Identity(f"name:{name.casefold()}", name, "", "sign-in")


def identity_from_environment(config: RecordsConfig, environ: Mapping[str, str] | None = None) -> Identity | None:
    """The user the configured way of signing in (``auth``) says is here, or ``None``:

    * ``"hub"``: JupyterHub's user (``JUPYTERHUB_USER``; not when ``trust_jupyterhub`` is false);
    * ``"proxy"``: the header named by ``user_header`` (Voilà hands it to the kernel as
      ``HTTP_...``), and only when the trainer's server marked the request as come through a
      trusted proxy (:data:`VIA_PROXY_ENV`, set by :mod:`gamelib.trainer.serving` for a request
      from one of ``trusted_proxies``; a header sent by anyone else never reaches the kernel);
    * ``"accounts"``: nobody: the trainee signs in to an account (:meth:`Store.sign_in_account`).

    >>> from pathlib import Path
    >>> cfg = RecordsConfig(Path("/x"), user_header="X-Remote-User", auth="proxy", trusted_proxies=("10.0.0.1",))
    >>> identity_from_environment(cfg, {"HTTP_X_REMOTE_USER": "jdoe", VIA_PROXY_ENV: "1"}).login
    'user:jdoe'
    >>> identity_from_environment(cfg, {"HTTP_X_REMOTE_USER": "jdoe"}) is None  # not through the proxy
    True
    """
    env = os.environ if environ is None else environ
    if config.auth == "proxy" and config.header_env and env.get(VIA_PROXY_ENV) == "1" \
            and env.get(config.header_env, "").strip():
        user = check_name(env[config.header_env], "the proxy's user name", LOGIN_LIMIT)
        return Identity(f"user:{user}", user, "", "proxy")
    if config.auth == "hub" and config.trust_jupyterhub and env.get("JUPYTERHUB_USER", "").strip():
        user = check_name(env["JUPYTERHUB_USER"], "the hub's user name", LOGIN_LIMIT)
        return Identity(f"user:{user}", user, "", "jupyterhub")
    return None


def address_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The client's address the trainer's server handed this kernel ("" when none did).

    >>> address_from_environment({ADDRESS_ENV: "10.0.0.7"}), address_from_environment({})
    ('10.0.0.7', '')
    """
    env = os.environ if environ is None else environ
    return env.get(ADDRESS_ENV, "").strip()[:100]
