"""What the live benchmarks share: a Voilà server on a free port of 127.0.0.1, its kernels, its log,
and the headless Chromium that loads it (bench_live.py, load_trainer.py).

The benchmarks run as scripts, so this folder is on ``sys.path`` and they ``import voila_server``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from collections.abc import Callable, Mapping
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
# The tests' servers (tests/servers.py): the free port, the wait until listening, the kernels of a
# server and how it is stopped are theirs. Appended, so nothing under tests/ shadows a module.
sys.path.append(str(ROOT / "tests"))
import servers  # noqa: E402

#: Debian's Chromium (.ci/setup installs it), and how the benchmarks start it headless.
CHROMIUM = str(servers.CHROMIUM)
CHROMIUM_ARGS = servers.CHROMIUM_ARGS
MB = 1024 * 1024
free_port = servers.free_port


class VoilaServer:
    """``argv_for(port)`` run from the repository's root on a free port, until it listens (60 s at
    most); its log goes to ``log_path`` (appended) or a temporary file."""

    def __init__(self, argv_for: Callable[[int], list[str]], env: Mapping[str, str] | None = None,
                 log_path: str | None = None) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}/"
        self.log = open(log_path, "a+") if log_path else tempfile.TemporaryFile(mode="w+")
        self.argv = argv_for(self.port)
        self.proc = subprocess.Popen(self.argv, cwd=ROOT, env=dict(env if env is not None else os.environ),
                                     stdout=self.log, stderr=subprocess.STDOUT)
        try:
            servers.wait_until_listening(self.proc, self.port, "voila")
        except RuntimeError as err:
            raise RuntimeError(f"{err}\n{self.log_tail()}") from err

    def kernels(self) -> list[psutil.Process]:
        """Its running kernels (its ``ipykernel_launcher`` child processes)."""
        return servers.kernels_of(self.proc.pid)

    def rss(self) -> float:
        """The server's own resident memory, MB."""
        return psutil.Process(self.proc.pid).memory_info().rss / MB

    def log_text(self) -> str:
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def wait_for_log(self, pattern: str, count: int = 1, timeout: float = 600.0) -> None:
        """Wait until the regular expression ``pattern`` has matched ``count`` lines of the log (the
        live book's server says when a chapter's pool of pre-started kernels is full)."""
        import re
        import time

        end = time.monotonic() + timeout
        while len(re.findall(pattern, self.log_text())) < count:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited\n{self.log_tail()}")
            if time.monotonic() > end:
                raise TimeoutError(f"{pattern!r} not seen {count} time(s) in {timeout} s\n{self.log_tail()}")
            time.sleep(0.5)

    def log_tail(self, chars: int = 4000) -> str:
        self.log.flush()
        self.log.seek(0)
        return "voila's log (end):\n" + self.log.read()[-chars:]

    def stop(self) -> None:
        servers.stop(self.proc, self.kernels(), timeout=30)  # Voilà shuts its kernels down on SIGTERM
        self.log.close()
