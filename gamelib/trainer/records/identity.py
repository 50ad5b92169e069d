"""Who is answering: an identity typed in at sign-in, or vouched for by JupyterHub or the
casino's authenticating proxy; and the records' two refusals.

>>> sign_in(name="Ana Ruiz").login
'name:ana ruiz'
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Mapping

from ...errors import GameError, shown
from .config import RecordsConfig

__all__ = ["Identity", "sign_in", "identity_from_environment", "RecordsError", "AccessDenied"]


class RecordsError(GameError):
    """The records refuse an input (an unknown exam, an empty sign-in, an answer twice ...)."""


class AccessDenied(RecordsError):
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


def sign_in(name: str = "", employee_no: str = "") -> Identity:
    """An identity from what a trainee types: the employee number when given (then the name is
    only shown), else the name (case and spacing do not matter).

    >>> sign_in(name="  ana   RUIZ ").login, sign_in(name="Ana", employee_no="E-17").login
    ('name:ana ruiz', 'employee:E-17')
    """
    name = " ".join(str(name).split())
    employee_no = str(employee_no).strip()
    if len(name) > 200 or len(employee_no) > 100:
        raise RecordsError("a name has at most 200 characters and an employee number at most 100")
    if employee_no:
        if not re.fullmatch(r"[A-Za-z0-9._-]+", employee_no):
            raise RecordsError(f"employee number {shown(employee_no)}: use letters, digits, '.', '_' or '-'")
        return Identity(f"employee:{employee_no}", name, employee_no, "sign-in")
    if not name:
        raise RecordsError("sign in with your name or your employee number")
    return Identity(f"name:{name.casefold()}", name, "", "sign-in")


def identity_from_environment(config: RecordsConfig, environ: Mapping[str, str] | None = None) -> Identity | None:
    """The user JupyterHub (``JUPYTERHUB_USER``, unless ``trust_jupyterhub`` is false) or the
    authenticating proxy (the header named by ``user_header``, which Voilà hands the kernel as
    ``HTTP_...`` when it is listed in ``VoilaConfiguration.http_header_envs``) says is here;
    ``None`` when neither does (then the trainee signs in).

    >>> from pathlib import Path
    >>> cfg = RecordsConfig(Path("/x"), user_header="X-Remote-User")
    >>> identity_from_environment(cfg, {"HTTP_X_REMOTE_USER": "jdoe"}).login
    'user:jdoe'
    >>> identity_from_environment(RecordsConfig(Path("/x")), {"HTTP_X_REMOTE_USER": "jdoe"}) is None
    True
    """
    env = os.environ if environ is None else environ
    if config.header_env and env.get(config.header_env, "").strip():
        user = env[config.header_env].strip()
        return Identity(f"user:{user}", user, "", "proxy")
    if config.trust_jupyterhub and env.get("JUPYTERHUB_USER", "").strip():
        user = env["JUPYTERHUB_USER"].strip()
        return Identity(f"user:{user}", user, "", "jupyterhub")
    return None
