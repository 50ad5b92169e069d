"""What a page may make a widget's kernel do: the one copy of the rules that the live book's
kernel (``deploy/jupyter/kernels/handbook-live``), its server (``deploy/live_server.py``) and the
staff trainer's kernel (``widgets/trainer``) apply.

* :data:`BROWSER_COMM_TARGETS`: the only comm a page may open, ``jupyter.widget.control``
  (through which it asks for the widgets the chapter made); a ``comm_open`` to anything else
  (``jupyter.widget``: a widget the page would make in the kernel, of any size) is dropped.
  :func:`only_known_comms` wraps a kernel's ``comm_open`` handler with that rule, and
  :func:`refuse_browser_widgets` installs it on the running kernel, once.
* :func:`widget_errors_to`: what goes wrong while ipywidgets applies a page's message (a value
  its traits refuse, a widget's handler failing) goes to a function of the caller's (a log, a
  sentence in the app), never to the page as a traceback with server paths; tracebacks of
  anything else (a notebook's own cells) are shown as usual.

>>> seen = []
>>> comm_open = only_known_comms(lambda stream, ident, msg: seen.append(msg["content"]["target_name"]))
>>> for target in ("jupyter.widget", "jupyter.widget.control"):
...     comm_open(None, [], {"content": {"target_name": target}})
>>> seen
['jupyter.widget.control']
"""

from __future__ import annotations

import logging
import sys
from collections.abc import Callable, Mapping

__all__ = ["BROWSER_COMM_TARGETS", "only_known_comms", "refuse_browser_widgets", "widget_errors_to"]

#: What a page may open a comm to: the page asking for the widgets the chapter made.
BROWSER_COMM_TARGETS = frozenset({"jupyter.widget.control"})

#: A kernel's shell handler: (stream, identities, message) -> anything.
Handler = Callable[[object, object, Mapping[str, object]], object]

_log = logging.getLogger("gamelib.widgets.kernel")


def only_known_comms(handler: Handler, log: logging.Logger | None = None) -> Handler:
    """``handler`` (a kernel's ``comm_open`` handler) that drops, with a warning in ``log``, a
    page's comm to any target but :data:`BROWSER_COMM_TARGETS`."""
    warn = log or _log

    def comm_open(stream: object, ident: object, msg: Mapping[str, object]) -> object:
        content = msg.get("content")
        target = content.get("target_name") if isinstance(content, Mapping) else None
        if target not in BROWSER_COMM_TARGETS:
            warn.warning("dropped a comm_open from the page for target %r", target)
            return None
        return handler(stream, ident, msg)

    return comm_open


def refuse_browser_widgets(kernel: object = None, log: logging.Logger | None = None) -> bool:
    """Install :func:`only_known_comms` on ``kernel`` (default: the running IPython kernel),
    once. ``True`` when the kernel is guarded, ``False`` when there is no kernel.

    >>> refuse_browser_widgets()  # not in a kernel: nothing to guard
    False
    """
    if kernel is None:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
    handlers = getattr(kernel, "shell_handlers", None)
    if not isinstance(handlers, dict) or "comm_open" not in handlers:
        return False
    if not getattr(kernel, "_gl_only_known_comms", False):
        handlers["comm_open"] = only_known_comms(handlers["comm_open"], log)
        setattr(kernel, "_gl_only_known_comms", True)  # noqa: B010 (kernel is an untyped object to mypy)
    return True


def widget_errors_to(shell: object, on_error: Callable[[BaseException], None]) -> None:
    """Make ``shell`` (an IPython shell) hand ``on_error`` every exception raised while ipywidgets
    applies a page's message or runs a widget's handler, instead of sending the page its
    traceback. Each call adds its own hook in front of those before it."""
    original = getattr(shell, "showtraceback")  # noqa: B009 (shell is an untyped object to mypy)

    def showtraceback(exc_tuple: tuple[type[BaseException], BaseException, object] | None = None,
                      *args: object, **kwargs: object) -> None:
        _, err, tb = exc_tuple if exc_tuple is not None else sys.exc_info()
        frame = getattr(tb, "tb_frame", None)
        if err is not None and frame is not None and "ipywidgets" in frame.f_code.co_filename:
            on_error(err)
            return
        original(exc_tuple, *args, **kwargs)

    setattr(shell, "showtraceback", showtraceback)  # noqa: B010 (as above)
