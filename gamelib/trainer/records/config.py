"""Where the training records live and who may see them, from configuration.

Everything is read from environment variables and an optional TOML file, in that order of
precedence (a variable beats the file):

======================================  ==========================================================
``GAMELIB_DATA``                         the data directory (default ``~/.local/share/gamelib``);
                                         the SQLite file ``trainer.sqlite3`` is made there
``GAMELIB_TRAINER_CONFIG``               the TOML file (default ``<data directory>/trainer.toml``)
``GAMELIB_TRAINER_DB`` / ``database_url``  a SQLAlchemy URL, e.g.
                                         ``postgresql+psycopg://trainer@db.casino.example/training``
                                         (``sqlite:///PATH`` or ``postgresql+psycopg://``, see
                                         :data:`DRIVERS`); unset: SQLite in the data directory
``supervisor_password``                  (file only) the supervisors' password as a hash made by
                                         ``python -m gamelib.trainer.records hash-password``
``supervisors``                          (file only) user names that are supervisors when the user
                                         comes from JupyterHub or the proxy header
``user_header``                          (file only) the HTTP header an authenticating proxy sets
                                         (e.g. ``X-Remote-User``); trusted only when named here
``trust_jupyterhub``                     (file only, default true) take the user from
                                         ``JUPYTERHUB_USER`` when the hub set it
``auth``                                 (file only) how staff sign in: ``"accounts"`` (default:
                                         accounts a supervisor creates, password set at the first
                                         sign-in), ``"hub"`` (JupyterHub's login) or ``"proxy"``
                                         (the ``user_header`` of a trusted reverse proxy)
``trusted_proxies``                      (file only) the addresses (or networks, ``10.0.0.0/24``)
                                         of the reverse proxies whose ``user_header`` and
                                         ``X-Forwarded-For`` the trainer's server believes
======================================  ==========================================================

>>> cfg = RecordsConfig(data_dir=Path("/srv/trainer"))
>>> cfg.url
'sqlite:////srv/trainer/trainer.sqlite3'
>>> check_password(hash_password("felt", salt="00"), "felt"), check_password(hash_password("felt"), "cloth")
(True, False)
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...errors import GameError, shown

__all__ = ["RecordsConfig", "load_config", "hash_password", "check_password", "DB_FILE", "ConfigError", "AUTH_MODES",
           "trusted_address", "check_url", "DRIVERS"]

#: The ways staff sign in (``auth`` in ``trainer.toml``).
AUTH_MODES = ("accounts", "hub", "proxy")

#: The SQLite file's name inside the data directory.
DB_FILE = "trainer.sqlite3"
_ITERATIONS = 200_000


class ConfigError(GameError):
    """The trainer's configuration file or a variable holds something it cannot use."""


@dataclass(frozen=True)
class RecordsConfig:
    """The records' settings (see the module docstring); ``url`` is the database to open."""

    data_dir: Path
    database_url: str = ""
    supervisor_password: str = ""
    supervisors: tuple[str, ...] = ()
    user_header: str = ""
    trust_jupyterhub: bool = True
    source: str = "defaults"
    auth: str = "accounts"
    trusted_proxies: tuple[str, ...] = ()

    @property
    def url(self) -> str:
        """The SQLAlchemy URL: the configured one, or SQLite in the data directory.

        >>> RecordsConfig(Path("/x"), database_url="postgresql+psycopg://t@db/tr").url
        'postgresql+psycopg://t@db/tr'
        """
        return self.database_url or f"sqlite:///{self.data_dir / DB_FILE}"

    @property
    def header_env(self) -> str:
        """The kernel's variable that Voilà fills from ``user_header`` (RFC 3875: ``HTTP_X_REMOTE_USER``).

        >>> RecordsConfig(Path("/x"), user_header="X-Remote-User").header_env
        'HTTP_X_REMOTE_USER'
        """
        return "HTTP_" + self.user_header.upper().replace("-", "_") if self.user_header else ""


