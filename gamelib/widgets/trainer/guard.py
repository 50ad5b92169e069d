"""The kernel is the judge: what the trainer's widgets do with what a browser sends.

A browser (or anyone talking to the kernel's websocket) can send any widget any state: raise the
Seed box's maximum, pick an option index that does not exist, click a button the page shows as
disabled. The trainer's widgets therefore check every value in the kernel against the bounds
they show, never against the widget's own (browser-writable) ``min`` and ``max``; and what goes
wrong reaches the browser as one plain sentence, never a traceback:

* :func:`pin` puts a widget's bounds back the moment a browser changes them;
* :func:`guarded` wraps a button's or an observer's callback: a refusal
  (:class:`~gamelib.errors.GameError`) is shown in words, anything else as :data:`PLAIN`, and
  the traceback goes to the server's log (the kernel's own stderr), not to the page;
* :func:`plain_errors` does the same for an error ipywidgets meets while it applies a browser's
  message (a value its traits refuse), which it would otherwise send to the page as a traceback;
* :class:`SecretText` is a password box whose value the kernel never sends back to the page
  (ipywidgets 8 echoes every value it receives, to keep other views in step);
* :func:`no_browser_widgets` makes the kernel drop a browser's request to create a widget in it
  (a ``comm_open`` to any target but ``jupyter.widget.control``, through which the page only asks
  for the widgets the trainer made): a trainee cannot fill his kernel's memory with widgets of
  his own. The live book's kernel does the same from its launcher
  (``deploy/jupyter/kernels/handbook-live``).

>>> box = widgets.BoundedIntText(value=1, min=0, max=10)
>>> pin(box, min=0, max=10); box.max = 10**25; box.max
10
>>> shown = []; f = guarded(lambda: int("x"), shown.append); f(); shown == [PLAIN]
True
"""

from __future__ import annotations

import logging
import sys
import traceback
from collections.abc import Callable

import ipywidgets as widgets
from traitlets import Unicode

from ...errors import GameError
from ..controls import pin
from ..kernel import refuse_browser_widgets, widget_errors_to

__all__ = ["SecretText", "pin", "guarded", "plain_errors", "plain_sentence", "no_browser_widgets", "PLAIN"]

#: What the page reads when something other than a refusal went wrong.
PLAIN = "the trainer could not do that; nothing was changed (the details are in the server's log)"

_log = logging.getLogger("gamelib.trainer.kernel")
if not _log.handlers:  # the kernel's real stderr (the server's log), never the page's output
    _handler = logging.StreamHandler(sys.__stderr__)
    _handler.setFormatter(logging.Formatter("%(asctime)s %(name)s %(message)s"))
    _log.addHandler(_handler)
    _log.propagate = False


class SecretText(widgets.Password):  # type: ignore[misc]  # ipywidgets has no type hints
    """A password box whose value is never echoed back to the page."""

    value = Unicode("", help="the password typed (never sent back to the page)").tag(sync=True, echo_update=False)


def plain_sentence(err: BaseException) -> str:
    """What the page reads about ``err``: a refusal's own words (one line), else :data:`PLAIN`.

    >>> plain_sentence(GameError("the seed must be 0 to 10")), plain_sentence(KeyError("/srv/x"))[:27]
    ('the seed must be 0 to 10', 'the trainer could not do th')
    """
    if isinstance(err, GameError):
        return " ".join(str(err).split())[:500]
    return PLAIN


def _log_error(err: BaseException) -> None:
    _log.error("refused in the kernel: %s", "".join(traceback.format_exception(type(err), err, err.__traceback__)))


def guarded(callback: Callable[..., object], show: Callable[[str], None]) -> Callable[..., None]:
    """``callback`` for ``on_click`` or ``observe``: whatever it raises is shown with ``show`` as
    one sentence (:func:`plain_sentence`) and logged, never passed on; what it returns is dropped."""

    def run(*args: object) -> None:
        try:
            callback(*args)
        except Exception as err:  # the page gets a sentence, the server's log the traceback
            if not isinstance(err, GameError):
                _log_error(err)
            show(plain_sentence(err))

    return run


_SHOW: list[Callable[[str], None]] = []


def plain_errors(show: Callable[[str], None]) -> None:
    """In a kernel, turn the tracebacks ipywidgets would send the page, when a browser's message
    fails, into one sentence shown with ``show`` (the newest app's message line); tracebacks of
    anything else (a notebook's own cells) are left as they are (:func:`widget_errors_to`)."""
    from IPython import get_ipython

    ip = get_ipython()
    _SHOW[:] = [show]
    if ip is None or getattr(ip, "_gl_plain_errors", False):
        return

    def to_the_app(err: BaseException) -> None:
        _log_error(err)
        for show_it in _SHOW:
            show_it(plain_sentence(err) if isinstance(err, GameError) else
                    "the page sent a value the trainer does not accept; nothing was changed")

    widget_errors_to(ip, to_the_app)
    ip._gl_plain_errors = True


def no_browser_widgets() -> bool:
    """In a kernel, drop every ``comm_open`` from the page to a target other than
    ``jupyter.widget.control`` (:func:`gamelib.widgets.kernel.refuse_browser_widgets`, the rule
    the live book's kernel applies too); once per kernel. ``True`` when the kernel is guarded.

    >>> no_browser_widgets()  # not in a kernel: nothing to guard
    False
    """
    return refuse_browser_widgets(log=_log)
