"""The live book's server: Voilà, made fit for a crowd of strangers.

``deploy/serve`` runs this file (``python deploy/live_server.py _build/live --Voila.config_file_paths=deploy``);
its settings are in ``deploy/voila.py``. It is Voilà 0.5's own application (:class:`LiveBook`
subclasses ``voila.app.Voila``), with these differences:

**Only the book is served.** ``/`` is a front door (the book, the live chapters, and the staff
trainer only where it is switched on: ``LiveBook.serve_trainer``). ``/voila/render/`` renders
only the live chapters listed in ``chapters.json`` (written by deploy/live_build.py), never a
notebook under ``site/`` (the book's ``_sources``), never with another template or theme (a
``?template=`` or ``?theme=`` is redirected away). Voilà's tree, contents API, login and logout
pages and the pre-heat query socket are gone; an unknown address gets a page with a way back to
the book, never a 500.

**Every kernel belongs to the page that started it.** When a live chapter is served, a random
secret is set in cookies whose paths are that kernel's own URLs (its websocket and REST address,
and Voilà's shutdown address); only the browser holding the page has them (``HttpOnly``,
``SameSite=Strict``). Every route that names a kernel (the websocket, ``GET``/``DELETE
/api/kernels/<id>``, the shutdown beacon, the progressive-rendering socket) answers 404, as for a
kernel that does not exist, unless the request carries that secret: knowing a kernel's id is not
enough to read, connect to, interrupt, restart or delete it. There is no route that lists kernels,
interrupts or restarts one. Kernel ids (and any other UUID) are replaced in the server's log by
a short tag that cannot be turned back into the id.

**No reader can lock out another.**

- A plain ``GET`` of a live chapter (a crawler, a link checker, ``curl``) starts nothing: the
  first answer is a small page whose script sets a cookie and loads the chapter again; only a
  browser running the page's script gets a kernel. A browser that says it is one gets the
  chapter at once: a page navigation (``Sec-Fetch-Mode: navigate``, ``Sec-Fetch-Dest:
  document``, sent by every current browser and set by no crawler or HTTP library), or the
  cookie, which the front door and the served book's pages set too. A browser's prefetch of the
  page (``Sec-Purpose: prefetch``) starts nothing either.
- A kernel whose page has given no sign of a browser within ``LiveBook.unclaimed_timeout`` seconds
  (default 30) after the page was sent is shut down by then: neither the page's first script
  (which asks for its kernel at once, see the handbook template) nor its websocket came. A reader
  who leaves while his page is being sent frees its kernel at the next look. A page whose script
  ran gets ``LiveBook.connect_timeout`` seconds (300) to open its websocket (its scripts load
  slowly when a crowd's browsers share a machine). A kernel whose page has been gone (no
  websocket) for ``LiveBook.detached_timeout`` seconds is shut down, busy or not.
- Readers' kernels are capped in all (``LiveBook.max_kernels``; then "The live book is full", 503)
  and per client (``LiveBook.kernels_per_client``; then "Too many live chapters open", 429). The
  client is the peer's address or, when the peer is one of ``LiveBook.trusted_proxies``
  (default: this machine), the address its ``X-Forwarded-For`` header gives.
- The browser may send a kernel widget and info messages only (never code), none larger than
  ``LiveBook.max_message_bytes``, and may not create widgets in it (a ``comm_open`` to anything
  but ``jupyter.widget.control`` is dropped). The kernel itself (deploy/jupyter/kernels/
  handbook-live) gives each click at most ``LiveBook.click_cpu_seconds`` of CPU.

**Pre-started kernels.** Each live chapter has a pool of kernels that have already run it
(Voilà's pre-heated kernels): a reader gets one at once and its place is refilled in the
background, at most ``LiveBook.warmup_concurrency`` at a time so that the readers already there
keep their share of the processor. The pool of a chapter is ``LiveBook.pool_size`` kernels (or
``LiveBook.pool_sizes[chapter]``), fewer if the memory available when the server starts cannot
hold them (``LiveBook.pool_memory_fraction`` of it, at ``LiveBook.kernel_mb`` each), and no
kernel is started for a pool while less than ``LiveBook.min_free_mb`` is free. Pool kernels are
nobody's: no cookie opens them, and they are not counted in the caps.

**Operating it.** A port already in use stops the server with a clear message (Voilà would move
to another port without saying so). A reader who leaves while his page is being sent costs one
log line, not a traceback.
"""

from __future__ import annotations

import asyncio
import contextvars
import errno
import hashlib
import hmac
import html
import ipaddress
import json
import logging
import os
import re
import secrets
import sys
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# This file's folder holds deploy/voila.py, the configuration, which would shadow the voila package
# for a script run from here: import the package with the folder left out of the path.
_HERE = os.path.dirname(os.path.abspath(__file__))
if "voila" not in sys.modules:
    _path = list(sys.path)
    sys.path[:] = [p for p in sys.path if os.path.abspath(p or os.curdir) != _HERE]
    import voila  # noqa: F401,E402  (the package)
    sys.path[:] = _path

import psutil  # noqa: E402
import tornado.httpserver  # noqa: E402
import tornado.ioloop  # noqa: E402  (after the voila import above)
import tornado.netutil  # noqa: E402  (after the voila import above)
import tornado.web  # noqa: E402  (after the voila import above)
from jupyter_server.base.handlers import APIHandler, JupyterHandler  # noqa: E402  (after the voila import above)
from jupyter_server.services.kernels.connection.channels import (  # noqa: E402  (after the voila import above)
    ZMQChannelsWebsocketConnection,
)
from jupyter_server.services.kernels.handlers import KernelHandler  # noqa: E402  (after the voila import above)
from jupyter_server.services.kernels.kernelmanager import (  # noqa: E402  (after the voila import above)
    AsyncMappingKernelManager,
)
from jupyter_server.utils import url_path_join  # noqa: E402  (after the voila import above)
from tornado.iostream import StreamClosedError  # noqa: E402  (after the voila import above)
from traitlets import Bool, Dict, Float, Integer, List, Unicode  # noqa: E402  (after the voila import above)
from voila.app import Voila  # noqa: E402  (needs the voila package imported above)
from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler  # noqa: E402  (needs the voila package above)
from voila.static_file_handler import TemplateStaticFileHandler  # noqa: E402  (needs the voila package above)
from voila.tornado.execution_request_handler import (  # noqa: E402  (needs the voila package imported above)
    ExecutionRequestHandler,
)
from voila.tornado.handler import TornadoVoilaHandler  # noqa: E402  (needs the voila package imported above)
from voila.tornado.kernel_websocket_handler import (  # noqa: E402  (needs the voila package imported above)
    VoilaKernelWebsocketHandler,
)
from voila.voila_kernel_manager import voila_kernel_manager_factory  # noqa: E402  (needs the voila package above)