def load_config(environ: Mapping[str, str] | None = None) -> RecordsConfig:
    """The configuration in force (``environ`` defaults to ``os.environ``).

    >>> load_config({"GAMELIB_DATA": "/tmp/no-such-dir", "GAMELIB_TRAINER_DB": "sqlite://"}).url
    'sqlite://'
    """
    env = os.environ if environ is None else environ
    data_dir = Path(env.get("GAMELIB_DATA") or Path.home() / ".local" / "share" / "gamelib").expanduser()
    path = Path(env.get("GAMELIB_TRAINER_CONFIG") or data_dir / "trainer.toml").expanduser()
    values: dict[str, Any] = {}
    source = "defaults"
    if path.is_file():
        try:
            values = tomllib.loads(path.read_text(encoding="utf-8"))
        except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
            raise ConfigError(f"the trainer's configuration {path} is not valid TOML ({err}); "
                              "write key = \"value\" lines") from err
        source = str(path)
    known = {"database_url", "supervisor_password", "supervisors", "user_header", "trust_jupyterhub", "auth",
             "trusted_proxies"}
    unknown = sorted(set(values) - known)
    if unknown:
        raise ConfigError(f"{path}: unknown setting {', '.join(unknown)}; the settings are: {', '.join(sorted(known))}")
    supervisors = values.get("supervisors", [])
    if not isinstance(supervisors, list) or not all(isinstance(s, str) for s in supervisors):
        raise ConfigError(f"{path}: supervisors must be a list of user names, not {shown(supervisors)}")
    for key in ("database_url", "supervisor_password", "user_header"):
        if not isinstance(values.get(key, ""), str):
            raise ConfigError(f"{path}: {key} must be a string, not {shown(values[key])}")
    auth = values.get("auth", "accounts")
    if auth not in AUTH_MODES:
        raise ConfigError(f"{path}: auth must be one of {', '.join(AUTH_MODES)}, not {shown(auth)}")
    proxies = values.get("trusted_proxies", [])
    if not isinstance(proxies, list) or not all(isinstance(p, str) for p in proxies):
        raise ConfigError(f"{path}: trusted_proxies must be a list of addresses, not {shown(proxies)}")
    for p in proxies:
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError as err:
            raise ConfigError(f"{path}: trusted_proxies: {shown(p)} is not an address or a network") from err
    if auth == "proxy" and not (values.get("user_header") and proxies):
        raise ConfigError(f"{path}: auth = \"proxy\" needs user_header and trusted_proxies (the proxy's addresses)")
    trust = values.get("trust_jupyterhub", True)
    if not isinstance(trust, bool):
        raise ConfigError(f"{path}: trust_jupyterhub must be true or false, not {shown(trust)}")
    pw = str(values.get("supervisor_password", ""))
    if pw and not pw.startswith("pbkdf2_sha256$"):
        raise ConfigError(f"{path}: supervisor_password must be a hash made by "
                          "`python -m gamelib.trainer.records hash-password`, never the password itself")
    if data_dir.exists() and not data_dir.is_dir():
        raise ConfigError(f"GAMELIB_DATA names {data_dir}, which is not a folder; give the folder the records "
                          "live in (it is made if missing)")
    url = env.get("GAMELIB_TRAINER_DB") or str(values.get("database_url", ""))
    if url:
        check_url(url, "GAMELIB_TRAINER_DB" if env.get("GAMELIB_TRAINER_DB") else f"{path}: database_url")
    return RecordsConfig(
        data_dir=data_dir,
        database_url=url,
        supervisor_password=pw,
        supervisors=tuple(supervisors),
        user_header=str(values.get("user_header", "")),
        trust_jupyterhub=trust,
        source=source,
        auth=str(auth),
        trusted_proxies=tuple(proxies),
    )


#: The databases the records run on: SQLite and PostgreSQL (with the psycopg driver).
DRIVERS = ("sqlite", "sqlite+pysqlite", "postgresql+psycopg")


def check_url(url: str, where: str = "the database URL") -> str:
    """``url`` when it is a SQLAlchemy URL of a database the records run on (:data:`DRIVERS`);
    :class:`ConfigError` naming ``where`` it came from otherwise.

    >>> check_url("postgresql+psycopg://trainer@db/training")
    'postgresql+psycopg://trainer@db/training'
    >>> check_url("mysql://db/training")  # doctest: +NORMALIZE_WHITESPACE
    Traceback (most recent call last):
    ...
    gamelib.trainer.records.config.ConfigError: the database URL: 'mysql' is not a database the records run on;
    give sqlite:///PATH or postgresql+psycopg://USER@HOST/DATABASE
    """
    from sqlalchemy.engine import make_url
    from sqlalchemy.exc import ArgumentError

    allowed = "give sqlite:///PATH or postgresql+psycopg://USER@HOST/DATABASE"
    try:
        driver = make_url(url).drivername
    except (ArgumentError, ValueError) as err:
        # the URL itself is not quoted: it may hold a password
        raise ConfigError(f"{where} is not a database URL; {allowed}") from err
    if driver not in DRIVERS:
        raise ConfigError(f"{where}: {shown(driver)} is not a database the records run on; {allowed}")
    return url


def trusted_address(address: str, proxies: tuple[str, ...] | list[str]) -> bool:
    """Whether ``address`` is one of the trusted proxies (an address or within a network).

    >>> trusted_address("10.0.0.7", ("10.0.0.0/24",)), trusted_address("10.0.1.7", ("10.0.0.0/24",))
    (True, False)
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(p, strict=False) for p in proxies)


def hash_password(password: str, salt: str | None = None) -> str:
    """The password as the configuration stores it: ``pbkdf2_sha256$iterations$salt$hex``.

    >>> hash_password("felt", salt="ab").split("$")[:3]
    ['pbkdf2_sha256', '200000', 'ab']
    """
    if not password:
        raise ConfigError("a supervisor password cannot be empty; type one of at least one character, twice")
    salt = secrets.token_hex(16) if salt is None else salt
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt.encode("ascii"), _ITERATIONS)
    return f"pbkdf2_sha256${_ITERATIONS}${salt}${digest.hex()}"


def check_password(stored: str, password: str) -> bool:
    """Whether ``password`` matches the stored hash (in constant time; an empty or malformed hash
    matches nothing).

    >>> check_password("", "anything"), check_password("pbkdf2_sha256$many$ab$00", "felt")
    (False, False)
    """
    try:
        kind, iterations, salt, hexdigest = stored.split("$")
        rounds, salt_bytes = int(iterations), salt.encode("ascii")
    except ValueError:  # too few or many parts, iterations not a number, a salt not ASCII
        return False
    if kind != "pbkdf2_sha256" or not password or rounds < 1:
        return False
    digest = hashlib.pbkdf2_hmac("sha256", password.encode("utf-8"), salt_bytes, rounds)
    return hmac.compare_digest(digest.hex(), hexdigest)
