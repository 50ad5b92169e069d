"""Every built page for every reader: WCAG 2.1 AA as axe-core checks it, and no button cut off.

Serves ``_build/html`` on 127.0.0.1 and opens every page of ``_toc.yml`` (and the site's index)
in one headless Chromium (Debian's, driven by Playwright), one page after another, offline. On
each page, once its saved widgets are drawn and its math typeset, the vendored axe-core
(``tests/accessibility.py``) runs the WCAG 2.0/2.1 A and AA rules: no serious or critical
violation is allowed (the minor and moderate ones are printed); and at this desktop width no
button or widget label may be cut off ("Recompute house …", "Flop bet (1x or 2x or 3x t…"). The
counts found are printed at the end (pytest -s).

Skipped only when the book has not been built (``bash .ci/book``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "deploy"))
sys.path.insert(0, str(ROOT / "tests"))
import accessibility  # noqa: E402  (tests/accessibility.py)
import exhibits  # noqa: E402  (deploy/exhibits.py)
from headless import CHROMIUM, OFFLINE_ARGS  # noqa: E402  (deploy/headless.py)

VIEW_SELECTOR = 'script[type="application/vnd.jupyter.widget-view+json"]'
TIMEOUT_MS = 30_000
DESKTOP = {"width": 1280, "height": 900}

if not BUILD.is_dir():
    pytest.skip(f"{BUILD.relative_to(ROOT)} does not exist: build the book first (bash .ci/book)",
                allow_module_level=True)

PAGES = ["index.html", *(f"{name}.html" for _, name in exhibits.toc_entries(ROOT / "_toc.yml"))]
BANKED = [p for p in PAGES if p.startswith("book/banked/")]
#: What axe found, page by page: printed at the end (elements found per impact, over all pages).
FOUND: dict[str, list[dict[str, Any]]] = {}


@pytest.fixture(scope="module")
def context() -> Iterator[Any]:
    """One browser context of Debian's headless Chromium, offline, on the built book."""
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: run bash .ci/setup (apt-get install chromium)"
    with exhibits.serving(BUILD) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=OFFLINE_ARGS, headless=True)
        ctx = browser.new_context(viewport=DESKTOP, base_url=url)
        ctx.set_default_timeout(TIMEOUT_MS)
        try:
            yield ctx
        finally:
            browser.close()
    counts = {impact: sum(len(v["nodes"]) for vs in FOUND.values() for v in vs if v["impact"] == impact)
              for impact in ("critical", "serious", "moderate", "minor")}
    print(f"\naxe-core {accessibility.AXE_VERSION}, WCAG 2.1 A/AA, {len(FOUND)} pages: "
          + ", ".join(f"{n} {impact}" for impact, n in counts.items()) + " (elements)")


def _open(ctx: Any, page_path: str) -> Any:
    """``page_path`` of the built book, its saved widgets drawn and its math typeset."""
    if not (BUILD / page_path).is_file():
        pytest.fail(f"{page_path} was not built")
    page = ctx.new_page()
    page.goto(page_path, wait_until="load")
    page.wait_for_load_state("networkidle")
    if page.locator(VIEW_SELECTOR).count():
        page.wait_for_function(
            """sel => Array.from(document.querySelectorAll(sel)).every(tag => {
                   const prev = tag.previousElementSibling;
                   return prev && prev.classList.contains('widget-subarea')
                       && prev.querySelector('.jupyter-widgets') !== null;
               })""", arg=VIEW_SELECTOR)
    if page.locator("div.math, span.math").count():
        try:
            page.wait_for_selector("mjx-container", state="attached")
        except PlaywrightTimeoutError:
            pass  # test_browser.py reports math left untypeset
    page.wait_for_load_state("networkidle")
    return page


@pytest.mark.parametrize("page_path", PAGES)
def test_page_meets_wcag_21_aa_and_cuts_off_no_button(context: Any, page_path: str) -> None:
    page = _open(context, page_path)
    try:
        found = accessibility.axe_violations(page)
        clipped = page.evaluate(accessibility.CLIPPED_BUTTONS_JS)
        buttons = page.locator(".widget-button").count()
    finally:
        page.close()
    FOUND[page_path] = found
    if found:
        print(accessibility.describe(page_path, found))
    bad = accessibility.blocking(found)
    assert not bad, accessibility.describe(page_path, bad)
    assert not clipped, f"{page_path}: buttons or labels cut off [text, width, needed]: {clipped}"
    if page_path in BANKED:  # the chapters with the most controls: their buttons were drawn and checked
        assert buttons >= 5, f"{page_path}: only {buttons} widget buttons drawn"