__all__ = ["LiveBook", "LiveKernelManager", "LiveConnection", "redact", "main"]

#: The cookie that holds a page's secret; one per kernel, its path that kernel's URLs.
KERNEL_COOKIE = "handbook_kernel"
#: The cookie the first answer's script sets: a browser that runs scripts gets the live chapter.
BROWSER_COOKIE = "handbook_live"
#: The script that sets it. The front door carries it, and so does every page of the served book
#: with an "Open live" link (deploy/live_build.py, tested equal): a reader who comes from them
#: opens a chapter at once; one who comes from elsewhere gets the small page that runs it first.
BROWSER_COOKIE_JS = f"document.cookie = '{BROWSER_COOKIE}=1; path=/; max-age=31536000; SameSite=Strict';"
#: The header of the page's first request for its kernel (the handbook template): a browser is there.
PAGE_HEADER = "X-Handbook-Page"
#: What a browser may open a comm to (the page asking for the widgets the chapter made): the
#: kernels' rule (``gamelib.widgets.kernel.BROWSER_COMM_TARGETS``), kept here so that the server
#: need not import gamelib; tests/deploy/test_live_book.py holds the two equal.
ALLOWED_COMM_TARGETS = frozenset({"jupyter.widget.control"})
#: What a browser may send a kernel: widget and info messages, never code.
ALLOWED_MESSAGE_TYPES = ["comm_open", "comm_close", "comm_msg", "comm_info_request",
                         "kernel_info_request", "shutdown_request"]
UUID = re.compile(r"[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}")
KERNEL_ID = r"(?P<kernel_id>\w+-\w+-\w+-\w+-\w+)"
#: Seconds between two looks at the readers' kernels (the timeouts are counted to this).
CHECK_EVERY = 2.0

#: The request being answered by LiveRenderHandler (how start_kernel knows whose kernel it starts).
_READER: contextvars.ContextVar[Reader | None] = contextvars.ContextVar("handbook_reader", default=None)


# --- the log ----------------------------------------------------------------------------------------

_SALT = secrets.token_bytes(16)


def redact(text: str) -> str:
    """``text`` with every UUID (kernel ids, session ids) replaced by a short tag that names the same
    id the same way for this server's life, and cannot be turned back into it.

    >>> t = redact("Kernel started: 0b4a1c7e-6f7e-4b1e-9a51-3d3c2f7e9a10")
    >>> t.startswith("Kernel started: k-") and "0b4a1c7e" not in t
    True
    """
    return UUID.sub(lambda m: "k-" + hashlib.sha256(_SALT + m.group(0).lower().encode()).hexdigest()[:8], text)


class RedactFilter(logging.Filter):
    """Takes kernel ids out of every record a handler writes."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a record that cannot be formatted is left to its handler
            return True
        if UUID.search(message):
            record.msg, record.args = redact(message), None
        return True


def redact_logs(loggers: Iterable[logging.Logger] = ()) -> None:
    """Put :class:`RedactFilter` on every handler of the root logger, of ``loggers`` and of every
    logger that has its own handlers now."""
    seen: list[logging.Handler] = []
    every = [logging.getLogger(), *loggers] + [
        lg for lg in logging.Logger.manager.loggerDict.values() if isinstance(lg, logging.Logger)]
    for lg in every:
        for handler in lg.handlers:
            if handler not in seen and not any(isinstance(f, RedactFilter) for f in handler.filters):
                handler.addFilter(RedactFilter())
            seen.append(handler)


# --- pages ------------------------------------------------------------------------------------------

PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">{head}
<title>{title}</title>
<style>
body {{ font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; max-width: 44em; margin: 3em auto;
  padding: 0 1em; line-height: 1.5; color: #222; }}
h1 {{ font-size: 1.6em; }} h2 {{ font-size: 1.2em; margin-top: 1.6em; }}
ul {{ padding-left: 1.2em; }} li {{ margin: .15em 0; }} .part {{ color: #555; font-size: .95em; margin: 1em 0 .2em; }}
.note {{ color: #555; }}
</style>
</head><body class="handbook-page">
{body}
</body></html>
"""


def page(title: str, body: str, head: str = "") -> str:
    return PAGE.format(title=html.escape(title), body=body, head=head)


def way_back(base_url: str) -> str:
    book = html.escape(url_path_join(base_url, "voila/files/site/index.html"))
    door = html.escape(base_url)
    return (f'<p><a href="{book}">Back to the book</a> &middot; <a href="{door}">All the live chapters</a></p>')


# --- who is asking ----------------------------------------------------------------------------------

def _networks(values: Iterable[str]) -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    return [ipaddress.ip_network(v.strip(), strict=False) for v in values if v.strip()]


def client_address(peer: str, forwarded: list[str], trusted: list[Any]) -> str:
    """The client's address: the peer's, or, when the peer is a trusted proxy, the nearest
    address of ``X-Forwarded-For`` (read from the right) that is not a trusted proxy.

    >>> nets = _networks(["127.0.0.1", "10.0.0.0/8"])
    >>> client_address("127.0.0.1", ["203.0.113.9, 10.1.2.3"], nets)
    '203.0.113.9'
    >>> client_address("198.51.100.4", ["203.0.113.9"], nets)  # an untrusted peer's header is ignored
    '198.51.100.4'
    >>> client_address("127.0.0.1", [], nets)
    '127.0.0.1'
    """
    def is_trusted(addr: str) -> bool:
        try:
            ip = ipaddress.ip_address(addr.strip().strip("[]"))
        except ValueError:
            return False
        return any(ip in net for net in trusted)

    if not is_trusted(peer):
        return peer
    hops = [h.strip() for line in forwarded for h in line.split(",") if h.strip()]
    for hop in reversed(hops):
        if not is_trusted(hop):
            try:
                return str(ipaddress.ip_address(hop.strip("[]")))
            except ValueError:
                return peer  # a header that is not an address: count the proxy itself
    return peer


# --- the kernels --------------------------------------------------------------------------------------

