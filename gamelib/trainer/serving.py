"""Serving the trainer app to many trainees: idle kernels are culled and the kernels are capped.

Voilà 0.5 gives every page view (a browser tab, and even a plain ``GET`` that never runs a
widget) its own Python kernel of about 170 MB, and by default keeps it until the server stops.
The trainer's Voilà configuration (``trainer/voila.py``, used by the README's command) selects
the two pieces below:

* :class:`TrainerKernelManager`, Jupyter Server's kernel manager with

  - **culling on by default**: a kernel with no open tab (no websocket connection) and no
    activity for ``cull_idle_timeout`` seconds is shut down; the check runs every
    ``cull_interval`` seconds. A tab that is still open keeps its kernel (``cull_connected`` stays
    off), so a trainee who thinks for a while does not lose the score. These are Jupyter Server's
    own ``MappingKernelManager`` settings; only their defaults change here.
  - **a cap**: ``max_kernels`` kernels at most, counting those still starting. When the cap is
    reached a new page view gets HTTP 503 instead of a kernel, so a crowd cannot run the machine
    out of memory. The count and the start are one step of the event loop, so a burst of
    simultaneous requests cannot overshoot it.

* :func:`prelaunch_hook`, Voilà's ``prelaunch_hook``, run for each page view before its kernel
  starts. It does two things:

  - it answers a page view that would find the trainer full with a short page of its own ("The
    trainer is full, try again shortly", HTTP 503, ``Retry-After``, and an automatic retry)
    before Voilà renders anything. It is only the friendly face of the cap: the kernel manager
    above is what enforces it (in the rare race where two requests pass the hook together, the
    second gets Voilà's plain 503 page with the same words);
  - it sets the ``_xsrf`` cookie. When a tab is closed or reloaded, Voilà's page asks the server to
    shut its kernel down (a ``sendBeacon`` POST to ``voila/api/shutdown/KERNEL``) and sends the
    ``_xsrf`` cookie's value as the form's XSRF token; but Voilà 0.5.13 never sets that cookie, so
    the request fails with "403: '_xsrf' argument missing from POST" and the kernel lives on
    (voila-dashboards/voila#1458). With the cookie set, closing a tab frees its kernel at once;
    culling remains for what sends no beacon (plain GETs, crashed or killed browsers, lost
    networks).

* **who is asking**. Voilà hands a kernel the request's headers named in
  ``VoilaConfiguration.http_header_envs`` (``HTTP_X_REMOTE_USER``) whoever sent them. The hook
  notes where the page view came from (the connecting address; for a connection from one of
  ``trusted_proxies``, the client address the proxy names last in ``X-Forwarded-For``), and
  :meth:`TrainerKernelManager.start_kernel` builds the kernel's environment from it
  (:func:`kernel_env`): the client's address (``GAMELIB_CLIENT_ADDRESS``, the lockout's source)
  and, only for a request from a trusted proxy, the mark ``GAMELIB_VIA_PROXY=1`` and the proxy's
  headers; every ``HTTP_*`` variable of any other request is dropped, so a header a reader sends
  names nobody. With ``auth = "proxy"`` a page view that did not come through a trusted proxy
  is answered 403 before any kernel starts. ``trainer/voila.py`` reads ``auth`` and
  ``trusted_proxies`` from ``trainer.toml``.

Why these two and not another mechanism: Jupyter Server has culling but no kernel limit, and
Voilà 0.5 has neither a limit nor a way to add handlers; its documented extension points are the
kernel manager class (``VoilaConfiguration.multi_kernel_manager_class``) and the prelaunch hook.
Both are plain configuration, so the same file serves the command line and a service unit, and
nothing in Voilà is patched.

>>> km = TrainerKernelManager(max_kernels=2)
>>> km.cull_idle_timeout > 0, km.cull_connected, km.capacity()
(True, False, (0, 2))
"""

from __future__ import annotations

import contextvars
import html
import ipaddress
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from tornado.web import Finish, HTTPError
from traitlets import Integer, List, Unicode, default

if TYPE_CHECKING:  # Voilà's page handlers are Jupyter Server handlers (with .log)
    from jupyter_server.base.handlers import JupyterHandler
    from jupyter_server.utils import ApiPath

__all__ = ["TrainerKernelManager", "TrainerFull", "prelaunch_hook", "FULL_MESSAGE", "RETRY_AFTER", "kernel_env",
           "request_facts"]

