"""Where the training records live and who may see them, from configuration.

Each setting is declared once, in :data:`SETTINGS` (its name, its type, its default, the
environment variable that sets it, if any, and what it is for); :func:`load_config` reads them
from environment variables and an optional TOML file, in that order of precedence (a variable
beats the file), and :func:`settings_table` writes the table the README shows
(``python -m gamelib.trainer.records settings`` prints it).

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

from ...errors import GameError, shown

__all__ = ["RecordsConfig", "load_config", "hash_password", "check_password", "DB_FILE", "ConfigError", "AUTH_MODES",
           "trusted_address", "check_url", "DRIVERS", "SETTINGS", "Setting", "settings_table"]

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


@dataclass(frozen=True)
class Setting:
    """One setting of the training records: its name in ``trainer.toml`` (``""``: a variable
    only), the environment variable that sets it (``""``: the file only), its type in words and
    its default as ``trainer.toml`` would write them, and what it is for."""

    key: str
    variable: str
    kind: str
    default: str
    meaning: str

    @property
    def where(self) -> str:
        """Where it is set: ``trainer.toml``'s key, the variable, or both."""
        return " or ".join(f"`{w}`" for w in (self.variable, self.key) if w)


#: Every setting, in the order the README's table lists them.
SETTINGS: tuple[Setting, ...] = (
    Setting("", "GAMELIB_DATA", "a folder", "~/.local/share/gamelib",
            "the data directory; the SQLite file trainer.sqlite3 is made there"),
    Setting("", "GAMELIB_TRAINER_CONFIG", "a file", "<data directory>/trainer.toml",
            "the TOML file of the settings below (a missing file: the defaults)"),
    Setting("database_url", "GAMELIB_TRAINER_DB", "a SQLAlchemy URL", '""',
            "the database: sqlite:///PATH or postgresql+psycopg://USER@HOST/DATABASE (see DRIVERS); "
            "empty: SQLite in the data directory"),
    Setting("supervisor_password", "", "a hash", '""',
            "the supervisors' password as a hash made by python -m gamelib.trainer.records hash-password"),
    Setting("supervisors", "", "a list of user names", "[]",
            "the users who are supervisors when the user comes from JupyterHub or the proxy's header"),
    Setting("user_header", "", "an HTTP header", '""',
            "the header an authenticating proxy sets (e.g. X-Remote-User); believed only from trusted_proxies"),
    Setting("trust_jupyterhub", "", "true or false", "true", "take the user from JUPYTERHUB_USER when the hub set it"),
    Setting("auth", "", " or ".join(f'"{m}"' for m in AUTH_MODES), '"accounts"',
            'how staff sign in: "accounts" (accounts a supervisor creates), "hub" (JupyterHub\'s login) or '
            '"proxy" (the user_header of a trusted reverse proxy)'),
    Setting("trusted_proxies", "", "a list of addresses or networks", "[]",
            "the reverse proxies (10.0.0.5, 10.0.0.0/24) whose user_header and X-Forwarded-For are believed"),
)


def settings_table() -> str:
    """The settings as a Markdown table (the README's), one row each.

    >>> print(settings_table().splitlines()[2])
    | `GAMELIB_DATA` | a folder | ~/.local/share/gamelib | the data directory; the SQLite file trainer.sqlite3 is made there |
    """  # noqa: E501 (a doctest's expected line)
    rows = ["| setting | type | default | what it is for |", "|---|---|---|---|"]
    rows += [f"| {s.where} | {s.kind} | {s.default} | {s.meaning} |" for s in SETTINGS]
    return "\n".join(rows)


def _file_values(path: Path) -> dict[str, object]:
    """The settings in the TOML file at ``path`` (none when there is no file), each known by name."""
    if not path.is_file():
        return {}
    try:
        values: dict[str, object] = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as err:
        raise ConfigError(f"the trainer's configuration {path} is not valid TOML ({err}); "
                          "write key = \"value\" lines") from err
    known = sorted(s.key for s in SETTINGS if s.key)
    unknown = sorted(set(values) - set(known))
    if unknown:
        raise ConfigError(f"{path}: unknown setting {', '.join(unknown)}; the settings are: {', '.join(known)}")
    return values


def _text(path: Path, values: Mapping[str, object], key: str) -> str:
    value = values.get(key, "")
    if not isinstance(value, str):
        raise ConfigError(f"{path}: {key} must be a string, not {shown(value)}")
    return value


def _names(path: Path, values: Mapping[str, object], key: str, what: str) -> tuple[str, ...]:
    value = values.get(key, [])
    if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
        raise ConfigError(f"{path}: {key} must be a list of {what}, not {shown(value)}")
    return tuple(value)


def load_config(environ: Mapping[str, str] | None = None) -> RecordsConfig:
    """The configuration in force (``environ`` defaults to ``os.environ``), each setting of
    :data:`SETTINGS` checked.

    >>> load_config({"GAMELIB_DATA": "/tmp/no-such-dir", "GAMELIB_TRAINER_DB": "sqlite://"}).url
    'sqlite://'
    """
    env = os.environ if environ is None else environ
    data_dir = Path(env.get("GAMELIB_DATA") or Path.home() / ".local" / "share" / "gamelib").expanduser()
    path = Path(env.get("GAMELIB_TRAINER_CONFIG") or data_dir / "trainer.toml").expanduser()
    values = _file_values(path)
    source = str(path) if path.is_file() else "defaults"
    supervisors = _names(path, values, "supervisors", "user names")
    user_header = _text(path, values, "user_header")
    pw = _text(path, values, "supervisor_password")
    auth = values.get("auth", "accounts")
    if auth not in AUTH_MODES:
        raise ConfigError(f"{path}: auth must be one of {', '.join(AUTH_MODES)}, not {shown(auth)}")
    proxies = _names(path, values, "trusted_proxies", "addresses")
    for p in proxies:
        try:
            ipaddress.ip_network(p, strict=False)
        except ValueError as err:
            raise ConfigError(f"{path}: trusted_proxies: {shown(p)} is not an address or a network") from err
    if auth == "proxy" and not (user_header and proxies):
        raise ConfigError(f"{path}: auth = \"proxy\" needs user_header and trusted_proxies (the proxy's addresses)")
    trust = values.get("trust_jupyterhub", True)
    if not isinstance(trust, bool):
        raise ConfigError(f"{path}: trust_jupyterhub must be true or false, not {shown(trust)}")
    if pw and not pw.startswith("pbkdf2_sha256$"):
        raise ConfigError(f"{path}: supervisor_password must be a hash made by "
                          "`python -m gamelib.trainer.records hash-password`, never the password itself")
    if data_dir.exists() and not data_dir.is_dir():
        raise ConfigError(f"GAMELIB_DATA names {data_dir}, which is not a folder; give the folder the records "
                          "live in (it is made if missing)")
    url = env.get("GAMELIB_TRAINER_DB") or _text(path, values, "database_url")
    if url:
        check_url(url, "GAMELIB_TRAINER_DB" if env.get("GAMELIB_TRAINER_DB") else f"{path}: database_url")
    return RecordsConfig(data_dir=data_dir, database_url=url, supervisor_password=pw, supervisors=supervisors,
                         user_header=user_header, trust_jupyterhub=trust, source=source, auth=str(auth),
                         trusted_proxies=proxies)


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