@dataclass
class Reader:
    """A kernel given to a page: its page's secret, its client, and what its page has done."""

    secret: str
    client: str
    chapter: str
    given: float  # monotonic time it was given
    served: float | None = None  # its page was sent in full
    claimed: float | None = None  # its page's first script ran (it asked for its kernel)
    connections: int = 0
    connected_once: bool = False
    left: float | None = None  # its last websocket closed
    kernel_id: str = ""
    abandoned: bool = False  # the reader left while the page was being sent


class LiveKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager, with every reader's kernel recorded, capped, and shut down
    when its page never came or has gone (see the module docstring). The settings come from
    :class:`LiveBook` (``configure``)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.readers: dict[str, Reader] = {}
        self.starting = 0  # readers' kernels being started or taken (not yet in self.readers)
        self.pending: dict[str, int] = {}  # the same, by client
        self.max_kernels = 40
        self.kernels_per_client = 10
        self.unclaimed_timeout = 30.0
        self.connect_timeout = 300.0
        self.detached_timeout = 120.0
        self._checker: tornado.ioloop.PeriodicCallback | None = None

    # the caps
    def used(self) -> int:
        return len(self.readers) + self.starting

    def is_full(self) -> bool:
        return 0 < self.max_kernels <= self.used()

    def of_client(self, client: str) -> int:
        return sum(1 for r in self.readers.values() if r.client == client) + self.pending.get(client, 0)

    def reserve(self, client: str) -> None:
        """Count a kernel about to be given to ``client`` (taken from a pool, or started)."""
        self.starting += 1
        self.pending[client] = self.pending.get(client, 0) + 1

    def release(self, client: str) -> None:
        self.starting -= 1
        self.pending[client] -= 1
        if not self.pending[client]:
            del self.pending[client]

    def client_full(self, client: str) -> bool:
        return 0 < self.kernels_per_client <= self.of_client(client)

    def give(self, kernel_id: str, reader: Reader) -> None:
        reader.kernel_id = kernel_id
        self.readers[kernel_id] = reader

    def owns(self, kernel_id: str, secret: str | None) -> bool:
        """Whether ``secret`` is the secret of the page ``kernel_id`` was given to."""
        reader = self.readers.get(kernel_id)
        if reader is None or not secret:
            return False
        return hmac.compare_digest(reader.secret.encode(), secret.encode())

    def claim(self, kernel_id: str) -> None:
        """The page's first script ran: a browser has the page (its websocket follows once the
        page's scripts have loaded, which under load can take a while)."""
        reader = self.readers.get(kernel_id)
        if reader is not None and reader.claimed is None:
            reader.claimed = time.monotonic()

    def connected(self, kernel_id: str) -> None:
        reader = self.readers.get(kernel_id)
        if reader is not None:
            reader.connections += 1
            reader.connected_once = True
            reader.left = None

    def disconnected(self, kernel_id: str) -> None:
        reader = self.readers.get(kernel_id)
        if reader is not None:
            reader.connections = max(0, reader.connections - 1)
            if reader.connections == 0:
                reader.left = time.monotonic()

    async def start_kernel(  # type: ignore[override]
            self, *, kernel_id: str | None = None, path: Any = None, **kwargs: Any) -> str:
        """Start a kernel; one started for a reader's page (not for a pool) is recorded as the
        reader's (the page's handler has counted it against the caps before)."""
        reader = _READER.get()
        kid = str(await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs))
        if reader is not None and not reader.kernel_id:
            self.give(kid, reader)  # counted by the handler's reserve() until now
        return kid

    async def shutdown_kernel(self, kernel_id: str, *args: Any, **kwargs: Any) -> Any:  # type: ignore[override]
        self.readers.pop(kernel_id, None)
        return await super().shutdown_kernel(kernel_id, *args, **kwargs)

    # the timeouts
    def start_checking(self) -> None:
        if self._checker is None:
            self._checker = tornado.ioloop.PeriodicCallback(self.check, CHECK_EVERY * 1000)
            self._checker.start()

    async def check(self) -> None:
        """Shut down the readers' kernels whose page never connected, or has gone."""
        now = time.monotonic()
        for kid, reader in list(self.readers.items()):
            if reader.connections:
                continue
            why = None
            if reader.abandoned:
                why = "its reader left while the page was being sent"
            elif not reader.connected_once and reader.claimed is not None:
                if now - reader.claimed > self.connect_timeout:
                    why = f"its page never connected ({self.connect_timeout:g} s after its script ran)"
            elif not reader.connected_once:
                # stopped by the look that comes last before the timeout is up: never later than it
                if reader.served is not None and now - reader.served > self.unclaimed_timeout - CHECK_EVERY:
                    why = (f"its page never connected ({now - reader.served:.1f} s after it was sent; "
                           f"at most {self.unclaimed_timeout:g} s)")
            elif reader.left is not None and now - reader.left > self.detached_timeout:
                why = f"its page has gone ({self.detached_timeout:g} s)"
            if why and kid in self:
                state = getattr(self.get_kernel(kid), "execution_state", "unknown")
                self.log.info("Stopping a reader's kernel %s (%s): %s", kid, state, why)
                try:
                    await self.shutdown_kernel(kid, now=True)
                except Exception as err:  # already gone
                    self.log.debug("stopping %s: %s", kid, err)
                    self.readers.pop(kid, None)
            elif why:
                self.readers.pop(kid, None)


def pooled_kernel_manager(base: type[LiveKernelManager], page_config_hook: Any = None) -> type:
    """``base`` with Voilà's pools of pre-started kernels, a pool's kernels started at most
    ``warmup_concurrency`` at a time and never while memory is short, and a ready kernel given
    before one still starting."""
    voila_pooled = voila_kernel_manager_factory(base, True, 0, page_config_hook=page_config_hook)

    class LivePool(voila_pooled):  # type: ignore[misc, valid-type]
        def __init__(self, **kwargs: Any) -> None:
            self.warmup_concurrency = kwargs.pop("warmup_concurrency", 1)
            self.min_free_mb = kwargs.pop("min_free_mb", 0)
            self._warming = asyncio.Semaphore(max(1, self.warmup_concurrency))
            self._short_of_memory = False
            super().__init__(**kwargs)

        async def _initialize(self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any) -> Any:
            async with self._warming:
                free_mb = psutil.virtual_memory().available / 2**20
                if kernel_id is None and free_mb < self.min_free_mb:
                    if not self._short_of_memory:
                        self.log.warning("%.0f MB free, less than %d MB: the pools are not refilled until "
                                         "memory frees up", free_mb, self.min_free_mb)
                    self._short_of_memory = True
                    raise MemoryError("not enough memory free for a pre-started kernel")
                self._short_of_memory = False
                result = await super()._initialize(notebook_path, kernel_id, **kwargs)
                # A pool kernel is ready once it has run its chapter: wait for that here, so that
                # the next one starts only then.
                try:
                    await asyncio.shield(result["task"])
                except Exception:
                    pass
                return result

        def ready(self, notebook_name: str) -> int:
            """How many of the chapter's pooled kernels have run it and wait for a reader."""
            return sum(1 for t in self._pools.get(notebook_name, []) if _ok(t))

        async def get_rendered_notebook(self, notebook_name: str, extra_kernel_env_variables: dict | None = None,
                                        **kwargs: Any) -> Any:
            if extra_kernel_env_variables is None:
                extra_kernel_env_variables = {}
            pool = self._pools.get(notebook_name, [])
            for task in [t for t in pool if t.done() and not _ok(t)]:
                pool.remove(task)  # a kernel that failed to start or was refused: drop it
            ready = [i for i, t in enumerate(pool) if _ok(t)]
            if ready:
                pool.insert(0, pool.pop(ready[0]))
            elif not pool:
                self.fill_if_needed(delay=0, notebook_name=notebook_name)
            return await super().get_rendered_notebook(notebook_name, extra_kernel_env_variables, **kwargs)

    return LivePool