#: The kernel's variables the server sets (the same names as gamelib.trainer.records.identity's).
ADDRESS_ENV, VIA_PROXY_ENV = "GAMELIB_CLIENT_ADDRESS", "GAMELIB_VIA_PROXY"
#: What the prelaunch hook learnt about the page view whose kernel is about to start (the handler's task).
_REQUEST: contextvars.ContextVar[dict[str, str] | None] = contextvars.ContextVar("gl_trainer_request", default=None)


def _trusted(address: str, proxies: list[str] | tuple[str, ...]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in ipaddress.ip_network(p, strict=False) for p in proxies)


def request_facts(remote_ip: str, forwarded_for: str, proxies: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Where a page view came from: ``address`` (the client's: the connecting address, or for a
    connection from a trusted proxy the last address of its ``X-Forwarded-For``) and ``via_proxy``
    ("1" only for a connection from a trusted proxy).

    >>> request_facts("10.0.0.2", "6.6.6.6, 192.168.4.20", ["10.0.0.2"])
    {'address': '192.168.4.20', 'via_proxy': '1'}
    >>> request_facts("192.168.4.20", "1.2.3.4", ["10.0.0.2"])
    {'address': '192.168.4.20', 'via_proxy': ''}
    """
    if _trusted(remote_ip, proxies):
        hops = [h.strip() for h in forwarded_for.split(",") if h.strip()]
        return {"address": hops[-1][:100] if hops else remote_ip, "via_proxy": "1"}
    return {"address": remote_ip[:100], "via_proxy": ""}


def kernel_env(env: Mapping[str, str], facts: dict[str, str] | None) -> dict[str, str]:
    """The environment a page view's kernel starts with: ``env`` as Voilà made it, less every
    request header (``HTTP_*``) unless the view came through a trusted proxy, and less any
    ``GAMELIB_CLIENT_ADDRESS`` or ``GAMELIB_VIA_PROXY`` it held; plus those two from ``facts``.

    >>> kernel_env({"HTTP_X_REMOTE_USER": "boss", "PATH": "/bin"}, {"address": "1.2.3.4", "via_proxy": ""})
    {'PATH': '/bin', 'GAMELIB_CLIENT_ADDRESS': '1.2.3.4'}
    """
    via_proxy = facts is not None and facts.get("via_proxy") == "1"
    out = {k: v for k, v in env.items()
           if k not in (ADDRESS_ENV, VIA_PROXY_ENV) and (via_proxy or not k.startswith("HTTP_"))}
    if facts is not None:
        out[ADDRESS_ENV] = facts["address"]
        if via_proxy:
            out[VIA_PROXY_ENV] = "1"
    return out

#: What a trainee reads when every kernel is taken.
FULL_MESSAGE = "The trainer is full, try again shortly"
#: Seconds the "full" page waits before it tries again by itself (also sent as ``Retry-After``).
RETRY_AFTER = 30


class TrainerFull(HTTPError):
    """Raised by :meth:`TrainerKernelManager.start_kernel` when ``max_kernels`` kernels run.

    Voilà turns it into its error page: ``503: The trainer is full, try again shortly``.
    """

    def __init__(self, running: int, limit: int, message: str = FULL_MESSAGE) -> None:
        super().__init__(503, "%d of %d kernels in use", running, limit, reason=message)


class TrainerKernelManager(AsyncMappingKernelManager):
    """Jupyter Server's kernel manager with idle culling on by default and a cap on kernels."""

    max_kernels = Integer(
        40, config=True,
        help="""Most kernels (trainees) at once, counting kernels still starting; 0 means no cap.
        Each kernel takes about 170 MB: keep max_kernels * 170 MB well below the free memory.""")
    full_message = Unicode(
        FULL_MESSAGE, config=True,
        help="""What a reader reads when every kernel is taken (the live book says "The live book
        is full, try again shortly").""")
    auth = Unicode(
        "accounts", config=True,
        help="""How staff sign in (trainer.toml's auth): "accounts", "hub" or "proxy". With "proxy" a
        page view that does not come from one of trusted_proxies is refused (403).""")
    trusted_proxies = List(
        Unicode(), config=True,
        help="""Addresses or networks of the reverse proxies whose headers (the user header,
        X-Forwarded-For) are believed (trainer.toml's trusted_proxies).""")
    full_detail = Unicode(
        "Every practice table is taken ({used} of {limit} in use). A table frees up when a trainee "
        "closes the trainer's tab.", config=True,
        help="""The sentence under it; {used} and {limit} are filled in.""")

    # Culling is off in Jupyter Server (timeout 0); the trainer turns it on.
    @default("cull_idle_timeout")
    def _default_cull_idle_timeout(self) -> int:
        return 600

    @default("cull_interval")
    def _default_cull_interval(self) -> int:
        return 60

    def __init__(self, **kwargs: Any) -> None:  # Any: traitlets settings, passed on to jupyter_server untyped
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # jupyter_server's __init__ has no annotations
        self._starting = 0  # kernels whose start has begun but that are not yet listed

    def capacity(self) -> tuple[int, int]:
        """(kernels running or starting, ``max_kernels``)."""
        return len(self.list_kernel_ids()) + self._starting, self.max_kernels

    def is_full(self) -> bool:
        """True when no further kernel may start."""
        used, limit = self.capacity()
        return limit > 0 and used >= limit

    # jupyter_client types start_kernel by its synchronous wrapper (-> str); the async kernel
    # manager's own start_kernel, which this overrides, is a coroutine.
    async def start_kernel(  # type: ignore[override]
            self, *, kernel_id: str | None = None, path: ApiPath | None = None,
            **kwargs: Any) -> str:  # Any: the kernel's options, passed on to jupyter_client untyped
        """Start a kernel as Jupyter Server does, or raise :class:`TrainerFull` at the cap; its
        environment is :func:`kernel_env` of what Voilà gives and what the hook learnt."""
        if kernel_id is not None and kernel_id in self:  # an existing kernel: nothing new starts
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        if "env" in kwargs:
            kwargs["env"] = kernel_env(kwargs["env"], _REQUEST.get())
        # The check and the reservation happen with no await between them.
        if self.is_full():
            used, limit = self.capacity()
            raise TrainerFull(used, limit, self.full_message)
        self._starting += 1
        try:
            return await super().start_kernel(kernel_id=kernel_id, path=path, **kwargs)
        finally:
            # on success the kernel is listed by now; on failure it never was
            self._starting -= 1


FULL_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="{retry}">
<title>{title}</title>
<style>body{{font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em;line-height:1.5}}</style>
</head><body class="gl-trainer-full">
<h1>{message}</h1>
<p>{detail}</p>
<p>This page tries again by itself every {retry} seconds, or <a href="">try again now</a>.</p>
</body></html>
"""


STAFF_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Staff only</title>
<style>body{font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em;line-height:1.5}</style>
</head><body class="gl-trainer-staff-only">
<h1>The trainer is for staff</h1>
<p>Open it through the casino's staff portal.</p>
</body></html>
"""


def prelaunch_hook(req: JupyterHandler, notebook: object = None, cwd: object = None) -> None:
    """Voilà prelaunch hook: set the ``_xsrf`` cookie, or answer with the "full" page (HTTP 503)."""
    _ = req.xsrf_token  # reading it sets the cookie that Voilà's shutdown beacon sends back
    km = req.settings.get("kernel_manager")
    if isinstance(km, TrainerKernelManager):
        facts = request_facts(req.request.remote_ip or "", req.request.headers.get("X-Forwarded-For", ""),
                              km.trusted_proxies)
        _REQUEST.set(facts)  # read by start_kernel, in this same request's task
        if km.auth == "proxy" and facts["via_proxy"] != "1":
            req.log.warning("refused, not through a trusted proxy: %s from %s", req.request.uri, req.request.remote_ip)
            req.set_status(403)
            req.set_header("Content-Type", "text/html; charset=utf-8")
            raise Finish(STAFF_PAGE)
    if isinstance(km, TrainerKernelManager) and km.is_full():
        used, limit = km.capacity()
        req.log.warning("full (%d of %d kernels): %s", used, limit, req.request.uri)
        req.set_status(503, reason=km.full_message)
        req.set_header("Retry-After", str(RETRY_AFTER))
        req.set_header("Content-Type", "text/html; charset=utf-8")
        detail = html.escape(km.full_detail.format(used=used, limit=limit))
        raise Finish(FULL_PAGE.format(message=html.escape(km.full_message) + ".", detail=detail, retry=RETRY_AFTER,
                                      title=html.escape(km.full_message.split(",")[0])))
    return None
