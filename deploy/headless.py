"""Debian's Chromium as the handbook starts it headless, written once: its path and its flags.

``deploy/printing.py`` prints the book with it (offline: :data:`OFFLINE_ARGS`); the tests that
drive a browser start it the same way (``tests/servers.py``, ``tests/book/test_browser.py``).
They add this folder (deploy/) to ``sys.path`` and ``import headless``: shipped code never
imports from ``tests/``.
"""

from __future__ import annotations

from pathlib import Path

#: Debian's Chromium (.ci/setup installs it): never a browser downloaded by Playwright.
CHROMIUM = Path("/usr/bin/chromium")
#: Headless, with nothing of its own reaching out (no updates, sync or background requests).
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
#: The same, and every host but this machine unreachable: a page that needs the network fails.
OFFLINE_ARGS = CHROMIUM_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"]