def _ok(task: asyncio.Future[Any]) -> bool:
    return task.done() and not task.cancelled() and task.exception() is None


# --- what a browser may send a kernel -------------------------------------------------------------------

class LiveConnection(ZMQChannelsWebsocketConnection):
    """The kernel websocket's connection, dropping what a reader's browser has no business sending:
    a message larger than ``max_message_bytes`` and a ``comm_open`` to any target but
    ``jupyter.widget.control`` (a widget the browser would create in the kernel). The message
    types are limited by the kernel manager's ``allowed_message_types`` as in Voilà."""

    max_message_bytes = 65536

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        size = len(incoming_msg)
        if size > self.max_message_bytes:
            self.log.warning("dropped a %d-byte message from a browser (the limit is %d)", size, self.max_message_bytes)
            return
        refused = refused_comm_open(incoming_msg, self.subprotocol)
        if refused is not None:
            self.log.warning("dropped a comm_open from a browser for target %r", refused)
            return
        super().handle_incoming_message(incoming_msg)


def refused_comm_open(ws_msg: Any, subprotocol: str | None) -> str | None:
    """The target of a ``comm_open`` a browser may not send (any but ``jupyter.widget.control``; a
    message that cannot be read counts as one, with the target ``"(unreadable)"``), or ``None``
    for a message the kernel may have. Every message is read as the kernel will read it, JSON
    escapes and all, not searched for bytes.

    >>> escaped = json.dumps({"header": {"msg_type": "comm_open"}, "content": {"target_name": "jupyter.widget"}})
    >>> sneaky = escaped.replace("comm_open", "comm\\\\u005fopen")
    >>> "comm_open" in sneaky, refused_comm_open(sneaky, None)
    (False, 'jupyter.widget')
    >>> refused_comm_open(json.dumps({"header": {"msg_type": "comm_open"},
    ...                               "content": {"target_name": "jupyter.widget.control"}}), None) is None
    True
    >>> refused_comm_open("{not json", None), refused_comm_open(json.dumps({"header": {"msg_type": "comm_msg"},
    ...                                                                      "content": {}}), None)
    ('(unreadable)', None)
    """
    target = _comm_target(ws_msg, subprotocol)
    if target is _NOT_COMM_OPEN or target in ALLOWED_COMM_TARGETS:
        return None
    return "(unreadable)" if target is None else str(target)


_NOT_COMM_OPEN = object()


def _comm_target(ws_msg: Any, subprotocol: str | None) -> Any:
    """The ``target_name`` of a comm_open message as the browser sent it (``_NOT_COMM_OPEN`` for
    another message; ``None`` for one that cannot be read, which is then dropped)."""
    try:
        if subprotocol == "v1.kernel.websocket.jupyter.org":
            from jupyter_server.services.kernels.connection.base import deserialize_msg_from_ws_v1

            _, parts = deserialize_msg_from_ws_v1(ws_msg)
            header, content = json.loads(parts[0]), json.loads(parts[3])
        else:
            if isinstance(ws_msg, bytes):
                from jupyter_server.services.kernels.connection.base import deserialize_binary_message

                msg = deserialize_binary_message(ws_msg)
            else:
                msg = json.loads(ws_msg)
            header, content = msg["header"], msg["content"]
        if header.get("msg_type") != "comm_open":
            return _NOT_COMM_OPEN
        return content.get("target_name")
    except Exception:
        return None


def kernel_paths(base_url: str, kernel_id: str) -> list[str]:
    """The URLs of a kernel a page uses: its websocket and model, Voilà's shutdown beacon and
    progressive-rendering socket."""
    return [url_path_join(base_url, "api/kernels", kernel_id),
            url_path_join(base_url, "voila/api/shutdown", kernel_id),
            url_path_join(base_url, "voila/execution", kernel_id)]


def browser_navigation(headers: Any) -> bool:
    """Whether a request is a browser's page navigation (its Fetch Metadata headers), which no
    crawler or HTTP library sends unless told to.

    >>> browser_navigation({"Sec-Fetch-Mode": "navigate", "Sec-Fetch-Dest": "document"})
    True
    >>> browser_navigation({"User-Agent": "curl/8.5.0"}), browser_navigation({"Sec-Fetch-Mode": "cors"})
    (False, False)
    """
    return headers.get("Sec-Fetch-Mode") == "navigate" and headers.get("Sec-Fetch-Dest") == "document"


def prefetch(headers: Any) -> bool:
    """Whether a browser asks for the page before the reader has opened it (a link prefetched or
    prerendered): that starts no kernel, whatever else the request says.

    >>> prefetch({"Sec-Purpose": "prefetch;prerender"}), prefetch({"Purpose": "prefetch"}), prefetch({})
    (True, True, False)
    """
    return any("prefetch" in headers.get(h, "").lower() for h in ("Sec-Purpose", "Purpose", "X-Moz", "X-Purpose"))


def kernel_cookie(secret: str, path: str, secure: bool = False, max_age: int = 86400) -> str:
    """A ``Set-Cookie`` value: the page's secret for the URLs under ``path`` only.

    >>> kernel_cookie("s3cret", "/api/kernels/k1")
    'handbook_kernel=s3cret; Path=/api/kernels/k1; Max-Age=86400; HttpOnly; SameSite=Strict'
    """
    return (f"{KERNEL_COOKIE}={secret}; Path={path}; Max-Age={max_age}; HttpOnly; SameSite=Strict"
            + ("; Secure" if secure else ""))


