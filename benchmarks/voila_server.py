"""What the live benchmarks share: a Voilà server on a free port of 127.0.0.1, its kernels, its log,
and the headless Chromium that loads it (bench_live.py, load_trainer.py).

The benchmarks run as scripts, so this folder is on ``sys.path`` and they ``import voila_server``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Callable, Mapping

import psutil

ROOT = Path(__file__).resolve().parents[1]
#: Debian's Chromium (.ci/setup installs it), and how the benchmarks start it headless.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MB = 1024 * 1024


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


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
        end = time.monotonic() + 60
        while True:
            if self.proc.poll() is not None:
                raise RuntimeError(f"voila exited with code {self.proc.returncode}\n{self.log_tail()}")
            with socket.socket() as s:
                if s.connect_ex(("127.0.0.1", self.port)) == 0:
                    break
            if time.monotonic() > end:
                raise TimeoutError("voila did not listen within 60 s")
            time.sleep(0.1)

    def kernels(self) -> list[psutil.Process]:
        """Its running kernels (its ``ipykernel_launcher`` child processes)."""
        out = []
        try:
            children = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            return []
        for c in children:
            try:
                if "ipykernel_launcher" in " ".join(c.cmdline()) and c.status() != psutil.STATUS_ZOMBIE:
                    out.append(c)
            except psutil.Error:
                pass
        return out

    def rss(self) -> float:
        """The server's own resident memory, MB."""
        return psutil.Process(self.proc.pid).memory_info().rss / MB

    def log_tail(self, chars: int = 4000) -> str:
        self.log.flush()
        self.log.seek(0)
        return "voila's log (end):\n" + self.log.read()[-chars:]

    def stop(self) -> None:
        kernels = self.kernels()
        if self.proc.poll() is None:
            self.proc.terminate()  # Voilà shuts its kernels down on SIGTERM
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for k in kernels:  # none should be left; make sure
            try:
                k.kill()
            except psutil.Error:
                pass
        self.log.close()
