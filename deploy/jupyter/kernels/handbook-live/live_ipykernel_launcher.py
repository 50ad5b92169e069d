"""The live book's Python kernel: ipykernel, with two limits on what a browser can make it do.

deploy/live_build.py names this kernel (``handbook-live``) in every live chapter, and
deploy/serve puts deploy/jupyter on JUPYTER_PATH, so Voilà starts every live chapter's kernel
with this file instead of ``python -m ipykernel_launcher``. Before the kernel takes its first
message:

* **a CPU-time limit per click.** Each widget message from the browser (``comm_msg``: a click,
  a box changed) may use at most ``HANDBOOK_CLICK_CPU_SECONDS`` seconds of CPU (default 10; the
  server sets it, see deploy/voila.py). Past that the work stops with :class:`TooLong`, a
  ``GameError``, so a widget that shows refusals shows it as one ("Refused: this question needs
  more than 10 s of computing ..."), and the kernel is free for the reader's next click. The
  running chapter itself (Voilà's execute requests) is not limited.
* **no widgets made by the browser.** A browser may open a comm to ``jupyter.widget.control``
  (how the page asks for the widgets the chapter made) and nothing else: a ``comm_open`` for any
  other target (``jupyter.widget``: a widget the browser would create in the kernel, of any
  size) is dropped. The server drops it too (deploy/live_server.py); this is the second lock.
  The rule is ``gamelib.widgets.kernel``'s, which the staff trainer's kernel applies too.

A widget message that fails (a value ipywidgets' traits refuse, a handler's error) is logged
for the operator instead of sending the page a traceback (:func:`quiet_widget_errors`).

A widget's label is sent as it is: "Ante ($2 to $10)" is money, and the live page typesets
nothing (deploy/voila.py gives Voilà's frontend the template's no-math.js as its MathJax).

Its threads and allocator are kept small (OPENBLAS_NUM_THREADS=1, MALLOC_ARENA_MAX=2 in
kernel.json): a kernel answers one reader's clicks one at a time.
"""

from __future__ import annotations

import inspect
import os
import signal
import sys
from collections.abc import Callable
from typing import Any

# The folder of this file is sys.path[0] (Python puts a script's folder first): nothing here
# should shadow a module a chapter imports.
if sys.path and os.path.abspath(sys.path[0]) == os.path.dirname(os.path.abspath(__file__)):
    del sys.path[0]


def click_limit() -> float:
    """Seconds of CPU one widget message may use (0: no limit)."""
    try:
        return max(0.0, float(os.environ.get("HANDBOOK_CLICK_CPU_SECONDS", "10")))
    except ValueError:
        return 10.0


def _refusal_base() -> type[Exception]:
    try:  # the widgets show a GameError as a refusal ("Refused: ...")
        from gamelib.errors import GameError
        return GameError
    except Exception:  # pragma: no cover (gamelib is always there in the live book)
        return ValueError


class TooLong(_refusal_base()):  # type: ignore[misc]
    """Raised inside a widget's work when one click has used its CPU time."""


def _too_long(signum: int, frame: Any) -> None:
    seconds = click_limit()
    raise TooLong(f"this question needs more than {seconds:g} s of computing, more than the live book gives "
                  "one click; ask a smaller one (fewer tables, fewer cards left to deal)")


def limited(handler: Callable[..., Any], seconds: float) -> Callable[..., Any]:
    """``handler`` (the kernel's comm_msg handler) with at most ``seconds`` of CPU per message."""

    def run(stream: Any, ident: Any, msg: Any) -> Any:
        signal.setitimer(signal.ITIMER_PROF, seconds)
        try:
            return handler(stream, ident, msg)
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)

    return run


def guard(kernel: Any) -> None:
    """Install the two limits on a started ipykernel kernel."""
    seconds = click_limit()
    if seconds > 0 and "comm_msg" in kernel.shell_handlers:
        signal.signal(signal.SIGPROF, _too_long)
        kernel.shell_handlers["comm_msg"] = limited(kernel.shell_handlers["comm_msg"], seconds)
    from gamelib.widgets.kernel import refuse_browser_widgets  # the rule the trainer's kernel applies too

    refuse_browser_widgets(kernel, kernel.log)


def without_debugger() -> None:
    """Keep the debugger out of the kernel: a live reader has no debugger (``kernel.json`` says
    ``"debugger": false``), yet ipykernel imports debugpy and pydevd (about 100 modules, 5 MB
    per kernel) to find out whether one could run. A ``None`` in ``sys.modules`` makes that
    import fail, and ipykernel then runs without it, as on a machine without debugpy."""
    for name in ("debugpy", "_pydevd_bundle", "_pydev_bundle", "pydevd", "_pydevd_frame_eval"):
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]


def heap_trimmer() -> Callable[[], None]:
    """A call that hands the C heap's free pages back to the system (glibc's ``malloc_trim``;
    a no-op elsewhere). Building a chapter's rank tables and answering a click leave freed
    temporaries in the heap; without a trim they stay in the kernel's RSS (3-5 MB a chapter)."""
    try:
        import ctypes

        trim = ctypes.CDLL("libc.so.6").malloc_trim
    except (OSError, AttributeError):  # pragma: no cover (not glibc)
        return lambda: None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int

    def call() -> None:
        trim(0)

    return call


def trimmed(handler: Callable[..., Any], trim: Callable[[], None]) -> Callable[..., Any]:
    """``handler`` followed by a heap trim (see :func:`heap_trimmer`)."""

    if inspect.iscoroutinefunction(handler):  # ipykernel's execute_request

        async def run_async(stream: Any, ident: Any, msg: Any) -> Any:
            try:
                return await handler(stream, ident, msg)
            finally:
                trim()

        return run_async

    def run(stream: Any, ident: Any, msg: Any) -> Any:
        try:
            return handler(stream, ident, msg)
        finally:
            trim()

    return run


def quiet_widget_errors(shell: Any, log: Any) -> None:
    """Log, never show, what goes wrong while ipywidgets applies a page's message: a value its
    traits refuse (an option index out of range, a word in a number box) or a widget's handler
    failing. IPython would send the page its traceback, server paths included; a live page shows
    no code and no traceback, so the reader's click does nothing and the operator's log has the
    detail (:func:`gamelib.widgets.kernel.widget_errors_to`)."""
    from gamelib.widgets.kernel import widget_errors_to

    def to_the_log(err: BaseException) -> None:
        log.warning("refused a widget message from the page: %s: %s", type(err).__name__, err, exc_info=err)

    widget_errors_to(shell, to_the_log)


def main() -> None:
    without_debugger()
    from ipykernel.kernelapp import IPKernelApp

    app = IPKernelApp.instance()
    app.initialize(sys.argv[1:])
    guard(app.kernel)
    trim = heap_trimmer()
    for kind in ("execute_request", "comm_msg"):  # each cell Voilà runs, each click
        if kind in app.kernel.shell_handlers:
            app.kernel.shell_handlers[kind] = trimmed(app.kernel.shell_handlers[kind], trim)
    quiet_widget_errors(app.shell, app.kernel.log)
    app.start()


if __name__ == "__main__":
    main()
