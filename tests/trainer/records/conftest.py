"""The store's tests run on SQLite and on a real PostgreSQL server.

``store_url`` is parametrised: ``sqlite`` (a file in the test's tmp dir) and ``postgresql`` (a
fresh database in a throwaway cluster). The cluster is made once per test session: Debian's
``initdb`` into a tmp dir, ``pg_ctl start`` listening only on a unix socket in that dir (no TCP
port), then ``pg_ctl stop`` and the dir deleted. PostgreSQL refuses to run as root, and CI runs
as root, so there it runs as the ``postgres`` system user the Debian package creates (or
``nobody``), in a tmp dir that user owns. ``.ci/setup`` installs the package when it is missing;
without it the PostgreSQL half is skipped, saying why.
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

PG_BIN = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"))


class Cluster:
    """A throwaway PostgreSQL cluster: its dir, socket dir, port, and the user it runs as."""

    def __init__(self) -> None:
        self.bin = PG_BIN[-1].parent
        self.dir = Path(tempfile.mkdtemp(prefix="gl-pg-"))
        self.data = self.dir / "data"
        self.port = 5432
        self.runas: list[str] = []
        if os.getuid() == 0:
            user = "postgres"
            try:
                pw = pwd.getpwnam(user)
            except KeyError:
                user, pw = "nobody", pwd.getpwnam("nobody")
            os.chown(self.dir, pw.pw_uid, pw.pw_gid)
            self.runas = ["runuser", "-u", user, "--"]
        self._names = itertools.count(1)

    def run(self, *argv: str) -> None:
        subprocess.run(self.runas + list(argv), check=True, capture_output=True, text=True, cwd=self.dir, timeout=120)

    def start(self) -> None:
        self.run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", "gl", "-E", "UTF8", "--no-sync")
        opts = f"-F -k {self.dir} -p {self.port} -c listen_addresses= -c max_connections=120"
        self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-l", str(self.dir / "log"), "-o", opts, "-w", "start")

    def stop(self) -> None:
        try:
            self.run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def url(self, db: str) -> str:
        return f"postgresql+psycopg://gl@/{db}?host={self.dir}&port={self.port}"

    def new_database(self) -> str:
        """A fresh empty database; its URL."""
        from sqlalchemy import create_engine, text

        name = f"t{next(self._names)}"
        engine = create_engine(self.url("postgres"), isolation_level="AUTOCOMMIT")
        with engine.connect() as c:
            c.execute(text(f"CREATE DATABASE {name}"))
        engine.dispose()
        return self.url(name)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[Cluster]:
    if not PG_BIN:
        pytest.skip("PostgreSQL is not installed (.ci/setup installs Debian's postgresql)")
    cluster = Cluster()
    try:
        cluster.start()
    except subprocess.CalledProcessError as err:
        shutil.rmtree(cluster.dir, ignore_errors=True)
        raise RuntimeError(f"could not start a throwaway PostgreSQL: {err.stderr or err.stdout}") from err
    yield cluster
    cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A URL of an empty database: a SQLite file, or a new database on the throwaway cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'data' / 'trainer.sqlite3'}"
    cluster: Cluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database()