# --- handlers ---------------------------------------------------------------------------------------------

class LivePages:
    """What every handler of the live book shares: its pages, the client's address, the secret."""

    settings: dict[str, Any]
    request: Any

    @property
    def book(self) -> LiveBook:
        return self.settings["live_book"]  # type: ignore[no-any-return]

    def client(self) -> str:
        return client_address(self.request.remote_ip, self.request.headers.get_list("X-Forwarded-For"),
                              self.book.trusted)

    def secret_ok(self, kernel_id: str) -> bool:
        km = self.settings["kernel_manager"]
        return isinstance(km, LiveKernelManager) and km.owns(kernel_id, self.get_cookie(KERNEL_COOKIE))  # type: ignore[attr-defined]

    def live_page(self, status: int, title: str, body: str, head: str = "", reason: str | None = None) -> None:
        self.set_status(status, reason=reason)  # type: ignore[attr-defined]
        self.set_header("Content-Type", "text/html; charset=utf-8")  # type: ignore[attr-defined]
        self.set_header("Cache-Control", "no-store")  # type: ignore[attr-defined]
        self.finish(page(title, body, head))  # type: ignore[attr-defined]

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        base = self.settings.get("base_url", "/")
        words = {403: "Not allowed", 404: "There is no such page", 405: "Not allowed",
                 429: "Too many requests", 503: "The live book is busy"}.get(status_code, "Something went wrong")
        self.set_header("Content-Type", "text/html; charset=utf-8")  # type: ignore[attr-defined]
        self.finish(page(words, f"<h1>{html.escape(words)}</h1>{way_back(base)}"))  # type: ignore[attr-defined]


class LiveTemplateStaticHandler(LivePages, TemplateStaticFileHandler):
    """``/voila/templates/<template>/static/<file>``: the book's template's files only; any other
    address there is a 404 (Voilà's own handler fails with a 500)."""

    def parse_url_path(self, path: str) -> str:
        if not template_static_path(path, self.settings["live_book"].templates()):
            raise tornado.web.HTTPError(404)
        return str(super().parse_url_path(path))


def template_static_path(path: str, templates: Iterable[str]) -> bool:
    """Whether ``path`` (``<template>/static/<file>``, decoded) names a file of one of ``templates``'
    static folders: no ``..`` or ``.`` step, no empty file name, no control character (Voilà's own
    handler fails with a 500 on ``handbook/static/%2e%2e/conf.json``).

    >>> [template_static_path(p, ["handbook"]) for p in ("handbook/static/no-math.js", "handbook/static/../conf.json",
    ...  "handbook/static/", "lab/static/x.js", "handbook/static/a/./b.js", "handbook/static/x\\x00.js")]
    [True, False, False, False, False, False]
    """
    parts = path.split("/", 2)
    if len(parts) != 3 or parts[1] != "static" or parts[0] not in templates:
        return False
    steps = parts[2].split("/")
    return all(step not in ("", ".", "..") for step in steps) and not any(ord(c) < 32 for c in path)


def _with_pages(cls: type) -> type:
    """A handler Voilà registers, answering its errors with the live book's pages (Jupyter
    Server's own error pages need settings a Voilà server does not have: a traceback, then a 500)."""
    if cls is TemplateStaticFileHandler:
        return LiveTemplateStaticHandler
    if issubclass(cls, LivePages) or issubclass(cls, APIHandler):
        return cls
    return type(f"Live{cls.__name__}", (LivePages, cls), {"__doc__": cls.__doc__})


