"""What the tests that start a server share: a free port, starting a server on it and stopping it
(and any kernel it leaves behind), the headless Chromium they drive, and asking a kernel, over its
websocket, to run code the way a browser could.

Used by tests/deploy and tests/trainer, and by the live benchmarks (benchmarks/voila_server.py):
they add this folder (tests/) to ``sys.path`` and ``import servers``.
"""

from __future__ import annotations

import asyncio
import json
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "deploy"))
#: Debian's Chromium (.ci/setup installs it), and how the tests start it headless: the shipped
#: definition (deploy/headless.py), which the printed book uses too.
from headless import CHROMIUM, CHROMIUM_ARGS  # noqa: E402,F401  (re-exported for the tests)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_until_listening(proc: subprocess.Popen[Any], port: int, what: str = "server",
                         timeout: float = 60.0) -> None:
    """Wait until ``proc`` listens on ``port`` of 127.0.0.1: a ``RuntimeError`` if it exits first,
    a ``TimeoutError`` if it does not listen within ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with code {proc.returncode}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if time.monotonic() > end:
            raise TimeoutError(f"{what} did not listen on port {port} within {timeout} s")
        time.sleep(0.1)


def kernels_of(pid: int) -> list[psutil.Process]:
    """The running kernels of the server process ``pid`` (its ``ipykernel_launcher`` children)."""
    try:
        children = psutil.Process(pid).children(recursive=True)
    except psutil.Error:
        return []
    out = []
    for c in children:
        try:
            if "ipykernel_launcher" in " ".join(c.cmdline()) and c.status() != psutil.STATUS_ZOMBIE:
                out.append(c)
        except psutil.Error:
            pass
    return out


def stop(proc: subprocess.Popen[Any], kernels: Sequence[psutil.Process], timeout: float = 20.0) -> None:
    """Stop the server ``proc`` (SIGTERM, which has it shut its kernels down; SIGKILL after
    ``timeout`` seconds), then kill any of ``kernels`` (looked up while it ran) left behind."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    for k in kernels:  # the server stops its kernels; make sure none is left behind either way
        try:
            k.kill()
        except psutil.Error:
            pass


class Served:
    """A server :func:`serving` started: its process, its port and its log."""

    def __init__(self, proc: subprocess.Popen[str], port: int, log: IO[str]) -> None:
        self.proc, self.port, self.log = proc, port, log
        self.url = f"http://127.0.0.1:{port}/"

    def log_text(self) -> str:
        """Its whole log so far."""
        self.log.flush()
        self.log.seek(0)
        return self.log.read()

    def kernels(self) -> list[psutil.Process]:
        """Its running kernels (its ``ipykernel_launcher`` child processes)."""
        return kernels_of(self.proc.pid)


@contextmanager
def serving(argv: Sequence[str], port: int, cwd: Path, env: Mapping[str, str], what: str = "server",
            timeout: float = 60.0) -> Iterator[Served]:
    """Run ``argv`` until it listens on ``port``; yield it; stop it at the end, and any kernel it
    leaves behind (printing the end of its log, which pytest shows for a failing test)."""
    log = tempfile.TemporaryFile(mode="w+")
    proc = subprocess.Popen(list(argv), cwd=cwd, env=dict(env), stdout=log, stderr=subprocess.STDOUT, text=True)
    served = Served(proc, port, log)
    try:
        wait_until_listening(proc, port, what, timeout)
        yield served
    finally:
        stop(proc, served.kernels())  # kernels looked up while the server runs: once it is gone they cannot be
        print(served.log_text()[-4000:])
        log.close()


def _message(kind: str, content: dict[str, Any]) -> str:
    return json.dumps({"header": {"msg_id": uuid.uuid4().hex, "msg_type": kind, "username": "reader",
                                  "session": uuid.uuid4().hex, "version": "5.3", "date": ""},
                       "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
                       "buffers": []})


def try_to_run_code(ws_url: str, marker: Path, headers: Mapping[str, str] | None = None) -> list[str]:
    """Send a kernel's websocket what a browser could: an execute request (code that would write
    ``marker``), then a kernel_info_request; the kinds of message that come back (a few seconds)."""
    from tornado.httpclient import HTTPRequest
    from tornado.websocket import websocket_connect

    async def talk() -> list[str]:
        ws = await websocket_connect(HTTPRequest(ws_url, headers=dict(headers or {})))
        code = f"open({str(marker)!r}, 'w').write('x')"
        await ws.write_message(_message("execute_request", {"code": code, "silent": False, "store_history": False,
                                                            "user_expressions": {}, "allow_stdin": False}))
        await ws.write_message(_message("kernel_info_request", {}))
        kinds: list[str] = []
        try:
            while "kernel_info_reply" not in kinds or len(kinds) < 12:
                raw = await asyncio.wait_for(ws.read_message(), 5)
                if raw is None:
                    break
                if isinstance(raw, str):
                    kinds.append(json.loads(raw)["header"]["msg_type"])
        except TimeoutError:
            pass
        ws.close()
        return kinds

    return asyncio.run(talk())
