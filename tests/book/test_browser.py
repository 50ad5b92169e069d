"""The built book in a real browser, with no network.

Serves ``_build/html`` on a localhost port and opens every page listed in ``_toc.yml`` in
Debian's headless Chromium (driven by Playwright; the browser is never downloaded). Every
host but 127.0.0.1 resolves to nothing, so a page that needs a CDN fails here. Each page must
load with no console error, no failed request, no request off this machine, and every widget
view saved in it must render exactly once (the vendored ``embed-amd.js`` draws it); math, if
any, must be typeset by the vendored MathJax.

Skipped only when the book has not been built (``bash .ci/book`` builds it; ``.ci/test``
always builds it first).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
BUILD = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT / "deploy"))
import exhibits  # noqa: E402  (deploy/exhibits.py)
from headless import CHROMIUM  # noqa: E402  (deploy/headless.py)
from headless import OFFLINE_ARGS as CHROMIUM_ARGS  # noqa: E402  (deploy/headless.py, after the path change)

VIEW_SELECTOR = 'script[type="application/vnd.jupyter.widget-view+json"]'
TIMEOUT_MS = 20_000
#: The tables of the page's article wider than the article's text column: [width, column, section, text].
WIDE_TABLES_JS = """() => {
  const article = document.querySelector('article');
  if (!article) return [];
  const column = article.clientWidth;
  return [...article.querySelectorAll('table')]
    .filter(t => t.getBoundingClientRect().width > column + 2)
    .map(t => [Math.round(t.getBoundingClientRect().width), column, (t.closest('section') || {}).id || '',
               (t.innerText || '').replace(/\\s+/g, ' ').slice(0, 60)]);
}"""

if not BUILD.is_dir():
    pytest.skip(
        f"{BUILD.relative_to(ROOT)} does not exist: build the book first (bash .ci/book)",
        allow_module_level=True,
    )


def toc_pages(toc_file: Path = ROOT / "_toc.yml") -> list[str]:
    """Every page of the table of contents, as a path of the built HTML (root first)."""
    return [f"{name}.html" for _, name in exhibits.toc_entries(toc_file)]


PAGES = toc_pages()


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    """The built book served on 127.0.0.1 at a free port (as deploy/exhibits.py serves it to print)."""
    with exhibits.serving(BUILD) as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's headless Chromium, launched by Playwright (never `playwright install`)."""
    assert Path(CHROMIUM).exists(), f"{CHROMIUM} is missing: run bash .ci/setup (apt-get install chromium)"
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True)
        try:
            yield b
        finally:
            b.close()


def test_toc_pages_were_built() -> None:
    missing = [p for p in PAGES if not (BUILD / p).is_file()]
    assert not missing, f"pages listed in _toc.yml but not built: {missing}"


@pytest.mark.parametrize("page_path", ["index.html", *PAGES])
def test_page_works_offline(server: str, browser: Any, page_path: str) -> None:
    if not (BUILD / page_path).is_file():
        pytest.fail(f"{page_path} was not built")
    origin = urlsplit(server)
    errors: list[str] = []
    failed: list[str] = []
    offsite: list[str] = []

    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    page.on("console", lambda m: errors.append(f"console.{m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(f"uncaught: {e}"))

    def on_request(request: Any) -> None:
        url = urlsplit(request.url)
        if url.scheme in ("data", "blob", "about"):
            return
        if (url.hostname, url.port) != (origin.hostname, origin.port):
            offsite.append(request.url)

    page.on("request", on_request)
    page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})"))
    page.on("response", lambda r: failed.append(f"{r.url} (HTTP {r.status})") if r.status >= 400 else None)
    try:
        page.goto(f"{server}/{page_path}", wait_until="load")
        page.wait_for_load_state("networkidle")

        problems: list[str] = []
        views = page.locator(VIEW_SELECTOR).count()
        if views:
            # embed-amd.js puts a div.widget-subarea holding the widget just before each view tag.
            try:
                page.wait_for_function(
                    """sel => Array.from(document.querySelectorAll(sel)).every(tag => {
                           const prev = tag.previousElementSibling;
                           return prev && prev.classList.contains('widget-subarea')
                               && prev.querySelector('.jupyter-widgets') !== null;
                       })""",
                    arg=VIEW_SELECTOR,
                )
            except PlaywrightTimeoutError:
                problems.append(f"{views} widget view(s) saved in the page did not render")
            page.wait_for_load_state("networkidle")
            rendered = page.locator(".widget-subarea").count()
            if rendered > views:
                problems.append(f"{views} widget views saved but {rendered} rendered (scripts loaded twice?)")

        if page.locator("div.math, span.math").count():
            try:
                page.wait_for_selector("mjx-container", state="attached")
            except PlaywrightTimeoutError:
                problems.append("the page has math but MathJax typeset none of it")
            page.wait_for_load_state("networkidle")
        # Every table, the widgets' saved ones too, fits the text column: a wider one hides its
        # right-hand columns behind a scroll bar a reader may never see.
        for width, column, section, text in page.evaluate(WIDE_TABLES_JS):
            problems.append(f"a table {width} px wide in a {column} px column (section '{section}'): {text}")
    finally:
        context.close()

    report = "\n".join(
        [f"{page_path}:"]
        + [f"  {p}" for p in problems]
        + [f"  request off this machine: {u}" for u in offsite]
        + [f"  failed request: {u}" for u in failed]
        + [f"  {e}" for e in errors]
    )
    assert not (problems or offsite or failed or errors), report