class NotFoundHandler(LivePages, JupyterHandler):
    """Any address the live book does not serve: a page with a way back to the book."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404)

    def check_xsrf_cookie(self) -> None:  # a POST to nowhere is a 404 too, not a 403
        return None


class FrontDoor(LivePages, JupyterHandler):
    """``/``: the book, its live chapters and (where switched on) the staff trainer."""

    def get(self, path: str = "") -> None:
        self.live_page(200, "The Casino Poker Handbook", self.book.front_door_html(),
                       head=f"<script>{BROWSER_COOKIE_JS}</script>")


class LiveRenderHandler(LivePages, TornadoVoilaHandler):
    """``/voila/render/<chapter>``: a live chapter, from its pool when it has one."""

    def should_use_rendered_notebook(self, *args: Any) -> bool:  # the pool is used by get() below
        return False

    def on_connection_close(self) -> None:
        self._gone = True
        super().on_connection_close()

    async def get(self, path: str | None = None) -> None:  # type: ignore[override]
        self._gone = False
        book = self.book
        chapter = (path or "").lstrip("/")
        if chapter not in book.served_chapters():
            raise tornado.web.HTTPError(404)
        if self.request.query_arguments:  # no ?template=, ?theme=, ...: the book's view only
            self.redirect(url_path_join(self.base_url, "voila/render", chapter), permanent=False)
            return
        headers = self.request.headers
        if prefetch(headers) or not (self.get_cookie(BROWSER_COOKIE) or browser_navigation(headers)):
            self.live_page(200, "Opening the live chapter", book.gate_html(), head=book.gate_head())
            return
        km: LiveKernelManager = self.kernel_manager
        client = self.client()
        if km.is_full():
            used = km.used()
            self.log.warning("full (%d of %d readers' kernels): %s", used, km.max_kernels, chapter)
            self.set_header("Retry-After", "30")
            self.live_page(503, "The live book is full", book.full_html(used, km.max_kernels),
                           head='<meta http-equiv="refresh" content="30">', reason="The live book is full")
            return
        if km.client_full(client):
            self.live_page(429, "Too many live chapters open", book.too_many_html(km.of_client(client)),
                           reason="Too many live chapters open")
            return
        _ = self.xsrf_token  # the cookie Voilà's shutdown beacon sends back when the tab closes
        reader = Reader(secrets.token_urlsafe(32), client, chapter, time.monotonic())
        self.set_header("Content-Type", "text/html")
        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        km.reserve(client)  # counted from now: a burst of requests cannot pass the caps together
        try:
            if getattr(km, "get_pool_size", lambda _: 0)(chapter) > 0:
                await self._from_pool(km, chapter, reader)
            else:
                await self._started(chapter, reader)
        except Exception as err:
            if reader.kernel_id:
                self._reader_left(km, reader)
            if self._headers_written or self._gone:
                self.log.warning("Live chapter %s stopped while it was being sent: %s", chapter, err)
                return
            self.log.warning("Live chapter %s could not be started: %s", chapter, err)
            self.set_header("Retry-After", "30")
            self.live_page(503, "The live book is busy", book.busy_html(),
                           head='<meta http-equiv="refresh" content="30">', reason="The live book is busy")
            return
        finally:
            km.release(client)
        if self._gone:
            self._reader_left(km, reader)
        else:
            reader.served = time.monotonic()

    def _cookies(self, kernel_id: str, secret: str) -> None:
        """The page's secret, in one cookie per URL of its kernel (tornado's set_cookie keeps one
        cookie per name, so these are written out here)."""
        for p in kernel_paths(self.base_url, kernel_id):
            self.add_header("Set-Cookie", kernel_cookie(secret, p, secure=self.request.protocol == "https"))

    async def _send(self, text: str) -> None:
        """Send a piece of the page; once the reader has gone, drop it (the chapter still runs to
        its end in its kernel, so that stopping the kernel interrupts nothing)."""
        if self._gone:
            return
        try:
            self.write(text)
            await self.flush()
        except StreamClosedError:
            self._gone = True

    async def _from_pool(self, km: Any, chapter: str, reader: Reader) -> None:
        render_task, cached, kernel_id = await km.get_rendered_notebook(notebook_name=chapter)
        km.give(kernel_id, reader)
        self._cookies(kernel_id, reader.secret)
        self.log.info("Live chapter %s for a reader (%s), kernel %s from the pool", chapter,
                      "ready" if render_task.done() else "starting", kernel_id)
        if cached:
            await self._send("".join(cached))
        rendered, rendering = await render_task
        if len(rendered) > len(cached):
            await self._send("".join(rendered[len(cached):]))
        async for snippet, _ in rendering:
            await self._send(snippet)

    async def _started(self, chapter: str, reader: Reader) -> None:
        token = _READER.set(reader)
        try:
            async for snippet in self.get_generator(path=chapter):
                # Voilà starts the kernel before the page's first piece: its cookies go first
                if reader.kernel_id and not self._headers_written and not getattr(self, "_cookies_set", False):
                    self._cookies(reader.kernel_id, reader.secret)
                    self._cookies_set = True
                await self._send(snippet)
        finally:
            _READER.reset(token)

    def _reader_left(self, km: Any, reader: Reader) -> None:
        """The reader closed the page while it was being sent: its kernel goes at the next look."""
        self.log.info("A reader left %s while it was being sent", reader.chapter)
        reader.abandoned = True


class LiveKernelWebsocketHandler(LivePages, VoilaKernelWebsocketHandler):
    """A kernel's websocket, for the page that holds its secret only."""

    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        if not self.secret_ok(kernel_id):
            raise tornado.web.HTTPError(404)
        await super().get(kernel_id)

    async def open(self, kernel_id: str) -> None:  # type: ignore[override]
        self._counted = kernel_id
        self.kernel_manager.connected(kernel_id)
        await super().open(kernel_id)

    def on_close(self) -> None:
        counted = getattr(self, "_counted", None)
        if counted:
            self.kernel_manager.disconnected(counted)
            self._counted = None
        if getattr(self, "connection", None) is not None:
            super().on_close()


class LiveKernelHandler(LivePages, KernelHandler):
    """``GET``/``DELETE /api/kernels/<id>`` (the page asks for its kernel as soon as it arrives,
    and whether it lives after its websocket drops): for the page that holds its secret only."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        KernelHandler.write_error(self, status_code, **kwargs)

    async def get(self, kernel_id: str) -> None:  # type: ignore[override]
        if not self.secret_ok(kernel_id):
            raise tornado.web.HTTPError(404)
        if self.request.headers.get(PAGE_HEADER):  # the page's first script (the handbook template)
            self.kernel_manager.claim(kernel_id)
        await super().get(kernel_id)

    async def delete(self, kernel_id: str) -> None:  # type: ignore[override]
        if not self.secret_ok(kernel_id):
            raise tornado.web.HTTPError(404)
        await super().delete(kernel_id)


class LiveShutdownHandler(LivePages, VoilaShutdownKernelHandler):
    """Voilà's shutdown beacon (a tab closed): for the page that holds the kernel's secret only."""

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        VoilaShutdownKernelHandler.write_error(self, status_code, **kwargs)

    async def post(self, kernel_id: str) -> None:  # type: ignore[override]
        if not self.secret_ok(kernel_id):
            raise tornado.web.HTTPError(404)
        await super().post(kernel_id)


class LiveExecutionHandler(LivePages, ExecutionRequestHandler):
    """Voilà's progressive-rendering socket (when switched on): for the page that holds the
    kernel's secret only."""

    async def get(self, kernel_id: str, *args: Any, **kwargs: Any) -> None:  # type: ignore[override]
        if not self.secret_ok(kernel_id):
            raise tornado.web.HTTPError(404)
        await super().get(kernel_id, *args, **kwargs)


# --- the application ---------------------------------------------------------------------------------

class LiveBook(Voila):
    """Voilà serving the live book to strangers (see the module docstring)."""

    name = "voila"  # config files are voila.py, as for Voilà
    description = __doc__.split("\n")[0]

    serve_trainer = Bool(False, config=True, help="""Serve the staff trainer (chapters/trainer.ipynb) too.
        Off by default: the public live book is the book; the trainer is for staff (issue 21).""")
    trainer_chapter = Unicode("chapters/trainer.ipynb", config=True, help="The staff trainer's live notebook.")
    max_kernels = Integer(40, config=True, help="""Readers' kernels at once (0: no cap); the next reader
        gets "The live book is full" (HTTP 503). Pool kernels are not counted.""")
    kernels_per_client = Integer(10, config=True, help="""Kernels one client may have at once (0: no cap);
        then "Too many live chapters open" (HTTP 429). Readers behind one address without a proxy
        header (a classroom behind NAT) share it: raise it for them.""")
    trusted_proxies = List(Unicode(), ["127.0.0.1", "::1"], config=True, help="""Addresses (or networks)
        of reverse proxies whose X-Forwarded-For header names the client. By default this machine:
        behind a proxy elsewhere, add its address.""")
    unclaimed_timeout = Float(30.0, config=True, help="""Seconds after its page was sent within which a kernel
        whose page has not connected to it is shut down (a crawler's GET, a page closed at once).""")
    connect_timeout = Float(300.0, config=True, help="""Seconds a kernel waits for its page's websocket once
        the page's first script has run (a browser has the page, still loading its scripts: under
        load that can take a minute).""")
    detached_timeout = Float(120.0, config=True, help="""Seconds after its page's last connection closed
        that a reader's kernel is shut down, busy or not.""")
    click_cpu_seconds = Float(10.0, config=True, help="""CPU seconds one widget message (a click) may use
        in a live kernel (0: no limit); then the widget shows that the question is too big.""")
    max_message_bytes = Integer(65536, config=True, help="The largest message a browser may send a kernel.")
    pool_size = Integer(1, config=True, help="""Pre-started kernels per live chapter (0: none, each reader's
        kernel starts when he arrives).""")
    pool_sizes = Dict(config=True, help="""Pre-started kernels for given chapters, e.g.
        {"banked/crazy4": 20} for a class about to open Crazy 4 Poker (overrides pool_size).""")
    pool_memory_fraction = Float(0.5, config=True, help="""At most this share of the memory available at
        start goes to pre-started kernels (the pools shrink, in the book's order, to fit).""")
    kernel_mb = Integer(130, config=True, help="Memory of one pre-started kernel, MB (to size the pools).")
    min_free_mb = Integer(400, config=True, help="""No pool kernel is started while less memory than this
        (MB) is available.""")
    warmup_concurrency = Integer(0, config=True, help="""Pool kernels started at once (0: one less than
        the processors, at least one).""")

    def templates(self) -> set[str]:
        """The templates whose static files a page of the book loads: the book's and those it
        extends (handbook -> lab -> base)."""
        if not hasattr(self, "_templates"):
            names = {self.voila_configuration.template}
            for path in self.template_paths:
                if Path(path).parent.name == "templates":
                    names.add(Path(path).name)
            self._templates = names
        return self._templates

    @property
    def trusted(self) -> list[Any]:
        return _networks(self.trusted_proxies)

    # -- the chapters
    def chapter_list(self) -> list[dict[str, str]]:
        """The live chapters in the book's order ({path, title, part}), from chapters.json
        (deploy/live_build.py), or every notebook under chapters/."""
        root = Path(self.root_dir)
        listed = root / "chapters.json"
        if listed.is_file():
            items = json.loads(listed.read_text(encoding="utf-8"))
            return [{"path": f"chapters/{c['path']}", "title": c.get("title", c["path"]), "part": c.get("part", "")}
                    for c in items]
        return [{"path": p.relative_to(root).as_posix(), "title": p.stem, "part": ""}
                for p in sorted((root / "chapters").rglob("*.ipynb")) if ".ipynb_checkpoints" not in p.parts]

    def served_chapters(self) -> set[str]:
        if not hasattr(self, "_served"):
            self._served = {c["path"] for c in self.chapter_list()
                            if self.serve_trainer or c["path"] != self.trainer_chapter}
        return self._served

    def pools(self) -> dict[str, int]:
        """Pre-started kernels per chapter: as configured, shrunk to fit the memory."""
        wanted: dict[str, int] = {}
        for c in self.chapter_list():
            path = c["path"]
            if path == self.trainer_chapter or path not in self.served_chapters():
                continue  # the trainer signs its user in when it starts: never pre-started
            short = path[len("chapters/"):].removesuffix(".ipynb")
            wanted[path] = max(0, int(self.pool_sizes.get(short, self.pool_sizes.get(path, self.pool_size))))
        budget = int(psutil.virtual_memory().available / 2**20 * self.pool_memory_fraction / max(1, self.kernel_mb))
        total = sum(wanted.values())
        if total > budget:
            self.log.warning("Memory for %d pre-started kernels, not the %d asked for: the pools are smaller",
                             budget, total)
            # take one kernel from the largest pool at a time until it fits
            while sum(wanted.values()) > budget:
                big = max(wanted, key=lambda k: wanted[k])
                wanted[big] -= 1
        return wanted

    # -- Voilà's settings, handlers and listening socket, replaced where the live book differs
    def init_settings(self) -> dict[str, Any]:
        preheat = (self.voila_configuration.preheat_kernel
                   and self.pool_size + sum(int(n) for n in self.pool_sizes.values()) > 0)
        self.voila_configuration.preheat_kernel = False  # Voilà's own manager: built, then replaced
        try:
            settings = super().init_settings()
        finally:
            self.voila_configuration.preheat_kernel = preheat
        # The live notebooks are the build's own, with no saved output: Voilà runs them as they
        # are (this also keeps "Notebook ... is not trusted" out of the log on every page).
        cm = self.contents_manager
        cm.mark_trusted_cells = lambda nb, path="": cm.notary.mark_cells(nb, True)
        os.environ["HANDBOOK_CLICK_CPU_SECONDS"] = f"{self.click_cpu_seconds:g}"  # read by every kernel
        LiveConnection.max_message_bytes = self.max_message_bytes
        ipc = os.path.join(self.connection_dir, f"kernel-{uuid.uuid4()}-ipc-10")
        if len(ipc) > 100 and self.config.KernelManager.get("transport") == "ipc":
            # a Unix socket's name has at most 107 characters: the connection folder is too deep
            self.log.warning("Kernels over TCP, not Unix sockets: %s is too long a path", ipc)
            self.config.KernelManager.transport = "tcp"
        common = dict(parent=self, connection_dir=self.connection_dir, kernel_spec_manager=self.kernel_spec_manager,
                      allowed_message_types=ALLOWED_MESSAGE_TYPES)
        if preheat:
            sizes = self.pools()
            cls = pooled_kernel_manager(LiveKernelManager, self.voila_configuration.page_config_hook)
            self.kernel_manager = cls(
                **common,
                kernel_pools_config={"default": {"pool_size": 0}, **{p: {"pool_size": n} for p, n in sizes.items()}},
                preheat_denylist=[r"site/.*"] + [p for p, n in sizes.items() if n == 0]
                + [c["path"] for c in self.chapter_list() if c["path"] not in sizes],
                warmup_concurrency=self.warmup_concurrency or max(1, (os.cpu_count() or 2) - 1),
                min_free_mb=self.min_free_mb)
            self.log.info("Pre-started kernels: %d for %d chapters", sum(sizes.values()),
                          sum(1 for n in sizes.values() if n))
        else:
            self.kernel_manager = voila_kernel_manager_factory(LiveKernelManager, False, 0)(**common)
        km = self.kernel_manager
        km.max_kernels, km.kernels_per_client = self.max_kernels, self.kernels_per_client
        km.unclaimed_timeout, km.detached_timeout = self.unclaimed_timeout, self.detached_timeout
        km.connect_timeout = self.connect_timeout
        settings.update(kernel_manager=km, live_book=self, default_handler_class=NotFoundHandler,
                        kernel_websocket_connection_class=LiveConnection,
                        websocket_max_message_size=max(self.max_message_bytes * 4, 1 << 20))
        return settings

    def init_handlers(self) -> list[Any]:
        base = self.server_url
        dropped = [url_path_join(base, d) for d in ("/voila/tree", "/voila/api/contents", "/voila/query/")]
        dropped += ["/login", "/logout", url_path_join(base, "/login"), url_path_join(base, "/logout")]
        replaced = {
            url_path_join(base, f"/api/kernels/{KERNEL_ID}"): LiveKernelHandler,
            url_path_join(base, f"/api/kernels/{KERNEL_ID}/channels"): LiveKernelWebsocketHandler,
            url_path_join(base, r"/voila/api/shutdown/(.*)"): LiveShutdownHandler,
            url_path_join(base, f"/voila/execution/{KERNEL_ID}"): LiveExecutionHandler,
            url_path_join(base, r"/voila/render/(.*)"): LiveRenderHandler,
        }
        handlers: list[Any] = [(base, FrontDoor)]
        for h in super().init_handlers():
            pattern = h[0]
            if pattern == base or any(pattern.startswith(d) for d in dropped):
                continue  # Voilà's tree (the front door instead), contents API, login, logout, query socket
            cls = replaced.get(pattern) or _with_pages(h[1])
            handlers.append((pattern, cls, *h[2:]))
        return handlers

    def listen(self) -> None:
        """Listen on the configured port only; if it is taken, say so and stop."""
        try:
            sockets = tornado.netutil.bind_sockets(self.port, self.ip)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                self.log.critical("Port %d on %s is already in use (another server is running there?). "
                                  "Stop it, or choose another port: bash deploy/serve --port=8080", self.port, self.ip)
            elif err.errno in (errno.EACCES, errno.EPERM):
                self.log.critical("Not allowed to listen on port %d on %s: choose a port above 1023 "
                                  "(bash deploy/serve --port=8080)", self.port, self.ip)
            else:
                self.log.critical("Cannot listen on port %d on %s: %s", self.port, self.ip, err)
            self.exit(1)
        server = tornado.httpserver.HTTPServer(self.app, max_body_size=1 << 20)
        server.add_sockets(sockets)
        # Tornado's own loggers (the access log, its errors) write through this application's
        # handler, as in Jupyter Server; none of them prints a kernel id.
        for name in ("tornado", "tornado.access", "tornado.application", "tornado.general"):
            logger = logging.getLogger(name)
            logger.propagate, logger.parent = True, self.log
            logger.setLevel(logging.WARNING if name == "tornado.access" else self.log.level)
        redact_logs([self.log])
        self.kernel_manager.start_checking()
        self.log.info("The live book is at %s (%d live chapters%s)", self.display_url, len(self.served_chapters()),
                      ", the staff trainer too" if self.serve_trainer else "")
        self.ioloop = tornado.ioloop.IOLoop.current()
        try:
            self.ioloop.start()
        except KeyboardInterrupt:
            self.log.info("Stopping...")
        finally:
            self.stop()

    # -- the pages
    def front_door_html(self) -> str:
        base = self.base_url
        book = html.escape(url_path_join(base, "voila/files/site/index.html"))
        items, part = [], None
        for c in self.chapter_list():
            if c["path"] not in self.served_chapters() or c["path"] == self.trainer_chapter:
                continue
            if c["part"] != part:
                part = c["part"]
                if part:
                    items.append(f'</ul><p class="part">{html.escape(part)}</p><ul>')
            url = html.escape(url_path_join(base, "voila/render", c["path"]))
            items.append(f'<li><a href="{url}">{html.escape(c["title"])}</a></li>')
        trainer = ""
        if self.serve_trainer and self.trainer_chapter in self.served_chapters():
            url = html.escape(url_path_join(base, "voila/render", self.trainer_chapter))
            trainer = (f'<h2>Staff</h2><p><a href="{url}">The staff trainer</a>: practice and exams for dealers '
                       "and floor staff (sign in with your name or employee number).</p>")
        return (f"<h1>The Casino Poker Handbook</h1>"
                f'<p><a href="{book}"><b>Read the book</b></a>: every chapter, with each widget as it was saved. '
                f"Each widget has an <b>Open live</b> link to the same widget running here.</p>"
                f"<h2>Live chapters</h2><p class=\"note\">The same chapters with every widget running: deal, "
                f"compare, pay and ask the odds yourself.</p><ul>{''.join(items)}</ul>{trainer}")

    def gate_head(self) -> str:
        # Set the cookie and load the chapter again, keeping the #widget-N the reader came for; a
        # page the browser prerenders (a prefetch, answered with this page) loads it again only
        # once the reader opens it.
        return (f"<script>{BROWSER_COOKIE_JS}"
                f"if (document.cookie.indexOf('{BROWSER_COOKIE}=1') >= 0) {{"
                "if (document.prerendering) document.addEventListener('prerenderingchange', "
                "function () { location.reload(); }, {once: true}); else location.reload(); }"
                "</script>")

    def gate_html(self) -> str:
        return ("<h1>Opening the live chapter&hellip;</h1>"
                "<noscript><p>The live chapter needs JavaScript: its widgets run in this page.</p></noscript>"
                "<p class=\"note\">If it does not open, allow cookies for this site: the live chapter keeps "
                "its connection to the server in one.</p>" + way_back(self.base_url))

    def full_html(self, used: int, limit: int) -> str:
        return ("<h1>The live book is full, try again shortly</h1>"
                f"<p>Every live seat is taken ({used} of {limit} open chapters). A seat frees up when a reader "
                "closes a live chapter's tab; this page tries again by itself every 30 seconds. The static book "
                "works meanwhile.</p>" + way_back(self.base_url))

    def busy_html(self) -> str:
        return ("<h1>The live book is busy, try again shortly</h1>"
                "<p>The server could not start this chapter just now (it is short of memory or starting many "
                "chapters at once); this page tries again by itself every 30 seconds. The static book works "
                "meanwhile.</p>" + way_back(self.base_url))

    def too_many_html(self, open_here: int) -> str:
        return ("<h1>Too many live chapters open</h1>"
                f"<p>You have {open_here} live chapters open. Close one of their tabs, then reload this page; "
                "the static book works meanwhile.</p>" + way_back(self.base_url))


def main() -> None:
    LiveBook.launch_instance()


if __name__ == "__main__":
    main()
